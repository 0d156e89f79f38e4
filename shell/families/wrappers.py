"""Wrappers: commands that run another command (SPEC §4; bypass family B).
``sudo``, ``env``, ``timeout``, ``nice``, ``nohup``, ``exec``, ``command``,
``watch``, ``flock``, ``script``, ``busybox``, tool runners (``uv run``,
``npx``, ``conda run``)... are peeled off: the payload is analysed as the
command it is, one level deeper, with the wrapper listed in its
``SimpleCommand.wrappers``. Payloads given as a command line (``su -c``,
``flock -c``, ``watch``, ``env -S``) are analysed as shell code.
"""

from __future__ import annotations

import shell.opts as opts
import shell.paths as paths
from shell.invocation import X, code_option, in_directory, is_assignment, touch_all
from shell.model import Msg, Word

#: The family name recorded on findings (``Finding.command_family``).
FAMILY = "wrappers"

#: Wrappers that take no option with a value and no operand before the
#: command: their payload is ``argv`` after any flags. The tool runners among
#: them (``uv run``, ``conda run``...) also need the subcommand of
#: :data:`_SUBCOMMAND_WRAPPERS`.
_PLAIN_WRAPPERS = (
    "nohup", "setsid", "unbuffer", "catchsegv", "tsocks", "firejail", "dbus-launch",
    "valgrind", "entr", "direnv", "with-contenv", "script-timing", "expect_unbuffer", "gdb",
    "lldb", "perf", "eatmydata", "nq", "vipe", "uv", "poetry", "pipenv", "bundle", "conda",
    "mamba", "micromamba", "pixi", "hatch", "pdm", "rye", "bunx", "pnpx", "pipx",
)

#: Wrappers whose payload is ``argv`` after their options: (short options
#: taking a value, long options taking a value, positional operands before the
#: command).
WRAPPERS = {
    **dict.fromkeys(_PLAIN_WRAPPERS, ("", (), 0)),
    "nice": ("n", ("--adjustment",), 0),
    "stdbuf": ("ioe", ("--input", "--output", "--error"), 0),
    "ionice": ("cnp", ("--class", "--classdata", "--pid", "--pgid", "--uid"), 0),
    "taskset": ("", ("--cpu-list",), 1),
    "chrt": ("T", ("--sched-runtime", "--sched-deadline", "--sched-period"), 1),
    "timeout": ("ks", ("--kill-after", "--signal"), 1),
    "time": ("fo", ("--format", "--output"), 0),
    "gtime": ("fo", ("--format", "--output"), 0),
    "chroot": ("", ("--userspec", "--groups"), 1),
    "caffeinate": ("t", (), 0),
    "proxychains": ("fq", (), 0),
    "proxychains4": ("fq", (), 0),
    "torsocks": ("aPu", (), 0),
    "cgexec": ("g", (), 0),
    "numactl": ("CcmNpPiwa", (), 0),
    "prlimit": ("p", (), 0),
    "setpriv": ("", ("--reuid", "--regid", "--groups", "--inh-caps", "--bounding-set",
                     "--securebits", "--selinux-label", "--apparmor-profile"), 0),
    "unshare": ("SGRwt", ("--setuid", "--setgid", "--root", "--wd", "--map-user",
                          "--map-group"), 0),
    # -m -u -i -n -p -U -C -T -r -w take a value only when glued (-m/proc/1/ns/mnt)
    "nsenter": ("tSG", ("--target", "--setuid", "--setgid"), 0),
    "dbus-run-session": ("", ("--config-file", "--dbus-daemon"), 0),
    "xvfb-run": ("nslfe", ("--server-num", "--server-args", "--auth-file", "--error-file"), 0),
    "strace": ("oeEpPsSuUIbXa", ("--output",), 0),
    "ltrace": ("oeEpPsSuUIbXanAL", ("--output",), 0),
    "faketime": ("f", (), 1),
    "sshpass": ("pfde", (), 0),
    "pkexec": ("", ("--user",), 0),
    "doas": ("uC", (), 0),
    "runuser": ("ugGcsw", ("--user", "--group", "--supp-group", "--session-command", "--command",
                           "--shell", "--whitelist-environment"), 0),
    "systemd-run": ("pEMHtuS", ("--unit", "--property", "--description", "--slice", "--uid",
                                "--gid", "--working-directory", "--setenv", "--machine",
                                "--host", "--on-active", "--on-calendar"), 0),
    "systemd-inhibit": ("", ("--what", "--who", "--why", "--mode"), 0),
    "env-cmd": ("fer", ("--file", "--environments"), 0),
    "dotenv": ("ecv", (), 0),
    "chpst": ("ugUenlmdofcprt", (), 0),
    "daemonize": ("aceEIlopuv", (), 0),
    "retry": ("tdm", ("--times", "--delay"), 0),
    "grc": ("c", (), 0),
    "rlwrap": ("acCfFhHlopPsSw", (), 0),
    "nocache": ("n", (), 0),
    "trickle": ("udwtlsLn", (), 0),
    "cpulimit": ("lpe", ("--limit", "--pid", "--exe"), 0),
    "chronic": ("ev", (), 0),
    "ifne": ("n", (), 0),
    "fakeroot": ("ls", ("--lib", "--faked", "-s", "-i"), 0),
    "tsp": ("LDNW", (), 0),
    "sem": ("j", ("--id", "--jobs"), 0),
    "npx": ("pc", ("--package", "--call"), 0),
    "uvx": ("", ("--from", "--with", "--python"), 0),
}


