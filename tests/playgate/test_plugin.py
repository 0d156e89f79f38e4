"""The Claude Code plugin: manifests, hooks.json generated
from settings.template.json, and the plugin's Python environment.

The hook commands are run exactly as Claude Code runs a plugin's hooks: by
``sh -c`` with ``CLAUDE_PLUGIN_ROOT`` (a copy of this checkout, as the plugin
cache holds it), ``CLAUDE_PLUGIN_DATA`` (a temp dir) and
``CLAUDE_PROJECT_DIR`` (a temp git repository) set; ``${VAR}`` references in
the commands are expanded by the shell, as they are when Claude Code does not
substitute them itself. The environment is built from this interpreter with
``PLAYGATE_PYTHON`` (no network).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from conftest import SHARED, SUITE, make_repo

from playgate import installer  # noqa: E402
from playgate import REQUIREMENTS, __version__, bootstrap, plugin  # noqa: E402

SCHEMAS = SHARED / "schemas"
HOOKS = json.loads((SUITE / "hooks" / "hooks.json").read_text())
PLUGIN = json.loads((SUITE / ".claude-plugin" / "plugin.json").read_text())
MARKET = json.loads((SUITE / ".claude-plugin" / "marketplace.json").read_text())
TEMPLATE = installer.render_settings("PY", "SUITE")
GATING = ("PreToolUse", "UserPromptSubmit", "Stop", "SubagentStop")


def _validator(name: str):
    schema = json.loads((SCHEMAS / name).read_text())
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema, format_checker=cls.FORMAT_CHECKER)


def _errors(validator, doc) -> list:
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}"
            for e in validator.iter_errors(doc)]


# ------------------------------------------------------------------ manifests


def test_plugin_json_is_valid_against_the_manifest_schema():
    assert _errors(_validator("claude-code-plugin-manifest.schema.json"), PLUGIN) == []
    assert PLUGIN["name"] == plugin.PLUGIN_NAME


def test_marketplace_json_is_valid_and_lists_the_plugin_at_the_root():
    assert _errors(_validator("claude-code-marketplace.schema.json"), MARKET) == []
    [entry] = MARKET["plugins"]
    assert entry["name"] == PLUGIN["name"] and entry["source"] == "./"
    # The source is this directory: it must hold the plugin manifest.
    assert (SUITE / entry["source"] / ".claude-plugin" / "plugin.json").is_file()


def test_hooks_json_is_valid_as_plugin_hooks_and_as_settings_hooks():
    manifest = _validator("claude-code-plugin-manifest.schema.json")
    # plugin.json may carry the same hooks object inline: validate it there.
    assert _errors(manifest, {"name": "playgate", "hooks": HOOKS["hooks"]}) == []
    settings = _validator("claude-code-settings.schema.json")
    assert _errors(settings, {"hooks": HOOKS["hooks"]}) == []


def test_invalid_manifests_are_rejected_by_the_same_validators():
    """The validation above can fail: broken copies are refused."""
    manifest = _validator("claude-code-plugin-manifest.schema.json")
    assert _errors(manifest, {"version": "1"})                      # no name
    assert _errors(manifest, {"name": "p", "hooks": {"NoSuchEvent": []}})
    market = _validator("claude-code-marketplace.schema.json")
    assert _errors(market, dict(MARKET, plugins=[{"name": "playgate", "source": "here"}]))


def test_versions_and_requirements_agree_everywhere():
    text = (SUITE / "pyproject.toml").read_text()
    assert re.search(r'(?m)^version = "([^"]+)"', text).group(1) == __version__
    assert PLUGIN["version"] == __version__ == MARKET["plugins"][0]["version"]
    assert list(REQUIREMENTS) == installer.read_requirements()


# ------------------------------------------------------------------ one source of truth


def test_committed_hooks_json_equals_the_generated_one():
    assert plugin.check_hooks_json(str(SUITE)) is None, \
        "hooks/hooks.json is stale: run python -m playgate plugin hooks --write"
    assert (SUITE / "hooks" / "hooks.json").read_text() == plugin.dumps(plugin.render_hooks())


def test_every_template_registration_is_in_the_plugin_with_the_same_shape():
    assert list(HOOKS["hooks"]) == list(TEMPLATE["hooks"])
    for event, groups in TEMPLATE["hooks"].items():
        mine = HOOKS["hooks"][event]
        assert [g.get("matcher") for g in mine] == [g.get("matcher") for g in groups]
        for g_tpl, g_mine in zip(groups, mine, strict=True):
            for h_tpl, h_mine in zip(g_tpl["hooks"], g_mine["hooks"], strict=True):
                expect = plugin.SETUP_TIMEOUT if event == "SessionStart" else h_tpl["timeout"]
                assert h_mine["timeout"] == expect
                script = re.search(r"SUITE/hooks/(\w+\.py)", h_tpl["command"]).group(1)
                assert f'"${{CLAUDE_PLUGIN_ROOT}}"/hooks/{script}' in h_mine["command"]


def test_plugin_commands_name_the_plugin_environment_and_its_repair():
    for event, groups in HOOKS["hooks"].items():
        for group in groups:
            for handler in group["hooks"]:
                command = handler["command"]
                assert "install.py" not in command, (event, command)
                assert "$CLAUDE_PROJECT_DIR/.claude" not in command
                if event == "SessionStart":
                    assert command.startswith(plugin.BOOTSTRAP + " ")
                else:
                    assert command.startswith(plugin.PLUGIN_PYTHON + " ")
                if event in GATING:
                    # No message text in the command line;
                    # hooks/failclosed.sh names the plugin's repair itself.
                    assert command.endswith(f"|| sh {plugin.PLUGIN_SUITE}/hooks/failclosed.sh "
                                            f"{event} $? || exit 2"), command
                    assert "broken" not in command and "echo" not in command


def test_a_changed_template_is_refused_not_rendered_wrongly(tmp_path):
    src = tmp_path / "suite"
    shutil.copytree(SUITE, src, symlinks=True, ignore=shutil.ignore_patterns(
        ".git", ".venv", "__pycache__", "tests", ".cache", ".pytest_cache", "*.egg-info",
        ".hypothesis"))
    template = src / "settings.template.json"
    text = template.read_text()
    template.write_text(text.replace("set it up (or repair it) by running", "run"))
    with pytest.raises(plugin.GenerationError, match="REPAIRS"):
        plugin.render_hooks(str(src))
    template.write_text(text.replace("failclosed.sh Stop $?", "failclosed.sh Stopp $?"))
    with pytest.raises(plugin.GenerationError, match="failclosed"):
        plugin.render_hooks(str(src))
    template.write_text(text.replace("{{PYTHON}} {{SUITE}}/hooks/stop.py",
                                     "/usr/bin/env python3 {{SUITE}}/hooks/stop.py"))
    with pytest.raises(plugin.GenerationError, match="Stop"):
        plugin.render_hooks(str(src))
    # A template change that keeps the shape is rendered, and the check notices
    # that the committed file is now stale.
    template.write_text(text.replace('"timeout": 5}]}\n    ],\n    "PostToolUse"',
                                     '"timeout": 7}]}\n    ],\n    "PostToolUse"'))
    assert "PermissionRequest" in plugin.check_hooks_json(str(src))
    proc = subprocess.run([sys.executable, "-m", "playgate", "plugin", "hooks", "--source",
                           str(src)], capture_output=True, text=True, timeout=60, cwd=SUITE)
    assert proc.returncode == 1 and "PermissionRequest" in proc.stdout
    proc = subprocess.run([sys.executable, "-m", "playgate", "plugin", "hooks", "--write",
                           "--source", str(src)], capture_output=True, text=True, timeout=60,
                          cwd=SUITE)
    assert proc.returncode == 0, proc.stderr
    assert json.loads((src / "hooks" / "hooks.json").read_text())["hooks"][
        "PermissionRequest"][0]["hooks"][0]["timeout"] == 7
    assert plugin.check_hooks_json(str(src)) is None


# ------------------------------------------------------------------ running the plugin's hooks


def _tracked_files() -> list:
    out = subprocess.run(["git", "-C", str(SUITE), "ls-files", "-co", "--exclude-standard", "-z"],
                         capture_output=True, timeout=60, check=True).stdout
    return [p for p in out.decode().split("\0") if p and not p.startswith("tests/")]


@pytest.fixture(scope="module")
def plugin_root(tmp_path_factory) -> Path:
    """A copy of the plugin as Claude Code's plugin cache holds it."""
    root = tmp_path_factory.mktemp("plugin") / "playgate"
    for rel in _tracked_files():
        src = SUITE / rel
        if src.is_file():
            dest = root / rel
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest)
    return root


