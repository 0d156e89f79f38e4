"""pending-guard (SPEC §3 Edit/Write chain 2; seed 002 §4, §11.7).

After a playbook is archived, ``.claude/session-state/post-loop-pending``
forces the post-loop skill before any other edit. Exempt (deadlock escape):
state.md, ``.claude/session-state/``, and playbook files
(``play/<id>/plan.json|progress.json``). On main/master the guard is off:
the post-loop may have returned there, and main-branch already stops edits.
"""

from __future__ import annotations

from events.verdict import ALLOWED, block
from guards._shared import is_playbook_file, is_session_state, is_state_md
from statefiles import layout

NAME = "pending-guard"
ADVISORY = False


def check(ctx):
    if not ctx.markers.exists(layout.POST_LOOP_PENDING) or ctx.on_main:
        return ALLOWED
    target = ctx.target
    if is_state_md(target) or is_session_state(target) or is_playbook_file(target):
        return ALLOWED
    info = ctx.markers.read_json(layout.POST_LOOP_PENDING) or {}
    which = info.get("playbook") if isinstance(info, dict) else None
    return block(
        f"The playbook{(' ' + str(which)) if which else ''} was archived and the post-loop "
        "has not run yet. Call Skill(skill='post-loop') now: it clears "
        f"{layout.POST_LOOP_PENDING} and derives the next task. Edits resume after it."
    )
