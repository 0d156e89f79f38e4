"""git: global options, aliases, and what each subcommand does (SPEC §3
bash-check, §4; bypass families D and F).

git's global options come before the subcommand (``git -C dir -c k=v
--git-dir=x --no-pager push``); :func:`split` finds the subcommand after all
of them, attached values included. Aliases defined in the repository's or the
user's git configuration are expanded (an alias starting with ``!`` is shell
code). History- or work-destroying forms and force pushes in every spelling
are destructive; configuration keys that run programs are carriers.
"""

from __future__ import annotations

import os

from shell import opts, paths
from shell.model import DYN, Word

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


def split(argv: list):
    """``(globals, subcommand_index)``: git's global options as
    ``[(option, value)]`` and the index in ``argv`` of the subcommand (or
    ``None``)."""
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


def code_key(key: str) -> bool:
    """A configuration key whose value runs a program (or redirects URLs,
    includes other configuration, or defines an alias)."""
    k = key.strip().lower()
    if k.startswith(CODE_KEY_PREFIXES):
        last = k.rsplit(".", 1)[-1]
        if k.startswith(("diff.", "merge.", "remote.", "protocol.", "url.", "receive.",
                         "sendemail.", "gpg.", "uploadpack.")):
            return last in CODE_KEY_SUFFIXES or last == "allow" or k.startswith("gpg.")
        return True
    return k.rsplit(".", 1)[-1] in CODE_KEY_SUFFIXES


def prepare(cmd) -> None:
    """Fill ``cmd.git_subcommand``, ``git_args``, ``git_globals``."""
    globs, idx = split(cmd.argv)
    cmd.git_globals = globs
    if idx is None:
        cmd.git_subcommand = None
        cmd.git_args = []
    else:
        cmd.git_subcommand = cmd.argv[idx]
        cmd.git_args = cmd.argv[idx + 1:]


def _sub_words(cmd) -> list:
    _globs, idx = split(cmd.argv)
    return cmd.words[idx + 1:] if idx is not None else []


# ------------------------------------------------------------------ aliases

def _config_aliases(root: str, home: str, git_dir: str | None) -> dict:
    files = []
    if home:
        files += [os.path.join(home, ".gitconfig"), os.path.join(home, ".config", "git",
                                                                   "config")]
    gdir = git_dir
    if gdir is None:
        try:
            from statefiles import gitinfo

            gdir = gitinfo.git_dir(root)
        except Exception:  # noqa: BLE001
            gdir = os.path.join(root, ".git")
    if gdir:
        files.append(os.path.join(gdir, "config"))
    aliases = {}
    for f in files:
        from statefiles.atomic import read_text

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


# ----------------------------------------------------------------- read-only

READ_ONLY_SUBS = frozenset({"status", "log", "diff", "show", "rev-parse", "ls-files", "ls-tree",
                            "ls-remote", "cat-file", "blame", "annotate", "describe", "shortlog",
                            "rev-list", "name-rev", "merge-base", "count-objects",
                            "for-each-ref", "show-ref", "var", "help", "version",
                            "check-ignore", "check-attr", "check-mailmap", "whatchanged",
                            "cherry", "range-diff", "show-branch", "verify-commit",
                            "verify-tag", "diff-tree", "diff-index", "diff-files",
                            "get-tar-commit-id", "grep", "check-ref-format", "fsck"})


def read_only(cmd) -> bool:
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
        return _config_read(args)
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


def _config_read(args) -> bool:
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


# ----------------------------------------------------------------- handler

