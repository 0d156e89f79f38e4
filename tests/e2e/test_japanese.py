"""The same story in Japanese, as the model reads it and as the user then
looks at it with the playgate command line.

A headless session of the real Claude Code CLI in a project whose state.md
says ``language: ja``: the session-start context, a refusal before the
state files are read, a destructive command, a command the analysis cannot
resolve, a write to a protected file and the stop of an unfinished playbook.
Every text of the suite that reached the model — found in what Claude Code
sent to the (fake) Messages API, not in what the hook printed — is checked
with the Japanese-rendering test's prose finder: no run of English words
outside code spans, quotes, paths and the terms the catalogue keeps.

After the session, the user's own look at it — ``status``, ``doctor``,
``logs``, ``logs --summary``, ``report`` (text and HTML), ``explain`` and
``check`` of a command from the session — through the installed copy
(``python3 .claude/playgate``), is checked the same way, with the command
line's columns of identifiers (:func:`test_ja_rendered.cli_english_runs`).

Every command the script runs is harmless if the gate failed.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest
from test_ja_rendered import cli_english_runs, english_runs

from .fakeapi import Script
from .workflow import bash, ready, write

pytestmark = pytest.mark.e2e

def _said(call) -> list:
    """The texts a hook call gave Claude Code for the model: a block's
    stderr, JSON reasons and additionalContext."""
    out = []
    if call.code == 2 and call.stderr.strip():
        out.append(call.stderr.strip())
    try:
        body = json.loads(call.stdout) if call.stdout.strip() else {}
    except ValueError:
        body = {}
    if isinstance(body, dict):
        specific = body.get("hookSpecificOutput") or {}
        for value in (body.get("reason"), specific.get("permissionDecisionReason"),
                      specific.get("additionalContext")):
            if isinstance(value, str) and value.strip():
                out.append(value.strip())
    return out


def test_every_text_the_suite_gives_the_model_is_japanese(make_box, api):
    box = make_box(record=True)
    state = box.path("state.md")
    state.write_text(re.sub(r"(?m)^language: en\b", "language: ja", state.read_text()))
    assert "language: ja" in state.read_text()
    script = Script(main=[
        bash("touch early.txt"),                       # init-guard: the state files first
        *ready(box),
        bash("rm -rf /playgate-e2e-nothing-here"),          # bash-check: destructive
        bash('eval "$PLAYGATE_E2E_UNSET_VARIABLE"'),         # bash-check: unknown
        write(box, ".claude/settings.json", "{}"),           # protected-edit
        "ok",                                                # the unfinished playbook's stop
    ])
    run = box.run(api, "作業を始めてください", script)

    for i in (0, 4, 5, 6):
        r = run.result_of(i)
        assert r["is_error"] and "[playgate:" in r["text"], (i, r, run.describe())
    seen = run.seen_by_model()
    texts = [t for call in box.recorder.calls() for t in _said(call)]
    guards = set(re.findall(r"\[playgate:([\w-]+)\]", "\n".join(texts)))
    assert {"session-start", "init-guard", "bash-check", "protected-edit",
            "completion-check"} <= guards, (guards, run.describe())
    compact = re.sub(r"\s+", "", seen)
    for t in texts:
        # what the model received (Claude Code may re-wrap lines)
        assert re.sub(r"\s+", "", t)[:200] in compact, (t, run.describe())
        assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", t), t  # written in Japanese
        assert not english_runs(t), (english_runs(t), t)

    # The user looks at the session with the command line, in the project's language.
    session = run.session_id
    env = {k: v for k, v in os.environ.items() if k != "CLAUDE_PROJECT_DIR"}
    env["HOME"] = str(box.home)  # the session's ~/.claude: its transcript, its trust
    looks = [["status"], ["doctor", "--no-run"], ["logs"], ["logs", "--summary"],
             ["report"], ["report", "--html", str(box.root / "report.html")],
             ["explain", "rm -rf /playgate-e2e-nothing-here"]]
    if session:
        looks.append(["report", "--session", session])
    for args in looks:
        proc = subprocess.run([sys.executable, str(box.repo / ".claude" / "playgate"), *args],
                              capture_output=True, text=True, cwd=str(box.repo), timeout=300,
                              env=env)
        out = proc.stdout + proc.stderr
        assert proc.returncode in (0, 1), (args, out)
        assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", out), (args, out)
        assert cli_english_runs(out) == [], (args, cli_english_runs(out), out)
    page = (box.root / "report.html").read_text()
    assert '<html lang="ja">' in page and "タイムライン" in page
    payload = json.dumps({"tool_name": "Bash", "tool_input": {"command": "rm -rf ~"}})
    proc = subprocess.run([sys.executable, str(box.repo / ".claude" / "playgate"), "check",
                           "PreToolUse", "--complete"], input=payload, capture_output=True,
                          text=True, cwd=str(box.repo), timeout=300, env=env)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert cli_english_runs(proc.stdout) == [], proc.stdout
