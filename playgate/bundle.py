"""Build or check the module bundle the hooks import from.

    python -m playgate.bundle [PACKAGE...]          build <suite root>/hooks/suite.bundle
    python -m playgate.bundle --check [PACKAGE...]  exit 0 when it is current, else 1

Run with the hook interpreter in the suite root (``.claude/``); the installer
does both and names the packages (``playgate.suite.BUNDLED``, the one list of
what is bundled). Without PACKAGE, that list is read from the suite root's
``playgate/suite.py`` (a plain data module; it imports nothing). The format,
the loader and the rules for when a module is served from the bundle are in
``hooks/_bootstrap.py`` (kept there because the hooks load it before anything
else); this is only the command line, run with ``-m`` like every other
install step.
"""

from __future__ import annotations

import os
import sys

from playgate.suite import BUNDLED


def _bootstrap():
    """``hooks/_bootstrap.py`` of this suite, imported as a module."""
    hooks = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "hooks")
    if hooks not in sys.path:
        sys.path.insert(0, hooks)
    import _bootstrap  # lazy: found only once its directory is on sys.path (above)

    return _bootstrap


def main(argv: list) -> int:
    """The command line (``argv`` without the program name): build the bundle and print its
    path (0), or with ``--check`` exit 0 when it is current, else 1; 2 for an option it does
    not know."""
    boot = _bootstrap()
    root = boot._suite_root()
    check = argv[:1] == ["--check"]
    packages = argv[1:] if check else argv
    if any(p.startswith("-") for p in packages):
        sys.stderr.write("usage: python -m playgate.bundle [--check] [PACKAGE...]\n")
        return 2
    packages = packages or list(BUNDLED)
    if check:
        return 0 if boot.bundle_current(root, packages) else 1
    print(boot.build_bundle(root, packages))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