def h_git(x) -> list:
    cmd, run = x.cmd, x.run
    prepare(cmd)
    run.add(cmd)
    scope = x.scope
    work = None
    git_dir = None
    env_keys = {}
    env_vals = {}
    for name, value, dyn in cmd.assignments:
        if name == "GIT_WORK_TREE":
            work = value if not dyn else DYN
        if name == "GIT_DIR":
            git_dir = value if not dyn else DYN
        if name.startswith("GIT_CONFIG_KEY_"):
            env_keys[name[len("GIT_CONFIG_KEY_"):]] = value if not dyn else DYN
        if name.startswith("GIT_CONFIG_VALUE_"):
            env_vals[name[len("GIT_CONFIG_VALUE_"):]] = value if not dyn else DYN
    for name in scope.exported:
        value = scope.vars.get(name)
        if value is None:
            continue
        if name.startswith("GIT_CONFIG_KEY_"):
            env_keys.setdefault(name[len("GIT_CONFIG_KEY_"):], value)
        if name.startswith("GIT_CONFIG_VALUE_"):
            env_vals.setdefault(name[len("GIT_CONFIG_VALUE_"):], value)
    env_aliases = {}
    for n, key in env_keys.items():
        val = env_vals.get(n, "")
        _config_pair(x, f"{key}={val}", "GIT_CONFIG_KEY/VALUE")
        if DYN not in key and key.lower().startswith("alias."):
            env_aliases[key.lower()[len("alias."):]] = val
    # -C changes git's working directory before anything else.
    cwd = cmd.cwd
    for opt, value in cmd.git_globals:
        if opt == "-C":
            if value is None or DYN in value:
                cwd = None
            else:
                res = paths.resolve(value, cwd)
                cwd = frozenset(res) if res else None
        elif opt == "-c":
            _config_pair(x, value, "git -c")
        elif opt == "--work-tree":
            work = value
        elif opt == "--git-dir":
            git_dir = value
        elif opt in ("--exec-path", "--config-env"):
            run.carrier("git-config", f"git {opt} changes which programs git runs", cmd)
    if work is not None:
        if DYN in work:
            cwd = None
        else:
            res = paths.resolve(work, cwd)
            cwd = frozenset(res) if res else None
    cmd.cwd = cwd
    sub = cmd.git_subcommand
    if sub is None:
        return [cmd]
    words = _sub_words(cmd)
    if any(w.dynamic for w in cmd.words[:len(cmd.words) - len(words)]):
        run.unknown("git's options are computed at run time")
    if sub not in KNOWN_SUBCOMMANDS and DYN not in sub:
        aliases = _config_aliases(run.root, run.home, git_dir if git_dir and DYN not in git_dir
                                  else None)
        aliases.update(env_aliases)
        for opt, value in cmd.git_globals:
            if opt == "-c" and value and "=" in value and value.lower().startswith("alias."):
                aliases[value.split("=", 1)[0].lower()[len("alias."):]] = value.split("=", 1)[1]
        value = aliases.get(sub.lower())
        if value is not None:
            return _alias(x, sub, value, words)
    handler = SUBCOMMANDS.get(sub)
    if handler is not None:
        handler(x, words)
    return [cmd]


def _alias(x, name: str, value: str, words) -> list:
    cmd, run = x.cmd, x.run
    run.carrier("git-alias", f"git {name} is an alias ({value[:60]})", cmd)
    if value.startswith("!"):
        code = value[1:]
        if words:
            code = code + " " + " ".join(_quote(w.value) for w in words)
        x.code(code, f"git alias {name}")
        return [cmd]
    from shell.semantics import split_like_env

    new = [cmd.words[0]] + [Word.literal(t) for t in split_like_env(value)] + list(words)
    if cmd.depth + 1 > 12:
        run.too_deep(value)
        return [cmd]
    return x.argv(new, f"git alias {name}")


def _quote(v: str) -> str:
    return "'" + v.replace("'", "'\\''") + "'"


def _config_pair(x, value, how: str) -> None:
    cmd, run = x.cmd, x.run
    if value is None:
        return
    if DYN in value:
        run.carrier("git-config", f"{how} sets configuration computed at run time", cmd)
        run.unknown(f"{how} sets git configuration computed at run time")
        return
    key, _eq, val = value.partition("=")
    kl = key.strip().lower()
    if code_key(kl):
        run.carrier("git-config", f"{how} {key} makes git run a program or alias", cmd)
        if kl.startswith("alias.") and val.startswith("!"):
            x.code(val[1:], f"{how} {key}")
        elif kl.rsplit(".", 1)[-1] in ("pager", "editor", "sshcommand", "fsmonitor", "textconv",
                                      "command", "external", "cmd", "askpass", "proxycommand",
                                      "sendmailcmd", "program", "helper", "driver", "clean",
                                      "smudge", "process") and val and not val.startswith(
                                          ("/usr/bin/", "cat", "less")):
            text = val[1:] if val.startswith("!") else val
            x.code(text, f"{how} {key}")
    if kl.endswith(".push") and val.startswith("+") or kl == "push.force":
        run.find("force-push", f"{how} {key}={val} makes pushes forced", cmd)
    if kl == "clean.requireforce" and val.lower() in ("false", "0", "no", "off"):
        pass


