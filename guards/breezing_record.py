"""breezing-record (PostToolUse, SubagentStart; seed 001; docs/breezing.md).

What the lead could fake is written by the hooks from what they saw. While
a breezing session runs (breezing-active.json exists; the breezing workflow
is active), this handler records:

* PostToolUse Write/Edit of breezing-active.json by the lead: the file's
  ``hooks`` section is opened (phase ``prepare``, the lead's Claude session,
  the user's ``/breezing`` request it answers);
* PostToolUse Agent by the lead: the agent id Claude Code gave the agent the
  gate recorded as started (the role marker), and whether it is a teammate
  (``status: teammate_spawned``); after a reviewer that ran in the
  foreground, the verdict the hooks recorded at its stop is told to the lead;
* PostToolUse TaskCreate / TaskUpdate: the task ledger (created, status),
  from the tools' results (``tool_response.task.id``; ``success`` and
  ``statusChange``); TaskCompleted's tasks and who completed them are kept
  by breezing-timeline in the same file (one locked write per event: a busy
  team completes tasks in parallel);
* PostToolUse of an implementer's edit: the time of the team's last code
  change; SubagentStart of the reviewer: when its review began (an APPROVE
  counts only when no code changed after its review began).

Advisory: a recording that fails is logged and never blocks.
"""

from __future__ import annotations

import os
import time

from events.context import Context
from events.inputs import AGENT_TOOLS
from events.verdict import ALLOWED, Effect, Verdict, allow, warn
from statefiles import layout
from workflow import breezing as bz
from workflow import team

NAME = "breezing-record"
ADVISORY = True


def check(ctx: Context) -> Verdict:
    """PostToolUse / SubagentStart while a breezing session
    runs: effects recording what was seen (module docstring); a WARN for the
    lead after a foreground reviewer; else ALLOWED."""
    if not os.path.lexists(layout.join(ctx.root, team.ACTIVE)):
        return ALLOWED
    from statefiles import breezing, breezing_team  # lazy: only while a team session runs

    active = breezing.load_active(ctx.root)
    if active is None or active.data is None or not active.session_id:
        return ALLOWED
    session = active.session_id
    hook = ctx.hook
    progress = breezing_team.load_progress(ctx.root, session)
    role, name = bz.role_of(hook, progress)
    if ctx.event == "SubagentStart":
        if role == bz.WORK_CHECKER:
            return _effects(Effect(_mark, ctx.root, session, "review_started_at",
                                   when="always", label="record the review's start"))
        return ALLOWED
    if ctx.event != "PostToolUse":
        return ALLOWED
    tool = hook.tool_name
    response = hook.raw.get("tool_response")
    response = response if isinstance(response, dict) else {}
    if hook.is_edit_tool:
        if role == bz.LEAD and bz.is_active_file(ctx.target):
            if breezing_team.hooks_of(active.data).get("phase") in breezing_team.PHASES:
                return ALLOWED
            request = breezing_team.read_json(ctx.root, breezing_team.REQUEST)
            return _effects(Effect(breezing_team.stamp_written, ctx.root, hook.session_id,
                                   request, when="always", label="open the hooks section"))
        if role == bz.WORKER:
            return _effects(Effect(_mark, ctx.root, session, "last_code_change_at",
                                   when="always", label="record the team's last code change"))
        return ALLOWED
    if tool == "TaskCreate":
        task = response.get("task")
        task_id = task.get("id") if isinstance(task, dict) else None
        if task_id is None:
            return ALLOWED
        subject = hook.tool_input.get("subject")
        return _effects(Effect(breezing_team.record_task, ctx.root, session, task_id,
                               subject if isinstance(subject, str) else None, "pending", None,
                               when="always", label="record the created task"))
    if tool == "TaskUpdate":
        change = response.get("statusChange")
        status = change.get("to") if isinstance(change, dict) else None
        if response.get("success") is not True or status is None:
            return ALLOWED
        return _effects(Effect(breezing_team.record_task, ctx.root, session,
                               hook.tool_input.get("taskId"), None, status, name or bz.LEAD,
                               when="always", label="record the task's status"))
    if tool in AGENT_TOOLS and role == bz.LEAD:
        return _after_agent(ctx, active, progress, response)
    return ALLOWED


def _effects(*effects) -> Verdict:
    return allow(effects=effects)


def _mark(root: str, session: str, key: str) -> None:
    """Stamp ``key`` with the time (epoch seconds) in the session's ledger,
    and ``<key>_seq`` with the ledger's next mark number: two marks within
    one millisecond have the same time, and the order of a review's start
    and a code change decides whether the review covers it
    (:func:`guards.breezing_stops.covers`)."""
    from statefiles import breezing_team  # lazy: as in check

    def change(state):
        seq = state.get("mark_seq")
        seq = (seq if isinstance(seq, int) and not isinstance(seq, bool) else 0) + 1
        state["mark_seq"] = seq
        state[key] = round(time.time(), 3)
        state[f"{key}_seq"] = seq
        return state

    breezing_team.edit_progress(root, session, change)


def _after_agent(ctx, active, progress, response) -> Verdict:
    from statefiles import breezing_team  # lazy: as in check
    from workflow import registry  # lazy: an Agent call of the lead only

    hook = ctx.hook
    agent = registry.agent_name(hook.tool_input.get("subagent_type") or "general-purpose")
    name = hook.tool_input.get("name")
    name = name.strip() if isinstance(name, str) and name.strip() else agent
    entry = (progress.get("roster") or {}).get(name)
    effects = ()
    agent_id = response.get("agent_id") or response.get("agentId")
    if isinstance(entry, dict) and isinstance(agent_id, str):
        effects = (Effect(breezing_team.record_agent_id, ctx.root, active.session_id, name,
                          agent_id, response.get("status") == "teammate_spawned",
                          when="always", label="record the agent id"),)
    if bz.agent_role(agent) == bz.WORK_CHECKER and response.get("status") == "completed":
        result = breezing_team.read_json(ctx.root, breezing_team.REVIEW_RESULT)
        if isinstance(result, dict) and result.get("session_id") == active.session_id:
            return warn(_review_text(ctx, result), effects=effects)
        return warn(ctx.say("breezing_record.no_verdict", session=active.session_id,
                            tag=bz.REVIEW_TAG), effects=effects)
    return allow(effects=effects) if effects else ALLOWED


def _review_text(ctx, result: dict) -> str:
    """What the lead is told after the reviewer's run: the recorded verdict
    and what it means for the phase."""
    from statefiles import breezing, breezing_team  # lazy: as in check

    verdict = result.get("verdict")
    active = breezing.load_active(ctx.root)
    phase = breezing_team.phase_of(active.data if active is not None else None)
    if verdict == breezing_team.APPROVE:
        if phase == breezing_team.POST_DELEGATE:
            return ctx.say("breezing_record.approved", commit=result.get("commit_hash") or "-")
        if result.get("stale"):
            return ctx.say("breezing_record.approved_stale")
        return ctx.say("breezing_record.approved_open", tasks=", ".join(
            result.get("open_tasks") or []) or "-")
    retakes = result.get("retakes") or 0
    if retakes > breezing_team.MAX_RETAKES:
        return ctx.say("breezing_record.escalate", retakes=retakes,
                       reason=result.get("reason") or "-")
    return ctx.say("breezing_record.changes", retakes=retakes, max=breezing_team.MAX_RETAKES,
                   reason=result.get("reason") or "-")
