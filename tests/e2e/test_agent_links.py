"""What links an ``Agent`` tool call to its subagent's start and stop, when
several subagents run in parallel from one message (docs/claude-code-measured.md,
"Agent calls and their subagents' start and stop").

The crew workflow's execution log (``work/cmd_NNN/execution_log.yaml``) is
written by the hooks from what they see, so the hooks must tell which Agent
call a SubagentStart or SubagentStop belongs to. These tests pin down the
facts that reading relies on, for the foreground (``run_in_background:
false``) and the background (the default in ``-p``) alike:

* PreToolUse(Agent) carries ``tool_use_id`` and the call's ``prompt``; the
  calls of one message reach the hooks together, before any subagent starts;
* SubagentStart carries only ``agent_id`` and ``agent_type`` (no prompt, no
  ``tool_use_id``), so a start cannot be linked to its call on its own;
* SubagentStop carries ``agent_id``, ``agent_type`` and
  ``agent_transcript_path``, whose first user message is the call's prompt,
  exactly: the link the crew hooks use;
* PostToolUse(Agent) carries ``tool_use_id`` and ``tool_response.agentId``:
  at launch in the background (``status: async_launched``), after the
  subagent's SubagentStop in the foreground (``status: completed``).
"""

from __future__ import annotations

import json

import pytest

from .fakeapi import Script, tool_use
from .workflow import ready

pytestmark = pytest.mark.e2e

LANES = ("s1", "s2", "s3")

PROBE_AGENT = """---
name: link-probe
description: A probe agent for the link measurement.
tools: Bash
---
Answer briefly.
"""


def _agent(lane: str, background) -> dict:
    data = {"description": f"task {lane}", "prompt": f"task {lane}: work/cmd_001/tasks/"
            f"task_{lane[1]}.md [[lane:{lane}]]",
            "subagent_type": "link-probe" if lane == "s3" else "general-purpose"}
    if background is not None:
        data["run_in_background"] = background
    return tool_use("Agent", data)


def _first_prompt(transcript: str) -> str:
    """The first user message's text of a subagent transcript (JSONL)."""
    with open(transcript, encoding="utf-8") as fh:
        for line in fh:
            entry = json.loads(line)
            message = entry.get("message") or {}
            if entry.get("type") == "user" and message.get("role") == "user":
                content = message.get("content")
                if isinstance(content, list):
                    content = "".join(b.get("text", "") for b in content if isinstance(b, dict))
                return content
    return ""


def _run(make_box, api, background):
    box = make_box(record=True)
    agents = box.path(".claude/agents")
    agents.mkdir(exist_ok=True)
    (agents / "link-probe.md").write_text(PROBE_AGENT)
    box.commit_all("probe agent")
    script = Script(main=[*ready(box), [_agent(lane, background) for lane in LANES],
                          "waiting", "waiting", "waiting", "waiting", "done"],
                    # s1 is the slowest, so the three stop in another order
                    # than they started.
                    s1=[tool_use("Bash", {"command": "sleep 2"}), "s1 done"],
                    s2=[tool_use("Bash", {"command": "ls"}), "s2 done"],
                    s3=["s3 done"])
    run = box.run(api, "go", script, timeout=180)
    assert run.code == 0, run.describe()
    calls = box.recorder.calls()
    by_event = {}
    for c in calls:
        by_event.setdefault(c.event, []).append(c)
    return box, run, calls, by_event


def _links(by_event) -> dict:
    """``{tool_use_id: agent_id}`` as the hooks can read it at SubagentStop:
    the stop's transcript's first prompt is the call's prompt."""
    prompts = {c.payload["tool_use_id"]: c.payload["tool_input"]["prompt"]
               for c in by_event["PreToolUse"] if c.tool == "Agent"}
    out = {}
    for stop in by_event["SubagentStop"]:
        first = _first_prompt(stop.payload["agent_transcript_path"])
        matches = [tid for tid, prompt in prompts.items() if prompt == first]
        assert len(matches) == 1, (first, prompts)
        out[matches[0]] = stop.payload["agent_id"]
    return out


