"""Programs the analysis does not model (SPEC §4; bypass family B for
unlisted wrappers): their arguments are data, but every path they receive
may be written (``Analysis.touched``, for bash-check's guarded-file rule),
``-o FILE``-style options write files, a path-named program is a script run
(``./build.sh``), and an argument naming a program that destroys, in the
place a wrapper takes its command (``eatmydata rm -rf /``, ``tool -c 'rm -rf
/'``), is analysed as the command it may run; elsewhere it makes the program
a carrier the permission gate never approves. Known readers
(:mod:`shell.readonly`) and pagers write nothing.
"""

from __future__ import annotations

import shell.readonly as readonly
import shell.registry as registry
from shell.invocation import MAX_ARGS_INSPECTED, X, is_assignment, touch_all
from shell.model import Label, Msg, Word

#: The family name recorded on findings (``Finding.command_family``).
FAMILY = "unmodelled"
#: No names: :mod:`shell.registry` sends here every command no family claims.
COMMANDS: dict = {}

#: Programs whose appearance among an unknown program's arguments suggests the
#: unknown program may run them (an unlisted wrapper: ``eatmydata rm -rf /``).
SPECULATE = frozenset({"rm", "rmdir", "dd", "shred", "chmod", "chown", "chgrp", "git", "sh",
                       "bash", "zsh", "dash", "ksh", "eval", "sudo", "doas", "curl", "wget",
                       "kill", "pkill", "killall", "shutdown", "reboot", "halt", "poweroff",
                       "find", "xargs", "mv", "cp", "truncate", "perl", "ruby", "node",
                       "rimraf", "wipefs", "fdisk", "parted", "gh", "env", "tee", "ln",
                       "install", "rsync", "tar", "unzip", "crontab", "systemctl", "exec"})

#: Family modules (:mod:`shell.registry`) whose every command is speculated
#: on too: the destructive command families (``eatmydata terraform destroy``
#: is a destroy behind an unlisted wrapper like ``eatmydata rm -rf /``).
SPECULATE_MODULES = frozenset({"infra", "containers", "cloud", "storage", "databases",
                               "disks", "system", "packages"})


def _speculated(name: str) -> bool:
    """An unknown program receiving the program ``name`` may run it."""
    return name in SPECULATE or name.startswith(("python", "mkfs")) or \
        registry.COMMANDS.get(name) in SPECULATE_MODULES


#: Families whose programs run their arguments as a command (``command``,
#: ``nohup``, ``sudo``, ``env``...): followed in an unknown program's wrapper
#: place.
_PASS_ON_MODULES = frozenset({"wrappers", "envwrap"})


#: Options whose value is, by convention, a command line.
_COMMAND_OPTIONS = frozenset({"-c", "-e", "-x", "-ex", "--exec", "--cmd", "--command", "--run",
                              "--shell", "--execute", "--eval", "--sh-exec"})


#: Pagers and viewers: their arguments are files to show, never commands
#: (``less git push --force`` shows three files).
VIEWERS = frozenset({"less", "more", "most", "pg", "bat", "batcat", "view", "man", "info",
                     "lv", "zless", "zmore", "bzless", "bzmore", "xzless", "xzmore", "pager",
                     "sensible-pager", "pinfo", "tldr", "whatis", "apropos"})


def _runs(name: str, wrapper_place: bool) -> bool:
    """The program ``name`` (a base name, lower case) runs something worth
    judging when an unknown program runs it: :func:`_speculated`, or, in the
    wrapper place, a known wrapper that passes its arguments on as a command
    (``unknown command terraform destroy``, ``tool -c 'command rm -rf /'``)."""
    return _speculated(name) or (wrapper_place and registry.COMMANDS.get(name) in _PASS_ON_MODULES)


