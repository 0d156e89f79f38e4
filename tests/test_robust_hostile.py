"""Hostile and corrupt state.

Families: state.md (broken YAML, duplicate or missing sections, alias bombs,
sizes, encodings, a directory/FIFO/symlink in its place); plan.json and
progress.json (invalid JSON, wrong types, 10 MB, unknown format_version,
non-files); ``playbook.active`` aimed outside the project or at the wrong
file; protected-files.txt with bad lines or unreadable; session markers,
logs and caches replaced by directories, FIFOs, junk or symlink loops.

For every case:

* no hook hangs (a FIFO is never waited on: each call runs under a SIGALRM
  watchdog, and the installed hooks under a subprocess timeout), and no
  guard crashes (``.claude/logs/errors.log`` records no guard or runtime
  failure);
* the message names the file and the fix (SessionStart lists it as a
  problem; a BLOCK names it);
* the gate stays closed where it must (an edit of code is refused while the
  state cannot establish a reviewed active playbook, the suite's own files
  stay HARD_BLOCK);
* there is a way out: the edit that repairs the file is allowed, or — when
  only the user can repair it (the human-only ``config`` section, a
  directory where state.md belongs) — the message says to ask the user.

Run as root, so "unreadable" is made with directories, FIFOs and symlink
loops rather than permissions. Nothing outside the test's temporary
directory is written; /etc/passwd is only ever named, never opened for
writing.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from contextlib import contextmanager

import pytest
from _foundation import Workspace
from conftest import EVENT_MODULES, Installed, install, make_repo
from saying import keys_in, matches, says

from statefiles import state_md

EDIT_OLD, EDIT_NEW = "x = 1", "x = 2"


# ------------------------------------------------------------------ helpers
@contextmanager
def within(seconds: float):
    """Fail (instead of hanging the suite) when the block takes longer: a
    blocking ``open`` of a FIFO is interrupted by the alarm."""

    def alarm(signum, frame):
        raise TimeoutError(f"blocked for more than {seconds} s (a FIFO waited on?)")

    old = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def crashes(ws) -> str:
    """The guard/runtime failures recorded in errors.log (effects that could
    not be applied to a hostile file are reported, not crashes)."""
    path = ws.root / ".claude" / "logs" / "errors.log"
    if not path.is_file():  # never open a FIFO planted there
        return ""
    text = path.read_text(errors="replace")
    heads = [line for line in text.splitlines() if line.startswith("--- ")]
    bad = [h for h in heads if " in effect " not in h]
    return text if bad else ""


#: The hang watchdog of one in-process call, seconds. A FIFO waited on blocks
#: for ever, so any bound finds it; this one is far above what a call takes
#: on a loaded machine, because how fast a hostile input is answered is the
#: worst-case benchmark's question (bench --worst, in .ci/run), not a test's.
HANG_SECONDS = 60.0


def call(ws, event, **fields):
    """One in-process hook call under the hang watchdog; asserts no crash."""
    from _foundation import Result

    with within(HANG_SECONDS):
        result = Result(*ws.evaluate(event, ws.payload(event, **fields)))
    assert result.code in (0, 2), result
    assert "Traceback" not in result.stdout + result.stderr, result
    assert not crashes(ws), crashes(ws)[-3000:]
    return result


def edit_code(ws):
    return call(ws, "PreToolUse", tool_name="Edit", tool_use_id="t",
                tool_input={"file_path": str(ws.root / "src" / "app.py"),
                            "old_string": EDIT_OLD, "new_string": EDIT_NEW})


def write(ws, rel, content):
    return call(ws, "PreToolUse", tool_name="Write", tool_use_id="t",
                tool_input={"file_path": str(ws.root / rel), "content": content})


def edit(ws, rel, old, new):
    return call(ws, "PreToolUse", tool_name="Edit", tool_use_id="t",
                tool_input={"file_path": str(ws.root / rel), "old_string": old,
                            "new_string": new})


def _names(text: str, needle) -> bool:
    """``text`` names ``needle``: a message ``(key, fields)`` (by key, any
    wording), or a token as it is (a path, a skill, the OS's own words)."""
    if isinstance(needle, tuple):
        key, fields = needle
        return says(text, key, **fields)
    return needle in text


def session_context(ws) -> str:
    """SessionStart's additionalContext. The session's required reads are
    then taken as done (pending removed), so later calls in the test meet
    the guards under test, not init-guard."""
    result = call(ws, "SessionStart", source="resume")
    assert result.code == 0, result
    pending = ws.root / ".claude" / ".session-init" / "pending"
    if pending.is_file():
        pending.unlink()
    return result.context


def every_event(ws) -> None:
    """Each event once on the hostile state: the contract holds, no crash."""
    fields = {
        "PreToolUse": {"tool_name": "Read", "tool_use_id": "t",
                       "tool_input": {"file_path": str(ws.root / "state.md")}},
        "PostToolUse": {"tool_name": "Edit", "tool_use_id": "t", "tool_response": {},
                        "tool_input": {"file_path": str(ws.root / "play/p1/progress.json"),
                                       "old_string": "a", "new_string": "b"}},
        "PermissionRequest": {"tool_name": "Bash", "tool_input": {"command": "ls src"}},
        "UserPromptSubmit": {"prompt": "please fix src/app.py"},
        "Stop": {"stop_hook_active": False},
        "SubagentStop": {"agent_id": "a1", "agent_type": "general-purpose"},
        "PostToolUseFailure": {"tool_name": "Bash", "tool_use_id": "t", "agent_id": "a1",
                               "agent_type": "critic", "tool_input": {"command": "pytest"},
                               "error": "Exit code 1\nfailed", "is_interrupt": False},
        "SubagentStart": {"agent_id": "a1", "agent_type": "critic"},
        "SessionStart": {"source": "startup"},
        "SessionEnd": {"reason": "other"},
        "PreCompact": {"trigger": "auto"},
        "Notification": {"message": "waiting"},
        "TaskCompleted": {"task_id": "1"},
        "TeammateIdle": {"teammate_name": "t"},
    }
    assert set(fields) == set(EVENT_MODULES)
    for event, extra in fields.items():
        result = call(ws, event, **extra)
        if event in ("PermissionRequest", "UserPromptSubmit", "Stop", "SubagentStop",
                     "SessionStart", "SessionEnd", "PreCompact", "Notification",
                     "TaskCompleted", "TeammateIdle", "SubagentStart", "PostToolUse",
                     "PostToolUseFailure"):
            assert result.code == 0, (event, result)
        if event == "PermissionRequest":
            assert result.stderr == ""


@pytest.fixture
def ws(tmp_path):
    """A session that may edit: prompt analysed, state read, a reviewed
    playbook play/p1 active, on feat/x."""
    return Workspace(tmp_path / "ws").ready()


@pytest.fixture
def outside(tmp_path):
    """A directory outside the project with a file that must never change."""
    d = tmp_path / "outside"
    d.mkdir()
    (d / "secret.txt").write_text("do not touch\n")
    return d


def state_text(ws) -> str:
    return (ws.root / "state.md").read_text()


def replace_state(ws, old, new):
    text = state_text(ws)
    assert old in text, old
    (ws.root / "state.md").write_text(text.replace(old, new, 1))


ACTIVE = "active: play/p1/plan.json"
PLAYBOOK_BLOCK = "## playbook\n```yaml\nactive: play/p1/plan.json\n```\n"


def config_block(ws) -> str:
    text = state_text(ws)
    start = text.index("## config")
    end = text.index("```\n", text.index("```yaml", start) + 7) + 4
    return text[start:end]


# ================================================================== state.md
# Each case: setup(ws) -> None; gate: "closed" (code edits refused) or
# "open"; needles: what the problem message must name; repair(ws) -> Result
# of the call that gets Claude unstuck, or "user" when only the user can.

def _bomb(levels=30):
    lines = ['a0: &a0 ["x", "x"]'] + [f"a{i}: &a{i} [*a{i-1}, *a{i-1}]"
                                       for i in range(1, levels)]
    return "\n".join(lines)


STATE_CASES = {
    "broken-yaml-in-playbook": dict(
        setup=lambda ws: replace_state(ws, ACTIVE, "active: [play/p1/plan.json"),
        gate="closed", needles=[("state_md.yaml_broken", {"section": "playbook"})],
        repair=lambda ws: edit(ws, "state.md", "active: [play/p1/plan.json", ACTIVE)),
    "broken-yaml-in-config": dict(
        setup=lambda ws: replace_state(ws, "security: strict", "security: [strict"),
        gate="open", needles=[("state_md.yaml_broken", {"section": "config"})], repair=None),
    "duplicate-config-section-admin": dict(
        setup=lambda ws: (ws.root / "state.md").write_text(
            state_text(ws) + "---\n## config\n```yaml\nsecurity: admin\n```\n"),
        gate="open", needles=[("state_md.duplicate_section", {"section": "config"})], repair=None),
    "duplicate-playbook-section": dict(
        setup=lambda ws: (ws.root / "state.md").write_text(
            state_text(ws) + "---\n## playbook\n```yaml\nactive: null\n```\n"),
        gate="open", needles=[("state_md.duplicate_section", {"section": "playbook"})], repair=None),
    "missing-playbook-section": dict(
        setup=lambda ws: (ws.root / "state.md").write_text(config_block(ws)),
        gate="closed", needles=["playbook-init"],
        repair=lambda ws: write(ws, "state.md", PLAYBOOK_BLOCK + "---\n" + config_block(ws))),
    "everything-missing": dict(
        setup=lambda ws: (ws.root / "state.md").write_text("# state\n\nnothing here\n"),
        gate="closed", needles=["playbook-init"],
        repair=lambda ws: write(ws, "state.md", PLAYBOOK_BLOCK)),
    "empty-file": dict(
        setup=lambda ws: (ws.root / "state.md").write_text(""),
        gate="closed", needles=["playbook-init"],
        repair=lambda ws: write(ws, "state.md", PLAYBOOK_BLOCK)),
    "heading-without-yaml-block": dict(
        setup=lambda ws: (ws.root / "state.md").write_text(
            "## playbook\nactive: play/p1/plan.json\n---\n" + config_block(ws)),
        gate="closed", needles=[("state_md.no_yaml_block", {"section": "playbook"})],
        repair=lambda ws: write(ws, "state.md", PLAYBOOK_BLOCK + "---\n" + config_block(ws))),
    "unclosed-fence-swallows-config": dict(
        setup=lambda ws: replace_state(ws, "last_archived: null\n```\n",
                                       "last_archived: null\n"),
        gate="closed", needles=[("state_md.yaml_broken", {"section": "playbook"})], repair="user"),
    "list-instead-of-mapping": dict(
        setup=lambda ws: (ws.root / "state.md").write_text(
            "## playbook\n```yaml\n- play/p1/plan.json\n```\n---\n" + config_block(ws)),
        gate="closed", needles=[("state_md.not_mapping", {"section": "playbook"})],
        repair=lambda ws: write(ws, "state.md", PLAYBOOK_BLOCK + "---\n" + config_block(ws))),
    "active-not-a-string": dict(
        setup=lambda ws: replace_state(ws, ACTIVE, "active: 5"),
        gate="closed", needles=[("state_md.active_not_path", {})],
        repair=lambda ws: edit(ws, "state.md", "active: 5", ACTIVE)),
    "active-a-list": dict(
        setup=lambda ws: replace_state(ws, ACTIVE, "active: [play/p1/plan.json]"),
        gate="closed", needles=[("state_md.active_not_path", {})],
        repair=lambda ws: edit(ws, "state.md", "active: [play/p1/plan.json]", ACTIVE)),
    "unknown-security-mode": dict(
        setup=lambda ws: replace_state(ws, "security: strict", "security: superuser"),
        gate="open", needles=[("state_md.bad_security", {})], repair=None),
    "alias-bomb": dict(
        setup=lambda ws: replace_state(ws, ACTIVE, ACTIVE + "\n" + _bomb()),
        gate="closed", needles=[("state_md.yaml_broken", {"section": "playbook"}), "aliases"],
        repair=lambda ws: edit(ws, "state.md", "\n" + _bomb(), "")),
    "recursive-alias": dict(
        setup=lambda ws: replace_state(ws, ACTIVE, ACTIVE + "\nloop: &l [*l]"),
        gate="closed", needles=[("state_md.yaml_broken", {"section": "playbook"}), "aliases"],
        repair=lambda ws: edit(ws, "state.md", "\nloop: &l [*l]", "")),
    "deep-nesting": dict(
        setup=lambda ws: replace_state(ws, ACTIVE, ACTIVE + "\ndeep: " + "[" * 3000
                                       + "]" * 3000),
        gate="closed", needles=["'playbook'"],
        repair=lambda ws: edit(ws, "state.md", "\ndeep: " + "[" * 3000 + "]" * 3000, "")),
    "timestamp-month-13": dict(
        setup=lambda ws: replace_state(ws, "last_start: null", "last_start: 2026-13-45"),
        gate="open", needles=["'session'", "month"], repair=None),
    "nul-byte-in-playbook": dict(
        setup=lambda ws: replace_state(ws, ACTIVE, ACTIVE + "\nnote: a\x00b"),
        gate="closed", needles=["'playbook'"],
        repair=lambda ws: edit(ws, "state.md", "\nnote: a\x00b", "")),
    "invalid-utf8": dict(
        setup=lambda ws: (ws.root / "state.md").write_bytes(
            state_text(ws).replace("name: null", "name: caf\xe9").encode("latin-1")),
        gate="open", needles=None, repair=None),
    "bom-and-crlf": dict(
        setup=lambda ws: (ws.root / "state.md").write_bytes(
            b"\xef\xbb\xbf" + state_text(ws).replace("\n", "\r\n").encode()),
        gate="open", needles=None, repair=None),
    "too-large": dict(
        setup=lambda ws: (ws.root / "state.md").write_text(
            state_text(ws) + "#" * (state_md.MAX_BYTES + 10)),
        gate="closed", needles=[("state_md.too_large", {})], repair="user"),
    "directory": dict(
        setup=lambda ws: ((ws.root / "state.md").unlink(), (ws.root / "state.md").mkdir()),
        gate="closed", needles=[("playbook.file_unreadable", {"label": "state.md"}), "Is a directory"], repair="user"),
    "fifo": dict(
        setup=lambda ws: ((ws.root / "state.md").unlink(), os.mkfifo(ws.root / "state.md")),
        gate="closed", needles=[("playbook.file_unreadable", {"label": "state.md"}), "FIFO"], repair="user"),
    "symlink-loop": dict(
        setup=lambda ws: ((ws.root / "state.md").unlink(),
                          os.symlink("state.md", ws.root / "state.md")),
        gate="closed", needles=[("playbook.file_unreadable", {"label": "state.md"})], repair="user"),
}


def _setup_state(ws, case):
    STATE_CASES[case]["setup"](ws)


@pytest.mark.parametrize("case", sorted(STATE_CASES))
def test_state_md_hostile_gate(ws, case):
    _setup_state(ws, case)
    spec = STATE_CASES[case]
    result = edit_code(ws)
    if spec["gate"] == "closed":
        assert result.blocked, result
        assert "state.md" in result.stderr or "playbook-init" in result.stderr, result
    else:
        assert not result.blocked, result


@pytest.mark.parametrize("case", sorted(STATE_CASES))
def test_state_md_hostile_is_named_at_session_start(ws, case):
    _setup_state(ws, case)
    needles = STATE_CASES[case]["needles"]
    context = session_context(ws)
    for needle in needles or ():
        assert _names(context, needle), (needle, context)


@pytest.mark.parametrize("case", sorted(STATE_CASES))
def test_state_md_hostile_has_a_way_out(ws, case):
    _setup_state(ws, case)
    repair = STATE_CASES[case]["repair"]
    if repair is None:
        return
    if repair == "user":
        # Only the user can repair it; the message says so. Trying to write
        # a fresh state.md is refused with that instruction.
        result = write(ws, "state.md", PLAYBOOK_BLOCK)
        assert result.blocked and keys_in(result.stderr, prefix="protected_edit.") & {
            "protected_edit.state_unreadable", "protected_edit.config_section"}, result
        return
    result = repair(ws)
    assert not result.blocked, result


@pytest.mark.parametrize("case", sorted(STATE_CASES))
def test_state_md_hostile_every_event(ws, case):
    _setup_state(ws, case)
    every_event(ws)


def test_duplicate_config_section_cannot_raise_the_security_mode(ws):
    """The first config section is the one read; a second one saying admin
    changes nothing (and Claude cannot add one, see protected-edit)."""
    _setup_state(ws, "duplicate-config-section-admin")
    ctx = ws.tool_ctx("Read", {"file_path": str(ws.root / "state.md")})
    assert ctx.security == "strict"
    result = write(ws, ".gitignore", "x\n")  # BLOCK level: refused in strict only
    assert result.blocked and "strict" in result.stderr, result


def test_alias_bomb_is_judged_even_when_written_by_an_edit(ws):
    """Writing the bomb into state.md is judged (it used to take minutes, so
    the hook timed out and the edit went through); how fast is the
    worst-case benchmark's case ``edit-state-alias-bomb``."""
    result = edit(ws, "state.md", ACTIVE, ACTIVE + "\n" + _bomb(40))
    assert result.code in (0, 2)


@pytest.mark.parametrize("size", [state_md.MAX_BYTES + 1, 4 * 1024 * 1024])
def test_oversized_state_md_write_is_refused(ws, size):
    """A Write of a huge state.md (which could hide a config change behind a
    hook timeout) is refused, naming the limit; how fast is the worst-case
    benchmark's case ``write-state``."""
    text = state_text(ws).replace("security: strict", "security: admin") + "#" * size
    result = write(ws, "state.md", text)
    assert result.blocked and says(result.stderr, "protected_edit.state_too_large"), result


def test_config_of_a_swallowed_section_cannot_be_rewritten(ws):
    """An unclosed fence hides the config section (the mode reads strict);
    closing it with security: admin is a config change and refused."""
    _setup_state(ws, "unclosed-fence-swallows-config")
    fixed = state_text(ws).replace("last_archived: null\n",
                                   "last_archived: null\n```\n").replace(
        "security: strict", "security: admin")
    result = write(ws, "state.md", fixed)
    assert result.blocked and says(result.stderr, "protected_edit.config_section",
                                   section="config"), result


def test_state_md_symlinked_outside_is_never_written_through(ws, outside):
    (ws.root / "state.md").unlink()
    os.symlink(outside / "secret.txt", ws.root / "state.md")
    every_event(ws)
    assert (outside / "secret.txt").read_text() == "do not touch\n"
    result = write(ws, "state.md", PLAYBOOK_BLOCK)
    assert result.blocked, result


# ================================================================== playbook files
def _plan(ws):
    return ws.root / "play" / "p1" / "plan.json"


def _progress(ws):
    return ws.root / "play" / "p1" / "progress.json"


def _json_edit(path, func):
    doc = json.loads(path.read_text())
    func(doc)
    path.write_text(json.dumps(doc))


PLAYBOOK_CASES = {
    # name: (file, setup(path), needles)
    "invalid-json": (lambda p: p.write_text('{"format_version": 2, "meta": '),
                     [("playbook.not_json", {})]),
    "not-an-object": (lambda p: p.write_text("[1, 2, 3]"), [("playbook.not_object", {})]),
    "unknown-format-version": (lambda p: _json_edit(p, lambda d: d.update(format_version=99)),
                               [("playbook.unknown_version", {"version": 99})]),
    "format-version-string": (lambda p: _json_edit(p, lambda d: d.update(format_version="3.0")),
                              [("playbook.unknown_version", {"version": "'3.0'"})]),
    "format-version-bool": (lambda p: _json_edit(p, lambda d: d.update(format_version=True)),
                            [("playbook.unknown_version", {"version": True})]),
    "ten-megabytes": (lambda p: p.write_text('{"format_version": 2, "pad": "'
                                             + "x" * (10 * 1024 * 1024) + '"}'),
                      [("playbook.file_too_large", {})]),
    "nested-too-deeply": (lambda p: p.write_text('{"format_version": 2, "x": ' + "[" * 100000
                                                 + "]" * 100000 + "}"),
                          [("playbook.too_deep", {})]),
    "utf8-bom": (lambda p: p.write_bytes(b"\xef\xbb\xbf" + p.read_bytes()), [("playbook.bom", {})]),
    "invalid-utf8": (lambda p: p.write_bytes(b'{"format_version": 2, "x": "\xff"}'),
                     [("playbook.not_utf8", {})]),
    "directory": (lambda p: (p.unlink(), p.mkdir()), [("playbook.file_is_dir", {})]),
    "fifo": (lambda p: (p.unlink(), os.mkfifo(p)), [("playbook.file_unreadable", {}), "FIFO"]),
    "symlink-loop": (lambda p: (p.unlink(), os.symlink(p.name, p)), [("playbook.file_unreadable", {})]),
    "missing": (lambda p: p.unlink(), [("playbook.file_missing", {})]),
}


@pytest.mark.parametrize("which", ["plan", "progress"])
@pytest.mark.parametrize("case", sorted(PLAYBOOK_CASES))
def test_unreadable_playbook_file_closes_the_gate_and_names_the_file(ws, case, which):
    path = _plan(ws) if which == "plan" else _progress(ws)
    setup, needles = PLAYBOOK_CASES[case]
    setup(path)
    rel = f"play/p1/{path.name}"
    result = edit_code(ws)
    assert result.blocked, result
    assert rel in result.stderr, result
    for needle in needles:
        assert _names(result.stderr, needle), (needle, result)
    stop = call(ws, "Stop", stop_hook_active=False)
    assert stop.json and stop.json.get("decision") == "block" and rel in stop.json["reason"]
    if case != "missing" or which == "progress":
        context = session_context(ws)
        assert rel in context and says(context, "session_start.problem"), context
    every_event(ws)


@pytest.mark.parametrize("which", ["plan", "progress"])
@pytest.mark.parametrize("case", sorted(set(PLAYBOOK_CASES) - {"directory", "fifo"}))
def test_unreadable_playbook_file_stays_writable(ws, case, which):
    """The way out: the broken file can be rewritten with the Write tool."""
    path = _plan(ws) if which == "plan" else _progress(ws)
    good = path.read_text()
    PLAYBOOK_CASES[case][0](path)
    if path.is_symlink():
        path.unlink()  # the Write tool replaces a looping link's target: remove it first
    result = write(ws, f"play/p1/{path.name}", good)
    assert not result.blocked, result


WRONG_TYPES = [
    ("plan", lambda d: d.update(phases="p1")),
    ("plan", lambda d: d.update(phases=[1, None, "x", {"id": 5}])),
    ("plan", lambda d: d.update(meta=[])),
    ("plan", lambda d: d["meta"].update(reviewed="true")),
    ("plan", lambda d: d.update(goal="x", max_iterations="5")),
    ("plan", lambda d: d["phases"][0].update(subtasks={"s1": {}})),
    ("plan", lambda d: d["phases"][0].update(depends_on="p0")),
    ("progress", lambda d: d.update(subtasks="s1")),
    ("progress", lambda d: d.update(subtasks={"s1": 5})),
    ("progress", lambda d: d.update(phases=[], active="p1")),
    ("progress", lambda d: d.update(subtasks={"s1": {"status": ["done"], "validations": "PASS",
                                                     "validated_by": 7}})),
    ("progress", lambda d: d.update(critic="PASS")),
    ("progress", lambda d: d.update(subtasks={"s1": {"status": "done", "validations": {
        "technical": {"status": "PASS", "evidence": [None, 3]}}}})),
]


@pytest.mark.parametrize("index", range(len(WRONG_TYPES)))
def test_wrong_types_never_crash_and_never_count_as_done(ws, index):
    which, mutate = WRONG_TYPES[index]
    _json_edit(_plan(ws) if which == "plan" else _progress(ws), mutate)
    every_event(ws)
    stop = call(ws, "Stop", stop_hook_active=False)
    # Nothing with a wrong type reads as a completed playbook.
    assert stop.json and stop.json.get("decision") == "block", stop
    result = edit_code(ws)
    if which == "plan" and index in (2, 3):
        assert result.blocked  # meta unreadable / reviewed not true: not reviewed


def test_a_done_with_wrong_typed_evidence_is_refused(ws):
    bad = {"format_version": 2, "active": {"phase": "p1", "subtask": "s1"},
           "phases": {"p1": {"status": "done"}},
           "subtasks": {"s1": {"status": "done", "validated_by": "critic",
                               "validated_at": "2026-01-01",
                               "validations": {k: {"status": "PASS", "evidence": [None, 3]}
                                               for k in ("technical", "consistency",
                                                         "completeness")}}},
           "critic": {"status": "PASS", "evidence": ["x"]}}
    result = write(ws, "play/p1/progress.json", json.dumps(bad))
    assert result.blocked, result
    assert says(result.stderr, "critic_guard.phase_without_critic", phase="p1",
                subtasks="s1"), result


# ================================================================== playbook.active
def _outside(value):
    return ("playbook.active_outside", {"value": repr(value)})


def _not_working(value):
    return ("playbook.active_not_working", {"value": repr(value)})


#: playbook.active as written in state.md → the refusal's key and fields
#: (``value`` as parsed from the YAML, ``repr`` as the message names it).
ACTIVE_VALUES = {
    "etc-passwd": ("/etc/passwd", _outside("/etc/passwd")),
    "dotdot": ("../../etc/passwd", _outside("../../etc/passwd")),
    "play-dotdot": ("play/../../etc/passwd", _outside("play/../../etc/passwd")),
    "home": ("~/plan.json", _not_working("~/plan.json")),
    "tmp": ("/tmp/x/plan.json", _outside("/tmp/x/plan.json")),
    "template": ("play/template/plan.json", _not_working("play/template/plan.json")),
    "archive": ("play/archive/old/plan.json", _not_working("play/archive/old/plan.json")),
    "progress-not-plan": ("play/p1/progress.json", _not_working("play/p1/progress.json")),
    "state-md": ("state.md", _not_working("state.md")),
    "root": (".", _outside(".")),
    "deep": ("play/p1/x/plan.json", _not_working("play/p1/x/plan.json")),
    "nul": ('"play/p1/plan.json\\0"', _outside("play/p1/plan.json\0")),
    "very-long": ("play/" + "a" * 5000 + "/plan.json", None),
    "missing-playbook": ("play/nope/plan.json",
                         ("playbook.file_missing", {"label": "play/nope/plan.json"})),
}


def _set_active(ws, value):
    replace_state(ws, ACTIVE, f"active: {value}")


@pytest.mark.parametrize("case", sorted(ACTIVE_VALUES))
def test_hostile_playbook_active(ws, case, outside):
    value, needle = ACTIVE_VALUES[case]
    _set_active(ws, value)
    result = edit_code(ws)
    assert result.blocked, result
    if needle:
        assert _names(result.stderr, needle), result
    # state.md stays writable: point playbook.active back at the playbook.
    fix = edit(ws, "state.md", f"active: {value}", ACTIVE)
    assert not fix.blocked, fix
    every_event(ws)


def test_playbook_active_through_a_symlink_out_of_the_project(ws, outside):
    """play/evil -> a directory outside: never read as a playbook, never
    archived into or out of."""
    (outside / "plan.json").write_text(json.dumps({"format_version": 2, "meta": {
        "reviewed": True, "reviewed_by": "reviewer"}, "context": {"x": 1}, "phases": []}))
    (outside / "progress.json").write_text(json.dumps({"format_version": 2, "critic": {
        "status": "PASS", "evidence": ["x"]}}))
    os.symlink(outside, ws.root / "play" / "evil")
    _set_active(ws, "play/evil/plan.json")
    result = edit_code(ws)
    assert result.blocked and _names(result.stderr, _outside("play/evil/plan.json")), result
    before = sorted(p.name for p in outside.iterdir())
    every_event(ws)
    call(ws, "PostToolUse", tool_name="Edit", tool_use_id="t", tool_response={},
         tool_input={"file_path": str(ws.root / "play/evil/progress.json"),
                     "old_string": "a", "new_string": "b"})
    assert sorted(p.name for p in outside.iterdir()) == before
    assert (outside / "secret.txt").read_text() == "do not touch\n"


def test_session_start_resets_an_outside_playbook_active_and_says_so(ws):
    _set_active(ws, "/etc/passwd")
    context = session_context(ws)
    reset = matches(context, "session_start.active_reset")
    assert len(reset) == 1, context
    assert _names(reset[0]["reason"], _outside("/etc/passwd")), context
    assert "active: null" in state_text(ws)


# ================================================================== protected-files.txt
def _protected(ws):
    return ws.root / ".claude" / "protected-files.txt"


BAD_LINES = {
    "unknown level": ("FOO:docs/x.md", "protected_list.unknown_level"),
    "empty pattern": ("BLOCK:", "protected_list.no_pattern"),
    "dotdot": ("HARD_BLOCK:../escape", "protected_list.dotdot"),
    "windows drive": ("C:\\windows\\x", "protected_list.windows_path"),
}


@pytest.mark.parametrize("name", sorted(BAD_LINES))
def test_bad_protected_lines_are_named_with_their_line_and_fix(ws, name):
    line, needle = BAD_LINES[name]
    text = _protected(ws).read_text()
    _protected(ws).write_text(text + "\n" + line + "\n")
    lineno = len((text + "\n").splitlines()) + 1
    context = session_context(ws)
    assert says(context, needle) and f"protected-files.txt:{lineno}" in context, context
    # the floor still holds
    assert write(ws, ".claude/settings.json", "{}").blocked


def test_unknown_level_is_kept_as_block_not_dropped(ws):
    _protected(ws).write_text("FOO:docs/x.md\n")
    result = write(ws, "docs/x.md", "x")
    assert result.blocked and "docs/x.md" in result.stderr, result


@pytest.mark.parametrize("prefix", [b"\xef\xbb\xbf", b""])
@pytest.mark.parametrize("newline", [b"\n", b"\r\n"])
def test_bom_and_crlf_keep_the_first_entry_hard_block(ws, prefix, newline):
    """A protection list saved by a Windows editor (BOM, CRLF) keeps its
    first entry's level: HARD_BLOCK stays blocked in trusted mode."""
    _protected(ws).write_bytes(prefix + b"HARD_BLOCK:secrets/**" + newline + b"WARN:x.txt"
                               + newline)
    replace_state(ws, "security: strict", "security: trusted")
    result = write(ws, "secrets/key.txt", "x")
    assert result.blocked and "HARD_BLOCK" in result.stderr, result
    assert not any("unknown level" in p for p in
                   ws.tool_ctx("Read", {"file_path": "x"}).protected.problems)


def test_nul_and_invalid_utf8_lines_do_not_hide_other_entries(ws):
    _protected(ws).write_bytes(b"BLOCK:a\x00b\nBLOCK:\xff\xfe\nHARD_BLOCK:keys/**\n")
    assert write(ws, "keys/id", "x").blocked


UNREADABLE_LISTS = {
    "directory": lambda p: (p.unlink(), p.mkdir()),
    "fifo": lambda p: (p.unlink(), os.mkfifo(p)),
    "symlink-loop": lambda p: (p.unlink(), os.symlink(p.name, p)),
    "too-large": lambda p: p.write_text("BLOCK:x\n" * 200000),
}


@pytest.mark.parametrize("case", sorted(UNREADABLE_LISTS))
def test_unreadable_protection_list_fails_closed_with_a_way_out(ws, case):
    UNREADABLE_LISTS[case](_protected(ws))
    context = session_context(ws)
    assert says(context, "protected_list.unreadable", file=".claude/protected-files.txt"), context
    result = edit_code(ws)
    assert result.blocked and "protected-files.txt" in result.stderr, result
    bash = call(ws, "PreToolUse", tool_name="Bash", tool_use_id="t",
                tool_input={"command": "echo x > notes.txt"})
    assert bash.blocked and "protected-files.txt" in bash.stderr, bash
    # the floor holds, and the unstuck files stay writable
    assert write(ws, ".claude/hooks/x.py", "x").blocked
    assert not write(ws, "play/p1/progress.json", _progress(ws).read_text()).blocked
    assert not write(ws, ".claude/session-state/note", "x").blocked
    assert not edit(ws, "state.md", "status: idle", "status: in_progress").blocked
    every_event(ws)


# ================================================================== markers, logs, caches
def _make(kind):
    def setup(path):
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.is_symlink() or path.is_file():
            path.unlink()
        elif path.is_dir():
            import shutil

            shutil.rmtree(path)
        if kind == "dir":
            path.mkdir()
            (path / "junk").write_text("x")
        elif kind == "fifo":
            os.mkfifo(path)
        elif kind == "loop":
            os.symlink(path.name, path)
        elif kind == "junk":
            path.write_bytes(b"\xff\x00{not json")
        elif kind == "huge":
            path.write_text("[" + "1," * 3_000_000 + "1]")
    return setup


MARKER_PATHS = [
    ".claude/.session-init/pending", ".claude/.session-init/required_playbook",
    ".claude/.session-init/consent", ".claude/session-state/post-loop-pending",
    ".claude/session-state/prompt-analyzer-called", ".claude/session-state/stop-guard.json",
    ".claude/session-state/resume.json", ".claude/session-state/archive-checkpoint.json",
    ".claude/session-state/last-fail-reason", ".claude/session-state/iteration-count",
    ".claude/.cache/state.md.json", ".claude/.locks/state.lock", ".claude/logs/errors.log",
    ".claude/logs/subagent-dispatch.log", ".claude/logs/notifications.log",
    ".claude/logs/permission.jsonl", ".claude/file-dependencies.json",
    ".claude/state/breezing-active.json", ".git/HEAD",
]


@pytest.mark.parametrize("kind", ["dir", "fifo", "loop", "junk"])
@pytest.mark.parametrize("rel", MARKER_PATHS)
def test_hostile_markers_logs_and_caches(ws, rel, kind):
    """No hang, no guard crash, the contract on every event, and the way
    out: after the session's reads (which clear init-guard's marker, whatever
    it has become), state.md and the playbook files are writable."""
    _make(kind)(ws.root / rel)
    every_event(ws)
    for required in ("state.md", "play/p1/plan.json"):
        read = call(ws, "PreToolUse", tool_name="Read", tool_use_id="t",
                    tool_input={"file_path": str(ws.root / required)})
        assert not read.blocked, read
    result = edit(ws, "state.md", "status: idle", "status: in_progress")
    assert not result.blocked, result
    result = write(ws, "play/p1/progress.json", _progress(ws).read_text())
    assert not result.blocked, result


def test_a_lock_that_cannot_be_taken_is_reported_not_swallowed(ws):
    """SessionStart's state writes need the state lock; when the lock file
    cannot be opened the answer says what was not recorded and why."""
    _make("dir")(ws.root / ".claude" / ".locks" / "state.lock")
    result = call(ws, "SessionStart", source="startup")
    assert says(result.context, "runtime.not_recorded"), result
    # A directory cannot be opened as the lock: LockUnavailable (waiting would
    # not help), not a busy LockTimeout.
    assert "state.lock" in result.context and "LockUnavailable" in result.context, result


# ================================================================== the installed hooks
@pytest.fixture(scope="module")
def suite(tmp_path_factory):
    repo = make_repo(tmp_path_factory.mktemp("hostile") / "repo")
    proc = install(repo)
    assert proc.returncode == 0, proc.stderr + proc.stdout
    return Installed(repo)


FIFO_SPOTS = ["state.md", ".claude/protected-files.txt", ".claude/.session-init/pending",
              ".claude/session-state/post-loop-pending", ".git/HEAD", "src/app.py",
              ".claude/logs/errors.log", ".claude/.cache/state.md.json",
              ".claude/permission-config.local.yaml", "scripts/run.sh"]


def _hook(suite, event, payload, timeout=30):
    data = json.dumps(payload).encode()
    env = dict(os.environ, CLAUDE_PROJECT_DIR=str(suite.root))
    env.pop("PLAYGATE_TRACE", None)
    tool = payload.get("tool_name", "")
    proc = subprocess.Popen(["sh", "-c", suite.command(event, tool)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                            cwd=str(suite.root), start_new_session=True)
    try:
        out, err = proc.communicate(data, timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        raise AssertionError(f"{event} hung with a FIFO in place") from None
    from conftest import claude_view

    return claude_view(event, proc.returncode, out.decode(errors="replace"),
                       err.decode(errors="replace"))


@pytest.mark.parametrize("spot", FIFO_SPOTS)
def test_installed_hooks_never_wait_on_a_fifo(suite, spot):
    path = suite.root / spot
    path.parent.mkdir(parents=True, exist_ok=True)
    saved = path.read_bytes() if path.is_file() else None
    if path.exists():
        path.unlink()
    os.mkfifo(path)
    try:
        root = str(suite.root)
        calls = [
            ("PreToolUse", suite.payload("PreToolUse", tool_name="Edit", tool_use_id="t",
                                         tool_input={"file_path": f"{root}/{spot}",
                                                     "old_string": "a", "new_string": "b"})),
            ("PreToolUse", suite.payload("PreToolUse", tool_name="Bash", tool_use_id="t",
                                         tool_input={"command": f"bash {spot}"})),
            ("PreToolUse", suite.payload("PreToolUse", tool_name="Read", tool_use_id="t",
                                         tool_input={"file_path": f"{root}/state.md"})),
            ("PermissionRequest", suite.payload("PermissionRequest", tool_name="Bash",
                                                tool_input={"command": f"bash {spot}"})),
            ("Stop", suite.payload("Stop", stop_hook_active=False)),
            ("SessionStart", suite.payload("SessionStart", source="startup")),
            ("UserPromptSubmit", suite.payload("UserPromptSubmit", prompt=f"fix {spot}")),
        ]
        for event, payload in calls:
            code, out, err = _hook(suite, event, payload)
            assert code in (0, 2) and "Traceback" not in out + err, (event, code, out, err)
            if event == "PreToolUse" and payload["tool_name"] != "Read":
                assert code == 2, (event, payload["tool_input"], out, err)
    finally:
        if os.path.lexists(path):  # SessionStart removes a stale post-loop-pending itself
            path.unlink()
        if saved is not None:
            path.write_bytes(saved)


def test_hook_processes_are_bounded_with_a_fifo_on_stdin(suite):
    """Claude Code closes stdin; a hook run by hand with a FIFO that nobody
    writes would wait — that is the caller's doing. With stdin closed after
    a partial write the hook answers at once (malformed input)."""
    script = suite.root / ".claude" / "hooks" / "pre_tool_use.py"
    proc = subprocess.run([sys.executable, str(script)], input=b'{"hook_event_name": "PreTo',
                          capture_output=True, timeout=30,
                          env=dict(os.environ, CLAUDE_PROJECT_DIR=str(suite.root)))
    from conftest import claude_view

    code, _out, err = claude_view("PreToolUse", proc.returncode, proc.stdout.decode(),
                                  proc.stderr.decode())
    assert code == 2 and "refused malformed" in err
