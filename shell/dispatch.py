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

import os

import shell.longopts as longopts
import shell.paths as paths
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
    if any(a.startswith("--") and len(a) > 2 for a in cmd.argv[1:]):
        # abbreviated long options spelled in full, as the program reads them
        longopts.normalize(cmd, cmd.key)
        x.args = cmd.words[1:]
    if _dynamic_loader(cmd.key):
        out += _run_loader(x)
        run.redirect_effects(cmd, scope)
        return out
    handler, family = registry.handler(cmd.key)
    out += call_as(family, handler, x)
    run.redirect_effects(cmd, scope)
    return out


def _dynamic_loader(key: str) -> bool:
    """``ld.so``, ``ld-linux-x86-64.so.2``, ``ld-musl-x86_64.so.1``...: the
    dynamic loader, which runs the program it is given."""
    return key == "ld.so" or (key.startswith(("ld-linux", "ld-musl", "ld64.so"))
                              and ".so" in key)


#: Options of glibc's ``ld.so`` that take a value.
_LOADER_VALUES = frozenset({"--library-path", "--preload", "--audit", "--argv0",
                            "--glibc-hwcaps-prepend", "--glibc-hwcaps-mask"})


def _run_loader(x: X) -> list:
    """The dynamic loader run as a command: an ``env`` carrier (it loads
    libraries it is told to: ``--preload``, ``--library-path``, ``--audit``),
    and the program it runs is analysed as a command of its own (a program
    file of the project is a script bash-check reads)."""
    cmd, run = x.cmd, x.run
    run.add(cmd)
    run.carrier("env", Msg("shell.carrier.dynamic_loader", name=cmd.name), cmd)
    words = x.args
    i = 0
    while i < len(words) and words[i].value.startswith("--"):
        name = words[i].value.split("=", 1)[0]
        i += 2 if name in _LOADER_VALUES and "=" not in words[i].value else 1
    rest = words[i:]
    if not rest:
        return [cmd]
    if rest[0].dynamic:
        run.unknown(Msg("shell.unknown.runs_script_path_computed", name=cmd.name))
        return [cmd]
    if "/" in rest[0].value:
        run.script(cmd, rest[0])
    return [cmd] + x.argv(rest, f"{cmd.name}")


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
    # Variables exported earlier in the command that make git write or run
    # something, or change which program a name finds (PATH), count for
    # every later command: any program may start git or look a name up.
    carried = [(n, scope.vars.get(n, DYN)) for n in scope.exported
               if n not in SHELL_ENV and (n in CODE_ENV or n.startswith(CODE_ENV_PREFIXES)
                                          or n.startswith(GIT_TRACE) or n in GIT_TARGET_ENV)
               and all(n != e[0] for e in env)]
    _git_env(x, list(env) + [(n, v) for n, v in carried if v is not None])
    set_path = next((v if v is not None else DYN for n, v in list(env) + carried
                     if n == "PATH"), None)
    _path_env(x, set_path)
    for name, value in list(env) + [(n, v) for n, v in carried if v is not None]:
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


#: git's trace variables (``GIT_TRACE``, ``GIT_TRACE2_EVENT``,
#: ``GIT_TRACE_PACKET``...): a value naming a path makes every git append
#: to that file (or write files into that directory).
GIT_TRACE = "GIT_TRACE"
#: Variables that move where git reads and writes its repository, its index
#: and its objects.
GIT_TARGET_ENV = frozenset({"GIT_DIR", "GIT_WORK_TREE", "GIT_COMMON_DIR", "GIT_INDEX_FILE",
                            "GIT_OBJECT_DIRECTORY", "GIT_ALTERNATE_OBJECT_DIRECTORIES",
                            "GIT_NAMESPACE", "GIT_CEILING_DIRECTORIES"})
#: Trace values that print to standard error or a descriptor, or switch it off.
_TRACE_NO_FILE = frozenset({"", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "true",
                            "false", "yes", "no", "on", "off"})


