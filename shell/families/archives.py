"""Archives and compressors (SPEC §4; bypass families D and F): extraction
writes the whole target directory (``tar -x``, ``unzip``, ``7z x``:
recursive writes, since an archive can hold any path); creating or updating
an archive writes it; compressors replace their operands in place;
``tar --to-command``/``--checkpoint-action=exec``/``-I PROG`` and ``zip
-TT`` run commands (carriers).
"""

from __future__ import annotations

import shell.opts as opts
from shell.invocation import X, code_carrier, cwd_word
from shell.model import DYN, Msg, Word

#: The family name recorded on findings (``Finding.command_family``).
FAMILY = "archives"
#: Command → handler below (:mod:`shell.registry` lists the same names).
COMMANDS = {
    "tar": "h_tar", "gtar": "h_tar", "bsdtar": "h_tar", "unzip": "h_unzip", "zip": "h_zip",
    "7z": "h_7z", "7za": "h_7z", "7zz": "h_7z", "7zr": "h_7z",
    "ar": "h_ar", "cpio": "h_cpio", "bsdcpio": "h_cpio", "pax": "h_pax", "unrar": "h_unrar",
    "unar": "h_unar", "dpkg-deb": "h_dpkg_deb", "cabextract": "h_cabextract", "jar": "h_jar",
    **dict.fromkeys(("gzip", "gunzip", "bzip2", "bunzip2", "xz", "unxz", "lzma", "unlzma",
                     "zstd", "unzstd", "lz4", "unlz4", "compress", "uncompress", "brotli",
                     "zcat", "bzcat", "xzcat", "zstdcat", "pigz", "unpigz", "lzip"),
                    "h_compress"),
}


def h_tar(x: X) -> list:
    """``tar`` (old-style bundled keys too): ``-x`` writes the target directory
    recursively (``-C DIR`` or the working directory; nothing with ``-O``),
    ``-c``/``-r``/``--delete`` write the archive; options that run commands
    are ``tar-exec`` carriers, their command lines analysed. Returns
    ``[cmd]``."""
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
            run.carrier("tar-exec", Msg("shell.carrier.tar_runs_command", option=o), cmd)
            code = v.value
            if o == "--checkpoint-action":
                if not code.startswith(("exec=", "exec ")):
                    continue
                code = code[5:]
            if v.dynamic:
                run.unknown(Msg("shell.unknown.tar_runs_command_assembled", option=o))
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
        if p.has("-P", "--absolute-names"):
            # members keep their absolute names and "..": they land anywhere
            return _extract_into(x, _ANYWHERE,
                                 Msg("shell.how.archive_absolute", command="tar -x -P"))
        return _extract_into(x, p.value("-C", "--directory"),
                             Msg("shell.how.archive_into", command="tar -x"))
    return [cmd]


#: The target of an extraction whose members may land anywhere.
_ANYWHERE = Word(DYN, DYN, dynamic=True)


def _extract_into(x: X, directory, how: str) -> list:
    """The archive's members (unknown) are written anywhere under
    ``directory`` (a Word, or ``None`` for the working directory)."""
    target = directory if directory is not None else cwd_word(x.cmd)
    x.run.write(x.cmd, target, how, recursive=True)
    return [x.cmd]


def h_ar(x: X) -> list:
    """``ar x ARCHIVE [MEMBERS]`` writes its members into the working
    directory (or ``--output DIR``); ``r q d m s`` modes write the archive.
    Returns ``[cmd]``."""
    cmd, run = x.cmd, x.run
    run.add(cmd)
    args = list(x.args)
    out_dir = None
    for k, a in enumerate(args):
        if a.value.startswith("--output="):
            out_dir = Word(a.text, a.value.split("=", 1)[1], dynamic=a.dynamic)
        elif a.value == "--output" and k + 1 < len(args):
            out_dir = args[k + 1]
    ops = [a for a in args if not a.value.startswith("--")]
    if not ops:
        return [cmd]
    key = ops[0].value.lstrip("-")
    if ops[0].dynamic:
        run.unknown(Msg("shell.unknown.ar_given_mode_computed"))
        return [cmd]
    if "x" in key:
        return _extract_into(x, out_dir, Msg("shell.how.members_into", command="ar x"))
    if any(ch in key for ch in "rqdms") and len(ops) > 1:
        run.write(cmd, ops[1], f"ar {key} (archive)")
    return [cmd]


