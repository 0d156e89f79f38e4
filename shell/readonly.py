"""Which commands only read (SPEC §3 "read-only (safe to run while
uninitialised or on main)"): the read-only table and :func:`is_read_only`.

The table is keyed by command name like the handler registry
(:mod:`shell.registry`) but answers a different question: a command can
have a handler (``sed``, ``git``, ``find``) and a read-only check, or only a
check (``cat``, ``ls``: no handler, so the unmodelled family sees them and
asks :func:`reads` whether the paths they receive may be written).
"""

from __future__ import annotations

import shell.gitargs as gitargs
import shell.opts as opts
import shell.paths as paths
from shell.invocation import CODE_ENV, CODE_ENV_PREFIXES
from shell.model import SimpleCommand


def _no_opts(*bad):
    """A predicate: no argument starts with one of the option spellings
    ``bad``."""
    def pred(cmd) -> bool:
        for a in cmd.args:
            if a.startswith(bad):
                return False
        return True
    return pred


def _always(cmd) -> bool:
    return True


def _max_operands(k: int, short_values: str = ""):
    """A predicate: at most ``k`` operands (a second operand of ``uniq`` is
    its output file)."""
    def pred(cmd) -> bool:
        p = opts.parse(cmd.words[1:], short_values)
        return len(p.operands) <= k
    return pred


def _find_ro(cmd) -> bool:
    bad = ("-exec", "-execdir", "-ok", "-okdir", "-delete", "-fprint", "-fprint0", "-fprintf",
           "-fls")
    return not any(a in bad for a in cmd.args)


def _sed_ro(cmd) -> bool:
    """sed's arguments, read as sed reads them (:func:`shell.sed.read`), hold
    no ``-i``, no script file and nothing sed refuses. What its scripts do
    (``w``, ``e``) the analysis judges (``shell.families.text.h_sed``): a
    command it found writing or running something is marked
    (``cmd.acts``) and is not read-only (:func:`is_read_only`)."""
    import shell.sed as sed  # lazy: sed's reader loads only for a sed command

    if any(w.dynamic for w in cmd.words[1:]):
        return False
    return not any(what in ("in-place", "script-file", "error")
                   for what, _i, _text in sed.read(cmd.args))


def _awk_ro(cmd) -> bool:
    import shell.codescan as codescan  # lazy: imports re (7 ms); only for awk

    for w in cmd.words[1:]:
        if w.dynamic:
            return False
        if w.value in ("-f", "--file", "-i", "--include", "-l", "--load", "-E", "--exec"):
            return False
    prog = next((w.value for w in cmd.words[1:] if not w.value.startswith("-")), "")
    rep = codescan.scan("awk", prog)
    return not (rep.shell or rep.writes or rep.unknown or rep.pipes)


def _git_ro(cmd) -> bool:
    return gitargs.read_only(cmd)


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


def _top_ro(cmd) -> bool:
    # ``top`` in batch mode for one round only displays.
    return all(a in ("-b", "-n", "1", "-l", "-bn1") or a.isdigit() for a in cmd.args)


def _stty_ro(cmd) -> bool:
    # ``stty`` without settings only displays.
    return all(a in ("-a", "size", "-g") for a in cmd.args)


def _ps_ro(cmd) -> bool:
    # ``ps -o`` formats and sorting only display; nothing ps takes writes.
    return True


def _man_ro(cmd) -> bool:
    # man runs programs its options name: a pager (-P, --pager), a browser
    # (-H, --html), and whatever a configuration file (-C, --config-file)
    # defines as troff, pager or preprocessor. Only plain page look-ups read.
    return all(not a.startswith("-") or a in ("-k", "-f", "-a", "-w", "--where", "-s")
               for a in cmd.args)


def _mount_ro(cmd) -> bool:
    # ``mount`` without arguments (or ``-l``) lists the mounts.
    return not cmd.args or all(a in ("-l",) for a in cmd.args)


