"""Fuzzing every entrypoint.

For each of the 13 events the suite serves:

* **in process** (``events.runtime.evaluate``, what ``hooks/<event>.py``
  runs minus the process): ``PLAYGATE_FUZZ_EXAMPLES`` (default 1,000)
  well-formed payloads and as many malformed ones — 2,000 per entrypoint —
  each against a workspace in one of the states of ``tests/robust_kit.py``
  (fresh session, active playbook, complete playbook, stuck, hostile state
  files, on main), reset between examples;
* **as a subprocess** through the installed hooks (the registered command,
  run by ``sh -c`` as Claude Code runs it): a sample of each family, in
  parallel batches.

The answer must follow SPEC §1 whatever the input:

* exit code 0 or 2, never 1; exit 2 only on events where it blocks, with
  nothing on stdout and a ``[playgate...]`` reason on stderr;
* malformed input: gating events (PreToolUse, Stop, SubagentStop,
  UserPromptSubmit) exit 2 with one line; PermissionRequest and the
  informational events exit 0 with nothing at all;
* stdout is empty or one JSON object in the event's shape; PermissionRequest
  prints nothing or the allow object, never on malformed input, never for a
  tool other than Bash;
* no traceback, no "internal error", nothing in ``.claude/logs/errors.log``
  (an exception in a guard is a bug, SPEC §1), the hook's own registered
  time limit kept;
* an Edit/Write/MultiEdit/NotebookEdit aimed at one of the suite's own files
  (HARD_BLOCK floor) by any spelling is blocked.

The draw is the loaded Hypothesis profile's (``tests/conftest.py``: ``fixed``
in the inner loop, ``explore`` in its own CI target); no deadline (a hang
is caught on each call instead). ``PLAYGATE_FUZZ_EXAMPLES`` scales
the in-process runs (per family), ``PLAYGATE_FUZZ_SUBPROCESS`` the
subprocess batches of 8 (default 6: 48 payloads per entrypoint).
"""

from __future__ import annotations

import json
import os
import signal
import time
from contextlib import contextmanager
from concurrent.futures import ThreadPoolExecutor

import pytest
import strategies as S
from conftest import EVENT_MODULES, Installed, install, make_repo
import draws
from draws import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from robust_kit import SCENARIOS, build

from events import runtime

#: Payloads per family (well-formed, malformed) and entrypoint, in process:
#: a budget of 1,000 each, of which the loaded profile draws its share
#: (tests/draws.py: fixed 200, explore 200 new ones, deep 1,000), plus the subprocess
#: sample. ``PLAYGATE_FUZZ_EXAMPLES`` sets the number drawn, whatever the profile.
EXAMPLES = int(os.environ.get("PLAYGATE_FUZZ_EXAMPLES") or examples(1000))
#: Batches of :data:`BATCH` payloads per entrypoint through the installed
#: hook: 3 (24 payloads, every kind drawn in process already) unless the
#: ``deep`` profile (15) or ``PLAYGATE_FUZZ_SUBPROCESS`` says otherwise.
SUBPROCESS_BATCHES = int(os.environ.get("PLAYGATE_FUZZ_SUBPROCESS",
                                        "15" if draws.profile() == "deep" else "3"))
BATCH = 8
#: The registered hook timeouts (settings.template.json), seconds.
TIMEOUTS = {"PreToolUse": 10, "PostToolUse": 60, "PostToolUseFailure": 10, "PermissionRequest": 5, "UserPromptSubmit": 10,
            "Stop": 10, "SubagentStop": 30, "SubagentStart": 5, "SessionStart": 10,
            "SessionEnd": 1.5, "PreCompact": 10, "Notification": 5, "TaskCompleted": 10,
            "TeammateIdle": 10}
#: The hang watchdog of one in-process call, seconds: an endless loop or a
#: FIFO waited on fails the case; how fast a case is answered is the
#: benchmarks' question (bench --worst), never a wall-clock assert here.
HANG_SECONDS = 60.0

CI = settings(deadline=None, print_blob=True,
              suppress_health_check=list(HealthCheck))

EDIT_TOOLS = ("Edit", "Write", "MultiEdit", "NotebookEdit")
CONTEXT_EVENTS = {"PreToolUse", "PostToolUse", "UserPromptSubmit", "SessionStart",
                  "SubagentStart"}
