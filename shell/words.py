"""Word evaluation: what bash makes of one word (SPEC §4).

Given the source text of a word (as bashlex delimits it), produce the
argument(s) bash would pass: brace expansion, tilde expansion, parameter and
command substitution, arithmetic, quote removal, field splitting and
pathname-expansion markers, in bash's order. Values the analyser cannot know
statically are kept as :data:`shell.model.DYN` placeholders; nothing is ever
guessed. Known values come from the :class:`Scope` (assignments made earlier
in the same command, ``$HOME``, the default ``$IFS``, positional parameters of
a ``bash -c`` payload).

Command substitutions (``$(...)``, backquotes, ``<(...)``/``>(...)``) and the
substitutions inside ``${...}``, ``$((...))`` and ``[[ ]]`` are reported to
the caller's ``on_code`` callback, which analyses them as commands in their
own right: they run, whatever the word is used for.
"""

from __future__ import annotations

import shell.lexer as lexer
from shell.model import NAME_CHARS as _NAME_CHARS
from shell.model import NAME_START as _NAME_START
from shell.model import DYN, Msg, Word

#: Most words one brace expansion may produce before the word counts as
#: unresolvable.
MAX_BRACE_WORDS = 64
_SPECIAL_NUMERIC = "$!#?"
_GLOB = "*?["
#: Variables whose value is always a number (digits): safe to read as "0".
NUMERIC_VARS = frozenset({"RANDOM", "SRANDOM", "LINENO", "SECONDS", "PPID", "UID", "EUID",
                          "BASHPID", "EPOCHSECONDS", "SHLVL", "COLUMNS", "LINES", "OPTIND"})


#: Of :data:`NUMERIC_VARS`, those an assignment in the command can set to any
#: text (bash keeps what is assigned): their value is the scope's once assigned.
ASSIGNABLE_NUMERIC = frozenset({"COLUMNS", "LINES", "SHLVL", "OPTIND"})
#: ``[[ ]]`` operators whose operands bash evaluates as arithmetic.
ARITH_TEST_OPS = frozenset({"-eq", "-ne", "-lt", "-le", "-gt", "-ge"})
#: Most levels of variables naming variables followed in arithmetic.
MAX_ARITH_DEPTH = 8


def arith_names(text: str) -> list:
    """The identifiers in an arithmetic expression ``text`` (variable names,
    with or without ``$``, ``${...}``), in order, without duplicates."""
    out: list = []
    i = 0
    n = len(text)
    while i < n:
        c = text[i]
        if c == "'":
            j = text.find("'", i + 1)
            i = n if j < 0 else j + 1
            continue
        if c in _NAME_START and (i == 0 or text[i - 1] not in _NAME_CHARS):
            j = i + 1
            while j < n and text[j] in _NAME_CHARS:
                j += 1
            name = text[i:j]
            if name not in out:
                out.append(name)
            i = j
            continue
        i += 1
    return out


class Seg:
    """One piece of a word: ``text``; ``quoted`` (no splitting, no globbing);
    ``expanded`` (came from an expansion: subject to field splitting when not
    quoted); ``dynamic`` (unknown value)."""

    __slots__ = ("text", "quoted", "expanded", "dynamic")

    def __init__(self, text, quoted, expanded=False, dynamic=False):
        self.text = text
        self.quoted = quoted
        self.expanded = expanded
        self.dynamic = dynamic


