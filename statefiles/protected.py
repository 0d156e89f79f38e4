"""protected-files.txt: levels, globs, and the suite's own floor.

SPEC §2 "protected-files.txt" and §7. One entry a line, ``LEVEL:pattern``;
``#`` starts a comment; blank lines are ignored; a line without a level prefix
is ``BLOCK``. Levels:

* ``HARD_BLOCK`` — blocked in every security mode;
* ``BLOCK`` — strict: blocked; trusted: warn and allow; developer/admin: allow;
* ``WARN`` — allowed with a warning.

Patterns are globs relative to the project root: ``*`` and ``?`` stay within
one path component, ``**`` crosses components (``.claude/hooks/**``), and a
pattern starting with ``~/`` or ``/`` is absolute (``~/.claude/settings.json``).
A pattern names a file or a directory; a directory pattern protects everything
below it. Matching is done on every spelling of the target (see
``layout.ResolvedPath.variants``) and ignores case, so a protected file is
protected however it is written.

A wildcard never reaches into an installed-package directory
(:data:`PACKAGE_DIRS`: ``site-packages``, ``node_modules``...): ``**/*.pem``
protects the project's keys, not certifi's public CA bundle in
``.venv/lib/python3.12/site-packages/certifi/cacert.pem``, so installing into
or removing a virtualenv is not a write to a secret. A pattern that names
such a directory literally (``node_modules/app/*.pem``) still reaches in, and
so does a pattern whose literal part covers the tree
(``.claude/.venv/**``, the suite's own environment). Only the directory's
*name* counts, never a marker file (``pyvenv.cfg``) or ``.gitignore``: an
agent can write those next to a real secret, while giving a secret such a
name means moving it, which is a write to the protected file; and every
spelling of the target is judged, so a symlink from ``node_modules/`` to a
secret is as protected as the secret.

:data:`FLOOR` is always in force, whatever the file says: the suite's own
files, settings and state caches are HARD_BLOCK so that Claude cannot switch
the gate off (bypass family G).
"""

from __future__ import annotations

import os
from stat import S_ISDIR

from statefiles import layout
from statefiles.atomic import read_bytes

LEVELS = ("HARD_BLOCK", "BLOCK", "WARN")

#: Directories package managers install into (case-folded names). A
#: wildcard of a protection pattern does not match them or anything below
#: them; a literal component does (see the module docstring).
PACKAGE_DIRS = frozenset({"site-packages", "dist-packages", "node_modules", "__pypackages__",
                          "bower_components"})
#: Strength order: a path matched by several entries gets the strongest level.
_RANK = {"WARN": 1, "BLOCK": 2, "HARD_BLOCK": 3}

