"""The archive engine (workflow.archive) as a unit: each step, each way the
git part stops, idempotent resumption, and what is never lost.

Repositories, remotes and stand-in tools live in the test's temp directory.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import lifecycle_kit as K
import pytest
from conftest import SUITE, git, make_repo
from hypothesis import given, settings
from hypothesis import strategies as st
from draws import examples
from saying import says

from messages import Text, text
from statefiles import checkpoint, state_md
from statefiles.playbook import Playbook
from workflow.archive import config, git_steps, report, steps
from workflow.archive import run as engine


@pytest.fixture
def root(tmp_path, monkeypatch):
    """A git repo on feat/demo with state.md, a complete active playbook
    ``demo`` and uncommitted work; git identity and no gh on PATH."""
    repo = make_repo(tmp_path / "repo")
    (repo / "state.md").write_text((SUITE / "templates/state.md").read_text())
    (repo / ".claude").mkdir()
    (repo / ".claude/protected-files.txt").write_text(
        (SUITE / "protected-files.txt").read_text())
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "setup")
    git(repo, "checkout", "-q", "-b", "feat/demo")
    K.write_playbook(repo, "demo", done="all", critic="PASS")
    K.activate(repo, "demo")
    (repo / "src").mkdir()
    (repo / "src/app.py").write_text("work\n")
    for key, value in K.git_identity().items():
        monkeypatch.setenv(key, value)
    monkeypatch.setenv("PATH", K.path_without_gh(tmp_path / "nogh")["PATH"])
    return repo


def _run(repo, **kw):
    pb = Playbook(str(repo), "play/demo/plan.json")
    kw.setdefault("branch", "feat/demo")
    return engine.run(str(repo), playbook=pb, **kw)


def _cp(repo):
    return checkpoint.load_checkpoint(str(repo))


def _texts(value) -> list:
    """Every catalogue text in ``value`` (a ``messages.Text`` as the
    checkpoint keeps it), the texts in its fields included."""
    if not isinstance(value, Text):
        return []
    inner = value.fields["parts"] if value.key is None else value.fields.values()
    return ([value] if value.key else []) + [t for v in inner for t in _texts(v)]


def _recorded(root, key, **fields) -> bool:
    """The checkpoint's message, or a step's detail, is or holds message
    ``key`` with ``fields`` (by key, any wording)."""
    cp = _cp(root)
    texts = _texts(checkpoint.said(cp, "message")) + [
        t for step in cp["steps"].values() for t in _texts(checkpoint.said(step, "detail"))]
    return any(t.key == key and all(str(t.fields.get(k)) == v for k, v in fields.items())
               for t in texts)


def _log_count(repo):
    return int(git(repo, "rev-list", "--count", "HEAD").stdout)


def _commit_work(repo):
    """The agent commits its work on the branch (the archive's own commit
    holds only the playbook's files and state.md)."""
    git(repo, "add", "src")
    git(repo, "commit", "-q", "-m", "work")


# ---------------------------------------------------------------- local steps


def test_local_steps_only_touch_the_playbook_and_two_state_sections(root):
    before = (root / "state.md").read_text()
    parsed_before = state_md.parse(before)["sections"]
    result = _run(root)
    assert result.status == checkpoint.SUCCESS
    after = (root / "state.md").read_text()
    parsed_after = state_md.parse(after)["sections"]
    for name in ("project", "session", "config"):
        assert parsed_after[name] == parsed_before[name]
        block = before.split(f"## {name}")[1].split("---")[0]
        assert block in after  # byte for byte
    assert parsed_after["playbook"] == {"active": None, "current_phase": None, "branch": None,
                                        "last_archived": "play/archive/demo"}
    assert parsed_after["goal"]["status"] == "idle"
    assert parsed_after["goal"]["done_criteria"] == []
    assert "# path to the active plan.json" in after  # comments kept


def test_git_off_by_default_and_unknown_value_is_reported(root):
    commits = _log_count(root)
    K.set_config(root, archive_git="sometimes")
    result = _run(root)
    assert result.status == checkpoint.SUCCESS
    assert "archive_git is 'sometimes'" in result.message
    assert _log_count(root) == commits
    assert checkpoint.planned_steps(_cp(root)) == list(checkpoint.LOCAL_STEPS)


@pytest.mark.parametrize("value,level", [
    (False, "off"), (None, "off"), ("no", "off"), (True, "merge"), ("yes", "merge"),
    ("commit", "commit"), ("PUSH", "push"), ("pr", "pr"), ("merge", "merge"),
])
def test_git_levels(value, level):
    assert config.git_level(value) == (level, None)


def test_cleanup_keeps_readme_and_leaves_a_symlinked_tmp_alone(root, tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "precious.txt").write_text("keep me\n")
    (root / "play/demo/tmp").symlink_to(outside)
    assert _run(root).status == checkpoint.SUCCESS
    assert (outside / "precious.txt").read_text() == "keep me\n"
    assert checkpoint.said(_cp(root)["steps"]["cleanup"], "detail").key == \
        "archive.detail.tmp_symlink"


def test_cleanup_empties_tmp_but_readme(root):
    tmp = root / "play/demo/tmp"
    (tmp / "sub").mkdir(parents=True)
    (tmp / "sub/x.txt").write_text("x")
    (tmp / "a.log").write_text("x")
    (tmp / "README.md").write_text("what tmp is for\n")
    _run(root)
    left = sorted(p.name for p in (root / "play/archive/demo/tmp").iterdir())
    assert left == ["README.md"]


def test_an_existing_archive_is_never_overwritten(root):
    old = root / "play/archive/demo"
    old.mkdir(parents=True)
    (old / "plan.json").write_text('{"old": true}\n')
    result = _run(root)
    assert result.status == checkpoint.SUCCESS
    assert json.loads((old / "plan.json").read_text()) == {"old": True}
    dest = _cp(root)["archive"]
    assert dest.startswith("play/archive/demo-") and (root / dest / "plan.json").exists()


def test_another_active_playbook_is_not_reset(root):
    # The user switched to another playbook before the archive ran.
    K.write_playbook(root, "other", done=[])
    K.set_state(root, "playbook", active="play/other/plan.json")
    pb = Playbook(str(root), "play/demo/plan.json")
    cp = engine.new_checkpoint(str(root), pb, "feat/demo", config.read_config(str(root)))
    checkpoint.save(str(root), cp)
    result = engine.run(str(root))
    assert result.status == checkpoint.SUCCESS
    state = state_md.load(str(root))
    assert state.active_playbook == "play/other/plan.json"
    assert state.get("playbook", "last_archived") == "play/archive/demo"


def test_incomplete_playbook_is_not_archived(root):
    K.write_playbook(root, "demo", done=[], critic="PASS")
    assert _run(root) is None
    assert (root / "play/demo/plan.json").exists() and _cp(root) is None


def test_a_playbook_outside_play_moves_only_its_files(root):
    docs = root / "docs"
    docs.mkdir()
    (docs / "notes.md").write_text("unrelated\n")
    body = K.plan("docplan")
    (docs / "plan.json").write_text(json.dumps(body))
    (docs / "progress.json").write_text(json.dumps(K.progress(body, done="all", critic="PASS")))
    K.set_state(root, "playbook", active="docs/plan.json")
    result = engine.run(str(root), playbook=Playbook(str(root), "docs/plan.json"), branch=None)
    assert result.status == checkpoint.SUCCESS
    assert (docs / "notes.md").exists() and not (docs / "plan.json").exists()
    assert (root / "play/archive/docplan/progress.json").exists()


# ------------------------------------------------------------------ git steps


def test_secret_like_files_are_not_committed(root):
    K.set_config(root, archive_git="commit")
    (root / ".env").write_text("TOKEN=secret\n")
    result = _run(root)
    assert result.status == checkpoint.SUCCESS, result.message
    files = git(root, "show", "--name-only", "--format=", "HEAD").stdout.split()
    assert ".env" not in files
    assert (root / ".env").read_text() == "TOKEN=secret\n"
    assert (root / "src/app.py").read_text() == "work\n"
    assert (root / "play/archive/demo/plan.json").exists()


def test_a_secret_like_file_inside_the_playbook_is_not_committed(root):
    K.set_config(root, archive_git="commit")
    (root / "play/demo/id_rsa").write_text("KEY\n")
    commits = _log_count(root)
    result = _run(root)
    assert result.status == checkpoint.PARTIAL
    assert "id_rsa" in result.message and "HARD_BLOCK" in result.message
    assert _log_count(root) == commits
    assert (root / "play/archive/demo/plan.json").exists()
    assert json.loads((root / ".claude/session-state/post-loop-pending").read_text())[
        "status"] == "partial"


def test_the_archive_commit_holds_only_the_playbook_and_state_md(root):
    """A ``git add -A`` once swept bytecode into the archive
    commit; the work is the agent's to commit (the guards allow it after the
    archive), the archive's commit is the playbook's files and state.md."""
    K.set_config(root, archive_git="commit")
    (root / "src/__pycache__").mkdir()
    (root / "src/__pycache__/app.cpython-311.pyc").write_bytes(b"\x00junk")
    (root / "notes.txt").write_text("unrelated\n")
    assert _run(root).status == checkpoint.SUCCESS
    files = set(git(root, "show", "--name-only", "--format=", "HEAD").stdout.split())
    assert files == {"play/archive/demo/plan.json", "play/archive/demo/progress.json",
                     "state.md"}, files
    status = git(root, "status", "--porcelain").stdout
    assert "src/" in status and "notes.txt" in status  # left as they were
    paths, left_out = git_steps.commit_candidates(str(root))
    assert "src/app.py" in paths and "notes.txt" in paths
    assert left_out == ["src/__pycache__/app.cpython-311.pyc"]


def test_push_waits_until_the_work_is_committed(root, tmp_path):
    K.bare_remote(tmp_path, root)
    K.set_config(root, archive_git="push")
    result = _run(root)
    assert result.status == checkpoint.PARTIAL
    assert says(result.message, "archive.fail.work_uncommitted", branch="feat/demo",
                paths="src/app.py"), result.message
    assert _cp(root)["steps"]["commit"]["status"] == "done"
    _commit_work(root)
    assert engine.run(str(root), retry=True).status == checkpoint.SUCCESS


def test_runtime_directories_are_never_committed(root):
    K.set_config(root, archive_git="commit")
    for rel in (".claude/.venv/bin/python", ".claude/.cache/x.json", ".claude/logs/a.log"):
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text("x")
    assert _run(root).status == checkpoint.SUCCESS
    files = git(root, "show", "--name-only", "--format=", "HEAD").stdout.split()
    assert "play/archive/demo/plan.json" in files
    assert not any(f.startswith((".claude/.venv", ".claude/.cache", ".claude/logs",
                                 ".claude/session-state")) for f in files)


def test_no_remote_stops_at_push_with_the_fix(root):
    _commit_work(root)
    K.set_config(root, archive_git="push")
    result = _run(root)
    assert result.status == checkpoint.PARTIAL
    assert says(result.message, "archive.fail.no_remote"), result.message
    assert _recorded(root, "archive.hint.add_remote"), result.message
    cp = _cp(root)
    assert cp["steps"]["commit"]["status"] == "done" and cp["failed_step"] == "push"
    assert git(root, "status", "--porcelain", "--", "src").stdout == ""


def test_rejected_push_says_how_to_integrate(root, tmp_path):
    remote = tmp_path / "origin.git"
    subprocess.run(["git", "init", "-q", "--bare", str(remote)], check=True, timeout=30)
    git(root, "remote", "add", "origin", str(remote))
    git(root, "push", "-q", "origin", "feat/demo")
    other = tmp_path / "other"
    git(tmp_path, "clone", "-q", "-b", "feat/demo", str(remote), str(other))
    (other / "theirs.txt").write_text("theirs\n")
    git(other, "add", "-A")
    git(other, "commit", "-q", "-m", "theirs")
    git(other, "push", "-q", "origin", "feat/demo")
    _commit_work(root)
    K.set_config(root, archive_git="push")
    result = _run(root)
    assert result.status == checkpoint.PARTIAL
    assert _recorded(root, "archive.hint.push_rejected", remote="origin", branch="feat/demo")


def test_the_repositorys_pre_commit_hook_never_runs(root):
    # A hook never runs project-controlled code: the
    # archive's commit runs without the repository's git hooks.
    hook = root / ".git/hooks/pre-commit"
    K.executable(hook, "#!/bin/sh\ntouch \"$GIT_DIR/../planted\" planted\nexit 1\n")
    K.set_config(root, archive_git="commit")
    result = _run(root)
    assert result.status == checkpoint.SUCCESS, result.message
    assert not (root / "planted").exists() and not (root / ".git/planted").exists()


def test_a_failing_commit_keeps_the_work_staged(root, tmp_path, monkeypatch):
    # Signing with a key nobody has: git commit fails after staging.
    monkeypatch.setenv("GNUPGHOME", str(tmp_path / "gnupg"))
    (tmp_path / "gnupg").mkdir(mode=0o700)
    git(root, "config", "commit.gpgsign", "true")
    git(root, "config", "user.signingkey", "0xDEADBEEFDEADBEEF")
    K.set_config(root, archive_git="commit")
    result = _run(root)
    assert result.status == checkpoint.PARTIAL
    assert _cp(root)["failed_step"] == "commit"
    assert says(result.message, "archive.fail.git_commit"), result.message
    assert _recorded(root, "archive.hint.commit_failed"), result.message
    staged = git(root, "diff", "--cached", "--name-only").stdout.split()
    assert "play/archive/demo/plan.json" in staged


def test_a_merge_in_progress_stops_the_git_part(root):
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "wip")
    (root / "conflict.txt").write_text("ours\n")
    git(root, "add", "conflict.txt")
    git(root, "commit", "-q", "-m", "ours")
    git(root, "checkout", "-q", "-b", "side", "HEAD~1")
    (root / "conflict.txt").write_text("theirs\n")
    git(root, "add", "conflict.txt")
    git(root, "commit", "-q", "-m", "theirs")
    git(root, "checkout", "-q", "feat/demo")
    git(root, "merge", "side", check=False)
    assert (root / ".git/MERGE_HEAD").exists()
    K.write_playbook(root, "demo", done="all", critic="PASS")
    K.activate(root, "demo")
    K.set_config(root, archive_git="commit")
    result = _run(root)
    assert result.status == checkpoint.PARTIAL
    assert says(result.message, "archive.fail.operation_in_repository", op="a merge"), \
        result.message
    assert "<<<<<<<" in (root / "conflict.txt").read_text()  # untouched


