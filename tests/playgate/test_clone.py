"""A teammate's first hour: a clone of a repository playgate was installed
into, tried the way a teammate meets it — a fresh directory, no virtualenv,
following only what is printed.

The install commits only what a clone needs to fail closed and set itself
up (settings, the fail-closed script, the entry point, the pin, the
project's own files); the clone's hooks block every call with the command
that sets it up; that command installs exactly the pinned suite and changes
no committed file. Through the real entrypoints: install.py, the committed
``python3 .claude/playgate`` and the registered hook commands, as
subprocesses. The hooks' virtualenv is made on this interpreter
(``PLAYGATE_PYTHON``) so that nothing is downloaded.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys

import pytest
from conftest import SUITE, Installed, git, make_repo

from playgate import suite

pytestmark = pytest.mark.slow

ENV = {"PLAYGATE_PYTHON": sys.executable}


def run(argv, cwd, env=None, stdin=subprocess.DEVNULL, timeout=600):
    full = dict(os.environ, **ENV)
    full.pop("CLAUDE_PROJECT_DIR", None)
    full.update(env or {})
    return subprocess.run(argv, cwd=str(cwd), env=full, stdin=stdin, capture_output=True,
                          text=True, timeout=timeout)


def sh(command: str, cwd, env=None):
    """A command line as printed, run by ``sh`` in ``cwd`` (python3 from PATH)."""
    return run(["sh", "-c", command], cwd, env)


def last_command(output: str, after: str) -> str:
    """The indented command line printed after the line containing ``after``."""
    lines = output.splitlines()
    for i, line in enumerate(lines):
        if after in line:
            return lines[i + 1].strip()
    raise AssertionError(f"no line with {after!r} in:\n{output}")


@pytest.fixture(scope="module")
def origin(tmp_path_factory):
    """A project with tests, playgate installed by the newcomer's route
    (``python3 install.py --yes REPO``, no --python) and committed exactly as
    the install's last line says. Returns ``(repo, install output)``."""
    repo = make_repo(tmp_path_factory.mktemp("origin") / "project")
    (repo / "tests").mkdir()
    (repo / "tests" / "test_a.py").write_text("def test_a():\n    assert True\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "tests")
    proc = run([sys.executable, str(SUITE / "install.py"), "--yes", str(repo)], repo)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    commit = last_command(proc.stdout, "Commit what the repository needs")
    done = sh(commit, repo)
    assert done.returncode == 0, done.stderr
    assert git(repo, "status", "--porcelain", "--untracked-files=all").stdout == ""
    return repo, proc.stdout


@pytest.fixture
def clone(origin, tmp_path):
    repo, _out = origin
    path = tmp_path / "teammate"
    assert subprocess.run(["git", "clone", "-q", str(repo), str(path)],
                          capture_output=True).returncode == 0
    return path


def test_only_what_a_clone_needs_is_committed(origin):
    repo, out = origin
    tracked = git(repo, "ls-files").stdout.split()
    ours = [p for p in tracked if p.startswith((".claude/", "play/")) or p in (
        "state.md", ".gitignore")]
    assert sorted(ours) == sorted([
        ".claude/hooks/failclosed.sh", ".claude/permission-config.yaml",
        ".claude/playgate-pin.json", ".claude/playgate/__main__.py",
        ".claude/playgate/repair.py", ".claude/protected-files.txt", ".claude/settings.json",
        ".gitignore", "play/template/plan.json", "play/template/progress.json", "state.md"])
    # The suite's code is on disk (the hooks run it) but ignored.
    for pkg in suite.PACKAGE_NAMES:
        assert (repo / ".claude" / pkg).is_dir()
    pin = json.loads((repo / ".claude" / "playgate-pin.json").read_text())
    assert pin["sources"][0] == {"path": str(SUITE.resolve())}
    assert len(pin["suite_sha256"]) == 64
    # The install said where clones get it, and that only this machine has it.
    assert "which only this machine has" in out and "--source" in out


def test_a_fresh_clone_fails_closed_and_names_the_command_that_sets_it_up(clone):
    assert not (clone / ".claude" / ".venv").exists()
    inst = Installed(clone)
    started = inst.hook("SessionStart", source="startup")
    assert started.code == 0
    assert "python3 .claude/playgate install ." in started.json["systemMessage"]
    for event, fields in (("UserPromptSubmit", {"prompt": "hi"}),
                          ("PreToolUse", {"tool_name": "Read",
                                          "tool_input": {"file_path": "state.md"}}),
                          ("Stop", {"stop_hook_active": False})):
        blocked = inst.hook(event, **fields)
        assert blocked.code == 2, event
        assert f'python3 "{clone}/.claude/playgate" install "{clone}"' in blocked.stderr, event
    doctor = sh("python3 .claude/playgate doctor", clone)
    assert doctor.returncode == 1 and "python3 .claude/playgate install ." in doctor.stderr


def test_the_printed_command_sets_the_clone_up_and_changes_nothing_committed(clone):
    inst = Installed(clone)
    blocked = inst.hook("UserPromptSubmit", prompt="hi")
    command = re.search(r"set it up \(or repair it\) with: (.+)$", blocked.stderr.strip()).group(1)
    setup = sh(command, tmp := clone.parent)  # from anywhere: the paths are absolute
    assert setup.returncode == 0, setup.stdout + setup.stderr
    assert tmp != clone
    # Exactly the pinned suite, and no committed file changed.
    assert git(clone, "status", "--porcelain", "--untracked-files=all").stdout == ""
    assert "Nothing to commit" in setup.stdout
    # The status line committed by the first install is playgate's, not "yours".
    assert "you already have one" not in setup.stdout
    assert inst.hook("UserPromptSubmit", prompt="hi").code == 0
    assert inst.hook("SessionStart", source="startup").code == 0
    doctor = sh("python3 .claude/playgate doctor", clone)
    assert doctor.returncode == 0, doctor.stdout + doctor.stderr
    # Run again, it repairs nothing and says so.
    again = sh("python3 .claude/playgate install .", clone)
    assert again.returncode == 0 and "nothing to change" in again.stdout
    # A deleted virtualenv is repaired by the same command.
    shutil.rmtree(clone / ".claude" / ".venv")
    assert inst.hook("UserPromptSubmit", prompt="hi").code == 2
    assert sh("python3 .claude/playgate install .", clone).returncode == 0
    assert inst.hook("UserPromptSubmit", prompt="hi").code == 0
    # And uninstalled by the command the install printed.
    undo = setup.stdout.split("Undo with: ", 1)[1].splitlines()[0]
    gone = sh(undo, clone)
    assert gone.returncode == 0, gone.stdout + gone.stderr
    assert not (clone / ".claude" / ".venv").exists()
    assert not (clone / ".claude" / "events").exists()


def test_a_source_with_another_suite_is_refused_and_the_user_told_what_to_do(clone, tmp_path):
    """The pin is a promise: a checkout that moved on is not installed."""
    other = tmp_path / "other-playgate"
    shutil.copytree(SUITE, other, ignore=shutil.ignore_patterns(
        ".git", ".venv", "__pycache__", "tests", ".cache", ".pytest_cache", "*.egg-info",
        ".hypothesis", "bench", "docs"))
    (other / "guards" / "init_guard.py").write_text(
        (other / "guards" / "init_guard.py").read_text() + "\n# changed\n")
    proc = sh(f"python3 .claude/playgate install . --source {other}", clone)
    # The given source is refused; the pin's own source (this checkout) then works.
    assert "another suite than the pin" in proc.stdout
    assert proc.returncode == 0, proc.stdout
    pin = clone / ".claude" / "playgate-pin.json"
    data = json.loads(pin.read_text())
    data["sources"] = [{"path": str(other)}, {"pip": str(tmp_path / "nowhere.whl")}]
    pin.write_text(json.dumps(data))
    shutil.rmtree(clone / ".claude" / ".venv")
    failed = sh("python3 .claude/playgate install .", clone, env={"PATH": os.path.dirname(
        shutil.which("python3")) + ":/usr/bin:/bin"})
    assert failed.returncode == 1
    assert "could not be set up" in failed.stdout
    assert "python3 .claude/playgate install . --source PATH-OR-URL" in failed.stdout
    assert f"the checkout {other}: it has another suite than the pin" in failed.stdout


def test_the_entry_point_refuses_another_repository(clone, tmp_path):
    elsewhere = make_repo(tmp_path / "elsewhere")
    proc = sh(f"python3 .claude/playgate install {elsewhere}", clone)
    assert proc.returncode == 2 and "refused" in proc.stdout
    assert not (elsewhere / ".claude").exists()
