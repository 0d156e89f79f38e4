"""Agent Teams in the real CLI: what the hooks see of a team
(docs/claude-code-measured.md "Agent Teams, headless"; the breezing
workflow is built on it).

Headless (``claude -p``) with ``CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS=1``:
no team is started; the task list tools exist only with
``CLAUDE_CODE_ENABLE_TODO_TOOLS=1``, for the main session and its
foreground subagents (background ones have none); an Agent call with a
``name`` starts an ordinary subagent; a
TaskCompleted fires for the lead's own TaskUpdate, without
``teammate_name``/``team_name``; no TeammateIdle.

Interactive (a pseudo-terminal, ``--teammate-mode in-process``): the
session's team exists from the start; an Agent call with a ``name`` starts a
teammate whose hook calls carry ``agent_type`` = its **name** and
``agent_id`` = ``a<name>-<hex>``, in the lead's ``session_id``;
TaskCompleted (a teammate's TaskUpdate) and TeammateIdle carry
``teammate_name`` and ``team_name``.

Measured with 2.1.329 (pinned) and 2.1.332 (``PLAYGATE_E2E_CLAUDE``).
"""

from __future__ import annotations

import json
import os
import re

import pytest

from .fakeapi import Script, tool_use
from .interactive import Interactive
from .workflow import ready, write

pytestmark = pytest.mark.e2e

TEAMS = {"CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS": "1"}
TASKS = {"CLAUDE_CODE_ENABLE_TODO_TOOLS": "1"}
SELECT = tool_use("ToolSearch", {"query": "select:TaskCreate,TaskList,TaskUpdate,TaskGet,"
                                          "SendMessage", "max_results": 10})
ENV_DUMP = tool_use("Bash", {"command": "printenv CLAUDE_CODE_ENTRYPOINT > entry.txt",
                             "description": "where are we"})
TASK_TOOLS = {"TaskCreate", "TaskList", "TaskUpdate", "TaskGet"}


def calls(box, event=None) -> list:
    return [c for c in box.recorder.calls() if event is None or c.event == event]


# ----------------------------------------------------------------------------- headless


@pytest.fixture(scope="module")
def headless_team(api, claude_cli):
    """``(box, run, script)``: a headless session with both flags (teams and
    the task list tools), the hooks behind a recorder, whose lead creates
    and completes a task and starts a named agent in the foreground and one
    in the background."""
    import shutil

    from .harness import Sandbox

    box = Sandbox.prepared(record=True, claude=claude_cli)
    foreground = tool_use("Agent", {"name": "impl-1", "description": "implementer",
                                    "prompt": "[[lane:impl]] implement", "subagent_type":
                                    "general-purpose", "run_in_background": False})
    background = tool_use("Agent", {"name": "impl-2", "description": "implementer",
                                    "prompt": "[[lane:bg]] implement", "subagent_type":
                                    "general-purpose"})
    script = Script(
        main=[*ready(box), SELECT,
              tool_use("TaskCreate", {"subject": "Write src/a.py", "description": "owns: src/a.py",
                                      "activeForm": "Writing src/a.py"}),
              tool_use("TaskUpdate", {"taskId": "1", "status": "in_progress", "owner": "lead"}),
              tool_use("TaskUpdate", {"taskId": "1", "status": "completed"}),
              foreground, background, ENV_DUMP, "waiting", "done"],
        impl=[tool_use("TaskList", {}),
              tool_use("SendMessage", {"to": "team-lead", "summary": "s", "message": "hi"}),
              write(box, "src/a.py", "A = 1\n"), "implemented"],
        bg=[tool_use("TaskList", {}), "background done"])
    yield box, box.run(api, "go", script, env={**TEAMS, **TASKS}, timeout=180), script
    if not os.environ.get("PLAYGATE_E2E_KEEP"):
        shutil.rmtree(box.root, ignore_errors=True)


