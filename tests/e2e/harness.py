"""Drive the real Claude Code CLI against the fake Messages API.

    api = FakeAPI().start()
    box = Sandbox.prepared()                 # /tmp/pge2e-*: git repo + HOME + TMPDIR,
                                             # suite installed, reviewed playbook, trusted
    run = box.run(api, "fix it", Script(main=[tool_use("Read", {...}), "ok"]))
    run.result_of(0)                         # {"text", "is_error"}: what the model got back
    run.hook_events("PreToolUse")            # the client's --include-hook-events stream
    run.transcript                           # the session transcript under the temp HOME

A session is ``claude -p <prompt> --output-format stream-json --verbose
--include-hook-events`` in the sandbox repository, in a clean environment
(:func:`clean_env`): temp ``HOME`` and ``TMPDIR``, the fake API as
``ANTHROPIC_BASE_URL``, a per-session API key (the fake routes scripts by
it), no telemetry, no auto-update, no error reporting, no pytest plugins
loaded by the agents' test runs, and ``IS_SANDBOX=1`` because
``--permission-mode bypassPermissions`` refuses to run as root without it. The CLI runs in its own process group, killed whole on timeout.

Which CLI: ``$PLAYGATE_E2E_CLAUDE`` (a path to a ``claude`` executable), else
the pinned one that ``.ci/run`` installs under ``.cache/claude-code/``
(:data:`PINNED_VERSION`).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

from .fakeapi import FakeAPI, Request, Script

SUITE = Path(__file__).resolve().parents[2]
#: The Claude Code version the suite is tested with (README "End-to-end tests").
PINNED_VERSION = "2.1.329"
CACHE = SUITE / ".cache" / "claude-code"
CACHED_CLAUDE = CACHE / "node_modules" / ".bin" / "claude"

GIT_ENV = {"GIT_AUTHOR_NAME": "e2e", "GIT_AUTHOR_EMAIL": "e2e@example.invalid",
           "GIT_COMMITTER_NAME": "e2e", "GIT_COMMITTER_EMAIL": "e2e@example.invalid"}


def claude_executable() -> Path | None:
    """The CLI to test, or ``None`` when none is installed."""
    explicit = os.environ.get("PLAYGATE_E2E_CLAUDE")
    if explicit:
        return Path(explicit)
    return CACHED_CLAUDE if CACHED_CLAUDE.exists() else None


def claude_version(exe: Path) -> str:
    """``"2.1.329"`` from ``claude --version`` (``"2.1.329 (Claude Code)"``)."""
    proc = subprocess.run([str(exe), "--version"], capture_output=True, text=True, timeout=60,
                          check=False,
                          env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"),
                               "HOME": os.environ.get("HOME", "/tmp"),
                               "DISABLE_AUTOUPDATER": "1"})
    return proc.stdout.strip().split(" ", 1)[0]


def clean_env(home: Path, tmp: Path, base_url: str, api_key: str, extra=None) -> dict:
    """The whole environment of a CLI session: nothing inherited but ``PATH``
    (so ``git``, ``sh`` and ``python3`` resolve) and the locale. A ``PATH``
    in ``extra`` replaces this process's, behind the same npm shim
    (:func:`session_path`)."""
    env = {
        "PATH": os.environ.get("PATH", DEFAULT_PATH),
        "HOME": str(home),
        "TMPDIR": str(tmp),
        "LANG": os.environ.get("LANG", "C.UTF-8"),
        "ANTHROPIC_BASE_URL": base_url,
        "ANTHROPIC_API_KEY": api_key,
        "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
        "DISABLE_TELEMETRY": "1",
        "DISABLE_AUTOUPDATER": "1",
        "DISABLE_ERROR_REPORTING": "1",
        "IS_SANDBOX": "1",
        # The sandbox projects' tests (the agents' `pytest -q`, `python3 -m
        # pytest`, run by this interpreter) use no pytest plugin; the ones
        # installed here would be loaded at every start (hypothesis alone:
        # about 1 s of CPU, five times what the run takes without it).
        "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1",
        **GIT_ENV,
    }
    if os.environ.get("PLAYGATE_MESSAGES_REWORDED"):  # the reworded run (docs/development.md)
        env["PLAYGATE_MESSAGES_REWORDED"] = os.environ["PLAYGATE_MESSAGES_REWORDED"]
    if extra:
        env.update(extra)
    env["PATH"] = session_path(env["PATH"])
    return env


#: This process's ``PATH`` when it has none.
DEFAULT_PATH = "/usr/local/bin:/usr/bin:/bin"
#: ``[folder or None]`` of the npm shim, made once per process (:func:`_npm_shim`).
_NPM_SHIM: list = []


def session_path(path: str | None = None) -> str:
    """A session's ``PATH``: ``path`` (default: this process's) behind a
    folder whose ``npm`` answers ``npm root -g`` with what npm said to it
    once (unchanged when that folder is on it already, or there is none).

    Claude Code runs ``npm root -g`` at every start, to look for a global
    ``@anthropic-ai/sandbox-runtime``: a Node start of about 0.15 s of CPU,
    a tenth of a short session's, for an answer that cannot change during
    the run. Any other npm command goes to npm itself. Without an npm on
    this process's ``PATH`` there is no such folder, and the CLI finds the
    npm ``path`` has, if any, as it would."""
    path = path if path is not None else os.environ.get("PATH", DEFAULT_PATH)
    shim = _npm_shim()
    if shim is None or shim in path.split(os.pathsep):
        return path
    return f"{shim}{os.pathsep}{path}"


def _npm_shim():
    """The folder of the ``npm`` shim :func:`session_path` puts first, or
    ``None`` when this process's ``PATH`` has no npm that answers."""
    if not _NPM_SHIM:
        import tempfile

        path = os.environ.get("PATH", DEFAULT_PATH)
        npm = shutil.which("npm", path=path)
        root = None
        if npm:
            with tempfile.TemporaryDirectory() as home:  # no ~/.npmrc: a session's HOME has none
                proc = subprocess.run([npm, "root", "-g"], capture_output=True, text=True,
                                      timeout=60, check=False, cwd="/",
                                      env={"PATH": path, "HOME": home})
            root = proc.stdout.strip() if proc.returncode == 0 else None
        shim = None
        if root and "'" not in root + npm:
            shims = Path(tempfile.mkdtemp(prefix="pge2e-bin-"))
            if not os.environ.get("PLAYGATE_E2E_KEEP"):
                import atexit

                atexit.register(shutil.rmtree, shims, True)
            (shims / "npm").write_text(
                "#!/bin/sh\n"
                "# playgate e2e: npm root -g as npm answered it when the run began\n"
                f"if [ \"$*\" = 'root -g' ]; then echo '{root}'; exit 0; fi\n"
                f"exec '{npm}' \"$@\"\n")
            (shims / "npm").chmod(0o755)
            shim = str(shims)
        _NPM_SHIM.append(shim)
    return _NPM_SHIM[0]


