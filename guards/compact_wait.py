"""compact-wait (seed 003 §13 "Compact 後は常にユーザーの次の指示を待つ";
WORKFLOWS.md "what happens after a compaction").

state.md ``config.after_compact`` (:func:`workflow.registry.after_compact`:
``continue``, seed 002 §1.5, the default of every workflow but sync-sdd; or
``wait``, seed 003 §13, sync-sdd's default) says what the agent does after a
compaction. Under ``wait``:

* **SessionStart** with ``source: compact``: the marker
  ``.claude/.session-init/compact-wait`` is written (its session id and
  time); compact-resume's context then says to wait instead of to continue.
  Any other SessionStart of the same session removes a marker left behind.
* **PreToolUse**: while the marker names this session, every tool call of
  the main agent is refused with the rule — the first action after a
  compaction must come from the user's next instruction (§13.1, §13.2).
  Subagents that were already running are not held (they act on the lead's
  earlier instruction, not on their own).
* **UserPromptSubmit**: the user has spoken; the marker is removed (first in
  the chain, so the prompt's own handlers see the session as resumed).
* **Stop**: never blocked while waiting — the agent is waiting by design.
  The Stop unit (:mod:`events.stop`) passes its chain's outcome through
  :func:`for_user` then: what its blocking checks ask for (a pending
  post-loop, an unfinished playbook) is named for the user in a
  ``systemMessage`` instead.

The marker lives in ``.session-init/`` (the protected floor: hooks create and
clear it, Claude cannot), so the agent cannot lift the wait itself. Costs
one ``stat`` per tool call when no compaction happened.
"""

from __future__ import annotations

from events.context import Context
from events.render import Outcome
from events.verdict import ALLOWED, WARN, Effect, Verdict, allow, block, warn
from statefiles import fastjson
from statefiles.markers import now_iso
from workflow import registry

NAME = "compact-wait"
ADVISORY = False

#: Written at SessionStart(compact) under ``after_compact: wait``; removed
#: when the user speaks (UserPromptSubmit) or another SessionStart of the
#: same session begins.
MARKER = ".claude/.session-init/compact-wait"


def _marker(ctx) -> dict | None:
    data = ctx.markers.read_json(MARKER)
    return data if isinstance(data, dict) else None


def waiting(ctx) -> bool:
    """True while this session waits for the user after a compaction: the
    marker exists, names this session (or no session: then every session
    waits, the strict reading) and ``after_compact`` is still ``wait``.
    One ``stat`` when no compaction happened."""
    if not ctx.markers.exists(MARKER):
        return False
    data = _marker(ctx)
    if data is None:
        return registry.after_compact(ctx) == registry.WAIT
    owner = data.get("session_id")
    if isinstance(owner, str) and owner and ctx.hook.session_id and owner != ctx.hook.session_id:
        return False
    return registry.after_compact(ctx) == registry.WAIT


def _remove(ctx, label: str) -> tuple:
    return (Effect(ctx.markers.remove, MARKER, when="always", label=label),)


def check(ctx: Context) -> Verdict:
    """SessionStart: write (compact, wait mode) or remove the marker;
    UserPromptSubmit: remove it; PreToolUse: BLOCK the main agent's tool
    calls while :func:`waiting`. ALLOWED otherwise (seed 003 §13; Stop is
    handled by :func:`for_user`)."""
    event = ctx.event
    if event == "SessionStart":
        if ctx.hook.source == "compact" and registry.after_compact(ctx) == registry.WAIT:
            body = fastjson.dumps({"session_id": ctx.hook.session_id, "since": now_iso()})
            return allow(effects=(Effect(ctx.markers.write, MARKER, body, when="always",
                                         label="write compact-wait"),))
        data = _marker(ctx) if ctx.markers.exists(MARKER) else None
        if data is not None and data.get("session_id") in (ctx.hook.session_id, None, ""):
            return allow(effects=_remove(ctx, "clear compact-wait"))
        return ALLOWED
    if event == "UserPromptSubmit":
        if ctx.markers.exists(MARKER):
            return allow(effects=_remove(ctx, "clear compact-wait"))
        return ALLOWED
    if event == "PreToolUse":
        if ctx.hook.in_subagent or not waiting(ctx):
            return ALLOWED
        return block(ctx.say("compact_wait.refused", tool=ctx.hook.tool_name or "?"))
    return ALLOWED


def for_user(ctx, outcome):
    """The Stop outcome while :func:`waiting` (called by :mod:`events.stop`
    with its chain's outcome): never a block. A block of the chain (a
    pending post-loop, an unfinished playbook) is dropped with its effects
    and named for the user in a WARN (``systemMessage``); the chain's own
    warnings are kept."""
    if not outcome.blocked:
        return outcome
    due = outcome.final.text()
    note = warn(ctx.say("compact_wait.stop_due", due=due))
    note.guard = NAME
    trace = [(name, v) for name, v in outcome.trace if v is not outcome.final]
    trace.append((NAME, note))
    warnings = [w for w in outcome.warnings if w.kind == WARN] + [note]
    return Outcome(final=None, warnings=warnings, trace=trace, asks=outcome.asks)