#: Wrapper forms that need a subcommand before the payload
#: (``uv run cmd``, ``npm exec -- cmd``, ``docker exec ctr cmd``).
_SUBCOMMAND_WRAPPERS = {
    "uv": ("run",), "poetry": ("run",), "pipenv": ("run",), "bundle": ("exec",),
    "conda": ("run",), "mamba": ("run",), "micromamba": ("run",), "pixi": ("run", "exec"),
    "hatch": ("run",), "pdm": ("run",), "rye": ("run",), "pipx": ("run",), "direnv": ("exec",),
    "perf": ("record", "stat", "trace"), "gdb": ("--args",), "lldb": ("--",),
}

#: Command → handler below (:mod:`shell.registry` lists the same names).
COMMANDS = {
    **dict.fromkeys(WRAPPERS, "h_wrapper"),
    "sudo": "h_sudo", "sudoedit": "h_sudo", "su": "h_su", "sg": "h_sg",
    "watch": "h_watch", "flock": "h_flock", "script": "h_script", "exec": "h_exec",
    "command": "h_command", "builtin": "h_builtin", "busybox": "h_busybox",
    "toybox": "h_busybox",
}


def h_wrapper(x: X) -> list:
    """Family B: a wrapper of :data:`WRAPPERS` runs its arguments (after its own
    options and positional operands, and after the subcommand of
    :data:`_SUBCOMMAND_WRAPPERS`) as a command; ``time -o``/``strace -o``
    write their file; ``runuser -c``/``npx -c`` run a command line. Returns
    the produced commands."""
    cmd = x.cmd
    key = cmd.key
    short, long_, npos = WRAPPERS[key]
    args = x.args
    if key in _SUBCOMMAND_WRAPPERS:
        subs = _SUBCOMMAND_WRAPPERS[key]
        idx = next((k for k, a in enumerate(args) if a.value in subs), None)
        if idx is None:
            touch_all(x)
            return x.plain()
        args = args[idx + 1:]
        if key == "direnv" and args:
            args = args[1:]  # direnv exec DIR cmd
        if key in ("conda", "mamba", "micromamba"):
            p0 = opts.parse(args, "np", ("--name", "--prefix", "--cwd"), posix=True)
            args = p0.operands
    if key == "valgrind":
        k = 0
        while k < len(args) and args[k].value.startswith("-"):
            k += 1
        return _wrapped(x, args[k:], key)
    p = opts.parse(args, short, long_, posix=True)
    operands = p.operands
    for o, v in p.opts:
        if o in ("-o", "--output") and key in ("time", "gtime", "strace", "ltrace") and v:
            x.run.write(cmd, v, f"{key} -o")
        if key == "runuser" and o in ("-c", "--command", "--session-command") and v:
            return code_option(x, v, "runuser -c")
        if key == "systemd-run" and o == "--working-directory":
            pass
    if key == "npx" and p.has("-c", "--call"):
        v = p.value("-c", "--call")
        if v is not None:
            return code_option(x, v, "npx -c")
    if key == "runuser":
        return _runuser(x, p)
    if key == "chroot" and operands:
        new_root = operands[0]
        operands = operands[1:]
        if new_root.dynamic or paths.resolve(new_root.value, cmd.cwd) != ["/"]:
            # Every path the payload names is under the new root.
            x.run.unknown(Msg("shell.unknown.chroot_runs_command_another"))
        if not operands:
            return x.plain()
        return _wrapped(x, operands, key, cwd=None if not p.has("--skip-chdir") else False)
    if key in ("nsenter", "unshare"):
        # Entering (or making) a mount namespace, another root or working
        # directory: the payload's paths and directory are another view.
        if any(o in ("-m", "--mount", "-r", "--root", "-R", "-w", "--wd", "-a", "--all",
                     "-t", "--target") for o, _v in p.opts) and key == "nsenter":
            x.run.unknown(Msg("shell.unknown.nsenter_runs_command_another"))
        if key == "unshare" and p.has("-R", "--root"):
            x.run.unknown(Msg("shell.unknown.unshare_root_runs_command"))
        wd = p.value("-w", "--wd") if key == "unshare" else None
        if wd is not None:
            return _wrapped(x, operands, key, cwd=wd)
        return _wrapped(x, operands, key)
    if key in ("prlimit", "numactl", "setpriv", "firejail"):
        return _wrapped(x, operands, key)
    if key == "systemd-run":
        wd = p.value("--working-directory")
        if wd is not None:
            return _wrapped(x, operands[npos:], key, cwd=wd)
    payload = operands[npos:]
    if not payload:
        return x.plain()
    return _wrapped(x, payload, key)


