"""Every real payload from Claude Code 2.1.329 (../shared/fixtures) piped into the
installed entrypoint as a subprocess: accepted, a sensible verdict, no traceback;
and the typed input model reads every field those payloads carry."""

from __future__ import annotations

import json

import pytest
from conftest import FIXTURES, Installed, git, install, make_repo

from events.inputs import HookInput, ToolInput, parse

FIXTURE_FILES = sorted(FIXTURES.glob("*.json"))


def test_the_fixtures_are_there():
    assert len(FIXTURE_FILES) >= 20, f"no Claude Code fixtures found in {FIXTURES}"
GATING = {"PreToolUse", "Stop", "SubagentStop", "UserPromptSubmit"}


def load(path, root, home):
    text = path.read_text().replace("/home/dev/project", str(root)).replace("/home/dev",
                                                                            str(home))
    return json.loads(text)


@pytest.fixture(scope="module")
def fresh(tmp_path_factory):
    """Just installed: on main, no playbook, nothing analysed."""
    base = tmp_path_factory.mktemp("fixtures-fresh")
    repo = make_repo(base / "repo")
    assert install(repo).returncode == 0
    (repo / "notes.txt").write_text("hello\n")
    return Installed(repo), base / "home"


@pytest.fixture(scope="module")
def working(tmp_path_factory):
    """Mid-task: feature branch, reviewed active playbook, prompt analysed."""
    base = tmp_path_factory.mktemp("fixtures-working")
    repo = make_repo(base / "repo")
    assert install(repo).returncode == 0
    git(repo, "checkout", "-q", "-b", "feat/fixtures")
    (repo / "notes.txt").write_text("hello\n")
    pb = repo / "play" / "fx"
    pb.mkdir(parents=True)
    (pb / "plan.json").write_text(json.dumps({
        "format_version": 2,
        "meta": {"id": "fx", "branch": "feat/fixtures", "status": "active", "reviewed": True,
                 "reviewed_by": "reviewer"},
        "context": {"what": "fixtures"}, "goal": {"summary": "s", "done_when": ["x"]},
        "phases": [{"id": "p1", "subtasks": [{"id": "s1", "criterion": "c"}]}]}))
    (pb / "progress.json").write_text(json.dumps({"format_version": 2,
                                                  "active": {"phase": "p1", "subtask": "s1"}}))
    state = repo / "state.md"
    state.write_text(state.read_text().replace("active: null ", "active: play/fx/plan.json "))
    marker = repo / ".claude" / "session-state" / "prompt-analyzer-called"
    marker.parent.mkdir(parents=True, exist_ok=True)
    marker.write_text("x\n")
    return Installed(repo), base / "home"


def run(setup, path):
    installed, home = setup
    payload = load(path, installed.root, home)
    result = installed.entrypoint(payload["hook_event_name"], payload)
    assert "Traceback" not in result.stderr + result.stdout, (path.name, result)
    assert result.code in (0, 2), (path.name, result)
    if result.code == 2:
        assert payload["hook_event_name"] in GATING, (path.name, result)
        assert result.stderr.startswith("[playgate"), (path.name, result)
        assert "malformed" not in result.stderr, (path.name, result)
    if result.stdout:
        body = json.loads(result.stdout)
        assert isinstance(body, dict)
        hso = body.get("hookSpecificOutput")
        if hso is not None:
            assert hso["hookEventName"] == payload["hook_event_name"]
    return payload, result


#: fixture -> "allow" (exit 0, no block) or "block" (exit 2) in the fresh install
FRESH = {
    "PreToolUse_Read.json": "allow",
    "PreToolUse_Bash.json": "allow",  # git status
    "PreToolUse_Bash_in_subagent.json": "allow",  # ls
    "PreToolUse_Bash_2.json": "block",  # touch: no playbook, nothing analysed
    "PreToolUse_Edit.json": "block",
    "PreToolUse_Write.json": "block",
    "PreToolUse_Agent.json": "block",  # general-purpose agent before the analysis
}


@pytest.mark.parametrize("path", FIXTURE_FILES, ids=lambda p: p.name)
def test_fixture_in_a_fresh_install(fresh, path):
    import shutil

    # every fixture meets the just-installed state, whatever ran before it
    for rel in (".claude/.session-init", ".claude/session-state"):
        shutil.rmtree(fresh[0].root / rel, ignore_errors=True)
    payload, result = run(fresh, path)
    event = payload["hook_event_name"]
    expected = FRESH.get(path.name)
    if expected == "block":
        assert result.code == 2 and "playbook-init" in result.stderr, result
    elif expected == "allow":
        assert result.code == 0, result
    if event == "PermissionRequest":
        # Edit/Write are never approved; this Bash command has shell syntax
        assert (result.code, result.stdout) == (0, ""), result
    if event in ("Stop", "SubagentStop"):
        # no playbook: nothing can be unfinished
        assert result.code == 0 and '"decision"' not in result.stdout, result
    if event == "SessionStart":
        context = json.loads(result.stdout)["hookSpecificOutput"]["additionalContext"]
        assert "state.md" in context and "main" in context
    if event in ("PostToolUse", "SessionEnd", "SubagentStart", "UserPromptSubmit"):
        assert result.code == 0, result


@pytest.mark.parametrize("path", [p for p in FIXTURE_FILES if p.name.startswith("PreToolUse")],
                         ids=lambda p: p.name)
def test_pretooluse_fixtures_mid_task_pass(working, path):
    import shutil

    # state already read this session (a SessionStart fixture may have run)
    shutil.rmtree(working[0].root / ".claude" / ".session-init", ignore_errors=True)
    payload, result = run(working, path)
    assert result.code == 0, result


@pytest.mark.parametrize("path", FIXTURE_FILES, ids=lambda p: p.name)
def test_fixture_mid_task_is_accepted(working, path):
    run(working, path)


@pytest.mark.parametrize("path", FIXTURE_FILES, ids=lambda p: p.name)
def test_typed_model_reads_every_field(path):
    raw = json.loads(path.read_text())
    hook = parse(raw["hook_event_name"], path.read_bytes())
    for key, value in raw.items():
        assert hasattr(HookInput, key), key
        assert getattr(hook, key) == value or key == "tool_input", key
    for key, value in (raw.get("tool_input") or {}).items():
        assert hasattr(ToolInput, key) and getattr(hook.tool, key) == value, key
    assert hook.tool_input == (raw.get("tool_input") or {})
