"""Atomic writes and the state lock.

Claude Code runs matching hooks in parallel and people run several sessions in
one repository (reference: Registration), so every state write is

* atomic: written to a temporary file in the same directory, flushed, then
  ``os.replace``-d over the target, so a reader (or a crash) sees the old or
  the new file, never a mix;
* serialised: read-modify-write sequences run under :func:`locked`, an
  exclusive ``flock`` on ``.claude/.locks/state.lock`` with a bounded wait;
* confined to the project: hooks run outside any sandbox, so a symbolic link
  (``state.md`` kept as a link, a ``.claude/logs`` that leads elsewhere) must
  never aim their writes outside it. Every write, append, move and removal
  of a state file goes to :func:`write_path`: a link whose target is inside
  the project (:func:`confined_to`) is written *through* (the link stays, its
  target gets the new content), any other is refused with
  :class:`OutsideProject`, which names the link and where it leads.
"""

from __future__ import annotations

import os
import time

try:  # POSIX
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None

#: Default bound on waiting for the state lock, in seconds. Hooks have
#: timeouts of a few seconds; a lock held longer than this is a stuck process.
LOCK_TIMEOUT_S = 5.0


def is_placeholder(st: os.stat_result) -> bool:
    """Whether ``st`` (an ``os.stat`` result) is Claude Code's sandbox
    placeholder as the host sees it: an empty regular file nobody may write
    (mode 0444). While a sandboxed Bash command runs, every missing path
    the sandbox keeps read-only is one, removed when the command ends unless
    something was written into it or renamed onto it
    (docs/claude-code-measured.md "Placeholders"). A hook that writes there
    meanwhile writes the file the placeholder stands for: 0644, never its
    0444."""
    return st.st_size == 0 and (st.st_mode & 0o170222) == 0o100000


class OutsideProject(OSError):
    """A state write refused: its path, followed through its symbolic links,
    leads outside the project (or, with no project known, it is a link).
    ``args[0]`` is a :class:`messages.Text` naming the path, where it leads
    and the fix."""


#: ``[root, real root]``: the project root state writes are confined to
#: (:func:`confine`), or ``None``, and its real path once a write needed it
#: (``os.path.realpath`` costs a ``lstat`` per component: only on a write).
_CONFINE = [None, None]


def confine(root) -> tuple:
    """Confine this process's state writes to the project ``root`` (its real
    path; ``None``: no project known) from now on (:func:`write_path`).
    Returns the previous confinement, for the caller to restore (in-process callers
    evaluate many roots). The hook runtime confines every evaluation as
    soon as it knows the root; the post-loop handler its whole run."""
    prev = tuple(_CONFINE)
    _CONFINE[:] = [root or None, None]
    return prev


def _restore(prev) -> None:
    _CONFINE[:] = list(prev) if prev else [None, None]


def _confined_root():
    """The real path of the root set by :func:`confine`, or ``None``."""
    if _CONFINE[0] is not None and _CONFINE[1] is None:
        _CONFINE[1] = os.path.realpath(_CONFINE[0])
    return _CONFINE[1]


class confined_to:
    """Context manager: :func:`confine` to ``root`` inside the block, the
    previous confinement restored after it."""

    __slots__ = ("_prev", "root")

    def __init__(self, root) -> None:
        self.root = root
        self._prev = None

    def __enter__(self):
        self._prev = confine(self.root)
        return self

    def __exit__(self, *exc) -> None:
        _restore(self._prev)


def _outside(path: str, real: str, root) -> OutsideProject:
    from messages import Text  # lazy: only when a write is refused

    if root is None:
        return OutsideProject(Text("atomic.link_unconfined", path=path, target=real))
    return OutsideProject(Text("atomic.outside_project", path=path, target=real, root=root))


def write_path(path: str) -> str:
    """The path a state write of ``path`` goes to: ``path`` with its symbolic
    links resolved (``os.path.realpath``; a name that does not exist yet
    stays as it is) when that lies inside the project root this process is
    :func:`confined_to`, so a link inside the project is written through
    and keeps being a link.

    Raises:
        OutsideProject: the resolved path is outside the project (a link in
            the file's place or in any of its directories leads elsewhere);
            with no project root set, when ``path`` itself is a link
            (unknown is never safe: nothing is written through it).
    """
    root = _confined_root()
    if root is None:
        if os.path.islink(path):
            raise _outside(path, os.path.realpath(path), None)
        return path
    real = os.path.realpath(path)
    if not real.startswith(root.rstrip(os.sep) + os.sep):
        raise _outside(path, real, root)
    return real


