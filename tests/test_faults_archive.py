"""The workflow's state machine under faults: kill the archive, the critic's
stop and the post-loop handler at every file operation (before it, and
inside each write), then check that the gate stays closed (Stop blocks; an
edit is refused while an archive is open), that nothing is lost (the
playbook's files are whole in exactly one place, the ledger's records
parse), and that the one step the block names recovers.

The fast form (inner loop) kills the PostToolUse archive before each of its
file operations; the full form (``slow``, in ``.ci/run``) kills inside each
write too, and the critic's stop and the post-loop handler. Short writes and
a file-size limit on the JSON-lines appends are checked here as well.
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import subprocess
import sys

import fault_kit as FK
import pytest
import reward_kit as K
from saying import says

from messages import text

LEDGER = ".claude/logs/critic-ledger.jsonl"


def complete(rr, critic=True):
    """Every subtask and phase done with evidence and the critic's PASS in the
    ledger; with ``critic`` the playbook critic's PASS too."""
    doc = K.read_json(rr, K.PROGRESS)
    for sid in doc["subtasks"]:
        doc["subtasks"][sid] = K.evidenced()
    for pid in doc["phases"]:
        doc["phases"][pid]["status"] = "done"
    if critic:
        doc["critic"] = {"status": "PASS", "evidence": ["critic: all criteria met"], "notes": ""}
    (rr / K.PROGRESS).write_text(K.dump(doc))
    path = rr / LEDGER
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a", encoding="utf-8") as fh:
        for ident in list(doc["subtasks"]) + (["playbook"] if critic else []):
            fh.write(json.dumps({"ts": "2026-01-02T00:00:00+00:00", "session_id": "t",
                                 "agent_id": "critic", "playbook": K.PLAN, "subtask": ident,
                                 "verdict": "PASS", "reason": ""}) + "\n")

LEDGER = ".claude/logs/critic-ledger.jsonl"
PENDING = ".claude/session-state/post-loop-pending"
CHECKPOINT = ".claude/session-state/archive-checkpoint.json"
HANDLER = "skills/post-loop/handler.py"


@pytest.fixture(scope="module")
def template(tmp_path_factory):
    """A reward repo whose playbook is complete with every PASS in the ledger."""
    root = K.make_reward_repo(tmp_path_factory.mktemp("tpl") / "repo")
    complete(root)
    return root


@pytest.fixture(scope="module")
def template_awaiting_critic(tmp_path_factory):
    """Every subtask done with its PASS; the playbook critic not yet run."""
    root = K.make_reward_repo(tmp_path_factory.mktemp("tplc") / "repo")
    complete(root, critic=False)
    K.critic_ran(root, "a-critic")  # the hooks saw it run the plan's commands
    return root


def fresh(template, tmp_path, n) -> object:
    root = tmp_path / f"r{n}"
    shutil.copytree(template, root, symlinks=True)
    return root


def places(root) -> list:
    """Where the playbook's files are now: ``play/demo`` and/or archives."""
    found = []
    for d in [root / "play/demo"] + sorted((root / "play/archive").glob("demo*")):
        if (d / "plan.json").exists() or (d / "progress.json").exists():
            found.append(d)
    return found


def assert_nothing_lost(root, k):
    where = places(root)
    assert len(where) == 1, (k, where)
    for name in ("plan.json", "progress.json"):
        json.loads((where[0] / name).read_text())  # whole, parses
    lines = (root / LEDGER).read_text().splitlines()
    good = [json.loads(x) for x in lines if x.startswith("{") and x.endswith("}")]
    assert {r["subtask"] for r in good if r["verdict"] == "PASS"} >= {"p1.1", "p1.2", "p2.1"}


def assert_closed(root, k):
    """After recovery: archived once, state reset, nothing open, Stop free."""
    where = places(root)
    assert len(where) == 1 and "archive" in str(where[0]), (k, where)
    plan = json.loads((where[0] / "plan.json").read_text())
    assert plan["meta"]["status"] == "archived", k
    assert "active: null" in (root / "state.md").read_text() or \
        "active:" not in (root / "state.md").read_text(), k
    assert not (root / PENDING).exists() and not (root / CHECKPOINT).exists(), k
    # a killed writer's temporary file of the files the recovery closed is
    # gone (others are swept by the next write of their file); none is ever
    # left in the work tree
    leftovers = [p.name for p in (root / ".claude/session-state").glob(".*.tmp")]
    assert not [n for n in leftovers
                if n.startswith((".post-loop-pending.", ".archive-checkpoint.json."))], k
    assert not [p for p in root.glob("*.tmp")] + [p for p in root.glob("play/**/.*.tmp")], k
    result = K.stop(root)
    assert not result.blocked, (k, result)