#: Commands that only read (SPEC §3: "read-only (safe to run while
#: uninitialised or on main)") and the check their arguments must pass.
#: Deliberately absent: pagers (``less``, ``more``: they run commands),
#: interpreters (``node``, ``python``...), ``split``/``csplit`` (they
#: write files) and ``ldd`` (glibc's runs the program it is given with
#: ``LD_TRACE_LOADED_OBJECTS``; a crafted ELF runs its own code).
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
    "md5": _always, "jq": _always,
    "column": _always, "fold": _always, "fmt": _always, "paste": _always, "rev": _always,
    "seq": _always, "sleep": _always, "expr": _always, "wc-l": _always, "look": _always,
    "strings": _always, "tac": _always, "expand": _always, "unexpand": _always,
    "join": _always, "lsof": _always, "ps": _ps_ro, "pgrep": _always, "top": _top_ro,
    "uptime": _always, "free": _always, "nproc": _always, "arch": _always, "tty": _always,
    "locale": _always, "getconf": _always, "sed": _sed_ro, "awk": _awk_ro, "gawk": _awk_ro,
    "mawk": _awk_ro, "nawk": _awk_ro, "git": _git_ro, "command": _always, "lsblk": _always,
    "blkid": _always, "mount": _mount_ro, "vmstat": _always, "iostat": _always,
    "zcat": _always, "bzcat": _always, "xzcat": _always, "zstdcat": _always,
    "tput": _always, "stty": _stty_ro, "cal": _always, "man": _man_ro,
    "info": _no_opts("-o", "--output"),
    "pip": _pip_ro, "pip3": _pip_ro, "npm": _npm_ro, "gh": _gh_ro,
    "sha224sum": _always, "sha384sum": _always, "numfmt": _always, "yes": _always,
    "shuf": _no_opts("-o", "--output"),
    "iconv": _no_opts("-o", "--output"), "file-type": _always,
    "yq": _no_opts("-i", "--inplace", "--in-place"), "bat": _no_opts("--pager"),
    "batcat": _no_opts("--pager"), "xmllint": _no_opts("--output", "-o"),
    "tokei": _always, "cloc": _no_opts("--report-file", "--out"),
    "lscpu": _always, "nm": _always, "objdump": _always, "readelf": _always,
    "sha3sum": _always, "test-path": _always,
}

#: Commands that stay read-only with arguments only known at run time
#: (``cat "$f"``, ``ls $DIR``): they print, whatever they are given.
_DYNAMIC_OK = frozenset({"echo", "printf", "cat", "ls", "head", "tail", "wc", "grep", "rg",
                         "stat", "du", "file", "test", "[", "[[", "((", "true", "false", ":",
                         "pwd", "basename", "dirname", "realpath", "readlink", "sleep", "seq"})


def is_read_only(cmd: SimpleCommand) -> bool:
    """One simple command only reads (SPEC §3 "read-only"): a known reader
    of :data:`READ_ONLY` (``ls``, ``cat``, ``grep``, ``git status|log|diff``...)
    named through ``PATH`` or a system directory, with arguments that do not
    turn it into a writer or a runner, no redirection that writes (except to
    ``/dev/null`` and harmless devices), and no code-running environment
    variable. A command made only of assignments or redirections reads when
    it writes nothing. A checker that raises means "not known to be
    read-only". A command the analysis recorded a write, a carrier or a
    destructive finding for (``cmd.acts``) is not read-only, whatever its
    program's check says: the check reads options on its own, and the two
    readings must never disagree in the direction of "harmless"."""
    if cmd.acts:
        return False
    if not cmd.name:
        return not any(r.writes for r in cmd.redirects) and not cmd.assignments
    if not cmd.trusted or cmd.shadowed or cmd.remote:
        return False
    if any(r.writes and not _harmless_target(r) for r in cmd.redirects):
        return False
    for name, _value, _dyn in cmd.assignments:
        if name in CODE_ENV or name.startswith(CODE_ENV_PREFIXES):
            return False
    pred = READ_ONLY.get(cmd.name)
    if pred is None:
        return False
    if cmd.name == "git" and cmd.git_subcommand is None and not cmd.git_globals:
        gitargs.prepare(cmd)
    if cmd.dynamic and cmd.name not in _DYNAMIC_OK:
        return False
    try:
        return bool(pred(cmd))
    except Exception:  # noqa: BLE001 - a checker error means "not known to be read-only"
        return False


def reads(cmd: SimpleCommand) -> bool:
    """``cmd`` is a known reader by its arguments alone (the check of
    :data:`READ_ONLY` for its name, without the trust, redirection and
    environment checks of :func:`is_read_only`): an unmodelled program that
    reads writes nothing it is given. A checker that raises means no."""
    pred = READ_ONLY.get(cmd.name)
    if pred is None:
        return False
    try:
        return bool(pred(cmd))
    except Exception:  # noqa: BLE001
        return False


def _harmless_target(r) -> bool:
    """A redirection target that writes nothing: ``/dev/null``, a terminal,
    the standard streams."""
    if r.target is None or r.target.dynamic:
        return False
    v = r.target.value
    return paths.is_harmless_device(v) or v in ("/dev/null",)
