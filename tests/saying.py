"""Asserting what a hook said by its message key, not by its wording.

Every sentence Claude or the user reads comes from a catalogue entry
(``messages/en.py``, ``messages/ja.py``): a key and a template with fields. A
test that matches an English fragment breaks when the sentence is reworded,
and a scripted agent that reacts to one silently changes what it does. These
helpers recognise a rendered message in any text (a hook's stderr, the JSON
``reason``, ``additionalContext``, a tool result in the real CLI's stream) by
its key: the template's own words in that language, with the fields given
here matched exactly and the others matched as anything. In-process
verdicts carry the key themselves (``Verdict.key``, ``Verdict.fields``).

    assert says(result.reason, "bash_check.too_complex")
    assert says(result.reason, "protected_edit.hard_block", path="state.md")
    assert "init_guard.read_first" in keys_in(result.context)
"""

from __future__ import annotations

import re
import string

from messages import catalogue

#: A template must keep this many characters of its own words for a match
#: to mean anything (``"{message}"`` alone would match every text).
MIN_WORDS = 6

_FORMATTER = string.Formatter()
_cache: dict = {}


def template(key: str, /, lang: str = "en") -> str:
    """The catalogue template of ``key`` in ``lang`` (``KeyError`` when the
    catalogue has no such key: a test naming a key that does not exist
    fails)."""
    table = catalogue(lang)
    if key not in table:
        raise KeyError(f"no message {key!r} in messages/{lang}.py")
    return table[key]


def pattern(key: str, /, lang: str = "en", *, capture: bool = False,
            **fields) -> re.Pattern:
    """A regular expression matching ``key``'s rendering in ``lang`` inside
    any text: the template's literal words, each field given in ``fields``
    exactly (``str()``, or ``repr()`` for a ``!r`` field), the others as any
    text. Raises ``ValueError`` for a field the template does not have, or a
    template with too few words of its own to be recognised.

    ``capture``: the fields not given are named groups, each within one line,
    and a template ending a sentence with ``.`` ends at a ``.`` followed by a
    space or the end (a path's dot is not the full stop), so that a scripted
    agent reads what a message names (:func:`matches`)."""
    return _build(key, lang, capture, fields)[0]


def _build(key: str, lang: str, capture: bool, fields: dict) -> tuple:
    """``(pattern, runs)``: :func:`pattern`, and the literal texts it is made
    of between its wildcards, in order (:func:`_in_order`)."""
    source = template(key, lang)
    parts, names, literal = [], set(), 0
    runs, run = [], []
    parsed = list(_FORMATTER.parse(source))
    for text, name, _spec, conv in parsed:
        if text:
            parts.append(re.escape(text))
            run.append(text)
            literal += len(text.strip())
        if name is None:
            continue
        if name in fields:
            value = fields[name]
            value = repr(value) if conv == "r" else value
            value = format(value, _spec) if _spec else str(value)
            parts.append(re.escape(value))
            run.append(value)
        else:
            if capture and name.isidentifier():
                parts.append(f"(?P={name})" if name in names else f"(?P<{name}>[^\n]*?)")
            else:
                parts.append(r".*?")
            runs.append("".join(run))
            run = []
        names.add(name)
    runs.append("".join(run))
    if capture and parsed and parsed[-1][1] is None and parsed[-1][0].endswith("."):
        parts.append(r"(?=\s|$)")
    unknown = set(fields) - names
    if unknown:
        raise ValueError(f"{key} has no field {sorted(unknown)} (it has {sorted(names)})")
    if literal < MIN_WORDS and not fields:
        raise ValueError(f"{key} has too few words of its own to be recognised: give its "
                         "fields")
    return re.compile("".join(parts), re.DOTALL), tuple(r for r in runs if r)


def _in_order(text: str, runs: tuple, pos: int = 0) -> bool:
    """Whether ``runs`` occur in ``text`` from ``pos`` on, one after the
    other without overlapping: what every match of the pattern they come from
    needs (its wildcards stand between them). Linear, where the regular
    expression's search for a message that is not there is quadratic or
    worse in the length of the text (a lazy wildcard is retried from every
    position: seconds on a long conversation), so it is asked first."""
    for run in runs:
        found = text.find(run, pos)
        if found < 0:
            return False
        pos = found + len(run)
    return True


def matches(text, key: str, /, lang: str = "en", **fields) -> list:
    """Every rendering of ``key`` in ``text``, in order, as ``re.Match``
    objects whose ``groupdict()`` holds the fields not given (see
    :func:`pattern` with ``capture``): what a message names, read by key."""
    compiled, runs = _build(key, lang, True, fields)
    text = text or ""
    if not runs:  # nothing literal to look for (every field given empty)
        return list(compiled.finditer(text))
    found, pos = [], 0
    # finditer's matches, each searched for only where the next can be
    # (a match holds a run, so it is never empty: the next starts at its end).
    while _in_order(text, runs, pos):
        match = compiled.search(text, pos)
        if match is None:
            break
        found.append(match)
        pos = match.end()
    return found


def says(text, key: str, /, lang: str = "en", **fields) -> bool:
    """``text`` contains message ``key`` rendered in ``lang`` (with
    ``fields`` where given). ``text`` may be any string (``None`` is empty)."""
    compiled, runs = _build(key, lang, False, fields)
    text = text or ""
    return _in_order(text, runs) and compiled.search(text) is not None


def keys_in(text, lang: str = "en", prefix: str = "") -> set:
    """Every catalogue key (starting with ``prefix``) whose rendering occurs
    in ``text``, fields matched as anything; keys too generic to recognise
    are left out."""
    found = set()
    for key in catalogue(lang):
        if not key.startswith(prefix):
            continue
        cached = _cache.get((key, lang))
        if cached is None:
            try:
                cached = _build(key, lang, False, {})
            except ValueError:
                cached = False
            _cache[(key, lang)] = cached
        if cached and _in_order(text or "", cached[1]) and cached[0].search(text or ""):
            found.add(key)
    return found