def gate_closed(root, k):
    """Stop blocks and names the recovery step; an edit of the work is refused
    in every state the archive can be left in (due, open or pending: the
    Edit/Write chain reads the same state as Stop) and names the same step.
    Returns Stop's result."""
    stop = K.stop(root)
    assert stop.blocked, (k, stop)
    edit = K.tool(root, "Edit", {"file_path": str(root / "src/app.py"),
                                 "old_string": "hi", "new_string": "ho"})
    assert edit.blocked and edit.guard in ("pending-guard", "prompt-analyzer-gate"), (k, edit)
    assert HANDLER in edit.text, (k, edit.text)
    return stop


def recover(root, k, stop):
    """The one step Stop names: the post-loop handler, which the PreToolUse
    guards let through in every state the archive can be left in (a killed
    archive may have reset state.md before it wrote post-loop-pending)."""
    assert stop.guard == "post-loop-pending", (k, stop)
    assert HANDLER in stop.text, (k, stop.text)
    from statefiles import layout

    step = K.tool(root, "Bash", {"command": layout.post_loop_command(str(root)),
                                 "description": "run the post-loop handler"})
    assert not step.blocked, (k, step)
    done = FK.handler(root)
    assert done.returncode == 0, (k, done.stdout, done.stderr)
    assert_closed(root, k)


def _kill_everywhere(template, tmp_path, action, modes, recover_with, sample=None):
    """Kill ``action`` at each of its fault points (``sample``: that many,
    spread evenly from the first to the last), in each of ``modes``."""
    probe = fresh(template, tmp_path, "probe")
    killed, points = FK.run(action, probe, -1)
    assert not killed and points and points >= 3, points
    ks = list(range(1, points + 1))
    if sample is not None and sample < points:
        ks = sorted({1 + round(i * (points - 1) / (sample - 1)) for i in range(sample)})
    for mode in modes:
        for k in ks:
            root = fresh(template, tmp_path, f"{mode}{k}")
            killed, _ = FK.run(action, root, k, mode)
            assert killed, (mode, k)
            recover_with(root, (action, mode, k))
    return points


def _after_archive_kill(root, k):
    assert_nothing_lost(root, k)
    stop = gate_closed(root, k)
    recover(root, k, stop)


def test_a_killed_archive_holds_the_gate_and_the_handler_recovers(template, tmp_path):
    """Fast form: the PostToolUse that archives, killed before seven of its
    file operations spread over the run (the first and the last included)."""
    points = _kill_everywhere(template, tmp_path, "post_tool_use", ("before",),
                              _after_archive_kill, sample=7)
    assert points >= 8


@pytest.mark.slow
def test_a_archive_killed_at_every_point_before_and_inside_each_write(template, tmp_path):
    _kill_everywhere(template, tmp_path, "post_tool_use", ("before", "inside"),
                     _after_archive_kill)


@pytest.mark.slow
def test_a_killed_critic_stop_holds_the_gate_and_recovers(template_awaiting_critic, tmp_path):
    def after(root, k):
        stop = K.stop(root)
        assert stop.blocked, (k, stop)
        if stop.guard == "completion-check":
            # the playbook verdict was not (fully) recorded: the block names
            # the critic; its run again is the step
            assert "critic" in stop.text, (k, stop.text)
            killed, _ = FK.run("critic_stop", root)
            assert not killed
            stop = K.stop(root)
        recover(root, k, stop)

    _kill_everywhere(template_awaiting_critic, tmp_path, "critic_stop", ("before", "inside"),
                     after)


@pytest.mark.slow
def test_a_killed_post_loop_handler_is_finished_by_running_it_again(template, tmp_path):
    base = fresh(template, tmp_path, "base")
    killed, _ = FK.run("post_tool_use", base)
    assert not killed and (base / PENDING).exists()

    def after(root, k):
        stop = K.stop(root)
        if not stop.blocked:
            assert_closed(root, k)  # it had finished its state changes
            return
        recover(root, k, stop)

    _kill_everywhere(base, tmp_path, "handler", ("before", "inside"), after)


# --------------------------------------------------------------------------- appends