def _common(calls, by_event) -> dict:
    pre = [c for c in by_event["PreToolUse"] if c.tool == "Agent"]
    assert len(pre) == 3 and all(c.agent_id is None for c in pre)
    assert {c.payload["tool_input"]["prompt"].split(":")[0] for c in pre} == {
        "task s1", "task s2", "task s3"}
    starts, stops = by_event["SubagentStart"], by_event["SubagentStop"]
    assert len(starts) == 3 and len(stops) == 3, calls
    # All three calls reached PreToolUse before any subagent started.
    assert max(c.started for c in pre) < min(c.started for c in starts)
    # SubagentStart: the agent's id and type, nothing that names its call.
    for c in starts:
        assert {"agent_id", "agent_type"} <= set(c.payload)
        assert not {"prompt", "tool_use_id", "tool_input", "agent_transcript_path"} & set(
            c.payload), c.payload
    assert sorted(c.payload["agent_type"] for c in starts) == [
        "general-purpose", "general-purpose", "link-probe"]
    # SubagentStop: the same ids, a transcript path per agent.
    assert {c.agent_id for c in starts} == {c.agent_id for c in stops}
    for c in stops:
        assert c.payload["agent_transcript_path"].endswith(
            f"/subagents/agent-{c.agent_id}.jsonl"), c.payload
    links = _links(by_event)
    # PostToolUse(Agent) agrees with the transcript link.
    post = {c.payload["tool_use_id"]: c.payload["tool_response"] for c in by_event["PostToolUse"]
            if c.tool == "Agent"}
    assert {tid: resp["agentId"] for tid, resp in post.items()} == links
    # The agent type at the stop is the one the call asked for.
    type_of = {c.payload["tool_use_id"]: c.payload["tool_input"]["subagent_type"] for c in pre}
    for c in stops:
        tid = next(t for t, a in links.items() if a == c.agent_id)
        assert c.payload["agent_type"] == type_of[tid]
    return post


def test_parallel_foreground_agents_are_linked_at_their_stop(make_box, api):
    """``run_in_background: false``: PostToolUse(Agent) comes after the
    subagent's SubagentStop, with ``status: completed``."""
    _box, _run_, calls, by_event = _run(make_box, api, background=False)
    post = _common(calls, by_event)
    assert {resp["status"] for resp in post.values()} == {"completed"}
    for stop in by_event["SubagentStop"]:
        after = [c for c in by_event["PostToolUse"] if c.tool == "Agent"
                 and c.payload["tool_response"]["agentId"] == stop.agent_id]
        assert len(after) == 1 and after[0].started > stop.started


def test_parallel_background_agents_are_linked_at_launch_and_at_their_stop(make_box, api):
    """The default in ``-p`` (and ``run_in_background: true``): PostToolUse
    (Agent) answers at once with ``async_launched`` and the agent id, before
    the subagent stops; the main agent's Stop lists the running subagents."""
    _box, _run_, calls, by_event = _run(make_box, api, background=None)
    post = _common(calls, by_event)
    assert {resp["status"] for resp in post.values()} == {"async_launched"}
    first_stop = min(c.started for c in by_event["SubagentStop"])
    launches = [c for c in by_event["PostToolUse"] if c.tool == "Agent"]
    assert max(c.started for c in launches) < first_stop
    # The Stops list the subagents still running: s1 always (it sleeps 2 s, so
    # it outlasts the main agent's first turn). s2 and s3 may finish before
    # the first Stop or after it (the CLI's scheduling; a task counts as
    # running until its SubagentStop hook has returned), so they may be absent.
    started = {c.agent_id for c in by_event["SubagentStart"]}
    running = {t["id"] for c in by_event["Stop"] for t in c.payload["background_tasks"]
               if t.get("type") == "subagent"}
    assert running <= started, (running, started)
    lane_of = {c.payload["tool_use_id"]: c.payload["tool_input"]["prompt"].split(":")[0]
               for c in by_event["PreToolUse"] if c.tool == "Agent"}
    slowest = next(agent for tid, agent in _links(by_event).items() if lane_of[tid] == "task s1")
    assert slowest in running, (slowest, running)


def test_a_subagent_may_not_write_a_file_named_like_a_report(make_box, api):
    """The CLI refuses a subagent's Write of ``report*.md`` / ``summary*.md``
    (/ ``findings*`` / ``analysis*``) itself, before PreToolUse; the main
    agent may, and ``cmd_report.md`` is no such name (the crew workflow's
    aggregator writes ``cmd_report.md`` and ``cmd_report_summary.md``)."""
    box = make_box(record=True)

    def write(name):
        return tool_use("Write", {"file_path": str(box.path(f"src/{name}")), "content": "x\n"})

    script = Script(main=[*ready(box), write("report.md"),
                          tool_use("Agent", {"description": "d", "prompt": "p [[lane:sub]]",
                                             "subagent_type": "general-purpose",
                                             "run_in_background": False}), "done"],
                    sub=[write("report_summary.md"), write("Summary.md"), write("cmd_report.md"),
                         "written"])
    run = box.run(api, "go", script, timeout=180)
    assert run.code == 0, run.describe()
    assert box.path("src/report.md").exists()
    results = run.tool_results("sub")
    refused = [r for r in results.values() if "Subagents should return findings as text" in
               r["text"]]
    assert len(refused) == 2 and all(r["is_error"] for r in refused), results
    assert not box.path("src/report_summary.md").exists()
    assert not box.path("src/Summary.md").exists()
    assert box.path("src/cmd_report.md").exists()
    pre = [c.payload["tool_input"]["file_path"] for c in box.recorder.calls()
           if c.event == "PreToolUse" and c.tool == "Write" and c.agent_id]
    assert pre == [str(box.path("src/cmd_report.md"))], pre