def _wrapped(x: X, payload, name, cwd=False) -> list:
    """Run ``payload`` (Words) under the wrapper ``name``, or record the
    wrapper alone when there is none. ``cwd``: ``False`` (the wrapper's own
    working directory), ``None`` (unknown: a login shell starts in the
    user's home), or a Word naming the directory it changes to."""
    if not payload:
        return x.plain()
    if cwd is False:
        return x.argv(payload, name)
    return x.argv(payload, name, scope=in_directory(x, cwd))


def _runuser(x: X, p) -> list:
    """``runuser [-l|-|--login] [-u USER] [-c CMD] [USER] [CMD...]``: ``-c`` is
    a command line for the user's shell; a login shell starts in the user's
    home (the working directory is unknown); ``-s SHELL`` picks the shell."""
    if not p.has("-u", "--user"):
        # su-compatible form: options may follow the user name (getopt permutes)
        short, long_, _npos = WRAPPERS["runuser"]
        p = opts.parse(x.args, short, long_, posix=False)
    login = p.has("-l", "--login") or any(o.value == "-" for o in x.args)
    shell = p.value("-s", "--shell")
    code = p.value("-c", "--command", "--session-command")
    scope = x.scope.new_shell()
    if login:
        scope.cwd = None
    if shell is not None and (shell.dynamic or shell.value.rsplit("/", 1)[-1] not in _SH):
        x.run.add(x.cmd)
        x.run.unknown(Msg("shell.unknown.runuser_runs_command_shell"))
        return [x.cmd]
    if code is not None:
        if code.dynamic:
            x.run.add(x.cmd)
            x.run.unknown(Msg("shell.unknown.runuser_c_runs_command"))
            return [x.cmd]
        return x.code(code.value, "runuser -c", scope=scope)
    operands = [a for a in p.operands if a.value != "-"]
    if p.has("-u", "--user"):
        return _wrapped(x, operands, "runuser", cwd=None if login else False)
    if operands[1:]:
        x.run.unknown(Msg("shell.unknown.runuser_passes_arguments_user"))
    return x.plain()


