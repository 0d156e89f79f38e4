"""The SessionStart handler (SPEC §3 SessionStart; seed 002 §1; seed 004 [1])."""

from __future__ import annotations

import json
import re

import pytest

from saying import matches, pattern, says

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


def problems(context, **fields):
    """The keys of the problems the context reports (each a line that is
    ``session_start.problem`` followed by the problem), those among
    ``protected_list.*`` and ``state_md.*`` that render with ``fields``."""
    found = set()
    for line in context.splitlines():
        head = pattern("session_start.problem").match(line)
        if not head:
            continue
        rest = line[head.end():]
        for key in ("state_md.yaml_broken", "protected_list.unknown_level",
                    "protected_list.no_pattern"):
            try:
                if pattern(key, **fields).match(rest):
                    found.add(key)
            except ValueError:  # a field the template does not have
                continue
    return found


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
    first = matches(context, "session_start.read_first")
    assert len(first) == 1 and "state.md" in first[0]["files"], context
    assert says(context, "session_start.no_playbook"), context  # no playbook active
    assert says(context, "session_start.branch", branch="feat/x"), context


def test_active_playbook_is_recorded_and_announced(ws):
    ws.playbook()
    context = start(ws)
    assert (ws.root / REQUIRED).read_text().strip() == "play/p1/plan.json"
    assert "play/p1/plan.json" in context and "play/p1/progress.json" in context
    assert says(context, "session_start.playbook", plan="play/p1/plan.json", phase="p1",
                done=0, total=1), context


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
    assert says(context, "session_start.stale_pending") is removed


@pytest.mark.parametrize("source,kept", [("startup", False), ("clear", False),
                                         ("resume", True), ("compact", True)])
def test_prompt_analysis_belongs_to_one_conversation(ws, source, kept):
    ws.marker(".claude/session-state/prompt-analyzer-called")
    start(ws, source)
    assert ws.has(".claude/session-state/prompt-analyzer-called") is kept


@pytest.mark.parametrize("active,why,fields", [
    ("play/gone/plan.json", "session_start.missing_plan", {"plan": "play/gone/plan.json"}),
    ("play/archive/p0/plan.json", "playbook.active_not_working",
     {"value": repr("play/archive/p0/plan.json")}),
    ("/etc/passwd", "playbook.active_outside", {"value": repr("/etc/passwd")}),
])
def test_missing_or_invalid_playbook_is_reset_and_said(ws, active, why, fields):
    ws.set_state("playbook", active=active)
    text = (ws.root / "state.md").read_text()
    context = start(ws)
    reset = matches(context, "session_start.active_reset")
    assert len(reset) == 1, context
    assert says(reset[0]["reason"], why, **fields), context
    from statefiles import state_md

    assert state_md.load(str(ws.root)).active_playbook is None
    assert (ws.root / REQUIRED).read_text() == "\n"
    # only playbook.active and session.last_start changed
    new = (ws.root / "state.md").read_text()
    assert len(new.splitlines()) == len(text.splitlines())


def test_missing_state_md_is_reported_not_created(ws):
    (ws.root / "state.md").unlink()
    context = start(ws)
    missing = matches(context, "session_start.no_state")
    assert len(missing) == 1 and "install.py" in missing[0]["repair"], context
    assert not ws.has("state.md")
    assert ws.has(PENDING)


def test_broken_state_md_is_reported_and_nothing_crashes(ws):
    path = ws.root / "state.md"
    path.write_text(path.read_text().replace("last_end: null", "last_end: [oops"))
    context = start(ws)
    assert "state_md.yaml_broken" in problems(context, section="session"), context
    assert "[oops" in path.read_text()  # the broken section was not rewritten


def test_protected_list_problems_are_reported(ws):
    (ws.root / ".claude" / "protected-files.txt").write_text("NOPE:x\nBLOCK:\n")
    context = start(ws)
    label = ".claude/protected-files.txt"
    assert "protected_list.unknown_level" in problems(context, label=label, line=1,
                                                      level="'NOPE'"), context
    assert "protected_list.no_pattern" in problems(context, label=label, line=2), context


def test_on_main_the_context_says_so(ws):
    ws.branch("main")
    context = start(ws)
    assert says(context, "session_start.branch_main", branch="main"), context


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
