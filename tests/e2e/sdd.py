"""sync-sdd (seed 003) as a compliant lead meets it.

A scripted model that does what the shipped ``sdd-roadmap`` skill, the
agent definitions and the hook messages say, through the real Claude Code
CLI, headless, on the trunk (``main``), over three sessions:

    session 1  "design shout"       state.md → Skill(sdd-roadmap) → spec.yaml
                                    (initialized) → sdd-architect (design.md,
                                    research.md) → phase design-generated →
                                    session note → end
    session 2  "impl shout"         sdd-taskgenerator (tasks.yaml: two tasks in
                                    two waves) → the context fills up and the
                                    CLI compacts it on its own → the lead's
                                    next call is refused (wait after a
                                    compaction) → it ends its turn, waiting
    session 3  "go on ... review    wave 1 builder → done mark → wave 2
               with test and        builder → done mark → inspectors test and
               quality"             quality (in parallel) → sdd-auditor-impl:
                                    CONDITIONAL → .review/ removed → a builder
                                    fixes the finding → the review again: GO →
                                    phase implementation-complete → commit
                                    ``shout: ...`` on main

The lead is reactive where the golden path's agent is (it reads what the
session start, the skill and every refusal say, and records any step a
message named that a guard then refused as a contradiction) and scripted
where the skill leaves nothing to decide. Like a model that lost its context,
it tries to go on after the compaction; the refusal's rule is what makes it
wait. The subagents do what their definitions say; the auditor judges the
code it reads (a ``shout()`` without a docstring is a finding), so the first
review is CONDITIONAL and the second GO.
"""

from __future__ import annotations

import re

import yaml

from .fakeapi import _content_text, text
from .golden import Journal, Outcome, Policy, Subagent, _brief, instructions, reference_files

FEATURE = "shout"
DIR = f".sdd/project/specs/{FEATURE}"
SPEC = f"{DIR}/spec.yaml"
TASKS = f"{DIR}/tasks.yaml"
REVIEW = f"{DIR}/.review"
TEST_COMMAND = "pytest -q"
TECH_MD = ("# Tech\n\n## Common Commands\n\n- test: `pytest -q`\n- run: "
           "`python -m greet.cli NAME`\n")
COMMIT = f"git commit -m '{FEATURE}: --shout prints the greeting in upper case'"
INSPECTORS = ("sdd-inspector-test", "sdd-inspector-quality")
SESSIONS = (
    "sdd-roadmap design shout: add a --shout option to the greet command line that prints "
    "the greeting in upper case, with tests.",
    "sdd-roadmap impl shout",
    "Go on with the implementation of shout, then review it with the inspectors test and "
    "quality.",
)
#: Input tokens reported with the answer that issues the task generator's
#: start: past the compaction threshold set by the test, so the CLI compacts
#: the lead's context on its own before its next request.
FULL_CONTEXT = 199_000

#: [playgate:<label>] contexts the sync-sdd run meets by design.
EXPECTED_CONTEXT = frozenset({
    "session-start", "prompt-state", "prompt-work-request", "active-workflow",
    "compact-resume", "subagent-reminder", "session-report", "compact-wait",
})
SKILL_CALL = re.compile(r"Skill\(skill='([A-Za-z0-9:_-]+)'\)")
WRITTEN = re.compile(r"^\s*WRITTEN:(\S+)\s*$", re.M)


def reference_repo() -> dict:
    """The repository's files: the golden path's ``greet`` package plus the
    steering document that names the test command (seed 003 Spec 14.2)."""
    files = dict(reference_files())
    files[".sdd/steering/tech.md"] = TECH_MD
    return files


