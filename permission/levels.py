"""The level bash-check applies to each command family's destructive
findings, as the permission configuration sets it: the one lookup shared by
the guard (PreToolUse), the permission gate's ``--explain`` and ``playgate
explain``.

The defaults and the hard families' floor are :mod:`shell.severity`; the
layers' ``families:`` settings come from :mod:`permission.config` (a later
layer wins). A broken layer makes every family ``block`` (fail safe).
Imports nothing at module level: the guard asks only for a command with a
destructive finding.
"""

from __future__ import annotations


def family_levels(root: str) -> tuple:
    """``(overrides, broken)``: the ``families`` levels the permission
    configuration's layers set (``{family: level}``), and whether a layer is
    broken (then every family blocks: fail safe)."""
    from permission import config  # lazy: only for commands with a destructive finding

    cfg = config.load(root)
    if not cfg.ok:
        return {}, True
    return {f: (lv, cfg.source("families", f)) for f, lv in cfg.families.items()}, False


def level_of(family: str, overrides: dict, broken: bool) -> tuple:
    """``(level, source)`` of the command family ``family`` given
    :func:`family_levels`' result: the level bash-check applies to its
    findings (:mod:`shell.severity`) and where it comes from (``families.X
    in <layer>``, ``default for X`` or ``broken configuration``). The source
    is a recorded sentence (:class:`shell.model.Msg`, ``bash_check.source_*``):
    ``str()`` is English (``playgate explain``), guards say it in the
    context's language."""
    from shell import severity  # lazy: only for commands with a destructive finding
    from shell.model import Msg  # lazy: as above

    if broken:
        return severity.BLOCK, Msg("bash_check.source_broken")
    setting = overrides.get(family)
    level = severity.level(family, {family: setting[0]} if setting else None)
    if setting and setting[0] != level:
        return level, Msg("bash_check.source_raised", family=family, setting=setting[0],
                          layer=setting[1])
    return level, (Msg("bash_check.source_layer", family=family, layer=setting[1]) if setting
                   else Msg("bash_check.source_default", family=family_name(family)))


def family_name(family: str):
    """A command family as a reader says it: the recorded sentence
    ``bash_check.family.<id>`` (``インフラ系`` in Japanese, the id in
    English) for a family of :data:`shell.severity.DEFAULTS`, else the id.
    Where the id is an identifier (``families.<id>`` in the configuration)
    the messages keep the id."""
    from shell import severity  # lazy: only for commands with a destructive finding
    from shell.model import Msg  # lazy: as above

    return Msg(f"bash_check.family.{family}") if family in severity.DEFAULTS else family
