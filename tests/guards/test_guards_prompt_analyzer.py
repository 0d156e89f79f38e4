"""prompt-analyzer gate (SPEC §3 PreToolUse 1; seed 002 §3 "prompt-analyzer 強制")."""

from __future__ import annotations

import pytest
from saying import matches, says

from events.verdict import ALLOW, BLOCK, WARN
from guards import prompt_analyzer_gate as gate

MARKER = ".claude/session-state/prompt-analyzer-called"
CONSENT = ".claude/.session-init/consent"
POST_LOOP = ".claude/session-state/post-loop-pending"
HANDLER = ".claude/skills/post-loop/handler.py"


def verdict(ws, tool, tool_input, **extra):
    return gate.check(ws.tool_ctx(tool, tool_input, **extra))


# ---------------------------------------------------------------- allowed while closed
@pytest.mark.parametrize("tool,tool_input", [
    ("Read", {"file_path": "/etc/hostname"}),
    ("Grep", {"pattern": "x"}),
    ("Glob", {"pattern": "**/*.py"}),
    ("LS", {"path": "/"}),
    ("NotebookRead", {"notebook_path": "/x.ipynb"}),
    ("AskUserQuestion", {"questions": []}),
    ("Bash", {"command": "ls -la"}),
    ("Bash", {"command": "git status"}),
    ("Bash", {"command": "git log --oneline -5"}),
])
def test_information_gathering_passes_while_no_playbook_and_no_analysis(ws, tool, tool_input):
    v = verdict(ws, tool, tool_input)
    assert v.kind == ALLOW
    assert not v.effects  # reading does not count as having analysed the prompt


@pytest.mark.parametrize("tool,tool_input", [
    ("Skill", {"skill": "playbook-init"}),
    ("Skill", {"skill": "prompt-analyzer"}),
    ("Skill", {"name": "playbook-init"}),  # older builds
    ("Skill", {"skill": "playgate:playbook-init"}),  # plugin-qualified
    ("Task", {"subagent_type": "prompt-analyzer", "prompt": "p", "description": "d"}),
    ("Agent", {"subagent_type": "prompt-analyzer", "prompt": "p", "description": "d"}),
])
def test_entry_points_pass_and_create_the_marker(ws, tool, tool_input):
    # An understanding check already waits (the prompt was read as work).
    (ws.root / CONSENT).parent.mkdir(parents=True, exist_ok=True)
    (ws.root / CONSENT).write_text("{}\n")
    v = verdict(ws, tool, tool_input)
    assert v.kind == ALLOW
    assert [e.when for e in v.effects] == ["on_pass"]
    # through the whole chain the marker is written
    r = ws.pre(tool, tool_input)
    assert not r.blocked, r
    assert ws.has(MARKER)


@pytest.mark.parametrize("tool,tool_input", [
    ("Skill", {"skill": "playbook-init"}),
    ("Agent", {"subagent_type": "prompt-analyzer", "prompt": "p", "description": "d"}),
])
def test_entry_points_start_the_understanding_check_when_none_waits(ws, tool, tool_input):
    v = verdict(ws, tool, tool_input)
    assert v.kind == WARN and v.key == "prompt_analyzer_gate.needs_consent", v
    assert [e.when for e in v.effects] == ["on_pass", "on_pass"]
    r = ws.pre(tool, tool_input)
    assert not r.blocked, r
    assert ws.has(MARKER) and ws.has(CONSENT)


# ---------------------------------------------------------------- blocked while closed
@pytest.mark.parametrize("tool,tool_input", [
    ("Edit", {"file_path": "src/app.py", "old_string": "x", "new_string": "y"}),
    ("Write", {"file_path": "src/new.py", "content": "x"}),
    ("MultiEdit", {"file_path": "src/app.py", "edits": [{"old_string": "x", "new_string": "y"}]}),
    ("NotebookEdit", {"notebook_path": "n.ipynb", "new_source": "x"}),
    ("Bash", {"command": "touch src/x"}),
    ("Bash", {"command": "ls > listing.txt"}),
    ("Bash", {"command": "git commit -m x"}),
    ("Task", {"subagent_type": "general-purpose", "prompt": "p", "description": "d"}),
    ("Skill", {"skill": "post-loop"}),  # only while post-loop-pending exists
    ("Skill", {"skill": "other"}),
    ("WebFetch", {"url": "https://example.invalid", "prompt": "p"}),
    ("mcp__srv__write", {"x": 1}),
])
def test_everything_else_is_blocked_with_the_way_forward(ws, tool, tool_input):
    for key in ("file_path", "notebook_path"):
        if key in tool_input:
            tool_input = dict(tool_input, **{key: ws.abs(tool_input[key])})
    v = verdict(ws, tool, tool_input)
    assert v.kind == BLOCK
    assert "playbook-init" in v.message
    r = ws.pre(tool, tool_input)
    assert r.blocked and r.guard == "prompt-analyzer-gate", r
    assert "playbook-init" in r.stderr
    assert not ws.has(MARKER)