class SddPolicy(Policy):
    """:class:`golden.Policy` that survives a compaction (the conversation
    then restarts shorter) and can make several calls in one turn."""

    def new_context(self, request) -> str:
        if len(request.messages) < self._seen:
            self._seen = 0  # compacted: everything is new
        return super().new_context(request)

    def observe(self, outcome: Outcome) -> None:
        if outcome.blocked:
            self.journal.add(self.lane, self.turn_index, "block",
                             f"{outcome.name} {_brief(outcome.input)}: {outcome.text}")
        self.note_context(outcome.context)

    def note_context(self, context: str) -> None:
        for chunk in re.split(r"\n(?=\S)", context):
            for label in re.findall(r"\[playgate:([a-z0-9 -]+)\]", chunk)[:1]:
                kind = "context" if label in EXPECTED_CONTEXT else "warning"
                self.journal.add(self.lane, self.turn_index, kind, chunk.strip()[:600])

    def tools(self, calls: list):
        """Several tool calls in one turn (they run at once); returns their
        :class:`Outcome` s in order."""
        ids = []
        blocks = []
        for name, input_ in calls:
            self._ids += 1
            tid = f"toolu_sdd_{self.lane}_{self._ids}"
            ids.append(tid)
            blocks.append({"type": "tool_use", "name": name, "input": input_, "id": tid})
        request = yield blocks
        results = request.tool_results()
        context = self.new_context(request)
        outs = []
        for (name, input_), tid in zip(calls, ids):
            out = Outcome(name, input_, results.get(tid), context)
            self.observe(out)
            outs.append(out)
        return outs

    def abs(self, rel: str) -> str:
        return str(self.box.repo / rel)