class PluginBox:
    """A project plus the plugin's root and data directory."""

    def __init__(self, root: Path, data: Path, project: Path) -> None:
        self.root, self.data, self.project = root, data, project

    def env(self, **extra) -> dict:
        env = dict(os.environ, CLAUDE_PLUGIN_ROOT=str(self.root),
                   CLAUDE_PLUGIN_DATA=str(self.data), CLAUDE_PROJECT_DIR=str(self.project),
                   PLAYGATE_PYTHON=sys.executable)
        env.pop("PLAYGATE_TRACE", None)
        env.update({k: v for k, v in extra.items() if v is not None})
        for k, v in extra.items():
            if v is None:
                env.pop(k, None)
        return env

    def command(self, event: str) -> str:
        return HOOKS["hooks"][event][0]["hooks"][0]["command"]

    def run(self, event: str, payload: dict, **env) -> subprocess.CompletedProcess:
        """The registered command's result; a PreToolUse/UserPromptSubmit
        block printed as JSON reads as exit 2 with the
        reason on stderr, as in conftest's ``HookResult``."""
        from conftest import json_block_reason

        base = {"session_id": "s", "transcript_path": str(self.project / "t.jsonl"),
                "cwd": str(self.project), "hook_event_name": event}
        proc = subprocess.run(["/bin/sh", "-c", self.command(event)],
                              input=json.dumps(dict(base, **payload)).encode(),
                              capture_output=True, env=self.env(**env), cwd=str(self.project),
                              timeout=plugin.SETUP_TIMEOUT)
        reason = (json_block_reason(proc.stdout.decode()) if proc.returncode == 0
                  and event in ("PreToolUse", "UserPromptSubmit") else None)
        if reason is not None:
            return subprocess.CompletedProcess(proc.args, 2, b"", reason.encode() + b"\n")
        return proc