def _speculate(x: X) -> None:
    """An unknown program that receives another program's name (or a command
    line) as an argument may run it. In the place a wrapper takes its
    command (the first argument: ``eatmydata rm -rf /``) or as the value of
    a command option (``tool -c 'rm -rf /'``), the tail is analysed as a
    command, so a destructive payload behind an unlisted wrapper is still
    seen. Anywhere else (``foo --notes rm -rf /``) the words are most likely
    data: bash-check does not judge them as a command, but the program is
    recorded as a carrier that may run them, so the permission gate never
    approves it. Pagers and viewers (:data:`VIEWERS`) only show
    files."""
    if x.cmd.key in VIEWERS:
        return
    args = x.args
    # ``NAME=value`` arguments first are environment settings for the payload
    # in many wrappers (``sudo``, ``env``); the command comes after them.
    # ``--`` ends the options, so what follows it is the payload too
    # (``tool -- rm -rf /``).
    lead = 0
    while lead < len(args) and not args[lead].dynamic and (
            args[lead].value == "--" or is_assignment(args[lead].value)):
        lead += 1
    for k, a in enumerate(args[:MAX_ARGS_INSPECTED]):
        if a.dynamic or not a.value:
            continue
        v = a.value
        prev = args[k - 1].value if k > 0 else ""
        wrapper_place = k in (0, lead) or prev in _COMMAND_OPTIONS
        # ``--command='git push --force'``: the value of a command option
        # written in one word is in the wrapper place too.
        option, eq, value = v.partition("=")
        if eq and option in _COMMAND_OPTIONS and value:
            v, wrapper_place = value, True
            a = Word(a.text, value, quoted=a.quoted)
        base = v.rsplit("/", 1)[-1].lower()
        first = v.split(None, 1)[0] if v.strip() else ""
        fbase = first.rsplit("/", 1)[-1].lower()
        names_program = _runs(base, wrapper_place)
        command_line = " " in v and _runs(fbase, wrapper_place)
        if not names_program and not command_line:
            continue
        if not wrapper_place:
            shown = " ".join(w.value for w in args[k:k + 4])
            x.run.carrier("unknown-runner", Msg("shell.carrier.unknown_runner",
                                                name=x.cmd.name, shown=shown),
                          x.cmd)
            return
        how = Label("shell.label.argument_of", f"argument of {x.cmd.name}", name=x.cmd.name)
        if command_line:
            x.code(v, how, scope=x.scope.child())
        else:
            x.argv([a, *args[k + 1:]], how, stdin=None)
        return


#: Options that name an output file in most programs.
_OUTPUT_OPTS = ("--output", "--output-file", "--outfile", "--out-file", "--out",
                "--log-file", "--logfile", "--output-document")


def _output_options(x: X) -> None:
    """An unmodelled program's ``-o FILE``/``--output=FILE``-style options
    write that file (compilers, converters, report generators...)."""
    args = x.args
    for k, a in enumerate(args):
        v = a.value
        if v == "-o" and k + 1 < len(args):
            x.run.write(x.cmd, args[k + 1], f"{x.cmd.name} -o")
        elif v in _OUTPUT_OPTS and k + 1 < len(args):
            x.run.write(x.cmd, args[k + 1], f"{x.cmd.name} {v}")
        elif v.startswith(tuple(o + "=" for o in _OUTPUT_OPTS)):
            name, val = v.split("=", 1)
            x.run.write(x.cmd, Word(a.text, val, dynamic=a.dynamic), f"{x.cmd.name} {name}")


def h_generic(x: X) -> list:
    """A program the analysis does not model: its arguments are data, but any
    path it receives may be written (``touched``), its output options write,
    and arguments naming destructive programs are analysed as commands;
    known readers write nothing. A program named by a path outside the
    system directories is a script run (``Analysis.scripts``). Returns
    ``[cmd]``."""
    if not readonly.reads(x.cmd):
        touch_all(x)
        _output_options(x)
        _speculate(x)
    if x.cmd.word.startswith(("./", "../")) or (
            "/" in x.cmd.word and not x.cmd.trusted):
        x.run.script(x.cmd, x.cmd.words[0])
    return x.plain()
