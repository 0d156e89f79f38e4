"""review-ledger (SubagentStop).

The reviewer subagent has no Write tool (seed 002 §7), so its verdict has to
be recorded by someone else. It used to be the orchestrator, which was then
warned by playbook-guard for marking its own playbook reviewed; now the hook
that sees the reviewer stop records it. When a subagent whose
``agent_type`` is exactly ``reviewer`` (or ``playgate:reviewer``) stops, the
closing verdict block of its final message (:mod:`workflow.subagent_reply`:
the lines at the very end, never a quote or a code block)

    REVIEW: PASS play/<id>/plan.json
    REVIEW: FAIL play/<id>/plan.json - <reason>

is appended to ``.claude/logs/review-ledger.jsonl`` (HARD_BLOCK), and a PASS
is applied by :func:`statefiles.bookkeeping.record_review`: the review in
plan.json and, when possible, the activation of the playbook. What was done
is saved for the reminder the orchestrator gets with the Agent call's result
(:mod:`guards.subagent_reminder`). A FAIL changes nothing; the orchestrator
has pm fix the findings.

Advisory: a failure to record never blocks a stop (the orchestrator is then
told to record the review itself, which playbook-guard accepts with a
warning, as before).
"""

from __future__ import annotations

from events.context import Context
from events.verdict import ALLOWED, Effect, Verdict, allow, warn
from statefiles import fastjson, layout
from statefiles.atomic import append_nonblocking
from statefiles.markers import now_iso
from statefiles.playbook import resolve_active
from workflow.subagent_reply import stop_verdicts, verdict_lines

NAME = "review-ledger"
ADVISORY = True


def parse_reviews(message: str) -> list:
    """``[(plan_rel, verdict, reason), ...]`` from a reviewer's final message,
    one per plan, FAIL winning over PASS for the same plan (the line format:
    :func:`workflow.subagent_reply.verdict_lines`); a subject that is not a
    ``…plan.json`` path is passed over."""
    return verdict_lines(message, "REVIEW:", _plan_subject)


def _plan_subject(word: str) -> str | None:
    plan = word.removeprefix("./")
    return plan if plan.endswith("plan.json") else None


def _record(root: str, records: list, passed: list, branch) -> None:
    from statefiles import bookkeeping  # lazy: plan.json bookkeeping only for a reviewer's verdict

    path = layout.join(root, bookkeeping.REVIEW_LEDGER)
    append_nonblocking(path, "".join(fastjson.dumps(r) + "\n" for r in records)
                       .encode("utf-8", "backslashreplace"))
    report = None
    for plan_rel in passed:
        report = bookkeeping.record_review(root, plan_rel, branch)
    if report is None:
        failed = [r for r in records if r["verdict"] == "FAIL"]
        report = {"agent": "reviewer", "verdict": "FAIL", "plan": failed[0]["plan"],
                  "reason": failed[0]["reason"]} if failed else None
    if report is not None:
        bookkeeping.save_report(root, report)


def _working_plan(ctx, plan: str) -> str | None:
    """``plan`` as the repo-relative plan.json of a working playbook, or ``None``."""
    rel, _error = resolve_active(ctx.root, plan)
    return rel


def check(ctx: Context) -> Verdict:
    """SubagentStop of a reviewer: ALLOWED with an ``always`` effect that
    appends its verdicts to the review ledger and applies a PASS
    (:func:`statefiles.bookkeeping.record_review`); WARN when its final
    message holds no ``REVIEW:`` line; ALLOWED for any other subagent. Never
    blocks (seed 002 §7)."""
    read = stop_verdicts(ctx, "reviewer", "REVIEW:", _plan_subject)
    if read is None:
        return ALLOWED
    reviews, malformed = read
    if malformed is not None:
        return warn(ctx.say("review_ledger.malformed", line=malformed))
    if not reviews:
        return warn(ctx.say("review_ledger.no_verdict"))
    hook = ctx.hook
    stamp = now_iso()
    records, passed = [], []
    for plan, verdict, reason in reviews:
        rel = _working_plan(ctx, plan)
        records.append({"ts": stamp, "session_id": hook.session_id, "agent_id": hook.agent_id,
                        "plan": rel or plan, "verdict": verdict, "reason": reason})
        if verdict == "PASS" and rel:
            passed.append(rel)
    return allow(effects=(Effect(_record, ctx.root, records, passed, ctx.branch, when="always",
                                 label="record the review"),))
