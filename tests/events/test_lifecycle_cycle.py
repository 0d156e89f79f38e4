"""The playbook lifecycle end to end, through the installed hooks:

last subtask done → PostToolUse archives → state reset → post-loop-pending →
Edit blocked by pending-guard → post-loop handler → Edit allowed again;
with and without ``gh``; a crash between steps resumes from the checkpoint;
SubagentStop archives without network I/O and leaves the git part to the
handler.

Every command these tests let "happen" is harmless: git in the test's own
temporary repository and bare remote, and stand-ins for ``gh``/``git`` that
live in the temporary directory.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time

import lifecycle_kit as K
import pytest
import reward_kit as RK
from conftest import git
from saying import matches, says

from messages import text as render

HANDLER = ".claude/skills/post-loop/handler.py"


def _read_json(path):
    return json.loads(path.read_text())


def _checkpoint(root):
    path = root / ".claude/session-state/archive-checkpoint.json"
    return _read_json(path) if path.exists() else None


def _message_keys(cp) -> dict:
    """The catalogue keys of the checkpoint's message, the texts in its
    fields included (as ``messages.Text.to_json`` keeps them): key → fields."""
    found = {}

    def walk(value):
        if isinstance(value, dict):
            if isinstance(value.get("key"), str):
                found[value["key"]] = value.get("fields") or {}
                inner = (value.get("fields") or {}).values()
            else:
                inner = value.get("parts") or []
            for item in inner:
                walk(item)

    walk(cp.get("message_text"))
    return found


def _pending(root):
    path = root / ".claude/session-state/post-loop-pending"
    return _read_json(path) if path.exists() else None


def _state(root):
    from statefiles import state_md

    return state_md.load(str(root))


@pytest.fixture
def project(installed, tmp_path):
    """An installed repo whose suite is committed on main and pushed to a
    bare remote, on branch feat/demo, with the golden path entered
    (prompt-analyzer marker created by the real PreToolUse hook), playbook
    ``demo`` active with its last subtask in progress, a second reviewed
    playbook ``next`` waiting, and uncommitted work in src/app.py."""
    root = installed.root
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "install playgate")
    K.bare_remote(tmp_path, root)
    git(root, "checkout", "-q", "-b", "feat/demo")
    entry = installed.tool("Skill", {"skill": "playbook-init"})
    assert entry.code == 0, entry
    assert (root / ".claude/session-state/prompt-analyzer-called").exists()
    body = K.plan("demo", phases=(("p1", ("p1.1", "p1.2")),))
    K.write_playbook(root, "demo", plan_body=body, done=["p1.1"], in_progress="p1.2")
    K.critic_ran(root, "demo", ["p1.1"])
    (root / "play/demo/tmp").mkdir()
    (root / "play/demo/tmp/scratch.txt").write_text("scratch\n")
    (root / "play/demo/tmp/README.md").write_text("scratch space\n")
    K.write_playbook(root, "next", plan_body=K.plan("next"))
    K.activate(root, "demo")
    (root / "src").mkdir()
    (root / "src/app.py").write_text("print('the work')\n")
    installed.plan = body
    return installed


def _critic(inst, env, message="CRITIC: PASS p1.2\nCRITIC: PASS playbook"):
    """The critic subagent stops: SubagentStop records its verdict lines in
    the critic ledger (and applies what it can)."""
    RK.critic_ran(inst.root, "a-critic")  # its commands ran and passed, as the hooks saw
    stop = inst.hook("SubagentStop", agent_id="a-critic", agent_type="critic",
                     stop_hook_active=False, last_assistant_message=message, env=env)
    assert stop.code == 0, stop
    return stop


def _commit_work(inst):
    """The agent commits its work on the branch (the archive's commit holds
    only the playbook's files and state.md; push needs the work committed)."""
    git(inst.root, "add", "src")
    git(inst.root, "commit", "-q", "-m", "the work")


def _finish(inst, env):
    """The critic passes the last subtask and the playbook (SubagentStop),
    then the orchestrator records them in progress.json — allowed, the
    ledger has the PASS — and PostToolUse runs for that Write, as Claude
    Code would."""
    root = inst.root
    _critic(inst, env)
    progress = root / "play/demo/progress.json"
    content = json.dumps(K.progress(inst.plan, done="all", critic="PASS"), indent=2) + "\n"
    pre = inst.tool("Write", {"file_path": str(progress), "content": content})
    assert pre.code == 0, pre
    progress.write_text(content)
    return inst.hook("PostToolUse", tool_name="Write",
                     tool_input={"file_path": str(progress), "content": content},
                     tool_response={"filePath": str(progress), "success": True},
                     tool_use_id="toolu_finish", env=env)


def _edit_src(inst):
    return inst.tool("Edit", {"file_path": str(inst.root / "src/app.py"),
                              "old_string": "the work", "new_string": "more work"})


def _run_handler(inst, env, *args):
    """The Bash call Claude makes: first through PreToolUse (it must be let
    through), then run the way the Bash tool runs it."""
    command = f"python3 {HANDLER}" + "".join(f" {a}" for a in args)
    pre = inst.tool("Bash", {"command": command})
    assert pre.code == 0, pre
    full = dict(os.environ, CLAUDE_PROJECT_DIR=str(inst.root), **K.git_identity())
    full.update(env)
    return subprocess.run(["sh", "-c", command], cwd=inst.root, env=full, capture_output=True,
                          text=True, check=False, timeout=120)


def _no_gh_env(tmp_path):
    env = K.path_without_gh(tmp_path / "nogh")
    if shutil.which("gh", path=env["PATH"]) or shutil.which("python3", path=env["PATH"]) is None:
        pytest.skip("cannot build a PATH without gh but with python3 here")
    env.update(K.git_identity())
    return env


def _remote_has(remote, ref, path):
    proc = subprocess.run(["git", "--git-dir", str(remote), "log", "--format=%H", ref, "--",
                           path], capture_output=True, text=True, check=False, timeout=30)
    return proc.returncode == 0 and bool(proc.stdout.strip())


# ------------------------------------------------------------------ the cycle


def test_cycle_without_gh_ends_partial_and_loses_nothing(project, tmp_path):
    root = project.root
    K.set_config(root, archive_git="merge")
    env = _no_gh_env(tmp_path)
    _commit_work(project)

    # Before the last subtask is done, an edit only gets the progress reminder.
    before = project.hook("PostToolUse", tool_name="Edit",
                          tool_input={"file_path": str(root / "src/app.py"), "old_string": "a",
                                      "new_string": "b"}, tool_response={}, env=env)
    assert says(before.context, "progress_reminder.head", subtask="p1.2", phase="p1",
                status="in_progress"), before.context
    assert (root / "play/demo/plan.json").exists()

    result = _finish(project, env)
    assert result.code == 0, result
    text = result.context
    assert says(text, "archive.archived", id="demo", archive="play/archive/demo"), text
    assert says(text, "archive.partial") and says(text, "archive.fail.gh_missing"), text
    assert f"`python3 {HANDLER}`" in text

    # archive, cleanup, state reset
    assert not (root / "play/demo").exists()
    archived = _read_json(root / "play/archive/demo/plan.json")
    assert archived["meta"]["status"] == "archived"
    assert (root / "play/archive/demo/tmp/README.md").exists()
    assert not (root / "play/archive/demo/tmp/scratch.txt").exists()
    state = _state(root)
    assert state.active_playbook is None
    assert state.get("playbook", "last_archived") == "play/archive/demo"
    assert state.get("playbook", "branch") is None
    assert state.get("goal", "status") == "idle"
    assert state.get("goal", "done_criteria") == []
    assert state.security == "strict" and state.get("config", "archive_git") == "merge"

    # pending written, partial, with the reason
    pending = _pending(root)
    assert pending["playbook"] == "demo" and pending["status"] == "partial"
    assert pending["branch"] == "feat/demo" and "gh" in pending["message"]
    cp = _checkpoint(root)
    assert cp["steps"]["commit"]["status"] == "done"
    assert cp["steps"]["push"]["status"] == "done"
    assert cp["steps"]["pr_create"]["status"] == "failed"
    assert cp["status"] == "partial" and cp["failed_step"] == "pr_create"

    # nothing lost: the work is committed and pushed, the tree is clean
    assert (root / "src/app.py").read_text() == "print('the work')\n"
    assert _remote_has(tmp_path / "origin.git", "feat/demo", "src/app.py")
    assert _remote_has(tmp_path / "origin.git", "feat/demo", "play/archive/demo/plan.json")
    # Left uncommitted: only what is not this playbook's (the next playbook,
    # the suite's runtime).
    status = git(root, "status", "--porcelain", "--untracked-files=all").stdout
    assert all(".claude/" in line or "play/next/" in line for line in status.splitlines()), status
    assert git(root, "rev-parse", "--abbrev-ref", "HEAD").stdout.strip() == "feat/demo"

    # pending-guard holds edits
    blocked = _edit_src(project)
    assert blocked.code == 2
    # (the first guard to see it says it: with no active playbook left,
    # prompt-analyzer-gate names the same recovery step as pending-guard)
    assert ("[playgate:pending-guard]" in blocked.stderr
            or "[playgate:prompt-analyzer-gate]" in blocked.stderr), blocked.stderr
    assert "post-loop/handler.py" in blocked.stderr

    # the post-loop handler: retries (gh still absent), clears pending, reports
    handler = _run_handler(project, env)
    assert handler.returncode == 0, handler.stderr
    out = handler.stdout
    assert says(out, "post_loop.cleared"), out
    assert says(out, "post_loop.manual.pr_create", default="main", branch="feat/demo"), out
    assert "play/next/plan.json" in out
    assert _pending(root) is None and _checkpoint(root) is None
    log = [json.loads(line) for line in
           (root / ".claude/logs/archive.log").read_text().splitlines()]
    assert log[-1]["event"] == "closed" and log[-1]["status"] == "partial"

    # edits are no longer held by pending-guard; with the next playbook active
    # they are allowed
    after = _edit_src(project)
    assert "[playgate:pending-guard]" not in after.stderr
    K.activate(root, "next")
    if (root / ".claude/.session-init/consent").exists():
        # the next request's understanding check: the user says yes
        assert project.hook("UserPromptSubmit", prompt="yes").code == 0
    allowed = _edit_src(project)
    assert allowed.code == 0, allowed


def test_cycle_with_gh_merges_and_returns_to_main(project, tmp_path):
    root = project.root
    K.set_config(root, archive_git=True)
    remote = tmp_path / "origin.git"
    env = K.fake_gh(tmp_path / "bin", tmp_path / "gh.json", remote)
    env.update(K.git_identity())
    _commit_work(project)

    result = _finish(project, env)
    assert result.code == 0, result
    assert says(result.context, "archive.detail.pr_merged",
                ref="https://example.invalid/pr/1"), result.context
    assert _pending(root)["status"] == "success"
    assert git(root, "rev-parse", "--abbrev-ref", "HEAD").stdout.strip() == "main"
    assert _remote_has(remote, "main", "src/app.py")
    assert (root / "src/app.py").read_text() == "print('the work')\n"
    prs = json.loads((tmp_path / "gh.json").read_text())
    assert len(prs) == 1 and prs[0]["head"] == "feat/demo" and prs[0]["base"] == "main"
    assert prs[0]["title"] == "Deliver demo" and "p1.2" in prs[0]["body"]

    # On main, pending-guard stands aside (main-branch already stops edits),
    # and the handler is let through by every PreToolUse guard.
    handler = _run_handler(project, env)
    assert handler.returncode == 0, handler.stderr
    assert not says(handler.stdout, "post_loop.git_left"), handler.stdout
    assert _pending(root) is None and _checkpoint(root) is None


def test_archive_git_off_by_default_commits_nothing(project, tmp_path):
    root = project.root
    commits = git(root, "rev-list", "--count", "HEAD").stdout
    result = _finish(project, _no_gh_env(tmp_path))
    assert says(result.context, "archive.git_off"), result.context
    assert _pending(root)["status"] == "success"
    assert git(root, "rev-list", "--count", "HEAD").stdout == commits
    assert (root / "src/app.py").exists()


def test_not_archived_until_the_critic_passed_the_playbook(project, tmp_path):
    root = project.root
    progress = root / "play/demo/progress.json"
    content = json.dumps(K.progress(project.plan, done="all", critic="PENDING"))
    progress.write_text(content)
    result = project.hook("PostToolUse", tool_name="Write",
                          tool_input={"file_path": str(progress), "content": content},
                          tool_response={})
    assert result.code == 0
    incomplete = matches(result.context, "archive_playbook.incomplete", plan="play/demo/plan.json")
    assert len(incomplete) == 1 and "critic.status" in incomplete[0]["gaps"], result.context
    assert (root / "play/demo/plan.json").exists() and _pending(root) is None


# ---------------------------------------------------------------- crash/resume

HANGING_GIT = r'''#!/bin/sh
# Stand-in for git: "push" hangs (bounded) so the test can kill the hook
# mid-step; everything else is the real git.
for a in "$@"; do
  if [ "$a" = "push" ]; then
    echo $$ > "{pidfile}"
    sleep 30
    exit 1
  fi
done
exec "{real}" "$@"
'''


def _wait_for(predicate, timeout=30.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    return None


def test_crash_between_steps_resumes_from_the_checkpoint(project, tmp_path):
    root = project.root
    K.set_config(root, archive_git="merge")
    remote = tmp_path / "origin.git"
    bindir = tmp_path / "hang"
    bindir.mkdir()
    pidfile = tmp_path / "git.pid"
    K.executable(bindir / "git", HANGING_GIT.replace("{pidfile}", str(pidfile))
                 .replace("{real}", shutil.which("git")))
    env = dict(os.environ, CLAUDE_PROJECT_DIR=str(root), **K.git_identity())
    env["PATH"] = f"{bindir}{os.pathsep}{env['PATH']}"

    _commit_work(project)
    K.critic_ran(root, "demo", ["p1.2", "playbook"])
    progress = root / "play/demo/progress.json"
    content = json.dumps(K.progress(project.plan, done="all", critic="PASS"))
    progress.write_text(content)
    payload = json.dumps(project.payload("PostToolUse", tool_name="Write",
                                         tool_input={"file_path": str(progress),
                                                     "content": content},
                                         tool_response={})).encode()
    proc = subprocess.Popen(["sh", "-c", project.command("PostToolUse", "Write")],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env=env, cwd=root, start_new_session=True)
    try:
        proc.stdin.write(payload)
        proc.stdin.close()
        started = _wait_for(lambda: (_checkpoint(root) or {}).get("steps", {})
                            .get("push", {}).get("status") == "running" and pidfile.exists())
        assert started, _checkpoint(root)
    finally:
        # The crash: the hook dies mid-push (SIGKILL: no cleanup at all).
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
        if pidfile.exists():
            try:
                os.kill(int(pidfile.read_text().strip()), signal.SIGKILL)
            except (ProcessLookupError, ValueError):
                pass
    cp = _checkpoint(root)
    assert cp["status"] == "running"
    assert cp["steps"]["commit"]["status"] == "done"
    assert cp["steps"]["push"]["status"] == "running"
    assert _pending(root)["status"] == "partial"
    commit = git(root, "rev-parse", "HEAD").stdout.strip()

    # The next hook (any PostToolUse, here an edit of state.md) resumes it.
    fake = K.fake_gh(tmp_path / "bin", tmp_path / "gh.json", remote)
    fake.update(K.git_identity())
    state = root / "state.md"
    resumed = project.hook("PostToolUse", tool_name="Edit",
                           tool_input={"file_path": str(state), "old_string": "x",
                                       "new_string": "y"}, tool_response={}, env=fake)
    assert resumed.code == 0, resumed
    assert says(resumed.context, "archive.detail.pr_merged"), resumed.context
    cp = _checkpoint(root)
    assert cp["status"] == "success"
    assert all(cp["steps"][s]["status"] == "done" for s in
               ("cleanup", "archive", "state_reset", "pending", "commit", "push", "pr_create",
                "pr_merge", "return_default"))
    # resumed, not redone: one archive commit, merged into main on the remote
    assert git(root, "rev-list", "--count", f"{commit}^..{commit}").stdout.strip() == "1"
    merged = subprocess.run(["git", "--git-dir", str(tmp_path / "origin.git"), "merge-base",
                             "--is-ancestor", commit, "main"], check=False, timeout=30)
    assert merged.returncode == 0
    assert len(list((root / "play/archive").iterdir())) == 1


# ----------------------------------------------------------------- SubagentStop


def test_subagent_stop_archives_locally_and_leaves_git_to_the_handler(project, tmp_path):
    root = project.root
    K.set_config(root, archive_git="push")
    remote = tmp_path / "origin.git"
    _commit_work(project)
    (root / "play/demo/progress.json").write_text(
        json.dumps(K.progress(project.plan, done="all", critic="PASS")))
    env = K.path_without_gh(tmp_path / "nogh")
    env.update(K.git_identity())
    stop = _critic(project, env)
    assert '"decision"' not in stop.stdout, stop
    # The critic's stop recorded its verdicts and, the playbook now complete
    # with a recorded critic run, archived it locally.
    assert not (root / "play/demo").exists() and (root / "play/archive/demo").exists()
    report = _read_json(root / ".claude/session-state/last-verdicts.json")
    assert says(report["archive"], "archive.archived", id="demo", archive="play/archive/demo")
    assert says(report["archive"], "archive.msg.still_to_run"), report["archive"]
    cp = _checkpoint(root)
    assert cp["steps"]["commit"]["status"] == "done"   # local
    assert cp["steps"]["push"]["status"] == "pending"  # network: not on a gating event
    assert not _remote_has(remote, "feat/demo", "src/app.py")

    handler = _run_handler(project, env)
    assert handler.returncode == 0, handler.stderr
    assert says(handler.stdout, "archive.detail.pushed", branch="feat/demo", remote="origin")
    assert _remote_has(remote, "feat/demo", "src/app.py")
    assert _pending(root) is None


def test_handler_with_nothing_pending(installed):
    proc = subprocess.run([sys.executable, HANDLER], cwd=installed.root, capture_output=True,
                          text=True, check=False, timeout=60,
                          env=dict(os.environ, CLAUDE_PROJECT_DIR=str(installed.root)))
    assert proc.returncode == 0
    assert says(proc.stdout, "post_loop.nothing_pending"), proc.stdout
    assert says(proc.stdout, "post_loop.next_none"), proc.stdout


def test_handler_status_changes_nothing(project, tmp_path):
    root = project.root
    _finish(project, _no_gh_env(tmp_path))
    before = _pending(root)
    proc = subprocess.run([sys.executable, HANDLER, "--status"], cwd=root, capture_output=True,
                          text=True, check=False, timeout=60)
    assert proc.returncode == 0 and "post-loop-pending: yes (demo, success)" in proc.stdout
    assert _pending(root) == before
    bad = subprocess.run([sys.executable, HANDLER, "--bogus"], cwd=root, capture_output=True,
                         text=True, check=False, timeout=60)
    assert bad.returncode == 2 and "unknown option" in bad.stderr


def test_merge_conflict_stops_at_merge_and_the_handler_finishes_later(project, tmp_path):
    root = project.root
    K.set_config(root, archive_git="merge")
    remote = tmp_path / "origin.git"
    env = K.fake_gh(tmp_path / "bin", tmp_path / "gh.json", remote)
    env.update(K.git_identity(), FAKE_GH_MERGE_FAILS="1")
    _commit_work(project)
    result = _finish(project, env)
    assert says(result.context, "archive.msg.git_stopped",
                step=render("en", "archive.step.pr_merge")), result.context
    assert says(result.context, "archive.fail.pr_not_merged", ref="https://example.invalid/pr/1",
                why="Pull request is not mergeable: the merge commit cannot be cleanly created"
                ), result.context
    cp = _checkpoint(root)
    assert "archive.hint.pr_blocked" in _message_keys(cp), cp
    assert cp["failed_step"] == "pr_merge" and cp["steps"]["pr_create"]["status"] == "done"
    assert git(root, "rev-parse", "--abbrev-ref", "HEAD").stdout.strip() == "feat/demo"
    assert _remote_has(remote, "feat/demo", "src/app.py")

    env.pop("FAKE_GH_MERGE_FAILS")
    handler = _run_handler(project, env)
    assert handler.returncode == 0, handler.stderr
    assert says(handler.stdout, "archive.detail.pr_merged", ref="https://example.invalid/pr/1")
    assert git(root, "rev-parse", "--abbrev-ref", "HEAD").stdout.strip() == "main"
    assert len(json.loads((tmp_path / "gh.json").read_text())) == 1  # no second PR
