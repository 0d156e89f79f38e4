"""Where every state file lives, the project root, and path normalisation.

SPEC §1 "Project root and paths" and §2. All repo-relative paths here use
forward slashes. Nothing in this module imports more than ``os``.
"""

from __future__ import annotations

import os
import sys

STATE_MD = "state.md"
CLAUDE_DIR = ".claude"
SESSION_INIT = ".claude/.session-init"
PENDING = ".claude/.session-init/pending"
REQUIRED_PLAYBOOK = ".claude/.session-init/required_playbook"
READ_DIR = ".claude/.session-init/read"
CONSENT = ".claude/.session-init/consent"
SESSION_STATE = ".claude/session-state"
POST_LOOP_PENDING = ".claude/session-state/post-loop-pending"
LAST_FAIL_REASON = ".claude/session-state/last-fail-reason"
ITERATION_COUNT = ".claude/session-state/iteration-count"
PROMPT_ANALYZER_CALLED = ".claude/session-state/prompt-analyzer-called"
LOGS = ".claude/logs"
ERRORS_LOG = ".claude/logs/errors.log"
PROTECTED_FILES = ".claude/protected-files.txt"
#: The project's custom rules (:mod:`shell.custom_rules`).
CUSTOM_RULES = ".claude/playgate-rules.yaml"
#: install.py's manifest: every file it wrote, with hashes (:mod:`playgate.installer.manifest`).
MANIFEST = ".claude/playgate.json"
#: The committed pin of an install: the suite version and hash every clone
#: must run and where a clone gets it (:mod:`playgate.installer.pin`).
PIN = ".claude/playgate-pin.json"
#: Derived data (parsed state.md and config), keyed on file identity. Not committed.
CACHE_DIR = ".claude/.cache"
#: The lock that serialises state writes across parallel hook processes.
LOCK_FILE = ".claude/.cache/state.lock"
#: The post-loop skill's handler where install.py puts it; Claude runs it with
#: ``python3 <this>`` (see :func:`post_loop_command` for the plugin).
POST_LOOP_HANDLER = ".claude/skills/post-loop/handler.py"
#: The running suite's own directory (holding hooks/, guards/, statefiles/,
#: skills/): ``<project>/.claude`` after install.py, the plugin root
#: (``$CLAUDE_PLUGIN_ROOT``) for the plugin, the checkout in development.
SUITE_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
#: Optional map of which files depend on which (check-file-dependencies).
FILE_DEPENDENCIES = ".claude/file-dependencies.json"
PLAY_DIR = "play"
PLAY_TEMPLATE = "play/template"
PLAY_ARCHIVE = "play/archive"

# Lifecycle (PostToolUse archive, PreCompact/SessionStart resume,
# SessionEnd, subagent and notification logs).
#: The archive engine's checkpoint (statefiles.checkpoint); resumable after a crash.
ARCHIVE_CHECKPOINT = ".claude/session-state/archive-checkpoint.json"
#: Held by the process running the archive engine (never blocks: a second
#: process that finds it held leaves the work to the holder).
ARCHIVE_LOCK = ".claude/.cache/archive.lock"
#: The resume pointer PreCompact saves and SessionStart(compact) injects.
RESUME_POINTER = ".claude/session-state/resume.json"
#: What SessionEnd found (uncommitted/unpushed work); reported at the next start.
SESSION_END_REPORT = ".claude/session-state/session-end.json"
SUBAGENT_LOG = ".claude/logs/subagent-dispatch.log"
NOTIFICATIONS_LOG = ".claude/logs/notifications.log"
ARCHIVE_LOG = ".claude/logs/archive.log"
SESSIONS_LOG = ".claude/logs/sessions.log"
#: Every gate decision of every hook, one JSON line each (events.decisionlog;
#), and the lock its rotation takes.
DECISIONS_LOG = ".claude/logs/decisions.jsonl"
DECISIONS_LOCK = ".claude/.cache/decisions-log.lock"
#: Scratch space of a playbook (``play/<id>/tmp/``), emptied when it is archived.
PLAYBOOK_TMP = "tmp"


