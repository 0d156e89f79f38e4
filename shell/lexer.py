"""A bash-aware pre-pass over a command string, run before bashlex (SPEC §4).

bashlex 0.18 parses the grammar of lists, pipelines, compounds and functions
well, but it fails on quoted here-document delimiters (``<<'EOF'``, the form
Claude Code uses for every commit message), arithmetic (``$((...))``,
``((...))``, ``for ((...))``), ``[[ ... ]]``, ``case``, ``time``, ``select``,
``coproc`` and array assignments. This pass finds those constructs with a
quote- and substitution-aware scanner and *masks* them with text of the same
length that bashlex accepts, so every position bashlex reports still points
into the original string:

* a here-document operator and its delimiter become ``<`` + a placeholder file
  name, and its body (plus the terminator line) becomes spaces; the body,
  whether the delimiter was quoted and ``<<-`` tab stripping are recorded in a
  :class:`Heredoc` keyed by the operator's position;
* ``[[ ... ]]``, ``(( ... ))``, ``$(( ... ))``, ``$[ ... ]`` and ``NAME=( ... )``
  become a single word of underscores, recorded as a :class:`Region` whose
  original text the analyser scans for command substitutions (the only part of
  them that runs commands);
* ``case WORD in PAT) LIST ;; ... esac`` becomes ``{ : WORD ; LIST ; ... }``
  (every branch analysed, patterns blanked);
* ``time [-p]`` and ``coproc`` become spaces, ``select`` becomes ``for``,
  ``for ((...))`` becomes ``for _ in ___``.

Anything the scanner cannot close (an unterminated quote, substitution or
construct) raises :class:`LexError`; the caller reports the command as
*unknown*. Nesting deeper than :data:`MAX_NESTING` raises :class:`TooDeep`
(a depth breach counts as dangerous).

Pure string scanning: no regular expressions, and no imports but
:mod:`shell.model` and :mod:`statefiles.record` (they import nothing else; loaded
before the lexer anyway) — hook hot path.
"""

from __future__ import annotations

from shell.model import NAME_CHARS as _NAME_CHARS
from shell.model import NAME_START as _NAME_START
from shell.model import Msg, is_assignment
from statefiles.record import Record

#: Deepest nesting of quotes/substitutions/parentheses the scanner follows.
MAX_NESTING = 48

_SPACE = " \t"
#: Characters that end an unquoted word in code context.
_META = " \t\n;&|()<>"
#: Words after which the next word is again in command position.
_CMD_PREFIX_WORDS = frozenset({"if", "then", "else", "elif", "do", "while", "until", "!",
                               "{", "function"})


class LexError(ValueError):
    """The command cannot be scanned (unterminated quote or construct). Its
    argument says why: a :class:`shell.model.Msg` (``shell.unknown.parse_*``),
    so the reason reaches the agent in its language."""


class TooDeep(LexError):
    """Nesting deeper than :data:`MAX_NESTING`."""


_ANSI = {"a": "\a", "b": "\b", "e": "\x1b", "E": "\x1b", "f": "\f", "n": "\n", "r": "\r",
         "t": "\t", "v": "\v", "\\": "\\", "'": "'", '"': '"', "?": "?"}


def ansi_c_decode(body: str) -> str:
    """Decode the body of a ``$'...'`` string (bash's escapes: ``\\n``,
    ``\\xHH``, ``\\NNN`` octal, ``\\uHHHH``, ``\\UHHHHHHHH``, ``\\cX``)."""
    out = []
    i = 0
    n = len(body)
    while i < n:
        c = body[i]
        if c != "\\" or i + 1 >= n:
            out.append(c)
            i += 1
            continue
        e = body[i + 1]
        if e in _ANSI:
            out.append(_ANSI[e])
            i += 2
        elif e == "x":
            j = i + 2
            while j < n and j < i + 4 and body[j] in "0123456789abcdefABCDEF":
                j += 1
            if j == i + 2:
                out.append("\\x")
            else:
                out.append(chr(int(body[i + 2:j], 16)))
            i = j
        elif e in "uU":
            width = 4 if e == "u" else 8
            j = i + 2
            while j < n and j < i + 2 + width and body[j] in "0123456789abcdefABCDEF":
                j += 1
            if j == i + 2:
                out.append("\\" + e)
            else:
                try:
                    out.append(chr(int(body[i + 2:j], 16)))
                except (ValueError, OverflowError):
                    out.append("\x00")  # shell.model.DYN: not a character
            i = j
        elif e in "01234567":
            j = i + 1
            while j < n and j < i + 4 and body[j] in "01234567":
                j += 1
            out.append(chr(int(body[i + 1:j], 8) & 0xFF))
            i = j
        elif e == "c" and i + 2 < n:
            out.append(chr(ord(body[i + 2]) & 0x1F))
            i += 3
        else:
            out.append("\\" + e)
            i += 2
    return "".join(out)


