"""PreToolUse event unit: which guards run for which tool, in order (SPEC §3).

The order is the SPEC's; the first BLOCK wins. Names are modules in
``guards/``; a guard module is imported only when its chain runs.
"""

from __future__ import annotations

from events.inputs import EDIT_TOOLS

#: Every tool (SPEC §3 "PreToolUse — every tool").
COMMON = (
    "prompt_analyzer_gate",
    "init_guard",
    "main_branch",
)

#: Edit, Write, MultiEdit, NotebookEdit (SPEC §3 "Edit/Write chain").
EDIT_CHAIN = (
    "consent_guard",
    "pending_guard",
    "protected_edit",
    "playbook_guard",
    "depends_check",
    "check_file_dependencies",
    "scope_guard",
)

#: Bash (SPEC §3 "Bash chain"): destructive commands and writes to guarded
#: files, state/playbook coherence, linters on git commit.
BASH_CHAIN = (
    "bash_check",
    "coherence",
    "lint",
)


def chain(ctx) -> tuple:
    tool = ctx.hook.tool_name
    if tool in EDIT_TOOLS:
        return COMMON + EDIT_CHAIN
    if tool == "Bash":
        return COMMON + BASH_CHAIN
    return COMMON
