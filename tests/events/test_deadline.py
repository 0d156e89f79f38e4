"""A time budget the hook cannot overrun.

Claude Code lets a call through when a hook times out, so every gating hook
answers within half its registered timeout whatever the input. Tested as
properties, never with a stopwatch (timings are the worst-case benchmark's
job, ``python -m bench --worst``):

* a deadline injected as already passed yields a block (PreToolUse) or the
  dialog (PermissionRequest) for every command, never an allow;
* the watchdog, when it fires, answers for the hook the same way (through the
  installed hook, with the timer set to fire at once);
* the loops that made the analysis quadratic or worse are bounded by
  counters we can assert: working-directory candidates, recorded paths,
  bash-check's walks of the same tree;
* the registered timeouts and the runtime's table agree, and the gating
  registrations keep ``onFailure: block`` as the second line of defence.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from bashenv import make_workspace
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from draws import examples
from saying import says
from strategies import commands

from events import runtime
from shell import analyse, limits

SUITE = Path(__file__).resolve().parents[2]
PROPERTY = settings(max_examples=examples(60), deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow])


@pytest.fixture(scope="module")
def ws(tmp_path_factory):
    return make_workspace(tmp_path_factory.mktemp("deadline"))


@pytest.fixture(autouse=True)
def _no_leaked_deadline():
    limits.clear_deadline()
    yield
    limits.clear_deadline()


# ---------------------------------------------------------------- registration
def test_runtime_knows_the_registered_timeouts():
    template = json.loads((SUITE / "settings.template.json").read_text())
    for event, timeout in runtime.HOOK_TIMEOUT_S.items():
        registered = {h["timeout"] for group in template["hooks"][event] for h in group["hooks"]}
        assert registered == {timeout}, event
        # the watchdog answers well inside half the timeout
        assert runtime.watchdog_seconds(event, env={}) < timeout / 2
        assert runtime.analysis_seconds(event, env={}) < runtime.watchdog_seconds(event, env={})


def test_gating_hooks_keep_on_failure_block_as_second_line():
    template = json.loads((SUITE / "settings.template.json").read_text())
    for event in ("PreToolUse", "UserPromptSubmit"):
        for group in template["hooks"][event]:
            for hook in group["hooks"]:
                assert hook.get("onFailure") == "block", event


def test_environment_can_only_lower_the_bounds():
    assert runtime.analysis_seconds("PreToolUse", env={runtime.DEADLINE_ENV: "1000"}) == \
        runtime.analysis_seconds("PreToolUse", env={})
    assert runtime.analysis_seconds("PreToolUse", env={runtime.DEADLINE_ENV: "0"}) == 0
    for junk in ("nan", "-5", "soon", ""):
        value = runtime.analysis_seconds("PreToolUse", env={runtime.DEADLINE_ENV: junk})
        assert 0 <= value <= runtime.analysis_seconds("PreToolUse", env={})


# ---------------------------------------------------------------- expired deadline
@PROPERTY
@given(command=commands)
def test_expired_deadline_makes_every_analysis_too_complex(command):
    if not command.strip() or "\x00" in command:
        return
    limits.set_deadline(0)
    a = analyse(command, root=str(SUITE))
    assert a.unknown
    assert a.too_complex or a.reasons  # stopped, and says why
    assert not a.read_only


@PROPERTY
@given(command=commands)
def test_expired_deadline_never_allows_a_bash_call(ws, command, monkeypatch):
    monkeypatch.setenv(runtime.DEADLINE_ENV, "0")
    code, _err, out = ws.decide(command)
    assert code == 2, (command, out)


@PROPERTY
@given(command=st.sampled_from(["ls", "git status", "cat README.md", "echo hi", "pwd",
                                "git log --oneline -5", "grep -rn x src"]) | commands)
def test_expired_deadline_never_approves_a_permission_request(ws, command, monkeypatch):
    monkeypatch.setenv(runtime.DEADLINE_ENV, "0")
    payload = json.dumps(ws.payload("PermissionRequest", tool_name="Bash",
                                    tool_input={"command": command})).encode()
    code, out, _err, _outcome = runtime.evaluate("PermissionRequest", payload, root=str(ws.root))
    assert code == 0 and '"allow"' not in out


def test_bash_check_says_too_complex(ws, monkeypatch):
    monkeypatch.setenv(runtime.DEADLINE_ENV, "0")
    code, err, _out = ws.decide("ls src")
    assert code == 2 and says(err, "bash_check.too_complex"), err


# ---------------------------------------------------------------- the watchdog
@pytest.mark.parametrize("event,fields,expect", [
    ("PreToolUse", {"tool_name": "Bash", "tool_input": {"command": "ls"},
                    "tool_use_id": "t"}, "block"),
    ("PreToolUse", {"tool_name": "Write", "tool_input": {"file_path": "x", "content": "y"},
                    "tool_use_id": "t"}, "block"),
    ("UserPromptSubmit", {"prompt": "hello"}, "block"),
    ("Stop", {"stop_hook_active": False}, "stop-block"),
    ("Stop", {"stop_hook_active": True}, "stop-allow"),
    ("SubagentStop", {"stop_hook_active": False}, "stop-block"),
    ("PermissionRequest", {"tool_name": "Bash", "tool_input": {"command": "ls"}}, "dialog"),
])
def test_watchdog_answers_for_a_hook_that_runs_out_of_time(ws, event, fields, expect):
    # The payload is on stdin before the timer (1 ms) fires: what the hook
    # answers then is the property; a pipe written later is a race.
    result = ws.hook(event, env={runtime.WATCHDOG_ENV: "0"}, stdin_ready=True, **fields)
    if expect == "block":
        assert result.blocked and says(result.reason, "runtime.too_complex", event=event), result
        # main's rendering: the reason as JSON on exit 0, so
        # the fail-closed tail of the registered command never runs
        assert result.exit_code == 0 and result.json_block, result
        assert json.loads(result.stdout)["hookSpecificOutput"]["permissionDecision"] == "deny" \
            if event == "PreToolUse" else json.loads(result.stdout)["decision"] == "block"
    elif expect == "dialog":
        assert result.exit_code == 0 and result.stdout == "", result
    else:
        data = result.json
        assert result.exit_code == 0 and data is not None, result
        if expect == "stop-block":
            assert data.get("decision") == "block", data
            assert says(data["reason"], "runtime.too_complex", event=event), data
        else:
            assert "decision" not in data, data
            assert says(data["systemMessage"], "runtime.too_complex", event=event), data


@pytest.mark.parametrize("active", [True, False])
def test_the_watchdog_reads_stop_hook_active_from_a_payload_already_read(active):
    """The race the test above met on a loaded machine: the bootstrap has
    read stdin (it is empty now) and the timer fires before the payload is
    looked at. The watchdog takes stop_hook_active from the bytes read, so
    a Stop that Claude Code says is already continuing is let go."""
    payload = json.dumps({"hook_event_name": "Stop", "session_id": "s",
                          "stop_hook_active": active}).encode()
    script = (f"import sys; sys.path.insert(0, {str(SUITE)!r})\n"
              "from events import runtime\n"
              "runtime._WATCH.update(event='Stop', stop_active=None, raw=sys.argv[1].encode())\n"
              "runtime._on_watchdog(14, None)\n")
    proc = subprocess.run([sys.executable, "-c", script, payload.decode()],
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60,
                          check=False)
    data = json.loads(proc.stdout)
    assert proc.returncode == 0, proc.stderr
    if active:
        assert "decision" not in data and says(data["systemMessage"], "runtime.too_complex",
                                               event="Stop"), data
    else:
        assert data.get("decision") == "block", data


_SPACE = st.sampled_from(["", " ", "\t", "\n", "  \r\n"])


@settings(max_examples=examples(300), deadline=None)
@given(before=st.text(max_size=20), gap1=_SPACE, gap2=_SPACE,
       value=st.sampled_from(["true", "false", "truex", "true_", "true1", "true}", "true,",
                              "True", "null", '"true"', "tru"]),
       after=st.text(max_size=20), noise=st.binary(max_size=30))
def test_raw_stop_active_reads_what_the_regular_expression_read(before, gap1, gap2, value,
                                                                after, noise):
    """The watchdog's import-free reading of stop_hook_active agrees with
    the regular expression it replaced, on payload-like bytes and noise."""
    import re

    for data in ((before + '"stop_hook_active"' + gap1 + ":" + gap2 + value + after).encode(),
                 noise + b'"stop_hook_active":' + noise, noise):
        want = re.search(rb'"stop_hook_active"\s*:\s*true\b', data[:1 << 16]) is not None
        assert runtime._raw_stop_active(data) == want, data


@pytest.mark.parametrize("active", [True, False])
def test_a_watchdog_that_cannot_render_still_answers_with_the_decision(active):
    """The timer can interrupt an import the rendering needs (a module half
    initialised in sys.modules: seen with ``re``): the watchdog then answers
    without rendering, with the same decision and a reason on stderr."""
    script = (f"import sys; sys.path.insert(0, {str(SUITE)!r})\n"
              "from events import runtime\n"
              "def broken(*a, **k): raise AttributeError('half-imported')\n"
              "runtime._render.too_slow = broken\n"
              f"runtime._WATCH.update(event='Stop', stop_active={active})\n"
              "runtime._on_watchdog(14, None)\n")
    proc = subprocess.run([sys.executable, "-c", script], stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=60, check=False)
    assert proc.stdout == ""
    if active:
        assert proc.returncode == 0 and proc.stderr == "", proc
    else:
        assert proc.returncode == 2 and "[playgate:runtime]" in proc.stderr \
            and "time limit" in proc.stderr, proc


def test_without_the_watchdog_the_same_calls_pass(ws):
    # The property above is not vacuous: these calls are allowed normally.
    result = ws.hook("PermissionRequest", tool_name="Bash", tool_input={"command": "ls"})
    assert '"allow"' in result.stdout
    assert not ws.tool("Bash", {"command": "ls"}).blocked


# ---------------------------------------------------------------- bounded loops
@settings(max_examples=examples(80), deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["d", "e", "/tmp/x", "..", "src"]),
                          st.sampled_from([" || ", " ; ", " && "])), min_size=1, max_size=40))
def test_working_directory_candidates_stay_bounded(chain):
    command = "".join(f"cd {d}{op}" for d, op in chain) + "rm -rf build"
    a = analyse(command, root=str(SUITE))
    for c in a.commands:
        assert c.cwd is None or len(c.cwd) <= limits.MAX_CWDS


def test_many_failing_cds_do_not_multiply_the_work():
    command = " ; ".join(f"cd d{i} || cd e{i}" for i in range(200)) + " ; rm -rf x"
    a = analyse(command, root=str(SUITE))
    rm = [c for c in a.commands if c.name == "rm"]
    assert rm and (rm[0].cwd is None or len(rm[0].cwd) <= limits.MAX_CWDS)
    # unknown working directory: the deletion's target is unknown, never safe
    assert a.destructive or a.unknown


def test_recorded_paths_are_bounded():
    a = analyse("touch " + " ".join(f"f{i}" for i in range(limits.MAX_PATHS + 10)),
                root=str(SUITE))
    assert a.unknown and len(a.writes) + len(a.touched) <= limits.MAX_PATHS


def test_bash_check_walks_one_tree_once(ws, monkeypatch):
    import workflow.guarded as guarded

    calls = []
    real = guarded._contained_walk
    monkeypatch.setattr(guarded, "_contained_walk",
                        lambda *a: calls.append(a[1].abs) or real(*a))
    code, err, _ = ws.decide("chmod -R u+w " + " ".join(["src"] * 300))
    assert code == 0, err
    assert len(calls) == len(set(calls)) == 1


def test_too_complex_is_unknown_everywhere():
    limits.set_deadline(0)
    a = analyse("echo hi", root=str(SUITE))
    assert a.too_complex and a.unknown and not a.read_only


def test_deadline_token_restores_and_only_tightens():
    token = limits.set_deadline(100)
    assert 99 < limits.remaining() <= 100
    inner = limits.set_deadline(1000)  # a looser bound is ignored
    assert limits.remaining() <= 100
    limits.restore_deadline(inner)
    limits.restore_deadline(token)
    assert limits.remaining() is None
    assert os.environ.get(runtime.DEADLINE_ENV) is None