def _git_env(x: X, env) -> None:
    """git's own variables among ``env`` (``[(name, value)]``): a trace
    variable or ``GIT_INDEX_FILE`` naming a path is a write to it (git
    appends its trace there whatever the path; the index is rewritten), and
    every one of them, with the repository-moving ones, is an ``env``
    carrier (never approved); a value computed at run time is unknown."""
    cmd, run = x.cmd, x.run
    for name, value in env:
        trace = name.startswith(GIT_TRACE)
        if not trace and name not in GIT_TARGET_ENV:
            continue
        run.carrier("env", Msg("shell.carrier.git_env", name=name), cmd)
        if not trace and name != "GIT_INDEX_FILE":
            continue
        if value is None or DYN in value:
            run.unknown(Msg("shell.unknown.git_env_computed", name=name))
            continue
        v = value.strip()
        if trace and (v.lower() in _TRACE_NO_FILE or v.startswith("af_unix:")):
            continue
        run.write(cmd, Word.literal(v), f"{name}=", "write", recursive=trace)


#: Names bash runs itself, never looked up in ``PATH``.
_SHELL_BUILTINS = frozenset("""
: . [ [[ (( alias bg bind break builtin caller cd command compgen complete compopt continue
declare dirs disown echo enable eval exec exit export false fc fg getopts hash help history
jobs kill let local logout mapfile popd printf pushd pwd read readarray readonly return set
shift shopt source suspend test times trap true type typeset ulimit umask unalias unset wait
""".split())
_ENV_PATH = {}


def env_path_problem(path: str | None = None) -> str:
    """Why the environment's ``PATH`` (the hook's: Claude Code's, which its
    Bash commands inherit) lets a command name find a file the project
    controls: an empty or relative entry (``::``, ``.``, ``bin``) is looked
    up from the working directory, inside the project. ``""`` when it is
    sound; an absolute entry is the user's choice (an activated virtualenv),
    not a carrier. Memoised per process."""
    value = os.environ.get("PATH") if path is None else path
    if value in _ENV_PATH:
        return _ENV_PATH[value]
    problem = ""
    if value is not None:
        for entry in value.split(":"):
            if not entry.startswith("/"):
                problem = entry or "(an empty entry)"
                break
    _ENV_PATH[value] = problem
    return problem


def _path_env(x: X, set_path) -> None:
    """Where a command name looked up in ``PATH`` is found. ``set_path``: a
    ``PATH`` the command line sets (assigned or exported; ``None``: the
    environment's). An entry that is empty, relative, or (when the command
    line sets it) inside the project can hold a file of the project: the
    command is untrusted, an ``env`` carrier, and the first such file that
    exists (or was written earlier in the command) is a script the command
    runs, which bash-check reads. An absolute entry outside the project
    that holds the name ends the search (the user's own program)."""
    cmd, run = x.cmd, x.run
    name = cmd.name
    if not name or "/" in name or DYN in name or name in _SHELL_BUILTINS:
        return
    if set_path is None:
        problem = env_path_problem()
        if not problem:
            return
        run.carrier("env", Msg("shell.carrier.env_path_relative", entry=problem, name=name), cmd)
        value = os.environ.get("PATH") or ""
    else:
        # ``PATH=./bin:$PATH``: an entry that is only a value the analysis
        # cannot know is taken to be the inherited PATH's entries.
        parts = []
        if set_path == DYN:   # assigned in the command, value unknown (a conditional export)
            run.unknown(Msg("shell.unknown.path_computed", name=name))
            return
        for entry in set_path.split(":"):
            if entry == DYN:
                parts += (os.environ.get("PATH") or "").split(":")
            elif DYN in entry:
                run.unknown(Msg("shell.unknown.path_computed", name=name))
                return
            else:
                parts.append(entry)
        value = ":".join(parts)
    cmd.trusted = False
    for entry in value.split(":"):
        local = not entry.startswith("/") or run.rel(os.path.normpath(entry)) is not None
        candidate = Word.literal(os.path.join(entry or ".", name))
        written = any(t in x.scope.files for t in paths.resolve(candidate.value, cmd.cwd) or ())
        found = [t for t in paths.resolve(candidate.value, cmd.cwd) or () if os.path.isfile(t)]
        if local and written:
            from shell.programs import run_written_file  # lazy: a project PATH entry's program

            run_written_file(x, candidate, lambda text: x.code(text, f"{name} (from PATH)"))
            return
        if local and found:
            run.script(cmd, candidate)
            return
        if found:
            return


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
