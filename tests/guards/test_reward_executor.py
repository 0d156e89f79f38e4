"""executor-guard (SPEC §3 Edit/Write chain 7)."""

from __future__ import annotations

import pytest
import reward_kit as K
from saying import says

from guards.executor_guard import is_code_file, normalise_executor


def repo(tmp_path, *, executor="claudecode", toolstack="A", state_roles=None, plan_roles=None,
         max_iterations=5, progress=None):
    root = K.make_reward_repo(tmp_path / "r", plan=K.plan_doc(executor=executor, roles=plan_roles,
                                                             max_iterations=max_iterations),
                              progress=progress)
    text = (root / "state.md").read_text().replace("toolstack: A", f"toolstack: {toolstack}")
    if state_roles is not None:
        start = text.index("roles: {orchestrator")
        end = text.index("\n", start)
        text = text[:start] + "roles: " + state_roles + text[end:]
    (root / "state.md").write_text(text)
    return root


def edit_code(root, rel="src/app.py"):
    return K.tool(root, "Edit", {"file_path": str(root / rel), "old_string": "hi",
                                 "new_string": "ho"})


def test_claudecode_executor_edits(tmp_path):
    assert not edit_code(repo(tmp_path)).blocked


@pytest.mark.parametrize("toolstack", ["B", "C"])
def test_codex_executor_delegates(tmp_path, toolstack):
    root = repo(tmp_path, executor="codex", toolstack=toolstack)
    result = edit_code(root)
    assert result.blocked and result.guard == "executor-guard", result
    assert result.outcome.final.kind == "delegate"
    assert "Agent(subagent_type='codex-delegate', run_in_background: false)" in result.text
    assert "p1.1" in result.text and "criterion of p1.1" in result.text
    assert says(result.text, "executor_guard.ctx_iteration", count=0, limit=5), result


def test_coderabbit_executor_delegates_to_coderabbit(tmp_path):
    root = repo(tmp_path, executor="coderabbit", toolstack="C")
    result = edit_code(root)
    assert result.blocked and "coderabbit-delegate" in result.text, result


@pytest.mark.parametrize("executor,toolstack", [("codex", "A"), ("coderabbit", "A"),
                                                ("coderabbit", "B")])
def test_toolstack_forbids_the_executor(tmp_path, executor, toolstack):
    result = edit_code(repo(tmp_path, executor=executor, toolstack=toolstack))
    assert result.blocked and result.outcome.final.kind == "block", result
    assert says(result.text, "executor_guard.not_in_toolstack", executor=executor,
                stack=toolstack), result


@pytest.mark.parametrize("executor", ["user", "human", "User"])
def test_user_executor_blocks(tmp_path, executor):
    result = edit_code(repo(tmp_path, executor=executor))
    assert result.blocked and says(result.text, "executor_guard.user"), result


def test_unknown_executor_blocks(tmp_path):
    result = edit_code(repo(tmp_path, executor="gemini", toolstack="C"))
    assert result.blocked and "gemini" in result.text, result


def test_last_fail_reason_is_injected_then_cleared(tmp_path):
    root = repo(tmp_path, executor="codex", toolstack="B")
    marker = root / ".claude/session-state/last-fail-reason"
    marker.write_text("critic FAIL: p1.1: test_login fails with 500\n")
    (root / ".claude/session-state/iteration-count").write_text("2\n")
    result = edit_code(root)
    assert "test_login fails with 500" in result.text
    assert says(result.text, "executor_guard.ctx_iteration", count=2, limit=5), result
    assert not marker.exists()
    assert "test_login" not in edit_code(root).text


def test_iteration_limit_tells_claude_to_ask_the_user(tmp_path):
    root = repo(tmp_path, executor="codex", toolstack="B", max_iterations=3)
    (root / ".claude/session-state/iteration-count").write_text("3")
    result = edit_code(root)
    assert result.blocked and says(result.text, "executor_guard.exhausted", count=3,
                                   limit=3), result


def test_critic_fail_feeds_the_retry_loop(tmp_path):
    """seed 002 §10: critic FAIL → last-fail-reason + iteration-count++ →
    executor-guard injects it into the next delegation."""
    root = repo(tmp_path, executor="codex", toolstack="B")
    K.critic_says(root, "CRITIC: FAIL p1.1 - the form posts to the wrong URL")
    K.critic_says(root, "CRITIC: FAIL p1.1 - still wrong", agent_id="a2")
    result = edit_code(root)
    assert "still wrong" in result.text, result  # the critic's own words, injected
    assert says(result.text, "executor_guard.ctx_iteration", count=2, limit=5), result
    K.critic_says(root, "CRITIC: PASS p1.1", agent_id="a3")
    assert not (root / ".claude/session-state/iteration-count").exists()


@pytest.mark.parametrize("rel", ["docs/notes.md", "README.md", "config.yaml", "data.json",
                                 "state.md", K.PROGRESS, K.PLAN, "play/demo/project.json",
                                 ".claude/session-state/notes"])
