"""Where a cmd stands and what the parent does next, from the hooks' record
(seed 000 Phase 2 steps 4–9, "チェックポイント再開"). The crew's reminder
and session-start guards say it; nothing here decides a refusal.

Each function returns catalogue messages (:func:`workflow.crew.say`: ``crew.next_*``,
``crew.wave_*``...) for the guard to say in the session's language.
"""

from __future__ import annotations

import os

from workflow.crew import agents, say


def _runnable(cmd) -> list:
    """Planned tasks that may start now: not run, or failed with retries
    left, every dependency a success; in table order."""
    st, statuses = cmd.state, cmd.statuses()
    out = []
    for number, task in cmd.plan.tasks.items():
        status, _error = statuses[number]
        entry = st.worker(number)
        if entry is not None and entry.running:
            continue
        retry = entry is not None and status in ("partial", "failure", "timeout") \
            and entry.retries < cmd.config.max_retries
        if status != "pending" and not retry:
            continue
        if all(statuses.get(d, ("pending",))[0] == "success" for d in task.depends):
            out.append(task)
    return out


def _open(cmd, number: int, status: str) -> bool:
    """The task may still change: not run, running, or unsuccessful with
    retries left."""
    if status in ("pending", "running", "retrying"):
        return True
    entry = cmd.state.worker(number)
    return (status in ("partial", "failure", "timeout") and entry is not None
            and entry.retries < cmd.config.max_retries)


def wave_line(cmd):
    """``crew.wave_status``: the current wave and its counts."""
    statuses = cmd.statuses()
    waves = cmd.plan.waves()
    if not waves:
        return None
    current = len(waves)
    for k, group in enumerate(waves, start=1):
        if any(_open(cmd, t.number, statuses[t.number][0]) for t in group):
            current = k
            break
    group = waves[current - 1]
    ok = sum(1 for t in group if statuses[t.number][0] == "success")
    return say("crew.wave_status", cmd=cmd.cmd, wave=current, waves=len(waves),
                                ok=ok, total=len(group))


def next_step(cmd):
    """The parent's next step for the cmd, a message (:func:`workflow.crew.say`)."""
    from workflow.crew.cmds import plan_gate  # lazy: a reminder only

    st = cmd.state
    if st.closed is not None:
        return approval(cmd)
    decomposer = st.phase("decomposer")
    if decomposer is None or not cmd.plan.found:
        return say("crew.next_decompose", cmd=cmd.cmd)
    gate = plan_gate(cmd)
    if gate is not None:
        return gate
    running = [e for e in st.running() if e.role in agents.WORKERS]
    ready = _runnable(cmd)
    if ready:
        wave = min(t.wave or 0 for t in ready)
        group = [t for t in ready if t.wave == wave]
        retries = [t for t in group if st.worker(t.number) is not None]
        if retries and len(retries) == len(group):
            from messages import Text  # lazy: a retry reminder only

            return say("crew.next_retry", cmd=cmd.cmd, tasks=Text.join(", ", (
                Text("crew.task_retry", task=t.number, agent=agents.agent_type_of(t.persona),
                     retry=st.worker(t.number).retries + 1, limit=cmd.config.max_retries)
                for t in group)))
        tasks = ", ".join(f"task_{t.number} ({agents.agent_type_of(t.persona)})" for t in group)
        phrase = eta(cmd, group)
        background = len(group) >= cmd.config.background_threshold
        return say("crew.next_wave", cmd=cmd.cmd, wave=wave, waves=len(cmd.plan.waves()),
                                  tasks=tasks, count=len(group),
                                  eta=" (background)" if background else (
                                      f" ({phrase} est.)" if phrase else ""),
                                  background="true" if background else "false")
    if running:
        return say("crew.next_wait", tasks=", ".join(f"task_{e.task}" for e in running))
    aggregator = st.phase("aggregator")
    if aggregator is None or aggregator.status != "success":
        failed = sorted(n for n, (s, _e) in cmd.statuses().items() if s != "success")
        line = "FAILED_TASKS: [" + ", ".join(map(str, failed)) + "]" if failed else \
            say("crew.no_failed_tasks_line")
        return say("crew.next_aggregate", cmd=cmd.cmd, failed=line)
    if not cmd.config.get("retrospect", "enabled"):
        return approval(cmd)
    return say("crew.next_retrospect", cmd=cmd.cmd, mode=retrospect_mode(cmd))


def approval(cmd):
    """``crew.next_approval`` with where cmd_report.md's memory candidates are
    (the offset and limit of a Read the path-passer rule allows)."""
    from workflow.crew.cmds import memory_section  # lazy: the approval step only

    text = _read(cmd.path("cmd_report.md"))
    section = memory_section(text) if text else None
    if section is None:
        memory = say("crew.memory_none", cmd=cmd.cmd)
    else:
        memory = say("crew.memory_at", cmd=cmd.cmd, offset=section[0],
                     limit=section[1] - section[0] + 1)
    return say("crew.next_approval", cmd=cmd.cmd, memory=memory)


