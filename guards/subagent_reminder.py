"""subagent-reminder (SubagentStop, PostToolUse Task/Agent, UserPromptSubmit
task notifications; SPEC §3 SubagentStop; seed 002 §11.5 "SubagentStop 後の
リマインダー").

Subagents never update progress.json (seed 002 §11.5). When a subagent's
result reaches Claude, it is told what happened and what comes next, by the
kind of subagent:

* reviewer and critic → what playgate recorded from their verdict lines at
  SubagentStop (:mod:`guards.review_ledger`, :mod:`guards.critic_ledger`,
  :mod:`statefiles.bookkeeping`): the review and the activation,
  the subtasks done, the playbook PASS — or, on FAIL, the reason and the
  retry; the orchestrator does not type those fields itself;
* pm → have the reviewer review the new playbook;
* prompt-analyzer / executor-resolver → use the analysis / record the executor;
* any other (codex-delegate, general-purpose...) with a playbook active → the
  active subtask's progress.

Where the result reaches the orchestrator decides the channel: a synchronous
Task/Agent call returns it in PostToolUse (additionalContext); a background
one returns it as a ``<task-notification>`` prompt (UserPromptSubmit,
additionalContext); SubagentStop's message is shown to the user
(``systemMessage``: SubagentStop has no additionalContext).
"""

from __future__ import annotations

import os

from events.context import Context
from events.inputs import AGENT_TOOLS
from events.verdict import ALLOWED, Effect, Verdict, warn
from statefiles import layout

NAME = "subagent-reminder"
ADVISORY = True

#: Claude Code's own read-only helpers: nothing to record.
SILENT = frozenset({"explore", "plan", "statusline-setup", "output-style-setup",
                    "claude-code-guide"})


def _kind(agent_type: str) -> str:
    return agent_type.rsplit(":", 1)[-1].strip().lower() if agent_type else ""


def _listing(items) -> str:
    return ", ".join(str(i) for i in items)


def reviewer_message(ctx, report: dict | None) -> str:
    """What playgate recorded from the reviewer's verdict (``report`` from
    :func:`statefiles.bookkeeping.record_review`, or ``None``)."""
    if not report:
        return ctx.say("subagent_reminder.reviewer_none")
    plan = report.get("plan") or "plan.json"
    if report.get("verdict") == "FAIL":
        return ctx.say("subagent_reminder.reviewer_fail", plan=plan,
                       reason=report.get("reason") or "-")
    if report.get("error"):
        return ctx.say("subagent_reminder.reviewer_error", plan=plan, error=report["error"])
    if not report.get("activated"):
        why = _kept(report.get("why_not_text"), report.get("why_not") or "-")
        return ctx.say("subagent_reminder.reviewer_inactive", plan=plan, why=why)
    return ctx.say("subagent_reminder.reviewer_active", plan=plan,
                   progress=plan.rsplit("/", 1)[0] + "/progress.json",
                   subtask=report.get("subtask") or "-",
                   criterion=report.get("criterion") or "-") + _checks(ctx, report)


def _checks(ctx, report: dict) -> str:
    """What the critic will judge the subtask against (its
    ``validation_plan``), so the evidence is recorded for those checks."""
    checks = report.get("checks")
    return ctx.say("subagent_reminder.checks", checks=checks) if checks else ""


def _kept(value, english=None):
    """A message the report keeps as JSON (``messages.Text.to_json``) back as
    a ``Text``, told in the reader's language. When it is not one (a report
    we did not write): ``english`` when given, else the value's own English
    (a damaged text's ``"en"``) or its string."""
    if isinstance(value, dict):
        from messages import Text  # lazy: only for a report that names a problem

        try:
            return Text.from_json(value)
        except ValueError:
            pass
    if english is not None:
        return english
    return str(value.get("en") or value) if isinstance(value, dict) else str(value)


