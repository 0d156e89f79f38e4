"""crew-files (PreToolUse Edit/Write/MultiEdit/NotebookEdit and Bash; the crew
workflow, seed 000 "ディレクトリ構造"; WORKFLOWS.md "roles own their files").

Inside ``work/cmd_NNN/`` each file has its writer, seen by the agent type of
the call (matched exactly) and, for a worker, by the task its prompt names:

=========================  ======================================================
file                       who may write it
=========================  ======================================================
``request.md``             the parent
``plan.md``,               ``crew-decomposer``; ``plan.md`` and ``tasks/task_1.md``
``plan_retry.md``,         also the parent when it skips Phase 1: a one-row plan
``tasks/task_N.md``        (task 1, no dependencies) before any agent of the cmd ran
``plan_review.md``         nobody: the hooks write it from the plan reviewer's reply
``results/result_N.md``    the worker of task N; the parent only a result that
                           says ``status: failure``, for a task out of retries
                           (seed 000 step 4f: "親が最小限の failure result を生成する")
``execution_log.yaml``     the parent, only its own top-level keys: the hooks'
                           keys (:data:`statefiles.crew.ledger.HOOK_KEYS`) stay as
                           the hooks wrote them
``cmd_report.md``              ``crew-aggregator``
``cmd_report_summary.md``      ``crew-aggregator``; the parent when Phase 3 is
                           skipped (at most two tasks, no aggregator run), with
                           front matter and no success the record does not show
``retrospective.md``       ``crew-retrospector``
=========================  ======================================================

Other files in a cmd directory are free. A Bash command that writes one of
the files above is refused (write it with the Write tool, which these rules
judge), except the crew's own scripts. Only while ``config.workflow`` is
``crew``.
"""

from __future__ import annotations

from events.context import Context
from events.verdict import ALLOWED, Verdict, block
from statefiles.crew import (
    LOG,
    PLAN,
    PLAN_RETRY,
    PLAN_REVIEW,
    REPORT,
    REQUEST,
    RESULT,
    RETROSPECTIVE,
    SUMMARY,
    TASK,
    classify,
)
from workflow.crew import agents, cmds

NAME = "crew-files"
ADVISORY = False

#: kind → the crew role that writes it (``"parent"``: the main session).
OWNERS = {REQUEST: "parent", PLAN: "decomposer", PLAN_RETRY: "decomposer",
          TASK: "decomposer", REPORT: "aggregator", SUMMARY: "aggregator",
          RETROSPECTIVE: "retrospector", LOG: "parent"}
GUARDED = frozenset(OWNERS) | {PLAN_REVIEW, RESULT}


def check(ctx: Context) -> Verdict:
    """Edit tools and Bash: BLOCK a write of a cmd file by anyone but its
    writer (see the table above); ALLOWED otherwise."""
    hook = ctx.hook
    if hook.is_edit_tool:
        target = ctx.target
        where = classify(target.rel if target is not None else None)
        if where.cmd is None or where.kind not in GUARDED:
            return ALLOWED
        return _judge(ctx, where, target.rel)
    if hook.tool_name == "Bash":
        return _bash(ctx)
    return ALLOWED


def _who(ctx) -> tuple:
    """``(role, acting)``: ``"parent"`` for the main session, the crew role of
    a crew agent, ``"other"`` for any other subagent."""
    if not ctx.hook.in_subagent:
        return "parent", None
    acting = agents.acting(ctx)
    return (acting.role or "other"), acting


def _judge(ctx, where, rel: str) -> Verdict:
    role, acting = _who(ctx)
    kind = where.kind
    if kind == PLAN_REVIEW:
        return block(ctx.say("crew.files_review", path=rel))
    if kind == RESULT:
        return _result(ctx, where, rel, role, acting)
    if kind == LOG:
        if role != "parent":
            return block(ctx.say("crew.files_owner", path=rel, owner=ctx.say("crew.who_parent"),
                                 agent=_label(ctx, role)))
        return _log(ctx, rel)
    owner = OWNERS[kind]
    if kind == SUMMARY and role == "parent":
        cmd = cmds.Cmd(ctx.root, where.cmd)
        if cmd.state.phase("aggregator") is None and len(cmd.plan.tasks) <= 2:
            # The parent's summary says what the record says, like the aggregator's.
            post = ctx.post_edit
            after = post.after if post is not None and post.applies else None
            problem = cmds.summary_text_problem(cmd, after if after is not None else "")
            if problem is not None:
                return block(ctx.say("crew.files_summary_claim", path=rel, problem=problem))
            return ALLOWED
        return block(ctx.say("crew.files_summary", path=rel))
    if role == "parent" and kind in (PLAN, TASK):
        return _phase1_skipped(ctx, where, rel)
    if role == owner or (owner == "parent" and role == "parent"):
        if role != "parent" and acting is not None and acting.cmd not in (None, where.cmd):
            return block(ctx.say("crew.files_other_cmd", path=rel, cmd=acting.cmd))
        return ALLOWED
    return block(ctx.say("crew.files_owner", path=rel, agent=_label(ctx, role),
                         owner=ctx.say("crew.who_parent") if owner == "parent"
                         else agents.agent_type_of(owner)))


