"""The golden path as a compliant agent meets it.

The real Claude Code CLI, headless (``claude -p``), in the **default**
permission mode, with the settings install.py wrote plus only the user's
``project_commands``; the model is :mod:`golden`'s reactive agent, which does
literally what the suite's messages and skills tell it and follows the
instruction of any refusal. Two sessions: the request, then the user's "yes"
in the resumed conversation (``--continue``).

The CLI is the pinned one, or ``$PLAYGATE_E2E_CLAUDE`` (run it again with the
newest, e.g. ``.cache/claude-code-2.1.332/node_modules/.bin/claude``).
"""

from __future__ import annotations

import json
import os
import shutil

import pytest

from . import golden
from .harness import Sandbox, git

import messages
from saying import says

pytestmark = pytest.mark.e2e

#: At most 20 main-agent turns for the reference task.
TURN_BUDGET = 20
BROKEN_INSTALL = ("could not run", "missing or broken", "install.py", "failclosed")


@pytest.fixture(scope="module")
def journey(claude_cli, api):
    """One golden-path run (two sessions), shared by the tests below."""
    box = golden.prepare(Sandbox)
    run = golden.GoldenRun(box, api, claude=claude_cli)
    yield run
    if not os.environ.get("PLAYGATE_E2E_KEEP"):
        shutil.rmtree(box.root, ignore_errors=True)


def test_the_default_install_runs_it_with_the_sandbox_on(journey):
    """The default install is ``--sandbox required``: the settings turn
    Claude Code's sandbox on and, where it works here (CI installs
    bubblewrap and socat), this machine's local settings make the CLI fail
    when it is unavailable. So this journey is the golden path with the
    sandbox on; tests/e2e/test_sandbox.py runs it with the sandbox off."""
    from playgate.installer import sandbox

    repo = journey.box.repo
    settings = json.loads((repo / ".claude" / "settings.json").read_text())
    assert settings["sandbox"]["enabled"] is True, settings.get("sandbox")
    local = json.loads((repo / ".claude" / "settings.local.json").read_text())
    working = sandbox.probe()[0] == "working"
    assert local.get("sandbox", {}).get("failIfUnavailable", False) is working, local


def test_the_compliant_agent_finishes_without_getting_stuck(journey):
    j = journey.journal
    assert [r.code for r in journey.runs] == [0, 0], journey.runs[-1].describe()
    assert journey.agent.done, j.report()
    assert j.stuck == [], j.report()
    # Every message that told the agent to do something named a step the
    # guards then allowed.
    assert j.contradictions == [], j.report()
    assert j.of("block", "denied") == [], j.report()


def test_every_note_the_agent_got_is_one_it_expects(journey):
    """No warning beyond the golden path's own context (where the work
    stands, what comes next): no self-review, done-criteria or scope
    warning, no broken-install note."""
    j = journey.journal
    assert j.of("warning") == [], j.report()
    assert j.of("note") == [], j.report()


def test_it_takes_at_most_the_turn_budget(journey):
    j = journey.journal
    assert j.turns <= TURN_BUDGET, j.report()
    # Recorded for the note (pytest -s shows it).
    print(f"\ngolden path: {j.turns} main-agent turns, {j.work_turns} touched code, "
          f"tests or git\n{j.report()}")


def test_the_work_and_the_archive_are_committed_on_the_feature_branch(journey):
    repo = journey.box.repo
    assert git(repo, "branch", "--show-current").stdout.strip() == golden.BRANCH
    files = git(repo, "show", "--name-only", "--format=", "HEAD").stdout.split()
    assert {"greet/cli.py", "tests/test_cli.py", f"play/archive/{golden.PLAYBOOK_ID}/plan.json",
            f"play/archive/{golden.PLAYBOOK_ID}/progress.json", "state.md"} <= set(files), files
    assert not any("__pycache__" in f or f.endswith(".pyc") for f in files), files
    assert "--shout" in (repo / "greet/cli.py").read_text()
    # main is untouched: the work happened on the branch.
    assert "--shout" not in git(repo, "show", "main:greet/cli.py").stdout
    # Nothing of the work is left uncommitted (state.md's session keys are
    # the hooks' own).
    left = [line for line in git(repo, "status", "--porcelain").stdout.splitlines()
            if not line.endswith(" state.md")]
    assert left == [], left


