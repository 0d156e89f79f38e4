"""breezing (seed 001) as a compliant team meets it, through the real CLI.

A scripted lead that does what the shipped ``/breezing`` skill, agents and
hook messages say — and checks that they say it: every step it takes is
looked up in the text it was given (the skill, an agent's answer, a hook's
context), and a step the text does not name is a *contradiction*
(:attr:`golden.Journal.contradictions`), a refusal of a step the text named
is a *block*. Its team (planner, plan critic, implementers, reviewer) are
scripted lanes of the fake Messages API started by the lead's ``Agent``
calls, each doing what its agent definition says.

The reference work, ``greet``: a Plans.md with three tasks — 1 and 2
independent (``greet/hello.py``, ``greet/bye.py``), 3 depending on both
(``greet/cli.py``) — two implementers, a reviewer that requests changes
once (one retake), the APPROVE fast path, the verification, Plans.md
``cc:done``, the commit and the report.

Subagent mode (``/breezing all --no-team``): Agent Teams do not run
headless (docs/claude-code-measured.md "Agent Teams, headless"), so the
implementers and the reviewer are subagents; session 1 ends with the range
confirmation, the user's "yes" comes in the resumed session 2.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from .fakeapi import text, tool_use
from .golden import Journal, Policy, guard_labels
from .harness import tools_path
import saying

SESSION_FMT = "breezing-20260301-120000"
ACTIVE = ".claude/state/breezing-active.json"
REVIEW = ".claude/state/review-result.json"
TIMELINE = ".claude/state/breezing-timeline.jsonl"
SKILL = "skills/breezing/SKILL.md"

PLANS = """# Plans

## greet

- [ ] 1. Add greet.hello.hello(name) returning "Hello, <name>!" `cc:TODO`
  owns: greet/hello.py, tests/test_hello.py
- [ ] 2. Add greet.bye.bye(name) returning "Goodbye, <name>!" `cc:TODO`
  owns: greet/bye.py, tests/test_bye.py
- [ ] 3. Add the greet command line printing hello and bye `cc:TODO`
  owns: greet/cli.py, tests/test_cli.py
  depends: 1, 2
