"""prompt-analyzer-gate (SPEC §3 PreToolUse 1; seed 002 §3 "prompt-analyzer 強制").

While no playbook is active (``playbook.active`` is null) and the
prompt-analyzer marker is absent, only information gathering and the entry
points of the golden path are allowed: Read, Grep, Glob, read-only Bash, a
look before planning (the human's declared test and lint commands,
:mod:`workflow.looking`),
``Skill`` prompt-analyzer / playbook-init, ``Task``/``Agent`` with
``subagent_type`` prompt-analyzer (these create the marker), and
AskUserQuestion (asking the user changes nothing). With an active playbook
the gate is open: the work continues an existing task. It is the golden
path's gate: under a workflow whose plan is not a playbook
(:func:`workflow.registry.uses_playbook`: sync-sdd) it is open too, and
that workflow's own guards judge.

An analysis belongs to one request. The marker records state.md's
``playbook.last_archived`` when it is made; once a playbook has been
archived since, the marker no longer opens the gate (the next request is
analysed again, whatever the prompt classifier made of it).

The understanding check does not depend on the classifier either: when the
way in is taken (the marker is made) and no understanding check is waiting
yet — the prompt was not recognised as a work request, so prompt-work-request
made none — the consent marker is created here, so that no playbook is
written before the user confirms (seed 002 §12: the understanding check may
not be skipped). Not under ``config.understanding_auto_approve: true``.

Deadlock escape: while ``post-loop-pending`` exists, ``Skill`` post-loop and
the post-loop handler pass, so a finished playbook can always be closed; and
the closing commit of the playbook archived last (``git add``/``git commit``
on its branch, :mod:`workflow.closing`) passes in any later session too, so
its work can always be committed.
"""

from __future__ import annotations

from events.context import Context
from events.verdict import ALLOWED, Effect, Verdict, allow, block, warn
from statefiles import fastjson, layout
from statefiles.markers import now_iso
from workflow import registry
from workflow.looking import hint as look_hint
from workflow.looking import look
from workflow.archive.state import open_state
from workflow.shared import bash_reads_only, is_post_loop_handler, is_state_md, state_problems

NAME = "prompt-analyzer-gate"
ADVISORY = False

#: Tools that only gather information (LS and NotebookRead are the read tools
#: of older Claude Code builds).
READ_TOOLS = frozenset({"Read", "Grep", "Glob", "LS", "NotebookRead", "AskUserQuestion"})
ENTRY_SKILLS = frozenset({"prompt-analyzer", "playbook-init"})
ENTRY_AGENTS = frozenset({"prompt-analyzer"})
POST_LOOP_SKILL = "post-loop"


def skill_name(tool_input: dict) -> str:
    """The skill a ``Skill`` call names (``skill``, or ``name`` in older
    builds), without a plugin prefix (``plugin:playbook-init`` → ``playbook-init``)."""
    name = tool_input.get("skill") or tool_input.get("name") or ""
    return name.strip().split(":")[-1].strip() if isinstance(name, str) else ""


def _subagent(tool_input: dict) -> str:
    value = tool_input.get("subagent_type")
    return value.strip() if isinstance(value, str) else ""


def _last_archived(ctx) -> str:
    value = ctx.state.get("playbook", "last_archived") if ctx.state is not None else None
    return value.strip() if isinstance(value, str) else ""


def analysed(ctx) -> bool:
    """The current request has been analysed: the prompt-analyzer marker
    exists and no playbook was archived since it was made (its
    ``last_archived`` is state.md's). A marker without that record (an
    older suite's, a bare timestamp) counts as made for the current request."""
    markers = ctx.markers
    if not markers.exists(layout.PROMPT_ANALYZER_CALLED):
        return False
    body = markers.read(layout.PROMPT_ANALYZER_CALLED) or ""
    if not body.lstrip().startswith("{"):
        return True
    try:
        recorded = fastjson.loads(body).get("last_archived")
    except (ValueError, AttributeError):
        return True
    return not isinstance(recorded, str) or recorded == _last_archived(ctx)


