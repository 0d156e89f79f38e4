"""Whose stop the reward checks leave alone: the suite's agent names
(plugin-namespaced ones included) and the read-only subagents (seed 002 §7),
and the Stop loop guard's counter file."""

from __future__ import annotations

#: The Stop loop guard's consecutive-block counter (see guards.stop_loop_guard).
STOP_GUARD = ".claude/session-state/stop-guard.json"


#: Subagents without write tools (seed 002 §7 "SubAgent ツール制限", plus
#: Claude Code's built-in read-only agents). Their stop is never blocked:
#: they cannot act on the reason, and a critic or reviewer finishing while the
#: playbook is unfinished is the normal case.
READ_ONLY_AGENTS = frozenset({"critic", "reviewer", "prompt-analyzer", "executor-resolver",
                              "coderabbit-delegate", "explore", "plan", "statusline-setup"})


#: The suite's name when it is installed as a Claude Code plugin (its agents
#: are then ``playgate:<name>``). Other plugins' agents keep their namespace,
#: so a third-party ``x:critic`` is not the suite's critic.
PLUGIN_NAMESPACE = "playgate"


def agent_name(agent_type: str) -> str:
    """The suite agent an ``agent_type`` names: ``critic`` and
    ``playgate:critic`` → ``critic``; other namespaces are kept
    (``other:critic``)."""
    name = agent_type.strip().lower()
    prefix = PLUGIN_NAMESPACE + ":"
    return name.removeprefix(prefix)


def stop_exempt(ctx) -> bool:
    """SubagentStop of a read-only subagent: nothing may block it."""
    return ctx.event == "SubagentStop" and agent_name(ctx.hook.agent_type) in READ_ONLY_AGENTS
