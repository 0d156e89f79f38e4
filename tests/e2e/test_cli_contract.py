"""Does Claude Code honour the settings.json that install.py writes, and does
it behave as the suite assumes (reference/claude-code-hooks.md)?

These tests install the suite behind a recorder (tests/e2e/harness.py
``Recorder``) that logs every hook call the real CLI makes: which entrypoint,
with which payload, ``CLAUDE_PROJECT_DIR``, exit code and timing. They pin
down the facts the guards rely on, for the pinned Claude Code version; when
the pin moves, a failure here says what changed.
"""

from __future__ import annotations

import json
import os
import shutil
import time

import pytest

from .fakeapi import Script, tool_use
from .harness import Sandbox
from .workflow import bash, ready, write

pytestmark = pytest.mark.e2e


#: Hook event -> the entrypoint install.py registers for it.
ENTRYPOINTS = {
    "PreToolUse": "pre_tool_use.py", "PostToolUse": "post_tool_use.py",
    "PermissionRequest": "permission_request.py", "UserPromptSubmit": "user_prompt_submit.py",
    "Stop": "stop.py", "SubagentStop": "subagent_stop.py", "SubagentStart": "subagent_start.py",
    "SessionStart": "session_start.py", "SessionEnd": "session_end.py",
    "PreCompact": "pre_compact.py", "Notification": "notification.py",
}


def _calls(box, event: str, tool: str | None = None) -> list:
    return [c for c in box.recorder.calls()
            if c.event == event and (tool is None or c.tool == tool)]


@pytest.fixture(scope="module")
def registrations(claude_cli, api):
    """``(box, run)``: one session through every event the suite registers,
    in the default permission mode, the hooks behind a recorder. Read by the
    tests of the wiring and of the payloads."""
    box = Sandbox.prepared(record=True, claude=claude_cli)
    src = box.path("src/app.py")
    agent = tool_use("Agent", {"description": "list files", "prompt": "ls [[lane:sub]]",
                               "subagent_type": "general-purpose"})
    script = Script(
        main=[*ready(box),                                              # 0-2 Read
              write(box, "src/app.py", "print('hi')\n"),              # 3 Write
              tool_use("Edit", {"file_path": str(src), "old_string": "hi",
                                "new_string": "hello", "replace_all": False}),  # 4 Edit
              bash("ls src"),                                           # 5 allowed by rule
              bash("python3 scripts/x.py"),                             # 6 needs a dialog
              agent,                                                    # 7 Agent (async)
              "waiting for the agent", "all done"],
        sub=[bash("ls"), "listed"],
    )
    yield box, box.run(api, "implement src/app.py", script, permission_mode=None)
    if not os.environ.get("PLAYGATE_E2E_KEEP"):
        shutil.rmtree(box.root, ignore_errors=True)


def test_every_registration_fires_with_its_matcher(registrations):
    """One session through every event the suite registers; the matchers of
    settings.template.json decide which tools reach which entrypoint."""
    box, run = registrations
    src = box.path("src/app.py")
    assert run.code == 0, run.describe()
    calls = box.recorder.calls()
    # Each event reached its own entrypoint (settings.template.json's wiring).
    wrong = [(c.event, c.script) for c in calls if c.script != ENTRYPOINTS[c.event]]
    assert wrong == [], wrong
    # Every hook ran against this project, and none of them failed or timed out.
    assert {c.project_dir for c in calls} == {str(box.repo)}
    assert [c for c in calls if c.code != 0] == [], calls

    events = [c.event for c in calls]
    for event in ("SessionStart", "UserPromptSubmit", "PreToolUse", "PermissionRequest",
                  "PostToolUse", "SubagentStart", "SubagentStop", "Stop", "SessionEnd"):
        assert event in events, (event, calls)
    assert events[0] == "SessionStart" and events[-1] == "SessionEnd"
    # Headless: the unanswerable permission dialog raises no Notification,
    # and nothing compacts.
    assert "Notification" not in events and "PreCompact" not in events, events
    assert _calls(box, "SessionStart")[0].payload["source"] == "startup"
    assert _calls(box, "SessionEnd")[0].payload["reason"] == "other"

    # PreToolUse "*": every tool, in the main agent and in the subagent.
    pre = [(c.tool, c.agent_id is not None) for c in _calls(box, "PreToolUse")]
    assert pre.count(("Read", False)) == 3
    for tool in ("Write", "Edit", "Bash", "Agent"):
        assert (tool, False) in pre, pre
    assert ("Bash", True) in pre, pre
    # PostToolUse "Edit|Write|MultiEdit|NotebookEdit|Task|Agent|Bash|TaskCreate|TaskUpdate":
    # not Read (Bash for critic-commands, the critic's observed evidence).
    post = sorted({c.tool for c in _calls(box, "PostToolUse")})
    assert post == ["Agent", "Bash", "Edit", "Write"], post
    # PermissionRequest "Bash": only the call no allow rule covers. Write and
    # Edit are allowed by the installed rules (trusted workspace), `ls` by
    # Bash(ls:*), so no dialog and no PermissionRequest for them.
    perm = [(c.tool, c.payload["tool_input"].get("command")) for c in
            _calls(box, "PermissionRequest")]
    assert perm == [("Bash", "python3 scripts/x.py")], perm
    assert src.read_text() == "print('hello')\n"


