"""Typed hook inputs (events.inputs): the real payloads parse, every field they
carry is readable, malformed input raises MalformedInput with a one-line reason."""

from __future__ import annotations

import json

import pytest
from conftest import FIXTURES
from hypothesis import given, settings
from hypothesis import strategies as st
from draws import examples

from events import inputs
from events.inputs import HookInput, MalformedInput, ToolInput, parse

FIXTURE_FILES = sorted(FIXTURES.glob("*.json"))


def enc(obj) -> bytes:
    return json.dumps(obj).encode()


# Every fixture's fields: tests/test_fixtures.py::test_typed_model_reads_every_field


def test_fixture_set_covers_the_events_it_should():
    events = {json.loads(p.read_text())["hook_event_name"] for p in FIXTURE_FILES}
    assert {"PreToolUse", "PostToolUse", "PermissionRequest", "Stop", "SubagentStop",
            "SubagentStart", "SessionStart", "SessionEnd", "UserPromptSubmit"} <= events


def test_contract_fields_are_all_attributes():
    for field in inputs.COMMON_FIELDS:
        assert hasattr(HookInput, field)
    for spec in inputs.EVENT_FIELDS.values():
        for field in spec:
            assert hasattr(HookInput, field), field
    for spec in inputs.TOOL_FIELDS.values():
        for field in spec:
            assert hasattr(ToolInput, field), field


def test_every_absent_field_reads_as_its_types_empty_value():
    """An attribute made from the tables reads ``""``, ``False``, ``()`` or
    ``None`` by the field's type when the payload leaves it out."""
    empty = {str: "", bool: False, list: ()}
    hook = HookInput("Stop", {})
    tool = ToolInput({})
    for view, tables in ((hook, [inputs.COMMON_FIELDS, *inputs.EVENT_FIELDS.values()]),
                         (tool, inputs.TOOL_FIELDS.values())):
        for table in tables:
            for field, (kind, _) in table.items():
                if isinstance(vars(type(view)).get(field), inputs._field):
                    assert getattr(view, field) == empty.get(kind), field


def test_required_fields_are_the_ones_the_contract_requires():
    # The schema tables are built by _required/_optional; a field flipped
    # there would refuse real payloads (or pass broken ones).
    def required(spec):
        return {field for field, (_, req) in spec.items() if req}

    assert not required(inputs.COMMON_FIELDS)
    assert {event: required(spec) for event, spec in inputs.EVENT_FIELDS.items()
            if required(spec)} == {
        "PreToolUse": {"tool_name", "tool_input"},
        "PermissionRequest": {"tool_name", "tool_input"},
        "PostToolUse": {"tool_name", "tool_input"},
        "PostToolUseFailure": {"tool_name", "tool_input"},
        "UserPromptSubmit": {"prompt"},
    }
    assert {tool: required(spec) for tool, spec in inputs.TOOL_FIELDS.items()} == {
        "Bash": {"command"}, "Write": {"file_path", "content"},
        "Edit": {"file_path", "old_string", "new_string"}, "MultiEdit": {"file_path", "edits"},
        "NotebookEdit": {"notebook_path"}, "Read": {"file_path"}, "Glob": {"pattern"},
        "Grep": {"pattern"}, "Task": set(), "Agent": set(), "Skill": set(),
    }


def test_absent_fields_read_as_empty_values():
    hook = parse("PreToolUse", enc({"hook_event_name": "PreToolUse", "tool_name": "Bash",
                                    "tool_input": {"command": "ls"}}))
    assert hook.session_id == "" and hook.cwd == "" and hook.agent_type == ""
    assert hook.permission_suggestions == () and hook.tool_response is None
    assert hook.stop_hook_active is False and hook.in_subagent is False
    assert hook.tool.timeout is None and hook.tool.run_in_background is False
    assert hook.command == "ls" and hook.file_path == ""


def test_unknown_fields_are_kept_and_ignored():
    hook = parse("Stop", enc({"hook_event_name": "Stop", "brand_new": {"x": 1},
                              "stop_hook_active": True}))
    assert hook.raw["brand_new"] == {"x": 1} and hook.stop_hook_active is True


def test_unknown_tools_accept_any_object():
    hook = parse("PreToolUse", enc({"hook_event_name": "PreToolUse",
                                    "tool_name": "mcp__srv__do", "tool_input": {"x": [1]}}))
    assert hook.tool_input == {"x": [1]}


def test_notebook_path_is_the_file_path():
    hook = parse("PreToolUse", enc({"hook_event_name": "PreToolUse", "tool_name": "NotebookEdit",
                                    "tool_input": {"notebook_path": "/a/n.ipynb"}}))
    assert hook.file_path == "/a/n.ipynb" and hook.is_edit_tool


def test_null_optional_fields_are_absent():
    hook = parse("PreToolUse", enc({"hook_event_name": "PreToolUse", "tool_name": "Read",
                                    "tool_input": {"file_path": "/x", "offset": None},
                                    "agent_id": None}))
    assert hook.agent_id == "" and hook.tool.offset is None


