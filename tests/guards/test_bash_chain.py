"""The Bash chain beyond the corpus (SPEC §3, §7; seed 004 §6.2):

* bash-check with no active playbook: read-only and branch commands pass,
  mutating ones are blocked; the post-loop handler always passes (deadlock
  escape); admin mode's maintenance allow-list;
* coherence's five checks;
* lint on ``git commit`` (warn, block with ``config.lint_blocks``, time
  bound).
"""

from __future__ import annotations

import json
import os

import pytest
from bashenv import PLAN, PROGRESS, make_workspace, set_state
from conftest import git
from saying import says

from statefiles import layout


@pytest.fixture
def ws(tmp_path):
    w = make_workspace(tmp_path)
    return w


def _marker(ws, rel: str, content: str = "x\n") -> None:
    path = ws.root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content)


def _context(out: str) -> str:
    if not out.strip():
        return ""
    return (json.loads(out).get("hookSpecificOutput") or {}).get("additionalContext", "")


def test_bash_chain_is_wired():
    from events import pre_tool_use

    chain = pre_tool_use.BASH_CHAIN
    # The outer wall first (Bash is blocked where the sandbox it asks for is
    # missing), then the cheap convention check and the custom rules
    assert chain[0] == "sandbox_wall", chain
    assert "bash_check" in chain[:4] and chain[-3:] == ("coherence", "check_state_update",
                                                        "lint"), chain
    # The project's custom rules come right before bash-check
    assert chain.index("custom_rules") == chain.index("bash_check") - 1, chain


# ----------------------------------------------------------- no playbook

@pytest.fixture(scope="module")
def no_playbook(tmp_path_factory):
    ws = make_workspace(tmp_path_factory.mktemp("no-playbook"))
    set_state(ws.root, active=None)
    # The prompt-analyzer ran (so its gate is open): bash-check decides.
    _marker(ws, layout.PROMPT_ANALYZER_CALLED)
    return ws


@pytest.mark.parametrize("command", [
    "ls -la", "git status", "git log --oneline -3", "cat README.md | wc -l",
    "grep -rn TODO src", "git checkout -b feat/new", "git switch -c fix/x", "git switch main",
    "git fetch origin", "git pull --rebase", "find . -name '*.py'", "git diff HEAD~1 --stat",
])
def test_no_playbook_allows_reads_and_branch_work(no_playbook, command):
    code, err, _ = no_playbook.decide(command)
    assert code == 0, (command, err)


@pytest.mark.parametrize("command", [
    "touch src/new.py", "echo x > notes.txt", "git commit -m x", "git add -A",
    "pytest -q", "npm install", "mkdir build2", "sed -i s/a/b/ src/app.py",
    "python3 -c 'print(1)'", "rm src/old.py", "git stash",
])
def test_no_playbook_blocks_mutating_commands(no_playbook, command):
    code, err, _ = no_playbook.decide(command)
    assert code == 2, command
    assert says(err, "bash_check.no_playbook"), err
    assert says(err, "bash_check.why_no_playbook"), err


def test_post_loop_handler_passes_without_playbook_and_with_pending(ws):
    """Deadlock escape: the archive left post-loop-pending and no playbook; the
    handler must run (SPEC §3, workflow/shared.is_post_loop_handler)."""
    set_state(ws.root, active=None)
    _marker(ws, layout.POST_LOOP_HANDLER, "print('post-loop')\n")
    _marker(ws, layout.POST_LOOP_PENDING, json.dumps({"playbook": "play/archive/demo"}))
    for command in ("python3 .claude/skills/post-loop/handler.py",
                    "python3 ./.claude/skills/post-loop/handler.py --resume",
                    f"python3 {ws.root}/.claude/skills/post-loop/handler.py"):
        code, err, _ = ws.decide(command)
        assert code == 0, (command, err)
    # ... through the installed hook command as well, and on main.
    assert ws.tool("Bash", {"command": "python3 .claude/skills/post-loop/handler.py"}).code == 0
    git(ws.root, "checkout", "-q", "main")
    code, err, _ = ws.decide("python3 .claude/skills/post-loop/handler.py")
    assert code == 0, err


