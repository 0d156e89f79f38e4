"""What each simple command does (SPEC §4, bypass-families.md A–G).

:func:`dispatch` receives a simple command with its words evaluated and
decides what it means: a wrapper whose payload is another command (``sudo``,
``env``, ``timeout``... — family B), a nested shell or interpreter whose
program is code (``bash -c``, ``eval``, ``python -c``, a shell fed on stdin —
family C), a tool that carries commands (``find -exec``, ``xargs``,
``git -c alias.x=!cmd``, ``sed e`` — family D), a file operation (writes,
deletions, moves: family F/G), a network request, or an ordinary program.

Handlers record into the :class:`shell.run.Run`: ``destructive`` findings,
``carriers``, HTTP methods, ``writes`` and ``touched`` paths, ``scripts`` run,
and *unknown* when something cannot be resolved statically. Every handler
returns the commands it produced (for provenance of pipes and
substitutions).
"""

from __future__ import annotations

from shell import opts, paths
from shell.model import DYN, Word

# ---------------------------------------------------------------- tables

#: Environment variables that change which code runs (family B: leading
#: ``VAR=value``). A command run with one of them set is a carrier.
CODE_ENV = frozenset({
    "LD_PRELOAD", "LD_LIBRARY_PATH", "LD_AUDIT", "BASH_ENV", "ENV", "PROMPT_COMMAND",
    "PS4", "SHELLOPTS", "BASHOPTS", "PYTHONSTARTUP", "PYTHONPATH", "PYTHONHOME",
    "PYTHONUSERBASE", "NODE_OPTIONS", "NODE_PATH", "PERL5OPT", "PERL5LIB", "PERLLIB",
    "RUBYOPT", "RUBYLIB", "GIT_SSH", "GIT_SSH_COMMAND", "GIT_EXTERNAL_DIFF", "GIT_PAGER",
    "PAGER", "MANPAGER", "GIT_EDITOR", "EDITOR", "VISUAL", "GIT_SEQUENCE_EDITOR",
    "GIT_ASKPASS", "SSH_ASKPASS", "SUDO_ASKPASS", "GIT_PROXY_COMMAND", "GIT_CONFIG",
    "GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT",
    "GIT_TEMPLATE_DIR", "GIT_EXEC_PATH", "LESSOPEN", "LESSCLOSE", "PATH", "IFS",
    "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "GCONV_PATH", "ZDOTDIR",
    "INPUTRC", "HISTFILE", "TERMINFO", "PYTHONWARNINGS", "PYTHONBREAKPOINT",
})
_CODE_ENV_PREFIXES = ("LD_", "DYLD_", "GIT_CONFIG_KEY_", "GIT_CONFIG_VALUE_", "BASH_FUNC_")

#: Programs that fetch content from the network (family C: fetched content
#: piped into a shell).
NETWORK = frozenset({"curl", "wget", "fetch", "http", "https", "xh", "xhs", "aria2c", "lynx",
                     "links", "w3m", "nc", "ncat", "netcat", "socat", "telnet", "ftp", "tftp",
                     "scp", "sftp", "rsync", "ssh", "gh", "httpie", "axel", "lwp-request",
                     "GET", "POST", "invoke-webrequest", "iwr", "powershell", "pwsh"})
#: Shells: ``-c`` runs a string; without it they read a program from a file
#: operand or from stdin.
SHELLS = frozenset({"sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "yash", "posh",
                    "rbash", "lksh", "pdksh", "ksh93", "oksh", "loksh", "busybox-sh",
                    "fish", "csh", "tcsh", "elvish", "nu", "xonsh"})
#: Option letters of POSIX shells that take a value (``-o opt``, ``-O shopt``).
_SHELL_VALUE_OPTS = "oO"
_SHELL_LONG_VALUES = ("--rcfile", "--init-file")

#: Text-only builtins and tools whose arguments are data, never run.
_DATA_COMMANDS = frozenset({"echo", "printf", "true", "false", ":", "test", "[", "[[", "((",
                            "pwd", "type", "help", "times", "jobs", "dirs", "wait", "shift",
                            "exit", "return", "break", "continue", "logout", "umask",
                            "ulimit", "shopt", "caller", "getopts", "suspend", "disown",
                            "bg", "fg", "unalias"})


class X:
    """One invocation being interpreted."""

    __slots__ = ("w", "run", "cmd", "scope", "args", "cond", "assigns")

    def __init__(self, w, cmd, scope, assigns, cond):
        self.w = w
        self.run = w.run
        self.cmd = cmd
        self.scope = scope
        self.args = cmd.words[1:]
        self.cond = cond
        self.assigns = assigns

    def plain(self) -> list:
        self.run.add(self.cmd)
        return [self.cmd]

    def code(self, text: str, wrapper: str, scope=None, stdin=None, step: int = 1) -> list:
        """Run ``text`` as shell code on behalf of this command."""
        sc = scope if scope is not None else self.scope.new_shell()
        return self.w.code(text, sc, self.cmd.depth + step, self.cmd.wrappers + [wrapper],
                           stdin)

    def argv(self, words, wrapper: str, extra_env=(), stdin="inherit", scope=None) -> list:
        return self.w.run_argv(words, self.cmd, scope if scope is not None else self.scope,
                               wrapper, extra_env, stdin)


# ---------------------------------------------------------------- dispatch

def dispatch(w, cmd, scope, assigns, conditional, extra_env=()) -> list:
    """Interpret ``cmd`` (see module docstring). Returns produced commands."""
    x = X(w, cmd, scope, assigns, conditional)
    run = w.run
    env = [(a[0], a[1].value) for a in assigns] + list(extra_env)
    _env_checks(x, env)
    w0 = cmd.words[0]
    if w0.dynamic:
        run.add(cmd)
        origin = _dynamic_origin(w0)
        if origin:
            run.find("fetched-exec", f"the command name comes from {origin}: content from the "
                     "network would run", cmd)
        run.unknown(f"the command name {w0.text!r} is computed at run time, so what runs "
                    "cannot be known")
        _touch_all(x)
        run.redirect_effects(cmd, scope)
        return [cmd]
    if w0.glob:
        run.add(cmd)
        run.unknown(f"the command name {w0.text!r} is a file-name pattern")
        run.redirect_effects(cmd, scope)
        return [cmd]
    name = cmd.name
    via = cmd.wrappers[-1] if cmd.wrappers else ""
    if name in scope.functions and via not in ("command", "builtin", "exec", "env", "sudo"):
        out = _call_function(x)
        run.redirect_effects(cmd, scope)
        return out
    if name in scope.aliases and not cmd.wrappers:
        cmd.shadowed = True
    handler = HANDLERS.get(cmd.key)
    if handler is None:
        handler = _family_handler(cmd.key)
    if handler is None:
        out = _generic(x)
    else:
        out = handler(x)
    run.redirect_effects(cmd, scope)
    return out


def _family_handler(key: str):
    if key.startswith(("python", "pypy")):
        rest = key[6:] if key.startswith("python") else key[4:]
        if rest == "" or all(c.isdigit() or c == "." for c in rest):
            return h_python
    if key.startswith(("mkfs", "mke2fs", "mkswap", "newfs")):
        from shell.fileops import h_mkfs

        return h_mkfs
    if key.startswith(("perl5", "ruby", "php", "node")) and key[4:5].isdigit():
        return HANDLERS.get(key.rstrip("0123456789.")) or None
    if key in ("busybox", "toybox"):
        return h_busybox
    return None


def _dynamic_origin(word) -> str | None:
    """When a dynamic word's value comes from a network command, name it."""
    for _kind, cmds in getattr(word, "sources", ()) or ():
        for c in cmds or ():
            if c.key in NETWORK:
                return f"the output of {c.name}"
    return None


def _env_checks(x, env) -> None:
    cmd = x.cmd
    for name, value in env:
        if name in CODE_ENV or name.startswith(_CODE_ENV_PREFIXES):
            x.run.carrier("env", f"{name}=... changes which code {cmd.name or 'the shell'} runs",
                          cmd)
            if name == "PATH":
                cmd.trusted = False
        if name.startswith("GIT_CONFIG_VALUE_") or name == "GIT_CONFIG_PARAMETERS":
            if value and (DYN in value or "!" in value):
                x.run.carrier("git-config", f"{name} sets git configuration from the "
                              "environment", cmd)


def _call_function(x) -> list:
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


