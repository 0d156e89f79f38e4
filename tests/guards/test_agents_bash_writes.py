"""agent-definitions: Bash writes to agent definitions that only the full
shell analysis sees (``ctx.shell.writes``, SPEC §4).

The interim analyser reports no writes, and these commands use no
syntax it refuses, so today they pass: every case is a strict xfail. When the
bashlex analyser lands they must all be blocked — remove the marker
then (a strict xfail that passes fails the suite, so it cannot be forgotten).
Commands that the interim analyser cannot read and that name .claude/agents
are blocked already; they are in test_agents_definitions.py.
"""

from __future__ import annotations

import pytest
from _team_support import bash, workspace


GOOD = "---\nname: a\ndescription: d\ntools: Read\n---\n"


@pytest.fixture
def ws(installed):
    workspace(installed)
    agents = installed.root / ".claude" / "agents"
    agents.mkdir(exist_ok=True)
    (agents / "x.md").write_text(GOOD)
    (installed.root / "docs").mkdir()
    (installed.root / "docs" / "x.md").write_text("no frontmatter\n")
    return installed


@pytest.mark.parametrize("command", [
    "tee .claude/agents/x.md",
    "tee -a .claude/agents/new.md",
    "cp docs/x.md .claude/agents/x.md",
    "cp docs/x.md .claude/agents/",
    "mv docs/x.md .claude/agents/new.md",
    "sed -i s/Read/Task/ .claude/agents/x.md",
    "install -m 644 docs/x.md .claude/agents/new.md",
    "dd if=docs/x.md of=.claude/agents/x.md",
    "ln -sf ../../docs/x.md .claude/agents/new.md",
    "cp docs/x.md .Claude/Agents/X.MD",
    "cp docs/x.md src/../.claude/agents/x.md",
    "git show HEAD:docs/x.md --output=.claude/agents/x.md",
    "cd .claude && tee agents/x.md",
])
def test_bash_writes_to_agent_files_are_blocked(ws, command):
    result = bash(ws, command)
    assert result.code == 2, result
    assert "[playgate:agent-definitions]" in result.stderr
    assert "Write or Edit" in result.stderr
