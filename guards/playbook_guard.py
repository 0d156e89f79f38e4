"""playbook-guard (SPEC §3 Edit/Write chain 4; seed 002 §4, §11.6, §12; seed 004 §6.3).

No edit without a reviewed playbook (the golden path's plan; under a
workflow with its own plan, :func:`workflow.registry.uses_playbook` false
— sync-sdd — no active playbook is that workflow's guards' to judge):

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
the reviewer's PASS is recorded by the hook that sees the reviewer stop
(:mod:`guards.review_ledger`), so an edit that turns a plan.json's
``meta.reviewed`` true while the review ledger has no PASS for that plan is
a WARN telling Claude not to mark a playbook reviewed itself. It is not a
block (SPEC §3 makes a self review a warning; a human may review by hand,
and the hook may have failed to record), and an edit that only repeats a
recorded PASS is not warned about.
"""

from __future__ import annotations

from events.context import Context
from events.verdict import ALLOWED, Verdict, block, warn
from statefiles import fastjson
from workflow import registry
from workflow.shared import (
    is_playbook_file,
    is_project_json,
    is_session_state,
    is_state_md,
    state_problems,
)

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
        # lazy: the review ledger only for a plan.json that just became reviewed
        from statefiles.bookkeeping import review_verdicts

        if review_verdicts(ctx.root).get(target.rel) == "PASS":
            return None
        return target.rel
    return None


def check(ctx: Context) -> Verdict:
    """Edit/Write: BLOCK with no active playbook (pointing to playbook-init),
    an unusable ``playbook.active``, or a playbook not reviewed or without
    ``context``; WARN for a self or empty ``reviewed_by`` and for
    ``meta.reviewed`` set outside the reviewer; state files are exempt; else
    ALLOWED (SPEC §3 Edit/Write chain 4; seed 002 §4, §11.6, §12)."""
    target = ctx.target
    if is_playbook_file(target):
        plan = _self_review(ctx)
        if plan:
            return warn(ctx.say("playbook_guard.self_review", plan=plan))
        return ALLOWED
    if is_state_md(target) or is_project_json(target) or is_session_state(target):
        return ALLOWED
    if ctx.playbook_error:
        return block(ctx.say("playbook_guard.playbook_error", error=ctx.playbook_error))
    pb = ctx.playbook
    if pb is None:
        if not registry.uses_playbook(ctx):
            return ALLOWED  # the active workflow's own plan and guards apply (sync-sdd)
        return block(ctx.say("playbook_guard.no_playbook") + state_problems(ctx))
    if pb.plan_error:
        return block(ctx.say("playbook_guard.plan_error", error=pb.plan_error))
    if pb.progress_error:
        # Without progress.json the active subtask, its executor and its
        # validations are unknown: the guards after this one cannot judge.
        return block(ctx.say("playbook_guard.progress_error", error=pb.progress_error,
                             progress=pb.progress_rel))
    if not pb.reviewed:
        return block(ctx.say("playbook_guard.not_reviewed", plan=pb.plan_rel))
    if not pb.has_context:
        return block(ctx.say("playbook_guard.no_context", plan=pb.plan_rel))
    reviewer = pb.reviewed_by
    if not reviewer or reviewer.lower() in SELF_REVIEWERS:
        return warn(ctx.say("playbook_guard.self_reviewer", plan=pb.plan_rel,
                            reviewer=reviewer or "empty"))
    return ALLOWED