def test_plugin_post_loop_handler_is_named_and_passes(ws, tmp_path):
    """With the plugin the project has no .claude/skills/post-loop/: the
    messages name the plugin's own handler, run by the hooks' interpreter, and
    the deadlock escape lets exactly that through (in process, the running
    suite is this checkout, standing in for the plugin root)."""
    import shutil
    import sys

    shutil.rmtree(ws.root / ".claude" / "skills" / "post-loop")
    set_state(ws.root, active=None)
    _marker(ws, layout.POST_LOOP_PENDING, json.dumps({"playbook": "play/archive/demo"}))
    own = layout.suite_post_loop_handler()
    assert os.path.isfile(own) and not own.startswith(str(ws.root))
    command = layout.post_loop_command(str(ws.root))
    assert command.split() == [sys.executable, own]  # paths without spaces: unquoted
    for run in (command, f"python3 {own} --status", f"{command} --no-git"):
        code, err, _ = ws.decide(run)
        assert code == 0, (run, err)
    git(ws.root, "checkout", "-q", "main")
    assert ws.decide(command)[0] == 0
    # A copy elsewhere, or the escape with company, is not the handler.
    copy = tmp_path / "skills" / "post-loop" / "handler.py"
    copy.parent.mkdir(parents=True)
    shutil.copy(own, copy)
    venv = tmp_path / "planted" / "bin"
    venv.mkdir(parents=True)
    (venv / "python").symlink_to(sys.executable)  # same binary, another environment
    for run in (f"python3 {copy}", f"{command} && touch x", f"PYTHONPATH=/tmp {command}",
                f"{venv / 'python'} {own}"):
        code, err, _ = ws.decide(run)
        assert code == 2, (run, err)
    # The prompt's state summary names the same command.
    from events.runtime import evaluate

    payload = json.dumps({"session_id": "s", "transcript_path": "/tmp/t.jsonl",
                          "cwd": str(ws.root), "hook_event_name": "UserPromptSubmit",
                          "prompt": "status?"}).encode()
    _code, out, _err, _ = evaluate("UserPromptSubmit", payload, env=ws.env(), root=str(ws.root))
    assert command in _context(out)


def test_post_loop_command_quotes_paths_that_need_it(tmp_path, monkeypatch):
    monkeypatch.setattr(layout, "SUITE_ROOT", "/opt/my plugins/playgate")
    command = layout.post_loop_command(str(tmp_path))
    assert command.endswith(" '/opt/my plugins/playgate/skills/post-loop/handler.py'")
    (tmp_path / ".claude" / "skills" / "post-loop").mkdir(parents=True)
    (tmp_path / layout.POST_LOOP_HANDLER).write_text("")
    assert layout.post_loop_command(str(tmp_path)) == "python3 .claude/skills/post-loop/handler.py"


@pytest.mark.parametrize("command", [
    "python3 .claude/skills/post-loop/handler.py && rm -rf src",
    "python3 .claude/skills/post-loop/handler.py; touch x",
    "PYTHONPATH=/tmp python3 .claude/skills/post-loop/handler.py",
    "LD_PRELOAD=/tmp/x.so python3 .claude/skills/post-loop/handler.py",
    "python3 -c 'import os' .claude/skills/post-loop/handler.py",
    "python3 .claude/skills/post-loop/handler.py > .claude/hooks/pre_tool_use.py",
])
def test_post_loop_escape_is_not_a_loophole(ws, command):
    set_state(ws.root, active=None)
    _marker(ws, layout.POST_LOOP_HANDLER, "print('post-loop')\n")
    _marker(ws, layout.POST_LOOP_PENDING, "{}")
    _marker(ws, layout.PROMPT_ANALYZER_CALLED)
    code, err, _ = ws.decide(command)
    assert code == 2, command


def test_admin_maintenance_allow_list(ws):
    set_state(ws.root, active=None, security="admin")
    _marker(ws, layout.PROMPT_ANALYZER_CALLED)
    (ws.root / "play" / "archive").mkdir(exist_ok=True)
    for command in ("git add state.md", "git add play/", "git commit -m 'chore: archive demo'",
                    "mkdir -p play/archive", "mv play/demo play/archive/demo",
                    "git mv play/demo play/archive/demo", "git status"):
        code, err, _ = ws.decide(command)
        assert code == 0, (command, err)
    for command in ("rm -rf src", "touch x", "git add src/app.py", "mv play/demo /tmp/pb",
                    "echo x > state.md", "git push origin main", "mv src play/archive/src"):
        code, _err, _ = ws.decide(command)
        assert code == 2, command


