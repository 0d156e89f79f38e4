"""The golden path's hand-offs, decided once: who writes what, in which order, which guard checks it.

Families:

* the reviewer's verdict is recorded and applied by SubagentStop
  (review-ledger): review, activation, and when it cannot activate;
* the critic's verdict is applied by SubagentStop (critic-ledger): done only
  with the orchestrator's evidence, phase done, playbook PASS, archive;
* a recorded critic run is required by default, and only a human can
  loosen that;
* a resumed conversation keeps its understanding check and its reads;
* after the archive, the work and the archive can be committed on the
  playbook's branch, and nothing else opens;
* the post-loop report names commands the gate lets run.

In process, through ``events.runtime.evaluate`` (tests/reward_kit.py).
"""

from __future__ import annotations

import json
import os

import pytest
import reward_kit as K
from saying import says
from hypothesis import given, settings
from hypothesis import strategies as st
from draws import examples

from guards.review_ledger import parse_reviews
from statefiles import bookkeeping, state_md

REVIEW_LEDGER = ".claude/logs/review-ledger.jsonl"


def _fresh(tmp_path, name="r", **kw):
    """A reward repo whose playbook play/demo is written by pm but not
    reviewed and not active (state.md playbook.active: null)."""
    root = K.make_reward_repo(tmp_path / name, plan=K.plan_doc(reviewed=False), **kw)
    plan = K.read_json(root, K.PLAN)
    plan["meta"].update(status="draft", reviewed_by=None)
    (root / K.PLAN).write_text(K.dump(plan))
    (root / "state.md").write_text(K.state_text(active=None, **(
        {"config_extra": kw["config_extra"]} if "config_extra" in kw else {})))
    # playbook-init was entered (the prompt-analyzer gate's marker)
    (root / ".claude/session-state/prompt-analyzer-called").write_text("x\n")
    return root


def _review(root, message, agent_type="reviewer"):
    return K.call(root, "SubagentStop", agent_id="a-rev", agent_type=agent_type,
                  stop_hook_active=False, last_assistant_message=message)


def _state(root):
    return state_md.load(str(root))


# --------------------------------------------------------------- the reviewer


def test_the_reviewers_pass_is_recorded_and_the_playbook_activated(tmp_path):
    root = _fresh(tmp_path)
    result = _review(root, "Looks right.\n\nREVIEW: PASS play/demo/plan.json")
    assert result.code == 0 and '"decision"' not in result.stdout, result.stdout
    plan = K.read_json(root, K.PLAN)
    assert plan["meta"]["reviewed"] is True and plan["meta"]["reviewed_by"] == "reviewer"
    assert plan["meta"]["status"] == "active"
    state = _state(root)
    assert state.active_playbook == K.PLAN
    assert state.get("playbook", "branch") == K.BRANCH
    assert state.get("playbook", "current_phase") == "p1"
    assert state.get("goal", "status") == "in_progress"
    assert state.get("goal", "done_criteria") == ["it works"]
    progress = K.read_json(root, K.PROGRESS)
    assert progress["active"] == {"phase": "p1", "subtask": "p1.1"}
    assert progress["subtasks"]["p1.1"]["status"] == "in_progress"
    assert progress["phases"]["p1"]["status"] == "in_progress"
    ledger = [json.loads(line) for line in (root / REVIEW_LEDGER).read_text().splitlines()]
    assert [(r["plan"], r["verdict"]) for r in ledger] == [(K.PLAN, "PASS")]
    # An edit of the code is now allowed (playbook-guard: reviewed, context).
    edit = K.tool(root, "Write", {"file_path": str(root / "src/app.py"), "content": "x\n"})
    assert not edit.blocked, edit
    # The orchestrator hears the subtask's criterion and the checks the
    # critic will judge it by (its validation_plan), from the Agent call.
    reminder = K.call(root, "PostToolUse", tool_name="Agent", tool_use_id="t",
                      tool_input={"subagent_type": "reviewer", "prompt": "p", "description": "d"},
                      tool_response={"status": "completed"})
    assert "criterion of p1.1" in reminder.stdout, reminder.stdout
    assert ("validation_plan: technical: pytest → passes; consistency: review; completeness: "
            "review") in reminder.stdout, reminder.stdout