#: Programs whose appearance among an unknown program's arguments suggests the
#: unknown program may run them (an unlisted wrapper: ``eatmydata rm -rf /``).
SPECULATE = frozenset({"rm", "rmdir", "dd", "shred", "chmod", "chown", "chgrp", "git", "sh",
                       "bash", "zsh", "dash", "ksh", "eval", "sudo", "doas", "curl", "wget",
                       "kill", "pkill", "killall", "shutdown", "reboot", "halt", "poweroff",
                       "find", "xargs", "mv", "cp", "truncate", "perl", "ruby", "node",
                       "rimraf", "wipefs", "fdisk", "parted", "gh", "env", "tee", "ln",
                       "install", "rsync", "tar", "unzip", "crontab", "systemctl", "exec"})


#: Options whose value is, by convention, a command line.
_COMMAND_OPTIONS = frozenset({"-c", "-e", "-x", "-ex", "--exec", "--cmd", "--command", "--run",
                              "--shell", "--execute", "--eval", "--sh-exec"})


def _speculate(x) -> None:
    """An unknown program that receives another program's name (or a command
    line) as an argument may run it: analyse that tail as a command too, so a
    destructive payload behind an unlisted wrapper is still seen."""
    args = x.args
    for k, a in enumerate(args[:MAX_ARGS_INSPECTED]):
        if a.dynamic or not a.value:
            continue
        v = a.value
        base = v.rsplit("/", 1)[-1].lower()
        if base in SPECULATE or base.startswith(("python", "mkfs")):
            x.argv(args[k:], f"argument of {x.cmd.name}", stdin=None)
            return
        first = v.split(None, 1)[0] if v.strip() else ""
        fbase = first.rsplit("/", 1)[-1].lower()
        prev = args[k - 1].value if k > 0 else ""
        positional = not prev.startswith("-") or prev in _COMMAND_OPTIONS
        if " " in v and positional and (fbase in SPECULATE or fbase.startswith(("python",
                                                                                 "mkfs"))):
            x.code(v, f"argument of {x.cmd.name}", scope=x.scope.child())
            return


#: Options that name an output file in most programs.
_OUTPUT_OPTS = ("--output", "--output-file", "--outfile", "--out-file", "--out",
                "--log-file", "--logfile", "--output-document")


def _output_options(x) -> None:
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


#: Most arguments of one command inspected for paths and payloads.
MAX_ARGS_INSPECTED = 256


def _touch_all(x) -> None:
    for a in x.args[:MAX_ARGS_INSPECTED]:
        if a.value.startswith("-") and "=" not in a.value:
            continue
        x.run.touched(x.cmd, a)


def _generic(x) -> list:
    """A program the analysis does not model: its arguments are data, but any
    path it receives may be written (``touched``). Known readers write
    nothing."""
    from shell import fileops

    pred = fileops.READ_ONLY.get(x.cmd.name)
    reader = False
    if pred is not None:
        try:
            reader = bool(pred(x.cmd))
        except Exception:  # noqa: BLE001
            reader = False
    if not reader:
        _touch_all(x)
        _output_options(x)
        _speculate(x)
    if x.cmd.word.startswith(("./", "../")) or (
            "/" in x.cmd.word and not x.cmd.trusted):
        x.run.script(x.cmd, x.cmd.words[0])
    return x.plain()


# ================================================================ builtins

def h_data(x) -> list:
    """Commands whose arguments are data (``echo``, ``printf``, ``test``...)."""
    cmd = x.cmd
    if cmd.key == "printf":
        p = opts.parse(x.args, "v", posix=True)
        name = p.value("-v")
        if name is not None:
            x.scope.assign(name.value, DYN, x.cond)
    return x.plain()


def h_cd(x) -> list:
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
    import os

    may_fail = not all(os.path.isdir(t) for t in targets)
    new = set(targets)
    if (may_fail and x.w.next_op not in ("&&",)) or x.cond:
        new |= set(scope.cwd or ())
        if scope.cwd is None:
            scope.cwd = None
            return [cmd]
    scope.cwd = frozenset(new)
    return [cmd]


def h_assign_builtin(x) -> list:
    """``export``/``declare``/``typeset``/``local``/``readonly`` with
    ``NAME=value`` arguments."""
    cmd, scope = x.cmd, x.scope
    x.run.add(cmd)
    flags = set()
    for a in x.args:
        v = a.value
        if v.startswith(("-", "+")) and "=" not in v:
            flags.update(v[1:])
            continue
        eq = v.find("=")
        if eq > 0:
            name = v[:eq].rstrip("+")
            scope.assign(name, v[eq + 1:] if not a.dynamic else DYN, x.cond)
            if cmd.key == "export" or "x" in flags:
                scope.exported.add(name)
            if "i" in flags:
                _arith_strings(x, [v[eq + 1:]])
        elif v and not a.dynamic:
            if cmd.key == "export" or "x" in flags:
                scope.exported.add(v)
    return [cmd]


def h_unset(x) -> list:
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


def h_read(x) -> list:
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


def h_mapfile(x) -> list:
    x.run.add(x.cmd)
    p = opts.parse(x.args, "dnOsuCc", posix=True)
    if p.has("-C"):
        x.run.carrier("callback", "mapfile -C runs a callback command", x.cmd)
    for a in p.operands[-1:]:
        if not a.dynamic:
            x.scope.assign(a.value, DYN, False)
    return [x.cmd]


def h_set(x) -> list:
    x.run.add(x.cmd)
    args = x.args
    for k, a in enumerate(args):
        if a.value == "--":
            x.scope.positional = [w.value for w in args[k + 1:]]
            break
    return [x.cmd]


def h_alias(x) -> list:
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


def h_trap(x) -> list:
    cmd = x.cmd
    x.run.add(cmd)
    args = [a for a in x.args if a.value not in ("--",)]
    if args and args[0].value not in ("-l", "-p") and len(args) >= 2:
        action = args[0]
        if action.dynamic:
            x.run.unknown("trap runs a command assembled at run time")
        elif action.value not in ("", "-"):
            x.code(action.value, "trap", scope=x.scope.child())
    return [cmd]


def h_eval(x) -> list:
    cmd = x.cmd
    if not x.args:
        return x.plain()
    text = " ".join(a.value for a in x.args)
    if any(a.dynamic for a in x.args):
        origin = next((o for o in (_dynamic_origin(a) for a in x.args) if o), None)
        x.run.add(cmd)
        if origin:
            x.run.find("fetched-exec", f"eval runs {origin}: content from the network would "
                       "run as shell commands", cmd)
        x.run.unknown("eval runs a string assembled at run time")
        x.run.carrier("eval", "eval runs a string as shell code", cmd)
        return [cmd]
    x.run.carrier("eval", "eval runs a string as shell code", cmd)
    # eval runs in the current shell: same scope.
    return x.w.code(text, x.scope, cmd.depth + 1, cmd.wrappers + ["eval"], cmd.stdin,
                    x.cond)


def h_source(x) -> list:
    """``source FILE`` / ``. FILE``: runs FILE's commands in this shell."""
    cmd, run = x.cmd, x.run
    run.add(cmd)
    if not x.args:
        return [cmd]
    target = x.args[0]
    run.carrier("source", f"{cmd.name} runs the commands in a file", cmd)
    _run_program_source(x, target, "source")
    # The sourced file runs in this shell: its assignments are unknown, and
    # if it may change directory (or cannot be read), so is the directory.
    if not _content_known(x, target):
        for k in list(x.scope.vars):
            x.scope.vars[k] = DYN
        if _may_change_directory(x, target):
            x.scope.cwd = None
    return [cmd]


def _may_change_directory(x, word) -> bool:
    """The file ``word`` may contain ``cd``/``pushd``/``popd`` (or cannot be
    read)."""
    if word.dynamic:
        return True
    targets = paths.resolve(word.value, x.cmd.cwd)
    if not targets:
        return True
    from statefiles.atomic import read_bytes

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


def _content_known(x, word) -> bool:
    targets = paths.resolve(word.value, x.cmd.cwd) if not word.dynamic else None
    return bool(targets) and all(x.scope.files.get(t) is not None for t in targets)


def _run_program_source(x, word, how: str) -> None:
    """A shell reads its program from the file ``word``: process
    substitution, a file written earlier in this command, or a script on
    disk."""
    run, cmd = x.run, x.cmd
    sources = getattr(word, "sources", ()) or ()
    procs = [cmds for kind, cmds in sources if kind.startswith("procsub")]
    if procs:
        _program_from_producers(x, [c for cmds in procs for c in cmds or ()], how)
        return
    if word.dynamic:
        run.unknown(f"{cmd.name} runs a program whose file name is computed at run time")
        return
    targets = paths.resolve(word.value, cmd.cwd)
    for t in targets or ():
        if t in x.scope.files:
            content = x.scope.files[t]
            if content is None:
                run.unknown(f"{cmd.name} runs {word.value}, written earlier in this command "
                            "with content that cannot be known")
            else:
                x.code(content, how)
            return
    run.script(cmd, word)


