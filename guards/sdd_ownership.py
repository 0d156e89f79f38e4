"""sdd-ownership (seed 003 Spec 4 "Artifact Ownership", Spec 3.1, Spec 8;
WORKFLOWS.md guarantees 2 and 4): while sync-sdd is the active workflow,
every project file is written only by its owner, judged by the agent type
the hooks see (exact names, :mod:`workflow.registry`).

==========================  ==============================================
file (:mod:`workflow.sdd`)  who may write it
==========================  ==============================================
``design.md``,              the architect (``sdd-architect``)
``research.md``
``tasks.yaml``              the task generator; the lead only turns a
                            task's ``status`` to ``done`` (with Edit/Write:
                            anything else in the change is refused)
``.review/<name>.cpf``      the inspector ``<name>`` itself
``.review/verdict.cpf``     an auditor
``verdicts.md``             nobody: the hooks append the auditor's verdict
``spec.yaml``               the lead (spec-phase-gate judges the phase)
session notes, ``.sdd/``    the lead
implementation code         a builder, and only under a plan: a feature in
(every other project file)  phase ``design-generated`` with ``design.md``
                            and ``tasks.yaml`` (guarantee 2)
==========================  ==============================================

A refusal names the owner and how to route the change (seed 003 Spec 4.6,
4.7: through the owning subagent, ``/sdd-roadmap revise <feature>``). Any
other subagent (general-purpose, another workflow's) owns nothing here:
unknown is never safe.

Every write route is covered: Edit/Write/MultiEdit/NotebookEdit by every
spelling of the path (case, ``..``, symlinks, backslashes: the strictest
owner of any spelling decides), and Bash writes found by the shell analysis
(removals included, except the lead removing a feature's ``.review/`` after
the verdict, Spec 7.3). A command that changes something without a write the
analysis can name (running a program: ``pytest``, a script) is the builders'
and the test and e2e inspectors' (the seed's table gives Bash to them); the lead
runs read-only commands, git (not path checkouts) and file moves among its
own files. state.md and ``.claude/`` are left to their own guards.
"""

from __future__ import annotations

import os

from events.context import Context
from events.verdict import ALLOWED, Verdict, block
from guards.agent_definitions import sdd_role
from workflow import sdd
from workflow.shared import bash_reads_only, edit_or_bash, plain_git

NAME = "sdd-ownership"
ADVISORY = False

#: git subcommands the lead runs (committing, merging and switching on the
#: trunk, seed 003 §15; reading history).
LEAD_GIT = frozenset({"add", "commit", "status", "log", "diff", "show", "rev-parse", "merge",
                      "branch", "checkout", "switch", "fetch", "pull", "push", "tag", "remote",
                      "ls-files"})
#: Commands the lead runs on its own files (their writes are judged above).
LEAD_FILE_COMMANDS = frozenset({"rm", "rmdir", "mkdir", "touch", "mv", "cp"})
_REMOVALS = ("rm", "unlink", "rmdir", "shred")


def check(ctx: Context) -> Verdict:
    """Edit tools and Bash while sync-sdd is active: BLOCK a write by anyone
    but the file's owner (module docstring), a lead change of tasks.yaml
    beyond done marks, a builder's code write with no feature ready for
    building, and a program run by a role that does not run programs; else
    ALLOWED (seed 003 Spec 4; WORKFLOWS.md guarantees 2, 4)."""
    if not sdd.active(ctx):
        return ALLOWED
    return edit_or_bash(ctx, _check_edit, _check_bash)


def _writer(ctx) -> tuple:
    """``(role, name)``: the sync-sdd role (or ``lead``/``None``) and the
    writer's name for messages."""
    who = sdd.role(ctx)
    if who == sdd.LEAD:
        return who, ctx.say("sdd.the_lead")
    return who, sdd.agent_name(ctx.hook.agent_type) or ctx.say("sdd.a_subagent")


def _shown(resolved) -> str:
    return resolved.rel if resolved.rel is not None else resolved.given


def _refuse(ctx, kind: str, feature, path: str, writer: str) -> Verdict:
    name = (feature or "").rsplit("/", 1)[-1] or "<feature>"
    owner = sdd.owners_text(kind) or ctx.say("sdd.nobody")
    route = ctx.say(f"sdd_ownership.route_{kind}", feature=name, owner=owner)
    return block(ctx.say("sdd_ownership.refused", path=path,
                         what=ctx.say(f"sdd_ownership.kind_{kind}"), owner=owner, writer=writer,
                         route=route))


def _judge(ctx, who, writer: str, kinds: list, path: str, *, bash: bool = False,
           removal: bool = False, tasks_change=None):
    """The verdict for one written file (every spelling's kind must allow)."""
    agent = sdd.agent_name(ctx.hook.agent_type)
    for kind, feature, detail in kinds:
        if removal and who == sdd.LEAD and kind in ("review", "verdict", "review_dir"):
            continue  # the lead removes .review/ once the verdict is kept (Spec 7.3)
        if not sdd.may_write(who, kind, detail, agent):
            return _refuse(ctx, kind, feature, path, writer)
        if kind == "tasks" and who == sdd.LEAD:
            if bash or removal:
                return block(ctx.say("sdd_ownership.tasks_bash", path=path))
            problem = tasks_change() if tasks_change else None
            if problem:
                return block(ctx.say("sdd_ownership.tasks_structure", path=path, problem=problem,
                                     feature=(feature or "").rsplit("/", 1)[-1]))
        if kind == "code" and who == "worker" and not sdd.plan_ready(ctx):
            return block(ctx.say("sdd_ownership.no_plan", path=path))
    return ALLOWED


