"""The archive engine: close a finished playbook (SPEC §3 PostToolUse
archive-playbook and cleanup; seed 002 §6, §11.7).

When the active playbook is complete (:mod:`statefiles.completion`), these
steps run in order, each recorded in
``.claude/session-state/archive-checkpoint.json`` before and after it runs:

========== ==================================================================
local      ``cleanup``       empty ``play/<id>/tmp/`` (README files stay)
           ``archive``       move ``play/<id>/`` to ``play/archive/<id>/``
                             (``meta.status: archived`` in the moved plan)
           ``state_reset``   state.md: the ``playbook`` and ``goal`` keys back
                             to their idle values, ``playbook.last_archived``
           ``pending``       write ``post-loop-pending`` (pending-guard and
                             Stop then require the post-loop skill)
git        ``commit``        ``git add`` of the playbook's files and state.md +
                             ``git commit`` (hooks honoured)
(opt-in)   ``push``          ``git push -u <remote> <branch>``
           ``pr_create``     ``gh pr create`` (or find the branch's open PR)
           ``pr_merge``      ``gh pr merge --merge|--squash|--rebase``
           ``return_default`` ``git checkout <default>`` + ``git pull --ff-only``
========== ==================================================================

The git part runs only when state.md ``config.archive_git`` asks for it
(``false`` by default; ``commit`` / ``push`` / ``pr`` / ``merge`` — ``true``
means ``merge`` — choose how far it goes; ``config`` is human-only, SPEC §7)
and only when it is possible. A failing git step (no remote, no ``gh``, a
dirty tree, a conflict, a rejected push, a time-out) stops the git part: the
checkpoint and ``post-loop-pending`` say ``status: partial`` with a message
naming the step, the cause and what to do. Every step is idempotent (it
checks whether its work is already done), so a crash between steps or a
retry resumes from the first step not done (:func:`run` without a
playbook resumes a ``running`` or ``failed`` checkpoint; with ``retry=True``
— the post-loop handler — also a ``partial`` one).

Never lost: the engine runs no command that discards work — no reset, no
clean, no stash, no forced checkout, no branch deletion; it returns to the
default branch only with a clean tree. Its commit stages only the playbook's
files (``play/<id>/`` and its archive) and state.md (a
``git add -A`` swept ``__pycache__/*.pyc`` into it); the work itself is the
agent's to commit on the branch, which the guards allow after the archive
(:func:`commit_candidates` lists it for the post-loop handler), and ``push``
stops until it is committed. Files that look like secrets (``HARD_BLOCK``
entries of protected-files.txt) and the suite's runtime directories are never
committed.

No network I/O unless the caller allows it (``network=True``: PostToolUse and
the post-loop handler; SubagentStop, a gating event, passes ``False`` and the
git part waits for the handler). Every command is bounded by the caller's
time budget; the PostToolUse registration allows 60 s.

Concurrency: one process runs the engine at a time (``ARCHIVE_LOCK``, tried
without waiting: a second hook that finds it held leaves the work to the
holder). A crashed holder releases the lock with its death; its checkpoint
says ``running`` and the next hook resumes it.
"""

from __future__ import annotations

import os
import time

from messages import Text, text
from statefiles import fastjson, gitinfo, gitwork, jsonlog, layout, state_md
from statefiles.atomic import LockTimeout, is_temp_name, locked, read_bytes, write_atomic
from statefiles.markers import Markers, now_iso

CHECKPOINT_VERSION = 1
LOCAL_STEPS = ("cleanup", "archive", "state_reset", "pending")
GIT_STEPS = ("commit", "push", "pr_create", "pr_merge", "return_default")
STEPS = LOCAL_STEPS + GIT_STEPS
#: Network steps (never run with ``network=False``).
NETWORK_STEPS = frozenset({"push", "pr_create", "pr_merge", "return_default"})
#: ``config.archive_git`` value → how many of :data:`GIT_STEPS` run.
GIT_LEVELS = {"off": 0, "commit": 1, "push": 2, "pr": 3, "merge": 5}
MERGE_METHODS = ("merge", "squash", "rebase")

#: Checkpoint statuses.
RUNNING = "running"      # steps under way (or the process died: resumable)
SUCCESS = "success"      # every planned step done
PARTIAL = "partial"      # local steps done, the git part stopped
FAILED = "failed"        # a local step failed; the playbook is not closed yet

#: Runtime directories of the suite: never committed, ignored when judging
#: whether the tree is dirty (SPEC §2: session markers are not committed).
RUNTIME_DIRS = (
    ".claude/.venv",
    ".claude/.cache",
    ".claude/.session-init",
    ".claude/session-state",
    ".claude/logs",
)

#: The same as git pathspecs (``git status``/``git add`` skip them).
RUNTIME_EXCLUDES = tuple(f":(exclude){d}" for d in RUNTIME_DIRS)

#: Seconds a single local git command may take; network ones get up to
#: ``NETWORK_TIMEOUT`` (both bounded by the remaining budget).
LOCAL_TIMEOUT = 20.0
NETWORK_TIMEOUT = 25.0
#: Below this many seconds of budget a network step is not started.
MIN_NETWORK_BUDGET = 4.0


class Result:
    """What one engine run did.

    Attributes:
        status: :data:`SUCCESS`, :data:`PARTIAL`, :data:`FAILED`,
            :data:`RUNNING` (stopped before the end without a failure, e.g.
            ``network=False``) or ``"busy"`` (another process holds the lock).
        message: text for Claude: what happened and what to do next.
        checkpoint: the checkpoint as it was left (``None`` when busy).
    """

    __slots__ = ("checkpoint", "message", "status")

    def __init__(self, status: str, message: str, checkpoint: dict | None) -> None:
        self.status = status
        self.message = message
        self.checkpoint = checkpoint

    def __repr__(self) -> str:
        return f"Result({self.status}: {self.message[:80]!r})"


class StepFailed(Exception):
    """A step could not do its work. ``reason`` says what was found, ``hint``
    what to do. A failed git step stops the git part (``partial``); a failed
    local step leaves the archive ``failed`` and is retried."""

    def __init__(self, reason: str, hint: str = "") -> None:
        super().__init__(reason)
        self.reason = reason
        self.hint = hint


