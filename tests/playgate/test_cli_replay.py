"""``playgate replay``: a session transcript's tool calls through the hooks
again, in a scratch copy of the project.

The transcripts here are written in the format Claude Code 2.1.329 writes
(the field names are those of the real transcript ``tests/e2e/transcripts.py``
records; ``tests/playgate/test_cli_e2e.py`` replays a real one). Every command in them
is harmless if it ran — and replay never runs them: the tests check that
the project is byte for byte unchanged.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import git
from hypothesis import given, settings
from hypothesis import strategies as st
from draws import examples
from saying import says

from playgate import transcript  # noqa: E402

SESSION = "0f0e0d0c-0000-4000-8000-000000000001"


class Transcript:
    """Writes a transcript as Claude Code does, one entry at a time."""

    def __init__(self, path: Path, cwd: Path) -> None:
        self.path = path
        self.cwd = str(cwd)
        self.lines = []
        self.n = 0

    def _stamp(self) -> str:
        self.n += 1
        return f"2026-01-01T00:00:{self.n:02d}.000Z"

    def _base(self, kind: str, **extra) -> dict:
        entry = {"type": kind, "timestamp": self._stamp(), "sessionId": SESSION,
                 "cwd": self.cwd, "version": "2.1.329", "isSidechain": False,
                 "uuid": f"u{self.n}"}
        entry.update(extra)
        self.lines.append(entry)
        return entry

    def prompt(self, text: str) -> None:
        self._base("user", message={"role": "user", "content": text},
                   permissionMode="default")

    def call(self, tool: str, tool_input: dict, outcome: str = "ran", text: str = "ok",
             agent: str | None = None) -> str:
        """A tool call and its result; ``outcome``: ``ran``, ``blocked`` (by a
        PreToolUse hook), ``denied`` (the dialog), ``hook`` (approved by the
        PermissionRequest hook), ``rule`` (an allow rule)."""
        tid = f"toolu_{self.n:03d}"
        self._base("assistant", message={"role": "assistant", "content": [
            {"type": "tool_use", "id": tid, "name": tool, "input": tool_input}]},
            **({"agentId": agent, "isSidechain": True} if agent else {}))
        result = {"type": "tool_result", "tool_use_id": tid, "content": text}
        extra = {}
        if outcome == "blocked":
            result["content"] = f"PreToolUse:{tool} hook error: [cmd]: {text}"
            result["is_error"] = True
            extra = {"permissionDecision": {"decision": "reject", "source": "hook",
                                            "reasonCode": "hook:PreToolUse"},
                     "toolDenialKind": "permission-rule"}
        elif outcome == "denied":
            result["is_error"] = True
            extra = {"permissionDecision": {"decision": "reject", "source": "config"},
                     "toolDenialKind": "user-rejected"}
        elif outcome == "hook":
            self._base("attachment", attachment={"type": "hook_permission_decision",
                                                 "decision": "allow", "toolUseID": tid,
                                                 "hookEvent": "PermissionRequest"})
            extra = {"permissionDecision": {"decision": "accept", "source": "hook"}}
        elif outcome == "rule":
            extra = {"permissionDecision": {"decision": "accept", "source": "config",
                                            "reasonType": "rule"}}
        if agent:
            extra.update(agentId=agent, isSidechain=True)
        self._base("user", message={"role": "user", "content": [result]}, **extra)
        return tid

    def write(self) -> Path:
        self.path.write_text("".join(json.dumps(e) + "\n" for e in self.lines))
        return self.path


def tree_digest(root: Path) -> dict:
    """Every file under ``root`` (``.git`` included) → sha256, except the
    suite's derived caches (``.claude/.cache/``: parsed state.md, which any
    reader of the project refreshes)."""
    out = {}
    for dirpath, dirs, files in os.walk(root):
        if Path(dirpath) == root / ".claude":
            dirs[:] = [d for d in dirs if d != ".cache"]
        for name in files:
            path = Path(dirpath) / name
            if path.is_symlink():
                out[str(path.relative_to(root))] = "link:" + os.readlink(path)
            else:
                out[str(path.relative_to(root))] = hashlib.sha256(path.read_bytes()).hexdigest()
    return out


#: Scratch copies kept with --keep (removed after each test).
KEPT: list = []


@pytest.fixture(autouse=True)
def _remove_kept_copies():
    """``--keep`` leaves the scratch copy for the test to inspect; remove it after."""
    yield
    while KEPT:
        shutil.rmtree(Path(KEPT.pop()).parent, ignore_errors=True)


def replay(repo: Path, tr: Path, *args, cli: Path | None = None) -> tuple:
    """``playgate replay`` of ``tr`` in ``repo``, by ``repo``'s own entry point
    or ``cli``'s (a git worktree holds only the committed entry point until
    playgate is set up in it)."""
    env = dict(os.environ)
    env.pop("CLAUDE_PROJECT_DIR", None)
    proc = subprocess.run([sys.executable, str((cli or repo) / ".claude" / "playgate"), "replay",
                           str(tr), "--json", *map(str, args)], capture_output=True, text=True,
                          cwd=str(repo), env=env, timeout=300)
    assert proc.stdout, proc.stderr
    data = json.loads(proc.stdout)
    if data.get("scratch"):
        KEPT.append(data["scratch"])
    return proc.returncode, data


@pytest.fixture
def branch(installed):
    """The installed repository, committed, on a feature branch."""
    git(installed.root, "add", "-A")
    git(installed.root, "commit", "-q", "-m", "install")
    git(installed.root, "checkout", "-q", "-b", "feat/x")
    return installed.root


def test_replay_reports_each_call_next_to_the_session_and_changes_nothing(branch, tmp_path):
    repo = branch
    victim = repo.parent / "victim"
    victim.mkdir()
    (victim / "keep.txt").write_text("keep")
    tr = Transcript(tmp_path / "s.jsonl", repo)
    tr.prompt("What does this project do?")
    tr.call("Write", {"file_path": str(repo / "src" / "a.py"), "content": "x\n"}, "blocked",
            "[playgate:prompt-analyzer-gate] No playbook is active")
    tr.call("Read", {"file_path": str(repo / "state.md")}, "rule")
    tr.call("Bash", {"command": "git status"}, "hook")
    tr.call("Bash", {"command": "rm -rf ../victim"}, "ran")   # an older gate let it through
    tr.call("Bash", {"command": "cat /etc/hostname"}, "denied")
    before = tree_digest(repo)
    code, data = replay(repo, tr.write())
    rows = data["calls"]
    assert [r["tool"] for r in rows] == ["Write", "Read", "Bash", "Bash", "Bash"]
    assert [r["blocked"] for r in rows] == [True, False, False, True, False]
    assert rows[0]["guard"] == "prompt-analyzer-gate" and rows[0]["session_guard"] == \
        "prompt-analyzer-gate" and rows[0]["difference"] is None
    assert rows[2]["permission"] == "approve" and rows[2]["difference"] is None
    # (no playbook yet: the prompt-analyzer gate refuses it before bash-check)
    assert rows[3]["guard"] in ("prompt-analyzer-gate", "bash-check")
    assert rows[3]["difference"] == "now blocked"
    assert rows[4]["permission"] == "dialog" and rows[4]["difference"] is None
    assert data["prompts"][0]["blocked"] is False
    assert data["summary"] == {"calls": 5, "blocked": 2, "auto_approved": 1, "dialogs": 1,
                               "differences": 1}
    assert code == 1  # a decision differs from the session
    assert tree_digest(repo) == before
    assert (victim / "keep.txt").read_text() == "keep"  # nothing was executed
    assert data["scratch"] is None and not list(Path(data["project"]).parent.glob(
        "playgate-replay-*"))


def test_replay_text_report(branch, tmp_path):
    tr = Transcript(tmp_path / "s.jsonl", branch)
    tr.call("Bash", {"command": "git status"}, "hook")
    env = dict(os.environ)
    env.pop("CLAUDE_PROJECT_DIR", None)
    proc = subprocess.run([sys.executable, str(branch / ".claude" / "playgate"), "replay",
                           str(tr.write())], capture_output=True, text=True, cwd=str(branch),
                          env=env, timeout=300)
    assert proc.returncode == 0
    assert "approved by hook" in proc.stdout and "allowed, auto-approved" in proc.stdout
    assert "0 difference(s)" in proc.stdout and "not executed" in proc.stdout


def _playbook(repo: Path) -> None:
    from tests.e2e.workflow import plan_json, progress_json

    d = repo / "play" / "e2e"
    d.mkdir(parents=True)
    (d / "plan.json").write_text(json.dumps(plan_json(branch="feat/x"), indent=2))
    (d / "progress.json").write_text(json.dumps(progress_json(), indent=2))
    from statefiles import state_md

    state_md.update_keys(str(repo), "playbook", {"active": "play/e2e/plan.json",
                                                 "branch": "feat/x"})
    (repo / "src").mkdir(exist_ok=True)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "playbook")


def test_edits_that_ran_are_reapplied_so_later_calls_meet_the_same_state(branch, tmp_path):
    repo = branch
    _playbook(repo)
    app = str(repo / "src" / "app.py")
    tr = Transcript(tmp_path / "s.jsonl", repo)
    tr.call("Write", {"file_path": app, "content": "print('hi')\n"}, "blocked",
            "[playgate:init-guard] read the state first")
    for rel in ("state.md", "play/e2e/plan.json", "play/e2e/progress.json"):
        tr.call("Read", {"file_path": str(repo / rel)}, "rule")
    tr.call("Write", {"file_path": app, "content": "print('hi')\n"}, "rule")
    tr.call("Edit", {"file_path": app, "old_string": "hi", "new_string": "hello",
                     "replace_all": False}, "rule")
    tr.call("MultiEdit", {"file_path": app, "edits": [
        {"old_string": "hello", "new_string": "hey"},
        {"old_string": "print", "new_string": "print"}]}, "rule")
    tr.call("Edit", {"file_path": app, "old_string": "not there", "new_string": "x"}, "rule")
    code, data = replay(repo, tr.write(), "--keep")
    rows = data["calls"]
    assert [r["blocked"] for r in rows] == [True, False, False, False, False, False, False, False]
    assert rows[0]["guard"] == "init-guard"
    assert [r["note"] for r in rows[4:7]] == [None, None, None]
    assert "not re-applied" in rows[7]["note"]
    scratch = Path(data["scratch"])
    assert (scratch / "src" / "app.py").read_text() == "print('hey')\n"
    assert not (repo / "src" / "app.py").exists()
    # The session's hooks wrote their state in the copy, not in the project:
    # SessionStart's pending marker, removed by the three Reads; the reads
    # themselves are recorded there.
    assert (scratch / ".claude" / ".session-init" / "read").is_dir()
    init = repo / ".claude" / ".session-init"  # created empty by the install (the sandbox)
    assert not init.exists() or not any(init.iterdir()), list(init.iterdir())
    assert code == 0
    # The copy reads like the project: its branch, its history, no remote.
    assert git(scratch, "rev-parse", "--abbrev-ref", "HEAD").stdout.strip() == "feat/x"
    assert git(scratch, "log", "-1", "--format=%s").stdout.strip() == "playbook"
    assert git(scratch, "remote").stdout.strip() == ""
    assert git(scratch, "status", "--porcelain", "--untracked-files=no").stdout.strip() in (
        "", "M state.md", "M play/e2e/progress.json")


def test_a_worktree_project_is_copied_without_touching_its_repository(branch, tmp_path):
    repo = branch
    git(repo, "remote", "add", "origin", str(tmp_path / "remote.git"))
    wt = tmp_path / "wt"
    git(repo, "worktree", "add", "-q", "-b", "feat/wt", str(wt))
    index = (repo / ".git" / "worktrees" / "wt" / "index").read_bytes()
    tr = Transcript(tmp_path / "s.jsonl", wt)
    tr.call("Bash", {"command": "git status"}, "hook")
    code, data = replay(wt, tr.write(), "--keep", cli=repo)
    assert code == 0 and data["project"] == str(wt)
    scratch = Path(data["scratch"])
    assert git(scratch, "rev-parse", "--abbrev-ref", "HEAD").stdout.strip() == "feat/wt"
    assert git(scratch, "remote").stdout.strip() == ""
    assert (repo / ".git" / "worktrees" / "wt" / "index").read_bytes() == index
    assert git(repo, "remote").stdout.strip() == "origin"


def test_a_write_through_a_symlink_out_of_the_project_is_not_reapplied(branch, tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (branch / "link").symlink_to(outside)
    tr = Transcript(tmp_path / "s.jsonl", branch)
    tr.call("Write", {"file_path": str(branch / "link" / "pwned.txt"), "content": "x"}, "rule")
    _code, data = replay(branch, tr.write())
    assert list(outside.iterdir()) == []
    row = data["calls"][0]
    assert row["blocked"] or "outside the project" in (row["note"] or "")


def test_subagent_calls_are_replayed_as_the_subagent(branch, tmp_path):
    path = tmp_path / "sess.jsonl"
    tr = Transcript(path, branch)
    tr.call("Agent", {"description": "look", "prompt": "ls", "subagent_type": "critic"})
    tr.write()
    subdir = tmp_path / "sess" / "subagents"
    subdir.mkdir(parents=True)
    sub = Transcript(subdir / "agent-abc.jsonl", branch)
    sub.n = 50
    sub.call("Bash", {"command": "ls"}, "ran", agent="abc")
    sub.write()
    (subdir / "agent-abc.meta.json").write_text(json.dumps({"agentType": "critic"}))
    _code, data = replay(branch, path)
    assert [(r["lane"], r["agent_type"], r["tool"]) for r in data["calls"]] == [
        ("main", None, "Agent"), ("abc", "critic", "Bash")]
    _code, data = replay(branch, path, "--no-subagents")
    assert [r["tool"] for r in data["calls"]] == ["Agent"]


def test_unreadable_and_foreign_transcripts_exit_3(branch, tmp_path):
    env = dict(os.environ)
    env.pop("CLAUDE_PROJECT_DIR", None)

    def run(*args):
        return subprocess.run([sys.executable, str(branch / ".claude" / "playgate"), "replay",
                               *map(str, args)], capture_output=True, text=True, cwd=branch,
                              env=env, timeout=120)

    assert run(tmp_path / "none.jsonl").returncode == 3
    junk = tmp_path / "junk.jsonl"
    junk.write_text("not json\n[1, 2]\n{}\n")
    proc = run(junk)
    assert proc.returncode == 3 and "not a Claude Code session transcript" in proc.stderr
    elsewhere = Transcript(tmp_path / "e.jsonl", tmp_path / "gone")
    elsewhere.call("Bash", {"command": "ls"})
    proc = run(elsewhere.write())
    assert proc.returncode == 3 and "-C DIR" in proc.stderr
    proc = run(tmp_path / "e.jsonl", "-C", branch, "--json")
    assert proc.returncode == 0 and json.loads(proc.stdout)["project"] == str(branch)


def test_garbage_lines_are_skipped_and_counted(branch, tmp_path):
    tr = Transcript(tmp_path / "s.jsonl", branch)
    tr.call("Bash", {"command": "git status"}, "hook")
    path = tr.write()
    with open(path, "a") as fh:
        fh.write("{broken\n\"a string\"\n")
    _code, data = replay(branch, path)
    assert data["skipped_lines"] == 2 and data["summary"]["calls"] == 1


entries = st.fixed_dictionaries(
    {"type": st.sampled_from(["user", "assistant", "attachment", "system", 3])},
    optional={"message": st.one_of(st.none(), st.text(max_size=5), st.fixed_dictionaries(
        {"content": st.one_of(st.text(max_size=10), st.lists(st.fixed_dictionaries(
            {"type": st.sampled_from(["tool_use", "tool_result", "text"])},
            optional={"id": st.text(max_size=3), "tool_use_id": st.text(max_size=3),
                      "name": st.text(max_size=5), "input": st.one_of(st.none(), st.dictionaries(
                          st.text(max_size=3), st.text(max_size=3), max_size=2)),
                      "content": st.one_of(st.text(max_size=5), st.none()),
                      "is_error": st.booleans()}), max_size=3))})),
        "timestamp": st.one_of(st.text(max_size=5), st.none()),
        "sessionId": st.text(max_size=5), "cwd": st.text(max_size=5),
        "permissionDecision": st.one_of(st.none(), st.dictionaries(
            st.sampled_from(["decision", "source", "reasonCode", "reasonType"]),
            st.text(max_size=8))),
        "attachment": st.one_of(st.none(), st.dictionaries(
            st.sampled_from(["type", "toolUseID", "decision", "hookEvent", "hookName"]),
            st.text(max_size=8)))})


@settings(max_examples=examples(200), deadline=None)
@given(lines=st.lists(st.one_of(entries.map(json.dumps), st.text(max_size=20)), max_size=12))
def test_transcript_reader_never_crashes(tmp_path_factory, lines):
    path = tmp_path_factory.mktemp("t") / "s.jsonl"
    path.write_text("\n".join(lines) + "\n")
    try:
        session = transcript.load(str(path))
    except ValueError:
        return
    for call in session.calls:
        assert call.outcome in transcript.OUTCOMES
    session.timeline()


# --------------------------------------------------- the session's start


def test_the_copy_is_rewound_to_the_state_the_session_started_from(tmp_path):
    """A finished session is replayed against the state it started from, not
    its end state: the commit HEAD pointed to then (reflog), files added or
    changed since undone, untracked files and session markers written since
    gone, the ledgers cut at the start. The project itself is untouched."""
    import time
    from datetime import datetime, timezone

    from playgate import scratch

    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q", "-b", "main")
    (repo / "a.txt").write_text("before\n")
    (repo / ".gitignore").write_text(".claude/session-state/\n.claude/logs/\n")
    (repo / ".claude/session-state").mkdir(parents=True)
    (repo / ".claude/session-state/old-marker").write_text("x\n")
    (repo / ".claude/logs").mkdir()
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "start")
    start_sha = git(repo, "rev-parse", "HEAD").stdout.strip()
    time.sleep(1.2)
    started = datetime.now(timezone.utc).isoformat().replace("+00:00", "Z")
    time.sleep(1.2)
    git(repo, "checkout", "-q", "-b", "feat/x")
    (repo / "a.txt").write_text("after\n")
    (repo / "b.txt").write_text("added\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "work")
    (repo / "c.txt").write_text("untracked, new\n")
    (repo / ".claude/session-state/new-marker").write_text("x\n")
    ledger = repo / ".claude/logs/critic-ledger.jsonl"
    ledger.write_text(json.dumps({"ts": "2000-01-01T00:00:00+00:00", "subtask": "old"}) + "\n"
                      + json.dumps({"ts": "2999-01-01T00:00:00+00:00", "subtask": "new"}) + "\n")
    before = {p: p.read_bytes() for p in repo.rglob("*") if p.is_file() and ".git" not in p.parts}

    dest = tmp_path / "copy"
    scratch.copy_project(str(repo), str(dest))
    note = scratch.rewind(str(repo), str(dest), started, "main")
    assert says(note, "replay.start_branch", commit=start_sha[:12], branch="main"), note
    assert says(note, "replay.start_removed", count=2), note  # c.txt, new-marker
    assert (dest / "a.txt").read_text() == "before\n"
    assert not (dest / "b.txt").exists() and not (dest / "c.txt").exists()
    assert (dest / ".claude/session-state/old-marker").exists()
    assert not (dest / ".claude/session-state/new-marker").exists()
    assert [json.loads(x)["subtask"] for x in
            (dest / ".claude/logs/critic-ledger.jsonl").read_text().splitlines()] == ["old"]
    assert git(dest, "rev-parse", "HEAD").stdout.strip() == start_sha
    assert git(dest, "branch", "--show-current").stdout.strip() == "main"
    assert git(dest, "status", "--porcelain", "--untracked-files=no").stdout == ""
    after = {p: p.read_bytes() for p in repo.rglob("*") if p.is_file() and ".git" not in p.parts}
    assert after == before  # the project itself is untouched
    assert git(repo, "branch", "--show-current").stdout.strip() == "feat/x"


def test_without_a_reflog_that_far_back_the_copy_stays_as_it_is(branch, tmp_path):
    from playgate import scratch

    dest = tmp_path / "copy"
    scratch.copy_project(str(branch), str(dest))
    files = sorted(p.name for p in dest.rglob("*") if p.is_file() and ".git" not in p.parts)
    note = scratch.rewind(str(branch), str(dest), "2001-01-01T00:00:00Z", "main")
    assert says(note, "replay.start_no_reflog"), note
    assert sorted(p.name for p in dest.rglob("*") if p.is_file() and ".git" not in p.parts) == \
        files
    assert says(scratch.rewind(str(branch), str(dest), "", None), "replay.start_no_time")
