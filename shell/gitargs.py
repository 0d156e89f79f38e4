"""git's command line (SPEC §3 bash-check, §4; bypass families D and F): its
global options, the subcommand after them, configuration keys whose value
runs a program, aliases from the user's and the repository's configuration,
and which git commands only read.

git's global options come before the subcommand (``git -C dir -c k=v
--git-dir=x --no-pager push``); :func:`split` finds the subcommand after all
of them, attached values included. Used by the git family
(:mod:`shell.families.git`) and by the read-only classification
(:mod:`shell.readonly`).
"""

from __future__ import annotations

import os

from shell.model import DYN, SimpleCommand
from statefiles import gitinfo
from statefiles.atomic import read_text

#: Global options that take a value as the next argument.
GLOBAL_VALUE_OPTS = frozenset({"-C", "-c", "--git-dir", "--work-tree", "--namespace",
                               "--super-prefix", "--config-env", "--exec-path",
                               "--list-cmds", "--attr-source"})


#: Global options without a value.
GLOBAL_FLAGS = frozenset({"-p", "--paginate", "-P", "--no-pager", "--no-replace-objects",
                          "--no-lazy-fetch", "--no-optional-locks", "--no-advice", "--bare",
                          "--literal-pathspecs", "--glob-pathspecs", "--noglob-pathspecs",
                          "--icase-pathspecs", "--html-path", "--man-path", "--info-path",
                          "--exec-path"})


#: Last components of configuration keys whose value is a program to run.
CODE_KEY_SUFFIXES = ("pager", "editor", "sshcommand", "fsmonitor", "hookspath", "textconv",
                     "command", "driver", "clean", "smudge", "process", "helper", "program",
                     "askpass", "gitproxy", "external", "receivepack", "uploadpack",
                     "templatedir", "packobjectshook", "alternaterefscommand", "cmd",
                     "proxycommand", "tool", "path", "insteadof", "pushinsteadof",
                     "exec", "sendmailcmd", "smtpserver")


CODE_KEY_PREFIXES = ("alias.", "pager.", "include.", "includeif.", "core.sshcommand",
                     "credential.", "filter.", "diff.", "merge.", "difftool.", "mergetool.",
                     "gpg.", "sequence.editor", "core.editor", "core.pager", "core.fsmonitor",
                     "core.hookspath", "core.askpass", "core.gitproxy", "remote.", "url.",
                     "uploadpack.", "receive.", "sendemail.", "protocol.")


KNOWN_SUBCOMMANDS = frozenset("""
add am annotate apply archive bisect blame branch bundle cat-file check-attr check-ignore
check-mailmap check-ref-format checkout checkout-index cherry cherry-pick citool clean clone
column commit commit-graph commit-tree config count-objects credential daemon describe diff
diff-files diff-index diff-tree difftool fast-export fast-import fetch fetch-pack filter-branch
fmt-merge-msg for-each-ref for-each-repo format-patch fsck gc get-tar-commit-id grep gui
hash-object help hook index-pack init instaweb interpret-trailers log ls-files ls-remote
ls-tree mailinfo mailsplit maintenance merge merge-base merge-file merge-index merge-tree
mktag mktree multi-pack-index mv name-rev notes pack-objects pack-redundant pack-refs patch-id
prune prune-packed pull push range-diff read-tree rebase reflog remote repack replace
request-pull rerere reset restore rev-list rev-parse revert rm send-email send-pack
shortlog show show-branch show-index show-ref sparse-checkout stage stash status stripspace
submodule switch symbolic-ref tag unpack-file unpack-objects update-index update-ref
update-server-info var verify-commit verify-pack verify-tag version whatchanged worktree
write-tree filter-repo lfs flow subtree sizer absorb branchless machete revise
""".split())