def test_hook_payloads_match_the_captured_fixtures(registrations):
    """The fields the fixtures in ../shared/fixtures show arrive the same way
    from a live session (so the fixture-based unit tests stay representative):
    the session of ``registrations`` (three Reads, a subagent's Bash, Stops)."""
    box, run = registrations
    assert run.code == 0, run.describe()
    pre = _calls(box, "PreToolUse", "Read")[0].payload
    assert {"session_id", "transcript_path", "cwd", "permission_mode", "hook_event_name",
            "tool_name", "tool_input", "tool_use_id"} <= set(pre)
    assert pre["permission_mode"] == "default" and pre["cwd"] == str(box.repo)
    assert pre["transcript_path"] == str(run.transcript)
    start = _calls(box, "SessionStart")[0].payload
    assert "permission_mode" not in start
    sub_pre = [c for c in _calls(box, "PreToolUse", "Bash") if c.agent_id]
    assert sub_pre and sub_pre[0].payload["agent_type"] == "general-purpose"
    sub_stop = _calls(box, "SubagentStop")[0].payload
    assert sub_stop["agent_id"] == sub_pre[0].agent_id
    assert "agent_transcript_path" in sub_stop
    stop = _calls(box, "Stop")[0].payload
    assert {"stop_hook_active", "last_assistant_message", "background_tasks"} <= set(stop)


def test_agent_runs_in_the_background_and_its_result_comes_back_as_a_prompt(make_box, api):
    """Claude Code 2.1.329 launches Agent calls asynchronously in -p: the tool
    result is a launch receipt, PostToolUse(Agent) fires at once, the main
    agent's Stop fires while the subagent still runs, and the subagent's
    result arrives as a new prompt (``<task-notification>``) that goes
    through UserPromptSubmit like a user's prompt."""
    box = make_box(record=True)
    agent = tool_use("Agent", {"description": "d", "prompt": "p [[lane:sub]]",
                               "subagent_type": "general-purpose"})
    script = Script(main=[*ready(box), agent, "waiting", "done"], sub=[bash("ls"), "sub ok"])
    run = box.run(api, "go", script)
    assert run.code == 0, run.describe()
    assert "Async agent launched" in run.result_of(3)["text"]
    post = _calls(box, "PostToolUse", "Agent")[0].payload
    assert post["tool_response"]["status"] == "async_launched"
    prompts = [c.payload["prompt"] for c in _calls(box, "UserPromptSubmit")]
    assert prompts[0] == "go"
    assert len(prompts) == 2 and prompts[1].startswith("<task-notification>"), prompts
    assert "<result>sub ok</result>" in prompts[1]
    # Stop fires once per turn of the main agent, the first one while the
    # subagent still runs (more when a Stop hook blocks: the suite's
    # completion-check may, so only the minimum is pinned here).
    stops = _calls(box, "Stop")
    assert len(stops) >= 2, stops
    assert any(t.get("type") == "subagent" for t in stops[0].payload["background_tasks"])
    notified = next(i for i, c in enumerate(box.recorder.calls())
                    if c.event == "UserPromptSubmit" and c.payload["prompt"] != "go")
    assert any(c.event == "Stop" for c in box.recorder.calls()[:notified])


def test_session_end_timeout_is_in_seconds_and_cancels_a_slow_hook(make_box, api):
    """settings.template.json gives SessionEnd ``"timeout": 1.5``: a
    fractional number of seconds is accepted, and a slower hook is cancelled."""
    box = make_box(record=True)
    # The wait is the installed 1.5 s, the subject itself; the hook's 30 s
    # sleep is never waited for (the client cancels it).
    run = box.run(api, "hi", Script(main=["hi"]),
                  env={"PLAYGATE_E2E_SLOW": "session_end.py::30"})
    assert run.code == 0, run.describe()
    end = _calls(box, "SessionEnd")
    # Killed, never returned: the client did not wait for the 30 s hook
    # (causal: the recorder saw no exit; no stopwatch on a shared machine).
    assert len(end) == 1 and end[0].code is None
    assert "SessionEnd hook" in run.stderr and "Hook cancelled" in run.stderr, run.stderr


