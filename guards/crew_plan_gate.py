"""crew-plan-gate (PreToolUse Edit/Write/MultiEdit/NotebookEdit and Bash; the
crew workflow; WORKFLOWS.md guarantee 2 "a checked plan before code").

In the crew workflow the project's files (everything outside ``work/``,
state.md and the session state aside) are changed by the workers of an
open cmd, each within its task:

* ``crew-coder`` and ``crew-writer``: a file their task's ``Writes`` column
  lists (globs allowed), while the cmd is open and its plan passed what
  :func:`workflow.crew.cmds.plan_gate` asks (a cmd whose tasks write code:
  the plan reviewer's APPROVE of the plan as it is now); their Bash may
  change things under the same condition, and the files it is seen to write
  must be listed too;
* every other crew agent and any other subagent: no project file (their
  outputs are in ``work/``); Bash that writes a project file is refused;
* the parent: no project file and no changing command (the workers do the
  work; it runs the crew's scripts, git and read-only commands), except the
  approved improvements of the batch approval (seed 000 "一括承認フロー"):
  after its cmd closed, a file a retrospective names as an improvement's
  ``target`` whose id the parent recorded under ``approvals: improvements:``
  in the execution log, and ``CHANGELOG.md`` with it.

The branch rule is main-branch's, for every workflow. Only while
``config.workflow`` is ``crew``.
"""

from __future__ import annotations

from events.context import Context
from events.verdict import ALLOWED, Verdict, block
from statefiles.crew import WORK
from workflow.crew import agents, cmds

NAME = "crew-plan-gate"
ADVISORY = False

#: git subcommands the parent runs in the crew workflow (records, branches, reads).
PARENT_GIT = frozenset({"status", "log", "diff", "show", "rev-parse", "add", "commit",
                        "checkout", "switch", "branch", "fetch", "pull", "ls-files"})
CHANGELOG = "CHANGELOG.md"


def check(ctx: Context) -> Verdict:
    """Edit tools and Bash: BLOCK a change of a project file outside what the
    rules above allow the acting agent; ALLOWED otherwise."""
    hook = ctx.hook
    if hook.is_edit_tool:
        target = ctx.target
        rel = target.rel if target is not None else None
        if rel is None or _free(ctx, target):
            return ALLOWED
        return _edit(ctx, rel)
    if hook.tool_name == "Bash":
        return _bash(ctx)
    return ALLOWED


def _free(ctx, target) -> bool:
    """Files outside this gate: the cmds' own (crew-files judges them),
    state.md and the session state (the deadlock escapes)."""
    from workflow.shared import is_session_state, is_state_md  # lazy: an edit in crew only

    rel = target.rel
    return (rel == WORK or rel.startswith(WORK + "/") or is_state_md(target)
            or is_session_state(target))


def _edit(ctx, rel: str) -> Verdict:
    if not ctx.hook.in_subagent:
        if rel in approved_targets(ctx.root):
            return ALLOWED
        return block(ctx.say("crew.gate_parent_edit", path=rel))
    acting = agents.acting(ctx)
    if acting.role not in ("coder", "writer"):
        who = agents.agent_type_of(acting.role) if acting.role else (
            ctx.hook.agent_type or "a subagent")
        return block(ctx.say("crew.gate_not_a_writer", path=rel, agent=who))
    return _worker(ctx, acting, [rel], changing=True)


def _worker(ctx, acting, rels: list, changing: bool) -> Verdict:
    from statefiles.protected import matches  # lazy: a worker's write only

    label = agents.agent_type_of(acting.role)
    if acting.cmd is None or acting.task is None:
        return block(ctx.say("crew.gate_no_task", agent=label))
    cmd = cmds.Cmd(ctx.root, acting.cmd)
    if not cmd.open:
        return block(ctx.say("crew.cmd_closed", cmd=acting.cmd))
    if changing:
        gate = cmds.plan_gate(cmd)
        if gate is not None:
            return block(ctx.render(gate))
    task = cmd.plan.tasks.get(acting.task)
    if task is None:
        return block(ctx.say("crew.unknown_task", cmd=acting.cmd, task=acting.task))
    for rel in rels:
        if not any(rel == w or matches(w, rel) for w in task.writes):
            return block(ctx.say("crew.gate_not_listed", path=rel, task=acting.task,
                                 writes=", ".join(task.writes) or "-"))
    return ALLOWED


