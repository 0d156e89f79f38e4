"""The current git branch, read from ``.git/HEAD`` without starting git.

Starting ``git`` costs a process spawn plus importing ``subprocess`` (about
6 ms) on every tool call; the branch is a one-line file. Worktrees and
submodules, where ``.git`` is a file holding ``gitdir: <path>``, are followed,
and so is a project root below the work tree's top (Claude Code started in a
sub-directory of a repository): the nearest ``.git`` above it counts.
"""

from __future__ import annotations

import os

from statefiles import layout
from statefiles.atomic import read_text

MAIN_BRANCHES = ("main", "master")


def git_dir(root: str) -> str | None:
    """The git directory of the work tree containing ``root``, or ``None``."""
    top = layout.git_toplevel(root)
    if not top:
        return None
    root = top
    dot_git = os.path.join(root, ".git")
    if os.path.isdir(dot_git):
        return dot_git

    text = read_text(dot_git, 64 * 1024)  # never blocks on a FIFO planted as .git
    if text is None:
        return None
    first = (text.splitlines() or [""])[0].strip()
    if first.startswith("gitdir:"):
        target = first[len("gitdir:"):].strip()
        if not os.path.isabs(target):
            target = os.path.join(root, target)
        return os.path.normpath(target)
    return None


def current_branch(root: str) -> str | None:
    """Short name of the checked-out branch (``feat/x``), or ``None`` when
    detached, not a repository, or unreadable."""
    gdir = git_dir(root)
    if gdir is None:
        return None

    text = read_text(os.path.join(gdir, "HEAD"), 64 * 1024)
    if text is None:
        return None
    head = (text.splitlines() or [""])[0].strip()
    if head.startswith("ref:"):
        ref = head[4:].strip()
        if ref.startswith("refs/heads/"):
            return ref[len("refs/heads/"):]
        return ref
    return None


def is_main(branch: str | None) -> bool:
    """``branch`` is one of :data:`MAIN_BRANCHES` (``main``, ``master``), where no work happens
    (SPEC §3 main-branch)."""
    return branch in MAIN_BRANCHES