def check_removal(path: str) -> None:
    """Before removing ``path`` (a marker, a checkpoint, a file in a
    playbook's ``tmp/``): its directory, followed through symbolic links,
    is inside the project (removing a name never follows a link in the name
    itself, only in its directories).

    Raises:
        OutsideProject: the directory leads outside the project root set
            by :func:`confined_to` (nothing is checked when none is set).
    """
    root = _confined_root()
    if root is None:
        return
    real = os.path.join(os.path.realpath(os.path.dirname(path) or "."), os.path.basename(path))
    if not real.startswith(root.rstrip(os.sep) + os.sep):
        raise _outside(path, real, root)


class LockTimeout(RuntimeError):
    """The state lock was not acquired in time. The message names the lock
    file and what to do."""


class LockUnavailable(LockTimeout):
    """The lock file cannot be opened or locked at all (permissions, a
    directory or a device in its place, no locking on the file system):
    waiting would not help, so a caller that leaves a busy lock to its holder
    must report this one instead."""


def write_atomic(path: str, data, *, durable: bool = True, mode: int | None = None) -> None:
    """Replace ``path`` with ``data`` (``bytes`` or ``str``, UTF-8) atomically.

    Args:
        path: target file; parent directories are created.
        data: new content.
        durable: ``fsync`` the file before the rename (state files). Caches
            pass ``False``: a lost cache entry is only recomputed.
        mode: permission bits for a new file (default: keep the old file's
            bits, else 0o644).

    A symbolic link is written through when its target is inside the
    project (:func:`write_path`): the link stays, its target is replaced.

    Raises:
        OSError: the directory is not writable or the disk is full; the
            target is left unchanged and no temporary file remains.
        OutsideProject: the path leads outside the project (:func:`write_path`).

    A process killed between creating its temporary file and the rename
    (SIGKILL, OOM, a hook timeout) cannot remove it; the next write of the
    same file removes such leftovers of dead processes (:func:`sweep_stale`),
    so they never pile up in the repository (where ``git add -A`` would pick
    them up).
    """
    if isinstance(data, str):
        data = data.encode("utf-8")
    path = write_path(path)
    directory = os.path.dirname(path) or "."
    os.makedirs(directory, exist_ok=True)
    sweep_stale(path)
    if mode is None:
        try:
            st = os.stat(path)
        except OSError:
            mode = 0o644
        else:
            mode = 0o644 if is_placeholder(st) else st.st_mode & 0o777
    tmp = os.path.join(
        directory, f".{os.path.basename(path)}.{os.getpid()}.{os.urandom(4).hex()}.tmp"
    )
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    except BaseException:
        # The name is random and opened with O_EXCL: whatever exists under it
        # (an open that created the file, then failed) is ours to remove.
        _discard(tmp)
        raise
    try:
        try:
            view = memoryview(data)
            while view:
                written = os.write(fd, view)
                view = view[written:]
            if durable:
                os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except BaseException:
        _discard(tmp)
        raise


def _discard(tmp: str) -> None:
    """Remove a temporary file of ours, if it is there."""
    try:
        os.unlink(tmp)
    except OSError:
        pass


class NotRegularFile(OSError):
    """A path that must be a regular file is a FIFO, socket or device.
    ``strerror`` says which (``"a FIFO, not a regular file"``)."""


_KINDS = ((0o010000, "a FIFO"), (0o140000, "a socket"), (0o020000, "a character device"),
          (0o060000, "a block device"))


def open_regular(path: str):
    """Open ``path`` for binary reading, refusing anything but a regular file.

    Opening never blocks: the descriptor is opened with ``O_NONBLOCK`` (a
    FIFO would otherwise wait for a writer for ever, and a hook that waits
    is killed by Claude Code's timeout, which *fails open*), then checked
    with ``fstat``. Reads from a regular file are unaffected by the flag.
    Symlinks are followed.

    Returns:
        A binary file object (use it in a ``with`` block).

    Raises:
        FileNotFoundError, PermissionError, ...: as ``open`` would.
        IsADirectoryError: ``path`` is a directory.
        NotRegularFile: a FIFO, socket or device (an ``OSError``).
    """
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        mode = os.fstat(fd).st_mode
        kind = mode & 0o170000
        if kind != 0o100000:
            if kind == 0o040000:
                raise IsADirectoryError(21, "Is a directory", path)
            what = next((name for bits, name in _KINDS if kind == bits), "not a regular file")
            raise NotRegularFile(22, f"{what}, not a regular file", path)
        return open(fd, "rb", closefd=True)
    except BaseException:
        os.close(fd)
        raise


