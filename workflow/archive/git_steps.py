"""The archive's git steps: ``commit``, ``push``, ``return_default``, the
trunk policy's ``trunk_merge`` and ``branch_delete``, and the bounded git
access every git and pull-request step uses (seed 002 §11.7). Which branch
the work is on and where it goes is decided here (the branch policy, recorded
in the checkpoint: ``feature`` — push, pull request, back to the default
branch, seeds 002/004; ``trunk`` — merge a short-lived branch into the trunk
and delete it, push the trunk, seed 003 §15); the pull request is
:mod:`workflow.archive.pr_steps`."""

from __future__ import annotations

import time

from messages import Text
from statefiles import gitinfo, gitwork, layout
from statefiles.atomic import is_temp_name
from workflow.archive.steps import StepFailed, StepSkipped

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


class Git:
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
    # lazy: the git steps only (SessionEnd imports this module for RUNTIME_DIRS)
    from statefiles import protected

    entries = [e for e in protected.load(root).entries
               if e.line > 0 and e.level == "HARD_BLOCK" and not e.absolute]
    return [p for p in paths if any(e.matches_rel(p) for e in entries)]


def need_branch(g: Git, cp: dict) -> str:
    if g.git_dir is None:
        raise StepSkipped(Text("archive.skip.no_repository_git"), rest=True)
    op = operation(g)
    if op:
        raise StepFailed(Text("archive.fail.operation_in_repository", op=op),
                         Text("archive.hint.finish_operation"))
    branch = g.branch()
    if not branch:
        raise StepFailed(Text("archive.fail.detached"), Text("archive.hint.check_out_playbook"))
    steps = cp["steps"]
    merged = any(steps.get(s, {}).get("status") == "done" for s in ("pr_merge", "trunk_merge"))
    if cp.get("branch") and branch != cp["branch"] and not merged:
        raise StepFailed(Text("archive.fail.other_branch", branch=branch, expected=cp["branch"]),
                         Text("archive.hint.check_out_branch", branch=cp["branch"]))
    return branch


def operation(g: Git) -> str | None:
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
    g = Git(root, time.monotonic() + budget_s, network=False)
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


def step_commit(root: str, cp: dict, g: Git) -> str:
    branch = need_branch(g, cp)
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
    # Under trunk the subject is seed 003 §15.9's "{feature}: {summary}"
    # with the playbook as the unit of work.
    subject = (f"{cp['id']}: {cp['title']}" if cp.get("branch_policy") == "trunk"
               and not cp['title'].startswith(f"{cp['id']}: ") else cp['title'])
    message = f"{subject}\n\nPlaybook {cp['id']} is complete; archived to {cp['archive']}/."
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
    # lazy: the git steps only (SessionEnd imports this module for RUNTIME_DIRS)
    from statefiles.protected import Entry

    scope = cp.get("scope") or {}

    def hits(patterns) -> bool:
        """Some non-blank glob of ``patterns`` matches ``path``."""
        return any(p.strip() and Entry("WARN", p, 0).matches_rel(path) for p in patterns or [])

    return bool(scope.get("includes")) and hits(scope["includes"]) and \
        not hits(scope.get("excludes"))


def recorded(cp: dict, key: str, value, problem: str, fix: str):
    """``value``, kept as ``cp[key]`` for the later steps and a rerun;
    StepFailed(problem, fix) when it is empty."""
    if not value:
        raise StepFailed(problem, fix)
    cp[key] = value
    return value


