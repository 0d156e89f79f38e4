"""What a file said when Claude read it (for a resumed session).

init-guard (SPEC §3) records the files Claude read at the start of a session
under ``.claude/.session-init/read/``. A session resumed with ``claude
--continue`` or ``--resume`` is the same conversation: the files read in it
are still in the model's context, and asking for them again costs a turn and
a block. They only need reading again when they changed since. The record
therefore holds a fingerprint of the content read, and SessionStart
(``resume``) keeps a record only while the file still has it.

state.md's ``session`` section (``last_start``/``last_end``, rewritten by the
hooks at every session start and end) is left out of its fingerprint, so
that those timestamps alone never count as a change.
"""

from __future__ import annotations

import hashlib

from statefiles import layout
from statefiles.atomic import read_bytes
from statefiles.state_md import scan

#: Largest file fingerprinted (bytes); bigger files never match.
LIMIT = 8 * 1024 * 1024


def of_text(rel: str, data: bytes) -> str:
    """The fingerprint of ``data`` as the content of the repo-relative file
    ``rel``: ``"<sha1 hex>:<length>"`` of the bytes (state.md without the body
    of its ``session`` block)."""
    if rel == layout.STATE_MD:
        text = data.decode("utf-8", "replace")
        span = scan(text)["spans"].get("session")
        if span:
            text = text[:span[0]] + text[span[1]:]
        data = text.encode("utf-8", "replace")
    return f"{hashlib.sha1(data).hexdigest()}:{len(data)}"


def of_file(root: str, rel: str) -> str | None:
    """The fingerprint of ``rel`` as it is now, or ``None`` when it cannot be
    read (missing, too large, not a regular file)."""
    try:
        data = read_bytes(layout.join(root, rel), LIMIT + 1)
    except OSError:
        return None
    if len(data) > LIMIT:
        return None
    return of_text(rel, data)
