"""``playgate report``: one session at a glance.

For one session (``--session ID`` or a prefix of it; default: the session of
the newest entry in the decision log) it gathers

* the **timeline**: the session's tool calls from its Claude Code transcript
  (:mod:`playgate.transcript`; ``--transcript FILE``, else found under
  ``$CLAUDE_CONFIG_DIR``/``~/.claude``/``projects/*/<session>.jsonl``), each
  with the decisions the hooks logged for it (:mod:`events.decisionlog`,
  joined on ``tool_use_id``; the permission gate's, which carry none, on the
  tool and input), and the prompts; decisions that belong to no call
  (prompts, stops, refused input) are rows of their own. Without a
  transcript the timeline is the logged decisions;
* the **playbook**: the active playbook's phases, subtask progress and
  critic status (the same view as ``playgate status``), and the critic
  verdicts the critic ledger recorded in the session
  (``.claude/logs/critic-ledger.jsonl``);
* **approved without asking**: what the permission gate approved, and the
  calls an allow rule of the settings let through (from the transcript);
* counts by decision and blocks per guard.

The text form is for terminals; ``--html FILE`` writes one self-contained
page (inline CSS, no script, no external asset, a Content-Security-Policy
that forbids loading anything) and prints where. Every input and reason
shown is masked (:func:`statefiles.redact.mask`), the page's text is HTML-escaped.
Writes only FILE. Exit 0; 3 when no session can be found or FILE cannot
be written.
"""

from __future__ import annotations

import glob
import html
import os
from types import SimpleNamespace

from events import decisionlog
from events.decisionlog import short_input
from statefiles.redact import mask
from playgate import messages, transcript
from playgate.commands import status
from playgate.commands.logs import _local, summarise
from playgate.errors import EXIT_OK, InputError
from playgate.messages import quoted
from statefiles import jsonlog, layout
from statefiles.atomic import write_atomic
from workflow.reward.ledger import CRITIC_LEDGER

NEEDS_PROJECT = True
#: Characters of a reason in the text form.
REASON_WIDTH = 150


def add_arguments(parser) -> None:
    """``--session``, ``--html``, ``--transcript``."""
    t = messages.text
    parser.add_argument("--session", metavar="ID", help=t("report.opt.session"))
    parser.add_argument("--html", metavar="FILE", help=t("report.opt.html"))
    parser.add_argument("--transcript", metavar="FILE", help=t("report.opt.transcript"))


# ---------------------------------------------------------------- gathering
def find_transcript(session: str, env=None) -> str | None:
    """The transcript of ``session`` in Claude Code's projects directory
    (``$CLAUDE_CONFIG_DIR/projects`` or ``~/.claude/projects``), or ``None``."""
    env = os.environ if env is None else env
    base = env.get("CLAUDE_CONFIG_DIR") or os.path.join(os.path.expanduser("~"), ".claude")
    if not session or any(c in session for c in "/\\*?[]"):
        return None
    found = sorted(glob.glob(os.path.join(base, "projects", "*", f"{session}.jsonl")))
    return found[0] if found else None


def short(tool: str, tool_input) -> str:
    """The short form of a transcript call's input, as the decision log
    writes it (:func:`events.decisionlog.short_input`)."""
    call = SimpleNamespace(tool_name=tool,
                           tool_input=tool_input if isinstance(tool_input, dict) else {})
    return short_input("PreToolUse", call)


def _decision_view(entry: dict) -> dict:
    keys = ("time", "event", "tool", "guard", "phase", "decision", "reason", "input", "agent")
    return {k: entry[k] for k in keys if entry.get(k) not in (None, "")}