def test_a_pre_tool_use_hook_that_times_out_blocks_with_on_failure(make_box, api):
    """The installed PreToolUse timeout is 10 s. Claude Code lets a timed-out
    hook's call through unless the handler says ``"onFailure": "block"``,
    which install.py registers on PreToolUse (reference "What
    the model actually sees"): the call is refused and the model is told it
    timed out. The next call is judged normally. (On CLIs older than the
    option a timeout still fails open: the hooks must be fast.)"""
    box = make_box(record=True)
    script = Script(main=[*ready(box), write(box, "src/slow.py", "x\n"),
                          write(box, "src/app.py", "x\n"), "ok"])
    # The 10 s wait is the installed timeout, the subject, and no shorter
    # one would do: a whole session takes about 3 s, so only a wait well
    # above that tells seconds from milliseconds. The hook's 60 s sleep is
    # never waited for (killed at 10 s).
    started = time.monotonic()
    run = box.run(api, "write", script, timeout=120,
                  env={"PLAYGATE_E2E_SLOW": "pre_tool_use.py:slow.py:60"})
    elapsed = time.monotonic() - started
    writes = _calls(box, "PreToolUse", "Write")
    assert len(writes) == 2 and writes[0].code is None, run.describe()  # killed
    assert not box.path("src/slow.py").exists()  # refused, not run unchecked
    refused = run.result_of(3)
    assert refused["is_error"] and "timed out" in refused["text"], refused
    assert 'onFailure is "block"' in refused["text"], refused
    assert box.path("src/app.py").read_text() == "x\n"
    # The timeout is in seconds: the client waited the 10 s before giving up
    # (a lower bound; a loaded machine only makes it later). That it did not
    # wait for the 60 s hook is the kill above.
    assert elapsed >= 10, elapsed


def test_untrusted_workspace_runs_hooks_but_ignores_allow_rules(make_box, api):
    """Without the trust dialog accepted, -p ignores the project's
    ``permissions.allow`` (with a warning on stderr) but still runs its hooks
    and honours its ``deny`` rules."""
    box = make_box(record=True, trusted=False)
    _deny_rule(box, "Bash(echo denied-by-rule:*)")
    script = Script(main=[*ready(box), write(box, "src/app.py", "x\n"),
                          bash("echo denied-by-rule now"), "ok"])
    run = box.run(api, "write", script, permission_mode=None)
    assert "Ignoring" in run.stderr and "permissions.allow" in run.stderr, run.stderr
    assert _calls(box, "PreToolUse", "Write"), run.describe()
    write_result = run.result_of(3)
    assert write_result["is_error"] and "haven't granted" in write_result["text"]
    assert not box.path("src/app.py").exists()
    # The suite's PreToolUse allows the echo (read-only); the deny rule,
    # which the untrusted workspace still honours, refuses it.
    echo = run.result_of(4)
    assert echo["is_error"] and "denied" in echo["text"], echo
    assert "hook error" not in echo["text"] and "haven't granted" not in echo["text"], echo
    # The suite's PermissionRequest hook ("Bash" matcher) saw neither: the
    # Write dialog is not its business, and deny rules answer before a dialog.
    assert _calls(box, "PermissionRequest") == []


def test_stop_block_cap_of_the_client(make_box, api):
    """Claude Code ends a turn after its Stop hooks blocked it 9 times in a
    row (8 continuations); the suite's own loop guard must end far earlier.
    Measured with a stand-in Stop hook that always blocks."""
    box = make_box()
    local = box.path(".claude/settings.local.json")
    local.write_text(json.dumps({"hooks": {"Stop": [{"hooks": [{
        "type": "command", "timeout": 5,
        "command": "printf '%s' '{\"decision\": \"block\", \"reason\": \"not yet\"}'"}]}]}}))
    run = box.run(api, "go", Script(main=[f"claim {i}" for i in range(20)]))
    assert run.code == 0, run.describe()
    assert len(run.lane("main")) == 9, run.describe()
    cap = [e for e in run.events if e.get("key") == "stop-hook-block-cap"]
    assert cap and "9 consecutive times" in cap[0]["text"], run.describe()
    feedback = [t for t in run.last().stop_feedback() if "not yet" in t]
    assert len(feedback) == 8, run.last().stop_feedback()


def _stand_in_hooks(box, hooks: dict) -> None:
    """Register extra command hooks in ``.claude/settings.local.json`` (they
    run beside the suite's: hook entries merge across settings files)."""
    box.path(".claude/settings.local.json").write_text(json.dumps({"hooks": hooks}))


