"""spec-phase-gate (SPEC §6 "Spec phase gate"; seed 003 Spec 5, "Phase State Machine", Flow 1).

Each feature's ``spec.yaml`` (default ``.sdd/project/specs/<feature>/spec.yaml``;
state.md ``config.spec_paths`` lists other globs) carries its ``phase``. An
edit may only move it along seed 003's state machine:

=========================  ===============================================
from                       to
=========================  ===============================================
(new file)                 initialized
initialized                design-generated, blocked
design-generated           implementation-complete, blocked
implementation-complete    design-generated (revision)
blocked                    initialized, design-generated (unblock: back to
                           ``blocked_info.blocked_at_phase`` when recorded)
=========================  ===============================================

Keeping the phase is always allowed (other keys change). ``blocked`` needs
``blocked_info.blocked_by``. The seed's messages are used: an unknown phase is
``Unknown phase '{phase}'``; leaving ``blocked`` for anything but the saved
phase is ``{feature} is blocked by {blocked_info.blocked_by}``. spec.yaml is
updated by the lead only (Spec 3.1): a subagent's edit is blocked.

Every write route is covered: Edit/Write/MultiEdit/NotebookEdit by any
spelling of the path, and Bash writes found by the shell analysis, which are
blocked because their result cannot be checked (removing a spec.yaml is
allowed: it sets no phase). A Bash command the analysis cannot read that
names ``spec.yaml`` is blocked too. When the file's *current*
content cannot be read as a spec (broken YAML, an unknown phase written
outside Claude Code), any known phase may be written, with a warning.

While sync-sdd is the active workflow (``config.workflow``), what the
hooks saw must back two transitions too (WORKFLOWS.md guarantees 2, 3):
``design-generated`` needs the feature's ``design.md`` (the architect's,
sdd-ownership), and ``implementation-complete`` needs every task of
``tasks.yaml`` done and the implementation review's **GO**, as the hooks
recorded it from the auditor's verdict.cpf (sdd-verdict) with no builder
started for the feature since.

Off with state.md ``config.spec_phase_gate: false``. Costs a string match per
edit when no spec.yaml is involved.
"""

from __future__ import annotations

import os

from events.context import Context
from events.verdict import ALLOWED, Verdict, block, warn
from workflow import team
from workflow.shared import edit_or_bash

NAME = "spec-phase-gate"
ADVISORY = False

INITIALIZED = "initialized"
DESIGN = "design-generated"
IMPLEMENTED = "implementation-complete"
BLOCKED = "blocked"
PHASES = (INITIALIZED, DESIGN, IMPLEMENTED, BLOCKED)

#: Allowed phase changes (seed 003 "Phase State Machine"); ``None`` is a new
#: spec. Staying in the same phase is always allowed.
TRANSITIONS = {
    None: (INITIALIZED,),
    INITIALIZED: (DESIGN, BLOCKED),
    DESIGN: (IMPLEMENTED, BLOCKED),
    IMPLEMENTED: (DESIGN,),
    BLOCKED: (INITIALIZED, DESIGN),
}

#: The phase order, explained at the end of a refusal: catalogue key
#: ``spec_phase_gate.order``.
ORDER = "spec_phase_gate.order"


class SpecDoc:
    """A parsed spec.yaml (or why it could not be parsed)."""

    __slots__ = ("data", "error")

    def __init__(self, data, error: str = "") -> None:
        self.data = data
        self.error = error

    @property
    def phase(self):
        """The ``phase`` value as written (any YAML value), ``None`` when absent
        or the document is not a mapping."""
        return self.data.get("phase") if isinstance(self.data, dict) else None

    def blocked_info(self) -> dict:
        """The ``blocked_info`` mapping, ``{}`` when absent or not a mapping."""
        info = self.data.get("blocked_info") if isinstance(self.data, dict) else None
        return info if isinstance(info, dict) else {}

    def blocked_by(self) -> str:
        """``blocked_info.blocked_by`` as one string (a list joined with
        ``, ``), ``""`` when absent (seed 003: required while blocked)."""
        value = self.blocked_info().get("blocked_by")
        if isinstance(value, list):
            value = ", ".join(str(v) for v in value if str(v).strip())
        return str(value).strip() if value is not None and not isinstance(value, dict) else ""

    def blocked_at(self):
        """``blocked_info.blocked_at_phase`` when it names a phase ``blocked``
        can be entered from (the phase to return to), else ``None``."""
        value = self.blocked_info().get("blocked_at_phase")
        return value if isinstance(value, str) and value in TRANSITIONS[BLOCKED] else None


