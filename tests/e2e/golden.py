"""The golden path as a compliant agent meets it.

A scripted model that does what the suite tells it, literally, through the
real Claude Code CLI in the **default** permission mode, headless
(``claude -p``), with the installed settings plus only the user's declared
``project_commands``:

    session 1   "add --shout ..."   SessionStart → the files to read → playbook-init
                                    → (the skills it names) → present the
                                    understanding check → end the turn
    session 2   "yes" (--continue)  the files to read → the branch → pm → reviewer
                                    → (record/activate, if told) → edit code and
                                    tests → run the tests → record the evidence →
                                    critic → (record, if told) → archive → post-loop
                                    → commit → end

The agent is *reactive*: every step reads what the model was shown — the
tool result, the hook context that came with it (``role: "system"``
messages, system reminders), the skill texts — and acts on it. Where the
suite names a next step (``Skill(skill='...')``, ``Agent(subagent_type=...)``
or ``Task(...)``, "Use the Read tool on: ...", a command in backticks, "set
meta.reviewed ...") the agent does exactly that; when a call is refused it
follows the instruction in the refusal and retries once. So the run proves
that a message that tells the agent to do something names a step that the
guards then allow (:attr:`Journal.contradictions` lists every case where
they did not), and it measures the turns a compliant agent needs
(:attr:`Journal.turns`).

The reference task: ``greet``, a tiny Python package with a command line and
pytest tests; the task adds ``--shout`` (about 18 changed lines) and tests.
"""

from __future__ import annotations

import json
import re
import threading

from saying import matches, says
from statefiles.playbook import new_progress

from .fakeapi import Request, text, tool_use

TASK = ("Add a --shout option to the greet command line: it prints the greeting in "
        "upper case. Add tests for it.")
PLAYBOOK_ID = "greet-shout"
BRANCH = f"feat/{PLAYBOOK_ID}"
PLAN = f"play/{PLAYBOOK_ID}/plan.json"
PROGRESS = f"play/{PLAYBOOK_ID}/progress.json"
#: What the user declares in .claude/permission-config.yaml.
PROJECT_COMMANDS = ["pytest", "python -m pytest"]
TEST_COMMAND = "pytest -q"

CLI_BEFORE = '''"""The greet command line."""

import argparse


def greeting(name: str) -> str:
    return f"Hello, {name}!"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="greet")
    parser.add_argument("name")
    args = parser.parse_args(argv)
    print(greeting(args.name))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
'''

CLI_OLD = '''def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="greet")
    parser.add_argument("name")
    args = parser.parse_args(argv)
    print(greeting(args.name))
    return 0
'''

CLI_NEW = '''def shout(text: str) -> str:
    """``text`` in upper case, for --shout."""
    return text.upper()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="greet")
    parser.add_argument("name")
    parser.add_argument("--shout", action="store_true",
                        help="print the greeting in upper case")
    args = parser.parse_args(argv)
    message = greeting(args.name)
    if args.shout:
        message = shout(message)
    print(message)
    return 0
'''

TESTS_BEFORE = '''from greet.cli import greeting, main


def test_greeting():
    assert greeting("Ada") == "Hello, Ada!"


def test_main_prints_the_greeting(capsys):
    assert main(["Ada"]) == 0
    assert capsys.readouterr().out == "Hello, Ada!\\n"
'''

TESTS_ADDED = '''

def test_shout_prints_upper_case(capsys):
    assert main(["Ada", "--shout"]) == 0
    assert capsys.readouterr().out == "HELLO, ADA!\\n"


def test_without_shout_the_case_is_kept(capsys):
    main(["ada"])
    assert capsys.readouterr().out == "Hello, ada!\\n"
'''

PYPROJECT = '''[project]
name = "greet"
version = "0.1.0"
requires-python = ">=3.10"

[tool.pytest.ini_options]
testpaths = ["tests"]
pythonpath = ["."]
'''

GITIGNORE = "__pycache__/\n*.pyc\n.pytest_cache/\n"


def reference_files() -> dict:
    """The reference repository's files (repo-relative path → text)."""
    return {"greet/__init__.py": '"""greet: says hello."""\n', "greet/cli.py": CLI_BEFORE,
            "tests/test_cli.py": TESTS_BEFORE, "pyproject.toml": PYPROJECT,
            ".gitignore": GITIGNORE, "README.md": "# greet\n\n`python -m greet.cli NAME`\n"}


def permission_config() -> str:
    """``.claude/permission-config.yaml`` as the user writes it: only
    ``project_commands``."""
    return "project_commands:\n" + "".join(f"  - {c}\n" for c in PROJECT_COMMANDS)