def tools_path() -> str:
    """:func:`session_path` behind this interpreter's folder: the ``PATH``
    of a session whose agent runs ``pytest`` or ``python3 -m pytest`` (this
    interpreter has pytest). The workflow drivers pass it."""
    return f"{Path(sys.executable).parent}{os.pathsep}{session_path()}"


def git(repo: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    """``git -C repo args...`` with a fixed identity (60 s bound)."""
    return subprocess.run(["git", "-C", str(repo), *args], check=check, capture_output=True,
                          text=True, env=dict(os.environ, **GIT_ENV), timeout=60)


class Sandbox:
    """A temp git repository plus the session's private ``HOME`` and ``TMPDIR``.

    Attributes:
        root: the directory holding all three.
        repo: the git work tree (one commit on ``branch``).
        home, tmp: the session's ``HOME`` and ``TMPDIR``.
    """

    def __init__(self, root: Path) -> None:
        self.root = root
        self.repo = root / "repo"
        self.home = root / "home"
        self.tmp = root / "tmp"
        self.claude = None  # the CLI to run (None: claude_executable())
        self.recorder = None  # a Recorder when the hooks were installed behind one

    @classmethod
    def create(cls, root: Path, branch: str = "main") -> Sandbox:
        box = cls(Path(root))
        for d in (box.repo, box.home, box.tmp):
            d.mkdir(parents=True, exist_ok=True)
        git(box.repo, "init", "-q", "-b", branch)
        (box.repo / "README.md").write_text("e2e repo\n")
        git(box.repo, "add", "README.md")
        git(box.repo, "commit", "-q", "-m", "init")
        return box

    @classmethod
    def prepared(cls, root: Path | None = None, *, branch: str = "feat/e2e", playbook=True,
                 trusted: bool = True, record: bool = False,
                 claude: Path | None = None) -> Sandbox:
        """The usual sandbox: suite installed (behind a :class:`Recorder` when
        ``record``), playbook written (``True``: the reviewed one of
        workflow.py; a dict: keyword arguments for ``write_playbook``; ``False``:
        none), everything committed on ``main``, then ``branch`` checked out,
        and the workspace trusted. ``root`` defaults to a new short
        ``/tmp/pge2e-*`` directory (Claude Code puts a Unix socket under
        ``$TMPDIR``; socket paths are limited to 107 bytes); the caller
        removes it."""
        import tempfile

        from .workflow import write_playbook

        box = cls.create(Path(root) if root else Path(tempfile.mkdtemp(prefix="pge2e-")))
        box.recorder = Recorder(box.root / "recorder") if record else None
        box.install(python=str(box.recorder.python) if record else None)
        if playbook:
            write_playbook(box, **(playbook if isinstance(playbook, dict) else {}))
        box.commit_all()
        if branch != "main":
            box.checkout(branch)
        if trusted:
            box.trust()
        box.claude = claude
        return box

    def install(self, python: str | None = None, extra=()) -> None:
        """Install the suite as install.py does, using ``python`` (default:
        :func:`hook_python`, this interpreter's dependencies) for the hooks;
        ``extra``: more install.py options (``("--sandbox", "off")``).

        install.py runs once per process for each distinct input
        (:class:`_InstallTemplate`); a repository identical to one installed
        before gets a copy of that result."""
        python = python or hook_python()
        key = _install_key(self, python, extra)
        if key is None:
            _run_install_py(self.repo, python, extra)
            return
        template = _TEMPLATES.get(key)
        if template is None:
            template = _TEMPLATES[key] = _InstallTemplate.build(self, python, extra)
        template.apply(self)

    def trust(self) -> None:
        """Mark the repository as trusted in the session's ``~/.claude.json``,
        as accepting Claude Code's trust dialog once does. Without it, Claude
        Code 2.1.329 in ``-p`` mode ignores the ``permissions.allow`` rules of
        the project's settings (it still runs the hooks and honours ``deny``)."""
        path = self.home / ".claude.json"
        data = json.loads(path.read_text()) if path.exists() else {}
        data.setdefault("projects", {}).setdefault(str(self.repo), {})[
            "hasTrustDialogAccepted"] = True
        path.write_text(json.dumps(data, indent=2))

    def commit_all(self, message: str = "install playgate") -> None:
        git(self.repo, "add", "-A")
        git(self.repo, "commit", "-q", "-m", message)

    def checkout(self, branch: str) -> None:
        git(self.repo, "checkout", "-q", "-b", branch)

    def path(self, rel: str) -> Path:
        return self.repo / rel

    def run(self, api: FakeAPI, prompt: str, script: Script, *,
            permission_mode: str | None = "bypassPermissions", timeout: float = 90,
            args=(), env=None, claude: Path | None = None) -> Run:
        """One headless session: ``claude -p prompt`` answering from ``script``.

        ``permission_mode`` ``None`` means the CLI's default mode (permission
        dialogs, which nobody answers in ``-p``). Raises ``TimeoutError`` after
        killing the process group when the CLI runs longer than ``timeout``
        seconds.
        """
        exe = claude or getattr(self, "claude", None) or claude_executable()
        if exe is None:
            raise RuntimeError("no Claude Code CLI installed (run .ci/run or set "
                               "PLAYGATE_E2E_CLAUDE)")
        key = api.register(script)
        cmd = [str(exe), "-p", prompt, "--output-format", "stream-json", "--verbose",
               "--include-hook-events"]
        if permission_mode:
            cmd += ["--permission-mode", permission_mode]
        cmd += list(args)
        full_env = clean_env(self.home, self.tmp, api.base_url, key, env)
        started = time.monotonic()
        proc = subprocess.Popen(cmd, cwd=str(self.repo), env=full_env, stdin=subprocess.DEVNULL,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                start_new_session=True)
        try:
            out, err = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            _kill_group(proc)
            out, err = proc.communicate()
            raise TimeoutError(
                f"claude -p did not finish in {timeout}s (process group killed).\n"
                f"stdout tail: {out.decode('utf-8', 'replace')[-2000:]}\n"
                f"stderr tail: {err.decode('utf-8', 'replace')[-2000:]}") from None
        finally:
            # Hooks or tools the CLI left behind in its group die with it.
            _kill_group(proc)
        return Run(self, script, cmd, proc.returncode, out.decode("utf-8", "replace"),
                   err.decode("utf-8", "replace"), api.requests(key),
                   time.monotonic() - started)


_HOOK_PYTHON: list = []


def hook_python() -> str:
    """The hooks' interpreter: a virtual environment (made once per process)
    of this interpreter whose ``site-packages`` path points at this one's, so
    that the hooks import the runtime dependencies from here, as from the
    ``.claude/.venv`` install.py makes, without running this development
    environment's ``.pth`` start-up code (the editable install's import
    finder, setuptools' distutils shim): about 15 ms of CPU at every hook
    call, thousands of them in the e2e run."""
    if not _HOOK_PYTHON:
        import atexit
        import site
        import tempfile
        import venv

        root = Path(tempfile.mkdtemp(prefix="pge2e-py-"))
        if not os.environ.get("PLAYGATE_E2E_KEEP"):
            atexit.register(shutil.rmtree, root, True)
        venv.EnvBuilder(symlinks=True, with_pip=False).create(root)
        version = f"python{sys.version_info.major}.{sys.version_info.minor}"
        # A plain directory line: put on sys.path, its own .pth files not run.
        (root / "lib" / version / "site-packages" / "e2e-dependencies.pth").write_text(
            "".join(f"{d}\n" for d in site.getsitepackages()))
        _HOOK_PYTHON.append(str(root / "bin" / "python"))
    return _HOOK_PYTHON[0]


def _run_install_py(repo: Path, python: str, extra=()) -> None:
    proc = subprocess.run([sys.executable, str(SUITE / "install.py"), "--python", python,
                           *extra, str(repo)], capture_output=True, text=True,
                          timeout=300, check=False)
    if proc.returncode != 0:
        raise RuntimeError(f"install.py failed ({proc.returncode}):\n{proc.stdout}\n"
                           f"{proc.stderr}")


# --------------------------------------------------------------------------- install templates

#: ``{key: _InstallTemplate}`` of this process (one pytest-xdist worker).
_TEMPLATES: dict = {}
#: Files whose code objects carry the template's paths: fixed when loaded
#: (``_imp._fix_co_filename``: the import system for ``.pyc``, the hooks'
#: bundle finder for the bundle), so they are copied unchanged.
_CODE_FILES = (".pyc", "/suite.bundle")


def _worktree(repo: Path) -> dict:
    """``{relative path: (kind, mode, content digest or link target)}`` of
    everything in ``repo`` but ``.git``."""
    import hashlib

    out = {}
    for dirpath, dirnames, filenames in os.walk(repo):
        if dirpath == str(repo):
            dirnames[:] = [d for d in dirnames if d != ".git"]
        for name in dirnames + filenames:
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, repo)
            st = os.lstat(path)
            if os.path.islink(path):
                out[rel] = ("l", 0, os.readlink(path))
            elif os.path.isdir(path):
                out[rel] = ("d", st.st_mode, "")
            else:
                with open(path, "rb") as fh:
                    out[rel] = ("f", st.st_mode, hashlib.sha256(fh.read()).hexdigest())
    return out


