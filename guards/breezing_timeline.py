"""breezing-timeline: the TaskCompleted / TeammateIdle handler (SPEC §6; seed 001
"完了レポート", "シグナルベースの動的判断").

Both events fire on the lead's side while an Agent Teams team works. Each one
is appended to ``.claude/state/breezing-timeline.jsonl`` ("who finished which
task when", the Team Activity table of the completion report), a TeammateIdle
of the same teammate within 5 s only once. While
``.claude/state/breezing-active.json`` exists and the breezing workflow is
active (state.md ``config.workflow: breezing``), a TaskCompleted also counts the
task for the current batch and emits ``partial_review_recommended`` (half of
the batch done, when that half is more than 1) and ``next_batch_recommended``
(60 % done) into ``.claude/state/breezing-signals.jsonl``, once per breezing
session and batch. The UserPromptSubmit handler (breezing-signals) shows them
to the lead.

The work is one locked read-modify-write (``statefiles.breezing.record_event``),
returned as an ``always`` effect. A broken breezing-active.json is reported
to the user (systemMessage); this hook never blocks a task (exit 2 on
TaskCompleted would stop the task from completing). Advisory.

Config: ``breezing_timeline``, ``breezing_timeline_max_bytes``,
``breezing_signals`` (see workflow/team.py).
"""

from __future__ import annotations

import os

from events.context import Context
from events.verdict import Effect, Verdict, allow, warn
from statefiles import breezing
from workflow import registry, team

NAME = "breezing-timeline"
ADVISORY = True


def check(ctx: Context) -> Verdict:
    """TaskCompleted/TeammateIdle: an ``always`` effect appending the event to
    the timeline (and emitting batch signals while a team session runs); a
    WARN when breezing-active.json is broken, else ALLOWED. Never blocks
    (SPEC §6; seed 001)."""
    timeline = team.enabled(ctx, "breezing_timeline")
    # Signals are advice to the breezing lead: only while that workflow is
    # active (the timeline is a record and is kept in every workflow).
    signals = team.enabled(ctx, "breezing_signals") and \
        registry.active(ctx).name == "breezing"
    if not (timeline or signals):
        return allow()
    hook = ctx.hook
    fields = {k: v for k, v in hook.raw.items() if isinstance(v, str)}
    max_bytes = team.config_int(ctx, "breezing_timeline_max_bytes",
                                 breezing.TIMELINE_MAX_BYTES, minimum=256)
    # Effect passes positional arguments only; _record maps them to keywords.
    effect = Effect(_record, ctx.root, ctx.event, fields, hook.session_id, timeline, signals,
                    max_bytes, when="always", label=f"record {ctx.event}")
    report = ""
    if os.path.lexists(breezing.path(ctx.root, breezing.ACTIVE)):
        active = breezing.load_active(ctx.root)
        report = active.report() if active is not None else ""
    if report:
        return warn(ctx.render(report), effects=(effect,))
    return allow(effects=(effect,))


def _record(root, event, fields, session, timeline, signals, max_bytes):
    return breezing.record_event(root, event, fields, session, timeline=timeline,
                                 signals=signals, max_bytes=max_bytes)