"""

#: What each task's implementer writes: {task number: {path: content}}.
WORK = {
    "1": {"greet/hello.py": 'def hello(name: str) -> str:\n    return f"Hello, {name}!"\n',
          "tests/test_hello.py": "from greet.hello import hello\n\n\ndef test_hello():\n"
                                 '    assert hello("Ada") == "Hello, Ada!"\n'},
    "2": {"greet/bye.py": 'def bye(name: str) -> str:\n    return f"Bye, {name}!"\n',
          "tests/test_bye.py": "from greet.bye import bye\n\n\ndef test_bye():\n"
                               '    assert bye("Ada").endswith("Ada!")\n'},
    "3": {"greet/cli.py": "import sys\n\nfrom greet.bye import bye\nfrom greet.hello import hello"
                          "\n\n\ndef main(argv=None) -> int:\n    name = (argv or sys.argv[1:] or "
                          '["world"])[0]\n    print(hello(name))\n    print(bye(name))\n'
                          "    return 0\n",
          "tests/test_cli.py": "from greet.cli import main\n\n\ndef test_main(capsys):\n"
                               '    assert main(["Ada"]) == 0\n    out = capsys.readouterr()'
                               '.out\n    assert "Hello, Ada!" in out\n'},
    # the retake: the reviewer wants "Goodbye"
    "fix": {"greet/bye.py": 'def bye(name: str) -> str:\n    return f"Goodbye, {name}!"\n'},
}
REVIEW_FINDING = 'bye() must say "Goodbye, <name>!" as Plans.md 2 says, not "Bye"'
TEST_COMMAND = "python3 -m pytest -q"


def reference_files() -> dict:
    return {
        "Plans.md": PLANS,
        "pyproject.toml": '[project]\nname = "greet"\nversion = "0.1.0"\n\n'
                          '[tool.pytest.ini_options]\ntestpaths = ["tests"]\n',
        "greet/__init__.py": "",
        "tests/__init__.py": "",
        ".gitignore": "__pycache__/\n",
        "tests/test_package.py": "import greet\n\n\ndef test_package():\n"
                                 "    assert greet is not None\n",
    }


def prepare(box_cls, root=None):
    """A sandbox with the reference repository on branch ``feat/greet``, the
    suite installed, ``config.workflow: breezing``, everything committed and
    the workspace trusted."""
    import tempfile

    from statefiles import state_md

    from .harness import git

    box = box_cls.create(Path(root) if root else Path(tempfile.mkdtemp(prefix="pgbz-")))
    for rel, body in reference_files().items():
        path = box.repo / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(body)
    git(box.repo, "add", "-A")
    git(box.repo, "commit", "-q", "-m", "greet: plans")
    box.install()
    state_md.update_keys(str(box.repo), "config", {"workflow": "breezing"})
    box.commit_all("install playgate; workflow: breezing")
    box.checkout("feat/greet")
    box.trust()
    return box


def env_for_run(extra=None) -> dict:
    """The CLI's environment: the task list tools on, and an interpreter
    with pytest first on PATH (the verification runs ``python3 -m pytest``)."""
    path = tools_path()
    return {"PATH": path, "CLAUDE_CODE_ENABLE_TODO_TOOLS": "1", **(extra or {})}


#: [playgate:<label>] contexts a compliant breezing run meets by design (where
#: the session stands, what the hooks recorded, what comes next); any other
#: label is a warning the lead did not expect.
EXPECTED_CONTEXT = frozenset({"session-start", "active-workflow", "breezing-session",
                              "breezing-prompt", "breezing-record", "breezing-signals",
                              "session-report"})


class Expecting(Policy):
    """A lane whose hook contexts are judged against :data:`EXPECTED_CONTEXT`."""

    def note_context(self, context: str) -> None:
        for chunk in re.split(r"\n(?=\S)", context):
            for label in guard_labels(chunk)[:1]:
                kind = "context" if label in EXPECTED_CONTEXT else "warning"
                self.journal.add(self.lane, self.turn_index, kind, chunk.strip()[:600])
            if "hook error" in chunk or "blocking error" in chunk:
                self.journal.add(self.lane, self.turn_index, "note", chunk.strip()[:600])


# --------------------------------------------------------------------------- helpers


def context_of(outcome) -> str:
    return (outcome.text or "") + "\n" + (outcome.context or "")


def lane_prompt(request) -> str:
    prompt = request.messages[0]["content"] if request.messages else ""
    return prompt if isinstance(prompt, str) else json.dumps(prompt)


class Member(Expecting):
    """A team member's lane: ``steps(prompt)`` runs once per start (a
    subagent is started again for a retake: its lane's messages restart)."""

    def __init__(self, journal, lane, box, team) -> None:
        super().__init__(journal)
        self.lane = lane
        self.box = box
        self.team = team
        self.prompts = []

    def body(self):
        request = yield
        while True:
            self.new_context(request)
            prompt = lane_prompt(request)
            self.prompts.append(prompt)
            blocks = yield from self.steps(prompt)
            request = yield blocks

    def abs(self, rel: str) -> str:
        return str(self.box.repo / rel)

    def say_last(self, words: str):
        return [text(words)]

    def steps(self, prompt):  # pragma: no cover - overridden
        raise NotImplementedError


class Planner(Member):
    def steps(self, prompt):
        out = yield from self.tool("Read", {"file_path": self.abs("Plans.md")})
        if not out.ok:
            self.journal.add(self.lane, self.turn_index, "stuck", f"planner: {out.text[:300]}")
        return self.say_last(
            "The three tasks are small; 3 uses what 1 and 2 make.\n\n"
            "OWNS 1: greet/hello.py, tests/test_hello.py\n"
            "OWNS 2: greet/bye.py, tests/test_bye.py\n"
            "OWNS 3: greet/cli.py, tests/test_cli.py\n"
            "DEPENDS 1: none\nDEPENDS 2: none\nDEPENDS 3: 1, 2\nMAX_PARALLEL: 2")


class PlanCritic(Member):
    def steps(self, prompt):
        if "MAX_PARALLEL" not in prompt:
            self.journal.add(self.lane, self.turn_index, "contradiction",
                             "the plan critic's prompt does not carry the planner's analysis")
        return self.say_last("Nothing blocks the range: 3 declares its dependencies.\n\n"
                             "VERDICT: ready")
        yield  # a generator


