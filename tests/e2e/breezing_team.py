"""breezing's team path (Agent Teams) with the real CLI in an interactive
session (a pseudo-terminal: teams do not run headless, see
docs/claude-code-measured.md "Agent Teams, headless").

The same reference work as :mod:`breezing` — three tasks, 1 and 2
independent, 3 depending on both — with two implementer teammates and a
reviewer teammate that requests changes once. Everything is reactive: the
lead wakes on its teammates' messages and acts on ``TaskList`` and on
``review-result.json`` (which only the hooks write); the implementers run
the task-worker loop (their own tasks, lowest id first); the reviewer
reviews when the lead asks. The user's "yes" to the range confirmation is
typed into the terminal.
"""

from __future__ import annotations

import json
import re

from .breezing import (
    ACTIVE,
    PLANS,
    REVIEW,
    REVIEW_FINDING,
    SESSION_FMT,
    TEST_COMMAND,
    TIMELINE,
    WORK,
    Expecting,
    Team,
    text,
    tool_use,
)

ENV_CHECK = ('echo "teams=${CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS:-} '
             'tasks=${CLAUDE_CODE_ENABLE_TODO_TOOLS:-} entry=${CLAUDE_CODE_ENTRYPOINT:-}"')
TASK_LINE = re.compile(r"#(\S+) \[(\w+)\] (.*?)(?: \((\S+)\))?(?: \[blocked by [^\]]*\])?$")


def parse_tasks(listing: str) -> list:
    """``[(id, status, subject, owner, blocked)]`` from a TaskList result
    (measured: ``#2 [pending] 2. Add ... (implementer-2) [blocked by #1]``)."""
    out = []
    for line in listing.splitlines():
        line = line.strip()
        blocked = "[blocked by" in line
        m = TASK_LINE.match(line)
        if m:
            out.append((m.group(1), m.group(2), m.group(3), m.group(4), blocked))
    return out


def newest_teammate_messages(context: str) -> list:
    return re.findall(r'<teammate-message teammate_id="([^"]+)"[^>]*>\n?(.*?)</teammate-message>',
                      context, re.S)


