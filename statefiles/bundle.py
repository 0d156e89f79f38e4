"""Build or check the module bundle the hooks import from (issue 7).

    python -m statefiles.bundle          build <suite root>/hooks/suite.bundle
    python -m statefiles.bundle --check  exit 0 when it is current, else 1

Run with the hook interpreter in the suite root (``.claude/``); install.py
does both. The format, the loader and the rules for when a module is served
from the bundle are in ``hooks/_bootstrap.py`` (kept there because the hooks
load it before anything else); this is only the command line, run with
``-m`` like every other install step.
"""

from __future__ import annotations

import os
import sys


def _bootstrap():
    """``hooks/_bootstrap.py`` of this suite, imported as a module."""
    hooks = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "hooks")
    if hooks not in sys.path:
        sys.path.insert(0, hooks)
    import _bootstrap  # lazy: hooks/ is put on sys.path first

    return _bootstrap


def main(argv: list) -> int:
    boot = _bootstrap()
    root = boot._suite_root()
    if argv == ["--check"]:
        return 0 if boot.bundle_current(root) else 1
    if argv:
        sys.stderr.write("usage: python -m statefiles.bundle [--check]\n")
        return 2
    print(boot.build_bundle(root))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