def _program_from_producers(x, producers, how: str) -> None:
    """A shell/interpreter reads its program from the output of
    ``producers`` (a pipe or process substitution)."""
    run, cmd = x.run, x.cmd
    net = [p for p in producers if p.key in NETWORK or _fetches(p)]
    if net:
        run.find("fetched-exec", f"{cmd.name} runs what {net[0].name} downloads (fetched "
                 "content piped into a shell); download it to a file, read it, then run it",
                 cmd)
        run.unknown(f"{cmd.name} runs downloaded code")
        return
    text = _static_output(producers)
    if text is None:
        names = ", ".join(sorted({p.name or "?" for p in producers})) or "another command"
        run.unknown(f"{cmd.name} runs code produced at run time by {names}")
        return
    x.code(text, how)


def _fetches(cmd) -> bool:
    return any(w for w in cmd.wrappers if w in NETWORK)


def _static_output(producers):
    """What ``echo``/``printf``/``cat <<EOF`` commands print, when literal."""
    out = []
    for p in producers:
        name = p.name
        if p.dynamic:
            return None
        if name == "echo":
            args = p.args
            flags = ""
            while args and args[0].startswith("-") and set(args[0][1:]) <= set("neE") and \
                    len(args[0]) > 1:
                flags += args[0][1:]
                args = args[1:]
            text = " ".join(args)
            if "e" in flags:
                from shell.words import ansi_c_decode

                text = ansi_c_decode(text)
            out.append(text + ("" if "n" in flags else "\n"))
        elif name == "printf" and p.args:
            fmt = p.args[0]
            from shell.words import ansi_c_decode

            if "%" in fmt.replace("%%", ""):
                rest = p.args[1:]
                if fmt.strip() in ("%s", "%s\\n", "%b", "%b\\n") or not rest:
                    joined = (fmt.replace("%s", "{}").replace("%b", "{}"))
                    try:
                        text = "".join(joined.format(a) for a in rest) if rest else joined
                    except (IndexError, KeyError, ValueError):
                        return None
                    out.append(ansi_c_decode(text))
                    continue
                return None
            out.append(ansi_c_decode(fmt.replace("%%", "%")))
        elif name == "cat" and not p.args and p.stdin is not None and p.stdin.kind in (
                "heredoc", "herestring") and not p.stdin.dynamic:
            out.append(p.stdin.content or "")
        elif name in ("true", ":"):
            continue
        else:
            return None
    return "".join(out)


def h_exec(x) -> list:
    p = opts.parse(x.args, "a", posix=True)
    if not p.operands:
        return x.plain()    # exec with only redirections: they apply to the shell
    return x.argv(p.operands, "exec")


def h_command(x) -> list:
    p = opts.parse(x.args, "", posix=True)
    if p.has("-v", "-V") or not p.operands:
        return x.plain()    # a lookup: nothing runs
    return x.argv(p.operands, "command")


def h_builtin(x) -> list:
    if not x.args:
        return x.plain()
    return x.argv(x.args, "builtin")


def h_let(x) -> list:
    _arith_strings(x, [a.value for a in x.args])
    return x.plain()


def _arith_strings(x, values) -> None:
    """Arithmetic evaluation of strings (``let``, ``declare -i``): array
    subscripts inside run command substitutions."""
    for v in values:
        if "$(" in v or "`" in v:
            x.code(_subst_inner(v), "arithmetic", scope=x.scope.child())


def _subst_inner(v: str) -> str:
    start = v.find("$(")
    if start < 0:
        start = v.find("`")
        end = v.find("`", start + 1)
        return v[start + 1:end] if end > start else v[start + 1:]
    depth = 0
    for k in range(start + 1, len(v)):
        if v[k] == "(":
            depth += 1
        elif v[k] == ")":
            depth -= 1
            if depth == 0:
                return v[start + 2:k]
    return v[start + 2:]


def h_hash(x) -> list:
    """``hash -p PATH NAME`` makes NAME run PATH: what later commands run is
    no longer what their names say."""
    if any(a.value.startswith("-") and "p" in a.value[1:] for a in x.args):
        x.run.unknown("hash -p changes which program a command name runs")
        x.run.carrier("hash", "hash -p remaps a command name to another program", x.cmd)
    return x.plain()


def h_enable(x) -> list:
    if any(a.value.startswith("-f") for a in x.args):
        x.run.carrier("builtin-load", "enable -f loads a shared library into the shell", x.cmd)
        x.run.unknown("enable -f loads code from a shared library")
    return x.plain()


def h_compgen(x) -> list:
    p = opts.parse(x.args, "AGWXPSFCo", posix=False)
    if p.has("-C", "-F"):
        x.run.carrier("callback", f"{x.cmd.name} -C/-F runs a command or function", x.cmd)
        for v in p.values("-C"):
            if v.dynamic:
                x.run.unknown("compgen -C runs a command assembled at run time")
            else:
                x.code(v.value, "compgen -C")
    return x.plain()


def h_fc(x) -> list:
    x.run.unknown(f"{x.cmd.name} re-runs or edits commands from the shell history")
    return x.plain()


def h_kill(x) -> list:
    """``kill ... -1`` (a pid of -1 after the signal) signals every process
    the user may signal; ``killall5`` signals all processes."""
    cmd = x.cmd
    vals = [a.value for a in x.args]
    # The first argument may be the signal (-9, -KILL, -s KILL); -1 after it
    # (or after --) is the "every process" pid.
    rest = vals[2:] if vals[:1] == ["-s"] or vals[:1] == ["-n"] else vals[1:]
    if "-1" in rest or (vals[:1] == ["--"] and "-1" in vals[1:]):
        x.run.find("process-kill", "kill -1 signals every process the user owns", cmd)
    if cmd.key == "killall5":
        x.run.find("process-kill", "killall5 signals every process", cmd)
    return x.plain()


# ================================================================ wrappers

#: Wrappers whose payload is ``argv`` after their options: (short options
#: taking a value, long options taking a value, positional operands before the
#: command).
WRAPPERS = {
    "nice": ("n", ("--adjustment",), 0),
    "nohup": ("", (), 0),
    "setsid": ("", (), 0),
    "stdbuf": ("ioe", ("--input", "--output", "--error"), 0),
    "ionice": ("cnp", ("--class", "--classdata", "--pid", "--pgid", "--uid"), 0),
    "taskset": ("", ("--cpu-list",), 1),
    "chrt": ("T", ("--sched-runtime", "--sched-deadline", "--sched-period"), 1),
    "timeout": ("ks", ("--kill-after", "--signal"), 1),
    "time": ("fo", ("--format", "--output"), 0),
    "gtime": ("fo", ("--format", "--output"), 0),
    "chroot": ("", ("--userspec", "--groups"), 1),
    "unbuffer": ("", (), 0),
    "caffeinate": ("t", (), 0),
    "catchsegv": ("", (), 0),
    "proxychains": ("fq", (), 0),
    "proxychains4": ("fq", (), 0),
    "torsocks": ("aPu", (), 0),
    "tsocks": ("", (), 0),
    "firejail": ("", (), 0),
    "cgexec": ("g", (), 0),
    "numactl": ("CcmNpPiwa", (), 0),
    "prlimit": ("p", (), 0),
    "setpriv": ("", ("--reuid", "--regid", "--groups", "--inh-caps", "--bounding-set",
                     "--securebits", "--selinux-label", "--apparmor-profile"), 0),
    "unshare": ("SGRwt", ("--setuid", "--setgid", "--root", "--wd", "--map-user",
                          "--map-group"), 0),
    "nsenter": ("tSGrwmuinpUCT", ("--target", "--setuid", "--setgid", "--root", "--wd"), 0),
    "dbus-launch": ("", (), 0),
    "dbus-run-session": ("", ("--config-file", "--dbus-daemon"), 0),
    "xvfb-run": ("nslfe", ("--server-num", "--server-args", "--auth-file", "--error-file"), 0),
    "strace": ("oeEpPsSuUIbXa", ("--output",), 0),
    "ltrace": ("oeEpPsSuUIbXanAL", ("--output",), 0),
    "valgrind": ("", (), 0),
    "faketime": ("f", (), 1),
    "sshpass": ("pfde", (), 0),
    "pkexec": ("", ("--user",), 0),
    "doas": ("uC", (), 0),
    "runuser": ("ugGl", ("--user", "--group", "--supp-group", "--session-command"), 0),
    "systemd-run": ("pEMHtuS", ("--unit", "--property", "--description", "--slice", "--uid",
                                 "--gid", "--working-directory", "--setenv", "--machine",
                                 "--host", "--on-active", "--on-calendar"), 0),
    "systemd-inhibit": ("", ("--what", "--who", "--why", "--mode"), 0),
    "entr": ("", (), 0),
    "env-cmd": ("fer", ("--file", "--environments"), 0),
    "dotenv": ("ecv", (), 0),
    "direnv": ("", (), 0),
    "with-contenv": ("", (), 0),
    "chpst": ("ugUenlmdofcprt", (), 0),
    "daemonize": ("aceEIlopuv", (), 0),
    "retry": ("tdm", ("--times", "--delay"), 0),
    "grc": ("c", (), 0),
    "rlwrap": ("acCfFhHlopPsSw", (), 0),
    "script-timing": ("", (), 0),
    "nocache": ("n", (), 0),
    "trickle": ("udwtlsLn", (), 0),
    "cpulimit": ("lpe", ("--limit", "--pid", "--exe"), 0),
    "expect_unbuffer": ("", (), 0),
    "gdb": ("", (), 0),
    "lldb": ("", (), 0),
    "perf": ("", (), 0),
    "chronic": ("ev", (), 0),
    "ifne": ("n", (), 0),
    "eatmydata": ("", (), 0),
    "fakeroot": ("ls", ("--lib", "--faked", "-s", "-i"), 0),
    "tsp": ("LDNW", (), 0),
    "nq": ("", (), 0),
    "vipe": ("", (), 0),
    "sem": ("j", ("--id", "--jobs"), 0),
    "uv": ("", (), 0),
    "poetry": ("", (), 0),
    "pipenv": ("", (), 0),
    "bundle": ("", (), 0),
    "conda": ("", (), 0),
    "mamba": ("", (), 0),
    "micromamba": ("", (), 0),
    "pixi": ("", (), 0),
    "hatch": ("", (), 0),
    "pdm": ("", (), 0),
    "rye": ("", (), 0),
    "npx": ("p", ("--package", "--call"), 0),
    "bunx": ("", (), 0),
    "pnpx": ("", (), 0),
    "uvx": ("", ("--from", "--with", "--python"), 0),
    "pipx": ("", (), 0),
}
#: Wrapper forms that need a subcommand before the payload
#: (``uv run cmd``, ``npm exec -- cmd``, ``docker exec ctr cmd``).
_SUBCOMMAND_WRAPPERS = {
    "uv": ("run",), "poetry": ("run",), "pipenv": ("run",), "bundle": ("exec",),
    "conda": ("run",), "mamba": ("run",), "micromamba": ("run",), "pixi": ("run", "exec"),
    "hatch": ("run",), "pdm": ("run",), "rye": ("run",), "pipx": ("run",), "direnv": ("exec",),
    "perf": ("record", "stat", "trace"), "gdb": ("--args",), "lldb": ("--",),
}


