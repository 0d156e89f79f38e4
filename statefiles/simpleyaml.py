"""A strict reader for the simple YAML that state.md's sections are written in.

Importing PyYAML costs about 14 ms per hook process and a parse a few more;
the budget for a whole hook is 2.5× an interpreter start (~25 ms). state.md
is read through a content-keyed cache, but an edit of state.md has to be
judged on its *new* text, which no cache has seen. The sections are simple —
``key: value`` lines, comments, a list of strings, a one-line flow mapping —
so this module reads exactly that subset and says :data:`NOT_SIMPLE` for
anything else; the caller then uses PyYAML. It is to PyYAML what
``shell/simple.py`` is to bashlex.

For a text it accepts, :func:`load` returns what
``state_md._jsonable(yaml.safe_load(text))`` returns (``tests/statefiles/test_simpleyaml.py``
checks that with hypothesis). The subset, line by line:

* blank lines and comment lines (``#`` after optional spaces) are skipped;
* a top-level entry is ``key:`` at column 0, the key ``[A-Za-z_][A-Za-z0-9_-]*``
  and not a word YAML reads as a boolean or null; keys are unique;
* its value, on the same line after a space, is one of: a plain scalar; a
  double-quoted string without ``\\`` or ``"`` inside; a single-quoted string
  (``''`` for a quote); a flow sequence ``[a, b]`` or flow mapping
  ``{k: v, ...}`` of such scalars (no nesting, no empty items); optionally
  followed by `` # comment``;
* an empty value is null, unless the next lines are a block sequence of such
  scalars (``- item``, all at one indentation, which may be zero);
* a plain scalar is resolved as PyYAML's YAML 1.1 rules would: the boolean
  and null words, decimal integers without sign ``+``, underscores or
  leading zeros, dates ``YYYY-MM-DD`` and times ``YYYY-MM-DD HH:MM:SS`` (read
  as their text, which is what the cache stores for PyYAML's date objects);
  any other plain scalar is a string only when its first character cannot
  start a number, a timestamp or any other implicitly typed value.

Refused (PyYAML decides): tabs, CR, control and special characters, anchors,
aliases, tags, block scalars, multi-line scalars, nested structures, document
markers, escapes, colons or ``#``/``,[]{}`` inside plain scalars, and
everything else not listed above.
"""

from __future__ import annotations

#: Returned for text outside the subset.
NOT_SIMPLE = object()

_TRUE = frozenset({"yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON"})
_FALSE = frozenset({"no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF"})
_NULL = frozenset({"null", "Null", "NULL", "~"})
#: Keys refused: whatever YAML 1.1 might read as a boolean or null (any case).
_KEY_WORDS = frozenset({"yes", "no", "true", "false", "on", "off", "null", "y", "n"})
_KEY_START = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_")
_KEY_CHARS = _KEY_START | frozenset("0123456789-")
#: First characters of plain scalars that may be implicitly typed (numbers,
#: timestamps, merge, value, null) or are indicators: refused unless one of
#: the exact forms below matches.
_TYPED_START = frozenset("-+0123456789.<=~")
_INDICATORS = frozenset("-?:,[]{}#&*!|>'\"%@`")
#: Never inside a plain scalar here (flow indicators, comment, mapping colon).
_PLAIN_BAD = frozenset(",[]{}#:")
_DIGITS = frozenset("0123456789")


class _Refuse(Exception):
    pass


def load(text: str):
    """The value of the YAML ``text`` (a mapping, or ``None`` for a text with
    only comments and blank lines), or :data:`NOT_SIMPLE`."""
    try:
        return _document(text)
    except _Refuse:
        return NOT_SIMPLE


def _check_chars(text: str) -> None:
    for ch in text:
        if " " <= ch <= "~" or ch == "\n":
            continue
        if ch < "\xa1" or ch in "\u2028\u2029\ufeff" or not ch.isprintable():
            raise _Refuse()  # surrogates too: none is printable


def _document(text: str):
    _check_chars(text)
    # Blank and comment lines are skipped wherever they stand.
    lines = [line for line in text.split("\n") if line.lstrip(" ")[:1] not in ("", "#")]
    result: dict = {}
    i = 0
    n = len(lines)
    while i < n:
        line = lines[i]
        if line[0] == " ":
            raise _Refuse()  # indented content that does not belong to a key
        key, rest = _key(line)
        if key in result:
            raise _Refuse()
        rest = rest.lstrip(" ")
        if rest and not rest.startswith("#"):
            result[key] = _value(rest)
            i += 1
            continue
        # An empty value: null, or a block sequence on the following lines.
        i += 1
        items = []
        indent = None
        while i < n:
            line = lines[i]
            stripped = line.lstrip(" ")
            if not (stripped.startswith("- ") or stripped == "-"):
                if line[0] == " ":
                    raise _Refuse()
                break
            width = len(line) - len(stripped)
            if indent is None:
                indent = width
            elif width != indent:
                raise _Refuse()
            item = stripped[1:].lstrip(" ")
            if not item or item.startswith("#"):
                raise _Refuse()  # a null item, or a comment: leave it to PyYAML
            items.append(_scalar_with_comment(item))
            i += 1
        result[key] = items if indent is not None else None
    return result or None


