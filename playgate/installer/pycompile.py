"""Write the bytecode of installed modules, reusing their source's.

Run by the installer with the hook interpreter, as a script (the standard
library only: the hook interpreter may not have the suite importable)::

    python pycompile.py SOURCE DEST [SOURCE DEST ...]

``DEST`` is an installed module, a copy of ``SOURCE`` (or ``-`` when it has
no source to reuse). For each pair the ``.pyc`` of ``DEST`` is written as
``python -m compileall DEST`` would write it: the code of the source,
compiled with ``DEST`` as its file name, behind a timestamp header of
``DEST``. When the source's own ``__pycache__`` file is current (this
interpreter's magic number, timestamp-checked against the source's
modification time and size, the import system's check), its code is taken
from there with the file names changed, instead of compiling the module
again; when it is not, the source's is written first (as importing it
would; a read-only source tree is skipped), so that the next install from
the same tree reuses it. A ``DEST`` whose bytes differ from its source's, or
a ``SOURCE_DATE_EPOCH`` build (hash-based ``.pyc`` files), is compiled as
``compileall`` would. Installs from one checkout took about 1.1 s of CPU
for compiling 311 modules; with the source's bytecode current, about 0.1 s.

Exits 0, or 1 with the failing module's error on stderr.
"""

from __future__ import annotations

import importlib.util
import marshal
import os
import py_compile
import sys
from importlib import _bootstrap_external as external


def _current_pyc(source: str) -> bytes | None:
    """The ``__pycache__`` file of ``source`` when it is current for this
    interpreter (magic number, timestamp-checked against the source's
    modification time and size); else ``None``."""
    try:
        st = os.stat(source)
        with open(importlib.util.cache_from_source(source), "rb") as fh:
            data = fh.read()
    except (OSError, ValueError, NotImplementedError):
        return None
    details = {"name": source, "path": source}
    try:  # the import system's own checks (flags 0: timestamp-based)
        if external._classify_pyc(data, source, details) != 0:
            return None
        external._validate_timestamp_pyc(data, int(st.st_mtime), st.st_size, source, details)
    except (ImportError, EOFError):
        return None
    return data


def _current_code(source: str):
    """The code object of ``source`` from its current ``__pycache__`` file,
    compiled under this very path and written in a later second than the
    source's last change; else ``None``.

    The header holds the source's modification time in whole seconds and
    its size: a source changed again within the second its ``.pyc`` was
    written, to the same size, still matches it (the import system lives
    with that race; a copy for another repository need not). A ``.pyc``
    written in a later second than the source's time cannot predate a change
    that the header does not show."""
    data = _current_pyc(source)
    if data is None:
        return None
    try:
        if int(os.stat(importlib.util.cache_from_source(source)).st_mtime) <= int(
                os.stat(source).st_mtime):
            return None
    except OSError:
        return None
    try:
        code = marshal.loads(data[16:])
    except (EOFError, ValueError, TypeError):
        return None
    return code if getattr(code, "co_filename", None) == source else None


def _renamed(code, filename: str):
    """``code`` and every code object in it with ``co_filename`` ``filename``."""
    consts = tuple(_renamed(c, filename) if isinstance(c, type(code)) else c
                   for c in code.co_consts)
    return code.replace(co_filename=filename, co_consts=consts)


def _same_bytes(a: str, b: str) -> bool:
    try:
        if os.path.getsize(a) != os.path.getsize(b):
            return False
        with open(a, "rb") as fa, open(b, "rb") as fb:
            return fa.read() == fb.read()
    except OSError:
        return False


def reused(source: str, dest: str) -> bool:
    """Write ``dest``'s ``.pyc`` from ``source``'s code; ``False`` when it
    cannot be reused (the caller compiles ``dest``)."""
    if source == "-" or not _same_bytes(source, dest):
        return False
    code = _current_code(source)
    if code is None:
        # written for the next install (this one compiles its copy when the
        # source changed within the current second: see _current_code)
        try:
            py_compile.compile(source, doraise=True)
        except (py_compile.PyCompileError, OSError):
            return False
        code = _current_code(source)
        if code is None:
            return False
    st = os.stat(dest)
    data = external._code_to_timestamp_pyc(_renamed(code, dest), st.st_mtime, st.st_size)
    cfile = importlib.util.cache_from_source(dest)
    os.makedirs(os.path.dirname(cfile), exist_ok=True)
    external._write_atomic(cfile, data, external._calc_mode(dest))
    return True


def main(argv: list) -> int:
    if len(argv) % 2:
        sys.stderr.write("usage: pycompile.py SOURCE DEST [SOURCE DEST ...]\n")
        return 2
    timestamps = (py_compile._get_default_invalidation_mode()
                  == py_compile.PycInvalidationMode.TIMESTAMP)
    for source, dest in zip(argv[::2], argv[1::2]):
        if timestamps and (_current_pyc(dest) is not None or reused(source, dest)):
            continue  # (a current .pyc is left as it is, as compileall leaves it)
        try:
            py_compile.compile(dest, doraise=True)
        except py_compile.PyCompileError as exc:
            sys.stderr.write(f"{exc.msg}\n")
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
