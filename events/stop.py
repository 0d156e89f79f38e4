"""Stop event unit (SPEC §3 "Stop and SubagentStop"; seed 002 §6.5).

When Claude ends its turn: a pending post-loop blocks, then completion-check
blocks while the active playbook is unfinished or holds a done without its
evidence; a turn that ends gives the user stop-summary's ``systemMessage``
(where the work stands, what is left). Every block goes through the loop guard
(:func:`guards.stop_loop_guard.apply`) so that a session can always end: after
``config.stop_block_limit`` consecutive blocks, or when ``stop_hook_active``
is set and nothing changed, the stop passes with a ``systemMessage`` naming
what was left. While the agent waits for the user after a compaction
(``config.after_compact: wait``, seed 003 §13) nothing blocks the stop:
compact-wait turns a block into a ``systemMessage`` naming the due step for
the user.
"""

from __future__ import annotations

from events.runtime import load_guard, run_chain

#: Outcome guards (:class:`events.guard.OutcomeGuard`) the chain's outcome
#: passes through, in order, by module name under ``guards/`` like the chain:
#: an event unit never imports a guard module.
OUTCOME_GUARDS = ("stop_loop_guard",)
#: While the session waits for the user after a compaction
#: (``config.after_compact: wait``), this guard takes the loop guard's place:
#: it never blocks and names the block for the user instead.
WAIT_GUARD = "compact_wait"

#: Blocking checks, in order; the first block wins. Then, when nothing
#: blocked, the user's summary (seed 004 [6]; a systemMessage).
CHAIN = (
    "breezing_stops",  # seed 001: the range confirmation shown (breezing only; never blocks)
    "post_loop_pending",
    "completion_check",
    "stop_summary",
)


def chain(ctx) -> tuple:
    """The guards run for every Stop event, in order: :data:`CHAIN`, a tuple
    of module names under ``guards/`` (``ctx`` is not consulted)."""
    return CHAIN


def run(ctx):
    """The Stop outcome (``events.render.Outcome``): :data:`CHAIN` run in
    order, its block passed through the loop guard (:func:`loop_guarded`) —
    or, while the session waits for the user after a compaction
    (:data:`WAIT_GUARD`'s ``waiting``, seed 003 §13), through
    its ``for_user``, which never blocks and names the
    block for the user instead."""
    wait = load_guard(WAIT_GUARD)
    if wait.waiting(ctx):
        return wait.for_user(ctx, run_chain(ctx, chain(ctx)))
    return loop_guarded(ctx, chain(ctx))


def loop_guarded(ctx, names: tuple):
    """Run the guards ``names`` in order and pass the outcome through
    :data:`OUTCOME_GUARDS` (the loop guard, ``guards/stop_loop_guard.py``), so that a session can always
    end (SPEC §3 "Stop and SubagentStop"). Shared by Stop and SubagentStop."""
    outcome = run_chain(ctx, names)
    for name in OUTCOME_GUARDS:
        outcome = load_guard(name).apply(ctx, outcome)
    return outcome
