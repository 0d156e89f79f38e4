"""The sandboxes' install (harness.Sandbox.install): install.py runs once per
distinct repository, options and interpreter in a test process, and the other
sandboxes get a copy of its result. Every e2e test trusts that the copy is
what install.py would have made of the sandbox itself; this checks it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from draws import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from .harness import Recorder, Sandbox, _run_install_py, _worktree

pytestmark = pytest.mark.e2e

#: Code objects name the files they were compiled from (the template's); the
#: import system and the bundle finder rename them when loading.
CODE = (".pyc", "suite.bundle")


def _box(record: bool) -> Sandbox:
    box = Sandbox.create(Path(tempfile.mkdtemp(prefix="pge2e-")))
    box.recorder = Recorder(box.root / "recorder") if record else None
    return box


def _python(box: Sandbox) -> str:
    return str(box.recorder.python)


def _normalised(box: Sandbox, rel: str) -> str:
    text = (box.repo / rel).read_text().replace(str(box.root), "<root>")
    if rel == ".claude/playgate.json":
        data = json.loads(text)
        data.pop("installed_at")
        text = json.dumps(data, indent=1, sort_keys=True)
    return text


def _doctor(box: Sandbox) -> list:
    """``playgate doctor`` in ``box`` (its own checks of an install: hook
    registrations, interpreter, a real PreToolUse run, the manifest's hashes,
    bytecode and module bundle current), paths normalised."""
    env = dict(os.environ, HOME=str(box.home))
    proc = subprocess.run([sys.executable, ".claude/playgate", "doctor"], cwd=box.repo, env=env,
                          capture_output=True, text=True, timeout=120, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc.stdout.replace(str(box.root), "<root>").splitlines()


def test_a_copied_install_is_what_install_py_makes():
    """Behind a recorder, the case with the most to get right: the hook
    interpreter is a file of the sandbox, so its path is rewritten (with this
    interpreter the copy is the same minus that step)."""
    fresh, copied = _box(record=True), _box(record=True)
    try:
        _run_install_py(fresh.repo, _python(fresh))
        copied.install(python=_python(copied))
        for box in (fresh, copied):
            box.trust()
        ours, theirs = _worktree(fresh.repo), _worktree(copied.repo)
        assert sorted(ours) == sorted(theirs)
        kinds = {rel: what[:2] for rel, what in ours.items()}
        assert kinds == {rel: what[:2] for rel, what in theirs.items()}
        differ = [rel for rel in ours if ours[rel] != theirs[rel] and not rel.endswith(CODE)]
        # The manifest (its time) and, behind a recorder, the hook commands.
        assert set(differ) <= {".claude/playgate.json", ".claude/settings.json"}, differ
        for rel in differ:
            assert _normalised(fresh, rel) == _normalised(copied, rel), rel
        # Every file has one name, as after an install (the hooks treat a
        # protected file with a second name as a hard link to it).
        assert all(os.stat(copied.repo / rel).st_nlink == 1
                   for rel, what in theirs.items() if what[0] == "f")
        settings = (copied.repo / ".claude/settings.json").read_text()
        assert str(copied.recorder.python) in settings and "pge2e-tpl-" not in settings
        assert _doctor(fresh) == _doctor(copied)
        assert ([c.event for c in fresh.recorder.calls()]
                == [c.event for c in copied.recorder.calls()])
    finally:
        for box in (fresh, copied):
            shutil.rmtree(box.root, ignore_errors=True)


@pytest.mark.skipif(shutil.which("npm") is None, reason="no npm on PATH: the sessions find none")
def test_every_session_path_answers_npm_root_from_the_shim():
    """Claude Code runs ``npm root -g`` at every start (a Node start, about
    0.15 s of CPU); the sessions' ``PATH`` answers it from a shim with what
    npm said once, and sends any other npm command to npm. The workflow
    drivers pass :func:`harness.tools_path`, which must keep that shim
    first."""
    from . import harness

    for path in (harness.session_path(), harness.tools_path()):
        npm = shutil.which("npm", path=path)
        assert npm and Path(npm).parent.name.startswith("pge2e-bin-"), (path, npm)
        env = {"PATH": path, "HOME": tempfile.mkdtemp()}
        shim = subprocess.run(["npm", "root", "-g"], capture_output=True, text=True, env=env,
                              timeout=60)
        real = subprocess.run([shutil.which("npm"), "root", "-g"], capture_output=True,
                              text=True, env=env, timeout=60)
        assert (shim.returncode, shim.stdout) == (0, real.stdout), shim.stderr
        version = subprocess.run(["npm", "--version"], capture_output=True, text=True, env=env,
                                 timeout=60)
        assert version.returncode == 0 and version.stdout.strip()[:1].isdigit(), version
    assert harness.tools_path().split(os.pathsep)[0] == str(Path(sys.executable).parent)


@pytest.mark.skipif(shutil.which("npm") is None, reason="no npm on PATH: the sessions find none")
@settings(max_examples=examples(100))
@given(entries=st.lists(st.sampled_from(["/usr/bin", "/bin", "/usr/local/bin", "/opt/x/bin",
                                         "SHIM", ""]), max_size=6))
def test_any_path_a_driver_passes_keeps_the_npm_shim_once(entries):
    """A session's ``PATH`` is whatever its driver passed (``clean_env``'s
    ``extra``), with the npm shim first unless the driver's ``PATH`` already
    holds it: never added twice, nothing else moved or dropped."""
    from . import harness

    shim = harness._npm_shim()
    assert shim is not None
    given_path = os.pathsep.join(shim if e == "SHIM" else e for e in entries)
    env = harness.clean_env(Path("/tmp/h"), Path("/tmp/t"), "http://127.0.0.1:9", "k",
                            {"PATH": given_path})
    parts = env["PATH"].split(os.pathsep)
    if "SHIM" in entries:
        assert env["PATH"] == given_path
    else:
        assert parts[0] == shim and os.pathsep.join(parts[1:]) == given_path
    assert parts.count(shim) == max(1, entries.count("SHIM"))
