"""The analysis's bounds (a hook that
times out fails open, so no input may take long to analyse). Exceeding a
bound makes the analysis unknown; nesting deeper than :data:`MAX_DEPTH` is
also a ``depth-limit`` finding (a depth breach counts as dangerous).

Two kinds of bound, both needed:

* **counters** bound every loop by the size of the input (commands, nesting,
  separators, working-directory candidates, words inspected);
* a **deadline** on the process's CPU time (:data:`clock`) that the
  analysis checks as it goes
  (:func:`check_deadline`, called for every simple command, every word
  evaluated and every directory entry walked). The hook runtime sets it from
  the event's registered timeout (``events.runtime``); :func:`shell.analyse`
  sets :data:`DEFAULT_SECONDS` when no caller did. Reaching it raises
  :class:`TooComplex`: the analysis is unknown and ``Analysis.too_complex``
  says why — bash-check blocks with "too complex to check", the permission
  gate shows the dialog.

The deadline counts CPU time, not wall-clock time: what a hostile input
costs is computation, while a busy machine (parallel tool calls, other
work) only stretches the wall clock, and must not turn ``ls src`` into
"too complex". Claude Code's timeout is wall-clock time: that bound is the
hook runtime's watchdog (``events.runtime.arm_watchdog``), which answers
for the hook whatever it is doing.
"""

from __future__ import annotations

import time

#: Deepest nesting of code strings (``bash -c``, ``eval``, substitutions,
#: wrappers' payloads). Deeper is "dangerous".
MAX_DEPTH = 12
#: Largest command analysed, in characters (every input has a bound).
MAX_BYTES = 64 * 1024
#: Most simple commands analysed for one call.
MAX_COMMANDS = 2000
#: Most ``; | & newline`` characters in a command handed to bashlex (its
#: parse time grows with them).
MAX_SEPARATORS = 1000
#: Most pieces the best-effort split of an unparseable command looks at.
MAX_FALLBACK_PIECES = 300
#: Most working directories a command may be running in (``cd a || cd b``
#: leaves two). Every later path is resolved against each one, so the set
#: must not grow with the input (``cd`` after ``cd`` that may fail doubles
#: nothing but would multiply the work): past this the working directory is
#: unknown.
MAX_CWDS = 8
#: Most paths one analysis records (writes and paths handed to programs):
#: each is resolved against the file system, so the count must not grow with
#: the input without bound. Past it the analysis is unknown.
MAX_PATHS = 4096
#: Most words of one piece the best-effort split of an unparseable command
#: hands to the classifications.
MAX_FALLBACK_WORDS = 256
#: The analysis's own deadline when no caller set one (seconds).
DEFAULT_SECONDS = 3.0


class Budget(BaseException):
    """Stop walking (the analysis is already unknown). A ``BaseException``
    so that the analyser's many "anything odd is unknown" handlers
    (``except Exception``) cannot swallow it and carry on past the bound."""


class TooComplex(Budget):
    """The deadline passed: stop walking."""


#: The deadline's clock: the process's CPU time, user and system (see the
#: module docstring).
clock = time.process_time

#: :data:`clock` value past which analysis stops, or ``None``.
_deadline = None


def set_deadline(seconds) -> object:
    """Stop analysing ``seconds`` from now (``None``: no deadline). A
    deadline already set that ends sooner is kept: a caller can only make
    the bound tighter. Returns a token for :func:`restore_deadline`."""
    global _deadline
    token = _deadline
    if seconds is not None:
        new = clock() + max(0.0, float(seconds))
        if _deadline is None or new < _deadline:
            _deadline = new
    return token


def restore_deadline(token) -> None:
    """Put back the deadline :func:`set_deadline` returned as ``token``."""
    global _deadline
    _deadline = token


def clear_deadline() -> None:
    """No deadline (tests, and the runtime after an in-process call)."""
    global _deadline
    _deadline = None


def check_deadline() -> None:
    """Raise :class:`TooComplex` when the deadline has passed."""
    if _deadline is not None and clock() >= _deadline:
        raise TooComplex()


def remaining():
    """Seconds left before the deadline (``None`` when there is none)."""
    if _deadline is None:
        return None
    return _deadline - clock()