class Heredoc:
    """One here-document.

    Attributes:
        start, end: span of the operator and delimiter word in the source.
        delimiter: the delimiter after quote removal.
        quoted: any part of the delimiter was quoted, so the body is literal
            data (no expansion, no command substitution).
        strip_tabs: ``<<-`` (leading tabs removed from body lines).
        body: the body text as the command will read it (tabs stripped for
            ``<<-``), without the terminator line.
        body_start: offset of the body in the source.
    """

    __slots__ = ("start", "end", "delimiter", "quoted", "strip_tabs", "body", "body_start")

    def __init__(self, start, end, delimiter, quoted, strip_tabs):
        self.start = start
        self.end = end
        self.delimiter = delimiter
        self.quoted = quoted
        self.strip_tabs = strip_tabs
        self.body = ""
        self.body_start = -1

    def __repr__(self) -> str:
        return f"Heredoc({self.delimiter!r}, quoted={self.quoted}, body={self.body[:40]!r})"


class Region(Record):
    """A construct masked for bashlex: ``kind`` is ``"cond"`` (``[[ ]]``),
    ``"arith-cmd"`` (``(( ))``), ``"arith"`` (``$(( ))``/``$[ ]``),
    ``"for-arith"``, ``"array"`` (``NAME=( )``); ``text`` is the original
    source of the span ``start:end``. Made as ``Region(kind, start, end,
    text)`` (:class:`statefiles.record.Record`)."""

    __slots__ = ("kind", "start", "end", "text")

    def __repr__(self) -> str:
        return f"Region({self.kind}, {self.text[:40]!r})"


class Prepared:
    """Result of :func:`prepare`: the masked text for bashlex plus the side
    tables (``heredocs`` keyed by operator start, ``regions`` keyed by start,
    ``masked_any``: whether anything was changed)."""

    __slots__ = ("source", "masked", "heredocs", "regions", "masked_any", "rewritten")

    def __init__(self, source, masked, heredocs, regions, rewritten=()):
        self.source = source
        self.masked = masked
        self.heredocs = heredocs
        self.regions = regions
        self.masked_any = masked != source
        #: spans whose words were rewritten (case -> "{ :", select -> "for"):
        #: read them from ``masked``
        self.rewritten = list(rewritten)

    def text(self, start: int, end: int) -> str:
        """Source text of a bashlex node span (rewritten spans from the masked text)."""
        for a, b in self.rewritten:
            if a < end and start < b:
                return self.masked[start:end]
        return self.source[start:end]


# --------------------------------------------------------------------------
# small scanners shared with the word evaluator (shell.words)
# --------------------------------------------------------------------------

def skip_single(s: str, i: int) -> int:
    """``s[i] == "'"``: index just after the closing quote."""
    j = s.find("'", i + 1)
    if j < 0:
        raise LexError(Msg("shell.unknown.parse_single_quote"))
    return j + 1


def skip_ansi_c(s: str, i: int) -> int:
    """``s[i:i+2] == "$'"``: index just after the closing quote."""
    return _skip_escaped(s, i + 2, "'", Msg("shell.unknown.parse_ansi_string"))


def _skip_escaped(s: str, j: int, closer: str, error: Msg) -> int:
    """From ``j``: index just after the first ``closer`` that no backslash
    escapes; raises :class:`LexError` with ``error`` when there is none."""
    n = len(s)
    while j < n:
        c = s[j]
        if c == "\\":
            j = min(j + 2, n)  # a trailing backslash escapes nothing
            continue
        if c == closer:
            return j + 1
        j += 1
    raise LexError(error)