def plan_json(created: str = "2026-01-01") -> dict:
    """The playbook pm writes for :data:`TASK`."""
    test = {"type": "automated", "command": TEST_COMMAND, "expected": "all tests pass"}
    return {
        "format_version": 2,
        "meta": {"id": PLAYBOOK_ID, "branch": BRANCH, "created": created, "status": "draft",
                 "review_profile": "standard", "reviewed": False, "reviewed_by": None,
                 "roles": {}},
        "goal": {"summary": "greet --shout prints the greeting in upper case, with tests",
                 "done_when": [{"criterion": "the test suite passes, including --shout tests",
                                "command": TEST_COMMAND, "expected": "all tests pass"}],
                 "scope": {"includes": ["greet/**", "tests/**"], "excludes": []}},
        "context": {"what": "a --shout flag for greet", "why": "the user asked for it",
                    "how": "argparse flag and str.upper in greet/cli.py",
                    "scope": "greet/cli.py, tests/test_cli.py", "exclusions": "no other options",
                    "risks": "the default output must not change", "confirmed_by": "user",
                    "confirmed_at": created},
        "max_iterations": 5,
        "phases": [{"id": "p1", "name": "shout", "description": "add --shout and its tests",
                    "depends_on": [],
                    "subtasks": [
                        {"id": "p1.1", "criterion": "greet NAME --shout prints HELLO, NAME!",
                         "executor": "claudecode", "coding": True,
                         "validation_plan": {"technical": test,
                                             "consistency": "default output unchanged",
                                             "completeness": "the flag is documented in --help"}},
                        {"id": "p1.2", "criterion": "tests cover --shout and the default",
                         "executor": "claudecode", "coding": True,
                         "validation_plan": {"technical": test,
                                             "consistency": "tests follow tests/test_cli.py",
                                             "completeness": "both cases are tested"}}]}],
        "final_tasks": [],
    }


def progress_json() -> dict:
    """The progress file pm writes (every subtask pending)."""
    return new_progress({"p1": "pending"}, ("p1.1", "p1.2"), ("p1", "p1.1"))


# --------------------------------------------------------------------------- reading messages

GUARD_LABEL = re.compile(r"\[playgate:([a-z0-9 -]+)\]")
SKILL_CALL = re.compile(r"Skill\(skill='([A-Za-z0-9:_-]+)'\)")
AGENT_CALL = re.compile(r"\b(Task|Agent)\(subagent_type='([A-Za-z0-9:_-]+)'")
BACKTICKED = re.compile(r"`([^`\n]+)`")
#: The messages that name files to read first ({files}, comma-separated).
READ_FIRST = ("init_guard.read_first", "session_start.read_first")


def instructions(text_: str) -> list:
    """The steps a message names, in the order it names them:
    ``("read", [paths])``, ``("skill", name)``, ``("agent", type, spelled)``,
    ``("branch",)``, ``("run", command)`` (the post-loop handler),
    ``("git", command)`` (a ``git add``/``git commit`` to run)."""
    found = []
    for key in READ_FIRST:
        for m in matches(text_, key):
            found.append((m.start(), ("read", [p.strip() for p in m["files"].split(",")])))
    for m in SKILL_CALL.finditer(text_):
        found.append((m.start(), ("skill", m.group(1).split(":")[-1])))
    for m in AGENT_CALL.finditer(text_):
        found.append((m.start(), ("agent", m.group(2).split(":")[-1], m.group(1))))
    for m in BACKTICKED.finditer(text_):
        cmd = m.group(1).strip()
        if cmd.startswith("git checkout -b"):
            found.append((m.start(), ("branch",)))
        elif re.match(r"^(python3?|\S*/python3?) \S*post-loop/handler\.py", cmd):
            found.append((m.start(), ("run", cmd)))
        elif re.match(r"^git (add|commit) ", cmd):
            found.append((m.start(), ("git", cmd)))
    found.sort(key=lambda pair: pair[0])
    return [step for _, step in found]


def guard_labels(text_: str) -> list:
    return GUARD_LABEL.findall(text_)


class Outcome:
    """What one tool call came back with.

    Attributes:
        name, input: the call.
        text, is_error: the tool_result the model received (``""``/``True``
            when none came back).
        context: the hook feedback that arrived with it (system messages,
            system reminders, Stop feedback), one string.
        async_launch: an Agent call that returned at once ("Async agent
            launched"), its result to come as a task notification.
    """

    def __init__(self, name, input_, result, context) -> None:
        self.name = name
        self.input = input_
        self.text = (result or {}).get("text", "")
        self.is_error = (result or {}).get("is_error", result is None)
        self.context = context
        self.async_launch = "Async agent launched" in self.text

    @property
    def blocked(self) -> bool:
        """A PreToolUse hook refused it."""
        return self.is_error and "hook error" in self.text

    @property
    def denied(self) -> bool:
        """The permission layer refused it (a dialog nobody answers in -p)."""
        return self.is_error and not self.blocked and (
            "haven't granted" in self.text or "permission" in self.text.lower()
            or "Execute skill" in self.text or "requires approval" in self.text)

    @property
    def ok(self) -> bool:
        return not self.is_error


