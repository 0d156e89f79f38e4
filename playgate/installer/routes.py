"""The commands the installer prints, spelled for the route the user took.

A fix that names a command the user does not have is no fix: ``python``
does not exist on many systems, ``install.py`` is not in a clone, and
``playgate`` is not on ``PATH`` after ``pip install --user`` or outside the
virtualenv it went into. Every command printed here is one that works
where it is printed:

* :func:`python_word` — the interpreter running now, as ``python3`` when
  that name finds this very interpreter, else its absolute path;
* :func:`launcher_command` — ``install.py`` as it was run (its absolute
  path, with :func:`python_word`);
* :func:`console_command` — the ``playgate`` console script as it was run
  (``playgate`` when ``PATH`` finds this one, else its absolute path);
* :data:`CLONE_COMMAND` — what a clone runs, in the repository, to set up
  (or repair) playgate from the pin: the committed entry point.
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys

#: Set up or repair playgate in a repository installed by install.py or
#: ``playgate install`` (its clones included): the committed entry point
#: ``.claude/playgate/__main__.py`` (:mod:`playgate.repair`), run in the
#: repository with the system's ``python3``.
CLONE_COMMAND = "python3 .claude/playgate install ."
#: Remove it again, the same way.
CLONE_UNINSTALL = "python3 .claude/playgate uninstall ."


def _same(a: str | None, b: str | None) -> bool:
    try:
        return bool(a and b) and os.path.samefile(a, b)
    except OSError:
        return False


def python_word(executable: str | None = None) -> str:
    """``python3`` when ``PATH``'s ``python3`` is ``executable`` (default:
    this interpreter), else the absolute path of ``executable``, quoted."""
    executable = executable or sys.executable
    if _same(shutil.which("python3"), executable):
        return "python3"
    return shlex.quote(os.path.abspath(executable))


def launcher_command(launcher: str, executable: str | None = None) -> str:
    """``<python> /abs/install.py``: the launcher as it can be run again."""
    return f"{python_word(executable)} {shlex.quote(os.path.abspath(launcher))}"


def console_command(argv0: str | None = None) -> str:
    """The ``playgate`` console script as it can be run again: ``playgate``
    when ``PATH`` finds the one running (``argv0``, default ``sys.argv[0]``),
    else its absolute path; ``python3 -m playgate`` spelled with
    :func:`python_word` when it was not run as a script at all."""
    argv0 = argv0 if argv0 is not None else (sys.argv[0] if sys.argv else "")
    if argv0 and os.path.basename(argv0) == "playgate" and os.path.isfile(argv0):
        if _same(shutil.which("playgate"), argv0):
            return "playgate"
        return shlex.quote(os.path.abspath(argv0))
    return f"{python_word()} -m playgate"


def clone_repair(root: str) -> str:
    """Set up or repair playgate in the repository ``root`` installed by
    install.py or ``playgate install``, from anywhere: ``cd ROOT &&``
    :data:`CLONE_COMMAND`."""
    return f"cd {shlex.quote(root)} && {CLONE_COMMAND}"


def install_command(root: str) -> str:
    """Install playgate into ``root`` with the playgate this process runs
    from: its checkout's install.py, else the console script."""
    from playgate import suite  # lazy: suite.root() only when a fix is printed

    if os.path.basename(suite.root()) == ".claude":
        # an install's own copy: its committed entry point installs from the pin
        return clone_repair(os.path.dirname(suite.root()))
    launcher = os.path.join(suite.root(), "install.py")
    if os.path.isfile(launcher):
        return f"{launcher_command(launcher)} {shlex.quote(root)}"
    return f"{console_command()} install {shlex.quote(root)}"


def uninstall_command(root: str) -> str:
    """Remove an install.py/``playgate install`` install from ``root``, from anywhere."""
    return f"cd {shlex.quote(root)} && {CLONE_UNINSTALL}"


def plugin_repair(plugin_root: str, data: str | None) -> str:
    """Set up or repair the plugin's environment (its bootstrap)."""
    boot = os.path.join(plugin_root, "playgate", "bootstrap.py")
    return f"python3 {shlex.quote(boot)} --data {shlex.quote(data or '<plugin data directory>')}"
