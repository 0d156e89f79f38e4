"""critic-ledger (SubagentStop; hardening beyond SPEC §3's field check).

The done contract of SPEC §3 (three validations PASS with evidence,
``validated_by == "critic"``) is made of fields anyone can type. This handler
records what the critic subagent *actually said*: when a subagent whose
``agent_type`` is exactly ``critic`` (or ``playgate:critic`` when the suite is
installed as a plugin; ``Critic`` or another plugin's ``x:critic`` does not
count) stops, the closing verdict block of its ``last_assistant_message``
(:mod:`workflow.subagent_reply`: the run of lines at the very end, never a
quote or a code block) made of lines of the form

    CRITIC: PASS <subtask-id>
    CRITIC: FAIL <subtask-id> - <reason>
    CRITIC: PASS playbook
    CRITIC: FAIL playbook - <reason>

(a list bullet or emphasis around the line, ``—``/``:`` as the reason
separator and a lower-case verdict are tolerated) is appended to
``.claude/logs/critic-ledger.jsonl`` as ``{"ts", "session_id", "agent_id",
"playbook": <active plan.json, repo-relative>, "subtask", "verdict",
"reason"}``. ``.claude/logs/**`` is HARD_BLOCK in the protected floor, so
Claude can read the ledger but not write it. A FAIL for an id wins over a PASS
for the same id in one message; a block with a line of another shape is
malformed and records nothing (the hook says so).

Seed 002 §10's retry loop: any FAIL writes ``session-state/last-fail-reason``
(the reasons, one a line) and increments ``session-state/iteration-count``;
a run with only PASS verdicts clears both, unless the recorded failure names
a subtask this run did not pass (it is still being retried).

subtask-guard, critic-guard and completion-check read the ledger
(:func:`workflow.reward.ledger.ledger_verdicts`): a done without a PASS blocks (a
human can loosen that to a warning with state.md ``config.require_critic_run:
false``). A critic reply without any ``CRITIC:`` line
records nothing and says so to the user.

The same stop applies the verdicts to the active playbook
(:func:`statefiles.bookkeeping.apply_critic`): a PASSed subtask
whose validations the orchestrator recorded with evidence becomes done with
``validated_by: critic``, a finished phase done, ``CRITIC: PASS playbook``
``critic.status: PASS`` — so the orchestrator never types the critic's
fields itself — and a playbook that is now complete is archived (local
steps; the git part waits for PostToolUse or the post-loop handler, as for
every SubagentStop archive). The PostToolUse reminder of the Agent call
reports it.

Advisory: failing to record must never block a stop.
"""

from __future__ import annotations

from events.context import Context
from events.verdict import ALLOWED, Effect, Verdict, allow, warn
from statefiles import fastjson, layout
from statefiles.atomic import append_nonblocking, write_atomic
from statefiles.markers import Markers, now_iso
from statefiles.playbook import Playbook
from workflow.reward.ledger import CRITIC_LEDGER, PLAYBOOK_ID, ledger_verdicts, record_fail_reason
from workflow.subagent_reply import stop_verdicts, verdict_lines

NAME = "critic-ledger"
ADVISORY = True


def parse_verdicts(message: str) -> list:
    """``[(id, verdict, reason), ...]`` from the closing verdict block of a
    critic's final message, one per id, in first-seen order; FAIL wins over
    PASS for the same id; ``[]`` without a block or with a malformed one (the
    grammar: :mod:`workflow.subagent_reply`)."""
    return verdict_lines(message, "CRITIC:", _critic_subject)


def _critic_subject(word: str) -> str:
    return PLAYBOOK_ID if word.lower() == PLAYBOOK_ID else word


def _failed_ids(text: str) -> set:
    """Ids named by a ``critic FAIL:`` last-fail-reason written by :func:`_record`."""
    if not text.startswith("critic FAIL: "):
        return set()
    ids = set()
    for line in text[len("critic FAIL: "):].splitlines():
        head, sep, _ = line.partition(": ")
        if sep and head and " " not in head:
            ids.add(head)
    return ids


class NotRecorded(OSError):
    """The verdicts were not applied because their ledger append failed: a
    verdict is recorded first, and only then does what depends on it run."""


def _record(root: str, records: list, fails: list, done: dict | None = None) -> None:
    """Append ``records`` to the ledger and keep the retry state; sets
    ``done["recorded"]`` once the ledger holds them (what :func:`_apply`
    waits for)."""
    markers = Markers(root)
    with markers.lock():
        path = layout.join(root, CRITIC_LEDGER)

        append_nonblocking(path, "".join(fastjson.dumps(r) + "\n" for r in records)
                           .encode("utf-8", "backslashreplace"))
        if done is not None:
            done["recorded"] = True
        if fails:
            text = (markers.read(layout.ITERATION_COUNT) or "").strip()
            try:
                count = max(0, int(text.split()[0])) if text else 0
            except ValueError:
                count = 0
            write_atomic(markers.path(layout.ITERATION_COUNT), f"{count + 1}\n", durable=False)
            record_fail_reason(root, "critic FAIL: " + "\n".join(
                f"{ident}: {reason or '(no reason given)'}" for ident, reason in fails))
        else:
            # A PASS ends the retry loop of what it passed; a failure of
            # another subtask still being retried keeps its reason and count.
            passed = {r["subtask"] for r in records}
            pending = _failed_ids(markers.read(layout.LAST_FAIL_REASON) or "")
            if pending <= passed or PLAYBOOK_ID in passed:
                markers.remove(layout.ITERATION_COUNT)
                markers.remove(layout.LAST_FAIL_REASON)


