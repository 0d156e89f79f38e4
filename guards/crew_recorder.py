"""crew-recorder (SubagentStart, SubagentStop, PostToolUse; the crew workflow,
seed 000 "実行ログ"): the execution log written from what the hooks saw.

* SubagentStart of a crew agent → its start time (``agents.jsonl``);
* PostToolUse(Agent) of a crew agent → the link ``tool_use_id`` ↔ ``agent_id``;
* SubagentStop of a crew agent → its stop, tied to its cmd and task by the
  prompt in its transcript (:mod:`workflow.crew.agents`), with what its files
  say:

  - a worker: its result validated (:func:`statefiles.crew.results.validate`)
    → ``success`` / ``partial`` / ``failure`` (with the one-line error and
    the metadata issues), ``timeout`` when it stopped without a successful
    result after ``worker_max_turns`` turns (``partial`` when that was its
    last retry, seed 000 step 6c);
  - the decomposer: the plan it wrote (its fingerprint and problems), and
    whether every task file exists;
  - the plan reviewer: the verdict of its closing line (``APPROVE``,
    ``APPROVE-WITH-NOTES`` or ``REJECT``, :func:`closing_verdict`) for the
    plan as it is now, and ``plan_review.md`` written from its reply (the
    reviewer has no write tools);
  - the aggregator: cmd_report.md and cmd_report_summary.md (≤ 50 lines, with front
    matter) → ``success``, else ``failure``; with ``retrospect.enabled:
    false`` the cmd is closed;
  - the retrospector: retrospective.md → ``success``; the cmd is closed.

* PostToolUse of an edit of ``cmd_report_summary.md`` by the parent (Phase 3
  skipped) with ``retrospect.enabled: false`` closes the cmd too.
* UserPromptSubmit of the user's own words (not a task notification) that
  name proposal ids (``IMP-001``, ``SKILL-002``, ``MEM-3``) → those ids, for
  the latest closed cmd: the batch approval's answer as the user gave it.
  The parent's ``approvals`` are its own key, but an improvement is applied
  only when the user named it (:func:`guards.crew_plan_gate.approved_targets`).

Closing a cmd records its status from the tasks' recorded results
(:func:`statefiles.crew.ledger.cmd_status`): ``success`` only when every task's
result was validated a success. Every record re-renders
``work/<cmd>/execution_log.yaml``. Advisory: recording never blocks.
"""

from __future__ import annotations

import os

from events.context import Context
from events.inputs import AGENT_TOOLS
from events.verdict import ALLOWED, Effect, Verdict, allow
from statefiles.crew import classify
from workflow.crew import agents, cmds, prompts
from workflow.crew import problem as _problem

NAME = "crew-recorder"
ADVISORY = True

VERDICTS = ("APPROVE-WITH-NOTES", "APPROVE", "REJECT")


def check(ctx: Context) -> Verdict:
    """Record what this event shows about a crew agent (see the module
    docstring); always ALLOWED (the records are effects applied whatever
    the outcome)."""
    event = ctx.event
    ops: list = []
    if event == "SubagentStart":
        if agents.role(ctx.hook.agent_type) is not None and ctx.hook.agent_id:
            ops.append(("start", ctx.hook.agent_id, ctx.hook.agent_type))
    elif event == "PostToolUse":
        ops = _post_tool_use(ctx)
    elif event == "SubagentStop":
        ops = _stop(ctx)
    elif event == "UserPromptSubmit":
        ops = _user_named(ctx)
    if not ops:
        return ALLOWED
    return allow(effects=(Effect(apply, ctx.root, ops, when="always",
                                 label="record crew facts"),))


def apply(root: str, ops: list) -> None:
    """Apply the recorded facts ``ops`` in order: ``("start", agent_id,
    agent_type)``, ``("record", cmd, entry)``, ``("write", rel, text)``."""
    from statefiles.atomic import write_atomic  # lazy: applying records only
    from statefiles.crew import ledger  # lazy: as above

    for op in ops:
        if op[0] == "start":
            ledger.record_start(root, op[1], op[2])
        elif op[0] == "record":
            ledger.record(root, op[1], op[2])
        elif op[0] == "write":
            write_atomic(os.path.join(root, *op[1].split("/")), op[2], durable=False)


# ------------------------------------------------------------------ PostToolUse


#: A proposal id of the batch approval (retrospector: ``IMP-NNN``,
#: ``SKILL-NNN``; memory candidates ``MEM-N``).
PROPOSAL_ID = r"(?<![A-Za-z0-9_-])(?:IMP|SKILL|MEM)-\d{1,4}(?![A-Za-z0-9_])"