def parse_spec(text: str | None) -> SpecDoc | None:
    """``None`` for a missing file, else a :class:`SpecDoc` (``error`` set when
    the text is not a YAML mapping: a :class:`messages.Text`, English as
    ``str``, the reader's language as a message field). Imports PyYAML."""
    if text is None:
        return None
    # PyYAML (~14 ms) only when a spec.yaml is written; bounded, so a huge or
    # alias-bomb spec cannot run the hook past its timeout (fail open).
    from statefiles.yamlsafe import YAMLProblem, safe_load  # lazy: only when a spec.yaml is written

    try:
        data = safe_load(text) if text.strip() else {}
    except YAMLProblem as exc:
        from messages import Text  # lazy: a broken spec.yaml only
        from statefiles.detail import yaml_problem  # lazy: as above

        problem = yaml_problem(exc.problem)
        if exc.line is None:
            return SpecDoc(None, Text("spec_phase_gate.not_yaml", problem=problem))
        return SpecDoc(None, Text("spec_phase_gate.not_yaml_at", line=exc.line + 1,
                                  problem=problem))
    if data is None:
        data = {}
    if not isinstance(data, dict):
        from messages import Text  # lazy: a broken spec.yaml only

        return SpecDoc(None, Text("spec_phase_gate.not_mapping", type=type(data).__name__))
    return SpecDoc(data)


def feature_name(doc: SpecDoc | None, rel: str) -> str:
    """``feature_name``/``feature`` from the spec, else its directory name."""
    if doc is not None and isinstance(doc.data, dict):
        for key in ("feature_name", "feature"):
            value = doc.data.get(key)
            if isinstance(value, str) and value.strip():
                return value.strip()
    parts = rel.split("/")
    return parts[-2] if len(parts) >= 2 else rel


def judge(before: SpecDoc | None, after: SpecDoc, feature: str, ctx=None) -> tuple:
    """Decide one spec.yaml change.

    Args:
        before: the current file (``None``: it does not exist yet).
        after: the file as it will be after the write.
        feature: the feature name for messages.
        ctx: the hook context, for the message language (``None``: English).

    Returns:
        ``(kind, message)`` with kind ``"allow"``, ``"warn"`` or ``"block"``.
    """
    from messages import say  # lazy: the catalogue only when a phase change is judged

    if after.error:
        return "block", say(ctx, "spec_phase_gate.unreadable", error=after.error)
    phase = after.phase
    if phase is None:
        return "block", say(ctx, "spec_phase_gate.no_phase", phases=", ".join(PHASES))
    if not isinstance(phase, str) or phase not in PHASES:
        shown = phase if isinstance(phase, str) else repr(phase)
        return "block", say(ctx, "spec_phase_gate.unknown_phase", phase=shown,
                            phases=", ".join(PHASES))
    if phase == BLOCKED and not after.blocked_by():
        return "block", say(ctx, "spec_phase_gate.blocked_needs_by")
    if before is None:
        if phase == INITIALIZED:
            return "allow", ""
        return "block", say(ctx, "spec_phase_gate.new_not_initialized", phase=phase)
    old = before.phase
    if before.error or not isinstance(old, str) or old not in PHASES:
        why = before.error or (say(ctx, "spec_phase_gate.old_unknown", phase=repr(old))
                               if old is not None else say(ctx, "spec_phase_gate.old_missing"))
        return "warn", say(ctx, "spec_phase_gate.previous_unchecked", feature=feature, why=why,
                           phase=phase, order=say(ctx, ORDER))
    if phase == old:
        return "allow", ""
    if old == BLOCKED:
        saved = before.blocked_at()
        if phase in TRANSITIONS[BLOCKED] and (saved is None or phase == saved):
            return "allow", ""
        by = before.blocked_by() or say(ctx, "spec_phase_gate.unnamed_upstream")
        back = say(ctx, "spec_phase_gate.unblocking", phase=saved) if saved else ""
        return "block", say(ctx, "spec_phase_gate.blocked", feature=feature, by=by, phase=phase,
                            back=back)
    if phase in TRANSITIONS[old]:
        return "allow", ""
    if old == INITIALIZED and phase == IMPLEMENTED:
        detail = say(ctx, "spec_phase_gate.skips_design")
    else:
        detail = say(ctx, "spec_phase_gate.not_a_transition", old=old, phase=phase)
    allowed = ", ".join(TRANSITIONS[old])
    return "block", say(ctx, "spec_phase_gate.bad_transition", feature=feature, old=old,
                        phase=phase, detail=detail, allowed=allowed, order=say(ctx, ORDER))


#: Shell write kinds that only remove a file (removing a spec sets no phase).
_REMOVALS = ("rm", "unlink", "shred")


def _removal(write) -> bool:
    how = getattr(write, "how", "") or ""
    # a label the analysis records as a sentence (shell.how.*) is never a removal
    how = how.split() if isinstance(how, str) else []
    return bool(how) and how[0] in _REMOVALS


