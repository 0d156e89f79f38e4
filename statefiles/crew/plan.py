"""A cmd's plan: the task table of ``plan.md`` (and ``plan_retry.md`` after
the feedback loop), its waves, and what the hooks check in it (seed 000
Phase 2 steps 1–2; "並列実行のルール").

The decomposer writes one Markdown table with these columns (header names
case-insensitive; other columns are ignored)::

    | Task | Title | Persona | Model | Depends On | Writes |
    |------|-------|---------|-------|------------|--------|
    | 1 | survey the CLI | researcher | haiku | - | - |
    | 2 | add --shout | coder | sonnet | 1 | greet/cli.py, tests/test_cli.py |

* ``Task`` — the number N of ``tasks/task_N.md`` and ``results/result_N.md``;
* ``Persona`` — ``researcher``, ``writer``, ``coder`` or ``reviewer``;
* ``Model`` — ``haiku``, ``sonnet`` or ``opus`` (``-``: the configured default);
* ``Depends On`` — task numbers separated by commas (``-``: none);
* ``Writes`` — the files the task writes besides its result, repo-relative,
  comma-separated, globs allowed (``docs/**``); ``-``: none. Two tasks of
  one wave never write the same file ("同一ファイルへの並列書き込みは禁止").

Waves (seed 000 step 2): wave 1 is the tasks without dependencies; wave k+1
the tasks whose dependencies all lie in waves 1..k. A dependency on an
unknown task or a cycle is a plan problem (those tasks get no wave).
"""

from __future__ import annotations

import os

from statefiles.crew import file_path
from statefiles.crew.results import PERSONAS

MODELS = ("haiku", "sonnet", "opus")
_NONE = ("", "-", "—", "–", "none", "n/a")
#: Writes entries that are documentation, not code (seed 000's "writing-only"
#: cmds: a writer's Markdown). Anything else a task writes counts as code.
DOC_SUFFIXES = (".md", ".markdown", ".rst", ".txt", ".adoc")


class Task:
    """One row of the plan.

    Attributes:
        number, title, persona, model: the row's cells (``model`` ``None``
            for ``-``).
        depends: the task numbers it depends on (tuple).
        writes: the files or globs it writes besides its result (tuple).
        wave: 1-based wave, or ``None`` when it has none (a plan problem).
    """

    __slots__ = ("number", "title", "persona", "model", "depends", "writes", "wave")

    def __init__(self, number, title="", persona="", model=None, depends=(), writes=()) -> None:
        self.number, self.title, self.persona, self.model = number, title, persona, model
        self.depends, self.writes, self.wave = tuple(depends), tuple(writes), None

    def writes_code(self) -> bool:
        """The task writes code: its persona is ``coder``, or it writes a file
        that is not documentation (:data:`DOC_SUFFIXES`)."""
        return self.persona == "coder" or any(
            not w.lower().endswith(DOC_SUFFIXES) for w in self.writes)

    def __repr__(self) -> str:
        return f"Task({self.number}, {self.persona}, deps={self.depends}, wave={self.wave})"


class Plan:
    """A cmd's task table.

    Attributes:
        tasks: ``{number: Task}`` in table order.
        problems: what is wrong with it (:class:`messages.Text`, English as
            their ``str``; empty for a good plan).
        scope_warning: the ``scope_warning`` line's text, if any.
        found: a task table was found.
    """

    __slots__ = ("tasks", "problems", "scope_warning", "found")

    def __init__(self) -> None:
        self.tasks: dict = {}
        self.problems: list = []
        self.scope_warning = ""
        self.found = False

    def waves(self) -> list:
        """``[[Task, ...], ...]``: the tasks of each wave, in table order."""
        count = max((t.wave for t in self.tasks.values() if t.wave), default=0)
        return [[t for t in self.tasks.values() if t.wave == k] for k in range(1, count + 1)]

    def writes_code(self) -> bool:
        """Some task writes code (:meth:`Task.writes_code`): plan validation is
        then required before any worker starts (a documented deviation from
        the seed, where it is optional)."""
        return any(t.writes_code() for t in self.tasks.values())


def _cells(line: str) -> list | None:
    line = line.strip()
    if not (line.startswith("|") and line.endswith("|") and len(line) > 1):
        return None
    return [c.strip() for c in line[1:-1].split("|")]


def _separator(cells: list) -> bool:
    return all(c and set(c) <= set(":- ") and "-" in c for c in cells)


def _number(text: str):
    text = text.strip().strip("*`").strip()
    if text.lower().startswith("task"):
        text = text[4:].strip(" _#")
    return int(text) if text.isdigit() and text.isascii() and len(text) < 7 else None


def _list(text: str) -> list:
    text = text.strip()
    if text.lower() in _NONE:
        return []
    return [p.strip().strip("`") for p in text.replace(";", ",").split(",") if p.strip()]


COLUMNS = {"task": "task", "#": "task", "id": "task", "title": "title", "persona": "persona",
           "model": "model", "depends on": "depends", "depends": "depends",
           "writes": "writes", "output files": "writes"}


