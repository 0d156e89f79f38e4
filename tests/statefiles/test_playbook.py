"""The fast playbook views (statefiles.playbook) against the formal models
(statefiles.models): what pydantic accepts, the views read the same way."""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from draws import examples
from test_models import plan_docs, progress_docs

from statefiles import models, playbook
from statefiles.playbook import Playbook, evidence_problems, resolve_active


def write_pb(root, plan, progress=None, pid="p1"):
    d = root / "play" / pid
    d.mkdir(parents=True, exist_ok=True)
    (d / "plan.json").write_text(plan if isinstance(plan, str) else json.dumps(plan))
    if progress is not None:
        (d / "progress.json").write_text(progress if isinstance(progress, str)
                                         else json.dumps(progress))
    return f"play/{pid}/plan.json"


# ---------------------------------------------------------------- hypothesis: views == models
@settings(max_examples=examples(300), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(plan=plan_docs, progress=progress_docs)
def test_views_read_accepted_documents_like_the_models(tmp_path_factory, plan, progress):
    plan_ok = models.validate("plan", plan) == []
    progress_ok = models.validate("progress", progress) == []
    root = tmp_path_factory.mktemp("pb")
    rel = write_pb(root, plan, progress)
    pb = Playbook(str(root), rel)
    if plan_ok:
        m = models.Plan.model_validate(plan)
        assert pb.plan_error is None
        assert pb.reviewed is m.meta.reviewed
        assert pb.reviewed_by == (m.meta.reviewed_by or "").strip()
        assert pb.has_context is bool(m.context)
        assert pb.max_iterations == m.max_iterations
        assert pb.roles == m.meta.roles
        assert [p["id"] for p in pb.phases] == [p.id for p in m.phases]
        for phase, mphase in zip(pb.phases, m.phases):
            assert [s["id"] for s in Playbook.subtasks_of(phase)] == [s.id for s in mphase.subtasks]
            assert phase.get("depends_on", []) == mphase.depends_on
    if progress_ok:
        m = models.Progress.model_validate(progress)
        assert pb.progress_error is None
        for sid, entry in m.subtasks.items():
            status = entry if isinstance(entry, str) else entry.status
            assert playbook.subtask_status(progress["subtasks"][sid]) == status
            if not isinstance(entry, str):
                raw = progress["subtasks"][sid].get("validations", {})
                for kind in playbook.VALIDATION_KINDS:
                    mv = getattr(entry.validations, kind)
                    got = playbook.validation_entry(raw.get(kind))
                    if mv is None:
                        assert got == ("", [])
                    elif isinstance(mv, str):
                        assert got == (mv, [])
                    else:
                        assert got == (mv.status, [e for e in mv.evidence if e.strip()])
        for pid, entry in m.phases.items():
            status = entry if isinstance(entry, str) else entry.status
            assert pb.phase_progress_status(pid) == status


@settings(max_examples=examples(200), deadline=None)
@given(st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=5),
                 st.lists(st.text(max_size=3)), st.dictionaries(st.text(max_size=3),
                                                                st.text(max_size=3))))
def test_accessors_never_raise_on_any_shape(value):
    playbook.validation_entry(value)
    playbook.subtask_status(value)
    evidence_problems(value)


# ---------------------------------------------------------------- loading and errors
@pytest.mark.parametrize("content,key,fields", [
    ("{not json", "playbook.not_json", {}),
    ("[1]", "playbook.not_object", {}),
    ('{"format_version": 9}', "playbook.unknown_version", {"version": "9"}),
    ('{"format_version": true}', "playbook.unknown_version", {"version": "True"}),
    (b"\xff\xfe", "playbook.not_utf8", {}),
    ("[" * 100000 + "]" * 100000, "playbook.too_deep", {}),
])
def test_unreadable_files_give_one_line_errors(tmp_path, content, key, fields):
    path = tmp_path / "plan.json"
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    value, error = playbook.load_json_file(str(path), "play/p/plan.json")
    assert value is None and error.key == key and "\n" not in error, error
    assert error.fields["label"] == "play/p/plan.json"
    assert {name: error.fields[name] for name in fields} == fields, error.fields
    assert error.startswith("play/p/plan.json")


