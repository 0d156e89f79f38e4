"""What to commit after an install: the exact ``git add ... && git commit``.

The installer ends with the command that commits what the repository needs
and nothing else — the files the install wrote that git does not ignore
(settings, the protected-file list, the pin, the committed entry point and
fail-closed script, state.md, the playbook templates, ``.gitignore``, a
declared ``permission-config.yaml``) — and, in a repository where an
earlier playgate committed the suite's code, the ``git rm --cached`` that
stops tracking what is now ignored. Asked of git itself (``git status``,
``git ls-files``), so it is what git will actually do.
"""

from __future__ import annotations

import shlex

from playgate import suite
from playgate.installer.common import GIT_TIMEOUT, InstallError, run_bounded

#: Files outside the manifest's list that an install run may write.
EXTRA = (".gitignore", ".claude/settings.json", ".claude/permission-config.yaml")


def _git(root: str, *args) -> list:
    """``git -C root ARGS`` → the NUL-separated entries of its output
    (``[]`` when git fails)."""
    try:
        proc = run_bounded(["git", "-C", root, *args], GIT_TIMEOUT)
    except InstallError:
        return []
    if proc.returncode != 0:
        return []
    return [e for e in proc.stdout.decode("utf-8", "surrogateescape").split("\0") if e]


def to_add(root: str, paths) -> list:
    """Of ``paths`` (repo-relative), those git would commit with ``git add``:
    new or changed, and not ignored. In ``git status`` order."""
    found = []
    for entry in _git(root, "status", "--porcelain=v1", "-z", "--untracked-files=all", "--",
                      *paths):
        code, path = entry[:2], entry[3:]
        if code.strip() and "R" not in code:
            found.append(path)
    return found


def tracked_but_ignored(root: str, paths) -> list:
    """Of ``paths``, the files git still tracks although ``.gitignore`` now
    ignores them (a suite committed by an earlier playgate)."""
    return _git(root, "ls-files", "-z", "--cached", "--ignored", "--exclude-standard", "--",
                *paths)


def _untrack_targets(files: list) -> list:
    """``files`` folded into the directories they belong to, as few
    ``git rm --cached`` arguments as say the same: a package or skill
    directory of the suite, else the file."""
    targets = []
    packages = set(suite.PACKAGE_NAMES) - {"hooks"}
    for path in files:
        parts = path.split("/")
        if len(parts) > 3 and parts[:2] == [".claude", suite.SKILLS]:
            target = "/".join(parts[:3])
        elif len(parts) > 2 and parts[0] == ".claude" and parts[1] in packages:
            target = "/".join(parts[:2])
        else:
            target = path
        if target not in targets:
            targets.append(target)
    return targets


def commit_command(root: str, manifest: dict | None, message: str) -> tuple:
    """``(command, added)``: the shell command that commits what the install
    wrote and the repository needs (``None`` when there is nothing to commit)
    and the paths it adds."""
    paths = sorted(set((manifest or {}).get("files") or ()) | set(EXTRA))
    untrack = tracked_but_ignored(root, paths)
    added = to_add(root, paths)
    if untrack:
        # `git rm --cached` of a folder also drops the committed files in it
        # (the entry point in .claude/playgate/): add them back.
        added += [f".claude/{rel}" for rel in suite.COMMITTED
                  if f".claude/{rel}" in paths and f".claude/{rel}" not in added]
    if not added and not untrack:
        return None, []
    parts = [f"cd {shlex.quote(root)}"]
    if untrack:
        parts.append("git rm -r -q --cached " + " ".join(map(shlex.quote,
                                                             _untrack_targets(untrack))))
    if added:
        parts.append("git add " + " ".join(map(shlex.quote, added)))
    parts.append(f"git commit -m {shlex.quote(message)}")
    return " && ".join(parts), added