def read_bytes(path: str, limit: int | None = None) -> bytes:
    """The content of the regular file ``path`` (at most ``limit`` bytes),
    read without ever blocking on a FIFO (:func:`open_regular`).

    Raises:
        OSError: missing, unreadable, a directory, or not a regular file.
    """
    with open_regular(path) as fh:
        return fh.read() if limit is None else fh.read(limit)


def _alive(pid: int) -> bool:
    """``pid`` is a running process. A zombie (killed, not yet reaped by its
    parent: ``Z`` in ``/proc/<pid>/stat`` on Linux) is dead: it writes nothing
    any more."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError):
        return True  # another user's process (or an odd number): leave it
    except OSError:
        return True
    try:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            stat = fh.read(512)
        return stat[stat.rindex(b")") + 2:stat.rindex(b")") + 3] != b"Z"
    except (OSError, ValueError):
        return True


def _older_than(path: str, seconds: float) -> bool:
    try:
        return time.time() - os.lstat(path).st_mtime > seconds
    except OSError:
        return False


def is_temp_name(name: str) -> bool:
    """``name`` (a base name) has the shape of a :func:`write_atomic`
    temporary file: ``.<target>.<pid>.<8 hex>.tmp``."""
    if not (name.startswith(".") and name.endswith(".tmp")):
        return False
    parts = name[:-4].rsplit(".", 2)
    return (len(parts) == 3 and len(parts[0]) > 1 and parts[1].isdigit()
            and len(parts[2]) == 8 and all(c in "0123456789abcdef" for c in parts[2]))


#: Seconds after which a temporary file of :func:`write_atomic` is stale
#: whatever the process table says: no write takes this long (the longest
#: hook timeout is 60 s), and a killed writer's pid may be a zombie or be
#: reused by another process.
STALE_TEMP_S = 120.0


def sweep_stale(path: str) -> int:
    """Remove the temporary files :func:`write_atomic` left next to ``path``
    when its writer died before the rename (``.<name>.<pid>.<hex>.tmp``):
    those whose process no longer exists, and those older than
    :data:`STALE_TEMP_S` whatever the process table says (a zombie, a reused
    pid). Returns how many were removed; never raises."""
    directory = os.path.dirname(path) or "."
    prefix = f".{os.path.basename(path)}."
    removed = 0
    try:
        with os.scandir(directory) as it:
            names = [e.name for e in it if e.name.startswith(prefix) and e.name.endswith(".tmp")]
    except OSError:
        return 0
    for name in names:
        parts = name[len(prefix):-4].split(".")
        if len(parts) != 2 or not parts[0].isdigit() or len(parts[1]) != 8:
            continue
        pid = int(parts[0])
        if pid == os.getpid():
            continue
        if _alive(pid) and not _older_than(os.path.join(directory, name), STALE_TEMP_S):
            continue
        try:
            os.unlink(os.path.join(directory, name))
            removed += 1
        except OSError:
            pass
    return removed


def read_text(path: str, limit: int | None = None) -> str | None:
    """The file's text (UTF-8, undecodable bytes replaced), or ``None`` when
    it does not exist or is not a readable regular file (a directory, FIFO,
    socket or device is never opened for reading). ``limit`` caps the bytes
    read."""
    try:
        data = read_bytes(path, limit)
    except (OSError, ValueError):
        return None
    return data.decode("utf-8", "replace")


#: Seconds an append waits for the other appenders of its file (each holds
#: the file's lock for one write of a few lines) before it appends unlocked.
APPEND_LOCK_WAIT_S = 0.5


def _lock_for_append(fd: int) -> bool:
    """Take the exclusive ``flock`` of the log's own descriptor ``fd``,
    waiting at most :data:`APPEND_LOCK_WAIT_S`; ``False`` when it was not
    taken (busy for that long, or no locking on this file system)."""
    if fcntl is None:
        return False
    deadline = time.monotonic() + APPEND_LOCK_WAIT_S
    delay = 0.0005
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            if time.monotonic() >= deadline:
                return False
            time.sleep(delay)
            delay = min(delay * 2, 0.02)
        except OSError:
            return False


def append_lines(fd: int, data: bytes, path: str) -> None:
    """Append the whole lines ``data`` to the open ``O_APPEND`` descriptor
    ``fd`` (opened for reading too) of the JSON-lines file ``path``.

    A torn last line (a writer killed inside its write, a full disk, a file
    size limit) is repaired first: when the file does not end with a newline
    one is written before ``data``, so the torn line stays one unreadable
    line that readers skip, and the new records are never glued onto it. The
    records are written in one ``write`` when possible; a short write is
    continued, and a write that makes no progress raises.

    The look at the last byte and the write happen under the file's own
    ``flock`` (:func:`_lock_for_append`): without it, another process's
    append still being copied in looks like a torn line (a reader may see
    the new size before all its bytes), and the "repair" put a blank line
    after it; and a continued short write could be interleaved with another
    process's line. A killed writer's lock goes with its process. When the
    lock cannot be had in :data:`APPEND_LOCK_WAIT_S`, the append goes ahead
    unlocked (at worst a blank line, which readers skip, never a record
    glued onto a torn one).

    Raises:
        OSError: the data could not be written whole (``EFBIG``, ``ENOSPC``,
            ``EIO``...); what was written of it is a torn line the next
            append repairs.
    """
    held = _lock_for_append(fd)
    try:
        size = os.fstat(fd).st_size
        if size and os.pread(fd, 1, size - 1) != b"\n":
            data = b"\n" + data
        view = memoryview(data)
        while view:
            written = os.write(fd, view)
            if written <= 0:
                raise OSError(5, "short write: the line was not written whole", path)
            view = view[written:]
    finally:
        if held:
            try:
                fcntl.flock(fd, fcntl.LOCK_UN)
            except OSError:
                pass


def append_nonblocking(path: str, data: bytes) -> None:
    """Append the whole lines ``data`` to ``path`` (created 0644, with its
    directories; opened by :func:`open_append`), repairing a torn last line
    first (:func:`append_lines`).

    Symbolic links: as :func:`write_path` (written through inside the
    project, refused elsewhere).

    Raises:
        OSError: the file cannot be opened, or ``data`` was not written whole
            (:class:`OutsideProject`: it leads outside the project).
    """
    path = write_path(path)
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    fd = open_append(path)
    try:
        append_lines(fd, data, path)
    finally:
        os.close(fd)


def open_append(path: str) -> int:
    """An ``O_RDWR | O_APPEND`` descriptor of the log ``path`` (already
    resolved by :func:`write_path`; created 0644), for :func:`append_lines`.

    ``O_NONBLOCK``: a FIFO planted where a log belongs fails at once (``ENXIO``
    when nobody reads it) instead of blocking the hook; ``O_NOFOLLOW``: a link
    swapped in since the path was resolved is not followed. A sandbox
    placeholder there (:func:`is_placeholder`) is the log's first line in a
    file its owner may write (the CLI made it, as this user): it is made
    0644, before the open when the open is refused (not root), after it
    otherwise.

    Raises:
        OSError: the file cannot be opened; :class:`NotRegularFile` when it
            is not a regular file.
    """
    flags = (os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_NONBLOCK
             | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        fd = os.open(path, flags, 0o644)
    except PermissionError:
        try:
            placeholder = is_placeholder(os.lstat(path))
            if placeholder:
                os.chmod(path, 0o644)  # a regular file: write_path resolved the links
        except OSError:
            placeholder = False
        if not placeholder:
            raise
        fd = os.open(path, flags, 0o644)
    try:
        st = os.fstat(fd)
        if (st.st_mode & 0o170000) != 0o100000:
            raise NotRegularFile(22, "not a regular file", path)
        if is_placeholder(st):
            os.fchmod(fd, 0o644)
    except BaseException:
        os.close(fd)
        raise
    return fd


class _LockState:
    """Per-process bookkeeping so :func:`locked` is re-entrant (``flock``
    would otherwise deadlock a process against itself), and the process's
    lock budget (:func:`set_lock_budget`)."""

    __slots__ = ("held", "deadline")

    def __init__(self) -> None:
        self.held: dict = {}
        self.deadline = None


_STATE = _LockState()


def set_lock_budget(seconds: float | None) -> None:
    """Bound the *total* time this process may wait for locks from now on.

    A hook may take the state lock several times (one effect each); each wait
    is bounded by its own timeout, but their sum must stay inside the hook's
    registered timeout, or Claude Code kills the hook (for a gating event:
    the call goes through). The runtime sets a budget per event
    (``events.runtime.LOCK_BUDGET_S``); ``None`` removes it.
    """
    _STATE.deadline = None if seconds is None else time.monotonic() + max(0.0, seconds)


def _lock_text(key: str, path: str, exc: OSError | None = None, **fields):
    """The message of a :class:`LockTimeout` as a :class:`messages.Text`
    (English as ``str``, the reader's language where a hook shows it);
    ``exc``'s ``strerror`` by its errno."""
    from messages import Text  # lazy: only when the lock cannot be taken

    if exc is not None:
        from statefiles.detail import os_error  # lazy: as above

        fields["error"] = os_error(exc, fallback=str(exc.strerror))
    return Text(key, path=path, **fields)


class locked:
    """Context manager: hold the exclusive state lock ``lock_path``.

    Waits at most ``timeout`` seconds, and no longer than the process's lock
    budget (:func:`set_lock_budget`) allows, then raises :class:`LockTimeout`
    with a message naming the lock file. ``min_wait`` seconds (at most
    ``timeout``) are granted even when the budget is spent: for the one write
    that finishes what an earlier write of the same hook started, where giving
    up would do more harm than a late answer (a claim confirmed, see
    ``statefiles.breezing.confirm_claim``). Re-entrant within one process.
    """

    __slots__ = ("path", "timeout", "min_wait", "_fd")

    def __init__(self, lock_path: str, timeout: float = LOCK_TIMEOUT_S,
                 min_wait: float = 0.0) -> None:
        # One spelling per lock file, so re-entrancy is recognised however the
        # caller wrote the path (a second flock on another descriptor of the
        # same file would wait for this very process).
        self.path = os.path.abspath(lock_path)
        self.timeout = timeout
        self.min_wait = min_wait
        self._fd = None

    def __enter__(self) -> "locked":
        held = _STATE.held.get(self.path)
        if held is not None:
            _STATE.held[self.path] = (held[0], held[1] + 1)
            return self
        try:
            os.makedirs(os.path.dirname(self.path) or ".", exist_ok=True)
            # O_NONBLOCK: never wait on a FIFO planted where the lock belongs.
            # O_NOFOLLOW: a link planted as the lock file is never opened
            # (O_CREAT would create its target wherever it leads).
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_NONBLOCK
                         | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0), 0o644)
        except OSError as exc:
            raise LockUnavailable(_lock_text("atomic.lock_open", self.path, exc)) from None
        if fcntl is not None:
            start = time.monotonic()
            deadline = start + self.timeout
            if _STATE.deadline is not None and self.timeout > 0:
                deadline = min(deadline, max(_STATE.deadline, start + self.min_wait))
            delay = 0.002
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except OSError as exc:
                    if not isinstance(exc, BlockingIOError):
                        # No locking on this file system (ENOLCK...): report,
                        # do not leak the descriptor.
                        os.close(fd)
                        raise LockUnavailable(_lock_text("atomic.lock_unsupported",
                                                         self.path, exc)) from None
                    if time.monotonic() >= deadline:
                        os.close(fd)
                        waited = max(0.0, deadline - start)
                        raise LockTimeout(_lock_text("atomic.lock_busy", self.path,
                                                     waited=waited)) from None
                    time.sleep(max(0.0, min(delay, deadline - time.monotonic())))
                    delay = min(delay * 2, 0.05)
        _STATE.held[self.path] = (fd, 1)
        return self

    def __exit__(self, *exc) -> None:
        fd, depth = _STATE.held[self.path]
        if depth > 1:
            _STATE.held[self.path] = (fd, depth - 1)
            return
        del _STATE.held[self.path]
        try:
            if fcntl is not None:
                fcntl.flock(fd, fcntl.LOCK_UN)
        finally:
            os.close(fd)
