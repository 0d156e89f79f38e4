"""A content-keyed cache for derived data (parsed YAML) under ``.claude/.cache/``.

Parsing YAML needs PyYAML, whose import alone costs about 14 ms per hook
process on the reference machine. The files it parses (state.md, the
permission config layers) change rarely, so the parsed value is cached as JSON
keyed on the source's length and CRC-32 plus a format version. The key is
computed from the bytes just read, never from timestamps, so an edit is
always seen (no "racy" mtime window). A missing, torn or stale cache entry is
simply recomputed; a cache write that fails is ignored.

The key is a BLAKE2b digest, not a CRC: a CRC can be matched on purpose (a
few appended bytes), which would let crafted content be read as the parse of
other content. The cache directory is also HARD_BLOCK in the protected list,
so Claude cannot forge an entry through the Edit/Write tools or Bash writes.
"""

from __future__ import annotations

try:  # the C module directly: ``hashlib`` imports OpenSSL bindings (slower start-up)
    from _blake2 import blake2b as _blake2b
except ImportError:  # pragma: no cover - Python built without _blake2
    from hashlib import blake2b as _blake2b

from statefiles import fastjson, layout
from statefiles.atomic import read_bytes, write_atomic

#: Bump when the shape of a cached value or the key changes.
CACHE_VERSION = 2


def content_key(data: bytes) -> list:
    """``[version, length, blake2b-128 hex digest]`` of ``data``."""
    return [CACHE_VERSION, len(data), _blake2b(data, digest_size=16).hexdigest()]


def _path(root: str, name: str) -> str:
    return layout.join(root, f"{layout.CACHE_DIR}/{name}.json")


def lookup(root: str, name: str, data: bytes):
    """The cached value for ``data``, or ``None`` on a miss."""
    try:
        entry = fastjson.loads(read_bytes(_path(root, name), 16 * 1024 * 1024))
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
