"""Walk a command the way bash runs it: lists, pipelines, subshells,
compounds, functions, substitutions; keep a scope (variables, working
directory, functions, files written so far) and hand every simple command to
:mod:`shell.dispatch` (SPEC §4).

Two front ends produce simple commands:

* the **plain fast path** — a command made only of characters that have no
  meaning to bash (letters, digits, space and ``_./:,@%+-=``, and ``~``
  inside a word) is split on spaces: that is exactly what bash does with it,
  so bashlex is not needed (most Bash calls never import it);
* **bashlex**, after :mod:`shell.lexer` masked what bashlex cannot parse.

A parse failure is *unknown*; a best-effort lexical split still runs the
classifications so that the message can name what was seen.
"""

from __future__ import annotations

import shell.dispatch as dispatch
import shell.quoting as quoting
from shell.limits import (
    MAX_BYTES,
    MAX_COMMANDS,
    MAX_DEPTH,
    MAX_FALLBACK_PIECES,
    MAX_FALLBACK_WORDS,
    MAX_SEPARATORS,
    Budget,
    check_deadline,
)
from shell.model import NAME_CHARS as _NAME_CHARS
from shell.model import NAME_START as _NAME_START
from shell.model import DYN, Finding, Msg, Redirect, SimpleCommand, Stdin, Word, is_assignment
from shell.paths import env_temp_root

_PLAIN = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 _./:,@%+-=~")
_RESERVED = frozenset({"if", "then", "else", "elif", "fi", "case", "esac", "for", "select",
                       "while", "until", "do", "done", "in", "function", "time", "coproc",
                       "{", "}", "!", "[[", "]]"})


def plain_words(text: str):
    """The words of ``text`` when it contains no shell syntax at all, else
    ``None``. ``~`` is accepted only inside a word (``HEAD~1``), where bash
    leaves it alone."""
    if not text or not set(text) <= _PLAIN:
        return None
    if "~" in text:
        for k, ch in enumerate(text):
            if ch == "~" and (k == 0 or text[k - 1] in " =:"):
                return None
    words = [w for w in text.split(" ") if w]
    if not words:
        return None
    # The first non-assignment word must not be a reserved word.
    for w in words:
        if _is_assignment(w):
            continue
        if w in _RESERVED:
            return None
        break
    return words


def _is_assignment(word: str) -> bool:
    return is_assignment(word, 0, len(word))