def h_wrapper(x) -> list:
    """Family B: a wrapper that runs its arguments as a command."""
    cmd = x.cmd
    key = cmd.key
    short, long_, npos = WRAPPERS[key]
    args = x.args
    if key in _SUBCOMMAND_WRAPPERS:
        subs = _SUBCOMMAND_WRAPPERS[key]
        idx = next((k for k, a in enumerate(args) if a.value in subs), None)
        if idx is None:
            _touch_all(x)
            return x.plain()
        args = args[idx + 1:]
        if key == "direnv" and args:
            args = args[1:]  # direnv exec DIR cmd
        if key in ("conda", "mamba", "micromamba"):
            p0 = opts.parse(args, "np", ("--name", "--prefix", "--cwd"), posix=True)
            args = p0.operands
    if key == "valgrind":
        k = 0
        while k < len(args) and args[k].value.startswith("-"):
            k += 1
        return _wrapped(x, args[k:], key)
    p = opts.parse(args, short, long_, posix=True)
    operands = p.operands
    for o, v in p.opts:
        if o in ("-o", "--output") and key in ("time", "gtime", "strace", "ltrace") and v:
            x.run.write(cmd, v, f"{key} -o")
        if key == "runuser" and o in ("-c", "--command", "--session-command") and v:
            return _code_option(x, v, "runuser -c")
        if key == "systemd-run" and o == "--working-directory":
            pass
    if key == "npx" and p.has("-c", "--call"):
        v = p.value("-c", "--call")
        if v is not None:
            return _code_option(x, v, "npx -c")
    if key == "chroot" and operands:
        operands = operands[1:]
        if not operands:
            return x.plain()
        return _wrapped(x, operands, key)
    if key in ("prlimit", "numactl", "setpriv", "unshare", "nsenter", "firejail"):
        return _wrapped(x, operands, key)
    payload = operands[npos:]
    if not payload:
        return x.plain()
    return _wrapped(x, payload, key)


def _wrapped(x, payload, name) -> list:
    if not payload:
        return x.plain()
    return x.argv(payload, name)


def _code_option(x, word, how: str) -> list:
    if word.dynamic:
        x.run.add(x.cmd)
        x.run.unknown(f"{how} runs a command assembled at run time")
        return [x.cmd]
    return x.code(word.value, how)


def h_sudo(x) -> list:
    cmd = x.cmd
    p = opts.parse(x.args, "CDghpRrtTUu",
                   ("--close-from", "--chdir", "--group", "--host", "--prompt", "--chroot",
                    "--role", "--type", "--command-timeout", "--other-user", "--user"),
                   posix=True)
    if p.has("-e", "--edit") or cmd.key == "sudoedit":
        x.run.add(cmd)
        for a in p.operands:
            x.run.write(cmd, a, "sudoedit")
        return [cmd]
    if not p.operands:
        return x.plain()
    if p.has("-s", "--shell", "-i", "--login"):
        # The command runs through the target user's shell (-c with the
        # arguments, which sudo escapes): same argv.
        pass
    return x.argv(p.operands, "sudo")


def h_su(x) -> list:
    cmd = x.cmd
    p = opts.parse(x.args, "cgGsw", ("--command", "--session-command", "--group",
                                    "--supp-group", "--shell", "--whitelist-environment"))
    code = p.value("-c", "--command", "--session-command")
    if code is None:
        x.run.add(cmd)
        if p.operands[1:]:
            x.run.unknown("su passes arguments to the user's shell")
        return [cmd]
    return _code_option(x, code, "su -c")


def h_sg(x) -> list:
    """``sg GROUP [-c] CMD``: the command runs through /bin/sh."""
    args = [a for a in x.args if a.value != "-"]
    if not args:
        return x.plain()
    rest = args[1:] if not args[0].value.startswith("-") else args
    if rest and rest[0].value == "-c":
        rest = rest[1:]
    if not rest:
        return x.plain()
    if any(w.dynamic for w in rest):
        x.run.add(x.cmd)
        x.run.unknown("sg runs a command assembled at run time")
        return [x.cmd]
    return x.code(" ".join(a.value for a in rest), "sg")


def h_env(x) -> list:
    cmd = x.cmd
    args = x.args
    extra = []
    i = 0
    new_cwd = None
    ignore_env = False
    while i < len(args):
        a = args[i]
        v = a.value
        if v == "--":
            i += 1
            break
        if v in ("-i", "--ignore-environment", "-"):
            ignore_env = True
            i += 1
            continue
        if v in ("-0", "--null", "-v", "--debug") or v.startswith(("--default-signal",
                                                                    "--ignore-signal",
                                                                    "--block-signal",
                                                                    "--list-signal")):
            i += 1
            continue
        if v in ("-u", "--unset") and i + 1 < len(args):
            x.scope.assign(args[i + 1].value, None, False)
            i += 2
            continue
        if v.startswith("--unset="):
            i += 1
            continue
        if v in ("-C", "--chdir") and i + 1 < len(args):
            new_cwd = args[i + 1]
            i += 2
            continue
        if v.startswith("--chdir=") or (v.startswith("-C") and len(v) > 2):
            val = v.split("=", 1)[1] if v.startswith("--") else v[2:]
            new_cwd = Word(val, val, dynamic=a.dynamic)
            i += 1
            continue
        if v in ("-S", "--split-string") or v.startswith(("-S", "--split-string=")):
            if v in ("-S", "--split-string"):
                s_word = args[i + 1] if i + 1 < len(args) else None
                rest = args[i + 2:]
            else:
                s_val = v[2:] if v.startswith("-S") else v.split("=", 1)[1]
                s_word = Word(s_val, s_val, dynamic=a.dynamic)
                rest = args[i + 1:]
            if s_word is None:
                return x.plain()
            if s_word.dynamic:
                x.run.add(cmd)
                x.run.unknown("env -S runs a command line assembled at run time")
                return [cmd]
            words = [Word.literal(t) for t in split_like_env(s_word.value)] + list(rest)
            return _env_payload(x, words, extra, new_cwd)
        if v.startswith("-") and len(v) > 1:
            i += 1
            continue
        eq = v.find("=")
        if eq > 0:
            extra.append((v[:eq], v[eq + 1:]))
            i += 1
            continue
        break
    payload = args[i:]
    if not payload:
        return x.plain()    # prints the environment
    del ignore_env
    return _env_payload(x, payload, extra, new_cwd)


