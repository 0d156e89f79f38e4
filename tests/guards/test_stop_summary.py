"""stop-summary (Stop; seed 004 [6]): when a turn ends and nothing blocked
it, the user reads where the work stands — phases done / in progress /
pending and what is left — as a ``systemMessage``; nothing when there is
nothing to say; never a block."""

from __future__ import annotations

import json
import os
import time

import pytest
import reward_kit as K
from saying import says
from test_reward_guards import complete

import messages
from statefiles import state_md


def said(key, **fields) -> str:
    """Message ``key`` as the English catalogue renders it (a field of another)."""
    return messages.text("en", key, **fields)

LABEL = "[playgate:stop-summary]"


@pytest.fixture
def rr(tmp_path):
    return K.make_reward_repo(tmp_path / "repo")


def _system(result) -> str:
    return (result.json or {}).get("systemMessage", "")


def _started(root, seconds_ago=60):
    stamp = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(time.time() - seconds_ago))
    state_md.update_keys(str(root), "session", {"last_start": stamp})


def test_a_stop_after_the_archive_summarises_the_playbook(rr):
    _started(rr)
    K.git(rr, "add", "-A")
    K.git(rr, "commit", "-q", "-m", "playbook")
    from test_golden_handoffs import _evidence

    _evidence(rr, "p1.1", "p1.2", "p2.1")
    K.critic_says(rr, "CRITIC: PASS p1.1\nCRITIC: PASS p1.2\nCRITIC: PASS p2.1\n"
                      "CRITIC: PASS playbook")
    os.unlink(rr / ".claude/session-state/post-loop-pending")
    from statefiles import checkpoint

    checkpoint.close(str(rr))
    result = K.stop(rr)
    assert result.code == 0 and not result.blocked, result
    text = _system(result)
    assert text.startswith(LABEL), result.stdout
    assert says(text, "stop_summary.archived", archive="play/archive/demo",
                phases=said("stop_summary.phases", done=2, running=0, running_ids="", pending=0),
                done=3, total=3, critic="PASS", left=said("stop_summary.left_nothing")), text


def test_an_archive_of_an_earlier_session_is_not_repeated(rr):
    test_a_stop_after_the_archive_summarises_the_playbook(rr)
    state_md.update_keys(str(rr), "session", {
        "last_start": time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(time.time() + 5))})
    assert K.stop(rr).stdout == ""


def test_the_waiting_understanding_check_is_named(tmp_path):
    root = K.make_reward_repo(tmp_path / "r")
    (root / "state.md").write_text(K.state_text(active=None))
    consent = root / ".claude/.session-init/consent"
    consent.parent.mkdir(parents=True, exist_ok=True)
    consent.write_text("{}\n")
    result = K.stop(root)
    assert not result.blocked
    assert says(_system(result), "stop_summary.consent"), result


def test_nothing_to_say_says_nothing(tmp_path):
    root = K.make_reward_repo(tmp_path / "r")
    (root / "state.md").write_text(K.state_text(active=None))
    assert K.stop(root).stdout == ""


def test_an_active_playbook_that_lets_the_turn_end_is_summarised(rr, monkeypatch):
    """When completion-check lets a turn end with the playbook active
    (complete, the archive in its own hands), the summary names the phases
    and the self_complete claim for what it is."""
    from guards import stop_summary

    complete(rr)
    state_md.update_keys(str(rr), "goal", {"self_complete": True})
    doc = K.read_json(rr, K.PROGRESS)
    doc["critic"] = {"status": "PENDING", "evidence": []}
    doc["phases"]["p2"]["status"] = "in_progress"
    (rr / K.PROGRESS).write_text(K.dump(doc))
    ctx = K.context(rr, "Stop", stop_hook_active=False) if hasattr(K, "context") else None
    if ctx is None:
        from events.context import Context
        from events.inputs import parse

        data = json.dumps(K.payload(rr, "Stop", stop_hook_active=False)).encode()
        ctx = Context(parse("Stop", data), root=str(rr), env={})
    verdict = stop_summary.check(ctx)
    assert verdict.kind == "warn", verdict
    text = verdict.message
    assert verdict.key == "stop_summary.active", verdict
    phases = said("stop_summary.phases", done=1, running=1,
                  running_ids=said("stop_summary.ids", ids="p2"), pending=0)
    assert says(text, "stop_summary.active", phases=phases, critic="PENDING",
                claim=said("stop_summary.claim"), left=said("stop_summary.left_critic")), text


def test_the_summary_in_japanese(rr):
    test_a_stop_after_the_archive_summarises_the_playbook(rr)
    state_md.update_keys(str(rr), "config", {"language": "ja"})
    text = _system(K.stop(rr))
    assert "アーカイブされました" in text and "subtask は 3/3 完了" in text, text