class Scope:
    """What bash knows while running one command string: variables (values
    with :data:`DYN` for unknown parts; ``None`` = known to be unset), which
    are exported, the possible working directories, functions and aliases
    defined so far, positional parameters, and files written so far (shared
    across subshells: the file system is)."""

    __slots__ = ("vars", "exported", "cwd", "functions", "aliases", "positional", "files",
                 "links", "home", "arg0", "glob_changed", "arith_safe")

    def __init__(self, cwd, home: str, positional=None, files=None, links=None):
        self.vars: dict = {}
        self.exported: set = set()
        self.cwd = cwd
        self.functions: dict = {}
        self.aliases: dict = {}
        self.positional = positional
        #: $0 (``bash -c CODE NAME``), or None when unknown
        self.arg0 = None
        self.files = {} if files is None else files
        self.links = {} if links is None else links
        self.home = home
        #: pathname expansion no longer works as the analysis assumes
        #: (``shopt -s dotglob|nullglob|globstar...``, ``GLOBIGNORE=``): a
        #: glob word's matches are unknown
        self.glob_changed = False
        #: variables whose unknown value cannot hold arithmetic code (a loop
        #: over literal numbers or names): safe to evaluate in ``(( ))``
        self.arith_safe: set = set()

    def child(self) -> "Scope":
        """A subshell: a copy of everything except the shared file state."""
        s = Scope(self.cwd, self.home, self.positional, self.files, self.links)
        s.arg0 = self.arg0
        s.vars = dict(self.vars)
        s.exported = set(self.exported)
        s.functions = dict(self.functions)
        s.aliases = dict(self.aliases)
        s.glob_changed = self.glob_changed
        s.arith_safe = set(self.arith_safe)
        return s

    def new_shell(self, extra_env=(), positional=None) -> "Scope":
        """A new shell process (``bash -c``): only exported variables (and
        ``extra_env``) are known; functions and aliases are not inherited."""
        s = Scope(self.cwd, self.home, positional, self.files, self.links)
        for name in self.exported:
            if name in self.vars:
                s.vars[name] = self.vars[name]
                s.exported.add(name)
        for name, value in extra_env:
            s.vars[name] = value
            s.exported.add(name)
        return s

    def lookup(self, name: str):
        """Value of ``$name``: a string (may contain :data:`DYN`) or ``None``
        when known to be unset."""
        if name in self.vars:
            return self.vars[name]
        if name == "HOME":
            return self.home or DYN
        if name == "TMPDIR":
            # The hook runs in Claude Code's environment, which the Bash
            # tool's shell inherits; only a plausible temp directory counts.
            return env_temp_root() or DYN
        if name == "IFS":
            return " \t\n"
        if name == "PWD":
            if self.cwd is not None and len(self.cwd) == 1:
                return next(iter(self.cwd))
            return DYN
        if name.isdigit():
            pos = self.positional
            if name == "0":
                return self.arg0 if self.arg0 is not None else DYN
            if pos is None:
                return DYN
            k = int(name)
            if k == 0:
                return self.arg0 if self.arg0 is not None else DYN
            return pos[k - 1] if k <= len(pos) else None
        return DYN

    def ifs(self):
        """The field separators ``$IFS`` splits on (default blank, tab, newline),
        or ``None`` when they are only known at run time."""
        value = self.lookup("IFS")
        if value is None:
            return " \t\n"
        return None if DYN in value else value

    def tilde(self, user: str):
        """What ``~user`` expands to (``~``: ``$HOME``, ``~+``: ``$PWD``, ``~name``:
        the account's home directory), or ``None`` when not known."""
        if user == "":
            value = self.lookup("HOME")
            return None if value is None or DYN in value else value
        if user == "+":
            value = self.lookup("PWD")
            return None if value is None or DYN in value else value
        if user == "-":
            return None
        try:
            import pwd  # lazy: only for ~user

            return pwd.getpwnam(user).pw_dir
        except (KeyError, ImportError, OSError):
            return None

    def assign(self, name: str, value: str | None, conditional: bool) -> None:
        """``name=value`` (``None``: known to be unset); a ``conditional``
        assignment that may not happen makes a differing value unknown.
        Assigning ``GLOBIGNORE`` changes pathname expansion (it turns
        ``dotglob`` on): glob matches become unknown."""
        self.arith_safe.discard(name)
        if name == "GLOBIGNORE":
            self.glob_changed = True
        if conditional and self.vars.get(name, DYN) != value:
            self.vars[name] = DYN
        else:
            self.vars[name] = value


