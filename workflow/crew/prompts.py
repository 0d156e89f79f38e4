"""What an Agent call's prompt names, for the crew's hooks (seed 000
"prompt の構成"): the parent passes paths, never contents::

    ## Instructions
    TEMPLATE_PATH: .claude/skills/crew/templates/result.md
    ↑ Read this file first and follow it.

    ## Task
    - input: work/cmd_001/tasks/task_2.md
    - output: work/cmd_001/results/result_2.md

The hooks read the cmd, the task and result files, ``FAILED_TASKS: [N, M]``
and ``MODE: full|light`` from it. Paths may be repo-relative or absolute
inside the project; anything else is ignored.
"""

from __future__ import annotations

from statefiles.crew import RESULT, TASK, WORK, classify

_STOP = " \t\r\n`'\"()[]<>{},;|*"


class Named:
    """What a prompt names.

    Attributes:
        cmds: the cmd ids named (sorted).
        tasks: ``{(cmd, N)}`` of task files named.
        results: ``{(cmd, N)}`` of result files named.
        files: ``{(cmd, kind)}`` of the other cmd files named (``plan``, ``report``...).
        failed_tasks: the numbers of a ``FAILED_TASKS:`` line (``None`` when absent).
        mode: the ``MODE:`` value, lower case (``""`` when absent).
        template: the ``TEMPLATE_PATH:`` value (``""`` when absent).
    """

    __slots__ = ("cmds", "tasks", "results", "files", "failed_tasks", "mode", "template")

    def __init__(self) -> None:
        self.cmds: list = []
        self.tasks: set = set()
        self.results: set = set()
        self.files: set = set()
        self.failed_tasks = None
        self.mode = ""
        self.template = ""

    @property
    def cmd(self) -> str | None:
        """The one cmd the prompt names, or ``None`` (none, or several)."""
        return self.cmds[0] if len(self.cmds) == 1 else None


def _relative(word: str, root: str) -> str | None:
    word = word.strip(_STOP).rstrip(".:")
    if not word:
        return None
    prefix = root.rstrip("/") + "/"
    if word.startswith(prefix):
        word = word[len(prefix):]
    elif word.startswith("/"):
        return None
    while word.startswith("./"):
        word = word[2:]
    return word if word.startswith(WORK + "/") else None


def _numbers(text: str) -> list:
    out = []
    for part in text.replace("[", " ").replace("]", " ").replace(",", " ").split():
        part = part.strip().lower().removeprefix("task_").removeprefix("task")
        if part.isdigit() and part.isascii():
            out.append(int(part))
    return out


def parse(prompt, root: str) -> Named:
    """What ``prompt`` names (see the module docstring). Never raises."""
    named = Named()
    if not isinstance(prompt, str):
        return named
    cmds: set = set()
    for line in prompt.split("\n"):
        stripped = line.strip().lstrip("-*> ").strip()
        upper = stripped.upper()
        if upper.startswith("FAILED_TASKS:"):
            named.failed_tasks = _numbers(stripped.split(":", 1)[1])
        elif upper.startswith("MODE:"):
            named.mode = stripped.split(":", 1)[1].strip().strip("`*").lower()
        elif upper.startswith("TEMPLATE_PATH:") and not named.template:
            named.template = stripped.split(":", 1)[1].strip().strip("`")
        for word in line.replace("\u3000", " ").split():
            rel = _relative(word.split(":", 1)[1] if word.count(":") == 1 and not
                            word.startswith(("/", WORK)) else word, root)
            if rel is None:
                continue
            where = classify(rel.rstrip("/"))
            if where.cmd is None:
                continue
            cmds.add(where.cmd)
            if where.kind == TASK:
                named.tasks.add((where.cmd, where.number))
            elif where.kind == RESULT:
                named.results.add((where.cmd, where.number))
            else:
                named.files.add((where.cmd, where.kind))
    named.cmds = sorted(cmds)
    return named