def test_marker_is_not_created_when_a_later_guard_blocks_the_entry_point(ws):
    # init-guard (pending) refuses the Skill call: the on_pass marker must not appear.
    ws.marker(".claude/.session-init/pending")
    r = ws.pre("Skill", {"skill": "playbook-init"})
    assert r.blocked and r.guard == "init-guard", r
    assert not ws.has(MARKER)


def test_state_md_edit_explains_when_it_becomes_editable(ws):
    r = ws.edit("state.md", "current_phase: null", "current_phase: p1")
    assert r.blocked and r.guard == "prompt-analyzer-gate"
    assert says(r.stderr, "prompt_analyzer_gate.not_analysed", tool="Edit"), r
    assert says(r.stderr, "prompt_analyzer_gate.state_md_hint", marker=MARKER), r


def test_broken_state_md_is_named_in_the_message(ws):
    text = (ws.root / "state.md").read_text().replace("active: null", "active: [unclosed")
    (ws.root / "state.md").write_text(text)
    r = ws.edit("src/app.py")
    assert r.blocked and says(r.stderr, "prompt_analyzer_gate.not_analysed", tool="Edit"), r
    problems = matches(r.stderr, "shared.state_problems")
    assert len(problems) == 1 and "'playbook'" in problems[0]["problems"], r


# ---------------------------------------------------------------- open gate
def test_open_once_the_prompt_was_analysed(ws):
    ws.marker(MARKER)
    assert verdict(ws, "Edit", {"file_path": ws.abs("src/app.py"), "old_string": "x",
                                "new_string": "y"}).kind == ALLOW


def test_open_while_a_playbook_is_active(ws):
    ws.playbook()
    assert verdict(ws, "Bash", {"command": "make build"}).kind == ALLOW
    assert verdict(ws, "Task", {"subagent_type": "general-purpose"}).kind == ALLOW


# ---------------------------------------------------------------- deadlock escape: post-loop
def test_post_loop_skill_and_handler_pass_while_post_loop_pending(ws):
    ws.marker(POST_LOOP, '{"playbook": "p0", "status": "success"}')
    ws.marker(HANDLER, "print('post-loop')\n")
    assert verdict(ws, "Skill", {"skill": "post-loop"}).kind == ALLOW
    for command in ("python3 .claude/skills/post-loop/handler.py",
                    f"python3 {ws.root}/.claude/skills/post-loop/handler.py",
                    "python .claude/skills/post-loop/handler.py --resume",
                    "python3.11 ./.claude/skills/post-loop/../post-loop/handler.py"):
        assert verdict(ws, "Bash", {"command": command}).kind == ALLOW, command
    # Through the whole chain (on a feature branch, no playbook): not blocked.
    assert not ws.pre("Skill", {"skill": "post-loop"}).blocked
    assert not ws.bash("python3 .claude/skills/post-loop/handler.py").blocked


@pytest.mark.parametrize("command", [
    "python3 other.py",
    "python3 .claude/skills/post-loop/handler.py; touch x",
    "python3 .claude/skills/post-loop/handler.py > out.txt",
    "sh .claude/skills/post-loop/handler.py",
    "python3 -c 'import os' .claude/skills/post-loop/handler.py",
])
def test_only_the_post_loop_handler_itself_passes(ws, command):
    ws.marker(POST_LOOP, "{}")
    ws.marker(HANDLER, "print('post-loop')\n")
    assert verdict(ws, "Bash", {"command": command}).kind == BLOCK


def test_handler_escape_needs_the_real_handler_file(ws):
    ws.marker(POST_LOOP, "{}")
    # No handler installed: the command would run nothing we know.
    assert verdict(ws, "Bash", {"command": "python3 .claude/skills/post-loop/handler.py"}).kind \
        == BLOCK


def test_skill_name_reads_both_fields_and_drops_plugin_prefix():
    assert gate.skill_name({"skill": " playbook-init "}) == "playbook-init"
    assert gate.skill_name({"name": "x:post-loop"}) == "post-loop"
    assert gate.skill_name({"skill": 3}) == ""
    assert gate.skill_name({}) == ""
