"""Fan-out runners: commands that run another command once per input item
(SPEC §4; bypass family D; fanout family): ``xargs``, GNU
``parallel``, ``find -exec``/``-execdir``/``-ok``, ``find -delete``. Each is a
carrier; the payload is analysed with what it receives: literal items
(``echo a b | xargs rm``, a here-string, an argument file ``xargs -a FILE``
or ``< FILE`` that can be read), or "some path under the directories a
listing command names" (``find build | xargs rm -rf``: recursive writes
under ``build``), or an unknown item.

What feeds a shell or an interpreter at run time is unknown, and judged as
the worst it could be: an item that becomes the code of ``bash -c {}``,
``sh -c`` (appended), ``python -c``, a script path given to a shell, or a
``parallel`` command line read from its input is a ``fanout-exec`` finding
(any command could run).
"""

from __future__ import annotations

import shell.opts as opts
import shell.paths as paths
from shell.deletion import judge_delete
from shell.invocation import X, file_text
from shell.model import DYN, Msg, SimpleCommand, Stdin, Word
from shell.output import static_output

#: The family name recorded on findings (``Finding.command_family``).
FAMILY = "fanout"
#: Command → handler below (:mod:`shell.registry` lists the same names).
COMMANDS = {"xargs": "h_xargs", "parallel": "h_parallel", "find": "h_find"}


def h_xargs(x: X) -> list:
    """``xargs [opts] CMD ARGS``: runs ``CMD ARGS`` with the items read from
    stdin appended (or substituted for the ``-I``/``-i`` text), one nested
    command per known item (an ``xargs`` carrier). Returns the produced
    commands."""
    cmd = x.cmd
    args, replace = _xargs_optional_values(x.args)
    p = opts.parse(args, "aEILnPsd",
                   ("--arg-file", "--max-args", "--max-procs", "--max-chars", "--delimiter",
                    "--process-slot-var"),
                   posix=True)
    x.run.carrier("xargs", Msg("shell.carrier.xargs_runs_command_arguments"), cmd)
    payload = list(p.operands) or [Word.literal("echo")]
    replace = p.value("-I") or replace
    arg_file = p.value("-a", "--arg-file")
    lines = replace is not None   # with a replace string, xargs reads whole lines
    items = _file_items(x, arg_file, lines) if arg_file is not None else \
        _input_items(x, cmd.stdin, lines)
    produced = []
    x.run.add(cmd)
    run = x.run
    if any(i.dynamic for i in items):
        fed = feeds_shell(payload, replace.value if replace is not None else None)
        if fed:
            run.find("fanout-exec",
                     Msg("shell.find.xargs_feeds_reads_run", fed=fed), cmd, certain=False)
    if replace is not None and not replace.dynamic:
        marker = replace.value
        for item in items:
            words = [_replace_word(w, marker, item) for w in payload]
            before = len(run.analysis.writes)
            produced.extend(x.argv(words, "xargs", stdin=None))
            _widen_found(run, before, None)
        return produced or [cmd]
    for item in items:
        before = len(run.analysis.writes)
        produced.extend(x.argv(payload + [item], "xargs", stdin=None))
        _widen_found(run, before, None)
    return produced or [cmd]


def _xargs_optional_values(args) -> tuple:
    """``(args, replace)``: xargs's options whose value is optional and only
    ever glued (``-i[R]``, ``-e[EOF]``, ``-l[N]``, ``--replace[=R]``,
    ``--eof[=EOF]``, ``--max-lines[=N]``) taken out of ``args`` (Words) up
    to the command, and the replace string they set (a Word, ``{}`` by
    default for ``-i``/``--replace``) or ``None``."""
    out, replace = [], None
    for k, w in enumerate(args):
        v = w.value
        if not v.startswith("-") or v == "--":
            out.extend(args[k:])
            break
        if v in ("-i", "--replace"):
            replace = Word.literal("{}")
        elif v.startswith("--replace="):
            replace = Word(w.text, v.split("=", 1)[1] or "{}", dynamic=w.dynamic)
        elif v.startswith("-i") and not v.startswith("--"):
            replace = Word(w.text, v[2:], dynamic=w.dynamic)
        elif v in ("-e", "-l", "--eof", "--max-lines") or v.startswith(
                ("--eof=", "--max-lines=")) or (v[:2] in ("-e", "-l") and v[2:3] != "-"):
            continue
        else:
            out.append(w)
            # keep an option's separate value with it (-I R, -a FILE, -n 1...)
            continue
    return out, replace


