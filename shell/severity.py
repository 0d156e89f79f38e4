"""How hard bash-check stops each command family's findings (severity, and
the human in the loop).

Every destructive finding names the command family that produced it
(``Finding.command_family``: the ``FAMILY`` of a module under
``shell/families/``, or ``"shell"`` for what the shell language itself
does). Each family has a default *level*:

* ``block`` — bash-check refuses the call (PreToolUse deny);
* ``ask`` — PreToolUse answers ``permissionDecision: "ask"``: the user
  decides in Claude Code's dialog (headless, that is a denial);
* ``warn`` — the call goes on to Claude Code's own permission rules, with a
  warning for Claude; the permission gate still never approves it (SPEC §5
  7E sees the finding whatever the level).

``.claude/permission-config.yaml`` (and the local layer) may raise or lower
a family's level under ``families:`` (:mod:`permission.config`); a *hard*
family never goes below ``ask``: nothing an agent does to a disk, the
machine, files outside the project or through the shell's own tricks is
let through without a human. Families not in :data:`DEFAULTS` are
``block``.
"""

from __future__ import annotations

BLOCK = "block"
ASK = "ask"
WARN = "warn"
#: Levels, strongest first.
LEVELS = (BLOCK, ASK, WARN)

#: Family → default level. Families that are legitimate with a human's
#: say-so (a dev stack's ``terraform destroy``, dropping a scratch
#: database, deleting a test bucket) ask; the rest block.
DEFAULTS = {
    "infrastructure": ASK,
    "cloud": ASK,
    "databases": ASK,
    "disks": BLOCK,
    "system": BLOCK,
    "packages": BLOCK,
    "fanout": BLOCK,
    "git": BLOCK,
    "gh": BLOCK,
    "network": BLOCK,
    "files": BLOCK,
    "text": BLOCK,
    "archives": BLOCK,
    "interpreters": BLOCK,
    "shells": BLOCK,
    "wrappers": BLOCK,
    "builtins": BLOCK,
    "unmodelled": BLOCK,
    "shell": BLOCK,
}

#: Families never below ``ask``: wiping disks, stopping or breaking the
#: machine, deleting outside the project, fork bombs and depth tricks.
HARD = frozenset({"disks", "system", "files", "shell"})


def rank(level: str) -> int:
    """2 for ``block``, 1 for ``ask``, 0 for ``warn`` (unknown levels rank
    as ``block``: fail safe)."""
    return {WARN: 0, ASK: 1}.get(level, 2)


def floor(family: str, level: str) -> str:
    """``level`` raised to ``ask`` when ``family`` is hard."""
    if family in HARD and rank(level) < rank(ASK):
        return ASK
    return level


def level(family: str, overrides=None) -> str:
    """The level of ``family`` with the configured ``overrides``
    (``{family: level}`` from ``permission-config.yaml``'s ``families``;
    ``None`` or a broken configuration: the defaults). An override below
    ``ask`` for a hard family is raised to ``ask``."""
    chosen = (overrides or {}).get(family) or DEFAULTS.get(family, BLOCK)
    if chosen not in LEVELS:
        chosen = BLOCK
    return floor(family, chosen)


def strongest(levels) -> str:
    """The strongest of ``levels`` (``warn`` for none)."""
    best = WARN
    for lv in levels:
        if rank(lv) > rank(best):
            best = lv
    return best
