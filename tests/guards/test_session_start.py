"""The SessionStart handler (SPEC §3 SessionStart; seed 002 §1; seed 004 [1])."""

from __future__ import annotations

import json
import re

import pytest

PENDING = ".claude/.session-init/pending"
REQUIRED = ".claude/.session-init/required_playbook"
READ_DIR = ".claude/.session-init/read"
POST_LOOP = ".claude/session-state/post-loop-pending"


def start(ws, source="startup", env=None):
    payload = ws.payload("SessionStart", source=source)
    payload.pop("permission_mode", None)
    code, out, err, outcome = ws.evaluate("SessionStart", payload, env)
    assert code == 0 and err == "", (code, err)
    body = json.loads(out)
    assert set(body) == {"hookSpecificOutput"}
    hso = body["hookSpecificOutput"]
    assert hso["hookEventName"] == "SessionStart"
    return hso["additionalContext"]


def test_fresh_session_writes_markers_and_last_start(ws):
    before = (ws.root / "state.md").read_text()
    context = start(ws)
    assert ws.has(PENDING)
    assert (ws.root / REQUIRED).read_text() == "\n"
    after = (ws.root / "state.md").read_text()
    m = re.search(r"last_start: (\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)", after)
    assert m, after
    # every other byte of state.md is as it was
    assert after.replace(m.group(0), "last_start: null") == before
    assert "state.md" in context and "Read" in context
    assert "playbook-init" in context  # no playbook active
    assert "Branch: feat/x" in context


def test_active_playbook_is_recorded_and_announced(ws):
    ws.playbook()
    context = start(ws)
    assert (ws.root / REQUIRED).read_text().strip() == "play/p1/plan.json"
    assert "play/p1/plan.json" in context and "play/p1/progress.json" in context
    assert "phase p1" in context and "0/1 subtasks done" in context


def test_previous_reads_are_forgotten(ws):
    ws.marker(READ_DIR + "/state.md")
    ws.marker(READ_DIR + "/play%2Fp1%2Fplan.json")
    start(ws)
    assert list((ws.root / READ_DIR).iterdir()) == []


@pytest.mark.parametrize("source,removed", [("startup", True), ("clear", True),
                                            ("resume", False), ("compact", False)])
def test_stale_post_loop_pending(ws, source, removed):
    ws.marker(POST_LOOP, '{"playbook": "p0"}')
    context = start(ws, source)
    assert ws.has(POST_LOOP) is not removed
    assert ("stale post-loop-pending" in context) is removed


@pytest.mark.parametrize("source,kept", [("startup", False), ("clear", False),
                                         ("resume", True), ("compact", True)])
def test_prompt_analysis_belongs_to_one_conversation(ws, source, kept):
    ws.marker(".claude/session-state/prompt-analyzer-called")
    start(ws, source)
    assert ws.has(".claude/session-state/prompt-analyzer-called") is kept


@pytest.mark.parametrize("active,why", [
    ("play/gone/plan.json", "does not exist"),
    ("play/archive/p0/plan.json", "working playbook"),
    ("/etc/passwd", "outside the project"),
])
def test_missing_or_invalid_playbook_is_reset_and_said(ws, active, why):
    ws.set_state("playbook", active=active)
    text = (ws.root / "state.md").read_text()
    context = start(ws)
    assert "reset to null" in context and why in context
    from statefiles import state_md

    assert state_md.load(str(ws.root)).active_playbook is None
    assert (ws.root / REQUIRED).read_text() == "\n"
    # only playbook.active and session.last_start changed
    new = (ws.root / "state.md").read_text()
    assert len(new.splitlines()) == len(text.splitlines())


def test_missing_state_md_is_reported_not_created(ws):
    (ws.root / "state.md").unlink()
    context = start(ws)
    assert "state.md is missing" in context and "install.py" in context
    assert not ws.has("state.md")
    assert ws.has(PENDING)


def test_broken_state_md_is_reported_and_nothing_crashes(ws):
    path = ws.root / "state.md"
    path.write_text(path.read_text().replace("last_end: null", "last_end: [oops"))
    context = start(ws)
    assert "Problem: state.md: the YAML of section 'session' is broken" in context
    assert "[oops" in path.read_text()  # the broken section was not rewritten


def test_protected_list_problems_are_reported(ws):
    (ws.root / ".claude" / "protected-files.txt").write_text("NOPE:x\nBLOCK:\n")
    context = start(ws)
    assert "unknown level 'NOPE'" in context and "no pattern" in context


def test_on_main_the_context_says_so(ws):
    ws.branch("main")
    assert "feature branch" in start(ws)


def test_second_start_is_fast_path_and_keeps_the_file_well_formed(ws):
    from statefiles import state_md

    start(ws)
    start(ws, "resume")
    doc = state_md.load(str(ws.root))
    assert doc.errors == []
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", doc.get("session", "last_start"))


def test_crlf_state_md_keeps_its_line_endings(ws):
    path = ws.root / "state.md"
    path.write_bytes(path.read_bytes().replace(b"\n", b"\r\n"))
    start(ws)
    data = path.read_bytes()
    assert b"\n" not in data.replace(b"\r\n", b"")
    assert re.search(rb"last_start: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d\r\n", data)


def test_session_start_then_init_guard_round_trip(ws):
    ws.ready()
    start(ws)
    r = ws.edit("src/app.py")
    assert r.blocked and r.guard == "init-guard"
    ws.read("state.md")
    ws.read("play/p1/plan.json")
    assert not ws.edit("src/app.py").blocked
