"""Read a Claude Code session transcript: the prompts and tool calls of a
session, and what happened to each call.

Claude Code keeps one JSON line per event under
``~/.claude/projects/<sanitised cwd>/<session_id>.jsonl``; a subagent's lines
are in ``<session_id>/subagents/agent-<id>.jsonl`` beside it (with an
``agent-<id>.meta.json`` naming its ``agentType``). The fields read here, as
Claude Code 2.1.329 writes them (``tests/e2e/transcripts.py`` records real
ones):

* ``type: "user"`` with a string ``message.content`` (not ``isMeta``, not
  in a sidechain): a prompt the user submitted;
* ``type: "assistant"``: ``message.content`` blocks of ``type: "tool_use"``
  (``id``, ``name``, ``input``): the tool calls;
* ``type: "user"`` with ``tool_result`` blocks: the result of each call,
  with ``permissionDecision`` (``{"decision": "accept"|"reject", "source":
  "hook"|"config"|..., "reasonCode"}``) and ``toolDenialKind`` on the same
  line;
* ``type: "attachment"`` with ``attachment.type ==
  "hook_permission_decision"``: a PermissionRequest hook's answer.

Lines that are not JSON, and entry types not listed, are skipped (counted
in :attr:`Session.skipped`), so newer Claude Code versions still replay.
"""

from __future__ import annotations

import json
import os
import re

_GUARD = re.compile(r"\[playgate:([^\]]+)\]")

#: What happened to a call in the session (:attr:`Call.outcome`).
OUTCOMES = ("blocked", "approved by hook", "allowed by rule", "denied", "ran", "error",
            "no result")


class Call:
    """One tool call.

    Attributes:
        id: ``tool_use_id``.
        tool, input: the tool name and its input as the model sent them.
        lane: ``"main"`` or the subagent's id; ``agent_type`` its type.
        timestamp: ISO time of the assistant line that made the call.
        order: position in the files read (a tie-breaker).
        outcome: one of :data:`OUTCOMES`.
        guard: the playgate guard named in a hook's refusal, or ``None``.
        text: the start of the result the model received.
        ran: the tool ran (its effects are part of the session's history).
    """

    __slots__ = ("id", "tool", "input", "lane", "agent_type", "timestamp", "order", "outcome",
                 "guard", "text", "ran", "permission_mode", "hook_answer")

    def __init__(self, block: dict, lane: str, agent_type: str | None, timestamp: str,
                 order: int, permission_mode: str | None) -> None:
        self.id = block.get("id") or ""
        self.tool = block.get("name") or ""
        self.input = block.get("input") if isinstance(block.get("input"), dict) else {}
        self.lane = lane
        self.agent_type = agent_type
        self.timestamp = timestamp
        self.order = order
        self.outcome = "no result"
        self.guard = None
        self.text = ""
        self.ran = False
        self.permission_mode = permission_mode
        self.hook_answer = None

    def to_json(self) -> dict:
        """The call as ``{"tool_use_id", "tool", "lane", "agent_type", "outcome", "guard",
        "ran"}``."""
        return {"tool_use_id": self.id, "tool": self.tool, "lane": self.lane,
                "agent_type": self.agent_type, "outcome": self.outcome, "guard": self.guard,
                "ran": self.ran}


class Prompt:
    """A prompt the user submitted (``text``), at ``timestamp``."""

    __slots__ = ("text", "timestamp", "order", "permission_mode")

    def __init__(self, text: str, timestamp: str, order: int, mode: str | None) -> None:
        self.text = text
        self.timestamp = timestamp
        self.order = order
        self.permission_mode = mode


class Stop:
    """A subagent's end: its ``agent_id``, ``agent_type`` and last words
    (``text``, what SubagentStop gets as ``last_assistant_message``), at
    ``timestamp``."""

    __slots__ = ("agent_id", "agent_type", "text", "timestamp", "order")

    def __init__(self, agent_id: str, agent_type: str | None, text: str, timestamp: str,
                 order: int) -> None:
        self.agent_id = agent_id
        self.agent_type = agent_type
        self.text = text
        self.timestamp = timestamp
        self.order = order


class Session:
    """A parsed transcript: ``calls``, ``prompts`` and subagent ``stops``
    (main and subagents, in time order via :meth:`timeline`), ``session_id``,
    ``cwd`` (where the session started), ``started_at`` (the time of its
    first entry), ``branch`` (the git branch then), ``version`` (Claude
    Code's), ``source`` (the SessionStart source), ``files`` read and lines
    ``skipped``."""

    def __init__(self) -> None:
        self.calls: list = []
        self.prompts: list = []
        self.stops: list = []
        self.session_id = ""
        self.cwd = ""
        self.started_at = ""
        self.branch = ""
        self.version = ""
        self.source = "startup"
        self.files: list = []
        self.skipped = 0
        self._order = 0

    def timeline(self) -> list:
        """Prompts, calls and subagent stops in the order they happened."""
        items = self.prompts + self.calls + self.stops
        return sorted(items, key=lambda item: (item.timestamp or "", item.order))


def _text(content) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(b.get("text", "") for b in content
                         if isinstance(b, dict) and b.get("type") == "text")
    return ""


def _read_lines(path: str, session: Session):
    with open(path, encoding="utf-8", errors="replace") as fh:
        for line in fh:
            line = line.strip()
            if not line:
                continue
            try:
                entry = json.loads(line)
            except ValueError:
                session.skipped += 1
                continue
            if isinstance(entry, dict):
                yield entry
            else:
                session.skipped += 1