class Journal:
    """What the compliant agent met (shared by the main agent and its
    subagents).

    Attributes:
        turns: main-agent turns (model requests of the main lane answered).
        work_turns: those that touched code, tests or git.
        events: ``[(lane, turn, kind, detail)]`` — ``block``, ``denied``,
            ``warning`` (a [playgate:...] context not in ``expected``),
            ``context`` (an expected one), ``stuck``, ``contradiction``,
            ``note``.
    """

    def __init__(self) -> None:
        self.turns = 0
        self.work_turns = 0
        self.events = []
        self.lock = threading.Lock()

    def add(self, lane, turn, kind, detail) -> None:
        with self.lock:
            self.events.append((lane, turn, kind, detail))

    def of(self, *kinds) -> list:
        return [e for e in self.events if e[2] in kinds]

    @property
    def contradictions(self) -> list:
        return self.of("contradiction")

    @property
    def stuck(self) -> list:
        return self.of("stuck")

    def report(self, turns: bool = True) -> str:
        lines = [f"main-agent turns: {self.turns} ({self.work_turns} touched code, tests or git)"]
        for lane, turn, kind, detail in self.events:
            if kind == "context" or (kind == "turn" and not turns):
                continue
            detail = str(detail)
            # The registered command line is noise here.
            cut = detail.find("; exit 2; }]: ")
            if cut > 0:
                detail = (detail[:detail.find("[", 0, cut)] + "[<command line>]: "
                          + detail[cut + 14:])
            lines.append(f"  [{lane} t{turn}] {kind}: {detail[:700]}")
        return "\n".join(lines)


class Policy:
    """A generator-driven lane (see fakeapi "policy"): ``body()`` yields
    turns and receives the next :class:`Request` after each."""

    lane = "main"

    def __init__(self, journal: Journal) -> None:
        self.journal = journal
        self._gen = None
        self._seen = 0
        self._ids = 0
        self.turn_index = -1
        self.last_request = None

    def __call__(self, index: int, request: Request):
        self.turn_index = index
        self.last_request = request
        if self._gen is None:
            self._gen = self.body()
            next(self._gen)
        try:
            blocks = self._gen.send(request)
        except StopIteration:
            return [text("Done.")]
        self._count(blocks)
        return blocks

    def _count(self, blocks) -> None:
        pass

    # -- helpers for body()

    def new_context(self, request: Request) -> str:
        """Hook feedback that arrived since the last request: system
        messages, reminders and plain user texts (not tool results)."""
        msgs = request.messages
        parts = []
        for msg in msgs[self._seen:]:
            content = msg.get("content")
            if isinstance(content, str):
                parts.append(content)
                continue
            for block in content or []:
                if isinstance(block, dict) and block.get("type") == "text":
                    parts.append(block.get("text", ""))
        self._seen = len(msgs)
        return "\n".join(parts)

    def tool(self, name: str, input_: dict):
        """One tool call (one turn); returns its :class:`Outcome`."""
        self._ids += 1
        tid = f"toolu_gold_{self.lane}_{self._ids}"
        request = yield [tool_use(name, input_, id=tid)]
        result = request.tool_results().get(tid)
        outcome = Outcome(name, input_, result, self.new_context(request))
        self.observe(outcome)
        return outcome

    def say(self, words: str):
        """A text turn (ends the model's turn); returns the next request's
        new context."""
        request = yield [text(words)]
        return self.new_context(request)

    def observe(self, outcome: Outcome) -> None:
        if outcome.blocked:
            self.journal.add(self.lane, self.turn_index, "block",
                             f"{outcome.name} {_brief(outcome.input)}: {outcome.text}")
        elif outcome.denied:
            self.journal.add(self.lane, self.turn_index, "denied",
                             f"{outcome.name} {_brief(outcome.input)}: {outcome.text}")
        self.note_context(outcome.context)

    def note_context(self, context: str) -> None:
        for chunk in re.split(r"\n(?=\S)", context):
            for label in guard_labels(chunk)[:1]:
                kind = "context" if label in EXPECTED_CONTEXT else "warning"
                self.journal.add(self.lane, self.turn_index, kind, chunk.strip()[:600])
            if "hook error" in chunk or "blocking error" in chunk:
                self.journal.add(self.lane, self.turn_index, "note", chunk.strip()[:600])


