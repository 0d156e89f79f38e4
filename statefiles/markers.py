"""Session markers under ``.claude/.session-init/`` and ``.claude/session-state/``.

SPEC §2 "Session markers". Markers are small files whose presence is the
state; their content is informational (a timestamp or a JSON object). They
are not committed (install.py adds both directories to .gitignore).

All writes are atomic (``statefiles.atomic``). Reads never raise.
"""

from __future__ import annotations

import os
import time

from statefiles import fastjson, layout
from statefiles.atomic import check_removal, locked, read_text, sweep_stale, write_atomic


def now_iso() -> str:
    """Local time as ``YYYY-MM-DDTHH:MM:SS±HH:MM`` (seconds precision)."""
    t = time.localtime()
    off = t.tm_gmtoff or 0
    sign = "+" if off >= 0 else "-"
    off = abs(off)
    return time.strftime("%Y-%m-%dT%H:%M:%S", t) + f"{sign}{off // 3600:02d}:{off % 3600 // 60:02d}"


class Markers:
    """Marker files of one project root.

    ``exists`` answers are remembered per instance (one instance per hook
    call, ``Context.markers``): the guards of one chain see one consistent
    picture even while parallel hooks create or remove markers between two
    guards (a prompt must not fall between "no consent yet" in one guard and
    "consent already waiting" in the next). This instance's own writes and
    removals update the picture.
    """

    __slots__ = ("root", "_seen")

    def __init__(self, root: str) -> None:
        self.root = root
        self._seen: dict = {}

    def path(self, rel: str) -> str:
        """Absolute path of marker ``rel`` (relative to the project root)."""
        return layout.join(self.root, rel)

    def exists(self, rel: str) -> bool:
        """Marker ``rel`` exists (a dangling link counts); the first answer is kept for this
        instance."""
        seen = self._seen.get(rel)
        if seen is None:
            seen = self._seen[rel] = os.path.lexists(self.path(rel))
        return seen

    def read(self, rel: str) -> str | None:
        """Marker ``rel``'s text (at most 64 KiB), or ``None`` when it is missing or not a
        regular file."""
        return read_text(self.path(rel), limit=64 * 1024)

    def read_json(self, rel: str):
        """Parsed JSON content of a marker, or ``None`` (missing or not JSON)."""
        text = self.read(rel)
        if text is None:
            return None
        try:
            return fastjson.loads(text)
        except ValueError:
            return None

    def write(self, rel: str, content: str = "") -> None:
        """Write marker ``rel`` atomically (not fsynced): ``content``, or the current time
        (:func:`now_iso`) when empty."""
        write_atomic(self.path(rel), content or now_iso() + "\n", durable=False)
        self._seen[rel] = True

    def write_json(self, rel: str, value) -> None:
        """Write ``value`` as indented JSON to marker ``rel`` atomically.
        ``TypeError``/``ValueError`` for a value JSON cannot hold; OSError when it cannot be
        written."""
        write_atomic(self.path(rel), fastjson.dumps(value, indent=2) + "\n")
        self._seen[rel] = True

    def remove(self, rel: str) -> bool:
        """Delete a marker file; ``True`` if it existed. The temporary files
        of its killed writers go with it (nothing would write it again to
        sweep them: :func:`statefiles.atomic.sweep_stale`). Raises
        :class:`statefiles.atomic.OutsideProject` when the marker's directory
        leads outside the project."""
        self._seen[rel] = False
        check_removal(self.path(rel))
        sweep_stale(self.path(rel))
        try:
            os.unlink(self.path(rel))
            return True
        except FileNotFoundError:
            return False
        except IsADirectoryError:
            import shutil  # lazy: shutil (~2 ms) only to remove a directory

            shutil.rmtree(self.path(rel), ignore_errors=True)
            return True

    # ---- init-guard's read record (SPEC §3 init-guard: by repo-relative path)
    @staticmethod
    def _read_name(rel: str) -> str:
        """File name under READ_DIR for ``rel``: ``%`` and ``/`` percent-encoded,
        and a name of dots only (a Read of the project root is ``.``) spelled
        ``%2E``... since ``.``/``..`` name the directory, not a file in it."""
        name = rel.replace("%", "%25").replace("/", "%2F")
        if not name.strip("."):
            name = "%2E" * len(name) or "%00"
        return name

    def record_read(self, rel: str, fingerprint: str | None = None) -> None:
        """Note that ``rel`` (repo-relative) was read this session, with the
        fingerprint of what was read (:mod:`statefiles.fingerprint`) when
        known, so a resumed session can tell whether it changed since."""
        self.write(layout.READ_DIR + "/" + self._read_name(rel),
                   f"{fingerprint}\n" if fingerprint else "")

    def was_read(self, rel: str) -> bool:
        """``rel`` (repo-relative) was read this session (SPEC §3 init-guard)."""
        return self.exists(layout.READ_DIR + "/" + self._read_name(rel))

    def read_fingerprint(self, rel: str) -> str | None:
        """The fingerprint recorded with the read of ``rel``, or ``None``."""
        text = (self.read(layout.READ_DIR + "/" + self._read_name(rel)) or "").strip()
        return text if ":" in text and " " not in text else None

    def forget_read(self, rel: str) -> None:
        """Remove the read record of ``rel``."""
        self.remove(layout.READ_DIR + "/" + self._read_name(rel))

    def clear_session_init(self) -> None:
        """Remove ``.claude/.session-init/`` entirely (SessionEnd)."""
        import shutil  # lazy: shutil (~2 ms) only to remove a directory

        check_removal(self.path(layout.SESSION_INIT))
        shutil.rmtree(self.path(layout.SESSION_INIT), ignore_errors=True)
        self._seen.clear()

    def lock(self) -> locked:
        """The state lock, for read-modify-write sequences on markers."""
        return locked(self.path(layout.LOCK_FILE))