def step_push(root: str, cp: dict, g: Git) -> str:
    branch = need_branch(g, cp)
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
    remote = recorded(cp, "remote", g.remote_for(cp, branch), Text("archive.fail.no_remote"),
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


def step_return_default(root: str, cp: dict, g: Git) -> str:
    if g.git_dir is None:
        raise StepSkipped(Text("archive.skip.no_repository"))
    default = cp.get("default_branch") or g.default_branch(cp, cp.get("remote"))
    if not default:
        raise StepFailed(Text("archive.fail.no_default_branch"),
                         Text("archive.hint.set_default_branch"))
    op = operation(g)
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


def _uncommitted_work(root: str, cp: dict, g: Git, branch: str) -> None:
    """StepFailed when the playbook's work (its goal.scope) is not committed
    on ``branch``: the archive's own commit holds only the playbook and
    state.md, and the work must travel with it."""
    work = [p for p in g.changes()[0] if not _junk(p) and _in_scope(cp, p)]
    work = [p for p in work if p not in _secret_like(root, work)]
    if work:
        shown = ", ".join(work[:10])
        if len(work) > 10:
            shown = Text("archive.paths_more", paths=shown, n=len(work) - 10)
        raise StepFailed(Text("archive.fail.work_uncommitted", branch=branch, paths=shown),
                         Text("archive.hint.commit_work"))


def step_trunk_merge(root: str, cp: dict, g: Git) -> str:
    """Trunk policy (seed 003 §15.3): merge the playbook's short-lived branch
    into the trunk — fast-forward when possible, else a merge commit named
    ``{id}: merge {branch} into {trunk}`` — and stay on the trunk. Skipped
    when the work is on the trunk already. Never loses work: it needs a
    clean tree and the work committed, and a conflicting merge is aborted
    (``git merge --abort`` on a tree that was clean) and the branch checked
    out again."""
    branch = need_branch(g, cp)
    default = recorded(cp, "default_branch", g.default_branch(cp, cp.get("remote")),
                       Text("archive.fail.no_default_branch"),
                       Text("archive.hint.set_default_branch_human"))
    source = cp.get("branch") or branch
    if source == default:
        raise StepSkipped(Text("archive.skip.on_trunk", branch=default))
    _uncommitted_work(root, cp, g, branch)
    paths, _ = g.changes(untracked=False)
    if paths:
        raise StepFailed(Text("archive.fail.uncommitted", paths=", ".join(paths[:10])),
                         Text("archive.hint.uncommitted", branch=default))
    checkout = g.git("checkout", "-q", default)
    if not checkout.ok:
        raise StepFailed(Text("archive.fail.checkout", branch=default, detail=checkout.detail()),
                         Text("archive.hint.check_out_yourself", branch=default))
    merge = g.git("merge", "--ff-only", "-q", source)
    if not merge.ok:
        merge = g.git("merge", "--no-ff", "--no-edit", "-q", "-m",
                      f"{cp['id']}: merge {source} into {default}", source)
    if not merge.ok:
        g.git("merge", "--abort")
        g.git("checkout", "-q", source)
        raise StepFailed(Text("archive.fail.trunk_merge", branch=source, trunk=default,
                              detail=merge.detail()),
                         Text("archive.hint.trunk_merge", branch=source, trunk=default))
    return Text("archive.detail.trunk_merged", branch=source, trunk=default)


def step_branch_delete(root: str, cp: dict, g: Git) -> str:
    """Trunk policy (seed 003 §15.5: merged branches are deleted at once):
    ``git branch -d`` of the merged short-lived branch (``-d`` refuses a
    branch whose commits are not merged, so nothing is lost). Skipped when
    the work was on the trunk."""
    if g.git_dir is None:
        raise StepSkipped(Text("archive.skip.no_repository"))
    source = cp.get("branch")
    default = cp.get("default_branch")
    if not source or source == default or cp["steps"].get("trunk_merge", {}).get(
            "status") != "done":
        raise StepSkipped(Text("archive.skip.nothing_to_delete"))
    if not g.has_ref(f"refs/heads/{source}"):
        return Text("archive.detail.branch_gone", branch=source)
    if g.branch() == source:
        raise StepFailed(Text("archive.fail.on_branch_to_delete", branch=source),
                         Text("archive.hint.check_out_yourself", branch=default or "main"))
    delete = g.git("branch", "-d", source)
    if not delete.ok:
        raise StepFailed(Text("archive.fail.branch_delete", branch=source,
                              detail=delete.detail()),
                         Text("archive.hint.branch_delete", branch=source))
    return Text("archive.detail.branch_deleted", branch=source)
