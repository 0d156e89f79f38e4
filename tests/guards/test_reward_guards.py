"""critic-guard, subtask-guard and phase-status-guard (SPEC §3 Edit/Write chain 8-10).

Every edit tool, every path spelling, every playbook under play/: a done
status without the critic's evidence never reaches the disk. Run in-process
through ``events.runtime.evaluate`` (the installed entrypoints run the same
code; test_stop.py and test_reward_stateful.py go through them too).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
import reward_kit as K
from saying import says


@pytest.fixture
def rr(tmp_path) -> Path:
    return K.make_reward_repo(tmp_path / "repo")


def fraud_progress(root, rel=K.PROGRESS, sid="p1.1") -> dict:
    doc = K.read_json(root, rel)
    doc["subtasks"][sid]["status"] = "done"
    return doc


def legit_progress(root, rel=K.PROGRESS, sid="p1.1") -> dict:
    doc = K.read_json(root, rel)
    doc["subtasks"][sid] = K.evidenced(doc["subtasks"][sid])
    return doc


# --------------------------------------------------------------------------- tools


def _edit_inputs(path: str, root: Path, rel: str) -> dict:
    """Each edit tool's way of turning p1.1 done without evidence."""
    text = (root / rel).read_text()
    marker = '"p1.1": {\n      "status": "pending"'
    assert text.count(marker) == 1
    return {
        "Write": {"file_path": path, "content": K.dump(fraud_progress(root, rel))},
        "Edit": {"file_path": path, "old_string": marker,
                 "new_string": marker.replace("pending", "done")},
        "Edit(replace_all)": {"file_path": path, "old_string": '"status": "pending"',
                              "new_string": '"status": "done"', "replace_all": True},
        "MultiEdit": {"file_path": path, "edits": [
            {"old_string": '"notes": ""', "new_string": '"notes": "working"',
             "replace_all": True},
            {"old_string": marker, "new_string": marker.replace("pending", "done")}]},
    }


TOOLS = ("Write", "Edit", "Edit(replace_all)", "MultiEdit")


@pytest.mark.parametrize("tool_name", TOOLS)
def test_each_edit_tool_cannot_set_done_without_evidence(rr, tool_name):
    ti = _edit_inputs(str(rr / K.PROGRESS), rr, K.PROGRESS)[tool_name]
    result = K.tool(rr, tool_name.split("(")[0], ti)
    assert result.blocked, result
    assert result.guard in ("critic-guard", "subtask-guard"), result
    assert "p1.1" in result.text


def test_notebookedit_on_progress_json_is_blocked(rr):
    result = K.tool(rr, "NotebookEdit", {"notebook_path": str(rr / K.PROGRESS),
                                         "new_source": '{"subtasks": {}}', "cell_id": "0"})
    assert result.blocked and result.guard == "critic-guard", result
    assert says(result.text, "reward.uncomputable", tool="NotebookEdit",
                label="play/demo/progress.json"), result


def test_edit_that_would_not_apply_on_reward_file_is_blocked(rr):
    """Claude Code may normalise an old_string we consider absent; a reward
    file is only written by calls whose result can be judged."""
    result = K.tool(rr, "Edit", {"file_path": str(rr / K.PROGRESS),
                                 "old_string": "“status”: “pending”", "new_string": "x"})
    assert result.blocked, result


# --------------------------------------------------------------------------- path spellings


def _spellings(root: Path) -> dict:
    """name -> (file_path, cwd). Links are created here."""
    (root / "links").mkdir(exist_ok=True)
    link = root / "links" / "p.json"
    if not link.exists():
        os.symlink("../play/demo/progress.json", link)
    alias = root / "alias"
    if not alias.exists():
        os.symlink("play/demo", alias)
    hard = root / "hard.json"
    if not hard.exists():
        os.link(root / K.PROGRESS, hard)
    r = str(root)
    return {
        "absolute": (f"{r}/play/demo/progress.json", r),
        "relative": ("play/demo/progress.json", r),
        "dot-slash": ("./play/demo/progress.json", r),
        "dot-dot": ("play/demo/../demo/progress.json", r),
        "double-slash": ("play//demo//progress.json", r),
        "absolute-double-slash": (f"{r}//play//demo/progress.json", r),
        "from-subdir": ("../play/demo/progress.json", f"{r}/src"),
        "symlink-file": (f"{r}/links/p.json", r),
        "symlink-dir": ("alias/progress.json", r),
        "hard-link": (f"{r}/hard.json", r),
    }


