"""git commands that destroy history or uncommitted work (SPEC §3
bash-check: "history- or work-destroying forms and force pushes in every
spelling"; bypass family F): force pushes and remote deletes (``+refspec``,
``--force``, abbreviations, ``--mirror``, ``--prune``, ``--delete``,
``--force-with-lease`` without an expected value) are ``force-push``;
``reset --hard``, ``checkout -- PATH``/``checkout -f``, ``restore``,
``clean``, ``stash drop|clear``, ``branch -D``/``-f``, ``switch -C``,
``worktree remove --force``, ``reflog expire``, ``update-ref``,
``filter-branch``, ``gc --prune=now``, ``prune`` are ``git-history``.
"""

from __future__ import annotations

import os

import shell.paths as paths
from shell.families.git import destroy, parse_opts
from shell.gitargs import remote_mirrors
from shell.invocation import X, code_carrier
from shell.model import DYN, Msg
from statefiles import gitinfo
from statefiles.atomic import read_text

#: The family name recorded on findings (``Finding.command_family``).
FAMILY = "git"
#: git subcommand → handler below (:data:`shell.registry.GIT_SUBCOMMANDS`
#: lists the same names). Handlers are ``g_NAME(x, words) -> None``.
SUBCOMMANDS = {
    "push": "g_push", "reset": "g_reset", "checkout": "g_checkout", "restore": "g_restore",
    "clean": "g_clean", "stash": "g_stash", "branch": "g_branch", "switch": "g_switch",
    "worktree": "g_worktree", "reflog": "g_reflog", "update-ref": "g_update_ref",
    "filter-branch": "g_filter", "filter-repo": "g_filter", "gc": "g_gc", "prune": "g_prune",
}


_PUSH_LONG = frozenset({"--force", "--force-with-lease", "--force-if-includes", "--delete",
                        "--mirror", "--prune", "--all", "--tags", "--follow-tags", "--atomic",
                        "--dry-run", "--porcelain", "--verbose", "--quiet", "--set-upstream",
                        "--no-verify", "--verify", "--thin", "--no-thin", "--progress",
                        "--no-force-with-lease", "--ipv4", "--ipv6", "--branches", "--repo",
                        "--receive-pack", "--exec", "--push-option", "--recurse-submodules",
                        "--signed", "--no-signed", "--no-recurse-submodules"})


def g_push(x: X, words: list) -> None:
    """``git push``: forcing and deleting forms in every spelling are
    ``force-push`` (``--dry-run`` is not); ``--receive-pack``/``--exec`` run a
    program (``git-exec`` carrier)."""
    p = parse_opts(words, "o", ("--repo", "--receive-pack", "--exec", "--push-option",
                                "--recurse-submodules", "--signed"),
                   long_flags=("--force", "--force-with-lease", "--force-if-includes", "--delete",
                               "--mirror", "--prune", "--all", "--tags", "--follow-tags",
                               "--atomic", "--dry-run", "--porcelain", "--verbose", "--quiet",
                               "--set-upstream", "--no-verify", "--verify", "--thin", "--no-thin",
                               "--progress", "--no-force-with-lease", "--ipv4", "--ipv6",
                               "--branches"))
    if p.has("--dry-run", "-n"):
        return
    for o, v in p.opts:
        if o.startswith("--") and len(o) >= 5 and o not in _PUSH_LONG and \
                any(full.startswith(o) for full in (
                    "--force", "--force-with-lease", "--delete", "--mirror", "--prune")):
            # An abbreviation git may expand to a destructive option.
            destroy(x, "force-push", Msg("shell.find.git_push_abbreviates_forcing",
                                         option=o))
        if o in ("-f", "--force"):
            destroy(x, "force-push", Msg("shell.find.git_push_force",
                                         option=o))
        elif o in ("-d", "--delete"):
            destroy(x, "force-push", Msg("shell.find.git_push_delete_deletes"))
        elif o == "--mirror":
            destroy(x, "force-push", Msg("shell.find.git_push_mirror_overwrites"))
        elif o == "--prune":
            destroy(x, "force-push", Msg("shell.find.git_push_prune_deletes"))
        elif o == "--force-with-lease":
            if v is None or ":" not in v.value or v.value.endswith(":"):
                destroy(x, "force-push", Msg("shell.find.git_push_force_lease"))
        elif o in ("--receive-pack", "--exec"):
            x.run.carrier("git-exec", Msg("shell.carrier.git_push_runs_program", option=o), x.cmd)
            if v is not None and not v.dynamic:
                x.code(v.value, f"git push {o}")
            elif v is not None:
                x.run.unknown(Msg("shell.unknown.git_push_runs_program"))
    _mirror_remote(x, p)
    refspecs = p.operands[1:]
    for r in refspecs:
        v = r.value
        if v.startswith("+"):
            destroy(x, "force-push", Msg("shell.find.git_push_refspec_forces", option=v))
        elif v.startswith(":") and len(v) > 1:
            destroy(x, "force-push", Msg("shell.find.git_push_empty_source",
                                         option=v))
        elif r.dynamic:
            x.run.unknown(Msg("shell.unknown.git_push_refspec_computed"))


