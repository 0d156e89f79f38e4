"""The playbook models, their shipped JSON Schemas and the templates
(SPEC §2 "Playbooks": models with JSON Schemas that ship with the suite)."""

from __future__ import annotations

import json
import os

import jsonschema
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from draws import examples

from statefiles import models

SUITE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def shipped(kind):
    with open(models.schema_path(kind), encoding="utf-8") as fh:
        return json.load(fh)


def template(kind):
    with open(os.path.join(SUITE, "templates", "play", f"{kind}.json"), encoding="utf-8") as fh:
        return json.load(fh)


@pytest.mark.parametrize("kind", ["plan", "progress"])
def test_shipped_schema_is_generated_from_the_model(kind):
    assert shipped(kind) == models.json_schema(kind), (
        "statefiles/schemas is stale: run `python -m statefiles.models --write`")


@pytest.mark.parametrize("kind", ["plan", "progress"])
def test_shipped_schema_is_a_valid_draft_2020_12_schema(kind):
    jsonschema.Draft202012Validator.check_schema(shipped(kind))


@pytest.mark.parametrize("kind", ["plan", "progress"])
def test_templates_validate_with_both(kind):
    doc = template(kind)
    assert models.validate(kind, doc) == []
    jsonschema.validate(doc, shipped(kind))


def test_schemas_ship_with_the_suite():
    """The installer copies, and the wheel carries (as data under
    playgate/_suite/), every file of the suite source's packages: the JSON
    schemas too (tests/playgate/test_wheel.py builds the wheel)."""
    from playgate import suite

    shipped = {rel for rel, _src in suite.source_files(str(SUITE))}
    schemas = [n for n in os.listdir(os.path.join(SUITE, "statefiles", "schemas"))
               if n.endswith(".json")]
    assert schemas
    assert all(f"statefiles/schemas/{n}" in shipped for n in schemas)


# ---------------------------------------------------------------- earlier forms
def minimal_plan(**extra):
    return {"meta": {"id": "x"}, **extra}


@pytest.mark.parametrize("doc", [
    minimal_plan(),
    minimal_plan(format_version=1),
    minimal_plan(format_version="2.0"),
    minimal_plan(goal={"done_when": ["plain string", {"criterion": "c", "command": "make"}]}),
    minimal_plan(phases=[{"id": "p", "subtasks": [{"id": "s", "criterion": "c",
                                                   "validation_plan": {"technical": "run it"}}]}]),
    minimal_plan(context="a sentence"),
    minimal_plan(unknown_future_key={"kept": True}),
])
def test_plan_accepts_the_spec_forms(doc):
    assert models.validate("plan", doc) == []
    jsonschema.validate(doc, shipped("plan"))


@pytest.mark.parametrize("doc,where", [
    ({}, "meta"),
    (minimal_plan(format_version=3), "format_version"),
    (minimal_plan(format_version=True), "format_version"),
    ({"meta": {"id": "x", "reviewed": "true"}}, "meta.reviewed"),
    ({"meta": {"id": "x", "reviewed": 1}}, "meta.reviewed"),
    ({"meta": {"id": ""}}, "meta.id"),
    ({"meta": {"id": "x", "status": "done"}}, "meta.status"),
    (minimal_plan(max_iterations=0), "max_iterations"),
    (minimal_plan(max_iterations="5"), "max_iterations"),
    (minimal_plan(phases=[{"id": "p", "subtasks": [{"id": "s"}]}]), "criterion"),
    (minimal_plan(phases=[{"id": "p", "subtasks": [{"id": "s", "criterion": "c",
                                                    "validation_plan": {"technical": {
                                                        "type": "sometimes"}}}]}]), "type"),
])
def test_plan_rejects_with_a_message_naming_the_place(doc, where):
    problems = models.validate("plan", doc)
    assert problems and any(where.split(".")[-1] in p for p in problems), problems


@pytest.mark.parametrize("doc", [
    {},
    {"subtasks": {"s": "done"}, "phases": {"p": "in_progress"}},
    {"subtasks": {"s": {"validations": {"technical": "PASS",
                                        "consistency": {"status": "PASS", "evidence": "one"},
                                        "completeness": {"evidence": None}}}}},
    {"critic": {"status": "PASS", "evidence": "log line"}},
    {"final_tasks": ["a"]},
    {"final_tasks": {"t": "skipped"}},
])
def test_progress_accepts_the_spec_forms(doc):
    assert models.validate("progress", doc) == []


