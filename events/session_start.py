"""SessionStart event unit (SPEC §3 SessionStart)."""

from __future__ import annotations

CHAIN = ("session_start",)


def chain(ctx) -> tuple:
    return CHAIN
