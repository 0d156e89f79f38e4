#!/usr/bin/env python3
"""validate_result (seed 000 ``scripts/validate_result.sh``): check a
worker's result file.

    python3 .claude/skills/crew/validate_result.py RESULT_PATH PERSONA

Prints one JSON line: ``{"status": "pass"|"fail", "metadata": {status,
quality, completeness, errors, output_files}, "issues": [...], "errors":
[...], ...}`` (see ``statefiles/crew/results.py``). Exit 0 pass, 1 fail, 2 bad
input (a one-line error on stderr). PERSONA is researcher, writer, coder or
reviewer.
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

    sys.exit(cli.validate_result(sys.argv[1:]))