class Lead(SddPolicy):
    """The main session: the lead (T1) of seed 003."""

    lane = "main"

    def __init__(self, journal: Journal, box) -> None:
        super().__init__(journal)
        self.box = box
        self.read = set()
        self.skill_text = ""
        self.subagents = 0
        self.compact_now = False
        self.done = False
        self.waited = None        # the refusal that made the lead wait
        self.resume_context = ""  # what reached the model after the compaction
        self.verdicts = []        # the verdicts the lead read, in order
        self.received = {}        # agent lane -> the prompt it was given
        self.reports = []         # what the review agents' starts returned to the lead

    # -- helpers

    def _count(self, blocks) -> None:
        self.journal.turns += 1
        self.journal.add(self.lane, self.turn_index, "turn", "; ".join(
            f"{b['name']} {_brief(b.get('input') or {})}" if b.get("type") == "tool_use"
            else f"text: {b.get('text', '')[:60]}" for b in blocks))

    def rel(self, path: str) -> str:
        root = str(self.box.repo) + "/"
        return path[len(root):] if path.startswith(root) else path

    def contradiction(self, why: str) -> None:
        self.journal.add(self.lane, self.turn_index, "contradiction", why)

    def expect_ok(self, out: Outcome, why: str) -> None:
        if not out.ok:
            self.contradiction(f"{why}, but it was refused: {out.text[:500]}")

    def skill_says(self, *phrases: str) -> bool:
        """The lead takes a step only when the skill names it."""
        missing = [p for p in phrases if p not in self.skill_text]
        if missing:
            self.contradiction(f"the skill does not say {missing}")
        return not missing

    def follow_start(self, context: str):
        """What a session start asks first: the files to read, the skill."""
        for step in instructions(context):
            if step[0] == "read":
                for path in step[1]:
                    rel = self.rel(path)
                    out = yield from self.tool("Read", {"file_path": self.abs(rel)})
                    self.expect_ok(out, f"Read {rel}, as the session start asked")
        if not self.skill_text:
            names = SKILL_CALL.findall(context)
            if "sdd-roadmap" not in names:
                self.journal.add(self.lane, self.turn_index, "stuck",
                                 f"no message named Skill(skill='sdd-roadmap'): {context[:400]}")
                return
            out = yield from self.tool("Skill", {"skill": "sdd-roadmap"})
            self.expect_ok(out, "Skill(skill='sdd-roadmap'), as the session start asked")
            self.skill_text = out.text + "\n" + out.context

    def agent(self, subagent_type: str, prompt: str):
        """``Agent(subagent_type=..., prompt=...)`` as the skill spells it;
        the lane tag routes the subagent's requests to its script."""
        self.subagents += 1
        lane = f"{subagent_type}-{self.subagents}"
        self.received[lane] = prompt
        return ("Agent", {"description": f"{subagent_type} for {FEATURE}",
                          "prompt": f"{prompt}\n[[lane:{lane}]]", "subagent_type": subagent_type,
                          "run_in_background": False})

    # -- the three sessions

    def body(self):
        request = yield
        context = self.new_context(request)
        self.note_context(context)
        # Session 1: design.
        yield from self.follow_start(context)
        if not self.skill_says("## design <feature>", "phase: initialized",
                               "Agent(subagent_type='sdd-architect'"):
            return
        spec = self.spec_yaml()
        out = yield from self.tool("Write", {"file_path": self.abs(SPEC), "content": spec})
        self.expect_ok(out, "write spec.yaml (phase initialized), as the skill says")
        out = yield from self.tool(*self.agent(
            "sdd-architect", f"Feature: {FEATURE}\nDirectory: {DIR}/\nDesign a --shout option of "
            "the greet command line: it prints the greeting in upper case; tests for it."))
        self.expect_ok(out, "start sdd-architect")
        self.skill_says("set `phase: design-generated`", "changelog line",
                        "`version_refs.design`")
        spec = (self.box.repo / SPEC).read_text()
        out = yield from self.tool("Write", {"file_path": self.abs(SPEC), "content": (
            spec.replace("phase: initialized", "phase: design-generated")
                .replace("{design: null,", "{design: 2026-01-01,")
            + "  - 2026-01-01: design-generated (design.md, research.md by sdd-architect)\n")})
        self.expect_ok(out, "set phase design-generated after the architect's report")
        yield from self.note("session.md", "# Session\n\n- design shout: design.md and "
                             "research.md by the architect; phase design-generated.\n- next: "
                             "impl shout.\n")
        context = yield from self.say("The design of shout is done (design.md, research.md); "
                                      "phase design-generated. Next: impl shout.")
        # Session 2: impl, until the compaction.
        self.note_context(context)
        yield from self.follow_start(context)
        if not self.skill_says("## impl <feature>", "Agent(subagent_type='sdd-taskgenerator'"):
            return
        self.compact_now = True
        out = yield from self.tool(*self.agent(
            "sdd-taskgenerator", f"Feature: {FEATURE}\nDirectory: {DIR}/\nWrite tasks.yaml from "
            "design.md."))
        # A model that lost its context goes on from its summary: the next
        # step of the skill.
        out = yield from self.tool("Read", {"file_path": self.abs(TASKS)})
        self.resume_context = out.context
        if out.blocked and "[playgate:compact-wait]" in out.text:
            self.waited = out.text
            context = yield from self.say("I am waiting for your next instruction.")
        else:
            self.journal.add(self.lane, self.turn_index, "stuck",
                             f"no wait after the compaction: {out.text[:300]}")
            context = yield from self.say("Tasks read.")
        # Session 3: the user spoke; go on.
        self.note_context(context)
        yield from self.follow_start(context)
        out = yield from self.tool("Read", {"file_path": self.abs(TASKS)})
        self.expect_ok(out, "read tasks.yaml")
        doc = yaml.safe_load((self.box.repo / TASKS).read_text())
        tasks = doc["tasks"]
        files = []
        for wave in sorted({t["wave"] for t in tasks}):
            group = [t for t in tasks if t["wave"] == wave]
            calls = [self.agent("sdd-builder", self.builder_prompt(
                [t for t in group if t["builder"] == b])) for b in sorted({t["builder"]
                                                                           for t in group})]
            outs = yield from self.tools(calls)
            for out, (_n, inp) in zip(outs, calls):
                self.reports.append(out.text)
                self.expect_ok(out, f"start a builder of wave {wave}")
                # The CLI hands a report back indented inside its frame.
                report = [ln.strip() for ln in out.text.splitlines()]
                for line in report:
                    if line.startswith("Files:"):
                        files += [f.strip() for f in line[6:].split(",") if f.strip()]
                for task in group:
                    if f"Tasks: {task['id']}" in inp["prompt"]:
                        yield from self.mark_done(task)
                tags = [ln for ln in report if ln.startswith(("[PATTERN]", "[INCIDENT]"))]
                yield from self.note("buffer.md", "# Knowledge buffer\n\n" + "\n".join(
                    f"- {t}" for t in tags) + "\n", append=True)
        verdict = yield from self.review()
        if verdict == "CONDITIONAL" and self.skill_says("**CONDITIONAL**"):
            issues = self.last_issues
            out = yield from self.tool(*self.agent("sdd-builder", (
                f"Feature: {FEATURE}\nFix the review's issues (no task is added):\n"
                + "\n".join(issues) + f"\nTest command: {TEST_COMMAND}")))
            self.expect_ok(out, "start a builder for the review's issues")
            yield from self.note("decisions.md", "# Decisions\n\n- impl review CONDITIONAL: "
                                 "a builder fixes the findings, then the review again.\n",
                                 append=True)
            verdict = yield from self.review()
        if verdict != "GO":
            self.journal.add(self.lane, self.turn_index, "stuck", f"the review ended {verdict}")
            yield from self.say(f"The review says {verdict}.")
            return
        self.skill_says("implementation.files_created", "phase: implementation-complete")
        spec = (self.box.repo / SPEC).read_text()
        new = (spec.replace("phase: design-generated", "phase: implementation-complete")
               .replace("tasks: null}", "tasks: 2026-01-01}")
               + "  - 2026-01-01: implementation-complete (impl review GO)\n"
               + "implementation:\n  files_created: [" + ", ".join(sorted(set(files))) + "]\n")
        out = yield from self.tool("Write", {"file_path": self.abs(SPEC), "content": new})
        self.expect_ok(out, "set phase implementation-complete after the GO")
        yield from self.note("session.md", "# Session\n\n- impl shout: two waves, review GO "
                             "after one CONDITIONAL; phase implementation-complete.\n")
        self.skill_says('git commit -m "<feature>: <summary>"',
                        "`git add -A -- .sdd <the code and test paths of the work>`")
        for command in ("git add -A -- .sdd greet tests", COMMIT):
            out = yield from self.tool("Bash", {"command": command,
                                                "description": "commit the finished feature"})
            self.expect_ok(out, f"run `{command}`, as the skill's git workflow says")
        self.done = True
        context = yield from self.say("shout is implemented, reviewed (GO) and committed on "
                                      "main.")
        self.done = False
        self.journal.add(self.lane, self.turn_index, "stuck",
                         f"the end of the turn was refused: {context[:400]}")

    # -- steps

    def spec_yaml(self) -> str:
        block = self.skill_text.split("## design <feature>", 1)[1]
        template = re.search(r"```yaml\n(.*?)```", block, re.S).group(1)
        template = "\n".join(line[3:] if line.startswith("   ") else line
                             for line in template.splitlines())
        return (template.replace("<feature>", FEATURE)
                .replace("<the user's request, in their words>",
                         "add a --shout option that prints the greeting in upper case, with "
                         "tests")
                .replace("<one requirement per line>",
                         "greet NAME --shout prints the greeting in upper case")
                .replace("<today>", "2026-01-01") + "\n")

    def builder_prompt(self, tasks: list) -> str:
        lines = [f"Feature: {FEATURE}", "Tasks: " + ", ".join(str(t["id"]) for t in tasks)]
        for t in tasks:
            lines.append(f"- {t['id']}: {t['title']}; files {', '.join(t['files'])}; "
                         f"acceptance: {t.get('acceptance', '')}")
        lines.append(f"Test command: {TEST_COMMAND}")
        return "\n".join(lines)

    def mark_done(self, task: dict):
        old = f"builder: {task['builder']}\n    status: pending"
        out = yield from self.tool("Edit", {"file_path": self.abs(TASKS), "old_string": old,
                                            "new_string": old.replace("pending", "done")})
        self.expect_ok(out, f"mark task {task['id']} done as its builder returned")

    def note(self, name: str, body: str, append: bool = False):
        rel = f".sdd/handover/{name}"
        path = self.box.repo / rel
        content = (path.read_text() if append and path.exists() else "") + (
            body if not (append and path.exists()) else body.split("\n\n", 1)[-1])
        out = yield from self.tool("Write", {"file_path": self.abs(rel), "content": content})
        self.expect_ok(out, f"update the session note {name}")

    def review(self):
        """``review impl shout`` with the inspectors the user named; returns
        the verdict the lead read."""
        self.skill_says("## review design|impl|dead-code <feature>", "WRITTEN:<path>",
                        "rm -r .sdd/project/specs/<feature>/.review")
        prompt = (f"Feature: {FEATURE}\nReview directory: {REVIEW}/\n"
                  f"Test command: {TEST_COMMAND}")
        outs = yield from self.tools([self.agent(name, prompt) for name in INSPECTORS])
        for out in outs:
            self.expect_ok(out, "start an inspector")
            self.reports.append(out.text)
            if not WRITTEN.search(out.text):
                self.contradiction(f"an inspector returned no WRITTEN line: {out.text[:300]}")
        out = yield from self.tool(*self.agent("sdd-auditor-impl", (
            f"Feature: {FEATURE}\nReview directory: {REVIEW}/")))
        self.expect_ok(out, "start the auditor")
        self.reports.append(out.text)
        m = WRITTEN.search(out.text)
        path = m.group(1) if m else ""
        out = yield from self.tool("Read", {"file_path": self.abs(path or f"{REVIEW}/verdict.cpf")})
        self.expect_ok(out, "read verdict.cpf")
        m = re.search(r"VERDICT:([A-Z-]+)", out.text)
        verdict = m.group(1) if m else "?"
        self.verdicts.append(verdict)
        self.last_issues = [ln.split("\t", 1)[-1].strip() for ln in out.text.splitlines()
                            if ln.count("|") >= 3]
        out = yield from self.tool("Bash", {"command": f"rm -r {REVIEW}",
                                            "description": "remove the review directory"})
        self.expect_ok(out, "remove .review/ once the verdict is kept")
        return verdict


