"""``subcommand_ask`` rules (SPEC §5 phase 7B2, seed 000 "Phase 7B2").

A rule is ``cmd:sub[:arg]`` or ``cmd:-flag`` (``git:push``,
``git:reset:--hard``, ``gh:pr:merge``, ``git:-c``, ``find:-exec``):

* ``sub`` is the subcommand. For ``git`` it is found after git's global
  options (``git -C dir --no-pager push``); for ``gh`` it is the first word;
  for other commands any non-option word counts (their global options are
  unknown to the gate, so it errs towards asking);
* ``arg`` may appear anywhere after the subcommand. A long option also
  matches with a value (``--exec=x``) and abbreviated (``--har``, as git's
  and GNU getopt's parsers accept); a short option also matches inside a
  bundle or with a glued value (``-fd``, ``-xcmd``); ``.`` matches every
  spelling of "the whole tree" (``.``, ``./``, ``src/..``, ``:/``);
* ``cmd:-flag`` matches the flag among git's global options for ``git``
  (``git -c k=v log``) and anywhere in the arguments for other commands.

The gate must know the subcommand to trust a rule's silence: git and gh
commands whose subcommand cannot be determined (an unknown global option, an
alias, an extension) are not approved (:func:`subcommand_problem`).
"""

from __future__ import annotations

import os

#: git global options without a value (git.c handle_options, git 2.47).
GIT_GLOBAL_FLAGS = frozenset({
    "-p", "--paginate", "-P", "--no-pager", "--no-replace-objects", "--no-lazy-fetch",
    "--no-optional-locks", "--no-advice", "--bare", "--literal-pathspecs", "--glob-pathspecs",
    "--noglob-pathspecs", "--icase-pathspecs", "--html-path", "--man-path", "--info-path",
    "-v", "--version", "-h", "--help", "--exec-path",
})
#: git global options whose value is the next word or follows ``=``.
GIT_GLOBAL_VALUE = frozenset({
    "--git-dir", "--work-tree", "--namespace", "--super-prefix", "--attr-source",
    "--config-env", "--list-cmds", "--exec-path",
})
#: git global options whose value is always the next word.
GIT_GLOBAL_NEXT = frozenset({"-C", "-c"})

#: git's own commands (``git help -a``, git 2.47). Anything else after the
#: global options is an alias or an external ``git-<name>`` program, which can
#: run anything: not approved.
GIT_COMMANDS = frozenset("""  # noqa: SIM905 - a word list reads better than a literal
add am annotate apply archimport archive backfill bisect blame branch bugreport bundle
cat-file check-attr check-ignore check-mailmap check-ref-format checkout checkout-index
cherry cherry-pick citool clean clone column commit commit-graph commit-tree config
count-objects credential credential-cache credential-store cvsexportcommit cvsimport
cvsserver daemon describe diagnose diff diff-files diff-index diff-pairs diff-tree difftool
fast-export fast-import fetch fetch-pack filter-branch fmt-merge-msg for-each-ref
for-each-repo format-patch fsck fsck-objects fsmonitor--daemon gc get-tar-commit-id gitk
gitweb grep gui hash-object help hook http-backend http-fetch http-push imap-send
index-pack init init-db instaweb interpret-trailers last-modified log ls-files ls-remote
ls-tree mailinfo mailsplit maintenance merge merge-base merge-file merge-index
merge-one-file merge-tree mergetool mktag mktree multi-pack-index mv name-rev notes p4
pack-objects pack-redundant pack-refs patch-id prune prune-packed pull push quiltimport
range-diff read-tree rebase receive-pack reflog refs remote repack replace replay repo
request-pull rerere reset restore rev-list rev-parse revert rm scalar send-email send-pack
sh-i18n sh-setup shell shortlog show show-branch show-index show-ref sparse-checkout
stage stash status stripspace submodule svn switch symbolic-ref tag unpack-file
unpack-objects update-index update-ref update-server-info upload-archive upload-pack var
verify-commit verify-pack verify-tag version whatchanged worktree write-tree
""".split())

