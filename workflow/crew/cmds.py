"""Which cmds are open, and the facts about one cmd that several crew guards
read (its plan, its record, its configuration) loaded once per hook call.

A cmd is *open* from the moment ``work/cmd_NNN/`` exists until the hooks
close it (its last phase ended, :mod:`statefiles.crew.ledger` ``close``) or
it is abandoned (``new_cmd.py --abort``: its ``ABORTED`` marker). The
path-passer rule and the roles' file rules hold for open cmds only.
"""

from __future__ import annotations

import os

from statefiles.crew import SUMMARY_MAX_LINES, aborted, cmd_ids, file_path

from workflow.crew import problem, say


class Cmd:
    """One cmd's facts, read lazily and once.

    Attributes:
        root, cmd: the project root and the cmd id.
    """

    __slots__ = ("root", "cmd", "_state", "_plan", "_config")

    def __init__(self, root: str, cmd: str, config=None) -> None:
        self.root, self.cmd = root, cmd
        self._state = self._plan = None
        self._config = config

    def recount(self, extra: list) -> None:
        """Fold the records ``extra`` (not yet written) into :attr:`state`,
        so that what is said now agrees with what is being recorded."""
        from statefiles.crew import ledger  # lazy: crew paths only

        stamped = [dict(rec, ts=rec.get("ts") or ledger.now()) for rec in extra]
        self._state = ledger.state(self.root, self.cmd, ledger.records(self.root, self.cmd)
                                   + stamped)

    @property
    def state(self):
        """The record's :class:`statefiles.crew.ledger.CmdState`."""
        if self._state is None:
            from statefiles.crew import ledger  # lazy: crew paths only

            self._state = ledger.state(self.root, self.cmd)
        return self._state

    @property
    def plan(self):
        """The :class:`statefiles.crew.plan.Plan` (waves assigned)."""
        if self._plan is None:
            from statefiles.crew import plan  # lazy: crew paths only

            self._plan = plan.load(self.root, self.cmd)
        return self._plan

    @property
    def config(self):
        if self._config is None:
            from statefiles.crew import config  # lazy: crew paths only

            self._config = config.load(self.root)
        return self._config

    @property
    def exists(self) -> bool:
        return os.path.isdir(os.path.join(self.root, "work", self.cmd))

    @property
    def aborted(self) -> bool:
        return aborted(self.root, self.cmd)

    @property
    def open(self) -> bool:
        return self.exists and not self.aborted and self.state.closed is None

    def path(self, name: str) -> str:
        return os.path.join(self.root, *file_path(self.cmd, name).split("/"))

    def statuses(self) -> dict:
        """``{N: (status, error)}`` of every planned task
        (:func:`statefiles.crew.ledger.task_statuses`)."""
        from statefiles.crew import ledger  # lazy: crew paths only

        return ledger.task_statuses(self.state, self.plan, self.config.max_retries)

    def plan_review_needed(self) -> bool:
        """Plan validation applies to this cmd: configured, or the plan writes
        code (a documented deviation: the seed makes it optional)."""
        return bool(self.config.plan_validation) or self.plan.writes_code()


def open_cmds(root: str, config=None) -> list:
    """Every open :class:`Cmd`, oldest first."""
    out = []
    for cmd in cmd_ids(root):
        c = Cmd(root, cmd, config)
        if c.open:
            out.append(c)
    return out


def memory_section(text: str) -> tuple | None:
    """``(first, last)`` 1-based line numbers of cmd_report.md's memory-candidate
    section (a ``## Memory`` heading up to the next ``## `` heading), the one
    part of cmd_report.md the parent reads (seed 000 "report.md の「## Memory
    MCP追加候補（統合）」セクション"); ``None`` when there is none."""
    lines = text.split("\n")
    start = None
    for number, line in enumerate(lines, start=1):
        heading = line.strip()
        if start is None:
            if heading.startswith("## ") and heading[3:].strip().lower().startswith("memory"):
                start = number
        elif heading.startswith("## ") or heading.startswith("# "):
            return start, number - 1
    if start is None:
        return None
    last = len(lines) - (1 if text.endswith("\n") else 0)
    return start, max(start, last)


APPROVING = ("APPROVE", "APPROVE-WITH-NOTES")


