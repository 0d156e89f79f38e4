"""check-state-update (seed 004 [4']): a ``git commit`` of work while the
active playbook's progress.json records nothing since the last commit gets
a warning naming what to record; the record, state files and a commit
without an active playbook pass quietly; it never blocks.
"""

from __future__ import annotations

import json

import pytest
from bashenv import PROGRESS, make_workspace, set_state
from conftest import git
from hypothesis import given, settings
from hypothesis import strategies as st
from draws import examples

from guards.check_state_update import committed_work, progress_recorded

LABEL = "[playgate:check-state-update]"


@pytest.fixture
def ws(tmp_path):
    return make_workspace(tmp_path)


def _context(out: str) -> str:
    if not out.strip():
        return ""
    return json.loads(out).get("hookSpecificOutput", {}).get("additionalContext", "")


def _change(ws, rel="src/app.py", stage=True):
    path = ws.root / rel
    path.write_text(path.read_text() + "# more\n")
    if stage:
        git(ws.root, "add", rel)


@pytest.mark.parametrize("command", [
    "git commit -m 'work'", "git -C . commit -qm work", "env git commit -m x",
    "true && git commit -m x", "git commit --amend --no-edit",
])
def test_work_committed_without_its_record_is_warned_about(ws, command):
    _change(ws)
    code, err, out = ws.decide(command)
    assert code == 0, err
    context = _context(out)
    assert LABEL in context and "src/app.py" in context, context
    assert "play/demo/progress.json" in context
    assert "p1.1 (in_progress)" in context
    assert "technical, consistency, completeness" in context


def test_the_warning_reaches_claude_through_the_installed_hook(ws):
    _change(ws)
    result = ws.tool("Bash", {"command": "git commit -m work"})
    assert not result.blocked, result
    assert LABEL in result.context and "src/app.py" in result.context, result


def test_commit_all_takes_the_modified_tracked_files(ws):
    _change(ws, stage=False)
    code, _err, out = ws.decide("git commit -m nothing-staged")
    assert LABEL not in _context(out)
    code, _err, out = ws.decide("git commit -am all")
    assert code == 0 and LABEL in _context(out)
    code, _err, out = ws.decide("git commit -m named -- src/app.py")
    assert LABEL in _context(out)
    code, _err, out = ws.decide("git commit -m other -- docs")
    assert LABEL not in _context(out)


@pytest.mark.parametrize("stage_progress", [True, False])
def test_a_recorded_progress_passes_quietly(ws, stage_progress):
    _change(ws)
    progress = json.loads(json.dumps(PROGRESS))
    progress["subtasks"]["p1.1"]["validations"] = {
        "technical": {"status": "PASS", "evidence": ["pytest: 3 passed"]}}
    (ws.root / "play/demo/progress.json").write_text(json.dumps(progress, indent=2))
    if stage_progress:
        git(ws.root, "add", "play/demo/progress.json")
    code, err, out = ws.decide("git commit -m work")
    assert code == 0 and LABEL not in _context(out), (err, out)


def test_state_files_alone_are_not_work(ws):
    set_state(ws.root, extra_config="# note")
    git(ws.root, "add", "state.md")
    code, _err, out = ws.decide("git commit -m state")
    assert code == 0 and LABEL not in _context(out)


def test_no_active_playbook_no_check(ws):
    _change(ws)
    set_state(ws.root, active=None)
    code, _err, out = ws.decide("git commit -m closing")
    assert LABEL not in _context(out)


def test_other_commands_are_not_looked_at(ws):
    _change(ws)
    for command in ("git status", "git add -A", "git commit --dry-run -m x", "ls"):
        _code, _err, out = ws.decide(command)
        assert LABEL not in _context(out), command


def test_state_md_goal_not_in_progress_is_named(ws):
    _change(ws)
    set_state(ws.root, goal_status="idle")
    git(ws.root, "add", "src/app.py")
    _code, _err, out = ws.decide("git commit -m work")
    assert "goal.status is 'idle'" in _context(out)


# ------------------------------------------------------------------ the readers

_PATH = st.sampled_from(["src/a.py", "state.md", "play/x/progress.json", "play/x/plan.json",
                         ".claude/logs/x", "docs/r.md", "tests/t.py", "play/", "src/"])
_XY = st.sampled_from(["M ", " M", "MM", "A ", "??", "R ", "D ", " D", "AM"])


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.tuples(_XY, _PATH), max_size=8),
       st.lists(st.sampled_from(["-m", "x", "-a", "-am", "--", "src", "docs/r.md", "-q"]),
                max_size=5))
def test_committed_work_is_work_that_changed(entries, args):
    work = committed_work(entries, args)
    paths = {p for _xy, p in entries}
    for path in work:
        assert path in paths
        assert path != "state.md" and not path.startswith(("play/", ".claude/"))
    # Staged work is always taken, whatever else the command says.
    for xy, path in entries:
        if xy[0] not in " ?" and path in ("src/a.py", "docs/r.md", "tests/t.py", "src/"):
            assert path in work, (entries, args)


def test_progress_recorded_reads_untracked_directories():
    rel = "play/x/progress.json"
    assert progress_recorded([(" M", rel)], rel)
    assert progress_recorded([("??", "play/x/")], rel)
    assert progress_recorded([("??", "play/")], rel)
    assert not progress_recorded([("??", "play/y/")], rel)
    assert not progress_recorded([(" M", "src/a.py")], rel)