def _mirror_remote(x: X, p) -> None:
    """A push to a remote configured with ``mirror = true`` overwrites and
    deletes remote refs like ``--mirror`` (``force-push``)."""
    mirrors = remote_mirrors(x.run.root, x.run.home)
    if not mirrors:
        return
    named = p.value("--repo") or (p.operands[0] if p.operands else None)
    if named is not None and named.dynamic:
        x.run.unknown(Msg("shell.unknown.git_push_remote_computed"))
        return
    remote = named.value.lower() if named is not None else None
    if remote in mirrors or (remote is None and ("origin" in mirrors or len(mirrors) == 1)):
        destroy(x, "force-push", Msg("shell.find.git_push_mirror_remote", remote=remote) if remote
                else Msg("shell.find.git_push_mirror_default"))


def g_reset(x: X, words: list) -> None:
    """``git reset --hard|--merge`` discards uncommitted work (``git-history``)."""
    p = parse_opts(words, "", ("--pathspec-from-file",),
                   long_flags=("--hard", "--merge", "--soft", "--mixed", "--keep", "--quiet",
                               "--recurse-submodules", "--no-recurse-submodules",
                               "--intent-to-add", "--no-refresh", "--refresh",
                               "--pathspec-file-nul"))
    for bad in ("--hard", "--merge"):
        if p.has(bad):
            destroy(x, "git-history", Msg("shell.find.git_reset_discards_uncommitted",
                                          bad=bad))
            return
    if any(w.dynamic for w in words if w.value.startswith("-") or DYN in w.value):
        x.run.unknown(Msg("shell.unknown.git_reset_options_computed"))


def g_checkout(x: X, words: list) -> None:
    """``git checkout``: ``-f``, ``-B EXISTING``, ``--pathspec-from-file``,
    ``-- PATH`` and operands that name existing paths (not branches or refs)
    overwrite uncommitted changes (``git-history``); the paths are written."""
    p = parse_opts(words, "bB", ("--orphan", "--conflict", "--pathspec-from-file", "--track"),
                   long_flags=("--force", "--detach", "--ours", "--theirs", "--merge", "--patch",
                               "--quiet", "--progress", "--no-track", "--guess", "--no-guess",
                               "--ignore-other-worktrees", "--recurse-submodules",
                               "--overwrite-ignore", "--no-overwrite-ignore",
                               "--pathspec-file-nul", "--ignore-skip-worktree-bits"))
    if p.has("-f", "--force"):
        destroy(x, "git-history", Msg("shell.find.git_checkout_force_throws"))
    for v in p.values("-B"):
        if v.dynamic or _existing_branch(x, v.value):
            destroy(x, "git-history", Msg("shell.find.git_checkout_b_resets",
                                          option=v.value))
    if p.has("--pathspec-from-file"):
        destroy(x, "git-history", Msg("shell.find.git_checkout_pathspec_file"))
        return
    if p.has("-b", "-B", "--orphan") and not p.dashdash:
        return
    ops = p.operands
    if p.dashdash is not None:
        pathspecs = ops[p.dashdash:]
        if pathspecs:
            destroy(x, "git-history", Msg("shell.find.git_checkout_paths_dashdash", paths=", ".join(
                w.value for w in pathspecs[:3])))
            _paths_written(x, pathspecs, "git checkout --")
        return
    if not ops:
        return
    candidates = ops[1:] if len(ops) > 1 else []
    first = ops[0]
    if len(ops) == 1:
        v = first.value
        if v in (".", "./", ":/", "*") or first.glob or first.dynamic or (
                _path_exists(x, first) and not _existing_branch(x, v) and not _is_ref(x, v)):
            candidates = [first]
    if candidates:
        destroy(x, "git-history", Msg("shell.find.git_checkout_paths", paths=", ".join(
            w.value for w in candidates[:3])))
        _paths_written(x, candidates, "git checkout")


