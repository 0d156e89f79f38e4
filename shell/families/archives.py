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
from shell.model import Word

#: The family name recorded on findings (``Finding.command_family``).
FAMILY = "archives"
#: Command → handler below (:mod:`shell.registry` lists the same names).
COMMANDS = {
    "tar": "h_tar", "gtar": "h_tar", "bsdtar": "h_tar", "unzip": "h_unzip", "zip": "h_zip",
    "7z": "h_7z", "7za": "h_7z", "7zz": "h_7z",
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
        target = directory if directory is not None else cwd_word(cmd)
        run.write(cmd, target, "tar -x (extracts an archive into it)", recursive=True)
    return [cmd]


def h_unzip(x: X) -> list:
    """``unzip [-d DIR]``: writes DIR (or the working directory) recursively;
    listing and testing modes write nothing. Returns ``[cmd]``."""
    cmd, run = x.cmd, x.run
    run.add(cmd)
    p = opts.parse(x.args, "dxP")
    if p.has("-l", "-t", "-v", "-p", "-Z", "-z"):
        return [cmd]
    directory = p.value("-d")
    target = directory if directory is not None else cwd_word(cmd)
    run.write(cmd, target, "unzip (extracts an archive into it)", recursive=True)
    return [cmd]


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
    code_carrier(x, "zip-exec", v, "zip -TT/--unzip-command runs a command",
                 "zip -TT runs a command assembled at run time", "zip -TT")


def h_7z(x: X) -> list:
    """``7z x|e [-oDIR]`` writes DIR recursively; ``7z a|u|d|rn ARCHIVE`` writes
    the archive. Returns ``[cmd]``."""
    cmd, run = x.cmd, x.run
    run.add(cmd)
    if not x.args:
        return [cmd]
    sub = x.args[0].value
    out_dir = next((a.value[2:] for a in x.args if a.value.startswith("-o")), None)
    if sub in ("x", "e"):
        target = Word.literal(out_dir) if out_dir else cwd_word(cmd)
        run.write(cmd, target, "7z x (extracts an archive into it)", recursive=True)
    elif sub in ("a", "u", "d", "rn") and len(x.args) >= 2:
        archive = next((a for a in x.args[1:] if not a.value.startswith("-")), None)
        if archive is not None:
            run.write(cmd, archive, f"7z {sub}")
    return [cmd]


def h_compress(x: X) -> list:
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
