"""The transcript helper (tests/e2e/transcripts.py) that ``playgate
replay`` is tested with: a real session's transcript, and a faithful record
of what happened to each tool call."""

from __future__ import annotations

import json

import pytest

from .fakeapi import _content_text
from .harness import claude_version

pytestmark = pytest.mark.e2e


def _entries(path):
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def _tool_uses(entries) -> dict:
    out = {}
    for e in entries:
        if e.get("type") == "assistant":
            for block in e["message"].get("content") or []:
                if block.get("type") == "tool_use":
                    out[block["id"]] = block
    return out


def _tool_results(entries) -> dict:
    out = {}
    for e in entries:
        content = (e.get("message") or {}).get("content") if e.get("type") == "user" else None
        for block in content if isinstance(content, list) else []:
            if block.get("type") == "tool_result":
                out[block["tool_use_id"]] = _content_text(block.get("content"))
    return out


def test_recorded_transcript_holds_every_call_and_its_outcome(real_transcript, claude_cli):
    rec = real_transcript
    expected = json.loads((rec.dest / "expected.json").read_text())
    # The version of the CLI that ran (the pinned one in .ci/run).
    assert expected["claude_code_version"] == claude_version(claude_cli)
    assert expected["cwd"] == str(rec.box.repo) and rec.box.repo.is_dir()
    calls = {c["tool_use_id"]: c for c in expected["calls"]}
    main, sub = (rec.run.script.tool_use_ids(lane) for lane in ("main", "sub"))
    assert list(calls) == main + sub  # every scripted call reached the client

    entries = _entries(rec.transcript)
    assert {e.get("sessionId") for e in entries if e.get("sessionId")} == \
        {expected["session_id"]}
    uses, results = _tool_uses(entries), _tool_results(entries)
    for tool_id in main:
        assert uses[tool_id]["input"] == calls[tool_id]["input"]
        assert results[tool_id].startswith(calls[tool_id]["text"][:200]), tool_id

    assert len(rec.subagent_transcripts) == 1
    sub_entries = _entries(rec.subagent_transcripts[0])
    sub_uses = _tool_uses(sub_entries)
    assert set(sub) <= set(sub_uses)

    outcome = [calls[t]["outcome"] for t in main]
    assert outcome[0] == "blocked" and calls[main[0]]["guard"] == "init-guard"
    assert outcome[1:7] == ["ran"] * 6
    # python3 scripts/x.py: denied until the permission gate
    # auto-approves it; git push and a compound command always need a person.
    assert outcome[7] in ("denied", "ran")
    assert outcome[8:10] == ["denied", "denied"]
    assert rec.box.path("src/app.py").read_text() == "print('hello')\n"
