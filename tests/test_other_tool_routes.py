"""The same wall for the tools that are not Bash.

* Claude Code's ``permissions.deny`` rules ``Edit(...)``/``Write(...)``
  (settings.template.json) hard-deny the suite's own code and configuration
  and the user's Claude Code settings, in Claude Code itself, before any hook:
  every entry of the protection floor has both, and nothing the workflows
  write through those tools is denied.
* Protected-file and reward-route checks decide by the paths in any tool's
  input, never by the tool's name: an MCP tool, or a tool the suite does not
  know, that names a protected path is treated as writing it.
"""

from __future__ import annotations

import json
import os

import pytest
from conftest import SUITE
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from saying import says

from statefiles.protected import FLOOR, Entry


def glob_match(pattern: str, rel: str) -> bool:
    return Entry("HARD_BLOCK", pattern, 0).matches_rel(rel)

TEMPLATE = json.loads((SUITE / "settings.template.json").read_text())
DENY = TEMPLATE["permissions"]["deny"]
#: What the workflows write through Edit/Write: must stay writable.
EDITABLE = ("state.md", "play/demo/plan.json", "play/demo/progress.json", ".claude/state/x.json",
            ".claude/session-state/last-fail-reason", "src/app.py", ".claude/agents/mine.md",
            "CLAUDE.md")


def _rule_paths(tool: str) -> list:
    out = []
    for rule in DENY:
        if rule.startswith(tool + "(") and rule.endswith(")"):
            spec = rule[len(tool) + 1:-1]
            if spec.startswith("//"):
                spec = spec[1:]
            elif spec.startswith("./"):
                spec = spec[2:]
            out.append(spec)
    return out


@pytest.mark.parametrize("tool", ["Edit", "Write"])
def test_every_floor_entry_has_a_deny_rule(tool):
    specs = _rule_paths(tool)
    for pattern in FLOOR:
        covered = pattern in specs or (
            not any(c in pattern for c in "*?[") and any(glob_match(s, pattern) for s in specs))
        assert covered, (tool, pattern)


@pytest.mark.parametrize("tool", ["Edit", "Write"])
def test_no_deny_rule_covers_what_the_workflows_write(tool):
    for spec in _rule_paths(tool):
        if spec.startswith(("~", "/")):
            continue
        for rel in EDITABLE:
            assert not glob_match(spec, rel), (spec, rel)
            assert not rel.startswith(spec.rstrip("*").rstrip("/") + "/") or "*" not in spec, (
                spec, rel)


def test_the_template_carries_exactly_the_floor_rules():
    """One source: the floor (``statefiles.protected.FLOOR``) through
    ``statefiles.sandbox.floor_deny_rules``; doctor checks the same list."""
    from statefiles import sandbox

    rules = sandbox.floor_deny_rules()
    assert [r for r in DENY if r.startswith(("Edit(", "Write("))] == rules


def test_the_install_writes_the_deny_rules(installed):
    deny = installed.settings["permissions"]["deny"]
    assert "Edit(./.claude/hooks/**)" in deny and "Write(~/.claude.json)" in deny
    assert all(rule in deny for rule in DENY)


# ------------------------------------------------------------------ by path, not by name

#: Tools whose names say nothing reliable: MCP tools with any name, and
#: tools this suite has never heard of.
_names = st.one_of(
    st.builds(lambda s, t: f"mcp__{s}__{t}", st.from_regex(r"[a-z][a-z0-9_-]{0,8}", fullmatch=True),
              st.from_regex(r"[a-z][a-zA-Z0-9_]{0,12}", fullmatch=True)),
    st.from_regex(r"[A-Z][a-zA-Z]{2,12}", fullmatch=True).filter(
        lambda n: n not in {"Read", "Grep", "Glob", "Edit", "Write", "Bash", "Task", "Agent",
                            "Skill", "LS", "MultiEdit", "NotebookEdit", "NotebookRead",
                            "WebFetch", "WebSearch", "TodoWrite", "TodoRead", "ExitPlanMode",
                            "EnterPlanMode", "AskUserQuestion", "BashOutput", "KillShell",
                            "KillBash", "SlashCommand", "ToolSearch", "TaskCreate", "TaskGet",
                            "TaskList", "TaskUpdate", "TaskOutput", "TaskStop", "SendMessage"}),
)
#: Protected paths (floor and reward state) in the spellings a tool input carries.
_protected = st.sampled_from([
    ".claude/settings.json", ".claude/hooks/pre_tool_use.py", ".claude/protected-files.txt",
    ".claude/permission-config.yaml", "play/demo/progress.json", "state.md",
    ".claude/logs/critic-ledger.jsonl", ".mcp.json", ".claude/shell/walker.py",
])


def _spell(root, rel: str, how: int) -> str:
    return [rel, f"{root}/{rel}", f"./{rel}", f"file://{root}/{rel}",
            f"src/../{rel}", f"{root}//{rel}"][how]


def _nest(value, depth: int, key: str):
    for _ in range(depth):
        value = {key: [value]}
    return value


@pytest.fixture(scope="module")
def routes(tmp_path_factory, installed_template):
    from conftest import Installed, copy_install, make_repo

    import reward_kit as K

    repo = make_repo(tmp_path_factory.mktemp("routes") / "repo")
    copy_install(installed_template, repo)
    K.git(repo, "checkout", "-q", "-b", K.BRANCH)
    K.make_reward_repo(repo, git_init=False)   # an active, reviewed playbook play/demo
    return Installed(repo)


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(tool=_names, rel=_protected, how=st.integers(0, 5), depth=st.integers(0, 3),
       key=st.sampled_from(["path", "target", "files", "x", "uri"]))
def test_any_tool_naming_a_protected_path_is_refused(routes, tool, rel, how, depth, key):
    value = _nest(_spell(routes.root, rel, how), depth, key)
    res = routes.tool(tool, value if isinstance(value, dict) else {key: value})
    assert res.blocked, (tool, value, res)
    assert "[playgate:reward-route-guard]" in res.reason or \
        "[playgate:protected-edit]" in res.reason, res


@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
@given(tool=_names, depth=st.integers(0, 3),
       text=st.sampled_from(["src/app.py", "notes about state.md", "hello", "docs/x.md",
                             "see the settings page"]))
def test_a_tool_naming_nothing_protected_passes(routes, tool, depth, text):
    res = routes.tool(tool, _nest({"path": text}, depth, "args"))
    assert "reward-route-guard" not in res.reason and "protected-edit" not in res.reason, res


def test_a_hard_link_to_a_protected_file_is_the_protected_file(routes, tmp_path):
    """Compared by file identity, not only by name."""
    link = routes.root / "src" / "innocent.txt"
    if link.exists():
        link.unlink()
    os.link(routes.root / ".claude" / "protected-files.txt", link)
    try:
        res = routes.tool("mcp__fs__write_file", {"path": str(link), "content": ""})
        assert res.blocked and says(res.reason, "protected_edit.source_linked"), res
    finally:
        link.unlink()


def test_known_read_only_tools_are_not_path_checked(routes):
    res = routes.tool("Grep", {"pattern": "x", "path": str(routes.root / ".claude")})
    assert "protected-edit" not in res.reason and "reward-route" not in res.reason
