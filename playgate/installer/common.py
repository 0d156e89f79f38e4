"""What every part of the installer shares: its two errors, where an install
puts things in a repository, file helpers and bounded subprocesses.

Standard library only (the installer runs before any dependency exists) plus
the suite's own atomic write (:func:`statefiles.atomic.write_atomic`, ``os``
only), imported from the suite root this package belongs to.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import signal
import subprocess

from playgate import suite

suite.put_on_path()
from statefiles import layout  # noqa: E402 - from the suite root put on sys.path
from statefiles.atomic import write_atomic  # noqa: E402 - from the suite root put on sys.path
from statefiles.layout import join  # noqa: E402,F401 - the installer's name for it

MIN_PYTHON = (3, 10)

CLAUDE = layout.CLAUDE_DIR
SETTINGS = ".claude/settings.json"
MANIFEST = layout.MANIFEST
BACKUP_DIR = ".claude/.playgate-backup"
VENV = ".claude/.venv"
#: Written into ``.claude/.venv`` by a clone's setup (:mod:`playgate.repair`)
#: when it made the virtualenv, so that the install it runs records it as
#: made by playgate (and --uninstall removes it).
VENV_MARKER = ".claude/.venv/.made-by-playgate"
#: How a ``--repair`` refusal for another suite starts (:mod:`playgate.repair`
#: then tries the next source).
PIN_MISMATCH = "not the pinned suite"
PROTECTED = layout.PROTECTED_FILES
STATE_MD = layout.STATE_MD
PLAY_TEMPLATE = "play/template"

#: How hook commands name the interpreter and the suite in an install (the
#: Claude Code plugin fills the same placeholders with ``${CLAUDE_PLUGIN_ROOT}``).
VENV_PYTHON = '"$CLAUDE_PROJECT_DIR"/.claude/.venv/bin/python'
SUITE_DIR = '"$CLAUDE_PROJECT_DIR"/.claude'

#: Written by the hooks at run time; ignored by git and removed by --uninstall
#: (unless they existed before the install).
RUNTIME_DIRS = (".claude/.session-init", ".claude/session-state", ".claude/.cache",
                ".claude/.locks")
#: Hook-written records: kept by --uninstall when not empty (they are the
#: user's audit trail), with a note.
LOG_DIR = ".claude/logs"

#: The bashlex parser tables the install builds (``python -m shell.bashparse``
#: in ``.claude/``; see shell/bashparse.py), recorded as derived.
BASHLEX_TABLES = ".claude/shell/bashlex_tables.marshal"
#: The compiled suite in one file (``python -m playgate.bundle`` in
#: ``.claude/``; see hooks/_bootstrap.py), recorded as derived.
SUITE_BUNDLE = ".claude/hooks/suite.bundle"

#: Bounds on the subprocesses the installer starts, in seconds.
PROBE_TIMEOUT = 120
VENV_TIMEOUT = 300
PIP_TIMEOUT = 900
COMPILE_TIMEOUT = 300
GIT_TIMEOUT = 60
#: Bound on building the parser tables or the bundle (about 0.3 s each; a
#: loaded machine is slower).
TABLES_TIMEOUT = 300


class Refusal(Exception):
    """A precondition failed; nothing was written. One line: what and how to fix."""


class InstallError(Exception):
    """A step failed after the install started; the manifest records what was done."""


class NotStarted(InstallError):
    """``program`` could not be started at all (not found, not executable):
    callers decide by the program, never by the sentence."""

    def __init__(self, program: str, reason: str) -> None:
        super().__init__(f"cannot run {program}: {reason}")
        self.program = program


# ----------------------------------------------------------------- files


def sha256(data: bytes) -> str:
    """The hex SHA-256 of ``data`` (the manifest's file fingerprint)."""
    return hashlib.sha256(data).hexdigest()


def read(path: str) -> bytes | None:
    """The bytes of ``path``, or ``None`` when it does not exist.

    Raises:
        Refusal: ``path`` is a directory where a file belongs.
    """
    try:
        with open(path, "rb") as fh:
            return fh.read()
    except FileNotFoundError:
        return None
    except IsADirectoryError:
        raise Refusal(f"{path} is a directory where playgate installs a file; move it away "
                      "and run again") from None


def write(path: str, data: bytes, mode: int | None = None, durable: bool = False) -> None:
    """Write ``data`` to ``path`` atomically (the suite's own
    :func:`statefiles.atomic.write_atomic`), creating parents, with exactly
    ``mode`` (default 0o644; set after the write so the umask cannot change
    it — --uninstall restores modes too). ``durable``: fsync first (files
    the user owns and the manifest)."""
    mode = 0o644 if mode is None else mode
    write_atomic(path, data, durable=durable, mode=mode)
    os.chmod(path, mode)


def rel_parents(rel: str) -> list:
    """``a/b/c.txt`` → ``["a", "a/b"]``."""
    parts = rel.split("/")[:-1]
    return ["/".join(parts[: i + 1]) for i in range(len(parts))]


def mode_of(path: str) -> int:
    """The permission bits of ``path``."""
    return os.stat(path).st_mode & 0o777


def unlink(path: str) -> None:
    """Remove a file; one that is already gone is fine (any other OSError,
    e.g. permission denied, is raised)."""
    with contextlib.suppress(FileNotFoundError):
        os.unlink(path)


def rmdir_if_empty(path: str) -> None:
    """Remove a directory only when it is empty (or already gone)."""
    with contextlib.suppress(OSError):
        os.rmdir(path)


# ----------------------------------------------------------------- bytecode


def pyc_of(root: str, rel: str) -> list:
    """The compiled bytecode of the module ``rel`` under ``root``, for any
    interpreter (``pkg/__pycache__/mod.*.pyc``), as repo-relative paths."""
    if not rel.endswith(".py"):
        return []
    folder, name = rel.rsplit("/", 1) if "/" in rel else ("", rel)
    cache = f"{folder}/__pycache__" if folder else "__pycache__"
    try:
        names = os.listdir(join(root, cache))
    except OSError:
        return []
    stem = name[:-3] + "."
    return sorted(f"{cache}/{n}" for n in names
                  if n.startswith(stem) and n.endswith(".pyc"))


def pyc_rel(rel: str, tag: str) -> str:
    """Where the interpreter with cache tag ``tag`` keeps ``rel``'s bytecode."""
    folder, name = rel.rsplit("/", 1)
    return f"{folder}/__pycache__/{name[:-3]}.{tag}.pyc"


def pyc_fresh(src: str, pyc: str) -> bool:
    """A timestamp-based .pyc whose header matches the source's mtime and size."""
    try:
        with open(pyc, "rb") as fh:
            header = fh.read(16)
        st = os.stat(src)
    except OSError:
        return False
    if len(header) < 16 or int.from_bytes(header[4:8], "little") != 0:
        return len(header) == 16  # hash-based pycs are checked by the interpreter itself
    mtime = int.from_bytes(header[8:12], "little")
    size = int.from_bytes(header[12:16], "little")
    return mtime == (int(st.st_mtime) & 0xFFFFFFFF) and size == (st.st_size & 0xFFFFFFFF)


# ----------------------------------------------------------------- subprocesses


def bounded(argv: list, timeout: float, data: bytes | None = None, **kwargs) -> tuple:
    """Run ``argv`` in its own process group with ``data`` on stdin (or no
    stdin); after ``timeout`` seconds the whole group is killed (SAFETY: every
    subprocess is bounded). Returns ``(returncode or None on timeout, stdout,
    stderr)`` as bytes. Raises OSError when ``argv[0]`` cannot be started."""
    proc = subprocess.Popen(argv, stdin=subprocess.PIPE if data is not None else subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True, **kwargs)
    try:
        out, err = proc.communicate(data, timeout=timeout)
        return proc.returncode, out, err
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except OSError:
            pass
        out, err = proc.communicate()
        return None, out, err


def run_bounded(argv: list, timeout: float, **kwargs) -> subprocess.CompletedProcess:
    """:func:`bounded` for the installer's own steps.

    Raises:
        NotStarted: when ``argv[0]`` cannot be started.
        InstallError: on timeout.
    """
    try:
        code, out, err = bounded(argv, timeout, **kwargs)
    except OSError as exc:
        raise NotStarted(argv[0], exc.strerror or str(exc)) from None
    if code is None:
        raise InstallError(f"{' '.join(argv[:3])} ... did not finish within {timeout:g} s")
    return subprocess.CompletedProcess(argv, code, out, err)


def tail(text: str, lines: int = 6) -> str:
    """The last ``lines`` non-blank lines of ``text`` joined with `` | ``
    (a subprocess's error output in one line)."""
    rows = [r for r in (text or "").strip().splitlines() if r.strip()]
    return " | ".join(rows[-lines:])


def output_tail(proc: subprocess.CompletedProcess, lines: int = 6) -> str:
    """:func:`tail` of a finished process's stdout and stderr."""
    return tail((proc.stdout + proc.stderr).decode("utf-8", "replace"), lines)
