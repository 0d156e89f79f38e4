"""breezing-gate (PreToolUse, every tool; seed 001; docs/breezing.md "What the hooks enforce").

Acts only while state.md ``config.workflow`` is ``breezing``
(:mod:`workflow.registry`). The gate's invariants for the team:

* **Code is edited under the confirmed task list.** Code (any file but the
  lead's coordination files) is written only by an implementer (agent type
  ``task-worker`` / ``codex-implementer``, or a teammate the hooks saw
  started as one), only in the delegate phase, which begins when the lead
  starts the first implementer or reviewer — and that is refused until the
  user confirmed the range (recorded by the hooks from the user's own
  prompt) and the task list holds a task. Without a breezing session nobody
  edits code: ``/breezing <range>`` starts one.
* **The lead only coordinates in the delegate phase** (Phase B), in
  standard mode as in codex mode: the task list tools, SendMessage,
  ToolSearch, reads and read-only commands, and starting implementers or
  the reviewer again. The phase is recorded in breezing-active.json's
  ``hooks`` section by the hooks, not by the lead: the lead cannot edit or
  delete the file to end it early; the user's ``/breezing abort`` does,
  and is recorded.
* **"Done" needs the reviewer's APPROVE recorded by the hooks**: the phase
  moves to ``post-delegate`` only at the reviewer's own stop with an
  APPROVE and every task of the ledger completed; before that, the lead's
  ``git commit`` and any edit that adds a ``cc:done`` mark to Plans.md are
  refused.
* **Roles own their files**: breezing-active.json and Plans.md are the
  lead's (Step 0/3: Write/Edit, keeping the ``hooks`` section as it is,
  ``session_id`` and ``impl_mode`` fixed once written, ``impl_mode`` as the
  user's ``--codex`` asked); the reviewer, the planner and the plan critic
  write nothing; the hooks' own files (review-result.json, the roster, the
  request) are protected in the floor.

Deadlock escapes: state.md and ``.claude/session-state/`` stay writable by
everyone, reads are never refused, and the user's ``/breezing abort`` ends
any session.
"""

from __future__ import annotations

import os

from events.context import Context
from events.inputs import AGENT_TOOLS
from events.verdict import ALLOWED, Effect, Verdict, block
from statefiles import layout
from workflow import breezing as bz
from workflow import registry, team
from workflow.shared import is_session_state, is_state_md

NAME = "breezing-gate"
ADVISORY = False


def check(ctx: Context) -> Verdict:
    """Every tool call while the breezing workflow is active: BLOCK what the
    caller's role may not do in the lead's current phase (module docstring);
    ALLOWED otherwise, with effects recording a started agent, the start of
    the delegate phase and the end of a session (seed 001)."""
    hook = ctx.hook
    if not os.path.lexists(layout.join(ctx.root, team.ACTIVE)):
        return _no_session(ctx)
    from statefiles import breezing, breezing_team  # lazy: only while a team session runs

    active = breezing.load_active(ctx.root)
    if active is None:
        return _no_session(ctx)
    data = active.data
    session = active.session_id or ""
    progress = breezing_team.load_progress(ctx.root, session) if session else {}
    role, name = bz.role_of(hook, progress)
    if data is None:
        return _broken(ctx, role, active)
    phase = breezing_team.phase_of(data)
    if role == bz.LEAD:
        return _lead(ctx, active, phase, progress)
    return _member(ctx, role, name, phase)


# ----------------------------------------------------------------- helpers


def _escape(target) -> bool:
    return target is not None and (is_state_md(target) or is_session_state(target))


def _bash_writes(ctx) -> list:
    """The files inside the project a Bash call is known to write or remove
    (the shell analysis: not a program that merely receives a path, not a
    ``touch``/``mkdir``/``chmod``), and those whose path is not statically
    known (unknown is never safe); ``[]`` for other tools. Writes outside
    the project are the other guards' concern."""
    if ctx.hook.tool_name != "Bash":
        return []
    analysis = ctx.shell
    return [w for w in (analysis.writes if analysis is not None else ())
            if not w.possible and w.kind != "meta" and (w.rel is not None or w.abs is None)]


def _commits(ctx) -> bool:
    if ctx.hook.tool_name != "Bash" or ctx.shell is None:
        return False
    return any(c.name == "git" and c.git_subcommand == "commit" and "--dry-run" not in c.git_args
               for c in ctx.shell.commands)


#: git subcommands the lead runs before the team starts (a work branch, a
#: look at the history, staging Plans.md); ``commit`` waits for the APPROVE.
PREPARE_GIT = frozenset({"status", "log", "diff", "show", "rev-parse", "branch", "checkout",
                         "switch", "fetch", "pull", "add", "stash", "ls-files"})


