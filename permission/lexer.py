"""Reading a Bash command string the strict way (SPEC §5 phases S0, 1, 1.5, 2, 3).

The gate approves only commands whose meaning is plain from the text: one
simple command, no expansion, no redirection, no control operator. These
helpers find anything else; every one of them answers "what did I find" so
the caller can tell the user (and the audit log) why a dialog was shown.

Only string methods: this module is on the PermissionRequest hot path (no
``re``; ``unicodedata`` only for commands that contain non-ASCII text). Phase 3's
quote removal is the shell package's (:func:`shell.quoting.split`, which
imports nothing either).
"""

from __future__ import annotations

import shell.quoting as quoting

#: Longest command the gate will approve, in characters. Longer commands are
#: not realistic for an auto-approval and padding past an analyser's limit is
#: an evasion family (reference/bypass-families.md E).
MAX_COMMAND = 4096

#: Phase 1.5 suffixes that are stripped as they are (SPEC §5).
FIXED_SUFFIXES = (" 2>&1", " 2>/dev/null", " || true")
#: Phase 1.5 suffixes followed by a quoted literal (SPEC §5: ``|| echo "x"``,
#: ``&& echo 'x'``; both quote styles are accepted with both operators).
ECHO_SUFFIXES = (" || echo ", " && echo ")
#: Characters a phase 1.5 literal may not contain: expansions, quotes and
#: the backslash (an escape could end the quote early).
LITERAL_FORBIDDEN = frozenset("$`'\"\\")

#: Phase 2 characters, with the name shown to the user.
SYNTAX_CHARS = {
    ";": "command separator ';'",
    "|": "pipe or '||'",
    "&": "'&' (background, '&&' or a redirection)",
    "<": "input redirection or here-document '<'",
    ">": "output redirection '>'",
    "`": "command substitution (backticks)",
    "$": "expansion '$' (variable, $(...), ${...}, $[...], $'...')",
    "~": "tilde expansion '~'",
    "*": "glob '*'",
    "?": "glob '?'",
    "[": "glob or test '['",
    "]": "glob ']'",
    "{": "brace expansion or group '{'",
    "}": "brace expansion or group '}'",
    "(": "subshell, function or extended glob '('",
    ")": "subshell, function or extended glob ')'",
}

#: Characters that quote or escape; not allowed in the command word (SPEC §5 phase 2).
QUOTING = frozenset("'\"\\")

#: Unicode whitespace and invisible characters bash does not split on (or that
#: display as nothing), by code point; checked in addition to the categories
#: in :data:`BAD_CATEGORIES`.
ODD_CODEPOINTS = frozenset({0x180E, 0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0x00AD})
#: Unicode categories that never belong in an approved command: separators
#: (Zs, Zl, Zp), controls (Cc), format characters incl. bidi overrides (Cf),
#: surrogates (Cs), private use (Co) and unassigned code points (Cn).
BAD_CATEGORIES = frozenset({"Zs", "Zl", "Zp", "Cc", "Cf", "Cs", "Co", "Cn"})


class LexError(ValueError):
    """The command cannot be read as plain words (unbalanced quote, trailing
    backslash). ``str(exc)`` says what was found."""


def describe_char(ch: str) -> str:
    """``U+000A LINE FEED``-style name for messages (names only for non-ASCII
    and controls; the name lookup imports ``unicodedata`` lazily)."""
    code = ord(ch)
    names = {0: "NUL", 9: "TAB", 10: "LF (newline)", 13: "CR (carriage return)", 27: "ESC",
             127: "DEL"}
    if code in names:
        return f"U+{code:04X} {names[code]}"
    import unicodedata  # lazy: only to describe a bad character

    return f"U+{code:04X} {unicodedata.name(ch, 'unnamed')}"


def find_nul(command: str) -> str | None:
    """Phase S0: a NUL character or its escaped spellings (``\\u0000``,
    ``\\x00``) in the command; returns what was found or ``None``."""
    if "\x00" in command:
        return "a NUL byte"
    for spelled in ("\\u0000", "\\x00"):
        if spelled in command:
            return f"an escaped NUL byte ({spelled})"
    return None


