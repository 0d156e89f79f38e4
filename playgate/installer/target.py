"""The repository an install goes into: checked before anything is written,
and locked while the installer works on it."""

from __future__ import annotations

import fcntl
import os

from playgate.installer.common import (
    CLAUDE,
    GIT_TIMEOUT,
    InstallError,
    NotStarted,
    Refusal,
    join,
    run_bounded,
)
from playgate.installer.speak import Text


def git_toplevel(path: str) -> str | None:
    """The top level of the git work tree containing ``path``, or ``None``."""
    try:
        proc = run_bounded(["git", "-C", path, "rev-parse", "--show-toplevel"], GIT_TIMEOUT)
    except NotStarted as exc:
        if exc.program == "git":
            raise Refusal(Text("installer.refuse.no_git")) from None
        raise Refusal(str(exc)) from None
    except InstallError as exc:
        raise Refusal(str(exc)) from None
    if proc.returncode != 0:
        return None
    top = proc.stdout.decode("utf-8", "replace").strip()
    return os.path.realpath(top) if top else None


def check_target(repo: str) -> str:
    """The repository's absolute, symlink-resolved top level.

    Raises:
        Refusal: not a directory, not a git work tree (or a bare repository),
            not its top level, or not writable.
    """
    path = os.path.realpath(os.path.expanduser(repo))
    if not os.path.isdir(path):
        raise Refusal(Text("installer.refuse.not_a_directory", repo=repo))
    top = git_toplevel(path)
    if top is None:
        raise Refusal(Text("installer.refuse.not_a_work_tree", path=path))
    if top != path:
        import playgate.installer.routes as routes  # lazy: only this refusal prints a command

        raise Refusal(Text("installer.refuse.inside", path=path, top=top,
                           command=routes.install_command(top)))
    for rel in ("", CLAUDE, "play"):
        target = join(path, rel) if rel else path
        if os.path.isdir(target) and not os.access(target, os.W_OK | os.X_OK):
            raise Refusal(Text("installer.refuse.not_writable", path=target))
    return path


class RepoLock:
    """An exclusive ``flock`` on the repository directory itself, so two
    installers never interleave; it leaves no file behind.

    Raises (on enter):
        Refusal: another installer holds it.
    """

    def __init__(self, repo: str) -> None:
        self.repo = repo
        self.fd = None

    def __enter__(self):
        try:
            self.fd = os.open(self.repo, os.O_RDONLY)
            fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(self.fd)
            self.fd = None
            raise Refusal(Text("installer.refuse.busy", repo=self.repo)) from None
        except OSError:
            pass
        return self

    def __exit__(self, *exc) -> None:
        if self.fd is not None:
            os.close(self.fd)