def test_non_code_files_pass(tmp_path, rel):
    root = repo(tmp_path, executor="codex", toolstack="A")
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists():
        path.write_text("x\n")
    result = K.tool(root, "Write", {"file_path": str(path), "content": path.read_text()})
    assert result.guard != "executor-guard", result


def test_files_outside_the_project_pass(tmp_path):
    root = repo(tmp_path, executor="codex", toolstack="B")
    result = K.tool(root, "Write", {"file_path": str(tmp_path / "scratch.py"), "content": "x"})
    assert result.guard != "executor-guard", result


@pytest.mark.parametrize("tool_name", ["Write", "MultiEdit", "NotebookEdit"])
def test_every_edit_tool_is_delegated(tmp_path, tool_name):
    root = repo(tmp_path, executor="codex", toolstack="B")
    ti = {"Write": {"file_path": str(root / "src/new.ts"), "content": "export {}"},
          "MultiEdit": {"file_path": str(root / "src/app.py"),
                        "edits": [{"old_string": "hi", "new_string": "ho"}]},
          "NotebookEdit": {"notebook_path": str(root / "nb.ipynb"), "new_source": "1"}}[tool_name]
    result = K.tool(root, tool_name, ti)
    assert result.blocked and result.guard == "executor-guard", result


def test_role_resolution_precedence(tmp_path):
    # worker: plan meta.roles wins over state.md config.roles and the toolstack default
    root = repo(tmp_path, executor="worker", toolstack="C",
                state_roles="{worker: codex}", plan_roles={"worker": "claudecode"})
    assert not edit_code(root).blocked
    root = repo(tmp_path / "2", executor="worker", toolstack="C",
                state_roles="{worker: claudecode}")
    assert not edit_code(root).blocked
    root = repo(tmp_path / "3", executor="worker", toolstack="C", state_roles="{}")
    result = edit_code(root)
    assert result.blocked and says(result.text, "executor_guard.how_toolstack", raw="worker",
                                   stack="C"), result
    root = repo(tmp_path / "4", executor="reviewer", toolstack="C", state_roles="{}")
    assert "coderabbit-delegate" in edit_code(root).text


def test_missing_executor_is_the_worker_role(tmp_path):
    root = repo(tmp_path, toolstack="B", state_roles="{}")
    plan = K.read_json(root, K.PLAN)
    del plan["phases"][0]["subtasks"][0]["executor"]
    (root / K.PLAN).write_text(K.dump(plan))
    assert "codex-delegate" in edit_code(root).text


def _progress(active=None, statuses=None):
    doc = K.progress_doc()
    doc["active"] = active or {}
    for sid, status in (statuses or {}).items():
        doc["subtasks"][sid]["status"] = status
    return doc


@pytest.mark.parametrize("progress,expected", [
    (_progress({"phase": "p1", "subtask": "p1.2"}), "p1.2"),
    (_progress({}, {"p2.1": "in_progress"}), "p2.1"),
    (_progress({"phase": "p2"}), "p2.1"),
    (_progress({"subtask": "nope", "phase": "p1"}), "p1.1"),
])
def test_active_subtask_resolution(tmp_path, progress, expected):
    root = repo(tmp_path, executor={"p1.1": "codex", "p1.2": "codex", "p2.1": "codex"},
                toolstack="B", progress=progress)
    result = edit_code(root)
    assert says(result.text, "executor_guard.ctx_subtask", subtask=expected), result


def test_no_active_subtask_passes(tmp_path):
    root = repo(tmp_path, executor="codex", toolstack="B", progress=_progress({}))
    assert not edit_code(root).blocked


@pytest.mark.parametrize("name,expected", [
    ("src/a.py", True), ("web/App.TSX", True), ("Makefile", True), ("build/Dockerfile.prod", True),
    ("nb.ipynb", True), ("x.sh", True), ("docs/a.md", False), ("a.json", False),
    ("a.yaml", False), ("LICENSE", False), (".gitignore", False), ("a.txt", False),
    ("CMakeLists.txt", True)])
def test_code_file_definition(name, expected):
    assert is_code_file(name) is expected


def test_shebang_makes_an_extensionless_file_code():
    assert is_code_file("bin/run", "#!/bin/sh\necho hi\n")
    assert not is_code_file("bin/run", "just text")


@pytest.mark.parametrize("raw,expected", [
    ("Claude-Code", "claudecode"), ("claude_code", "claudecode"), ("CLAUDECODE", "claudecode"),
    ("Codex", "codex"), ("human", "user"), ("Code Rabbit", "coderabbit")])
def test_executor_spellings(raw, expected):
    assert normalise_executor(raw) == expected


def test_delegated_subtask_in_progress_next_to_the_active_one_warns(tmp_path):
    progress = _progress({"phase": "p1", "subtask": "p1.1"}, {"p1.2": "in_progress"})
    root = repo(tmp_path, executor={"p1.1": "claudecode", "p1.2": "codex"}, toolstack="B",
                progress=progress)
    result = edit_code(root)
    assert not result.blocked and "p1.2 (codex)" in result.text, result
