"""The decision log: every gate decision in one JSON Lines file.

``.claude/logs/decisions.jsonl`` (:data:`statefiles.layout.DECISIONS_LOG`;
git-ignored with ``.claude/logs/``, HARD_BLOCK in the protected list like
every hook-written log). One line per decision::

    {"time": "2026-01-02T03:04:05.678Z", "session": "…", "event": "PreToolUse",
     "tool": "Bash", "guard": "bash-check", "decision": "block",
     "reason": "…", "input": "rm -rf /", "tool_use_id": "toolu_…"}

``decision`` is one of :data:`DECISIONS`: ``block`` (a refusal: PreToolUse
deny, UserPromptSubmit/Stop/SubagentStop block, a delegation), ``ask``
(PreToolUse ``permissionDecision: "ask"``), ``warn`` (a message added for
Claude: additionalContext or systemMessage), ``approve`` (the permission
gate answered the dialog) and ``dialog`` (the permission gate stayed silent
and the user was asked). ``guard`` is the guard's SPEC name; the permission
gate's lines add the deciding ``phase``. ``input`` is a short form of the
tool input (:func:`short_input`); ``input`` and ``reason`` are masked
(:func:`statefiles.redact.mask`). Optional keys: ``tool_use_id``, ``agent``
(the subagent's ``agent_id``), ``phase``.

The runtime (:func:`events.runtime.evaluate`) calls :func:`record` once per
hook call after the chain decided and its effects were applied, for the
events of :data:`EVENTS`; a plain allow writes nothing. Guards do not know
about it. The lines of one call go out in **one** ``write(2)`` on an
``O_APPEND`` descriptor (parallel hooks never interleave within a line);
rotation to ``.1`` … ``.KEEP`` past :data:`MAX_BYTES` happens under a lock
that is tried for at most :data:`ROTATE_WAIT_S` (another hook rotating means
this one appends and goes on). Logging never raises and never changes the
decision: any failure is swallowed.
"""

from __future__ import annotations

import time

from events.render import GATING_EVENTS
from events.verdict import APPROVE, WARN
from statefiles import fastjson, layout
from statefiles.atomic import open_regular

#: The values of ``decision``.
DECISIONS = ("block", "ask", "warn", "approve", "dialog")
#: The events whose decisions are logged (the gating ones, and PostToolUse's
#: warnings). SessionStart and the informational events only inject context.
EVENTS = frozenset({"PreToolUse", "PermissionRequest", "UserPromptSubmit", "Stop",
                    "SubagentStop", "PostToolUse"})
#: Guards whose WARN is the routine state injection on every prompt (seed 002
#: §2), not a decision: not logged.
CONTEXT_ONLY = frozenset({"prompt-state"})
#: The permission gate's guard name (its verdicts carry ``<GATE>:<phase>``).
GATE = "permission-gate"

#: Rotate when the log would grow past this many bytes.
MAX_BYTES = 2 * 1024 * 1024
#: Rotated generations kept (``.1`` … ``.KEEP``).
KEEP = 3
#: Longest ``input`` stored (characters).
MAX_INPUT_CHARS = 300
#: Longest ``reason`` stored (characters).
MAX_REASON_CHARS = 1500
#: Seconds a hook waits for the rotation lock before appending without rotating.
ROTATE_WAIT_S = 0.05


def timestamp() -> str:
    """UTC ISO-8601 with milliseconds, e.g. ``2026-01-02T03:04:05.678Z``."""
    now = time.time()
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(now)) + f".{int(now % 1 * 1000):03d}Z"


