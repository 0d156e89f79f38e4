"""``playgate check EVENT [FILE]``: what the hook would answer to a payload.

Runs the event's chain through :func:`events.runtime.evaluate` — the same
function the hook entrypoints call — on the payload from FILE or stdin, and
shows the answer Claude Code would get (exit code, stdout, stderr) with
every guard's verdict (``Outcome.trace``). By default nothing is changed:
the state writes the guards ask for (effects) are listed, not applied;
``--apply`` applies them, exactly as the hook would.

``--complete`` fills in what a hand-written payload usually lacks
(``hook_event_name``, ``session_id``, ``cwd``, ``transcript_path``; for tool
events ``permission_mode`` and ``tool_use_id``) so that
``{"tool_name": "Bash", "tool_input": {"command": "ls"}}`` is enough.

Exit 0 when the call would pass, 1 when the hook would block it (a
PreToolUse ``permissionDecision: "deny"``, ``{"decision": "block"}`` on
UserPromptSubmit/Stop/SubagentStop, or exit 2), 3 when the payload cannot be
read. The answer shown is what the hook process prints
(:func:`events.render.wire`).
"""

from __future__ import annotations

import json
import sys

from events.runtime import UNITS
from events.render import wire
from events.runtime import _label_text
from events.runtime import evaluate as run_hook
from messages import localize
from events.verdict import APPROVE
from playgate import messages
from playgate.errors import EXIT_NO, EXIT_OK, InputError, UsageError

NEEDS_PROJECT = True
TOOL_EVENTS = ("PreToolUse", "PostToolUse", "PermissionRequest")


def add_arguments(parser) -> None:
    """Add the command's options to its argparse ``parser`` (the :mod:`playgate.cli` contract);
    help texts from the message catalogue."""
    parser.add_argument("event", help=messages.text("check.opt.event"))
    parser.add_argument("payload", nargs="?", metavar="FILE",
                        help=messages.text("check.opt.payload"))
    parser.add_argument("--apply", action="store_true", help=messages.text("check.opt.apply"))
    parser.add_argument("--complete", action="store_true",
                        help=messages.text("check.opt.complete"))


def event_name(given: str) -> str | None:
    """Claude Code's event name for ``given`` (``PreToolUse``, ``pretooluse``,
    ``pre_tool_use``, ``pre-tool-use`` all work), or ``None``."""
    key = given.replace("_", "").replace("-", "").lower()
    for name in UNITS:
        if name.lower() == key:
            return name
    return None


def complete(event: str, payload: dict, root: str) -> dict:
    """``payload`` with the common fields a hand-written one lacks (never
    overriding a field that is there)."""
    filled = {"session_id": "playgate-check", "transcript_path": "",
              "cwd": root, "hook_event_name": event}
    if event in TOOL_EVENTS:
        filled["permission_mode"] = "default"
        if event != "PermissionRequest":
            filled["tool_use_id"] = "toolu_playgate_check"
    filled.update(payload)
    return filled


def decision_of(event: str, code: int, out: str, outcome) -> tuple:
    """``(decision, blocked)``: ``decision`` is ``allow``, ``warn``, ``ask``
    (PreToolUse: the user decides), ``block``,
    ``delegate``, ``approve``, ``dialog`` (PermissionRequest without an
    answer) or ``refused`` (malformed input or an internal error)."""
    if outcome is None:
        return ("refused", code == 2)
    if event == "PermissionRequest":
        approved = outcome.final is not None and outcome.final.kind == APPROVE
        return ("approve" if approved else "dialog", False)
    if outcome.blocked:
        blocked = code == 2 or '"decision": "block"' in out
        return (outcome.final.kind, blocked)
    if getattr(outcome, "asks", None) and event == "PreToolUse":
        return ("ask", False)   # the user decides
    return ("warn" if outcome.warnings else "allow", False)


def trace_of(outcome, lang: str = "en") -> list:
    """``Outcome.trace`` as JSON: ``[{"guard", "kind", "message", "effects"}]``;
    an effect's label in ``lang`` (the guards' messages already are: they
    speak the project's language, the one the CLI speaks)."""
    if outcome is None:
        return []
    return [{"guard": name, "kind": verdict.kind, "message": verdict.text(),
             "effects": [{"label": str(localize(lang, _label_text(e.label))), "when": e.when}
                         for e in verdict.effects]}
            for name, verdict in outcome.trace]