def test_the_playbook_is_archived_with_the_critics_verdict(journey):
    repo = journey.box.repo
    archived = repo / "play" / "archive" / golden.PLAYBOOK_ID
    plan = json.loads((archived / "plan.json").read_text())
    progress = json.loads((archived / "progress.json").read_text())
    assert plan["meta"]["status"] == "archived" and plan["meta"]["reviewed"] is True
    assert plan["meta"]["reviewed_by"] == "reviewer"
    assert progress["critic"]["status"] == "PASS" and progress["critic"]["evidence"]
    for sid in ("p1.1", "p1.2"):
        entry = progress["subtasks"][sid]
        assert entry["status"] == "done" and entry["validated_by"] == "critic", entry
    ledger = [json.loads(line) for line in
              (repo / ".claude/logs/critic-ledger.jsonl").read_text().splitlines()]
    assert {(r["subtask"], r["verdict"]) for r in ledger} >= {
        ("p1.1", "PASS"), ("p1.2", "PASS"), ("playbook", "PASS")}
    reviews = (repo / ".claude/logs/review-ledger.jsonl").read_text()
    assert f'"plan": "{golden.PLAN}"' in reviews and '"verdict": "PASS"' in reviews
    assert not (repo / golden.PLAN).exists()


def test_the_post_loop_ran_and_nothing_is_held(journey):
    repo = journey.box.repo
    assert not (repo / ".claude/session-state/post-loop-pending").exists()
    assert not (repo / ".claude/session-state/archive-checkpoint.json").exists()
    from statefiles import state_md

    state = state_md.load(str(repo))
    assert state.active_playbook is None
    assert state.get("playbook", "last_archived") == f"play/archive/{golden.PLAYBOOK_ID}"


def test_the_sessions_end_without_the_stop_loop_guard(journey):
    """Every Stop passes on its own: no block, no loop guard letting a
    refused stop through. The user's summary (stop-summary's systemMessage)
    is all a Stop says."""
    for run in journey.runs:
        stops = [e for e in run.hook_events("Stop") if e.get("subtype") == "hook_response"]
        assert stops, run.describe()
        for e in stops:
            out = e.get("stdout") or ""
            assert '"decision"' not in out and "stop-loop-guard" not in out, e
            if "systemMessage" in out:
                said = json.loads(out)["systemMessage"]
                assert said.startswith("[playgate:stop-summary]"), said


def test_the_user_reads_where_the_work_stands_when_each_session_ends(journey):
    """seed 004 [6]: the first session ends waiting for the understanding
    check; the second with the playbook complete and archived."""
    said = []
    for run in journey.runs:
        outs = [e.get("stdout") or "" for e in run.hook_events("Stop")
                if e.get("subtype") == "hook_response"]
        said.append(" ".join(json.loads(o)["systemMessage"] for o in outs
                             if "systemMessage" in o))
    assert says(said[0], "stop_summary.consent"), said
    assert says(said[1], "stop_summary.archived", archive=f"play/archive/{golden.PLAYBOOK_ID}",
                left=messages.text("en", "stop_summary.left_nothing")), said
    guard = journey.box.repo / ".claude/session-state/stop-guard.json"
    assert not guard.exists() or '"count": 0' in guard.read_text() or guard.read_text() == "{}"


def test_the_model_never_sees_a_command_line_or_a_broken_install(journey):
    results = journey.all_tool_results()
    assert results
    for tid, result in results.items():
        text = result["text"]
        assert "pre_tool_use.py" not in text and "/hooks/" not in text, (tid, text[:500])
        for phrase in BROKEN_INSTALL:
            assert phrase not in text, (tid, phrase, text[:500])


def test_the_tests_ran_through_the_declared_project_commands(journey):
    """The critic's and the agent's ``pytest -q`` were approved by the
    permission gate because the user declared ``pytest`` (nothing else in
    the settings allows it)."""
    log = (journey.box.repo / ".claude/logs/permission.jsonl").read_text().splitlines()
    pytest_runs = [json.loads(line) for line in log if '"command": "pytest -q"' in line]
    assert len(pytest_runs) >= 2, log
    assert all(r["decision"] == "allow" for r in pytest_runs), pytest_runs
    settings = json.loads((journey.box.repo / ".claude/settings.json").read_text())
    assert not any("pytest" in rule for rule in settings["permissions"]["allow"])


def test_the_yes_came_in_a_resumed_session(journey):
    first, second = journey.runs
    assert first.session_id == second.session_id
    sessions = (journey.box.repo / ".claude/logs/sessions.log").read_text()
    assert '"event": "consent-confirm"' in sessions, sessions


def test_replaying_the_finished_session_finds_no_difference(journey):
    """``playgate replay`` of the finished session compares
    against the state it started from (the copy is rewound: before, it
    replayed against the post-archive state and reported false differences)."""
    import subprocess
    import sys

    transcript = journey.runs[-1].transcript
    proc = subprocess.run([sys.executable, "-m", "playgate", "replay", "--json", str(transcript)],
                          capture_output=True, text=True, timeout=300,
                          cwd=str(journey.box.repo))
    data = json.loads(proc.stdout)
    # Rewound to the session's start (with or without its branch).
    assert says(data["start_state"], "replay.start_commit"), data["start_state"]
    diffs = [(r["tool"], r["target"], r["difference"]) for r in data["calls"] if r["difference"]]
    assert diffs == [] and proc.returncode == 0, diffs
    assert data["summary"]["calls"] >= 15
