"""UserPromptSubmit event unit (SPEC §3; seed 002 §2; seed 004 [2]).

Every handler here is advisory: a prompt is never blocked on heuristics.
Order: the reply to a waiting understanding check first (it may clear the
consent marker), then the state summary, then the reading of the prompt as a
work request (golden-path start or out-of-scope warning), then the reminder
for a background subagent's result arriving as a task notification.
"""

from __future__ import annotations

CHAIN = (
    "compact_wait",  # the user has spoken: a wait after a compaction ends (seed 003 §13)
    "prompt_consent",
    "prompt_state",
    "prompt_work_request",
    "subagent_reminder",
    "breezing_prompt",  # seed 001: /breezing, its abort, the range confirmation's answer
    "breezing_signals",  # SPEC §6: inject unconsumed team signals
    "crew_reminder",  # the crew workflow: a background agent's recorded result
    "crew_recorder",  # the crew workflow: the proposal ids the user's answer names
)


def chain(ctx) -> tuple:
    """The guards run for every UserPromptSubmit event, in order: :data:`CHAIN`, a tuple
    of module names under ``guards/`` (``ctx`` is not consulted)."""
    return CHAIN
