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
switched in; see :mod:`workflow.reward` for how the files are found by every
path spelling. seed 004's ``self_complete`` escape is not honoured here nor
in coherence: the goal section is writable by Claude, so it would let Claude
waive its own critic. ``self_complete`` is the agent's claim that the goal
is complete, shown in the Stop summary, never evidence. A person who wants
to close a goal without the critic edits state.md outside Claude Code.

Only violations the edit *introduces* block; ones already on disk are
warned about, so repairing a file is never refused (SPEC §1 deadlock rule).
"""

from __future__ import annotations

import os

from events.context import Context
from events.verdict import ALLOWED, Verdict, block, warn
from statefiles.playbook import resolve_active
from workflow import reward as R

NAME = "critic-guard"
ADVISORY = False

def _blocked(ctx, text: str):
    return block(text, effects=(R.fail_reason_effect(ctx, NAME, text),))


def _check_progress(ctx, view):
    before, after, plan = view.before, view.after, view.plan
    problems = []
    new_subs = R.new_items(R.uncritiqued_done(before), R.uncritiqued_done(after))
    if new_subs:
        problems.append(ctx.say("critic_guard.done_without_critic",
                                problems=R.describe_problems(new_subs, ctx=ctx)))
    new_phases_done = [p for p in R.done_phases(after) if p not in R.done_phases(before)]
    if new_phases_done and plan is None:
        problems.append(ctx.say("critic_guard.phase_unchecked", phases=R.listing(new_phases_done),
                                error=view.other_error))
    else:
        lacking = R.new_items(R.phases_without_critic(before, plan),
                              R.phases_without_critic(after, plan))
        for pid, subs in lacking.items():
            problems.append(ctx.say("critic_guard.phase_without_critic", phase=pid,
                                    subtasks=R.listing(subs)))
    critic_new = R.critic_pass_problems(after) and not R.critic_pass_problems(before)
    if critic_new:
        problems.extend(ctx.render(p) for p in R.critic_pass_problems(after))
    if problems:
        return _blocked(ctx, ctx.say("critic_guard.progress_problems", label=view.target.label,
                                     problems="; ".join(problems),
                                     howto=ctx.say("critic_guard.howto")))
    if R.critic_passed(after) and not R.critic_passed(before):
        verdicts = R.ledger_verdicts(ctx.root, view.target.plan_rel)
        if verdicts.get(R.PLAYBOOK_ID) != "PASS":
            text = ctx.say("critic_guard.pass_unrecorded", label=view.target.label,
                           ledger=R.CRITIC_LEDGER)
            return _blocked(ctx, text) if R.require_critic_run(ctx) else warn(text)
    old = R.uncritiqued_done(after)
    if old and view.changed:
        return warn(ctx.say("critic_guard.old_uncritiqued", label=view.target.label,
                            problems=R.describe_problems(old, ctx=ctx)))
    return ALLOWED


def _check_plan(ctx, view):
    if view.progress is None:
        return ALLOWED
    lacking = R.new_items(R.phases_without_critic(view.progress, view.before),
                          R.phases_without_critic(view.progress, view.after))
    if not lacking:
        return ALLOWED
    parts = [ctx.say("critic_guard.plan_adds_part", phase=pid, subtasks=R.listing(subs))
             for pid, subs in lacking.items()]
    return _blocked(ctx, ctx.say("critic_guard.plan_adds", label=view.target.label,
                                 parts="; ".join(parts)))


def _playbook_at(ctx, active: str | None) -> tuple:
    """``(plan_rel, plan, progress, error)`` for a ``playbook.active`` value."""
    rel, error = resolve_active(ctx.root, active)
    if rel is None:
        return None, None, None, error

    dir_abs = os.path.dirname(ctx.path(rel))
    plan, plan_error = R.load_plan(dir_abs, ctx.root)
    progress, progress_error = R.load_progress(dir_abs, ctx.root)
    return rel, plan, progress, plan_error or progress_error


def _completion_text(ctx, report: dict, critic_ok: bool) -> list:
    parts = []
    if report["open"]:
        parts.append(ctx.say("critic_guard.part_open",
                             subtasks=R.listing(f"{s} ({st})" for s, st in report["open"])))
    if report["fraud"]:
        parts.append(ctx.say("critic_guard.part_fraud",
                             problems=R.describe_problems(report["fraud"], ctx=ctx)))
    if report["phases"]:
        parts.append(ctx.say("critic_guard.part_phases", phases=R.listing(report["phases"])))
    parts.extend(report["critic"])
    if not critic_ok:
        parts.append(ctx.say("critic_guard.part_no_pass"))
    return parts


def _check_state(ctx, view):
    before, after = view.before, view.after
    old_active, new_active = R.active_of(before), R.active_of(after)

    old_rel = resolve_active(ctx.root, old_active)[0] if old_active else None
    new_rel = resolve_active(ctx.root, new_active)[0] if new_active else None
    switched = old_rel != new_rel or (old_active is None) != (new_active is None)
    if switched and old_rel is not None:
        _, plan, progress, error = _playbook_at(ctx, old_active)
        if error is None:
            open_subs = R.completion_report(plan, progress)["open"]
            if open_subs:
                return _blocked(ctx, ctx.say(
                    "critic_guard.switch_away", plan=old_rel,
                    subtasks=R.listing(f"{s} ({st})" for s, st in open_subs)))
    if switched and new_active is not None:
        rel, plan, progress, error = _playbook_at(ctx, new_active)
        if rel is None and error:
            # Not a working playbook (outside play/, the template, an archived
            # copy): its statuses are beyond the reward guards' reach.
            return _blocked(ctx, f"{error}.")
        if rel is not None and error is None:
            report = R.completion_report(plan, progress)
            parts = []
            if report["fraud"]:
                parts.append(ctx.say("critic_guard.part_fraud",
                                     problems=R.describe_problems(report["fraud"], ctx=ctx)))
            if report["phases"]:
                parts.append(ctx.say("critic_guard.part_phases",
                                     phases=R.listing(report["phases"])))
            parts.extend(report["critic"])
            if not parts and R.require_critic_run(ctx):
                verdicts = R.ledger_verdicts(ctx.root, rel)
                unrun = [s for s in R.done_subtasks(progress) if verdicts.get(s) != "PASS"]
                if unrun:
                    parts.append(ctx.say("critic_guard.part_unrun", subtasks=R.listing(unrun)))
            if parts:
                return _blocked(ctx, ctx.say("critic_guard.switch_to", plan=rel,
                                             parts="; ".join(parts)))
    if R.goal_done(after) and (not R.goal_done(before) or switched):
        if new_active is None:
            return _blocked(ctx, ctx.say("critic_guard.goal_done_no_playbook"))
        rel, plan, progress, error = _playbook_at(ctx, new_active)
        if error is not None:
            return _blocked(ctx, ctx.say("critic_guard.goal_done_unreadable", error=error))
        report = R.completion_report(plan, progress)
        parts = _completion_text(ctx, report, R.critic_passed(progress))
        if parts:
            return _blocked(ctx, ctx.say("critic_guard.goal_done_incomplete", plan=rel,
                                         parts="; ".join(parts),
                                         howto=ctx.say("critic_guard.howto")))
    return ALLOWED


def check(ctx: Context) -> Verdict:
    """Edit/Write of reward state: BLOCK an edit that sets a done status (subtask,
    phase, ``critic.status``, ``goal.status``, a ``playbook.active`` switch)
    without the critic's evidence, recording the reason as an ``always``
    effect; WARN for violations already on disk; else ALLOWED (SPEC §3
    Edit/Write chain 8; seed 002 §4, §10, §11.5)."""
    return R.judge_edit(ctx, "critic_guard.view_error",
                        {R.PROGRESS: _check_progress, R.PLAN: _check_plan, R.STATE: _check_state})
