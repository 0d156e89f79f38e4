"""codex-lead-guard: while breezing-active.json says ``impl_mode: codex`` the
lead coordinates and the codex implementer writes the code (SPEC §6; seed 001
Step 0 ``impl_mode`` table: "pretooluse-guard が Write/Edit/Bash を制限").

Every case goes through the installed PreToolUse hook in a repository whose
active workflow is breezing (state.md ``config.workflow``: the guard is the
breezing workflow's) on a work branch. breezing-gate (tests/guards/
test_breezing_gate.py) keeps its own rules for the lead and the team in both
modes; where it refuses a call the codex guard lets through, the tests say
so.
"""

from __future__ import annotations

import json
import os

import pytest
from _team_support import ACTIVE, bash, set_config, workspace, write_active

NB = {"cells": [{"id": "c1", "cell_type": "code", "source": "x = 1", "metadata": {},
                 "outputs": [], "execution_count": None}],
      "metadata": {}, "nbformat": 4, "nbformat_minor": 5}


@pytest.fixture
def codex(installed):
    """A workspace in a codex-mode breezing session, with some code."""
    workspace(installed)
    root = installed.root
    set_config(root, workflow="breezing")
    (root / "src").mkdir()
    (root / "src" / "app.py").write_text("x = 1\n")
    (root / "nb.ipynb").write_text(json.dumps(NB))
    write_active(root, impl_mode="codex", plans_md_mapping={"task-1": "1"})
    return installed


def write(inst, rel, content="y = 2\n", **extra):
    return inst.tool("Write", {"file_path": str(inst.root / rel), "content": content}, **extra)


def not_codex(result):
    """The codex guard let the call through (another guard may still refuse it)."""
    assert "[playgate:codex-lead-guard]" not in result.stderr, result
    return result


def delegate_phase(root):
    """The hooks recorded the delegate phase (Phase B)."""
    data = json.loads((root / ACTIVE).read_text())
    data["hooks"] = {"phase": "delegate"}
    (root / ACTIVE).write_text(json.dumps(data))


def assert_codex_block(result):
    assert result.code == 2, result
    assert "[playgate:codex-lead-guard]" in result.stderr
    assert "impl_mode is 'codex'" in result.stderr
    assert "Delegate this work to the codex implementer" in result.stderr


# ----------------------------------------------------------------------------- denied

@pytest.mark.parametrize("rel", [
    "src/app.py", "src/new.py", "package.json", ".claude/state/other.json",
    ".claude/state/sub/breezing-x.json", ".claude/statebreezing.json", "docs/breezing.txt",
    "review.py", "notes.mdx",
])
def test_lead_may_not_write_code(codex, rel):
    assert_codex_block(write(codex, rel))


def test_every_edit_tool_is_limited(codex):
    app = str(codex.root / "src" / "app.py")
    assert_codex_block(codex.tool("Edit", {"file_path": app, "old_string": "x = 1",
                                           "new_string": "x = 2"}))
    assert_codex_block(codex.tool("MultiEdit", {"file_path": app, "edits": [
        {"old_string": "x = 1", "new_string": "x = 3"}]}))
    assert_codex_block(codex.tool("NotebookEdit", {"notebook_path": str(codex.root / "nb.ipynb"),
                                                   "cell_id": "c1", "new_source": "x = 2"}))


def test_path_spellings_do_not_escape(codex):
    root = codex.root
    (root / "notes.md").symlink_to(root / "src" / "app.py")
    assert_codex_block(write(codex, "notes.md"))  # a Markdown name for a code file
    assert_codex_block(codex.tool("Write", {"file_path": str(root / ".claude/state/../../src/x.py"),
                                            "content": ""}))
    assert_codex_block(codex.tool("Write", {"file_path": "src/x.py", "content": ""}))


@pytest.mark.parametrize("command", [
    "touch src/x.py", "rm src/app.py", "mkdir build", "python3 build.py", "git commit -m wip",
    "git add -A", "npm install", "cp src/app.py src/copy.py",
    "mv .claude/state/breezing-active.json src/app.py",
    "rm .claude/state/breezing-active.json src/app.py",
    "cp -t src .claude/state/breezing-active.json",
    "echo x > src/app.py", "sed -i s/x/y/ src/app.py",
])
def test_lead_may_not_run_mutating_commands(codex, command):
    assert_codex_block(bash(codex, command))


def test_other_subagents_are_limited_too(codex):
    """Spawning a general-purpose subagent to write the code is not delegating
    to the codex implementer."""
    for agent in ("general-purpose", "claude-code-harness:task-worker", "codex-implementer-x"):
        assert_codex_block(write(codex, "src/app.py", agent_id="a1", agent_type=agent))


def test_unreadable_mode_fails_closed_but_the_file_stays_fixable(codex):
    root = codex.root
    (root / ACTIVE).write_text("{not json")
    result = write(codex, "src/app.py")
    assert result.code == 2 and "impl_mode cannot be told" in result.stderr
    assert "breezing-active.json is broken" in result.stderr
    assert write(codex, ACTIVE, json.dumps({"session_id": "b", "impl_mode": "standard"})).code == 0
    assert bash(codex, "rm .claude/state/breezing-active.json").code == 0, \
        bash(codex, "rm .claude/state/breezing-active.json")
    (root / ACTIVE).write_text(json.dumps({"session_id": "b", "impl_mode": "turbo"}))
    assert write(codex, "src/app.py").code == 2


