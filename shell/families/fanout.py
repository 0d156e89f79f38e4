"""Fan-out runners: commands that run another command once per input item
(SPEC §4; bypass family D): ``xargs``, GNU ``parallel``, ``find -exec``/
``-execdir``/``-ok``, ``find -delete``. Each is a carrier; the payload is
analysed with what it receives: literal items (``echo a b | xargs rm``), or
"some path under the directories a listing command names"
(``find build | xargs rm -rf``: recursive writes under ``build``), or an
unknown item.
"""

from __future__ import annotations

import shell.opts as opts
from shell.deletion import judge_delete
from shell.invocation import X
from shell.model import DYN, SimpleCommand, Stdin, Word
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
    p = opts.parse(x.args, "aEeIiLlnPsd",
                   ("--arg-file", "--eof", "--replace", "--max-lines", "--max-args",
                    "--max-procs", "--max-chars", "--delimiter", "--process-slot-var"),
                   posix=True)
    x.run.carrier("xargs", "xargs runs a command with arguments read from its input", cmd)
    payload = list(p.operands) or [Word.literal("echo")]
    replace = p.value("-I", "--replace") or (Word.literal("{}") if p.has("-i") else None)
    items = _input_items(x, cmd.stdin)
    produced = []
    x.run.add(cmd)
    run = x.run
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


def _replace_word(w, marker: str, item) -> Word:
    """``w`` with ``marker`` replaced by the item's value."""
    if marker and marker in w.value:
        value = w.value.replace(marker, item.value)
        return Word(w.text, value, dynamic=w.dynamic or item.dynamic)
    return w


def _input_items(x: X, stdin: Stdin | None) -> list:
    """What a command reading arguments from stdin (``xargs``) receives:
    literal words from ``echo``/``printf``/here-strings; for ``find``,
    ``grep -l``, ``rg -l``, ``fd``, ``ls``, ``git ls-files`` a placeholder for
    "some path under the directories they list" (``DIR/{found}``); otherwise
    one unknown item."""
    unknown = [Word(DYN, DYN, dynamic=True)]
    if stdin is None:
        return unknown
    if stdin.kind in ("heredoc", "herestring") and not stdin.dynamic:
        return [Word.literal(t) for t in (stdin.content or "").split()] or unknown
    if stdin.kind == "pipe":
        text = static_output(stdin.producers)
        if text is not None:
            return [Word.literal(t) for t in text.split()] or unknown
        items = []
        for prod in stdin.producers:
            roots = _listed_roots(prod)
            if roots is None:
                return unknown
            items.extend(roots)
        return items or unknown
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
    argument (after ``:::``) substituted for ``{}`` or appended; without a
    template the arguments are commands."""
    cmd = x.cmd
    x.run.carrier("parallel", "parallel runs commands built from its arguments", cmd)
    x.run.add(cmd)
    args = x.args
    seps = [k for k, a in enumerate(args) if a.value in (":::", "::::", ":::+", "::::+")]
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
    if seps:
        values = [a for a in args[cut + 1:] if a.value not in (":::", "::::", ":::+", "::::+")]
    else:
        values = _input_items(x, cmd.stdin)
    if any(w.dynamic for w in template):
        x.run.unknown("parallel runs a command template assembled at run time")
        return [cmd]
    if not template:
        for v in values:
            if v.dynamic:
                x.run.unknown("parallel runs commands read at run time")
                continue
            x.code(v.value, "parallel")
        return [cmd]
    text = " ".join(w.value for w in template)
    for v in values or [Word(DYN, DYN, dynamic=True)]:
        val = v.value if not v.dynamic else "_pg_unknown_arg_"
        line = text.replace("{}", val) if "{}" in text else f"{text} {val}"
        if v.dynamic:
            x.run.unknown("parallel's arguments are read at run time")
        x.code(line, "parallel")
    return [cmd]


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
            run.carrier("find-exec", f"find {v} runs a command for every match", cmd)
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
