"""git plumbing that rewrites refs or the working tree (SPEC §3 bash-check,
§4; git family): ``send-pack --force|--mirror|+refspec`` is a
``force-push``; ``read-tree -u --reset`` and ``checkout-index -f`` overwrite
uncommitted work (``git-history``); ``submodule deinit -f`` deletes
submodule working trees. What these write in the working tree
(``read-tree -u``, ``checkout-index``, ``am``) is reported as writes, so
bash-check's guarded-file and reward-state checks see them
(``git update-index --cacheinfo ... && git checkout-index -f state.md``
writes state.md).
"""

from __future__ import annotations

import shell.families.text as text
from shell.families.git import destroy, parse_opts
from shell.families.git_effects import patch_texts
from shell.invocation import X, cwd_word
from shell.model import DYN, Msg, Word

#: The family name recorded on findings (``Finding.command_family``).
FAMILY = "git"
#: git subcommand → handler below (:data:`shell.registry.GIT_SUBCOMMANDS`
#: lists the same names). Handlers are ``g_NAME(x, words) -> None``.
SUBCOMMANDS = {"send-pack": "g_send_pack", "read-tree": "g_read_tree",
               "checkout-index": "g_checkout_index", "am": "g_am"}


def g_send_pack(x: X, words: list) -> None:
    """``git send-pack [--force] [--mirror] [--all] REMOTE [+]REF...``:
    forcing, mirroring and deleting forms are ``force-push``; ``--dry-run``
    is not; ``--receive-pack``/``--exec`` run a program (``git-exec``)."""
    p = parse_opts(words, "", ("--receive-pack", "--exec", "--push-option", "--signed"),
                   long_flags=("--force", "--mirror", "--all", "--dry-run", "--thin",
                               "--atomic", "--stdin", "--verbose", "--quiet"))
    if p.has("-n", "--dry-run"):
        return
    if p.has("-f", "--force"):
        destroy(x, "force-push", Msg("shell.find.git_send_pack_force"))
    if p.has("--mirror"):
        destroy(x, "force-push", Msg("shell.find.git_send_pack_mirror"))
    for v in p.values("--receive-pack", "--exec"):
        x.run.carrier("git-exec", Msg("shell.carrier.git_send_pack_receive"), x.cmd)
        if v.dynamic:
            x.run.unknown(Msg("shell.unknown.git_send_pack_runs"))
        else:
            x.code(v.value, "git send-pack --receive-pack")
    if p.has("--stdin"):
        x.run.unknown(Msg("shell.unknown.git_send_pack_reads"))
    for r in p.operands[1:]:
        if r.value.startswith("+"):
            destroy(x, "force-push", Msg("shell.find.git_send_pack_ref", r=r.value))
        elif r.value.startswith(":"):
            destroy(x, "force-push", Msg("shell.find.git_send_pack_deletes", r=r.value))


def _worktree(x: X, how: str) -> None:
    """The whole working tree may be rewritten (files not statically known)."""
    x.run.write(x.cmd, cwd_word(x.cmd), how, recursive=True)


def g_read_tree(x: X, words: list) -> None:
    """``git read-tree -u`` writes the working tree (every tracked file may
    change); with ``--reset`` it discards uncommitted changes
    (``git-history``)."""
    p = parse_opts(words, "", ("--prefix", "--index-output", "--exclude-per-directory"),
                   long_flags=("--reset", "--trivial", "--aggressive", "--empty",
                               "--no-sparse-checkout", "--dry-run", "--recurse-submodules"))
    if p.has("-n", "--dry-run"):
        return
    if p.has("-u"):
        if p.has("--reset"):
            destroy(x, "git-history", Msg("shell.find.git_read_tree_u"))
        prefix = p.value("--prefix")
        if prefix is not None:
            x.run.write(x.cmd, prefix, "git read-tree -u --prefix", recursive=True)
        else:
            _worktree(x, "git read-tree -u")


def g_checkout_index(x: X, words: list) -> None:
    """``git checkout-index [-f] [-a | PATH...]`` writes the named paths (all
    of them with ``-a``; under ``--prefix``); ``-f`` overwrites existing
    files (``git-history``); ``--stdin`` paths are computed at run time."""
    p = parse_opts(words, "", ("--prefix", "--stage", "--temp"),
                   long_flags=("--force", "--all", "--index", "--stdin", "--quiet",
                               "--no-create", "--ignore-skip-worktree-bits"))
    if p.has("-n", "--no-create"):
        return
    prefix = p.value("--prefix")
    if p.has("-f", "--force") and prefix is None:
        destroy(x, "git-history", Msg("shell.find.git_checkout_index_f"))
    if p.has("--temp"):
        return
    if p.has("--stdin"):
        x.run.write(x.cmd, Word(DYN, DYN, dynamic=True), "git checkout-index --stdin")
        return
    if prefix is not None:
        x.run.write(x.cmd, prefix if not p.operands else Word(
            prefix.text, prefix.value, dynamic=prefix.dynamic), "git checkout-index --prefix",
            recursive=True)
        return
    if p.has("-a", "--all"):
        _worktree(x, "git checkout-index -a")
    for w in p.operands:
        x.run.write(x.cmd, w, "git checkout-index")


def g_am(x: X, words: list) -> None:
    """``git am [MBOX...]`` applies patches: every file they name is written
    (read from the mbox files or standard input; unreadable: the whole
    working tree); ``--abort``/``--skip``/``--continue`` rewrite the working
    tree."""
    p = parse_opts(words, "pC", ("--directory", "--exclude", "--include", "--whitespace",
                                 "--patch-format", "--resolvemsg"),
                   long_flags=("--abort", "--skip", "--continue", "--quit", "--resolved",
                               "--show-current-patch", "--3way", "--signoff", "--keep"))
    if p.has("--quit", "--show-current-patch"):
        return
    if p.has("--abort", "--skip", "--continue", "--resolved", "-r"):
        _worktree(x, "git am")
        return
    for t in patch_texts(x, p.operands):
        text.patch_targets(x, t, "git am")
