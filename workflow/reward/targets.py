"""Which files are reward state (seed 002 §12): state.md and the
plan.json/progress.json of any working playbook, plus whatever files the
active playbook really reads, found by every spelling of the path (real
location, the location as named, case/Windows variants, hard links)."""

from __future__ import annotations

import os

from statefiles import layout
from statefiles.record import Record

STATE = "state"
PLAN = "plan"
PROGRESS = "progress"


#: Directories under play/ that hold copies, not working playbooks.
NOT_WORKING = ("archive", "template")


PLAYBOOK_FILES = {"plan.json": "plan", "progress.json": "progress"}


def playbook_file_kind(rel: str | None) -> str | None:
    """``"plan"``/``"progress"`` when the repo-relative ``rel`` is
    ``play/<id>/plan.json|progress.json`` of a working playbook (``<id>`` not
    ``archive`` or ``template``), else ``None``. Case-insensitive on the fixed
    parts, because a case-insensitive file system (macOS, Windows) aliases
    ``Play/X/Progress.json``."""
    if not rel:
        return None
    parts = rel.split("/")
    if len(parts) != 3 or parts[0].casefold() != layout.PLAY_DIR:
        return None
    if parts[1].casefold() in NOT_WORKING or parts[1] in ("", ".", ".."):
        return None
    return PLAYBOOK_FILES.get(parts[2].casefold())


def is_state_rel(rel: str | None) -> bool:
    """The repo-relative ``rel`` is state.md (any case)."""
    return rel is not None and rel.casefold() == layout.STATE_MD


def reward_rel_kind(rel: str | None) -> str | None:
    """``"state"``, ``"plan"``, ``"progress"`` or ``None`` for a repo-relative path."""
    if is_state_rel(rel):
        return STATE
    return playbook_file_kind(rel)


def write_hits_reward(ctx, rel: str | None) -> bool:
    """For bash-check (SPEC §3 Bash chain 1; every route to reward state closed):
    True when a Bash write to the repo-relative ``rel`` (as
    ``shell.Write.rel``) reaches reward state: state.md, any working
    playbook's plan.json/progress.json, the files state.md and the active
    playbook really are (through symlinks), or a directory that contains any
    of them (``mv play/x play/y``, ``rm -r play``). Outside the project
    (``rel is None``) is not reward state."""
    if rel is None:
        return False
    rel = rel.strip("/")
    if rel in ("", "."):
        return True
    if reward_rel_kind(rel):
        return True
    folded = rel.casefold()
    if folded == layout.PLAY_DIR:
        return True
    parts = folded.split("/")
    if len(parts) == 2 and parts[0] == layout.PLAY_DIR and parts[1] not in NOT_WORKING:
        return True
    abs_path = os.path.realpath(layout.join(ctx.root, rel))
    for real in (*active_real_files(ctx), os.path.realpath(layout.join(ctx.root, layout.STATE_MD))):
        if real == abs_path or real.startswith(abs_path.rstrip(os.sep) + os.sep):
            return True
    return False


def active_real_files(ctx) -> tuple:
    """Real (symlink-resolved) absolute paths of the active playbook's
    plan.json and progress.json — what the Stop check actually reads."""
    memo = ctx.__dict__.get("_reward_active_real")
    if memo is not None:
        return memo
    pb = ctx.playbook
    if pb is None:
        out = ()
    else:
        out = (os.path.realpath(layout.join(ctx.root, pb.plan_rel)),
               os.path.realpath(layout.join(ctx.root, pb.progress_rel)))
    ctx.__dict__["_reward_active_real"] = out
    return out


class RewardTarget(Record):
    """The reward file an edit tool writes.

    Attributes:
        kind: ``"state"``, ``"plan"`` or ``"progress"``.
        dir_abs: the playbook directory (real path) for plan/progress, the
            project root for state.md.
        label: repo-relative name for messages.
        root: the project root.

    Made as ``RewardTarget(kind, dir_abs, label, root)``
    (:class:`statefiles.record.Record`).
    """

    __slots__ = ("kind", "dir_abs", "label", "root")

    @property
    def plan_rel(self) -> str:
        """Repo-relative plan.json of this playbook (the critic ledger's key)."""
        return rel_or_abs(os.path.join(self.dir_abs, "plan.json"), self.root)

    def __repr__(self) -> str:
        return f"RewardTarget({self.kind}, {self.label})"


