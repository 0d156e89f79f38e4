"""Phase 7E against the full shell analysis (SPEC §4) — switched on at merge.

These cases need the bashlex analyser that replaces the interim ``shell/``:

* defence in depth: with the gate's own rules for a carrier or a destructive
  command removed by a configuration layer, 7E alone must still refuse it
  (the analysis calls it a carrier, destructive, or a mutating HTTP method);
* must-stay-allowed: commands with quoted arguments or non-ASCII text that
  the interim analyser calls "unknown" (so 7E asks today) and the full
  analysis resolves.

The interim analyser finds nothing, so every case fails today; the module is
``xfail(strict=True)`` so that the lead can switch it on by removing the mark
when the full analysis covers them.
"""

from __future__ import annotations

import json

import pytest
from conftest import Installed, install, make_repo


#: A layer that removes the gate's own rules for these carriers, so that
#: only 7E stands between them and an approval.
WITHOUT_RULES = """\
always_ask: {remove: [curl]}
subcommand_ask:
  remove: [find:-exec, find:-delete, 'git:rebase:-x', git:-c, tar:--checkpoint-action,
           gh:api, git:clean, git:stash:drop, git:stash:clear, git:branch:-D,
           'git:reset:--merge', 'git:worktree:remove', git:reflog:expire]
"""

ONLY_7E_REFUSES = [
    ("find . -exec touch x +", "carrier: find -exec"),
    ("find . -name x -delete", "destructive: find -delete"),
    ("git rebase -x true main", "carrier: git rebase -x"),
    ("git -c core.pager=less log", "carrier: git -c core.pager"),
    ("git -c core.hooksPath=src commit -m x", "carrier: git -c core.hooksPath"),
    ("tar -cf a.tar --checkpoint=1 --checkpoint-action=exec=touch src", "carrier: tar"),
    ("curl -XDELETE localhost:8080/x", "HTTP DELETE"),
    ("curl -X POST localhost:8080/x", "HTTP POST"),
    ("curl --request=PUT localhost:8080/x", "HTTP PUT"),
    ("gh api -X DELETE repos/o/r", "HTTP DELETE through gh api"),
    ("gh api --method=PATCH repos/o/r", "HTTP PATCH through gh api"),
    ("git stash clear", "destructive: stash clear"),
    ("git clean -fdx", "destructive: git clean"),
    ("git clean -f -d", "destructive: git clean split flags"),
    ("git stash drop", "destructive: stash drop"),
    ("git branch -D topic", "destructive: branch -D"),
    ("git reset --merge", "destructive: reset --merge"),
    ("git worktree remove --force wt", "destructive: worktree remove --force"),
    ("git reflog expire --expire=now --all", "destructive: reflog expire"),
]

MUST_STAY_ALLOWED = [
    'git commit -m "fix the bug"',
    "git commit -m 'feat: add x'",
    'bash scripts/build.sh "an argument"',
    'grep -rn "TODO" src',
    "cat docs/日本語.md",
]

#: SPEC §5 7F changes these: 7E still passes them, but
#: creating remote state (an issue, a pull request) is network beyond reads,
#: so phase 7F asks (the gate used to approve them).
NOW_A_DIALOG = [
    'gh issue create --title "x" --body "details"',
]


@pytest.fixture(scope="module")
def gates(tmp_path_factory):
    base = tmp_path_factory.mktemp("seven-e")
    default = make_repo(base / "default")
    bare = make_repo(base / "bare")
    for root in (default, bare):
        assert install(root).returncode == 0
        for rel in ("scripts/build.sh", "src/app.py", "docs/日本語.md"):
            path = root / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text("x\n")
    (bare / ".claude" / "permission-config.local.yaml").write_text(WITHOUT_RULES)
    return Installed(default), Installed(bare)


def decision(installed, command) -> str:
    result = installed.hook("PermissionRequest", tool_name="Bash", tool_input={"command": command})
    assert result.code == 0 and "Traceback" not in result.stderr, result
    return "allow" if result.stdout and json.loads(result.stdout) else "dialog"


@pytest.mark.parametrize("command, why", ONLY_7E_REFUSES)
def test_7e_refuses_without_the_rules(gates, command, why):
    _, bare = gates
    assert decision(bare, command) == "dialog", why
    from permission import audit

    assert audit.read(str(bare.root))[-1]["phase"] == "7E", why


def test_git_alias_carrier_is_refused_without_the_rules(gates):
    """``git -c alias.x=...`` runs an alias: refused even with every config rule
    removed (the gate's own git table at 7B2, the shell analysis at 7E)."""
    _, bare = gates
    assert decision(bare, "git -c alias.st=status st") == "dialog"
    from permission import audit

    assert audit.read(str(bare.root))[-1]["phase"] in ("7B2", "7E")


@pytest.mark.parametrize("command", MUST_STAY_ALLOWED)
def test_resolved_commands_stay_allowed(gates, command):
    default, _ = gates
    assert decision(default, command) == "allow"


@pytest.mark.parametrize("command", NOW_A_DIALOG)
def test_remote_writes_are_a_dialog_since_7f(gates, command):
    default, _ = gates
    assert decision(default, command) == "dialog"