SPELLINGS = ("absolute", "relative", "dot-slash", "dot-dot", "double-slash",
             "absolute-double-slash", "from-subdir", "symlink-file", "symlink-dir", "hard-link")


@pytest.mark.parametrize("spelling", SPELLINGS)
@pytest.mark.parametrize("tool_name", TOOLS)
def test_every_path_spelling_is_guarded(rr, spelling, tool_name):
    path, cwd = _spellings(rr)[spelling]
    ti = _edit_inputs(path, rr, K.PROGRESS)[tool_name]
    result = K.tool(rr, tool_name.split("(")[0], ti, cwd=cwd)
    assert result.blocked, (spelling, result)
    assert result.guard in ("critic-guard", "subtask-guard"), result


@pytest.mark.parametrize("spelling", SPELLINGS)
def test_legitimate_done_passes_by_every_spelling(rr, spelling):
    path, cwd = _spellings(rr)[spelling]
    K.critic_says(rr, "CRITIC: PASS p1.1")
    result = K.tool(rr, "Write", {"file_path": path, "content": K.dump(legit_progress(rr))},
                    cwd=cwd)
    assert not result.blocked, (spelling, result)
    assert "critic ledger" not in result.text


@pytest.mark.parametrize("path", ["Play/demo/Progress.json", "play\\demo\\progress.json",
                                  "PLAY/DEMO/PROGRESS.JSON"])
def test_case_and_backslash_variants_are_judged_as_progress(rr, path):
    """On a case-insensitive file system (or Windows) these alias the real file."""
    result = K.tool(rr, "Write", {"file_path": path, "content": K.dump(fraud_progress(rr))})
    assert result.blocked, result


def test_side_playbook_is_guarded_too(rr):
    """A playbook completed on the side could otherwise be switched in."""
    result = K.tool(rr, "Write", {"file_path": str(rr / K.SIDE_PROGRESS),
                                  "content": K.dump(fraud_progress(rr, K.SIDE_PROGRESS))})
    assert result.blocked and result.guard == "critic-guard", result


def test_new_playbook_created_with_done_statuses_is_blocked(rr):
    doc = K.progress_doc()
    doc["subtasks"]["p1.1"]["status"] = "done"
    result = K.tool(rr, "Write", {"file_path": str(rr / "play/new/progress.json"),
                                  "content": K.dump(doc)})
    assert result.blocked, result


def test_archive_and_template_copies_are_exempt_by_real_location(rr):
    (rr / "play/archive/old").mkdir(parents=True)
    for rel in ("play/archive/old/progress.json", "play/template/progress.json"):
        doc = K.progress_doc()
        doc["subtasks"]["p1.1"]["status"] = "done"
        result = K.tool(rr, "Write", {"file_path": str(rr / rel), "content": K.dump(doc)})
        assert not result.blocked, (rel, result)


def test_archive_path_that_is_a_symlink_to_a_working_playbook_is_guarded(rr):
    (rr / "play/archive/demo").mkdir(parents=True)
    os.symlink(rr / K.PROGRESS, rr / "play/archive/demo/progress.json")
    result = K.tool(rr, "Write", {"file_path": str(rr / "play/archive/demo/progress.json"),
                                  "content": K.dump(fraud_progress(rr))})
    assert result.blocked, result


def test_working_playbook_file_that_points_into_the_archive_is_guarded(rr):
    """play/demo/progress.json → play/archive/demo/progress.json: the active
    playbook reads the archive file, so both names are guarded."""
    (rr / "play/archive/demo").mkdir(parents=True)
    real = rr / "play/archive/demo/progress.json"
    real.write_text((rr / K.PROGRESS).read_text())
    (rr / K.PROGRESS).unlink()
    os.symlink(real, rr / K.PROGRESS)
    for path in (str(rr / K.PROGRESS), str(real)):
        result = K.tool(rr, "Write", {"file_path": path, "content": K.dump(fraud_progress(rr))})
        assert result.blocked, (path, result)


# --------------------------------------------------------------------------- subtask-guard


@pytest.mark.parametrize("missing", ["technical", "consistency", "completeness"])
@pytest.mark.parametrize("how", ["FAIL", "PENDING", "no-evidence", "blank-evidence", "absent"])
def test_each_missing_validation_blocks(rr, missing, how):
    doc = legit_progress(rr)
    v = doc["subtasks"]["p1.1"]["validations"]
    if how == "absent":
        del v[missing]
    elif how == "no-evidence":
        v[missing]["evidence"] = []
    elif how == "blank-evidence":
        v[missing]["evidence"] = ["  "]
    else:
        v[missing]["status"] = how
    result = K.tool(rr, "Write", {"file_path": str(rr / K.PROGRESS), "content": K.dump(doc)})
    assert result.blocked and result.guard == "subtask-guard", result
    assert missing in result.text


