"""breezing-session (SessionStart; seed 001 Step 0 "Compaction 対策", "続きやって";
docs/breezing.md "A stale session").

State first: when breezing-active.json exists the session is told to read
it, with the phase the hooks recorded. A file whose lead session is
another Claude session, found when a new conversation starts (``source``
``startup`` or ``clear``), is **stale**: its team lived in that session's
process (Agent Teams teammates run in-process and end with their lead,
measured with Claude Code 2.1.329/2.1.332) and nothing runs for it any
more. It is reported with the user's commands that clear it
(``/breezing abort``) or take it over (``/breezing continue``); until then
its phase keeps holding (a stale delegate phase still keeps the lead from
code). A resumed or compacted conversation of the same session is the
running session, not a stale one. Advisory.
"""

from __future__ import annotations

import os

from events.context import Context
from events.verdict import ALLOWED, Verdict, warn
from statefiles import layout
from workflow import team

NAME = "breezing-session"
ADVISORY = True


def check(ctx: Context) -> Verdict:
    """SessionStart with breezing-active.json: a WARN naming the session,
    its phase and the file to read, or the stale session and the commands
    that clear or continue it; ALLOWED without the file."""
    if not os.path.lexists(layout.join(ctx.root, team.ACTIVE)):
        return ALLOWED
    from statefiles import breezing, breezing_team  # lazy: only while a team session runs

    active = breezing.load_active(ctx.root)
    if active is None:
        return ALLOWED
    if active.data is None:
        return warn(ctx.say("breezing_session.broken", file=team.ACTIVE,
                            report=ctx.render(active.report())))
    hooks = breezing_team.hooks_of(active.data)
    phase = breezing_team.phase_of(active.data)
    lead = hooks.get("lead_session")
    source = ctx.hook.raw.get("source")
    fields = {"file": team.ACTIVE, "session": active.session_id or "-", "phase": phase,
              "since": hooks.get("delegate_started_at") or hooks.get("written_at") or "-"}
    if lead and lead != ctx.hook.session_id and source in ("startup", "clear", None, ""):
        return warn(ctx.say("breezing_session.stale", **fields))
    return warn(ctx.say("breezing_session.running", **fields))
