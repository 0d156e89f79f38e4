"""The crew workflow as a compliant agent meets it (seed 000; docs/crew.md).

A scripted model that does what the crew skill, its agents and playgate's
messages say, literally, through the real Claude Code CLI in the **default**
permission mode, headless (``claude -p``), on the reference repository of
:mod:`golden` (``greet``) with ``config.workflow: crew``:

    session 1  "/crew add --shout ..."  state first → Skill(crew) → branch → new_cmd.py →
               request.md → crew-decomposer → plan.md's table → crew-plan-reviewer (the
               plan writes code) → wave 1 (researcher + coder in one message) → the coder
               failed: retry → wave 2 (writer) → crew-aggregator → cmd_report_summary.md →
               crew-retrospector (light) → retrospective.md → the batch approval → end
    session 2  "approve IMP-001" (--continue)  the approval in the log → the improvement
               → CHANGELOG.md → git add, git commit → git log BASE..HEAD → end
    session 3  "/crew ..." (a new conversation)  cmd_002: no code, no plan review; a
               researcher fails out of retries, its dependent writer is skipped by
               cascade → the aggregator with FAILED_TASKS → full retrospect → the
               batch approval → end

The parent is *reactive*: after the skill's first steps it does the next
step playgate's ``[recorded]`` message names (the next wave and its tasks,
the retry, the aggregator with its FAILED_TASKS line, the retrospector's
mode, the batch approval with where cmd_report.md's memory candidates are).
So the run proves that every message that tells the parent to do something
names a step the guards then allow (:attr:`golden.Journal.contradictions`),
and it measures the parent's turns and the tokens of result text it took in
(what the path-passer rule keeps small).
"""

from __future__ import annotations

import json
import re

from .fakeapi import text, tool_use
from .golden import CLI_BEFORE, TESTS_BEFORE, Journal, Outcome, Policy, Subagent, guard_labels
from saying import matches, says

REQUEST = ("/crew Add a --shout option to the greet command line (the greeting in upper "
           "case), with tests, and document it in the README.")
REQUEST_2 = ("/crew Collect how other CLIs spell a shout option and add a note about it to "
             "docs/notes.md.")
APPROVAL = "approve IMP-001"
BRANCH = "crew/shout"
#: Markers in the bodies of task and result files: the parent must never see them.
TASK_MARK = "TASK-BODY-SECRET"
RESULT_MARK = "RESULT-BODY-SECRET"
#: [playgate:...] labels a compliant crew run meets by design.
EXPECTED = frozenset({"session-start", "active-workflow", "crew-resume", "crew-reminder",
                      "prompt-state", "session-report"})

PLAN_1 = """# Plan: {cmd}

Add --shout to greet (upper-case greeting) with tests, and document it.

| Task | Title | Persona | Model | Depends On | Writes |
|------|-------|---------|-------|------------|--------|
| 1 | Survey how greet parses options | researcher | haiku | - | - |
| 2 | Add the --shout option and its tests | coder | sonnet | - | greet/cli.py, tests/test_cli.py |
| 3 | Document --shout in the README | writer | haiku | 1, 2 | README.md |
"""
PLAN_2 = """# Plan: {cmd}

Survey shout options of other CLIs and note them.

| Task | Title | Persona | Model | Depends On | Writes |
|------|-------|---------|-------|------------|--------|
| 1 | Survey greet's own options | researcher | haiku | - | - |
| 2 | Survey shout options of other CLIs | researcher | haiku | - | - |
| 3 | Write the note | writer | haiku | 2 | docs/notes.md |
"""

CLI_SHOUT_BUG = CLI_BEFORE.replace(
    '    parser.add_argument("name")\n    args = parser.parse_args(argv)\n'
    '    print(greeting(args.name))\n',
    '    parser.add_argument("name")\n    parser.add_argument("--shout", action="store_true",\n'
    '                        help="print the greeting in upper case")\n'
    '    args = parser.parse_args(argv)\n    message = greeting(args.name)\n'
    '    if args.shout:\n        message = message.lower()\n    print(message)\n')
TESTS_SHOUT = TESTS_BEFORE + '''

def test_shout_prints_upper_case(capsys):
    assert main(["Ada", "--shout"]) == 0
    assert capsys.readouterr().out == "HELLO, ADA!\\n"
'''

