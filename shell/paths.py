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


#: Symbolic links followed in one path before it counts as a loop.
MAX_LINKS = 40
#: ``/proc`` names of the calling process: the *shell's* command, not the
#: hook process that analyses it.
_PROC_SELF = ("self", "thread-self")
#: Standard streams: writing them writes no file.
_STREAMS = ("/dev/stdin", "/dev/stdout", "/dev/stderr")


def _proc_special(resolved: str, comp: str, rest: list, cwd):
    """Resolve the component ``comp`` after ``resolved`` when it enters a
    process's view of the file system. Returns ``(kind, value)``: ``("path",
    new_resolved)`` to continue from, ``("lexical", path)`` for a path taken
    as written (a pseudo file), ``("unknown", None)`` when only the running
    process could say (another process's directories, an open descriptor
    used as a directory), or ``None`` when nothing is special."""
    if resolved == "/proc" and comp in _PROC_SELF:
        if not rest:
            return "lexical", "/proc/" + comp
        what = rest.pop(0)
        if what == "cwd":
            return ("path", cwd) if cwd is not None else ("unknown", None)
        if what == "root":
            return "path", "/"
        if what == "fd":
            if len(rest) > 1:
                return "unknown", None   # /proc/self/fd/3/x: a directory descriptor
            tail = "/".join(rest)
            rest.clear()
            return "lexical", "/proc/self/fd" + ("/" + tail if tail else "")
        tail = "/".join([what] + rest)
        rest.clear()
        return "lexical", "/proc/self/" + tail
    if resolved == "/proc" and comp.isdigit():
        if rest and rest[0] in ("cwd", "root", "fd", "map_files", "task"):
            return "unknown", None   # another process's (or our) view: not known here
        tail = "/".join(rest)
        rest.clear()
        return "lexical", "/proc/" + comp + ("/" + tail if tail else "")
    if resolved == "/dev" and comp == "fd":
        if len(rest) > 1:
            return "unknown", None   # /dev/fd/3/x: a directory descriptor
        tail = "/".join(rest)
        rest.clear()
        return "lexical", "/dev/fd" + ("/" + tail if tail else "")
    if resolved == "/dev" and "/dev/" + comp in _STREAMS:
        if rest:
            return "unknown", None
        return "lexical", "/dev/" + comp
    return None


def shell_norm(path: str, cwd=None, follow: bool = True):
    """``path`` (absolute) resolved the way the shell's command will resolve
    it: symlinks followed physically like ``realpath`` (with ``follow=False``
    the last component itself is kept), but ``/proc/self/cwd`` is the
    command's working directory ``cwd`` (not the hook process's),
    ``/proc/self/root`` is ``/``, and a path through another process's
    ``/proc/<pid>/cwd|root|fd`` or through an open descriptor used as a
    directory (``/dev/fd/3/x``) is unknown — also when a symbolic link leads
    there. Returns the absolute path, or ``None`` when it is not statically
    known (the analysis must never answer from the hook
    process's point of view)."""
    comps = [c for c in path.split("/") if c]
    resolved = "/"
    links = 0
    while comps:
        comp = comps.pop(0)
        if comp == ".":
            continue
        if comp == "..":
            resolved = os.path.dirname(resolved) or "/"
            continue
        special = _proc_special(resolved, comp, comps, cwd)
        if special is not None:
            kind, value = special
            if kind == "unknown":
                return None
            if kind == "lexical":
                return value
            resolved = value
            continue
        candidate = resolved.rstrip("/") + "/" + comp
        last = not comps
        if last and not follow:
            return candidate
        try:
            target = os.readlink(candidate)
        except (OSError, ValueError):
            resolved = candidate   # not a link (or missing): taken as written
            continue
        links += 1
        if links > MAX_LINKS:
            return None   # a loop: the kernel refuses it (ELOOP)
        if target.startswith("/"):
            resolved = "/"
        comps[:0] = [c for c in target.split("/") if c]
    return resolved


def resolve(value: str, cwds, follow: bool = True):
    """Absolute candidates for the path ``value``: a list (one per possible
    working directory), or ``None`` when the value or the working directory is
    unknown — or when the path goes through a process's or descriptor's view
    of the file system that only the running command knows
    (:func:`shell_norm`)."""
    if not value or DYN in value:
        return None
    if value.startswith("/"):
        if cwds is None:
            found = {shell_norm(value, None, follow)}
        else:
            found = {shell_norm(value, c, follow) for c in cwds}
    else:
        if cwds is None:
            return None
        found = {shell_norm(os.path.join(c, value), c, follow) for c in cwds}
    if None in found:
        return None
    return sorted(found)


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
    if path.startswith(("/dev/fd/", "/proc/self/fd/")):
        # a descriptor itself (the file it names was opened by a redirection
        # the analysis judges); a path below one is never harmless
        return path.count("/") == 3 if path.startswith("/dev/") else path.count("/") == 4
    return path in HARMLESS_DEVICES or path.startswith("/dev/pts/")


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
        for _k, part in enumerate(parts):
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
