#!/usr/bin/env python3
"""new_cmd (seed 000 ``scripts/new_cmd.sh``): make the next cmd directory.

    python3 .claude/skills/crew/new_cmd.py                 # prints cmd_NNN
    python3 .claude/skills/crew/new_cmd.py --abort cmd_NNN # abandon a cmd

Creates ``work/cmd_NNN/`` (the highest number + 1, three digits at least)
with ``tasks/`` and ``results/``, by an atomic ``mkdir`` retried up to five
times when a parallel session took the number, and prints ``cmd_NNN``.
``--abort`` leaves the ``ABORTED`` marker in a cmd (the user's way to
abandon it: the hooks stop guarding it). Bad input: a one-line error on
stderr, exit 2; no number free after five tries: exit 3.
"""

import os
import sys


def _suite_root() -> str:
    return os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _reexec_with_suite_python() -> None:
    """Without PyYAML (a configuration or an unusual header needs it), run
    again under the suite's own interpreter when there is one."""
    try:
        import yaml  # noqa: F401
        return
    except ImportError:
        pass
    venv = os.path.join(_suite_root(), ".venv", "bin", "python")
    if not os.environ.get("PLAYGATE_CREW_REEXEC") and os.access(venv, os.X_OK):
        os.environ["PLAYGATE_CREW_REEXEC"] = "1"
        os.execv(venv, [venv, os.path.abspath(__file__), *sys.argv[1:]])


def _setup_path() -> None:
    here = os.path.dirname(os.path.abspath(__file__))
    hooks = os.path.join(_suite_root(), "hooks")
    sys.path.insert(0, hooks)
    import _bootstrap  # imports only os and sys

    _bootstrap.put_on_path(_suite_root(), (here, hooks))


if __name__ == "__main__":
    _reexec_with_suite_python()
    _setup_path()
    from workflow.crew import cli

    sys.exit(cli.new_cmd(sys.argv[1:]))
