"""crew-resume (SessionStart; the crew workflow, seed 000 "チェックポイント再開").

While ``config.workflow`` is ``crew``, session start tells the parent how
work starts (``Skill(skill='crew')``), names problems of
``.claude/crew-config.yaml``, and, for every cmd that is still open, where
it stopped — from the hooks' record, not from anything the parent wrote:
the phases run, the tasks done, failed (with their retries), interrupted
while running (with whether a valid result exists: then it is skipped,
else run again) and pending, and the step to resume with
(:func:`workflow.crew.progress.checkpoint`). Advisory.

A session that starts anew (``startup`` or ``resume``: a new process, so no
subagent of the last one still runs) records, for each task the record
shows running, whose result file now validates a success, that task's stop
as a success: the seed skips such a task ("running だったタスクは result
ファイルが存在すればスキップ"), and its dependents may then start. The
result is judged as at a worker's stop (:mod:`guards.crew_recorder`).
"""

from __future__ import annotations

from events.context import Context
from events.verdict import Effect, Verdict, warn
from workflow.crew import cmds, progress
from statefiles.crew import config as crew_config

NAME = "crew-resume"
ADVISORY = True


def check(ctx: Context) -> Verdict:
    """SessionStart: a WARN with how the crew workflow starts, configuration
    problems and the checkpoint of each open cmd."""
    lines = [ctx.say("crew.session_start")]
    cfg = crew_config.load(ctx.root)
    for key, problem in cfg.problems[:5]:
        lines.append(ctx.say("crew.config_problem", file=crew_config.CONFIG_FILE, key=key,
                             problem=problem))
    server = cfg.memory_server
    if server and server != "memory":
        # The shipped agents list the tools of a server named `memory` (the seed's).
        lines.append(ctx.say("crew.memory_name", server=server))
    fresh = ctx.hook.raw.get("source") in ("startup", "resume")
    recovered: list = []
    for cmd in cmds.open_cmds(ctx.root, cfg):
        if not cmd.state.entries:
            lines.append(ctx.say("crew.checkpoint_new", cmd=cmd.cmd))
            continue
        if fresh:
            stops = _recover(cmd)
            if stops:
                recovered.append((cmd.cmd, stops))
                cmd.recount(stops)
        for message in progress.checkpoint(cmd):
            lines.append(ctx.render(message))
    effects = tuple(Effect(_record, ctx.root, cmd_id, stops, when="always",
                           label="record crew facts") for cmd_id, stops in recovered)
    return warn("\n".join(lines), effects=effects)


def _recover(cmd) -> list:
    """Stop records (``status: success``) for the worker tasks the record
    shows running whose result validates a success now."""
    from statefiles.crew import ledger, results  # lazy: a fresh session with a running task

    out = []
    for (role, task), entry in cmd.state.entries.items():
        if task is None or not entry.running or role in ledger.PHASE_ROLES:
            continue
        report = results.validate(cmd.root, f"work/{cmd.cmd}/results/result_{task}.md", role)
        if results.task_status(report) != "success":
            continue
        meta = report.get("metadata") or {}
        out.append({"kind": "stop", "role": role, "task": task, "agent_id": None,
                    "status": "success", "error": None,
                    "metadata_issues": report["issues"][:10], "quality": meta.get("quality"),
                    "completeness": meta.get("completeness"),
                    "recovered": "result found at session start"})
    return out


def _record(root: str, cmd_id: str, stops: list) -> None:
    from statefiles.crew import ledger  # lazy: applying the records only

    for stop in stops:
        ledger.record(root, cmd_id, stop)