def test_a_torn_ledger_tail_is_repaired_before_the_next_record(tmp_path):
    rr = K.make_reward_repo(tmp_path / "repo")
    path = rr / LEDGER
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"subtask": "p1.1", "verdict": "PA')  # a writer killed mid-line
    K.critic_says(rr, "CRITIC: PASS p1.2")
    lines = path.read_text().splitlines()
    assert lines[0] == '{"subtask": "p1.1", "verdict": "PA'
    assert json.loads(lines[1])["subtask"] == "p1.2"


def test_short_writes_are_continued_and_a_stalled_one_raises(tmp_path, monkeypatch):
    from statefiles import atomic

    path = tmp_path / "log.jsonl"
    real = os.write
    calls = []

    def short(fd, data):
        calls.append(len(data))
        return real(fd, bytes(data)[:3])

    monkeypatch.setattr(os, "write", short)
    atomic.append_nonblocking(str(path), b'{"a": 1}\n{"b": 2}\n')
    monkeypatch.setattr(os, "write", real)
    assert path.read_bytes() == b'{"a": 1}\n{"b": 2}\n' and len(calls) > 1

    monkeypatch.setattr(os, "write", lambda fd, data: 0)
    with pytest.raises(OSError):
        atomic.append_nonblocking(str(path), b'{"c": 3}\n')


_FSIZE = r"""
import json, os, resource, sys
sys.path.insert(0, sys.argv[1])
from statefiles import atomic, jsonlog
path = sys.argv[2]
size = os.path.getsize(path)
resource.setrlimit(resource.RLIMIT_FSIZE, (size + 10, size + 10))
try:
    atomic.append_nonblocking(path, (json.dumps({"subtask": "p1.9", "verdict": "PASS",
                                                 "reason": "x" * 200}) + "\n").encode())
    print("NO ERROR")
except OSError as exc:
    print("RAISED", exc.errno)
print("ROTATING", jsonlog.append_rotating(path, b'{"z": 1}\n', max_bytes=10 ** 6, keep=1,
                                          lock=path + ".lock"))
"""


def test_a_file_size_limit_makes_the_append_fail_loudly_and_the_next_one_whole(tmp_path):
    path = tmp_path / "critic-ledger.jsonl"
    path.write_text(json.dumps({"subtask": "p1.1", "verdict": "PASS"}) + "\n")
    proc = subprocess.run([sys.executable, "-c", _FSIZE, str(FK.SUITE), str(path)],
                          capture_output=True, text=True, timeout=60, check=False)
    assert "RAISED" in proc.stdout and "ROTATING False" in proc.stdout, proc
    from statefiles import atomic

    atomic.append_nonblocking(str(path), b'{"subtask": "p2.1", "verdict": "PASS"}\n')
    lines = path.read_text().splitlines()
    assert json.loads(lines[0])["subtask"] == "p1.1"
    assert json.loads(lines[-1])["subtask"] == "p2.1"  # not glued onto the torn one
    assert resource.getrlimit(resource.RLIMIT_FSIZE)  # the limit stayed in the child


def test_a_failed_ledger_append_is_reported_by_the_critics_stop(tmp_path):
    rr = K.make_reward_repo(tmp_path / "repo")
    (rr / ".claude/logs").mkdir(parents=True, exist_ok=True)
    os.mkfifo(rr / LEDGER)  # cannot be appended to
    result = K.critic_says(rr, "CRITIC: PASS p1.1")
    assert says(result.text, "runtime.effect_failed",
                label=text("en", "runtime.effect.record_critic_verdicts")), result


# --------------------------------------------------------------------------- killed writers' temp files


def test_a_zombie_writers_temp_file_is_swept_on_the_next_write(tmp_path):
    """The writer was killed and its parent has not reaped it: the process
    table still lists it (a zombie), yet it writes nothing any more."""
    from statefiles import atomic

    child = subprocess.Popen([sys.executable, "-c", "import os; os.kill(os.getpid(), 9)"])
    for _ in range(200):
        with open(f"/proc/{child.pid}/stat", "rb") as fh:
            if fh.read().rsplit(b")", 1)[1].split()[0] == b"Z":
                break
        __import__("time").sleep(0.01)
    target = tmp_path / "state.md"
    leftover = tmp_path / f".state.md.{child.pid}.0badc0de.tmp"
    leftover.write_text("half")
    try:
        atomic.write_atomic(str(target), "whole\n")
        assert not leftover.exists()
    finally:
        child.wait()


def test_an_old_temp_file_is_swept_whatever_its_pid(tmp_path):
    from statefiles import atomic

    target = tmp_path / "state.md"
    alive = tmp_path / f".state.md.{os.getppid()}.0badc0de.tmp"  # a live pid, not ours
    alive.write_text("half")
    atomic.write_atomic(str(target), "one\n")
    assert alive.exists()  # young: perhaps a writer at work
    old = __import__("time").time() - atomic.STALE_TEMP_S - 5
    os.utime(alive, (old, old))
    atomic.write_atomic(str(target), "two\n")
    assert not alive.exists()


