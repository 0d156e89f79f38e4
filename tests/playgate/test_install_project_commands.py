"""The installer proposes ``project_commands`` and writes them only when the
user agrees (playgate/detect_commands.py)."""

from __future__ import annotations

import subprocess
import sys

import pytest
from conftest import SUITE, make_repo

from playgate import detect_commands as D


def _files(root, files: dict):
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


@pytest.mark.parametrize("files, expected", [
    ({"pyproject.toml": "[tool.pytest.ini_options]\naddopts = '-q'\n"},
     ["pytest", "python -m pytest"]),
    ({"pytest.ini": "[pytest]\n"}, ["pytest", "python -m pytest"]),
    ({"setup.cfg": "[metadata]\nname=x\n[tool:pytest]\n"}, ["pytest", "python -m pytest"]),
    ({"tox.ini": "[pytest]\n"}, ["pytest", "python -m pytest"]),
    ({"pyproject.toml": "[project.optional-dependencies]\ntest = ['pytest>=7']\n"},
     ["pytest", "python -m pytest"]),
    ({"tests/test_x.py": "def test(): pass\n"}, ["pytest", "python -m pytest"]),
    ({"package.json": '{"scripts": {"build": "tsc", "test": "jest", "start": "node ."}}'},
     ["npm test", "npm run build"]),
    ({"package.json": '{"scripts": {"lint": "eslint ."}}', "yarn.lock": ""}, ["yarn run lint"]),
    ({"package.json": '{"scripts": {"test": "vitest"}}', "pnpm-lock.yaml": ""}, ["pnpm test"]),
    ({"Makefile": "all: build\nbuild:\n\tcc x.c\ntest: build\n\t./t\nVAR := 1\n"},
     ["make test", "make build"]),
    ({"Makefile": "check :\n\ttrue\n"}, ["make check"]),
    ({"README.md": "nothing here\n"}, []),
    ({"package.json": "not json"}, []),
    ({"package.json": '{"scripts": {"test": "x; rm -rf /"}}'}, ["npm test"]),
])
def test_detection(tmp_path, files, expected):
    _files(tmp_path, files)
    assert [d.prefix for d in D.detect(str(tmp_path))] == expected


def test_detected_prefixes_are_ones_the_gate_accepts(tmp_path):
    from permission.project_commands import refusal

    _files(tmp_path, {"pyproject.toml": "[tool.pytest.ini_options]\n",
                      "package.json": '{"scripts": {"test": "a", "lint": "b", "build": "c"}}',
                      "Makefile": "test:\nlint:\ncheck:\nbuild:\n"})
    found = D.detect(str(tmp_path))
    assert len(found) == 9
    assert [d.prefix for d in found if refusal(d.prefix)] == []


@pytest.mark.parametrize("current, prefixes, expected_items", [
    (None, ["pytest"], ["pytest"]),
    ("always_ask: [terraform]\n", ["pytest"], ["pytest"]),
    ("# mine\nproject_commands:\n  - make test   # ours\nalways_ask: [x]\n", ["pytest"],
     ["make test", "pytest"]),
    ("project_commands: [make test, 'npm test']\n", ["pytest", "npm test"],
     ["make test", "npm test", "pytest"]),
])
def test_merged_text_keeps_the_rest_of_the_file(tmp_path, current, prefixes, expected_items):
    import yaml

    text = D.merged_text(current, prefixes)
    doc = yaml.safe_load(text)
    assert doc["project_commands"] == expected_items
    if current and "always_ask" in current:
        assert doc["always_ask"] == yaml.safe_load(current)["always_ask"]
    if current and "# mine" in current:
        assert text.startswith("# mine\n")
    path = tmp_path / ".claude" / "permission-config.yaml"
    path.parent.mkdir()
    path.write_text(text)
    assert D.declared(str(tmp_path)) == expected_items


def test_the_written_layer_is_valid_for_the_gate(tmp_path):
    from permission import config

    _files(tmp_path, {"pyproject.toml": "[tool.pytest.ini_options]\n",
                      "Makefile": "test:\n\ttrue\n"})
    (tmp_path / ".claude").mkdir()
    lines = []
    written = D.offer(str(tmp_path), assume_yes=True, out=lines.append)
    assert written == ["pytest", "python -m pytest", "make test"]
    cfg = config.load(str(tmp_path), use_cache=False)
    assert cfg.ok and cfg.project_commands == tuple(written), cfg.errors
    # Offered again: nothing new to propose.
    assert D.offer(str(tmp_path), assume_yes=True, out=lines.append) == []