def test_missing_and_directory_and_too_large(tmp_path):
    assert playbook.load_json_file(str(tmp_path / "no"), "x")[1].key == "playbook.file_missing"
    assert playbook.load_json_file(str(tmp_path), "x")[1].key == "playbook.file_is_dir"
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (playbook.MAX_BYTES + 1))
    error = playbook.load_json_file(str(big), "x")[1]
    assert error.key == "playbook.file_too_large" and error.fields["limit"] == playbook.MAX_BYTES


@pytest.mark.parametrize("version,ok", [(1, True), (2, True), ("2", True), ("1.0", True),
                                        (2.0, True), (3, False), ("v2", False), (True, False),
                                        (None, False), ([2], False)])
def test_format_versions(version, ok):
    assert playbook.format_version_ok(version) is ok
    doc = {"meta": {"id": "x"}, "format_version": version}
    assert (models.validate("plan", doc) == []) is ok


# ---------------------------------------------------------------- resolve_active
@pytest.fixture
def root(tmp_path):
    r = tmp_path / "proj"
    r.mkdir()
    write_pb(r, {"meta": {"id": "p1"}}, {})
    return os.path.realpath(r)


@pytest.mark.parametrize("active,rel", [
    ("play/p1/plan.json", "play/p1/plan.json"), ("./play/p1/plan.json", "play/p1/plan.json"),
    ("play/p1", "play/p1/plan.json"), ("play/p1/", "play/p1/plan.json"),
    ("{root}/play/p1/plan.json", "play/p1/plan.json"), ("play/new/plan.json", "play/new/plan.json"),
])
def test_resolve_active_accepts_working_playbooks(root, active, rel):
    assert resolve_active(root, active.format(root=root)) == (rel, None)


OUTSIDE, NOT_WORKING = "playbook.active_outside", "playbook.active_not_working"


@pytest.mark.parametrize("active,key", [
    ("/etc/passwd", OUTSIDE), ("../x/plan.json", OUTSIDE), (".", OUTSIDE),
    ("play/archive/p0/plan.json", NOT_WORKING), ("play/template/plan.json", NOT_WORKING),
    ("plan.json", NOT_WORKING), ("play/p1/progress.json", NOT_WORKING),
    ("play/a/b/plan.json", NOT_WORKING), ("a\x00b", OUTSIDE),
])
def test_resolve_active_refuses_the_rest(root, active, key):
    rel, error = resolve_active(root, active)
    assert rel is None and error.key == key and error.fields["value"] == repr(active), error


def test_resolve_active_empty_is_no_playbook(root):
    assert resolve_active(root, None) == (None, None)
    assert resolve_active(root, "") == (None, None)


# ---------------------------------------------------------------- views
PLAN = {"meta": {"id": "pb", "reviewed": True, "reviewed_by": " reviewer ",
                 "roles": {"worker": "codex", "bad": 3}},
        "context": {"a": 1}, "max_iterations": 3,
        "phases": [{"id": "p1", "subtasks": [{"id": "s1", "criterion": "a"},
                                             {"id": "s2", "criterion": "b"}, "junk", {"id": 3}]},
                   {"id": "p2", "depends_on": ["p1"], "subtasks": [{"id": "s3", "criterion": "c"}]},
                   "junk", {"name": "no id"}]}


