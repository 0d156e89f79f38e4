"""agent-definitions: writes to agent definitions keep seed 003's format
(SPEC §6; seed 003 Spec 9.5, Spec 12), and SessionStart warns about existing
files that break it.

Through the installed hooks, every Edit-tool write route and path spelling.
Bash writes that need the full shell analysis are in
test_agents_bash_writes.py (xfail until the full analysis covers them).
"""

from __future__ import annotations

import json

import pytest
from _team_support import bash, set_config, workspace
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from draws import examples
from saying import keys_in, says

import messages

GOOD = """---
name: sdd-builder
description: "SDD framework Builder. Implements tasks with TDD. Invoked by the lead."
model: sonnet
tools: Read, Glob, Grep, Write, Edit, Bash
---

You are the Builder.
"""

RULE = "agent_definitions.rule"  # the rule, stated with every refusal


def rendered(key, **fields) -> str:
    """Message ``key`` as the hooks render it (the catalogue in use)."""
    return messages.text(messages.DEFAULT, key, **fields)


NO_FRONTMATTER = ("agent_definitions.err_no_frontmatter", {})
SPAWN = ("agent_definitions.err_spawn", {})


def missing(key):
    return ("agent_definitions.err_missing", {"key": key})


@pytest.fixture
def ws(installed):
    workspace(installed)
    (installed.root / ".claude" / "agents").mkdir(exist_ok=True)
    return installed


def write(inst, path, content, **extra):
    return inst.tool("Write", {"file_path": str(path), "content": content}, **extra)


def agent(inst, name="helper.md"):
    return inst.root / ".claude" / "agents" / name


def assert_rule_block(result, *found):
    """Refused by agent-definitions stating the rule, and naming each
    ``(key, fields)`` problem in ``found``."""
    assert result.code == 2, result
    assert "[playgate:agent-definitions]" in result.stderr
    assert says(result.stderr, RULE), result.stderr
    for key, fields in found:
        assert says(result.stderr, key, **fields), (key, fields, result.stderr)


# ----------------------------------------------------------------------------- content rules

def test_a_valid_definition_is_written(ws):
    result = write(ws, agent(ws), GOOD)
    assert result.code == 0 and result.stdout == "", result


@pytest.mark.parametrize("content, found", [
    ("You are the Builder.\n", NO_FRONTMATTER),
    ("\n---\nname: a\ndescription: b\n---\n", NO_FRONTMATTER),
    ("---\nname: a\ndescription: b\n", ("agent_definitions.err_unclosed", {})),
    ("---\nname: [a\ndescription: b\n---\n", ("agent_definitions.err_yaml", {})),
    ("---\n- a\n- b\n---\n", ("agent_definitions.err_mapping", {"type": "list"})),
    ("---\ndescription: d\ntools: Read\n---\n", missing("name")),
    ("---\nname: a\ntools: Read\n---\n", missing("description")),
    ("---\nname: ''\ndescription: d\ntools: Read\n---\n",
     ("agent_definitions.err_empty", {"key": "name"})),
    ("---\nname: a\ndescription: 3\ntools: Read\n---\n",
     ("agent_definitions.err_empty", {"key": "description"})),
    ("---\n---\nbody\n", missing("name")),
    ("", NO_FRONTMATTER),
])
def test_frontmatter_with_name_and_description_is_required(ws, content, found):
    assert_rule_block(write(ws, agent(ws), content), found)


@pytest.mark.parametrize("tools", [
    "Read, Task", "Read, Agent", "Task", "Read, Agent(worker, researcher)", "Read, task",
    "Read Grep Task", "*", ["Read", "Task"], ["Agent(x)"], "Read,Task,Write",
])
def test_no_agent_may_list_task_or_agent(ws, tools):
    content = f"---\nname: a\ndescription: d\ntools: {json.dumps(tools)}\n---\nbody\n"
    assert_rule_block(write(ws, agent(ws), content), SPAWN)


@pytest.mark.parametrize("tools", [
    "Read, Glob, Grep, Write", "TaskCreate, TaskUpdate, TaskList, TaskGet, SendMessage",
    ["Read", "Bash(git status:*)"], "mcp__codex__codex, Bash", "Read, Grep, AgentTool",
])
def test_other_tools_are_fine(ws, tools):
    content = f"---\nname: a\ndescription: d\ntools: {json.dumps(tools)}\n---\nbody\n"
    result = write(ws, agent(ws), content)
    assert result.code == 0 and result.stdout == "", result


def test_tools_must_be_names(ws):
    assert_rule_block(write(ws, agent(ws), "---\nname: a\ndescription: d\ntools: 3\n---\n"),
                      ("agent_definitions.err_tools_type", {"type": "int"}))
    assert_rule_block(write(ws, agent(ws), "---\nname: a\ndescription: d\ntools: [1]\n---\n"),
                      ("agent_definitions.err_tools_strings", {}))