def g_restore(x: X, words: list) -> None:
    """``git restore`` of the working tree overwrites uncommitted changes
    (``git-history``; ``--staged`` alone only unstages)."""
    p = parse_opts(words, "sW", ("--source", "--pathspec-from-file", "--conflict"),
                   long_flags=("--staged", "--worktree", "--patch", "--ours", "--theirs",
                               "--merge", "--quiet", "--progress", "--overlay", "--no-overlay",
                               "--ignore-unmerged", "--ignore-skip-worktree-bits",
                               "--recurse-submodules", "--pathspec-file-nul"))
    staged = p.has("-S", "--staged")
    worktree = p.has("-W", "--worktree")
    if staged and not worktree:
        return
    destroy(x, "git-history", Msg("shell.find.git_restore_working_tree"))
    _paths_written(x, p.operands, "git restore")


def g_clean(x: X, words: list) -> None:
    """``git clean`` permanently deletes untracked files (``git-history``;
    ``-n`` is a dry run)."""
    p = parse_opts(words, "eX", ("--exclude",), long_flags=("--force", "--dry-run",
                                                            "--interactive", "--quiet"))
    if p.has("-n", "--dry-run"):
        return
    destroy(x, "git-history", Msg("shell.find.git_clean_permanently_deletes"))


def g_stash(x: X, words: list) -> None:
    """``git stash drop|clear`` deletes stashed work (``git-history``); ``stash
    push -- PATHS`` writes the paths."""
    if words and words[0].value in ("drop", "clear"):
        destroy(x, "git-history", Msg("shell.find.git_stash_permanently_deletes",
                                      value=words[0].value))
    elif words and words[0].value == "push":
        p = parse_opts(words[1:], "m", ("--message", "--pathspec-from-file"))
        if p.operands:
            _paths_written(x, p.operands, "git stash push --")


def g_branch(x: X, words: list) -> None:
    """``git branch -D``/``-d -f``, ``-M``/``-C``, ``-f EXISTING``
    (``git-history``)."""
    p = parse_opts(words, "tu", ("--set-upstream-to", "--track", "--contains", "--no-contains",
                                 "--merged", "--no-merged", "--points-at", "--sort", "--format",
                                 "--column"),
                   long_flags=("--delete", "--force", "--move", "--copy", "--list", "--all",
                               "--remotes", "--verbose", "--quiet", "--show-current"))
    flags = {o for o, _ in p.opts}
    delete = bool(flags & {"-d", "--delete"})
    force = bool(flags & {"-f", "--force"})
    if "-D" in flags or (delete and force):
        destroy(x, "git-history", Msg("shell.find.git_branch_d_deletes"))
    elif flags & {"-M", "-C"}:
        destroy(x, "git-history", Msg("shell.find.git_branch_m_c"))
    elif force and p.operands and not delete and not flags & {"-m", "--move", "-c", "--copy"}:
        name = p.operands[0]
        if name.dynamic or _existing_branch(x, name.value):
            destroy(x, "git-history", Msg("shell.find.git_branch_f_moves",
                                          name=name.value))


def g_switch(x: X, words: list) -> None:
    """``git switch --force|--discard-changes`` and ``-C EXISTING``
    (``git-history``)."""
    p = parse_opts(words, "cC", ("--orphan", "--conflict", "--track"),
                   long_flags=("--force", "--discard-changes", "--detach", "--create",
                               "--force-create", "--guess", "--no-guess", "--merge", "--quiet"))
    if p.has("-f", "--force", "--discard-changes"):
        destroy(x, "git-history", Msg("shell.find.git_switch_force_discard"))
    for v in p.values("-C", "--force-create"):
        if v.dynamic or _existing_branch(x, v.value):
            destroy(x, "git-history", Msg("shell.find.git_switch_c_resets",
                                          option=v.value))


