"""A scratch copy of a project for ``replay``: the hooks write their state
(markers, logs, state.md timestamps) and the replayed edits land there,
never in the project itself.

What is copied: every file of the work tree (symbolic links as links),
except the hook interpreter's virtualenv, ``node_modules``, ``__pycache__``
and the suite's caches. The git repository is *not* copied: the copy gets
a small ``.git`` of its own that borrows the project's objects through
``objects/info/alternates`` (read-only for the original), with its ``HEAD``,
index and refs, so the branch, staged changes and history read as in the
project. It has no remotes and no git hooks, so nothing a hook does in the
copy (an archive commit, a push) can reach the project or a server.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from datetime import datetime, timezone

from playgate import messages

SKIP_DIRS = frozenset({"node_modules", "__pycache__", ".venv", ".mypy_cache", ".pytest_cache",
                       ".hypothesis", ".ruff_cache", ".tox"})
#: Inside ``.claude/``: the suite's caches (rebuilt on demand).
SKIP_CLAUDE = frozenset({".cache"})
GIT_TIMEOUT = 60


def _ignore(src_root: str):
    def ignore(directory: str, names: list) -> set:
        """The ``shutil.copytree`` ignore callback: :data:`SKIP_DIRS` everywhere, ``.git`` at
        the top and :data:`SKIP_CLAUDE` inside ``.claude/``."""
        skipped = {n for n in names if n in SKIP_DIRS}
        rel = os.path.relpath(directory, src_root)
        if rel == ".":
            skipped.add(".git")
        elif rel == ".claude":
            skipped |= {n for n in names if n in SKIP_CLAUDE}
        return skipped
    return ignore


def _git_dirs(root: str) -> tuple:
    """``(gitdir, commondir)`` of the repository at ``root`` (a ``.git``
    directory, or a worktree's ``.git`` file), or ``(None, None)``."""
    dot = os.path.join(root, ".git")
    if os.path.isdir(dot):
        return dot, dot
    if not os.path.isfile(dot):
        return None, None
    try:
        with open(dot, encoding="utf-8") as fh:
            line = fh.read().strip()
    except OSError:
        return None, None
    if not line.startswith("gitdir:"):
        return None, None
    gitdir = line[len("gitdir:"):].strip()
    gitdir = gitdir if os.path.isabs(gitdir) else os.path.join(root, gitdir)
    common = gitdir
    try:
        with open(os.path.join(gitdir, "commondir"), encoding="utf-8") as fh:
            rel = fh.read().strip()
        common = rel if os.path.isabs(rel) else os.path.normpath(os.path.join(gitdir, rel))
    except OSError:
        pass
    return gitdir, common


def _copy_if(src: str, dest: str) -> None:
    if os.path.isfile(src):
        shutil.copy2(src, dest)


def _make_git(root: str, dest: str) -> bool:
    """Give ``dest`` a ``.git`` that borrows ``root``'s objects. Returns
    False when ``root`` is not a git work tree."""
    gitdir, common = _git_dirs(root)
    if gitdir is None:
        return False
    git = os.path.join(dest, ".git")
    os.makedirs(os.path.join(git, "objects", "info"))
    os.makedirs(os.path.join(git, "refs"), exist_ok=True)
    with open(os.path.join(git, "objects", "info", "alternates"), "w", encoding="utf-8") as fh:
        fh.write(os.path.realpath(os.path.join(common, "objects")) + "\n")
    shutil.copytree(os.path.join(common, "refs"), os.path.join(git, "refs"),
                    dirs_exist_ok=True, symlinks=True)
    _copy_if(os.path.join(common, "packed-refs"), os.path.join(git, "packed-refs"))
    _copy_if(os.path.join(gitdir, "HEAD"), os.path.join(git, "HEAD"))
    _copy_if(os.path.join(gitdir, "index"), os.path.join(git, "index"))
    with open(os.path.join(git, "config"), "w", encoding="utf-8") as fh:
        # Only what git needs to read the copy: no remotes, hooks or aliases.
        fh.write("[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = false\n"
                 "\thooksPath = /dev/null\n")
    if not os.path.exists(os.path.join(git, "HEAD")):
        with open(os.path.join(git, "HEAD"), "w", encoding="utf-8") as fh:
            fh.write("ref: refs/heads/main\n")
    return True


def copy_project(root: str, dest: str) -> str:
    """Copy the project at ``root`` to ``dest`` (created; must not exist) as
    the module docstring says. Returns ``dest``."""
    shutil.copytree(root, dest, symlinks=True, ignore=_ignore(root))
    if _make_git(root, dest):
        # Refresh the index's stat data for the copied files (else every
        # file reads as modified), bounded like every subprocess here.
        try:
            subprocess.run(["git", "-C", dest, "update-index", "-q", "--refresh"],
                           capture_output=True, timeout=GIT_TIMEOUT, start_new_session=True,
                           env=_git_env())
        except (OSError, subprocess.TimeoutExpired):
            pass
    return dest


def _git_env() -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    env["GIT_TERMINAL_PROMPT"] = "0"
    return env


def inside(path: str, root: str) -> bool:
    """``path`` (resolved, symlinks included) is ``root`` or below it."""
    real = os.path.realpath(path)
    base = os.path.realpath(root)
    return real == base or real.startswith(base.rstrip(os.sep) + os.sep)


# ------------------------------------------------------------- the session's start


def _epoch(stamp: str) -> float | None:
    """Seconds since the epoch for an ISO 8601 time (``Z`` or an offset),
    or ``None``."""
    if not isinstance(stamp, str) or not stamp.strip():
        return None
    text = stamp.strip().replace("Z", "+00:00")
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.timestamp()


def _git(root: str, *args) -> subprocess.CompletedProcess | None:
    try:
        return subprocess.run(["git", "-C", root, *args], capture_output=True, text=True,
                              timeout=GIT_TIMEOUT, start_new_session=True, env=_git_env())
    except (OSError, subprocess.TimeoutExpired):
        return None


def commit_at(root: str, epoch: float) -> str | None:
    """The commit ``HEAD`` of the repository at ``root`` pointed to at
    ``epoch`` (from its reflog), or ``None`` when the reflog does not reach
    back that far (or there is none)."""
    proc = _git(root, "log", "-g", "--format=%H %ct", "HEAD")
    if proc is None or proc.returncode != 0:
        return None
    # Newest first: the first entry not later than the moment.
    for line in proc.stdout.splitlines():
        sha, _, when = line.partition(" ")
        if when.isdigit() and int(when) <= epoch:
            return sha
    return None


#: Suite state whose lines carry their own time (kept up to the start).
TIMED_LOGS = (".claude/logs/critic-ledger.jsonl", ".claude/logs/review-ledger.jsonl")
#: Suite state under the copy that a session writes (dropped when newer than
#: its start; SessionStart creates what it needs).
SESSION_DIRS = (".claude/session-state", ".claude/.session-init")


def rewind(root: str, dest: str, started_at: str, branch: str | None = None) -> str:
    """Bring the copy ``dest`` of the project at ``root`` back to how it was
    when a session started at ``started_at`` (ISO time), as far as git and the
    files' times tell (replaying a finished session against
    its end state reports false differences):

    * the tracked files as of the commit ``HEAD`` pointed to then (the
      reflog), on ``branch`` when the session names one (its ref in the copy
      points there); files tracked now but not then are removed;
    * untracked files and the suite's session state (markers under
      ``.claude/session-state/`` and ``.claude/.session-init/``) written at
      or after the start are removed; the critic and review ledgers keep
      only their lines from before it.

    Returns a one-line note for the report: what was done, or why the copy
    stays as the project is now (no reflog that far back, no git)."""
    epoch = _epoch(started_at)
    if epoch is None:
        return messages.text("replay.start_no_time")
    start = commit_at(root, epoch)
    if start is None:
        return messages.text("replay.start_no_reflog")
    now = _git(dest, "rev-parse", "HEAD")
    current = now.stdout.strip() if now is not None and now.returncode == 0 else None
    git_dir = os.path.join(dest, ".git")
    checked = _git(dest, "check-ref-format", "--branch", branch) if branch else None
    if checked is not None and checked.returncode == 0:
        ref = os.path.join(git_dir, "refs", "heads", *branch.split("/"))
        os.makedirs(os.path.dirname(ref), exist_ok=True)
        with open(ref, "w", encoding="utf-8") as fh:
            fh.write(start + "\n")
        with open(os.path.join(git_dir, "HEAD"), "w", encoding="utf-8") as fh:
            fh.write(f"ref: refs/heads/{branch}\n")
    else:
        with open(os.path.join(git_dir, "HEAD"), "w", encoding="utf-8") as fh:
            fh.write(start + "\n")
    if current and current != start:
        added = _git(dest, "diff", "--name-only", "-z", "--diff-filter=A", start, current)
        for rel in (added.stdout.split("\0") if added is not None else []):
            path = os.path.join(dest, rel)
            if rel and os.path.lexists(path) and not os.path.isdir(path):
                os.unlink(path)
    _git(dest, "read-tree", start)
    _git(dest, "checkout-index", "-a", "-f")
    listed = _git(dest, "ls-files", "-z", "--others", "--exclude-standard")
    removed = 0
    for rel in (listed.stdout.split("\0") if listed is not None else []):
        removed += _drop_if_newer(os.path.join(dest, rel), epoch)
    for rel in SESSION_DIRS:
        top = os.path.join(dest, *rel.split("/"))
        for dirpath, _dirs, files in os.walk(top):
            for name in files:
                removed += _drop_if_newer(os.path.join(dirpath, name), epoch)
    for rel in TIMED_LOGS:
        _keep_lines_before(os.path.join(dest, *rel.split("/")), epoch)
    _git(dest, "update-index", "-q", "--refresh")
    written = messages.text("replay.start_removed", count=removed) if removed else ""
    if branch:
        return messages.text("replay.start_branch", commit=start[:12], branch=branch,
                             removed=written)
    return messages.text("replay.start_commit", commit=start[:12], removed=written)


def _drop_if_newer(path: str, epoch: float) -> int:
    try:
        if os.lstat(path).st_mtime >= epoch:
            os.unlink(path)
            return 1
    except OSError:
        pass
    return 0


def _keep_lines_before(path: str, epoch: float) -> None:
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            lines = fh.readlines()
    except OSError:
        return
    kept = []
    for line in lines:
        try:
            when = _epoch(json.loads(line).get("ts"))
        except (ValueError, AttributeError):
            when = None
        if when is None or when < epoch:
            kept.append(line)
    with open(path, "w", encoding="utf-8") as fh:
        fh.writelines(kept)