class Implementer(Member):
    """task-worker as a subagent: the one task its prompt names."""

    def steps(self, prompt):
        m = re.search(r"Task (\S+) \(Plans\.md (\S+)\)", prompt)
        if not m:
            self.journal.add(self.lane, self.turn_index, "contradiction",
                             f"an implementer's prompt names no task: {prompt[:300]}")
            return self.say_last("TASK-RESULT: failed ? - no task in the prompt")
        task_id, number = m.group(1), m.group(2).rstrip(")")
        work = WORK["fix" if "fix" in prompt.lower() else number]
        for rel, body in work.items():
            out = yield from self.tool("Write", {"file_path": self.abs(rel), "content": body})
            if not out.ok:
                self.journal.add(self.lane, self.turn_index, "block",
                                 f"implementer Write {rel}: {out.text[:400]}")
                return self.say_last(f"TASK-RESULT: failed {task_id} - {out.text[:200]}")
        self.team.written.extend(work)
        out = yield from self.tool("Bash", {"command": TEST_COMMAND, "description": "run tests"})
        last = (out.text.strip().splitlines() or [""])[-1]
        return self.say_last(f"Implemented task {task_id}: {', '.join(work)}. Tests: {last}\n\n"
                             f"TASK-RESULT: done {task_id}")


class Reviewer(Member):
    """code-reviewer as a subagent: requests changes once, then approves."""

    def steps(self, prompt):
        m = re.search(r"breezing session (\S+?)[.\s]", prompt)
        session = m.group(1) if m else "?"
        diff = yield from self.tool("Bash", {"command": "git status --short",
                                             "description": "what changed"})
        run = yield from self.tool("Bash", {"command": TEST_COMMAND, "description": "run tests"})
        last = (run.text.strip().splitlines() or [""])[-1]
        bye = (self.box.repo / "greet/bye.py").read_text() if (
            self.box.repo / "greet/bye.py").exists() else ""
        if "Goodbye" not in bye:
            self.team.verdicts.append("FAIL")
            return self.say_last(f"Changed: {diff.text.strip()[:200]}\nTests: {last}\n"
                                 f"Finding: {REVIEW_FINDING}. Grade: C.\n\n"
                                 f"CODE-REVIEW: FAIL {session} - {REVIEW_FINDING}")
        self.team.verdicts.append("PASS")
        return self.say_last(f"Tests: {last}. Every task meets its criterion. Grade: A.\n\n"
                             f"CODE-REVIEW: PASS {session}")


# --------------------------------------------------------------------------- the lead