def test_missing_tools_list_is_a_warning(ws):
    result = write(ws, agent(ws), "---\nname: a\ndescription: d\n---\nbody\n")
    assert result.code == 0
    assert says(result.context, "agent_definitions.warn_no_tools"), result.context
    denied = "---\nname: a\ndescription: d\ndisallowedTools: Task, Agent\n---\nbody\n"
    result = write(ws, agent(ws), denied)
    assert result.code == 0 and result.stdout == ""


# ----------------------------------------------------------------------------- write routes

def test_edit_routes_are_judged_by_the_result(ws):
    path = agent(ws)
    path.write_text(GOOD)
    edit = {"file_path": str(path)}
    assert_rule_block(ws.tool("Edit", {**edit, "old_string": "tools: Read,",
                                       "new_string": "tools: Task, Read,"}),
                      ("agent_definitions.err_spawn", {"tools": "Task"}))
    assert_rule_block(ws.tool("Edit", {**edit, "old_string": "name: sdd-builder\n",
                                       "new_string": ""}), missing("name"))
    assert ws.tool("Edit", {**edit, "old_string": "You are the Builder.",
                            "new_string": "You build."}).code == 0
    assert_rule_block(ws.tool("MultiEdit", {**edit, "edits": [
        {"old_string": "You are", "new_string": "You were"},
        {"old_string": "description: ", "new_string": "summary: "}]}), missing("description"))
    assert ws.tool("MultiEdit", {**edit, "edits": [
        {"old_string": "model: sonnet", "new_string": "model: opus"}]}).code == 0
    # A failing edit changes nothing and is not judged.
    assert ws.tool("Edit", {**edit, "old_string": "not there", "new_string": "x"}).code == 0


def test_notebook_edit_on_an_agent_file(ws):
    """NotebookEdit on a .md file that holds notebook JSON would replace the
    definition with JSON: no frontmatter."""
    path = agent(ws)
    path.write_text(json.dumps({"cells": [{"id": "c", "cell_type": "code", "source": "",
                                           "metadata": {}}], "metadata": {}}))
    assert_rule_block(ws.tool("NotebookEdit", {"notebook_path": str(path), "cell_id": "c",
                                               "new_source": "x"}),
                      NO_FRONTMATTER)


@pytest.mark.parametrize("spelling", [
    ".claude/agents/x.md",
    "src/../.claude/agents/x.md",
    "./.claude/./agents/x.md",
    "{root}/.claude/agents/nested/deeper/x.md",
    "{root}/.Claude/Agents/X.MD",
    ".claude\\agents\\x.md",
    "{root}/.claude/agents/x.md",
])
def test_every_path_spelling_is_checked(ws, spelling):
    (ws.root / "src").mkdir(exist_ok=True)
    path = spelling.replace("{root}", str(ws.root))
    assert_rule_block(write(ws, path, "no frontmatter\n"))


def test_symlinks_both_ways(ws, tmp_path):
    root = ws.root
    (root / "docs").mkdir()
    target = agent(ws, "linked.md")
    target.write_text(GOOD)
    (root / "docs" / "alias.md").symlink_to(target)
    assert_rule_block(write(ws, root / "docs" / "alias.md", "broken\n"))
    # The agents directory itself is a symlink to a shared checkout.
    shared = tmp_path / "shared-agents"
    shared.mkdir()
    (root / ".claude" / "agents").rename(root / ".claude" / "agents.bak")
    (root / ".claude" / "agents").symlink_to(shared)
    assert_rule_block(write(ws, agent(ws, "team.md"), "broken\n"))
    assert write(ws, agent(ws, "team.md"), GOOD).code == 0


def test_user_level_agents(ws, tmp_path):
    home = tmp_path / "home"
    (home / ".claude" / "agents").mkdir(parents=True)
    path = home / ".claude" / "agents" / "helper.md"
    payload = ws.payload("PreToolUse", tool_name="Write", tool_use_id="t",
                         tool_input={"file_path": str(path), "content": "---\nname: h\n---\n"})
    result = ws.hook("PreToolUse", payload, env={"HOME": str(home)})
    assert_rule_block(result, missing("description"))


@pytest.mark.parametrize("rel", [
    "docs/agents.md", ".claude/agents/notes.txt", ".claude/agentsx/a.md", "agents/a.md",
    ".claude/commands/a.md",
])
def test_other_files_are_not_agent_definitions(ws, rel):
    (ws.root / rel).parent.mkdir(parents=True, exist_ok=True)
    assert write(ws, ws.root / rel, "plain text\n").code == 0


def test_the_suites_own_agents_are_hard_blocked(ws):
    result = write(ws, agent(ws, "pm.md"), GOOD)
    assert result.code == 2 and "HARD_BLOCK" in result.stderr


def test_switched_off_in_config(ws):
    set_config(ws.root, agent_definitions_guard=False)
    assert write(ws, agent(ws), "no frontmatter\n").code == 0


# ----------------------------------------------------------------------------- Bash