#: The messages that name the parent's next step, by key.
NEXT = ("crew.next_decompose", "crew.next_wave", "crew.next_retry", "crew.next_wait",
        "crew.next_aggregate", "crew.next_retrospect", "crew.next_approval",
        "crew.review_first", "crew.review_first_code")
#: The messages that record a worker's end: key -> its status when the
#: template has no status field.
RECORDED = {"crew.stop_worker_ok": "success", "crew.stop_worker_failed": None}


def recorded(context: str) -> list:
    """``(task number, status)`` of every worker end recorded in ``context``."""
    found = []
    for key, status in RECORDED.items():
        for m in matches(context, key):
            found.append((m.start(), int(m["task"]), status or m["status"]))
    return [(n, st) for _at, n, st in sorted(found)]


def result_doc(n: int, status: str, quality: str, outputs: list, errors: list, extra: str) -> str:
    return (f"---\nstatus: {status}\nquality: {quality}\n"
            f"completeness: {100 if status == 'success' else 30}\n"
            f"errors: {json.dumps(errors)}\noutput_files: {json.dumps(outputs)}\n---\n"
            f"# Result: task {n}\n\n## Summary\n{RESULT_MARK} task {n}: the details the parent "
            f"never reads.\n\n{extra}\n")


def parallel(policy, calls: list):
    """Several tool calls in one assistant message (one turn); their
    :class:`golden.Outcome` s, in order."""
    ids = []
    blocks = []
    for call in calls:
        policy._ids += 1
        tid = f"toolu_crew_{policy.lane}_{policy._ids}"
        ids.append(tid)
        blocks.append(tool_use(call["name"], call["input"], id=tid))
    request = yield blocks
    results = request.tool_results()
    context = policy.new_context(request)
    outcomes = []
    for call, tid in zip(calls, ids):
        outcome = Outcome(call["name"], call["input"], results.get(tid), context)
        policy.observe(outcome)
        outcomes.append(outcome)
    return outcomes


class CrewSub(Subagent):
    """A crew agent's lane: its prompt's paths, then its own steps."""

    def body(self):
        from .fakeapi import _content_text

        request = yield
        self.new_context(request)
        first = request.messages[0]["content"] if request.messages else ""
        prompt = _content_text(first)
        # Claude Code may put reminders before the prompt in the first message.
        at = prompt.find("## Instructions")
        return (yield from self.steps(prompt[at:] if at >= 0 else prompt))

    def parallel(self, calls: list):
        return (yield from parallel(self, calls))

    def note_context(self, context: str) -> None:
        _note(self, context)

    def paths(self, prompt: str) -> dict:
        found = {}
        for key in ("REQUEST_PATH", "PLAN_PATH", "TASKS_DIR", "RESULTS_DIR", "REPORT_PATH",
                    "REPORT_SUMMARY_PATH", "WORK_DIR", "RETROSPECTIVE_PATH", "TEMPLATE_PATH",
                    "input", "output", "MODE", "FAILED_TASKS"):
            m = re.search(rf"^[-* ]*{key}: *(\S.*?)\s*$", prompt, re.M)
            if m:
                found[key] = m.group(1)
        return found

    def read_template(self, p: dict):
        out = yield from self.tool("Read", {"file_path": self.abs(p["TEMPLATE_PATH"])})
        return out


class Decomposer(CrewSub):
    def steps(self, prompt):
        p = self.paths(prompt)
        yield from self.read_template(p)
        yield from self.tool("Read", {"file_path": self.abs(p["REQUEST_PATH"])})
        cmd = p["PLAN_PATH"].split("/")[1]
        plan = (PLAN_2 if "docs/notes.md" in (self.box.repo / p["REQUEST_PATH"]).read_text()
                else PLAN_1).format(cmd=cmd)
        rows = re.findall(r"^\| (\d+) \| ([^|]+) \| (\w+) \| \w+ \| ([^|]+) \| ([^|]+) \|$",
                          plan, re.M)
        numbers = [r[0] for r in rows]
        calls = [tool_use("Write", {"file_path": self.abs(f"{p['TASKS_DIR'].rstrip('/')}/task_{n}.md"),
                                    "content": f"# Task {n}: {title.strip()}\n\n- Persona: {persona}\n"
                                               f"- Depends On: {deps.strip()}\n- Writes: {writes.strip()}\n\n"
                                               f"## Description\n{TASK_MARK} {n}: what exactly to do.\n\n"
                                               "## Done when\nchecked\n"})
                 for n, title, persona, deps, writes in rows]
        yield from self.parallel(calls)
        yield from self.tool("Write", {"file_path": self.abs(p["PLAN_PATH"]), "content": plan})
        yield [text(f"Wrote {p['PLAN_PATH']}: {len(numbers)} tasks in 2 waves.")]


