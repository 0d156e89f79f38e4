"""post-loop-pending (SPEC §3 Stop and SubagentStop; seed 002 §11.7).

From the moment a playbook is complete until the post-loop has run (the
archive state, :mod:`workflow.archive.state`: ``due``, ``open`` — a
checkpoint exists — or ``pending`` — ``.claude/session-state/post-loop-pending``
asks for the post-loop skill: archive commit/PR follow-up, deriving the next
task), Claude may not end its turn: block with
``{"decision": "block"}`` and tell it to run the post-loop handler (the
command the post-loop skill runs: one step, named the same way by
every message).
Not on main/master under the ``feature`` branch policy: the post-loop may
already have returned there, and the stop must not become a deadlock (under
``trunk`` main is the working branch, so the rule applies there too). The Stop loop guard
(:mod:`guards.stop_loop_guard`) bounds the blocks.

SubagentStop: read-only subagents (critic, reviewer, ...) are never blocked —
they cannot act on it (see :mod:`events.subagent_stop`).
"""

from __future__ import annotations

from events.context import Context
from events.verdict import ALLOWED, Verdict, block
from statefiles import layout
from workflow import registry
from workflow.archive.state import DUE, PENDING, archive_state
from workflow.reward.stops import stop_exempt

NAME = "post-loop-pending"
ADVISORY = False


def check(ctx: Context) -> Verdict:
    """Stop/SubagentStop while the archive state (:mod:`workflow.archive.state`)
    is ``pending``, ``open`` or ``due`` (not on main/master under the
    feature branch policy, not for a read-only subagent): BLOCK, naming the
    one recovery step, the post-loop handler; else ALLOWED (SPEC §3; seed 002
    §11.7)."""
    if stop_exempt(ctx) or registry.main_forbidden(ctx):
        return ALLOWED
    state = archive_state(ctx)
    if state is None:
        return ALLOWED
    which = state["playbook"]
    name = f" {which}" if which else ""
    command = layout.post_loop_command(ctx.root)
    if ctx.event == "SubagentStop":
        key = ("post_loop_pending.subagent" if state["state"] == PENDING
               else "post_loop_pending.subagent_archive")
        return block(ctx.say(key, playbook=name, command=command))
    if state["state"] == PENDING:
        return block(ctx.say("post_loop_pending.stop", playbook=name,
                             marker=layout.POST_LOOP_PENDING, command=command))
    if state["state"] == DUE:
        return block(ctx.say("post_loop_pending.archive_due", playbook=name, command=command))
    return block(ctx.say("post_loop_pending.archive_open", playbook=name,
                         status=state["status"], command=command))