# --------------------------------------------------------------------------- the subagents


class SddAgent(SddPolicy, Subagent):
    """A subagent: records its prompt, then runs ``steps``."""

    def __init__(self, journal, lane, box, run) -> None:
        Subagent.__init__(self, journal, lane, box)
        self.run = run

    def body(self):
        request = yield
        self.new_context(request)
        first = request.messages[0].get("content") if request.messages else ""
        return (yield from self.steps(_content_text(first)))

    def steps(self, prompt):
        self.run.prompts[self.lane] = prompt
        if f"Feature: {FEATURE}" not in prompt:
            self.journal.add(self.lane, self.turn_index, "contradiction",
                             f"the prompt names no feature: {prompt[:200]}")
        return (yield from self.work(prompt))


DESIGN = f"""# Design: {FEATURE}

## Overview
`greet NAME --shout` prints the greeting in upper case.

## Requirements
1. `--shout` upper-cases the greeting; without it the output is unchanged.

## Components and Interfaces
- `shout(text: str) -> str` in greet/cli.py: the text in upper case.
- `main()`: a `--shout` flag (argparse, store_true).

## Testing Strategy
- tests/test_shout.py: shout(); tests/test_cli.py: the flag.
"""

TASKS_YAML = f"""feature: {FEATURE}
tasks:
  - id: "1"
    title: shout() upper-cases a text
    wave: 1
    depends_on: []
    files: [greet/cli.py, tests/test_shout.py]
    acceptance: tests/test_shout.py passes
    builder: B1
    status: pending
  - id: "2"
    title: the --shout flag of the command line
    wave: 2
    depends_on: ["1"]
    files: [greet/cli.py, tests/test_cli.py]
    acceptance: tests/test_cli.py tests --shout and passes
    builder: B2
    status: pending
"""


