"""The decision log and the session report with the real Claude Code CLI:
a headless session whose calls the hooks refuse,
then ``playgate logs`` and ``playgate report`` on what it left behind — the
real transcript Claude Code wrote, joined with the hooks' log lines.

Every command the script runs is harmless if the gate failed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from .fakeapi import Script
from .workflow import bash

pytestmark = pytest.mark.e2e


def playgate(box, *args, env=None) -> dict:
    full = dict(os.environ, **(env or {}))
    full.pop("CLAUDE_PROJECT_DIR", None)
    proc = subprocess.run([sys.executable, str(box.repo / ".claude" / "playgate"), *args,
                           "--json"], capture_output=True, cwd=str(box.repo), env=full,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr.decode(errors="replace")
    return json.loads(proc.stdout)


def test_the_log_and_the_report_match_what_the_model_was_told(box, api, tmp_path):
    script = Script(main=[bash("git status"), bash("touch early.txt"), "ok"])
    run = box.run(api, "look around", script)
    blocked = run.result_of(1)
    assert blocked["is_error"] and "[playgate:init-guard]" in blocked["text"]
    call_id = script.turn("main", 1)[0]["id"]

    entries = playgate(box, "logs", "--session", run.session_id)["entries"]
    (block,) = [e for e in entries if e["event"] == "PreToolUse"]
    assert (block["guard"], block["tool"], block["input"]) == ("init-guard", "Bash",
                                                               "touch early.txt")
    assert block["tool_use_id"] == call_id
    assert block["reason"] in blocked["text"]  # what the model read, word for word
    # the unfinished playbook blocked the first stop; the loop guard let the second through
    stops = [(e["decision"], e["guard"]) for e in entries if e["event"] == "Stop"]
    assert stops[0] == ("block", "completion-check") and stops[-1][0] == "warn"

    report = playgate(box, "report", "--session", run.session_id,
                      env={"CLAUDE_CONFIG_DIR": str(run.transcript.parent.parent.parent)})
    assert report["transcript"] == str(run.transcript)
    calls = {r["input"]: r for r in report["timeline"] if r["kind"] == "call"}
    assert calls["touch early.txt"]["outcome"] == "blocked"
    assert [d["guard"] for d in calls["touch early.txt"]["decisions"]] == ["init-guard"]
    assert calls["git status"]["decisions"] == []
