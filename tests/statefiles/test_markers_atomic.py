"""Session markers, atomic writes and the state lock (SPEC §1 "state/", §2
"Session markers")."""

from __future__ import annotations

import os
import subprocess
import sys
import threading

import pytest
from draws import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import hold_lock
from statefiles import atomic, layout
from statefiles.atomic import LockTimeout, locked, read_text, write_atomic
from statefiles.markers import Markers, now_iso

SUITE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


# ---------------------------------------------------------------- write_atomic
def test_write_atomic_creates_parents_and_replaces(tmp_path):
    path = tmp_path / "a" / "b" / "f.txt"
    write_atomic(str(path), "one")
    write_atomic(str(path), b"two")
    assert path.read_bytes() == b"two"
    assert [p.name for p in path.parent.iterdir()] == ["f.txt"]  # no temp file left


def test_write_atomic_keeps_the_mode(tmp_path):
    path = tmp_path / "f"
    path.write_text("x")
    os.chmod(path, 0o600)
    write_atomic(str(path), "y")
    assert (os.stat(path).st_mode & 0o777) == 0o600
    write_atomic(str(tmp_path / "new"), "y", mode=0o640)
    assert (os.stat(tmp_path / "new").st_mode & 0o777) == 0o640


def _placeholder(path):
    """Claude Code's sandbox placeholder as the host sees it while a
    sandboxed command runs: an empty 0444 file (docs/claude-code-measured.md)."""
    path.write_bytes(b"")
    os.chmod(path, 0o444)
    return path


def test_a_write_onto_a_sandbox_placeholder_makes_the_file_it_stands_for(tmp_path):
    path = _placeholder(tmp_path / "review-result.json")
    assert atomic.is_placeholder(os.stat(path))
    write_atomic(str(path), '{"verdict": "APPROVE"}\n')
    assert path.read_text() == '{"verdict": "APPROVE"}\n'
    assert (os.stat(path).st_mode & 0o777) == 0o644
    # an empty file its owner may write, or a read-only one with content,
    # is no placeholder: its mode is kept
    for mode, data in ((0o600, b""), (0o444, b"x")):
        other = tmp_path / f"kept-{mode:o}"
        other.write_bytes(data)
        os.chmod(other, mode)
        assert not atomic.is_placeholder(os.stat(other))
        write_atomic(str(other), "y")
        assert (os.stat(other).st_mode & 0o777) == mode


def test_an_append_onto_a_sandbox_placeholder_is_the_logs_first_line(tmp_path, monkeypatch):
    path = _placeholder(tmp_path / "signals.jsonl")
    atomic.append_nonblocking(str(path), b'{"a": 1}\n')
    assert path.read_bytes() == b'{"a": 1}\n'
    assert (os.stat(path).st_mode & 0o777) == 0o644
    # Not root: the placeholder cannot be opened for writing; its owner
    # makes it writable, then appends (the open refused as the kernel would
    # refuse it, once per 0444 mode).
    path = _placeholder(tmp_path / "other.jsonl")
    kept = tmp_path / "kept.jsonl"
    real_open = os.open

    def as_a_user(name, flags, mode=0o777, **kw):
        if flags & (os.O_WRONLY | os.O_RDWR) and name in (str(path), str(kept)) \
                and (os.stat(name).st_mode & 0o222) == 0:
            raise PermissionError(13, "Permission denied", name)
        return real_open(name, flags, mode, **kw)

    monkeypatch.setattr(os, "open", as_a_user)
    atomic.append_nonblocking(str(path), b'{"b": 2}\n')
    assert path.read_bytes() == b'{"b": 2}\n'
    assert (os.stat(path).st_mode & 0o777) == 0o644
    # a read-only log with lines is no placeholder: still refused
    kept.write_bytes(b'{"c": 3}\n')
    os.chmod(kept, 0o444)
    with pytest.raises(PermissionError):
        atomic.append_nonblocking(str(kept), b'{"d": 4}\n')
    assert kept.read_bytes() == b'{"c": 3}\n'


@settings(max_examples=examples(200))
@given(size=st.integers(0, 3), mode=st.integers(0, 0o777),
       writer=st.sampled_from(["append", "write"]))