def _bash(ctx) -> Verdict:
    analysis = ctx.shell
    if analysis is None:
        return ALLOWED
    from workflow.crew.scripts import is_crew_script  # lazy: Bash in crew only
    from workflow.shared import bash_reads_only

    if is_crew_script(ctx):
        return ALLOWED
    outside = []
    for w in analysis.writes:
        rel = w.rel
        if rel is None or rel == WORK or rel.startswith(WORK + "/") or rel.startswith(".git/"):
            continue
        if rel == "state.md" or rel.startswith(".claude/session-state/"):
            continue
        outside.append(rel)
    if not ctx.hook.in_subagent:
        if bash_reads_only(analysis):
            return ALLOWED
        approved = approved_targets(ctx.root) if outside else set()
        if any(rel not in approved for rel in outside):
            bad = next(rel for rel in outside if rel not in approved)
            return block(ctx.say("crew.gate_parent_edit", path=bad))
        if analysis.unknown or not analysis.all_commands(_parent_command):
            offending = next((c for c in analysis.commands if not _parent_command(c)), None)
            shown = (" ".join(offending.argv) if offending is not None
                     else analysis.command)[:80]
            return block(ctx.say("crew.gate_parent_bash", command=shown))
        return ALLOWED
    acting = agents.acting(ctx)
    if acting.role in ("coder", "writer"):
        if bash_reads_only(analysis):
            return ALLOWED
        return _worker(ctx, acting, outside, changing=True)
    if outside:
        who = agents.agent_type_of(acting.role) if acting.role else (
            ctx.hook.agent_type or "a subagent")
        return block(ctx.say("crew.gate_not_a_writer", path=outside[0], agent=who))
    return ALLOWED


def _parent_command(cmd) -> bool:
    """A command the parent may run in the crew workflow: git's records,
    branches and reads, and commands that only read."""
    from shell import is_read_only  # lazy: Bash in crew only

    if cmd.name == "git":
        return cmd.git_subcommand in PARENT_GIT
    return not cmd.name or is_read_only(cmd)


def approved_targets(root: str) -> set:
    """The files the parent may change for the batch approval: for each
    closed cmd with a retrospective, the ``target`` of every improvement
    whose id its execution log lists under ``approvals: improvements:`` and
    the user named in a prompt after the cmd closed (the hooks' record), and
    ``CHANGELOG.md`` when there is one."""
    out: set = set()
    cmd_id = cmds.batch_cmd(root)  # the latest closed cmd with a retrospective only
    if cmd_id is None:
        return out
    cmd = cmds.Cmd(root, cmd_id)
    text = _read(cmd.path("retrospective.md")) or ""
    approved = _approved_ids(_read(cmd.path("execution_log.yaml")) or "")
    # The parent's record of the answer, and the user's own words: an
    # improvement the user never named is not approved, whatever the log says.
    approved &= cmd.state.user_named
    for ident, target in improvement_targets(text):
        if ident in approved and target:
            out.add(target)
    if out:
        out.add(CHANGELOG)
    return out


def improvement_targets(text: str) -> list:
    """``[(id, target)]`` from a retrospective: each ``### IMP-NNN ...``
    heading and the ``- target: <path>`` line under it."""
    out = []
    current = None
    for line in text.split("\n"):
        stripped = line.strip()
        if stripped.startswith("#"):
            words = stripped.lstrip("#").strip().split()
            head = words[0].rstrip(":.") if words else ""
            current = head if head.upper().startswith("IMP-") else None
            continue
        if current and stripped.lstrip("-* ").lower().startswith("target:"):
            value = stripped.lstrip("-* ")[len("target:"):].strip().strip("`")
            out.append((current.upper(), value.lstrip("./")))
    return out


def _approved_ids(log_text: str) -> set:
    try:
        import yaml  # lazy: a parent's project edit only

        data = yaml.safe_load(log_text)
    except Exception:  # noqa: BLE001 - an unreadable log approves nothing
        return set()
    approvals = data.get("approvals") if isinstance(data, dict) else None
    items = approvals.get("improvements") if isinstance(approvals, dict) else None
    if not isinstance(items, list):
        return set()
    return {str(i).strip().upper() for i in items if i is not None}


def _read(path: str) -> str | None:
    try:
        with open(path, "rb") as fh:
            return fh.read(1024 * 1024).decode("utf-8", "replace")
    except OSError:
        return None