def test_on_the_default_branch_no_pull_request(root):
    git(root, "checkout", "-q", "main")
    K.set_config(root, archive_git="merge")
    result = engine.run(str(root), playbook=Playbook(str(root), "play/demo/plan.json"),
                         branch="main")
    # push fails first (no remote) — then with a remote, the PR steps are skipped
    assert result.status == checkpoint.PARTIAL and _cp(root)["failed_step"] == "push"


def test_default_branch_skips_pr_steps(root, tmp_path):
    remote = tmp_path / "origin.git"
    subprocess.run(["git", "init", "-q", "--bare", str(remote)], check=True, timeout=30)
    git(root, "remote", "add", "origin", str(remote))
    _commit_work(root)
    git(root, "checkout", "-q", "main")
    K.set_config(root, archive_git="merge")
    result = engine.run(str(root), playbook=Playbook(str(root), "play/demo/plan.json"),
                         branch="main")
    assert result.status == checkpoint.SUCCESS, result.message
    steps = _cp(root)["steps"]
    assert steps["pr_create"]["status"] == "skipped"
    assert _recorded(root, "archive.skip.on_default", branch="main"), steps
    assert steps["pr_merge"]["status"] == "skipped"


def test_not_a_git_repository_skips_the_git_part(tmp_path, monkeypatch):
    plain = tmp_path / "plain"
    plain.mkdir()
    (plain / "state.md").write_text((SUITE / "templates/state.md").read_text())
    K.write_playbook(plain, "demo", done="all", critic="PASS")
    K.activate(plain, "demo")
    K.set_config(plain, archive_git="merge")
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path))
    result = engine.run(str(plain), playbook=Playbook(str(plain), "play/demo/plan.json"))
    assert result.status == checkpoint.SUCCESS
    assert says(result.message, "archive.skip.no_repository_git"), result.message


