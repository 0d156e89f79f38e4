"""Nested shells and eval (SPEC §4; bypass family C): ``bash -c STRING``, a
shell reading a script file or its standard input, ``eval``, ``source``/``.``,
``alias`` and ``trap`` strings — code that runs as shell commands. The code
is analysed like a command typed at the prompt, one level deeper (the depth
limit, :data:`shell.limits.MAX_DEPTH`, makes deeper nesting unknown); code
assembled at run time is unknown, and fetched content that would run is a
``fetched-exec`` finding.
"""

from __future__ import annotations

import shell.paths as paths
from shell.invocation import X, dynamic_origin, touch_rest
from shell.model import DYN, Label, Msg
from shell.programs import program_from_stdin, run_program_source
from statefiles.atomic import read_bytes

#: The family name recorded on findings (``Finding.command_family``).
FAMILY = "shells"

#: Shells: ``-c`` runs a string; without it they read a program from a file
#: operand or from stdin.
SHELLS = frozenset({"sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "yash", "posh",
                    "rbash", "lksh", "pdksh", "ksh93", "oksh", "loksh", "busybox-sh",
                    "fish", "csh", "tcsh", "elvish", "nu", "xonsh", "osh", "ysh",
                    "oils-for-unix", "hush", "sash", "msh", "mrsh", "gash", "bosh", "jsh",
                    "rc", "es", "scsh", "ion", "murex", "ngs", "oil", "zsh-static", "bash-static",
                    "dash-static", "ksh2020", "rksh", "pfksh", "pfsh", "pfbash", "smrsh",
                    "busybox-ash"})

#: Command → handler below (:mod:`shell.registry` lists the same names).
COMMANDS = {
    **dict.fromkeys(SHELLS, "h_shell"),
    "eval": "h_eval", "source": "h_source", ".": "h_source", "alias": "h_alias",
    "trap": "h_trap",
}

#: Option letters of POSIX shells that take a value (``-o opt``, ``-O shopt``).
_SHELL_VALUE_OPTS = "oO"
#: Long options whose value is a start-up file the shell runs.
_SHELL_LONG_VALUES = ("--rcfile", "--init-file")


def h_shell(x: X) -> list:
    """``bash|sh|zsh... [-opts] [-c STRING [NAME ARGS...]] | [FILE ARGS] |
    (stdin)``: the string, the script file (when written earlier in the
    command, its content) or the program on standard input is analysed as
    shell code; ``--rcfile`` is a ``shell-rc`` carrier; a shell wired to
    ``/dev/tcp`` is ``fetched-exec`` (a remote shell). Returns ``[cmd]``."""
    cmd = x.cmd
    args = x.args
    i = 0
    command_mode = False
    stdin_mode = False
    while i < len(args):
        v = args[i].value
        if v == "--" or v == "-":
            i += 1
            break
        if v in _SHELL_LONG_VALUES:
            x.run.carrier("shell-rc", Msg("shell.carrier.runs_start_up_file", name=cmd.name,
                                          option=v), cmd)
            i += 2
            continue
        if v.startswith("--"):
            if v == "--command":
                command_mode = True
            i += 1
            continue
        if v.startswith(("-", "+")) and len(v) > 1:
            letters = v[1:]
            takes = sum(1 for ch in letters if ch in _SHELL_VALUE_OPTS)
            if "c" in letters and v[0] == "-":
                command_mode = True
            if "s" in letters and v[0] == "-":
                stdin_mode = True
            i += 1 + takes
            continue
        break
    rest = args[i:]
    x.run.add(cmd)
    for r in cmd.redirects:
        if r.target is not None and not r.target.dynamic and r.target.value.startswith(
                ("/dev/tcp/", "/dev/udp/")):
            x.run.find("fetched-exec", Msg("shell.find.connected_network_socket_remote",
                                           name=cmd.name, target=r.target.value), cmd)
    if cmd.key in ("fish", "csh", "tcsh", "elvish", "nu", "xonsh"):
        # Not POSIX syntax: analysed as far as it parses.
        pass
    if command_mode:
        if not rest:
            return [cmd]
        program = rest[0]
        positional = [w.value for w in rest[2:]]
        arg0 = rest[1].value if len(rest) > 1 and not rest[1].dynamic else (
            None if len(rest) > 1 else cmd.name)
        if program.dynamic:
            origin = dynamic_origin(program)
            if origin:
                x.run.find("fetched-exec", Msg("shell.find.shell_c_fetched",
                                               name=cmd.name, origin=origin), cmd)
            x.run.unknown(Msg("shell.unknown.c_runs_string_assembled", name=cmd.name))
            x.code(program.value, f"{cmd.name} -c")
            return [cmd]
        scope = x.scope.new_shell(positional=positional if not any(
            w.dynamic for w in rest[1:]) else None)
        scope.arg0 = arg0
        x.code(program.value, f"{cmd.name} -c", scope=scope)
        return [cmd]
    if rest and not stdin_mode:
        run_program_source(x, rest[0], cmd.name)
        touch_rest(x, rest[1:])
        return [cmd]
    program_from_stdin(x, Label("shell.label.reading_stdin",
                               f"{cmd.name} (reading commands from its input)", name=cmd.name))
    return [cmd]