def _prepare_bash_ok(ctx) -> bool:
    """The lead's Bash before the APPROVE (no session, the prepare phase):
    read-only, git commands of :data:`PREPARE_GIT`, and removing files (the
    active file's own rule is applied to the writes); a program whose
    writes cannot be seen (``python3 gen.py``) would write code before the
    range is confirmed and waits for Phase C."""
    analysis = ctx.shell
    if analysis is None or analysis.read_only:
        return True
    if analysis.unknown or not analysis.commands:
        return False
    import shell  # lazy: the lead's mutating commands only

    for cmd in analysis.commands:
        if shell.is_read_only(cmd):
            continue
        if cmd.name == "git" and cmd.git_subcommand in PREPARE_GIT:
            continue
        if cmd.name == "rm":
            continue
        return False
    return True


def _rel_of(write) -> str:
    return write.rel or write.given or "?"


def _is_active_rel(write) -> bool:
    return (write.rel or "").casefold() == team.ACTIVE.casefold()


def _is_plans_rel(write) -> bool:
    return (write.rel or "").casefold() == bz.PLANS.casefold()


def _escape_rel(ctx, write) -> bool:
    if write.rel is None:
        return False
    return _escape(ctx.resolve(write.abs or write.given))


def _spawned(ctx):
    """``(agent, role)`` of an Agent call: the exact agent name and its role
    in this workflow (``None`` for another agent)."""
    agent = registry.agent_name(ctx.hook.tool_input.get("subagent_type") or "general-purpose")
    return agent, bz.agent_role(agent)


def _say_phase(ctx, phase: str) -> str:
    return ctx.say(f"breezing_gate.phase_{phase.replace('-', '_')}")


# ----------------------------------------------------------------- no session


def _no_session(ctx) -> Verdict:
    """No breezing-active.json: the lead may create it and plan (Plans.md
    without done marks); nobody edits code or starts implementers."""
    hook = ctx.hook
    lead = not hook.agent_id
    if hook.is_edit_tool:
        target = ctx.target
        if _escape(target):
            return ALLOWED
        if lead and bz.is_active_file(target):
            return _active_write(ctx, None)
        if lead and bz.is_plans(target):
            return _plans_write(ctx, allowed_done=False)
        return block(ctx.say("breezing_gate.no_session", path=_target_rel(ctx)))
    if hook.tool_name == "Bash":
        for write in _bash_writes(ctx):
            if write.kind == "delete" or _escape_rel(ctx, write):
                continue
            return block(ctx.say("breezing_gate.no_session", path=_rel_of(write)))
        if not _prepare_bash_ok(ctx):
            return block(ctx.say("breezing_gate.no_session_command"))
        return ALLOWED
    if hook.tool_name in AGENT_TOOLS:
        agent, role = _spawned(ctx)
        if role in (bz.WORKER, bz.WORK_CHECKER):
            return block(ctx.say("breezing_gate.no_session_agent", agent=agent))
    return ALLOWED


def _target_rel(ctx) -> str:
    target = ctx.target
    return (target.rel or target.given) if target is not None else ctx.hook.file_path


def _broken(ctx, role, active) -> Verdict:
    """breezing-active.json is not a JSON object: the lead may rewrite it
    (or remove it); nothing else changes files."""
    hook = ctx.hook
    if hook.is_edit_tool:
        if _escape(ctx.target) or (role == bz.LEAD and bz.is_active_file(ctx.target)):
            return ALLOWED
        return block(ctx.say("breezing_gate.broken", report=ctx.render(active.report())))
    if hook.tool_name == "Bash":
        for write in _bash_writes(ctx):
            if _escape_rel(ctx, write) or (role == bz.LEAD and write.kind == "delete"
                                            and _is_active_rel(write)):
                continue
            return block(ctx.say("breezing_gate.broken", report=ctx.render(active.report())))
    return ALLOWED


# ----------------------------------------------------------------- the lead's files


def _active_write(ctx, active) -> Verdict:
    """The lead's Write/Edit of breezing-active.json: the result is a JSON
    object; the ``hooks`` section is as the hooks left it (none on a new
    file); ``session_id`` and ``impl_mode`` do not change once the hooks
    stamped the file; ``impl_mode`` is ``codex`` exactly when the user's
    ``/breezing`` asked for ``--codex``."""
    from statefiles import breezing_team, fastjson  # lazy: a write of the active file only

    post = ctx.post_edit
    if post is None or not post.applies or post.after is None:
        return ALLOWED  # the tool itself will fail
    try:
        new = fastjson.loads(post.after)
    except (ValueError, RecursionError, SystemError):
        new = None
    if not isinstance(new, dict):
        return block(ctx.say("breezing_gate.active_not_object"))
    old = active.data if active is not None and active.data is not None else {}
    if breezing_team.hooks_of(new) != breezing_team.hooks_of(old) or \
            (breezing_team.HOOKS in new) != (breezing_team.HOOKS in old):
        return block(ctx.say("breezing_gate.hooks_section"))
    if breezing_team.HOOKS in old:
        for key in ("session_id", "impl_mode"):
            if new.get(key) != old.get(key):
                return block(ctx.say("breezing_gate.fixed_key", key=key, value=old.get(key)))
    request = breezing_team.read_json(ctx.root, breezing_team.REQUEST)
    flags = request.get("flags") if isinstance(request, dict) else None
    if isinstance(flags, dict) and request.get("session") in (None, ctx.hook.session_id):
        wanted = "codex" if flags.get("codex") else "standard"
        mode = new.get("impl_mode", "standard")
        if mode != wanted:
            return block(ctx.say("breezing_gate.impl_mode", mode=mode, wanted=wanted))
    return ALLOWED


