"""``install.py --workflow NAME``: state.md ``config.workflow`` set, and the
environment the workflow needs (breezing: Agent Teams and the task list
tools, from the registry's ``env``) offered, added on ``--yes``, recorded in
the manifest and removed by ``--uninstall`` — only what it added."""

from __future__ import annotations

import json
import subprocess
import sys

from conftest import SUITE, install, make_repo

from workflow import registry

TEAM_ENV = dict(registry.BY_NAME["breezing"].env)


def uninstall(repo) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SUITE / "install.py"), "--uninstall", str(repo)],
                          capture_output=True, text=True, timeout=300, check=False)


def settings(repo):
    return json.loads((repo / ".claude" / "settings.json").read_text())


def test_breezing_sets_the_workflow_and_offers_agent_teams(tmp_path):
    repo = make_repo(tmp_path / "repo")
    proc = install(repo, "--workflow", "breezing", "--yes")
    assert proc.returncode == 0, proc.stderr + proc.stdout
    assert "config.workflow: breezing" in proc.stdout
    assert "workflow: breezing #" in (repo / "state.md").read_text()
    assert settings(repo)["env"] == TEAM_ENV
    manifest = json.loads((repo / ".claude" / "playgate.json").read_text())
    assert manifest["settings"]["env"] == TEAM_ENV
    proc = uninstall(repo)
    assert proc.returncode == 0, proc.stderr + proc.stdout
    assert not (repo / ".claude" / "settings.json").exists()


def test_without_yes_the_env_is_only_offered(tmp_path):
    repo = make_repo(tmp_path / "repo")
    proc = install(repo, "--workflow", "breezing")
    assert proc.returncode == 0, proc.stderr + proc.stdout
    assert "not added" in proc.stdout and "CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS" in proc.stdout
    assert "env" not in settings(repo)


def test_a_users_own_env_is_kept_on_uninstall(tmp_path):
    repo = make_repo(tmp_path / "repo")
    (repo / ".claude").mkdir()
    (repo / ".claude" / "settings.json").write_text(json.dumps(
        {"env": {"MY_VAR": "x", "CLAUDE_CODE_ENABLE_TODO_TOOLS": "1"}}))
    assert install(repo, "--workflow", "breezing", "--yes").returncode == 0
    env = settings(repo)["env"]
    assert env == {"MY_VAR": "x", **TEAM_ENV}
    assert uninstall(repo).returncode == 0
    # what the user had stays (their own TODO_TOOLS too); the key we added goes
    assert settings(repo)["env"] == {"MY_VAR": "x", "CLAUDE_CODE_ENABLE_TODO_TOOLS": "1"}


def test_the_golden_path_needs_no_env_and_an_unknown_name_is_refused(tmp_path):
    repo = make_repo(tmp_path / "repo")
    proc = install(repo, "--workflow", "golden-path", "--yes")
    assert proc.returncode == 0 and "env" not in settings(repo)
    other = make_repo(tmp_path / "other")
    proc = install(other, "--workflow", "turbo")
    assert proc.returncode == 2 and "unknown workflow 'turbo'" in proc.stderr
    assert not (other / ".claude").exists()
