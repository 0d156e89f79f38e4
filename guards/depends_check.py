"""depends-check (SPEC §3 Edit/Write chain 5; seed 002 §4; seed 004 [4]).

The current phase's ``depends_on`` phases should be done before work on it
starts. A phase that is not done → warn; block under ``STRICT_MODE=true`` or
state.md ``config.strict_depends: true``. Edits to state.md and the playbook
files (and ``.claude/session-state/``, ``play/**/project.json``) are exempt:
they are how statuses get updated. Advisory (a crash is skipped).

The seeds disagree: seed 002's state table says BLOCK, seed 004's flow (the
hook as it ran) says warn only. The default is seed 004's warning because
``depends_on`` is written by pm and passed by the reviewer, not by the user:
a wrong or stale dependency would otherwise stop every edit of the phase,
with no way out for the agent but rewriting a reviewed plan. A human who
wants seed 002's block sets ``config.strict_depends: true`` (the config
section is theirs) or ``STRICT_MODE=true``. Each message says which it is.
"""

from __future__ import annotations

from events.context import Context
from events.verdict import ALLOWED, Verdict, block, warn
from workflow.shared import is_project_json, is_unstuck_file

NAME = "depends-check"
ADVISORY = True


def check(ctx: Context) -> Verdict:
    """Edit/Write: WARN (BLOCK under ``STRICT_MODE=true`` or
    ``config.strict_depends``) when the current phase's ``depends_on`` phases
    are not done; state files are exempt; else ALLOWED (SPEC §3 Edit/Write
    chain 5; seed 002 §4)."""
    pb = ctx.playbook
    target = ctx.target
    if pb is None or is_unstuck_file(target) or is_project_json(target):
        return ALLOWED
    state_phase = ctx.state.get("playbook", "current_phase") if ctx.state else None
    phase_id = pb.current_phase_id(state_phase if isinstance(state_phase, str) else None)
    phase = pb.phase(phase_id) if phase_id else None
    if phase is None:
        return ALLOWED
    deps = [d for d in (phase.get("depends_on") or []) if isinstance(d, str)]
    open_deps = [d for d in deps if pb.phase_progress_status(d) != "done"]
    if not open_deps:
        return ALLOWED
    listing = ", ".join(f"{d} ({pb.phase_progress_status(d) or 'pending'})" for d in open_deps)
    message = ctx.say("depends_check.open_deps", phase=phase_id, deps=listing)
    if ctx.config_flag("strict_depends"):
        return block(ctx.say("depends_check.blocked", message=message,
                             why="state.md config.strict_depends: true"))
    if ctx.strict_mode:
        return block(ctx.say("depends_check.blocked", message=message, why="STRICT_MODE=true"))
    return warn(ctx.say("depends_check.warned", message=message))
