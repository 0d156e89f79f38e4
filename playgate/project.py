"""Which project a command works on, and where the suite that judges it lives.

The project root follows SPEC §1 with the command line first: ``-C DIR``,
else ``$CLAUDE_PROJECT_DIR``, else the git top-level of the current
directory, else the current directory (:func:`statefiles.layout.project_root`).

The *suite* is the code this process runs (the directory holding
``playgate/``, ``events/``, ``guards/``...): ``<repo>/.claude`` when
install.py installed it, the plugin root when Claude Code installed the
plugin, or a development checkout. :attr:`Project.kind` says which.
"""

from __future__ import annotations

import os
import sys

from messages import resolve_language  # the suite's one fallback rule
from playgate import suite as playgate_suite
from playgate.errors import InputError
from playgate.messages import text
from statefiles import layout

# The directory holding this suite's packages (``.claude/``, the plugin root,
# a checkout or the wheel's data directory); re-exported for the CLI.
from statefiles.layout import SUITE_ROOT


class Project:
    """A project root plus what the CLI needs to know about its installation.

    Attributes:
        root: absolute, symlink-resolved project root.
        suite: the suite directory this process runs from (:data:`SUITE_ROOT`).
        kind: ``"installed"`` (the suite is ``<root>/.claude``), ``"plugin"``
            (this process runs in the plugin's environment, see
            :mod:`playgate.bootstrap`, or the suite is a plugin root without a
            git checkout), ``"package"`` (the suite data of an installed
            ``playgate`` wheel, :data:`playgate.suite.DATA_DIR`) or
            ``"source"`` (a development checkout).
        env: the environment the hooks would see (``CLAUDE_PROJECT_DIR`` set
            to ``root``).
    """

    __slots__ = ("root", "suite", "kind", "env", "_state")

    def __init__(self, root: str, suite: str = SUITE_ROOT, env=None) -> None:
        self.root = root
        self.suite = suite
        base = dict(os.environ if env is None else env)
        base["CLAUDE_PROJECT_DIR"] = root
        self.env = base
        self._state = False
        if os.path.realpath(suite) == os.path.realpath(os.path.join(root, ".claude")):
            self.kind = "installed"
        elif os.path.realpath(suite) == os.path.realpath(
                os.path.join(playgate_suite.PACKAGE_DIR, playgate_suite.DATA_DIR)):
            self.kind = "package"
        elif in_plugin_env() or (
                os.path.isfile(os.path.join(suite, ".claude-plugin", "plugin.json"))
                and not os.path.exists(os.path.join(suite, ".git"))):
            self.kind = "plugin"
        else:
            self.kind = "source"

    def path(self, rel: str) -> str:
        """``root``-relative ``rel`` (forward slashes) as an absolute path."""
        return os.path.join(self.root, *rel.split("/"))

    @property
    def state(self):
        """The parsed state.md (:class:`statefiles.state_md.StateDoc`) or ``None``."""
        if self._state is False:
            # lazy: state.md's parser (and PyYAML behind it) only for the
            # commands that read the state
            from statefiles import state_md

            try:
                self._state = state_md.load(self.root)
            except Exception:  # noqa: BLE001 - a broken file is reported by the commands
                self._state = None
        return self._state

    @property
    def language(self) -> str:
        """``config.language`` of state.md (``en`` or ``ja``; ``en`` otherwise)."""
        state = self.state
        value = state.get("config", "language") if state is not None else None
        return resolve_language(value)[0]

    def rel(self, path: str) -> str:
        """``path`` relative to the root when inside it, else as given."""
        try:
            rel = os.path.relpath(path, self.root)
        except ValueError:
            return path
        return path if rel.startswith("..") else rel.replace(os.sep, "/")


def in_plugin_env() -> bool:
    """This interpreter is the plugin's environment (its stamp is in ``sys.prefix``)."""
    return os.path.isfile(os.path.join(sys.prefix, "playgate-env.json"))


def locate(explicit: str | None = None, env=None, cwd: str | None = None,
           needed: bool = True) -> Project | None:
    """The :class:`Project` the command works on.

    Raises:
        playgate.errors.InputError: ``explicit`` is not a directory (or, with
            ``needed``, no directory could be found at all).
    """
    env = os.environ if env is None else env
    if explicit:
        if not os.path.isdir(explicit):
            raise InputError(text("cli.project_missing", path=explicit))
        root = os.path.realpath(explicit)
        top = layout.git_toplevel(root)
        return Project(root if not top else top, env=env)
    try:
        root = layout.project_root(cwd or os.getcwd(), env)
    except OSError as exc:
        if needed:
            raise InputError(text("cli.project_missing", path=str(exc))) from None
        return None
    return Project(root, env=env)
