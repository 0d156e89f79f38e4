"""Crash safety: a writer killed at any point leaves every
state file as it was or as it was going to be, never a mix, and the next
hook finishes the job.

Three layers:

* **in process** — ``statefiles.atomic.write_atomic`` and the writers built
  on it (state.md's section writer, both its fast and its YAML path, marker
  JSON, the stop counter, the archive checkpoint) under injected ``os``
  failures at every call of ``open/write/fsync/close/replace`` (hypothesis
  picks the contents and the failing call): the file is the old or the new
  version and no temporary file is left;
* **deterministic SIGKILL** — a hook process (the archive engine completing a
  playbook, SessionStart, SessionEnd, Stop) kills itself with SIGKILL just
  before its N-th file-system change (``os.write/replace/rename/unlink/
  rmdir/mkdir/fsync`` and file creation), for every N until it runs to the
  end. After each crash the state files parse and hold the old or the new
  value; then the next hook call resumes (the archive completes exactly
  once, nothing is lost) and no temporary file of the dead process remains
  next to a file that was written again;
* **random SIGKILL** — a subprocess rewriting state.md, a marker and the stop
  counter in a loop is killed at random delays.

Everything happens inside the test's temporary directory.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import forkrun
import pytest
from _foundation import Workspace
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from draws import examples
from robust_kit import done_entry

from statefiles import atomic, layout, state_md

SUITE = Path(__file__).resolve().parent.parent
CI = settings(deadline=None,
              suppress_health_check=list(HealthCheck))


# ================================================================== in process
class Fault(OSError):
    pass


class Injector:
    """Make the ``nth`` call (1-based) of ``os.<name>`` fail with ENOSPC
    (``when="before"``) or succeed and then fail (``"after"``: the effect
    happened, the caller sees an error)."""

    NAMES = ("open", "write", "fsync", "close", "replace")

    def __init__(self, name: str, nth: int, when: str = "before"):
        self.name, self.nth, self.when = name, nth, when
        self.calls = 0
        self.fired = False
        self.real = getattr(os, name)

    def __call__(self, *args, **kwargs):
        self.calls += 1
        if self.calls == self.nth:
            self.fired = True
            if self.when == "after":
                self.real(*args, **kwargs)
            raise Fault(28, "No space left on device (injected)")
        return self.real(*args, **kwargs)

    def __enter__(self):
        setattr(os, self.name, self)
        return self

    def __exit__(self, *exc):
        setattr(os, self.name, self.real)


def leftovers(directory: Path, keep: set) -> list:
    return sorted(p.name for p in directory.iterdir() if p.name not in keep)


@settings(CI, max_examples=examples(300))
@given(old=st.binary(max_size=3000), new=st.binary(max_size=70000),
       name=st.sampled_from(Injector.NAMES), nth=st.integers(1, 4),
       when=st.sampled_from(["before", "after"]), durable=st.booleans())
def test_write_atomic_is_old_or_new_under_any_failure(tmp_path_factory, old, new, name, nth,
                                                       when, durable):
    d = tmp_path_factory.mktemp("atomic")
    target = d / "state.json"
    target.write_bytes(old)
    with Injector(name, nth, when) as inj:
        try:
            atomic.write_atomic(str(target), new, durable=durable)
            raised = False
        except Fault:
            raised = True
    content = target.read_bytes()
    if raised:
        assert inj.fired
        # "after" on replace: the new file is in place, the caller saw an error
        assert content in (old, new)
        if not (name == "replace" and when == "after"):
            assert content == old
    else:
        assert content == new
    assert leftovers(d, {"state.json"}) == [], "temporary file left behind"


def _state_ws(tmp_path) -> Workspace:
    ws = Workspace(tmp_path / "ws")
    ws.ready()
    return ws


WRITERS = {
    # name: (file written, function(ws, round) doing one write)
    "state.md fast path": ("state.md", lambda ws, i: state_md.update_keys(
        str(ws.root), "session", {"last_start": f"2026-01-0{i % 9 + 1} 10:00:00"})),
    "state.md yaml path": ("state.md", lambda ws, i: state_md.update_keys(
        str(ws.root), "goal", {"done_criteria": [f"criterion {i}", "two"]})),
    "state.md new section": ("state.md", lambda ws, i: state_md.update_keys(
        str(ws.root), f"extra{i}", {"k": i})),
    "marker json": (layout.POST_LOOP_PENDING, lambda ws, i: __import__(
        "statefiles.markers", fromlist=["Markers"]).Markers(str(ws.root)).write_json(
            layout.POST_LOOP_PENDING, {"playbook": f"p{i}", "status": "success"})),
    "stop counter": (".claude/session-state/stop-guard.json", lambda ws, i: __import__(
        "guards.stop_loop_guard", fromlist=["save"]).save(
            str(ws.root), f"s{i}", "main", {"count": i, "fingerprint": i})),
    "archive checkpoint": (layout.ARCHIVE_CHECKPOINT, lambda ws, i: __import__(
        "statefiles.checkpoint", fromlist=["save"]).save(
            str(ws.root), {"version": 1, "steps": {}, "status": "running", "round": i})),
}


def _valid(rel: str, data: bytes) -> None:
    if rel == "state.md":
        parsed = state_md.parse(data.decode())
        assert parsed["errors"] == [], parsed["errors"]
    else:
        json.loads(data)


@pytest.mark.parametrize("writer", sorted(WRITERS))
@pytest.mark.parametrize("name", Injector.NAMES)
def test_state_writers_are_old_or_new_under_every_failure(tmp_path, writer, name):
    """Every call of ``os.<name>`` a writer makes, failed in turn: the file
    is byte-identical to before, or is the new version; it always parses."""
    ws = _state_ws(tmp_path)
    rel, func = WRITERS[writer]
    func(ws, 0)  # the file exists, with a known good version
    path = ws.root / rel
    for nth in range(1, 40):
        before = path.read_bytes()
        with Injector(name, nth) as inj:
            try:
                func(ws, nth)
            except (Fault, state_md.StateError, atomic.LockTimeout):
                pass
        after = path.read_bytes()
        _valid(rel, after)
        if inj.fired and after != before:
            # the failure hit after the rename (e.g. the lock's close):
            # the new version is complete
            func(ws, nth)
            assert path.read_bytes() == after
        tmp = [p.name for p in path.parent.iterdir() if p.name.endswith(".tmp")]
        assert tmp == [], tmp
        if not inj.fired:
            break
    else:
        pytest.fail("more than 40 calls: the loop never reached the end")


# ================================================================== SIGKILL at every point
DRIVER = textwrap.dedent('''
    import os, signal, sys
    sys.path.insert(0, {suite!r})
    N = int(sys.argv[1])
    EVENT = sys.argv[2]
    count = [0]

    def wrap(name):
        real = getattr(os, name)

        def crash_first(*args, **kwargs):
            if name == "open" and not (len(args) > 1 and args[1] & os.O_CREAT):
                return real(*args, **kwargs)
            count[0] += 1
            if count[0] == N:
                os.kill(os.getpid(), signal.SIGKILL)
            return real(*args, **kwargs)

        setattr(os, name, crash_first)

    data = sys.stdin.buffer.read()
    from events import runtime  # imports first: only the hook's own writes count
    import workflow.archive.run, statefiles.state_md, statefiles.markers, guards  # noqa
    for name in ("write", "replace", "rename", "unlink", "rmdir", "mkdir", "fsync", "open"):
        wrap(name)
    code, out, err, _ = runtime.evaluate(EVENT, data)
    sys.stdout.write(out)
    sys.stderr.write(err)
    sys.exit(code)
''')


@pytest.fixture(scope="module")
def driver(tmp_path_factory):
    path = tmp_path_factory.mktemp("driver") / "crash_driver.py"
    path.write_text(DRIVER.format(suite=str(SUITE)))
    return path


def _complete_playbook(root: Path) -> None:
    (root / "play" / "p1" / "progress.json").write_text(json.dumps({
        "format_version": 2, "active": {"phase": "p1", "subtask": "s1"},
        "phases": {"p1": {"status": "done"}}, "subtasks": {"s1": done_entry()},
        "critic": {"status": "PASS", "evidence": ["all verified"]}}, indent=2))
    tmp = root / "play" / "p1" / "tmp"
    tmp.mkdir()
    (tmp / "scratch.txt").write_text("scratch\n")
    (tmp / "README.md").write_text("kept\n")
    # the critic really ran (its ledger; required for the archive)
    import lifecycle_kit as K

    K.critic_ran(root, "p1", ["s1", "playbook"])


def _run(driver, root: Path, event: str, payload: dict, n: int):
    env = dict(os.environ, CLAUDE_PROJECT_DIR=str(root), PYTHONDONTWRITEBYTECODE="1")
    env.pop("PLAYGATE_TRACE", None)
    return forkrun.run(driver, [n, event], input=json.dumps(payload).encode(), env=env,
                       cwd=root, timeout=60)


def _payload(root: Path, event: str) -> dict:
    base = {"session_id": "s", "transcript_path": str(root / "t.jsonl"), "cwd": str(root),
            "hook_event_name": event}
    if event == "PostToolUse":
        progress = str(root / "play" / "p1" / "progress.json")
        base.update(tool_name="Edit", tool_use_id="t", permission_mode="default",
                    tool_input={"file_path": progress, "old_string": "a", "new_string": "b"},
                    tool_response={"filePath": progress})
    if event == "SessionStart":
        base["source"] = "startup"
    if event == "SessionEnd":
        base["reason"] = "other"
    if event == "Stop":
        base["stop_hook_active"] = False
    return base


def _parse_all(root: Path) -> dict:
    """Every state file parses; returns state.md's sections."""
    text = (root / "state.md").read_text()
    parsed = state_md.parse(text)
    assert parsed["errors"] == [], parsed["errors"]
    for path in list((root / ".claude").rglob("*.json")) + list((root / "play").rglob("*.json")):
        if path.is_file() and ".cache" not in path.parts:
            json.loads(path.read_text())
    for path in (root / ".claude" / "logs").glob("*.log"):
        lines = path.read_text().splitlines()
        # a killed append loses at most its own line; every complete line parses
        for line in lines[:-1]:
            json.loads(line)
    return parsed["sections"]