class TeamLead(Expecting):
    """The lead in team mode."""

    lane = "main"

    def __init__(self, journal, box, team) -> None:
        super().__init__(journal)
        self.box = box
        self.team = team
        self.session_id = SESSION_FMT
        self.tasks = {}
        self.done = False
        self.confirmed_turn = None
        self.reviews_acted = 0
        self.review_asked_for = None
        self.woken = set()  # tasks whose idle owner the lead has told they are ready
        self.report = ""

    def _count(self, blocks) -> None:
        self.journal.turns += 1

    def abs(self, rel: str) -> str:
        return str(self.box.repo / rel)

    def act(self, name, input_, purpose):
        out = yield from self.tool(name, input_)
        if not out.ok:
            self.journal.add(self.lane, self.turn_index, "stuck", f"{purpose}: {out.text[:600]}")
        return out

    def body(self):
        request = yield
        skill = self.new_context(request)
        if "# /breezing" not in skill:
            self.journal.add(self.lane, self.turn_index, "stuck", "no skill text")
        yield from self.act("Read", {"file_path": self.abs("state.md")}, "read state.md")
        content = json.dumps({"session_id": self.session_id, "started_at": "2026-03-01T12:00:00Z",
                              "impl_mode": "standard", "task_range": "all"}, indent=2) + "\n"
        yield from self.act("Write", {"file_path": self.abs(ACTIVE), "content": content}, "Step 0")
        check = yield from self.act("Bash", {"command": ENV_CHECK, "description": "teams"},
                                    "Step 1")
        self.team.env_check = check.text
        if "teams=1 tasks=1 entry=cli" not in check.text:
            self.journal.add(self.lane, self.turn_index, "stuck", f"no team mode: {check.text}")
        yield from self.act("Read", {"file_path": self.abs("Plans.md")}, "Step 2")
        answer = yield from self.say(
            "🏇 Breezing - confirm the range\n\nRange: \"all\"\n\nTasks:\n"
            "├── 1. Add greet.hello.hello(name) (cc:TODO)\n├── 2. Add greet.bye.bye(name) (cc:TODO)\n"
            "└── 3. Add the greet command line (cc:TODO)\n\nTeam:\n├── Lead: coordinates only\n"
            "├── Implementer: 2 (2 independent tasks)  [team mode]\n└── Reviewer: 1\n\n"
            "3 tasks with 2 implementers. Is this right? (yes / what to change / cancel)")
        self.team.answer_context = answer
        yield from self.act("ToolSearch", {
            "query": "select:TaskCreate,TaskUpdate,TaskList,TaskGet,SendMessage"}, "load tools")
        for number, subject, owns in (
                ("1", "Add greet.hello.hello(name)", "greet/hello.py, tests/test_hello.py"),
                ("2", "Add greet.bye.bye(name)", "greet/bye.py, tests/test_bye.py"),
                ("3", "Add the greet command line", "greet/cli.py, tests/test_cli.py")):
            out = yield from self.act("TaskCreate", {
                "subject": f"{number}. {subject}",
                "description": f"Plans.md {number}: {subject}\nowns: {owns}\n"
                               f"criterion: {TEST_COMMAND} passes",
                "activeForm": subject.replace("Add", "Adding")}, f"TaskCreate {number}")
            m = re.search(r"Task #(\S+) created", out.text)
            self.tasks[number] = m.group(1) if m else number
        yield from self.act("TaskUpdate", {"taskId": self.tasks["3"],
                                           "addBlockedBy": [self.tasks["1"], self.tasks["2"]]},
                            "blockers")
        mapping = {self.tasks[n]: n for n in ("1", "2", "3")}
        yield from self.act("Edit", {
            "file_path": self.abs(ACTIVE), "old_string": '"task_range": "all"',
            "new_string": '"task_range": "all",\n  "team_name": "breezing-greet",\n'
                          f'  "plans_md_mapping": {json.dumps(mapping)},\n'
                          '  "options": {"codex_review": false, "parallel": 2},\n'
                          '  "team": {"implementer_count": 2, "reviewer_count": 1, '
                          '"model": "opus"},\n  "review": {"retake_count": 0, "max_retakes": 3}',
            "replace_all": False}, "Step 3: metadata")
        for number, owner in (("1", "implementer-1"), ("2", "implementer-2"),
                              ("3", "implementer-1")):
            yield from self.act("TaskUpdate", {"taskId": self.tasks[number], "owner": owner},
                                f"owner of {number}")
        calls = [tool_use("Agent", {"subagent_type": "task-worker", "name": f"implementer-{k}",
                                    "description": f"breezing implementer {k}",
                                    "prompt": f"breezing session {self.session_id}. You are "
                                              f"implementer-{k}, a teammate: take tasks from the "
                                              f"shared task list. [[lane:implementer-{k}]]"},
                          id=f"toolu_bzt_spawn_{k}") for k in (1, 2)]
        request = yield calls
        results = request.tool_results()
        self.note_context(self.new_context(request))
        for tid in ("toolu_bzt_spawn_1", "toolu_bzt_spawn_2"):
            if "Spawned successfully" not in (results.get(tid) or {}).get("text", ""):
                self.journal.add(self.lane, self.turn_index, "stuck",
                                 f"implementer not spawned: {results.get(tid)}")
        out = yield from self.act("Agent", {
            "subagent_type": "code-reviewer", "name": "reviewer-1",
            "description": "breezing reviewer",
            "prompt": f"breezing session {self.session_id}. You are reviewer-1, a teammate: the "
                      "lead will ask you for reviews. [[lane:reviewer-1]]"}, "the reviewer")
        phase = self._phase()
        self.team.phase_after_spawn = phase
        # Phase B: wake on messages, coordinate.
        context = yield from self.say("Coordinating the team.")
        for _ in range(40):
            finished = yield from self.coordinate(context)
            if finished:
                break
            context = yield from self.say("Waiting for the team.")
        yield from self.phase_c()
        self.done = True
        yield from self.say(self.report)
        while True:  # idle notifications after the end
            yield from self.say("Breezing is complete.")

    def _review_recorded(self) -> bool:
        """Whether the hooks recorded a verdict: review-result.json holds
        one. Not whether the path exists: while a sandboxed command runs
        (a teammate's tests), Claude Code's sandbox puts an empty read-only
        placeholder on every missing path its deny rules name, this one
        among them, and removes it when the command ends (measured,
        docs/claude-code-measured.md "Placeholders"); a lead that took the
        placeholder for the result would Read a file that is gone."""
        try:
            return '"verdict"' in (self.box.repo / REVIEW).read_text()
        except OSError:
            return False

    def _phase(self):
        try:
            return json.loads((self.box.repo / ACTIVE).read_text())["hooks"]["phase"]
        except (OSError, ValueError, KeyError):
            return None

    def coordinate(self, context: str):
        """One wake of the lead in Phase B; True once the APPROVE is recorded."""
        self.team.lead_wakes.append(context)
        listing = yield from self.act("TaskList", {}, "TaskList")
        tasks = parse_tasks(listing.text)
        review = None
        if self._review_recorded():
            out = yield from self.act("Read", {"file_path": self.abs(REVIEW)}, "review-result")
            m = re.search(r'"verdict": "(\w+)"', out.text)
            n = re.search(r'"reviewed_at": "([^"]+)"', out.text)
            review = (m.group(1), n.group(1)) if m and n else None
        if review and review != self.review_asked_for and len(self.team.reviews_seen) < 2 \
                and review not in self.team.reviews_seen:
            if review[0] == "APPROVE":
                # the phase is the hooks': go on once they record post-delegate
                active = yield from self.act("Read", {"file_path": self.abs(ACTIVE)},
                                             "the active file's phase")
                if '"phase": "post-delegate"' not in active.text:
                    return False
                self.team.reviews_seen.append(review)
                return True
            self.team.reviews_seen.append(review)
            # REQUEST CHANGES: a fix task for implementer-2.
            out = yield from self.act("TaskCreate", {
                "subject": "Fix: bye() says Goodbye",
                "description": f"Review finding: {REVIEW_FINDING}\nowns: greet/bye.py\n"
                               f"criterion: {TEST_COMMAND} passes", "activeForm": "Fixing bye()"},
                "the fix task")
            m = re.search(r"Task #(\S+) created", out.text)
            self.tasks["fix"] = m.group(1) if m else "4"
            yield from self.act("TaskUpdate", {"taskId": self.tasks["fix"],
                                               "owner": "implementer-2"}, "fix owner")
            yield from self.act("SendMessage", {"to": "implementer-2", "summary": "fix task",
                                                "message": f"Please do task {self.tasks['fix']} "
                                                           f"(review finding)."}, "ask for the fix")
            self.review_asked_for = review
            return False
        all_done = tasks and all(status == "completed" for _, status, *_ in tasks)
        # A task whose blockers completed after its owner found nothing to do
        # (its owner went idle first): a teammate only looks again when a
        # message wakes it, so the lead sends one, as a lead does.
        for task_id, status, _subject, owner, blocked in tasks:
            if status == "pending" and not blocked and owner and task_id not in self.woken:
                self.woken.add(task_id)
                yield from self.act("SendMessage", {
                    "to": owner, "summary": "task ready",
                    "message": f"Task {task_id} is unblocked now: please do it."},
                    f"wake {owner} for task {task_id}")
        pending_review = self.team.review_requests > len(self.team.reviews_seen)
        if all_done and not pending_review:
            self.team.review_requests += 1
            ids = ", ".join(t[0] for t in tasks)
            yield from self.act("SendMessage", {
                "to": "reviewer-1", "summary": "review",
                "message": f"Review tasks {ids} of breezing session {self.session_id}."},
                "ask for the review")
        return False

    def phase_c(self):
        result = yield from self.act("Read", {"file_path": self.abs(REVIEW)}, "review-result")
        head = yield from self.act("Bash", {"command": "git rev-parse HEAD",
                                            "description": "HEAD"}, "HEAD")
        m = re.search(r'"commit_hash": "([0-9a-f]+)"', result.text)
        self.team.fast_path = bool(m and m.group(1) == head.text.strip()
                                   and '"verdict": "APPROVE"' in result.text)
        self.team.phase_at_c = self._phase()
        verify = yield from self.act("Bash", {"command": TEST_COMMAND,
                                              "description": "verification"}, "verification")
        self.team.verification = verify.text
        plans = (self.box.repo / "Plans.md").read_text()
        yield from self.act("Write", {"file_path": self.abs("Plans.md"),
                                      "content": plans.replace("`cc:TODO`", "`cc:done`")},
                            "cc:done")
        yield from self.act("Bash", {"command": 'git add -A -- greet tests Plans.md && git commit '
                                                '-q -m "feat: greet hello, bye and the command '
                                                'line"',
                                     "description": "commit"}, "commit")
        yield from self.act("Bash", {"command": "rm -f .claude/state/breezing-active.json",
                                     "description": "close"}, "close the session")
        for name in ("implementer-1", "implementer-2", "reviewer-1"):
            yield from self.act("SendMessage", {"to": name, "summary": "shutdown",
                                                "message": {"type": "shutdown_request"}},
                                f"shutdown {name}")
        timeline = yield from self.act("Read", {"file_path": self.abs(TIMELINE)}, "timeline")
        rows = {}
        for line in timeline.text.splitlines():
            if '"event": "TaskCompleted"' not in line:
                continue
            who = re.search(r'"teammate_name": "([^"]+)"', line)
            tid = re.search(r'"task_id": "([^"]+)"', line)
            at = re.search(r'"ts": "[^T]*T(\d\d:\d\d)', line)
            if who and tid:
                rows.setdefault(who.group(1), []).append((tid.group(1), at.group(1) if at else "?"))
        self.team.timeline_rows = rows
        table = "\n".join(f"| {who} | {', '.join('#' + t for t, _ in items)} | "
                          f"{', '.join(a for _, a in items)} |"
                          for who, items in sorted(rows.items()))
        self.report = ("🏇 Breezing Complete!\n\n## Summary\n- Range: all (3 tasks)\n"
                       "- Implementers: 2 (team mode)\n- Retakes: 1\n\n## Team Activity\n"
                       "| Teammate | Tasks | Completed at |\n|---|---|---|\n" + table +
                       "\n\n## Review\n- Verdict: APPROVE\n\n## Commit\n- feat: greet hello, "
                       "bye and the command line\n")