def _spec_names(patterns: tuple) -> tuple:
    """The literal file names of ``patterns`` (``spec.yaml``), for the
    unknown-command check; patterns whose last component has a wildcard add
    nothing."""
    names = []
    for pattern in patterns:
        last = pattern.strip().rstrip("/").rsplit("/", 1)[-1].casefold()
        if last and "*" not in last and "?" not in last:
            names.append(last)
    return tuple(names)


def _check_bash(ctx):
    analysis = ctx.shell
    if not analysis.writes and not analysis.unknown:
        return ALLOWED
    patterns = team.config_list(ctx, "spec_paths", team.DEFAULT_SPEC_PATHS)
    hits = []
    for w in analysis.writes:
        if _removal(w):
            continue
        rels = {w.rel, w.rel.casefold()} if w.rel is not None else set()
        rels |= team.spellings(ctx.resolve(w.abs or w.given), ctx.hook.cwd or ctx.root,
                                ctx.root)
        if team.matches_any(patterns, rels):
            hits.append(w)
    if hits:
        if not team.enabled(ctx, "spec_phase_gate"):
            return ALLOWED
        shown = ", ".join(f"{w.rel or w.abs} ({ctx.render(w.how)})" for w in hits[:5])
        return block(ctx.say("spec_phase_gate.bash_writes", files=shown, order=ctx.say(ORDER)))
    if analysis.unknown:
        folded = ctx.hook.command.casefold()
        names = [n for n in _spec_names(patterns) if n in folded]
        if names and team.enabled(ctx, "spec_phase_gate"):
            why = "; ".join(ctx.render(r) for r in analysis.reasons[:2]) or ctx.say(
                "shared.not_analysed")
            return block(ctx.say("spec_phase_gate.bash_unknown", name=names[0], why=why,
                                 order=ctx.say(ORDER)))
    return ALLOWED


def check(ctx: Context) -> Verdict:
    """Judge a write to a spec.yaml (see the module docstring). Returns a
    :class:`events.verdict.Verdict`."""
    return edit_or_bash(ctx, _check_edit, _check_bash)


def _check_edit(ctx, target):
    hook = ctx.hook
    patterns = team.config_list(ctx, "spec_paths", team.DEFAULT_SPEC_PATHS)
    rels = team.spellings(target, hook.cwd or ctx.root, ctx.root)
    if not team.matches_any(patterns, rels) or not team.enabled(ctx, "spec_phase_gate"):
        return ALLOWED
    shown = target.rel if target.rel is not None else target.given
    if hook.agent_id:
        return block(ctx.say("spec_phase_gate.lead_only", path=shown))
    post = ctx.post_edit
    if post is None or not post.applies:
        return ALLOWED  # the tool call fails and changes nothing
    if post.after is None:
        return block(ctx.say("spec_phase_gate.uncomputable", path=shown, tool=hook.tool_name,
                             error=post.error or ctx.say("shared.unknown_reason")))
    before = parse_spec(post.before)
    after = parse_spec(post.after)
    feature = feature_name(after, target.rel or shown)
    kind, message = judge(before, after, feature, ctx)
    if kind == "allow" and before is not None and after.phase != before.phase:
        message = _sdd_transition(ctx, target, feature, after.phase)
        if message:
            kind = "block"
    if kind == "block":
        return block(f"{shown}: {message}")
    if kind == "warn":
        return warn(f"{shown}: {message}")
    return ALLOWED


def _sdd_transition(ctx, target, feature: str, phase) -> str | None:
    """Under sync-sdd: why the move to ``phase`` is not backed by what the
    hooks saw (see the module docstring), or ``None``."""
    if phase not in (DESIGN, IMPLEMENTED):
        return None
    from workflow import sdd  # lazy: a phase change only

    if not sdd.active(ctx) or target.rel is None:
        return None
    directory = target.rel.rsplit("/", 1)[0]
    if phase == DESIGN:
        if not os.path.isfile(ctx.path(f"{directory}/{sdd.DESIGN}")):
            return ctx.say("spec_phase_gate.sdd_needs_design", feature=feature)
        return None
    tasks = sdd.tasks_of(ctx, directory)
    if not sdd.all_done(tasks):
        left = [str(t.get("id", "?")) for t in tasks or []
                if str(t.get("status", "")).strip().lower() != "done"]
        return ctx.say("spec_phase_gate.sdd_tasks_open", feature=feature,
                       tasks=", ".join(left[:10]) or ctx.say("sdd_phase_gate.no_tasks"))
    name = directory.rsplit("/", 1)[-1]
    verdict, current = sdd.review_state(sdd.ledger(ctx.root), name, "impl")
    if verdict == "GO" and current:
        return None
    if verdict is None:
        state = ctx.say("spec_phase_gate.sdd_no_verdict")
    elif verdict != "GO":
        state = ctx.say("spec_phase_gate.sdd_latest", verdict=verdict)
    else:
        state = ctx.say("spec_phase_gate.sdd_stale")
    return ctx.say("spec_phase_gate.sdd_no_go", feature=feature, state=state)