@pytest.mark.parametrize("why, setup", [
    ("bookkeeping.other_playbook", lambda root: (root / "state.md").write_text(
        K.state_text(active=K.SIDE_PLAN))),
    ("bookkeeping.other_branch", lambda root: K.git(root, "checkout", "-q", "-b", "feat/other")),
    ("bookkeeping.no_context", lambda root: (root / K.PLAN).write_text(K.dump(
        {k: v for k, v in K.read_json(root, K.PLAN).items() if k != "context"}))),
])
def test_the_review_is_recorded_but_not_activated_when_it_cannot_be(tmp_path, why, setup):
    root = _fresh(tmp_path)
    setup(root)
    before = (root / "state.md").read_text()
    _review(root, "REVIEW: PASS play/demo/plan.json")
    assert K.read_json(root, K.PLAN)["meta"]["reviewed"] is True
    assert (root / "state.md").read_text() == before
    report = bookkeeping.load_report(str(root))
    assert report["activated"] is False and report["why_not_text"]["key"] == why, report
    reminder = K.call(root, "PostToolUse", tool_name="Agent", tool_use_id="t",
                      tool_input={"subagent_type": "reviewer", "prompt": "p", "description": "d"},
                      tool_response={"status": "completed"})
    assert says(reminder.stdout, "subagent_reminder.reviewer_inactive", plan=K.PLAN), reminder
    assert says(reminder.stdout, why), reminder


def test_a_fail_changes_nothing_and_says_what_to_do(tmp_path):
    root = _fresh(tmp_path)
    plan_before = (root / K.PLAN).read_text()
    _review(root, "REVIEW: FAIL play/demo/plan.json - the criteria are vague")
    assert (root / K.PLAN).read_text() == plan_before
    assert _state(root).active_playbook is None
    reminder = K.call(root, "PostToolUse", tool_name="Agent", tool_use_id="t",
                      tool_input={"subagent_type": "reviewer", "prompt": "p", "description": "d"},
                      tool_response={"status": "completed"})
    assert "the criteria are vague" in reminder.stdout
    assert "Agent(subagent_type='pm', run_in_background: false)" in reminder.stdout


@pytest.mark.parametrize("agent_type", ["general-purpose", "critic", "pm", "other:reviewer"])
def test_only_the_reviewer_can_record_a_review(tmp_path, agent_type):
    root = _fresh(tmp_path)
    _review(root, "REVIEW: PASS play/demo/plan.json", agent_type=agent_type)
    assert K.read_json(root, K.PLAN)["meta"]["reviewed"] is False
    assert _state(root).active_playbook is None


def test_a_review_of_a_path_that_is_no_working_playbook_records_nothing(tmp_path):
    root = _fresh(tmp_path)
    _review(root, "REVIEW: PASS play/template/plan.json\nREVIEW: PASS ../outside/plan.json")
    assert _state(root).active_playbook is None
    assert K.read_json(root, "play/template/plan.json")["meta"]["reviewed"] is False


