"""reward-route-guard (every route to reward state closed; bypass family G "other tools").

The reward guards judge a file as it will be after an Edit/Write/MultiEdit/
NotebookEdit call. An MCP tool that writes files (a filesystem server's
``write_file``/``edit_file``/``move_file``...) would change the same files
unseen. This guard runs for ``mcp__*`` tools: when the tool's name says it
writes (:data:`WRITE_WORDS` in its last ``__`` segment) and any path-like
string in its input — at any depth, ``file://`` URIs included — resolves to
reward state (state.md, a working playbook's plan.json/progress.json or the
directory holding them, the files the active playbook really reads, the
critic ledger), the call is blocked: reward state changes only through the
edit tools, whose result can be judged. Read-only MCP tools pass.
"""

from __future__ import annotations

from events.context import Context
from events.verdict import ALLOWED, Verdict, block
from workflow.reward.ledger import CRITIC_LEDGER
from workflow.reward.targets import active_real_files, write_hits_reward

NAME = "reward-route-guard"
ADVISORY = False

WRITE_WORDS = ("write", "edit", "create", "move", "rename", "delete", "remove", "patch",
               "replace", "update", "append", "insert", "save", "copy", "upload", "modify",
               "mkdir", "touch", "apply", "commit", "truncate", "overwrite")
MAX_STRINGS = 200
MAX_DEPTH = 6


def _strings(value, depth: int = 0, out=None) -> list:
    out = [] if out is None else out
    if len(out) >= MAX_STRINGS or depth > MAX_DEPTH:
        return out
    if isinstance(value, str):
        out.append(value)
    elif isinstance(value, dict):
        for v in value.values():
            _strings(v, depth + 1, out)
    elif isinstance(value, list):
        for v in value:
            _strings(v, depth + 1, out)
    return out


def writes(tool_name: str) -> bool:
    """True when the MCP tool's own name says it changes files."""
    last = tool_name.rsplit("__", 1)[-1].lower()
    return any(word in last for word in WRITE_WORDS)


def check(ctx: Context) -> Verdict:
    """MCP tools: BLOCK a tool whose name says it writes when a path in its
    input resolves to reward state (state.md, a playbook's files, the critic
    ledger); else ALLOWED (bypass family G)."""
    tool = ctx.hook.tool_name
    if not tool.startswith("mcp__") or not writes(tool):
        return ALLOWED
    for text in _strings(ctx.hook.tool_input):
        candidate = text.strip()
        candidate = candidate.removeprefix("file://")
        if not candidate or len(candidate) > 4096 or "\n" in candidate or "\x00" in candidate:
            continue
        if "/" not in candidate and "\\" not in candidate and candidate.casefold() != "state.md":
            continue
        resolved = ctx.resolve(candidate)
        names = [resolved.rel, *resolved.variants]
        hit = any(write_hits_reward(ctx, rel) for rel in names if rel not in (None, "", "."))
        hit = hit or resolved.abs in active_real_files(ctx)
        hit = hit or any(rel == CRITIC_LEDGER for rel in names)
        if hit:
            shown = resolved.rel if resolved.rel is not None else resolved.abs
            return block(ctx.say("reward_route_guard.blocked", tool=tool, path=shown))
    return ALLOWED
