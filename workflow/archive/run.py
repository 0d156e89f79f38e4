"""The archive run: start a checkpoint for a complete playbook, run its
open steps in order under the archive lock, resume a crashed or failed run
(see :mod:`workflow.archive` for the steps and guarantees)."""

from __future__ import annotations

import time

from messages import Text, text
from statefiles import completion, layout
from statefiles.atomic import LockTimeout, LockUnavailable, locked
from statefiles.checkpoint import (
    CHECKPOINT_VERSION,
    FAILED,
    GIT_STEPS,
    LOCAL_STEPS,
    NETWORK_STEPS,
    PARTIAL,
    RUNNING,
    STEPS,
    SUCCESS,
    is_closed,
    load_checkpoint,
    log,
    open_steps,
    packed,
    planned_steps,
    refresh_pending,
    save,
    set_message,
)
from statefiles.markers import now_iso
from statefiles.playbook import Playbook
from workflow.archive.config import read_config
from workflow.archive.git_steps import (
    Git,
    step_branch_delete,
    step_commit,
    step_push,
    step_return_default,
    step_trunk_merge,
)
from workflow.archive.local_steps import (
    archive_destination,
    step_archive,
    step_cleanup,
    step_pending,
    step_state_reset,
)
from workflow.archive.pr_steps import pr_text, step_pr_create, step_pr_merge
from workflow.archive.report import describe
from workflow.archive.steps import StepFailed, StepSkipped

#: ``Result.status`` when the archive lock cannot be taken at all.
UNAVAILABLE = "unavailable"

#: Below this many seconds of budget a network step is not started.
MIN_NETWORK_BUDGET = 4.0