#: Shells: their ``-c`` value (or first operand) is code.
_SHELLS = frozenset({"sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "yash", "fish",
                     "csh", "tcsh", "rbash", "busybox", "eval", "source", "."})
#: Interpreters and the option whose value is code.
_INTERPRETERS = {"python": "-c", "python3": "-c", "python2": "-c", "pypy3": "-c",
                 "node": "-e", "nodejs": "-e", "deno": "eval", "bun": "-e", "perl": "-e",
                 "ruby": "-e", "php": "-r", "lua": "-e", "Rscript": "-e", "osascript": "-e"}
#: Wrappers skipped when looking for the shell a fan-out payload runs.
_PEEL = frozenset({"sudo", "doas", "env", "nice", "nohup", "timeout", "command", "exec",
                   "stdbuf", "ionice", "setsid", "time"})


def feeds_shell(payload, marker) -> str | None:
    """The shell or interpreter whose code a fan-out runner's item becomes,
    or ``None``: ``payload`` (Words) is the command template, ``marker`` the
    replacement string (``{}``; ``None``: items are appended). The item is
    code when it lands in (or is appended right after) the ``-c``/``-e``
    option, or becomes the script path of a shell."""
    words = list(payload)
    while words and (words[0].value.rsplit("/", 1)[-1] in _PEEL or
                     (words[0].value.startswith("-") and len(words) > 1) or
                     ("=" in words[0].value and not words[0].value.startswith("-"))):
        words = words[1:]
    if not words:
        return None
    name = words[0].value.rsplit("/", 1)[-1]
    code_opt = "-c" if name in _SHELLS else _INTERPRETERS.get(name)
    if code_opt is None:
        return None
    if name in ("eval", "source", "."):
        return name
    rest = [w.value for w in words[1:]]
    for k, v in enumerate(rest):
        is_code = v == code_opt or (name in _SHELLS and v.startswith("-") and
                                    not v.startswith("--") and "c" in v[1:])
        if is_code:
            value = rest[k + 1] if k + 1 < len(rest) else None
            if value is None:
                return name if marker is None else None
            return name if marker is not None and marker in value else None
    if name not in _SHELLS:
        return None
    operands = [v for v in rest if not v.startswith("-")]
    if not operands:
        return name if marker is None else None
    return name if marker is not None and marker in operands[0] else None


def _split_items(text: str, lines: bool) -> list:
    """The items of ``text``: its lines (``lines``, xargs with a replace
    string) or its blank-separated words; one unknown item when empty."""
    parts = [t for t in text.splitlines() if t.strip()] if lines else text.split()
    return [Word.literal(t) for t in parts] or [Word(DYN, DYN, dynamic=True)]


def _file_items(x: X, word: Word, lines: bool = False) -> list:
    """The items of an argument file (``xargs -a FILE``, ``parallel ::::
    FILE``): its words (or lines) when it can be read, else one unknown
    item."""
    if not word.dynamic and word.value != "-":
        for t in paths.resolve(word.value, x.cmd.cwd) or ():
            if t in x.scope.files:   # written earlier in this command
                content = x.scope.files[t]
                return _split_items(content, lines) if content is not None else \
                    [Word(DYN, DYN, dynamic=True)]
        text = file_text(word.value, x.cmd)
        if text is not None:
            return _split_items(text, lines)
    if word.value == "-" and not word.dynamic:
        return _input_items(x, x.cmd.stdin, lines)
    return [Word(DYN, DYN, dynamic=True)]


