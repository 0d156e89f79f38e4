#!/usr/bin/env python3
"""Set up, and start, the Python environment of the playgate plugin.

When Claude Code installs playgate as a plugin (``/plugin install``), the code
lives in ``$CLAUDE_PLUGIN_ROOT`` (replaced on every plugin update) and the
hooks need an interpreter with the runtime dependencies (pydantic, PyYAML,
bashlex, jsonschema). This script keeps one in ``$CLAUDE_PLUGIN_DATA/venv``
(the plugin's persistent data directory, which survives updates):

    python3 bootstrap.py SCRIPT [ARGS...]   make sure the environment exists, then
                                            run SCRIPT with its interpreter (exec)
    python3 bootstrap.py [--data DIR]       set it up (or check it) and report
    python3 bootstrap.py --status           report only, change nothing

``hooks/hooks.json`` runs the SessionStart hook as ``python3 bootstrap.py
hooks/session_start.py``: the first session after an install or an update of
the dependencies creates the environment (a virtualenv from PyPI, about 20 s),
every later session only reads a stamp file. Every other hook runs
``$CLAUDE_PLUGIN_DATA/venv/bin/python`` directly, so it costs nothing per call.

When the environment cannot be made (no ``python3`` 3.10+, no PyPI, a full
disk...), the SessionStart hook says so to the user and to Claude
(``systemMessage`` and ``additionalContext``, with the reason and the command
that repairs it) and the gating hooks fail closed: their commands turn a
missing interpreter into exit 2 with a message (hooks.json is generated from
settings.template.json, whose wrappers do that).

``PLAYGATE_PYTHON=/path/to/python`` uses an interpreter that already has the
dependencies instead of PyPI (offline machines, tests): the environment is
then a virtualenv of that interpreter that sees its site-packages.

Also written into the environment: a ``.pth`` file that puts the plugin root
on its ``sys.path`` (so ``$CLAUDE_PLUGIN_DATA/venv/bin/python -m playgate``
works) and ``venv/bin/playgate``, a launcher for the command-line tool.
The plugin's modules are compiled, and the bashlex parser tables and the
module bundle built, when the plugin root is writable (they only speed the
hooks up).

Standard library only, and no syntax newer than Python 3.6, so that an old
``python3`` can still say that it is too old. Every subprocess is bounded.
"""

import json
import os
import sys
import time

MIN_PYTHON = (3, 10)
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
#: The environment, under the data directory.
VENV = "venv"
#: What the environment was made from (requirements, interpreter, plugin root).
STAMP = "playgate-env.json"
LOCK = ".playgate-env.lock"

VENV_TIMEOUT = 300
PIP_TIMEOUT = 900
PROBE_TIMEOUT = 60
COMPILE_TIMEOUT = 300
LOCK_TIMEOUT = 1200


class SetupError(Exception):
    """The environment could not be made. One line: what, why, what to do."""


def data_dir(explicit=None, env=None):
    """The plugin data directory: ``explicit``, else ``$CLAUDE_PLUGIN_DATA``.

    Raises:
        SetupError: neither is set.
    """
    env = os.environ if env is None else env
    value = explicit or env.get("CLAUDE_PLUGIN_DATA") or ""
    if not value:
        raise SetupError("CLAUDE_PLUGIN_DATA is not set (Claude Code sets it for plugin "
                         "hooks); run this with --data DIR, the plugin's data directory")
    return os.path.abspath(os.path.expanduser(value))


def venv_python(data):
    """Path of the plugin environment's interpreter under the data directory ``data``
    (``<data>/venv/bin/python``; it may not exist yet)."""
    return os.path.join(data, VENV, "bin", "python")


def _requirements():
    sys.path.insert(0, ROOT)
    try:
        from playgate import REQUIREMENTS  # lazy: the plugin root is on sys.path only here
    finally:
        sys.path.remove(ROOT)
    return list(REQUIREMENTS)


def wanted(env=None, root=None):
    """The stamp the environment must carry: ``{"requirements", "base",
    "root"}``. ``base`` is the interpreter it is made from (``PLAYGATE_PYTHON``
    or this one); ``root`` the plugin root (default: the one holding this file)."""
    env = os.environ if env is None else env
    base = env.get("PLAYGATE_PYTHON") or sys.executable
    return {"requirements": _requirements(), "base": os.path.abspath(base),
            "root": root or ROOT}


