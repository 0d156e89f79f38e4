"""The repository map and its drift (seed 002 §1: ``docs/repository-map.yaml``
"構造カウント → 乖離検出", ``architecture-sync.yaml`` "ARCHITECTURE 同期警告").

``docs/repository-map.yaml`` is the project's own record of its structure,
written by a person (or by Claude, as an ordinary file) when the
architecture is reviewed::

    # tracked files per directory, as of the last architecture review
    architecture: docs/architecture.md   # optional: the document kept in sync
    directories:
      src: 12
      tests: 8

``directories`` maps a repo-relative directory to the number of files git
tracks below it. :func:`drift` compares it with git's index (read from
``.git/index`` without starting git) and reports what moved apart: a count
that changed, a listed directory that is gone, a top-level directory with
tracked files that the map does not list (hidden directories and the
workflow's own ``play/`` are not the project's structure, unless listed). A map that cannot be read is one
problem, never an exception. Bounded: the index is read once (at most
``gitindex.MAX_INDEX_BYTES``) and the map at most :data:`MAX_MAP_BYTES`;
the parsed map is cached by content (:mod:`statefiles.cache`), so PyYAML is
loaded only when the map changed.
"""

from __future__ import annotations

from statefiles import gitinfo, layout
from statefiles.atomic import read_bytes

MAP = "docs/repository-map.yaml"
#: The drift flag SessionStart writes (and removes when the map matches).
SYNC_FLAG = ".claude/.session-init/architecture-sync.yaml"
MAX_MAP_BYTES = 256 * 1024
#: Differences named in one report.
SHOWN = 8


class Drift:
    """What :func:`drift` found.

    Attributes:
        differences: ``[(directory, expected | None, actual)]`` —
            ``expected`` ``None`` for a top-level directory the map lacks.
        problem: why the map or the index could not be compared (a
            :class:`messages.Text`), or ``""``.
        architecture: the document the map names (``architecture:``), or ``""``.
    """

    __slots__ = ("differences", "problem", "architecture")

    def __init__(self, differences=(), problem: str = "", architecture: str = "") -> None:
        self.differences = list(differences)
        self.problem = problem
        self.architecture = architecture

    @property
    def drifted(self) -> bool:
        return bool(self.differences)


def _text(key: str, /, **fields):
    """A problem as :class:`messages.Text` (translated where it is shown)."""
    from messages import Text  # lazy: a map with a problem only

    return Text(key, **fields)


def _parse(text: str) -> dict:
    """The map as JSON-able data for the cache: ``{"architecture": str,
    "directories": {dir: int}}``, or ``{"problem": [key, fields]}``."""
    from statefiles import yamlsafe  # lazy: PyYAML, only for a map the cache has not seen

    try:
        doc = yamlsafe.safe_load(text)
    except Exception as exc:  # noqa: BLE001 - any YAML error is the map's problem
        return {"problem": ["repomap.not_yaml", {"map": MAP, "error": type(exc).__name__}]}
    if not isinstance(doc, dict) or not isinstance(doc.get("directories"), dict):
        return {"problem": ["repomap.no_directories", {"map": MAP}]}
    dirs = {}
    for key, value in doc["directories"].items():
        name = str(key).strip().strip("/")
        if name.startswith("./"):
            name = name[2:]
        if not name or isinstance(value, bool) or not isinstance(value, int) or value < 0:
            return {"problem": ["repomap.bad_entry", {"map": MAP,
                                                      "entry": f"{key}: {value}"[:120]}]}
        dirs[name] = value
    arch = doc.get("architecture")
    return {"architecture": arch.strip() if isinstance(arch, str) else "", "directories": dirs}


def load(root: str):
    """``None`` when the project has no map; else the parsed map (a dict) or
    a problem (a :class:`messages.Text`)."""
    from statefiles import cache  # lazy: only a project with a map reads it

    try:
        data = read_bytes(layout.join(root, MAP), MAX_MAP_BYTES + 1)
    except FileNotFoundError:
        return None
    except OSError as exc:
        return _text("repomap.unreadable", map=MAP, error=exc.strerror or type(exc).__name__)
    if len(data) > MAX_MAP_BYTES:
        return _text("repomap.too_large", map=MAP, limit=MAX_MAP_BYTES)
    parsed = cache.cached(root, "repository-map", data,
                          lambda: _parse(data.decode("utf-8", "replace")))
    problem = parsed.get("problem") if isinstance(parsed, dict) else ["repomap.no_directories",
                                                                      {"map": MAP}]
    if problem:
        return _text(problem[0], **problem[1])
    return parsed


def tracked_paths(root: str):
    """The repo-relative paths in git's index (a list of str), or ``None``
    when there is no repository or its index cannot be read."""
    from statefiles import gitindex  # lazy: only a project with a map counts files

    gdir = gitinfo.git_dir(root)
    if gdir is None:
        return None
    try:
        index = read_bytes(f"{gdir}/index", gitindex.MAX_INDEX_BYTES)
    except FileNotFoundError:
        return []
    except OSError:
        return None
    try:
        return [p.decode("utf-8", "replace") for p in gitindex.index_paths(index)]
    except (ValueError, IndexError):
        return None


def count(paths, directories) -> dict:
    """``{directory: tracked files below it}`` for the map's ``directories``
    and for every top-level directory of ``paths``."""
    counts = {d: 0 for d in directories}
    for path in paths:
        top, sep, _ = path.partition("/")
        if sep:
            counts[top] = counts.get(top, 0) + 1
        for d in directories:
            if "/" in d and path.startswith(d + "/"):
                counts[d] += 1
    return counts


def drift(root: str):
    """``None`` when the project has no map; else a :class:`Drift`."""
    loaded = load(root)
    if loaded is None:
        return None
    if isinstance(loaded, str):
        return Drift(problem=loaded)
    paths = tracked_paths(root)
    if paths is None:
        return Drift(problem=_text("repomap.no_index", map=MAP),
                     architecture=loaded["architecture"])
    expected = loaded["directories"]
    actual = count(paths, expected)
    differences = [(d, n, actual.get(d, 0)) for d, n in sorted(expected.items())
                   if actual.get(d, 0) != n]
    covered = {d.split("/", 1)[0] for d in expected}
    differences += [(d, None, n) for d, n in sorted(actual.items())
                    if "/" not in d and d not in covered and n and not d.startswith(".")
                    and d != layout.PLAY_DIR]
    return Drift(differences, architecture=loaded["architecture"])


def flag_text(found: Drift, stamp: str) -> str:
    """The body of :data:`SYNC_FLAG` for a drift (YAML, written by SessionStart)."""
    lines = ["# written by playgate's SessionStart: docs/repository-map.yaml differs from "
             "the tree", "drift: true", f"checked_at: '{stamp}'"]
    if found.architecture:
        lines.append(f"architecture: '{found.architecture}'")
    lines.append("differences:")
    for d, expected, actual in found.differences:
        lines.append(f"  - {{directory: '{d}', map: {'null' if expected is None else expected}, "
                     f"tracked: {actual}}}")
    return "\n".join(lines) + "\n"
