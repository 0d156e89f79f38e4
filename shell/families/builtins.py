"""Shell builtins that change the shell's state, and commands whose arguments
are data (SPEC §4): the working directory (``cd``, ``pushd``), variables
(``export``, ``read``, ``set --``, ``unset``), arithmetic that runs
substitutions (``let``, ``declare -i``), ``hash -p`` remapping a command
name, ``enable -f`` loading a library, completion callbacks, history re-runs
(unknown). The scope these update (:class:`shell.walker.Scope`) is what
later commands in the same command line are judged with (bypass family A:
``cd /; rm -rf *``, ``x=rm; $x -rf /``).
"""

from __future__ import annotations

import os

import shell.opts as opts
import shell.paths as paths
from shell.invocation import X
from shell.limits import MAX_CWDS
from shell.model import DYN, Msg, Word

#: The family name recorded on findings (``Finding.command_family``).
FAMILY = "builtins"

#: Text-only builtins and tools whose arguments are data, never run.
DATA_COMMANDS = frozenset({"echo", "printf", "true", "false", ":", "test", "[", "[[", "((",
                           "pwd", "type", "help", "times", "jobs", "dirs", "wait",
                           "exit", "return", "break", "continue", "logout", "umask",
                           "ulimit", "caller", "suspend", "disown", "bg", "fg"})

#: Command → handler below (:mod:`shell.registry` lists the same names).
COMMANDS = {
    **dict.fromkeys(DATA_COMMANDS, "h_data"), "history": "h_data",
    "shift": "h_shift", "getopts": "h_getopts", "shopt": "h_shopt", "unalias": "h_unalias",
    "cd": "h_cd", "pushd": "h_cd", "popd": "h_cd",
    "export": "h_assign_builtin", "declare": "h_assign_builtin", "typeset": "h_assign_builtin",
    "local": "h_assign_builtin", "readonly": "h_assign_builtin",
    "unset": "h_unset", "read": "h_read", "mapfile": "h_mapfile", "readarray": "h_mapfile",
    "set": "h_set", "let": "h_let", "hash": "h_hash", "enable": "h_enable",
    "compgen": "h_compgen", "complete": "h_compgen", "fc": "h_fc",
}

def h_data(x: X) -> list:
    """Commands whose arguments are data (``echo``, ``printf``, ``test``...):
    nothing runs; ``printf -v NAME`` assigns an unknown value. Returns
    ``[cmd]``."""
    cmd = x.cmd
    if cmd.key == "printf":
        p = opts.parse(x.args, "v", posix=True)
        name = p.value("-v")
        if name is not None:
            x.scope.assign(name.value, DYN, x.cond)
    return x.plain()


def h_cd(x: X) -> list:
    """``cd``/``pushd``/``popd``: the new working directory of the commands that
    follow (a set of candidates when ``cd`` may fail and the next command runs
    anyway; unknown for ``cd -``, ``cd $X``, ``CDPATH``, ``popd``). Returns
    ``[cmd]``."""
    cmd, scope = x.cmd, x.scope
    x.run.add(cmd)
    key = cmd.key
    if key == "popd" or key == "dirs":
        scope.cwd = None if key == "popd" else scope.cwd
        return [cmd]
    p = opts.parse(x.args, "", posix=True)
    if not p.operands:
        target = scope.lookup("HOME") if key == "cd" else None
        if target is None or DYN in target:
            scope.cwd = None
            return [cmd]
        word = Word.literal(target)
    else:
        word = p.operands[0]
    if word.value == "-" or word.dynamic or word.glob:
        scope.cwd = None
        return [cmd]
    value = word.value
    if not value.startswith("/") and not value.startswith(".") and (
            "CDPATH" in scope.vars or any(a[0] == "CDPATH" for a in x.assigns)):
        scope.cwd = None
        return [cmd]
    targets = paths.resolve(value, scope.cwd)
    if targets is None:
        scope.cwd = None
        return [cmd]
    may_fail = not all(os.path.isdir(t) for t in targets)
    new = set(targets)
    if (may_fail and x.w.next_op not in ("&&",)) or x.cond:
        new |= set(scope.cwd or ())
        if scope.cwd is None:
            scope.cwd = None
            return [cmd]
    # PWD follows the directory (an assignment to it no longer counts), the
    # previous one is OLDPWD.
    scope.vars.pop("PWD", None)
    scope.assign("OLDPWD", DYN, False)
    # Bounded: every later path is resolved against each
    # candidate, so ``cd a || cd b || ...`` must not multiply the work.
    scope.cwd = frozenset(new) if len(new) <= MAX_CWDS else None
    return [cmd]


#: declare/typeset/local attribute letters that change what a later
#: assignment stores (lower/upper/capitalise case, arrays, integers).
_TRANSFORMING = frozenset("lucaAi")


