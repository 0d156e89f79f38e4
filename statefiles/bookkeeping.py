"""The bookkeeping the hooks do when the reviewer or the critic finishes.

Seed 002 §11.5 has the orchestrator copy every subagent verdict into the
playbook files by hand. Measured with a compliant agent that cost
a third of the golden path's turns, and it was where the instructions
contradicted each other: the review "sets" ``meta.reviewed`` but the
reviewer cannot write, and the orchestrator that records it is warned for
doing so. Deviation from the seed, decided once for the whole suite:

* **The verdict is recorded by the hook that saw it.** The reviewer's and
  the critic's final replies reach SubagentStop (``agent_type`` set by
  Claude Code, not by the model). Their verdict lines go into a ledger under
  ``.claude/logs/`` (HARD_BLOCK: Claude cannot write it), and the same hook
  applies them to the playbook — a field Claude types can be faked, a
  subagent run cannot, so this is stronger than the hand copy it replaces.
* ``REVIEW: PASS play/<id>/plan.json`` (:func:`record_review`): plan.json
  ``meta.reviewed: true``, ``reviewed_by: "reviewer"``, ``status: "active"``;
  and the playbook is **activated** when nothing else is active, it has its
  ``context`` (the understanding check) and the current branch is its
  ``meta.branch``: state.md ``playbook.active``/``current_phase``/``branch``,
  ``goal.phase``/``done_criteria`` (the plan's ``done_when`` criteria)/
  ``status: in_progress``, and progress.json ``active`` on the first open
  subtask, ``in_progress``.
* ``CRITIC: PASS <subtask>`` (:func:`apply_critic`): the subtask ``done``
  with ``validated_by: "critic"`` and ``validated_at`` — only when its three
  validations are already PASS with evidence (the orchestrator records those
  *before* calling the critic, whose Q1 checks them); a phase whose subtasks
  are all done becomes ``done``; ``active`` moves to the next open subtask.
  ``CRITIC: PASS playbook`` sets ``critic.status: PASS`` with the critic's
  words as evidence once every subtask and phase is done. A FAIL changes
  nothing here (critic-ledger records the reason for the retry).

What was done is saved in ``.claude/session-state/last-verdicts.json`` so
that the PostToolUse reminder of the Agent call can tell the orchestrator
(SubagentStop's own output reaches only the user).

Every write happens under the state lock, atomically; a file that cannot be
read is left alone and the report says why.
"""

from __future__ import annotations

import os

from statefiles import fastjson, layout, state_md
from statefiles.atomic import locked, read_text, write_atomic
from statefiles.markers import now_iso
from statefiles.playbook import (
    brief,
    checks_text,
    evidence_problems,
    load_json_file,
    resolve_active,
    subtask_status,
)

#: Where the last verdict's bookkeeping is reported (session state).
REPORT = ".claude/session-state/last-verdicts.json"
#: The reviewer's verdicts (hook-written, like the critic ledger).
REVIEW_LEDGER = ".claude/logs/review-ledger.jsonl"
PLAYBOOK_ID = "playbook"


def _now() -> str:
    return now_iso()


def _load(root: str, rel: str):
    data, error = load_json_file(layout.join(root, rel), rel)
    return (data if isinstance(data, dict) else None), error


def _dump(root: str, rel: str, data: dict) -> None:
    # fastjson: json.dumps's bytes without importing json (re, enum: ~7 ms on Stop)
    write_atomic(layout.join(root, rel), fastjson.dumps(data, indent=2, ensure_ascii=False) + "\n")


def _progress_rel(plan_rel: str) -> str:
    return plan_rel.rsplit("/", 1)[0] + "/progress.json"


def _criteria(plan: dict) -> list:
    out = []
    goal = plan.get("goal") if isinstance(plan.get("goal"), dict) else {}
    for item in goal.get("done_when") or []:
        if isinstance(item, dict):
            item = item.get("criterion")
        if isinstance(item, str) and item.strip():
            out.append(" ".join(item.split())[:300])
    return out


