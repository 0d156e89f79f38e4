"""The hook interpreter: the runtime requirements, probing an interpreter
for them, and creating a virtualenv that has them.

Standard library only. The requirement ranges are pinned in pyproject.toml
(``[project] dependencies``) and mirrored by :data:`playgate.REQUIREMENTS`,
which the installer uses (a wheel has no pyproject.toml; a test keeps the two
equal).
"""

from __future__ import annotations

import json
import os
import re
import shlex
import sys
import tempfile

import playgate
from playgate import suite, versions
from playgate.installer.common import (
    MIN_PYTHON,
    PIP_TIMEOUT,
    PROBE_TIMEOUT,
    VENV_TIMEOUT,
    InstallError,
    Refusal,
    output_tail,
    run_bounded,
    tail,
)


def requirements() -> list:
    """The runtime requirements (``["pydantic>=2.7,<3", ...]``) the hooks need."""
    return list(playgate.REQUIREMENTS)


def read_requirements(pyproject: str | None = None) -> list:
    """The runtime requirements from the ``[project] dependencies`` array of
    the pyproject.toml at ``pyproject`` (default: the checkout's), where their
    ranges are pinned.

    Python 3.10 has no ``tomllib`` and the installer must run without
    third-party packages, so this reads that one array with a minimal scanner
    (double- or single-quoted strings, comments, several lines); the tests
    check it against ``tomllib``.

    Raises:
        Refusal: when the file cannot be read or the array is missing or empty.
    """
    pyproject = pyproject or os.path.join(suite.root(), "pyproject.toml")
    try:
        with open(pyproject, encoding="utf-8") as fh:
            text = fh.read()
    except OSError as exc:
        raise Refusal(f"cannot read {pyproject}: {exc.strerror}; run install.py from a complete "
                      "playgate checkout") from None
    table = None
    collecting = False
    chunks = []
    for raw in text.splitlines():
        line = _strip_toml_comment(raw).strip()
        if not collecting:
            if line.startswith("[") and not line.startswith("[["):
                table = line.strip("[]").strip()
                continue
            if table == "project" and re.match(r"dependencies\s*=", line):
                collecting = True
                line = line.split("=", 1)[1].strip()
            else:
                continue
        chunks.append(line)
        if "]" in line:
            break
    items = [a or b for a, b in re.findall(r'"([^"]*)"|\'([^\']*)\'', " ".join(chunks))]
    items = [i.strip() for i in items if i.strip()]
    if not items:
        raise Refusal(f"no [project] dependencies found in {pyproject}")
    return items


def _strip_toml_comment(line: str) -> str:
    quote = None
    for i, ch in enumerate(line):
        if quote:
            if ch == quote:
                quote = None
        elif ch in "\"'":
            quote = ch
        elif ch == "#":
            return line[:i]
    return line


def probe_python(python: str, requirements: list) -> dict:
    """Ask ``python`` for its version, bytecode tag and the versions of the
    runtime dependencies. Returns the probe's JSON as a dict.

    Raises:
        Refusal: the interpreter cannot be run or does not answer.
    """
    try:
        proc = run_bounded([python, "-c", versions.probe_code(requirements)], PROBE_TIMEOUT,
                           cwd=tempfile.gettempdir())
    except InstallError as exc:
        raise Refusal(f"--python {python}: {exc}") from None
    try:
        info = json.loads(proc.stdout.decode("utf-8", "replace").strip() or "null")
    except ValueError:
        info = None
    if not isinstance(info, dict):
        raise Refusal(f"--python {python} is not a working Python interpreter (exit "
                      f"{proc.returncode}: {tail(proc.stderr.decode('utf-8', 'replace'), 2)})")
    return info


