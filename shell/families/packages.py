"""Package managers (SPEC §3 bash-check; packages family).

System package managers removing packages (``apt|apt-get|aptitude
remove|purge|autoremove``, ``dpkg -r|-P``, ``yum|dnf remove|erase``,
``pacman -R...``, ``zypper remove``, ``apk del``, ``rpm -e``, ``snap
remove``, ``flatpak uninstall``, ``brew uninstall``, ``port uninstall``,
``npm|pnpm|yarn`` global removals) is ``package-remove``: the machine's
software is not the project's. Simulations (``-s``, ``--dry-run``,
``--simulate``) are not.

``pip install|uninstall`` with an explicit ``.../bin/pip`` (or
``.../bin/python -m pip``, see :mod:`shell.families.interpreters`) writes
that environment (the suite's own virtualenv is protected);
``--target/--prefix/--root DIR`` writes DIR.
"""

from __future__ import annotations

from shell.families.unmodelled import h_generic
from shell.invocation import X
from shell.model import Msg, Word

#: The family name recorded on findings (``Finding.command_family``).
FAMILY = "packages"
#: Command → handler below (:mod:`shell.registry` lists the same names).
COMMANDS = {
    "pip": "h_pip", "pip3": "h_pip",
    **dict.fromkeys(("apt", "apt-get", "aptitude", "dpkg", "yum", "dnf", "microdnf", "pacman",
                     "yay", "paru", "zypper", "apk", "rpm", "snap", "flatpak", "brew", "port",
                     "emerge", "xbps-remove", "pkg", "nix-env"), "h_system_packages"),
    **dict.fromkeys(("npm", "pnpm", "yarn"), "h_node_global"),
}

#: Removing verbs per package manager (the first positional word, or an
#: option for dpkg, pacman, rpm, emerge, nix-env).
_REMOVE_VERBS = {
    "apt": ("remove", "purge", "autoremove", "autopurge"),
    "apt-get": ("remove", "purge", "autoremove", "autopurge"),
    "aptitude": ("remove", "purge"),
    "yum": ("remove", "erase", "autoremove"), "dnf": ("remove", "erase", "autoremove"),
    "microdnf": ("remove",), "zypper": ("remove", "rm"), "apk": ("del",),
    "snap": ("remove",), "flatpak": ("uninstall", "remove"),
    "brew": ("uninstall", "remove", "rm", "autoremove"), "port": ("uninstall",),
    "pkg": ("delete", "remove", "autoremove"), "xbps-remove": None,
}
#: Removing options (exact, or a short bundle starting with them).
_REMOVE_OPTS = {
    "dpkg": ("-r", "--remove", "-P", "--purge"), "rpm": ("-e", "--erase"),
    "pacman": ("-R", "--remove"), "yay": ("-R", "--remove"), "paru": ("-R", "--remove"),
    "emerge": ("-C", "--unmerge", "--depclean", "-c"),
    "nix-env": ("-e", "--uninstall"),
}
#: Options that only simulate.
_SIMULATE = frozenset({"-s", "--simulate", "--dry-run", "--just-print", "--no-act",
                       "--recon", "-n", "--help", "-h", "--assumeno", "--test", "-p",
                       "--print", "--pretend"})


def pip_effects(x: X, interpreter_word: str, args) -> None:
    """``pip install|uninstall`` changes the environment the pip belongs to:
    an explicit ``.../bin/pip`` (or ``.../bin/python -m pip``,
    ``interpreter_word`` being the command word as written) writes that
    virtualenv; ``--target/--prefix/--root DIR`` writes DIR (``args``: the
    Words after ``pip``)."""
    run, cmd = x.run, x.cmd
    vals = [a.value for a in args]
    sub = next((v for v in vals if not v.startswith("-")), None)
    if sub not in ("install", "uninstall", "download", "wheel"):
        return
    for k, v in enumerate(vals):
        for opt in ("--target", "--prefix", "--root", "-t", "--dest", "-d"):
            if v == opt and k + 1 < len(args):
                run.write(cmd, args[k + 1], f"pip {opt}", recursive=True)
            elif v.startswith(opt + "=") and opt.startswith("--"):
                run.write(cmd, Word(args[k].text, v.split("=", 1)[1], dynamic=args[k].dynamic),
                          f"pip {opt}", recursive=True)
    if sub in ("install", "uninstall") and "/bin/" in interpreter_word:
        env_dir = interpreter_word.rsplit("/bin/", 1)[0] or "/"
        run.write(cmd, Word.literal(env_dir), Msg("shell.how.pip_env", sub=sub,
                                                    interpreter=interpreter_word),
                  recursive=True)


def h_pip(x: X) -> list:
    """``pip``/``pip3``: :func:`pip_effects`, then the arguments as an
    unmodelled program's. Returns ``[cmd]``."""
    pip_effects(x, x.cmd.word, x.args)
    return h_generic(x)


def h_system_packages(x: X) -> list:
    """System package managers removing packages (see the module docstring:
    ``package-remove``). Returns ``[cmd]``."""
    key = x.cmd.key
    vals = [a.value for a in x.args]
    if any(v in _SIMULATE for v in vals):
        return h_generic(x)
    ops = [v for v in vals if not v.startswith("-")]
    removing = None
    if key in _REMOVE_OPTS:
        for v in vals:
            for o in _REMOVE_OPTS[key]:
                if v == o or v.startswith(o + "=") or (
                        len(o) == 2 and v.startswith(o) and not v.startswith("--")):
                    removing = o
    elif key in _REMOVE_VERBS:
        verbs = _REMOVE_VERBS[key]
        if verbs is None:
            removing = key
        elif ops and ops[0] in verbs:
            removing = ops[0]
    if removing is not None:
        said = (Msg("shell.find.removes_system_packages", name=x.cmd.name, removing=removing,
                    what=" ".join(ops[1:4])) if ops[1:4] else
                Msg("shell.find.removes_named_system_packages", name=x.cmd.name,
                    removing=removing))
        x.run.find("package-remove", said, x.cmd)
    return h_generic(x)


def h_node_global(x: X) -> list:
    """``npm|pnpm|yarn`` removing a global package (``uninstall -g``,
    ``yarn global remove``) (``package-remove``); everything else runs like
    an unmodelled program (project scripts included). Returns ``[cmd]``."""
    vals = [a.value for a in x.args]
    ops = [v for v in vals if not v.startswith("-")]
    glob = any(v in ("-g", "--global", "--location=global") for v in vals) or (
        ops[:1] == ["global"])
    verbs = ("uninstall", "remove", "rm", "un", "unlink", "r")
    if glob and any(v in verbs for v in ops[:2]):
        x.run.find("package-remove",
                   Msg("shell.find.removes_global_package", name=x.cmd.name), x.cmd)
    return h_generic(x)
