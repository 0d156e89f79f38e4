"""critic-guard (SPEC §3 Edit/Write chain 8; seed 002 §4, §10, §11.5; seed 004 §1 [4], §7).

An edit that sets a done status without the critic's evidence is blocked, and
the reason is recorded in ``.claude/session-state/last-fail-reason`` (which
executor-guard hands to the next delegated attempt). "Done statuses" and
their critic evidence:

=====================================  ==============================================
edit                                   critic evidence required
=====================================  ==============================================
a subtask turns ``done``               ``validated_by == "critic"``, ``validated_at`` set
a phase turns ``done``                 every subtask of the phase (plan.json) carries
                                       the full evidence of SPEC §3 subtask-guard
progress ``critic.status`` → PASS      non-empty ``critic.evidence``; a ledger PASS
                                       for the playbook (warn; block with
                                       ``config.require_critic_run``)
state.md ``goal.status: done``         the active playbook is complete: every subtask
                                       done with evidence, no phase done early, and
                                       progress ``critic.status`` PASS with evidence
state.md ``playbook.active`` changes   the playbook switched *away from* has no open
                                       subtask (dropping it would end the work without
                                       finishing it), and the playbook switched *to*
                                       has no done status without evidence
=====================================  ==============================================

This holds for the progress.json of *any* working playbook (``play/<id>/``),
not only the active one, so a playbook completed on the side cannot be
switched in; see :mod:`workflow.reward.targets` for how the files are found by
every path spelling. seed 004's ``self_complete`` escape is not honoured here
nor in coherence: the goal section is writable by Claude, so it would let
Claude waive its own critic. ``self_complete`` is the agent's claim that the
goal is complete, shown in the Stop summary, never evidence. A person who
wants to close a goal without the critic edits state.md outside Claude Code.

Only violations the edit *introduces* block; ones already on disk are
warned about, so repairing a file is never refused (SPEC §1 deadlock rule).
"""

from __future__ import annotations

import os

from events.context import Context
from events.verdict import ALLOWED, Verdict, block, warn
from statefiles import layout
from statefiles.playbook import resolve_active
from workflow.reward.ledger import (
    CRITIC_LEDGER,
    PLAYBOOK_ID,
    fail_reason_effect,
    ledger_verdicts,
    require_critic_run,
)
from workflow.reward.parsing import load_plan, load_progress
from workflow.reward.rules import (
    completion_report,
    critic_pass_problems,
    critic_passed,
    describe_problems,
    done_phases,
    done_subtasks,
    listing,
    new_items,
    phases_without_critic,
    uncritiqued_done,
)
from workflow.reward.targets import PLAN, PROGRESS, STATE
from workflow.reward.views import active_of, edit_view, goal_done, judge_edit

NAME = "critic-guard"
ADVISORY = False

def _blocked(ctx, text: str):
    return block(text, effects=(fail_reason_effect(ctx, NAME, text),))


def _check_progress(ctx, view):
    before, after, plan = view.before, view.after, view.plan
    problems = []
    new_subs = new_items(uncritiqued_done(before), uncritiqued_done(after))
    if new_subs:
        problems.append(ctx.say("critic_guard.done_without_critic",
                                problems=describe_problems(new_subs, ctx=ctx)))
    new_phases_done = [p for p in done_phases(after) if p not in done_phases(before)]
    if new_phases_done and plan is None:
        problems.append(ctx.say("critic_guard.phase_unchecked", phases=listing(new_phases_done),
                                error=view.other_error))
    else:
        lacking = new_items(phases_without_critic(before, plan),
                              phases_without_critic(after, plan))
        for pid, subs in lacking.items():
            problems.append(ctx.say("critic_guard.phase_without_critic", phase=pid,
                                    subtasks=listing(subs)))
    critic_new = critic_pass_problems(after) and not critic_pass_problems(before)
    if critic_new:
        problems.extend(ctx.render(p) for p in critic_pass_problems(after))
    if problems:
        return _blocked(ctx, ctx.say("critic_guard.progress_problems", label=view.target.label,
                                     problems="; ".join(problems),
                                     howto=ctx.say("critic_guard.howto")))
    if critic_passed(after) and not critic_passed(before):
        verdicts = ledger_verdicts(ctx.root, view.target.plan_rel)
        if verdicts.get(PLAYBOOK_ID) != "PASS":
            text = ctx.say("critic_guard.pass_unrecorded", label=view.target.label,
                           ledger=CRITIC_LEDGER)
            return _blocked(ctx, text) if require_critic_run(ctx) else warn(text)
    old = uncritiqued_done(after)
    if old and view.changed:
        return warn(ctx.say("critic_guard.old_uncritiqued", label=view.target.label,
                            problems=describe_problems(old, ctx=ctx)))
    return ALLOWED


def _check_plan(ctx, view):
    if view.progress is None:
        return ALLOWED
    lacking = new_items(phases_without_critic(view.progress, view.before),
                          phases_without_critic(view.progress, view.after))
    if not lacking:
        return ALLOWED
    parts = [ctx.say("critic_guard.plan_adds_part", phase=pid, subtasks=listing(subs))
             for pid, subs in lacking.items()]
    return _blocked(ctx, ctx.say("critic_guard.plan_adds", label=view.target.label,
                                 parts="; ".join(parts)))


def _playbook_at(ctx, active: str | None) -> tuple:
    """``(plan_rel, plan, progress, error)`` for a ``playbook.active`` value."""
    rel, error = resolve_active(ctx.root, active)
    if rel is None:
        return None, None, None, error

    dir_abs = os.path.dirname(ctx.path(rel))
    plan, plan_error = load_plan(dir_abs, ctx.root)
    progress, progress_error = load_progress(dir_abs, ctx.root)
    return rel, plan, progress, plan_error or progress_error


