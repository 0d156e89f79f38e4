"""playgate's command-line tool and plugin packaging (item 1).

    python -m playgate <command> [options]        # from the development tree or a pip install
    python .claude/playgate <command> [options]   # in a repository install.py installed into
    playgate <command> [options]                  # the console script (pip install)

Commands (one module each under :mod:`playgate.commands`, dispatched by
:mod:`playgate.cli`): ``check``, ``explain``, ``doctor``, ``status``,
``validate``, ``replay``, ``init`` and ``plugin``. Every command prints a
report for people, or one JSON document with ``--json``; exit codes are
:data:`playgate.cli.EXIT_CODES`.

:mod:`playgate.bootstrap` is separate: a standard-library-only script that
creates the plugin's Python environment (see its docstring and docs/install.md,
"Plugin").

``install``, ``uninstall`` and ``demo`` run :mod:`playgate.installer` (what
``python install.py`` runs in a clone); :mod:`playgate.suite` lists what the
suite consists of and finds its root (a checkout, ``.claude/``, the plugin
root, or ``playgate/_suite/`` in an installed wheel, which carries the rest of
the suite as data so that the wheel installs this one import name).

Nothing here is on a hook's hot path; the package is copied into
``.claude/playgate/`` by the installer so that an installed repository can run it.
"""

from __future__ import annotations

#: The suite version (pyproject.toml ``version``; a test keeps them equal).
__version__ = "0.1.0"

#: The runtime dependencies with the ranges pyproject.toml pins (a test keeps
#: them equal). ``doctor`` checks the hook interpreter against them and the
#: plugin's bootstrap installs them.
REQUIREMENTS = (
    "pydantic>=2.7,<3",
    "pyyaml>=6.0,<7",
    "bashlex>=0.18,<0.19",
    "jsonschema>=4.20,<5",
    "sqlparse>=0.5,<0.7",
)