def plan_gate(cmd: Cmd):
    """``None`` when the cmd's workers may start as far as its plan goes,
    else the message (:func:`workflow.crew.say`) saying why not (seed 000 Phase 1.5, with
    the deviation for code: a cmd whose tasks write code needs an APPROVE or
    APPROVE-WITH-NOTES of the plan as it is now; after one REJECT the plan is
    decomposed again and reviewed again, and a second REJECT stops the cmd
    for the user. A cmd that writes no code follows the seed: validation only
    when configured, and after one re-decomposition it proceeds whatever the
    review said)."""
    from statefiles.crew import plan as _plan  # lazy: crew paths only

    plan = cmd.plan
    if not plan.found:
        return say("crew.no_plan", cmd=cmd.cmd)
    if plan.problems:
        from messages import Text  # lazy: a plan with problems only

        return say("crew.plan_problems", cmd=cmd.cmd, problems=Text.join("; ", plan.problems[:4]))
    if not cmd.plan_review_needed():
        return None
    code = plan.writes_code()
    st = cmd.state
    pv = st.plan_validation
    if pv is None:
        if code:
            return say("crew.review_first_code", cmd=cmd.cmd)
        return say("crew.review_first", cmd=cmd.cmd)
    current = _plan.fingerprint(cmd.root, cmd.cmd)
    rejects = sum(1 for r in st.reviews if r.get("verdict") == "REJECT")
    if pv.get("fingerprint") == current:
        if pv.get("verdict") in APPROVING:
            return None
        if code and rejects >= 2:
            return say("crew.rejected_twice", cmd=cmd.cmd, notes=pv.get("notes") or "-")
        return say("crew.rejected", cmd=cmd.cmd, notes=pv.get("notes") or "-")
    if not code and pv.get("verdict") == "REJECT":
        return None  # seed 000: re-decomposed once, then proceed regardless
    return say("crew.review_again", cmd=cmd.cmd)


def summary_problem(cmd) -> str | None:
    """What is wrong with the aggregator's output (``None`` when nothing):
    cmd_report.md or cmd_report_summary.md missing, a summary over 50 lines or
    without front matter, or a summary that claims ``status: success`` while
    a task has no successful result (the cmd is reported done only with
    every result validated)."""
    from statefiles.crew.frontmatter import read  # lazy: the aggregator's stop only

    if not os.path.isfile(cmd.path("cmd_report.md")):
        return problem("crew.file_missing", file="cmd_report.md")
    header, text = read(cmd.path("cmd_report_summary.md"))
    if header is None:
        return problem("crew.file_missing", file="cmd_report_summary.md")
    return summary_text_problem(cmd, text, header)


def summary_text_problem(cmd, text: str, header=None) -> str | None:
    """What is wrong with ``text`` as the cmd's ``cmd_report_summary.md``
    (``None`` when nothing): over 50 lines, no front matter, or ``status:
    success`` while a task has no successful result. Judged alike for the
    aggregator's summary and the one the parent writes when Phase 3 is
    skipped."""
    if header is None:
        from statefiles.crew.frontmatter import parse  # lazy: a summary write only

        header = parse(text)
    lines = len(text.rstrip("\n").split("\n"))
    if lines > SUMMARY_MAX_LINES:
        return problem("crew.summary_too_long", lines=lines, limit=SUMMARY_MAX_LINES)
    if not header.closed or header.error:
        return problem("crew.summary_no_front_matter")
    failed = sorted(n for n, (status, _e) in cmd.statuses().items() if status != "success")
    claimed = str(header.data.get("status") or "").lower()
    if failed and claimed == "success":
        return problem("crew.summary_claims_success", tasks=", ".join(map(str, failed)))
    return None


def batch_cmd(root: str) -> str | None:
    """The cmd whose batch approval is the current one: the latest closed cmd
    (by number) with a ``retrospective.md``, or ``None``."""
    from statefiles.crew import ledger  # lazy: crew paths only

    for cmd_id in reversed(ledger.known(root)):
        cmd = Cmd(root, cmd_id)
        if cmd.exists and cmd.state.closed is not None and os.path.isfile(
                cmd.path("retrospective.md")):
            return cmd_id
    return None
