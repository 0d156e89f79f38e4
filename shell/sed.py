"""sed's command line and script delimiters, read once for their two
readers.

GNU sed reads its arguments with getopt_long: bundled short flags
(``-ne``), a value glued (``-es/a/b/``, ``--expression=s/a/b/``) or in the
next word, long options abbreviated to a unique prefix (``--expr``), ``-i``
and ``--in-place`` with an optional glued backup suffix, options after
operands, ``--`` ending them; without ``-e``/``-f`` the first operand is the
script. :func:`read` says what each word is, and :func:`delimited_end`
where a delimited part of a script (``/re/``, ``s|a|b|``) ends; their
readers decide what that means for them:

* the shell analysis (``shell.families.text.h_sed``, SPEC §4): which scripts
  run (their ``w``/``e`` commands), which files ``-i`` edits;
* the permission gate's sed check (``permission.carriers``, SPEC §5 7E):
  anything it does not know is refused.

It imports only :mod:`statefiles.record`: this module is on the PreToolUse Bash and
PermissionRequest hot paths. :func:`script_effects` reads a script's
``w``/``e`` commands for the analysis and the read-only check
(:mod:`shell.readonly`).
"""

from __future__ import annotations

from statefiles.record import Record

#: GNU sed long options: name -> takes a value ("yes"), optional ("opt") or not ("no").
LONG = {
    "--quiet": "no", "--silent": "no", "--regexp-extended": "no", "--separate": "no",
    "--unbuffered": "no", "--null-data": "no", "--zero-terminated": "no", "--posix": "no",
    "--debug": "no", "--sandbox": "no", "--follow-symlinks": "no", "--binary": "no",
    "--in-place": "opt", "--line-length": "yes", "--expression": "yes", "--file": "yes",
    "--help": "no", "--version": "no",
}
#: sed short options without a value.
SHORT_FLAGS = frozenset("nrEsuzb")


def long_option(word: str, table: dict):
    """Resolve a (possibly abbreviated) long option: ``(name, kind)`` or
    ``(None, None)`` when unknown or ambiguous (getopt_long rules)."""
    base = word.split("=", 1)[0]
    if base in table:
        return base, table[base]
    found = [name for name in table if name.startswith(base)]
    if len(found) == 1 and len(base) >= 3:
        return found[0], table[found[0]]
    return None, None


def delimited_end(script: str, i: int, delim: str):
    """Index just after the ``delim`` that closes the part of a sed script
    starting at ``i`` (an address regex, or an ``s``/``y`` pattern or
    replacement; a backslash escapes the next character), or ``None`` when
    nothing closes it."""
    n = len(script)
    while i < n:
        if script[i] == "\\":
            i += 2
            continue
        if script[i] == delim:
            return i + 1
        i += 1
    return None


def read(values) -> list:
    """sed's arguments ``values`` (str, after the command word) as sed reads
    them, in order: a list of ``(what, index, text)``:

    * ``("script", i, text)``: ``-e``/``--expression``; ``i`` is the word that
      holds ``text`` (the option word itself when the value is glued to it);
    * ``("script-file", i, path)``: ``-f``/``--file`` (``path`` ``None`` when
      the value is missing);
    * ``("in-place", i, suffix)``: ``-i``/``--in-place`` at word ``i``;
    * ``("operand", i, text)``: a script or input file (see the module
      docstring);
    * ``("error", i, reason)``: a word sed refuses (unknown or ambiguous
      option, a value missing); the rest of that word is not read.
    """
    out = []
    n = len(values)
    i = 0
    while i < n:
        word = values[i]
        if word == "--":
            out.extend(("operand", j, values[j]) for j in range(i + 1, n))
            break
        if word.startswith("--"):
            i = _long(values, i, out)
        elif word.startswith("-") and len(word) > 1:
            i = _short(values, i, out)
        else:
            out.append(("operand", i, word))
        i += 1
    return out


def _long(values, i: int, out: list) -> int:
    """Read the long option ``values[i]`` into ``out``; the index of the last
    word it used."""
    word = values[i]
    name, kind = long_option(word, LONG)
    if name is None:
        out.append(("error", i, f"unknown sed option {word!r}"))
        return i
    glued = word.split("=", 1)[1] if "=" in word else None
    if name == "--in-place":
        out.append(("in-place", i, glued or ""))
        return i
    if kind != "yes":
        return i
    return _value(values, i, name, word, glued, out)


