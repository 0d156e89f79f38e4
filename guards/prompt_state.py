"""prompt-state (UserPromptSubmit; SPEC §3; seed 002 §2 "State Injection").

Every prompt gets the workflow position as additionalContext, so Claude
starts each turn from the single source of truth rather than from memory:
active playbook, phase, active subtask, done/total subtasks, branch; plus a
pending post-loop and an unfinished archive, which decide what comes first.
"""

from __future__ import annotations

import os

from events.context import Context
from events.verdict import Verdict, warn
from statefiles import layout
from workflow.lifecycle import handler_command, summary_line, where

NAME = "prompt-state"
ADVISORY = True


def check(ctx: Context) -> Verdict:
    """UserPromptSubmit: a WARN (additionalContext) with the workflow position
    (:func:`workflow.lifecycle.summary_line`), a pending post-loop and an
    unfinished archive (SPEC §3; seed 002 §2 "State Injection")."""
    w = where(ctx)
    lines = [ctx.say("prompt_state.state", summary=summary_line(w, ctx))]
    if w["post_loop_pending"]:
        info = ctx.markers.read_json(layout.POST_LOOP_PENDING)
        which = info.get("playbook") if isinstance(info, dict) else None
        status = info.get("status") if isinstance(info, dict) else None
        lines.append(ctx.say("prompt_state.post_loop", playbook=which or "",
                             status=f" ({status})" if status else "", command=handler_command(ctx)))
    if os.path.exists(ctx.path(layout.ARCHIVE_CHECKPOINT)) and not w["post_loop_pending"]:
        from statefiles import checkpoint as archive  # lazy: only when a checkpoint exists

        cp = archive.load_checkpoint(ctx.root)
        if cp is not None and cp.get("status") in (archive.FAILED, archive.RUNNING):
            lines.append(ctx.say("prompt_state.archive_unfinished", id=cp.get("id"),
                                 message=archive.message_of(cp) or cp.get("status")))
    return warn("\n".join(lines))