def test_return_to_default_refuses_a_dirty_tree(root):
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "work")
    (root / "README.md").write_text("changed after the commit\n")
    cp = {"default_branch": "main", "remote": None, "steps": {}}
    g = git_steps.Git(str(root), deadline=10 ** 9, network=False)
    with pytest.raises(steps.StepFailed) as failure:
        git_steps.step_return_default(str(root), cp, g)
    reason, hint = failure.value.reason, failure.value.hint
    assert (reason.key, reason.fields) == ("archive.fail.uncommitted", {"paths": "README.md"})
    assert (hint.key, hint.fields) == ("archive.hint.uncommitted", {"branch": "main"})
    assert git(root, "rev-parse", "--abbrev-ref", "HEAD").stdout.strip() == "feat/demo"
    assert (root / "README.md").read_text() == "changed after the commit\n"


def test_time_budget_defers_network_steps(root, tmp_path):
    remote = tmp_path / "origin.git"
    subprocess.run(["git", "init", "-q", "--bare", str(remote)], check=True, timeout=30)
    git(root, "remote", "add", "origin", str(remote))
    _commit_work(root)
    K.set_config(root, archive_git="push")
    result = _run(root, budget_s=1.0)
    assert result.status == checkpoint.PARTIAL
    assert says(result.message, "archive.fail.budget"), result.message
    retried = engine.run(str(root), retry=True)
    assert retried.status == checkpoint.SUCCESS


