"""The hook runtime: stdin → typed input → context → ordered chain → rendered verdict.

Every entrypoint in ``hooks/`` calls :func:`main` with its event name. The
flow (SPEC §1) is:

1. read stdin once (bounded);
2. parse it (:mod:`events.inputs`); malformed input gets the SPEC §1 fail-safe
   outcome for the event (:func:`events.render.malformed`);
3. build the :class:`events.context.Context`;
4. run the event unit's chain (``events/<unit>.py``: ``chain(ctx)`` lists guard
   module names in order; a unit may instead define ``run(ctx) -> Outcome``);
   the first BLOCK/DELEGATE/APPROVE ends it, WARNs and ASKs (PreToolUse:
   the user decides) accumulate; a guard that
   raises is logged to ``.claude/logs/errors.log`` and becomes a BLOCK
   (security guards) or is skipped (``ADVISORY = True``);
5. apply the verdicts' effects (``always`` ones, ``on_pass`` ones when the
   call was not blocked, ``on_block`` ones when it was), and record the
   decision in the decision log (:mod:`events.decisionlog`);
6. render (:mod:`events.render`): :func:`evaluate` returns the decision in
   exit-code form; :func:`main` prints it as Claude Code should receive it
   (:func:`events.render.wire`: a gating block is JSON on exit 0)
   and exits. Never exit 1.

``PLAYGATE_TRACE=1`` in the environment prints the chain trace to stderr (for
debugging by hand; Claude Code ignores stderr on exit 0).
"""

from __future__ import annotations

import os
import sys
import time

from events import render as _render
from events.context import Context
from events.inputs import MAX_STDIN_BYTES, UNITS, MalformedInput, parse
from events.verdict import ALLOW, ALLOWED, APPROVE, ASK, BLOCK, STOPPING, WARN, Verdict
from shell import limits
from statefiles import layout
from statefiles.atomic import (
    append_nonblocking,
    confine,
    confined_to,
    set_lock_budget,
    write_path,
)
from workflow import registry


#: errors.log is rotated to errors.log.1 past this size (bytes).
ERROR_LOG_MAX = 1024 * 1024

#: Seconds one hook process may spend waiting for state locks in total
#: (``statefiles.atomic.set_lock_budget``): well inside the registered
#: timeout (settings.template.json), so that a stuck lock gives a clear
#: "could not lock" message instead of a hook killed by Claude Code. All
#: SessionEnd hooks share 1.5 s; everything else has 5 s or more.
LOCK_BUDGET_S = {"SessionEnd": 0.3, "PermissionRequest": 1.5, "Notification": 1.5,
                 "SubagentStart": 1.5}
DEFAULT_LOCK_BUDGET_S = 4.0

#: Events whose decisions go to the decision log (``events.decisionlog.EVENTS``,
#: repeated here so that the others never import it).
LOGGED_EVENTS = frozenset({"PreToolUse", "PermissionRequest", "UserPromptSubmit", "Stop",
                           "SubagentStop", "PostToolUse"})
#: The registered timeouts of the gating hooks and the permission gate
#: (settings.template.json ``timeout``, seconds; tests/events/test_deadline.py
#: checks they agree). A hook Claude Code kills on its timeout fails open,
#: so each answers within half of it whatever the input.
HOOK_TIMEOUT_S = {"PreToolUse": 10, "UserPromptSubmit": 10, "Stop": 10, "SubagentStop": 30,
                  "PermissionRequest": 5}
#: The watchdog (:func:`arm_watchdog`) answers "too complex to check" at this
#: fraction of the timeout, measured from the start of :func:`main`.
WATCHDOG_FRACTION = 0.45
#: The analysis's deadline (``shell.limits``, checked inside the shell
#: analysis and bash-check's walks) at this fraction, so that the guard's own
#: "too complex" answer normally comes before the watchdog's. It counts the
#: process's CPU time (``shell.limits.clock``: a busy machine must not make
#: an ordinary command "too complex"); the watchdog counts wall-clock time.
ANALYSIS_FRACTION = 0.35
#: Environment variables that lower (never raise) the two bounds, in seconds:
#: tests inject an expired deadline with them.
DEADLINE_ENV = "PLAYGATE_DEADLINE_S"
WATCHDOG_ENV = "PLAYGATE_WATCHDOG_S"

