"""The archive's progress as one state (SPEC §3 Stop and SubagentStop,
archive-playbook; seed 002 §11.7), read by Stop, SubagentStop, the Edit/Write
chain and SessionStart alike.

From the moment a playbook is complete until the post-loop has run, the
session is in one of these states, and every one of them holds Stop (and a
writing subagent's stop) and names the same recovery step, the post-loop
handler (``layout.post_loop_command``), which resumes and finishes whatever
is left:

======== ===================================================================
``due``      the active playbook is complete with the critic's PASS recorded
             in the ledger, and no archive has started (the PostToolUse that
             should have run it died, or was never called)
``open``     ``archive-checkpoint.json`` exists: a run is under way, died,
             failed or stopped in its git part, or finished without the
             post-loop having closed it (also when the file is unreadable)
``pending``  ``post-loop-pending`` exists: the archive is done, the post-loop
             has not run
======== ===================================================================

The engine writes its checkpoint before its first step and the handler
removes ``post-loop-pending`` before it closes the checkpoint, so every
prefix of the steps, killed anywhere, leaves one of these states (until the
checkpoint is written the playbook is still complete: ``due``).

``due`` needs the playbook and the ledger. The Edit/Write chain reads it
too (pending-guard): the playbook is loaded there anyway (depends-check,
playbook-guard), the completion check stops at the first open item, and
the ledger is read only once every status is done; measured on the
benchmark's 200-subtask playbook, 0.3–0.4 ms per edit, within the noise of
``python -m bench``.
"""

from __future__ import annotations

import os

from statefiles import layout

DUE = "due"
OPEN = "open"
PENDING = "pending"


def open_state(ctx) -> dict | None:
    """``{"state": "pending"|"open", "playbook": id|None, "status": str|None}``
    when the post-loop marker or the archive checkpoint exists, else ``None``.
    Two ``stat`` calls when nothing is open."""
    if ctx.markers.exists(layout.POST_LOOP_PENDING):
        info = ctx.markers.read_json(layout.POST_LOOP_PENDING)
        which = info.get("playbook") if isinstance(info, dict) else None
        status = info.get("status") if isinstance(info, dict) else None
        return {"state": PENDING, "playbook": which if isinstance(which, str) else None,
                "status": status if isinstance(status, str) else None}
    if not os.path.lexists(ctx.path(layout.ARCHIVE_CHECKPOINT)):
        return None
    from statefiles import checkpoint  # lazy: only while a checkpoint exists

    cp = checkpoint.load_checkpoint(ctx.root)
    if cp is None:
        return {"state": OPEN, "playbook": None, "status": "unreadable"}
    which = cp.get("id")
    return {"state": OPEN, "playbook": which if isinstance(which, str) else None,
            "status": str(cp.get("status") or "running")}


def complete_with_pass(root: str, pb, state) -> bool:
    """The playbook ``pb`` (:class:`statefiles.playbook.Playbook`, or
    ``None``) is complete (:func:`statefiles.completion.missing`), with the
    critic's PASS for every subtask and the playbook in the ledger unless
    state.md (``state``, a loaded ``StateFile`` or ``None``) loosens that
    (``config.require_critic_run: false``). The archive engine's own test,
    shared by the stop checks and the post-loop handler."""
    if pb is None or pb.errors:
        return False
    from statefiles import completion  # lazy: only with an active playbook

    if completion.missing(pb, first_only=True):
        return False  # the common case on an edit: the first open item ends it
    # lazy: only for a playbook whose every status is done
    from workflow.reward.ledger import critic_run_required, ledger_verdicts

    if not critic_run_required(state):
        return True
    return not completion.missing(pb, first_only=True, ledger=ledger_verdicts(root, pb.plan_rel))


def is_due(ctx) -> bool:
    """The active playbook is complete with the critic's PASS recorded
    (:func:`complete_with_pass`); the caller has seen no archive open."""
    return complete_with_pass(ctx.root, ctx.playbook, ctx.state)


def archive_state(ctx, due: bool = True) -> dict | None:
    """The archive state (the module docstring): :func:`open_state`, else
    ``{"state": "due", "playbook": id, "status": None}`` when ``due`` is asked
    for and :func:`is_due`, else ``None``."""
    state = open_state(ctx)
    if state is not None or not due:
        return state
    if is_due(ctx):
        return {"state": DUE, "playbook": ctx.playbook.id, "status": None}
    return None