def _brief(input_: dict) -> str:
    for key in ("command", "file_path", "skill", "subagent_type"):
        if key in input_:
            return str(input_[key])[:160]
    return ""


#: [playgate:<label>] contexts a compliant run meets by design: they say where
#: the work stands or what to do next. Any other label is a warning the
#: agent did not expect (the test lists them).
EXPECTED_CONTEXT = frozenset({
    "session-start", "prompt-state", "work-request", "consent", "prompt-consent",
    "prompt-work-request", "progress-reminder", "subagent-reminder", "archive-playbook",
    "session-report", "review-ledger", "critic-ledger",
})


class Subagent(Policy):
    """A subagent lane: runs ``steps(prompt)``."""

    def __init__(self, journal, lane, box) -> None:
        super().__init__(journal)
        self.lane = lane
        self.box = box

    def body(self):
        request = yield
        self.new_context(request)
        prompt = request.messages[0]["content"] if request.messages else ""
        prompt = prompt if isinstance(prompt, str) else json.dumps(prompt)
        return (yield from self.steps(prompt))

    def abs(self, rel: str) -> str:
        return str(self.box.repo / rel)


class PM(Subagent):
    def steps(self, prompt):
        yield from self.tool("Read", {"file_path": self.abs("play/template/plan.json")})
        wrote = []
        for rel, data in ((PLAN, plan_json()), (PROGRESS, progress_json())):
            out = yield from self.tool("Write", {"file_path": self.abs(rel),
                                                 "content": json.dumps(data, indent=2) + "\n"})
            if out.ok:
                wrote.append(rel)
        yield [text(f"Wrote {', '.join(wrote) or 'nothing'}. Outline: p1 shout — p1.1 the "
                    "--shout flag, p1.2 its tests.")]


class Reviewer(Subagent):
    def steps(self, prompt):
        out = yield from self.tool("Read", {"file_path": self.abs(PLAN)})
        verdict = "PASS" if out.ok and PLAYBOOK_ID in out.text else "FAIL"
        tail = "" if verdict == "PASS" else " - the plan could not be read"
        yield [text(f"Q1-Q4 checked: criteria are verifiable ({TEST_COMMAND}), scope matches "
                    f"the request.\n\nREVIEW: {verdict} {PLAN}{tail}")]


class Critic(Subagent):
    def steps(self, prompt):
        ids = re.findall(r"\bp\d+\.\d+\b", prompt)
        wants_playbook = "playbook" in prompt.lower()
        out = yield from self.tool("Read", {"file_path": self.abs(PROGRESS)})
        recorded = out.ok and "PASS" in out.text
        run = yield from self.tool("Bash", {"command": TEST_COMMAND,
                                            "description": "run the test suite"})
        passed = run.ok and " passed" in run.text and "failed" not in run.text
        why = None
        if not run.ok:
            why = f"could not run {TEST_COMMAND}: {run.text[:160]}"
        elif not passed:
            why = f"{TEST_COMMAND} did not pass"
        elif not recorded:
            why = "the validations are not recorded with evidence (Q1)"
        last = run.text.strip().splitlines()[-1] if run.text.strip() else ""
        lines = [f"Ran `{TEST_COMMAND}`: {last}"]
        judged = list(dict.fromkeys(ids)) + (["playbook"] if wants_playbook else [])
        for ident in judged:
            lines.append(f"CRITIC: PASS {ident}" if why is None
                         else f"CRITIC: FAIL {ident} - {why}")
        yield [text("\n".join(lines))]


