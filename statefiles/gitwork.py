"""Running git (and gh) from the lifecycle handlers: bounded, non-interactive.

:mod:`statefiles.gitinfo` reads the branch without starting git; this module
is for the few places that must run it: SessionEnd's "uncommitted or
unpushed work" warning and the archive engine's git steps (SPEC §3). Rules:

* every call has a timeout; on expiry the process is killed and the call
  reports ``timed_out`` (Claude Code kills hooks that overrun, and a killed
  hook leaves no message);
* nothing may prompt: ``GIT_TERMINAL_PROMPT=0``, ``GH_PROMPT_DISABLED=1``,
  ssh in batch mode, no pager; a credential prompt becomes a failure;
* ``GIT_OPTIONAL_LOCKS=0``: read-only calls (``git status``) never take the
  index lock or rewrite the index behind the user's back;
* output is decoded as UTF-8 with replacement and kept bounded.

``subprocess`` is imported inside the functions (issue 7: it costs about
4 ms, and the modules that import this one are on hook paths).
"""

from __future__ import annotations

import os
import time

#: Largest output kept per stream, in characters.
MAX_OUTPUT = 64 * 1024


class Run:
    """The outcome of one command.

    Attributes:
        code: exit status (``None`` when it could not start or timed out).
        out / err: decoded stdout / stderr (bounded).
        timed_out: killed at the timeout.
        missing: the executable was not found.
    """

    __slots__ = ("argv", "code", "err", "missing", "out", "timed_out")

    def __init__(self, argv, code=None, out="", err="", timed_out=False, missing=False) -> None:
        self.argv = argv
        self.code = code
        self.out = out
        self.err = err
        self.timed_out = timed_out
        self.missing = missing

    @property
    def ok(self) -> bool:
        """The command ran and exited 0."""
        return self.code == 0

    def detail(self, limit: int = 600) -> str:
        """One readable line about a failure: stderr (or stdout) tail, or why
        it did not run."""
        if self.missing:
            return f"{self.argv[0]} is not installed (not found on PATH)"
        if self.timed_out:
            return f"`{' '.join(self.argv[:3])}` did not finish in time and was stopped"
        text = (self.err.strip() or self.out.strip()).replace("\r", "")
        lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
        tail = " / ".join(lines[-4:])
        if len(tail) > limit:
            tail = "…" + tail[-limit:]
        return tail or f"exit status {self.code}"

    def __repr__(self) -> str:
        return f"Run({self.argv[:3]}, code={self.code}, timed_out={self.timed_out})"


def quiet_env(extra: dict | None = None) -> dict:
    """The environment for git/gh: the hook's own, made non-interactive."""
    env = dict(os.environ)
    env.update({
        "GIT_TERMINAL_PROMPT": "0",
        "GIT_OPTIONAL_LOCKS": "0",
        "GIT_PAGER": "cat",
        "PAGER": "cat",
        "GCM_INTERACTIVE": "never",
        "GH_PROMPT_DISABLED": "1",
        "GH_NO_UPDATE_NOTIFIER": "1",
        "GH_SPINNER_DISABLED": "1",
        "NO_COLOR": "1",
        "LC_ALL": "C",
    })
    if "GIT_SSH_COMMAND" not in env and "GIT_SSH" not in env:
        env["GIT_SSH_COMMAND"] = "ssh -o BatchMode=yes -o ConnectTimeout=10"
    if extra:
        env.update(extra)
    return env


def _decode(data) -> str:
    if not data:
        return ""
    text = data.decode("utf-8", "replace")
    return text if len(text) <= MAX_OUTPUT else text[-MAX_OUTPUT:]


