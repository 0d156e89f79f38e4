#!/usr/bin/env python3
"""Install the playgate hook suite into a git repository's ``.claude/``.

    python install.py /path/to/repo                  install (creates .claude/.venv from PyPI)
    python install.py --python PATH /path/to/repo    use an interpreter that has the dependencies
    python install.py --dry-run /path/to/repo        print the plan, write nothing
    python install.py --uninstall /path/to/repo      remove exactly what the install added
    python install.py --demo [DIR]                   replay a scripted session in a throw-away repo

What an install does (issue 2, SPEC §1), in this order, and what it records
in ``.claude/playgate.json`` (the install manifest: every file with its
SHA-256, the settings entries and .gitignore lines it added, its backups):

1. checks the target (a git work tree's top level, writable) and the
   interpreter (Python >= 3.10 with the runtime dependencies in the ranges
   pyproject.toml pins) and refuses with a one-line reason otherwise (exit 2);
2. creates ``.claude/.venv`` and installs the runtime dependencies into it
   (skipped with ``--python``);
3. copies the suite (:data:`SUITE_PACKAGES`, ``skills/<name>/``,
   ``agents/*.md``) into ``.claude/``, the playbook templates into
   ``play/template/``, ``protected-files.txt`` into ``.claude/`` and
   ``templates/state.md`` to ``state.md`` when there is none;
4. compiles the bytecode of everything it copied with the hook interpreter;
5. merges the hook registrations and baseline permissions of
   ``settings.template.json`` into ``.claude/settings.json``;
6. adds the suite's runtime state to ``.gitignore``.

File policy (never clobber a user's work):

* suite code (packages, skills, agents) is the suite's: a copy the user
  edited is backed up, then replaced (re-running install is the repair);
* ``.claude/protected-files.txt`` and ``play/template/*`` are meant to be
  edited: an edited copy is kept, and the installer says when the suite's
  default has changed so the user can merge by hand;
* ``state.md`` is created only when absent and never touched afterwards.

Backups of everything a run changes that it did not write itself go to
``.claude/.playgate-backup/<time>/``. A second run with nothing to do changes
nothing and says so. ``--uninstall`` removes what the manifest lists, restores
settings.json and .gitignore (byte for byte when nobody changed them since),
and keeps — and names — any file the user changed since the install.

This file must stay importable by old interpreters far enough to say that
they are too old: no syntax newer than Python 3.6 (annotations are evaluated
only after the version check, on 3.10+).
"""

import sys

MIN_PYTHON = (3, 10)

if sys.version_info < MIN_PYTHON:  # pragma: no cover - exercised with old interpreters
    sys.stderr.write(
        f"playgate: refused: install.py needs Python {MIN_PYTHON[0]}.{MIN_PYTHON[1]} or newer, "
        f"and this is Python {sys.version.split()[0]} ({sys.executable}). Run it with a newer "
        "interpreter, e.g. python3.11 install.py ...\n"
    )
    sys.exit(2)

import argparse  # noqa: E402 - after the version check on purpose
import copy  # noqa: E402
import hashlib  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import re  # noqa: E402
import shlex  # noqa: E402
import shutil  # noqa: E402
import signal  # noqa: E402
import subprocess  # noqa: E402
import tempfile  # noqa: E402
import textwrap  # noqa: E402
import time  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

# The suite's atomic write (os-only, no dependencies) from this checkout.
sys.path.insert(0, HERE)
from statefiles.atomic import write_atomic  # noqa: E402
# Requirement ranges and the interpreter probe, shared with `playgate doctor`
# (standard library only).
from playgate import versions  # noqa: E402
from playgate.versions import satisfies as version_satisfies  # noqa: E402,F401 (public name)

#: The suite's Python packages, copied to ``<repo>/.claude/<name>/``. The one
#: list of what the installed suite's code consists of: add a package here.
SUITE_PACKAGES = ("hooks", "events", "guards", "statefiles", "shell", "permission", "messages",
                  "playgate")
#: Source directories installed when they exist: ``skills/<name>/`` →
#: ``.claude/skills/<name>/`` and ``agents/*.md`` → ``.claude/agents/``.
SKILLS_SOURCE = "skills"
AGENTS_SOURCE = "agents"

CLAUDE = ".claude"
SETTINGS = ".claude/settings.json"
MANIFEST = ".claude/playgate.json"
BACKUP_DIR = ".claude/.playgate-backup"
VENV = ".claude/.venv"
PROTECTED = ".claude/protected-files.txt"
STATE_MD = "state.md"
PLAY_TEMPLATE = "play/template"
MANIFEST_FORMAT = 1

#: How hook commands name the interpreter and the suite in an install (the
#: plugin of issue 11 fills the same placeholders with ``${CLAUDE_PLUGIN_ROOT}``).
VENV_PYTHON = '"$CLAUDE_PROJECT_DIR"/.claude/.venv/bin/python'
SUITE_DIR = '"$CLAUDE_PROJECT_DIR"/.claude'

#: Written by the hooks at run time; ignored by git and removed by --uninstall
#: (unless they existed before the install).
RUNTIME_DIRS = (".claude/.session-init", ".claude/session-state", ".claude/.cache")
#: Hook-written records: kept by --uninstall when not empty (they are the
#: user's audit trail), with a note.
LOG_DIR = ".claude/logs"
GITIGNORE_ENTRIES = (
    ".claude/.venv/",
    ".claude/.session-init/",
    ".claude/session-state/",
    ".claude/logs/",
    ".claude/.cache/",
    ".claude/**/__pycache__/",
    # derived, per interpreter (built by the install: bundle and parser tables)
    ".claude/hooks/suite.bundle*",
    ".claude/shell/bashlex_tables.marshal*",
    ".claude/.playgate-backup/",
    ".claude/playgate.json",
    # The personal permission layer (like Claude Code's settings.local.json)
    # and the team workflow's timeline and signals are per-checkout state.
    ".claude/permission-config.local.yaml",
    ".claude/state/",
)
GITIGNORE_BEGIN = ("# >>> playgate: hook runtime state "
                   "(python install.py --uninstall removes this block)")
GITIGNORE_END = "# <<< playgate"


#: Policies of installed files (see the module docstring).
SUITE, EDITABLE, ONCE = "suite", "editable", "once"

#: Bounds on the subprocesses the installer starts, in seconds.
PROBE_TIMEOUT = 120
VENV_TIMEOUT = 300
PIP_TIMEOUT = 900
COMPILE_TIMEOUT = 300
GIT_TIMEOUT = 60

_SKIP_NAMES = frozenset({"__pycache__", ".DS_Store"})
#: Files a source tree may hold that are generated, never copied: the bashlex
#: parser tables (and their temporary files) a development run left in
#: ``shell/``; the install builds its own with the hook interpreter.
_SKIP_PREFIXES = ("bashlex_tables.marshal", "suite.bundle")
#: The bashlex parser tables the install builds (``python -m shell.bashparse``
#: in ``.claude/``; see shell/bashparse.py), recorded as derived.
BASHLEX_TABLES = ".claude/shell/bashlex_tables.marshal"
#: Bound on building them, in seconds (about 0.3 s; a loaded machine is slower).
TABLES_TIMEOUT = 300
#: The compiled suite in one file (``python -m statefiles.bundle`` in
#: ``.claude/``; see hooks/_bootstrap.py), recorded as derived.
SUITE_BUNDLE = ".claude/hooks/suite.bundle"


class Refusal(Exception):
    """A precondition failed; nothing was written. One line: what and how to fix."""


class InstallError(Exception):
    """A step failed after the install started; the manifest records what was done."""


# ----------------------------------------------------------------- small helpers


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _read(path: str) -> "bytes | None":
    try:
        with open(path, "rb") as fh:
            return fh.read()
    except FileNotFoundError:
        return None
    except IsADirectoryError:
        raise Refusal(f"{path} is a directory where playgate installs a file; move it away "
                      "and run again") from None


def _write(path: str, data: bytes, mode: "int | None" = None, durable: bool = False) -> None:
    """Write ``data`` to ``path`` atomically (the suite's own
    :func:`statefiles.atomic.write_atomic`), creating parents, with exactly
    ``mode`` (default 0o644; set after the write so the umask cannot change
    it — --uninstall restores modes too). ``durable``: fsync first (files
    the user owns and the manifest)."""
    mode = 0o644 if mode is None else mode
    write_atomic(path, data, durable=durable, mode=mode)
    os.chmod(path, mode)


def _join(root: str, rel: str) -> str:
    return os.path.join(root, *rel.split("/"))


def _rel_parents(rel: str) -> list:
    """``a/b/c.txt`` → ``["a", "a/b"]``."""
    parts = rel.split("/")[:-1]
    return ["/".join(parts[: i + 1]) for i in range(len(parts))]


def bounded(argv: list, timeout: float, data: "bytes | None" = None, **kwargs) -> tuple:
    """Run ``argv`` in its own process group with ``data`` on stdin (or no
    stdin); after ``timeout`` seconds the whole group is killed (SAFETY: every
    subprocess is bounded). Returns ``(returncode or None on timeout, stdout,
    stderr)`` as bytes. Raises OSError when ``argv[0]`` cannot be started."""
    proc = subprocess.Popen(argv, stdin=subprocess.PIPE if data is not None else subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True, **kwargs)
    try:
        out, err = proc.communicate(data, timeout=timeout)
        return proc.returncode, out, err
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except OSError:
            pass
        out, err = proc.communicate()
        return None, out, err


def run_bounded(argv: list, timeout: float, **kwargs) -> subprocess.CompletedProcess:
    """:func:`bounded` for the installer's own steps.

    Raises:
        InstallError: on timeout, or when ``argv[0]`` cannot be started.
    """
    try:
        code, out, err = bounded(argv, timeout, **kwargs)
    except OSError as exc:
        raise InstallError(f"cannot run {argv[0]}: {exc.strerror or exc}") from None
    if code is None:
        raise InstallError(f"{' '.join(argv[:3])} ... did not finish within {timeout:g} s")
    return subprocess.CompletedProcess(argv, code, out, err)


def _tail(text: str, lines: int = 6) -> str:
    rows = [r for r in (text or "").strip().splitlines() if r.strip()]
    return " | ".join(rows[-lines:])


# ------------------------------------------------------------ requirements


