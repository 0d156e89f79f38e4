"""Package managers that change an environment (SPEC §3 bash-check; the
suite's own virtualenv is protected): ``pip install|uninstall`` with an
explicit ``.../bin/pip`` (or ``.../bin/python -m pip``, see
:mod:`shell.families.interpreters`) writes that environment;
``--target/--prefix/--root DIR`` writes DIR.
"""

from __future__ import annotations

from shell.families.unmodelled import h_generic
from shell.invocation import X
from shell.model import Word

#: The family name recorded on findings (``Finding.command_family``).
FAMILY = "packages"
#: Command → handler below (:mod:`shell.registry` lists the same names).
COMMANDS = {"pip": "h_pip", "pip3": "h_pip"}


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
        run.write(cmd, Word.literal(env_dir), f"{sub} into the environment of {interpreter_word}",
                  recursive=True)


def h_pip(x: X) -> list:
    """``pip``/``pip3``: :func:`pip_effects`, then the arguments as an
    unmodelled program's. Returns ``[cmd]``."""
    pip_effects(x, x.cmd.word, x.args)
    return h_generic(x)