def _replace_word(w, marker: str, item) -> Word:
    """``w`` with ``marker`` replaced by the item's value."""
    if marker and marker in w.value:
        value = w.value.replace(marker, item.value)
        return Word(w.text, value, dynamic=w.dynamic or item.dynamic)
    return w


def _input_items(x: X, stdin: Stdin | None, lines: bool = False) -> list:
    """What a command reading arguments from stdin (``xargs``) receives:
    literal words from ``echo``/``printf``/here-strings; for ``find``,
    ``grep -l``, ``rg -l``, ``fd``, ``ls``, ``git ls-files`` a placeholder for
    "some path under the directories they list" (``DIR/{found}``); otherwise
    one unknown item. ``lines``: items are whole lines (xargs ``-I``)."""
    unknown = [Word(DYN, DYN, dynamic=True)]
    if stdin is None:
        return unknown
    if stdin.kind in ("heredoc", "herestring") and not stdin.dynamic:
        return _split_items(stdin.content or "", lines)
    if stdin.kind == "pipe":
        text = static_output(stdin.producers)
        if text is not None:
            return _split_items(text, lines)
        items = []
        for prod in stdin.producers:
            roots = _listed_roots(prod)
            if roots is None:
                return unknown
            items.extend(roots)
        return items or unknown
    if stdin.kind == "file" and not stdin.dynamic and stdin.path:
        return _file_items(x, Word.literal(stdin.path), lines)
    return unknown


def _listed_roots(prod: SimpleCommand):
    """Placeholders for the paths a file-listing command prints, or ``None``."""
    key = prod.key
    if prod.dynamic:
        return None
    if key == "find":
        return [_under(w) for w in _find_starts(prod)]
    if key in ("fd", "fdfind"):
        ops = [w for w in prod.words[1:] if not w.value.startswith("-")]
        return [_under(w) for w in ops[1:]] or [_under(Word.literal("."))]
    if key in ("grep", "egrep", "fgrep", "rg", "ag", "ack") and any(
            a in ("-l", "--files-with-matches", "-L", "--files-without-match", "--files") or (
                a.startswith("-") and not a.startswith("--") and "l" in a[1:])
            for a in prod.args):
        ops = [w for w in prod.words[1:] if not w.value.startswith("-")]
        roots = ops[1:] if key != "rg" or "--files" not in prod.args else ops
        return [_under(w) for w in roots] or [_under(Word.literal("."))]
    if key == "ls":
        ops = [w for w in prod.words[1:] if not w.value.startswith("-")]
        return [_under(w) for w in ops] or [_under(Word.literal("."))]
    if key == "git" and prod.git_subcommand in ("ls-files", "diff", "status", "grep",
                                                "ls-tree"):
        return [_under(Word.literal("."))]
    return None


def _under(w) -> Word:
    """The placeholder for "a path under ``w``" (``DIR/{found}``)."""
    if w.dynamic:
        return w
    return Word(w.text, w.value.rstrip("/") + "/{found}", dynamic=False)