def test_marking_a_plan_reviewed_by_hand_is_warned_unless_the_reviewer_passed_it(tmp_path):
    root = _fresh(tmp_path)
    plan = K.read_json(root, K.PLAN)
    plan["meta"].update(reviewed=True, reviewed_by="reviewer")
    write = {"file_path": str(root / K.PLAN), "content": K.dump(plan)}
    by_hand = K.tool(root, "Write", write)
    assert not by_hand.blocked, by_hand
    assert says(by_hand.text, "playbook_guard.self_review", plan=K.PLAN), by_hand
    _review(root, "REVIEW: FAIL play/demo/plan.json - no")
    (root / K.PLAN).write_text(K.dump(dict(plan, meta=dict(plan["meta"], reviewed=False))))
    _review(root, "REVIEW: PASS play/demo/plan.json")
    (root / K.PLAN).write_text(K.dump(dict(plan, meta=dict(plan["meta"], reviewed=False))))
    again = K.tool(root, "Write", write)
    assert not again.blocked and "reviewer" not in again.text.split("]", 1)[-1][:40]
    assert "no reviewer run recorded" not in again.text


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.sampled_from([
    "REVIEW: PASS play/a/plan.json", "REVIEW: FAIL play/a/plan.json - x",
    "**REVIEW: PASS play/b/plan.json**", "review: pass play/a/plan.json", "REVIEW: PASS",
    "REVIEW: MAYBE play/a/plan.json", "text", "> REVIEW: FAIL play/b/plan.json — y"]),
    max_size=6))
def test_review_lines_parse_with_fail_winning(lines):
    """Only the closing verdict block counts (the trailing run of REVIEW
    lines; a quote or prose ends it), a malformed line in it voids it, and
    within it a FAIL wins."""
    found = dict((plan, v) for plan, v, _ in parse_reviews("\n".join(lines)))
    block = []
    for line in reversed(lines):
        if not line.lower().lstrip("*").startswith("review"):
            break
        block.insert(0, line)
    if any(line in ("REVIEW: PASS", "REVIEW: MAYBE play/a/plan.json") for line in block):
        assert found == {}
        return
    for plan in ("play/a/plan.json", "play/b/plan.json"):
        said = [line for line in block if plan in line]
        if any("FAIL" in line for line in said):
            assert found.get(plan) == "FAIL"
        elif said:
            assert found.get(plan) == "PASS"
        else:
            assert plan not in found


# --------------------------------------------------------------- the critic


def _evidence(root, *sids):
    """The orchestrator records the three validations (status unchanged)."""
    doc = K.read_json(root, K.PROGRESS)
    for sid in sids:
        entry = K.evidenced(doc["subtasks"][sid], status="in_progress")
        entry.update(validated_by=None, validated_at=None)
        doc["subtasks"][sid] = entry
    result = K.tool(root, "Write", {"file_path": str(root / K.PROGRESS), "content": K.dump(doc)})
    assert not result.blocked, result
    (root / K.PROGRESS).write_text(K.dump(doc))  # the tool ran


def test_the_critics_pass_marks_evidenced_subtasks_done(rr):
    _evidence(rr, "p1.1")
    K.critic_says(rr, "Ran pytest: 12 passed.\nCRITIC: PASS p1.1\nCRITIC: PASS p1.2")
    doc = K.read_json(rr, K.PROGRESS)
    p11, p12 = doc["subtasks"]["p1.1"], doc["subtasks"]["p1.2"]
    assert p11["status"] == "done" and p11["validated_by"] == "critic" and p11["validated_at"]
    # p1.2 had no recorded evidence: the PASS is in the ledger, the status is not done.
    assert p12["status"] != "done"
    assert doc["active"] == {"phase": "p1", "subtask": "p1.2"}
    assert doc["subtasks"]["p1.2"]["status"] == "in_progress"
    report = bookkeeping.load_report(str(rr))
    assert report["done"] == ["p1.1"] and "p1.2" in report["not_done"]


def test_a_fail_changes_no_status(rr):
    _evidence(rr, "p1.1")
    before = K.read_json(rr, K.PROGRESS)
    K.critic_says(rr, "CRITIC: FAIL p1.1 - the test is skipped")
    after = K.read_json(rr, K.PROGRESS)
    assert after["subtasks"]["p1.1"] == before["subtasks"]["p1.1"]
    assert "the test is skipped" in (rr / ".claude/session-state/last-fail-reason").read_text()


