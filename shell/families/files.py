"""File operations (SPEC §3 bash-check, §4; bypass families F and G): what
removes, moves, copies, links, truncates, creates or re-modes files. Every
path becomes a :class:`shell.model.Write` (``write``, ``delete`` or ``meta``,
resolved against the working directory and through links made earlier in
the command) for bash-check's guarded-file rule; removals are judged by
:func:`shell.deletion.judge_delete` (``rm-recursive``); recursive or
world-writable mode changes outside the project are ``chmod-system``.
"""

from __future__ import annotations

import os

import shell.opts as opts
import shell.paths as paths
from shell.deletion import judge_delete
from shell.invocation import X
from shell.model import Msg, Word
from shell.output import static_output

#: The family name recorded on findings (``Finding.command_family``).
FAMILY = "files"
#: Command → handler below (:mod:`shell.registry` lists the same names).
COMMANDS = {
    **dict.fromkeys(("rm", "rimraf", "del", "del-cli", "trash", "trash-put", "gio", "srm",
                     "wipe"), "h_rm"),
    "rmdir": "h_unlink", "unlink": "h_unlink", "shred": "h_shred", "mv": "h_mv",
    "cp": "h_cp", "install": "h_cp", "ln": "h_ln", "link": "h_ln", "tee": "h_tee",
    "dd": "h_dd",
    **dict.fromkeys(("truncate", "touch", "mkdir", "mkfifo", "mknod", "sponge"),
                    "h_simple_writer"),
    **dict.fromkeys(("chmod", "chown", "chgrp", "chattr", "setfacl", "setfattr", "chcon",
                     "chflags"), "h_attr"),
}


def h_rm(x: X) -> list:
    """``rm``/``rimraf``/``del``/``trash``/``gio trash|remove``/``srm``/``wipe``:
    every operand is a ``delete`` write; recursive or forced removal is judged
    by :func:`shell.deletion.judge_delete`; ``--no-preserve-root`` is
    ``rm-recursive`` by itself. Returns ``[cmd]``."""
    cmd, run = x.cmd, x.run
    run.add(cmd)
    key = cmd.key
    if key in ("rimraf", "del", "del-cli", "trash", "trash-put", "gio"):
        args = x.args
        if key == "gio":
            if not args or args[0].value not in ("trash", "remove"):
                return [cmd]
            args = args[1:]
        p = opts.parse(args, "")
        recursive, force = True, key in ("rimraf", "del", "del-cli")
    else:
        p = opts.parse(x.args, "", long_flags=("--recursive", "--force", "--dir",
                                               "--no-preserve-root", "--preserve-root",
                                               "--one-file-system", "--interactive",
                                               "--verbose", "--help", "--version"))
        recursive = p.has("-r", "-R", "--recursive")
        force = p.has("-f", "--force")
        if key in ("srm", "wipe"):
            force = True
    if p.has("--no-preserve-root"):
        run.find("rm-recursive", Msg("shell.find.rm_no_preserve_root"), cmd)
    for w in p.operands:
        targets = run.write(cmd, w, key, "delete", recursive=recursive,
                            follow=w.value.endswith("/") or w.value.endswith("/."))
        judge_delete(x, w, targets, recursive, force, f"{cmd.name}{' -r' if recursive else ''}"
                     f"{' -f' if force else ''}")
    return [cmd]


def h_unlink(x: X) -> list:
    """``rmdir``/``unlink``: every operand is a (non-recursive) delete. Returns
    ``[cmd]``."""
    cmd, run = x.cmd, x.run
    run.add(cmd)
    p = opts.parse(x.args, "")
    for w in p.operands:
        run.write(cmd, w, cmd.key, "delete", follow=False)
    return [cmd]


def h_shred(x: X) -> list:
    """``shred``: every operand is overwritten and may be removed (judged as a
    forced delete). Returns ``[cmd]``."""
    cmd, run = x.cmd, x.run
    run.add(cmd)
    p = opts.parse(x.args, "ns", ("--iterations", "--size", "--random-source", "--remove"))
    for w in p.operands:
        targets = run.write(cmd, w, "shred", "delete")
        judge_delete(x, w, targets, False, True, "shred")
    return [cmd]


def h_mv(x: X) -> list:
    """``mv SRC... DEST`` / ``mv -t DIR SRC...``: each source is deleted from its
    place (judged leniently: root-like, system and home-dotfile cases) and
    written at the destination (inside it when it is a directory). Returns
    ``[cmd]``."""
    cmd, run = x.cmd, x.run
    run.add(cmd)
    p = opts.parse(x.args, "tSb", ("--target-directory", "--suffix", "--backup"))
    target_dir = p.value("-t", "--target-directory")
    ops = list(p.operands)
    if target_dir is None:
        if len(ops) < 2:
            return [cmd]
        dest = ops[-1]
        sources = ops[:-1]
    else:
        dest = target_dir
        sources = ops
    no_dir = p.has("-T", "--no-target-directory")
    for s in sources:
        targets = run.write(cmd, s, "mv (source)", "delete", recursive=True, follow=False)
        judge_delete(x, s, targets, True, True, "mv", strict=False)
        _record_dest(x, s, dest, no_dir or (target_dir is None and False), "mv", recursive=True,
                     is_target_dir=target_dir is not None)
    return [cmd]