def h_cpio(x: X) -> list:
    """``cpio -i`` extracts members where their names say — absolute names
    too, unless ``--no-absolute-filenames`` — into ``-D DIR`` or the working
    directory; ``-p DIR`` copies into DIR; ``-o`` writes ``-O FILE``/``-F
    FILE``. Returns ``[cmd]``."""
    cmd, run = x.cmd, x.run
    run.add(cmd)
    p = opts.parse(x.args, "DEFHIMORV", ("--directory", "--file", "--format", "--pattern-file",
                                         "--message", "--owner", "--rsh-command", "--block-size",
                                         "--io-size", "--to-stdout"))
    for v in p.values("--rsh-command"):
        code_carrier(x, "cpio-exec", v, Msg("shell.carrier.cpio_rsh_command_runs"),
                     Msg("shell.unknown.cpio_rsh_command_runs"), "cpio")
    directory = p.value("-D", "--directory")
    if p.has("-i", "--extract"):
        if p.has("--to-stdout", "-t", "--list"):
            return [cmd]
        if not p.has("--no-absolute-filenames"):
            return _extract_into(x, _ANYWHERE,
                                 Msg("shell.how.archive_absolute", command="cpio -i"))
        return _extract_into(x, directory, Msg("shell.how.members_into", command="cpio -i"))
    if p.has("-p", "--pass-through"):
        dest = p.operands[0] if p.operands else None
        return _extract_into(x, dest if dest is not None else _ANYWHERE,
                             Msg("shell.how.copies_into", command="cpio -p"))
    for v in p.values("-O", "-F", "--file"):
        run.write(cmd, v, "cpio -o (archive)")
    return [cmd]


def h_pax(x: X) -> list:
    """``pax -r`` extracts into the working directory (absolute names kept:
    anywhere); ``-rw DIR`` copies into DIR; ``-w -f FILE`` writes FILE.
    Returns ``[cmd]``."""
    cmd, run = x.cmd, x.run
    run.add(cmd)
    p = opts.parse(x.args, "fsoxbBpTUGL")
    read, write = p.has("-r"), p.has("-w")
    if read and write:
        return _extract_into(x, p.operands[-1] if p.operands else _ANYWHERE,
                             Msg("shell.how.copies_into", command="pax -rw"))
    if read:
        return _extract_into(x, _ANYWHERE,
                             Msg("shell.how.members_where_named", command="pax -r"))
    if write:
        for v in p.values("-f"):
            run.write(cmd, v, "pax -w (archive)")
    return [cmd]


def h_unrar(x: X) -> list:
    """``unrar x|e ARCHIVE [DIR/]`` extracts into DIR or the working
    directory. Returns ``[cmd]``."""
    cmd = x.cmd
    x.run.add(cmd)
    ops = [a for a in x.args if not a.value.startswith("-")]
    if not ops or ops[0].value not in ("x", "e"):
        return [cmd]
    dest = next((a for a in ops[2:] if a.value.endswith("/")), None)
    return _extract_into(x, dest, Msg("shell.how.archive_into", command=f"unrar {ops[0].value}"))


def h_unar(x: X) -> list:
    """``unar [-o DIR] ARCHIVE``. Returns ``[cmd]``."""
    x.run.add(x.cmd)
    p = opts.parse(x.args, "opefr", ("--output-directory", "--password", "--encoding"))
    return _extract_into(x, p.value("-o", "--output-directory"),
                         Msg("shell.how.archive_into", command="unar"))


def h_dpkg_deb(x: X) -> list:
    """``dpkg-deb -x|-X|-R DEB DIR`` extracts into DIR; ``-b DIR DEB`` writes
    DEB. Returns ``[cmd]``."""
    cmd, run = x.cmd, x.run
    run.add(cmd)
    p = opts.parse(x.args, "")
    if p.has("-x", "--extract", "-X", "--vextract", "-R", "--raw-extract"):
        dest = p.operands[1] if len(p.operands) > 1 else _ANYWHERE
        return _extract_into(x, dest, Msg("shell.how.package_into", command="dpkg-deb -x"))
    if p.has("-b", "--build") and len(p.operands) > 1:
        run.write(cmd, p.operands[1], "dpkg-deb -b (package)")
    return [cmd]


def h_cabextract(x: X) -> list:
    """``cabextract [-d DIR] CAB``. Returns ``[cmd]``."""
    x.run.add(x.cmd)
    p = opts.parse(x.args, "dFe", ("--directory", "--filter", "--encoding"))
    if p.has("-l", "--list", "-t", "--test", "-p", "--pipe"):
        return [x.cmd]
    return _extract_into(x, p.value("-d", "--directory"),
                         Msg("shell.how.archive_into", command="cabextract"))


def h_jar(x: X) -> list:
    """``jar x``/``jar --extract`` writes into the working directory (``-C
    DIR`` too); ``c u`` modes write the archive (``f`` operand). Returns
    ``[cmd]``."""
    cmd, run = x.cmd, x.run
    run.add(cmd)
    args = x.args
    if not args:
        return [cmd]
    first = args[0].value.lstrip("-")
    if first.startswith("x") or any(a.value in ("--extract",) for a in args):
        directory = next((args[k + 1] for k, a in enumerate(args[:-1])
                          if a.value in ("-C", "--dir")), None)
        return _extract_into(x, directory, Msg("shell.how.archive_into", command="jar x"))
    if first[:1] in ("c", "u") and "f" in first and len(args) > 1:
        run.write(cmd, args[1], f"jar {first[:1]} (archive)")
    return [cmd]


