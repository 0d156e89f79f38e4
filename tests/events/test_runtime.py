"""The hook runtime (events.runtime, events.render, events.verdict, events.edits):
chain semantics, effects, rendering per event, fail-safe, and the hot path's imports."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import types

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from draws import examples

from events import edits, render, runtime
from events.render import Outcome
from events.verdict import (
    ALLOW,
    APPROVE,
    BLOCK,
    DELEGATE,
    WARN,
    Effect,
    Verdict,
    allow,
    approve,
    block,
    delegate,
    warn,
)

SUITE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EVENTS = list(runtime.UNITS)
GATING = {"PreToolUse", "Stop", "SubagentStop", "UserPromptSubmit"}


# ---------------------------------------------------------------- chain
class FakeCtx:
    def __init__(self, root):
        self.root = str(root)
        self.event = "PreToolUse"
        self.language = "en"


def guards(monkeypatch, **modules):
    def load(name):
        return modules[name]

    monkeypatch.setattr(runtime, "load_guard", load)


def mod(name, fn, advisory=False):
    return types.SimpleNamespace(NAME=name, ADVISORY=advisory, check=fn)


def test_first_block_ends_the_chain_and_warnings_accumulate(monkeypatch, tmp_path):
    ran = []

    def g(name, verdict):
        def check(ctx):
            ran.append(name)
            return verdict
        return mod(name, check)

    guards(monkeypatch, a=g("a", warn("w1")), b=g("b", allow()), c=g("c", warn("w2")),
           d=g("d", block("stop")), e=g("e", warn("never")))
    outcome = runtime.run_chain(FakeCtx(tmp_path), ["a", "b", "c", "d", "e"])
    assert ran == ["a", "b", "c", "d"]
    assert [w.message for w in outcome.warnings] == ["w1", "w2"]
    assert outcome.final.kind == BLOCK and outcome.final.guard == "d"
    assert [name for name, _ in outcome.trace] == ["a", "b", "c", "d"]
    assert outcome.blocked


@pytest.mark.parametrize("kind", [DELEGATE, APPROVE])
def test_delegate_and_approve_also_end_the_chain(monkeypatch, tmp_path, kind):
    v = delegate("go", "ctx") if kind == DELEGATE else approve()
    guards(monkeypatch, a=mod("a", lambda ctx: v), b=mod("b", lambda ctx: 1 / 0))
    outcome = runtime.run_chain(FakeCtx(tmp_path), ["a", "b"])
    assert outcome.final is v and len(outcome.trace) == 1
    assert outcome.blocked is (kind == DELEGATE)


def test_security_guard_exception_blocks_naming_the_guard_and_the_log(monkeypatch, tmp_path):
    def broken(ctx):
        raise KeyError("bug")

    guards(monkeypatch, a=mod("my-guard", broken), b=mod("b", lambda ctx: allow()))
    outcome = runtime.run_chain(FakeCtx(tmp_path), ["a", "b"])
    assert outcome.final.kind == BLOCK
    assert "my-guard" in outcome.final.message and "errors.log" in outcome.final.message
    log = (tmp_path / ".claude" / "logs" / "errors.log").read_text()
    assert "guard my-guard" in log and "KeyError: 'bug'" in log


def test_advisory_guard_exception_is_logged_and_skipped(monkeypatch, tmp_path):
    guards(monkeypatch, a=mod("adv", lambda ctx: 1 / 0, advisory=True),
           b=mod("b", lambda ctx: warn("after")))
    outcome = runtime.run_chain(FakeCtx(tmp_path), ["a", "b"])
    assert outcome.final is None and [w.message for w in outcome.warnings] == ["after"]
    assert "ZeroDivisionError" in (tmp_path / ".claude" / "logs" / "errors.log").read_text()


def test_a_guard_returning_something_else_is_a_bug(monkeypatch, tmp_path):
    guards(monkeypatch, a=mod("a", lambda ctx: True))
    outcome = runtime.run_chain(FakeCtx(tmp_path), ["a"])
    assert outcome.final.kind == BLOCK


def test_unimportable_guard_blocks(monkeypatch, tmp_path):
    def load(name):
        raise ImportError("no module")

    monkeypatch.setattr(runtime, "load_guard", load)
    outcome = runtime.run_chain(FakeCtx(tmp_path), ["missing_guard"])
    assert outcome.final.kind == BLOCK and "missing_guard" in outcome.final.message


def test_error_log_rotates(tmp_path):
    log = tmp_path / ".claude" / "logs" / "errors.log"
    log.parent.mkdir(parents=True)
    log.write_text("x" * (runtime.ERROR_LOG_MAX + 1))
    try:
        raise ValueError("new")
    except ValueError:
        runtime.log_error(str(tmp_path), "PreToolUse", "test")
    assert (tmp_path / ".claude" / "logs" / "errors.log.1").exists()
    assert "ValueError: new" in log.read_text() and log.stat().st_size < 10_000


def test_log_error_never_raises(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    runtime.log_error(str(blocker), "PreToolUse", "test")  # .claude cannot be created


# ---------------------------------------------------------------- effects
def test_effects_on_pass_only_when_passed_on_block_only_when_blocked_always_always(tmp_path):
    done = []
    ok = Effect(done.append, "on_pass")
    refused = Effect(done.append, "on_block", when="on_block")
    always = Effect(done.append, "always", when="always")

    def failing():
        raise OSError("disk")

    bad = Effect(failing, when="always", label="bad effect")
    outcome = Outcome(final=Verdict(BLOCK, "no"), trace=[
        ("a", Verdict(ALLOW, effects=(ok, refused, always, bad))), ("b", Verdict(BLOCK, "no"))])
    runtime.apply_effects(FakeCtx(tmp_path), outcome)
    assert done == ["on_block", "always"]
    assert "bad effect" in (tmp_path / ".claude" / "logs" / "errors.log").read_text()
    done.clear()
    outcome = Outcome(trace=[("a", Verdict(ALLOW, effects=(ok, refused, always)))])
    runtime.apply_effects(FakeCtx(tmp_path), outcome)
    assert done == ["on_pass", "always"]


def test_verdict_and_effect_validate_their_arguments():
    with pytest.raises(ValueError):
        Verdict("maybe")
    with pytest.raises(ValueError):
        Effect(print, when="later")
    assert delegate("m", "c").text() == "m\nc"
    assert Verdict(DELEGATE, "", context="c").text() == "c"


# ---------------------------------------------------------------- render
def outcome_of(*verdicts, guard="g"):
    out = Outcome()
    for v in verdicts:
        v.guard = v.guard or guard
        out.trace.append((v.guard, v))
        if v.kind == WARN:
            out.warnings.append(v)
        elif v.kind in (BLOCK, DELEGATE, APPROVE):
            out.final = v
            break
    return out


def test_pretooluse_block_is_exit_2_with_stderr_only():
    code, out, err = render.render("PreToolUse", outcome_of(warn("w"), block("b", )))
    assert (code, out) == (2, "") and err == "[playgate:g] b\n"


def test_pretooluse_delegate_carries_its_context():
    code, out, err = render.render("PreToolUse", outcome_of(delegate("use codex", "subtask s1")))
    assert code == 2 and "use codex\nsubtask s1" in err


@pytest.mark.parametrize("event", ["PreToolUse", "PostToolUse", "UserPromptSubmit",
                                   "SessionStart", "SubagentStart"])
def test_warnings_become_additional_context(event):
    v1, v2 = warn("one"), warn("two")
    v1.guard, v2.guard = "a", "b"
    code, out, err = render.render(event, outcome_of(v1, v2))
    assert code == 0 and err == ""
    assert json.loads(out) == {"hookSpecificOutput": {
        "hookEventName": event, "additionalContext": "[playgate:a] one\n\n[playgate:b] two"}}


@pytest.mark.parametrize("event", ["Stop", "SubagentStop"])
def test_stop_block_is_a_decision_and_warnings_a_system_message(event):
    code, out, err = render.render(event, outcome_of(block("unfinished")))
    assert code == 0 and json.loads(out) == {"decision": "block",
                                             "reason": "[playgate:g] unfinished"}
    code, out, err = render.render(event, outcome_of(warn("left")))
    assert code == 0 and json.loads(out) == {"systemMessage": "[playgate:g] left"}


def test_permission_request_allow_or_nothing():
    code, out, err = render.render("PermissionRequest", outcome_of(approve("fine")))
    assert code == 0 and json.loads(out) == {"hookSpecificOutput": {
        "hookEventName": "PermissionRequest", "decision": {"behavior": "allow"}}}
    for o in (outcome_of(block("no")), outcome_of(warn("w")), Outcome()):
        assert render.render("PermissionRequest", o) == (0, "", "")


def test_informational_events_cannot_block():
    for event in ("SessionEnd", "Notification"):
        code, out, err = render.render(event, outcome_of(block("x")))
        assert code == 0 and "systemMessage" in json.loads(out)
    assert render.render("PreCompact", outcome_of(block("x")))[0] == 2


def test_nothing_to_say_is_silence():
    for event in EVENTS:
        assert render.render(event, Outcome()) == (0, "", "")


def test_long_messages_are_clipped_below_claude_codes_limit():
    code, out, err = render.render("PreToolUse", outcome_of(block("x" * 50_000)))
    assert len(err) < 10_000 and "truncated" in err
    code, out, err = render.render("PreToolUse", outcome_of(warn("y" * 50_000)))
    assert len(json.loads(out)["hookSpecificOutput"]["additionalContext"]) < 10_000


@pytest.mark.parametrize("event", EVENTS)
def test_malformed_rendering_per_event(event):
    code, out, err = render.malformed(event, "bad\ninput")
    if event in GATING:
        assert code == 2 and out == "" and err.count("\n") == 1 and "bad input" in err
    else:
        assert (code, out, err) == (0, "", "")


# ---------------------------------------------------------------- evaluate never raises
def test_runtime_bug_fails_safe(ws, monkeypatch):
    from events import pre_tool_use

    def broken(ctx):
        raise RuntimeError("unit bug")

    monkeypatch.setattr(pre_tool_use, "chain", broken)
    code, out, err, outcome = ws.evaluate("PreToolUse", ws.payload(
        "PreToolUse", tool_name="Read", tool_input={"file_path": "/x"}))
    assert code == 2 and outcome is None and "internal error" in err and "errors.log" in err
    assert "unit bug" in (ws.root / ".claude" / "logs" / "errors.log").read_text()


@pytest.mark.parametrize("event", EVENTS)
def test_every_event_accepts_a_minimal_payload(ws, event):
    fields = {}
    if event in ("PreToolUse", "PostToolUse", "PermissionRequest", "PostToolUseFailure"):
        fields = {"tool_name": "Read", "tool_input": {"file_path": str(ws.root / "README")}}
    if event == "PostToolUseFailure":
        fields = {"tool_name": "Bash", "tool_input": {"command": "false"}, "error": "exit 1"}
    if event == "UserPromptSubmit":
        fields = {"prompt": "hello"}
    code, out, err, outcome = ws.evaluate(event, ws.payload(event, **fields))
    assert code in (0, 2) and outcome is not None
    assert out == "" or isinstance(json.loads(out), dict)


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=12),
    lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=8), c, max_size=3),
    max_leaves=8)
TOOL_INPUT = st.fixed_dictionaries({}, optional={
    "command": st.one_of(st.sampled_from(["ls", "git status", "touch x", "rm -rf /tmp/x"]),
                         JSONISH),
    "file_path": st.one_of(st.sampled_from(["/etc/passwd", "state.md", "../x", "", "a\\b"]),
                           JSONISH),
    "content": JSONISH, "old_string": JSONISH, "new_string": JSONISH, "skill": JSONISH,
    "subagent_type": JSONISH, "edits": JSONISH, "replace_all": JSONISH})


@st.composite
def payloads(draw):
    event = draw(st.sampled_from(EVENTS))
    obj = draw(st.fixed_dictionaries({}, optional={
        "tool_name": st.sampled_from(["Read", "Edit", "Write", "MultiEdit", "NotebookEdit",
                                      "Bash", "Skill", "Task", "Agent", "Glob", "mcp__x__y"]),
        "tool_input": TOOL_INPUT, "prompt": JSONISH, "source": JSONISH,
        "stop_hook_active": JSONISH, "cwd": JSONISH, "agent_type": JSONISH}))
    obj["hook_event_name"] = draw(st.sampled_from([event, event, event, "Other"]))
    return event, obj


def check_contract(event, code, out, err):
    assert code in (0, 2), code
    if code == 2:
        assert event in GATING or event == "PreCompact"
        assert out == "" and err.strip() and "Traceback" not in err
    if out:
        assert isinstance(json.loads(out), dict)
    if event == "PermissionRequest":
        assert code == 0 and err == ""
        assert out == "" or json.loads(out)["hookSpecificOutput"]["decision"] == {
            "behavior": "allow"}


@settings(max_examples=examples(400), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(case=payloads())
def test_evaluate_honours_the_contract_for_any_payload(ws, case):
    event, obj = case
    code, out, err, _ = ws.evaluate(event, json.dumps(obj).encode())
    check_contract(event, code, out, err)


@settings(max_examples=examples(300), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(event=st.sampled_from(EVENTS), data=st.binary(max_size=200))
def test_evaluate_honours_the_contract_for_any_bytes(ws, event, data):
    code, out, err, _ = ws.evaluate(event, data)
    check_contract(event, code, out, err)
    if event in GATING:
        assert code == 2 or data.strip().startswith(b"{")


# ---------------------------------------------------------------- edits
@pytest.mark.parametrize("tool,tool_input,before,after,applies", [
    ("Write", {"content": "new"}, "old", "new", True),
    ("Write", {"content": "new"}, None, "new", True),
    ("Edit", {"old_string": "a", "new_string": "b"}, "xax", "xbx", True),
    ("Edit", {"old_string": "a", "new_string": "b"}, "aa", "aa", False),  # ambiguous
    ("Edit", {"old_string": "a", "new_string": "b", "replace_all": True}, "aa", "bb", True),
    ("Edit", {"old_string": "z", "new_string": "b"}, "aa", "aa", False),
    ("Edit", {"old_string": "a", "new_string": "a"}, "a", "a", False),  # no change: refused
    ("Edit", {"old_string": "", "new_string": "b"}, "", "b", True),
    ("Edit", {"old_string": "", "new_string": "b"}, "x", "x", False),
    ("Edit", {"old_string": "x", "new_string": "b"}, None, None, False),
    ("Edit", {"old_string": "it's", "new_string": "it is"}, "it\u2019s", "it is", True),
    ("MultiEdit", {"edits": [{"old_string": "a", "new_string": "b"},
                             {"old_string": "b", "new_string": "c"}]}, "a", "c", True),
    ("MultiEdit", {"edits": [{"old_string": "a", "new_string": "b"},
                             {"old_string": "zz", "new_string": "c"}]}, "a", "a", False),
])
def test_post_edit_follows_claude_codes_semantics(tool, tool_input, before, after, applies):
    result = edits.compute(tool, tool_input, before)
    assert result.applies is applies
    assert result.after == after
    assert result.changed is (applies and after != before)


def test_notebook_edits():
    nb = json.dumps({"cells": [{"id": "a", "cell_type": "code", "source": "1"},
                               {"id": "b", "cell_type": "code", "source": "2"}],
                     "metadata": {}})
    r = edits.compute("NotebookEdit", {"cell_id": "b", "new_source": "X"}, nb)
    assert json.loads(r.after)["cells"][1]["source"] == "X" and r.applies
    r = edits.compute("NotebookEdit", {"cell_id": "a", "new_source": "N", "edit_mode": "insert"},
                      nb)
    assert [c["source"] for c in json.loads(r.after)["cells"]] == ["1", "N", "2"]
    r = edits.compute("NotebookEdit", {"cell_id": "a", "edit_mode": "delete"}, nb)
    assert [c["source"] for c in json.loads(r.after)["cells"]] == ["2"]
    r = edits.compute("NotebookEdit", {"cell_id": "zz", "new_source": "x"}, nb)
    assert not r.applies and r.error.key == "edits.no_cell"
    assert edits.compute("NotebookEdit", {"cell_id": "zz", "edit_mode": "delete"},
                         nb).error.key == "edits.no_cell"
    assert edits.compute("NotebookEdit", {"new_source": "x"},
                         "not json").error.key == "edits.notebook_not_json"
    assert edits.compute("NotebookEdit", {"new_source": "x"},
                         "{}").error.key == "edits.notebook_no_cells"
    assert edits.compute("NotebookEdit", {"new_source": "x"}, None).error.key == \
        "edits.no_notebook"
    error = edits.compute("Read", {"file_path": "x"}, "text").error
    assert (error.key, error.fields) == ("edits.not_an_edit", {"tool": "Read"})


def test_read_current(tmp_path):
    assert edits.read_current(str(tmp_path / "missing")) == (None, "")
    is_dir = edits.read_current(str(tmp_path))[1]
    assert (is_dir.key, is_dir.fields) == ("edits.is_dir", {}), is_dir
    (tmp_path / "big").write_bytes(b"x" * 20)
    too_large = edits.read_current(str(tmp_path / "big"), limit=10)[1]
    assert (too_large.key, too_large.fields) == ("edits.too_large", {"limit": 10}), too_large


# ---------------------------------------------------------------- hot path imports
HEAVY = ("json", "re", "functools", "typing", "dataclasses", "pathlib", "subprocess",
         "tempfile", "shutil", "yaml", "pydantic", "jsonschema", "bashlex", "enum")

PROBE = r"""
import sys
before = set(sys.modules)
sys.path.insert(0, sys.argv[1])
sys.path.extend(sys.argv[6].split("\x1f"))  # site-packages, without running .pth hooks
event, payload = sys.argv[2], sys.argv[3].encode()
env = dict(pair.split("=", 1) for pair in sys.argv[4].split("\x1f"))
from events import runtime
code, out, err, _ = runtime.evaluate(event, payload, env=env)
heavy = sorted(set(sys.argv[5].split(",")) & {m.split(".")[0] for m in set(sys.modules) - before})
print(code, " ".join(heavy))
"""


def probe(ws, event, payload):
    pairs = "\x1f".join(f"{k}={v}" for k, v in ws.env.items())
    # -S: no site (a development install's import hooks load re at start-up)
    import site

    # The probe's own environment, not whatever earlier tests left in this
    # process's os.environ: the result must not depend on the tests before.
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(ws.root.parent),
           "PYTHONDONTWRITEBYTECODE": "1"}
    proc = subprocess.run([sys.executable, "-S", "-c", PROBE, SUITE, event, json.dumps(payload),
                           pairs, ",".join(HEAVY), "\x1f".join(site.getsitepackages())],
                          capture_output=True, text=True, timeout=60, env=env)
    assert proc.returncode == 0, proc.stderr
    code, _, heavy = proc.stdout.strip().partition(" ")
    return int(code), heavy.split()


def test_hot_paths_import_nothing_heavy(ws):
    """CONTRIBUTING speed rules, checked structurally (timings live in the benchmark)."""
    # As installed: the bashlex parser tables are current for this
    # interpreter (the installer builds them). The checkout's copy is shared
    # by every process that analysed a command with it before, whichever
    # interpreter and bashlex that was; without this the result depended on
    # the tests that ran first.
    if subprocess.run([sys.executable, "-m", "shell.bashparse", "--check"], cwd=SUITE,
                      capture_output=True, timeout=120).returncode != 0:
        subprocess.run([sys.executable, "-m", "shell.bashparse"], cwd=SUITE, check=True,
                       capture_output=True, timeout=120)
    ws.ready()
    (ws.root / "play" / "p1" / "plan.json").write_text(json.dumps(
        {"meta": {"id": "p1", "reviewed": True, "reviewed_by": "reviewer"}, "context": {"a": 1},
         "goal": {"scope": {"includes": ["src/**"]}},
         "phases": [{"id": "p1", "subtasks": [{"id": "s1", "criterion": "c"}]}]}))
    from statefiles import state_md

    state_md.load(str(ws.root))  # the cache a previous hook call leaves
    cases = {
        "read": ("PreToolUse", ws.payload("PreToolUse", tool_name="Read",
                                          tool_input={"file_path": ws.abs("src/app.py")})),
        "edit": ("PreToolUse", ws.payload("PreToolUse", tool_name="Edit", tool_input={
            "file_path": ws.abs("src/app.py"), "old_string": "x", "new_string": "y"})),
        "write-new": ("PreToolUse", ws.payload("PreToolUse", tool_name="Write", tool_input={
            "file_path": ws.abs("src/new.py"), "content": "x"})),
        # The new text of state.md is read without PyYAML or re
        "edit-state": ("PreToolUse", ws.payload("PreToolUse", tool_name="Edit", tool_input={
            "file_path": ws.abs("state.md"), "old_string": "milestone: null",
            "new_string": "milestone: m2"})),
        # Bashlex is loaded without re, enum, functools
        "bash-bashlex": ("PreToolUse", ws.payload("PreToolUse", tool_name="Bash", tool_input={
            "command": 'for f in src/*.py; do echo "$f"; done | sort'})),
        # The agent's commit idiom runs git (the commit checks) without
        # importing subprocess (statefiles/spawn.py)
        "bash-commit-heredoc": ("PreToolUse", ws.payload("PreToolUse", tool_name="Bash", tool_input={
            "command": "git commit -m \"$(cat <<'EOF'\nfix: the parser\n\nWhy.\nEOF\n)\""})),
        "session-end": ("SessionEnd", ws.payload("SessionEnd", reason="other")),
        "stop": ("Stop", ws.payload("Stop", stop_hook_active=False)),
        # last: it re-arms init-guard for the calls after it
        "session-start": ("SessionStart", ws.payload("SessionStart", source="startup")),
    }
    results = {name: probe(ws, *args) for name, args in cases.items()}
    assert results["read"] == (0, [])
    assert results["edit"] == (0, [])
    assert results["write-new"] == (0, [])
    assert results["edit-state"] == (0, []), results
    assert results["bash-bashlex"][1] == ["bashlex"], results
    assert "subprocess" not in results["bash-commit-heredoc"][1], results
    assert "subprocess" not in results["session-end"][1], results
    assert results["stop"] == (0, []), results
    # SessionStart on a warm cache writes last_start without PyYAML
    assert results["session-start"] == (0, []), results