@pytest.mark.parametrize("doc", [
    {"subtasks": {"s": "finished"}},
    {"subtasks": {"s": {"validations": {"technical": "pass"}}}},
    {"critic": {"status": "OK"}},
    {"format_version": "3"},
])
def test_progress_rejects_what_cannot_be_read(doc):
    assert models.validate("progress", doc)


# ---------------------------------------------------------------- hypothesis: pydantic ⊆ schema
json_leaf = st.one_of(st.none(), st.booleans(), st.integers(-3, 7), st.floats(allow_nan=False,
                      allow_infinity=False, width=16), st.text(max_size=4))
STATUS = st.sampled_from(["pending", "in_progress", "done", "blocked", "PASS", "FAIL", "PENDING",
                          "x"])
validation = st.one_of(STATUS, st.fixed_dictionaries({}, optional={
    "status": STATUS, "evidence": st.one_of(st.text(max_size=3), st.lists(st.text(max_size=3),
                                                                          max_size=2), json_leaf)}))
subtask_progress = st.one_of(STATUS, st.fixed_dictionaries({}, optional={
    "status": STATUS, "validated_at": st.one_of(st.none(), st.text(max_size=3)),
    "validated_by": st.one_of(st.none(), st.sampled_from(["critic", "self", ""])),
    "validations": st.fixed_dictionaries({}, optional={
        k: validation for k in ("technical", "consistency", "completeness")}),
    "notes": st.one_of(st.none(), st.text(max_size=3))}))
progress_docs = st.fixed_dictionaries({}, optional={
    "format_version": st.sampled_from([1, 2, "2", "2.0", 3, True]),
    "active": st.fixed_dictionaries({}, optional={
        "phase": st.one_of(st.none(), st.text(max_size=2)),
        "subtask": st.one_of(st.none(), st.text(max_size=2))}),
    "phases": st.dictionaries(st.text(max_size=2), st.one_of(STATUS, st.fixed_dictionaries(
        {}, optional={"status": STATUS, "updated_at": st.one_of(st.none(), st.text(max_size=2))
                      })), max_size=3),
    "subtasks": st.dictionaries(st.text(max_size=2), subtask_progress, max_size=3),
    "critic": st.fixed_dictionaries({}, optional={"status": STATUS,
                                                  "evidence": st.lists(st.text(max_size=2))}),
})
subtask = st.fixed_dictionaries({"id": st.text(max_size=3), "criterion": st.text(max_size=3)},
                                optional={"executor": st.one_of(st.none(), st.text(max_size=3)),
                                          "coding": st.one_of(st.none(), st.booleans(),
                                                              st.integers(0, 1))})
plan_docs = st.fixed_dictionaries({"meta": st.fixed_dictionaries(
    {"id": st.text(max_size=3)},
    optional={"reviewed": st.one_of(st.booleans(), st.integers(0, 1), st.just("true")),
              "reviewed_by": st.one_of(st.none(), st.text(max_size=3)),
              "status": st.sampled_from(["draft", "active", "completed", "archived", "x"]),
              "roles": st.dictionaries(st.text(max_size=2), st.one_of(st.text(max_size=2),
                                                                       json_leaf), max_size=2)})},
    optional={"format_version": st.sampled_from([1, 2, "1", "2.0", 3, True, 2.0]),
              "context": st.one_of(st.none(), st.text(max_size=2), st.dictionaries(
                  st.text(max_size=2), st.text(max_size=2), max_size=2), st.integers()),
              "max_iterations": st.one_of(st.integers(-1, 9), st.floats(0, 9, width=16),
                                          st.text(max_size=1)),
              "phases": st.lists(st.fixed_dictionaries(
                  {"id": st.text(max_size=3)},
                  optional={"depends_on": st.lists(st.text(max_size=2), max_size=2),
                            "subtasks": st.lists(subtask, max_size=3)}), max_size=3)})


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(plan_docs)
def test_what_the_plan_model_accepts_the_shipped_schema_accepts(doc):
    if models.validate("plan", doc) == []:
        jsonschema.validate(doc, shipped("plan"))


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(progress_docs)
# evidence as one string or null: the model reads them, the schema refused them
@example({"critic": {"evidence": None}})
@example({"subtasks": {"s": {"validations": {"technical": {"evidence": None}}}}})
@example({"subtasks": {"s": {"validations": {"technical": {"evidence": "ran it"}}}}})
def test_what_the_progress_model_accepts_the_shipped_schema_accepts(doc):
    if models.validate("progress", doc) == []:
        jsonschema.validate(doc, shipped("progress"))