def _user_named(ctx) -> list:
    prompt = ctx.hook.raw.get("prompt")
    if not isinstance(prompt, str) or prompt.lstrip().startswith("<task-notification"):
        return []
    import re  # lazy: a prompt naming proposal ids only

    if "-" not in prompt:
        return []
    ids = sorted({m.upper() for m in re.findall(PROPOSAL_ID, prompt[:20000], re.I)})
    if not ids:
        return []
    cmd_id = cmds.batch_cmd(ctx.root)
    if cmd_id is None:
        return []
    return [("record", cmd_id, {"kind": "user_named", "ids": ids[:50]})]


def _post_tool_use(ctx) -> list:
    hook = ctx.hook
    if hook.tool_name in AGENT_TOOLS:
        role = agents.role(hook.tool_input.get("subagent_type"))
        response = hook.raw.get("tool_response")
        agent = response.get("agentId") if isinstance(response, dict) else None
        if role is None or not isinstance(agent, str):
            return []
        named = prompts.parse(hook.tool_input.get("prompt"), ctx.root)
        if named.cmd is None:
            return []
        return [("record", named.cmd, {"kind": "link", "tool_use_id": hook.raw.get(
            "tool_use_id"), "agent_id": agent, "role": role})]
    if hook.is_edit_tool and not hook.in_subagent and ctx.target is not None:
        where = classify(ctx.target.rel)
        if where.kind == "summary":
            cmd = cmds.Cmd(ctx.root, where.cmd)
            if cmd.open and not cmd.config.get("retrospect", "enabled"):
                return [_close(cmd)]
    return []


# ------------------------------------------------------------------ SubagentStop


def _stop(ctx) -> list:
    acting = agents.acting(ctx)
    role = acting.role
    if role is None or role == "memory-writer":
        return []  # the memory writer runs after the cmd closed: not a task of it
    cmd_id = acting.cmd or _linked_cmd(ctx)
    if cmd_id is None:
        return []
    cmd = cmds.Cmd(ctx.root, cmd_id)
    if not cmd.exists:
        return []
    message = ctx.hook.raw.get("last_assistant_message")
    message = message if isinstance(message, str) else ""
    base = {"kind": "stop", "role": role, "task": acting.task, "agent_id": ctx.hook.agent_id}
    ops: list = []
    if agents.is_worker(role):
        if acting.task is None:
            return []
        base.update(_worker(ctx, cmd, role, acting.task))
    elif role == "decomposer":
        from statefiles.crew import plan as _plan  # lazy: the decomposer's stop only

        plan = cmd.plan
        missing = [n for n in plan.tasks if not os.path.isfile(
            os.path.join(ctx.root, "work", cmd.cmd, "tasks", f"task_{n}.md"))]
        problems = list(plan.problems) + [_problem("crew.file_missing", file=f"tasks/task_{n}.md")
                                          for n in missing]
        if not plan.found:
            problems.insert(0, _problem("crew.plan_no_table"))
        ops.append(("record", cmd.cmd, {"kind": "plan", "fingerprint": _plan.fingerprint(
            ctx.root, cmd.cmd), "tasks": len(plan.tasks), "problems": problems[:10]}))
        base.update(status="failure" if problems else "success",
                    error=problems[0] if problems else None)
    elif role == "plan-reviewer":
        from statefiles.crew import plan as _plan  # lazy: the reviewer's stop only

        verdict, notes = closing_verdict(message)
        if verdict is not None:
            ops.append(("record", cmd.cmd, {"kind": "plan_validation", "verdict": verdict,
                                            "notes": notes, "fingerprint": _plan.fingerprint(
                                                ctx.root, cmd.cmd)}))
        ops.append(("write", f"work/{cmd.cmd}/plan_review.md", _review_file(
            cmd.cmd, message, verdict)))
        base.update(status="success" if verdict else "failure",
                    error=None if verdict else _problem("crew.review_no_verdict"))
    elif role == "aggregator":
        problem = cmds.summary_problem(cmd)
        base.update(status="failure" if problem else "success", error=problem)
        ops.append(("record", cmd.cmd, base))
        if not problem and not cmd.config.get("retrospect", "enabled"):
            ops.append(_close(cmd))
        return ops
    elif role == "retrospector":
        exists = os.path.isfile(cmd.path("retrospective.md"))
        base.update(status="success" if exists else "failure",
                    error=None if exists else _problem("crew.file_missing",
                                                      file="retrospective.md"))
        ops.append(("record", cmd.cmd, base))
        if exists:
            ops.append(_close(cmd))
        return ops
    ops.append(("record", cmd.cmd, base))
    return ops


