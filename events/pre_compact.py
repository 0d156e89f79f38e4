"""PreCompact event unit (SPEC §3; seed 002 §1.5): save the resume pointer.
PreCompact can only block, never add context; nothing here blocks."""

from __future__ import annotations

CHAIN = ("resume_pointer",)


def chain(ctx) -> tuple:
    """The guards run for every PreCompact event, in order: :data:`CHAIN`, a tuple
    of module names under ``guards/`` (``ctx`` is not consulted)."""
    return CHAIN