#: The repository whose ``.claude/`` holds the hook that runs in this process,
#: set by ``hooks/_bootstrap.py`` when the suite is install.py's copy (its
#: manifest ``.claude/playgate.json`` beside it); ``""`` for a plugin, a
#: checkout or the CLI.
INSTALLED_PROJECT = ""


def project_root(cwd: str = "", env: dict | None = None) -> str:
    """The project root (SPEC §1): ``$CLAUDE_PROJECT_DIR`` if it names a
    directory, else the repository the running hook is installed in
    (:data:`INSTALLED_PROJECT`: a payload typed by hand, without a ``cwd``
    and outside Claude Code, is judged against the project whose hook it
    is, not against the caller's directory), else the git top-level above
    ``cwd``, else ``cwd``.

    Returns an absolute, symlink-resolved path. ``cwd`` defaults to the
    process working directory.
    """
    env = os.environ if env is None else env
    explicit = env.get("CLAUDE_PROJECT_DIR") or INSTALLED_PROJECT
    if explicit and os.path.isdir(explicit):
        return os.path.realpath(explicit)
    start = os.path.realpath(cwd or os.getcwd())
    top = git_toplevel(start)
    return top or start


def working_dir(cwd: str = "", env: dict | None = None) -> str:
    """The shell's working directory for a hook call: the payload's ``cwd``;
    for a hand-typed payload without one, ``$CLAUDE_PROJECT_DIR`` when it names
    a directory (where Claude Code starts the shell), else the hook process's
    own working directory, as seed 000's permission hook took it.
    Absolute; ``cwd`` is returned as given when set."""
    if cwd:
        return cwd
    env = os.environ if env is None else env
    explicit = env.get("CLAUDE_PROJECT_DIR") or ""
    if explicit and os.path.isdir(explicit):
        return os.path.abspath(explicit)
    return os.getcwd()


def git_toplevel(start: str) -> str:
    """The nearest ancestor of ``start`` (inclusive) that holds ``.git``
    (directory or worktree file), or ``""``."""
    path = start
    while True:
        if os.path.exists(os.path.join(path, ".git")):
            return path
        parent = os.path.dirname(path)
        if parent == path:
            return ""
        path = parent


def join(root: str, rel: str) -> str:
    """``root`` joined with a forward-slash repo-relative path."""
    return os.path.join(root, *rel.split("/"))


class ResolvedPath:
    """A tool's target path after normalisation.

    Attributes:
        given: the path exactly as the tool input carried it.
        abs: absolute, ``..`` resolved, symlinks resolved where they exist.
        rel: forward-slash path relative to the project root, or ``None`` when
            the target is outside the project.
        variants: repo-relative spellings to test against *block* lists
            (protected files): ``rel`` plus the Windows reading of backslashes,
            Unicode NFC/NFKC forms and case-folded forms, with trailing dots and
            spaces stripped from components. Allow-lists must compare ``rel``
            only; block-lists compare every variant, so a protected file reached
            by any spelling is still protected.
        abs_forms: absolute spellings for absolute block-list patterns
            (``~/.ssh/**``): the real path, the lexical one and the Windows
            reading of backslashes.
    """

    __slots__ = ("given", "abs", "rel", "variants", "abs_forms", "root")

    def __init__(self, given: str, abs_path: str, rel: str | None, variants: frozenset,
                 abs_forms: frozenset = frozenset(), root: str | None = None) -> None:
        self.given = given
        self.abs = abs_path
        self.rel = rel
        self.variants = variants
        self.abs_forms = abs_forms or frozenset({abs_path})
        #: the project root ``rel`` is relative to (for same-file checks)
        self.root = root

    @property
    def inside(self) -> bool:
        """The path is inside the project root (``rel`` is known)."""
        return self.rel is not None

    def is_(self, rel: str) -> bool:
        """True when this path is the repo-relative file ``rel`` by real
        location: the same spelling, or — on a case-insensitive file system —
        a case variant that is the very same file (same device and inode). A
        case variant on a case-sensitive file system is another file."""
        if self.rel == rel:
            return True
        return (self.rel is not None and self.root is not None
                and self.rel.casefold() == rel.casefold()
                and same_file(self.abs, join(self.root, rel)))

    def under(self, rel_dir: str) -> bool:
        """True when this path is ``rel_dir`` or inside it (whole components),
        by real location (case variants only when they are the same directory,
        see :meth:`is_`)."""
        if self.rel is None:
            return False
        rel_dir = rel_dir.rstrip("/")
        if self.rel == rel_dir or self.rel.startswith(rel_dir + "/"):
            return True
        folded, want = self.rel.casefold(), rel_dir.casefold()
        if self.root is None or not (folded == want or folded.startswith(want + "/")):
            return False
        head = self.rel[:len(rel_dir)]
        return same_file(join(self.root, head), join(self.root, rel_dir))

    def __repr__(self) -> str:
        return f"ResolvedPath({self.rel if self.rel is not None else self.abs!r})"


