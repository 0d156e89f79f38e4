"""subagent-reminder's account of the reviewer's verdict: why a reviewed
playbook was not activated reaches the agent in its own language, from the
report statefiles.bookkeeping wrote as JSON."""

from __future__ import annotations

import json

import pytest

import messages
from guards import subagent_reminder
from statefiles import bookkeeping


class _Ctx:
    """The part of events.context.Context the reminder uses."""

    def __init__(self, language: str) -> None:
        self.language = language

    def say(self, key: str, /, **fields) -> str:
        return messages.text(self.language, key, **fields)

    def render(self, value) -> str:
        return messages.render(self.language, value)


@pytest.mark.parametrize("key, fields", [
    ("bookkeeping.no_state", {}),
    ("bookkeeping.other_playbook", {"active": "play/other/plan.json"}),
    ("bookkeeping.other_branch", {"branch": "main", "want": "feat/x"}),
])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_why_not_activated_is_told_in_the_readers_language(key, fields, lang):
    report = {"agent": "reviewer", "verdict": "PASS", "plan": "play/x/plan.json",
              "activated": False}
    bookkeeping._why_not(report, key, **fields)
    report = json.loads(json.dumps(report))   # as the reminder reads it back
    said = subagent_reminder.reviewer_message(_Ctx(lang), report)
    assert messages.text(lang, key, **fields) in said
    assert report["why_not"] == messages.text("en", key, **fields)


def test_a_report_we_did_not_write_keeps_its_english():
    report = {"verdict": "PASS", "plan": "play/x/plan.json", "activated": False,
              "why_not": "the recorded English", "why_not_text": {"key": 3}}
    assert "the recorded English" in subagent_reminder.reviewer_message(_Ctx("ja"), report)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_evidence_still_missing_is_told_in_the_readers_language(lang):
    """The critic's PASS for a subtask without its evidence: the report keeps
    the gaps (statefiles.playbook.evidence_problems) as JSON, and the reminder
    says each in the reader's language."""
    from statefiles.playbook import evidence_problems

    gaps = evidence_problems({"validated_by": "critic", "validated_at": "now",
                              "validations": {"technical": {"status": "PASS", "evidence": []}}})
    report = json.loads(json.dumps({"agent": "critic", "plan": "play/x/plan.json", "done": [],
                                    "not_done": {"p1.1": [g.to_json() for g in gaps]},
                                    "failed": {}}))
    said = subagent_reminder.critic_message(_Ctx(lang), report, "play/x/progress.json")
    for gap in gaps[:3]:
        assert gap.localized(lang) in said
    if lang == "ja":
        assert "is empty" not in said and "not PASS" not in said