RUNTIME = (".claude/session-state/", ".claude/.session-init/", ".claude/logs/",
           ".claude/.cache/")


def _temp_files(root: Path) -> list:
    """Temporary files of killed writers outside the suite's runtime
    directories (there they are never read nor committed, and the next write
    of the same file sweeps them)."""
    return sorted(rel for rel in (str(p.relative_to(root)) for p in root.rglob("*.tmp"))
                  if not rel.startswith(RUNTIME))


def _crash_every_point(tmp_path, driver, event, prepare, check_after_crash, check_resumed,
                       limit=200):
    template = tmp_path / "template"
    ws = Workspace(template)
    ws.ready()
    prepare(template)
    crashed = 0
    for n in range(1, limit):
        root = tmp_path / f"run{n}"
        shutil.copytree(template, root, symlinks=True)
        proc = _run(driver, root, event, _payload(root, event), n)
        if proc.returncode != -signal.SIGKILL:
            assert proc.returncode in (0, 2), proc.stderr.decode()[-2000:]
            shutil.rmtree(root)
            break
        crashed += 1
        sections = _parse_all(root)
        check_after_crash(template, root, sections)
        # the next hook (no crash) finishes the job
        again = _run(driver, root, event, _payload(root, event), 10**9)
        assert again.returncode in (0, 2), again.stderr.decode()[-2000:]
        assert b"Traceback" not in again.stdout + again.stderr
        sections = _parse_all(root)
        check_resumed(template, root, sections)
        shutil.rmtree(root)
    else:
        pytest.fail(f"{event} still writing after {limit} file-system changes")
    assert crashed >= 2, "no crash point reached"
    return crashed


