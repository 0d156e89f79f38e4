"""The critic ledger: the hook-written record of the critic's real verdicts
(written by SubagentStop, :mod:`guards.critic_ledger`; read by subtask-guard,
critic-guard, completion-check and the archive check), and the last failure
reason (SPEC §2)."""

from __future__ import annotations


from events.verdict import Effect
from statefiles import fastjson, jsonlog, layout
from statefiles.atomic import write_atomic
from statefiles.markers import now_iso

#: Hook-written record of critic verdicts, one JSON object a line (written by
#: SubagentStop, read by subtask-guard/critic-guard). ``.claude/logs/**`` is
#: HARD_BLOCK in the protected floor, so Claude can read it but not forge it.
CRITIC_LEDGER = ".claude/logs/critic-ledger.jsonl"


#: Ledger id for the playbook-level critic verdict (progress ``critic``).
PLAYBOOK_ID = "playbook"


#: Largest ledger read, in bytes (the tail is read when it is bigger).
LEDGER_MAX = 8 * 1024 * 1024


def ledger_verdicts(root: str, plan_rel: str | None) -> dict:
    """``{subtask_id | "playbook": "PASS" | "FAIL"}``: the latest critic
    verdict per id for the playbook ``plan_rel``, from the ledger. Empty when
    there is no ledger. Lines that do not parse are skipped (the file is
    hook-written; a torn last line is possible after a crash)."""
    out = {}
    for rec in jsonlog.tail_records(layout.join(root, CRITIC_LEDGER), LEDGER_MAX):
        if rec.get("playbook") != plan_rel:
            continue
        sid, verdict = rec.get("subtask"), rec.get("verdict")
        if isinstance(sid, str) and verdict in ("PASS", "FAIL"):
            out[sid] = verdict
    return out


def records_of(root: str, agent_id, rel: str = CRITIC_LEDGER) -> list:
    """The records the subagent run ``agent_id`` left in the hook-written
    JSON-lines ledger ``rel`` (the critic ledger, or the review ledger), in
    order; ``[]`` without an id, a ledger or a record of it. What a message
    about that run rests on when the note of what it changed could not be
    kept (a message never says "nothing was recorded" while the ledger has
    it)."""
    if not isinstance(agent_id, str) or not agent_id:
        return []
    return [rec for rec in jsonlog.tail_records(layout.join(root, rel), LEDGER_MAX,
                                                  needle=fastjson.dumps(agent_id))
            if rec.get("agent_id") == agent_id]


def require_critic_run(ctx) -> bool:
    """A done status needs a critic PASS recorded in the ledger (block, not
    warn). The default: only state.md
    ``config.require_critic_run: false`` — a human-only section — loosens it
    to a warning; anything else, unset or unreadable, requires the run."""
    return critic_run_required(ctx.state)


def critic_run_required(state) -> bool:
    """:func:`require_critic_run` for a loaded state.md (``None``: none or
    unreadable, which requires the run)."""
    return state is None or state.get("config", "require_critic_run") is not False


def record_fail_reason(root: str, text: str) -> None:
    """Write ``.claude/session-state/last-fail-reason`` (SPEC §2; read and
    cleared by executor-guard when it delegates the retry)."""
    write_atomic(layout.join(root, layout.LAST_FAIL_REASON),
                 f"{text.strip()}\n(recorded {now_iso()})\n", durable=False)


def fail_reason_effect(ctx, guard: str, text: str):
    """An ``always`` Effect recording ``text`` as the last failure."""
    return Effect(record_fail_reason, ctx.root, f"{guard}: {text}", when="always",
                  label="record last-fail-reason")
