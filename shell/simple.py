"""A strict parser for the common, simple subset of bash.

Most commands an agent runs use only words, quotes without expansions
(``git commit -m 'msg'``, ``grep "foo bar" src``), pipes, ``&&``/``||``/
``;``/``&`` and simple redirections (``2>&1``, ``> /tmp/x``, ``< file``).
For those, importing bashlex (about 15 ms of CPU per hook process even with
cached tables) buys nothing: this module recognises exactly that subset —
and nothing else — and produces nodes of the same shape bashlex produces, so
the walker treats both the same way.

The subset is chosen so that bash's reading of it is unambiguous:

* characters with a meaning beyond quoting and these operators are
  rejected: ``$`` (except a ``$(...)`` command substitution whose content is
  itself in the subset), backquote, backslash, parentheses, control
  characters other than newline, ``#`` or ``!`` or ``~`` at the start of a
  word (``~`` also after ``=``/``:``), a brace group that brace expansion
  would expand, here-strings, ``<>``, ``|&``, ``;;``;
* a newline separates commands like ``;`` (and continues after ``&&``,
  ``||``, ``|``); here-documents are accepted only with a quoted delimiter
  (``<<'EOF'``: the body is literal data) — the Claude Code commit idiom
  ``git commit -m "$(cat <<'EOF' ... EOF)"`` is in the subset;
* a reserved word in command position (``if``, ``{``, ``time``...) is
  rejected;
* inside double quotes only literal text and ``$(...)`` are accepted (no
  other ``$``, no backquote or backslash).

:func:`parse` returns ``None`` for anything outside the subset; the caller
then uses the lexer pre-pass and bashlex.
"""

from __future__ import annotations

from shell.model import is_assignment

_RESERVED = frozenset({"if", "then", "else", "elif", "fi", "case", "esac", "for", "select",
                       "while", "until", "do", "done", "in", "function", "time", "coproc",
                       "{", "}", "!", "[[", "]]"})
#: Characters never accepted outside quotes.
_BAD = frozenset("$`\\(){}\r")
#: Deepest nesting of $(...) handled here.
_MAX_NEST = 4
_BLANK = " \t"
_OPCHARS = "|&;<>"


class Node:
    """A parse node with bashlex's attribute names (``kind``, ``pos``,
    ``parts``, ``word``, ``op``, ``pipe``, ``type``, ``input``, ``output``)."""

    def __init__(self, kind: str, pos, **kw) -> None:
        self.kind = kind
        self.pos = pos
        self.__dict__.update(kw)

    def __repr__(self) -> str:
        return f"Node({self.kind}, {self.pos})"


class _Reject(Exception):
    pass


class Prepared:
    """What the walker needs from a pre-pass: the source text; no masked
    regions, no here-documents."""

    __slots__ = ("source", "masked", "heredocs", "regions", "rewritten")

    def __init__(self, source: str, heredocs=None) -> None:
        self.source = source
        self.masked = source
        self.heredocs = heredocs or {}
        self.regions = {}
        self.rewritten = []

    def text(self, start: int, end: int) -> str:
        """The source text of the node span ``start:end``."""
        return self.source[start:end]


def parse(text: str, _nest: int = 0):
    """``(Prepared, [tree])`` for a command in the simple subset, else
    ``None``."""
    if not text or len(text) > 16384 or _nest > _MAX_NEST:
        return None
    for ch in text:
        o = ord(ch)
        if (o < 32 and ch not in "\t\n") or o == 127:
            return None
    heredocs: dict = {}
    try:
        tokens = _tokens(text, heredocs, _nest)
        tree = _build(tokens, text)
    except _Reject:
        return None
    except Exception:  # noqa: BLE001 - anything odd goes to the full parser
        return None
    return Prepared(text, heredocs), [tree]