def h_assign_builtin(x: X) -> list:
    """``export``/``declare``/``typeset``/``local``/``readonly`` with
    ``NAME=value`` arguments. What the analysis cannot follow becomes
    unknown: a name reference (``-n``: later assignments and expansions go
    to another variable) makes the analysis unknown; case-changing, array
    and integer attributes make the value unknown (``-i`` values are
    arithmetic, whose substitutions run); ``local NAME`` without a value
    starts unknown; ``export -n`` stops exporting. Returns ``[cmd]``."""
    cmd, scope = x.cmd, x.scope
    x.run.add(cmd)
    flags = set()
    for a in x.args:
        v = a.value
        if a.dynamic and "=" not in v:
            x.run.unknown(Msg("shell.unknown.given_name_option_computed", name=cmd.name))
            continue
        if v.startswith(("-", "+")) and "=" not in v:
            if v[0] == "-":
                flags.update(v[1:])   # "+x" (removing an attribute) is not followed
            continue
        if "n" in flags and cmd.key != "export":
            x.run.unknown(Msg("shell.unknown.n_makes_name_reference",
                              name=cmd.name))
        eq = v.find("=")
        if eq > 0:
            name = v[:eq].rstrip("+")
            if "[" in name:
                name = name[:name.index("[")]
                value = DYN
            else:
                value = v[eq + 1:] if not a.dynamic else DYN
            if flags & _TRANSFORMING or value.startswith("("):
                value = DYN
            scope.assign(name, value, x.cond)
            if cmd.key == "export" and "n" in flags:
                scope.exported.discard(name)
            elif cmd.key == "export" or "x" in flags:
                scope.exported.add(name)
            if "i" in flags:
                _arith_strings(x, [v[eq + 1:]])
            x.w.special_assignment(cmd, name, v[eq + 1:], scope, cmd.depth)
        elif v:
            if cmd.key == "export" and "n" in flags:
                scope.exported.discard(v)
            elif cmd.key == "export" or "x" in flags:
                scope.exported.add(v)
            if cmd.key == "local" or (flags & _TRANSFORMING):
                scope.assign(v, DYN, x.cond)
    return [cmd]


def h_shift(x: X) -> list:
    """``shift [N]``: the positional parameters move (``$1`` is what was
    ``$N+1``); an unknown count makes them unknown. Returns ``[cmd]``."""
    x.run.add(x.cmd)
    scope = x.scope
    n = 1
    if x.args:
        a = x.args[0]
        if a.dynamic or not a.value.isdigit():
            scope.positional = None
            return [x.cmd]
        n = int(a.value)
    if scope.positional is not None:
        scope.positional = scope.positional[n:] if not x.cond else None
    return [x.cmd]


def h_getopts(x: X) -> list:
    """``getopts OPTSTRING NAME [ARGS]``: NAME, ``OPTARG`` and ``OPTIND`` get
    values known only at run time. Returns ``[cmd]``."""
    x.run.add(x.cmd)
    if len(x.args) >= 2:
        name = x.args[1]
        if name.dynamic:
            x.run.unknown(Msg("shell.unknown.getopts_assigns_variable_name"))
        else:
            x.scope.assign(name.value, DYN, False)
    for name in ("OPTARG", "OPTIND"):
        x.scope.assign(name, DYN, False)
    return [x.cmd]


#: shopt options that change pathname expansion.
_GLOB_SHOPTS = frozenset({"dotglob", "nullglob", "failglob", "globstar", "extglob",
                          "nocaseglob", "globasciiranges", "globskipdots", "noglob"})


def h_shopt(x: X) -> list:
    """``shopt -s|-u OPT...``: options that change pathname expansion
    (``dotglob`` makes ``*`` match ``.git``) make glob matches unknown from
    here on. Returns ``[cmd]``."""
    x.run.add(x.cmd)
    names = [a for a in x.args if not a.value.startswith("-")]
    setting = any(a.value.startswith("-") and ("s" in a.value or "u" in a.value)
                  for a in x.args)
    if setting and any(a.dynamic or a.value in _GLOB_SHOPTS for a in names):
        x.scope.glob_changed = True
    if setting and any(a.value.startswith("-") and "o" in a.value for a in x.args) and any(
            a.dynamic or a.value == "noglob" for a in names):
        x.scope.glob_changed = True
    return [x.cmd]


def h_unalias(x: X) -> list:
    """``unalias NAME...``/``unalias -a``: the aliases are forgotten. Returns
    ``[cmd]``."""
    x.run.add(x.cmd)
    for a in x.args:
        if a.value == "-a":
            x.scope.aliases.clear()
        elif not a.dynamic:
            x.scope.aliases.pop(a.value, None)
    return [x.cmd]


def h_unset(x: X) -> list:
    """``unset NAME``/``unset -f NAME``: the variable is known to be unset, the
    function forgotten. Returns ``[cmd]``."""
    x.run.add(x.cmd)
    funcs = any(a.value == "-f" for a in x.args)
    for a in x.args:
        if a.value.startswith("-") or a.dynamic:
            continue
        if funcs:
            x.scope.functions.pop(a.value, None)
        else:
            x.scope.assign(a.value, None, x.cond)
    return [x.cmd]


