"""Claude Code's sandbox placeholders, as the hooks meet them.

While a sandboxed Bash command runs, every path the sandbox keeps read-only
and that does not exist (the settings' ``sandbox.filesystem.denyWrite``, the
``Edit``/``Write`` deny rules, the CLI's own list: ``.bashrc``, ``.mcp.json``,
``.claude/settings.local.json``...) is an empty read-only regular file in the
project, on the host too, removed when the command ends (measured:
docs/claude-code-measured.md "Placeholders"). Hooks run at that moment for
the other agents of the session (teammates, parallel subagents). So a
placeholder must read as the missing file it stands for: for every such
path of an installed repository, the installed hooks give the answer they
give without it. (The e2e breezing team's scripted lead once took one for
the reviewer's verdict: tests/e2e/breezing_team.py ``_review_recorded``.)
"""

from __future__ import annotations

import copy
import json
import os
import re

import lifecycle_kit as K
import pytest

from conftest import git

#: Paths Claude Code 2.1.329 makes read-only in its sandbox whatever the
#: settings say (docs/claude-code-measured.md "Placeholders").
CLI_OWN = (".bashrc", ".bash_profile", ".zshrc", ".zprofile", ".profile", ".gitconfig",
           ".gitmodules", ".ripgreprc", ".mcp.json", ".idea", ".vscode", ".claude/commands",
           ".claude/settings.local.json", ".claude/launch.json", ".claude/loop.md",
           ".claude/output-styles", ".claude/routines", ".claude/scheduled_tasks.json",
           ".claude/workflows")

#: One call of each kind the gate decides, in a repository with an active
#: reviewed playbook on its branch.
CALLS = (
    ("PreToolUse", {"tool_name": "Bash", "tool_input": {"command": "pytest -q"}}),
    ("PreToolUse", {"tool_name": "Bash", "tool_input": {"command": "git push --force"}}),
    ("PreToolUse", {"tool_name": "Bash", "tool_input": {"command": "cat .mcp.json"}}),
    ("PreToolUse", {"tool_name": "Edit", "tool_input": {
        "file_path": "src/app.py", "old_string": "x", "new_string": "y"}}),
    ("PreToolUse", {"tool_name": "Write", "tool_input": {
        "file_path": ".claude/state/review-result.json", "content": "{}"}}),
    ("PermissionRequest", {"tool_name": "Bash", "tool_input": {"command": "pytest -q"}}),
    ("PermissionRequest", {"tool_name": "Bash", "tool_input": {"command": "npm publish"}}),
    ("UserPromptSubmit", {"prompt": "/breezing all"}),
)


def placeholder_paths(root) -> list:
    """The repository-relative paths a sandboxed command would put a
    placeholder on in ``root``: the ones of :data:`CLI_OWN`, the settings'
    ``denyWrite`` entries and the literal paths of its ``Edit``/``Write``
    deny rules, that do not exist."""
    settings = json.loads((root / ".claude" / "settings.json").read_text())
    wanted = list(CLI_OWN)
    for entry in (settings.get("sandbox") or {}).get("filesystem", {}).get("denyWrite", []):
        if entry.startswith("./"):
            wanted.append(entry[2:])
    for rule in (settings.get("permissions") or {}).get("deny", []):
        m = re.fullmatch(r"(?:Edit|Write)\(\./([^*?\[\]{}()]+)\)", rule)
        if m:
            wanted.append(m.group(1))
    out = []
    for rel in wanted:
        if rel not in out and not os.path.lexists(root / rel) \
                and os.path.isdir(root / os.path.dirname(rel) or root):
            out.append(rel)
    return out


def _answers(inst) -> list:
    out = []
    for event, fields in CALLS:
        fields = copy.deepcopy(fields)
        path = fields.get("tool_input", {}).get("file_path")
        if path:
            fields["tool_input"]["file_path"] = str(inst.root / path)
        if event == "PreToolUse":
            fields["tool_use_id"] = "toolu_placeholder"
        result = inst.hook(event, **fields)
        out.append((event, fields.get("tool_input") or fields.get("prompt"), result.code,
                    result.stdout, result.stderr))
    return out


@pytest.fixture
def working(installed):
    """An installed repository mid-task: branch feat/p1, play/p1 reviewed
    and active, src/app.py committed, ``.claude/state/`` there (a breezing
    session made it: its records are among the placeholders)."""
    root = installed.root
    (root / ".claude" / "state").mkdir(exist_ok=True)
    git(root, "checkout", "-q", "-b", "feat/p1")
    (root / "src").mkdir(exist_ok=True)
    (root / "src" / "app.py").write_text("x = 1\n")
    K.write_playbook(root, "p1")
    K.activate(root, "p1")
    git(root, "add", "-A", "--", "src", "play", "state.md")
    git(root, "commit", "-q", "-m", "work")
    return installed


def test_the_installed_repository_has_placeholder_paths(working):
    """The check below is about something: the install's own settings name
    missing paths (the breezing records, the optional configuration files)."""
    paths = placeholder_paths(working.root)
    assert ".claude/state/review-result.json" in paths, paths
    assert ".claude/permission-config.yaml" in paths, paths
    assert ".claude/settings.local.json" not in paths  # the install writes it


def test_a_placeholder_reads_as_the_missing_file(working):
    root = working.root
    paths = placeholder_paths(root)
    # Every placeholder at once, as during one sandboxed command: the hooks
    # answer as without them.
    expected = _answers(working)
    assert expected[0][2] == 0 and expected[1][2] == 2, expected[:2]  # the calls are judged
    for rel in paths:
        (root / rel).write_bytes(b"")
        (root / rel).chmod(0o444)
    try:
        got = _answers(working)
    finally:
        for rel in paths:
            os.unlink(root / rel)
    assert got == expected, [(e, g) for e, g in zip(expected, got) if e != g]


def test_the_reviewers_verdict_lands_on_a_placeholder_and_stays(installed):
    """A breezing session in its delegate phase: the reviewer's stop records
    its verdict while an implementer's sandboxed command runs, so
    review-result.json (an ``Edit`` deny rule, missing until then) is a
    placeholder. The verdict replaces it, a file like any state file (0644),
    which the CLI keeps when the command ends (it removes only the
    placeholders still empty); the phase moves as without the placeholder."""
    from _breezing_kit import REVIEW, Breezing

    b = Breezing(installed).to_delegate()
    b.complete("1")
    root = b.root
    missing = [rel for rel in placeholder_paths(root) if rel.startswith(".claude/state/")]
    assert REVIEW in missing, missing
    for rel in missing:
        (root / rel).write_bytes(b"")
        (root / rel).chmod(0o444)
    b.review_stop("FAIL")
    for rel in missing:  # the command ends: the CLI removes what is still a placeholder
        st = os.lstat(root / rel)
        if st.st_size == 0 and not st.st_mode & 0o222:
            os.unlink(root / rel)
    assert b.review()["verdict"] == "REQUEST_CHANGES", b.review()
    assert (os.stat(root / REVIEW).st_mode & 0o777) == 0o644
    assert b.progress()["retakes"] == 1
    b.review_stop("PASS")
    assert b.review()["verdict"] == "APPROVE" and b.phase() == "post-delegate", b.hooks()
