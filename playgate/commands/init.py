"""``playgate init``: the project files of the workflow, for plugin installs.

install.py creates them itself; when the suite comes from the Claude Code
plugin, the project has none, and SessionStart says that state.md is
missing. This creates, from the suite's templates and only where absent:

* ``state.md`` (``templates/state.md``);
* ``play/template/plan.json`` and ``progress.json``;
* ``.claude/protected-files.txt`` (the suite's default list, to edit);
* a ``.gitignore`` block for the hooks' runtime state (``.claude/.session-init/``,
  ``session-state/``, ``logs/``, ``.cache/``, ``state/``) and the personal
  permission layer (``permission-config.local.yaml``), unless every line is there.

Existing files are never changed. ``--dry-run`` only lists what would be
created. Exit 0 (also when there is nothing to do); 3 when the suite's
templates are not available (an installed copy has none: use install.py).
"""

from __future__ import annotations

import os

from playgate import messages, suite
from playgate.errors import EXIT_OK, InputError
from statefiles.atomic import write_atomic

NEEDS_PROJECT = True
FILES = (
    ("state.md", "templates/state.md"),
    ("play/template/plan.json", "templates/play/plan.json"),
    ("play/template/progress.json", "templates/play/progress.json"),
    (".claude/protected-files.txt", "protected-files.txt"),
)
#: The per-checkout state the hooks write (:data:`playgate.suite.GITIGNORE`
#: without the lines only install.py's own files need: its virtualenv, the
#: installed copy's bytecode, module bundle and parser tables, which the plugin
#: keeps in its own root, its backups and its manifest).
GITIGNORE_LINES = suite.GITIGNORE_RUNTIME
GITIGNORE_BEGIN = "# >>> playgate: hook runtime state (playgate init)"
GITIGNORE_END = "# <<< playgate"


def add_arguments(parser) -> None:
    """Add the command's options to its argparse ``parser`` (the :mod:`playgate.cli` contract);
    help texts from the message catalogue."""
    parser.add_argument("--dry-run", action="store_true",
                        help=messages.text("init.opt.dry_run"))


def plan(project) -> list:
    """``[(rel, source_abs_or_None, action)]``: ``create`` or ``exists``
    for each file; ``append`` or ``exists`` for the .gitignore block."""
    steps = []
    for rel, src in FILES:
        dest = project.path(rel)
        if os.path.lexists(dest):
            steps.append((rel, None, "exists"))
            continue
        source = os.path.join(project.suite, *src.split("/"))
        if not os.path.isfile(source):
            from playgate.installer import routes  # lazy: only this refusal needs it

            raise InputError(messages.text("init.no_templates", suite=project.suite,
                                           install=routes.install_command(project.root)))
        steps.append((rel, source, "create"))
    try:
        with open(project.path(".gitignore"), encoding="utf-8") as fh:
            have = set(fh.read().splitlines())
    except FileNotFoundError:
        have = set()
    missing = [line for line in GITIGNORE_LINES if line not in have]
    steps.append((".gitignore", None, "append" if missing else "exists"))
    return steps


def run(args, project) -> tuple:
    """Create the missing project files from the suite's templates and append the missing
    .gitignore lines in a marked block (atomic writes; nothing with ``--dry-run``). Returns
    ``(exit_code, data)``, ``data`` the ``--json`` document; exit 0; InputError when the
    suite has no templates (:mod:`playgate.errors`)."""
    steps = plan(project)
    done = []
    for rel, source, action in steps:
        if action == "exists" or args.dry_run:
            continue
        dest = project.path(rel)
        if action == "create":
            with open(source, "rb") as fh:
                data = fh.read()
            os.makedirs(os.path.dirname(dest) or ".", exist_ok=True)
            write_atomic(dest, data)
        else:
            try:
                with open(dest, encoding="utf-8") as fh:
                    text = fh.read()
            except FileNotFoundError:
                text = ""
            have = set(text.splitlines())
            block = [GITIGNORE_BEGIN] + [line for line in GITIGNORE_LINES if line not in have] \
                + [GITIGNORE_END]
            sep = "" if not text or text.endswith("\n") else "\n"
            write_atomic(dest, (text + sep + "\n".join(block) + "\n").encode("utf-8"))
        done.append(rel)
    data = {"command": "init", "project": project.root, "dry_run": args.dry_run,
            "steps": [{"path": rel, "action": action} for rel, _s, action in steps],
            "changed": done}
    return EXIT_OK, data


def render(data: dict, lang: str) -> str:
    """``data`` of :func:`run` as text for people, in ``lang`` (``"en"``/``"ja"``): one line
    per file (created, appended, already there; "would" under ``--dry-run``)."""
    t = messages.text
    lines = []
    for step in data["steps"]:
        key = f"init.{step['action']}" + ("_dry" if data["dry_run"] and step["action"] != "exists"
                                          else "")
        lines.append("  " + t(key, lang, path=step["path"]))
    if not any(s["action"] != "exists" for s in data["steps"]):
        lines.append(t("init.nothing", lang))
    elif not data["dry_run"]:
        lines.append(t("init.done", lang))
    return "\n".join(lines) + "\n"
