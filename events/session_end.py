"""SessionEnd event unit (SPEC §3; seed 004 [7]): last_end, uncommitted and
unpushed work, cleanup of ``.session-init/``. All SessionEnd hooks share
1.5 s; the handler bounds its git checks."""

from __future__ import annotations

CHAIN = ("session_end",)


def chain(ctx) -> tuple:
    """The guards run for every SessionEnd event, in order: :data:`CHAIN`, a tuple
    of module names under ``guards/`` (``ctx`` is not consulted)."""
    return CHAIN