def find_subst_end(s: str, i: int, depth: int = 0) -> int:
    """End (exclusive) of the construct starting at ``s[i]`` which is one of
    ``$(``, ``$((``, ``${``, ``$[``, a backtick, ``"``, ``<(`` or ``>(``.
    Raises :class:`LexError` when it is not closed."""
    if depth > MAX_NESTING:
        raise TooDeep(Msg("shell.unknown.parse_too_deep"))
    c = s[i]
    if c == "`":
        return _skip_backtick(s, i)
    if c == '"':
        return _skip_double(s, i, depth)
    if c in "<>":
        return _skip_code(s, i + 2, depth + 1, ")")
    # c == "$"
    nxt = s[i + 1] if i + 1 < len(s) else ""
    if nxt == "(":
        if s.startswith("((", i + 1):
            end = _skip_arith(s, i + 3, depth + 1)
            if end is not None:
                return end
        return _skip_code(s, i + 2, depth + 1, ")")
    if nxt == "{":
        return _skip_param(s, i + 2, depth + 1, in_dq=False)
    if nxt == "[":
        return _skip_bracket_arith(s, i + 2, depth + 1)
    raise LexError(Msg("shell.unknown.parse_not_substitution"))


def _skip_backtick(s: str, i: int) -> int:
    """``s[i] == "`"``: index just after the closing backquote."""
    return _skip_escaped(s, i + 1, "`", Msg("shell.unknown.parse_backquote"))


#: Characters that can open a construct :func:`skip_quoted` steps over: in
#: code; inside ``"..."`` (where ``"`` ends the string); inside ``${...}`` in
#: double quotes; inside ``$[...]``.
QUOTED_STARTS = frozenset("\\'\"`$")
_DQ_STARTS = frozenset("\\`$")
_PARAM_DQ_STARTS = frozenset("\\\"`$")
_BRACKET_ARITH_STARTS = frozenset("\\$")


def skip_quoted(s: str, j: int, depth: int = 0, sc=None) -> int:
    """One step of the balanced scanners below (and of the word evaluator's,
    :mod:`shell.words`, which call it for characters in :data:`QUOTED_STARTS`).

    When ``s[j]`` starts a backslash escape, a single-quoted string, a
    double-quoted string, a backquote or a ``$(``, ``$((``, ``${``, ``$[``
    substitution: the index just after it; otherwise ``-1``.
    ``depth`` is the nesting depth of what is stepped over. With ``sc`` (the
    :class:`_Scanner` whose source is ``s``) double quotes and substitutions
    are scanned by that scanner, so what they contain is masked and recorded.
    Raises :class:`LexError` when the construct is not closed."""
    c = s[j]
    if c == "\\":
        return min(j + 2, len(s))  # a trailing backslash ends the text
    if c == "'":
        return skip_single(s, j)
    if c == '"':
        return _skip_double(s, j, depth) if sc is None else sc._double(j, depth)
    if c == "`":
        return _skip_backtick(s, j)
    if c == "$" and j + 1 < len(s) and s[j + 1] in "({[":
        return find_subst_end(s, j, depth) if sc is None else sc._dollar(j, depth)
    return -1


def _balanced(s: str, j: int, depth: int, opener: str, closer: str, sc=None,
              starts: frozenset = QUOTED_STARTS, stop_at_newline: bool = False,
              ansi_c: bool = False) -> int:
    """From ``j``: the index of the first ``closer`` not matched by an
    ``opener``, stepping over the escapes, quotes and substitutions that
    begin with a character in ``starts`` (:func:`skip_quoted`, which ``sc``
    is passed to), and with ``ansi_c`` (an unquoted context: array
    assignments, case patterns) over ``$'...'`` strings, whose ``\'`` does
    not end them; ``-1`` when the text ends first, or (``stop_at_newline``)
    an unmatched newline comes first."""
    n = len(s)
    level = 0
    while j < n:
        c = s[j]
        if ansi_c and c == "$" and s.startswith("'", j + 1):
            j = skip_ansi_c(s, j)
            continue
        if c in starts:
            k = skip_quoted(s, j, depth + 1, sc)
            if k >= 0:
                j = k
                continue
        if c == opener:
            level += 1
        elif c == closer:
            if level == 0:
                return j
            level -= 1
        elif c == "\n" and stop_at_newline and level == 0:
            return -1
        j += 1
    return -1


def _skip_double(s: str, i: int, depth: int, sc=None) -> int:
    """``s[i] == '"'``: index just after the closing quote (substitutions
    inside scanned by ``sc`` when given, see :func:`skip_quoted`)."""
    j = i + 1
    n = len(s)
    while j < n:
        c = s[j]
        if c == '"':
            return j + 1
        if c in _DQ_STARTS:
            k = skip_quoted(s, j, depth + 1, sc)
            if k >= 0:
                j = k
                continue
        j += 1
    raise LexError(Msg("shell.unknown.parse_double_quote"))


