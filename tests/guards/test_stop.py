"""Stop and SubagentStop (SPEC §3; seed 002 §6.5): post-loop-pending,
completion-check, the loop guard and the critic ledger."""

from __future__ import annotations

import json

import pytest
import reward_kit as K
from saying import says
from hypothesis import given, settings
from hypothesis import strategies as st
from draws import examples
from test_reward_guards import complete, legit_progress

from guards.critic_ledger import parse_verdicts


@pytest.fixture
def rr(tmp_path):
    return K.make_reward_repo(tmp_path / "repo")


def decision(result):
    return (result.json or {}).get("decision")


# --------------------------------------------------------------------------- completion-check


def test_stop_blocks_while_subtasks_are_open(rr):
    result = K.stop(rr)
    assert result.code == 0 and decision(result) == "block", result
    reason = result.json["reason"]
    assert "p1.1 (pending)" in reason and "p2.1 (pending)" in reason
    assert "critic" in reason


def test_stop_lists_done_without_evidence(rr):
    doc = K.read_json(rr, K.PROGRESS)
    doc["subtasks"]["p1.1"]["status"] = "done"          # slipped past PreToolUse
    doc["phases"]["p2"]["status"] = "done"
    doc["critic"] = {"status": "PASS", "evidence": []}
    (rr / K.PROGRESS).write_text(K.dump(doc))
    reason = K.stop(rr).json["reason"]
    assert says(reason, "completion_check.fraud") and "p1.1 (validations" in reason, reason
    assert says(reason, "completion_check.phases", phases="p2 (p2.1)"), reason
    assert says(reason, "reward.gap_critic_evidence"), reason


def test_a_complete_playbook_holds_stop_until_archived_and_closed(rr):
    """Complete with the critic's PASS in the ledger but not archived (the
    archive state ``due``): Stop blocks naming the handler; once archived and
    the post-loop has closed it, Stop passes."""
    from statefiles import checkpoint
    from statefiles.markers import Markers
    from statefiles.playbook import Playbook
    from workflow.archive import run as engine

    complete(rr)
    result = K.stop(rr)
    assert result.blocked and says(result.text, "post_loop_pending.archive_due"), result
    assert "skills/post-loop/handler.py" in result.text
    engine.run(str(rr), playbook=Playbook(str(rr), K.PLAN), branch=K.BRANCH)
    assert K.stop(rr).blocked  # archived, the post-loop not run
    Markers(str(rr)).remove(".claude/session-state/post-loop-pending")
    checkpoint.close(str(rr))
    result = K.stop(rr)
    assert result.code == 0 and result.stdout == "", result


def test_stop_waits_for_the_playbook_critic(rr):
    complete(rr, critic=False)
    result = K.stop(rr)
    assert decision(result) == "block", result
    assert says(result.json["reason"], "completion_check.no_critic_pass"), result


def test_stop_without_a_playbook_passes_and_without_state_md_is_held(tmp_path):
    """No active playbook: nothing to hold. No state.md in a project set up
    for the workflow (it has ``play/``): the state is unknown, held like an
    unreadable state.md (tests/test_faults_state_files.py: one rule)."""
    root = K.make_reward_repo(tmp_path / "r")
    (root / "state.md").write_text(K.state_text(active=None))
    assert K.stop(root).stdout == ""
    (root / "state.md").unlink()
    held = K.stop(root)
    assert held.blocked and held.guard == "completion-check" and "state.md" in held.text


@pytest.mark.parametrize("breakage", ["plan", "progress", "active-outside"])
def test_stop_blocks_when_nothing_can_be_verified(rr, breakage):
    if breakage == "plan":
        (rr / K.PLAN).unlink()
    elif breakage == "progress":
        (rr / K.PROGRESS).write_text("{")
    else:
        (rr / "state.md").write_text(K.state_text(active="/etc/plan.json"))
    result = K.stop(rr)
    assert decision(result) == "block", result


