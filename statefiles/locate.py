"""Where a value sits in a file: JSON pointers → line and column.

``validate`` reports schema errors by the file position of the value they are
about. JSON Schema validators name the value by its path (a JSON pointer,
``/phases/0/subtasks/1/id``); these functions map every path of a document
to where it starts in the text.

* :func:`json_positions` — a small scanner for JSON text that the standard
  parser has already accepted (it trusts the grammar and only tracks offsets);
* :func:`yaml_positions` — PyYAML's node marks (``yaml.compose``), for the
  YAML blocks of state.md.

Positions are 1-based ``(line, column)``; columns count characters. Each
path maps to two positions: where its *value* starts and, for members of an
object, where its *key* starts (a missing-property error points at the
object; an error about a member points at its key).
"""

from __future__ import annotations

import bisect
import json

_WS = " \t\n\r"


class Positions:
    """``value[path]`` and ``key[path]``: ``(line, column)`` for each path
    (a tuple of object keys and array indices; ``()`` is the document)."""

    __slots__ = ("value", "key")

    def __init__(self) -> None:
        self.value: dict = {}
        self.key: dict = {}

    def find(self, path) -> tuple:
        """The position to report for ``path``: its key, else its value, else
        the nearest ancestor's (a path the document does not have, e.g. a
        required property, is reported at the object that lacks it)."""
        path = tuple(path)
        while True:
            if path in self.key:
                return self.key[path]
            if path in self.value:
                return self.value[path]
            if not path:
                return (1, 1)
            path = path[:-1]


class _Lines:
    """Offset → (line, column), by bisection over line starts."""

    def __init__(self, text: str, line0: int = 1) -> None:
        self.starts = [0]
        at = text.find("\n")
        while at >= 0:
            self.starts.append(at + 1)
            at = text.find("\n", at + 1)
        self.line0 = line0

    def at(self, offset: int) -> tuple:
        """``(line, column)`` of character ``offset`` (line counted from ``line0``, column from
        1)."""
        i = bisect.bisect_right(self.starts, offset) - 1
        return (i + self.line0, offset - self.starts[i] + 1)


def json_positions(text: str) -> Positions:
    """Positions of every value (and object key) in the JSON ``text``.

    ``text`` must be valid JSON (check with ``json.loads`` first); a leading
    byte-order mark is allowed. Raises ``ValueError`` on text it cannot
    follow.
    """
    pos = Positions()
    lines = _Lines(text)
    n = len(text)

    def skip(i: int) -> int:
        """The offset of the first non-whitespace character at or after ``i``."""
        while i < n and text[i] in _WS:
            i += 1
        return i

    def string_end(i: int) -> int:
        """The offset after the JSON string starting at ``i`` (``text[i] == '"'``); ValueError
        when it is not closed. JSON's string syntax, not the shell's quoting of
        shell.quoting."""
        i += 1
        while True:
            j = text.find('"', i)
            if j < 0:
                raise ValueError("unterminated string")
            k = j - 1
            backslashes = 0
            while k >= i and text[k] == "\\":
                backslashes += 1
                k -= 1
            if backslashes % 2 == 0:
                return j + 1
            i = j + 1

    def key(i: int, path: tuple) -> tuple:
        """Read the object key at ``i`` and its ``:``: ``(offset after the ':', the member's
        path)``; ValueError for anything else."""
        if text[i] != '"':
            raise ValueError(f"expected a key at offset {i}")
        end = string_end(i)
        name = json.loads(text[i:end])
        pos.key[path + (name,)] = lines.at(i)
        i = skip(end)
        if text[i] != ":":
            raise ValueError(f"expected ':' at offset {i}")
        return i + 1, path + (name,)

    def value(i: int, path: tuple) -> int:
        """Record the positions of the JSON value at ``i`` (after whitespace), path ``path``,
        and of everything inside it; returns the offset after it. ValueError where the text
        is not JSON."""
        i = skip(i)
        pos.value[path] = lines.at(i)
        c = text[i] if i < n else ""
        if c == "{" or c == "[":
            # One loop for both containers, so that the recursion stays one
            # frame a level (json.loads takes about 1000).
            close = "}" if c == "{" else "]"
            i = skip(i + 1)
            if i < n and text[i] == close:
                return i + 1
            index = 0
            while True:
                if close == "}":
                    i, member = key(skip(i), path)
                else:
                    member = path + (index,)
                    index += 1
                i = skip(value(i, member))
                if text[i] == ",":
                    i += 1
                    continue
                if text[i] == close:
                    return i + 1
                raise ValueError(f"expected ',' or '{close}' at offset {i}")
        if c == '"':
            return string_end(i)
        j = i
        while j < n and text[j] not in _WS + ",]}":
            j += 1
        if j == i:
            raise ValueError(f"expected a value at offset {i}")
        return j

    start = 1 if text.startswith("\ufeff") else 0
    value(start, ())
    return pos


def yaml_positions(text: str, first_line: int = 1) -> Positions:
    """Positions of every value (and mapping key) in the YAML ``text``, whose
    first line is line ``first_line`` of the file (a state.md block).

    Keys are converted the way the state reader converts them (``str()`` of
    the loaded scalar, so ``1: x`` is key ``"1"``). Raises ``yaml.YAMLError``
    for text PyYAML cannot compose.
    """
    pos = Positions()
    import yaml  # lazy: PyYAML (~15 ms) only when a YAML file's positions are asked for

    root = yaml.compose(text, Loader=yaml.SafeLoader)
    if root is None:
        return pos
    loader = yaml.SafeLoader("")

    def mark(node) -> tuple:
        """``(line, column)`` of ``node``'s start in the file (both 1-based)."""
        return (node.start_mark.line + first_line, node.start_mark.column + 1)

    def walk(node, path: tuple) -> None:
        """Record the positions of ``node`` at ``path`` and of everything inside it."""
        pos.value[path] = mark(node)
        if isinstance(node, yaml.MappingNode):
            for key_node, value_node in node.value:
                try:
                    key = loader.construct_object(key_node, deep=True)
                except Exception:  # noqa: BLE001 - an odd key: keep its text
                    key = getattr(key_node, "value", "?")
                key = key if isinstance(key, str) else str(key)
                pos.key[path + (key,)] = mark(key_node)
                walk(value_node, path + (key,))
        elif isinstance(node, yaml.SequenceNode):
            for index, item in enumerate(node.value):
                walk(item, path + (index,))

    walk(root, ())
    return pos


def pointer(path) -> str:
    """RFC 6901 JSON pointer of ``path`` (``("a", 0, "b/c")`` → ``/a/0/b~1c``)."""
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in path)