def _skip_param(s: str, j: int, depth: int, in_dq: bool) -> int:
    """After ``${``: index after the matching ``}``."""
    end = _balanced(s, j, depth, "{", "}",
                    starts=_PARAM_DQ_STARTS if in_dq else QUOTED_STARTS)
    if end < 0:
        raise LexError(Msg("shell.unknown.parse_param"))
    return end + 1


def _skip_arith(s: str, j: int, depth: int):
    """After ``$((`` or ``((``: index after the matching ``))``, or ``None``
    when the parentheses do not close as arithmetic."""
    if depth > MAX_NESTING:
        raise TooDeep(Msg("shell.unknown.parse_too_deep"))
    end = _balanced(s, j, depth, "(", ")")
    if end >= 0 and s.startswith("))", end):
        return end + 2
    return None


def _skip_bracket_arith(s: str, j: int, depth: int) -> int:
    """After ``$[``: index after the matching ``]`` (only escapes and
    substitutions are special inside)."""
    end = _balanced(s, j, depth, "[", "]", starts=_BRACKET_ARITH_STARTS)
    if end < 0:
        raise LexError(Msg("shell.unknown.parse_old_arith"))
    return end + 1


def _skip_code(s: str, j: int, depth: int, closer: str) -> int:
    """Scan code until the unmatched ``closer`` (``)``); index after it.
    Runs the full pre-pass scanner so heredocs, comments and case patterns
    inside a substitution are handled."""
    if depth > MAX_NESTING:
        raise TooDeep(Msg("shell.unknown.parse_too_deep"))
    sc = _Scanner(s, record=False)
    return sc.scan_code(j, depth, closer)


# --------------------------------------------------------------------------
# the scanner
# --------------------------------------------------------------------------

class _Frame:
    __slots__ = ("case_stack",)

    def __init__(self):
        # Each open ``case``: "subject" (before ``in``), "pattern", "body".
        self.case_stack = []