def timeline(decisions: list, session_data) -> list:
    """The rows of the report's timeline, in time order (see the module
    docstring). A row: ``{"time", "kind": "call"|"prompt"|"decision", "tool",
    "input", "outcome", "lane", "decisions": [...]}``."""
    rows = []
    by_id = {}
    calls = []
    if session_data is not None:
        for item in session_data.timeline():
            if hasattr(item, "tool"):
                row = {"time": item.timestamp, "kind": "call", "tool": item.tool,
                       "input": short(item.tool, item.input), "outcome": item.outcome,
                       "lane": item.lane if item.lane == "main" else
                       f"{item.agent_type or 'subagent'} {item.lane[:8]}",
                       "decisions": []}
                by_id[item.id] = row
                calls.append(row)
            elif hasattr(item, "agent_id"):
                continue  # subagent stops show through their SubagentStop decisions
            else:
                row = {"time": item.timestamp, "kind": "prompt", "tool": "",
                       "input": " ".join(mask(item.text[:400]).split())[:300],
                       "outcome": "", "lane": "main", "decisions": []}
            rows.append(row)
    for entry in decisions:
        view = _decision_view(entry)
        target = by_id.get(entry.get("tool_use_id") or "")
        if target is None and entry.get("event") == "PermissionRequest":
            # the gate's lines carry no tool_use_id: the latest call before
            # it with the same tool and input
            for row in reversed(calls):
                if (row["tool"] == entry.get("tool") and row["input"] == entry.get("input")
                        and (row["time"] or "") <= (entry.get("time") or "")):
                    target = row
                    break
        if target is not None:
            target["decisions"].append(view)
            continue
        rows.append({"time": entry.get("time") or "", "kind": "decision",
                     "tool": entry.get("tool") or entry.get("event") or "",
                     "input": entry.get("input") or "", "outcome": "",
                     "lane": "subagent" if entry.get("agent") else "main",
                     "decisions": [view]})
    rows.sort(key=lambda row: row["time"] or "")
    return rows


def approved(decisions: list, rows: list) -> list:
    """What ran without a permission dialog: the permission gate's approvals
    (from the log), then the calls Claude Code let through by an allow rule
    of the settings (from the transcript), in time order."""
    out = [_decision_view(e) for e in decisions if e.get("decision") == "approve"]
    for row in rows:
        if row["kind"] == "call" and row["outcome"] == "allowed by rule":
            out.append({"time": row["time"], "tool": row["tool"], "input": row["input"],
                        "phase": "allow rule",
                        "reason": "an allow rule of the Claude Code settings"})
    return sorted(out, key=lambda a: a.get("time") or "")


def _critic_verdicts(root: str, session: str) -> list:
    out = []
    for rec in jsonlog.read(root, CRITIC_LEDGER, limit=5000):
        if rec.get("session_id") == session:
            out.append({k: rec.get(k) for k in ("ts", "playbook", "subtask", "verdict",
                                                "reason")})
    return out


def _playbook(project) -> dict | None:
    try:
        return status.collect(project).get("playbook")
    except Exception:  # noqa: BLE001 - a broken state file must not lose the report
        return None


def collect(project, session: str | None = None, transcript_path: str | None = None) -> dict:
    """The report document (see the module docstring).

    Raises:
        InputError: no session given and none in the log, a session named that
            is neither in the log nor has a transcript, or the transcript
            named cannot be read.
    """
    entries = decisionlog.read_all(project.root)
    session_data = None
    if transcript_path:
        try:
            session_data = transcript.load(transcript_path)
        except (OSError, ValueError) as exc:
            raise InputError(messages.text("report.bad_transcript", path=transcript_path,
                                           error=str(exc))) from None
    if session:
        known = [e.get("session") for e in entries
                 if str(e.get("session") or "").startswith(session)]
        if known:
            session = known[-1]
        elif session_data is None and not find_transcript(session, project.env):
            # Neither logged nor a transcript: an empty page with exit 0 would
            # read as "nothing happened in that session".
            sessions = list(dict.fromkeys(e.get("session") for e in entries if e.get("session")))
            raise InputError(messages.text(
                "report.unknown_session", session=session, log=decisionlog_path(project),
                count=len(sessions), newest=sessions[-1] if sessions else "-"))
    elif session_data is not None and session_data.session_id:
        session = session_data.session_id
    else:
        with_session = [e.get("session") for e in entries if e.get("session")]
        if not with_session:
            raise InputError(messages.text("report.no_session", log=decisionlog_path(project)))
        session = with_session[-1]
    if session_data is None:
        found = find_transcript(session, project.env)
        if found:
            try:
                session_data = transcript.load(found)
                transcript_path = found
            except (OSError, ValueError):
                session_data = None
    decisions = [e for e in entries if e.get("session") == session]
    rows = timeline(decisions, session_data)
    times = [r["time"] for r in rows if r["time"]]
    return {"command": "report", "project": project.root, "session": session,
            "transcript": os.path.abspath(transcript_path) if session_data is not None else None,
            "log": decisionlog_path(project),
            "start": min(times) if times else None, "end": max(times) if times else None,
            "summary": summarise(decisions),
            "calls": sum(1 for r in rows if r["kind"] == "call"),
            "timeline": rows,
            "approved": approved(decisions, rows),
            "playbook": _playbook(project),
            "critic": _critic_verdicts(project.root, session)}


