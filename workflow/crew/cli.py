"""The crew's scripts (``skills/crew/*.py``): what each does, with its exit
statuses. Every bad input is one line on stderr and a non-zero exit.

The project root is the parent of ``.claude/`` when the scripts are
install.py's copy, else ``$CLAUDE_PROJECT_DIR`` or the git top level of the
working directory (:func:`statefiles.layout.project_root`).
"""

from __future__ import annotations

import os
import sys

from statefiles import fastjson, layout
from statefiles.crew import ABORTED, CMD_PREFIX, WORK, classify, cmd_number, is_cmd_id
from statefiles.crew.results import PERSONAS, validate
from workflow.crew.stats import collect

EXIT_OK, EXIT_FAIL, EXIT_USAGE, EXIT_BUSY = 0, 1, 2, 3
#: Attempts to take the next number (seed 000: "最大5回リトライ").
ATTEMPTS = 5


def project_root() -> str:
    suite = layout.SUITE_ROOT
    if os.path.basename(suite) == ".claude":
        return os.path.realpath(os.path.dirname(suite))
    return os.path.realpath(layout.project_root(os.getcwd(), os.environ))


def _error(text: str, code: int = EXIT_USAGE) -> int:
    sys.stderr.write(text.replace("\n", " ") + "\n")
    return code


def next_cmd(root: str) -> str:
    """The id after the highest existing ``work/cmd_NNN`` (``cmd_001`` first)."""
    try:
        names = os.listdir(os.path.join(root, WORK))
    except OSError:
        names = []
    highest = max((cmd_number(n) for n in names if is_cmd_id(n)), default=0)
    return f"{CMD_PREFIX}{highest + 1:03d}"


def make_cmd(root: str) -> str | None:
    """Create the next cmd directory with ``tasks/`` and ``results/``; its
    id, or ``None`` when every attempt lost the race."""
    os.makedirs(os.path.join(root, WORK), exist_ok=True)
    for _attempt in range(ATTEMPTS):
        cmd = next_cmd(root)
        path = os.path.join(root, WORK, cmd)
        try:
            os.mkdir(path)  # atomic: exactly one process creates it
        except FileExistsError:
            continue
        os.mkdir(os.path.join(path, "tasks"))
        os.mkdir(os.path.join(path, "results"))
        return cmd
    return None


def new_cmd(argv: list) -> int:
    """``new_cmd.py`` → prints ``cmd_NNN`` (exit 0; 3 when no number was
    free after five attempts); ``new_cmd.py --abort cmd_NNN`` → leaves the
    ABORTED marker (exit 0)."""
    root = project_root()
    if not argv:
        try:
            cmd = make_cmd(root)
        except OSError as exc:
            return _error(f"new_cmd: cannot create {WORK}/: {exc.strerror or exc}", EXIT_FAIL)
        if cmd is None:
            return _error(f"new_cmd: no free cmd number after {ATTEMPTS} attempts (another "
                          "session is creating cmds); run it again", EXIT_BUSY)
        print(cmd)
        return EXIT_OK
    if argv[0] == "--abort" and len(argv) == 2:
        cmd = argv[1].strip().rstrip("/").split("/")[-1]
        if not is_cmd_id(cmd) or not os.path.isdir(os.path.join(root, WORK, cmd)):
            return _error(f"new_cmd: {argv[1]!r} is not a cmd under {WORK}/ (cmd_NNN)")
        marker = os.path.join(root, WORK, cmd, ABORTED)
        with open(marker, "w", encoding="utf-8") as fh:
            fh.write("aborted\n")
        print(f"{cmd} aborted")
        return EXIT_OK
    return _error("usage: new_cmd.py [--abort cmd_NNN]")


def validate_result(argv: list) -> int:
    """``validate_result.py RESULT_PATH PERSONA`` → one JSON line; exit 0
    pass, 1 fail, 2 bad input."""
    if len(argv) != 2:
        return _error("usage: validate_result.py RESULT_PATH PERSONA (persona: "
                      + ", ".join(PERSONAS) + ")")
    given, persona = argv
    persona = persona.strip().lower().removeprefix("worker_")
    if persona not in PERSONAS:
        return _error(f"validate_result: persona {argv[1]!r} is not one of "
                      + ", ".join(PERSONAS))
    root = project_root()
    path = os.path.realpath(os.path.join(os.getcwd(), given))
    if not (path + "/").startswith(root.rstrip("/") + "/"):
        return _error(f"validate_result: {given!r} is outside the project")
    rel = path[len(root.rstrip("/")) + 1:]
    if classify(rel).kind != "result":
        return _error(f"validate_result: {given!r} is not a result file "
                      f"({WORK}/cmd_NNN/results/result_N.md)")
    report = validate(root, rel, persona)
    print(fastjson.dumps(report))
    return EXIT_OK if report["status"] == "pass" else EXIT_FAIL


def stats(argv: list) -> int:
    """``stats.py [--json]`` → the per-role table (exit 0)."""
    if argv not in ([], ["--json"]):
        return _error("usage: stats.py [--json]")
    data = collect(project_root())
    if argv:
        print(fastjson.dumps(data))
        return EXIT_OK
    print(f"cmds recorded: {data['cmds']}")
    print(f"{'role':<16}{'runs':>6}{'mean s':>9}{'success':>9}{'partial':>9}{'failure':>9}"
          f"{'timeout':>9}{'retries':>9}")
    for role, row in data["roles"].items():
        mean = "-" if row["mean_sec"] is None else f"{row['mean_sec']:.1f}"
        print(f"{role:<16}{row['runs']:>6}{mean:>9}{row['success']:>9}{row['partial']:>9}"
              f"{row['failure']:>9}{row['timeout']:>9}{row['retries']:>9}")
    return EXIT_OK
