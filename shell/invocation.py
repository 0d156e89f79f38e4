"""What every command family's handler works with (SPEC §4): :class:`X`, one
invocation being interpreted, the vocabulary several families share (code-
running environment variables, network programs) and small helpers.

A handler is ``h_NAME(x: X) -> list``: it records what the command does into
``x.run`` (a :class:`shell.run.Run`: findings, carriers, writes, touched
paths, scripts, *unknown*) and returns the simple commands it produced (the
command itself, and for wrappers the commands they ran), for provenance of
pipes and substitutions. The registry (:mod:`shell.registry`) decides which
handler sees a command; :func:`call_as` runs one on behalf of its family.
"""

from __future__ import annotations

import shell.paths as paths
from shell.model import DYN, Msg, SimpleCommand, Word
from statefiles.atomic import read_bytes

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


#: Prefixes of environment variables that change which code runs (see
#: :data:`CODE_ENV`).
CODE_ENV_PREFIXES = ("LD_", "DYLD_", "GIT_CONFIG_KEY_", "GIT_CONFIG_VALUE_", "BASH_FUNC_")


#: Programs that fetch content from the network (family C: fetched content
#: piped into a shell).
NETWORK = frozenset({"curl", "wget", "fetch", "http", "https", "xh", "xhs", "aria2c", "lynx",
                     "links", "w3m", "nc", "ncat", "netcat", "socat", "telnet", "ftp", "tftp",
                     "scp", "sftp", "rsync", "ssh", "gh", "httpie", "axel", "lwp-request",
                     "GET", "POST", "invoke-webrequest", "iwr", "powershell", "pwsh"})


class X:
    """One invocation being interpreted: ``w`` the :class:`shell.walker.Walker`,
    ``run`` its :class:`shell.run.Run`, ``cmd`` the
    :class:`shell.model.SimpleCommand`, ``scope`` the
    :class:`shell.walker.Scope` it runs in, ``args`` its argument
    :class:`shell.model.Word` list (``cmd.words[1:]``), ``cond`` whether it
    runs conditionally (after ``&&``/``||``, in a loop), ``assigns`` its
    ``VAR=value`` prefixes as ``(name, Word, op)``."""

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
        """Record the command as it is (nothing more to judge); returns
        ``[cmd]``."""
        self.run.add(self.cmd)
        return [self.cmd]

    def code(self, text: str, wrapper: str, scope=None, stdin=None, step: int = 1) -> list:
        """Run ``text`` as shell code on behalf of this command (``bash -c``,
        ``eval``, ``watch``...): in ``scope`` (default: a new shell that
        inherits exported variables only), ``step`` levels deeper, with
        ``wrapper`` appended to the produced commands' ``wrappers``. Returns
        the top-level commands it ran."""
        sc = scope if scope is not None else self.scope.new_shell()
        return self.w.code(text, sc, self.cmd.depth + step, self.cmd.wrappers + [wrapper],
                           stdin)

    def argv(self, words, wrapper: str, extra_env=(), stdin="inherit", scope=None) -> list:
        """Run the Words ``words`` as a command on behalf of this one
        (``sudo CMD``, ``xargs CMD``, ``find -exec CMD``); ``extra_env``:
        ``[(name, value)]`` set for it; ``stdin``: ``"inherit"`` (this
        command's), ``None`` or a :class:`shell.model.Stdin`. Returns the
        commands it produced."""
        return self.w.run_argv(words, self.cmd, scope if scope is not None else self.scope,
                               wrapper, extra_env, stdin)


#: Most arguments of one command inspected for paths and payloads.
MAX_ARGS_INSPECTED = 256


def call_as(family: str, handler, x: X, *args):
    """Run ``handler(x, *args)`` with ``x.run.command_family`` set to ``family``, so
    that every finding and carrier it records names the command family that
    produced it (``Finding.command_family``); returns what the handler
    returns."""
    run = x.run
    outer = run.command_family
    run.command_family = family
    try:
        return handler(x, *args)
    finally:
        run.command_family = outer


def dynamic_origin(word: Word) -> Msg | None:
    """When a dynamic word's value comes from a network command, name it."""
    for _kind, cmds in getattr(word, "sources", ()) or ():
        for c in cmds or ():
            if c.key in NETWORK:
                return Msg("shell.find.where_output_of", names=c.name)
    return None


def is_assignment(word: str) -> bool:
    """``NAME=value`` with a shell variable name before the ``=`` (what
    ``sudo``/``env`` take as an environment setting before the command)."""
    name, eq, _value = word.partition("=")
    return bool(eq) and bool(name) and not name[0].isdigit() and all(
        c == "_" or c.isascii() and c.isalnum() for c in name)