def _env_payload(x, payload, extra, new_cwd) -> list:
    scope = x.scope
    if new_cwd is not None:
        scope = scope.child()
        if new_cwd.dynamic:
            scope.cwd = None
        else:
            scope.cwd = frozenset(paths.resolve(new_cwd.value, scope.cwd) or ()) or None
    for name, value in extra:
        if name in CODE_ENV or name.startswith(_CODE_ENV_PREFIXES):
            x.run.carrier("env", f"env {name}=... changes which code runs", x.cmd)
    return x.argv(payload, "env", extra_env=extra, scope=scope)


def split_like_env(text: str) -> list:
    """``env -S`` splitting: whitespace-separated, single and double quotes,
    backslash escapes (no expansions other than ``${VAR}``, left as is)."""
    from shell import quoting

    return quoting.split_tolerant(text)


def h_watch(x) -> list:
    p = opts.parse(x.args, "dnqg", ("--interval", "--differences", "--chgexit"), posix=True)
    if not p.operands:
        return x.plain()
    if p.has("-x", "--exec"):
        return x.argv(p.operands, "watch")
    words = p.operands
    if any(w.dynamic for w in words):
        x.run.add(x.cmd)
        x.run.unknown("watch runs a command line assembled at run time")
        return [x.cmd]
    return x.code(" ".join(w.value for w in words), "watch")


def h_flock(x) -> list:
    """``flock [opts] FILE -c CMD`` / ``flock [opts] FILE CMD ARGS`` /
    ``flock [opts] FD``."""
    cmd = x.cmd
    args = x.args
    k = 0
    code = None
    while k < len(args):
        v = args[k].value
        if v in ("-c", "--command") and k + 1 < len(args):
            code = args[k + 1]
            k += 2
            continue
        if v.startswith("--command="):
            code = Word(args[k].text, v.split("=", 1)[1], dynamic=args[k].dynamic)
            k += 1
            continue
        if v in ("-w", "--timeout", "-E", "--conflict-exit-code"):
            k += 2
            continue
        if v.startswith("-") and len(v) > 1 and v != "--":
            k += 1
            continue
        if v == "--":
            k += 1
        break
    rest = args[k:]
    if rest:
        x.run.write(cmd, rest[0], "flock", "meta")
        tail = rest[1:]
        if tail and tail[0].value in ("-c", "--command") and len(tail) > 1:
            code = tail[1]
            tail = []
        if code is not None:
            return _code_option(x, code, "flock -c")
        if tail:
            return x.argv(tail, "flock")
    if code is not None:
        return _code_option(x, code, "flock -c")
    return x.plain()


def h_script(x) -> list:
    cmd = x.cmd
    p = opts.parse(x.args, "cEIOBTm", ("--command", "--echo", "--log-in", "--log-out",
                                      "--log-io", "--log-timing", "--logging-format"))
    for o, v in p.opts:
        if o in ("-I", "-O", "-B", "-T", "--log-in", "--log-out", "--log-io",
                 "--log-timing") and v is not None:
            x.run.write(cmd, v, "script log")
    if p.operands:
        x.run.write(cmd, p.operands[0], "script")
    else:
        x.run.write(cmd, "typescript", "script")
    code = p.value("-c", "--command")
    if code is not None:
        return _code_option(x, code, "script -c")
    return x.plain()


def h_ssh(x) -> list:
    """``ssh host cmd...``: the remote command runs on another machine; its
    destructive commands still count, its paths are not local ones."""
    cmd = x.cmd
    x.run.add(cmd)
    p = opts.parse(x.args, "BbcDEeFIiJLlmOopQRSWw", posix=True)
    for o, v in p.opts:
        if o == "-o" and v is not None and v.value.lower().startswith(
                ("proxycommand", "localcommand", "permitlocalcommand")):
            x.run.carrier("ssh", "ssh -o ProxyCommand/LocalCommand runs a local command", cmd)
            if not v.dynamic and "=" in v.value:
                x.code(v.value.split("=", 1)[1], "ssh ProxyCommand")
        if o == "-E" and v is not None:
            x.run.write(cmd, v, "ssh -E")
    if len(p.operands) < 2:
        return [cmd]
    remote = p.operands[1:]
    if any(w.dynamic for w in remote):
        x.run.unknown("ssh runs a remote command assembled at run time")
        return [cmd]
    scope = x.scope.new_shell()
    scope.cwd = None
    before = len(x.run.analysis.commands)
    x.w.code(" ".join(w.value for w in remote), scope, cmd.depth + 1,
             cmd.wrappers + ["ssh"], None)
    for c in x.run.analysis.commands[before:]:
        c.remote = True
    return [cmd]


def h_container(x) -> list:
    """``docker|podman exec|run ... cmd``, ``kubectl exec ... -- cmd``: the
    command runs in a container (remote semantics)."""
    cmd = x.cmd
    x.run.add(cmd)
    vals = [a.value for a in x.args]
    if cmd.key == "kubectl":
        if "exec" in vals and "--" in vals:
            payload = x.args[vals.index("--") + 1:]
            _remote_payload(x, payload)
        _touch_all(x)
        return [cmd]
    sub = next((v for v in vals if not v.startswith("-")), None)
    if sub not in ("run", "exec"):
        _touch_all(x)
        return [cmd]
    for k, v in enumerate(vals):
        if v in ("-v", "--volume", "--mount") and k + 1 < len(vals):
            spec = vals[k + 1]
            host = spec.split(":", 1)[0]
            if host.startswith("/") and (host == "/" or paths.is_system(host)):
                x.run.find("system-write", f"{cmd.name} mounts {host} from the host into a "
                           "container", cmd)
    return [cmd]


def _remote_payload(x, payload) -> None:
    if not payload or any(w.dynamic for w in payload):
        return
    scope = x.scope.new_shell()
    scope.cwd = None
    before = len(x.run.analysis.commands)
    x.w.run_argv(payload, x.cmd, scope, x.cmd.name)
    for c in x.run.analysis.commands[before:]:
        c.remote = True


def h_at(x) -> list:
    """``at``/``batch`` read the commands to schedule from stdin (or -f FILE)."""
    cmd = x.cmd
    x.run.carrier("at", f"{cmd.name} schedules shell commands", cmd)
    x.run.add(cmd)
    p = opts.parse(x.args, "fqmMtuvlrdc")
    if p.has("-l", "-r", "-d", "-c") and cmd.name == "at":
        return [cmd]
    f = p.value("-f")
    if f is not None:
        _run_program_source(x, f, f"{cmd.name} -f")
        return [cmd]
    _program_from_stdin(x, f"{cmd.name} (commands on its input)")
    return [cmd]


def h_netcat(x) -> list:
    """``nc -e PROG``/``-c CMD``: a program wired to a network connection (a
    remote shell)."""
    cmd = x.cmd
    vals = [a.value for a in x.args]
    if any(v in ("-e", "-c", "--exec", "--sh-exec", "--lua-exec") or v.startswith(
            ("--exec=", "--sh-exec=")) for v in vals):
        x.run.find("fetched-exec", f"{cmd.name} -e/-c connects a program to the network (a "
                   "remote shell)", cmd)
    return x.plain()


def h_socat(x) -> list:
    cmd = x.cmd
    for a in x.args:
        v = a.value.lower()
        if v.startswith(("exec:", "system:")) or ",exec:" in v:
            x.run.find("fetched-exec", "socat runs a program on a connection (a remote shell)",
                       cmd)
            break
    return x.plain()


def h_busybox(x) -> list:
    if not x.args:
        return x.plain()
    first = x.args[0].value
    if first.startswith("-"):
        return x.plain()
    return x.argv(x.args, x.cmd.key)


# ---------------------------------------------------------------- xargs etc.

