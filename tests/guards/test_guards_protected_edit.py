"""protected-edit (SPEC §2 protected-files.txt, §3 Edit/Write chain 3, §7 modes).

Families: levels × security modes; every spelling of a protected path;
allow-lists by real location only; state.md's human-only config section.
"""

from __future__ import annotations

import os

import pytest

from events.verdict import ALLOW, BLOCK, WARN
from guards import protected_edit
from saying import says

MODES = ("strict", "trusted", "developer", "admin")


def set_mode(ws, mode):
    path = ws.root / "state.md"
    text = path.read_text()
    import re

    path.write_text(re.sub(r"security: \w+", f"security: {mode}", text, count=1))


def check_write(ws, path, content="x\n"):
    return protected_edit.check(ws.tool_ctx("Write", {"file_path": path, "content": content}))


@pytest.fixture
def ready(ws):
    ws.ready()
    return ws


# ------------------------------------------------------------------ levels × modes
FLOOR_FILES = [
    ".claude/hooks/pre_tool_use.py", ".claude/events/runtime.py", ".claude/guards/x.py",
    ".claude/statefiles/state_md.py", ".claude/shell/__init__.py", ".claude/settings.json",
    ".claude/settings.local.json", ".claude/settings.other.json", ".claude/protected-files.txt",
    ".claude/.cache/state.md.json", ".claude/logs/errors.log", ".claude/.venv/bin/python",
    ".claude/permission-config.yaml", ".claude/skills/post-loop/handler.py",
    ".claude/agents/critic.md", ".mcp.json", ".claude/messages/en.py", ".claude/messages/ja.py",
    # the pin: which suite a teammate's clone installs, and from where
    ".claude/playgate-pin.json", ".claude/playgate/repair.py",
]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("rel", FLOOR_FILES + [".env", "config/.env.local", "certs/a.pem",
                                                ".git/config", ".git/hooks/pre-commit"])
def test_hard_block_in_every_mode(ready, mode, rel):
    set_mode(ready, mode)
    v = check_write(ready, ready.abs(rel))
    assert v.kind == BLOCK, (mode, rel)
    assert v.key == "protected_edit.hard_block" and v.fields["path"] == rel, v


@pytest.mark.parametrize("mode,kind", [("strict", BLOCK), ("trusted", WARN),
                                       ("developer", ALLOW), ("admin", ALLOW)])
@pytest.mark.parametrize("rel", [".gitignore", "CLAUDE.md", ".github/workflows/ci.yml"])
def test_block_level_follows_the_security_mode(ready, mode, kind, rel):
    set_mode(ready, mode)
    v = check_write(ready, ready.abs(rel))
    assert v.kind == kind, (mode, rel, v)
    if kind == BLOCK:
        assert v.key == "protected_edit.block_strict" and v.fields["path"] == rel, v


@pytest.mark.parametrize("mode", MODES)
def test_warn_level_warns_in_every_mode(ready, mode):
    set_mode(ready, mode)
    v = check_write(ready, ready.abs("package-lock.json"))
    assert v.kind == WARN and "package-lock.json" in v.message


def test_the_seeds_normal_mode_is_strict(ready):
    set_mode(ready, "normal")
    v = check_write(ready, ready.abs(".gitignore"))
    assert v.kind == BLOCK and "strict" in v.message, v


def test_unknown_mode_reads_as_strict(ready):
    set_mode(ready, "superuser")
    assert check_write(ready, ready.abs(".gitignore")).kind == BLOCK


def test_unlisted_file_is_allowed(ready):
    assert check_write(ready, ready.abs("src/app.py")).kind == ALLOW


def test_trusted_warning_reaches_additional_context(ready):
    set_mode(ready, "trusted")
    r = ready.write(".gitignore", "x\n")
    assert not r.blocked, r
    assert "protected-edit" in r.context and ".gitignore" in r.context


# ------------------------------------------------------------------ spellings
def spellings(ws):
    root = str(ws.root)
    return [
        f"{root}/.claude/settings.json",
        ".claude/settings.json",
        "./.claude/settings.json",
        f"{root}/src/../.claude/settings.json",
        f"{root}//.claude///settings.json",
        f"{root}/./.claude/./settings.json",
        f"{root}/.CLAUDE/Settings.JSON",
        f"{root}/.claude/settings.json.",
        f"{root}/.claude/settings.json. .",
        f"{root}/.claude/settings.json/",
        f"{root}/.claude/settings.json::$DATA",
        ".claude\\settings.json",
        f"{root}\\.claude\\settings.json",
        f"{root}/.claude/ｓｅｔｔｉｎｇｓ.json",  # fullwidth letters fold under NFKC
    ]


