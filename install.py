#!/usr/bin/env python3
"""Install the playgate hook suite into a git repository's ``.claude/``.

    python install.py /path/to/repo                  install (creates .claude/.venv from PyPI)
    python install.py --python PATH /path/to/repo    use an interpreter that has the dependencies
    python install.py --dry-run /path/to/repo        print the plan, write nothing
    python install.py --uninstall /path/to/repo      remove exactly what the install added
    python install.py --demo [DIR]                   replay a scripted session in a throw-away repo

This is the launcher for people working from a clone; ``pipx install
playgate`` then ``playgate install|uninstall REPO`` / ``playgate demo`` do
the same from the wheel. The installer itself is the package
``playgate/installer/`` (what an install does, in order, and what it records
in ``.claude/playgate.json``: :mod:`playgate.installer.plan`); what the suite
consists of is ``playgate/suite.py``.

Exit codes: 0 done (or nothing to do), 1 a step failed, 2 refused (nothing
written).

This file must stay importable by old interpreters far enough to say that
they are too old: standard library only and no syntax newer than Python 3.6;
the installer package is imported only after the version check.
"""

import os
import sys

MIN_PYTHON = (3, 10)
HERE = os.path.dirname(os.path.abspath(__file__))


def check_python():
    """Exit 2 with a one-line reason on an interpreter older than :data:`MIN_PYTHON`."""
    if sys.version_info < MIN_PYTHON:  # pragma: no cover - exercised with old interpreters
        sys.stderr.write(
            "playgate: refused: install.py needs Python {}.{} or newer, and this is Python {} "
            "({}). Run it with a newer interpreter, e.g. python3.11 install.py ...\n".format(
                MIN_PYTHON[0], MIN_PYTHON[1], sys.version.split()[0], sys.executable))
        sys.exit(2)


def main(argv=None):
    """Check the interpreter, then run the installer of this checkout."""
    check_python()
    # This checkout's playgate, not one installed in site-packages.
    sys.path.insert(0, HERE)
    from playgate.installer import main as installer_main

    return installer_main(argv, launcher=os.path.join(HERE, "install.py"))


if __name__ == "__main__":
    sys.exit(main())