def test_only_a_placeholder_changes_its_mode(tmp_path_factory, size, mode, writer):
    """Whatever an existing file's mode and size, a state write or log line
    changes its mode only when it is a sandbox placeholder (empty, nobody may
    write it): then to 0644, else never (an append leaves the file's bits;
    write_atomic gives the new file the old bits, less the umask, as any new
    file gets)."""
    path = tmp_path_factory.mktemp("m") / "f.jsonl"
    path.write_bytes(b"x\n" * size)
    os.chmod(path, mode)
    placeholder = atomic.is_placeholder(os.stat(path))
    assert placeholder == (size == 0 and not mode & 0o222)
    if writer == "append":
        atomic.append_nonblocking(str(path), b'{"a": 1}\n')  # root: every mode opens
    else:
        write_atomic(str(path), '{"a": 1}\n')
    umask = os.umask(0)
    os.umask(umask)
    kept = mode if writer == "append" else mode & ~umask
    assert (os.stat(path).st_mode & 0o777) == (0o644 if placeholder else kept)


def test_failed_write_leaves_the_target_and_no_temp_file(tmp_path, monkeypatch):
    path = tmp_path / "f"
    path.write_text("old")

    def boom(*a):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError):
        write_atomic(str(path), "new")
    assert path.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["f"]


@pytest.mark.skipif(os.geteuid() == 0, reason="root ignores directory permissions")
def test_unwritable_directory_raises_oserror(tmp_path):
    d = tmp_path / "ro"
    d.mkdir()
    os.chmod(d, 0o500)
    try:
        with pytest.raises(OSError):
            write_atomic(str(d / "f"), "x")
    finally:
        os.chmod(d, 0o700)


def test_readers_never_see_a_torn_file(tmp_path):
    """Parallel writers of two different full contents: a reader sees one or
    the other, never a mix (rename is atomic)."""
    path = str(tmp_path / "f")
    a, b = "A" * 200_000, "B" * 200_000
    write_atomic(path, a)
    stop = threading.Event()
    bad = []

    def writer(text):
        while not stop.is_set():
            write_atomic(path, text, durable=False)

    threads = [threading.Thread(target=writer, args=(t,)) for t in (a, b)]
    for t in threads:
        t.start()
    try:
        for _ in range(300):
            seen = read_text(path)
            if seen not in (a, b):
                bad.append(len(seen or ""))
    finally:
        stop.set()
        for t in threads:
            t.join(timeout=10)
    assert bad == []


def test_read_text(tmp_path):
    assert read_text(str(tmp_path / "missing")) is None
    assert read_text(str(tmp_path)) is None
    (tmp_path / "f").write_bytes(b"ok\xff")
    assert read_text(str(tmp_path / "f")) == "ok\ufffd"
    assert read_text(str(tmp_path / "f"), limit=1) == "o"


# ---------------------------------------------------------------- lock
def test_lock_is_reentrant_within_a_process(tmp_path):
    lock = str(tmp_path / "x" / "state.lock")
    with locked(lock):
        with locked(lock, timeout=0.1):
            # a different spelling of the same lock is the same lock
            with locked(str(tmp_path / "x" / ".." / "x" / "state.lock"), timeout=0.1):
                pass
        assert atomic._STATE.held[os.path.abspath(lock)][1] == 1
    assert os.path.abspath(lock) not in atomic._STATE.held


