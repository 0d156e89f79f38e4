"""The crew workflow's memory (seed 000 "Memory MCP活用", the batch
approval's memory step) with the real CLI and a memory MCP server: the
stand-in :mod:`memory_server` under the reference server's tool names,
configured with ``--mcp-config`` and its tools allowed as a user who set it
up would (``--allowedTools``), in the default permission mode.

A cmd closed earlier (its files and the hooks' record, written by the
product's own ledger writer) and the user's answer "approve MEM-1": the
parent tries to write memory itself (refused: only the memory writer
writes), then starts ``crew-memory-writer`` with the cmd's directory and
the approved entity; the writer searches, tries an entity that names a cmd
(refused: the seed's quality rule) and stores the approved one. The server
receives exactly the search and the approved entity.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path

import pytest

from . import crew
from .fakeapi import Script, tool_use
from .harness import Sandbox, tools_path
from saying import says

pytestmark = pytest.mark.e2e

GOOD = {"name": "python:testing:tmp_path_over_tempdir", "entityType": "best_practice",
        "observations": ["pytest's tmp_path fixture is cleaned per test; prefer it to "
                         "tempfile.mkdtemp in tests"]}
BAD = {"name": "python:testing:slow_fixture", "entityType": "failure_pattern",
       "observations": ["cmd_001 spent most of its time in a fixture"]}


def _closed_cmd(box) -> None:
    """cmd_001 as a finished run leaves it: its files and the hooks' record
    (request, plan, one result, the reports, a retrospective with one memory
    candidate) closed with ``success``."""
    from statefiles.crew import ledger

    base = box.repo / "work" / "cmd_001"
    for rel, body in {
            "request.md": "Note how the tests use temporary directories.\n",
            "cmd_report.md": "# Report: cmd_001\n\n## Memory candidates (merged)\n"
                             f"- MEM-1 name: {GOOD['name']}\n",
            "cmd_report_summary.md": "---\ncmd_id: cmd_001\nstatus: success\nquality: GREEN\n"
                                     "completeness: 100\ntask_count: 1\nfailed_tasks: []\n---\n"
                                     "# Summary: cmd_001\n",
            "retrospective.md": "---\nmode: light\nimprovements_accepted: 0\n"
                                "skills_accepted: 0\nmemory_candidates: 1\n---\n# R\n"}.items():
        (base / rel).parent.mkdir(parents=True, exist_ok=True)
        (base / rel).write_text(body)
    root = str(box.repo)
    ledger.record(root, "cmd_001", {"kind": "cmd", "base_commit": None, "branch": crew.BRANCH})
    ledger.record(root, "cmd_001", {"kind": "close", "status": "success"})


@pytest.fixture(scope="module")
def memory_run(claude_cli, api):
    box = crew.prepare(Sandbox)
    config = box.repo / ".claude" / "crew-config.yaml"
    config.write_text(config.read_text() + "memory_server: memory\n")
    _closed_cmd(box)
    box.commit_all("a closed cmd, a memory server")
    log = box.root / "memory-calls.jsonl"
    mcp = box.root / "mcp.json"
    mcp.write_text(json.dumps({"mcpServers": {"memory": {
        "command": sys.executable,
        "args": [str(Path(__file__).with_name("memory_server.py")), str(log)]}}}))
    entity = (f"- name: {GOOD['name']}; entityType: {GOOD['entityType']}; observations: "
              f"{GOOD['observations'][0]}")
    writer_prompt = ("CMD_DIR: work/cmd_001/\nStore these approved entities (MEM-1):\n"
                     f"{entity}\n[[lane:mw]]")
    script = Script(
        main=[tool_use("Read", {"file_path": str(box.repo / "state.md")}),
              tool_use("mcp__memory__create_entities", {"entities": [GOOD]}),
              tool_use("Agent", {"description": "store the approved memory",
                                 "prompt": writer_prompt, "subagent_type": "crew-memory-writer",
                                 "run_in_background": False}),
              "Stored the approved memory candidate."],
        mw=[tool_use("mcp__memory__search_nodes", {"query": "pytest tmp_path"}),
            tool_use("mcp__memory__create_entities", {"entities": [BAD]}),
            tool_use("mcp__memory__create_entities", {"entities": [GOOD]}),
            "Stored 1 entity."])
    path = tools_path()
    run = box.run(api, "approve MEM-1", script, permission_mode=None, timeout=180,
                  env={"PATH": path}, claude=claude_cli,
                  args=["--mcp-config", str(mcp), "--allowedTools",
                        "mcp__memory__search_nodes,mcp__memory__create_entities"])
    calls = [json.loads(x) for x in log.read_text().splitlines()] if log.exists() else []
    yield box, run, calls
    if not os.environ.get("PLAYGATE_E2E_KEEP"):
        shutil.rmtree(box.root, ignore_errors=True)


def test_the_server_gets_the_search_and_the_approved_entity_only(memory_run):
    _box, run, calls = memory_run
    assert run.code == 0, run.describe()
    assert [c["name"] for c in calls] == ["search_nodes", "create_entities"], calls
    assert calls[1]["arguments"] == {"entities": [GOOD]}


def test_the_parent_does_not_write_memory(memory_run):
    _box, run, _calls = memory_run
    seen = run.seen_by_model("main")
    assert "playgate:crew-memory" in seen and "only crew-memory-writer does" in seen, seen[-3000:]


def test_a_candidate_about_a_cmd_is_refused(memory_run):
    _box, run, _calls = memory_run
    seen = run.seen_by_model("mw")
    assert says(seen, "crew.memory_about_cmd"), seen[-3000:]
    # The writer was started with paths and the approved entity, nothing else.
    assert "CMD_DIR: work/cmd_001/" in seen