def test_only_the_critic_can_mark_done(rr):
    _evidence(rr, "p1.1")
    K.critic_says(rr, "CRITIC: PASS p1.1", agent_type="general-purpose")
    assert K.read_json(rr, K.PROGRESS)["subtasks"]["p1.1"]["status"] != "done"


def test_the_last_pass_closes_phases_and_the_playbook_and_archives_it(rr):
    K.git(rr, "add", "-A")
    K.git(rr, "commit", "-q", "-m", "playbook")
    _evidence(rr, "p1.1", "p1.2", "p2.1")
    K.critic_says(rr, "All checked.\nCRITIC: PASS p1.1\nCRITIC: PASS p1.2\nCRITIC: PASS p2.1\n"
                      "CRITIC: PASS playbook")
    archived = rr / "play/archive/demo/progress.json"
    assert archived.exists() and not (rr / K.PROGRESS).exists()
    doc = json.loads(archived.read_text())
    assert {p["status"] for p in doc["phases"].values()} == {"done"}
    assert doc["critic"]["status"] == "PASS" and doc["critic"]["evidence"]
    assert "All checked." in doc["critic"]["evidence"]
    assert (rr / ".claude/session-state/post-loop-pending").exists()
    reminder = K.call(rr, "PostToolUse", tool_name="Agent", tool_use_id="t",
                      tool_input={"subagent_type": "critic", "prompt": "p", "description": "d"},
                      tool_response={"status": "completed"})
    assert says(reminder.stdout, "subagent_reminder.critic_playbook"), reminder
    assert says(reminder.stdout, "archive.archived", archive="play/archive/demo"), reminder
    assert "post-loop/handler.py`" in reminder.stdout


@pytest.mark.parametrize("tool", ["Edit", "Write", "MultiEdit"])
def test_after_the_archive_an_edit_of_the_playbook_says_where_it_went(rr, tool):
    """Recording a verdict in a playbook the archive has moved is not sent
    back to re-record the evidence: the message says it was archived and
    names the next step, the post-loop handler (then, once it ran, the
    commit or the next task)."""
    K.git(rr, "add", "-A")
    K.git(rr, "commit", "-q", "-m", "playbook")
    _evidence(rr, "p1.1", "p1.2", "p2.1")
    K.critic_says(rr, "CRITIC: PASS p1.1\nCRITIC: PASS p1.2\nCRITIC: PASS p2.1\n"
                      "CRITIC: PASS playbook")
    assert not (rr / K.PROGRESS).exists()
    path = str(rr / K.PROGRESS)
    inputs = {"Edit": {"file_path": path, "old_string": '"PENDING"', "new_string": '"PASS"'},
              "Write": {"file_path": path, "content": "{}"},
              "MultiEdit": {"file_path": path, "edits": [{"old_string": "a", "new_string": "b"}]}}
    marker = rr / ".claude/session-state/prompt-analyzer-called"
    for analysed in (False, True):
        # Without the analysis marker the prompt-analyzer gate answers; with
        # an older marker that does not close on an archive, critic-guard:
        # both say the same.
        if analysed:
            marker.write_text("2026-01-01T00:00:00Z\n")
        result = K.tool(rr, tool, inputs[tool])
        assert result.blocked, result
        assert result.guard == ("critic-guard" if analysed else "prompt-analyzer-gate"), result
        assert says(result.text, "critic_guard.archived" if analysed
                    else "prompt_analyzer_gate.after_archive",
                    archive="play/archive/demo"), result.text
        assert "post-loop/handler.py`" in result.text and "validations" not in result.text
    os.unlink(rr / ".claude/session-state/post-loop-pending")
    result = K.tool(rr, tool, inputs[tool])
    assert result.blocked and says(result.text, "critic_guard.archived_done"), result


