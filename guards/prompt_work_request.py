"""work-request (UserPromptSubmit; SPEC §3; seed 002 §2, §10, §12; seed 004 [2]).

Reads the prompt (:func:`guards._prompt_text.classify`, English and
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

Never blocks: these are heuristics (SPEC §3: advisory).
"""

from __future__ import annotations

import os

from events.verdict import ALLOWED, Effect, warn
from guards._prompt_text import classify, mentioned_paths, new_task_marker
from statefiles import layout

NAME = "work-request"
ADVISORY = True


def _consent_body(ctx, reason: str) -> str:
    from statefiles import fastjson
    from statefiles.markers import now_iso

    prompt = " ".join(ctx.hook.prompt.split())
    return fastjson.dumps({"created_at": now_iso(), "session_id": ctx.hook.session_id,
                           "reason": f"work request ({reason})",
                           "prompt": prompt[:200]}) + "\n"


def _out_of_scope(pb, rel: str) -> str | None:
    """scope-guard's reading of ``goal.scope``; state.md and play/ are never
    out of scope."""
    if rel == layout.STATE_MD or rel.startswith(layout.PLAY_DIR + "/"):
        return None
    from guards.scope_guard import scope_problem

    return scope_problem(pb, rel)


def _scope_warning(ctx, pb) -> str | None:
    reasons = []
    marker = new_task_marker(ctx.hook.prompt)
    if marker:
        reasons.append(f"it says '{marker}'")
    for token in mentioned_paths(ctx.hook.prompt):
        rel = token.removeprefix("./")
        # A bare word with a dot ("v2.py") counts only when that file exists.
        if "/" not in rel and not os.path.isfile(ctx.path(rel)):
            continue
        why = _out_of_scope(pb, rel.rstrip("/"))
        if why:
            reasons.append(why)
    if not reasons:
        return None
    summary = str(pb.goal.get("summary") or "").strip().splitlines()
    goal = f" (goal: {summary[0][:160]})" if summary else ""
    return (f"This request looks outside the active playbook {pb.plan_rel}{goal}: "
            + "; ".join(reasons[:5]) + ". Don't fold unplanned work into it: finish the playbook "
            "first, or ask the user whether its scope should grow (pm updates plan.json, the "
            "reviewer reviews it again).")


def check(ctx):
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
    markers = ctx.markers
    if markers.exists(layout.CONSENT):
        return ALLOWED
    effects = [Effect(markers.remove, layout.PROMPT_ANALYZER_CALLED, when="always",
                      label="clear prompt-analyzer marker")]
    auto = ctx.config_flag("understanding_auto_approve")
    if not auto:
        effects.append(Effect(markers.write, layout.CONSENT, _consent_body(ctx, reason),
                              when="always", label="create consent marker"))
    lines = [(f"This prompt asks for work ({reason}) and no playbook is active. Start with "
              "Skill(skill='playbook-init'): it runs the prompt-analyzer, the understanding "
              "check, pm (writes play/<id>/plan.json and progress.json on a new branch) and the "
              "reviewer. Edits are blocked until a reviewed playbook is active.")]
    if not auto:
        lines.append("The understanding check needs the user's confirmation: present what will "
                     "be done, why, how, the scope, what is excluded and the risks, then end "
                     "your turn and wait; the user's reply 'yes' (はい) unlocks edits "
                     "(.claude/.session-init/consent).")
    if markers.exists(layout.POST_LOOP_PENDING):
        lines.append("First run the pending post-loop: Skill(skill='post-loop').")
    return warn(" ".join(lines), effects=tuple(effects))
