"""The install's compile step (playgate/installer/pycompile.py): each
installed module gets the ``.pyc`` that ``python -m compileall`` would
write (its own file name in every code object, a timestamp header of the
installed file), taken from the source's current bytecode when there is
one, compiled otherwise."""

from __future__ import annotations

import importlib.util
import marshal
import os
import shutil
import subprocess
import sys

import pytest

from playgate.installer.plan import PYCOMPILE

MODULE = "def f(x):\n    return [y for y in x]\n\nclass C:\n    def m(self):\n        return f\n"


def run(*args, env=None):
    return subprocess.run([sys.executable, PYCOMPILE, *map(str, args)], capture_output=True,
                          text=True, timeout=60, env=env, check=False)


def walk(code):
    yield code
    for c in code.co_consts:
        if isinstance(c, type(code)):
            yield from walk(c)


def shape(code):
    """Everything compileall's code for a file holds, nested code included."""
    return [(c.co_filename, c.co_qualname, c.co_firstlineno, c.co_code, c.co_linetable,
             c.co_names, c.co_varnames, tuple(k for k in c.co_consts if not isinstance(k, type(c))))
            for c in walk(code)]


def pyc(path):
    data = open(importlib.util.cache_from_source(str(path)), "rb").read()
    st = os.stat(path)
    return data[:16], marshal.loads(data[16:]), st


def compileall_shape(path):
    return shape(compile(path.read_bytes(), str(path), "exec", dont_inherit=True))


@pytest.fixture
def pair(tmp_path):
    src = tmp_path / "suite" / "mod.py"
    dst = tmp_path / "repo" / ".claude" / "mod.py"
    for p in (src, dst):
        p.parent.mkdir(parents=True)
        p.write_text(MODULE)
    return src, dst


def header_ok(head, st):
    return (head[:4] == importlib.util.MAGIC_NUMBER and int.from_bytes(head[4:8], "little") == 0
            and int.from_bytes(head[8:12], "little") == int(st.st_mtime) & 0xFFFFFFFF
            and int.from_bytes(head[12:16], "little") == st.st_size)


def age(path, seconds=5):
    """Set ``path``'s modification time ``seconds`` into the past (a source
    not changed in the second its bytecode is written)."""
    st = os.stat(path)
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns - seconds * 10**9))


def test_the_sources_bytecode_is_reused_under_the_installed_name(pair):
    src, dst = pair
    age(src)
    assert run(src, dst).returncode == 0
    head, code, st = pyc(dst)
    assert header_ok(head, st)
    assert shape(code) == compileall_shape(dst)
    assert {c.co_filename for c in walk(code)} == {str(dst)}
    # the source's own .pyc was written on the way (the next install reuses it)
    head, code, st = pyc(src)
    assert header_ok(head, st) and shape(code) == compileall_shape(src)


def test_a_stale_source_pyc_is_never_reused(pair):
    """Even a change within the second the source's .pyc was written, to
    the same size, which its header cannot show."""
    src, dst = pair
    assert run(src, dst).returncode == 0
    os.unlink(importlib.util.cache_from_source(str(dst)))
    src.write_text(MODULE.replace("return f", "return C"))  # its .pyc is stale now
    dst.write_text(src.read_text())
    assert run(src, dst).returncode == 0
    assert shape(pyc(dst)[1]) == compileall_shape(dst)


def test_a_reused_pyc_is_really_the_sources(pair):
    """Reuse is seen: a source .pyc planted with other code (current by its
    header, written later than the source) is what the install gets. This is
    what makes the check in the test above the only thing between a stale
    .pyc and an install."""
    src, dst = pair
    age(src)
    other = compile("X = 'planted'\n", str(src), "exec", dont_inherit=True)
    st = os.stat(src)
    cfile = importlib.util.cache_from_source(str(src))
    os.makedirs(os.path.dirname(cfile), exist_ok=True)
    from importlib import _bootstrap_external as external

    with open(cfile, "wb") as fh:
        fh.write(external._code_to_timestamp_pyc(other, st.st_mtime, st.st_size))
    assert run(src, dst).returncode == 0
    assert pyc(dst)[1].co_consts[0] == "planted"


def test_an_installed_file_unlike_its_source_is_compiled_from_itself(pair):
    src, dst = pair
    dst.write_text(MODULE + "X = 1\n")
    assert run(src, dst).returncode == 0
    assert shape(pyc(dst)[1]) == compileall_shape(dst)
    assert run("-", dst).returncode == 0


def test_a_read_only_source_tree_still_compiles_the_install(pair):
    src, dst = pair
    if os.geteuid() == 0:
        pytest.skip("root writes through directory permissions")
    src.parent.chmod(0o555)
    try:
        assert run(src, dst).returncode == 0
    finally:
        src.parent.chmod(0o755)
    assert shape(pyc(dst)[1]) == compileall_shape(dst)


def test_a_syntax_error_fails_the_step_with_its_message(pair):
    src, dst = pair
    dst.write_text("def broken(:\n")
    proc = run(src, dst)
    assert proc.returncode == 1 and "mod.py" in proc.stderr


def test_a_reproducible_build_gets_compileall_s_hash_based_pyc(pair):
    src, dst = pair
    proc = run(src, dst, env=dict(os.environ, SOURCE_DATE_EPOCH="1"))
    assert proc.returncode == 0
    head, code, _ = pyc(dst)
    assert int.from_bytes(head[4:8], "little") != 0  # hash-based, as compileall writes it
    assert shape(code) == compileall_shape(dst)


def test_a_current_installed_pyc_is_left_alone(pair):
    src, dst = pair
    assert run(src, dst).returncode == 0
    cfile = importlib.util.cache_from_source(str(dst))
    before = os.stat(cfile).st_mtime_ns, open(cfile, "rb").read()
    shutil.rmtree(os.path.dirname(importlib.util.cache_from_source(str(src))))
    assert run(src, dst).returncode == 0
    assert (os.stat(cfile).st_mtime_ns, open(cfile, "rb").read()) == before
