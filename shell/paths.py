"""Path resolution for the shell analysis: a word's value → the absolute
path(s) it names, how it relates to the project, temp and system
directories, and pathname expansion against the file system.

Paths are resolved the way the kernel will: relative to every directory the
command may be running in (``cd`` that may fail leaves two candidates),
symlinks followed (or not, for the last component of a path that is removed
or moved), ``..`` taken physically. Values with unknown parts resolve to
``None``: the caller decides what "unknown" means for its rule (never safe).
"""

from __future__ import annotations

import os

from shell.model import DYN

#: Directories whose *contents* are scratch space (SPEC §3: "rm -rf outside
#: the project and temp directories"). The roots themselves are not scratch.
TEMP_ROOTS = ("/tmp", "/var/tmp", "/dev/shm", "/private/tmp", "/private/var/tmp")
#: macOS per-user temp: /var/folders/xx/yyyy/T/<...>
_MAC_TEMP = ("/var/folders/", "/private/var/folders/")
#: System locations: writing, chmod -R or deleting there is destructive.
SYSTEM_DIRS = ("/etc", "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32",
               "/boot", "/sys", "/proc", "/dev", "/root", "/var", "/opt", "/srv", "/snap",
               "/System", "/Library", "/Applications", "/private", "/cores", "/run", "/mnt",
               "/media", "/home", "/Users", "/nix", "/efi")
#: Device files that are not storage: writing them is harmless or not a file.
HARMLESS_DEVICES = frozenset({"/dev/null", "/dev/zero", "/dev/stdout", "/dev/stderr",
                              "/dev/stdin", "/dev/tty", "/dev/random", "/dev/urandom",
                              "/dev/full", "/dev/ptmx"})
#: Block-device name prefixes (Linux, macOS, BSD).
_BLOCK_PREFIXES = ("/dev/sd", "/dev/hd", "/dev/vd", "/dev/xvd", "/dev/nvme", "/dev/mmcblk",
                   "/dev/md", "/dev/dm-", "/dev/mapper/", "/dev/disk", "/dev/rdisk",
                   "/dev/loop", "/dev/sr", "/dev/mtd", "/dev/zram", "/dev/bcache", "/dev/nbd",
                   "/dev/ram", "/dev/mem", "/dev/kmem", "/dev/port", "/dev/fd0", "/dev/ada",
                   "/dev/da", "/dev/vg", "/dev/root", "/dev/cciss", "/dev/ubd", "/dev/sg",
                   "/dev/st", "/dev/nst", "/dev/wd", "/dev/by-", "/dev/block/")
#: Most pathname-expansion results followed per word.
MAX_GLOB = 2000


def env_temp_root() -> str | None:
    """``$TMPDIR`` of the hook process when it is a plausible temp directory
    (not ``/`` or a top-level directory)."""
    value = os.environ.get("TMPDIR") or ""
    if value.startswith("/"):
        value = os.path.realpath(value)
        if value.count("/") >= 2:
            return value
    return None


_ENV_TMP = env_temp_root()


def norm(path: str, follow: bool = True) -> str:
    """Absolute ``path`` resolved physically. ``follow=False`` keeps the last
    component itself (a symlink that is removed or moved is not followed)."""
    if follow:
        return os.path.realpath(path)
    trimmed = path.rstrip("/")
    if not trimmed:
        return "/"
    head, tail = os.path.split(trimmed)
    if tail in ("", ".", "..") or path.endswith("/"):
        return os.path.realpath(path)
    return os.path.join(os.path.realpath(head or "/"), tail)


def resolve(value: str, cwds, follow: bool = True):
    """Absolute candidates for the path ``value``: a list (one per possible
    working directory), or ``None`` when the value or the working directory is
    unknown."""
    if not value or DYN in value:
        return None
    if value.startswith("/"):
        return [norm(value, follow)]
    if cwds is None:
        return None
    return sorted({norm(os.path.join(c, value), follow) for c in cwds})


def rel_to(abs_path: str, root: str) -> str | None:
    """Forward-slash path under ``root``, ``"."`` for the root itself, or
    ``None`` outside."""
    if abs_path == root:
        return "."
    prefix = root.rstrip("/") + "/"
    if abs_path.startswith(prefix):
        return abs_path[len(prefix):]
    return None


def is_under(path: str, base: str) -> bool:
    """``path`` is ``base`` or below it (whole components)."""
    return path == base or path.startswith(base.rstrip("/") + "/")