#: gh's top-level commands (gh 2.6x). Anything else is an alias or an extension.
GH_COMMANDS = frozenset("""  # noqa: SIM905
agent-task alias api attestation auth browse cache codespace completion config copilot
extension gist gpg-key issue label org pr preview project release repo ruleset run search
secret ssh-key status variable workflow accessibility licenses
""".split())
#: gh options accepted before the command.
GH_GLOBAL_FLAGS = frozenset({"--help", "-h", "--version"})


class Rule:
    """One parsed ``subcommand_ask`` entry: ``cmd``, ``sub`` (``None`` for a
    flag rule), ``arg`` (``None`` when absent), ``flag`` (for ``cmd:-flag``),
    and the rule ``text``."""

    __slots__ = ("arg", "cmd", "flag", "sub", "text")

    def __init__(self, text: str) -> None:
        parts = text.split(":")
        if len(parts) < 2 or len(parts) > 3 or not all(parts):
            raise ValueError(f"rule {text!r} is not cmd:sub[:arg]")
        self.text = text
        self.cmd = parts[0]
        if parts[1].startswith("-"):
            if len(parts) == 3:
                raise ValueError(f"rule {text!r}: a flag rule is cmd:-flag")
            self.sub, self.arg, self.flag = None, None, parts[1]
        else:
            self.sub = parts[1]
            self.arg = parts[2] if len(parts) == 3 else None
            self.flag = None

    def __repr__(self) -> str:
        return f"Rule({self.text})"


def compile_rules(texts) -> dict:
    """``{cmd: [Rule, ...]}`` for rule strings (invalid ones are skipped;
    the schema rejects them before this point)."""
    table: dict = {}
    for text in texts:
        try:
            rule = Rule(text)
        except ValueError:
            continue
        table.setdefault(rule.cmd, []).append(rule)
    return table


def flag_matches(rule_flag: str, arg: str) -> bool:
    """``arg`` sets the option ``rule_flag``.

    ``--long``: exact, with ``=value``, or abbreviated to at least ``--x``
    (git parse-options and GNU getopt accept unique prefixes). ``-s``: inside
    a single-dash bundle or with a glued value. ``-long`` (find, zip):
    exact or with ``=value``. ``+o`` (bash): like ``-o``.
    """
    if rule_flag.startswith("--"):
        if not arg.startswith("--") or arg == "--":
            return False
        base = arg.split("=", 1)[0]
        return base == rule_flag or (len(base) >= 3 and rule_flag.startswith(base))
    if len(rule_flag) == 2:
        lead = rule_flag[0]
        if len(arg) < 2 or arg[0] != lead or arg.startswith("--"):
            return False
        return rule_flag[1] in arg[1:]
    return arg == rule_flag or arg.startswith(rule_flag + "=")


def _whole_tree(arg: str, cwd: str) -> bool:
    """``arg`` names the working tree or more: ``.``, ``./``, ``src/..``,
    ``..``, pathspec magic from the top (``:/``, ``:(top)``), an absolute
    path at or above ``cwd``."""
    if arg.startswith(":"):
        return True
    if not arg or arg.startswith("-"):
        return False
    if cwd.startswith("/"):
        target = os.path.normpath(os.path.join(cwd, arg))
        return cwd == target or cwd.startswith(target.rstrip("/") + "/")
    norm = os.path.normpath(arg)
    return norm == "." or norm.startswith("..")


def _arg_matches(rule_arg: str, words, cwd: str) -> bool:
    if rule_arg in words:
        return True
    if rule_arg.startswith(("-", "+")) and len(rule_arg) > 1:
        return any(flag_matches(rule_arg, w) for w in words)
    if rule_arg == ".":
        return any(_whole_tree(w, cwd) for w in words)
    return False


