"""The files a Bash call may never write, and whether a write reaches one.

bash-check (SPEC §3 Bash chain 1: "the Edit/Write guards must not be routed
around through Bash") asks this module; it only judges the hits. Guarded are
state.md and every playbook's ``plan.json``/``progress.json`` (archived ones
included), and the protection list's entries (``statefiles.protected``, by
level: ``HARD_BLOCK``, ``BLOCK``, ``WARN``). A write reaches a guarded file
when its path does under any spelling (symlinks resolved, Unicode
normalisations, case), when it is a hard link to one, or when it deletes,
moves or overwrites a directory that contains one (walked up to
:data:`WALK_LIMIT` entries; ``find DIR -name PAT`` narrows the walk). Python
bytecode caches are never guarded: deleting them changes nothing but speed.

Walks check the analysis deadline (:func:`shell.limits.check_deadline`, which
raises ``TooComplex``); the caller turns that into a block.
"""

from __future__ import annotations

import os

from shell.limits import check_deadline
from shell.paths import rel_to
from statefiles import layout
from statefiles.layout import clean_components

#: Most directory entries inspected when a command removes or replaces a
#: directory tree (to find guarded files inside it).
WALK_LIMIT = 4000


class Guarded:
    """The guarded files of one Bash call, gathered once (``ctx``: the
    guard's :class:`events.context.Context`), and the matching of its writes
    against them and the protection list; answers are memoised per call."""

    def __init__(self, ctx) -> None:
        self.ctx = ctx
        self.files = guarded_files(ctx)
        self.names: set = set()
        for g in self.files:
            self.names |= variants(g)
        self._inodes = None
        self.memo: dict = {}

    def hit(self, w):
        """The strongest :class:`Hit` for the write ``w`` (a
        :class:`shell.model.Write` with a known ``abs``): the path itself (a
        hard link to a guarded file included) and, for a recursive write or a
        deleted directory, everything inside it; ``None`` when nothing is
        guarded."""
        if self._inodes is None:
            self._inodes = guarded_inodes(self.ctx, self.files)
        hit = match_path(self.ctx, w.abs, w.rel, self.names, self._inodes, memo=self.memo)
        if w.recursive or (os.path.isdir(w.abs) and w.kind == "delete"):
            inner = contained(self.ctx, w, self.files, self.names, self.memo)
            if inner is not None and (hit is None or rank(inner.level) > rank(hit.level)):
                hit = inner
        return hit

    def match(self, abs_path: str, rel):
        """The strongest :class:`Hit` for one path (absolute, and
        repo-relative or ``None``), without the hard-link check."""
        return match_path(self.ctx, abs_path, rel, self.names)


def guarded_files(ctx) -> list:
    """Repo-relative files that Bash must never write: state.md and every
    playbook's plan.json/progress.json (SPEC §3: the Edit/Write guards must not
    be routed around)."""
    files = [layout.STATE_MD]
    play = ctx.path(layout.PLAY_DIR)
    try:
        ids = os.listdir(play)
    except OSError:
        ids = []
    for pid in ids:
        for name in ("plan.json", "progress.json"):
            files.append(f"{layout.PLAY_DIR}/{pid}/{name}")
        if pid == "archive":
            try:
                for sub in os.listdir(os.path.join(play, pid)):
                    for name in ("plan.json", "progress.json"):
                        files.append(f"{layout.PLAY_DIR}/archive/{sub}/{name}")
            except OSError:
                pass
    pb = ctx.playbook
    if pb is not None:
        files += [pb.plan_rel, pb.progress_rel]
    return files


def is_playbook_path(rel: str) -> bool:
    """``play/<...>/plan.json`` or ``progress.json``: a playbook file, whatever
    the playbook (one that does not exist yet included)."""
    parts = rel.split("/")
    return len(parts) >= 3 and parts[0] == layout.PLAY_DIR and parts[-1] in ("plan.json",
                                                                            "progress.json")


def variants(rel: str) -> set:
    """The spellings of a repo-relative path a case-folding or normalising
    file system may treat as the same file: as given, with clean components,
    NFC/NFKC for non-ASCII, each case-folded."""
    out = {rel, clean_components(rel)}
    if not rel.isascii():
        import unicodedata  # lazy: non-ASCII paths only

        for v in list(out):
            out.add(unicodedata.normalize("NFC", v))
            out.add(unicodedata.normalize("NFKC", v))
    return out | {v.casefold() for v in out}


