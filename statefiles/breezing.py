"""Team (/breezing) state: breezing-active.json, the timeline, batch progress and signals.

SPEC §6 and seed 001 ("breezing-active.json スキーマ (v2)", "シグナルベースの動的判断",
"完了レポート"). Files, all under ``.claude/state/``:

=============================  ===================================================
``breezing-active.json``       the running team session, written by the lead
                               (read only here; validated against
                               ``schemas/breezing-active.schema.json``)
``breezing-timeline.jsonl``    one JSON line per TaskCompleted / TeammateIdle
                               event (who finished what, when); rotated to
                               ``.jsonl.1`` past a size limit
``breezing-progress.json``     the task ids completed in the current breezing
                               session and the signals already emitted (keyed
                               by the session's ``session_id``)
``breezing-signals.jsonl``     one JSON line per signal (``partial_review_recommended``,
                               ``next_batch_recommended``); ``consumed_at`` is set
                               once the UserPromptSubmit hook has shown it to
                               the lead
=============================  ===================================================

Every read-modify-write runs under the state lock (``statefiles.atomic.locked``)
because Claude Code runs hooks in parallel: two TaskCompleted events never
count the same task twice or emit a signal twice, and parallel prompts never
inject the same signal twice or lose one (see :func:`claim_signals`).

``jsonschema`` (about 55 ms to import) is imported only on the path that reads
breezing-active.json, and the validation result is cached by the file's
content (``statefiles.cache``), so a session pays for it once per version of
the file. Nothing here raises on a broken file: problems are returned as
messages (:attr:`Active.errors`) for the hooks to report.
"""

from __future__ import annotations

import os
import time

from statefiles import fastjson, layout
from statefiles.atomic import (
    append_nonblocking,
    locked,
    open_regular,
    read_bytes,
    write_atomic,
    write_path,
)
from statefiles.cache import cached

STATE_DIR = ".claude/state"
ACTIVE = ".claude/state/breezing-active.json"
TIMELINE = ".claude/state/breezing-timeline.jsonl"
PROGRESS = ".claude/state/breezing-progress.json"
SIGNALS = ".claude/state/breezing-signals.jsonl"

PARTIAL_REVIEW = "partial_review_recommended"
NEXT_BATCH = "next_batch_recommended"
SIGNAL_NAMES = (PARTIAL_REVIEW, NEXT_BATCH)

IMPL_MODES = ("standard", "codex")
#: breezing-active.json larger than this is not read (a broken or hostile file).
ACTIVE_MAX_BYTES = 256 * 1024
#: Default size past which the timeline is rotated to ``.jsonl.1`` (bytes).
TIMELINE_MAX_BYTES = 1024 * 1024
#: TeammateIdle events of one teammate closer than this are recorded once (seconds).
IDLE_WINDOW_S = 5.0
#: How much of the timeline's end is searched for the last idle event (bytes).
IDLE_TAIL_BYTES = 64 * 1024
#: A claim on a signal not confirmed within this time (a crashed prompt hook)
#: is void and the signal is offered again (seconds).
CLAIM_TTL_S = 60.0

#: Seconds a confirm may wait for the state lock even when the prompt hook's
#: lock budget is spent: a confirm given up leaves the signal claimed, shown
#: again only when the claim expires. Budget (4 s) + this stay well inside the
#: UserPromptSubmit timeout (10 s, settings.template.json).
CONFIRM_MIN_WAIT_S = 1.5
#: Longest task_subject / task_description kept in the timeline (characters).
TEXT_LIMIT = 500

#: What parsing a broken JSON file can raise (SystemError: older
#: ``statefiles.fastjson`` on some syntax errors).
_JSON_ERRORS = (ValueError, RecursionError, SystemError)

SCHEMA_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "schemas",
                           "breezing-active.schema.json")
#: Cache entry name; the suffix changes when the schema or the cached shape does.
_CACHE_NAME = "breezing-active-v2"


def path(root: str, rel: str) -> str:
    """Absolute path of one of the files above."""
    return layout.join(root, rel)


def lock(root: str, min_wait: float = 0.0) -> locked:
    """The state lock shared by every state writer of the suite (``min_wait``:
    see :class:`statefiles.atomic.locked`)."""
    return locked(layout.join(root, layout.LOCK_FILE), min_wait=min_wait)