def g_worktree(x: X, words: list) -> None:
    """``git worktree remove --force`` (``git-history``); ``remove`` deletes and
    ``add`` writes the worktree directory."""
    if not words:
        return
    action = words[0].value
    rest = words[1:]
    if action == "remove":
        vals = [w.value for w in rest]
        end = vals.index("--") if "--" in vals else len(vals)
        # after "--" a word is a worktree's path, even "-f"
        if any(v in ("-f", "--force") or (v.startswith("-") and not v.startswith("--") and
                                          "f" in v) for v in vals[:end]):
            destroy(x, "git-history", Msg("shell.find.git_worktree_remove_force"))
        for k, w in enumerate(rest):
            if k > end or (k < end and not w.value.startswith("-")):
                x.run.write(x.cmd, w, "git worktree remove", "delete", recursive=True)
    elif action == "add":
        p = parse_opts(rest, "bB", ("--reason",))
        if p.operands:
            x.run.write(x.cmd, p.operands[0], "git worktree add", recursive=True)


def g_reflog(x: X, words: list) -> None:
    """``git reflog expire|delete`` (``git-history``)."""
    if words and words[0].value in ("expire", "delete"):
        destroy(x, "git-history", Msg("shell.find.git_reflog_deletes_history",
                                      value=words[0].value))


def g_update_ref(x: X, words: list) -> None:
    """``git update-ref`` moves or deletes refs directly (``git-history``)."""
    if any(w.value in ("-d", "--stdin") for w in words):
        destroy(x, "git-history", Msg("shell.find.git_update_ref_d"))
    else:
        destroy(x, "git-history", Msg("shell.find.git_update_ref_moves"))


def g_filter(x: X, words: list) -> None:
    """``git filter-branch``/``filter-repo`` rewrite history (``git-history``);
    ``--*-filter`` options run shell code (``git-exec`` carriers, analysed)."""
    sub = x.cmd.git_subcommand
    destroy(x, "git-history", Msg("shell.find.git_rewrites_repository_history", sub=sub))
    p = parse_opts(words, "d", ("--env-filter", "--tree-filter", "--index-filter",
                                "--parent-filter", "--msg-filter", "--commit-filter",
                                "--tag-name-filter", "--subdirectory-filter", "--prune-empty",
                                "--original", "--state-branch"))
    for o, v in p.opts:
        if o.endswith("-filter") and o != "--subdirectory-filter" and v is not None:
            code_carrier(x, "git-exec", v, Msg("shell.carrier.git_filter_branch_runs",
                                               option=o),
                         Msg("shell.unknown.git_filter_branch_runs"),
                         f"git filter-branch {o}")


def g_gc(x: X, words: list) -> None:
    """``git gc --prune=now|all`` (``git-history``)."""
    for w in words:
        v = w.value
        if v.startswith("--prune=") and v.split("=", 1)[1] in ("now", "all"):
            destroy(x, "git-history", Msg("shell.find.git_gc_prune_now"))


def g_prune(x: X, words: list) -> None:
    """``git prune`` without ``-n`` (``git-history``)."""
    if not any(w.value in ("-n", "--dry-run") for w in words):
        destroy(x, "git-history", Msg("shell.find.git_prune_permanently_deletes"))


def _existing_branch(x: X, name: str) -> bool:
    """``name`` is a local branch of the project's repository (loose or
    packed ref; worktrees share the common directory)."""
    root = x.run.root
    try:
        gdir = gitinfo.git_dir(root)
    except Exception:  # noqa: BLE001
        gdir = os.path.join(root, ".git")
    if not gdir:
        return False
    common = gdir
    c = (read_text(os.path.join(gdir, "commondir"), 64 * 1024) or "").strip()
    if c:
        common = c if os.path.isabs(c) else os.path.normpath(os.path.join(gdir, c))
    if os.path.exists(os.path.join(common, "refs", "heads", *name.split("/"))):
        return True
    text = read_text(os.path.join(common, "packed-refs"), 64 * 1024 * 1024) or ""
    return any(line.rstrip().endswith(" refs/heads/" + name) for line in text.splitlines())


def _is_ref(x: X, v: str) -> bool:
    """``v`` is spelled like a ref (``HEAD~1``, ``origin/x``, ``@{u}``...)."""
    return v in ("HEAD", "-", "@", "FETCH_HEAD", "ORIG_HEAD") or v.startswith(("HEAD~", "HEAD^",
                                                                               "origin/", "@{"))


def _path_exists(x: X, w) -> bool:
    """The Word ``w`` names an existing path (links included)."""
    targets = paths.resolve(w.value, x.cmd.cwd)
    return bool(targets) and any(os.path.lexists(t) for t in targets)


def _paths_written(x: X, path_words, how: str) -> None:
    """Record each Word of ``path_words`` as written by ``how``."""
    for w in path_words:
        x.run.write(x.cmd, w, how)
