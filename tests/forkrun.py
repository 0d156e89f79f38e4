"""``subprocess.run([sys.executable, script, *args])`` without the interpreter's
start: the script runs in a process forked from a warm one.

The fault tests run the suite's code in a fresh process hundreds of times
(killed at each of its file operations, then recovered), and most of each
run's CPU was the interpreter starting and importing the same modules again.
:func:`run` keeps one *zygote* per test process: a single-threaded Python
that imported :data:`PRELOAD` (imports only: it never evaluates a hook, so no
module holds state from an earlier run) and then forks once per request. The
child is what ``python script.py args`` would be: ``sys.argv``, the
environment, the working directory, ``sys.path[0]`` (the script's folder),
stdin, stdout and stderr are the request's; the script runs as
``__main__`` (``runpy``); an uncaught exception prints its traceback and
exits 1; ``SystemExit`` gives the exit code; a signal gives ``-signum``,
as :class:`subprocess.CompletedProcess` reports it.

What differs from a fresh interpreter: the modules in :data:`PRELOAD` are
already imported (so an import inside the script costs nothing, and a
module's import-time work happened in the zygote, with its environment),
and ``sys.flags`` are the zygote's. Tests that are about the entry itself
(the installed hook, its interpreter, its bootstrap) use a real subprocess.
"""

from __future__ import annotations

import atexit
import io
import os
import pickle
import select
import struct
import subprocess
import sys
import threading

SUITE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
#: Imported by the zygote before its first fork: the hook runtime, every
#: event unit, the archive engine and the state files (what the fault
#: drivers and the post-loop handler import).
PRELOAD = ("events.runtime", "events.post_tool_use", "events.subagent_stop", "events.stop",
           "events.pre_tool_use", "events.session_start", "events.session_end",
           "workflow.archive.run", "statefiles.state_md", "statefiles.markers", "guards")


def _frame(data: bytes) -> bytes:
    return struct.pack(">Q", len(data)) + data


def _read_exact(fd: int, n: int, deadline: float | None = None) -> bytes:
    out = bytearray()
    while len(out) < n:
        if deadline is not None:
            import time

            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                raise TimeoutError
        chunk = os.read(fd, n - len(out))
        if not chunk:
            raise EOFError("the zygote closed its pipe")
        out += chunk
    return bytes(out)


def _read_frame(fd: int, deadline: float | None = None) -> bytes:
    (n,) = struct.unpack(">Q", _read_exact(fd, 8, deadline))
    return _read_exact(fd, n, deadline)


# ------------------------------------------------------------------ the zygote
_BASE_PATH: list = []


def _child(request: dict, fds: tuple) -> None:
    """In the forked child: become ``python script args`` and never return."""
    code = 1
    try:
        stdin_fd, stdout_fd, stderr_fd = fds
        for fd, target in ((stdin_fd, 0), (stdout_fd, 1), (stderr_fd, 2)):
            os.dup2(fd, target)
        os.lseek(0, 0, os.SEEK_SET)
        sys.stdin = io.TextIOWrapper(io.BufferedReader(io.FileIO(0, "r", closefd=False)))
        sys.stdout = io.TextIOWrapper(io.BufferedWriter(io.FileIO(1, "w", closefd=False)),
                                      line_buffering=False)
        sys.stderr = io.TextIOWrapper(io.BufferedWriter(io.FileIO(2, "w", closefd=False)),
                                      line_buffering=True, errors="backslashreplace")
        os.environ.clear()
        os.environ.update(request["env"])
        os.chdir(request["cwd"])
        script = request["script"]
        sys.argv = [script, *request["args"]]
        sys.path[:] = [os.path.dirname(os.path.abspath(script)), *_BASE_PATH]
        import runpy

        try:
            runpy.run_path(script, run_name="__main__")
            code = 0
        except SystemExit as exc:
            if exc.code is None:
                code = 0
            elif isinstance(exc.code, int):
                code = exc.code
            else:
                sys.stderr.write(f"{exc.code}\n")
                code = 1
        except BaseException:  # noqa: BLE001 - what an interpreter does with it
            import traceback

            traceback.print_exc()
            code = 1
        atexit._run_exitfuncs()
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(code & 0xFF)


