"""phase-status-guard (SPEC §3 Edit/Write chain 10; seed 002 §4, §11.5 step 3).

A phase is done only when every subtask the plan lists for it is done. Blocked:

* a progress.json edit that marks a phase done while one of its subtasks (from
  the sibling plan.json) is not done — including a subtask set back from done
  inside a phase that stays done, and a phase marked done while its plan.json
  cannot be read;
* a plan.json edit that adds a subtask to a phase progress.json already calls
  done (set the phase back to in_progress first).

Any working playbook (``play/<id>/``), by any path spelling (see
:mod:`workflow.reward.targets`). Violations already on disk do not block other edits.
"""

from __future__ import annotations

from events.context import Context
from events.verdict import ALLOWED, Verdict, block
from workflow.reward.rules import done_phases, listing, new_items, phases_with_open_subtasks
from workflow.reward.targets import PROGRESS, STATE
from workflow.reward.views import edit_view

NAME = "phase-status-guard"
ADVISORY = False


def _describe(ctx, open_phases: dict) -> str:
    return "; ".join(ctx.say("phase_status_guard.describe", phase=pid,
                             subtasks=listing(f"{sid} ({st})" for sid, st in subs))
                     for pid, subs in open_phases.items())


def check(ctx: Context) -> Verdict:
    """Edit/Write of a playbook's progress.json or plan.json: BLOCK a phase
    marked done while a subtask of it is not (or a subtask added to a done
    phase); else ALLOWED (SPEC §3 Edit/Write chain 10; seed 002 §4, §11.5)."""
    view = edit_view(ctx)
    if view is None or view.kind == STATE:
        return ALLOWED
    if view.error:
        return block(ctx.say("shared.view_error", error=view.error))
    if view.kind == PROGRESS:
        newly_done = [p for p in done_phases(view.after) if p not in done_phases(view.before)]
        if view.plan is None:
            if newly_done:
                return block(ctx.say("phase_status_guard.plan_unreadable",
                                     label=view.target.label, phases=listing(newly_done),
                                     error=view.other_error))
            return ALLOWED
        return _newly_open(ctx, view, "phase_status_guard.open_subtasks",
                           (view.before, view.plan), (view.after, view.plan))
    if view.progress is None:
        return ALLOWED
    return _newly_open(ctx, view, "phase_status_guard.plan_adds_open",
                       (view.progress, view.before), (view.progress, view.after))


def _newly_open(ctx, view, key: str, before: tuple, after: tuple):
    """BLOCK with message ``key`` naming the done phases with an open subtask
    after the edit that had none before (``before``/``after``: the
    ``(progress, plan)`` arguments of ``phases_with_open_subtasks``); else
    ALLOWED."""
    new = new_items(phases_with_open_subtasks(*before), phases_with_open_subtasks(*after))
    if new:
        return block(ctx.say(key, label=view.target.label, open=_describe(ctx, new)))
    return ALLOWED
