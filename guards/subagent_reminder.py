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

TYPE_CHECKING = False
if TYPE_CHECKING:  # the guard contract (events/guard.py): nothing imported at run time
    from events.guard import Context, Verdict

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
        return ctx.say("subagent_reminder.critic", progress=progress)
    if kind == "reviewer":
        return ctx.say("subagent_reminder.reviewer")
    if kind == "pm":
        return ctx.say("subagent_reminder.pm")
    if kind == "prompt-analyzer":
        return ctx.say("subagent_reminder.prompt_analyzer")
    if kind == "executor-resolver":
        return ctx.say("subagent_reminder.executor_resolver")
    if pb is None:
        return None
    sub = pb.active_subtask_id()
    return ctx.say("subagent_reminder.other", name=name, progress=progress,
                   subtask=ctx.say("subagent_reminder.subtask", subtask=sub) if sub else "")


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


def check(ctx: Context) -> Verdict:
    """SubagentStop, PostToolUse Task/Agent, a UserPromptSubmit task
    notification: a WARN reminding Claude what to record for the subagent's
    result, by the kind of subagent; else ALLOWED (SPEC §3 SubagentStop;
    seed 002 §11.5)."""
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
        from guards.log_subagent import agent_type_of  # lazy: only for a subagent result

        text = message(ctx, agent_type_of(ctx.root, agent_id or "") or "")
    else:
        return ALLOWED
    return warn(text) if text else ALLOWED