def _install_key(box: Sandbox, python: str, extra) -> tuple | None:
    """What install.py's result depends on, or ``None`` when it has to run
    in ``box`` itself: the hook interpreter (the box's own recorder counts
    as one role: its path is rewritten), the options, the work tree, the
    branch and what git tracks. A repository with a remote is installed in
    place: a remote on disk is written into the sandbox settings
    (``allowWrite``) by its absolute path."""
    from statefiles.gitindex import index_entries

    git_dir = box.repo / ".git"
    try:
        config = (git_dir / "config").read_text()
        head = (git_dir / "HEAD").read_text()
        tracked = tuple(index_entries((git_dir / "index").read_bytes()))
    except (OSError, ValueError, IndexError):
        return None
    if "[remote " in config:
        return None
    if box.recorder is not None and python == str(box.recorder.python):
        if not box.recorder.dir.is_relative_to(box.root):
            return None
        role = ("recorder", str(box.recorder.dir.relative_to(box.root)))
    elif python.startswith(str(box.root) + os.sep):
        return None
    else:
        role = ("python", python)
    worktree = tuple(sorted(_worktree(box.repo).items()))
    return role, tuple(extra), config, head, tracked, worktree


class _InstallTemplate:
    """install.py's result in a repository identical to the ones it is
    copied into (same work tree, index, branch, options and interpreter).

    A copy is what install.py would have made of the box: the entries it
    created are copied whole (``cp -a``: contents, modes, and modification
    times to the nanosecond, which the ``.pyc`` files and the module bundle
    are checked against), the files it changed are copied, the ones it
    removed are removed. The installer writes nothing into ``.git``. Absolute
    paths: the repository's own appears only in code objects (see
    :data:`_CODE_FILES`); the hook interpreter's, when it is the box's
    recorder, is in the hook commands of ``settings.json`` and in the
    manifest, and is rewritten to the box's. Nothing is hard-linked: the
    hooks look at link counts (a protected file with a second name is
    treated as a hard link to it), so every file has one name, as after an
    install.
    """

    def __init__(self, root: Path, created: list, changed: list, removed: list,
                 rewrite: list) -> None:
        self.root = root
        self.repo = root / "repo"
        self.created, self.changed, self.removed = created, changed, removed
        self.rewrite = rewrite

    @classmethod
    def build(cls, box: Sandbox, python: str, extra) -> _InstallTemplate:
        """Copy ``box``'s repository aside, run install.py there and note
        what it did."""
        import atexit
        import tempfile

        root = Path(tempfile.mkdtemp(prefix="pge2e-tpl-"))
        if not os.environ.get("PLAYGATE_E2E_KEEP"):
            atexit.register(shutil.rmtree, root, True)
        repo = root / "repo"
        subprocess.run(["cp", "-a", str(box.repo), str(repo)], check=True)
        if box.recorder is not None and python == str(box.recorder.python):
            python = str(Recorder(root / box.recorder.dir.relative_to(box.root)).python)
        before = _worktree(repo)
        _run_install_py(repo, python, extra)
        after = _worktree(repo)
        tops = {rel.split(os.sep, 1)[0] for rel in before}
        created = sorted({rel.split(os.sep, 1)[0] for rel in after} - tops)
        changed = sorted(rel for rel, what in after.items()
                         if rel.split(os.sep, 1)[0] in tops and before.get(rel) != what)
        removed = sorted((rel for rel in before if rel not in after), reverse=True)
        needle = (str(root) + os.sep).encode()
        rewrite = []
        for rel, (kind, _mode, _digest) in after.items():
            if kind != "f" or before.get(rel) == after[rel] or rel.endswith(_CODE_FILES):
                continue
            if needle in (repo / rel).read_bytes():
                rewrite.append(rel)
        return cls(root, created, changed, removed, rewrite)

    def apply(self, box: Sandbox) -> None:
        """Make ``box``'s repository what install.py made of the template's."""
        if self.created:
            subprocess.run(["cp", "-a", *(str(self.repo / name) for name in self.created),
                            str(box.repo)], check=True)
        for rel in self.changed:
            src, dst = self.repo / rel, box.repo / rel
            if src.is_symlink():
                dst.unlink(missing_ok=True)
                dst.symlink_to(os.readlink(src))
            elif src.is_dir():
                dst.mkdir(exist_ok=True)
                shutil.copystat(src, dst)
            else:
                shutil.copy2(src, dst)
        for rel in self.removed:
            path = box.repo / rel
            if path.is_dir() and not path.is_symlink():
                path.rmdir()
            else:
                path.unlink()
        old = (str(self.root) + os.sep).encode()
        new = (os.path.abspath(box.root) + os.sep).encode()
        for rel in self.rewrite:
            path = box.repo / rel
            path.write_bytes(path.read_bytes().replace(old, new))