@pytest.fixture
def box(plugin_root, tmp_path) -> PluginBox:
    project = make_repo(tmp_path / "project", branch="feat/x")
    (project / "state.md").write_text((SUITE / "templates" / "state.md").read_text())
    return PluginBox(plugin_root, tmp_path / "data", project)


@pytest.fixture(scope="module")
def ready_data(plugin_root, tmp_path_factory) -> Path:
    """The plugin's data directory after a session start in another project
    set it up. Claude Code keeps one data directory per plugin, for every
    project: a test whose subject is not the setup starts from this one
    (a setup costs about 2 s of CPU: the virtualenv, compileall, the bashlex
    tables, the module bundle)."""
    first = PluginBox(plugin_root, tmp_path_factory.mktemp("plugin-data") / "data",
                      make_repo(tmp_path_factory.mktemp("first") / "project", branch="feat/x"))
    (first.project / "state.md").write_text((SUITE / "templates" / "state.md").read_text())
    proc = first.run("SessionStart", {"source": "startup"})
    assert proc.returncode == 0, proc.stderr.decode()
    assert bootstrap.is_ready(str(first.data), first.env(), str(first.root))
    return first.data


@pytest.fixture
def ready_box(box, ready_data) -> PluginBox:
    """:func:`box` with the data directory a session start already set up."""
    return PluginBox(box.root, ready_data, box.project)


def _one_json(stdout: bytes) -> dict:
    text = stdout.decode().strip()
    assert text.count("\n") == 0 or text.startswith("{"), text
    return json.loads(text)


def test_without_the_environment_gating_hooks_fail_closed_naming_the_repair(box):
    edit = {"tool_name": "Edit", "tool_use_id": "t", "tool_input": {
        "file_path": str(box.project / "x.py"), "old_string": "a", "new_string": "b"}}
    proc = box.run("PreToolUse", edit)
    assert proc.returncode == 2
    err = proc.stderr.decode()
    assert "could not run (exit 127)" in err
    # The shell expanded the variables: the message is a command to paste.
    assert f'python3 "{box.root}/playgate/bootstrap.py" --data "{box.data}"' in err
    for event, payload in (("UserPromptSubmit", {"prompt": "hi"}),
                           ("Stop", {"stop_hook_active": False}),
                           ("SubagentStop", {"stop_hook_active": False, "agent_id": "a"})):
        proc = box.run(event, payload)
        assert proc.returncode == 2 and "bootstrap.py" in proc.stderr.decode(), event
    # PermissionRequest cannot block: the normal dialog (nothing on stdout).
    proc = box.run("PermissionRequest", {"tool_name": "Bash",
                                         "tool_input": {"command": "ls"}})
    assert proc.stdout == b""