def test_a_new_playbook_under_an_archived_id_is_written_as_usual(rr):
    """pm may reuse the id of an archived playbook: plan.json first."""
    _evidence(rr, "p1.1", "p1.2", "p2.1")
    K.critic_says(rr, "CRITIC: PASS p1.1\nCRITIC: PASS p1.2\nCRITIC: PASS p2.1\n"
                      "CRITIC: PASS playbook")
    os.unlink(rr / ".claude/session-state/post-loop-pending")
    (rr / ".claude/session-state/prompt-analyzer-called").write_text("x\n")
    result = K.tool(rr, "Write", {"file_path": str(rr / K.PLAN),
                                  "content": json.dumps(K.plan_doc(reviewed=False))})
    assert result.guard != "critic-guard", result


def test_a_playbook_pass_before_the_subtasks_are_done_is_not_applied(rr):
    K.critic_says(rr, "CRITIC: PASS playbook")
    doc = K.read_json(rr, K.PROGRESS)
    assert doc["critic"]["status"] == "PENDING"
    assert bookkeeping.load_report(str(rr))["playbook_open"] == ["p1.1", "p1.2", "p2.1"]


# --------------------------------------------------------------- a recorded critic run


def _typed_done(root):
    doc = K.read_json(root, K.PROGRESS)
    for sid in doc["subtasks"]:
        doc["subtasks"][sid] = K.evidenced(doc["subtasks"][sid])
    for pid in doc["phases"]:
        doc["phases"][pid] = {"status": "done", "updated_at": "2026-01-03"}
    doc["critic"] = {"status": "PASS", "evidence": ["typed"], "notes": ""}
    return doc


@pytest.mark.parametrize("config, required", [("", True), ("require_critic_run: true\n", True),
                                               ("require_critic_run: false\n", False),
                                               ("require_critic_run: no\n", False),
                                               ("require_critic_run: 0\n", True),
                                               ("require_critic_run: maybe\n", True)])
def test_typed_critic_fields_are_refused_unless_a_human_loosened_it(tmp_path, config, required):
    root = K.make_reward_repo(tmp_path / "r", config_extra=config)
    doc = _typed_done(root)
    result = K.tool(root, "Write", {"file_path": str(root / K.PROGRESS), "content": K.dump(doc)})
    assert result.blocked is required, result
    if not required:
        # Loosened: the fields decide, as when the ledger was optional, and archive.
        (root / K.PROGRESS).write_text(K.dump(doc))
        K.call(root, "PostToolUse", tool_name="Write", tool_use_id="t",
               tool_input={"file_path": str(root / K.PROGRESS), "content": K.dump(doc)},
               tool_response={})
        assert (root / "play/archive/demo").exists()


def test_the_archive_requires_the_recorded_run(rr):
    """Fields written past the PreToolUse guards (by hand, outside Claude
    Code) are not archived without the ledger, and Stop says why."""
    doc = _typed_done(rr)
    (rr / K.PROGRESS).write_text(K.dump(doc))
    after = K.call(rr, "PostToolUse", tool_name="Write", tool_use_id="t",
                   tool_input={"file_path": str(rr / K.PROGRESS), "content": K.dump(doc)},
                   tool_response={})
    assert "no critic run recorded a PASS" in after.stdout, after.stdout
    assert not (rr / "play/archive/demo").exists()
    stop = K.stop(rr)
    assert '"decision": "block"' in stop.stdout and "critic-ledger" in stop.stdout


def test_only_a_human_can_loosen_it(rr):
    """The config section is human-only: Claude's edit of it is refused."""
    text = (rr / "state.md").read_text()
    result = K.tool(rr, "Edit", {"file_path": str(rr / "state.md"),
                                 "old_string": "strict_depends: false\n",
                                 "new_string": "strict_depends: false\n"
                                               "require_critic_run: false\n"})
    assert result.blocked and result.guard == "protected-edit", result
    assert (rr / "state.md").read_text() == text


@pytest.fixture
def rr(tmp_path):
    return K.make_reward_repo(tmp_path / "rr")


# --------------------------------------------------------------- a resumed conversation


def _start(inst, source, session="conv-1"):
    return inst.hook("SessionStart", source=source, session_id=session)