def read_requirements(pyproject: "str | None" = None) -> list:
    """The runtime requirements (``["pydantic>=2.7,<3", ...]``) from the
    ``[project] dependencies`` array of pyproject.toml, the single place their
    ranges are pinned.

    Python 3.10 has no ``tomllib`` and the installer must run without
    third-party packages, so this reads that one array with a minimal scanner
    (double- or single-quoted strings, comments, several lines); the tests
    check it against ``tomllib``.

    Raises:
        Refusal: when the array is missing or empty.
    """
    path = pyproject or os.path.join(HERE, "pyproject.toml")
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except OSError as exc:
        raise Refusal(f"cannot read {path}: {exc.strerror}; run install.py from a complete "
                      "playgate checkout") from None
    table = None
    collecting = False
    chunks = []
    for raw in text.splitlines():
        line = _strip_toml_comment(raw).strip()
        if not collecting:
            if line.startswith("[") and not line.startswith("[["):
                table = line.strip("[]").strip()
                continue
            if table == "project" and re.match(r"dependencies\s*=", line):
                collecting = True
                line = line.split("=", 1)[1].strip()
            else:
                continue
        chunks.append(line)
        if "]" in line:
            break
    items = [a or b for a, b in re.findall(r'"([^"]*)"|\'([^\']*)\'', " ".join(chunks))]
    items = [i.strip() for i in items if i.strip()]
    if not items:
        raise Refusal(f"no [project] dependencies found in {path}")
    return items


def _strip_toml_comment(line: str) -> str:
    quote = None
    for i, ch in enumerate(line):
        if quote:
            if ch == quote:
                quote = None
        elif ch in "\"'":
            quote = ch
        elif ch == "#":
            return line[:i]
    return line


# ------------------------------------------------------------ interpreter checks

def probe_python(python: str, requirements: list) -> dict:
    """Ask ``python`` for its version, bytecode tag and the versions of the
    runtime dependencies. Returns the probe's JSON as a dict.

    Raises:
        Refusal: the interpreter cannot be run or does not answer.
    """
    try:
        proc = run_bounded([python, "-c", versions.probe_code(requirements)], PROBE_TIMEOUT,
                           cwd=tempfile.gettempdir())
    except InstallError as exc:
        raise Refusal(f"--python {python}: {exc}") from None
    try:
        info = json.loads(proc.stdout.decode("utf-8", "replace").strip() or "null")
    except ValueError:
        info = None
    if not isinstance(info, dict):
        raise Refusal(f"--python {python} is not a working Python interpreter (exit "
                      f"{proc.returncode}: {_tail(proc.stderr.decode('utf-8', 'replace'), 2)})")
    return info


def check_interpreter(python: str, requirements: list, what: str = "--python") -> dict:
    """Refuse unless ``python`` is Python >= 3.10 and imports every runtime
    dependency in the pinned range. Returns the probe info.

    Raises:
        Refusal: with the fix (install the dependencies, or drop ``--python``).
    """
    info = probe_python(python, requirements)
    version = tuple(info.get("version") or ())
    if version < MIN_PYTHON:
        raise Refusal(f"{what} {python} is Python {'.'.join(map(str, version)) or '?'}; the "
                      f"hooks need Python {MIN_PYTHON[0]}.{MIN_PYTHON[1]} or newer")
    problems = versions.problems(info, requirements)
    if problems:
        quoted = " ".join(shlex.quote(r) for r in requirements)
        raise Refusal(f"{what} {python}: {', '.join(problems)}. Fix: {shlex.quote(python)} -m "
                      f"pip install {quoted} (or leave out --python to get a .claude/.venv)")
    return info


# ------------------------------------------------------------------ targets


def git_toplevel(path: str) -> "str | None":
    """The top level of the git work tree containing ``path``, or ``None``."""
    try:
        proc = run_bounded(["git", "-C", path, "rev-parse", "--show-toplevel"], GIT_TIMEOUT)
    except InstallError as exc:
        if "cannot run git" in str(exc):
            raise Refusal("git is not installed or not on PATH; playgate needs git") from None
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
        raise Refusal(f"{repo} is not a directory")
    top = git_toplevel(path)
    if top is None:
        raise Refusal(f"{path} is not a git work tree (run `git init` there first, or name "
                      "the repository's top-level directory)")
    if top != path:
        raise Refusal(f"{path} is inside the git work tree {top}; install into its top level: "
                      f"python install.py {shlex.quote(top)}")
    for rel in ("", CLAUDE, "play"):
        target = _join(path, rel) if rel else path
        if os.path.isdir(target) and not os.access(target, os.W_OK | os.X_OK):
            raise Refusal(f"{target} is not writable by this user; fix its permissions or run "
                          "install.py as its owner")
    return path


class _RepoLock:
    """An exclusive ``flock`` on the repository directory itself, so two
    installers never interleave; it leaves no file behind."""

    def __init__(self, repo: str) -> None:
        self.repo = repo
        self.fd = None

    def __enter__(self):
        try:
            import fcntl
        except ImportError:  # pragma: no cover - not POSIX
            return self
        try:
            self.fd = os.open(self.repo, os.O_RDONLY)
            fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(self.fd)
            self.fd = None
            raise Refusal(f"another install.py is working on {self.repo}; wait for it to "
                          "finish") from None
        except OSError:
            pass
        return self

    def __exit__(self, *exc) -> None:
        if self.fd is not None:
            os.close(self.fd)


# ------------------------------------------------------------------ manifest


def load_manifest(repo: str) -> "dict | None":
    """The install manifest, or ``None`` when the suite was not installed by
    this installer. Raises Refusal when it exists but cannot be read."""
    data = _read(_join(repo, MANIFEST))
    if data is None:
        return None
    try:
        manifest = json.loads(data.decode("utf-8"))
    except ValueError as exc:
        raise Refusal(f"{MANIFEST} is not valid JSON ({exc}); restore it from git or a "
                      "backup, or delete it to install afresh") from None
    if not isinstance(manifest, dict) or manifest.get("format") != MANIFEST_FORMAT:
        raise Refusal(f"{MANIFEST} has an unknown format; this install.py writes format "
                      f"{MANIFEST_FORMAT}")
    return manifest


def _empty_manifest() -> dict:
    return {"format": MANIFEST_FORMAT, "files": {}, "derived": [], "dirs": [],
            "backups": [], "venv": {"created": False}, "runtime_preexisting": [],
            "settings": None, "gitignore": None}


# ------------------------------------------------------------------ sources


def _walk(top: str) -> list:
    """``[(abs, rel)]`` of every file under ``top`` (sorted, caches skipped)."""
    found = []
    for dirpath, dirnames, filenames in os.walk(top):
        dirnames[:] = sorted(d for d in dirnames if d not in _SKIP_NAMES)
        for name in sorted(filenames):
            if (name in _SKIP_NAMES or name.endswith((".pyc", ".pyo"))
                    or name.startswith(_SKIP_PREFIXES)):
                continue
            src = os.path.join(dirpath, name)
            found.append((src, os.path.relpath(src, top).replace(os.sep, "/")))
    return found


def suite_sources(source: str = HERE) -> list:
    """Every file the install places: ``[(dest_rel, src_abs, policy)]``."""
    items = []
    for pkg in SUITE_PACKAGES:
        top = os.path.join(source, pkg)
        if not os.path.isdir(top):
            raise Refusal(f"the suite package {pkg}/ is missing from {source}; run install.py "
                          "from a complete playgate checkout")
        items += [(f"{CLAUDE}/{pkg}/{rel}", src, SUITE) for src, rel in _walk(top)]
    skills = os.path.join(source, SKILLS_SOURCE)
    if os.path.isdir(skills):
        for name in sorted(os.listdir(skills)):
            if name not in _SKIP_NAMES and os.path.isdir(os.path.join(skills, name)):
                items += [(f"{CLAUDE}/skills/{name}/{rel}", src, SUITE)
                          for src, rel in _walk(os.path.join(skills, name))]
    agents = os.path.join(source, AGENTS_SOURCE)
    if os.path.isdir(agents):
        for name in sorted(os.listdir(agents)):
            if name.endswith(".md") and os.path.isfile(os.path.join(agents, name)):
                items.append((f"{CLAUDE}/agents/{name}", os.path.join(agents, name), SUITE))
    items += [(f"{PLAY_TEMPLATE}/{rel}", src, EDITABLE)
              for src, rel in _walk(os.path.join(source, "templates", "play"))]
    items.append((PROTECTED, os.path.join(source, "protected-files.txt"), EDITABLE))
    items.append((STATE_MD, os.path.join(source, "templates", "state.md"), ONCE))
    return items


# ------------------------------------------------------------------ settings


def render_settings(python_cmd: str, suite_dir: str, source: str = HERE) -> dict:
    """settings.template.json with ``{{PYTHON}}``/``{{SUITE}}`` filled in.

    Args:
        python_cmd: the interpreter as a shell word (quoted as needed), e.g.
            ``"$CLAUDE_PROJECT_DIR"/.claude/.venv/bin/python``.
        suite_dir: the directory holding ``hooks/`` as a shell word.
    """
    with open(os.path.join(source, "settings.template.json"), encoding="utf-8") as fh:
        text = fh.read()
    python_json = json.dumps(python_cmd)[1:-1]
    suite_json = json.dumps(suite_dir)[1:-1]
    return json.loads(text.replace("{{PYTHON}}", python_json).replace("{{SUITE}}", suite_json))


def entrypoint_names(source: str = HERE) -> set:
    """Entrypoint script stems (``pre_tool_use``...) the template registers or
    ``hooks/`` ships."""
    with open(os.path.join(source, "settings.template.json"), encoding="utf-8") as fh:
        names = set(re.findall(r"\{\{SUITE\}\}/hooks/(\w+)\.py", fh.read()))
    hooks = os.path.join(source, "hooks")
    names |= {n[:-3] for n in os.listdir(hooks) if n.endswith(".py") and not n.startswith("_")}
    return names


def _ours(repo: str, commands, names) -> "callable":
    """Predicate recognising the suite's own hook handlers: a command recorded
    in the manifest, or one that runs ``.claude/hooks/<entrypoint>.py`` of this
    project (however the interpreter is spelled), so a re-install replaces an
    earlier registration instead of adding a second one."""
    root = r"(?:\$CLAUDE_PROJECT_DIR|\$\{CLAUDE_PROJECT_DIR\}|" + re.escape(repo) + ")"
    pattern = re.compile(root + r"[\"']?/\.claude/hooks/(?:" +
                         "|".join(sorted(map(re.escape, names))) + r")\.py\b")
    known = set(commands or ())

    def ours(handler) -> bool:
        command = handler.get("command") if isinstance(handler, dict) else None
        return isinstance(command, str) and (command in known or bool(pattern.search(command)))

    return ours