#: Shells whose ``-c`` the analysis reads like bash's.
_SH = frozenset({"sh", "bash", "dash", "zsh", "ksh", "mksh", "ash", "yash", "posh", "lksh",
                 "pdksh", "ksh93", "oksh", "loksh", "rbash"})


def h_sudo(x: X) -> list:
    """``sudo [opts] CMD``: the payload runs (as another user); ``sudo -e``/
    ``sudoedit`` write their operands. Returns the produced commands."""
    cmd = x.cmd
    p = opts.parse(x.args, "CDghpRrtTUu",
                   ("--close-from", "--chdir", "--group", "--host", "--prompt", "--chroot",
                    "--role", "--type", "--command-timeout", "--other-user", "--user"),
                   posix=True)
    if p.has("-e", "--edit") or cmd.key == "sudoedit":
        x.run.add(cmd)
        for a in p.operands:
            x.run.write(cmd, a, "sudoedit")
        return [cmd]
    if p.has("-R", "--chroot"):
        x.run.unknown(Msg("shell.unknown.sudo_chroot_runs_command"))
    operands = list(p.operands)
    env = []
    # sudo(8): "VAR=value" operands before the command are set in its
    # environment (``sudo A=1 npm publish`` runs npm, not a program "A=1").
    while operands and not operands[0].dynamic and is_assignment(operands[0].value):
        name, _eq, value = operands.pop(0).value.partition("=")
        env.append((name, value))
    if not operands:
        return x.plain()
    if p.has("-i", "--login"):
        # A login shell: it starts in the target user's home directory, so
        # every relative path of the command is the other user's.
        return x.argv(operands, "sudo", extra_env=env, scope=in_directory(x, None))
    directory = p.value("-D", "--chdir")
    if directory is not None:
        return x.argv(operands, "sudo", extra_env=env, scope=in_directory(x, directory))
    # -s runs the command through the user's $SHELL -c with the arguments
    # escaped by sudo: the same argv.
    return x.argv(operands, "sudo", extra_env=env)


def h_su(x: X) -> list:
    """``su [-c CMD] [USER]``: the ``-c`` command line is analysed; arguments
    passed to the user's shell are unknown. Returns the produced commands."""
    cmd = x.cmd
    p = opts.parse(x.args, "cgGsw", ("--command", "--session-command", "--group",
                                     "--supp-group", "--shell", "--whitelist-environment"))
    code = p.value("-c", "--command", "--session-command")
    login = p.has("-l", "--login") or any(a.value == "-" for a in p.operands[:1])
    shell = p.value("-s", "--shell")
    if code is None:
        x.run.add(cmd)
        if [a for a in p.operands if a.value != "-"][1:]:
            x.run.unknown(Msg("shell.unknown.su_passes_arguments_user"))
        return [cmd]
    if shell is not None and (shell.dynamic or shell.value.rsplit("/", 1)[-1] not in _SH):
        x.run.add(cmd)
        x.run.unknown(Msg("shell.unknown.su_runs_command_shell"))
        return [cmd]
    if code.dynamic:
        x.run.add(cmd)
        x.run.unknown(Msg("shell.unknown.su_c_runs_command"))
        return [cmd]
    scope = x.scope.new_shell()
    if login:
        scope.cwd = None   # a login shell starts in the user's home directory
    return x.code(code.value, "su -c", scope=scope)


def h_sg(x: X) -> list:
    """``sg GROUP [-c] CMD``: the command runs through ``/bin/sh``. Returns the
    produced commands."""
    args = [a for a in x.args if a.value != "-"]
    if not args:
        return x.plain()
    rest = args[1:] if not args[0].value.startswith("-") else args
    if rest and rest[0].value == "-c":
        rest = rest[1:]
    if not rest:
        return x.plain()
    return _command_line(x, rest, "sg", "shell.unknown.sg_runs_command_assembled")


def h_watch(x: X) -> list:
    """``watch [-x] CMD``: the command line runs through ``sh -c`` (``-x``:
    as argv). Returns the produced commands."""
    p = opts.parse(x.args, "dnqg", ("--interval", "--differences", "--chgexit"), posix=True)
    if not p.operands:
        return x.plain()
    if p.has("-x", "--exec"):
        return x.argv(p.operands, "watch")
    return _command_line(x, p.operands, "watch", "shell.unknown.watch_runs_command_line")


