"""session-health (SessionStart; seed 002 §1, §14.4): the repository map's
drift with the architecture-sync flag, and the suite's own health, reported
as context through the installed hook and silent when all is well.
"""

from __future__ import annotations

import json
import os

import pytest
from conftest import git, replace_file
from hypothesis import given, settings
from hypothesis import strategies as st
from draws import examples
from saying import says

from statefiles import repomap

LABEL = "[playgate:session-health]"
FLAG = ".claude/.session-init/architecture-sync.yaml"


def start(installed, source="startup"):
    result = installed.hook("SessionStart", source=source)
    assert result.code == 0, result
    return result.context


@pytest.fixture
def project(installed):
    """The installed repository with a few tracked files."""
    root = installed.root
    for rel in ("src/a.py", "src/b.py", "src/sub/c.py", "tests/test_a.py", "docs/arch.md"):
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text("x\n")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "files")
    return installed


def write_map(root, body: str) -> None:
    (root / "docs").mkdir(exist_ok=True)
    (root / repomap.MAP).write_text(body)


def test_a_healthy_install_without_a_map_says_nothing(project):
    context = start(project)
    assert LABEL not in context, context
    assert not (project.root / FLAG).exists()


def test_a_matching_map_says_nothing(project):
    write_map(project.root, "directories:\n  src: 3\n  src/sub: 1\n  tests: 1\n  docs: 2\n")
    git(project.root, "add", "-A")
    context = start(project)
    assert LABEL not in context, context


def test_drift_is_reported_with_the_flag_and_cleared_when_fixed(project):
    root = project.root
    write_map(root, "architecture: docs/arch.md\ndirectories:\n  src: 2\n  tests: 1\n"
                    "  lib: 4\n")
    context = start(project)
    assert LABEL in context, context
    assert says(context, "session_health.map_count", directory="src", expected=2, actual=3)
    assert says(context, "session_health.map_count", directory="lib", expected=4, actual=0)
    assert says(context, "session_health.map_new", directory="docs", actual=1), context
    assert says(context, "session_health.map_document", document="docs/arch.md"), context
    flag = (root / FLAG).read_text()
    assert "drift: true" in flag and "directory: 'src'" in flag
    write_map(root, "directories:\n  src: 3\n  tests: 1\n  docs: 1\n")
    context = start(project, "resume")
    assert LABEL not in context, context
    assert not (root / FLAG).exists()


def test_not_after_a_compaction(project):
    write_map(project.root, "directories:\n  src: 9\n")
    assert LABEL not in start(project, "compact")


@pytest.mark.parametrize("body, key, fields", [
    ("directories: [src]\n", "repomap.no_directories", {}),
    ("directories:\n  src: many\n", "repomap.bad_entry", {"entry": "src: many"}),
    ("directories: {src: 1\n", "repomap.not_yaml", {}),
])
def test_a_broken_map_is_named(project, body, key, fields):
    write_map(project.root, body)
    context = start(project)
    assert LABEL in context and says(context, "session_health.map_problem"), context
    assert says(context, key, map="docs/repository-map.yaml", **fields), context


def test_the_japanese_report(project):
    from statefiles import state_md

    state_md.update_keys(str(project.root), "config", {"language": "ja"})
    write_map(project.root, "directories:\n  src: 2\n")
    context = start(project)
    assert "src: マップでは 2 件、git の管理下では 3 件" in context, context


def test_an_unregistered_hook_is_named(project):
    root = project.root
    path = root / ".claude/settings.json"
    settings_ = json.loads(path.read_text())
    del settings_["hooks"]["Stop"]
    settings_["hooks"]["PreToolUse"] = [{"matcher": "*", "hooks": [
        {"type": "command", "command": "true"}]}]
    replace_file(path, json.dumps(settings_, indent=2))
    context = start(project)
    assert LABEL in context, context
    assert says(context, "session_health.unregistered", events="PreToolUse, Stop"), context


def test_missing_golden_path_files_are_named(project):
    root = project.root
    os.unlink(root / "play/template/progress.json")
    os.unlink(root / ".claude/agents/critic.md")
    context = start(project)
    assert "play/template/progress.json" in context and ".claude/agents/critic.md" in context


def test_guard_errors_since_the_last_session_are_counted(project):
    root = project.root
    from statefiles import state_md

    state_md.update_keys(str(root), "session", {"last_start": "2026-03-01 10:00:00"})
    log = root / ".claude/logs/errors.log"
    log.parent.mkdir(parents=True, exist_ok=True)
    log.write_text("--- 2026-02-28T09:00:00 pid=1 event=PreToolUse in guards.old\nTraceback\n"
                   "--- 2026-03-01T11:00:00 pid=2 event=PreToolUse in guards.lint\nTraceback\n"
                   "--- 2026-03-02T11:00:00 pid=3 event=Stop in guards.completion_check\nT\n")
    context = start(project)
    assert says(context, "session_health.errors", count=2, where="guards.completion_check"), \
        context


def test_the_registrations_checked_are_the_runtimes_entrypoints():
    from events.runtime import UNITS
    from guards.session_health import REGISTERED
    from statefiles import layout

    assert set(REGISTERED) <= set(UNITS)
    for event in REGISTERED:
        assert os.path.isfile(os.path.join(layout.SUITE_ROOT, "hooks", f"{UNITS[event]}.py")), event


# ------------------------------------------------------------------ the counter

_COMPONENT = st.sampled_from(["src", "a", "b", "tests", ".github", "x.py", "y.py"])
_PATH = st.lists(_COMPONENT, min_size=1, max_size=4).map("/".join)


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(_PATH, max_size=30, unique=True),
       st.lists(st.lists(_COMPONENT, min_size=1, max_size=2).map("/".join), max_size=4,
                unique=True))
def test_counts_are_the_tracked_files_below_each_directory(paths, directories):
    counts = repomap.count(paths, directories)
    for d in directories:
        assert counts[d] == sum(1 for p in paths if p.startswith(d + "/")), (d, paths)
    for p in paths:
        top = p.split("/", 1)[0]
        if "/" in p:
            assert counts[top] == sum(1 for q in paths if q.startswith(top + "/"))