def test_headless_task_tools_need_the_todo_flag(make_box, api, headless_team):
    # With both flags: the session of headless_team (the tools its init lists).
    with_flag = headless_team[1]
    for env, present in ((TEAMS, False), ({**TEAMS, **TASKS}, True)):
        if present:
            run = with_flag
        else:
            box = make_box(record=False)
            run = box.run(api, "hi", Script(main=["ok"]), env=env)
        tools = set(run.init.get("tools") or [])
        assert (TASK_TOOLS <= tools) is present, (env, sorted(tools))
        assert "SendMessage" in tools and "TeamCreate" not in tools, sorted(tools)


def test_headless_starts_no_team(headless_team):
    box, run, script = headless_team
    assert run.code == 0, run.describe()
    # A named agent is an ordinary subagent: its definition's agent_type, an
    # id of 16 hex digits, no team lead to talk to.
    starts = [c.payload for c in calls(box, "SubagentStart")]
    assert {p["agent_type"] for p in starts} == {"general-purpose"}, starts
    assert all(re.fullmatch(r"a[0-9a-f]{16}", p["agent_id"]) for p in starts), starts
    sub = run.tool_results("impl")
    tasklist, message = sub[script.turn("impl", 0)[0]["id"]], sub[script.turn("impl", 1)[0]["id"]]
    # In the foreground it shares the lead's task list; in the background it
    # has none.
    assert not tasklist["is_error"] and "#1 [completed] Write src/a.py" in tasklist["text"], \
        tasklist
    assert "No agent named 'team-lead' is reachable" in message["text"]
    bg = run.tool_results("bg")[script.turn("bg", 0)[0]["id"]]
    assert bg["is_error"] and "No such tool available: TaskList" in bg["text"], bg
    # TaskCompleted for the lead's own update, without a teammate or team.
    done = [c.payload for c in calls(box, "TaskCompleted")]
    assert len(done) == 1 and done[0]["task_id"] == "1" and done[0]["task_subject"] == \
        "Write src/a.py"
    assert "teammate_name" not in done[0] and "team_name" not in done[0] and \
        "agent_id" not in done[0]
    assert calls(box, "TeammateIdle") == []
    # The task list tools' results the hooks read (PostToolUse).
    post = {c.tool: c.payload["tool_response"] for c in calls(box, "PostToolUse")
            if c.tool in ("TaskCreate", "TaskUpdate")}
    assert post["TaskCreate"]["task"]["id"] == "1"
    assert post["TaskUpdate"]["success"] is True and "statusChange" in post["TaskUpdate"]
    # SendMessage's PreToolUse input carries the fields Claude Code adds.
    send = [c.payload["tool_input"] for c in calls(box, "PreToolUse") if c.tool == "SendMessage"]
    assert send and send[0]["recipient"] == "team-lead" and send[0]["content"] == "hi"
    assert (box.repo / "entry.txt").read_text().strip() == "sdk-cli"
    # The task list lives under the session's id.
    tasks = list((box.home / ".claude" / "tasks").glob("*/1.json"))
    assert tasks and tasks[0].parent.name == run.session_id


# ----------------------------------------------------------------------------- interactive


