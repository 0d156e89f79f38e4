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

from events.verdict import Effect, allow, warn
from guards._lifecycle import HANDLER_CMD
from statefiles import layout

NAME = "session-report"
ADVISORY = True


def describe_end(report: dict) -> str | None:
    """One paragraph about a SessionEnd report, or ``None`` if it found nothing."""
    parts = []
    changed = report.get("changed") or 0
    untracked = report.get("untracked") or 0
    sample = report.get("sample") or []
    if changed or untracked:
        what = []
        if changed:
            what.append(f"{changed} changed file(s)")
        if untracked:
            what.append(f"{untracked} untracked")
        parts.append(" and ".join(what) + " not committed"
                     + (f" (e.g. {', '.join(sample[:5])})" if sample else ""))
    if report.get("ahead"):
        parts.append(f"{report['ahead']} commit(s) on {report.get('branch') or 'the branch'} not "
                     f"pushed to {report.get('upstream') or 'its upstream'}")
    elif report.get("unpushed"):
        parts.append(f"{report['unpushed']} commit(s) on {report.get('branch') or 'the branch'} "
                     "that are on no remote")
    if report.get("timed_out"):
        parts.append("(the check ran out of time: " + str(report["timed_out"]) + ")")
    if not parts:
        return None
    return (f"When the last session ended ({report.get('ended_at') or '?'}) there were "
            + "; ".join(parts) + ". Check with `git status` and tell the user before you build "
            "on it; commit or push only as the playbook and the user want.")


def check(ctx):
    markers = ctx.markers
    notes, effects = [], []
    report = markers.read_json(layout.SESSION_END_REPORT)
    if report is not None:
        text = describe_end(report) if isinstance(report, dict) else None
        if text:
            notes.append(text)
        effects.append(Effect(markers.remove, layout.SESSION_END_REPORT, when="always",
                              label="consume session-end report"))
    if os.path.exists(ctx.path(layout.ARCHIVE_CHECKPOINT)):
        from statefiles import archive

        cp = archive.load_checkpoint(ctx.root)
        pending = markers.exists(layout.POST_LOOP_PENDING)
        stale = ctx.hook.source in ("startup", "clear")
        if cp is None:
            effects.append(Effect(archive.close, ctx.root, when="always",
                                  label="remove unreadable archive checkpoint"))
        elif cp.get("status") in (archive.RUNNING, archive.FAILED):
            notes.append(f"The archive of playbook {cp.get('id')} did not finish "
                         f"({cp.get('status')}): {cp.get('message') or 'interrupted'}. It resumes "
                         f"on the next edit, or run `{HANDLER_CMD}`.")
        elif not pending or stale:
            if cp.get("status") == archive.PARTIAL:
                notes.append(f"Playbook {cp.get('id')} was archived to {cp.get('archive')}/ but "
                             f"its git steps stopped: {cp.get('message')} Do the rest by hand if "
                             "the user wants it (commit, push, pull request).")
            effects.append(Effect(archive.close, ctx.root, when="always",
                                  label="close finished archive checkpoint"))
    if not notes:
        return allow(effects=tuple(effects))
    return warn("\n".join(notes), effects=tuple(effects))