# ----------------------------------------------------------------------------- allowed

@pytest.mark.parametrize("rel", [
    "Plans.md", "docs/report.md", "README.MD", ".claude/state/breezing-active.json",
    ".claude/state/breezing-notes.txt", ".claude/state/review-result.json",
    ".claude/state/review",
])
def test_lead_may_write_coordination_files_and_markdown(codex, rel):
    content = json.dumps({"session_id": "b", "impl_mode": "codex"}) if rel == ACTIVE else "ok\n"
    result = not_codex(write(codex, rel, content))
    if rel in ("Plans.md", ACTIVE):
        # the lead's own files in the breezing workflow
        assert result.code == 0, result


def test_workflow_state_stays_writable(codex):
    """state.md, the active playbook's files and session-state are not code
    and must never be locked (SPEC §1 deadlock rule)."""
    root = codex.root
    progress = (root / "play" / "team" / "progress.json").read_text()
    not_codex(write(codex, "play/team/progress.json", progress))
    plan = (root / "play" / "team" / "plan.json").read_text()
    not_codex(write(codex, "play/team/plan.json", plan))
    assert write(codex, ".claude/session-state/last-fail-reason", "x\n").code == 0
    state = (root / "state.md").read_text()
    assert write(codex, "state.md", state).code == 0
    assert_codex_block(write(codex, "play/team/helper.py"))
    assert_codex_block(write(codex, "play/archive/old/progress.json", "{}"))


@pytest.mark.parametrize("command", [
    "ls", "git status", "git log --oneline", "cat src/app.py", "grep x src/app.py",
    "rm .claude/state/breezing-active.json",
    "rm -f .claude/state/review-result.json",
    "rm -f -- .claude/state/review-result.json .claude/state/breezing-signals.jsonl",
    "touch .claude/state/breezing-note",
    "cp src/app.py .claude/state/review-copy.py",
])
def test_lead_may_read_and_manage_coordination_files(codex, command):
    result = not_codex(bash(codex, command))
    if "review" not in command and "touch" not in command:
        # review-result.json is the hooks' (the floor protects it); touch
        # waits for Phase C (breezing-gate)
        assert result.code == 0, result


@pytest.mark.parametrize("agent", [
    "codex-implementer", "claude-code-harness:codex-implementer",
])
def test_codex_implementer_is_exempt(codex, agent):
    not_codex(write(codex, "src/app.py", agent_id="a1", agent_type=agent))
    not_codex(bash(codex, "touch src/y.py", agent_id="a1", agent_type=agent))
    delegate_phase(codex.root)
    # the suite's own implementer writes code in the delegate phase
    assert write(codex, "src/app.py", agent_id="a1", agent_type="codex-implementer").code == 0


def test_configured_implementers(codex):
    set_config(codex.root, codex_implementers=["my-codex"])
    not_codex(write(codex, "src/app.py", agent_id="a1", agent_type="team:my-codex"))
    assert_codex_block(write(codex, "src/app.py", agent_id="a1",
                             agent_type="codex-implementer"))


def test_standard_mode_is_not_a_way_around_the_lead_rules(codex):
    """The codex guard stands aside in standard mode, but the lead still does
    not write code there (breezing-gate, in both modes)."""
    root = codex.root
    write_active(root, impl_mode="standard")
    result = not_codex(write(codex, "src/app.py"))
    assert result.code == 2 and "[playgate:breezing-gate]" in result.stderr, result
    result = not_codex(bash(codex, "touch src/x.py"))
    assert result.code == 2 and "[playgate:breezing-gate]" in result.stderr, result
    data = json.loads((root / ACTIVE).read_text())
    del data["impl_mode"]  # seed 001: no --codex is standard
    (root / ACTIVE).write_text(json.dumps(data))
    assert not_codex(write(codex, "src/app.py")).code == 2
    os.remove(root / ACTIVE)
    assert not_codex(write(codex, "src/app.py")).code == 2  # no session: no code


def test_the_golden_path_leaves_the_lead_free(codex):
    """Without config.workflow breezing the file is reported, not obeyed."""
    set_config(codex.root, workflow="golden-path")
    assert write(codex, "src/app.py").code == 0
    assert bash(codex, "touch src/x.py").code == 0


def test_switched_off_in_config(codex):
    set_config(codex.root, codex_lead_guard=False)
    not_codex(write(codex, "src/app.py"))
    not_codex(bash(codex, "touch src/x.py"))


def test_reads_and_other_tools_are_untouched(codex):
    root = codex.root
    assert codex.tool("Read", {"file_path": str(root / "src" / "app.py")}).code == 0
    assert codex.tool("Grep", {"pattern": "x"}).code == 0
    assert codex.tool("Task", {"prompt": "implement", "description": "d",
                               "subagent_type": "claude-code-harness:codex-implementer"}).code == 0