def _parse(words, short_values: str = "", long_values=(), long_flags=()):
    return opts.parse(words, short_values, long_values, long_flags=long_flags)


def _destroy(x, family: str, message: str) -> None:
    x.run.find(family, message, x.cmd)


# --------------------------------------------------------------- subcommands

_PUSH_LONG = frozenset({"--force", "--force-with-lease", "--force-if-includes", "--delete",
                        "--mirror", "--prune", "--all", "--tags", "--follow-tags", "--atomic",
                        "--dry-run", "--porcelain", "--verbose", "--quiet", "--set-upstream",
                        "--no-verify", "--verify", "--thin", "--no-thin", "--progress",
                        "--no-force-with-lease", "--ipv4", "--ipv6", "--branches", "--repo",
                        "--receive-pack", "--exec", "--push-option", "--recurse-submodules",
                        "--signed", "--no-signed", "--no-recurse-submodules"})


def g_push(x, words) -> None:
    p = _parse(words, "o", ("--repo", "--receive-pack", "--exec", "--push-option",
                            "--recurse-submodules", "--signed"),
               long_flags=("--force", "--force-with-lease", "--force-if-includes", "--delete",
                           "--mirror", "--prune", "--all", "--tags", "--follow-tags",
                           "--atomic", "--dry-run", "--porcelain", "--verbose", "--quiet",
                           "--set-upstream", "--no-verify", "--verify", "--thin", "--no-thin",
                           "--progress", "--no-force-with-lease", "--ipv4", "--ipv6",
                           "--branches"))
    if p.has("--dry-run", "-n"):
        return
    for o, v in p.opts:
        if o.startswith("--") and len(o) >= 5 and o not in _PUSH_LONG and \
                any(full.startswith(o) for full in (
                    "--force", "--force-with-lease", "--delete", "--mirror", "--prune")):
            # An abbreviation git may expand to a destructive option.
            _destroy(x, "force-push", f"git push {o}: abbreviates a forcing or deleting option")
        if o in ("-f", "--force"):
            _destroy(x, "force-push", f"git push {o}: overwrites the remote branch's history")
        elif o in ("-d", "--delete"):
            _destroy(x, "force-push", "git push --delete: deletes a remote branch or tag")
        elif o == "--mirror":
            _destroy(x, "force-push", "git push --mirror: overwrites and deletes remote refs")
        elif o == "--prune":
            _destroy(x, "force-push", "git push --prune: deletes remote branches")
        elif o == "--force-with-lease":
            if v is None or ":" not in v.value or v.value.endswith(":"):
                _destroy(x, "force-push", "git push --force-with-lease without an explicit "
                         "<ref>:<expected-sha>: overwrites the remote branch; use "
                         "--force-with-lease=<branch>:<sha>")
        elif o in ("--receive-pack", "--exec"):
            x.run.carrier("git-exec", f"git push {o} runs a program", x.cmd)
            if v is not None and not v.dynamic:
                x.code(v.value, f"git push {o}")
            elif v is not None:
                x.run.unknown("git push runs a program computed at run time")
    refspecs = p.operands[1:]
    for r in refspecs:
        v = r.value
        if v.startswith("+"):
            _destroy(x, "force-push", f"git push {v}: a '+' refspec forces the update")
        elif v.startswith(":") and len(v) > 1:
            _destroy(x, "force-push", f"git push {v}: an empty source deletes the remote ref")
        elif r.dynamic:
            x.run.unknown("git push refspec computed at run time")


