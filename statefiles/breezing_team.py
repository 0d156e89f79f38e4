"""The team session's records that the hooks write (seed 001; docs/breezing.md).

What a lead could fake is written by the hooks from what they saw
(``../shared/WORKFLOWS.md``), in three places under ``.claude/state/``:

=============================  ==================================================
``breezing-active.json``       the lead's file (seed 001 Step 0, schema v2) with
  ``hooks`` section            one section only the hooks write: the ``phase``
                               (``prepare`` → ``delegate`` → ``post-delegate``),
                               the lead's Claude session, when the range
                               confirmation was shown and answered, when the
                               delegate phase started and ended
``breezing-progress.json``     (also the batch counter of :mod:`statefiles.breezing`)
                               the task ledger (every task the task list tools
                               created, its status and who completed it), the
                               roster (each started agent's name, agent type and
                               role: the role markers) and the reviews
``breezing-request.json``      the user's own ``/breezing`` prompt, its range and
                               flags (``--codex``, ``--parallel N``...)
``review-result.json``         the reviewer's last verdict and the commit it
                               reviewed (seed 001 "APPROVE ファストパス")
=============================  ==================================================

Every read-modify-write runs under the suite's state lock; files are replaced
atomically. Nothing here raises on a broken file: a write that cannot read
the active file as a JSON object leaves it alone and returns ``None``.
"""

from __future__ import annotations

import os
import time

from statefiles import fastjson
from statefiles.atomic import read_bytes, write_atomic
from statefiles.breezing import (
    ACTIVE,
    ACTIVE_MAX_BYTES,
    PROGRESS,
    SIGNALS,
    TIMELINE,
    _append_lines,
    lock,
    now_iso,
    path,
    task_key,
)

REQUEST = ".claude/state/breezing-request.json"
REVIEW_RESULT = ".claude/state/review-result.json"

#: The key of the hooks' section in breezing-active.json.
HOOKS = "hooks"
PREPARE = "prepare"
DELEGATE = "delegate"
POST_DELEGATE = "post-delegate"
#: The lead's phases (seed 001: Phase 0/A, Phase B, Phase C).
PHASES = (PREPARE, DELEGATE, POST_DELEGATE)

APPROVE = "APPROVE"
REQUEST_CHANGES = "REQUEST_CHANGES"
#: Retakes after which the lead escalates to the user (seed 001 "3回リテイク超過").
MAX_RETAKES = 3

#: Task statuses of the task list tools (TaskUpdate ``status``).
TASK_STATUSES = ("pending", "in_progress", "completed", "deleted")
#: Longest task subject kept in the ledger (characters).
SUBJECT_LIMIT = 200
#: Most tasks and roster entries kept (a runaway lead cannot grow the file).
LEDGER_LIMIT = 500


def hooks_of(data) -> dict:
    """The ``hooks`` section of a parsed breezing-active.json (``{}`` when
    absent or not an object)."""
    value = data.get(HOOKS) if isinstance(data, dict) else None
    return value if isinstance(value, dict) else {}


def phase_of(data) -> str:
    """The lead's phase recorded by the hooks; ``prepare`` when the file has
    none yet (written at Step 0, nothing started) or an unknown value (the
    strictest reading for the lead is ``delegate``, but an unknown value can
    only come from a hand edit, and ``prepare`` keeps code closed too)."""
    phase = hooks_of(data).get("phase")
    return phase if phase in PHASES else PREPARE


# ----------------------------------------------------------------- pretty JSON