class Walker:
    """Walks one command string (and everything nested in it) into
    ``run.analysis``."""

    #: Use the plain and simple-subset front ends (tests switch them off to
    #: compare with bashlex).
    fast_paths = True

    def __init__(self, run) -> None:
        self.run = run
        self.prepared = None
        self.next_op = None
        self.used_bashlex = False
        self.used_simple = False

    # ------------------------------------------------------------ entry points
    def code(self, text: str, scope: Scope, depth: int, wrappers=(), stdin=None,
             conditional: bool = False) -> list:
        """Analyse the code string ``text`` at nesting ``depth``. Returns the
        top-level simple commands it ran (for provenance: what a substitution
        printed, what fed a pipe)."""
        run = self.run
        check_deadline()
        if depth > MAX_DEPTH:
            run.too_deep(text)
            return []
        if len(text) > MAX_BYTES:
            run.unknown(Msg("shell.unknown.command_longer_than_characters",
                            MAX_BYTES=MAX_BYTES))
            self._fallback(text, scope, depth, wrappers)
            return []
        if DYN in text:
            run.unknown(Msg("shell.unknown.code_assembled_run_time"))
        words = plain_words(text) if DYN not in text and self.fast_paths else None
        if words is not None:
            assigns = []
            k = 0
            while k < len(words) and _is_assignment(words[k]):
                assigns.append(self._assignment_from_text(words[k], scope, None))
                k += 1
            ws = [Word.literal(w) for w in words[k:]]
            return self.simple(ws, assigns, [], scope, depth, list(wrappers), stdin, conditional)
        return self._parse_and_walk(text, scope, depth, wrappers, stdin, conditional)

    def _parse_and_walk(self, text, scope, depth, wrappers, stdin, conditional) -> list:
        import shell.simple as simple  # lazy: only for commands with shell syntax

        parsed = simple.parse(text) if self.fast_paths else None
        if parsed is not None:
            self.used_simple = True
            prepared, trees = parsed
            return self._walk_trees(text, prepared, trees, scope, depth, wrappers, stdin,
                                    conditional)
        import shell.lexer as lexer  # lazy: only for commands the subset parser refuses

        run = self.run
        if all(not line.strip() or line.lstrip().startswith("#") for line in text.splitlines()):
            # Only comments: bash runs nothing (a comment ends at the newline,
            # even after a backslash). bashlex 0.18 crashes on such input.
            return []
        self.used_bashlex = True
        try:
            prepared = lexer.prepare(text)
        except lexer.TooDeep:
            run.too_deep(text)
            return []
        except lexer.LexError as exc:
            run.unknown(Msg("shell.unknown.parse_failed", exc=_why(exc)))
            self._fallback(text, scope, depth, wrappers)
            return []
        masked = prepared.masked
        separators = masked.count(";") + masked.count("|") + masked.count("&") + \
            masked.count("\n")
        if separators > MAX_SEPARATORS:
            # Parsing tens of thousands of commands would take seconds (and a
            # hook that times out fails open): refuse to read it.
            run.unknown(Msg("shell.unknown.more_than_command_separators",
                            MAX_SEPARATORS=MAX_SEPARATORS))
            self._fallback(text, scope, depth, wrappers)
            return []
        try:
            import shell.bashparse as bashparse  # lazy: loads bashlex (about 15 ms)

            bashlex = bashparse.load()
        except ImportError as exc:  # pragma: no cover - broken install
            run.unknown(Msg("shell.unknown.shell_parser_not_available", exc=_why(exc)))
            self._fallback(text, scope, depth, wrappers)
            return []
        try:
            trees = bashlex.parse(prepared.masked.replace(DYN, "_"))
        except RecursionError:
            run.too_deep(text)
            return []
        except Exception as exc:  # noqa: BLE001 - bashlex raises many types
            msg = str(exc).split("\n", 1)[0][:120] or type(exc).__name__
            run.unknown(Msg("shell.unknown.parse_error", msg=msg))
            self._fallback(text, scope, depth, wrappers)
            return []
        return self._walk_trees(text, prepared, trees, scope, depth, wrappers, stdin,
                                conditional)

    def _walk_trees(self, text, prepared, trees, scope, depth, wrappers, stdin,
                    conditional) -> list:
        run = self.run
        saved = self.prepared
        self.prepared = prepared
        try:
            out = []
            for tree in trees:
                self.next_op = None
                out.extend(self.node(tree, scope, depth, wrappers, stdin, conditional))
            return out
        except RecursionError:
            run.too_deep(text)
            return []
        finally:
            self.prepared = saved

    # --------------------------------------------------------------- nodes
    def node(self, n, scope: Scope, depth: int, wrappers, stdin, conditional: bool,
             background: bool = False) -> list:
        """Walk one parse node (bashlex's shape: list, pipeline, command,
        compound, if/while/until, for, function) at ``depth``; returns the
        simple commands it ran."""
        kind = n.kind
        if kind == "list":
            return self._list(n.parts, scope, depth, wrappers, stdin, conditional)
        if kind == "pipeline":
            return self._pipeline(n, scope, depth, wrappers, stdin, conditional, background)
        if kind == "command":
            return self._command(n, scope, depth, wrappers, stdin, conditional, background)
        if kind == "compound":
            return self._compound(n, scope, depth, wrappers, stdin, conditional, background)
        if kind in ("if", "while", "until"):
            return self._if_loop(n, scope, depth, wrappers, stdin, conditional)
        if kind == "for":
            return self._for(n, scope, depth, wrappers, stdin, conditional)
        if kind == "function":
            return self._function(n, scope, depth, wrappers)
        if kind in ("operator", "reservedword", "pipe"):
            return []
        self.run.unknown(Msg("shell.unknown.unsupported_shell_construct", kind=kind))
        return []

    def _list(self, parts, scope, depth, wrappers, stdin, conditional) -> list:
        out = []
        cond = conditional
        for idx, p in enumerate(parts):
            if p.kind == "operator":
                if p.op in ("&&", "||"):
                    cond = True
                else:
                    cond = conditional
                continue
            nxt = None
            for q in parts[idx + 1:]:
                if q.kind == "operator":
                    nxt = q.op
                    break
            self.next_op = nxt
            bg = nxt == "&"
            sub = scope.child() if bg else scope
            out.extend(self.node(p, sub, depth, wrappers, stdin, cond, background=bg))
        return out

    def _pipeline(self, n, scope, depth, wrappers, stdin, conditional, background) -> list:
        parts = [p for p in n.parts if p.kind not in ("pipe", "reservedword")]
        out = []
        prev = None
        many = len(parts) > 1
        for k, p in enumerate(parts):
            st = stdin if k == 0 else Stdin("pipe", producers=tuple(prev or ()))
            sub = scope.child() if many else scope
            self.next_op = "|" if k < len(parts) - 1 else self.next_op
            prev = self.node(p, sub, depth, wrappers, st, conditional, background=background)
            if many:
                for c in prev:
                    self.run.mark_piped(c)
            out.extend(prev)
        return out

    def _compound(self, n, scope, depth, wrappers, stdin, conditional, background) -> list:
        items = n.list
        subshell = bool(items) and items[0].kind == "reservedword" and items[0].word == "("
        redirects, st = self._redirects(getattr(n, "redirects", []) or [], scope, depth)
        if st is not None:
            stdin = st
        sub = scope.child() if subshell else scope
        out = []
        for p in items:
            if p.kind == "reservedword":
                continue
            out.extend(self.node(p, sub, depth, wrappers, stdin, conditional, background))
        if redirects:
            holder = SimpleCommand([], (), redirects, depth, cwd=scope.cwd)
            holder.wrappers = list(wrappers)
            self.run.redirect_effects(holder, scope)
        return out

    def _if_loop(self, n, scope, depth, wrappers, stdin, conditional) -> list:
        out = []
        first = True
        infinite = False
        body_bg = False
        for p in n.parts:
            if p.kind == "reservedword":
                if p.word in ("then", "do", "else", "elif"):
                    first = False
                continue
            if first and n.kind in ("while", "until"):
                infinite = self._endless(p, n.kind)
            cmds = self.node(p, scope, depth, wrappers, stdin, conditional or not first)
            if not first and n.kind in ("while", "until"):
                body_bg = body_bg or self._starts_background(cmds, p)
            out.extend(cmds)
        self._fork_loop(infinite, body_bg)
        return out

    def _starts_background(self, cmds: list, node) -> bool:
        """``node`` (a loop body part, whose commands are ``cmds``) starts a
        background job."""
        return any(self.run.is_background(c) for c in cmds) or _has_background(node)

    def _fork_loop(self, infinite: bool, body_bg: bool) -> None:
        """A loop that never ends (``while true``, ``until false``,
        ``for ((;;))``) and starts a background job each time round: a fork
        bomb, whatever the loop's spelling."""
        if infinite and body_bg:
            self.run.find("fork-bomb", Msg("shell.find.fork_loop"))

    def _for(self, n, scope, depth, wrappers, stdin, conditional) -> list:
        out = []
        var = None
        arith = None
        in_words = False
        loop_words: list | None = []
        body_bg = False
        for p in n.parts:
            if p.kind == "reservedword":
                if p.word == "in":
                    in_words = True
                elif p.word in ("do", ";", "\n"):
                    in_words = False
                continue
            if p.kind == "word":
                region = self._region_at(p.pos[0])
                if region is not None and region.kind == "for-arith":
                    self._scan_region(region, scope, depth)
                    arith = region
                    continue
                if arith is not None and arith.start <= p.pos[0] < arith.end:
                    continue
                if var is None:
                    var = self._text(p)
                    continue
                if in_words:
                    region = self._region_at(p.pos[0])
                    if region is not None:
                        self._scan_region(region, scope, depth)
                        loop_words = None
                        continue
                    words = self._evaluate_words(p, scope, depth)
                    if loop_words is not None:
                        if any(w.dynamic for w in words):
                            loop_words = None
                        else:
                            loop_words.extend(w.value for w in words)
                continue
            if var and _is_name(var):
                scope.vars[var] = DYN
                if loop_words is not None and all(_arith_literal(v) for v in loop_words):
                    scope.arith_safe.add(var)
            cmds = self.node(p, scope, depth, wrappers, stdin, True)
            body_bg = body_bg or self._starts_background(cmds, p)
            out.extend(cmds)
        self._fork_loop(arith is not None and _endless_for(arith.text), body_bg)
        return out

    def _function(self, n, scope, depth, wrappers) -> list:
        name = self._text(n.name) if getattr(n, "name", None) is not None else ""
        scope.functions[name] = n.body
        self.run.defines_function(name)
        body_scope = scope.child()
        body_scope.positional = None
        cmds = self.node(n.body, body_scope, depth, wrappers, None, True)
        recursive = [c for c in cmds if c.name == name]
        if any(self.run.is_background(c) or self.run.is_piped(c) for c in recursive) \
                or (recursive and _has_background(n.body)):
            self.run.find("fork-bomb", Msg("shell.find.fork_function",
                                           name=name))
        return []

    # ------------------------------------------------------------ commands
    def _command(self, n, scope, depth, wrappers, stdin, conditional, background) -> list:
        assigns = []
        words = []
        redirect_nodes = []
        for p in n.parts:
            k = p.kind
            if k == "assignment":
                assigns.append(self._assignment(p, scope, depth))
            elif k == "word":
                region = self._region_at(p.pos[0])
                if region is not None and region.kind in ("cond", "arith-cmd"):
                    self._scan_region(region, scope, depth)
                    label = "[[" if region.kind == "cond" else "(("
                    words.append(Word(region.text, label))
                    continue
                words.extend(self._evaluate_words(p, scope, depth))
            elif k == "redirect":
                redirect_nodes.append(p)
        redirects, st = self._redirects(redirect_nodes, scope, depth)
        if st is not None:
            stdin = st
        cmds = self.simple(words, assigns, redirects, scope, depth, list(wrappers), stdin,
                           conditional)
        if background:
            for c in cmds:
                self.run.mark_background(c)
        return cmds

    def simple(self, words, assigns, redirects, scope, depth, wrappers, stdin, conditional,
               extra_env=()) -> list:
        """Run one simple command: ``words`` are evaluated :class:`Word`
        objects. Returns the commands it produced (the command itself and,
        for wrappers, the payloads)."""
        run = self.run
        run.count()
        cmd = SimpleCommand(words, [(a[0], a[1].value, a[1].dynamic) for a in assigns],
                            redirects, depth, cwd=scope.cwd)
        cmd.wrappers = list(wrappers)
        cmd.stdin = stdin
        if not words:
            # Assignments and/or redirections only.
            for name, value, _op in ((a[0], a[1], a[2]) for a in assigns):
                scope.assign(name, value.value, conditional)
                self.special_assignment(cmd, name, value.value, scope, depth)
            run.add(cmd)
            run.redirect_effects(cmd, scope)
            return [cmd]
        return dispatch.dispatch(self, cmd, scope, assigns, conditional, extra_env)

    #: Variables whose value the shell later expands and runs: PS4 before
    #: every traced command (``set -x``), the prompts and PROMPT_COMMAND in
    #: interactive shells.
    PROMPT_VARS = frozenset({"PS0", "PS1", "PS2", "PS3", "PS4", "PROMPT_COMMAND"})

    def special_assignment(self, cmd, name: str, value: str, scope, depth: int) -> None:
        """``name=value`` where the shell runs the value later
        (:data:`PROMPT_VARS`): a ``prompt`` carrier, and the code it would run
        is analysed now (``PROMPT_COMMAND`` as a command line, the prompts'
        substitutions as they expand); a value only known at run time is
        unknown."""
        if name not in self.PROMPT_VARS or value is None:
            return
        run = self.run
        if DYN in value:
            run.carrier("prompt", Msg("shell.carrier.set_value_shell_may", name=name), cmd)
            run.unknown(Msg("shell.unknown.set_value_only_known", name=name))
            return
        if name == "PROMPT_COMMAND":
            run.carrier("prompt", Msg("shell.carrier.prompt_command_runs_command"), cmd)
            self.code(value, scope.child(), depth + 1, ["PROMPT_COMMAND"])
            return
        if "$(" in value or "`" in value or "${" in value or "$((" in value:
            run.carrier("prompt", Msg("shell.carrier.holds_substitution_shell_runs",
                                      name=name), cmd)
            ev = self._evaluator(scope.child(), depth)
            try:
                ev.dq_string(value)
            except Exception as exc:  # noqa: BLE001
                run.unknown(Msg("shell.unknown.cannot_read_value", name=name, exc=_why(exc)))

    def run_argv(self, words, parent: SimpleCommand, scope, wrapper: str, extra_env=(),
                 stdin="inherit", depth_step: int = 1) -> list:
        """Run ``words`` as a command on behalf of ``parent`` (a wrapper such
        as ``sudo``, ``env``, ``xargs``, ``find -exec``)."""
        if not words:
            return []
        depth = parent.depth + depth_step
        if depth > MAX_DEPTH:
            self.run.too_deep(" ".join(w.value for w in words))
            return []
        st = parent.stdin if stdin == "inherit" else stdin
        return self.simple(list(words), [], [], scope, depth, parent.wrappers + [wrapper], st,
                           False, extra_env)

    # ---------------------------------------------------------- words etc.
    def _text(self, n) -> str:
        return self.prepared.text(n.pos[0], n.pos[1])

    def _endless(self, cond, kind: str) -> bool:
        """The condition ``cond`` of a ``while`` (``until``) loop is always
        true (false), whatever its spelling: ``true``, ``:`` or ``false``;
        ``((N))`` with a plain number; ``[ WORD ]`` or ``test WORD`` with one
        plain non-empty word (always true)."""
        cmds: list = []
        _collect_commands(cond, cmds)
        if len(cmds) != 1:
            return False
        words = [p for p in cmds[0].parts if p.kind == "word"]
        texts = [getattr(w, "word", "") for w in words]
        truth = None
        if len(words) == 1:
            region = self._region_at(words[0].pos[0])
            if region is not None and region.kind == "arith-cmd":
                truth = _arith_truth(region.text.strip()[2:-2])
            elif texts[0] in ("true", ":", "false"):
                truth = texts[0] != "false"
        elif len(texts) in (2, 3) and texts[1] and set(texts[1]) <= _PLAIN_WORD and \
                texts in (["[", texts[1], "]"], ["test", texts[1]]):
            truth = True
        return truth is (kind == "while")

    def _region_at(self, pos: int):
        if self.prepared is None:
            return None
        return self.prepared.regions.get(pos)

    def _evaluator(self, scope, depth):
        from shell.words import Evaluator  # lazy: word evaluation (0.5 ms), off the plain path

        def on_code(kind, text):
            # >(cmd) reads what another command writes into it: its input is
            # not known here.
            st = Stdin("procsub") if kind == "procsub-out" else None
            return self.code(text, scope.child(), depth + 1, (), st, False)

        return Evaluator(scope, on_code, self.run.unknown, self.run.known_output)

    def _evaluate_words(self, n, scope, depth) -> list:
        check_deadline()
        text = self._text(n)
        ev = self._evaluator(scope, depth)
        try:
            return ev.words(text)
        except Exception as exc:  # noqa: BLE001 - a word we cannot read is unknown
            self.run.unknown(Msg("shell.unknown.cannot_evaluate_word", text=text[:60],
                                 exc=_why(exc)))
            return [Word(text, DYN, dynamic=True)]

    def _assignment_text(self, text: str):
        eq = text.find("=")
        name = text[:eq]
        op = "="
        if name.endswith("+"):
            name = name[:-1]
            op = "+="
        return name, op, text[eq + 1:]

    def _assignment(self, n, scope, depth):
        text = self._text(n)
        return self._assignment_from_text(text, scope, depth, start=n.pos[0])

    def _assignment_from_text(self, text, scope, depth, start=None):
        name, op, value_text = self._assignment_text(text)
        if "[" in name and depth is not None:
            # a[SUB]=v: the subscript of an indexed array is arithmetic
            ev = self._evaluator(scope, depth)
            try:
                ev.arith(name[name.index("[") + 1:name.rindex("]") if "]" in name else None], [])
            except Exception as exc:  # noqa: BLE001
                self.run.unknown(Msg("shell.unknown.cannot_read_subscript", name=name[:40],
                                     exc=_why(exc)))
            name = name[:name.index("[")]
        if start is not None:
            region = self._region_at(start + len(name) + len(op))
            if region is not None and region.kind == "array":
                self._scan_region(region, scope, depth or 0)
                return name, Word(value_text, DYN, dynamic=True), op
        if depth is None:
            return name, Word.literal(value_text), op
        ev = self._evaluator(scope, depth)
        try:
            value = ev.single(value_text, assignment=True)
        except Exception as exc:  # noqa: BLE001
            self.run.unknown(Msg("shell.unknown.cannot_evaluate_assignment", text=text[:60],
                                 exc=_why(exc)))
            value = Word(value_text, DYN, dynamic=True)
        if op == "+=":
            old = scope.lookup(name)
            value = Word(value.text, (old or "") + value.value,
                         dynamic=value.dynamic or (old is not None and DYN in old))
        return name, value, op

    def _scan_region(self, region, scope, depth) -> None:
        ev = self._evaluator(scope, depth)
        sources: list = []
        try:
            if region.kind in ("arith-cmd", "for-arith"):
                ev.arith(region.text, sources)
            elif region.kind == "cond":
                ev.test_arith(region.text, sources)
            else:
                ev._scan_code_spans(region.text, sources)
        except Exception as exc:  # noqa: BLE001
            self.run.unknown(Msg("shell.unknown.cannot_read", text=region.text[:40], exc=_why(exc)))

    def _redirects(self, nodes, scope, depth):
        out = []
        stdin = None
        prepared = self.prepared
        for r in nodes:
            op = r.type
            fd = r.input if isinstance(getattr(r, "input", None), int) else None
            target = getattr(r, "output", None)
            doc = None
            if op == "<" and prepared is not None:
                for start, d in prepared.heredocs.items():
                    if r.pos[0] <= start < r.pos[1]:
                        doc = d
                        break
            if doc is not None:
                red = Redirect("<<", fd, None, heredoc=doc)
                if doc.quoted:
                    content = doc.body
                    dyn = False
                else:
                    ev = self._evaluator(scope, depth)
                    try:
                        w = ev.dq_string(doc.body)
                        content, dyn = w.value, w.dynamic
                    except Exception as exc:  # noqa: BLE001
                        self.run.unknown(Msg("shell.unknown.cannot_read_here_document",
                                             exc=_why(exc)))
                        content, dyn = DYN, True
                if fd in (None, 0):
                    stdin = Stdin("heredoc", content=content, dynamic=dyn)
                out.append(red)
                continue
            if isinstance(target, int) or target == "-" or target is None:
                out.append(Redirect(op, fd, None, dup=target))
                continue
            ev = self._evaluator(scope, depth)
            text = self._text(target)
            try:
                if op == "<<<":
                    w = ev.single(text)
                else:
                    fields = ev.words(text)
                    if len(fields) == 1:
                        w = fields[0]
                    else:
                        w = Word(text, DYN, dynamic=True)   # ambiguous redirect
            except Exception as exc:  # noqa: BLE001
                self.run.unknown(Msg("shell.unknown.cannot_evaluate_redirection_target",
                                     text=text[:60], exc=_why(exc)))
                w = Word(text, DYN, dynamic=True)
            if op in (">&", "<&") and w.value.isdigit() and not w.dynamic:
                out.append(Redirect(op, fd, None, dup=int(w.value)))
                continue
            red = Redirect(op, fd, w)
            out.append(red)
            if op == "<<<" and fd in (None, 0):
                stdin = Stdin("herestring", content=w.value + "\n", dynamic=w.dynamic)
            elif op == "<" and fd in (None, 0):
                stdin = Stdin("file", path=w.value, dynamic=w.dynamic)
        return out, stdin

    # ---------------------------------------------------------- fallback
    def _fallback(self, text: str, scope, depth, wrappers) -> None:
        """Best effort after a parse failure: split on operators and run the
        pieces through the classifications, so a destructive command hidden in
        unparseable syntax is still named. The analysis is already unknown."""
        # The analysis is already unknown: the pieces only name what was seen,
        # so a bounded prefix is enough (linear, and small).
        pieces = quoting.split_tolerant(text[:2 * MAX_BYTES], ";&|\n(){}`$<>")
        for piece in [p for p in pieces if p.strip()][:MAX_FALLBACK_PIECES]:
            toks = [t for t in piece.replace("\t", " ").split(" ") if t][:MAX_FALLBACK_WORDS]
            while toks and (toks[0] in _RESERVED or toks[0].endswith(")") or _is_assignment(toks[0])):
                toks = toks[1:]
            if not toks:
                continue
            try:
                self.simple([Word.literal(t) for t in toks], [], [], scope.child(), depth,
                            list(wrappers) + ["unparsed"], None, True)
            except Budget:
                raise
            except Exception:  # noqa: BLE001 - best effort only
                continue


