"""The team and spec guards cost almost nothing when their files do not exist
(the hooks' latency budget). Timing lives in the benchmark; this checks
the structural part that makes it so: without a team session no hook loads
statefiles.breezing or jsonschema, and the guards' module-level imports stay
off the list CONTRIBUTING.md forbids on a hook path."""

from __future__ import annotations

import ast
import json

import pytest
from _team_support import run_python, set_config, workspace
from conftest import SUITE

PROBE = """
import json, sys
sys.path.insert(0, sys.argv[1])
from events.runtime import evaluate
for event, payload in json.loads(sys.argv[3]):
    evaluate(event, json.dumps(payload).encode(), root=sys.argv[2])
print(json.dumps(sorted(m for m in sys.modules
                        if m.split('.')[0] in ('jsonschema', 'yaml', 'bashlex')
                        or m == 'statefiles.breezing')))
"""


def loaded(inst, calls) -> list:
    out = run_python(PROBE, str(inst.root / ".claude"), str(inst.root), json.dumps(calls))
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_no_team_session_loads_nothing_of_it(installed):
    workspace(installed)
    root = str(installed.root)
    base = {"session_id": "s", "cwd": root}
    calls = [
        ("PreToolUse", {**base, "hook_event_name": "PreToolUse", "tool_name": "Write",
                        "tool_input": {"file_path": f"{root}/src/a.py", "content": "x\n"}}),
        ("PreToolUse", {**base, "hook_event_name": "PreToolUse", "tool_name": "Bash",
                        "tool_input": {"command": "ls"}}),
        ("UserPromptSubmit", {**base, "hook_event_name": "UserPromptSubmit", "prompt": "hi"}),
    ]
    loaded(installed, calls)  # fill the state.md cache
    got = loaded(installed, calls)
    assert "statefiles.breezing" not in got
    assert not any(m.startswith("jsonschema") for m in got)


def test_a_team_session_validates_once_per_file_version(installed):
    workspace(installed)
    root = installed.root
    set_config(root, workflow="breezing")  # its guards run only while it is active
    (root / ".claude/state").mkdir(parents=True)
    (root / ".claude/state/breezing-active.json").write_text(
        json.dumps({"session_id": "b", "impl_mode": "codex"}))
    base = {"session_id": "s", "cwd": str(root)}
    calls = [("PreToolUse", {**base, "hook_event_name": "PreToolUse", "tool_name": "Write",
                             "tool_input": {"file_path": f"{root}/a.md", "content": "x\n"}})]
    assert any(m.startswith("jsonschema") for m in loaded(installed, calls))
    assert not any(m.startswith("jsonschema") for m in loaded(installed, calls))


FORBIDDEN = {"json", "re", "functools", "typing", "dataclasses", "pathlib", "subprocess",
             "tempfile", "shutil", "yaml", "pydantic", "jsonschema", "bashlex"}


@pytest.mark.parametrize("rel", [
    "workflow/team.py", "guards/agent_definitions.py", "guards/agent_definitions_audit.py",
    "guards/breezing_signals.py", "guards/breezing_timeline.py", "guards/codex_lead_guard.py",
    "guards/execution_convention.py", "guards/spec_phase_gate.py", "statefiles/breezing.py",
    "events/task_completed.py", "events/teammate_idle.py", "hooks/task_completed.py",
    "hooks/teammate_idle.py",
])
def test_no_heavy_module_level_imports(rel):
    tree = ast.parse((SUITE / rel).read_text())
    top = set()
    for node in tree.body:
        if isinstance(node, ast.Import):
            top |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            top.add(node.module.split(".")[0])
    assert not top & FORBIDDEN, (rel, top & FORBIDDEN)