def split(argv: list) -> tuple:
    """``(globals, subcommand_index)`` for git's ``argv`` (a list of str,
    ``argv[0]`` the command word): git's global options as ``[(option,
    value)]`` (value ``None`` for flags) and the index in ``argv`` of the
    subcommand, or ``None`` when there is none."""
    out = []
    i = 1
    while i < len(argv):
        a = argv[i]
        if a in GLOBAL_VALUE_OPTS and a != "--exec-path":
            out.append((a, argv[i + 1] if i + 1 < len(argv) else None))
            i += 2
            continue
        if "=" in a and a.split("=", 1)[0] in GLOBAL_VALUE_OPTS and a.startswith("--"):
            name, value = a.split("=", 1)
            out.append((name, value))
            i += 1
            continue
        if a.startswith("-c") and len(a) > 2 and not a.startswith("--"):
            out.append(("-c", a[2:]))
            i += 1
            continue
        if a.startswith("-C") and len(a) > 2:
            out.append(("-C", a[2:]))
            i += 1
            continue
        if a in GLOBAL_FLAGS or a in ("-v", "--version", "-h", "--help"):
            out.append((a, None))
            i += 1
            continue
        if a.startswith("-"):
            out.append((a, None))
            i += 1
            continue
        return out, i
    return out, None


#: Largest configuration file read for an include (bytes).
CONFIG_FILE_LIMIT = 64 * 1024


def config_file_pairs(text: str):
    """``["key=value", ...]`` of a git configuration file's text (sections
    ``[core]``, ``[remote "origin"]``, ``[a.b]``; ``#``/``;`` comments;
    double-quoted values; a key without ``=`` is ``true``), or ``None`` when
    a line is not one of those: the analysis does not guess what git would
    read."""
    out = []
    section = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line[0] in "#;":
            continue
        if line.startswith("["):
            end = line.find("]")
            if end < 0:
                return None
            head = line[1:end].strip()
            rest = line[end + 1:].strip()
            if rest and rest[0] not in "#;":
                return None
            if '"' in head:
                name, _sp, sub = head.partition(" ")
                sub = sub.strip()
                if not (sub.startswith('"') and sub.endswith('"') and len(sub) >= 2):
                    return None
                section = f"{name.strip()}.{sub[1:-1]}"
            else:
                section = head
            continue
        if section is None or "\\" in line and line.endswith("\\"):
            return None
        key, eq, value = line.partition("=")
        key = key.strip()
        if not key or not all(c.isalnum() or c == "-" for c in key):
            return None
        value = value.strip() if eq else "true"
        if value.startswith('"') and value.endswith('"') and len(value) >= 2:
            value = value[1:-1]
        elif '"' in value or "\\" in value:
            return None
        else:
            for mark in (" #", " ;", "\t#", "\t;"):
                if mark in value:
                    value = value.split(mark, 1)[0].rstrip()
        out.append(f"{section}.{key}={value}")
    return out


def code_key(key: str) -> bool:
    """A configuration key (any case, ``section.name``) whose value runs a
    program, redirects URLs, includes other configuration or defines an
    alias: setting one is a ``git-config`` carrier (SPEC §5 7E)."""
    k = key.strip().lower()
    if k.startswith(CODE_KEY_PREFIXES):
        last = k.rsplit(".", 1)[-1]
        if k.startswith(("diff.", "merge.", "remote.", "protocol.", "url.", "receive.",
                         "sendemail.", "gpg.", "uploadpack.")):
            return last in CODE_KEY_SUFFIXES or last == "allow" or k.startswith("gpg.")
        return True
    return k.rsplit(".", 1)[-1] in CODE_KEY_SUFFIXES


def prepare(cmd: SimpleCommand) -> None:
    """Fill ``cmd.git_subcommand`` (str or ``None``), ``cmd.git_args`` (the
    str arguments after it) and ``cmd.git_globals`` (see :func:`split`)."""
    globs, idx = split(cmd.argv)
    cmd.git_globals = globs
    if idx is None:
        cmd.git_subcommand = None
        cmd.git_args = []
    else:
        cmd.git_subcommand = cmd.argv[idx]
        cmd.git_args = cmd.argv[idx + 1:]


def sub_words(cmd: SimpleCommand) -> list:
    """The :class:`shell.model.Word` arguments after git's subcommand
    (empty when there is no subcommand)."""
    _globs, idx = split(cmd.argv)
    return cmd.words[idx + 1:] if idx is not None else []


