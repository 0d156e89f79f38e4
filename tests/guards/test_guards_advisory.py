"""The advisory Edit/Write guards: depends-check, check-file-dependencies and
scope-guard (SPEC §3 Edit/Write chain 5, 6, 11; seed 002 §4; seed 004 §1 [4])."""

from __future__ import annotations

import json

import pytest
from saying import says

from events.verdict import ALLOW, BLOCK, WARN
from guards import check_file_dependencies, depends_check, scope_guard

TWO_PHASES = [
    {"id": "p1", "name": "one", "depends_on": [], "subtasks": [{"id": "s1", "criterion": "a"}]},
    {"id": "p2", "name": "two", "depends_on": ["p1"],
     "subtasks": [{"id": "s2", "criterion": "b"}]},
]


def on_p2(ws, p1_status="in_progress", **kw):
    ws.marker(".claude/session-state/prompt-analyzer-called")
    ws.playbook(phases=TWO_PHASES, progress={
        "format_version": 2, "active": {"phase": "p2", "subtask": "s2"},
        "phases": {"p1": {"status": p1_status}}, "subtasks": {}}, **kw)
    return ws


def write_ctx(ws, rel, content="x\n", env=None):
    return ws.tool_ctx("Write", {"file_path": ws.abs(rel), "content": content}, env=env)


# ------------------------------------------------------------------ depends-check
def test_open_dependency_warns_and_the_warning_reaches_additional_context(ws):
    on_p2(ws)
    v = depends_check.check(write_ctx(ws, "src/app.py"))
    assert v.kind == WARN and v.key == "depends_check.warned", v
    assert says(v.message, "depends_check.open_deps", phase="p2", deps="p1 (in_progress)"), v
    r = ws.write("src/app.py")
    assert not r.blocked
    assert "[playgate:depends-check]" in r.context and "p1" in r.context
    assert json.loads(r.stdout)["hookSpecificOutput"]["hookEventName"] == "PreToolUse"


def test_done_dependency_is_quiet(ws):
    on_p2(ws, p1_status="done")
    assert depends_check.check(write_ctx(ws, "src/app.py")).kind == ALLOW
    assert ws.write("src/app.py").stdout == ""


def test_string_status_form_is_read(ws):
    on_p2(ws)
    progress = ws.root / "play" / "p1" / "progress.json"
    doc = json.loads(progress.read_text())
    doc["phases"]["p1"] = "done"
    progress.write_text(json.dumps(doc))
    assert depends_check.check(write_ctx(ws, "src/app.py")).kind == ALLOW


def test_strict_mode_blocks(ws):
    on_p2(ws)
    v = depends_check.check(write_ctx(ws, "src/app.py", env={"STRICT_MODE": "true"}))
    assert v.kind == BLOCK and v.key == "depends_check.blocked", v
    assert says(v.message, "depends_check.blocked", why="STRICT_MODE=true"), v
    r = ws.pre("Write", {"file_path": ws.abs("src/app.py"), "content": "x"},
               env={"STRICT_MODE": "true"})
    assert r.blocked and r.guard == "depends-check"


def test_config_strict_depends_blocks(ws):
    on_p2(ws)
    path = ws.root / "state.md"
    path.write_text(path.read_text().replace("strict_depends: false", "strict_depends: true"))
    v = depends_check.check(write_ctx(ws, "src/app.py"))
    assert v.kind == BLOCK and says(v.message, "depends_check.blocked",
                                    why="state.md config.strict_depends: true"), v


@pytest.mark.parametrize("rel", ["state.md", "play/p1/progress.json", "play/p1/plan.json",
                                 ".claude/session-state/x"])
def test_status_files_are_exempt(ws, rel):
    on_p2(ws)
    assert depends_check.check(write_ctx(ws, rel, "{}")).kind == ALLOW


def test_current_phase_falls_back_to_state_md_then_first_open_phase(ws):
    on_p2(ws)
    progress = ws.root / "play" / "p1" / "progress.json"
    progress.write_text(json.dumps({"phases": {"p1": {"status": "pending"}}}))
    # first phase not done is p1, which has no dependencies
    assert depends_check.check(write_ctx(ws, "src/app.py")).kind == ALLOW
    ws.set_state("playbook", current_phase="p2")
    assert depends_check.check(write_ctx(ws, "src/app.py")).kind == WARN


def test_no_playbook_or_unknown_phase_is_quiet(ws):
    assert depends_check.check(write_ctx(ws, "src/app.py")).kind == ALLOW
    on_p2(ws)
    progress = ws.root / "play" / "p1" / "progress.json"
    progress.write_text(json.dumps({"active": {"phase": "nope"},
                                    "phases": {"p1": "done", "p2": "done"}}))
    assert depends_check.check(write_ctx(ws, "src/app.py")).kind == ALLOW


# ------------------------------------------------------------------ check-file-dependencies
def deps(ws, mapping):
    ws.marker(".claude/file-dependencies.json", json.dumps(mapping))


