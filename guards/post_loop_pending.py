"""post-loop-pending (SPEC §3 Stop and SubagentStop; seed 002 §11.7).

After a playbook is archived, ``.claude/session-state/post-loop-pending``
asks for the post-loop skill (archive commit/PR follow-up, deriving the next
task). Claude may not end its turn while it is pending: block with
``{"decision": "block"}`` and tell it to run the post-loop handler (the
command the post-loop skill runs: one step, named the same way by
every message).
Not on main/master: the post-loop may already have returned there, and the
stop must not become a deadlock. The Stop loop guard
(:mod:`guards.stop_loop_guard`) bounds the blocks.

SubagentStop: read-only subagents (critic, reviewer, ...) are never blocked —
they cannot act on it (see :mod:`events.subagent_stop`).
"""

from __future__ import annotations

from events.context import Context
from events.verdict import ALLOWED, Verdict, block
from statefiles import layout
from workflow.reward.stops import stop_exempt

NAME = "post-loop-pending"
ADVISORY = False


def check(ctx: Context) -> Verdict:
    """Stop/SubagentStop while ``post-loop-pending`` exists (not on main/master,
    not for a read-only subagent): BLOCK, telling Claude to call the
    post-loop skill; else ALLOWED (SPEC §3; seed 002 §11.7)."""
    if stop_exempt(ctx) or not ctx.markers.exists(layout.POST_LOOP_PENDING) or ctx.on_main:
        return ALLOWED
    info = ctx.markers.read_json(layout.POST_LOOP_PENDING)
    which = info.get("playbook") if isinstance(info, dict) else None
    name = f" {which}" if isinstance(which, str) and which else ""
    command = layout.post_loop_command(ctx.root)
    if ctx.event == "SubagentStop":
        return block(ctx.say("post_loop_pending.subagent", playbook=name, command=command))
    return block(ctx.say("post_loop_pending.stop", playbook=name, marker=layout.POST_LOOP_PENDING,
                         command=command))