def now_iso(t: float | None = None) -> str:
    """Local time ``YYYY-MM-DDTHH:MM:SS±HH:MM`` of epoch ``t`` (default: now)."""
    lt = time.localtime(t)
    off = lt.tm_gmtoff or 0
    sign = "+" if off >= 0 else "-"
    off = abs(off)
    return (time.strftime("%Y-%m-%dT%H:%M:%S", lt)
            + f"{sign}{off // 3600:02d}:{off % 3600 // 60:02d}")


# ----------------------------------------------------------------- task ids and thresholds


def task_key(task_id) -> str:
    """Canonical form of a task-list id for comparisons: ``"3"``, ``"#3"``,
    ``"task-3"``, ``"Task 03"`` and ``3`` are the same task. (Agent Teams
    numbers its tasks; seed 001's ``plans_md_mapping`` example spells them
    ``task-1``.)"""
    text = str(task_id).strip().lower().lstrip("#").strip()
    if text.startswith("task"):
        rest = text[4:].lstrip("-_ #")
        if rest:
            text = rest
    if text.isdigit() and text.isascii():
        text = str(int(text))
    return text


def partial_review_threshold(total: int) -> int | None:
    """Completed tasks at which ``partial_review_recommended`` fires:
    ceil(total / 2), or ``None`` when that half is 1 or less (seed 001: a batch
    of 1–2 tasks gets no partial review, the full review is enough)."""
    half = (total + 1) // 2
    return half if half > 1 else None


def next_batch_threshold(total: int) -> int:
    """Completed tasks at which ``next_batch_recommended`` fires:
    ceil(total × 0.6), in exact integer arithmetic (no floating-point
    rounding at any total)."""
    return (3 * total + 4) // 5


# ----------------------------------------------------------------- breezing-active.json


class Batch:
    """The tasks signals are computed over.

    Attributes:
        id: the batch id (``current_batch``) as a string, or ``None`` when the
            file defines no batches.
        task_ids: canonical task ids (:func:`task_key`) of the batch, or
            ``None`` when only a count is known.
        total: number of tasks, or ``None`` when it cannot be told (no
            signals then).
    """

    __slots__ = ("id", "task_ids", "total")

    def __init__(self, batch_id, task_ids, total) -> None:
        self.id = batch_id
        self.task_ids = task_ids
        self.total = total

    def __repr__(self) -> str:
        return f"Batch({self.id!r}, total={self.total})"


def _is_id(value) -> bool:
    return isinstance(value, (str, int)) and not isinstance(value, bool) and str(value).strip() != ""


class Active:
    """breezing-active.json as read.

    Attributes:
        data: the parsed object, or ``None`` when the file is not a JSON object.
        errors: human-readable problems (JSON syntax, schema violations), each
            naming the key; empty when the file is valid.
    """

    __slots__ = ("data", "errors")

    def __init__(self, data, errors) -> None:
        self.data = data if isinstance(data, dict) else None
        self.errors = list(errors)

    @property
    def readable(self) -> bool:
        """The file held a JSON object."""
        return self.data is not None

    @property
    def session_id(self) -> str | None:
        """The ``session_id`` field stripped, or ``None`` when absent or not a non-empty
        string."""
        value = self.data.get("session_id") if self.data else None
        return value.strip() if isinstance(value, str) and value.strip() else None

    @property
    def impl_mode(self) -> str | None:
        """``"standard"`` or ``"codex"``; ``None`` when it cannot be told (the
        file is not a JSON object, or ``impl_mode`` holds something else). A
        missing key is ``standard``, the mode without ``--codex`` (seed 001)."""
        if self.data is None:
            return None
        value = self.data.get("impl_mode", "standard")
        if isinstance(value, str) and value.strip().lower() in IMPL_MODES:
            return value.strip().lower()
        return None

    def batch(self) -> Batch:
        """The current batch: ``batches[current_batch]`` when the file defines
        batches (Progressive Batch), else the keys of ``plans_md_mapping``,
        else ``total_tasks``."""
        data = self.data or {}
        batches, current = data.get("batches"), data.get("current_batch")
        if isinstance(batches, list) and _is_id(current):
            for item in batches:
                if isinstance(item, dict) and str(item.get("id")) == str(current):
                    ids = item.get("task_ids")
                    if isinstance(ids, list):
                        keys = {task_key(t) for t in ids if _is_id(t)}
                        if keys:
                            return Batch(str(current), keys, len(keys))
            return Batch(str(current), None, None)
        mapping = data.get("plans_md_mapping")
        if isinstance(mapping, dict) and mapping:
            keys = {task_key(k) for k in mapping if str(k).strip()}
            return Batch(None, keys, len(keys))
        total = data.get("total_tasks")
        if isinstance(total, int) and not isinstance(total, bool) and total > 0:
            return Batch(None, None, total)
        return Batch(None, None, None)

    def report(self):
        """One message for Claude or the user about :attr:`errors`, or ``""``:
        a :class:`messages.Text` (English as ``str``; a guard says it in the
        reader's language)."""
        if not self.errors:
            return ""
        from messages import Text  # lazy: a broken breezing-active.json only

        shown = Text.join("; ", self.errors[:8])
        if len(self.errors) > 8:
            shown = Text.join("", [shown, " ..."])
        return Text("breezing.active_broken", active=ACTIVE, shown=shown)


