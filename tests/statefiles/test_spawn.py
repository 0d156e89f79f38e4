"""Bounded child processes without ``subprocess`` (statefiles/spawn.py):
what ``subprocess.run`` would give, the executable looked up on the child's
own ``PATH``, the working directory, the deadline that stops the whole
process group, and ``subprocess`` where spawning cannot."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import threading
import time

import pytest
from draws import examples
from hypothesis import example, given, settings
from hypothesis import strategies as st

from statefiles import gitwork, spawn

ENV = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LC_ALL": "C"}
#: spawn's own check: it declines while another thread runs (its chdir).
THREADS = spawn._threads


@pytest.fixture(autouse=True)
def single_threaded(monkeypatch):
    """A hook process has one thread; a test process has more (xdist's
    channel, a fake API's server), none of which uses a relative path, so
    the tests spawn as a hook does. The test of the check itself restores
    it."""
    monkeypatch.setattr(spawn, "_threads", lambda: False)


def run(argv, cwd, timeout=30.0, env=None):
    child = spawn.start(argv, str(cwd), env or ENV)
    assert child is not None, "spawn declined on this platform"
    return spawn.collect(child, time.monotonic() + timeout)


def test_code_and_both_streams(tmp_path):
    assert run(["sh", "-c", "printf out; printf err >&2; exit 3"], tmp_path) == (
        3, b"out", b"err", False)


@settings(max_examples=examples(60))
@given(data=st.binary(max_size=3000), err=st.binary(max_size=300), code=st.integers(0, 255))
def test_what_subprocess_gives(tmp_path_factory, data, err, code):
    """Any bytes on either stream and any exit status come back as
    ``subprocess.run`` gives them."""
    where = tmp_path_factory.mktemp("s")
    (where / "out").write_bytes(data)
    (where / "err").write_bytes(err)
    argv = ["sh", "-c", 'cat out; cat err >&2; exit "$1"', "_", str(code)]
    ref = subprocess.run(argv, cwd=where, env=ENV, capture_output=True, stdin=subprocess.DEVNULL)
    assert run(argv, where) == (ref.returncode, ref.stdout, ref.stderr, False)


def test_large_output_on_both_streams_does_not_stall(tmp_path):
    script = ("import sys\nfor i in range(64):\n"
              " sys.stdout.write('o' * 32768); sys.stderr.write('e' * 32768)\n")
    code, out, err, timed_out = run([sys.executable, "-c", script], tmp_path)
    assert (code, len(out), len(err), timed_out) == (0, 64 * 32768, 64 * 32768, False)


def test_a_signal_is_a_negative_code(tmp_path):
    assert run(["sh", "-c", "kill -TERM $$"], tmp_path)[0] == -15


def test_the_executable_is_looked_up_on_the_childs_path(tmp_path):
    mine = tmp_path / "bin"
    mine.mkdir()
    tool = mine / "pg-spawn-tool"
    tool.write_text("#!/bin/sh\necho from-the-childs-path\n")
    tool.chmod(0o755)
    env = dict(ENV, PATH=f"{mine}:{ENV['PATH']}")
    assert run(["pg-spawn-tool"], tmp_path, env=env)[1] == b"from-the-childs-path\n"
    # The hook's own PATH is not searched (gitwork cleans the child's only)
    os.environ["PATH"] = f"{mine}:{ENV['PATH']}"
    try:
        with pytest.raises(FileNotFoundError):
            spawn.start(["pg-spawn-tool"], str(tmp_path), ENV)
    finally:
        os.environ["PATH"] = ENV["PATH"]


def test_a_missing_executable_or_directory_is_file_not_found(tmp_path):
    with pytest.raises(FileNotFoundError):
        spawn.start(["pg-no-such-tool-anywhere"], str(tmp_path), ENV)
    with pytest.raises(FileNotFoundError):
        spawn.start(["true"], str(tmp_path / "gone"), ENV)
    assert os.getcwd() != str(tmp_path / "gone")


def test_the_working_directory_is_the_childs_only(tmp_path):
    before = os.getcwd()
    assert run(["pwd"], tmp_path)[1].decode().strip() == os.path.realpath(tmp_path)
    assert os.getcwd() == before


def test_stdin_is_empty_and_sigpipe_is_at_its_default(tmp_path):
    # Python ignores SIGPIPE; subprocess restores it in the child, so does spawn
    code, out, _, _ = run(["sh", "-c", "cat; grep SigIgn /proc/self/status"], tmp_path)
    ignored = int(out.decode().split()[-1], 16)
    assert code == 0 and out.startswith(b"SigIgn") and not ignored & (1 << (13 - 1))


@settings(max_examples=examples(20))
@given(flags=st.lists(st.booleans(), max_size=6))
def test_no_inheritable_descriptor_is_passed_on(tmp_path_factory, flags):
    """Whatever descriptors the hook holds, inheritable or not (a pipe end
    each), none of them is open in the child."""
    ends = []
    try:
        for inheritable in flags:
            r, w = os.pipe()
            ends += [r, w]
            os.set_inheritable(w, inheritable)
        probe = "; ".join(f'[ -e /proc/$$/fd/{fd} ] && echo open {fd}' for fd in ends) or ":"
        out = run(["sh", "-c", probe + "; echo closed"], tmp_path_factory.mktemp("fd"))[1]
    finally:
        for fd in ends:
            os.close(fd)
    assert out == b"closed\n"


_TOOL = "pg-spawn-tool"
#: What a folder on ``PATH`` holds under the tool's name.
_HOLDS = st.sampled_from(["nothing", "executable", "not executable", "folder"])


#: ``PATH`` entries that name a folder of wherever the program runs.
_RELATIVE = ["", ".", "d0", "./d1"]


@settings(max_examples=examples(1000))
@example(holds=["not executable", "executable"], order=[0, 1], own="nothing")
@example(holds=["folder", "executable"], order=[0, 1], own="nothing")
@example(holds=["nothing"], order=[1, 2, 3, 4], own="executable")
@given(holds=st.lists(_HOLDS, min_size=1, max_size=5),
       order=st.lists(st.integers(0, 4 + len(_RELATIVE)), max_size=8), own=_HOLDS)
def test_the_lookup_is_shutils_on_the_childs_absolute_path_only(tmp_path_factory, holds, order,
                                                                 own):
    """The executable found is the one ``shutil.which`` finds on the child's
    ``PATH`` without its relative entries (folders in any order, repeated,
    holding the tool, a file that may not be executed, a folder of its name
    or nothing), never one on the hook's own ``PATH`` alone, and never one
    of the directory it runs in, reached through an empty or relative
    entry (each of which holds the tool here)."""
    root = tmp_path_factory.mktemp("path")
    folders = []
    for i, what in enumerate([*holds, own]):
        folder = root / f"d{i}"
        folder.mkdir()
        if what == "folder":
            (folder / _TOOL).mkdir()
        elif what != "nothing":
            (folder / _TOOL).write_text("#!/bin/sh\n")
            (folder / _TOOL).chmod(0o755 if what == "executable" else 0o644)
        folders.append(str(folder))
    hooks_own = folders.pop()
    planted = root / "project"
    for folder in (planted, planted / "d0", planted / "d1"):
        folder.mkdir()
        (folder / _TOOL).write_text("#!/bin/sh\n")
        (folder / _TOOL).chmod(0o755)
    entries = [*folders, *_RELATIVE]
    picked = [entries[i] for i in order if i < len(entries)]
    with _in(planted):
        found = spawn.which(_TOOL, {"PATH": os.pathsep.join(picked)})
    absolute = os.pathsep.join(e for e in picked if os.path.isabs(e))
    assert found == (shutil.which(_TOOL, path=absolute) if absolute else None)
    assert found is None or os.path.dirname(found) != hooks_own
    assert found is None or not found.startswith(str(planted))


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_the_deadline_stops_the_whole_group(tmp_path):
    started = time.monotonic()
    child = spawn.start(["sh", "-c", "sleep 60 & echo $! > bg; sleep 60"], str(tmp_path), ENV)
    assert spawn.collect(child, time.monotonic() + 0.5) == (None, b"", b"", True)
    assert time.monotonic() - started < 0.5 + spawn.TERM_GRACE + spawn.KILL_GRACE + 1
    background = int((tmp_path / "bg").read_text())
    end = time.monotonic() + 5
    while _alive(background) and time.monotonic() < end:
        time.sleep(0.02)
    assert not _alive(background)
    with pytest.raises(ChildProcessError):   # reaped: no zombie left behind
        os.waitpid(child.pid, os.WNOHANG)


def test_a_child_that_ignores_sigterm_is_killed(tmp_path):
    child = spawn.start(["sh", "-c", "trap '' TERM; echo ready; while :; do sleep 0.05; done"],
                        str(tmp_path), ENV)
    started = time.monotonic()
    assert spawn.collect(child, time.monotonic() + 0.3)[3] is True
    assert time.monotonic() - started < 0.3 + spawn.TERM_GRACE + spawn.KILL_GRACE + 1


def test_with_another_thread_running_it_declines_and_gitwork_uses_subprocess(tmp_path,
                                                                            monkeypatch):
    monkeypatch.setattr(spawn, "_threads", THREADS)
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        assert spawn.start(["true"], str(tmp_path), ENV) is None
        ran = gitwork.run(["sh", "-c", "printf x; exit 4"], cwd=str(tmp_path), timeout=30,
                          env=ENV)
    finally:
        stop.set()
        other.join()
    assert (ran.code, ran.out, ran.timed_out) == (4, "x", False)


@pytest.mark.parametrize("spawned", [True, False], ids=["spawn", "subprocess"])
def test_gitwork_gives_the_same_runs_either_way(tmp_path, monkeypatch, spawned):
    if not spawned:
        monkeypatch.setattr(spawn, "start", lambda *a: None)
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    status = gitwork.git(str(tmp_path), "status", "--porcelain=v1", "-z")
    assert (status.code, status.timed_out, status.missing) == (0, False, False)
    failed = gitwork.git(str(tmp_path), "rev-parse", "--verify", "-q", "HEAD")
    assert failed.code == 1 and not failed.timed_out
    assert gitwork.run(["pg-no-such-tool-anywhere"], cwd=str(tmp_path), timeout=5,
                       env=ENV).missing
    slow = gitwork.run(["sleep", "30"], cwd=str(tmp_path), timeout=0.3, env=ENV)
    assert slow.timed_out and slow.code is None
    both = gitwork.run_parallel({"a": ["sh", "-c", "echo a"], "b": ["sleep", "30"]},
                                str(tmp_path), time.monotonic() + 0.5)
    assert (both["a"].out, both["a"].code) == ("a\n", 0) and both["b"].timed_out
    assert gitwork.safe_config(str(tmp_path)) is not None


def test_a_failed_read_stops_and_reaps_the_child(tmp_path, monkeypatch):
    child = spawn.start(["sh", "-c", "echo hi; sleep 60"], str(tmp_path), ENV)

    def broken(fd, n):
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(spawn.os, "read", broken)
    with pytest.raises(OSError):
        spawn.collect(child, time.monotonic() + 30)
    monkeypatch.undo()
    with pytest.raises(ChildProcessError):
        os.waitpid(child.pid, os.WNOHANG)


@pytest.mark.parametrize("missing", ["pidfd", "proc"])
def test_without_pidfds_or_proc_it_declines_and_gitwork_uses_subprocess(tmp_path, monkeypatch,
                                                                         missing):
    if missing == "pidfd":   # a kernel before 5.3, or a seccomp filter refusing it
        def refused(pid, flags=0):
            raise OSError(38, "Function not implemented")

        monkeypatch.setattr(spawn, "_SUPPORT", [])
        monkeypatch.setattr(spawn.os, "pidfd_open", refused)
    else:
        monkeypatch.setattr(spawn, "_inheritable_fds", lambda: None)
    assert spawn.start(["true"], str(tmp_path), ENV) is None
    ran = gitwork.run(["sh", "-c", "printf x; exit 4"], cwd=str(tmp_path), timeout=30, env=ENV)
    assert (ran.code, ran.out, ran.timed_out) == (4, "x", False)


@contextlib.contextmanager
def _in(folder):
    """Run the block with ``folder`` as this process's directory."""
    before = os.getcwd()
    os.chdir(folder)
    try:
        yield
    finally:
        os.chdir(before)


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads every directory")
def test_from_a_directory_it_may_not_read_it_still_spawns_and_comes_back(tmp_path):
    locked = tmp_path / "x-only"
    locked.mkdir()
    with _in(locked):
        try:
            locked.chmod(0o111)   # searchable, not readable (a hook's cwd could be)
            assert run(["pwd"], tmp_path)[1].decode().strip() == os.path.realpath(tmp_path)
            assert os.getcwd() == str(locked)
        finally:
            locked.chmod(0o755)


def test_from_a_removed_directory_it_still_spawns_and_comes_back(tmp_path):
    gone = tmp_path / "gone"
    gone.mkdir()
    with _in(gone):
        gone.rmdir()
        assert run(["pwd"], tmp_path)[1].decode().strip() == os.path.realpath(tmp_path)
        assert os.stat(".").st_nlink == 0   # still in the removed directory