def h_xargs(x) -> list:
    """``xargs [opts] cmd args``: runs ``cmd args`` with arguments read from
    stdin appended (or substituted for ``-I`` text)."""
    cmd = x.cmd
    p = opts.parse(x.args, "aEeIiLlnPsd",
                   ("--arg-file", "--eof", "--replace", "--max-lines", "--max-args",
                    "--max-procs", "--max-chars", "--delimiter", "--process-slot-var"),
                   posix=True)
    x.run.carrier("xargs", "xargs runs a command with arguments read from its input", cmd)
    payload = list(p.operands) or [Word.literal("echo")]
    replace = p.value("-I", "--replace") or (Word.literal("{}") if p.has("-i") else None)
    items = _input_items(x, cmd.stdin)
    produced = []
    x.run.add(cmd)
    run = x.run
    if replace is not None and not replace.dynamic:
        marker = replace.value
        for item in items:
            words = [_replace_word(w, marker, item) for w in payload]
            before = len(run.analysis.writes)
            produced.extend(x.argv(words, "xargs", stdin=None))
            _widen_found(run, before, None)
        return produced or [cmd]
    for item in items:
        before = len(run.analysis.writes)
        produced.extend(x.argv(payload + [item], "xargs", stdin=None))
        _widen_found(run, before, None)
    return produced or [cmd]


def _replace_word(w, marker: str, item) -> Word:
    if marker and marker in w.value:
        value = w.value.replace(marker, item.value)
        return Word(w.text, value, dynamic=w.dynamic or item.dynamic)
    return w


def _input_items(x, stdin) -> list:
    """What a command reading arguments from stdin (``xargs``) receives:
    literal words from ``echo``/``printf``/here-strings; for ``find``,
    ``grep -l``, ``rg -l``, ``fd``, ``ls``, ``git ls-files`` a placeholder for
    "some path under the directories they list" (``DIR/{found}``); otherwise
    one unknown item."""
    unknown = [Word(DYN, DYN, dynamic=True)]
    if stdin is None:
        return unknown
    if stdin.kind in ("heredoc", "herestring") and not stdin.dynamic:
        return [Word.literal(t) for t in (stdin.content or "").split()] or unknown
    if stdin.kind == "pipe":
        text = _static_output(stdin.producers)
        if text is not None:
            return [Word.literal(t) for t in text.split()] or unknown
        items = []
        for prod in stdin.producers:
            roots = _listed_roots(prod)
            if roots is None:
                return unknown
            items.extend(roots)
        return items or unknown
    return unknown


def _listed_roots(prod):
    """Placeholders for the paths a file-listing command prints, or ``None``."""
    key = prod.key
    if prod.dynamic:
        return None
    if key == "find":
        return [_under(w) for w in _find_starts(prod)]
    if key in ("fd", "fdfind"):
        ops = [w for w in prod.words[1:] if not w.value.startswith("-")]
        return [_under(w) for w in ops[1:]] or [_under(Word.literal("."))]
    if key in ("grep", "egrep", "fgrep", "rg", "ag", "ack") and any(
            a in ("-l", "--files-with-matches", "-L", "--files-without-match", "--files") or (
                a.startswith("-") and not a.startswith("--") and "l" in a[1:])
            for a in prod.args):
        ops = [w for w in prod.words[1:] if not w.value.startswith("-")]
        roots = ops[1:] if key != "rg" or "--files" not in prod.args else ops
        return [_under(w) for w in roots] or [_under(Word.literal("."))]
    if key == "ls":
        ops = [w for w in prod.words[1:] if not w.value.startswith("-")]
        return [_under(w) for w in ops] or [_under(Word.literal("."))]
    if key == "git" and prod.git_subcommand in ("ls-files", "diff", "status", "grep",
                                                 "ls-tree"):
        return [_under(Word.literal("."))]
    return None


def _under(w) -> Word:
    if w.dynamic:
        return w
    return Word(w.text, w.value.rstrip("/") + "/{found}", dynamic=False)


#: find tests that exclude the start point itself from the matches.
_FIND_FILTERS = ("-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-regex",
                 "-iregex", "-newer", "-mtime", "-mmin", "-size", "-user", "-group", "-perm",
                 "-empty", "-links", "-inum", "-samefile", "-lname", "-ilname")


def _find_filtered(expr) -> bool:
    vals = [w.value for w in expr]
    if "-mindepth" in vals:
        k = vals.index("-mindepth")
        if k + 1 < len(vals) and vals[k + 1].isdigit() and int(vals[k + 1]) >= 1:
            return True
    if "-type" in vals:
        k = vals.index("-type")
        if k + 1 < len(vals) and "d" not in vals[k + 1]:
            return True
    return any(v in _FIND_FILTERS for v in vals)


def _find_name(expr):
    """The ``-name`` glob when it is the only name test (else ``None``)."""
    vals = [w for w in expr]
    names = [vals[k + 1] for k in range(len(vals) - 1) if vals[k].value == "-name"]
    if len(names) == 1 and not names[0].dynamic and not any(
            v.value in ("-o", "-or", "!", "-not", "-path", "-iname", "-regex", "-wholename")
            for v in vals):
        return names[0].value
    return None


def _find_maxdepth(expr):
    vals = [w.value for w in expr]
    if "-maxdepth" in vals:
        k = vals.index("-maxdepth")
        if k + 1 < len(vals) and vals[k + 1].isdigit():
            return int(vals[k + 1])
    return None


def _widen_found(run, before: int, name_filter, max_depth=None) -> None:
    """Writes a ``find -exec`` payload made to ``START/{found}`` affect every
    match under START: record them as recursive writes to START."""
    for wr in run.analysis.writes[before:]:
        if wr.abs and wr.abs.endswith("/{found}"):
            wr.abs = wr.abs[:-len("/{found}")] or "/"
            wr.rel = run.rel(wr.abs)
            wr.given = wr.given.replace("/{found}", "")
            wr.recursive = True
            wr.pattern = name_filter
            wr.max_depth = max_depth


def _find_match(start, filtered: bool) -> Word:
    """What ``{}`` stands for: the start point itself (find includes it when
    no test excludes it), or a path strictly below it."""
    if not filtered or start.dynamic:
        return start
    value = start.value.rstrip("/") + "/{found}"
    return Word(start.text, value, dynamic=False)


def _find_starts(find_cmd) -> list:
    starts = []
    for w in find_cmd.words[1:]:
        v = w.value
        if v.startswith("-") or v in ("(", "!", ")"):
            break
        starts.append(w)
    return starts or [Word.literal(".")]


def h_parallel(x) -> list:
    """GNU parallel: the command template runs through a shell with each
    argument (after ``:::``) substituted for ``{}`` or appended; without a
    template the arguments are commands."""
    cmd = x.cmd
    x.run.carrier("parallel", "parallel runs commands built from its arguments", cmd)
    x.run.add(cmd)
    args = x.args
    seps = [k for k, a in enumerate(args) if a.value in (":::", "::::", ":::+", "::::+")]
    cut = seps[0] if seps else len(args)
    p = opts.parse(args[:cut], "jJSaAdEIkLmnNsXoOuwe",
                   ("--jobs", "--sshlogin", "--arg-file", "--delimiter", "--eof",
                    "--replace", "--max-lines", "--max-args", "--colsep", "--results",
                    "--joblog", "--workdir", "--tmpdir", "--sshloginfile", "--basefile"),
                   posix=True)
    for o, v in p.opts:
        if o in ("--results", "--joblog") and v is not None:
            x.run.write(cmd, v, f"parallel {o}")
    template = p.operands
    values = []
    if seps:
        values = [a for a in args[cut + 1:] if a.value not in (":::", "::::", ":::+", "::::+")]
    else:
        values = _input_items(x, cmd.stdin)
    if any(w.dynamic for w in template):
        x.run.unknown("parallel runs a command template assembled at run time")
        return [cmd]
    if not template:
        for v in values:
            if v.dynamic:
                x.run.unknown("parallel runs commands read at run time")
                continue
            x.code(v.value, "parallel")
        return [cmd]
    text = " ".join(w.value for w in template)
    for v in values or [Word(DYN, DYN, dynamic=True)]:
        val = v.value if not v.dynamic else "_pg_unknown_arg_"
        line = text.replace("{}", val) if "{}" in text else f"{text} {val}"
        if v.dynamic:
            x.run.unknown("parallel's arguments are read at run time")
        x.code(line, "parallel")
    return [cmd]