# ---------------------------------------------------------------- malformed
MALFORMED = [
    (b"", "empty input"),
    (b"  \n ", "empty input"),
    (b"not json", "not valid JSON"),
    (b"[1, 2]", "must be a JSON object, not list"),
    (b'"text"', "must be a JSON object, not str"),
    # No hook_event_name is read as the entrypoint's event:
    # what is then missing is the event's own required field.
    (b"{}", "missing required field tool_name"),
    (b'{"hook_event_name": 3}', "hook_event_name must be string"),
    (b'{"hook_event_name": "Stop"}', "this entrypoint serves PreToolUse"),
    (b'{"hook_event_name": "PreToolUse"}', "missing required field tool_name"),
    (b'{"hook_event_name": "PreToolUse", "tool_name": "Bash"}', "tool_input"),
    (b'{"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": []}',
     "tool_input must be object"),
    (b'{"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {}}',
     "tool_input.command"),
    (b'{"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": 5}}',
     "tool_input.command must be string"),
    (b'{"hook_event_name": "PreToolUse", "tool_name": "Edit", "tool_input": '
     b'{"file_path": "/a", "old_string": "x", "new_string": "y", "replace_all": "yes"}}',
     "replace_all must be boolean"),
    (b'{"hook_event_name": "PreToolUse", "tool_name": "MultiEdit", "tool_input": '
     b'{"file_path": "/a", "edits": [1]}}', "edits[0] must be an object"),
    (b'{"hook_event_name": "PreToolUse", "tool_name": "MultiEdit", "tool_input": '
     b'{"file_path": "/a", "edits": [{"old_string": "x"}]}}', "edits[0].new_string"),
    (b'{"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": '
     b'{"command": "ls", "timeout": true}}', "timeout must be number"),
    (b'{"hook_event_name": "PreToolUse", "tool_name": "Write", "tool_input": '
     b'{"file_path": " ", "content": "x"}}', "file_path is empty"),
    (b'{"hook_event_name": "PreToolUse", "tool_name": "NotebookEdit", "tool_input": '
     b'{"notebook_path": ""}}', "notebook_path is empty"),
    (b'{"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": '
     b'{"command": "ls\\u0000 -la"}}', "NUL character"),
    (b'{"hook_event_name": "PreToolUse", "tool_name": "Write", "tool_input": '
     b'{"file_path": "/a\\ud800", "content": ""}}', "unpaired surrogate"),
    (b'{"hook_event_name": "PreToolUse"\x00}', "NUL byte"),
    (b'{"hook_event_name": "PreToolUse", "x": "\xff"}', "not valid UTF-8"),
    (b'{"hook_event_name": "PreToolUse", "cwd": 5, "tool_name": "Bash"}', "cwd must be string"),
    (b"[" * 100000 + b"]" * 100000, "nested too deeply"),
    (b'{"a": 1' + b"9" * 5000 + b"}", "not valid JSON"),  # absurd integer
]


@pytest.mark.parametrize("data,needle", MALFORMED, ids=range(len(MALFORMED)))
def test_malformed_input_gives_a_one_line_reason(data, needle):
    with pytest.raises(MalformedInput) as info:
        parse("PreToolUse", data)
    reason = str(info.value)
    assert needle in reason, reason
    assert "\n" not in reason and len(reason) < 600


def test_oversized_input_is_refused():
    big = b'{"hook_event_name": "PreToolUse", "pad": "' + b"x" * inputs.MAX_STDIN_BYTES + b'"}'
    with pytest.raises(MalformedInput, match="larger than"):
        parse("PreToolUse", big)


@pytest.mark.parametrize("event,payload,needle", [
    ("UserPromptSubmit", {}, "prompt"),
    ("UserPromptSubmit", {"prompt": ["x"]}, "prompt must be string"),
    ("Stop", {"stop_hook_active": "true"}, "stop_hook_active must be boolean"),
    ("SessionStart", {"source": 1}, "source must be string"),
    ("PostToolUse", {"tool_name": "Bash", "tool_input": {"command": "ls"}, "duration_ms": "5"},
     "duration_ms must be number"),
    ("PermissionRequest", {"tool_name": "Bash", "tool_input": {"command": "ls"},
                           "permission_suggestions": {}}, "permission_suggestions must be array"),
])
def test_event_specific_types(event, payload, needle):
    with pytest.raises(MalformedInput, match=needle):
        parse(event, enc({"hook_event_name": event, **payload}))


# ---------------------------------------------------------------- hypothesis
@settings(max_examples=examples(1000), deadline=None)
@given(st.binary(max_size=300))
def test_arbitrary_bytes_parse_or_raise_malformed_only(data):
    for event in ("PreToolUse", "SessionStart"):
        try:
            parse(event, data)
        except MalformedInput as exc:
            assert "\n" not in str(exc)


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=10),
    lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=8), c, max_size=3),
    max_leaves=10)


@settings(max_examples=examples(1000), deadline=None)
@given(st.fixed_dictionaries(
    {"hook_event_name": st.sampled_from(["PreToolUse", "PreToolUse", "Stop", 3])},
    optional={"tool_name": st.sampled_from(["Bash", "Edit", "Write", "MultiEdit", "Read",
                                            "NotebookEdit", "Skill", "Task", "X", None, 7]),
              "tool_input": st.one_of(JSONISH, st.fixed_dictionaries({}, optional={
                  k: JSONISH for k in ("command", "file_path", "old_string", "new_string",
                                       "edits", "content", "skill", "replace_all")})),
              "cwd": JSONISH, "agent_type": JSONISH, "session_id": JSONISH}))
def test_arbitrary_payload_shapes_parse_or_raise_malformed_only(obj):
    try:
        hook = parse("PreToolUse", enc(obj))
    except MalformedInput:
        return
    # whatever parsed is well typed where guards read it
    assert isinstance(hook.tool_name, str) and isinstance(hook.tool_input, dict)
    assert isinstance(hook.file_path, str) and isinstance(hook.command, str)
    assert isinstance(hook.cwd, str)
