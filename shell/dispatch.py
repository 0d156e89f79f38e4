"""What each simple command does (SPEC §4, bypass-families.md A–G): the
dispatcher between the walker and the command families.

:func:`dispatch` receives a simple command with its words evaluated. What
the shell itself decides comes first: a command name computed at run time
(unknown; ``fetched-exec`` when it comes from the network), a name that is
a file-name pattern, a function defined earlier in the command, code-running
environment variables (``LD_PRELOAD=...``: carriers). Then the registry
(:mod:`shell.registry`) names the family handler of the command
(``shell/families/<family>.py``): a wrapper whose payload is another command
(family B), a nested shell or interpreter whose program is code (family C),
a tool that carries commands (family D), a file operation (families F/G), a
network request, or a program the analysis does not model. Findings carry
the family that produced them (``Finding.command_family``); what the shell
syntax itself does (redirections) is the ``"shell"`` family's.
"""

from __future__ import annotations

import shell.registry as registry
from shell.invocation import CODE_ENV, CODE_ENV_PREFIXES, X, call_as, dynamic_origin, touch_all
from shell.model import DYN, Msg, SimpleCommand, Word


def dispatch(w, cmd: SimpleCommand, scope, assigns, conditional: bool,
             extra_env=()) -> list:
    """Interpret ``cmd`` (see the module docstring) for the walker ``w`` in
    ``scope`` (:class:`shell.walker.Scope`). ``assigns``: its ``VAR=value``
    prefixes as ``(name, Word, op)``; ``conditional``: it may not run
    (after ``&&``/``||``); ``extra_env``: ``[(name, value)]`` a wrapper set
    (``env X=1 cmd``). Returns the simple commands it produced, itself
    included."""
    x = X(w, cmd, scope, assigns, conditional)
    run = w.run
    env = [(a[0], a[1].value) for a in assigns] + list(extra_env)
    _env_checks(x, env)
    for name, value in env:
        w.special_assignment(cmd, name, value, scope, cmd.depth)
    w0 = cmd.words[0]
    if w0.dynamic:
        run.add(cmd)
        origin = dynamic_origin(w0)
        if origin:
            run.find("fetched-exec", Msg("shell.find.command_name_fetched",
                                         origin=origin), cmd)
        run.unknown(Msg("shell.unknown.computed_command_name", text=w0.text))
        touch_all(x)
        run.redirect_effects(cmd, scope)
        return [cmd]
    if w0.glob:
        run.add(cmd)
        run.unknown(Msg("shell.unknown.command_name_glob", text=w0.text))
        run.redirect_effects(cmd, scope)
        return [cmd]
    if not cmd.wrappers and not w0.quoted and _array_assignment(w0.value):
        return _assign_element(x)
    name = cmd.name
    via = cmd.wrappers[-1] if cmd.wrappers else ""
    if name in scope.functions and via not in ("command", "builtin", "exec", "env", "sudo"):
        out = _call_function(x)
        run.redirect_effects(cmd, scope)
        return out
    if name in scope.aliases and all(v.startswith("alias ") for v in cmd.wrappers) and \
            not w0.quoted and w0.text == name and f"alias {name}" not in cmd.wrappers:
        # Claude Code's shell has expand_aliases on: "alias g=git" then
        # "g reset --hard" runs git. The name as written
        # (unquoted, no backslash) is replaced by the alias text; the command
        # as the analysis would otherwise see it is judged too.
        cmd.shadowed = True
        out = _expand_alias(x, scope.aliases[name])
    else:
        out = []
    handler, family = registry.handler(cmd.key)
    out += call_as(family, handler, x)
    run.redirect_effects(cmd, scope)
    return out


#: Variables that make every shell the command starts run a file first
#: (bash reads ``$BASH_ENV``, sh ``$ENV`` when interactive).
STARTUP_FILES = ("BASH_ENV", "ENV")
#: Exported variables that change what a shell started later does.
SHELL_ENV = frozenset({"BASH_ENV", "ENV", "SHELLOPTS", "BASHOPTS", "PS4", "PROMPT_COMMAND",
                       "PS1", "PS0"})


