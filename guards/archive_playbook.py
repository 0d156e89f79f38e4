"""archive-playbook (PostToolUse after an edit; SubagentStop's archive check;
SPEC §3; seed 002 §6, §11.5 "playbook 完了時", §11.7).

A handler, not a gate: when an edit to the active playbook's progress.json or
plan.json (PostToolUse) or a subagent's stop (SubagentStop) finds the
playbook complete (:func:`statefiles.completion.missing`: every phase and
subtask done with the critic's evidence, ``critic.status == PASS``, final
tasks done or skipped), it runs the archive engine
(:mod:`workflow.archive`) and reports what happened; its message depends on
the outcome, so it calls the engine itself instead of returning an Effect.
It also resumes an archive whose process died (checkpoint ``running``) or
whose local step failed, on any PostToolUse.

SubagentStop is a gating event: it runs the local steps only; push and the
pull request wait for the post-loop handler (no network I/O on a gating
path). The cleanup of the playbook's ``tmp/`` is the engine's first step.

Fast path (every edit): nothing beyond the playbook files the context has
already read, and one ``stat`` of the checkpoint.
"""

from __future__ import annotations

import os

from events.context import Context
from events.inputs import AGENT_TOOLS
from events.verdict import ALLOWED, Verdict, warn
from statefiles import layout

NAME = "archive-playbook"
ADVISORY = True

#: Seconds the engine may spend (PostToolUse is registered with 60 s).
BUDGET_S = 40.0


def _candidate(ctx):
    """The active playbook when this call may have completed it: an edit of
    its files, a subagent's stop, or the end of an Agent call (the critic's
    SubagentStop records its PASS after that stop's own checks ran)."""
    pb = ctx.playbook
    if pb is None or pb.errors:
        return None
    if ctx.event == "SubagentStop":
        return pb
    if ctx.event == "PostToolUse" and ctx.hook.tool_name in AGENT_TOOLS:
        return pb
    if ctx.event == "PostToolUse" and ctx.hook.is_edit_tool:
        target = ctx.target
        if target is not None and target.rel in (pb.plan_rel, pb.progress_rel):
            return pb
    return None


def _ledger(ctx, pb):
    """The critic ledger's verdicts when a recorded run is required (the
    default), else ``None``."""
    # lazy: the critic ledger only once every field says complete
    from workflow.reward.ledger import ledger_verdicts, require_critic_run

    return ledger_verdicts(ctx.root, pb.plan_rel) if require_critic_run(ctx) else None


def _resumable(ctx) -> bool:
    if not os.path.exists(ctx.path(layout.ARCHIVE_CHECKPOINT)):
        return False
    from statefiles import checkpoint  # lazy: the checkpoint reader only when one may exist

    cp = checkpoint.load_checkpoint(ctx.root)
    return cp is not None and cp.get("status") in (checkpoint.RUNNING, checkpoint.FAILED)


def check(ctx: Context) -> Verdict:
    """PostToolUse/SubagentStop: run the archive engine when the active playbook
    is complete or an archive can be resumed, and WARN with its report; WARN
    about gaps when every status says done but evidence is missing (PostToolUse);
    else ALLOWED (SPEC §3; seed 002 §11.5, §11.7). Never blocks."""
    pb = _candidate(ctx)
    complete = False
    if pb is not None:
        from statefiles import completion  # lazy: only when a playbook may be complete

        first = completion.missing(pb, first_only=True)
        # The ledger is read only once the fields say complete (every edit
        # passes here while work is open).
        ledger = _ledger(ctx, pb) if not first else None
        if ledger is not None:
            first = completion.missing(pb, first_only=True, ledger=ledger)
        complete = not first
        if not complete and ctx.event == "PostToolUse" and completion.statuses_all_done(pb):
            from messages import Text  # lazy: this warning only

            gaps = completion.missing(pb, ledger=_ledger(ctx, pb), texts=True)
            return warn(ctx.say("archive_playbook.incomplete", plan=pb.plan_rel,
                                gaps=Text.join("; ", gaps[:8])))
    if not complete and not _resumable(ctx):
        return ALLOWED
    # lazy: the archive engine only when there is something to archive
    from workflow.archive import run as archive

    result = archive.run(ctx.root, playbook=pb if complete else None, branch=ctx.branch,
                         network=ctx.event == "PostToolUse", budget_s=BUDGET_S,
                         lang=ctx.language)
    if result is None or result.status == "busy":
        return ALLOWED
    return warn(result.message)
