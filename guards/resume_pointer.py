"""resume-pointer (PreCompact; SPEC §3; seed 002 §1.5).

PreCompact cannot add context in current Claude Code, so the minimal resume
pointer (``resume_instruction``, ``playbook``, ``phase``, ``subtask``,
``branch``) is saved to ``.claude/session-state/resume.json``; SessionStart
with ``source: compact`` injects it (:mod:`guards.compact_resume`). The
playbook itself stays the store of record (seed 002 §1.5: persistent data
lives in the playbook; the pointer only says where to look). Never blocks a
compaction.
"""

from __future__ import annotations

from events.context import Context
from events.verdict import Effect, Verdict, allow
from statefiles import layout
from workflow.lifecycle import resume_pointer

NAME = "resume-pointer"
ADVISORY = True


def check(ctx: Context) -> Verdict:
    """PreCompact: ALLOWED with an ``always`` effect saving the resume pointer
    (:func:`workflow.lifecycle.resume_pointer`) to
    ``.claude/session-state/resume.json`` (SPEC §3; seed 002 §1.5)."""
    pointer = resume_pointer(ctx, trigger=str(ctx.hook.raw.get("trigger") or ""))
    return allow(effects=(Effect(ctx.markers.write_json, layout.RESUME_POINTER, pointer,
                                 when="always", label="save resume pointer"),))