def test_network_false_leaves_network_steps_for_later(root, tmp_path):
    remote = tmp_path / "origin.git"
    subprocess.run(["git", "init", "-q", "--bare", str(remote)], check=True, timeout=30)
    git(root, "remote", "add", "origin", str(remote))
    _commit_work(root)
    K.set_config(root, archive_git="push")
    result = _run(root, network=False)
    assert result.status == checkpoint.RUNNING
    assert says(result.message, "archive.msg.still_to_run"), result.message
    assert _cp(root)["steps"]["commit"]["status"] == "done"
    assert engine.run(str(root)).status == checkpoint.SUCCESS


# ---------------------------------------------------------- resume and locking


class _Crash(BaseException):
    """Stands for the process dying: not an Exception, so nothing catches it."""


def test_crash_inside_a_step_resumes_without_redoing_earlier_steps(root, monkeypatch):
    K.set_config(root, archive_git="commit")
    real = engine.STEP_FUNCS["state_reset"]

    def crash(*args):
        raise _Crash()

    monkeypatch.setitem(engine.STEP_FUNCS, "state_reset", crash)
    with pytest.raises(_Crash):
        _run(root)
    cp = _cp(root)
    assert cp["status"] == checkpoint.RUNNING
    assert cp["steps"]["archive"]["status"] == "done"
    assert cp["steps"]["state_reset"]["status"] == "running"
    monkeypatch.setitem(engine.STEP_FUNCS, "state_reset", real)
    calls = []
    monkeypatch.setitem(engine.STEP_FUNCS, "archive",
                        lambda *a: calls.append("archive") or "again")
    result = engine.run(str(root))
    assert result.status == checkpoint.SUCCESS
    assert calls == []  # the done step was not run again
    assert state_md.load(str(root)).active_playbook is None
    assert "play/archive/demo/plan.json" in git(root, "show", "--name-only", "--format=",
                                                "HEAD").stdout


