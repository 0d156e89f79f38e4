"""Text tools that can write files or run commands (SPEC §4; bypass family
D): ``sed`` (``-i``, the ``w``/``W`` commands and ``s///w`` write; ``e`` and
``s///e`` run shell commands), ``awk`` (``system()``, pipes, ``print >
FILE``, gawk ``-i inplace``), ``sort -o`` and ``--compress-program``,
``uniq IN OUT``, ``diff --output``, ``split``/``csplit`` (``--filter``
runs a shell command), ``patch`` (the files a diff names).
"""

from __future__ import annotations

import shell.opts as opts
import shell.sed as sed
from shell.invocation import X, code_carrier, file_text, write_each
from shell.model import DYN, Msg, Stdin, Word

#: The family name recorded on findings (``Finding.command_family``).
FAMILY = "text"
#: Command → handler below (:mod:`shell.registry` lists the same names).
COMMANDS = {
    "sed": "h_sed", "gsed": "h_sed", "awk": "h_awk", "gawk": "h_awk", "mawk": "h_awk",
    "nawk": "h_awk", "sort": "h_sort", "uniq": "h_uniq", "diff": "h_diff", "sdiff": "h_diff",
    "split": "h_split", "csplit": "h_split", "patch": "h_patch",
}


def h_sed(x: X) -> list:
    """``sed``: ``-i`` edits its files; the script's ``w``/``W`` commands and
    ``s///w`` write files (``sed-write`` carriers); ``e`` and ``s///e`` run
    shell commands built from the input (``sed-exec`` carrier, unknown); a
    script assembled at run time or in a file that cannot be read is unknown.
    Returns ``[cmd]``."""
    cmd, run = x.cmd, x.run
    run.add(cmd)
    args = list(x.args)
    values = [a.value for a in args]
    scripts = []
    operands = []
    first_script = None
    in_place = False
    bsd_suffix = None
    for what, i, text in sed.read(values):
        a = args[i]
        # a value glued to its option word (-es/a/b/, --file=F) is a new Word
        word = a if text == a.value else Word(a.text, text or "", dynamic=a.dynamic)
        if what == "in-place":
            in_place = True
            if a.value == "-i" and i + 1 < len(args) and args[i + 1].value == "":
                bsd_suffix = i + 1  # BSD: -i '' (empty backup suffix)
        elif what in ("script", "script-file"):
            if first_script is None:
                first_script = i
            if what == "script":
                scripts.append(word)
                continue
            content = file_text(text, cmd) if text is not None and not word.dynamic else None
            if content is None:
                run.unknown(Msg("shell.unknown.sed_runs_script_file"))
            else:
                scripts.append(Word.literal(content))
        elif what == "operand" and i != bsd_suffix:
            operands.append((i, a))
    files = [a for _i, a in operands]
    if operands and (first_script is None or operands[0][0] < first_script):
        # GNU sed: the script when no -e/-f is given; BSD sed stops reading
        # options at it, so it is the script there even when -e follows
        scripts.append(files[0])
        if first_script is None:
            files = files[1:]
    for s in scripts:
        if s.dynamic:
            run.unknown(Msg("shell.unknown.sed_runs_script_assembled"))
            run.carrier("sed", Msg("shell.carrier.sed_script_assembled_run"), cmd)
            continue
        info = sed.script_effects(s.value)
        if info.executes:
            run.carrier("sed-exec", Msg("shell.carrier.sed_e_command_runs"), cmd)
            run.unknown(Msg("shell.unknown.sed_e_command_runs"))
        for f in info.writes:
            run.carrier("sed-write", Msg("shell.carrier.sed_w_command_writes"), cmd)
            run.write(cmd, Word.literal(f), "sed w")
    if in_place:
        write_each(x, files, "sed -i")
    return [cmd]