def read_stamp(data):
    """The stamp of the environment in ``data`` or ``None``."""
    try:
        with open(os.path.join(data, VENV, STAMP), encoding="utf-8") as fh:
            value = json.load(fh)
    except (OSError, ValueError):
        return None
    return value if isinstance(value, dict) else None


def is_ready(data, env=None, root=None):
    """True when ``data/venv`` exists for these requirements and this plugin
    root (two file reads: this is the SessionStart fast path)."""
    stamp = read_stamp(data)
    if stamp is None or not os.path.exists(venv_python(data)):
        return False
    want = wanted(env, root)
    return (stamp.get("requirements") == want["requirements"]
            and stamp.get("root") == want["root"]
            and (not (env or os.environ).get("PLAYGATE_PYTHON")
                 or stamp.get("base") == want["base"]))


def _install_module():
    """The installer package of this plugin root (:mod:`playgate.installer`:
    the bounded subprocess runner and the interpreter probe are shared with
    it) and :mod:`playgate.suite` (what the suite consists of)."""
    here = os.path.join(ROOT, "playgate")
    # Run as a script, this file's own directory is sys.path[0]: the
    # playgate/ modules must not be importable as top-level names.
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != here]
    if ROOT not in sys.path:
        sys.path.insert(0, ROOT)
    # lazy: Python 3.10+ code, imported only after the version check (and only
    # when the environment is built: the SessionStart fast path never is)
    import playgate.installer
    import playgate.suite

    return playgate.installer, playgate.suite


def _run(inst, argv, timeout, what, **kwargs):
    try:
        code, out, err = inst.bounded(argv, timeout, **kwargs)
    except OSError as exc:
        raise SetupError("%s: cannot run %s (%s)" % (what, argv[0], exc.strerror or exc)) \
            from None
    if code is None:
        raise SetupError("%s did not finish within %d s" % (what, timeout))
    if code != 0:
        text = (out + err).decode("utf-8", "replace")
        raise SetupError("%s failed: %s" % (what, inst.tail(text, 4)))
    return out


