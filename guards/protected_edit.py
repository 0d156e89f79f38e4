"""protected-edit (SPEC §3 Edit/Write chain 3; §2 protected-files.txt; §7).

Applies ``.claude/protected-files.txt`` (plus the suite's own floor) to the
file an edit tool writes, by every spelling of its path:

=============  ========  ============  =========  =====
level          strict    trusted       developer  admin
=============  ========  ============  =========  =====
HARD_BLOCK     block     block         block      block
BLOCK          block     warn + allow  allow      allow
WARN           warn      warn          warn       warn
=============  ========  ============  =========  =====

state.md is writable (it carries the workflow state) but its ``config``
section — the security mode, toolstack and roles — is not: changing it is a
human act (SPEC §7). An edit whose result changes that section, or adds a
second ``config`` section, is blocked in every mode.
"""

from __future__ import annotations

from events.verdict import ALLOWED, block, warn
from guards._shared import is_state_md

NAME = "protected-edit"
ADVISORY = False

HUMAN_ONLY_SECTIONS = ("config",)


def _state_md_config_change(ctx) -> str | None:
    post = ctx.post_edit
    if post is None or not post.applies or post.after is None:
        return None
    from statefiles import state_md

    before = state_md.parse(post.before or "")
    after = state_md.parse(post.after)
    for name in HUMAN_ONLY_SECTIONS:
        if before["sections"].get(name, {}) != after["sections"].get(name, {}):
            return name
        dup = f"section '{name}' appears more than once"
        if any(dup in e for e in after["errors"]) and not any(dup in e for e in before["errors"]):
            return name
    return None


def check(ctx):
    target = ctx.target
    if target is None:
        return ALLOWED
    shown = target.rel if target.rel is not None else target.abs
    if is_state_md(target):
        section = _state_md_config_change(ctx)
        if section:
            return block(
                f"state.md's '{section}' section (security mode, toolstack, roles) can only be "
                "changed by the user, outside Claude Code. Leave that section as it is; the "
                "other sections (playbook, goal, session) stay editable."
            )
    entry = ctx.protected.match(target)
    if entry is None:
        return ALLOWED
    source = "the suite's own files" if entry.line == 0 else f"protected-files.txt line {entry.line}"
    if entry.level == "HARD_BLOCK":
        return block(
            f"{shown} is protected (HARD_BLOCK, {source}: {entry.pattern}). It belongs to the "
            "gate or its configuration and cannot be changed from Claude Code in any mode; "
            "ask the user to change it themselves if it really must change."
        )
    mode = ctx.security
    if entry.level == "BLOCK":
        if mode == "strict":
            return block(
                f"{shown} is protected (BLOCK, {source}: {entry.pattern}) in security mode "
                "'strict'. Ask the user whether it may change; only they can relax the mode "
                "(state.md config.security) or the list."
            )
        if mode == "trusted":
            return warn(f"{shown} is protected (BLOCK, {source}); allowed in mode 'trusted'. "
                        "Keep the change minimal and mention it to the user.")
        return ALLOWED
    return warn(f"{shown} is listed as WARN in protected-files.txt ({entry.pattern}); "
                "change it only if the task needs it.")
