"""What the playgate suite consists of, and where this process finds it.

**The one list of the suite's Python packages** is :data:`PACKAGES`. Adding
a package to the suite is one line there; everything else follows from it:

* the installer copies each one to ``<repo>/.claude/<name>/``
  (:func:`playgate.installer.sources.suite_sources`);
* the module bundle (``hooks/suite.bundle``) compiles the ones
  marked *bundled*: the installer and the plugin bootstrap pass
  :data:`BUNDLED` to ``python -m playgate.bundle`` (the hooks themselves
  stay import-light and never read this file);
* the wheel carries the whole suite tree as package data under
  ``playgate/_suite/`` (``setup.py`` reads :func:`source_files`), so that
  ``pip install playgate`` installs one import name;
* the ``.gitignore`` lines of install.py and of ``playgate init`` are
  :data:`GITIGNORE` (init takes the ones not marked install-only).

**The suite root** is the directory holding those packages: a development
checkout, ``<repo>/.claude`` (install.py's copy), the plugin root, or the
wheel's ``playgate/_suite/``. :func:`root` finds it for the ``playgate``
package this module belongs to, :func:`put_on_path` makes its packages
importable.

Standard library only, and only ``os`` and ``sys``: install.py, setup.py
and the plugin bootstrap import it before any dependency exists.
"""

from __future__ import annotations

import os
import sys

#: The suite's Python packages, one line each: ``(name, bundled)``.
#: ``bundled``: compiled into the module bundle the hooks import from (the
#: packages a hook imports); ``hooks`` loads the bundle itself and
#: ``playgate`` is the command line, not on a hook's path.
PACKAGES = (
    ("hooks", False),
    ("events", True),
    ("guards", True),
    ("workflow", True),
    ("statefiles", True),
    ("shell", True),
    ("permission", True),
    ("messages", True),
    ("playgate", False),
)
#: Names of :data:`PACKAGES`, in order.
PACKAGE_NAMES = tuple(name for name, _bundled in PACKAGES)
#: The packages compiled into ``hooks/suite.bundle``.
BUNDLED = tuple(name for name, bundled in PACKAGES if bundled)

#: Source directories installed when they exist: ``skills/<name>/`` →
#: ``.claude/skills/<name>/`` and ``agents/*.md`` → ``.claude/agents/``.
SKILLS = "skills"
AGENTS = "agents"
#: ``templates/state.md`` and ``templates/play/*`` (the playbook templates).
TEMPLATES = "templates"
#: Single files of a suite source: the hook registrations and the default
#: protected-file list.
SETTINGS_TEMPLATE = "settings.template.json"
PROTECTED_DEFAULT = "protected-files.txt"

#: Names never copied (caches) and generated files a development run may
#: leave in a source tree (the bashlex parser tables, the module bundle and
#: their temporary files): the install builds its own with the hook
#: interpreter.
SKIP_NAMES = frozenset({"__pycache__", ".DS_Store"})
SKIP_PREFIXES = ("bashlex_tables.marshal", "suite.bundle")
SKIP_SUFFIXES = (".pyc", ".pyo")

#: The ``.gitignore`` lines for what the hooks and the install write:
#: ``(line, install_only)``. ``install_only``: made only by install.py (its
#: virtualenv, the installed copy's bytecode, bundle and parser tables, its
#: backups and manifest), so ``playgate init`` (plugin installs) leaves it out.
#: The order is the order of the block install.py writes.
GITIGNORE = (
    (".claude/.venv/", True),
    (".claude/.session-init/", False),
    (".claude/session-state/", False),
    (".claude/logs/", False),
    (".claude/.cache/", False),
    (".claude/**/__pycache__/", True),
    # derived, per interpreter (built by the install: bundle and parser tables)
    (".claude/hooks/suite.bundle*", True),
    (".claude/shell/bashlex_tables.marshal*", True),
    (".claude/.playgate-backup/", True),
    (".claude/playgate.json", True),
    # The personal permission layer (like Claude Code's settings.local.json)
    # and the team workflow's timeline and signals are per-checkout state.
    (".claude/permission-config.local.yaml", False),
    # Claude Code's own personal settings layer (permissions a user granted at
    # a prompt, a personal statusLine): never committed.
    (".claude/settings.local.json", False),
    (".claude/state/", False),
)
#: Every line install.py ignores, in block order.
GITIGNORE_INSTALL = tuple(line for line, _only in GITIGNORE)

#: The suite's files a clone needs *before* playgate is set up in it, and so
#: the only ones of the suite's code that are committed (with the settings,
#: the protected-file list and the pin): the fail-closed end of the gating
#: hooks' commands (its message names the repair), and the entry point that
#: installs the pinned suite into the clone (``python3 .claude/playgate
#: install .``: ``__main__.py`` hands a clone to ``repair.py``, standard
#: library only). Everything else the install copies (the code, the skills,
#: the agents) is ignored and comes from the pinned source; paths relative
#: to the suite root.
COMMITTED = ("hooks/failclosed.sh", "playgate/__main__.py", "playgate/repair.py")