class Result:
    """What one engine run did.

    Attributes:
        status: :data:`SUCCESS`, :data:`PARTIAL`, :data:`FAILED`,
            :data:`RUNNING` (stopped before the end without a failure, e.g.
            ``network=False``), ``"busy"`` (another process holds the lock) or
            :data:`UNAVAILABLE` (the lock file cannot be opened or locked:
            reported, never taken for busy).
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


def new_checkpoint(root: str, pb, branch: str | None, config: dict) -> dict:
    """A fresh checkpoint for the complete playbook ``pb``
    (:class:`statefiles.playbook.Playbook`)."""
    title, body = pr_text(pb)
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
        "archive": archive_destination(root, pb.id),
        "branch": branch,
        "git": config["git"],
        "branch_policy": config.get("branch_policy") or "feature",
        "git_problem": str(config["problem"]) if config["problem"] else None,
        **packed("git_problem", config["problem"]),
        "merge_method": config["merge_method"],
        "default_branch": config["default_branch"],
        "remote": config["remote"],
        "title": title,
        "body": body,
        "scope": {key: [p for p in scope.get(key) or [] if isinstance(p, str)]
                  for key in ("includes", "excludes") if isinstance(scope.get(key), list)},
        "status": RUNNING,
        "started_at": now_iso(),
        "steps": steps,
    }


STEP_FUNCS = {
    "cleanup": step_cleanup,
    "archive": step_archive,
    "state_reset": step_state_reset,
    "pending": step_pending,
    "commit": step_commit,
    "push": step_push,
    "pr_create": step_pr_create,
    "pr_merge": step_pr_merge,
    "return_default": step_return_default,
    "trunk_merge": step_trunk_merge,
    "branch_delete": step_branch_delete,
}


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
                cp["steps"][name] = {"status": "skipped", "at": now_iso(), "detail": "not applicable"}
                save(root, cp)
                continue
            if name in NETWORK_STEPS and not network:
                cp["status"] = RUNNING
                set_message(cp, Text("archive.msg.still_to_run",
                                      steps=", ".join(open_steps(cp))))
                save(root, cp)
                return
            if name in NETWORK_STEPS and deadline - time.monotonic() < MIN_NETWORK_BUDGET:
                _stop_git(root, cp, name, Text("archive.fail.budget"),
                          Text("archive.hint.continue"))
                return
            if g is None:
                g = Git(root, deadline, network)
        cp["steps"][name] = {"status": "running", "at": now_iso()}
        cp["current"] = name
        save(root, cp)
        try:
            detail = STEP_FUNCS[name](root, cp, g)
        except StepSkipped as exc:
            cp["steps"][name] = {"status": "skipped", "at": now_iso(), "detail": str(exc.reason),
                                 **packed("detail", exc.reason)}
            skip_rest = skip_rest or exc.rest
            save(root, cp)
            continue
        except StepFailed as exc:
            _fail(root, cp, name, exc.reason, exc.hint)
            return
        except Exception as exc:  # noqa: BLE001 - OSError, StateError, LockTimeout...
            _fail(root, cp, name, f"{type(exc).__name__}: {exc}", "")
            return
        cp["steps"][name] = {"status": "done", "at": now_iso(), "detail": str(detail),
                             **packed("detail", detail)}
        cp.pop("current", None)
        save(root, cp)
    cp.pop("current", None)
    cp["status"] = SUCCESS
    set_message(cp, None)
    save(root, cp)
    refresh_pending(root, cp)


def _fail(root: str, cp: dict, name: str, reason: str, hint: str) -> None:
    """Record a failed step: a local one leaves the archive ``failed`` (the
    next edit or the post-loop handler retries from it), a git one stops the
    git part (``partial``)."""
    if name not in LOCAL_STEPS:
        _stop_git(root, cp, name, reason, hint or Text("archive.hint.rerun"))
        return
    cp["steps"][name] = {"status": "failed", "at": now_iso(), "detail": str(reason),
                         **packed("detail", reason)}
    cp.pop("current", None)
    cp["status"] = FAILED
    cp["failed_step"] = name
    set_message(cp, _join(Text("archive.msg.step_failed", step=Text(f"archive.step.{name}"),
                                reason=reason),
                           hint or Text("archive.hint.retry_local")))
    save(root, cp)


def _join(reason: str, hint: str) -> Text:
    """``reason`` and ``hint`` as one text: "Reason. Hint." (the hint's
    first letter raised in English)."""
    if not hint:
        return Text("archive.msg.reason", reason=reason)
    return Text("archive.msg.reason_hint", english=f"{reason}. {hint[0].upper() + hint[1:]}.",
                reason=reason, hint=hint)


def _stop_git(root: str, cp: dict, name: str, reason: str, hint: str) -> None:
    cp["steps"][name] = {"status": "failed", "at": now_iso(), "detail": str(reason),
                         **packed("detail", reason)}
    cp.pop("current", None)
    cp["status"] = PARTIAL
    cp["failed_step"] = name
    set_message(cp, _join(Text("archive.msg.git_stopped", step=Text(f"archive.step.{name}"),
                                reason=reason), hint))
    save(root, cp)
    refresh_pending(root, cp)


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
    except LockUnavailable as exc:
        # Not busy: nobody holds it and nobody will; say what is wrong.
        return Result(UNAVAILABLE, text(lang, "archive.lock_unavailable", problem=exc.args[0],
                                        command=layout.post_loop_command(root)), None)
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
        fresh = Playbook(root, playbook.plan_rel)
        if not completion.is_complete(fresh):
            return None
        if cp is not None and not is_closed(cp):
            log(root, cp, "superseded")
        try:
            cp = new_checkpoint(root, fresh, branch, read_config(root))
        except StepFailed as exc:
            return Result(FAILED, text(lang, "archive.cannot_archive", id=fresh.id,
                                       problem=_join(exc.reason, exc.hint)), None)
        save(root, cp)
        log(root, cp, "start")
    elif not _resumable(cp, retry):
        return None
    if retry and cp.get("status") == PARTIAL:
        for name in GIT_STEPS:
            if cp["steps"].get(name, {}).get("status") == "failed":
                cp["steps"][name] = {"status": "pending"}
    cp["status"] = RUNNING
    _execute(root, cp, network, deadline)
    log(root, cp, "run")
    return Result(cp["status"], describe(cp, lang=lang, root=root), cp)
