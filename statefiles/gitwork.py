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
* output is decoded as UTF-8 with replacement and kept bounded;
* **nothing the project controls runs** — in the environment either
  (:func:`sanitised_env`: the ``GIT_TRACE`` family, ``GIT_CONFIG*``, the
  dynamic loader's variables, ``PATH`` entries that are relative or inside
  the project are dropped) — and the repository's
  configuration is writable by the agent (``git config core.fsmonitor
  ./x``), so every git started here — and every git a child such as ``gh``
  starts — gets configuration overrides through the environment
  (``GIT_CONFIG_COUNT``/``KEY``/``VALUE``, :func:`safe_config`): no hooks,
  no fsmonitor, no pager or editor, no external diff, and every
  code-running key the repository's own configuration sets (filters, diff
  and merge drivers, credential helpers, ssh and gpg programs...) emptied.
  When that configuration cannot be read, git is not run at all.

Children are started by :mod:`statefiles.spawn` (``posix_spawn`` and a
``poll`` loop: importing ``subprocess`` costs a hook 12–16 ms of CPU); where
it cannot (another platform, stdin text to send), ``subprocess`` is imported
inside the functions and does the same.
"""

from __future__ import annotations

import os
import time

from statefiles import spawn
from statefiles.record import Record

#: Largest output kept per stream, in characters.
MAX_OUTPUT = 64 * 1024


class Run(Record):
    """The outcome of one command.

    Attributes:
        code: exit status (``None`` when it could not start or timed out).
        out / err: decoded stdout / stderr (bounded).
        timed_out: killed at the timeout.
        missing: the executable was not found.

    Made as ``Run(argv, code=None, out="", err="", timed_out=False,
    missing=False)`` (:class:`statefiles.record.Record`).
    """

    __slots__ = ("argv", "code", "out", "err", "timed_out", "missing")
    _defaults = {"code": None, "out": "", "err": "", "timed_out": False, "missing": False}

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


#: Overrides every git run by the hooks gets, whatever the configuration:
#: (key, value).
ALWAYS_SAFE = (
    ("core.fsmonitor", "false"),
    ("core.hooksPath", "/dev/null"),
    ("core.pager", "cat"),
    ("core.editor", "true"),
    ("sequence.editor", "true"),
    ("protocol.ext.allow", "never"),
)
#: Configuration keys (lower case; ``*`` is any subsection name) whose value
#: git runs as a program, and a value that runs nothing of the project's
#: (an empty value is not "off" for most of them: git would try to run "").
#: Set in the repository's own configuration (scopes ``local``/``worktree``),
#: they are overridden; the user's global and system ones are kept.
CODE_KEYS = (
    ("core.fsmonitor", "false"), ("core.hookspath", "/dev/null"), ("core.pager", "cat"),
    ("core.editor", "true"), ("sequence.editor", "true"), ("core.sshcommand", "ssh"),
    ("core.askpass", ""), ("core.gitproxy", ""), ("core.alternaterefscommand", "true"),
    ("diff.external", "true"), ("gpg.program", "gpg"), ("gpg.ssh.program", "ssh-keygen"),
    ("gpg.x509.program", "gpgsm"), ("credential.helper", ""), ("credential.*.helper", ""),
    ("filter.*.clean", "cat"), ("filter.*.smudge", "cat"), ("filter.*.process", ""),
    ("diff.*.command", "true"), ("diff.*.textconv", "cat"), ("merge.*.driver", "false"),
    ("pager.*", "cat"), ("remote.*.receivepack", "git-receive-pack"),
    ("remote.*.uploadpack", "git-upload-pack"), ("remote.*.proxy", ""), ("http.proxy", ""),
    ("difftool.*.cmd", "true"), ("mergetool.*.cmd", "true"), ("browser.*.cmd", "true"),
    ("man.*.cmd", "true"), ("web.browser", ""), ("sendemail.smtpserver", ""),
    ("sendemail.tocmd", ""), ("sendemail.cccmd", ""), ("ssh.variant", "ssh"),
    ("remote.*.vcs", ""), ("trailer.*.command", ""), ("trailer.*.cmd", ""),
    ("interactive.difffilter", ""),
)
#: Seconds allowed for reading the configuration.
CONFIG_TIMEOUT = 2.0


def _code_key(key: str):
    """The safe value for a code-running configuration ``key`` (any case),
    or ``None`` when git does not run it."""
    key = key.lower()
    first, _, rest = key.partition(".")
    last = rest.rsplit(".", 1)[-1] if rest else ""
    for pattern, safe in CODE_KEYS:
        p_first, _, p_rest = pattern.partition(".")
        if p_first != first:
            continue
        if "*" not in pattern:
            if key == pattern:
                return safe
            continue
        if p_rest == "*" and rest:
            return safe   # pager.<cmd>
        p_last = p_rest.rsplit(".", 1)[-1]
        if rest.count(".") >= 1 and last == p_last:
            return safe
    return None


def safe_config(root: str, timeout: float = CONFIG_TIMEOUT):
    """``[(key, value)]`` overrides for git run in ``root`` (see the module
    docstring), or ``None`` when the repository's configuration cannot be
    read (then git must not run: it would read the same configuration)."""
    pairs = list(ALWAYS_SAFE)
    env = _base_env(root)
    env.update(_config_env(pairs, env))
    deadline = time.monotonic() + timeout
    try:
        child = _start(["git", "config", "--list", "--show-scope", "-z"], root, env)
        code, out, _err, timed_out = _collect(child, deadline)
    except FileNotFoundError:
        return pairs   # no git: nothing will run it
    except OSError:
        return None
    if timed_out or code not in (0, 1):   # 1: no configuration at all
        return None
    fields = out.decode("utf-8", "replace").split("\0")
    helpers: dict = {}
    repo_keys: dict = {}
    for k in range(0, len(fields) - 1, 2):
        scope, entry = fields[k], fields[k + 1]
        key, _, value = entry.partition("\n")
        safe = _code_key(key)
        if safe is None:
            continue
        lowered = key.lower()
        if scope in ("local", "worktree"):
            repo_keys[lowered] = (key, safe)
        elif lowered.startswith("credential.") and lowered.endswith(".helper"):
            helpers.setdefault(lowered, []).append(value)
    for lowered, (key, safe) in repo_keys.items():
        pairs.append((key, safe))
        if lowered in helpers:
            # the empty value resets the helper list; the user's own come back
            pairs.extend((key, v) for v in helpers[lowered])
    return pairs


def _config_env(pairs, base=None) -> dict:
    """``GIT_CONFIG_COUNT``/``GIT_CONFIG_KEY_n``/``GIT_CONFIG_VALUE_n`` for
    ``pairs`` after those the hook's environment ``base`` already holds (the
    user's; ours come later, so they win). Inherited by every git a child
    process starts."""
    base = base if base is not None else {}
    try:
        start = int(base.get("GIT_CONFIG_COUNT") or 0)
    except ValueError:
        start = 0
    env = {"GIT_CONFIG_COUNT": str(start + len(pairs))}
    for n, (key, value) in enumerate(pairs, start):
        env[f"GIT_CONFIG_KEY_{n}"] = key
        env[f"GIT_CONFIG_VALUE_{n}"] = value
    return env


#: Environment variables dropped before a hook runs git or gh: they make git
#: write files (its trace, its index), read another repository or
#: configuration, or run programs (its exec path, helpers, a shell's
#: start-up file). :data:`UNSAFE_ENV_PREFIXES` adds whole families.
UNSAFE_ENV = frozenset({
    "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY",
    "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_COMMON_DIR", "GIT_NAMESPACE", "GIT_EXEC_PATH",
    "GIT_TEMPLATE_DIR", "GIT_EXTERNAL_DIFF", "GIT_ASKPASS", "SSH_ASKPASS", "GIT_PROXY_COMMAND",
    "GIT_CEILING_DIRECTORIES", "BASH_ENV", "ENV", "PROMPT_COMMAND",
})
#: The ``GIT_TRACE`` family, ``GIT_CONFIG*`` (files, parameters, count/key/
#: value pairs), the dynamic loader's variables, exported shell functions.
UNSAFE_ENV_PREFIXES = ("GIT_TRACE", "GIT_CONFIG", "LD_", "DYLD_", "BASH_FUNC_")


def _inside(path: str, root: str) -> bool:
    return bool(root) and (path == root or path.startswith(root.rstrip(os.sep) + os.sep))


def sanitised_env(env, root: str | None = None) -> dict:
    """``env`` without what would let the project choose what git runs or
    where it writes: every :data:`UNSAFE_ENV` and
    :data:`UNSAFE_ENV_PREFIXES` variable (the ``GIT_TRACE`` family,
    ``GIT_CONFIG*``, the repository-moving and program-naming ones, the
    dynamic loader's), ``GIT_SSH``/``GIT_SSH_COMMAND`` naming a program
    in the project or by a relative path, and from ``PATH`` every empty or
    relative entry and every entry inside the project ``root`` (a ``git``
    there is the project's code; an activated virtualenv's ``bin`` is the
    user's choice for their own shell, not for the hooks)."""
    out = {}
    real_root = os.path.realpath(root) if root else ""
    for name, value in env.items():
        if name in UNSAFE_ENV or name.startswith(UNSAFE_ENV_PREFIXES):
            continue
        if name in ("GIT_SSH", "GIT_SSH_COMMAND"):
            program = value.strip().split(" ", 1)[0]
            if not program.startswith("/") and "/" in program or _inside(program, root or "") \
                    or _inside(program, real_root):
                continue
        out[name] = value
    if "PATH" in out:
        kept = [e for e in out["PATH"].split(os.pathsep)
                if e.startswith("/") and not _inside(e, root or "") and not _inside(
                    os.path.realpath(e), real_root)]
        out["PATH"] = os.pathsep.join(kept) or os.defpath
    return out


def _base_env(root: str | None = None) -> dict:
    # Claude Code's environment is the user's; still, nothing in it may let
    # the project decide what git runs (sanitised_env).
    return sanitised_env(os.environ, root)


class UnsafeRepository(Exception):
    """The repository's configuration could not be read, so git is not run."""


def quiet_env(extra: dict | None = None, root: str | None = None,
              timeout: float = CONFIG_TIMEOUT) -> dict:
    """The environment for git/gh: the hook's own, made non-interactive, with
    the configuration overrides of :func:`safe_config` for the repository at
    ``root`` (the always-safe ones when ``root`` is not given), read within
    ``timeout`` seconds. Raises :class:`UnsafeRepository` when the
    configuration cannot be read."""
    env = _base_env(root)
    pairs = safe_config(root, timeout) if root else list(ALWAYS_SAFE)
    if pairs is None:
        raise UnsafeRepository(root)
    env.update(_config_env(pairs, env))
    env.update({
        "GIT_TERMINAL_PROMPT": "0",
        "GIT_OPTIONAL_LOCKS": "0",
        "GIT_PAGER": "cat",
        "GIT_EDITOR": "true",
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
    if timeout <= 0:
        return Run(argv, timed_out=True)
    deadline = time.monotonic() + timeout
    if env is None:  # reading the configuration spends the same budget
        try:
            env = quiet_env(root=cwd, timeout=min(CONFIG_TIMEOUT, timeout))
        except UnsafeRepository:
            return _unread(argv, deadline)
        if time.monotonic() >= deadline:
            return Run(argv, timed_out=True)
    data = stdin_text.encode("utf-8") if stdin_text is not None else None
    try:
        child = _start(argv, cwd, env, stdin=data is not None)
    except FileNotFoundError:
        return Run(argv, missing=True)
    except OSError as exc:
        return Run(argv, err=str(exc))
    return _finished(argv, *_collect(child, deadline, data))


def _start(argv: list, cwd: str, env: dict, stdin: bool = False):
    """Start ``argv`` in ``cwd``, stdout and stderr piped, in a session of its
    own: a :class:`statefiles.spawn.Child`, or a ``subprocess.Popen`` where
    spawn cannot start it or ``stdin`` is to be piped (else it reads
    ``/dev/null``). Raises ``FileNotFoundError`` (no such executable or
    ``cwd``) and other ``OSError`` as ``subprocess.Popen`` does."""
    child = None if stdin else spawn.start(argv, cwd, env)
    if child is not None:
        return child
    import subprocess  # lazy: subprocess (12-16 ms), only where spawn cannot start it

    return subprocess.Popen(argv, cwd=cwd, env=env,
                            stdin=subprocess.PIPE if stdin else subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)


def _collect(child, deadline: float, data: bytes | None = None) -> tuple:
    """Wait for what :func:`_start` started until the monotonic
    ``deadline`` (``data``: its stdin, for a ``subprocess.Popen``):
    ``(returncode, stdout bytes, stderr bytes, timed_out)``; a timed-out
    child's process group is stopped."""
    if isinstance(child, spawn.Child):
        return spawn.collect(child, deadline)
    import subprocess  # lazy: already imported by _start, which started ``child``

    try:
        out, err = child.communicate(input=data,
                                     timeout=max(deadline - time.monotonic(), 0.001))
    except subprocess.TimeoutExpired:
        _stop(child)
        return None, b"", b"", True
    return child.returncode, out, err, False


def _finished(argv: list, code, out: bytes, err: bytes, timed_out: bool) -> Run:
    """The :class:`Run` of a collected child (:func:`_collect`)."""
    if timed_out:
        return Run(argv, timed_out=True)
    return Run(argv, code, _decode(out), _decode(err))


def _unread(argv: list, deadline: float) -> Run:
    """The :class:`Run` of ``argv`` when :func:`quiet_env` could not read the
    repository's configuration: timed out when the budget ran out meanwhile."""
    if time.monotonic() >= deadline:
        return Run(argv, timed_out=True)
    return Run(argv, err="the repository's git configuration could not be read, so git was "
                         "not run")


def _stop(proc) -> None:
    """Stop a ``subprocess.Popen``'s process group as :mod:`statefiles.spawn`
    stops its own (:data:`statefiles.spawn.STOP_SIGNALS`)."""
    for sig, grace in spawn.STOP_SIGNALS:
        spawn.kill_group(proc.pid, sig)
        try:
            proc.communicate(timeout=grace)
            return
        except Exception:  # noqa: BLE001 - TimeoutExpired, or pipes already closed
            continue


def git(root: str, *args: str, timeout: float = 10.0, env: dict | None = None) -> Run:
    """``git -C <root> <args>`` with :func:`quiet_env`."""
    return run(["git", "-C", root, *args], cwd=root, timeout=timeout, env=env)


def run_parallel(commands: dict, cwd: str, deadline: float) -> dict:
    """Start every ``{name: argv}`` at once and collect them until the
    monotonic ``deadline``; late ones are stopped and reported ``timed_out``.
    Returns ``{name: Run}``. For SessionEnd, whose hooks share 1.5 s."""
    procs = {}
    results = {}
    try:
        env = quiet_env(root=cwd, timeout=max(0.001, min(CONFIG_TIMEOUT,
                                                          deadline - time.monotonic())))
    except UnsafeRepository:
        return {name: _unread(argv, deadline) for name, argv in commands.items()}
    for name, argv in commands.items():
        try:
            procs[name] = _start(argv, cwd, env)
        except FileNotFoundError:
            results[name] = Run(argv, missing=True)
        except OSError as exc:
            results[name] = Run(argv, err=str(exc))
    for name, child in procs.items():
        results[name] = _finished(commands[name], *_collect(child, deadline))
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