def critic_message(ctx, report: dict | None, progress: str) -> str:
    """What playgate recorded from the critic's verdicts (``report`` from
    :func:`statefiles.bookkeeping.apply_critic`, or ``None``)."""
    if not report:
        return ctx.say("subagent_reminder.critic_none", progress=progress)
    if report.get("error"):
        return ctx.say("subagent_reminder.critic_error", error=report["error"])
    parts = []
    if report.get("done"):
        parts.append(ctx.say("subagent_reminder.critic_done", subtasks=_listing(report["done"])))
    if report.get("phases_done"):
        parts.append(ctx.say("subagent_reminder.critic_phases",
                             phases=_listing(report["phases_done"])))
    if report.get("playbook") == "PASS":
        parts.append(ctx.say("subagent_reminder.critic_playbook"))
    for sid, gaps in (report.get("not_done") or {}).items():
        parts.append(ctx.say("subagent_reminder.critic_not_done", subtask=sid,
                             gaps="; ".join(ctx.render(_kept(g)) for g in gaps[:3]),
                             progress=progress))
    for ident, reason in (report.get("failed") or {}).items():
        parts.append(ctx.say("subagent_reminder.critic_failed", subtask=ident,
                             reason=reason or "-"))
    if report.get("playbook_open"):
        parts.append(ctx.say("subagent_reminder.critic_playbook_open",
                             subtasks=_listing(report["playbook_open"])))
    nxt = report.get("next")
    if report.get("failed") or report.get("not_done"):
        parts.append(ctx.say("subagent_reminder.critic_retry"))
    elif nxt:
        parts.append(ctx.say("subagent_reminder.critic_next", subtask=nxt[1],
                             criterion=report.get("criterion") or "-") + _checks(ctx, report))
    elif report.get("playbook") != "PASS":
        parts.append(ctx.say("subagent_reminder.critic_playbook_next"))
    if not parts:
        return ctx.say("subagent_reminder.critic_none", progress=progress)
    if report.get("archive") and not _archive_resumes(ctx):
        # The archive this stop made; when its git part is still open,
        # archive-playbook continues it after this reminder and says so.
        parts.append(report["archive"])
    return " ".join(parts)


def _archive_resumes(ctx) -> bool:
    if not os.path.exists(ctx.path(layout.ARCHIVE_CHECKPOINT)):
        return False
    from statefiles import checkpoint as archive  # lazy: only when a checkpoint exists

    cp = archive.load_checkpoint(ctx.root)
    return cp is not None and cp.get("status") in (archive.RUNNING, archive.FAILED)


def unreported_message(ctx, kind: str, records: list, progress: str) -> str:
    """The reviewer's or critic's run left no report of what its verdicts
    changed (the note in session-state could not be written), yet its
    ledger holds them (``records``, :func:`workflow.reward.ledger.records_of`):
    say what the ledger holds and where the state is, never "nothing was
    recorded"."""
    verdicts = ", ".join(f"{r.get('verdict')} {r.get('subtask') or r.get('plan') or '?'}"
                         for r in records[-20:])
    if kind == "critic":
        from workflow.reward.ledger import CRITIC_LEDGER  # lazy: a missing report only

        return ctx.say("subagent_reminder.critic_unreported", ledger=CRITIC_LEDGER,
                       verdicts=verdicts, progress=progress)
    from statefiles.bookkeeping import REVIEW_LEDGER  # lazy: a missing report only

    return ctx.say("subagent_reminder.reviewer_unreported", ledger=REVIEW_LEDGER,
                   verdicts=verdicts)


