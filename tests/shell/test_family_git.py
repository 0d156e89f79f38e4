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
    ("git branch -f feature HEAD~1", "git-history"),
    ("git branch --force old-feature main", "git-history"),
    ("git send-pack --force origin main", "force-push"),
    ("git send-pack origin +refs/heads/main:refs/heads/main", "force-push"),
    ("git -c remote.origin.mirror=true push", "force-push"),
    ("git config remote.origin.mirror true", "force-push"),
    ("git read-tree -u --reset HEAD", "git-history"),
    ("git checkout-index -f -a", "git-history"),
    ("git -c gc.pruneExpire=now gc", "git-history"),
    ("git config gc.reflogExpire now", "git-history"),
    ("git gc --prune=all", "git-history"),
    ("git reflog delete HEAD@{1}", "git-history"),
    ("git update-ref -d refs/heads/feature", "git-history"),
    ("git submodule deinit -f --all", "git-history"),
    ("git.exe push --force origin main", "force-push"),
    ("C:/Program\\ Files/Git/bin/git.exe reset --hard", "git-history"),
    ("'C:\\Program Files\\Git\\cmd\\git.exe' clean -fdx", "git-history"),
    ("rm.exe -rf /", "rm-recursive", "files"),
    ("git checkout -- --help", "git-history"),
    ("git worktree remove --force -- wt", "git-history"),
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
    # Over-blocks removed
    "git restore --help",
    "git reset --hard --help",
    "git checkout -h",
    "git worktree remove -- -f",
    "git branch -f brand-new-branch HEAD",
    "git push --force-with-lease=main:abc123 origin main",
    "git send-pack --dry-run --force origin main",
    "git read-tree -m HEAD",
    "git gc",
    "git.exe status",
]

#: (command, how, path it writes relative to the repository)
WRITES = [
    ("git checkout -- out.txt", "git checkout --", "out.txt"),
]

family_ws = workspace_fixture()
globals().update(family_tests(FAMILY, BLOCK, ALLOW, WRITES, through_hook="all"))


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
    assert any(f.kind == "rm-recursive" for f in a.destructive)
    a = analyse("git st", root=str(repo), cwd=str(repo), home=HOME)
    assert not a.destructive and any(c.git_subcommand == "status" for c in a.commands)


@pytest.mark.parametrize("command", [
    "git update-index --cacheinfo 100644,e69de29bb2d1d6434b8b29ae775ad8c2e48c5391,state.md && "
    "git checkout-index -f state.md",
    "git checkout-index --force -- play/demo/plan.json",
    "git read-tree -u -m HEAD~1",
    "git am < ../evil.mbox",
])
def test_work_tree_plumbing_writes_are_seen_by_the_guarded_file_rules(family_ws, command):
    # These rewrite state.md or the playbook (or the whole working tree): the
    # reward state must not be reachable through git's plumbing.
    code, err, _out = family_ws.decide(command)
    assert code == 2, (command, err)


def test_checkout_index_writes_what_it_names():
    a = A("git checkout-index -f state.md src/app.py")
    assert {w.rel for w in a.writes if w.how == "git checkout-index"} == {"state.md",
                                                                          "src/app.py"}


def test_push_to_a_remote_configured_as_mirror(tmp_path):
    repo = tmp_path / "r"
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    subprocess.run(["git", "-C", str(repo), "remote", "add", "--mirror=push", "backup",
                    "https://example.invalid/x.git"], check=True)
    a = analyse("git push backup", root=str(repo), cwd=str(repo), home=HOME)
    assert any(f.kind == "force-push" for f in a.destructive), a
    a = analyse("git push origin main", root=str(repo), cwd=str(repo), home=HOME)
    assert not a.destructive


@pytest.mark.parametrize("command", ["git.exe push origin feat/demo", "GIT.EXE status",
                                     "rm.exe src/app.py", "curl.exe https://example.com"])
def test_windows_spellings_are_never_approved_by_the_gate(family_ws, command):
    # git.exe is git: subcommand_ask (git:push) and always_ask (rm) name the
    # plain command, so the gate approves no Windows spelling.
    from familykit import approved

    assert not approved(family_ws, command)