def test_session_start_sets_up_the_environment_then_runs_the_hook(box):
    proc = box.run("SessionStart", {"source": "startup"})
    assert proc.returncode == 0, proc.stderr.decode()
    out = _one_json(proc.stdout)
    context = out["hookSpecificOutput"]["additionalContext"]
    assert "playgate workflow gate is active" in context
    python = box.data / "venv" / "bin" / "python"
    assert python.exists() and bootstrap.is_ready(str(box.data), box.env(), str(box.root))
    stamp = json.loads((box.data / "venv" / bootstrap.STAMP).read_text())
    assert stamp["requirements"] == list(REQUIREMENTS) and stamp["root"] == str(box.root)
    # The speed-ups install.py makes in .claude/, made in the (writable)
    # plugin root with the hook interpreter: bashlex tables, module bundle.
    assert (box.root / "shell" / "bashlex_tables.marshal").exists()
    assert subprocess.run([str(python), "-m", "playgate.bundle", "--check"], cwd=box.root,
                          capture_output=True, timeout=120).returncode == 0
    # The session's markers were written into the project, not the plugin.
    assert (box.project / ".claude" / ".session-init" / "pending").exists()
    assert not (box.root / ".claude").exists()
    # Now the gate runs from the plugin: init-guard refuses an edit.
    edit = {"tool_name": "Write", "tool_use_id": "t",
            "tool_input": {"file_path": str(box.project / "x.py"), "content": "x"}}
    proc = box.run("PreToolUse", edit)
    assert proc.returncode == 2 and "[playgate:" in proc.stderr.decode()
    assert "could not run" not in proc.stderr.decode()
    # The command-line tool is in the environment too.
    proc = subprocess.run([str(box.data / "venv" / "bin" / "playgate"), "status", "--json"],
                          capture_output=True, text=True, timeout=120, cwd=box.project,
                          env=box.env())
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["project"] == str(box.project)


def test_a_second_session_start_reuses_the_environment(ready_box):
    box = ready_box
    python = box.data / "venv" / "bin" / "python"
    inode = python.lstat().st_ino
    proc = box.run("SessionStart", {"source": "resume"})
    assert proc.returncode == 0 and b"playgate workflow gate" in proc.stdout
    assert python.lstat().st_ino == inode
    assert proc.stderr == b""  # no "setting up" note the second time


def test_a_plugin_update_relinks_the_environment_without_rebuilding(box, tmp_path):
    assert box.run("SessionStart", {"source": "startup"}).returncode == 0
    stamp = json.loads((box.data / "venv" / bootstrap.STAMP).read_text())
    stamp["root"] = "/old/plugin/version"
    (box.data / "venv" / bootstrap.STAMP).write_text(json.dumps(stamp))
    marker = box.data / "venv" / "kept"
    marker.write_text("")
    assert not bootstrap.is_ready(str(box.data), box.env(), str(box.root))
    assert box.run("SessionStart", {"source": "startup"}).returncode == 0
    assert marker.exists()  # same environment, only relinked
    assert bootstrap.is_ready(str(box.data), box.env(), str(box.root))


def test_changed_requirements_rebuild_the_environment(box):
    assert box.run("SessionStart", {"source": "startup"}).returncode == 0
    stamp_path = box.data / "venv" / bootstrap.STAMP
    stamp = json.loads(stamp_path.read_text())
    stamp["requirements"] = ["pydantic>=1,<2"]
    stamp_path.write_text(json.dumps(stamp))
    marker = box.data / "venv" / "dropped"
    marker.write_text("")
    assert box.run("SessionStart", {"source": "startup"}).returncode == 0
    assert not marker.exists() and bootstrap.is_ready(str(box.data), box.env(), str(box.root))
    assert not list(box.data.glob("venv.*"))  # no leftovers of the swap


def test_a_failed_setup_is_said_at_session_start_and_the_gate_stays_closed(box):
    proc = box.run("SessionStart", {"source": "startup"}, PLAYGATE_PYTHON="/nonexistent/python")
    assert proc.returncode == 0
    out = _one_json(proc.stdout)
    assert "could not be set up" in out["systemMessage"]
    assert "/nonexistent/python" in out["systemMessage"]
    assert f"--data {box.data}" in out["systemMessage"]
    assert "Tell the user" in out["hookSpecificOutput"]["additionalContext"]
    assert not (box.data / "venv").exists()
    edit = {"tool_name": "Bash", "tool_use_id": "t", "tool_input": {"command": "ls"}}
    assert box.run("PreToolUse", edit).returncode == 2