def _deny_rule(box, rule: str) -> None:
    """Add a ``permissions.deny`` rule to the installed project settings.
    The rule names a command the suite itself lets through, so that what
    answers is the rule, not the suite's bash-check."""
    settings = box.path(".claude/settings.json")
    data = json.loads(settings.read_text())
    data.setdefault("permissions", {}).setdefault("deny", []).append(rule)
    settings.write_text(json.dumps(data, indent=2))


def _printing(obj) -> dict:
    return {"type": "command", "timeout": 5,
            "command": f"cat >/dev/null; printf '%s' '{json.dumps(obj)}'"}


def test_how_hook_feedback_reaches_the_model(make_box, api):
    """Where each kind of hook output lands in the model's request."""
    box = make_box()
    _stand_in_hooks(box, {
        "UserPromptSubmit": [{"hooks": [_printing({"hookSpecificOutput": {
            "hookEventName": "UserPromptSubmit", "additionalContext": "prompt-context-marker"}})]}],
        "PostToolUse": [{"matcher": "Read", "hooks": [_printing({
            "systemMessage": "user-only-marker",
            "hookSpecificOutput": {"hookEventName": "PostToolUse",
                                   "additionalContext": "post-context-marker"}})]}],
    })
    script = Script(main=[write(box, "src/app.py", "x\n"), *ready(box), "ok"])
    run = box.run(api, "go", script)
    assert run.code == 0, run.describe()
    last = run.last()
    # The suite's PreToolUse block is a JSON deny: an error
    # tool_result with the reason and nothing else -- not the command line,
    # which an exit-2 block would show (test_pre_tool_use_hooks_answer_before...).
    blocked = run.result_of(0)
    assert blocked["is_error"]
    assert blocked["text"].startswith("PreToolUse:Write hook error: [playgate:init-guard] ")
    assert "pre_tool_use.py" not in blocked["text"] and "failclosed" not in blocked["text"]
    # SessionStart and UserPromptSubmit additionalContext: both in the first
    # role "system" message, which also carries the environment notes.
    first = last.system_messages()[0]
    assert first.startswith("SessionStart hook additional context: [playgate:session-start]")
    assert "UserPromptSubmit hook additional context: prompt-context-marker" in first
    # PostToolUse additionalContext: a role "system" message after each call.
    assert last.system_messages().count(
        "PostToolUse:Read hook additional context: post-context-marker") == 3
    # systemMessage is for the user: the model never sees it, the stream has it.
    assert "user-only-marker" not in json.dumps([r.body for r in run.requests])
    assert "user-only-marker" in run.stdout


def test_post_tool_use_block_reason_reaches_the_model_after_the_tool_ran(make_box, api):
    """PostToolUse ``decision: block`` cannot undo the call: the result stands
    and the reason follows as a role "system" message."""
    box = make_box()
    _stand_in_hooks(box, {"PostToolUse": [{"matcher": "Write", "hooks": [
        _printing({"decision": "block", "reason": "post-block-marker"})]}]})
    script = Script(main=[*ready(box), write(box, "src/app.py", "x\n"), "ok"])
    run = box.run(api, "go", script)
    assert box.path("src/app.py").read_text() == "x\n"
    assert not run.result_of(3)["is_error"]
    notes = [m for m in run.last().system_messages() if "post-block-marker" in m]
    assert len(notes) == 1 and notes[0].startswith(
        "PostToolUse:Write hook blocking error from command:"), notes


def test_pre_tool_use_hooks_answer_before_the_deny_rules(make_box, api):
    """A command both a PreToolUse hook and a settings ``deny`` rule refuse
    gets the hook's reason: hooks run first (deny rules still hold without
    the hook, see test_untrusted_workspace_runs_hooks_but_ignores_allow_rules).
    The command is one the suite allows, so the refusal is the stand-in's."""
    box = make_box()
    _deny_rule(box, "Bash(echo denied-by-rule:*)")
    _stand_in_hooks(box, {"PreToolUse": [{"matcher": "Bash", "hooks": [{
        "type": "command", "timeout": 5,
        "command": "cat >/dev/null; echo stand-in-refusal >&2; exit 2"}]}]})
    script = Script(main=[*ready(box), bash("echo denied-by-rule now"), "ok"])
    run = box.run(api, "echo", script, permission_mode=None)
    result = run.result_of(3)
    assert result["is_error"] and "stand-in-refusal" in result["text"], result
    assert result["text"].startswith("PreToolUse:Bash hook error:"), result


