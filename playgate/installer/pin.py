"""The pin, ``.claude/playgate-pin.json``: which suite a repository runs and
where a clone gets it.

The suite's code is not committed into the user's repository (it is
ignored: :func:`playgate.suite.gitignore_suite_lines`); what is committed is
what a clone needs to fail closed and to set itself up — the settings with
the hook registrations, the fail-closed script, the entry point
``python3 .claude/playgate install .`` (:mod:`playgate.repair`) and this
pin. The pin holds:

* ``version`` — the suite version (:data:`playgate.__version__`);
* ``suite_sha256`` — the hash of every suite file the install places
  (:func:`suite_hash`): a clone's setup installs exactly this suite or
  nothing (``install --repair`` refuses a source with another one);
* ``sources`` — where a clone gets it, tried in order: ``{"path": DIR}``
  (a playgate checkout whose ``install.py`` is run) or ``{"pip": SPEC}``
  (anything ``pip install`` takes: a ``git+https://...@<commit>`` URL, a
  wheel's URL or path, ``playgate==<version>`` from an index).

:func:`sources_for` derives the sources from the installer's own origin (a
checkout: its path, and ``git+<origin>@<commit>`` when it has a remote and
no uncommitted change; a wheel: the URL pip recorded, PEP 610) after the
ones given with ``--source``. A source that is a path on this machine only
works for clones on this machine: :func:`shared` tells the installer to say
so.
"""

from __future__ import annotations

import json
import os

import playgate
from playgate import suite
from playgate.installer.common import GIT_TIMEOUT, InstallError, Refusal, join, read, run_bounded
from playgate.installer.common import sha256 as sha256_of
from statefiles import layout

#: The pin's path in the repository (committed).
PATH = layout.PIN
#: The pin's format; another one is refused.
FORMAT = 1


def suite_hash(sources: list) -> str:
    """The SHA-256 of the suite an install places: over ``dest  sha256``
    lines, sorted, of the suite files (policy ``suite``) in ``sources``
    (:func:`playgate.installer.sources.suite_sources`). The same suite gives
    the same hash from a checkout, a wheel or another install's copy."""
    from playgate.installer.sources import SUITE  # lazy: sources imports this module's users

    lines = []
    for dest, src, policy in sources:
        if policy != SUITE:
            continue
        with open(src, "rb") as fh:
            lines.append(f"{dest}  {sha256_of(fh.read())}\n")
    return sha256_of("".join(sorted(lines)).encode("utf-8"))


def load(repo: str) -> dict | None:
    """The repository's pin, or ``None`` when it has none.

    Raises:
        Refusal: it exists but is not a pin this installer reads.
    """
    data = read(join(repo, PATH))
    if data is None:
        return None
    try:
        pin = json.loads(data.decode("utf-8"))
    except (ValueError, UnicodeDecodeError) as exc:
        raise Refusal(f"{PATH} is not valid JSON ({exc}); restore it from git") from None
    if not isinstance(pin, dict) or pin.get("format") != FORMAT \
            or not isinstance(pin.get("suite_sha256"), str) \
            or not isinstance(pin.get("sources"), list):
        raise Refusal(f"{PATH} is not a pin of format {FORMAT}; restore it from git")
    return pin


def make(suite_sha: str, sources: list) -> dict:
    """A pin for the suite ``suite_sha`` of this playgate version."""
    return {"format": FORMAT, "version": playgate.__version__, "suite_sha256": suite_sha,
            "sources": sources}


def dumps(pin: dict) -> bytes:
    """The pin file's bytes (2-space indent, keys in a fixed order)."""
    ordered = {k: pin[k] for k in ("format", "version", "suite_sha256", "sources") if k in pin}
    return (json.dumps(ordered, indent=2) + "\n").encode("utf-8")


# ------------------------------------------------------------------ sources


def parse_source(spec: str) -> dict:
    """``--source SPEC`` as a pin source: a directory holding ``install.py``
    (a checkout) → ``{"path": abs}``; an existing file (a wheel) →
    ``{"pip": abs}``; anything else is handed to pip as written.

    Raises:
        Refusal: a directory that is not a playgate checkout.
    """
    given = os.path.expanduser(spec)
    if os.path.isdir(given):
        path = os.path.realpath(given)
        if not os.path.isfile(os.path.join(path, "install.py")):
            raise Refusal(f"--source {spec}: not a playgate checkout (no install.py there)")
        return {"path": path}
    if os.path.isfile(given):
        return {"pip": os.path.realpath(given)}
    return {"pip": spec}