def _order(plan: dict) -> list:
    """``[(phase_id, subtask_id), ...]`` in plan order."""
    out = []
    for phase in plan.get("phases") or []:
        if not isinstance(phase, dict) or not isinstance(phase.get("id"), str):
            continue
        for sub in phase.get("subtasks") or []:
            if isinstance(sub, dict) and isinstance(sub.get("id"), str):
                out.append((phase["id"], sub["id"]))
    return out


def _entry(progress: dict, key: str, ident: str) -> dict:
    table = progress.setdefault(key, {})
    if not isinstance(table, dict):
        table = progress[key] = {}
    entry = table.get(ident)
    if isinstance(entry, str):
        entry = {"status": entry}
    if not isinstance(entry, dict):
        entry = {}
    table[ident] = entry
    return entry


def _status(entry: dict) -> str:
    return subtask_status(entry) or "pending"


def _advance(progress: dict, order: list, stamp: str) -> tuple | None:
    """Point ``active`` at the first subtask not done (in plan order) and mark
    it and its phase in progress. Returns ``(phase, subtask)`` or ``None``
    when every subtask is done."""
    for phase_id, sid in order:
        if _status(_entry(progress, "subtasks", sid)) != "done":
            return _start(progress, phase_id, sid, stamp)
    return None


def _start(progress: dict, phase_id: str, sid: str, stamp: str) -> tuple:
    """Make ``sid`` of ``phase_id`` the active subtask, moving it and its
    phase from pending to in progress. Returns ``(phase, subtask)``."""
    entry = _entry(progress, "subtasks", sid)
    if _status(entry) == "pending":
        entry["status"] = "in_progress"
    phase = _entry(progress, "phases", phase_id)
    if _status(phase) == "pending":
        phase.update(status="in_progress", updated_at=stamp)
    progress["active"] = {"phase": phase_id, "subtask": sid}
    return phase_id, sid


def _subtask_spec(plan: dict, sid: str | None) -> dict:
    for phase in plan.get("phases") or []:
        for sub in (phase.get("subtasks") or []) if isinstance(phase, dict) else []:
            if isinstance(sub, dict) and sub.get("id") == sid:
                return sub
    return {}


def criterion_of(plan: dict, sid: str | None) -> str:
    """Subtask ``sid``'s ``criterion`` in ``plan`` on one line, cut at a word
    boundary (:func:`statefiles.playbook.brief`), or ``""`` when the subtask
    or its criterion is missing."""
    return brief(_subtask_spec(plan, sid).get("criterion"))


def checks_of(plan: dict, sid: str | None) -> str:
    """Subtask ``sid``'s ``validation_plan`` as one line
    (:func:`statefiles.playbook.checks_text`): what the critic will judge
    the work against, so the orchestrator sees it before it records the
    evidence."""
    return checks_text(_subtask_spec(plan, sid))


# ------------------------------------------------------------------ review


def review_verdicts(root: str) -> dict:
    """``{plan_rel: "PASS" | "FAIL"}``: the latest reviewer verdict per plan
    from the review ledger (empty when there is none)."""
    out = {}
    for line in (read_text(layout.join(root, REVIEW_LEDGER), limit=1024 * 1024) or
                 "").splitlines():
        try:
            rec = fastjson.loads(line)
        except ValueError:
            continue
        if isinstance(rec, dict) and rec.get("verdict") in ("PASS", "FAIL") and \
                isinstance(rec.get("plan"), str):
            out[rec["plan"]] = rec["verdict"]
    return out


def _why_not(report: dict, key: str, /, **fields) -> None:
    """Why a reviewed playbook was not activated: ``why_not`` in English
    (the report is JSON, read back later) and ``why_not_text``
    (``messages.Text.to_json``) so the reminder can tell it in the reader's
    language."""
    from messages import Text  # lazy: only when the playbook cannot be activated

    why = Text(key, **fields)
    report["why_not"] = str.__str__(why)
    report["why_not_text"] = why.to_json()