class Architect(SddAgent):
    def work(self, prompt):
        yield from self.tool("Read", {"file_path": self.abs(SPEC)})
        yield from self.tool("Write", {"file_path": self.abs(f"{DIR}/design.md"),
                                       "content": DESIGN})
        yield from self.tool("Write", {"file_path": self.abs(f"{DIR}/research.md"),
                                       "content": "# Research\n\n- argparse store_true; "
                                                  "str.upper().\n"})
        yield [text(f"ARCHITECT_COMPLETE\nFeature: {FEATURE}\nArtifacts: {DIR}/design.md, "
                    f"{DIR}/research.md\nSummary: a shout() helper and a --shout flag.\n"
                    "Open questions: none")]


class TaskGenerator(SddAgent):
    def work(self, prompt):
        yield from self.tool("Read", {"file_path": self.abs(f"{DIR}/design.md")})
        yield from self.tool("Write", {"file_path": self.abs(TASKS), "content": TASKS_YAML})
        yield [text(f"TASKGEN_COMPLETE\nFeature: {FEATURE}\nArtifact: {TASKS}\nWaves:\n"
                    "1: 1 (B1)\n2: 2 (B2)")]


SHOUT_TEST = ("from greet.cli import shout\n\n\ndef test_shout_upper_cases():\n"
              "    assert shout('Hello, Ada!') == 'HELLO, ADA!'\n")
