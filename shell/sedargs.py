"""sed's command line, read once for its two readers (issue 17 item 4).

GNU sed reads its arguments with getopt_long: bundled short flags
(``-ne``), a value glued (``-es/a/b/``, ``--expression=s/a/b/``) or in the
next word, long options abbreviated to a unique prefix (``--expr``), ``-i``
and ``--in-place`` with an optional glued backup suffix, options after
operands, ``--`` ending them; without ``-e``/``-f`` the first operand is the
script. :func:`read` says what each word is; its readers decide what that
means for them:

* the shell analysis (``shell.families.text.h_sed``, SPEC §4): which scripts
  run (their ``w``/``e`` commands), which files ``-i`` edits;
* the permission gate's sed check (``permission.carriers``, SPEC §5 7E):
  anything it does not know is refused.

No imports: this module is on the PreToolUse Bash and PermissionRequest hot
paths.
"""

from __future__ import annotations

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
    if glued is not None:
        value = glued
    elif i + 1 < len(values):
        i += 1
        value = values[i]
    elif name == "--file":
        value = None
    else:
        out.append(("error", i, f"sed option {word} has no value"))
        return i
    if name == "--expression":
        out.append(("script", i, value))
    elif name == "--file":
        out.append(("script-file", i, value))
    return i


def _short(values, i: int, out: list) -> int:
    """Read the short option bundle ``values[i]`` into ``out``; the index of
    the last word it used."""
    word = values[i]
    j = 1
    while j < len(word):
        ch = word[j]
        if ch in SHORT_FLAGS:
            j += 1
            continue
        if ch == "i":
            out.append(("in-place", i, word[j + 1:]))  # the rest is the backup suffix
            return i
        if ch in "elf":
            value = word[j + 1:]
            if not value:
                if i + 1 < len(values):
                    i += 1
                    value = values[i]
                elif ch == "f":
                    value = None
                else:
                    out.append(("error", i, f"sed option -{ch} has no value"))
                    return i
            if ch == "e":
                out.append(("script", i, value))
            elif ch == "f":
                out.append(("script-file", i, value))
            return i
        out.append(("error", i, f"unknown sed option -{ch}"))
        return i
    return i
