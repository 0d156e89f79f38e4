"""permission.rules: subcommand_ask matching (SPEC §5 phase 7B2, seed 000 Phase 7B2)."""

from __future__ import annotations

import pytest

from permission import rules

SEED_RULES = ["git:push", "git:clean", "git:reset:--hard", "git:checkout:.", "git:restore:.",
              "gh:pr:merge", "gh:repo:delete", "gh:repo:archive", "gh:release:delete"]
TABLE = rules.compile_rules(SEED_RULES + ["git:checkout:--", "git:-c", "git:rebase:-x",
                                          "git:rebase:--exec",
                                          "find:-exec", "tar:--to-command", "tar:-I",
                                          "kubectl:delete", "docker:image:rm"])


def m(command: str, cwd: str = "/repo"):
    words = command.split()
    rule = rules.match(TABLE.get(words[0]), words[0], words[1:], cwd)
    return rule.text if rule else None


@pytest.mark.parametrize("command, rule", [
    ("git push", "git:push"),
    ("git push origin main", "git:push"),
    ("git -C sub push", "git:push"),
    ("git --no-pager push", "git:push"),
    ("git -P push", "git:push"),
    ("git --git-dir=.git push", "git:push"),
    ("git --git-dir .git push", "git:push"),
    ("git --work-tree . push", "git:push"),
    ("git --namespace=x push", "git:push"),
    ("git --bare --literal-pathspecs push", "git:push"),
    ("git reset --hard", "git:reset:--hard"),
    ("git reset HEAD --hard", "git:reset:--hard"),
    ("git reset -q --hard HEAD", "git:reset:--hard"),
    ("git reset --har", "git:reset:--hard"),
    ("git reset --ha", "git:reset:--hard"),
    ("git -C sub reset --hard", "git:reset:--hard"),
    ("git clean -fdx", "git:clean"),
    ("git clean -n", "git:clean"),
    ("git checkout .", "git:checkout:."),
    ("git checkout -- .", "git:checkout:."),
    ("git checkout ./", "git:checkout:."),
    ("git checkout HEAD .", "git:checkout:."),
    ("git checkout src/..", "git:checkout:."),
    ("git checkout :/", "git:checkout:."),
    ("git checkout /repo", "git:checkout:."),
    ("git checkout ..", "git:checkout:."),
    ("git restore .", "git:restore:."),
    ("git checkout -- src", "git:checkout:--"),
    ("git checkout main -- src/app.py", "git:checkout:--"),
    ("git restore --staged .", "git:restore:."),
    ("gh pr merge 12", "gh:pr:merge"),
    ("gh pr merge --squash 12", "gh:pr:merge"),
    ("gh pr -R o/r merge 12", "gh:pr:merge"),
    ("gh pr --repo=o/r merge", "gh:pr:merge"),
    ("gh repo delete o/r --yes", "gh:repo:delete"),
    ("gh repo archive o/r", "gh:repo:archive"),
    ("gh release delete v1", "gh:release:delete"),
    ("git -c core.pager=less log", "git:-c"),
    ("git -c alias.x=y x", "git:-c"),
    ("git rebase -x true main", "git:rebase:-x"),
    ("git rebase -ix true main", "git:rebase:-x"),
    ("git rebase -xtrue main", "git:rebase:-x"),
    ("git rebase --exec=true main", "git:rebase:--exec"),
    ("git rebase --exe true main", "git:rebase:--exec"),
    ("find . -name x -exec ls +", "find:-exec"),
    ("tar -xf a.tar --to-command=sh", "tar:--to-command"),
    ("tar --to-com=sh -xf a.tar", "tar:--to-command"),
    ("tar -xIzstd -f a.tar", "tar:-I"),
    ("tar -I zstd -xf a.tar", "tar:-I"),
    ("kubectl -n prod delete pod x", "kubectl:delete"),
    ("kubectl --context x delete pod y", "kubectl:delete"),
    ("docker image rm x", "docker:image:rm"),
    ("docker -H h image ls rm", "docker:image:rm"),
])
def test_rules_match(command, rule):
    assert m(command) == rule


