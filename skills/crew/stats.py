#!/usr/bin/env python3
"""stats (seed 000 ``scripts/stats.sh``): the crew's execution statistics.

    python3 .claude/skills/crew/stats.py          # a table per role
    python3 .claude/skills/crew/stats.py --json   # the same as JSON

Per role: recorded runs, mean duration, how they ended and retries, read
from the hooks' records (``.claude/logs/crew/``). Bad input: a one-line
error on stderr, exit 2.
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

    sys.exit(cli.stats(sys.argv[1:]))
