"""Quote removal and splitting of shell-quoted text without expansions, in
one implementation.

Three readers of "words in shell quoting" share it, each with its own
parameters:

* the permission gate's phase 3 (``permission.lexer.split_words``, SPEC §5):
  bash's rules for a command that phase 2 left without expansions —
  ``strict``, blanks are spaces, a backslash inside double quotes escapes
  only ``"`` ``\\`` ``$`` and the backquote;
* ``env -S`` strings and git alias values (:data:`TOLERANT`): blanks are
  space, tab and newline, a backslash inside double quotes escapes any
  character, an unterminated quote runs to the end;
* the best-effort split of a command bash-check could not parse
  (``shell.walker``): the same tolerant reading, cut at the unquoted
  operator characters instead of blanks.

The shell's own readers with expansions (:mod:`shell.lexer`, :mod:`shell.words`)
and the scanners of other languages (interpreter code in
:mod:`shell.codescan`, sed scripts, git configuration, YAML in
``statefiles.simpleyaml``, JSON and TOML) follow different rules and are
not folded here.

String methods only, no imports: this module is on the PermissionRequest hot
path (no ``re``).
"""

from __future__ import annotations

#: Characters a backslash escapes inside double quotes in bash (when the
#: text has no expansions: newline is not allowed there).
BASH_DQ_ESCAPES = '"\\$`'
#: Unquoted characters that separate fields in tolerant splitting.
BLANKS = " \t\n"


class QuoteError(ValueError):
    """Unbalanced quote or a trailing backslash (``strict`` splitting only);
    ``str(exc)`` says which."""


def split(text: str, separators: str = " ", dq_escapes: str | None = BASH_DQ_ESCAPES,
          strict: bool = True) -> list:
    """The fields of ``text`` after quote removal.

    Args:
        text: the quoted text (no expansions are performed: ``$`` and the
            backquote are ordinary characters).
        separators: unquoted characters that end a field (runs of them count
            as one separator; they never start an empty field).
        dq_escapes: characters a backslash escapes inside double quotes (the
            backslash is kept before any other character), or ``None``: it
            escapes every character.
        strict: raise :class:`QuoteError` for an unbalanced quote or a
            trailing backslash; otherwise an open quote runs to the end and a
            trailing backslash is kept as it is.

    Returns:
        list of str; a field made only of quotes (``''``) is kept as ``""``.
        Outside quotes a backslash escapes the next character.
    """
    fields = []
    cur = []
    in_field = False
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        if ch in separators:
            if in_field:
                fields.append("".join(cur))
                cur = []
                in_field = False
            i += 1
            continue
        in_field = True
        if ch == "'":
            end = text.find("'", i + 1)
            if end < 0:
                if strict:
                    raise QuoteError("unbalanced single quote")
                end = n
            cur.append(text[i + 1:end])
            i = end + 1
        elif ch == '"':
            i += 1
            while True:
                if i >= n:
                    if strict:
                        raise QuoteError("unbalanced double quote")
                    break
                c2 = text[i]
                if c2 == '"':
                    i += 1
                    break
                if c2 == "\\" and i + 1 < n and (dq_escapes is None or text[i + 1] in dq_escapes):
                    cur.append(text[i + 1])
                    i += 2
                    continue
                cur.append(c2)
                i += 1
        elif ch == "\\":
            if i + 1 >= n:
                if strict:
                    raise QuoteError("trailing backslash")
                cur.append(ch)
                i += 1
                continue
            cur.append(text[i + 1])
            i += 2
        else:
            cur.append(ch)
            i += 1
    if in_field:
        fields.append("".join(cur))
    return fields


def split_tolerant(text: str, separators: str = BLANKS) -> list:
    """``split`` as ``env -S`` and git read an argument string: blanks (or
    ``separators``) separate fields, a backslash escapes any character (also
    inside double quotes), an open quote runs to the end; never raises.
    Returns a list of str."""
    return split(text, separators, None, strict=False)


#: Characters a word may hold unquoted without bash reading them as syntax.
_SAFE_WORD = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                       "_./:,@%+-=")


def quote(value: str) -> str:
    """``value`` as one bash word (single-quoted unless every character is
    plain): ``quote("a b") == "'a b'"``, ``quote("it's")`` keeps the quote."""
    if value and all(ch in _SAFE_WORD for ch in value):
        return value
    return "'" + value.replace("'", "'\\''") + "'"
