"""Shared start-up of every hook entrypoint: find the suite, load the runtime.

Kept to ``os``, ``sys`` and builtin modules so that a broken installation is still reported:
if the runtime cannot be imported, gating events exit 2 with a message (the
call is blocked, not waved through) and informational events exit 0.

**Where the hooks import from** (the import path is a wall: a hook runs
outside Claude Code's sandbox, so code it imports runs with the user's
rights). The suite's directory (``.claude/`` when installed, the plugin root,
or the source tree) is *not* put on ``sys.path``: :class:`SuiteFinder` serves
the suite's own packages (``playgate.suite.PACKAGE_NAMES``) from it and
nothing else, so a ``.claude/yaml.py`` or ``.claude/pydantic/`` written with
the Write tool is never imported in place of a library, nor a stray
``json.py`` in place of a standard module; the script directory is removed.
At start-up :func:`import_problem` checks every remaining ``sys.path`` entry:
one inside the project that is not the hooks' own protected virtualenv
(``.claude/.venv``) is a place the agent can write, and the hook fails
closed with a message saying so.

**The module bundle**. A hook imports 20–60 of the suite's modules;
the import system spends about 50 µs on each finding, checking and reading
its ``.pyc``. install.py therefore also writes ``hooks/suite.bundle``
(``python -m playgate.bundle`` in the suite root, with the hook
interpreter; :func:`build_bundle`): the
compiled code of every suite module (and bashlex's) in one file, with an
index. :class:`BundleFinder` serves a module from it only when the source file
still has the size and modification time (ns) it was compiled from — the same
check a ``.pyc`` gets, stricter — and when the bundle was made by this
interpreter's bytecode version; anything else (a changed, new or missing
module, a foreign or damaged bundle) is imported the normal way. The bundle
sits in ``.claude/hooks/``, which the protection floor makes HARD_BLOCK, like
the ``.pyc`` files it replaces.
"""

import _imp
import marshal
import os
import sys

GATING = ("PreToolUse", "Stop", "SubagentStop", "UserPromptSubmit")
#: The bundle file, in this directory.
BUNDLE = "suite.bundle"
#: Third-party packages hooks import on hot paths, compiled into the bundle
#: with the suite's own (whose list, ``playgate.suite.BUNDLED``, the builder
#: receives: hooks never read it).
BUNDLE_EXTERNAL = ("bashlex",)
_BUNDLE_TAG = b"PGBUNDLE1\n"


class BundleFinder:
    """A meta path finder and loader for the modules in :data:`BUNDLE`.

    ``index``: ``{module name: (path, is_package, st_mtime_ns, st_size,
    offset, length)}``; ``path`` is relative to ``root`` unless absolute;
    ``offset``/``length`` locate the marshalled code object after the index,
    which starts at ``base`` in the file (read with ``os.pread`` only when the
    module is imported).

    File layout: ``PGBUNDLE1\\n``, the interpreter's 4-byte bytecode magic,
    the index length (4 bytes, little-endian), the marshalled index, the
    marshalled code objects."""

    def __init__(self, root: str, fd: int, index: dict, base: int) -> None:
        self.root = root
        self.fd = fd
        self.index = index
        self.base = base

    def find_spec(self, name, path=None, target=None):
        entry = self.index.get(name)
        if entry is None:
            return None
        try:
            rel, is_package, mtime_ns, size, offset, length = entry
            origin = rel if os.path.isabs(rel) else os.path.join(self.root, rel)
            # A submodule only from the package directory being imported from.
            if path is not None and os.path.dirname(origin) not in path:
                return None
            st = os.stat(origin)
        except (OSError, TypeError, ValueError):
            return None
        if st.st_mtime_ns != mtime_ns or st.st_size != size:
            return None  # the source changed since the bundle was made
        spec = sys.modules["_frozen_importlib"].ModuleSpec(name, self, origin=origin,
                                                           is_package=is_package)
        spec.has_location = True
        spec.loader_state = (origin, self.base + offset, length)
        if is_package:
            spec.submodule_search_locations = [os.path.dirname(origin)]
        return spec

    def create_module(self, spec):
        return None

    def exec_module(self, module) -> None:
        origin, offset, length = module.__spec__.loader_state
        try:
            data = os.pread(self.fd, length, offset)
            if len(data) != length:
                raise ValueError("truncated")
            code = marshal.loads(data)
            if type(code).__name__ != "code":
                raise TypeError("not a code object")
        except (OSError, ValueError, EOFError, TypeError):
            # A damaged bundle: compile the source, as the import system would.
            from importlib.machinery import SourceFileLoader  # lazy: a damaged bundle only

            code = SourceFileLoader(module.__name__, origin).get_code(module.__name__)
        _imp._fix_co_filename(code, origin)
        exec(code, module.__dict__)