def _read(path: str) -> str | None:
    try:
        with open(path, "rb") as fh:
            return fh.read(2 * 1024 * 1024).decode("utf-8", "replace")
    except OSError:
        return None


def retrospect_mode(cmd) -> str:
    """``full`` or ``light`` from cmd_report_summary.md's front matter (seed 000
    Phase 4 "モード判定"); ``full`` when it cannot be read."""
    from statefiles.crew.frontmatter import read  # lazy: a reminder only

    header, _text = read(cmd.path("cmd_report_summary.md"))
    if header is None or not header.closed:
        return "full"
    return "full" if full_mode(header.data) else "light"


def full_mode(summary: dict) -> bool:
    """Seed 000 Phase 4: full when the summary says status failure or
    partial, quality RED, quality YELLOW with completeness below 80, or
    names any failed task; light otherwise (a status other than success
    reads as full)."""
    status = str(summary.get("status") or "").strip().lower()
    quality = str(summary.get("quality") or "").strip().upper()
    try:
        completeness = int(str(summary.get("completeness", 100)).strip().rstrip("%"))
    except ValueError:
        completeness = 0
    return (status != "success" or quality == "RED"
            or (quality == "YELLOW" and completeness < 80) or bool(summary.get("failed_tasks")))


def eta(cmd, tasks: list) -> str:
    """The wave's ETA phrase (seed 000 "Wave進捗メッセージの ETA 計算"): per
    persona the mean duration of ten or more recorded runs, else the
    fallback (researcher 60 s, writer 90, coder 120, reviewer 45); summed,
    divided by ``max_parallel``, rounded ("~1 min" under 90 s, "~2 min" to
    150 s, else the nearest minute)."""
    from workflow.crew import stats  # lazy: a wave message only

    means = stats.persona_means(cmd.root, minimum=10)
    total = sum(means.get(t.persona, stats.FALLBACK_SECONDS.get(t.persona, 0)) for t in tasks)
    if not total:
        return ""
    seconds = total / max(1, cmd.config.max_parallel)
    return stats.rounded(seconds)


def duration_warning(cmd):
    """``crew.duration`` when ``max_cmd_duration_sec`` is set and the cmd has
    run longer (seed 000 step 9: a warning, never a stop)."""
    limit = cmd.config.max_cmd_duration_sec
    started = cmd.state.started
    if not limit or not started or cmd.state.closed is not None:
        return None
    import time  # lazy: a reminder only

    from statefiles.stamps import local_seconds  # lazy: as above

    try:
        elapsed = int(time.time() - local_seconds(started))
    except (TypeError, ValueError):
        return None
    if elapsed <= limit:
        return None
    return say("crew.duration", cmd=cmd.cmd, elapsed=elapsed, limit=limit)


def checkpoint(cmd) -> list:
    """Where an unfinished cmd stopped (seed 000 "チェックポイント再開"), as
    catalogue entries: the tasks done, failed, interrupted (with whether
    their result exists: skip it when it validates, else run it again) and
    pending, then the next step."""
    # lazy: session start with an open cmd only
    from messages import Text
    from statefiles.crew import results

    st = cmd.state
    statuses = cmd.statuses() if cmd.plan.found else {}
    done, failed, interrupted, pending = [], [], [], []
    for number, (status, _error) in statuses.items():
        entry = st.worker(number)
        if status == "success":
            done.append(f"task_{number}")
        elif status in ("running", "retrying"):
            persona = cmd.plan.tasks[number].persona
            ok = results.validate(cmd.root, f"work/{cmd.cmd}/results/result_{number}.md",
                                  persona)
            present = results.task_status(ok) == "success"
            interrupted.append(Text("crew.task_result_present" if present
                                    else "crew.task_no_result", task=number))
        elif status in ("partial", "failure", "timeout"):
            failed.append(Text("crew.task_failed", task=number, status=status,
                               retries=entry.retries if entry else 0))
        else:
            pending.append(f"task_{number} ({status})")
    phases = [f"{e.role} {e.status}" for e in st.entries.values()
              if e.role not in agents.WORKERS]
    out = [say("crew.checkpoint", cmd=cmd.cmd, phases=", ".join(phases) or "-",
                                done=", ".join(done) or "-",
                                failed=Text.join(", ", failed) if failed else "-",
                                interrupted=Text.join(", ", interrupted) if interrupted else "-",
                                pending=", ".join(pending) or "-",
                                log=f"work/{cmd.cmd}/execution_log.yaml")]
    out.append(next_step(cmd))
    return out


def exists(cmd, name: str) -> bool:
    return os.path.isfile(cmd.path(name))