def _problem(key: str, /, **fields):
    """One problem of breezing-active.json as a :class:`messages.Text`
    (English as ``str``, told in the reader's language)."""
    from messages import Text  # lazy: a broken breezing-active.json only

    return Text(key, **fields)


def _schema_errors(obj: dict) -> list:
    import jsonschema  # lazy: jsonschema (~60 ms) only when breezing-active.json changed

    with open(SCHEMA_FILE, encoding="utf-8") as fh:
        schema = fastjson.loads(fh.read())
    validator = jsonschema.Draft202012Validator(schema)
    found = sorted(validator.iter_errors(obj), key=lambda e: [str(p) for p in e.absolute_path])
    out = []
    for err in found[:20]:
        where = "/".join(str(p) for p in err.absolute_path) or "(top level)"
        message = err.message if len(err.message) <= 200 else err.message[:197] + "..."
        out.append(_problem("breezing.error_schema", where=where, problem=_quoted(message)))
    return out


def _quoted(words):
    """A library's own words, quoted in Japanese (:func:`statefiles.detail.quoted`)."""
    from statefiles.detail import quoted  # lazy: a broken breezing-active.json only

    return quoted(words)


def _consistency_errors(obj: dict) -> list:
    """What the schema cannot say: ``current_batch`` must name a batch."""
    batches, current = obj.get("batches"), obj.get("current_batch")
    if isinstance(batches, list) and _is_id(current):
        ids = [str(b.get("id")) for b in batches if isinstance(b, dict)]
        if str(current) not in ids:
            return [_problem("breezing.error_current_batch", value=repr(current))]
    return []


def validate_bytes(data: bytes) -> dict:
    """Parse and validate breezing-active.json content.

    Returns ``{"data": object_or_None, "errors": [problem, ...]}`` with each
    problem as ``messages.Text.to_json`` (JSON-serialisable, so it can be
    cached). Never raises for bad content; raises ``ImportError`` only when
    jsonschema is not installed (a broken installation).
    """
    try:
        obj = fastjson.loads(data)
    except _JSON_ERRORS as exc:
        from statefiles.detail import json_problem  # lazy: a broken breezing-active.json only

        reason = str(exc).splitlines()[0][:120] if str(exc) else type(exc).__name__
        obj, errors = None, [_problem("breezing.error_not_json", problem=json_problem(reason))]
    else:
        if isinstance(obj, dict):
            errors = _schema_errors(obj) + _consistency_errors(obj)
        else:
            obj, errors = None, [_problem("breezing.error_not_object", type=type(obj).__name__)]
    return {"data": obj, "errors": [e.to_json() for e in errors]}