def record_review(root: str, plan_rel: str, branch: str | None) -> dict:
    """Apply the reviewer's PASS for ``plan_rel`` (see the module docstring).

    Returns ``{"plan", "reviewed": bool, "activated": bool, "why_not": str,
    "phase", "subtask", "criterion", "error"}``.
    """
    report = {"agent": "reviewer", "verdict": "PASS", "plan": plan_rel, "reviewed": False,
              "activated": False, "why_not": "", "phase": None, "subtask": None,
              "criterion": "", "error": "", "at": _now()}
    with locked(layout.join(root, layout.LOCK_FILE)):
        plan, error = _load(root, plan_rel)
        if plan is None:
            report["error"] = error or f"{plan_rel} cannot be read"
            return report
        meta = plan.get("meta")
        if not isinstance(meta, dict):
            meta = plan["meta"] = {}
        if not (meta.get("reviewed") is True and meta.get("reviewed_by") == "reviewer"
                and meta.get("status") not in (None, "draft")):
            meta["reviewed"] = True
            meta["reviewed_by"] = "reviewer"
            if meta.get("status") in (None, "", "draft"):
                meta["status"] = "active"
            _dump(root, plan_rel, plan)
        report["reviewed"] = True
        state = state_md.load(root)
        active = state.active_playbook if state is not None else None
        want = str(meta.get("branch") or "").strip()
        active_rel = resolve_active(root, active)[0] if active else None
        if state is None:
            _why_not(report, "bookkeeping.no_state")
        elif active and active_rel != plan_rel:
            _why_not(report, "bookkeeping.other_playbook", active=active)
        elif not plan.get("context"):
            _why_not(report, "bookkeeping.no_context")
        elif want and branch != want:
            _why_not(report, "bookkeeping.other_branch", branch=branch or "unknown", want=want)
        if report["why_not"]:
            return report
        progress_rel = _progress_rel(plan_rel)
        progress, perror = _load(root, progress_rel)
        if progress is None:
            report["why_not"] = perror or f"{progress_rel} cannot be read"
            return report
        order = _order(plan)
        stamp = _now()
        current = progress.get("active") if isinstance(progress.get("active"), dict) else {}
        sid = current.get("subtask")
        if sid in [s for _, s in order] and _status(_entry(progress, "subtasks", sid)) != "done":
            found = _start(progress, next(p for p, s in order if s == sid), sid, stamp)
        else:
            found = _advance(progress, order, stamp)
        _dump(root, progress_rel, progress)
        phase_id, sid = found if found else (order[0][0] if order else None, None)
        state_md.update_keys(root, "playbook", {"active": plan_rel, "current_phase": phase_id,
                                                "branch": want or branch})
        goal = {"phase": phase_id, "done_criteria": _criteria(plan), "status": "in_progress"}
        state_md.update_keys(root, "goal", goal)
        report.update(activated=True, phase=phase_id, subtask=sid,
                      criterion=criterion_of(plan, sid), checks=checks_of(plan, sid))
    return report


# ------------------------------------------------------------------ critic


