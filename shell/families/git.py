"""git (SPEC §3 bash-check, §4; bypass families D and F): the front end.

git's global options (:mod:`shell.gitargs`) change where it works (``-C``,
``--work-tree``) and which programs it runs (``-c core.pager=...``,
``GIT_CONFIG_KEY_n``, ``--exec-path``: ``git-config`` carriers, the
program analysed); aliases from the configuration are expanded (``!`` aliases
are shell code). The subcommand then goes to its module through the
registry's git subcommand table (:data:`shell.registry.GIT_SUBCOMMANDS`):
:mod:`shell.families.git_history` (what destroys history or work: force
pushes, ``reset --hard``, ``clean``, ``branch -D``...) and
:mod:`shell.families.git_effects` (programs git runs, files it writes).
"""

from __future__ import annotations

import shell.opts as opts
import shell.paths as paths
import shell.quoting as quoting
import shell.registry as registry
from shell.gitargs import KNOWN_SUBCOMMANDS, code_key, config_aliases, prepare, sub_words
from shell.invocation import X, call_as
from shell.model import DYN, Msg, Word

#: The family name recorded on findings (``Finding.command_family``).
FAMILY = "git"
#: Command → handler below (:mod:`shell.registry` lists the same names).
COMMANDS = {"git": "h_git"}


def h_git(x: X) -> list:
    """``git [global options] SUBCOMMAND ARGS``: fills ``cmd.git_*``, applies
    the global options and ``GIT_*`` variables (working directory, code-
    running configuration), expands aliases, and hands the subcommand to its
    family handler (:func:`shell.registry.git_subcommand`). Returns the
    produced commands."""
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
        config_pair(x, f"{key}={val}", "GIT_CONFIG_KEY/VALUE")
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
            config_pair(x, value, "git -c")
        elif opt == "--work-tree":
            work = value
        elif opt == "--git-dir":
            git_dir = value
        elif opt in ("--exec-path", "--config-env"):
            run.carrier("git-config", Msg("shell.carrier.git_changes_programs_git", opt=opt), cmd)
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
    words = sub_words(cmd)
    if any(w.dynamic for w in cmd.words[:len(cmd.words) - len(words)]):
        run.unknown(Msg("shell.unknown.git_options_dynamic"))
    if sub not in KNOWN_SUBCOMMANDS and DYN not in sub:
        aliases = config_aliases(run.root, run.home, git_dir if git_dir and DYN not in git_dir
                                 else None)
        aliases.update(env_aliases)
        for opt, value in cmd.git_globals:
            if opt == "-c" and value and "=" in value and value.lower().startswith("alias."):
                aliases[value.split("=", 1)[0].lower()[len("alias."):]] = value.split("=", 1)[1]
        value = aliases.get(sub.lower())
        if value is not None:
            return _alias(x, sub, value, words)
    if _asks_help(words):
        return [cmd]   # git shows the manual or the usage and does nothing else
    found = registry.git_subcommand(sub)
    if found is not None:
        handler, family = found
        call_as(family, handler, x, words)
    return [cmd]


def _asks_help(words) -> bool:
    """``git SUB --help`` (before any ``--``) or ``git SUB -h`` alone: git
    prints help and runs nothing (``git restore --help`` is not a
    restore)."""
    if len(words) == 1 and words[0].value == "-h":
        return True
    for w in words:
        if w.value == "--":
            return False
        if w.value == "--help" and not w.dynamic:
            return True
    return False


def _alias(x: X, name: str, value: str, words) -> list:
    """Run the git alias ``name`` (``value`` from the configuration) with the
    Words ``words``: ``!`` aliases as shell code, others as git's argv."""
    cmd, run = x.cmd, x.run
    run.carrier("git-alias", Msg("shell.carrier.git_alias", name=name, value=value[:60]), cmd)
    if value.startswith("!"):
        code = value[1:]
        if words:
            code = code + " " + " ".join(_quote(w.value) for w in words)
        x.code(code, f"git alias {name}")
        return [cmd]
    new = [cmd.words[0]] + [Word.literal(t) for t in quoting.split_tolerant(value)] + list(words)
    if cmd.depth + 1 > 12:
        run.too_deep(value)
        return [cmd]
    return x.argv(new, f"git alias {name}")


def _quote(v: str) -> str:
    """``v`` single-quoted for the shell."""
    return "'" + v.replace("'", "'\\''") + "'"


def config_pair(x: X, value: str | None, how: str) -> None:
    """One configuration assignment ``key=value`` (``git -c``, ``git config``,
    ``GIT_CONFIG_KEY_n``...): a code-running key is a ``git-config`` carrier
    whose program is analysed; ``*.push=+...``/``push.force`` make pushes
    forced (``force-push``); a pair computed at run time is unknown."""
    cmd, run = x.cmd, x.run
    if value is None:
        return
    if DYN in value:
        run.carrier("git-config", Msg("shell.carrier.sets_configuration_computed_run",
                                      how=how), cmd)
        run.unknown(Msg("shell.unknown.sets_git_configuration_computed", how=how))
        return
    key, _eq, val = value.partition("=")
    kl = key.strip().lower()
    if code_key(kl):
        run.carrier("git-config", Msg("shell.carrier.makes_git_run_program", how=how,
                                      key=key), cmd)
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
        run.find("force-push",
                 Msg("shell.find.makes_pushes_forced", how=how, key=key, val=val), cmd)
    if kl.startswith("remote.") and kl.endswith(".mirror") and val.strip().lower() in (
            "", "true", "yes", "on", "1"):
        run.find("force-push", Msg("shell.find.makes_pushes_remote_mirror", how=how, key=key,
                                      val=val or "true"), cmd)
    if kl in ("gc.pruneexpire", "gc.reflogexpire", "gc.reflogexpireunreachable") and \
            _expires_now(val):
        run.find("git-history", Msg("shell.find.makes_git_gc_delete", how=how,
                                    key=key, val=val), cmd)


def _expires_now(value: str) -> bool:
    """A git expiry date that is now or moments ago (``now``, ``all``, ``0``,
    ``1.second.ago``, ``5.minutes.ago``)."""
    v = value.strip().lower()
    return v in ("now", "all", "0") or any(u in v for u in ("second", "minute", "hour"))


def parse_opts(words, short_values: str = "", long_values=(), long_flags=()):
    """:func:`shell.opts.parse` with long-option abbreviations (git accepts
    unique prefixes)."""
    return opts.parse(words, short_values, long_values, long_flags=long_flags)


def destroy(x: X, family: str, message: str) -> None:
    """Record a destructive finding ``family`` with ``message`` for the git
    command."""
    x.run.find(family, message, x.cmd)
