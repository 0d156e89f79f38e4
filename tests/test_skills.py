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
from workflow import registry

SKILLS = ("post-loop", "playbook-init", "prompt-analyzer", "understanding-check", "state",
          "sdd-roadmap", "breezing", "crew")
#: The crew workflow's agents (seed 000; workflow/registry.py, entry crew).
CREW_AGENTS = ("crew-decomposer", "crew-plan-reviewer", "crew-researcher", "crew-writer",
               "crew-coder", "crew-reviewer", "crew-aggregator", "crew-retrospector",
               "crew-memory-writer")
AGENTS = ("pm", "reviewer", "critic", "prompt-analyzer", "executor-resolver", "codex-delegate",
          "coderabbit-delegate",
          # breezing (seed 001)
          "task-worker", "codex-implementer", "code-reviewer", "plan-analyst",
          "plan-critic") + CREW_AGENTS
#: The breezing agents keep what they learn across runs (seed 001: ``memory: project``).
PROJECT_MEMORY = ("task-worker", "codex-implementer", "code-reviewer", "plan-analyst",
                  "plan-critic")
#: seed 002 §7 "SubAgent ツール制限".
SEED_TOOLS = {
    "critic": {"Read", "Grep", "Bash"},
    "reviewer": {"Read", "Grep", "Glob", "Bash"},
    "pm": {"Read", "Write", "Edit", "Grep", "Glob", "Bash"},
    "codex-delegate": {"Bash", "mcp__codex__codex", "mcp__codex__codex-reply"},
    "coderabbit-delegate": {"Bash"},
    "prompt-analyzer": {"Read", "Grep"},
    "executor-resolver": {"Read", "Grep"},
    # breezing (seed 001): least tools per role; search goes through Bash in
    # CLIs without Grep/Glob tools (2.1.329 has none)
    "task-worker": {"Read", "Write", "Edit", "Grep", "Glob", "Bash"},
    "codex-implementer": {"Read", "Grep", "Glob", "Bash", "mcp__codex__codex",
                          "mcp__codex__codex-reply"},
    "code-reviewer": {"Read", "Grep", "Glob", "Bash"},
    "plan-analyst": {"Read", "Grep", "Glob", "Bash"},
    "plan-critic": {"Read", "Grep", "Glob", "Bash"},
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
    "crew-memory-writer": {"Read", "mcp__memory__create_entities", "mcp__memory__add_observations",
                           "mcp__memory__search_nodes"},
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
                "coderabbit-delegate", "codex-implementer", "code-reviewer", "plan-analyst",
                "plan-critic", "crew-plan-reviewer", "crew-memory-writer"):
        assert not tools & WRITE_TOOLS
    if name in PROJECT_MEMORY:
        assert data.get("memory") == "project"
    assert len(body.split()) > 60


#: seed 003's 23 framework agents (sync-sdd), as the registry lists them.
SDD_AGENTS = tuple(sorted(registry.BY_NAME["sync-sdd"].agents()))


def test_only_the_listed_skills_and_agents_ship():
    assert sorted(p.name for p in (SUITE / "skills").iterdir()
                  if p.name != "__pycache__") == sorted(SKILLS)
    assert sorted(p.stem for p in (SUITE / "agents").glob("*.md")) == sorted(AGENTS + SDD_AGENTS)


def test_names_match_the_protected_floor():
    from fnmatch import fnmatch

    skills = {p.split("/")[2] for p in FLOOR if p.startswith(".claude/skills/")}
    patterns = [p.split("/")[2][:-3] for p in FLOOR if p.startswith(".claude/agents/")]
    shipped = AGENTS + SDD_AGENTS
    assert skills == set(SKILLS)
    assert {a for a in shipped if any(fnmatch(a, p) for p in patterns)} == set(shipped)
    assert all("*" in p or p in shipped for p in patterns)


@pytest.mark.parametrize("name", SDD_AGENTS)
def test_sdd_agents_follow_seed_003s_table(name):
    """Spec 12: name = file name, SDD-specific description, model by tier,
    the table's least tools, never Task/Agent; the review agents state the
    WRITTEN reply and their file."""
    from guards.agent_definitions import problems, sdd_role

    text = (SUITE / "agents" / f"{name}.md").read_text(encoding="utf-8")
    assert problems(text, "en", name) == ([], [])
    data, body = frontmatter(SUITE / "agents" / f"{name}.md")
    model, tools = sdd_role(name)
    assert data["name"] == name and data["model"] == model
    assert "SDD" in data["description"] and "sdd-roadmap" in data["description"]
    assert tools_of(data) == set(tools)  # exactly the table's least tools
    assert not tools_of(data) & SPAWN_TOOLS
    if "inspector" in name or "auditor" in name:
        own = "verdict.cpf" if "auditor" in name else f"{name}.cpf"
        assert "WRITTEN:" in body and f".review/{own}" in body
    if "auditor" in name:
        assert "VERDICT:<GO|CONDITIONAL|NO-GO|SPEC-UPDATE-NEEDED>" in body
    assert len(body.split()) > 120