def h_find(x) -> list:
    """``find PATH... EXPR``: ``-exec/-execdir/-ok/-okdir`` run commands on
    every match (``{}`` stands for a path under the start points), ``-delete``
    removes every match, ``-fprint*``/``-fls`` write files."""
    cmd = x.cmd
    run = x.run
    run.add(cmd)
    args = x.args
    k = 0
    while k < len(args) and args[k].value in ("-H", "-L", "-P") or (
            k < len(args) and args[k].value.startswith("-O") and len(args[k].value) <= 3) or (
            k < len(args) and args[k].value == "-D"):
        k += 2 if (k < len(args) and args[k].value == "-D") else 1
    starts = []
    while k < len(args):
        v = args[k].value
        if v.startswith("-") or v in ("(", "!", ")", ","):
            break
        starts.append(args[k])
        k += 1
    if not starts:
        starts = [Word.literal(".")]
    produced = [cmd]
    filtered = _find_filtered(args[k:])
    name_filter = _find_name(args[k:])
    max_depth = _find_maxdepth(args[k:])
    while k < len(args):
        v = args[k].value
        if v in ("-exec", "-execdir", "-ok", "-okdir"):
            j = k + 1
            payload = []
            while j < len(args) and args[j].value not in (";", "+"):
                payload.append(args[j])
                j += 1
            run.carrier("find-exec", f"find {v} runs a command for every match", cmd)
            for start in starts:
                match = _find_match(start, filtered)
                words = [_replace_word(w, "{}", match) if "{}" in w.value else w
                         for w in payload]
                before = len(run.analysis.writes)
                produced.extend(x.argv(words, f"find {v}", stdin=None))
                _widen_found(run, before, name_filter, max_depth)
            k = j + 1
            continue
        if v == "-delete":
            for start in starts:
                before = len(run.analysis.writes)
                run.write(cmd, start, "find -delete", "delete", recursive=True, follow=False)
                for wr in run.analysis.writes[before:]:
                    wr.pattern = name_filter
                    wr.max_depth = max_depth
                match = _find_match(start, filtered)
                targets = run.resolve(match.value, cmd, follow=False) if not match.dynamic \
                    else None
                _judge_delete(x, match, targets, recursive=True, force=True,
                              how="find -delete")
            k += 1
            continue
        if v in ("-fprint", "-fprint0", "-fls", "-fprintf") and k + 1 < len(args):
            run.write(cmd, args[k + 1], f"find {v}")
            k += 3 if v == "-fprintf" else 2
            continue
        k += 1
    return produced


# ================================================================ shells

def h_shell(x) -> list:
    """``bash|sh|zsh... [-opts] [-c STRING [NAME ARGS...]] | [FILE ARGS] |
    (stdin)`` — family C."""
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
            x.run.carrier("shell-rc", f"{cmd.name} {v} runs a start-up file", cmd)
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
            x.run.find("fetched-exec", f"{cmd.name} is connected to a network socket "
                       f"({r.target.value}): a remote shell", cmd)
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
            origin = _dynamic_origin(program)
            if origin:
                x.run.find("fetched-exec", f"{cmd.name} -c runs {origin}: content from the "
                           "network would run", cmd)
            x.run.unknown(f"{cmd.name} -c runs a string assembled at run time")
            x.code(program.value, f"{cmd.name} -c")
            return [cmd]
        scope = x.scope.new_shell(positional=positional if not any(
            w.dynamic for w in rest[1:]) else None)
        scope.arg0 = arg0
        x.code(program.value, f"{cmd.name} -c", scope=scope)
        return [cmd]
    if rest and not stdin_mode:
        _run_program_source(x, rest[0], cmd.name)
        _touch_rest(x, rest[1:])
        return [cmd]
    _program_from_stdin(x, f"{cmd.name} (reading commands from its input)")
    return [cmd]


def _touch_rest(x, words) -> None:
    for w in words:
        x.run.touched(x.cmd, w)


def _program_from_stdin(x, how: str, language: str = "sh") -> None:
    cmd, run = x.cmd, x.run
    st = cmd.stdin
    if st is None:
        return   # interactive: reads from the terminal (nothing to analyse)
    if st.kind in ("heredoc", "herestring"):
        if st.dynamic:
            run.unknown(f"{how}: the program contains parts computed at run time")
        if language == "sh":
            x.code(st.content or "", how)
        else:
            _interpreter_code(x, language, st.content or "", how, dynamic=st.dynamic)
        return
    if st.kind == "pipe":
        producers = list(st.producers)
        net = [p for p in producers if p.key in NETWORK]
        if net:
            run.find("fetched-exec", f"{cmd.name} runs what {net[0].name} downloads (fetched "
                     "content piped into an interpreter); download it to a file, read it, "
                     "then run it", cmd)
            run.unknown(f"{cmd.name} runs downloaded code")
            return
        text = _static_output(producers)
        if text is None:
            names = ", ".join(sorted({p.name or "?" for p in producers})) or "another command"
            run.unknown(f"{cmd.name} runs code produced at run time by {names}")
            return
        if language == "sh":
            x.code(text, how)
        else:
            _interpreter_code(x, language, text, how)
        return
    if st.kind == "file":
        if st.dynamic:
            run.unknown(f"{cmd.name} reads its program from a file named at run time")
            return
        if st.path and st.path.startswith(("/dev/tcp/", "/dev/udp/")):
            run.find("fetched-exec", f"{cmd.name} runs what arrives on a network connection "
                     f"({st.path})", cmd)
            return
        _run_program_source(x, Word.literal(st.path), how)
        return
    run.unknown(f"{cmd.name} reads its program from its input")


# ============================================================ interpreters

#: interpreter → (options whose value is inline code, options taking another
#: value, options meaning "program on stdin", language)
INTERPRETERS = {
    "python": (("-c",), ("-m", "-W", "-X", "-Q"), (), "python"),
    "node": (("-e", "--eval", "-p", "--print"), ("-r", "--require", "--import", "--loader",
                                                "--experimental-loader", "-C", "--conditions",
                                                "--input-type", "--env-file"), (), "js"),
    "nodejs": (("-e", "--eval", "-p", "--print"), ("-r", "--require", "--import"), (), "js"),
    "deno": (("eval",), (), (), "js"),
    "bun": (("-e", "--eval", "-p", "--print"), (), (), "js"),
    "perl": (("-e", "-E"), ("-M", "-m", "-I", "-x", "-0", "-l", "-F", "-C", "-d", "-D"), (),
             "perl"),
    "ruby": (("-e",), ("-r", "-I", "-C", "-E", "-F", "-K", "-T", "-W", "-x", "-0"), (), "ruby"),
    "php": (("-r", "-B", "-R", "-E"), ("-c", "-d", "-z", "-t", "-F"), (), "php"),
    "lua": (("-e",), ("-l",), (), "lua"),
    "luajit": (("-e",), ("-l", "-j", "-O", "-b"), (), "lua"),
    "rscript": (("-e",), (), (), "r"),
    "r": (("-e",), (), (), "r"),
    "osascript": (("-e",), ("-l",), (), "applescript"),
    "pwsh": (("-c", "-command", "-Command", "-encodedcommand", "-EncodedCommand", "-e",
              "-ec"), ("-file", "-File", "-f"), (), "powershell"),
    "powershell": (("-c", "-command", "-Command", "-encodedcommand", "-EncodedCommand"),
                   ("-file", "-File"), (), "powershell"),
    "tclsh": ((), (), (), "tcl"),
    "wish": ((), (), (), "tcl"),
    "jshell": ((), (), (), "java"),
    "groovy": (("-e",), (), (), "groovy"),
    "scala": (("-e",), (), (), "scala"),
    "kotlin": (("-e",), (), (), "kotlin"),
    "julia": (("-e", "--eval", "-E", "--print"), ("-L", "--load"), (), "julia"),
    "elixir": (("-e", "--eval"), ("-r",), (), "elixir"),
    "erl": (("-eval",), (), (), "erlang"),
    "swift": (("-e",), (), (), "swift"),
    "dotnet-script": (("-e", "--eval"), (), (), "csharp"),
    "gawk": ((), ("-f", "-v", "-F", "-i", "-l", "-E", "--file", "--assign",
                  "--field-separator", "--include", "--load", "--exec"), (), "awk"),
}


def h_python(x) -> list:
    return _interpreter(x, "python")


def h_interp(x) -> list:
    return _interpreter(x, x.cmd.key)


