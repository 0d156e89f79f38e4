"""stop-summary (Stop; seed 004 [6] stop-summary.sh).

When Claude ends its turn and nothing blocked it, the user gets a summary
as a ``systemMessage`` (the model never sees it): where the work stands and
what is left.

* **A playbook is active**: its phases done / in progress / pending, its
  subtasks done out of all, the playbook critic's verdict, and what is
  left (the open subtasks, then the critic's verdict on the playbook);
  ``goal.self_complete: true`` is shown as what it is, the agent's own
  claim, never the critic's verdict.
* **A playbook was archived in this session** (its archived progress.json
  was written after ``session.last_start``; without a recorded start,
  nothing is said): complete, where it went, its
  phases and subtasks done, and what is left (the post-loop while it is
  pending).
* **The understanding check waits** for the user's reply: says so.

Otherwise nothing (no playbook, nothing new: no noise). Advisory: never
blocks, a crash is logged and skipped; reads only what the chain before it
loaded (state.md, the playbook) plus one ``stat``.
"""

from __future__ import annotations

import os

from events.context import Context
from events.verdict import ALLOWED, Verdict, warn
from statefiles import layout
from statefiles.playbook import load_json_file, phase_status, subtask_status

NAME = "stop-summary"
ADVISORY = True
#: Open subtasks named in the summary.
SHOWN = 8


def _phases(ctx, phases: list, progress: dict) -> str:
    """``phases 1 done, 1 in progress (p2), 1 pending``."""
    table = progress.get("phases") if isinstance(progress.get("phases"), dict) else {}
    done, running, pending = [], [], []
    for phase in phases:
        pid = phase.get("id") if isinstance(phase, dict) else None
        if not isinstance(pid, str):
            continue
        status = phase_status(table.get(pid))
        (done if status == "done" else running if status == "in_progress" else pending).append(pid)
    return ctx.say("stop_summary.phases", done=len(done), running=len(running),
                   running_ids=ctx.say("stop_summary.ids", ids=", ".join(running)) if running
                   else "", pending=len(pending))


def _critic(progress: dict) -> str:
    critic = progress.get("critic") if isinstance(progress.get("critic"), dict) else {}
    status = critic.get("status") if isinstance(critic.get("status"), str) else ""
    return status.strip().upper() or "PENDING"


def _active(ctx, pb) -> str:
    progress = pb.progress if isinstance(pb.progress, dict) else {}
    done, total = pb.counts()
    open_subs = [s["id"] for _, s in pb.all_subtasks()
                 if subtask_status(pb.subtask_progress(s["id"])) != "done"]
    critic = _critic(progress)
    left = []
    if open_subs:
        shown = ", ".join(f"{sid} ({subtask_status(pb.subtask_progress(sid)) or 'pending'})"
                          for sid in open_subs[:SHOWN])
        if len(open_subs) > SHOWN:
            shown += ctx.say("stop_summary.more", count=len(open_subs) - SHOWN)
        left.append(shown)
    if critic != "PASS":
        left.append(ctx.say("stop_summary.left_critic"))
    claim = ""
    goal = ctx.state.section("goal") if ctx.state is not None else {}
    if goal.get("self_complete") is True and critic != "PASS":
        claim = ctx.say("stop_summary.claim")
    return ctx.say("stop_summary.active", plan=pb.plan_rel,
                   phases=_phases(ctx, pb.phases, progress), done=done, total=total,
                   critic=critic, claim=claim,
                   left="; ".join(left) if left else ctx.say("stop_summary.left_nothing"))


def _archived(ctx) -> str | None:
    """The summary of the playbook ``playbook.last_archived`` names when it
    was archived in this session, else ``None``."""
    state = ctx.state
    last = state.get("playbook", "last_archived") if state is not None else None
    started = state.get("session", "last_start") if state is not None else None
    if not isinstance(last, str) or not last.strip().startswith(layout.PLAY_ARCHIVE + "/"):
        return None
    archive = last.strip().rstrip("/")
    progress_path = ctx.path(f"{archive}/progress.json")
    try:
        written = os.stat(progress_path).st_mtime
    except OSError:
        return None
    from statefiles.stamps import local_seconds  # lazy: only a Stop after an archive

    try:
        since = local_seconds(str(started).strip()[:19].replace("T", " "))
    except (ValueError, OverflowError, TypeError):
        return None     # no session start recorded: whether it is new is unknown
    if written < since:
        return None     # archived in an earlier session: nothing new to say
    plan, plan_error = load_json_file(ctx.path(f"{archive}/plan.json"), f"{archive}/plan.json")
    progress, progress_error = load_json_file(progress_path, f"{archive}/progress.json")
    if plan_error or progress_error or not isinstance(plan, dict) or not isinstance(progress,
                                                                                  dict):
        return None
    phases = [p for p in plan.get("phases") or [] if isinstance(p, dict)]
    subs = [s for p in phases for s in p.get("subtasks") or [] if isinstance(s, dict)]
    table = progress.get("subtasks") if isinstance(progress.get("subtasks"), dict) else {}
    done = sum(1 for s in subs if subtask_status(table.get(s.get("id"))) == "done")
    if ctx.markers.exists(layout.POST_LOOP_PENDING):
        left = ctx.say("stop_summary.left_post_loop", command=layout.post_loop_command(ctx.root))
    else:
        left = ctx.say("stop_summary.left_nothing")
    return ctx.say("stop_summary.archived", archive=archive,
                   phases=_phases(ctx, phases, progress), done=done, total=len(subs),
                   critic=_critic(progress), left=left)


def check(ctx: Context) -> Verdict:
    """Stop (nothing blocked before it): a WARN — the ``systemMessage`` the
    user reads — summarising the active playbook, or the one archived in
    this session, or the waiting understanding check; else ALLOWED (seed 004
    [6])."""
    pb = ctx.playbook
    if pb is not None and not pb.errors:
        return warn(_active(ctx, pb))
    archived = _archived(ctx)
    if archived:
        return warn(archived)
    if ctx.markers.exists(layout.CONSENT):
        return warn(ctx.say("stop_summary.consent"))
    return ALLOWED
