"""consent-guard (SPEC §3 Edit/Write chain 1; seed 004 §1 [4]).

While ``.claude/.session-init/consent`` exists the user has not yet confirmed
Claude's understanding of the request, so nothing is edited. The files needed
to get unstuck stay writable (deadlock escape): state.md, the *active*
playbook's plan.json/progress.json (an active playbook was already confirmed)
and ``.claude/session-state/``. The marker is cleared when the user confirms.
"""

from __future__ import annotations

from events.context import Context
from events.verdict import ALLOWED, Verdict, block
from statefiles import layout
from workflow.shared import is_session_state, is_state_md

NAME = "consent-guard"
ADVISORY = False


def check(ctx: Context) -> Verdict:
    """Edit/Write: BLOCK while ``.claude/.session-init/consent`` exists (the
    user has not confirmed the understanding check), except state.md, the
    active playbook's files and ``.claude/session-state/``; else ALLOWED
    (SPEC §3 Edit/Write chain 1; seed 004 §1 [4])."""
    if not ctx.markers.exists(layout.CONSENT):
        return ALLOWED
    target = ctx.target
    if is_state_md(target) or is_session_state(target) or ctx.is_playbook_file(target):
        return ALLOWED
    if ctx.hook.in_subagent:
        # pm cannot talk to the user: it hands back.
        return block(ctx.say("consent_guard.not_confirmed_subagent"))
    return block(ctx.say("consent_guard.not_confirmed"))