def decisionlog_path(project) -> str:
    return os.path.join(project.root, *layout.DECISIONS_LOG.split("/"))


def run(args, project) -> tuple:
    data = collect(project, args.session, args.transcript)
    if args.html:
        path = os.path.abspath(args.html)
        try:
            write_atomic(path, to_html(data, messages.language(project)).encode("utf-8"),
                         durable=False)
        except OSError as exc:
            raise InputError(messages.text("report.html_unwritable", path=path,
                                           error=exc.strerror or str(exc))) from None
        data["html"] = path
    return EXIT_OK, data


# ---------------------------------------------------------------- text form
def _one_line(text, width: int = REASON_WIDTH) -> str:
    text = " ".join(str(text or "").split())
    return text if len(text) <= width else text[: width - 1] + "…"


def _hhmmss(stamp) -> str:
    return _local(stamp)[11:] if stamp else "--:--:--"


def render(data: dict, lang: str) -> str:
    t = messages.text
    lines = []
    if data.get("html"):
        lines.append(t("report.html_written", lang, path=data["html"]))
    lines += [t("report.header", lang, session=data["session"], project=data["project"]),
              t("report.transcript", lang, path=data["transcript"] or t("report.no_transcript",
                                                                          lang))]
    s = data["summary"]
    counts = ", ".join(f"{k} {n}" for k, n in s["decisions"].items()) or "-"
    lines.append(t("report.counts", lang, calls=data["calls"], decisions=s["total"],
                   counts=counts))
    if data.get("html"):
        return "\n".join(lines) + "\n"  # the page has the rest
    if s["blocks_per_guard"]:
        lines.append(t("report.blocks", lang, guards=", ".join(
            f"{g} {n}" for g, n in s["blocks_per_guard"])))
    pb = data["playbook"]
    lines.append("")
    if pb is None:
        lines.append(t("report.no_playbook", lang))
    else:
        lines.append(t("report.playbook", lang, plan=pb["plan"], done=pb["subtasks"]["done"],
                       total=pb["subtasks"]["total"], critic=pb["critic"]["status"]))
        for phase in pb["phases"]:
            lines.append(f"    {phase['id']:<8} {phase['status']:<12} "
                         f"{phase['done']}/{phase['total']}  {phase['name']}".rstrip())
    if data["critic"]:
        lines.append(t("report.critic", lang))
        for v in data["critic"]:
            reason = f" - {_one_line(v['reason'], 100)}" if v.get("reason") else ""
            lines.append(f"    {_hhmmss(v.get('ts'))}  {v.get('verdict')} "
                         f"{v.get('subtask')}{reason}")
    lines.append("")
    lines.append(t("report.approved", lang, count=len(data["approved"])))
    for a in data["approved"]:
        lines.append(f"    {_hhmmss(a.get('time'))}  {_one_line(a.get('input'), 90)}  "
                     f"({a.get('phase', '')}: {quoted(lang, _one_line(a.get('reason'), 80))})")
    lines.append("")
    lines.append(t("report.timeline", lang))
    for row in data["timeline"]:
        head = f"  {_hhmmss(row['time'])}  "
        if row["kind"] == "prompt":
            lines.append(head + t("report.prompt", lang, text=_one_line(row["input"], 110)))
            continue
        lane = "" if row["lane"] == "main" else f" [{row['lane']}]"
        outcome = f"  → {row['outcome']}" if row["outcome"] else ""
        lines.append(head + f"{row['tool']}{lane}  {_one_line(row['input'], 100)}{outcome}")
        for d in row["decisions"]:
            phase = f" ({d['phase']})" if d.get("phase") else ""
            lines.append(f"              {d.get('decision', '?'):<7} {d.get('guard', '')}{phase}: "
                         f"{quoted(lang, _one_line(d.get('reason')))}")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------- HTML form
