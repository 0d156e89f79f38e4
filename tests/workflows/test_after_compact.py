"""After a compaction (WORKFLOWS.md; seed 002 §1.5 "continue", seed 003 §13
"wait"): the resume context, the refusal of the agent's own first action
before the user speaks, and a Stop that is never blocked while waiting."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from draws import examples
from saying import pattern, says

from guards import compact_wait

MARKER = compact_wait.MARKER


def start(ws, source="compact", session="s"):
    payload = ws.payload("SessionStart", source=source, session_id=session)
    code, out, err, _ = ws.evaluate("SessionStart", payload)
    assert code == 0 and err == "", (code, err)
    return json.loads(out)["hookSpecificOutput"].get("additionalContext", "")


def prompt(ws, text="go on", session="s"):
    payload = ws.payload("UserPromptSubmit", prompt=text, session_id=session)
    return ws.evaluate("UserPromptSubmit", payload)


def stop(ws, session="s"):
    payload = ws.payload("Stop", stop_hook_active=False, session_id=session)
    code, out, err, _ = ws.evaluate("Stop", payload)
    return code, (json.loads(out) if out.strip() else {}), err


def waiting_ws(ws, mode="wait"):
    ws.ready()
    ws.set_state("config", after_compact=mode)
    return ws


# ------------------------------------------------------------------ the resume context


def test_wait_mode_says_wait_not_continue(ws):
    waiting_ws(ws)
    context = start(ws)
    assert says(context, "compact_resume.wait"), context
    assert ws.has(MARKER)


def test_continue_mode_says_continue_and_writes_no_marker(ws):
    waiting_ws(ws, "continue")
    context = start(ws)
    assert says(context, "lifecycle.resume_playbook"), context
    assert not says(context, "compact_resume.wait"), context
    assert not ws.has(MARKER)


def test_sync_sdd_waits_by_default(ws):
    ws.ready()
    ws.set_state("config", workflow="sync-sdd")
    context = start(ws)
    assert says(context, "compact_resume.wait") and ws.has(MARKER), context


def test_golden_path_continues_by_default(ws):
    ws.ready()
    start(ws)
    assert not ws.has(MARKER)


def test_wait_mode_context_is_japanese_when_configured(ws):
    waiting_ws(ws)
    ws.set_state("config", language="ja")
    assert "ユーザーの次の指示を待って" in start(ws)


# ------------------------------------------------------------------ the first action


@pytest.mark.parametrize("tool,tool_input", [
    ("Read", {"file_path": "state.md"}),
    ("Bash", {"command": "git status"}),
    ("Edit", {"file_path": "src/app.py", "old_string": "x", "new_string": "y"}),
    ("Agent", {"subagent_type": "sdd-builder", "prompt": "go"}),
    ("Skill", {"skill": "sdd-roadmap"}),
    ("mcp__x__y", {}),
])
def test_every_tool_of_the_lead_is_refused_until_the_user_speaks(ws, tool, tool_input):
    waiting_ws(ws)
    start(ws)
    if "file_path" in tool_input:
        tool_input = dict(tool_input, file_path=ws.abs(tool_input["file_path"]))
    r = ws.pre(tool, tool_input, session_id="s")
    assert r.blocked and r.guard == "compact-wait", r
    assert says(r.stderr, "compact_wait.refused", tool=tool), r.stderr
    code, _out, _err, _ = prompt(ws)
    assert code == 0 and not ws.has(MARKER)
    r = ws.pre(tool, tool_input, session_id="s")
    assert r.guard != "compact-wait", r


def test_a_running_subagent_is_not_held(ws):
    waiting_ws(ws)
    start(ws)
    r = ws.pre("Read", {"file_path": ws.abs("state.md")}, session_id="s", agent_id="a1",
               agent_type="sdd-builder")
    assert r.guard != "compact-wait", r


def test_another_session_is_not_held(ws):
    waiting_ws(ws)
    start(ws, session="s")
    r = ws.pre("Read", {"file_path": ws.abs("state.md")}, session_id="other")
    assert r.guard != "compact-wait", r


def test_switching_to_continue_lifts_the_wait(ws):
    waiting_ws(ws)
    start(ws)
    ws.set_state("config", after_compact="continue")
    r = ws.pre("Read", {"file_path": ws.abs("state.md")}, session_id="s")
    assert r.guard != "compact-wait", r


def test_a_new_session_start_of_the_same_session_clears_a_stale_marker(ws):
    waiting_ws(ws)
    start(ws)
    start(ws, source="resume")
    assert not ws.has(MARKER)


def test_the_marker_is_in_the_protected_floor(ws):
    """Claude cannot lift the wait by removing the marker itself."""
    waiting_ws(ws)
    start(ws)
    prompt(ws)  # lift the wait so the refusal below is protected-edit's, not compact-wait's
    start(ws)
    r = ws.pre("Bash", {"command": f"rm {MARKER}"}, session_id="s")
    assert r.blocked
    prompt(ws)
    r = ws.pre("Bash", {"command": f"rm {MARKER}"}, session_id="s")
    assert r.blocked and r.guard != "compact-wait", r


@settings(max_examples=examples(40), deadline=None)
@given(value=st.one_of(st.text(max_size=10), st.none(), st.booleans(), st.integers()))
def test_only_wait_holds_the_agent(tmp_path_factory, value):
    """Whatever config.after_compact holds, the golden path waits only for
    exactly "wait" (any case); an unknown value reads as the default."""
    from _foundation import Workspace

    ws = Workspace(tmp_path_factory.mktemp("ac") / "ws")
    ws.ready()
    ws.set_state("config", after_compact=value)
    start(ws)
    r = ws.pre("Read", {"file_path": ws.abs("state.md")}, session_id="s")
    held = isinstance(value, str) and value.strip().lower() == "wait"
    assert (r.guard == "compact-wait") is held, (value, r)


# ------------------------------------------------------------------ Stop


def test_stop_is_never_blocked_while_waiting_and_names_the_due_step(ws):
    waiting_ws(ws)
    ws.marker(".claude/session-state/post-loop-pending", json.dumps({"playbook": "p1"}))
    start(ws)
    code, out, _err = stop(ws)
    assert code == 0 and out.get("decision") != "block", out
    message = out.get("systemMessage", "")
    waiting = pattern("compact_wait.stop_due").search(message)
    assert waiting and says(message[waiting.end():], "post_loop_pending.stop",
                            playbook=" p1"), message  # the due step named
    # the due step's own block is back once the user has spoken
    prompt(ws)
    code, out, _err = stop(ws)
    assert out.get("decision") == "block" or code == 2, out


def test_stop_while_waiting_with_an_unfinished_playbook_is_not_blocked(ws):
    waiting_ws(ws)
    start(ws)
    code, out, _err = stop(ws)
    assert code == 0 and out.get("decision") != "block", out


def test_through_the_installed_hooks(installed):
    """The installed hooks: SessionStart(compact) → a refused Read → the
    user's prompt → the Read passes."""
    from statefiles import state_md

    state_md.update_keys(str(installed.root), "config", {"after_compact": "wait"})
    r = installed.hook("SessionStart", source="compact")
    assert r.code == 0 and says(r.context, "compact_resume.wait"), r
    state = str(installed.root / "state.md")
    r = installed.tool("Read", {"file_path": state})
    assert r.blocked and "[playgate:compact-wait]" in r.reason, r
    r = installed.hook("Stop", stop_hook_active=False)
    assert r.code == 0 and '"decision": "block"' not in r.stdout, r
    r = installed.hook("UserPromptSubmit", prompt="please go on")
    assert r.code == 0, r
    r = installed.tool("Read", {"file_path": state})
    assert not r.blocked, r
