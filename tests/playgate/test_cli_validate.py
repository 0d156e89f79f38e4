"""``playgate validate``: state.md, plan.json and progress.json against their
schemas with line-precise errors, and the position maps behind them
(:mod:`statefiles.locate`)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from conftest import SUITE
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from draws import examples

from playgate import validation  # noqa: E402
from statefiles import locate  # noqa: E402
from statefiles import models  # noqa: E402


def cli(repo: Path, *args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(repo / ".claude" / "playgate"), "validate",
                           *map(str, args)], capture_output=True, text=True, cwd=str(repo),
                          timeout=120)


# ------------------------------------------------------------------ position maps

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=25)


def _paths(value, path=()):
    yield path, value
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, path + (i,))


def _offset(text: str, line: int, col: int) -> int:
    lines = text.split("\n")
    return sum(len(x) + 1 for x in lines[: line - 1]) + col - 1


@settings(max_examples=examples(300), deadline=None)
@given(value=json_values, indent=st.sampled_from([None, 0, 1, 2, 4, "\t"]),
       compact=st.booleans(), ascii_=st.booleans())
def test_json_positions_point_at_every_value_and_key(value, indent, compact, ascii_):
    seps = (",", ":") if compact else None
    text = json.dumps(value, indent=indent, separators=seps, ensure_ascii=ascii_)
    pos = locate.json_positions(text)
    decoder = json.JSONDecoder()
    for path, expected in _paths(value):
        line, col = pos.value[path]
        found, _end = decoder.raw_decode(text, _offset(text, line, col))
        assert found == expected or (found != found and expected != expected), path
        if path and isinstance(path[-1], str):
            kline, kcol = pos.key[path]
            key, _ = decoder.raw_decode(text, _offset(text, kline, kcol))
            assert key == path[-1]


def test_json_positions_handle_a_bom_escapes_and_find_ancestors():
    text = '\ufeff{\n  "a\\"b": [1, {"c": "x\\\\"}],\n  "d": {}\n}'
    pos = locate.json_positions(text)
    assert pos.key[("a\"b",)] == (2, 3)
    assert pos.value[("a\"b", 1, "c")] == (2, 21)
    assert pos.find(("d", "missing", 3)) == (3, 3)  # reported at the key of the nearest ancestor
    assert pos.find(()) == (1, 2)
    assert locate.pointer(("a/b", 0, "c~d")) == "/a~1b/0/c~0d"


@settings(max_examples=examples(150), deadline=None)
@given(value=st.dictionaries(st.from_regex(r"[a-z_]{1,8}", fullmatch=True),
                             st.one_of(st.integers(), st.text(alphabet="abc xyz", max_size=6),
                                       st.lists(st.integers(), max_size=3),
                                       st.dictionaries(st.from_regex(r"[a-z]{1,5}", fullmatch=True),
                                                       st.integers(), max_size=3)),
                             max_size=6),
       first=st.integers(1, 40), flow=st.booleans())
def test_yaml_positions_point_at_the_lines_of_the_block(value, first, flow):
    text = yaml.safe_dump(value, default_flow_style=flow, sort_keys=False)
    pos = locate.yaml_positions(text, first)
    lines = text.split("\n")
    for key in value:
        line, col = pos.key[(key,)]
        # (a key spelled like a YAML word, such as 'no', is quoted)
        assert lines[line - first][col - 1:].lstrip("'\"").startswith(key)


# ------------------------------------------------------------------ line-precise errors


@pytest.fixture
def project(installed):
    """The installed repository with a reviewed playbook (tests/e2e/workflow.py's)."""
    from tests.e2e.workflow import plan_json, progress_json

    repo = installed.root
    d = repo / "play" / "e2e"
    d.mkdir(parents=True)
    (d / "plan.json").write_text(json.dumps(plan_json(), indent=2) + "\n")
    (d / "progress.json").write_text(json.dumps(progress_json(), indent=2) + "\n")
    from statefiles import state_md

    state_md.update_keys(str(repo), "playbook", {"active": "play/e2e/plan.json"})
    return repo


def _line_of(path: Path, needle: str) -> int:
    for i, line in enumerate(path.read_text().splitlines(), 1):
        if needle in line:
            return i
    raise AssertionError(needle)


def test_a_valid_project_validates(project):
    proc = cli(project)
    assert proc.returncode == 0, proc.stdout
    assert "play/e2e/plan.json: ok (plan)" in proc.stdout
    assert "state.md: ok (state)" in proc.stdout


def test_schema_errors_name_file_line_column_and_pointer(project):
    plan_path = project / "play" / "e2e" / "plan.json"
    plan = json.loads(plan_path.read_text())
    plan["meta"]["reviewed"] = "yes"
    plan["phases"][0]["subtasks"][0]["validation_plan"]["technical"]["type"] = "auto"
    plan["phases"][0]["depends_on"] = ["p0"]
    del plan["meta"]["id"]
    plan_path.write_text(json.dumps(plan, indent=2) + "\n")
    progress_path = project / "play" / "e2e" / "progress.json"
    progress = json.loads(progress_path.read_text())
    progress["subtasks"]["p9"] = {"status": "donee"}
    progress["active"]["subtask"] = "p1.7"
    progress_path.write_text(json.dumps(progress, indent=2) + "\n")
    proc = cli(project, "--json")
    assert proc.returncode == 1
    data = json.loads(proc.stdout)
    problems = {(f["path"], p["pointer"]): p for f in data["files"] for p in f["problems"]}

    def at(path, pointer):
        return problems[(path, pointer)]

    p = at("play/e2e/plan.json", "/meta/reviewed")
    assert (p["line"], p["col"]) == (_line_of(plan_path, '"reviewed"'), 5)
    assert "'yes' is not of type 'boolean'" in p["message"]
    p = at("play/e2e/plan.json", "/meta")
    assert p["line"] == _line_of(plan_path, '"meta"') and "'id' is a required" in p["message"]
    p = at("play/e2e/plan.json", "/phases/0/subtasks/0/validation_plan/technical/type")
    assert p["line"] == _line_of(plan_path, '"type": "auto"') and "'automated'" in p["message"]
    p = at("play/e2e/plan.json", "/phases/0/depends_on/0")
    assert p["line"] == _line_of(plan_path, '"p0"')
    p = at("play/e2e/progress.json", "/subtasks/p9/status")
    assert p["line"] == _line_of(progress_path, '"donee"')
    assert at("play/e2e/progress.json", "/subtasks/p9")["level"] == "warning"
    p = at("play/e2e/progress.json", "/active/subtask")
    assert p["line"] == _line_of(progress_path, '"p1.7"') and p["level"] == "error"
    text = cli(project).stdout
    assert f"play/e2e/plan.json:{_line_of(plan_path, chr(34) + 'reviewed')}:5: error: " \
           "/meta/reviewed: 'yes' is not of type 'boolean'" in text


def test_state_md_errors_are_on_the_lines_of_the_file(project):
    state = project / "state.md"
    text = state.read_text().replace("security: strict", "security: paranoid\nlint_block: true")
    text = text.replace("status: idle", "status: finished")
    state.write_text(text)
    data = json.loads(cli(project, "--json").stdout)
    [report] = [f for f in data["files"] if f["path"] == "state.md"]
    by = {p["pointer"]: p for p in report["problems"]}
    assert by["/config/security"]["line"] == _line_of(state, "security: paranoid")
    assert "strict | trusted" in by["/config/security"]["message"]
    assert by["/goal/status"]["line"] == _line_of(state, "status: finished")
    assert by["/config/lint_block"]["level"] == "warning"
    p = by["/config/lint_block"]
    assert (p["code"], p["params"]) == ("validate.config_key_close",
                                        {"key": "'lint_block'", "close": "'lint_blocks'"})


def test_broken_files_are_reported_where_they_break(project):
    state = project / "state.md"
    state.write_text(state.read_text().replace("status: idle", "status: [idle"))
    plan = project / "play" / "e2e" / "plan.json"
    plan.write_text('{\n  "meta": {"id": "x",\n  "reviewed": tru\n}\n')
    data = json.loads(cli(project, "--json").stdout)
    files = {f["path"]: f for f in data["files"]}
    [p] = [p for p in files["state.md"]["problems"] if p.get("code") == "state_md.yaml_broken"]
    # PyYAML notices the open bracket where the block ends.
    assert _line_of(state, "status: [idle") <= p["line"] < _line_of(state, "## session")
    [p] = files["play/e2e/plan.json"]["problems"]
    assert (p["line"], p["col"]) == (3, 15) and p["code"] == "validate.not_json"


def test_playbook_active_must_name_an_existing_working_playbook(project):
    from statefiles import state_md

    state_md.update_keys(str(project), "playbook", {"active": "play/gone/plan.json"})
    data = json.loads(cli(project, "--json").stdout)
    [report] = [f for f in data["files"] if f["path"] == "state.md"]
    assert any(p.get("code") == "validate.active_missing" and p["pointer"] == "/playbook/active"
               and p["params"] == {"path": "play/gone/plan.json"} for p in report["problems"])
    state_md.update_keys(str(project), "playbook", {"active": "play/template/plan.json"})
    data = json.loads(cli(project, "--json").stdout)
    [report] = [f for f in data["files"] if f["path"] == "state.md"]
    assert any(p.get("code") == "playbook.active_not_working" and p["pointer"] ==
               "/playbook/active" for p in report["problems"]), report


def test_named_files_kinds_and_exit_codes(project, tmp_path):
    other = tmp_path / "some.json"
    other.write_text("{}")
    assert cli(project, other).returncode == 2  # kind unknown
    proc = cli(project, "--kind", "progress", other)
    assert proc.returncode == 0, proc.stdout
    assert cli(project, tmp_path / "missing" / "plan.json").returncode == 3
    proc = cli(project, "state.md", "play/e2e/plan.json", "--json")
    assert [f["path"] for f in json.loads(proc.stdout)["files"]] == ["state.md",
                                                                      "play/e2e/plan.json"]


def test_archive_is_validated_only_when_asked(project):
    arch = project / "play" / "archive" / "old"
    arch.mkdir(parents=True)
    (arch / "plan.json").write_text("{broken")
    assert cli(project).returncode == 0
    proc = cli(project, "--archive")
    assert proc.returncode == 1 and "play/archive/old/plan.json:1:2" in proc.stdout


def test_the_shipped_templates_and_the_seed_shapes_validate():
    for kind in ("plan", "progress"):
        report = validation.validate_json(str(SUITE / "templates" / "play" / f"{kind}.json"),
                                          kind)
        assert report.valid, report.problems
    report = validation.validate_state(str(SUITE / "templates" / "state.md"))
    assert report.problems == []


@pytest.mark.parametrize("mode, ok", [("normal", True), ("Strict", True), ("paranoid", False)])
def test_the_seeds_normal_mode_validates(tmp_path, mode, ok):
    text = (SUITE / "templates" / "state.md").read_text().replace(
        "security: strict", f"security: {mode}", 1)
    path = tmp_path / "state.md"
    path.write_text(text)
    report = validation.validate_state(str(path))
    assert (report.problems == []) is ok, report.problems


@settings(max_examples=examples(120), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(doc=st.fixed_dictionaries({}, optional={
    "format_version": st.sampled_from([1, 2, "2", True, 3, None]),
    "meta": st.fixed_dictionaries({"id": st.sampled_from(["x", "", 5])},
                                  optional={"reviewed": st.sampled_from([True, "yes", 1])}),
    "max_iterations": st.sampled_from([5, 0, "5", 2.5]),
    "phases": st.lists(st.fixed_dictionaries({"id": st.sampled_from(["p1", "p2", ""])},
                                             optional={"subtasks": st.lists(
                                                 st.fixed_dictionaries(
                                                     {"id": st.just("s"),
                                                      "criterion": st.sampled_from(["c", 7])}),
                                                 max_size=2)}), max_size=2)}))
def test_schema_validity_agrees_with_the_models(tmp_path_factory, doc):
    """The JSON Schema validate uses and the pydantic models (the formal
    definition) accept the same plans."""
    path = tmp_path_factory.mktemp("v") / "plan.json"
    path.write_text(json.dumps(doc, indent=2))
    report = validation.validate_json(str(path), "plan")
    schema_errors = [p for p in report.problems if "twice" not in p.message
                     and "depends_on" not in p.message]
    assert (schema_errors == []) == (models.validate("plan", doc) == [])
    for p in report.problems:
        assert p.line >= 1 and p.col >= 1


@settings(max_examples=examples(150), deadline=None)
@given(text=st.lists(st.sampled_from(list("#`-: \n{}[]ayml\"'x1") + [
    "## config\n", "## playbook\n", "```yaml\n", "```\n", "---\n", "security: x\n",
    "active: play/a/plan.json\n", "roles: [1]\n"]), max_size=80).map("".join))
def test_validate_state_never_crashes(tmp_path_factory, text):
    path = tmp_path_factory.mktemp("s") / "state.md"
    path.write_text(text)
    report = validation.validate_state(str(path))
    for p in report.problems:
        assert p.level in ("error", "warning") and p.line >= 0


def test_a_fifo_named_as_a_file_is_reported_not_waited_on(project):
    """``playgate validate`` reads with statefiles.atomic's non-blocking open:
    a FIFO given (or found) as a file is a problem with the file, never a
    read that waits for a writer for ever."""
    import os

    fifo = project / "play" / "e2e" / "progress.json"
    saved = fifo.read_bytes()
    fifo.unlink()
    os.mkfifo(fifo)
    try:
        for args in ([str(fifo)],):  # (a FIFO found by the project walk is skipped)
            proc = subprocess.run([sys.executable, str(project / ".claude" / "playgate"),
                                   "validate", *args], capture_output=True, text=True,
                                  cwd=str(project), timeout=30)
            assert proc.returncode != 0, args
            assert "FIFO" in proc.stdout + proc.stderr, (args, proc.stdout, proc.stderr)
    finally:
        fifo.unlink()
        fifo.write_bytes(saved)


def test_each_finding_of_the_validator_is_a_catalogue_entry(tmp_path):
    """The validator's own findings carry their key and fields (``code`` and
    ``params`` in ``--json``), the reading problems and a missing file too."""
    import messages

    def said(report):
        return {(p.message.key, tuple(sorted(p.message.fields.items())))
                for p in report.problems if isinstance(p.message, messages.Text)}

    missing = validation.validate_json(str(tmp_path / "nope.json"), "plan", "play/x/plan.json")
    assert said(missing) == {(validation.MISSING, (("path", "play/x/plan.json"),))}
    assert missing.to_json()["problems"][0]["code"] == validation.MISSING
    (tmp_path / "dir.json").mkdir()
    assert said(validation.validate_json(str(tmp_path / "dir.json"), "plan", "d")) == {
        ("validate.file_is_dir", (("path", "d"),))}
    (tmp_path / "latin1.json").write_bytes(b'{"a": "\xe9"}')
    assert said(validation.validate_json(str(tmp_path / "latin1.json"), "plan", "l")) == {
        ("validate.file_not_utf8", (("byte", 7), ("path", "l")))}
    (tmp_path / "deep.json").write_text("[" * 100000 + "]" * 100000)
    assert ("validate.too_deep", ()) in said(
        validation.validate_json(str(tmp_path / "deep.json"), "plan"))

    plan = json.loads((SUITE / "templates" / "play" / "plan.json").read_text())
    phase = plan["phases"][0]
    phase["depends_on"] = ["p9"]
    phase["subtasks"].append(dict(phase["subtasks"][0]))
    (tmp_path / "plan.json").write_text(json.dumps(plan, indent=2))
    (tmp_path / "progress.json").write_text(json.dumps({
        "format_version": 2, "phases": {"p8": {}}, "subtasks": {"s9": {}},
        "active": {"phase": "p7", "subtask": "s7"}}, indent=2))
    reports = validation.validate_files([(str(tmp_path / "plan.json"), "plan.json", "plan"),
                                         (str(tmp_path / "progress.json"), "progress.json",
                                          "progress")])
    found = said(reports[0]) | said(reports[1])
    sid = phase["subtasks"][0]["id"]
    assert ("validate.unknown_dependency", (("phase", "'p9'"),)) in found, found
    assert any(k == "validate.duplicate_id" and dict(f)["id"] == repr(sid) for k, f in found)
    assert ("validate.unknown_phase", (("id", "'p8'"), ("plan", "plan.json"))) in found
    assert ("validate.unknown_subtask", (("id", "'s9'"), ("plan", "plan.json"))) in found
    assert ("validate.active_unknown_phase", (("id", "'p7'"), ("plan", "plan.json"))) in found
    assert ("validate.active_unknown_subtask", (("id", "'s7'"), ("plan", "plan.json"))) in found

    state = (SUITE / "templates" / "state.md").read_text()
    state = re.sub(r"## goal\n```yaml\n.*?```\n", "", state, count=1, flags=re.S)
    state = state.replace("security: strict", "security: strict\nfrobnicate: 1")
    state = state.replace("language: en", "language: fr", 1)
    (tmp_path / "state.md").write_text(state)
    found = said(validation.validate_state(str(tmp_path / "state.md")))
    assert ("validate.section_missing", (("section", "goal"),)) in found, found
    assert ("validate.config_key_unknown", (("key", "'frobnicate'"),)) in found
    assert ("validate.language", (("allowed", "en, ja"), ("fallback", "en"),
                                  ("value", "'fr'"))) in found

    (tmp_path / "crew-config.yaml").write_text("a: [1\n")
    assert {k for k, _f in said(validation.validate_crew_config(
        str(tmp_path / "crew-config.yaml")))} == {"validate.not_yaml"}


def test_a_value_no_branch_accepts_is_said_with_what_would_be():
    import jsonschema

    sch = {"definitions": {"X": {"type": "object"}},
           "anyOf": [{"type": "string"}, {"type": ["null", "integer"]}, {"$ref": "#/definitions/X"},
                     {"enum": ["a", "b"]}]}
    [error] = jsonschema.Draft7Validator(sch).iter_errors(1.5)
    said = validation.error_message(error)
    assert (said.key, said.fields["value"]) == ("validate.not_accepted_expected", "1.5")
    words = []
    accepted = said.fields["accepted"]
    while getattr(accepted, "key", None) == "validate.accept.or":
        words.insert(0, accepted.fields["second"])
        accepted = accepted.fields["first"]
    words.insert(0, accepted)
    assert [(w.key, w.fields) for w in words] == [
        ("validate.accept.string", {}), ("validate.accept.null", {}),
        ("validate.accept.integer", {}), ("validate.accept.object", {"name": "X"}),
        ("validate.accept.one_of", {"values": "'a', 'b'"})]
    [error] = jsonschema.Draft7Validator({"pattern": "^x", "description": "starts with x"}
                                         ).iter_errors("y")
    said = validation.error_message(error)
    assert (said.key, said.fields) == ("validate.not_accepted_because",
                                       {"value": "'y'", "description": "starts with x"})
