"""PermissionRequest event unit: the permission gate (SPEC §5, seed 000 操作別ポリシー).

Claude Code fires PermissionRequest only when it is about to show a
permission dialog. The gate answers with the allow object for a Bash command
it can prove safe, and with nothing otherwise (the user sees the dialog). It
never denies. The phases run in the order of :data:`permission.phases.PHASES`;
:data:`permission.phases.FLOOR`
phases hold for every approval, wherever it was decided (phase 6 approvals
still pass 7E). Every decision is appended to ``.claude/logs/permission.jsonl``
(:mod:`permission.audit`) as an effect the runtime applies.

The entrypoint ``hooks/permission_request.py`` calls :func:`main`: the normal
stdin path (through :func:`events.runtime.evaluate`, which calls :func:`run`)
or ``--explain "<command>"`` (:mod:`events.explain`).
"""

from __future__ import annotations

import os
import sys

from events.inputs import MAX_STDIN_BYTES, MalformedInput, parse
from events.render import Outcome
from events.runtime import arm_watchdog, disarm_watchdog, evaluate, log_error
from events.verdict import ALLOW, Effect, Verdict, approve
from permission import audit
from permission import phases as P
from permission.phases import FLOOR, PHASES
from permission.pipeline import Decision, decide
from statefiles import fastjson, layout

GUARD = "permission-gate"


def request_from(ctx) -> P.Request:
    """The phases' view of one hook call."""
    hook = ctx.hook
    command = hook.tool_input.get("command")

    def on_error(where: str) -> None:
        """Log the exception being handled to errors.log, as ``where``."""
        log_error(ctx.root, ctx.event, where)

    # A hand-typed payload without ``cwd`` is judged from the project / the
    # hook's working directory, not refused.
    cwd = layout.working_dir(hook.cwd, ctx.env)
    return P.Request(hook.tool_name, command, cwd, ctx.root, env=ctx.env,
                     session=hook.session_id, on_error=on_error, mode=hook.permission_mode)


def evaluate_request(req: P.Request) -> Decision:
    """Run :data:`PHASES` on ``req`` (no I/O besides reading the config and
    resolving paths)."""
    return decide(PHASES, req, FLOOR)


def audit_line(req: P.Request, decision: Decision) -> dict:
    """The audit log line for ``decision`` on ``req``."""
    return audit.record(decision.decision, decision.phase, decision.reason, req.command,
                        tool=req.tool, session=req.session, cwd=req.cwd)


def run(ctx) -> Outcome:
    """Event unit entry (called by :func:`events.runtime.evaluate`): decide,
    and return an :class:`Outcome` whose final verdict is ``approve`` only
    when the gate allows. The audit line is an ``always`` effect."""
    outcome = Outcome()
    try:
        req = request_from(ctx)
        decision = evaluate_request(req)
        line = audit_line(req, decision)
    except Exception as exc:  # noqa: BLE001 - any doubt means the dialog
        log_error(ctx.root, ctx.event, "permission gate")
        line = audit.record("dialog", "error", f"internal error: {type(exc).__name__}: {exc}",
                            ctx.hook.tool_input.get("command"), tool=ctx.hook.tool_name,
                            session=ctx.hook.session_id, cwd=ctx.hook.cwd)
        effect = Effect(audit.append, ctx.root, line, when="always", label="permission audit")
        outcome.trace.append((GUARD, Verdict(ALLOW, "dialog: internal error", guard=GUARD,
                                             effects=(effect,))))
        return outcome
    effect = Effect(audit.append, ctx.root, line, when="always", label="permission audit")
    name = f"{GUARD}:{decision.phase}"
    if decision.allowed:
        final = approve(decision.reason)
        final.guard = name
        final.effects = (effect,)
        outcome.final = final
    else:
        final = Verdict(ALLOW, f"dialog: {decision.reason}", guard=name, effects=(effect,))
    # Every phase in the trace (PLAYGATE_TRACE=1 prints it); the deciding
    # one carries the decision and the audit effect.
    placed = False
    for phase_id, status, text in decision.trace:
        if phase_id == decision.phase and not placed:
            outcome.trace.append((name, final))
            placed = True
            continue
        outcome.trace.append((f"{GUARD}:{phase_id}",
                              Verdict(ALLOW, f"{status}: {text}", guard=f"{GUARD}:{phase_id}")))
    if not placed:
        outcome.trace.append((name, final))
    return outcome


# ---------------------------------------------------------------- entrypoint
def _malformed_line(data: bytes, reason: str) -> dict:
    """Audit line for input the runtime refused (S0 for NUL bytes)."""
    command = tool = session = cwd = None
    try:
        raw = fastjson.loads(data.replace(b"\x00", b"\\u0000").decode("utf-8", "replace"))
        if isinstance(raw, dict):
            ti = raw.get("tool_input")
            command = ti.get("command") if isinstance(ti, dict) else None
            tool, session, cwd = raw.get("tool_name"), raw.get("session_id"), raw.get("cwd")
    except Exception:  # noqa: BLE001, S110 - best effort: the line is written without them
        pass
    phase = "S0" if "NUL" in reason else "input"
    return audit.record("dialog", phase, f"malformed input: {reason}", command,
                        tool=tool if isinstance(tool, str) else "",
                        session=session if isinstance(session, str) else "",
                        cwd=cwd if isinstance(cwd, str) else "")


def serve(stdin, stdout, stderr, env=None) -> int:
    """The hook path: read the payload, decide, print the allow object or
    nothing, exit 0. Malformed input is logged too (``phase`` ``S0`` for NUL
    bytes, ``input`` otherwise). Never raises, never exits non-zero."""
    env = os.environ if env is None else env
    root = None
    arm_watchdog("PermissionRequest")  # past it: nothing printed, the dialog
    try:
        data = stdin.read(MAX_STDIN_BYTES + 1)
        _, out, _, outcome = evaluate("PermissionRequest", data, env=env)
        if outcome is None:
            try:
                parse("PermissionRequest", data)
                reason = "unreadable input"
            except MalformedInput as exc:
                reason = str(exc)
            root = layout.project_root("", env)
            audit.append(root, _malformed_line(data, reason))
        elif env.get("PLAYGATE_TRACE"):
            for name, verdict in outcome.trace:
                _write(stderr, f"trace PermissionRequest {name}: {verdict.kind} "
                               f"{verdict.message[:200]}\n")
        disarm_watchdog()
        _write(stdout, out)
        return 0
    except BaseException as exc:  # noqa: BLE001 - print nothing: the user sees the dialog
        if isinstance(exc, SystemExit):
            return 0
        try:
            log_error(root or layout.project_root("", env), "PermissionRequest", "permission gate")
        except BaseException:  # noqa: BLE001, S110 - nothing left to report to
            pass
        return 0


def _write(stream, text: str) -> None:
    if not text:
        return
    try:
        stream.write(text)
        stream.flush()
    except (BrokenPipeError, OSError, ValueError):
        pass


def main(argv=None) -> int:
    """``hooks/permission_request.py`` body: ``--explain "<command>"`` for
    people, otherwise the hook path on stdin."""
    argv = sys.argv[1:] if argv is None else argv
    if argv:
        from events.explain import cli  # lazy: --explain only, never on the hook path

        return cli(argv)
    return serve(sys.stdin.buffer, sys.stdout, sys.stderr)
