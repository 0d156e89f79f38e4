"""The permission gate's audit log: ``.claude/logs/permission.jsonl``.

One JSON object per line, one line per decision, so a user can answer "why
was I asked?" with ``tail`` or ``jq``::

    {"time": "2026-01-02T03:04:05.678Z", "decision": "dialog", "phase": "7B2",
     "reason": "'git push' matches subcommand_ask rule git:push (suite defaults ...)",
     "command": "git push origin main", "tool": "Bash", "session": "…", "cwd": "/repo"}

``decision`` is ``allow`` (the gate approved) or ``dialog`` (the gate stayed
silent and Claude Code asked the user); ``phase`` is the SPEC §5 phase that
decided (``S0`` … ``7D``, ``config`` for a broken configuration, ``input``
for a payload that could not be read). Secrets in commands are masked
(:func:`statefiles.redact.mask`); every decision is also in the decision log
of all hooks (:mod:`events.decisionlog`). Commands longer than
:data:`MAX_COMMAND_CHARS` are cut (``"truncated": true``).

Rotation: when the file would grow past :data:`MAX_BYTES` it becomes
``permission.jsonl.1`` (older ones shift to ``.2`` … ``.KEEP``), under a
lock so parallel hooks rotate once. Lines are appended with a single
``O_APPEND`` write, which parallel writers do not interleave. The log is
HARD_BLOCK in the protected list: Claude can read it, not rewrite it.
Writing never raises; a log that cannot be written is skipped.
"""

from __future__ import annotations

import time

from statefiles.redact import mask  # secrets stay out of logs
from statefiles import fastjson, jsonlog, layout
from statefiles.atomic import open_regular

LOG = ".claude/logs/permission.jsonl"
#: Rotate when the log would grow past this many bytes.
MAX_BYTES = 1024 * 1024
#: Rotated generations kept (``.1`` … ``.KEEP``).
KEEP = 3
#: Longest command stored in a line.
MAX_COMMAND_CHARS = 2000
#: Longest reason stored in a line.
MAX_REASON_CHARS = 2000
LOCK = ".claude/.cache/permission-log.lock"


def timestamp() -> str:
    """UTC ISO-8601 with milliseconds, e.g. ``2026-01-02T03:04:05.678Z``."""
    now = time.time()
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(now)) + f".{int(now % 1 * 1000):03d}Z"


def record(decision: str, phase: str, reason: str, command, *, tool: str = "",
           session: str = "", cwd: str = "") -> dict:
    """The audit line for one decision (a dict; see the module docstring)."""
    line = {"time": timestamp(), "decision": decision, "phase": phase,
            "reason": mask(reason[:MAX_REASON_CHARS * 2])[:MAX_REASON_CHARS]}
    if isinstance(command, str):
        command = mask(command)
        line["command"] = command[:MAX_COMMAND_CHARS]
        if len(command) > MAX_COMMAND_CHARS:
            line["truncated"] = True
            line["command_length"] = len(command)
    line["tool"] = tool
    if session:
        line["session"] = session
    if cwd:
        line["cwd"] = cwd
    return line


def encode(line: dict) -> bytes:
    """One line of UTF-8 JSON ending in a newline. Lone surrogates from the
    input are written as ``\\udXXX`` escapes, so every line stays valid JSON."""
    text = fastjson.dumps(line, ensure_ascii=False)
    return (text + "\n").encode("utf-8", "backslashreplace")


def append(root: str, line: dict) -> str | None:
    """Append ``line`` to the project's audit log, rotating first when it
    would pass :data:`MAX_BYTES`. Returns the log path, or ``None`` when it
    could not be written (never raises)."""
    path = layout.join(root, LOG)
    try:
        data = encode(line)
    except Exception:  # noqa: BLE001 - the audit log must never take the gate down
        return None
    written = jsonlog.append_rotating(path, data, max_bytes=MAX_BYTES, keep=KEEP,
                                      lock=layout.join(root, LOCK))
    return path if written else None


def rotate(root: str, path: str, max_bytes: int | None = None) -> None:
    """Shift ``path`` → ``.1`` → … → ``.KEEP`` (the oldest is dropped), under
    a lock; a no-op when another process rotated meanwhile."""
    jsonlog.rotate(path, max_bytes=MAX_BYTES if max_bytes is None else max_bytes, keep=KEEP,
                   lock=layout.join(root, LOCK))


def read(root: str) -> list:
    """Every line of the current log as dicts (unparseable lines skipped);
    for tests and tools."""
    path = layout.join(root, LOG)
    out = []
    try:
        with open_regular(path) as fh:
            for raw in fh:
                try:
                    out.append(fastjson.loads(raw.decode("utf-8", "replace")))
                except ValueError:
                    continue
    except OSError:
        return []
    return out