def _kill_group(proc: subprocess.Popen) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


class Run:
    """What one session produced.

    Attributes:
        code: the CLI's exit code.
        stdout, stderr: raw output; ``events`` is stdout parsed line by line
            (stream-json), non-JSON lines skipped.
        requests: the fake API's log for this session (:class:`Request`).
        seconds: wall time of the session.
    """

    def __init__(self, box, script, cmd, code, stdout, stderr, requests, seconds) -> None:
        self.box = box
        self.script = script
        self.cmd = cmd
        self.code = code
        self.stdout = stdout
        self.stderr = stderr
        self.requests = requests
        self.seconds = seconds
        self.events = []
        for line in stdout.splitlines():
            line = line.strip()
            if line.startswith("{"):
                try:
                    self.events.append(json.loads(line))
                except ValueError:
                    pass

    # -- the stream-json view (what the client reports)

    @property
    def init(self) -> dict:
        return next((e for e in self.events if e.get("type") == "system"
                     and e.get("subtype") == "init"), {})

    @property
    def result(self) -> dict:
        """The final ``{"type": "result", ...}`` event (``{}`` if none)."""
        return next((e for e in reversed(self.events) if e.get("type") == "result"), {})

    @property
    def results(self) -> list:
        """Every ``{"type": "result"}`` event: one per turn of the main agent
        (a background subagent's report starts another turn)."""
        return [e for e in self.events if e.get("type") == "result"]

    @property
    def permission_denials(self) -> list:
        """The tool_use ids the client reports as denied (by a PreToolUse
        hook, a deny rule, or an unanswered permission dialog), all turns."""
        return [d.get("tool_use_id") for e in self.results
                for d in e.get("permission_denials") or []]

    @property
    def session_id(self) -> str:
        return self.init.get("session_id") or self.result.get("session_id") or ""

    def hook_events(self, event: str | None = None) -> list:
        """``system`` events about hooks (``--include-hook-events``), optionally
        only those of hook event ``event`` (e.g. ``"PreToolUse"``)."""
        out = []
        for e in self.events:
            if e.get("type") != "system" or not str(e.get("subtype", "")).startswith("hook"):
                continue
            if event is None or e.get("hook_event") == event or e.get("hook_event_name") == event:
                out.append(e)
        return out

    def tool_uses(self, name: str | None = None) -> list:
        """``tool_use`` blocks the client reported the model making (any
        agent, subagents included)."""
        out = []
        for e in self.events:
            if e.get("type") != "assistant":
                continue
            for block in (e.get("message") or {}).get("content") or []:
                if block.get("type") == "tool_use" and (name is None or block["name"] == name):
                    out.append(block)
        return out

    def reported_results(self) -> dict:
        """``{tool_use_id: {"text", "is_error"}}`` from the client's stream
        (``user`` events carrying ``tool_result`` blocks)."""
        from .fakeapi import _content_text

        out = {}
        for e in self.events:
            if e.get("type") != "user":
                continue
            content = (e.get("message") or {}).get("content")
            if not isinstance(content, list):
                continue
            for block in content:
                if isinstance(block, dict) and block.get("type") == "tool_result":
                    out[block.get("tool_use_id")] = {
                        "text": _content_text(block.get("content")),
                        "is_error": bool(block.get("is_error"))}
        return out

    # -- the fake API's view (what the model receives)

    def lane(self, lane: str = "main") -> list:
        """The message requests of ``lane``, in order."""
        return [r for r in self.requests if r.lane == lane]

    def last(self, lane: str = "main") -> Request:
        reqs = self.lane(lane)
        if not reqs:
            raise AssertionError(f"no request in lane {lane!r}; lanes seen: "
                                 f"{sorted({r.lane for r in self.requests if r.lane})}\n"
                                 f"{self.describe()}")
        return reqs[-1]

    def tool_results(self, lane: str = "main") -> dict:
        """Every ``tool_result`` the model of ``lane`` received, by tool_use id."""
        out = {}
        for r in self.lane(lane):
            out.update(r.tool_results())
        return out

    def result_of(self, turn: int, lane: str = "main", k: int = 0) -> dict:
        """The tool_result the model received for the ``k``-th tool call of
        script turn ``turn`` in ``lane``: ``{"text": str, "is_error": bool}``."""
        blocks = [b for b in self.script.turn(lane, turn) if b["type"] == "tool_use"]
        tool_id = blocks[k]["id"]
        results = self.tool_results(lane)
        if tool_id not in results:
            raise AssertionError(f"the model never received a result for {tool_id} "
                                 f"({blocks[k]['name']})\n{self.describe()}")
        return results[tool_id]

    def seen_by_model(self, lane: str = "main") -> str:
        """Everything the model of ``lane`` was shown in its last request."""
        return self.last(lane).conversation_text()

    # -- files

    @property
    def transcript(self) -> Path:
        """The session transcript Claude Code keeps under ``HOME``
        (``~/.claude/projects/<sanitised cwd>/<session_id>.jsonl``)."""
        projects = self.box.home / ".claude" / "projects"
        found = sorted(projects.glob(f"*/{self.session_id}.jsonl")) if self.session_id else []
        if not found:
            raise FileNotFoundError(f"no transcript for session {self.session_id!r} under "
                                    f"{projects}")
        return found[0]

    def describe(self) -> str:
        """A readable dump for assertion messages."""
        lines = [f"exit {self.code} in {self.seconds:.2f}s: {' '.join(self.cmd[:3])} ..."]
        for r in self.requests:
            lines.append(f"  {r!r} answer={[b.get('name') or b.get('text', '')[:40] for b in r.answer or []]}")
        for tid, res in self.reported_results().items():
            lines.append(f"  result {tid}: error={res['is_error']} {res['text'][:300]!r}")
        for e in self.hook_events():
            lines.append(f"  hook {json.dumps(e)[:300]}")
        if self.stderr.strip():
            lines.append(f"  stderr: {self.stderr[-1500:]}")
        return "\n".join(lines)