def config_files(root: str, home: str, git_dir: str | None) -> list:
    """The configuration files git reads for the repository of ``root``:
    ``~/.gitconfig``, ``~/.config/git/config`` (with a ``home``) and the
    repository's ``config`` (``git_dir``, default: found from ``root``)."""
    files = []
    if home:
        files += [os.path.join(home, ".gitconfig"), os.path.join(home, ".config", "git",
                                                                 "config")]
    gdir = git_dir
    if gdir is None:
        try:
            gdir = gitinfo.git_dir(root)
        except Exception:  # noqa: BLE001
            gdir = os.path.join(root, ".git")
    if gdir:
        files.append(os.path.join(gdir, "config"))
    return files


def config_aliases(root: str, home: str, git_dir: str | None) -> dict:
    """git aliases defined in ``~/.gitconfig``, ``~/.config/git/config`` and
    the repository's configuration (``git_dir``, default: the repository of
    ``root``): ``{lower-case name: value}``; a value starting with ``!`` is
    shell code. Files that cannot be read are skipped. This is git's
    configuration syntax (``"..."`` with ``\\"`` escapes), not the shell's
    quoting (:mod:`shell.quoting`)."""
    files = config_files(root, home, git_dir)
    aliases = {}
    for f in files:
        text = read_text(f, 256 * 1024)  # never waits on a FIFO
        if text is None:
            continue
        section = None
        for line in text.splitlines():
            s = line.strip()
            if not s or s.startswith(("#", ";")):
                continue
            if s.startswith("["):
                section = s.strip("[]").strip().lower()
                continue
            if section == "alias" and "=" in s:
                name, value = s.split("=", 1)
                value = value.strip()
                if len(value) >= 2 and value[0] == value[-1] == '"':
                    value = value[1:-1].replace('\\"', '"').replace("\\\\", "\\")
                aliases[name.strip().lower()] = value
    return aliases


def remote_mirrors(root: str, home: str, git_dir: str | None = None) -> set:
    """Lower-case names of the remotes configured with ``mirror = true`` in
    ``~/.gitconfig``, ``~/.config/git/config`` or the repository's
    configuration (a plain ``git push`` to them mirrors: it overwrites and
    deletes remote refs). Files that cannot be read are skipped."""
    files = config_files(root, home, git_dir)
    mirrors = set()
    for f in files:
        text = read_text(f, 256 * 1024)  # never waits on a FIFO
        if text is None or "mirror" not in text.lower():
            continue
        remote = None
        for line in text.splitlines():
            s = line.strip()
            if s.startswith("["):
                head = s.strip("[]").strip()
                remote = head[len("remote"):].strip().strip('"').lower() if \
                    head.lower().startswith("remote ") else None
                continue
            if remote is not None and "=" in s:
                key, value = (p.strip().lower() for p in s.split("=", 1))
                if key == "mirror":
                    if value.strip('"') in ("true", "yes", "on", "1"):
                        mirrors.add(remote)
                    else:
                        mirrors.discard(remote)
            elif remote is not None and s.lower() == "mirror":
                mirrors.add(remote)
    return mirrors


#: git subcommands that only read (with the argument checks in :func:`read_only`).
READ_ONLY_SUBS = frozenset({"status", "log", "diff", "show", "rev-parse", "ls-files", "ls-tree",
                            "ls-remote", "cat-file", "blame", "annotate", "describe", "shortlog",
                            "rev-list", "name-rev", "merge-base", "count-objects",
                            "for-each-ref", "show-ref", "var", "help", "version",
                            "check-ignore", "check-attr", "check-mailmap", "whatchanged",
                            "cherry", "range-diff", "show-branch", "verify-commit",
                            "verify-tag", "diff-tree", "diff-index", "diff-files",
                            "get-tar-commit-id", "grep", "check-ref-format", "fsck"})


