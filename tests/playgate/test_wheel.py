"""The wheel, end to end: built from the project (sdist, then
the wheel from the sdist, as ``python -m build`` does), installed into a fresh
virtualenv, it installs one import name — ``playgate`` — and its ``playgate
install|uninstall|demo`` do what ``python install.py`` does.

Slow (about 30 s: a build in an isolated environment, a virtualenv, pip);
``pytest -m "not slow"`` leaves it out, .ci/run runs it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from conftest import SUITE, Installed, make_repo
from playgate import suite

pytestmark = pytest.mark.slow

#: The suite's packages a wheel must NOT install as top-level names (PyPI
#: distributions own some of them: ``events``, ``shell``, ``messages``...).
NOT_TOP_LEVEL = ("events", "guards", "shell", "statefiles", "permission", "messages", "hooks")


def _run(argv, timeout=600, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([str(a) for a in argv], capture_output=True, text=True,
                          timeout=timeout, **kwargs)


def _project_copy(dest: Path) -> Path:
    """The project's files (tracked, and new ones git does not ignore) copied
    to ``dest``, so that building never writes into the checkout."""
    listed = _run(["git", "-C", SUITE, "ls-files", "-z", "--cached", "--others",
                   "--exclude-standard"])
    assert listed.returncode == 0, listed.stderr
    for rel in filter(None, listed.stdout.split("\0")):
        src = SUITE / rel
        if src.is_file():
            target = dest / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, target)
    return dest


class WheelEnv:
    def __init__(self, root: Path, wheel: Path) -> None:
        self.root = root
        self.wheel = wheel
        self.python = root / "venv" / "bin" / "python"
        self.playgate = root / "venv" / "bin" / "playgate"

    def run(self, *args, **kwargs) -> subprocess.CompletedProcess:
        env = dict(os.environ)
        env.pop("PYTHONPATH", None)
        return _run([self.playgate, *args], env=env, **kwargs)


@pytest.fixture(scope="module")
def wheel_env(tmp_path_factory) -> WheelEnv:
    root = tmp_path_factory.mktemp("wheel")
    src = _project_copy(root / "src")
    built = _run([sys.executable, "-m", "build", "--outdir", root / "dist", src])
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    wheels = sorted((root / "dist").glob("playgate-*.whl"))
    assert len(wheels) == 1, wheels
    # No pip inside the virtualenv (ensurepip costs 6 s of CPU): this
    # interpreter's pip installs into it (``--python``), the wheel and the
    # dependencies it declares, as pip inside it would.
    made = _run([sys.executable, "-m", "venv", "--without-pip", root / "venv"])
    assert made.returncode == 0, made.stderr
    env = WheelEnv(root, wheels[0])
    pip = _run([sys.executable, "-m", "pip", "--python", env.python, "install", "-q",
                "--disable-pip-version-check", wheels[0]], cwd=root)
    assert pip.returncode == 0, pip.stdout[-3000:] + pip.stderr[-3000:]
    return env


def test_the_wheel_installs_one_import_name(wheel_env):
    with zipfile.ZipFile(wheel_env.wheel) as whl:
        names = whl.namelist()
    tops = {name.split("/", 1)[0] for name in names}
    assert tops == {"playgate", f"{wheel_env.wheel.name.split('-py3')[0]}.dist-info"}, tops
    # The suite travels as package data: the tree install copies, plus its templates.
    for package in suite.PACKAGE_NAMES:
        assert any(n.startswith(f"playgate/_suite/{package}/") for n in names), package
    for rel in ("events/runtime.py", "hooks/pre_tool_use.py", "playgate/cli.py",
                "settings.template.json", "templates/state.md", "protected-files.txt",
                "permission/defaults.yaml"):
        assert f"playgate/_suite/{rel}" in names, rel
    # In the fresh virtualenv (run outside the checkout): playgate, and none of the others.
    probe = _run([wheel_env.python, "-c", "import importlib.util, json, sys; print(json.dumps("
                  "{n: importlib.util.find_spec(n) is not None for n in sys.argv[1:]}))",
                  "playgate", *NOT_TOP_LEVEL], cwd=wheel_env.root)
    assert json.loads(probe.stdout) == {"playgate": True, **{n: False for n in NOT_TOP_LEVEL}}
    failed = _run([wheel_env.python, "-c", "import events"], cwd=wheel_env.root)
    assert failed.returncode == 1 and "No module named 'events'" in failed.stderr


def test_playgate_help_lists_the_installer_commands(wheel_env):
    proc = wheel_env.run("--help", cwd=wheel_env.root)
    assert proc.returncode == 0, proc.stderr
    for command in ("install", "uninstall", "demo", "doctor", "status"):
        assert f"    {command}" in proc.stdout, command
    version = wheel_env.run("--version", cwd=wheel_env.root)
    assert version.returncode == 0 and "playgate/_suite" in version.stdout


def test_install_gate_and_uninstall_from_the_wheel(wheel_env, tmp_path):
    repo = make_repo(tmp_path / "repo")
    before = sorted(p.relative_to(repo).as_posix() for p in repo.rglob("*")
                    if ".git" not in p.relative_to(repo).parts)
    proc = wheel_env.run("install", "--python", wheel_env.python, repo, cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    # playgate is not on PATH here: the undo names the command that ran, by its path
    assert f"Undo with: {wheel_env.playgate} uninstall" in proc.stdout
    assert (repo / ".claude" / "events" / "runtime.py").is_file()
    assert (repo / ".claude" / "hooks" / "suite.bundle").is_file()
    installed = Installed(repo)
    command = installed.command("PreToolUse", "Edit")
    assert str(wheel_env.python) in command and '"$CLAUDE_PROJECT_DIR"/.claude/hooks/' in command
    # The installed PreToolUse hook gates: the gate's own settings are not editable.
    blocked = installed.tool("Edit", {"file_path": str(repo / ".claude" / "settings.json"),
                                      "old_string": '"hooks"', "new_string": '"off"'})
    assert blocked.code == 2 and "[playgate" in blocked.stderr, blocked
    allowed = installed.tool("Read", {"file_path": str(repo / "state.md")})
    assert allowed.code == 0, allowed
    # The wheel's CLI reads the project (its runtime comes from the wheel's suite data).
    status = wheel_env.run("status", "-C", repo, "--json", cwd=tmp_path)
    assert status.returncode == 0, status.stderr
    assert json.loads(status.stdout)["install"] == "package"
    again = wheel_env.run("install", "--python", wheel_env.python, repo, cwd=tmp_path)
    assert again.returncode == 0 and "nothing to change" in again.stdout
    gone = wheel_env.run("uninstall", repo, cwd=tmp_path)
    assert gone.returncode == 0, gone.stdout + gone.stderr
    after = sorted(p.relative_to(repo).as_posix() for p in repo.rglob("*")
                   if ".git" not in p.relative_to(repo).parts)
    # The blocked Edit is a record in the decision log,
    # which the uninstaller keeps and says so; nothing else is left.
    assert "kept .claude/logs/" in gone.stdout
    assert after == sorted(before + [".claude", ".claude/logs",
                                     ".claude/logs/decisions.jsonl"])


def test_a_clone_sets_itself_up_from_the_wheel_the_pin_names(wheel_env, tmp_path):
    """The package route, as a teammate meets it: the install pins the
    wheel it came from; a clone of the repository, without the suite's code
    or a virtualenv, blocks every call with the command that sets it up, and
    that command installs the pinned suite from that wheel (the
    dependencies from ``PLAYGATE_PYTHON``: nothing downloaded)."""
    repo = make_repo(tmp_path / "repo")
    env = dict(os.environ, PLAYGATE_PYTHON=sys.executable)
    env.pop("PYTHONPATH", None)
    proc = _run([wheel_env.playgate, "install", repo], cwd=tmp_path, env=env,
                stdin=subprocess.DEVNULL)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    pin = json.loads((repo / ".claude" / "playgate-pin.json").read_text())
    assert {"pip": str(wheel_env.wheel)} in pin["sources"], pin
    commit = proc.stdout.strip().splitlines()[-1].strip()
    assert commit.startswith(f"cd {repo} && git add "), proc.stdout
    assert _run(["sh", "-c", commit]).returncode == 0
    clone = tmp_path / "teammate"
    assert _run(["git", "clone", "-q", repo, clone]).returncode == 0
    blocked = Installed(clone).tool("Read", {"file_path": str(clone / "state.md")})
    assert blocked.code == 2 and f'python3 "{clone}/.claude/playgate" install "{clone}"' in \
        blocked.stderr, blocked
    setup = _run(["sh", "-c", "python3 .claude/playgate install ."], cwd=clone, env=env)
    assert setup.returncode == 0, setup.stdout + setup.stderr
    assert f"pip install {wheel_env.wheel}" in setup.stdout
    assert Installed(clone).tool("Read", {"file_path": str(clone / "state.md")}).code == 0
    assert _run(["git", "-C", clone, "status", "--porcelain"]).stdout == ""


def test_install_refusals_keep_install_py_exit_codes(wheel_env, tmp_path):
    (tmp_path / "plain").mkdir()
    proc = wheel_env.run("install", tmp_path / "plain", cwd=tmp_path)
    assert proc.returncode == 2 and "not a git work tree" in proc.stderr
    usage = wheel_env.run("install", cwd=tmp_path)
    assert usage.returncode == 2 and "usage: playgate install" in usage.stderr


def test_demo_from_the_wheel(wheel_env, tmp_path):
    proc = wheel_env.run("demo", tmp_path / "demo", "--python", wheel_env.python, cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "every decision as scripted" in proc.stdout
