"""sandbox-wall (the outer wall: Claude Code's Bash sandbox).

The project's settings turn Claude Code's sandbox on (``sandbox.enabled``,
written by the installer, ``statefiles/sandbox.py``): every Bash command
then runs where the gate's own files are read-only to it, whatever the
command's spelling. The CLI itself only *warns* and runs Bash unsandboxed
when this machine cannot sandbox (no ``bwrap``/``socat`` on Linux, Windows)
unless ``failIfUnavailable`` is set, and that key lives in the per-machine
``settings.local.json`` so that a teammate's clone still starts. This guard
is the fail-closed half: while the settings ask for the sandbox and this
machine cannot provide it, Bash is blocked with the command that gets the
sandbox (or, a human's decision, how to turn it off for this machine). A
settings layer that mentions the sandbox but cannot be read blocks too
(what it says is unknown). Edit/Write are not sandboxed commands: their
wall is the ``permissions.deny`` rules, available everywhere.
"""

from __future__ import annotations

from events.context import Context
from events.verdict import ALLOWED, Verdict, block
from statefiles import sandbox

NAME = "sandbox-wall"
ADVISORY = False


def check(ctx: Context) -> Verdict:
    """Bash: BLOCK while the merged settings enable the sandbox and this
    machine cannot run it (``missing``/``unsupported``), or a settings layer
    naming it cannot be read; else ALLOWED."""
    wall = sandbox.wall(ctx.root, ctx.env)
    if wall.state == "missing":
        return block(ctx.say("sandbox_wall.missing", missing=", ".join(wall.missing),
                             command=sandbox.install_hint(wall.missing, wall.platform)))
    if wall.state == "unsupported":
        return block(ctx.say("sandbox_wall.unsupported", platform=wall.platform))
    if wall.state == "unknown":
        return block(ctx.say("sandbox_wall.unknown", layers=", ".join(wall.unreadable)))
    return ALLOWED