def _same_sections(template, sections, names=("project", "config")):
    want = state_md.parse((template / "state.md").read_text())["sections"]
    for name in names:
        assert sections.get(name) == want.get(name), name


def test_archive_survives_a_crash_at_every_point(tmp_path, driver):
    """The archive engine killed before each of its file-system changes: the
    playbook is in play/p1/ or play/archive/p1/ (never lost, never both, its
    progress byte-identical), state.md parses; the next PostToolUse resumes
    and archives it exactly once."""
    original = {}

    def prepare(root):
        _complete_playbook(root)
        original["progress"] = (root / "play/p1/progress.json").read_bytes()

    def after_crash(template, root, sections):
        _same_sections(template, sections)
        here = (root / "play/p1/progress.json").exists()
        there = (root / "play/archive/p1/progress.json").exists()
        assert here != there, (here, there)
        progress = root / ("play/p1" if here else "play/archive/p1") / "progress.json"
        assert progress.read_bytes() == original["progress"]
        plan = json.loads((progress.parent / "plan.json").read_text())
        assert plan["meta"]["status"] in ("active", "archived")
        assert sections["playbook"]["active"] in ("play/p1/plan.json", None)

    def resumed(template, root, sections):
        _same_sections(template, sections)
        assert sorted(p.name for p in (root / "play/archive").iterdir()) == ["p1"]
        assert not (root / "play/p1").exists()
        assert (root / "play/archive/p1/progress.json").read_bytes() == original["progress"]
        plan = json.loads((root / "play/archive/p1/plan.json").read_text())
        assert plan["meta"]["status"] == "archived"
        assert not (root / "play/archive/p1/tmp/scratch.txt").exists()
        assert (root / "play/archive/p1/tmp/README.md").read_text() == "kept\n"
        assert sections["playbook"]["active"] is None
        assert sections["playbook"]["last_archived"] == "play/archive/p1"
        pending = json.loads((root / layout.POST_LOOP_PENDING).read_text())
        assert pending["archive"] == "play/archive/p1"
        cp = json.loads((root / layout.ARCHIVE_CHECKPOINT).read_text())
        assert cp["status"] == "success", cp
        assert _temp_files(root) == [], _temp_files(root)

    crashed = _crash_every_point(tmp_path, driver, "PostToolUse", prepare, after_crash, resumed)
    assert crashed >= 10