def g_reset(x, words) -> None:
    p = _parse(words, "", ("--pathspec-from-file",),
               long_flags=("--hard", "--merge", "--soft", "--mixed", "--keep", "--quiet",
                           "--recurse-submodules", "--no-recurse-submodules",
                           "--intent-to-add", "--no-refresh", "--refresh",
                           "--pathspec-file-nul"))
    for bad in ("--hard", "--merge"):
        if p.has(bad):
            _destroy(x, "git-history", f"git reset {bad}: discards uncommitted work in the "
                     "working tree; commit or stash first, or use git reset --soft/--mixed")
            return
    if any(w.dynamic for w in words if w.value.startswith("-") or DYN in w.value):
        x.run.unknown("git reset options computed at run time")


def _existing_branch(x, name: str) -> bool:
    root = x.run.root
    try:
        from statefiles import gitinfo

        gdir = gitinfo.git_dir(root)
    except Exception:  # noqa: BLE001
        gdir = os.path.join(root, ".git")
    if not gdir:
        return False
    common = gdir
    from statefiles.atomic import read_text

    c = (read_text(os.path.join(gdir, "commondir"), 64 * 1024) or "").strip()
    if c:
        common = c if os.path.isabs(c) else os.path.normpath(os.path.join(gdir, c))
    if os.path.exists(os.path.join(common, "refs", "heads", *name.split("/"))):
        return True
    text = read_text(os.path.join(common, "packed-refs"), 64 * 1024 * 1024) or ""
    return any(line.rstrip().endswith(" refs/heads/" + name) for line in text.splitlines())


def _paths_written(x, path_words, how: str) -> None:
    for w in path_words:
        x.run.write(x.cmd, w, how)


def g_checkout(x, words) -> None:
    p = _parse(words, "bB", ("--orphan", "--conflict", "--pathspec-from-file", "--track"),
               long_flags=("--force", "--detach", "--ours", "--theirs", "--merge", "--patch",
                           "--quiet", "--progress", "--no-track", "--guess", "--no-guess",
                           "--ignore-other-worktrees", "--recurse-submodules",
                           "--overwrite-ignore", "--no-overwrite-ignore",
                           "--pathspec-file-nul", "--ignore-skip-worktree-bits"))
    if p.has("-f", "--force"):
        _destroy(x, "git-history", "git checkout --force: throws away local changes")
    for v in p.values("-B"):
        if v.dynamic or _existing_branch(x, v.value):
            _destroy(x, "git-history", f"git checkout -B {v.value}: resets an existing branch "
                     "(its commits can be lost); use git checkout -b for a new branch")
    if p.has("--pathspec-from-file"):
        _destroy(x, "git-history", "git checkout --pathspec-from-file: overwrites files with "
                 "their committed version")
        return
    if p.has("-b", "-B", "--orphan") and not p.dashdash:
        return
    ops = p.operands
    if p.dashdash is not None:
        pathspecs = ops[p.dashdash:]
        if pathspecs:
            _destroy(x, "git-history", "git checkout -- <path>: overwrites uncommitted "
                     "changes in " + ", ".join(w.value for w in pathspecs[:3]) +
                     "; commit or stash them first")
            _paths_written(x, pathspecs, "git checkout --")
        return
    if not ops:
        return
    candidates = ops[1:] if len(ops) > 1 else []
    first = ops[0]
    if len(ops) == 1:
        v = first.value
        if v in (".", "./", ":/", "*") or first.glob or first.dynamic or (
                _path_exists(x, first) and not _existing_branch(x, v) and not _is_ref(x, v)):
            candidates = [first]
    if candidates:
        _destroy(x, "git-history", "git checkout <path>: overwrites uncommitted changes in " +
                 ", ".join(w.value for w in candidates[:3]) + "; commit or stash them first")
        _paths_written(x, candidates, "git checkout")


def _is_ref(x, v: str) -> bool:
    return v in ("HEAD", "-", "@", "FETCH_HEAD", "ORIG_HEAD") or v.startswith(("HEAD~", "HEAD^",
                                                                               "origin/", "@{"))


