"""``playgate logs``: browse the decision log.

Reads ``.claude/logs/decisions.jsonl`` and its rotated generations
(:mod:`events.decisionlog`), oldest first, and lists the entries that pass
every filter: ``--since`` (a duration such as ``90s``, ``30m``, ``2h``,
``1d``, ``1w`` back from now, or an ISO time; a time without a zone is
local), ``--session`` (an id or its prefix), ``--guard``, ``--decision``,
``--event``; ``--limit N`` keeps the newest N. ``--summary`` counts instead:
decisions by kind, blocks per guard, the most frequent reasons. Writes
nothing; exit 0 (3 when the project cannot be read, 2 for a bad option).
"""

from __future__ import annotations

import os
import time
from datetime import datetime

from events import decisionlog
from events.decisionlog import DECISIONS
from playgate import messages
from playgate.errors import EXIT_OK, UsageError
from playgate.messages import quoted
from statefiles import layout

NEEDS_PROJECT = True
#: Most frequent reasons shown by ``--summary``.
TOP_REASONS = 10
#: Characters of a reason shown per entry in the text form.
REASON_WIDTH = 160
_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 7 * 86400}


def add_arguments(parser) -> None:
    """The filters of the module docstring, ``--limit`` and ``--summary``."""
    t = messages.text
    parser.add_argument("--since", metavar="WHEN", help=t("logs.opt.since"))
    parser.add_argument("--session", metavar="ID", help=t("logs.opt.session"))
    parser.add_argument("--guard", metavar="NAME", help=t("logs.opt.guard"))
    parser.add_argument("--decision", choices=DECISIONS, help=t("logs.opt.decision"))
    parser.add_argument("--event", metavar="EVENT", help=t("logs.opt.event"))
    parser.add_argument("--limit", type=int, default=0, metavar="N", help=t("logs.opt.limit"))
    parser.add_argument("--summary", action="store_true", help=t("logs.opt.summary"))


def parse_since(value: str, now: float | None = None) -> float:
    """``--since`` as a POSIX time: ``<n><s|m|h|d|w>`` back from ``now``, or
    an ISO-8601 time (``2026-01-02``, ``2026-01-02T03:04``, ``…Z``,
    ``…+09:00``; no zone means local time).

    Raises:
        UsageError: neither form.
    """
    text = value.strip()
    now = time.time() if now is None else now
    if len(text) >= 2 and text[:-1].isdigit() and text[-1].lower() in _UNITS:
        return now - int(text[:-1]) * _UNITS[text[-1].lower()]
    try:
        when = datetime.fromisoformat(text.replace("Z", "+00:00").replace("z", "+00:00"))
    except ValueError:
        raise UsageError(messages.text("logs.bad_since", value=value)) from None
    return when.timestamp()  # naive: local time


def entry_time(entry: dict) -> float | None:
    """The POSIX time of a log entry's ``time`` (``None`` when unreadable)."""
    stamp = entry.get("time")
    if not isinstance(stamp, str):
        return None
    try:
        return datetime.fromisoformat(stamp.replace("Z", "+00:00")).timestamp()
    except ValueError:
        return None


def select(entries: list, since: float | None = None, session: str | None = None,
           guard: str | None = None, decision: str | None = None,
           event: str | None = None) -> list:
    """The entries passing every given filter (``session`` matches an id or
    a prefix of it; ``guard`` the guard's name exactly)."""
    out = []
    for entry in entries:
        if session and not str(entry.get("session") or "").startswith(session):
            continue
        if guard and entry.get("guard") != guard:
            continue
        if decision and entry.get("decision") != decision:
            continue
        if event and entry.get("event") != event:
            continue
        if since is not None:
            when = entry_time(entry)
            if when is None or when < since:
                continue
        out.append(entry)
    return out