def _check_settings_shape(settings) -> None:
    if not isinstance(settings, dict):
        raise Refusal(f"{SETTINGS} is not a JSON object; fix it or move it away")
    hooks = settings.get("hooks", {})
    if not isinstance(hooks, dict):
        raise Refusal(f"{SETTINGS}: 'hooks' is not an object; fix it or move the file away")
    for event, groups in hooks.items():
        if not isinstance(groups, list) or not all(isinstance(g, dict) for g in groups):
            raise Refusal(f"{SETTINGS}: hooks.{event} is not a list of matcher groups; fix it")
        for group in groups:
            if "hooks" in group and not isinstance(group["hooks"], list):
                raise Refusal(f"{SETTINGS}: a hooks.{event} group's 'hooks' is not a list; fix it")
    perms = settings.get("permissions", {})
    if not isinstance(perms, dict):
        raise Refusal(f"{SETTINGS}: 'permissions' is not an object; fix it")
    for kind in ("allow", "ask", "deny"):
        if kind in perms and not isinstance(perms[kind], list):
            raise Refusal(f"{SETTINGS}: permissions.{kind} is not a list; fix it")


def _strip_ours(hooks: dict, ours) -> dict:
    """Remove our handlers from every event in place (a group left without
    handlers goes too). Returns ``{event: index}`` of the first group that
    held one of ours; an event emptied this way keeps an empty list."""
    anchors = {}
    for event in list(hooks):
        kept_groups = []
        for group in hooks[event]:
            handlers = group.get("hooks", [])
            kept = [h for h in handlers if not ours(h)]
            if len(kept) != len(handlers):
                anchors.setdefault(event, len(kept_groups))
                if not kept:
                    continue
                group = dict(group, hooks=kept)
            kept_groups.append(group)
        hooks[event] = kept_groups
    return anchors


def merge_settings(current: dict, template: dict, ours, previous_rules: "dict | None" = None,
                   declined: "dict | None" = None):
    """Merge the rendered template into the user's settings.

    Keeps every key, hook and permission rule of ``current``; our handlers
    (``ours``) are replaced where they were (so the order of the user's
    groups is stable and a re-install changes nothing); rules we added earlier
    (``previous_rules``) but the template no longer has are removed; rules
    the user deleted after an earlier install (``declined``) are not added
    back. Both map ``allow/ask/deny`` to lists of rules.

    Returns:
        ``(merged, added_rules, created_keys)``: ``added_rules`` maps
        ``allow/ask/deny`` to the rules this merge appended; ``created_keys``
        lists the containers that did not exist (``"hooks"``,
        ``"hooks.PreToolUse"``, ``"permissions.deny"``...).
    """
    merged = copy.deepcopy(current)
    created = []
    if "hooks" not in merged:
        created.append("hooks")
    hooks = merged.setdefault("hooks", {})
    anchors = _strip_ours(hooks, ours)
    for event in anchors:
        # An event only we used that the template no longer registers.
        if not hooks[event] and event not in template.get("hooks", {}):
            del hooks[event]
    for event, groups in template.get("hooks", {}).items():
        if event not in hooks:
            created.append(f"hooks.{event}")
        existing = hooks.setdefault(event, [])
        at = anchors.get(event, len(existing))
        existing[at:at] = copy.deepcopy(groups)
    added = {}
    wanted = template.get("permissions", {})
    stale = previous_rules or {}
    if any(wanted.get(k) for k in ("allow", "ask", "deny")) or any(stale.values()):
        if "permissions" not in merged:
            created.append("permissions")
        perms = merged.setdefault("permissions", {})
        for kind in ("allow", "ask", "deny"):
            rules = wanted.get(kind) or []
            gone = [r for r in stale.get(kind) or [] if r not in rules]
            if kind in perms and gone:
                perms[kind] = [r for r in perms[kind] if r not in gone]
            if not rules:
                continue
            if kind not in perms:
                created.append(f"permissions.{kind}")
            lst = perms.setdefault(kind, [])
            skip = (declined or {}).get(kind) or ()
            for rule in rules:
                if rule not in lst and rule not in skip:
                    lst.append(rule)
                    added.setdefault(kind, []).append(rule)
    return merged, added, created


def unmerge_settings(current: dict, ours, rules: dict, created_keys) -> dict:
    """The inverse of :func:`merge_settings`: our handlers and the rules we
    added removed, containers we created dropped when they end up empty."""
    result = copy.deepcopy(current)
    created = set(created_keys or ())
    hooks = result.get("hooks")
    if isinstance(hooks, dict):
        _strip_ours(hooks, ours)
        for event in list(hooks):
            if hooks[event] == [] and f"hooks.{event}" in created:
                del hooks[event]
        if not hooks and "hooks" in created:
            del result["hooks"]
    perms = result.get("permissions")
    if isinstance(perms, dict):
        for kind, added in (rules or {}).items():
            if isinstance(perms.get(kind), list):
                perms[kind] = [r for r in perms[kind] if r not in added]
        for kind in ("allow", "ask", "deny"):
            if perms.get(kind) == [] and f"permissions.{kind}" in created:
                del perms[kind]
        if not perms and "permissions" in created:
            del result["permissions"]
    return result


def _indent_of(text: str):
    """The indentation unit of a JSON document (default two spaces)."""
    for line in text.splitlines()[1:]:
        stripped = line.lstrip(" \t")
        if stripped and stripped != line:
            lead = line[: len(line) - len(stripped)]
            return "\t" if lead.startswith("\t") else len(lead)
    return 2


def _dump_settings(settings: dict, like: str = "") -> bytes:
    return (json.dumps(settings, indent=_indent_of(like) if like else 2, ensure_ascii=False)
            + "\n").encode("utf-8")


def _parse_settings(data: bytes) -> dict:
    try:
        settings = json.loads(data.decode("utf-8"))
    except (ValueError, UnicodeDecodeError) as exc:
        raise Refusal(f"{SETTINGS} is not valid JSON ({exc}); fix it or move it away, then "
                      "run again (nothing was changed)") from None
    _check_settings_shape(settings)
    return settings


# ------------------------------------------------------------------ .gitignore


def _find_block(text: str):
    """``(start, end)`` offsets of our marked block (end after its last
    newline), or ``None``."""
    start = text.find(GITIGNORE_BEGIN)
    if start < 0 or (start and text[start - 1] != "\n"):
        return None
    end = text.find(GITIGNORE_END, start)
    if end < 0:
        return None
    end += len(GITIGNORE_END)
    if text[end:end + 1] == "\n":
        end += 1
    return start, end


def plan_gitignore(text: str, record: "dict | None") -> tuple:
    """``(new_text, record)`` adding the entries not already ignored by an
    identical line; ``new_text == text`` when nothing is needed."""
    span = _find_block(text)
    outside = text if span is None else text[: span[0]] + text[span[1]:]
    present = {line.strip() for line in outside.splitlines()}
    needed = [e for e in GITIGNORE_ENTRIES if e not in present]
    block = (GITIGNORE_BEGIN + "\n" + "".join(e + "\n" for e in needed) + GITIGNORE_END + "\n"
             if needed else "")
    record = dict(record or {})
    if span is not None:
        return text[: span[0]] + block + text[span[1]:], record
    if not block:
        return text, record
    prefix = ""
    if text and not text.endswith("\n"):
        prefix += "\n"
    if text.strip() and not (text + prefix).endswith("\n\n"):
        prefix += "\n"
    record["prefix"] = prefix
    return text + prefix + block, record


def unplan_gitignore(text: str, record: dict) -> str:
    """The .gitignore text with our block (and the separator we added before
    it, when the block is still at the end) removed."""
    span = _find_block(text)
    if span is None:
        return text
    prefix = record.get("prefix", "")
    start = span[0]
    if span[1] == len(text) and prefix and text[:start].endswith(prefix):
        start -= len(prefix)
    return text[:start] + text[span[1]:]


# ------------------------------------------------------------------ the plan


class Plan:
    """What one run will do: ordered steps (each a line to print and a
    function to call) plus notes (things kept or worth knowing)."""

    def __init__(self, repo: str) -> None:
        self.repo = repo
        self.steps = []
        self.notes = []
        self._dirs = set()

    def step(self, verb: str, what: str, func, *args) -> None:
        self.steps.append((verb, what, func, args))

    def note(self, text: str) -> None:
        self.notes.append(text)

    def dirs_for(self, rel: str) -> list:
        """Parent directories of ``rel`` that do not exist yet (and no earlier
        step creates), top-down."""
        new = []
        for parent in _rel_parents(rel):
            if parent not in self._dirs and not os.path.isdir(_join(self.repo, parent)):
                self._dirs.add(parent)
                new.append(parent)
        return new