def test_session_start_survives_a_crash_at_every_point(tmp_path, driver):
    def after_crash(template, root, sections):
        _same_sections(template, sections, ("project", "config", "playbook", "goal"))

    def resumed(template, root, sections):
        _same_sections(template, sections, ("project", "config", "playbook", "goal"))
        assert sections["session"]["last_start"]
        assert (root / layout.PENDING).is_file()
        assert (root / layout.REQUIRED_PLAYBOOK).read_text().strip() == "play/p1/plan.json"
        assert _temp_files(root) == [], _temp_files(root)

    _crash_every_point(tmp_path, driver, "SessionStart", lambda root: None, after_crash,
                       resumed)


def test_session_end_survives_a_crash_at_every_point(tmp_path, driver):
    def prepare(root):
        (root / layout.PENDING).parent.mkdir(parents=True, exist_ok=True)
        (root / layout.PENDING).write_text("x\n")

    def after_crash(template, root, sections):
        _same_sections(template, sections, ("project", "config", "playbook", "goal"))

    def resumed(template, root, sections):
        _same_sections(template, sections, ("project", "config", "playbook", "goal"))
        assert sections["session"]["last_end"]
        # SessionEnd removes init-guard's pending marker and
        # leaves the rest of .session-init/ to the next SessionStart.
        assert not (root / layout.PENDING).exists()
        assert _temp_files(root) == [], _temp_files(root)

    _crash_every_point(tmp_path, driver, "SessionEnd", prepare, after_crash, resumed)