@pytest.fixture(scope="module")
def team_session(api, claude_cli):
    import shutil

    from .harness import Sandbox

    box = Sandbox.prepared(record=True, claude=claude_cli)
    impl = [tool_use("TaskList", {}),
            tool_use("TaskUpdate", {"taskId": "1", "status": "in_progress", "owner": "impl-1"}),
            write(box, "src/a.py", "A = 1\n"),
            tool_use("TaskUpdate", {"taskId": "1", "status": "completed"}),
            tool_use("SendMessage", {"to": "team-lead", "summary": "done", "message": "1 done"}),
            "task 1 completed", "idle", "idle"]
    rev = ["reviewer ready", "REVIEW ok", "idle"]
    main = [*ready(box), SELECT,
            tool_use("TaskCreate", {"subject": "Write src/a.py", "description": "owns: src/a.py",
                                    "activeForm": "Writing src/a.py"}),
            tool_use("Agent", {"name": "impl-1", "description": "implementer",
                               "prompt": "[[lane:impl]] you are impl-1",
                               "subagent_type": "general-purpose"}),
            tool_use("Agent", {"name": "rev-1", "description": "reviewer",
                               "prompt": "[[lane:rev]] you are rev-1", "subagent_type": "critic"}),
            ENV_DUMP, "waiting", "lead 2", "lead 3", "lead 4", "lead 5", "lead 6", "lead 7"]
    script = Script(main=main, impl=impl, rev=rev)
    session = Interactive(box, api, script, args=["--teammate-mode", "in-process"],
                          env={**TEAMS, **TASKS}, claude=claude_cli)
    session.start("go")
    try:
        session.wait_quiet(quiet=20, limit=240,
                           until=lambda: len(calls(box, "TeammateIdle")) >= 2
                           and len(calls(box, "TaskCompleted")) >= 1)
    finally:
        session.close()
    yield box, session, script
    if not os.environ.get("PLAYGATE_E2E_KEEP"):
        shutil.rmtree(box.root, ignore_errors=True)


def test_interactive_teammates_go_by_their_name(team_session):
    box, session, script = team_session
    lead_session = calls(box, "SessionStart")[0].payload["session_id"]
    spawned = {c.payload["tool_input"]["name"]: c.payload["tool_response"]
               for c in calls(box, "PostToolUse") if c.tool == "Agent"}
    assert spawned["impl-1"]["status"] == "teammate_spawned"
    assert spawned["rev-1"]["agent_type"] == "critic"  # only here: the definition
    team = spawned["impl-1"]["team_name"]
    assert team == f"session-{lead_session[:8]}"
    assert spawned["impl-1"]["teammate_id"] == f"impl-1@{team}"
    for name in ("impl-1", "rev-1"):
        mine = [c.payload for c in calls(box) if c.payload.get("agent_id", "").startswith(
            f"a{name}-")]
        assert mine, name
        for payload in mine:
            assert payload["agent_type"] == name, payload  # the name, not "critic"
            assert re.fullmatch(rf"a{name}-[0-9a-f]{{16}}", payload["agent_id"]), payload
            assert payload["session_id"] == lead_session
        assert {p["hook_event_name"] for p in mine} >= {"SubagentStart", "SubagentStop"}
    # A teammate's tools: its definition's plus the team's.
    rev_tools = set(session.lane("rev")[-1].tool_names)
    assert {"SendMessage", "TaskList", "TaskUpdate", "Read", "Bash"} <= rev_tools
    assert not {"Write", "Edit"} & rev_tools
    # Its first prompt comes from the lead as a teammate message.
    first = session.lane("impl")[0].user_texts()[0]
    assert '<teammate-message teammate_id="team-lead"' in first
    assert (box.repo / "entry.txt").read_text().strip() == "cli"
    config = json.loads((box.home / ".claude" / "teams" / team / "config.json").read_text())
    assert config["leadSessionId"] == lead_session


def test_interactive_task_completed_and_teammate_idle_name_the_teammate(team_session):
    box, session, script = team_session
    done = [c.payload for c in calls(box, "TaskCompleted")]
    assert done, [c.event for c in calls(box)]
    assert done[0]["teammate_name"] == "impl-1" and done[0]["agent_type"] == "impl-1"
    assert done[0]["team_name"].startswith("session-") and done[0]["task_id"] == "1"
    idle = [c.payload for c in calls(box, "TeammateIdle")]
    assert {p["teammate_name"] for p in idle} >= {"impl-1", "rev-1"}
    assert all(p["agent_type"] == p["teammate_name"] and p["team_name"] for p in idle)
    # The lead got the teammate's message as a teammate message.
    lead_text = "\n".join(t for r in session.lane("main") for t in r.user_texts())
    assert '<teammate-message teammate_id="impl-1"' in lead_text
