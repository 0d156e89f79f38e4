"""What the lifecycle handlers say about the state (not a guard itself).

One reading of "where are we" (SPEC §3 UserPromptSubmit state injection,
PreCompact resume pointer; seed 002 §1.5, §2), shared by prompt-state,
resume-pointer and compact-resume so the three never disagree.
"""

from __future__ import annotations

from messages import say
from statefiles import layout
from statefiles.markers import now_iso
from workflow import registry


def handler_command(ctx) -> str:
    """The post-loop command for this installation (install.py or plugin)."""
    return layout.post_loop_command(ctx.root)


def where(ctx) -> dict:
    """The workflow position:

    ``{"playbook": plan_rel|None, "progress": rel|None, "phase": id|None,
    "subtask": id|None, "subtask_status": str, "criterion": str,
    "done": int, "total": int, "phases_done": int, "phases_total": int,
    "branch": str|None, "problem": str|None, "post_loop_pending": bool,
    "consent_pending": bool}``.
    """
    out = {"playbook": None, "progress": None, "phase": None, "subtask": None,
           "subtask_status": "", "criterion": "", "done": 0, "total": 0, "phases_done": 0,
           "phases_total": 0, "branch": ctx.branch, "problem": ctx.playbook_error,
           "post_loop_pending": ctx.markers.exists(layout.POST_LOOP_PENDING),
           "consent_pending": ctx.markers.exists(layout.CONSENT)}
    pb = ctx.playbook
    if pb is None:
        return out
    if pb.errors:
        from messages import Text  # lazy: a broken playbook only

        out["problem"] = Text.join("; ", pb.errors)
    from statefiles.playbook import brief, subtask_status  # lazy: only with an active playbook

    state_phase = ctx.state.get("playbook", "current_phase") if ctx.state is not None else None
    phase = pb.current_phase_id(state_phase if isinstance(state_phase, str) else None)
    sub = pb.active_subtask_id()
    done, total = pb.counts()
    out.update({
        "playbook": pb.plan_rel, "progress": pb.progress_rel, "phase": phase, "subtask": sub,
        "done": done, "total": total, "phases_total": len(pb.phases),
        "phases_done": sum(1 for p in pb.phases if pb.phase_progress_status(p["id"]) == "done"),
    })
    if sub:
        out["subtask_status"] = subtask_status(pb.subtask_progress(sub)) or "pending"
        _, spec = pb.subtask(sub)
        out["criterion"] = brief(spec.get("criterion") if spec else "", 300)
    return out


def summary_line(w: dict, ctx=None) -> str:
    """One line for Claude: playbook, phase, subtask, counts, branch (in the
    language of ``ctx``; English without one)."""
    branch = w["branch"] or "unknown"
    problem = say(ctx, "lifecycle.summary_problem", problem=w["problem"]) if w["problem"] else ""
    if not w["playbook"]:
        return say(ctx, "lifecycle.summary_idle", branch=branch) + problem
    parts = [say(ctx, "lifecycle.summary_playbook", plan=w["playbook"])]
    if w["phase"]:
        parts.append(say(ctx, "lifecycle.summary_phase", phase=w["phase"],
                         done=w["phases_done"], total=w["phases_total"]))
    if w["subtask"]:
        parts.append(say(ctx, "lifecycle.summary_subtask", subtask=w["subtask"],
                         status=w["subtask_status"]))
    parts.append(say(ctx, "lifecycle.summary_counts", done=w["done"], total=w["total"]))
    return say(ctx, "lifecycle.summary", parts=say(ctx, "lifecycle.summary_sep").join(parts),
               branch=branch) + problem


def resume_pointer(ctx, trigger: str = "") -> dict:
    """The minimal resume pointer of seed 002 §1.5: ``resume_instruction``
    (one line: what to read, what to continue), ``playbook``, ``phase``,
    ``subtask``, ``branch``; plus ``saved_at``, ``trigger``, ``session_id``."""
    w = where(ctx)
    if w["playbook"]:
        instruction = ctx.say(
            "lifecycle.resume_playbook", state=layout.STATE_MD, plan=w["playbook"],
            progress=w["progress"],
            subtask=w["subtask"] or ctx.say("lifecycle.see_progress_active"),
            phase=w["phase"] or "-",
            branch=ctx.say("lifecycle.on_branch", branch=w["branch"]) if w["branch"] else "")
    else:
        wf = registry.active(ctx)
        instruction = (ctx.say("lifecycle.resume_idle", state=layout.STATE_MD)
                       if wf.playbook or not wf.start else
                       ctx.say("lifecycle.resume_idle_workflow", state=layout.STATE_MD,
                               title=wf.title, start=wf.start))
    if w["post_loop_pending"]:
        instruction += ctx.say("lifecycle.resume_post_loop", command=handler_command(ctx))
    return {
        "resume_instruction": instruction,
        "playbook": w["playbook"],
        "phase": w["phase"],
        "subtask": w["subtask"],
        "branch": w["branch"],
        "saved_at": now_iso(),
        "trigger": trigger,
        "session_id": ctx.hook.session_id,
    }


#: The status line's words (``playgate statusline``) in English: the line is
#: drawn on every refresh, so English (the default) does not load the
#: catalogue; another language takes ``statusline.<name>`` from it (the
#: English entries there say the same).
STATUS_WORDS = {
    "phase": "phase {phase}",
    "subtasks": "{done}/{total} subtasks",
    "no_playbook": "no playbook",
    "post_loop": "post-loop",
    "consent": "consent",
    "pending": "pending: {items}",
    "problem": "state problem",
}


def status_word(ctx, name: str, /, **fields) -> str:
    """One part of the status line in the language of ``ctx``. English
    (``config.language`` unset or ``en``) without loading a catalogue."""
    state = ctx.state
    raw = state.language_raw if state is not None else None
    if raw is None or (isinstance(raw, str) and raw.strip().lower() == "en"):
        return STATUS_WORDS[name].format(**fields)
    return ctx.say(f"statusline.{name}", **fields)
