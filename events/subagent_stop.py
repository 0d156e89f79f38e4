"""SubagentStop event unit (SPEC §3 "Stop and SubagentStop"; seed 002 §7, §11.5).

What a subagent's stop may be blocked for:

* never for subtasks that are merely *not done yet*: a critic, reviewer or
  worker subagent finishing while the playbook is unfinished is the normal
  course of the work, and blocking it would only loop;
* never for a **read-only** subagent (critic, reviewer, prompt-analyzer,
  executor-resolver, coderabbit-delegate and Claude Code's Explore/Plan,
  ``workflow.reward.stops.READ_ONLY_AGENTS``): it cannot act on any reason;
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

**The latest verdict wins**: the recorders' effects (the critic's and the
reviewer's verdicts in their ledgers, and what they change in the playbook)
are applied *before* the checks and handlers run, and those read the state
afresh (a new :class:`events.context.Context`). So a ``CRITIC: FAIL p1.1``
after an earlier PASS is in the ledger when the archive check asks whether
the playbook is complete.
"""

from __future__ import annotations

from events import stop
from events.context import Context
from events.runtime import apply_effects, run_chain
from events.verdict import Verdict

#: Never block; run on every subagent stop.
RECORDERS = (
    "critic_ledger",
    "review_ledger",  # the reviewer's verdict, recorded and applied
    "sdd_verdict",  # seed 003 Spec 7: a sync-sdd auditor's verdict.cpf, kept by the hooks
    "breezing_stops",  # seed 001: the breezing reviewer's verdict (breezing only)
    "log_subagent",
    "crew_recorder",  # the crew workflow's execution log
)
#: Blocking checks; the first block wins.
CHECKS = (
    "post_loop_pending",
    "completion_check",
    "sdd_reply",  # seed 003 Spec 11: an inspector/auditor replies only WRITTEN:{path}
    "crew_stop_check",  # the crew workflow: the aggregator's summary tells the truth
)
#: Run when no check blocked.
HANDLERS = (
    "subagent_reminder",
    "archive_playbook",
)

CHAIN = RECORDERS + CHECKS + HANDLERS
#: The loop guard, as for Stop (:data:`events.stop.OUTCOME_GUARDS`).
OUTCOME_GUARDS = stop.OUTCOME_GUARDS


def chain(ctx) -> tuple:
    """The guards run for every SubagentStop event, in order: :data:`CHAIN`, a tuple
    of module names under ``guards/`` (``ctx`` is not consulted)."""
    return CHAIN


def run(ctx):
    """As :func:`events.stop.run`, for a subagent's stop (the loop guard
    counts its blocks per ``agent_id``), with the recorders' effects applied
    first and the rest of the chain reading the state they left (the latest
    verdict wins; see the module docstring)."""
    recorded = run_chain(ctx, RECORDERS)
    if not getattr(ctx, "apply", True):
        # A dry run (explain, replay): nothing is written, the chain as one.
        outcome = stop.loop_guarded(ctx, CHECKS + HANDLERS)
        outcome.trace[:0] = recorded.trace
        outcome.warnings[:0] = recorded.warnings
        return outcome
    apply_effects(ctx, recorded)
    fresh = Context(ctx.hook, root=ctx.root, env=ctx.env)
    fresh.apply = True
    outcome = stop.loop_guarded(fresh, CHECKS + HANDLERS)
    # Applied already: kept in the trace (the decision log) without effects.
    done = [(name, Verdict(v.kind, v.message, guard=v.guard, context=v.context))
            for name, v in recorded.trace]
    outcome.trace[:0] = done
    outcome.warnings[:0] = recorded.warnings
    return outcome