#: The suite's own files (SPEC §2). Not removable by protected-files.txt.
FLOOR = (
    ".claude/settings.json",
    ".claude/settings.local.json",
    ".claude/settings*.json",
    ".claude/hooks/**",
    ".claude/events/**",
    ".claude/guards/**",
    ".claude/workflow/**",
    ".claude/statefiles/**",
    ".claude/shell/**",
    ".claude/permission/**",
    ".claude/messages/**",
    ".claude/playgate/**",
    ".claude/.venv/**",
    ".claude/.cache/**",
    # Hook-written records (audit log, subagent dispatches, critic runs): Claude
    # reads them but must not rewrite them.
    ".claude/logs/**",
    # Session markers the hooks create and clear (init-guard's pending and
    # reads, consent): clearing them by hand would skip the check they enforce.
    ".claude/.session-init/**",
    ".claude/protected-files.txt",
    ".claude/permission-config.yaml",
    ".claude/permission-config.local.yaml",
    # The project's custom rules: Claude must not lift its own rules.
    layout.CUSTOM_RULES,
    layout.MANIFEST,
    # Which suite a clone installs, and from where: Claude must not redirect it.
    layout.PIN,
    # install.py's backups of the user's files: --uninstall restores from them.
    ".claude/.playgate-backup/**",
    ".claude/skills/post-loop/**",
    ".claude/skills/playbook-init/**",
    ".claude/skills/prompt-analyzer/**",
    ".claude/skills/understanding-check/**",
    ".claude/skills/state/**",
    ".claude/skills/sdd-roadmap/**",
    ".claude/skills/breezing/**",
    # The crew workflow's skill: its scripts (approved by the permission gate),
    # templates and the configuration example; its agents; the user's config.
    ".claude/skills/crew/**",
    ".claude/crew-config.yaml",
    ".claude/agents/pm.md",
    ".claude/agents/reviewer.md",
    ".claude/agents/critic.md",
    ".claude/agents/prompt-analyzer.md",
    ".claude/agents/executor-resolver.md",
    ".claude/agents/codex-delegate.md",
    ".claude/agents/coderabbit-delegate.md",
    # seed 003's framework agents (sync-sdd): sdd-{role}[-{specialization}].md
    ".claude/agents/sdd-*.md",
    ".claude/agents/task-worker.md",
    ".claude/agents/codex-implementer.md",
    ".claude/agents/code-reviewer.md",
    ".claude/agents/plan-analyst.md",
    ".claude/agents/plan-critic.md",
    # The breezing session's records the hooks write from what they saw
    # (seed 001): the reviewer's verdict, the task ledger and role markers,
    # the user's request, the signals and the timeline.
    ".claude/state/review-result.json",
    ".claude/state/breezing-progress.json",
    ".claude/state/breezing-request.json",
    ".claude/state/breezing-signals.jsonl",
    ".claude/state/breezing-timeline.jsonl*",
    ".claude/agents/crew-decomposer.md",
    ".claude/agents/crew-plan-reviewer.md",
    ".claude/agents/crew-researcher.md",
    ".claude/agents/crew-writer.md",
    ".claude/agents/crew-coder.md",
    ".claude/agents/crew-reviewer.md",
    ".claude/agents/crew-aggregator.md",
    ".claude/agents/crew-retrospector.md",
    ".claude/agents/crew-memory-writer.md",
    ".mcp.json",
    # The Claude Code plugin's code, marketplaces and environment.
    "~/.claude/plugins/**",
    "~/.claude/settings.json",
    "~/.claude/settings.local.json",
    # The user's own Claude Code configuration: its hooks,
    # permissions and MCP servers decide what runs in every session.
    "~/.claude.json",
    "~/.claude.json.backup",
    "~/.claude/settings*.json",
    "~/.claude/managed-settings.json",
    "~/.claude/hooks/**",
    "/etc/claude-code/**",
)


class Entry:
    """One protection rule.

    Attributes:
        level: ``HARD_BLOCK``, ``BLOCK`` or ``WARN``.
        pattern: the glob as written (backslashes read as ``/``).
        line: line number in protected-files.txt (0: the suite's floor).
        absolute: the pattern starts with ``/`` or ``~/``.
        prefix: the case-folded literal text before the first wildcard of a
            relative pattern (``""`` for an absolute one): a path that does
            not start with it cannot match.
    """

    __slots__ = ("level", "pattern", "line", "absolute", "prefix", "_regex", "_comps",
                 "_abs")

    def __init__(self, level: str, pattern: str, line: int) -> None:
        self.level = level
        # Windows spelling in the list file: backslashes are separators.
        self.pattern = pattern = pattern.replace("\\", "/")
        self.line = line
        self.absolute = pattern.startswith(("/", "~/"))
        # A cheap pre-filter so that most entries are rejected with one string
        # comparison (hot path).
        self.prefix = _literal_prefix(pattern.casefold()) if not self.absolute else ""
        self._regex = None
        self._comps = None
        self._abs = None

    @property
    def regex(self):
        """The compiled :func:`glob_to_regex` of the pattern, for callers that
        want a regex (it answers like :meth:`matches_rel` on paths without
        empty or ``.`` components; matching itself uses :func:`glob_match`)."""
        if self._regex is None:
            import re  # lazy: ~3 ms, and no hook path asks for a regex

            self._regex = re.compile(glob_to_regex(self.pattern), re.IGNORECASE)
        return self._regex

    def matches_rel(self, rel: str) -> bool:
        """True when the repo-relative ``rel`` (one spelling; case ignored) is
        covered: the pattern matches ``rel`` or a directory above it
        (:func:`glob_match`)."""
        return self._covers(_normal(rel.casefold()))

    def _covers(self, path: str) -> bool:
        """:meth:`matches_rel` for a path already case-folded and normalised
        (:func:`_normal`); wildcards stop at installed-package directories
        (:func:`_match_sealed`)."""
        if self.prefix and not path.startswith(self.prefix):
            return False
        if self._comps is None:
            self._comps = pattern_components(self.pattern)
        return _match_sealed(self._comps, path)

    def matches_abs(self, forms, home: str) -> bool:
        """For an absolute entry: True when one of the absolute paths ``forms``
        (``ResolvedPath.abs_forms``; case ignored) is covered, with ``~/`` in
        the pattern read as ``home``."""
        cached = self._abs
        if cached is None or cached[0] != home:
            pattern = _expand_home(self.pattern, home)
            cached = self._abs = (home, _literal_prefix(pattern.casefold()),
                                  pattern_components(pattern))
        _, prefix, comps = cached
        for form in forms:
            path = _normal(form.casefold())
            if path.startswith(prefix) and _match_sealed(comps, path):
                return True
        return False

    def __repr__(self) -> str:
        return f"Entry({self.level}:{self.pattern})"