@pytest.mark.parametrize("index", range(14))
def test_a_protected_file_is_protected_by_every_spelling(ready, index):
    path = spellings(ready)[index]
    v = check_write(ready, path)
    assert v.kind == BLOCK, path


def test_symlink_into_a_protected_file(ready):
    os.symlink(ready.root / ".claude" / "protected-files.txt", ready.root / "notes.txt")
    assert check_write(ready, ready.abs("notes.txt")).kind == BLOCK


def test_symlinked_directory_into_protected_files(ready):
    (ready.root / ".claude" / "hooks").mkdir(parents=True)
    os.symlink(ready.root / ".claude" / "hooks", ready.root / "h")
    assert check_write(ready, ready.abs("h/pre_tool_use.py")).kind == BLOCK


def test_dangling_symlink_into_a_protected_file(ready):
    os.symlink(ready.root / ".claude" / "hooks" / "new.py", ready.root / "new.py")
    assert check_write(ready, ready.abs("new.py")).kind == BLOCK


def test_protected_name_that_is_a_symlink_elsewhere_is_still_protected(ready, tmp_path):
    outside = tmp_path / "elsewhere.json"
    outside.write_text("{}")
    os.symlink(outside, ready.root / ".claude" / "settings.json")
    assert check_write(ready, ready.abs(".claude/settings.json")).kind == BLOCK


def test_hard_link_to_a_hook_file(ready):
    hooks = ready.root / ".claude" / "hooks"
    hooks.mkdir(parents=True)
    (hooks / "pre_tool_use.py").write_text("# hook\n")
    os.link(hooks / "pre_tool_use.py", ready.root / "innocent.py")
    v = check_write(ready, ready.abs("innocent.py"))
    assert v.kind == BLOCK and ".claude/hooks" in v.message


def test_hard_link_to_a_literal_entry(ready):
    os.link(ready.root / ".claude" / "protected-files.txt", ready.root / "list.txt")
    assert check_write(ready, ready.abs("list.txt")).kind == BLOCK


def test_hard_link_between_ordinary_files_is_allowed(ready):
    os.link(ready.root / "src" / "app.py", ready.root / "src" / "app2.py")
    assert check_write(ready, ready.abs("src/app2.py")).kind == ALLOW


@pytest.mark.parametrize("rel", ["src/settings.json", ".claude/settings.jsonx",
                                 "my.claude/hooks/x.py", ".claude/hooksx/y.py", "env"])
def test_whole_components_not_substrings(ready, rel):
    assert check_write(ready, ready.abs(rel)).kind == ALLOW, rel


def test_absolute_patterns_outside_the_project():
    from statefiles import layout, protected

    home = os.path.expanduser("~")
    plist = protected.parse("HARD_BLOCK:~/.ssh/**\n")
    for path in (f"{home}/.claude/settings.json", "/etc/claude-code/managed-settings.json",
                 f"{home}/.ssh/config", f"{home}/.SSH/Config"):
        target = layout.resolve(path, "/nonexistent-root")
        assert plist.match(target) is not None, path
    assert plist.match(layout.resolve(f"{home}/notes.txt", "/nonexistent-root")) is None


# ------------------------------------------------------------------ allow-lists by real location
def test_state_md_symlinked_to_a_protected_file_is_not_state_md(ready):
    target = ready.root / ".claude" / "settings.json"
    target.write_text("{}")
    (ready.root / "state.md").unlink()
    os.symlink(target, ready.root / "state.md")
    v = check_write(ready, ready.abs("state.md"))
    assert v.kind == BLOCK and "HARD_BLOCK" in v.message


def test_playbook_file_symlinked_to_a_hook_is_not_a_playbook_file(ready):
    hooks = ready.root / ".claude" / "hooks"
    hooks.mkdir(parents=True)
    (hooks / "x.py").write_text("#\n")
    (ready.root / "play" / "evil").mkdir()
    os.symlink(hooks / "x.py", ready.root / "play" / "evil" / "plan.json")
    r = ready.write("play/evil/plan.json", "{}")
    assert r.blocked and r.guard == "protected-edit", r


@pytest.mark.parametrize("rel", ["state.md", "play/p1/plan.json", "play/p1/progress.json",
                                 ".claude/session-state/x"])