def test_strict_mode_has_no_maintenance_list(no_playbook):
    code, _err, _ = no_playbook.decide("git add state.md")
    assert code == 2
    code, _err, _ = no_playbook.decide("mv play/demo play/archive/demo")
    assert code == 2


def test_unusable_playbook_counts_as_none(ws):
    set_state(ws.root, active="play/missing/plan.json")
    _marker(ws, layout.PROMPT_ANALYZER_CALLED)
    code, err, _ = ws.decide("touch x")
    assert code == 2
    code, err, _ = ws.decide("ls")
    assert code == 0, err


# --------------------------------------------------------------- modes

def test_block_level_entries_follow_the_security_mode(ws):
    """protected-files.txt BLOCK entries (CLAUDE.md): strict blocks, trusted
    warns, developer allows — like protected-edit; HARD_BLOCK always blocks."""
    cmd = "echo x >> CLAUDE.md"
    code, err, _ = ws.decide(cmd)
    assert code == 2 and "BLOCK" in err
    set_state(ws.root, security="trusted")
    code, err, out = ws.decide(cmd)
    assert code == 0 and "CLAUDE.md" in _context(out)
    set_state(ws.root, security="developer")
    code, err, out = ws.decide(cmd)
    assert code == 0 and "CLAUDE.md" not in _context(out)
    for mode in ("trusted", "developer", "admin"):
        set_state(ws.root, security=mode)
        code, _err, _ = ws.decide("echo x > .claude/settings.json")
        assert code == 2, mode
        code, _err, _ = ws.decide("rm -rf /")
        assert code == 2, mode


# ----------------------------------------------------------- coherence

def test_branch_mismatch_blocks_changes_but_not_the_way_back(ws):
    git(ws.root, "checkout", "-q", "feature")
    code, err, _ = ws.decide("touch src/x.py")
    assert code == 2
    assert says(err, "coherence.wrong_branch", expected="feat/demo"), err
    for command in ("ls", "git status", "git checkout feat/demo", "git switch feat/demo",
                    "git stash list", "cat state.md"):
        code, err, _ = ws.decide(command)
        assert code == 0, (command, err)


def test_coherence_warnings(ws):
    plan = json.loads(json.dumps(PLAN))
    plan["phases"].append({"id": "p2", "name": "two", "description": "d", "depends_on": [],
                           "subtasks": []})
    plan["goal"]["done_when"] = [{"command": "x"}]
    progress = json.loads(json.dumps(PROGRESS))
    progress["phases"]["p2"] = {"status": "in_progress"}
    progress["active"]["phase"] = "p2"
    (ws.root / "play/demo/plan.json").write_text(json.dumps(plan))
    (ws.root / "play/demo/progress.json").write_text(json.dumps(progress))
    set_state(ws.root, done_criteria=" not-a-list")
    code, err, out = ws.decide("ls")
    assert code == 0, err
    ctx = _context(out)
    assert says(ctx, "coherence.many_running", count=2), ctx
    assert says(ctx, "coherence.bad_done_criteria"), ctx
    assert says(ctx, "coherence.bad_done_when", plan="play/demo/plan.json"), ctx
    assert says(ctx, "coherence.phase_mismatch", state_phase="p1", active_phase="p2"), ctx


def test_coherence_no_phase_running_warns(ws):
    progress = json.loads(json.dumps(PROGRESS))
    progress["phases"]["p1"] = {"status": "blocked"}
    (ws.root / "play/demo/progress.json").write_text(json.dumps(progress))
    code, _err, out = ws.decide("ls")
    assert code == 0
    assert says(_context(out), "coherence.none_running", phases="p1")


def test_coherence_phase_name_must_exist(ws):
    text = (ws.root / "state.md").read_text().replace("current_phase: p1",
                                                      "current_phase: p9")
    (ws.root / "state.md").write_text(text)
    code, _err, out = ws.decide("ls")
    assert code == 0
    assert "p9" in _context(out)


def _stage_state_done(ws, self_complete=False):
    set_state(ws.root, goal_status="done", self_complete=self_complete)
    git(ws.root, "add", "state.md")


