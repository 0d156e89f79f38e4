"""prompt-analyzer gate (SPEC §3 PreToolUse 1; seed 002 §3 "prompt-analyzer 強制").

While no playbook is active (``playbook.active`` is null) and the
prompt-analyzer marker is absent, only information gathering and the entry
points of the golden path are allowed: Read, Grep, Glob, read-only Bash,
``Skill`` prompt-analyzer / playbook-init, ``Task``/``Agent`` with
``subagent_type`` prompt-analyzer (these create the marker), and
AskUserQuestion (asking the user changes nothing). With an active playbook
the gate is open: the work continues an existing task.

Deadlock escape: while ``post-loop-pending`` exists, ``Skill`` post-loop and
the post-loop handler pass, so a finished playbook can always be closed.
"""

from __future__ import annotations

from events.verdict import ALLOWED, Effect, allow, block
from guards._shared import is_post_loop_handler
from statefiles import layout

NAME = "prompt-analyzer gate"
ADVISORY = False

READ_TOOLS = frozenset({"Read", "Grep", "Glob", "AskUserQuestion"})
ENTRY_SKILLS = frozenset({"prompt-analyzer", "playbook-init"})
ENTRY_AGENTS = frozenset({"prompt-analyzer"})


def _skill_name(tool_input: dict) -> str:
    name = tool_input.get("skill") or tool_input.get("name") or ""
    return name.strip().split(":")[-1] if isinstance(name, str) else ""


def check(ctx):
    if ctx.active_playbook_path or ctx.markers.exists(layout.PROMPT_ANALYZER_CALLED):
        return ALLOWED
    tool = ctx.hook.tool_name
    if tool in READ_TOOLS:
        return ALLOWED
    if tool == "Bash" and ctx.shell.read_only:
        return ALLOWED
    mark = Effect(ctx.markers.write, layout.PROMPT_ANALYZER_CALLED, when="on_pass",
                  label="create prompt-analyzer marker")
    if tool == "Skill" and _skill_name(ctx.hook.tool_input) in ENTRY_SKILLS:
        return _allow_with(mark)
    if tool in ("Task", "Agent") and ctx.hook.tool_input.get("subagent_type") in ENTRY_AGENTS:
        return _allow_with(mark)
    if ctx.markers.exists(layout.POST_LOOP_PENDING):
        if tool == "Skill" and _skill_name(ctx.hook.tool_input) == "post-loop":
            return ALLOWED
        if tool == "Bash" and is_post_loop_handler(ctx):
            return ALLOWED
    return block(
        f"No playbook is active and the request has not been analysed yet, so {tool} is "
        "not allowed. Start the golden path: call Skill(skill='playbook-init') (it runs "
        "the prompt-analyzer, the understanding check, pm and reviewer). Until then only "
        "Read, Grep, Glob and read-only commands are allowed."
    )


def _allow_with(effect):
    return allow(effects=(effect,))