class Hit:
    """A guarded or protected path a write reaches: ``level`` (``GUARDED``,
    ``HARD_BLOCK``, ``BLOCK`` or ``WARN``), ``what`` (the path to name) and
    ``source`` (where the protection comes from, in the context's language)."""

    __slots__ = ("level", "what", "source")

    def __init__(self, level, what, source):
        self.level = level
        self.what = what
        self.source = source


def protected_entry(ctx, rel_variants, abs_forms):
    """The strongest protection entry matching a path (repo-relative
    spellings and absolute forms), like ``ProtectedList.match``."""
    best = None
    home = os.path.expanduser("~")
    for entry in ctx.protected.entries:
        if entry.absolute:
            hit = entry.matches_abs(abs_forms, home)
        else:
            hit = any(entry.matches_rel(v) for v in rel_variants)
        if hit and (best is None or rank(entry.level) > rank(best.level)):
            best = entry
    return best


def guarded_inodes(ctx, guarded: list) -> set:
    """(device, inode) of the guarded files that exist: a hard link elsewhere
    is the same file."""
    out = set()
    for g in guarded:
        try:
            st = os.stat(ctx.path(g))
        except OSError:
            continue
        out.add((st.st_dev, st.st_ino))
    return out


def match_path(ctx, abs_path: str, rel: str | None, guarded_set: set, inodes=None,
                memo=None):
    """Strongest protection for one path: ``Hit`` or ``None``. Both the path
    as given and with symlinks resolved are checked, and (with ``inodes``)
    whether it is a hard link to a guarded file. ``memo`` (a dict, one per
    check) answers a path seen before at once: a command that names the same
    tree many times costs one walk."""
    if memo is not None:
        key = (abs_path, rel, inodes is not None)
        if key in memo:
            return memo[key]
        check_deadline()
        memo[key] = hit = match_path(ctx, abs_path, rel, guarded_set, inodes)
        return hit
    if inodes:
        try:
            st = os.stat(abs_path)
            if (st.st_dev, st.st_ino) in inodes and st.st_nlink > 1:
                return Hit("GUARDED", rel or abs_path, "a hard link to a guarded file")
        except OSError:
            pass
    real = os.path.realpath(abs_path)
    real_rel = rel_to(real, ctx.root)
    rels = [r for r in (rel, real_rel) if r is not None and r != "."]
    spellings = set()
    for r in rels:
        spellings |= variants(r)
    if spellings & guarded_set or any(is_playbook_path(v) for v in spellings):
        return Hit("GUARDED", rels[0], "guarded file")
    entry = protected_entry(ctx, spellings, {abs_path, real})
    if entry is None:
        return None
    return Hit(entry.level, rels[0] if rels else abs_path, _source(ctx, entry))


def rank(level: str) -> int:
    """How strong a protection level is (``GUARDED`` strongest; 0 unknown)."""
    return {"WARN": 1, "BLOCK": 2, "HARD_BLOCK": 3, "GUARDED": 4}.get(level, 0)


def _source(ctx, entry) -> str:
    """Where a protection entry comes from, in the context's language (the
    catalogue's protected-edit labels, so both guards name it alike)."""
    if entry.line == 0:
        return ctx.say("protected_edit.source_floor")
    return f"{ctx.say('protected_edit.source_line', line=entry.line)}: {entry.pattern}"


def contained(ctx, w, guarded: list, guarded_set: set, memo=None):
    """Guarded or protected paths inside the directory ``w`` affects
    recursively: the strongest ``Hit`` or ``None``. With ``w.pattern``
    (``find DIR -name PAT``) only entries matching it — and everything below
    a matching directory — are affected. ``memo`` (a dict, one per check):
    the same directory affected the same way is walked once."""
    if memo is None:
        memo = {}
    key = ("contained", w.abs, w.kind, w.pattern, w.max_depth)
    if key not in memo:
        memo[key] = _contained_walk(ctx, w, guarded, guarded_set, memo)
    return memo[key]