def _interpreter(x, key: str) -> list:
    """An interpreter: inline code (``-c``/``-e``) is scanned
    (:mod:`shell.codescan`); ``-`` or no program means the program comes from
    stdin; otherwise the first operand is a script file."""
    cmd = x.cmd
    run = x.run
    code_opts, value_opts, _stdin_opts, language = INTERPRETERS.get(key, INTERPRETERS["python"])
    run.add(cmd)
    args = x.args
    i = 0
    codes = []
    module = None
    in_place = False
    while i < len(args):
        a = args[i]
        v = a.value
        if v == "--":
            i += 1
            break
        if key == "deno" and v == "eval":
            codes.extend(args[i + 1:i + 2])
            i = len(args)
            break
        hit = next((o for o in code_opts if v == o), None)
        if hit is not None:
            if i + 1 < len(args):
                codes.append(args[i + 1])
            i += 2
            if key == "python":
                break  # everything after -c CODE is argv for the code
            continue
        glued = next((o for o in code_opts if o.startswith("-") and len(o) == 2 and
                      v.startswith(o) and len(v) > 2), None)
        if glued is not None and key in ("python", "perl", "ruby", "node", "php", "lua"):
            codes.append(Word(v[2:], v[2:], dynamic=a.dynamic))
            i += 1
            if key == "python":
                break
            continue
        if key in ("perl", "ruby") and v.startswith("-") and not v.startswith("--") and \
                len(v) > 1:
            letters = v[1:]
            if "i" in letters:
                in_place = True
            if "e" in letters or "E" in letters:
                pos = max(letters.find("e"), letters.find("E"))
                tail = letters[pos + 1:]
                if tail:
                    codes.append(Word(tail, tail, dynamic=a.dynamic))
                    i += 1
                elif i + 1 < len(args):
                    codes.append(args[i + 1])
                    i += 2
                else:
                    i += 1
                continue
            if any(ch in "MmIxlFCdD0" for ch in letters[:1]) and len(letters) == 1 and \
                    i + 1 < len(args) and letters[0] in "MIx":
                i += 2
                continue
            i += 1
            continue
        if v == "-m" and key == "python":
            module = args[i + 1] if i + 1 < len(args) else None
            i += 2
            break
        if key == "python" and v.startswith("-m") and len(v) > 2:
            module = Word(v[2:], v[2:], dynamic=a.dynamic)
            i += 1
            break
        if v in value_opts:
            i += 2
            continue
        if v.startswith("-") and len(v) > 1:
            i += 1
            continue
        break
    rest = args[i:]
    if codes:
        run.carrier("interpreter", f"{cmd.name} runs inline code", cmd)
        for c in codes:
            _interpreter_code(x, language, c.value, f"{cmd.name} inline code",
                              dynamic=c.dynamic, word=c)
        if in_place:
            for w in rest:
                run.write(cmd, w, f"{cmd.name} -i")
        else:
            _touch_rest(x, rest)
        return [cmd]
    if module is not None:
        _python_module(x, module, rest)
        return [cmd]
    if key == "gawk":
        return [cmd]
    if not rest or rest[0].value == "-":
        _program_from_stdin(x, f"{cmd.name} (program on its input)", language)
        return [cmd]
    _run_program_source_interp(x, rest[0], language)
    if in_place:
        for w in rest[1:]:
            run.write(cmd, w, f"{cmd.name} -i")
    else:
        _touch_rest(x, rest[1:])
    return [cmd]


def _run_program_source_interp(x, word, language: str) -> None:
    run, cmd = x.run, x.cmd
    sources = getattr(word, "sources", ()) or ()
    procs = [c for kind, cmds in sources if kind.startswith("procsub") for c in cmds or ()]
    if procs:
        net = [p for p in procs if p.key in NETWORK]
        if net:
            run.find("fetched-exec", f"{cmd.name} runs what {net[0].name} downloads", cmd)
        run.unknown(f"{cmd.name} runs a program produced at run time")
        return
    if word.dynamic:
        run.unknown(f"{cmd.name} runs a script whose path is computed at run time")
        return
    targets = paths.resolve(word.value, cmd.cwd)
    for t in targets or ():
        if t in x.scope.files:
            content = x.scope.files[t]
            if content is None:
                run.unknown(f"{cmd.name} runs {word.value}, written earlier in this command "
                            "with content that cannot be known")
            else:
                _interpreter_code(x, language, content, f"{cmd.name} {word.value}")
            return
    run.script(cmd, word)


_PY_MODULE_WRITERS = {"json.tool": 2, "zipfile": None, "tarfile": None, "gzip": None,
                      "compileall": None, "py_compile": None, "venv": 1, "pip": None,
                      "ensurepip": None, "shutil": None}


def _python_module(x, module, rest) -> None:
    run, cmd = x.run, x.cmd
    if module.dynamic:
        run.unknown("python -m runs a module named at run time")
        return
    name = module.value
    if name in ("http.server", "pydoc", "timeit", "this", "site", "platform", "sysconfig",
                "calendar", "unittest", "pytest", "doctest", "tokenize", "ast", "dis",
                "pstats", "cProfile", "trace", "mypy", "ruff", "black", "isort", "flake8",
                "pylint", "coverage", "pip", "build", "twine", "venv", "json.tool", "uv"):
        pass
    if name == "pip":
        from shell import fileops

        fileops.pip_effects(x, cmd.word, rest)
        return
    if name == "json.tool":
        ops = [w for w in rest if not w.value.startswith("-")]
        if len(ops) >= 2:
            run.write(cmd, ops[1], "python -m json.tool")
        return
    if name in ("shutil", "os"):
        run.unknown(f"python -m {name} with arguments")
    _touch_rest(x, rest)


def _interpreter_code(x, language: str, code: str, how: str, dynamic: bool = False,
                      word=None) -> None:
    """Scan inline interpreter code (see :mod:`shell.codescan`)."""
    from shell import codescan

    run, cmd = x.run, x.cmd
    if dynamic:
        origin = _dynamic_origin(word) if word is not None else None
        if origin:
            run.find("fetched-exec", f"{how} comes from {origin}: content from the network "
                     "would run", cmd)
        run.unknown(f"{how} is assembled at run time")
    report = codescan.scan(language, code)
    for reason in report.unknown:
        run.unknown(f"{how}: {reason}")
    for family, message in report.destructive:
        run.find(family, f"{how}: {message}", cmd)
    for shell_code in report.shell:
        x.code(shell_code, f"{how} (subprocess)")
    for argv in report.argv:
        x.argv([Word.literal(a) if a is not None else Word(DYN, DYN, dynamic=True)
                for a in argv], f"{how} (subprocess)", stdin=None)
    for kind, path, recursive in report.writes:
        if path is None:
            run.unknown(f"{how} writes a file whose name is computed at run time")
            continue
        targets = run.write(cmd, Word.literal(path), how,
                            "delete" if kind == "delete" else "write",
                            recursive=recursive, follow=kind != "delete")
        if kind == "delete":
            _judge_delete(x, Word.literal(path), targets, recursive=recursive, force=True,
                          how=how)
    if report.can_write:
        for lit in report.literals:
            run.touched(cmd, Word.literal(lit))
    if report.network:
        run.carrier("interpreter-network", f"{how} makes network requests", cmd)
    for method in report.http_methods:
        run.http(method, cmd)


# Handlers assembled below (file operations, network, git, read-only tools)
# in shell.fileops; HANDLERS is completed there to keep this module readable.
HANDLERS: dict = {}


def _judge_delete(x, word, targets, recursive: bool, force: bool, how: str) -> None:
    from shell import fileops

    fileops.judge_delete(x, word, targets, recursive, force, how)


def _register() -> None:
    from shell import fileops, gitcmd, net

    for name in _DATA_COMMANDS:
        HANDLERS[name] = h_data
    HANDLERS.update({
        "cd": h_cd, "pushd": h_cd, "popd": h_cd,
        "export": h_assign_builtin, "declare": h_assign_builtin, "typeset": h_assign_builtin,
        "local": h_assign_builtin, "readonly": h_assign_builtin,
        "unset": h_unset, "read": h_read, "mapfile": h_mapfile, "readarray": h_mapfile,
        "set": h_set, "alias": h_alias, "trap": h_trap, "eval": h_eval,
        "source": h_source, ".": h_source, "exec": h_exec, "command": h_command,
        "builtin": h_builtin, "let": h_let, "enable": h_enable, "compgen": h_compgen,
        "hash": h_hash, "at": h_at, "batch": h_at, "nc": h_netcat, "ncat": h_netcat,
        "netcat": h_netcat, "socat": h_socat,
        "complete": h_compgen, "fc": h_fc, "history": h_data,
        "kill": h_kill, "killall5": h_kill,
        "sudo": h_sudo, "sudoedit": h_sudo, "su": h_su, "sg": h_sg, "env": h_env,
        "watch": h_watch, "flock": h_flock, "script": h_script, "ssh": h_ssh,
        "docker": h_container, "podman": h_container, "kubectl": h_container,
        "nerdctl": h_container,
        "xargs": h_xargs, "parallel": h_parallel, "find": h_find,
    })
    for name in WRAPPERS:
        HANDLERS[name] = h_wrapper
    for name in SHELLS:
        HANDLERS[name] = h_shell
    for name in INTERPRETERS:
        HANDLERS[name] = h_interp
    HANDLERS["python"] = h_python
    HANDLERS["python3"] = h_python
    fileops.register(HANDLERS)
    net.register(HANDLERS)
    gitcmd.register(HANDLERS)
    for name in ("docker", "podman", "kubectl", "nerdctl"):
        HANDLERS[name] = fileops.h_infra


_register()