def check_interpreter(python: str, requirements: list, what: str = "--python") -> dict:
    """Refuse unless ``python`` is Python >= 3.10 and imports every runtime
    dependency in the pinned range. Returns the probe info.

    Raises:
        Refusal: with the fix (install the dependencies, or drop ``--python``).
    """
    info = probe_python(python, requirements)
    version = tuple(info.get("version") or ())
    if version < MIN_PYTHON:
        raise Refusal(f"{what} {python} is Python {'.'.join(map(str, version)) or '?'}; the "
                      f"hooks need Python {MIN_PYTHON[0]}.{MIN_PYTHON[1]} or newer")
    problems = versions.problems(info, requirements)
    if problems:
        quoted = " ".join(shlex.quote(r) for r in requirements)
        raise Refusal(f"{what} {python}: {', '.join(problems)}. Fix: {shlex.quote(python)} -m "
                      f"pip install {quoted} (or leave out --python to get a .claude/.venv)")
    return info


def _site_packages(python: str) -> list:
    """``python``'s purelib and platlib directories."""
    proc = run_bounded([python, "-c", "import sysconfig, json; print(json.dumps("
                        "[sysconfig.get_path('purelib'), sysconfig.get_path('platlib')]))"],
                       PROBE_TIMEOUT)
    if proc.returncode != 0:
        raise InstallError(f"{python} cannot say where its packages are: {output_tail(proc)}")
    return [p for p in dict.fromkeys(json.loads(proc.stdout.decode("utf-8"))) if p]


def create_venv_from(path: str, base: str, requirements: list, out=print) -> str:
    """Create a virtualenv at ``path`` on top of the interpreter ``base``,
    which already has the runtime dependencies (``PLAYGATE_PYTHON``, as for
    the plugin): a ``.pth`` file makes ``base``'s packages visible, nothing
    is downloaded. The hook commands still name ``.claude/.venv``, so a
    clone's committed settings do not change. Returns its interpreter.

    Raises:
        Refusal: ``base`` is not Python >= 3.10 with the dependencies.
        InstallError: venv failed.
    """
    check_interpreter(base, requirements, what="PLAYGATE_PYTHON")
    out(f"  creating {path} on {base} (PLAYGATE_PYTHON: its packages, nothing downloaded) ...")
    proc = run_bounded([base, "-m", "venv", "--without-pip", path], VENV_TIMEOUT)
    if proc.returncode != 0:
        raise InstallError("python -m venv failed: " + output_tail(proc))
    python = os.path.join(path, "bin", "python")
    own = _site_packages(python)[0]
    with open(os.path.join(own, "playgate-base.pth"), "w", encoding="utf-8") as fh:
        fh.write("".join(p + "\n" for p in _site_packages(base)))
    return python


def create_venv(path: str, requirements: list, out=print, env=None) -> str:
    """Create a virtualenv at ``path`` with ``requirements`` from PyPI (or on
    the interpreter ``$PLAYGATE_PYTHON`` names: :func:`create_venv_from`);
    returns its interpreter.

    Raises:
        InstallError: venv or pip failed (with the last lines of their output
            and what to do).
    """
    env = os.environ if env is None else env
    if env.get("PLAYGATE_PYTHON"):
        return create_venv_from(path, env["PLAYGATE_PYTHON"], requirements, out)
    out(f"  creating {path} and installing {', '.join(requirements)} (pip, from PyPI) ...")
    proc = run_bounded([sys.executable, "-m", "venv", path], VENV_TIMEOUT)
    if proc.returncode != 0:
        raise InstallError(
            "python -m venv failed: " + tail(proc.stderr.decode("utf-8", "replace"))
            + ". On Debian/Ubuntu install python3-venv, or pass --python PATH with an "
            "interpreter that has the dependencies")
    python = os.path.join(path, "bin", "python")
    proc = run_bounded([python, "-m", "pip", "install", "--disable-pip-version-check",
                        "--no-input", "-q", *requirements], PIP_TIMEOUT)
    if proc.returncode != 0:
        raise InstallError(
            "pip could not install the runtime dependencies: " + output_tail(proc)
            + ". Check the network/PyPI access, or set PLAYGATE_PYTHON to an interpreter that "
            "has them (or pass --python PATH)")
    return python