# --------------------------------------------------------------------------- hook recorder

_RECORDER = r"""#!/bin/sh
# playgate e2e hook recorder: stands in for the hook interpreter (install.py
# --python), records every call Claude Code makes, then runs the real one.
# install.py's own runs (`-c`/`-m ...`, its compile step's script) pass
# straight through.
PY=%(python)s
DIR=%(calls)s
case "$1" in -*|*/playgate/installer/pycompile.py) exec "$PY" "$@";; esac
f="$DIR/$(date +%%s%%N)-$$"
cat > "$f.in"
# .meta and .rc appear whole (written aside, then renamed): the test polls
# them while the hook runs, and a half-written .rc read "0" without its time.
printf '%%s\n%%s\n%%s\n' "$(date +%%s.%%N)" "$CLAUDE_PROJECT_DIR" "$*" > "$f.meta.tmp"
mv -f "$f.meta.tmp" "$f.meta"
if [ -n "$PLAYGATE_E2E_SLOW" ]; then
  entry=${PLAYGATE_E2E_SLOW%%%%:*}; rest=${PLAYGATE_E2E_SLOW#*:}
  needle=${rest%%:*}; secs=${rest##*:}
  case "$*" in *"/$entry"*)
    case "$(cat "$f.in")" in *"$needle"*) sleep "$secs";; esac;;
  esac
fi
"$PY" "$@" < "$f.in" > "$f.out" 2> "$f.err"
rc=$?
cat "$f.out"; cat "$f.err" >&2
printf '%%s\n%%s\n' "$rc" "$(date +%%s.%%N)" > "$f.rc.tmp"
mv -f "$f.rc.tmp" "$f.rc"
exit $rc
"""


