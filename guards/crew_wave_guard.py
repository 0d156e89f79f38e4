"""crew-wave-guard (PreToolUse Agent/Task; the crew workflow, seed 000 Phase 2).

When the parent starts one of the crew's agents (``crew-decomposer``,
``crew-plan-reviewer``, a worker ``crew-researcher|writer|coder|reviewer``,
``crew-aggregator``, ``crew-retrospector``), the call is judged against the
cmd its prompt names and what the hooks recorded for it
(:mod:`statefiles.crew.ledger`):

* the prompt names exactly one cmd, which exists and is open, and passes
  paths, not contents (at most :data:`MAX_PROMPT` characters beyond the
  phase's configured instructions);
* a worker gets exactly one task ("1つのサブエージェントに複数の独立タスクを
  詰め込むこと" is forbidden), whose plan row's persona is the worker's;
* the plan is validated where it must be (:func:`workflow.crew.cmds.plan_gate`:
  a cmd whose tasks write code needs the plan reviewer's APPROVE first);
* every dependency of the task has a successful, still valid result
  ("依存元が未完了のタスクは絶対に実行しない"), the refusal naming them;
* the task is not running already, has retries left (``max_retries``) and
  did not succeed already;
* no running task of the cmd writes a file this one writes (one writer per
  file within a wave);
* the aggregator starts when no task can run any more, and its prompt lists
  every task without a successful result as ``FAILED_TASKS`` (seed 000 step 4f);
* the retrospector gets ``MODE: full`` when the summary's front matter calls
  for it (a forced full run is allowed);
* the decomposer runs at most three times per cmd (the plan, one
  re-decomposition after a REJECT, one feedback loop), the plan reviewer
  only on a plan without problems;
* the memory writer (the batch approval's) only for a closed cmd, with a
  memory server configured.

An allowed call is recorded (``launch``; the cmd's first launch also
records ``base_commit`` and the branch). Other agents pass, unless their
prompt hands them a cmd's task: that is a crew worker's job. Crew agents do
not start crew agents. Only while ``config.workflow`` is ``crew``
(:data:`workflow.registry.WORKFLOWS`).
"""

from __future__ import annotations

import os

from events.context import Context
from events.inputs import AGENT_TOOLS
from events.verdict import ALLOWED, Effect, Verdict, allow, block
from workflow.crew import agents, cmds, progress, prompts

NAME = "crew-wave-guard"
ADVISORY = False

#: Characters of a crew agent's prompt beyond the phase instructions: paths
#: and a few lines, never a template's or a task's contents (seed 000 "prompt
#: に TEMPLATE_PATH + 上記3パスを明記する（テンプレートの内容は含めない）").
MAX_PROMPT = 2000
#: The decomposer's runs per cmd: the plan, one re-decomposition after a
#: REJECT, one feedback loop (seed 000: each "1回限り").
MAX_DECOMPOSE = 3
PHASE_OF = {"decomposer": "decompose", "aggregator": "aggregate", "retrospector": "retrospect"}
#: The models the crew's agent definitions name (seed 000: the plan reviewer
#: on haiku), recorded when the call names none.
DEFAULT_MODELS = {"plan-reviewer": "haiku", "memory-writer": "haiku"}


def check(ctx: Context) -> Verdict:
    """Agent/Task: BLOCK a crew agent's start that breaks the rules above,
    with what to do instead; ALLOWED (recording the launch) otherwise."""
    hook = ctx.hook
    if hook.tool_name not in AGENT_TOOLS:
        return ALLOWED
    ti = hook.tool_input
    role = agents.role(ti.get("subagent_type"))
    prompt = ti.get("prompt") if isinstance(ti.get("prompt"), str) else ""
    named = prompts.parse(prompt, ctx.root)
    if role is None:
        if named.tasks:
            cmd, number = sorted(named.tasks)[0]
            return block(ctx.say("crew.not_a_worker", agent=ti.get("subagent_type") or "-",
                                 task=f"work/{cmd}/tasks/task_{number}.md"))
        return ALLOWED
    if hook.in_subagent:
        return block(ctx.say("crew.nested", agent=agents.agent_type_of(role)))
    if named.cmd is None:
        return block(ctx.say("crew.one_cmd", agent=agents.agent_type_of(role),
                             found=", ".join(named.cmds) or "none"))
    cmd = cmds.Cmd(ctx.root, named.cmd)
    if not cmd.exists:
        return block(ctx.say("crew.no_cmd_dir", cmd=named.cmd))
    if role == "memory-writer":
        problem = _judge_memory_writer(ctx, cmd)
        return ALLOWED if problem is None else block(problem)
    if not cmd.open:
        return block(ctx.say("crew.cmd_closed", cmd=named.cmd))
    extra = cmd.config.get("phase_instructions", PHASE_OF.get(role, "execute"))
    if len(prompt) > MAX_PROMPT + len(extra or ""):
        return block(ctx.say("crew.prompt_too_long", size=len(prompt), limit=MAX_PROMPT))
    problem = _judge(ctx, cmd, role, named)
    if problem is not None:
        return block(problem)
    return allow(effects=(Effect(_record_launch, ctx.root, named.cmd, _launch(ctx, cmd, role,
                                                                           named),
                                 when="on_pass", label="record the crew launch"),))