def _env_checks(x: X, env) -> None:
    """``env``: ``[(name, value)]`` set for the command; code-running ones
    are carriers (family B), ``PATH=`` makes the command word untrusted.
    Variables exported earlier in the command that make a shell run code
    (``export BASH_ENV=x.sh``) count for every later command (any program may
    start a shell): carriers, and the start-up file is a script the command
    runs (``Analysis.scripts``, which bash-check reads)."""
    cmd = x.cmd
    scope = x.scope
    exported = [(n, scope.vars.get(n, DYN)) for n in scope.exported if n in SHELL_ENV]
    for name, value in exported:
        if value is None:
            continue
        said = (Msg("shell.carrier.exported_code_env", name=name, runner=cmd.name)
                if cmd.name and DYN not in cmd.name
                else Msg("shell.carrier.exported_code_env_any", name=name))
        x.run.carrier("env", said, cmd)
    for name, value in list(env) + exported:
        if name in STARTUP_FILES and value is not None:
            if DYN in value:
                x.run.unknown(Msg("shell.unknown.names_start_up_file", name=name))
            elif value:
                x.run.script(cmd, Word.literal(value))
    for name, value in env:
        if name in CODE_ENV or name.startswith(CODE_ENV_PREFIXES):
            if not cmd.name:
                said = Msg("shell.carrier.code_env_shell", name=name)
            elif DYN in cmd.name:   # "$X": no name to give
                said = Msg("shell.carrier.code_env_dynamic", name=name)
            else:
                said = Msg("shell.carrier.code_env", name=name, runner=cmd.name)
            x.run.carrier("env", said, cmd)
            if name == "PATH":
                cmd.trusted = False
        if name.startswith("GIT_CONFIG_VALUE_") or name == "GIT_CONFIG_PARAMETERS":
            if value and (DYN in value or "!" in value):
                x.run.carrier("git-config", Msg("shell.carrier.sets_git_configuration_environment",
                                                name=name), cmd)


def _array_assignment(word: str) -> bool:
    """``NAME[SUBSCRIPT]=VALUE`` (or ``+=``): bash reads it as an assignment to an
    array element, not as a command."""
    bracket = word.find("[")
    if bracket <= 0 or "]=" not in word and "]+=" not in word:
        return False
    name = word[:bracket]
    return (name[0].isalpha() or name[0] == "_") and all(c.isalnum() or c == "_" for c in name)


def _assign_element(x: X) -> list:
    """``a[SUB]=v``: the subscript of an indexed array is arithmetic (its
    substitutions, and those held in the variables it names, run); the
    array's value becomes unknown. Returns ``[cmd]``."""
    cmd, scope = x.cmd, x.scope
    text = cmd.words[0].value
    name = text[:text.index("[")]
    subscript = text[text.index("[") + 1:text.rindex("]")]
    x.w._evaluator(scope, cmd.depth).arith(subscript, [])
    scope.assign(name, DYN, x.cond)
    x.run.add(cmd)
    if len(cmd.words) > 1:
        x.run.unknown(Msg("shell.unknown.followed_words_bash_would", text=text[:40]))
    return [cmd]


def _expand_alias(x: X, text: str) -> list:
    """Run the alias ``text`` followed by the command's arguments, as bash
    does after alias substitution; arguments only known at run time make the
    expansion unknown."""
    from shell.quoting import quote  # lazy: only commands that use an alias

    cmd = x.cmd
    if any(w.dynamic for w in x.args):
        x.run.unknown(Msg("shell.unknown.alias_used_arguments_only", name=cmd.name))
        return []
    line = " ".join([text] + [quote(w.value) for w in x.args])
    return x.w.code(line, x.scope, cmd.depth + 1, cmd.wrappers + [f"alias {cmd.name}"],
                    cmd.stdin, x.cond)


def _call_function(x: X) -> list:
    """A call of a function defined earlier in the command (its body was
    analysed at the definition)."""
    run, cmd, scope = x.run, x.cmd, x.scope
    cmd.shadowed = True
    run.add(cmd)
    # The body was analysed where it was defined; calling it may change the
    # working directory and variables in ways not tracked: forget them.
    scope.cwd = None if _body_changes_dir(scope.functions.get(cmd.name)) else scope.cwd
    for k in list(scope.vars):
        scope.vars[k] = DYN
    return [cmd]


def _body_changes_dir(body) -> bool:
    """A function body (a parse node) may change the working directory."""
    if body is None:
        return True
    stack = [body]
    while stack:
        n = stack.pop()
        if getattr(n, "kind", "") == "word" and getattr(n, "word", "") in ("cd", "pushd", "popd"):
            return True
        for attr in ("parts", "list"):
            stack.extend(p for p in (getattr(n, attr, None) or []) if hasattr(p, "kind"))
        b = getattr(n, "body", None)
        if b is not None:
            stack.append(b)
    return False
