"""GNU/POSIX option parsing for command arguments (as the tools read them).

``parse(args, short_values, long_values)`` splits a list of
:class:`shell.model.Word` into options and operands the way getopt_long
does: bundled short flags (``-rf``), values glued (``-n5``, ``--x=y``) or
separate (``-n 5``), ``--`` ending options, and options after operands
(GNU permutation) unless ``posix`` is set.
"""

from __future__ import annotations

from shell.model import Word


class Parsed:
    """``opts``: ``[(name, value_word_or_None)]`` with names like ``-r`` and
    ``--recursive``; ``operands``: ``[Word]``; ``dashdash``: index in
    operands where ``--`` appeared (or ``None``)."""

    __slots__ = ("opts", "operands", "dashdash")

    def __init__(self):
        self.opts = []
        self.operands = []
        self.dashdash = None

    def has(self, *names) -> bool:
        """Any of the option spellings ``names`` (``"-r"``, ``"--recursive"``) was given."""
        return any(o[0] in names for o in self.opts)

    def values(self, *names) -> list:
        """The value Words of every occurrence of the options ``names``, in order
        (options given without a value are skipped)."""
        return [o[1] for o in self.opts if o[0] in names and o[1] is not None]

    def value(self, *names):
        """The last value Word of the options ``names``, or ``None``."""
        vals = self.values(*names)
        return vals[-1] if vals else None


def parse(args, short_values: str = "", long_values=(), posix: bool = False,
          long_prefixes: bool = True, long_flags=()) -> Parsed:
    """Parse ``args`` (Words). ``short_values``: short option letters that
    take a value; ``long_values``: long option names (``--name``) that take a
    value; long options may be abbreviated to any unique prefix of the names
    in ``long_values``/``long_flags`` when ``long_prefixes`` is set (as
    getopt_long allows)."""
    out = Parsed()
    long_values = set(long_values)
    known_long = long_values | set(long_flags)
    i = 0
    n = len(args)
    while i < n:
        w = args[i]
        a = w.value
        if a == "--":
            out.dashdash = len(out.operands)
            out.operands.extend(args[i + 1:])
            break
        if a.startswith("--") and len(a) > 2:
            name, eq, val = a.partition("=")
            full = _expand_long(name, known_long) if long_prefixes else name
            if eq:
                out.opts.append((full, Word(val, val, dynamic=w.dynamic)))
            elif full in long_values and i + 1 < n:
                out.opts.append((full, args[i + 1]))
                i += 1
            else:
                out.opts.append((full, None))
            i += 1
            continue
        if a.startswith("-") and len(a) > 1:
            k = 1
            while k < len(a):
                ch = a[k]
                if ch in short_values:
                    rest = a[k + 1:]
                    if rest:
                        out.opts.append(("-" + ch, Word(rest, rest, dynamic=w.dynamic)))
                    elif i + 1 < n:
                        out.opts.append(("-" + ch, args[i + 1]))
                        i += 1
                    else:
                        out.opts.append(("-" + ch, None))
                    break
                out.opts.append(("-" + ch, None))
                k += 1
            i += 1
            continue
        out.operands.append(w)
        if posix:
            out.operands.extend(args[i + 1:])
            break
        i += 1
    return out


def _expand_long(name: str, known) -> str:
    if name in known or not known:
        return name
    matches = [k for k in known if k.startswith(name)]
    if len(matches) == 1:
        return matches[0]
    return name


def short_flags(args) -> set:
    """Every short flag letter set anywhere in ``args`` (``-rf`` → r, f),
    before ``--``; long options are ignored."""
    found = set()
    for w in args:
        a = w.value
        if a == "--":
            break
        if a.startswith("-") and not a.startswith("--") and len(a) > 1:
            found.update(a[1:])
    return found


def skip_option(words, i: int, values=frozenset()) -> int:
    """The index after the option word ``words[i]`` (Words): past its value
    too when it is one of ``values`` (spellings like ``"-f"``, ``"--file"``
    whose value is the next word); ``i`` itself when ``words[i]`` is not an
    option (``-`` alone is an operand), so a loop reading options stops."""
    v = words[i].value
    if v in values:
        return i + 2
    if v.startswith("-") and len(v) > 1:
        return i + 1
    return i


class OptionWalk:
    """The leading options of ``words`` (Words), for a tool whose options a
    handler reads by hand (the interpreters, awk): iterating yields the word
    at index ``i``, until ``--`` (stepped over, not yielded) or the end.

    The loop body reads the words it knows and moves ``i`` past what it
    read; a word it leaves (``i`` unchanged) is stepped over as an ordinary
    option with :func:`skip_option` (past its value when it is one of
    ``values``) or, when it is an operand, ends the walk there (the body sees
    the first operand too: ``deno eval`` reads it). ``break`` ends the walk
    where the body left ``i``. Afterwards :meth:`rest` is the operands (and
    whatever follows them)."""

    __slots__ = ("words", "values", "i")

    def __init__(self, words, values=frozenset()):
        self.words = words
        self.values = values
        self.i = 0

    def __iter__(self):
        words = self.words
        while self.i < len(words):
            word = words[self.i]
            if word.value == "--":
                self.i += 1
                return
            before = self.i
            yield word
            if self.i == before:
                after = skip_option(words, before, self.values)
                if after == before:
                    return
                self.i = after

    def rest(self) -> list:
        """The words from ``i`` on: what follows the options."""
        return self.words[self.i:]


def positional(words, values=frozenset(), limit: int = 0) -> list:
    """The positional words (str) of ``words`` (Words) — a command-line
    tool's command path and operands — skipping options and the values of
    the options named in ``values``; stops at ``--`` and, with ``limit``,
    after that many."""
    out = []
    k = 0
    while k < len(words) and (not limit or len(out) < limit):
        v = words[k].value
        if v == "--":
            break
        if v.startswith("-"):
            k += 2 if v in values else 1
            continue
        out.append(v)
        k += 1
    return out
