"""SessionStart event unit (SPEC §3 SessionStart; seed 002 §1, §1.5; seed 004 [1]).

session-start prepares the session (markers, last_start, files to read);
session-health reports repository-map drift and the suite's own health;
compact-resume injects the resume pointer after a compaction; session-report
tells what the last SessionEnd found and any unfinished archive;
active-workflow names a non-default workflow and other workflows' files.
"""

from __future__ import annotations

CHAIN = (
    "session_start",
    "session_health",   # seed 002 §1: repository-map drift and the suite's own health
    "compact_resume",
    "compact_wait",  # seed 003 §13: after a compaction under after_compact: wait, hold the agent
    "session_report",
    "active_workflow",  # WORKFLOWS.md: a non-default workflow, unknown config values, other workflows' files
    "breezing_session",  # seed 001: the breezing session on record, or a stale one
    "agent_definitions_audit",  # SPEC §6: warn about agent files that break seed 003
    "crew_resume",  # the crew workflow: how it starts, and where an open cmd stopped
)


def chain(ctx) -> tuple:
    """The guards run for every SessionStart event, in order: :data:`CHAIN`, a tuple
    of module names under ``guards/`` (``ctx`` is not consulted)."""
    return CHAIN