def test_views_skip_junk_and_read_defaults(tmp_path):
    rel = write_pb(tmp_path, PLAN, {"subtasks": {"s1": "done", "s2": {"status": "in_progress"}},
                                    "phases": {"p1": "in_progress"}})
    pb = Playbook(str(tmp_path), rel)
    assert pb.id == "pb" and pb.reviewed and pb.reviewed_by == "reviewer"
    assert pb.roles == {"worker": "codex"}
    assert [p["id"] for p in pb.phases] == ["p1", "p2"]
    assert [s["id"] for _, s in pb.all_subtasks()] == ["s1", "s2", "s3"]
    assert pb.counts() == (1, 3)
    assert pb.current_phase_id() == "p1"
    assert pb.active_subtask_id() == "s2"  # the in_progress one
    assert pb.subtask("s3")[0]["id"] == "p2"
    assert pb.max_iterations == 3
    assert pb.progress_rel == "play/p1/progress.json"


def test_view_defaults_for_a_bare_plan(tmp_path):
    rel = write_pb(tmp_path, {"meta": {"id": "x"}, "max_iterations": True})
    pb = Playbook(str(tmp_path), rel)
    assert not pb.reviewed and not pb.has_context
    assert pb.max_iterations == playbook.DEFAULT_MAX_ITERATIONS
    assert getattr(pb.progress_error, "key", None) == "playbook.file_missing", pb.progress_error
    assert pb.current_phase_id() is None and pb.active_subtask_id() is None


@pytest.mark.parametrize("entry,missing", [
    ({"validated_at": "t", "validated_by": "critic", "validations": {
        k: {"status": "PASS", "evidence": ["ok"]} for k in playbook.VALIDATION_KINDS}}, []),
    ({"validated_at": "t", "validated_by": "critic", "validations": {
        k: "PASS" for k in playbook.VALIDATION_KINDS}},
     ["technical.evidence", "consistency.evidence", "completeness.evidence"]),
    ({"validated_at": "", "validated_by": "self", "validations": {
        "technical": {"status": "PASS", "evidence": ["  "]}}},
     ["technical.evidence", "consistency.status", "completeness.status", "validated_at",
      "validated_by"]),
    ("done", ["technical.status", "consistency.status", "completeness.status", "validated_at",
              "validated_by"]),
])
def test_evidence_problems(entry, missing):
    problems = evidence_problems(entry)
    assert len(problems) == len(missing)
    for needle, problem in zip(missing, problems):
        assert needle.split(".")[-1] in problem


# ------------------------------------------------------------------ brief, checks_text

from hypothesis import example as _example  # noqa: E402
from hypothesis import given as _given  # noqa: E402
from hypothesis import strategies as _st  # noqa: E402

from statefiles.playbook import brief, checks_text  # noqa: E402


@_given(_st.lists(_st.text(_st.sampled_from("abcdefghij|=é漢"), min_size=1, max_size=12),
                  max_size=80).map(" ".join), _st.integers(20, 300))
@_example("a" * 10 + " " + "b" * 10, 20)  # the boundary at exactly half the limit
def test_brief_never_cuts_a_word(text, limit):
    """A reminder's criterion is cut at a word boundary (``validation`` once
    became ``valid``), ends with … when cut, and keeps every word it shows."""
    out = brief(text, limit)
    flat = " ".join(text.split())
    if len(flat) <= limit:
        assert out == flat
        return
    assert out.endswith("…") and len(out) <= limit + 1
    shown = out[:-1].split()
    words = flat.split()
    assert shown == words[:len(shown)] or (shown[:-1] == words[:len(shown) - 1]
                                           and words[len(shown) - 1].startswith(shown[-1])
                                           and len(words[len(shown) - 1]) > limit // 2)


def test_checks_text_reads_both_forms_of_the_validation_plan():
    sub = {"validation_plan": {
        "technical": {"type": "automated", "command": "pytest -q", "expected": "all pass"},
        "consistency": "default output unchanged", "completeness": {"type": "manual"}}}
    assert checks_text(sub) == ("technical: pytest -q → all pass; consistency: default output "
                                "unchanged; completeness: manual")
    assert checks_text({}) == "" and checks_text(None) == ""
