"""Evidence the hooks observed (docs/reward-fraud.md "Observed evidence"):
a critic's PASS counts only where the commands it rests on ran in that
critic's own run and returned 0, as critic-commands recorded them.

Properties of the two parsers (the exit status from a payload, the
normalisation that decides "the same command"), then the rule itself
through the critic's stop: failed, not run, run by someone else, run again
and passing, spelt with other whitespace, manual validations, the
playbook's ``done_when``.
"""

from __future__ import annotations

import json

import pytest
import reward_kit as K
from saying import says
from hypothesis import given
from hypothesis import strategies as st

from workflow import evidence

LEDGER = ".claude/logs/critic-ledger.jsonl"
CHECK = "pytest -q tests/test_a.py"
DONE = "make check"


# --------------------------------------------------------------------------- parsers

@given(st.integers(-255, 100000), st.text(max_size=40))
def test_the_exit_status_is_the_number_after_exit_code(n, rest):
    payload = {"error": f"Exit code {n}\n{rest}", "is_interrupt": False}
    assert evidence.exit_status("PostToolUseFailure", payload) == n


@given(st.one_of(st.none(), st.integers(), st.text(max_size=30)), st.booleans())
def test_a_failure_without_a_readable_code_is_never_zero(error, interrupted):
    payload = {"error": error, "is_interrupt": interrupted}
    status = evidence.exit_status("PostToolUseFailure", payload)
    assert status != 0
    if interrupted:
        assert status == evidence.INTERRUPTED


@given(st.one_of(st.none(), st.dictionaries(st.sampled_from(["interrupted", "stdout"]),
                                             st.booleans() | st.text(max_size=5))))
def test_a_success_is_zero_unless_interrupted(response):
    status = evidence.exit_status("PostToolUse", {"tool_response": response})
    interrupted = isinstance(response, dict) and response.get("interrupted") is True
    assert status == (evidence.INTERRUPTED if interrupted else 0)


_words = st.lists(st.text(st.sampled_from("abc-./'\"="), min_size=1, max_size=6), min_size=1,
                  max_size=5)


@given(_words, st.lists(st.sampled_from([" ", "\t", "\n", "  "]), min_size=5, max_size=5))
def test_whitespace_never_makes_another_command(words, gaps):
    spaced = "".join(w + gaps[i % len(gaps)] for i, w in enumerate(words))
    assert evidence.normalise(spaced) == evidence.normalise(" ".join(words))
    assert evidence.normalise(evidence.normalise(spaced)) == evidence.normalise(spaced)


@given(_words)
def test_quoting_and_order_do_make_another_command(words):
    line = " ".join(words)
    assert evidence.normalise(line + " extra") != evidence.normalise(line)
    if len(words) > 1 and words[0] != words[1]:
        swapped = " ".join([words[1], words[0], *words[2:]])
        assert evidence.normalise(swapped) != evidence.normalise(line)


# --------------------------------------------------------------------------- the rule


def _repo(tmp_path):
    """p1.1's technical check is an automated command, its other checks
    manual; p1.2 has only manual checks; the playbook's done_when names a
    command."""
    plan = K.plan_doc()
    for phase in plan["phases"]:
        for sub in phase["subtasks"]:
            if sub["id"] == "p1.1":
                sub["validation_plan"] = {
                    "technical": {"type": "automated", "command": CHECK, "expected": "passes"},
                    "consistency": {"type": "manual", "command": "look at it"},
                    "completeness": "review"}
            else:
                sub["validation_plan"] = {"technical": {"type": "manual"},
                                          "consistency": "review", "completeness": "review"}
    plan["goal"]["done_when"] = [{"item": "the checks pass", "command": DONE}]
    return K.make_reward_repo(tmp_path / "r", plan=plan)


def _last(root, subject):
    lines = [json.loads(x) for x in (root / LEDGER).read_text().splitlines() if x.strip()]
    return [r for r in lines if r.get("subtask") == subject][-1]


@pytest.mark.parametrize("status", [1, 2, 127, "interrupted", "failed"])
def test_a_pass_whose_own_command_failed_is_recorded_as_a_fail_naming_it(tmp_path, status):
    root = _repo(tmp_path)
    K.critic_ran(root, "a-critic", status=status, commands=[CHECK])
    said = K.critic_says(root, "CRITIC: PASS p1.1", ran=False)
    record = _last(root, "p1.1")
    assert record["verdict"] == "FAIL" and record["said"] == "PASS", record
    assert record["observed"] == {"command": CHECK, "status": status}, record
    # the gate reads the ledger: the subtask cannot be done on this PASS
    from workflow.reward.ledger import ledger_verdicts

    assert ledger_verdicts(str(root), K.PLAN).get("p1.1") == "FAIL"
    assert says(said.text, "critic_ledger.command_failed", id="p1.1", command=CHECK,
                status=status), said


def test_a_pass_whose_command_did_not_run_is_a_fail(tmp_path):
    root = _repo(tmp_path)
    said = K.critic_says(root, "CRITIC: PASS p1.1", ran=False)
    record = _last(root, "p1.1")
    assert record["verdict"] == "FAIL" and record["observed"]["status"] is None, record
    assert says(said.text, "critic_ledger.command_not_run", id="p1.1", command=CHECK), said


def test_another_agents_run_of_the_command_does_not_count(tmp_path):
    root = _repo(tmp_path)
    K.critic_ran(root, "someone-else", status=0, commands=[CHECK])
    K.critic_says(root, "CRITIC: PASS p1.1", ran=False, agent_id="a-critic")
    assert _last(root, "p1.1")["verdict"] == "FAIL"


def test_the_last_run_of_a_command_counts_and_whitespace_is_the_same_command(tmp_path):
    root = _repo(tmp_path)
    K.critic_ran(root, "a-critic", status=1, commands=[CHECK])
    K.critic_ran(root, "a-critic", status=0, commands=["  pytest   -q\ttests/test_a.py ;"])
    said = K.critic_says(root, "CRITIC: PASS p1.1", ran=False)
    assert _last(root, "p1.1")["verdict"] == "PASS", said


def test_a_passing_run_followed_by_a_failing_one_is_a_fail(tmp_path):
    root = _repo(tmp_path)
    K.critic_ran(root, "a-critic", status=0, commands=[CHECK])
    K.critic_ran(root, "a-critic", status=1, commands=[CHECK])
    K.critic_says(root, "CRITIC: PASS p1.1", ran=False)
    assert _last(root, "p1.1")["verdict"] == "FAIL"


def test_manual_validations_stay_the_critics_judgement(tmp_path):
    """p1.2 has no automated command: its PASS stands without one."""
    root = _repo(tmp_path)
    K.critic_says(root, "CRITIC: PASS p1.2", ran=False)
    assert _last(root, "p1.2")["verdict"] == "PASS"


def test_the_playbooks_pass_rests_on_its_done_when_commands(tmp_path):
    root = _repo(tmp_path)
    K.critic_ran(root, "a-critic", status=3, commands=[DONE])
    said = K.critic_says(root, "CRITIC: PASS playbook", ran=False)
    record = _last(root, "playbook")
    assert record["verdict"] == "FAIL" and record["observed"] == {"command": DONE, "status": 3}
    assert says(said.text, "critic_ledger.command_failed", id="playbook", command=DONE,
                status=3), said