def test_a_missing_data_directory_variable_is_reported(box):
    proc = box.run("SessionStart", {"source": "startup"}, CLAUDE_PLUGIN_DATA=None)
    out = _one_json(proc.stdout)
    assert proc.returncode == 0 and "CLAUDE_PLUGIN_DATA is not set" in out["systemMessage"]


def test_without_python3_session_start_still_tells_the_user(box):
    proc = box.run("SessionStart", {"source": "startup"}, PATH="/nonexistent")
    assert proc.returncode == 0
    out = _one_json(proc.stdout)
    assert "python3 (3.10 or newer) on PATH" in out["systemMessage"]
    assert out["hookSpecificOutput"]["hookEventName"] == "SessionStart"


def test_bootstrap_by_hand_reports_and_builds(box):
    script = str(box.root / "playgate" / "bootstrap.py")
    env = box.env(CLAUDE_PLUGIN_DATA=None)
    proc = subprocess.run([sys.executable, script, "--status", "--data", str(box.data)],
                          capture_output=True, text=True, timeout=60, env=env)
    assert proc.returncode == 1 and "not set up" in proc.stdout
    proc = subprocess.run([sys.executable, script, "--data", str(box.data)],
                          capture_output=True, text=True, timeout=300, env=env)
    assert proc.returncode == 0, proc.stderr
    assert "ready" in proc.stdout and str(box.data / "venv" / "bin" / "playgate") in proc.stdout
    proc = subprocess.run([sys.executable, script], capture_output=True, text=True, timeout=60,
                          env=env)
    assert proc.returncode == 1 and "--data" in proc.stderr


# ------------------------------------------------------------------ the plugin protects itself


def test_the_suite_floor_covers_the_plugin_root_but_not_an_installed_copy(installed):
    from statefiles import protected

    assert protected.suite_floor() == (str(SUITE) + "/**",)
    assert "~/.claude/plugins/**" in protected.FLOOR
    code = "from statefiles import protected; print(protected.suite_floor())"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=installed.root / ".claude", timeout=60)
    assert proc.stdout.strip() == "()"  # .claude/ itself is covered by the floor


def test_claude_cannot_edit_the_plugin_that_gates_it(ready_box):
    """With a reviewed playbook and the state read, an edit of the plugin's
    own code (or its environment) is refused by protected-edit, and a Bash
    write to it by bash-check, in every security mode."""
    from tests.e2e.workflow import plan_json, progress_json

    box = ready_box
    play = box.project / "play" / "e2e"
    play.mkdir(parents=True)
    (play / "plan.json").write_text(json.dumps(plan_json(branch="feat/x")))
    (play / "progress.json").write_text(json.dumps(progress_json()))
    from statefiles import state_md

    state_md.update_keys(str(box.project), "playbook", {"active": "play/e2e/plan.json",
                                                        "branch": "feat/x"})
    state_md.update_keys(str(box.project), "config", {"security": "admin"})
    assert box.run("SessionStart", {"source": "startup"}).returncode == 0
    for rel in ("state.md", "play/e2e/plan.json", "play/e2e/progress.json"):
        proc = box.run("PreToolUse", {"tool_name": "Read", "tool_use_id": "r",
                                      "tool_input": {"file_path": str(box.project / rel)}})
        assert proc.returncode == 0, proc.stderr
    ok = box.run("PreToolUse", {"tool_name": "Write", "tool_use_id": "w", "tool_input": {
        "file_path": str(box.project / "src" / "a.py"), "content": "x\n"}})
    assert ok.returncode == 0, ok.stderr  # the workflow lets ordinary edits through
    for target in (box.root / "guards" / "bash_check.py", box.data / "venv" / "bin" / "python"):
        edit = box.run("PreToolUse", {"tool_name": "Write", "tool_use_id": "w", "tool_input": {
            "file_path": str(target), "content": "# off\n"}})
        assert edit.returncode == 2 and "protected-edit" in edit.stderr.decode(), target
    bash = box.run("PreToolUse", {"tool_name": "Bash", "tool_use_id": "b", "tool_input": {
        "command": f"echo 'x = 1' > {box.root}/guards/lint.py"}})
    assert bash.returncode == 2 and "bash-check" in bash.stderr.decode()


def test_a_project_without_state_md_is_told_to_run_playgate_init(ready_box):
    box = ready_box
    (box.project / "state.md").unlink()
    proc = box.run("SessionStart", {"source": "startup"})
    context = _one_json(proc.stdout)["hookSpecificOutput"]["additionalContext"]
    assert "state.md is missing" in context
    assert f"{box.data}/venv/bin/playgate init" in context and "install.py" not in context
