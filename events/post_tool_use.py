"""PostToolUse event unit (SPEC §3 PostToolUse; seed 002 §6; seed 004 [5]).

Registered for Edit|Write|MultiEdit|NotebookEdit|Task|Agent|Bash|TaskCreate|TaskUpdate
(Bash for critic-commands only: the exit status of a critic's commands;
TaskCreate/TaskUpdate for breezing's task ledger). Nothing here
blocks (the tool already ran).

* After an edit tool: progress-reminder, then archive-playbook (archives a
  playbook the edit completed — its first step is the cleanup of the
  playbook's ``tmp/`` — or resumes an interrupted archive).
* After Task/Agent: log-subagent, the result reminder, and archive-playbook's
  resume check.
"""

from __future__ import annotations

from events.inputs import AGENT_TOOLS, EDIT_TOOLS

EDIT_CHAIN = (
    "progress_reminder",
    "archive_playbook",
    "breezing_record",  # seed 001: the lead's active file, the team's code changes
    "crew_recorder",  # the crew workflow: a summary the parent wrote may close its cmd
)

AGENT_CHAIN = (
    "log_subagent",
    "subagent_reminder",
    "archive_playbook",
    "breezing_record",  # seed 001: the started agent's id, the reviewer's verdict for the lead
    "crew_recorder",  # the crew workflow: the Agent call's link to its subagent
    "crew_reminder",  # the crew workflow: what was recorded, and the next step
)

OTHER_CHAIN = (
    "archive_playbook",
    "breezing_record",  # seed 001: TaskCreate/TaskUpdate into the task ledger
)
#: Bash is registered for the critic's evidence only (critic-commands).
BASH_CHAIN = (
    "critic_commands",
)


def chain(ctx) -> tuple:
    """The guards (module names under ``guards/``) run after the tool call
    ``ctx.hook``: :data:`EDIT_CHAIN` after an edit tool, :data:`AGENT_CHAIN`
    after Task/Agent, :data:`BASH_CHAIN` after Bash (a critic's command),
    :data:`OTHER_CHAIN` otherwise (SPEC §3 PostToolUse)."""
    tool = ctx.hook.tool_name
    if tool == "Bash":
        return BASH_CHAIN
    if tool in EDIT_TOOLS:
        return EDIT_CHAIN
    if tool in AGENT_TOOLS:
        return AGENT_CHAIN
    return OTHER_CHAIN