#: What the watchdog needs to answer: the event, the Context (its language),
#: and whether Claude Code said a stop hook already blocked this stop.
_WATCH = {"event": None, "ctx": None, "stop_active": None}


def _env_seconds(name: str, default: float, env=None) -> float:
    """``default`` lowered by the environment variable ``name`` (a number of
    seconds); an unreadable value is ignored. Never raises."""
    raw = (os.environ if env is None else env).get(name)
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        return default
    if value != value:  # NaN; math (~0.1 ms to import) stays off the hot path
        return default
    return max(0.0, min(default, value))


def analysis_seconds(event: str, env=None):
    """Seconds the shell analysis and bash-check may spend on one ``event``
    (``None``: no bound, events that decide nothing)."""
    timeout = HOOK_TIMEOUT_S.get(event)
    if timeout is None:
        return None
    return _env_seconds(DEADLINE_ENV, timeout * ANALYSIS_FRACTION, env)


def watchdog_seconds(event: str, env=None):
    """Seconds after which :func:`arm_watchdog`'s timer answers for ``event``
    (``None`` for events without one)."""
    timeout = HOOK_TIMEOUT_S.get(event)
    if timeout is None:
        return None
    return _env_seconds(WATCHDOG_ENV, timeout * WATCHDOG_FRACTION, env)


def _too_slow_message(event: str) -> str:
    ctx = _WATCH.get("ctx")
    try:
        from messages import say, text  # lazy: watchdog path only

        if ctx is not None:
            return say(ctx, "runtime.too_complex", event=event)
        return text("en", "runtime.too_complex", event=event)
    except Exception:  # noqa: BLE001 - the watchdog must always answer
        return (f"the {event} hook could not finish its checks within its time limit (the "
                "input is too complex to check), so this is blocked to stay safe. Split the "
                "work into smaller steps.")


def _on_watchdog(signum, frame) -> None:
    """SIGALRM: the hook reached its budget. Answer "too complex to check"
    (block; the dialog on PermissionRequest) and end the process at once."""
    event = _WATCH.get("event") or ""
    stop_active = _WATCH.get("stop_active")
    try:
        if stop_active is None and event in ("Stop", "SubagentStop"):
            raw = _WATCH.get("raw")  # read, not yet looked at
            if raw is None:
                # The payload is not read yet: what is waiting on stdin, without
                # blocking (nothing there: unknown, so the stop is blocked).
                try:
                    os.set_blocking(0, False)
                    raw = os.read(0, 1 << 16)
                except OSError:
                    raw = b""
            stop_active = _raw_stop_active(raw)
        code, out, err = _render.too_slow(event, _too_slow_message(event), bool(stop_active))
        code, out, err = _render.wire(event, code, out, err)
        if out:
            os.write(1, out.encode("utf-8", "replace"))
        if err:
            os.write(2, err.encode("utf-8", "replace"))
    except BaseException:  # noqa: BLE001 - exit with the fail-safe code whatever happens
        # The timer may interrupt an import the answer needs (a module half
        # initialised): a fixed answer with no import, the same decision.
        code = 2 if event in _render.GATING_EVENTS else 0
        if event in ("Stop", "SubagentStop") and stop_active:
            code = 0  # Claude Code is already continuing: let it stop
        elif code:
            try:
                os.write(2, (f"[playgate:runtime] the {event} hook ran out of its time limit; "
                             "blocked to stay safe\n").encode())
            except OSError:
                pass
    os._exit(code)


def arm_watchdog(event: str) -> bool:
    """Start the hard time budget of one hook process: a
    real-time timer (``setitimer``, SIGALRM) that answers for the hook when
    :func:`watchdog_seconds` pass, whatever it is doing. Returns whether it
    was armed (no timer on platforms without ``setitimer``)."""
    seconds = watchdog_seconds(event)
    if seconds is None:
        return False
    try:
        import _signal  # lazy: builtin, no import cost (signal.py imports enum)
    except ImportError:  # pragma: no cover - every CPython has it
        return False
    if not hasattr(_signal, "setitimer"):
        return False
    _WATCH["event"] = event
    _signal.signal(_signal.SIGALRM, _on_watchdog)
    _signal.setitimer(_signal.ITIMER_REAL, max(seconds, 0.001))
    return True