class Evaluator:
    """Evaluates words against a scope.

    ``scope`` provides ``lookup(name) -> str | None | DYN`` (see
    :class:`shell.walker.Scope`), ``home``, ``ifs`` and ``positional``.
    ``on_code(kind, text) -> list`` analyses an executed substitution and
    returns its top-level simple commands (used to compute a few well-known
    values like ``$(pwd)`` and to record where dynamic values come from).
    ``on_unknown(reason)`` marks the analysis unknown.
    """

    def __init__(self, scope, on_code, on_unknown, known_output=None):
        self.scope = scope
        self.on_code = on_code
        self.on_unknown = on_unknown
        self.known_output = known_output

    # ------------------------------------------------------------------ API
    def words(self, text: str, assignment: bool = False) -> list:
        """The fields bash makes of the word ``text``: a list of
        :class:`Word` (empty when the word expands to nothing)."""
        variants = brace_expand(text) if ("{" in text and not assignment) else [text]
        if variants is None:
            self.on_unknown(Msg("shell.unknown.brace_expansion_too_large"))
            w = Word(text, DYN, dynamic=True)
            return [w]
        out = []
        for v in variants:
            segs, sources = self._segments(v, assignment)
            out.extend(self._split(v, segs, sources, assignment))
        if getattr(self.scope, "glob_changed", False):
            # shopt -s dotglob/nullglob/globstar, GLOBIGNORE, set -f: what a
            # pattern matches is not what the analysis would compute
            for w in out:
                if w.glob:
                    w.dynamic = True
                    w.value = DYN
        return out

    def single(self, text: str, assignment: bool = False) -> Word:
        """``text`` as one word (redirect target, assignment value, here-string):
        no field splitting or brace expansion."""
        segs, sources = self._segments(text, assignment)
        return _join(text, segs, sources, split_unknown=False)

    def dq_string(self, text: str) -> Word:
        """``text`` read like the inside of double quotes (an unquoted
        here-document body)."""
        segs = []
        sources = []
        self._double_inner(text, 0, len(text), segs, sources, heredoc=True)
        return _join(text, segs, sources, split_unknown=False)

    # -------------------------------------------------------------- scanning
    def _segments(self, s: str, assignment: bool):
        segs: list = []
        sources: list = []
        i = 0
        n = len(s)
        # Tilde at the start (and after : or = in assignments).
        i = self._tilde(s, 0, segs)
        while i < n:
            c = s[i]
            if c == "\\":
                if i + 1 < n:
                    if s[i + 1] != "\n":      # backslash-newline: line continuation
                        segs.append(Seg(s[i + 1], True))
                    i += 2
                else:
                    segs.append(Seg("\\", True))
                    i += 1
                continue
            if c == "'":
                j = lexer.skip_single(s, i)
                segs.append(Seg(s[i + 1:j - 1], True))
                i = j
                continue
            if c == '"':
                end = lexer.find_subst_end(s, i)
                self._double_inner(s, i + 1, end - 1, segs, sources)
                if end - i == 2:
                    segs.append(Seg("", True))
                i = end
                continue
            if c == "$":
                if i + 1 < n and s[i + 1] == "'":
                    j = lexer.skip_ansi_c(s, i)
                    segs.append(Seg(lexer.ansi_c_decode(s[i + 2:j - 1]), True))
                    i = j
                    continue
                if i + 1 < n and s[i + 1] == '"':
                    end = lexer.find_subst_end(s, i + 1)
                    self._double_inner(s, i + 2, end - 1, segs, sources)
                    if end - i == 3:
                        segs.append(Seg("", True))
                    i = end
                    continue
                i = self._dollar(s, i, segs, sources, quoted=False)
                continue
            if c == "`":
                end = lexer.find_subst_end(s, i)
                inner = _unescape_backtick(s[i + 1:end - 1])
                segs.append(self._command_subst(inner, sources, quoted=False))
                i = end
                continue
            if c in "<>" and i + 1 < n and s[i + 1] == "(":
                end = lexer.find_subst_end(s, i)
                kind = "procsub-in" if c == "<" else "procsub-out"
                cmds = self.on_code(kind, s[i + 2:end - 1])
                sources.append((kind, cmds))
                segs.append(Seg(DYN, True, expanded=True, dynamic=True))
                i = end
                continue
            if assignment and c in ":" and i + 1 < n and s[i + 1] == "~":
                segs.append(Seg(c, False))
                i = self._tilde(s, i + 1, segs)
                continue
            if assignment and c == "=" and i + 1 < n and s[i + 1] == "~" and not any(
                    x.text and "=" in x.text for x in segs):
                segs.append(Seg(c, False))
                i = self._tilde(s, i + 1, segs)
                continue
            segs.append(Seg(c, False))
            i += 1
        return segs, sources

    def _tilde(self, s: str, i: int, segs: list) -> int:
        if i >= len(s) or s[i] != "~":
            return i
        j = i + 1
        while j < len(s) and s[j] not in "/:" and s[j] not in "'\"\\$`":
            j += 1
        if j < len(s) and s[j] in "'\"\\$`":
            return i  # quoted/expanded tilde prefix: no tilde expansion
        user = s[i + 1:j]
        value = self.scope.tilde(user)
        segs.append(Seg(value if value is not None else DYN, True, expanded=True,
                        dynamic=value is None))
        return j

    def _double_inner(self, s: str, i: int, end: int, segs: list, sources: list,
                      heredoc: bool = False) -> None:
        buf = []
        while i < end:
            c = s[i]
            if c == "\\" and i + 1 < end:
                nxt = s[i + 1]
                if nxt in ("$`\"\\\n" if not heredoc else "$`\\\n"):
                    if nxt != "\n":
                        buf.append(nxt)
                    i += 2
                    continue
                buf.append("\\")
                i += 1
                continue
            if c == "$" and i + 1 < end:
                if buf:
                    segs.append(Seg("".join(buf), True))
                    buf = []
                i = self._dollar(s, i, segs, sources, quoted=True)
                continue
            if c == "`":
                if buf:
                    segs.append(Seg("".join(buf), True))
                    buf = []
                stop = lexer.find_subst_end(s, i)
                inner = _unescape_backtick(s[i + 1:stop - 1])
                segs.append(self._command_subst(inner, sources, quoted=True))
                i = stop
                continue
            buf.append(c)
            i += 1
        if buf:
            segs.append(Seg("".join(buf), True))

    def _dollar(self, s: str, i: int, segs: list, sources: list, quoted: bool) -> int:
        n = len(s)
        nxt = s[i + 1] if i + 1 < n else ""
        if nxt == "(":
            end = lexer.find_subst_end(s, i)
            if s.startswith("((", i + 1) and s.endswith("))", 0, end) and _is_arith(s, i, end):
                self.arith(s[i + 3:end - 2], sources)
                segs.append(Seg("0", quoted, expanded=True))
                return end
            segs.append(self._command_subst(s[i + 2:end - 1], sources, quoted))
            return end
        if nxt == "[":
            end = lexer.find_subst_end(s, i)
            self.arith(s[i + 2:end - 1], sources)
            segs.append(Seg("0", quoted, expanded=True))
            return end
        if nxt == "{":
            end = lexer.find_subst_end(s, i)
            inner = s[i + 2:end - 1]
            segs.extend(self._param_expr(inner, sources, quoted))
            return end
        if nxt and (nxt in _NAME_START):
            j = i + 1
            while j < n and s[j] in _NAME_CHARS:
                j += 1
            segs.extend(self._param(s[i + 1:j], quoted))
            return j
        if nxt and (nxt.isdigit() or nxt in "@*#?$!-"):
            segs.extend(self._param(nxt, quoted))
            return i + 2
        segs.append(Seg("$", quoted))
        return i + 1

    def _param(self, name: str, quoted: bool) -> list:
        if name in ("@", "*"):
            pos = self.scope.positional
            if pos is None:
                return [Seg(DYN, quoted, expanded=True, dynamic=True)]
            if name == "@" and quoted:
                # "$@": one field per parameter; join with a marker the
                # splitter turns into field breaks.
                return [Seg("\x01".join(pos), True, expanded=True)] if pos else []
            return [Seg(" ".join(pos), quoted, expanded=True)]
        if name == "#":
            return [Seg("0", quoted, expanded=True)]
        if name == "0":
            value = self.scope.lookup("0")
            return [Seg(value if value is not None else "", quoted, expanded=True,
                        dynamic=value is not None and DYN in value)]
        if name in ASSIGNABLE_NUMERIC and name in self.scope.vars:
            # COLUMNS='rm -rf ~' assigned in the command: $COLUMNS is that text
            value = self.scope.vars[name]
            if value is None:
                return [Seg("", quoted, expanded=True)]
            return [Seg(value, quoted, expanded=True, dynamic=DYN in value)]
        if name in _SPECIAL_NUMERIC or name in NUMERIC_VARS:
            return [Seg("0", quoted, expanded=True)]
        if name == "-":
            return [Seg("hB", quoted, expanded=True)]
        value = self.scope.lookup(name)
        if value is None:
            return [Seg("", quoted, expanded=True)]
        return [Seg(value, quoted, expanded=True, dynamic=DYN in value)]

    def _param_expr(self, inner: str, sources: list, quoted: bool) -> list:
        # Substitutions anywhere inside ${...} may run (defaults, patterns).
        self._scan_code_spans(inner, sources)
        if "@P" in inner or "@E" in inner:
            # Prompt/escape transformation of a value: can run substitutions
            # held in the value itself.
            self.on_unknown(Msg("shell.unknown.prompt_expansion"))
        j = 0
        if inner.startswith("#") and len(inner) > 1:
            return [Seg("0", quoted, expanded=True)]
        if inner.startswith("!"):
            return [Seg(DYN, quoted, expanded=True, dynamic=True)]
        while j < len(inner) and (inner[j] in _NAME_CHARS):
            j += 1
        name = inner[:j]
        rest = inner[j:]
        if not name and inner[:1] in "@*#?$!-" and inner:
            name, rest = inner[0], inner[1:]
        if not name:
            return [Seg(DYN, quoted, expanded=True, dynamic=True)]
        if rest == "":
            return self._param(name, quoted)
        if rest[:2] in (":-", ":=") or rest[:1] in ("-", "="):
            value = self.scope.lookup(name) if name not in "@*#?$!-" else DYN
            if value is not None and value != "" and DYN not in value:
                return [Seg(value, quoted, expanded=True)]
            if value is None or value == "":
                # unset/empty: the default word is used
                word = rest[2:] if rest[:1] == ":" else rest[1:]
                if rest[:1] == "-" and value == "":
                    return [Seg("", quoted, expanded=True)]
                sub, _src = self._segments(word, False) if not quoted else ([], [])
                if not quoted:
                    text = "".join(x.text for x in sub)
                    dyn = any(x.dynamic for x in sub)
                    return [Seg(text, quoted, expanded=True, dynamic=dyn)]
                return [Seg(DYN, quoted, expanded=True, dynamic=True)]
            return [Seg(DYN, quoted, expanded=True, dynamic=True)]
        if rest[:2] in (":+",) or rest[:1] == "+":
            value = self.scope.lookup(name)
            if value is None:
                return [Seg("", quoted, expanded=True)]
            return [Seg(DYN, quoted, expanded=True, dynamic=True)]
        if rest[:1] == "[":
            close = rest.find("]")
            self.arith(rest[1:close if close > 0 else len(rest)], sources)
            return [Seg(DYN, quoted, expanded=True, dynamic=True)]
        if rest[:1] == ":" and rest[1:2] not in ("-", "=", "+", "?"):
            # ${name:offset:length}: both are arithmetic expressions
            self.arith(rest[1:].replace(":", " "), sources)
        return [Seg(DYN, quoted, expanded=True, dynamic=True)]

    def _command_subst(self, code: str, sources: list, quoted: bool) -> Seg:
        cmds = self.on_code("subst", code)
        sources.append(("subst", cmds))
        value = self.known_output(cmds) if self.known_output else None
        if value is not None:
            # Command substitution strips trailing newlines.
            return Seg(value.rstrip("\n"), quoted, expanded=True, dynamic=DYN in value)
        return Seg(DYN, quoted, expanded=True, dynamic=True)

    def arith(self, text: str, sources: list, depth: int = 0) -> None:
        """``text`` is evaluated as arithmetic (``(( ))``, ``$(( ))``, ``let``,
        subscripts, ``declare -i``, ``[[ x -eq y ]]``): its substitutions run,
        and so does any substitution held in the *value* of a variable it
        names (bash evaluates a variable's value as an expression: ``x='a[$(cmd)]';
        (( x ))`` runs cmd). A variable assigned in the command whose value is
        unknown makes the analysis unknown, unless it is known to hold no code
        (a loop over literal words); a known value is evaluated in turn."""
        self._scan_code_spans(text, sources)
        if depth > MAX_ARITH_DEPTH:
            self.on_unknown(Msg("shell.unknown.arith_too_deep"))
            return
        scope = self.scope
        for name in arith_names(text):
            if name not in scope.vars:
                continue   # not assigned in this command: the environment's
            value = scope.vars[name]
            if value is None:
                continue
            if DYN in value:
                if name in scope.arith_safe:
                    continue
                self.on_unknown(Msg("shell.unknown.arith_dynamic_value", name=name))
                continue
            if any(ch in value for ch in "[$`") or any(c in _NAME_START for c in value):
                self.arith(value, sources, depth + 1)

    def test_arith(self, text: str, sources: list) -> None:
        """A ``[[ ... ]]`` expression: its substitutions run, and the operands
        of ``-eq -ne -lt -le -gt -ge`` are arithmetic (:meth:`arith`)."""
        self._scan_code_spans(text, sources)
        toks = text.replace("(", " ").replace(")", " ").split()
        for k, tok in enumerate(toks):
            if tok in ARITH_TEST_OPS:
                for operand in (toks[k - 1] if k else "", toks[k + 1] if k + 1 < len(toks) else ""):
                    if operand:
                        self.arith(operand, sources)

    def _scan_code_spans(self, text: str, sources: list) -> None:
        """Report every command substitution inside ``text`` (arithmetic,
        ``${...}`` operands, ``[[ ]]``)."""
        i = 0
        n = len(text)
        while i < n:
            c = text[i]
            if c in "\\'":
                # An escape or a single-quoted string runs nothing; double
                # quotes are not stepped over: substitutions inside them run.
                try:
                    i = lexer.skip_quoted(text, i)
                except lexer.LexError:
                    return
                continue
            if c == "`" or (c == "$" and i + 1 < n and text[i + 1] in "({[") or (
                    c in "<>" and i + 1 < n and text[i + 1] == "("):
                try:
                    end = lexer.find_subst_end(text, i)
                except lexer.LexError:
                    self.on_unknown(Msg("shell.unknown.unterminated_substitution"))
                    return
                if c == "`":
                    cmds = self.on_code("subst", _unescape_backtick(text[i + 1:end - 1]))
                    sources.append(("subst", cmds))
                elif c in "<>":
                    cmds = self.on_code("procsub-in" if c == "<" else "procsub-out",
                                        text[i + 2:end - 1])
                    sources.append(("procsub", cmds))
                elif text[i + 1] == "(" and not (text.startswith("((", i + 1)
                                                 and _is_arith(text, i, end)):
                    cmds = self.on_code("subst", text[i + 2:end - 1])
                    sources.append(("subst", cmds))
                else:
                    inner_start = i + (3 if text.startswith("((", i + 1) else 2)
                    self._scan_code_spans(text[inner_start:end - 1], sources)
                i = end
                continue
            i += 1

    # --------------------------------------------------------------- fields
    def _split(self, text: str, segs: list, sources: list, assignment: bool) -> list:
        if assignment:
            return [_join(text, segs, sources, split_unknown=False)]
        ifs = self.scope.ifs()
        fields: list = [[]]
        split_unknown = False
        for seg in segs:
            if seg.quoted or not seg.expanded:
                if seg.expanded and "\x01" in seg.text:
                    parts = seg.text.split("\x01")
                    fields[-1].append(Seg(parts[0], True, True, seg.dynamic))
                    for p in parts[1:]:
                        fields.append([Seg(p, True, True, seg.dynamic)])
                    continue
                fields[-1].append(seg)
                continue
            if seg.dynamic:
                if ifs is None or ifs != "":
                    split_unknown = True
                fields[-1].append(seg)
                continue
            if ifs is None:
                split_unknown = True
                fields[-1].append(Seg(seg.text, False, True, True))
                continue
            if ifs == "":
                fields[-1].append(seg)
                continue
            piece = []
            for ch in seg.text:
                if ch in ifs:
                    if piece:
                        fields[-1].append(Seg("".join(piece), False, True))
                        piece = []
                    if fields[-1]:
                        fields.append([])
                else:
                    piece.append(ch)
            if piece:
                fields[-1].append(Seg("".join(piece), False, True))
        out = []
        for f in fields:
            if not f:
                continue
            # A field made only of unquoted empty expansions disappears.
            if all((not x.quoted) and x.expanded and x.text == "" for x in f):
                continue
            out.append(_join(text, f, sources, split_unknown))
        if not out and any(s.quoted for s in segs):
            out.append(_join(text, [Seg("", True)], sources, split_unknown))
        return out


