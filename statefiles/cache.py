"""A content-keyed cache for derived data (parsed YAML) under ``.claude/.cache/``.

Parsing YAML needs PyYAML, whose import alone costs about 14 ms per hook
process on the reference machine (issue 7). The files it parses (state.md, the
permission config layers) change rarely, so the parsed value is cached as JSON
keyed on the source's length and CRC-32 plus a format version. The key is
computed from the bytes just read, never from timestamps, so an edit is
always seen (no "racy" mtime window). A missing, torn or stale cache entry is
simply recomputed; a cache write that fails is ignored.

The cache directory is HARD_BLOCK in the protected list: Claude cannot forge
an entry through the Edit/Write tools or Bash writes.
"""

from __future__ import annotations

import binascii
import os

from statefiles import fastjson, layout
from statefiles.atomic import write_atomic

#: Bump when the shape of a cached value changes.
CACHE_VERSION = 1


def content_key(data: bytes) -> list:
    """``[version, length, crc32]`` of ``data``."""
    return [CACHE_VERSION, len(data), binascii.crc32(data)]


def _path(root: str, name: str) -> str:
    return os.path.join(root, *layout.CACHE_DIR.split("/"), name + ".json")


def lookup(root: str, name: str, data: bytes):
    """The cached value for ``data``, or ``None`` on a miss."""
    try:
        with open(_path(root, name), "rb") as fh:
            entry = fastjson.loads(fh.read())
    except (OSError, ValueError):
        return None
    if isinstance(entry, dict) and entry.get("key") == content_key(data):
        return entry.get("value")
    return None


def store(root: str, name: str, data: bytes, value) -> None:
    """Cache ``value`` for ``data``; failures are ignored (it is only a cache)."""
    try:
        write_atomic(_path(root, name), fastjson.dumps({"key": content_key(data), "value": value}),
                     durable=False)
    except (OSError, TypeError, ValueError):
        pass


def cached(root: str, name: str, data: bytes, compute):
    """Return ``compute()`` for ``data``, from the cache when the key matches.

    Args:
        root: project root.
        name: cache entry name (a file name under ``.claude/.cache/``).
        data: the source bytes the value is derived from.
        compute: zero-argument function returning a JSON-serialisable value.
    """
    value = lookup(root, name, data)
    if value is not None:
        return value
    value = compute()
    store(root, name, data, value)
    return value
