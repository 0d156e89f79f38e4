"""PostToolUse and PostToolUseFailure of Bash: registered for the critic's
evidence only (critic-commands), so every other command ends in the
entrypoint before the runtime is loaded (``hooks/_bootstrap.nothing_to_record``).

The property: whenever the entrypoint ends early, the full runtime would
have done nothing for that payload (no output, no effect, exit 0); and the
critic's commands still reach critic-commands, through the installed hooks.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from draws import examples

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "hooks"))
import _bootstrap  # noqa: E402

from events import runtime  # noqa: E402
from events.inputs import MAX_STDIN_BYTES  # noqa: E402
from workflow.evidence import CRITIC_COMMANDS  # noqa: E402

TOOLS = ["Bash", "Edit", "Write", "MultiEdit", "NotebookEdit", "Agent", "Task", "TaskCreate",
         "Read", "bash", "Bash "]
AGENTS = [None, "critic", "playgate:critic", "other:critic", "Critic", "reviewer",
          "general-purpose", "critical-reader"]

_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=12)
    | st.sampled_from(["Bash", "critic", "tool_name", '"tool_name":"Bash"', "\\u0063"]),
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.sampled_from(["tool_name", "agent_type", "command", "x"]) | st.text(
        max_size=6), inner, max_size=3),
    max_leaves=10)


@st.composite
def payloads(draw):
    """A PostToolUse/PostToolUseFailure payload as raw bytes, in any of the
    spellings JSON allows (separators, escapes), with nested look-alikes of
    the fields the early exit reads."""
    event = draw(st.sampled_from(["PostToolUse", "PostToolUseFailure"]))
    doc = {"session_id": "s", "transcript_path": "/tmp/t.jsonl", "cwd": "/tmp",
           "hook_event_name": event, "tool_use_id": "toolu_1"}
    if draw(st.booleans()):
        doc["tool_name"] = draw(st.sampled_from(TOOLS))
    doc["tool_input"] = draw(st.fixed_dictionaries(
        {"command": st.sampled_from(["pytest -q", "echo critic", "ls"])},
        optional={"tool_name": st.sampled_from(TOOLS), "nested": _json}))
    agent = draw(st.sampled_from(AGENTS))
    if agent is not None:
        doc["agent_type"] = agent
        doc["agent_id"] = "a1"
    if event == "PostToolUse":
        doc["tool_response"] = draw(_json)
    else:
        doc["error"] = "Exit code 1\nboom"
        doc["is_interrupt"] = False
    keys = list(doc)
    order = draw(st.permutations(keys))
    doc = {k: doc[k] for k in order}
    text = json.dumps(doc, ensure_ascii=draw(st.booleans()),
                      separators=draw(st.sampled_from([(",", ":"), (", ", ": "), (",", " : ")])))
    if draw(st.booleans()):
        # an escaped spelling of a name the early exit looks for
        text = text.replace('"critic"', '"\\u0063ritic"').replace('"Bash"', '"B\\u0061sh"')
    return event, text.encode("utf-8")


def test_the_entrypoint_reads_the_runtimes_stdin_limit():
    assert _bootstrap.STDIN_LIMIT == MAX_STDIN_BYTES + 1


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                     HealthCheck.function_scoped_fixture])
@given(payloads())
def test_an_early_exit_is_taken_only_where_the_runtime_does_nothing(tmp_path, case):
    event, data = case
    if not _bootstrap.nothing_to_record(event, data):
        return
    doc = json.loads(data)
    # a payload without its tool_name is malformed, which this event ignores
    assert event == "PostToolUseFailure" or doc.get("tool_name", "Bash") == "Bash"
    assert doc.get("agent_type") not in ("critic", "playgate:critic", "other:critic")
    code, out, err, outcome = runtime.evaluate(event, data, env={}, root=str(tmp_path),
                                               apply=False)
    assert (code, out, err) == (0, "", "")
    assert outcome is None or all(not v.effects and not v.message for _, v in outcome.trace)


def test_the_main_agents_command_exits_early_and_the_critics_is_not():
    main = json.dumps({"hook_event_name": "PostToolUse", "tool_name": "Bash",
                       "tool_input": {"command": "pytest -q"}, "tool_response": {}}).encode()
    assert _bootstrap.nothing_to_record("PostToolUse", main)
    for agent in ("critic", "playgate:critic"):
        doc = json.loads(main)
        doc["agent_type"] = agent
        assert not _bootstrap.nothing_to_record("PostToolUse", json.dumps(doc).encode())
    edit = main.replace(b'"Bash"', b'"Edit"')
    assert not _bootstrap.nothing_to_record("PostToolUse", edit)
    # a nested look-alike beside the real key: two keys, the full path decides
    nested = json.dumps({"tool_name": "Edit", "tool_input": {"tool_name": "Bash"}}).encode()
    assert not _bootstrap.nothing_to_record("PostToolUse", nested)
    assert not _bootstrap.nothing_to_record("Stop", main)


def _commands(root: Path) -> list:
    path = root / CRITIC_COMMANDS
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def test_installed_hooks_record_the_critics_commands_and_nobody_elses(installed):
    base = {"tool_name": "Bash", "tool_use_id": "toolu_9"}
    ran = installed.hook("PostToolUse", **base, tool_input={"command": "pytest -q"},
                         tool_response={"stdout": "", "stderr": "", "interrupted": False})
    failed = installed.hook("PostToolUseFailure", **base, tool_input={"command": "pytest -q"},
                            error="Exit code 1\nfailed", is_interrupt=False)
    assert (ran.exit_code, ran.stdout, failed.exit_code, failed.stdout) == (0, "", 0, "")
    assert _commands(installed.root) == []
    critic = {**base, "agent_id": "a-crit", "agent_type": "critic"}
    installed.hook("PostToolUse", **critic, tool_input={"command": "ruff check ."},
                   tool_response={"stdout": "", "stderr": "", "interrupted": False})
    installed.hook("PostToolUseFailure", **critic, tool_input={"command": "pytest -q"},
                   error="Exit code 1\nfailed", is_interrupt=False)
    got = [(r["agent_id"], r["command"], r["status"]) for r in _commands(installed.root)]
    assert got == [("a-crit", "ruff check .", 0), ("a-crit", "pytest -q", 1)]
