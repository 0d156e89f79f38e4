"""prompt-analyzer-gate (SPEC §3 PreToolUse 1; seed 002 §3 "prompt-analyzer 強制").

While no playbook is active (``playbook.active`` is null) and the
prompt-analyzer marker is absent, only information gathering and the entry
points of the golden path are allowed: Read, Grep, Glob, read-only Bash,
``Skill`` prompt-analyzer / playbook-init, ``Task``/``Agent`` with
``subagent_type`` prompt-analyzer (these create the marker), and
AskUserQuestion (asking the user changes nothing). With an active playbook
the gate is open: the work continues an existing task. It is the golden
path's gate: under a workflow whose plan is not a playbook
(:func:`workflow.registry.uses_playbook`: sync-sdd) it is open too, and
that workflow's own guards judge.

Deadlock escape: while ``post-loop-pending`` exists, ``Skill`` post-loop and
the post-loop handler pass, so a finished playbook can always be closed; and
the closing commit of the playbook archived last (``git add``/``git commit``
on its branch, :mod:`workflow.closing`) passes in any later session too, so
its work can always be committed.
"""

from __future__ import annotations

from events.context import Context
from events.verdict import ALLOWED, Effect, Verdict, allow, block
from statefiles import layout
from workflow import registry
from workflow.shared import bash_reads_only, is_post_loop_handler, is_state_md, state_problems

NAME = "prompt-analyzer-gate"
ADVISORY = False

#: Tools that only gather information (LS and NotebookRead are the read tools
#: of older Claude Code builds).
READ_TOOLS = frozenset({"Read", "Grep", "Glob", "LS", "NotebookRead", "AskUserQuestion"})
ENTRY_SKILLS = frozenset({"prompt-analyzer", "playbook-init"})
ENTRY_AGENTS = frozenset({"prompt-analyzer"})
POST_LOOP_SKILL = "post-loop"


def skill_name(tool_input: dict) -> str:
    """The skill a ``Skill`` call names (``skill``, or ``name`` in older
    builds), without a plugin prefix (``plugin:playbook-init`` → ``playbook-init``)."""
    name = tool_input.get("skill") or tool_input.get("name") or ""
    return name.strip().split(":")[-1].strip() if isinstance(name, str) else ""


def _subagent(tool_input: dict) -> str:
    value = tool_input.get("subagent_type")
    return value.strip() if isinstance(value, str) else ""


def check(ctx: Context) -> Verdict:
    """Every tool with no active playbook and no prompt analysis yet: BLOCK
    all but reads, read-only Bash, the way in (``Skill`` prompt-analyzer /
    playbook-init and the prompt-analyzer subagent, which create the marker
    as an ``on_pass`` effect) and, while a post-loop is pending, the post-loop
    skill and handler; else ALLOWED (SPEC §3 PreToolUse 1; seed 002 §3)."""
    if ctx.active_playbook_path or ctx.markers.exists(layout.PROMPT_ANALYZER_CALLED):
        return ALLOWED
    if not registry.uses_playbook(ctx):
        return ALLOWED  # the active workflow plans otherwise; its own guards judge
    hook = ctx.hook
    tool = hook.tool_name
    if tool in READ_TOOLS:
        return ALLOWED
    if tool == "Bash" and bash_reads_only(ctx.shell):
        return ALLOWED
    mark = Effect(ctx.markers.write, layout.PROMPT_ANALYZER_CALLED, when="on_pass",
                  label="create prompt-analyzer marker")
    if tool == "Skill" and skill_name(hook.tool_input) in ENTRY_SKILLS:
        return allow(effects=(mark,))
    if tool in ("Task", "Agent") and _subagent(hook.tool_input) in ENTRY_AGENTS:
        return allow(effects=(mark,))
    if ctx.markers.exists(layout.POST_LOOP_PENDING):
        if tool == "Skill" and skill_name(hook.tool_input) == POST_LOOP_SKILL:
            return ALLOWED
        if tool == "Bash" and is_post_loop_handler(ctx):
            return ALLOWED
    if tool == "Bash" and ctx.shell is not None and not ctx.shell.unknown:
        # lazy: the closing rules only for an analysed Bash command
        from workflow import closing as _closing

        analysis = ctx.shell
        if analysis.all_commands(lambda c: _closing.allowed(analysis, c)) and _closing.closing(ctx):
            return ALLOWED
    hint = state_problems(ctx)
    if hook.is_edit_tool and is_state_md(ctx.target):
        hint += ctx.say("prompt_analyzer_gate.state_md_hint", marker=layout.PROMPT_ANALYZER_CALLED)
    if ctx.markers.exists(layout.PENDING) and ctx.security != "admin":
        hint += ctx.say("prompt_analyzer_gate.pending_hint")
    return block(ctx.say("prompt_analyzer_gate.not_analysed", tool=tool) + hint)
