"""PostToolUseFailure event unit: a tool call that failed (for Bash: a
command that exited non-zero; docs/claude-code-measured.md). Registered for
Bash only; nothing here blocks (the tool already ran).

* critic-commands: a critic's failing command and its exit status, the
  evidence critic-ledger judges the critic's PASS against.
"""

from __future__ import annotations

CHAIN = (
    "critic_commands",
)


def chain(ctx) -> tuple:
    """The guards run after a failed tool call: :data:`CHAIN` (``ctx`` is not
    consulted)."""
    return CHAIN