def disarm_watchdog() -> None:
    """Stop the watchdog (before the hook writes its own answer)."""
    try:
        import _signal  # lazy: see arm_watchdog

        if hasattr(_signal, "setitimer"):
            _signal.setitimer(_signal.ITIMER_REAL, 0)
    except Exception:  # noqa: BLE001, S110 - nothing to stop
        pass


def load_guard(name: str):
    """Import ``guards.<name>`` (lazily: only the guards a call needs)."""
    return __import__(f"guards.{name}", fromlist=["check"])


def log_error(root: str, event: str, where: str) -> str | None:
    """Append the current exception's traceback to ``.claude/logs/errors.log``.
    Returns the log path when the traceback was written, ``None`` when it
    could not be (a full disk, a log that is not a regular file, a link that
    leads outside the project): a message must then say what happened
    instead of pointing to the log (:func:`unlogged_detail`). Never raises."""
    path = layout.join(root, layout.ERRORS_LOG)
    try:
        import traceback  # lazy: error path only (traceback ~2 ms)

        path = write_path(path)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        try:
            if os.path.getsize(path) > ERROR_LOG_MAX:
                os.replace(path, path + ".1")
        except OSError:
            pass

        stamp = time.strftime("%Y-%m-%dT%H:%M:%S")
        # One append that never blocks (a FIFO planted as the log fails at once).
        append_nonblocking(path, (f"--- {stamp} pid={os.getpid()} event={event} in {where}\n"
                                  + traceback.format_exc()).encode("utf-8", "backslashreplace"))
    except Exception:  # noqa: BLE001 - logging must never take the hook down
        return None
    return path


def error_log_path(root: str) -> str:
    """Where :func:`log_error` writes (named when it could not)."""
    return layout.join(root, layout.ERRORS_LOG)


def unlogged_detail(exc: BaseException | None = None) -> str:
    """The first line of the exception being handled (or ``exc``), for a
    message that cannot point to errors.log: ``"ValueError: boom"``."""
    if exc is None:
        exc = sys.exc_info()[1]
    if exc is None:
        return "unknown error"
    first = str(exc).strip().splitlines()[0][:300] if str(exc).strip() else ""
    return f"{type(exc).__name__}: {first}" if first else type(exc).__name__


def _guard_error_message(ctx, guard_name: str, log: str | None, error: str = "") -> str:
    """The BLOCK text for a security guard that raised, in the context's
    language: it names errors.log when the traceback is there (``log``), else
    the error itself and that the log could not be written. English when the
    catalogue itself cannot be used: this path must not fail."""
    try:
        from messages import say  # lazy: error path only

        if log is None:
            return say(ctx, "runtime.guard_error_unlogged", guard=guard_name, error=error,
                       log=error_log_path(ctx.root), repair=layout.repair_command(ctx.root))
        return say(ctx, "runtime.guard_error", guard=guard_name, log=log,
                   repair=layout.repair_command(ctx.root))
    except Exception:  # noqa: BLE001 - a broken catalogue must not turn a block into a crash
        where = (f"Details are in {log}." if log else
                 f"The error was {error}; it could not be written to errors.log.")
        return (f"internal error in {guard_name}; the call is blocked to stay safe. {where} "
                "Tell the user; they can fix the state file it names or "
                f"reinstall the suite ({layout.repair_command()}).")