ALLOW_OBJECT = {"hookSpecificOutput": {"hookEventName": "PermissionRequest",
                                       "decision": {"behavior": "allow"}}}
#: Every spelling of every HARD_BLOCK file of the floor that the strategies
#: generate (strategies.spell).
PROTECTED_SPELLINGS = {S.spell(rel, how) for rel in S.PROTECTED_FILES for how in S.SPELLINGS}


# ------------------------------------------------------------------ the oracle
def check_output(event: str, case: S.Case, code: int, out: str, err: str) -> None:
    """The SPEC §1 contract for one answer (any input)."""
    where = f"{case!r} -> code={code} out={out[:300]!r} err={err[:300]!r}"
    assert code in (0, 2), where
    assert "Traceback" not in out + err, where
    if code == 2:
        assert event in S.GATING or event == "PreCompact", where
        assert out == "", where
        assert err.startswith("[playgate") and err.endswith("\n") and len(err.strip()) > 20, where
        assert len(err) < 10_000, where
    else:
        assert err == "", where
    if event == "PermissionRequest":
        assert code == 0 and err == "", where
        if out:
            assert json.loads(out) == ALLOW_OBJECT, where
    if out:
        body = json.loads(out)
        assert isinstance(body, dict), where
        assert set(body) <= {"hookSpecificOutput", "systemMessage", "decision", "reason"}, where
        if "decision" in body:
            assert event in S.DECISION and body["decision"] == "block", where
            assert isinstance(body["reason"], str) and body["reason"].startswith("[playgate")
        specific = body.get("hookSpecificOutput")
        if specific is not None:
            assert specific.get("hookEventName") == event, where
            if "additionalContext" in specific:
                assert event in CONTEXT_EVENTS, where
        for value in (body.get("systemMessage"), body.get("reason"),
                      (specific or {}).get("additionalContext")):
            assert value is None or (isinstance(value, str) and len(value) < 10_000), where


def check_malformed(event: str, case: S.Case, code: int, out: str, err: str) -> None:
    where = f"{case!r} -> code={code} out={out[:300]!r} err={err[:300]!r}"
    if event in S.GATING:
        assert code == 2 and out == "", where
        lines = err.splitlines()
        assert len(lines) == 1 and lines[0].startswith("[playgate] refused malformed"), where
    else:
        assert (code, out, err) == (0, "", ""), where


def check_well_formed(event: str, case: S.Case, code: int, out: str, err: str) -> None:
    where = f"{case!r} -> code={code} out={out[:300]!r} err={err[:300]!r}"
    assert "internal error" not in out + err, where
    if event in S.INFORMATIONAL or event in S.DECISION or event in (
            "UserPromptSubmit", "PermissionRequest"):
        # Nothing but a malformed call may block these: their chains are
        # advisory, Stop/SubagentStop answer with a JSON decision.
        assert code == 0, where
    if event == "PermissionRequest" and out:
        obj = case.obj
        assert obj.get("tool_name") == "Bash", where
        command = obj["tool_input"]["command"]
        assert command.strip() and "\x00" not in command, where
        assert not any(c in command for c in "\n\r\t;`$<(){}*?~"), where
    if event == "PreToolUse" and isinstance(case.obj, dict):
        tool = case.obj.get("tool_name")
        ti = case.obj.get("tool_input") or {}
        target = ti.get("notebook_path" if tool == "NotebookEdit" else "file_path")
        # relative spellings reach the file only from the project root
        reaches = isinstance(target, str) and (target.startswith(S.ROOT)
                                               or case.obj.get("cwd") == S.ROOT)
        if tool in EDIT_TOOLS and target in PROTECTED_SPELLINGS and reaches:
            assert code == 2, f"protected file written by the spelling {target!r}: {where}"


# ------------------------------------------------------------------ in process
@pytest.fixture(scope="module")
def scenarios(tmp_path_factory):
    base = tmp_path_factory.mktemp("fuzz")
    return {name: build(name, base) for name in SCENARIOS}


def _run_in_process(scenarios, name, event, case, reset=True):
    sc = scenarios[name]
    if reset:
        sc.reset()
    data = case.build(str(sc.root))
    env = dict(sc.ws.env)
    with _hang_watchdog(f"{case!r} in {name}"):
        code, out, err, _ = runtime.evaluate(event, data, env=env)
    logged = sc.errors_log()
    assert not logged, f"{case!r} in {name}: a guard or the runtime failed:\n{logged[-3000:]}"
    return code, out, err


