"""The order of every chain, pinned (SPEC §3: the first BLOCK wins, so the
order is behaviour).

Each event unit (``events/<event>.py``) lists its guards as data; this file
holds the same lists once more, per event and kind of tool, so that a change
of order is a decision made on purpose: adding a guard, moving one or
reordering a chain means editing :data:`PINNED` in the same commit, and the
commit says why (CONTRIBUTING "Adding a guard"). The lists are read through
each unit's ``chain(ctx)``, as the runtime reads them.
"""

from __future__ import annotations

import importlib

import pytest
from test_guard_contract import TOOLS, _context

from events import runtime

_COMMON = ("compact_wait", "prompt_analyzer_gate", "init_guard", "main_branch", "codex_lead_guard",
           "breezing_gate", "crew_path_passer", "crew_wave_guard")

#: ``{event: {tool kind: chain}}``; a tool kind is one of the tools of
#: :data:`test_guard_contract.TOOLS` or ``"*"`` (every other tool).
PINNED = {
    "Notification": {
        "*": ("notification_log",),
    },
    "PostToolUse": {
        "*": ("archive_playbook", "breezing_record"),
        "Task": ("log_subagent", "subagent_reminder", "archive_playbook", "breezing_record",
            "crew_recorder", "crew_reminder"),
        "Bash": ("critic_commands",),
        "Edit": ("progress_reminder", "archive_playbook", "breezing_record", "crew_recorder"),
    },
    "PostToolUseFailure": {
        "*": ("critic_commands",),
    },
    "PreCompact": {
        "*": ("resume_pointer",),
    },
    "PreToolUse": {
        "*": _COMMON,
        "Task": _COMMON + ("teammate_name", "sdd_phase_gate"),
        "Bash": _COMMON + ("sandbox_wall", "execution_convention", "custom_rules", "bash_check",
            "crew_files", "crew_plan_gate", "agent_definitions", "spec_phase_gate", "sdd_commit",
            "sdd_ownership", "coherence", "check_state_update", "lint"),
        "Edit": _COMMON + ("consent_guard", "pending_guard", "protected_edit", "crew_files",
            "crew_plan_gate", "playbook_guard", "depends_check", "check_file_dependencies",
            "executor_guard", "critic_guard", "subtask_guard", "phase_status_guard", "scope_guard",
            "agent_definitions", "spec_phase_gate", "sdd_ownership"),
        "SomeFutureTool": _COMMON + ("reward_route_guard", "protected_edit", "crew_memory"),
        "mcp__server__write_file": _COMMON + ("reward_route_guard", "protected_edit",
            "crew_memory"),
    },
    "SessionEnd": {
        "*": ("session_end",),
    },
    "SessionStart": {
        "*": ("session_start", "session_health", "compact_resume", "compact_wait",
            "session_report", "active_workflow", "breezing_session", "agent_definitions_audit",
            "crew_resume"),
    },
    "Stop": {
        "*": ("breezing_stops", "post_loop_pending", "completion_check", "stop_summary"),
    },
    "SubagentStart": {
        "*": ("log_subagent", "breezing_record", "crew_recorder"),
    },
    "SubagentStop": {
        "*": ("critic_ledger", "review_ledger", "sdd_verdict", "breezing_stops", "log_subagent",
            "crew_recorder", "post_loop_pending", "completion_check", "sdd_reply",
            "crew_stop_check", "subagent_reminder", "archive_playbook"),
    },
    "TaskCompleted": {
        "*": ("breezing_timeline",),
    },
    "TeammateIdle": {
        "*": ("breezing_timeline",),
    },
    "UserPromptSubmit": {
        "*": ("compact_wait", "prompt_consent", "prompt_state", "prompt_work_request",
            "subagent_reminder", "breezing_prompt", "breezing_signals", "crew_reminder",
            "crew_recorder"),
    },
}
#: Tools that share a pinned kind's chain.
SAME_AS = {"Write": "Edit", "MultiEdit": "Edit", "NotebookEdit": "Edit", "Agent": "Task"}
#: Outcome guards (``OUTCOME_GUARDS``) of the units with their own ``run``.
PINNED_OUTCOME = {"Stop": ("stop_loop_guard",), "SubagentStop": ("stop_loop_guard",)}


def _expected(event: str, tool: str) -> tuple:
    table = PINNED[event]
    return table.get(SAME_AS.get(tool, tool), table.get(tool, table["*"]))


@pytest.fixture(scope="module")
def root(tmp_path_factory):
    path = tmp_path_factory.mktemp("chains")
    (path / "src").mkdir()
    return path


@pytest.mark.parametrize("event", sorted(runtime.UNITS))
def test_every_chain_is_in_its_pinned_order(root, event):
    unit = importlib.import_module(f"events.{runtime.UNITS[event]}")
    if not hasattr(unit, "chain"):
        assert event not in PINNED, f"events.{runtime.UNITS[event]} has no chain any more"
        return
    assert event in PINNED, f"{event}: a new chain; pin its order in PINNED"
    for tool in TOOLS:
        assert tuple(unit.chain(_context(event, tool, root))) == _expected(event, tool), \
            (f"{event} for {tool}: the chain's order changed; if that is the decision, "
             "update PINNED in tests/guards/test_chain_order.py and say why in the commit")
    assert tuple(getattr(unit, "OUTCOME_GUARDS", ())) == PINNED_OUTCOME.get(event, ())


def test_the_pinned_table_names_only_guards_that_exist():
    from pathlib import Path

    guards = {p.stem for p in (Path(__file__).resolve().parents[2] / "guards").glob("*.py")}
    named = {g for table in PINNED.values() for chain in table.values() for g in chain}
    named |= {g for chain in PINNED_OUTCOME.values() for g in chain}
    assert named <= guards, named - guards