def test_a_failed_local_step_is_reported_and_retried(root):
    state = root / "state.md"
    good = state.read_text()
    state.write_text(good.replace("## goal\n```yaml\n", "## goal\n```yaml\n: [broken\n"))
    result = _run(root)
    assert result.status == checkpoint.FAILED
    assert says(result.message, "archive.msg.step_failed",
                step=text("en", "archive.step.state_reset")), result.message
    assert _cp(root)["failed_step"] == "state_reset"
    state.write_text(good)
    assert engine.run(str(root)).status == checkpoint.SUCCESS


def test_busy_when_another_process_holds_the_archive_lock(root):
    lock = root / ".claude/.locks/archive.lock"
    lock.parent.mkdir(parents=True, exist_ok=True)
    holder = subprocess.Popen(
        [sys.executable, "-c", ("import fcntl,sys,time; f=open(sys.argv[1],'a'); "
                                "fcntl.flock(f, fcntl.LOCK_EX); print('held', flush=True); "
                                "time.sleep(20)"), str(lock)],
        stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        result = _run(root)
        assert result.status == "busy"
        assert (root / "play/demo/plan.json").exists()
    finally:
        holder.kill()
        holder.wait(timeout=10)
    assert _run(root).status == checkpoint.SUCCESS


def test_close_logs_and_removes_the_checkpoint(root):
    _run(root)
    closed = checkpoint.close(str(root))
    assert closed["status"] == checkpoint.SUCCESS and _cp(root) is None
    lines = (root / ".claude/logs/archive.log").read_text().splitlines()
    assert [json.loads(line)["event"] for line in lines] == ["start", "run", "closed"]
    assert checkpoint.close(str(root)) is None


def test_a_corrupt_checkpoint_does_not_stop_a_new_archive(root):
    path = root / ".claude/session-state/archive-checkpoint.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{not json")
    assert engine.run(str(root)) is None  # nothing to resume
    assert _run(root).status == checkpoint.SUCCESS
    assert os.path.exists(path) and _cp(root)["status"] == checkpoint.SUCCESS