# tokens: ("word", start, end, has_quote) | ("op", start, end, text)
def _tokens(s: str, heredocs: dict, nest: int) -> list:
    out = []
    pending = []
    i = 0
    n = len(s)
    while i < n:
        c = s[i]
        if c in _BLANK:
            i += 1
            continue
        if c == "\n":
            if pending:
                i = _bodies(s, i, pending, heredocs)
                pending = []
            else:
                i += 1
            if out and not (out[-1][0] == "op" and out[-1][3] in ("&&", "||", "|", "\n", ";")):
                out.append(("op", i - 1, i, "\n"))
            continue
        if c == "<" and s.startswith("<<", i) and not s.startswith("<<<", i):
            start = i
            if out and out[-1][0] == "fd" and out[-1][2] == i:
                raise _Reject()
            j = i + 2
            strip = s.startswith("-", j)
            if strip:
                j += 1
            while j < n and s[j] in _BLANK:
                j += 1
            dstart = j
            delim = []
            quoted = False
            while j < n and s[j] not in _BLANK and s[j] not in _OPCHARS and s[j] != "\n":
                ch = s[j]
                if ch in "'\"":
                    k = s.find(ch, j + 1)
                    if k < 0 or "\n" in s[j:k] or (ch == '"' and "\\" in s[j:k]):
                        raise _Reject()   # escapes in "...": the full lexer decodes them
                    delim.append(s[j + 1:k])
                    quoted = True
                    j = k + 1
                    continue
                if ch in "$`\\":
                    raise _Reject()
                delim.append(ch)
                j += 1
            if not quoted or j == dstart:
                raise _Reject()   # unquoted delimiter: the body is expanded
            from shell.lexer import Heredoc  # lazy: the lexer loads only for here-documents and $()

            doc = Heredoc(start, j, "".join(delim), True, strip)
            heredocs[start] = doc
            pending.append(doc)
            out.append(("op", start, j, "<<"))
            i = j
            continue
        # file-descriptor prefix of a redirection: digits directly before < or >
        if c.isdigit():
            j = i
            while j < n and s[j].isdigit():
                j += 1
            if j < n and s[j] in "<>":
                op_end = _redir_end(s, j)
                out.append(("op", i, op_end, s[i:op_end]))
                i = op_end
                continue
        if c in _OPCHARS:
            if c in "<>":
                op_end = _redir_end(s, i)
                out.append(("op", i, op_end, s[i:op_end]))
                i = op_end
                continue
            if s.startswith("&>>", i):
                out.append(("op", i, i + 3, "&>>"))
                i += 3
                continue
            if s.startswith("&>", i):
                out.append(("op", i, i + 2, "&>"))
                i += 2
                continue
            two = s[i:i + 2]
            if two in ("&&", "||"):
                out.append(("op", i, i + 2, two))
                i += 2
                continue
            if two in ("|&", ";;", ";&"):
                raise _Reject()
            out.append(("op", i, i + 1, c))
            i += 1
            continue
        # a word. Quotes are the subset's own: single quotes like
        # shell.lexer.skip_single, double quotes refusing $, ` and \ (so that
        # no escape or expansion hides in them); not shell.quoting, whose
        # callers have no expansions to refuse.
        start = i
        quoted = False
        brace = False
        comma_or_dots = False
        while i < n and s[i] not in _BLANK and s[i] not in _OPCHARS and s[i] != "\n":
            ch = s[i]
            if ch == "'":
                j = s.find("'", i + 1)
                if j < 0:
                    raise _Reject()
                quoted = True
                i = j + 1
                continue
            if ch == '"':
                j = i + 1
                while j < n and s[j] != '"':
                    if s[j] == "$" and s.startswith("$(", j) and not s.startswith("$((", j):
                        j = _subst(s, j, nest)
                        continue
                    if s[j] in "$`\\":
                        raise _Reject()
                    j += 1
                if j >= n:
                    raise _Reject()
                quoted = True
                i = j + 1
                continue
            if ch == "$" and s.startswith("$(", i) and not s.startswith("$((", i):
                i = _subst(s, i, nest)
                quoted = True
                continue
            if ch == "\n":
                break
            if ch in _BAD:
                if ch in "{}":
                    brace = True
                    i += 1
                    continue
                raise _Reject()
            if i == start and ch in "#!~":
                raise _Reject()
            if ch == "~" and s[i - 1] in "=:":
                raise _Reject()
            if ch == ",":
                comma_or_dots = True
            if ch == "." and i + 1 < n and s[i + 1] == ".":
                comma_or_dots = True
            i += 1
        if brace and comma_or_dots:
            raise _Reject()   # brace expansion: leave it to the full parser
        out.append(("word", start, i, quoted))
    return out


def _subst(s: str, i: int, nest: int) -> int:
    """``$(...)`` at ``i`` whose content is itself in the subset: index after
    it."""
    import shell.lexer as lexer  # lazy: the lexer loads only for here-documents and $()

    try:
        end = lexer.find_subst_end(s, i)
    except lexer.LexError:
        raise _Reject() from None
    if parse(s[i + 2:end - 1], nest + 1) is None:
        raise _Reject()
    return end


def _bodies(s: str, i: int, pending: list, heredocs: dict) -> int:
    """Read here-document bodies after the newline at ``i``; index after the
    last terminator line."""
    n = len(s)
    pos = i + 1
    for doc in pending:
        doc.body_start = pos
        lines = []
        while pos < n:
            eol = s.find("\n", pos)
            if eol < 0:
                eol = n
            line = s[pos:eol]
            check = line.lstrip("\t") if doc.strip_tabs else line
            pos = eol + 1
            if check == doc.delimiter:
                break
            lines.append(check)
        doc.body = "\n".join(lines) + ("\n" if lines else "")
    return min(pos, n)