class PlanReviewer(CrewSub):
    def steps(self, prompt):
        p = self.paths(prompt)
        yield from self.read_template(p)
        out = yield from self.tool("Read", {"file_path": self.abs(p["PLAN_PATH"])})
        ok = out.ok and "| Writes |" in out.text
        verdict = "APPROVE" if ok else "REJECT - the plan could not be read"
        yield [text("Every requirement has a task; dependencies are logical; each writer "
                    f"lists its files.\n\nPLAN REVIEW: {verdict}")]


class Worker(CrewSub):
    """researcher, coder, writer: read the task, do it, write the result."""

    def steps(self, prompt):
        p = self.paths(prompt)
        yield from self.read_template(p)
        task = yield from self.tool("Read", {"file_path": self.abs(p["input"])})
        n = int(re.search(r"task_(\d+)\.md", p["input"]).group(1))
        status, outputs, errors, extra = yield from self.work(n, task.text)
        quality = "GREEN" if status == "success" else "RED"
        yield from self.tool("Write", {"file_path": self.abs(p["output"]),
                                       "content": result_doc(n, status, quality, outputs, errors,
                                                             extra)})
        yield [text(f"Wrote {p['output']} (status: {status}).")]

    def work(self, n, task):
        yield from self.tool("Grep", {"pattern": "add_argument", "path": self.abs("greet")})
        if "other CLIs" in task:
            return ("failure", [], ["no other CLI's documentation is reachable offline"],
                    "## Sources\n- none reachable")
        return "success", [], [], "## Sources\n- greet/cli.py (argparse setup)"


class Coder(Worker):
    def work(self, n, task):
        current = yield from self.tool("Read", {"file_path": self.abs("greet/cli.py")})
        if "--shout" not in current.text:
            yield from self.tool("Write", {"file_path": self.abs("greet/cli.py"),
                                           "content": CLI_SHOUT_BUG})
            yield from self.tool("Write", {"file_path": self.abs("tests/test_cli.py"),
                                           "content": TESTS_SHOUT})
        else:
            yield from self.tool("Edit", {"file_path": self.abs("greet/cli.py"),
                                          "old_string": "message.lower()",
                                          "new_string": "message.upper()", "replace_all": False})
        run = yield from self.tool("Bash", {"command": "pytest -q",
                                            "description": "run the tests"})
        last = (run.text.strip().splitlines() or [""])[-1]
        outputs = ["greet/cli.py", "tests/test_cli.py"]
        if run.ok and " passed" in last and "failed" not in last:
            return "success", outputs, [], f"## Tests\n`pytest -q`: {last}"
        return "failure", outputs, [f"pytest -q: {last[:80]}"], f"## Tests\n`pytest -q`: {last}"


class Writer(Worker):
    def work(self, n, task):
        m = re.search(r"^- Writes: (\S+)", task, re.M)
        target = m.group(1) if m else "README.md"
        section = "\n## --shout\n\n`greet NAME --shout` prints the greeting in upper case.\n"
        if (self.box.repo / target).exists():
            anchor = "`python -m greet.cli NAME`\n"
            yield from self.tool("Edit", {"file_path": self.abs(target), "old_string": anchor,
                                          "new_string": anchor + section, "replace_all": False})
        else:
            yield from self.tool("Write", {"file_path": self.abs(target),
                                           "content": "# Notes\n" + section})
        return "success", [target], [], "## Changes\n- " + target