class Installer:
    """Builds and applies the install plan for one repository."""

    def __init__(self, repo: str, python: "str | None", out=print) -> None:
        self.repo = repo
        self.python = python
        self.out = out
        self.requirements = read_requirements()
        self.manifest = load_manifest(repo)
        self.first = self.manifest is None
        self.m = copy.deepcopy(self.manifest) if self.manifest else _empty_manifest()
        self.stamp = time.strftime("%Y%m%d-%H%M%S")
        # One folder per run: two runs within the same second must not share
        # (and overwrite) a backup folder, or --uninstall restores the wrong copy.
        self.backup_root = f"{BACKUP_DIR}/{self.stamp}"
        n = 1
        while (os.path.lexists(_join(repo, self.backup_root))
               or self.backup_root in self.m.get("backups", ())):
            n += 1
            self.backup_root = f"{BACKUP_DIR}/{self.stamp}-{n}"
        self.plan = Plan(repo)

    # -- interpreter -------------------------------------------------------
    def interpreter(self) -> tuple:
        """``(python_cmd for settings, executable path to run now, probe info
        or None when the venv is still to be made)``."""
        if self.python:
            given = self.python
            if os.sep not in given:
                found = shutil.which(given)
                if not found:
                    raise Refusal(f"--python {given}: not found on PATH")
                given = found
            given = os.path.abspath(os.path.expanduser(given))
            info = check_interpreter(given, self.requirements)
            real = info.get("executable") or given
            if os.path.realpath(real) != os.path.realpath(given):
                self.plan.note(f"--python {given} is a wrapper that starts {real}; every hook "
                               "call pays for the wrapper too (pass the interpreter itself to "
                               "avoid that)")
            return shlex.quote(given), given, info
        venv_py = _join(self.repo, VENV + "/bin/python")
        if os.path.exists(venv_py):
            try:
                info = check_interpreter(venv_py, self.requirements, what="existing")
                return VENV_PYTHON, venv_py, info
            except Refusal as exc:
                self.plan.note(f"{VENV} is not usable ({exc}); it is rebuilt")
                self.plan.step("rebuild", f"{VENV} (its interpreter or packages are broken)",
                               self._make_venv, True)
                return VENV_PYTHON, venv_py, None
        self.plan.step("create", f"{VENV} with {', '.join(self.requirements)} from PyPI",
                       self._make_venv, False)
        return VENV_PYTHON, venv_py, None

    def _make_venv(self, rebuild: bool) -> None:
        path = _join(self.repo, VENV)
        created_here = not os.path.isdir(path)
        if rebuild:
            shutil.rmtree(path, ignore_errors=True)
        for parent in _rel_parents(VENV + "/x"):
            if not os.path.isdir(_join(self.repo, parent)) and parent not in self.m["dirs"]:
                self.m["dirs"].append(parent)
        try:
            create_venv(path, self.requirements, self.out)
        except BaseException:
            if created_here or rebuild:
                shutil.rmtree(path, ignore_errors=True)
            raise
        if created_here or rebuild:
            self.m["venv"] = {"created": True}

    # -- files -------------------------------------------------------------
    def _backup(self, rel: str, data: bytes, mode: int) -> str:
        dest = f"{self.backup_root}/{rel}"
        if not os.path.isdir(_join(self.repo, BACKUP_DIR)) and BACKUP_DIR not in self.m["dirs"]:
            self.m["dirs"].append(BACKUP_DIR)
        _write(_join(self.repo, dest), data, mode, durable=True)
        if self.backup_root not in self.m["backups"]:
            self.m["backups"].append(self.backup_root)
        return dest

    def _mark_dirs(self, rel: str) -> None:
        for d in self.plan.dirs_for(rel):
            if d not in self.m["dirs"]:
                self.m["dirs"].append(d)

    def plan_files(self, sources: list) -> list:
        """Plan every file; returns the ``.py`` files the compile step covers."""
        files = self.m["files"]
        py_files = []
        for rel, src, policy in sources:
            with open(src, "rb") as fh:
                data = fh.read()
            mode = os.stat(src).st_mode & 0o777
            dest = _join(self.repo, rel)
            current = _read(dest)
            new_sha = _sha(data)
            rec = files.get(rel)
            verb = None
            if current is None:
                verb = "create"
                rec = {"sha256": new_sha, "origin": "created"}
            elif current == data:
                if rec is None and policy != ONCE:
                    rec = {"sha256": new_sha, "origin": "adopted"}
                elif rec is not None and "sha256" in rec:
                    rec = dict(rec, sha256=new_sha)
            else:
                cur_sha = _sha(current)
                if rec is not None and rec.get("sha256") == cur_sha and policy != ONCE:
                    verb = "update"
                    rec = dict(rec, sha256=new_sha)
                elif policy == SUITE:
                    verb = "replace"
                    self.plan.note(f"{rel} differed from the suite's copy; it is replaced and "
                                   f"the old one saved under {self.backup_root}/")
                    # A file in the way before the first install is restored by
                    # --uninstall; our own file the user edited is only saved.
                    rec = dict(rec or {"origin": "replaced", "backup_sha256": cur_sha,
                                       "backup": f"{self.backup_root}/{rel}"}, sha256=new_sha)
                elif policy == EDITABLE:
                    if rec is None:
                        rec = {"origin": "kept"}
                    # Say so once per suite default the user has not seen.
                    if (rec.get("default_sha256") or rec.get("sha256")) != new_sha:
                        self.plan.note(f"kept your {rel} (it differs from the suite's default; "
                                       f"compare with {src} and merge by hand if you like)")
                        rec = dict(rec, default_sha256=new_sha)
                # ONCE (state.md): an existing file is the user's; never touched.
            if verb:
                self._mark_dirs(rel)
                self.plan.step(verb, rel, self._put, rel, data, mode, current, rec,
                               verb == "replace")
            elif rec is not None:
                files[rel] = rec
            if policy == SUITE and rel.endswith(".py"):
                py_files.append(rel)
        return py_files

    def _put(self, rel: str, data: bytes, mode: int, current, rec: dict, backup: bool) -> None:
        """Write one file (backing up what it replaces) and record it. Records
        are made as steps complete, so a run that fails half-way leaves a
        manifest that describes the tree."""
        if backup and current is not None:
            self._backup(rel, current, os.stat(_join(self.repo, rel)).st_mode & 0o777)
        _write(_join(self.repo, rel), data, mode)
        self.m["files"][rel] = rec

    def plan_stale(self, sources: list) -> None:
        """Files an earlier install placed that this suite no longer has."""
        wanted = {rel for rel, _, _ in sources}
        for rel, rec in list(self.m["files"].items()):
            if rel in wanted or rec.get("origin") not in ("created", "replaced"):
                continue
            current = _read(_join(self.repo, rel))
            if current is not None and _sha(current) != rec.get("sha256"):
                self.plan.note(f"{rel} is no longer part of the suite but was changed; kept")
                del self.m["files"][rel]
                continue
            self.plan.step("remove", f"{rel} (no longer part of the suite)", self._remove_stale,
                           rel)

    def _remove_stale(self, rel: str) -> None:
        for path in [rel] + pyc_of(self.repo, rel):
            _unlink(_join(self.repo, path))
        self.m["files"].pop(rel, None)
        gone = set(pyc_of(self.repo, rel)) | {p for p in self.m["derived"]
                                               if not os.path.exists(_join(self.repo, p))}
        self.m["derived"] = [p for p in self.m["derived"] if p not in gone]

    def plan_compile(self, py_files: list, executable: str, info: "dict | None") -> None:
        changed = {s[1] for s in self.plan.steps if s[0] in ("create", "update", "replace")}
        tag = (info or {}).get("cache_tag")
        missing = []
        for rel in py_files:
            # Without the tag (the venv is still to be made) any name will do:
            # only the __pycache__ folder matters for _mark_dirs.
            pyc = _pyc_rel(rel, tag or "tag")
            if not tag or rel in changed or not _pyc_fresh(_join(self.repo, rel),
                                                          _join(self.repo, pyc)):
                missing.append(rel)
                self._mark_dirs(pyc)
        if missing:
            self.plan.step("compile", f"bytecode of {len(missing)} modules with {executable}",
                           self._compile, executable, py_files)

    def _compile(self, executable: str, py_files: list) -> None:
        paths = [_join(self.repo, rel) for rel in py_files]
        before = set()
        for rel in py_files:
            cache = _join(self.repo, rel.rsplit("/", 1)[0] + "/__pycache__")
            if os.path.isdir(cache):
                before |= {f"{rel.rsplit('/', 1)[0]}/__pycache__/{n}" for n in os.listdir(cache)}
        proc = run_bounded([executable, "-m", "compileall", "-q", *paths], COMPILE_TIMEOUT,
                           cwd=self.repo)
        if proc.returncode != 0:
            raise InstallError("compiling the installed modules failed: "
                               + _tail((proc.stdout + proc.stderr).decode("utf-8", "replace")))
        derived = set(self.m["derived"])
        for rel in py_files:
            folder = rel.rsplit("/", 1)[0] + "/__pycache__"
            cache = _join(self.repo, folder)
            if not os.path.isdir(cache):
                continue
            stem = rel.rsplit("/", 1)[1][:-3] + "."
            for name in os.listdir(cache):
                path = f"{folder}/{name}"
                if name.startswith(stem) and name.endswith(".pyc") and path not in before:
                    derived.add(path)
        self.m["derived"] = sorted(derived)

    # -- files built with the hook interpreter ------------------------------
    def plan_tables(self, executable: str, info: "dict | None") -> None:
        """Build the bashlex parser tables with the hook interpreter, so that
        no hook call pays for building them (issue 7; bashlex rebuilds its
        LALR tables at every import, shell/bashparse.py saves them). Planned
        when the file is missing, the shell package changes in this run, the
        interpreter is new or different, or the saved tables do not match
        the installed bashlex (``python -m shell.bashparse --check``)."""
        self._plan_built(executable, info, BASHLEX_TABLES, "shell.bashparse",
                         "bashlex parser tables", ("create", "update", "replace"),
                         lambda rel: rel.startswith(f"{CLAUDE}/shell/"))

    def plan_bundle(self, executable: str, info: "dict | None") -> None:
        """Compile the suite into one file the hooks import from (issue 7: the
        import system costs about 50 µs a module; see hooks/_bootstrap.py).
        Planned when any suite file changes in this run, the interpreter is
        new or different, or ``python -m statefiles.bundle --check`` says it
        is not current; a hook falls back to ordinary imports for any module
        whose source no longer matches it."""
        self._plan_built(executable, info, SUITE_BUNDLE, "statefiles.bundle", "module bundle",
                         ("create", "update", "replace", "remove"),
                         lambda rel: rel.startswith(f"{CLAUDE}/") and ".py" in rel)

    def _plan_built(self, executable: str, info: "dict | None", target: str, module: str,
                    what: str, kinds: tuple, affects) -> None:
        """Plan ``python -m <module>`` (run in the suite directory) to build
        ``target`` when it is stale: no interpreter info, the file missing, a
        different interpreter than the last install, a planned step of one of
        ``kinds`` on a path ``affects`` accepts, or ``-m <module> --check``
        failing. A current file is recorded as derived (ours to remove)."""
        changed = {s[1] for s in self.plan.steps if s[0] in kinds}
        previous = (self.manifest or {}).get("python")
        stale = (info is None or not os.path.isfile(_join(self.repo, target))
                 or previous != self.m["python"] or any(affects(rel) for rel in changed))
        if not stale:
            try:
                proc = run_bounded([executable, "-m", module, "--check"],
                                   TABLES_TIMEOUT, cwd=_join(self.repo, CLAUDE))
                stale = proc.returncode != 0
            except InstallError:
                stale = True
        if stale:
            self._mark_dirs(target)
            self.plan.step("build", f"{what} ({target}) with {executable}",
                           self._build, executable, target, module, what)
        elif target not in self.m["derived"]:
            # Built by a hook (an earlier install without this step): ours to remove.
            self.m["derived"] = sorted(set(self.m["derived"]) | {target})

    def _build(self, executable: str, target: str, module: str, what: str) -> None:
        proc = run_bounded([executable, "-m", module], TABLES_TIMEOUT,
                           cwd=_join(self.repo, CLAUDE))
        if proc.returncode != 0:
            raise InstallError(f"building the {what} failed: "
                               + _tail((proc.stdout + proc.stderr).decode("utf-8", "replace")))
        self.m["derived"] = sorted(set(self.m["derived"]) | {target})

    # -- settings ----------------------------------------------------------
    def plan_settings(self, python_cmd: str) -> None:
        path = _join(self.repo, SETTINGS)
        data = _read(path)
        current = _parse_settings(data) if data is not None else {}
        template = render_settings(python_cmd, SUITE_DIR)
        record = copy.deepcopy(self.m.get("settings")) or {}
        ours = _ours(self.repo, record.get("commands"), entrypoint_names())
        # A rule an earlier install added that is gone from the file: the user
        # removed it on purpose, so it is not added back.
        declined = {k: list(v) for k, v in (record.get("declined") or {}).items()}
        if data is not None:
            perms = current.get("permissions") or {}
            for kind, rules in (record.get("rules") or {}).items():
                for rule in rules:
                    if rule not in (perms.get(kind) or []) and rule not in declined.get(kind, []):
                        declined.setdefault(kind, []).append(rule)
                        self.plan.note(f"permissions.{kind} rule {rule!r} was removed from "
                                       f"{SETTINGS} after the install; it is not added back")
        merged, added, created = merge_settings(current, template, ours, record.get("rules"),
                                                declined)
        commands = sorted({h["command"] for groups in template["hooks"].values()
                           for g in groups for h in g["hooks"] if "command" in h})
        if not record:
            record = {"existed": data is not None, "original_sha256": _sha(data) if data else None,
                      "original_backup": None, "rules": {}, "created_keys": []}
        record["commands"] = commands
        wanted = template.get("permissions", {})
        rules, kept_declined = {}, {}
        for kind in ("allow", "ask", "deny"):
            want = wanted.get(kind) or []
            mine = [r for r in (record.get("rules") or {}).get(kind, [])
                    if r in want and r not in declined.get(kind, [])]
            mine += [r for r in added.get(kind, []) if r not in mine]
            if mine:
                rules[kind] = mine
            if any(r in want for r in declined.get(kind, [])):
                kept_declined[kind] = [r for r in declined[kind] if r in want]
        record["rules"] = rules
        if kept_declined or "declined" in record:
            record["declined"] = kept_declined
        record["created_keys"] = sorted(set(record.get("created_keys") or ()) | set(created))
        if merged == current and data is not None:
            self.m["settings"] = record
            return
        events = len(template.get("hooks", {}))
        counts = ", ".join(f"{len(v)} {k}" for k, v in added.items()) or "no new"
        what = (f"{SETTINGS}: {events} hook events, {counts} permission rules"
                + (f" (backup in {self.backup_root}/)" if data is not None else ""))
        if data is None:
            self._mark_dirs(SETTINGS)
        self.plan.step("merge" if data is not None else "create", what, self._write_settings,
                       merged, data, record)

    def _write_settings(self, merged: dict, data: "bytes | None", record: dict) -> None:
        path = _join(self.repo, SETTINGS)
        if data is not None:
            backup = self._backup(SETTINGS, data, os.stat(path).st_mode & 0o777)
            if record.get("original_backup") is None and record.get("existed") \
                    and _sha(data) == record.get("original_sha256"):
                record["original_backup"] = backup
        new = _dump_settings(merged, data.decode("utf-8") if data else "")
        _write(path, new, os.stat(path).st_mode & 0o777 if data is not None else 0o644,
               durable=True)
        self.m["settings"] = record

    # -- .gitignore ----------------------------------------------------------
    def plan_gitignore(self) -> None:
        path = _join(self.repo, ".gitignore")
        data = _read(path)
        text = data.decode("utf-8", "surrogateescape") if data is not None else ""
        record = self.m.get("gitignore") or {"existed": data is not None,
                                             "original_sha256": _sha(data) if data else None}
        new, record = plan_gitignore(text, record)
        if new == text and (data is not None or not new):
            self.m["gitignore"] = record
            return
        added = sum(1 for line in new.splitlines() if line in GITIGNORE_ENTRIES) - sum(
            1 for line in text.splitlines() if line in GITIGNORE_ENTRIES)
        self.plan.step("update" if data is not None else "create",
                       f".gitignore ({added:+d} entries for the hooks' runtime state)",
                       self._write_gitignore, new, data, record)

    def _write_gitignore(self, new: str, data: "bytes | None", record: dict) -> None:
        path = _join(self.repo, ".gitignore")
        mode = 0o644
        if data is not None:
            mode = os.stat(path).st_mode & 0o777
            self._backup(".gitignore", data, mode)
        _write(path, new.encode("utf-8", "surrogateescape"), mode, durable=True)
        self.m["gitignore"] = record

    # -- runtime dirs ---------------------------------------------------------
    def note_runtime_dirs(self) -> None:
        if self.first:
            self.m["runtime_preexisting"] = [d for d in RUNTIME_DIRS + (LOG_DIR,)
                                             if os.path.isdir(_join(self.repo, d))]

    # -- run -------------------------------------------------------------------
    def build(self) -> None:
        python_cmd, executable, info = self.interpreter()
        self.executable, self.info = executable, info
        self.m["python"] = python_cmd
        sources = suite_sources()
        self.note_runtime_dirs()
        py_files = self.plan_files(sources)
        self.plan_stale(sources)
        self.plan_compile(py_files, executable, info)
        self.plan_tables(executable, info)
        self.plan_bundle(executable, info)
        self.plan_settings(python_cmd)
        self.plan_gitignore()

    def manifest_changed(self) -> bool:
        return self.manifest is None or _strip_volatile(self.m) != _strip_volatile(self.manifest)

    def apply(self) -> None:
        error = None
        try:
            for _verb, _what, func, args in self.plan.steps:
                func(*args)
        except (InstallError, OSError, KeyboardInterrupt) as exc:
            error = exc
        finally:
            if self.plan.steps or self.manifest_changed():
                self.m["installed_at"] = time.strftime("%Y-%m-%dT%H:%M:%S%z")
                self.m["suite"] = _suite_version()
                self._mark_dirs(MANIFEST)
                _write(_join(self.repo, MANIFEST),
                       (json.dumps(self.m, indent=2, sort_keys=True) + "\n").encode("utf-8"),
                       durable=True)
        if error is not None:
            if isinstance(error, OSError):
                raise InstallError(f"{error.filename or ''}: {error.strerror or error}")
            raise error