@pytest.mark.parametrize("field,value", [("validated_by", "claude"), ("validated_by", None),
                                         ("validated_by", "Critic "), ("validated_at", ""),
                                         ("validated_at", None)])
def test_critic_fields_are_required(rr, field, value):
    doc = legit_progress(rr)
    doc["subtasks"]["p1.1"][field] = value
    result = K.tool(rr, "Write", {"file_path": str(rr / K.PROGRESS), "content": K.dump(doc)})
    assert result.blocked and result.guard == "critic-guard", result
    assert field in result.text
    reason = (rr / ".claude/session-state/last-fail-reason").read_text()
    assert "critic-guard" in reason and "p1.1" in reason


@pytest.mark.parametrize("status", ["done", "Done", " DONE ", "done\n"])
def test_status_spellings_and_string_form(rr, status):
    doc = K.read_json(rr, K.PROGRESS)
    doc["subtasks"]["p1.1"] = status
    result = K.tool(rr, "Write", {"file_path": str(rr / K.PROGRESS), "content": K.dump(doc)})
    assert result.blocked, result


def test_string_form_validations_are_not_evidence(rr):
    doc = legit_progress(rr)
    doc["subtasks"]["p1.1"]["validations"] = {k: "PASS" for k in
                                              ("technical", "consistency", "completeness")}
    result = K.tool(rr, "Write", {"file_path": str(rr / K.PROGRESS), "content": K.dump(doc)})
    assert result.blocked and says(result.text, "subtask_guard.no_evidence",
                                   label="play/demo/progress.json"), result
    for kind in ("technical", "consistency", "completeness"):
        assert says(result.text, "reward.gap_evidence", kind=kind), result


def test_stripping_evidence_from_a_done_subtask_is_blocked(rr):
    (rr / K.PROGRESS).write_text(K.dump(legit_progress(rr)))
    doc = K.read_json(rr, K.PROGRESS)
    doc["subtasks"]["p1.1"]["validations"]["technical"]["evidence"] = []
    result = K.tool(rr, "Write", {"file_path": str(rr / K.PROGRESS), "content": K.dump(doc)})
    assert result.blocked and result.guard == "subtask-guard", result


@pytest.mark.parametrize("content", ["", "{", "[]", '{"format_version": 99}', "\ufeff{}",
                                     '{"subtasks": []}', '{"subtasks": {"p1.1": 3}}',
                                     '{"phases": "done"}'])
def test_unparseable_result_blocks(rr, content):
    result = K.tool(rr, "Write", {"file_path": str(rr / K.PROGRESS), "content": content})
    assert result.blocked, result


def test_unparseable_state_on_disk_can_be_repaired(rr):
    """Deadlock rule: a broken progress.json stays writable by a valid Write."""
    (rr / K.PROGRESS).write_text("{ broken")
    result = K.tool(rr, "Write", {"file_path": str(rr / K.PROGRESS),
                                  "content": K.dump(K.progress_doc())})
    assert not result.blocked, result


def test_preexisting_violation_does_not_block_other_edits(rr):
    doc = K.read_json(rr, K.PROGRESS)
    doc["subtasks"]["p1.1"]["status"] = "done"          # slipped in from outside
    (rr / K.PROGRESS).write_text(K.dump(doc))
    doc["subtasks"]["p1.2"]["notes"] = "started"
    result = K.tool(rr, "Write", {"file_path": str(rr / K.PROGRESS), "content": K.dump(doc)})
    assert not result.blocked, result
    assert "p1.1" in result.text                         # but it is reported
    doc["subtasks"]["p1.1"]["status"] = "in_progress"   # and the repair passes
    result = K.tool(rr, "Write", {"file_path": str(rr / K.PROGRESS), "content": K.dump(doc)})
    assert not result.blocked, result