def load_active(root: str) -> Active | None:
    """Read ``.claude/state/breezing-active.json`` under ``root``.

    Returns ``None`` when the file does not exist (no team session: every
    team guard is off), else an :class:`Active` whose ``errors`` say what is
    wrong with it. Never raises.
    """
    file = path(root, ACTIVE)
    try:
        data = read_bytes(file, ACTIVE_MAX_BYTES + 1)
    except (FileNotFoundError, NotADirectoryError):
        return None
    except IsADirectoryError:
        return Active(None, [_problem("breezing.error_directory")])
    except OSError as exc:
        from statefiles.detail import os_error  # lazy: an unreadable breezing-active.json only

        return Active(None, [_problem("breezing.error_unreadable", error=os_error(exc))])
    if len(data) > ACTIVE_MAX_BYTES:
        return Active(None, [_problem("breezing.error_too_large", limit=ACTIVE_MAX_BYTES)])

    try:
        value = cached(root, _CACHE_NAME, data, lambda: validate_bytes(data))
    except Exception as exc:  # noqa: BLE001 - jsonschema missing: still read the file
        try:
            obj = fastjson.loads(data)
        except _JSON_ERRORS:
            obj = None
        return Active(obj, [_problem("breezing.error_unchecked",
                                     error=_quoted(f"{type(exc).__name__}: {exc}"))])
    if not isinstance(value, dict) or not isinstance(value.get("errors") or [], list):
        return Active(None, [_problem("breezing.error_cache")])
    errors = value.get("errors") or []
    if errors:
        from messages import Text  # lazy: a broken breezing-active.json only

        try:
            errors = [Text.from_json(e) for e in errors]
        except ValueError:
            return Active(None, [_problem("breezing.error_cache")])
    return Active(value.get("data"), errors)


# ----------------------------------------------------------------- small file helpers


def _read_json(file: str):
    try:
        return fastjson.loads(read_bytes(file, 16 * 1024 * 1024))
    except (OSError, *_JSON_ERRORS):
        return None


def _append_lines(file: str, lines: list, max_bytes: int | None = None) -> None:
    """Append JSON lines; with ``max_bytes``, first rotate ``file`` to
    ``file.1`` when the append would take it past that size."""
    data = "".join(fastjson.dumps(rec) + "\n" for rec in lines).encode("utf-8")
    file = write_path(file)
    os.makedirs(os.path.dirname(file), exist_ok=True)
    if max_bytes is not None:
        try:
            size = os.stat(file).st_size
        except OSError:
            size = 0
        if size and size + len(data) > max_bytes:
            os.replace(file, file + ".1")
    append_nonblocking(file, data)


def _read_records(file: str) -> list:
    """``[(record_or_None, raw_line), ...]`` of a JSONL file; lines that are
    not JSON objects keep ``None`` (and are written back unchanged)."""
    try:
        text = read_bytes(file, 64 * 1024 * 1024).decode("utf-8", "replace")
    except OSError:
        return []
    out = []
    for line in text.splitlines():
        if not line.strip():
            continue
        try:
            rec = fastjson.loads(line)
        except _JSON_ERRORS:
            rec = None
        out.append((rec if isinstance(rec, dict) else None, line))
    return out


def _write_records(file: str, records: list) -> None:
    lines = [fastjson.dumps(rec) if rec is not None else raw for rec, raw in records]
    write_atomic(file, "".join(line + "\n" for line in lines))


def _last_idle(file: str, teammate: str, team: str) -> float | None:
    """Epoch time of the last TeammateIdle of ``teammate`` in ``team`` near
    the end of the timeline, or ``None``."""
    try:
        with open_regular(file) as fh:
            size = os.fstat(fh.fileno()).st_size
            start = max(0, size - IDLE_TAIL_BYTES)
            fh.seek(start)
            chunk = fh.read()
    except OSError:
        return None
    lines = chunk.decode("utf-8", "replace").splitlines()
    if start:
        lines = lines[1:]  # the first line is cut
    for line in reversed(lines):
        try:
            rec = fastjson.loads(line)
        except _JSON_ERRORS:
            continue
        if (isinstance(rec, dict) and rec.get("event") == "TeammateIdle"
                and (rec.get("teammate_name") or "") == teammate
                and (rec.get("team_name") or "") == team):
            t = rec.get("t")
            return float(t) if isinstance(t, (int, float)) and not isinstance(t, bool) else None
    return None


# ----------------------------------------------------------------- TaskCompleted / TeammateIdle

#: Hook input fields kept in the timeline, per event (reference: Input).
EVENT_FIELDS = {
    "TaskCompleted": ("task_id", "task_subject", "task_description", "teammate_name",
                      "team_name"),
    "TeammateIdle": ("teammate_name", "team_name"),
}


