"""The ``playgate`` command line: argument parsing and dispatch only.

Each command is a module under :mod:`playgate.commands` with

* ``add_arguments(parser)`` — its options;
* ``run(args, project) -> (exit_code, data)`` — the work; ``data`` is the
  JSON document ``--json`` prints (a dict);
* ``render(data, lang) -> str`` — the same for people.

Command modules are imported only when chosen, so ``playgate status`` does
not pay for the shell analysis or jsonschema.

``install``, ``uninstall`` and ``demo`` are the installer's
(:mod:`playgate.installer`): they take install.py's flags
and keep its exit codes (0 done, 1 a step failed, 2 refused).

Exit codes of the other commands: :mod:`playgate.errors` (re-exported here).
"""

from __future__ import annotations

import os
import sys

from playgate import __version__, messages, suite
from playgate.errors import (  # noqa: F401
    EXIT_CODES,
    EXIT_INPUT,
    EXIT_INTERNAL,
    EXIT_NO,
    EXIT_OK,
    EXIT_USAGE,
    InputError,
    UsageError,
)

#: Command name → module under playgate.commands (its help is ``<name>.help``).
COMMANDS = {
    "check": "check",
    "explain": "explain",
    "doctor": "doctor",
    "status": "status",
    "validate": "validate",
    "replay": "replay",
    "init": "init",
    "plugin": "plugin",
    "logs": "logs",
    "report": "report",
    "schema": "schema",
}
#: Answered before the parser is built (:mod:`playgate.statusline`).
FAST_COMMANDS = ("statusline",)
#: The installer's commands (:func:`playgate.installer.command_main`).
INSTALLER_COMMANDS = ("install", "uninstall", "demo")


def _module(name: str):
    # The suite's packages (events, statefiles...) that command modules import
    # live in the suite root; it goes on sys.path only now, when one is needed.
    suite.put_on_path()
    return __import__(f"playgate.commands.{COMMANDS[name]}", fromlist=["run"])


def build_parser(lang: str = "en", only: str | None = None):
    """The argparse parser with every command's options (only those of the
    command ``only`` when given: the other modules are not imported)."""
    # lazy: argparse (and the re it imports) costs milliseconds that a fast
    # command answering without options (the coming `statusline`) must not pay
    import argparse

    parser = argparse.ArgumentParser(
        prog="playgate",
        description=messages.text("cli.description", lang),
        epilog=messages.text("cli.epilog", lang),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=_version_line())
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("-C", "--project", metavar="DIR",
                        help=messages.text("cli.opt.project", lang))
    common.add_argument("--json", action="store_true", help=messages.text("cli.opt.json", lang))
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in (*COMMANDS, *INSTALLER_COMMANDS, *FAST_COMMANDS):
        if name in INSTALLER_COMMANDS or name in FAST_COMMANDS or only is not None and name != only:
            sub.add_parser(name, help=messages.text(f"{name}.help", lang))
            continue
        module = _module(name)
        summary = messages.text(f"{name}.help", lang)
        cmd = sub.add_parser(name, parents=[common], help=summary,
                             description=messages.text(f"{name}.description", lang),
                             formatter_class=argparse.RawDescriptionHelpFormatter)
        module.add_arguments(cmd)
    return parser


def _version_line() -> str:
    return f"playgate {__version__} (Python {sys.version.split()[0]}, suite {suite.root()})"


def _dump_json(data) -> str:
    import json  # lazy: only --json output needs it (see build_parser)

    return json.dumps(data, indent=2, ensure_ascii=False, default=str) + "\n"


def _write(text: str, stream=None) -> None:
    stream = stream or sys.stdout
    try:
        stream.write(text)
        stream.flush()
    except BrokenPipeError:  # `playgate ... | head`
        try:
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - silence the final flush
        except OSError:
            pass


def main(argv=None) -> int:
    """Entry point of ``python -m playgate`` and the ``playgate`` console
    script. Returns the exit code (see the module docstring)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["statusline"]:
        # Runs on every status-line refresh: no parser, no
        # command modules; the suite's light modules only.
        suite.put_on_path()
        from playgate.statusline import main as statusline  # lazy: statusline only

        return statusline(argv[1:])
    lang = messages.early_language(argv)  # until the project is parsed
    messages.set_language(lang)
    wants_json = "--json" in argv
    if argv and argv[0] in INSTALLER_COMMANDS:
        # lazy: the installer is loaded only by its own commands (the other
        # commands, and later `statusline`, must not pay for it)
        from playgate.installer.cli import command_main

        return command_main(argv[0], argv[1:])
    if not argv or argv[0] not in COMMANDS and argv[0] not in ("-h", "--help", "--version"):
        parser = build_parser(lang)
        if argv:
            _error(wants_json, "usage", messages.text(
                "cli.unknown_command", lang, command=argv[0],
                commands=", ".join((*COMMANDS, *INSTALLER_COMMANDS, *FAST_COMMANDS))))
            return EXIT_USAGE
        parser.print_help()
        return EXIT_USAGE
    parser = build_parser(lang, only=argv[0] if argv[0] in COMMANDS else None)
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse: --help (0) or a usage error (2)
        return EXIT_OK if exc.code in (0, None) else EXIT_USAGE
    module = _module(args.command)
    try:
        # lazy: playgate.project imports the suite's statefiles, importable
        # only once _module() has put the suite root on sys.path
        from playgate.project import locate

        project = locate(args.project, needed=getattr(module, "NEEDS_PROJECT", True))
        lang = messages.language(project)
        messages.set_language(lang)
        code, data = module.run(args, project)
        output = _dump_json(dict(data, exit_code=code)) if args.json else module.render(data,
                                                                                        lang)
    except UsageError as exc:
        _error(args.json, "usage", str(exc))
        return EXIT_USAGE
    except InputError as exc:
        _error(args.json, "input", str(exc))
        return EXIT_INPUT
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # noqa: BLE001 - report a bug with its traceback
        import traceback  # lazy: only a bug report needs it

        _error(args.json, "internal", messages.text("cli.internal", lang,
                                                    error=f"{type(exc).__name__}: {exc}"))
        traceback.print_exc()
        return EXIT_INTERNAL
    _write(output)
    return code


def _error(as_json: bool, kind: str, message: str) -> None:
    if as_json:
        _write(_dump_json({"error": kind, "message": message}))
    _write(f"playgate: {message}\n", sys.stderr)