def gitignore_suite_lines(files) -> tuple:
    """The ``.gitignore`` lines that keep the installed suite's code out of
    the repository, for the suite files ``files`` (paths relative to the
    suite root, as :func:`source_files` gives them): one line per package
    directory, per skill and per agent, so that the user's own hooks,
    skills and agents beside ours stay visible to git; ``hooks/`` (where
    users keep hook scripts too) by file; the :data:`COMMITTED` files
    re-included. In a stable order (packages, skills, agents)."""
    files = list(files)
    lines = []
    for name in PACKAGE_NAMES:
        mine = sorted(rel for rel in files if rel.startswith(name + "/"))
        kept = [rel for rel in COMMITTED if rel.startswith(name + "/")]
        if name == "hooks":
            lines += [f".claude/{rel}" for rel in mine if rel not in kept]
        elif kept:
            lines.append(f".claude/{name}/*")
            lines += [f"!.claude/{rel}" for rel in kept]
        elif mine:
            lines.append(f".claude/{name}/")
    skills = sorted({rel.split("/")[1] for rel in files if rel.startswith(SKILLS + "/")})
    lines += [f".claude/{SKILLS}/{name}/" for name in skills]
    lines += sorted(f".claude/{rel}" for rel in files if rel.startswith(AGENTS + "/"))
    return tuple(lines)
#: The lines ``playgate init`` ignores (the hooks' runtime state).
GITIGNORE_RUNTIME = tuple(line for line, only in GITIGNORE if not only)

#: Where the wheel keeps the suite tree, inside the ``playgate`` package.
DATA_DIR = "_suite"

#: This ``playgate`` package's directory.
PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))


def root() -> str:
    """The suite root of this ``playgate`` package (absolute path): the
    wheel's data directory ``playgate/_suite/`` when this package was
    installed from a wheel, else the directory holding ``playgate/`` (a
    checkout, ``<repo>/.claude`` or the plugin root)."""
    data = os.path.join(PACKAGE_DIR, DATA_DIR)
    if os.path.isdir(os.path.join(data, "hooks")):
        return data
    return os.path.dirname(PACKAGE_DIR)


def is_source(path: str) -> bool:
    """True when ``path`` is a suite *source* one can install from (a
    checkout, the plugin root or the wheel's data directory): it has the
    hook registrations template and the state.md template, which an
    installed ``.claude/`` does not."""
    return (os.path.isfile(os.path.join(path, SETTINGS_TEMPLATE))
            and os.path.isfile(os.path.join(path, TEMPLATES, "state.md")))


def put_on_path(path: str | None = None) -> str:
    """Make the suite's packages importable from ``path`` (default
    :func:`root`): insert it into ``sys.path`` after the standard library and
    before site-packages, as ``hooks/_bootstrap.py`` does, so that a
    distribution that happens to own a name like ``events`` cannot shadow the
    suite's and a stray ``json.py`` beside it cannot shadow the standard
    library. Nothing changes when it is already there. Returns ``path``."""
    path = os.path.abspath(path or root())
    if any(os.path.abspath(p or ".") == path for p in sys.path):
        return path
    bootstrap().put_on_path(path)
    return path


def bootstrap():
    """``hooks/_bootstrap.py`` of :func:`root`, imported as the module
    ``_bootstrap`` (the hooks' own start-up: its ``put_on_path`` is the one
    copy of the ``sys.path`` rule). Its directory is on ``sys.path`` only
    while it is imported."""
    hooks = os.path.join(root(), "hooks")
    sys.path.insert(0, hooks)
    try:
        import _bootstrap  # lazy: hooks/ goes on sys.path just above; imports only os and sys
    finally:
        sys.path.remove(hooks)
    return _bootstrap


def _skipped(name: str) -> bool:
    return name in SKIP_NAMES or name.endswith(SKIP_SUFFIXES) or name.startswith(SKIP_PREFIXES)


def walk(top: str) -> list:
    """``[(abs, rel)]`` of every file under ``top``, sorted, caches and
    generated files (:data:`SKIP_NAMES`, :data:`SKIP_PREFIXES`) left out;
    ``rel`` uses forward slashes."""
    found = []
    for dirpath, dirnames, filenames in os.walk(top):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP_NAMES)
        for name in sorted(filenames):
            if _skipped(name):
                continue
            src = os.path.join(dirpath, name)
            found.append((src, os.path.relpath(src, top).replace(os.sep, "/")))
    return found


def source_files(source: str) -> list:
    """Every file of the suite source ``source`` the installer reads, as
    ``[(rel, abs)]`` relative to ``source``: :data:`PACKAGES`, the skills
    (``skills/<name>/``), the agents (``agents/*.md``), :data:`TEMPLATES`,
    :data:`SETTINGS_TEMPLATE` and :data:`PROTECTED_DEFAULT`. The wheel
    carries exactly these (setup.py). Missing parts are left out; the
    installer says what is missing."""
    found = []
    for name in PACKAGE_NAMES:
        found += [(f"{name}/{rel}", src) for src, rel in walk(os.path.join(source, name))]
    skills = os.path.join(source, SKILLS)
    if os.path.isdir(skills):
        for name in sorted(os.listdir(skills)):
            if name not in SKIP_NAMES and os.path.isdir(os.path.join(skills, name)):
                found += [(f"{SKILLS}/{name}/{rel}", src)
                          for src, rel in walk(os.path.join(skills, name))]
    agents = os.path.join(source, AGENTS)
    if os.path.isdir(agents):
        for name in sorted(os.listdir(agents)):
            if name.endswith(".md") and os.path.isfile(os.path.join(agents, name)):
                found.append((f"{AGENTS}/{name}", os.path.join(agents, name)))
    found += [(f"{TEMPLATES}/{rel}", src) for src, rel in walk(os.path.join(source, TEMPLATES))]
    for name in (SETTINGS_TEMPLATE, PROTECTED_DEFAULT):
        if os.path.isfile(os.path.join(source, name)):
            found.append((name, os.path.join(source, name)))
    return found
