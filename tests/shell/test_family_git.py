"""The git family (git; shell/families/git.py, git_history.py, git_effects.py): commands it must
block and commands that must stay allowed, through the analysis, bash-check and the installed
hook (see familykit)."""

from __future__ import annotations

import subprocess

import pytest
from familykit import A, HOME, family_tests, workspace_fixture

from shell import analyse

FAMILY = "git"

#: (command, finding kind or "unknown"[, command family when not this one])
BLOCK = [
    ("git push --force", "force-push"),
    ("git push -f origin main", "force-push"),
    ("git push origin +main", "force-push"),
    ("git push --delete origin x", "force-push"),
    ("git push --mirror", "force-push"),
    ("git reset --hard HEAD~1", "git-history"),
    ("git clean -fdx", "git-history"),
    ("git checkout -- src/app.py", "git-history"),
    ("git branch -D feature", "git-history"),
    ("git stash clear", "git-history"),
    ("git reflog expire --expire=now --all", "git-history"),
    ("git filter-branch --tree-filter 'rm -f x' HEAD", "git-history"),
    ("git gc --prune=now", "git-history"),
    ("git restore src/app.py", "git-history"),
    ("git switch --discard-changes main", "git-history"),
    ("git worktree remove --force wt", "git-history"),
    ("git update-ref -d refs/heads/feature", "git-history"),
    ("git checkout -f main", "git-history"),
    ("git -c alias.x='!rm -rf /' x", "rm-recursive", "files"),
    ("git config core.pager 'rm -rf ~'", "rm-recursive", "files"),
    ("git -c remote.origin.push=+refs/heads/*:refs/heads/* push", "force-push"),
]

#: Commands that must stay allowed.
ALLOW = [
    "git status",
    "git log --oneline -5",
    "git diff HEAD~1",
    "git checkout -b feat/new",
    "git switch -c fix/y",
    "git commit -m 'rm -rf / && git push --force'",
    "git push origin feat/demo",
    "git fetch origin",
    "git add src/app.py",
    "git restore --staged src/app.py",
    "git branch -d old-feature",
    "git stash list",
]

#: (command, how, path it writes relative to the repository)
WRITES = [
    ("git checkout -- out.txt", "git checkout --", "out.txt"),
]

family_ws = workspace_fixture()
globals().update(family_tests(FAMILY, BLOCK, ALLOW, WRITES))


@pytest.mark.parametrize("command,sub,args", [
    ("git -C /tmp status", "status", []),
    ("git --git-dir=/x/.git --work-tree=/x log -1", "log", ['-1']),
    ("git -c a.b=c -P diff", "diff", []),
    ("git -ccore.pager=cat show", "show", []),
    ("git --no-pager --literal-pathspecs ls-files", "ls-files", []),
    ("git --namespace ns push origin x", "push", ['origin', 'x']),
])
def test_git_global_options(command, sub, args):
    (cmd,) = A(command).commands
    assert cmd.git_subcommand == sub and cmd.git_args == args


def test_git_alias_from_config(tmp_path):
    repo = tmp_path / "r"
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    subprocess.run(["git", "-C", str(repo), "config", "alias.nuke", "!rm -rf /"], check=True)
    subprocess.run(["git", "-C", str(repo), "config", "alias.st", "status --short"], check=True)
    a = analyse("git nuke", root=str(repo), cwd=str(repo), home=HOME)
    assert any(f.family == "rm-recursive" for f in a.destructive)
    a = analyse("git st", root=str(repo), cwd=str(repo), home=HOME)
    assert not a.destructive and any(c.git_subcommand == "status" for c in a.commands)
