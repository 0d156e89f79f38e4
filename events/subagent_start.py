"""SubagentStart event unit (SPEC §1; seed 002 §7 "SubAgent ライフサイクル管理"):
log the start of every subagent."""

from __future__ import annotations

CHAIN = (
    "log_subagent",
    "breezing_record",  # seed 001: when the breezing reviewer's review began (breezing only)
    "crew_recorder",  # the crew workflow: a crew agent's start (crew only)
)


def chain(ctx) -> tuple:
    """The guards run for every SubagentStart event, in order: :data:`CHAIN`, a tuple
    of module names under ``guards/`` (``ctx`` is not consulted)."""
    return CHAIN