def _entry(ctx) -> Verdict:
    """The way in: the prompt-analyzer marker (recording ``last_archived``)
    and, when no understanding check waits yet, the consent marker, both
    once the call passes."""
    markers = ctx.markers
    body = fastjson.dumps({"at": now_iso(), "last_archived": _last_archived(ctx)}) + "\n"
    effects = [Effect(markers.write, layout.PROMPT_ANALYZER_CALLED, body, when="on_pass",
                      label="create prompt-analyzer marker")]
    if markers.exists(layout.CONSENT) or ctx.config_flag("understanding_auto_approve"):
        return allow(effects=tuple(effects))
    consent = fastjson.dumps({"created_at": now_iso(), "session_id": ctx.hook.session_id,
                              "reason": "playbook-init (the prompt was not read as a work "
                                        "request)"}) + "\n"
    effects.append(Effect(markers.write, layout.CONSENT, consent, when="on_pass",
                          label="create consent marker"))
    return warn(ctx.say("prompt_analyzer_gate.needs_consent"), effects=tuple(effects))


def _after_archive(ctx) -> str | None:
    """The refusal right after an archive (a post-loop is pending, or the
    branch is the archived playbook's): where the playbook went and the
    next step — the post-loop handler, the closing commit or a new request —
    rather than "the request has not been analysed"; else ``None``."""
    last = ctx.state.get("playbook", "last_archived") if ctx.state is not None else None
    if not isinstance(last, str) or not last.strip():
        return None
    # the post-loop is still to run while the archive is open or pending
    # (workflow.archive.state): a killed archive may have reset state.md
    # before it wrote post-loop-pending
    pending = open_state(ctx) is not None
    if not pending:
        # lazy: the closing rules only when a call is refused after an archive
        from workflow import closing as _closing

        if not _closing.closing(ctx):
            return None
    then = (ctx.say("critic_guard.archived_post_loop", command=layout.post_loop_command(ctx.root))
            if pending else ctx.say("critic_guard.archived_done"))
    return ctx.say("prompt_analyzer_gate.after_archive", tool=ctx.hook.tool_name,
                   archive=last.strip().rstrip("/"), then=then)


def check(ctx: Context) -> Verdict:
    """Every tool with no active playbook and no analysis of the current
    request (:func:`analysed`): BLOCK all but reads, read-only Bash, the way
    in (``Skill`` prompt-analyzer / playbook-init and the prompt-analyzer
    subagent, which create the marker and, if none waits, the understanding
    check's consent marker as ``on_pass`` effects, with a WARN saying so)
    and, while a post-loop is pending, the post-loop skill and handler; else
    ALLOWED (SPEC §3 PreToolUse 1; seed 002 §3, §12)."""
    if ctx.active_playbook_path or analysed(ctx):
        return ALLOWED
    if not registry.uses_playbook(ctx):
        return ALLOWED  # the active workflow plans otherwise; its own guards judge
    hook = ctx.hook
    tool = hook.tool_name
    if tool in READ_TOOLS:
        return ALLOWED
    if tool == "Bash" and (bash_reads_only(ctx.shell) or look(ctx)):
        return ALLOWED
    if tool == "Skill" and skill_name(hook.tool_input) in ENTRY_SKILLS:
        return _entry(ctx)
    if tool in ("Task", "Agent") and _subagent(hook.tool_input) in ENTRY_AGENTS:
        return _entry(ctx)
    if open_state(ctx) is not None:
        # the one recovery step Stop names, in every state the archive can be
        # left in (also killed after resetting state.md, before its marker)
        if tool == "Skill" and skill_name(hook.tool_input) == POST_LOOP_SKILL:
            return ALLOWED
        if tool == "Bash" and is_post_loop_handler(ctx):
            return ALLOWED
    if tool == "Bash" and ctx.shell is not None and not ctx.shell.unknown:
        # lazy: the closing rules only for an analysed Bash command
        from workflow import closing as _closing

        analysis = ctx.shell
        if analysis.all_commands(lambda c: _closing.allowed(analysis, c)) and _closing.closing(ctx):
            return ALLOWED
    archived = _after_archive(ctx)
    if archived:
        return block(archived)
    hint = state_problems(ctx)
    if hook.is_edit_tool and is_state_md(ctx.target):
        hint += ctx.say("prompt_analyzer_gate.state_md_hint", marker=layout.PROMPT_ANALYZER_CALLED)
    if ctx.markers.exists(layout.PENDING) and ctx.security != "admin":
        hint += ctx.say("prompt_analyzer_gate.pending_hint")
    if tool == "Bash":
        hint += look_hint(ctx)
    return block(ctx.say("prompt_analyzer_gate.not_analysed", tool=tool) + hint)