def _plans_write(ctx, *, allowed_done: bool) -> Verdict:
    """An edit of Plans.md: adding ``cc:done`` marks is for the post-delegate
    phase only (the reviewer's APPROVE recorded)."""
    if allowed_done:
        return ALLOWED
    post = ctx.post_edit
    if post is None or not post.applies or post.after is None:
        return ALLOWED
    if bz.done_marks(post.after) > bz.done_marks(post.before or ""):
        return block(ctx.say("breezing_gate.done_mark"))
    return ALLOWED


# ----------------------------------------------------------------- the lead


def _lead(ctx, active, phase: str, progress: dict) -> Verdict:
    from statefiles import breezing_team as bt  # lazy: loaded by check already

    hook = ctx.hook
    tool = hook.tool_name
    hooks = bt.hooks_of(active.data)
    if phase == bt.DELEGATE:
        return _lead_delegate(ctx, active, progress, hooks)
    # prepare and post-delegate
    post = phase == bt.POST_DELEGATE
    if hook.is_edit_tool:
        target = ctx.target
        if _escape(target):
            return ALLOWED
        if bz.is_active_file(target):
            if post:
                return block(ctx.say("breezing_gate.active_post"))
            return _active_write(ctx, active)
        if bz.is_plans(target):
            return _plans_write(ctx, allowed_done=post)
        return block(ctx.say("breezing_gate.lead_code", path=_target_rel(ctx),
                             phase=_say_phase(ctx, phase)))
    if tool == "Bash":
        effects = ()
        for write in _bash_writes(ctx):
            if _escape_rel(ctx, write):
                continue
            if _is_active_rel(write) and write.kind == "delete":
                event = "session_closed" if post else "session_aborted"
                effects = (Effect(bt.clear_records, ctx.root, event, "lead", when="on_pass",
                                  label="clear the breezing session's records"),)
                continue
            if _is_active_rel(write):
                return block(ctx.say("breezing_gate.active_by_bash"))
            if _is_plans_rel(write):
                return block(ctx.say("breezing_gate.plans_by_bash"))
            return block(ctx.say("breezing_gate.lead_code", path=_rel_of(write),
                                 phase=_say_phase(ctx, phase)))
        if _commits(ctx) and not post:
            return block(ctx.say("breezing_gate.commit_early"))
        if not post and not _prepare_bash_ok(ctx):
            return block(ctx.say("breezing_gate.prepare_command"))
        return _with(effects)
    if tool == "TaskCreate":
        if not hooks.get("confirmed_at"):
            return block(ctx.say("breezing_gate.not_confirmed"))
        if post:
            return _retake(ctx, progress, active)
        return ALLOWED
    if tool in AGENT_TOOLS:
        return _lead_spawn(ctx, active, phase, progress, hooks)
    return ALLOWED


def _with(effects) -> Verdict:
    from events.verdict import allow  # lazy: a verdict with effects only

    return allow(effects=effects) if effects else ALLOWED


def _retake(ctx, progress, active) -> Verdict:
    """A task or an implementer after the APPROVE (a verification failed in
    Phase C): the delegate phase opens again and needs a new APPROVE."""
    from events.verdict import allow  # lazy: a retake after the APPROVE only
    from statefiles import breezing_team as bt  # lazy: as above

    return allow(effects=(Effect(bt.set_phase, ctx.root, bt.DELEGATE, "retake after the APPROVE",
                                 when="on_pass", label="reopen the delegate phase"),))