def record_event(root: str, event: str, fields: dict, claude_session: str = "", *,
                 timeline: bool = True, signals: bool = True,
                 max_bytes: int = TIMELINE_MAX_BYTES, now: float | None = None) -> dict:
    """Record one TaskCompleted or TeammateIdle event (SPEC §6, seed 001).

    Under the state lock:

    1. for TaskCompleted while breezing-active.json exists: add the task to
       the breezing session's completed set (``breezing-progress.json``) and
       count the completed tasks of the current batch;
    2. append ``{"ts", "t", "event", <fields>, "session_id",
       "claude_session_id"}`` (TaskCompleted also ``batch``, ``completed``,
       ``total``) to the timeline, rotating it to ``.jsonl.1`` past
       ``max_bytes``; a TeammateIdle of a teammate whose previous idle event
       is less than :data:`IDLE_WINDOW_S` seconds old is not recorded;
    3. emit the signals whose threshold the batch has reached, each once per
       breezing session (and batch, when breezing-active.json defines
       ``batches``): ``partial_review_recommended`` at
       :func:`partial_review_threshold`, ``next_batch_recommended`` at
       :func:`next_batch_threshold`.

    Args:
        root: project root.
        event: ``"TaskCompleted"`` or ``"TeammateIdle"``.
        fields: the hook input's fields (strings; others are ignored).
        claude_session: the hook's ``session_id`` (the lead's Claude session:
            these events fire on the lead's side).
        timeline / signals: config switches (``breezing_timeline``,
            ``breezing_signals``).
        max_bytes: rotation size of the timeline.
        now: epoch seconds (tests).

    Returns:
        ``{"recorded": bool, "signals": [signal records emitted]}``.

    Raises:
        OSError / LockTimeout: the state directory is not writable or the lock
            is stuck (the runtime logs it; the hook still exits 0).
    """
    result = {"recorded": False, "signals": []}
    with lock(root):
        # Read the clock with the lock held: events are stamped in the order
        # they are recorded, so the idle window compares ordered times.
        now = time.time() if now is None else now
        active = load_active(root)
        session = active.session_id if active is not None else None
        entry = {"ts": now_iso(now), "t": round(now, 3), "event": event}
        for key in EVENT_FIELDS.get(event, ()):
            value = fields.get(key)
            if isinstance(value, str):
                entry[key] = value if len(value) <= TEXT_LIMIT else value[:TEXT_LIMIT] + "..."
        entry["session_id"] = session
        entry["claude_session_id"] = claude_session or None
        progress = None
        if event == "TaskCompleted" and active is not None and session:
            progress = _count(root, active, session, entry)
            entry.update(batch=progress["batch"].id, completed=progress["done"],
                         total=progress["batch"].total)
        if timeline:
            file = path(root, TIMELINE)
            duplicate = False
            if event == "TeammateIdle":
                last = _last_idle(file, entry.get("teammate_name") or "",
                                  entry.get("team_name") or "")
                duplicate = last is not None and 0 <= now - last < IDLE_WINDOW_S
            if not duplicate:
                _append_lines(file, [entry], max_bytes)
                result["recorded"] = True
        if progress is not None:
            if signals:
                result["signals"] = _emit(root, progress, session, entry, claude_session)
            state = progress["state"]
            state["updated_at"] = entry["ts"]
            write_atomic(path(root, PROGRESS), fastjson.dumps(state) + "\n", durable=False)
    return result


#: ``(signal, with a batch id)`` → catalogue key of the signal's message.
_SIGNAL_KEYS = {
    (PARTIAL_REVIEW, False): "breezing.signal_partial_review",
    (PARTIAL_REVIEW, True): "breezing.signal_partial_review_batch",
    (NEXT_BATCH, False): "breezing.signal_next_batch",
    (NEXT_BATCH, True): "breezing.signal_next_batch_batch",
}


def _signal_text(signal: str, done: int, total: int, batch_id):
    """The recommendation of ``signal`` as a :class:`messages.Text` (its
    English is what breezing-signals.jsonl records)."""
    from messages import Text  # lazy: only when a signal fires or is shown

    key = _SIGNAL_KEYS[(NEXT_BATCH if signal != PARTIAL_REVIEW else signal,
                        batch_id is not None)]
    return Text(key, done=done, total=total, batch=batch_id)