def _outcome(call: Call, block: dict, entry: dict) -> None:
    text = _text(block.get("content"))
    call.text = text[:2000]
    decision = entry.get("permissionDecision") if isinstance(
        entry.get("permissionDecision"), dict) else {}
    first = text.split("\n", 1)[0]
    found = _GUARD.search(text)
    if decision.get("reasonCode") == "hook:PreToolUse" or (
            first.startswith("PreToolUse:") and "hook error" in first):
        call.outcome = "blocked"
        call.guard = found.group(1) if found else None
    elif decision.get("decision") == "reject" or entry.get("toolDenialKind"):
        call.outcome = "denied"
    elif block.get("is_error"):
        call.outcome = "error"
        call.ran = True
    elif decision.get("source") == "hook" or call.hook_answer == "allow":
        call.outcome = "approved by hook"
        call.ran = True
    elif decision.get("source") == "config" and decision.get("reasonType") == "rule":
        call.outcome = "allowed by rule"
        call.ran = True
    else:
        call.outcome = "ran"
        call.ran = True


def _read(path: str, session: Session, lane: str, agent_type: str | None) -> None:
    session.files.append(path)
    calls = {}
    last_words = None
    for entry in _read_lines(path, session):
        kind = entry.get("type")
        session._order += 1
        stamp = entry.get("timestamp") or ""
        if lane == "main":
            session.session_id = session.session_id or entry.get("sessionId") or ""
            session.cwd = session.cwd or entry.get("cwd") or ""
            session.version = session.version or entry.get("version") or ""
            if isinstance(stamp, str) and stamp and (not session.started_at
                                                     or stamp < session.started_at):
                session.started_at = stamp
            if not session.branch and isinstance(entry.get("gitBranch"), str):
                session.branch = entry["gitBranch"]
        message = entry.get("message") if isinstance(entry.get("message"), dict) else {}
        content = message.get("content")
        if kind == "attachment":
            att = entry.get("attachment") if isinstance(entry.get("attachment"), dict) else {}
            if att.get("type") == "hook_permission_decision" and att.get("toolUseID") in calls:
                calls[att["toolUseID"]].hook_answer = att.get("decision")
            if att.get("hookEvent") == "SessionStart" and str(att.get("hookName", "")).startswith(
                    "SessionStart:"):
                session.source = att["hookName"].split(":", 1)[1] or session.source
            continue
        if kind == "assistant" and isinstance(content, list):
            said = _text(content)
            if lane != "main" and said.strip():
                last_words = (said, stamp, session._order)
            for block in content:
                if isinstance(block, dict) and block.get("type") == "tool_use":
                    call = Call(block, lane, agent_type, stamp, session._order,
                                entry.get("permissionMode"))
                    calls[call.id] = call
                    session.calls.append(call)
            continue
        if kind != "user":
            continue
        if isinstance(content, list) and any(isinstance(b, dict) and b.get("type") ==
                                             "tool_result" for b in content):
            for block in content:
                if isinstance(block, dict) and block.get("type") == "tool_result":
                    call = calls.get(block.get("tool_use_id"))
                    if call is not None:
                        _outcome(call, block, entry)
            continue
        if lane != "main" or entry.get("isMeta") or entry.get("isSidechain") or \
                entry.get("isCompactSummary"):
            continue
        text = _text(content)
        if text.strip():
            session.prompts.append(Prompt(text, stamp, session._order,
                                          entry.get("permissionMode")))
    if lane != "main" and last_words is not None:
        said, stamp, order = last_words
        session.stops.append(Stop(lane, agent_type, said, stamp, order))


def subagent_files(path: str) -> list:
    """``[(agent transcript, agent_id, agent_type)]`` beside the transcript
    ``path``: in ``<stem>/subagents/`` (Claude Code's layout) or in
    ``subagents/`` next to it (how ``tests/e2e/transcripts.py`` copies them)."""
    stem = path[:-6] if path.endswith(".jsonl") else path
    found = []
    seen = set()
    for folder in (os.path.join(stem, "subagents"),
                   os.path.join(os.path.dirname(path), "subagents")):
        if not os.path.isdir(folder):
            continue
        for name in sorted(os.listdir(folder)):
            if not (name.startswith("agent-") and name.endswith(".jsonl")) or name in seen:
                continue
            seen.add(name)
            agent_id = name[len("agent-"):-len(".jsonl")]
            agent_type = None
            try:
                with open(os.path.join(folder, name[:-6] + ".meta.json"), encoding="utf-8") as fh:
                    meta = json.load(fh)
                agent_type = meta.get("agentType") if isinstance(meta, dict) else None
            except (OSError, ValueError):
                pass
            found.append((os.path.join(folder, name), agent_id, agent_type))
    return found


def load(path: str, subagents: bool = True) -> Session:
    """Parse the transcript at ``path`` (and its subagents' transcripts).

    Raises:
        OSError: the file cannot be read.
        ValueError: it holds no transcript entry at all.
    """
    session = Session()
    _read(path, session, "main", None)
    if not session.session_id and not session.calls and not session.prompts:
        raise ValueError(f"{path} is not a Claude Code session transcript (no session "
                         "entries in it)")
    if subagents:
        for sub, agent_id, agent_type in subagent_files(path):
            if _session_of(sub) in (session.session_id, None):
                _read(sub, session, agent_id, agent_type)
    return session


def _session_of(path: str) -> str | None:
    """The ``sessionId`` of the first entry of ``path`` that has one."""
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            for line in fh:
                try:
                    entry = json.loads(line)
                except ValueError:
                    continue
                if isinstance(entry, dict) and entry.get("sessionId"):
                    return entry["sessionId"]
    except OSError:
        return None
    return None