def _join(text: str, segs: list, sources: list, split_unknown: bool) -> Word:
    value = []
    pattern = []
    glob = False
    dynamic = split_unknown
    quoted = False
    for seg in segs:
        value.append(seg.text)
        if seg.dynamic:
            dynamic = True
        if seg.quoted:
            quoted = quoted or not seg.expanded
            for ch in seg.text:
                pattern.append("[" + ch + "]" if ch in "*?[" else ch)
        else:
            for ch in seg.text:
                if ch in _GLOB:
                    glob = True
                pattern.append(ch)
    v = "".join(value)
    w = Word(text, v, dynamic=dynamic or DYN in v, quoted=quoted)
    if glob and _has_glob(segs):
        w.glob = True
        w.pattern = "".join(pattern)
    w.sources = sources
    return w


def _has_glob(segs: list) -> bool:
    # "[" alone without a closing "]" is literal.
    for seg in segs:
        if seg.quoted:
            continue
        t = seg.text
        if "*" in t or "?" in t:
            return True
        k = t.find("[")
        if k >= 0 and t.find("]", k + 2) > 0:
            return True
    return False


def _is_arith(s: str, i: int, end: int) -> bool:
    """``s[i:end]`` starting with ``$((`` is arithmetic (not ``$( (sub) )``)."""
    return s.startswith("))", end - 2)