def in_temp(path: str) -> bool:
    """Strictly inside a temp directory (not a temp root itself)."""
    for t in TEMP_ROOTS:
        if path.startswith(t + "/") and len(path) > len(t) + 1:
            return True
    for t in _MAC_TEMP:
        if path.startswith(t) and path[len(t):].count("/") >= 3:
            return True
    if _ENV_TMP and path.startswith(_ENV_TMP + "/"):
        return True
    return False


def is_temp_root(path: str) -> bool:
    """``path`` is a temp directory itself (``/tmp``, ``/var/tmp``, ``$TMPDIR``...):
    removing it is destructive, unlike removing something inside it."""
    return path in TEMP_ROOTS or (_ENV_TMP is not None and path == _ENV_TMP)


def is_system(path: str) -> bool:
    """A system location (``/etc``, ``/usr``...), temp directories excepted."""
    if in_temp(path):
        return False
    return any(is_under(path, d) for d in SYSTEM_DIRS) or path == "/"


def is_block_device(path: str) -> bool:
    """A disk device (``/dev/sda``, ``/dev/nvme0n1``, ``/dev/mmcblk0``...): writing
    it destroys the disk's contents (SPEC §3 ``disk``)."""
    return path.startswith(_BLOCK_PREFIXES)


def is_device(path: str) -> bool:
    """Under /dev (or bash's /dev/tcp, /dev/fd pseudo files)."""
    return path == "/dev" or path.startswith("/dev/")


def is_harmless_device(path: str) -> bool:
    """A device writing to which changes nothing on disk (``/dev/null``, the
    standard streams, terminals, ``/dev/fd/N``)."""
    return path in HARMLESS_DEVICES or path.startswith(("/dev/fd/", "/dev/pts/", "/proc/self/fd/"))


def is_network_device(path: str) -> bool:
    """bash's ``/dev/tcp/host/port`` and ``/dev/udp/...`` redirections."""
    return path.startswith(("/dev/tcp/", "/dev/udp/"))


def home_dotfile(path: str, home: str) -> bool:
    """A dotfile or dot-directory directly in the home directory (shell rc
    files, ``~/.ssh``, ``~/.config``...)."""
    if not home or not path.startswith(home.rstrip("/") + "/"):
        return False
    rest = path[len(home.rstrip("/")) + 1:]
    return rest.startswith(".") and rest not in (".", "..")


def glob_expand(pattern: str, cwds):
    """Pathname expansion of ``pattern`` (fnmatch syntax with bracketed
    literals, as :class:`shell.model.Word` keeps it) in each working
    directory. Returns ``(matches, base)``: absolute matches (empty when
    nothing matched) and the absolute directories the first wildcard
    component is matched in. ``None`` when the working directory is unknown or
    the expansion exceeds :data:`MAX_GLOB`.
    """
    import fnmatch  # lazy: fnmatch imports re (7 ms); only for glob words

    if DYN in pattern:
        return None
    absolute = pattern.startswith("/")
    if not absolute and cwds is None:
        return None
    parts = [p for p in pattern.split("/") if p != ""]
    starts = ["/"] if absolute else list(cwds)
    matches = []
    bases = []
    for start in starts:
        current = [start]
        first_wild = True
        for k, part in enumerate(parts):
            wild = any(ch in part for ch in "*?[")
            nxt = []
            if not wild:
                lit = _unbracket(part)
                for d in current:
                    nxt.append(os.path.join(d, lit))
            else:
                if first_wild:
                    bases.extend(current)
                    first_wild = False
                for d in current:
                    try:
                        names = os.listdir(d)
                    except OSError:
                        continue
                    for name in names:
                        if name.startswith(".") and not part.startswith((".", "[.]")):
                            continue
                        if fnmatch.fnmatchcase(name, part):
                            nxt.append(os.path.join(d, name))
                            if len(nxt) > MAX_GLOB:
                                return None
            current = nxt
            if not current:
                break
        for c in current:
            if os.path.lexists(c):
                matches.append(c)
        if len(matches) > MAX_GLOB:
            return None
    return matches, bases


def _unbracket(part: str) -> str:
    out = []
    i = 0
    while i < len(part):
        if part[i] == "[" and i + 2 < len(part) and part[i + 2] == "]":
            out.append(part[i + 1])
            i += 3
            continue
        out.append(part[i])
        i += 1
    return "".join(out)


def literal_of_pattern(pattern: str) -> str:
    """The text bash passes when a pattern matches nothing (nullglob off)."""
    return _unbracket(pattern)


def match_all(part: str) -> bool:
    """A glob component that matches (almost) every name: ``*``, ``.*``,
    ``*.*``, ``**``, ``?*``, ``[!.]*``..."""
    stripped = part.replace("*", "").replace("?", "")
    return stripped in ("", ".", "[!.]", "[^.]", "[.]")