def _launch(ctx, cmd, role: str, named) -> dict:
    ti = ctx.hook.tool_input
    task = None
    if agents.is_worker(role):
        task = sorted(n for c, n in named.tasks if c == cmd.cmd)[0]
    model = ti.get("model") if isinstance(ti.get("model"), str) else None
    if model is None and task is not None and task in cmd.plan.tasks:
        model = cmd.plan.tasks[task].model
    if model is None:
        model = DEFAULT_MODELS.get(role) or (cmd.config.get("retrospect", "model")
                                             if role == "retrospector"
                                             else cmd.config.default_model)
    record = {"kind": "launch", "role": role, "task": task, "model": model,
              "tool_use_id": ctx.hook.raw.get("tool_use_id") or None,
              "background": ti.get("run_in_background") is not False,
              "session_id": ctx.hook.session_id or None}
    first = None
    if not cmd.state.entries and cmd.state.base_commit is None:
        from statefiles import gitinfo  # lazy: the cmd's first launch only

        first = {"kind": "cmd", "base_commit": _head(ctx.root),
                 "branch": gitinfo.current_branch(ctx.root)}
    return {"first": first, "launch": record}


def _head(root: str) -> str | None:
    """HEAD's commit, read from ``.git`` without running git (``None`` when
    it cannot be read: an unborn branch, a packed ref this reader misses)."""
    from statefiles import gitinfo  # lazy: the cmd's first launch only

    git = gitinfo.git_dir(root)
    if git is None:
        return None
    try:
        with open(os.path.join(git, "HEAD"), encoding="utf-8") as fh:
            head = fh.read(200).strip()
    except OSError:
        return None
    if not head.startswith("ref: "):
        return head[:40] or None
    ref = head[5:].strip()
    try:
        with open(os.path.join(git, *ref.split("/")), encoding="utf-8") as fh:
            return fh.read(64).strip()[:40] or None
    except OSError:
        pass
    try:
        with open(os.path.join(git, "packed-refs"), encoding="utf-8") as fh:
            for line in fh:
                parts = line.split()
                if len(parts) == 2 and parts[1] == ref:
                    return parts[0]
    except OSError:
        pass
    return None


def _record_launch(root: str, cmd: str, data: dict) -> None:
    from statefiles.crew import ledger  # lazy: an allowed crew launch only

    if data.get("first"):
        ledger.record(root, cmd, data["first"])
    ledger.record(root, cmd, data["launch"])


def _interrupted(ctx, entry) -> bool:
    """A running entry launched in another session: that session ended
    without the agent's stop (checkpoint resume reruns it)."""
    return False if entry is None else (entry.running and entry.session != ctx.hook.session_id)


def _judge(ctx, cmd, role: str, named):
    st = cmd.state
    if role == "decomposer":
        if (cmd.cmd, "request") not in named.files:
            return ctx.say("crew.decomposer_request", cmd=cmd.cmd)
        if _busy(ctx, st.phase(role)):
            return ctx.say("crew.running", what="crew-decomposer", cmd=cmd.cmd)
        if st.launches(role) >= MAX_DECOMPOSE:
            return ctx.say("crew.decompose_limit", cmd=cmd.cmd, limit=MAX_DECOMPOSE)
        return None
    if role == "plan-reviewer":
        plan = cmd.plan
        if not plan.found:
            return ctx.say("crew.no_plan", cmd=cmd.cmd)
        if plan.problems:
            from messages import Text  # lazy: a plan with problems only

            return ctx.say("crew.plan_problems", cmd=cmd.cmd, problems=Text.join(
                "; ", plan.problems[:4]))
        if _busy(ctx, st.phase(role)):
            return ctx.say("crew.running", what="crew-plan-reviewer", cmd=cmd.cmd)
        return None
    if agents.is_worker(role):
        return _judge_worker(ctx, cmd, role, named)
    if role == "aggregator":
        return _judge_aggregator(ctx, cmd, named)
    if role == "retrospector":
        return _judge_retrospector(ctx, cmd, named)
    return None


def _judge_memory_writer(ctx, cmd):
    """The memory writer is the batch approval's: it runs for a cmd that is
    closed (its retrospect, or its aggregate with ``retrospect.enabled:
    false``, done), and only with a memory server configured. Its prompt
    lists the approved entities, so no length limit; nothing is recorded
    (the cmd's log is closed: the parent records the approvals)."""
    if not cmd.config.memory_server:
        return ctx.say("crew.memory_off")
    if cmd.aborted:
        return ctx.say("crew.cmd_closed", cmd=cmd.cmd)
    if cmd.state.closed is None:
        return ctx.say("crew.memory_early", cmd=cmd.cmd)
    return None