# ------------------------------------------------------------------ the reader's language


def test_a_report_is_said_in_the_readers_language_from_the_checkpoint(root):
    """The checkpoint keeps each step's result and the
    failure's reason and hint as catalogue texts beside their English, so a
    later report (the post-loop handler, another hook) renders them in its
    own language; the English stored and reported is today's."""
    K.set_config(root, archive_git="commit")
    (root / "play/demo/id_rsa").write_text("KEY\n")
    english = _run(root)
    cp = _cp(root)
    moved = checkpoint.said(cp["steps"]["archive"], "detail")
    assert (moved.key, moved.fields) == ("archive.detail.moved_dir",
                                         {"dir": "play/demo", "archive": "play/archive/demo"})
    assert cp["steps"]["archive"]["detail"] == text("en", "archive.detail.moved_dir",
                                                    dir="play/demo", archive="play/archive/demo")
    secrets = checkpoint.said(cp["steps"]["commit"], "detail")
    assert (secrets.key, secrets.fields) == ("archive.fail.secrets",
                                             {"paths": "play/archive/demo/id_rsa"})
    assert cp["steps"]["commit"]["detail"] == str(secrets)
    message = checkpoint.said(cp, "message")
    stopped = message.fields["reason"]
    assert (message.key, stopped.key) == ("archive.msg.reason_hint", "archive.msg.git_stopped")
    assert stopped.fields["step"].key == "archive.step.commit"
    assert stopped.fields["reason"].key == "archive.fail.secrets"
    assert message.fields["hint"].key == "archive.hint.gitignore"
    assert cp["message"] == str(message)
    assert report.describe(cp, root=str(root)) == english.message
    ja = report.describe(cp, lang="ja", root=str(root))
    assert "手順が「コミット」で止まりました" in ja and "自動ではコミットしません" in ja, ja
    assert not says(ja, "archive.fail.secrets") and not says(ja, "archive.hint.gitignore"), ja


