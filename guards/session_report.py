"""session-report (SessionStart; SPEC §3 SessionEnd; seed 004 [7]).

SessionEnd's output reaches nobody (Claude Code ignores it), so what it found
— uncommitted or unpushed work — is saved to
``.claude/session-state/session-end.json`` and told to Claude here, once, at
the next start. An archive that did not finish is reported too: a crashed or
failed one resumes on the next edit or the post-loop handler; one whose
post-loop never ran (its post-loop-pending is removed as stale at startup) is
reported and closed.
"""

from __future__ import annotations

import os

from events.context import Context
from events.verdict import Effect, Verdict, allow, warn
from messages import say
from statefiles import layout
from workflow.lifecycle import handler_command

NAME = "session-report"
ADVISORY = True


def describe_end(report: dict, ctx=None) -> str | None:
    """One paragraph about a SessionEnd report, or ``None`` if it found nothing.
    ``ctx`` gives the message language (``None``: English)."""
    parts = []
    changed = report.get("changed") or 0
    untracked = report.get("untracked") or 0
    sample = report.get("sample") or []
    if changed or untracked:
        what = []
        if changed:
            what.append(say(ctx, "session_report.changed", count=changed))
        if untracked:
            what.append(say(ctx, "session_report.untracked", count=untracked))
        parts.append(say(ctx, "session_report.not_committed",
                         what=say(ctx, "session_report.and").join(what),
                         sample=say(ctx, "session_report.sample", files=", ".join(sample[:5]))
                         if sample else ""))
    branch = report.get("branch") or say(ctx, "session_report.the_branch")
    if report.get("ahead"):
        parts.append(say(ctx, "session_report.ahead", count=report["ahead"], branch=branch,
                         upstream=report.get("upstream") or say(ctx, "session_report.upstream")))
    elif report.get("unpushed"):
        parts.append(say(ctx, "session_report.unpushed", count=report["unpushed"], branch=branch))
    if report.get("timed_out"):
        parts.append(say(ctx, "session_report.timed_out", detail=str(report["timed_out"])))
    if not parts:
        return None
    return say(ctx, "session_report.last_end", ended_at=report.get("ended_at") or "?",
               parts="; ".join(parts))


def check(ctx: Context) -> Verdict:
    """SessionStart: a WARN with the previous SessionEnd's report (consumed) and
    an unfinished archive, with effects closing what is stale; else ALLOWED
    (SPEC §3 SessionEnd; seed 004 [7])."""
    markers = ctx.markers
    notes, effects = [], []
    report = markers.read_json(layout.SESSION_END_REPORT)
    if report is not None:
        text = describe_end(report, ctx) if isinstance(report, dict) else None
        if text:
            notes.append(text)
        effects.append(Effect(markers.remove, layout.SESSION_END_REPORT, when="always",
                              label="consume session-end report"))
    if os.path.exists(ctx.path(layout.ARCHIVE_CHECKPOINT)):
        from statefiles import checkpoint as archive  # lazy: only when a checkpoint exists

        cp = archive.load_checkpoint(ctx.root)
        pending = markers.exists(layout.POST_LOOP_PENDING)
        stale = ctx.hook.source in ("startup", "clear")
        if cp is None:
            effects.append(Effect(archive.close, ctx.root, when="always",
                                  label="remove unreadable archive checkpoint"))
        elif cp.get("status") in (archive.RUNNING, archive.FAILED):
            message = ctx.render(archive.message_of(cp) or ctx.say("session_report.interrupted"))
            notes.append(ctx.say("session_report.archive_unfinished", id=cp.get("id"),
                                 status=ctx.say(f"session_report.status_{cp.get('status')}"),
                                 # the template ends the sentence itself
                                 message=message.rstrip().rstrip(".。"),
                                 command=handler_command(ctx)))
        elif not pending or stale:
            if cp.get("status") == archive.PARTIAL:
                notes.append(ctx.say("session_report.archive_partial", id=cp.get("id"),
                                     archive=cp.get("archive"),
                                     message=archive.message_of(cp)))
            effects.append(Effect(archive.close, ctx.root, when="always",
                                  label="close finished archive checkpoint"))
    if not notes:
        return allow(effects=tuple(effects))
    return warn("\n".join(notes), effects=tuple(effects))