# ----------------------------------------------------------------------- globs
#
# The one glob matcher of the suite: protected-files.txt entries,
# bash-check's view of them, spec_paths (workflow.team) and the playbook's
# scope globs all read a glob the same way:
#
# * ``*`` and ``?`` stay within one path component, ``**`` as a component
#   stands for any number of components (none included), ``**`` inside a
#   component (``a**b``) crosses components; no ``[...]`` classes;
# * case is ignored;
# * empty and ``.`` components are dropped from the pattern and the path
#   (``a//b``, ``./a``, ``a/./b`` read as ``a/b``; a leading ``/`` stays:
#   an absolute pattern never matches a relative path);
# * a match also covers everything below it (a directory pattern protects
#   the tree; ``dir/**`` covers ``dir`` itself).
#
# There used to be three matchers. workflow/team.py read spec_paths
# without the "covers everything below" rule and kept ``**`` inside a
# component within it; protected.py and bash_check.py kept empty and ``.``
# components as literal ones. Where they differed the one matcher takes the
# reading that matches more (protects more); tests/statefiles/test_protected_matcher.py
# checks it against the three wherever they agreed.


def _is_clean(text: str) -> bool:
    """``text`` has no empty or ``.`` component (but perhaps a leading ``/``)."""
    return ("//" not in text and "/./" not in text and not text.startswith("./")
            and not text.endswith(("/", "/.")) and text != ".")


def _normal(text: str) -> str:
    """``text`` without empty and ``.`` components (a leading ``/`` kept;
    nothing left reads as ``""``). Costs five substring tests for a path that
    is already clean."""
    if _is_clean(text):
        return text
    parts = text.split("/")
    kept = [p for p in parts if p and p != "."]
    return "/".join([""] + kept if parts[0] == "" and kept else kept)


def _literal_prefix(pattern: str) -> str:
    """The literal text of a (case-folded) pattern before its first
    wildcard, normalised, without a trailing ``/``."""
    body = _normal(pattern.strip())
    cut = min([i for i in (body.find("*"), body.find("?")) if i >= 0] or [len(body)])
    return body[:cut].rstrip("/")


def _components(pattern: str) -> list:
    """The normalised components of ``pattern`` (stripped), trailing ``**``
    components dropped (``dir/**`` covers ``dir`` itself; a match covers
    what is below it anyway)."""
    comps = _normal(pattern.strip()).split("/")
    while len(comps) > 1 and comps[-1] == "**":
        comps.pop()
    return comps


def glob_to_regex(pattern: str) -> str:
    """Regex for a protected-files glob, to be matched case-insensitively
    against a path without empty or ``.`` components: ``*``/``?`` within a
    component, ``**`` across components; a match also covers everything
    below it."""
    return _regex_text("/".join(_components(pattern)))


def _regex_text(pat: str) -> str:
    """:func:`glob_to_regex` for ``pat`` already reduced to its components
    (joined with ``/``)."""
    import re  # lazy: ~3 ms; only the regex fallback and tests use it

    out = []
    i = 0
    while i < len(pat):
        c = pat[i]
        if pat.startswith("**/", i):
            out.append("(?:.*/)?")
            i += 3
            continue
        if pat.startswith("**", i):
            out.append(".*")
            i += 2
            continue
        if c == "*":
            out.append("[^/]*")
        elif c == "?":
            out.append("[^/]")
        else:
            out.append(re.escape(c))
        i += 1
    return "^" + "".join(out) + "(?:/.*)?$"