def parse(text: str, into: Plan | None = None) -> Plan:
    """The task table of a plan text (the first table with ``Task`` and
    ``Persona`` columns). Problems are recorded, never raised."""
    plan = into or Plan()
    lines = text.split("\n") if isinstance(text, str) else []
    for line in lines:
        stripped = line.strip().lstrip("-* ").lower()
        if stripped.startswith("scope_warning:") and not plan.scope_warning:
            plan.scope_warning = line.split(":", 1)[1].strip()
    index = 0
    while index < len(lines):
        head = _cells(lines[index])
        if head is None:
            index += 1
            continue
        names = [COLUMNS.get(c.strip("*` ").lower()) for c in head]
        sep = _cells(lines[index + 1]) if index + 1 < len(lines) else None
        if "task" not in names or "persona" not in names or sep is None or not _separator(sep):
            index += 1
            continue
        plan.found = True
        index += 2
        while index < len(lines):
            cells = _cells(lines[index])
            if cells is None:
                break
            index += 1
            row = {name: cells[k] if k < len(cells) else "" for k, name in enumerate(names)
                   if name}
            _row(plan, row)
        return plan
    return plan


def _row(plan: Plan, row: dict) -> None:
    number = _number(row.get("task", ""))
    if number is None:
        plan.problems.append(_text("crew_plan.bad_number", value=repr(row.get("task", ""))))
        return
    if number in plan.tasks:
        plan.problems.append(_text("crew_plan.twice", task=number))
        return
    persona = row.get("persona", "").strip("*` ").lower()
    if persona.startswith("worker_"):
        persona = persona[len("worker_"):]
    if persona not in PERSONAS:
        plan.problems.append(_text("crew_plan.persona", task=number,
                                   value=repr(row.get("persona", "")),
                                   allowed=", ".join(PERSONAS)))
    model = row.get("model", "").strip("*` ").lower()
    if model in _NONE:
        model = None
    elif model not in MODELS:
        plan.problems.append(_text("crew_plan.model", task=number, value=repr(model),
                                   allowed=", ".join(MODELS)))
        model = None
    depends = []
    for part in _list(row.get("depends", "")):
        dep = _number(part)
        if dep is None:
            plan.problems.append(_text("crew_plan.dependency", task=number, value=repr(part)))
        else:
            depends.append(dep)
    writes = [w for w in _list(row.get("writes", "")) if w]
    plan.tasks[number] = Task(number, row.get("title", ""), persona, model, depends, writes)


def assign_waves(plan: Plan) -> Plan:
    """Set each task's wave (seed 000 step 2) and record unknown dependencies,
    cycles and files two tasks of one wave both write."""
    tasks = plan.tasks
    for task in tasks.values():
        for dep in task.depends:
            if dep not in tasks:
                plan.problems.append(_text("crew_plan.unknown_dependency", task=task.number,
                                           dependency=dep))
            elif dep == task.number:
                plan.problems.append(_text("crew_plan.self_dependency", task=task.number))
    wave = 0
    placed: set = set()
    while len(placed) < len(tasks):
        wave += 1
        ready = [t for t in tasks.values() if t.number not in placed
                 and all(d in placed for d in t.depends)]
        if not ready:
            stuck = sorted(n for n in tasks if n not in placed)
            plan.problems.append(_text("crew_plan.cycle", tasks=", ".join(map(str, stuck))))
            break
        for t in ready:
            t.wave = wave
        placed.update(t.number for t in ready)
    for group in plan.waves():
        for i, a in enumerate(group):
            for b in group[i + 1:]:
                shared = overlap(a.writes, b.writes)
                if shared:
                    plan.problems.append(_text("crew_plan.shared_write", first=a.number,
                                               second=b.number, wave=a.wave, path=shared))
    return plan


def _text(key: str, /, **fields):
    """A plan problem as :class:`messages.Text` (its English as before,
    said in the reader's language where it is shown)."""
    from messages import Text  # lazy: only a plan with a problem makes one

    return Text(key, **fields)


def overlap(first, second) -> str | None:
    """A file or pattern both lists of Writes can name (``None`` when they
    are disjoint). Two globs overlap when either matches the other's text."""
    from statefiles.protected import matches  # lazy: the glob matcher for a plan check only

    for a in first:
        for b in second:
            if a == b or matches(a, b) or matches(b, a):
                return a if a == b else f"{a} / {b}"
    return None


def load(root: str, cmd: str) -> Plan:
    """The cmd's plan: ``plan.md`` plus ``plan_retry.md`` when the feedback
    loop wrote one (its tasks continue the numbering), waves assigned. A
    missing plan.md is a plan with ``found`` False."""
    plan = Plan()
    for name in ("plan.md", "plan_retry.md"):
        text = _read(os.path.join(root, file_path(cmd, name)))
        if text is None:
            continue
        before = set(plan.tasks)
        extra = parse(text, Plan())
        plan.found = plan.found or extra.found
        plan.problems.extend(_text("crew_plan.in_file", file=name, problem=p)
                             for p in extra.problems)
        plan.scope_warning = plan.scope_warning or extra.scope_warning
        for number, task in extra.tasks.items():
            if number in before:
                plan.problems.append(_text("crew_plan.in_file", file=name, problem=_text(
                    "crew_plan.already_in_plan", task=number)))
                continue
            plan.tasks[number] = task
    return assign_waves(plan)


def fingerprint(root: str, cmd: str) -> str:
    """A hash of the cmd's plan files as they are now (plan.md and
    plan_retry.md): a plan review is valid for the plan it read."""
    import hashlib  # lazy: only when a plan review is recorded or required

    digest = hashlib.sha256()
    for name in ("plan.md", "plan_retry.md"):
        digest.update(name.encode())
        try:
            with open(os.path.join(root, file_path(cmd, name)), "rb") as fh:
                digest.update(fh.read(4 * 1024 * 1024))
        except OSError:
            digest.update(b"\x00missing")
    return digest.hexdigest()[:16]


def _read(path: str) -> str | None:
    try:
        with open(path, "rb") as fh:
            return fh.read(1024 * 1024).decode("utf-8", "replace")
    except OSError:
        return None