def message(ctx, agent_type: str, report: dict | None = None,
            recorded: list | None = None) -> str | None:
    """The reminder for a finished subagent of ``agent_type``, or ``None``.
    ``report``: the bookkeeping done at its SubagentStop (reviewer, critic);
    ``recorded``: its ledger records when that report is missing."""
    kind = _kind(agent_type)
    if kind in SILENT:
        return None
    pb = ctx.playbook
    progress = pb.progress_rel if pb is not None else "progress.json"
    name = agent_type or "general-purpose"
    if kind in ("critic", "reviewer") and not report and recorded:
        return unreported_message(ctx, kind, recorded, progress)
    if kind == "critic":
        return critic_message(ctx, report, progress)
    if kind == "reviewer":
        return reviewer_message(ctx, report)
    if kind == "pm":
        return ctx.say("subagent_reminder.pm")
    if kind == "prompt-analyzer":
        return ctx.say("subagent_reminder.prompt_analyzer")
    if kind == "executor-resolver":
        return ctx.say("subagent_reminder.executor_resolver")
    if pb is None:
        return None
    sub = pb.active_subtask_id()
    return ctx.say("subagent_reminder.other", name=name, progress=progress,
                   subtask=ctx.say("subagent_reminder.subtask", subtask=sub) if sub else "")


def _async(response) -> bool:
    return isinstance(response, dict) and (bool(response.get("isAsync"))
                                           or response.get("status") == "async_launched")


def _notification(prompt: str) -> tuple:
    """``(agent_id, completed)`` of a ``<task-notification>`` prompt."""
    head = prompt.lstrip()
    if not head.startswith("<task-notification"):
        return None, False

    def field(tag: str) -> str:
        start = head.find(f"<{tag}>")
        end = head.find(f"</{tag}>", start + 1)
        return head[start + len(tag) + 2:end].strip() if start >= 0 and end > start else ""

    return field("task-id") or None, field("status").lower() == "completed"


def _report(ctx, agent_type: str, agent_id=None) -> tuple:
    """``(report, effects, recorded)``: the saved bookkeeping report of a
    reviewer or critic run, the Effect that removes it once shown, and —
    when there is no report — the run ``agent_id``'s records in its ledger
    (:func:`workflow.reward.ledger.records_of`)."""
    kind = _kind(agent_type)
    if kind not in ("reviewer", "critic"):
        return None, (), None
    from statefiles import bookkeeping  # lazy: only after a reviewer's or critic's run

    report = bookkeeping.load_report(ctx.root)
    if report is None or report.get("agent") != kind:
        from workflow.reward.ledger import CRITIC_LEDGER, records_of  # lazy: as above

        ledger = CRITIC_LEDGER if kind == "critic" else bookkeeping.REVIEW_LEDGER
        return None, (), records_of(ctx.root, agent_id, ledger)
    drop = Effect(ctx.markers.remove, bookkeeping.REPORT, when="always",
                  label="consume the verdict report")
    return report, (drop,), None


def check(ctx: Context) -> Verdict:
    """SubagentStop, PostToolUse Task/Agent, a UserPromptSubmit task
    notification: a WARN reminding Claude what to record for the subagent's
    result, by the kind of subagent; else ALLOWED (SPEC §3 SubagentStop;
    seed 002 §11.5)."""
    hook = ctx.hook
    effects = ()
    if ctx.event == "SubagentStop":
        # The bookkeeping of this very stop is applied after its chain; the
        # orchestrator hears about it with the Agent call's result.
        kind = _kind(hook.agent_type)
        if kind in ("reviewer", "critic"):
            return ALLOWED
        text = message(ctx, hook.agent_type)
    elif ctx.event == "PostToolUse":
        if hook.tool_name not in AGENT_TOOLS or _async(hook.tool_response):
            return ALLOWED
        agent_type = str(hook.tool_input.get("subagent_type") or "")
        response = hook.tool_response if isinstance(hook.tool_response, dict) else {}
        report, effects, recorded = _report(ctx, agent_type, response.get("agentId"))
        text = message(ctx, agent_type, report, recorded)
    elif ctx.event == "UserPromptSubmit":
        agent_id, completed = _notification(hook.prompt)
        if not completed:
            return ALLOWED
        from guards.log_subagent import agent_type_of  # lazy: only for a subagent result

        agent_type = agent_type_of(ctx.root, agent_id or "") or ""
        report, effects, recorded = _report(ctx, agent_type, agent_id)
        text = message(ctx, agent_type, report, recorded)
    else:
        return ALLOWED
    return warn(text, effects=effects) if text else ALLOWED
