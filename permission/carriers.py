"""The gate's own code-execution checks, part of the 7E floor (SPEC §5).

The shell analysis (SPEC §4) is the main source of 7E findings. These checks
cover carriers whose danger hides inside an ordinary-looking argument and
that phase 7D would otherwise approve, so they hold even where the analysis
misses them (reference/bypass-families.md D):

* GNU ``sed``: the ``e`` command and the ``s///e`` flag run shell commands;
  ``w``/``W`` and ``s///w`` write files; ``r``/``R`` read files (a path the
  7D check cannot see inside ``1r/etc/shadow``). A script file (``-f``) is
  not readable here, so it is not approved either.
* ``tar``: ``host:path`` archive names are opened through a remote shell
  (unless ``--force-local``); the old-style option bundle (``tar xIf``)
  can name a compression program (``I``) or an info script (``F``).

* ``git``: ``restore`` without ``--staged`` and ``checkout`` of a path
  overwrite uncommitted work, which ``subcommand_ask`` rules cannot express
  (``git restore --staged x`` is harmless, ``git restore x`` is not; ``git
  checkout main`` switches branches, ``git checkout src`` discards edits).

Each function returns a reason string or ``None``. Words are already
quote-removed (phase 3), and phase 2 guarantees there is no ``;``, newline
or brace, so a sed script here is a single command.
"""

from __future__ import annotations

import os

from permission.rules import git_split
import shell.sed as sed

SED_NAMES = frozenset({"sed", "gsed"})
TAR_NAMES = frozenset({"tar", "gtar", "bsdtar"})

#: sed commands that are harmless on their own (print, delete, branch, text...).
_SED_QUIET_COMMANDS = frozenset("pdDnNPhHgGxl=qQzFbtT:#vaicy")


def sed_problem(args) -> str | None:
    """Why this ``sed`` invocation (``args`` after the command word) may run
    a command, write or read a file outside the 7D check; ``None`` when its
    script only edits text."""
    problem, _ = sed_read(args)
    return problem


def sed_script_words(args) -> frozenset:
    """Indexes (into ``args``) of the words that hold sed scripts (``-e``
    values, glued ``-es/a/b/``, or the first operand), for a sed invocation
    :func:`sed_problem` accepts: they are programs, not paths (``/x/p``), so
    phase 7C does not collect them. Empty when the invocation is refused."""
    problem, indexes = sed_read(args)
    return frozenset() if problem else frozenset(indexes)


def sed_read(args) -> tuple:
    """``(problem_or_None, script_word_indexes)`` for a sed invocation, its
    arguments read by :func:`shell.sed.read`: an option sed refuses or a
    script file is a problem at once."""
    scripts = []
    indexes = []
    operands = []
    for what, i, text in sed.read(args):
        if what == "error":
            return text, ()
        if what == "script-file":
            return "sed reads its script from a file the gate cannot see", ()
        if what == "script":
            scripts.append(text)
            indexes.append(i)
        elif what == "operand":
            operands.append((i, text))
    if not scripts and operands:
        scripts.append(operands[0][1])
        indexes.append(operands[0][0])
    for script in scripts:
        problem = sed_script_problem(script)
        if problem:
            return problem, ()
    return None, indexes


def _skip_regex(s: str, i: int, delim: str) -> int:
    """Index after the closing ``delim`` of a regex/replacement starting at
    ``i``; raises ``ValueError`` when unterminated."""
    end = sed.delimited_end(s, i, delim)
    if end is None:
        raise ValueError("unterminated")
    return end


def _address(s: str, i: int) -> int:
    n = len(s)
    if i < n and s[i].isdigit():
        while i < n and s[i].isdigit():
            i += 1
        if i < n and s[i] == "~":  # GNU first~step
            i += 1
            while i < n and s[i].isdigit():
                i += 1
    elif i < n and s[i] == "/":
        i = _skip_regex(s, i + 1, "/")
        while i < n and s[i] in "IM":
            i += 1
    elif i < n and s[i] == "\\" and i + 1 < n:
        i = _skip_regex(s, i + 2, s[i + 1])
        while i < n and s[i] in "IM":
            i += 1
    elif i < n and s[i] == "$":
        i += 1
    return i


