"""The decision log: every gate decision of every gating hook in
one JSON Lines file, and ``playgate logs`` to browse it.

Through the real entrypoints: JSON piped into the installed hooks, the log
lines read back, ``playgate logs`` run as a subprocess. Units for the
mapping from outcomes to lines, rotation, parallel writers and failures.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import git
from test_cli import as_json, run_cli

from events import decisionlog, runtime
from events.render import Outcome
from events.verdict import APPROVE, ASK, BLOCK, WARN, Verdict
from statefiles import layout

SECRET = "s3cr3t-Val_ue42"


def log_lines(root) -> list:
    return decisionlog.read_all(str(root))


def make_ready(repo: Path) -> None:
    """An installed repository in the state of a session that may work: on a
    feature branch, the prompt analysed, a reviewed active playbook."""
    from _foundation import plan_doc

    from statefiles import state_md

    git(repo, "checkout", "-q", "-b", "feat/x")
    marker = repo / ".claude" / "session-state" / "prompt-analyzer-called"
    marker.parent.mkdir(parents=True, exist_ok=True)
    marker.write_text("x\n")
    d = repo / "play" / "p1"
    d.mkdir(parents=True, exist_ok=True)
    (d / "plan.json").write_text(json.dumps(plan_doc("p1"), indent=2))
    (d / "progress.json").write_text(json.dumps(
        {"format_version": 2, "active": {"phase": "p1", "subtask": "s1"}, "phases": {},
         "subtasks": {}}, indent=2))
    state_md.update_keys(str(repo), "playbook", {"active": "play/p1/plan.json"})


@pytest.fixture
def ready(installed):
    make_ready(installed.root)
    return installed


def bash(inst, command: str, session: str = "sess-a", tool_use_id: str = "toolu_b"):
    return inst.hook("PreToolUse", tool_name="Bash", tool_input={"command": command},
                     tool_use_id=tool_use_id, session_id=session)


def permission(inst, command: str, session: str = "sess-a"):
    return inst.hook("PermissionRequest", tool_name="Bash", tool_input={"command": command},
                     session_id=session)


# ---------------------------------------------------------------- through the installed hooks
def test_every_kind_of_decision_is_logged_once_with_its_guard(ready):
    root = ready.root
    assert bash(ready, "rm -rf /").blocked
    asked = bash(ready, "terraform destroy", tool_use_id="toolu_ask")
    assert asked.json["hookSpecificOutput"]["permissionDecision"] == "ask"
    assert not bash(ready, "git status").blocked  # a plain allow: nothing logged
    edit = ready.hook("PostToolUse", tool_name="Edit", tool_use_id="toolu_e", session_id="sess-a",
                      tool_input={"file_path": str(root / "README.md"), "old_string": "a",
                                  "new_string": "b"}, tool_response={})
    assert "progress-reminder" in edit.context
    assert permission(ready, "ls").stdout  # approved
    assert permission(ready, "curl https://example.com").stdout == ""  # the dialog
    stop = ready.hook("Stop", session_id="sess-a", stop_hook_active=False)
    assert stop.json["decision"] == "block"
    lines = log_lines(root)
    got = [(e["event"], e["decision"], e["guard"]) for e in lines]
    assert got == [
        ("PreToolUse", "block", "bash-check"),
        ("PreToolUse", "ask", "bash-check"),
        ("PostToolUse", "warn", "progress-reminder"),
        ("PermissionRequest", "approve", "permission-gate"),
        ("PermissionRequest", "dialog", "permission-gate"),
        ("Stop", "block", "completion-check"),
    ]
    block, ask, warn, approve, dialog, stopped = lines
    assert block["input"] == "rm -rf /" and block["tool"] == "Bash"
    assert block["tool_use_id"] == "toolu_b" and block["session"] == "sess-a"
    # the reason is what the model was told, without the [playgate:guard] label
    assert block["reason"] in bash(ready, "rm -rf /").reason
    assert ask["tool_use_id"] == "toolu_ask" and "terraform" in ask["reason"]
    assert warn["input"] == str(root / "README.md")
    assert approve["phase"] == "7D" and dialog["phase"] == "7B"
    assert "not finished" in stopped["reason"]
    for entry in lines:
        assert entry["time"].endswith("Z") and entry["session"] == "sess-a"
        assert set(entry) >= {"time", "session", "event", "tool", "guard", "decision", "reason",
                              "input"}


def test_the_permission_log_and_the_decision_log_agree(ready):
    from permission import audit

    permission(ready, "ls")
    permission(ready, "git push origin main")
    gate = [(e["decision"], e["phase"]) for e in audit.read(str(ready.root))]
    mine = [(e["decision"], e["phase"]) for e in log_lines(ready.root)]
    assert [("allow" if d == "approve" else d, p) for d, p in mine] == gate


def test_refused_input_is_logged_as_a_runtime_block(installed):
    result = installed.entrypoint("UserPromptSubmit", b"not json")
    assert result.blocked
    (entry,) = log_lines(installed.root)
    assert (entry["event"], entry["decision"], entry["guard"]) == (
        "UserPromptSubmit", "block", "runtime")
    assert "malformed" in entry["reason"]
    bad = installed.entrypoint("PermissionRequest", b'{"hook_event_name": "PermissionRequest"}')
    assert (bad.code, bad.stdout) == (0, "")
    assert log_lines(installed.root)[-1]["decision"] == "dialog"


def test_the_prompt_state_injection_is_not_a_decision(installed):
    result = installed.hook("UserPromptSubmit", prompt="hello")
    assert not result.blocked
    assert [e for e in log_lines(installed.root) if e["guard"] == "prompt-state"] == []


def test_secrets_in_commands_are_masked_in_both_logs(ready):
    from permission import audit

    commands = [f"FOO_TOKEN={SECRET} rm -rf /", f"mysql -u root -p{SECRET} -e 'drop database x'",
                f"curl -H 'Authorization: Bearer {SECRET}' https://x.example",
                f"git push https://bob:{SECRET}@example.com/r.git",
                f"psql --password={SECRET} -c 'select 1'"]
    for command in commands:
        bash(ready, command)
        permission(ready, command)
    raw = (ready.root / ".claude" / "logs" / "decisions.jsonl").read_text()
    assert len(log_lines(ready.root)) >= len(commands)
    assert SECRET not in raw
    assert SECRET not in (ready.root / ".claude" / "logs" / "permission.jsonl").read_text()
    assert all("***" in e.get("command", "***") for e in audit.read(str(ready.root)))


def test_a_verdict_in_a_command_keeps_its_subtask_in_the_log(ready):
    """A verdict word before a colon is not a password: "critic's PASS:
    p1.s2 done" keeps the subtask it is about (the audit trail's point),
    while a real secret in the same command is still masked."""
    bash(ready, f"echo \"critic's PASS: p1.s2 done\" && FOO_TOKEN={SECRET} rm -rf /")
    raw = (ready.root / ".claude" / "logs" / "decisions.jsonl").read_text()
    assert "PASS: p1.s2 done" in raw
    assert SECRET not in raw


def test_a_log_that_cannot_be_written_changes_no_decision(ready, tmp_path):
    before = [bash(ready, c) for c in ("rm -rf /", "terraform destroy", "git status")]
    gate_before = permission(ready, "ls").stdout
    logs = ready.root / ".claude" / "logs"
    for p in logs.iterdir():
        p.unlink()
    logs.rmdir()
    logs.write_text("a file where the log directory belongs\n")
    after = [bash(ready, c) for c in ("rm -rf /", "terraform destroy", "git status")]
    assert [(r.exit_code, r.stdout, r.raw_stderr) for r in after] == [
        (r.exit_code, r.stdout, r.raw_stderr) for r in before]
    assert permission(ready, "ls").stdout == gate_before
    errors = ready.root / ".claude" / "logs"
    assert errors.is_file()  # nothing replaced it


def test_a_symlinked_log_is_not_written_through(ready, tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("keep\n")
    log = ready.root / ".claude" / "logs" / "decisions.jsonl"
    log.parent.mkdir(parents=True, exist_ok=True)
    os.symlink(victim, log)
    assert bash(ready, "rm -rf /").blocked
    assert victim.read_text() == "keep\n"


# ---------------------------------------------------------------- in process: the mapping
@pytest.fixture
def hook():
    from events.inputs import parse

    payload = {"hook_event_name": "PreToolUse", "session_id": "s", "tool_name": "Bash",
               "tool_input": {"command": "make deploy"}, "tool_use_id": "toolu_x",
               "agent_id": "agent-1"}
    return parse("PreToolUse", json.dumps(payload).encode())


def test_a_block_is_one_line_and_hides_what_it_overrode(hook):
    outcome = Outcome(final=Verdict(BLOCK, "no", guard="bash-check"),
                      asks=[Verdict(ASK, "maybe", guard="bash-check")],
                      warnings=[Verdict(WARN, "careful", guard="lint")])
    (line,) = decisionlog.entries("PreToolUse", hook, outcome)
    assert (line["decision"], line["guard"], line["reason"]) == ("block", "bash-check", "no")
    assert line["agent"] == "agent-1" and line["tool_use_id"] == "toolu_x"


def test_asks_and_warnings_are_a_line_each(hook):
    outcome = Outcome(asks=[Verdict(ASK, "sure?", guard="bash-check")],
                      warnings=[Verdict(WARN, "careful", guard="lint"),
                                Verdict(WARN, "state", guard="prompt-state")])
    got = [(e["decision"], e["guard"]) for e in decisionlog.entries("PreToolUse", hook, outcome)]
    assert got == [("ask", "bash-check"), ("warn", "lint")]
    assert decisionlog.entries("PreToolUse", hook, Outcome()) == []


def test_the_gate_line_names_its_phase(hook):
    final = Verdict(APPROVE, "read-only", guard="permission-gate:7D")
    (line,) = decisionlog.entries("PermissionRequest", hook, Outcome(final=final))
    assert (line["guard"], line["phase"], line["decision"]) == ("permission-gate", "7D", "approve")


def test_long_inputs_and_reasons_are_cut(hook):
    hook.tool_input["command"] = "echo " + "x" * 10_000
    (line,) = decisionlog.entries("PreToolUse", hook, Outcome(
        final=Verdict(BLOCK, "y" * 10_000, guard="g")))
    assert len(line["input"]) == decisionlog.MAX_INPUT_CHARS
    assert len(line["reason"]) == decisionlog.MAX_REASON_CHARS


def test_a_failing_logger_never_changes_the_answer(ws, monkeypatch):
    ws.ready()
    expected = ws.bash("rm -rf /")
    assert expected.blocked

    def boom(*_a, **_k):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(decisionlog, "entries", boom)
    again = ws.bash("rm -rf /")
    assert (again.code, again.stdout, again.stderr) == (expected.code, expected.stdout,
                                                        expected.stderr)
    monkeypatch.setattr(decisionlog, "encode", boom)
    assert ws.bash("rm -rf /").stdout == expected.stdout


def test_answering_without_applying_logs_nothing(ws):
    ws.ready()
    payload = ws.payload("PreToolUse", tool_name="Bash", tool_input={"command": "rm -rf /"})
    runtime.evaluate("PreToolUse", json.dumps(payload).encode(), env=ws.env, apply=False)
    assert not (ws.root / ".claude" / "logs" / "decisions.jsonl").exists()


# ---------------------------------------------------------------- writing: rotation, parallel
def line(i: int, pad: int = 0) -> dict:
    return {"time": decisionlog.timestamp(), "session": "s", "event": "PreToolUse",
            "tool": "Bash", "guard": "g", "decision": "block", "reason": f"r {i}",
            "input": "x" * pad}


def test_rotation_keeps_generations_in_order(tmp_path, monkeypatch):
    monkeypatch.setattr(decisionlog, "MAX_BYTES", 3000)
    for i in range(300):
        assert decisionlog.write(str(tmp_path), [line(i, 40)])
    path = Path(layout.join(str(tmp_path), layout.DECISIONS_LOG))
    assert path.stat().st_size <= 3000
    for n in range(1, decisionlog.KEEP + 1):
        assert Path(f"{path}.{n}").exists()
    assert not Path(f"{path}.{decisionlog.KEEP + 1}").exists()
    numbers = [int(e["reason"].split()[1]) for e in decisionlog.read_all(str(tmp_path))]
    assert numbers == sorted(numbers) and numbers[-1] == 299
    assert numbers == list(range(numbers[0], 300))  # nothing lost inside the kept window


WRITER = """
import sys
sys.path.insert(0, sys.argv[1])
from events import decisionlog
decisionlog.MAX_BYTES = int(sys.argv[4])
for i in range(int(sys.argv[3])):
    lines = [{"time": decisionlog.timestamp(), "session": sys.argv[5], "event": "PreToolUse",
              "tool": "Bash", "guard": "g", "decision": "warn", "reason": f"{sys.argv[5]} {i} {k}",
              "input": "y" * (i % 200)} for k in range(3)]
    assert decisionlog.write(sys.argv[2], lines)
