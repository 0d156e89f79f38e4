"""Skills, agent definitions and playbook templates that ship with the suite:
valid frontmatter, the tool limits of seed 002 §7 (critic and reviewer cannot
write; no agent starts subagents — seed 003 §9/§12), names consistent with
the protected floor, and installed where Claude Code looks for them.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
import yaml
from conftest import SUITE

from statefiles import models
from statefiles.protected import FLOOR

SKILLS = ("post-loop", "playbook-init", "prompt-analyzer", "understanding-check", "state", "crew")
#: The crew workflow's agents (seed 000; workflow/registry.py, entry crew).
CREW_AGENTS = ("crew-decomposer", "crew-plan-reviewer", "crew-researcher", "crew-writer",
               "crew-coder", "crew-reviewer", "crew-aggregator", "crew-retrospector",
               "crew-memory-writer")
AGENTS = ("pm", "reviewer", "critic", "prompt-analyzer", "executor-resolver", "codex-delegate",
          "coderabbit-delegate") + CREW_AGENTS
#: seed 002 §7 "SubAgent ツール制限".
SEED_TOOLS = {
    "critic": {"Read", "Grep", "Bash"},
    "reviewer": {"Read", "Grep", "Glob", "Bash"},
    "pm": {"Read", "Write", "Edit", "Grep", "Glob", "Bash"},
    "codex-delegate": {"Bash", "mcp__codex__codex", "mcp__codex__codex-reply"},
    "coderabbit-delegate": {"Bash"},
    "prompt-analyzer": {"Read", "Grep"},
    "executor-resolver": {"Read", "Grep"},
    # The crew's least tools: the plan reviewer and the memory writer cannot
    # write files; only the coder runs commands that change things.
    "crew-decomposer": {"Read", "Write", "Grep", "Glob", "mcp__memory__search_nodes"},
    "crew-plan-reviewer": {"Read", "Grep", "Glob"},
    "crew-researcher": {"Read", "Write", "Grep", "Glob", "WebSearch", "WebFetch",
                        "mcp__memory__search_nodes"},
    "crew-writer": {"Read", "Write", "Edit", "Grep", "Glob", "mcp__memory__search_nodes"},
    "crew-coder": {"Read", "Write", "Edit", "Grep", "Glob", "Bash", "mcp__memory__search_nodes"},
    "crew-reviewer": {"Read", "Write", "Grep", "Glob", "Bash", "mcp__memory__search_nodes"},
    "crew-aggregator": {"Read", "Write", "Grep", "Glob"},
    "crew-retrospector": {"Read", "Write", "Grep", "Glob", "mcp__memory__search_nodes"},
    "crew-memory-writer": {"Read", "mcp__memory__create_entities", "mcp__memory__search_nodes"},
}
WRITE_TOOLS = {"Write", "Edit", "MultiEdit", "NotebookEdit"}
SPAWN_TOOLS = {"Task", "Agent"}


def frontmatter(path) -> tuple:
    """``(mapping, body)`` of a Markdown file with YAML frontmatter."""
    text = path.read_text(encoding="utf-8")
    assert text.startswith("---\n"), f"{path} must start with a --- frontmatter line"
    head, sep, body = text[4:].partition("\n---\n")
    assert sep, f"{path}: frontmatter is not closed by a --- line"
    data = yaml.safe_load(head)
    assert isinstance(data, dict), f"{path}: frontmatter must be a mapping"
    return data, body


def tools_of(data) -> set:
    tools = data.get("tools")
    if isinstance(tools, str):
        return {t.strip() for t in tools.split(",") if t.strip()}
    return set(tools or [])


@pytest.mark.parametrize("name", SKILLS)
def test_skill_frontmatter(name):
    data, body = frontmatter(SUITE / "skills" / name / "SKILL.md")
    assert data["name"] == name
    assert isinstance(data["description"], str) and len(data["description"]) >= 40
    assert "playgate" in data["description"]  # specific: no accidental auto-invocation
    assert len(body.split()) > 80


@pytest.mark.parametrize("name", AGENTS)
def test_agent_frontmatter_and_tools(name):
    data, body = frontmatter(SUITE / "agents" / f"{name}.md")
    assert data["name"] == name
    assert isinstance(data["description"], str) and "playgate" in data["description"]
    tools = tools_of(data)
    assert tools == SEED_TOOLS[name]
    assert not tools & SPAWN_TOOLS
    if name in ("critic", "reviewer", "prompt-analyzer", "executor-resolver",
                "coderabbit-delegate", "crew-plan-reviewer", "crew-memory-writer"):
        assert not tools & WRITE_TOOLS
    assert len(body.split()) > 60


def test_only_the_listed_skills_and_agents_ship():
    assert sorted(p.name for p in (SUITE / "skills").iterdir()) == sorted(SKILLS)
    assert sorted(p.stem for p in (SUITE / "agents").glob("*.md")) == sorted(AGENTS)


def test_names_match_the_protected_floor():
    skills = {p.split("/")[2] for p in FLOOR if p.startswith(".claude/skills/")}
    agents = {p.split("/")[2][:-3] for p in FLOOR if p.startswith(".claude/agents/")}
    assert skills == set(SKILLS)
    assert agents == set(AGENTS)


def test_critic_states_the_verdict_lines_the_ledger_reads():
    _, body = frontmatter(SUITE / "agents/critic.md")
    for line in ("CRITIC: PASS <subtask-id>", "CRITIC: FAIL <subtask-id> - <reason>",
                 "CRITIC: PASS playbook", "CRITIC: FAIL playbook - <reason>"):
        assert line in body
    _, review = frontmatter(SUITE / "agents/reviewer.md")
    assert "REVIEW: PASS play/<id>/plan.json" in review


def test_post_loop_skill_names_the_handler_command():
    _, body = frontmatter(SUITE / "skills/post-loop/SKILL.md")
    assert "python3 .claude/skills/post-loop/handler.py" in body


def test_handler_uses_only_the_standard_library_and_the_suite():
    """The handler runs under the system python3 (SPEC: stdlib + the suite)."""
    import ast

    tree = ast.parse((SUITE / "skills/post-loop/handler.py").read_text())
    top = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            top |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            top.add(node.module.split(".")[0])
    # the suite's own packages: its state files, the archive engine
    # (workflow.archive), its message catalogue and the hooks' start-up module
    # (hooks/_bootstrap.py, os and sys only), which puts the suite on sys.path
    allowed = set(sys.stdlib_module_names) | {"statefiles", "workflow", "messages", "yaml",
                                              "_bootstrap"}
    assert top <= allowed, top - allowed


def test_handler_help_runs_with_an_isolated_interpreter(tmp_path):
    proc = subprocess.run([sys.executable, "-I", str(SUITE / "skills/post-loop/handler.py"),
                           "--help"], capture_output=True, text=True, check=False, timeout=60,
                          cwd=tmp_path)
    assert proc.returncode == 0 and "post-loop handler" in proc.stdout


def test_handler_finds_the_plugin_environment_made_for_its_root(tmp_path, monkeypatch):
    """Run by a python3 without PyYAML from the plugin root, the handler
    re-runs itself with the environment the plugin's bootstrap made for that
    root (its stamp names the root), not with another plugin's."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("post_loop_handler",
                                                  SUITE / "skills/post-loop/handler.py")
    handler = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(handler)
    config = tmp_path / "config"
    for name, root in (("a-other", "/elsewhere/playgate"), ("playgate-playgate", str(SUITE))):
        venv = config / "plugins" / "data" / name / "venv"
        (venv / "bin").mkdir(parents=True)
        (venv / "playgate-env.json").write_text(json.dumps({"root": root}))
    (config / "plugins" / "data" / "broken" / "venv").mkdir(parents=True)
    (config / "plugins" / "data" / "broken" / "venv" / "playgate-env.json").write_text("{")
    monkeypatch.delenv("CLAUDE_PLUGIN_DATA", raising=False)
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(config))
    assert handler._plugin_python() == str(
        config / "plugins" / "data" / "playgate-playgate" / "venv" / "bin" / "python")
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(tmp_path / "none"))
    assert handler._plugin_python() is None