def test_copying_evidence_to_another_subtask_is_caught_by_the_ledger(rr, tmp_path):
    """The SPEC's field check cannot tell copied evidence; the ledger can. A
    recorded critic run is required by default; a human's
    ``config.require_critic_run: false`` loosens it to a warning."""
    K.critic_says(rr, "CRITIC: PASS p1.1")
    doc = legit_progress(rr)
    doc["subtasks"]["p1.2"] = json.loads(json.dumps(doc["subtasks"]["p1.1"]))
    result = K.tool(rr, "Write", {"file_path": str(rr / K.PROGRESS), "content": K.dump(doc)})
    assert result.blocked and result.guard == "subtask-guard", result
    assert says(result.text, "subtask_guard.no_ledger_pass_one", subtasks="p1.2",
                ledger=".claude/logs/critic-ledger.jsonl"), result
    assert says(result.text, "subtask_guard.require_critic_run"), result
    loose = K.make_reward_repo(tmp_path / "loose", config_extra="require_critic_run: false\n")
    K.critic_says(loose, "CRITIC: PASS p1.1")
    doc = legit_progress(loose)
    doc["subtasks"]["p1.2"] = json.loads(json.dumps(doc["subtasks"]["p1.1"]))
    result = K.tool(loose, "Write", {"file_path": str(loose / K.PROGRESS),
                                     "content": K.dump(doc)})
    assert not result.blocked, result
    assert says(result.text, "subtask_guard.no_ledger_pass_one", subtasks="p1.2"), result
    assert not says(result.text, "subtask_guard.require_critic_run"), result


def test_require_critic_run_blocks_without_ledger_pass(tmp_path):
    rr = K.make_reward_repo(tmp_path / "r", config_extra="require_critic_run: true\n")
    result = K.tool(rr, "Write", {"file_path": str(rr / K.PROGRESS),
                                  "content": K.dump(legit_progress(rr))})
    assert result.blocked and result.guard == "subtask-guard", result
    K.critic_says(rr, "CRITIC: FAIL p1.1 - tests fail")
    result = K.tool(rr, "Write", {"file_path": str(rr / K.PROGRESS),
                                  "content": K.dump(legit_progress(rr))})
    assert result.blocked and "FAIL" in result.text, result
    K.critic_says(rr, "CRITIC: PASS p1.1")
    result = K.tool(rr, "Write", {"file_path": str(rr / K.PROGRESS),
                                  "content": K.dump(legit_progress(rr))})
    assert not result.blocked, result


def test_ledger_of_another_playbook_does_not_count(tmp_path):
    rr = K.make_reward_repo(tmp_path / "r", config_extra="require_critic_run: true\n")
    K.critic_says(rr, "CRITIC: PASS p1.1")   # recorded for play/demo (the active one)
    result = K.tool(rr, "Write", {"file_path": str(rr / K.SIDE_PROGRESS),
                                  "content": K.dump(legit_progress(rr, K.SIDE_PROGRESS))})
    assert result.blocked, result


# --------------------------------------------------------------------------- plan integrity


def test_removing_an_open_subtask_from_a_reviewed_plan_is_blocked(rr):
    plan = K.read_json(rr, K.PLAN)
    plan["phases"][0]["subtasks"].pop()  # p1.2
    result = K.tool(rr, "Write", {"file_path": str(rr / K.PLAN), "content": K.dump(plan)})
    assert result.blocked and result.guard == "subtask-guard", result
    assert "p1.2" in result.text
    plan["meta"]["reviewed"] = False      # re-review path
    result = K.tool(rr, "Write", {"file_path": str(rr / K.PLAN), "content": K.dump(plan)})
    assert not result.blocked, result


def test_removing_a_whole_phase_is_blocked(rr):
    plan = K.read_json(rr, K.PLAN)
    plan["phases"].pop()
    result = K.tool(rr, "Write", {"file_path": str(rr / K.PLAN), "content": K.dump(plan)})
    assert result.blocked and "p2.1" in result.text, result


@pytest.mark.parametrize("field,value", [("executor", "claudecode"), ("criterion", "anything"),
                                         ("validation_plan", {})])
def test_changing_reviewed_subtask_fields_is_blocked(tmp_path, field, value):
    rr = K.make_reward_repo(tmp_path / "r", plan=K.plan_doc(executor="codex"))
    plan = K.read_json(rr, K.PLAN)
    plan["phases"][0]["subtasks"][0][field] = value
    result = K.tool(rr, "Edit", {"file_path": str(rr / K.PLAN),
                                 "old_string": (rr / K.PLAN).read_text(),
                                 "new_string": K.dump(plan)})
    assert result.blocked and result.guard == "subtask-guard", result


def test_plan_description_edits_pass(rr):
    plan = K.read_json(rr, K.PLAN)
    plan["phases"][0]["description"] = "clearer words"
    result = K.tool(rr, "Write", {"file_path": str(rr / K.PLAN), "content": K.dump(plan)})
    assert not result.blocked, result