@contextmanager
def _hang_watchdog(what: str):
    """Fail (not hang) when the block runs :data:`HANG_SECONDS`."""
    def alarm(signum, frame):
        raise AssertionError(f"{what}: no answer after {HANG_SECONDS:.0f} s (a hang)")

    old = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, HANG_SECONDS)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


#: Payloads per hypothesis example: the fuzz runs tens of thousands of
#: payloads; drawing them in batches spreads the engine's per-example cost.
IN_PROCESS_BATCH = 8


def _batches(total: int) -> int:
    return max(1, -(-total // IN_PROCESS_BATCH))


@pytest.mark.hypothesis  # drawn inside the test: the explore target draws it too
@pytest.mark.parametrize("event", S.EVENTS)
def test_well_formed_payloads_in_process(scenarios, event):
    seen = []

    @settings(CI, max_examples=_batches(EXAMPLES))
    @given(cases=st.lists(st.tuples(S.well_formed(event), st.sampled_from(SCENARIOS)),
                          min_size=IN_PROCESS_BATCH, max_size=IN_PROCESS_BATCH))
    def run(cases):
        for case, name in cases:
            code, out, err = _run_in_process(scenarios, name, event, case)
            check_output(event, case, code, out, err)
            check_well_formed(event, case, code, out, err)
            seen.append(name)

    run()
    assert len(seen) >= EXAMPLES, f"only {len(seen)} examples ran"
    assert set(seen) == set(SCENARIOS)


@pytest.mark.hypothesis  # drawn inside the test: the explore target draws it too
@pytest.mark.parametrize("event", S.EVENTS)
def test_malformed_payloads_in_process(scenarios, event):
    seen = []

    @settings(CI, max_examples=_batches(EXAMPLES))
    @given(cases=st.lists(st.tuples(S.malformed(event), st.sampled_from(SCENARIOS)),
                          min_size=IN_PROCESS_BATCH, max_size=IN_PROCESS_BATCH))
    def run(cases):
        for case, name in cases:
            # No reset: refused input changes nothing (and if it were
            # accepted, check_malformed fails on the answer).
            code, out, err = _run_in_process(scenarios, name, event, case, reset=False)
            check_output(event, case, code, out, err)
            check_malformed(event, case, code, out, err)
            seen.append(case.kind.split()[0])

    # Every kind of malformation at least once, whatever the draw above: a
    # fifth of the budget need not draw each of ten kinds on every event.
    @settings(CI, max_examples=1)
    @given(each=st.tuples(*(st.tuples(kind, st.sampled_from(SCENARIOS))
                            for kind in S.malformed_kinds(event))))
    def each_kind(each):
        run.hypothesis.inner_test(list(each))

    run()
    each_kind()
    assert len(seen) >= EXAMPLES, f"only {len(seen)} examples ran"
    expected = {"wrong-type", "missing", "nul-raw", "invalid-utf8", "non-object", "empty",
                "truncated", "other-event", "deep", "huge"}
    if not any(required for _, required in S.EVENT_TYPES.get(event, {}).values()):
        # Hook_event_name is optional, so an event that
        # requires no field of its own has no "missing field" malformation.
        expected.discard("missing")
    assert expected <= set(seen), expected - set(seen)


# ---------------------------------------------- regressions the fuzz found
@pytest.mark.parametrize("path", [S.ROOT, S.ROOT + "/", S.ROOT + "/.", "."])
def test_read_of_the_project_root_is_recorded_without_error(scenarios, path):
    """Bug: init-guard recorded a Read of the project root as the marker
    ``.session-init/read/.`` — the directory itself; os.replace failed
    (EBUSY) and the effect landed in errors.log. Now spelled ``%2E``."""
    case = S.Case("PreToolUse", "well-formed", {
        "session_id": "s", "cwd": S.ROOT, "hook_event_name": "PreToolUse",
        "tool_name": "Read", "tool_input": {"file_path": path}, "tool_use_id": "toolu_1"})
    code, out, err = _run_in_process(scenarios, "fresh", "PreToolUse", case)
    check_output("PreToolUse", case, code, out, err)
    assert code == 0, err


# ------------------------------------------------------------------ subprocess
@pytest.fixture(scope="module")
def suite(tmp_path_factory):
    repo = make_repo(tmp_path_factory.mktemp("fuzz-installed") / "repo")
    proc = install(repo)
    assert proc.returncode == 0, proc.stderr + proc.stdout
    return Installed(repo)


def _through_hook(suite: Installed, event: str, case: S.Case):
    data = case.build(str(suite.root))
    tool = case.obj.get("tool_name", "") if isinstance(case.obj, dict) else ""
    if event in S.TOOL_EVENTS and not isinstance(tool, str):
        tool = ""
    try:
        command = suite.command(event, tool)
    except KeyError:  # no matcher covers this tool: Claude Code would not call the hook
        command = suite.command(event)
    import subprocess

    env = dict(os.environ, CLAUDE_PROJECT_DIR=str(suite.root))
    env.pop("PLAYGATE_TRACE", None)
    start = time.monotonic()
    proc = subprocess.Popen(["sh", "-c", command], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env, cwd=str(suite.root),
                            start_new_session=True)
    try:
        out, err = proc.communicate(data, timeout=max(TIMEOUTS[event], 5) + 20)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, 9)
        proc.communicate()
        raise AssertionError(f"{case!r}: the {event} hook did not finish") from None
    elapsed = time.monotonic() - start
    from conftest import claude_view

    return (*claude_view(event, proc.returncode, out.decode("utf-8", "replace"),
                         err.decode("utf-8", "replace")), elapsed)


def _batch_through_hooks(suite, event, cases):
    with ThreadPoolExecutor(max_workers=4) as pool:
        return list(pool.map(lambda c: _through_hook(suite, event, c), cases))


@pytest.mark.subprocess_sample
@pytest.mark.hypothesis  # drawn inside the test: the explore target draws it too
@pytest.mark.parametrize("event", S.EVENTS)
def test_subprocess_sample(suite, event):
    """Each batch: well-formed and malformed cases through the registered
    command, 4 at a time (parallel hooks are also how Claude Code runs them)."""
    ran = []

    @settings(CI, max_examples=SUBPROCESS_BATCHES)
    @given(cases=st.lists(st.one_of(S.well_formed(event), S.malformed(event, heavy=False)),
                          min_size=BATCH, max_size=BATCH))
    def run(cases):
        for case, (code, out, err, _elapsed) in zip(
                cases, _batch_through_hooks(suite, event, cases)):
            if "TaskCompleted" == event or "TeammateIdle" == event:
                # registered with `|| true`: whatever the script did, exit 0
                assert code == 0, case
            check_output(event, case, code, out, err)
            if case.kind == "well-formed":
                check_well_formed(event, case, code, out, err)
            else:
                check_malformed(event, case, code, out, err)
            ran.append(case.kind)

    run()
    log = suite.root / ".claude" / "logs" / "errors.log"
    assert not log.exists(), log.read_text()[-3000:]
    assert len(ran) >= SUBPROCESS_BATCHES * BATCH


def test_subprocess_heavy_inputs(suite):
    """The multi-megabyte and deeply nested inputs once per event through the
    entrypoint itself (main() reads at most 5 MB + 1 byte)."""
    cases = []
    for event in S.EVENTS:
        obj = {"hook_event_name": event, "session_id": "s", "cwd": str(suite.root)}
        raw = json.dumps(obj).encode()
        cases.append((event, "huge", raw[:-1] + b', "pad": "' + b"x" * (6 * 1024 * 1024)
                      + b'"}'))
        cases.append((event, "deep", raw[:-1] + b', "d": ' + b"[" * 200000 + b"]" * 200000
                      + b"}"))

    def one(item):
        event, kind, data = item
        return event, kind, suite.entrypoint(event, data)

    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(one, cases))
    from conftest import claude_view

    for event, kind, result in results:
        case = S.Case(event, kind, raw=b"")
        code, out, err = claude_view(event, result.exit_code, result.stdout, result.raw_stderr)
        check_output(event, case, code, out, err)
        check_malformed(event, case, code, out, err)


def test_every_entrypoint_is_fuzzed():
    assert set(S.EVENTS) == set(EVENT_MODULES)