def test_commit_of_done_state_needs_the_critic(ws):
    _stage_state_done(ws)
    code, err, _ = ws.decide("git commit -m 'done'")
    assert code == 2
    assert "critic" in err and "goal.status: done" in err
    # also hidden behind wrappers / other spellings
    for command in ("git -C . commit -m x", "env git commit -qm x", "true && git commit -m x"):
        code, _err, _ = ws.decide(command)
        assert code == 2, command


def test_commit_of_done_state_with_critic_pass_passes(ws):
    _stage_state_done(ws)
    progress = json.loads(json.dumps(PROGRESS))
    progress["critic"] = {"status": "PASS", "evidence": ["pytest: 12 passed"]}
    (ws.root / "play/demo/progress.json").write_text(json.dumps(progress))
    code, err, _ = ws.decide("git commit -m 'done'")
    assert code == 0, err


def test_commit_of_done_state_pass_without_evidence_blocks(ws):
    _stage_state_done(ws)
    progress = json.loads(json.dumps(PROGRESS))
    progress["critic"] = {"status": "PASS", "evidence": []}
    (ws.root / "play/demo/progress.json").write_text(json.dumps(progress))
    code, err, _ = ws.decide("git commit -m 'done'")
    assert code == 2 and says(err, "coherence.done_without_critic"), err
    assert says(err, "coherence.without_evidence"), err


def test_self_complete_does_not_waive_the_critic_on_commit(ws):
    """``self_complete`` is the agent's own claim (it can write the goal
    section): coherence reads it as critic-guard does, as no evidence."""
    _stage_state_done(ws, self_complete=True)
    code, err, _ = ws.decide("git commit -m 'done'")
    assert code == 2 and "critic" in err, err
    result = ws.tool("Bash", {"command": "git commit -m 'done'"})
    assert result.blocked and "[playgate:coherence]" in result.reason, result


def test_done_only_in_working_tree(ws):
    set_state(ws.root, goal_status="done")     # not staged
    code, err, _ = ws.decide("git commit -m 'other work'")
    assert code == 0, err
    code, err, _ = ws.decide("git commit -am 'everything'")
    assert code == 2, err


def test_staged_done_differs_from_working_tree(ws):
    _stage_state_done(ws)
    set_state(ws.root, goal_status="in_progress")   # working tree says otherwise
    code, err, _ = ws.decide("git commit -m x")
    assert code == 2, err


def _git_calls(monkeypatch) -> list:
    import subprocess

    calls = []
    real = subprocess.run

    def run(argv, *a, **kw):
        if argv and argv[0] == "git":
            calls.append(list(argv))
        return real(argv, *a, **kw)

    monkeypatch.setattr(subprocess, "run", run)
    return calls


def test_commit_with_a_not_done_index_starts_no_git(ws, monkeypatch):
    """State.md changed in the working tree (every session writes
    last_start), the index's copy is read from git's loose object: not done,
    so nothing to ask git."""
    set_state(ws.root, goal_status="in_progress", extra_config="# changed\n")
    git(ws.root, "add", "state.md")
    set_state(ws.root, goal_status="in_progress", extra_config="# changed again\n")
    # The work is recorded (progress.json changed since the index): no guard
    # has a question for git.
    progress = ws.root / "play/demo/progress.json"
    progress.write_text(progress.read_text() + "\n")
    calls = _git_calls(monkeypatch)
    code, err, _ = ws.decide("git commit -m 'work'")
    assert code == 0, err
    assert calls == []


def test_a_commit_while_progress_is_unchanged_asks_git_once(ws, monkeypatch):
    """check-state-update needs git's answer only when progress.json is the
    index's copy (maybe nothing recorded since the last commit): one
    ``git status`` (with the configuration check every git call of a hook
    makes first), nothing else."""
    from statefiles import gitwork

    calls = []
    real = gitwork.run

    def run(argv, *a, **kw):
        calls.append(list(argv))
        return real(argv, *a, **kw)

    monkeypatch.setattr(gitwork, "run", run)
    code, err, _ = ws.decide("git commit -m 'work'")
    assert code == 0, err
    assert [c[1] for c in calls] == ["status"], calls


def test_commit_of_done_state_in_a_packed_index_blob_still_needs_the_critic(ws):
    """The index's blob is packed (not a loose object): git is asked, as before."""
    _stage_state_done(ws)
    set_state(ws.root, goal_status="in_progress")
    git(ws.root, "repack", "-a", "-d", "-q")
    git(ws.root, "prune-packed")
    code, err, _ = ws.decide("git commit -m x")
    assert code == 2 and "goal.status: done" in err, err