# --------------------------------------------------------------------------- phase-status-guard


def test_phase_done_with_open_subtask_is_blocked(rr):
    doc = legit_progress(rr)                     # p1.1 done with evidence, p1.2 pending
    (rr / K.PROGRESS).write_text(K.dump(doc))
    doc["phases"]["p1"]["status"] = "done"
    doc["subtasks"]["p1.2"]["validations"] = K.evidenced()["validations"]
    doc["subtasks"]["p1.2"]["validated_by"] = "critic"
    doc["subtasks"]["p1.2"]["validated_at"] = "2026-01-01"
    result = K.tool(rr, "Write", {"file_path": str(rr / K.PROGRESS), "content": K.dump(doc)})
    assert result.blocked and result.guard == "phase-status-guard", result
    assert "p1.2 (pending)" in result.text


def test_phase_done_without_subtask_evidence_is_a_critic_block(rr):
    doc = K.read_json(rr, K.PROGRESS)
    doc["phases"]["p1"]["status"] = "done"
    result = K.tool(rr, "Write", {"file_path": str(rr / K.PROGRESS), "content": K.dump(doc)})
    assert result.blocked and result.guard == "critic-guard", result


def test_phase_done_when_all_subtasks_done_passes(rr):
    doc = K.read_json(rr, K.PROGRESS)
    for sid in ("p1.1", "p1.2"):
        doc["subtasks"][sid] = K.evidenced()
    (rr / K.PROGRESS).write_text(K.dump(doc))
    doc["phases"]["p1"]["status"] = "done"
    result = K.tool(rr, "Edit", {"file_path": str(rr / K.PROGRESS),
                                 "old_string": '"p1": {\n      "status": "pending"',
                                 "new_string": '"p1": {\n      "status": "done"'})
    assert not result.blocked, result


def test_reopening_a_subtask_inside_a_done_phase_is_blocked(rr):
    doc = K.read_json(rr, K.PROGRESS)
    for sid in ("p1.1", "p1.2"):
        doc["subtasks"][sid] = K.evidenced()
    doc["phases"]["p1"]["status"] = "done"
    (rr / K.PROGRESS).write_text(K.dump(doc))
    doc["subtasks"]["p1.2"]["status"] = "in_progress"
    result = K.tool(rr, "Write", {"file_path": str(rr / K.PROGRESS), "content": K.dump(doc)})
    assert result.blocked and result.guard == "phase-status-guard", result


def test_phase_done_with_unreadable_plan_is_blocked(rr):
    (rr / K.PLAN).write_text("not json")
    doc = K.read_json(rr, K.PROGRESS)
    doc["phases"]["p1"]["status"] = "done"
    # state.md points at the broken plan; playbook-guard lets playbook files through
    result = K.tool(rr, "Write", {"file_path": str(rr / K.PROGRESS), "content": K.dump(doc)})
    assert result.blocked, result


def test_adding_a_subtask_to_a_done_phase_is_blocked(rr):
    doc = K.read_json(rr, K.PROGRESS)
    for sid in ("p1.1", "p1.2"):
        doc["subtasks"][sid] = K.evidenced()
    doc["phases"]["p1"]["status"] = "done"
    (rr / K.PROGRESS).write_text(K.dump(doc))
    plan = K.read_json(rr, K.PLAN)
    plan["phases"][0]["subtasks"].append({"id": "p1.3", "criterion": "more", "executor":
                                          "claudecode"})
    result = K.tool(rr, "Write", {"file_path": str(rr / K.PLAN), "content": K.dump(plan)})
    assert result.blocked, result
    assert result.guard in ("critic-guard", "phase-status-guard")


# --------------------------------------------------------------------------- playbook critic


def test_critic_pass_without_evidence_is_blocked(rr):
    doc = K.read_json(rr, K.PROGRESS)
    doc["critic"] = {"status": "PASS", "evidence": [], "notes": ""}
    result = K.tool(rr, "Write", {"file_path": str(rr / K.PROGRESS), "content": K.dump(doc)})
    assert result.blocked and result.guard == "critic-guard", result
    doc["critic"] = "PASS"                      # string form
    result = K.tool(rr, "Write", {"file_path": str(rr / K.PROGRESS), "content": K.dump(doc)})
    assert result.blocked, result


