"""Stop loop guard (SPEC §3 Stop and SubagentStop; reference "Known traps").

Not a chain guard: the Stop and SubagentStop units pass their chain's outcome
through :func:`apply`, so every blocking check (post-loop-pending,
completion-check, and an internal error turned into a block) is bounded the
same way and a session can always end.

Consecutive blocks are counted per session and per agent (the main agent and
each subagent ``agent_id`` separately) in ``.claude/session-state/stop-guard.json``
(``{"sessions": {id: {key: {"count": n, "fingerprint": crc}}}}``, the
:data:`KEEP_SESSIONS` most recent sessions; parallel sessions in one repository
keep their own counts). A
blocked stop is let through, with a ``systemMessage`` naming what was left,
when

* ``count`` has reached state.md ``config.stop_block_limit`` (default 3; at
  most 7, below Claude Code's own override after 8 consecutive blocks), or
* ``stop_hook_active`` is true and nothing changed since the last block: the
  same reason and the same bytes in state.md, the active playbook's files,
  the post-loop marker and the archive checkpoint, and no new line in the
  critic or review ledger (a critic that ran in between is progress).

When it lets a stop held by the archive state go (post-loop-pending), its
message also says what is left: an archive that is due or open is reported
and resumed by the next SessionStart (session-report); a post-loop that is
pending only is named with its command (a new conversation's SessionStart
drops that marker as stale, SPEC §3).

An allowed stop resets the agent's count. The counter is in session-state
(writable by Claude): tampering with it can only make a stop pass *with* the
message shown to the user, never silently.
"""

from __future__ import annotations

import os

from events.context import Context
from events.render import Outcome
from events.verdict import ALLOW, WARN, Effect, Verdict
from statefiles import fastjson, layout
from statefiles.atomic import read_bytes, write_atomic
from statefiles.markers import Markers
from workflow.reward.ledger import CRITIC_LEDGER
from workflow.reward.stops import STOP_GUARD

NAME = "stop-loop-guard"
#: Not skipped on error: an exception in :func:`apply` reaches the runtime,
#: which blocks the stop naming errors.log (``events.render.internal_error``).
ADVISORY = False
DEFAULT_LIMIT = 3
MAX_LIMIT = 7
#: Sessions whose counters are kept.
KEEP_SESSIONS = 16


def block_limit(ctx) -> int:
    """state.md ``config.stop_block_limit`` (an integer 1..7), else 3."""
    value = ctx.state.get("config", "stop_block_limit") if ctx.state is not None else None
    if isinstance(value, int) and not isinstance(value, bool) and value >= 1:
        return min(value, MAX_LIMIT)
    return DEFAULT_LIMIT


def agent_key(ctx) -> str:
    """Whose blocks are counted: ``"main"`` on Stop, ``"agent:<agent_id>"``
    (else the agent type, else ``?``) on SubagentStop."""
    if ctx.event == "SubagentStop":
        return "agent:" + (ctx.hook.agent_id or ctx.hook.agent_type or "?")
    return "main"


def fingerprint(ctx, text: str) -> int:
    """CRC-32 of the block reason, of the files the stop checks read (state.md,
    the active playbook, the post-loop marker) and of the progress made
    since: the critic and review ledgers' sizes and the archive checkpoint."""
    import binascii  # lazy: only when a stop is blocked

    crc = binascii.crc32(text.encode("utf-8", "replace"))
    paths = [layout.STATE_MD]
    pb = ctx.playbook
    if pb is not None:
        paths += [pb.plan_rel, pb.progress_rel]
    for rel in paths:
        try:
            crc = binascii.crc32(read_bytes(ctx.path(rel), 16 * 1024 * 1024), crc)
        except OSError:
            crc = binascii.crc32(b"\0missing\0" + rel.encode(), crc)
    crc = binascii.crc32(b"pending" if ctx.markers.exists(layout.POST_LOOP_PENDING) else b"-", crc)
    # Progress a stop check does not read itself: a critic or reviewer run
    # (a ledger grows) and the archive's progress (its checkpoint).
    from statefiles.bookkeeping import REVIEW_LEDGER  # lazy: only when a stop is blocked

    for rel in (CRITIC_LEDGER, REVIEW_LEDGER):
        try:
            size = os.stat(ctx.path(rel)).st_size
        except OSError:
            size = -1
        crc = binascii.crc32(f"{rel}:{size}".encode(), crc)
    try:
        crc = binascii.crc32(read_bytes(ctx.path(layout.ARCHIVE_CHECKPOINT), 1024 * 1024), crc)
    except OSError:
        crc = binascii.crc32(b"no checkpoint", crc)
    return crc