def test_require_critic_run_stop_needs_ledger(tmp_path):
    rr = K.make_reward_repo(tmp_path / "r", config_extra="require_critic_run: true\n")
    complete(rr, ledger=False)
    reason = K.stop(rr).json["reason"]
    assert says(reason, "completion_check.unrun") and "p1.1" in reason, reason
    K.critic_says(rr, "CRITIC: PASS p1.1\nCRITIC: PASS p1.2\nCRITIC: PASS p2.1")
    after = K.stop(rr, session_id="other")
    # The ledger is satisfied. The critic's stop also ran the archive check
    # (lifecycle), so the only thing left may be the post-loop.
    assert "critic PASS" not in after.stdout, after
    assert not after.blocked or "post-loop" in after.json["reason"], after


# --------------------------------------------------------------------------- post-loop-pending


def test_post_loop_pending_blocks_stop(rr):
    complete(rr)
    marker = rr / ".claude/session-state/post-loop-pending"
    marker.write_text(json.dumps({"playbook": "demo", "status": "success"}))
    result = K.stop(rr)
    # Named by its one command, the one the guards let run
    assert decision(result) == "block" and "post-loop/handler.py`" in result.json["reason"]
    assert "demo" in result.json["reason"]


def test_post_loop_pending_is_off_on_main(rr):
    complete(rr)
    (rr / ".claude/session-state/post-loop-pending").write_text("{}")
    K.git(rr, "checkout", "-q", "main")
    result = K.stop(rr)
    # Not blocked: at most the user's summary (stop-summary), no decision.
    assert not result.blocked and '"decision"' not in result.stdout, result


# --------------------------------------------------------------------------- loop guard


def test_loop_guard_lets_the_stop_through_after_the_limit(rr):
    for i in range(3):
        doc = K.read_json(rr, K.PROGRESS)               # something changes each time
        doc["subtasks"]["p1.1"]["notes"] = f"try {i}"
        (rr / K.PROGRESS).write_text(K.dump(doc))
        assert decision(K.stop(rr, stop_hook_active=i > 0)) == "block", i
    result = K.stop(rr, stop_hook_active=True)
    assert decision(result) is None, result
    assert says(result.json["systemMessage"], "stop_loop_guard.why_limit", count=3), result
    assert "p1.1 (pending)" in result.json["systemMessage"]
    # the count restarts after a let-through
    assert decision(K.stop(rr)) == "block"


def test_loop_guard_unchanged_state_with_stop_hook_active(rr):
    assert decision(K.stop(rr)) == "block"
    result = K.stop(rr, stop_hook_active=True)
    assert decision(result) is None
    assert says(result.json["systemMessage"], "stop_loop_guard.why_unchanged"), result


@pytest.mark.parametrize("progress", ["critic FAIL", "critic PASS", "review"])
def test_loop_guard_counts_a_critic_or_review_run_as_progress(rr, progress):
    """After a block, a critic (or reviewer) ran: its ledger line is progress,
    even when it changed nothing in the playbook, so the next "done" with
    stop_hook_active is held again instead of let go as "nothing changed"."""
    assert decision(K.stop(rr)) == "block"
    if progress == "review":
        K.call(rr, "SubagentStop", agent_id="r1", agent_type="reviewer",
               stop_hook_active=False,
               last_assistant_message=f"REVIEW: FAIL {K.PLAN} - too vague")
    else:
        K.critic_says(rr, "CRITIC: FAIL p1.1 - red" if progress == "critic FAIL"
                      else "CRITIC: PASS p1.1")
    result = K.stop(rr, stop_hook_active=True)
    assert decision(result) == "block", result
    # and with nothing new since, the next one is let through as before
    result = K.stop(rr, stop_hook_active=True)
    assert decision(result) is None, result
    assert says(result.json["systemMessage"], "stop_loop_guard.why_unchanged"), result


def test_loop_guard_without_stop_hook_active_blocks_again(rr):
    """A new user turn (stop_hook_active false) is a fresh attempt."""
    assert decision(K.stop(rr)) == "block"
    assert decision(K.stop(rr)) == "block"


def test_loop_guard_limit_from_config(tmp_path):
    rr = K.make_reward_repo(tmp_path / "r", config_extra="stop_block_limit: 1\n")
    assert decision(K.stop(rr)) == "block"
    result = K.stop(rr)
    assert decision(result) is None and "stop_block_limit: 1" in result.json["systemMessage"]