def _contained_walk(ctx, w, guarded: list, guarded_set: set, memo: dict):
    import fnmatch  # lazy: fnmatch imports re (~4 ms); find -name only

    abs_dir = w.abs
    if abs_dir is None:
        return None
    roots = [abs_dir]
    if w.pattern is not None and os.path.isdir(abs_dir):
        found = []
        count = 0
        truncated = False
        base_depth = abs_dir.rstrip("/").count("/")
        for dirpath, dirnames, filenames in os.walk(abs_dir):
            if w.max_depth is not None and dirpath.rstrip("/").count("/") - base_depth >= \
                    w.max_depth:
                dirnames[:] = []
            check_deadline()
            for name in dirnames + filenames:
                count += 1
                if count > WALK_LIMIT:
                    truncated = True
                    break
                if fnmatch.fnmatchcase(name, w.pattern):
                    found.append(os.path.join(dirpath, name))
            if truncated:
                break
        if not truncated:
            roots = found
    best = None
    for r in roots:
        if w.kind == "delete" and is_bytecode(r):
            continue
        hit = _contained_one(ctx, r, w.kind, guarded, guarded_set, memo)
        if hit is not None and (best is None or rank(hit.level) > rank(best.level)):
            best = hit
    return best


def _contained_one(ctx, abs_dir: str, kind: str, guarded: list, guarded_set: set, memo: dict):
    root = ctx.root
    rel_dir = rel_to(abs_dir, root)
    best = None

    def consider(hit):
        nonlocal best
        if hit is not None and (best is None or rank(hit.level) > rank(best.level)):
            best = hit

    consider(match_path(ctx, abs_dir, rel_dir, guarded_set, memo=memo))
    if not os.path.isdir(abs_dir) and kind == "delete":
        return best
    # Literal guarded files under the directory.
    for g in guarded:
        g_abs = ctx.path(g)
        if g_abs.startswith(abs_dir.rstrip("/") + "/") and (os.path.lexists(g_abs) or
                                                            g == layout.STATE_MD):
            consider(Hit("GUARDED", g, "guarded file"))
    # Protection entries whose literal part lies inside the directory.
    home = os.path.expanduser("~")
    for entry in ctx.protected.entries:
        pat = entry.pattern
        if entry.absolute:
            full = home + pat[1:] if pat.startswith("~/") else pat
        else:
            body = pat[2:] if pat.startswith("./") else pat
            if body.startswith("**"):
                continue   # anywhere: found by the walk below
            full = os.path.join(root, body)
        cut = min([i for i in (full.find("*"), full.find("?"), full.find("[")) if i >= 0] or
                  [len(full)])
        literal = full[:cut].rstrip("/")
        if not literal:
            continue
        if literal.startswith(abs_dir.rstrip("/") + "/") or abs_dir == "/":
            if kind == "delete" and not os.path.lexists(literal) and "*" not in pat:
                continue
            consider(Hit(entry.level, os.path.relpath(literal, root) if
                          literal.startswith(root) else literal, _source(ctx, entry)))
    # Existing files under the directory (exact; bounded).
    if os.path.isdir(abs_dir) and abs_dir != "/":
        count = 0
        for dirpath, dirnames, filenames in os.walk(abs_dir):
            check_deadline()
            for name in filenames + dirnames:
                count += 1
                if count > WALK_LIMIT:
                    break
                p = os.path.join(dirpath, name)
                if kind == "delete" and is_bytecode(p):
                    continue
                consider(match_path(ctx, p, rel_to(p, root), guarded_set, memo=memo))
            if count > WALK_LIMIT:
                break
    return best


def is_bytecode(path) -> bool:
    """A Python bytecode cache (``__pycache__`` or ``*.pyc``): deleting it
    changes nothing but speed, so cleanup commands stay usable in a repository
    where the suite's own bytecode lives under protected directories."""
    if not path:
        return False
    return "/__pycache__" in path or path.endswith((".pyc", ".pyo"))


def archive_move(w) -> bool:
    """Admin maintenance: moving a playbook directory into play/archive/."""
    cmd = w.command
    if cmd is None or w.rel is None:
        return False
    name = cmd.name
    sub = cmd.git_subcommand if name == "git" else None
    if name != "mv" and sub != "mv" and name != "mkdir":
        return False
    parts = w.rel.split("/")
    if parts[0] != layout.PLAY_DIR:
        return False
    if w.kind == "delete":
        return len(parts) == 2 and parts[1] not in ("archive", "template")
    return len(parts) >= 2 and parts[1] == "archive"


def access(w) -> str:
    """The kind of access, a key suffix of ``bash_check.verb_*``."""
    if w.possible:
        return "receives"
    if w.kind == "delete":
        return "deletes"
    if w.kind == "meta":
        return "changes"
    return "writes"