def run_chain(ctx, names) -> _render.Outcome:
    """Run the guards ``names`` (module names under ``guards/``) in order,
    leaving out those of a workflow that is not the active one
    (:func:`workflow.registry.chain_for`: one workflow is active at a time,
    ``../shared/WORKFLOWS.md``)."""
    outcome = _render.Outcome()
    for name in registry.chain_for(ctx, names):
        module = None
        try:
            module = load_guard(name)
            verdict = module.check(ctx)
            if not isinstance(verdict, Verdict):
                raise TypeError(f"guard {name} returned {type(verdict).__name__}, not Verdict")
        except Exception:  # noqa: BLE001 - a guard bug must fail safe, not crash
            guard_name = getattr(module, "NAME", name)
            log = log_error(ctx.root, ctx.event, f"guard {guard_name}")
            if getattr(module, "ADVISORY", False):
                outcome.trace.append((guard_name, Verdict(ALLOW, "error (advisory, ignored)",
                                                          guard=guard_name)))
                continue
            verdict = Verdict(BLOCK, _guard_error_message(ctx, guard_name, log, unlogged_detail()),
                              guard=guard_name)
        guard_name = getattr(module, "NAME", name)
        if not verdict.guard:
            if verdict is ALLOWED:
                # The shared no-objection verdict must not carry a guard's name.
                verdict = Verdict(ALLOW, guard=guard_name)
            else:
                verdict.guard = guard_name
        if verdict.message or verdict.context:
            _tidy(ctx, verdict)
        if verdict.kind == ASK and ctx.event != "PreToolUse":
            # Only PreToolUse can ask the user; elsewhere asking means refusing.
            verdict = Verdict(BLOCK, verdict.message, guard=verdict.guard,
                              effects=verdict.effects)
        outcome.trace.append((verdict.guard, verdict))
        if verdict.kind == WARN:
            outcome.warnings.append(verdict)
        elif verdict.kind == ASK:
            outcome.asks.append(verdict)
        elif verdict.kind in STOPPING or verdict.kind == APPROVE:
            outcome.final = verdict
            break
    return outcome


def _tidy(ctx, verdict) -> None:
    """Remove the spacing of English-shaped sentence joins from the texts of
    ``verdict`` in the context's language (:func:`messages.tidy`: no ASCII
    space after ``。`` in Japanese). The shared ALLOWED verdict carries no
    text and is never touched."""
    lang = getattr(ctx, "language", "en")  # a stand-in context may have none
    if lang == "en":
        return
    from messages import tidy  # lazy: loaded already, a guard produced a message

    verdict.message = tidy(lang, verdict.message)
    verdict.context = tidy(lang, verdict.context)


def _label_text(label: str):
    """An effect's ``label`` (``write session.last_start``) as the
    :class:`messages.Text` of its catalogue entry ``runtime.effect.<label
    with every run of other characters than a-z0-9 as _>``; a label without
    an entry as it is. Decided by the key, never by the entry's words (a
    reworded catalogue says the same effect); that each entry's English is
    its label exactly is tests/test_messages.py's check."""
    import re  # lazy: a failed effect only

    from messages import DEFAULT, Text, catalogue  # lazy: as above

    name = re.sub(r"[^a-z0-9]+", "_", str(label).lower()).strip("_")
    if f"runtime.effect.{name}" not in catalogue(DEFAULT):
        return label
    return Text(f"runtime.effect.{name}")


def _effect_failure(label: str, exc: BaseException, log: str | None, root: str = ""):
    """``could not <label> (<Error>: <first line>; details in <log>)`` as a
    :class:`messages.Text` — or, when errors.log could not be written
    (``log`` is ``None``), ``...; errors.log could not be written either``,
    never a pointer to a file that does not hold it; a message the exception
    carries as a ``Text`` (a state file's problem) is told in the reader's
    language too."""
    from messages import Text  # lazy: a failed effect only

    first = exc.args[0] if len(exc.args) == 1 and isinstance(exc.args[0], Text) else None
    detail = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    if first is not None and "\n" not in first and len(first) <= 400:
        detail = first
    else:
        detail = detail[:400]
    if log is None:
        return Text("runtime.effect_failed_unlogged", label=_label_text(label),
                    error=type(exc).__name__,
                    detail=Text.join("", [": ", detail]) if detail else "",
                    log=error_log_path(root))
    return Text("runtime.effect_failed", label=_label_text(label), error=type(exc).__name__,
                detail=Text.join("", [": ", detail]) if detail else "", log=log)