def _end(inst, session="conv-1"):
    return inst.hook("SessionEnd", reason="other", session_id=session)


def test_a_yes_in_the_resumed_conversation_confirms_the_understanding_check(installed):
    root = installed.root
    _start(installed, "startup")
    installed.tool("Read", {"file_path": str(root / "state.md")}, session_id="conv-1")
    ask = installed.hook("UserPromptSubmit", prompt="Please implement a --shout option",
                         session_id="conv-1")
    assert says(ask.context, "prompt_work_request.needs_consent"), ask
    consent = root / ".claude/.session-init/consent"
    assert consent.exists()
    _end(installed)
    assert consent.exists(), "SessionEnd must leave the check to the next SessionStart"
    resumed = _start(installed, "resume")
    assert consent.exists()
    # state.md changed only in its session keys: the read still counts.
    assert not (root / ".claude/.session-init/pending").exists()
    assert says(resumed.context, "session_start.still_read"), resumed
    yes = installed.hook("UserPromptSubmit", prompt="yes", session_id="conv-1")
    assert says(yes.context, "prompt_consent.confirmed", excerpt="yes"), yes
    assert not consent.exists()


@pytest.mark.parametrize("source", ["startup", "clear"])
def test_a_new_conversation_drops_the_old_check(installed, source):
    root = installed.root
    _start(installed, "startup")
    installed.hook("UserPromptSubmit", prompt="Please implement a --shout option",
                   session_id="conv-1")
    _end(installed)
    _start(installed, source, session="conv-2")
    assert not (root / ".claude/.session-init/consent").exists()
    assert (root / ".claude/.session-init/pending").exists()


def test_a_resumed_conversation_reads_again_what_changed(installed):
    root = installed.root
    _start(installed, "startup")
    installed.tool("Read", {"file_path": str(root / "state.md")}, session_id="conv-1")
    _end(installed)
    state_md.update_keys(str(root), "project", {"name": "changed meanwhile"})
    resumed = _start(installed, "resume")
    assert (root / ".claude/.session-init/pending").exists()
    assert says(resumed.context, "session_start.read_first"), resumed
    blocked = installed.tool("Read", {"file_path": str(root / "README.md")}, session_id="conv-1")
    assert not blocked.blocked
    blocked = installed.tool("Skill", {"skill": "playbook-init"}, session_id="conv-1")
    assert blocked.blocked and "init-guard" in blocked.stderr


def test_a_compacted_conversation_reads_again(installed):
    root = installed.root
    _start(installed, "startup")
    installed.tool("Read", {"file_path": str(root / "state.md")}, session_id="conv-1")
    _start(installed, "compact")
    assert (root / ".claude/.session-init/pending").exists()


# --------------------------------------------------------------- the closing commit


@pytest.fixture
def archived(installed):
    """On feat/demo, playbook demo archived (state.md last_archived), no
    playbook active, uncommitted work."""
    root = installed.root
    K.git(root, "add", "-A")
    K.git(root, "commit", "-q", "-m", "install")
    K.git(root, "checkout", "-q", "-b", K.BRANCH)
    K.write_playbook(root, "play/archive/demo", K.plan_doc(), K.progress_doc())
    state_md.update_keys(str(root), "playbook", {"active": None,
                                                 "last_archived": "play/archive/demo"})
    (root / "src").mkdir()
    (root / "src/app.py").write_text("work\n")
    installed.hook("SessionStart", source="startup")
    installed.tool("Read", {"file_path": str(root / "state.md")})
    return installed


@pytest.mark.parametrize("command", [
    "git add -A -- src/app.py play/archive/demo state.md",
    "git add src",
    'git commit -m "Finish demo - playbook demo"',
    "git commit -am wip",
    "git commit -F msg.txt",
])
def test_the_work_and_the_archive_can_be_committed_after_the_archive(archived, command):
    result = archived.tool("Bash", {"command": command})
    assert not result.blocked, result