class Lead(Expecting):
    """The main session: the ``/breezing`` skill, step by step."""

    lane = "main"

    def _count(self, blocks) -> None:
        self.journal.turns += 1

    def __init__(self, journal, box, team) -> None:
        super().__init__(journal)
        self.box = box
        self.team = team
        self.skill = ""
        self.session_id = SESSION_FMT
        self.tasks = {}        # Plans.md number -> task id
        self.done = False
        self.confirmation = ""
        self.report = ""
        self.lanes = 0

    def abs(self, rel: str) -> str:
        return str(self.box.repo / rel)

    def says(self, fragment: str, where: str | None = None) -> bool:
        """The text the lead acts on names ``fragment``; else a contradiction."""
        source = self.skill if where is None else where
        if fragment in source:
            return True
        self.journal.add(self.lane, self.turn_index, "contradiction",
                         f"the lead needs {fragment!r} but the text it was given does not say it")
        return False

    def act(self, name, input_, purpose):
        out = yield from self.tool(name, input_)
        if not out.ok:
            self.journal.add(self.lane, self.turn_index, "stuck",
                             f"{purpose}: {out.text[:600]}")
        return out

    def agent(self, subagent_type: str, prompt: str, name: str | None = None):
        self.lanes += 1
        lane = f"{subagent_type}-{self.lanes}"
        spec = {"subagent_type": subagent_type, "description": f"breezing {subagent_type}",
                "prompt": f"{prompt} [[lane:{lane}]]", "run_in_background": False}
        if name:
            spec["name"] = name
        return spec

    def body(self):
        request = yield
        first = self.new_context(request)
        # The skill's text came with the user's /breezing command.
        self.skill = first
        if "# /breezing" not in first:
            self.journal.add(self.lane, self.turn_index, "stuck",
                             "the /breezing command did not bring the skill's text")
        yield from self.act("Read", {"file_path": self.abs("state.md")}, "read state.md first")
        # Step 0.
        self.says("## Step 0")
        self.says('"impl_mode": "standard"')
        content = json.dumps({"session_id": self.session_id,
                              "started_at": "2026-03-01T12:00:00Z",
                              "impl_mode": "standard", "task_range": "all"}, indent=2) + "\n"
        yield from self.act("Write", {"file_path": self.abs(ACTIVE), "content": content},
                            "Step 0: write breezing-active.json")
        # Phase 0.
        self.says('"subagent_type": "plan-analyst"')
        plans = self.box.repo.joinpath("Plans.md").read_text()
        planner = yield from self.act("Agent", self.agent(
            "plan-analyst", f"breezing session {self.session_id}. Range: all. Plans.md:\n{plans}"),
            "Phase 0: the planner")
        self.says("MAX_PARALLEL", planner.text)
        self.says('"subagent_type": "plan-critic"')
        critic = yield from self.act("Agent", self.agent(
            "plan-critic", f"breezing session {self.session_id}. Range: all.\nPlanner:\n"
            f"{planner.text}\nPlans.md:\n{plans}"), "Phase 0: the critic")
        self.says("VERDICT: ready", critic.text)
        # Step 1: the environment.
        self.says('echo "teams=${CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS:-}')
        check = yield from self.act("Bash", {
            "command": 'echo "teams=${CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS:-} '
                       'tasks=${CLAUDE_CODE_ENABLE_TODO_TOOLS:-} entry=${CLAUDE_CODE_ENTRYPOINT:-}"',
            "description": "Agent Teams check"}, "Step 1: the environment check")
        self.team.env_check = check.text
        self.says("--no-team")
        # Step 2: the range confirmation.
        yield from self.act("Read", {"file_path": self.abs("Plans.md")}, "Step 2: read Plans.md")
        self.says("🏇 Breezing - confirm the range")
        self.confirmation = (
            "🏇 Breezing - confirm the range\n\nRange: \"all\"\n\nTasks:\n"
            "├── 1. Add greet.hello.hello(name) (cc:TODO)\n"
            "├── 2. Add greet.bye.bye(name) (cc:TODO)\n"
            "└── 3. Add the greet command line (cc:TODO)\n\nTeam:\n"
            "├── Lead: coordinates only (delegate phase in Phase B)\n"
            "├── Implementer: 2 (2 independent tasks)  [subagent mode]\n"
            "└── Reviewer: 1\n\nPlanning: ready (3 depends on 1 and 2).\n\n"
            "3 tasks with 2 implementers. Is this right? (yes / what to change / cancel)")
        answer = yield from self.say(self.confirmation)
        # Session 2: the user's yes.
        self.team.answer_context = answer
        if not saying.says(answer, "breezing_prompt.answer_confirm"):
            self.journal.add(self.lane, self.turn_index, "stuck",
                             f"the user's yes was not recorded: {answer[:400]}")
        self.says("Step 3")
        # Step 3: V1-V5 hold for the reference tasks (owns, criteria,
        # depends declared); the task list.
        self.says('"select:TaskCreate,TaskUpdate,TaskList,TaskGet,SendMessage"')
        yield from self.act("ToolSearch", {
            "query": "select:TaskCreate,TaskUpdate,TaskList,TaskGet,SendMessage"},
            "load the task list tools")
        self.says("TaskCreate")
        for number, subject, owns in (
                ("1", "Add greet.hello.hello(name)", "greet/hello.py, tests/test_hello.py"),
                ("2", "Add greet.bye.bye(name)", "greet/bye.py, tests/test_bye.py"),
                ("3", "Add the greet command line", "greet/cli.py, tests/test_cli.py")):
            out = yield from self.act("TaskCreate", {
                "subject": f"{number}. {subject}",
                "description": f"Plans.md {number}: {subject}\nowns: {owns}\n"
                               f"criterion: {TEST_COMMAND} passes",
                "activeForm": f"{subject.replace('Add', 'Adding')}"}, f"TaskCreate {number}")
            m = re.search(r"Task #(\S+) created", out.text)
            self.tasks[number] = m.group(1) if m else number
        self.says("addBlockedBy")
        yield from self.act("TaskUpdate", {"taskId": self.tasks["3"],
                                           "addBlockedBy": [self.tasks["1"], self.tasks["2"]]},
                            "task 3 is blocked by 1 and 2")
        # Step 3.4: the active file's metadata, with Edit.
        self.says('"plans_md_mapping"')
        mapping = {self.tasks[n]: n for n in ("1", "2", "3")}
        yield from self.act("Edit", {
            "file_path": self.abs(ACTIVE), "old_string": '"task_range": "all"',
            "new_string": '"task_range": "all",\n  "team_name": "breezing-greet",\n'
                          f'  "plans_md_mapping": {json.dumps(mapping)},\n'
                          '  "options": {"codex_review": false, "parallel": 2},\n'
                          '  "team": {"implementer_count": 2, "reviewer_count": 1, '
                          '"model": "opus"},\n'
                          '  "review": {"retake_count": 0, "max_retakes": 3}',
            "replace_all": False}, "Step 3: the active file's metadata")
        # Phase B, subagent mode: waves.
        self.says("**Subagent mode.**")
        yield from self.wave([("1", "implementer-1"), ("2", "implementer-2")])
        yield from self.wave([("3", "implementer-1")])
        review = yield from self.review([self.tasks[n] for n in ("1", "2", "3")])
        told = context_of(review)
        self.team.review_contexts.append(told)
        if not saying.says(told, "breezing_record.changes"):
            self.journal.add(self.lane, self.turn_index, "stuck",
                             f"no REQUEST CHANGES was recorded: {told[:500]}")
        # The retake: the findings as a fix task.
        self.says("TaskCreate", told)
        out = yield from self.act("TaskCreate", {
            "subject": "Fix: bye() says Goodbye",
            "description": f"Review finding: {REVIEW_FINDING}\nowns: greet/bye.py\n"
                           f"criterion: {TEST_COMMAND} passes",
            "activeForm": "Fixing bye()"}, "the fix task")
        m = re.search(r"Task #(\S+) created", out.text)
        self.tasks["fix"] = m.group(1) if m else "4"
        yield from self.wave([("fix", "implementer-2")])
        review = yield from self.review([self.tasks["fix"]])
        told = context_of(review)
        self.team.review_contexts.append(told)
        if not saying.says(told, "breezing_record.approved"):
            self.journal.add(self.lane, self.turn_index, "stuck",
                             f"the APPROVE did not end the delegate phase: {told[:500]}")
        # Phase C.
        yield from self.phase_c()
        self.done = True
        yield from self.say(self.report)

    def wave(self, items):
        """Subagent mode: start the wave's tasks, run their implementers in
        one message, complete what they report done."""
        for number, owner in items:
            yield from self.act("TaskUpdate", {"taskId": self.tasks[number],
                                               "status": "in_progress", "owner": owner},
                                f"claim task {number}")
        calls, ids = [], []
        for number, owner in items:
            task_id = self.tasks[number]
            plans_no = "2" if number == "fix" else number
            desc = (f"fix: {REVIEW_FINDING}" if number == "fix" else f"Plans.md task {number}")
            self._ids += 1
            tid = f"toolu_bz_main_{self._ids}"
            ids.append((tid, task_id))
            calls.append(tool_use("Agent", self.agent(
                "task-worker", f"breezing session {self.session_id}. Task {task_id} "
                f"(Plans.md {plans_no}): {desc}\nowns: {', '.join(WORK[number])}\n"
                f"criterion: {TEST_COMMAND} passes", name=owner), id=tid))
        request = yield calls
        results = request.tool_results()
        context = self.new_context(request)
        self.note_context(context)
        for tid, task_id in ids:
            result = results.get(tid) or {}
            if result.get("is_error") or f"TASK-RESULT: done {task_id}" not in result.get("text",
                                                                                          ""):
                self.journal.add(self.lane, self.turn_index, "stuck",
                                 f"implementer of task {task_id}: {str(result)[:500]}")
                continue
            yield from self.act("TaskUpdate", {"taskId": task_id, "status": "completed"},
                                f"complete task {task_id}")

    def review(self, ids):
        self.says('"subagent_type": "code-reviewer"')
        spec = self.agent("code-reviewer", f"breezing session {self.session_id}. Review tasks "
                          f"{', '.join(ids)}: Plans.md 1-3 (greet hello, bye, cli) and their "
                          "fixes.")
        out = yield from self.act("Agent", spec, "the review")
        return out

    def phase_c(self):
        self.says("**Fast path**")
        result = yield from self.act("Read", {"file_path": self.abs(REVIEW)},
                                     "Phase C: read review-result.json")
        head = yield from self.act("Bash", {"command": "git rev-parse HEAD",
                                            "description": "HEAD for the fast path"}, "HEAD")
        data = {}
        for line in result.text.splitlines():
            if '"commit_hash"' in line or '"verdict"' in line:
                m = re.search(r'"(commit_hash|verdict)": "([^"]*)"', line)
                if m:
                    data[m.group(1)] = m.group(2)
        self.team.fast_path = (data.get("verdict") == "APPROVE"
                               and data.get("commit_hash") == head.text.strip())
        if not self.team.fast_path:
            self.journal.add(self.lane, self.turn_index, "stuck",
                             f"the fast path did not hold: {data} vs {head.text.strip()}")
        self.says("python3 -m pytest")
        look = yield from self.tool("Bash", {"command": "ls pyproject.toml package.json Cargo.toml "
                                                        "go.mod pytest.ini",
                                             "description": "which verifications apply"})
        self.team.verification_look = look.text
        verify = yield from self.act("Bash", {"command": TEST_COMMAND,
                                              "description": "verification"}, "verification")
        self.team.verification = verify.text
        self.says("`cc:done`")
        plans = self.box.repo.joinpath("Plans.md").read_text()
        yield from self.act("Write", {"file_path": self.abs("Plans.md"),
                                      "content": plans.replace("`cc:TODO`", "`cc:done`")},
                            "Plans.md: cc:done")
        self.says("git add -A -- <the paths the range's tasks own> Plans.md && git commit")
        commit = yield from self.act("Bash", {
            "command": 'git add -A -- greet tests Plans.md && git commit -q -m "feat: greet '
                       'hello, bye and the command line" -m "Plans.md 1, 2, 3 (breezing)"',
            "description": "commit"},
            "the commit")
        self.team.commit_output = commit.text
        sha = yield from self.act("Bash", {"command": "git log -1 --format=%h%x20%s",
                                           "description": "the commit"}, "the commit line")
        self.says("rm -f .claude/state/breezing-active.json")
        yield from self.act("Bash", {"command": "rm -f .claude/state/breezing-active.json",
                                     "description": "close the breezing session"},
                            "close the session")
        timeline = yield from self.act("Read", {"file_path": self.abs(TIMELINE)},
                                       "the timeline for the report")
        rows = {}
        for line in timeline.text.splitlines():
            m = re.search(r'"event": "TaskCompleted".*?"task_id": "(\S+?)"', line)
            t = re.search(r'"ts": "[^T]*T(\d\d:\d\d)', line)
            if m:
                rows.setdefault(m.group(1), t.group(1) if t else "?")
        self.team.timeline_rows = rows
        owner = {self.tasks["1"]: "implementer-1", self.tasks["3"]: "implementer-1",
                 self.tasks["2"]: "implementer-2", self.tasks["fix"]: "implementer-2"}
        table = {}
        for task_id, at in rows.items():
            table.setdefault(owner.get(task_id, "lead"), []).append((task_id, at))
        lines = [f"| {who} | {', '.join('#' + t for t, _ in items)} | "
                 f"{', '.join(a for _, a in items)} |" for who, items in sorted(table.items())]
        self.says("🏇 Breezing Complete!")
        self.report = (
            "🏇 Breezing Complete!\n\n## Summary\n- Range: all (3 tasks)\n- Time: 1 min\n"
            "- Implementers: 2 (subagent mode)\n- Retakes: 1\n\n## Tasks\n"
            "✅ 1. Add greet.hello.hello(name)\n✅ 2. Add greet.bye.bye(name)\n"
            "✅ 3. Add the greet command line\n\n## Team Activity\n"
            "| Teammate | Tasks | Completed at |\n|----------|-------|--------------|\n"
            + "\n".join(lines) + "\n| reviewer | (review) | - |\n\n## Review\n"
            "- Verdict: APPROVE (Grade: A)\n- Codex Review: N/A\n\n## Build & Test\n"
            f"- {TEST_COMMAND}: ✅\n\n## Commit\n- {sha.text.strip()}\n")


