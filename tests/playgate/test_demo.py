"""``python install.py --demo``: the README's "see it work" command.

The demo is run with ``--python <this interpreter>`` to stay fast; the cached
virtualenv it builds otherwise is tested with a stand-in for pip.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import SUITE, git
from saying import says

from playgate import installer  # noqa: E402
from playgate.installer import demo as installer_demo  # noqa: E402

ROW = re.compile(r"^\s*(\d+)\s{2}(.{32}) (\S+)\s+(\S*)\s+(.{28}) "
                 r"(allow|context|BLOCK|ERROR)\s+(\d+)$")


def run_demo(*args, env=None) -> subprocess.CompletedProcess:
    full_env = dict(os.environ, **(env or {}))
    full_env.pop("PLAYGATE_TRACE", None)
    return subprocess.run([sys.executable, str(SUITE / "install.py"), "--demo", *map(str, args)],
                          capture_output=True, text=True, timeout=300, env=full_env)


def rows(output: str) -> list:
    """``[(n, note, event, tool, decision, reason)]`` from the demo's table."""
    found = []
    lines = output.splitlines()
    for i, line in enumerate(lines):
        m = ROW.match(line)
        if not m:
            continue
        reason = []
        for follow in lines[i + 1:]:
            if not follow.startswith("        ") and not follow.startswith("      !"):
                break
            reason.append(follow.strip())
        found.append((int(m.group(1)), m.group(2).strip(), m.group(3), m.group(4),
                      m.group(6), " ".join(reason)))
    return found


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    where = tmp_path_factory.mktemp("demo") / "demo-repo"
    # The widest table the demo prints (COLUMNS, up to 160): a reason is cut
    # after three lines, and the messages read by key are read whole.
    proc = run_demo(where, "--python", sys.executable, env={"COLUMNS": "160"})
    return where, proc


def test_demo_runs_and_prints_the_session_table(demo):
    where, proc = demo
    assert proc.returncode == 0, proc.stdout + proc.stderr
    table = rows(proc.stdout)
    assert [r[0] for r in table] == list(range(1, len(installer.DEMO_SCRIPT) + 1))
    assert "every decision as scripted" in proc.stdout
    assert "Traceback" not in proc.stdout + proc.stderr
    for header in ("event", "tool", "decision"):
        assert header in proc.stdout.splitlines()[4]


def test_demo_shows_the_workflow_in_order(demo):
    """The demo session: each gate blocks for its own reason, in order."""
    _where, proc = demo
    table = rows(proc.stdout)
    decisions = [(r[2], r[3], r[4]) for r in table]
    reasons = [r[5] for r in table]
    assert decisions[0] == ("SessionStart", "", "context") and "state.md" in reasons[0]

    def first(decision, guard):
        for i, (row, reason) in enumerate(zip(decisions, reasons, strict=True)):
            if row[2] == decision and f"[playgate:{guard}]" in reason:
                return i
        raise AssertionError(f"no {decision} by {guard} in:\n{proc.stdout}")

    order = [first("BLOCK", "prompt-analyzer-gate"), first("BLOCK", "init-guard"),
             first("BLOCK", "main-branch")]
    no_playbook = first("BLOCK", "playbook-guard")
    assert says(reasons[no_playbook], "playbook_guard.no_playbook"), reasons[no_playbook]
    unreviewed = next(i for i, r in enumerate(reasons) if says(r, "playbook_guard.not_reviewed"))
    order += [no_playbook, unreviewed]
    assert order == sorted(order)
    # The reviewed edit is allowed; protected files are blocked by level and mode.
    reviewed_edit = next(i for i, r in enumerate(table) if r[1].startswith("the edit, reviewed"))
    assert decisions[reviewed_edit][2] == "allow" and reviewed_edit > unreviewed
    assert "HARD_BLOCK" in reasons[first("BLOCK", "protected-edit")]
    assert any("BLOCK, protected-files.txt" in r and "'strict'" in r for r in reasons)
    # depends-check's WARN reaches additionalContext.
    assert says(reasons[first("context", "depends-check")], "depends_check.open_deps",
                phase="p2")
    assert decisions[-1][0] == "Stop"


