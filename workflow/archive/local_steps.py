"""The archive's local steps (no git): ``cleanup``, ``archive``,
``state_reset``, ``pending`` (seed 002 §6, §11.7). Each checks whether its
work is already done, so a rerun after a crash is safe."""

from __future__ import annotations

import os
import time

from messages import Text
from statefiles import layout, state_md
from statefiles.atomic import check_removal, locked, write_atomic, write_path
from statefiles.checkpoint import write_pending
from statefiles.markers import now_iso
from statefiles.playbook import load_json_file, resolve_active
from workflow.archive.steps import StepFailed


def _safe_id(text: str) -> str:
    keep = "".join(c if (c.isalnum() or c in "-_.") else "-" for c in text.strip())
    keep = keep.strip(".-") or "playbook"
    return keep[:80]


def archive_destination(root: str, playbook_id: str) -> str:
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


def step_cleanup(root: str, cp: dict, ctx) -> str:
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
    check_removal(os.path.join(tmp, "x"))  # a playbook directory that leads elsewhere
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
    plan, error = load_json_file(path, path)
    if error or not isinstance(plan.get("meta"), dict):
        return
    if plan["meta"].get("status") == "archived":
        return
    plan["meta"]["status"] = "archived"
    plan["meta"]["archived_at"] = now_iso()
    import json  # lazy: json (~7 ms with re) for the archive run only

    write_atomic(path, json.dumps(plan, indent=2, ensure_ascii=False) + "\n")


def step_archive(root: str, cp: dict, ctx) -> str:
    """Move the playbook to its archive and mark it archived, under the
    state lock: the hooks that write the playbook (the critic's and the
    reviewer's bookkeeping, :mod:`statefiles.bookkeeping`) read and write it
    under that lock, so none of them can write back into ``play/<id>/`` a
    file it read before the move (``write_atomic`` creates the directory),
    leaving the playbook in two places. A lock held too long fails the step
    (:class:`statefiles.atomic.LockTimeout`); the next run resumes it."""
    with locked(layout.join(root, layout.LOCK_FILE)):
        return _move_to_archive(root, cp)


def _move_to_archive(root: str, cp: dict) -> str:
    src_rel, dst_rel = cp["dir"], cp["archive"]
    # the archive directory may be a link inside the project, never one that
    # leads elsewhere (the move and the plan's new status would land there)
    dst = write_path(layout.join(root, dst_rel))
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


def step_state_reset(root: str, cp: dict, ctx) -> str:
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


def step_pending(root: str, cp: dict, ctx) -> str:
    write_pending(root, cp)
    return Text("archive.detail.wrote", path=layout.POST_LOOP_PENDING)
