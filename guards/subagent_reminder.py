"""subagent-reminder (SubagentStop, PostToolUse Task/Agent, UserPromptSubmit
task notifications; SPEC §3 SubagentStop; seed 002 §11.5 "SubagentStop 後の
リマインダー").

Subagents never update progress.json; the orchestrator records their
results (seed 002 §11.5). When a subagent's result reaches Claude, it is
reminded what to record, by the kind of subagent:

* critic → the validations with evidence, ``validated_by: critic`` and
  ``validated_at`` only on ``CRITIC: PASS``; on FAIL the reason and a retry;
* reviewer → ``meta.reviewed``/``reviewed_by`` on ``REVIEW: PASS``, else fix
  and review again;
* pm → have the reviewer review the new playbook;
* prompt-analyzer / executor-resolver → use the analysis / record the executor;
* any other (codex-delegate, general-purpose...) with a playbook active → the
  active subtask's progress.

Where the result reaches the orchestrator decides the channel: a synchronous
Task/Agent call returns it in PostToolUse (additionalContext); a background
one returns it as a ``<task-notification>`` prompt (UserPromptSubmit,
additionalContext); SubagentStop's message is shown to the user
(``systemMessage``: SubagentStop has no additionalContext).
"""

from __future__ import annotations

from events.inputs import AGENT_TOOLS
from events.verdict import ALLOWED, warn

NAME = "subagent-reminder"
ADVISORY = True

#: Claude Code's own read-only helpers: nothing to record.
SILENT = frozenset({"explore", "plan", "statusline-setup", "output-style-setup",
                    "claude-code-guide"})


def _kind(agent_type: str) -> str:
    return agent_type.rsplit(":", 1)[-1].strip().lower() if agent_type else ""


def message(ctx, agent_type: str) -> str | None:
    """The reminder for a finished subagent of ``agent_type``, or ``None``."""
    kind = _kind(agent_type)
    if kind in SILENT:
        return None
    pb = ctx.playbook
    progress = pb.progress_rel if pb is not None else "progress.json"
    name = agent_type or "general-purpose"
    if kind == "critic":
        return (f"The critic finished. Record its verdicts in {progress}: for each "
                "'CRITIC: PASS <subtask>', the validations (technical, consistency, "
                "completeness) with their evidence, validated_by: 'critic' and validated_at, then "
                "status done; for 'CRITIC: FAIL <subtask> - <reason>', keep it open, note the "
                "reason and fix it. 'CRITIC: PASS playbook' sets critic.status PASS with evidence.")
    if kind == "reviewer":
        return ("The reviewer finished. On 'REVIEW: PASS', set meta.reviewed: true, "
                "meta.reviewed_by: 'reviewer' and meta.status: 'active' in plan.json, then "
                "activate it in state.md (playbook.active). On 'REVIEW: FAIL', have pm fix the "
                "findings and review again (at most 3 rounds, then ask the user).")
    if kind == "pm":
        return ("pm finished. Have the playbook reviewed now: Task(subagent_type='reviewer') on "
                "its plan.json. Edits wait for a reviewed playbook.")
    if kind == "prompt-analyzer":
        return ("The prompt-analyzer finished. Use its 5W1H, risks and open questions for the "
                "understanding check (Skill(skill='understanding-check')).")
    if kind == "executor-resolver":
        return ("The executor-resolver finished. Record the executor it chose in the subtask's "
                "'executor' in plan.json (before the playbook is reviewed).")
    if pb is None:
        return None
    sub = pb.active_subtask_id()
    return (f"The subagent {name} finished. Record its result in {progress} now"
            + (f" (subtask {sub})" if sub else "")
            + ": what it changed or found in notes, and the validations with evidence; a "
            "subtask becomes done only after the critic's PASS (validated_by: 'critic').")


def _async(response) -> bool:
    return isinstance(response, dict) and (bool(response.get("isAsync"))
                                           or response.get("status") == "async_launched")


def _notification(prompt: str) -> tuple:
    """``(agent_id, completed)`` of a ``<task-notification>`` prompt."""
    head = prompt.lstrip()
    if not head.startswith("<task-notification"):
        return None, False

    def field(tag: str) -> str:
        start = head.find(f"<{tag}>")
        end = head.find(f"</{tag}>", start + 1)
        return head[start + len(tag) + 2:end].strip() if start >= 0 and end > start else ""

    return field("task-id") or None, field("status").lower() == "completed"


def check(ctx):
    hook = ctx.hook
    if ctx.event == "SubagentStop":
        text = message(ctx, hook.agent_type)
    elif ctx.event == "PostToolUse":
        if hook.tool_name not in AGENT_TOOLS or _async(hook.tool_response):
            return ALLOWED
        text = message(ctx, str(hook.tool_input.get("subagent_type") or ""))
    elif ctx.event == "UserPromptSubmit":
        agent_id, completed = _notification(hook.prompt)
        if not completed:
            return ALLOWED
        from guards.log_subagent import agent_type_of

        text = message(ctx, agent_type_of(ctx.root, agent_id or "") or "")
    else:
        return ALLOWED
    return warn(text) if text else ALLOWED
