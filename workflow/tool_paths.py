"""The paths a tool's input names, whatever the tool (bypass family G,
"other tools").

Edit/Write carry one ``file_path`` the Edit/Write chain judges. Any other
tool — an MCP server's (``mcp__filesystem__write_file``, or one whose name
says nothing about writing), or a tool this version of the suite does not
know — is judged by the paths in its input, never by its name: a name is
only a name, so a tool that names a protected file is treated as writing
it. :func:`named` collects them: every string value at any depth (bounded),
``file://`` URIs decoded to their path, and in a string holding several
words, each word that contains a path separator (``"rm
.claude/settings.json"``). Prose without a separator (``"state.md is
confusing"``) names no path.
"""

from __future__ import annotations

#: Bounds: strings looked at, nesting followed, length of one path.
MAX_STRINGS = 200
MAX_DEPTH = 6
MAX_PATH = 4096
#: Characters that separate words in a string that is not itself a path.
_SPLIT = " \t,;()[]{}<>\"'`|&="


def strings(value, depth: int = 0, out=None) -> list:
    """Every string in ``value`` (dicts, lists, nested), at most
    :data:`MAX_STRINGS` of them and :data:`MAX_DEPTH` levels deep; keys of
    objects are not included."""
    out = [] if out is None else out
    if len(out) >= MAX_STRINGS or depth > MAX_DEPTH:
        return out
    if isinstance(value, str):
        out.append(value)
    elif isinstance(value, dict):
        for v in value.values():
            strings(v, depth + 1, out)
    elif isinstance(value, list):
        for v in value:
            strings(v, depth + 1, out)
    return out


def _one(text: str) -> str | None:
    text = text.strip()
    if text[:7].lower() == "file://":
        text = text[7:]
        if text.startswith("localhost/"):
            text = text[len("localhost"):]
        if "%" in text:
            from urllib.parse import unquote  # lazy: a percent-encoded file URI only

            text = unquote(text)
    if not text or len(text) > MAX_PATH or "\n" in text or "\x00" in text:
        return None
    return text


def candidates(value) -> list:
    """The path spellings named in a tool input ``value`` (see the module
    docstring), in order, without duplicates."""
    out = []
    for text in strings(value):
        whole = _one(text)
        if whole is not None and whole not in out:
            out.append(whole)
        if any(c in text for c in _SPLIT) or "\n" in text:
            word = []
            for ch in text + " ":
                if ch in _SPLIT or ch in "\n\r":
                    token = "".join(word)
                    word = []
                    if ("/" in token or "\\" in token) and len(out) < MAX_STRINGS:
                        one = _one(token)
                        if one is not None and one not in out:
                            out.append(one)
                else:
                    word.append(ch)
    return out


def named(ctx) -> list:
    """``[ResolvedPath]`` for every path the current tool's input names
    (:func:`candidates`), resolved against the project (``ctx.resolve``)."""
    return [ctx.resolve(p) for p in candidates(ctx.hook.tool_input)]