def apply_effects(ctx, outcome: _render.Outcome) -> None:
    """Apply the effects of every verdict in the trace (see events.verdict).

    A failing effect never fails the hook: it is logged to errors.log and
    reported in the answer — a WARN (``additionalContext`` or
    ``systemMessage``), or a note appended to a BLOCK's message — so that a
    lock that could not be taken in time (``LockTimeout``, whose message names
    the lock file and what to do), a full disk or a broken state file is seen
    rather than silently losing the update."""
    failed = []
    for guard_name, verdict in outcome.trace:
        for effect in verdict.effects:
            if effect.when == ("on_pass" if outcome.blocked else "on_block"):
                continue  # on_pass effects of a refused call, on_block ones of a passed call
            try:
                effect.func(*effect.args)
            except Exception as exc:  # noqa: BLE001
                log = log_error(ctx.root, ctx.event, f"effect {effect.label} of {guard_name}")
                failed.append(_effect_failure(effect.label, exc, log, ctx.root))
    if not failed:
        return
    from messages import Text, say, tidy  # lazy: a failed effect only

    text = tidy(getattr(ctx, "language", "en"), say(ctx, "runtime.not_recorded", failed=Text.join("; ", failed)))
    if outcome.final is not None and outcome.final.kind in STOPPING:
        outcome.final.message = f"{outcome.final.message}\n{text}"
    else:
        outcome.warnings.append(Verdict(WARN, text, guard="runtime"))


def evaluate(event: str, data: bytes, env=None, root: str | None = None,
             apply: bool = True) -> tuple:
    """Everything but the I/O: ``(exit_code, stdout, stderr, outcome_or_None)``.

    Used by :func:`main`, by the CLI's ``check`` and by in-process tests.
    Never raises for any ``data``: malformed input gets the SPEC §1 outcome
    (:func:`events.render.malformed`), a failure of the runtime itself is
    logged and rendered like malformed input (:func:`events.render.internal_error`);
    ``outcome`` is ``None`` in both cases.

    Args:
        event: a key of :data:`UNITS` (``"PreToolUse"``...).
        data: stdin bytes.
        env: environment mapping (default ``os.environ``); the project root
            and ``STRICT_MODE`` come from it.
        root: project root override (tests); default per SPEC §1.
        apply: apply the verdicts' effects (state writes); ``False`` answers
            without changing anything (``playgate check``, ``explain``).
    """
    # The budgets cover this call only (in-process callers make many).
    set_lock_budget(LOCK_BUDGET_S.get(event, DEFAULT_LOCK_BUDGET_S))
    token = limits.set_deadline(analysis_seconds(event, env))
    try:
        return _evaluate(event, data, env, root, apply)
    finally:
        set_lock_budget(None)
        limits.restore_deadline(token)


def _evaluate(event: str, data: bytes, env, root, apply: bool = True) -> tuple:
    # Every state write of this call stays inside the project root
    # (statefiles.atomic.write_path): confined once the root is known, in
    # _run; the caller's confinement is restored after.
    with confined_to(None):
        return _run(event, data, env, root, apply)


def _run(event: str, data: bytes, env, root, apply: bool) -> tuple:
    try:
        hook = parse(event, data)
    except MalformedInput as exc:
        if apply:
            _log_refusal(root or _fallback_root(None, env), event, None,
                         f"malformed {event} input: {exc}")
        return (*_render.malformed(event, str(exc)), None)
    ctx = None
    _WATCH["stop_active"] = bool(getattr(hook, "stop_hook_active", False))
    try:
        ctx = Context(hook, root=root, env=env)
        confine(ctx.root)
        ctx.apply = apply  # a unit that applies effects mid-chain (SubagentStop) honours it
        _WATCH["ctx"] = ctx
        unit = __import__(f"events.{UNITS[event]}", fromlist=["chain"])
        if hasattr(unit, "run"):
            outcome = unit.run(ctx)
        else:
            outcome = run_chain(ctx, unit.chain(ctx))
        if apply:
            apply_effects(ctx, outcome)
        result = _render.render(event, outcome)
    except Exception:  # noqa: BLE001 - a runtime bug must fail safe, not crash
        where_root = ctx.root if ctx is not None else _fallback_root(hook, env)
        log = log_error(where_root, event, "runtime")
        if apply:
            _log_refusal(where_root, event, hook, f"internal error in the hook runtime ({log})")
        return (*_render.internal_error(event, "the hook runtime", log,
                                        error_log_path(where_root), unlogged_detail()), None)
    if apply and event in LOGGED_EVENTS:
        # The decision log: after the decision is final;
        # a failure to log (even to import the logger) never changes the answer.
        try:
            from events import decisionlog  # lazy: only logged events load it

            decisionlog.record(ctx.root, event, hook, outcome)
        except Exception:  # noqa: BLE001, S110
            pass
    return (*result, outcome)


