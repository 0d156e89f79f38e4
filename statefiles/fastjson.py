"""JSON for the hot path, from CPython's C accelerator without importing ``json``.

Why this exists: ``import json`` costs about 7 ms per hook process
on the reference machine, 5.7 ms of it for ``re`` and ``enum``, which
``json.decoder``/``json.encoder`` need only for their pure-Python fallbacks.
The interpreter floor is about 10 ms, so ``json`` alone would use most of the
2.5× budget. ``_json`` — the C scanner and encoder that ``json`` itself uses —
imports in 0.3 ms. This module calls it with the same settings as
``json.loads``/``json.dumps`` (strict strings; NaN/Infinity accepted like the
standard library), and falls back to ``json`` when ``_json`` is unavailable
or an edge case (``indent``) needs the Python implementation.

Results are identical to the standard library for every input it accepts;
``tests/statefiles/test_fastjson.py`` checks that with hypothesis.
"""

from __future__ import annotations

try:
    import _json
except ImportError:  # pragma: no cover - non-CPython
    _json = None

_WS = " \t\n\r"
_CONSTANTS = {"-Infinity": float("-inf"), "Infinity": float("inf"), "NaN": float("nan")}


class _ScanContext:
    """The attributes ``_json.make_scanner`` reads from a decoder."""

    strict = True
    object_hook = None
    object_pairs_hook = None
    parse_float = float
    parse_int = int
    parse_constant = _CONSTANTS.__getitem__
    memo: dict = {}


_scan = _json.make_scanner(_ScanContext()) if _json is not None else None


def _skip(s: str, i: int) -> int:
    n = len(s)
    while i < n and s[i] in _WS:
        i += 1
    return i


def loads(s):
    """``json.loads`` for ``str`` or UTF-8 ``bytes``.

    Raises:
        ValueError: not valid JSON (``json.JSONDecodeError`` when the fallback
            is used, which is a ``ValueError`` too); ``UnicodeDecodeError`` for
            bytes that are not UTF-8; ``RecursionError`` for absurd nesting.
    """
    if isinstance(s, (bytes, bytearray)):
        s = bytes(s).decode("utf-8")
    if _scan is None:
        import json  # lazy: json (~7 ms with re) only for input the C scanner refuses

        return json.loads(s)
    start = _skip(s, 0)
    try:
        obj, end = _scan(s, start)
    except StopIteration as exc:
        raise ValueError(f"Expecting value at char {exc.value}") from None
    except SystemError:
        # The C scanner builds most syntax errors with json.decoder's
        # JSONDecodeError, found only if json.decoder is already imported;
        # otherwise it fails with SystemError. Bad input only: let json
        # raise its ValueError.
        import json  # lazy: json (~7 ms with re) only for input the C scanner refuses

        return json.loads(s)
    finally:
        _ScanContext.memo.clear()
    if _skip(s, end) != len(s):
        raise ValueError(f"Extra data at char {end}")
    return obj


def loads_objects(lines) -> list:
    """The JSON objects among ``lines`` (an iterable of UTF-8 ``bytes``, one
    JSON value a line, as in a JSON Lines log), as dicts in order. Lines
    that are not JSON, or not an object, are skipped; invalid UTF-8 is
    replaced before parsing."""
    out = []
    for raw in lines:
        try:
            value = loads(raw.decode("utf-8", "replace"))
        except ValueError:
            continue
        if isinstance(value, dict):
            out.append(value)
    return out


def _encoder(ensure_ascii: bool):
    if _json is None:
        return None
    encode = _json.encode_basestring_ascii if ensure_ascii else _json.encode_basestring
    try:
        return _json.make_encoder(None, _default, encode, None, ": ", ", ", False, False, True)
    except TypeError:  # pragma: no cover - a CPython with another signature
        return None


def _default(obj):
    raise TypeError(f"Object of type {type(obj).__name__} is not JSON serializable")


def _float_repr(value: float) -> str:
    """``json``'s float spelling (``allow_nan=True``)."""
    if value != value:
        return "NaN"
    if value == _INF:
        return "Infinity"
    if value == -_INF:
        return "-Infinity"
    return float.__repr__(value)


