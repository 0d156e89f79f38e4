"""The repository's ``.gitignore``: one marked block with the lines of
:data:`playgate.suite.GITIGNORE` (the hooks' runtime state, the derived
files) and of :func:`playgate.suite.gitignore_suite_lines` (the installed
suite's code, which a clone gets from the pin) that no identical line
outside it already has, and its removal by --uninstall (byte for byte when
nobody changed the file since). The manifest's ``gitignore`` entry records
whether the file existed, its original SHA-256 and the separator added
before the block."""

from __future__ import annotations

import re

from playgate import suite
from playgate.installer.common import join, mode_of, read, sha256, unlink, write
from playgate.installer.speak import Text

#: Every line the block can hold, in block order.
GITIGNORE_ENTRIES = suite.GITIGNORE_INSTALL
GITIGNORE_BEGIN = ("# >>> playgate: the hooks' runtime state and the installed suite, which "
                   "a clone installs with `python3 .claude/playgate install .` (`python3 "
                   ".claude/playgate uninstall .` removes this block)")
#: How every version's block starts (earlier ones named install.py).
GITIGNORE_BEGIN_PREFIX = "# >>> playgate:"
GITIGNORE_END = "# <<< playgate"
PATH = ".gitignore"


def _find_block(text: str):
    """``(start, end)`` offsets of our marked block (end after its last
    newline), or ``None``.

    A block is a line starting with :data:`GITIGNORE_BEGIN_PREFIX`, one or
    more ``.claude/`` or ``!.claude/`` lines (every entry any version wrote) and the
    :data:`GITIGNORE_END` line: a user's own line that merely starts like our
    marker is not a block, so the install neither swallows nor rewrites it."""
    match = _BLOCK.search(text)
    return None if match is None else match.span()


# Why a structure and not the first marker: a user's ``# >>> playgate:`` note
# above our block must stay theirs (found by Hypothesis).
_BLOCK = re.compile(r"(?m)^" + re.escape(GITIGNORE_BEGIN_PREFIX) + r"[^\n]*\n"
                    r"(?:!?\.claude/[^\n]*\n)+" + re.escape(GITIGNORE_END) + r"(?:\n|\Z)")


def plan_gitignore(text: str, record: dict | None, entries=GITIGNORE_ENTRIES) -> tuple:
    """``(new_text, record)`` adding the ``entries`` not already ignored by an
    identical line; ``new_text == text`` when nothing is needed."""
    span = _find_block(text)
    outside = text if span is None else text[: span[0]] + text[span[1]:]
    present = {line.strip() for line in outside.splitlines()}
    needed = [e for e in entries if e not in present]
    block = (GITIGNORE_BEGIN + "\n" + "".join(e + "\n" for e in needed) + GITIGNORE_END + "\n"
             if needed else "")
    record = dict(record or {})
    if span is not None:
        return text[: span[0]] + block + text[span[1]:], record
    if not block:
        return text, record
    prefix = ""
    if text and not text.endswith("\n"):
        prefix += "\n"
    if text.strip() and not (text + prefix).endswith("\n\n"):
        prefix += "\n"
    record["prefix"] = prefix
    return text + prefix + block, record


def unplan_gitignore(text: str, record: dict) -> str:
    """The .gitignore text with our block (and the separator we added before
    it, when the block is still at the end) removed."""
    span = _find_block(text)
    if span is None:
        return text
    prefix = record.get("prefix", "")
    start = span[0]
    if span[1] == len(text) and prefix and text[:start].endswith(prefix):
        start -= len(prefix)
    return text[:start] + text[span[1]:]


def plan_step(inst, entries=GITIGNORE_ENTRIES) -> None:
    """Plan the .gitignore update of the install ``inst``
    (:class:`playgate.installer.plan.Installer`) with ``entries`` and update
    its manifest entry."""
    path = join(inst.repo, PATH)
    data = read(path)
    text = data.decode("utf-8", "surrogateescape") if data is not None else ""
    record = inst.m.get("gitignore") or {"existed": data is not None,
                                         "original_sha256": sha256(data) if data else None}
    new, record = plan_gitignore(text, record, entries)
    if new == text and (data is not None or not new):
        inst.m["gitignore"] = record
        return
    wanted = set(entries)
    added = sum(1 for line in new.splitlines() if line in wanted) - sum(
        1 for line in text.splitlines() if line in wanted)
    inst.plan.step("update" if data is not None else "create",
                   Text("installer.what.gitignore", added=added), _write_gitignore, inst, new,
                   data, record)


def _write_gitignore(inst, new: str, data: bytes | None, record: dict) -> None:
    path = join(inst.repo, PATH)
    mode = 0o644
    if data is not None:
        mode = mode_of(path)
        inst.backup(PATH, data, mode)
    write(path, new.encode("utf-8", "surrogateescape"), mode, durable=True)
    inst.m["gitignore"] = record


def uninstall_steps(root: str, m: dict, plan) -> None:
    """Plan removing our block for --uninstall (manifest ``m``); the result
    is the original byte for byte unless the user changed the file since."""
    record = m.get("gitignore")
    path = join(root, PATH)
    data = read(path)
    if not record or data is None:
        return
    text = data.decode("utf-8", "surrogateescape")
    result = unplan_gitignore(text, record)
    if result == text:
        return
    raw = result.encode("utf-8", "surrogateescape")
    mode = mode_of(path)
    if not record.get("existed") and result == "":
        plan.step("remove", PATH, unlink, path)
    elif record.get("existed") and sha256(raw) == record.get("original_sha256"):
        plan.step("restore", Text("installer.what.restored", path=PATH), write, path, raw, mode)
    else:
        plan.note(Text("installer.note.gitignore_changed", path=PATH))
        plan.step("update", Text("installer.what.gitignore_unmerged", path=PATH), write, path,
                  raw, mode)
