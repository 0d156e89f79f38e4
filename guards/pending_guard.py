"""pending-guard (SPEC §3 Edit/Write chain 2; seed 002 §4, §11.7).

After a playbook is archived, ``.claude/session-state/post-loop-pending``
forces the post-loop skill before any other edit. Exempt (deadlock escape):
state.md, ``.claude/session-state/``, and playbook files
(``play/<id>/plan.json|progress.json``, so the post-loop can write the next
playbook). On main/master under the ``feature`` branch policy the guard is
off: the post-loop may have returned there, and main-branch already stops
edits (under ``trunk`` main is where the work happens, so it applies there). The post-loop skill itself and its
handler are not edit tools; the prompt-analyzer gate and main-branch let them
through.
"""

from __future__ import annotations

from events.context import Context
from events.verdict import ALLOWED, Verdict, block
from statefiles import layout
from workflow import registry
from workflow.shared import is_unstuck_file

NAME = "pending-guard"
ADVISORY = False


def check(ctx: Context) -> Verdict:
    """Edit/Write while ``post-loop-pending`` exists: BLOCK (call the post-loop
    skill first), except state.md, ``.claude/session-state/`` and playbook
    files; ALLOWED otherwise and on main/master under the feature branch
    policy (SPEC §3 Edit/Write chain 2; seed 002 §11.7)."""
    if not ctx.markers.exists(layout.POST_LOOP_PENDING) or registry.main_forbidden(ctx):
        return ALLOWED
    if is_unstuck_file(ctx.target):
        return ALLOWED
    info = ctx.markers.read_json(layout.POST_LOOP_PENDING)
    which = info.get("playbook") if isinstance(info, dict) else None
    shown = f" {which}" if isinstance(which, str) and which.strip() else ""
    return block(ctx.say("pending_guard.post_loop", playbook=shown,
                         marker=layout.POST_LOOP_PENDING,
                         command=layout.post_loop_command(ctx.root)))