def _phase1_skipped(ctx, where, rel: str) -> Verdict:
    """The parent writes ``plan.md`` and ``tasks/task_1.md`` itself when it
    skips Phase 1 (seed 000 "Phase 1 例外条件": a one-line fix, a one-value
    configuration change): before any agent of the cmd ran, one task
    numbered 1 without dependencies. The plan's row is ours (the seed has
    the parent write only the task file): the hooks read the persona and
    the Writes column from it, and a plan that writes code still needs the
    plan reviewer's APPROVE."""
    cmd = cmds.Cmd(ctx.root, where.cmd)
    if cmd.state.entries:
        return block(ctx.say("crew.files_skip", path=rel, why=ctx.say("crew.skip_ran")))
    if where.kind == TASK:
        if where.number != 1:
            return block(ctx.say("crew.files_skip", path=rel, why=ctx.say("crew.skip_task_1")))
        return ALLOWED
    from statefiles.crew import plan as _plan  # lazy: a parent's plan write only

    post = ctx.post_edit
    after = post.after if post is not None and post.applies else None
    parsed = _plan.parse(after or "")
    tasks = list(parsed.tasks.values())
    if not parsed.found or parsed.problems or len(tasks) != 1 or tasks[0].number != 1 \
            or tasks[0].depends:
        why = parsed.problems[0] if parsed.problems else ctx.say("crew.skip_one_row")
        return block(ctx.say("crew.files_skip", path=rel, why=why))
    return ALLOWED


def _label(ctx, role: str) -> str:
    if role == "parent":
        return ctx.say("crew.who_parent")
    if role == "other":
        return ctx.say("crew.who_outsider")
    return agents.agent_type_of(role)


def _result(ctx, where, rel: str, role: str, acting) -> Verdict:
    if agents.is_worker(role):
        if acting.cmd == where.cmd and acting.task == where.number:
            return ALLOWED
        return block(ctx.say("crew.files_other_result", path=rel,
                             task=acting.task if acting.task is not None else "?"))
    if role != "parent":
        return block(ctx.say("crew.files_owner", path=rel, agent=_label(ctx, role),
                             owner=ctx.say("crew.who_worker", task=where.number)))
    # The parent: a minimal failure result for a task out of retries.
    from statefiles.crew.frontmatter import parse  # lazy: a parent's result write only

    post = ctx.post_edit
    after = post.after if post is not None and post.applies else None
    header = parse(after or "")
    status = str(header.data.get("status") or "").lower() if header.closed else ""
    cmd = cmds.Cmd(ctx.root, where.cmd)
    entry = cmd.state.worker(where.number)
    out_of_retries = entry is not None and not entry.running and entry.status != "success" \
        and entry.retries >= cmd.config.max_retries
    if status == "failure" and out_of_retries:
        return ALLOWED
    return block(ctx.say("crew.files_parent_result", path=rel, task=where.number))


def _log(ctx, rel: str) -> Verdict:
    from statefiles.crew import ledger  # lazy: a parent's log edit only

    post = ctx.post_edit
    if post is None or not post.applies or post.after is None:
        return block(ctx.say("crew.files_log", path=rel,
                             why=ctx.say("crew.files_log_no_apply")))
    before = ledger.hook_part_of(post.before or "")
    after = ledger.hook_part_of(post.after)
    if before != after:
        return block(ctx.say("crew.files_log", path=rel,
                             why=ctx.say("crew.files_log_hook_keys",
                                         keys=", ".join(ledger.HOOK_KEYS))))
    try:
        import yaml  # lazy: a parent's log edit only

        data = yaml.safe_load(post.after)
    except Exception as exc:  # noqa: BLE001 - any YAML error refuses the edit
        first = (str(exc).splitlines() or [type(exc).__name__])[0]
        return block(ctx.say("crew.files_log", path=rel,
                             why=ctx.say("crew.files_log_not_yaml", detail=first)))
    if post.after.strip() and not isinstance(data, dict):
        return block(ctx.say("crew.files_log", path=rel,
                             why=ctx.say("crew.files_log_not_mapping")))
    return ALLOWED


def _bash(ctx) -> Verdict:
    analysis = ctx.shell
    if analysis is None:
        return ALLOWED
    hits = []
    for w in list(analysis.writes) + list(analysis.touched):
        rel = w.rel
        if rel is None:
            continue
        where = classify(rel)
        if where.cmd is not None and (where.kind in GUARDED or (
                getattr(w, "recursive", False) and where.kind in ("dir", "tasks", "results"))):
            hits.append(rel)
    if not hits:
        return ALLOWED
    from workflow.crew.scripts import is_crew_script  # lazy: a Bash write into a cmd only

    if is_crew_script(ctx):
        return ALLOWED
    return block(ctx.say("crew.files_bash", path=hits[0]))