def h_read(x: X) -> list:
    """``read [-a] NAME...``: the variables get values only known at run time.
    Returns ``[cmd]``."""
    x.run.add(x.cmd)
    p = opts.parse(x.args, "adeinNptu", posix=True)
    for o, v in p.opts:
        if o == "-a" and v is not None:
            x.scope.assign(v.value, DYN, False)
    for a in p.operands:
        if not a.dynamic:
            x.scope.assign(a.value, DYN, False)
    if not p.operands:
        x.scope.assign("REPLY", DYN, False)
    return [x.cmd]


def h_mapfile(x: X) -> list:
    """``mapfile``/``readarray``: the array gets an unknown value; ``-C CMD`` is
    a ``callback`` carrier. Returns ``[cmd]``."""
    x.run.add(x.cmd)
    p = opts.parse(x.args, "dnOsuCc", posix=True)
    if p.has("-C"):
        x.run.carrier("callback", Msg("shell.carrier.mapfile_c_runs_callback"), x.cmd)
    for a in p.operands[-1:]:
        if not a.dynamic:
            x.scope.assign(a.value, DYN, False)
        else:
            x.run.unknown(Msg("shell.unknown.mapfile_assigns_array_name"))
    if not p.operands:
        x.scope.assign("MAPFILE", DYN, False)
    return [x.cmd]


def h_set(x: X) -> list:
    """``set -- ARGS``: the positional parameters later ``$1``/``$@`` expand to
    (bypass family A: ``set -- rm -rf /; "$@"``). Returns ``[cmd]``."""
    x.run.add(x.cmd)
    args = x.args
    k = 0
    while k < len(args):
        a = args[k]
        v = a.value
        if a.dynamic:
            x.scope.positional = None
            return [x.cmd]
        if v in ("--", "-"):
            k += 1
            break
        if v[:1] in "-+" and len(v) > 1:
            if "o" in v[1:]:
                if k + 1 < len(args) and args[k + 1].value in ("noglob",):
                    x.scope.glob_changed = True
                k += 2 if k + 1 < len(args) else 1
                continue
            if "f" in v[1:]:
                x.scope.glob_changed = True
            k += 1
            continue
        break
    if k < len(args) or (k > 0 and args[k - 1].value in ("--", "-")):
        # set [opts] ARGS / set -- ARGS: the positional parameters
        # (bypass family A: "set -- rm -rf /; "$@"")
        x.scope.positional = [w.value for w in args[k:]] if not x.cond else None
    return [x.cmd]


def h_let(x: X) -> list:
    """``let EXPR``: arithmetic strings run the command substitutions inside
    array subscripts. Returns ``[cmd]``."""
    _arith_strings(x, [a.value for a in x.args])
    return x.plain()


def _arith_strings(x: X, values) -> None:
    """Arithmetic evaluation of strings (``let``, ``declare -i``): the
    substitutions inside run, and so do those held in the values of the
    variables they name (:meth:`shell.words.Evaluator.arith`)."""
    ev = x.w._evaluator(x.scope, x.cmd.depth)
    for v in values:
        ev.arith(v, [])


def h_hash(x: X) -> list:
    """``hash -p PATH NAME`` makes NAME run PATH: what later commands run is
    no longer what their names say."""
    if any(a.value.startswith("-") and "p" in a.value[1:] for a in x.args):
        x.run.unknown(Msg("shell.unknown.hash_p_changes_program"))
        x.run.carrier("hash", Msg("shell.carrier.hash_p_remaps_command"), x.cmd)
    return x.plain()


def h_enable(x: X) -> list:
    """``enable -f LIB``: loads a shared library into the shell (a
    ``builtin-load`` carrier; unknown). Returns ``[cmd]``."""
    if any(a.value.startswith("-f") for a in x.args):
        x.run.carrier("builtin-load", Msg("shell.carrier.enable_f_loads_shared"), x.cmd)
        x.run.unknown(Msg("shell.unknown.enable_f_loads_code"))
    return x.plain()


def h_compgen(x: X) -> list:
    """``compgen``/``complete`` with ``-C CMD``/``-F FUNC``: a ``callback``
    carrier; the command line is analysed. Returns ``[cmd]``."""
    p = opts.parse(x.args, "AGWXPSFCo", posix=False)
    if p.has("-C", "-F"):
        x.run.carrier("callback", Msg("shell.carrier.c_f_runs_command", name=x.cmd.name), x.cmd)
        for v in p.values("-C"):
            if v.dynamic:
                x.run.unknown(Msg("shell.unknown.compgen_c_runs_command"))
            else:
                x.code(v.value, "compgen -C")
    return x.plain()


def h_fc(x: X) -> list:
    """``fc``: re-runs or edits commands from the history (unknown). Returns
    ``[cmd]``."""
    x.run.unknown(Msg("shell.unknown.re_runs_edits_commands", name=x.cmd.name))
    return x.plain()