def h_awk(x: X) -> list:
    """awk: ``system()``, ``print | "cmd"``, ``"cmd" | getline`` run shell
    commands (``awk-exec`` carriers, analysed when literal); ``print >
    "file"`` writes files; gawk ``-i inplace`` edits its operands, other
    ``-i``/``-l`` load code (``awk`` carrier). Returns ``[cmd]``."""
    cmd, run = x.cmd, x.run
    run.add(cmd)
    args = list(x.args)
    program = None
    in_place = False
    walk = opts.OptionWalk(args, ("-v", "--assign", "-F", "--field-separator"))
    for a in walk:
        i = walk.i
        v = a.value
        if v in ("-f", "--file") and i + 1 < len(args):
            text = file_text(args[i + 1].value, cmd) if not args[i + 1].dynamic else None
            if text is None:
                run.unknown(Msg("shell.unknown.awk_runs_program_file"))
            program = Word.literal(text or "")
            walk.i = i + 2
        elif v in ("-i", "--include", "-l", "--load") and i + 1 < len(args):
            if args[i + 1].value in ("inplace", "inplace.awk"):
                in_place = True
            else:
                run.carrier("awk", Msg("shell.carrier.awk_loads_extension_include"), cmd)
            walk.i = i + 2
        elif v in ("-e", "--source") and i + 1 < len(args):
            program = args[i + 1]
            walk.i = i + 2
    rest = walk.rest()
    if program is None and rest:
        program, rest = rest[0], rest[1:]
    files = [w for w in rest if "=" not in w.value or w.value.startswith(("/", "."))]
    if program is not None:
        if program.dynamic:
            run.unknown(Msg("shell.unknown.awk_runs_program_assembled"))
        else:
            import shell.codescan as codescan  # lazy: imports re (7 ms); only for awk programs

            rep = codescan.scan("awk", program.value)
            for s in rep.shell:
                run.carrier("awk-exec", Msg("shell.carrier.awk_runs_shell_commands"), cmd)
                x.code(s, "awk system()")
            for s in rep.pipes:
                run.carrier("awk-exec", Msg("shell.carrier.awk_pipes_output_command"), cmd)
                x.code(s, "awk print |", stdin=Stdin("pipe", producers=(cmd,)))
            for reason in rep.unknown:
                run.carrier("awk-exec", Msg("shell.carrier.awk_runs_shell_commands"), cmd)
                run.unknown(Msg("shell.unknown.awk_program", reason=reason))
            for _kind, path, _rec in rep.writes:
                if path is None:
                    run.unknown(Msg("shell.unknown.awk_writes_file_name"))
                else:
                    run.write(cmd, Word.literal(path), "awk print >")
    if in_place:
        write_each(x, files, "awk -i inplace")
    return [cmd]


def h_sort(x: X) -> list:
    """``sort -o FILE`` writes FILE; ``--compress-program PROG`` runs PROG (a
    ``sort-compress`` carrier). Returns ``[cmd]``."""
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
        run.carrier("sort-compress", Msg("shell.carrier.sort_compress_program_runs"), cmd)
        x.argv([prog], "sort --compress-program")
    return [cmd]


def h_uniq(x: X) -> list:
    """``uniq IN OUT`` writes OUT. Returns ``[cmd]``."""
    cmd, run = x.cmd, x.run
    run.add(cmd)
    p = opts.parse(x.args, "fsw", ("--skip-fields", "--skip-chars", "--check-chars",
                                   "--all-repeated", "--group"))
    if len(p.operands) >= 2:
        run.write(cmd, p.operands[1], "uniq")
    return [cmd]


def h_diff(x: X) -> list:
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


def h_split(x: X) -> list:
    """``split``/``csplit``: the output files (prefix, default ``x``) are
    written; ``--filter CMD`` runs a shell command (``split-filter``
    carrier). Returns ``[cmd]``."""
    cmd, run = x.cmd, x.run
    run.add(cmd)
    p = opts.parse(x.args, "abCdlnt", ("--suffix-length", "--bytes", "--line-bytes",
                                       "--lines", "--number", "--additional-suffix",
                                       "--filter", "--separator"))
    prefix = p.operands[1] if len(p.operands) >= 2 else Word.literal("x")
    run.write(cmd, prefix, cmd.key)
    flt = p.value("--filter")
    if flt is not None:
        code_carrier(x, "split-filter", flt, Msg("shell.carrier.split_filter_runs_shell"),
                     Msg("shell.unknown.split_filter_runs_command"), "split --filter")
    return [cmd]


def h_patch(x: X) -> list:
    """``patch [FILE] [-i PATCH]``: the named file, or every file the diff (from
    ``-i``, stdin or a here-document) names, is written; ``-o``/``-r`` files
    too. Returns ``[cmd]``."""
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
        text = file_text(infile.value, cmd)
    elif cmd.stdin is not None and cmd.stdin.kind in ("heredoc", "herestring") and \
            not cmd.stdin.dynamic:
        text = cmd.stdin.content
    elif cmd.stdin is not None and cmd.stdin.kind == "file" and not cmd.stdin.dynamic:
        text = file_text(cmd.stdin.path, cmd)
    patch_targets(x, text, "patch")
    return [cmd]


def patch_targets(x: X, text: str | None, how: str) -> None:
    """Files a unified/context diff modifies (``+++``/``---``/``diff --git``
    headers, with and without the first path component)."""
    run, cmd = x.run, x.cmd
    if text is None:
        cwd = next(iter(cmd.cwd)) if cmd.cwd is not None and len(cmd.cwd) == 1 else None
        run.write(cmd, Word.literal(cwd) if cwd else Word(DYN, DYN, dynamic=True),
                  Msg("shell.how.patch_unreadable", how=how), recursive=True)
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