def _record_dest(x: X, src: Word, dest: Word, no_dir: bool, how: str, recursive: bool,
                 is_target_dir: bool = False) -> None:
    """Writes to ``dest`` (or ``dest/basename(src)`` when dest is a
    directory)."""
    run, cmd = x.run, x.cmd
    if dest.dynamic:
        run.write(cmd, dest, how, recursive=recursive)
        return
    targets = paths.resolve(dest.value, cmd.cwd)
    if targets is None:
        run.write(cmd, dest, how, recursive=recursive)
        return
    for t in targets:
        into = is_target_dir or (not no_dir and os.path.isdir(t)) or dest.value.endswith("/")
        if into and not src.dynamic and not src.glob:
            base = os.path.basename(src.value.rstrip("/")) or src.value
            run.write(cmd, Word.literal(os.path.join(t, base)), how, recursive=recursive)
        elif into:
            run.write(cmd, Word.literal(t), how, recursive=True)
        else:
            run.write(cmd, Word.literal(t), how, recursive=recursive)


def h_cp(x: X) -> list:
    """``cp``/``install``: the destination is written (each source's name inside
    it when it is a directory; recursive with ``-r``/``-a``); ``install -d``
    creates its operands. Returns ``[cmd]``."""
    cmd, run = x.cmd, x.run
    run.add(cmd)
    key = cmd.key
    if key == "install":
        p = opts.parse(x.args, "tmogSbC", ("--target-directory", "--mode", "--owner",
                                           "--group", "--suffix", "--backup", "--context"))
        if p.has("-d", "--directory"):
            for w in p.operands:
                run.write(cmd, w, "install -d")
            return [cmd]
    else:
        p = opts.parse(x.args, "tS", ("--target-directory", "--suffix", "--backup",
                                      "--reflink", "--sparse", "--preserve", "--no-preserve"))
    recursive = p.has("-r", "-R", "-a", "--recursive", "--archive")
    target_dir = p.value("-t", "--target-directory")
    ops = list(p.operands)
    if target_dir is None:
        if len(ops) < 2:
            return [cmd]
        dest, sources = ops[-1], ops[:-1]
    else:
        dest, sources = target_dir, ops
    if key != "install" and p.has("-l", "--link"):
        # cp -l / -al: the copies are hard links, second names of the sources
        # (every file below them with -r/-a): writing a copy writes the source.
        for s in sources:
            run.write(cmd, s, Msg("shell.how.hard_link"), "write", recursive=recursive)
    for s in sources:
        _record_dest(x, s, dest, p.has("-T", "--no-target-directory"), key, recursive,
                     is_target_dir=target_dir is not None)
    return [cmd]


def h_ln(x: X) -> list:
    """``ln [-s] TARGET... LINK``: the link is written; a hard link also writes
    its target (a second name for the same file, family G); symbolic links
    made here are followed by later commands. Returns ``[cmd]``."""
    cmd, run = x.cmd, x.run
    run.add(cmd)
    p = opts.parse(x.args, "tSb", ("--target-directory", "--suffix", "--backup"))
    target_dir = p.value("-t", "--target-directory")
    ops = list(p.operands)
    symbolic = p.has("-s", "--symbolic")
    if target_dir is None:
        if len(ops) == 1:
            dest = Word.literal(os.path.basename(ops[0].value.rstrip("/")) or ".")
            sources = ops
        elif len(ops) >= 2:
            dest, sources = ops[-1], ops[:-1]
        else:
            return [cmd]
    else:
        dest, sources = target_dir, ops
    for s in sources:
        if not symbolic:
            # A hard link is a second name for the same file: writing through
            # it writes the original (bypass family G).
            run.write(cmd, s, Msg("shell.how.hard_link"), "write")
        before = len(run.analysis.writes)
        _record_dest(x, s, dest, p.has("-n", "--no-dereference", "-T",
                                       "--no-target-directory"), "ln", False,
                     is_target_dir=target_dir is not None)
        if symbolic and not s.dynamic:
            for wr in run.analysis.writes[before:]:
                if wr.abs:
                    link_dir = os.path.dirname(wr.abs)
                    tgt = s.value if s.value.startswith("/") else os.path.join(link_dir, s.value)
                    run.links[wr.abs] = os.path.realpath(tgt)
    return [cmd]