def summarise(entries: list, top: int = TOP_REASONS) -> dict:
    """``{"total", "decisions": {decision: n}, "blocks_per_guard": [[guard,
    n], ...], "reasons": [{"reason", "guard", "decision", "count"}, ...],
    "sessions": n}``, each list most frequent first (ties by name). A reason
    is counted by its first line."""
    decisions: dict = {}
    blocks: dict = {}
    reasons: dict = {}
    sessions = set()
    for entry in entries:
        kind = str(entry.get("decision") or "?")
        guard = str(entry.get("guard") or "?")
        decisions[kind] = decisions.get(kind, 0) + 1
        sessions.add(entry.get("session") or "")
        if kind == "block":
            blocks[guard] = blocks.get(guard, 0) + 1
        first = (str(entry.get("reason") or "").strip().splitlines() or [""])[0]
        key = (first, guard, kind)
        reasons[key] = reasons.get(key, 0) + 1
    ranked = sorted(reasons.items(), key=lambda item: (-item[1], item[0]))[:top]
    return {"total": len(entries),
            "decisions": dict(sorted(decisions.items(), key=lambda i: (-i[1], i[0]))),
            "blocks_per_guard": [[g, n] for g, n in sorted(blocks.items(),
                                                           key=lambda i: (-i[1], i[0]))],
            "reasons": [{"reason": r, "guard": g, "decision": d, "count": n}
                        for (r, g, d), n in ranked],
            "sessions": len(sessions)}


def run(args, project) -> tuple:
    since = parse_since(args.since) if args.since else None
    if args.limit < 0:
        raise UsageError(messages.text("logs.bad_limit", value=args.limit))
    entries = select(decisionlog.read_all(project.root), since=since, session=args.session,
                     guard=args.guard, decision=args.decision, event=args.event)
    data = {"command": "logs", "project": project.root,
            "log": os.path.join(project.root, *layout.DECISIONS_LOG.split("/")),
            "filters": {k: getattr(args, k) for k in ("since", "session", "guard", "decision",
                                                       "event") if getattr(args, k)}}
    if args.summary:
        data["summary"] = summarise(entries)
    else:
        data["entries"] = entries[-args.limit:] if args.limit else entries
    return EXIT_OK, data


def _local(stamp) -> str:
    """``2026-01-02T03:04:05.678Z`` as local ``2026-01-02 12:04:05``."""
    try:
        when = datetime.fromisoformat(str(stamp).replace("Z", "+00:00")).astimezone()
    except ValueError:
        return str(stamp)
    return when.strftime("%Y-%m-%d %H:%M:%S")


def _one_line(text, width: int) -> str:
    text = " ".join(str(text or "").split())
    return text if len(text) <= width else text[: width - 1] + "…"


def render(data: dict, lang: str) -> str:
    t = messages.text
    if "summary" in data:
        return _render_summary(data, lang)
    entries = data["entries"]
    if not entries:
        return t("logs.none", lang, log=data["log"]) + "\n"
    lines = []
    for e in entries:
        where = e.get("event", "")
        if e.get("tool"):
            where += f" {e['tool']}"
        guard = e.get("guard", "")
        if e.get("phase"):
            guard += f" ({e['phase']})"
        session = t("logs.session", lang, session=str(e.get("session") or "-")[:8])
        lines.append(f"{_local(e.get('time'))}  {e.get('decision', '?'):<7}  {where:<22}  "
                     f"{guard}  {session}")
        if e.get("input"):
            lines.append(f"    {_one_line(e['input'], REASON_WIDTH)}")
        lines.append(f"    → {quoted(lang, _one_line(e.get('reason'), REASON_WIDTH))}")
    lines.append(t("logs.count", lang, count=len(entries), log=data["log"]))
    return "\n".join(lines) + "\n"


def _render_summary(data: dict, lang: str) -> str:
    t = messages.text
    s = data["summary"]
    if not s["total"]:
        return t("logs.none", lang, log=data["log"]) + "\n"
    lines = [t("logs.summary.total", lang, total=s["total"], sessions=s["sessions"]),
             "  " + ", ".join(f"{k} {n}" for k, n in s["decisions"].items()),
             t("logs.summary.blocks", lang)]
    if s["blocks_per_guard"]:
        lines += [f"  {n:>6}  {g}" for g, n in s["blocks_per_guard"]]
    else:
        lines.append("  " + t("logs.summary.no_blocks", lang))
    lines.append(t("logs.summary.reasons", lang))
    for r in s["reasons"]:
        lines.append(f"  {r['count']:>6}  {r['decision']:<7} {r['guard']}: "
                     f"{quoted(lang, _one_line(r['reason'], REASON_WIDTH))}")
    return "\n".join(lines) + "\n"