CSS = """
body{font:14px/1.45 system-ui,-apple-system,Segoe UI,sans-serif;margin:2em auto;max-width:72em;
 padding:0 1em;color:#1d1d1f;background:#fff}
h1{font-size:1.5em;margin-bottom:.2em}h2{font-size:1.15em;margin-top:1.8em;
 border-bottom:1px solid #ddd;padding-bottom:.2em}
.meta{color:#555}code,.input{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.92em;
 word-break:break-all}
table{border-collapse:collapse;width:100%}th,td{text-align:left;vertical-align:top;
 padding:.3em .5em;border-bottom:1px solid #eee}th{background:#f6f6f6}
.badge{display:inline-block;border-radius:3px;padding:0 .4em;font-size:.85em;font-weight:600;
 color:#fff;background:#777}
.block{background:#c62828}.ask{background:#ef6c00}.warn{background:#f9a825;color:#222}
.approve{background:#2e7d32}.dialog{background:#1565c0}
.reason{color:#333;margin:.15em 0 .3em 0;white-space:pre-wrap}
.bar{display:inline-block;width:12em;height:.8em;background:#eee;border-radius:2px;
 vertical-align:middle}.bar span{display:block;height:100%;background:#2e7d32;border-radius:2px}
.prompt td{background:#fafaf0}.none{color:#777;font-style:italic}
#timeline td:nth-child(1){width:5.5em}#timeline td:nth-child(3){width:34%}
"""


def _esc(value) -> str:
    return html.escape("" if value is None else str(value), quote=True)


def _badge(decision: str) -> str:
    kind = decision if decision in ("block", "ask", "warn", "approve", "dialog") else ""
    return f'<span class="badge {kind}">{_esc(decision)}</span>'


def to_html(data: dict, lang: str = "en") -> str:
    """The page: UTF-8 HTML5, one file, nothing loaded from anywhere; its
    frame in ``lang`` (the reasons are in the language they were logged in,
    the project's)."""
    def h(key, **fields):
        return _esc(messages.text(f"report.html.{key}", lang, **fields))

    s = data["summary"]
    out = [f'<!DOCTYPE html>\n<html lang="{_esc(lang)}"><head><meta charset="utf-8">',
           '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; '
           'style-src \'unsafe-inline\'">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           f"<title>{h('title', session=data['session'])}</title>",
           f"<style>{CSS}</style></head><body>",
           f'<h1>{h("heading")}</h1><p class="meta">{h("session")} <code id="session">'
           f"{_esc(data['session'])}</code><br>{h('project')} <code>{_esc(data['project'])}"
           f"</code><br>{h('period', start=data['start'] or '-', end=data['end'] or '-')}<br>"
           f"{h('transcript')} <code>{_esc(data['transcript']) or h('no_transcript')}"
           "</code></p>"]
    counts = " ".join(f'{_badge(k)} {n}' for k, n in s["decisions"].items())
    out.append(f'<section id="summary"><h2>{h("summary")}</h2><p>'
               f"{h('counts', calls=data['calls'], decisions=s['total'])} "
               f"{counts or '<span class=none>' + h('none') + '</span>'}</p>")
    if s["blocks_per_guard"]:
        out.append(f"<table><tr><th>{h('guard')}</th><th>{h('blocks')}</th></tr>" + "".join(
            f"<tr><td><code>{_esc(g)}</code></td><td>{n}</td></tr>"
            for g, n in s["blocks_per_guard"]) + "</table>")
    out.append("</section>")
    out.append(_html_playbook(data, h))
    out.append(f'<section id="approved"><h2>{h("approved")}</h2>')
    if data["approved"]:
        out.append(f"<table><tr><th>{h('time')}</th><th>{h('command')}</th><th>{h('phase')}"
                   f"</th><th>{h('why')}</th></tr>")
        for a in data["approved"]:
            out.append(f"<tr><td>{_esc(_hhmmss(a.get('time')))}</td><td class=input>"
                       f"{_esc(a.get('input'))}</td><td>{_esc(a.get('phase'))}</td>"
                       f"<td>{_esc(a.get('reason'))}</td></tr>")
        out.append("</table>")
    else:
        out.append(f'<p class="none">{h("nothing_approved")}</p>')
    out.append("</section>")
    out.append(f'<section id="timeline"><h2>{h("timeline")}</h2><table><tr><th>{h("time")}'
               f"</th><th>{h('tool')}</th><th>{h('input')}</th><th>{h('decisions')}</th></tr>")
    for row in data["timeline"]:
        cls = ' class="prompt"' if row["kind"] == "prompt" else ""
        tool = h("prompt") if row["kind"] == "prompt" else _esc(row["tool"])
        lane = "" if row["lane"] == "main" else f"<br><small>{_esc(row['lane'])}</small>"
        cells = []
        for d in row["decisions"]:
            phase = f" ({_esc(d['phase'])})" if d.get("phase") else ""
            cells.append(f"<div>{_badge(d.get('decision', '?'))} <code>{_esc(d.get('guard'))}"
                         f"</code>{phase}<div class=reason>{_esc(d.get('reason'))}</div></div>")
        if row["outcome"]:
            cells.append(f"<div class=meta>{_esc(row['outcome'])}</div>")
        out.append(f"<tr{cls}><td>{_esc(_hhmmss(row['time']))}</td><td>{tool}{lane}</td>"
                   f"<td class=input>{_esc(row['input'])}</td><td>{''.join(cells)}</td></tr>")
    out.append("</table></section>")
    out.append(f'<p class="meta">{h("log")} <code>{_esc(data["log"])}</code></p>'
               "</body></html>\n")
    return "\n".join(out)


