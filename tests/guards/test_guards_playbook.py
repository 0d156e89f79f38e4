"""playbook-guard (SPEC §3 Edit/Write chain 4; seed 002 §4, §11.6; seed 004 §6.3)."""

from __future__ import annotations

import json
import os

import pytest
from saying import matches, says

import messages

from events.verdict import ALLOW, BLOCK, WARN
from guards import playbook_guard

MARKER = ".claude/session-state/prompt-analyzer-called"
PLAN = "play/p1/plan.json"


def check(ws, rel, content="x\n", **extra):
    return playbook_guard.check(ws.tool_ctx("Write", {"file_path": ws.abs(rel),
                                                      "content": content}, **extra))


@pytest.fixture
def analysed(ws):
    ws.marker(MARKER)
    return ws


def test_no_active_playbook_blocks_and_points_to_playbook_init(analysed):
    r = analysed.edit("src/app.py")
    assert r.blocked and r.guard == "playbook-guard", r
    assert "playbook-init" in r.stderr


@pytest.mark.parametrize("rel", [
    "state.md", "play/new/plan.json", "play/new/progress.json", "play/new/project.json",
    "play/a/b/project.json", ".claude/session-state/iteration-count",
])
def test_playbook_files_and_state_stay_writable_without_a_playbook(analysed, rel):
    content = "{}" if rel.endswith(".json") else "x"
    assert check(analysed, rel, content).kind == ALLOW
    if rel != "state.md":
        assert not analysed.write(rel, content).blocked


@pytest.mark.parametrize("rel", ["play/archive/p0/plan.json", "play/template/plan.json",
                                 "play/new/notes.md", "play/x/y/plan.json", "plan.json"])
def test_copies_and_other_files_under_play_are_not_playbook_files(analysed, rel):
    assert check(analysed, rel, "{}").kind == BLOCK


def test_unreviewed_playbook_blocks_and_asks_for_the_reviewer(analysed):
    analysed.playbook(reviewed=False)
    r = analysed.edit("src/app.py")
    assert r.blocked and r.guard == "playbook-guard"
    assert says(r.stderr, "playbook_guard.not_reviewed", plan=PLAN), r.stderr


@pytest.mark.parametrize("value", ["true", 1, "yes", None])
def test_reviewed_must_be_the_boolean_true(analysed, value):
    analysed.playbook(reviewed=value)
    assert check(analysed, "src/app.py").kind == BLOCK


def test_missing_context_blocks(analysed):
    analysed.playbook(context=False)
    r = analysed.edit("src/app.py")
    assert r.blocked and says(r.stderr, "playbook_guard.no_context", plan=PLAN), r.stderr


def test_reviewed_playbook_allows(analysed):
    analysed.playbook()
    assert check(analysed, "src/app.py").kind == ALLOW
    assert not analysed.edit("src/app.py").blocked


@pytest.mark.parametrize("reviewer", ["", "self", "claude", "pm", "Claude"])
def test_self_or_empty_reviewer_warns(analysed, reviewer):
    analysed.playbook(reviewed_by=reviewer)
    v = check(analysed, "src/app.py")
    assert v.kind == WARN and "reviewed_by" in v.message
    r = analysed.edit("src/app.py")
    assert not r.blocked and "reviewed_by" in r.context


def test_active_path_outside_the_project_blocks_with_the_fix(analysed):
    analysed.set_state("playbook", active="/etc/passwd")
    r = analysed.edit("src/app.py")
    outside = messages.text(messages.DEFAULT, "playbook.active_outside",
                            value=repr("/etc/passwd"))
    assert r.blocked and says(r.stderr, "playbook_guard.playbook_error", error=outside), r.stderr


@pytest.mark.parametrize("active", ["play/archive/p0/plan.json", "play/template/plan.json",
                                    "src/app.py", "../x/plan.json"])
def test_active_must_name_a_working_playbook(analysed, active):
    analysed.set_state("playbook", active=active)
    assert check(analysed, "src/app.py").kind == BLOCK


def test_active_directory_reads_as_its_plan(analysed):
    analysed.playbook()
    analysed.set_state("playbook", active="play/p1")
    assert check(analysed, "src/app.py").kind == ALLOW


def test_active_symlink_out_of_the_project_is_refused(analysed, tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "plan.json").write_text(json.dumps({"meta": {"id": "x", "reviewed": True},
                                                   "context": {"a": 1}}))
    (analysed.root / "play").mkdir(exist_ok=True)
    os.symlink(outside, analysed.root / "play" / "ext")
    analysed.set_state("playbook", active="play/ext/plan.json")
    assert check(analysed, "src/app.py").kind == BLOCK