def in_directory(x: X, cwd):
    """A child scope of ``x``'s whose working directory is the Word ``cwd``
    resolved against the current one (``None``, a dynamic Word or a path
    that does not resolve: unknown), for a wrapper that changes directory
    before its payload (``env -C``, ``sudo -D``, ``systemd-run
    --working-directory``)."""
    scope = x.scope.child()
    if cwd is None or cwd.dynamic:
        scope.cwd = None
    else:
        found = paths.resolve(cwd.value, scope.cwd)
        scope.cwd = frozenset(found) if found else None
    return scope


def touch_all(x: X) -> None:
    """Record every non-option argument (up to :data:`MAX_ARGS_INSPECTED`)
    as a path the command may write (``Analysis.touched``)."""
    for a in x.args[:MAX_ARGS_INSPECTED]:
        if a.value.startswith("-") and "=" not in a.value:
            continue
        x.run.touched(x.cmd, a)


def touch_rest(x: X, words) -> None:
    """Record each Word of ``words`` as a path the command may write."""
    for w in words:
        x.run.touched(x.cmd, w)


def write_each(x: X, words, how: str) -> None:
    """Record each Word of ``words`` as a file the command writes (``how``,
    e.g. ``"sed -i"``: an in-place edit), checked like every write
    (``Run.write``)."""
    for w in words:
        x.run.write(x.cmd, w, how)


def code_option(x: X, word: Word, how: str) -> list:
    """The option value ``word`` is a command line run through a shell
    (``su -c``, ``flock -c``, ``npx -c``): analyse it, or make the analysis
    unknown when it is computed at run time. Returns the produced
    commands."""
    if word.dynamic:
        x.run.add(x.cmd)
        x.run.unknown(Msg("shell.unknown.code_option_dynamic", how=how))
        return [x.cmd]
    return x.code(word.value, how)


def cwd_word(cmd: SimpleCommand) -> Word:
    """The command's working directory as a Word (dynamic when it is not
    one known directory): the target of ``tar -x``, ``wget -r``..."""
    if cmd.cwd is not None and len(cmd.cwd) == 1:
        return Word.literal(next(iter(cmd.cwd)))
    return Word(DYN, DYN, dynamic=True)


def http_method(run, cmd: SimpleCommand, value: str) -> None:
    """Record the HTTP method spelled ``value`` (any case, blanks around)
    for ``cmd`` (:meth:`shell.run.Run.http`: DELETE/PURGE are destructive
    ``http-delete`` findings, SPEC §3; others feed ``Analysis.http_methods``
    for phase 7E, SPEC §5)."""
    method = value.strip().upper()
    if not method:
        return
    run.http(method, cmd)


def request_methods(x: X, who: str, explicit, implied: str | None = None, headers=(),
                    overrides=()) -> None:
    """The HTTP methods a client requests (:func:`http_method` for each):
    the ``explicit`` method Words (``-X``, ``--method``; computed at run
    time → unknown, naming ``who``), else the ``implied`` one (``"POST"``
    for data, ``"PUT"`` for uploads, or ``None``), then the method-override
    ``headers`` (Words) starting with one of ``overrides`` (lower case)."""
    run, cmd = x.run, x.cmd
    for v in explicit:
        if v.dynamic:
            run.unknown(Msg("shell.unknown.http_method_dynamic", who=who))
        else:
            http_method(run, cmd, v.value)
    if not explicit and implied is not None:
        run.http(implied, cmd)
    for h in headers:
        if h.value.lower().startswith(overrides):
            http_method(run, cmd, h.value.split(":", 1)[1])


def code_carrier(x: X, kind: str, value: Word, carrier: str, unknown: str, how: str) -> None:
    """An option whose value the command runs as shell code (``rebase -x``,
    ``rsync -e``, ``split --filter``, ``zip -TT``...): a ``kind`` carrier
    saying ``carrier``; the code is analysed (its commands' wrapper is
    ``how``), or the analysis is unknown (``unknown`` says why) when the
    value is computed at run time."""
    x.run.carrier(kind, carrier, x.cmd)
    if value.dynamic:
        x.run.unknown(unknown)
    else:
        x.code(value.value, how)


def file_text(path: str, cmd: SimpleCommand, limit: int = 2 * 1024 * 1024):
    """The text of the file ``path`` names in ``cmd``'s working directory
    (a sed/awk script, a patch, a crontab), or ``None`` when it cannot be
    read, is larger than ``limit`` bytes, or the directory is not known.
    UTF-8 with replacement; a FIFO is refused, never waited on."""
    targets = paths.resolve(path, cmd.cwd)
    if not targets:
        return None
    try:
        data = read_bytes(targets[0], limit + 1)  # a FIFO is refused, never waited on
    except OSError:
        return None
    if len(data) > limit:
        return None
    return data.decode("utf-8", "replace")
