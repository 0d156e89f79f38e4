"""check-state-update (SPEC §3 Bash chain; seed 004 [4'] pre-bash-check → check-state-update).

On ``git commit`` while a playbook is active: when the commit takes work —
files other than state.md, the playbooks under ``play/`` and ``.claude/`` —
while the active playbook's ``progress.json`` records nothing since the
last commit (unchanged in the working tree and the index, or not tracked at
all yet counts as changed), the commit goes ahead with a warning naming what
to update: the active subtask, its status and the validations still without
evidence, and state.md's ``goal.status`` when it does not say the work is in
progress. The work and its record then travel in one commit, and a later
session reads where the work stands from the files, not from a lost
conversation (seed 002 §11: state.md and the playbook are the source of
truth).

Which files a commit takes is read as lint reads it: the index's staged
files, the modified tracked files with ``-a``, and the paths after ``--``.
Git is asked only when the answer matters: the index is read first
(:mod:`statefiles.gitindex`, no process), and only when progress.json is
the index's copy — so it may be unchanged since the last commit — one
``git status`` runs, with git's own programs switched off
(:mod:`statefiles.gitwork`), bounded by :data:`BUDGET_SECONDS`. Nothing runs
without an active playbook (the closing commit after the archive costs
nothing). Advisory: never blocks, a crash is logged and skipped.
"""

from __future__ import annotations

from events.context import Context
from events.verdict import ALLOWED, Verdict, warn
from statefiles import layout
from statefiles.playbook import subtask_status, validation_entry
from workflow.shared import bash_analysis, commit_all

NAME = "check-state-update"
ADVISORY = True

#: Seconds the one ``git status`` may take (the hook's timeout is 10 s and
#: lint, after this guard, has its own budget).
BUDGET_SECONDS = 1.5
#: Committed work files named in the warning.
SHOWN = 5
VALIDATIONS = ("technical", "consistency", "completeness")


def _commit(analysis):
    for cmd in analysis.commands:
        if cmd.name == "git" and cmd.git_subcommand == "commit" and \
                "--dry-run" not in cmd.git_args:
            return cmd
    return None


def _is_record(path: str) -> bool:
    """state.md, a playbook file or the suite's own directory: the record of
    the work, not the work."""
    return (path == layout.STATE_MD or path.startswith(layout.PLAY_DIR + "/")
            or path.startswith(layout.CLAUDE_DIR + "/"))


def _status(root: str):
    """``[(xy, path)]`` of ``git status --porcelain -z`` (untracked files
    listed by directory), or ``None`` when git cannot answer in time."""
    from statefiles import gitwork  # lazy: subprocess (~8 ms), git commit with a playbook only

    result = gitwork.run(["git", "status", "--porcelain=v1", "-z", "--untracked-files=normal"],
                         cwd=root, timeout=BUDGET_SECONDS)
    if result.code != 0 or result.timed_out:
        return None
    return gitwork.porcelain_entries(result.out)


def committed_work(entries: list, args: list) -> list:
    """The work files (not :func:`_is_record`) a ``git commit`` with the
    words ``args`` after ``commit`` takes, from ``git status`` ``entries``:
    staged ones, modified tracked ones with ``-a``, and paths after ``--``
    that have changes."""
    everything = commit_all(args)
    named = args[args.index("--") + 1:] if "--" in args else []
    out = []
    for xy, path in entries:
        if xy == "??" or _is_record(path):
            continue
        staged = xy[0] not in (" ", "?")
        tracked_change = xy[1] not in (" ", "?")
        if staged or (tracked_change and (everything or any(
                path == n.rstrip("/") or path.startswith(n.rstrip("/") + "/") for n in named))):
            out.append(path)
    return out


def progress_recorded(entries: list, progress_rel: str) -> bool:
    """The playbook's progress.json changed since the last commit: modified
    (index or working tree), added, or untracked (itself or a directory
    above it)."""
    for xy, path in entries:
        if path == progress_rel:
            return True
        if xy == "??" and path.endswith("/") and progress_rel.startswith(path):
            return True
    return False


def _what_to_update(ctx, pb) -> str:
    """The fields a compliant agent updates: the active subtask's status and
    its validations without evidence; state.md's goal.status."""
    parts = []
    sid = pb.active_subtask_id()
    if sid:
        entry = pb.subtask_progress(sid)
        recorded = entry.get("validations")
        recorded = recorded if isinstance(recorded, dict) else {}
        missing = []
        for name in VALIDATIONS:
            status, evidence = validation_entry(recorded.get(name))
            if status != "PASS" or not evidence:
                missing.append(name)
        parts.append(ctx.say("check_state_update.subtask", subtask=sid,
                             status=subtask_status(entry) or "pending",
                             validations=", ".join(missing) if missing else "-"))
    goal = ctx.state.get("goal", "status") if ctx.state is not None else None
    if not isinstance(goal, str) or goal.strip().lower() not in ("in_progress", "done"):
        parts.append(ctx.say("check_state_update.goal", status=str(goal or "null")))
    return " ".join(parts)


def check(ctx: Context) -> Verdict:
    """Bash ``git commit`` with an active playbook: WARN when the commit takes
    work while the playbook's progress.json records nothing since the last
    commit, naming what to update; else ALLOWED (seed 004 [4'])."""
    analysis = bash_analysis(ctx)
    if analysis is None or not ctx.active_playbook_path:
        return ALLOWED
    commit = _commit(analysis)
    if commit is None:
        return ALLOWED
    pb = ctx.playbook
    if pb is None or pb.errors:
        return ALLOWED      # coherence names an unreadable playbook
    # lazy: git commit with a playbook only (coherence loads it for commits too)
    from statefiles import gitindex

    same, _sha = gitindex.index_matches_worktree(ctx.root, pb.progress_rel)
    if same is not True:
        # Not tracked yet (a new playbook) or changed since the index: the
        # record moves with this commit or the next; no git process needed.
        return ALLOWED
    entries = _status(ctx.root)
    if entries is None:
        return ALLOWED
    work = committed_work(entries, list(commit.git_args))
    if not work or progress_recorded(entries, pb.progress_rel):
        return ALLOWED
    shown = ", ".join(work[:SHOWN]) + (ctx.say("check_state_update.more", count=len(work) - SHOWN)
                                       if len(work) > SHOWN else "")
    return warn(ctx.say("check_state_update.unrecorded", files=shown, progress=pb.progress_rel,
                        update=_what_to_update(ctx, pb)))