def _unescape_backtick(text: str) -> str:
    out = []
    i = 0
    while i < len(text):
        c = text[i]
        if c == "\\" and i + 1 < len(text) and text[i + 1] in "$`\\":
            out.append(text[i + 1])
            i += 2
            continue
        out.append(c)
        i += 1
    return "".join(out)




def brace_expand(text: str):
    """bash brace expansion of one unexpanded word: the list of words, or
    ``None`` when it would produce more than :data:`MAX_BRACE_WORDS`."""
    out = _brace(text, 0)
    if out is None or len(out) > MAX_BRACE_WORDS:
        return None
    return out


def _brace(text: str, budget: int):
    if budget > 8:
        return None
    span = _find_brace(text)
    if span is None:
        return [text]
    start, end, alts = span
    prefix, suffix = text[:start], text[end:]
    results = []
    for alt in alts:
        expanded = _brace(prefix + alt + suffix, budget + 1)
        if expanded is None:
            return None
        results.extend(expanded)
        if len(results) > MAX_BRACE_WORDS:
            return None
    return results


def _find_brace(text: str):
    """First unquoted ``{a,b}`` or ``{x..y}`` group: ``(start, end, alts)``."""
    i = 0
    n = len(text)
    while i < n:
        c = text[i]
        if c == "{":
            found = _brace_group(text, i)
            if found is not None:
                return found
        i = _brace_step(text, i, c, word=True)
        if i is None:
            return None
    return None