class VirtualClock:
    """``time`` as :mod:`statefiles.atomic` sees it: ``monotonic()`` reads a
    virtual clock and ``sleep()`` advances it, so lock waits are measured
    exactly and cost nothing. ``at(t, fn)`` runs ``fn`` once the virtual
    time reaches ``t`` (a holder letting go)."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.events = []

    def monotonic(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        assert seconds >= 0
        self.now += seconds
        for t, fn in list(self.events):
            if self.now >= t:
                self.events.remove((t, fn))
                fn()

    def at(self, t: float, fn) -> None:
        self.events.append((self.now + t, fn))


@pytest.fixture
def clock(monkeypatch):
    clock = VirtualClock()
    monkeypatch.setattr(atomic, "time", clock)
    return clock


def _release(holder):
    def release():
        holder.kill()
        holder.wait(timeout=30)
    return release


def test_lock_timeout_message_names_the_file_and_what_to_do(tmp_path, clock):
    lock = str(tmp_path / "state.lock")
    holder = hold_lock(lock, 300)
    try:
        started = clock.now
        with pytest.raises(LockTimeout) as info:
            with locked(lock, timeout=0.3):
                pass
        assert clock.now - started == pytest.approx(0.3)  # waited exactly its timeout
        said = info.value.args[0]
        assert said.key == "atomic.lock_busy", said
        assert said.fields["path"] == lock and said.fields["waited"] == pytest.approx(0.3), said
        assert lock in str(info.value) and "0.3 s" in str(info.value), info.value
    finally:
        holder.kill()
        holder.wait(timeout=30)
    with locked(lock, timeout=2):  # released when the holder died
        pass


def test_spent_lock_budget_fails_at_once_but_min_wait_is_still_granted(tmp_path, clock):
    """The process's lock budget bounds every wait; ``min_wait`` is the one
    exception (a confirm that finishes an earlier claim), bounded by
    ``timeout``. Measured on a virtual clock: exact, whatever the load."""
    lock = str(tmp_path / "state.lock")
    atomic.set_lock_budget(0)
    try:
        holder = hold_lock(lock, 300)
        try:
            started = clock.now
            with pytest.raises(LockTimeout):
                with locked(lock):
                    pass
            assert clock.now == started  # budget spent: one try, no wait
            clock.at(2.0, _release(holder))  # the holder lets go 2 s later
            with locked(lock, min_wait=10):  # waits for the holder to finish
                pass
            # acquired only once the holder let go, 2 s after the wait began
            assert 2.0 <= clock.now - started < 2.1
        finally:
            holder.kill()
            holder.wait(timeout=30)
        holder = hold_lock(lock, 300)
        try:
            started = clock.now
            with pytest.raises(LockTimeout):
                with locked(lock, timeout=0.3, min_wait=10):  # timeout still bounds it
                    pass
            assert clock.now - started == pytest.approx(0.3)
        finally:
            holder.kill()
            holder.wait(timeout=30)
    finally:
        atomic.set_lock_budget(None)


def test_lock_serialises_read_modify_write_across_processes(tmp_path):
    counter = tmp_path / "n"
    counter.write_text("0")
    lock = str(tmp_path / "state.lock")
    code = ("import sys; sys.path.insert(0, sys.argv[1]);"
            "from statefiles.atomic import locked, write_atomic\n"
            "for _ in range(25):\n"
            " with locked(sys.argv[2]):\n"
            "  n = int(open(sys.argv[3]).read()); write_atomic(sys.argv[3], str(n + 1),"
            " durable=False)")
    procs = [subprocess.Popen([sys.executable, "-c", code, SUITE, lock, str(counter)])
             for _ in range(4)]
    for p in procs:
        assert p.wait(timeout=120) == 0
    assert counter.read_text() == "100"


# ---------------------------------------------------------------- markers
def test_markers_write_read_exists_remove(tmp_path):
    m = Markers(str(tmp_path))
    assert not m.exists(layout.PENDING) and m.read(layout.PENDING) is None
    m.write(layout.PENDING)
    assert m.exists(layout.PENDING)
    assert m.read(layout.PENDING).strip()[:4].isdigit()  # a timestamp by default
    m.write_json(layout.POST_LOOP_PENDING, {"playbook": "p", "status": "success"})
    assert m.read_json(layout.POST_LOOP_PENDING) == {"playbook": "p", "status": "success"}
    assert m.remove(layout.PENDING) is True
    assert m.remove(layout.PENDING) is False


def test_read_json_of_junk_is_none(tmp_path):
    m = Markers(str(tmp_path))
    m.write(layout.POST_LOOP_PENDING, "not json")
    assert m.read_json(layout.POST_LOOP_PENDING) is None


def test_remove_handles_a_directory_where_a_marker_should_be(tmp_path):
    m = Markers(str(tmp_path))
    os.makedirs(m.path(layout.PENDING))
    assert m.remove(layout.PENDING) is True and not m.exists(layout.PENDING)


def test_dangling_symlink_marker_exists(tmp_path):
    m = Markers(str(tmp_path))
    os.makedirs(os.path.dirname(m.path(layout.PENDING)))
    os.symlink(str(tmp_path / "nowhere"), m.path(layout.PENDING))
    assert m.exists(layout.PENDING)


def test_reads_are_recorded_by_repo_relative_path(tmp_path):
    m = Markers(str(tmp_path))
    m.record_read("play/p1/plan.json")
    assert m.was_read("play/p1/plan.json")
    assert not m.was_read("plan.json")
    assert not m.was_read("play/p1/progress.json")
    m.record_read("a%2Fb")  # a name that looks like an encoded path is its own entry
    assert m.was_read("a%2Fb") and not m.was_read("a/b")


def test_clear_session_init(tmp_path):
    m = Markers(str(tmp_path))
    m.write(layout.PENDING)
    m.record_read("state.md")
    m.clear_session_init()
    assert not os.path.exists(m.path(layout.SESSION_INIT))


def test_now_iso_shape():
    stamp = now_iso()
    assert len(stamp) == 25 and stamp[10] == "T" and stamp[-3] == ":"
