"""notification-log (Notification; SPEC §3; seed 002 §0).

Appends each notification (permission prompts, idle reminders...) as one JSON
line to ``.claude/logs/notifications.log``: ``ts``, ``session_id``,
``notification_type``, ``title``, ``message``. Output is ignored by Claude
Code, so this handler never says anything.
"""

from __future__ import annotations

from events.context import Context
from events.verdict import Effect, Verdict, allow
from statefiles import jsonlog, layout

NAME = "notification-log"
ADVISORY = True


def check(ctx: Context) -> Verdict:
    """Notification: ALLOWED with an ``always`` effect appending the
    notification to ``.claude/logs/notifications.log`` (SPEC §3; seed 002 §0)."""
    raw = ctx.hook.raw
    rec = {"session_id": ctx.hook.session_id,
           "notification_type": raw.get("notification_type"),
           "title": raw.get("title"), "message": raw.get("message")}
    return allow(effects=(Effect(jsonlog.append, ctx.root, layout.NOTIFICATIONS_LOG, rec,
                                 when="always", label="log notification"),))
