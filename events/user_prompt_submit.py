"""UserPromptSubmit event unit (SPEC §3). Its chain comes with a later issue; until then the
entrypoint validates the input and exits cleanly."""

from __future__ import annotations

CHAIN = (
    "breezing_signals",  # SPEC §6: inject unconsumed team signals
)


def chain(ctx) -> tuple:
    return CHAIN