def _path_exists(x, w) -> bool:
    targets = paths.resolve(w.value, x.cmd.cwd)
    return bool(targets) and any(os.path.lexists(t) for t in targets)


def g_restore(x, words) -> None:
    p = _parse(words, "sW", ("--source", "--pathspec-from-file", "--conflict"),
               long_flags=("--staged", "--worktree", "--patch", "--ours", "--theirs",
                           "--merge", "--quiet", "--progress", "--overlay", "--no-overlay",
                           "--ignore-unmerged", "--ignore-skip-worktree-bits",
                           "--recurse-submodules", "--pathspec-file-nul"))
    staged = p.has("-S", "--staged")
    worktree = p.has("-W", "--worktree")
    if staged and not worktree:
        return
    _destroy(x, "git-history", "git restore (working tree): overwrites uncommitted changes; "
             "use git restore --staged to unstage only")
    _paths_written(x, p.operands, "git restore")


def g_clean(x, words) -> None:
    p = _parse(words, "eX", ("--exclude",), long_flags=("--force", "--dry-run",
                                                          "--interactive", "--quiet"))
    if p.has("-n", "--dry-run"):
        return
    _destroy(x, "git-history", "git clean: permanently deletes untracked files; run git clean "
             "-n first to see what would go, then delete those paths one by one")


def g_stash(x, words) -> None:
    if words and words[0].value in ("drop", "clear"):
        _destroy(x, "git-history", f"git stash {words[0].value}: permanently deletes stashed "
                 "work")
    elif words and words[0].value == "push":
        p = _parse(words[1:], "m", ("--message", "--pathspec-from-file"))
        if p.operands:
            _paths_written(x, p.operands, "git stash push --")


def g_branch(x, words) -> None:
    p = _parse(words, "tu", ("--set-upstream-to", "--track", "--contains", "--no-contains",
                             "--merged", "--no-merged", "--points-at", "--sort", "--format",
                             "--column"),
               long_flags=("--delete", "--force", "--move", "--copy", "--list", "--all",
                           "--remotes", "--verbose", "--quiet", "--show-current"))
    flags = {o for o, _ in p.opts}
    delete = bool(flags & {"-d", "--delete"})
    force = bool(flags & {"-f", "--force"})
    if "-D" in flags or (delete and force):
        _destroy(x, "git-history", "git branch -D: deletes a branch even if its commits are not "
                 "merged; use git branch -d")
    elif flags & {"-M", "-C"}:
        _destroy(x, "git-history", "git branch -M/-C: overwrites an existing branch")
    elif force and p.operands and not delete and not flags & {"-m", "--move", "-c", "--copy"}:
        name = p.operands[0]
        if name.dynamic or _existing_branch(x, name.value):
            _destroy(x, "git-history", f"git branch -f {name.value}: moves an existing branch "
                     "(its commits can be lost)")


def g_reflog(x, words) -> None:
    if words and words[0].value in ("expire", "delete"):
        _destroy(x, "git-history", f"git reflog {words[0].value}: deletes the history that "
                 "recovers lost commits")


def g_update_ref(x, words) -> None:
    if any(w.value in ("-d", "--stdin") for w in words):
        _destroy(x, "git-history", "git update-ref -d/--stdin: deletes or rewrites refs")
    else:
        _destroy(x, "git-history", "git update-ref: moves a ref directly (commits can be "
                 "lost); use git branch/git reset with care instead")


def g_filter(x, words) -> None:
    sub = x.cmd.git_subcommand
    _destroy(x, "git-history", f"git {sub}: rewrites the repository's history")
    p = _parse(words, "d", ("--env-filter", "--tree-filter", "--index-filter",
                            "--parent-filter", "--msg-filter", "--commit-filter",
                            "--tag-name-filter", "--subdirectory-filter", "--prune-empty",
                            "--original", "--state-branch"))
    for o, v in p.opts:
        if o.endswith("-filter") and o != "--subdirectory-filter" and v is not None:
            x.run.carrier("git-exec", f"git filter-branch {o} runs shell code", x.cmd)
            if v.dynamic:
                x.run.unknown("git filter-branch runs code computed at run time")
            else:
                x.code(v.value, f"git filter-branch {o}")