def test_loop_guard_counts_per_session(rr):
    assert decision(K.stop(rr, session_id="a")) == "block"
    assert decision(K.stop(rr, session_id="b")) == "block"
    assert decision(K.stop(rr, session_id="b", stop_hook_active=True)) is None
    # session a kept its own count while b stopped in between
    assert decision(K.stop(rr, session_id="a", stop_hook_active=True)) is None
    for i in range(40):
        K.stop(rr, session_id=f"many{i}")
    state = json.loads((rr / ".claude/session-state/stop-guard.json").read_text())
    assert len(state["sessions"]) <= 16


def test_allowed_stop_resets_the_counter(rr):
    assert decision(K.stop(rr)) == "block"
    (rr / "state.md").write_text(K.state_text(active=None))  # nothing left to hold it
    assert K.stop(rr).stdout == ""
    state = json.loads((rr / ".claude/session-state/stop-guard.json").read_text())
    assert state["sessions"] == {}


def test_corrupt_counter_does_not_lock_the_session(rr):
    (rr / ".claude/session-state/stop-guard.json").write_text("[not json")
    assert decision(K.stop(rr)) == "block"
    assert decision(K.stop(rr, stop_hook_active=True)) is None


# --------------------------------------------------------------------------- SubagentStop


def subagent(rr, agent_type, **fields):
    fields.setdefault("agent_id", f"id-{agent_type}")
    fields.setdefault("stop_hook_active", False)
    return K.call(rr, "SubagentStop", agent_type=agent_type, last_assistant_message="done",
                  **fields)


@pytest.mark.parametrize("agent_type", ["critic", "reviewer", "general-purpose", "Explore",
                                        "codex-delegate"])
def test_subagents_are_not_blocked_for_open_subtasks(rr, agent_type):
    assert decision(subagent(rr, agent_type)) is None


def test_writing_subagent_is_blocked_for_evidence_fraud_once(rr):
    doc = K.read_json(rr, K.PROGRESS)
    doc["subtasks"]["p1.1"]["status"] = "done"
    (rr / K.PROGRESS).write_text(K.dump(doc))
    result = subagent(rr, "general-purpose")
    assert decision(result) == "block" and "p1.1" in result.json["reason"], result
    result = subagent(rr, "general-purpose", stop_hook_active=True)
    assert decision(result) is None and "p1.1" in result.json["systemMessage"]


@pytest.mark.parametrize("agent_type", ["critic", "reviewer", "prompt-analyzer", "Plan",
                                        "playgate:critic"])
def test_read_only_subagents_are_never_blocked(rr, agent_type):
    doc = K.read_json(rr, K.PROGRESS)
    doc["subtasks"]["p1.1"]["status"] = "done"
    (rr / K.PROGRESS).write_text(K.dump(doc))
    (rr / ".claude/session-state/post-loop-pending").write_text("{}")
    assert decision(subagent(rr, agent_type)) is None


def test_subagent_is_blocked_by_pending_post_loop(rr):
    complete(rr)
    (rr / ".claude/session-state/post-loop-pending").write_text("{}")
    result = subagent(rr, "general-purpose")
    assert decision(result) == "block", result
    assert says(result.json["reason"], "post_loop_pending.subagent"), result


def test_subagent_counters_are_per_agent(rr):
    doc = K.read_json(rr, K.PROGRESS)
    doc["subtasks"]["p1.1"]["status"] = "done"
    (rr / K.PROGRESS).write_text(K.dump(doc))
    assert decision(subagent(rr, "general-purpose", agent_id="x")) == "block"
    assert decision(subagent(rr, "general-purpose", agent_id="y")) == "block"
    assert decision(K.stop(rr)) == "block"


# --------------------------------------------------------------------------- critic ledger