def test_a_checkpoint_without_texts_is_reported_as_recorded(root):
    """A checkpoint written before the texts were kept (or hand-edited)
    shows its recorded English."""
    K.set_config(root, archive_git="commit")
    (root / "play/demo/id_rsa").write_text("KEY\n")
    _run(root)
    cp = _cp(root)
    for record in [cp, *cp["steps"].values()]:
        record.pop("message_text", None)
        record.pop("detail_text", None)
    assert cp["message"] in report.describe(cp, lang="ja")
    cp["message_text"] = {"key": 5, "fields": "not a dict", "parts": "x"}
    assert cp["message"] in report.describe(cp, lang="ja")  # never raises


def test_only_texts_are_kept_beside_the_english():
    from messages import Text

    assert checkpoint.packed("message", "plain") == {}
    assert checkpoint.packed("message", None) == {}
    assert checkpoint.packed("message", Text("archive.step_failed")) == {
        "message_text": Text("archive.step_failed").to_json()}


def test_a_kept_text_round_trips_nested_texts():
    from messages import Text

    inner = Text("archive.paths_more", paths="a, b", n=3)
    value = engine._join(Text("archive.fail.work_uncommitted", branch="feat/x", paths=inner),
                          Text("archive.hint.commit_work"))
    cp = {"message": str(value), **json.loads(json.dumps(checkpoint.packed("message", value)))}
    back = checkpoint.message_of(cp)
    assert isinstance(back, Text) and str(back) == str(value)
    assert back.localized("ja") == value.localized("ja")
    assert "ほか 3 件" in back.localized("ja")


_json = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                     lambda inner: st.lists(inner, max_size=3)
                     | st.dictionaries(st.sampled_from(["key", "en", "fields", "sep", "parts",
                                                        "x"]), inner, max_size=4),
                     max_leaves=12)


@settings(max_examples=examples(200), deadline=None)
@given(packed=_json)
def test_any_kept_text_reports_without_raising(packed):
    """Whatever a checkpoint holds beside its English message (hand-edited,
    truncated, hostile), the report is made in both languages, and a
    packed text that is not one falls back to the English."""
    cp = {"id": "demo", "status": checkpoint.FAILED, "message": "the recorded English",
          "message_text": packed, "steps": {}}
    for lang in ("en", "ja"):
        described = report.describe(cp, lang=lang)
        assert isinstance(described, str) and described
    said = checkpoint.message_of(cp)
    assert isinstance(said, str)


# ---------------------------------------------------------------- trunk branch policy


def test_trunk_merges_the_short_lived_branch_deletes_it_and_pushes_the_trunk(root, tmp_path):
    """Seed 003 §15 under config.branch_policy: trunk: the archive commits on
    the short-lived branch, merges it into main, deletes it and pushes main
    (no pull request); the commit subject is "{id}: {summary}"."""
    remote = K.bare_remote(tmp_path, root)
    _commit_work(root)
    K.set_config(root, archive_git="merge", branch_policy="trunk")
    result = _run(root)
    assert result.status == checkpoint.SUCCESS, result.message
    cp = _cp(root)
    assert cp["branch_policy"] == "trunk"
    assert checkpoint.planned_steps(cp)[-4:] == ["commit", "trunk_merge", "branch_delete", "push"]
    assert {cp["steps"][s]["status"] for s in ("pr_create", "pr_merge", "return_default")} == {
        "pending"}
    assert git(root, "branch", "--show-current").stdout.strip() == "main"
    assert "feat/demo" not in git(root, "branch", "--list").stdout
    subjects = git(root, "log", "--format=%s", "main").stdout.splitlines()
    assert subjects[0].startswith("demo: "), subjects
    assert "work" in subjects
    pushed = subprocess.run(["git", "--git-dir", str(remote), "log", "--format=%s", "main"],
                            capture_output=True, text=True, check=True).stdout
    assert pushed.splitlines()[0].startswith("demo: ")
    assert says(result.message, "archive.detail.trunk_merged", branch="feat/demo",
                trunk="main"), result.message
    assert says(result.message, "archive.detail.branch_deleted", branch="feat/demo"), \
        result.message


