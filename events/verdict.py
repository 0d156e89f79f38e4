"""Verdicts: what a guard answers, and the effects it asks the runtime to apply.

SPEC §1 "Verdicts". A guard is a pure function of the context; it never prints,
exits or writes. When a decision needs a state change (init-guard records a
read, critic-guard records ``last-fail-reason``, the prompt-analyzer gate
creates its marker), the guard returns it as an :class:`Effect` inside its
verdict and the runtime applies it after the chain has decided:

* ``Effect.when == "always"``  — applied whatever the outcome (e.g. recording
  why a critic check failed, on the very block that reports it);
* ``Effect.when == "on_pass"`` — applied only when the call is not blocked
  (e.g. a marker that must not be created for a call a later guard refused);
* ``Effect.when == "on_block"`` — applied only when the call is blocked (e.g.
  giving back what a guard claimed for a call a later guard refused).

Plain ``__slots__`` classes, not dataclasses: importing ``dataclasses`` costs
about 10 ms per hook process on the reference machine.
"""

from __future__ import annotations

ALLOW = "allow"
WARN = "warn"
BLOCK = "block"
DELEGATE = "delegate"
#: PermissionRequest only: answer the dialog with "allow" (SPEC §5).
APPROVE = "approve"
#: PreToolUse only: let the user decide (``permissionDecision: "ask"``;
#: headless, a denial). It does not end the chain: a later BLOCK still wins.
#: On other events the runtime turns it into a BLOCK (fail safe).
ASK = "ask"

KINDS = (ALLOW, WARN, BLOCK, DELEGATE, APPROVE, ASK)
#: Kinds that end the chain and refuse the call.
STOPPING = (BLOCK, DELEGATE)

#: When an :class:`Effect` is applied, relative to the chain's outcome.
WHEN = ("always", "on_pass", "on_block")


class Effect:
    """A deferred state change: ``func(*args)`` applied by the runtime.

    ``label`` names the change for traces and error logs.
    """

    __slots__ = ("when", "func", "args", "label")

    def __init__(self, func, *args, when: str = "on_pass", label: str = "") -> None:
        if when not in WHEN:
            raise ValueError(f"Effect.when must be one of {WHEN}, not {when!r}")
        self.func = func
        self.args = args
        self.when = when
        self.label = label or getattr(func, "__name__", "effect")

    def __repr__(self) -> str:
        return f"Effect({self.label}, when={self.when})"


class Verdict:
    """One guard's answer.

    Attributes:
        kind: one of :data:`KINDS`.
        message: text for Claude (WARN/BLOCK/DELEGATE) or the reason (APPROVE).
        guard: the SPEC name of the guard that produced it (set by the runtime
            when the guard leaves it empty).
        context: DELEGATE — extra context appended to the message
            (subtask, criterion, last failure, iteration count); ASK — what
            Claude is told while the user decides.
        effects: state changes to apply after the chain decided.
    """

    __slots__ = ("kind", "message", "guard", "context", "effects")

    def __init__(
        self,
        kind: str,
        message: str = "",
        *,
        guard: str = "",
        context: str = "",
        effects: tuple = (),
    ) -> None:
        if kind not in KINDS:
            raise ValueError(f"unknown verdict kind {kind!r}")
        self.kind = kind
        self.message = message
        self.guard = guard
        self.context = context
        self.effects = tuple(effects)

    @property
    def key(self) -> str | None:
        """The catalogue key of :attr:`message` when a guard said it
        (``ctx.say``: a :class:`messages.Said`), else ``None`` (a message
        put together from several sentences, or no message). Tests assert
        this, not the wording."""
        return getattr(self.message, "key", None)

    @property
    def fields(self) -> dict:
        """The fields :attr:`message` was said with (``{}`` without a key)."""
        return getattr(self.message, "fields", None) or {}

    @property
    def stops(self) -> bool:
        """True when this verdict ends the chain and refuses the call."""
        return self.kind in STOPPING

    def text(self) -> str:
        """The full message as Claude should read it (message + context)."""
        if self.context:
            return f"{self.message}\n{self.context}" if self.message else self.context
        return self.message

    def __repr__(self) -> str:
        msg = self.message if len(self.message) <= 60 else self.message[:57] + "..."
        return f"Verdict({self.kind}, {self.guard or '-'}: {msg!r})"


def allow(*, effects: tuple = ()) -> Verdict:
    """No objection."""
    return Verdict(ALLOW, effects=effects)


def warn(message: str, *, effects: tuple = ()) -> Verdict:
    """Continue, but tell Claude (PreToolUse/PostToolUse/SessionStart/
    UserPromptSubmit: ``additionalContext``; Stop: ``systemMessage``)."""
    return Verdict(WARN, message, effects=effects)


def block(message: str, *, effects: tuple = ()) -> Verdict:
    """Refuse the call; the message must say what to do next (SPEC §1)."""
    return Verdict(BLOCK, message, effects=effects)


def delegate(message: str, context: str = "", *, effects: tuple = ()) -> Verdict:
    """Refuse and hand the work to another executor (executor-guard)."""
    return Verdict(DELEGATE, message, context=context, effects=effects)


def ask(message: str, context: str = "", *, effects: tuple = ()) -> Verdict:
    """PreToolUse: let the user decide in Claude Code's dialog. ``message`` is
    the reason the user reads; ``context`` what Claude is told
    (``additionalContext``)."""
    return Verdict(ASK, message, context=context, effects=effects)


def approve(reason: str = "") -> Verdict:
    """PermissionRequest: answer the permission dialog with allow."""
    return Verdict(APPROVE, reason)


ALLOWED = Verdict(ALLOW)
