"""The crew workflow's readers (seed 000): the cmd layout, the plan's task
table and waves, a result's metadata header and its validation, the
configuration and its schema, the prompt's paths, the plan review's verdict
line and the execution log the hooks render."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from statefiles import crew
from statefiles.crew import config, ledger, plan, results
from workflow.crew import prompts
from workflow.crew.progress import full_mode
from workflow.crew.stats import rounded

SUITE = Path(__file__).resolve().parents[2]


# ------------------------------------------------------------------ layout


@pytest.mark.parametrize("rel,expected", [
    ("work/cmd_001/tasks/task_3.md", ("cmd_001", "task", 3)),
    ("work/cmd_12/results/result_10.md", ("cmd_12", "result", 10)),
    ("work/cmd_001/cmd_report.md", ("cmd_001", "report", None)),
    ("work/cmd_001/cmd_report_summary.md", ("cmd_001", "summary", None)),
    ("work/cmd_001/execution_log.yaml", ("cmd_001", "log", None)),
    ("work/cmd_001", ("cmd_001", "dir", None)),
    ("work/cmd_001/results", ("cmd_001", "results", None)),
    ("work/cmd_001/tasks/Task_3.md", ("cmd_001", "other", None)),
    ("work/cmd_001/tasks/task_03.md", ("cmd_001", "other", None)),
    ("work/cmd_001/tasks/task_3.md.bak", ("cmd_001", "other", None)),
    ("work/cmd_x/tasks/task_3.md", (None, "other", None)),
    ("work/cmd_١/plan.md", (None, "other", None)),  # a non-ASCII digit is no cmd number
    ("src/work/cmd_001/plan.md", (None, "other", None)),
])
def test_classify(rel, expected):
    where = crew.classify(rel)
    assert (where.cmd, where.kind, where.number) == expected


@given(st.text(max_size=80))
def test_classify_never_raises(rel):
    where = crew.classify(rel)
    assert where.cmd is None or rel.startswith("work/" + where.cmd)


# ------------------------------------------------------------------ the plan


TABLE = """# Plan

scope_warning: big