def _redir_end(s: str, i: int) -> int:
    """End of the redirection operator starting at ``s[i]`` (``<`` or ``>``)."""
    c = s[i]
    nxt = s[i + 1] if i + 1 < len(s) else ""
    if c == "<":
        if nxt in "<>(":
            raise _Reject()   # here-document/here-string, <>, process substitution
        if nxt == "&":
            return i + 2
        return i + 1
    if nxt == "(":
        raise _Reject()
    if nxt in (">", "|", "&"):
        return i + 2
    return i + 1


def _build(tokens: list, s: str):
    """Tokens → a tree of bashlex-shaped nodes."""
    if not tokens:
        raise _Reject()
    items = []    # commands/pipelines and operator nodes, bashlex ListNode style
    k = 0
    while k < len(tokens):
        pipeline, k = _pipeline(tokens, k, s)
        items.append(pipeline)
        if k >= len(tokens):
            break
        tok = tokens[k]
        if tok[0] != "op" or tok[3] not in ("&&", "||", ";", "&", "\n"):
            raise _Reject()
        op = ";" if tok[3] == "\n" else tok[3]
        items.append(Node("operator", (tok[1], tok[2]), op=op))
        k += 1
        if k >= len(tokens):
            if op in ("&&", "||"):
                raise _Reject()   # dangling operator: a syntax error
            break
    if len(items) == 1:
        return items[0]
    return Node("list", (0, len(s)), parts=items)


def _pipeline(tokens: list, k: int, s: str):
    parts = []
    while True:
        cmd, k = _command(tokens, k, s)
        parts.append(cmd)
        if k < len(tokens) and tokens[k][0] == "op" and tokens[k][3] == "|":
            parts.append(Node("pipe", (tokens[k][1], tokens[k][2]), pipe="|"))
            k += 1
            if k >= len(tokens):
                raise _Reject()
            continue
        break
    if len(parts) == 1:
        return parts[0], k
    return Node("pipeline", (parts[0].pos[0], parts[-1].pos[1]), parts=parts), k


def _command(tokens: list, k: int, s: str):
    parts = []
    seen_word = False
    start = tokens[k][1] if k < len(tokens) else len(s)
    end = start
    while k < len(tokens):
        tok = tokens[k]
        if tok[0] == "word":
            a, b = tok[1], tok[2]
            if not seen_word and is_assignment(s, a, b):
                parts.append(Node("assignment", (a, b), word=s[a:b]))
            else:
                if not seen_word and s[a:b] in _RESERVED:
                    raise _Reject()
                seen_word = True
                parts.append(Node("word", (a, b), word=s[a:b], parts=[]))
            end = b
            k += 1
            continue
        op = tok[3]
        if op in ("&&", "||", ";", "&", "|", "\n"):
            break
        if op == "<<":
            parts.append(Node("redirect", (tok[1], tok[2]), type="<", input=None,
                              output=Node("word", (tok[2], tok[2]), word="", parts=[])))
            end = tok[2]
            k += 1
            continue
        # a redirection: [fd]op target
        digits = ""
        j = 0
        while j < len(op) and op[j].isdigit():
            j += 1
        digits, rop = op[:j], op[j:]
        fd = int(digits) if digits else None
        if rop in (">&", "<&"):
            if k + 1 >= len(tokens) or tokens[k + 1][0] != "word":
                raise _Reject()
            t = tokens[k + 1]
            target = s[t[1]:t[2]]
            if target.isdigit():
                out = int(target)
            elif target == "-":
                out = "-"
            else:
                if rop == "<&" or fd is not None:
                    raise _Reject()
                out = Node("word", (t[1], t[2]), word=target, parts=[])
            parts.append(Node("redirect", (tok[1], t[2]), type=rop, input=fd, output=out))
            end = t[2]
            k += 2
            continue
        if rop not in (">", ">>", "<", ">|", "&>", "&>>"):
            raise _Reject()
        if k + 1 >= len(tokens) or tokens[k + 1][0] != "word":
            raise _Reject()
        t = tokens[k + 1]
        parts.append(Node("redirect", (tok[1], t[2]), type=rop, input=fd,
                          output=Node("word", (t[1], t[2]), word=s[t[1]:t[2]], parts=[])))
        end = t[2]
        k += 2
    if not parts:
        raise _Reject()
    return Node("command", (start, end), parts=parts), k
