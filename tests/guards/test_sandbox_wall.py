"""sandbox-wall: where the project's settings ask for Claude Code's Bash
sandbox and this machine cannot provide it (Claude Code then only warns and
runs Bash unsandboxed), Bash is blocked with playgate's own message; a
teammate's clone still starts (failIfUnavailable lives in the per-machine
settings.local.json)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from statefiles import sandbox as sb


def _bin(tmp_path: Path, *programs: str) -> str:
    """A PATH directory with ``sh`` and stand-ins for ``programs``."""
    d = tmp_path / "bin"
    d.mkdir(exist_ok=True)
    (d / "sh").symlink_to("/bin/sh")
    for p in programs:
        (d / p).write_text("#!/bin/sh\nexit 0\n")
        (d / p).chmod(0o755)
    return str(d)


def _bash(installed, path: str, command: str = "git status"):
    return installed.hook("PreToolUse", tool_name="Bash", tool_input={"command": command},
                          tool_use_id="t1", env={"PATH": path})


def test_bash_is_blocked_where_the_sandbox_is_missing(installed, tmp_path):
    assert json.loads((installed.root / ".claude/settings.json").read_text())["sandbox"][
        "enabled"] is True
    res = _bash(installed, _bin(tmp_path))
    assert res.blocked and "[playgate:sandbox-wall]" in res.reason, res
    assert "bwrap" in res.reason and "apt-get install -y bubblewrap socat" in res.reason
    only_socat = tmp_path / "s"
    only_socat.mkdir()
    res = _bash(installed, _bin(only_socat, "socat"))
    assert res.blocked and "apt-get install -y bubblewrap" in res.reason
    assert "bubblewrap socat" not in res.reason


def test_bash_runs_where_the_sandbox_is_there(installed, tmp_path):
    res = _bash(installed, _bin(tmp_path, "bwrap", "socat"))
    assert "[playgate:sandbox-wall]" not in res.reason, res


def test_edit_and_read_are_not_sandboxed_commands(installed, tmp_path):
    path = _bin(tmp_path)
    res = installed.hook("PreToolUse", tool_name="Read",
                         tool_input={"file_path": str(installed.root / "state.md")},
                         env={"PATH": path})
    assert "sandbox-wall" not in res.reason


def test_turning_it_off_for_this_machine_is_the_users_decision(installed, tmp_path):
    local = installed.root / ".claude" / "settings.local.json"
    data = json.loads(local.read_text()) if local.exists() else {}
    data["sandbox"] = {"enabled": False}
    local.write_text(json.dumps(data))
    res = _bash(installed, _bin(tmp_path))
    assert "[playgate:sandbox-wall]" not in res.reason, res


def test_an_unreadable_settings_layer_naming_the_sandbox_blocks(installed, tmp_path):
    local = installed.root / ".claude" / "settings.local.json"
    local.write_text('{"sandbox": {"enabled": false,}')   # not JSON
    res = _bash(installed, _bin(tmp_path, "bwrap", "socat"))
    assert res.blocked and "[playgate:sandbox-wall]" in res.reason and "local" in res.reason


def test_the_agent_cannot_write_the_settings_that_turn_it_off(installed):
    """The layers that decide are the gate's own files: protected-edit refuses
    them through Edit/Write (and settings.json's deny rules do so in Claude
    Code, the sandbox's denyWrite through Bash)."""
    for rel in (".claude/settings.local.json", ".claude/settings.json"):
        res = installed.tool("Write", {"file_path": str(installed.root / rel),
                                       "content": '{"sandbox": {"enabled": false}}'})
        assert res.blocked, (rel, res)


@pytest.mark.parametrize("platform,state", [
    ("linux", "up"), ("darwin", None), ("win32", "unsupported"), ("cygwin", "unsupported"),
])
def test_platforms(tmp_path, platform, state):
    root = tmp_path / "p"
    (root / ".claude").mkdir(parents=True)
    (root / ".claude" / "settings.json").write_text(json.dumps({"sandbox": {"enabled": True}}))
    env = {"PATH": _bin(tmp_path, "bwrap", "socat"), "HOME": str(tmp_path / "home")}
    wall = sb.wall(str(root), env, platform)
    expected = state or ("up" if os.path.isfile(sb.MACOS_SANDBOX_EXEC) else "missing")
    assert wall.state == expected


def test_layers_merge_as_the_cli_merges_them(tmp_path):
    """Measured (2.1.329, 2.1.332): the local layer's keys combine with the
    project's; the local layer wins a scalar."""
    root = tmp_path / "p"
    home = tmp_path / "home"
    (root / ".claude").mkdir(parents=True)
    (home / ".claude").mkdir(parents=True)
    (home / ".claude" / "settings.json").write_text(json.dumps(
        {"sandbox": {"enabled": True, "excludedCommands": ["docker"]}}))
    (root / ".claude" / "settings.json").write_text(json.dumps(
        {"sandbox": {"filesystem": {"denyWrite": ["./a"]}, "allowUnsandboxedCommands": False,
                     "autoAllowBashIfSandboxed": False}}))
    (root / ".claude" / "settings.local.json").write_text(json.dumps(
        {"sandbox": {"failIfUnavailable": True, "filesystem": {"allowWrite": ["//x"],
                                                               "denyWrite": ["./b"]}}}))
    wall = sb.wall(str(root), {"PATH": _bin(tmp_path, "bwrap", "socat"), "HOME": str(home)},
                   "linux")
    assert wall.state == "up" and wall.fail_if_unavailable
    assert wall.deny_write == ["./a", "./b"]
    assert wall.sources == ("user", "project", "local")
    assert wall.weaknesses == ("excludedCommands",)