def rel_or_abs(abs_path: str, root: str | None) -> str:
    if root is not None:
        rel = layout.relative_to(abs_path, root)
        if rel is not None:
            return rel
    return abs_path


def _as_named(ctx, target) -> str:
    """The target path as Claude wrote it, made absolute against the hook's
    ``cwd`` and normalised lexically (no symlink resolved)."""
    given = target.given
    if given.startswith("~"):
        given = os.path.expanduser(given)
    base = ctx.hook.cwd or ctx.root
    return os.path.normpath(given if os.path.isabs(given) else os.path.join(base, given))


def _lexical_rel(ctx, target) -> str | None:
    """The target's location *as named*: directories resolved, the final
    component not followed (a symlinked playbook file is judged by the name
    Claude used as well as by what it points to)."""
    parent, name = os.path.split(_as_named(ctx, target))
    return layout.relative_to(os.path.join(os.path.realpath(parent), name), ctx.root)


def _literal_rel(ctx, target) -> str | None:
    """The target as written, with no symlink resolved at all
    (``play/x/progress.json`` when ``play/x`` is a link elsewhere)."""
    return layout.relative_to(_as_named(ctx, target), ctx.root)


def _same_inode(a: os.stat_result, path: str) -> bool:
    try:
        b = os.stat(path)
    except OSError:
        return False
    return (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)


def _hard_link_kind(ctx, target) -> tuple | None:
    """``(kind, dir_abs)`` when the target is a hard link to reward state."""
    try:
        st = os.stat(target.abs)
    except OSError:
        return None
    if st.st_nlink <= 1:
        return None
    root = ctx.root
    if _same_inode(st, layout.join(root, layout.STATE_MD)):
        return STATE, root
    for real in active_real_files(ctx):
        if _same_inode(st, real):
            return PLAYBOOK_FILES.get(os.path.basename(real), PROGRESS), os.path.dirname(real)
    play = layout.join(root, layout.PLAY_DIR)
    try:
        ids = os.listdir(play)
    except OSError:
        return None
    for pid in ids:
        if pid.casefold() in NOT_WORKING:
            continue
        for name, kind in PLAYBOOK_FILES.items():
            path = os.path.join(play, pid, name)
            if _same_inode(st, path):
                return kind, os.path.join(play, pid)
    return None


def reward_target(ctx) -> RewardTarget | None:
    """The reward file the current edit tool call writes, or ``None``.

    Memoised on ``ctx``. Cost for an ordinary file: string checks, one
    ``realpath`` of the parent directory, the active playbook's real paths
    and one ``stat`` (hard links are only searched when ``st_nlink > 1``).
    """
    if "_reward_target" in ctx.__dict__:
        return ctx.__dict__["_reward_target"]
    result = _reward_target(ctx)
    ctx.__dict__["_reward_target"] = result
    return result


def _reward_target(ctx) -> RewardTarget | None:
    target = ctx.target
    if target is None or not ctx.hook.is_edit_tool:
        return None
    root = ctx.root
    real_dir = os.path.dirname(target.abs)
    label = target.rel if target.rel is not None else target.abs
    names = [target.rel, _lexical_rel(ctx, target), _literal_rel(ctx, target), *target.variants]
    for rel in names:
        kind = reward_rel_kind(rel)
        if kind == STATE:
            return RewardTarget(STATE, root, label, root)
        if kind is not None:
            return RewardTarget(kind, real_dir, label, root)
    if target.abs == os.path.realpath(layout.join(root, layout.STATE_MD)):
        return RewardTarget(STATE, root, label, root)  # state.md is a symlink to it
    for real in active_real_files(ctx):
        if real == target.abs:
            kind = PLAYBOOK_FILES.get(os.path.basename(real), PROGRESS)
            return RewardTarget(kind, os.path.dirname(real), label, root)
    linked = _hard_link_kind(ctx, target)
    if linked is not None:
        return RewardTarget(linked[0], linked[1], label, root)
    return None