def evaluate(event: str, payload: bytes, project, apply: bool = False) -> dict:
    """The check document for ``payload`` on ``event`` in ``project``."""
    code, out, err, outcome = run_hook(event, payload, env=project.env, root=project.root,
                                       apply=apply)
    blocked_code = code == 2
    code, out, err = wire(event, code, out, err)
    decision, blocked = decision_of(event, 2 if blocked_code else code, out, outcome)
    return {"command": "check", "event": event, "project": project.root,
            "exit_code_of_hook": code, "stdout": out, "stderr": err, "decision": decision,
            "blocked": blocked, "applied": apply,
            "trace": trace_of(outcome, messages.language(project))}


def read_payload(args) -> bytes:
    """The payload bytes from ``args.payload`` (a file; ``-`` or none: stdin). InputError when
    the file cannot be read or stdin is a terminal."""
    if args.payload and args.payload != "-":
        try:
            with open(args.payload, "rb") as fh:
                return fh.read()
        except OSError as exc:
            raise InputError(messages.text("check.unreadable", path=args.payload,
                                           error=exc.strerror)) from None
    if sys.stdin.isatty():
        raise InputError(messages.text("check.no_stdin"))
    return sys.stdin.buffer.read()


def run(args, project) -> tuple:
    """Evaluate the payload on the event's chain (:func:`evaluate`; ``--complete`` fills the
    common fields first). Returns ``(exit_code, data)``, ``data`` the ``--json`` document;
    exit 0 when the hook would let it through, 1 when it blocks; UsageError for an unknown
    event, InputError for a payload that is not a JSON object (:mod:`playgate.errors`)."""
    event = event_name(args.event)
    if event is None:
        raise UsageError(messages.text("check.unknown_event", event=args.event,
                                       events=", ".join(UNITS)))
    data = read_payload(args)
    if args.complete:
        try:
            payload = json.loads(data.decode("utf-8"))
        except (ValueError, UnicodeDecodeError) as exc:
            raise InputError(messages.text("check.not_json", error=str(exc))) from None
        if not isinstance(payload, dict):
            raise InputError(messages.text("check.not_json", error="not a JSON object"))
        data = json.dumps(complete(event, payload, project.root)).encode("utf-8")
    result = evaluate(event, data, project, apply=args.apply)
    return (EXIT_NO if result["blocked"] else EXIT_OK), result


def _indent(text: str, prefix: str = "      ") -> str:
    return "\n".join(prefix + line for line in text.rstrip("\n").splitlines())


def render(data: dict, lang: str) -> str:
    """``data`` of :func:`run` as text for people, in ``lang`` (``"en"``/``"ja"``): the header,
    each guard's verdict and effects, the decision and the hook's exit code, stdout and
    stderr."""
    t = messages.text
    lines = [t("check.header", lang, event=data["event"], project=data["project"])]
    if not data["trace"]:
        lines.append(t("check.no_trace", lang))
    for step in data["trace"]:
        kind = step["kind"].upper() if step["kind"] not in ("allow", "warn") else step["kind"]
        first, _, rest = (step["message"] or "").partition("\n")
        lines.append(f"  {step['guard']:<28} {kind:<8} {first}".rstrip())
        if rest:
            lines.append(_indent(rest, " " * 40))
        for effect in step["effects"]:
            when = effect["when"]
            lines.append(t("check.effect", lang, label=effect["label"],
                           when=t(f"check.when.{when}", lang)
                           if when in ("always", "on_pass", "on_block") else when))
    lines.append(t("check.decision", lang, decision=data["decision"],
                   code=data["exit_code_of_hook"]))
    if data["stdout"]:
        lines.append(t("check.stdout", lang))
        lines.append(_indent(data["stdout"]))
    if data["stderr"]:
        lines.append(t("check.stderr", lang))
        lines.append(_indent(data["stderr"]))
    effects = any(step["effects"] for step in data["trace"])
    if effects:
        lines.append(t("check.applied" if data["applied"] else "check.not_applied", lang))
    return "\n".join(lines) + "\n"
