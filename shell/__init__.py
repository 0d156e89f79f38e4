"""Shell analysis: see a Bash command the way bash will run it (SPEC §4).

INTERIM (foundation, issue 2): until the bashlex analyser lands (issue 3),
this recognises read-only commands conservatively: a short allow-list of plain
commands with no shell syntax at all. Anything else is "not read-only"
(mutating, for the workflow guards) and ``unknown`` when it uses syntax this
interim version does not analyse. Unknown is never safe.

Interface every guard relies on (the full analyser keeps it and may add to it):

* :func:`analyse(command, root, cwd, home) <analyse>` → :class:`Analysis`
* ``Analysis.unknown`` (bool) and ``Analysis.reasons`` (list of str): the
  command could not be fully resolved (parse failure, dynamic expansion, size
  or depth limit); unknown is never safe
* ``Analysis.commands``: every simple command, nested ones included
  (``bash -c``, ``eval``, wrappers, ``xargs``/``find -exec`` payloads), each a
  :class:`SimpleCommand` with ``.name``, ``.argv``, ``.git_subcommand``,
  ``.git_args``
* ``Analysis.read_only`` / ``Analysis.mutating``: safe to run while
  uninitialised or on main / anything else
* ``Analysis.destructive``: list of :class:`Finding` (family, message) — what
  bash-check blocks
* ``Analysis.carriers``: list of :class:`Finding` — code-execution carriers
  (``find -exec``, ``xargs``, ``git -c alias.*``, ``sed e``, interpreter
  one-liners...) — what the permission gate's 7E never approves
* ``Analysis.http_methods``: HTTP methods other than GET/HEAD requested in any
  spelling (``curl -X DELETE``, ``gh api -X POST``...)
* ``Analysis.writes``: list of :class:`Write` — every file the command writes
  (redirects, tee, sed -i, cp/mv/..., interpreter one-liners), resolved
* ``Analysis.all_commands(pred)``: every simple command satisfies ``pred``
  (False when unknown)
"""

from __future__ import annotations

_PLAIN = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 _./=:,@%+-")

READ_ONLY_COMMANDS = frozenset(
    {"ls", "cat", "head", "tail", "wc", "pwd", "grep", "rg", "file", "stat", "du", "df",
     "which", "whoami", "date", "echo", "true", "tree", "diff", "uname", "id"}
)
READ_ONLY_GIT = frozenset(
    {"status", "log", "diff", "show", "rev-parse", "ls-files", "blame", "describe",
     "shortlog", "reflog"}
)
# git options that take a value as the next argument (before the subcommand).
_GIT_VALUE_OPTS = frozenset({"-C", "-c", "--git-dir", "--work-tree", "--namespace"})


class SimpleCommand:
    """One simple command: ``name`` (command word after quote removal) and
    ``argv`` (``argv[0] == name``)."""

    __slots__ = ("name", "argv", "git_subcommand", "git_args")

    def __init__(self, argv: list) -> None:
        self.argv = argv
        self.name = argv[0] if argv else ""
        self.git_subcommand, self.git_args = _git_split(argv) if self.name == "git" else (None, [])

    def __repr__(self) -> str:
        return f"SimpleCommand({self.argv!r})"


def _git_split(argv: list) -> tuple:
    i = 1
    while i < len(argv):
        a = argv[i]
        if a in _GIT_VALUE_OPTS:
            i += 2
            continue
        if a.startswith("-"):
            i += 1
            continue
        return a, argv[i + 1:]
    return None, []


def _git_read_only(cmd: SimpleCommand) -> bool:
    sub, args = cmd.git_subcommand, cmd.git_args
    if sub in READ_ONLY_GIT:
        return not any(a.startswith(("--output", "-o")) for a in args)
    if sub == "branch":
        return all(a in ("-a", "-r", "-v", "-vv", "--list", "--show-current", "-l") for a in args)
    if sub == "remote":
        return all(a in ("-v", "show", "get-url") for a in args[:1])
    return False


class Finding:
    """Something the analysis found: ``family`` (e.g. ``"rm-recursive"``,
    ``"git-history"``, ``"force-push"``, ``"carrier"``) and a ``message`` saying
    what and why."""

    __slots__ = ("family", "message")

    def __init__(self, family: str, message: str) -> None:
        self.family = family
        self.message = message

    def __repr__(self) -> str:
        return f"Finding({self.family}: {self.message})"


class Write:
    """A file the command writes: ``how`` (``"redirect"``, ``"tee"``,
    ``"sed -i"``, ``"cp"``...), the path as ``given``, ``abs`` (resolved) and
    ``rel`` (repo-relative, ``None`` outside the project)."""

    __slots__ = ("how", "given", "abs", "rel")

    def __init__(self, how: str, given: str, abs_path: str, rel: str | None) -> None:
        self.how = how
        self.given = given
        self.abs = abs_path
        self.rel = rel

    def __repr__(self) -> str:
        return f"Write({self.how} -> {self.rel if self.rel is not None else self.abs})"


class Analysis:
    """The result of analysing one command string."""

    __slots__ = ("command", "commands", "unknown", "reasons", "destructive", "carriers",
                 "http_methods", "writes")

    def __init__(self, command: str, commands: list, unknown: bool, reasons: list) -> None:
        self.command = command
        self.commands = commands
        self.unknown = unknown
        self.reasons = reasons
        # The interim analyser finds none of these; unknown covers the rest.
        self.destructive: list = []
        self.carriers: list = []
        self.http_methods: list = []
        self.writes: list = []

    def all_commands(self, pred) -> bool:
        """True when the command is fully understood and every simple command
        satisfies ``pred``."""
        return not self.unknown and bool(self.commands) and all(pred(c) for c in self.commands)

    @property
    def read_only(self) -> bool:
        """Safe to run while uninitialised or on main: nothing written."""
        return self.all_commands(is_read_only)

    @property
    def mutating(self) -> bool:
        return not self.read_only


def is_read_only(cmd: SimpleCommand) -> bool:
    if cmd.name == "git":
        return _git_read_only(cmd)
    return cmd.name in READ_ONLY_COMMANDS


def analyse(command: str, root: str = "", cwd: str = "", home: str = "") -> Analysis:
    """Analyse ``command`` (see the module docstring for the interface)."""
    if not command.strip():
        return Analysis(command, [], True, ["empty command"])
    if not set(command) <= _PLAIN:
        return Analysis(command, [], True, ["shell syntax the interim analyser does not read"])
    argv = command.split()
    return Analysis(command, [SimpleCommand(argv)], False, [])