def git_split(args) -> tuple:
    """Split git's arguments (after ``git``) into
    ``(global_options, subcommand_or_None, rest, problem_or_None)``.

    ``global_options`` are the option words as given (values excluded);
    ``problem`` says why the subcommand cannot be trusted (an unknown global
    option, a missing value).
    """
    globals_ = []
    i = 0
    n = len(args)
    while i < n:
        word = args[i]
        if not word.startswith("-") or word == "-":
            return globals_, word, list(args[i + 1 :]), None
        base = word.split("=", 1)[0]
        if word in GIT_GLOBAL_FLAGS:
            globals_.append(word)
            i += 1
        elif word in GIT_GLOBAL_NEXT or (word in GIT_GLOBAL_VALUE and "=" not in word):
            if i + 1 >= n:
                return globals_, None, [], f"git option {word} has no value"
            globals_.append(word)
            i += 2
        elif "=" in word and base in GIT_GLOBAL_VALUE:
            globals_.append(word)
            i += 1
        elif word[:2] in GIT_GLOBAL_NEXT and len(word) > 2:
            # -C<dir> / -c<k=v>: git rejects these; whatever runs, do not guess.
            return globals_, None, [], f"git option {word!r} is not one the gate can read"
        else:
            return globals_, None, [], f"unknown git global option {word!r}"
    return globals_, None, [], None


def gh_split(args) -> tuple:
    """``(global_options, subcommand_or_None, rest, problem_or_None)`` for gh."""
    globals_ = []
    for i, word in enumerate(args):
        if word in GH_GLOBAL_FLAGS:
            globals_.append(word)
            continue
        if word.startswith("-"):
            return globals_, None, [], f"gh option {word!r} before the command"
        return globals_, word, list(args[i + 1 :]), None
    return globals_, None, [], None


#: ``name: (splitter, subcommands the gate knows, what an unknown one may be
#: besides an alias)`` for :func:`subcommand_problem`.
_SUBCOMMANDS = {
    "git": (git_split, GIT_COMMANDS, "external git-<name> program"),
    "gh": (gh_split, GH_COMMANDS, "extension"),
}


def subcommand_problem(name: str, args) -> str | None:
    """Why the subcommand of ``git``/``gh`` cannot be trusted, or ``None``.

    Unknown global options, aliases and extensions mean the gate does not
    know what will run (a git alias ``p = push`` would walk around
    ``git:push``).
    """
    if name not in _SUBCOMMANDS:
        return None
    split, known, other = _SUBCOMMANDS[name]
    _, sub, _, problem = split(args)
    if problem:
        return problem
    if sub is not None and sub not in known:
        return (f"'{name} {sub}' is not a {name} command the gate knows; it may be an alias or "
                f"an {other}")
    return None


def match(rules, name: str, args, cwd: str = "") -> Rule | None:
    """The first rule of ``rules`` (a list for ``name``) that ``name args``
    matches, or ``None``. ``cwd`` places relative paths for ``.`` rules."""
    if not rules:
        return None
    if name == "git":
        globals_, sub, rest, _ = git_split(args)
    elif name == "gh":
        globals_, sub, rest, _ = gh_split(args)
    else:
        globals_, sub, rest = None, None, None
    for rule in rules:
        if rule.flag is not None:
            scope = globals_ if globals_ is not None else args
            if any(flag_matches(rule.flag, w) for w in scope):
                return rule
            continue
        if globals_ is not None:
            if sub == rule.sub and (rule.arg is None or _arg_matches(rule.arg, rest, cwd)):
                return rule
            continue
        # Other commands: the subcommand may follow options whose values the
        # gate cannot tell apart from words, so any position counts.
        for i, word in enumerate(args):
            if word == rule.sub and (rule.arg is None
                                     or _arg_matches(rule.arg, args[i + 1 :], cwd)):
                return rule
    return None
