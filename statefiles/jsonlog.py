"""Append-only JSON-lines logs under ``.claude/logs/``.

Used by the lifecycle handlers (SPEC §3: log-subagent, Notification,
SessionEnd, the archive engine). One record is one line, written with a
single ``write(2)`` on a file opened with ``O_APPEND``, so records from hooks
running in parallel never interleave within a line (POSIX appends of one
write are atomic with respect to other appends on local file systems). A
torn last line (a writer killed inside its write, a full disk) is repaired
before the next append, and an append not written whole raises
(:func:`statefiles.atomic.append_lines`). A log
past ``max_bytes`` is rotated to ``<name>.1`` (one generation kept); losing a
race on rotation loses nothing but the order of two lines.

Only ``os`` and :mod:`statefiles.fastjson` are imported (hook hot path).
"""

from __future__ import annotations

import os
import time

from statefiles import fastjson, layout
from statefiles.atomic import (
    append_lines,
    append_nonblocking,
    locked,
    open_append,
    open_regular,
    read_bytes,
    write_path,
)
from statefiles.markers import now_iso

#: Default rotation size of a log, in bytes.
MAX_LOG_BYTES = 2 * 1024 * 1024
#: Longest string value kept in a record (characters); longer ones are cut.
MAX_FIELD_CHARS = 2000


def stamp() -> str:
    """Local time ``YYYY-MM-DDTHH:MM:SS±HH:MM`` (seconds)."""
    return now_iso()


def _clip(value):
    if isinstance(value, str) and len(value) > MAX_FIELD_CHARS:
        return value[:MAX_FIELD_CHARS] + "…"
    if isinstance(value, dict):
        return {str(k): _clip(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_clip(v) for v in value[:100]]
    return value


def append(root: str, rel: str, record: dict, max_bytes: int = MAX_LOG_BYTES) -> None:
    """Append ``record`` (a JSON-serialisable dict; ``ts`` is added when
    missing) as one line to the repo-relative log ``rel``.

    Raises:
        OSError: the log directory cannot be created or written. Callers run
            this as an ``Effect``, whose failures the runtime logs to
            errors.log without failing the hook.
    """
    path = write_path(layout.join(root, rel))
    entry = {"ts": stamp()} if "ts" not in record else {}
    entry.update(_clip(record))
    line = (fastjson.dumps(entry) + "\n").encode("utf-8")
    directory = os.path.dirname(path)
    os.makedirs(directory, exist_ok=True)
    try:
        if os.path.getsize(path) > max_bytes:
            os.replace(path, path + ".1")
    except OSError:
        pass

    append_nonblocking(path, line)


def append_rotating(path: str, data: bytes, *, max_bytes: int, keep: int, lock: str,
                    wait: float = 2.0) -> bool:
    """Append ``data`` (whole lines) to ``path`` with one ``write(2)`` on an
    ``O_APPEND`` descriptor, rotating first when the file would grow past
    ``max_bytes``: ``path`` → ``.1`` → … → ``.keep`` (the oldest dropped),
    under the lock file ``lock``, waited for at most ``wait`` seconds (a
    process that cannot get it appends without rotating: whoever holds it is
    rotating). A symbolic link is written through only when it leads inside
    the project (:func:`statefiles.atomic.write_path`); non-regular files (a
    planted FIFO) never are.

    Used by the audit logs (``permission.audit``, ``events.decisionlog``).
    Returns ``False`` when the lines could not be written whole (a torn
    tail is repaired by the next append); never raises.
    """
    try:
        path = write_path(path)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        try:
            size = os.lstat(path).st_size
        except FileNotFoundError:
            size = 0
        if size and size + len(data) > max_bytes:
            try:
                rotate(path, max_bytes=max_bytes, keep=keep, lock=lock, wait=wait)
            except Exception:  # noqa: BLE001, S110 - an unrotated log still takes the line
                pass
        fd = open_append(path)  # a planted FIFO or device raises: False below
        try:
            append_lines(fd, data, path)
        finally:
            os.close(fd)
        return True
    except Exception:  # noqa: BLE001 - a log must never take a hook down
        return False


def rotate(path: str, *, max_bytes: int, keep: int, lock: str, wait: float = 2.0) -> None:
    """Shift ``path`` → ``.1`` → … → ``.keep`` under ``lock``; a no-op when
    another process rotated while this one waited.

    Raises:
        statefiles.atomic.LockTimeout: the lock was not free within ``wait``.
    """
    with locked(lock, timeout=wait):
        try:
            if os.lstat(path).st_size <= max_bytes // 2:
                return  # someone rotated while we waited
        except FileNotFoundError:
            return
        for n in range(keep - 1, 0, -1):
            older = f"{path}.{n}"
            if os.path.lexists(older):
                os.replace(older, f"{path}.{n + 1}")
        os.replace(path, path + ".1")


def read(root: str, rel: str, limit: int = 1000) -> list:
    """The last ``limit`` records of a log (unparseable lines skipped). For
    tests and the post-loop handler; not used on a hook's hot path."""
    path = layout.join(root, rel)
    try:
        lines = read_bytes(path).splitlines()
    except OSError:
        return []
    return fastjson.loads_objects(lines[-limit:])


def tail_records(path: str, max_bytes: int, needle: str | None = None) -> list:
    """The JSON-object records (dicts, in file order) among the last
    ``max_bytes`` of the JSON-lines file ``path`` (a regular file only:
    :func:`statefiles.atomic.open_regular`); lines that are not objects, do
    not parse, or lack ``needle`` (a cheap pre-filter) are skipped. ``[]``
    when the file cannot be read. Used on hook paths: one bounded read."""
    try:
        with open_regular(path) as fh:
            fh.seek(0, os.SEEK_END)
            fh.seek(max(0, fh.tell() - max_bytes))
            data = fh.read()
    except OSError:
        return []
    out = []
    for line in data.decode("utf-8", "replace").splitlines():
        if not line.startswith("{") or (needle is not None and needle not in line):
            continue
        try:
            rec = fastjson.loads(line)
        except ValueError:
            continue
        if isinstance(rec, dict):
            out.append(rec)
    return out


def monotonic() -> float:
    """``time.monotonic()`` (re-exported so handlers need not import time)."""
    return time.monotonic()
