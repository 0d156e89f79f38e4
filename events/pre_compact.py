"""PreCompact event unit (SPEC §3). Its chain comes with a later issue; until then the
entrypoint validates the input and exits cleanly."""

from __future__ import annotations

CHAIN = ()


def chain(ctx) -> tuple:
    return CHAIN
