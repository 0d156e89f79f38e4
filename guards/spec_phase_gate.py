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

Off with state.md ``config.spec_phase_gate: false``. Costs a string match per
edit when no spec.yaml is involved.
"""

from __future__ import annotations

from events.verdict import ALLOWED, block, warn
from guards import _team

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

ORDER = ("phases follow initialized → design-generated → implementation-complete; a revision "
         "goes back from implementation-complete to design-generated; initialized or "
         "design-generated may become blocked (with blocked_info.blocked_by) and return to the "
         "phase they were blocked at (seed 003 Spec 5)")


class SpecDoc:
    """A parsed spec.yaml (or why it could not be parsed)."""

    __slots__ = ("data", "error")

    def __init__(self, data, error: str = "") -> None:
        self.data = data
        self.error = error

    @property
    def phase(self):
        return self.data.get("phase") if isinstance(self.data, dict) else None

    def blocked_info(self) -> dict:
        info = self.data.get("blocked_info") if isinstance(self.data, dict) else None
        return info if isinstance(info, dict) else {}

    def blocked_by(self) -> str:
        value = self.blocked_info().get("blocked_by")
        if isinstance(value, list):
            value = ", ".join(str(v) for v in value if str(v).strip())
        return str(value).strip() if value is not None and not isinstance(value, dict) else ""

    def blocked_at(self):
        value = self.blocked_info().get("blocked_at_phase")
        return value if isinstance(value, str) and value in TRANSITIONS[BLOCKED] else None


def parse_spec(text: str | None) -> SpecDoc | None:
    """``None`` for a missing file, else a :class:`SpecDoc` (``error`` set when
    the text is not a YAML mapping). Imports PyYAML."""
    if text is None:
        return None
    # PyYAML (~14 ms) only when a spec.yaml is written; bounded, so a huge or
    # alias-bomb spec cannot run the hook past its timeout (fail open).
    from statefiles.yamlsafe import YAMLProblem, safe_load

    try:
        data = safe_load(text) if text.strip() else {}
    except YAMLProblem as exc:
        where = f" near line {exc.line + 1}" if exc.line is not None else ""
        return SpecDoc(None, f"it is not valid YAML{where} ({exc.problem})")
    if data is None:
        data = {}
    if not isinstance(data, dict):
        return SpecDoc(None, f"it must be a YAML mapping, not {type(data).__name__}")
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


def judge(before: SpecDoc | None, after: SpecDoc, feature: str) -> tuple:
    """Decide one spec.yaml change.

    Args:
        before: the current file (``None``: it does not exist yet).
        after: the file as it will be after the write.
        feature: the feature name for messages.

    Returns:
        ``(kind, message)`` with kind ``"allow"``, ``"warn"`` or ``"block"``.
    """
    if after.error:
        return "block", f"spec.yaml must stay readable: {after.error}"
    phase = after.phase
    if phase is None:
        return "block", ("spec.yaml has no `phase`; keep it set to one of "
                         + ", ".join(PHASES))
    if not isinstance(phase, str) or phase not in PHASES:
        shown = phase if isinstance(phase, str) else repr(phase)
        return "block", (f"Unknown phase '{shown}' (seed 003 Spec 5.3). Known phases: "
                         + ", ".join(PHASES) + ".")
    if phase == BLOCKED and not after.blocked_by():
        return "block", ("phase 'blocked' needs blocked_info.blocked_by (the spec whose failure "
                         "blocks this one; seed 003 phase state machine: blocked_by = "
                         "{failed_spec}). Add it, and blocked_info.blocked_at_phase.")
    if before is None:
        if phase == INITIALIZED:
            return "allow", ""
        return "block", (f"a new spec starts at phase 'initialized', not '{phase}' (seed 003 "
                         "phase state machine: [*] → initialized). Create it as initialized and "
                         "move it forward as the pipeline completes.")
    old = before.phase
    if before.error or not isinstance(old, str) or old not in PHASES:
        why = before.error or (f"its current phase {old!r} is not a known phase"
                               if old is not None else "it has no phase")
        return "warn", (f"spec.yaml of {feature}: the previous phase cannot be checked ({why}); "
                        f"the new phase '{phase}' is accepted. {ORDER}.")
    if phase == old:
        return "allow", ""
    if old == BLOCKED:
        saved = before.blocked_at()
        if phase in TRANSITIONS[BLOCKED] and (saved is None or phase == saved):
            return "allow", ""
        by = before.blocked_by() or "an unnamed upstream spec"
        back = f" Unblocking restores blocked_at_phase '{saved}'." if saved else ""
        return "block", (f"{feature} is blocked by {by} (seed 003 Spec 5.2). It cannot move to "
                         f"'{phase}' while blocked.{back} Fix or skip the upstream failure first.")
    if phase in TRANSITIONS[old]:
        return "allow", ""
    if old == INITIALIZED and phase == IMPLEMENTED:
        detail = "it skips design-generated"
    else:
        detail = f"{old} → {phase} is not a transition of the phase state machine"
    allowed = ", ".join(TRANSITIONS[old])
    return "block", (f"spec.yaml of {feature}: phase '{old}' cannot become '{phase}': {detail}. "
                     f"From '{old}' the next phase is {allowed}. {ORDER}.")


#: Shell write kinds that only remove a file (removing a spec sets no phase).
_REMOVALS = ("rm", "unlink", "shred")


def _removal(write) -> bool:
    how = (getattr(write, "how", "") or "").split()
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
    patterns = _team.config_list(ctx, "spec_paths", _team.DEFAULT_SPEC_PATHS)
    hits = []
    for w in analysis.writes:
        if _removal(w):
            continue
        rels = {w.rel, w.rel.casefold()} if w.rel is not None else set()
        rels |= _team.spellings(ctx.resolve(w.abs or w.given), ctx.hook.cwd or ctx.root,
                                ctx.root)
        if _team.matches_any(patterns, rels):
            hits.append(w)
    if hits:
        if not _team.enabled(ctx, "spec_phase_gate"):
            return ALLOWED
        shown = ", ".join(f"{w.rel or w.abs} ({w.how})" for w in hits[:5])
        return block(f"This command writes {shown}: the spec phase gate cannot check a shell "
                     "command's result. Update spec.yaml with the Edit or Write tool, so the "
                     f"phase transition can be checked ({ORDER}).")
    if analysis.unknown:
        folded = ctx.hook.command.casefold()
        names = [n for n in _spec_names(patterns) if n in folded]
        if names and _team.enabled(ctx, "spec_phase_gate"):
            why = "; ".join(analysis.reasons[:2]) or "it could not be analysed"
            return block(f"This command names {names[0]} but could not be fully analysed "
                         f"({why}), so it may change a spec's phase unchecked. Read spec.yaml "
                         "with the Read tool and change it with Edit or Write, where the phase "
                         f"transition is checked ({ORDER}).")
    return ALLOWED


def check(ctx):
    """Judge a write to a spec.yaml (see the module docstring). Returns a
    :class:`events.verdict.Verdict`."""
    hook = ctx.hook
    if hook.tool_name == "Bash":
        return _check_bash(ctx)
    if not hook.is_edit_tool:
        return ALLOWED
    target = ctx.target
    if target is None:
        return ALLOWED
    patterns = _team.config_list(ctx, "spec_paths", _team.DEFAULT_SPEC_PATHS)
    rels = _team.spellings(target, hook.cwd or ctx.root, ctx.root)
    if not _team.matches_any(patterns, rels) or not _team.enabled(ctx, "spec_phase_gate"):
        return ALLOWED
    shown = target.rel if target.rel is not None else target.given
    if hook.agent_id:
        return block(f"{shown} is updated by the lead only (seed 003 Spec 3.1): a subagent "
                     "returns its results in its completion report and the lead updates "
                     "spec.yaml (phase, version_refs, changelog).")
    post = ctx.post_edit
    if post is None or not post.applies:
        return ALLOWED  # the tool call fails and changes nothing
    if post.after is None:
        return block(f"{shown}: the result of this {hook.tool_name} cannot be computed "
                     f"({post.error or 'unknown reason'}), so the phase transition cannot be "
                     "checked. Use Edit or Write.")
    before = parse_spec(post.before)
    after = parse_spec(post.after)
    kind, message = judge(before, after, feature_name(after, target.rel or shown))
    if kind == "block":
        return block(f"{shown}: {message}")
    if kind == "warn":
        return warn(f"{shown}: {message}")
    return ALLOWED