@pytest.mark.parametrize("message,expected", [
    ("CRITIC: PASS p1.1", [("p1.1", "PASS", "")]),
    ("  **CRITIC: PASS p1.1**  ", [("p1.1", "PASS", "")]),
    ("- `CRITIC: FAIL p1.2 - tests fail`", [("p1.2", "FAIL", "tests fail")]),
    ("CRITIC: FAIL p1.2: the - thing", [("p1.2", "FAIL", "the - thing")]),
    ("CRITIC: FAIL p1.2 — no evidence", [("p1.2", "FAIL", "no evidence")]),
    ("critic: pass Playbook", [("playbook", "PASS", "")]),
    ("CRITIC: PASS p1.1\nCRITIC: FAIL p1.1 - later", [("p1.1", "FAIL", "later")]),
    ("CRITIC: FAIL p1.1 - x\nCRITIC: PASS p1.1", [("p1.1", "FAIL", "x")]),
    ("I would say CRITIC: PASS p1.1", []),
    ("CRITIC: MAYBE p1.1", []),
    ("CRITIC: PASS", []),
    ("CRITIC: PASS p1.1 looks good", [("p1.1", "PASS", "")]),
])
def test_parse_verdicts(message, expected):
    assert parse_verdicts(message) == expected


@settings(max_examples=examples(300), deadline=None)
@given(st.text())
def test_parse_verdicts_never_raises_and_ids_are_words(message):
    for ident, verdict, _reason in parse_verdicts(message):
        assert verdict in ("PASS", "FAIL")
        assert ident and " " not in ident


def test_ledger_records_only_critic_subagents(rr):
    K.critic_says(rr, "CRITIC: PASS p1.1", agent_type="general-purpose")
    assert not (rr / ".claude/logs/critic-ledger.jsonl").exists()
    K.critic_says(rr, "CRITIC: PASS p1.1\nCRITIC: FAIL p1.2 - no tests")
    lines = [json.loads(x) for x in
             (rr / ".claude/logs/critic-ledger.jsonl").read_text().splitlines()]
    assert [(x["subtask"], x["verdict"], x["playbook"]) for x in lines] == [
        ("p1.1", "PASS", K.PLAN), ("p1.2", "FAIL", K.PLAN)]
    assert "p1.2: no tests" in (rr / ".claude/session-state/last-fail-reason").read_text()
    assert (rr / ".claude/session-state/iteration-count").read_text().strip() == "1"


def test_critic_without_verdict_line_is_reported(rr):
    result = K.critic_says(rr, "Looks fine to me.")
    assert says(result.json["systemMessage"], "critic_ledger.no_verdict"), result


def test_the_ledger_cannot_be_edited_by_claude(rr):
    K.critic_says(rr, "CRITIC: FAIL p1.1 - x")
    for tool_name, ti in [
        ("Write", {"file_path": str(rr / ".claude/logs/critic-ledger.jsonl"), "content": "{}"}),
        ("Edit", {"file_path": str(rr / ".claude/logs/critic-ledger.jsonl"),
                  "old_string": '"FAIL"', "new_string": '"PASS"'}),
        ("Write", {"file_path": "./.claude//logs/../logs/critic-ledger.jsonl", "content": ""}),
    ]:
        result = K.tool(rr, tool_name, ti)
        assert result.blocked and result.guard == "protected-edit", result


# ----------------------------------------------------------------- through the installed hooks


@pytest.fixture
def live(installed):
    """The installed suite in a reward repo (feature branch, active playbook)."""
    K.git(installed.root, "checkout", "-q", "-b", K.BRANCH)
    K.make_reward_repo(installed.root, git_init=False)
    return installed


def _write(live, rel, doc):
    return live.tool("Write", {"file_path": str(live.root / rel), "content": K.dump(doc)})


def _apply(live, rel, doc):
    result = _write(live, rel, doc)
    assert result.code == 0, result
    (live.root / rel).write_text(K.dump(doc))
    return result