class TeamImplementer(Expecting):
    """task-worker as a teammate: its own tasks, lowest id first."""

    def __init__(self, journal, lane, box, team) -> None:
        super().__init__(journal)
        self.lane = lane
        self.box = box
        self.team = team
        self.name = lane

    def body(self):
        request = yield
        context = self.new_context(request)
        while True:
            shutdown = re.search(r'"request_id":\s*"([^"]+)"', context) \
                if "shutdown_request" in context else None
            if shutdown:
                request = yield [tool_use("SendMessage", {
                    "to": "team-lead", "message": {"type": "shutdown_response",
                                                   "request_id": shutdown.group(1),
                                                   "approve": True}},
                    id=f"toolu_bzt_{self.lane}_bye")]
                context = self.new_context(request)
                request = yield [text("Shutting down.")]
                context = self.new_context(request)
                continue
            done = []
            while True:
                listing = yield from self.tool("TaskList", {})
                mine = [t for t in parse_tasks(listing.text)
                        if t[1] == "pending" and not t[4] and t[3] in (None, self.name)]
                if not mine:
                    break
                task_id, _status, subject, _owner, _blocked = min(mine,
                                                                  key=lambda t: int(t[0]))
                out = yield from self.tool("TaskUpdate", {"taskId": task_id,
                                                          "status": "in_progress",
                                                          "owner": self.name})
                number = "fix" if subject.startswith("Fix") else subject.split(".")[0]
                for rel, body in WORK[number].items():
                    out = yield from self.tool("Write", {"file_path": str(self.box.repo / rel),
                                                         "content": body})
                    if not out.ok:
                        self.journal.add(self.lane, self.turn_index, "block",
                                         f"{self.name} Write {rel}: {out.text[:300]}")
                yield from self.tool("TaskUpdate", {"taskId": task_id, "status": "completed"})
                done.append(task_id)
            if done:
                yield from self.tool("SendMessage", {"to": "team-lead", "summary": "done",
                                                     "message": f"done: tasks {', '.join(done)}"})
            request = yield [text(f"{self.name}: no task left for me.")]
            context = self.new_context(request)


