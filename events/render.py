"""Render a chain's outcome in Claude Code's hook contract.

SPEC §1 "Verdicts" and reference/claude-code-hooks.md "Output". One function
per shape; :func:`render` picks by event. The result is ``(exit_code, stdout,
stderr)``; the runtime writes them. Rules that hold everywhere:

* at most one JSON object on stdout, nothing else;
* exit 2 only where Claude Code honours it as a block; never exit 1;
* output strings are kept under Claude Code's 10,000-character limit.
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
        trace: ``[(guard_name, verdict), ...]`` for every guard that ran.
    """

    __slots__ = ("final", "warnings", "trace")

    def __init__(self, final=None, warnings=None, trace=None) -> None:
        self.final = final
        self.warnings = warnings or []
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
    if not text:
        return 0, "", ""
    if event in CONTEXT_EVENTS:
        body = {"hookSpecificOutput": {"hookEventName": event, "additionalContext": clip(text)}}
        return 0, _dump(body), ""
    return 0, _dump({"systemMessage": clip(text)}), ""


def malformed(event: str, reason: str) -> tuple:
    """SPEC §1 fail-safe for input that could not be parsed: block on gating
    events with a one-line reason, stay silent elsewhere (PermissionRequest:
    the user sees the normal dialog)."""
    if event in GATING_EVENTS:
        line = reason.replace("\n", " ")[:500]
        return 2, "", f"[{PREFIX}] refused malformed {event} input: {line}\n"
    return 0, "", ""


def internal_error(event: str, where: str, log_path: str) -> tuple:
    """The runtime itself failed (a bug or a broken installation): fail safe
    the same way as malformed input, naming the log."""
    if event in GATING_EVENTS:
        return 2, "", (
            f"[{PREFIX}] internal error in {where}; the call is blocked to stay safe. "
            f"Details: {log_path}. Run `python install.py <repo>` to repair the "
            "installation, or ask the user to look at the log.\n"
        )
    return 0, "", ""
