"""Malformed stdin on every installed entrypoint (SPEC §1 "Failing safe"):
gating events block with a one-line reason, PermissionRequest prints nothing,
informational events exit 0 with nothing; never a bare traceback.

A PreToolUse or UserPromptSubmit block is JSON on exit 0 (``HookResult`` folds it into ``code == 2`` and the reason into
``stderr``); Stop and SubagentStop still exit 2 on malformed input."""

from __future__ import annotations

import json

import pytest
from conftest import EVENT_MODULES, Installed, copy_install, make_repo
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

GATING = {"PreToolUse", "Stop", "SubagentStop", "UserPromptSubmit"}
#: Events with a required field of their own: without ``hook_event_name``
#: (read as the entrypoint's event) and without that field
#: their payload is still malformed; for the others it is a hand-typed call.
REQUIRED_FIELDS = {"PreToolUse", "PostToolUse", "PermissionRequest", "UserPromptSubmit"}
EVENTS = sorted(EVENT_MODULES)


@pytest.fixture(scope="module")
def suite(tmp_path_factory, installed_template):
    """A repository install.py installed into (a copy of the session's
    install: these tests are about the entrypoints, not the installer)."""
    repo = make_repo(tmp_path_factory.mktemp("malformed") / "repo")
    copy_install(installed_template, repo)
    return Installed(repo)


#: name -> ``event`` -> stdin bytes, all malformed for ``event``. Made one at
#: a time: each test needs one, and the ten megabytes take 60 ms to make.
MAKERS = {
    "not-json": lambda event: b"this is not json",
    "array": lambda event: b'[{"hook_event_name": "%s"}]' % event.encode(),
    "missing-fields": lambda event: b'{"session_id": "s", "cwd": "/tmp"}',
    "wrong-types": lambda event: json.dumps({
        "hook_event_name": event, "session_id": 5, "cwd": ["/"], "tool_name": 1,
        "tool_input": "x", "prompt": 3}).encode(),
    "nul": lambda event: b'{"hook_event_name": "%s", "cwd": "/tmp"\x00}' % event.encode(),
    "ten-mb": lambda event: json.dumps({"hook_event_name": event,
                                        "pad": "x" * (10 * 1024 * 1024)}).encode(),
    "invalid-utf8": lambda event: b'{"hook_event_name": "%s", "x": "\xc3\x28"}' % event.encode(),
    "empty": lambda event: b"",
}
KINDS = list(MAKERS)


def assert_fail_safe(event, result, kind):
    assert "Traceback" not in result.stderr and "Traceback" not in result.stdout, (kind, result)
    if event in GATING:
        assert result.code == 2, (kind, result)
        assert result.stdout == "" or result.json_block, result
        lines = result.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("[playgate] refused malformed"), result
    else:
        assert (result.code, result.stdout, result.stderr) == (0, "", ""), (kind, result)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("event", EVENTS)
def test_malformed_stdin_on_every_entrypoint(suite, event, kind):
    result = suite.entrypoint(event, MAKERS[kind](event))
    if kind == "missing-fields" and event not in REQUIRED_FIELDS:
        # Nothing this event requires is missing, so it is
        # answered as a hand-typed call of the entrypoint's event.
        assert "Traceback" not in result.stderr + result.stdout, result
        assert "refused malformed" not in result.stderr + result.stdout, result
        assert result.exit_code in (0, 2), result
        return
    assert_fail_safe(event, result, kind)


def test_event_name_of_another_entrypoint_is_malformed(suite):
    payload = suite.payload("Stop", stop_hook_active=False)
    result = suite.entrypoint("PreToolUse", payload)
    assert result.code == 2 and "this entrypoint serves PreToolUse" in result.stderr


@pytest.mark.parametrize("event", sorted(GATING))
def test_malformed_through_the_registered_command(suite, event):
    """What Claude Code runs (sh -c, CLAUDE_PROJECT_DIR) blocks the same way."""
    result = suite.hook(event, payload=b"{broken")
    assert result.code == 2 and result.stderr.startswith("[playgate] refused malformed")


@pytest.mark.subprocess_sample
@settings(max_examples=25, deadline=None, suppress_health_check=[
    HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(event=st.sampled_from(EVENTS), data=st.one_of(
    st.binary(max_size=120),
    st.dictionaries(st.text(max_size=6), st.one_of(st.none(), st.integers(), st.text(max_size=6)),
                    max_size=4).map(lambda d: json.dumps(d).encode())))
def test_subprocess_sample_of_arbitrary_input(suite, event, data):
    result = suite.entrypoint(event, data)
    assert "Traceback" not in result.stderr + result.stdout
    assert result.code in (0, 2)
    if result.code == 2:
        assert event in GATING and (result.stdout == "" or result.json_block)
    if event == "PermissionRequest":
        assert result.code == 0 and result.stderr == ""
    if result.stdout:
        assert isinstance(json.loads(result.stdout), dict)


@pytest.mark.parametrize("event", EVENTS)
def test_broken_installation_fails_safe(tmp_path, event):
    """The runtime cannot even be imported (a half-copied suite): gating events
    block with a repair hint, the others stay silent; no traceback."""
    import shutil
    import subprocess
    import sys

    from conftest import SUITE

    suite = tmp_path / "suite"
    shutil.copytree(SUITE / "hooks", suite / "hooks")
    (suite / "events").mkdir()
    (suite / "events" / "__init__.py").write_text("")
    (suite / "events" / "runtime.py").write_text("def main(:\n")  # syntax error
    script = suite / "hooks" / f"{EVENT_MODULES[event]}.py"
    proc = subprocess.run([sys.executable, str(script)], input=b"{}", capture_output=True,
                          timeout=60, env={"PATH": "/usr/bin:/bin", "CLAUDE_PROJECT_DIR":
                                           str(tmp_path)})
    err = proc.stderr.decode()
    assert "Traceback" not in err
    if event in GATING:
        # the repair for this suite's route (here neither an install nor a checkout)
        assert proc.returncode == 2 and "Repair the installation with `python3 " in err
        assert proc.stdout == b""
    else:
        assert proc.returncode == 0 and proc.stdout == b"" and err == ""