def pattern_components(pattern: str):
    """The pattern as case-folded, normalised components for
    :func:`glob_match` (a tuple of strings). A component that mixes ``**``
    with other text (``a**b``, which crosses components) cannot be matched
    component-wise; then the compiled regex (:func:`glob_to_regex`) is
    returned instead."""
    comps = _components(pattern.casefold())
    if any("**" in c and c != "**" for c in comps):
        import re  # lazy: only for a pattern with "**" inside a component

        return re.compile(glob_to_regex(pattern), re.IGNORECASE)
    return tuple(comps)


def _component_match(pat: str, name: str) -> bool:
    """``*`` (any run) and ``?`` (one character) within one path component;
    every other character is literal (no ``[...]`` classes)."""
    if "*" not in pat and "?" not in pat:
        return pat == name
    p = n = 0
    star = -1
    mark = 0
    while n < len(name):
        if p < len(pat) and (pat[p] == "?" or pat[p] == name[n]):
            p += 1
            n += 1
        elif p < len(pat) and pat[p] == "*":
            star, mark = p, n
            p += 1
        elif star >= 0:
            p = star + 1
            mark += 1
            n = mark
        else:
            return False
    while p < len(pat) and pat[p] == "*":
        p += 1
    return p == len(pat)


def glob_match(comps, path: str) -> bool:
    """True when the glob (``comps`` from :func:`pattern_components`) matches
    ``path`` (already case-folded) or a directory above it, with the
    semantics above. Same answers as :func:`glob_to_regex` on the normalised
    path, without importing ``re`` on the hot path."""
    return _match(comps, _normal(path))


def _match(comps, path: str) -> bool:
    """:func:`glob_match` for a path already normalised (:func:`_normal`)."""
    if not isinstance(comps, tuple):  # a regex, see pattern_components
        return comps.match(path) is not None
    parts = path.split("/")
    n_comps, n_parts = len(comps), len(parts)

    def rec(i: int, j: int) -> bool:
        """Components ``comps[i:]`` match path parts ``parts[j:]``."""
        while i < n_comps:
            c = comps[i]
            if c == "**":
                # Collapse runs of ** and try every split point.
                while i + 1 < n_comps and comps[i + 1] == "**":
                    i += 1
                if i + 1 == n_comps:
                    return True
                return any(rec(i + 1, k) for k in range(j, n_parts))
            if j >= n_parts or not _component_match(c, parts[j]):
                return False
            i += 1
            j += 1
        return True

    return rec(0, 0)


def _in_package_dir(path: str) -> bool:
    """``path`` (case-folded, normalised) has a :data:`PACKAGE_DIRS`
    component. A substring test first: most paths have no ``-packages``,
    ``node_modules`` or ``_components`` in them at all."""
    if "packages" not in path and "node_modules" not in path and "_components" not in path:
        return False
    return any(part in PACKAGE_DIRS for part in path.split("/"))


def _match_sealed(comps, path: str) -> bool:
    """:func:`_match` for protection entries: a wildcard (``*``, ``?``,
    ``**``) never matches a :data:`PACKAGE_DIRS` component, a literal
    component does; a match still covers everything below it. ``path`` is
    case-folded and normalised. Costs :func:`_match` plus one substring test
    for a path outside installed packages."""
    if not _match(comps, path):
        return False
    if not _in_package_dir(path):
        return True
    if not isinstance(comps, tuple):
        # A regex pattern ("a**b" inside a component): it reaches into a
        # package directory only when it names every one on the path.
        text = comps.pattern
        return all(part not in PACKAGE_DIRS or part.replace("-", "\\-") in text
                   or part in text for part in path.split("/"))
    parts = path.split("/")
    n_comps, n_parts = len(comps), len(parts)
    sealed = [part in PACKAGE_DIRS for part in parts]

    def rec(i: int, j: int) -> bool:
        """Components ``comps[i:]`` match path parts ``parts[j:]``, no
        wildcard taking a sealed part."""
        while i < n_comps:
            c = comps[i]
            if c == "**":
                while i + 1 < n_comps and comps[i + 1] == "**":
                    i += 1
                if i + 1 == n_comps:
                    return True     # the rest is covered as "below" a match
                for k in range(j, n_parts):
                    if rec(i + 1, k):
                        return True
                    if sealed[k]:
                        return False   # ** would have to take parts[k]
                return False
            if j >= n_parts or not _component_match(c, parts[j]):
                return False
            if sealed[j] and ("*" in c or "?" in c):
                return False
            i += 1
            j += 1
        return True

    return rec(0, 0)


#: Components of the patterns :func:`matches` has seen (a process reads a
#: handful: spec_paths, scope globs).
_SEEN: dict = {}