def _completion_text(ctx, report: dict, critic_ok: bool) -> list:
    parts = []
    if report["open"]:
        parts.append(ctx.say("critic_guard.part_open",
                             subtasks=listing(f"{s} ({st})" for s, st in report["open"])))
    if report["fraud"]:
        parts.append(ctx.say("critic_guard.part_fraud",
                             problems=describe_problems(report["fraud"], ctx=ctx)))
    if report["phases"]:
        parts.append(ctx.say("critic_guard.part_phases", phases=listing(report["phases"])))
    parts.extend(report["critic"])
    if not critic_ok:
        parts.append(ctx.say("critic_guard.part_no_pass"))
    return parts


def _check_state(ctx, view):
    before, after = view.before, view.after
    old_active, new_active = active_of(before), active_of(after)

    old_rel = resolve_active(ctx.root, old_active)[0] if old_active else None
    new_rel = resolve_active(ctx.root, new_active)[0] if new_active else None
    switched = old_rel != new_rel or (old_active is None) != (new_active is None)
    if switched and old_rel is not None:
        _, plan, progress, error = _playbook_at(ctx, old_active)
        if error is None:
            open_subs = completion_report(plan, progress)["open"]
            if open_subs:
                return _blocked(ctx, ctx.say(
                    "critic_guard.switch_away", plan=old_rel,
                    subtasks=listing(f"{s} ({st})" for s, st in open_subs)))
    if switched and new_active is not None:
        rel, plan, progress, error = _playbook_at(ctx, new_active)
        if rel is None and error:
            # Not a working playbook (outside play/, the template, an archived
            # copy): its statuses are beyond the reward guards' reach.
            return _blocked(ctx, f"{error}.")
        if rel is not None and error is None:
            report = completion_report(plan, progress)
            parts = []
            if report["fraud"]:
                parts.append(ctx.say("critic_guard.part_fraud",
                                     problems=describe_problems(report["fraud"], ctx=ctx)))
            if report["phases"]:
                parts.append(ctx.say("critic_guard.part_phases",
                                     phases=listing(report["phases"])))
            parts.extend(report["critic"])
            if not parts and require_critic_run(ctx):
                verdicts = ledger_verdicts(ctx.root, rel)
                unrun = [s for s in done_subtasks(progress) if verdicts.get(s) != "PASS"]
                if unrun:
                    parts.append(ctx.say("critic_guard.part_unrun", subtasks=listing(unrun)))
            if parts:
                return _blocked(ctx, ctx.say("critic_guard.switch_to", plan=rel,
                                             parts="; ".join(parts)))
    if goal_done(after) and (not goal_done(before) or switched):
        if new_active is None:
            return _blocked(ctx, ctx.say("critic_guard.goal_done_no_playbook"))
        rel, plan, progress, error = _playbook_at(ctx, new_active)
        if error is not None:
            return _blocked(ctx, ctx.say("critic_guard.goal_done_unreadable", error=error))
        report = completion_report(plan, progress)
        parts = _completion_text(ctx, report, critic_passed(progress))
        if parts:
            return _blocked(ctx, ctx.say("critic_guard.goal_done_incomplete", plan=rel,
                                         parts="; ".join(parts),
                                         howto=ctx.say("critic_guard.howto")))
    return ALLOWED


def _archived(ctx):
    """A BLOCK for an edit of a playbook that the archive has moved away
    (its ``play/<id>/`` is gone and ``play/archive/<id>/`` exists), saying
    so and what comes next (the post-loop, or nothing), instead of advice
    to re-record evidence of a playbook that no longer exists; else
    ``None``. An Edit of the missing file, or a Write of its progress.json
    while its plan.json is gone too: pm writing a new playbook under an id
    used before writes plan.json first, which passes."""
    view = edit_view(ctx)
    if view is None or view.kind not in (PLAN, PROGRESS) or os.path.isdir(view.target.dir_abs):
        return None
    if ctx.hook.tool_name == "Write" and (view.kind == PLAN or os.path.exists(
            os.path.join(view.target.dir_abs, "plan.json"))):
        return None
    ident = os.path.basename(view.target.dir_abs.rstrip("/"))
    archive = f"{layout.PLAY_ARCHIVE}/{ident}"
    if not os.path.isdir(ctx.path(archive)):
        return None
    if ctx.markers.exists(layout.POST_LOOP_PENDING):
        then = ctx.say("critic_guard.archived_post_loop",
                       command=layout.post_loop_command(ctx.root))
    else:
        then = ctx.say("critic_guard.archived_done")
    return block(ctx.say("critic_guard.archived", label=view.target.label, archive=archive,
                         then=then))


def check(ctx: Context) -> Verdict:
    """Edit/Write of reward state: BLOCK an edit that sets a done status (subtask,
    phase, ``critic.status``, ``goal.status``, a ``playbook.active`` switch)
    without the critic's evidence, recording the reason as an ``always``
    effect; BLOCK an edit of a playbook the archive moved away, saying what
    comes next; WARN for violations already on disk; else ALLOWED (SPEC §3
    Edit/Write chain 8; seed 002 §4, §10, §11.5)."""
    return _archived(ctx) or judge_edit(
        ctx, "critic_guard.view_error",
        {PROGRESS: _check_progress, PLAN: _check_plan, STATE: _check_state})