def _clip(text: str, limit: int) -> str:
    text = text if isinstance(text, str) else str(text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def short_input(event: str, hook) -> str:
    """A one-line short form of what was judged (at most
    :data:`MAX_INPUT_CHARS`, masked): the Bash command, the file path of a
    file tool, the pattern/url/query of a search tool, ``subagent_type:
    description`` of Task/Agent, the prompt of UserPromptSubmit, the agent
    type of SubagentStop; ``""`` when there is nothing to show."""
    from statefiles.redact import mask  # lazy: only when a line is written

    if event == "UserPromptSubmit":
        text = hook.prompt
    elif event in ("Stop", "SubagentStop"):
        text = hook.agent_type or ""
    else:
        ti = hook.tool_input
        text = ""
        for key in ("command", "file_path", "notebook_path", "path", "pattern", "url", "query",
                    "skill"):
            value = ti.get(key)
            if isinstance(value, str) and value:
                text = value
                break
        if not text and (ti.get("subagent_type") or ti.get("description")):
            text = f"{ti.get('subagent_type') or ''}: {ti.get('description') or ''}".strip()
        if not text and ti:
            text = fastjson.dumps(ti, ensure_ascii=False)
    text = " ".join(text.split()) if isinstance(text, str) else ""
    # mask before clipping (a secret cut in half would escape the patterns),
    # on a bounded prefix (a 5 MB Write must not be scanned)
    return _clip(mask(text[: MAX_INPUT_CHARS * 4]), MAX_INPUT_CHARS)


def _line(event: str, hook, guard: str, decision: str, reason: str) -> dict:
    from statefiles.redact import mask  # lazy: only when a line is written

    line = {"time": timestamp(), "session": hook.session_id if hook is not None else "",
            "event": event, "tool": (hook.tool_name if hook is not None else "") or ""}
    if guard.startswith(GATE + ":"):
        guard, _, phase = guard.partition(":")
    else:
        phase = ""
    line["guard"] = guard or "runtime"
    line["decision"] = decision
    line["reason"] = _clip(mask(reason[: MAX_REASON_CHARS * 2]), MAX_REASON_CHARS)
    line["input"] = short_input(event, hook) if hook is not None else ""
    if phase:
        line["phase"] = phase
    if hook is not None and hook.tool_use_id:
        line["tool_use_id"] = hook.tool_use_id
    if hook is not None and hook.agent_id:
        line["agent"] = hook.agent_id
    return line


def entries(event: str, hook, outcome) -> list:
    """The lines for one hook call's ``outcome`` (:class:`events.render.Outcome`):
    what Claude or the user actually got. A block: its one line (the asks and
    warnings it overrode were not shown). Otherwise one line per ask and per
    warning, and the permission gate's approval or dialog."""
    final = outcome.final
    if outcome.blocked:
        return [_line(event, hook, final.guard, "block", final.text())]
    out = []
    if event == "PermissionRequest":
        if final is not None and final.kind == APPROVE:
            out.append(_line(event, hook, final.guard, "approve", final.message))
        else:
            for name, verdict in outcome.trace:
                if verdict.message.startswith("dialog: "):
                    out.append(_line(event, hook, name, "dialog", verdict.message[8:]))
                    break
            else:
                out.append(_line(event, hook, GATE, "dialog", "no phase approved the command"))
    for verdict in outcome.asks:
        out.append(_line(event, hook, verdict.guard, "ask", verdict.message))
    for verdict in outcome.warnings:
        if verdict.kind == WARN and verdict.guard not in CONTEXT_ONLY and verdict.text():
            out.append(_line(event, hook, verdict.guard, "warn", verdict.text()))
    return out


def refusal(event: str, hook, reason: str, guard: str = "runtime") -> list:
    """The line for input the runtime refused or a runtime failure: a block
    on gating events, a dialog on PermissionRequest, nothing elsewhere."""
    if event == "PermissionRequest":
        return [_line(event, hook, guard, "dialog", reason)]
    if event in GATING_EVENTS:
        return [_line(event, hook, guard, "block", reason)]
    return []


def encode(lines: list) -> bytes:
    """The lines as UTF-8 JSON, one per line (lone surrogates escaped, so
    every line stays valid JSON)."""
    text = "".join(fastjson.dumps(line, ensure_ascii=False) + "\n" for line in lines)
    return text.encode("utf-8", "backslashreplace")


def write(root: str, lines: list) -> bool:
    """Append ``lines`` to the project's decision log in one write, rotating
    first when the log would pass :data:`MAX_BYTES`. Returns whether they
    were written; never raises."""
    if not lines:
        return True
    try:
        # lazy: only calls that leave a line (a block, warn or approval)
        from statefiles.jsonlog import append_rotating

        return append_rotating(layout.join(root, layout.DECISIONS_LOG), encode(lines),
                               max_bytes=MAX_BYTES, keep=KEEP,
                               lock=layout.join(root, layout.DECISIONS_LOCK),
                               wait=ROTATE_WAIT_S)
    except Exception:  # noqa: BLE001 - a failure to log never changes a decision
        return False


def record(root: str, event: str, hook, outcome) -> bool:
    """Log ``outcome`` of one call (see :func:`entries`) when ``event`` is in
    :data:`EVENTS`. Never raises."""
    if event not in EVENTS:
        return True
    try:
        lines = entries(event, hook, outcome)
    except Exception:  # noqa: BLE001 - a failure to log never changes a decision
        return False
    return write(root, lines)


def record_refusal(root: str, event: str, hook, reason: str, guard: str = "runtime") -> bool:
    """Log a refusal of the runtime itself (:func:`refusal`). Never raises."""
    if event not in EVENTS:
        return True
    try:
        lines = refusal(event, hook, reason, guard)
    except Exception:  # noqa: BLE001
        return False
    return write(root, lines)


def read(path: str) -> list:
    """The lines of one log file as dicts (lines that are not JSON objects
    skipped; a missing file is empty). For the CLI and tests."""
    try:
        with open_regular(path) as fh:
            return fastjson.loads_objects(fh)
    except OSError:
        return []


def read_all(root: str) -> list:
    """Every line of the log and its rotated generations, oldest first."""
    path = layout.join(root, layout.DECISIONS_LOG)
    out = []
    for n in range(KEEP, 0, -1):
        out += read(f"{path}.{n}")
    return out + read(path)

