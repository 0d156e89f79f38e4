"""SubagentStop event unit (SPEC §3 "Stop and SubagentStop"; seed 002 §7, §11.5).

What a subagent's stop may be blocked for (decided in issue 4):

* never for subtasks that are merely *not done yet*: a critic, reviewer or
  worker subagent finishing while the playbook is unfinished is the normal
  course of the work, and blocking it would only loop;
* never for a **read-only** subagent (critic, reviewer, prompt-analyzer,
  executor-resolver, coderabbit-delegate and Claude Code's Explore/Plan,
  ``workflow.reward.READ_ONLY_AGENTS``): it cannot act on any reason;
* for **evidence fraud** (a subtask or phase marked done without the
  critic's evidence, a critic PASS without evidence) in a subagent that can
  write: it is the one that could have written it and can set it back, and
  seed 002 §11.5 forbids subagents to update progress.json anyway;
* for a pending **post-loop** (SPEC §3): the subagent is told to hand the
  instruction back to the orchestrator.

Blocks go through the same loop guard as Stop, counted per ``agent_id``.

Order: recorders (never block; they must run on every stop, blocked or not)
→ blocking checks → handlers that only make sense when the stop goes through
(the reminder to record the subagent's result in progress.json, and the
archive check — local steps only: SubagentStop can block, so no network I/O
here). A handler that must see *every* stop belongs in RECORDERS.
"""

from __future__ import annotations

from events.stop import loop_guarded

#: Never block; run on every subagent stop.
RECORDERS = (
    "critic_ledger",
    "review_ledger",  # issue 14: the reviewer's verdict, recorded and applied
    "log_subagent",
    "crew_recorder",  # the crew workflow's execution log
)
#: Blocking checks; the first block wins.
CHECKS = (
    "post_loop_pending",
    "completion_check",
    "crew_stop_check",  # the crew workflow: the aggregator's summary tells the truth
)
#: Run when no check blocked.
HANDLERS = (
    "subagent_reminder",
    "archive_playbook",
)

CHAIN = RECORDERS + CHECKS + HANDLERS


def chain(ctx) -> tuple:
    """The guards run for every SubagentStop event, in order: :data:`CHAIN`, a tuple
    of module names under ``guards/`` (``ctx`` is not consulted)."""
    return CHAIN


def run(ctx):
    """As :func:`events.stop.run`, for a subagent's stop (the loop guard
    counts its blocks per ``agent_id``)."""
    return loop_guarded(ctx, chain(ctx))