class TeamReviewer(Expecting):
    """code-reviewer as a teammate: reviews when the lead asks."""

    def __init__(self, journal, lane, box, team) -> None:
        super().__init__(journal)
        self.lane = lane
        self.box = box
        self.team = team

    def body(self):
        request = yield
        context = self.new_context(request)
        while True:
            shutdown = re.search(r'"request_id":\s*"([^"]+)"', context) \
                if "shutdown_request" in context else None
            if shutdown:
                yield from self.tool("SendMessage", {
                    "to": "team-lead", "message": {"type": "shutdown_response",
                                                   "request_id": shutdown.group(1),
                                                   "approve": True}})
                request = yield [text("Shutting down.")]
                context = self.new_context(request)
                continue
            asked = re.search(r"Review tasks .*? of breezing session (\S+?)\.", context)
            if not asked:
                request = yield [text("reviewer-1: ready for review requests.")]
                context = self.new_context(request)
                continue
            session = asked.group(1)
            self.team.review_prompts.append(context)
            yield from self.tool("Bash", {"command": "git status --short", "description": "diff"})
            run = yield from self.tool("Bash", {"command": TEST_COMMAND, "description": "tests"})
            last = (run.text.strip().splitlines() or [""])[-1]
            bye = (self.box.repo / "greet/bye.py").read_text()
            if "Goodbye" not in bye:
                self.team.verdicts.append("FAIL")
                yield from self.tool("SendMessage", {"to": "team-lead", "summary": "changes",
                                                     "message": f"review: REQUEST CHANGES - "
                                                                f"{REVIEW_FINDING}"})
                request = yield [text(f"Tests: {last}. Finding: {REVIEW_FINDING}.\n\n"
                                      f"CODE-REVIEW: FAIL {session} - {REVIEW_FINDING}")]
            else:
                self.team.verdicts.append("PASS")
                yield from self.tool("SendMessage", {"to": "team-lead", "summary": "approve",
                                                     "message": "review: APPROVE"})
                request = yield [text(f"Tests: {last}. Grade: A.\n\nCODE-REVIEW: PASS {session}")]
            context = self.new_context(request)


class TeamNotes(Team):
    def __init__(self) -> None:
        super().__init__()
        self.lead_wakes = []
        self.reviews_seen = []
        self.review_requests = 0
        self.review_prompts = []
        self.phase_after_spawn = None
        self.phase_at_c = None


def factory_for(journal, box, team, members):
    def factory(lane):
        if lane.startswith("implementer-"):
            cls = TeamImplementer
        elif lane.startswith("reviewer-"):
            cls = TeamReviewer
        else:
            return None
        member = cls(journal, lane, box, team)
        members[lane] = member
        return member
    return factory


__all__ = ["PLANS", "TeamLead", "TeamNotes", "factory_for"]
