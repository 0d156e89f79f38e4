"""breezing-stops (Stop, SubagentStop; seed 001 Step 2, "APPROVE ファストパス",
"リテイクループ"; docs/breezing.md).

Two stops matter to a breezing session, and the hooks record both from the
stop itself, so neither can be typed by the lead:

* **The reviewer's own stop** (SubagentStop of the agent whose role is the
  work checker: ``code-reviewer``, or a teammate the hooks saw started as
  one). Its closing verdict block — ``CODE-REVIEW: PASS <session_id>``
  (APPROVE) or ``CODE-REVIEW: FAIL <session_id> - <findings>`` (REQUEST
  CHANGES), read by the suite's one verdict grammar — is written to
  ``.claude/state/review-result.json`` with HEAD's commit (seed 001's fast
  path compares it with HEAD). An APPROVE given while every task of the
  ledger is completed and no implementer changed code after the review
  began ends the delegate phase (``post-delegate``); a request for changes
  counts a retake, and past three retakes the lead must ask the user
  (``hooks.escalated``: the gate refuses new tasks and implementers until
  the user's next prompt).
* **The lead's stop** showing the range confirmation (``🏇 Breezing - 範囲を
  確認させてください`` / ``🏇 Breezing - confirm the range``) in the
  prepare phase: the user's next prompt answers it (breezing-prompt).

Never blocks a stop (advisory): the reviewer has no write tools, and the
lead's turn ends whenever it waits for its team.
"""

from __future__ import annotations

import os

from events.context import Context
from events.verdict import ALLOWED, Effect, Verdict, allow
from statefiles import layout
from workflow import breezing as bz
from workflow import team

NAME = "breezing-stops"
ADVISORY = True


def check(ctx: Context) -> Verdict:
    """Stop / SubagentStop while a breezing session runs: effects recording
    the reviewer's verdict or the range confirmation shown; ALLOWED."""
    if not os.path.lexists(layout.join(ctx.root, team.ACTIVE)):
        return ALLOWED
    from statefiles import breezing, breezing_team  # lazy: only while a team session runs

    active = breezing.load_active(ctx.root)
    if active is None or active.data is None or not active.session_id:
        return ALLOWED
    hook = ctx.hook
    message = hook.raw.get("last_assistant_message")
    message = message if isinstance(message, str) else ""
    session = active.session_id
    if ctx.event == "Stop":
        hooks = breezing_team.hooks_of(active.data)
        if (breezing_team.phase_of(active.data) == breezing_team.PREPARE
                and not hooks.get("confirmed_at") and bz.shows_confirmation(message)):
            excerpt = message[message.find(bz.CONFIRMATION_MARK):][:300]
            return allow(effects=(Effect(breezing_team.record_confirmation_shown, ctx.root,
                                         excerpt, when="always",
                                         label="record the range confirmation shown"),))
        return ALLOWED
    progress = breezing_team.load_progress(ctx.root, session)
    role, name = bz.role_of(hook, progress)
    if role != bz.WORK_CHECKER:
        return ALLOWED
    verdict, reason = bz.review_verdict(message, session)
    if verdict is None:
        return ALLOWED
    return allow(effects=(Effect(reviewed, ctx.root, session, verdict, reason,
                                 name or hook.agent_type, when="always",
                                 label="record the reviewer's verdict"),))


def _number(value):
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def covers(progress: dict) -> bool:
    """Whether the review that began last covers the team's last code change:
    there is none, or it was marked before the review began. The marks'
    numbers (``<mark>_seq``, guards/breezing_record.py) order them; a ledger
    without them is ordered by the times, where a tie is not covered (the
    change may have come after)."""
    changed_seq = _number(progress.get("last_code_change_at_seq"))
    began_seq = _number(progress.get("review_started_at_seq"))
    changed = _number(progress.get("last_code_change_at"))
    began = _number(progress.get("review_started_at"))
    if progress.get("last_code_change_at") is None and progress.get(
            "last_code_change_at_seq") is None:
        return True  # (a mark that is not a number is a change of unknown time)
    if changed_seq is not None and began_seq is not None:
        return changed_seq < began_seq
    return changed is not None and began is not None and changed < began


def reviewed(root: str, session: str, verdict: str, reason: str, reviewer: str) -> dict:
    """Record the reviewer's ``verdict`` (review-result.json, the ledger) and
    move the lead's phase: ``post-delegate`` on an APPROVE that covers every
    task and the last code change, ``escalated`` past the retakes. Returns
    the review-result record."""
    from statefiles import breezing_team as bt  # lazy: a reviewer's stop only

    progress = bt.load_progress(root, session)
    covered = covers(progress)
    record = bt.record_review(root, session, verdict, reason=reason, reviewer=reviewer,
                              head=_head(root), stale=not covered)
    if verdict == bt.APPROVE:
        if not record["open_tasks"] and covered:
            bt.set_phase(root, bt.POST_DELEGATE, "APPROVE recorded")
    elif record["retakes"] > bt.MAX_RETAKES:
        def escalate(data, hooks):
            hooks["escalated"] = record["retakes"]
            return hooks

        bt.update_hooks(root, escalate)
    return record


def _head(root: str) -> str | None:
    """HEAD's commit (``git rev-parse HEAD``, bounded), ``None`` without one."""
    from statefiles import gitwork  # lazy: subprocess, a reviewer's stop only

    run = gitwork.git(root, "rev-parse", "--verify", "-q", "HEAD", timeout=5.0)
    sha = run.out.strip() if run.code == 0 else ""
    return sha if len(sha) >= 40 and all(c in "0123456789abcdef" for c in sha) else None