def apply_critic(root: str, plan_rel: str, verdicts: list, reply: str = "",
                 agent_id: str | None = None) -> dict:
    """Apply a critic run's verdicts ``[(id, "PASS"|"FAIL", reason)]`` to the
    playbook ``plan_rel`` (see the module docstring).

    Returns ``{"plan", "done": [ids], "not_done": {id: [gaps]}, "failed": {id:
    reason}, "phases_done": [ids], "playbook": "PASS"|"FAIL"|None,
    "playbook_open": [ids], "next": (phase, subtask)|None, "criterion",
    "error"}``.
    """
    report = {"agent": "critic", "plan": plan_rel, "done": [], "not_done": {}, "failed": {},
              "phases_done": [], "playbook": None, "playbook_open": [], "next": None,
              "criterion": "", "error": "", "at": _now()}
    for ident, verdict, reason in verdicts:
        if verdict == "FAIL":
            report["failed"][ident] = reason
    with locked(layout.join(root, layout.LOCK_FILE)):
        plan, error = _load(root, plan_rel)
        progress_rel = _progress_rel(plan_rel)
        progress, perror = _load(root, progress_rel)
        if plan is None or progress is None:
            report["error"] = error or perror or "the playbook cannot be read"
            return report
        order = _order(plan)
        stamp = _now()
        passed = {ident for ident, verdict, _ in verdicts if verdict == "PASS"}
        changed = False
        for _phase, sid in order:
            if sid not in passed:
                continue
            entry = _entry(progress, "subtasks", sid)
            if _status(entry) == "done":
                continue
            gaps = evidence_problems(dict(entry, validated_by="critic", validated_at=stamp))
            if gaps:
                # messages.Text kept as JSON: the reminder tells them in its reader's language
                report["not_done"][sid] = [g.to_json() for g in gaps]
                continue
            entry.update(status="done", validated_by="critic", validated_at=stamp)
            report["done"].append(sid)
            changed = True
        members: dict = {}
        for phase_id, sid in order:
            members.setdefault(phase_id, []).append(sid)
        for phase_id, sids in members.items():
            phase = _entry(progress, "phases", phase_id)
            if _status(phase) != "done" and all(
                    _status(_entry(progress, "subtasks", s)) == "done" for s in sids):
                phase.update(status="done", updated_at=stamp)
                report["phases_done"].append(phase_id)
                changed = True
        open_subs = [s for _, s in order if _status(_entry(progress, "subtasks", s)) != "done"]
        if PLAYBOOK_ID in passed:
            if open_subs or not order:
                report["playbook_open"] = open_subs
            else:
                critic = progress.get("critic") if isinstance(progress.get("critic"), dict) else {}
                if str(critic.get("status") or "").upper() != "PASS":
                    progress["critic"] = {"status": "PASS",
                                          "evidence": _evidence(reply, agent_id, stamp),
                                          "notes": "recorded by playgate from the critic's reply"}
                    changed = True
                report["playbook"] = "PASS"
        elif PLAYBOOK_ID in report["failed"]:
            report["playbook"] = "FAIL"
        before = progress.get("active")
        nxt = _advance(progress, order, stamp)
        if nxt is None and open_subs == [] and isinstance(before, dict):
            progress["active"] = before
        changed = changed or progress.get("active") != before
        report["next"] = list(nxt) if nxt else None
        report["criterion"] = criterion_of(plan, nxt[1]) if nxt else ""
        report["checks"] = checks_of(plan, nxt[1]) if nxt else ""
        if changed:
            _dump(root, progress_rel, progress)
            if nxt:
                state = state_md.load(root)
                if state is not None and state.get("playbook", "current_phase") != nxt[0]:
                    state_md.update_keys(root, "playbook", {"current_phase": nxt[0]})
                    state_md.update_keys(root, "goal", {"phase": nxt[0]})
    return report


def _evidence(reply: str, agent_id: str | None, stamp: str) -> list:
    """The critic's own words (the lines before its verdict lines, a few),
    and where they are recorded."""
    lines = [" ".join(line.split()) for line in (reply or "").splitlines()]
    words = [line for line in lines if line and not line.upper().startswith("CRITIC:")][:6]
    head = f"critic run {agent_id or '?'} at {stamp}: CRITIC: PASS playbook " \
           "(.claude/logs/critic-ledger.jsonl)"
    return [head] + [w[:300] for w in words]


# ------------------------------------------------------------------ report


def save_report(root: str, report: dict) -> None:
    """Keep ``report`` for the PostToolUse reminder of the Agent call."""
    path = layout.join(root, REPORT)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    write_atomic(path, fastjson.dumps(report) + "\n", durable=False)


def load_report(root: str) -> dict | None:
    """The saved report (:func:`save_report`), or ``None``."""
    text = read_text(layout.join(root, REPORT), limit=256 * 1024)
    if not text:
        return None
    try:
        data = fastjson.loads(text)
    except ValueError:
        return None
    return data if isinstance(data, dict) else None
