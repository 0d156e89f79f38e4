"""crew-reminder (PostToolUse Agent/Task, UserPromptSubmit; the crew workflow,
seed 000 Phase 2 "Wave 完了確認", "コンテキスト衛生").

When a crew agent's result reaches the parent — the Agent call's result
(foreground) or its ``<task-notification>`` (background) — the parent is
told, in a few lines, what the hooks recorded at the agent's stop (a
worker's validated status, quality and completeness, or the error; the
plan's tasks and waves; the plan review's verdict), where the wave stands,
and the next step (:func:`workflow.crew.progress.next_step`): the next wave
to start in one message, the retry, the aggregator with its
``FAILED_TASKS`` line, the retrospector's mode, the batch approval. So the
parent never reads a result body to know what happened, and every step it
is told is one the crew's guards allow. A cmd past ``max_cmd_duration_sec``
adds the seed's warning. Advisory.
"""

from __future__ import annotations

from events.context import Context
from events.inputs import AGENT_TOOLS
from events.verdict import ALLOWED, Verdict, warn
from workflow.crew import agents, cmds, progress, prompts

NAME = "crew-reminder"
ADVISORY = True


def check(ctx: Context) -> Verdict:
    """PostToolUse of a crew agent's foreground Agent call, or the
    task-notification prompt of a background one: a WARN (context for the
    parent) with what was recorded and what comes next; ALLOWED otherwise."""
    hook = ctx.hook
    if hook.in_subagent:
        return ALLOWED
    agent_id = None
    if ctx.event == "PostToolUse" and hook.tool_name in AGENT_TOOLS:
        if agents.role(hook.tool_input.get("subagent_type")) is None:
            return ALLOWED
        response = hook.raw.get("tool_response")
        if not isinstance(response, dict) or response.get("status") == "async_launched":
            return ALLOWED
        agent_id = response.get("agentId")
        named = prompts.parse(hook.tool_input.get("prompt"), ctx.root)
        cmd_ids = [named.cmd] if named.cmd else []
    elif ctx.event == "UserPromptSubmit":
        prompt = hook.raw.get("prompt")
        if not isinstance(prompt, str) or not prompt.lstrip().startswith("<task-notification>"):
            return ALLOWED
        agent_id = _between(prompt, "<task-id>", "</task-id>")
        cmd_ids = [c.cmd for c in cmds.open_cmds(ctx.root)] + _closed_recent(ctx.root)
    else:
        return ALLOWED
    if not isinstance(agent_id, str) or not agent_id:
        return ALLOWED
    for cmd_id in cmd_ids:
        cmd = cmds.Cmd(ctx.root, cmd_id)
        stop = _stop_of(cmd, agent_id)
        if stop is not None:
            return warn(_describe(ctx, cmd, stop))
    return ALLOWED


def _between(text: str, start: str, end: str) -> str | None:
    at = text.find(start)
    if at < 0:
        return None
    rest = text[at + len(start):]
    stop = rest.find(end)
    return rest[:stop].strip() if stop >= 0 else None


def _closed_recent(root: str) -> list:
    from statefiles.crew import ledger  # lazy: a task notification only

    known = ledger.known(root)
    return known[-1:] if known else []


def _stop_of(cmd, agent_id: str) -> dict | None:
    for rec in reversed(_records(cmd)):
        if rec.get("kind") == "stop" and rec.get("agent_id") == agent_id:
            return rec
    return None


def _records(cmd) -> list:
    from statefiles.crew import ledger  # lazy: a crew agent's result only

    return ledger.records(cmd.root, cmd.cmd)


def _describe(ctx, cmd, stop: dict) -> str:
    role = stop.get("role") or ""
    label = agents.agent_type_of(role)
    lines = []
    if agents.is_worker(role):
        entry = cmd.state.worker(stop.get("task"))
        retries = entry.retries if entry is not None else 0
        if stop.get("status") == "success":
            lines.append(ctx.say("crew.stop_worker_ok", cmd=cmd.cmd, task=stop.get("task"),
                                 agent=label, quality=stop.get("quality") or "-",
                                 completeness=stop.get("completeness")
                                 if stop.get("completeness") is not None else "-"))
        else:
            lines.append(ctx.say("crew.stop_worker_failed", cmd=cmd.cmd, task=stop.get("task"),
                                 agent=label, status=stop.get("status") or "failure",
                                 error=stop.get("error") or "-", retries=retries,
                                 limit=cmd.config.max_retries))
        if stop.get("metadata_issues"):
            lines.append(ctx.say("crew.stop_issues", issues="; ".join(
                stop["metadata_issues"][:3])))
        wave = progress.wave_line(cmd)
        if wave is not None:
            lines.append(ctx.render(wave))
    else:
        lines.append(ctx.say("crew.stop_phase", cmd=cmd.cmd, agent=label,
                             status=stop.get("status") or "failure",
                             error=stop.get("error") or "-"))
        if role == "plan-reviewer":
            pv = cmd.state.plan_validation
            if pv is not None:
                lines.append(ctx.say("crew.stop_verdict", verdict=pv.get("verdict"),
                                     notes=pv.get("notes") or "-"))
        if role == "decomposer" and cmd.plan.found:
            waves = cmd.plan.waves()
            review = (ctx.say("crew.review_required") if cmd.plan_review_needed()
                      else ctx.say("crew.review_optional"))
            lines.append(ctx.say("crew.stop_plan", tasks=len(cmd.plan.tasks), waves=len(waves),
                                 review=review))
    lines.append(ctx.render(progress.next_step(cmd)))
    warning = progress.duration_warning(cmd)
    if warning is not None:
        lines.append(ctx.render(warning))
    return "\n".join(lines)
