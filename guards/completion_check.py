"""completion-check (SPEC §3 Stop and SubagentStop; seed 002 §6.5, §12).

The active playbook's state is checked when Claude ends its turn — actively,
because subtask-guard only sees edits (seed 002 §6.5: Claude declaring
completion without updating progress.json). It also catches anything that
slipped past the PreToolUse guards.

**Stop** blocks (``{"decision": "block", "reason": ...}``) when

* a subtask of the plan is not done,
* a subtask is marked done without the evidence subtask-guard requires
  (with ``config.require_critic_run``: also without a critic-ledger PASS),
* a phase is marked done while a subtask of it is not,
* progress ``critic.status`` is PASS without evidence, or — once every
  subtask is done — not PASS yet (seed 002 §11.7: the playbook is finished
  only with the playbook critic's PASS, which is also what archives it),
* the active playbook cannot be read (nothing can be verified),
  ``playbook.active`` is unusable, or state.md itself has errors and no
  playbook can be read from it,

listing what was found. **SubagentStop** blocks only on *evidence fraud* (the
second to fourth items), and never a read-only subagent: a subagent finishing
while subtasks are still open is the normal course of the work, and only a
subagent that can write could have made (and can revert) a false done — see
:mod:`events.subagent_stop`. The loop guard (:mod:`guards.stop_loop_guard`)
makes sure a session can always end.
"""

from __future__ import annotations

from events.verdict import ALLOWED, BLOCK, Verdict, block
from guards import _reward as R

NAME = "completion-check"
ADVISORY = False

NEXT_STEPS = ("Continue with the active subtask: do the work, record the validations, have "
              "Task(subagent_type='critic') validate it, and only then mark it done. Statuses "
              "set done without evidence go back to in_progress. If you need the user's input "
              "to go on, ask for it.")


def _fraud_lines(ctx, pb, report: dict) -> list:
    lines = []
    if report["fraud"]:
        lines.append("marked done without the required evidence (all three validations PASS "
                     "with evidence, validated_at, validated_by 'critic'): "
                     + R.describe_problems(report["fraud"]))
    if R.require_critic_run(ctx):
        verdicts = R.ledger_verdicts(ctx.root, pb.plan_rel)
        unrun = [s for s in R.done_subtasks(pb.progress)
                 if s not in report["fraud"] and verdicts.get(s) != "PASS"]
        if unrun:
            lines.append(f"marked done without a critic PASS in {R.CRITIC_LEDGER}: "
                         + R.listing(unrun))
    if report["phases"]:
        lines.append("phases marked done while subtasks are open: " + "; ".join(
            f"{pid} ({R.listing(s for s, _ in subs)})" for pid, subs in report["phases"].items()))
    lines.extend(report["critic"])
    return lines


def check(ctx):
    if R.stop_exempt(ctx) or ctx.state is None:
        return ALLOWED
    subagent = ctx.event == "SubagentStop"
    if ctx.state.errors and ctx.active_playbook_path is None and not subagent:
        # A broken playbook section reads as "no playbook": never a silent pass.
        return block("state.md cannot be read, so it is unknown which playbook is active: "
                     + "; ".join(ctx.state.errors[:3]) + ". Fix state.md (it stays writable), "
                     "then end the turn.")
    if ctx.playbook_error:
        if subagent:
            return ALLOWED
        return block(f"{ctx.playbook_error}. Completion cannot be checked; fix playbook.active "
                     "in state.md (it stays writable), then end the turn.")
    pb = ctx.playbook
    if pb is None:
        return ALLOWED
    errors = pb.errors + [e for e in (R.plan_shape_error(pb.plan, pb.plan_rel),
                                      R.progress_shape_error(pb.progress, pb.progress_rel)) if e]
    if errors:
        if subagent:
            return ALLOWED
        return block(f"The active playbook cannot be read, so its completion cannot be verified: "
                     f"{'; '.join(errors)}. Fix the file (playbook files stay writable), then "
                     "end the turn.")
    report = R.completion_report(pb.plan, pb.progress)
    lines = _fraud_lines(ctx, pb, report)
    if subagent:
        if not lines:
            return ALLOWED
        return block(f"{pb.progress_rel} has done statuses without the critic's evidence: "
                     + "; ".join(lines) + ". If you set them, set them back to in_progress; "
                     "otherwise end your reply by reporting this to the orchestrator.")
    if report["open"]:
        lines.insert(0, f"{len(report['open'])} subtask(s) not done: "
                     + R.listing(f"{s} ({st})" for s, st in report["open"]))
    elif not R.critic_passed(pb.progress):
        lines.append("every subtask is done, but the playbook critic has not passed (progress "
                     "critic.status is not PASS): run Task(subagent_type='critic') on the whole "
                     "playbook (its reply ends with 'CRITIC: PASS playbook'), then record "
                     "critic.status PASS with its evidence")
    if not lines:
        return ALLOWED
    # The advice goes into ``context``: the loop guard shows the user only the
    # message (what was left) when it lets a stop through.
    return Verdict(BLOCK, f"Playbook {pb.plan_rel} is not finished:\n- " + "\n- ".join(lines),
                   context=NEXT_STEPS)
