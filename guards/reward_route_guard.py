"""reward-route-guard (every route to reward state closed; bypass family G "other tools").

The reward guards judge a file as it will be after an Edit/Write/MultiEdit/
NotebookEdit call. Any other tool that could write files — an MCP server's,
whatever its name says (``write_file``, ``apply``, or a name with no verb at
all), or a tool the suite does not know — would change the same files
unseen. This guard runs for those tools (``events.pre_tool_use.OTHER_CHAIN``)
and decides by the paths in the input, never by the tool's name
(:mod:`workflow.tool_paths`): when one resolves to reward state (state.md, a
working playbook's plan.json/progress.json or the directory holding them,
the files the active playbook really reads, the critic ledger), the call is
blocked: reward state changes only through the edit tools, whose result can
be judged. A tool that names no such path passes.
"""

from __future__ import annotations

from events.context import Context
from events.verdict import ALLOWED, Verdict, block
from workflow import tool_paths
from workflow.reward.ledger import CRITIC_LEDGER
from workflow.reward.targets import active_real_files, write_hits_reward

NAME = "reward-route-guard"
ADVISORY = False


def check(ctx: Context) -> Verdict:
    """Any tool outside the Edit/Write and Bash chains and the known
    read-only tools: BLOCK when a path in its input resolves to reward state
    (state.md, a playbook's files, the critic ledger); else ALLOWED (bypass
    family G)."""
    tool = ctx.hook.tool_name
    for resolved in tool_paths.named(ctx):
        names = [resolved.rel, *resolved.variants]
        hit = any(write_hits_reward(ctx, rel) for rel in names if rel not in (None, "", "."))
        hit = hit or resolved.abs in active_real_files(ctx)
        hit = hit or any(rel == CRITIC_LEDGER for rel in names)
        if hit:
            shown = resolved.rel if resolved.rel is not None else resolved.abs
            return block(ctx.say("reward_route_guard.blocked", tool=tool, path=shown))
    return ALLOWED
