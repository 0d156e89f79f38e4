"""Render a chain's outcome in Claude Code's hook contract.

SPEC §1 "Verdicts" and reference/claude-code-hooks.md "Output". One function
per shape; :func:`render` picks by event. The result is ``(exit_code, stdout,
stderr)``; the runtime writes them. Rules that hold everywhere:

* at most one JSON object on stdout, nothing else;
* exit 2 only where Claude Code honours it as a block; never exit 1;
* output strings are kept under Claude Code's 10,000-character limit.

Two layers: :func:`render`, :func:`malformed` and
:func:`internal_error` give the *decision* in exit-code form (a block is exit
2 with the reason on stderr, as SPEC §1 states it); :func:`wire` encodes it
as the hook process prints it. Claude Code shows an exit-2 block to the model
as ``PreToolUse:<Tool> hook error: [<the registered command line>]: <stderr>``,
so a PreToolUse block goes out as JSON on exit 0 instead
(``permissionDecision: "deny"``; UserPromptSubmit: ``{"decision": "block",
"reason"}``): the model reads the reason and nothing else. Stop and
SubagentStop blocks were JSON already (Claude Code names the command line
for those whatever the form). Exit 2 remains the fail-closed answer of a
hook that could not run (``hooks/failclosed.sh``).
"""

from __future__ import annotations

from events.verdict import APPROVE, BLOCK, DELEGATE
from statefiles import fastjson

#: Claude Code truncates hook output strings longer than 10,000 characters
#: into a file; stay below that.
MAX_TEXT = 9500

#: Events where exit 2 blocks and malformed input must block (SPEC §1).
GATING_EVENTS = frozenset({"PreToolUse", "Stop", "SubagentStop", "UserPromptSubmit"})
#: Events whose WARN messages become ``hookSpecificOutput.additionalContext``.
CONTEXT_EVENTS = frozenset(
    {"PreToolUse", "PostToolUse", "UserPromptSubmit", "SessionStart", "SubagentStart"}
)
#: Events whose stop-the-turn verdict is ``{"decision": "block", "reason"}``.
DECISION_EVENTS = frozenset({"Stop", "SubagentStop"})

PREFIX = "playgate"


class Outcome:
    """What a chain decided.

    Attributes:
        final: the stopping verdict (BLOCK/DELEGATE/APPROVE) or ``None``.
        warnings: WARN verdicts in chain order.
        asks: ASK verdicts in chain order (PreToolUse only: the user decides
            unless a BLOCK ends the chain).
        trace: ``[(guard_name, verdict), ...]`` for every guard that ran.
    """

    __slots__ = ("final", "warnings", "asks", "trace")

    def __init__(self, final=None, warnings=None, trace=None, asks=None) -> None:
        self.final = final
        self.warnings = warnings or []
        self.asks = asks or []
        self.trace = trace or []

    @property
    def blocked(self) -> bool:
        return self.final is not None and self.final.kind in (BLOCK, DELEGATE)


def clip(text: str, limit: int = MAX_TEXT) -> str:
    if len(text) <= limit:
        return text
    return text[: limit - 40].rstrip() + "\n[... truncated by playgate]"


def _label(verdict) -> str:
    return f"[{PREFIX}:{verdict.guard}]" if verdict.guard else f"[{PREFIX}]"


def _joined_warnings(outcome: Outcome) -> str:
    return "\n\n".join(f"{_label(w)} {w.text()}" for w in outcome.warnings if w.text())


def _dump(obj: dict) -> str:
    return fastjson.dumps(obj)


def render(event: str, outcome: Outcome) -> tuple:
    """``(exit_code, stdout, stderr)`` for ``outcome`` on ``event``."""
    final = outcome.final
    if event == "PermissionRequest":
        if final is not None and final.kind == APPROVE:
            body = {"hookSpecificOutput": {"hookEventName": "PermissionRequest",
                                           "decision": {"behavior": "allow"}}}
            return 0, _dump(body), ""
        return 0, "", ""
    if event in DECISION_EVENTS:
        if outcome.blocked:
            body = {"decision": "block", "reason": clip(f"{_label(final)} {final.text()}")}
            return 0, _dump(body), ""
        text = _joined_warnings(outcome)
        return 0, (_dump({"systemMessage": clip(text)}) if text else ""), ""
    if outcome.blocked:
        if event in GATING_EVENTS or event == "PreCompact":
            return 2, "", clip(f"{_label(final)} {final.text()}") + "\n"
        # Informational events cannot block; tell the user instead.
        return 0, _dump({"systemMessage": clip(f"{_label(final)} {final.text()}")}), ""
    text = _joined_warnings(outcome)
    if outcome.asks and event == "PreToolUse":
        return 0, _dump(_ask_body(outcome.asks, text)), ""
    if not text:
        return 0, "", ""
    if event in CONTEXT_EVENTS:
        body = {"hookSpecificOutput": {"hookEventName": event, "additionalContext": clip(text)}}
        return 0, _dump(body), ""
    return 0, _dump({"systemMessage": clip(text)}), ""