def _magic() -> bytes:
    return sys.modules["_frozen_importlib_external"].MAGIC_NUMBER


def _install_bundle(root: str) -> None:
    """Put a :class:`BundleFinder` for ``<root>/hooks/suite.bundle`` before the
    path finder; silently nothing when there is no usable bundle."""
    path = os.path.join(root, "hooks", BUNDLE)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return
    try:
        head = os.pread(fd, len(_BUNDLE_TAG) + 8, 0)
        tag_end = len(_BUNDLE_TAG)
        if head[:tag_end] != _BUNDLE_TAG or head[tag_end:tag_end + 4] != _magic():
            raise ValueError("not a bundle of this interpreter")
        size = int.from_bytes(head[tag_end + 4:tag_end + 8], "little")
        index = marshal.loads(os.pread(fd, size, tag_end + 8))
        if not isinstance(index, dict):
            raise ValueError("bad index")
    except (OSError, ValueError, EOFError, TypeError):
        os.close(fd)
        return
    finder = BundleFinder(root, fd, index, tag_end + 8 + size)
    at = len(sys.meta_path)
    for i, entry in enumerate(sys.meta_path):
        if isinstance(entry, SuiteFinder) or getattr(entry, "__name__", "") == "PathFinder":
            at = i
            break
    sys.meta_path.insert(at, finder)