def g_worktree(x, words) -> None:
    if not words:
        return
    action = words[0].value
    rest = words[1:]
    if action == "remove":
        vals = [w.value for w in rest]
        if any(v in ("-f", "--force") or (v.startswith("-") and not v.startswith("--") and
                                          "f" in v) for v in vals):
            _destroy(x, "git-history", "git worktree remove --force: deletes a worktree with "
                     "uncommitted changes")
        for w in rest:
            if not w.value.startswith("-"):
                x.run.write(x.cmd, w, "git worktree remove", "delete", recursive=True)
    elif action == "add":
        p = _parse(rest, "bB", ("--reason",))
        if p.operands:
            x.run.write(x.cmd, p.operands[0], "git worktree add", recursive=True)


def g_switch(x, words) -> None:
    p = _parse(words, "cC", ("--orphan", "--conflict", "--track"),
               long_flags=("--force", "--discard-changes", "--detach", "--create",
                           "--force-create", "--guess", "--no-guess", "--merge", "--quiet"))
    if p.has("-f", "--force", "--discard-changes"):
        _destroy(x, "git-history", "git switch --force/--discard-changes: throws away local "
                 "changes")
    for v in p.values("-C", "--force-create"):
        if v.dynamic or _existing_branch(x, v.value):
            _destroy(x, "git-history", f"git switch -C {v.value}: resets an existing branch")


def g_gc(x, words) -> None:
    for w in words:
        v = w.value
        if v.startswith("--prune=") and v.split("=", 1)[1] in ("now", "all"):
            _destroy(x, "git-history", "git gc --prune=now: permanently deletes unreachable "
                     "commits (the ones a reset or rebase left behind)")


def g_prune(x, words) -> None:
    if not any(w.value in ("-n", "--dry-run") for w in words):
        _destroy(x, "git-history", "git prune: permanently deletes unreachable commits")


def g_rebase(x, words) -> None:
    p = _parse(words, "xsX", ("--exec", "--strategy", "--strategy-option", "--onto",
                              "--empty", "--rebase-merges", "--whitespace", "-C"))
    for v in p.values("-x", "--exec"):
        x.run.carrier("git-exec", "git rebase --exec runs a shell command", x.cmd)
        if v.dynamic:
            x.run.unknown("git rebase --exec runs a command computed at run time")
        else:
            x.code(v.value, "git rebase --exec")


def g_bisect(x, words) -> None:
    if words and words[0].value == "run":
        x.run.carrier("git-exec", "git bisect run runs a command", x.cmd)
        x.argv(words[1:], "git bisect run")


def g_submodule(x, words) -> None:
    vals = [w.value for w in words]
    if "foreach" in vals:
        k = vals.index("foreach")
        rest = [w for w in words[k + 1:] if w.value not in ("--recursive", "-q", "--quiet")]
        x.run.carrier("git-exec", "git submodule foreach runs a shell command", x.cmd)
        if any(w.dynamic for w in rest):
            x.run.unknown("git submodule foreach runs a command computed at run time")
        elif rest:
            x.code(" ".join(w.value for w in rest), "git submodule foreach")


def g_difftool(x, words) -> None:
    p = _parse(words, "xt", ("--extcmd", "--tool"))
    for v in p.values("-x", "--extcmd"):
        x.run.carrier("git-exec", "git difftool --extcmd runs a command", x.cmd)
        if v.dynamic:
            x.run.unknown("git difftool runs a command computed at run time")
        else:
            x.code(v.value, "git difftool --extcmd")
    if p.has("-t", "--tool") or x.cmd.git_subcommand == "mergetool":
        x.run.carrier("git-exec", f"git {x.cmd.git_subcommand} runs a configured tool", x.cmd)


