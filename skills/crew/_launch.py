"""How the crew's scripts start (new_cmd, validate_result, stats): under the
suite's own interpreter when the system ``python3`` lacks PyYAML, with the
suite's packages importable through the hooks' bootstrap. Imports only os
and sys; the scripts run it before anything else."""

import os
import sys


def suite_root(script: str) -> str:
    """The suite's root (``.claude/``) for ``script`` in ``skills/crew/``."""
    return os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(script))))


def prepare(script: str) -> None:
    """Without PyYAML (a configuration or an unusual header needs it), run
    ``script`` again under the suite's ``.venv`` interpreter when there is
    one (once: ``PLAYGATE_CREW_REEXEC``); then put the suite on ``sys.path``."""
    root = suite_root(script)
    try:
        import yaml  # noqa: F401
    except ImportError:
        venv = os.path.join(root, ".venv", "bin", "python")
        if not os.environ.get("PLAYGATE_CREW_REEXEC") and os.access(venv, os.X_OK):
            os.environ["PLAYGATE_CREW_REEXEC"] = "1"
            os.execv(venv, [venv, os.path.abspath(script), *sys.argv[1:]])
    here = os.path.dirname(os.path.abspath(script))
    hooks = os.path.join(root, "hooks")
    sys.path.insert(0, hooks)
    import _bootstrap  # imports only os and sys

    _bootstrap.put_on_path(root, (here, hooks))