def pretty(value, indent: int = 0) -> str:
    """``value`` as JSON with two-space indentation (what a model writes,
    so that the lead's later Edit finds its own lines), keys in their order."""
    pad = "  " * (indent + 1)
    end = "  " * indent
    if isinstance(value, dict) and value:
        items = [f"{pad}{fastjson.dumps(str(k))}: {pretty(v, indent + 1)}"
                 for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + end + "}"
    if isinstance(value, list) and value and any(isinstance(v, (dict, list)) for v in value):
        return "[\n" + ",\n".join(pad + pretty(v, indent + 1) for v in value) + "\n" + end + "]"
    return fastjson.dumps(value)


def _read_object(file: str, limit: int = ACTIVE_MAX_BYTES):
    try:
        data = read_bytes(file, limit + 1)
    except OSError:
        return None
    if len(data) > limit:
        return None
    try:
        obj = fastjson.loads(data)
    except (ValueError, RecursionError, SystemError):
        return None
    return obj if isinstance(obj, dict) else None


def read_json(root: str, rel: str):
    """The JSON object in ``rel`` under ``root``, or ``None`` (absent,
    unreadable, not an object, over 256 KiB)."""
    return _read_object(path(root, rel))


def _write_json(root: str, rel: str, obj: dict) -> None:
    write_atomic(path(root, rel), pretty(obj) + "\n")


# ----------------------------------------------------------------- the hooks section


def update_hooks(root: str, change):
    """Apply ``change(data, hooks)`` to breezing-active.json under the state
    lock: ``data`` is the whole object, ``hooks`` its ``hooks`` section (a
    dict the function mutates); the file is rewritten when ``change`` returns
    anything but ``None``, which is then returned. ``None`` without a
    readable file."""
    with lock(root):
        file = path(root, ACTIVE)
        data = _read_object(file)
        if data is None:
            return None
        hooks = dict(hooks_of(data))
        result = change(data, hooks)
        if result is not None:
            data[HOOKS] = hooks
            write_atomic(file, pretty(data) + "\n")
        return result


def stamp_written(root: str, claude_session: str, request: dict | None = None):
    """After the lead wrote breezing-active.json (PostToolUse Write/Edit):
    open the ``hooks`` section when it has none — phase ``prepare``, the
    lead's Claude session, the time, and the user's ``/breezing`` request
    it answers (:data:`REQUEST`) — so the file says whose session it is.
    Returns the hooks section, or ``None`` when nothing was to do."""

    def change(data, hooks):
        if hooks.get("phase") in PHASES:
            return None
        hooks.update(phase=PREPARE, lead_session=claude_session or None, written_at=now_iso())
        if request:
            hooks["request"] = {k: request.get(k) for k in ("range", "flags", "at")}
        return hooks

    return update_hooks(root, change)


def record_confirmation_shown(root: str, excerpt: str):
    """The lead ended its turn showing the range confirmation (Stop): the
    user's next prompt answers it."""

    def change(data, hooks):
        if hooks.get("confirmed_at") or hooks.get("phase", PREPARE) != PREPARE:
            return None
        hooks["confirmation_shown_at"] = now_iso()
        hooks["confirmation_excerpt"] = excerpt[:300]
        return hooks

    return update_hooks(root, change)


def record_answer(root: str, answer: str, prompt_excerpt: str):
    """The user's prompt answered the range confirmation: ``confirm`` sets
    ``confirmed_at``; any other answer clears the shown confirmation (the
    lead shows it again, or aborts). Returns the hooks section."""

    def change(data, hooks):
        if not hooks.get("confirmation_shown_at") or hooks.get("confirmed_at"):
            return None
        if answer == "confirm":
            hooks["confirmed_at"] = now_iso()
            hooks["confirmed_by"] = prompt_excerpt[:120]
        else:
            hooks.pop("confirmation_shown_at", None)
            hooks["last_answer"] = answer
        return hooks

    return update_hooks(root, change)


def set_phase(root: str, phase: str, reason: str = ""):
    """Record the lead's ``phase`` (one of :data:`PHASES`) with the time it
    began; returns the hooks section, ``None`` when it was already so."""

    def change(data, hooks):
        if hooks.get("phase") == phase:
            return None
        hooks["phase"] = phase
        key = {DELEGATE: "delegate_started_at", POST_DELEGATE: "delegate_ended_at"}.get(phase)
        if key:
            hooks[key] = now_iso()
        if phase == DELEGATE:
            hooks.pop("delegate_ended_at", None)
        if reason:
            hooks["phase_reason"] = reason
        return hooks

    result = update_hooks(root, change)
    if result is not None:
        _timeline(root, {"event": "phase", "phase": phase, "reason": reason or None})
    return result


def rebind(root: str, claude_session: str):
    """``/breezing continue`` by the user in a new Claude session: the
    session's records now belong to it (the team of the old session is
    gone: the lead starts the remaining tasks' team again)."""

    def change(data, hooks):
        if hooks.get("lead_session") == claude_session:
            return None
        hooks["previous_lead_session"] = hooks.get("lead_session")
        hooks["lead_session"] = claude_session or None
        hooks["continued_at"] = now_iso()
        return hooks

    return update_hooks(root, change)


# ----------------------------------------------------------------- the request


def write_request(root: str, request: dict) -> None:
    """Record the user's ``/breezing`` prompt (:data:`REQUEST`)."""
    with lock(root):
        _write_json(root, REQUEST, request)


# ----------------------------------------------------------------- the ledger (breezing-progress.json)


def _progress(root: str, session: str) -> dict:
    state = _read_object(path(root, PROGRESS), 4 * 1024 * 1024)
    if not isinstance(state, dict) or state.get("session_id") != session:
        state = {"session_id": session, "completed": [], "emitted": []}
    for key in ("tasks", "roster"):
        if not isinstance(state.get(key), dict):
            state[key] = {}
    if not isinstance(state.get("reviews"), list):
        state["reviews"] = []
    return state


def load_progress(root: str, session: str) -> dict:
    """The ledger of breezing session ``session`` (empty when the progress
    file belongs to another session or is broken)."""
    return _progress(root, session)


def _save(root: str, state: dict) -> None:
    state["updated_at"] = now_iso()
    write_atomic(path(root, PROGRESS), fastjson.dumps(state) + "\n", durable=False)


def edit_progress(root: str, session: str, change):
    """Apply ``change(state)`` to the session's ledger under the state lock;
    saved when it returns anything but ``None``, which is returned."""
    with lock(root):
        state = _progress(root, session)
        result = change(state)
        if result is not None:
            _save(root, state)
        return result


def record_spawn(root: str, session: str, name: str, agent: str, role: str | None,
                 tool_use_id: str = ""):
    """The lead started agent ``name`` (the Agent call's ``name``, else its
    agent type) of agent type ``agent`` playing ``role`` (PreToolUse Agent,
    on pass): its role marker. A name started again gets the new record."""

    def change(state):
        roster = state["roster"]
        if len(roster) >= LEDGER_LIMIT and name not in roster:
            return None
        roster[name] = {"agent": agent, "role": role, "tool_use_id": tool_use_id or None,
                        "spawned_at": now_iso(), "agent_id": None}
        return roster[name]

    return edit_progress(root, session, change)


def record_agent_id(root: str, session: str, name: str, agent_id: str, teammate: bool):
    """PostToolUse Agent: the agent id Claude Code gave the started agent,
    and whether it is a teammate (``status: teammate_spawned``)."""

    def change(state):
        entry = state["roster"].get(name)
        if not isinstance(entry, dict):
            return None
        entry["agent_id"] = agent_id or None
        entry["teammate"] = bool(teammate)
        return entry

    return edit_progress(root, session, change)


def record_task(root: str, session: str, task_id, subject: str | None = None,
                status: str | None = None, by: str | None = None):
    """A task list change the hooks saw (TaskCreate's result, TaskUpdate's
    status, TaskCompleted): the ledger entry of ``task_id`` (canonical id,
    :func:`statefiles.breezing.task_key`)."""
    key = task_key(task_id)
    if not key:
        return None

    def change(state):
        tasks = state["tasks"]
        if key not in tasks and len(tasks) >= LEDGER_LIMIT:
            return None
        entry = tasks.setdefault(key, {"status": "pending", "created_at": now_iso()})
        if subject is not None:
            entry["subject"] = subject[:SUBJECT_LIMIT]
        if status in TASK_STATUSES:
            entry["status"] = status
            entry[f"{status}_at"] = now_iso()
        if by and status == "completed":
            entry["completed_by"] = by
        return entry

    return edit_progress(root, session, change)


def open_tasks(progress: dict) -> list:
    """Task ids of the ledger not completed: neither so in the ledger nor
    among the session's TaskCompleted tasks (``completed``, kept by
    :func:`statefiles.breezing.record_event`); deleted ones do not count."""
    done = {task_key(t) for t in progress.get("completed") or [] if isinstance(t, str)}
    return sorted((k for k, v in (progress.get("tasks") or {}).items()
                   if isinstance(v, dict) and k not in done
                   and v.get("status") not in ("completed", "deleted")),
                  key=lambda k: (len(k), k))


def live_tasks(progress: dict) -> list:
    """Task ids of the ledger that were not deleted."""
    return [k for k, v in (progress.get("tasks") or {}).items()
            if isinstance(v, dict) and v.get("status") != "deleted"]


# ----------------------------------------------------------------- the review


def record_review(root: str, session: str, verdict: str, *, reason: str, reviewer: str,
                  head: str | None, stale: bool = False, now: float | None = None) -> dict:
    """The reviewer's own stop gave ``verdict`` (:data:`APPROVE` or
    :data:`REQUEST_CHANGES`): append it to the ledger, count a retake for a
    request for changes, and write review-result.json (``verdict``,
    ``commit_hash``: HEAD when the review ended, seed 001's fast-path
    check). Returns the review-result record with ``retakes``,
    ``open_tasks`` (tasks of the ledger not completed then) and ``stale``
    (an implementer changed code after the review began)."""
    stamp = now_iso(now)
    with lock(root):
        state = _progress(root, session)
        retakes = int(state.get("retakes") or 0)
        if verdict == REQUEST_CHANGES:
            retakes += 1
        state["retakes"] = retakes
        pending = open_tasks(state)
        record = {"verdict": verdict, "commit_hash": head, "session_id": session,
                  "reviewed_at": stamp, "reviewer": reviewer, "reason": reason[:2000],
                  "retakes": retakes, "max_retakes": MAX_RETAKES, "open_tasks": pending,
                  "stale": bool(stale),
                  "written_by": "playgate hooks (SubagentStop of the reviewer)"}
        state["reviews"] = (state["reviews"] + [{k: record[k] for k in
                                                 ("verdict", "commit_hash", "reviewed_at",
                                                  "reviewer", "open_tasks")}])[-50:]
        _save(root, state)
        _write_json(root, REVIEW_RESULT, record)
    _timeline(root, {"event": "review", "verdict": verdict, "reviewer": reviewer,
                     "retakes": retakes})
    return record


# ----------------------------------------------------------------- the end of a session

#: Files a closed or aborted session leaves nothing of (the timeline stays: it
#: is the record of what happened, rotated by size).
SESSION_FILES = (ACTIVE, REVIEW_RESULT, PROGRESS, SIGNALS, REQUEST)


def clear_session(root: str, event: str, by: str = "") -> list:
    """Remove the session's files (:data:`SESSION_FILES`) and append
    ``event`` (``session_aborted``, ``session_closed``) and who ended it
    (``by``: ``user``, ``lead``) to the timeline. Returns the repo-relative
    paths removed."""
    removed = []
    with lock(root):
        for rel in SESSION_FILES:
            try:
                os.unlink(path(root, rel))
            except FileNotFoundError:
                continue
            except IsADirectoryError:
                continue
            removed.append(rel)
    _timeline(root, {"event": event, "by": by or None, "removed": removed})
    return removed


def clear_records(root: str, event: str, by: str = "") -> list:
    """As :func:`clear_session` but keeping breezing-active.json, which the
    lead's own ``rm`` removes right after (Phase C cleanup)."""
    removed = []
    with lock(root):
        for rel in SESSION_FILES:
            if rel == ACTIVE:
                continue
            try:
                os.unlink(path(root, rel))
            except (FileNotFoundError, IsADirectoryError):
                continue
            removed.append(rel)
    _timeline(root, {"event": event, "by": by or None, "removed": removed})
    return removed


def _timeline(root: str, record: dict) -> None:
    now = time.time()
    _append_lines(path(root, TIMELINE), [{"ts": now_iso(now), "t": round(now, 3), **record}])