def _strip_volatile(manifest: dict) -> dict:
    return {k: v for k, v in manifest.items() if k not in ("installed_at", "suite")}


def _suite_version() -> str:
    try:
        with open(os.path.join(HERE, "pyproject.toml"), encoding="utf-8") as fh:
            m = re.search(r'(?m)^version\s*=\s*"([^"]+)"', fh.read())
        return m.group(1) if m else "unknown"
    except OSError:
        return "unknown"


def pyc_of(root: str, rel: str) -> list:
    """The compiled bytecode of the module ``rel`` under ``root``, for any
    interpreter (``pkg/__pycache__/mod.*.pyc``), as repo-relative paths."""
    if not rel.endswith(".py"):
        return []
    folder, name = rel.rsplit("/", 1) if "/" in rel else ("", rel)
    cache = f"{folder}/__pycache__" if folder else "__pycache__"
    try:
        names = os.listdir(_join(root, cache))
    except OSError:
        return []
    stem = name[:-3] + "."
    return sorted(f"{cache}/{n}" for n in names
                  if n.startswith(stem) and n.endswith(".pyc"))


def _pyc_rel(rel: str, tag: str) -> str:
    folder, name = rel.rsplit("/", 1)
    return f"{folder}/__pycache__/{name[:-3]}.{tag}.pyc"


def _pyc_fresh(src: str, pyc: str) -> bool:
    """A timestamp-based .pyc whose header matches the source's mtime and size."""
    try:
        with open(pyc, "rb") as fh:
            header = fh.read(16)
        st = os.stat(src)
    except OSError:
        return False
    if len(header) < 16 or int.from_bytes(header[4:8], "little") != 0:
        return len(header) == 16  # hash-based pycs are checked by the interpreter itself
    mtime = int.from_bytes(header[8:12], "little")
    size = int.from_bytes(header[12:16], "little")
    return mtime == (int(st.st_mtime) & 0xFFFFFFFF) and size == (st.st_size & 0xFFFFFFFF)


def create_venv(path: str, requirements: list, out=print) -> str:
    """Create a virtualenv at ``path`` with ``requirements`` from PyPI; returns
    its interpreter.

    Raises:
        InstallError: venv or pip failed (with the last lines of their output
            and what to do).
    """
    out(f"  creating {path} and installing {', '.join(requirements)} (pip, from PyPI) ...")
    proc = run_bounded([sys.executable, "-m", "venv", path], VENV_TIMEOUT)
    if proc.returncode != 0:
        raise InstallError(
            "python -m venv failed: " + _tail(proc.stderr.decode("utf-8", "replace"))
            + ". On Debian/Ubuntu install python3-venv, or pass --python PATH with an "
            "interpreter that has the dependencies")
    python = os.path.join(path, "bin", "python")
    proc = run_bounded([python, "-m", "pip", "install", "--disable-pip-version-check",
                        "--no-input", "-q", *requirements], PIP_TIMEOUT)
    if proc.returncode != 0:
        raise InstallError(
            "pip could not install the runtime dependencies: "
            + _tail((proc.stdout + proc.stderr).decode("utf-8", "replace"))
            + ". Check the network/PyPI access, or pass --python PATH")
    return python


# ------------------------------------------------------------------ commands


def _print_plan(plan: Plan, out, dry_run: bool) -> None:
    """Steps grouped by verb and directory so 80 copied files read as a few lines."""
    groups = []
    index = {}
    for verb, what, _func, _args in plan.steps:
        key = None
        if verb == "rmdir":
            key = (verb, "")
        elif what.endswith(".pyc"):
            key = (verb, "compiled bytecode")
        elif verb in ("create", "update", "replace", "remove") and " " not in what \
                and what.count("/") >= 2:
            key = (verb, what.rsplit("/", 1)[0] + "/")
        if key is None:
            groups.append([verb, what, 0])
        elif key in index:
            groups[index[key]][2] += 1
        else:
            index[key] = len(groups)
            groups.append([verb, what, 1, key[1]])
    prefix = "would " if dry_run else ""
    for group in groups:
        verb, what, count = group[:3]
        if len(group) > 3 and verb == "rmdir":
            what = f"{count} director{'ies' if count > 1 else 'y'} it created (each only if empty)"
        elif count > 1:
            what = f"{group[3]} ({count} files)"
        out(f"  {prefix}{verb:<8} {what}")
    for note in plan.notes:
        out(f"  note: {note}")