class Aggregator(CrewSub):
    def steps(self, prompt):
        p = self.paths(prompt)
        yield from self.read_template(p)
        failed = [int(x) for x in re.findall(r"\d+", p.get("FAILED_TASKS", ""))]
        cmd = p["REPORT_PATH"].split("/")[1]
        plan = (self.box.repo / p["PLAN_PATH"]).read_text()
        numbers = [int(x) for x in re.findall(r"^\| (\d+) \|", plan, re.M)]
        for n in numbers:
            if n not in failed:
                yield from self.tool("Read", {"file_path": self.abs(
                    f"{p['RESULTS_DIR'].rstrip('/')}/result_{n}.md")})
        status = "success" if not failed else ("failure" if len(failed) == len(numbers)
                                               else "partial")
        report = (f"# Report: {cmd}\n\n## Summary\n{RESULT_MARK} the full report.\n\n## Results\n"
                  + "".join(f"### Task {n}\n{'failed' if n in failed else 'done'}\n"
                            for n in numbers)
                  + "\n## Memory candidates (merged)\n- name: python:cli:argparse_store_true_flags\n"
                    "  entityType: best_practice\n  observations: [\"a boolean option is "
                    "add_argument('--x', action='store_true')\"]\n\n## Output files\n- README.md\n")
        summary = (f"---\ngenerated_by: \"playgate crew\"\ndate: \"2026-01-02\"\ncmd_id: \"{cmd}\"\n"
                   f"status: {status}\nquality: GREEN\ncompleteness: "
                   f"{100 if not failed else 50}\ntask_count: {len(numbers)}\n"
                   f"failed_tasks: {json.dumps(failed)}\n---\n# Summary: {cmd}\n\n"
                   + "".join(f"- Task {n}: {'failed' if n in failed else 'success'}\n"
                             for n in numbers))
        yield from self.tool("Write", {"file_path": self.abs(p["REPORT_PATH"]), "content": report})
        yield from self.tool("Write", {"file_path": self.abs(p["REPORT_SUMMARY_PATH"]),
                                       "content": summary})
        yield [text(f"Wrote cmd_report.md and cmd_report_summary.md (status: {status}, failed_tasks: "
                    f"{failed}).")]


class Retrospector(CrewSub):
    def steps(self, prompt):
        p = self.paths(prompt)
        yield from self.read_template(p)
        yield from self.tool("Read", {"file_path": self.abs(p["REPORT_PATH"])})
        yield from self.tool("Read", {"file_path": self.abs(
            p["WORK_DIR"].rstrip("/") + "/execution_log.yaml")})
        cmd = p["WORK_DIR"].rstrip("/").split("/")[1]
        mode = p.get("MODE", "light")
        body = (f"---\ncmd_id: \"{cmd}\"\nmode: {mode}\nimprovements_accepted: 1\n"
                "skills_accepted: 0\nmemory_candidates: 1\n---\n"
                f"# Retrospective: {cmd}\n\n## Improvements\n"
                "### IMP-001: state the test command for coder tasks\n"
                "- target: docs/conventions.md\n- type: docs\n"
                "- change: add \"Coder tasks run `pytest -q` before writing their result.\"\n"
                "- why: the first coder run wrote its result before the tests passed\n\n"
                "## Skill proposals\nnone\n\n## Memory candidates\n"
                "- name: python:testing:run_tests_before_reporting\n"
                "  entityType: best_practice\n  observations: [\"run the suite before writing a "
                "result; a failing run is a failure\"]\n")
        yield from self.tool("Write", {"file_path": self.abs(p["RETROSPECTIVE_PATH"]),
                                       "content": body})
        yield [text("Wrote retrospective.md: 1 improvement, 0 skills, 1 memory candidate.")]


KINDS = {"crew-decomposer": Decomposer, "crew-plan-reviewer": PlanReviewer,
         "crew-researcher": Worker, "crew-coder": Coder, "crew-writer": Writer,
         "crew-aggregator": Aggregator, "crew-retrospector": Retrospector}


def _note(policy, context: str) -> None:
    """Journal every [playgate:...] context: expected (where the work stands,
    what comes next) or a warning the agent did not expect."""
    for chunk in re.split(r"\n(?=\S)", context):
        for label in guard_labels(chunk)[:1]:
            kind = "context" if label in EXPECTED else "warning"
            policy.journal.add(policy.lane, policy.turn_index, kind, chunk.strip()[:600])
        if "hook error" in chunk or "blocking error" in chunk:
            policy.journal.add(policy.lane, policy.turn_index, "note", chunk.strip()[:600])


