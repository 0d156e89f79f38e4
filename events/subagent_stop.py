"""SubagentStop event unit (SPEC §3 "Stop and SubagentStop"; seed 002 §7, §11.5).

Order: recorders (never block; they must see every stop, blocked or not) →
blocking checks (issue 4: post-loop-pending, completion-check) → handlers
that only make sense when the stop goes through: the reminder to record the
subagent's result in progress.json, and the archive check (local steps only:
SubagentStop can block, so no network I/O here).
"""

from __future__ import annotations

#: Never block; run on every subagent stop.
RECORDERS = (
    "log_subagent",
)
#: Blocking checks; the first block wins.
CHECKS = ()
#: Run when no check blocked.
HANDLERS = (
    "subagent_reminder",
    "archive_playbook",
)

CHAIN = RECORDERS + CHECKS + HANDLERS


def chain(ctx) -> tuple:
    return CHAIN