def run(argv: list, cwd: str, timeout: float, env: dict | None = None,
        stdin_text: str | None = None) -> Run:
    """Run ``argv`` in ``cwd`` for at most ``timeout`` seconds.

    Never raises for a failing command, a missing executable or a timeout;
    they are reported in the :class:`Run`.
    """
    import subprocess  # lazy: subprocess (~8 ms): its importers are on hook paths

    if timeout <= 0:
        return Run(argv, timed_out=True)
    try:
        proc = subprocess.Popen(
            argv, cwd=cwd, env=env if env is not None else quiet_env(),
            stdin=subprocess.PIPE if stdin_text is not None else subprocess.DEVNULL,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
        )
    except FileNotFoundError:
        return Run(argv, missing=True)
    except OSError as exc:
        return Run(argv, err=str(exc))
    try:
        out, err = proc.communicate(
            input=stdin_text.encode("utf-8") if stdin_text is not None else None,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        _stop(proc)
        return Run(argv, timed_out=True)
    return Run(argv, proc.returncode, _decode(out), _decode(err))


def _stop(proc) -> None:
    """Stop a process group: SIGTERM (git removes its lock files), then SIGKILL."""
    import signal  # lazy: only when a process must be stopped

    for sig, wait in ((signal.SIGTERM, 0.5), (signal.SIGKILL, 1.0)):
        try:
            os.killpg(proc.pid, sig)
        except (ProcessLookupError, PermissionError, OSError):
            pass
        try:
            proc.communicate(timeout=wait)
            return
        except Exception:  # noqa: BLE001 - TimeoutExpired, or pipes already closed
            continue


def git(root: str, *args: str, timeout: float = 10.0, env: dict | None = None) -> Run:
    """``git -C <root> <args>`` with :func:`quiet_env`."""
    return run(["git", "-C", root, *args], cwd=root, timeout=timeout,
               env=env if env is not None else quiet_env())


def run_parallel(commands: dict, cwd: str, deadline: float) -> dict:
    """Start every ``{name: argv}`` at once and collect them until the
    monotonic ``deadline``; late ones are stopped and reported ``timed_out``.
    Returns ``{name: Run}``. For SessionEnd, whose hooks share 1.5 s."""
    import subprocess  # lazy: subprocess (~8 ms): its importers are on hook paths

    env = quiet_env()
    procs = {}
    results = {}
    for name, argv in commands.items():
        try:
            procs[name] = subprocess.Popen(argv, cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                           start_new_session=True)
        except FileNotFoundError:
            results[name] = Run(argv, missing=True)
        except OSError as exc:
            results[name] = Run(argv, err=str(exc))
    for name, proc in procs.items():
        remaining = deadline - time.monotonic()
        try:
            out, err = proc.communicate(timeout=max(remaining, 0.001))
        except subprocess.TimeoutExpired:
            _stop(proc)
            results[name] = Run(commands[name], timed_out=True)
            continue
        results[name] = Run(commands[name], proc.returncode, _decode(out), _decode(err))
    return results


# --------------------------------------------------------------------- parsing


def porcelain_entries(text: str) -> list:
    """Parse ``git status --porcelain=v1 -z`` output into ``[(xy, path), ...]``
    (renames and copies report the new path)."""
    entries = []
    parts = text.split("\0")
    i = 0
    while i < len(parts):
        item = parts[i]
        i += 1
        if len(item) < 4:
            continue
        xy, path = item[:2], item[3:]
        if xy[0] in "RC":
            i += 1  # the original path follows as its own field
        entries.append((xy, path))
    return entries


#: Two-letter porcelain codes of unmerged (conflicted) paths.
UNMERGED = frozenset({"DD", "AU", "UD", "UA", "DU", "AA", "UU"})


def operation_in_progress(git_dir: str) -> str | None:
    """The name of a merge/rebase/cherry-pick/revert/bisect in progress in
    ``git_dir``, or ``None``."""
    checks = (
        ("MERGE_HEAD", "a merge"),
        ("rebase-merge", "a rebase"),
        ("rebase-apply", "a rebase or git am"),
        ("CHERRY_PICK_HEAD", "a cherry-pick"),
        ("REVERT_HEAD", "a revert"),
        ("BISECT_LOG", "a bisect"),
    )
    for name, what in checks:
        if os.path.exists(os.path.join(git_dir, name)):
            return what
    return None
