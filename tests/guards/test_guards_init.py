"""init-guard (SPEC §3 PreToolUse 2; seed 004 §6.1)."""

from __future__ import annotations

import os

import pytest

from events.verdict import ALLOW, BLOCK
from guards import init_guard

PENDING = ".claude/.session-init/pending"
REQUIRED = ".claude/.session-init/required_playbook"


@pytest.fixture
def pending(ws):
    """A started session with an active playbook: state.md and its plan.json
    must be read first."""
    ws.ready()
    ws.marker(PENDING)
    ws.marker(REQUIRED, "play/p1/plan.json\n")
    return ws


def test_no_pending_marker_means_no_check(ws):
    ws.ready()
    assert init_guard.check(ws.tool_ctx("Bash", {"command": "make"})).kind == ALLOW
    assert not ws.edit("src/app.py").blocked


@pytest.mark.parametrize("tool,tool_input", [
    ("Edit", {"file_path": "src/app.py", "old_string": "x", "new_string": "y"}),
    ("Write", {"file_path": "state.md", "content": "x"}),
    ("Bash", {"command": "make"}),
    ("Bash", {"command": "git commit -m x"}),
    ("Bash", {"command": "git branch -D main"}),
    ("Bash", {"command": "git -c core.pager=evil log"}),
    ("Bash", {"command": "git diff --output=leak.txt"}),
    ("Task", {"subagent_type": "pm", "prompt": "p"}),
    ("Skill", {"skill": "playbook-init"}),
    ("WebFetch", {"url": "https://example.invalid"}),
])
def test_everything_but_reads_is_blocked_with_the_files_to_read(pending, tool, tool_input):
    if "file_path" in tool_input:
        tool_input = dict(tool_input, file_path=pending.abs(tool_input["file_path"]))
    r = pending.pre(tool, tool_input)
    assert r.blocked and r.guard == "init-guard", r
    # absolute paths, so Claude can pass them to Read as they are
    assert str(pending.root / "state.md") in r.stderr
    assert str(pending.root / "play/p1/plan.json") in r.stderr
    assert "Read" in r.stderr


@pytest.mark.parametrize("tool,tool_input", [
    ("Grep", {"pattern": "x"}),
    ("Glob", {"pattern": "*"}),
    ("Bash", {"command": "ls"}),
    ("Bash", {"command": "git status"}),
    ("Bash", {"command": "git branch"}),
    ("Bash", {"command": "git branch -a -v"}),
    ("Bash", {"command": "git log --oneline"}),
    ("Bash", {"command": "git diff HEAD"}),
    ("Bash", {"command": "git show HEAD"}),
    ("Bash", {"command": "git rev-parse --abbrev-ref HEAD"}),
])
def test_information_gathering_passes(pending, tool, tool_input):
    r = pending.pre(tool, tool_input)
    assert not r.blocked, r
    assert pending.has(PENDING)


def test_reads_record_files_by_repo_relative_path_and_clear_pending(pending):
    ws = pending
    # a file with the same base name elsewhere does not count as state.md
    ws.marker("docs/state.md", "not the state\n")
    assert not ws.read("docs/state.md").blocked
    assert ws.edit("src/app.py").blocked
    assert not ws.read("state.md").blocked
    assert ws.has(PENDING)  # plan.json still unread
    r = ws.edit("src/app.py")
    assert r.blocked and "state.md," not in r.stderr and "plan.json" in r.stderr
    assert not ws.read("play/p1/plan.json").blocked
    assert not ws.has(PENDING)
    assert not ws.edit("src/app.py").blocked


def test_read_through_a_symlink_records_the_real_file(pending):
    ws = pending
    os.symlink(ws.root / "state.md", ws.root / "alias.md")
    ws.read("alias.md")
    ws.read("play/p1/plan.json")
    assert not ws.has(PENDING)


def test_a_relative_or_dotted_spelling_counts(pending):
    ws = pending
    ws.read(f"{ws.root}/src/../state.md")
    ws.read(f"{ws.root}//play/./p1/plan.json")
    assert not ws.has(PENDING)


def test_only_state_md_when_no_playbook_is_recorded(ws):
    ws.marker(".claude/session-state/prompt-analyzer-called")
    ws.marker(PENDING)
    ws.marker(REQUIRED, "\n")
    r = ws.edit("src/app.py")
    assert r.blocked and "plan.json" not in r.stderr
    ws.read("state.md")
    assert not ws.has(PENDING)


def test_missing_required_files_do_not_lock_the_session(ws):
    # state.md deleted and the recorded playbook gone: nothing can be read, so
    # the first call clears pending instead of blocking for ever.
    ws.marker(".claude/session-state/prompt-analyzer-called")
    ws.marker(PENDING)
    ws.marker(REQUIRED, "play/gone/plan.json\n")
    (ws.root / "state.md").unlink()
    v = init_guard.check(ws.tool_ctx("Bash", {"command": "make"}))
    assert v.kind == ALLOW and v.effects
    assert init_guard.required_files(ws.tool_ctx("Bash", {"command": "make"})) == []


def test_admin_mode_skips_the_guard(pending):
    ws = pending
    text = (ws.root / "state.md").read_text().replace("security: strict", "security: admin")
    (ws.root / "state.md").write_text(text)
    assert init_guard.check(ws.tool_ctx("Bash", {"command": "make"})).kind == ALLOW


@pytest.mark.parametrize("mode", ["strict", "trusted", "developer", "bogus"])
def test_other_modes_keep_the_guard(pending, mode):
    ws = pending
    text = (ws.root / "state.md").read_text().replace("security: strict", f"security: {mode}")
    (ws.root / "state.md").write_text(text)
    assert init_guard.check(ws.tool_ctx("Bash", {"command": "make"})).kind == BLOCK


def test_read_outside_the_project_passes_and_records_nothing(pending):
    v = init_guard.check(pending.tool_ctx("Read", {"file_path": "/etc/hostname"}))
    assert v.kind == ALLOW and not v.effects
