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
import shell.quoting as quoting
from shell.invocation import (
    CODE_ENV,
    CODE_ENV_PREFIXES,
    X,
    code_option,
    is_assignment,
    touch_all,
)
from shell.model import Word

#: The family name recorded on findings (``Finding.command_family``).
FAMILY = "wrappers"

#: Wrappers whose payload is ``argv`` after their options: (short options
#: taking a value, long options taking a value, positional operands before the
#: command).
WRAPPERS = {
    "nice": ("n", ("--adjustment",), 0),
    "nohup": ("", (), 0),
    "setsid": ("", (), 0),
    "stdbuf": ("ioe", ("--input", "--output", "--error"), 0),
    "ionice": ("cnp", ("--class", "--classdata", "--pid", "--pgid", "--uid"), 0),
    "taskset": ("", ("--cpu-list",), 1),
    "chrt": ("T", ("--sched-runtime", "--sched-deadline", "--sched-period"), 1),
    "timeout": ("ks", ("--kill-after", "--signal"), 1),
    "time": ("fo", ("--format", "--output"), 0),
    "gtime": ("fo", ("--format", "--output"), 0),
    "chroot": ("", ("--userspec", "--groups"), 1),
    "unbuffer": ("", (), 0),
    "caffeinate": ("t", (), 0),
    "catchsegv": ("", (), 0),
    "proxychains": ("fq", (), 0),
    "proxychains4": ("fq", (), 0),
    "torsocks": ("aPu", (), 0),
    "tsocks": ("", (), 0),
    "firejail": ("", (), 0),
    "cgexec": ("g", (), 0),
    "numactl": ("CcmNpPiwa", (), 0),
    "prlimit": ("p", (), 0),
    "setpriv": ("", ("--reuid", "--regid", "--groups", "--inh-caps", "--bounding-set",
                     "--securebits", "--selinux-label", "--apparmor-profile"), 0),
    "unshare": ("SGRwt", ("--setuid", "--setgid", "--root", "--wd", "--map-user",
                          "--map-group"), 0),
    "nsenter": ("tSGrwmuinpUCT", ("--target", "--setuid", "--setgid", "--root", "--wd"), 0),
    "dbus-launch": ("", (), 0),
    "dbus-run-session": ("", ("--config-file", "--dbus-daemon"), 0),
    "xvfb-run": ("nslfe", ("--server-num", "--server-args", "--auth-file", "--error-file"), 0),
    "strace": ("oeEpPsSuUIbXa", ("--output",), 0),
    "ltrace": ("oeEpPsSuUIbXanAL", ("--output",), 0),
    "valgrind": ("", (), 0),
    "faketime": ("f", (), 1),
    "sshpass": ("pfde", (), 0),
    "pkexec": ("", ("--user",), 0),
    "doas": ("uC", (), 0),
    "runuser": ("ugGl", ("--user", "--group", "--supp-group", "--session-command"), 0),
    "systemd-run": ("pEMHtuS", ("--unit", "--property", "--description", "--slice", "--uid",
                                "--gid", "--working-directory", "--setenv", "--machine",
                                "--host", "--on-active", "--on-calendar"), 0),
    "systemd-inhibit": ("", ("--what", "--who", "--why", "--mode"), 0),
    "entr": ("", (), 0),
    "env-cmd": ("fer", ("--file", "--environments"), 0),
    "dotenv": ("ecv", (), 0),
    "direnv": ("", (), 0),
    "with-contenv": ("", (), 0),
    "chpst": ("ugUenlmdofcprt", (), 0),
    "daemonize": ("aceEIlopuv", (), 0),
    "retry": ("tdm", ("--times", "--delay"), 0),
    "grc": ("c", (), 0),
    "rlwrap": ("acCfFhHlopPsSw", (), 0),
    "script-timing": ("", (), 0),
    "nocache": ("n", (), 0),
    "trickle": ("udwtlsLn", (), 0),
    "cpulimit": ("lpe", ("--limit", "--pid", "--exe"), 0),
    "expect_unbuffer": ("", (), 0),
    "gdb": ("", (), 0),
    "lldb": ("", (), 0),
    "perf": ("", (), 0),
    "chronic": ("ev", (), 0),
    "ifne": ("n", (), 0),
    "eatmydata": ("", (), 0),
    "fakeroot": ("ls", ("--lib", "--faked", "-s", "-i"), 0),
    "tsp": ("LDNW", (), 0),
    "nq": ("", (), 0),
    "vipe": ("", (), 0),
    "sem": ("j", ("--id", "--jobs"), 0),
    "uv": ("", (), 0),
    "poetry": ("", (), 0),
    "pipenv": ("", (), 0),
    "bundle": ("", (), 0),
    "conda": ("", (), 0),
    "mamba": ("", (), 0),
    "micromamba": ("", (), 0),
    "pixi": ("", (), 0),
    "hatch": ("", (), 0),
    "pdm": ("", (), 0),
    "rye": ("", (), 0),
    "npx": ("pc", ("--package", "--call"), 0),
    "bunx": ("", (), 0),
    "pnpx": ("", (), 0),
    "uvx": ("", ("--from", "--with", "--python"), 0),
    "pipx": ("", (), 0),
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
    "sudo": "h_sudo", "sudoedit": "h_sudo", "su": "h_su", "sg": "h_sg", "env": "h_env",
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
    if key == "chroot" and operands:
        operands = operands[1:]
        if not operands:
            return x.plain()
        return _wrapped(x, operands, key)
    if key in ("prlimit", "numactl", "setpriv", "unshare", "nsenter", "firejail"):
        return _wrapped(x, operands, key)
    payload = operands[npos:]
    if not payload:
        return x.plain()
    return _wrapped(x, payload, key)


def _wrapped(x: X, payload, name) -> list:
    """Run ``payload`` (Words) under the wrapper ``name``, or record the
    wrapper alone when there is none."""
    if not payload:
        return x.plain()
    return x.argv(payload, name)


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
    operands = list(p.operands)
    env = []
    # sudo(8): "VAR=value" operands before the command are set in its
    # environment (``sudo A=1 npm publish`` runs npm, not a program "A=1").
    while operands and not operands[0].dynamic and is_assignment(operands[0].value):
        name, _eq, value = operands.pop(0).value.partition("=")
        env.append((name, value))
    if not operands:
        return x.plain()
    if p.has("-s", "--shell", "-i", "--login"):
        # The command runs through the target user's shell (-c with the
        # arguments, which sudo escapes): same argv.
        pass
    return x.argv(operands, "sudo", extra_env=env)


def h_su(x: X) -> list:
    """``su [-c CMD] [USER]``: the ``-c`` command line is analysed; arguments
    passed to the user's shell are unknown. Returns the produced commands."""
    cmd = x.cmd
    p = opts.parse(x.args, "cgGsw", ("--command", "--session-command", "--group",
                                     "--supp-group", "--shell", "--whitelist-environment"))
    code = p.value("-c", "--command", "--session-command")
    if code is None:
        x.run.add(cmd)
        if p.operands[1:]:
            x.run.unknown("su passes arguments to the user's shell")
        return [cmd]
    return code_option(x, code, "su -c")


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
    if any(w.dynamic for w in rest):
        x.run.add(x.cmd)
        x.run.unknown("sg runs a command assembled at run time")
        return [x.cmd]
    return x.code(" ".join(a.value for a in rest), "sg")


def h_env(x: X) -> list:
    """``env [-i] [-u NAME] [-C DIR] [NAME=VALUE...] [-S STRING] CMD``: the
    payload runs with the assignments (code-running ones are ``env``
    carriers) in ``DIR``; ``-S`` splits its string like env does. Without a
    payload env prints the environment. Returns the produced commands."""
    cmd = x.cmd
    args = x.args
    extra = []
    i = 0
    new_cwd = None
    ignore_env = False
    while i < len(args):
        a = args[i]
        v = a.value
        if v == "--":
            i += 1
            break
        if v in ("-i", "--ignore-environment", "-"):
            ignore_env = True
            i += 1
            continue
        if v in ("-0", "--null", "-v", "--debug") or v.startswith(("--default-signal",
                                                                   "--ignore-signal",
                                                                   "--block-signal",
                                                                   "--list-signal")):
            i += 1
            continue
        if v in ("-u", "--unset") and i + 1 < len(args):
            x.scope.assign(args[i + 1].value, None, False)
            i += 2
            continue
        if v.startswith("--unset="):
            i += 1
            continue
        if v in ("-C", "--chdir") and i + 1 < len(args):
            new_cwd = args[i + 1]
            i += 2
            continue
        if v.startswith("--chdir=") or (v.startswith("-C") and len(v) > 2):
            val = v.split("=", 1)[1] if v.startswith("--") else v[2:]
            new_cwd = Word(val, val, dynamic=a.dynamic)
            i += 1
            continue
        if v in ("-S", "--split-string") or v.startswith(("-S", "--split-string=")):
            if v in ("-S", "--split-string"):
                s_word = args[i + 1] if i + 1 < len(args) else None
                rest = args[i + 2:]
            else:
                s_val = v[2:] if v.startswith("-S") else v.split("=", 1)[1]
                s_word = Word(s_val, s_val, dynamic=a.dynamic)
                rest = args[i + 1:]
            if s_word is None:
                return x.plain()
            if s_word.dynamic:
                x.run.add(cmd)
                x.run.unknown("env -S runs a command line assembled at run time")
                return [cmd]
            words = [Word.literal(t) for t in quoting.split_tolerant(s_word.value)] + list(rest)
            return _env_payload(x, words, extra, new_cwd)
        if v.startswith("-") and len(v) > 1:
            i += 1
            continue
        eq = v.find("=")
        if eq > 0:
            extra.append((v[:eq], v[eq + 1:]))
            i += 1
            continue
        break
    payload = args[i:]
    if not payload:
        return x.plain()    # prints the environment
    del ignore_env
    return _env_payload(x, payload, extra, new_cwd)


def _env_payload(x: X, payload, extra, new_cwd) -> list:
    """Run env's payload with the ``extra`` assignments in ``new_cwd``."""
    scope = x.scope
    if new_cwd is not None:
        scope = scope.child()
        if new_cwd.dynamic:
            scope.cwd = None
        else:
            scope.cwd = frozenset(paths.resolve(new_cwd.value, scope.cwd) or ()) or None
    for name, value in extra:
        if name in CODE_ENV or name.startswith(CODE_ENV_PREFIXES):
            x.run.carrier("env", f"env {name}=... changes which code runs", x.cmd)
    return x.argv(payload, "env", extra_env=extra, scope=scope)


def h_watch(x: X) -> list:
    """``watch [-x] CMD``: the command line runs through ``sh -c`` (``-x``:
    as argv). Returns the produced commands."""
    p = opts.parse(x.args, "dnqg", ("--interval", "--differences", "--chgexit"), posix=True)
    if not p.operands:
        return x.plain()
    if p.has("-x", "--exec"):
        return x.argv(p.operands, "watch")
    words = p.operands
    if any(w.dynamic for w in words):
        x.run.add(x.cmd)
        x.run.unknown("watch runs a command line assembled at run time")
        return [x.cmd]
    return x.code(" ".join(w.value for w in words), "watch")


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