class _Scanner:
    def __init__(self, src: str, record: bool = True):
        self.s = src
        self.n = len(src)
        self.out = list(src) if record else None
        self.record = record
        self.heredocs: dict = {}
        self.regions: dict = {}
        self.pending: list = []
        self.rewritten: list = []
        #: ``{start: end}`` of the comments read (``#`` to the end of the line)
        self.comments: dict = {}

    # -- masking helpers
    def _mask(self, start: int, end: int, text: str) -> None:
        if self.out is not None:
            self.out[start:end] = list(text)

    def _rewrite(self, start: int, end: int, text: str) -> None:
        self._mask(start, end, text)
        self.rewritten.append((start, end))

    def _blank(self, start: int, end: int) -> None:
        if self.out is not None:
            for k in range(start, end):
                if self.out[k] != "\n":
                    self.out[k] = " "

    def _region(self, kind: str, start: int, end: int, mask: str) -> None:
        if self.record:
            self.regions[start] = Region(kind, start, end, self.s[start:end])
        self._mask(start, end, mask)

    # -- heredocs
    def _heredoc_op(self, i: int) -> int:
        """``s[i:i+2] == "<<"`` (not ``<<<``): parse operator and delimiter."""
        s, n = self.s, self.n
        j = i + 2
        strip = False
        if j < n and s[j] == "-":
            strip = True
            j += 1
        while j < n and s[j] in _SPACE:
            j += 1
        dstart = j
        quoted = False
        parts = []
        while j < n and s[j] not in _META:
            c = s[j]
            if c == "'":
                quoted = True
                k = skip_single(s, j)
                parts.append(s[j + 1:k - 1])
                j = k
            elif c == '"' or (c == "$" and j + 1 < n and s[j + 1] == '"'):
                # "..." and $"..." (locale translation): quote removal, where a
                # backslash escapes only $ ` " \ and newline (bash decodes the
                # delimiter word this way; nothing is expanded).
                quoted = True
                k = j + (2 if c == "$" else 1)
                while k < n and s[k] != '"':
                    if s[k] == "\\" and k + 1 < n and s[k + 1] in '$`"\\\n':
                        if s[k + 1] != "\n":
                            parts.append(s[k + 1])
                        k += 2
                        continue
                    parts.append(s[k])
                    k += 1
                if k >= n:
                    raise LexError(Msg("shell.unknown.parse_heredoc_delimiter"))
                j = k + 1
            elif c == "\\":
                quoted = True
                if j + 1 < n:
                    parts.append(s[j + 1])
                j = min(j + 2, n)  # a trailing backslash: the word ends with the text
            elif c == "$" and j + 1 < n and s[j + 1] == "'":
                # $'...': bash decodes the escapes in the delimiter (5.2:
                # <<$'E\x4fF' ends at a line "EOF"); left encoded, the body
                # would run past the real delimiter and hide live code.
                quoted = True
                k = skip_ansi_c(s, j)
                parts.append(ansi_c_decode(s[j + 2:k - 1]))
                j = k
            else:
                parts.append(c)
                j += 1
        if j == dstart:
            raise LexError(Msg("shell.unknown.parse_heredoc_no_delimiter"))
        doc = Heredoc(i, j, "".join(parts), quoted, strip)
        if self.record:
            self.heredocs[i] = doc
        # "<<[-] DELIM" -> "<" + spaces + "_..." (same length, a file redirect)
        width = j - i - 1
        self._mask(i, j, "<" + " " * (width - min(width, 3)) + "_" * min(width, 3))
        self.pending.append(doc)
        return j

    def _read_bodies(self, i: int) -> int:
        """``s[i]`` is the newline after which pending here-document bodies
        start; returns the index of the newline that ends the last body (or
        ``n``)."""
        s, n = self.s, self.n
        pos = i + 1
        for doc in self.pending:
            doc.body_start = pos
            lines = []
            while True:
                if pos >= n:
                    break  # bash: delimited by end-of-file (warning); body is what we have
                eol = s.find("\n", pos)
                if eol < 0:
                    eol = n
                line = s[pos:eol]
                check = line.lstrip("\t") if doc.strip_tabs else line
                if check == doc.delimiter:
                    self._blank(pos, eol)
                    pos = eol + 1
                    break
                lines.append(check)
                self._blank(pos, eol)
                pos = eol + 1
            doc.body = "\n".join(lines) + ("\n" if lines else "")
        self.pending = []
        # Return the index of the last consumed newline so the caller resumes after it.
        return min(pos, n) - 1

    # -- main code scanner
    def scan_code(self, i: int, depth: int, closer: str | None) -> int:
        """Scan code from ``i``. With ``closer`` (``")"``) stop after the
        matching closer and return the index after it; at top level return
        ``n``."""
        if depth > MAX_NESTING:
            raise TooDeep(Msg("shell.unknown.parse_too_deep"))
        s, n = self.s, self.n
        frame = _Frame()
        at_cmd = True       # the next word is in command position
        word_start = True   # the next char starts a word
        paren = 0           # plain "(" nesting inside this frame
        while i < n:
            c = s[i]
            cases = frame.case_stack
            # ---- case patterns: "(pat | pat)" up to the unquoted ")"
            if cases and cases[-1] == "pattern":
                if c in " \t\n;":
                    i += 1
                    continue
                w = self._bare_word(i)
                if w == "esac" and self._boundary(i + 4):
                    self._rewrite(i, i + 4, "}   ")
                    cases.pop()
                    i += 4
                    at_cmd = False
                    word_start = False
                    continue
                i = self._case_pattern(i, depth)
                cases[-1] = "body"
                at_cmd = True
                word_start = True
                continue
            if c == "\n":
                if self.pending:
                    i = self._read_bodies(i) + 1
                else:
                    i += 1
                at_cmd = True
                word_start = True
                continue
            if c in _SPACE:
                i += 1
                word_start = True
                continue
            if c == "\\":
                if i + 1 < n and s[i + 1] == "\n":
                    i += 2   # line continuation: the word goes on
                    continue
                i = min(i + 2, n)
                at_cmd = False
                word_start = False
                continue
            if word_start and c == "#":
                eol = s.find("\n", i)
                self.comments[i] = n if eol < 0 else eol
                i = n if eol < 0 else eol
                continue
            if c == ";":
                if cases and cases[-1] == "body" and s.startswith((";;", ";&"), i):
                    # ";;", ";;&" and ";&" end a case item: one ";" ends its
                    # body for bashlex, unless the body is already ended (a
                    # newline, ";" or "&" before it: ";;" on a line of its own,
                    # an empty body), where a second ";" is a syntax error
                    end = i + 3 if s.startswith(";;&", i) else i + 2
                    self._mask(i, end, " " * (end - i) if self._ended(i)
                               else ";" + " " * (end - i - 1))
                    cases[-1] = "pattern"
                    i = end
                    continue
                i += 1
                at_cmd = True
                word_start = True
                continue
            if c in "&|":
                i += 2 if s.startswith(c * 2, i) or s.startswith("|&", i) else 1
                at_cmd = True
                word_start = True
                continue
            if c == "(":
                if at_cmd and s.startswith("((", i):
                    end = _skip_arith(s, i + 2, depth + 1)
                    if end is not None:
                        self._region("arith-cmd", i, end, "_" * (end - i))
                        i = end
                        at_cmd = False
                        word_start = False
                        continue
                paren += 1
                i += 1
                at_cmd = True
                word_start = True
                continue
            if c == ")":
                if paren == 0:
                    if closer == ")":
                        if self.pending:
                            raise LexError(Msg("shell.unknown.parse_heredoc_no_body"))
                        return i + 1
                    raise LexError(Msg("shell.unknown.parse_unexpected_paren"))
                paren -= 1
                i += 1
                at_cmd = False
                word_start = True
                continue
            if c == "<" and s.startswith("<<<", i):
                i += 3
                word_start = True
                continue
            if c == "<" and s.startswith("<<", i):
                i = self._heredoc_op(i)
                word_start = True
                continue
            if c in "<>":
                if i + 1 < n and s[i + 1] == "(":
                    i = self._nested(i + 2, None, depth)
                    at_cmd = False
                    word_start = False
                    continue
                i += 1
                word_start = True
                continue
            # ---- a word (or the continuation of one)
            if word_start and at_cmd:
                handled = self._command_word(i, depth, frame)
                if handled is not None:
                    i, at_cmd, word_start = handled
                    continue
            if word_start and c in _NAME_START:
                # NAME=( ... ) / NAME+=( ... ): array assignment
                j = i
                while j < n and s[j] in _NAME_CHARS:
                    j += 1
                if s.startswith("=(", j) or s.startswith("+=(", j):
                    op_end = j + (2 if s[j] == "=" else 3)
                    end = self._skip_array(s, op_end, depth + 1)
                    self._region("array", op_end - 1, end, "_" * (end - op_end + 1))
                    i = end
                    word_start = False
                    continue
            begin = i
            i = self._word_char(i, depth)
            if word_start:
                # An assignment keeps the command position open.
                at_cmd = at_cmd and is_assignment(s, begin, n)
            word_start = False
        if closer is not None:
            raise LexError(Msg("shell.unknown.parse_substitution"))
        if self.pending:
            # Delimited by end of input: bodies are empty.
            self.pending = []
        return n

    # Words in command position: reserved words and constructs bashlex lacks.
    def _command_word(self, i: int, depth: int, frame: _Frame):
        s, n = self.s, self.n
        if s.startswith("[[", i) and self._boundary(i + 2):
            end = self._skip_cond(s, i + 2, depth + 1)
            self._region("cond", i, end, "_" * (end - i))
            return end, False, False
        w = self._bare_word(i)
        if not w:
            return None
        end = i + len(w)
        if not self._boundary(end):
            return None
        cases = frame.case_stack
        if cases and cases[-1] == "body" and w == "esac":
            self._rewrite(i, end, "}   ")
            cases.pop()
            return end, False, True
        if w == "case":
            self._rewrite(i, end, "{ : ")
            cases.append("subject")
            # The subject word, then "in".
            j = end
            while j < n and s[j] in _SPACE:
                j += 1
            j = self._word_char(j, depth)
            while True:
                while j < n and s[j] in " \t\n":
                    j += 1
                if s.startswith("in", j) and self._boundary(j + 2):
                    break
                if j >= n:
                    raise LexError(Msg("shell.unknown.parse_case_in"))
                # bash allows only one subject word; anything else is a syntax error
                raise LexError(Msg("shell.unknown.parse_case_subject"))
            self._rewrite(j, j + 2, "; ")
            cases[-1] = "pattern"
            return j + 2, True, True
        if w == "time":
            j = end
            while j < n and s[j] in _SPACE:
                j += 1
            if s.startswith("-p", j) and self._boundary(j + 2):
                j += 2
            self._mask(i, j, " " * (j - i))
            return j, True, True
        if w == "coproc":
            self._mask(i, end, " " * (end - i))
            return end, True, True
        if w == "select":
            self._rewrite(i, end, "for   ")
            return end, False, True
        if w == "for":
            j = end
            while j < n and s[j] in _SPACE:
                j += 1
            if s.startswith("((", j):
                stop = _skip_arith(s, j + 2, depth + 1)
                if stop is None:
                    raise LexError(Msg("shell.unknown.parse_for_arith"))
                width = stop - j
                if self.record:
                    self.regions[j] = Region("for-arith", j, stop, s[j:stop])
                self._rewrite(j, stop, ("_ in " + "_" * width)[:width] if width >= 6 else "_ in _")
                return stop, False, True
            return end, False, True
        if w == "do":
            self._end_condition(i)
        if w in _CMD_PREFIX_WORDS:
            return end, True, True
        return None

    def _ended(self, i: int) -> bool:
        """The masked text before ``i`` (blanks skipped) already ends a list:
        nothing, a newline, ``;``, ``&`` or an opener."""
        if self.out is None:
            return False
        j = self._back(i, " \t")
        return j == 0 or self.out[j - 1] in "\n;&{("

    def _end_condition(self, i: int) -> None:
        """bash ends a ``while``/``until`` condition at a newline before
        ``do`` as at ``;`` (``while read -r x⏎do``); bashlex cannot read
        that newline, so the first newline of the blank run before the
        ``do`` at ``i`` becomes ``;`` in the masked text (same length, same
        positions). Read on the masked text, as bashlex will see it (a
        heredoc's body is already blank there); a comment that ends the
        line before is blanked first (``while true  # why⏎do``). Left alone
        when the list is already ended (``;&|`` or an opener)."""
        out = self.out
        if out is None:
            return
        j = self._back(i, " \t\n")
        line_start = j
        while line_start > 0 and out[line_start - 1] != "\n":
            line_start -= 1
        comment = next((c for c in self.comments if line_start <= c < j), None)
        if comment is not None:
            self._mask(comment, self.comments[comment], " " * (self.comments[comment] - comment))
            j = self._back(i, " \t\n")
        if j == 0 or out[j - 1] in ";&|({\\" or "\n" not in out[j:i]:
            return
        newline = out.index("\n", j, i)
        self._mask(newline, newline + 1, ";")

    def _back(self, i: int, skipped: str) -> int:
        """The index after the last character before ``i`` in the masked
        text that is not one of ``skipped``."""
        j = i
        while j > 0 and self.out[j - 1] in skipped:
            j -= 1
        return j

    def _bare_word(self, i: int) -> str:
        s, n = self.s, self.n
        j = i
        while j < n and s[j] not in _META and s[j] not in "'\"`\\$":
            j += 1
        return s[i:j]

    def _boundary(self, j: int) -> bool:
        return j >= self.n or self.s[j] in _META

    def _word_char(self, i: int, depth: int) -> int:
        """Consume one word (from ``i``) to its end; returns the index after it."""
        s, n = self.s, self.n
        while i < n:
            c = s[i]
            if c in _META:
                return i
            if c == "\\":
                i = min(i + 2, n)
                continue
            if c == "'":
                i = skip_single(s, i)
                continue
            if c == '"':
                i = self._double(i, depth + 1)
                continue
            if c == "`":
                i = _skip_backtick(s, i)
                continue
            if c == "$":
                if i + 1 < n and s[i + 1] == "'":
                    i = skip_ansi_c(s, i)
                    continue
                if i + 1 < n and s[i + 1] == '"':
                    i = self._double(i + 1, depth + 1)
                    continue
                if i + 1 < n and s[i + 1] in "({[":
                    i = self._dollar(i, depth + 1)
                    continue
                i += 1
                continue
            if c in "@!+*?" and i + 1 < n and s[i + 1] == "(":
                # extglob pattern: @(a|b) — balanced parentheses, part of the word
                i = self._extglob(i + 1)
                continue
            i += 1
        return i

    def _extglob(self, i: int) -> int:
        s, n = self.s, self.n
        level = 0
        while i < n:
            c = s[i]
            if c == "\\":
                i = min(i + 2, n)
                continue
            if c == "(":
                level += 1
            elif c == ")":
                level -= 1
                if level == 0:
                    return i + 1
            elif c == "\n":
                break
            i += 1
        raise LexError(Msg("shell.unknown.parse_extglob"))

    def _double(self, i: int, depth: int) -> int:
        """``s[i] == '"'``: scan a double-quoted string, handling (and masking)
        substitutions inside it."""
        if depth > MAX_NESTING:
            raise TooDeep(Msg("shell.unknown.parse_too_deep"))
        return _skip_double(self.s, i, depth, self)

    def _dollar(self, i: int, depth: int) -> int:
        """``$(``, ``$((``, ``${``, ``$[`` at ``i``: scan (recursively) and
        mask arithmetic."""
        if depth > MAX_NESTING:
            raise TooDeep(Msg("shell.unknown.parse_too_deep"))
        s = self.s
        nxt = s[i + 1]
        if nxt == "(":
            if s.startswith("((", i + 1):
                end = _skip_arith(s, i + 3, depth + 1)
                if end is not None:
                    self._region("arith", i, end, "$" + "_" * (end - i - 1))
                    return end
            return self._nested(i + 2, None, depth)
        if nxt == "{":
            end = _skip_param(s, i + 2, depth + 1, in_dq=False)
            # Substitutions inside ${...} are scanned when the word is evaluated.
            return end
        # $[ ... ]
        end = _skip_bracket_arith(s, i + 2, depth + 1)
        self._region("arith", i, end, "$" + "_" * (end - i - 1))
        return end

    def _nested(self, start: int, end, depth: int) -> int:
        """Scan the code of a substitution starting at ``start`` (after its
        opening parenthesis) with this scanner, so heredocs and constructs
        inside are masked too. Returns the index after the closing ``)``."""
        saved = self.pending
        self.pending = []
        stop = self.scan_code(start, depth + 1, ")")
        if self.pending:
            raise LexError(Msg("shell.unknown.parse_heredoc_no_body"))
        self.pending = saved
        return stop

    def _skip_array(self, s: str, j: int, depth: int) -> int:
        """After ``NAME=(``: index after the matching ``)``."""
        end = _balanced(s, j, depth, "(", ")", sc=self, ansi_c=True)
        if end < 0:
            raise LexError(Msg("shell.unknown.parse_array"))
        return end + 1

    def _skip_cond(self, s: str, j: int, depth: int) -> int:
        """After ``[[``: index after the closing ``]]`` (a word of its own)."""
        n = len(s)
        level = 0
        word_start = True
        while j < n:
            c = s[j]
            if c in " \t\n":
                j += 1
                word_start = True
                continue
            if c == "$" and s.startswith("'", j + 1):
                j = skip_ansi_c(s, j)
                word_start = False
                continue
            if c in QUOTED_STARTS:
                k = skip_quoted(s, j, depth + 1, self)
                if k >= 0:
                    j = k
                    word_start = False
                    continue
            if word_start and level == 0 and s.startswith("]]", j) and self._boundary(j + 2):
                return j + 2
            if c == "(":
                level += 1
            elif c == ")":
                level -= 1
            j += 1
            word_start = c in "()"
        raise LexError(Msg("shell.unknown.parse_test"))

    def _case_pattern(self, i: int, depth: int) -> int:
        """Blank one case item's pattern list ``[(] pat [| pat]... )``;
        returns the index after the ``)``."""
        s = self.s
        j = i
        if s[j] == "(":
            j += 1
        end = _balanced(s, j, depth, "(", ")", sc=self, stop_at_newline=True, ansi_c=True)
        if end < 0:
            raise LexError(Msg("shell.unknown.parse_case_pattern"))
        if self.record:
            self.regions[i] = Region("case-pattern", i, end + 1, s[i:end + 1])
        self._blank(i, end + 1)
        return end + 1


def prepare(src: str) -> Prepared:
    """Scan ``src`` and return the masked text and side tables.

    Raises :class:`LexError` (or :class:`TooDeep`) when the command cannot be
    scanned the way bash would read it.
    """
    sc = _Scanner(src)
    try:
        sc.scan_code(0, 0, None)
    except RecursionError:
        raise TooDeep(Msg("shell.unknown.parse_too_deep")) from None
    except IndexError:
        raise LexError(Msg("shell.unknown.parse_end")) from None
    return Prepared(src, "".join(sc.out), sc.heredocs, sc.regions, sc.rewritten)
