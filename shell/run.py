"""Collects what the walk finds into an :class:`shell.Analysis`: commands,
destructive findings, carriers, HTTP methods, writes, paths handed to
commands that are not modelled, and the reasons a command is unknown.
Findings and carriers record the command family whose handler made them
(:attr:`Run.command_family`, set by :func:`shell.invocation.call_as`)."""

from __future__ import annotations

import os

import shell.paths as paths
from shell.limits import MAX_COMMANDS, MAX_DEPTH, MAX_PATHS, Budget, check_deadline
from shell.model import DYN, Finding, Label, Msg, Word, Write
from shell.output import static_output

#: The family of what the shell language itself does (redirections, fork
#: bombs, computed command names, the depth limit), outside any handler.
SHELL_FAMILY = "shell"


class Run:
    """Per-analysis state shared by the walker and the command semantics."""

    def __init__(self, analysis, root: str, home: str) -> None:
        self.analysis = analysis
        self.root = root
        self.home = home
        self.n_commands = 0
        #: paths recorded so far (writes and touched), bounded by MAX_PATHS
        self.n_paths = 0
        self._piped: set = set()
        self._background: set = set()
        #: files written so far in this command: abs path -> content (None: unknown)
        self.files: dict = {}
        #: symbolic links created so far in this command: abs link -> abs target
        self.links: dict = {}
        #: the command family whose handler is running (recorded on findings)
        self.command_family = SHELL_FAMILY

    # ------------------------------------------------------------ bookkeeping
    def count(self) -> None:
        """Count one more simple command; past :data:`MAX_COMMANDS` the
        analysis is unknown and the walk stops (raises :class:`Budget`)."""
        self.n_commands += 1
        check_deadline()
        if self.n_commands > MAX_COMMANDS:
            self.unknown(Msg("shell.unknown.more_than_commands", MAX_COMMANDS=MAX_COMMANDS))
            raise Budget()

    def count_path(self) -> None:
        """Count one more recorded path; past :data:`MAX_PATHS` the analysis
        is unknown and the walk stops (raises :class:`Budget`). Checks the
        deadline too."""
        self.n_paths += 1
        check_deadline()
        if self.n_paths > MAX_PATHS:
            self.unknown(Msg("shell.unknown.more_than_paths", MAX_PATHS=MAX_PATHS))
            raise Budget()

    def add(self, cmd) -> None:
        """Record ``cmd`` (a :class:`shell.model.SimpleCommand`) in ``Analysis.commands``."""
        self.analysis.commands.append(cmd)

    def unknown(self, reason: str) -> None:
        """The command cannot be fully resolved: ``Analysis.unknown`` with
        ``reason`` (a sentence; recorded once). Unknown is never safe."""
        a = self.analysis
        a.unknown = True
        if reason not in a.reasons:
            a.reasons.append(reason)

    def too_deep(self, text: str) -> None:
        """Nesting deeper than :data:`MAX_DEPTH`: unknown, and a
        ``depth-limit`` finding of the ``shell`` family (a depth breach
        counts as dangerous)."""
        self.unknown(Msg("shell.unknown.too_deep", MAX_DEPTH=MAX_DEPTH))
        self.find("depth-limit", Msg("shell.find.too_deep",
                                     MAX_DEPTH=MAX_DEPTH),
                  command_family=SHELL_FAMILY)

    def find(self, kind: str, message: str, cmd=None, certain: bool = True,
             command_family: str | None = None) -> None:
        """Record a destructive finding (what bash-check blocks): ``kind``
        is the finding kind (``rm-recursive``, ``force-push``...), ``message`` says
        what and why, ``cmd`` the simple command, ``certain=False`` when it
        rests on a value only known at run time. The command family is
        :attr:`command_family` unless ``command_family`` is given. The same kind
        and message are recorded once."""
        if cmd is not None:
            cmd.acts = True
        for f in self.analysis.destructive:
            if f.kind == kind and f.message == message:
                return
        self.analysis.destructive.append(Finding(kind, message, cmd, certain,
                                                 command_family or self.command_family))

    def carrier(self, kind: str, message: str, cmd=None) -> None:
        """Record a code-execution carrier (what phase 7E never approves):
        ``kind`` the finding kind (``find-exec``, ``eval``...), ``message`` what
        runs; the command family is :attr:`command_family`. Recorded once."""
        if cmd is not None:
            cmd.acts = True
        for f in self.analysis.carriers:
            if f.kind == kind and f.message == message:
                return
        self.analysis.carriers.append(Finding(kind, message, cmd, True, self.command_family))

    def http(self, method: str, cmd=None) -> None:
        """``cmd`` sends an HTTP request with ``method`` (any case): GET/HEAD are
        ignored, DELETE/PURGE are ``http-delete`` findings (SPEC §3), every other
        method is recorded in ``Analysis.http_methods``/``http_requests`` for the
        permission gate (SPEC §5 7E)."""
        method = method.upper()
        if method in ("GET", "HEAD"):
            return
        if method in ("DELETE", "PURGE"):
            name = cmd.name if cmd is not None else "the command"
            self.find("http-delete", Msg("shell.find.http_delete",
                                         name=name, method=method), cmd)
        if method not in self.analysis.http_methods:
            self.analysis.http_methods.append(method)
        self.analysis.http_requests.append((method, cmd))

    def mark_piped(self, cmd) -> None:
        """``cmd`` runs in a pipeline (fork-bomb detection)."""
        self._piped.add(id(cmd))

    def is_piped(self, cmd) -> bool:
        """``cmd`` was marked with :meth:`mark_piped`."""
        return id(cmd) in self._piped

    def mark_background(self, cmd) -> None:
        """``cmd`` runs in the background (``&``)."""
        self._background.add(id(cmd))

    def is_background(self, cmd) -> bool:
        """``cmd`` was marked with :meth:`mark_background`."""
        return id(cmd) in self._background

    def defines_function(self, name: str) -> None:
        """The command defines the shell function ``name`` (``Analysis.functions``)."""
        self.analysis.functions.append(name)

    # -------------------------------------------------------------- paths
    def rel(self, abs_path: str) -> str | None:
        """``abs_path`` relative to the project root, or ``None`` outside it."""
        r = paths.rel_to(abs_path, self.root)
        return r

    def resolve(self, value: str, cmd, follow: bool = True):
        """Absolute candidates for a path argument of ``cmd`` (see
        :func:`shell.paths.resolve`)."""
        if cmd is not None and getattr(cmd, "remote", False):
            return None
        return paths.resolve(value, cmd.cwd if cmd is not None else None, follow)

    def targets(self, word, cmd, follow: bool = True):
        """The paths a word names after pathname expansion: ``(list, glob_info)``
        where the list is ``None`` when unknown; ``glob_info`` is
        ``(pattern, bases)`` for a glob word."""
        if word.dynamic:
            return None, None
        targets, info = self._targets(word, cmd, follow)
        if targets and self.links:
            targets = sorted({self._through_links(t, follow) for t in targets})
        return targets, info

    def _through_links(self, t: str, follow: bool) -> str:
        """Resolve through symbolic links created earlier in the same command
        (they do not exist yet when the command is analysed)."""
        for _ in range(8):
            changed = False
            for link, target in self.links.items():
                if t.startswith(link + "/") or (follow and t == link):
                    t = paths.norm(target + t[len(link):])
                    changed = True
                    break
            if not changed:
                break
        return t

    def _targets(self, word, cmd, follow: bool):
        if word.glob and word.pattern:
            res = paths.glob_expand(word.pattern, cmd.cwd)
            if res is None:
                return None, (word.pattern, [])
            matches, bases = res
            if matches:
                if not follow:
                    matches = [paths.norm(m, follow=False) for m in matches]
                else:
                    matches = [paths.norm(m) for m in matches]
                return sorted(set(matches)), (word.pattern, bases)
            literal = paths.literal_of_pattern(word.pattern)
            return self.resolve(literal, cmd, follow), (word.pattern, bases)
        return self.resolve(word.value, cmd, follow), None

    def write(self, cmd, word, how: str, kind: str = "write", recursive: bool = False,
              follow: bool = True, possible: bool = False):
        """Record that ``cmd`` writes the path ``word`` (a Word or str).
        Returns the absolute candidates (``None`` when unknown)."""
        self.count_path()
        if isinstance(word, str):
            word = Word.literal(word)
        targets, _glob = self.targets(word, cmd, follow)
        given = word.value
        if targets is None:
            self.analysis.writes.append(Write(how, given, None, None, kind, recursive, possible,
                                              cmd))
            if not possible:
                cmd.acts = True
            return None
        for t in targets:
            if paths.is_harmless_device(t):
                continue
            self.analysis.writes.append(Write(how, given, t, self.rel(t), kind, recursive,
                                              possible, cmd))
            if not possible:
                cmd.acts = True
                self._check_write_location(cmd, t, how, kind, recursive)
        return targets

    def _check_write_location(self, cmd, t: str, how: str, kind: str, recursive: bool) -> None:
        if cmd is not None and getattr(cmd, "remote", False):
            return
        if paths.is_network_device(t):
            self.carrier("network-redirect", Msg("shell.carrier.network_redirect", how=how,
                                                 path=t), cmd)
            return
        if paths.is_block_device(t):
            self.find("disk", Msg("shell.find.writes_block_device", how=how,
                                  path=t), cmd)
            return
        if kind == "delete":
            return  # deletions are judged by the caller (rm rules)
        if self.rel(t) is not None or paths.in_temp(t):
            return
        if paths.is_device(t):
            return
        if paths.home_dotfile(t, self.home):
            self.find("system-write", Msg("shell.find.writes_home_config",
                                          how=how, path=t), cmd)
            return
        if paths.is_system(t) and not paths.is_under(t, self.home or "/nonexistent"):
            self.find("system-write", Msg("shell.find.writes_system",
                                          how=how, path=t), cmd)

    def touched(self, cmd, word) -> None:
        """``cmd`` is not modelled and receives the path ``word``: it may write
        it. Recorded for bash-check's guarded-file rule."""
        self.count_path()
        values = []
        v = word.value if not isinstance(word, str) else word
        if isinstance(v, str) and v.startswith("-") and "=" in v:
            v = v.split("=", 1)[1]
        if not v or DYN in v:
            return
        values.append(v)
        how = Label("shell.label.argument_of", f"argument of {cmd.name}", name=cmd.name)
        for value in values:
            targets = paths.resolve(value, cmd.cwd)
            if not targets:
                continue
            for t in targets:
                self.analysis.touched.append(Write(how, value, t, self.rel(t), "write", False, True,
                                                   cmd))

    def script(self, cmd, word) -> None:
        """``cmd`` runs the file ``word`` as a program (``bash x.sh``,
        ``python x.py``, ``./x``)."""
        if word.dynamic:
            self.unknown(Msg("shell.unknown.runs_script_path_computed", name=cmd.name))
            return
        targets = paths.resolve(word.value, cmd.cwd)
        if not targets:
            return
        for t in targets:
            self.analysis.scripts.append((cmd, t))

    # ---------------------------------------------------------- redirects
    def redirect_effects(self, cmd, scope) -> None:
        """Writes done by ``cmd``'s redirections (``>``, ``>>``, ``<>``...)."""
        for r in cmd.redirects:
            if not r.writes:
                continue
            srcs = getattr(r.target, "sources", ()) or ()
            if r.target.value == DYN and any(k.startswith("procsub") for k, _c in srcs):
                continue   # "> >(cmd)": writes into a pipe, not a file
            how = f"redirect {r.op}"
            targets = self.write(cmd, r.target, how, "write")
            if targets:
                r.path = targets[0]
                content = None
                if r.fd in (None, 1) and r.op in (">", ">|", "&>", ">>", "&>>") and cmd.name:
                    content = static_output([cmd])
                for t in targets:
                    if r.op in (">>", "&>>"):
                        prior = scope.files.get(t)
                        scope.files[t] = prior + content if (
                            prior is not None and content is not None) else None
                    else:
                        scope.files[t] = content

    # ------------------------------------------------------------ values
    def known_output(self, cmds):
        """The output of a substitution when it is statically known:
        ``$(pwd)``, ``$(mktemp ...)``, ``$(echo literal)``,
        ``$(git rev-parse --show-toplevel)``, ``$(dirname x)``..."""
        if cmds and _counts(cmds[-1]):
            # a count: digits, which cannot be code in arithmetic
            # (n=$(git status --porcelain | wc -l); (( n > 0 ))) nor a path
            # that leaves a directory
            return "0"
        if len(cmds) != 1:
            return None
        c = cmds[0]
        if c.dynamic and c.name not in ("mktemp",):
            return None
        name, args = c.name, c.args
        if c.redirects:
            return None
        if name == "pwd" and not args and c.cwd is not None and len(c.cwd) == 1:
            return next(iter(c.cwd))
        if name == "echo" and all(not a.startswith("-") for a in args):
            return " ".join(args)
        if name == "printf" and args and "%" not in args[0] and "\\" not in args[0]:
            return args[0]
        if name == "mktemp":
            directory = None
            k = 0
            while k < len(args):
                a = args[k]
                if a in ("-p", "--tmpdir") and k + 1 < len(args):
                    directory = args[k + 1]
                    k += 2
                    continue
                if a.startswith("--tmpdir="):
                    directory = a.split("=", 1)[1]
                elif a.startswith("-p") and len(a) > 2:
                    directory = a[2:]
                k += 1
            if directory is None:
                directory = "/tmp"
            if DYN in directory:
                return None
            return os.path.join(directory, "tmp.playgate-mktemp")
        if name == "git" and c.git_subcommand == "rev-parse" and c.git_args == [
                "--show-toplevel"] and not c.git_globals:
            if c.cwd is not None and len(c.cwd) == 1 and paths.is_under(next(iter(c.cwd)),
                                                                        self.root):
                return self.root
            return None
        if name in ("dirname", "basename", "realpath") and len(args) == 1 and DYN not in args[0]:
            if name == "dirname":
                return os.path.dirname(args[0].rstrip("/")) or "."
            if name == "basename":
                return os.path.basename(args[0].rstrip("/"))
            res = paths.resolve(args[0], c.cwd)
            return res[0] if res and len(res) == 1 else None
        return None


def _counts(c) -> bool:
    """``c`` prints one number: ``wc -l|-c|-w|-m`` reading its input, or
    ``grep -c`` of one input."""
    if any(r.writes for r in c.redirects) or not c.trusted:
        return False
    args = c.args
    if c.name == "wc":
        return bool(args) and all(a.startswith("-") and len(a) > 1 and set(a[1:]) <= set("lcwm")
                                  for a in args)
    if c.name == "grep":
        operands = [a for a in args if not a.startswith("-")]
        return any(a in ("-c", "--count") for a in args) and len(operands) <= 2
    return False