def _linked_cmd(ctx) -> str | None:
    """The cmd whose record links this agent id (PostToolUse of a background
    launch), when its transcript could not be read."""
    from statefiles.crew import ledger  # lazy: a fallback on a stop only

    agent = ctx.hook.agent_id
    for cmd in cmds.open_cmds(ctx.root):
        if any(r.get("kind") == "link" and r.get("agent_id") == agent
               for r in ledger.records(ctx.root, cmd.cmd)):
            return cmd.cmd
    return None


def _worker(ctx, cmd, role: str, number: int) -> dict:
    from statefiles.crew import results  # lazy: a worker's stop only

    report = results.validate(ctx.root, f"work/{cmd.cmd}/results/result_{number}.md", role)
    status = results.task_status(report)
    error = results.one_line(report) or None
    if status != "success":
        turns = _turns(agents.transcript(ctx.hook))
        if turns >= cmd.config.worker_max_turns:
            status = "timeout"
            stopped = _problem("crew.worker_turns", turns=turns,
                              limit=cmd.config.worker_max_turns)
            error = _problem("crew.and", first=stopped, second=error) if error else stopped
            entry = cmd.state.worker(number)
            if entry is not None and entry.retries >= cmd.config.max_retries:
                # seed 000 step 6c: a timeout out of retries is recorded partial
                status, error = "partial", _problem("crew.worker_last_retry", error=error)
    return {"status": status, "error": error, "metadata_issues": report["issues"][:10],
            "quality": (report.get("metadata") or {}).get("quality"),
            "completeness": (report.get("metadata") or {}).get("completeness")}


def _turns(path) -> int:
    """Assistant messages in a subagent transcript (its API round trips)."""
    if not path:
        return 0
    try:
        with open(path, "rb") as fh:
            raw = fh.read(16 * 1024 * 1024)
    except OSError:
        return 0
    from statefiles import fastjson  # lazy: an unsuccessful worker's stop only

    seen = set()
    for number, line in enumerate(raw.split(b"\n")):
        if b"assistant" not in line:
            continue
        try:
            entry = fastjson.loads(line.decode("utf-8"))
        except (ValueError, UnicodeDecodeError, RecursionError):
            continue
        if isinstance(entry, dict) and entry.get("type") == "assistant":
            # one API answer may be stored as several lines (one per content
            # block), all with the same message id
            message = entry.get("message")
            ident = message.get("id") if isinstance(message, dict) else None
            seen.add(ident if isinstance(ident, str) else number)
    return len(seen)


def _close(cmd) -> tuple:
    from statefiles.crew import ledger  # lazy: closing a cmd only

    return ("record", cmd.cmd, {"kind": "close", "status": ledger.cmd_status(cmd.statuses())})


def closing_verdict(message: str) -> tuple:
    """``(verdict, notes)`` of a plan review reply: its last line that is
    not blank, read as ``[PLAN REVIEW:] APPROVE``, ``APPROVE-WITH-NOTES`` or
    ``REJECT`` with an optional reason after ``-``, ``—`` or ``:``. The
    line rules are the verdict block's (:mod:`workflow.subagent_reply`: list
    bullets and emphasis tolerated; a reply that ends inside a code fence or
    with a quote has no verdict), so a verdict quoted earlier never counts.
    ``(None, "")`` when the reply does not end with one."""
    from workflow.subagent_reply import _undecorated, _unfenced  # lazy: the reviewer's stop only

    lines = [(raw, eligible) for raw, eligible in _unfenced(message or "") if raw.strip()]
    if not lines or not lines[-1][1]:
        return None, ""
    last = _undecorated(lines[-1][0])
    if last.upper().startswith("PLAN REVIEW:"):
        last = last[len("PLAN REVIEW:"):].strip().strip("*_` ")
    for verdict in VERDICTS:
        if last.upper().startswith(verdict) and (len(last) == len(verdict) or not (
                last[len(verdict)].isalnum() or last[len(verdict)] == "-")):
            notes = last[len(verdict):].strip(" *`_").lstrip("-—–:").strip()
            if verdict == "APPROVE-WITH-NOTES" and not notes:
                notes = _notes_before([raw for raw, _ok in lines[:-1]])
            return verdict, notes[:500]
    return None, ""


def _notes_before(lines: list) -> str:
    bullets = [ln.strip().lstrip("-*• ").strip() for ln in lines[-5:]
               if ln.strip().startswith(("-", "*", "•"))]
    return "; ".join(b for b in bullets if b)


def _review_file(cmd: str, message: str, verdict) -> str:
    return (f"<!-- written by playgate's hooks from crew-plan-reviewer's reply for {cmd}; "
            f"verdict: {verdict or 'none found'} -->\n\n" + message.strip() + "\n")

