"""main-branch (SPEC §3 PreToolUse 3; seed 002 §3 "main ブランチルール")."""

from __future__ import annotations

import pytest

from events.verdict import ALLOW, BLOCK
from guards import main_branch

HANDLER = ".claude/skills/post-loop/handler.py"


@pytest.fixture(params=["main", "master"])
def on_main(ws, request):
    ws.ready()
    ws.branch(request.param)
    return ws


def check(ws, tool, tool_input):
    return main_branch.check(ws.tool_ctx(tool, tool_input))


@pytest.mark.parametrize("tool,make_input", [
    ("Edit", lambda ws: {"file_path": ws.abs("src/app.py"), "old_string": "x", "new_string": "y"}),
    ("Write", lambda ws: {"file_path": ws.abs("src/new.py"), "content": "x"}),
    ("MultiEdit", lambda ws: {"file_path": ws.abs("src/app.py"),
                              "edits": [{"old_string": "x", "new_string": "y"}]}),
    ("NotebookEdit", lambda ws: {"notebook_path": ws.abs("n.ipynb"), "new_source": "x"}),
    ("Write", lambda ws: {"file_path": ws.abs("play/p1/progress.json"), "content": "{}"}),
])
def test_edit_tools_are_blocked_with_the_branch_suggestion(on_main, tool, make_input):
    r = on_main.pre(tool, make_input(on_main))
    assert r.blocked and r.guard == "main-branch", r
    assert "git checkout -b" in r.stderr
    assert ("main" in r.stderr) or ("master" in r.stderr)


def test_state_md_stays_editable_on_main(on_main):
    assert check(on_main, "Edit", {"file_path": on_main.abs("state.md"), "old_string": "a",
                                   "new_string": "b"}).kind == ALLOW
    r = on_main.edit("state.md", "current_phase: null", "current_phase: p1")
    assert not r.blocked, r


@pytest.mark.parametrize("command", [
    "ls", "cat README.md", "git status", "git log --oneline", "git diff",
    "git fetch", "git pull", "git checkout -b feat/new", "git switch -c fix/y",
    "git switch --create docs/z", "git checkout -b feat/new origin/main",
])
def test_reads_and_branch_creation_pass(on_main, command):
    assert check(on_main, "Bash", {"command": command}).kind == ALLOW, command
    assert not on_main.bash(command).blocked


@pytest.mark.parametrize("command", [
    "touch x", "git commit -m x", "git push", "git checkout main", "git checkout -- .",
    "git merge feat/x", "git reset --hard", "git switch feat/x", "rm -rf build",
    "git -c core.pager=sh log", "git -c alias.st=!sh status", "git diff --output=x.txt",
    "ls > files.txt", "echo hi | tee x", "python3 script.py",
])
def test_mutating_bash_is_blocked(on_main, command):
    v = check(on_main, "Bash", {"command": command})
    assert v.kind == BLOCK, command
    assert "git checkout -b" in v.message


def test_post_loop_handler_passes_on_main(on_main):
    on_main.marker(HANDLER, "print(1)\n")
    assert check(on_main, "Bash",
                 {"command": "python3 .claude/skills/post-loop/handler.py"}).kind == ALLOW
    assert check(on_main, "Skill", {"skill": "post-loop"}).kind == ALLOW


@pytest.mark.parametrize("tool,tool_input", [
    ("Read", {"file_path": "/etc/hostname"}), ("Grep", {"pattern": "x"}),
    ("Glob", {"pattern": "*"}), ("Task", {"subagent_type": "critic"}),
    ("Skill", {"skill": "playbook-init"}),
])
def test_other_tools_pass_on_main(on_main, tool, tool_input):
    assert check(on_main, tool, tool_input).kind == ALLOW


@pytest.mark.parametrize("branch", ["feat/x", "maintenance", "main-fix", "mainline", None])
def test_other_branches_and_detached_head_are_not_main(ws, branch):
    ws.branch(branch)
    assert check(ws, "Bash", {"command": "touch x"}).kind == ALLOW
    assert check(ws, "Edit", {"file_path": ws.abs("src/app.py"), "old_string": "x",
                              "new_string": "y"}).kind == ALLOW


def test_worktree_gitdir_file_is_followed(tmp_path):
    from _foundation import Workspace

    ws = Workspace(tmp_path / "wt")
    # A linked worktree: .git is a file pointing at the real git dir.
    real = tmp_path / "main-repo" / ".git" / "worktrees" / "wt"
    real.mkdir(parents=True)
    (real / "HEAD").write_text("ref: refs/heads/main\n")
    import shutil

    shutil.rmtree(ws.root / ".git")
    (ws.root / ".git").write_text(f"gitdir: {real}\n")
    ws.ready()
    assert check(ws, "Bash", {"command": "touch x"}).kind == BLOCK


def test_project_in_a_subdirectory_of_the_work_tree(tmp_path):
    from _foundation import Workspace

    top = tmp_path / "top"
    (top / ".git").mkdir(parents=True)
    (top / ".git" / "HEAD").write_text("ref: refs/heads/master\n")
    ws = Workspace(top / "sub")
    import shutil

    shutil.rmtree(ws.root / ".git")  # only the top has a .git
    ws.ready()
    assert check(ws, "Edit", {"file_path": ws.abs("src/app.py"), "old_string": "x",
                              "new_string": "y"}).kind == BLOCK
