"""The installer: puts the suite into a repository's ``.claude/`` and takes
it out again.

    python install.py [--python PATH] [--dry-run] [--uninstall] REPO   # a checkout
    python install.py --demo [DIR]
    playgate install|uninstall REPO / playgate demo [DIR]             # the wheel

Modules:

* :mod:`~playgate.installer.common` — errors, the install's paths, file
  helpers, bounded subprocesses;
* :mod:`~playgate.installer.python` — requirements, interpreter probe, venv;
* :mod:`~playgate.installer.target` — the repository check and lock;
* :mod:`~playgate.installer.sources` — what is copied from where, file policies;
* :mod:`~playgate.installer.manifest` — ``.claude/playgate.json``;
* :mod:`~playgate.installer.settings` — the settings.json merge and unmerge;
* :mod:`~playgate.installer.gitignore` — the .gitignore block;
* :mod:`~playgate.installer.plan` — planning and applying an install;
* :mod:`~playgate.installer.uninstall` — --uninstall;
* :mod:`~playgate.installer.demo` — the scripted demo session;
* :mod:`~playgate.installer.cli` — the command line of both launchers.

What the suite consists of is :mod:`playgate.suite`. Standard library only
(plus the suite's ``statefiles.atomic``); nothing here is on a hook's path.
This package re-exports the public API below.
"""

from __future__ import annotations

from playgate.installer.cli import command_main, main
from playgate.installer.common import (
                                       SUITE_DIR,
                                       VENV_PYTHON,
                                       InstallError,
                                       Refusal,
                                       bounded,
                                       run_bounded,
                                       tail,
)
from playgate.installer.demo import DEMO_SCRIPT, demo_python, registered_handlers, run_demo
from playgate.installer.gitignore import GITIGNORE_ENTRIES, plan_gitignore, unplan_gitignore
from playgate.installer.plan import install
from playgate.installer.python import (
                                       check_interpreter,
                                       create_venv,
                                       probe_python,
                                       read_requirements,
                                       requirements,
)
from playgate.installer.settings import (
                                       entrypoint_names,
                                       merge_settings,
                                       render_settings,
                                       unmerge_settings,
)
from playgate.installer.sources import suite_sources
from playgate.installer.target import check_target
from playgate.installer.uninstall import uninstall

__all__ = [
    "DEMO_SCRIPT", "GITIGNORE_ENTRIES", "SUITE_DIR", "VENV_PYTHON", "InstallError", "Refusal",
    "bounded", "check_interpreter", "check_target", "command_main", "create_venv",
    "demo_python", "entrypoint_names", "install", "main", "merge_settings", "plan_gitignore",
    "probe_python", "read_requirements", "registered_handlers", "render_settings",
    "requirements", "run_bounded", "run_demo", "suite_sources", "tail", "uninstall",
    "unmerge_settings", "unplan_gitignore",
]
