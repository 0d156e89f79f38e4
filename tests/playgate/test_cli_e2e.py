"""The CLI and the plugin against the real Claude Code CLI (pinned, see
``tests/e2e/harness.py``): ``replay`` on a transcript the real CLI wrote,
``claude plugin validate`` on this checkout, and a session with playgate
installed as a plugin from a local marketplace (``claude plugin marketplace
add`` + ``claude plugin install``), no install.py involved.

Without the CLI these tests are skipped with the reason, never passed (the
same rule as ``tests/e2e``). Every command the scripted sessions run is
harmless if the gate failed: they touch only their temporary repository.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import SUITE

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def claude():
    from tests.e2e.harness import PINNED_VERSION, claude_executable, claude_version

    reason = os.environ.get("PLAYGATE_E2E_SKIP")
    if reason:
        pytest.skip(f"E2E SKIPPED: {reason}")
    exe = claude_executable()
    if exe is None:
        pytest.skip("E2E SKIPPED: Claude Code CLI not installed (.ci/run installs "
                    f"@anthropic-ai/claude-code@{PINNED_VERSION} into .cache/claude-code/)")
    if not os.environ.get("PLAYGATE_E2E_CLAUDE"):
        assert claude_version(exe) == PINNED_VERSION
    return exe


@pytest.fixture(scope="module")
def recording(claude, tmp_path_factory):
    from tests.e2e.transcripts import record

    rec = record(tmp_path_factory.mktemp("transcript"), claude=claude)
    yield rec
    if not os.environ.get("PLAYGATE_E2E_KEEP"):
        rec.cleanup()


def _tree(root: Path) -> dict:
    out = {}
    for dirpath, dirs, files in os.walk(root):
        if Path(dirpath) == root / ".claude":
            dirs[:] = [d for d in dirs if d != ".cache"]
        for name in files:
            p = Path(dirpath) / name
            out[str(p.relative_to(root))] = p.read_bytes() if not p.is_symlink() else b"link"
    return out


def test_replay_of_a_real_session_gives_the_decisions_it_had(recording):
    rec = recording
    repo = rec.box.repo
    before = _tree(repo)
    env = dict(os.environ)
    env.pop("CLAUDE_PROJECT_DIR", None)
    proc = subprocess.run([sys.executable, str(repo / ".claude" / "playgate"), "replay",
                           str(rec.transcript), "--json"], capture_output=True, text=True,
                          cwd=str(repo), env=env, timeout=300)
    data = json.loads(proc.stdout)
    assert data["claude_code_version"] == rec.expected["claude_code_version"]
    assert data["session_id"] == rec.expected["session_id"]
    expected = {c["tool_use_id"]: c for c in rec.expected["calls"]}
    rows = {r["tool_use_id"]: r for r in data["calls"]}
    assert list(rows) == list(expected)  # every call, main agent and subagent, in order
    for tool_id, call in expected.items():
        row = rows[tool_id]
        assert row["tool"] == call["tool"]
        assert row["blocked"] == (call["outcome"] == "blocked"), (call, row)
        if call["outcome"] == "blocked":
            assert row["guard"] == call["guard"] == "init-guard"
        assert row["lane"] == ("main" if call["lane"] == "main" else row["lane"])
    by_command = {r["target"]: r for r in data["calls"] if r["tool"] == "Bash"}
    assert by_command["python3 scripts/x.py"]["permission"] == "approve"
    assert by_command["python3 scripts/x.py"]["session"] == "approved by hook"
    assert by_command["git push origin feat/e2e"]["permission"] == "dialog"
    assert [r["lane"] != "main" for r in data["calls"]].count(True) == 2
    assert proc.returncode == 0 and data["summary"]["differences"] == 0, proc.stdout
    assert _tree(repo) == before


def test_claude_plugin_validate_accepts_the_plugin(claude, tmp_path):
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(tmp_path),
           "DISABLE_AUTOUPDATER": "1"}
    for target in (SUITE, SUITE / ".claude-plugin" / "plugin.json"):
        proc = subprocess.run([str(claude), "plugin", "validate", "--strict", "--json",
                               str(target)], capture_output=True, text=True, timeout=120,
                              env=env)
        report = json.loads(proc.stdout)
        assert proc.returncode == 0 and report["success"], proc.stdout[-2000:]
        hooks = {h["event"] for h in report["provides"]["hooks"]}
        assert {"PreToolUse", "SessionStart", "Stop", "PermissionRequest"} <= hooks


def _plugin_source(dest: Path) -> Path:
    """This checkout's tracked and new files as a local marketplace (a git
    repository, as a user would add one)."""
    out = subprocess.run(["git", "-C", str(SUITE), "ls-files", "-co", "--exclude-standard",
                          "-z"], capture_output=True, timeout=60, check=True).stdout
    for rel in out.decode().split("\0"):
        if rel and not rel.startswith("tests/") and (SUITE / rel).is_file():
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(SUITE / rel, dest / rel)
    from tests.e2e.harness import git

    git(dest, "init", "-q")
    git(dest, "add", "-A")
    git(dest, "commit", "-q", "-m", "playgate")
    return dest


def test_the_plugin_installed_from_a_marketplace_gates_a_session(claude):
    import tempfile

    from tests.e2e.fakeapi import FakeAPI, Script, tool_use
    from tests.e2e.harness import Sandbox, clean_env, git

    root = Path(tempfile.mkdtemp(prefix="pge2e-"))
    try:
        box = Sandbox.create(root)
        source = _plugin_source(root / "market")
        env = clean_env(box.home, box.tmp, "http://127.0.0.1:9", "unused")
        for args in (["plugin", "marketplace", "add", str(source)],
                     ["plugin", "install", "playgate@playgate"]):
            proc = subprocess.run([str(claude), *args], capture_output=True, text=True,
                                  env=env, timeout=180, cwd=box.repo)
            assert proc.returncode == 0, proc.stdout + proc.stderr
        # The project files install.py would have made: `playgate init`.
        proc = subprocess.run([sys.executable, str(source / "playgate"), "init", "-C",
                               str(box.repo)], capture_output=True, text=True, timeout=60)
        assert proc.returncode == 0, proc.stderr
        git(box.repo, "add", "-A")
        git(box.repo, "commit", "-q", "-m", "playgate init")
        git(box.repo, "checkout", "-q", "-b", "feat/plugin")
        box.trust()
        victim = root / "victim"
        victim.mkdir()
        script = Script(main=[
            tool_use("Write", {"file_path": str(box.repo / "src" / "a.py"), "content": "x\n"}),
            tool_use("Read", {"file_path": str(box.repo / "state.md")}),
            tool_use("Bash", {"command": f"rm -rf {victim}"}),
            "Done."])
        with FakeAPI() as api:
            run = box.run(api, "hello", script, timeout=300, claude=claude,
                          env={"PLAYGATE_PYTHON": sys.executable})
        assert run.code == 0, run.describe()
        write, read, rm = (run.result_of(i) for i in range(3))
        assert write["is_error"] and "[playgate:prompt-analyzer-gate]" in write["text"], \
            run.describe()
        # The plugin's hook (the only one installed) denies with JSON: the
        # model reads the reason, not the plugin's command.
        assert write["text"].startswith("PreToolUse:Write hook error: [playgate:"), write
        assert "playgate@playgate plugin" not in write["text"]
        assert "bootstrap.py" not in write["text"] and "failclosed" not in write["text"]
        assert not read["is_error"] and "## playbook" in read["text"]
        assert rm["is_error"] and "[playgate:" in rm["text"]
        assert victim.is_dir()
        assert not (box.repo / "src" / "a.py").exists()
        context = run.seen_by_model()
        assert "playgate workflow gate is active" in context
        # The environment the bootstrap made lives in the plugin's data directory.
        data_dirs = list((box.home / ".claude" / "plugins" / "data").glob("playgate*"))
        assert len(data_dirs) == 1 and (data_dirs[0] / "venv" / "bin" / "python").exists()
        # ...and carries the command-line tool, which sees the plugin install.
        proc = subprocess.run([str(data_dirs[0] / "venv" / "bin" / "playgate"), "doctor",
                               "--json", "-C", str(box.repo)], capture_output=True, text=True,
                              timeout=180, env=dict(os.environ, HOME=str(box.home)))
        report = json.loads(proc.stdout)
        checks = {c["code"] for c in report["checks"]}
        assert "doctor.plugin" in checks and "doctor.not_installed" not in checks, proc.stdout
        assert proc.returncode == 0, proc.stdout

        # A finished playbook's post-loop with the plugin: the project has no
        # .claude/skills/, so the gate lets the plugin's own handler, run by
        # the plugin's interpreter (what its messages name), through while
        # post-loop-pending holds everything else. SessionStart clears a
        # pending file left from an earlier session, so it appears once the
        # session runs, as the archive would write it.
        python = data_dirs[0] / "venv" / "bin" / "python"
        handler = source / "skills" / "post-loop" / "handler.py"  # the plugin root
        command = f"{python} {handler}"
        pending = box.repo / ".claude" / "session-state" / "post-loop-pending"

        class ArchivedDuringTheSession(Script):
            def turn(self, lane, index, request=None):
                if lane == "main" and index == 0 and not getattr(self, "archived", False):
                    self.archived = True
                    pending.parent.mkdir(parents=True, exist_ok=True)
                    pending.write_text(json.dumps({"playbook": "play/archive/demo"}))
                return super().turn(lane, index, request)

        script = ArchivedDuringTheSession(main=[
            tool_use("Bash", {"command": "touch src/b.py"}),
            tool_use("Read", {"file_path": str(box.repo / "state.md")}),  # init-guard
            tool_use("Bash", {"command": command}),
            "Done."])
        with FakeAPI() as api:
            run = box.run(api, "what next?", script, timeout=300, claude=claude,
                          env={"PLAYGATE_PYTHON": sys.executable})
        assert run.code == 0, run.describe()
        held, post_loop = run.result_of(0), run.result_of(2)
        assert held["is_error"] and "[playgate:" in held["text"], run.describe()
        assert not post_loop["is_error"], run.describe()
        assert not pending.exists() and not (box.repo / "src" / "b.py").exists()
    finally:
        if not os.environ.get("PLAYGATE_E2E_KEEP"):
            shutil.rmtree(root, ignore_errors=True)