def test_trunk_commit_level_merges_and_deletes_locally_without_a_remote(root):
    _commit_work(root)
    K.set_config(root, archive_git="commit", branch_policy="trunk")
    result = _run(root)
    assert result.status == checkpoint.SUCCESS, result.message
    assert git(root, "branch", "--show-current").stdout.strip() == "main"
    assert "feat/demo" not in git(root, "branch", "--list").stdout


def test_trunk_on_main_skips_merge_and_delete(root):
    _commit_work(root)
    git(root, "checkout", "-q", "main")
    git(root, "merge", "-q", "feat/demo")
    K.set_config(root, archive_git="commit", branch_policy="trunk")
    result = engine.run(str(root), playbook=Playbook(str(root), "play/demo/plan.json"),
                        branch="main")
    assert result.status == checkpoint.SUCCESS, result.message
    steps = _cp(root)["steps"]
    assert steps["trunk_merge"]["status"] == "skipped"
    assert checkpoint.said(steps["trunk_merge"], "detail").key == "archive.skip.on_trunk"
    assert checkpoint.said(steps["trunk_merge"], "detail").fields == {"branch": "main"}
    assert steps["branch_delete"]["status"] == "skipped"
    assert "feat/demo" in git(root, "branch", "--list").stdout  # not the archive's to delete


def test_trunk_merge_waits_until_the_work_is_committed(root):
    K.set_config(root, archive_git="commit", branch_policy="trunk")
    result = _run(root)
    assert result.status == checkpoint.PARTIAL
    assert says(result.message, "archive.fail.work_uncommitted", branch="feat/demo",
                paths="src/app.py"), result.message
    assert git(root, "branch", "--show-current").stdout.strip() == "feat/demo"
    _commit_work(root)
    assert engine.run(str(root), retry=True).status == checkpoint.SUCCESS
    assert git(root, "branch", "--show-current").stdout.strip() == "main"


def test_a_conflicting_trunk_merge_is_aborted_and_loses_nothing(root):
    _commit_work(root)
    git(root, "checkout", "-q", "main")
    (root / "src").mkdir(exist_ok=True)
    (root / "src/app.py").write_text("other\n")
    git(root, "add", "src")
    git(root, "commit", "-q", "-m", "main moved")
    git(root, "checkout", "-q", "feat/demo")
    K.set_config(root, archive_git="commit", branch_policy="trunk")
    result = _run(root)
    assert result.status == checkpoint.PARTIAL, result.message
    assert says(result.message, "archive.fail.trunk_merge", branch="feat/demo",
                trunk="main"), result.message
    assert _recorded(root, "archive.hint.trunk_merge", branch="feat/demo", trunk="main")
    assert git(root, "branch", "--show-current").stdout.strip() == "feat/demo"
    assert git(root, "status", "--porcelain", "--", "src").stdout == ""
    assert (root / "src/app.py").read_text() == "work\n"
    assert "feat/demo" in git(root, "branch", "--list").stdout


def test_sync_sdd_archives_under_trunk_by_default(root):
    K.set_config(root, workflow="sync-sdd")
    assert config.read_config(str(root))["branch_policy"] == "trunk"
    K.set_config(root, workflow="sync-sdd", branch_policy="feature")
    assert config.read_config(str(root))["branch_policy"] == "feature"


def test_the_handler_names_the_trunk_steps_left():
    from importlib import util

    spec = util.spec_from_file_location("handler", SUITE / "skills/post-loop/handler.py")
    handler = util.module_from_spec(spec)
    spec.loader.exec_module(handler)
    cp = {"branch": "feat/x", "default_branch": "main", "remote": "origin", "git": "push",
          "branch_policy": "trunk", "steps": {"commit": {"status": "done"}}}
    lines = handler.manual_steps(cp, "en")
    assert any(says(line, "post_loop.manual.trunk_merge", default="main", branch="feat/x")
               for line in lines), lines
    assert any(says(line, "post_loop.manual.branch_delete", branch="feat/x", default="main")
               for line in lines), lines
    assert any(says(line, "post_loop.manual.push", remote="origin", branch="main")
               for line in lines), lines