def install(repo: str, python: "str | None" = None, dry_run: bool = False, out=print) -> int:
    """Install or update the suite in ``repo``. Returns the exit code (0 done
    or nothing to do; 1 a step failed; refusals raise :class:`Refusal`)."""
    root = check_target(repo)
    with _RepoLock(root):
        inst = Installer(root, python, out)
        inst.build()
        if not inst.plan.steps and not inst.manifest_changed():
            out(f"playgate is already installed in {root} and up to date; nothing to change.")
            for note in inst.plan.notes:
                out(f"  note: {note}")
            return 0
        out(("playgate install plan for " if dry_run else "installing playgate into ") + root)
        _print_plan(inst.plan, out, dry_run)
        if dry_run:
            out("dry run: nothing was written.")
            return 0
        try:
            inst.apply()
        except InstallError as exc:
            out(f"playgate: install failed: {exc}")
            out(f"  what was done is recorded in {MANIFEST}; fix the cause and run install.py "
                "again, or undo it with --uninstall.")
            return 1
        out(f"done. Start Claude Code in {root}: the hooks in {SETTINGS} are active. "
            f"Undo with: python {shlex.quote(os.path.join(HERE, 'install.py'))} --uninstall "
            f"{shlex.quote(root)}")
        return 0


def uninstall(repo: str, dry_run: bool = False, out=print) -> int:
    """Remove what the manifest says the install added. Files changed since
    the install are kept and named. Returns the exit code."""
    root = check_target(repo)
    with _RepoLock(root):
        manifest = load_manifest(root)
        if manifest is None:
            out(f"playgate is not installed in {root} (no {MANIFEST}); nothing to uninstall.")
            return 0
        plan = _uninstall_plan(root, manifest)
        out(("playgate uninstall plan for " if dry_run else "uninstalling playgate from ") + root)
        _print_plan(plan, out, dry_run)
        if dry_run:
            out("dry run: nothing was removed.")
            return 0
        failed = []
        for _verb, what, func, args in plan.steps:
            try:
                func(*args)
            except OSError as exc:
                failed.append(f"{what}: {exc.strerror or exc}")
        if failed:
            out("playgate: some steps failed: " + "; ".join(failed))
            return 1
        out("done. playgate is uninstalled" + (" (see the notes above for what was kept)."
                                               if plan.notes else "."))
        return 0


def _unlink(path: str) -> None:
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass


def _rmdir_if_empty(path: str) -> None:
    try:
        os.rmdir(path)
    except OSError:
        pass


def _uninstall_plan(root: str, m: dict) -> Plan:
    """What ``--uninstall`` does for manifest ``m``: steps and notes."""
    plan = Plan(root)
    adopted = []
    for rel, rec in sorted((m.get("files") or {}).items()):
        origin = rec.get("origin")
        path = _join(root, rel)
        if origin not in ("created", "replaced") or "sha256" not in rec:
            if origin == "adopted" and os.path.exists(path):
                adopted.append(rel)
            continue
        current = _read(path)
        if current is None:
            continue
        if _sha(current) != rec["sha256"]:
            plan.note(f"kept {rel}: it changed since the install"
                      + (" (it holds your workflow state)" if rel == STATE_MD else ""))
            continue
        if origin == "replaced":
            backup = _read(_join(root, rec.get("backup", "")))
            if backup is not None and _sha(backup) == rec.get("backup_sha256"):
                mode = os.stat(_join(root, rec["backup"])).st_mode & 0o777
                plan.step("restore", rel, _write, path, backup, mode)
            else:
                plan.note(f"kept {rel}: its pre-install copy is missing from the backup")
            continue
        plan.step("remove", rel, _unlink, path)
        for pyc in pyc_of(root, rel):
            plan.step("remove", pyc, _unlink, _join(root, pyc))
    planned = {what for _verb, what, _f, _a in plan.steps}
    for rel in m.get("derived") or []:
        if rel not in planned and os.path.exists(_join(root, rel)):
            plan.step("remove", rel, _unlink, _join(root, rel))
    _uninstall_settings(root, m, plan)
    _uninstall_gitignore(root, m, plan)
    if (m.get("venv") or {}).get("created") and os.path.isdir(_join(root, VENV)):
        plan.step("remove", f"{VENV}/ (the hook virtualenv)", shutil.rmtree, _join(root, VENV))
    pre = set(m.get("runtime_preexisting") or ())
    for rel in RUNTIME_DIRS:
        if rel not in pre and os.path.isdir(_join(root, rel)):
            plan.step("remove", f"{rel}/ (hook runtime state)", shutil.rmtree, _join(root, rel))
    logs = _join(root, LOG_DIR)
    if LOG_DIR not in pre and os.path.isdir(logs):
        if os.listdir(logs):
            plan.note(f"kept {LOG_DIR}/: it holds the hooks' records (delete it yourself when "
                      "you no longer need them)")
        else:
            plan.step("remove", f"{LOG_DIR}/", _rmdir_if_empty, logs)
    for rel in m.get("backups") or []:
        if os.path.isdir(_join(root, rel)):
            plan.step("remove", f"{rel}/ (install backups)", shutil.rmtree, _join(root, rel))
    plan.step("remove", MANIFEST, _unlink, _join(root, MANIFEST))
    created = set(m.get("dirs") or ())
    # Bytecode folders the hooks' interpreter may have added in folders we made.
    created |= {f"{d}/__pycache__" for d in created
                if os.path.isdir(_join(root, f"{d}/__pycache__"))}
    for rel in sorted(created, key=lambda d: (-d.count("/"), d)):
        plan.step("rmdir", f"{rel}/ (if empty)", _rmdir_if_empty, _join(root, rel))
    if adopted:
        plan.note(f"kept {len(adopted)} file(s) that were already there before the install "
                  f"(e.g. {adopted[0]}); remove them yourself if they should go")
    return plan


def _uninstall_settings(root: str, m: dict, plan: Plan) -> None:
    """Restore settings.json: the original bytes when removing ours gives
    back the original, else the file without our hooks and rules."""
    record = m.get("settings")
    path = _join(root, SETTINGS)
    data = _read(path)
    if not record or data is None:
        return
    try:
        current = json.loads(data.decode("utf-8"))
        _check_settings_shape(current)
    except (ValueError, UnicodeDecodeError, Refusal):
        plan.note(f"kept {SETTINGS}: it is not valid settings JSON any more; remove playgate's "
                  "hooks from it by hand")
        return
    ours = _ours(root, record.get("commands"), entrypoint_names())
    result = unmerge_settings(current, ours, record.get("rules") or {},
                              record.get("created_keys") or ())
    if result == current:
        return
    mode = os.stat(path).st_mode & 0o777
    if not record.get("existed"):
        if result == {}:
            plan.step("remove", SETTINGS, _unlink, path)
            return
        plan.note(f"kept {SETTINGS}: it holds settings added after the install (playgate's "
                  "hooks and rules are removed)")
    else:
        original = _read(_join(root, record["original_backup"])) \
            if record.get("original_backup") else None
        if original is not None and _sha(original) == record.get("original_sha256"):
            try:
                if json.loads(original.decode("utf-8")) == result:
                    plan.step("restore", f"{SETTINGS} (as it was before the install)", _write,
                              path, original, mode)
                    return
            except ValueError:
                pass
        plan.note(f"{SETTINGS} changed since the install: only playgate's hooks and rules are "
                  "removed, your other changes stay")
    plan.step("update", f"{SETTINGS} (playgate's hooks and rules removed)", _write, path,
              _dump_settings(result, data.decode("utf-8")), mode)


def _uninstall_gitignore(root: str, m: dict, plan: Plan) -> None:
    """Remove our block; the result is the original byte for byte unless the
    user changed the file since."""
    record = m.get("gitignore")
    path = _join(root, ".gitignore")
    data = _read(path)
    if not record or data is None:
        return
    text = data.decode("utf-8", "surrogateescape")
    result = unplan_gitignore(text, record)
    if result == text:
        return
    raw = result.encode("utf-8", "surrogateescape")
    mode = os.stat(path).st_mode & 0o777
    if not record.get("existed") and result == "":
        plan.step("remove", ".gitignore", _unlink, path)
    elif record.get("existed") and _sha(raw) == record.get("original_sha256"):
        plan.step("restore", ".gitignore (as it was before the install)", _write, path, raw, mode)
    else:
        plan.note(".gitignore changed since the install: only playgate's block is removed")
        plan.step("update", ".gitignore (playgate's block removed)", _write, path, raw, mode)


# ------------------------------------------------------------------ the demo

#: A scripted Claude Code session, one step per hook call (issue 2's "see it
#: work"). Each step is data:
#:
#: ``note``   what is happening, for the reader;
#: ``event``  the Claude Code event; ``tool``/``input`` for tool events
#:            (``file_path`` relative to the demo repository);
#: ``fields`` further payload fields (``source``, ``stop_hook_active``...);
#: ``agent``  the call is made inside a subagent of this ``agent_type``;
#: ``expect`` the decision the gate must reach: ``allow``, ``context``
#:            (allowed, with additionalContext/systemMessage) or ``block`` —
#:            or a tuple of acceptable ones;
#: ``run``    for an allowed Bash step, the argv the demo runs in its place
#:            (always a harmless command inside the demo repository).
#:
#: Allowed Write/Edit steps are applied to the demo repository as Claude Code
#: would apply them, so later steps see their effect. Later issues append
#: Bash, permission and critic steps here.
DEMO_PLAN = {
    "format_version": 2,
    "meta": {"id": "demo", "branch": "feat/demo", "created": "2026-01-01", "status": "active",
             "review_profile": "standard", "reviewed": False, "reviewed_by": None, "roles": {}},
    "goal": {"summary": "greet() returns a friendly greeting",
             "done_when": [{"criterion": "greet('Ada') == 'Hello, Ada!'",
                            "command": "python -c 'from src.greet import greet; "
                                       "print(greet(\"Ada\"))'",
                            "expected": "Hello, Ada!"}],
             "scope": {"includes": ["src/**"], "excludes": []}},
    "max_iterations": 5,
    "phases": [
        {"id": "p1", "name": "greeting", "description": "write greet()", "depends_on": [],
         "subtasks": [{"id": "p1.1", "criterion": "greet() exists", "executor": "claudecode",
                       "coding": True,
                       "validation_plan": {"technical": "python -c 'import src.greet'",
                                           "consistency": "matches the goal",
                                           "completeness": "one function"}}]},
        {"id": "p2", "name": "polish", "description": "punctuation", "depends_on": ["p1"],
         "subtasks": [{"id": "p2.1", "criterion": "ends with '!'", "executor": "claudecode",
                       "coding": True,
                       "validation_plan": {"technical": "grep -q '!' src/greet.py",
                                           "consistency": "same style",
                                           "completeness": "one line"}}]},
    ],
    "final_tasks": [],
}


