"""critic-commands (PostToolUse and PostToolUseFailure of Bash): the exit
status of every command a critic run executes, as the hooks observed it.

Claude Code hands a subagent's tool calls to the hooks with its
``agent_id`` and ``agent_type`` (docs/claude-code-measured.md): a Bash
command of the critic (``agent_type`` exactly ``critic`` or
``playgate:critic``) is appended to ``.claude/logs/critic-commands.jsonl``
as ``{"ts", "session_id", "agent_id", "tool_use_id", "command", "status"}``
(``status`` 0, the exit code, ``"interrupted"`` or ``"failed"``:
:func:`workflow.evidence.exit_status`). critic-ledger reads it at the
critic's stop (:mod:`workflow.evidence`). Any other agent's call returns at
once. Advisory: a failure to record never blocks anything; a PASS whose
command has no record is then not counted done.
"""

from __future__ import annotations

from events.context import Context
from events.verdict import ALLOWED, Effect, Verdict, allow
from statefiles import jsonlog
from workflow.subagent_reply import is_agent

NAME = "critic-commands"
ADVISORY = True


def check(ctx: Context) -> Verdict:
    """PostToolUse/PostToolUseFailure of the critic's Bash call: ALLOWED with an
    ``always`` effect appending the command and its exit status; ALLOWED
    for anything else."""
    hook = ctx.hook
    if hook.tool_name != "Bash" or not is_agent(hook.agent_type, "critic"):
        return ALLOWED
    # lazy: only for a critic's command
    from workflow.evidence import CRITIC_COMMANDS, exit_status

    command = hook.tool_input.get("command") if isinstance(hook.tool_input, dict) else None
    record = {"session_id": hook.session_id, "agent_id": hook.agent_id,
              "tool_use_id": hook.raw.get("tool_use_id"),
              "command": command if isinstance(command, str) else "",
              "status": exit_status(ctx.event, hook.raw)}
    return allow(effects=(Effect(jsonlog.append, ctx.root, CRITIC_COMMANDS, record,
                                 when="always", label="record the critic's command"),))