def same_file(a: str, b: str) -> bool:
    """``a`` and ``b`` name the same existing file or directory (device and
    inode); ``False`` when either is missing or cannot be examined."""
    try:
        sa, sb = os.stat(a), os.stat(b)
    except (OSError, ValueError):
        return False
    return (sa.st_dev, sa.st_ino) == (sb.st_dev, sb.st_ino)


def relative_to(abs_path: str, root: str) -> str | None:
    """Forward-slash path of ``abs_path`` under ``root``; ``None`` when outside.
    Compares whole components, never substrings."""
    if abs_path == root:
        return "."
    prefix = root if root.endswith(os.sep) else root + os.sep
    if not abs_path.startswith(prefix):
        return None
    return abs_path[len(prefix):].replace(os.sep, "/")


def clean_components(rel: str) -> str:
    """``rel`` (``/``-separated) as Windows reads it, for block-list matching:
    trailing dots and spaces of each component dropped (``state.md.`` is
    state.md), an NTFS data-stream suffix (``name::$DATA``) dropped, empty
    and ``.`` components dropped."""
    parts = []
    for p in rel.split("/"):
        low = p.lower()
        if low.endswith("::$data"):
            p = p[:-7]
        elif low.endswith(":$data"):
            p = p[:-6]
        parts.append(p.rstrip(". ") or p)
    return "/".join(p for p in parts if p not in ("", "."))


def _real(path: str) -> str:
    """``os.path.realpath`` that never raises (a path the OS cannot take —
    embedded NUL, unencodable characters — is normalised lexically)."""
    try:
        return os.path.realpath(path)
    except (ValueError, OSError):
        return os.path.normpath(path)


#: ``/proc`` entries that name the *calling* process: resolved here they would
#: name the hook process, not Claude Code, which performs the write.
_PROC_SELF = ("/proc/self/", "/proc/thread-self/")


def _proc_self(path: str, cwd: str) -> str:
    """``/proc/self/cwd/x`` as the tool will read it: relative to the session's
    working directory (the hook's own cwd may differ); ``/proc/self/root/x``
    is ``/x``. Other paths are returned unchanged."""
    for prefix in _PROC_SELF:
        if path.startswith(prefix):
            rest = path[len(prefix):]
            head, _, tail = rest.partition("/")
            if head == "cwd":
                return os.path.join(cwd, tail) if tail else cwd
            if head == "root":
                return "/" + tail
    return path


def resolve(path: str, root: str, cwd: str = "") -> ResolvedPath:
    """Normalise a tool's path argument against the project ``root``
    (SPEC §1 "Project root and paths").

    Args:
        path: the path as the tool input carried it (absolute, relative, with
            ``..``, ``./``, ``//``, ``~``, backslashes...).
        root: the project root, absolute and symlink-resolved.
        cwd: base for relative paths (default: ``root``).

    Returns:
        ``rel`` is the *real* location (symlinks resolved where they exist,
        ``..`` resolved) relative to ``root``; allow-lists compare it only.
        ``variants`` adds every other reading for block-lists: the lexical
        spelling before symlinks are followed (a protected name that is itself
        a symlink to somewhere else is still the protected name), the Windows
        reading of backslashes, trailing dots/spaces and ``::$DATA`` removed,
        Unicode NFC/NFKC forms, and case-folded forms.
    """
    given = path
    if path.startswith("~"):
        path = os.path.expanduser(path)
    base = cwd or root
    path = _proc_self(path, base)
    joined = path if os.path.isabs(path) else os.path.join(base, path)
    abs_path = _real(joined)
    rel = relative_to(abs_path, root)
    variants = set()
    if rel is not None:
        variants.add(rel)
    candidates = [joined]
    # Windows-style spelling: backslashes as separators.
    if "\\" in given:
        alt = given.replace("\\", "/")
        if alt.startswith("~"):
            alt = os.path.expanduser(alt)
        candidates.append(alt if os.path.isabs(alt) else os.path.join(base, alt))
    abs_forms = {abs_path}
    for candidate in candidates:
        for form in (os.path.normpath(candidate), _real(candidate)):
            abs_forms.add(form)
            alt_rel = relative_to(form, root)
            if alt_rel is not None:
                variants.add(alt_rel)
    expanded = set()
    for v in variants:
        c = clean_components(v)
        expanded.add(c)
        if not c.isascii():
            import unicodedata  # lazy: non-ASCII paths only

            expanded.add(unicodedata.normalize("NFC", c))
            expanded.add(unicodedata.normalize("NFKC", c))
    folded = {v.casefold() for v in expanded}
    return ResolvedPath(given, abs_path, rel, frozenset(variants | expanded | folded),
                        frozenset(abs_forms), root)


