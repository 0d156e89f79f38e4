"""Bounded child processes for the hooks, without the ``subprocess`` module.

A hook that runs git (the commit checks of PreToolUse, SessionEnd's warning,
the archive engine) used to import ``subprocess``, which brings ``locale``,
``re``, ``enum``, ``signal``, ``selectors`` and ``threading``: 12–16 ms of
CPU at every such call, a third of a hook's own work (measured with the
benchmark's interpreter: ``python -c "import subprocess"`` 35 ms against
19 ms for ``pass``). This module does the same job with what ``os`` and the
C module ``select`` already give:

* ``os.posix_spawn`` starts the child in a session of its own (``setsid``,
  so that a timeout can stop its whole process group), with stdin on
  ``/dev/null``, stdout and stderr on pipes, ``SIGPIPE`` and ``SIGXFSZ`` at
  their defaults (as ``subprocess`` restores them), and every inheritable
  descriptor above 2 closed (``subprocess``'s ``close_fds``);
* the executable is looked up on the ``PATH`` of the child's environment,
  as ``subprocess`` does (``os.posix_spawnp`` would use the hook's own
  ``PATH``, which :func:`statefiles.gitwork.sanitised_env` cleans for the
  child only);
* the working directory is set by changing the hook's own around the spawn
  (3.11's ``posix_spawn`` has no chdir action); a hook is single-threaded,
  and with another thread running :func:`start` declines;
* ``os.pidfd_open`` makes the child's exit something ``poll`` waits for,
  beside its two pipes, so that one ``poll`` loop reads the output and
  notices the exit, bounded by the deadline; on expiry the group gets
  SIGTERM (git removes its lock files), then SIGKILL, and is reaped.

Where any of that is missing (another platform, a kernel older than 5.3 or
a seccomp filter refusing ``pidfd_open``, no ``/proc`` to list the
descriptors in, a descriptor 0–2 closed so that a pipe would land on it,
stdin data to send), :func:`start` returns ``None`` and the caller uses
``subprocess`` as before: the same results, only slower.
"""

from __future__ import annotations

import os
import sys
import time

try:  # the C module: its constants are plain ints (``signal`` imports enum)
    import _signal as _sig
except ImportError:  # pragma: no cover - a Python without it
    import signal as _sig

#: How a group is stopped: SIGTERM (git removes its lock files), then
#: SIGKILL, each with the seconds it is given to end. Also the policy of
#: :func:`statefiles.gitwork._stop` for ``subprocess`` children.
TERM_GRACE = 0.5
KILL_GRACE = 1.0
STOP_SIGNALS = ((_sig.SIGTERM, TERM_GRACE), (_sig.SIGKILL, KILL_GRACE))
_READ = 65536


class Child:
    """A started child: ``pid``, ``pidfd`` and the read ends of its stdout
    and stderr pipes (``fds``: ``{fd: bytearray}``)."""

    __slots__ = ("pid", "pidfd", "fds", "status")

    def __init__(self, pid: int, pidfd: int, out_fd: int, err_fd: int) -> None:
        self.pid = pid
        self.pidfd = pidfd
        self.fds = {out_fd: bytearray(), err_fd: bytearray()}
        self.status = None

    def _close(self) -> None:
        for fd in (*self.fds, self.pidfd):
            try:
                os.close(fd)
            except OSError:
                pass


#: Whether this process can spawn this way (:func:`_supported`), once known.
_SUPPORT: list = []


def _supported() -> bool:
    """``posix_spawn`` with file actions, on Linux, and a kernel that gives
    out pidfds (5.3 and newer, and not refused by a seccomp filter): asked
    once per process, of this process's own pid."""
    if not _SUPPORT:
        ok = (hasattr(os, "posix_spawn") and hasattr(os, "pidfd_open")
              and hasattr(os, "POSIX_SPAWN_DUP2") and sys.platform.startswith("linux"))
        if ok:
            try:
                os.close(os.pidfd_open(os.getpid()))
            except OSError:
                ok = False
        _SUPPORT.append(ok)
    return _SUPPORT[0]


def _threads() -> bool:
    threading = sys.modules.get("threading")
    return threading is not None and threading.active_count() > 1


def which(name: str, env: dict):
    """The executable ``name`` resolves to on the ``PATH`` of ``env`` (a
    name with a ``/`` is itself); ``None`` when no file there may be
    executed. ``subprocess``'s search (``os.get_exec_path(env)``, in order),
    except that an empty or relative entry is skipped: it names a folder
    of wherever the program runs, the project, which the agent writes."""
    if os.sep in name:
        return name
    for folder in os.get_exec_path(env):
        if not os.path.isabs(folder):
            continue
        path = os.path.join(folder, name)
        if os.path.isfile(path) and os.access(path, os.X_OK):
            return path
    return None


def _inheritable_fds():
    """Descriptors above 2 this process would pass on (``subprocess``
    closes them in the child: ``close_fds``); ``None`` when they cannot be
    listed (no ``/proc``)."""
    found = []
    try:
        names = os.listdir("/proc/self/fd")
    except OSError:
        return None
    for name in names:
        fd = int(name)
        if fd > 2:
            try:
                if os.get_inheritable(fd):
                    found.append(fd)
            except OSError:
                pass   # the listing's own descriptor, closed by now
    return found


