"""The file as it will be after an Edit/Write/MultiEdit/NotebookEdit call.

SPEC §3 subtask-guard: "compute the file as it will be after the edit (Write:
content; Edit: old→new with ``replace_all``; MultiEdit: all edits in order)".
Guards that judge *content* (state.md's config section, goal criteria,
progress.json statuses) use this so that every edit tool is judged by the same
result.

Claude Code's own semantics are followed: an Edit whose ``old_string`` is not
found, or is found more than once without ``replace_all``, fails and changes
nothing; a MultiEdit applies its edits in order and fails as a whole if one
fails. A failing edit is reported with ``applies = False`` and ``after``
equal to ``before``.
"""

from __future__ import annotations

from statefiles.record import Record
from statefiles import fastjson
from statefiles.atomic import read_bytes


class PostEdit(Record):
    """Before/after text of one file edit.

    Attributes:
        before: current content (``None`` when the file does not exist).
        after: content after the call (``None`` when it cannot be computed,
            see ``error``).
        applies: the edit will apply (False: the tool will fail; nothing changes).
        error: why ``after`` could not be computed (unreadable file, a
            NotebookEdit on something that is not a notebook).

    Made as ``PostEdit(before, after, applies=True, error="")``
    (:class:`statefiles.record.Record`).
    """

    __slots__ = ("before", "after", "applies", "error")
    _defaults = {"applies": True, "error": ""}

    @property
    def changed(self) -> bool:
        """The edit applies and its result differs from the file as it is."""
        return self.applies and self.after is not None and self.after != self.before


#: Typographic quotes Claude Code's Edit tool reads as their ASCII forms when
#: ``old_string`` is not found as written (its "find the actual string" step).
_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'})


def _actual_old(text: str, old: str) -> str:
    """The text Claude Code's Edit will replace for ``old``: ``old`` itself
    when present, else the span of ``text`` that equals ``old`` once curly
    quotes are read as straight ones (same length: one character each), else
    ``old`` (not found)."""
    if old in text:
        return old
    norm_text = text.translate(_QUOTES)
    at = norm_text.find(old.translate(_QUOTES))
    if at < 0:
        return old
    return text[at:at + len(old)]


def _apply_edit(text: str, old: str, new: str, replace_all: bool) -> tuple:
    """``(new_text, ok)`` for one Edit on ``text``, as Claude Code applies it:
    ``old`` must occur exactly once (or ``replace_all``), differ from ``new``,
    and may match with curly quotes read as straight (:func:`_actual_old`)."""
    if old == new:
        # Claude Code refuses an edit that changes nothing.
        return text, False
    if old == "":
        # Claude Code treats an empty old_string on an existing file as an error,
        # and on an empty/new file as "write new_string".
        return (new, True) if text == "" else (text, False)
    old = _actual_old(text, old)
    count = text.count(old)
    if count == 0 or (count > 1 and not replace_all):
        return text, False
    return (text.replace(old, new) if replace_all else text.replace(old, new, 1)), True


def _notebook_after(before: str | None, tool_input: dict) -> tuple:
    if before is None:
        return None, _text("edits.no_notebook")
    try:
        nb = fastjson.loads(before)
    except (ValueError, RecursionError):
        return None, _text("edits.notebook_not_json")
    if not isinstance(nb, dict) or not isinstance(nb.get("cells"), list):
        return None, _text("edits.notebook_no_cells")
    cells = nb["cells"]
    mode = tool_input.get("edit_mode") or "replace"
    cell_id = tool_input.get("cell_id")
    source = tool_input.get("new_source") or ""
    index = None
    if cell_id is not None:
        for i, cell in enumerate(cells):
            if isinstance(cell, dict) and cell.get("id") == cell_id:
                index = i
                break
        if index is None and isinstance(cell_id, str) and cell_id.isdigit():
            index = int(cell_id)
    if mode == "insert":
        new_cell = {"cell_type": tool_input.get("cell_type") or "code", "source": source,
                    "metadata": {}}
        at = 0 if index is None else index + 1
        cells.insert(at, new_cell)
    elif mode == "delete":
        if index is None or index >= len(cells):
            return before, _text("edits.no_cell")
        cells.pop(index)
    else:
        if index is None or index >= len(cells) or not isinstance(cells[index], dict):
            return before, _text("edits.no_cell")
        cells[index]["source"] = source
        if tool_input.get("cell_type"):
            cells[index]["cell_type"] = tool_input["cell_type"]
    return fastjson.dumps(nb, indent=1) + "\n", ""


def compute(tool_name: str, tool_input: dict, before: str | None) -> PostEdit:
    """The result of ``tool_name`` with ``tool_input`` on a file whose current
    text is ``before`` (``None``: the file does not exist)."""
    if tool_name == "Write":
        return PostEdit(before, tool_input.get("content", ""))
    if tool_name == "Edit":
        base = before if before is not None else ""
        after, ok = _apply_edit(base, tool_input.get("old_string", ""),
                                tool_input.get("new_string", ""),
                                tool_input.get("replace_all") is True)
        if before is None and not ok:
            return PostEdit(None, None, applies=False)
        return PostEdit(before, after if ok else before, applies=ok)
    if tool_name == "MultiEdit":
        text = before if before is not None else ""
        for edit in tool_input.get("edits") or []:
            if not isinstance(edit, dict):
                return PostEdit(before, before, applies=False)
            text, ok = _apply_edit(text, edit.get("old_string", ""), edit.get("new_string", ""),
                                   edit.get("replace_all") is True)
            if not ok:
                return PostEdit(before, before, applies=False)
        return PostEdit(before, text)
    if tool_name == "NotebookEdit":
        after, error = _notebook_after(before, tool_input)
        if error:
            return PostEdit(before, after, applies=after is not None and after != before,
                            error=error)
        return PostEdit(before, after)
    return PostEdit(before, None, applies=False, error=_text("edits.not_an_edit", tool=tool_name))


def _text(key: str, /, **fields):
    from messages import Text  # lazy: an unreadable file or a notebook edit that fails only

    return Text(key, **fields)


def read_current(abs_path: str, limit: int = 8 * 1024 * 1024) -> tuple:
    """``(text, error)`` of the file as it is now; ``(None, "")`` when missing."""
    try:
        data = read_bytes(abs_path, limit + 1)  # a FIFO is refused, never waited on
    except FileNotFoundError:
        return None, ""
    except IsADirectoryError:
        return None, _text("edits.is_dir")
    except OSError as exc:
        from statefiles.detail import os_error  # lazy: an unreadable file only

        return None, _text("edits.unreadable", error=os_error(exc, fallback=exc.strerror))
    if len(data) > limit:
        return None, _text("edits.too_large", limit=limit)
    return data.decode("utf-8", "replace"), ""
