"""The workflow's state machine under concurrency and short writes, through
the installed hooks.

Claude Code runs hooks in parallel: the critic's SubagentStop can race the
main agent's Stop, another critic's stop and the reviewer's SubagentStop.
Every process is started first and blocks reading its payload; the
payloads are then written to all of them at once (stdin is the barrier).
Each round asserts that the gate stays closed (no Stop of the race is let
through while the playbook is unfinished or its archive open, and Stop
after the race blocks naming the post-loop handler), that nothing is lost
(every verdict's ledger line is there, whole; the playbook's files are whole
in exactly one place) and that the one named step, the post-loop handler,
recovers.

Short writes: every JSON-lines file the hooks append to (critic ledger,
review ledger, critic-commands, decision log, subagent log) goes through
``statefiles.atomic.append_lines``; with ``os.write`` writing a few bytes a
call, a whole critic run still leaves only whole records.

The fast form is in the inner loop; the fuller one (more processes, more
rounds) is marked ``slow``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
import reward_kit as K
from test_faults_archive import CHECKPOINT, HANDLER, LEDGER, PENDING, complete, places

from statefiles import layout
from statefiles.bookkeeping import REVIEW_LEDGER

CRITIC_PASS = "All criteria met; the commands ran green.\n\nCRITIC: PASS playbook"


def _project(installed):
    """The installed repository with the reward playbook: every subtask done
    with its PASS, the playbook critic not yet run; ``play/side`` a reviewed
    draft's sibling for the reviewer to pass."""
    root = installed.root
    K.git(root, "checkout", "-q", "-b", K.BRANCH)
    K.make_reward_repo(root)
    complete(root, critic=False)
    return root


def _race(installed, calls: list) -> list:
    """Start every hook of ``calls`` (``(event, fields)``), then hand them
    their payloads at once; returns their :class:`conftest.HookResult`-like
    ``(event, fields, code, stdout, stderr)`` in order."""
    root = installed.root
    env = dict(os.environ, CLAUDE_PROJECT_DIR=str(root))
    env.pop("PLAYGATE_TRACE", None)
    procs = []
    for event, _fields in calls:
        procs.append(subprocess.Popen(["sh", "-c", installed.command(event)],
                                      stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE, env=env, cwd=str(root)))
    datas = [json.dumps(installed.payload(event, **fields)).encode() for event, fields in calls]
    for proc, data in zip(procs, datas):
        proc.stdin.write(data)
    for proc in procs:
        proc.stdin.close()
        proc.stdin = None  # handed over: communicate() only reads
    out = []
    for (event, fields), proc in zip(calls, procs):
        stdout, stderr = proc.communicate(timeout=120)
        out.append((event, fields, proc.returncode, stdout.decode(), stderr.decode()))
    return out


def _blocked(code: int, stdout: str) -> bool:
    if code == 2:
        return True
    try:
        return json.loads(stdout or "{}").get("decision") == "block"
    except ValueError:
        return False


def _lines(path) -> list:
    """Every line of a JSON-lines file, each of which must be one whole
    JSON object (a torn or glued line fails here)."""
    if not path.exists():
        return []
    out = []
    for line in path.read_text().splitlines():
        if line.strip():
            record = json.loads(line)
            assert isinstance(record, dict), line
            out.append(record)
    return out


def _round(installed, critics: int, stops: int, reviewers: int) -> None:
    root = _project(installed)
    ids = [f"a-critic-{i}" for i in range(critics)]
    for agent_id in ids:
        K.critic_ran(root, agent_id)  # the hooks saw each run the plan's commands
    calls = []
    for i in range(max(critics, stops, reviewers)):
        if i < critics:
            calls.append(("SubagentStop", {"agent_id": ids[i], "agent_type": "critic",
                                           "stop_hook_active": False,
                                           "last_assistant_message": CRITIC_PASS}))
        if i < stops:
            # each its own session: the loop guard's bound (blocks in a row
            # per session) is not what this race is about
            calls.append(("Stop", {"stop_hook_active": False, "session_id": f"race-{i}",
                                   "last_assistant_message": "Done."}))
        if i < reviewers:
            calls.append(("SubagentStop", {
                "agent_id": f"a-rev-{i}", "agent_type": "reviewer", "stop_hook_active": False,
                "last_assistant_message": f"Reviewed.\n\nREVIEW: PASS {K.PLAN}"}))
    results = _race(installed, calls)

    # the gate stayed closed: no Stop of the race was let through
    for event, _fields, code, stdout, stderr in results:
        if event == "Stop":
            assert _blocked(code, stdout), (code, stdout, stderr)
    # nothing lost: every critic's verdict is in the ledger, whole
    ledger = _lines(root / LEDGER)
    passed = {r["agent_id"] for r in ledger
              if r.get("subtask") == "playbook" and r.get("verdict") == "PASS"}
    assert passed == set(ids), ledger
    reviewed = {r.get("agent_id") for r in _lines(root / REVIEW_LEDGER)}
    assert {f"a-rev-{i}" for i in range(reviewers)} <= reviewed
    _lines(root / layout.DECISIONS_LOG)  # whole lines (parallel appends)
    where = places(root)
    assert len(where) == 1, where
    for name in ("plan.json", "progress.json"):
        json.loads((where[0] / name).read_text())
    # after the race: Stop holds and names the one step, which closes it all
    stop = installed.hook("Stop", stop_hook_active=False, session_id="after-the-race")
    assert _blocked(stop.code, stop.stdout) and HANDLER in stop.json["reason"], stop
    done = subprocess.run([sys.executable, str(root / ".claude/skills/post-loop/handler.py")],
                          capture_output=True, text=True, timeout=120, cwd=str(root),
                          env=dict(os.environ, CLAUDE_PROJECT_DIR=str(root)))
    assert done.returncode == 0, (done.stdout, done.stderr)
    where = places(root)
    assert len(where) == 1 and "archive" in str(where[0]), where
    assert json.loads((where[0] / "plan.json").read_text())["meta"]["status"] == "archived"
    assert not (root / PENDING).exists() and not (root / CHECKPOINT).exists()
    free = installed.hook("Stop", stop_hook_active=False, session_id="after-the-race")
    assert not _blocked(free.code, free.stdout), free