# --------------------------------------------------------------------------- messages that name the fix


def test_a_bom_in_progress_json_is_named_with_its_fix(tmp_path):
    rr = K.make_reward_repo(tmp_path / "repo")
    text = (rr / K.PROGRESS).read_text()
    (rr / K.PROGRESS).write_bytes(b"\xef\xbb\xbf" + text.encode())
    result = K.stop(rr)
    assert result.blocked and says(result.text, "playbook.bom", label="play/demo/progress.json"), \
        result
    assert "Expecting value" not in result.text


def test_a_killed_state_reset_names_the_handler_not_playbook_active(tmp_path):
    """Killed after the move, before state.md was reset: the block names the
    post-loop handler, the one step that finishes it."""
    rr = K.make_reward_repo(tmp_path / "repo")
    complete(rr)
    from workflow.archive import run as engine

    real = engine.STEP_FUNCS["state_reset"]
    engine.STEP_FUNCS["state_reset"] = lambda *a: (_ for _ in ()).throw(OSError(28, "No space"))
    try:
        from statefiles.playbook import Playbook

        engine.run(str(rr), playbook=Playbook(str(rr), K.PLAN), branch=K.BRANCH, network=False)
    finally:
        engine.STEP_FUNCS["state_reset"] = real
    result = K.stop(rr)
    assert result.blocked and result.guard == "post-loop-pending", result
    assert HANDLER in result.text and "playbook.active" not in result.text, result
    done = FK.handler(rr)
    assert done.returncode == 0, done.stdout + done.stderr
    assert_closed(rr, "state_reset failed")


# --------------------------------------------------------------------------- due, on edits

def _edit(path):
    return {"file_path": str(path), "old_string": "hi", "new_string": "ho"}


def test_a_due_archive_holds_edits_and_stop_alike_and_the_handler_releases_both(template,
                                                                               tmp_path):
    """``due`` (complete with the critic's PASS, never archived) is read by the
    Edit/Write chain as by Stop: the work is refused naming the handler, the
    files the recovery needs stay editable, and the handler releases both."""
    root = fresh(template, tmp_path, "due")
    edit = K.tool(root, "Edit", _edit(root / "src/app.py"))
    assert edit.blocked and edit.guard == "pending-guard", edit
    assert "PASS" in edit.text and HANDLER in edit.text, edit.text
    for free in (root / "state.md", root / K.PROGRESS):
        assert K.tool(root, "Edit", _edit(free)).guard != "pending-guard", free
    stop = K.stop(root)
    assert stop.blocked and stop.guard == "post-loop-pending" and HANDLER in stop.text, stop
    recover(root, "due", stop)
    assert K.tool(root, "Edit", _edit(root / "src/app.py")).guard != "pending-guard"


def test_an_unfinished_playbook_is_not_due(tmp_path):
    """Only a complete playbook with its ledger PASS is due: the PASS typed
    into progress.json without the ledger's does not hold edits."""
    root = K.make_reward_repo(tmp_path / "r")
    complete(root)
    (root / LEDGER).unlink()
    assert K.tool(root, "Edit", _edit(root / "src/app.py")).guard != "pending-guard"


def test_installed_hooks_hold_an_edit_while_the_archive_is_due(installed):
    root = installed.root
    K.git(root, "checkout", "-q", "-b", K.BRANCH)
    K.make_reward_repo(root)
    complete(root)
    edit = installed.hook("PreToolUse", tool_name="Edit", tool_input=_edit(root / "src/app.py"),
                          tool_use_id="toolu_e")
    assert edit.blocked and "[playgate:pending-guard]" in edit.reason, edit
    assert "post-loop/handler.py" in edit.reason
    done = subprocess.run([sys.executable, str(root / ".claude/skills/post-loop/handler.py")],
                          capture_output=True, text=True, timeout=120, cwd=str(root),
                          env=dict(os.environ, CLAUDE_PROJECT_DIR=str(root)))
    assert done.returncode == 0, (done.stdout, done.stderr)
    again = installed.hook("PreToolUse", tool_name="Edit", tool_input=_edit(root / "src/app.py"),
                           tool_use_id="toolu_f")
    assert "[playgate:pending-guard]" not in again.reason, again


# --------------------------------------------------------------------------- the loop guard lets go


