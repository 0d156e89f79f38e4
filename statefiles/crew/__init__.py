"""The crew workflow's files (claude-crew's orchestration, seed 000): where a
cmd's files are and what each one is.

A *cmd* is one request carried out by subagents: ``work/cmd_NNN/`` holds

============================  ===================================  ==========================
file                          written by                           read by the parent
============================  ===================================  ==========================
``request.md``                the parent (the user's request)      yes
``plan.md``                   ``crew-decomposer`` (the task table)  the table
``tasks/task_N.md``           ``crew-decomposer``                  never (path-passer rule)
``plan_review.md``            the hooks, from ``crew-plan-reviewer``  yes
``plan_retry.md``             ``crew-decomposer`` (feedback loop)  the table
``results/result_N.md``       the task's worker                    its metadata header only
``execution_log.yaml``        the hooks (the parent adds keys)     yes
``cmd_report.md``                 ``crew-aggregator``                  the memory-candidate section
``cmd_report_summary.md``         ``crew-aggregator`` (≤ 50 lines)     yes
``retrospective.md``          ``crew-retrospector``                yes
============================  ===================================  ==========================

The readers and writers of those files are here, beside this layout:
:mod:`statefiles.crew.config` (``.claude/crew-config.yaml``, the seed's keys
and defaults), :mod:`statefiles.crew.plan` (the task table, waves),
:mod:`statefiles.crew.results` (a result's metadata header and its
validation, shared with ``validate_result.py``),
:mod:`statefiles.crew.frontmatter` (the Markdown files' front matter) and
:mod:`statefiles.crew.ledger` (the hooks' record of launches and stops, and
the ``execution_log.yaml`` rendered from it). The workflow's rules that
several guards share are in :mod:`workflow.crew`.

The seed's ``report.md`` and ``report_summary.md`` are ``cmd_report.md`` and
``cmd_report_summary.md`` here: Claude Code refuses a subagent's Write of a
file named ``report*.md``, ``summary*.md``, ``findings*.md`` or
``analysis*.md`` ("Subagents should return findings as text, not write
report files"; docs/claude-code-measured.md), and the aggregator is a
subagent.

Standard library only, and no import heavier than ``os`` at module level:
the crew scripts run under the system ``python3`` and import these modules,
and the hooks read them on the crew's paths.
"""

from __future__ import annotations

import os

#: The directory of the cmds, repo-relative.
WORK = "work"
CMD_PREFIX = "cmd_"
#: Lines of a result file the parent may read: its metadata header (seed 000
#: "resultファイルのメタデータヘッダー（YAMLフロントマター形式、先頭20行以内）").
HEADER_LINES = 20
#: The most lines cmd_report_summary.md may have (seed 000 Phase 3).
SUMMARY_MAX_LINES = 50

#: The kinds of file in a cmd directory, by their repo-relative shape.
REQUEST, PLAN, PLAN_REVIEW, PLAN_RETRY, TASK, RESULT, LOG = (
    "request", "plan", "plan_review", "plan_retry", "task", "result", "log")
REPORT, SUMMARY, RETROSPECTIVE = "report", "summary", "retrospective"
#: File name → kind, for the files directly in ``work/cmd_NNN/``.
TOP_FILES = {
    "request.md": REQUEST, "plan.md": PLAN, "plan_review.md": PLAN_REVIEW,
    "plan_retry.md": PLAN_RETRY, "execution_log.yaml": LOG, "cmd_report.md": REPORT,
    "cmd_report_summary.md": SUMMARY, "retrospective.md": RETROSPECTIVE,
}
#: Marker a user (or the parent, when the user asks) leaves to abandon a cmd:
#: ``new_cmd.py --abort cmd_NNN`` writes it; the hooks then stop guarding it.
ABORTED = "ABORTED"


def is_cmd_id(name: str) -> bool:
    """``cmd_`` followed by one or more digits (``cmd_001``, ``cmd_1234``)."""
    return (isinstance(name, str) and name.startswith(CMD_PREFIX)
            and name[len(CMD_PREFIX):].isdigit() and name[len(CMD_PREFIX):].isascii())


def cmd_number(cmd: str) -> int:
    """``cmd_007`` → 7 (``-1`` for something that is no cmd id)."""
    return int(cmd[len(CMD_PREFIX):]) if is_cmd_id(cmd) else -1


def cmd_dir(cmd: str) -> str:
    """``work/cmd_NNN`` (repo-relative)."""
    return f"{WORK}/{cmd}"


class CmdPath:
    """What a repo-relative path is in the crew's layout.

    Attributes:
        cmd: the cmd id (``cmd_001``), or ``None`` when the path is not inside
            ``work/cmd_NNN/``.
        kind: one of the kinds above, ``"dir"`` for ``work/cmd_NNN`` itself,
            ``"tasks"``/``"results"`` for those directories, or ``"other"``.
        number: the task number of a task or result file (``None`` otherwise).
    """

    __slots__ = ("cmd", "kind", "number")

    def __init__(self, cmd, kind, number=None) -> None:
        self.cmd, self.kind, self.number = cmd, kind, number

    def __repr__(self) -> str:
        return f"CmdPath({self.cmd}, {self.kind}, {self.number})"


def classify(rel) -> CmdPath:
    """The crew meaning of the repo-relative path ``rel`` (forward slashes):
    ``work/cmd_001/tasks/task_3.md`` → ``CmdPath("cmd_001", "task", 3)``;
    a path outside ``work/cmd_NNN/`` → ``CmdPath(None, "other")``. Exact
    names only (``Task_3.md``, ``task_3.md.bak`` and ``task_03.md`` are
    ``other`` files of the cmd: the agents write the names the templates
    give)."""
    if not isinstance(rel, str):
        return CmdPath(None, "other")
    parts = rel.split("/")
    if len(parts) < 2 or parts[0] != WORK or not is_cmd_id(parts[1]):
        return CmdPath(None, "other")
    cmd = parts[1]
    if len(parts) == 2:
        return CmdPath(cmd, "dir")
    if len(parts) == 3:
        name = parts[2]
        if name in ("tasks", "results"):
            return CmdPath(cmd, name)
        return CmdPath(cmd, TOP_FILES.get(name, "other"))
    if len(parts) == 4 and parts[2] in ("tasks", "results"):
        stem = "task_" if parts[2] == "tasks" else "result_"
        name = parts[3]
        digits = name[len(stem):-3] if name.startswith(stem) and name.endswith(".md") else ""
        if digits.isdigit() and digits.isascii() and (digits == "0" or digits[0] != "0"):
            return CmdPath(cmd, TASK if stem == "task_" else RESULT, int(digits))
    return CmdPath(cmd, "other")


def task_path(cmd: str, number: int) -> str:
    return f"{WORK}/{cmd}/tasks/task_{number}.md"


def result_path(cmd: str, number: int) -> str:
    return f"{WORK}/{cmd}/results/result_{number}.md"


def file_path(cmd: str, name: str) -> str:
    return f"{WORK}/{cmd}/{name}"


def cmd_ids(root: str) -> list:
    """The cmd ids under ``root/work/``, oldest (lowest number) first."""
    try:
        names = os.listdir(os.path.join(root, WORK))
    except OSError:
        return []
    found = [n for n in names if is_cmd_id(n) and os.path.isdir(os.path.join(root, WORK, n))]
    return sorted(found, key=cmd_number)


def aborted(root: str, cmd: str) -> bool:
    """The cmd was abandoned (its ``ABORTED`` marker exists)."""
    return os.path.lexists(os.path.join(root, WORK, cmd, ABORTED))