# --------------------------------------------------------------------------- fail closed


def test_a_missing_hook_interpreter_blocks_the_prompt(make_box, api):
    """The venv the hooks run with is gone (install.py --python pointed at
    it): ``|| exit 2`` on UserPromptSubmit turns sh's 127 into a block, so
    the model is never called and nothing runs. SessionStart's fallback
    prints the repair hint for the user."""
    box = make_box(record=True)
    box.recorder.python.unlink()
    script = Script(main=[write(box, "src/app.py", "x\n"), "ok"])
    run = box.run(api, "write src/app.py", script)
    assert run.code == 0, run.describe()  # the CLI itself reports no failure
    assert run.lane("main") == [], run.describe()
    assert not box.path("src/app.py").exists()
    blocked = [e for e in run.events if e.get("prompt_submit_outcome")]
    assert blocked and blocked[0]["prompt_submit_outcome"]["kind"] == "blocked_by_hook"
    start = [e for e in run.hook_events("SessionStart") if e.get("subtype") == "hook_response"]
    assert "playgate: its hooks cannot run here" in start[0]["stdout"]
    assert "python3 .claude/playgate install ." in start[0]["stdout"]


def test_a_missing_entrypoint_blocks_the_tool_call(make_box, api):
    """An entrypoint the interpreter cannot open (python exits 2) blocks."""
    box = make_box()
    box.path(".claude/hooks/pre_tool_use.py").unlink()
    script = Script(main=[*ready(box), write(box, "src/app.py", "x\n"), "ok"])
    run = box.run(api, "write", script)
    for turn in range(4):
        result = run.result_of(turn)
        assert result["is_error"] and "pre_tool_use.py" in result["text"], result
    assert not box.path("src/app.py").exists()


# --------------------------------------------------------------------------- compaction


def test_compaction_in_print_mode_runs_pre_compact_then_session_start_compact(compacted):
    """``claude -p --resume <id> /compact`` compacts headless: PreCompact
    (trigger ``manual``), the summary requests run as subagents (SubagentStop
    fires for each, with an empty ``agent_type``), then SessionStart fires
    again with ``source: compact``. The suite's hooks must let all of it
    through (a SubagentStop block here would break compaction). (The
    sessions: conftest's ``compacted``, the recorder cleared after the first.)"""
    box, first, run = compacted
    assert first.code == 0, first.describe()
    assert run.code == 0, run.describe()
    order = [(c.event, c.payload.get("source") or c.payload.get("trigger"))
             for c in box.recorder.calls()]
    assert order[0] == ("SessionStart", "resume") and order[1] == ("PreCompact", "manual"), order
    assert ("SessionStart", "compact") in order and order[-1][0] == "SessionEnd", order
    helpers = _calls(box, "SubagentStop")
    assert helpers and all(c.payload["agent_type"] == "" for c in helpers), helpers
    assert all(c.code == 0 and '"decision"' not in c.stdout for c in box.recorder.calls())
    status = [e for e in run.events if "compact_result" in e]
    assert status and status[-1]["compact_result"] == "success", run.describe()
    assert any(e.get("subtype") == "compact_boundary" for e in run.events)


# --------------------------------------------------------------------------- PermissionRequest


def test_permission_request_allow_object_of_the_spec_runs_the_command(make_box, api):
    """SPEC §5's allow object, printed by a PermissionRequest hook, answers
    the dialog in -p: the command runs and is not reported as denied. (The
    suite's own permission gate prints the same object.)"""
    box = make_box()
    _stand_in_hooks(box, {"PermissionRequest": [{"matcher": "Bash", "hooks": [_printing(
        {"hookSpecificOutput": {"hookEventName": "PermissionRequest",
                                "decision": {"behavior": "allow"}}})]}]})
    script = Script(main=[*ready(box), bash("python3 scripts/x.py"), "ok"])
    run = box.run(api, "run it", script, permission_mode=None)
    result = run.result_of(3)
    assert not result["is_error"] and "x.py ran" in result["text"], result
    assert box.path("ran.txt").read_text() == "ran\n"
    assert run.permission_denials == []


def test_permission_request_is_skipped_in_bypass_mode(make_box, api):
    """bypassPermissions shows no dialog, so PermissionRequest never fires."""
    box = make_box(record=True)
    script = Script(main=[*ready(box), bash("python3 scripts/x.py"), "ok"])
    run = box.run(api, "run it", script)  # the harness default: bypassPermissions
    assert box.path("ran.txt").exists(), run.describe()
    assert _calls(box, "PermissionRequest") == []
    assert _calls(box, "PreToolUse", "Bash"), run.describe()  # the gate still saw it