def _html_playbook(data: dict, h) -> str:
    pb = data["playbook"]
    out = [f'<section id="playbook"><h2>{h("playbook")}</h2>']
    if pb is None:
        out.append(f'<p class="none">{h("no_playbook")}</p>')
    else:
        done, total = pb["subtasks"]["done"], pb["subtasks"]["total"]
        width = round(100 * done / total) if total else 0
        out.append(f"<p><code>{_esc(pb['plan'])}</code> ({h('branch')} <code>"
                   f"{_esc(pb['branch'])}</code>): <span class=bar><span style=\"width:{width}%\">"
                   f"</span></span> <span id=progress>{done}/{total}</span> "
                   f"{h('subtasks_done')} <b id=critic-status>{_esc(pb['critic']['status'])}</b></p>")
        out.append(f"<table><tr><th>{h('phase')}</th><th>{h('status')}</th><th>{h('done')}</th>"
                   f"<th>{h('name')}</th></tr>")
        for phase in pb["phases"]:
            out.append(f"<tr><td>{_esc(phase['id'])}</td><td>{_esc(phase['status'])}</td>"
                       f"<td>{phase['done']}/{phase['total']}</td><td>{_esc(phase['name'])}"
                       "</td></tr>")
        out.append("</table>")
    out.append(f"<h3>{h('critic')}</h3>")
    if data["critic"]:
        out.append(f"<table><tr><th>{h('time')}</th><th>{h('verdict')}</th><th>{h('subtask')}"
                   f"</th><th>{h('reason')}</th></tr>")
        for v in data["critic"]:
            out.append(f"<tr><td>{_esc(_hhmmss(v.get('ts')))}</td><td>{_badge_verdict(v)}</td>"
                       f"<td>{_esc(v.get('subtask'))}</td><td>{_esc(v.get('reason'))}</td></tr>")
        out.append("</table>")
    else:
        out.append(f'<p class="none">{h("no_verdict")}</p>')
    out.append("</section>")
    return "".join(out)


def _badge_verdict(v: dict) -> str:
    verdict = str(v.get("verdict") or "?")
    kind = "approve" if verdict.upper() == "PASS" else "block"
    return f'<span class="badge {kind}">{_esc(verdict)}</span>'