def test_stop_counter_survives_a_crash_at_every_point(tmp_path, driver):
    def after_crash(template, root, sections):
        path = root / ".claude/session-state/stop-guard.json"
        if path.exists():
            count = json.loads(path.read_text())["sessions"]["s"]["main"]["count"]
            assert count == 1

    def resumed(template, root, sections):
        record = json.loads((root / ".claude/session-state/stop-guard.json").read_text())
        assert record["sessions"]["s"]["main"]["count"] in (1, 2)
        assert _temp_files(root) == [], _temp_files(root)

    _crash_every_point(tmp_path, driver, "Stop", lambda root: None, after_crash, resumed)


# ================================================================== SIGKILL at random moments
LOOP = textwrap.dedent('''
    import sys
    sys.path.insert(0, {suite!r})
    from statefiles import state_md
    from statefiles.markers import Markers
    from guards.stop_loop_guard import save
    root = sys.argv[1]
    markers = Markers(root)
    i = 0
    while True:
        i += 1
        state_md.update_keys(root, "session", {{"last_start": f"2026-01-0{{i % 9 + 1}} 10:00:00"}})
        state_md.update_keys(root, "goal", {{"done_criteria": [f"c{{i}}"] * (i % 5)}})
        markers.write_json(".claude/session-state/post-loop-pending", {{"round": i,
                                                                       "pad": "x" * (i % 4000)}})
        save(root, f"s{{i % 20}}", "main", {{"count": i, "fingerprint": i}})
''')


def test_random_sigkill_never_tears_a_state_file(tmp_path):
    ws = Workspace(tmp_path / "ws")
    ws.ready()
    root = ws.root
    script = tmp_path / "loop.py"
    script.write_text(LOOP.format(suite=str(SUITE)))
    before = state_md.parse((root / "state.md").read_text())["sections"]
    rng = random.Random(8)
    valid_dates = {f"2026-01-0{d} 10:00:00" for d in range(1, 10)}
    for _ in range(12):
        proc = subprocess.Popen([sys.executable, str(script), str(root)],
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        time.sleep(0.15 + rng.random() * 0.5)  # after start-up, somewhere in the loop
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        parsed = state_md.parse((root / "state.md").read_text())
        assert parsed["errors"] == [], parsed["errors"]
        sections = parsed["sections"]
        assert sections["config"] == before["config"] and sections["project"] == before["project"]
        assert sections["session"]["last_start"] in valid_dates | {None}
        assert isinstance(sections["goal"]["done_criteria"], list)
        for rel in (".claude/session-state/post-loop-pending",
                    ".claude/session-state/stop-guard.json"):
            if (root / rel).exists():
                json.loads((root / rel).read_text())
    # Leftovers of the killed writers are swept by the next write.
    state_md.update_keys(str(root), "session", {"last_start": "2026-02-01 10:00:00"})
    assert not [p for p in root.iterdir() if p.name.startswith(".state.md.")], \
        list(root.iterdir())


def test_a_killed_writers_temp_file_is_swept_and_never_committed(tmp_path):
    from conftest import make_repo

    from workflow.archive import git_steps

    repo = make_repo(tmp_path / "repo")
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    name = f".state.md.{dead.pid}.0badc0de.tmp"
    (repo / name).write_text("half a state.md")
    (repo / "src.py").write_text("x = 1\n")
    g = git_steps.Git(str(repo), time.monotonic() + 30, False)
    paths, _ = g.changes()
    assert "src.py" in paths and name not in paths, paths
    assert atomic.is_temp_name(name) and not atomic.is_temp_name("notes.tmp")
    assert atomic.sweep_stale(str(repo / "state.md")) == 1
    assert not (repo / name).exists()