class Team:
    """Shared notes of one run (what the test asserts on)."""

    def __init__(self) -> None:
        self.written = []
        self.verdicts = []
        self.review_contexts = []
        self.answer_context = ""
        self.env_check = ""
        self.fast_path = False
        self.verification = ""
        self.verification_look = ""
        self.commit_output = ""
        self.timeline_rows = {}


class BreezingRun:
    """Both sessions of a subagent-mode breezing run in ``box``.

    Attributes:
        journal, team, lead, runs (the two :class:`harness.Run`).
    """

    KINDS = {"plan-analyst": Planner, "plan-critic": PlanCritic,
             "task-worker": Implementer, "code-reviewer": Reviewer}

    def __init__(self, box, api, *, claude=None, timeout: float = 300) -> None:
        from .fakeapi import Script

        self.box = box
        self.journal = Journal()
        self.team = Team()
        self.lead = Lead(self.journal, box, self.team)
        self.script = Script(main=self.lead)
        self.members = {}

        def factory(lane):
            kind = lane.rsplit("-", 1)[0]
            cls = self.KINDS.get(kind)
            if cls is None:
                return None
            member = cls(self.journal, lane, box, self.team)
            self.members[lane] = member
            return member

        self.script.lane_factory = factory
        env = env_for_run()
        self.runs = [box.run(api, "/breezing all --no-team --parallel 2", self.script,
                             timeout=timeout, env=env, claude=claude)]
        self.runs.append(box.run(api, "yes", self.script, timeout=timeout, env=env,
                                 claude=claude, args=["--continue"]))

    def lane_prompts(self, kind: str) -> list:
        return [p for lane, m in sorted(self.members.items()) if lane.startswith(kind)
                for p in m.prompts]


