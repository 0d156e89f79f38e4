"""``permission_request.py --explain "<command>"``: every phase's outcome for a command.

For people tuning ``.claude/permission-config.yaml``: shows which layers were
loaded, any notices (a floor a layer tried to remove, a typo in a removal),
then one line per phase (``pass``, ``skip``, ``DIALOG``, ``ALLOW`` or ``not
reached``) and the decision. Nothing is run and nothing is logged. The
project is ``$CLAUDE_PROJECT_DIR`` or the git top-level of the current
directory; relative paths are taken from the current directory (or
``--cwd DIR``), as the hook takes them from Claude's shell.
"""

from __future__ import annotations

import os
import sys

USAGE = """usage: permission_request.py --explain "<command>" [--cwd DIR]

Show what each phase of the permission gate says about a Bash command, with
the merged permission-config.yaml of this project. Nothing is executed.
"""


def explain(command: str, root: str, cwd: str, env=None, config=None) -> tuple:
    """``(text, decision)`` for ``command`` as a Bash PermissionRequest from
    ``cwd`` in the project at ``root``."""
    from events.permission_request import FLOOR, PHASES  # noqa: PLC0415
    from permission import phases as P  # noqa: PLC0415
    from permission.pipeline import decide  # noqa: PLC0415

    env = os.environ if env is None else env
    req = P.Request("Bash", command, cwd, root, env=env, config=config)
    decision = decide(PHASES, req, FLOOR)
    lines = [
        "playgate permission gate: explain",
        f"command : {command!r}",
        f"project : {root}",
        f"cwd     : {cwd}",
    ]
    cfg = req.config
    if cfg is None:
        from permission import config as config_mod  # noqa: PLC0415

        cfg = config_mod.load(root)
    for label, status in cfg.layers:
        lines.append(f"layer   : {label}: {status}")
    for prefix in cfg.project_commands:
        lines.append(f"project : {prefix} (project_commands, from "
                     f"{cfg.source('project_commands', prefix)})")
    for error in cfg.errors:
        lines.append(f"ERROR   : {error}")
    for notice in cfg.notices:
        lines.append(f"notice  : {notice}")
    lines.append("")
    lines.append(f"{'phase':<7} {'result':<12} detail")
    for phase_id, status, text in decision.trace:
        shown = status.upper() if status in ("dialog", "allow") else status
        lines.append(f"{phase_id:<7} {shown:<12} {text}".rstrip())
    lines.append("")
    verdict = "ALLOW (auto-approved)" if decision.allowed else "DIALOG (the user is asked)"
    lines.append(f"decision: {verdict} by phase {decision.phase}: {decision.reason}")
    return "\n".join(lines) + "\n", decision


def cli(argv) -> int:
    """Command-line entry: ``--explain <command...> [--cwd DIR]``. Exit 0
    after printing, 2 on a usage error."""
    args = list(argv)
    if not args or args[0] in ("-h", "--help"):
        sys.stdout.write(USAGE)
        return 0 if args else 2
    if args[0] != "--explain":
        sys.stderr.write(f"unknown option {args[0]!r}\n{USAGE}")
        return 2
    args = args[1:]
    cwd = os.getcwd()
    if "--cwd" in args:
        at = args.index("--cwd")
        if at + 1 >= len(args):
            sys.stderr.write("--cwd needs a directory\n")
            return 2
        cwd = os.path.abspath(args[at + 1])
        del args[at : at + 2]
    if not args:
        sys.stderr.write(f"--explain needs a command\n{USAGE}")
        return 2
    command = " ".join(args)
    from statefiles import layout  # noqa: PLC0415

    root = layout.project_root(cwd, os.environ)
    text, _ = explain(command, root, cwd)
    sys.stdout.write(text)
    return 0