# ---------------------------------------------------------------- lint

def _fake_ruff(ws, script: str, monkeypatch) -> None:
    # Linters come from outside the project (a PATH entry
    # outside the repository), never from its own .venv
    ruff = ws.root.parent / "linters" / "ruff"
    ruff.parent.mkdir(parents=True, exist_ok=True)
    ruff.write_text("#!/bin/sh\n" + script)
    ruff.chmod(0o755)
    monkeypatch.setenv("PATH", f"{ruff.parent}{os.pathsep}{os.environ.get('PATH', '')}")
    (ws.root / "pyproject.toml").write_text("[tool.ruff]\nline-length = 100\n")
    (ws.root / "src" / "bad.py").write_text("import os\n")
    git(ws.root, "add", "src/bad.py")


def test_lint_warns_on_commit(ws, monkeypatch):
    _fake_ruff(ws, "echo 'src/bad.py:1:8: F401 `os` imported but unused'\nexit 1\n", monkeypatch)
    code, err, out = ws.decide("git commit -m 'add bad'")
    assert code == 0, err
    ctx = _context(out)
    assert "lint" in ctx and "F401" in ctx


def test_lint_blocks_with_lint_blocks(ws, monkeypatch):
    text = (ws.root / "state.md").read_text().replace("lint_blocks: false",
                                                      "lint_blocks: true")
    (ws.root / "state.md").write_text(text)
    _fake_ruff(ws, "echo 'src/bad.py:1:8: F401 unused'\nexit 1\n", monkeypatch)
    code, err, _ = ws.decide("git commit -m 'add bad'")
    assert code == 2
    assert "F401" in err and "lint_blocks" in err


def test_lint_clean_commit_says_nothing(ws, monkeypatch):
    _fake_ruff(ws, "exit 0\n", monkeypatch)
    code, err, out = ws.decide("git commit -m x")
    assert code == 0 and "lint" not in _context(out)


def test_lint_only_on_commit(ws, monkeypatch):
    _fake_ruff(ws, "echo SHOULD-NOT-RUN\nexit 1\n", monkeypatch)
    code, _err, out = ws.decide("git status")
    assert code == 0 and "SHOULD-NOT-RUN" not in out


def test_lint_is_time_bounded_and_never_blocks_on_timeout(ws, monkeypatch, tmp_path):
    """The linter is stopped at the guard's budget, not waited for: the commit
    is answered while the slow linter has not reached its mark (it would
    after 30 s), and Claude is told it did not finish. Causal, not a
    stopwatch."""
    from guards import lint

    text = (ws.root / "state.md").read_text().replace("lint_blocks: false",
                                                      "lint_blocks: true")
    (ws.root / "state.md").write_text(text)
    mark = tmp_path / "ruff-finished"
    _fake_ruff(ws, f"sleep 30\ntouch '{mark}'\necho late\nexit 1\n", monkeypatch)
    monkeypatch.setattr(lint, "BUDGET_SECONDS", 0.5)
    code, err, out = ws.decide("git commit -m x")
    assert not mark.exists()
    assert code == 0, err
    assert says(_context(out), "lint.timeout", linters="ruff"), out


def test_lint_budget_fits_the_hook_timeout():
    from guards import lint

    # settings.template.json gives PreToolUse 10 s; the interpreter and the
    # rest of the chain need some of it.
    assert lint.BUDGET_SECONDS <= 7 and lint.ADVISORY is True


def test_lint_without_configured_linters_runs_nothing(ws, monkeypatch):
    from guards import lint

    calls = []
    monkeypatch.setattr(lint, "_run", lambda *a, **k: calls.append(a))
    code, _err, _out = ws.decide("git commit -m x")
    assert code == 0 and calls == []


def test_not_a_git_repo_is_fine(tmp_path):
    """coherence/lint must not fail when git metadata is missing."""
    from bashenv import Workspace

    ws = make_workspace(tmp_path)
    os.rename(ws.root / ".git", ws.root / ".git-away")
    try:
        code, err, _ = Workspace.decide(ws, "git commit -m x")
        assert code in (0, 2)
        assert "internal error" not in err
    finally:
        os.rename(ws.root / ".git-away", ws.root / ".git")
