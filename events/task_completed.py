"""TaskCompleted event unit (SPEC §6; seed 001). Never blocks: exit 2 on this event
would stop the task from completing, so every guard here is advisory and the
renderer turns anything else into a systemMessage."""

from __future__ import annotations

#: breezing-timeline also keeps the breezing session's completed tasks (and
#: who completed them) for the task ledger, in the one locked write it makes.
CHAIN = ("breezing_timeline",)


def chain(ctx) -> tuple:
    """The guards run for every TaskCompleted event, in order: :data:`CHAIN`, a tuple
    of module names under ``guards/`` (``ctx`` is not consulted)."""
    return CHAIN