def sed_script_problem(script: str) -> str | None:
    """Why a one-command sed script is not plain text editing, or ``None``.

    Reads ``[addr[,addr]][!]cmd``; ``e w W r R`` and ``s`` with the ``e`` or
    ``w`` flag are refused, as is anything the reader does not understand.
    """
    s = script
    n = len(s)
    try:
        i = _address(s, 0)
        if i < n and s[i] == ",":
            i += 1
            while i < n and s[i] == " ":
                i += 1
            if i < n and s[i] in "+~":
                i += 1
                while i < n and s[i].isdigit():
                    i += 1
            else:
                i = _address(s, i)
        while i < n and s[i] in " !":
            i += 1
        if i >= n:
            return None
        cmd = s[i]
        if cmd in "ewWrR":
            what = {"e": "runs a shell command", "w": "writes a file", "W": "writes a file",
                    "r": "reads a file", "R": "reads a file"}[cmd]
            return f"sed command '{cmd}' {what}"
        if cmd == "s":
            if i + 1 >= n or s[i + 1] in "\\\n ":
                return "sed s command without a usable delimiter"
            delim = s[i + 1]
            j = _skip_regex(s, i + 2, delim)
            j = _skip_regex(s, j, delim)
            for flag in s[j:]:
                if flag == "e":
                    return "sed s///e runs the pattern space as a shell command"
                if flag == "w":
                    return "sed s///w writes a file"
                if flag not in "gpiImM0123456789 ":
                    return f"unknown sed s flag {flag!r}"
            return None
        if cmd in _SED_QUIET_COMMANDS:
            return None
        return f"unknown sed command {cmd!r}"
    except ValueError:
        return "sed script the gate cannot read (unterminated regex)"


def tar_problem(args) -> str | None:
    """Why this ``tar`` invocation may reach another host or run a program
    the rules cannot see, or ``None``."""
    if not args:
        return None
    first = args[0]
    if first and not first.startswith("-") and first.isalpha():
        for letter, what in (("I", "a compression program"), ("F", "an info script")):
            if letter in first:
                return f"tar option bundle {first!r} names {what} ({letter})"
    if "--force-local" not in args:
        for word in args:
            if word.startswith("--"):
                remote = word.startswith("--file=") and ":" in word[len("--file="):]
            else:
                remote = ":" in word
            if remote:
                return (f"tar reads {word!r} as host:path and opens it through a remote "
                        "shell (add --force-local for a local file)")
    return None


def _short_has(word: str, letter: str) -> bool:
    return word.startswith("-") and not word.startswith("--") and letter in word[1:]


def git_problem(args, cwd: str = "") -> str | None:
    """Why this ``git`` invocation overwrites uncommitted work in a way the
    rules cannot see, or ``None``. ``cwd`` places operands (``checkout src``
    is a path when ``src`` exists there)."""
    globals_, sub, rest, trouble = git_split(args)
    if trouble or sub is None:
        return None
    if sub == "restore":
        staged = any(w == "--staged" or _short_has(w, "S") for w in rest)
        worktree = any(w == "--worktree" or _short_has(w, "W") for w in rest)
        if not staged or worktree:
            return "git restore overwrites uncommitted changes in the working tree"
        return None
    if sub == "checkout":
        if "--" in rest:
            return "git checkout -- <path> discards uncommitted changes"
        moved = "-C" in globals_ or any(g.startswith(("--work-tree", "--git-dir"))
                                        for g in globals_)
        skip = False
        for word in rest:
            if skip:
                skip = False
                continue
            if word in ("-b", "-B", "--orphan"):
                skip = True
                continue
            if word.startswith("-"):
                continue
            if moved or not cwd or os.path.lexists(os.path.join(cwd, word)):
                return (f"git checkout {word} names a path, which discards its uncommitted "
                        "changes")
    return None


def problem(name: str, args, cwd: str = "") -> str | None:
    """The gate's own finding for ``name args`` run in ``cwd``, or ``None``."""
    if name in SED_NAMES:
        return sed_problem(args)
    if name in TAR_NAMES:
        return tar_problem(args)
    if name == "git":
        return git_problem(args, cwd)
    return None
