"""protected-edit (SPEC §3 Edit/Write chain 3; §2 protected-files.txt; §7).

Applies ``.claude/protected-files.txt`` (plus the suite's own floor) to the
file an edit tool writes, by every spelling of its path
(``ResolvedPath.variants``: real location, lexical spelling, backslashes,
trailing dots, Unicode forms, case) and by hard link:

=============  ========  ============  =========  =====
level          strict    trusted       developer  admin
=============  ========  ============  =========  =====
HARD_BLOCK     block     block         block      block
BLOCK          block     warn + allow  allow      allow
WARN           warn      warn          warn       warn
=============  ========  ============  =========  =====

state.md is writable (it carries the workflow state) but its ``config``
section — the security mode, toolstack and roles — is not: changing it is a
human act (SPEC §7). An edit whose result changes that section, adds a second
``config`` section, or cannot be computed (so the section cannot be checked)
is blocked in every mode.

Deadlock escape (SPEC §1): state.md, a working playbook's plan.json /
progress.json and ``.claude/session-state/`` stay writable even when an entry
of protected-files.txt covers them (with a warning naming the entry); the
suite's own floor never covers them.

Other tools (an MCP server's, or one the suite does not know:
``events.pre_tool_use.OTHER_CHAIN``) are judged by the paths their input
names, never by the tool's name (:mod:`workflow.tool_paths`): a tool that
names a protected file is treated as writing it, by the same levels.
"""

from __future__ import annotations

from events.context import Context
from events.verdict import ALLOWED, Verdict, block, warn
from statefiles import state_md
from statefiles.state_md import MAX_BYTES
from workflow import tool_paths
from workflow.shared import is_state_md, is_unstuck_file

NAME = "protected-edit"
ADVISORY = False

HUMAN_ONLY_SECTIONS = ("config",)


def _duplicated(parsed: dict, name: str) -> bool:
    """state.md's parse found section ``name`` more than once: read from the
    problem's message key and field, never its wording (a reworded or
    translated sentence must not let a second config section through)."""
    return any(getattr(e, "key", None) == "state_md.duplicate_section"
               and getattr(e, "fields", {}).get("section") == name for e in parsed["errors"])


def _state_md_config_change(ctx) -> str | None:
    """The human-only section an edit of state.md would change, ``"?"`` when
    the result cannot be computed, or ``None``."""
    post = ctx.post_edit
    if post is None:
        return None
    if post.error and post.before is None:
        # state.md exists but cannot be read (too large, a directory, a FIFO):
        # its config section cannot be compared, so only the user repairs it.
        return "?"
    if not post.applies or post.after is None:
        return None  # the tool will fail and change nothing

    if len(post.after) > state_md.MAX_BYTES:
        return "size"
    if post.before is not None and len(post.before) > state_md.MAX_BYTES:
        return "?"  # the current file is too large to compare with
    before = state_md.parse(post.before or "")
    after = state_md.parse(post.after)
    for name in HUMAN_ONLY_SECTIONS:
        if before["sections"].get(name, {}) != after["sections"].get(name, {}):
            return name
        if _duplicated(after, name) and not _duplicated(before, name):
            return name
    return None


def check(ctx: Context) -> Verdict:
    """Edit/Write: BLOCK writes to HARD_BLOCK entries (the suite's floor
    included) in every mode and to BLOCK entries in strict mode, an edit that
    changes (or may change) state.md's ``config`` section, and writes while
    protected-files.txt is unreadable; WARN for BLOCK entries in trusted mode,
    WARN entries and covered deadlock escapes; else ALLOWED (SPEC §3
    Edit/Write chain 3, §2, §7)."""
    target = ctx.target
    if target is None:
        return ALLOWED if ctx.hook.is_edit_tool else _other_tool(ctx)
    shown = target.rel if target.rel is not None else target.abs
    if is_state_md(target):
        section = _state_md_config_change(ctx)
        if section == "size":
            return block(ctx.say("protected_edit.state_too_large", limit=MAX_BYTES))
        if section == "?":
            why = ctx.post_edit.error or ctx.say("protected_edit.too_large_to_compare")
            return block(ctx.say("protected_edit.state_unreadable", error=why))
        if section:
            return block(ctx.say("protected_edit.config_section", section=section))
    entry, linked = ctx.protected.match_detail(target)
    unreadable = ctx.protected.unreadable
    if unreadable and (entry is None or entry.line != 0) and not is_unstuck_file(target):
        # The list exists but cannot be read: what it protects is unknown, so
        # nothing but the unstuck files is edited until it is repaired.
        return block(ctx.say("protected_edit.list_unreadable", path=shown, error=unreadable))
    if entry is None:
        return ALLOWED
    source = (ctx.say("protected_edit.source_floor") if entry.line == 0
              else ctx.say("protected_edit.source_line", line=entry.line))
    if linked:
        source += ctx.say("protected_edit.source_linked")
    # The escape is for the unstuck file itself, never for another protected
    # file reached through a hard link that carries an unstuck name.
    if entry.line != 0 and not linked and is_unstuck_file(target):
        return warn(ctx.say("protected_edit.unstuck", path=shown, source=source,
                            level=entry.level, pattern=entry.pattern))
    if entry.level == "HARD_BLOCK":
        return block(ctx.say("protected_edit.hard_block", path=shown, source=source,
                             pattern=entry.pattern))
    mode = ctx.security
    if entry.level == "BLOCK":
        if mode == "strict":
            return block(ctx.say("protected_edit.block_strict", path=shown, source=source,
                                 pattern=entry.pattern))
        if mode == "trusted":
            return warn(ctx.say("protected_edit.block_trusted", path=shown, source=source))
        return ALLOWED
    return warn(ctx.say("protected_edit.warn", path=shown, pattern=entry.pattern))


def _other_tool(ctx: Context) -> Verdict:
    """A tool outside the Edit/Write and Bash chains: every path its input
    names (:func:`workflow.tool_paths.named`) is judged as a write by the
    levels of :func:`check`; the first BLOCK wins, warnings are collected."""
    warned = []
    mode = ctx.security
    tool = ctx.hook.tool_name
    unreadable = ctx.protected.unreadable
    for target in tool_paths.named(ctx):
        shown = target.rel if target.rel is not None else target.abs
        entry, linked = ctx.protected.match_detail(target)
        if unreadable and (entry is None or entry.line != 0):
            return block(ctx.say("protected_edit.other_tool", tool=tool, path=shown) + " "
                         + ctx.say("protected_edit.list_unreadable", path=shown,
                                   error=unreadable))
        if entry is None:
            continue
        source = (ctx.say("protected_edit.source_floor") if entry.line == 0
                  else ctx.say("protected_edit.source_line", line=entry.line))
        if linked:
            source += ctx.say("protected_edit.source_linked")
        said = ctx.say("protected_edit.other_tool", tool=tool, path=shown) + " "
        if entry.level == "HARD_BLOCK":
            return block(said + ctx.say("protected_edit.hard_block", path=shown, source=source,
                                        pattern=entry.pattern))
        if entry.level == "BLOCK" and mode == "strict":
            return block(said + ctx.say("protected_edit.block_strict", path=shown,
                                        source=source, pattern=entry.pattern))
        if entry.level == "BLOCK" and mode == "trusted":
            warned.append(said + ctx.say("protected_edit.block_trusted", path=shown,
                                         source=source))
        elif entry.level == "WARN":
            warned.append(ctx.say("protected_edit.warn", path=shown, pattern=entry.pattern))
    return warn(" ".join(warned[:3])) if warned else ALLOWED
