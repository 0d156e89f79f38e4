"""prompt-work-request (UserPromptSubmit; SPEC §3; seed 002 §2, §10, §12; seed 004 [2]).

Reads the prompt (:func:`workflow.prompt_text.classify`, English and
Japanese, with the opt-outs such as 相談したい / "just asking"):

* **No playbook is active and the prompt asks for work** → the golden path
  starts: the prompt-analyzer marker is cleared (so the prompt-analyzer gate
  requires a fresh analysis of *this* request), the consent marker is
  created (the understanding check must be confirmed by the user, see
  :mod:`guards.prompt_consent`; not under
  ``config.understanding_auto_approve: true``), and Claude is told to start
  with ``Skill(skill='playbook-init')``. While an understanding check is
  already waiting (consent exists) the prompt is part of that dialogue and
  nothing is reset.
* **A playbook is active and the prompt asks for work clearly outside it**
  (it names files outside ``goal.scope``, or announces a new task) → a
  warning: finish the playbook or have its scope extended and reviewed.

Under a workflow whose plan is not a playbook (sync-sdd,
:func:`workflow.registry.uses_playbook`) a work request is pointed at that
workflow's start (``Skill(skill='<start>')``) and no golden-path marker is
touched.

Never blocks: these are heuristics (SPEC §3: advisory).
"""

from __future__ import annotations

import os

from events.context import Context
from events.verdict import ALLOWED, Effect, Verdict, warn
from statefiles import layout
from statefiles import fastjson
from statefiles.markers import now_iso
from workflow import registry
from workflow.prompt_text import classify, mentioned_paths, new_task_marker

NAME = "prompt-work-request"
ADVISORY = True


def _consent_body(ctx, reason: str) -> str:
    prompt = " ".join(ctx.hook.prompt.split())
    return fastjson.dumps({"created_at": now_iso(), "session_id": ctx.hook.session_id,
                           "reason": f"work request ({reason})",
                           "prompt": prompt[:200]}) + "\n"


def _out_of_scope(pb, rel: str, ctx=None) -> str | None:
    """scope-guard's reading of ``goal.scope``; state.md and play/ are never
    out of scope."""
    if rel == layout.STATE_MD or rel.startswith(layout.PLAY_DIR + "/"):
        return None
    # lazy: only for a work request with an active playbook
    from guards.scope_guard import scope_problem

    return scope_problem(pb, rel, ctx)


def _scope_warning(ctx, pb) -> str | None:
    reasons = []
    marker = new_task_marker(ctx.hook.prompt)
    if marker:
        reasons.append(ctx.say("prompt_work_request.says", marker=marker))
    for token in mentioned_paths(ctx.hook.prompt):
        rel = token.removeprefix("./")
        # A bare word with a dot ("v2.py") counts only when that file exists.
        if "/" not in rel and not os.path.isfile(ctx.path(rel)):
            continue
        why = _out_of_scope(pb, rel.rstrip("/"), ctx)
        if why:
            reasons.append(why)
    if not reasons:
        return None
    summary = str(pb.goal.get("summary") or "").strip().splitlines()
    goal = ctx.say("prompt_work_request.goal", summary=summary[0][:160]) if summary else ""
    return ctx.say("prompt_work_request.out_of_scope", plan=pb.plan_rel, goal=goal,
                   reasons="; ".join(reasons[:5]))


def check(ctx: Context) -> Verdict:
    """UserPromptSubmit: for a prompt read as a work request, a WARN starting
    the golden path (effects clearing the prompt-analyzer marker and creating
    the consent marker) with no active playbook, or naming files outside
    ``goal.scope`` with one; else ALLOWED (SPEC §3; seed 002 §2, §12)."""
    prompt = ctx.hook.prompt
    kind, reason = classify(prompt)
    if kind != "work":
        return ALLOWED
    if ctx.active_playbook_path:
        pb = ctx.playbook
        if pb is None or pb.errors:
            return ALLOWED
        text = _scope_warning(ctx, pb)
        return warn(text) if text else ALLOWED
    if not registry.uses_playbook(ctx):
        # Another workflow plans otherwise (sync-sdd): name its start, set
        # no golden-path marker.
        wf = registry.active(ctx)
        if not wf.start or wf.start_by_user:
            return ALLOWED  # a workflow the user starts himself has its own prompt guard
        return warn(ctx.say("prompt_work_request.workflow_start", reason=reason, title=wf.title,
                            start=wf.start, docs=wf.docs or "docs/workflows.md"))
    markers = ctx.markers
    if markers.exists(layout.CONSENT):
        return ALLOWED
    effects = [Effect(markers.remove, layout.PROMPT_ANALYZER_CALLED, when="always",
                      label="clear prompt-analyzer marker")]
    auto = ctx.config_flag("understanding_auto_approve")
    if not auto:
        effects.append(Effect(markers.write, layout.CONSENT, _consent_body(ctx, reason),
                              when="always", label="create consent marker"))
    lines = [ctx.say("prompt_work_request.no_playbook", reason=reason)]
    if not auto:
        lines.append(ctx.say("prompt_work_request.needs_consent"))
    if markers.exists(layout.POST_LOOP_PENDING):
        lines.append(ctx.say("prompt_work_request.post_loop_first",
                             command=layout.post_loop_command(ctx.root)))
    return warn(" ".join(lines), effects=tuple(effects))
