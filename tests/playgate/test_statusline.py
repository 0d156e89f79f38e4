"""``playgate statusline`` and its registration by the installer.

Families:

* **the line**: what it says for a project without playgate state, with no
  playbook, with an active playbook (id, phase, done/total), the security
  mode, pending post-loop and consent, a broken playbook pointer; from the
  JSON Claude Code pipes (``workspace.project_dir``, ``cwd``) or without it;
* **never noisy**: any stdin (hypothesis) → exit 0, one line, nothing on
  stderr; unreadable input → the neutral line;
* **light**: no pydantic, jsonschema, bashlex, PyYAML, argparse imported
  (timings live in the benchmark, ``python -m bench``);
* **through the real entrypoints**: ``python -m playgate statusline``,
  ``.claude/playgate statusline`` and the command the installer registers,
  run by ``sh -c`` as Claude Code runs it;
* **the installer**: registers it with ``--yes`` only, never over a
  statusLine in settings.json, settings.local.json or ~/.claude/settings.json;
  uninstall removes only ours; a re-install follows the interpreter.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import SUITE, copy_install, git, make_repo
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from draws import examples

from playgate import statusline
from statefiles import layout

HEAVY = ("pydantic", "jsonschema", "bashlex", "yaml", "argparse")


def _line(root, data=None, env=None):
    payload = {"session_id": "s", "cwd": str(root),
               "workspace": {"current_dir": str(root), "project_dir": str(root)}}
    return statusline.line_for(payload if data is None else data, env or {})


# ---------------------------------------------------------------- the line
def test_no_playgate_state_is_a_short_neutral_line(tmp_path):
    (tmp_path / ".git").mkdir()
    assert _line(tmp_path) == "playgate | not set up"


def test_no_playbook(ws):
    assert _line(ws.root) == "playgate | no playbook | strict"


def test_active_playbook_phase_and_counts(ws):
    ws.playbook("login", phases=[
        {"id": "p1", "name": "one", "depends_on": [],
         "subtasks": [{"id": "s1", "criterion": "c1"}, {"id": "s2", "criterion": "c2"}]},
        {"id": "p2", "name": "two", "depends_on": ["p1"],
         "subtasks": [{"id": "s3", "criterion": "c3"}]}],
        progress={"format_version": 2, "active": {"phase": "p1", "subtask": "s2"},
                  "phases": {}, "subtasks": {"s1": {"status": "done"}}})
    line = _line(ws.root)
    assert line.startswith("playgate | login | phase p1 | ")
    assert "1/3 subtasks" in line and line.endswith("| strict"), line


@pytest.mark.parametrize("mode", ["strict", "trusted", "developer"])
def test_security_mode(ws, mode):
    ws.set_state("config", security=mode)
    assert _line(ws.root).endswith(f"| {mode}")


def test_pending_post_loop_and_consent(ws):
    ws.marker(layout.POST_LOOP_PENDING)
    assert _line(ws.root).endswith("| pending: post-loop")
    ws.marker(layout.CONSENT)
    assert _line(ws.root).endswith("| pending: post-loop, consent")


def test_broken_playbook_pointer_is_named_not_raised(ws):
    ws.set_state("playbook", active="../outside/plan.json")
    assert "state problem" in _line(ws.root)


def test_project_dir_wins_over_cwd(ws, tmp_path):
    other = tmp_path / "elsewhere"
    other.mkdir()
    data = {"cwd": str(other), "workspace": {"project_dir": str(ws.root)}}
    assert statusline.line_for(data, {}) == "playgate | no playbook | strict"


def test_without_payload_fields_the_project_dir_env_is_used(ws):
    line = statusline.line_for({}, {"CLAUDE_PROJECT_DIR": str(ws.root)})
    assert line == "playgate | no playbook | strict"


def test_a_subdirectory_finds_the_project(ws):
    sub = ws.root / "src" / "deep"
    sub.mkdir(parents=True)
    assert statusline.line_for({"cwd": str(sub)}, {}) == "playgate | no playbook | strict"


def test_long_or_odd_playbook_ids_are_shortened_to_one_line(ws):
    ws.playbook("x" * 80 + "\n\x1b[31m")
    line = _line(ws.root)
    assert "\n" not in line and "\x1b" not in line and len(line) < 160


# ---------------------------------------------------------------- never noisy
class _Out:
    def __init__(self):
        self.text = ""

    def write(self, text):
        self.text += text

    def flush(self):
        pass


class _In:
    def __init__(self, data: bytes):
        self.data = data

    def read(self, n=-1):
        return self.data[:n] if n >= 0 else self.data

    def isatty(self):
        return False


def _main(data: bytes, env=None) -> tuple:
    out = _Out()
    code = statusline.main([], stdin=_In(data), stdout=out, env=env or {})
    return code, out.text


@pytest.mark.parametrize("data", [b"", b"not json", b"[1,2]", b'"x"', b"{", b"\xff\xfe",
                                  b'{"cwd": 5, "workspace": []}', b"null",
                                  b'{"cwd": "/nonexistent/dir", "session_id": {}}',
                                  b"[" * 100000, b'{"cwd": "a\\u0000b"}'])
def test_bad_input_gives_one_quiet_line(data, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, text = _main(data)
    assert code == 0 and text.endswith("\n") and text.count("\n") == 1
    assert text.startswith("playgate")


@settings(max_examples=examples(150), deadline=None,
          suppress_health_check=list(HealthCheck))
@given(data=st.one_of(
    st.binary(max_size=300),
    st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=20),
                 lambda kids: st.lists(kids, max_size=4)
                 | st.dictionaries(st.sampled_from(["cwd", "workspace", "project_dir",
                                                    "current_dir", "session_id", "model"]),
                                   kids, max_size=4), max_leaves=12)
    .map(lambda v: json.dumps(v).encode())))
def test_any_stdin_exits_zero_with_one_line(ws, data):
    code, text = _main(data, {"CLAUDE_PROJECT_DIR": str(ws.root)})
    assert code == 0 and text.count("\n") == 1 and text.startswith("playgate"), text


def test_unreadable_state_md_is_not_noisy(ws):
    (ws.root / "state.md").write_bytes(b"\xff\xfe garbage ## config\n: : :\n")
    line = _line(ws.root)
    assert line.startswith("playgate") and "\n" not in line


# ---------------------------------------------------------------- light
@pytest.mark.parametrize("how", ["-m playgate statusline", "playgate/statusline.py"])
def test_imports_nothing_heavy(ws, how):
    payload = json.dumps({"cwd": str(ws.root), "workspace": {"project_dir": str(ws.root)}})
    argv = ["-m", "playgate", "statusline"] if how.startswith("-m") else [
        str(SUITE / "playgate" / "statusline.py")]
    proc = subprocess.run([sys.executable, "-X", "importtime", *argv],
                          input=payload, capture_output=True, text=True, cwd=str(SUITE),
                          timeout=60)
    assert proc.returncode == 0 and proc.stdout == "playgate | no playbook | strict\n", proc
    imported = {line.split("|")[-1].strip() for line in proc.stderr.splitlines()
                if line.startswith("import time:")}
    heavy = sorted(m for m in imported if m.split(".")[0] in HEAVY)
    assert not heavy, heavy
    assert "playgate.cli" not in imported and "playgate.messages" not in imported


# ---------------------------------------------------------------- installed
def _install(repo: Path, *flags: str, home: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, HOME=str(home))
    return subprocess.run([sys.executable, str(SUITE / "install.py"), "--python", sys.executable,
                           *flags, str(repo)], capture_output=True, text=True, timeout=300,
                          env=env, stdin=subprocess.DEVNULL)


def _settings(repo: Path) -> dict:
    return json.loads((repo / ".claude" / "settings.json").read_text())


def _run_registered(repo: Path, payload, project_dir: bool = True, cwd=None):
    command = _settings(repo)["statusLine"]["command"]
    env = {k: v for k, v in os.environ.items() if k != "CLAUDE_PROJECT_DIR"}
    if project_dir:
        env["CLAUDE_PROJECT_DIR"] = str(repo)
    data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
    return subprocess.run(["sh", "-c", command], input=data,
                          capture_output=True, env=env, cwd=str(cwd or repo), timeout=60)


@pytest.fixture
def home(tmp_path):
    path = tmp_path / "home"
    path.mkdir()
    return path


@pytest.fixture
def fresh(tmp_path, installed_template):
    """A repository with the suite installed (no status line registered)."""
    repo = make_repo(tmp_path / "repo")
    copy_install(installed_template, repo)
    return repo


def test_yes_registers_and_the_registered_command_runs(fresh, home):
    assert "statusLine" not in _settings(fresh)
    proc = _install(fresh, "--yes", home=home)
    assert proc.returncode == 0, proc.stderr
    assert "registered in .claude/settings.json" in proc.stdout
    value = _settings(fresh)["statusLine"]
    assert value["type"] == "command" and "playgate/statusline.py" in value["command"]
    payload = {"session_id": "abc", "cwd": str(fresh), "transcript_path": "/tmp/t.jsonl",
               "model": {"id": "m", "display_name": "M"}, "version": "2.1.329",
               "workspace": {"current_dir": str(fresh), "project_dir": str(fresh)}}
    for project_dir in (True, False):
        proc = _run_registered(fresh, payload, project_dir=project_dir)
        assert proc.returncode == 0 and proc.stderr == b"", proc
        assert proc.stdout.decode() == "playgate | no playbook | strict\n", proc
    (fresh / layout.POST_LOOP_PENDING).parent.mkdir(parents=True, exist_ok=True)
    (fresh / layout.POST_LOOP_PENDING).write_text("x")
    assert _run_registered(fresh, payload).stdout.decode().endswith("| pending: post-loop\n")
    proc = _run_registered(fresh, b"garbage{")
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, b"playgate\n", b""), proc


def test_without_yes_nothing_is_registered(fresh, home):
    proc = _install(fresh, home=home)
    assert proc.returncode == 0
    assert "statusLine" not in _settings(fresh)
    assert "not registered. Re-run with --yes" in proc.stdout


def test_dry_run_registers_nothing(fresh, home):
    _install(fresh, "--yes", "--dry-run", home=home)
    assert "statusLine" not in _settings(fresh)


@pytest.mark.parametrize("where", ["settings.json", "settings.local.json", "user"])
def test_a_status_line_the_user_has_is_never_replaced(fresh, home, where):
    theirs = {"type": "command", "command": "~/bin/my-status", "padding": 1}
    if where == "user":
        (home / ".claude").mkdir()
        (home / ".claude" / "settings.json").write_text(json.dumps({"statusLine": theirs}))
    elif where == "settings.json":
        data = _settings(fresh)
        data["statusLine"] = theirs
        (fresh / ".claude" / "settings.json").write_text(json.dumps(data, indent=2))
    else:
        (fresh / ".claude" / "settings.local.json").write_text(
            json.dumps({"statusLine": theirs}))
    proc = _install(fresh, "--yes", home=home)
    assert proc.returncode == 0, proc.stderr
    assert "you already have one" in proc.stdout
    value = _settings(fresh).get("statusLine")
    assert value == (theirs if where == "settings.json" else None)
    if where == "settings.local.json":
        # Theirs is kept as it was (the install adds only the sandbox's local keys).
        local = json.loads((fresh / ".claude" / "settings.local.json").read_text())
        assert local["statusLine"] == theirs and set(local) <= {"statusLine", "sandbox"}, local
    # ... and uninstall leaves it where it was.
    subprocess.run([sys.executable, str(SUITE / "install.py"), "--uninstall", str(fresh)],
                   capture_output=True, timeout=300, check=True)
    if where == "settings.json":
        assert json.loads((fresh / ".claude" / "settings.json").read_text())["statusLine"] \
            == theirs


def test_uninstall_removes_ours_and_restores_the_original(tmp_path, home):
    repo = make_repo(tmp_path / "repo")
    original = b'{\n    "model": "opus",\n    "env": {"A": "1"}\n}\n'
    (repo / ".claude").mkdir()
    (repo / ".claude" / "settings.json").write_bytes(original)
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "settings")
    assert _install(repo, "--yes", home=home).returncode == 0
    assert "statusLine" in _settings(repo)
    proc = subprocess.run([sys.executable, str(SUITE / "install.py"), "--uninstall", str(repo)],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert (repo / ".claude" / "settings.json").read_bytes() == original


def test_uninstall_keeps_a_status_line_the_user_put_over_ours(fresh, home):
    assert _install(fresh, "--yes", home=home).returncode == 0
    data = _settings(fresh)
    data["statusLine"] = {"type": "command", "command": "echo mine"}
    (fresh / ".claude" / "settings.json").write_text(json.dumps(data, indent=2))
    subprocess.run([sys.executable, str(SUITE / "install.py"), "--uninstall", str(fresh)],
                   capture_output=True, timeout=300, check=True)
    assert json.loads((fresh / ".claude" / "settings.json").read_text())["statusLine"] == {
        "type": "command", "command": "echo mine"}


def test_reinstall_keeps_one_registration_and_follows_the_interpreter(fresh, home, tmp_path):
    assert _install(fresh, "--yes", home=home).returncode == 0
    first = _settings(fresh)["statusLine"]
    assert _install(fresh, "--yes", home=home).returncode == 0
    assert _settings(fresh)["statusLine"] == first
    link = tmp_path / "py"  # the same interpreter under another name
    link.write_text(f'#!/bin/sh\nexec "{sys.executable}" "$@"\n')
    link.chmod(0o755)
    env = dict(os.environ, HOME=str(home))
    proc = subprocess.run([sys.executable, str(SUITE / "install.py"), "--python", str(link),
                           "--yes", str(fresh)], capture_output=True, text=True, timeout=300,
                          env=env, stdin=subprocess.DEVNULL)
    assert proc.returncode == 0, proc.stderr
    command = _settings(fresh)["statusLine"]["command"]
    assert str(link) in command and command != first["command"]
    assert _run_registered(fresh, {"cwd": str(fresh)}).stdout.decode().startswith("playgate |")


def test_the_registered_value_matches_claude_codes_settings_schema(fresh, home):
    import jsonschema

    _install(fresh, "--yes", home=home)
    schema = json.loads((SUITE.parent / "shared" / "schemas" /
                         "claude-code-settings.schema.json").read_text())
    sub = schema["properties"]["statusLine"]
    jsonschema.validate(_settings(fresh)["statusLine"], sub)


def test_every_way_to_run_it_prints_the_same_line(installed):
    """``python .claude/playgate statusline`` (the CLI in an installed
    repository), the script the installer registers, ``python -m playgate
    statusline`` and :func:`playgate.cli.main` agree."""
    root = installed.root
    payload = json.dumps({"cwd": str(root), "workspace": {"project_dir": str(root)}}).encode()
    lines = set()
    for argv in ([str(root / ".claude" / "playgate"), "statusline"],
                 [str(root / ".claude" / "playgate" / "statusline.py")],
                 ["-m", "playgate", "statusline"]):
        proc = subprocess.run([sys.executable, *argv], input=payload, capture_output=True,
                              cwd=str(root), timeout=60)
        assert proc.returncode == 0 and proc.stderr == b"", (argv, proc)
        lines.add(proc.stdout)
    assert lines == {b"playgate | no playbook | strict\n"}
    proc = subprocess.run([sys.executable, "-c", "import sys; from playgate.cli import main; "
                           "sys.exit(main(['statusline']))"], input=payload,
                          capture_output=True, cwd=str(root), timeout=60)
    assert (proc.returncode, proc.stdout) == (0, b"playgate | no playbook | strict\n"), proc