def _check_edit(ctx, target):
    who, writer = _writer(ctx)
    kinds = sdd.classify(ctx, target)
    return _judge(ctx, who, writer, kinds, _shown(target),
                  tasks_change=lambda: _done_marks_only(ctx))


def _removal(write) -> bool:
    how = getattr(write, "how", "") or ""
    how = how.split() if isinstance(how, str) else []
    return bool(how) and how[0] in _REMOVALS


def _check_bash(ctx):
    analysis = ctx.shell
    if analysis is None:
        return ALLOWED
    who, writer = _writer(ctx)
    for w in analysis.writes:
        resolved = ctx.resolve(w.abs or w.given)
        if resolved.rel is None and not resolved.inside:
            continue  # outside the project: not an artifact of it
        verdict = _judge(ctx, who, writer, sdd.classify(ctx, resolved), _shown(resolved),
                         bash=True, removal=_removal(w))
        if verdict is not ALLOWED:
            return verdict
    if bash_reads_only(analysis):
        return ALLOWED
    if _runs_programs(who, sdd.agent_name(ctx.hook.agent_type)):
        if who == "worker" and not analysis.writes and not sdd.plan_ready(ctx):
            return block(ctx.say("sdd_ownership.no_plan_bash"))
        return ALLOWED
    if who == sdd.LEAD and analysis.all_commands(lambda c: _lead_command(ctx, analysis, c)):
        return ALLOWED
    if who not in (sdd.LEAD,) and analysis.all_commands(lambda c: _read_command(analysis, c)):
        return ALLOWED
    return block(ctx.say("sdd_ownership.programs", writer=writer))


def _runs_programs(who, agent: str) -> bool:
    """The builders, and the agents seed 003's table gives Bash to (the test
    and e2e inspectors), run programs; no other role does."""
    if who == "worker":
        return True
    if who not in sdd.RUNNING_ROLES:
        return False
    role = sdd_role(agent)
    return role is not None and "Bash" in role[1]


def _read_command(analysis, cmd) -> bool:
    from shell import is_read_only  # lazy: only for a command that is not read-only
    if cmd.name == "git":
        return plain_git(analysis, cmd) and is_read_only(cmd)
    return not analysis.writes and is_read_only(cmd)


def _lead_command(ctx, analysis, cmd) -> bool:
    """One simple command the lead may run: a read, a git call of
    :data:`LEAD_GIT` (no path checkout), or a file command whose writes
    were judged above."""
    if _read_command(analysis, cmd):
        return True
    if cmd.name == "git":
        if not cmd.trusted or cmd.git_subcommand not in LEAD_GIT:
            return False
        from workflow.shared import git_global_config  # lazy: a lead's git call only

        if git_global_config(cmd):
            return False
        if cmd.git_subcommand in ("checkout", "switch"):
            args = cmd.git_args
            if "--" in args:
                return False
            operands = [a for a in args if not a.startswith("-")]
            return not any(os.path.exists(ctx.path(a)) for a in operands)
        return True
    return cmd.name in LEAD_FILE_COMMANDS


# ------------------------------------------------------------------ tasks.yaml done marks


def _done_marks_only(ctx) -> str | None:
    """Why the lead's change of tasks.yaml is more than done marks (seed 003
    Spec 4.3), or ``None`` when it only turns tasks' ``status`` to ``done``."""
    post = ctx.post_edit
    if post is None or not post.applies:
        return None  # the tool call fails and changes nothing
    if post.after is None:
        return ctx.say("sdd_ownership.tasks_uncomputable")
    from statefiles.yamlsafe import YAMLProblem, safe_load  # lazy: a lead's tasks.yaml edit

    if post.before is None:
        return ctx.say("sdd_ownership.tasks_new")
    try:
        before = safe_load(post.before)
        after = safe_load(post.after)
    except YAMLProblem as exc:
        return ctx.say("sdd_ownership.tasks_unreadable", problem=str(exc.problem))
    return done_marks_problem(before, after, ctx)


def done_marks_problem(before, after, ctx=None) -> str | None:
    """Compare two parsed tasks.yaml documents: ``None`` when ``after`` is
    ``before`` with some tasks' ``status`` set to ``done`` (and nothing else
    changed), else a sentence saying what else changed (in ``ctx``'s
    language; English without one)."""
    from messages import say  # lazy: a lead's tasks.yaml edit only

    if not isinstance(before, dict) or not isinstance(before.get("tasks"), list):
        return say(ctx, "sdd_ownership.tasks_no_list")
    if not isinstance(after, dict) or not isinstance(after.get("tasks"), list):
        return say(ctx, "sdd_ownership.tasks_no_list_after")
    other = set(before) | set(after)
    other.discard("tasks")
    changed = sorted(str(k) for k in other if before.get(k) != after.get(k))
    if changed:
        return say(ctx, "sdd_ownership.tasks_keys", keys=", ".join(changed[:5]))
    old, new = before["tasks"], after["tasks"]
    if len(old) != len(new):
        return say(ctx, "sdd_ownership.tasks_count", before=len(old), after=len(new))
    for i, (a, b) in enumerate(zip(old, new)):
        if not isinstance(a, dict) or not isinstance(b, dict):
            if a != b:
                return say(ctx, "sdd_ownership.tasks_task", task=i + 1)
            continue
        ident = a.get("id", i + 1)
        keys = set(a) | set(b)
        keys.discard("status")
        if any(a.get(k) != b.get(k) for k in keys):
            return say(ctx, "sdd_ownership.tasks_task", task=ident)
        if a.get("status") != b.get("status") and str(b.get("status")).strip().lower() != "done":
            return say(ctx, "sdd_ownership.tasks_status", task=ident, status=b.get("status"))
    return None