class MainAgent(Policy):
    """The orchestrator. ``sessions`` prompts are given by the test: the
    task, then "yes" in a resumed session."""

    lane = "main"

    def __init__(self, journal, box) -> None:
        super().__init__(journal)
        self.box = box
        self.read = set()          # repo-relative paths read this session
        self.skills = {}           # skill name -> its text
        self.subagents = 0
        self.done = False

    # -- bookkeeping of turns

    def _count(self, blocks) -> None:
        self.journal.turns += 1
        self.journal.add(self.lane, self.turn_index, "turn", "; ".join(
            f"{b['name']} {_brief(b.get('input') or {})}" if b.get("type") == "tool_use"
            else f"text: {b.get('text', '')[:60]}" for b in blocks))
        for b in blocks:
            if b.get("type") != "tool_use":
                continue
            inp = b.get("input") or {}
            if b["name"] in ("Edit", "Write"):
                rel = self.rel(inp.get("file_path", ""))
                if rel.startswith(("greet/", "tests/")):
                    self.journal.work_turns += 1
                    break
            if b["name"] == "Bash" and inp.get("command", "").split(" ")[0] in ("git", "pytest"):
                self.journal.work_turns += 1
                break

    def rel(self, path: str) -> str:
        root = str(self.box.repo) + "/"
        return path[len(root):] if path.startswith(root) else path

    def abs(self, rel: str) -> str:
        return rel if rel.startswith("/") else str(self.box.repo / rel)

    # -- following instructions

    def follow(self, steps, *, skip=()):
        """Do the steps a message names (not those in ``skip``); returns
        True when one was done."""
        did = False
        for step in steps:
            if step in skip:
                continue
            kind = step[0]
            if kind == "read":
                for path in step[1]:
                    rel = self.rel(path)
                    if rel in self.read:
                        continue
                    out = yield from self.tool("Read", {"file_path": self.abs(rel)})
                    self.expect_ok(out, f"Read {rel}, as a message asked")
                    self.read.add(rel)
                    did = True
            elif kind == "branch":
                out = yield from self.tool("Bash", {"command": f"git checkout -b {BRANCH}",
                                                    "description": "create the work branch"})
                self.expect_ok(out, "create the branch, as a message asked")
                did = True
            elif kind == "run":
                out = yield from self.tool("Bash", {"command": step[1],
                                                    "description": "run what the message says"})
                self.expect_ok(out, f"run `{step[1]}`, as a message asked")
                did = True
            elif kind == "skill" and step[1] not in self.skills:
                yield from self.skill(step[1])
                did = True
        return did

    def expect_ok(self, out: Outcome, why: str) -> None:
        if not out.ok:
            self.journal.add(self.lane, self.turn_index, "contradiction",
                             f"{why}, but it was refused: {out.text[:500]}")

    def act(self, name: str, input_: dict, purpose: str):
        """A call the golden path needs; when it is refused, follow what the
        refusal says once and retry."""
        out = yield from self.tool(name, input_)
        if out.ok or not out.blocked:
            if out.denied:
                self.journal.add(self.lane, self.turn_index, "stuck",
                                 f"{purpose}: no permission ({out.text[:300]})")
            return out
        steps = instructions(out.text)
        done = yield from self.follow(steps)
        if not done:
            self.journal.add(self.lane, self.turn_index, "stuck",
                             f"{purpose}: refused and the message names no step to take: "
                             f"{out.text[:500]}")
            return out
        again = yield from self.tool(name, input_)
        if not again.ok:
            self.journal.add(self.lane, self.turn_index, "stuck",
                             f"{purpose}: still refused after following the message: "
                             f"{again.text[:500]}")
        return again

    def skill(self, name: str):
        out = yield from self.act("Skill", {"skill": name}, f"Skill {name}")
        self.skills[name] = out.text + "\n" + out.context if out.ok else ""
        return out

    def agent(self, subagent_type: str, prompt: str, told: str):
        """Call a subagent as the messages spell it. ``told`` is the text
        that asked for it: the tool name it uses (Task/Agent) and whether it
        says ``run_in_background: false`` are taken from there."""
        self.subagents += 1
        lane = f"{subagent_type}-{self.subagents}"
        tools = self.last_request.tool_names if self.last_request else []
        spelled = "Agent"
        m = AGENT_CALL.search(told or "")
        if m and m.group(1) == "Task":
            spelled = "Task"
            if "Task" not in tools:
                self.journal.add(self.lane, self.turn_index, "contradiction",
                                 f"a message says Task(subagent_type='{subagent_type}'), but "
                                 f"this Claude Code has no Task tool (it has Agent)")
                spelled = "Agent"
        input_ = {"description": f"{subagent_type} for {PLAYBOOK_ID}",
                  "prompt": f"{prompt} [[lane:{lane}]]", "subagent_type": subagent_type}
        if "run_in_background: false" in (told or "") or "run_in_background=false" in (told or ""):
            input_["run_in_background"] = False
        out = yield from self.act(spelled, input_, f"{spelled} {subagent_type}")
        if out.async_launch:
            self.journal.add(self.lane, self.turn_index, "note",
                             f"{subagent_type} ran in the background: waiting for it costs a turn")
            waited = ""
            for _ in range(4):
                context = yield from self.say(f"Waiting for the {subagent_type} subagent.")
                self.note_context(context)
                waited += "\n" + context
                if "<task-notification>" in context:
                    break
                if "Stop hook" in context:
                    self.journal.add(self.lane, self.turn_index, "stuck",
                                     f"Stop refused the wait for the {subagent_type}: "
                                     f"{context[:300]}")
            m = re.search(r"<result>(.*?)</result>", waited, re.S)
            out.text = m.group(1) if m else ""
            out.context = out.context + "\n" + waited
        return out

    # -- the golden path

    def body(self):
        request = yield
        context = self.new_context(request)
        self.note_context(context)
        # Session 1: the request. The session-start and prompt messages say
        # what comes first.
        yield from self.follow(instructions(context))
        init = self.skills.get("playbook-init", "")
        if not init:
            self.journal.add(self.lane, self.turn_index, "stuck",
                             "the messages never named playbook-init")
        # The skill's own first steps (analysis, understanding check): every
        # skill it names before it says to end the turn.
        first = init.split("## 3.")[0] if "## 3." in init else init
        for step in instructions(first):
            if step[0] == "skill" and step[1] not in self.skills:
                yield from self.skill(step[1])
            elif step[0] == "agent" and step[1] == "prompt-analyzer" and \
                    "prompt-analyzer" not in self.skills:
                # "Skill(...) or Agent(...)": the skill was taken above.
                continue
        context = yield from self.say(
            "Understanding check — What: a --shout flag for greet that prints the greeting "
            "in upper case. Why: you asked for it. How: an argparse flag in greet/cli.py and "
            "str.upper. Scope: greet/cli.py, tests/test_cli.py. Exclusions: no other options. "
            "Risks: the default output must stay the same. Done when: pytest passes with new "
            "tests.\nReply yes (はい) to confirm, tell me what to change, or cancel.")
        # Session 2: the user's "yes" arrives in a resumed session.
        self.read = set()
        self.note_context(context)
        yield from self.follow(instructions(context))
        # Step 3: the work branch.
        out = yield from self.act("Bash", {"command": f"git checkout -b {BRANCH}",
                                           "description": "create the work branch"},
                                  "create the work branch")
        # Step 4: pm writes the playbook.
        told = self._told("pm", init + "\n" + context)
        out = yield from self.agent(
            "pm", f"Write the playbook {PLAYBOOK_ID} on branch {BRANCH} for: {TASK} The user "
            "confirmed the understanding check (what/why/how/scope/exclusions/risks as "
            "presented).", told)
        feedback = out.context
        # Step 5: the reviewer.
        told = self._told("reviewer", feedback + "\n" + init)
        out = yield from self.agent("reviewer", f"Review {PLAN}.", told)
        feedback = out.text + "\n" + out.context
        if not (self.box.repo / PLAN).exists():
            self.journal.add(self.lane, self.turn_index, "stuck", f"pm did not write {PLAN}")
            yield from self.say("The playbook could not be written; stopping.")
            return
        yield from self.after_review(feedback, init)
        # The work: code, tests, the test run.
        yield from self.act("Edit", {"file_path": self.abs("greet/cli.py"), "old_string": CLI_OLD,
                                     "new_string": CLI_NEW, "replace_all": False},
                            "edit greet/cli.py")
        anchor = 'assert capsys.readouterr().out == "Hello, Ada!\\n"\n'
        yield from self.act("Edit", {"file_path": self.abs("tests/test_cli.py"),
                                     "old_string": anchor, "new_string": anchor + TESTS_ADDED,
                                     "replace_all": False},
                            "add the tests")
        run = yield from self.act("Bash", {"command": TEST_COMMAND,
                                           "description": "run the tests"}, "run the tests")
        evidence = (run.text.strip().splitlines() or [""])[-1]
        # Record the evidence, then the critic.
        yield from self.record_evidence(evidence)
        told = self._told("critic", self.all_text())
        out = yield from self.agent(
            "critic", f"Judge subtasks p1.1 and p1.2 of {PLAN}, and the playbook (the last "
            "subtasks are done).", told)
        feedback = out.text + "\n" + out.context
        yield from self.after_critic(feedback, evidence)
        # The archive and the post-loop.
        yield from self.post_loop()
        # Commit.
        yield from self.commit()
        # The last turn: the session ends here unless Stop refuses it.
        self.done = True
        context = yield from self.say("The work is committed on " + BRANCH + ".")
        self.done = False
        self.note_context(context)
        self.journal.add(self.lane, self.turn_index, "stuck",
                         f"the end of the turn was refused: {context[:500]}")
        yield from self.say("Done.")

    def all_text(self) -> str:
        return "\n".join(self.skills.values()) + "\n" + (
            self.last_request.conversation_text() if self.last_request else "")

    @staticmethod
    def _told(subagent: str, text_: str) -> str:
        """The sentence that names the call of ``subagent`` (for its
        spelling and run_in_background), or ``""``."""
        for m in AGENT_CALL.finditer(text_):
            if m.group(2).split(":")[-1] == subagent:
                return text_[max(0, m.start() - 20):m.end() + 200]
        return ""

    def after_review(self, feedback: str, init: str):
        """Record the review and activate the playbook, when told to."""
        told = feedback
        if says(told, "subtask_guard.reviewed_plan") or re.search(r"\brecord it in plan\.json",
                                                                  init):
            plan = json.loads((self.box.repo / PLAN).read_text())
            plan["meta"].update(reviewed=True, reviewed_by="reviewer", status="active")
            out = yield from self.act("Write", {"file_path": self.abs(PLAN),
                                                "content": json.dumps(plan, indent=2) + "\n"},
                                      "record the review in plan.json")
            self.expect_ok(out, "record the reviewer's PASS, as a message asked")
        if re.search(r"activate it in state\.md|In state\.md set `playbook\.active", told + init):
            state = (self.box.repo / "state.md").read_text()
            new = state.replace("active: null", f"active: {PLAN}", 1)
            new = re.sub(r"current_phase: null", "current_phase: p1", new, count=1)
            new = re.sub(r"(## playbook\n```yaml\n(?:.*\n)*?)branch: null", rf"\1branch: {BRANCH}",
                         new, count=1)
            new = new.replace("done_criteria: []", "done_criteria:\n  - the test suite passes, "
                              "including --shout tests", 1)
            new = new.replace("status: idle", "status: in_progress", 1)
            out = yield from self.act("Write", {"file_path": self.abs("state.md"), "content": new},
                                      "activate the playbook in state.md")
            self.expect_ok(out, "activate the playbook in state.md, as a message asked")
        progress = json.loads((self.box.repo / PROGRESS).read_text())
        # What asks for it: the skill's own instruction (product text the
        # agent reads, not a hook message) or progress-reminder's message,
        # recognised by its key whatever its wording.
        if progress["subtasks"]["p1.1"]["status"] != "in_progress" and (
                "set `progress.json` `active`" in init
                or says(feedback, "progress_reminder.set_in_progress")):
            progress["subtasks"]["p1.1"]["status"] = "in_progress"
            progress["phases"]["p1"]["status"] = "in_progress"
            out = yield from self.act("Write", {"file_path": self.abs(PROGRESS),
                                                "content": json.dumps(progress, indent=2) + "\n"},
                                      "start subtask p1.1 in progress.json")

    def record_evidence(self, evidence: str):
        progress = json.loads((self.box.repo / PROGRESS).read_text())
        for sid in ("p1.1", "p1.2"):
            sub = progress["subtasks"][sid]
            if sub["status"] == "pending":
                sub["status"] = "in_progress"
            for name in ("technical", "consistency", "completeness"):
                sub["validations"][name] = {"status": "PASS", "evidence": [
                    f"{TEST_COMMAND}: {evidence}" if name == "technical"
                    else f"{name}: checked in greet/cli.py and tests/test_cli.py"]}
        progress["active"] = {"phase": "p1", "subtask": "p1.2"}
        if progress["phases"]["p1"]["status"] == "pending":
            progress["phases"]["p1"]["status"] = "in_progress"
        out = yield from self.act("Write", {"file_path": self.abs(PROGRESS),
                                            "content": json.dumps(progress, indent=2) + "\n"},
                                  "record the validations with their evidence")
        self.expect_ok(out, "record the validations (the critic needs them first)")

    def after_critic(self, feedback: str, evidence: str):
        """Record the critic's verdicts, when told to."""
        if "CRITIC: PASS" not in feedback:
            self.journal.add(self.lane, self.turn_index, "stuck",
                             f"the critic did not pass: {feedback[:500]}")
            return
        if not re.search(r"Record its verdicts in|record (?:its|the critic's) verdict", feedback):
            return
        progress = json.loads((self.box.repo / PROGRESS).read_text())
        stamp = "2026-01-02T00:00:00Z"
        for sid in ("p1.1", "p1.2"):
            progress["subtasks"][sid].update(status="done", validated_by="critic",
                                             validated_at=stamp)
        progress["phases"]["p1"] = {"status": "done", "updated_at": stamp}
        progress["critic"] = {"status": "PASS", "evidence": [f"critic: {evidence}"],
                              "notes": "CRITIC: PASS playbook"}
        out = yield from self.act("Write", {"file_path": self.abs(PROGRESS),
                                            "content": json.dumps(progress, indent=2) + "\n"},
                                  "record the critic's verdicts")
        self.expect_ok(out, "record the critic's PASS, as a message asked")
        self.archive_context = out.context

    def post_loop(self):
        text_ = self.last_request.conversation_text() if self.last_request else ""
        tail = text_[-6000:]
        if "post-loop" not in tail:
            self.journal.add(self.lane, self.turn_index, "stuck",
                             "no message said the playbook was archived / post-loop")
            return
        steps = [s for s in instructions(tail) if s[0] in ("skill", "run")]
        # The last instruction about the post-loop is the current one.
        chosen = None
        for s in steps:
            if (s[0] == "skill" and s[1] == "post-loop") or s[0] == "run":
                chosen = s
        if chosen is None:
            self.journal.add(self.lane, self.turn_index, "stuck",
                             "the archive message names no post-loop step")
            return
        if chosen[0] == "skill":
            out = yield from self.skill("post-loop")
            if not out.ok:
                return
            runs = [s for s in instructions(out.text) if s[0] == "run"]
            if runs:
                out = yield from self.act("Bash", {"command": runs[0][1],
                                                   "description": "run the post-loop handler"},
                                          "run the post-loop handler")
                self.post_loop_report = out.text
        else:
            out = yield from self.act("Bash", {"command": chosen[1],
                                               "description": "run the post-loop handler"},
                                      "run the post-loop handler")
            self.post_loop_report = out.text

    def commit(self):
        """Commit as the last message that names the commands says (the
        post-loop report); without one, the usual two commands."""
        report = getattr(self, "post_loop_report", "") or ""
        named = [s[1] for s in instructions(report) if s[0] == "git"]
        if not named:
            self.journal.add(self.lane, self.turn_index, "note",
                             "no message named the commit commands; committing as usual")
            named = ["git add greet tests play state.md",
                     "git commit -m 'greet: --shout prints the greeting in upper case'"]
        for command in named:
            out = yield from self.act("Bash", {"command": command,
                                               "description": "commit the work and the archive"},
                                      command.split(" -")[0].split(" -- ")[0])
            self.expect_ok(out, f"run `{command}`, as the post-loop report asked")