def _command_line(x: X, words, wrapper: str, unknown: str) -> list:
    """Run the Words ``words`` joined by spaces as a command line (``sg GROUP
    CMD``, ``watch CMD``: the wrapper hands them to ``sh -c``); a word computed
    at run time makes the command unknown (catalogue key ``unknown``). Returns
    the produced commands."""
    if any(w.dynamic for w in words):
        x.run.add(x.cmd)
        x.run.unknown(Msg(unknown))
        return [x.cmd]
    return x.code(" ".join(w.value for w in words), wrapper)


def h_flock(x: X) -> list:
    """``flock [opts] FILE -c CMD`` / ``flock [opts] FILE CMD ARGS`` /
    ``flock [opts] FD``: the lock file is touched (``meta``), the command or
    command line runs. Returns the produced commands."""
    cmd = x.cmd
    args = x.args
    k = 0
    code = None
    while k < len(args):
        v = args[k].value
        if v in ("-c", "--command") and k + 1 < len(args):
            code = args[k + 1]
            k += 2
            continue
        if v.startswith("--command="):
            code = Word(args[k].text, v.split("=", 1)[1], dynamic=args[k].dynamic)
            k += 1
            continue
        if v in ("-w", "--timeout", "-E", "--conflict-exit-code"):
            k += 2
            continue
        if v.startswith("-") and len(v) > 1 and v != "--":
            k += 1
            continue
        if v == "--":
            k += 1
        break
    rest = args[k:]
    if rest:
        x.run.write(cmd, rest[0], "flock", "meta")
        tail = rest[1:]
        if tail and tail[0].value in ("-c", "--command") and len(tail) > 1:
            code = tail[1]
            tail = []
        if code is not None:
            return code_option(x, code, "flock -c")
        if tail:
            return x.argv(tail, "flock")
    if code is not None:
        return code_option(x, code, "flock -c")
    return x.plain()


def h_script(x: X) -> list:
    """``script [-c CMD] [FILE]``: writes its typescript (and ``-I/-O/-B/-T``
    logs); ``-c`` runs a command line. Returns the produced commands."""
    cmd = x.cmd
    p = opts.parse(x.args, "cEIOBTm", ("--command", "--echo", "--log-in", "--log-out",
                                       "--log-io", "--log-timing", "--logging-format"))
    for o, v in p.opts:
        if o in ("-I", "-O", "-B", "-T", "--log-in", "--log-out", "--log-io",
                 "--log-timing") and v is not None:
            x.run.write(cmd, v, "script log")
    if p.operands:
        x.run.write(cmd, p.operands[0], "script")
    else:
        x.run.write(cmd, "typescript", "script")
    code = p.value("-c", "--command")
    if code is not None:
        return code_option(x, code, "script -c")
    return x.plain()


def h_exec(x: X) -> list:
    """``exec CMD``: replaces the shell with the command (analysed as it);
    ``exec`` with only redirections applies them to the shell. Returns the
    produced commands."""
    p = opts.parse(x.args, "a", posix=True)
    if not p.operands:
        return x.plain()    # exec with only redirections: they apply to the shell
    return x.argv(p.operands, "exec")


def h_command(x: X) -> list:
    """``command CMD``: runs CMD bypassing functions (``-v``/``-V`` only look it
    up). Returns the produced commands."""
    p = opts.parse(x.args, "", posix=True)
    if p.has("-v", "-V") or not p.operands:
        return x.plain()    # a lookup: nothing runs
    return x.argv(p.operands, "command")


def h_builtin(x: X) -> list:
    """``builtin NAME ARGS``: runs the builtin. Returns the produced commands."""
    if not x.args:
        return x.plain()
    return x.argv(x.args, "builtin")


def h_busybox(x: X) -> list:
    """``busybox|toybox APPLET ARGS``: the applet runs as a command. Returns the
    produced commands."""
    if not x.args:
        return x.plain()
    first = x.args[0].value
    if first.startswith("-"):
        return x.plain()
    return x.argv(x.args, x.cmd.key)