@pytest.mark.parametrize("command", [
    "git commit --amend -m x",
    "git commit --no-verify -m x",
    "git commit -nm x",
    "git -c core.hooksPath=/tmp add src",
    "git push origin feat/demo",
    "git reset --soft HEAD~1",
    "git rebase main",
    "touch src/new.py",
    "git add src && touch x",
])
def test_nothing_else_opens_after_the_archive(archived, command):
    result = archived.tool("Bash", {"command": command})
    assert result.blocked, (command, result)


def test_the_closing_commit_is_only_on_the_archived_playbooks_branch(archived):
    K.git(archived.root, "checkout", "-q", "-b", "feat/other")
    assert archived.tool("Bash", {"command": "git add src"}).blocked
    K.git(archived.root, "checkout", "-q", "main")
    assert archived.tool("Bash", {"command": "git commit -m x"}).blocked


def test_the_post_loop_report_names_commands_the_gate_approves(archived):
    """The handler lists what is left to commit with commands that pass
    PreToolUse and the permission gate as they are (headless, no dialog)."""
    import subprocess
    import sys

    root = archived.root
    (root / "src/__pycache__").mkdir()
    (root / "src/__pycache__/app.cpython-311.pyc").write_bytes(b"\x00")
    (root / ".claude/session-state").mkdir(parents=True, exist_ok=True)
    (root / ".claude/session-state/post-loop-pending").write_text(
        json.dumps({"playbook": "demo", "archive": "play/archive/demo", "status": "success"}))
    proc = subprocess.run([sys.executable, ".claude/skills/post-loop/handler.py"], cwd=root,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    import re

    commands = re.findall(r"`(git (?:add|commit) [^`]+)`", proc.stdout)
    assert len(commands) == 2, proc.stdout
    assert "src/app.py" in commands[0] and "__pycache__" not in commands[0]
    assert "app.cpython-311.pyc" in proc.stdout  # named as left out
    for command in commands:
        assert not archived.tool("Bash", {"command": command}).blocked, command
        decision = archived.hook("PermissionRequest", tool_name="Bash",
                                 tool_input={"command": command})
        assert '"behavior": "allow"' in decision.stdout, (command, decision)


@pytest.mark.parametrize("title", [
    "parser supports | and |=",
    "quote 'single' and \"double\"; $HOME `x` & more",
    "a plain title",
    "x" * 140,
])
def test_the_closing_commit_keeps_the_playbooks_title(archived, title):
    """The suggested commit keeps every character of the playbook's title
    (a ``|`` was once dropped: ``supports | and |=`` became ``supports  and
    =``) with a command the gates approve as it is; the commit records it."""
    import re
    import subprocess
    import sys

    root = archived.root
    state = root / ".claude/session-state"
    state.mkdir(parents=True, exist_ok=True)
    (state / "post-loop-pending").write_text(
        json.dumps({"playbook": "demo", "archive": "play/archive/demo", "status": "success"}))
    (state / "archive-checkpoint.json").write_text(json.dumps({
        "id": "demo", "archive": "play/archive/demo", "branch": K.BRANCH, "title": title,
        "status": "success", "git": "off", "steps": {}}))
    proc = subprocess.run([sys.executable, ".claude/skills/post-loop/handler.py"], cwd=root,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    commands = re.findall(r"`(git (?:add|commit) [^`]+)`", proc.stdout)
    assert len(commands) == 2, proc.stdout
    for command in commands:
        assert not archived.tool("Bash", {"command": command}).blocked, command
        decision = archived.hook("PermissionRequest", tool_name="Bash",
                                 tool_input={"command": command})
        assert '"behavior": "allow"' in decision.stdout, (command, decision)
        subprocess.run(["sh", "-c", command], cwd=root, check=True, capture_output=True)
    subject = K.git(root, "log", "-1", "--format=%s").stdout.strip()
    assert subject == f"{title} - playbook demo", subject
    assert K.git(root, "status", "--porcelain", "--", "play").stdout == ""
