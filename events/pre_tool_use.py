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
    # the crew workflow (seed 000): the path-passer rule (Read, Grep, Bash)
    # and the starts of its agents (Agent/Task)
    "crew_path_passer",
    "crew_wave_guard",
)


#: Edit, Write, MultiEdit, NotebookEdit (SPEC §3 "Edit/Write chain").
EDIT_CHAIN = (
    "consent_guard",
    "pending_guard",
    "protected_edit",
    "crew_files",  # the crew workflow: roles own the cmd's files
    "crew_plan_gate",  # the crew workflow: project files only by a task's worker
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
    "sdd_ownership",  # seed 003 Spec 4: under sync-sdd, each file by its owner's agent type
)

#: Bash (SPEC §3 "Bash chain"): destructive commands and writes to guarded
#: files, then the team/spec rules (SPEC §6), then state/playbook coherence
#: and the linters on git commit (the slow one, last).
BASH_CHAIN = (
    "execution_convention",  # SPEC §6 (seed 003 §14): cheap, and its message is the precise one
    "custom_rules",  # the project's own block/ask rules (no file: one open)
    "bash_check",
    "crew_files",  # the crew workflow: no Bash writes into a cmd's files
    "crew_plan_gate",  # the crew workflow: who may change the project from Bash
    # SPEC §6 team and spec workflows
    "agent_definitions",
    "spec_phase_gate",
    "sdd_commit",  # seed 003 §15: the lead commits after the quality gate, in the seed's format
    "sdd_ownership",  # seed 003 Spec 4: shell writes by the owner; programs by builders
    "coherence",
    "check_state_update",  # seed 004 [4']: a commit of work the playbook has not recorded
    "lint",
)

#: Task/Agent, the start of a subagent or teammate: a teammate's name is what
#: its hook calls carry as agent_type, so it may not be an agent type's name
#: (seed 001); the phase gate is checked before a subagent is started, not
#: only when spec.yaml is written (seed 003 Spec 5.1).
AGENT_CHAIN = (
    "teammate_name",
    "sdd_phase_gate",
)

#: MCP tools (``mcp__<server>__<tool>``): file-writing ones may not touch the
#: reward state the Edit/Write guards judge (every route to it is closed).
MCP_CHAIN = (
    "reward_route_guard",
    "crew_memory",  # the crew workflow: the seed's rules for memory entities
)


def chain(ctx) -> tuple:
    """The guards (module names under ``guards/``) run before the tool call
    ``ctx.hook``, in order: :data:`COMMON`, then :data:`EDIT_CHAIN` for an
    edit tool, :data:`BASH_CHAIN` for Bash, :data:`AGENT_CHAIN` for Task/Agent,
    :data:`MCP_CHAIN` for an MCP tool (SPEC §3 PreToolUse)."""
    tool = ctx.hook.tool_name
    if tool in EDIT_TOOLS:
        return COMMON + EDIT_CHAIN
    if tool == "Bash":
        return COMMON + BASH_CHAIN
    if tool in AGENT_TOOLS:
        return COMMON + AGENT_CHAIN
    if tool.startswith("mcp__"):
        return COMMON + MCP_CHAIN
    return COMMON
