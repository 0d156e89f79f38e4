"""sdd-phase-gate (seed 003 Spec 5.1, 5.2, 5.3, 5.4, Flow 1; Spec 6.1):
while sync-sdd is the active workflow, an sdd subagent is started
(``Agent``/``Task`` PreToolUse) only when the phase of the feature it works
on allows it — checked before the start, not only when spec.yaml is written
(spec-phase-gate), so no subagent is started needlessly (Spec 5.4).

The prompt names the feature (Spec 6.1: "prompt にコンテキスト（feature,
paths, scope, instructions）を渡す"): a line ``Feature: <name>`` or the
feature directory's path. The gate, per role (:mod:`workflow.registry`):

=============================  =====================================================
who is started                 the feature must be
=============================  =====================================================
architect                      ``initialized`` or ``design-generated`` (a revision
                               first turns ``implementation-complete`` back to
                               ``design-generated``, Spec 5.6)
task generator                 ``design-generated`` with ``design.md``
builder                        ``design-generated`` with ``design.md`` and tasks in
                               ``tasks.yaml``
design inspectors, auditor     ``design-generated`` or ``implementation-complete``,
                               with ``design.md``
implementation inspectors,     ``implementation-complete``, or ``design-generated``
auditor                        with every task of ``tasks.yaml`` done
dead-code inspectors, auditor  any phase but ``blocked`` (the review is of the
                               whole project: no feature is needed)
=============================  =====================================================

``blocked`` refuses with the seed's ``{feature} is blocked by
{blocked_info.blocked_by}``; a phase not of the state machine with
``Unknown phase '{phase}'``. A refusal names the phase and what comes first.
A start that passes is recorded in the sdd ledger (the builder starts date
the review verdicts: a verdict older than a builder's start is stale).
Other subagent types pass (they own nothing under sync-sdd).
"""

from __future__ import annotations

import os

from events.context import Context
from events.verdict import ALLOWED, Effect, Verdict, allow, block
from workflow import sdd

NAME = "sdd-phase-gate"
ADVISORY = False

INITIALIZED = "initialized"
DESIGN = "design-generated"
IMPLEMENTED = "implementation-complete"
BLOCKED = "blocked"
PHASES = (INITIALIZED, DESIGN, IMPLEMENTED, BLOCKED)

#: role → the phases it may start in (before the file checks).
ALLOWED_PHASES = {
    "planner": (INITIALIZED, DESIGN),
    "task_generator": (DESIGN,),
    "worker": (DESIGN,),
    "design_inspector": (DESIGN, IMPLEMENTED),
    "plan_checker": (DESIGN, IMPLEMENTED),
    "impl_inspector": (DESIGN, IMPLEMENTED),
    "work_checker": (DESIGN, IMPLEMENTED),
    "dead_code_inspector": (INITIALIZED, DESIGN, IMPLEMENTED),
    "dead_code_auditor": (INITIALIZED, DESIGN, IMPLEMENTED),
}
#: Roles that work on the whole project, not one feature.
PROJECT_WIDE = ("dead_code_inspector", "dead_code_auditor")


def named_features(prompt: str, known: dict) -> list:
    """The features a prompt names: ``Feature: <name>`` lines (markdown
    decoration, case and quotes ignored) and the directories of ``known``
    (``{name: feature_dir}``) it mentions, in order, without repeats."""
    found = []
    for line in prompt.splitlines():
        text = line.strip().lstrip("*-#>`_ \t").rstrip("*`_ \t")
        if text[:8].casefold() == "feature:":
            words = text[8:].strip().strip("`*_'\"").split()
            if words:
                found.append(words[0].strip("`*_'\",.;:()[]"))
    for name, directory in known.items():
        if directory + "/" in prompt or prompt.rstrip().endswith(directory):
            found.append(name)
    return [f for i, f in enumerate(found) if f and f not in found[:i]]