def h_tee(x: X) -> list:
    """``tee [-a] FILE...``: writes every file (with the piped content when it is
    known, so a later ``bash FILE`` is analysed). Returns ``[cmd]``."""
    cmd, run = x.cmd, x.run
    run.add(cmd)
    p = opts.parse(x.args, "", ("--output-error",))
    content = None
    if cmd.stdin is not None and cmd.stdin.kind in ("heredoc", "herestring") and \
            not cmd.stdin.dynamic:
        content = cmd.stdin.content
    elif cmd.stdin is not None and cmd.stdin.kind == "pipe":
        content = static_output(cmd.stdin.producers)
    for w in p.operands:
        targets = run.write(cmd, w, "tee -a" if p.has("-a", "--append") else "tee")
        for t in targets or ():
            x.scope.files[t] = content
    return [cmd]


def h_dd(x: X) -> list:
    """``dd of=FILE``: writes FILE (a block device: ``disk``). Returns ``[cmd]``."""
    cmd, run = x.cmd, x.run
    run.add(cmd)
    for w in x.args:
        v = w.value
        if v.startswith("of="):
            run.write(cmd, Word(w.text, v[3:], dynamic=w.dynamic), "dd of=")
    return [cmd]


def h_simple_writer(x: X) -> list:
    """``truncate``, ``touch``, ``mkdir``, ``sponge``, ``mkfifo``, ``mknod``:
    every operand is written (``meta`` for the ones that create or touch).
    Returns ``[cmd]``."""
    cmd, run = x.cmd, x.run
    run.add(cmd)
    key = cmd.key
    short = {"truncate": "sr", "touch": "dtrA", "mkdir": "mZ", "mkfifo": "mZ", "mknod": "mZ",
             "sponge": ""}.get(key, "")
    p = opts.parse(x.args, short, ("--size", "--reference", "--date", "--mode", "--context",
                                   "--time"))
    kind = "meta" if key in ("touch", "mkdir", "mkfifo", "mknod") else "write"
    ops = p.operands
    if key == "mknod":
        ops = ops[:1]
    for w in ops:
        targets = run.write(cmd, w, key, kind)
        if key == "sponge" and cmd.stdin is not None:
            for t in targets or ():
                x.scope.files[t] = None
    return [cmd]


def h_attr(x: X) -> list:
    """``chmod``/``chown``/``chgrp``/``chattr``/``setfacl``/``setfattr``/
    ``chcon``: metadata writes; recursive changes and world-writable modes
    on system paths are destructive."""
    cmd, run = x.cmd, x.run
    run.add(cmd)
    key = cmd.key
    args = x.args
    recursive = any(a.value in ("-R", "--recursive") or (
        a.value.startswith("-") and not a.value.startswith("--") and "R" in a.value[1:])
        for a in args)
    operands = []
    mode = None
    skip_first = key in ("chmod", "chown", "chgrp", "chcon")
    for a in args:
        v = a.value
        if v.startswith("--") or (v.startswith("-") and len(v) > 1 and not (
                key == "chmod" and v[1:2] in "rwxXst" and mode is None)):
            if v.startswith("--reference="):
                skip_first = False
            continue
        if skip_first and mode is None:
            mode = a
            continue
        operands.append(a)
    if key in ("setfacl", "setfattr", "chattr"):
        operands = [a for a in operands if not a.value.startswith(("+", "u:", "g:", "o:",
                                                                   "m:", "d:"))]
    world = mode is not None and key == "chmod" and _world_writable(mode.value)
    for w in operands:
        targets = run.write(cmd, w, key, "meta", recursive=recursive)
        if targets is None:
            if recursive:
                run.find("chmod-system", Msg("shell.find.r_path_only_known", key=key,
                                             text=w.text), cmd)
            continue
        for t in targets:
            outside = paths.rel_to(t, run.root) is None and not paths.in_temp(t)
            if t == "/" or (outside and (recursive or world) and (
                    paths.is_system(t) or paths.is_under(run.home or "/nonexistent", t) or
                    paths.home_dotfile(t, run.home) or recursive)):
                shown = " ".join([key] + (["-R"] if recursive else []) +
                                 ([mode.value] if mode is not None else []))
                run.find("chmod-system", Msg("shell.find.chmod_outside_project", command=shown,
                                             path=t), cmd)
                break
            if t == run.root and recursive and world:
                run.find("chmod-system", Msg("shell.find.r_whole_project", key=key,
                                             mode=mode.value), cmd)
                break
    return [cmd]


def _world_writable(mode: str) -> bool:
    """A chmod mode (octal or symbolic) that makes files writable by others."""
    m = mode.strip()
    if m.isdigit():
        last = m[-1]
        return last in "2367"
    return any(part.split("=")[0].strip("+-").count("o") or part.startswith(("a+", "+", "a=")) or
               part.startswith("o") for part in m.split(",") if "w" in part)