def start(argv: list, cwd: str, env: dict):
    """Start ``argv`` in ``cwd`` with exactly ``env``; a :class:`Child`, or
    ``None`` when this platform or process cannot (use ``subprocess``).

    Raises ``FileNotFoundError`` when the executable is not on the
    environment's ``PATH`` or ``cwd`` does not exist (as ``subprocess.Popen``
    does), other ``OSError`` when the spawn fails."""
    if not _supported() or _threads():
        return None
    exe = which(argv[0], env)
    if exe is None:
        raise FileNotFoundError(2, "No such file or directory", argv[0])
    inherited = _inheritable_fds()
    if inherited is None:
        return None
    try:   # the hook's own directory, to come back to (O_PATH: it need not be readable)
        here = os.open(".", getattr(os, "O_PATH", os.O_RDONLY) | os.O_DIRECTORY)
    except OSError:   # gone: subprocess does not need it
        return None
    try:
        return _spawn(exe, argv, cwd, env, inherited, here)
    finally:
        os.close(here)


def _spawn(exe: str, argv: list, cwd: str, env: dict, inherited: list, here: int):
    """:func:`start`'s spawn, coming back to the directory ``here`` (a
    descriptor) after it."""
    out_r, out_w = os.pipe()
    err_r, err_w = os.pipe()
    if min(out_r, out_w, err_r, err_w) <= 2:   # a standard descriptor was closed:
        for fd in (out_r, out_w, err_r, err_w):   # a pipe took its place
            os.close(fd)
        return None
    pid = None
    try:
        actions = [(os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0),
                   (os.POSIX_SPAWN_DUP2, out_w, 1), (os.POSIX_SPAWN_DUP2, err_w, 2)]
        actions += [(os.POSIX_SPAWN_CLOSE, fd) for fd in inherited]
        try:
            os.chdir(cwd)
            pid = os.posix_spawn(exe, list(argv), env, file_actions=actions, setsid=True,
                                 setsigdef=(_sig.SIGPIPE, _sig.SIGXFSZ))
        finally:
            os.fchdir(here)
        pidfd = os.pidfd_open(pid)
    except BaseException as exc:
        for fd in (out_r, err_r):
            os.close(fd)
        if pid is not None:   # started, but pidfd_open refused: stop and reap it
            kill_group(pid, _sig.SIGKILL)
            os.waitpid(pid, 0)
        if isinstance(exc, NotImplementedError):   # no POSIX_SPAWN_SETSID in this C library
            return None
        raise
    finally:
        os.close(out_w)
        os.close(err_w)
    return Child(pid, pidfd, out_r, err_r)


def kill_group(pid: int, sig: int) -> None:
    """Send ``sig`` to the process group ``pid`` leads, if it is still there."""
    try:
        os.killpg(pid, sig)
    except OSError:   # gone already, or not ours to signal
        pass


def _reaped(child: Child) -> bool:
    if child.status is None:
        try:
            done, status = os.waitpid(child.pid, os.WNOHANG)
        except ChildProcessError:   # SIGCHLD ignored: the kernel reaped it (subprocess says 0 too)
            done, status = child.pid, 0
        if done:
            child.status = status
    return child.status is not None


def _pump(child: Child, deadline: float) -> bool:
    """Read the pipes until both are closed and the child has exited, or
    until the monotonic ``deadline``; whether it finished."""
    import select  # lazy: a C module (0.3 ms), only when a child runs

    poller = select.poll()
    for fd in child.fds:
        poller.register(fd, select.POLLIN)
    poller.register(child.pidfd, select.POLLIN)
    open_fds = set(child.fds)
    while open_fds or child.status is None:
        left = deadline - time.monotonic()
        if left <= 0:
            return False
        for fd, _event in poller.poll(max(1, int(left * 1000) + 1)):
            if fd == child.pidfd:
                poller.unregister(fd)
                _reaped(child)
                continue
            data = os.read(fd, _READ)
            if data:
                child.fds[fd] += data
            else:
                poller.unregister(fd)
                open_fds.discard(fd)
    return True


def _stop(child: Child) -> None:
    """Stop ``child``'s process group (:data:`STOP_SIGNALS`) and reap it.
    Bounded: a child still there after SIGKILL's grace (a sleep the kernel
    does not interrupt) is left, like ``subprocess``'s, to be reaped by
    init when the hook exits."""
    for sig, grace in STOP_SIGNALS:
        kill_group(child.pid, sig)
        end = time.monotonic() + grace
        while not _reaped(child) and time.monotonic() < end:
            time.sleep(0.01)
        if child.status is not None:
            return


def collect(child: Child, deadline: float) -> tuple:
    """Wait for ``child`` until the monotonic ``deadline``: ``(returncode,
    stdout, stderr, timed_out)``, the return code as ``subprocess`` gives it
    (negative: killed by that signal), ``None`` with ``timed_out`` when the
    deadline passed. A child that is not finished when this returns or
    raises (a failed read) has had its process group stopped (SIGTERM, then
    SIGKILL) and is reaped. The output is not decoded or cut."""
    finished = False
    try:
        finished = _pump(child, deadline)
    finally:
        if not finished:
            _stop(child)
        child._close()
    if finished:
        out, err = (bytes(buf) for buf in child.fds.values())
        return os.waitstatus_to_exitcode(child.status), out, err, False
    return None, b"", b"", True