def check(ctx: Context) -> Verdict:
    """Agent/Task while sync-sdd is active: BLOCK the start of an sdd
    subagent whose feature's phase does not allow it (table above), whose
    prompt names no feature (project-wide reviews excepted) or a feature with
    no spec.yaml; else ALLOWED, recording the start in the sdd ledger (seed
    003 Spec 5)."""
    hook = ctx.hook
    if hook.tool_name not in ("Agent", "Task") or not sdd.active(ctx):
        return ALLOWED
    agent_type = hook.tool_input.get("subagent_type")
    who = sdd.role(ctx, agent_type if isinstance(agent_type, str) else "")
    if who is None or who == sdd.LEAD:
        return ALLOWED
    agent = sdd.agent_name(agent_type)
    prompt = hook.tool_input.get("prompt")
    prompt = prompt if isinstance(prompt, str) else ""
    known = sdd.features(ctx)
    names = named_features(prompt, known)
    if not names and who not in PROJECT_WIDE:
        return block(ctx.say("sdd_phase_gate.no_feature", agent=agent,
                             features=", ".join(sorted(known)) or "-"))
    for name in names:
        problem = _problem(ctx, who, agent, name, known.get(name))
        if problem:
            return block(problem)
    entry = {"kind": "start", "agent": agent, "role": who, "features": names,
             "review": sdd.REVIEW_OF_ROLE.get(who), "session": hook.session_id}
    return allow(effects=(Effect(sdd.record, ctx.root, entry, when="on_pass",
                                 label="record the sdd start"),))


def _problem(ctx, who: str, agent: str, name: str, directory) -> str | None:
    """Why ``agent`` (role ``who``) cannot start for feature ``name``."""
    if directory is None:
        return ctx.say("sdd_phase_gate.unknown_feature", agent=agent, feature=name)
    doc = sdd.spec_doc(ctx, directory)
    phase = sdd.phase_of(doc)
    if phase == BLOCKED:
        info = doc.get("blocked_info") if isinstance(doc, dict) else None
        by = info.get("blocked_by") if isinstance(info, dict) else None
        if isinstance(by, list):
            by = ", ".join(str(b) for b in by)
        # The seed's own message (Spec 5.2).
        return ctx.say("sdd_phase_gate.blocked", feature=name, by=by or "?", agent=agent)
    if not isinstance(phase, str) or phase not in PHASES:
        # The seed's own message (Spec 5.3).
        return ctx.say("sdd_phase_gate.unknown_phase", phase=phase if isinstance(phase, str)
                       else repr(phase), feature=name, agent=agent)
    allowed = ALLOWED_PHASES.get(who, ())
    if phase not in allowed:
        # Only initialized and implementation-complete can be wrong (every
        # role runs in design-generated): name what comes first.
        first = "first_initialized" if phase == INITIALIZED else "first_implemented"
        return ctx.say("sdd_phase_gate.wrong_phase", agent=agent, feature=name, phase=phase,
                       allowed=", ".join(allowed),
                       first=ctx.say(f"sdd_phase_gate.{first}", feature=name))
    design = os.path.isfile(ctx.path(f"{directory}/{sdd.DESIGN}"))
    if who in ("task_generator", "worker", "design_inspector", "plan_checker") and not design:
        return ctx.say("sdd_phase_gate.needs_design", agent=agent, feature=name, phase=phase)
    if who == "worker":
        if not sdd.tasks_of(ctx, directory):
            return ctx.say("sdd_phase_gate.needs_tasks", agent=agent, feature=name, phase=phase)
    if who in ("impl_inspector", "work_checker") and phase == DESIGN:
        tasks = sdd.tasks_of(ctx, directory)
        if not sdd.all_done(tasks):
            left = [str(t.get("id", "?")) for t in tasks or []
                    if str(t.get("status", "")).strip().lower() != "done"]
            return ctx.say("sdd_phase_gate.tasks_open", agent=agent, feature=name, phase=phase,
                           tasks=", ".join(left[:10]) or ctx.say("sdd_phase_gate.no_tasks"))
    return None