def signal_message(rec: dict):
    """The ``message`` of a breezing-signals.jsonl record: the
    :class:`messages.Text` of its recommendation when it is the one this
    module wrote for the record's ``signal``/``completed``/``total``/
    ``batch`` (so a guard says it in the reader's language), else the
    recorded text as it is (``None`` when there is none)."""
    message = rec.get("message")
    signal, done, total = rec.get("signal"), rec.get("completed"), rec.get("total")
    if (signal in (PARTIAL_REVIEW, NEXT_BATCH) and isinstance(message, str)
            and all(isinstance(v, int) and not isinstance(v, bool) for v in (done, total))):
        text = _signal_text(signal, done, total, rec.get("batch"))
        if str(text) == message:
            return text
    return message


def _count(root: str, active: Active, session: str, entry: dict) -> dict:
    """Add the entry's task to the session's completed set; count the batch.

    Returns ``{"state": progress-file object, "batch": Batch, "done": int}``.
    A progress file of another breezing session (or a broken one) starts over:
    signals are scoped to the session (seed 001 "シグナルのセッションスコープ").
    """
    state = _read_json(path(root, PROGRESS))
    if not isinstance(state, dict) or state.get("session_id") != session:
        state = {"session_id": session, "completed": [], "emitted": []}
    completed = [t for t in state.get("completed") or [] if isinstance(t, str)]
    emitted = [s for s in state.get("emitted") or [] if isinstance(s, str)]
    task = entry.get("task_id") or ""
    if not task.strip() and (entry.get("task_subject") or "").strip():
        task = "subject:" + entry["task_subject"].strip()
    keys = {task_key(t) for t in completed}
    if task.strip() and task_key(task) not in keys:
        completed.append(task)
        keys.add(task_key(task))
        # who completed it, for the completion report's Team Activity table
        by = state.get("completed_by") if isinstance(state.get("completed_by"), dict) else {}
        by[task_key(task)] = entry.get("teammate_name") or "lead"
        state["completed_by"] = by
    state.update(session_id=session, completed=completed, emitted=emitted)
    batch = active.batch()
    if not batch.total:
        done = 0
    elif batch.task_ids is not None:
        done = len(keys & batch.task_ids)
    else:
        done = len(keys)
    return {"state": state, "batch": batch, "done": done}


def _emit(root: str, progress: dict, session: str, entry: dict, claude_session: str) -> list:
    """Append the signals whose threshold is reached and that were not emitted
    in this session (and batch) yet; returns them."""
    batch, done, state = progress["batch"], progress["done"], progress["state"]
    if not batch.total:
        return []
    emitted = state["emitted"]
    signals_file = path(root, SIGNALS)
    existing = None
    new = []
    for signal, threshold in ((PARTIAL_REVIEW, partial_review_threshold(batch.total)),
                              (NEXT_BATCH, next_batch_threshold(batch.total))):
        if threshold is None or done < threshold:
            continue
        key = f"{signal}@{batch.id if batch.id is not None else ''}"
        if key in emitted:
            continue
        if existing is None:
            existing = {(r.get("signal"), r.get("session_id"), r.get("batch"))
                        for r, _ in _read_records(signals_file) if r is not None}
        emitted.append(key)
        if (signal, session, batch.id) in existing:
            continue  # emitted before the progress file was lost
        new.append({
            "signal": signal, "session_id": session, "batch": batch.id,
            "completed": done, "total": batch.total, "threshold": threshold,
            "task_id": entry.get("task_id"), "ts": entry["ts"],
            "lead_session_id": claude_session or None,
            "message": str(_signal_text(signal, done, batch.total, batch.id)),
            "consumed_at": None,
        })
    if new:
        _append_lines(signals_file, new)
    return new


# ----------------------------------------------------------------- UserPromptSubmit consumption


def offered_to(rec: dict, claude_session: str, is_lead: bool) -> bool:
    """Whether signal record ``rec`` is shown to a prompt of Claude session
    ``claude_session``.

    Signals belong to the lead (seed 001: the lead checks them in Phase B).
    TaskCompleted fires on the lead's side, so the record's
    ``lead_session_id`` is the lead's Claude session: only a prompt of that
    session gets it. Teammates run as Claude sessions of their own and must
    not consume the lead's signals. A record without ``lead_session_id`` (the
    TaskCompleted input carried no ``session_id``) goes to the first prompt
    that is not a subagent's (``is_lead``).
    """
    lead = rec.get("lead_session_id")
    if isinstance(lead, str) and lead:
        return lead == claude_session
    return is_lead