def _log_refusal(root, event: str, hook, reason: str) -> None:
    """Log a refusal of the runtime itself (malformed input, internal error)
    in the decision log; never raises."""
    if event not in LOGGED_EVENTS:
        return
    try:
        from events import decisionlog  # lazy: error paths only

        decisionlog.record_refusal(root, event, hook, reason)
    except Exception:  # noqa: BLE001, S110 - a failure to log never changes a decision
        pass


def _fallback_root(hook, env) -> str:
    try:
        return layout.project_root(hook.cwd if hook is not None else "",
                                   os.environ if env is None else env)
    except Exception:  # noqa: BLE001
        return os.getcwd()


def _write(stream, text: str) -> None:
    """Write ``text`` as UTF-8 (characters UTF-8 cannot hold, such as lone
    surrogates from JSON escapes, are replaced rather than crashing the hook)."""
    if not text:
        return
    try:
        data = text.encode("utf-8", "replace")
        buffer = getattr(stream, "buffer", None)
        if buffer is not None:
            buffer.write(data)
            buffer.flush()
        else:
            stream.write(data.decode("utf-8"))
            stream.flush()
    except (BrokenPipeError, OSError, ValueError):
        pass


def _raw_stop_active(data: bytes) -> bool:
    """``stop_hook_active: true`` read off the raw payload bytes (an
    unescaped ``"stop_hook_active"`` key cannot occur inside a JSON string).

    Plain bytes operations, no import: the watchdog calls this from its
    signal handler, which may interrupt the import of ``re`` itself (a
    half-imported module in ``sys.modules`` then, no ``re.search``)."""
    key = b'"stop_hook_active"'
    data = data[:1 << 16]
    start = data.find(key)
    while start != -1:
        rest = data[start + len(key):].lstrip(b" \t\r\n")
        if rest[:1] == b":":
            value = rest[1:].lstrip(b" \t\r\n")
            if value[:4] == b"true" and not (value[4:5].isalnum() or value[4:5] == b"_"):
                return True
        start = data.find(key, start + 1)
    return False


def main(event: str, data: bytes | None = None) -> int:
    """Entrypoint body for ``hooks/<event>.py``. Returns the exit code.
    ``data``: the payload when the entrypoint has read stdin already (at
    most ``MAX_STDIN_BYTES + 1`` bytes; ``hooks/_bootstrap.run``)."""
    root_for_log = None
    # The payload the bootstrap has read is where the watchdog looks when it
    # fires before stop_hook_active below is known (stdin is empty by then).
    _WATCH["raw"] = data
    arm_watchdog(event)
    try:
        if data is None:
            data = sys.stdin.buffer.read(MAX_STDIN_BYTES + 1)
            _WATCH["raw"] = data
        if event in ("Stop", "SubagentStop"):
            # What the watchdog needs before the payload is parsed (parsing
            # may be where the time runs out); _evaluate sets the exact value.
            _WATCH["stop_active"] = _raw_stop_active(data)
        code, out, err, outcome = evaluate(event, data)
        code, out, err = _render.wire(event, code, out, err)
        disarm_watchdog()
        if outcome is not None and os.environ.get("PLAYGATE_TRACE"):
            for guard_name, verdict in outcome.trace:
                _write(sys.stderr,
                       f"trace {event} {guard_name}: {verdict.kind} {verdict.message[:200]}\n")
        _write(sys.stdout, out)
        _write(sys.stderr, err)
        return code
    except BaseException as exc:  # noqa: BLE001 - fail safe on anything, even KeyboardInterrupt
        if isinstance(exc, SystemExit):
            raise
        try:
            root_for_log = layout.project_root("", os.environ)
        except Exception:  # noqa: BLE001
            root_for_log = os.getcwd()
        log = log_error(root_for_log, event, "runtime")
        code, out, err = _render.wire(event, *_render.internal_error(
            event, "the hook runtime", log, error_log_path(root_for_log), unlogged_detail(exc)))
        disarm_watchdog()
        _write(sys.stdout, out)
        _write(sys.stderr, err)
        return code