def h_parallel(x: X) -> list:
    """GNU parallel: the command template runs through a shell with each
    argument (after ``:::``, from the files after ``::::`` or ``-a``, or read
    from its input) shell-quoted and substituted for ``{}`` (and ``{.}``,
    ``{/}``... or the ``-I`` string) or appended; without a template the
    arguments are command lines. Arguments only known at run time are
    unknown values; fed to a shell as code (``parallel bash -c``, no
    template) they are a ``fanout-exec`` finding. Returns ``[cmd]``."""
    cmd = x.cmd
    x.run.carrier("parallel", Msg("shell.carrier.parallel_runs_commands_built"), cmd)
    x.run.add(cmd)
    args = x.args
    seps = [k for k, a in enumerate(args) if a.value in _PARALLEL_SEPS]
    cut = seps[0] if seps else len(args)
    p = opts.parse(args[:cut], "jJSaAdEIkLmnNsXoOuwe",
                   ("--jobs", "--sshlogin", "--arg-file", "--delimiter", "--eof",
                    "--replace", "--max-lines", "--max-args", "--colsep", "--results",
                    "--joblog", "--workdir", "--tmpdir", "--sshloginfile", "--basefile"),
                   posix=True)
    for o, v in p.opts:
        if o in ("--results", "--joblog") and v is not None:
            x.run.write(cmd, v, f"parallel {o}")
    template = p.operands
    values = []
    for k in seps:
        group = []
        for a in args[k + 1:]:
            if a.value in _PARALLEL_SEPS:
                break
            group.append(a)
        if args[k].value.startswith("::::"):
            for f in group:
                values.extend(_file_items(x, f))
        else:
            values.extend(group)
    for f in p.values("-a", "--arg-file"):
        values.extend(_file_items(x, f))
    if not seps and not p.values("-a", "--arg-file"):
        values = _input_items(x, cmd.stdin)
    if any(w.dynamic for w in template):
        x.run.unknown(Msg("shell.unknown.parallel_runs_command_template"))
        return [cmd]
    marker = p.value("-I", "--replace")
    marker = marker.value if marker is not None else "{}"
    dynamic = any(v.dynamic for v in values)
    if not template:
        if dynamic:
            x.run.find("fanout-exec",
                       Msg("shell.find.parallel_runs_command_lines"), cmd, certain=False)
        for v in values:
            if not v.dynamic:
                x.code(v.value, "parallel")
        return [cmd]
    if dynamic:
        fed = feeds_shell(template, marker if any(marker in w.value for w in template)
                          else None)
        if fed:
            x.run.find("fanout-exec", Msg("shell.find.parallel_feeds_reads_run", fed=fed), cmd,
                       certain=False)
    text = " ".join(w.value for w in template)
    for v in values or [Word(DYN, DYN, dynamic=True)]:
        # parallel shell-quotes each argument; an unknown one is an unset
        # variable here, so that the analysis treats it as computed at run time.
        val = '"$PLAYGATE_PARALLEL_ARGUMENT"' if v.dynamic else _quote(v.value)
        line = text
        for token in (marker, "{.}", "{/}", "{//}", "{/.}", "{#}", "{%}"):
            line = line.replace(token, val)
        if line == text:
            line = f"{text} {val}"
        x.code(line, "parallel")
    return [cmd]


#: parallel's argument separators (``::::`` and ``::::+``: argument files).
_PARALLEL_SEPS = (":::", "::::", ":::+", "::::+")


def _quote(value: str) -> str:
    """``value`` single-quoted for the shell (as parallel quotes arguments)."""
    return "'" + value.replace("'", "'\\''") + "'"


def h_find(x: X) -> list:
    """``find PATH... EXPR``: ``-exec/-execdir/-ok/-okdir`` run commands on
    every match (``{}`` stands for a path under the start points), ``-delete``
    removes every match, ``-fprint*``/``-fls`` write files."""
    cmd = x.cmd
    run = x.run
    run.add(cmd)
    args = x.args
    k = 0
    while k < len(args) and args[k].value in ("-H", "-L", "-P") or (
            k < len(args) and args[k].value.startswith("-O") and len(args[k].value) <= 3) or (
            k < len(args) and args[k].value == "-D"):
        k += 2 if (k < len(args) and args[k].value == "-D") else 1
    starts = []
    while k < len(args):
        v = args[k].value
        if v.startswith("-") or v in ("(", "!", ")", ","):
            break
        starts.append(args[k])
        k += 1
    if not starts:
        starts = [Word.literal(".")]
    produced = [cmd]
    filtered = _find_filtered(args[k:])
    name_filter = _find_name(args[k:])
    max_depth = _find_maxdepth(args[k:])
    while k < len(args):
        v = args[k].value
        if v in ("-exec", "-execdir", "-ok", "-okdir"):
            j = k + 1
            payload = []
            while j < len(args) and args[j].value not in (";", "+"):
                payload.append(args[j])
                j += 1
            run.carrier("find-exec", Msg("shell.carrier.find_runs_command_every", option=v), cmd)
            for start in starts:
                match = _find_match(start, filtered)
                words = [_replace_word(w, "{}", match) if "{}" in w.value else w
                         for w in payload]
                before = len(run.analysis.writes)
                produced.extend(x.argv(words, f"find {v}", stdin=None))
                _widen_found(run, before, name_filter, max_depth)
            k = j + 1
            continue
        if v == "-delete":
            for start in starts:
                before = len(run.analysis.writes)
                run.write(cmd, start, "find -delete", "delete", recursive=True, follow=False)
                for wr in run.analysis.writes[before:]:
                    wr.pattern = name_filter
                    wr.max_depth = max_depth
                match = _find_match(start, filtered)
                targets = run.resolve(match.value, cmd, follow=False) if not match.dynamic \
                    else None
                judge_delete(x, match, targets, recursive=True, force=True,
                             how="find -delete")
            k += 1
            continue
        if v in ("-fprint", "-fprint0", "-fls", "-fprintf") and k + 1 < len(args):
            run.write(cmd, args[k + 1], f"find {v}")
            k += 3 if v == "-fprintf" else 2
            continue
        k += 1
    return produced