| Task | Title | Persona | Model | Depends On | Writes |
|------|-------|---------|-------|------------|--------|
| 1 | survey | researcher | haiku | - | - |
| 2 | code | coder | sonnet | - | src/a.py, tests/** |
| 3 | docs | writer | - | 1, 2 | README.md |
"""


def test_plan_table_and_waves():
    p = plan.assign_waves(plan.parse(TABLE))
    assert p.found and p.problems == [] and p.scope_warning == "big"
    assert [[t.number for t in w] for w in p.waves()] == [[1, 2], [3]]
    assert p.tasks[2].writes == ("src/a.py", "tests/**") and p.tasks[3].model is None
    assert p.writes_code() and p.tasks[2].writes_code() and not p.tasks[3].writes_code()


def test_a_plan_that_writes_only_documents_writes_no_code():
    text = TABLE.replace("| 2 | code | coder | sonnet | - | src/a.py, tests/** |",
                         "| 2 | code | writer | sonnet | - | docs/a.md |")
    assert not plan.assign_waves(plan.parse(text)).writes_code()


@pytest.mark.parametrize("row,key,fields", [
    ("| 4 | x | painter | haiku | - | - |", "crew_plan.persona",
     {"task": 4, "value": "'painter'"}),
    ("| 4 | x | coder | gpt | - | - |", "crew_plan.model", {"task": 4, "value": "'gpt'"}),
    ("| 4 | x | coder | haiku | 9 | - |", "crew_plan.unknown_dependency",
     {"task": 4, "dependency": 9}),
    ("| 4 | x | coder | haiku | 4 | - |", "crew_plan.self_dependency", {"task": 4}),
    ("| 4 | x | coder | haiku | x | - |", "crew_plan.dependency", {"task": 4, "value": "'x'"}),
    ("| 2 | x | coder | haiku | - | - |", "crew_plan.twice", {"task": 2}),
    ("| x | x | coder | haiku | - | - |", "crew_plan.bad_number", {"value": "'x'"}),
    ("| 4 | x | coder | haiku | - | src/a.py |", "crew_plan.shared_write",
     {"first": 2, "second": 4, "wave": 1, "path": "src/a.py"}),
    ("| 4 | x | coder | haiku | - | tests/test_a.py |", "crew_plan.shared_write",
     {"first": 2, "second": 4, "wave": 1, "path": "tests/** / tests/test_a.py"}),
])
def test_plan_problems(row, key, fields):
    p = plan.assign_waves(plan.parse(TABLE.rstrip("\n") + "\n" + row + "\n"))
    said = [(t.key, {k: t.fields[k] for k in fields if k in t.fields}) for t in p.problems]
    assert (key, fields) in said, said


def test_a_cycle_is_a_problem():
    text = TABLE.replace("| 1 | survey | researcher | haiku | - | - |",
                         "| 1 | survey | researcher | haiku | 3 | - |")
    p = plan.assign_waves(plan.parse(text))
    assert [(t.key, t.fields) for t in p.problems] == [("crew_plan.cycle", {"tasks": "1, 3"})]
    assert p.tasks[3].wave is None


def test_a_retry_plans_problems_name_its_file(tmp_path):
    work = tmp_path / "work" / "cmd_001"
    work.mkdir(parents=True)
    (work / "plan.md").write_text(TABLE)
    (work / "plan_retry.md").write_text(TABLE.replace("| 3 | docs | writer | - | 1, 2 |",
                                                      "| 4 | docs | scribe | - | 1, 2 |"))
    p = plan.load(str(tmp_path), "cmd_001")
    said = [(t.key, t.fields["file"], t.fields["problem"].key, t.fields["problem"].fields)
            for t in p.problems if t.key == "crew_plan.in_file"]
    assert ("crew_plan.in_file", "plan_retry.md", "crew_plan.already_in_plan",
            {"task": 1}) in said, said
    assert ("crew_plan.in_file", "plan_retry.md", "crew_plan.persona",
            {"task": 4, "value": "'scribe'", "allowed": ", ".join(results.PERSONAS)}) in said


@st.composite
def dags(draw):
    n = draw(st.integers(1, 9))
    rows = []
    for k in range(1, n + 1):
        deps = draw(st.lists(st.integers(1, k - 1), max_size=3, unique=True)) if k > 1 else []
        rows.append((k, deps))
    return rows


@given(dags())
def test_waves_respect_dependencies(rows):
    table = ["| Task | Persona | Depends On |", "|---|---|---|"]
    table += [f"| {k} | researcher | {', '.join(map(str, d)) or '-'} |" for k, d in rows]
    p = plan.assign_waves(plan.parse("\n".join(table)))
    assert p.problems == []
    for k, deps in rows:
        assert all(p.tasks[d].wave < p.tasks[k].wave for d in deps)
        # as early as possible: one wave after its latest dependency
        assert p.tasks[k].wave == 1 + max((p.tasks[d].wave for d in deps), default=0)


@given(st.text(max_size=400))
def test_plan_parse_never_raises(text):
    plan.assign_waves(plan.parse(text))


# ------------------------------------------------------------------ results


def _result(tmp_path, body: str, name="work/cmd_001/results/result_1.md") -> str:
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(body)
    return name


def test_a_complete_result_passes(tmp_path):
    (tmp_path / "src").mkdir()
    (tmp_path / "src/a.py").write_text("x\n")
    rel = _result(tmp_path, "---\nstatus: success\nquality: GREEN\ncompleteness: 100\n"
                            "errors: []\noutput_files: [src/a.py]\n---\n# Result\nok\n")
    report = results.validate(str(tmp_path), rel, "coder")
    assert report["status"] == "pass" and report["issues"] == [], report
    assert report["metadata"]["status"] == "success" and results.task_status(report) == "success"


def test_missing_fields_get_the_seeds_defaults(tmp_path):
    rel = _result(tmp_path, "---\nerrors: []\n---\n# Result\nbody\n")
    report = results.validate(str(tmp_path), rel, None)
    assert report["status"] == "pass"
    assert report["metadata"] == {"status": "failure", "quality": "YELLOW", "completeness": 0,
                                  "errors": [], "output_files": []}
    assert report["issues"] == ["status missing, defaulted to failure",
                                "quality missing, defaulted to YELLOW",
                                "completeness missing, defaulted to 0"]
    assert results.task_status(report) == "failure"


@pytest.mark.parametrize("body,error", [
    (None, "result file missing"),
    ("---\nstatus: success\nquality: GREEN\ncompleteness: 100\n---\n", "no content"),
    ("---\n" + "x: 1\n" * 19 + "status: success\n---\nbody\n", "ends on line 22"),
    ("---\nstatus: success\nquality: GREEN\ncompleteness: 100\noutput_files: [nope.py]\n---\n"
     "body\n", "output file nope.py does not exist"),
    ("---\nstatus: [unclosed\n", "no closing"),
])
def test_results_that_fail(tmp_path, body, error):
    rel = "work/cmd_001/results/result_1.md" if body is None else _result(tmp_path, body)
    report = results.validate(str(tmp_path), rel, "coder")
    assert report["status"] == "fail" and any(error in e for e in report["errors"]), report
    assert results.task_status(report) == "failure"


def test_persona_sections_are_issues(tmp_path):
    rel = _result(tmp_path, "---\nstatus: success\nquality: GREEN\ncompleteness: 80%\n---\nbody\n")
    report = results.validate(str(tmp_path), rel, "researcher")
    assert report["status"] == "pass" and report["issues"] == ["Sources section missing"]
    assert report["metadata"]["completeness"] == 80


@given(st.text(max_size=300))
def test_validate_never_raises(text):
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        rel = _result(Path(tmp), text)
        report = results.validate(tmp, rel, "writer")
        assert report["status"] in ("pass", "fail")
        assert results.task_status(report) in results.STATUSES


# ------------------------------------------------------------------ configuration


def test_the_shipped_example_is_the_defaults_and_valid():
    import jsonschema

    data = yaml.safe_load((SUITE / "skills/crew/config.yaml").read_text())
    schema = json.loads((SUITE / "statefiles/schemas/crew-config.schema.json").read_text())
    jsonschema.validate(data, schema)
    cfg = config.resolve(data)
    assert cfg.problems == [] and cfg.values == config.DEFAULTS


def test_every_default_is_valid_for_the_schema_and_every_key_is_in_it():
    schema = json.loads((SUITE / "statefiles/schemas/crew-config.schema.json").read_text())

    def keys(d, s, path=()):
        for key, value in d.items():
            assert key in s["properties"], path + (key,)
            if isinstance(value, dict):
                keys(value, s["properties"][key], path + (key,))

    keys(config.DEFAULTS, schema)


@pytest.mark.parametrize("data,key,said", [
    ({"max_retries": -1}, "max_retries", ("crew_config.bad_value", "crew_config.kind.int0")),
    ({"max_retries": True}, "max_retries", ("crew_config.bad_value", "crew_config.kind.int0")),
    ({"default_model": "gpt"}, "default_model",
     ("crew_config.bad_value", "crew_config.kind.model")),
    ({"retrospect": {"memory": {"skill_min_score": 16}}}, "retrospect.memory.skill_min_score",
     ("crew_config.bad_value", "crew_config.kind.score")),
    ({"retrospect": "yes"}, "retrospect", ("crew_config.section_not_mapping", None)),
    ({"memory_server": "a b"}, "memory_server",
     ("crew_config.bad_value", "crew_config.kind.name_or_null")),
    ({"nope": 1}, "nope", ("crew_config.unknown_key", None)),
    ([1], "(top level)", ("crew_config.not_mapping", None)),
])
def test_bad_values_fall_back_to_their_defaults(data, key, said):
    cfg = config.resolve(data)
    assert [k for k, _m in cfg.problems] == [key]
    [(_k, problem)] = cfg.problems
    expected = problem.fields.get("expected")
    assert (problem.key, getattr(expected, "key", None)) == said
    if "value" in problem.fields:
        value = data
        for part in key.split("."):
            value = value[part]
        assert problem.fields["value"] == repr(value)
    assert cfg.values == config.DEFAULTS


def test_a_crew_config_that_is_not_yaml_is_all_defaults_with_one_problem(tmp_path):
    (tmp_path / ".claude").mkdir()
    (tmp_path / ".claude" / "crew-config.yaml").write_text("a: [1\n")
    cfg = config.load(str(tmp_path))
    assert [(k, m.key) for k, m in cfg.problems] == [("(file)", "crew_config.not_yaml")]
    assert cfg.values == config.DEFAULTS


def test_a_missing_file_is_all_defaults(tmp_path):
    cfg = config.load(str(tmp_path))
    assert not cfg.exists and cfg.problems == [] and cfg.max_retries == 2


def test_a_broken_file_is_one_problem(tmp_path):
    (tmp_path / ".claude").mkdir()
    (tmp_path / ".claude/crew-config.yaml").write_text("max_retries: [\n")
    cfg = config.load(str(tmp_path))
    assert len(cfg.problems) == 1 and cfg.values == config.DEFAULTS


# ------------------------------------------------------------------ prompts


def test_prompt_names_one_cmd_its_task_and_lines():
    named = prompts.parse("TEMPLATE_PATH: t.md\n- input: `work/cmd_002/tasks/task_4.md`\n"
                          "- output: /r/work/cmd_002/results/result_4.md\nFAILED_TASKS: [1, 3]\n"
                          "MODE: FULL\n", "/r")
    assert named.cmd == "cmd_002" and named.tasks == {("cmd_002", 4)}
    assert named.results == {("cmd_002", 4)} and named.failed_tasks == [1, 3]
    assert named.mode == "full" and named.template == "t.md"


def test_a_prompt_with_two_cmds_names_none():
    named = prompts.parse("work/cmd_001/plan.md work/cmd_002/plan.md", "/r")
    assert named.cmd is None and named.cmds == ["cmd_001", "cmd_002"]


@given(st.text(max_size=300))
def test_prompt_parse_never_raises(text):
    prompts.parse(text, "/r")


# ------------------------------------------------------------------ the plan review's verdict


@pytest.mark.parametrize("message,verdict", [
    ("ok\nPLAN REVIEW: APPROVE", ("APPROVE", "")),
    ("ok\n**PLAN REVIEW: APPROVE-WITH-NOTES - task 3 lacks a test**",
     ("APPROVE-WITH-NOTES", "task 3 lacks a test")),
    ("ok\nREJECT — two writers of a.py", ("REJECT", "two writers of a.py")),
    ("PLAN REVIEW: APPROVE\nbut on second thought the plan misses X", (None, "")),
    ("```\nPLAN REVIEW: APPROVE\n```", (None, "")),
    ("The format is PLAN REVIEW: APPROVE", (None, "")),
    ("APPROVED", (None, "")),
    ("", (None, "")),
])
def test_closing_verdict(message, verdict):
    from guards.crew_recorder import closing_verdict

    assert closing_verdict(message) == verdict


@given(st.text(max_size=200), st.sampled_from(["APPROVE", "REJECT", "APPROVE-WITH-NOTES"]))
def test_a_quoted_verdict_never_counts(text, word):
    from guards.crew_recorder import closing_verdict

    fenced = f"{text}\n```\nPLAN REVIEW: {word}\n```\n"
    verdict, _ = closing_verdict(fenced)
    assert verdict is None or verdict in text


# ------------------------------------------------------------------ the execution log


def test_the_log_keeps_the_parents_keys_and_renders_the_hooks(tmp_path):
    root = str(tmp_path)
    (tmp_path / "work/cmd_001/tasks").mkdir(parents=True)
    (tmp_path / "work/cmd_001/plan.md").write_text(TABLE)
    ledger.record(root, "cmd_001", {"kind": "cmd", "base_commit": "abc1234"})
    ledger.record(root, "cmd_001", {"kind": "launch", "role": "researcher", "task": 1,
                                    "model": "haiku", "tool_use_id": "t1"})
    log = tmp_path / "work/cmd_001/execution_log.yaml"
    log.write_text(log.read_text() + "approvals:\n  improvements: [IMP-001]\n")
    ledger.record(root, "cmd_001", {"kind": "stop", "role": "researcher", "task": 1,
                                    "status": "failure", "error": "result file missing"})
    data = yaml.safe_load(log.read_text())
    assert data["approvals"] == {"improvements": ["IMP-001"]}
    assert data["base_commit"] == "abc1234" and data["status"] == "running"
    first = data["tasks"][0]
    assert (first["role"], first["task"], first["status"], first["error"]) == (
        "worker_researcher", "task_1", "failure", "result file missing")
    # tasks never launched: pending (3 waits for 1 and 2)
    assert [t["status"] for t in data["tasks"][1:]] == ["pending", "pending"]
    assert set(data) >= set(ledger.HOOK_KEYS)


def test_a_dependency_out_of_retries_skips_its_dependents(tmp_path):
    root = str(tmp_path)
    (tmp_path / "work/cmd_001").mkdir(parents=True)
    (tmp_path / "work/cmd_001/plan.md").write_text(TABLE)
    for _ in range(3):  # the first run and max_retries (2) retries
        ledger.record(root, "cmd_001", {"kind": "launch", "role": "coder", "task": 2})
        ledger.record(root, "cmd_001", {"kind": "stop", "role": "coder", "task": 2,
                                        "status": "failure", "error": "tests fail"})
    st_ = ledger.state(root, "cmd_001")
    statuses = ledger.task_statuses(st_, plan.load(root, "cmd_001"), 2)
    assert statuses[2] == ("failure", "tests fail")
    assert statuses[3] == ("skipped", "dependency task_2 failed")
    assert statuses[1] == ("pending", None)


def test_split_blocks_and_parent_part():
    text = "# c\ncmd_id: x\ntasks:\n  - id: 1\napprovals:\n  a: [1]\nnotes: hi\n"
    assert ledger.parent_part(text) == "approvals:\n  a: [1]\nnotes: hi\n"
    assert ledger.hook_part_of(text) == "cmd_id: x\ntasks:\n  - id: 1\n"


@given(st.lists(st.sampled_from(["success", "failure", "partial", "skipped", "pending"]),
                min_size=1, max_size=8))
def test_the_cmd_is_a_success_only_when_every_task_succeeded(values):
    status = ledger.cmd_status({k: (v, None) for k, v in enumerate(values)})
    assert (status == "success") == all(v == "success" for v in values)


# ------------------------------------------------------------------ modes and estimates


@pytest.mark.parametrize("summary,full", [
    ({"status": "success", "quality": "GREEN", "completeness": 100}, False),
    ({"status": "partial", "quality": "GREEN", "completeness": 100}, True),
    ({"status": "success", "quality": "RED", "completeness": 100}, True),
    ({"status": "success", "quality": "YELLOW", "completeness": 79}, True),
    ({"status": "success", "quality": "YELLOW", "completeness": 80}, False),
    ({"status": "success", "quality": "GREEN", "failed_tasks": [2]}, True),
    ({}, True),
])
def test_retrospect_mode(summary, full):
    assert full_mode(summary) is full


@pytest.mark.parametrize("seconds,text", [(30, "~1 min"), (89, "~1 min"), (90, "~2 min"),
                                          (150, "~2 min"), (151, "~3 min"), (400, "~7 min")])
def test_eta_rounding(seconds, text):
    assert rounded(seconds) == text


def test_memory_section_lines():
    from workflow.crew.cmds import memory_section

    text = "# R\n\n## Summary\nx\n## Memory candidates (merged)\n- a\n- b\n## Other\n"
    assert memory_section(text) == (5, 7)
    assert memory_section("# R\n## Memory\n- a\n") == (2, 3)
    assert memory_section("# R\n") is None


def test_scripts_list_agrees_with_the_permission_gate():
    from permission.phases import SUITE_SCRIPTS
    from workflow.crew.scripts import SCRIPTS

    assert SUITE_SCRIPTS == SCRIPTS
    for rel in SCRIPTS:
        assert os.path.isfile(SUITE / rel.replace(".claude/", "", 1)), rel