def h_eval(x: X) -> list:
    """``eval ARGS``: the joined arguments run as shell code in this shell (an
    ``eval`` carrier); assembled at run time → unknown (``fetched-exec`` when
    from the network). Returns the commands it ran."""
    cmd = x.cmd
    if not x.args:
        return x.plain()
    text = " ".join(a.value for a in x.args)
    if any(a.dynamic for a in x.args):
        origin = next((o for o in (dynamic_origin(a) for a in x.args) if o), None)
        x.run.add(cmd)
        if origin:
            x.run.find("fetched-exec", Msg("shell.find.eval_fetched",
                                           origin=origin), cmd)
        x.run.unknown(Msg("shell.unknown.eval_runs_string_assembled"))
        x.run.carrier("eval", Msg("shell.carrier.eval_runs_string_shell"), cmd)
        return [cmd]
    x.run.carrier("eval", Msg("shell.carrier.eval_runs_string_shell"), cmd)
    # eval runs in the current shell: same scope.
    return x.w.code(text, x.scope, cmd.depth + 1, cmd.wrappers + ["eval"], cmd.stdin,
                    x.cond)


def h_source(x: X) -> list:
    """``source FILE`` / ``. FILE``: runs FILE's commands in this shell (a
    ``source`` carrier); afterwards the variables (and the directory, when the
    file may change it) are unknown. Returns ``[cmd]``."""
    cmd, run = x.cmd, x.run
    run.add(cmd)
    if not x.args:
        return [cmd]
    target = x.args[0]
    run.carrier("source", Msg("shell.carrier.runs_commands_file", name=cmd.name), cmd)
    run_program_source(x, target, "source")
    # The sourced file runs in this shell: its assignments are unknown, and
    # if it may change directory (or cannot be read), so is the directory.
    if not _content_known(x, target):
        for k in list(x.scope.vars):
            x.scope.vars[k] = DYN
        if _may_change_directory(x, target):
            x.scope.cwd = None
    return [cmd]


def _may_change_directory(x: X, word) -> bool:
    """The file ``word`` may contain ``cd``/``pushd``/``popd`` (or cannot be
    read)."""
    if word.dynamic:
        return True
    targets = paths.resolve(word.value, x.cmd.cwd)
    if not targets:
        return True
    try:
        data = read_bytes(targets[0], 256 * 1024 + 1)  # a FIFO is refused, never waited on
    except OSError:
        return True
    if len(data) > 256 * 1024:
        return True
    text = data.decode("utf-8", "replace")
    for ch in ";&|()`{}\n\t":
        text = text.replace(ch, " ")
    return any(tok in ("cd", "pushd", "popd", "eval", "source", ".") for tok in text.split())


def _content_known(x: X, word) -> bool:
    """Every file ``word`` names was written earlier in this command with
    known content."""
    targets = paths.resolve(word.value, x.cmd.cwd) if not word.dynamic else None
    return bool(targets) and all(x.scope.files.get(t) is not None for t in targets)


def h_alias(x: X) -> list:
    """``alias NAME=TEXT``: the text is code that runs wherever the name is
    used: analysed now; the name is recorded in ``Analysis.aliases``.
    Returns ``[cmd]``."""
    cmd = x.cmd
    x.run.add(cmd)
    for a in x.args:
        v = a.value
        eq = v.find("=")
        if eq <= 0:
            continue
        name, value = v[:eq], v[eq + 1:]
        x.scope.aliases[name] = value
        x.run.analysis.aliases.append(name)
        # The alias text is code that runs wherever the name is used.
        x.code(value, "alias", scope=x.scope.child())
    return [cmd]


def h_trap(x: X) -> list:
    """``trap ACTION SIGNAL...``: the action is code that runs later: analysed
    now (assembled at run time → unknown). Returns ``[cmd]``."""
    cmd = x.cmd
    x.run.add(cmd)
    args = [a for a in x.args if a.value not in ("--",)]
    if args and args[0].value not in ("-l", "-p") and len(args) >= 2:
        action = args[0]
        if action.dynamic:
            x.run.unknown(Msg("shell.unknown.trap_runs_command_assembled"))
        elif action.value not in ("", "-"):
            x.code(action.value, "trap", scope=x.scope.child())
    return [cmd]