def test_full_legitimate_cycle_through_the_installed_hooks(live):
    root = live.root
    # work on p1.1: a code edit and the progress update are allowed
    assert live.tool("Edit", {"file_path": str(root / "src/app.py"), "old_string": "hi",
                              "new_string": "hello"}).code == 0
    for sid, phase in (("p1.1", "p1"), ("p1.2", "p1"), ("p2.1", "p2")):
        doc = K.read_json(root, K.PROGRESS)
        doc["active"] = {"phase": phase, "subtask": sid}
        doc["subtasks"][sid]["status"] = "in_progress"
        _apply(live, K.PROGRESS, doc)
        # validations recorded (status still in_progress)
        doc["subtasks"][sid]["validations"] = K.evidenced()["validations"]
        _apply(live, K.PROGRESS, doc)
        # trying to finish before the critic ran is refused
        early = json.loads(json.dumps(doc))
        early["subtasks"][sid]["status"] = "done"
        assert _write(live, K.PROGRESS, early).code == 2
        # the critic passes it: SubagentStop records the verdict and, the
        # validations being recorded, marks it done itself
        K.critic_ran(root, f"c-{sid}")  # its commands ran and passed, as the hooks saw
        out = live.hook("SubagentStop", agent_id=f"c-{sid}", agent_type="critic",
                        stop_hook_active=False, last_assistant_message=f"CRITIC: PASS {sid}")
        assert out.code == 0 and "\"decision\"" not in out.stdout, out  # a reminder at most
        doc = K.read_json(root, K.PROGRESS)
        entry = doc["subtasks"][sid]
        assert entry["status"] == "done" and entry["validated_by"] == "critic", entry
        if sid in ("p1.2", "p2.1"):
            assert doc["phases"][phase]["status"] == "done", doc["phases"]
    stop = live.hook("Stop", stop_hook_active=False, last_assistant_message="done")
    assert stop.json["decision"] == "block", stop      # the playbook critic has not passed
    assert "CRITIC: PASS playbook" in stop.json["reason"]
    assert "not done" not in stop.json["reason"]
    K.critic_ran(root, "c-all")
    live.hook("SubagentStop", agent_id="c-all", agent_type="critic", stop_hook_active=False,
              last_assistant_message="All criteria verified.\nCRITIC: PASS playbook")
    # critic.status PASS recorded, the playbook archived at that stop
    archived = json.loads((root / "play/archive/demo/progress.json").read_text())
    assert archived["critic"]["status"] == "PASS"
    assert "All criteria verified." in archived["critic"]["evidence"]
    assert not (root / K.PROGRESS).exists()
    stop = live.hook("Stop", stop_hook_active=False, last_assistant_message="done")
    assert stop.json["decision"] == "block" and "post-loop/handler.py" in stop.json["reason"]


def test_installed_stop_blocks_and_loop_guard(live):
    first = live.hook("Stop", stop_hook_active=False, last_assistant_message="all done!")
    assert first.code == 0 and first.json["decision"] == "block", first
    second = live.hook("Stop", stop_hook_active=True, last_assistant_message="all done!")
    assert second.code == 0 and "decision" not in second.json
    assert "p1.1" in second.json["systemMessage"]


def test_installed_fraud_write_is_blocked(live):
    doc = K.read_json(live.root, K.PROGRESS)
    doc["subtasks"]["p1.1"]["status"] = "done"
    result = _write(live, K.PROGRESS, doc)
    assert result.code == 2 and "critic-guard" in result.stderr, result


@pytest.mark.parametrize("fixture_name", ["Stop.json", "Stop_2.json", "SubagentStop.json"])
def test_real_payloads(live, fixture_name):
    from conftest import FIXTURES

    payload = json.loads((FIXTURES / fixture_name).read_text()
                         .replace("/home/dev/project", str(live.root)))
    result = live.entrypoint(payload["hook_event_name"], payload)
    assert result.code == 0 and "Traceback" not in result.stderr, result
    if payload["hook_event_name"] == "Stop":
        assert result.json["decision"] == "block"
    else:
        # general-purpose subagent, nothing fraudulent: never a block (the
        # lifecycle reminder to record its result is a systemMessage)
        assert result.stdout == "" or "decision" not in result.json, result


def test_legit_progress_helper_is_accepted(tmp_path):
    rr = K.make_reward_repo(tmp_path / "r")
    K.critic_says(rr, "CRITIC: PASS p1.1")
    result = K.tool(rr, "Write", {"file_path": str(rr / K.PROGRESS),
                                  "content": K.dump(legit_progress(rr))})
    assert not result.blocked and result.text == "", result