def test_demo_repository_shows_what_happened(demo):
    where, proc = demo
    assert str(where.resolve()) in proc.stdout
    assert git(where, "branch", "--show-current").stdout.strip() == "feat/demo"
    assert (where / "src" / "greet.py").read_text() == \
        "def greet(name):\n    return f'Hello, {name}!'\n"
    plan = json.loads((where / "play" / "demo" / "plan.json").read_text())
    assert plan["meta"]["reviewed"] is True
    assert "active: play/demo/plan.json" in (where / "state.md").read_text()
    # Blocked calls changed nothing.
    assert "hooks_off" not in (where / ".claude" / "settings.json").read_text()
    assert ".claude/.venv/" in (where / ".gitignore").read_text()


def test_demo_without_dir_makes_a_temporary_one(tmp_path):
    proc = run_demo("--python", sys.executable, env={"TMPDIR": str(tmp_path)})
    assert proc.returncode == 0, proc.stdout + proc.stderr
    made = [p for p in tmp_path.iterdir() if p.name.startswith("playgate-demo-")]
    assert len(made) == 1 and str(made[0]) in proc.stdout


def test_demo_refuses_a_directory_with_content(tmp_path):
    (tmp_path / "keep.txt").write_text("mine\n")
    proc = run_demo(tmp_path, "--python", sys.executable)
    assert proc.returncode == 2
    assert proc.stderr.startswith("playgate: refused:") and "not empty" in proc.stderr
    assert [p.name for p in tmp_path.iterdir()] == ["keep.txt"]


def test_demo_refuses_an_interpreter_without_the_dependencies(tmp_path):
    bare = tmp_path / "bare"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(bare)], check=True,
                   timeout=120)
    proc = run_demo(tmp_path / "d", "--python", bare / "bin" / "python")
    assert proc.returncode == 2 and "is missing" in proc.stderr


def test_a_step_that_does_not_go_as_scripted_fails_the_demo(tmp_path):
    script = list(installer.DEMO_SCRIPT[:3])
    script[1] = dict(script[1], expect="allow")  # the gate will block it
    lines = []
    code = installer.run_demo(str(tmp_path / "d"), python=sys.executable, out=lines.append,
                              script=tuple(script))
    text = "\n".join(lines)
    assert code == 1
    assert "UNEXPECTED: wanted allow" in text and "1 did not go as scripted" in text


def test_a_hook_that_errors_fails_the_demo(tmp_path, monkeypatch):
    """An error (a non-0/2 exit, a traceback) never counts as an answer."""
    real = installer_demo.bounded

    def crashing_hooks(argv, *args, **kwargs):
        if argv[0] == "sh":  # the registered hook commands
            return 1, b"", b"Traceback (most recent call last):\n  x\n"
        return real(argv, *args, **kwargs)

    monkeypatch.setattr(installer_demo, "bounded", crashing_hooks)
    lines = []
    code = installer.run_demo(str(tmp_path / "d"), python=sys.executable, out=lines.append,
                              script=installer.DEMO_SCRIPT[:2])
    assert code == 1 and "ERROR" in "\n".join(lines)


@pytest.mark.parametrize("event,code,out,err,decision", [
    ("PreToolUse", 2, "", "[playgate:x] no\n", "block"),
    ("PreToolUse", 0, "", "", "allow"),
    ("PreToolUse", 0, '{"hookSpecificOutput": {"hookEventName": "PreToolUse", '
                      '"additionalContext": "careful"}}', "", "context"),
    ("PreToolUse", 0, '{"hookSpecificOutput": {"hookEventName": "PreToolUse", '
                      '"permissionDecision": "deny", "permissionDecisionReason": "no"}}', "",
     "block"),
    ("PreToolUse", 1, "", "oops", "error"),
    ("PreToolUse", 0, "not json", "", "error"),
    ("PreToolUse", 0, "[1]", "", "error"),
    ("PreToolUse", None, "", "", "error"),
    ("PreToolUse", 0, "", "Traceback (most recent call last):\n", "error"),
    ("Stop", 0, '{"decision": "block", "reason": "open subtasks"}', "", "block"),
    ("Stop", 0, '{"systemMessage": "left: p1.1"}', "", "context"),
    ("SessionStart", 0, "plain text context", "", "context"),
    ("PermissionRequest", 0, '{"hookSpecificOutput": {"hookEventName": "PermissionRequest", '
                             '"decision": {"behavior": "allow"}}}', "", "allow"),
])
def test_answers_are_read_as_claude_code_reads_them(event, code, out, err, decision):
    assert installer_demo._read_answer(event, code, out, err)[0] == decision