def g_config(x, words) -> None:
    vals = [w.value for w in words]
    if _config_read(vals):
        return
    p = _parse(words, "f", ("--file", "--blob", "--type", "--default", "--comment"),
               long_flags=("--global", "--system", "--local", "--worktree", "--add",
                           "--unset", "--unset-all", "--replace-all", "--rename-section",
                           "--remove-section", "--edit", "--bool", "--int", "--path"))
    ops = p.operands
    if ops and ops[0].value in ("set", "unset", "rename-section", "remove-section", "edit"):
        ops = ops[1:]
    key = ops[0] if ops else None
    value = ops[1] if len(ops) > 1 else None
    if key is not None:
        if key.dynamic:
            x.run.carrier("git-config", "git config sets a key computed at run time", x.cmd)
            x.run.unknown("git config sets a key computed at run time")
        else:
            pair = key.value + ("=" + value.value if value is not None else "=")
            if value is not None and value.dynamic:
                pair = key.value + "=" + DYN
            _config_pair(x, pair, "git config")
    if p.has("--edit", "-e"):
        x.run.carrier("git-config", "git config --edit opens an editor", x.cmd)
    f = p.value("-f", "--file")
    if f is not None:
        x.run.write(x.cmd, f, "git config --file")
    elif p.has("--global"):
        home = x.run.home
        x.run.write(x.cmd, Word.literal(os.path.join(home, ".gitconfig")) if home else
                    Word(DYN, DYN, dynamic=True), "git config --global")
    elif p.has("--system"):
        x.run.write(x.cmd, Word.literal("/etc/gitconfig"), "git config --system")


def g_rm(x, words) -> None:
    p = _parse(words, "", ("--pathspec-from-file",),
               long_flags=("--cached", "--force", "--dry-run", "--quiet", "--ignore-unmatch",
                           "--sparse", "-r"))
    if p.has("--cached", "-n", "--dry-run"):
        return
    recursive = p.has("-r")
    for w in p.operands:
        x.run.write(x.cmd, w, "git rm", "delete", recursive=recursive, follow=False)


def g_mv(x, words) -> None:
    p = _parse(words, "", (), long_flags=("--force", "--dry-run", "--verbose"))
    if p.has("-n", "--dry-run") or len(p.operands) < 2:
        return
    for s in p.operands[:-1]:
        x.run.write(x.cmd, s, "git mv (source)", "delete", recursive=True, follow=False)
    x.run.write(x.cmd, p.operands[-1], "git mv", recursive=True)


def g_apply(x, words) -> None:
    from shell import fileops

    p = _parse(words, "pC", ("--directory", "--exclude", "--include", "--whitespace",
                             "--build-fake-ancestor"),
               long_flags=("--stat", "--numstat", "--summary", "--check", "--index",
                           "--cached", "--reverse", "--reject", "--3way"))
    if p.has("--stat", "--numstat", "--summary", "--check") and not p.has("--apply"):
        return
    if p.has("--cached"):
        return
    texts = []
    for w in p.operands:
        if w.dynamic:
            texts.append(None)
        else:
            texts.append(fileops._read_text(w.value, x.cmd))
    if not p.operands:
        st = x.cmd.stdin
        if st is not None and st.kind in ("heredoc", "herestring") and not st.dynamic:
            texts.append(st.content)
        elif st is not None and st.kind == "file" and not st.dynamic:
            texts.append(fileops._read_text(st.path, x.cmd))
        else:
            texts.append(None)
    for t in texts:
        fileops.patch_targets(x, t, "git apply")


def g_output_opts(x, words) -> None:
    """``--output=F`` on diff/log/show/format-patch/archive, ``-o DIR``."""
    sub = x.cmd.git_subcommand
    vals = words
    for k, w in enumerate(vals):
        v = w.value
        if v.startswith("--output="):
            x.run.write(x.cmd, Word(w.text, v.split("=", 1)[1], dynamic=w.dynamic),
                        f"git {sub} --output")
        elif v in ("--output", "-o", "--output-directory") and k + 1 < len(vals) and (
                sub in ("archive", "format-patch", "diff", "log", "show") or v == "--output"):
            x.run.write(x.cmd, vals[k + 1], f"git {sub} {v}", recursive=sub == "format-patch")
        elif v.startswith("--exec=") or v.startswith(("--upload-pack", "--receive-pack")):
            x.run.carrier("git-exec", f"git {sub} {v.split('=')[0]} runs a program", x.cmd)
            _program_option(x, vals, k)