@pytest.mark.parametrize("command", [
    "git status", "git log", "git diff", "git log push", "git show HEAD:push",
    "git reset", "git reset --soft HEAD", "git reset HEAD src", "git checkout main",
    "git checkout -b feature/x", "git checkout src", "git restore --staged src/app.py",
    "git rebase main", "git rebase -i main", "git commit -m push",
    "gh pr view 12", "gh pr list", "gh issue list", "gh repo view", "gh release list",
    "gh repo clone o/r", "find . -name x", "tar -xf a.tar", "tar -czf a.tgz src",
    "kubectl get pods", "docker image ls", "git push-not-a-command",
])
def test_rules_do_not_match(command):
    assert m(command) is None


def test_checkout_dot_relative_to_cwd():
    # from /repo/src, ".." is the whole tree too
    assert m("git checkout ..", cwd="/repo/src") == "git:checkout:."
    assert m("git checkout sub", cwd="/repo/src") is None


@pytest.mark.parametrize("rule_flag, arg, hit", [
    ("--hard", "--hard", True), ("--hard", "--hard=1", True), ("--hard", "--har", True),
    ("--hard", "--h", True), ("--hard", "--", False), ("--hard", "-hard", False),
    ("--hard", "--hardx", False), ("-x", "-x", True), ("-x", "-ix", True), ("-x", "-xcmd", True),
    ("-x", "--x", False), ("-x", "x", False), ("-x", "-", False), ("-exec", "-exec", True),
    ("-exec", "-execdir", False), ("-exec", "-e", False), ("-TT", "-TT", True),
    ("+O", "+O", True), ("+O", "+xO", True), ("+O", "-O", False),
])
def test_flag_matches(rule_flag, arg, hit):
    assert rules.flag_matches(rule_flag, arg) is hit


@pytest.mark.parametrize("args, sub, problem", [
    (["status"], "status", None),
    (["-C", "x", "status"], "status", None),
    (["--git-dir=x", "log"], "log", None),
    (["--no-pager", "-p", "diff"], "diff", None),
    (["--version"], None, None),
    ([], None, None),
    (["-C"], None, "has no value"),
    (["-Cx", "status"], None, "not one the gate can read"),
    (["-X", "status"], None, "unknown git global option"),
    (["--frobnicate", "status"], None, "unknown git global option"),
])
def test_git_split(args, sub, problem):
    _, got_sub, _, got_problem = rules.git_split(args)
    assert got_sub == sub
    assert (got_problem is None) if problem is None else (problem in got_problem)


@pytest.mark.parametrize("name, args, fragment", [
    ("git", ["p"], "alias"),
    ("git", ["lg", "--all"], "alias"),
    ("git", ["PUSH"], "alias"),
    ("git", ["-X", "status"], "unknown git global option"),
    ("gh", ["co", "12"], "alias"),
    ("gh", ["--repo", "o/r", "pr", "merge"], "before the command"),
    ("gh", ["PR", "list"], "alias"),
])
def test_unknown_subcommands_are_a_problem(name, args, fragment):
    assert fragment in rules.subcommand_problem(name, args)


@pytest.mark.parametrize("name, args", [
    ("git", ["status"]), ("git", ["-C", "sub", "log"]), ("git", []), ("git", ["--version"]),
    ("gh", ["pr", "view"]), ("gh", ["--version"]), ("ls", ["-la"]), ("gh", []),
])
def test_known_subcommands_are_fine(name, args):
    assert rules.subcommand_problem(name, args) is None


@pytest.mark.parametrize("text", ["git", "git:", ":push", "git:a:b:c", "git:-c:x"])
def test_bad_rules_are_refused(text):
    with pytest.raises(ValueError):
        rules.Rule(text)


def test_compile_skips_bad_rules():
    table = rules.compile_rules(["git:push", "bad", "gh:pr:merge"])
    assert sorted(table) == ["gh", "git"]