def _demo_progress() -> dict:
    def sub():
        return {"status": "pending", "validated_at": None, "validated_by": None,
                "validations": {k: {"status": "PENDING", "evidence": []}
                                for k in ("technical", "consistency", "completeness")},
                "notes": ""}
    return {"format_version": 2, "active": {"phase": "p1", "subtask": "p1.1"},
            "phases": {"p1": {"status": "in_progress", "updated_at": None},
                       "p2": {"status": "pending", "updated_at": None}},
            "subtasks": {"p1.1": sub(), "p2.1": sub()}, "final_tasks": {},
            "critic": {"status": "PENDING", "evidence": [], "notes": ""}}


def _json_text(obj) -> str:
    return json.dumps(obj, indent=2) + "\n"


#: The first edit Claude tries, again and again, until the gate lets it through.
_EDIT_GREET = {"file_path": "src/greet.py", "old_string": "pass",
               "new_string": "return 'Hello'", "replace_all": False}

_REVIEWED_PLAN = copy.deepcopy(DEMO_PLAN)
_REVIEWED_PLAN["meta"].update(reviewed=True, reviewed_by="reviewer")
_REVIEWED_PLAN["context"] = {"what": "a greet() helper", "why": "demo",
                             "confirmed_by": "user"}

DEMO_SCRIPT = (
    {"note": "a session starts", "event": "SessionStart", "fields": {"source": "startup"},
     "expect": "context"},
    {"note": "Claude edits straight away", "event": "PreToolUse", "tool": "Edit",
     "input": _EDIT_GREET,
     "expect": "block"},
    {"note": "it starts the golden path", "event": "PreToolUse", "tool": "Skill",
     "input": {"skill": "playbook-init"}, "expect": "block"},
    {"note": "it reads the state first", "event": "PreToolUse", "tool": "Read",
     "input": {"file_path": "state.md"}, "expect": "allow"},
    {"note": "playbook-init again", "event": "PreToolUse", "tool": "Skill",
     "input": {"skill": "playbook-init"}, "expect": "allow"},
    {"note": "an edit on main", "event": "PreToolUse", "tool": "Edit",
     "input": _EDIT_GREET,
     "expect": "block"},
    {"note": "it creates a work branch", "event": "PreToolUse", "tool": "Bash",
     "input": {"command": "git checkout -b feat/demo", "description": "create a branch"},
     "run": ["git", "checkout", "-q", "-b", "feat/demo"], "expect": "allow"},
    {"note": "an edit with no playbook", "event": "PreToolUse", "tool": "Edit",
     "input": _EDIT_GREET,
     "expect": "block"},
    {"note": "pm writes the playbook", "event": "PreToolUse", "tool": "Write",
     "input": {"file_path": "play/demo/plan.json", "content": _json_text(DEMO_PLAN)},
     "expect": "allow"},
    {"note": "... and its progress file", "event": "PreToolUse", "tool": "Write",
     "input": {"file_path": "play/demo/progress.json", "content": _json_text(_demo_progress())},
     "expect": "allow"},
    {"note": "state.md points at it", "event": "PreToolUse", "tool": "Edit",
     "input": {"file_path": "state.md", "old_string": "active: null",
               "new_string": "active: play/demo/plan.json", "replace_all": False},
     "expect": "allow"},
    {"note": "an edit before the review", "event": "PreToolUse", "tool": "Edit",
     "input": _EDIT_GREET,
     "expect": "block"},
    {"note": "the reviewer subagent passes it", "event": "PreToolUse", "tool": "Write",
     "agent": "reviewer",
     "input": {"file_path": "play/demo/plan.json", "content": _json_text(_REVIEWED_PLAN)},
     "expect": "allow"},
    {"note": "the edit, reviewed playbook", "event": "PreToolUse", "tool": "Edit",
     "input": {"file_path": "src/greet.py", "old_string": "pass",
               "new_string": "return f'Hello, {name}'", "replace_all": False},
     "expect": "allow"},
    {"note": "the gate's own settings", "event": "PreToolUse", "tool": "Edit",
     "input": {"file_path": ".claude/settings.json", "old_string": "\"hooks\"",
               "new_string": "\"hooks_off\"", "replace_all": False},
     "expect": "block"},
    {"note": "a BLOCK-level file (strict)", "event": "PreToolUse", "tool": "Edit",
     "input": {"file_path": ".gitignore", "old_string": ".claude/.venv/",
               "new_string": "", "replace_all": False},
     "expect": "block"},
    {"note": "progress moves to phase p2", "event": "PreToolUse", "tool": "Edit",
     "input": {"file_path": "play/demo/progress.json",
               "old_string": "\"phase\": \"p1\"", "new_string": "\"phase\": \"p2\"",
               "replace_all": False},
     "expect": "allow"},
    {"note": "p2 work while p1 is open", "event": "PreToolUse", "tool": "Edit",
     "input": {"file_path": "src/greet.py", "old_string": "{name}'",
               "new_string": "{name}!'", "replace_all": False},
     "expect": "context"},
    # Allowed today; blocked with the open subtasks once the completion-check
    # of issue 4 is in the Stop chain.
    {"note": "Claude wants to stop", "event": "Stop",
     "fields": {"stop_hook_active": False, "last_assistant_message": "done",
                "background_tasks": []},
     "expect": ("allow", "context", "block")},
)

DEMO_FILES = {
    "README.md": "# demo\n\nA throw-away repository for `python install.py --demo`.\n",
    "src/__init__.py": "",
    "src/greet.py": "def greet(name):\n    pass\n",
}


def _git_env() -> dict:
    env = dict(os.environ, GIT_AUTHOR_NAME="playgate demo", GIT_AUTHOR_EMAIL="demo@example.invalid",
               GIT_COMMITTER_NAME="playgate demo", GIT_COMMITTER_EMAIL="demo@example.invalid",
               GIT_TERMINAL_PROMPT="0")
    return env


def _git(repo: str, *args: str) -> None:
    # core.hooksPath: never run the user's global git hooks in the demo.
    proc = run_bounded(["git", "-c", "core.hooksPath=/dev/null", "-c", "commit.gpgsign=false",
                        "-C", repo, *args], GIT_TIMEOUT, env=_git_env())
    if proc.returncode != 0:
        raise InstallError(f"git {' '.join(args)} failed: "
                           + _tail(proc.stderr.decode("utf-8", "replace")))


def make_demo_repo(path: str) -> str:
    """A fresh git repository at ``path`` (which must not exist or be empty)
    with one commit on ``main``."""
    if os.path.exists(path) and (not os.path.isdir(path) or os.listdir(path)):
        raise Refusal(f"{path} exists and is not empty; the demo needs a new directory")
    os.makedirs(path, exist_ok=True)
    path = os.path.realpath(path)
    _git(path, "init", "-q")
    _git(path, "symbolic-ref", "HEAD", "refs/heads/main")
    for rel, text in DEMO_FILES.items():
        _write(_join(path, rel), text.encode())
    _git(path, "add", "-A")
    _git(path, "commit", "-q", "-m", "demo: initial commit")
    return path


def cache_dir() -> str:
    """``$XDG_CACHE_HOME/playgate`` or ``~/.cache/playgate``."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "playgate")


def demo_python(requirements: list, out=print) -> str:
    """An interpreter with the runtime dependencies for the demo.

    This interpreter when it already has them in range; else a virtualenv
    cached under :func:`cache_dir`, named after the Python version and a hash
    of the requirements and the base interpreter, created once (about 10 s)
    and reused by every later demo. A broken cache entry is rebuilt; the
    entry is built under a temporary name and renamed, so concurrent demos
    never see half a virtualenv.
    """
    try:
        check_interpreter(sys.executable, requirements)
        return sys.executable
    except Refusal:
        pass
    key = _sha(("\n".join(sorted(requirements)) + "\n" + sys.version + "\n"
                + os.path.realpath(sys.executable)).encode())[:16]
    root = cache_dir()
    venv = os.path.join(root, f"venv-py{sys.version_info[0]}{sys.version_info[1]}-{key}")
    python = os.path.join(venv, "bin", "python")
    if os.path.exists(python):
        try:
            check_interpreter(python, requirements, what="cached")
            return python
        except Refusal:
            shutil.rmtree(venv, ignore_errors=True)
    os.makedirs(root, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix=".venv-build-", dir=root)
    try:
        out(f"first demo run: building a cached virtualenv in {venv} (reused next time)")
        create_venv(os.path.join(tmp, "venv"), requirements, out)
        try:
            os.rename(os.path.join(tmp, "venv"), venv)
        except OSError:
            if not os.path.exists(python):  # not a concurrent build that won the race
                raise
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    check_interpreter(python, requirements, what="cached")
    return python


def _matches(matcher, tool: str) -> bool:
    """Claude Code's matcher rules (reference: Registration)."""
    if matcher in (None, "", "*"):
        return True
    if re.fullmatch(r"[A-Za-z0-9_|, -]+", matcher):
        return tool in {m.strip() for m in re.split(r"[|,]", matcher)}
    try:
        return re.search(matcher, tool) is not None
    except re.error:
        return False


def registered_handlers(settings: dict, event: str, tool: str = "") -> list:
    """The command handlers Claude Code would run for ``event`` (and ``tool``)."""
    found = []
    for group in (settings.get("hooks") or {}).get(event, []):
        if event in ("PreToolUse", "PostToolUse", "PermissionRequest") and \
                not _matches(group.get("matcher"), tool):
            continue
        found += [h for h in group.get("hooks", []) if h.get("type") == "command"]
    return found


