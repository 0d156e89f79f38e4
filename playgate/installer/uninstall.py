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
from playgate.installer.speak import Text, language, say, shown
from playgate.installer.target import RepoLock, check_target


def uninstall(repo: str, dry_run: bool = False, out=print, lang: str | None = None) -> int:
    """Remove what the manifest says the install added. Files changed since
    the install are kept and named. Returns the exit code (0 done, 1 a step
    failed; refusals raise :class:`playgate.installer.common.Refusal`).
    ``lang``: the language it speaks (default: the project's, else the locale)."""
    root = check_target(repo)
    lang = lang or language(root)
    with RepoLock(root):
        m = manifest.load(root)
        if m is None:
            out(say(lang, "installer.not_installed", root=root, manifest=MANIFEST))
            return 0
        plan = uninstall_plan(root, m)
        out(say(lang, "installer.uninstall_plan" if dry_run else "installer.uninstalling",
                root=root))
        print_plan(plan, out, dry_run, lang)
        if dry_run:
            out(say(lang, "installer.uninstall_dry"))
            return 0
        failed = []
        for _verb, what, func, args in plan.steps:
            try:
                func(*args)
            except OSError as exc:
                failed.append(f"{shown(lang, what)}: {exc.strerror or exc}")
        if failed:
            out(say(lang, "installer.uninstall_failed", failures="; ".join(failed)))
            return 1
        out(say(lang, "installer.uninstalled_kept" if plan.notes else "installer.uninstalled"))
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
            plan.note(Text("installer.kept_state" if rel == STATE_MD else
                           "installer.kept_changed", path=rel))
            continue
        if origin == "replaced":
            backup = read(join(root, rec.get("backup", "")))
            if backup is not None and sha256(backup) == rec.get("backup_sha256"):
                plan.step("restore", rel, write, path, backup, mode_of(join(root, rec["backup"])))
            else:
                plan.note(Text("installer.kept_no_backup", path=rel))
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
        plan.step("remove", Text("installer.what.venv", path=VENV), shutil.rmtree,
                  join(root, VENV))
    pre = set(m.get("runtime_preexisting") or ())
    for rel in RUNTIME_DIRS:
        if rel not in pre and os.path.isdir(join(root, rel)):
            plan.step("remove", Text("installer.what.runtime", path=rel), shutil.rmtree,
                      join(root, rel))
    logs = join(root, LOG_DIR)
    if LOG_DIR not in pre and os.path.isdir(logs):
        if os.listdir(logs):
            plan.note(Text("installer.kept_logs", path=LOG_DIR))
        else:
            plan.step("remove", f"{LOG_DIR}/", rmdir_if_empty, logs)
    for rel in m.get("backups") or []:
        if os.path.isdir(join(root, rel)):
            plan.step("remove", Text("installer.what.backups", path=rel), shutil.rmtree,
                      join(root, rel))
    plan.step("remove", MANIFEST, unlink, join(root, MANIFEST))
    created = set(m.get("dirs") or ())
    # Bytecode folders the hooks' interpreter may have added in folders we made.
    created |= {f"{d}/__pycache__" for d in created
                if os.path.isdir(join(root, f"{d}/__pycache__"))}
    for rel in sorted(created, key=lambda d: (-d.count("/"), d)):
        plan.step("rmdir", Text("installer.what.rmdir", path=rel), rmdir_if_empty,
                  join(root, rel))
    if adopted:
        plan.note(Text("installer.kept_adopted", count=len(adopted), example=adopted[0]))
    planned = {what for _verb, what, _f, _a in plan.steps}
    named = any(getattr(n, "fields", {}).get("path") == PERMISSION_LAYER for n in plan.notes)
    if PERMISSION_LAYER not in planned and not named \
            and os.path.isfile(join(root, PERMISSION_LAYER)):
        # The project's permission layer (project_commands the install
        # declared, or the user's own rules): theirs to keep or delete.
        plan.note(Text("installer.kept_layer", path=PERMISSION_LAYER))
    return plan