class _Lock:
    """An exclusive lock on ``data/.playgate-env.lock`` (two sessions starting
    at once build the environment once)."""

    def __init__(self, data):
        self.path = os.path.join(data, LOCK)
        self.fh = None

    def __enter__(self):
        # lazy: only a build takes the lock; the SessionStart fast path
        # (is_ready: two file reads) never does
        import fcntl
        self.fh = open(self.path, "a")
        deadline = time.monotonic() + LOCK_TIMEOUT
        while True:
            try:
                fcntl.flock(self.fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return self
            except OSError:
                if time.monotonic() > deadline:
                    raise SetupError("another process has been setting up the environment "
                                     "for %d s (lock %s)" % (LOCK_TIMEOUT, self.path)) from None
                time.sleep(0.2)

    def __exit__(self, *exc):
        import fcntl  # lazy: see __enter__

        try:
            fcntl.flock(self.fh, fcntl.LOCK_UN)
        finally:
            self.fh.close()


def _site_packages(python, inst):
    out = _run(inst, [python, "-c", "import sysconfig, json; print(json.dumps("
                      "[sysconfig.get_path('purelib'), sysconfig.get_path('platlib')]))"],
               PROBE_TIMEOUT, "asking %s for its site-packages" % python)

    return [p for p in dict.fromkeys(json.loads(out.decode("utf-8"))) if p]


def _write(path, text, mode=0o644):
    tmp = "%s.tmp-%d" % (path, os.getpid())
    with open(tmp, "w", encoding="utf-8") as fh:
        fh.write(text)
    os.chmod(tmp, mode)
    os.replace(tmp, path)


def build(data, env=None, out=None):
    """Create (or re-create) ``data/venv`` and stamp it. Returns the
    interpreter path.

    The new environment is built beside the old one and moved into place
    when complete, so a build that fails or is killed leaves the previous
    environment (or none) — never a half-made one — under ``venv/``.

    Raises:
        SetupError: with the reason and what to do.
    """
    import shutil  # lazy: building only (the SessionStart fast path never gets here)

    env = os.environ if env is None else env
    out = out or (lambda line: sys.stderr.write(line + "\n"))
    want = wanted(env)
    inst, suite = _install_module()
    os.makedirs(data, exist_ok=True)
    with _Lock(data):
        if is_ready(data, env):
            return venv_python(data)
        stamp = read_stamp(data)
        final = os.path.join(data, VENV)
        python = venv_python(data)
        reuse = (stamp is not None and os.path.exists(python)
                 and stamp.get("requirements") == want["requirements"]
                 and stamp.get("base") == want["base"])
        if not reuse:
            new = os.path.join(data, "%s.new-%d" % (VENV, os.getpid()))
            shutil.rmtree(new, ignore_errors=True)
            try:
                _make_venv(new, want, env, inst, out)
            except BaseException:
                shutil.rmtree(new, ignore_errors=True)
                raise
            old = os.path.join(data, "%s.old-%d" % (VENV, os.getpid()))
            if os.path.lexists(final):
                os.replace(final, old)
            os.replace(new, final)
            shutil.rmtree(old, ignore_errors=True)
        _link_root(data, inst)
        _speed_up(python, inst, suite, out)
        _write(os.path.join(final, STAMP), json.dumps(want, indent=2) + "\n")
        return python


def _make_venv(path, want, env, inst, out):
    base = want["base"]
    given = bool(env.get("PLAYGATE_PYTHON"))
    requirements = want["requirements"]
    if given:
        out("playgate: making %s from %s (PLAYGATE_PYTHON) ..." % (path, base))
        try:
            info = inst.probe_python(base, requirements)
        except inst.Refusal as exc:
            raise SetupError("PLAYGATE_PYTHON=%s cannot be used: %s"
                             % (base, str(exc).replace("--python %s: " % base, ""))) from None
        version = tuple(info.get("version") or ())
        if version and version < MIN_PYTHON:
            raise SetupError("PLAYGATE_PYTHON %s is Python %s; the hooks need %d.%d or newer"
                             % (base, ".".join(map(str, version)), MIN_PYTHON[0],
                                MIN_PYTHON[1]))
        missing = [name for name, found in sorted((info.get("modules") or {}).items())
                   if "error" in found]
        if missing:
            raise SetupError("PLAYGATE_PYTHON %s lacks %s; install them into it or unset "
                             "PLAYGATE_PYTHON to use PyPI" % (base, ", ".join(missing)))
        _run(inst, [base, "-m", "venv", "--without-pip", path], VENV_TIMEOUT,
             "python -m venv")
        python = os.path.join(path, "bin", "python")
        own = _site_packages(python, inst)[0]
        _write(os.path.join(own, "playgate-base.pth"),
               "".join(p + "\n" for p in _site_packages(base, inst)))
    else:
        out("playgate: setting up the plugin's Python environment in %s (%s from PyPI; "
            "first run only) ..." % (path, ", ".join(requirements)))
        _run(inst, [base, "-m", "venv", path], VENV_TIMEOUT,
             "python -m venv (on Debian/Ubuntu install python3-venv, or set PLAYGATE_PYTHON)")
        python = os.path.join(path, "bin", "python")
        _run(inst, [python, "-m", "pip", "install", "--disable-pip-version-check", "--no-input",
                    "-q", "--timeout", "30"] + requirements, PIP_TIMEOUT,
             "pip install from PyPI (check the network or PIP_INDEX_URL, or set "
             "PLAYGATE_PYTHON to an interpreter that has the dependencies)")
    _run(inst, [python, "-c", "import pydantic, yaml, bashlex, jsonschema"], PROBE_TIMEOUT,
         "importing the dependencies in the new environment")


def _link_root(data, inst):
    """The ``.pth`` that makes ``venv/bin/python -m playgate`` work, and the
    ``venv/bin/playgate`` launcher; both name the current plugin root."""
    python = venv_python(data)
    own = _site_packages(python, inst)[0]
    _write(os.path.join(own, "playgate-plugin-root.pth"), ROOT + "\n")
    import shlex  # lazy: building only

    launcher = os.path.join(data, VENV, "bin", "playgate")
    _write(launcher, "#!/bin/sh\nexec %s -m playgate \"$@\"\n" % shlex.quote(python), 0o755)


def _speed_up(python, inst, suite, out):
    """Compile the plugin's modules, build the bashlex tables and the module
    bundle (``hooks/suite.bundle``), all with the hook interpreter,
    when the plugin root is writable — the steps install.py takes in
    ``.claude/``. Hooks run without them, only slower (a stale or foreign
    bundle is ignored module by module), so a failure is a note."""
    if not os.access(ROOT, os.W_OK):
        return
    packages = [os.path.join(ROOT, p) for p in suite.PACKAGE_NAMES
                if os.path.isdir(os.path.join(ROOT, p))]
    for argv, what in (([python, "-m", "compileall", "-q"] + packages, "compileall"),
                       ([python, "-m", "shell.bashparse"], "building the bashlex tables"),
                       ([python, "-m", "playgate.bundle"] + list(suite.BUNDLED),
                        "building the module bundle")):
        try:
            _run(inst, argv, COMPILE_TIMEOUT, what, cwd=ROOT)
        except SetupError as exc:
            out("playgate: note: %s" % exc)


# ----------------------------------------------------------------------- hook mode


def session_start_failure(reason, data=None):
    """The SessionStart answer when the environment cannot be made: one JSON
    object for the user (``systemMessage``) and Claude (``additionalContext``)."""
    repair = "python3 %s/playgate/bootstrap.py" % ROOT
    if data:
        repair += " --data %s" % data
    user = ("playgate: the plugin's Python environment could not be set up (%s), so every "
            "tool call will be blocked until it exists. Fix the cause, then run: %s (or start "
            "a new session)." % (reason, repair))
    claude = ("The playgate hooks cannot run: their Python environment could not be set up "
              "(%s). Tool calls will be blocked. Tell the user, who can repair it with: %s"
              % (reason, repair))
    return json.dumps({"systemMessage": user,
                       "hookSpecificOutput": {"hookEventName": "SessionStart",
                                              "additionalContext": claude}})


def run_hook(script, args, env=None):
    """Hook mode: make sure the environment exists, then ``exec`` its
    interpreter on ``script`` (stdin, which this process never reads, goes
    to it unchanged). On failure print :func:`session_start_failure` and
    return 0 (SessionStart cannot block; the gating hooks fail closed)."""
    env = os.environ if env is None else env
    data = None
    try:
        if sys.version_info < MIN_PYTHON:
            raise SetupError("python3 on PATH is %s (%s); playgate needs Python %d.%d or newer"
                             % (sys.version.split()[0], sys.executable, MIN_PYTHON[0],
                                MIN_PYTHON[1]))
        data = data_dir(env=env)
        python = venv_python(data) if is_ready(data, env) else build(data, env)
    except SetupError as exc:
        sys.stdout.write(session_start_failure(str(exc), data) + "\n")
        return 0
    except Exception as exc:  # noqa: BLE001 - say why instead of failing silently
        sys.stdout.write(session_start_failure("%s: %s" % (type(exc).__name__, exc), data)
                         + "\n")
        return 0
    sys.stdout.flush()
    os.execv(python, [python, script] + list(args))
    return 0  # pragma: no cover - execv does not return


def main(argv=None):
    """The command line (``argv``, default ``sys.argv[1:]``; see the module docstring):
    ``SCRIPT [ARGS...]`` execs the script with the environment's interpreter; otherwise set
    the environment up (or report with ``--status``). Exit 0 ready, 1 not ready
    (``--status``), a Python older than :data:`MIN_PYTHON` or a failed set-up, 2 ``--data``
    without a directory."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and not argv[0].startswith("-"):
        return run_hook(argv[0], argv[1:])
    if "-h" in argv or "--help" in argv:
        sys.stdout.write(__doc__)
        return 0
    if sys.version_info < MIN_PYTHON:
        sys.stderr.write("playgate: this is Python %s; the plugin needs Python %d.%d or newer "
                         "as python3\n" % (sys.version.split()[0], MIN_PYTHON[0], MIN_PYTHON[1]))
        return 1
    explicit = None
    if "--data" in argv:
        at = argv.index("--data")
        if at + 1 >= len(argv):
            sys.stderr.write("playgate: --data needs a directory\n")
            return 2
        explicit = argv[at + 1]
    try:
        data = data_dir(explicit)
        if "--status" in argv:
            ready = is_ready(data)
            sys.stdout.write("playgate plugin environment: %s (%s)\n"
                             % (venv_python(data), "ready" if ready else "not set up"))
            return 0 if ready else 1
        python = build(data)
    except SetupError as exc:
        sys.stderr.write("playgate: %s\n" % exc)
        return 1
    sys.stdout.write("playgate plugin environment ready: %s\n"
                     "command-line tool: %s\n" % (python, os.path.join(data, VENV, "bin",
                                                                      "playgate")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
