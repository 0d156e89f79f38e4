"""File operations (writes, deletions, moves), text tools that can write or
run commands (``sed``, ``awk``, ``sort -o``...), archive tools, system-level
destructive commands, and the read-only table (SPEC §3, §4; bypass families
D, F and G)."""

from __future__ import annotations

import os

from shell import opts, paths
from shell.model import DYN, Word


# ---------------------------------------------------------------- deletions

def judge_delete(x, word, targets, recursive: bool, force: bool, how: str,
                 strict: bool = True) -> None:
    """Destructive-deletion rule (SPEC §3 bash-check): removing (recursively
    or by force) anything outside the project and the temp directories, the
    project root or an ancestor of it, the home directory, ``/``, a temp
    root, or a match-all glob in one of those. ``strict=False`` (``mv``
    sources) keeps only the root-like, system and home-dotfile cases."""
    run, cmd = x.run, x.cmd
    if cmd.remote:
        _judge_remote(x, word, recursive or force, how)
        return
    if not (recursive or force):
        for t in targets or ():
            if paths.rel_to(t, run.root) is None and not paths.in_temp(t) and (
                    paths.is_system(t) or paths.home_dotfile(t, run.home)):
                run.find("system-write", f"{how} removes {t}, a system or home configuration "
                         "file outside the project", cmd)
                return
        return
    shown = word.text if word.text else word.value
    if targets is None:
        run.find("rm-recursive", f"{how} removes {shown!r}, whose path is only known at run "
                 "time (a variable, substitution or unknown directory); spell the path out",
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
                    run.find("rm-recursive", f"{how} removes everything matching {shown!r} in "
                             f"{b} (a glob over {_describe(b, root, home)})", cmd)
                    return
    for t in targets:
        where = _describe(t, root, home)
        if t == "/" or (home and t == home) or paths.is_under(root, t) or (
                home and paths.is_under(home, t)):
            run.find("rm-recursive", f"{how} removes {shown!r} = {t} ({where})", cmd)
            return
        if paths.rel_to(t, root) is not None:
            continue
        if paths.in_temp(t):
            continue
        if paths.is_temp_root(t):
            run.find("rm-recursive", f"{how} removes the whole temp directory {t}", cmd)
            return
        if strict or paths.is_system(t) or paths.home_dotfile(t, home):
            run.find("rm-recursive", f"{how} removes {shown!r} = {t}, outside the project and "
                     "the temp directories", cmd)
            return


def _judge_remote(x, word, forceful: bool, how: str) -> None:
    if not forceful:
        return
    v = word.value
    if word.dynamic or v in ("/", "/*", "~", "~/", "*", ".", "..") or v.startswith(("/", "~")):
        x.run.find("rm-recursive", f"{how} on another host removes {word.text!r}", x.cmd)


def _describe(t: str, root: str, home: str) -> str:
    if t == "/":
        return "the file system root"
    if home and t == home:
        return "the home directory"
    if t == root:
        return "the project root"
    if paths.is_under(root, t):
        return "a directory containing the project"
    if home and paths.is_under(home, t):
        return "a directory containing the home directory"
    if paths.is_temp_root(t):
        return "a temp root"
    return "outside the project"


def h_rm(x) -> list:
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
        run.find("rm-recursive", "rm --no-preserve-root: permits removing / recursively", cmd)
    for w in p.operands:
        targets = run.write(cmd, w, key, "delete", recursive=recursive,
                            follow=w.value.endswith("/") or w.value.endswith("/."))
        judge_delete(x, w, targets, recursive, force, f"{cmd.name}{' -r' if recursive else ''}"
                     f"{' -f' if force else ''}")
    return [cmd]


def h_unlink(x) -> list:
    cmd, run = x.cmd, x.run
    run.add(cmd)
    p = opts.parse(x.args, "")
    for w in p.operands:
        run.write(cmd, w, cmd.key, "delete", follow=False)
    return [cmd]


def h_shred(x) -> list:
    cmd, run = x.cmd, x.run
    run.add(cmd)
    p = opts.parse(x.args, "ns", ("--iterations", "--size", "--random-source", "--remove"))
    for w in p.operands:
        targets = run.write(cmd, w, "shred", "delete")
        judge_delete(x, w, targets, False, True, "shred")
    return [cmd]


def h_mv(x) -> list:
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


def _record_dest(x, src, dest, no_dir: bool, how: str, recursive: bool,
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


def h_cp(x) -> list:
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
    for s in sources:
        _record_dest(x, s, dest, p.has("-T", "--no-target-directory"), key, recursive,
                     is_target_dir=target_dir is not None)
    return [cmd]


def h_ln(x) -> list:
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
            run.write(cmd, s, "ln (hard link to)", "write")
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


def h_tee(x) -> list:
    cmd, run = x.cmd, x.run
    run.add(cmd)
    p = opts.parse(x.args, "", ("--output-error",))
    content = None
    if cmd.stdin is not None and cmd.stdin.kind in ("heredoc", "herestring") and \
            not cmd.stdin.dynamic:
        content = cmd.stdin.content
    elif cmd.stdin is not None and cmd.stdin.kind == "pipe":
        from shell.semantics import _static_output

        content = _static_output(cmd.stdin.producers)
    for w in p.operands:
        targets = run.write(cmd, w, "tee -a" if p.has("-a", "--append") else "tee")
        for t in targets or ():
            x.scope.files[t] = content
    return [cmd]


def h_dd(x) -> list:
    cmd, run = x.cmd, x.run
    run.add(cmd)
    for w in x.args:
        v = w.value
        if v.startswith("of="):
            run.write(cmd, Word(w.text, v[3:], dynamic=w.dynamic), "dd of=")
    return [cmd]


def h_simple_writer(x) -> list:
    """``truncate``, ``touch``, ``mkdir``, ``sponge``, ``mkfifo``,
    ``mknod``: every operand is written."""
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


def h_attr(x) -> list:
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
                run.find("chmod-system", f"{key} -R on {w.text!r}, a path only known at run "
                         "time", cmd)
            continue
        for t in targets:
            outside = paths.rel_to(t, run.root) is None and not paths.in_temp(t)
            if t == "/" or (outside and (recursive or world) and (
                    paths.is_system(t) or paths.is_under(run.home or "/nonexistent", t) or
                    paths.home_dotfile(t, run.home) or recursive)):
                run.find("chmod-system", f"{key}{' -R' if recursive else ''}"
                         f"{' ' + mode.value if mode is not None else ''} on {t} (outside the "
                         "project)", cmd)
                break
            if t == run.root and recursive and world:
                run.find("chmod-system", f"{key} -R {mode.value} on the whole project", cmd)
                break
    return [cmd]


def _world_writable(mode: str) -> bool:
    m = mode.strip()
    if m.isdigit():
        last = m[-1]
        return last in "2367"
    return any(part.split("=")[0].strip("+-").count("o") or part.startswith(("a+", "+", "a=")) or
               part.startswith("o") for part in m.split(",") if "w" in part)


def h_diff(x) -> list:
    """``diff --output=FILE`` writes FILE; otherwise diff only reads."""
    cmd, run = x.cmd, x.run
    run.add(cmd)
    args = x.args
    for k, a in enumerate(args):
        v = a.value
        if v.startswith("--output="):
            run.write(cmd, Word(a.text, v.split("=", 1)[1], dynamic=a.dynamic), "diff --output")
        elif v == "--output" and k + 1 < len(args):
            run.write(cmd, args[k + 1], "diff --output")
    return [cmd]


def h_sort(x) -> list:
    cmd, run = x.cmd, x.run
    run.add(cmd)
    p = opts.parse(x.args, "okStT", ("--output", "--key", "--buffer-size",
                                     "--field-separator", "--temporary-directory",
                                     "--compress-program", "--files0-from", "--parallel",
                                     "--batch-size", "--sort", "--random-source"))
    for v in p.values("-o", "--output"):
        run.write(cmd, v, "sort -o")
    prog = p.value("--compress-program")
    if prog is not None:
        run.carrier("sort-compress", "sort --compress-program runs a program", cmd)
        x.argv([prog], "sort --compress-program")
    return [cmd]


def h_uniq(x) -> list:
    cmd, run = x.cmd, x.run
    run.add(cmd)
    p = opts.parse(x.args, "fsw", ("--skip-fields", "--skip-chars", "--check-chars",
                                   "--all-repeated", "--group"))
    if len(p.operands) >= 2:
        run.write(cmd, p.operands[1], "uniq")
    return [cmd]


def h_split(x) -> list:
    cmd, run = x.cmd, x.run
    run.add(cmd)
    p = opts.parse(x.args, "abCdlnt", ("--suffix-length", "--bytes", "--line-bytes",
                                       "--lines", "--number", "--additional-suffix",
                                       "--filter", "--separator"))
    prefix = p.operands[1] if len(p.operands) >= 2 else Word.literal("x")
    run.write(cmd, prefix, cmd.key)
    flt = p.value("--filter")
    if flt is not None:
        run.carrier("split-filter", "split --filter runs a shell command", cmd)
        if flt.dynamic:
            run.unknown("split --filter runs a command assembled at run time")
        else:
            x.code(flt.value, "split --filter")
    return [cmd]


def h_patch(x) -> list:
    cmd, run = x.cmd, x.run
    run.add(cmd)
    p = opts.parse(x.args, "BdDFgiopVYrz",
                   ("--prefix", "--directory", "--ifdef", "--fuzz", "--get", "--input",
                    "--output", "--strip", "--version-control", "--basename-prefix",
                    "--reject-file", "--suffix", "--quoting-style"))
    for v in p.values("-o", "--output", "-r", "--reject-file"):
        run.write(cmd, v, "patch -o")
    if p.operands:
        run.write(cmd, p.operands[0], "patch")
        return [cmd]
    text = None
    infile = p.value("-i", "--input") or (p.operands[1] if len(p.operands) > 1 else None)
    if infile is not None and not infile.dynamic:
        text = _read_text(infile.value, cmd)
    elif cmd.stdin is not None and cmd.stdin.kind in ("heredoc", "herestring") and \
            not cmd.stdin.dynamic:
        text = cmd.stdin.content
    elif cmd.stdin is not None and cmd.stdin.kind == "file" and not cmd.stdin.dynamic:
        text = _read_text(cmd.stdin.path, cmd)
    patch_targets(x, text, "patch")
    return [cmd]


def patch_targets(x, text, how: str) -> None:
    """Files a unified/context diff modifies (``+++``/``---``/``diff --git``
    headers, with and without the first path component)."""
    run, cmd = x.run, x.cmd
    if text is None:
        cwd = next(iter(cmd.cwd)) if cmd.cwd is not None and len(cmd.cwd) == 1 else None
        run.write(cmd, Word.literal(cwd) if cwd else Word(DYN, DYN, dynamic=True),
                  f"{how} (files named in a diff that cannot be read)", recursive=True)
        return
    seen = set()
    for line in text.splitlines():
        name = None
        if line.startswith(("+++ ", "--- ")):
            name = line[4:].split("\t", 1)[0].strip()
        elif line.startswith("diff --git "):
            parts = line.split()
            if len(parts) >= 4:
                for part in parts[2:4]:
                    seen.add(part)
            continue
        elif line.startswith(("rename to ", "copy to ", "rename from ")):
            name = line.split(" ", 2)[2].strip()
        if name and name != "/dev/null":
            seen.add(name)
    for name in sorted(seen):
        if name.startswith('"') and name.endswith('"'):
            name = name[1:-1]
        stripped = name.split("/", 1)[1] if "/" in name and not name.startswith("/") else None
        for cand in (name, stripped):
            if cand:
                run.write(cmd, Word.literal(cand), how)


def _read_text(path: str, cmd, limit: int = 2 * 1024 * 1024):
    targets = paths.resolve(path, cmd.cwd)
    if not targets:
        return None
    from statefiles.atomic import read_bytes

    try:
        data = read_bytes(targets[0], limit + 1)  # a FIFO is refused, never waited on
    except OSError:
        return None
    if len(data) > limit:
        return None
    return data.decode("utf-8", "replace")


def h_tar(x) -> list:
    cmd, run = x.cmd, x.run
    run.add(cmd)
    args = list(x.args)
    # Old-style bundled keys: "tar xzf file" (first argument without '-').
    if args and not args[0].value.startswith("-") and args[0].value and \
            all(c.isalpha() for c in args[0].value):
        keys = args[0].value
        rest = args[1:]
        new = []
        for k in keys:
            if k in "fCbTXgKLNV" and rest:
                new.extend([Word.literal("-" + k), rest[0]])
                rest = rest[1:]
            else:
                new.append(Word.literal("-" + k))
        args = new + rest
    p = opts.parse(args, "fCbTXgKLNVI",
                   ("--file", "--directory", "--blocking-factor", "--files-from", "--exclude-from",
                    "--listed-incremental", "--starting-file", "--tape-length", "--newer",
                    "--label", "--use-compress-program", "--to-command", "--checkpoint-action",
                    "--info-script", "--new-volume-script", "--rsh-command", "--transform",
                    "--xform", "--owner", "--group", "--mode", "--mtime", "--exclude"))
    for o, v in p.opts:
        if o in ("--to-command", "--checkpoint-action", "--info-script", "--new-volume-script",
                 "-F", "--rsh-command", "-I", "--use-compress-program") and v is not None:
            run.carrier("tar-exec", f"tar {o} runs a command", cmd)
            code = v.value
            if o == "--checkpoint-action":
                if not code.startswith(("exec=", "exec ")):
                    continue
                code = code[5:]
            if v.dynamic:
                run.unknown(f"tar {o} runs a command assembled at run time")
            else:
                x.code(code, f"tar {o}")
    mode = None
    for o, _v in p.opts:
        if o in ("-c", "--create"):
            mode = "c"
        elif o in ("-x", "--extract", "--get"):
            mode = "x"
        elif o in ("-r", "--append", "-u", "--update", "-A", "--catenate", "--concatenate"):
            mode = "r"
        elif o in ("--delete",):
            mode = "d"
        elif o in ("-t", "--list"):
            mode = mode or "t"
    archive = p.value("-f", "--file")
    if mode in ("c", "r", "d") and archive is not None and archive.value != "-":
        run.write(cmd, archive, "tar (archive)")
    if mode == "x":
        if p.has("-O", "--to-stdout"):
            return [cmd]
        directory = p.value("-C", "--directory")
        target = directory if directory is not None else _cwd_word(cmd)
        run.write(cmd, target, "tar -x (extracts an archive into it)", recursive=True)
    return [cmd]


def _cwd_word(cmd) -> Word:
    if cmd.cwd is not None and len(cmd.cwd) == 1:
        return Word.literal(next(iter(cmd.cwd)))
    return Word(DYN, DYN, dynamic=True)


def h_unzip(x) -> list:
    cmd, run = x.cmd, x.run
    run.add(cmd)
    p = opts.parse(x.args, "dxP")
    if p.has("-l", "-t", "-v", "-p", "-Z", "-z"):
        return [cmd]
    directory = p.value("-d")
    target = directory if directory is not None else _cwd_word(cmd)
    run.write(cmd, target, "unzip (extracts an archive into it)", recursive=True)
    return [cmd]


def h_zip(x) -> list:
    cmd, run = x.cmd, x.run
    run.add(cmd)
    p = opts.parse(x.args, "bnOtPZsi", ("--unzip-command", "--temp-path", "--output-file",
                                         "--password", "--suffixes", "--compression-method",
                                         "--split-size"))
    for v in p.values("--unzip-command"):
        _tt(x, v)
    # -TT cmd is spelled as two letters: look for it in the raw arguments.
    vals = [a for a in x.args]
    for k, a in enumerate(vals):
        if a.value == "-TT" and k + 1 < len(vals):
            _tt(x, vals[k + 1])
        elif a.value.startswith("-TT") and len(a.value) > 3:
            _tt(x, Word(a.text, a.value[3:], dynamic=a.dynamic))
    out = p.value("-O", "--output-file")
    if out is not None:
        run.write(cmd, out, "zip -O")
    elif p.operands:
        run.write(cmd, p.operands[0], "zip (archive)")
    return [cmd]


def _tt(x, v) -> None:
    x.run.carrier("zip-exec", "zip -TT/--unzip-command runs a command", x.cmd)
    if v.dynamic:
        x.run.unknown("zip -TT runs a command assembled at run time")
    else:
        x.code(v.value, "zip -TT")


def h_7z(x) -> list:
    cmd, run = x.cmd, x.run
    run.add(cmd)
    if not x.args:
        return [cmd]
    sub = x.args[0].value
    out_dir = next((a.value[2:] for a in x.args if a.value.startswith("-o")), None)
    if sub in ("x", "e"):
        target = Word.literal(out_dir) if out_dir else _cwd_word(cmd)
        run.write(cmd, target, "7z x (extracts an archive into it)", recursive=True)
    elif sub in ("a", "u", "d", "rn") and len(x.args) >= 2:
        archive = next((a for a in x.args[1:] if not a.value.startswith("-")), None)
        if archive is not None:
            run.write(cmd, archive, f"7z {sub}")
    return [cmd]


def h_compress(x) -> list:
    """gzip/bzip2/xz/zstd and their decompressors replace the file operand in
    place unless writing to stdout."""
    cmd, run = x.cmd, x.run
    run.add(cmd)
    p = opts.parse(x.args, "SbT", ("--suffix", "--threads", "--memlimit", "--format"))
    if p.has("-c", "--stdout", "--to-stdout", "-l", "--list", "-t", "--test") or \
            cmd.key in ("zcat", "bzcat", "xzcat", "zstdcat"):
        return [cmd]
    for w in p.operands:
        run.write(cmd, w, cmd.key)
    outs = p.values("-o", "--output")
    for v in outs:
        run.write(cmd, v, cmd.key)
    return [cmd]


def h_rsync(x) -> list:
    cmd, run = x.cmd, x.run
    run.add(cmd)
    p = opts.parse(x.args, "eBfTM", ("--rsh", "--rsync-path", "--filter", "--exclude",
                                     "--include", "--exclude-from", "--include-from",
                                     "--files-from", "--temp-dir", "--compare-dest",
                                     "--copy-dest", "--link-dest", "--backup-dir",
                                     "--suffix", "--chmod", "--chown", "--log-file",
                                     "--partial-dir", "--password-file", "--port",
                                     "--out-format", "--bwlimit", "--timeout"))
    for v in p.values("-e", "--rsh"):
        run.carrier("rsync-exec", "rsync -e runs a command as its remote shell", cmd)
        if v.dynamic:
            run.unknown("rsync -e runs a command assembled at run time")
        else:
            x.code(v.value, "rsync -e")
    for v in p.values("--rsync-path"):
        run.carrier("rsync-exec", "rsync --rsync-path runs a command on the remote side", cmd)
    for v in p.values("--log-file"):
        run.write(cmd, v, "rsync --log-file")
    ops = p.operands
    if len(ops) < 2:
        return [cmd]
    dest = ops[-1]
    deleting = any(o[0].startswith("--delete") or o[0] == "--remove-source-files"
                   for o in p.opts)
    if _remote_spec(dest.value):
        return [cmd]
    targets = run.write(cmd, dest, "rsync", recursive=True)
    if deleting:
        judge_delete(x, dest, targets, True, True, "rsync --delete")
    if p.has("--remove-source-files"):
        for s in ops[:-1]:
            if not _remote_spec(s.value):
                run.write(cmd, s, "rsync --remove-source-files", "delete", recursive=True)
    return [cmd]


def _remote_spec(v: str) -> bool:
    head = v.split("/", 1)[0]
    return ":" in head or v.startswith("rsync://")


def h_scp(x) -> list:
    cmd, run = x.cmd, x.run
    run.add(cmd)
    p = opts.parse(x.args, "cFiJloPSDX")
    for v in p.values("-S"):
        run.carrier("scp-exec", "scp -S runs a program", cmd)
    ops = p.operands
    if len(ops) >= 2 and not _remote_spec(ops[-1].value):
        run.write(cmd, ops[-1], "scp", recursive=p.has("-r"))
    return [cmd]


# ------------------------------------------------------------------ sed/awk

def h_sed(x) -> list:
    """``sed``: ``-i`` edits its files; the script's ``w``/``W`` commands and
    ``s///w`` write files; ``e`` and ``s///e`` run shell commands (GNU)."""
    cmd, run = x.cmd, x.run
    run.add(cmd)
    args = list(x.args)
    scripts = []
    files = []
    in_place = False
    i = 0
    script_from_option = False
    while i < len(args):
        a = args[i]
        v = a.value
        if v == "--":
            files.extend(args[i + 1:])
            break
        if v in ("-e", "--expression") and i + 1 < len(args):
            scripts.append(args[i + 1])
            script_from_option = True
            i += 2
            continue
        if v.startswith("--expression="):
            scripts.append(Word(a.text, v.split("=", 1)[1], dynamic=a.dynamic))
            script_from_option = True
            i += 1
            continue
        if v in ("-f", "--file") and i + 1 < len(args):
            script_from_option = True
            text = _read_text(args[i + 1].value, cmd) if not args[i + 1].dynamic else None
            if text is None:
                run.unknown("sed runs a script file that cannot be read")
            else:
                scripts.append(Word.literal(text))
            i += 2
            continue
        if v.startswith("--in-place") or v == "-i" or v.startswith("-i") or (
                v.startswith("-") and not v.startswith("--") and "i" in v[1:] and
                not any(c in v[1:] for c in "ef")):
            in_place = True
            if v == "-i" and i + 1 < len(args) and args[i + 1].value == "":
                i += 2    # BSD: -i '' (empty backup suffix)
                continue
            i += 1
            continue
        if v in ("-l", "--line-length") and i + 1 < len(args):
            i += 2
            continue
        if v.startswith("-") and len(v) > 1:
            if "e" in v[1:] and not v.startswith("--"):
                # bundled -ne 'script'
                if i + 1 < len(args):
                    scripts.append(args[i + 1])
                    script_from_option = True
                i += 2
                continue
            i += 1
            continue
        if not script_from_option and not scripts:
            scripts.append(a)
        else:
            files.append(a)
        i += 1
    for s in scripts:
        if s.dynamic:
            run.unknown("sed runs a script assembled at run time")
            run.carrier("sed", "sed script assembled at run time (may use e/w)", cmd)
            continue
        info = scan_sed(s.value)
        if info["exec"]:
            run.carrier("sed-exec", "sed's e command runs shell commands", cmd)
            run.unknown("sed's e command runs shell commands built from the input")
        for f in info["writes"]:
            run.carrier("sed-write", "sed's w command writes a file", cmd)
            run.write(cmd, Word.literal(f), "sed w")
    if in_place:
        for f in files:
            run.write(cmd, f, "sed -i")
    return [cmd]


def scan_sed(script: str) -> dict:
    """The file-writing and command-running parts of a sed script:
    ``{"writes": [file...], "exec": bool, "ok": bool}``. Conservative: a
    script that cannot be read counts as executing."""
    writes = []
    execs = False
    i = 0
    n = len(script)
    while i < n:
        c = script[i]
        if c in " \t\n;{}!":
            i += 1
            continue
        # addresses: numbers, $, /re/, \cREc, ranges, steps
        while i < n and (script[i].isdigit() or script[i] in "$,~+"):
            i += 1
        if i < n and script[i] == "/":
            i = _skip_delim(script, i, "/")
            continue
        if i < n and script[i] == "\\" and i + 1 < n:
            i = _skip_delim(script, i + 1, script[i + 1])
            continue
        if i >= n:
            break
        c = script[i]
        if c in " \t!":
            i += 1
            continue
        if c in "sy":
            if i + 1 >= n:
                break
            delim = script[i + 1]
            j = _skip_delim(script, i + 1, delim)
            j = _skip_delim(script, j - 1, delim)
            flags_start = j
            while j < n and script[j] not in ";\n}":
                if c == "s" and script[j] == "w":
                    fname = script[j + 1:].split("\n", 1)[0].strip()
                    writes.append(fname)
                    j = n
                    break
                j += 1
            flags = script[flags_start:j]
            if c == "s" and "e" in flags:
                execs = True
            i = j
            continue
        if c in "wW":
            fname = script[i + 1:].split("\n", 1)[0].strip()
            if fname:
                writes.append(fname)
            nl = script.find("\n", i)
            i = n if nl < 0 else nl + 1
            continue
        if c == "e":
            execs = True
            nl = script.find("\n", i)
            i = n if nl < 0 else nl + 1
            continue
        if c in "aic":
            nl = script.find("\n", i)
            i = n if nl < 0 else nl + 1
            continue
        if c in "rRbtTv:#lLqQ":
            nl_semi = [k for k in (script.find("\n", i), script.find(";", i)) if k >= 0]
            i = min(nl_semi) + 1 if nl_semi and c not in "rRbtTv:#" else (
                (script.find("\n", i) + 1) if script.find("\n", i) >= 0 else n)
            continue
        i += 1
    return {"writes": writes, "exec": execs}


def _skip_delim(s: str, i: int, delim: str) -> int:
    """``s[i] == delim`` opens a delimited part: index after its closing
    delimiter (escapes honoured)."""
    j = i + 1
    while j < len(s):
        if s[j] == "\\":
            j += 2
            continue
        if s[j] == delim:
            return j + 1
        j += 1
    return len(s)


def h_awk(x) -> list:
    """awk: ``system()``, ``print | "cmd"``, ``"cmd" | getline`` run shell
    commands; ``print > "file"`` writes files; gawk ``-i inplace`` edits."""
    cmd, run = x.cmd, x.run
    run.add(cmd)
    args = list(x.args)
    program = None
    files = []
    in_place = False
    i = 0
    while i < len(args):
        a = args[i]
        v = a.value
        if v == "--":
            i += 1
            break
        if v in ("-f", "--file") and i + 1 < len(args):
            text = _read_text(args[i + 1].value, cmd) if not args[i + 1].dynamic else None
            if text is None:
                run.unknown("awk runs a program file that cannot be read")
            program = Word.literal(text or "")
            i += 2
            continue
        if v in ("-i", "--include", "-l", "--load") and i + 1 < len(args):
            if args[i + 1].value in ("inplace", "inplace.awk"):
                in_place = True
            else:
                run.carrier("awk", "awk loads an extension or include file", cmd)
            i += 2
            continue
        if v in ("-v", "--assign", "-F", "--field-separator") and i + 1 < len(args):
            i += 2
            continue
        if v in ("-e", "--source") and i + 1 < len(args):
            program = args[i + 1]
            i += 2
            continue
        if v.startswith("-") and len(v) > 1:
            i += 1
            continue
        break
    rest = args[i:]
    if program is None and rest:
        program, rest = rest[0], rest[1:]
    files = [w for w in rest if "=" not in w.value or w.value.startswith(("/", "."))]
    if program is not None:
        if program.dynamic:
            run.unknown("awk runs a program assembled at run time")
        else:
            from shell import codescan

            rep = codescan.scan("awk", program.value)
            for s in rep.shell:
                run.carrier("awk-exec", "awk runs shell commands (system/pipes)", cmd)
                x.code(s, "awk system()")
            for s in rep.pipes:
                from shell.model import Stdin

                run.carrier("awk-exec", "awk pipes its output into a command", cmd)
                x.code(s, "awk print |", stdin=Stdin("pipe", producers=(cmd,)))
            for reason in rep.unknown:
                run.carrier("awk-exec", "awk runs shell commands (system/pipes)", cmd)
                run.unknown(f"awk: {reason}")
            for _kind, path, _rec in rep.writes:
                if path is None:
                    run.unknown("awk writes a file whose name is computed at run time")
                else:
                    run.write(cmd, Word.literal(path), "awk print >")
    if in_place:
        for f in files:
            run.write(cmd, f, "awk -i inplace")
    return [cmd]


# --------------------------------------------------------- system commands

def h_mkfs(x) -> list:
    x.run.find("disk", f"{x.cmd.name} creates a file system (erases the target device)",
               x.cmd)
    return x.plain()


_DISK_TOOLS = {"wipefs": "erases file-system signatures", "fdisk": "edits a partition table",
               "sfdisk": "writes a partition table", "gdisk": "edits a partition table",
               "sgdisk": "writes a partition table", "cfdisk": "edits a partition table",
               "parted": "edits a partition table", "blkdiscard": "discards a device's data",
               "badblocks": "can overwrite a device", "sg_format": "formats a device",
               "flashrom": "rewrites firmware"}


def h_disk(x) -> list:
    key = x.cmd.key
    vals = [a.value for a in x.args]
    if key == "fdisk" and vals and all(v in ("-l", "--list") or v.startswith("-l") for v in
                                       vals[:1]):
        return x.plain()
    if key == "parted" and any(v in ("print", "-l", "--list") for v in vals) and not any(
            v in ("mklabel", "mkpart", "rm", "resizepart", "mkfs") for v in vals):
        return x.plain()
    if key == "badblocks" and not any(v in ("-w",) or (v.startswith("-") and "w" in v)
                                      for v in vals):
        return x.plain()
    x.run.find("disk", f"{x.cmd.name} {_DISK_TOOLS.get(key, 'writes to a disk')}", x.cmd)
    return x.plain()


def h_diskutil(x) -> list:
    vals = [a.value.lower() for a in x.args]
    if vals and vals[0] in ("erasedisk", "erasevolume", "partitiondisk", "zerodisk",
                            "randomdisk", "secureerase", "reformat", "apfs"):
        if vals[0] != "apfs" or (len(vals) > 1 and vals[1].startswith(("delete", "erase"))):
            x.run.find("disk", f"diskutil {x.args[0].value} erases a disk", x.cmd)
    return x.plain()


_POWER = frozenset({"shutdown", "reboot", "halt", "poweroff"})


def h_power(x) -> list:
    key = x.cmd.key
    vals = [a.value for a in x.args]
    if key in _POWER:
        if not any(v in ("--help", "-c") for v in vals):
            x.run.find("system-power", f"{x.cmd.name} stops or restarts the machine", x.cmd)
    elif key in ("init", "telinit") and vals and vals[0] in ("0", "6", "1", "s", "S"):
        x.run.find("system-power", f"{x.cmd.name} {vals[0]} changes the run level", x.cmd)
    elif key == "systemctl" and any(v in ("poweroff", "reboot", "halt", "kexec", "rescue",
                                          "emergency", "suspend", "hibernate",
                                          "hybrid-sleep", "soft-reboot") for v in vals):
        x.run.find("system-power", "systemctl stops, restarts or suspends the machine", x.cmd)
    return x.plain()


def h_crontab(x) -> list:
    """``crontab -r`` deletes every job; ``crontab FILE|-`` installs jobs
    whose commands run later, unseen: they are analysed when their text is
    known, and make the command unknown otherwise."""
    cmd = x.cmd
    vals = [a.value for a in x.args]
    if any(v == "-r" or (v.startswith("-") and not v.startswith("--") and "r" in v[1:])
           for v in vals):
        x.run.find("system-write", "crontab -r deletes every scheduled job of the user", cmd)
        return x.plain()
    if not vals or any(v in ("-l", "-e", "-V", "--version", "-h", "--help") for v in vals):
        return x.plain()
    x.run.carrier("crontab", "crontab installs scheduled commands", cmd)
    x.run.add(cmd)
    source = next((a for a in x.args if not a.value.startswith("-") or a.value == "-"), None)
    text = None
    if source is not None and source.value == "-":
        st = cmd.stdin
        if st is not None and st.kind in ("heredoc", "herestring") and not st.dynamic:
            text = st.content
        elif st is not None and st.kind == "pipe":
            from shell.semantics import _static_output

            text = _static_output(st.producers)
    elif source is not None and not source.dynamic:
        text = _read_text(source.value, cmd)
    if text is None:
        x.run.unknown("crontab installs scheduled commands whose text cannot be read")
        return [cmd]
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#") or ("=" in line.split()[0]):
            continue
        fields = line.split(None, 1 if line.startswith("@") else 5)
        if len(fields) > (1 if line.startswith("@") else 5):
            x.code(fields[-1], "crontab job")
    return [cmd]


def h_user_admin(x) -> list:
    x.run.find("system-write", f"{x.cmd.name} changes the system's user accounts", x.cmd)
    return x.plain()


def h_volume(x) -> list:
    key = x.cmd.key
    vals = [a.value for a in x.args]
    if key in ("lvremove", "vgremove", "pvremove"):
        x.run.find("disk", f"{key} deletes storage volumes", x.cmd)
    elif key in ("zpool", "zfs") and vals and vals[0] in ("destroy", "labelclear"):
        x.run.find("disk", f"{key} {vals[0]} destroys storage", x.cmd)
    elif key == "cryptsetup" and any(v in ("luksFormat", "erase", "luksErase", "luksKillSlot")
                                     for v in vals):
        x.run.find("disk", "cryptsetup erases encryption keys or formats a device", x.cmd)
    elif key == "nvme" and vals and vals[0] in ("format", "sanitize"):
        x.run.find("disk", f"nvme {vals[0]} erases a drive", x.cmd)
    elif key == "hdparm" and any("security-erase" in v or "trim-sector" in v for v in vals):
        x.run.find("disk", "hdparm erases a drive", x.cmd)
    return x.plain()


# ----------------------------------------------------------------- read-only

def _no_opts(*bad):
    def pred(cmd) -> bool:
        for a in cmd.args:
            if a.startswith(bad):
                return False
        return True
    return pred


def _always(cmd) -> bool:
    return True


def _max_operands(k: int, short_values: str = ""):
    def pred(cmd) -> bool:
        p = opts.parse(cmd.words[1:], short_values)
        return len(p.operands) <= k
    return pred


def _find_ro(cmd) -> bool:
    bad = ("-exec", "-execdir", "-ok", "-okdir", "-delete", "-fprint", "-fprint0", "-fprintf",
           "-fls")
    return not any(a in bad for a in cmd.args)


def _sed_ro(cmd) -> bool:
    for a in cmd.args:
        if a.startswith("-i") or a.startswith("--in-place") or (
                a.startswith("-") and not a.startswith("--") and "i" in a[1:] and
                "e" not in a[1:] and "f" not in a[1:]):
            return False
        if a in ("-f", "--file"):
            return False
    for w in cmd.words[1:]:
        if w.dynamic:
            return False
        info = scan_sed(w.value) if not w.value.startswith("-") else {"writes": [],
                                                                       "exec": False}
        if info["writes"] or info["exec"]:
            return False
    return True


def _awk_ro(cmd) -> bool:
    from shell import codescan

    for w in cmd.words[1:]:
        if w.dynamic:
            return False
        if w.value in ("-f", "--file", "-i", "--include", "-l", "--load", "-E", "--exec"):
            return False
    prog = next((w.value for w in cmd.words[1:] if not w.value.startswith("-")), "")
    rep = codescan.scan("awk", prog)
    return not (rep.shell or rep.writes or rep.unknown or rep.pipes)


def _git_ro(cmd) -> bool:
    from shell import gitcmd

    return gitcmd.read_only(cmd)


def _env_ro(cmd) -> bool:
    return all(("=" in a and not a.startswith("-")) or a in ("-0", "--null") for a in cmd.args)


def _date_ro(cmd) -> bool:
    return not any(a in ("-s", "--set") or a.startswith("--set") or (
        a.startswith("-") and not a.startswith("--") and "s" in a[1:]) for a in cmd.args) and \
        not any(a.isdigit() and len(a) >= 8 for a in cmd.args)


def _hostname_ro(cmd) -> bool:
    return all(a.startswith("-") for a in cmd.args) and not any(
        a in ("-F", "--file", "-b", "--boot") for a in cmd.args)


def _tree_ro(cmd) -> bool:
    return not any(a == "-o" or a.startswith("-o") and len(a) > 2 for a in cmd.args)


def _rg_ro(cmd) -> bool:
    return not any(a.startswith(("--pre", "--search-zip", "-z")) and not a.startswith(
        "--pre-glob") or a.startswith("--pre=") for a in cmd.args)


def _sort_ro(cmd) -> bool:
    return not any(a == "-o" or a.startswith(("-o", "--output", "--compress-program")) for a in
                   cmd.args)


def _xxd_ro(cmd) -> bool:
    p = opts.parse(cmd.words[1:], "cglos")
    return len(p.operands) <= 1 and not p.has("-r", "-revert")


def _ls_ro(cmd) -> bool:
    return True


def _pip_ro(cmd) -> bool:
    return bool(cmd.args) and cmd.args[0] in ("list", "show", "freeze", "--version", "-V",
                                              "check", "help")


def _npm_ro(cmd) -> bool:
    return bool(cmd.args) and cmd.args[0] in ("ls", "list", "view", "info", "--version", "-v",
                                              "outdated", "help", "config") and (
        cmd.args[0] != "config" or (len(cmd.args) > 1 and cmd.args[1] in ("get", "list")))


def _gh_ro(cmd) -> bool:
    args = cmd.args
    if not args:
        return True
    if args[0] in ("--version", "help", "status"):
        return True
    if len(args) >= 2 and args[0] in ("pr", "issue", "repo", "release", "run", "workflow",
                                      "label", "gist", "search", "cache") and args[1] in (
            "list", "view", "status", "diff", "checks", "search", "watch"):
        return not any(a in ("-w", "--web") for a in args)
    return False


def _which_ro(cmd) -> bool:
    return True


#: Commands that only read (SPEC §3: "read-only (safe to run while
#: uninitialised or on main)") and the check their arguments must pass.
READ_ONLY = {
    "ls": _ls_ro, "cat": _always, "head": _always, "tail": _always, "wc": _always,
    "pwd": _always, "file": _no_opts("-C", "--compile"), "stat": _always, "du": _always,
    "df": _always, "which": _which_ro, "whereis": _always, "whoami": _always, "id": _always,
    "groups": _always, "date": _date_ro, "echo": _always, "printf": _no_opts("-v"),
    "true": _always, "false": _always, ":": _always, "tree": _tree_ro,
    "diff": _no_opts("--output", "-o"), "cmp": _always, "comm": _always,
    "uname": _always, "hostname": _hostname_ro, "grep": _always, "egrep": _always,
    "fgrep": _always, "rg": _rg_ro, "ag": _no_opts("--pager"), "ack": _no_opts("--pager"),
    "find": _find_ro, "basename": _always, "dirname": _always, "realpath": _always,
    "readlink": _always, "env": _env_ro, "printenv": _always, "type": _always,
    "test": _always, "[": _always, "[[": _always, "((": _always,
    "sort": _sort_ro, "uniq": _max_operands(1, "fsw"), "cut": _always, "tr": _always,
    "nl": _always, "od": _always, "xxd": _xxd_ro, "hexdump": _always, "base64": _always,
    "base32": _always, "md5sum": _always, "sha1sum": _always, "sha256sum": _always,
    "sha512sum": _always, "shasum": _always, "cksum": _always, "b2sum": _always,
    "md5": _always, "jq": _no_opts("--rawfile", "-f") if False else _always,
    "column": _always, "fold": _always, "fmt": _always, "paste": _always, "rev": _always,
    "seq": _always, "sleep": _always, "expr": _always, "wc-l": _always, "look": _always,
    "strings": _always, "tac": _always, "expand": _always, "unexpand": _always,
    "join": _always, "lsof": _always, "ps": _always, "pgrep": _always, "top": _no_opts(),
    "uptime": _always, "free": _always, "nproc": _always, "arch": _always, "tty": _always,
    "locale": _always, "getconf": _always, "sed": _sed_ro, "awk": _awk_ro, "gawk": _awk_ro,
    "mawk": _awk_ro, "nawk": _awk_ro, "git": _git_ro, "command": _always, "lsblk": _always,
    "blkid": _always, "mount": _no_opts(), "vmstat": _always, "iostat": _always,
    "zcat": _always, "bzcat": _always, "xzcat": _always, "zstdcat": _always,
    "tput": _always, "stty": _no_opts(), "cal": _always, "man": _no_opts("-P", "--pager", "-H"),
    "info": _no_opts("-o", "--output"), "less": None, "more": None,
    "pip": _pip_ro, "pip3": _pip_ro, "npm": _npm_ro, "gh": _gh_ro,
    "node": None, "python": None, "python3": None,
    "sha224sum": _always, "sha384sum": _always, "numfmt": _always, "yes": _always,
    "shuf": _no_opts("-o", "--output"), "split": None, "csplit": None,
    "iconv": _no_opts("-o", "--output"), "file-type": _always,
    "yq": _no_opts("-i", "--inplace", "--in-place"), "bat": _no_opts("--pager"),
    "batcat": _no_opts("--pager"), "xmllint": _no_opts("--output", "-o"),
    "tokei": _always, "cloc": _no_opts("--report-file", "--out"), "pgrep": _always,
    "lscpu": _always, "ldd": _always, "nm": _always, "objdump": _always, "readelf": _always,
    "sha3sum": _always, "test-path": _always,
}
READ_ONLY = {k: v for k, v in READ_ONLY.items() if v is not None}
# `top` without arguments and `stty` without arguments only display.
READ_ONLY["top"] = lambda cmd: all(a in ("-b", "-n", "1", "-l", "-bn1") or a.isdigit()
                                   for a in cmd.args)
READ_ONLY["stty"] = lambda cmd: all(a in ("-a", "size", "-g") for a in cmd.args)
READ_ONLY["mount"] = lambda cmd: not cmd.args or all(a in ("-l",) for a in cmd.args)


# ------------------------------------------------------ packages and infra

def pip_effects(x, interpreter_word: str, args) -> None:
    """``pip install|uninstall`` changes the environment the pip belongs to:
    an explicit ``.../bin/pip`` (or ``.../bin/python -m pip``) writes that
    virtualenv; ``--target/--prefix/--root DIR`` writes DIR."""
    run, cmd = x.run, x.cmd
    vals = [a.value for a in args]
    sub = next((v for v in vals if not v.startswith("-")), None)
    if sub not in ("install", "uninstall", "download", "wheel"):
        return
    for k, v in enumerate(vals):
        for opt in ("--target", "--prefix", "--root", "-t", "--dest", "-d"):
            if v == opt and k + 1 < len(args):
                run.write(cmd, args[k + 1], f"pip {opt}", recursive=True)
            elif v.startswith(opt + "=") and opt.startswith("--"):
                run.write(cmd, Word(args[k].text, v.split("=", 1)[1], dynamic=args[k].dynamic),
                          f"pip {opt}", recursive=True)
    if sub in ("install", "uninstall") and "/bin/" in interpreter_word:
        env_dir = interpreter_word.rsplit("/bin/", 1)[0] or "/"
        run.write(cmd, Word.literal(env_dir), f"{sub} into the environment of {interpreter_word}",
                  recursive=True)


def h_pip(x) -> list:
    pip_effects(x, x.cmd.word, x.args)
    from shell.semantics import _generic

    return _generic(x)


def h_infra(x) -> list:
    """Infrastructure and data commands that delete at scale."""
    cmd, run = x.cmd, x.run
    key = cmd.key
    vals = [a.value for a in x.args]
    if key in ("terraform", "tofu", "terragrunt") and vals and (
            vals[0] == "destroy" or (vals[0] == "apply" and "-destroy" in vals)):
        run.find("infra-destroy", f"{cmd.name} destroy deletes the managed infrastructure", cmd)
    elif key == "kubectl" and "delete" in vals and any(
            v in ("namespace", "ns", "namespaces", "--all", "-A", "--all-namespaces") or
            v.startswith(("namespace/", "ns/")) for v in vals):
        run.find("infra-destroy", "kubectl delete of a namespace or of everything", cmd)
    elif key == "aws" and len(vals) >= 2 and vals[0] == "s3" and (
            (vals[1] == "rm" and "--recursive" in vals) or (vals[1] == "rb" and "--force" in vals)):
        run.find("infra-destroy", "aws s3 rm --recursive / rb --force deletes a bucket's data",
                 cmd)
    elif key in ("docker", "podman") and vals[:2] in (["system", "prune"], ["volume", "prune"],
                                                       ["volume", "rm"]) and (
            vals[:2] != ["system", "prune"] or any(v in ("-a", "--all", "--volumes") or (
                v.startswith("-") and not v.startswith("--") and "a" in v) for v in vals)):
        run.find("infra-destroy", f"{cmd.name} {' '.join(vals[:2])} deletes data volumes or "
                 "every unused image", cmd)
    elif key == "gcloud" and "projects" in vals and "delete" in vals:
        run.find("infra-destroy", "gcloud projects delete", cmd)
    elif key in ("dropdb",):
        run.find("infra-destroy", "dropdb deletes a database", cmd)
    elif key == "redis-cli" and any(v.lower() in ("flushall", "flushdb") for v in vals):
        run.find("infra-destroy", "redis-cli FLUSHALL/FLUSHDB deletes every key", cmd)
    if key in ("docker", "podman", "kubectl", "nerdctl"):
        from shell.semantics import h_container

        return h_container(x)
    from shell.semantics import _generic

    return _generic(x)


def register(handlers: dict) -> None:
    for name in ("rm", "rimraf", "del", "del-cli", "trash", "trash-put", "gio", "srm", "wipe"):
        handlers[name] = h_rm
    handlers.update({
        "rmdir": h_unlink, "unlink": h_unlink, "shred": h_shred,
        "mv": h_mv, "cp": h_cp, "install": h_cp, "ln": h_ln, "link": h_ln, "tee": h_tee,
        "dd": h_dd, "truncate": h_simple_writer, "touch": h_simple_writer,
        "mkdir": h_simple_writer, "mkfifo": h_simple_writer, "mknod": h_simple_writer,
        "sponge": h_simple_writer,
        "chmod": h_attr, "chown": h_attr, "chgrp": h_attr, "chattr": h_attr,
        "setfacl": h_attr, "setfattr": h_attr, "chcon": h_attr, "chflags": h_attr,
        "sort": h_sort, "uniq": h_uniq, "diff": h_diff, "sdiff": h_diff, "split": h_split, "csplit": h_split,
        "patch": h_patch, "tar": h_tar, "gtar": h_tar, "bsdtar": h_tar, "unzip": h_unzip,
        "zip": h_zip, "7z": h_7z, "7za": h_7z, "7zz": h_7z,
        "rsync": h_rsync, "scp": h_scp, "sed": h_sed, "gsed": h_sed,
        "awk": h_awk, "gawk": h_awk, "mawk": h_awk, "nawk": h_awk,
        "diskutil": h_diskutil, "crontab": h_crontab,
        "userdel": h_user_admin, "deluser": h_user_admin, "groupdel": h_user_admin,
        "delgroup": h_user_admin, "usermod": h_user_admin, "passwd": h_user_admin,
        "chpasswd": h_user_admin, "visudo": h_user_admin,
        "lvremove": h_volume, "vgremove": h_volume, "pvremove": h_volume, "zpool": h_volume,
        "zfs": h_volume, "cryptsetup": h_volume, "nvme": h_volume, "hdparm": h_volume,
    })
    for name in ("gzip", "gunzip", "bzip2", "bunzip2", "xz", "unxz", "lzma", "unlzma", "zstd",
                 "unzstd", "lz4", "unlz4", "compress", "uncompress", "brotli", "zcat", "bzcat",
                 "xzcat", "zstdcat", "pigz", "unpigz", "lzip"):
        handlers[name] = h_compress
    for name in _DISK_TOOLS:
        handlers[name] = h_disk
    for name in ("mkswap", "mke2fs", "newfs"):
        handlers[name] = h_mkfs
    for name in ("shutdown", "reboot", "halt", "poweroff", "init", "telinit", "systemctl"):
        handlers[name] = h_power
    for name in ("pip", "pip3"):
        handlers[name] = h_pip
    for name in ("terraform", "tofu", "terragrunt", "aws", "gcloud", "dropdb", "redis-cli"):
        handlers[name] = h_infra
