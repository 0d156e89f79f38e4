"""What an install places, and from where: every file of the suite source
(:func:`playgate.suite.root`: a checkout, the plugin root or the wheel's data
directory) with its destination in the repository and its policy."""

from __future__ import annotations

import os

from playgate import suite
from playgate.installer.common import CLAUDE, PLAY_TEMPLATE, PROTECTED, STATE_MD, Refusal

#: Policies of installed files. ``SUITE``: the suite's code (packages,
#: skills, agents); a copy the user edited is backed up, then replaced.
#: ``EDITABLE``: meant to be edited (the protected-file list, the playbook
#: templates); an edited copy is kept. ``ONCE``: created only when absent
#: and never touched afterwards (state.md).
SUITE, EDITABLE, ONCE = "suite", "editable", "once"


def source_root() -> str:
    """The suite source this installer installs from.

    Raises:
        Refusal: it is not a complete source (an installed ``.claude/`` copy,
            which has no templates).
    """
    root = suite.root()
    if not suite.is_source(root):
        raise Refusal(f"{root} is not a playgate source to install from (no "
                      f"{suite.SETTINGS_TEMPLATE} or {suite.TEMPLATES}/state.md); run the "
                      "installer from a playgate checkout or the playgate package")
    return root


def suite_sources(source: str | None = None) -> list:
    """Every file the install places: ``[(dest_rel, src_abs, policy)]``.

    Raises:
        Refusal: a package of :data:`playgate.suite.PACKAGES` is missing.
    """
    source = source or source_root()
    files = dict(suite.source_files(source))
    items = []
    for pkg in suite.PACKAGE_NAMES:
        if not os.path.isdir(os.path.join(source, pkg)):
            raise Refusal(f"the suite package {pkg}/ is missing from {source}; run install.py "
                          "from a complete playgate checkout")
    for rel, src in files.items():
        top = rel.split("/", 1)[0]
        if top in suite.PACKAGE_NAMES or top in (suite.SKILLS, suite.AGENTS):
            items.append((f"{CLAUDE}/{rel}", src, SUITE))
    play = f"{suite.TEMPLATES}/play/"
    items += [(f"{PLAY_TEMPLATE}/{rel[len(play):]}", src, EDITABLE)
              for rel, src in files.items() if rel.startswith(play)]
    items.append((PROTECTED, os.path.join(source, suite.PROTECTED_DEFAULT), EDITABLE))
    items.append((STATE_MD, os.path.join(source, suite.TEMPLATES, "state.md"), ONCE))
    return items