"""


def test_parallel_hooks_never_interleave_lines(tmp_path):
    from conftest import SUITE

    procs = [subprocess.Popen([sys.executable, "-c", WRITER, str(SUITE), str(tmp_path), "150",
                               str(10 ** 7), f"w{n}"]) for n in range(6)]
    assert [p.wait(timeout=120) for p in procs] == [0] * 6
    raw = Path(layout.join(str(tmp_path), layout.DECISIONS_LOG)).read_text().splitlines()
    assert len(raw) == 6 * 150 * 3
    seen = {json.loads(r)["reason"] for r in raw}  # every line whole JSON
    assert len(seen) == len(raw)


def test_parallel_rotation_loses_no_line_it_keeps(tmp_path):
    from conftest import SUITE

    procs = [subprocess.Popen([sys.executable, "-c", WRITER, str(SUITE), str(tmp_path), "120",
                               "20000", f"w{n}"]) for n in range(4)]
    assert [p.wait(timeout=120) for p in procs] == [0] * 4
    base = Path(layout.join(str(tmp_path), layout.DECISIONS_LOG))
    for path in base.parent.glob("decisions.jsonl*"):
        for raw in path.read_text().splitlines():
            json.loads(raw)  # whole lines only
        assert path.stat().st_size <= 2 * 20000


def test_unwritable_log_never_raises(tmp_path):
    (tmp_path / ".claude").mkdir()
    (tmp_path / ".claude" / "logs").write_text("not a directory")
    assert decisionlog.write(str(tmp_path), [line(1)]) is False
    assert decisionlog.record(str(tmp_path), "PreToolUse", None, Outcome(
        final=Verdict(BLOCK, "x", guard="g"))) is False


# ---------------------------------------------------------------- playgate logs
@pytest.fixture
def logged(ready):
    bash(ready, "rm -rf /", session="sess-a")
    bash(ready, f"FOO_TOKEN={SECRET} rm -rf ~", session="sess-b")
    bash(ready, "terraform destroy", session="sess-b")
    permission(ready, "ls", session="sess-a")
    permission(ready, "curl https://example.com", session="sess-b")
    return ready


def test_logs_lists_every_decision_with_filters(logged):
    root = logged.root
    out = run_cli(root, "logs")
    assert out.returncode == 0, out.stderr
    text = out.stdout.decode()
    assert text.count("\n    → ") == 5 and "5 decision(s)" in text
    assert SECRET.encode() not in out.stdout and b"FOO_TOKEN=***" in out.stdout

    def entries(*args):
        proc = run_cli(root, "logs", "--json", *args)
        assert proc.returncode == 0, proc.stderr
        return as_json(proc)["entries"]

    assert [e["input"] for e in entries("--decision", "block")] == [
        "rm -rf /", "FOO_TOKEN=*** rm -rf ~"]
    assert {e["session"] for e in entries("--session", "sess-b")} == {"sess-b"}
    assert len(entries("--session", "sess-")) == 5
    assert [e["decision"] for e in entries("--guard", "permission-gate")] == ["approve",
                                                                               "dialog"]
    assert [e["decision"] for e in entries("--guard", "bash-check", "--session", "sess-b")] == [
        "block", "ask"]
    assert len(entries("--since", "1h")) == 5
    future = time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(time.time() + 3600))
    assert entries("--since", future) == []
    assert len(entries("--since", "2000-01-01T00:00:00Z")) == 5
    assert [e["decision"] for e in entries("--limit", "2")] == ["approve", "dialog"]
    assert [e["event"] for e in entries("--event", "PermissionRequest")] == [
        "PermissionRequest"] * 2


def test_logs_summary_counts_blocks_per_guard_and_reasons(logged):
    bash(logged, "rm -rf /", session="sess-c")
    proc = run_cli(logged.root, "logs", "--summary", "--json")
    summary = as_json(proc)["summary"]
    assert summary["total"] == 6 and summary["sessions"] == 3
    assert summary["decisions"] == {"block": 3, "approve": 1, "ask": 1, "dialog": 1}
    assert summary["blocks_per_guard"] == [["bash-check", 3]]
    top = summary["reasons"][0]
    assert top["count"] == 2 and top["guard"] == "bash-check" and "'/'" in top["reason"]
    text = run_cli(logged.root, "logs", "--summary").stdout.decode()
    assert "blocks per guard:" in text and "bash-check" in text and "most frequent" in text


def test_logs_with_an_empty_log_and_bad_options(installed):
    proc = run_cli(installed.root, "logs")
    assert proc.returncode == 0 and b"no decision matches" in proc.stdout
    bad = run_cli(installed.root, "logs", "--since", "yesterday-ish")
    assert bad.returncode == 2 and b"--since" in bad.stderr
    assert run_cli(installed.root, "logs", "--decision", "maybe").returncode == 2


# ---------------------------------------------------------------- property: any payload
LOGGED = sorted(decisionlog.EVENTS)


@pytest.mark.hypothesis  # drawn inside the test: the explore target draws it too
@pytest.mark.parametrize("event", LOGGED)
def test_any_payload_is_answered_the_same_with_or_without_the_log(event, tmp_path_factory):
    """For any payload (well-formed or malformed) of a logged event, the
    answer with a working log equals the answer with a logger that fails;
    every line written is one JSON object with the documented keys."""
    from _foundation import Workspace
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st
    from strategies import malformed, well_formed

    @settings(max_examples=25, deadline=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture,
                                     HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(case=st.one_of(well_formed(event), malformed(event)))
    def run(case):
        base = tmp_path_factory.mktemp("any")
        answers = []
        for broken in (False, True):
            ws = Workspace(base / ("b" if broken else "a")).ready()  # same length: same offsets
            data = case.build(str(ws.root))
            if broken:
                saved = decisionlog.entries
                decisionlog.entries = lambda *a: (_ for _ in ()).throw(OSError("boom"))
                try:
                    answer = runtime.evaluate(event, data, env=ws.env)[:3]
                finally:
                    decisionlog.entries = saved
            else:
                answer = runtime.evaluate(event, data, env=ws.env)[:3]
                for entry in log_lines(ws.root):
                    assert entry["decision"] in decisionlog.DECISIONS
                    assert {"time", "session", "event", "tool", "guard", "reason",
                            "input"} <= set(entry)
                    assert entry["event"] == event
            # the two roots differ in one letter: compare with it written out
            answers.append(json.dumps(answer).replace(json.dumps(str(ws.root))[1:-1], "@ROOT@"))
        assert answers[0] == answers[1]

    run()


def test_a_logger_that_cannot_even_be_imported_changes_no_answer(ws, monkeypatch):
    ws.ready()
    expected = ws.bash("rm -rf /")
    monkeypatch.setitem(sys.modules, "events.decisionlog", None)  # import fails
    import events

    monkeypatch.delattr(events, "decisionlog", raising=False)
    again = ws.bash("rm -rf /")
    assert (again.code, again.stdout, again.stderr) == (expected.code, expected.stdout,
                                                        expected.stderr)