def _key(line: str) -> tuple:
    colon = line.find(":")
    if colon <= 0:
        raise _Refuse()
    key = line[:colon]
    after = line[colon + 1:]
    if after and after[0] != " ":
        raise _Refuse()
    if key[0] not in _KEY_START or not set(key) <= _KEY_CHARS or key.lower() in _KEY_WORDS:
        raise _Refuse()
    return key, after


def _value(text: str):
    first = text[0]
    if first == "[":
        return _flow(text, "]", mapping=False)
    if first == "{":
        return _flow(text, "}", mapping=True)
    return _scalar_with_comment(text)


def _scalar_with_comment(text: str):
    """A scalar followed by nothing, or by spaces and a comment."""
    if text[0] in "\"'":
        value, end = _quoted(text, 0)
        _tail(text, end)
        return value
    hash_at = text.find(" #")
    if hash_at >= 0:
        text = text[:hash_at]
    return _plain(text.rstrip(" "))


def _tail(text: str, end: int) -> None:
    rest = text[end:]
    if rest and not (rest[0] == " " and (not rest.strip(" ") or rest.lstrip(" ").startswith("#"))):
        raise _Refuse()


def _quoted(text: str, start: int) -> tuple:
    """``(value, index after the closing quote)`` of the quoted scalar at ``start``.
    YAML's quoting (``''`` inside single quotes), not the shell's (shell.quoting)."""
    quote = text[start]
    if quote == '"':
        end = text.find('"', start + 1)
        if end < 0:
            raise _Refuse()
        value = text[start + 1:end]
        if "\\" in value:
            raise _Refuse()
        return value, end + 1
    out = []
    i = start + 1
    while True:
        end = text.find("'", i)
        if end < 0:
            raise _Refuse()
        out.append(text[i:end])
        if text.startswith("''", end):
            out.append("'")
            i = end + 2
            continue
        return "".join(out), end + 1


def _plain(text: str):
    if not text or text[0] in _INDICATORS or not _PLAIN_BAD.isdisjoint(text):
        if text and is_timestamp(text):
            return text
        raise _Refuse()
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    if text in _NULL:
        return None
    first = text[0]
    if first in _TYPED_START:
        if first in _DIGITS or first == "-":
            digits = text[1:] if first == "-" else text
            if digits and set(digits) <= _DIGITS and (digits == "0" or digits[0] != "0"):
                if first == "-" and digits == "0":
                    raise _Refuse()
                return int(text)
            if is_timestamp(text):
                return text
        raise _Refuse()
    return text


def _flow(text: str, close: str, mapping: bool):
    """A one-line flow sequence or mapping of scalars (no nesting)."""
    end = text.find(close)
    if end < 0:
        raise _Refuse()
    _tail(text, end + 1)
    inner = text[1:end]
    if "[" in inner or "{" in inner or "]" in inner or "}" in inner:
        raise _Refuse()
    if not inner.strip(" "):
        if inner and inner != " " * len(inner):
            raise _Refuse()
        return {} if mapping else []
    items = inner.split(",")
    if mapping:
        out: dict = {}
        for item in items:
            key, sep, value = item.partition(":")
            key = key.strip(" ")
            if not sep or not value.startswith(" ") or not key:
                raise _Refuse()
            if key[0] not in _KEY_START or not set(key) <= _KEY_CHARS \
                    or key.lower() in _KEY_WORDS or key in out:
                raise _Refuse()
            out[key] = _flow_scalar(value)
        return out
    return [_flow_scalar(item) for item in items]


def _flow_scalar(text: str):
    text = text.strip(" ")
    if not text:
        raise _Refuse()
    if text[0] in "\"'":
        value, end = _quoted(text, 0)
        if end != len(text):
            raise _Refuse()
        if "," in value or ":" in value:
            raise _Refuse()  # the split above would have cut it
        return value
    if " #" in text or is_timestamp(text):
        raise _Refuse()
    return _plain(text)


def is_timestamp(value: str) -> bool:
    """``YYYY-MM-DD`` or ``YYYY-MM-DD HH:MM:SS`` naming a real date and time:
    what PyYAML reads as a date/datetime whose ``str()`` is the same text.

    This reader leaves such values to PyYAML; the state.md writer
    (:mod:`statefiles.state_md`) writes only these two forms plain (as in the
    SPEC's example), so they read back unchanged. Other timestamp spellings
    (``T``, zones, fractions) and impossible dates are written quoted.
    """
    if len(value) not in (10, 19) or not value.isascii():
        return False
    digits = [0, 1, 2, 3, 5, 6, 8, 9] + ([11, 12, 14, 15, 17, 18] if len(value) == 19 else [])
    if not all(value[i].isdigit() for i in digits):
        return False
    if value[4] != "-" or value[7] != "-":
        return False
    if len(value) == 19 and (value[10] != " " or value[13] != ":" or value[16] != ":"):
        return False
    year, month, day = int(value[0:4]), int(value[5:7]), int(value[8:10])
    if year < 1 or not 1 <= month <= 12:
        return False
    leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    days = (31, 29 if leap else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)[month - 1]
    if not 1 <= day <= days:
        return False
    if len(value) == 19:
        hour, minute, second = int(value[11:13]), int(value[14:16]), int(value[17:19])
        return hour <= 23 and minute <= 59 and second <= 59
    return True