@pytest.mark.parametrize("matcher,tool,hit", [
    (None, "Edit", True), ("", "Edit", True), ("*", "mcp__x__y", True),
    ("Edit|Write", "Edit", True), ("Edit|Write", "NotebookEdit", False),
    ("Edit, Write", "Write", True), ("Edit.*", "NotebookEdit", True),
    ("mcp__github__.*", "mcp__github__create_issue", True), ("Bash", "bash", False),
])
def test_matchers_follow_claude_code(matcher, tool, hit):
    assert installer_demo._matches(matcher, tool) is hit


def test_the_demo_only_ever_runs_harmless_commands():
    """SAFETY: the commands the demo really runs are branch operations in its
    own repository, never anything a guard exists to stop."""
    for step in installer.DEMO_SCRIPT:
        run = step.get("run")
        if run is None:
            continue
        assert run[0] == "git" and run[1] in ("checkout", "switch", "add", "commit", "status")
        assert not any(a.startswith(("/", "~", "..")) for a in run[2:])
        assert step["tool"] == "Bash"


def test_demo_script_is_well_formed():
    events = set(json.loads((SUITE / "settings.template.json").read_text()
                            .replace("{{PYTHON}}", "p").replace("{{SUITE}}", "s"))["hooks"])
    for step in installer.DEMO_SCRIPT:
        assert step["event"] in events and step.get("note")
        expect = step["expect"]
        expect = (expect,) if isinstance(expect, str) else expect
        assert set(expect) <= {"allow", "context", "block"}
        if "tool" in step:
            assert step["event"] in ("PreToolUse", "PostToolUse", "PermissionRequest")


def test_demo_interpreter_is_cached_and_rebuilt_when_broken(tmp_path, monkeypatch):
    """Without --python and without the dependencies here, the demo builds a
    virtualenv once under $XDG_CACHE_HOME/playgate and reuses it."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    built = []
    broken = {}  # interpreter -> how many more checks fail

    def fake_check(python, requirements, what="--python"):
        if broken.get(python):
            broken[python] -= 1
            raise installer.Refusal(f"{python}: the cached venv is broken")
        if python == sys.executable:
            raise installer.Refusal(f"{python}: bashlex is missing")
        return {"version": [3, 11, 0]}

    def fake_create(path, requirements, out=print):
        os.makedirs(os.path.join(path, "bin"))
        python = os.path.join(path, "bin", "python")
        Path(python).write_text(f'#!/bin/sh\nexec "{sys.executable}" "$@"\n')
        os.chmod(python, 0o755)
        built.append(path)
        return python

    monkeypatch.setattr(installer_demo, "check_interpreter", fake_check)
    monkeypatch.setattr(installer_demo, "create_venv", fake_create)
    reqs = installer.read_requirements()
    first = installer.demo_python(reqs, out=lambda line: None)
    assert first.startswith(str(tmp_path / "cache" / "playgate" / "venv-py"))
    assert Path(first).is_file() and len(built) == 1
    assert installer.demo_python(reqs, out=lambda line: None) == first and len(built) == 1
    # No half-built entries are left behind.
    assert [p.name for p in (tmp_path / "cache" / "playgate").iterdir()] == \
        [Path(first).parent.parent.name]
    broken[first] = 1
    again = installer.demo_python(reqs, out=lambda line: None)
    assert again == first and len(built) == 2
    # Different requirements get a different entry.
    other = installer.demo_python(reqs + ["rich>=13"], out=lambda line: None)
    assert other != first and len(built) == 3


def test_demo_uses_this_interpreter_when_it_has_the_dependencies(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    assert installer.demo_python(installer.read_requirements()) == sys.executable
    assert not (tmp_path / "cache").exists()