def matches(pattern: str, path: str) -> bool:
    """The one glob matcher for a pattern given as text: True when ``pattern``
    matches ``path`` (any case; repo-relative for a relative pattern) or a
    directory above it. Semantics in the comment above :func:`glob_to_regex`;
    protected-files.txt's (SPEC §2). ``pattern`` is used as written (no
    backslash conversion, no ``~``). Never raises for strings."""
    comps = _SEEN.get(pattern)
    if comps is None:
        if len(_SEEN) > 256:
            _SEEN.clear()
        comps = _SEEN[pattern] = pattern_components(pattern)
    return _match(comps, _normal(path.casefold()))


#: Most directory entries searched per protected directory for another name of
#: a hard-linked target (see ProtectedList._hard_link_match).
HARD_LINK_SCAN_LIMIT = 50000


def _expand_home(pattern: str, home: str) -> str:
    return home + pattern[1:] if pattern.startswith("~/") else pattern


def _linked_files(directory: str, limit: int):
    """``{(st_dev, st_ino): [path, ...]}`` of the files under ``directory``
    with more than one name (``st_nlink > 1``), or ``None`` when more than
    ``limit`` entries would have to be searched. Symlinks are not followed.
    One walk answers every hard-linked target of a hook call (a command names
    many paths; each used to walk the directory again: seconds, not ms)."""
    stack = [directory]
    seen = 0
    found: dict = {}
    while stack:
        current = stack.pop()
        try:
            with os.scandir(current) as it:
                for item in it:
                    seen += 1
                    if seen > limit:
                        return None
                    try:
                        if item.is_dir(follow_symlinks=False):
                            stack.append(item.path)
                            continue
                        info = item.stat(follow_symlinks=False)
                    except OSError:
                        continue
                    if info.st_nlink > 1:
                        found.setdefault((info.st_dev, info.st_ino), []).append(item.path)
        except OSError:
            continue
    return found