def _brace_step(text: str, i: int, c: str, word: bool = False):
    """Brace expansion's step over ``text[i] == c``: the index after the
    escape, quoted string or substitution starting there
    (:func:`shell.lexer.skip_quoted`; with ``word`` also ``<(``, ``>(`` and
    ``$'...'``), else ``i + 1``; ``None`` when what starts there is not
    closed."""
    try:
        if c in lexer.QUOTED_STARTS:
            k = lexer.skip_quoted(text, i)
            if k >= 0:
                return k
        if word and i + 1 < len(text):
            if c in "<>" and text[i + 1] == "(":
                return lexer.find_subst_end(text, i)
            if c == "$" and text[i + 1] == "'":
                return lexer.skip_ansi_c(text, i)
    except lexer.LexError:
        return None
    return i + 1


def _brace_group(text: str, start: int):
    n = len(text)
    depth = 0
    commas = []
    i = start + 1
    while i < n:
        c = text[i]
        if c == "{":
            depth += 1
        elif c == "}":
            if depth == 0:
                inner = text[start + 1:i]
                if commas:
                    alts = []
                    prev = start + 1
                    for k in commas:
                        alts.append(text[prev:k])
                        prev = k + 1
                    alts.append(text[prev:i])
                    return start, i + 1, alts
                seq = _sequence(inner)
                if seq is not None:
                    return start, i + 1, seq
                return None
            depth -= 1
        elif c == "," and depth == 0:
            commas.append(i)
        i = _brace_step(text, i, c)
        if i is None:
            return None
    return None


def _sequence(inner: str):
    parts = inner.split("..")
    if len(parts) not in (2, 3):
        return None
    a, b = parts[0], parts[1]
    step = parts[2] if len(parts) == 3 else "1"
    try:
        ia, ib, st = int(a), int(b), abs(int(step)) or 1
    except ValueError:
        if len(a) == 1 and len(b) == 1 and a.isalpha() and b.isalpha():
            lo, hi = ord(a), ord(b)
            rng = range(lo, hi + 1) if lo <= hi else range(lo, hi - 1, -1)
            if len(rng) > MAX_BRACE_WORDS:
                return [DYN]
            return [chr(x) for x in rng]
        return None
    if abs(ib - ia) // st > MAX_BRACE_WORDS:
        return [DYN]
    rng = range(ia, ib + 1, st) if ia <= ib else range(ia, ib - 1, -st)
    return [str(x) for x in rng]
