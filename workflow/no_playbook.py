"""What Bash may run while no playbook is active (SPEC §3 bash-check step 4,
§7).

With no active playbook (none, or its plan unreadable) a Bash call may only
read, with these escapes: branch creation and switching and ``git
fetch|pull`` (a playbook starts on its own branch); committing the finished
work of the playbook archived last and its archive, in every security mode
(:mod:`workflow.closing`); and in security mode ``admin`` the maintenance
allow-list (archiving playbooks, ``git add`` of state.md and playbooks,
commits). The post-loop handler (the deadlock escape) is bash-check's own
exception, before this module is asked.
"""

from __future__ import annotations

from shell import is_read_only, paths
from statefiles import layout


def refused(ctx, analysis, admin_archive: bool) -> str | None:
    """The first command of the Bash call ``analysis`` (a
    :class:`shell.model.Analysis`) that may not run with no active playbook,
    as shown to Claude (at most 80 characters), or ``None`` when every
    command may: :func:`allowed`, or the closing commit's rules
    (:func:`workflow.closing.allowed`) while the finished work is uncommitted."""
    from workflow import closing as _closing  # lazy: only a write with no active playbook

    closing = _closing.closing(ctx)

    def ok(c) -> bool:
        return allowed(ctx, c, admin_archive) or bool(closing and _closing.allowed(analysis, c))

    if analysis.all_commands(ok):
        return None
    offending = next((c for c in analysis.commands if not ok(c)), None)
    return " ".join(offending.argv)[:80] if offending is not None else analysis.command[:80]


def allowed(ctx, cmd, admin_archive: bool) -> bool:
    """The simple command ``cmd`` may run with no active playbook: read-only
    (or only assignments without a redirection); ``git fetch|pull``; creating
    or switching a branch (``git checkout|switch``, never forced); and with
    ``admin_archive`` (security mode ``admin``) the maintenance of
    archiving: ``git add`` of state.md and playbook paths, ``git commit``
    without ``-a``, ``git mv``, ``mv``/``mkdir`` inside ``play/``."""
    if is_read_only(cmd):
        return True
    if not cmd.name:
        return not any(r.writes for r in cmd.redirects)
    if cmd.name == "git" and cmd.trusted:
        sub, args = cmd.git_subcommand, cmd.git_args
        if sub in ("fetch", "pull"):
            return True
        if sub in ("checkout", "switch") and not any(
                a in ("-f", "--force", "--discard-changes", "-B", "-C", "--") for a in args):
            return _branch_only(sub, args)
        if admin_archive:
            if sub == "add":
                paths = [a for a in args if not a.startswith("-")]
                return bool(paths) and all(_maintenance_path(ctx, cmd, p) for p in paths)
            if sub == "commit":
                return not any(a.startswith(("-a", "--all")) for a in args)
            if sub == "mv":
                return True   # checked as an archive move by the write rules
    if admin_archive and cmd.name in ("mv", "mkdir") and cmd.trusted:
        return all(_maintenance_path(ctx, cmd, a) for a in cmd.args if not a.startswith("-"))
    return False


def _branch_only(sub: str, args: list) -> bool:
    ops = [a for a in args if not a.startswith("-")]
    flags = [a for a in args if a.startswith("-")]
    if sub == "checkout":
        if any(f in ("-b", "--orphan") for f in flags):
            return True
        return len(ops) == 1 and not flags
    if any(f in ("-c", "--create", "--orphan") for f in flags):
        return True
    return len(ops) == 1 and all(f in ("--detach", "-d", "--no-guess", "--guess") for f in flags)


def _maintenance_path(ctx, cmd, value: str) -> bool:
    targets = paths.resolve(value, cmd.cwd)
    if not targets:
        return False
    for t in targets:
        rel = paths.rel_to(t, ctx.root)
        if rel is None:
            return False
        if rel != layout.STATE_MD and not (rel == layout.PLAY_DIR or rel.startswith(
                layout.PLAY_DIR + "/")):
            return False
    return True