class ProtectedList:
    """Parsed protection rules (the floor first, then the file's entries).

    Attributes:
        entries: every rule.
        problems: one-line messages about bad lines, each naming the line and
            the fix. A bad line is never dropped silently: an unknown level
            is read as BLOCK.
        unreadable: ``None``, or why protected-files.txt exists but could not
            be read (a directory, a FIFO, too large...): its entries are
            unknown, so the guards that apply them fail closed.
    """

    __slots__ = ("entries", "problems", "root", "unreadable", "_linked", "_by_inode")

    def __init__(self, entries: list, problems: list, root: str | None = None) -> None:
        self.entries = entries
        self.problems = problems
        #: project root, for resolving literal entries to files (hard links)
        self.root = root
        self.unreadable = None
        #: directory -> :func:`_linked_files` (one walk per hook call); None ->
        #: :meth:`_link_plan`
        self._linked = {}
        #: (st_dev, st_ino) -> :meth:`_hard_link_match`'s answer
        self._by_inode = {}

    def match(self, target) -> Entry | None:
        """The strongest entry matching ``target`` (a ``layout.ResolvedPath``),
        or ``None``.

        Relative patterns are tested on every spelling in ``target.variants``,
        absolute ones on ``target.abs_forms`` (case-insensitively). A target
        that is a hard link (more than one name) also matches an entry that
        covers another name of the same inode: writing the link writes the
        protected file (see :meth:`_hard_link_match`).
        """
        return self.match_detail(target)[0]

    def match_detail(self, target) -> tuple:
        """``(entry, linked)``: :meth:`match`'s answer, and whether the entry
        was found only through another name of a hard-linked target (so the
        target's own name is not what the entry protects)."""
        best = None
        home = os.path.expanduser("~")
        abs_forms = getattr(target, "abs_forms", ()) or (target.abs,)
        variants = {_normal(v.casefold()) for v in target.variants}
        for entry in self.entries:
            if entry.absolute:
                hit = entry.matches_abs(abs_forms, home)
            else:
                hit = any(entry._covers(v) for v in variants)
            if hit and (best is None or _RANK[entry.level] > _RANK[best.level]):
                best = entry
        # Checked even after a direct HARD_BLOCK: a hard link that also matches
        # by its own name must still be reported as a link (see protected-edit).
        linked = self._hard_link_match(target)
        if linked is not None and (best is None or _RANK[linked.level] >= _RANK[best.level]):
            return linked, True
        return best, False

    def hard_link_entry(self, path: str) -> Entry | None:
        """The strongest entry covering another name of the file at the
        absolute ``path`` when it is a hard link (file identity, not names:
        :meth:`_hard_link_match`); ``None`` otherwise."""

        class _At:
            __slots__ = ("abs",)

        at = _At()
        at.abs = path
        return self._hard_link_match(at)

    def _hard_link_match(self, target) -> Entry | None:
        """The strongest entry covering another name of ``target``'s inode when
        ``target`` is a hard link (``st_nlink > 1``); ``None`` otherwise.

        Literal entries are compared with one ``stat``. Glob entries with a
        literal directory before their first wildcard (``.claude/hooks/**``,
        ``~/.ssh/**``) have that directory searched for the inode, at most
        :data:`HARD_LINK_SCAN_LIMIT` entries per directory; when the limit is
        reached the suite's own (floor) entries fail closed and count as a
        match. Patterns without a literal directory (``**/*.pem``) are not
        searched. Costs nothing for ordinary files (one ``stat``); each inode and
        directory is looked at once per list (a hook call).
        """
        try:
            st = os.stat(target.abs)
        except (OSError, ValueError):
            return None
        # A directory's link count is its subdirectories, not other names of it.
        if st.st_nlink < 2 or S_ISDIR(st.st_mode):
            return None
        wanted = (st.st_dev, st.st_ino)
        if wanted not in self._by_inode:
            self._by_inode[wanted] = self._inode_match(wanted)
        return self._by_inode[wanted]

    def _inode_match(self, wanted: tuple) -> Entry | None:
        """:meth:`_hard_link_match` for the inode ``wanted`` (``(st_dev,
        st_ino)``), uncached."""
        literal, searched = self._link_plan()
        # The first entry of the highest level wins, as in match_detail.
        best, best_at = None, -1
        for at, entry in literal.get(wanted, ()):
            if best is None or _RANK[entry.level] > _RANK[best.level]:
                best, best_at = entry, at
        for at, entry, directory, comps in searched:
            if best is not None and (_RANK[entry.level], -at) <= (_RANK[best.level], -best_at):
                continue
            if directory not in self._linked:
                self._linked[directory] = _linked_files(directory, HARD_LINK_SCAN_LIMIT)
            linked = self._linked[directory]
            if linked is None:
                if entry.line == 0:
                    best, best_at = entry, at  # too many files to search: the floor fails closed
                continue
            for found in linked.get(wanted, ()):
                rel = layout.relative_to(found, self.root) if not entry.absolute else None
                if _match_sealed(comps, _normal((rel if rel is not None else found).casefold())):
                    best, best_at = entry, at
                    break
        return best

    def _link_plan(self) -> tuple:
        """``(literal, searched)``, built once per list: ``literal`` maps the
        ``(st_dev, st_ino)`` of every existing file a literal entry names to
        ``[(index, entry)]``; ``searched`` lists ``(index, entry, directory,
        components)`` for the glob entries with a literal directory to
        search (``index``: the entry's place in :attr:`entries`)."""
        plan = self._linked.get(None)
        if plan is not None:
            return plan
        root = self.root
        home = os.path.expanduser("~")
        literal: dict = {}
        searched = []
        for at, entry in enumerate(self.entries):
            pat = _expand_home(entry.pattern, home)
            if not entry.absolute:
                if not root:
                    continue
                pat = layout.join(root, pat[2:] if pat.startswith("./") else pat)
            if "*" not in pat and "?" not in pat:
                try:
                    other = os.stat(pat)
                except (OSError, ValueError):
                    continue
                literal.setdefault((other.st_dev, other.st_ino), []).append((at, entry))
                continue
            cut = min(i for i in (pat.find("*"), pat.find("?")) if i >= 0)
            directory = pat[:cut].rsplit("/", 1)[0] if "/" in pat[:cut] else ""
            if not directory or directory == (root or "") or not os.path.isdir(directory):
                continue
            comps = pattern_components(entry.pattern if not entry.absolute
                                       else _expand_home(entry.pattern, home))
            searched.append((at, entry, directory, comps))
        plan = self._linked[None] = (literal, searched)
        return plan

    def match_rel(self, rel: str) -> Entry | None:
        """Like :meth:`match` for a plain repo-relative path (Bash write targets)."""
        best = None
        for entry in self.entries:
            if not entry.absolute and entry.matches_rel(rel):
                if best is None or _RANK[entry.level] > _RANK[best.level]:
                    best = entry
        return best


