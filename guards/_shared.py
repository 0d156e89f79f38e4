"""Small predicates several guards share (not a guard itself).

Kept here so that the deadlock escapes (SPEC §1 "Failing safe", §3) are
spelled once: every guard that lets "the files needed to get unstuck" through
uses the same definition.
"""

from __future__ import annotations

import os

from statefiles import layout

#: Directories under play/ that hold copies, not working playbooks.
NOT_WORKING = ("archive", "template")
PLAYBOOK_FILES = ("plan.json", "progress.json")


def is_python(word: str) -> bool:
    """``python``, ``python3``, ``python3.11``, or a path ending in one."""
    base = word.rsplit("/", 1)[-1]
    if base in ("python", "python3"):
        return True
    return base.startswith("python3.") and base[8:].isdigit()


def is_state_md(resolved) -> bool:
    return resolved is not None and resolved.is_(layout.STATE_MD)


def is_playbook_file(resolved) -> bool:
    """``play/<id>/plan.json|progress.json`` by real location (archive and
    template copies excluded)."""
    if resolved is None or resolved.rel is None:
        return False
    parts = resolved.rel.split("/")
    return (len(parts) == 3 and parts[0] == layout.PLAY_DIR and parts[1] not in NOT_WORKING
            and parts[2] in PLAYBOOK_FILES)


def is_project_json(resolved) -> bool:
    """``play/**/project.json``."""
    if resolved is None or resolved.rel is None:
        return False
    parts = resolved.rel.split("/")
    return len(parts) >= 2 and parts[0] == layout.PLAY_DIR and parts[-1] == "project.json"


def is_session_state(resolved) -> bool:
    return resolved is not None and resolved.under(layout.SESSION_STATE)


def is_post_loop_handler(ctx) -> bool:
    """The Bash call runs the post-loop handler and nothing else:
    ``python3 .claude/skills/post-loop/handler.py [args]`` (any python, any
    spelling of the path that resolves to the handler)."""
    analysis = ctx.shell
    if analysis is None or analysis.unknown or len(analysis.commands) != 1:
        return False
    cmd = analysis.commands[0]
    # Nothing that changes what runs: no VAR=... prefixes (PYTHONPATH,
    # LD_PRELOAD...), no wrappers, no code-running carriers.
    if cmd.assignments or cmd.wrappers or analysis.carriers or not cmd.trusted:
        return False
    argv = cmd.argv
    if len(argv) < 2 or not is_python(argv[0]):
        return False
    script = argv[1]
    resolved = layout.resolve(script, ctx.root, ctx.hook.cwd or ctx.root)
    return resolved.is_(layout.POST_LOOP_HANDLER) and os.path.isfile(resolved.abs)
