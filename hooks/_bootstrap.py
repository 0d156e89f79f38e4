"""Shared start-up of every hook entrypoint: find the suite, load the runtime.

Kept to ``os`` and ``sys`` so that a broken installation is still reported:
if the runtime cannot be imported, gating events exit 2 with a message (the
call is blocked, not waved through) and informational events exit 0.

The suite's directory (``.claude/`` when installed, the plugin root, or the
source tree) is put on ``sys.path`` *after* the standard library and *before*
site-packages, and the script directory is removed, so a stray ``json.py``
written next to the hooks can never shadow a standard module.
"""

import os
import sys

GATING = ("PreToolUse", "Stop", "SubagentStop", "UserPromptSubmit")


def _suite_root() -> str:
    return os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _setup_path() -> None:
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != here]
    root = _suite_root()
    at = len(sys.path)
    for i, entry in enumerate(sys.path):
        if "site-packages" in entry or "dist-packages" in entry:
            at = i
            break
    sys.path.insert(at, root)


def exit_now(code: int) -> None:
    """End the hook process with ``code`` once its output is flushed, without
    the interpreter's finalisation (issue 7).

    Tearing down the modules a hook imported costs 2–4 ms of CPU per call and
    does nothing a hook needs: every state write is already complete
    (``write_atomic`` closes and renames; logs are written with ``with``),
    locks are released by the kernel, and no hook leaves threads or atexit
    work behind. stdout and stderr — what Claude Code reads — are flushed
    first; a reader that went away is ignored, as at a normal exit."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except BaseException:  # noqa: BLE001 - a closed pipe must not change the exit code
            pass
    os._exit(code if isinstance(code, int) else 0)


def run(event: str) -> int:
    """Run the hook for ``event``; returns the exit code for ``sys.exit``."""
    try:
        _setup_path()
        from events.runtime import main
    except BaseException as exc:  # noqa: BLE001 - report, never crash open
        if event in GATING:
            sys.stderr.write(
                f"[playgate] cannot load the hook runtime ({type(exc).__name__}: {exc}); "
                "the call is blocked to stay safe. Repair the installation with "
                "`python install.py <repo>`.\n"
            )
            return 2
        return 0
    return main(event)
