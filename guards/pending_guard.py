"""pending-guard (SPEC §3 Edit/Write chain 2; seed 002 §4, §11.7).

After a playbook is archived, ``.claude/session-state/post-loop-pending``
forces the post-loop skill before any other edit; so does an archive that
has started and not been closed (its checkpoint exists: the archive state
``open``, :mod:`workflow.archive.state`), and so does a playbook that is
complete with the critic's PASS recorded but was never archived (``due``: the
PostToolUse or SubagentStop that should have archived it died). Stop,
SubagentStop and this chain read the same state. ``due`` costs the
completion check of the playbook the chain loads anyway (depends-check and
playbook-guard read it on every edit): the first unfinished item ends it,
and the ledger is read only when every status is done. Exempt (deadlock escape):
state.md, ``.claude/session-state/``, and playbook files
(``play/<id>/plan.json|progress.json``, so the post-loop can write the next
playbook). On main/master under the ``feature`` branch policy the guard is
off: the post-loop may have returned there, and main-branch already stops
edits (under ``trunk`` main is where the work happens, so it applies there). The post-loop skill itself and its
handler are not edit tools; the prompt-analyzer gate and main-branch let them
through.
"""

from __future__ import annotations

from events.context import Context
from events.verdict import ALLOWED, Verdict, block
from statefiles import layout
from workflow import registry
from workflow.archive.state import PENDING, is_due, open_state
from workflow.shared import is_unstuck_file

NAME = "pending-guard"
ADVISORY = False


def check(ctx: Context) -> Verdict:
    """Edit/Write while ``post-loop-pending`` or the archive checkpoint
    exists, or the active playbook's archive is due: BLOCK (run the post-loop
    handler first), except state.md, ``.claude/session-state/`` and playbook
    files; ALLOWED otherwise and on main/master under the feature branch
    policy (SPEC §3 Edit/Write chain 2; seed 002 §11.7)."""
    state = open_state(ctx)
    if state is None:
        if ctx.playbook is None or not is_due(ctx):
            return ALLOWED
        if registry.main_forbidden(ctx) or is_unstuck_file(ctx.target):
            return ALLOWED
        return block(ctx.say("pending_guard.archive_due", playbook=f" {ctx.playbook.id}",
                             command=layout.post_loop_command(ctx.root)))
    if registry.main_forbidden(ctx) or is_unstuck_file(ctx.target):
        return ALLOWED
    which = state["playbook"]
    shown = f" {which}" if which and which.strip() else ""
    command = layout.post_loop_command(ctx.root)
    if state["state"] != PENDING:
        return block(ctx.say("pending_guard.archive_open", playbook=shown,
                             status=state["status"], command=command))
    return block(ctx.say("pending_guard.post_loop", playbook=shown,
                         marker=layout.POST_LOOP_PENDING, command=command))
