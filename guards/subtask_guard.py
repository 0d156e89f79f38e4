"""subtask-guard (SPEC §3 Edit/Write chain 9; seed 002 §4, §11.5, §12).

The file is judged as it will be after the call (``ctx.post_edit``: Write's
content; Edit with ``replace_all``; MultiEdit's edits in order; NotebookEdit
where it applies). For every subtask of any working playbook's progress.json
that is ``done`` after the edit and was not done-without-evidence before:
all three validations PASS with non-empty evidence, ``validated_at`` set,
``validated_by == "critic"`` (:func:`statefiles.playbook.evidence_problems`).
Otherwise block, listing what is missing. A result that cannot be computed
or parsed blocks (critic-guard, earlier in the chain, reports it first).

Two hardenings beyond the SPEC's field check:

* **critic ledger** — the fields above can be typed by anyone; a critic run
  cannot. SubagentStop records every ``CRITIC: PASS|FAIL <id>`` line of a
  critic subagent's final message in ``.claude/logs/critic-ledger.jsonl``
  (HARD_BLOCK: Claude cannot write it). A subtask turning done without a
  ledger PASS as its latest verdict → warn; → block when state.md
  ``config.require_critic_run: true`` (a human-only section).
* **the reviewed plan is fixed** — removing a subtask that is not done from a
  reviewed plan.json (completion-check would stop seeing it), or changing an
  existing subtask's ``executor``, ``criterion`` or ``validation_plan``, or
  the plan's ``max_iterations``, or moving a subtask to another phase
  (dodging delegation, moving the goalposts, postponing "ask the user",
  emptying a phase to call it done), blocks unless the same edit
  sets ``meta.reviewed`` to false so the reviewer looks at the change.
"""

from __future__ import annotations

from events.context import Context
from events.verdict import ALLOWED, Verdict, block, warn
from statefiles.playbook import subtask_status
from workflow.reward.ledger import CRITIC_LEDGER, ledger_verdicts, require_critic_run
from workflow.reward.rules import (
    describe_problems,
    listing,
    new_items,
    plan_structure,
    plan_subtasks,
    subtask_entries,
    unevidenced_done,
)
from workflow.reward.targets import PLAN, PROGRESS
from workflow.reward.views import judge_edit

NAME = "subtask-guard"
ADVISORY = False

#: Subtask fields fixed by the review (changing them needs a new review).
REVIEWED_FIELDS = ("executor", "criterion", "validation_plan")


def _check_progress(ctx, view):
    before, after = view.before, view.after
    new = new_items(unevidenced_done(before), unevidenced_done(after))
    if new:
        return block(ctx.say("subtask_guard.no_evidence", label=view.target.label,
                             problems=describe_problems(new, ctx=ctx)))
    before_entries = subtask_entries(before)
    turning = [sid for sid, entry in subtask_entries(after).items()
               if subtask_status(entry) == "done"
               and subtask_status(before_entries.get(sid, {})) != "done"]
    if not turning:
        return ALLOWED
    verdicts = ledger_verdicts(ctx.root, view.target.plan_rel)
    unrun = [sid for sid in turning if verdicts.get(sid) != "PASS"]
    if not unrun:
        return ALLOWED
    failed = [sid for sid in unrun if verdicts.get(sid) == "FAIL"]
    failed_note = ctx.say("subtask_guard.latest_fail", subtasks=listing(failed)) if failed else ""
    text = ctx.say("subtask_guard.no_ledger_pass_one" if len(unrun) == 1
                   else "subtask_guard.no_ledger_pass_many",
                   label=view.target.label, subtasks=listing(unrun), ledger=CRITIC_LEDGER,
                   failed=failed_note)
    if require_critic_run(ctx):
        return block(text + ctx.say("subtask_guard.require_critic_run"))
    return warn(text)


def _check_plan(ctx, view):
    before, after = view.before, view.after
    if before is None:
        return ALLOWED
    meta_before = before.get("meta") if isinstance(before.get("meta"), dict) else {}
    meta_after = after.get("meta") if isinstance(after.get("meta"), dict) else {}
    if meta_before.get("reviewed") is not True or meta_after.get("reviewed") is not True:
        return ALLOWED
    old_subs, new_subs = plan_subtasks(before), plan_subtasks(after)
    entries = subtask_entries(view.progress)
    removed = [sid for sid in old_subs if sid not in new_subs
               and subtask_status(entries.get(sid, {})) != "done"]
    changed = [f"{sid}.{field}" for sid, sub in old_subs.items() if sid in new_subs
               for field in REVIEWED_FIELDS if sub.get(field) != new_subs[sid].get(field)]
    if before.get("max_iterations") != after.get("max_iterations"):
        changed.append("max_iterations")
    home_before = {sid: pid for pid, subs in plan_structure(before) for sid in subs}
    home_after = {sid: pid for pid, subs in plan_structure(after) for sid in subs}
    changed += [f"{sid}.phase ({home_before[sid]} → {home_after[sid]})" for sid in home_before
                if sid in home_after and home_before[sid] != home_after[sid]]
    if not removed and not changed:
        return ALLOWED
    parts = []
    if removed:
        parts.append(ctx.say("subtask_guard.removes", subtasks=listing(removed)))
    if changed:
        parts.append(ctx.say("subtask_guard.changes", fields=listing(changed)))
    return block(ctx.say("subtask_guard.reviewed_plan", label=view.target.label,
                         parts=ctx.say("subtask_guard.and").join(parts)))


def check(ctx: Context) -> Verdict:
    """Edit/Write of a playbook's progress.json: BLOCK a subtask turning done
    without its three PASS validations with evidence, ``validated_at`` and
    ``validated_by: critic`` (and, with ``config.require_critic_run``, a
    ledger PASS); BLOCK a result that cannot be computed; else ALLOWED
    (SPEC §3 Edit/Write chain 9; seed 002 §4, §11.5, §12)."""
    return judge_edit(ctx, "shared.view_error",
                        {PROGRESS: _check_progress, PLAN: _check_plan})