def _table(read_text: str) -> dict:
    """``{N: (persona, model)}`` from plan.md as the Read tool shows it."""
    rows = {}
    for m in re.finditer(r"\| (\d+) \| [^|]+ \| (\w+) \| ([\w-]+) \| [^|]+ \| [^|]+ \|", read_text):
        rows[int(m.group(1))] = (m.group(2), None if m.group(3) == "-" else m.group(3))
    return rows


class CrewParent(Policy):
    """The parent: the skill's first steps, then whatever playgate's next-step
    line says, then (session 2) the approved improvement."""

    lane = "main"

    def __init__(self, journal: Journal, box, run, request: str, approve: bool) -> None:
        super().__init__(journal)
        self.box = box
        self.run = run
        self.request = request
        self.approve_next = approve
        self.subagents = 0
        self.cmd = None
        self.plan = {}
        self.skill = ""
        self.batches = []        # the Agent calls of each parent message
        self.presented = False
        self.done = False
        self.read_summary = False
        self.base_commit = None
        self.failed_seen = set()

    # -- bookkeeping

    def _count(self, blocks) -> None:
        self.journal.turns += 1
        names = [b["name"] for b in blocks if b.get("type") == "tool_use"]
        agents = [b["input"].get("subagent_type") for b in blocks
                  if b.get("type") == "tool_use" and b["name"] == "Agent"]
        if agents:
            self.batches.append(agents)
        self.journal.add(self.lane, self.turn_index, "turn", "; ".join(names) or "text")

    def note_context(self, context: str) -> None:
        _note(self, context)

    def abs(self, rel: str) -> str:
        return rel if rel.startswith("/") else str(self.box.repo / rel)

    def expect_ok(self, out: Outcome, why: str) -> None:
        if not out.ok:
            self.journal.add(self.lane, self.turn_index, "contradiction",
                             f"{why}, but it was refused: {out.text[:500]}")

    def parallel(self, calls: list):
        return (yield from parallel(self, calls))

    # -- the crew's agents

    def agent_call(self, agent_type: str, lines: list, template: str, **extra) -> dict:
        self.subagents += 1
        lane = f"{agent_type}-{self.subagents}"
        body = "\n".join(lines)
        prompt = (f"## Instructions\nTEMPLATE_PATH: .claude/skills/crew/templates/{template}.md\n"
                  f"↑ Read this file first and follow it.\n\n## Task\n{body}\n[[lane:{lane}]]")
        data = {"description": f"{agent_type} for {self.cmd}", "prompt": prompt,
                "subagent_type": agent_type, "run_in_background": False, **extra}
        return {"name": "Agent", "input": data}

    def agents(self, calls: list, say: str = ""):
        """Start ``calls`` in one message (after ``say``, a line for the
        user); their outcomes, each with playgate's lines that followed."""
        outcomes = yield from self._say_and_call(say, calls)
        for out in outcomes:
            self.expect_ok(out, f"start {out.input.get('subagent_type')}, as a message asked")
        return outcomes

    def _say_and_call(self, say: str, calls: list):
        ids, blocks = [], [text(say)] if say else []
        for call in calls:
            self._ids += 1
            tid = f"toolu_crew_main_{self._ids}"
            ids.append(tid)
            blocks.append(tool_use(call["name"], call["input"], id=tid))
        request = yield blocks
        results = request.tool_results()
        context = self.new_context(request)
        outs = []
        for call, tid in zip(calls, ids):
            out = Outcome(call["name"], call["input"], results.get(tid), context)
            self.observe(out)
            outs.append(out)
        return outs

    # -- reading playgate's messages

    def next_line(self, context: str):
        """The step playgate's latest message names, as ``(key, match)``, or
        ``None`` (a waiting line for a task whose result is in the same
        context does not count)."""
        done = {str(n) for n, _status in recorded(context)}
        found = sorted(((m.start(), key, m) for key in NEXT for m in matches(context, key)),
                       key=lambda item: item[0])
        chosen = None
        for _at, key, m in found:
            if key == "crew.next_wait" and set(re.findall(r"task_(\d+)", m["tasks"])) <= done:
                continue
            chosen = (key, m)
        return chosen

    def follow(self, context: str):
        """Do what the next-step message of ``context`` says, until the batch
        approval is presented (or nothing is left to do)."""
        for _ in range(40):
            line = self.next_line(context)
            for n, status in recorded(context):
                if status != "success":
                    self.failed_seen.add(n)
            if not line:
                self.journal.add(self.lane, self.turn_index, "stuck",
                                 f"no next step in: {context[-800:]}")
                return
            context = yield from self.step(line, context)
            if self.presented:
                return

    def step(self, line, context: str):
        cmd = self.cmd
        key, m = line
        if key in ("crew.review_first", "crew.review_first_code"):
            outs = yield from self.agents([self.agent_call(
                "crew-plan-reviewer", [f"REQUEST_PATH: work/{cmd}/request.md",
                                       f"PLAN_PATH: work/{cmd}/plan.md"], "plan_reviewer")])
            return outs[0].context
        if key == "crew.next_wave":
            tasks = re.findall(r"task_(\d+) \(crew-(\w+)\)", m["tasks"])
            background = m["background"] == "true"
            calls = []
            for n, persona in tasks:
                model = self.plan.get(int(n), (None, None))[1]
                extra = {"model": model} if model else {}
                call = self.agent_call(f"crew-{persona}", [
                    f"input: work/{cmd}/tasks/task_{n}.md",
                    f"output: work/{cmd}/results/result_{n}.md"], f"worker_{persona}", **extra)
                call["input"]["run_in_background"] = background
                calls.append(call)
            # What to tell the user: the message's last backticked line.
            tell = re.findall(r"`([^`]+)`", m.group(0))
            outs = yield from self.agents(calls, tell[-1] if tell else "")
            return outs[-1].context
        if key == "crew.next_retry":
            calls = []
            retries = [(t["task"], t["agent"].removeprefix("crew-"))
                       for t in matches(m["tasks"], "crew.task_retry")]
            for n, persona in retries:
                model = self.plan.get(int(n), (None, None))[1]
                extra = {"model": model} if model else {}
                calls.append(self.agent_call(f"crew-{persona}", [
                    f"input: work/{cmd}/tasks/task_{n}.md",
                    f"output: work/{cmd}/results/result_{n}.md"], f"worker_{persona}", **extra))
            outs = yield from self.agents(calls, "Retrying " + ", ".join(
                f"task_{n}" for n, _p in retries))
            return outs[-1].context
        if key == "crew.next_aggregate":
            failed = re.search(r"(FAILED_TASKS: \[[\d, ]*\])", m["failed"])
            lines = [f"RESULTS_DIR: work/{cmd}/results/", f"PLAN_PATH: work/{cmd}/plan.md",
                     f"REPORT_PATH: work/{cmd}/cmd_report.md",
                     f"REPORT_SUMMARY_PATH: work/{cmd}/cmd_report_summary.md"]
            if failed:
                lines.append(failed.group(1))
            say = ""
            if self.failed_seen:
                say = ("⚠️ Phase 2 completed with failures:\n" + "\n".join(
                    f"- Task {n}: failure" for n in sorted(self.failed_seen))
                    + "\nAction: continue with the aggregate")
            outs = yield from self.agents([self.agent_call("crew-aggregator", lines,
                                                           "aggregator")], say)
            out = yield from self.tool("Read", {"file_path": self.abs(
                f"work/{cmd}/cmd_report_summary.md")})
            self.expect_ok(out, "read cmd_report_summary.md, as the skill says")
            self.read_summary = True
            return outs[0].context + "\n" + out.context
        if key == "crew.next_retrospect":
            if not self.read_summary:
                out = yield from self.tool("Read", {"file_path": self.abs(
                    f"work/{cmd}/cmd_report_summary.md")})
                self.expect_ok(out, "read cmd_report_summary.md, as a message asked")
            outs = yield from self.agents([self.agent_call(
                "crew-retrospector", [f"WORK_DIR: work/{cmd}/", f"REPORT_PATH: work/{cmd}/cmd_report.md",
                                      f"RETROSPECTIVE_PATH: work/{cmd}/retrospective.md",
                                      f"MODE: {m['mode']}"], "retrospector")])
            return outs[0].context
        if key == "crew.next_approval":
            out = yield from self.tool("Read", {"file_path": self.abs(
                f"work/{cmd}/retrospective.md")})
            self.expect_ok(out, "read retrospective.md, as a message asked")
            retro = out.text
            memory = ""
            at = matches(m["memory"], "crew.memory_at")
            if at:
                out = yield from self.tool("Read", {
                    "file_path": self.abs(f"work/{at[0]['cmd']}/cmd_report.md"),
                    "offset": int(at[0]["offset"]), "limit": int(at[0]["limit"])})
                self.expect_ok(out, "read cmd_report.md's memory section, as a message asked")
                memory = out.text
                self.run.memory_reads += 1
            names = re.findall(r"name: (\S+)", memory + "\n" + retro)
            imps = re.findall(r"### (IMP-\d+): ([^\n]+)", retro)
            self.presented = True
            if not self.approve_next:
                self.done = True  # the conversation ends with the user's turn
            yield from self.say(
                f"Batch approval for {cmd}:\n" + "".join(f"- {i}: {t}\n" for i, t in imps)
                + "Skill proposals: none\nMemory candidates: " + ", ".join(
                    dict.fromkeys(names)) + "\nReply with the ids to approve (e.g. "
                "`approve IMP-001`), or `reject all`.")
            return ""
        if key == "crew.next_wait":
            context = yield from self.say("Waiting for the running tasks.")
            return context
        self.journal.add(self.lane, self.turn_index, "stuck", f"cannot follow: {m.group(0)}")
        return ""

    # -- the sessions

    def start(self, request_text: str):
        request = yield
        context = self.new_context(request)
        self.note_context(context)
        from .golden import instructions

        for step in instructions(context):
            if step[0] == "read":
                for path in step[1]:
                    out = yield from self.tool("Read", {"file_path": self.abs(path)})
                    self.expect_ok(out, f"Read {path}, as a message asked")
        if says(context, "session_report.last_end"):
            # What the last session left uncommitted (the previous cmd's work,
            # which the seed leaves to the user): check it, as the note says.
            out = yield from self.tool("Bash", {"command": "git status --short",
                                                "description": "what the last session left"})
            self.expect_ok(out, "git status, as session start asked")
        if "Skill(skill='crew')" not in context:
            self.journal.add(self.lane, self.turn_index, "stuck",
                             "session start did not name Skill(skill='crew')")
        out = yield from self.tool("Skill", {"skill": "crew"})
        self.expect_ok(out, "Skill(skill='crew'), as session start said")
        self.skill = out.text + out.context
        if any(says(context, key, branch="main") for key in (
                "session_start.branch", "session_start.branch_main",
                "session_start.branch_trunk", "lifecycle.summary", "lifecycle.summary_idle")):
            out = yield from self.tool("Bash", {"command": f"git checkout -b {BRANCH}",
                                                "description": "the work branch"})
            self.expect_ok(out, "create the branch, as the skill says")
        out = yield from self.tool("Bash", {"command": "python3 .claude/skills/crew/new_cmd.py",
                                            "description": "make the cmd directory"})
        self.expect_ok(out, "run new_cmd.py, as the skill says")
        m = re.search(r"cmd_\d+", out.text)
        if not m:
            self.journal.add(self.lane, self.turn_index, "stuck", f"no cmd id: {out.text}")
            return
        self.cmd = cmd = m.group(0)
        out = yield from self.tool("Write", {"file_path": self.abs(f"work/{cmd}/request.md"),
                                             "content": request_text.removeprefix("/crew ") + "\n"})
        self.expect_ok(out, "write request.md, as the skill says")
        outs = yield from self.agents([self.agent_call(
            "crew-decomposer", [f"REQUEST_PATH: work/{cmd}/request.md",
                                f"PLAN_PATH: work/{cmd}/plan.md", f"TASKS_DIR: work/{cmd}/tasks/"],
            "decomposer")])
        context = outs[0].context
        out = yield from self.tool("Read", {"file_path": self.abs(f"work/{cmd}/plan.md")})
        self.expect_ok(out, "read plan.md's table, as the skill says")
        self.plan = _table(out.text)
        yield from self.follow(context + "\n" + out.context)

    def approve(self):
        """Session 2: the user approved IMP-001."""
        cmd = self.cmd
        log_rel = f"work/{cmd}/execution_log.yaml"
        out = yield from self.tool("Read", {"file_path": self.abs(log_rel)})
        self.expect_ok(out, "read the execution log")
        m = re.search(r"base_commit: \"?([0-9a-f]{7,40})", out.text)
        self.base_commit = m.group(1) if m else None
        current = (self.box.repo / log_rel).read_text()  # what the Read showed, unnumbered
        out = yield from self.tool("Write", {"file_path": self.abs(log_rel), "content": current
                                             + "approvals:\n  improvements: [IMP-001]\n"
                                             "  skills: []\n  memory: []\n  rejected: []\n"})
        self.expect_ok(out, "record the approval in the execution log, as the skill says")
        out = yield from self.tool("Write", {"file_path": self.abs("docs/conventions.md"),
                                             "content": "# Conventions\n\nCoder tasks run "
                                                        "`pytest -q` before writing their "
                                                        "result.\n"})
        self.expect_ok(out, "apply the approved improvement IMP-001 to its target")
        out = yield from self.tool("Write", {"file_path": self.abs("CHANGELOG.md"), "content":
                                             "# Changelog\n\n## [Unreleased]\n\n### Added\n\n"
                                             "- **docs/conventions.md** (IMP-001) — coder tasks "
                                             "run the tests before their result\n"})
        self.expect_ok(out, "add the CHANGELOG entry, as the skill says")
        message = f"work/{cmd}/commit_message.txt"
        out = yield from self.tool("Write", {"file_path": self.abs(message), "content":
                                             "docs(docs): coder tasks run the tests before their "
                                             "result\n"})
        self.expect_ok(out, "write the commit message, as the skill says")
        for command in ("git add docs/conventions.md CHANGELOG.md", f"git commit -F {message}"):
            out = yield from self.tool("Bash", {"command": command,
                                                "description": "commit the approved improvement"})
            self.expect_ok(out, f"run `{command}`, as the skill says")
        if self.base_commit:
            out = yield from self.tool("Bash", {"command": f"git log --oneline "
                                                           f"{self.base_commit}..HEAD",
                                                "description": "the cmd's commits"})
            self.expect_ok(out, "show the cmd's commits, as the skill says")
            self.run.log_output = out.text
        else:
            self.journal.add(self.lane, self.turn_index, "stuck", "no base_commit in the log")

    def body(self):
        yield from self.start(self.request)
        if not self.presented:
            yield from self.say("The cmd could not be finished.")
            return
        if self.approve_next:
            yield from self.approve()
            self.done = True
            yield from self.say("Done: the approved improvement is committed.")