def _program_option(x, words, k) -> None:
    """The value of ``--upload-pack=CMD``/``--receive-pack CMD``/``--exec=CMD``
    runs through the shell."""
    w = words[k]
    if "=" in w.value:
        value = Word(w.text, w.value.split("=", 1)[1], dynamic=w.dynamic)
    elif k + 1 < len(words):
        value = words[k + 1]
    else:
        return
    if value.dynamic:
        x.run.unknown(f"git {x.cmd.git_subcommand} runs a program computed at run time")
    else:
        x.code(value.value, f"git {x.cmd.git_subcommand} {w.value.split('=')[0]}")


def g_grep(x, words) -> None:
    for w in words:
        if w.value.startswith(("-O", "--open-files-in-pager")):
            x.run.carrier("git-exec", "git grep -O runs a pager program", x.cmd)


def g_clone(x, words) -> None:
    g_output_opts(x, words)
    p = _parse(words, "obcju", ("--origin", "--branch", "--config", "--depth", "--reference",
                                "--upload-pack", "--template", "--separate-git-dir", "--jobs",
                                "--filter", "--shallow-since", "--shallow-exclude",
                                "--recurse-submodules", "--server-option"))
    for v in p.values("-c", "--config"):
        _config_pair(x, v.value if not v.dynamic else DYN, "git clone -c")
    for v in p.values("-u", "--upload-pack"):
        x.run.carrier("git-exec", "git clone --upload-pack runs a program", x.cmd)
        if v.dynamic:
            x.run.unknown("git clone --upload-pack runs a program computed at run time")
        else:
            x.code(v.value, "git clone --upload-pack")
    if len(p.operands) >= 2:
        x.run.write(x.cmd, p.operands[1], "git clone", recursive=True)


def g_fetch_pull(x, words) -> None:
    for k, w in enumerate(words):
        v = w.value
        if v.startswith("--upload-pack") or (v == "--exec" and x.cmd.git_subcommand ==
                                             "ls-remote"):
            x.run.carrier("git-exec", f"git {x.cmd.git_subcommand} --upload-pack runs a "
                          "program", x.cmd)
            _program_option(x, words, k)


def g_init(x, words) -> None:
    p = _parse(words, "b", ("--template", "--separate-git-dir", "--initial-branch",
                            "--object-format", "--shared"))
    if p.has("--template"):
        x.run.carrier("git-config", "git init --template copies hooks from a directory", x.cmd)
    if p.operands:
        x.run.write(x.cmd, p.operands[0], "git init")


def g_commit(x, words) -> None:
    # Message text (-m, -F, --message) is data.
    for w in words:
        v = w.value
        if v.startswith("--template") or v in ("-t",):
            pass


def g_notes(x, words) -> None:
    pass


SUBCOMMANDS = {
    "push": g_push, "reset": g_reset, "checkout": g_checkout, "restore": g_restore,
    "clean": g_clean, "stash": g_stash, "branch": g_branch, "reflog": g_reflog,
    "update-ref": g_update_ref, "filter-branch": g_filter, "filter-repo": g_filter,
    "worktree": g_worktree, "switch": g_switch, "gc": g_gc, "prune": g_prune,
    "rebase": g_rebase, "bisect": g_bisect, "submodule": g_submodule,
    "difftool": g_difftool, "mergetool": g_difftool, "config": g_config, "rm": g_rm,
    "mv": g_mv, "apply": g_apply, "diff": g_output_opts, "log": g_output_opts,
    "show": g_output_opts, "format-patch": g_output_opts, "archive": g_output_opts,
    "ls-remote": g_output_opts, "grep": g_grep, "clone": g_clone, "fetch": g_fetch_pull,
    "pull": g_fetch_pull, "init": g_init, "commit": g_commit,
}


def register(handlers: dict) -> None:
    handlers["git"] = h_git