def _git(root: str, *args) -> str | None:
    try:
        proc = run_bounded(["git", "-C", root, *args], GIT_TIMEOUT)
    except InstallError:
        return None
    return proc.stdout.decode("utf-8", "replace").strip() if proc.returncode == 0 else None


def _checkout_sources(root: str) -> list:
    """A checkout: its path, then ``git+<origin>@<commit>`` when it has an
    ``origin`` remote that is not a local path and nothing uncommitted (the
    commit then holds exactly these files)."""
    found = [{"path": root}]
    url = _git(root, "remote", "get-url", "origin")
    commit = _git(root, "rev-parse", "HEAD")
    dirty = _git(root, "status", "--porcelain", "--untracked-files=no")
    remote = url and ("://" in url and not url.startswith("file:")
                      or "@" in url and ":" in url.split("/", 1)[0])
    if remote and commit and dirty == "":
        found.append({"pip": f"git+{_pip_url(url)}@{commit}"})
    return found


def _pip_url(url: str) -> str:
    """A git remote as pip's VCS URL (``git@host:org/r.git`` →
    ``ssh://git@host/org/r.git``)."""
    if "://" not in url and "@" in url and ":" in url:
        user_host, path = url.split(":", 1)
        return f"ssh://{user_host}/{path}"
    return url


def _wheel_sources() -> list:
    """The wheel this package was installed from, as pip recorded it
    (``direct_url.json``, PEP 610), else ``playgate==<version>`` from an index."""
    try:
        from importlib import metadata  # lazy: the wheel's install only

        text = metadata.distribution("playgate").read_text("direct_url.json")
    except Exception:  # noqa: BLE001 - no metadata: say the version
        text = None
    if not text:
        return [{"pip": f"playgate=={playgate.__version__}"}]
    try:
        record = json.loads(text)
    except ValueError:
        return [{"pip": f"playgate=={playgate.__version__}"}]
    url = record.get("url") or ""
    vcs = record.get("vcs_info") or {}
    if vcs.get("vcs") == "git" and vcs.get("commit_id"):
        return [{"pip": f"git+{url}@{vcs['commit_id']}"}]
    if url.startswith("file://"):
        from urllib.parse import unquote, urlparse  # lazy: a local wheel only

        path = unquote(urlparse(url).path)
        return [{"path": path}] if os.path.isfile(os.path.join(path, "install.py")) \
            else [{"pip": path}] if os.path.exists(path) else []
    return [{"pip": url}] if url else [{"pip": f"playgate=={playgate.__version__}"}]


def sources_for(source_root: str, given=(), previous: dict | None = None,
                suite_sha: str = "") -> list:
    """The pin's sources: the ``--source`` ones (``given``, already parsed),
    then those a previous pin of the same suite had, then the installer's
    own origin (``source_root``: a checkout, or the wheel's data directory),
    without duplicates."""
    found = list(given)
    if previous and previous.get("suite_sha256") == suite_sha:
        found += [s for s in previous.get("sources") or () if isinstance(s, dict)]
    if os.path.isfile(os.path.join(source_root, "install.py")):
        found += _checkout_sources(source_root)
    elif os.path.basename(source_root) == suite.DATA_DIR:
        found += _wheel_sources()
    unique = []
    for item in found:
        if item not in unique:
            unique.append(item)
    return unique


def local_only(source: dict) -> bool:
    """A source only this machine can reach: a path, or a pip spec that is
    a path."""
    if "path" in source:
        return True
    spec = str(source.get("pip") or "")
    return spec.startswith(("/", "~", "./", "../", "file:"))


def shared(sources: list) -> bool:
    """Some source is reachable from another machine."""
    return any(not local_only(s) for s in sources)


def describe(source: dict) -> str:
    """One source for people: ``the checkout DIR`` or ``pip install SPEC``."""
    if "path" in source:
        return f"the checkout {source['path']}"
    return f"pip install {source.get('pip')}"
