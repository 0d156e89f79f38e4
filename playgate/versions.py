"""Requirement ranges (``pydantic>=2.7,<3``) and what an interpreter has.

The one implementation: install.py imports it from the checkout it runs
from, and ``doctor`` uses it in repositories where install.py is not present.
Standard library only (install.py runs before any dependency exists).
"""

from __future__ import annotations

import json
import re
import subprocess
import tempfile

#: Import names of the runtime dependencies whose distribution name differs.
IMPORT_NAMES = {"pyyaml": "yaml"}

#: Runtime dependencies the probe finds without importing them. Importing
#: bashlex builds its parser's tables (about 0.15 s of the probe's 0.35 s);
#: it is pure Python with no dependencies of its own, and the hooks run it
#: from their module bundle, compiled from its source at install time
#: (``hooks/_bootstrap.BUNDLE_EXTERNAL``). Its module being found, with its
#: distribution's version in range, is what an import would tell. The others
#: are imported: their compiled parts (pydantic-core, rpds-py) and their own
#: dependencies must load in this interpreter.
FOUND_NOT_IMPORTED = frozenset({"bashlex"})

#: Run by the interpreter being checked (install.py's ``--python`` and
#: ``doctor``): any Python, even 2.7, must be able to run it and answer with
#: one JSON object.
PROBE = r"""
import json, sys
out = {"version": list(sys.version_info[:3]), "executable": sys.executable,
       "cache_tag": getattr(getattr(sys, "implementation", None), "cache_tag", None),
       "modules": {}}
try:
    from importlib.util import find_spec
except ImportError:  # Python 2: no find_spec, every dependency is imported
    find_spec = None
for dist, mod, find_only in %r:
    try:
        if find_only and find_spec is not None:
            if find_spec(mod) is None:
                raise ImportError("No module named %%r" %% mod)
        else:
            __import__(mod)
    except Exception as exc:
        out["modules"][dist] = {"error": "%%s: %%s" %% (type(exc).__name__, exc)}
        continue
    ver = None
    try:
        from importlib.metadata import version
        ver = version(dist)
    except Exception:
        ver = getattr(sys.modules.get(mod), "__version__", None)
    out["modules"][dist] = {"version": ver}
sys.stdout.write(json.dumps(out))
"""


def probe_code(requirements) -> str:
    """The :data:`PROBE` program for ``requirements`` (``["pydantic>=2.7,<3", ...]``),
    to run as ``python -c``: each dependency imported, or only found
    (:data:`FOUND_NOT_IMPORTED`)."""
    triples = [(name, IMPORT_NAMES.get(name, name.replace("-", "_")), name in FOUND_NOT_IMPORTED)
               for name, _ in map(parse_requirement, requirements)]
    return PROBE % (triples,)


def parse_requirement(req: str) -> tuple:
    """``"pydantic>=2.7,<3"`` → ``("pydantic", ">=2.7,<3")`` (name lower-cased;
    extras and environment markers dropped)."""
    req = req.split(";", 1)[0].strip()
    m = re.match(r"([A-Za-z0-9][A-Za-z0-9._-]*)\s*(\[[^\]]*\])?\s*(.*)$", req)
    if not m:
        return req.lower(), ""
    return m.group(1).lower(), m.group(3).strip()


def release(version: str) -> tuple:
    """The numeric release of ``version`` (``"2.11.7"`` → ``(2, 11, 7)``;
    ``2.0.0rc1`` reads as ``(2, 0, 0)``)."""
    parts = []
    for piece in version.strip().lstrip("vV").split("."):
        digits = re.match(r"\d+", piece)
        if not digits:
            break
        parts.append(int(digits.group()))
        if digits.group() != piece:
            break
    return tuple(parts)


def satisfies(version: str, spec: str) -> bool:
    """Whether ``version`` (``"2.11.7"``) meets ``spec`` (``">=2.7,<3"``):
    release numbers only, ``>= > <= < == != ~=`` and ``==2.*``; a clause it
    cannot read is ignored (the check is there to catch a wrong major
    version, not to re-implement ``packaging``, which install.py cannot import)."""
    have = release(version)
    if not have:
        return True
    for clause in spec.split(","):
        m = re.match(r"\s*(~=|>=|<=|==|!=|<|>)\s*([0-9][0-9A-Za-z.*+-]*)\s*$", clause)
        if not m:
            continue
        op, want_text = m.groups()
        if "*" in want_text:
            prefix = release(want_text.split("*")[0].rstrip("."))
            match = have[: len(prefix)] == prefix
            if (op == "==" and not match) or (op == "!=" and match):
                return False
            continue
        want = release(want_text)
        width = max(len(have), len(want))
        a = have + (0,) * (width - len(have))
        b = want + (0,) * (width - len(want))
        ok = {
            ">=": a >= b, ">": a > b, "<=": a <= b, "<": a < b, "==": a == b, "!=": a != b,
            "~=": a >= b and have[: max(len(want) - 1, 1)] == want[: max(len(want) - 1, 1)],
        }[op]
        if not ok:
            return False
    return True


def probe(python: str, requirements, timeout: float = 60) -> dict:
    """Ask ``python`` for its version and the versions of ``requirements``.

    Returns the probe's dict, or ``{"error": "..."}`` when the interpreter
    cannot be run or does not answer.
    """
    try:
        proc = subprocess.run([python, "-c", probe_code(requirements)], capture_output=True,
                              timeout=timeout, cwd=tempfile.gettempdir(),
                              start_new_session=True)
    except FileNotFoundError:
        return {"error": f"{python} does not exist"}
    except PermissionError:
        return {"error": f"{python} is not executable"}
    except subprocess.TimeoutExpired:
        return {"error": f"{python} did not answer within {timeout:g} s"}
    except OSError as exc:
        return {"error": f"{python} cannot run ({exc.strerror or exc})"}
    try:
        info = json.loads(proc.stdout.decode("utf-8", "replace") or "null")
    except ValueError:
        info = None
    if not isinstance(info, dict):
        tail = proc.stderr.decode("utf-8", "replace").strip().splitlines()[-1:] or [""]
        return {"error": f"{python} is not a working Python interpreter (exit "
                         f"{proc.returncode}: {tail[0][:200]})"}
    return info


def problems(info: dict, requirements) -> list:
    """``["pydantic is missing", "bashlex 0.17 is outside >=0.18,<0.19"]`` for
    a :func:`probe` result (Python older than 3.10 included)."""
    if "error" in info:
        return [info["error"]]
    found = []
    version = tuple(info.get("version") or ())
    if version < (3, 10):
        found.append(f"Python {'.'.join(map(str, version))} is older than 3.10")
    for req in requirements:
        name, spec = parse_requirement(req)
        entry = (info.get("modules") or {}).get(name) or {}
        if not entry or "error" in entry:
            found.append(f"{name} is missing")
        elif entry.get("version") and spec and not satisfies(entry["version"], spec):
            found.append(f"{name} {entry['version']} is outside {spec}")
    return found
