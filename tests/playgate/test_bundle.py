"""The module bundle (hooks/_bootstrap.py): installed hooks import
the suite from one compiled file, but never a module whose source changed,
and a missing, foreign or damaged bundle only costs speed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import Installed, install, replace_file

PROBE = r"""
import sys
sys.argv = ["probe"]
sys.path.insert(0, {hooks!r})
import _bootstrap
_bootstrap._setup_path()
import events.runtime, shell.walker, guards.init_guard
from shell import bashparse
bashparse.load()
out = {{}}
for name in ("events", "events.runtime", "shell.walker", "guards.init_guard", "bashlex.parser"):
    module = sys.modules[name]
    out[name] = [type(module.__spec__.loader).__name__, module.__file__,
                 getattr(module, "MARKER", None)]
print(__import__("json").dumps(out))
"""


def probe(repo: Path) -> dict:
    code = PROBE.format(hooks=str(repo / ".claude" / "hooks"))
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, cwd=str(repo))
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def read_allowed(repo: Path) -> None:
    result = Installed(repo).tool("Grep", {"pattern": "x"})
    assert result.code == 0, result.stderr


def test_install_builds_the_bundle_and_hooks_import_from_it(installed):
    repo = installed.root
    bundle = repo / ".claude" / "hooks" / "suite.bundle"
    assert bundle.is_file()
    manifest = json.loads((repo / ".claude" / "playgate.json").read_text())
    assert ".claude/hooks/suite.bundle" in manifest["derived"]
    found = probe(repo)
    for name, (loader, _path, _marker) in found.items():
        assert loader == "BundleFinder", name
    assert found["events.runtime"][1] == str(repo / ".claude" / "events" / "runtime.py")
    assert found["events"][1] == str(repo / ".claude" / "events" / "__init__.py")
    read_allowed(repo)


def test_a_changed_module_is_imported_from_its_source(installed):
    repo = installed.root
    module = repo / ".claude" / "guards" / "init_guard.py"
    replace_file(module, module.read_text() + "\nMARKER = 'edited'\n")
    found = probe(repo)
    assert found["guards.init_guard"][0] == "SourceFileLoader"
    assert found["guards.init_guard"][2] == "edited"
    assert found["events.runtime"][0] == "BundleFinder"
    check = subprocess.run([sys.executable, "-m", "playgate.bundle", "--check"],
                           capture_output=True, timeout=120, cwd=str(repo / ".claude"))
    assert check.returncode == 1
    proc = install(repo)
    assert proc.returncode == 0 and "module bundle" in proc.stdout, proc.stdout
    # The repair put the suite's module back and rebuilt the bundle around it.
    assert probe(repo)["guards.init_guard"] == ["BundleFinder", str(module), None]
    proc = install(repo)
    assert "nothing to change" in proc.stdout


@pytest.mark.parametrize("damage", ["foreign", "garbage", "truncated", "flipped", "missing"])
def test_a_bad_bundle_costs_only_speed(installed, damage):
    repo = installed.root
    bundle = repo / ".claude" / "hooks" / "suite.bundle"
    data = bundle.read_bytes()
    bundle.unlink()   # a copy's bundle is a hard link to the template's (conftest.replace_file)
    if damage == "foreign":
        bundle.write_bytes(data[:10] + b"\x00\x00\x00\x00" + data[14:])
    elif damage == "garbage":
        bundle.write_bytes(b"\x00" * 64)
    elif damage == "truncated":
        bundle.write_bytes(data[: len(data) // 2])
    elif damage == "flipped":
        bundle.write_bytes(data[:-5000] + bytes(5000))
    found = probe(repo)
    assert set(found) >= {"events.runtime", "shell.walker"}
    if damage == "flipped":  # the index is intact: the damaged tail is compiled from source
        assert found["bashlex.parser"][0] == "BundleFinder"
    read_allowed(repo)
    blocked = Installed(repo).tool("Bash", {"command": "rm -rf /"})
    assert blocked.code == 2


# ------------------------------------------------- the bundle reuses the .pyc files
def _bootstrap_module():
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "hooks"))
    try:
        import _bootstrap
    finally:
        sys.path.pop(0)
    return _bootstrap


def _package(tmp_path: Path, source: str) -> Path:
    pkg = tmp_path / "pkgx"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    module = pkg / "mod.py"
    module.write_text(source)
    return module


def _bundled_code(bootstrap, root: Path) -> dict:
    import marshal

    data = Path(bootstrap.build_bundle(str(root), ["pkgx"], str(root / "b"))).read_bytes()
    tag = len(bootstrap._BUNDLE_TAG)
    size = int.from_bytes(data[tag + 4:tag + 8], "little")
    index = marshal.loads(data[tag + 8:tag + 8 + size])
    base = tag + 8 + size
    return {name: marshal.loads(data[base + entry[4]:base + entry[4] + entry[5]])
            for name, entry in index.items()}


def test_the_bundle_takes_the_code_compileall_wrote(tmp_path):
    """install.py runs compileall before the bundle: the bundle takes each
    module's code from its current ``.pyc`` instead of compiling it again."""
    import compileall
    import os

    bootstrap = _bootstrap_module()
    module = _package(tmp_path, "VALUE = 1\n")
    assert compileall.compile_dir(str(tmp_path / "pkgx"), quiet=1)
    st = os.stat(module)
    assert bootstrap._cached_code(str(module), st) is not None
    code = _bundled_code(bootstrap, tmp_path)["pkgx.mod"]
    assert code == compile(module.read_text(), str(module), "exec", dont_inherit=True)


@pytest.mark.parametrize("stale", ["source-changed", "other-path", "hash-based", "garbage",
                                   "no-pyc"])
def test_a_pyc_that_is_not_this_sources_code_is_compiled_again(tmp_path, stale):
    """The bundle never takes code the import system would not: a ``.pyc`` of
    another version of the source, compiled under another path, checked by
    hash, damaged or absent means compiling the source."""
    import compileall
    import importlib.util
    import os
    import py_compile

    bootstrap = _bootstrap_module()
    module = _package(tmp_path, "VALUE = 1\n")
    pyc = Path(importlib.util.cache_from_source(str(module)))
    if stale == "hash-based":
        py_compile.compile(str(module), str(pyc),
                           invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH)
    elif stale != "no-pyc":
        assert compileall.compile_dir(str(tmp_path / "pkgx"), quiet=1)
    if stale == "source-changed":
        module.write_text("VALUE = 2\n")  # same size; a later modification time
        os.utime(module, ns=(os.stat(module).st_atime_ns, os.stat(module).st_mtime_ns + 5 * 10**9))
    elif stale == "other-path":
        other = tmp_path / "elsewhere.py"
        other.write_text(module.read_text())
        py_compile.compile(str(other), str(pyc), dfile=str(other))
        os.utime(module, ns=(os.stat(other).st_atime_ns, os.stat(other).st_mtime_ns))
    elif stale == "garbage":
        pyc.write_bytes(pyc.read_bytes()[:16] + b"\x00garbage")
    assert bootstrap._cached_code(str(module), os.stat(module)) is None
    code = _bundled_code(bootstrap, tmp_path)["pkgx.mod"]
    assert code == compile(module.read_text(), str(module), "exec", dont_inherit=True)
    assert code.co_filename == str(module)
