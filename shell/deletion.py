"""The destructive-deletion rule every family applies to what it removes
(SPEC §3 bash-check; bypass families F and G): ``rm``, ``find -delete``,
``rsync --delete``, ``mv`` sources, deletes in interpreter code."""

from __future__ import annotations

import os

import shell.paths as paths
from shell.invocation import X
from shell.model import Msg, Word


def judge_delete(x: X, word: Word, targets, recursive: bool, force: bool, how: str,
                 strict: bool = True) -> None:
    """Destructive-deletion rule (SPEC §3 bash-check): removing (recursively
    or by force) anything outside the project and the temp directories, the
    project root or an ancestor of it, the home directory, ``/``, a temp
    root, or a match-all glob in one of those is an ``rm-recursive`` finding
    (``certain=False`` when the path is only known at run time); a plain
    delete of a system or home configuration file is ``system-write``.

    Args:
        x: the invocation doing the delete.
        word: the operand as written (its ``text`` is quoted in messages).
        targets: the absolute paths it names (``Run.write``'s result), or
            ``None`` when unknown.
        recursive, force: ``-r``/``-f`` or their equivalents.
        how: what the message calls the operation (``"rm -r -f"``).
        strict: ``False`` (``mv`` sources) keeps only the root-like, system
            and home-dotfile cases.
    """
    run, cmd = x.run, x.cmd
    if cmd.remote:
        _judge_remote(x, word, recursive or force, how)
        return
    if not (recursive or force):
        for t in targets or ():
            if paths.rel_to(t, run.root) is None and not paths.in_temp(t) and (
                    paths.is_system(t) or paths.home_dotfile(t, run.home)):
                run.find("system-write", Msg("shell.find.rm_system_file",
                                             how=how, path=t), cmd)
                return
        return
    shown = word.text if word.text else word.value
    if targets is None:
        run.find("rm-recursive", Msg("shell.find.rm_dynamic_path", how=how,
                                     shown=shown),
                 cmd, certain=False)
        return
    root, home = run.root, run.home
    if word.glob and word.pattern:
        res = paths.glob_expand(word.pattern, cmd.cwd)
        bases = res[1] if res else []
        first_wild = next((p for p in word.pattern.split("/") if any(c in p for c in "*?[")), "")
        if paths.match_all(first_wild):
            for b in bases:
                b = paths.norm(b)
                if b == "/" or b == home or paths.is_under(root, b) or paths.is_temp_root(b) or \
                        b == os.path.dirname(home or "/x") or (
                        strict and paths.rel_to(b, root) is None and not paths.in_temp(b)):
                    run.find("rm-recursive", Msg("shell.find.rm_glob",
                                                 how=how, shown=shown, base=b,
                                                 where=_describe(b, root, home)), cmd)
                    return
    for t in targets:
        where = _describe(t, root, home)
        if t == "/" or (home and t == home) or paths.is_under(root, t) or (
                home and paths.is_under(home, t)):
            run.find("rm-recursive",
                     Msg("shell.find.rm_protected_dir", how=how, shown=shown, path=t,
                                         where=where), cmd)
            return
        if paths.rel_to(t, root) is not None:
            continue
        if paths.in_temp(t):
            continue
        if paths.is_temp_root(t):
            run.find("rm-recursive", Msg("shell.find.rm_temp_root", how=how,
                                         path=t), cmd)
            return
        if strict or paths.is_system(t) or paths.home_dotfile(t, home):
            run.find("rm-recursive", Msg("shell.find.rm_outside_project",
                                         how=how, shown=shown, path=t), cmd)
            return


def _judge_remote(x, word, forceful: bool, how: str) -> None:
    if not forceful:
        return
    v = word.value
    if word.dynamic or v in ("/", "/*", "~", "~/", "*", ".", "..") or v.startswith(("/", "~")):
        x.run.find("rm-recursive", Msg("shell.find.rm_remote", how=how, text=word.text), x.cmd)


def _describe(t: str, root: str, home: str) -> Msg:
    if t == "/":
        return Msg("shell.find.where_fs_root")
    if home and t == home:
        return Msg("shell.find.where_home")
    if t == root:
        return Msg("shell.find.where_project_root")
    if paths.is_under(root, t):
        return Msg("shell.find.where_above_project")
    if home and paths.is_under(home, t):
        return Msg("shell.find.where_above_home")
    if paths.is_temp_root(t):
        return Msg("shell.find.where_temp_root")
    return Msg("shell.find.where_outside")
