"""A file as git's index holds it, read from ``.git`` without starting git.

For coherence's verification check (SPEC §3 Bash chain 2; seed 004 §6.2 check
5): what a ``git commit`` would record of state.md. The common case is
answered from the index file and a loose object alone; git is started
(:func:`is_staged`, :func:`staged_text`: ``git diff --cached``/``git show``,
about 11 ms with ``subprocess``) only when the answer matters (a staged
state.md saying ``done``). Reads are bounded and never raise.
"""

from __future__ import annotations

import os

from statefiles import gitinfo, layout
from statefiles.atomic import read_bytes

#: Largest index file read, in bytes.
MAX_INDEX_BYTES = 64 * 1024 * 1024
#: Largest working-tree file or object read, in bytes.
MAX_FILE_BYTES = 16 * 1024 * 1024
#: Bound on each git process, in seconds.
GIT_TIMEOUT = 3


def index_entries(index: bytes):
    """``(path, sha)`` for every entry of the git index ``index`` (the content
    of ``.git/index``: versions 2-4, SHA-1), in index order: ``path`` bytes,
    repo-relative, ``/``-separated; ``sha`` 20 raw bytes.

    Raises:
        ValueError, IndexError: ``index`` is not an index this reader knows
            (another signature, version or a truncated entry).
    """
    if len(index) < 12 or index[:4] != b"DIRC":
        raise ValueError("not a git index")
    version = int.from_bytes(index[4:8], "big")
    count = int.from_bytes(index[8:12], "big")
    if version not in (2, 3, 4):
        raise ValueError(f"index version {version}")
    pos = 12
    prev = b""
    for _ in range(count):
        start = pos
        sha = index[pos + 40:pos + 60]
        flags = int.from_bytes(index[pos + 60:pos + 62], "big")
        extended = 2 if version >= 3 and flags & 0x4000 else 0
        pos += 62 + extended
        if version == 4:
            # git's offset varint: the number of bytes to drop from the previous path
            c = index[pos]
            pos += 1
            strip = c & 0x7F
            while c & 0x80:
                c = index[pos]
                pos += 1
                strip = ((strip + 1) << 7) | (c & 0x7F)
            end = index.index(b"\0", pos)
            path = prev[:len(prev) - strip] + index[pos:end]
            pos = end + 1
        else:
            end = index.index(b"\0", pos)
            path = index[pos:end]
            pos = start + ((62 + extended + len(path) + 8) // 8) * 8
        prev = path
        yield path, sha


def index_paths(index: bytes) -> list:
    """Every path (bytes) of the git index ``index``; errors as
    :func:`index_entries`."""
    return [path for path, _sha in index_entries(index)]


def index_entry_sha(index: bytes, name: bytes) -> str | None:
    """The blob id (40 hex digits) recorded for the path ``name`` (bytes,
    repo-relative, ``/``-separated) in the git index ``index``, or ``None``
    when it has no such entry; errors as :func:`index_entries`."""
    for path, sha in index_entries(index):
        if path == name:
            return sha.hex()
    return None


def _sha1(data: bytes):
    try:  # the C module directly: hashlib loads OpenSSL (about 2.5 ms)
        from _sha1 import sha1  # lazy: the index check only (git commit)
    except ImportError:  # pragma: no cover - a Python built without it
        from hashlib import sha1  # lazy: fallback
    return sha1(data)


def loose_blob(root: str, sha: str) -> str | None:
    """The text (UTF-8, undecodable bytes replaced) of the blob ``sha`` (40 hex
    digits) read from the loose objects of the repository at ``root``, checked
    against that id; ``None`` when it is not a loose object of this
    repository (packed, in an alternate store...) or unreadable — then git
    must be asked."""
    import zlib  # lazy: only a commit whose index differs from the work tree

    gdir = gitinfo.git_dir(root)
    if gdir is None or len(sha) != 40:
        return None
    objects = os.path.join(gdir, "objects")
    if not os.path.isdir(objects):  # a linked worktree: objects are in the common dir
        try:
            with open(os.path.join(gdir, "commondir"), encoding="utf-8") as fh:
                objects = os.path.join(gdir, fh.read().strip(), "objects")
        except OSError:
            return None
    try:
        with open(os.path.join(objects, sha[:2], sha[2:]), "rb") as fh:
            raw = zlib.decompressobj().decompress(fh.read(MAX_FILE_BYTES), MAX_FILE_BYTES)
    except (OSError, zlib.error):
        return None
    nul = raw.find(b"\0")
    if nul < 0 or raw[:nul] != b"blob %d" % (len(raw) - nul - 1):
        return None
    if _sha1(raw).hexdigest() != sha:
        return None
    return raw[nul + 1:].decode("utf-8", "replace")


def index_matches_worktree(root: str, rel: str) -> tuple:
    """Whether the index holds the working tree's copy of the repo-relative
    file ``rel`` of the project at ``root``: ``(True, sha)`` when it does (the
    common case: no subprocess needed); ``(None, None)`` when the index has no
    ``rel``; ``(False, sha_or_None)`` otherwise, or when the index or the file
    cannot be read (ask git)."""
    gdir = gitinfo.git_dir(root)
    if gdir is None:
        return False, None
    try:
        index = read_bytes(f"{gdir}/index", MAX_INDEX_BYTES)
        sha = index_entry_sha(index, rel.encode())
        data = read_bytes(layout.join(root, rel), MAX_FILE_BYTES)
    except (OSError, ValueError, IndexError):
        return False, None
    if sha is None:
        return None, None
    blob = _sha1(b"blob %d\0" % len(data) + data).hexdigest()
    return blob == sha, sha


def is_staged(root: str, rel: str) -> bool:
    """``rel`` differs between HEAD and the index (``git diff --cached``);
    True when git cannot answer (the caller then checks the content)."""
    from statefiles import gitwork  # lazy: subprocess (~4 ms), only for a commit of a done state.md

    diff = gitwork.run(["git", "diff", "--cached", "--name-only", "--", rel], cwd=root,
                       timeout=GIT_TIMEOUT)
    return diff.code != 0 or rel in diff.out.split()


def staged_text(root: str, rel: str) -> str | None:
    """``rel`` as staged in the index (``git show :<rel>``); ``None`` when it
    is not staged, git fails or is missing."""
    from statefiles import (
        gitwork,  # lazy: subprocess (~4 ms), only when the index cannot be read directly
    )

    diff = gitwork.run(["git", "diff", "--cached", "--name-only", "--", rel], cwd=root,
                       timeout=GIT_TIMEOUT)
    if diff.code != 0 or rel not in diff.out.split():
        return None
    # --no-textconv: the blob as staged (a textconv driver is a program)
    shown = gitwork.run(["git", "show", "--no-textconv", f":{rel}"], cwd=root,
                        timeout=GIT_TIMEOUT)
    if shown.code != 0:
        return None
    return shown.out
