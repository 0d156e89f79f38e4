"""SessionStart event unit (SPEC §3 SessionStart)."""

from __future__ import annotations

CHAIN = (
    "session_start",
    "agent_definitions_audit",  # SPEC §6: warn about agent files that break seed 003
)


def chain(ctx) -> tuple:
    return CHAIN