_INF = float("inf")


def _indented(obj, indent: str, encode_str) -> str:
    """``json.dumps(obj, indent=...)`` without the ``json`` package: the same
    walk as ``json.encoder._make_iterencode`` (item separator ``","``, key
    separator ``": "``, keys that are ``str``/``int``/``float``/``bool``/
    ``None`` converted like ``json`` does, tuples as lists), strings encoded
    by the C encoder's helper. Stored files such as
    ``session-state/stop-guard.json`` are written on hot paths."""
    parts: list = []
    append = parts.append
    markers: set = set()

    def value(o, level: int) -> None:
        """Append the encoding of ``o`` at nesting ``level``; ``TypeError`` for a type JSON
        cannot hold."""
        if isinstance(o, str):
            append(encode_str(o))
        elif o is None:
            append("null")
        elif o is True:
            append("true")
        elif o is False:
            append("false")
        elif isinstance(o, int):
            append(int.__repr__(o))
        elif isinstance(o, float):
            append(_float_repr(o))
        elif isinstance(o, (list, tuple)):
            sequence(o, level)
        elif isinstance(o, dict):
            mapping(o, level)
        else:
            _default(o)

    def enter(o) -> None:
        """Mark container ``o`` as being encoded; ``ValueError`` when it already is (a cycle),
        like ``json``."""
        if id(o) in markers:
            raise ValueError("Circular reference detected")
        markers.add(id(o))

    def opening(o, level: int, brackets: str):
        """Open container ``o`` at ``level``: the separator before its first member once its
        opening bracket is out, or ``None`` (with the empty form ``"[]"``/``"{}"`` out) when
        it is empty."""
        if not o:
            append(brackets)
            return None
        enter(o)
        append(brackets[0])
        return "\n" + indent * (level + 1)

    def closing(o, level: int, bracket: str) -> None:
        """Close container ``o`` at ``level`` with ``bracket`` on a line of its own."""
        append("\n" + indent * level + bracket)
        markers.discard(id(o))

    def sequence(o, level: int) -> None:
        """Append list or tuple ``o`` at ``level``, one member a line."""
        inner = opening(o, level, "[]")
        if inner is None:
            return
        sep = inner
        for item in o:
            append(sep)
            sep = "," + inner
            value(item, level + 1)
        closing(o, level, "]")

    def mapping(o, level: int) -> None:
        """Append dict ``o`` at ``level``, one ``"key": value`` a line; keys converted like
        ``json`` does, ``TypeError`` for any other key type."""
        inner = opening(o, level, "{}")
        if inner is None:
            return
        sep = inner
        for key, item in o.items():
            if isinstance(key, str):
                pass
            elif isinstance(key, float):
                key = _float_repr(key)
            elif key is True:
                key = "true"
            elif key is False:
                key = "false"
            elif key is None:
                key = "null"
            elif isinstance(key, int):
                key = int.__repr__(key)
            else:
                raise TypeError(f"keys must be str, int, float, bool or None, "
                                f"not {key.__class__.__name__}")
            append(sep)
            sep = "," + inner
            append(encode_str(key))
            append(": ")
            value(item, level + 1)
        closing(o, level, "}")

    value(obj, 0)
    return "".join(parts)


def dumps(obj, *, ensure_ascii: bool = False, indent: int | None = None) -> str:
    """``json.dumps(obj, ensure_ascii=..., indent=...)`` (``indent`` an int or
    a string, as ``json`` takes it)."""
    if indent is None:
        encode = _encoder(ensure_ascii)
        if encode is not None:
            return "".join(encode(obj, 0))
    elif _json is not None:
        if not isinstance(indent, str):
            indent = " " * indent
        encode_str = _json.encode_basestring_ascii if ensure_ascii else _json.encode_basestring
        return _indented(obj, indent, encode_str)
    import json  # lazy: json (~7 ms with re) only for what the C encoder cannot write

    return json.dumps(obj, ensure_ascii=ensure_ascii, indent=indent)
