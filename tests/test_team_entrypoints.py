"""Hypothesis over the team/spec entrypoints and guards: whatever Claude Code
(or a broken state file) sends, the hooks answer in the contract and no guard
crashes (a crash is logged to .claude/logs/errors.log — none may appear)."""

from __future__ import annotations

import json
import os
import shutil
import tempfile

import pytest
from _team_support import mapping
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from draws import examples

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=3),
    max_leaves=8,
)
texts = st.text(max_size=60)


@pytest.fixture(scope="module")
def root():
    """One project directory for the whole module (hypothesis runs many
    examples against it; the files it accumulates are part of the test)."""
    path = tempfile.mkdtemp(prefix="playgate-team-fuzz-")
    os.makedirs(os.path.join(path, ".claude", "state"))
    with open(os.path.join(path, ".claude", "state", "breezing-active.json"), "w") as fh:
        json.dump({"session_id": "breezing-fuzz", "impl_mode": "codex",
                   "plans_md_mapping": mapping(5)}, fh)
    yield path
    shutil.rmtree(path, ignore_errors=True)


def no_crash(root):
    log = os.path.join(root, ".claude", "logs", "errors.log")
    if os.path.exists(log):
        with open(log) as fh:
            pytest.fail(fh.read()[-3000:])


def evaluate(event, payload, root):
    from events.runtime import evaluate as run

    data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
    return run(event, data, env={"HOME": root}, root=root)


def check_contract(code, out, allowed_codes):
    assert code in allowed_codes
    if out:
        assert isinstance(json.loads(out), dict)


@settings(max_examples=examples(200), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(event=st.sampled_from(["TaskCompleted", "TeammateIdle"]),
       fields=st.dictionaries(st.sampled_from(["task_id", "task_subject", "task_description",
                                               "teammate_name", "team_name", "session_id",
                                               "agent_id", "extra"]),
                              st.one_of(texts, json_values), max_size=6))
def test_team_events_always_exit_0(root, event, fields):
    payload = {"hook_event_name": event, "cwd": root, **fields}
    code, out, err, _ = evaluate(event, payload, root)
    check_contract(code, out, (0,))
    assert err == ""
    no_crash(root)


@settings(max_examples=examples(100), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(active=st.one_of(json_values, st.dictionaries(
    st.sampled_from(["session_id", "impl_mode", "plans_md_mapping", "batches",
                     "current_batch", "total_tasks", "team"]), json_values, max_size=5)),
       prompt_session=st.sampled_from(["lead", "other"]))
def test_any_active_file_is_survived(root, active, prompt_session):
    path = os.path.join(root, ".claude", "state", "breezing-active.json")
    with open(path) as fh:
        original = fh.read()
    try:
        with open(path, "w") as fh:
            json.dump(active, fh)
        for event, extra in (("TaskCompleted", {"task_id": "1"}),
                             ("TeammateIdle", {"teammate_name": "t"}),
                             ("UserPromptSubmit", {"prompt": "go"})):
            payload = {"hook_event_name": event, "cwd": root, "session_id": prompt_session,
                       **extra}
            code, out, _err, _ = evaluate(event, payload, root)
            check_contract(code, out, (0,))
        no_crash(root)
    finally:
        with open(path, "w") as fh:
            fh.write(original)


def run_guards(root, tool, tool_input, **fields):
    """The team/spec part of the PreToolUse chain, in-process."""
    from events.context import Context
    from events.inputs import parse
    from events.runtime import run_chain

    payload = {"hook_event_name": "PreToolUse", "cwd": root, "tool_name": tool,
               "tool_input": tool_input, **fields}
    ctx = Context(parse("PreToolUse", json.dumps(payload).encode()), root=root,
                  env={"HOME": root})
    return run_chain(ctx, ("execution_convention", "codex_lead_guard", "agent_definitions",
                           "spec_phase_gate"))


@settings(max_examples=examples(300), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(command=st.text(min_size=1, max_size=80).filter(lambda c: "\x00" not in c))
def test_any_bash_command_is_judged_without_crashing(root, command):
    outcome = run_guards(root, "Bash", {"command": command})
    for _name, verdict in outcome.trace:
        assert "internal error" not in verdict.message
    if outcome.blocked:
        assert outcome.final.message
    no_crash(root)


@settings(max_examples=examples(200), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rel=st.sampled_from([".claude/agents/a.md", ".sdd/project/specs/f/spec.yaml",
                            "src/a.py", "Plans.md", ".claude/state/breezing-x.json"]),
       content=st.text(max_size=200),
       agent=st.sampled_from(["", "codex-implementer", "general-purpose"]))
def test_any_write_is_judged_without_crashing(root, rel, content, agent):
    fields = {"agent_id": "a1", "agent_type": agent} if agent else {}
    outcome = run_guards(root, "Write", {"file_path": os.path.join(root, rel),
                                         "content": content}, **fields)
    for _name, verdict in outcome.trace:
        assert "internal error" not in verdict.message
    no_crash(root)
