"""A hook never runs project-controlled code.

The agent can write the project tree (a virtualenv, ``node_modules``) and the
repository's git configuration (``git config core.fsmonitor ./x`` is an
ordinary command). Every subprocess a hook starts must therefore come from
outside the project and run git without the repository's hooks, fsmonitor,
pager, filters or other configured programs. Each test plants programs that
would leave a marker file, drives the real entrypoints, and asserts that no
marker appears (and, as a control, that the same plant does fire when git is
run the ordinary way, so the test can fail).
"""

from __future__ import annotations

import os
import stat
import subprocess
from pathlib import Path

import pytest
from bashenv import make_workspace
from conftest import git

from statefiles import gitwork


def _plant(path: Path, marker: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"#!/bin/sh\necho planted >> {marker}\nexit 1\n")
    path.chmod(path.stat().st_mode | stat.S_IEXEC | stat.S_IXGRP | stat.S_IXOTH)


@pytest.fixture
def ws(tmp_path):
    return make_workspace(tmp_path)


def test_a_planted_linter_is_never_executed(ws, tmp_path):
    root = ws.root
    marker = tmp_path / "linter-ran"
    for rel in (".venv/bin/ruff", "venv/bin/ruff", "env/bin/ruff", "node_modules/.bin/eslint",
                "bin/ruff", "bin/shellcheck"):
        _plant(root / rel, marker)
    (root / "ruff.toml").write_text("line-length = 100\n")
    (root / "eslint.config.js").write_text("require('fs').writeFileSync('x', '')\n")
    (root / "src" / "new.py").write_text("x = 1\n")
    (root / "src" / "new.js").write_text("x = 1\n")
    (root / "scripts" / "new.sh").write_text("echo x\n")
    git(root, "add", "src/new.py", "src/new.js", "scripts/new.sh")
    # The user's PATH may hold the project's own directories (an activated
    # virtualenv): they are still the project's.
    env = {"PATH": f"{root}/.venv/bin:{root}/bin:{root}/node_modules/.bin:"
                   + os.environ.get("PATH", "")}
    result = ws.hook("PreToolUse", env=env, tool_name="Bash", tool_use_id="t",
                     tool_input={"command": "git commit -m 'add files'"})
    assert not result.blocked, result
    assert not marker.exists(), marker.read_text()
    # control: the planted program does run when executed the ordinary way
    subprocess.run([str(root / ".venv/bin/ruff")], check=False)
    assert marker.exists()


def _plant_git_config(root: Path, marker: Path) -> None:
    hooks = root / ".husky"
    for name in ("pre-commit", "post-checkout", "pre-push", "post-index-change"):
        _plant(hooks / name, marker)
    _plant(root / "tools" / "run", marker)
    prog = str(root / "tools" / "run")
    for key, value in (("core.hooksPath", ".husky"), ("core.fsmonitor", prog),
                       ("filter.planted.clean", prog), ("filter.planted.smudge", prog),
                       ("diff.planted.textconv", prog), ("core.pager", prog),
                       ("diff.external", prog), ("core.editor", prog),
                       ("gpg.program", prog)):
        git(root, "config", key, value)
    (root / ".gitattributes").write_text("* filter=planted diff=planted\n")
    for rel in ("state.md", "src/app.py", "README.md"):
        p = root / rel
        if p.exists():
            p.write_text(p.read_text() + "\n")   # stat-dirty: status would run the filter


def test_hooks_run_git_without_the_repositorys_programs(ws, tmp_path):
    root = ws.root
    marker = tmp_path / "git-program-ran"
    _plant_git_config(root, marker)
    git(root, "add", "src/app.py", check=False)
    marker.unlink(missing_ok=True)   # git add above ran the filter: the control
    calls = [
        ("PreToolUse", {"tool_name": "Bash", "tool_use_id": "t",
                        "tool_input": {"command": "git commit -m x"}}),
        ("SessionEnd", {"reason": "other"}),
        ("Stop", {"stop_hook_active": False}),
    ]
    (root / "ruff.toml").write_text("line-length = 100\n")
    for event, fields in calls:
        ws.hook(event, **fields)
    assert not marker.exists(), marker.read_text()
    # control: git itself, run the ordinary way, runs them
    subprocess.run(["git", "status", "--porcelain"], cwd=root, capture_output=True, check=False)
    assert marker.exists()


def test_gitwork_neutralises_every_code_key_the_repository_sets(tmp_path):
    root = tmp_path / "r"
    root.mkdir()
    git(root, "init", "-q")
    (root / "README.md").write_text("x\n")
    git(root, "add", "README.md")
    git(root, "-c", "core.hooksPath=/dev/null", "commit", "-qm", "init")
    marker = tmp_path / "ran"
    _plant_git_config(root, marker)
    pairs = dict((k.lower(), v) for k, v in gitwork.safe_config(str(root)))
    for key in ("core.hookspath", "core.fsmonitor", "filter.planted.clean",
                "filter.planted.smudge", "diff.planted.textconv", "core.pager",
                "diff.external", "core.editor", "gpg.program"):
        assert key in pairs and str(root) not in pairs[key] and ".husky" not in pairs[key]
    result = gitwork.git(str(root), "status", "--porcelain")
    assert result.ok and not marker.exists()
    result = gitwork.git(str(root), "diff")
    assert result.ok and not marker.exists()


@pytest.mark.parametrize("key, code", [
    ("core.fsmonitor", True), ("filter.lfs.clean", True), ("Filter.X.Process", True),
    ("diff.x.textconv", True), ("pager.log", True), ("credential.https://h.helper", True),
    ("user.name", False), ("core.autocrlf", False), ("filter.x.required", False),
    ("diff.x.binary", False), ("remote.origin.url", False),
])
def test_code_running_keys_are_recognised(key, code):
    assert (gitwork._code_key(key) is not None) is code


def test_an_unreadable_configuration_means_git_is_not_run(tmp_path):
    root = tmp_path / "r"
    root.mkdir()
    git(root, "init", "-q")
    fifo = tmp_path / "include.fifo"
    os.mkfifo(fifo)
    with open(root / ".git" / "config", "a") as fh:
        fh.write(f"[include]\n\tpath = {fifo}\n")
    assert gitwork.safe_config(str(root), timeout=0.5) is None
    result = gitwork.git(str(root), "status")
    assert result.code is None and "not run" in result.err
