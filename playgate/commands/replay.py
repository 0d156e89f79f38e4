"""``playgate replay TRANSCRIPT``: the session's tool calls through the hooks again.

Reads a Claude Code session transcript (:mod:`playgate.transcript`), copies
the project into a scratch directory (:mod:`playgate.scratch`), and runs,
in the order they happened, through :func:`events.runtime.evaluate` (the
hooks' own code, effects applied in the copy):

0. the copy is first brought back to the state the session *started*
   from (:func:`playgate.scratch.rewind`: the commit ``HEAD`` pointed to
   then, files and session markers written since removed)
   — replaying a finished session against its end state would report
   differences that are none;
1. SessionStart (with the session's source);
2. UserPromptSubmit for every prompt the user submitted;
2b. SubagentStop for every subagent, with its last words (the critic's and
   the reviewer's verdicts are recorded and applied there);
3. PreToolUse for every tool call of the main agent and its subagents
   (``agent_id``/``agent_type`` set for the latter); then, for a Bash call
   PreToolUse lets through, PermissionRequest — would the gate auto-approve
   it or leave it to the dialog;
4. for a call that ran in the session: its file edit re-applied to the copy
   (Write, Edit, MultiEdit) and PostToolUse, so later calls meet the state
   they met in the session. Bash commands are never executed: what they
   changed in the session is not reproduced — except a branch that a plain
   ``git checkout -b|switch -c <branch>`` (or ``checkout|switch <branch>``)
   created or checked out, which is set in the copy's own ``.git`` without
   running git (the workflow's guards judge by the branch).

Paths under the session's directory are moved to the copy (``file_path``,
``path``, ``notebook_path``; occurrences in Bash commands). Each call is
reported next to what happened in the session; a *difference* is a call
blocked now that was not then, or the reverse, or a permission answer the
hook gave then and would not give now (and the reverse).

Exit 0 when every decision is the same as in the session, 1 when some
differ, 3 when the transcript or the project cannot be read.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import tempfile

from events.runtime import evaluate
from playgate import messages, scratch, transcript
from playgate.commands.check import decision_of, trace_of
from playgate.errors import EXIT_NO, EXIT_OK, InputError
from playgate.scratch import _git, inside
from statefiles import layout

NEEDS_PROJECT = False
#: The tools the PostToolUse registration matches (settings.template.json).
POST_TOOLS = ("Edit", "Write", "MultiEdit", "NotebookEdit", "Task", "Agent")
PATH_KEYS = ("file_path", "notebook_path", "path")


def add_arguments(parser) -> None:
    """Add the command's options to its argparse ``parser`` (the :mod:`playgate.cli` contract);
    help texts from the message catalogue."""
    parser.add_argument("transcript", metavar="TRANSCRIPT",
                        help=messages.text("replay.opt.transcript"))
    parser.add_argument("--keep", action="store_true", help=messages.text("replay.opt.keep"))
    parser.add_argument("--no-subagents", action="store_true",
                        help=messages.text("replay.opt.no_subagents"))


class Replayer:
    """Runs one session's events in ``scratch`` (a copy of the project
    whose session directory was ``origin``)."""

    def __init__(self, session, scratch: str, origin: str) -> None:
        self.session = session
        self.scratch = scratch
        self.origin = origin.rstrip("/") or "/"
        self.env = dict(os.environ, CLAUDE_PROJECT_DIR=scratch)
        self.env.pop("PLAYGATE_TRACE", None)

    # -- paths
    def move(self, value: str) -> str:
        """``value`` with the session directory replaced by the copy."""
        if value == self.origin:
            return self.scratch
        if value.startswith(self.origin + "/"):
            return self.scratch + value[len(self.origin):]
        return value

    def tool_input(self, call) -> dict:
        """The call's ``tool_input`` with the session directory moved to the copy in its path
        keys (:data:`PATH_KEYS`) and, for Bash, in the command text."""
        data = dict(call.input)
        for key in PATH_KEYS:
            if isinstance(data.get(key), str):
                data[key] = self.move(data[key])
        if call.tool == "Bash" and isinstance(data.get("command"), str):
            data["command"] = data["command"].replace(self.origin + "/", self.scratch + "/")
        return data

    # -- hooks
    def base(self, event: str, mode: str | None = None, call=None) -> dict:
        """The common payload fields of hook ``event`` in the copy (``session_id``, ``cwd``,
        ``hook_event_name``; ``permission_mode`` when given; ``agent_id``/``agent_type`` for
        a subagent's ``call``)."""
        cwd = self.move(self.session.cwd.rstrip("/")) if self.session.cwd else self.scratch
        payload = {"session_id": self.session.session_id or "playgate-replay",
                   "transcript_path": "", "cwd": cwd if os.path.isdir(cwd) else self.scratch,
                   "hook_event_name": event}
        if mode:
            payload["permission_mode"] = mode
        if call is not None and call.lane != "main":
            payload["agent_id"] = call.lane
            payload["agent_type"] = call.agent_type or "general-purpose"
        return payload

    def hook(self, event: str, payload: dict) -> dict:
        """Run hook ``event`` on ``payload`` in the copy (:func:`events.runtime.evaluate`,
        effects applied): ``{"decision", "blocked", "guard", "message", "trace"}``."""
        code, out, err, outcome = evaluate(event, json.dumps(payload).encode("utf-8"),
                                           env=self.env, root=self.scratch)
        decision, blocked = decision_of(event, code, out, outcome)
        final = outcome.final if outcome is not None else None
        return {"decision": decision, "blocked": blocked,
                "guard": final.guard if final is not None else None,
                "message": (err or out).strip()[:600], "trace": trace_of(outcome)}

    # -- effects of a call that ran
    def switch_branch(self, command: str) -> None:
        """Set the copy's branch as a plain branch creation or switch did in
        the session (nothing is run: the copy's ``HEAD``, and a new ref at
        the current commit for ``-b``/``-c``)."""
        try:
            words = shlex.split(command)
        except ValueError:
            return
        if len(words) < 3 or words[0] != "git" or words[1] not in ("checkout", "switch"):
            return
        args = words[2:]
        create = args[0] in ("-b", "-c", "--create") and len(args) == 2
        if not create and (len(args) != 1 or args[0].startswith("-")):
            return
        name = args[-1]
        git_dir = os.path.join(self.scratch, ".git")
        ref = os.path.join(git_dir, "refs", "heads", *name.split("/"))
        if ".." in name.split("/") or not os.path.isdir(git_dir):
            return
        if create and not os.path.exists(ref):
            head = _git(self.scratch, "rev-parse", "HEAD")
            if head is None or head.returncode != 0:
                return
            os.makedirs(os.path.dirname(ref), exist_ok=True)
            with open(ref, "w", encoding="utf-8") as fh:
                fh.write(head.stdout.strip() + "\n")
        if os.path.exists(ref):
            with open(os.path.join(git_dir, "HEAD"), "w", encoding="utf-8") as fh:
                fh.write(f"ref: refs/heads/{name}\n")

    def apply(self, call, tool_input: dict) -> str | None:
        """Re-apply a file edit to the copy; returns a note when it could
        not be (the copy then differs from the session from here on)."""
        if call.tool == "Bash" and isinstance(tool_input.get("command"), str):
            self.switch_branch(tool_input["command"])
            return None
        path = tool_input.get("file_path")
        if call.tool not in ("Write", "Edit", "MultiEdit") or not isinstance(path, str):
            return None
        if not os.path.isabs(path) or not inside(path, self.scratch):
            return messages.text("replay.outside", path=path)
        try:
            if call.tool == "Write":
                os.makedirs(os.path.dirname(path), exist_ok=True)
                with open(path, "w", encoding="utf-8") as fh:
                    fh.write(tool_input.get("content") or "")
                return None
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
            edits = tool_input.get("edits") if call.tool == "MultiEdit" else [tool_input]
            for edit in edits or []:
                old, new = edit.get("old_string") or "", edit.get("new_string") or ""
                if old not in text:
                    return messages.text("replay.edit_mismatch", path=path)
                text = text.replace(old, new) if edit.get("replace_all") else \
                    text.replace(old, new, 1)
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(text)
        except OSError as exc:
            return messages.text("replay.edit_failed", path=path, error=exc.strerror)
        return None

    # -- the session
    def run(self) -> dict:
        """Replay the whole session: SessionStart, then in transcript order each prompt
        (UserPromptSubmit), subagent stop and tool call (:meth:`call`). Returns
        ``{"session_start", "calls", "prompts"}``."""
        start = self.hook("SessionStart", dict(self.base("SessionStart"),
                                               source=self.session.source))
        rows = []
        prompts = []
        for item in self.session.timeline():
            if hasattr(item, "agent_id"):
                payload = dict(self.base("SubagentStop"), agent_id=item.agent_id,
                               agent_type=item.agent_type or "general-purpose",
                               stop_hook_active=False, last_assistant_message=item.text)
                self.hook("SubagentStop", payload)
                continue
            if not hasattr(item, "tool"):
                result = self.hook("UserPromptSubmit", dict(
                    self.base("UserPromptSubmit", item.permission_mode), prompt=item.text))
                prompts.append({"prompt": item.text[:200], "decision": result["decision"],
                                "blocked": result["blocked"], "message": result["message"]})
                continue
            rows.append(self.call(item))
        return {"session_start": start["decision"], "calls": rows, "prompts": prompts}

    def call(self, call) -> dict:
        """Replay one tool call: PreToolUse; PermissionRequest for a Bash call that passed;
        when the call ran in the session, its effect on the copy and PostToolUse. Returns
        the row of the report, with the ``difference`` from the session's outcome."""
        tool_input = self.tool_input(call)
        mode = call.permission_mode or "default"
        pre = self.hook("PreToolUse", dict(self.base("PreToolUse", mode, call),
                                           tool_name=call.tool, tool_input=tool_input,
                                           tool_use_id=call.id))
        row = {"tool_use_id": call.id, "lane": call.lane, "agent_type": call.agent_type,
               "tool": call.tool, "target": target_of(call, self.origin),
               "session": call.outcome,
               "session_guard": call.guard, "blocked": pre["blocked"],
               "decision": pre["decision"], "guard": pre["guard"] if pre["blocked"] else None,
               "message": pre["message"] if pre["blocked"] else "", "permission": None,
               "permission_reason": None, "note": None, "trace": pre["trace"]}
        if not pre["blocked"] and call.tool == "Bash":
            perm = self.hook("PermissionRequest", dict(
                self.base("PermissionRequest", mode, call), tool_name=call.tool,
                tool_input=tool_input))
            row["permission"] = "approve" if perm["decision"] == "approve" else "dialog"
            row["permission_reason"] = next(
                (s["message"] for s in reversed(perm["trace"]) if s["kind"] == "approve"
                 or s["message"].startswith("dialog")), None) if perm["trace"] else None
        if call.ran:
            row["note"] = self.apply(call, tool_input)
            if call.tool in POST_TOOLS:
                self.hook("PostToolUse", dict(self.base("PostToolUse", mode, call),
                                              tool_name=call.tool, tool_input=tool_input,
                                              tool_response={}, tool_use_id=call.id))
        row["difference"] = difference(row)
        return row


def target_of(call, origin: str = "") -> str:
    """What the call is about, in one short line (paths relative to the
    session's project)."""
    data = call.input
    for key in ("command", "file_path", "notebook_path", "pattern", "skill",
                "subagent_type", "description", "url", "prompt"):
        value = data.get(key)
        if isinstance(value, str) and value:
            if key in PATH_KEYS and origin and value.startswith(origin + "/"):
                value = value[len(origin) + 1:]
            value = " ".join(value.split())
            return value if len(value) <= 60 else value[:57] + "..."
    return ""


def difference(row: dict) -> str | None:
    """Why the replayed decision differs from the session's, or ``None``."""
    was_blocked = row["session"] == "blocked"
    if was_blocked != row["blocked"]:
        return "now blocked" if row["blocked"] else "no longer blocked"
    if row["permission"] is not None:
        if row["session"] == "approved by hook" and row["permission"] != "approve":
            return "no longer auto-approved"
        if row["session"] == "denied" and row["permission"] == "approve":
            return "now auto-approved"
    return None


def locate_project(session, explicit: str | None) -> str:
    """The project to copy: ``explicit``, else the session's directory (or
    its git top level) when it exists here."""
    if explicit:
        if not os.path.isdir(explicit):
            raise InputError(messages.text("cli.project_missing", path=explicit))
        return os.path.realpath(explicit)
    if session.cwd and os.path.isdir(session.cwd):
        return layout.git_toplevel(os.path.realpath(session.cwd)) or \
            os.path.realpath(session.cwd)
    raise InputError(messages.text("replay.no_project", cwd=session.cwd or "?"))


def run(args, project) -> tuple:
    """Replay transcript ``args.transcript`` in a scratch copy of its project rewound to the
    session's start (deleted unless ``--keep``). Returns ``(exit_code, data)``, ``data`` the
    ``--json`` document; exit 0 when every decision matches the session's, 1 when any
    differs; InputError for an unreadable transcript or project (:mod:`playgate.errors`)."""
    try:
        session = transcript.load(args.transcript, subagents=not args.no_subagents)
    except OSError as exc:
        raise InputError(messages.text("replay.unreadable", path=args.transcript,
                                       error=exc.strerror or str(exc))) from None
    except ValueError as exc:
        raise InputError(str(exc)) from None
    root = locate_project(session, args.project)
    origin = session.cwd.rstrip("/") or root
    if session.cwd and os.path.isdir(session.cwd) and not args.project:
        # The session may have started in a subdirectory: map its project.
        origin = layout.git_toplevel(session.cwd.rstrip("/")) or origin
    parent = tempfile.mkdtemp(prefix="playgate-replay-")
    copy = os.path.join(parent, "project")
    try:
        scratch.copy_project(root, copy)
        start_note = scratch.rewind(root, copy, session.started_at, session.branch or None)
        result = Replayer(session, copy, origin).run()
    finally:
        if not args.keep:
            shutil.rmtree(parent, ignore_errors=True)
    rows = result["calls"]
    data = {"command": "replay", "transcript": os.path.abspath(args.transcript),
            "session_id": session.session_id, "claude_code_version": session.version,
            "project": root, "scratch": copy if args.keep else None,
            "started_at": session.started_at, "start_state": start_note,
            "files": session.files, "skipped_lines": session.skipped,
            "session_start": result["session_start"], "prompts": result["prompts"],
            "calls": rows,
            "summary": {"calls": len(rows),
                        "blocked": sum(1 for r in rows if r["blocked"]),
                        "auto_approved": sum(1 for r in rows if r["permission"] == "approve"),
                        "dialogs": sum(1 for r in rows if r["permission"] == "dialog"),
                        "differences": sum(1 for r in rows if r["difference"])}}
    return (EXIT_NO if data["summary"]["differences"] else EXIT_OK), data


def _replayed(row: dict, lang: str) -> str:
    t = messages.text
    if row["blocked"]:
        return t("replay.blocked", lang, guard=row["guard"] or "?")
    if row["permission"] == "approve":
        return t("replay.approved", lang)
    if row["permission"] == "dialog":
        return t("replay.dialog", lang)
    return t("replay.allowed", lang, decision=row["decision"])


def render(data: dict, lang: str) -> str:
    """``data`` of :func:`run` as text for people, in ``lang`` (``"en"``/``"ja"``): the header,
    the start state, each call with the replayed decision and any difference, and the
    summary."""
    t = messages.text
    s = data["summary"]
    lines = [t("replay.header", lang, transcript=data["transcript"],
               session=data["session_id"] or "?", version=data["claude_code_version"] or "?"),
             t("replay.project", lang, project=data["project"],
               scratch=data["scratch"] or t("replay.deleted", lang))]
    if data.get("start_state"):
        lines.append(f"  {data['start_state']}")
    if data["skipped_lines"]:
        lines.append(t("replay.skipped", lang, count=data["skipped_lines"]))
    for prompt in data["prompts"]:
        verdict = "BLOCKED" if prompt["blocked"] else prompt["decision"]
        lines.append(t("replay.prompt", lang, prompt=prompt["prompt"][:50], decision=verdict))
    lines.append(f"{'#':>3}  {'lane':<6} {'tool':<8} {'target':<40} "
                 f"{t('replay.col.session', lang):<22} {t('replay.col.replayed', lang)}")
    for i, row in enumerate(data["calls"], 1):
        lane = row["lane"] if row["lane"] == "main" else "sub"
        then = row["session"] + (f" ({row['session_guard']})" if row["session_guard"] else "")
        mark = "  <-- " + row["difference"] if row["difference"] else ""
        lines.append(f"{i:>3}  {lane:<6} {row['tool']:<8} {row['target'][:40]:<40} "
                     f"{then:<22} {_replayed(row, lang)}{mark}")
        if row["note"]:
            lines.append(f"{'':>5}{row['note']}")
    lines.append(t("replay.summary", lang, calls=s["calls"], blocked=s["blocked"],
                   approved=s["auto_approved"], dialogs=s["dialogs"],
                   differences=s["differences"]))
    lines.append(t("replay.bash_note", lang))
    return "\n".join(lines) + "\n"