class HookCall:
    """One hook invocation seen by the recorder.

    Attributes:
        script: the entrypoint's file name (``pre_tool_use.py``).
        payload: the stdin JSON (``{}`` if it was not JSON).
        event, tool, agent_id: from the payload.
        project_dir: ``$CLAUDE_PROJECT_DIR`` as the hook saw it.
        started: epoch seconds. finished: epoch seconds or ``None`` when the
            hook was killed (timeout) before it returned.
        code, stdout, stderr: the hook's result (``None`` code when killed).
    """

    def __init__(self, stem: Path) -> None:
        meta = (stem.with_suffix(".meta")).read_text().split("\n")
        self.started = float(meta[0])
        self.project_dir = meta[1]
        argv = meta[2]
        self.script = argv.rsplit("/", 1)[-1].split()[0] if argv else ""
        raw = stem.with_suffix(".in").read_text()
        try:
            self.payload = json.loads(raw)
        except ValueError:
            self.payload = {}
        self.event = self.payload.get("hook_event_name")
        self.tool = self.payload.get("tool_name")
        self.agent_id = self.payload.get("agent_id")
        rc = stem.with_suffix(".rc")
        if rc.exists():
            code, end = rc.read_text().split("\n")[:2]
            self.code, self.finished = int(code), float(end)
        else:
            self.code, self.finished = None, None
        out, err = stem.with_suffix(".out"), stem.with_suffix(".err")
        self.stdout = out.read_text() if out.exists() else ""
        self.stderr = err.read_text() if err.exists() else ""

    def __repr__(self) -> str:
        return (f"HookCall({self.event} {self.tool or ''} agent={self.agent_id} "
                f"code={self.code})")


class Recorder:
    """A wrapper interpreter that records every hook call (install it with
    ``box.install(python=str(recorder.python))``).

    ``PLAYGATE_E2E_SLOW=<entrypoint>:<substring>:<seconds>`` in the session's
    environment makes the calls of ``hooks/<entrypoint>`` whose stdin
    contains ``substring`` (may be empty) sleep first, to watch Claude Code's
    hook timeouts at work.
    """

    def __init__(self, directory: Path, python: str | None = None) -> None:
        self.dir = Path(directory)
        self.calls_dir = self.dir / "calls"
        self.calls_dir.mkdir(parents=True, exist_ok=True)
        self.python = self.dir / "python"
        import shlex

        self.python.write_text(_RECORDER % {"python": shlex.quote(python or hook_python()),
                                            "calls": shlex.quote(str(self.calls_dir))})
        self.python.chmod(0o755)

    def calls(self) -> list:
        """Every recorded call, in start order."""
        stems = sorted({p.with_suffix("") for p in self.calls_dir.glob("*.meta")})
        return sorted((HookCall(s) for s in stems), key=lambda c: c.started)

    def clear(self) -> None:
        for p in self.calls_dir.iterdir():
            p.unlink()
