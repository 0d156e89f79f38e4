"""The installer's command line, shared by ``python install.py`` (a
checkout) and ``playgate install|uninstall|demo`` (the wheel's console
script): the same flags, output and exit codes.

Exit codes: 0 done (or nothing to do), 1 a step failed, 2 refused (nothing
written), 130 interrupted.
"""

from __future__ import annotations

import argparse
import shlex
import sys

from playgate.detect_commands import ask_terminal, offer
from playgate.installer.common import InstallError, Refusal
from playgate.installer.demo import run_demo
from playgate.installer.plan import install
from playgate.installer.statusline import offer_statusline
from playgate.installer.target import check_target
from playgate.installer.uninstall import uninstall

EPILOG = "Exit codes: 0 done (or nothing to do), 1 a step failed, 2 refused (nothing written)."


def _add_repo(parser, required: bool = False) -> None:
    parser.add_argument("repo", nargs=None if required else "?",
                        help="the git repository (its top-level directory)")


def _add_python(parser) -> None:
    parser.add_argument("--python", metavar="PATH",
                        help="use this interpreter (Python >= 3.10 with the runtime "
                             "dependencies) instead of creating .claude/.venv")


def _add_dry_run(parser) -> None:
    parser.add_argument("--dry-run", action="store_true", help="print the plan, write nothing")


def _add_yes(parser) -> None:
    parser.add_argument("--yes", action="store_true",
                        help="declare the project's detected test/lint/build commands as "
                             "project_commands and register `playgate statusline` as the "
                             "status line (never over one you have) without asking")


def _install(repo: str, python, dry_run: bool, assume_yes: bool, uninstall_command: str) -> int:
    """Install, then propose the project's own commands:
    written to ``.claude/permission-config.yaml`` only when the user agrees
    (``--yes``, or a yes at the terminal prompt), and the status line
    on the same terms."""
    code = install(repo, python=python, dry_run=dry_run, uninstall_command=uninstall_command)
    if code == 0:
        target = check_target(repo)
        ask = ask_terminal if sys.stdin.isatty() else None
        offer(target, assume_yes=assume_yes, dry_run=dry_run, ask=ask)
        offer_statusline(target, assume_yes=assume_yes, dry_run=dry_run, ask=ask)
    return code


def _guarded(func, *args, **kwargs) -> int:
    """Run one installer action and turn its errors into exit codes."""
    try:
        return func(*args, **kwargs)
    except Refusal as exc:
        sys.stderr.write(f"playgate: refused: {exc}\n")
        return 2
    except InstallError as exc:
        sys.stderr.write(f"playgate: failed: {exc}\n")
        return 1
    except KeyboardInterrupt:
        sys.stderr.write("playgate: interrupted\n")
        return 130


def main(argv=None, launcher: str = "install.py") -> int:
    """``python install.py [--python PATH] [--dry-run] [--uninstall] REPO``
    and ``--demo [DIR]``. ``launcher``: the path of install.py (for the undo
    hint). Returns the exit code."""
    parser = argparse.ArgumentParser(
        prog="install.py", description="Install the playgate hook suite into a git repository.",
        epilog=EPILOG)
    _add_repo(parser)
    _add_python(parser)
    _add_dry_run(parser)
    _add_yes(parser)
    parser.add_argument("--uninstall", action="store_true",
                        help="remove what the install added and restore settings/.gitignore")
    parser.add_argument("--demo", nargs="?", const="", metavar="DIR",
                        help="create a throw-away repository (DIR, default a new temp dir), "
                             "install into it and replay a scripted session")
    args = parser.parse_args(argv)
    if args.demo is not None:
        if args.repo or args.uninstall or args.dry_run:
            parser.error("--demo takes only an optional DIR and --python")
        return _guarded(run_demo, args.demo or None, args.python)
    if not args.repo:
        parser.error("name the repository: python install.py /path/to/repo")
    if args.uninstall:
        if args.python:
            parser.error("--uninstall does not take --python")
        return _guarded(uninstall, args.repo, dry_run=args.dry_run)
    return _guarded(_install, args.repo, args.python, args.dry_run, args.yes,
                    uninstall_command=f"python {shlex.quote(launcher)} --uninstall")


def command_main(command: str, argv=None) -> int:
    """``playgate install|uninstall|demo ...``: the same actions as
    :func:`main` as subcommands of the ``playgate`` console script
    (``pipx install playgate`` then ``playgate install <repo>``)."""
    parser = argparse.ArgumentParser(prog=f"playgate {command}", epilog=EPILOG)
    if command == "install":
        parser.description = "Install the playgate hook suite into a git repository's .claude/."
        _add_repo(parser, required=True)
        _add_python(parser)
        _add_dry_run(parser)
        _add_yes(parser)
    elif command == "uninstall":
        parser.description = "Remove what `playgate install` added to a repository."
        _add_repo(parser, required=True)
        _add_dry_run(parser)
    elif command == "demo":
        parser.description = ("Create a throw-away repository, install into it and replay a "
                              "scripted Claude Code session through the installed hooks.")
        parser.add_argument("dir", nargs="?", metavar="DIR",
                            help="where to make the demo repository (default: a new temp dir)")
        _add_python(parser)
    else:
        raise ValueError(f"not an installer command: {command}")
    args = parser.parse_args(argv)
    if command == "install":
        return _guarded(_install, args.repo, args.python, args.dry_run, args.yes,
                        uninstall_command="playgate uninstall")
    if command == "uninstall":
        return _guarded(uninstall, args.repo, dry_run=args.dry_run)
    return _guarded(run_demo, args.dir or None, args.python)