@pytest.mark.parametrize("command", [
    "echo '---' > .claude/agents/x.md",
    "printf 'tools: Task\\n' >> .claude/agents/x.md",
    "cat > .claude/agents/x.md <<'EOF'\n---\nname: x\n---\nEOF",
    "python3 -c \"open('.claude/agents/x.md','w').write('x')\"",
    "echo x | tee .claude/agents/x.md",
    "cd .claude/agents && cp ../../docs/x.md new.md",
])
def test_bash_writes_to_agent_files_are_blocked(ws, command):
    """Blocked today because the command cannot be fully analysed and names
    .claude/agents; with the full analysis because it writes there."""
    (ws.root / "docs").mkdir(exist_ok=True)
    result = bash(ws, command)
    assert result.code == 2, result
    assert "[playgate:agent-definitions]" in result.stderr
    assert (says(result.stderr, "agent_definitions.bash_writes")
            or says(result.stderr, "agent_definitions.bash_unknown")), result.stderr


@pytest.mark.parametrize("command", [
    "ls .claude/agents", "rm .claude/agents/x.md", "git status", "ls docs",
])
def test_bash_reads_and_removals_pass(ws, command):
    agent(ws, "x.md").write_text(GOOD)
    (ws.root / "docs").mkdir(exist_ok=True)
    assert bash(ws, command).code == 0


# ----------------------------------------------------------------------------- SessionStart

def session_start(inst, **env):
    return inst.hook("SessionStart", inst.payload("SessionStart", source="startup"), env=env)


def test_session_start_warns_about_broken_definitions(installed):
    agents = installed.root / ".claude" / "agents"
    (agents / "team").mkdir(parents=True)
    (agents / "good.md").write_text(GOOD)
    (agents / "spawner.md").write_text("---\nname: s\ndescription: d\ntools: Read, Task\n---\n")
    (agents / "team" / "bare.md").write_text("Just instructions.\n")
    (agents / "notes.txt").write_text("not an agent\n")
    result = session_start(installed)
    assert result.code == 0, result
    text = result.context
    assert says(text, "agent_definitions_audit.header", count=2), text
    assert ("- .claude/agents/spawner.md: " + rendered("agent_definitions.err_spawn", tools="Task")
            in text.splitlines()), text
    assert ("- .claude/agents/team/bare.md: " + rendered("agent_definitions.err_no_frontmatter")
            in text.splitlines()), text
    assert "good.md" not in text and "notes.txt" not in text
    # Fixed files are no longer reported (the cache is keyed by content).
    (agents / "spawner.md").write_text(GOOD)
    (agents / "team" / "bare.md").unlink()
    assert not keys_in(session_start(installed).context, prefix="agent_definitions_audit.")


def test_session_start_quiet_without_agents_or_when_off(installed):
    assert not keys_in(session_start(installed).context, prefix="agent_definitions_audit.")
    agents = installed.root / ".claude" / "agents"
    agents.mkdir(parents=True, exist_ok=True)
    (agents / "bad.md").write_text("x\n")
    set_config(installed.root, agent_definitions_guard=False)
    assert not keys_in(session_start(installed).context, prefix="agent_definitions_audit.")


def test_session_start_audit_is_cached(installed):
    """PyYAML is imported only when a definition changed since the last run."""
    from guards import agent_definitions_audit as audit

    agents = installed.root / ".claude" / "agents"
    agents.mkdir(parents=True, exist_ok=True)
    (agents / "bad.md").write_text("---\nname: b\ndescription: d\ntools: Agent\n---\n")
    first = audit.audit(str(installed.root))
    assert first == [[".claude/agents/bad.md",
                       [rendered("agent_definitions.err_spawn", tools="Agent")]]]
    from _team_support import run_python

    probe = ("import sys; sys.path.insert(0, sys.argv[1]); "
             "from guards import agent_definitions_audit as a; "
             "print(len(a.audit(sys.argv[2])), 'yaml' in sys.modules)")
    out = run_python(probe, str(installed.root / ".claude"), str(installed.root)).stdout.split()
    assert out == ["1", "False"]


# ----------------------------------------------------------------------------- parser fuzz

@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=400))
def test_problems_never_raises(text):
    from guards.agent_definitions import problems

    errors, warnings = problems(text)
    assert isinstance(errors, list) and isinstance(warnings, list)
    assert all(isinstance(e, str) and e for e in errors + warnings)


@settings(max_examples=examples(200), deadline=None)
@given(name=st.text(st.characters(blacklist_categories=("Cs",)), min_size=1,
               max_size=20).filter(lambda s: s.strip()),
       tools=st.lists(st.sampled_from(["Read", "Write", "Edit", "Bash", "Grep", "Glob", "Task",
                                       "Agent", "TaskCreate", "Agent(x, y)", "mcp__a__b"]),
                      max_size=6),
       as_list=st.booleans())
def test_spawn_tools_are_found_in_any_form(name, tools, as_list):
    from guards.agent_definitions import problems

    value = json.dumps(tools if as_list else ", ".join(tools))
    text = (f"---\nname: {json.dumps(name)}\ndescription: d\ntools: {value}\n---\n")
    errors, _ = problems(text)
    spawns = any(t.split("(")[0] in ("Task", "Agent") for t in tools)
    assert any(says(e, "agent_definitions.err_spawn") for e in errors) == spawns