def test_user_entries_cannot_lock_the_unstuck_files(ready, rel):
    (ready.root / ".claude" / "protected-files.txt").write_text(
        "HARD_BLOCK:state.md\nHARD_BLOCK:play/**\nHARD_BLOCK:.claude/session-state/**\n")
    v = check_write(ready, ready.abs(rel), content=(ready.root / "state.md").read_text()
                    if rel == "state.md" else "{}")
    assert v.kind == WARN and v.key == "protected_edit.unstuck" and v.fields["path"] == rel, \
        (rel, v)


# ------------------------------------------------------------------ state.md config section
@pytest.mark.parametrize("mode", MODES)
def test_state_md_config_changes_are_blocked_in_every_mode(ready, mode):
    set_mode(ready, mode)
    r = ready.edit("state.md", f"security: {mode}", "security: admin" if mode != "admin"
                   else "security: strict")
    assert r.blocked and r.guard == "protected-edit", r
    assert "config" in r.stderr


def test_other_state_md_sections_stay_editable(ready):
    r = ready.edit("state.md", "current_phase: null", "current_phase: p1")
    assert not r.blocked, r
    assert protected_edit.check(ready.tool_ctx("Edit", {
        "file_path": ready.abs("state.md"), "old_string": "milestone: null",
        "new_string": "milestone: m2"})).kind == ALLOW


def test_config_change_by_write_multiedit_and_duplicate_section(ready):
    text = (ready.root / "state.md").read_text()
    assert ready.write("state.md", text.replace("toolstack: A", "toolstack: C")).blocked
    assert not ready.write("state.md", text.replace("milestone: null", "milestone: m")).blocked
    r = ready.pre("MultiEdit", {"file_path": ready.abs("state.md"), "edits": [
        {"old_string": "milestone: null", "new_string": "milestone: m"},
        {"old_string": "lint_blocks: false", "new_string": "lint_blocks: true"}]})
    assert r.blocked, r
    # A second config section placed first would be the one the reader uses.
    sneaky = text.replace("## project", "## config\n```yaml\nsecurity: admin\n```\n---\n## project")
    assert ready.write("state.md", sneaky).blocked
    # ... and one placed last is refused too (a duplicate config is never written).
    assert ready.write("state.md", text + "---\n## config\n```yaml\nsecurity: admin\n```\n").blocked


def test_config_change_through_curly_quote_matching_is_seen(ready):
    # Claude Code's Edit finds old_string with curly quotes read as straight ones.
    path = ready.root / "state.md"
    path.write_text(path.read_text().replace("language: en", "language: \u2018en\u2019"))
    r = ready.edit("state.md", "language: 'en'", "language: 'ja'")
    assert r.blocked and r.guard == "protected-edit", r


def test_edit_that_will_fail_is_not_judged(ready):
    # old_string absent: Claude Code refuses the edit, nothing changes.
    v = protected_edit.check(ready.tool_ctx("Edit", {
        "file_path": ready.abs("state.md"), "old_string": "security: nonexistent",
        "new_string": "security: admin"}))
    assert v.kind == ALLOW


def test_state_md_that_cannot_be_read_is_not_edited(ready):
    (ready.root / "state.md").unlink()
    (ready.root / "state.md").mkdir()
    v = protected_edit.check(ready.tool_ctx("Write", {"file_path": ready.abs("state.md"),
                                                      "content": "x"}))
    assert v.kind == BLOCK and v.key == "protected_edit.state_unreadable", v


def test_creating_state_md_with_a_config_section_is_blocked(ready):
    text = (ready.root / "state.md").read_text()
    (ready.root / "state.md").unlink()
    assert check_write(ready, ready.abs("state.md"), text).kind == BLOCK
    assert check_write(ready, ready.abs("state.md"), "## goal\n```yaml\nstatus: idle\n```\n").kind \
        == ALLOW


@pytest.mark.parametrize("user_list", ["", "HARD_BLOCK:play/**\n", "BLOCK:play/**\n"])
def test_unstuck_name_hard_linked_to_a_protected_file_is_blocked(ready, user_list):
    """The deadlock escape is for the playbook file itself, not for .git/config
    reached through a hard link named play/<id>/plan.json."""
    (ready.root / ".claude" / "protected-files.txt").write_text(
        user_list + "HARD_BLOCK:.git/**\n")
    (ready.root / ".git" / "config").write_text("[core]\n")
    (ready.root / "play" / "evil").mkdir()
    os.link(ready.root / ".git" / "config", ready.root / "play" / "evil" / "plan.json")
    v = check_write(ready, ready.abs("play/evil/plan.json"), "{}")
    assert v.kind == BLOCK and v.key == "protected_edit.hard_block", v
    assert says(v.fields["source"], "protected_edit.source_linked"), v
