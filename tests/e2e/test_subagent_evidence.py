"""What the hooks receive when a subagent's Bash command exits non-zero
(docs/claude-code-measured.md, "Subagents' tool calls and failing
commands"): measured with the real CLI, pinned here."""

from __future__ import annotations

import json
import os

import pytest

from .fakeapi import Script, tool_use
from .workflow import bash, ready

pytestmark = pytest.mark.e2e


def _register_bash_results(box) -> None:
    """Add PostToolUse and PostToolUseFailure registrations for Bash with
    the recorded command (the suite registers neither for Bash)."""
    path = box.repo / ".claude/settings.json"
    settings = json.loads(path.read_text())
    hooks = settings["hooks"]
    command = hooks["PostToolUse"][0]["hooks"][0]["command"]
    entry = {"matcher": "Bash", "hooks": [{"type": "command", "command": command,
                                           "timeout": 30}]}
    hooks["PostToolUse"].append(entry)
    hooks["PostToolUseFailure"] = [entry]
    path.write_text(json.dumps(settings, indent=2))


def test_a_subagents_failing_bash_reaches_the_hooks(make_box, api):
    box = make_box(record=True)
    _register_bash_results(box)
    agent = tool_use("Agent", {"description": "d", "prompt": "check [[lane:sub]]",
                               "subagent_type": "general-purpose"})
    script = Script(main=[*ready(box), agent, "waiting", "done"],
                    sub=[bash("ls /nonexistent-e2e-dir"), bash("ls"), "sub ok"])
    run = box.run(api, "go", script)
    assert run.code == 0, run.describe()
    calls = [c for c in box.recorder.calls() if c.tool == "Bash"]
    dump = os.environ.get("PLAYGATE_E2E_DUMP")
    if dump:
        with open(dump, "w") as fh:
            json.dump([{"event": c.event, "payload": c.payload} for c in calls], fh, indent=1)
    subagent = [c.payload for c in box.recorder.calls() if c.event == "SubagentStart"]
    assert len(subagent) == 1
    agent_id = subagent[0]["agent_id"]
    # Every Bash call of the subagent carries its agent_id and agent_type.
    assert calls and all(c.agent_id == agent_id for c in calls), calls
    assert all(c.payload.get("agent_type") == "general-purpose" for c in calls)
    failing = [c for c in calls if c.payload["tool_input"]["command"].startswith("ls /non")]
    passing = [c for c in calls if c.payload["tool_input"]["command"] == "ls"]
    # A non-zero exit is PostToolUseFailure, never PostToolUse; the status is
    # only in the text of "error": "Exit code <n>\n<stderr>".
    assert [c.event for c in failing] == ["PreToolUse", "PostToolUseFailure"], failing
    failure = failing[1].payload
    assert failure["error"].startswith("Exit code 2\n"), failure["error"]
    assert failure["is_interrupt"] is False and "tool_response" not in failure
    assert failure["tool_use_id"] == failing[0].payload["tool_use_id"]
    # A zero exit is PostToolUse; its tool_response has no exit code field.
    assert [c.event for c in passing] == ["PreToolUse", "PostToolUse"], passing
    response = passing[1].payload["tool_response"]
    assert set(response) >= {"stdout", "stderr", "interrupted"}
    assert not {"exit_code", "exitCode", "returncode", "code"} & set(response), response