def h_unzip(x: X) -> list:
    """``unzip [-d DIR]``: writes DIR (or the working directory) recursively;
    listing and testing modes write nothing. Returns ``[cmd]``."""
    cmd, run = x.cmd, x.run
    run.add(cmd)
    p = opts.parse(x.args, "dxP")
    if p.has("-l", "-t", "-v", "-p", "-Z", "-z"):
        return [cmd]
    if p.has("-:"):
        # keeps "../" in member names: members land outside the target
        return _extract_into(x, _ANYWHERE, Msg("shell.how.dotdot_members", command="unzip -:"))
    return _extract_into(x, p.value("-d"), Msg("shell.how.archive_into", command="unzip"))


def h_zip(x: X) -> list:
    """``zip ARCHIVE FILES``: writes the archive (``-O`` file); ``-TT``/
    ``--unzip-command`` run a command (``zip-exec``). Returns ``[cmd]``."""
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


def _tt(x: X, v: Word) -> None:
    """``zip -TT CMD``: a ``zip-exec`` carrier; the command line is analysed."""
    code_carrier(x, "zip-exec", v, Msg("shell.carrier.zip_tt_unzip_command"),
                 Msg("shell.unknown.zip_tt_runs_command"), "zip -TT")


def h_7z(x: X) -> list:
    """``7z x|e [-oDIR]`` writes DIR recursively; ``7z a|u|d|rn ARCHIVE`` writes
    the archive. Returns ``[cmd]``."""
    cmd, run = x.cmd, x.run
    run.add(cmd)
    if not x.args:
        return [cmd]
    sub = x.args[0].value
    out_dir = next((a.value[2:] for a in x.args if a.value.startswith("-o")), None)
    if sub in ("x", "e") and any(a.value.startswith("-spf") for a in x.args):
        return _extract_into(x, _ANYWHERE, Msg("shell.how.archive_absolute", command="7z x -spf"))
    if sub in ("x", "e"):
        return _extract_into(x, Word.literal(out_dir) if out_dir else None,
                             Msg("shell.how.archive_into", command="7z x"))
    if sub in ("a", "u", "d", "rn") and len(x.args) >= 2:
        archive = next((a for a in x.args[1:] if not a.value.startswith("-")), None)
        if archive is not None:
            run.write(cmd, archive, f"7z {sub}")
    return [cmd]


#: Programs that decompress by default.
_DECOMPRESSORS = frozenset({"gunzip", "bunzip2", "unxz", "unlzma", "unzstd", "unlz4",
                            "uncompress", "unpigz"})
#: Compressed suffixes and what decompressing leaves.
_SUFFIXES = ((".tgz", ".tar"), (".taz", ".tar"), (".tbz2", ".tar"), (".tbz", ".tar"),
             (".txz", ".tar"), (".tzst", ".tar"), (".gz", ""), (".z", ""), ("-gz", ""),
             ("_z", ""), (".xz", ""), (".lzma", ""), (".bz2", ""), (".bz", ""), (".zst", ""),
             (".lz4", ""), (".Z", ""), (".br", ""), (".lz", ""), (".lzo", ""))


def _decompressed_name(word: Word, suffix):
    """The file a decompressor writes for ``word`` (``x.tar.gz`` →
    ``x.tar``, ``-S .suf``), a dynamic Word when unknown, or ``None`` when
    the name has no compressed suffix (the tool refuses it)."""
    if word.dynamic or (suffix is not None and suffix.dynamic):
        return Word(DYN, DYN, dynamic=True)
    v = word.value
    pairs = ((suffix.value, ""),) if suffix is not None else _SUFFIXES
    for suf, repl in pairs:
        if suf and v.endswith(suf) and len(v) > len(suf):
            return Word.literal(v[:-len(suf)] + repl)
    return None


def h_compress(x: X) -> list:
    """gzip/bzip2/xz/zstd and their decompressors replace the file operand in
    place unless writing to stdout."""
    cmd, run = x.cmd, x.run
    run.add(cmd)
    p = opts.parse(x.args, "SbT", ("--suffix", "--threads", "--memlimit", "--format"))
    if p.has("-c", "--stdout", "--to-stdout", "-l", "--list", "-t", "--test") or \
            cmd.key in ("zcat", "bzcat", "xzcat", "zstdcat"):
        return [cmd]
    decompress = cmd.key in _DECOMPRESSORS or p.has("-d", "--decompress", "--uncompress")
    suffix = p.value("-S", "--suffix")
    for w in p.operands:
        run.write(cmd, w, cmd.key)
        if decompress:
            # gunzip x.gz writes x: the output is the operand without its suffix
            out = _decompressed_name(w, suffix)
            if out is not None:
                run.write(cmd, out, Msg("shell.how.decompresses_into", command=cmd.key))
    outs = p.values("-o", "--output")
    for v in outs:
        run.write(cmd, v, cmd.key)
    return [cmd]
