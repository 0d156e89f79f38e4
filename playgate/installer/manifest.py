"""The install manifest, ``.claude/playgate.json``: every file the install
placed with its SHA-256 and origin, the derived files and directories it
made, its backups, the settings entries and .gitignore lines it added
(:mod:`playgate.installer.settings`, :mod:`playgate.installer.gitignore`).
--uninstall removes exactly what it lists."""

from __future__ import annotations

import json

import playgate
from playgate.installer.common import MANIFEST, Refusal, join, read

#: The manifest's format; a different one is refused.
FORMAT = 1
#: Keys that change on every run without anything else changing.
VOLATILE = ("installed_at", "suite")


def load(repo: str) -> dict | None:
    """The install manifest, or ``None`` when the suite was not installed by
    this installer.

    Raises:
        Refusal: it exists but cannot be read, or has another format.
    """
    data = read(join(repo, MANIFEST))
    if data is None:
        return None
    try:
        manifest = json.loads(data.decode("utf-8"))
    except ValueError as exc:
        raise Refusal(f"{MANIFEST} is not valid JSON ({exc}); restore it from git or a "
                      "backup, or delete it to install afresh") from None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise Refusal(f"{MANIFEST} has an unknown format; this install.py writes format "
                      f"{FORMAT}")
    return manifest


def empty() -> dict:
    """The manifest of a repository nothing was installed into yet."""
    return {"format": FORMAT, "files": {}, "derived": [], "dirs": [],
            "backups": [], "venv": {"created": False}, "runtime_preexisting": [],
            "settings": None, "gitignore": None}


def strip_volatile(manifest: dict) -> dict:
    """``manifest`` without :data:`VOLATILE` keys (to tell whether a run changed it)."""
    return {k: v for k, v in manifest.items() if k not in VOLATILE}


def dumps(manifest: dict) -> bytes:
    """The manifest file's bytes (sorted keys, 2-space indent)."""
    return (json.dumps(manifest, indent=2, sort_keys=True) + "\n").encode("utf-8")


def suite_version() -> str:
    """The version of the suite being installed (:data:`playgate.__version__`)."""
    return playgate.__version__