@pytest.mark.parametrize("kind", ["plan", "progress"])
def test_templates_are_valid_playbook_files(kind):
    data = json.loads((SUITE / "templates/play" / f"{kind}.json").read_text())
    assert models.validate(kind, data) == []


def test_install_puts_skills_agents_and_templates_in_place(installed):
    root = installed.root
    for name in SKILLS:
        assert (root / ".claude/skills" / name / "SKILL.md").is_file()
    for name in AGENTS:
        assert (root / ".claude/agents" / f"{name}.md").is_file()
    assert (root / ".claude/skills/post-loop/handler.py").is_file()
    for kind in ("plan", "progress"):
        assert (root / "play/template" / f"{kind}.json").is_file()
    # The installed skill files are protected like the rest of the suite.
    from conftest import git

    git(root, "checkout", "-q", "-b", "feat/x")
    assert installed.tool("Skill", {"skill": "playbook-init"}).code == 0
    # playbook-init started the understanding check; the user confirms it.
    assert installed.hook("UserPromptSubmit", prompt="yes").code == 0
    edit = installed.tool("Edit", {"file_path": str(root / ".claude/agents/critic.md"),
                                   "old_string": "Read, Grep, Bash",
                                   "new_string": "Read, Grep, Bash, Write"})
    assert edit.code == 2 and "[playgate:protected-edit]" in edit.stderr
    assert "HARD_BLOCK" in edit.stderr


def test_user_agents_are_left_alone_by_install(installed):
    from conftest import install

    mine = installed.root / ".claude/agents/my-helper.md"
    mine.write_text("---\nname: my-helper\ndescription: mine\n---\nhello\n")
    assert install(installed.root).returncode == 0
    assert mine.read_text().endswith("hello\n")
    assert os.path.isfile(installed.root / ".claude/agents/critic.md")
