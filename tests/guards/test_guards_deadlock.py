"""Deadlock escapes across the whole PreToolUse chain (SPEC §1 "Failing safe",
§3; CONTRIBUTING "Failing safe"): whatever broken or blocking state the
workflow is in, the files needed to get unstuck stay writable — state.md
(outside its human-only config section), the active playbook's plan.json and
progress.json, and ``.claude/session-state/``."""

from __future__ import annotations

import itertools
import json

import pytest

PLAYBOOK_STATES = ["reviewed", "unreviewed", "no-context", "broken-plan", "missing-progress",
                   "invalid-active", "none"]
MODES = ["strict", "trusted", "admin"]


def arrange(ws, playbook_state, post_loop, consent, mode):
    ws.marker(".claude/session-state/prompt-analyzer-called")
    if playbook_state != "none":
        ws.playbook(reviewed=playbook_state != "unreviewed",
                    context=playbook_state != "no-context")
    if playbook_state == "broken-plan":
        (ws.root / "play" / "p1" / "plan.json").write_text("{broken")
    if playbook_state == "missing-progress":
        (ws.root / "play" / "p1" / "progress.json").unlink()
    if playbook_state == "invalid-active":
        ws.set_state("playbook", active="play/archive/p0/plan.json")
    if post_loop:
        ws.marker(".claude/session-state/post-loop-pending", '{"playbook": "p0"}')
    if consent:
        ws.marker(".claude/.session-init/consent")
    path = ws.root / "state.md"
    path.write_text(path.read_text().replace("security: strict", f"security: {mode}"))


CASES = [c for c in itertools.product(PLAYBOOK_STATES, [False, True], [False, True], MODES)
         # consent only lets the *active* playbook's files through (a new
         # playbook waits for the user's confirmation)
         if not (c[2] and c[0] in ("none", "invalid-active"))]


@pytest.mark.parametrize("playbook_state,post_loop,consent,mode", CASES)
def test_unstuck_files_stay_writable(ws, playbook_state, post_loop, consent, mode):
    arrange(ws, playbook_state, post_loop, consent, mode)
    r = ws.edit("state.md", "milestone: null", "milestone: m1")
    assert not r.blocked, r
    r = ws.write(".claude/session-state/last-fail-reason", "tests failed\n")
    assert not r.blocked, r
    r = ws.write("play/p1/progress.json", json.dumps({"format_version": 2, "subtasks": {}}))
    assert not r.blocked, r
    r = ws.write("play/p1/plan.json", json.dumps({"format_version": 2, "meta": {"id": "p1"}}))
    assert not r.blocked, r


@pytest.mark.parametrize("playbook_state", ["unreviewed", "no-context", "broken-plan",
                                            "invalid-active", "none"])
def test_other_files_are_blocked_while_stuck_and_the_message_says_how_out(ws, playbook_state):
    arrange(ws, playbook_state, False, False, "strict")
    r = ws.edit("src/app.py")
    assert r.blocked and r.guard == "playbook-guard", r
    assert any(hint in r.stderr for hint in ("playbook-init", "reviewer", "Fix", "understanding",
                                             "state.md"))


def test_stale_session_does_not_lock_the_next_one(ws):
    """A crash mid-session leaves pending, post-loop-pending and a dangling
    playbook.active; a new session can always get back to work."""
    ws.marker(".claude/.session-init/pending")
    ws.marker(".claude/session-state/post-loop-pending", "{}")
    ws.set_state("playbook", active="play/gone/plan.json")
    payload = ws.payload("SessionStart", source="startup")
    code, out, err, _ = ws.evaluate("SessionStart", payload)
    assert code == 0
    assert not ws.has(".claude/session-state/post-loop-pending")
    assert not ws.read("state.md").blocked
    assert not ws.has(".claude/.session-init/pending")
    assert not ws.pre("Skill", {"skill": "playbook-init"}).blocked
