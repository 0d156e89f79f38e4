"""Every crew hook, in process, on generated payloads while a cmd is open:
an answer (0 or 2) and no guard crash, whatever the tool, the paths, the
prompt, the agent type or the subagent's transcript say."""

from __future__ import annotations

import json

import pytest
from crew_kit import CrewWorkspace, Flow, result_text, worker_prompt
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from draws import examples

NAMES = ["task_1.md", "result_1.md", "cmd_report.md", "plan.md", "execution_log.yaml",
         "../state.md", "x", ""]
AGENTS = st.sampled_from([None, "crew-coder", "crew-writer", "crew-researcher", "crew-decomposer",
                          "crew-aggregator", "crew-plan-reviewer", "general-purpose",
                          "playgate:crew-coder", "Crew-Coder", "crew-"])


@pytest.fixture(scope="module")
def opened(tmp_path_factory):
    ws = CrewWorkspace(tmp_path_factory.mktemp("fz") / "ws")
    flow = Flow(ws)
    flow.decompose()
    flow.review()
    flow.work(1, "researcher", extra="## Sources\n- x")
    return flow


def paths(cmd):
    return st.builds(lambda d, n: f"work/{cmd}/{d}{n}",
                     st.sampled_from(["", "tasks/", "results/", "../", "./"]),
                     st.sampled_from(NAMES))


def errors(ws) -> str:
    log = ws.root / ".claude/logs/errors.log"
    return log.read_text() if log.exists() else ""


@settings(max_examples=examples(150), deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_crew_hooks_answer_every_payload(opened, data):
    ws, cmd = opened.ws, opened.cmd
    before = errors(ws)
    tool = data.draw(st.sampled_from(["Read", "Grep", "Bash", "Write", "Edit", "Agent", "Glob",
                                      "mcp__memory__create_entities"]))
    path = ws.abs(data.draw(paths(cmd)))
    inputs = {
        "Read": {"file_path": path, "offset": data.draw(st.one_of(st.none(), st.integers(-5, 99))),
                 "limit": data.draw(st.one_of(st.none(), st.integers(-5, 99), st.floats()))},
        "Grep": {"pattern": "x", "path": path, "output_mode": data.draw(
            st.sampled_from(["content", "count", None])), "glob": data.draw(
            st.one_of(st.none(), st.text(max_size=12)))},
        "Bash": {"command": data.draw(st.sampled_from(["cat", "head -n 5", "grep -r x", "ls",
                                                        "echo", "python3 -c 1"])) + " " + path},
        "Write": {"file_path": path, "content": data.draw(st.sampled_from(
            [result_text(1), "x", "---\nstatus: failure\n---\n"]))},
        "Edit": {"file_path": path, "old_string": "x", "new_string": "y"},
        "Agent": {"prompt": data.draw(st.one_of(st.text(max_size=80), st.just(
            worker_prompt(cmd, data.draw(st.integers(0, 4)), "coder")))),
            "description": "d", "subagent_type": data.draw(AGENTS) or "general-purpose"},
        "Glob": {"pattern": "work/**"},
        "mcp__memory__create_entities": {"entities": data.draw(st.lists(
            st.fixed_dictionaries({"name": st.text(max_size=20)}), max_size=3))},
    }[tool]
    inputs = {k: v for k, v in inputs.items() if v is not None}
    agent = data.draw(AGENTS)
    extra = {"agent_id": "fz1", "agent_type": agent} if agent else {}
    if agent:
        transcript = ws.transcript("fz1")
        transcript.parent.mkdir(parents=True, exist_ok=True)
        transcript.write_text(data.draw(st.sampled_from([
            json.dumps({"type": "user", "message": {"role": "user",
                                                    "content": worker_prompt(cmd, 2, "coder")}}),
            "not json", "", json.dumps({"type": "user", "message": {"content": [1, {"x": 2}]}})])))
    out = ws.pre(tool, inputs, **extra)
    assert out.code in (0, 2), out
    assert errors(ws) == before, errors(ws)[len(before):][-2000:]
    if agent:
        stop = ws.evaluate("SubagentStop", ws.payload(
            "SubagentStop", agent_id="fz1", agent_type=agent, stop_hook_active=False,
            last_assistant_message=data.draw(st.text(max_size=60)),
            agent_transcript_path=str(ws.transcript("fz1"))))
        assert stop[0] in (0, 2)
        assert errors(ws) == before, errors(ws)[len(before):][-2000:]
