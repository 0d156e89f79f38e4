"""The archive checkpoint: ``.claude/session-state/archive-checkpoint.json``
(SPEC §3 archive-playbook; seed 002 §6, §11.7).

The archive engine (:mod:`workflow.archive`) records each step here before
and after it runs, so a crash or a retry resumes from the first step not
done. This module is the file's format and I/O only: the step names and
statuses, reading and writing it (atomically), the translatable messages kept
beside their English, the post-loop-pending marker derived from it, and
``.claude/logs/archive.log``. Readers (Stop, SubagentStop, the prompt and
session reports) import this, not the engine.
"""

from __future__ import annotations

import os

from messages import Text
from statefiles import fastjson, jsonlog, layout
from statefiles.atomic import check_removal, read_bytes, sweep_stale, write_atomic
from statefiles.markers import Markers, now_iso

CHECKPOINT_VERSION = 1
LOCAL_STEPS = ("cleanup", "archive", "state_reset", "pending")
#: The git part under the ``feature`` branch policy (seeds 002/004): the
#: playbook's branch is pushed, reviewed in a pull request and merged there.
FEATURE_GIT_STEPS = ("commit", "push", "pr_create", "pr_merge", "return_default")
#: The git part under the ``trunk`` branch policy (seed 003 §15): a
#: short-lived branch is merged into the trunk and deleted at once (both
#: local), then the trunk is pushed; no pull request.
TRUNK_GIT_STEPS = ("commit", "trunk_merge", "branch_delete", "push")
#: Every git step (a checkpoint records all of them; :func:`git_steps` says
#: which ones a checkpoint runs, in order).
GIT_STEPS = FEATURE_GIT_STEPS + ("trunk_merge", "branch_delete")
STEPS = LOCAL_STEPS + GIT_STEPS


#: Network steps (never run with ``network=False``).
NETWORK_STEPS = frozenset({"push", "pr_create", "pr_merge", "return_default"})


#: ``config.archive_git`` value → how many of :data:`FEATURE_GIT_STEPS` run.
GIT_LEVELS = {"off": 0, "commit": 1, "push": 2, "pr": 3, "merge": 5}
#: The same under the trunk policy (:data:`TRUNK_GIT_STEPS`): ``commit``
#: also merges a short-lived branch into the trunk and deletes it (local,
#: seed 003 §15.3, §15.5); every level above pushes the trunk (there is no
#: pull request to open or merge).
TRUNK_LEVELS = {"off": 0, "commit": 3, "push": 4, "pr": 4, "merge": 4}


#: Checkpoint statuses.
RUNNING = "running"      # steps under way (or the process died: resumable)
SUCCESS = "success"      # every planned step done
PARTIAL = "partial"      # local steps done, the git part stopped
FAILED = "failed"        # a local step failed; the playbook is not closed yet


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


def save(root: str, cp: dict) -> None:
    cp["updated_at"] = now_iso()
    write_atomic(checkpoint_path(root), fastjson.dumps(cp, indent=2) + "\n")


def log(root: str, cp: dict, event: str) -> None:
    try:
        jsonlog.append(root, layout.ARCHIVE_LOG, {
            "event": event, "playbook": cp.get("id"), "plan": cp.get("plan"),
            "archive": cp.get("archive"), "status": cp.get("status"),
            "failed_step": cp.get("failed_step"), "message": cp.get("message"),
            "steps": {k: v.get("status") for k, v in cp.get("steps", {}).items()},
        })
    except OSError:
        pass


def git_steps(cp: dict) -> tuple:
    """The git steps of the checkpoint's branch policy (``cp["branch_policy"]``,
    recorded when the archive started; ``feature`` when absent), in order,
    before the ``archive_git`` level cuts them."""
    return TRUNK_GIT_STEPS if cp.get("branch_policy") == "trunk" else FEATURE_GIT_STEPS


def planned_steps(cp: dict) -> list:
    """The steps this checkpoint runs, in order."""
    levels = TRUNK_LEVELS if cp.get("branch_policy") == "trunk" else GIT_LEVELS
    return list(LOCAL_STEPS) + list(git_steps(cp)[:levels.get(cp.get("git", "off"), 0)])


def open_steps(cp: dict) -> list:
    """Planned steps not finished (not ``done``/``skipped``)."""
    return [s for s in planned_steps(cp)
            if cp["steps"].get(s, {}).get("status") not in ("done", "skipped")]


def is_closed(cp: dict | None) -> bool:
    """True when there is nothing to resume: no checkpoint (``None``), or one whose run
    finished (``status`` is :data:`SUCCESS`)."""
    return cp is None or cp.get("status") == SUCCESS


def packed(name: str, value) -> dict:
    """``{name + "_text": Text.to_json()}`` for a :class:`messages.Text`
    ``value`` (spread beside the English ``name``, so that a later report
    renders it in its reader's language), else ``{}``."""
    return {f"{name}_text": value.to_json()} if isinstance(value, Text) else {}


def said(record: dict, name: str):
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
    return said(cp, "message")


def set_message(cp: dict, message) -> None:
    """``cp["message"]`` (English) and its translatable form."""
    cp["message"] = str(message) if message is not None else None
    cp.pop("message_text", None)
    cp.update(packed("message", message))


def pending_body(cp: dict) -> dict:
    open_git = [s for s in open_steps(cp) if s in GIT_STEPS]
    status = SUCCESS if cp.get("status") == SUCCESS or not open_git else PARTIAL
    return {
        "playbook": cp["id"],
        "plan": cp["plan"],
        "archive": cp["archive"],
        "archived_at": cp["steps"]["archive"].get("at") or now_iso(),
        "status": status,
        "branch": cp.get("branch"),
        "message": cp.get("message") or ("git steps still to run: " + ", ".join(open_git)
                                         if open_git else "archived"),
    }


def write_pending(root: str, cp: dict) -> None:
    Markers(root).write_json(layout.POST_LOOP_PENDING, pending_body(cp))


def refresh_pending(root: str, cp: dict) -> None:
    """Bring post-loop-pending's status in line with the checkpoint (only
    while it still exists: the post-loop may have run already)."""
    if cp["steps"]["pending"].get("status") != "done":
        return
    if not os.path.exists(layout.join(root, layout.POST_LOOP_PENDING)):
        return
    try:
        write_pending(root, cp)
    except OSError:
        pass


def close(root: str) -> dict | None:
    """The post-loop is done with the checkpoint: log it to archive.log and
    remove it, with the temporary files of its killed writers. Returns the
    checkpoint that was closed (``None`` if none)."""
    check_removal(checkpoint_path(root))
    sweep_stale(checkpoint_path(root))
    cp = load_checkpoint(root)
    if cp is None:
        try:
            os.unlink(checkpoint_path(root))
        except OSError:
            pass
        return None
    log(root, cp, "closed")
    try:
        os.unlink(checkpoint_path(root))
    except FileNotFoundError:
        pass
    return cp
