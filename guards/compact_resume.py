"""compact-resume (SessionStart with ``source: compact``; SPEC §3; seed 002 §1.5).

After a compaction the conversation lost its details; the resume pointer
PreCompact saved (:mod:`guards.resume_pointer`) tells Claude what to read and
what it was doing. When state.md moved on since (another playbook, phase or
subtask), the current position is given too: state.md wins. The pointer is
consumed (removed) so a later session never resumes from a stale one.

Under ``config.after_compact: wait`` (seed 003 §13; sync-sdd's default,
:func:`workflow.registry.after_compact`) the context says the opposite of
"continue": wait for the user's next instruction, with the pointer given
only as where the work stood (:mod:`guards.compact_wait` refuses tool calls
until the user speaks).
"""

from __future__ import annotations

from events.context import Context
from events.verdict import ALLOWED, Effect, Verdict, warn
from statefiles import layout
from workflow import registry
from workflow.lifecycle import resume_pointer

NAME = "compact-resume"
ADVISORY = True

FIELDS = ("playbook", "phase", "subtask", "branch")


def check(ctx: Context) -> Verdict:
    """SessionStart ``source: compact``: a WARN (additionalContext) with the saved
    resume pointer, and the current position when state.md moved on, with an
    effect consuming the pointer; ALLOWED for other sources (SPEC §3; seed 002
    §1.5)."""
    if ctx.hook.source != "compact":
        return ALLOWED
    saved = ctx.markers.read_json(layout.RESUME_POINTER)
    current = resume_pointer(ctx)
    if registry.after_compact(ctx) == registry.WAIT:
        return _wait(ctx, saved, current)
    if not isinstance(saved, dict) or not isinstance(saved.get("resume_instruction"), str):
        return warn(ctx.say("compact_resume.no_pointer",
                            instruction=current["resume_instruction"]))
    details = ", ".join(f"{k} {saved.get(k)}" for k in FIELDS if saved.get(k))
    lines = [ctx.say("compact_resume.resuming", saved_at=saved.get("saved_at") or "?",
                     details=f": {details}" if details else "",
                     instruction=saved["resume_instruction"])]
    changed = [k for k in FIELDS if saved.get(k) != current.get(k)]
    if changed:
        lines.append(ctx.say("compact_resume.moved_on",
                             changes=", ".join(ctx.say("compact_resume.now", field=k,
                                                       value=current.get(k)) for k in changed),
                             instruction=current["resume_instruction"]))
    return warn(" ".join(lines),
                effects=(Effect(ctx.markers.remove, layout.RESUME_POINTER, when="always",
                                label="consume resume pointer"),))


def _wait(ctx, saved, current: dict) -> Verdict:
    """The ``wait`` context: wait for the user; where the work stood (the
    current position, state.md being the source of truth) for when they
    ask to go on; the pointer consumed."""
    details = ", ".join(f"{k} {current.get(k)}" for k in FIELDS if current.get(k))
    text = ctx.say("compact_resume.wait", details=f" ({details})" if details else "",
                   instruction=current["resume_instruction"])
    effects = ()
    if isinstance(saved, dict):
        effects = (Effect(ctx.markers.remove, layout.RESUME_POINTER, when="always",
                          label="consume resume pointer"),)
    return warn(text, effects=effects)