#: find tests that exclude the start point itself from the matches.
_FIND_FILTERS = ("-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-regex",
                 "-iregex", "-newer", "-mtime", "-mmin", "-size", "-user", "-group", "-perm",
                 "-empty", "-links", "-inum", "-samefile", "-lname", "-ilname")


def _find_filtered(expr) -> bool:
    """find's expression (Words) has a test that excludes the start point
    itself from the matches."""
    vals = [w.value for w in expr]
    if "-mindepth" in vals:
        k = vals.index("-mindepth")
        if k + 1 < len(vals) and vals[k + 1].isdigit() and int(vals[k + 1]) >= 1:
            return True
    if "-type" in vals:
        k = vals.index("-type")
        if k + 1 < len(vals) and "d" not in vals[k + 1]:
            return True
    return any(v in _FIND_FILTERS for v in vals)


def _find_name(expr):
    """The ``-name`` glob when it is the only name test (else ``None``)."""
    vals = [w for w in expr]
    names = [vals[k + 1] for k in range(len(vals) - 1) if vals[k].value == "-name"]
    if len(names) == 1 and not names[0].dynamic and not any(
            v.value in ("-o", "-or", "!", "-not", "-path", "-iname", "-regex", "-wholename")
            for v in vals):
        return names[0].value
    return None


def _find_maxdepth(expr):
    """find's ``-maxdepth N`` (int), or ``None``."""
    vals = [w.value for w in expr]
    if "-maxdepth" in vals:
        k = vals.index("-maxdepth")
        if k + 1 < len(vals) and vals[k + 1].isdigit():
            return int(vals[k + 1])
    return None


def _widen_found(run, before: int, name_filter, max_depth=None) -> None:
    """Writes a ``find -exec`` payload made to ``START/{found}`` affect every
    match under START: record them as recursive writes to START."""
    for wr in run.analysis.writes[before:]:
        if wr.abs and wr.abs.endswith("/{found}"):
            wr.abs = wr.abs[:-len("/{found}")] or "/"
            wr.rel = run.rel(wr.abs)
            wr.given = wr.given.replace("/{found}", "")
            wr.recursive = True
            wr.pattern = name_filter
            wr.max_depth = max_depth


def _find_match(start, filtered: bool) -> Word:
    """What ``{}`` stands for: the start point itself (find includes it when
    no test excludes it), or a path strictly below it."""
    if not filtered or start.dynamic:
        return start
    value = start.value.rstrip("/") + "/{found}"
    return Word(start.text, value, dynamic=False)


def _find_starts(find_cmd) -> list:
    """The start points of a ``find`` command (Words; ``.`` when none)."""
    starts = []
    for w in find_cmd.words[1:]:
        v = w.value
        if v.startswith("-") or v in ("(", "!", ")"):
            break
        starts.append(w)
    return starts or [Word.literal(".")]