def test_broken_state_md_is_not_a_silent_pass(rr):
    text = (rr / "state.md").read_text().replace("active: play/demo/plan.json",
                                                 "active: play/demo/plan.json: [")
    (rr / "state.md").write_text(text)
    result = K.stop(rr)
    assert decision(result) == "block" and "state.md" in result.json["reason"], result


def test_other_plugins_critic_is_not_the_critic(rr):
    K.critic_says(rr, "CRITIC: PASS p1.1", agent_type="other:critic")
    assert not (rr / ".claude/logs/critic-ledger.jsonl").exists()
    K.critic_says(rr, "CRITIC: PASS p1.1", agent_type="playgate:critic")
    assert (rr / ".claude/logs/critic-ledger.jsonl").exists()


# ------------------------------------------------------------------------ fuzzing the entrypoints

_AGENTS = st.sampled_from(["critic", "playgate:critic", "reviewer", "general-purpose", "Explore",
                           "codex-delegate", "", "x:critic"]) | st.text(max_size=20)
_STOP_FIELDS = st.fixed_dictionaries(
    {"session_id": st.text(max_size=12), "stop_hook_active": st.booleans(),
     "last_assistant_message": st.text(max_size=300) | st.builds(
         lambda v, i, r: f"CRITIC: {v} {i} - {r}",
         st.sampled_from(["PASS", "FAIL", "pass"]), st.sampled_from(["p1.1", "playbook", "zz"]),
         st.text(max_size=30))},
    optional={"agent_id": st.text(max_size=12), "agent_type": _AGENTS,
              "background_tasks": st.lists(st.dictionaries(st.text(max_size=5),
                                                           st.text(max_size=5)), max_size=2)})


@settings(max_examples=examples(150), deadline=None)
@given(event=st.sampled_from(["Stop", "SubagentStop"]), fields=_STOP_FIELDS,
       corrupt=st.sampled_from([None, "progress", "state", "counter"]))
def test_stop_entrypoints_never_crash(tmp_path_factory, event, fields, corrupt):
    rr = K.make_reward_repo(tmp_path_factory.mktemp("fz") / "r")
    if corrupt == "progress":
        (rr / K.PROGRESS).write_text('{"subtasks": {"p1.1": "done"}, "phases": []}')
    elif corrupt == "state":
        (rr / "state.md").write_text("## playbook\n```yaml\nactive: [\n```\n")
    elif corrupt == "counter":
        (rr / ".claude/session-state/stop-guard.json").write_text('{"sessions": {"": 5}}')
    result = K.call(rr, event, **fields)
    assert result.code == 0, result
    data = result.json
    assert data is None or set(data) <= {"decision", "reason", "systemMessage"}, data
    if data and data.get("decision") == "block":
        assert data["reason"].startswith("[playgate")
    if event == "SubagentStop" and fields.get("agent_type") in ("critic", "reviewer", "Explore"):
        assert (data or {}).get("decision") is None
    log = rr / ".claude/logs/errors.log"
    assert not log.exists(), log.read_text()


@pytest.mark.parametrize("event", ["Stop", "SubagentStop"])
@pytest.mark.parametrize("raw", [b"", b"[]", b"{", b'{"hook_event_name": "Stop"}\x00',
                                 b'{"hook_event_name": "SubagentStop", "stop_hook_active": "yes"}'])
def test_malformed_stop_input_blocks(tmp_path, event, raw):
    from events.runtime import evaluate

    code, out, err, _ = evaluate(event, raw, env={}, root=str(tmp_path))
    assert code == 2 and err.startswith("[playgate]") and out == ""


def test_a_pass_of_another_subtask_keeps_the_retry_state(rr):
    K.critic_says(rr, "CRITIC: FAIL p1.2 - broken form")
    K.critic_says(rr, "CRITIC: PASS p1.1", agent_id="b")
    assert "broken form" in (rr / ".claude/session-state/last-fail-reason").read_text()
    assert (rr / ".claude/session-state/iteration-count").read_text().strip() == "1"
    K.critic_says(rr, "CRITIC: PASS p1.2", agent_id="c")
    assert not (rr / ".claude/session-state/last-fail-reason").exists()
    assert not (rr / ".claude/session-state/iteration-count").exists()