# --------------------------------------------------------------------------- the early abort


class AbortingLead(Expecting):
    """``/breezing all`` where Agent Teams are off and no ``--no-team``:
    Step 0, the environment check fails, the seed's message, the file goes."""

    lane = "main"

    def __init__(self, journal, box) -> None:
        super().__init__(journal)
        self.box = box
        self.skill = ""
        self.message = ""

    def body(self):
        request = yield
        self.skill = self.new_context(request)
        yield from self.tool("Read", {"file_path": str(self.box.repo / "state.md")})
        content = json.dumps({"session_id": SESSION_FMT, "started_at": "2026-03-01T12:00:00Z",
                              "impl_mode": "standard", "task_range": "all"}, indent=2)
        out = yield from self.tool("Write", {"file_path": str(self.box.repo / ACTIVE),
                                             "content": content})
        if not out.ok:
            self.journal.add(self.lane, self.turn_index, "stuck", out.text[:300])
        check = yield from self.tool("Bash", {
            "command": 'echo "teams=${CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS:-} '
                       'tasks=${CLAUDE_CODE_ENABLE_TODO_TOOLS:-} entry=${CLAUDE_CODE_ENTRYPOINT:-}"',
            "description": "Agent Teams check"})
        self.check = check.text
        start = self.skill.find("⚠️ Agent Teams")
        end = self.skill.find("```", start)
        self.message = self.skill[start:end].strip() if start >= 0 else ""
        if not self.message:
            self.journal.add(self.lane, self.turn_index, "contradiction",
                             "the skill gives no message for a failed environment check")
        if "rm -f .claude/state/breezing-active.json" not in self.skill:
            self.journal.add(self.lane, self.turn_index, "contradiction",
                             "the skill does not say how to remove the file on an early abort")
        out = yield from self.tool("Bash", {"command": "rm -f .claude/state/breezing-active.json",
                                            "description": "early abort"})
        if not out.ok:
            self.journal.add(self.lane, self.turn_index, "block", out.text[:400])
        yield from self.say(self.message or "Agent Teams are not enabled.")
