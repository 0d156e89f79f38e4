"""Config switches and path rules of the team and spec workflow guards (SPEC §6).

Not a guard itself. Every team/spec feature is on by default *only when its
files exist* (no ``.claude/state/breezing-active.json`` → no team guard; no
spec.yaml being written → no phase gate), and each can be switched off in
state.md's ``config`` section, which only a human can change (SPEC §7):

==============================  ======================================  ===============================
state.md ``config`` key         default                                 effect
==============================  ======================================  ===============================
``breezing_timeline``           ``true``                                TaskCompleted / TeammateIdle are
                                                                        appended to the timeline
``breezing_timeline_max_bytes`` ``1048576``                             rotation size of the timeline
``breezing_signals``            ``true``                                signals are emitted and injected
``codex_lead_guard``            ``true``                                impl_mode codex limits the lead
``codex_implementers``          ``[codex-implementer]``                 agent types the codex guard exempts
``agent_definitions_guard``     ``true``                                agent-definitions checks writes
                                                                        and warns at SessionStart
``spec_phase_gate``             ``true``                                spec-phase-gate checks spec.yaml
``spec_paths``                  ``[.sdd/project/specs/*/spec.yaml]``    where spec.yaml files live
``execution_convention``        ``true``                                a Bash command may not start
                                                                        with a ``#`` comment line
==============================  ======================================  ===============================

A switch is off when its value is ``false`` (also ``off``/``no``/``0``);
anything else, or no state.md at all, leaves it on.
"""

from __future__ import annotations

import os

from statefiles import layout

#: The running team session (seed 001 Step 0). Spelled here as well as in
#: ``statefiles.breezing`` so that the PreToolUse and UserPromptSubmit guards
#: can test for it without importing that module (the common case: no team).
ACTIVE = ".claude/state/breezing-active.json"
STATE_DIR = ".claude/state"

#: Default location of spec.yaml files (seed 003: ``.sdd/project/specs/<feature>/``).
DEFAULT_SPEC_PATHS = (".sdd/project/specs/*/spec.yaml",)
#: Agent types (last ``:`` component) the codex-lead-guard exempts: the
#: implementers the lead delegates to in codex mode (seed 001 Step 3:
#: ``claude-code-harness:codex-implementer``).
DEFAULT_CODEX_IMPLEMENTERS = ("codex-implementer",)

_OFF = ("false", "off", "no", "0", "disabled")


def config_value(ctx, key: str, default=None):
    """state.md ``config.<key>``, or ``default`` (no state.md, key absent)."""
    state = ctx.state
    if state is None:
        return default
    value = state.get("config", key, None)
    return default if value is None else value


def enabled(ctx, key: str) -> bool:
    """True unless state.md ``config.<key>`` switches the feature off."""
    value = config_value(ctx, key)
    if value is False or (isinstance(value, int) and not isinstance(value, bool) and value == 0):
        return False
    return not (isinstance(value, str) and value.strip().lower() in _OFF)


def config_list(ctx, key: str, default: tuple) -> tuple:
    """A list-of-strings config key (a single string is a one-item list);
    ``default`` when absent or not strings."""
    value = config_value(ctx, key)
    if isinstance(value, str) and value.strip():
        return (value.strip(),)
    if isinstance(value, list):
        items = tuple(v.strip() for v in value if isinstance(v, str) and v.strip())
        if items:
            return items
    return default


def config_int(ctx, key: str, default: int, minimum: int = 1) -> int:
    """state.md ``config.<key>`` when it is an integer (not a bool) of at
    least ``minimum``, else ``default``."""
    value = config_value(ctx, key)
    if isinstance(value, int) and not isinstance(value, bool) and value >= minimum:
        return value
    return default


# ----------------------------------------------------------------------- globs


def matches_any(patterns: tuple, rels) -> bool:
    """True when any of the repo-relative spellings ``rels`` (see
    :func:`spellings`) matches any of the glob ``patterns``, read like
    protected-files.txt globs (:func:`statefiles.protected.matches`: ``*``
    and ``?`` within a component, ``**`` across them, case ignored, a match
    covers what is below it)."""
    from statefiles.protected import matches  # lazy: only when a spec path is checked

    return any(matches(p, v) for p in patterns for v in rels)


def spellings(resolved, cwd: str = "", root: str = "") -> frozenset:
    """Every repo-relative spelling under which a write to ``resolved`` can
    be judged: the block-list variants of the real path
    (``ResolvedPath.variants``: case, backslashes, Unicode forms) plus the
    *lexical* path (``..`` folded, symlinks not followed) and its case fold.

    The lexical form matters for files Claude Code loads by their name: when
    ``.claude/agents`` (or a file in it) is a symlink to elsewhere, a write
    through that name lands outside the directory but still changes what
    Claude Code reads as an agent definition.
    """
    if resolved is None:
        return frozenset()
    out = set(resolved.variants)
    given = resolved.given
    if given and root:
        if given.startswith("~"):
            given = os.path.expanduser(given)
        for text in {given, given.replace("\\", "/")}:
            joined = text if os.path.isabs(text) else os.path.join(cwd or root, text)
            rel = layout.relative_to(os.path.normpath(joined), root)
            if rel is not None and rel != ".":
                out.add(rel)
                out.add(rel.casefold())
    return frozenset(out)