def _arith_literal(value: str) -> bool:
    """A value arithmetic evaluation cannot turn into code: no subscript,
    expansion or substitution characters."""
    return not any(ch in value for ch in "[$`")


def _is_name(s: str) -> bool:
    return bool(s) and s[0] in _NAME_START and all(c in _NAME_CHARS for c in s)


def _endless_for(text: str) -> bool:
    """``for ((init; cond; step))`` whose condition is empty or a non-zero
    number: bash runs it until something breaks out (``for ((;;))``)."""
    inner = text.strip()
    if not (inner.startswith("((") and inner.endswith("))")):
        return False
    parts = inner[2:-2].split(";")
    return len(parts) == 3 and _arith_truth(parts[1] or "1") is True


def _arith_truth(expr: str):
    """The value of an arithmetic condition that is a plain number (non-zero:
    ``True``, zero: ``False``); ``None`` for anything else."""
    expr = expr.strip()
    return int(expr) != 0 if expr.isdigit() else None


#: Characters of a word whose value is the word itself (no quote, expansion
#: or glob).
_PLAIN_WORD = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./-+,:=@%")


def _collect_commands(n, out: list) -> None:
    if n.kind == "command":
        out.append(n)
        return
    for attr in ("parts", "list"):
        for p in getattr(n, attr, None) or []:
            if hasattr(p, "kind"):
                _collect_commands(p, out)


def _has_background(n) -> bool:
    if n.kind == "operator" and n.op == "&":
        return True
    for attr in ("parts", "list"):
        for p in getattr(n, attr, None) or []:
            if hasattr(p, "kind") and _has_background(p):
                return True
    body = getattr(n, "body", None)
    return body is not None and _has_background(body)


__all__ = ["Walker", "Scope", "plain_words", "MAX_DEPTH", "MAX_BYTES", "MAX_COMMANDS", "Budget",
           "Finding"]


def _why(exc: BaseException):
    """What an exception says, for a recorded reason: the sentence the
    shell's own readers raise with (:class:`shell.model.Msg`, said in the
    agent's language), else its text."""
    said = exc.args[0] if exc.args else None
    return said if isinstance(said, Msg) else str(exc)
