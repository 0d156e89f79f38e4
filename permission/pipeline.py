"""Running the permission phases in order (SPEC §5).

A phase is a function of the :class:`permission.phases.Request` returning
``(status, text)``:

* ``pass`` — nothing against the command here, go on;
* ``skip`` — the phase does not apply (phases 4–6 for a general command);
* ``dialog`` — stop: the user gets the permission dialog; ``text`` says why;
* ``allow`` — stop: the command is approved, once the floor phases agree.

*Floor* phases (7E) hold for every approval: when a phase allows before the
floor has run (phase 6), the floor phases still run, and any of them can turn
the approval into a dialog. A phase that raises turns the decision into a
dialog naming it (the gate fails towards asking).
"""

from __future__ import annotations

from statefiles.record import Record

PASS = "pass"
SKIP = "skip"
DIALOG = "dialog"
ALLOW = "allow"
NOT_REACHED = "not reached"


class Decision(Record):
    """The gate's answer.

    Attributes:
        decision: ``"allow"`` or ``"dialog"``.
        phase: the id of the phase that decided (``"7D"``, ``"7B2"``...).
        reason: why, in one line for people.
        trace: ``[(phase_id, status, text), ...]`` for every phase, in order
            (``not reached`` for those after the decision).
        error: ``True`` when a phase raised (the reason names it).

    Made as ``Decision(decision, phase, reason, trace, error=False)``
    (:class:`statefiles.record.Record`).
    """

    __slots__ = ("decision", "phase", "reason", "trace", "error")
    _defaults = {"error": False}

    @property
    def allowed(self) -> bool:
        return self.decision == ALLOW

    def __repr__(self) -> str:
        return f"Decision({self.decision} at {self.phase}: {self.reason[:80]!r})"


def _call(phase_id: str, step, req) -> tuple:
    try:
        result = step(req)
        if (not isinstance(result, tuple) or len(result) != 2
                or result[0] not in (PASS, SKIP, DIALOG, ALLOW)):
            raise TypeError(f"phase {phase_id} returned {result!r}")
        return result[0], str(result[1]), False
    except Exception as exc:  # noqa: BLE001 - a phase bug must mean "ask"
        on_error = getattr(req, "on_error", None)
        if on_error is not None:
            try:
                on_error(f"permission phase {phase_id}")
            except Exception:  # noqa: BLE001, S110 - logging must not change the answer
                pass
        return DIALOG, f"internal error in phase {phase_id} ({type(exc).__name__}: {exc})", True


def decide(phases, req, floor=()) -> Decision:
    """Run ``phases`` (``[(phase_id, step), ...]``) on ``req`` in order.

    Returns the :class:`Decision`. Without a deciding phase the answer is a
    dialog (the gate approves only what a phase approved).
    """
    trace = []
    for index, (phase_id, step) in enumerate(phases):
        status, text, error = _call(phase_id, step, req)
        trace.append((phase_id, status, text))
        if status == DIALOG:
            trace.extend((pid, NOT_REACHED, "") for pid, _ in phases[index + 1 :])
            return Decision(DIALOG, phase_id, text, trace, error)
        if status == ALLOW:
            for later_id, later in phases[index + 1 :]:
                if later_id not in floor:
                    trace.append((later_id, NOT_REACHED, ""))
                    continue
                s2, t2, e2 = _call(later_id, later, req)
                trace.append((later_id, s2, t2))
                if s2 == DIALOG:
                    done = {pid for pid, _, _ in trace}
                    trace.extend((pid, NOT_REACHED, "") for pid, _ in phases if pid not in done)
                    return Decision(DIALOG, later_id, t2, trace, e2)
            return Decision(ALLOW, phase_id, text, trace)
    return Decision(DIALOG, "end", "no phase approved the command", trace)
