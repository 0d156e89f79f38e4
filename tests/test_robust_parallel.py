"""Parallel hooks.

Claude Code runs all matching hooks of an event in parallel, and people run
several sessions in one repository. Here 16 hook processes at a time (the
cap of COMMON.md SAFETY) run the installed hooks that write state against
one repository: SessionStart (session.last_start, init-guard's markers),
SessionEnd (session.last_end), Stop (the loop guard's counters),
UserPromptSubmit (the consent and prompt-analyzer markers), PreToolUse Read
(init-guard's read records) and PostToolUse (the archive engine).

Afterwards every state file must parse, no update may be lost (every
session's counter, every read record, both state.md timestamps, exactly one
archive), no process may hang, and a lock held past its bound must give a
clear message within the hook's own time limit.

Every command the hooks are asked about is data; nothing is executed but
the hooks themselves (and git in the temporary repository).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from conftest import Installed, copy_install, git, install, make_repo
from lifecycle_kit import plan as plan_doc
from lifecycle_kit import progress as progress_doc

from statefiles import jsonlog, layout, state_md

PARALLEL = 16
#: Registered timeouts (settings.template.json), seconds.
TIMEOUT = {"SessionStart": 10, "SessionEnd": 1.5, "Stop": 10, "UserPromptSubmit": 10,
           "PreToolUse": 10, "PostToolUse": 60, "SubagentStop": 30}


class Run:
    __slots__ = ("event", "code", "out", "err", "elapsed", "payload")

    def __init__(self, event, code, out, err, elapsed, payload):
        self.event, self.code, self.out, self.err = event, code, out, err
        self.elapsed, self.payload = elapsed, payload

    @property
    def json(self):
        return json.loads(self.out) if self.out.strip() else None

    def __repr__(self):
        return (f"Run({self.event}, code={self.code}, {self.elapsed:.2f}s, out={self.out[:300]!r}, "
                f"err={self.err[:300]!r})")


def run_hook(suite: Installed, event: str, payload: dict, hard_limit: float = 90) -> Run:
    """The registered command, as Claude Code runs it; killed (with its
    process group) past ``hard_limit`` — a hang fails the test."""
    env = dict(os.environ, CLAUDE_PROJECT_DIR=str(suite.root))
    env.pop("PLAYGATE_TRACE", None)
    command = suite.command(event, payload.get("tool_name", ""))
    start = time.monotonic()
    proc = subprocess.Popen(["sh", "-c", command], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env, cwd=str(suite.root),
                            start_new_session=True)
    try:
        out, err = proc.communicate(json.dumps(payload).encode(), timeout=hard_limit)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        raise AssertionError(f"{event} did not finish in {hard_limit} s (deadlock?)") from None
    return Run(event, proc.returncode, out.decode(errors="replace"), err.decode(errors="replace"),
               time.monotonic() - start, payload)


def run_parallel(suite: Installed, calls: list) -> list:
    """``calls``: ``[(event, payload), ...]``, run at most 16 at a time."""
    with ThreadPoolExecutor(max_workers=PARALLEL) as pool:
        runs = list(pool.map(lambda c: run_hook(suite, *c), calls))
    for run in runs:
        assert run.code in (0, 2), run
        assert "Traceback" not in run.out + run.err, run
        # No stopwatch here: a hang fails run_hook's hard limit, and that no
        # wait piles up is the lock budget's property (every wait is bounded
        # by the process's budget: test_markers_atomic, on a virtual clock;
        # each budget fits its hook's timeout: a test below).
    return runs


def crashes(root) -> str:
    path = root / ".claude" / "logs" / "errors.log"
    if not path.is_file():
        return ""
    text = path.read_text(errors="replace")
    return text if any(" in guard " in line or " in runtime" in line
                       for line in text.splitlines() if line.startswith("--- ")) else ""


def assert_state_files_valid(root, before_sections=None):
    """state.md parses cleanly (and, given ``before_sections``, its other
    sections are as they were); every JSON state file and log line parses."""
    text = (root / "state.md").read_text()
    parsed = state_md.parse(text)
    assert parsed["errors"] == [], parsed["errors"]
    if before_sections is not None:
        for name in ("project", "goal", "config"):
            assert parsed["sections"].get(name) == before_sections.get(name), name
    for rel in (".claude/session-state/stop-guard.json", layout.POST_LOOP_PENDING,
                layout.ARCHIVE_CHECKPOINT, layout.RESUME_POINTER, layout.SESSION_END_REPORT,
                layout.CONSENT):
        path = root / rel
        if path.is_file():
            json.loads(path.read_text())
    for rel in (layout.SESSIONS_LOG, layout.SUBAGENT_LOG, layout.ARCHIVE_LOG,
                layout.NOTIFICATIONS_LOG):
        path = root / rel
        if path.is_file():
            for line in path.read_text().splitlines():
                assert isinstance(json.loads(line), dict), (rel, line)
    assert not crashes(root), crashes(root)[-3000:]


# ------------------------------------------------------------------ a repository
def _activate(root, pid="p1", subtasks=("p1.1", "p1.2"), done=(), critic="PENDING"):
    body = plan_doc(pid, phases=(("p1", subtasks),))
    d = root / "play" / pid
    d.mkdir(parents=True, exist_ok=True)
    (d / "plan.json").write_text(json.dumps(body, indent=2))
    (d / "progress.json").write_text(json.dumps(progress_doc(body, done=done, critic=critic),
                                                indent=2))
    state_md.update_keys(str(root), "playbook", {"active": f"play/{pid}/plan.json",
                                                 "branch": f"feat/{pid}"})
    return d


def make_repo_with_playbook(path, installed_template) -> Installed:
    """A copy of the install at ``path`` on ``feat/p1``, with playbook p1
    active, the prompt analyser already called and two source files."""
    repo = make_repo(path)
    copy_install(installed_template, repo)
    git(repo, "checkout", "-q", "-b", "feat/p1")
    (repo / ".claude" / "session-state").mkdir(parents=True, exist_ok=True)
    (repo / ".claude" / "session-state" / "prompt-analyzer-called").write_text("x\n")
    _activate(repo)
    for name in ("a.txt", "b.txt"):
        (repo / "src").mkdir(exist_ok=True)
        (repo / "src" / name).write_text("x\n")
    return Installed(repo)


@pytest.fixture
def repo_with_playbook(tmp_path, installed_template):
    return make_repo_with_playbook(tmp_path / "repo", installed_template)


def _sections(root):
    return state_md.parse((root / "state.md").read_text())["sections"]


# ------------------------------------------------------------------ the tests
def test_mixed_writers_lose_no_update(repo_with_playbook):
    """16 at once: SessionStart, SessionEnd, Stop and UserPromptSubmit of
    four sessions each. Both state.md timestamps land, each session's stop
    counter is kept, the other sections are untouched, every file parses."""
    suite = repo_with_playbook
    root = suite.root
    before = _sections(root)
    calls = []
    for i in range(4):
        sid = f"session-{i}"
        calls.append(("SessionStart", suite.payload("SessionStart", session_id=sid,
                                                    source="resume")))
        calls.append(("SessionEnd", suite.payload("SessionEnd", session_id=sid, reason="other")))
        calls.append(("Stop", suite.payload("Stop", session_id=sid, stop_hook_active=False)))
        calls.append(("UserPromptSubmit", suite.payload("UserPromptSubmit", session_id=sid,
                                                        prompt="how is it going?")))
    runs = run_parallel(suite, calls)
    assert_state_files_valid(root, before)
    after = _sections(root)
    assert after["session"].get("last_start") and after["session"].get("last_end"), after
    assert after["playbook"]["active"] == "play/p1/plan.json"
    stops = [r for r in runs if r.event == "Stop"]
    assert all(r.json and r.json.get("decision") == "block" for r in stops), stops
    guard = json.loads((root / ".claude/session-state/stop-guard.json").read_text())
    assert {f"session-{i}" for i in range(4)} <= set(guard["sessions"]), guard
    assert all(guard["sessions"][f"session-{i}"]["main"]["count"] == 1 for i in range(4)), guard
    ends = [r for r in jsonlog.read(str(root), layout.SESSIONS_LOG) if r.get("event") == "end"]
    assert len(ends) == 4, ends


def test_sixteen_sessions_stopping_at_once_keep_sixteen_counters(repo_with_playbook):
    """The loop guard's read-modify-write of stop-guard.json under the lock:
    16 sessions blocked at once, twice — every counter is there and counts 2."""
    suite = repo_with_playbook
    root = suite.root
    calls = [("Stop", suite.payload("Stop", session_id=f"s{i:02d}", stop_hook_active=False))
             for i in range(PARALLEL)]
    for wave in (1, 2):
        runs = run_parallel(suite, calls)
        assert all(r.json and r.json.get("decision") == "block" for r in runs), runs
        guard = json.loads((root / ".claude/session-state/stop-guard.json").read_text())
        counts = {sid: v["main"]["count"] for sid, v in guard["sessions"].items()}
        assert counts == {f"s{i:02d}": wave for i in range(PARALLEL)}, counts
    assert_state_files_valid(root)


def _reads(suite, files):
    root = suite.root
    return [("PreToolUse", suite.payload("PreToolUse", tool_name="Read", tool_use_id=f"t{i}",
                                         tool_input={"file_path": str(root / rel)}))
            for i, rel in enumerate(files)]


def test_parallel_reads_are_all_recorded(repo_with_playbook):
    """init-guard: 16 Reads at once after SessionStart, none of them a
    required file, so pending stays: every one is recorded. Then the two
    required files at once — whichever order their records land in, nothing
    stays locked: the next call finds both read and clears pending."""
    suite = repo_with_playbook
    root = suite.root
    start = run_hook(suite, "SessionStart", suite.payload("SessionStart", source="startup"))
    assert start.code == 0 and (root / layout.PENDING).exists(), start
    files = ["play/p1/progress.json", "README.md", "src/a.txt", "src/b.txt"] + [
        f"docs/f{i}.md" for i in range(12)]
    runs = run_parallel(suite, _reads(suite, files))
    assert all(r.code == 0 for r in runs), runs
    from statefiles.markers import Markers

    markers = Markers(str(root))
    assert all(markers.was_read(rel) for rel in files), sorted(
        os.listdir(root / layout.READ_DIR))
    assert (root / layout.PENDING).exists()
    runs = run_parallel(suite, _reads(suite, ["state.md", "play/p1/plan.json"]))
    assert all(r.code == 0 for r in runs), runs
    assert markers.was_read("state.md") and markers.was_read("play/p1/plan.json")
    edit = run_hook(suite, "PreToolUse", suite.payload(
        "PreToolUse", tool_name="Edit", tool_use_id="e",
        tool_input={"file_path": str(root / "src" / "a.txt"), "old_string": "x",
                    "new_string": "y"}))
    assert edit.code == 0, edit
    assert not (root / layout.PENDING).exists()
    assert_state_files_valid(root)


def test_parallel_completions_archive_exactly_once(repo_with_playbook):
    """The playbook is complete; 12 PostToolUse (the edit of progress.json)
    and 4 SubagentStop at once run the archive engine: one archive, one
    post-loop-pending, state.md reset once, nothing else touched."""
    suite = repo_with_playbook
    root = suite.root
    _activate(root, done="all", critic="PASS")
    import lifecycle_kit as K

    K.critic_ran(root, "p1")  # the critic really ran
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "complete")
    before = _sections(root)
    progress = str(root / "play" / "p1" / "progress.json")
    calls = [("PostToolUse", suite.payload("PostToolUse", tool_name="Edit", tool_use_id=f"t{i}",
                                           tool_input={"file_path": progress, "old_string": "a",
                                                       "new_string": "b"},
                                           tool_response={"filePath": progress}))
             for i in range(12)]
    calls += [("SubagentStop", suite.payload("SubagentStop", agent_id=f"a{i}",
                                             agent_type="general-purpose",
                                             stop_hook_active=False)) for i in range(4)]
    runs = run_parallel(suite, calls)
    assert all(r.code == 0 for r in runs), runs
    archives = sorted(p.name for p in (root / "play" / "archive").iterdir())
    assert archives == ["p1"], archives
    assert not (root / "play" / "p1").exists()
    pending = json.loads((root / layout.POST_LOOP_PENDING).read_text())
    assert pending["playbook"] == "p1" and pending["archive"] == "play/archive/p1", pending
    cp = json.loads((root / layout.ARCHIVE_CHECKPOINT).read_text())
    assert cp["status"] == "success", cp
    after = _sections(root)
    assert after["playbook"]["active"] is None
    assert after["playbook"]["last_archived"] == "play/archive/p1"
    assert after["config"] == before["config"] and after["project"] == before["project"]
    starts = [r for r in jsonlog.read(str(root), layout.ARCHIVE_LOG) if r.get("event") == "start"]
    assert len(starts) == 1, starts
    assert_state_files_valid(root)


def test_parallel_prompts_keep_the_markers_consistent(tmp_path):
    """No playbook: 16 work requests at once create one valid consent marker
    and clear the prompt-analyzer marker; then 16 confirmations at once clear
    consent, and every answer is logged on its own line."""
    repo = make_repo(tmp_path / "repo")
    assert install(repo).returncode == 0
    git(repo, "checkout", "-q", "-b", "feat/x")
    suite = Installed(repo)
    (repo / layout.PROMPT_ANALYZER_CALLED).parent.mkdir(parents=True, exist_ok=True)
    (repo / layout.PROMPT_ANALYZER_CALLED).write_text("x\n")
    calls = [("UserPromptSubmit", suite.payload("UserPromptSubmit", session_id=f"s{i}",
                                                prompt=f"Add a login form number {i} to the app"))
             for i in range(PARALLEL)]
    runs = run_parallel(suite, calls)
    contexts = [(r.json or {}).get("hookSpecificOutput", {}).get("additionalContext", "")
                for r in runs]
    assert all(r.code == 0 for r in runs), runs
    # The first to create the consent marker starts the golden path; the
    # ones that find it already waiting treat their prompt as part of it.
    assert any("playbook-init" in c for c in contexts), contexts
    assert all("playbook-init" in c or "understanding check" in c for c in contexts), contexts
    consent = json.loads((repo / layout.CONSENT).read_text())
    assert consent["reason"].startswith("work request"), consent
    assert not (repo / layout.PROMPT_ANALYZER_CALLED).exists()

    def consent_records():
        return [r for r in jsonlog.read(str(repo), layout.SESSIONS_LOG)
                if str(r.get("event", "")).startswith("consent-")]

    # A work request that found the marker already waiting is logged as an
    # unanswered check (how many depends on the interleaving; not the first).
    waited = consent_records()
    assert len(waited) < PARALLEL and all(a["event"] == "consent-unanswered"
                                          for a in waited), waited
    yes = [("UserPromptSubmit", suite.payload("UserPromptSubmit", session_id=f"s{i}",
                                              prompt="yes")) for i in range(PARALLEL)]
    run_parallel(suite, yes)
    assert not (repo / layout.CONSENT).exists()
    answers = consent_records()
    assert answers[:len(waited)] == waited, answers
    answers = answers[len(waited):]
    assert 1 <= len(answers) <= PARALLEL and all(a["event"] == "consent-confirm"
                                                 for a in answers), answers
    assert_state_files_valid(repo)


# ------------------------------------------------------------------ a stuck lock
class HeldLock:
    """Hold the state lock from this process (as a crashed or stuck hook
    would) until :meth:`release`."""

    def __init__(self, root):
        import fcntl

        path = root / ".claude" / ".locks" / "state.lock"
        path.parent.mkdir(parents=True, exist_ok=True)
        self.fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        fcntl.flock(self.fd, fcntl.LOCK_EX)

    def release(self):
        import fcntl

        fcntl.flock(self.fd, fcntl.LOCK_UN)
        os.close(self.fd)


STUCK_LOCK_EVENTS = ("SessionStart", "Stop", "SessionEnd", "SubagentStop")


def test_a_stuck_lock_is_bounded_and_reported(tmp_path, installed_template):
    """With the state lock held elsewhere, each hook still answers inside its
    registered timeout, writes nothing to state.md, and says what it could
    not record and why (the LockTimeout message names the lock file). The
    four events run at once, each in a repository of its own: each waits
    out its lock budget, the subject, and the waits overlap."""
    suites = {event: make_repo_with_playbook(tmp_path / event, installed_template)
              for event in STUCK_LOCK_EVENTS}
    payloads = {
        "SessionStart": suites["SessionStart"].payload("SessionStart", source="resume"),
        "Stop": suites["Stop"].payload("Stop", stop_hook_active=False),
        "SessionEnd": suites["SessionEnd"].payload("SessionEnd", reason="other"),
        "SubagentStop": suites["SubagentStop"].payload("SubagentStop", agent_id="a1",
                                                       agent_type="general-purpose")}
    # evidence fraud, so that SubagentStop blocks and counts the block
    prog = suites["SubagentStop"].root / "play" / "p1" / "progress.json"
    doc = json.loads(prog.read_text())
    doc["subtasks"]["p1.1"]["status"] = "done"
    prog.write_text(json.dumps(doc))
    before = {event: (suite.root / "state.md").read_text() for event, suite in suites.items()}
    locks = [HeldLock(suite.root) for suite in suites.values()]
    try:
        with ThreadPoolExecutor(max_workers=len(suites)) as pool:
            runs = dict(zip(STUCK_LOCK_EVENTS, pool.map(
                lambda event: run_hook(suites[event], event, payloads[event], hard_limit=60),
                STUCK_LOCK_EVENTS)))
    finally:
        for lock in locks:
            lock.release()
    for event, run in runs.items():
        assert run.code == 0, (event, run)
        assert (suites[event].root / "state.md").read_text() == before[event], event
        if event == "SessionEnd":
            continue  # Claude Code ignores SessionEnd's output; bounded is what matters
        text = json.dumps(run.json or {})
        assert "State was not fully recorded" in text and "state.lock" in text, (event, run)
        assert "LockTimeout" in text, (event, run)


def test_every_lock_budget_fits_inside_its_hooks_timeout():
    """A hook may take the state lock several times; the process's lock
    budget bounds all its waits together (statefiles.atomic.set_lock_budget,
    set per event by the runtime). Each budget leaves room inside the timeout
    Claude Code gives the hook (SessionEnd's 1.5 s is shared by all its
    hooks), so a stuck lock is reported, never a killed hook."""
    from events.runtime import DEFAULT_LOCK_BUDGET_S, LOCK_BUDGET_S

    assert LOCK_BUDGET_S["SessionEnd"] < 1.0
    for event, timeout in TIMEOUT.items():
        budget = LOCK_BUDGET_S.get(event, DEFAULT_LOCK_BUDGET_S)
        assert budget <= timeout / 2, (event, budget, timeout)


def test_session_end_with_a_stuck_lock_still_answers(repo_with_playbook):
    """With the lock held elsewhere, SessionEnd answers (its wait is cut to
    its budget, not the 5 s default: the test above and test_markers_atomic)."""
    suite = repo_with_playbook
    lock = HeldLock(suite.root)
    try:
        run = run_hook(suite, "SessionEnd", suite.payload("SessionEnd", reason="other"))
    finally:
        lock.release()
    assert run.code == 0, run


def test_hooks_that_take_no_lock_are_not_slowed_by_a_stuck_one(repo_with_playbook, monkeypatch):
    """PreToolUse and PermissionRequest never wait for the state lock: in
    process they never take it (counted, not timed); through the installed
    hooks, with the lock held elsewhere, they answer as usual."""
    from events import runtime
    from statefiles import atomic

    suite = repo_with_playbook
    root = suite.root
    payloads = [("PreToolUse", suite.payload(
        "PreToolUse", tool_name="Read", tool_use_id="t",
        tool_input={"file_path": str(root / "state.md")})),
        ("PermissionRequest", suite.payload(
            "PermissionRequest", tool_name="Bash", tool_input={"command": "ls src"}))]
    taken = []
    real_enter = atomic.locked.__enter__
    monkeypatch.setattr(atomic.locked, "__enter__",
                        lambda self: taken.append(self.path) or real_enter(self))
    for event, payload in payloads:
        code, _out, _err, _outcome = runtime.evaluate(event, json.dumps(payload).encode(),
                                                      root=str(root), apply=True)
        assert code == 0
    assert taken == []
    lock = HeldLock(root)
    try:
        read = run_hook(suite, *payloads[0])
        perm = run_hook(suite, *payloads[1])
    finally:
        lock.release()
    assert read.code == 0, read
    assert perm.code == 0 and perm.err == "", perm
