"""The crew's scripts (seed 000 ``new_cmd.sh``, ``validate_result.sh``,
``stats.sh``), shipped in the suite as ``skills/crew/<name>.py`` and run as

    python3 .claude/skills/crew/new_cmd.py
    python3 .claude/skills/crew/validate_result.py RESULT_PATH PERSONA
    python3 .claude/skills/crew/stats.py

(install.py's copy; ``.claude/skills/crew/**`` is in the protected floor, so
nothing an agent writes is ever one of them). The permission gate approves
exactly these files run by a python interpreter with plain arguments
(``permission/phases.py`` phase 6, :data:`SCRIPTS`), so they run without a
dialog in the default mode; the crew's guards let them through
(:func:`is_crew_script`).
"""

from __future__ import annotations

import os
import sys

from statefiles import layout

#: The scripts, repo-relative where install.py puts them.
DIR = ".claude/skills/crew"
NAMES = ("new_cmd.py", "validate_result.py", "stats.py")
SCRIPTS = tuple(f"{DIR}/{name}" for name in NAMES)


def suite_script(name: str) -> str:
    """The running suite's own copy of the script ``name`` (absolute)."""
    return os.path.join(layout.SUITE_ROOT, "skills", "crew", name)


def command(root: str, name: str) -> str:
    """How Claude runs the script ``name``: ``python3 .claude/skills/crew/<name>``
    after install.py; the plugin's copy run by the hooks' interpreter
    otherwise (absolute paths)."""
    rel = f"{DIR}/{name}"
    if os.path.isfile(layout.join(root, rel)):
        return f"python3 {rel}"
    import shlex  # lazy: only when the plugin's command is named

    return f"{shlex.quote(sys.executable or 'python3')} {shlex.quote(suite_script(name))}"


def is_crew_script(ctx) -> str | None:
    """The script name when the Bash call runs one of the crew's scripts and
    nothing else (one plain command: a python interpreter found on PATH, the
    script by any spelling that resolves to it, no assignment, wrapper,
    redirection or carrier); ``None`` otherwise."""
    from workflow.shared import command_is_plain, is_python  # lazy: Bash only

    analysis = ctx.shell
    if analysis is None or analysis.unknown or len(analysis.commands) != 1:
        return None
    cmd = analysis.commands[0]
    if (cmd.assignments or getattr(cmd, "wrappers", None) or analysis.carriers
            or not command_is_plain(analysis, cmd)):
        return None
    argv = cmd.argv
    if len(argv) < 2 or not is_python(argv[0]) or not getattr(cmd, "trusted", True):
        return None
    if any("\x00" in a for a in argv):
        return None
    resolved = layout.resolve(argv[1], ctx.root, ctx.hook.cwd or ctx.root)
    for name, rel in zip(NAMES, SCRIPTS):
        if resolved.is_(rel) and os.path.isfile(resolved.abs):
            return name
        own = suite_script(name)
        if resolved.abs == os.path.realpath(own) and os.path.isfile(own):
            return name
    return None
