"""playbook-guard (SPEC §3 Edit/Write chain 4; seed 002 §4, §11.6, §12; seed 004 §6.3).

No edit without a reviewed playbook:

* no active playbook (``playbook.active`` null) → block, point to playbook-init;
* ``playbook.active`` unusable (outside the project, not a plan.json, plan.json
  unreadable) → block with the problem and the fix;
* ``meta.reviewed`` not true, or no ``context`` (the understanding check did
  not run) → block: the reviewer is needed;
* ``meta.reviewed_by`` empty or the author itself → warn.

Always allowed (deadlock escapes): state.md, playbook files
(``play/<id>/plan.json|progress.json`` — pm must be able to write a new
playbook before one is active), ``play/**/project.json`` and
``.claude/session-state/``.

One check applies *to* those playbook files (seed 002 §11.6 "reviewer Gate"):
an edit that turns a plan.json's ``meta.reviewed`` true from anywhere but the
reviewer subagent (``agent_type`` ``reviewer``) is a WARN that tells Claude to
record only a PASS the reviewer actually gave. It is not a block: seed 002 §7
gives the reviewer no Edit/Write tools (Read, Grep, Glob, Bash), so the main
agent or pm usually records the reviewer's verdict, and SPEC §3 makes a self
review a warning. Blocking it would lock the workflow.
"""

from __future__ import annotations

from events.verdict import ALLOWED, block, warn
from guards._shared import (
    is_playbook_file,
    is_project_json,
    is_session_state,
    is_state_md,
    state_problems,
)
from statefiles import fastjson

NAME = "playbook-guard"
ADVISORY = False

#: reviewed_by values that mean "reviewed by its own author".
SELF_REVIEWERS = frozenset({"self", "claude", "claudecode", "claude-code", "orchestrator", "pm",
                            "author"})
#: ``agent_type`` of the subagent allowed to mark a playbook reviewed.
REVIEWER_AGENTS = frozenset({"reviewer"})


def _reviewed(text) -> bool:
    if not text:
        return False
    try:
        data = fastjson.loads(text)
    except (ValueError, RecursionError):
        return False
    meta = data.get("meta") if isinstance(data, dict) else None
    return isinstance(meta, dict) and meta.get("reviewed") is True


def _self_review(ctx) -> str | None:
    """The plan.json this edit would mark reviewed without being the reviewer."""
    target = ctx.target
    if target is None or target.rel is None or not target.rel.endswith("/plan.json"):
        return None
    if ctx.hook.agent_type in REVIEWER_AGENTS:
        return None
    post = ctx.post_edit
    if post is None or not post.applies or post.after is None:
        return None
    if _reviewed(post.after) and not _reviewed(post.before):
        return target.rel
    return None


def check(ctx):
    target = ctx.target
    if is_playbook_file(target):
        plan = _self_review(ctx)
        if plan:
            return warn(
                f"This edit marks {plan} as reviewed (meta.reviewed: true) outside the reviewer "
                "subagent. Record only a PASS that Task(subagent_type='reviewer') actually "
                "returned for this playbook, with meta.reviewed_by: reviewer; if it has not "
                "run, undo this and call it."
            )
        return ALLOWED
    if is_state_md(target) or is_project_json(target) or is_session_state(target):
        return ALLOWED
    if ctx.playbook_error:
        return block(ctx.playbook_error + ". Fix state.md (it stays writable).")
    pb = ctx.playbook
    if pb is None:
        return block(
            "No active playbook, so no file may be edited. Call Skill(skill='playbook-init'): "
            "pm writes play/<id>/plan.json and progress.json, the reviewer reviews them, and "
            "state.md playbook.active is set to the plan." + state_problems(ctx)
        )
    if pb.plan_error:
        return block(f"The active playbook cannot be read: {pb.plan_error}. Fix it (it stays "
                     "writable) or point state.md playbook.active at a valid plan.json.")
    if pb.progress_error:
        # Without progress.json the active subtask, its executor and its
        # validations are unknown: the guards after this one cannot judge.
        return block(f"The active playbook's progress cannot be read: {pb.progress_error}. "
                     f"Fix or recreate {pb.progress_rel} (it stays writable; "
                     "play/template/progress.json shows the shape), then retry.")
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