def test_critic_pass_needs_a_ledger_pass_for_the_playbook(tmp_path):
    loose = K.make_reward_repo(tmp_path / "r", config_extra="require_critic_run: false\n")
    doc = K.read_json(loose, K.PROGRESS)
    doc["critic"] = {"status": "PASS", "evidence": ["all green"], "notes": ""}
    content = K.dump(doc)
    result = K.tool(loose, "Write", {"file_path": str(loose / K.PROGRESS), "content": content})
    assert not result.blocked and "PASS playbook" in result.text, result
    # The default and an explicit true both require the run.
    default = K.make_reward_repo(tmp_path / "d")
    result = K.tool(default, "Write", {"file_path": str(default / K.PROGRESS),
                                       "content": content})
    assert result.blocked, result
    strict = K.make_reward_repo(tmp_path / "s", config_extra="require_critic_run: true\n")
    result = K.tool(strict, "Write", {"file_path": str(strict / K.PROGRESS), "content": content})
    assert result.blocked, result
    K.critic_says(strict, "**CRITIC: PASS playbook**")
    result = K.tool(strict, "Write", {"file_path": str(strict / K.PROGRESS), "content": content})
    assert not result.blocked, result


# --------------------------------------------------------------------------- state.md


def _state_edit(rr, old: str, new: str):
    return K.tool(rr, "Edit", {"file_path": str(rr / "state.md"), "old_string": old,
                               "new_string": new})


def complete(rr, rel_dir=K.PLAYBOOK, critic=True, ledger=True):
    """The playbook as a finished, critic-verified one leaves it: every
    subtask and phase done with evidence, the playbook critic's PASS, and —
    with ``ledger`` — the critic's runs in the ledger (required by default)."""
    doc = K.read_json(rr, f"{rel_dir}/progress.json")
    for sid in doc["subtasks"]:
        doc["subtasks"][sid] = K.evidenced()
    for pid in doc["phases"]:
        doc["phases"][pid]["status"] = "done"
    if critic:
        doc["critic"] = {"status": "PASS", "evidence": ["critic: all criteria met"], "notes": ""}
    (rr / rel_dir / "progress.json").write_text(K.dump(doc))
    if ledger:
        ids = list(doc["subtasks"]) + (["playbook"] if critic else [])
        path = rr / ".claude" / "logs" / "critic-ledger.jsonl"
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8") as fh:
            for ident in ids:
                fh.write(json.dumps({"ts": "2026-01-02T00:00:00+00:00", "session_id": "t",
                                     "agent_id": "critic", "playbook": f"{rel_dir}/plan.json",
                                     "subtask": ident, "verdict": "PASS", "reason": ""}) + "\n")


@pytest.mark.parametrize("new", ["status: done", 'status: "done"', "status: Done",
                                 "status: DONE  # finished", "state: done\nstatus: idle"])
def test_goal_done_without_complete_playbook_is_blocked(rr, new):
    result = _state_edit(rr, "status: idle", new)
    assert result.blocked and result.guard == "critic-guard", result
    assert (rr / ".claude/session-state/last-fail-reason").exists()


def test_goal_done_needs_the_playbook_critic(rr):
    complete(rr, critic=False)
    result = _state_edit(rr, "status: idle", "status: done")
    assert result.blocked and "critic.status" in result.text, result
    complete(rr)
    result = _state_edit(rr, "status: idle", "status: done")
    assert not result.blocked, result


def test_goal_done_with_a_slipped_fraud_is_blocked(rr):
    complete(rr)
    doc = K.read_json(rr, K.PROGRESS)
    doc["subtasks"]["p2.1"]["validated_by"] = "me"
    (rr / K.PROGRESS).write_text(K.dump(doc))
    result = _state_edit(rr, "status: idle", "status: done")
    assert result.blocked and "p2.1" in result.text, result


@pytest.mark.parametrize("tool_name", ["Write", "MultiEdit"])
def test_goal_done_by_other_tools(rr, tool_name):
    text = (rr / "state.md").read_text()
    if tool_name == "Write":
        ti = {"file_path": "./state.md", "content": text.replace("status: idle", "status: done")}
    else:
        ti = {"file_path": str(rr / "state.md"), "edits": [
            {"old_string": "milestone: null", "new_string": "milestone: m1"},
            {"old_string": "status: idle", "new_string": "status: done"}]}
    result = K.tool(rr, tool_name, ti)
    assert result.blocked, result