def claim_signals(root: str, session: str, token: str, claude_session: str = "",
                  is_lead: bool = True, now: float | None = None) -> list:
    """Claim the unconsumed signals of breezing session ``session`` for one
    prompt (first half of the consumption, under the state lock).

    Only signals :func:`offered_to` this prompt are claimed. A claim expires
    after :data:`CLAIM_TTL_S` seconds, so a prompt hook that dies between
    claim and confirm does not lose the signal; a live claim is never taken
    twice, so parallel prompts never inject the same signal twice. The time
    is read under the lock (``now`` overrides it in tests).

    Args:
        root: project root.
        session: breezing ``session_id`` (breezing-active.json).
        token: unique per prompt hook process.
        claude_session: the prompt's Claude Code ``session_id``.
        is_lead: the prompt is not a subagent's (no ``agent_id``/``agent_type``).
        now: epoch seconds (tests).

    Returns:
        The claimed records (``[]`` when none). Confirm with
        :func:`confirm_claim` once the prompt goes through, or give them back
        with :func:`release_claim`.

    Raises:
        OSError / LockTimeout: the signals file cannot be rewritten.
    """
    file = path(root, SIGNALS)
    if not os.path.exists(file):
        return []

    def claimable(rec, t: float) -> bool:
        """``rec`` may be claimed at time ``t`` (seconds since the epoch): a known signal of
        this team session, not consumed, offered to this Claude session (:func:`offered_to`)
        and not under another live claim (:data:`CLAIM_TTL_S`)."""
        if rec is None or rec.get("session_id") != session or rec.get("consumed_at"):
            return False
        if rec.get("signal") not in SIGNAL_NAMES or not offered_to(rec, claude_session, is_lead):
            return False
        claimed_at = rec.get("claimed_at")
        # A claim is live within CLAIM_TTL_S either side of ``t``: a claim
        # made "after" t is another prompt's that took the lock first (CI
        # 2026-11-21: taking it over showed the signal twice); one further in
        # the future is from a clock that was set back, and expires.
        return not (rec.get("claim") and isinstance(claimed_at, (int, float))
                    and not isinstance(claimed_at, bool)
                    and abs(t - claimed_at) < CLAIM_TTL_S)

    # Most prompts find nothing to claim: look without the lock first (the
    # file is only ever replaced whole or appended to), so they do not queue
    # behind the TaskCompleted hooks of a busy team; the claim itself re-reads
    # under the lock.
    if not any(claimable(rec, time.time() if now is None else now)
               for rec, _ in _read_records(file)):
        return []
    with lock(root):
        # The clock is read once the lock is held, so claims are stamped in
        # the order they are made.
        t = time.time() if now is None else now
        records = _read_records(file)
        picked = []
        for rec, _ in records:
            if claimable(rec, t):
                rec["claim"] = token
                rec["claimed_at"] = round(t, 3)
                picked.append(dict(rec))
        if picked:
            _write_records(file, records)
    return picked


def _finish_claim(root: str, token: str, consume: bool) -> int:
    file = path(root, SIGNALS)
    changed = 0
    with lock(root, min_wait=CONFIRM_MIN_WAIT_S if consume else 0.0):
        records = _read_records(file)
        for rec, _ in records:
            if rec is not None and rec.get("claim") == token:
                if consume and not rec.get("consumed_at"):
                    rec["consumed_at"] = now_iso()
                rec.pop("claim", None)
                rec.pop("claimed_at", None)
                changed += 1
        if changed:
            _write_records(file, records)
    return changed


def confirm_claim(root: str, token: str) -> int:
    """Mark the signals claimed with ``token`` consumed. Returns how many.

    Waits up to :data:`CONFIRM_MIN_WAIT_S` for the lock even when the hook's
    lock budget is spent. When it still fails (``LockTimeout``), the signals
    stay claimed and are offered again only after :data:`CLAIM_TTL_S`: they
    were shown, so they must not be given straight back (that showed them
    twice under contention, CI 2026-11-21)."""
    return _finish_claim(root, token, consume=True)


def release_claim(root: str, token: str) -> int:
    """Give back the signals claimed with ``token`` (the prompt was blocked by
    a later guard, so nobody saw them). Returns how many were still claimed.
    Never called for a prompt that went through (see :func:`confirm_claim`)."""
    return _finish_claim(root, token, consume=False)
