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
    late = report.get("timed_out")
    if late:
        parts.append(say(ctx, "session_report.timed_out", detail=_slow_git(late, ctx)))
    if not parts:
        return None
    return say(ctx, "session_report.last_end", ended_at=report.get("ended_at") or "?",
               parts="; ".join(parts))


def _slow_git(late, ctx) -> str:
    """What ran out of time at SessionEnd: ``{"git": [commands], "seconds": s}``
    said in ``ctx``'s language (a report written before was its English
    sentence, shown as it is)."""
    if not isinstance(late, dict):
        return str(late)
    names = [str(n) for n in late.get("git") or []] if isinstance(late.get("git"), list) else []
    seconds = late.get("seconds")
    seconds = f"{seconds:g}" if isinstance(seconds, (int, float)) else "?"
    return say(ctx, "session_report.git_slow", commands=say(ctx, "session_report.and").join(
        names) or "?", seconds=seconds)


#: Seconds the archive's local steps may take when SessionStart resumes them
#: (SessionStart is registered with 10 s; no network I/O here).
RESUME_BUDGET_S = 4.0


def resume_archive(root: str, lang: str = "en") -> None:
    """Resume an archive that died or failed in an earlier session: its local
    steps, within :data:`RESUME_BUDGET_S` (the git part waits for the
    post-loop handler, which the note names)."""
    from workflow.archive import run as engine  # lazy: only with an unfinished archive

    engine.run(root, network=False, budget_s=RESUME_BUDGET_S, lang=lang)


def archive_due(root: str, plan_rel: str, branch, lang: str = "en") -> None:
    """Archive the playbook ``plan_rel`` an earlier session left complete
    with the critic's PASS but never archived (the archive state ``due``):
    its local steps, within :data:`RESUME_BUDGET_S`, as the PostToolUse that
    should have done it would have (the engine re-checks, under its lock,
    that the playbook is still complete). The git part waits for the
    post-loop handler, which the note names."""
    from statefiles.playbook import Playbook  # lazy: only with a due archive
    from workflow.archive import run as engine

    engine.run(root, playbook=Playbook(root, plan_rel), branch=branch, network=False,
               budget_s=RESUME_BUDGET_S, lang=lang)


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
            # The session that left it ended (the loop guard let it go): its
            # local steps resume now; the handler finishes the rest.
            effects.append(Effect(resume_archive, ctx.root, ctx.language, when="always",
                                  label="resume the archive"))
        elif not pending or stale:
            if cp.get("status") == archive.PARTIAL:
                notes.append(ctx.say("session_report.archive_partial", id=cp.get("id"),
                                     archive=cp.get("archive"),
                                     message=archive.message_of(cp)))
            effects.append(Effect(archive.close, ctx.root, when="always",
                                  label="close finished archive checkpoint"))
    elif not markers.exists(layout.POST_LOOP_PENDING):
        # lazy: the archive state only at session start, without a checkpoint
        from workflow.archive.state import is_due

        if is_due(ctx):
            # The session that left it ended (the loop guard let it go):
            # archived now, as the archive state's other cases are resumed.
            notes.append(ctx.say("session_report.archive_due", id=ctx.playbook.id,
                                 command=handler_command(ctx)))
            effects.append(Effect(archive_due, ctx.root, ctx.playbook.plan_rel, ctx.branch,
                                  ctx.language, when="always", label="resume the archive"))
    if not notes:
        return allow(effects=tuple(effects))
    return warn("\n".join(notes), effects=tuple(effects))
