"""log-subagent (PostToolUse Task/Agent, SubagentStart, SubagentStop; SPEC §3;
seed 004 [5]; seed 002 §7 "SubAgent ライフサイクル管理").

Appends one JSON line per subagent event to
``.claude/logs/subagent-dispatch.log`` (HARD_BLOCK in the protected floor, so
Claude reads it but cannot rewrite it):

* ``dispatch`` — PostToolUse of Task/Agent: ``subagent_type``,
  ``description``, the first 500 characters of the prompt, and from the tool
  response ``agent_id``, ``status`` and whether it runs in the background;
* ``start`` — SubagentStart: ``agent_id``, ``agent_type``;
* ``stop`` — SubagentStop: ``agent_id``, ``agent_type``,
  ``stop_hook_active`` and the first 500 characters of its last message.

Every record has ``ts``, ``session_id`` and the active ``playbook``.
"""

from __future__ import annotations

from events.context import Context
from events.inputs import AGENT_TOOLS
from events.verdict import ALLOWED, Effect, Verdict, allow
from statefiles import jsonlog, layout

NAME = "log-subagent"
ADVISORY = True

EXCERPT = 500


def _text(value, limit: int = EXCERPT) -> str:
    return value[:limit] if isinstance(value, str) else ""


def record(ctx) -> dict | None:
    """The log record for this call, or ``None`` when it is not about a subagent."""
    hook = ctx.hook
    event = ctx.event
    if event == "PostToolUse":
        if hook.tool_name not in AGENT_TOOLS:
            return None
        ti = hook.tool_input
        resp = hook.tool_response if isinstance(hook.tool_response, dict) else {}
        rec = {"event": "dispatch", "tool": hook.tool_name,
               "subagent_type": _text(ti.get("subagent_type"), 200) or "general-purpose",
               "description": _text(ti.get("description"), 200), "prompt": _text(ti.get("prompt")),
               "agent_id": _text(resp.get("agentId") or resp.get("agent_id"), 200) or None,
               "status": _text(resp.get("status"), 100) or None,
               "background": bool(resp.get("isAsync")) or resp.get("status") == "async_launched",
               "tool_use_id": hook.raw.get("tool_use_id")}
    elif event == "SubagentStart":
        rec = {"event": "start", "agent_id": hook.agent_id, "agent_type": hook.agent_type}
    elif event == "SubagentStop":
        rec = {"event": "stop", "agent_id": hook.agent_id, "agent_type": hook.agent_type,
               "stop_hook_active": hook.stop_hook_active,
               "last_message": _text(hook.raw.get("last_assistant_message"))}
    else:
        return None
    rec["session_id"] = hook.session_id
    rec["playbook"] = ctx.active_playbook_path
    return rec


def check(ctx: Context) -> Verdict:
    """PostToolUse Task/Agent, SubagentStart, SubagentStop: ALLOWED with an
    ``always`` effect appending :func:`record` to
    ``.claude/logs/subagent-dispatch.log`` (SPEC §3; seed 004 [5])."""
    rec = record(ctx)
    if rec is None:
        return ALLOWED
    return allow(effects=(Effect(jsonlog.append, ctx.root, layout.SUBAGENT_LOG, rec,
                                 when="always", label="log subagent"),))


def agent_type_of(root: str, agent_id: str) -> str | None:
    """The ``subagent_type`` a dispatch record gives ``agent_id`` (the most
    recent one), or ``None``. Reads the log's tail only."""
    if not agent_id:
        return None
    for rec in reversed(jsonlog.read(root, layout.SUBAGENT_LOG, limit=300)):
        if rec.get("agent_id") == agent_id:
            kind = rec.get("subagent_type") or rec.get("agent_type")
            if isinstance(kind, str) and kind:
                return kind
    return None
