"""teammate-name (PreToolUse Agent/Task; ``../shared/WORKFLOWS.md`` "agent types
are matched exactly"; docs/claude-code-measured.md "Agent Teams, headless").

An Agent Teams teammate's hook calls carry its **name** as ``agent_type``
(measured with Claude Code 2.1.329 and 2.1.332: the teammate started with
``Agent(name="rev-1", subagent_type="critic")`` calls its tools as
``agent_type: "rev-1"``). A teammate named after an agent type would
therefore pass for that agent wherever the hooks match agent types — a
``general-purpose`` teammate named ``critic`` for the golden path's critic,
one named ``code-reviewer`` for breezing's reviewer — and its word would be
taken as a verdict.

So an Agent call whose ``name`` is the exact name of an agent type the
suite knows (any workflow's agents of :mod:`workflow.registry`, in any
case, with or without the ``playgate:`` namespace) or of Claude Code's
own agents is blocked, with a name to use instead. Every other name, and
every call without ``name``, is allowed. Acts in every workflow.
"""

from __future__ import annotations

from events.context import Context
from events.inputs import AGENT_TOOLS
from events.verdict import ALLOWED, Verdict, block
from workflow import registry

NAME = "teammate-name"
ADVISORY = False

#: Claude Code's built-in agent types (as the CLI lists them) and the lead's
#: own team name (``team-lead``).
BUILTIN_AGENTS = frozenset({"general-purpose", "explore", "plan", "statusline-setup",
                            "claude", "fork", "team-lead", "main"})


def reserved(name: str) -> bool:
    """``name`` spells an agent type (the registry's or Claude Code's), case
    and the suite's namespace ignored."""
    folded = registry.agent_name(name.strip()).casefold()
    if folded.startswith(registry.PLUGIN_NAMESPACE + ":"):
        folded = folded[len(registry.PLUGIN_NAMESPACE) + 1:]
    if folded in BUILTIN_AGENTS:
        return True
    return any(folded == agent.casefold() for wf in registry.WORKFLOWS for agent in wf.agents())


def check(ctx: Context) -> Verdict:
    """Agent/Task with a ``name`` that is an agent type: BLOCK, suggesting
    ``<name>-1``; else ALLOWED."""
    hook = ctx.hook
    if hook.tool_name not in AGENT_TOOLS:
        return ALLOWED
    name = hook.tool_input.get("name")
    if not isinstance(name, str) or not name.strip() or not reserved(name):
        return ALLOWED
    stem = name.strip().rsplit(":", 1)[-1] or "agent"
    return block(ctx.say("teammate_name.reserved", name=name, suggestion=f"{stem}-1"))
