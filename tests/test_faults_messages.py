"""Messages that claim something about a write that may have failed.

The class: a message must never point to a file that could not be written
("details in errors.log" with errors.log on the full disk), nor say that
nothing was recorded while a ledger holds it (the verdict report in
session-state could not be kept), nor claim an effect that did not happen
(the critic's verdicts applied to the playbook while their ledger append
failed). Each is checked with the write really failing: a file-size limit
of 0 (every write fails with EFBIG, as on a full disk), or a directory where
a file belongs.
"""

from __future__ import annotations

import json
import os
import resource
import signal
import subprocess

import pytest
import reward_kit as K
from conftest import replace_file
from saying import matches, says

from messages import text
from statefiles import layout

LEDGER = ".claude/logs/critic-ledger.jsonl"
ERRORS = layout.ERRORS_LOG


def record_failed(message, key="runtime.effect_failed") -> bool:
    """``message`` says the critic-ledger append failed: ``key``
    (``runtime.effect_failed``: details in errors.log, or
    ``runtime.effect_failed_unlogged``: errors.log could not take them
    either) naming that effect."""
    return says(message, key, label=text("en", "runtime.effect.record_critic_verdicts"))


def _full_disk():
    """preexec_fn: every write of the hook fails (EFBIG), as on a full disk;
    SIGXFSZ ignored so the write fails instead of killing the process."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))


def run_full_disk(installed, event: str, **fields):
    """The installed hook for ``event`` on a full disk: ``(code, stdout, stderr)``."""
    payload = installed.payload(event, **fields)
    tool = payload.get("tool_name", "")
    proc = subprocess.run(["sh", "-c", installed.command(event, tool)],
                          input=json.dumps(payload).encode(), capture_output=True,
                          env=dict(os.environ, CLAUDE_PROJECT_DIR=str(installed.root)),
                          cwd=str(installed.root), timeout=60, preexec_fn=_full_disk)
    return proc.returncode, proc.stdout.decode(), proc.stderr.decode()


def reward(installed):
    """The installed repository with the reward kit's playbook active."""
    K.make_reward_repo(installed.root, git_init=False)
    K.git(installed.root, "checkout", "-q", "-b", K.BRANCH)
    return installed.root


def _critic_message(rr, text="All criteria met.\n\nCRITIC: PASS p1.1"):
    return {"agent_id": "a-critic", "agent_type": "critic", "stop_hook_active": False,
            "last_assistant_message": text}


# --------------------------------------------------------------------------- errors.log


def test_a_guard_error_with_errors_log_unwritable_says_what_happened(installed):
    """A security guard that raises blocks; with errors.log a directory, the
    block names the error itself and that the log could not take it — not
    "Details are in errors.log"."""
    reward(installed)
    (installed.root / ERRORS).mkdir(parents=True)
    guard = installed.root / ".claude/guards/completion_check.py"
    replace_file(guard, guard.read_text().replace(
        "    if stop_exempt(ctx):\n", "    raise RuntimeError('completion-check broke')\n"
        "    if stop_exempt(ctx):\n", 1))
    result = installed.hook("Stop", stop_hook_active=False)
    reason = json.loads(result.stdout)["reason"]
    assert says(reason, "runtime.guard_error_unlogged", guard="completion-check",
                error="RuntimeError: completion-check broke"), reason
    assert not says(reason, "runtime.guard_error"), reason


def test_a_guard_error_with_a_writable_log_still_points_to_it(installed):
    reward(installed)
    guard = installed.root / ".claude/guards/completion_check.py"
    replace_file(guard, guard.read_text().replace(
        "    if stop_exempt(ctx):\n", "    raise RuntimeError('completion-check broke')\n"
        "    if stop_exempt(ctx):\n", 1))
    result = installed.hook("Stop", stop_hook_active=False)
    reason = json.loads(result.stdout)["reason"]
    assert says(reason, "runtime.guard_error", guard="completion-check",
                log=str(installed.root / ERRORS)), reason
    assert "completion-check broke" in (installed.root / ERRORS).read_text()


def test_a_failed_effect_on_a_full_disk_never_points_to_errors_log(installed):
    """The critic's stop on a full disk: the ledger append fails, errors.log
    too; what the user reads names the failure, says the log could not be
    written, and that nothing was applied — and nothing was."""
    rr = reward(installed)
    progress_before = (rr / K.PROGRESS).read_text()
    K.critic_ran(rr, "a-critic")
    code, out, err = run_full_disk(installed, "SubagentStop", **_critic_message(rr))
    assert code == 0, err
    message = json.loads(out)["systemMessage"]
    assert record_failed(message, "runtime.effect_failed_unlogged"), message
    assert not record_failed(message), message
    assert says(message, "critic_ledger.not_applied", ledger=LEDGER), message
    assert (rr / K.PROGRESS).read_text() == progress_before
    assert not (rr / ERRORS).exists() or "critic" not in (rr / ERRORS).read_text()