def _let_go(root):
    """Stop until the loop guard lets the session end; its result."""
    result = K.stop(root)
    for _ in range(10):
        if not result.blocked:
            return result
        result = K.stop(root, stop_hook_active=True)
    raise AssertionError(result)


@pytest.mark.parametrize("left", ["due", "open", "pending"])
def test_a_session_let_go_is_told_what_is_left_and_the_next_session_start_resumes_it(
        template, tmp_path, left):
    """The loop guard lets a session end with the archive still held: its
    message says what is left and the command. The next SessionStart (a new
    conversation) reports and resumes a due or open archive; a pending
    post-loop alone is named, never claimed to be resumed (SessionStart drops
    it as stale). In every case the post-loop handler then closes it all."""
    root = fresh(template, tmp_path, left)
    if left == "open":
        killed, _ = FK.run("post_tool_use", root, 10)   # inside the local steps
        assert killed and (root / CHECKPOINT).exists() and not (root / PENDING).exists()
    elif left == "pending":
        killed, _ = FK.run("post_tool_use", root)
        assert not killed and (root / PENDING).exists()
    said = _let_go(root).text
    assert HANDLER in said, said
    if left == "pending":
        assert "post-loop" in said and not says(said, "stop_loop_guard.archive_due"), said
    else:
        assert says(said, "stop_loop_guard.archive_due"), said
    start = K.call(root, "SessionStart", source="startup")
    if left != "pending":
        assert HANDLER in start.text, start
        # resumed: archived locally, only the post-loop left
        where = places(root)
        assert len(where) == 1 and "archive" in str(where[0]), (left, where)
    assert_nothing_lost_after(root)
    done = FK.handler(root)
    assert done.returncode == 0, (done.stdout, done.stderr)
    assert_closed(root, left)


def assert_nothing_lost_after(root):
    where = places(root)
    assert len(where) == 1, where
    for name in ("plan.json", "progress.json"):
        json.loads((where[0] / name).read_text())


def test_an_archive_lock_that_cannot_be_opened_is_reported_and_holds_the_gate(template,
                                                                             tmp_path):
    """The archive's lock file is a directory (it cannot be opened): the
    PostToolUse that would archive says so and what to do, nothing is
    archived, the playbook stays ``due`` (Stop and edits held, naming the
    handler), and once the lock is repaired the handler archives it."""
    root = fresh(template, tmp_path, "lock")
    lock = root / ".claude/.locks/archive.lock"
    if lock.exists():
        lock.unlink()
    lock.mkdir(parents=True)
    progress = str(root / K.PROGRESS)
    after = K.call(root, "PostToolUse", tool_name="Edit", tool_use_id="t1",
                   tool_input={"file_path": progress, "old_string": "x", "new_string": "y"},
                   tool_response={"filePath": progress, "success": True})
    assert says(after.text, "archive.lock_unavailable") and "archive.lock" in after.text, after
    assert not says(after.text, "archive.busy"), after
    assert places(root) == [root / "play/demo"]  # nothing archived
    stop = gate_closed(root, "lock")
    lock.rmdir()
    recover(root, "lock", stop)


def test_the_move_waits_for_the_state_lock_the_bookkeeping_writes_under(template, tmp_path):
    """The critic's and the reviewer's bookkeeping read and write the
    playbook under the state lock. The archive moves it under that lock too:
    while another process holds it, the move does not happen (the step fails
    and the playbook stays whole in ``play/demo``), so no writer that read it
    before the move can write it back into ``play/demo`` afterwards (the race
    that left it in two places); once the lock is free, the next run moves it,
    once."""
    from conftest import hold_lock

    from statefiles import layout
    from statefiles.atomic import set_lock_budget
    from statefiles.playbook import Playbook
    from workflow.archive import run as archive

    root = fresh(template, tmp_path, "statelock")
    holder = hold_lock(str(root / layout.LOCK_FILE), 60)
    try:
        set_lock_budget(0.3)
        try:
            result = archive.run(str(root), playbook=Playbook(str(root), K.PLAN),
                                 branch=K.BRANCH, network=False)
        finally:
            set_lock_budget(None)
        assert result is not None and result.status == "failed", result
        assert result.checkpoint["failed_step"] == "archive", result.checkpoint
        assert places(root) == [root / "play/demo"]
    finally:
        holder.kill()
        holder.wait()
    resumed = archive.run(str(root), network=False)
    assert resumed is not None and resumed.checkpoint["steps"]["archive"]["status"] == "done", resumed
    assert places(root) == [root / "play/archive/demo"]
