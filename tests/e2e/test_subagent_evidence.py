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
    """Make sure PostToolUse and PostToolUseFailure are registered for Bash
    (the suite registers both for the critic's evidence; the measurement
    must not depend on it)."""
    path = box.repo / ".claude/settings.json"
    settings = json.loads(path.read_text())
    hooks = settings["hooks"]
    command = hooks["PostToolUse"][0]["hooks"][0]["command"]
    entry = {"matcher": "Bash", "hooks": [{"type": "command", "command": command,
                                           "timeout": 30}]}
    for event in ("PostToolUse", "PostToolUseFailure"):
        groups = hooks.setdefault(event, [])
        if not any("Bash" in str(g.get("matcher", "")).split("|") for g in groups):
            groups.append(entry)
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


def test_a_critic_pass_whose_own_command_failed_is_not_recorded(make_box, api):
    """The critic runs the subtask's validation command, which fails, and
    says PASS anyway: the ledger records a FAIL naming the command and its
    exit status, the subtask stays open, and the orchestrator is told."""
    box = make_box()
    command = "python3 src/app.py"          # the plan's validation command
    (box.repo / "src").mkdir(exist_ok=True)
    (box.repo / "src/app.py").write_text("import sys\nsys.exit(3)\n")
    agent = tool_use("Agent", {"description": "critic", "subagent_type": "critic",
                               "prompt": "judge p1.1 [[lane:critic]]"})
    script = Script(main=[*ready(box), agent, "waiting", "done"],
                    critic=[bash(command), "Looks fine to me.\n\nCRITIC: PASS p1.1"])
    run = box.run(api, "go", script)
    assert run.code == 0, run.describe()
    ledger = [json.loads(line) for line in
              (box.repo / ".claude/logs/critic-ledger.jsonl").read_text().splitlines()]
    mine = [r for r in ledger if r["subtask"] == "p1.1"]
    assert mine and mine[-1]["verdict"] == "FAIL" and mine[-1]["said"] == "PASS", ledger
    assert mine[-1]["observed"]["command"] == command
    status = mine[-1]["observed"]["status"]
    assert status not in (0, None), mine[-1]   # 3, or "failed" when it was refused
    progress = json.loads((box.repo / "play/e2e/progress.json").read_text())
    assert progress["subtasks"]["p1.1"]["status"] != "done"
    # what the model received names the command and its status
    told = "\n".join(r.conversation_text() for r in run.requests)
    assert f"`{command}` exited {status}" in told, run.describe()


@pytest.mark.parametrize("background", [False, True])
def test_the_agent_call_returns_only_after_the_subagents_stop_hook(make_box, api, background):
    """The critic's verdicts are recorded at its SubagentStop; the
    orchestrator must not learn the outcome before that. Measured with the
    SubagentStop hook slowed by 3 s (causal order of the recorded hook
    calls, not a stopwatch):

    * ``run_in_background: false``: the Agent call's PostToolUse (its
      reminder, then the orchestrator's next request) starts only after the
      stop hook returned;
    * in the background (what the CLI does when the call does not say
      ``false``): the Agent call returns at once, and the outcome reaches
      the orchestrator as a task notification (UserPromptSubmit) that
      starts only after the stop hook returned.
    """
    box = make_box(record=True)
    agent = tool_use("Agent", {"description": "d", "prompt": "check [[lane:sub]]",
                               "subagent_type": "general-purpose",
                               **({} if background else {"run_in_background": False})})
    script = Script(main=[*ready(box), agent, "done", "done"], sub=[bash("ls"), "sub ok"])
    # 3 s: several times what a hook call takes on a loaded machine, so that a
    # client that did not wait would show the other order; a shorter delay
    # could let the right order come out by chance.
    run = box.run(api, "go", script, env={"PLAYGATE_E2E_SLOW": "subagent_stop.py::3"})
    assert run.code == 0, run.describe()
    calls = box.recorder.calls()
    stops = [c for c in calls if c.event == "SubagentStop"]
    assert len(stops) == 1 and stops[0].finished is not None, stops
    started = [c for c in calls if c.event == "SubagentStart"]
    agent_post = [c for c in calls if c.event == "PostToolUse" and c.tool in ("Agent", "Task")]
    assert agent_post, calls
    if not background:
        assert agent_post[0].started >= stops[0].finished, (stops, agent_post)
        return
    assert agent_post[0].started < stops[0].started, (started, agent_post, stops)
    told = [c for c in calls if c.event == "UserPromptSubmit"
            and "task-notification" in str(c.payload.get("prompt", ""))]
    assert told and told[0].started >= stops[0].finished, (stops, told)


def test_a_permission_request_hook_past_its_timeout_leaves_the_dialog(make_box, api):
    """A PermissionRequest hook that has not answered within its registered
    timeout (5 s) is cancelled and the CLI's own dialog decides: headless,
    nobody answers it, so the command is refused ("... needs approval",
    "This command requires approval": the CLI's wording per command).
    This is how a heavily loaded machine (a hook process needing more than
    5 s to start and answer) ends a headless session after a command such as
    ``pytest -q``: safe (refused, never run unchecked), not a race."""
    box = make_box(record=True)
    first = ready(box)
    script = Script(main=[*first, bash("touch slow-permission-probe.txt"), "done"])
    # The wait is the registered 5 s, the subject; the 30 s sleep is never
    # waited for (the hook is cancelled).
    run = box.run(api, "go", script, permission_mode=None, timeout=120,
                  env={"PLAYGATE_E2E_SLOW": "permission_request.py:slow-permission-probe:30"})
    assert run.code == 0, run.describe()
    asked = [c for c in box.recorder.calls() if c.event == "PermissionRequest"]
    assert asked and asked[0].code is None, asked   # cancelled, never returned
    refused = run.result_of(len(first))
    assert refused["is_error"] and "approval" in refused["text"], refused
    assert not (box.repo / "slow-permission-probe.txt").exists()  # refused, never run