# --------------------------------------------------------------------------- a whole run


class GoldenRun:
    """Both sessions of the golden path in ``box`` (see :func:`prepare`).

    Attributes:
        journal: what the agent met (:class:`Journal`).
        agent: the :class:`MainAgent`.
        runs: the two :class:`harness.Run` objects (request, "yes").
    """

    def __init__(self, box, api, *, claude=None, timeout: float = 240) -> None:
        from .fakeapi import Script
        from .harness import tools_path

        self.box = box
        self.journal = Journal()
        self.agent = MainAgent(self.journal, box)
        self.script = Script(main=self.agent)
        kinds = {"pm": PM, "reviewer": Reviewer, "critic": Critic}

        def factory(lane):
            kind = lane.rsplit("-", 1)[0]
            cls = kinds.get(kind)
            return cls(self.journal, lane, box) if cls else None

        self.script.lane_factory = factory
        # pytest for the Bash tool: the interpreter running these tests has it.
        path = tools_path()
        env = {"PATH": path}
        self.runs = [box.run(api, TASK, self.script, permission_mode=None, timeout=timeout,
                             env=env, claude=claude)]
        self.runs.append(box.run(api, "yes", self.script, permission_mode=None, timeout=timeout,
                                 env=env, claude=claude, args=["--continue"]))

    def main_requests(self) -> list:
        return [r for run in self.runs for r in run.lane("main")]

    def all_tool_results(self) -> dict:
        out = {}
        for run in self.runs:
            for r in run.requests:
                out.update(r.tool_results())
        return out


def prepare(box_cls, root=None, *, declare: bool = True, hand_allow=(), install_args=()):
    """A sandbox with the reference repository on ``main``, the suite
    installed by install.py (with ``install_args``, e.g. ``("--sandbox",
    "off")``), ``project_commands`` declared, everything committed and the
    workspace trusted (headless needs it, README)."""
    import tempfile
    from pathlib import Path

    from .harness import git

    box = box_cls.create(Path(root) if root else Path(tempfile.mkdtemp(prefix="pgold-")))
    for rel, body in reference_files().items():
        path = box.repo / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(body)
    git(box.repo, "add", "-A")
    git(box.repo, "commit", "-q", "-m", "greet")
    box.install(extra=install_args)
    if declare:
        (box.repo / ".claude" / "permission-config.yaml").write_text(permission_config())
    if hand_allow:
        # What a user had to add by hand before project commands could be declared.
        local = box.repo / ".claude" / "settings.local.json"
        data = json.loads(local.read_text()) if local.exists() else {}
        data["permissions"] = {"allow": list(hand_allow)}
        local.write_text(json.dumps(data, indent=2))
    box.commit_all("install playgate; declare the project's test commands")
    box.trust()
    return box