def find_bad_char(command: str) -> str | None:
    """Phase 1: the first control character (C0 incl. TAB/CR/LF, DEL, C1) or
    Unicode whitespace/format/unassigned character, described; ``None`` when
    the command is clean."""
    for ch in command:
        code = ord(ch)
        if code < 0x20 or code == 0x7F:
            return f"control character {describe_char(ch)}"
        if code < 0x80:
            continue
        if 0x80 <= code <= 0x9F:
            return f"control character U+{code:04X}"
        if code in ODD_CODEPOINTS:
            return f"invisible character {describe_char(ch)}"
        import unicodedata  # lazy: only for non-ASCII commands

        category = unicodedata.category(ch)
        if category in BAD_CATEGORIES:
            kind = ("Unicode whitespace" if category.startswith("Z")
                    else "Unicode control or format character")
            return f"{kind} {describe_char(ch)}"
    return None


def strip_suffixes(command: str) -> tuple:
    """Phase 1.5: remove safe trailing suffixes, repeatedly (SPEC §5).

    Returns ``(rest, stripped)`` where ``stripped`` lists the suffixes removed,
    outermost first. A suffix is removed only when something other than
    spaces is left before it. ``|| echo``/``&& echo`` need one quoted literal
    without ``$``, backticks, quotes or backslashes.
    """
    stripped = []
    while True:
        found = _one_suffix(command)
        if found is None:
            return command, stripped
        rest, suffix = found
        if not rest.strip(" "):
            return command, stripped
        stripped.append(suffix)
        command = rest


def _one_suffix(command: str):
    for suffix in FIXED_SUFFIXES:
        if command.endswith(suffix):
            return command[: -len(suffix)], suffix
    if len(command) < 2 or command[-1] not in "'\"":
        return None
    quote = command[-1]
    opening = command.rfind(quote, 0, len(command) - 1)
    if opening < 0:
        return None
    literal = command[opening + 1 : -1]
    if any(ch in LITERAL_FORBIDDEN for ch in literal):
        return None
    head = command[:opening]
    for op in ECHO_SUFFIXES:
        if head.endswith(op):
            return head[: -len(op)], command[len(head) - len(op) :]
    return None


def find_syntax(command: str) -> str | None:
    """Phase 2: the first piece of shell syntax left in ``command`` (after
    phase 1.5), described; ``None`` when there is none.

    Strict on purpose (seed 000): the characters of :data:`SYNTAX_CHARS` are
    refused anywhere, quoted or not; a word starting with ``#`` (a comment), a
    leading ``VAR=`` assignment and quotes or backslashes in the command word
    are refused too.
    """
    for ch in command:
        if ch in SYNTAX_CHARS:
            return SYNTAX_CHARS[ch]
    body = command.lstrip(" ")
    if body.startswith("#") or " #" in body:
        return "comment '#'"
    first = body.split(" ", 1)[0]
    if any(q in first for q in QUOTING):
        return "quote or backslash in the command word (hides the command name)"
    if "=" in first:
        return f"leading assignment '{first.split('=', 1)[0]}=' (changes the command's environment)"
    return None


def split_words(command: str) -> list:
    """Phase 3: split ``command`` into words the way bash does for the
    restricted alphabet phase 2 leaves (ASCII spaces separate words; single
    quotes are literal; double quotes keep spaces, and a backslash in them
    escapes only ``"`` ``\\`` ``$`` and backtick; outside quotes a backslash
    escapes the next character).

    Returns the words after quote removal (empty words are kept, as bash
    keeps ``''``).

    Raises:
        LexError: unbalanced quote or a trailing backslash.
    """
    try:
        return quoting.split(command)
    except quoting.QuoteError as exc:
        raise LexError(str(exc)) from None


def plain_name(name: str) -> bool:
    """Phase 7A: ``name`` is a plain ASCII command name (letters, digits and
    ``_ . + -``, not starting with ``-`` or ``.``). Anything else (``!``,
    ``:``, ``[[``, non-ASCII look-alikes) is not a name the gate reasons about."""
    if not name or name[0] in "-." or not name.isascii():
        return False
    return all(ch.isalnum() or ch in "_.+-" for ch in name)
