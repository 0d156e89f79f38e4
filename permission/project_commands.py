"""The project's own commands: ``project_commands`` (SPEC §5).

In the default permission mode nothing runs the tests unless someone answers
a dialog: ``pytest``, ``make`` and ``npm`` run project or downloaded code,
so phase 7B never approves them on its own, and ``python -m pytest`` stops
at phase 4 (``-m``). Headless (``claude -p``) nobody answers, and the critic
cannot gather its evidence. The human declares in
``.claude/permission-config.yaml`` the command prefixes the gate may approve
for this project::

    project_commands: [pytest, python -m pytest, npm test]

A declared prefix matches a command whose first words are exactly the
prefix's words (whole words: ``pytest`` matches ``pytest -q tests/`` but
not ``pytest-watch``; ``npm test`` does not match ``npm install``). A match
lifts only what makes such a command a dialog *by its name*: the interpreter
flag check of phase 4 for the declared words (``-m pytest``), phases 5-6,
and phase 7B's always_ask / command-runner floor. Every other phase and
floor still applies to the whole command: no shell syntax beyond the safe
suffixes (phases 1-2), subcommand rules (7B2), no URL (7C), the shell
analysis floor (7E: nothing destructive, no code-execution carrier, no write
outside the project), every path inside the project, no secret file, nothing
naming ``.claude/`` or ``.git/`` (7D). The later phase 7F (approve only what
the shell analysis knows and models as safe) reads ``Request.project_command``
to honour the human's declaration.

A prefix that would approve arbitrary code is refused when the layers are
merged, with a notice (``playgate explain`` shows it): one whose first word
is a security floor of always_ask (``sudo``, ``rm``...), a shell, a wrapper
that runs the rest of the line (``env``, ``xargs``, ``timeout``...), an
interpreter or a package manager on its own (``python``, ``node``, ``npm``:
name the module or subcommand, ``python -m pytest``, ``npm test``), or one
of those whose declared words carry a code-taking flag (``-c``, ``-e``,
``--eval``...; ``-m`` only with a module after it).
"""

from __future__ import annotations

from permission import floors

#: Shells, wrappers and evaluators: never a project command, whatever follows.
NEVER = frozenset({
    ".", "source", "exec", "eval", "command", "builtin", "alias", "trap", "set", "export",
    "sh", "bash", "zsh", "dash", "ksh", "ksh93", "mksh", "fish", "csh", "tcsh", "ash",
    "rbash", "yash", "pwsh", "powershell", "cmd", "cmd.exe", "wsl",
    "env", "sudo", "doas", "su", "pkexec", "runuser", "run0", "nice", "nohup", "timeout",
    "stdbuf", "ionice", "setsid", "watch", "chroot", "unshare", "nsenter", "flock", "script",
    "xargs", "parallel", "busybox", "toybox", "strace", "ltrace", "gdb", "ssh", "tmux",
    "screen", "expect", "fakeroot", "at", "batch", "crontab",
})
#: Interpreters and package managers: a project command must name what they
#: run (``python -m pytest``, ``npm test``, ``cargo test``), never them alone.
NEEDS_MORE = frozenset({
    "python", "python3", "pypy", "pypy3", "node", "nodejs", "deno", "bun", "ruby", "perl",
    "php", "lua", "java", "dotnet", "go", "cargo", "npm", "npx", "yarn", "pnpm", "pnpx",
    "bunx", "pip", "pip3", "pipx", "uv", "uvx", "poetry", "pdm", "hatch", "pipenv", "conda",
    "mamba", "gem", "bundle", "composer", "mvn", "gradle", "gradlew", "sbt", "ant", "bazel",
    "nix", "awk", "gawk", "sed", "sqlite3", "git", "gh",
})
#: Flags that hand an interpreter code (or a module to preload) on the
#: command line; checked in the prefixes of :data:`NEEDS_MORE` commands.
CODE_FLAGS = frozenset(floors.DANGEROUS_FLAGS) | {"-p", "-r", "-E", "--print", "--require",
                                                  "--import", "--loader"}


def words_of(prefix: str) -> tuple:
    """The words of a declared prefix (single ASCII spaces; the schema has
    already refused anything else)."""
    return tuple(w for w in prefix.split(" ") if w)


def refusal(prefix: str) -> str | None:
    """Why ``prefix`` may not be a project command, or ``None`` when it may."""
    words = words_of(prefix)
    if not words:
        return "empty"
    first = words[0]
    base = first.lower()
    if base in floors.ALWAYS_ASK:
        return f"{first!r} is a security floor of always_ask (SPEC §5)"
    if base in NEVER:
        return f"{first!r} runs whatever follows it, so it cannot be a project command"
    runner_family = base in NEEDS_MORE or (floors.runs_code(base) and base.startswith(
        floors.RUNNER_PREFIXES))
    if runner_family and len(words) == 1:
        return (f"{first!r} alone would approve any code or package; name what it runs "
                "(e.g. 'python -m pytest', 'npm test')")
    rest = list(words[1:])
    while rest:
        word = rest.pop(0)
        if word == "-m" and runner_family:
            if not rest or rest[0].startswith("-"):
                return f"'-m' in {prefix!r} names no module"
            rest.pop(0)
            continue
        if runner_family and (word in CODE_FLAGS or word.split("=", 1)[0] in CODE_FLAGS):
            return f"{word!r} in {prefix!r} hands code to the command"
    return None


def validate(prefixes) -> tuple:
    """``(kept, notices)``: the declared prefixes that may be project
    commands (in order, duplicates dropped) and one notice per refused one."""
    kept, notices = [], []
    for prefix in prefixes:
        if not isinstance(prefix, str):
            continue
        why = refusal(prefix)
        if why:
            notices.append(f"project_commands: {prefix!r} is ignored: {why}")
        elif prefix not in kept:
            kept.append(prefix)
    return kept, notices


def match(prefixes, words) -> str | None:
    """The longest declared prefix whose words begin ``words`` (whole-word
    comparison, exact case), or ``None``."""
    best = None
    for prefix in prefixes or ():
        pw = words_of(prefix)
        if pw and tuple(words[:len(pw)]) == pw and (best is None or len(pw) > len(words_of(best))):
            best = prefix
    return best