def test_dependents_are_listed(ws):
    ws.ready()
    deps(ws, {"src/app.py": ["tests/test_app.py", "docs/app.md"], "src/*.py": ["README.md"],
              "lib/**": ["x"]})
    v = check_file_dependencies.check(write_ctx(ws, "src/app.py"))
    assert v.kind == WARN
    for name in ("tests/test_app.py", "docs/app.md", "README.md"):
        assert name in v.message
    assert "x" not in v.message.split(":", 1)[1].replace("Check", "")
    r = ws.write("src/app.py")
    assert "[playgate:check-file-dependencies]" in r.context


@pytest.mark.parametrize("content", [None, "not json", "[]", '{"src/app.py": "README.md"}',
                                     '{"other.py": ["a"]}'])
def test_no_or_unusable_map_is_quiet(ws, content):
    ws.ready()
    if content is not None:
        ws.marker(".claude/file-dependencies.json", content)
    assert check_file_dependencies.check(write_ctx(ws, "src/app.py")).kind == ALLOW


def test_a_file_is_not_its_own_dependent_and_list_is_capped(ws):
    ws.ready()
    deps(ws, {"src/app.py": ["src/app.py"] + [f"f{i}" for i in range(30)]})
    v = check_file_dependencies.check(write_ctx(ws, "src/app.py"))
    assert "src/app.py," not in v.message and "f19" in v.message and "f25" not in v.message
    assert "..." in v.message


# ------------------------------------------------------------------ scope-guard
SCOPE = {"includes": ["src/**", "tests/*.py"], "excludes": ["src/vendor/**"]}


@pytest.fixture
def scoped(ws):
    ws.marker(".claude/session-state/prompt-analyzer-called")
    ws.playbook(scope=SCOPE, done_when=["tests pass"])
    return ws


@pytest.mark.parametrize("rel", ["src/app.py", "src/a/b.py", "tests/test_x.py",
                                 "play/p1/progress.json", "play/other/plan.json",
                                 "play/x/project.json"])
def test_in_scope_is_quiet(scoped, rel):
    assert scope_guard.check(write_ctx(scoped, rel, "{}")).kind == ALLOW


def test_state_md_is_never_out_of_scope(scoped):
    v = scope_guard.check(scoped.tool_ctx("Edit", {"file_path": scoped.abs("state.md"),
                                                   "old_string": "milestone: null",
                                                   "new_string": "milestone: m1"}))
    assert v.kind == ALLOW


@pytest.mark.parametrize("rel,why", [("docs/x.md", "scope_guard.not_included"),
                                     ("tests/a/test_x.py", "scope_guard.not_included"),
                                     ("src/vendor/lib.py", "scope_guard.excluded")])
def test_out_of_scope_warns(scoped, rel, why):
    v = scope_guard.check(write_ctx(scoped, rel))
    assert v.kind == WARN and v.key == "scope_guard.out_of_scope", v
    assert says(v.message, why, path=rel), v
    r = scoped.write(rel)
    assert not r.blocked and "[playgate:scope-guard]" in r.context


def test_outside_the_project_is_out_of_scope(scoped, tmp_path):
    v = scope_guard.check(write_ctx(scoped, str(tmp_path / "elsewhere.txt")))
    assert v.kind == WARN and v.key == "scope_guard.out_of_scope", v
    assert says(v.message, "scope_guard.outside_project", path=str(tmp_path / "elsewhere.txt")), v


def test_out_of_scope_blocks_under_strict_mode(scoped):
    v = scope_guard.check(write_ctx(scoped, "docs/x.md", env={"STRICT_MODE": "1"}))
    assert v.kind == BLOCK


def test_no_scope_means_no_scope_check(ws):
    ws.ready()
    assert scope_guard.check(write_ctx(ws, "anything/at/all.txt")).kind == ALLOW


def test_changing_done_when_warns(scoped):
    plan = scoped.root / "play" / "p1" / "plan.json"
    doc = json.loads(plan.read_text())
    doc["goal"]["done_when"] = ["anything"]
    v = scope_guard.check(write_ctx(scoped, "play/p1/plan.json", json.dumps(doc)))
    assert v.kind == WARN and "goal.done_when" in v.message
    # same criteria, other change: quiet
    doc["goal"]["done_when"] = ["tests pass"]
    doc["meta"]["status"] = "active"
    assert scope_guard.check(write_ctx(scoped, "play/p1/plan.json", json.dumps(doc))).kind \
        == ALLOW


def test_changing_state_done_criteria_warns_and_blocks_under_strict(scoped):
    r = scoped.edit("state.md", "done_criteria: []", "done_criteria: [easier]")
    assert not r.blocked and "done_criteria" in r.context
    r = scoped.pre("Edit", {"file_path": scoped.abs("state.md"), "old_string": "done_criteria: []",
                            "new_string": "done_criteria: [easier]"}, env={"STRICT_MODE": "true"})
    assert r.blocked and r.guard == "scope-guard"


def test_advisory_guards_crashing_do_not_block(ws, monkeypatch):
    on_p2(ws)

    def boom(ctx):
        raise RuntimeError("bug")

    monkeypatch.setattr(depends_check, "check", boom)
    monkeypatch.setattr(scope_guard, "check", boom)
    r = ws.write("src/app.py")
    assert not r.blocked, r
    log = (ws.root / ".claude" / "logs" / "errors.log").read_text()
    assert "depends-check" in log and "RuntimeError: bug" in log