def check(ctx: Context) -> Verdict:
    """SubagentStop of the critic: an ``always`` effect appending its
    ``CRITIC: PASS|FAIL <id>`` verdicts to the critic ledger (and the retry
    state); a WARN when it gave none; ALLOWED for other events and agents
    (seed 002 §10)."""
    read = stop_verdicts(ctx, "critic", "CRITIC:", _critic_subject)
    if read is None:
        return ALLOWED
    verdicts, malformed = read
    if malformed is not None:
        return warn(ctx.say("critic_ledger.malformed", line=malformed, ledger=CRITIC_LEDGER))
    if not verdicts:
        return warn(ctx.say("critic_ledger.no_verdict", ledger=CRITIC_LEDGER))

    hook = ctx.hook
    message = hook.raw.get("last_assistant_message")
    plan_rel = ctx.playbook.plan_rel if ctx.playbook is not None else None
    verdicts, refused = _observed(ctx, verdicts)
    stamp = now_iso()
    records = [{"ts": stamp, "session_id": hook.session_id, "agent_id": hook.agent_id,
                "playbook": plan_rel, "subtask": ident, "verdict": verdict, "reason": reason,
                **({"said": "PASS", "observed": refused[ident]} if ident in refused else {})}
               for ident, verdict, reason in verdicts]
    fails = [(ident, reason) for ident, verdict, reason in verdicts if verdict == "FAIL"]
    done = {"recorded": False}
    effects = [Effect(_record, ctx.root, records, fails, done, when="always",
                      label="record critic verdicts")]
    if plan_rel:
        effects.append(Effect(_apply, ctx.root, plan_rel, verdicts,
                              message if isinstance(message, str) else "", hook.agent_id,
                              ctx.language, done, when="always",
                              label="apply the critic's verdicts"))
    if refused:
        return warn(ctx.say("critic_ledger.pass_unobserved", ledger=CRITIC_LEDGER,
                            items="; ".join(_refusal(ctx, ident, seen)
                                            for ident, seen in refused.items())),
                    effects=tuple(effects))
    return allow(effects=tuple(effects))


def _observed(ctx, verdicts: list) -> tuple:
    """``(verdicts, refused)``: each PASS whose commands (its
    ``validation_plan``'s automated ones; the playbook's ``done_when``) did
    not all run and return 0 in this critic run, as the hooks observed
    (:mod:`workflow.evidence`), turned into a FAIL naming the command;
    ``refused`` maps those ids to ``{"command", "status"}``."""
    pb = ctx.playbook
    if pb is None or pb.plan_error or not any(v == "PASS" for _, v, _ in verdicts):
        return verdicts, {}
    from workflow import evidence  # lazy: only for a critic's PASS

    seen = evidence.observed(ctx.root, ctx.hook.agent_id)
    out, refused = [], {}
    for ident, verdict, reason in verdicts:
        miss = evidence.unbacked(pb.plan, ident, seen) if verdict == "PASS" else None
        if miss is None:
            out.append((ident, verdict, reason))
            continue
        command, status = miss
        refused[ident] = {"command": command, "status": status}
        out.append((ident, "FAIL", str(_refusal(ctx, ident, refused[ident]))))
    return out, refused


def _refusal(ctx, ident: str, seen: dict):
    """Why the critic's PASS of ``ident`` is not recorded: its command and
    the exit status the hooks observed, or that it did not run."""
    if seen["status"] is None:
        return ctx.say("critic_ledger.command_not_run", id=ident, command=seen["command"])
    return ctx.say("critic_ledger.command_failed", id=ident, command=seen["command"],
                   status=seen["status"])


#: Seconds the archive's local steps may take at this stop (SubagentStop is
#: registered with 30 s; no network I/O on a gating event).
ARCHIVE_BUDGET_S = 15.0


def _apply(root: str, plan_rel: str, verdicts: list, reply: str, agent_id,
           lang: str = "en", done: dict | None = None) -> None:
    """Apply the verdicts (:func:`statefiles.bookkeeping.apply_critic`); when
    they complete the playbook, archive it (the local steps: the git part
    waits for PostToolUse or the post-loop handler), and keep the report
    for the Agent call's reminder. Only once :func:`_record` put them in the
    ledger (``done["recorded"]``): a done status without its ledger PASS
    would be refused as unrun anyway, so nothing is applied and
    :class:`NotRecorded` says why."""
    if done is not None and not done.get("recorded"):
        from messages import Text  # lazy: a failed ledger append only

        raise NotRecorded(Text("critic_ledger.not_applied", ledger=CRITIC_LEDGER))
    from statefiles import bookkeeping  # lazy: plan.json bookkeeping only for a critic's verdicts

    report = bookkeeping.apply_critic(root, plan_rel, verdicts, reply, agent_id)
    if report.get("playbook") == "PASS":
        report["archive"] = _archive(root, plan_rel, lang)
    bookkeeping.save_report(root, report)


def _archive(root: str, plan_rel: str, lang: str) -> str | None:
    # lazy: the archive engine only when the verdicts complete the playbook
    from statefiles import completion, gitinfo, state_md
    from workflow.archive import run as archive
    state = state_md.load(root)
    if state is None or state.active_playbook != plan_rel:
        return None
    pb = Playbook(root, plan_rel)
    if completion.missing(pb, first_only=True, ledger=ledger_verdicts(root, plan_rel)):
        return None
    result = archive.run(root, playbook=pb, branch=gitinfo.current_branch(root), network=False,
                         budget_s=ARCHIVE_BUDGET_S, lang=lang)
    return result.message if result is not None and result.status != "busy" else None