def test_goal_done_without_active_playbook_is_blocked(tmp_path):
    rr = K.make_reward_repo(tmp_path / "r")
    (rr / "state.md").write_text(K.state_text(active=None))
    result = _state_edit(rr, "status: idle", "status: done")
    assert result.blocked, result


def test_self_complete_does_not_waive_the_critic(rr):
    result = _state_edit(rr, "self_complete: false\nmilestone: null\nphase: null\n"
                             "done_criteria: []\nstatus: idle",
                         "self_complete: true\nmilestone: null\nphase: null\n"
                         "done_criteria: []\nstatus: done")
    assert result.blocked, result


@pytest.mark.parametrize("new_active", ["null", "play/side/plan.json", "~", "''"])
def test_switching_away_from_an_unfinished_playbook_is_blocked(rr, new_active):
    result = _state_edit(rr, "active: play/demo/plan.json", f"active: {new_active}")
    assert result.blocked and result.guard == "critic-guard", result
    assert "p1.1" in result.text


def test_switching_between_spellings_of_the_same_playbook_passes(rr):
    result = _state_edit(rr, "active: play/demo/plan.json", "active: ./play/demo/plan.json")
    assert not result.blocked, result


def test_switching_away_from_a_finished_playbook_passes(rr):
    complete(rr)
    result = _state_edit(rr, "active: play/demo/plan.json", "active: null")
    assert not result.blocked, result


def test_switching_to_a_playbook_completed_on_the_side_is_blocked(rr):
    complete(rr)
    side = K.read_json(rr, K.SIDE_PROGRESS)
    for sid in side["subtasks"]:
        side["subtasks"][sid]["status"] = "done"       # written from outside the guards
    (rr / K.SIDE_PROGRESS).write_text(K.dump(side))
    result = _state_edit(rr, "active: play/demo/plan.json", "active: play/side/plan.json")
    assert result.blocked, result
    (rr / "state.md").write_text(K.state_text(active=None))
    result = _state_edit(rr, "active: null", "active: play/side")   # directory form
    assert result.blocked, result


def test_switching_to_a_playbook_outside_play_is_checked(rr):
    complete(rr)
    K.write_playbook(rr, "notes/fake")
    doc = K.read_json(rr, "notes/fake/progress.json")
    doc["subtasks"]["p1.1"]["status"] = "done"
    (rr / "notes/fake/progress.json").write_text(K.dump(doc))
    result = _state_edit(rr, "active: play/demo/plan.json", "active: notes/fake/plan.json")
    assert result.blocked, result


def test_other_state_edits_pass(rr):
    result = _state_edit(rr, "milestone: null", "milestone: m2")
    assert not result.blocked, result
    result = _state_edit(rr, "status: idle", "status: in_progress")
    assert not result.blocked, result


def test_ordinary_code_edit_is_untouched(rr):
    result = K.tool(rr, "Edit", {"file_path": str(rr / "src/app.py"), "old_string": "hi",
                                 "new_string": "ho"})
    assert not result.blocked and result.text == "", result


# --------------------------------------------------------------------------- other routes


@pytest.mark.parametrize("tool_name,tool_input", [
    ("mcp__filesystem__write_file", {"path": "play/demo/progress.json", "content": "{}"}),
    ("mcp__filesystem__edit_file", {"path": "{root}/play//demo/progress.json",
                                    "edits": [{"oldText": "pending", "newText": "done"}]}),
    ("mcp__fs__move_file", {"source": "/tmp/x.json", "destination": "play/demo/progress.json"}),
    ("mcp__fs__write_file", {"path": "file://{root}/state.md", "content": "# gone"}),
    ("mcp__fs__delete_file", {"target": {"path": "play/demo/plan.json"}}),
    ("mcp__fs__move_file", {"source": "play/demo", "destination": "play/old"}),
    ("mcp__fs__write_file", {"path": "play/side/progress.json", "content": "{}"}),
    ("mcp__fs__write_file", {"path": ".claude/logs/critic-ledger.jsonl", "content": ""}),
    ("mcp__fs__write_file", {"path": "links/p.json", "content": "{}"}),
    # decided by the paths, never by the tool's name: a name
    # without a verb, a "read" that could write, a command naming the file
    ("mcp__filesystem__read_file", {"path": "play/demo/progress.json"}),
    ("mcp__fs__sync", {"files": ["play/demo/plan.json"]}),
    ("mcp__shell__run", {"command": "cat /dev/null > play/demo/progress.json"}),
    ("SomeFutureTool", {"target": "state.md"}),
])
def test_mcp_writes_to_reward_state_are_blocked(rr, tool_name, tool_input):
    (rr / "links").mkdir()
    os.symlink("../play/demo/progress.json", rr / "links" / "p.json")
    ti = json.loads(json.dumps(tool_input).replace("{root}", str(rr)))
    result = K.tool(rr, tool_name, ti)
    assert result.blocked and result.guard == "reward-route-guard", result