def test_the_sdd_table_counts_23_agents_as_the_seed_does():
    """Seed 003's table: 1 architect, 3 auditors, 1 task generator, 1
    builder, the test and e2e inspectors and 15 other inspectors; 6 design,
    6 implementation (+ e2e) and 4 dead-code inspectors."""
    roles = registry.BY_NAME["sync-sdd"].roles
    assert len(SDD_AGENTS) == 23
    assert len([a for a in SDD_AGENTS if a.startswith("sdd-auditor-")]) == 3
    inspectors = [a for a in SDD_AGENTS if a.startswith("sdd-inspector-")]
    assert len(inspectors) == 17
    assert len(set(inspectors) - {"sdd-inspector-test", "sdd-inspector-e2e"}) == 15
    assert (len(roles["design_inspector"]), len(roles["impl_inspector"]),
            len(roles["dead_code_inspector"])) == (6, 7, 4)


def test_critic_states_the_verdict_lines_the_ledger_reads():
    _, body = frontmatter(SUITE / "agents/critic.md")
    for line in ("CRITIC: PASS <subtask-id>", "CRITIC: FAIL <subtask-id> - <reason>",
                 "CRITIC: PASS playbook", "CRITIC: FAIL playbook - <reason>"):
        assert line in body
    _, review = frontmatter(SUITE / "agents/reviewer.md")
    assert "REVIEW: PASS play/<id>/plan.json" in review


def test_the_breezing_reviewer_states_the_verdict_line_the_hooks_read():
    from workflow import breezing

    _, body = frontmatter(SUITE / "agents/code-reviewer.md")
    assert f"{breezing.REVIEW_TAG} PASS <session_id>" in body
    assert f"{breezing.REVIEW_TAG} FAIL <session_id> - " in body
    _, skill = frontmatter(SUITE / "skills/breezing/SKILL.md")
    # the heading the hooks look for, in both languages
    assert "🏇 Breezing - confirm the range" in skill and "範囲を確認させてください" in skill
    for word in breezing.CONFIRMATION_WORDS:
        assert word in skill
    assert "rm -f .claude/state/breezing-active.json" in skill


def test_the_breezing_skill_names_the_tools_the_delegate_phase_allows():
    """Phase B's list of the lead's tools is the gate's list, no more and
    no less: a tool the skill names must not be refused, and one the gate
    allows should not be hidden from the lead."""
    import re

    from workflow import breezing

    _, skill = frontmatter(SUITE / "skills/breezing/SKILL.md")
    phase_b = skill[skill.index("## Phase B"):]
    listed = phase_b[phase_b.index("you may use only"):phase_b.index("reads and read-only")]
    assert set(re.findall(r"`(\w+)`", listed)) == set(breezing.COORDINATION_TOOLS), listed


def test_codex_review_promises_only_what_the_reviewer_can_do():
    """``--codex-review``: the skill may send the reviewer to Codex only if
    the reviewer's definition has the Codex tool; playgate's reviewer is
    read-only and has none, so the skill and the report say N/A."""
    reviewer, _ = frontmatter(SUITE / "agents/code-reviewer.md")
    _, skill = frontmatter(SUITE / "skills/breezing/SKILL.md")
    step = skill[skill.index("`--codex-review`:"):]
    step = step[:step.index("\n6. ")]
    if "mcp__codex__codex" not in tools_of(reviewer):
        assert "mcp__codex__codex" not in step, step
        assert "Codex Review: N/A" in step, step
        assert "- Codex Review: N/A\n" in skill  # the report's line


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
    for name in AGENTS + SDD_AGENTS:
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
    for rel in (".claude/agents/sdd-builder.md", ".claude/skills/sdd-roadmap/SKILL.md"):
        edit = installed.tool("Edit", {"file_path": str(root / rel), "old_string": "SDD",
                                       "new_string": "sdd"})
        assert edit.code == 2 and "[playgate:protected-edit]" in edit.stderr, rel


def test_user_agents_are_left_alone_by_install(installed):
    from conftest import install

    mine = installed.root / ".claude/agents/my-helper.md"
    mine.write_text("---\nname: my-helper\ndescription: mine\n---\nhello\n")
    assert install(installed.root).returncode == 0
    assert mine.read_text().endswith("hello\n")
    assert os.path.isfile(installed.root / ".claude/agents/critic.md")