def _lead_spawn(ctx, active, phase, progress, hooks) -> Verdict:
    """The lead starts an agent. Implementers and the reviewer need the
    confirmed range and a task; an implementer of the other ``impl_mode``
    is refused; the first of them opens the delegate phase."""
    from events.verdict import allow  # lazy: an Agent call of the lead only
    from statefiles import breezing_team as bt  # lazy: as above

    agent, role = _spawned(ctx)
    session = active.session_id or ""
    name = ctx.hook.tool_input.get("name")
    name = name.strip() if isinstance(name, str) and name.strip() else agent
    effects = []
    if role is not None and session:
        effects.append(Effect(bt.record_spawn, ctx.root, session, name, agent, role,
                              ctx.hook.tool_use_id, when="on_pass", label="record the role marker"))
    if role in (bz.WORKER, bz.WORK_CHECKER):
        if not hooks.get("confirmed_at"):
            return block(ctx.say("breezing_gate.not_confirmed"))
        if not bt.live_tasks(progress):
            return block(ctx.say("breezing_gate.no_tasks"))
        if hooks.get("escalated"):
            return block(ctx.say("breezing_gate.escalated", retakes=hooks.get("escalated")))
        mode = active.impl_mode or "standard"
        if role == bz.WORKER and agent != bz.IMPLEMENTER.get(mode):
            return block(ctx.say("breezing_gate.wrong_implementer", agent=agent, mode=mode,
                                 wanted=bz.IMPLEMENTER.get(mode)))
        if phase != bt.DELEGATE:
            reason = "retake after the APPROVE" if phase == bt.POST_DELEGATE else "team started"
            effects.append(Effect(bt.set_phase, ctx.root, bt.DELEGATE, reason, when="on_pass",
                                  label="open the delegate phase"))
    elif phase == bt.DELEGATE and role is None and \
            not registry.is_read_only_agent(agent):
        return block(ctx.say("breezing_gate.delegate_agent", agent=agent))
    return allow(effects=tuple(effects)) if effects else ALLOWED


def _lead_delegate(ctx, active, progress, hooks) -> Verdict:
    """Phase B: the lead coordinates only."""
    hook = ctx.hook
    tool = hook.tool_name
    if tool in bz.READ_TOOLS:
        return ALLOWED
    if tool in bz.COORDINATION_TOOLS:
        if tool == "TaskCreate" and hooks.get("escalated"):
            return block(ctx.say("breezing_gate.escalated", retakes=hooks.get("escalated")))
        return ALLOWED
    if tool in AGENT_TOOLS:
        from statefiles import breezing_team as bt  # lazy: an Agent call of the lead only

        return _lead_spawn(ctx, active, bt.DELEGATE, progress, hooks)
    if tool == "Bash":
        analysis = ctx.shell
        if analysis is not None and analysis.read_only:
            return ALLOWED
        return block(ctx.say("breezing_gate.delegate", what=ctx.say("breezing_gate.what_bash")))
    if hook.is_edit_tool and _escape(ctx.target):
        return ALLOWED
    what = (ctx.say("breezing_gate.what_edit", tool=tool, path=_target_rel(ctx))
            if hook.is_edit_tool else ctx.say("breezing_gate.what_tool", tool=tool))
    return block(ctx.say("breezing_gate.delegate", what=what))


# ----------------------------------------------------------------- the team


def _member(ctx, role, name, phase) -> Verdict:
    """A subagent or teammate: implementers write code in the delegate
    phase; nobody but the lead writes breezing-active.json or Plans.md;
    the reviewer, the planner, the plan critic and agents without a role
    write nothing; nobody but the lead commits."""
    from statefiles import breezing_team as bt  # lazy: loaded by check already

    hook = ctx.hook
    writer = role == bz.WORKER and phase == bt.DELEGATE
    if hook.is_edit_tool:
        target = ctx.target
        if _escape(target):
            return ALLOWED
        if bz.is_active_file(target) or bz.is_plans(target):
            return block(ctx.say("breezing_gate.lead_file", path=_target_rel(ctx)))
        if writer:
            return ALLOWED
        return block(_member_refusal(ctx, role, name, phase, _target_rel(ctx)))
    if hook.tool_name == "Bash":
        if _commits(ctx):
            return block(ctx.say("breezing_gate.member_commit"))
        for write in _bash_writes(ctx):
            if _escape_rel(ctx, write):
                continue
            if _is_active_rel(write) or _is_plans_rel(write):
                return block(ctx.say("breezing_gate.lead_file", path=_rel_of(write)))
            if not writer:
                return block(_member_refusal(ctx, role, name, phase, _rel_of(write)))
    return ALLOWED


def _member_refusal(ctx, role, name, phase, path) -> str:
    who = name or ctx.hook.agent_type or "?"
    if role == bz.WORKER:
        return ctx.say("breezing_gate.worker_phase", who=who, path=path,
                       phase=_say_phase(ctx, phase))
    if role in (bz.WORK_CHECKER, bz.PLANNER, bz.PLAN_CHECKER):
        return ctx.say("breezing_gate.read_only_role", who=who, role=role, path=path)
    return ctx.say("breezing_gate.no_role", who=who, path=path)
