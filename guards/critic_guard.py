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
switched in; see :mod:`guards._reward` for how the files are found by every
path spelling. seed 004's ``self_complete`` escape is not honoured: the goal
section is writable by Claude, so it would let Claude waive its own critic.
A person who wants to close a goal without the critic edits state.md
outside Claude Code.

Only violations the edit *introduces* block; ones already on disk are
warned about, so repairing a file is never refused (SPEC §1 deadlock rule).
"""

from __future__ import annotations

from events.verdict import ALLOWED, block, warn
from guards import _reward as R

NAME = "critic-guard"
ADVISORY = False

CRITIC_HOWTO = (
    "Run Task(subagent_type='critic') on it; only after the critic's PASS record "
    "validations (technical, consistency, completeness: PASS with evidence), validated_by: "
    "\"critic\" and validated_at, then set the status to done."
)


def _blocked(ctx, text: str):
    return block(text, effects=(R.fail_reason_effect(ctx, NAME, text),))


def _check_progress(ctx, view):
    before, after, plan = view.before, view.after, view.plan
    problems = []
    new_subs = R.new_items(R.uncritiqued_done(before), R.uncritiqued_done(after))
    if new_subs:
        problems.append("set done without the critic's validation: "
                        + R.describe_problems(new_subs))
    new_phases_done = [p for p in R.done_phases(after) if p not in R.done_phases(before)]
    if new_phases_done and plan is None:
        problems.append(f"phase {R.listing(new_phases_done)} set done, but its subtasks cannot "
                        f"be checked: {view.other_error}")
    else:
        lacking = R.new_items(R.phases_without_critic(before, plan),
                              R.phases_without_critic(after, plan))
        for pid, subs in lacking.items():
            problems.append(f"phase {pid} set done while subtask {R.listing(subs)} has no "
                            "critic-validated evidence")
    critic_new = R.critic_pass_problems(after) and not R.critic_pass_problems(before)
    if critic_new:
        problems.extend(R.critic_pass_problems(after))
    if problems:
        return _blocked(ctx, f"{view.target.label}: " + "; ".join(problems) + ". " + CRITIC_HOWTO)
    if R.critic_passed(after) and not R.critic_passed(before):
        verdicts = R.ledger_verdicts(ctx.root, view.target.plan_rel)
        if verdicts.get(R.PLAYBOOK_ID) != "PASS":
            text = (f"{view.target.label}: critic.status is set to PASS, but no critic run "
                    f"recorded a PASS for this playbook in {R.CRITIC_LEDGER} (the critic "
                    "subagent ends its reply with 'CRITIC: PASS playbook'). Run "
                    "Task(subagent_type='critic') on the whole playbook first.")
            return _blocked(ctx, text) if R.require_critic_run(ctx) else warn(text)
    old = R.uncritiqued_done(after)
    if old and view.changed:
        return warn(f"{view.target.label} already has done subtasks without the critic's "
                    f"validation: {R.describe_problems(old)}. Set them back to in_progress "
                    "or have the critic validate them.")
    return ALLOWED


def _check_plan(ctx, view):
    if view.progress is None:
        return ALLOWED
    lacking = R.new_items(R.phases_without_critic(view.progress, view.before),
                          R.phases_without_critic(view.progress, view.after))
    if not lacking:
        return ALLOWED
    parts = [f"phase {pid} is done in progress.json but would get subtask {R.listing(subs)} "
             "without critic-validated evidence" for pid, subs in lacking.items()]
    return _blocked(ctx, f"{view.target.label}: " + "; ".join(parts) + ". Set the phase back to "
                    "in_progress in progress.json before adding work to it.")


def _playbook_at(ctx, active: str | None) -> tuple:
    """``(plan_rel, plan, progress, error)`` for a ``playbook.active`` value."""
    from statefiles.playbook import resolve_active

    rel, error = resolve_active(ctx.root, active)
    if rel is None:
        return None, None, None, error
    import os

    dir_abs = os.path.dirname(ctx.path(rel))
    plan, plan_error = R.load_plan(dir_abs, ctx.root)
    progress, progress_error = R.load_progress(dir_abs, ctx.root)
    return rel, plan, progress, plan_error or progress_error


def _completion_text(report: dict, critic_ok: bool) -> list:
    parts = []
    if report["open"]:
        parts.append("subtasks not done: " + R.listing(f"{s} ({st})" for s, st in report["open"]))
    if report["fraud"]:
        parts.append("done without evidence: " + R.describe_problems(report["fraud"]))
    if report["phases"]:
        parts.append("phases done with open subtasks: " + R.listing(report["phases"]))
    parts.extend(report["critic"])
    if not critic_ok:
        parts.append("progress critic.status is not PASS (the playbook critic has not passed)")
    return parts


def _check_state(ctx, view):
    before, after = view.before, view.after
    old_active, new_active = R.active_of(before), R.active_of(after)
    from statefiles.playbook import resolve_active

    old_rel = resolve_active(ctx.root, old_active)[0] if old_active else None
    new_rel = resolve_active(ctx.root, new_active)[0] if new_active else None
    switched = old_rel != new_rel or (old_active is None) != (new_active is None)
    if switched and old_rel is not None:
        _, plan, progress, error = _playbook_at(ctx, old_active)
        if error is None:
            open_subs = R.completion_report(plan, progress)["open"]
            if open_subs:
                return _blocked(ctx, (
                    f"state.md: playbook.active would stop pointing at {old_rel}, which still has "
                    f"subtasks not done: {R.listing(f'{s} ({st})' for s, st in open_subs)}. "
                    "Finish them (each validated by the critic). If the user decided to drop "
                    "or replace this playbook, ask them to change playbook.active in state.md "
                    "themselves."))
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
                parts.append("done without evidence: " + R.describe_problems(report["fraud"]))
            if report["phases"]:
                parts.append("phases done with open subtasks: " + R.listing(report["phases"]))
            parts.extend(report["critic"])
            if not parts and R.require_critic_run(ctx):
                verdicts = R.ledger_verdicts(ctx.root, rel)
                unrun = [s for s in R.done_subtasks(progress) if verdicts.get(s) != "PASS"]
                if unrun:
                    parts.append("done without a recorded critic PASS: " + R.listing(unrun))
            if parts:
                return _blocked(ctx, (
                    f"state.md: playbook.active would point at {rel}, whose progress has done "
                    f"statuses without the critic's evidence ({'; '.join(parts)}). Reset those "
                    "statuses or have the critic validate them before activating it."))
    if R.goal_done(after) and (not R.goal_done(before) or switched):
        if new_active is None:
            return _blocked(ctx, (
                "state.md: goal.status is set to done, but no playbook is active, so there is no "
                "critic verdict to back it. Work goes through a reviewed playbook whose critic "
                "passed; leave goal.status as it is."))
        rel, plan, progress, error = _playbook_at(ctx, new_active)
        if error is not None:
            return _blocked(ctx, f"state.md: goal.status is set to done, but the active playbook "
                                 f"cannot be read ({error}); nothing backs the done.")
        report = R.completion_report(plan, progress)
        parts = _completion_text(report, R.critic_passed(progress))
        if parts:
            return _blocked(ctx, (
                f"state.md: goal.status is set to done, but {rel} is not complete with the "
                f"critic's evidence: {'; '.join(parts)}. " + CRITIC_HOWTO))
    return ALLOWED


def check(ctx):
    view = R.edit_view(ctx)
    if view is None:
        return ALLOWED
    if view.error:
        return block(ctx.say("critic_guard.view_error", error=view.error))
    if view.kind == R.PROGRESS:
        return _check_progress(ctx, view)
    if view.kind == R.PLAN:
        return _check_plan(ctx, view)
    return _check_state(ctx, view)