class StepSkipped(Exception):
    """The step does not apply (e.g. no PR from the default branch); the
    message says why. With ``rest=True`` the later git steps are skipped too."""

    def __init__(self, reason: str, rest: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.rest = rest


def _now() -> str:
    return now_iso()


# --------------------------------------------------------------- configuration


def git_level(value) -> tuple:
    """``(level, problem)`` for ``config.archive_git``: ``level`` is a key of
    :data:`GIT_LEVELS`; ``problem`` names an unreadable value (read as off)."""
    if value is None or value is False:
        return "off", None
    if value is True:
        return "merge", None
    text = str(value).strip().lower()
    if text in ("", "off", "false", "no", "none", "null", "0"):
        return "off", None
    if text in ("true", "yes", "on", "1", "full", "all"):
        return "merge", None
    if text in GIT_LEVELS:
        return text, None
    return "off", Text("archive.config.git", value=repr(value))


def read_config(root: str) -> dict:
    """The archive settings from state.md's ``config`` section (SPEC §7:
    human-only): ``{"git": level, "problem": str|None, "merge_method": ...,
    "default_branch": str|None, "remote": str|None}``."""
    state = state_md.load(root)
    config = state.section("config") if state is not None else {}
    level, problem = git_level(config.get("archive_git"))
    method = str(config.get("archive_merge_method") or "merge").strip().lower()
    if method not in MERGE_METHODS:
        problem = problem or Text("archive.config.merge_method", value=repr(method))
        method = "merge"

    def text(key):
        """``config[key]`` stripped, or ``None`` when it is not a non-empty string."""
        value = config.get(key)
        return value.strip() if isinstance(value, str) and value.strip() else None

    return {"git": level, "problem": problem, "merge_method": method,
            "default_branch": text("archive_default_branch"), "remote": text("archive_remote")}


# ----------------------------------------------------------------- checkpoint


def checkpoint_path(root: str) -> str:
    """Absolute path of the archive checkpoint
    (``.claude/session-state/archive-checkpoint.json`` under ``root``;
    :data:`statefiles.layout.ARCHIVE_CHECKPOINT`)."""
    return layout.join(root, layout.ARCHIVE_CHECKPOINT)


def load_checkpoint(root: str) -> dict | None:
    """The checkpoint, or ``None`` when there is none or it is unreadable
    (an unreadable checkpoint is reported by :func:`run`)."""
    try:
        value = fastjson.loads(read_bytes(checkpoint_path(root), 1024 * 1024))
    except (OSError, ValueError):
        return None
    if not isinstance(value, dict) or not isinstance(value.get("steps"), dict):
        return None
    return value


def _save(root: str, cp: dict) -> None:
    cp["updated_at"] = _now()
    write_atomic(checkpoint_path(root), fastjson.dumps(cp, indent=2) + "\n")


def _log(root: str, cp: dict, event: str) -> None:
    try:
        jsonlog.append(root, layout.ARCHIVE_LOG, {
            "event": event, "playbook": cp.get("id"), "plan": cp.get("plan"),
            "archive": cp.get("archive"), "status": cp.get("status"),
            "failed_step": cp.get("failed_step"), "message": cp.get("message"),
            "steps": {k: v.get("status") for k, v in cp.get("steps", {}).items()},
        })
    except OSError:
        pass


def planned_steps(cp: dict) -> list:
    """The steps this checkpoint runs, in order."""
    return list(LOCAL_STEPS) + list(GIT_STEPS[:GIT_LEVELS.get(cp.get("git", "off"), 0)])


def open_steps(cp: dict) -> list:
    """Planned steps not finished (not ``done``/``skipped``)."""
    return [s for s in planned_steps(cp)
            if cp["steps"].get(s, {}).get("status") not in ("done", "skipped")]


def is_closed(cp: dict | None) -> bool:
    """True when there is nothing to resume: no checkpoint (``None``), or one whose run
    finished (``status`` is :data:`SUCCESS`)."""
    return cp is None or cp.get("status") == SUCCESS


def _safe_id(text: str) -> str:
    keep = "".join(c if (c.isalnum() or c in "-_.") else "-" for c in text.strip())
    keep = keep.strip(".-") or "playbook"
    return keep[:80]


def _archive_destination(root: str, playbook_id: str) -> str:
    base = f"{layout.PLAY_ARCHIVE}/{_safe_id(playbook_id)}"
    if not os.path.lexists(layout.join(root, base)):
        return base
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(1, 1000):
        candidate = f"{base}-{stamp}" + (f"-{n}" if n > 1 else "")
        if not os.path.lexists(layout.join(root, candidate)):
            return candidate
    raise StepFailed(Text("archive.fail.no_free_name", archive=layout.PLAY_ARCHIVE, id=playbook_id),
                     Text("archive.hint.tidy_archive"))


def _pr_text(pb) -> tuple:
    """``(title, body)`` for the commit and the PR, from the playbook."""
    summary = str(pb.goal.get("summary") or "").strip()
    title = summary.splitlines()[0][:120] if summary else f"Playbook {pb.id}"
    lines = [f"Playbook `{pb.id}` is complete (every subtask passed the critic).", ""]
    if summary:
        lines += ["## Goal", summary, ""]
    done_when = pb.goal.get("done_when")
    if isinstance(done_when, list) and done_when:
        lines.append("## Done when")
        for item in done_when[:30]:
            if isinstance(item, dict):
                item = item.get("criterion") or ""
            if isinstance(item, str) and item.strip():
                lines.append(f"- {item.strip()}")
        lines.append("")
    lines.append("## Phases")
    for phase in pb.phases[:50]:
        lines.append(f"- {phase['id']} {phase.get('name') or ''}".rstrip())
        for sub in pb.subtasks_of(phase)[:50]:
            crit = str(sub.get("criterion") or "").strip().splitlines()
            lines.append(f"  - {sub['id']}: {crit[0][:200] if crit else ''}".rstrip())
    lines += ["", "Archived by playgate's post-loop."]
    return title, "\n".join(lines)


def new_checkpoint(root: str, pb, branch: str | None, config: dict) -> dict:
    """A fresh checkpoint for the complete playbook ``pb``
    (:class:`statefiles.playbook.Playbook`)."""
    title, body = _pr_text(pb)
    scope = pb.goal.get("scope") if isinstance(pb.goal.get("scope"), dict) else {}
    parts = pb.dir_rel.split("/")
    whole_dir = (len(parts) == 2 and parts[0] == layout.PLAY_DIR
                 and parts[1] not in ("archive", "template"))
    steps = {name: {"status": "pending"} for name in STEPS}
    return {
        "version": CHECKPOINT_VERSION,
        "id": pb.id,
        "plan": pb.plan_rel,
        "progress": pb.progress_rel,
        "dir": pb.dir_rel,
        "move_dir": whole_dir,
        "archive": _archive_destination(root, pb.id),
        "branch": branch,
        "git": config["git"],
        "git_problem": str(config["problem"]) if config["problem"] else None,
        **_packed("git_problem", config["problem"]),
        "merge_method": config["merge_method"],
        "default_branch": config["default_branch"],
        "remote": config["remote"],
        "title": title,
        "body": body,
        "scope": {key: [p for p in scope.get(key) or [] if isinstance(p, str)]
                  for key in ("includes", "excludes") if isinstance(scope.get(key), list)},
        "status": RUNNING,
        "started_at": _now(),
        "steps": steps,
    }


# ---------------------------------------------------------------- local steps


def _step_cleanup(root: str, cp: dict, ctx) -> str:
    """Empty ``<playbook dir>/tmp/`` except README files. A ``tmp`` that is
    a symlink is left alone (it may point anywhere)."""
    import shutil  # lazy: shutil (~2 ms) for the cleanup step only

    tmp = layout.join(root, f"{cp['dir']}/{layout.PLAYBOOK_TMP}")
    if os.path.islink(tmp) or not os.path.isdir(tmp):
        if os.path.islink(tmp):
            return Text("archive.detail.tmp_symlink")
        if not os.path.exists(layout.join(root, cp["dir"])):
            return Text("archive.detail.already_moved")
        return Text("archive.detail.no_tmp")
    removed = 0
    for entry in list(os.scandir(tmp)):
        if entry.name.lower().startswith("readme"):
            continue
        if entry.is_dir(follow_symlinks=False):
            shutil.rmtree(entry.path)
        else:
            os.unlink(entry.path)
        removed += 1
    return Text("archive.detail.removed", n=removed, dir=cp["dir"])


def _mark_archived(path: str) -> None:
    """``meta.status: archived`` and ``meta.archived_at`` in an archived
    plan.json (left as it is when unreadable: the move is what matters)."""
    # lazy: the archive run only (SessionEnd reads this module's constants)
    from statefiles.playbook import load_json_file

    plan, error = load_json_file(path, path)
    if error or not isinstance(plan.get("meta"), dict):
        return
    if plan["meta"].get("status") == "archived":
        return
    plan["meta"]["status"] = "archived"
    plan["meta"]["archived_at"] = _now()
    import json  # lazy: json (~7 ms with re) for the archive run only

    write_atomic(path, json.dumps(plan, indent=2, ensure_ascii=False) + "\n")


def _step_archive(root: str, cp: dict, ctx) -> str:
    src_rel, dst_rel = cp["dir"], cp["archive"]
    dst = layout.join(root, dst_rel)
    if cp.get("move_dir"):
        src = layout.join(root, src_rel)
        if os.path.isdir(src) and not os.path.lexists(dst):
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            os.rename(src, dst)
        elif os.path.isdir(src):
            raise StepFailed(Text("archive.fail.both_exist", first=f"{src_rel}/",
                                  second=f"{dst_rel}/"),
                             Text("archive.hint.older_archive", archive=dst_rel))
        elif not os.path.isdir(dst):
            raise StepFailed(Text("archive.fail.dir_gone", dir=src_rel, archive=dst_rel),
                             Text("archive.hint.restore_dir"))
    else:
        # A playbook outside play/<id>/: move just its two files.
        os.makedirs(dst, exist_ok=True)
        for rel in (cp["plan"], cp["progress"]):
            src = layout.join(root, rel)
            target = os.path.join(dst, os.path.basename(rel))
            if os.path.isfile(src) and not os.path.lexists(target):
                os.rename(src, target)
            elif os.path.isfile(src):
                raise StepFailed(Text("archive.fail.both_exist", first=rel,
                                      second=f"{dst_rel}/{os.path.basename(rel)}"),
                                 Text("archive.hint.remove_one"))
    _mark_archived(os.path.join(dst, "plan.json"))
    if cp.get("move_dir"):
        return Text("archive.detail.moved_dir", dir=src_rel, archive=dst_rel)
    return Text("archive.detail.moved_files", archive=dst_rel)


#: The values state.md's sections go back to (the template's idle values).
PLAYBOOK_RESET = {"active": None, "current_phase": None, "branch": None}
GOAL_RESET = {"self_complete": False, "milestone": None, "phase": None, "done_criteria": [],
              "status": "idle"}


def _step_state_reset(root: str, cp: dict, ctx) -> str:
    # lazy: the archive run only (SessionEnd reads this module's constants)
    from statefiles.playbook import resolve_active

    state = state_md.load(root)
    if state is None:
        return Text("archive.detail.no_state")
    active = state.active_playbook
    rel, _ = resolve_active(root, active) if active else (None, None)
    playbook_updates = dict(PLAYBOOK_RESET, last_archived=cp["archive"])
    if active and rel not in (cp["plan"], f"{cp['archive']}/plan.json"):
        # Another playbook was activated meanwhile: leave its keys alone.
        state_md.update_keys(root, "playbook", {"last_archived": cp["archive"]})
        return Text("archive.detail.other_active", active=active)
    state_md.update_keys(root, "playbook", playbook_updates)
    goal = state.section("goal")
    goal_updates = {k: v for k, v in GOAL_RESET.items() if k in goal or k == "status"}
    state_md.update_keys(root, "goal", goal_updates)
    return Text("archive.detail.state_reset")


def _pending_body(cp: dict) -> dict:
    open_git = [s for s in open_steps(cp) if s in GIT_STEPS]
    status = SUCCESS if cp.get("status") == SUCCESS or not open_git else PARTIAL
    return {
        "playbook": cp["id"],
        "plan": cp["plan"],
        "archive": cp["archive"],
        "archived_at": cp["steps"]["archive"].get("at") or _now(),
        "status": status,
        "branch": cp.get("branch"),
        "message": cp.get("message") or ("git steps still to run: " + ", ".join(open_git)
                                         if open_git else "archived"),
    }


def _write_pending(root: str, cp: dict) -> None:
    Markers(root).write_json(layout.POST_LOOP_PENDING, _pending_body(cp))


def _step_pending(root: str, cp: dict, ctx) -> str:
    _write_pending(root, cp)
    return Text("archive.detail.wrote", path=layout.POST_LOOP_PENDING)


# ------------------------------------------------------------------ git steps


class _Git:
    """Git/gh access for one engine run, bounded by the run's deadline."""

    def __init__(self, root: str, deadline: float, network: bool) -> None:
        self.root = root
        self.deadline = deadline
        self.network = network
        self.git_dir = gitinfo.git_dir(root)

    def remaining(self) -> float:
        """Seconds left before the run's deadline (``time.monotonic`` based; negative once it
        passed)."""
        return self.deadline - time.monotonic()

    def git(self, *args, network: bool = False, stdin: str | None = None):
        """Run ``git *args`` in the project root within the deadline (:data:`NETWORK_TIMEOUT`
        or :data:`LOCAL_TIMEOUT` at most); returns a :class:`statefiles.gitwork.Result`,
        never raises for a failed or missing git."""
        limit = NETWORK_TIMEOUT if network else LOCAL_TIMEOUT
        timeout = min(limit, self.remaining())
        return gitwork.run(["git", *args], cwd=self.root, timeout=timeout, stdin_text=stdin)

    def gh(self, *args, stdin: str | None = None):
        """Run ``gh *args`` (the GitHub CLI) like :meth:`git`, with the network timeout;
        ``Result.missing`` when gh is not installed."""
        return gitwork.run(["gh", *args], cwd=self.root,
                           timeout=min(NETWORK_TIMEOUT, self.remaining()), stdin_text=stdin)

    def branch(self) -> str | None:
        """The checked-out branch, or ``None`` (detached HEAD, not a repository)."""
        return gitinfo.current_branch(self.root)

    def has_ref(self, ref: str) -> bool:
        """``ref`` names an object in the repository (``git rev-parse --verify``)."""
        return self.git("rev-parse", "--verify", "-q", ref).ok

    def remotes(self) -> list:
        """The names of the configured git remotes (``[]`` when git fails)."""
        run = self.git("remote")
        return [r.strip() for r in run.out.splitlines() if r.strip()] if run.ok else []

    def remote_for(self, cp: dict, branch: str) -> str | None:
        """The remote to push ``branch`` to: the checkpoint's, else ``branch.<branch>.remote``,
        else ``origin``, else the only remote; ``None`` when it cannot be told."""
        if cp.get("remote"):
            return cp["remote"]
        configured = self.git("config", "--get", f"branch.{branch}.remote")
        if configured.ok and configured.out.strip() and configured.out.strip() != ".":
            return configured.out.strip()
        remotes = self.remotes()
        if "origin" in remotes:
            return "origin"
        return remotes[0] if len(remotes) == 1 else None

    def default_branch(self, cp: dict, remote: str | None) -> str | None:
        """Config ``archive_default_branch``, else the remote's HEAD as git
        last saw it (no network), else ``main``/``master`` if they exist."""
        if cp.get("default_branch"):
            return cp["default_branch"]
        if remote:
            head = self.git("symbolic-ref", "-q", "--short", f"refs/remotes/{remote}/HEAD")
            if head.ok and head.out.strip().startswith(remote + "/"):
                return head.out.strip()[len(remote) + 1:]
        for name in ("main", "master"):
            if self.has_ref(f"refs/heads/{name}") or (
                    remote and self.has_ref(f"refs/remotes/{remote}/{name}")):
                return name
        return None

    def changes(self, untracked: bool = True) -> tuple:
        """``(paths, conflicted)``: changed paths outside the runtime
        directories, and the unmerged ones among them."""
        run = self.git("status", "--porcelain=v1", "-z",
                       "--untracked-files=" + ("all" if untracked else "no"), "--", ".",
                       *RUNTIME_EXCLUDES)
        if not run.ok:
            raise StepFailed(Text("archive.fail.git_status", detail=run.detail()),
                             Text("archive.hint.check_repository"))
        paths, conflicted = [], []
        for xy, path in gitwork.porcelain_entries(run.out):
            if _is_runtime(path):
                continue
            paths.append(path)
            if xy in gitwork.UNMERGED:
                conflicted.append(path)
        return paths, conflicted


def _is_runtime(path: str) -> bool:
    """A path the engine never commits: the suite's runtime directories, and
    the temporary file of a state write whose process was killed before its
    rename (statefiles.atomic.write_atomic; swept by the next write)."""
    return (any(path == d or path.startswith(d + "/") for d in RUNTIME_DIRS)
            or is_temp_name(path.rsplit("/", 1)[-1]))


def _secret_like(root: str, paths: list) -> list:
    """Paths matching a HARD_BLOCK entry of the user's protected-files.txt
    (``**/.env``, ``*.pem``...): never committed automatically."""
    # lazy: the archive run only (SessionEnd reads this module's constants)
    from statefiles import protected

    entries = [e for e in protected.load(root).entries
               if e.line > 0 and e.level == "HARD_BLOCK" and not e.absolute]
    return [p for p in paths if any(e.matches_rel(p) for e in entries)]


def _need_branch(g: _Git, cp: dict) -> str:
    if g.git_dir is None:
        raise StepSkipped(Text("archive.skip.no_repository_git"), rest=True)
    op = _operation(g)
    if op:
        raise StepFailed(Text("archive.fail.operation_in_repository", op=op),
                         Text("archive.hint.finish_operation"))
    branch = g.branch()
    if not branch:
        raise StepFailed(Text("archive.fail.detached"), Text("archive.hint.check_out_playbook"))
    merged = cp["steps"]["pr_merge"].get("status") == "done"
    if cp.get("branch") and branch != cp["branch"] and not merged:
        raise StepFailed(Text("archive.fail.other_branch", branch=branch, expected=cp["branch"]),
                         Text("archive.hint.check_out_branch", branch=cp["branch"]))
    return branch


def _operation(g: _Git) -> str | None:
    return gitwork.operation_in_progress(g.git_dir) if g.git_dir else None


def _playbook_paths(cp: dict, paths: list) -> list:
    """The paths of ``paths`` the archive commit stages: the playbook's
    directory (or its two files), its archive, and state.md."""
    dirs = [cp.get("dir"), cp.get("archive")] if cp.get("move_dir") else [cp.get("archive")]
    files = {layout.STATE_MD, cp.get("plan"), cp.get("progress")}
    return [p for p in paths if p in files
            or any(d and (p == d or p.startswith(d + "/")) for d in dirs)]


#: Never proposed for a commit: bytecode and tool caches.
JUNK_PARTS = ("__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache", ".hypothesis")
JUNK_SUFFIXES = (".pyc", ".pyo")


def _junk(path: str) -> bool:
    parts = path.split("/")
    return any(p in JUNK_PARTS for p in parts) or path.endswith(JUNK_SUFFIXES)


def commit_candidates(root: str, budget_s: float = 15.0) -> tuple:
    """``(paths, left_out)`` for the commit the agent makes after the archive:
    every changed or untracked path outside the runtime directories, without
    bytecode and tool caches and without secret-like files (``left_out``
    names the latter two). ``(None, reason)`` when git cannot tell."""
    g = _Git(root, time.monotonic() + budget_s, network=False)
    if g.git_dir is None:
        return None, Text("archive.skip.no_repository")
    try:
        paths, _conflicted = g.changes()
    except StepFailed as exc:
        return None, exc.reason
    junk = [p for p in paths if _junk(p)]
    keep = [p for p in paths if not _junk(p)]
    secrets = _secret_like(root, keep)
    return [p for p in keep if p not in secrets], junk + secrets


def _step_commit(root: str, cp: dict, g: _Git) -> str:
    branch = _need_branch(g, cp)
    paths, conflicted = g.changes()
    paths = _playbook_paths(cp, paths)
    if conflicted:
        raise StepFailed(Text("archive.fail.conflicts", paths=", ".join(conflicted[:10])),
                         Text("archive.hint.resolve_conflicts"))
    secrets = _secret_like(root, paths)
    if secrets:
        raise StepFailed(Text("archive.fail.secrets", paths=", ".join(secrets[:10])),
                         Text("archive.hint.gitignore"))
    if not paths:
        return Text("archive.detail.nothing_to_commit")
    # Stage exactly the paths reviewed above (runtime directories and
    # secret-like files excluded), taken literally.
    add = g.git("--literal-pathspecs", "add", "-A", "--pathspec-from-file=-",
                "--pathspec-file-nul", stdin="\0".join(paths) + "\0")
    if not add.ok:
        raise StepFailed(Text("archive.fail.git_add", detail=add.detail()),
                         Text("archive.hint.fix_cause"))
    staged = g.git("diff", "--cached", "--quiet")
    if staged.ok:
        return Text("archive.detail.nothing_to_commit")
    message = f"{cp['title']}\n\nPlaybook {cp['id']} is complete; archived to {cp['archive']}/."
    commit = g.git("commit", "-q", "-m", message)
    if not commit.ok:
        raise StepFailed(Text("archive.fail.git_commit", detail=commit.detail()),
                         Text("archive.hint.commit_failed"))
    head = g.git("rev-parse", "--short", "HEAD")
    cp["commit"] = head.out.strip() if head.ok else None
    committed = f"committed {cp['commit'] or ''} on {branch}".strip()
    return Text("archive.detail.committed", english=committed, commit=cp["commit"] or "",
                branch=branch)


def _in_scope(cp: dict, path: str) -> bool:
    """``path`` is the playbook's work: it matches ``goal.scope.includes``
    and no ``excludes`` glob (globs as scope-guard reads them)."""
    # lazy: the archive run only (SessionEnd reads this module's constants)
    from statefiles.protected import Entry

    scope = cp.get("scope") or {}

    def hits(patterns) -> bool:
        """Some non-blank glob of ``patterns`` matches ``path``."""
        return any(p.strip() and Entry("WARN", p, 0).matches_rel(path) for p in patterns or [])

    return bool(scope.get("includes")) and hits(scope["includes"]) and \
        not hits(scope.get("excludes"))


def _recorded(cp: dict, key: str, value, problem: str, fix: str):
    """``value``, kept as ``cp[key]`` for the later steps and a rerun;
    StepFailed(problem, fix) when it is empty."""
    if not value:
        raise StepFailed(problem, fix)
    cp[key] = value
    return value


def _step_push(root: str, cp: dict, g: _Git) -> str:
    branch = _need_branch(g, cp)
    # The playbook's work (its goal.scope) must be on the branch before it is
    # pushed: the archive's own commit holds only the playbook and state.md.
    work = [p for p in g.changes()[0] if not _junk(p) and _in_scope(cp, p)]
    work = [p for p in work if p not in _secret_like(root, work)]
    if work:
        shown = ", ".join(work[:10])
        if len(work) > 10:
            shown = Text("archive.paths_more", paths=shown, n=len(work) - 10)
        raise StepFailed(Text("archive.fail.work_uncommitted", branch=branch, paths=shown),
                         Text("archive.hint.commit_work"))
    remote = _recorded(cp, "remote", g.remote_for(cp, branch), Text("archive.fail.no_remote"),
                       Text("archive.hint.add_remote"))
    push = g.git("push", "--porcelain", "-u", remote, f"{branch}:refs/heads/{branch}",
                 network=True)
    if not push.ok:
        text = (push.err + push.out).lower()
        hint = (Text("archive.hint.push_rejected", remote=remote, branch=branch)
                if "rejected" in text or "non-fast-forward" in text or "fetch first" in text
                else Text("archive.hint.push_failed"))
        raise StepFailed(Text("archive.fail.git_push", remote=remote, detail=push.detail()), hint)
    return Text("archive.detail.pushed", branch=branch, remote=remote)


def _gh_missing_hint(cp: dict) -> str:
    return Text("archive.hint.gh_missing", branch=cp.get("branch"))


def _pr_state(g: _Git, ref: str) -> tuple:
    """``(state, url, number)`` of the PR for ``ref`` (branch or number), or
    ``(None, None, None)`` when there is none. Raises StepFailed when gh is
    missing."""
    view = g.gh("pr", "view", ref, "--json", "state,url,number")
    if view.missing:
        raise StepFailed(Text("archive.fail.gh_missing"), "")
    if not view.ok:
        return None, None, None
    try:
        data = fastjson.loads(view.out)
    except ValueError:
        return None, None, None
    if not isinstance(data, dict):
        return None, None, None
    return (str(data.get("state") or "").upper() or None, data.get("url"), data.get("number"))


def _step_pr_create(root: str, cp: dict, g: _Git) -> str:
    branch = _need_branch(g, cp)
    remote = cp.get("remote") or g.remote_for(cp, branch)
    default = _recorded(cp, "default_branch", g.default_branch(cp, remote),
                        Text("archive.fail.no_default_branch"),
                        Text("archive.hint.set_default_branch_human"))
    if branch == default:
        raise StepSkipped(Text("archive.skip.on_default", branch=default), rest=True)
    try:
        state, url, number = _pr_state(g, branch)
    except StepFailed as exc:
        raise StepFailed(exc.reason, _gh_missing_hint(cp)) from None
    if state in ("OPEN", "MERGED"):
        cp["pr_url"], cp["pr_number"] = url, number
        return Text("archive.detail.pr_already_open" if state == "OPEN"
                    else "archive.detail.pr_already_merged", ref=url or number)
    create = g.gh("pr", "create", "--base", default, "--head", branch, "--title", cp["title"],
                  "--body-file", "-", stdin=cp.get("body") or "")
    if create.missing:
        raise StepFailed(Text("archive.fail.gh_missing"), _gh_missing_hint(cp))
    if not create.ok:
        raise StepFailed(Text("archive.fail.pr_create", detail=create.detail()),
                         Text("archive.hint.pr_create"))
    urls = [w for w in create.out.split() if w.startswith("http")]
    cp["pr_url"] = urls[-1] if urls else create.out.strip()[:300]
    state, url, number = _pr_state(g, branch)
    if number is not None:
        cp["pr_number"], cp["pr_url"] = number, url or cp["pr_url"]
    return Text("archive.detail.pr_opened", url=cp["pr_url"])


def _step_pr_merge(root: str, cp: dict, g: _Git) -> str:
    ref = str(cp.get("pr_number") or cp.get("pr_url") or cp.get("branch") or "")
    try:
        state, url, _ = _pr_state(g, ref)
    except StepFailed as exc:
        raise StepFailed(exc.reason, _gh_missing_hint(cp)) from None
    if state == "MERGED":
        return Text("archive.detail.pr_already_merged", ref=url or ref)
    if state != "OPEN":
        raise StepFailed(Text("archive.fail.pr_state", ref=url or ref, state=state) if state
                         else Text("archive.fail.pr_not_found", ref=url or ref),
                         Text("archive.hint.reopen_pr"))
    merge = g.gh("pr", "merge", ref, f"--{cp.get('merge_method') or 'merge'}")
    state_after, url, _ = _pr_state(g, ref)
    if state_after != "MERGED":
        why = merge.detail() if not merge.ok else (
            Text("archive.fail.pr_still", state=state_after) if state_after
            else Text("archive.fail.pr_still_unknown"))
        raise StepFailed(Text("archive.fail.pr_not_merged", ref=url or ref, why=why),
                         Text("archive.hint.pr_blocked"))
    return Text("archive.detail.pr_merged", ref=url or ref)


def _step_return_default(root: str, cp: dict, g: _Git) -> str:
    if g.git_dir is None:
        raise StepSkipped(Text("archive.skip.no_repository"))
    default = cp.get("default_branch") or g.default_branch(cp, cp.get("remote"))
    if not default:
        raise StepFailed(Text("archive.fail.no_default_branch"),
                         Text("archive.hint.set_default_branch"))
    op = _operation(g)
    if op:
        raise StepFailed(Text("archive.fail.operation", op=op),
                         Text("archive.hint.finish_operation_short"))
    paths, _ = g.changes(untracked=False)
    if paths:
        raise StepFailed(Text("archive.fail.uncommitted", paths=", ".join(paths[:10])),
                         Text("archive.hint.uncommitted", branch=default))
    if g.branch() != default:
        checkout = g.git("checkout", "-q", default)
        if not checkout.ok:
            raise StepFailed(Text("archive.fail.checkout", branch=default,
                                  detail=checkout.detail()),
                             Text("archive.hint.check_out_yourself", branch=default))
    remote = cp.get("remote")
    if remote:
        pull = g.git("pull", "--ff-only", "-q", remote, default, network=True)
        if not pull.ok:
            raise StepFailed(Text("archive.fail.pull", remote=remote, branch=default,
                                  detail=pull.detail()),
                             Text("archive.hint.pull", branch=default))
    if remote:
        return Text("archive.detail.on_default_pulled", branch=default, remote=remote)
    return Text("archive.detail.on_default", branch=default)


STEP_FUNCS = {
    "cleanup": _step_cleanup,
    "archive": _step_archive,
    "state_reset": _step_state_reset,
    "pending": _step_pending,
    "commit": _step_commit,
    "push": _step_push,
    "pr_create": _step_pr_create,
    "pr_merge": _step_pr_merge,
    "return_default": _step_return_default,
}

STEP_LABELS = {
    "cleanup": "cleanup of tmp/", "archive": "archive", "state_reset": "state.md reset",
    "pending": "post-loop-pending", "commit": "commit", "push": "push",
    "pr_create": "pull request", "pr_merge": "merge",
    "return_default": "return to the default branch",
}




def describe_step(step: str, lang: str = "en") -> str:
    """The name of ``step`` for Claude, in ``lang`` (the catalogue's
    ``archive.step.<step>``)."""
    return text(lang, f"archive.step.{step}") if step in STEP_LABELS else step


# ------------------------------------------------------------------- the run


def _execute(root: str, cp: dict, network: bool, deadline: float) -> None:
    """Run the open steps of ``cp`` in order, saving after each. Sets
    ``cp["status"]`` and ``cp["message"]``."""
    g = None
    skip_rest = False
    cp.pop("failed_step", None)
    for name in planned_steps(cp):
        record = cp["steps"].setdefault(name, {"status": "pending"})
        if record.get("status") in ("done", "skipped"):
            continue
        if name in GIT_STEPS:
            if skip_rest:
                cp["steps"][name] = {"status": "skipped", "at": _now(), "detail": "not applicable"}
                _save(root, cp)
                continue
            if name in NETWORK_STEPS and not network:
                cp["status"] = RUNNING
                _set_message(cp, Text("archive.msg.still_to_run",
                                      steps=", ".join(open_steps(cp))))
                _save(root, cp)
                return
            if name in NETWORK_STEPS and deadline - time.monotonic() < MIN_NETWORK_BUDGET:
                _stop_git(root, cp, name, Text("archive.fail.budget"),
                          Text("archive.hint.continue"))
                return
            if g is None:
                g = _Git(root, deadline, network)
        cp["steps"][name] = {"status": "running", "at": _now()}
        cp["current"] = name
        _save(root, cp)
        try:
            detail = STEP_FUNCS[name](root, cp, g)
        except StepSkipped as exc:
            cp["steps"][name] = {"status": "skipped", "at": _now(), "detail": str(exc.reason),
                                 **_packed("detail", exc.reason)}
            skip_rest = skip_rest or exc.rest
            _save(root, cp)
            continue
        except StepFailed as exc:
            _fail(root, cp, name, exc.reason, exc.hint)
            return
        except Exception as exc:  # noqa: BLE001 - OSError, StateError, LockTimeout...
            _fail(root, cp, name, f"{type(exc).__name__}: {exc}", "")
            return
        cp["steps"][name] = {"status": "done", "at": _now(), "detail": str(detail),
                             **_packed("detail", detail)}
        cp.pop("current", None)
        _save(root, cp)
    cp.pop("current", None)
    cp["status"] = SUCCESS
    _set_message(cp, None)
    _save(root, cp)
    _refresh_pending(root, cp)


def _fail(root: str, cp: dict, name: str, reason: str, hint: str) -> None:
    """Record a failed step: a local one leaves the archive ``failed`` (the
    next edit or the post-loop handler retries from it), a git one stops the
    git part (``partial``)."""
    if name not in LOCAL_STEPS:
        _stop_git(root, cp, name, reason, hint or Text("archive.hint.rerun"))
        return
    cp["steps"][name] = {"status": "failed", "at": _now(), "detail": str(reason),
                         **_packed("detail", reason)}
    cp.pop("current", None)
    cp["status"] = FAILED
    cp["failed_step"] = name
    _set_message(cp, _join(Text("archive.msg.step_failed", step=Text(f"archive.step.{name}"),
                                reason=reason),
                           hint or Text("archive.hint.retry_local")))
    _save(root, cp)


def _join(reason: str, hint: str) -> Text:
    """``reason`` and ``hint`` as one text: "Reason. Hint." (the hint's
    first letter raised in English)."""
    if not hint:
        return Text("archive.msg.reason", reason=reason)
    return Text("archive.msg.reason_hint", english=f"{reason}. {hint[0].upper() + hint[1:]}.",
                reason=reason, hint=hint)


def _packed(name: str, value) -> dict:
    """``{name + "_text": Text.to_json()}`` for a :class:`messages.Text`
    ``value`` (spread beside the English ``name``, so that a later report
    renders it in its reader's language), else ``{}``."""
    return {f"{name}_text": value.to_json()} if isinstance(value, Text) else {}


def _said(record: dict, name: str):
    """``record[name]`` as the :class:`messages.Text` kept beside it when
    there is one (the English text otherwise, e.g. an older checkpoint)."""
    value = record.get(name)
    packed = record.get(f"{name}_text")
    if value and isinstance(packed, dict):
        try:
            return Text.from_json(packed)
        except Exception:  # noqa: BLE001 - a hand-edited checkpoint: its English stays
            return value
    return value


def message_of(cp: dict):
    """``cp["message"]`` as a :class:`messages.Text` (rendered in the
    reader's language when passed as a message field), or the recorded
    English, or ``None``."""
    return _said(cp, "message")


def _set_message(cp: dict, message) -> None:
    """``cp["message"]`` (English) and its translatable form."""
    cp["message"] = str(message) if message is not None else None
    cp.pop("message_text", None)
    cp.update(_packed("message", message))


def _stop_git(root: str, cp: dict, name: str, reason: str, hint: str) -> None:
    cp["steps"][name] = {"status": "failed", "at": _now(), "detail": str(reason),
                         **_packed("detail", reason)}
    cp.pop("current", None)
    cp["status"] = PARTIAL
    cp["failed_step"] = name
    _set_message(cp, _join(Text("archive.msg.git_stopped", step=Text(f"archive.step.{name}"),
                                reason=reason), hint))
    _save(root, cp)
    _refresh_pending(root, cp)


def _refresh_pending(root: str, cp: dict) -> None:
    """Bring post-loop-pending's status in line with the checkpoint (only
    while it still exists: the post-loop may have run already)."""
    if cp["steps"]["pending"].get("status") != "done":
        return
    if not os.path.exists(layout.join(root, layout.POST_LOOP_PENDING)):
        return
    try:
        _write_pending(root, cp)
    except OSError:
        pass


def run(root: str, *, playbook=None, branch: str | None = None, network: bool = True,
        budget_s: float = 40.0, retry: bool = False, lang: str = "en") -> Result | None:
    """Archive the complete ``playbook`` or resume an unfinished checkpoint.

    Args:
        root: project root.
        playbook: the active playbook (:class:`statefiles.playbook.Playbook`)
            that was found complete, or ``None`` to only resume.
        branch: the checked-out branch when the playbook was found complete.
        network: allow push/gh/pull (False on gating events).
        budget_s: seconds this run may take (network steps are not started
            with less than :data:`MIN_NETWORK_BUDGET` left).
        retry: also retry a ``partial`` git part (the post-loop handler).
        lang: language of the report in ``Result.message`` (:func:`describe`).

    Returns:
        A :class:`Result`, or ``None`` when there was nothing to do (no
        playbook given and no checkpoint to resume).

    Never raises for a failing step; a broken checkpoint file is replaced
    when a new archive starts.
    """
    deadline = time.monotonic() + budget_s
    try:
        with locked(layout.join(root, layout.ARCHIVE_LOCK), timeout=0):
            return _run_locked(root, playbook, branch, network, deadline, retry, lang)
    except LockTimeout:
        return Result("busy", text(lang, "archive.busy"), None)


def _resumable(cp: dict | None, retry: bool) -> bool:
    if cp is None:
        return False
    status = cp.get("status")
    return status in (RUNNING, FAILED) or (retry and status == PARTIAL)


def _run_locked(root, playbook, branch, network, deadline, retry, lang) -> Result | None:
    cp = load_checkpoint(root)
    if playbook is not None and cp is not None and cp.get("plan") == playbook.plan_rel \
            and _resumable(cp, retry=True):
        pass  # the same playbook again: continue its checkpoint
    elif playbook is not None:
        # Re-check under the lock: a parallel hook may have archived it.
        # lazy: the archive run only (SessionEnd reads this module's constants)
        from statefiles import completion
        # lazy: the archive run only (SessionEnd reads this module's constants)
        from statefiles.playbook import Playbook

        fresh = Playbook(root, playbook.plan_rel)
        if not completion.is_complete(fresh):
            return None
        if cp is not None and not is_closed(cp):
            _log(root, cp, "superseded")
        try:
            cp = new_checkpoint(root, fresh, branch, read_config(root))
        except StepFailed as exc:
            return Result(FAILED, text(lang, "archive.cannot_archive", id=fresh.id,
                                       problem=_join(exc.reason, exc.hint)), None)
        _save(root, cp)
        _log(root, cp, "start")
    elif not _resumable(cp, retry):
        return None
    if retry and cp.get("status") == PARTIAL:
        for name in GIT_STEPS:
            if cp["steps"].get(name, {}).get("status") == "failed":
                cp["steps"][name] = {"status": "pending"}
    cp["status"] = RUNNING
    _execute(root, cp, network, deadline)
    _log(root, cp, "run")
    return Result(cp["status"], describe(cp, lang=lang, root=root), cp)


# ---------------------------------------------------------------- reporting


def describe(cp: dict, for_handler: bool = False, lang: str = "en",
             root: str | None = None) -> str:
    """A report of ``cp`` for Claude: what was done, what stopped and what
    to do next, in ``lang`` (the message catalogue; step
    details and git output stay as recorded). With the project ``root``, the
    post-loop command named is the one for this installation
    (:func:`statefiles.layout.post_loop_command`)."""
    def say(key, **fields):
        """The catalogue message ``key`` in the report's language."""
        return text(lang, key, **fields)

    def label(step):
        """The catalogue name of ``step`` (``archive.step.<step>``), or the in-progress phrase
        for an unknown step."""
        return say(f"archive.step.{step}") if step in STEP_LABELS else say("archive.in_progress")

    steps = cp.get("steps", {})
    status = cp.get("status")
    lines = []
    if steps.get("archive", {}).get("status") == "done":
        lines.append(say("archive.archived", id=cp.get("id"), archive=cp.get("archive")))
    else:
        lines.append(say("archive.archiving", id=cp.get("id"),
                         step=label(cp.get("failed_step") or "")))
    done_git = [say("archive.git_done", step=label(s), detail=_said(steps[s], "detail"))
                for s in GIT_STEPS
                if steps.get(s, {}).get("status") == "done" and steps[s].get("detail")]
    skipped_git = [say("archive.git_skipped", step=label(s), detail=_said(steps[s], "detail"))
                   for s in GIT_STEPS
                   if steps.get(s, {}).get("status") == "skipped" and steps[s].get("detail")
                   and steps[s].get("detail") != "not applicable"]
    if done_git or skipped_git:
        lines.append(say("archive.git", steps="; ".join(done_git + skipped_git)))
    if cp.get("git_problem"):
        lines.append(say("archive.note", note=_said(cp, "git_problem")))
    if cp.get("git") == "off" and status == SUCCESS and not for_handler:
        lines.append(say("archive.git_off"))
    if status == FAILED:
        lines.append(say("archive.problem",
                         problem=_said(cp, "message") or say("archive.step_failed")))
    elif status == PARTIAL:
        lines.append(say("archive.partial", message=_said(cp, "message") or ""))
    elif status == RUNNING and cp.get("message"):
        lines.append(say("archive.running", message=_said(cp, "message")))
    if not for_handler and steps.get("pending", {}).get("status") == "done":
        command = (layout.post_loop_command(root) if root is not None
                   else f"python3 {layout.POST_LOOP_HANDLER}")
        lines.append(say("archive.call_post_loop", command=command))
    return " ".join(lines)


def close(root: str) -> dict | None:
    """The post-loop is done with the checkpoint: log it to archive.log and
    remove it. Returns the checkpoint that was closed (``None`` if none)."""
    cp = load_checkpoint(root)
    if cp is None:
        try:
            os.unlink(checkpoint_path(root))
        except OSError:
            pass
        return None
    _log(root, cp, "closed")
    try:
        os.unlink(checkpoint_path(root))
    except FileNotFoundError:
        pass
    return cp