def suite_floor() -> tuple:
    """The suite's own directory as an absolute HARD_BLOCK pattern when it is
    not a project's ``.claude/`` (which :data:`FLOOR` covers): the Claude Code
    plugin root, wherever the plugin was installed from, and the plugin's data
    directory (``$CLAUDE_PLUGIN_DATA``, its Python environment).
    Editing the code or the interpreter that run the hooks would switch the
    gate off (bypass family G)."""
    suite = layout.SUITE_ROOT
    if os.path.basename(suite) == layout.CLAUDE_DIR:
        return ()
    found = [suite]
    data = os.environ.get("CLAUDE_PLUGIN_DATA") if os.environ.get("CLAUDE_PLUGIN_ROOT") else None
    if data and os.path.isabs(data):
        found.append(data)
    return tuple(p.replace(os.sep, "/").rstrip("/") + "/**" for p in found)


def parse(text: str, label: str = layout.PROTECTED_FILES) -> ProtectedList:
    """Parse protected-files.txt content; the :data:`FLOOR` (and
    :func:`suite_floor`) is prepended."""
    entries = [Entry("HARD_BLOCK", p, 0) for p in FLOOR + suite_floor()]
    problems = []
    # A byte-order mark (a list saved by a Windows editor) is not part of the
    # first entry: read with it, "HARD_BLOCK:x" became an unknown level and
    # was downgraded to BLOCK.
    text = text.removeprefix("\ufeff")
    for lineno, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if " #" in stripped:
            stripped = stripped.split(" #", 1)[0].rstrip()
        level, sep, pattern = stripped.partition(":")
        if sep and len(level) == 1 and level.isalpha() and pattern[:1] in ("/", "\\"):
            problems.append(_text("protected_list.windows_path", label=label, line=lineno,
                                  entry=repr(stripped)))
            entries.append(Entry("BLOCK", stripped, lineno))
            continue
        if not sep or (level.strip().upper() not in LEVELS and not level.strip().isupper()):
            level, pattern = "BLOCK", stripped
        else:
            level = level.strip().upper()
            pattern = pattern.strip()
            if level not in LEVELS:
                problems.append(_text("protected_list.unknown_level", label=label, line=lineno,
                                      level=repr(level)))
                level = "BLOCK"
        if not pattern:
            problems.append(_text("protected_list.no_pattern", label=label, line=lineno))
            continue
        if ".." in pattern.replace("\\", "/").split("/"):
            problems.append(_text("protected_list.dotdot", label=label, line=lineno,
                                  pattern=repr(pattern)))
            continue
        entries.append(Entry(level, pattern, lineno))
    return ProtectedList(entries, problems)


def _text(key: str, /, **fields):
    """A problem of the list as :class:`messages.Text` (the English as
    before, translatable); only a broken list makes one."""
    from messages import Text  # lazy: a broken list only

    return Text(key, **fields)


#: protected-files.txt larger than this is not read (and fails closed).
MAX_BYTES = 1024 * 1024


def load(root: str) -> ProtectedList:
    """Read ``<root>/.claude/protected-files.txt``.

    Missing → the floor only. Present but unreadable (a directory, a FIFO —
    never waited on —, a symlink loop, larger than :data:`MAX_BYTES`) → the
    floor, with ``unreadable`` set and a problem naming the file and the fix:
    the list's entries are unknown, so protected-edit and bash-check refuse
    writes until it is repaired (fail closed).
    """
    path = layout.join(root, layout.PROTECTED_FILES)
    unreadable = None
    try:
        data = read_bytes(path, MAX_BYTES + 1)
    except FileNotFoundError:
        data = b""
    except OSError as exc:
        data = b""
        from statefiles.detail import os_error  # lazy: an unreadable list only

        unreadable = _text("protected_list.cannot_read",
                           error=os_error(exc, fallback=exc.strerror or type(exc).__name__))
    if len(data) > MAX_BYTES:
        data = b""
        unreadable = _text("protected_list.too_large", limit=MAX_BYTES)
    result = parse(data.decode("utf-8", "replace"))
    result.root = root
    if unreadable:
        result.unreadable = _text("protected_list.unreadable", file=layout.PROTECTED_FILES,
                                  why=unreadable, repair=layout.repair_command(root))
        result.problems.insert(0, result.unreadable)
    return result