class CrewRun:
    """The three sessions in ``box`` (:func:`golden.prepare` with
    ``config.workflow: crew``).

    Attributes:
        journals, parents, runs: per conversation (1: sessions 1–2; 2: session 3).
    """

    def __init__(self, box, api, *, claude=None, timeout: float = 300) -> None:
        from .harness import tools_path

        from .fakeapi import Script

        self.box = box
        self.log_output = ""
        self.memory_reads = 0
        path = tools_path()
        env = {"PATH": path}
        self.journals, self.parents, self.runs = [], [], []
        for request, approve in ((REQUEST, True), (REQUEST_2, False)):
            journal = Journal()
            parent = CrewParent(journal, box, self, request, approve)
            script = Script(main=parent)

            def factory(lane, journal=journal):
                cls = KINDS.get(lane.rsplit("-", 1)[0])
                return cls(journal, lane, box) if cls else None

            script.lane_factory = factory
            self.journals.append(journal)
            self.parents.append(parent)
            runs = [box.run(api, request, script, permission_mode=None, timeout=timeout,
                            env=env, claude=claude)]
            if approve:
                runs.append(box.run(api, APPROVAL, script, permission_mode=None,
                                    timeout=timeout, env=env, claude=claude,
                                    args=["--continue"]))
            self.runs.append(runs)


def prepare(box_cls, root=None):
    """The reference repository with the suite installed, ``config.workflow:
    crew``, ``max_retries: 1`` and the project's test command declared."""
    import tempfile

    from .golden import prepare as golden_prepare

    box = golden_prepare(box_cls, root or tempfile.mkdtemp(prefix="pgcrew-"))
    state = box.repo / "state.md"
    state.write_text(state.read_text().replace("workflow: golden-path", "workflow: crew", 1))
    (box.repo / ".claude" / "crew-config.yaml").write_text("max_retries: 1\n")
    box.commit_all("crew workflow, one retry")
    return box
