"""``playgate validate [FILE...]``: state.md, plan.json, progress.json, the
custom rules file and the crew workflow's configuration against their
schemas, every error with its file, line and column.

Without FILE: the project's state.md, every playbook under ``play/``
(``--archive`` adds ``play/archive/``) and ``.claude/playgate-rules.yaml``
when it exists. A FILE's kind comes from its name (``*.md`` → state.md,
``plan.json``, ``progress.json``, ``*rules.yaml``) or ``--kind``. See
:mod:`playgate.validation` for what is checked. Writes nothing.
"""

from __future__ import annotations

import os

from messages import localize
from playgate import messages, validation
from playgate.errors import EXIT_INPUT, EXIT_NO, EXIT_OK, UsageError

NEEDS_PROJECT = True


def add_arguments(parser) -> None:
    """Add the command's options to its argparse ``parser`` (the :mod:`playgate.cli` contract);
    help texts from the message catalogue."""
    parser.add_argument("files", nargs="*", metavar="FILE",
                        help=messages.text("validate.opt.files"))
    parser.add_argument("--kind", choices=["state", "plan", "progress", "rules", "crew-config"],
                        help=messages.text("validate.opt.kind"))
    parser.add_argument("--archive", action="store_true",
                        help=messages.text("validate.opt.archive"))


def run(args, project) -> tuple:
    """Validate the FILEs given (kind from ``--kind`` or the name) or the project's state.md
    and playbooks (:mod:`playgate.validation`). Returns ``(exit_code, data)``, ``data`` the
    ``--json`` document; exit 0 all valid, 1 an error found, 3 a FILE given does not exist;
    UsageError when a FILE's kind cannot be told (:mod:`playgate.errors`)."""
    if args.files:
        files = []
        for given in args.files:
            kind = args.kind or validation.kind_of(given)
            if kind is None:
                raise UsageError(messages.text("validate.unknown_kind", file=given))
            path = os.path.abspath(given)
            files.append((path, project.rel(path), kind))
    else:
        files = validation.project_files(project.root, include_archive=args.archive)
    reports = validation.validate_files(files, project.root)
    missing = [r for r in reports if r.document is None and r.problems
               and r.problems[0].line == 0
               and getattr(r.problems[0].message, "key", None) == validation.MISSING]
    data = {"command": "validate", "project": project.root,
            "valid": all(r.valid for r in reports),
            "files": [r.to_json() for r in reports]}
    data["errors"] = sum(1 for r in reports for p in r.problems if p.level == "error")
    data["warnings"] = sum(1 for r in reports for p in r.problems if p.level == "warning")
    if args.files and missing:
        return EXIT_INPUT, data
    return (EXIT_OK if data["valid"] else EXIT_NO), data


def render(data: dict, lang: str) -> str:
    """``data`` of :func:`run` as text for people, in ``lang`` (``"en"``/``"ja"``): per file,
    ok or each problem as ``path:line:col: level: [pointer:] message``, then the counts."""
    lines = []
    for report in data["files"]:
        if not report["problems"]:
            lines.append(messages.text("validate.file_ok", lang, path=report["path"],
                                       kind=report["kind"]))
            continue
        for p in report["problems"]:
            where = f"{report['path']}:{p['line']}:{p['col']}" if p["line"] else report["path"]
            at = f" {p['pointer']}:" if p["pointer"] else ""
            lines.append(f"{where}: {p['level']}:{at} {localize(lang, p['message'])}")
    lines.append(messages.text("validate.summary", lang, files=len(data["files"]),
                               errors=data["errors"], warnings=data["warnings"]))
    return "\n".join(lines) + "\n"