def _zygote() -> None:
    """Serve requests on fd 0, reply on fd 1 (length-prefixed pickles)."""
    _BASE_PATH[:] = sys.path[1:]  # a fresh interpreter's path, but for the script's folder
    sys.path.insert(0, SUITE)
    for name in PRELOAD:
        __import__(name)
    requests, replies = 0, os.dup(1)
    os.dup2(os.open(os.devnull, os.O_RDWR), 1)  # a stray print never reaches the pipe
    while True:
        try:
            request = pickle.loads(_read_frame(requests))
        except EOFError:
            return
        fds = tuple(os.memfd_create(name) for name in ("stdin", "stdout", "stderr"))
        os.write(fds[0], request["input"])
        pid = os.fork()
        if pid == 0:
            os.close(requests)
            os.close(replies)
            _child(request, fds)
        _, status = os.waitpid(pid, 0)
        out = []
        for fd in fds[1:]:
            os.lseek(fd, 0, os.SEEK_SET)
            chunks = []
            while chunk := os.read(fd, 1 << 20):
                chunks.append(chunk)
            out.append(b"".join(chunks))
        for fd in fds:
            os.close(fd)
        os.write(replies, _frame(pickle.dumps({"returncode": os.waitstatus_to_exitcode(status),
                                               "stdout": out[0], "stderr": out[1]})))


# ------------------------------------------------------------------ the client
class _Client:
    def __init__(self) -> None:
        self.proc = subprocess.Popen([sys.executable, os.path.abspath(__file__), "--zygote"],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     cwd=SUITE, start_new_session=True,
                                     env=dict(os.environ, PYTHONDONTWRITEBYTECODE="1"))
        self.lock = threading.Lock()

    def alive(self) -> bool:
        return self.proc.poll() is None

    def close(self) -> None:
        if self.alive():
            self.proc.stdin.close()
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()


_CLIENT: list = []


def _client() -> _Client:
    if not _CLIENT or not _CLIENT[0].alive() or _CLIENT[0].pid_owner != os.getpid():
        client = _Client()
        client.pid_owner = os.getpid()
        _CLIENT[:] = [client]
        atexit.register(client.close)
    return _CLIENT[0]


def run(script, args=(), *, input: bytes = b"", env=None, cwd=None,
        timeout: float = 120, text: bool = False) -> subprocess.CompletedProcess:
    """Like ``subprocess.run([sys.executable, script, *args], input=input,
    env=env, cwd=cwd, capture_output=True, timeout=timeout, text=text)``,
    forked from the warm zygote. ``env`` defaults to ``os.environ``; ``cwd``
    to the current directory. Raises :class:`subprocess.TimeoutExpired` after
    ``timeout`` seconds (the zygote is then killed and the next call starts
    another)."""
    import time

    script, args = str(script), [str(a) for a in args]
    if isinstance(input, str):
        input = input.encode()
    request = {"script": script, "args": args, "input": input or b"",
               "env": dict(os.environ if env is None else env),
               "cwd": str(cwd) if cwd is not None else os.getcwd()}
    client = _client()
    with client.lock:
        client.proc.stdin.write(_frame(pickle.dumps(request)))
        client.proc.stdin.flush()
        try:
            reply = pickle.loads(_read_frame(client.proc.stdout.fileno(),
                                             time.monotonic() + timeout))
        except TimeoutError:
            import signal

            os.killpg(client.proc.pid, signal.SIGKILL)  # the zygote and its child
            client.proc.wait()
            raise subprocess.TimeoutExpired([sys.executable, script, *args], timeout) from None
    stdout, stderr = reply["stdout"], reply["stderr"]
    if text:
        stdout, stderr = stdout.decode(errors="replace"), stderr.decode(errors="replace")
    return subprocess.CompletedProcess([sys.executable, script, *args], reply["returncode"],
                                       stdout, stderr)


if __name__ == "__main__" and sys.argv[1:] == ["--zygote"]:
    _zygote()
