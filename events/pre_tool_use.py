"""PreToolUse event unit: which guards run for which tool, in order (SPEC §3).

The order is the SPEC's; the first BLOCK wins. Names are modules in
``guards/``; a guard module is imported only when its chain runs.
"""

from __future__ import annotations

from events.inputs import AGENT_TOOLS, EDIT_TOOLS

#: Every tool (SPEC §3 "PreToolUse — every tool").
COMMON = (
    "compact_wait",  # seed 003 §13: after a compaction, wait for the user (one stat otherwise)
    "prompt_analyzer_gate",
    "init_guard",
    "main_branch",
    # seed 001 (breezing only): codex mode's limits of the lead, then the
    # lead's phases and the team's roles for every tool
    "codex_lead_guard",
    "breezing_gate",
)

#: Agent and Task: a teammate's name is what its hook calls carry as
#: agent_type, so it may not be an agent type's name.
AGENT_CHAIN = (
    "teammate_name",
)

#: Edit, Write, MultiEdit, NotebookEdit (SPEC §3 "Edit/Write chain").
EDIT_CHAIN = (
    "consent_guard",
    "pending_guard",
    "protected_edit",
    "playbook_guard",
    "depends_check",
    "check_file_dependencies",
    "executor_guard",
    "critic_guard",
    "subtask_guard",
    "phase_status_guard",
    "scope_guard",
    # SPEC §6 team and spec workflows
    "agent_definitions",
    "spec_phase_gate",
)

#: Bash (SPEC §3 "Bash chain"): destructive commands and writes to guarded
#: files, then the team/spec rules (SPEC §6), then state/playbook coherence
#: and the linters on git commit (the slow one, last).
BASH_CHAIN = (
    "execution_convention",  # SPEC §6 (seed 003 §14): cheap, and its message is the precise one
    "custom_rules",  # the project's own block/ask rules (no file: one open)
    "bash_check",
    # SPEC §6 team and spec workflows
    "agent_definitions",
    "spec_phase_gate",
    "coherence",
    "check_state_update",  # seed 004 [4']: a commit of work the playbook has not recorded
    "lint",
)

#: MCP tools (``mcp__<server>__<tool>``): file-writing ones may not touch the
#: reward state the Edit/Write guards judge (every route to it is closed).
MCP_CHAIN = (
    "reward_route_guard",
)


def chain(ctx) -> tuple:
    """The guards (module names under ``guards/``) run before the tool call
    ``ctx.hook``, in order: :data:`COMMON`, then :data:`EDIT_CHAIN` for an
    edit tool, :data:`BASH_CHAIN` for Bash, :data:`MCP_CHAIN` for an MCP tool
    (SPEC §3 PreToolUse), :data:`AGENT_CHAIN` for Agent/Task."""
    tool = ctx.hook.tool_name
    if tool in EDIT_TOOLS:
        return COMMON + EDIT_CHAIN
    if tool == "Bash":
        return COMMON + BASH_CHAIN
    if tool.startswith("mcp__"):
        return COMMON + MCP_CHAIN
    if tool in AGENT_TOOLS:
        return COMMON + AGENT_CHAIN
    return COMMON
