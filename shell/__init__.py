"""Shell analysis: see a Bash command the way bash will run it (SPEC §4).

Every guard that reads a Bash command uses this package (through
``ctx.shell``): bash-check, coherence, lint, the workflow guards (read-only
checks), the permission gate (phase 7E) and write detection. Bypass families
A–G of ``reference/bypass-families.md`` are what it is built to defeat.

Interface (stable; guards and the permission gate code against it):

* :func:`analyse(command, root, cwd, home) <analyse>` → :class:`Analysis`
* ``Analysis.unknown`` (bool) and ``Analysis.reasons`` (list of str): the
  command could not be fully resolved — parse failure, size limit (64 KiB),
  depth limit, a command name or executed code computed at run time (``$x``,
  ``eval "$y"``, ``bash -c "$z"``, a shell reading code from a pipe it cannot
  see). **Unknown is never safe.**
* ``Analysis.too_complex`` (bool): the analysis reached its deadline
  (:mod:`shell.limits`) and stopped; it is also unknown.
  bash-check blocks it as "too complex to check"; the gate shows the dialog.
* ``Analysis.commands``: every simple command as it will run, nested ones
  included (``bash -c``/``eval``/alias strings, substitutions, wrappers'
  payloads, ``xargs``/``find -exec``/``parallel`` payloads, code run by
  interpreter one-liners), each a :class:`SimpleCommand` with ``.name``
  (base name), ``.word``, ``.argv``, ``.words``, ``.assignments``,
  ``.redirects``, ``.depth``, ``.wrappers``, ``.dynamic``, ``.trusted``,
  ``.git_subcommand``, ``.git_args``, ``.git_globals``, ``.cwd``, ``.remote``.
  Wrappers (``sudo``, ``env``, ``timeout``, ``command``...) are peeled off and
  listed in ``.wrappers`` of the command they run.
* ``Analysis.read_only`` / ``Analysis.mutating``: safe to run while
  uninitialised or on main (nothing written, nothing run but known readers) /
  anything else.
* ``Analysis.destructive``: list of :class:`Finding` (``family``, ``message``,
  ``command``) — what bash-check blocks. Families: ``rm-recursive``,
  ``git-history``, ``force-push``, ``disk``, ``chmod-system``,
  ``system-write``, ``fork-bomb``, ``fetched-exec``, ``http-delete``,
  ``gh-delete``, ``process-kill``, ``system-power``, ``infra-destroy``,
  ``data-destroy``, ``package-remove``, ``service-stop``, ``fanout-exec``,
  ``depth-limit``. ``Finding.certain`` is False when the finding rests on a
  value only known at run time (``rm -rf "$X"``). ``Finding.command_family``
  names the command family that produced it (``shell/families/``, see
  :mod:`shell.registry`); bash-check stops a finding at its command
  family's level (:mod:`shell.severity`: block, ask or warn).
* ``Analysis.carriers``: list of :class:`Finding` — code-execution carriers
  (``find -exec``, ``xargs``, ``parallel``, ``git -c``/``git config`` of
  code-running keys, ``rebase -x``, ``tar --to-command``, ``sed e/w``, ``awk
  system``, interpreter one-liners, ``eval``, ``source``, code-running
  environment variables...) — what the permission gate's 7E never approves.
* ``Analysis.http_methods``: HTTP methods other than GET/HEAD requested in any
  spelling (``curl -X DELETE``/``-XDELETE``/``--request=DELETE``, data flags
  implying POST, ``gh api -X``...), upper-case, no duplicates;
  ``Analysis.http_requests`` has ``(method, command)`` pairs.
* ``Analysis.writes``: list of :class:`Write` — every file the command writes,
  deletes, moves or changes the mode of (redirects, ``tee``, ``sed -i``,
  ``cp``/``mv``/``install``/``ln``/``dd of=``/``sort -o``/``truncate``/``rm``,
  archive extraction, interpreter one-liners, ``git checkout|restore --
  <path>``...), resolved against the working directory the command runs in;
  ``abs is None`` when the path is not statically known.
* ``Analysis.touched``: :class:`Write` entries (``possible=True``) for paths
  handed to programs the analysis does not model — they may write them.
* ``Analysis.scripts``: ``[(command, abs_path)]`` — script files run
  (``bash x.sh``, ``python x.py``, ``./x``, ``source x``).
* ``Analysis.functions`` / ``Analysis.aliases``: names defined in the command.
* ``Analysis.all_commands(pred)``: every simple command satisfies ``pred``
  (False when unknown or empty).
* :func:`is_read_only(cmd) <is_read_only>`: one command only reads.

Structure: :mod:`shell.walker` walks the command the way bash runs it and
hands every simple command to :mod:`shell.dispatch`, which asks the handler
registry (:mod:`shell.registry`) for the command's family module under
``shell/families/`` (one module per command family, each with its ``FAMILY``
and ``COMMANDS`` table at the top); :mod:`shell.run` collects the results.

Speed: plain commands (no shell syntax) are split without
bashlex; bashlex is imported with pre-built parser tables
(:mod:`shell.bashparse`); family modules are imported on first use.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (hot path)
if TYPE_CHECKING:
    from shell.model import SimpleCommand

# Imports: importing this package loads nothing else. The analyser
# (shell.run, shell.walker, the registry, shell.readonly) is imported by the
# functions below when they are first called, and the model's names on first
# access (:func:`__getattr__`), because the package is also imported for its
# small leaf modules on paths that never analyse a command: shell.quoting by
# the permission gate's phase 3 (PermissionRequest hot path).

__all__ = ["analyse", "Analysis", "SimpleCommand", "Finding", "Write", "Redirect", "Word",
           "Stdin", "DYN", "is_read_only", "READ_ONLY_COMMANDS"]


class Analysis:
    """The result of analysing one command string (see the module docstring)."""

    __slots__ = ("command", "commands", "unknown", "reasons", "destructive", "carriers",
                 "http_methods", "http_requests", "writes", "touched", "scripts", "functions",
                 "aliases", "parser", "too_complex")

    def __init__(self, command: str) -> None:
        self.command = command
        self.commands: list = []
        self.unknown = False
        self.reasons: list = []
        self.destructive: list = []
        self.carriers: list = []
        self.http_methods: list = []
        self.http_requests: list = []
        self.writes: list = []
        self.touched: list = []
        self.scripts: list = []
        self.functions: list = []
        self.aliases: list = []
        #: which front end read the command: "plain" (no shell syntax, split
        #: on spaces), "simple" (shell.simple subset) or "bashlex"
        self.parser = "plain"
        #: the analysis stopped at its deadline: unknown,
        #: and the command is "too complex to check"
        self.too_complex = False

    def all_commands(self, pred) -> bool:
        """True when the command is fully understood and every simple command
        satisfies ``pred``."""
        return not self.unknown and bool(self.commands) and all(pred(c) for c in self.commands)

    @property
    def read_only(self) -> bool:
        """Safe to run while uninitialised or on main: fully understood, no
        writes, nothing destructive, no carriers, no functions or aliases
        defined, and every command a known reader."""
        if self.unknown or self.destructive or self.carriers or self.writes or \
                self.functions or self.aliases or self.scripts:
            return False
        real = [c for c in self.commands if c.name or c.redirects]
        return bool(real) and all(is_read_only(c) for c in real)

    @property
    def mutating(self) -> bool:
        """Not :attr:`read_only`: the command may change something (SPEC §3)."""
        return not self.read_only

    def __repr__(self) -> str:
        parts = [f"commands={self.commands!r}"]
        if self.unknown:
            parts.append(f"unknown={self.reasons!r}")
        for name in ("destructive", "carriers", "writes", "touched", "http_methods"):
            value = getattr(self, name)
            if value:
                parts.append(f"{name}={value!r}")
        return "Analysis(" + ", ".join(parts) + ")"


#: The names of :mod:`shell.model` this package exports.
_MODEL_NAMES = frozenset({"DYN", "Finding", "Redirect", "SimpleCommand", "Stdin", "Word", "Write"})


def __getattr__(name: str):
    """``shell.Word``, ``from shell import DYN``...: the model's names, imported
    on first access (PEP 562). Raises ``AttributeError`` for other names."""
    if name in _MODEL_NAMES:
        import shell.model as model  # lazy: see the note on imports above

        value = getattr(model, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'shell' has no attribute {name!r}")


def is_read_only(cmd: SimpleCommand) -> bool:
    """One simple command only reads: a known reader (``ls``, ``cat``,
    ``grep``, ``git status|log|diff``...) named through ``PATH`` or a system
    directory, with arguments that do not turn it into a writer or a runner,
    no redirection that writes, and no code-running environment variable
    (SPEC §3 "read-only"; see :func:`shell.readonly.is_read_only`)."""
    from shell.readonly import is_read_only as check  # lazy: see the note on imports above

    return check(cmd)


class _LazyNames:
    """``READ_ONLY_COMMANDS`` kept for the interim interface: the names of
    known readers (the argument checks live in :func:`is_read_only`)."""

    def __contains__(self, item) -> bool:
        from shell.readonly import READ_ONLY  # lazy: see the note on imports above

        return item in READ_ONLY

    def __iter__(self):
        from shell.readonly import READ_ONLY  # lazy: see the note on imports above

        return iter(frozenset(READ_ONLY))


READ_ONLY_COMMANDS = _LazyNames()


def analyse(command: str, root: str = "", cwd: str = "", home: str = "") -> Analysis:
    """Analyse the Bash ``command`` as bash would run it in ``cwd`` (default
    ``root``) inside the project ``root``, with ``home`` as ``$HOME``/``~``.

    Returns an :class:`Analysis`; never raises for any input string (an
    internal problem makes the analysis unknown, with the reason).
    """
    from shell.limits import (  # lazy: see the note on imports above
        DEFAULT_SECONDS,
        Budget,
        TooComplex,
        restore_deadline,
        set_deadline,
    )
    from shell.model import Msg  # lazy: see the note on imports above
    from shell.run import Run  # lazy: see the note on imports above
    from shell.walker import Scope, Walker  # lazy: see the note on imports above

    analysis = Analysis(command)
    if not isinstance(command, str):
        analysis.unknown = True
        analysis.reasons.append(Msg("shell.unknown.not_a_string"))
        return analysis
    root = os.path.realpath(root) if root else os.path.realpath(cwd or os.getcwd())
    start = os.path.realpath(cwd) if cwd else root
    home = home.rstrip("/") if home else ""
    if home and home != "/":
        home = os.path.realpath(home)
    if not command.strip():
        analysis.unknown = True
        analysis.reasons.append(Msg("shell.unknown.empty_command"))
        return analysis
    if "\x00" in command:
        analysis.unknown = True
        analysis.reasons.append(Msg("shell.unknown.nul_byte"))
        return analysis
    run = Run(analysis, root, home)
    scope = Scope(frozenset({start}), home, files=run.files, links=run.links)
    walker = Walker(run)
    token = set_deadline(DEFAULT_SECONDS)
    try:
        walker.code(command, scope, 0)
    except TooComplex:
        analysis.too_complex = True
        run.unknown(Msg("shell.unknown.too_complex"))
    except Budget:
        pass
    except RecursionError:
        run.too_deep(command)
    except Exception as exc:  # noqa: BLE001 - never crash a hook on odd input
        run.unknown(Msg("shell.unknown.internal_error",
                        error_type=type(exc).__name__, exc=exc))
    finally:
        restore_deadline(token)
    if walker.used_bashlex:
        analysis.parser = "bashlex"
    elif walker.used_simple:
        analysis.parser = "simple"
    return analysis
