"""--uninstall: remove what the manifest says the install added, restore
settings.json and .gitignore (byte for byte when nobody changed them since),
and keep — and name — any file the user changed since the install."""

from __future__ import annotations

import os
import shutil

import playgate.installer.gitignore as gitignore
import playgate.installer.manifest as manifest
import playgate.installer.settings as settings
from playgate.detect_commands import LAYER as PERMISSION_LAYER
from playgate.installer.common import (
    LOG_DIR,
    MANIFEST,
    RUNTIME_DIRS,
    STATE_MD,
    VENV,
    join,
    mode_of,
    pyc_of,
    read,
    rmdir_if_empty,
    sha256,
    unlink,
    write,
)
from playgate.installer.plan import Plan, print_plan
from playgate.installer.target import RepoLock, check_target


def uninstall(repo: str, dry_run: bool = False, out=print) -> int:
    """Remove what the manifest says the install added. Files changed since
    the install are kept and named. Returns the exit code (0 done, 1 a step
    failed; refusals raise :class:`playgate.installer.common.Refusal`)."""
    root = check_target(repo)
    with RepoLock(root):
        m = manifest.load(root)
        if m is None:
            out(f"playgate is not installed in {root} (no {MANIFEST}); nothing to uninstall.")
            return 0
        plan = uninstall_plan(root, m)
        out(("playgate uninstall plan for " if dry_run else "uninstalling playgate from ") + root)
        print_plan(plan, out, dry_run)
        if dry_run:
            out("dry run: nothing was removed.")
            return 0
        failed = []
        for _verb, what, func, args in plan.steps:
            try:
                func(*args)
            except OSError as exc:
                failed.append(f"{what}: {exc.strerror or exc}")
        if failed:
            out("playgate: some steps failed: " + "; ".join(failed))
            return 1
        out("done. playgate is uninstalled" + (" (see the notes above for what was kept)."
                                               if plan.notes else "."))
        return 0


def uninstall_plan(root: str, m: dict) -> Plan:
    """What ``--uninstall`` does for manifest ``m``: steps and notes."""
    plan = Plan(root)
    adopted = []
    for rel, rec in sorted((m.get("files") or {}).items()):
        origin = rec.get("origin")
        path = join(root, rel)
        if origin == "amended":
            continue  # a file of the user's the install added to: named below
        if origin not in ("created", "replaced") or "sha256" not in rec:
            if origin == "adopted" and os.path.exists(path):
                adopted.append(rel)
            continue
        current = read(path)
        if current is None:
            continue
        if sha256(current) != rec["sha256"]:
            plan.note(f"kept {rel}: it changed since the install"
                      + (" (it holds your workflow state)" if rel == STATE_MD else ""))
            continue
        if origin == "replaced":
            backup = read(join(root, rec.get("backup", "")))
            if backup is not None and sha256(backup) == rec.get("backup_sha256"):
                plan.step("restore", rel, write, path, backup, mode_of(join(root, rec["backup"])))
            else:
                plan.note(f"kept {rel}: its pre-install copy is missing from the backup")
            continue
        plan.step("remove", rel, unlink, path)
        for pyc in pyc_of(root, rel):
            plan.step("remove", pyc, unlink, join(root, pyc))
    planned = {what for _verb, what, _f, _a in plan.steps}
    for rel in m.get("derived") or []:
        if rel not in planned and os.path.exists(join(root, rel)):
            plan.step("remove", rel, unlink, join(root, rel))
    settings.uninstall_steps(root, m, plan)
    gitignore.uninstall_steps(root, m, plan)
    if (m.get("venv") or {}).get("created") and os.path.isdir(join(root, VENV)):
        plan.step("remove", f"{VENV}/ (the hook virtualenv)", shutil.rmtree, join(root, VENV))
    pre = set(m.get("runtime_preexisting") or ())
    for rel in RUNTIME_DIRS:
        if rel not in pre and os.path.isdir(join(root, rel)):
            plan.step("remove", f"{rel}/ (hook runtime state)", shutil.rmtree, join(root, rel))
    logs = join(root, LOG_DIR)
    if LOG_DIR not in pre and os.path.isdir(logs):
        if os.listdir(logs):
            plan.note(f"kept {LOG_DIR}/: it holds the hooks' records (delete it yourself when "
                      "you no longer need them)")
        else:
            plan.step("remove", f"{LOG_DIR}/", rmdir_if_empty, logs)
    for rel in m.get("backups") or []:
        if os.path.isdir(join(root, rel)):
            plan.step("remove", f"{rel}/ (install backups)", shutil.rmtree, join(root, rel))
    plan.step("remove", MANIFEST, unlink, join(root, MANIFEST))
    created = set(m.get("dirs") or ())
    # Bytecode folders the hooks' interpreter may have added in folders we made.
    created |= {f"{d}/__pycache__" for d in created
                if os.path.isdir(join(root, f"{d}/__pycache__"))}
    for rel in sorted(created, key=lambda d: (-d.count("/"), d)):
        plan.step("rmdir", f"{rel}/ (if empty)", rmdir_if_empty, join(root, rel))
    if adopted:
        plan.note(f"kept {len(adopted)} file(s) that were already there before the install "
                  f"(e.g. {adopted[0]}); remove them yourself if they should go")
    planned = {what for _verb, what, _f, _a in plan.steps}
    if PERMISSION_LAYER not in planned and os.path.isfile(join(root, PERMISSION_LAYER)):
        # The project's permission layer (project_commands the install
        # declared, or the user's own rules): theirs to keep or delete.
        plan.note(f"kept {PERMISSION_LAYER}: the project's permission layer (the "
                  "project_commands the install declared are in it); it does nothing without "
                  "playgate, delete it if playgate should go for good")
    return plan