def test_a_runtime_failure_with_errors_log_unwritable_says_so(ws, monkeypatch):
    from events import pre_tool_use

    def broken(ctx):
        raise RuntimeError("unit bug")

    monkeypatch.setattr(pre_tool_use, "chain", broken)
    (ws.root / ERRORS).mkdir(parents=True)
    code, out, err, outcome = ws.evaluate("PreToolUse", ws.payload(
        "PreToolUse", tool_name="Read", tool_input={"file_path": "/x"}))
    assert code == 2 and outcome is None, (code, err)
    assert "RuntimeError: unit bug" in err and "could not be written" in err, err
    assert "Details:" not in err


# --------------------------------------------------------------------------- recorded verdicts


def test_session_state_unwritable_never_says_no_verdict_was_recorded(installed):
    """The critic passed p1.1: the ledger has it and progress.json shows it,
    but the note of what changed (session-state) could not be written. The
    Agent call's reminder says what the ledger holds, never "no verdict was
    recorded" nor "progress.json is unchanged"."""
    rr = reward(installed)
    from statefiles import bookkeeping

    (rr / bookkeeping.REPORT).mkdir(parents=True)  # the report cannot be written
    doc = json.loads((rr / K.PROGRESS).read_text())
    doc["subtasks"]["p1.1"] = K.evidenced(status="in_progress")
    (rr / K.PROGRESS).write_text(K.dump(doc))
    K.critic_ran(rr, "a-critic")
    stop = installed.hook("SubagentStop", **_critic_message(rr))
    assert "p1.1" in (rr / LEDGER).read_text()
    # the user hears it
    assert says(json.loads(stop.stdout)["systemMessage"], "runtime.not_recorded"), stop
    post = installed.hook("PostToolUse", tool_name="Agent", tool_use_id="toolu_c",
                          tool_input={"subagent_type": "critic", "prompt": "judge",
                                      "description": "critic"},
                          tool_response={"status": "completed", "agentId": "a-critic",
                                         "content": [{"type": "text", "text": "done"}]})
    context = post.context
    assert says(context, "subagent_reminder.critic_unreported", ledger=LEDGER), context
    assert "PASS p1.1" in context, context
    assert not says(context, "subagent_reminder.critic_none"), context


def test_no_verdict_is_said_only_when_the_ledger_has_none(installed):
    rr = reward(installed)
    installed.hook("SubagentStop", **_critic_message(rr, "I looked at it and it seems fine."))
    post = installed.hook("PostToolUse", tool_name="Agent", tool_use_id="toolu_c",
                          tool_input={"subagent_type": "critic", "prompt": "judge",
                                      "description": "critic"},
                          tool_response={"status": "completed", "agentId": "a-critic",
                                         "content": [{"type": "text", "text": "done"}]})
    assert says(post.context, "subagent_reminder.critic_none"), post.context


@pytest.mark.parametrize("where", ["ledger-fifo", "ledger-dir"])
def test_a_failed_ledger_append_applies_nothing(tmp_path, where):
    """A verdict is recorded first, then what depends on it runs: with the
    ledger unwritable the critic's PASS changes nothing in progress.json."""
    rr = K.make_reward_repo(tmp_path / "repo")
    doc = json.loads((rr / K.PROGRESS).read_text())
    doc["subtasks"]["p1.1"] = K.evidenced(status="in_progress")
    (rr / K.PROGRESS).write_text(K.dump(doc))
    before = (rr / K.PROGRESS).read_text()
    (rr / ".claude/logs").mkdir(parents=True, exist_ok=True)
    if where == "ledger-fifo":
        os.mkfifo(rr / LEDGER)
    else:
        (rr / LEDGER).mkdir()
    result = K.critic_says(rr, "CRITIC: PASS p1.1")
    assert record_failed(result.text), result
    assert says(result.text, "critic_ledger.not_applied", ledger=LEDGER), result
    assert (rr / K.PROGRESS).read_text() == before


def test_a_claim_made_before_its_write_failed_is_withdrawn(tmp_path):
    """critic-ledger says at check time that the refused PASS is "recorded
    in the ledger as FAIL"; when that append then fails, the note the runtime
    adds says that what the message claims was recorded was not."""
    rr = K.make_reward_repo(tmp_path / "repo")
    (rr / ".claude/logs").mkdir(parents=True, exist_ok=True)
    os.mkfifo(rr / LEDGER)  # cannot be appended to
    result = K.critic_says(rr, "CRITIC: PASS p1.1", ran=False)  # its command did not run
    text = result.text
    assert says(text, "critic_ledger.pass_unobserved", ledger=LEDGER), text
    withdrawn = matches(text, "runtime.not_recorded")
    assert len(withdrawn) == 1 and record_failed(withdrawn[0]["failed"]), text