@pytest.mark.parametrize("tool_name,tool_input", [
    ("mcp__filesystem__write_file", {"path": "src/app.py", "content": "x"}),
    ("mcp__github__create_issue", {"title": "state.md is confusing", "body": "see docs"}),
    ("mcp__fs__write_file", {"path": "play/archive/old/progress.json", "content": "{}"}),
])
def test_other_mcp_calls_pass(rr, tool_name, tool_input):
    result = K.tool(rr, tool_name, tool_input)
    assert not result.blocked, result


def test_oversized_results_are_refused(rr):
    doc = K.read_json(rr, K.PROGRESS)
    doc["subtasks"]["p1.1"]["notes"] = "x" * (4 * 1024 * 1024 + 10)
    result = K.tool(rr, "Write", {"file_path": str(rr / K.PROGRESS), "content": K.dump(doc)})
    assert result.blocked, result
    text = (rr / "state.md").read_text()
    result = K.tool(rr, "Write", {"file_path": str(rr / "state.md"),
                                  "content": text + "#" * (1024 * 1024 + 10)})
    assert result.blocked, result


@pytest.mark.parametrize("new", ["## playbook\n```yaml\nactive: [play/demo/plan.json]",
                                 "## playbook\n```yaml\nactive: play/demo/plan.json: x",
                                 "## notplaybook\n```yaml\nactive: play/demo/plan.json"])
def test_breaking_the_playbook_section_is_a_switch_away(rr, new):
    text = (rr / "state.md").read_text()
    old = "## playbook\n```yaml\nactive: play/demo/plan.json"
    assert old in text
    result = K.tool(rr, "Edit", {"file_path": str(rr / "state.md"), "old_string": old,
                                 "new_string": new})
    assert result.blocked and result.guard == "critic-guard", result


def test_raising_max_iterations_in_a_reviewed_plan_is_blocked(rr):
    plan = K.read_json(rr, K.PLAN)
    plan["max_iterations"] = 99
    result = K.tool(rr, "Write", {"file_path": str(rr / K.PLAN), "content": K.dump(plan)})
    assert result.blocked and "max_iterations" in result.text, result


def test_moving_an_open_subtask_to_another_phase_is_blocked(rr):
    plan = K.read_json(rr, K.PLAN)
    moved = plan["phases"][0]["subtasks"].pop()
    plan["phases"][1]["subtasks"].append(moved)
    result = K.tool(rr, "Write", {"file_path": str(rr / K.PLAN), "content": K.dump(plan)})
    assert result.blocked and "p1.2.phase" in result.text, result


def test_a_duplicate_empty_phase_does_not_finish_a_phase(rr):
    """Adding ``{"id": "p1", "subtasks": []}`` must not make p1 look finished."""
    plan = K.read_json(rr, K.PLAN)
    plan["phases"].append({"id": "p1", "name": "again", "subtasks": []})
    (rr / K.PLAN).write_text(K.dump(plan))            # even if it got there
    doc = legit_progress(rr)
    doc["phases"]["p1"]["status"] = "done"
    result = K.tool(rr, "Write", {"file_path": str(rr / K.PROGRESS), "content": K.dump(doc)})
    assert result.blocked, result


def test_state_md_reached_through_its_symlink_target(rr):
    real = rr / "docs" / "state-real.md"
    real.write_text((rr / "state.md").read_text())
    (rr / "state.md").unlink()
    os.symlink("docs/state-real.md", rr / "state.md")
    result = K.tool(rr, "Edit", {"file_path": str(real), "old_string": "status: idle",
                                 "new_string": "status: done"})
    assert result.blocked and result.guard == "critic-guard", result


def test_playbook_behind_a_directory_symlink_is_guarded_by_its_name(rr):
    (rr / "elsewhere").mkdir()
    K.write_playbook(rr, "elsewhere/x")
    os.symlink("../elsewhere/x", rr / "play" / "x")
    doc = K.read_json(rr, "elsewhere/x/progress.json")
    doc["subtasks"]["p1.1"]["status"] = "done"
    result = K.tool(rr, "Write", {"file_path": "play/x/progress.json", "content": K.dump(doc)})
    assert result.blocked, result