def _ask_body(asks: list, warnings: str) -> dict:
    """PreToolUse ``permissionDecision: "ask"``: the user reads
    ``permissionDecisionReason`` in the dialog; Claude reads
    ``additionalContext`` (each ask's context, then the warnings). Headless,
    Claude Code treats an ask as a denial."""
    reason = "\n".join(f"{_label(a)} {a.message}" for a in asks)
    told = "\n\n".join([f"{_label(a)} {a.context}" for a in asks if a.context] +
                        ([warnings] if warnings else []))
    out = {"hookEventName": "PreToolUse", "permissionDecision": "ask",
           "permissionDecisionReason": clip(reason)}
    if told:
        out["additionalContext"] = clip(told)
    return {"hookSpecificOutput": out}


#: Events whose exit-2 decision :func:`wire` turns into a JSON block.
JSON_BLOCK_EVENTS = frozenset({"PreToolUse", "UserPromptSubmit"})


def wire(event: str, code: int, out: str, err: str) -> tuple:
    """The decision ``(code, out, err)`` (exit-code form, as :func:`render`
    gives it) encoded as the hook process prints it: on the events of
    :data:`JSON_BLOCK_EVENTS` an exit-2 block becomes exit 0 with one JSON
    object carrying the reason, so that Claude Code shows the model the
    reason and not the registered command line (reference "What the model
    actually sees"). Everything else passes through unchanged."""
    if code != 2 or event not in JSON_BLOCK_EVENTS:
        return code, out, err
    reason = clip(err.rstrip("\n"))
    if event == "PreToolUse":
        body = {"hookSpecificOutput": {"hookEventName": "PreToolUse",
                                       "permissionDecision": "deny",
                                       "permissionDecisionReason": reason}}
    else:
        body = {"decision": "block", "reason": reason}
    return 0, _dump(body), ""


def too_slow(event: str, message: str, stop_hook_active: bool = False) -> tuple:
    """The answer of a hook that reached its time budget before deciding
    (a hook Claude Code kills on its timeout fails open):
    PreToolUse and UserPromptSubmit block with ``message``; Stop and
    SubagentStop block too, unless Claude Code says a stop hook already
    blocked this stop (``stop_hook_active``: blocking again could loop for
    ever), then they let it stop and tell the user; PermissionRequest prints
    nothing (the dialog); informational events say nothing."""
    label = f"[{PREFIX}:runtime]"
    if event in DECISION_EVENTS:
        if stop_hook_active:
            return 0, _dump({"systemMessage": clip(f"{label} {message}")}), ""
        return 0, _dump({"decision": "block", "reason": clip(f"{label} {message}")}), ""
    if event in GATING_EVENTS:
        return 2, "", clip(f"{label} {message}") + "\n"
    return 0, "", ""


def malformed(event: str, reason: str) -> tuple:
    """SPEC §1 fail-safe for input that could not be parsed: block on gating
    events with a one-line reason, stay silent elsewhere (PermissionRequest:
    the user sees the normal dialog)."""
    if event in GATING_EVENTS:
        line = reason.replace("\n", " ")[:500]
        return 2, "", f"[{PREFIX}] refused malformed {event} input: {line}\n"
    return 0, "", ""


def _repair() -> str:
    from statefiles import layout  # lazy: an internal error only

    return layout.repair_command()


def internal_error(event: str, where: str, log_path: str | None, unwritten: str = "",
                   error: str = "") -> tuple:
    """The runtime itself failed (a bug or a broken installation): fail safe
    the same way as malformed input, naming the log — or, when the traceback
    could not be written (``log_path`` is ``None``), the error itself and the
    log ``unwritten`` that could not take it (a message never points to a
    file that does not hold what it promises)."""
    if event in GATING_EVENTS:
        if log_path is None:
            return 2, "", (
                f"[{PREFIX}] internal error in {where} ({error or 'unknown error'}); the call "
                f"is blocked to stay safe. It could not be written to {unwritten or 'errors.log'}"
                " either (full disk, or not a writable regular file). Run "
                f"`{_repair()}` to repair the installation, or tell the user.\n"
            )
        return 2, "", (
            f"[{PREFIX}] internal error in {where}; the call is blocked to stay safe. "
            f"Details: {log_path}. Run `{_repair()}` to repair the "
            "installation, or ask the user to look at the log.\n"
        )
    return 0, "", ""
