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

:data:`FLOOR` is always in force, whatever the file says: the suite's own
files, settings and state caches are HARD_BLOCK so that Claude cannot switch
the gate off (bypass family G).
"""

from __future__ import annotations

import os

from statefiles import layout

LEVELS = ("HARD_BLOCK", "BLOCK", "WARN")
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
    ".claude/statefiles/**",
    ".claude/shell/**",
    ".claude/permission/**",
    ".claude/playgate/**",
    ".claude/.venv/**",
    ".claude/.cache/**",
    # Hook-written records (audit log, subagent dispatches, critic runs): Claude
    # reads them but must not rewrite them.
    ".claude/logs/**",
    ".claude/protected-files.txt",
    ".claude/permission-config.yaml",
    ".claude/permission-config.local.yaml",
    ".claude/playgate.json",
    ".claude/skills/post-loop/**",
    ".claude/skills/playbook-init/**",
    ".claude/skills/prompt-analyzer/**",
    ".claude/skills/understanding-check/**",
    ".claude/skills/state/**",
    ".claude/agents/pm.md",
    ".claude/agents/reviewer.md",
    ".claude/agents/critic.md",
    ".claude/agents/prompt-analyzer.md",
    ".claude/agents/executor-resolver.md",
    ".claude/agents/codex-delegate.md",
    ".claude/agents/coderabbit-delegate.md",
    ".mcp.json",
    "~/.claude/settings.json",
    "~/.claude/settings.local.json",
    "/etc/claude-code/**",
)


class Entry:
    """One protection rule."""

    __slots__ = ("level", "pattern", "line", "absolute", "prefix", "_regex")

    def __init__(self, level: str, pattern: str, line: int) -> None:
        self.level = level
        # Windows spelling in the list file: backslashes are separators.
        self.pattern = pattern = pattern.replace("\\", "/")
        self.line = line
        self.absolute = pattern.startswith(("/", "~/"))
        # Literal text before the first wildcard: a cheap pre-filter so that
        # most entries never need their regex compiled (hot path, issue 7).
        body = pattern[2:] if pattern.startswith("./") else pattern
        cut = min([i for i in (body.find("*"), body.find("?")) if i >= 0] or [len(body)])
        self.prefix = body[:cut].rstrip("/").casefold() if not self.absolute else ""
        self._regex = None

    @property
    def regex(self):
        if self._regex is None:
            import re

            self._regex = re.compile(glob_to_regex(self.pattern), re.IGNORECASE)
        return self._regex

    def matches_rel(self, rel: str) -> bool:
        """True when the repo-relative ``rel`` (any spelling) is covered."""
        if self.prefix and not rel.casefold().startswith(self.prefix):
            return False
        return self.regex.match(rel) is not None

    def __repr__(self) -> str:
        return f"Entry({self.level}:{self.pattern})"


def glob_to_regex(pattern: str) -> str:
    """Regex for a protected-files glob. ``*``/``?`` within a component,
    ``**`` across components; a match also covers everything below it."""
    import re

    pat = pattern.strip()
    if pat.startswith("./"):
        pat = pat[2:]
    pat = pat.rstrip("/")
    # "dir/**" also covers "dir" itself (the suffix below adds what is under it).
    while pat.endswith("/**"):
        pat = pat[:-3]
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


class ProtectedList:
    """Parsed protection rules (the floor first, then the file's entries).

    Attributes:
        entries: every rule.
        problems: one-line messages about bad lines, each naming the line and
            the fix. A bad line is never dropped silently: an unknown level
            is read as BLOCK.
    """

    __slots__ = ("entries", "problems", "root")

    def __init__(self, entries: list, problems: list, root: str | None = None) -> None:
        self.entries = entries
        self.problems = problems
        #: project root, for resolving literal entries to files (hard links)
        self.root = root

    def match(self, target) -> Entry | None:
        """The strongest entry matching ``target`` (a ``layout.ResolvedPath``),
        or ``None``.

        Relative patterns are tested on every spelling in ``target.variants``,
        absolute ones on ``target.abs_forms`` (case-insensitively). A target
        that is a hard link (more than one name) also matches an entry whose
        literal file is the same inode: the link edits the protected file.
        """
        best = None
        home = os.path.expanduser("~")
        abs_forms = {a.casefold() for a in getattr(target, "abs_forms", ()) or (target.abs,)}
        for entry in self.entries:
            if entry.absolute:
                pat_abs = entry.pattern
                if pat_abs.startswith("~/"):
                    pat_abs = home + pat_abs[1:]
                cut = min([i for i in (pat_abs.find("*"), pat_abs.find("?")) if i >= 0]
                          or [len(pat_abs)])
                literal = pat_abs[:cut].rstrip("/").casefold()
                if not any(a.startswith(literal) for a in abs_forms):
                    continue
                import re

                rx = re.compile(glob_to_regex(pat_abs), re.IGNORECASE)
                hit = any(rx.match(a) for a in abs_forms)
            else:
                hit = any(entry.matches_rel(v) for v in target.variants)
            if hit and (best is None or _RANK[entry.level] > _RANK[best.level]):
                best = entry
        if best is None or best.level != "HARD_BLOCK":
            linked = self._hard_link_match(target)
            if linked is not None and (best is None or _RANK[linked.level] > _RANK[best.level]):
                best = linked
        return best

    def _hard_link_match(self, target) -> Entry | None:
        """The strongest literal (wildcard-free) entry naming the same inode as
        ``target`` when ``target`` has several names; ``None`` otherwise."""
        try:
            st = os.stat(target.abs)
        except (OSError, ValueError):
            return None
        if st.st_nlink < 2:
            return None
        root = self.root
        best = None
        home = os.path.expanduser("~")
        for entry in self.entries:
            pat = entry.pattern
            if "*" in pat or "?" in pat:
                continue
            if pat.startswith("~/"):
                path = home + pat[1:]
            elif pat.startswith("/"):
                path = pat
            elif root:
                path = layout.join(root, pat[2:] if pat.startswith("./") else pat)
            else:
                continue
            try:
                other = os.stat(path)
            except (OSError, ValueError):
                continue
            if (other.st_dev, other.st_ino) == (st.st_dev, st.st_ino):
                if best is None or _RANK[entry.level] > _RANK[best.level]:
                    best = entry
        return best

    def match_rel(self, rel: str) -> Entry | None:
        """Like :meth:`match` for a plain repo-relative path (Bash write targets)."""
        best = None
        for entry in self.entries:
            if not entry.absolute and entry.matches_rel(rel):
                if best is None or _RANK[entry.level] > _RANK[best.level]:
                    best = entry
        return best


def parse(text: str, label: str = layout.PROTECTED_FILES) -> ProtectedList:
    """Parse protected-files.txt content; the :data:`FLOOR` is prepended."""
    entries = [Entry("HARD_BLOCK", p, 0) for p in FLOOR]
    problems = []
    for lineno, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if " #" in stripped:
            stripped = stripped.split(" #", 1)[0].rstrip()
        level, sep, pattern = stripped.partition(":")
        if not sep or (level.strip().upper() not in LEVELS and not level.strip().isupper()):
            level, pattern = "BLOCK", stripped
        else:
            level = level.strip().upper()
            pattern = pattern.strip()
            if level not in LEVELS:
                problems.append(
                    f"{label}:{lineno}: unknown level {level!r} (use HARD_BLOCK, BLOCK or "
                    "WARN); the entry is treated as BLOCK"
                )
                level = "BLOCK"
        if not pattern:
            problems.append(f"{label}:{lineno}: entry has no pattern; write LEVEL:path/glob")
            continue
        if ".." in pattern.split("/"):
            problems.append(
                f"{label}:{lineno}: pattern {pattern!r} contains '..'; write it relative "
                "to the project root"
            )
            continue
        entries.append(Entry(level, pattern, lineno))
    return ProtectedList(entries, problems)


def load(root: str) -> ProtectedList:
    """Read ``<root>/.claude/protected-files.txt`` (missing → floor only)."""
    path = layout.join(root, layout.PROTECTED_FILES)
    try:
        with open(path, "rb") as fh:
            text = fh.read(1024 * 1024).decode("utf-8", "replace")
    except OSError:
        text = ""
    result = parse(text)
    result.root = root
    return result
