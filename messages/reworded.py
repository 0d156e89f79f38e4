"""The English catalogue reworded, for checking that no test reads wording.

With ``PLAYGATE_MESSAGES_REWORDED=1`` in the environment, :func:`messages.catalogue`
serves every English template through :func:`reword`: each plain English word
of three letters or more gets a ``·`` inside it (``blocked`` → ``bl·ocked``,
``the`` → ``t·he``), so a test or a scripted agent that matches an English
fragment no longer finds it, while a person debugging still reads the
sentence. What a reader acts on is kept exactly, so that rewording changes no
decision and a test asserting by key (``tests/saying.py``) still passes:

* the key, and every ``{field}`` with its conversion and format spec;
* anything between backticks (a command to run, a file to edit);
* any token that is not a plain word: paths and dotted names (``state.md``,
  ``config.workflow:``), calls (``Skill(skill='crew')``), options
  (``--abort``), hyphenated names (``design-generated``), numbers,
  quoted values (``'trusted'``), and a word glued to a field
  (``playbook{n}``);
* the value after a setting's name (``goal.status: done``, ``status: failure``);
* words in capitals (``PASS``, ``FAIL``, ``BLOCK``, ``TEMPLATE_PATH``): verdict
  lines and markers a hook or an agent parses;
* the names in :data:`NAMES`: tool names, commands and the word a user
  types to consent, which a message tells the reader to use.

The ``[playgate:<guard>]`` label is not in the catalogue (the guard runner
adds it) and is unchanged. The Japanese catalogue is not reworded: its tests
are about its wording. No decision reads a message's words, so the variable
changes what a hook says and never what it decides; the hooks' environment is
the one Claude Code was started with, which the agent's own commands do not
set. Imported only when the variable is set.
"""

from __future__ import annotations

import re
import string

#: Set to ``1`` to reword the English catalogue (test runs only).
ENV = "PLAYGATE_MESSAGES_REWORDED"

#: Plain words kept as they are: names a message tells the reader to use.
NAMES = frozenset({
    "Read", "Write", "Edit", "MultiEdit", "NotebookEdit", "Bash", "Agent", "Task", "Skill",
    "Grep", "Glob", "WebFetch", "WebSearch", "TodoWrite", "TaskCreate", "TaskUpdate",
    "playgate", "git", "python", "python3", "pytest", "yes",
})

MARK = "\u00b7"

_WORD = re.compile(r"[A-Za-z]+(?:'[a-z]+)?")
_LEAD = "([«"
_TRAIL = ".,;:!?)]»"
_QUOTES = "'\""
_GLUE = "\x00"  # stands for a field while the literal text is split into tokens
_FORMATTER = string.Formatter()


def _word(token: str) -> str:
    """One whitespace-free token, reworded if it is a plain English word."""
    if _GLUE in token or token[:1] in _QUOTES or token[-1:] in _QUOTES:
        return token
    start, end = 0, len(token)
    while start < end and token[start] in _LEAD:
        start += 1
    while end > start and token[end - 1] in _TRAIL:
        end -= 1
    core = token[start:end]
    if (len(core) < 3 or not _WORD.fullmatch(core) or core in NAMES
            or (core.isupper() and len(core) > 1)):
        return token
    at = 1 if len(core) == 3 else 2
    return token[:start] + core[:at] + MARK + core[at:] + token[end:]


def _prose(text: str) -> str:
    out, after_key = [], False
    for token in re.split(r"(\s+)", text):
        if not token or token.isspace():
            out.append(token)
            continue
        # The value after a setting's name (``goal.status: done``) is kept.
        out.append(token if after_key else _word(token))
        after_key = bool(re.fullmatch(r"[a-z_.]+:", token))
    return "".join(out)


def reword(template: str) -> str:
    """``template`` with its own words changed and everything a reader acts
    on kept (see the module docstring). A template that does not parse is
    returned as it is."""
    try:
        parsed = list(_FORMATTER.parse(template))
    except ValueError:
        return template
    # Literal text with each field replaced by _GLUE, so a word touching a
    # field is seen as one token with it; then split back at the fields.
    fields = []
    flat = []
    for literal, name, spec, conv in parsed:
        flat.append(literal)
        if name is not None:
            flat.append(_GLUE)
            fields.append("{" + name + ("!" + conv if conv else "") + (":" + spec if spec else "")
                          + "}")
    joined = "".join(flat)
    out, code = [], False
    for i, part in enumerate(joined.split("`")):
        if i:
            out.append("`")
            code = not code
        out.append(part if code else _prose(part))
    literal = "".join(out).replace("{", "{{").replace("}", "}}")
    pieces = literal.split(_GLUE)
    result = [pieces[0]]
    for field, piece in zip(fields, pieces[1:]):
        result += [field, piece]
    return "".join(result)


def catalogue(table: dict) -> dict:
    """``table`` (key → template) with every template reworded."""
    return {key: reword(value) if isinstance(value, str) else value
            for key, value in table.items()}