def _entry(ctx, session: str, key: str) -> dict | None:
    record = ctx.markers.read_json(STOP_GUARD)
    sessions = record.get("sessions") if isinstance(record, dict) else None
    agents = sessions.get(session) if isinstance(sessions, dict) else None
    entry = agents.get(key) if isinstance(agents, dict) else None
    return entry if isinstance(entry, dict) else None


def save(root: str, session: str, key: str, entry) -> None:
    """Set (``entry`` a dict) or clear (``None``) one agent's counter, under
    the state lock. Keeps the :data:`KEEP_SESSIONS` most recently touched
    sessions."""
    markers = Markers(root)
    with markers.lock():
        record = markers.read_json(STOP_GUARD)
        sessions = record.get("sessions") if isinstance(record, dict) else None
        sessions = {k: v for k, v in sessions.items() if isinstance(v, dict)} \
            if isinstance(sessions, dict) else {}
        agents = sessions.pop(session, {})
        if entry is None:
            if key not in agents:
                return
            agents.pop(key, None)
        else:
            agents[key] = entry
        if agents:
            sessions[session] = agents  # re-inserted last: the most recent
        while len(sessions) > KEEP_SESSIONS:
            sessions.pop(next(iter(sessions)))
        write_atomic(markers.path(STOP_GUARD),
                     fastjson.dumps({"sessions": sessions}, indent=1) + "\n", durable=False)


def _archive_due(ctx) -> str:
    """The line telling the user the archive is still due (the session ends
    with it held: the next SessionStart reports and resumes it)."""
    # lazy: only when a held stop is let go
    from workflow.archive.state import PENDING, archive_state

    state = archive_state(ctx) or {}
    which = state.get("playbook")
    # pending: the archive is done and only the post-loop is left, which a
    # new conversation's SessionStart drops as stale (SPEC §3 SessionStart):
    # never claim that it is resumed then
    key = ("stop_loop_guard.post_loop_due" if state.get("state") == PENDING
           else "stop_loop_guard.archive_due")
    return ctx.say(key, playbook=f" {which}" if which else "",
                   command=layout.post_loop_command(ctx.root))


def apply(ctx: Context, outcome: Outcome) -> Outcome:
    """Bound the blocks of a Stop/SubagentStop ``outcome`` (an
    ``events.render.Outcome``); returns it, possibly changed to an allow with
    a warning, with the counter update as an Effect in its trace."""
    session = ctx.hook.session_id
    key = agent_key(ctx)
    entry = _entry(ctx, session, key)
    if not outcome.blocked:
        if entry is not None:
            outcome.trace.append((NAME, Verdict(ALLOW, "reset", guard=NAME, effects=(
                Effect(save, ctx.root, session, key, None, label="reset stop counter"),))))
        return outcome
    final = outcome.final
    fp = fingerprint(ctx, final.text())
    count = entry.get("count") if entry is not None else 0
    count = count if isinstance(count, int) and count >= 0 else 0
    limit = block_limit(ctx)
    why = None
    if count >= limit:
        why = ctx.say("stop_loop_guard.why_limit", count=count, limit=limit)
    elif ctx.hook.stop_hook_active and entry is not None and entry.get("fingerprint") == fp:
        why = ctx.say("stop_loop_guard.why_unchanged")
    if why is not None:
        text = ctx.say("stop_loop_guard.let_through_subagent" if ctx.event == "SubagentStop"
                       else "stop_loop_guard.let_through", why=why, message=final.message)
        if final.guard == "post-loop-pending":
            text = f"{text}\n{_archive_due(ctx)}"
        verdict = Verdict(WARN, text, guard=final.guard or NAME, effects=(
            Effect(save, ctx.root, session, key, None, when="always", label="reset stop counter"),))
        outcome.final = None
        outcome.warnings.append(verdict)
        outcome.trace.append((NAME, verdict))
        return outcome
    counted = Effect(save, ctx.root, session, key, {"count": count + 1, "fingerprint": fp},
                     when="always", label="count stop block")
    outcome.trace.append((NAME, Verdict(ALLOW, f"block {count + 1} of {limit}", guard=NAME,
                                        effects=(counted,))))
    return outcome