def suite_post_loop_handler() -> str:
    """Absolute path of the running suite's post-loop handler
    (``SUITE_ROOT/skills/post-loop/handler.py``): the project's
    :data:`POST_LOOP_HANDLER` after install.py, the plugin's own otherwise."""
    return os.path.join(SUITE_ROOT, "skills", "post-loop", "handler.py")


def repair_command(root: str = "") -> str:
    """The one command that sets up or repairs the running suite for the
    route it was installed by, as printed in messages:

    * install.py / ``playgate install`` (the suite is ``<project>/.claude``):
      ``python3 .claude/playgate install .``, run in the repository — the
      committed entry point, which installs the pinned suite into a clone;
    * the plugin: its bootstrap, ``python3 "<plugin root>/playgate/bootstrap.py"
      --data "<plugin data>"``;
    * a development checkout: ``python3 <checkout>/install.py <project>``.

    ``root``: the project (default :func:`project_root` is not consulted; an
    empty root prints ``<repo>``). Only ``os``; paths are double-quoted when
    they need it (no ``shlex``: this runs on error paths of hooks)."""
    suite = SUITE_ROOT
    if os.path.basename(suite) == CLAUDE_DIR and os.path.isfile(
            os.path.join(suite, "playgate", "__main__.py")):
        return "python3 .claude/playgate install ."
    if os.path.isfile(os.path.join(suite, "install.py")):
        return f"python3 {_q(os.path.join(suite, 'install.py'))} {_q(root) if root else '<repo>'}"
    data = os.environ.get("CLAUDE_PLUGIN_DATA") or "<plugin data directory>"
    return f"python3 {_q(os.path.join(suite, 'playgate', 'bootstrap.py'))} --data {_q(data)}"


def _q(path: str) -> str:
    """``path`` as one shell word for a message: as it is when it holds only
    safe characters, else double-quoted."""
    if path and all(c.isalnum() or c in "/._-+,:@%=" for c in path):
        return path
    return '"' + path.replace("\\", "\\\\").replace('"', '\\"').replace("$", "\\$") \
        .replace("`", "\\`") + '"'


def post_loop_command(root: str) -> str:
    """The command Claude is told to run for the post-loop (seed 002 §8, SPEC §3).

    ``python3 .claude/skills/post-loop/handler.py`` when the project has the
    handler (install.py). Otherwise (the plugin) the running suite's handler
    run by the hooks' own interpreter, which has the dependencies: e.g.
    ``/home/u/.claude/plugins/data/playgate-playgate/venv/bin/python
    /home/u/.claude/plugins/cache/.../skills/post-loop/handler.py``, each path
    shell-quoted when it needs it. Both are what bash-check and main-branch let
    through while the post-loop is pending (``workflow.shared.is_post_loop_handler``).
    """
    if os.path.isfile(join(root, POST_LOOP_HANDLER)):
        return f"python3 {POST_LOOP_HANDLER}"
    import shlex  # lazy: shlex imports re (~4 ms); only when the command is named

    return f"{shlex.quote(sys.executable or 'python3')} {shlex.quote(suite_post_loop_handler())}"