def _busy(ctx, entry) -> bool:
    return entry is not None and entry.running and not _interrupted(ctx, entry)


def _judge_worker(ctx, cmd, role: str, named):
    # lazy: the plan and the results only when a worker starts
    from statefiles.crew import plan as _plan
    from statefiles.crew import results

    numbers = sorted(n for c, n in named.tasks if c == cmd.cmd)
    if len(numbers) != 1:
        return ctx.say("crew.one_task", agent=agents.agent_type_of(role), cmd=cmd.cmd,
                       found=", ".join(f"task_{n}" for n in numbers) or "none")
    number = numbers[0]
    stray = sorted(n for c, n in named.results if n != number)
    if stray:
        return ctx.say("crew.wrong_result", task=number, result=f"result_{stray[0]}.md")
    gate = cmds.plan_gate(cmd)
    if gate is not None:
        return ctx.render(gate)
    task = cmd.plan.tasks.get(number)
    if task is None:
        return ctx.say("crew.unknown_task", cmd=cmd.cmd, task=number)
    if task.persona != role:
        return ctx.say("crew.wrong_persona", task=number, persona=task.persona,
                       agent=agents.agent_type_of(task.persona or "researcher"),
                       given=agents.agent_type_of(role))
    st = cmd.state
    missing = []
    for dep in task.depends:
        entry = st.worker(dep)
        ok = entry is not None and entry.status == "success" and results.validate(
            ctx.root, f"work/{cmd.cmd}/results/result_{dep}.md",
            cmd.plan.tasks[dep].persona if dep in cmd.plan.tasks else None)["status"] == "pass"
        if not ok:
            missing.append(f"task_{dep} ({entry.status if entry else 'not run'})")
    if missing:
        return ctx.say("crew.dependencies", task=number, missing=", ".join(missing))
    entry = st.worker(number)
    if entry is not None:
        if _busy(ctx, entry):
            return ctx.say("crew.running", what=f"task_{number}", cmd=cmd.cmd)
        if entry.status == "success":
            return ctx.say("crew.already_done", task=number, cmd=cmd.cmd)
        if not entry.running and entry.retries >= cmd.config.max_retries:
            return ctx.say("crew.retry_limit", task=number, retries=entry.retries,
                           limit=cmd.config.max_retries)
    for other in st.running():
        if other.role in agents.WORKERS and other.task != number and not _interrupted(
                ctx, other) and other.task in cmd.plan.tasks:
            shared = _plan.overlap(task.writes, cmd.plan.tasks[other.task].writes)
            if shared:
                return ctx.say("crew.same_file", task=number, other=other.task, file=shared)
    return None


def _judge_aggregator(ctx, cmd, named):
    st = cmd.state
    if _busy(ctx, st.phase("aggregator")):
        return ctx.say("crew.running", what="crew-aggregator", cmd=cmd.cmd)
    running = [e for e in st.running() if e.role in agents.WORKERS and not _interrupted(ctx, e)]
    if running:
        return ctx.say("crew.workers_running", cmd=cmd.cmd, tasks=", ".join(
            f"task_{e.task}" for e in running))
    statuses = cmd.statuses()
    waiting = []
    for number, (status, _error) in statuses.items():
        entry = st.worker(number)
        if status == "pending" or (entry is not None and status in ("partial", "failure",
                                                                      "timeout")
                                   and entry.retries < cmd.config.max_retries):
            waiting.append(f"task_{number} ({status})")
    if waiting:
        return ctx.say("crew.tasks_left", cmd=cmd.cmd, tasks=", ".join(waiting))
    failed = sorted(n for n, (status, _e) in statuses.items() if status != "success")
    listed = set(named.failed_tasks or [])
    if failed and not set(failed) <= listed:
        return ctx.say("crew.failed_tasks", cmd=cmd.cmd,
                       line="FAILED_TASKS: [" + ", ".join(map(str, failed)) + "]")
    return None


def _judge_retrospector(ctx, cmd, named):
    from statefiles.crew.frontmatter import read  # lazy: the retrospector's start only

    if _busy(ctx, cmd.state.phase("retrospector")):
        return ctx.say("crew.running", what="crew-retrospector", cmd=cmd.cmd)
    header, _text = read(cmd.path("cmd_report_summary.md"))
    if header is None:
        return ctx.say("crew.no_summary", cmd=cmd.cmd)
    full = progress.full_mode(header.data)
    if named.mode not in ("full", "light"):
        return ctx.say("crew.mode_missing", mode="full" if full else "light")
    if full and named.mode != "full":
        return ctx.say("crew.mode_full", cmd=cmd.cmd)
    return None