def test_critics_stops_and_a_reviewer_racing_keep_the_gate_closed(installed):
    _round(installed, critics=2, stops=2, reviewers=1)


@pytest.mark.slow
@pytest.mark.parametrize("n", range(3))
def test_many_critics_stops_and_reviewers_racing_keep_the_gate_closed(installed, n):
    _round(installed, critics=4, stops=5, reviewers=2)


# --------------------------------------------------------------------------- short writes


def test_short_writes_in_every_append_of_a_critic_run_leave_whole_records(tmp_path,
                                                                          monkeypatch):
    """``os.write`` writes at most 5 bytes a call for the whole run of the
    hooks: the critic's commands (PostToolUse, PostToolUseFailure), its
    stop, the reviewer's stop and the main agent's Stop. Every JSON-lines
    file they append to holds only whole records, all of them, and the
    gate still works (the critic's PASS archives the playbook; Stop holds
    and names the handler)."""
    root = K.make_reward_repo(tmp_path / "r")
    complete(root, critic=False)
    real = os.write
    calls = {"short": 0}

    def short(fd, data):
        data = bytes(data)
        if len(data) > 5:
            calls["short"] += 1
        return real(fd, data[:5])

    monkeypatch.setattr(os, "write", short)
    from workflow.evidence import CRITIC_COMMANDS, required_commands

    plan = json.loads((root / K.PLAN).read_text())
    ids = [s["id"] for p in plan["phases"] for s in p["subtasks"]]
    commands = list(dict.fromkeys(c for i in [*ids, "playbook"]
                                  for c in required_commands(plan, i)))
    critic = {"agent_id": "a-critic", "agent_type": "critic", "tool_name": "Bash",
              "tool_use_id": "toolu_c"}
    for command in commands:
        K.call(root, "PostToolUse", **critic, tool_input={"command": command},
               tool_response={"stdout": "", "stderr": "", "interrupted": False})
    K.call(root, "PostToolUseFailure", **critic, tool_input={"command": "ls missing"},
           error="Exit code 2\nno such file", is_interrupt=False)
    K.call(root, "SubagentStop", agent_id="a-rev", agent_type="reviewer",
           stop_hook_active=False, last_assistant_message=f"REVIEW: PASS {K.PLAN}")
    said = K.call(root, "SubagentStop", agent_id="a-critic", agent_type="critic",
                  stop_hook_active=False, last_assistant_message=CRITIC_PASS)
    stop = K.stop(root)
    monkeypatch.setattr(os, "write", real)

    assert calls["short"] > 10, calls
    assert not said.blocked, said
    ran = _lines(root / CRITIC_COMMANDS)
    assert [(r["command"], r["status"]) for r in ran] == [(c, 0) for c in commands] + [
        ("ls missing", 2)]
    ledger = _lines(root / LEDGER)
    assert any(r["subtask"] == "playbook" and r["verdict"] == "PASS" for r in ledger), ledger
    assert [r.get("agent_id") for r in _lines(root / REVIEW_LEDGER)] == ["a-rev"]
    decisions = _lines(root / layout.DECISIONS_LOG)
    assert any(r.get("event") == "Stop" for r in decisions), decisions
    for path in (root / ".claude/logs").glob("*.jsonl"):
        _lines(path)  # every file the run appended to: whole records only
    assert stop.blocked and stop.guard == "post-loop-pending" and HANDLER in stop.text, stop
