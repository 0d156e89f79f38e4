"""consent-guard and pending-guard (SPEC §3 Edit/Write chain 1–2; seed 002 §4, §11.7;
seed 004 §1 [4]), with their deadlock escapes."""

from __future__ import annotations

import pytest
from saying import says

from events.verdict import ALLOW, BLOCK
from guards import consent_guard, pending_guard

CONSENT = ".claude/.session-init/consent"
POST_LOOP = ".claude/session-state/post-loop-pending"


def edit_ctx(ws, rel, tool="Write"):
    if tool == "Write":
        return ws.tool_ctx("Write", {"file_path": ws.abs(rel), "content": "{}"})
    return ws.tool_ctx("Edit", {"file_path": ws.abs(rel), "old_string": "x", "new_string": "y"})


# ------------------------------------------------------------------ consent-guard
def test_consent_absent_allows(ws):
    ws.ready()
    assert consent_guard.check(edit_ctx(ws, "src/app.py")).kind == ALLOW


def test_consent_blocks_work_and_says_what_to_present(ws):
    ws.ready()
    ws.marker(CONSENT)
    r = ws.edit("src/app.py")
    assert r.blocked and r.guard == "consent-guard", r
    assert says(r.stderr, "consent_guard.not_confirmed"), r


@pytest.mark.parametrize("rel", [
    "state.md",
    ".claude/session-state/notes.txt",
    "play/p1/plan.json",
    "play/p1/progress.json",
])
def test_consent_lets_the_unstuck_files_through(ws, rel):
    ws.ready()
    ws.marker(CONSENT)
    assert consent_guard.check(edit_ctx(ws, rel)).kind == ALLOW


@pytest.mark.parametrize("rel", [
    "play/other/plan.json",  # not the active playbook: a new one waits for consent
    "play/archive/p0/plan.json",
    "src/state.md",
    "state.md.bak",
])
def test_consent_blocks_other_files_even_with_similar_names(ws, rel):
    ws.ready()
    ws.marker(CONSENT)
    assert consent_guard.check(edit_ctx(ws, rel)).kind == BLOCK


# ------------------------------------------------------------------ pending-guard
@pytest.fixture
def post_loop(ws):
    ws.ready()
    ws.marker(POST_LOOP, '{"playbook": "play/archive/p0", "status": "success"}')
    return ws


def test_pending_absent_allows(ws):
    ws.ready()
    assert pending_guard.check(edit_ctx(ws, "src/app.py")).kind == ALLOW


def test_pending_blocks_edits_and_names_the_post_loop_command(post_loop):
    """Every message names the post-loop step the same way — the
    handler's command, which the guards and the installed settings let run."""
    from statefiles import layout

    r = post_loop.edit("src/app.py")
    assert r.blocked and r.guard == "pending-guard", r
    assert f"`{layout.post_loop_command(str(post_loop.root))}`" in r.stderr
    assert "play/archive/p0" in r.stderr


@pytest.mark.parametrize("rel", [
    "state.md",
    ".claude/session-state/post-loop-pending",
    ".claude/session-state/x/y.txt",
    "play/p1/plan.json",
    "play/next/plan.json",
    "play/next/progress.json",
])
def test_pending_leaves_the_files_post_loop_needs_writable(post_loop, rel):
    assert pending_guard.check(edit_ctx(post_loop, rel)).kind == ALLOW


@pytest.mark.parametrize("rel", [
    "play/archive/p0/plan.json",
    "play/template/plan.json",
    "play/next/notes.md",
    ".claude/session-state-evil/x",
    "src/app.py",
])
def test_pending_blocks_everything_else(post_loop, rel):
    assert pending_guard.check(edit_ctx(post_loop, rel)).kind == BLOCK


def test_pending_is_off_on_main(post_loop):
    post_loop.branch("main")
    assert pending_guard.check(edit_ctx(post_loop, "src/app.py")).kind == ALLOW
    # main-branch still stops the edit itself
    r = post_loop.edit("src/app.py")
    assert r.blocked and r.guard == "main-branch"


@pytest.mark.parametrize("content", ["", "not json", "[1, 2]", '{"playbook": 3}'])
def test_pending_with_unreadable_marker_still_blocks_with_a_message(post_loop, content):
    post_loop.marker(POST_LOOP, content)
    v = pending_guard.check(edit_ctx(post_loop, "src/app.py"))
    assert v.kind == BLOCK and "post-loop" in v.message


def test_post_loop_can_finish_through_the_whole_chain(post_loop):
    """The post-loop skill call, its handler and its state writes all pass
    while post-loop-pending exists (deadlock escape)."""
    ws = post_loop
    ws.marker(".claude/skills/post-loop/handler.py", "print(1)\n")
    assert not ws.pre("Skill", {"skill": "post-loop"}).blocked
    assert not ws.bash("python3 .claude/skills/post-loop/handler.py").blocked
    assert not ws.edit("state.md", "current_phase: null", "current_phase: p2").blocked
    assert not ws.write(".claude/session-state/post-loop-pending", "{}").blocked