def _short(values, i: int, out: list) -> int:
    """Read the short option bundle ``values[i]`` into ``out``; the index of
    the last word it used."""
    word = values[i]
    for j in range(1, len(word)):
        ch = word[j]
        if ch in SHORT_FLAGS:
            continue
        if ch == "i":
            out.append(("in-place", i, word[j + 1:]))  # the rest is the backup suffix
            return i
        if ch in _SHORT_VALUED:
            return _value(values, i, _SHORT_VALUED[ch], "-" + ch, word[j + 1:] or None, out)
        out.append(("error", i, f"unknown sed option -{ch}"))
        return i
    return i


#: sed's short options that take a value, by their long name.
_SHORT_VALUED = {"e": "--expression", "f": "--file", "l": "--line-length"}
#: What the value of an option is, for the options whose value matters.
_VALUE_EVENTS = {"--expression": "script", "--file": "script-file"}


def _value(values, i: int, name: str, spelling: str, glued, out: list) -> int:
    """Read the value of the option ``name`` (written ``spelling``) at word
    ``i``: ``glued`` to it, else the next word; a missing value is an error
    (for ``--file``, a script file with no name). The index of the last word
    it used."""
    value = glued
    if value is None:
        if i + 1 < len(values):
            i += 1
            value = values[i]
        elif name != "--file":
            out.append(("error", i, f"sed option {spelling} has no value"))
            return i
    event = _VALUE_EVENTS.get(name)
    if event is not None:
        out.append((event, i, value))
    return i


class ScriptEffects(Record):
    """What a sed script does beyond printing (:func:`script_effects`):
    ``writes``, the files named by its ``w``/``W`` commands and ``s///w``
    flags (list of str, as written), and ``executes``, True when it runs a
    command (``e``, ``s///e``) or cannot be read."""

    __slots__ = ("writes", "executes")


def script_effects(script: str) -> ScriptEffects:
    """What the sed ``script`` does beyond printing: the files its ``w``/``W``
    commands and ``s///w`` flags write, and whether an ``e`` command or
    ``s///e`` flag runs a command (GNU sed). Conservative: a script that
    cannot be read counts as executing."""
    found = ScriptEffects([], False)
    i = 0
    n = len(script)
    while i < n:
        c = script[i]
        if c in " \t\n;{}!":
            i += 1
            continue
        # addresses: numbers, $, /re/, \cREc, ranges, steps
        while i < n and (script[i].isdigit() or script[i] in "$,~+"):
            i += 1
        if i < n and script[i] == "/":
            i = _skip(script, i, "/")
            continue
        if i < n and script[i] == "\\" and i + 1 < n:
            i = _skip(script, i + 1, script[i + 1])
            continue
        if i >= n:
            break
        c = script[i]
        if c in " \t!":
            i += 1
            continue
        if c in "sy":
            if i + 1 >= n:
                break
            delim = script[i + 1]
            j = _skip(script, i + 1, delim)
            j = _skip(script, j - 1, delim)
            flags_start = j
            while j < n and script[j] not in ";\n}":
                if c == "s" and script[j] == "w":
                    fname = script[j + 1:].split("\n", 1)[0].strip()
                    found.writes.append(fname)
                    j = n
                    break
                j += 1
            flags = script[flags_start:j]
            if c == "s" and "e" in flags:
                found.executes = True
            i = j
            continue
        if c in "wW":
            fname = script[i + 1:].split("\n", 1)[0].strip()
            if fname:
                found.writes.append(fname)
        elif c == "e":
            found.executes = True
        elif c in "lLqQ":   # an optional number, then ";" or a newline
            ends = [k for k in (script.find("\n", i), script.find(";", i)) if k >= 0]
            i = min(ends) + 1 if ends else n
            continue
        elif c not in "aicrRbtTv:#":
            i += 1
            continue
        # the command's argument (a file, a command, text, a label) runs to
        # the end of the line
        nl = script.find("\n", i)
        i = n if nl < 0 else nl + 1
    return found


def _skip(s: str, i: int, delim: str) -> int:
    """``s[i] == delim`` opens a delimited part: index after its closing
    delimiter (escapes honoured)."""
    end = delimited_end(s, i + 1, delim)
    return len(s) if end is None else end