def read_only(cmd: SimpleCommand) -> bool:
    """git commands that only read (``status``, ``log``, list forms of
    ``branch``/``tag``/``remote``/``config``/``stash``/``worktree``...)."""
    globs = cmd.git_globals if cmd.git_subcommand is not None or cmd.git_globals else \
        split(cmd.argv)[0]
    for opt, value in globs:
        if opt == "-c" and (value is None or DYN in value or code_key(value.split("=", 1)[0])):
            return False
        if opt in ("--exec-path", "--config-env") or (opt.startswith("--exec-path=")):
            return False
    if any(name.startswith(("GIT_CONFIG", "GIT_EXTERNAL_DIFF", "GIT_PAGER", "GIT_SSH",
                            "GIT_EXEC_PATH", "PAGER")) for name, _v, _d in cmd.assignments):
        return False
    sub = cmd.git_subcommand
    args = cmd.git_args
    if sub is None:
        return all(o in ("-v", "--version", "-h", "--help") for o, _ in globs) or not globs
    if any(DYN in a for a in args):
        return False
    if sub in READ_ONLY_SUBS:
        if any(a.startswith(("--output", "-O", "--open-files-in-pager", "--ext-diff",
                             "--lost-found")) for a in args):
            return False
        if sub == "fsck" and "--lost-found" in args:
            return False
        return True
    if sub == "branch":
        return _branch_list(args)
    if sub == "tag":
        return not args or all(a in ("-l", "--list", "-n", "-v", "--verbose") or a.startswith((
            "--contains", "--points-at", "--merged", "--no-merged", "--sort", "--format", "-n",
            "--column", "--no-column", "-i", "--ignore-case")) for a in args) or (
            args[0] in ("-l", "--list"))
    if sub == "remote":
        return not args or args[0] in ("-v", "--verbose", "show", "get-url")
    if sub == "config":
        return config_read(args)
    if sub == "stash":
        return bool(args) and args[0] in ("list", "show")
    if sub == "worktree":
        return bool(args) and args[0] == "list"
    if sub == "reflog":
        return not args or args[0] in ("show", "exists") or args[0].startswith("-")
    if sub == "notes":
        return not args or args[0] in ("list", "show")
    if sub == "submodule":
        return not args or args[0] in ("status", "summary")
    if sub == "symbolic-ref":
        return len([a for a in args if not a.startswith("-")]) <= 1
    if sub == "lfs":
        return bool(args) and args[0] in ("ls-files", "status", "env", "version")
    return False


def _branch_list(args) -> bool:
    """``git branch ARGS`` only lists branches."""
    listing = ("-a", "--all", "-r", "--remotes", "-v", "-vv", "--verbose", "--list", "-l",
               "--show-current", "--no-color", "--color", "-q", "--quiet")
    value_opts = ("--contains", "--no-contains", "--merged", "--no-merged", "--points-at",
                  "--sort", "--format", "--column", "--no-column", "--abbrev", "--color=")
    ops = []
    k = 0
    list_mode = False
    while k < len(args):
        a = args[k]
        if a in ("--list", "-l"):
            list_mode = True
        if a in listing or a.startswith(value_opts):
            if a in ("--contains", "--no-contains", "--merged", "--no-merged", "--points-at",
                     "--sort", "--format") and "=" not in a:
                k += 2
                continue
            k += 1
            continue
        if a.startswith("-"):
            return False
        ops.append(a)
        k += 1
    return not ops or list_mode


def config_read(args) -> bool:
    """``git config ARGS`` (str arguments) only reads (``get``, ``--list``,
    ``--get-regexp``, a lone key...)."""
    if not args:
        return False
    if args[0] in ("get", "list"):
        return True
    reads = ("--get", "--get-all", "--get-regexp", "--get-urlmatch", "--list", "-l",
             "--show-origin", "--show-scope", "--name-only", "--null", "-z", "--includes",
             "--no-includes", "--type", "--bool", "--int", "--path", "--local", "--global",
             "--system", "--worktree", "--default")
    ops = []
    k = 0
    while k < len(args):
        a = args[k]
        if a in ("-f", "--file", "--blob", "--type", "--default"):
            k += 2
            continue
        if a.startswith("-"):
            if a not in reads and not a.startswith(("--type=", "--default=", "--file=",
                                                    "--blob=")):
                return False
            k += 1
            continue
        ops.append(a)
        k += 1
    if any(a in ("--get", "--get-all", "--get-regexp", "--get-urlmatch", "--list", "-l")
           for a in args):
        return True
    return len(ops) == 1