def plan_error(stderr, key, **fields) -> bool:
    """``stderr`` says the active plan cannot be read, for the reason ``key``
    naming the plan (and ``fields``)."""
    found = matches(stderr, "playbook_guard.plan_error")
    return len(found) == 1 and says(found[0]["error"], key, label=PLAN, **fields)


@pytest.mark.parametrize("content,key,fields", [
    ("{not json", "playbook.not_json", {}),
    ("[]", "playbook.not_object", {"type": "list"}),
    ('{"format_version": 99}', "playbook.unknown_version", {"version": 99}),
    ("", "playbook.not_json", {}),
])
def test_unreadable_plan_blocks_and_stays_fixable(analysed, content, key, fields):
    plan = analysed.playbook()
    plan.write_text(content)
    r = analysed.edit("src/app.py")
    assert r.blocked and plan_error(r.stderr, key, **fields), r
    # the plan itself stays writable so it can be repaired
    assert check(analysed, "play/p1/plan.json", "{}").kind == ALLOW


def test_missing_plan_blocks(analysed):
    analysed.playbook().unlink()
    r = analysed.edit("src/app.py")
    assert r.blocked and plan_error(r.stderr, "playbook.file_missing"), r


# ------------------------------------------------------------------ marking reviewed
def test_marking_reviewed_outside_the_reviewer_warns(analysed):
    plan = analysed.playbook(reviewed=False)
    doc = json.loads(plan.read_text())
    doc["meta"]["reviewed"] = True
    v = check(analysed, "play/p1/plan.json", json.dumps(doc))
    assert v.kind == WARN and "reviewer" in v.message
    v = check(analysed, "play/p1/plan.json", json.dumps(doc), agent_type="reviewer",
              agent_id="a1")
    assert v.kind == ALLOW
    # the edit itself is not blocked: the reviewer has no edit tools (seed 002 §7)
    r = analysed.pre("Edit", {"file_path": analysed.abs("play/p1/plan.json"),
                              "old_string": '"reviewed": false', "new_string": '"reviewed": true'})
    assert not r.blocked, r
    assert "reviewer" in r.context


def test_state_problems_are_named_when_no_playbook_is_seen(analysed):
    path = analysed.root / "state.md"
    path.write_text(path.read_text().replace("active: null", "active: [broken"))
    r = analysed.edit("src/app.py")
    assert r.blocked and says(r.stderr, "playbook_guard.no_playbook"), r
    assert says(r.stderr, "shared.state_problems") or says(r.stderr, "shared.state_problems_more")
    assert says(r.stderr, "state_md.yaml_broken", section="playbook"), r.stderr


def test_playbook_name_symlinked_to_code_is_judged_as_the_code(analysed):
    """Allow-lists compare the real location: play/x/plan.json -> src/app.py is
    an edit of src/app.py."""
    analysed.playbook(reviewed=False)
    (analysed.root / "play" / "x").mkdir()
    os.symlink(analysed.root / "src" / "app.py", analysed.root / "play" / "x" / "plan.json")
    r = analysed.write("play/x/plan.json", "{}")
    assert r.blocked and r.guard == "playbook-guard", r
    assert says(r.stderr, "playbook_guard.not_reviewed", plan=PLAN), r.stderr


def test_symlink_to_the_playbook_is_the_playbook(analysed):
    analysed.playbook(reviewed=False)
    os.symlink(analysed.root / "play" / "p1" / "progress.json", analysed.root / "progress.json")
    assert not analysed.write("progress.json", "{}").blocked


@pytest.mark.parametrize("spelled", ["play/p1/../p1/progress.json", "./play//p1/progress.json",
                                     "play/p1/progress.json/"])
def test_spellings_of_the_playbook_files_are_the_playbook_files(analysed, spelled):
    analysed.playbook(reviewed=False)
    assert check(analysed, spelled, "{}").kind == ALLOW


@pytest.mark.parametrize("spelled", ["play/p1/PROGRESS.json", "play/p1/progress.json.",
                                     "play\\p1\\progress.json"])
def test_other_spellings_are_other_files_on_this_file_system(analysed, spelled):
    analysed.playbook(reviewed=False)
    assert check(analysed, spelled, "{}").kind == BLOCK