SHOUT_CODE = "def shout(text: str) -> str:\n    return text.upper()\n\n\n"
DOCSTRING = '    """``text`` in upper case (greet --shout)."""\n'
CLI_TEST = ("\n\ndef test_shout_flag(capsys):\n    assert main(['Ada', '--shout']) == 0\n"
            "    assert capsys.readouterr().out == 'HELLO, ADA!\\n'\n")


class Builder(SddAgent):
    def work(self, prompt):
        test = re.search(r"Test command: (.+)", prompt)
        command = test.group(1).strip() if test else TEST_COMMAND
        files = []
        if "Tasks: 1" in prompt:
            files = ["greet/cli.py", "tests/test_shout.py"]
            yield from self.tool("Write", {"file_path": self.abs("tests/test_shout.py"),
                                           "content": SHOUT_TEST})
            red = yield from self.tool("Bash", {"command": command, "description": "RED"})
            yield from self.tool("Edit", {"file_path": self.abs("greet/cli.py"),
                                          "old_string": "def main(argv=None) -> int:",
                                          "new_string": SHOUT_CODE + "def main(argv=None) -> int:"})
        elif "Tasks: 2" in prompt:
            files = ["greet/cli.py", "tests/test_cli.py"]
            path = self.box.repo / "tests/test_cli.py"
            yield from self.tool("Write", {"file_path": self.abs("tests/test_cli.py"),
                                           "content": path.read_text() + CLI_TEST})
            red = yield from self.tool("Bash", {"command": command, "description": "RED"})
            yield from self.tool("Edit", {"file_path": self.abs("greet/cli.py"),
                                          "old_string": '    parser.add_argument("name")\n'
                                                        '    args = parser.parse_args(argv)\n'
                                                        '    print(greeting(args.name))',
                                          "new_string": '    parser.add_argument("name")\n'
                                                        '    parser.add_argument("--shout", '
                                                        'action="store_true")\n'
                                                        '    args = parser.parse_args(argv)\n'
                                                        '    message = greeting(args.name)\n'
                                                        '    print(shout(message) if args.shout '
                                                        'else message)'})
        else:  # the review's issues
            files = ["greet/cli.py"]
            red = None
            yield from self.tool("Edit", {"file_path": self.abs("greet/cli.py"),
                                          "old_string": "def shout(text: str) -> str:\n",
                                          "new_string": "def shout(text: str) -> str:\n"
                                                        + DOCSTRING})
        green = yield from self.tool("Bash", {"command": command, "description": "GREEN"})
        last = (green.text.strip().splitlines() or [""])[-1]
        red_failed = red is None or not red.ok or "failed" in red.text or "error" in red.text
        yield [text(f"BUILDER_COMPLETE\nFeature: {FEATURE}\nTasks: "
                    f"{(re.search(r'Tasks: (.+)', prompt) or [None, 'fixes'])[1]}\n"
                    f"Files: {', '.join(files)}\nTests: {command}: {last}\n"
                    f"[PATTERN] test first: the RED run {'failed' if red_failed else 'passed'} "
                    f"before the code\nBlockers: none")]


class Inspector(SddAgent):
    def work(self, prompt):
        name = self.lane.rsplit("-", 1)[0]
        code = yield from self.tool("Read", {"file_path": self.abs("greet/cli.py")})
        issues = []
        notes = []
        if name == "sdd-inspector-test":
            run = yield from self.tool("Bash", {"command": TEST_COMMAND,
                                                "description": "run the tests"})
            last = (run.text.strip().splitlines() or [""])[-1]
            notes.append(f"{TEST_COMMAND}: {last}")
            if "passed" not in last or "failed" in last:
                issues.append(f"H|test|tests|{TEST_COMMAND} does not pass")
        else:
            # The Read tool numbers the lines ("12\tdef shout...").
            lines = [ln.split("\t", 1)[-1] for ln in code.text.splitlines()]
            at = next((i for i, ln in enumerate(lines) if ln.startswith("def shout(")), None)
            if at is not None and not (at + 1 < len(lines)
                                       and lines[at + 1].strip().startswith('"""')):
                issues.append(f"M|quality|greet/cli.py:{at + 1}|shout() has no docstring; "
                              "add one")
        path = f"{REVIEW}/{name}.cpf"
        body = f"SCOPE:{FEATURE}\nISSUES:\n" + "".join(i + "\n" for i in issues) + \
            "NOTES:\n" + "".join(n + "\n" for n in notes)
        yield from self.tool("Write", {"file_path": self.abs(path), "content": body})
        yield [text(f"WRITTEN:{path}")]


