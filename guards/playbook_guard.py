"""playbook-guard (SPEC §3 Edit/Write chain 4; seed 002 §4, §11.6, §12).

No edit without a reviewed playbook:

* no active playbook (``playbook.active`` null) → block, point to playbook-init;
* ``playbook.active`` unusable (outside the project, not a plan.json, plan.json
  unreadable) → block with the problem and the fix;
* ``meta.reviewed`` not true, or no ``context`` (the understanding check did
  not run) → block: the reviewer is needed;
* ``meta.reviewed_by`` empty or the author itself → warn.

Always allowed (deadlock escapes): state.md, playbook files
(``play/<id>/plan.json|progress.json`` — pm must be able to write a new
playbook before one is active), and ``play/**/project.json``.
"""

from __future__ import annotations

from events.verdict import ALLOWED, block, warn
from guards._shared import is_playbook_file, is_project_json, is_state_md

NAME = "playbook-guard"
ADVISORY = False

#: reviewed_by values that mean "reviewed by its own author".
SELF_REVIEWERS = frozenset({"self", "claude", "claudecode", "claude-code", "orchestrator", "pm",
                            "author"})


def check(ctx):
    target = ctx.target
    if is_state_md(target) or is_playbook_file(target) or is_project_json(target):
        return ALLOWED
    if ctx.playbook_error:
        return block(ctx.playbook_error + ". Fix state.md (it stays writable).")
    pb = ctx.playbook
    if pb is None:
        return block(
            "No active playbook, so no file may be edited. Call Skill(skill='playbook-init'): "
            "pm writes play/<id>/plan.json and progress.json, the reviewer reviews them, and "
            "state.md playbook.active is set to the plan."
        )
    if pb.plan_error:
        return block(f"The active playbook cannot be read: {pb.plan_error}. Fix it (it stays "
                     "writable) or point state.md playbook.active at a valid plan.json.")
    if not pb.reviewed:
        return block(
            f"{pb.plan_rel} is not reviewed (meta.reviewed is not true). Call "
            "Task(subagent_type='reviewer') on it; the review sets meta.reviewed and "
            "meta.reviewed_by. Edits start after a PASS."
        )
    if not pb.has_context:
        return block(
            f"{pb.plan_rel} has no 'context': the understanding check has not run. Run the "
            "understanding-check skill with the user and record its result in plan.json "
            "'context', then have it reviewed again."
        )
    reviewer = pb.reviewed_by
    if not reviewer or reviewer.lower() in SELF_REVIEWERS:
        return warn(f"{pb.plan_rel} meta.reviewed_by is {reviewer or 'empty'!s}: the playbook "
                    "should be reviewed by the reviewer subagent, not by its author.")
    return ALLOWED
