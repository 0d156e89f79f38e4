"""The workflow registry (WORKFLOWS.md): one entry per workflow, exact agent
matching, the active workflow and its per-workflow defaults, and the
session-start report of another workflow's files."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from saying import matches, says

from messages import text
from workflow import registry

SUITE = Path(__file__).resolve().parents[2]


def start_context(ws, source="startup") -> str:
    payload = ws.payload("SessionStart", source=source)
    code, out, err, _ = ws.evaluate("SessionStart", payload)
    assert code == 0 and err == "", (code, err)
    return json.loads(out)["hookSpecificOutput"].get("additionalContext", "")


# ------------------------------------------------------------------ the table


def test_the_golden_path_is_the_first_entry_and_the_default():
    assert registry.WORKFLOWS[0].name == "golden-path" == registry.DEFAULT.name
    assert registry.NAMES == ("golden-path", "crew", "breezing", "sync-sdd")


def test_no_agent_name_is_in_two_workflows():
    seen = {}
    for wf in registry.WORKFLOWS:
        for agent in wf.agents():
            assert seen.setdefault(agent, wf.name) == wf.name, agent


def test_every_shipped_agent_definition_belongs_to_exactly_one_workflow():
    names = {p.stem for p in (SUITE / "agents").glob("*.md")}
    assert names
    for name in sorted(names):
        wf, role = registry.agent_role(name)
        assert wf is not None, f"agents/{name}.md is in no workflow of workflow/registry.py"


def test_a_duplicate_agent_name_fails_at_import(monkeypatch):
    twin = registry.Workflow(name="x", title="x", seeds=(), roles={"worker": ("critic",)},
                             files=())
    monkeypatch.setattr(registry, "WORKFLOWS", registry.WORKFLOWS + (twin,))
    with pytest.raises(ValueError, match="critic"):
        registry._check_registry()


# ------------------------------------------------------------------ agent types


@pytest.mark.parametrize("agent_type,expected", [
    ("critic", ("golden-path", "work_checker")),
    ("playgate:critic", ("golden-path", "work_checker")),
    ("reviewer", ("golden-path", "plan_checker")),
    ("Critic", (None, None)),
    ("CRITIC", (None, None)),
    (" critic", (None, None)),
    ("other:critic", (None, None)),
    ("critic-helper", (None, None)),
    ("playgate:playgate:critic", (None, None)),
    ("", (None, None)),
    (None, (None, None)),
    (7, (None, None)),
])
def test_agent_types_match_exactly(agent_type, expected):
    wf, role = registry.agent_role(agent_type)
    assert ((wf.name if wf else None), role) == expected


@given(st.text(max_size=30))
def test_only_registered_names_and_their_namespaced_form_have_a_role(agent_type):
    wf, role = registry.agent_role(agent_type)
    bare = agent_type.removeprefix("playgate:")
    if wf is None:
        assert all(bare not in w.agents() for w in registry.WORKFLOWS)
    else:
        assert bare in wf.agents() and wf.role_of(bare) == role


def test_read_only_agents_are_the_registrys_and_claude_codes_own():
    assert registry.is_read_only_agent("critic")
    assert registry.is_read_only_agent("playgate:reviewer")
    assert registry.is_read_only_agent("Explore")
    assert not registry.is_read_only_agent("Critic")
    assert not registry.is_read_only_agent("pm")
    assert not registry.is_read_only_agent("general-purpose")


# ------------------------------------------------------------------ config


@pytest.mark.parametrize("config,workflow,branch,compact", [
    ({}, "golden-path", "feature", "continue"),
    ({"workflow": "sync-sdd"}, "sync-sdd", "trunk", "wait"),
    ({"workflow": " Sync-SDD "}, "sync-sdd", "trunk", "wait"),
    ({"workflow": "sync-sdd", "branch_policy": "feature"}, "sync-sdd", "feature", "wait"),
    ({"workflow": "sync-sdd", "after_compact": "continue"}, "sync-sdd", "trunk", "continue"),
    ({"workflow": "crew"}, "crew", "feature", "continue"),
    ({"workflow": "breezing", "branch_policy": None}, "breezing", "feature", "continue"),
    ({"branch_policy": "trunk"}, "golden-path", "trunk", "continue"),
    # unknown values never loosen the gate
    ({"workflow": "yolo"}, "golden-path", "feature", "continue"),
    ({"workflow": ["sync-sdd"]}, "golden-path", "feature", "continue"),
    ({"workflow": "sync-sdd", "branch_policy": "main"}, "sync-sdd", "feature", "wait"),
    ({"workflow": "sync-sdd", "after_compact": "later"}, "sync-sdd", "trunk", "wait"),
])
def test_active_workflow_and_its_defaults(ws, config, workflow, branch, compact):
    if config:
        ws.set_state("config", **config)
    ctx = ws.ctx("SessionStart")
    assert registry.active(ctx).name == workflow
    assert registry.branch_policy(ctx) == branch
    assert registry.after_compact(ctx) == compact


def test_no_state_md_reads_the_default(ws):
    os.unlink(ws.root / "state.md")
    ctx = ws.ctx("SessionStart")
    assert registry.active(ctx) is registry.DEFAULT
    assert registry.branch_policy(ctx) == "feature"


def test_config_problems_name_the_bad_values():
    assert registry.config_problems({"workflow": "golden-path", "branch_policy": None,
                                     "after_compact": "wait"}) == []
    problems = registry.config_problems({"workflow": None, "branch_policy": "main",
                                         "after_compact": 3})
    assert [p[0] for p in problems] == ["workflow", "branch_policy", "after_compact"]


def test_the_state_template_and_schema_know_the_keys():
    template = (SUITE / "templates" / "state.md").read_text()
    schema = json.loads((SUITE / "playgate/schemas/state.schema.json").read_text())
    config = schema["properties"]["config"]["properties"]
    for key in ("workflow", "branch_policy", "after_compact"):
        assert re.search(rf"^{key}: ", template, re.M), key
        assert key in config, key
    assert "golden-path | crew | breezing | sync-sdd" in template


# ------------------------------------------------------------------ session start


def test_the_default_workflow_says_nothing(ws):
    context = start_context(ws)
    assert not says(context, "active_workflow.active") and "config.workflow" not in context


def test_a_non_default_workflow_is_announced_with_its_rules(ws):
    ws.set_state("config", workflow="sync-sdd")
    context = start_context(ws)
    assert says(context, "active_workflow.active", name="sync-sdd",
                branch_policy=text("en", "active_workflow.branch_trunk"),
                after_compact=text("en", "active_workflow.compact_wait")), context


def test_an_unknown_workflow_is_named(ws):
    ws.set_state("config", workflow="yolo")
    context = start_context(ws)
    assert says(context, "active_workflow.unknown_value", key="workflow", value="yolo"), context


def test_another_workflows_files_are_reported_not_obeyed(ws):
    (ws.root / "work/cmd_001").mkdir(parents=True)
    (ws.root / "work/cmd_001/plan.md").write_text("# plan\n")
    context = start_context(ws)
    other = matches(context, "active_workflow.other_files", name="crew")
    assert len(other) == 1 and "work/cmd_001/plan.md" in other[0]["files"], context


def test_present_lists_at_most_five_paths_without_reading_them(tmp_path):
    for i in range(9):
        d = tmp_path / f"work/cmd_{i:03d}"
        d.mkdir(parents=True)
        (d / "plan.md").write_text("x")
    crew = registry.BY_NAME["crew"]
    found = registry.present(str(tmp_path), crew)
    assert found == [f"work/cmd_{i:03d}/plan.md" for i in range(5)]
    assert registry.present(str(tmp_path / "missing"), crew) == []


def test_working_playbooks_not_archive_copies_are_the_golden_paths_files(tmp_path):
    (tmp_path / "play/archive").mkdir(parents=True)
    (tmp_path / "play/archive/plan.json").write_text("{}")
    (tmp_path / "play/p1").mkdir(parents=True)
    (tmp_path / "play/p1/plan.json").write_text("{}")
    assert registry.present(str(tmp_path), registry.DEFAULT) == ["play/p1/plan.json"]