def test_nothing_is_written_without_agreement(tmp_path):
    _files(tmp_path, {"pytest.ini": "[pytest]\n"})
    lines = []
    assert D.offer(str(tmp_path), out=lines.append) == []
    assert D.offer(str(tmp_path), ask=lambda q: False, out=lines.append) == []
    assert D.offer(str(tmp_path), assume_yes=True, dry_run=True, out=lines.append) == []
    assert not (tmp_path / ".claude" / "permission-config.yaml").exists()
    assert any("--yes" in line for line in lines)
    asked = []
    assert D.offer(str(tmp_path), ask=lambda q: asked.append(q) or True,
                   out=lines.append) == ["pytest", "python -m pytest"]
    assert asked and "[y/N]" in asked[0]


def test_install_py_proposes_and_writes_only_with_yes(tmp_path):
    repo = make_repo(tmp_path / "repo")
    (repo / "pytest.ini").write_text("[pytest]\n")

    def run(*extra):
        return subprocess.run([sys.executable, str(SUITE / "install.py"), "--python",
                               sys.executable, *extra, str(repo)], capture_output=True, text=True,
                              timeout=300, stdin=subprocess.DEVNULL)

    proc = run()
    assert proc.returncode == 0, proc.stderr + proc.stdout
    assert "python -m pytest" in proc.stdout and "Re-run with --yes" in proc.stdout
    layer = repo / ".claude" / "permission-config.yaml"
    assert not layer.exists()
    proc = run("--yes")
    assert proc.returncode == 0, proc.stderr + proc.stdout
    assert D.declared(str(repo)) == ["pytest", "python -m pytest"]


def _install(repo, *extra):
    return subprocess.run([sys.executable, str(SUITE / "install.py"), "--python",
                           sys.executable, *extra, str(repo)], capture_output=True, text=True,
                          timeout=300, stdin=subprocess.DEVNULL)


@pytest.mark.slow
def test_without_a_terminal_the_install_ends_with_a_loud_warning_and_the_exact_flag(tmp_path):
    """Nobody was asked (stdin is not a terminal, no --yes): the install says
    so at its end, naming the commands and the command line that declares
    them, and that line does declare them. Then ``--yes`` on the installed
    repository says it changed something, never "nothing to change"."""
    repo = make_repo(tmp_path / "repo")
    (repo / "pytest.ini").write_text("[pytest]\n")
    proc = _install(repo)
    assert proc.returncode == 0, proc.stderr + proc.stdout
    lines = proc.stdout.splitlines()
    warning = next(i for i, line in enumerate(lines) if line.startswith("WARNING: "))
    assert "no project commands were declared (pytest, python -m pytest)" in lines[warning]
    assert "This command requires approval" in lines[warning]
    again = lines[warning + 1].strip()
    assert again.endswith(f"--yes {repo}") and "--python" in again and "install.py" in again
    # the commit line is the very last one, after the warning
    assert lines[-1].strip().startswith(f"cd {repo} && git add ")
    declared = subprocess.run(["sh", "-c", again], capture_output=True, text=True, timeout=300,
                              stdin=subprocess.DEVNULL)
    assert declared.returncode == 0, declared.stdout + declared.stderr
    assert D.declared(str(repo)) == ["pytest", "python -m pytest"]
    assert "nothing to change" not in declared.stdout and "done." in declared.stdout
    assert "WARNING" not in declared.stdout
    assert ".claude/permission-config.yaml" in declared.stdout.splitlines()[-1]
    # and a run with nothing left to do says so, once
    quiet = _install(repo, "--yes")
    assert "nothing to change" in quiet.stdout and "declared" not in quiet.stdout


@pytest.mark.slow
def test_uninstall_removes_the_declared_layer_it_created_and_names_one_it_keeps(tmp_path):
    repo = make_repo(tmp_path / "repo")
    (repo / "pytest.ini").write_text("[pytest]\n")
    assert _install(repo, "--yes").returncode == 0
    layer = repo / ".claude" / "permission-config.yaml"
    assert layer.exists()
    gone = subprocess.run([sys.executable, str(SUITE / "install.py"), "--uninstall", str(repo)],
                          capture_output=True, text=True, timeout=300)
    assert gone.returncode == 0, gone.stdout + gone.stderr
    assert not layer.exists()   # created by the install, unchanged: removed
    # edited since: kept, and the uninstall says so
    assert _install(repo, "--yes").returncode == 0
    layer.write_text(layer.read_text() + "  - make lint\n")
    gone = subprocess.run([sys.executable, str(SUITE / "install.py"), "--uninstall", str(repo)],
                          capture_output=True, text=True, timeout=300)
    assert gone.returncode == 0 and layer.exists()
    assert "kept .claude/permission-config.yaml" in gone.stdout