def _payload(repo: str, step: dict, n: int) -> dict:
    event = step["event"]
    session = "0d3m0000-5e55-4000-8000-000000000001"
    payload = {"session_id": session,
               "transcript_path": os.path.join(repo, ".demo-transcript.jsonl"),
               "cwd": repo}
    if event not in ("SessionStart", "SessionEnd"):
        payload["prompt_id"] = "0d3m0000-9999-4000-8000-000000000002"
        payload["permission_mode"] = "default"
    if step.get("agent"):
        payload["agent_id"] = f"a0demo{n:04d}"
        payload["agent_type"] = step["agent"]
    payload["hook_event_name"] = event
    if "tool" in step:
        tool_input = dict(step.get("input") or {})
        for key in ("file_path", "notebook_path"):
            if key in tool_input and not os.path.isabs(tool_input[key]):
                tool_input[key] = _join(repo, tool_input[key])
        payload.update(tool_name=step["tool"], tool_input=tool_input,
                       tool_use_id=f"toolu_demo{n:04d}")
    payload.update(step.get("fields") or {})
    return payload


def call_hooks(repo: str, settings: dict, payload: dict) -> dict:
    """Run every registered handler for ``payload`` as Claude Code does (its
    command through ``sh -c``, ``CLAUDE_PROJECT_DIR`` set, JSON on stdin,
    bounded by the handler's timeout) and read the answer.

    Returns ``{"decision": "allow"|"context"|"block"|"error", "reason": str,
    "ms": float}``.
    """
    event, tool = payload["hook_event_name"], payload.get("tool_name", "")
    env = dict(os.environ, CLAUDE_PROJECT_DIR=repo)
    env.pop("PLAYGATE_TRACE", None)
    data = json.dumps(payload).encode()
    result = {"decision": "allow", "reason": "", "ms": 0.0}
    for handler in registered_handlers(settings, event, tool):
        timeout = float(handler.get("timeout") or 60)
        start = time.monotonic()
        code, out, err = bounded(["sh", "-c", handler["command"]], timeout + 5, data,
                                 env=env, cwd=repo)
        result["ms"] += (time.monotonic() - start) * 1000
        out, err = out.decode("utf-8", "replace"), err.decode("utf-8", "replace")
        decision, reason = _read_answer(event, code, out, err)
        rank = {"error": 3, "block": 2, "context": 1, "allow": 0}
        if rank[decision] >= rank[result["decision"]]:
            result.update(decision=decision, reason=reason or result["reason"])
    return result


def _read_answer(event: str, code, out: str, err: str) -> tuple:
    if code is None:
        return "error", "timed out (Claude Code would let the call through)"
    if "Traceback (most recent call last)" in err:
        return "error", f"traceback: {_tail(err, 2)}"
    if code == 2:
        return "block", err.strip()
    if code != 0:
        return "error", f"exit {code} (Claude Code treats it as a non-blocking error): {_tail(err)}"
    text = out.strip()
    if not text:
        return "allow", ""
    try:
        body = json.loads(text)
    except ValueError:
        if event in ("SessionStart", "UserPromptSubmit"):
            return "context", text
        return "error", f"stdout is not one JSON object: {text[:200]}"
    if not isinstance(body, dict):
        return "error", f"stdout is not a JSON object: {text[:200]}"
    specific = body.get("hookSpecificOutput") or {}
    if body.get("decision") == "block" or specific.get("permissionDecision") == "deny":
        return "block", body.get("reason") or specific.get("permissionDecisionReason") or ""
    if (specific.get("decision") or {}).get("behavior") == "allow":
        return "allow", "approved"
    context = specific.get("additionalContext") or body.get("systemMessage") or ""
    return ("context", context) if context else ("allow", "")


def _apply_tool(repo: str, step: dict) -> None:
    """Do what Claude Code does after an allowed call (file tools and the
    step's harmless ``run`` argv)."""
    tool, args = step.get("tool"), step.get("input") or {}
    if tool == "Write":
        _write(_join(repo, args["file_path"]), args["content"].encode())
    elif tool == "Edit":
        path = _join(repo, args["file_path"])
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
        if args["old_string"] not in text:
            raise InstallError(f"demo step edits {args['file_path']} but "
                               f"{args['old_string']!r} is not in it")
        count = -1 if args.get("replace_all") else 1
        _write(path, text.replace(args["old_string"], args["new_string"], count).encode())
    elif tool == "Bash" and step.get("run"):
        proc = run_bounded(list(step["run"]), GIT_TIMEOUT, cwd=repo, env=_git_env())
        if proc.returncode != 0:
            raise InstallError(f"demo command {' '.join(step['run'])} failed: "
                               + _tail(proc.stderr.decode("utf-8", "replace")))


def _target(step: dict) -> str:
    args = step.get("input") or {}
    if "command" in args:
        return args["command"]
    for key in ("file_path", "skill", "subagent_type", "pattern"):
        if key in args:
            return str(args[key])
    fields = step.get("fields") or {}
    return str(fields.get("source") or fields.get("prompt") or "")


def _clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[: max(width - 1, 1)] + "…"


def run_demo(directory: "str | None", python: "str | None" = None, out=print,
             script=DEMO_SCRIPT) -> int:
    """``install.py --demo``: make a throw-away repository, install into it,
    replay ``script`` through the installed hooks and print the table.
    Returns 0 when every step ran and reached its expected decision."""
    requirements = read_requirements()
    if python:
        check_interpreter(python, requirements)
        interpreter = python
    else:
        interpreter = demo_python(requirements, out)
    where = directory or tempfile.mkdtemp(prefix="playgate-demo-")
    repo = make_demo_repo(where)
    code = install(repo, python=interpreter, out=lambda line: None)
    if code != 0:
        raise InstallError(f"installing into the demo repository {repo} failed")
    with open(_join(repo, SETTINGS), encoding="utf-8") as fh:
        settings = json.load(fh)
    out("playgate demo: a scripted Claude Code session replayed through the installed hooks")
    out(f"repository {repo} (hook interpreter {interpreter})")
    out("each hook runs as Claude Code runs it: the registered command via sh -c, "
        "CLAUDE_PROJECT_DIR set, the event JSON on stdin")
    out("")
    width = min(max(shutil.get_terminal_size((120, 24)).columns, 100), 160)
    header = (f"{'#':>2}  {'what happens':<32} {'event':<12} {'tool':<6} {'target':<28} "
              f"{'decision':<8} {'ms':>5}")
    out(header)
    out("-" * len(header))
    failures = 0
    counts = {"allow": 0, "context": 0, "block": 0, "error": 0}
    for n, step in enumerate(script, 1):
        payload = _payload(repo, step, n)
        result = call_hooks(repo, settings, payload)
        decision = result["decision"]
        counts[decision] += 1
        expected = step.get("expect")
        expected = (expected,) if isinstance(expected, str) else tuple(expected or ())
        ok = decision != "error" and (not expected or decision in expected)
        reason = " ".join((result["reason"] or "").split())
        if ok and decision != "block":
            try:
                _apply_tool(repo, step)
            except InstallError as exc:
                ok, reason = False, f"{reason} [{exc}]".strip()
        if not ok:
            failures += 1
            reason = (f"UNEXPECTED: wanted {' or '.join(expected) or 'no error'}. "
                      + reason).strip()
        who = step["note"] + (f" ({step['agent']})" if step.get("agent") else "")
        shown = decision.upper() if decision in ("block", "error") else decision
        out(f"{n:>2}  {_clip(who, 32):<32} {step['event']:<12} {step.get('tool', ''):<6} "
            f"{_clip(_target(step), 28):<28} {shown:<8} {result['ms']:>5.0f}")
        if reason:
            lines = textwrap.wrap(reason, width - 8) or [""]
            if len(lines) > 3:
                lines = lines[:3]
                lines[-1] = _clip(lines[-1], width - 9) + " …"
            for line in lines:
                out(f"      {'!' if not ok else ' '} {line}")
    out("")
    summary = (f"{len(script)} steps: {counts['block']} blocked, {counts['context']} with "
               f"context, {counts['allow']} allowed")
    if failures:
        out(f"{summary}; {failures} did not go as scripted (marked above).")
    else:
        out(f"{summary}; every decision as scripted.")
    out(f"The demo repository stays at {repo}; look around (state.md, play/demo/, .claude/) "
        "and delete it when done.")
    return 1 if failures else 0


# ------------------------------------------------------------------ main


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(
        prog="install.py", description="Install the playgate hook suite into a git repository.",
        epilog="Exit codes: 0 done (or nothing to do), 1 a step failed, 2 refused "
               "(nothing written).")
    parser.add_argument("repo", nargs="?", help="the git repository (its top-level directory)")
    parser.add_argument("--python", metavar="PATH",
                        help="use this interpreter (Python >= 3.10 with the runtime "
                             "dependencies) instead of creating .claude/.venv")
    parser.add_argument("--dry-run", action="store_true", help="print the plan, write nothing")
    parser.add_argument("--yes", action="store_true",
                        help="declare the project's detected test/lint/build commands as "
                             "project_commands without asking")
    parser.add_argument("--uninstall", action="store_true",
                        help="remove what the install added and restore settings/.gitignore")
    parser.add_argument("--demo", nargs="?", const="", metavar="DIR",
                        help="create a throw-away repository (DIR, default a new temp dir), "
                             "install into it and replay a scripted session")
    args = parser.parse_args(argv)
    try:
        if args.demo is not None:
            if args.repo or args.uninstall or args.dry_run:
                parser.error("--demo takes only an optional DIR and --python")
            return run_demo(args.demo or None, args.python)
        if not args.repo:
            parser.error("name the repository: python install.py /path/to/repo")
        if args.uninstall:
            if args.python:
                parser.error("--uninstall does not take --python")
            return uninstall(args.repo, dry_run=args.dry_run)
        code = install(args.repo, python=args.python, dry_run=args.dry_run)
        if code == 0:  # issue 14 item 4: propose project_commands, write them only if agreed
            from playgate.detect_commands import ask_terminal, offer

            offer(check_target(args.repo), assume_yes=args.yes, dry_run=args.dry_run,
                  ask=ask_terminal if sys.stdin.isatty() else None)
        return code
    except Refusal as exc:
        sys.stderr.write(f"playgate: refused: {exc}\n")
        return 2
    except InstallError as exc:
        sys.stderr.write(f"playgate: failed: {exc}\n")
        return 1
    except KeyboardInterrupt:
        sys.stderr.write("playgate: interrupted\n")
        return 130


if __name__ == "__main__":
    sys.exit(main())