def build_bundle(root: str, packages, path: str | None = None) -> str:
    """Compile every module of the suite's ``packages`` under ``root`` (and of
    :data:`BUNDLE_EXTERNAL`, wherever this interpreter finds them) into
    :data:`BUNDLE`; returns its path. For the installer, run with the hook
    interpreter (``python -m playgate.bundle``). Written atomically."""
    import importlib.util  # lazy: the installer only (the hooks read the bundle)

    modules = []
    for package in packages:
        modules += _package_sources(root, package, relative=True)
    for package in BUNDLE_EXTERNAL:
        spec = importlib.util.find_spec(package)
        if spec is not None and spec.submodule_search_locations:
            base = os.path.dirname(list(spec.submodule_search_locations)[0])
            modules += _package_sources(base, package, relative=False)
    index = {}
    blobs = []
    offset = 0
    for name, rel, origin, is_package in modules:
        st = os.stat(origin)
        blob = _cached_code(origin, st)
        if blob is None:
            with open(origin, "rb") as fh:
                source = fh.read()
            blob = marshal.dumps(compile(source, origin, "exec", dont_inherit=True))
        index[name] = (rel, is_package, st.st_mtime_ns, st.st_size, offset, len(blob))
        blobs.append(blob)
        offset += len(blob)
    head = marshal.dumps(index)
    path = path or os.path.join(root, "hooks", BUNDLE)
    data = (_BUNDLE_TAG + _magic() + len(head).to_bytes(4, "little") + head + b"".join(blobs))
    tmp = f"{path}.{os.getpid()}.tmp"
    try:
        with open(tmp, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return path


def _cached_code(origin: str, st) -> bytes | None:
    """The marshalled code object of the source ``origin`` (``st``: its
    ``os.stat``) from its ``__pycache__`` file, when that file is exactly what
    ``compile`` would give here: written by this interpreter's bytecode
    version, timestamp-checked (flags 0) against this source's modification
    time and size (the check the import system makes), and compiled under this
    path; else ``None``. install.py's compileall has just written them, so
    the bundle does not compile the suite a second time (about 0.4 s of CPU an
    install)."""
    import importlib.util  # lazy: the installer only

    try:
        with open(importlib.util.cache_from_source(origin), "rb") as fh:
            data = fh.read()
    except (OSError, ValueError):
        return None
    if (len(data) < 16 or data[:4] != importlib.util.MAGIC_NUMBER
            or int.from_bytes(data[4:8], "little") != 0
            or int.from_bytes(data[8:12], "little") != int(st.st_mtime) & 0xFFFFFFFF
            or int.from_bytes(data[12:16], "little") != st.st_size & 0xFFFFFFFF):
        return None
    try:
        code = marshal.loads(data[16:])
    except (EOFError, ValueError, TypeError):
        return None
    if getattr(code, "co_filename", None) != origin:
        return None
    return data[16:]


def bundle_current(root: str, packages) -> bool:
    """True when :data:`BUNDLE` was made by this interpreter and holds every
    module of the suite's ``packages`` exactly as its source is now (what the
    installer checks before rebuilding it)."""
    sys.meta_path[:] = [f for f in sys.meta_path if not isinstance(f, BundleFinder)]
    _install_bundle(root)
    finders = [f for f in sys.meta_path if isinstance(f, BundleFinder)]
    if not finders:
        return False
    finder = finders[0]
    wanted = set()
    for package in packages:
        wanted |= {name for name, _rel, _origin, _pkg in _package_sources(root, package, True)}
    if not wanted <= set(finder.index):
        return False
    return all(finder.find_spec(name) is not None for name in finder.index)


def _package_sources(base: str, package: str, relative: bool) -> list:
    """``[(module name, path in the index, absolute path, is_package)]``."""
    out = []
    top = os.path.join(base, package)
    for dirpath, dirnames, filenames in os.walk(top):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
        for filename in sorted(filenames):
            if not filename.endswith(".py"):
                continue
            origin = os.path.join(dirpath, filename)
            parts = os.path.relpath(origin, base)[:-3].split(os.sep)
            is_package = parts[-1] == "__init__"
            if is_package:
                parts = parts[:-1]
            rel = os.path.relpath(origin, base) if relative else origin
            out.append((".".join(parts), rel, origin, is_package))
    return out


def _suite_root() -> str:
    return os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class SuiteFinder:
    """A meta path finder for the suite's top-level packages (``events``,
    ``shell``, ``playgate``...: ``playgate.suite.PACKAGE_NAMES``): it finds
    them in the suite root ``root`` only, and finds nothing else there.
    Submodules come from their package's ``__path__`` (inside
    ``root/<package>/``, which the protection floor and the sandbox keep
    read-only) as usual; every other top-level name is left to the standard
    library and site-packages, so a module the agent writes beside the
    packages (``.claude/yaml.py``) is never found.

    Cheap on the hot path: ``root`` is listed once, and the list of package
    names (:func:`_suite_names`) is read only for a name that is there and
    not served by the module bundle first."""

    def __init__(self, root: str, names=None) -> None:
        self.root = root
        self.names = frozenset(names) if names is not None else None
        self._present = None

    def _in_root(self, name: str) -> bool:
        if self._present is None:
            try:
                listing = os.listdir(self.root)
            except OSError:
                listing = ()
            self._present = {entry.split(".", 1)[0] for entry in listing}
        return name in self._present

    def find_spec(self, name, path=None, target=None):
        if path is not None or not self._in_root(name):
            return None
        if self.names is None:
            self.names = frozenset(_suite_names(self.root))
        if name not in self.names:
            return None
        finder = sys.modules["_frozen_importlib_external"].PathFinder
        return finder.find_spec(name, [self.root], target)


def _suite_names(root: str) -> tuple:
    """The suite's package names (``playgate.suite.PACKAGE_NAMES``, the one
    list), read from ``root``'s own ``playgate/suite.py`` (a data module that
    imports only ``os`` and ``sys``) unless a ``playgate.suite`` is loaded."""
    loaded = sys.modules.get("playgate.suite")
    if loaded is not None and hasattr(loaded, "PACKAGE_NAMES"):
        return tuple(loaded.PACKAGE_NAMES)
    finder = sys.modules["_frozen_importlib_external"].PathFinder
    spec = finder.find_spec("suite", [os.path.join(root, "playgate")])
    if spec is None or spec.loader is None:
        return ()  # a damaged suite: nothing is imported from it
    namespace = {"__name__": "_playgate_suite_names", "__file__": spec.origin}
    exec(spec.loader.get_code(spec.name), namespace)
    return tuple(namespace["PACKAGE_NAMES"])


def put_on_path(root: str, drop=()) -> None:
    """Make the suite's packages importable from the suite root ``root``
    through a :class:`SuiteFinder` (before the path finder), once the
    entries in ``drop`` (absolute directories, e.g. a script's own, whose
    files would shadow the suite's modules) and ``root`` itself are taken
    off ``sys.path``: a distribution that owns a name like ``events`` cannot
    shadow the suite's, and nothing but the suite's packages is imported
    from ``root`` (a ``.claude/yaml.py`` cannot shadow PyYAML) unless a
    caller put ``root`` itself on ``sys.path`` (a script run from it passes
    it in ``drop``). Idempotent.
    The one copy of this rule: the scripts that start outside the hooks
    (``playgate/__main__.py``, ``playgate/statusline.py``,
    ``skills/post-loop/handler.py``) import this module from
    ``<root>/hooks`` first, and ``playgate.suite.put_on_path`` calls it."""
    root = os.path.abspath(root)
    if drop:
        sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") not in drop]
    if any(isinstance(f, SuiteFinder) and f.root == root for f in sys.meta_path):
        return
    finder = SuiteFinder(root)
    at = len(sys.meta_path)
    for i, entry in enumerate(sys.meta_path):
        if getattr(entry, "__name__", "") == "PathFinder":
            at = i
            break
    sys.meta_path.insert(at, finder)


def on_path(root: str) -> bool:
    """The suite root ``root`` is importable through :func:`put_on_path`."""
    root = os.path.abspath(root)
    return any(isinstance(f, SuiteFinder) and f.root == root for f in sys.meta_path)


def _project_of(root: str, env) -> str:
    """The project the hooks guard: ``$CLAUDE_PROJECT_DIR``, else the
    repository an installed suite root (``<project>/.claude``) sits in, else
    ``""``."""
    project = env.get("CLAUDE_PROJECT_DIR") or ""
    if not project and os.path.basename(root) == ".claude":
        project = os.path.dirname(root)
    return os.path.abspath(project) if project else ""


def _inside(path: str, top: str) -> bool:
    return path == top or path.startswith(top.rstrip(os.sep) + os.sep)


def import_problem(root: str, env=None) -> str:
    """Why the hooks must not import with the current ``sys.path``, or
    ``""``: an entry inside the project (``$CLAUDE_PROJECT_DIR``, read
    literally and with symbolic links resolved) that is not the hooks' own
    virtualenv ``<root>/.venv`` (HARD_BLOCK and sandbox-read-only) is a
    place the agent can write a module into, and a hook imports it with the
    user's rights outside the sandbox. An activated project virtualenv made
    the hook interpreter? Register one outside the project, or the default
    ``.claude/.venv`` (``python install.py``). An entry that does not exist
    (or names a path hook rather than a directory) is skipped. Called once
    at start-up."""
    env = os.environ if env is None else env
    project = _project_of(root, env)
    if not project:
        return ""
    tops = {project, os.path.realpath(project)}
    venv = os.path.join(os.path.abspath(root), ".venv")
    allowed = {venv, os.path.realpath(venv)}
    for entry in sys.path:
        full = os.path.abspath(entry or ".")
        if not os.path.exists(full):
            continue  # nothing to import from (or a path hook's name, not a directory)
        spellings = {full}
        if any(_inside(full, top) for top in tops) or not os.path.isabs(entry or "."):
            spellings.add(os.path.realpath(full))
        elif os.path.islink(full):
            spellings.add(os.path.realpath(full))
        for spelling in spellings:
            if any(_inside(spelling, top) for top in tops) and not any(
                    _inside(spelling, ok) for ok in allowed):
                return (f"the hook interpreter would import Python modules from {full}, inside "
                        "the project, where Claude can write files")
    return ""


class ImportPathError(Exception):
    """The hooks' import path reaches a place the agent can write
    (:func:`import_problem`); the hook fails closed."""


def _setup_path() -> None:
    root = _suite_root()
    # The script's directory, and the working directory a ``-c`` run puts
    # first (``""``): a hook imports from neither.
    if "" in sys.path:
        sys.path.remove("")
    put_on_path(root, (os.path.dirname(os.path.abspath(__file__)),))
    problem = import_problem(root)
    if problem:
        raise ImportPathError(problem)
    try:
        _install_bundle(root)
    except Exception:  # noqa: BLE001 - the bundle is only a speed-up
        pass


def exit_now(code: int) -> None:
    """End the hook process with ``code`` once its output is flushed, without
    the interpreter's finalisation.

    Tearing down the modules a hook imported costs 2–4 ms of CPU per call and
    does nothing a hook needs: every state write is already complete
    (``write_atomic`` closes and renames; logs are written with ``with``),
    locks are released by the kernel, and no hook leaves threads or atexit
    work behind. stdout and stderr — what Claude Code reads — are flushed
    first; a reader that went away is ignored, as at a normal exit."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except BaseException:  # noqa: BLE001 - a closed pipe must not change the exit code
            pass
    os._exit(code if isinstance(code, int) else 0)


def repair_hint() -> str:
    """The command that repairs this installation, for the route it took
    (only ``os``: it is printed when the suite itself cannot be loaded):
    the committed entry point of an install (``python3 .claude/playgate
    install .``, run in the repository), a checkout's ``install.py``, or the
    plugin's bootstrap. ``statefiles.layout.repair_command`` says the same
    where the suite loads."""
    suite = _suite_root()
    if os.path.basename(suite) == ".claude":
        return "python3 .claude/playgate install . (in the repository)"
    if os.path.isfile(os.path.join(suite, "install.py")):
        return f"python3 {os.path.join(suite, 'install.py')} <repo>"
    return f"python3 {os.path.join(suite, 'playgate', 'bootstrap.py')} --data <plugin data directory>"


#: Events registered for Bash only for the critic's evidence (critic-commands:
#: the exit status of a critic run's commands). Every other agent's Bash call
#: ends in :func:`run` before the runtime is loaded.
EVIDENCE_EVENTS = ("PostToolUse", "PostToolUseFailure")
#: The most of stdin read here (the runtime's own limit,
#: ``events.inputs.MAX_STDIN_BYTES``, plus one byte to detect a larger one).
STDIN_LIMIT = 5 * 1024 * 1024 + 1


def _after(data: bytes, at: int, token: bytes) -> int:
    """The index after ``token`` when it follows ``data[at:]``'s JSON
    whitespace, else ``-1``."""
    while at < len(data) and data[at] in b" \t\r\n":
        at += 1
    return at + len(token) if data.startswith(token, at) else -1


def nothing_to_record(event: str, data: bytes) -> bool:
    """True when the payload ``data`` of ``event`` (PostToolUse or
    PostToolUseFailure) can only be a tool call the runtime does nothing
    for: a **Bash** call of an agent that is **not the critic**
    (critic-commands records the critic's only; ``guards/critic_commands.py``).

    Decided on the raw bytes, without a JSON parser, and sound for any
    payload: no byte string ``critic`` anywhere (the agent type ``critic``
    or ``<plugin>:critic`` would spell it) and no ``\\u`` escape (which
    could spell it, or ``Bash``, otherwise); for PostToolUse also exactly
    one ``"tool_name"`` (an unescaped quote cannot occur inside a JSON
    string, so it is the top-level key: one that is missing makes the
    payload malformed, which this informational event ignores too) followed
    by ``: "Bash"``. Anything else, and anything unsure, takes the full
    path."""
    if b"critic" in data or b"\\u" in data:
        return False
    if event == "PostToolUseFailure":
        return True  # its chain is critic-commands alone, whatever the tool
    if event != "PostToolUse" or data.count(b'"tool_name"') != 1:
        return False
    at = _after(data, data.find(b'"tool_name"') + len(b'"tool_name"'), b":")
    return at >= 0 and _after(data, at, b'"Bash"') >= 0


def run(event: str) -> int:
    """Run the hook for ``event``; returns the exit code for ``sys.exit``.

    PostToolUse and PostToolUseFailure of a Bash call that is not the
    critic's (:func:`nothing_to_record`) end here, at the interpreter's
    floor: they are registered for Bash for the critic's evidence alone,
    and every command of every agent starts one of them."""
    data = None
    if event in EVIDENCE_EVENTS and not os.environ.get("PLAYGATE_TRACE"):
        try:
            data = sys.stdin.buffer.read(STDIN_LIMIT)
        except (OSError, ValueError):
            data = b""
        if nothing_to_record(event, data):
            return 0
    try:
        _setup_path()
        # lazy: the suite's modules once _setup_path() put it on sys.path (a failure is reported)
        from events.runtime import main
        from statefiles import layout

        # Read only without $CLAUDE_PROJECT_DIR (a payload typed by hand), so
        # a hook under Claude Code pays no stat for it.
        suite = _suite_root()
        if not os.environ.get("CLAUDE_PROJECT_DIR") and os.path.basename(
                suite) == ".claude" and os.path.isfile(os.path.join(suite, "playgate.json")):
            layout.INSTALLED_PROJECT = os.path.dirname(suite)
    except ImportPathError as exc:
        if event in GATING:
            sys.stderr.write(
                f"[playgate] {exc}; the call is blocked to stay safe. Register a hook "
                "interpreter outside the project (or the default .claude/.venv) with "
                "`python install.py <repo>`.\n")
            return 2
        return 0
    except BaseException as exc:  # noqa: BLE001 - report, never crash open
        if event in GATING:
            sys.stderr.write(
                f"[playgate] cannot load the hook runtime ({type(exc).__name__}: {exc}); "
                f"the call is blocked to stay safe. Repair the installation with "
                f"`{repair_hint()}`.\n"
            )
            return 2
        return 0
    return main(event) if data is None else main(event, data)