class Auditor(SddAgent):
    def work(self, prompt):
        found = yield from self.tool("Glob", {"pattern": f"{REVIEW}/*.cpf",
                                              "path": str(self.box.repo)})
        issues = []
        for path in [p for p in found.text.split() if p.endswith(".cpf")]:
            if path.endswith("verdict.cpf"):
                continue
            out = yield from self.tool("Read", {"file_path": path})
            issues += [ln.split("\t", 1)[-1].strip() for ln in out.text.splitlines()
                       if ln.count("|") >= 3]
        verdict = "GO" if not issues else (
            "NO-GO" if any(i.startswith("C|") for i in issues) else "CONDITIONAL")
        path = f"{REVIEW}/verdict.cpf"
        body = (f"VERDICT:{verdict}\nSCOPE:{FEATURE}\nISSUES:\n" + "".join(i + "\n"
                                                                        for i in issues)
                + "NOTES:\nproduct intent: --shout upper-cases the greeting, as spec.yaml says\n")
        yield from self.tool("Write", {"file_path": self.abs(path), "content": body})
        yield [text(f"WRITTEN:{path}")]


KINDS = {"sdd-architect": Architect, "sdd-taskgenerator": TaskGenerator,
         "sdd-builder": Builder, "sdd-auditor-impl": Auditor}


# --------------------------------------------------------------------------- a whole run


class SddRun:
    """The three sessions in ``box`` (see :func:`prepare`).

    Attributes:
        journal, lead: what the lead met, the lead.
        runs: the three :class:`harness.Run` objects.
        prompts: subagent lane → the prompt its model received.
    """

    def __init__(self, box, api, *, claude=None, timeout: float = 300) -> None:
        from .fakeapi import Script
        from .harness import tools_path

        self.box = box
        self.journal = Journal()
        self.lead = Lead(self.journal, box)
        self.prompts = {}
        self.script = Script(main=self.lead)

        def factory(lane):
            kind = lane.rsplit("-", 1)[0]
            cls = KINDS.get(kind) or (Inspector if kind.startswith("sdd-inspector-") else None)
            return cls(self.journal, lane, box, self) if cls else None

        def usage(lane, index):
            if lane == "main" and self.lead.compact_now:
                self.lead.compact_now = False
                return {"input_tokens": FULL_CONTEXT}
            return None

        self.script.lane_factory = factory
        self.script.usage = usage
        path = tools_path()
        # The CLI compacts at 10 % of its window: only the answer above
        # reports that much.
        env = {"PATH": path, "CLAUDE_AUTOCOMPACT_PCT_OVERRIDE": "10"}
        self.runs = []
        for i, prompt in enumerate(SESSIONS):
            self.runs.append(box.run(api, prompt, self.script, timeout=timeout, env=env,
                                     claude=claude, args=["--continue"] if i else []))


def prepare(box_cls, root=None):
    """A sandbox with the reference repository on ``main``, the suite
    installed, sync-sdd chosen in state.md's config (the user's choice),
    everything committed and the workspace trusted."""
    import tempfile
    from pathlib import Path

    from statefiles import state_md

    from .harness import git

    box = box_cls.create(Path(root) if root else Path(tempfile.mkdtemp(prefix="psdd-")))
    for rel, body in reference_repo().items():
        path = box.repo / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(body)
    git(box.repo, "add", "-A")
    git(box.repo, "commit", "-q", "-m", "greet")
    box.install()
    state_md.update_keys(str(box.repo), "config", {"workflow": "sync-sdd"})
    box.commit_all("install playgate; choose sync-sdd")
    box.trust()
    return box
