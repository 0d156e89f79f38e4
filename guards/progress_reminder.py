"""progress-reminder (PostToolUse after an edit tool; SPEC §3; seed 002 §6,
§11.5).

Hooks never update progress.json (seed 002 §11.5: the orchestrator does).
After an edit to anything but the active playbook's progress.json, Claude
(the orchestrator, not a subagent) is reminded which subtask is active and how
its progress is recorded.
"""

from __future__ import annotations

from events.context import Context
from events.verdict import ALLOWED, Verdict, warn
from statefiles import layout
from statefiles.playbook import brief, checks_text, subtask_status

NAME = "progress-reminder"
ADVISORY = True


def check(ctx: Context) -> Verdict:
    """PostToolUse after an edit tool: a WARN reminding Claude (the orchestrator)
    which subtask is active and how to record it in progress.json, unless the
    edit was to progress.json itself; else ALLOWED (SPEC §3; seed 002 §11.5)."""
    if not ctx.hook.is_edit_tool or ctx.hook.in_subagent:
        # Subagents never update progress.json (seed 002 §11.5): the reminder
        # is for the orchestrator only.
        return ALLOWED
    pb = ctx.playbook
    target = ctx.target
    if pb is None or pb.errors or target is None:
        return ALLOWED
    if target.rel == pb.progress_rel or target.under(layout.SESSION_STATE):
        return ALLOWED

    sub = pb.active_subtask_id()
    if not sub:
        return warn(ctx.say("progress_reminder.no_active", progress=pb.progress_rel))
    phase, spec = pb.subtask(sub)
    status = subtask_status(pb.subtask_progress(sub)) or "pending"
    criterion = brief(spec.get("criterion")) if spec else ""
    head = ctx.say("progress_reminder.head", subtask=sub, phase=phase["id"] if phase else "-",
                   status=status)
    if criterion:
        head += f": {criterion}"
    if status == "done":
        return warn(ctx.say("progress_reminder.already_done", head=head,
                            progress=pb.progress_rel))
    hint = "" if status == "in_progress" else ctx.say("progress_reminder.set_in_progress")
    checks = checks_text(spec) if spec else ""
    return warn(ctx.say("progress_reminder.update", head=head, hint=hint,
                        progress=pb.progress_rel)
                + (ctx.say("subagent_reminder.checks", checks=checks) if checks else ""))
