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

import os
import shutil
import subprocess

SKIP_DIRS = frozenset({"node_modules", "__pycache__", ".venv", ".mypy_cache", ".pytest_cache",
                       ".hypothesis", ".ruff_cache", ".tox"})
#: Inside ``.claude/``: the suite's caches (rebuilt on demand).
SKIP_CLAUDE = frozenset({".cache"})
GIT_TIMEOUT = 60


def _ignore(src_root: str):
    def ignore(directory: str, names: list) -> set:
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
