"""Path containment for the permission gate (SPEC §5 phases 5, 7C, 7D).

A path argument is *inside* when it stays in the project (or a directory of
``allowed_dirs_extra``) both

* lexically — ``..`` resolved on the text, without touching the filesystem
  (SPEC §5 phase 5), and
* really — after the kernel's reading: symlinks followed, then ``..`` applied
  to the resolved directory (``os.path.realpath`` of the unnormalised path),

so neither a ``..`` walk nor a symlink out of the project is approved.
Relative paths are taken from the hook's ``cwd`` (where Claude's shell is),
never from the project root. Whole path components are compared, never
string prefixes (``/repo-evil`` is not inside ``/repo``).
"""

from __future__ import annotations

import os

#: Paths that are harmless wherever they point.
HARMLESS = frozenset({"/dev/null"})
#: Characters after which the rest of a word can be a path
#: (``--out=/x``, ``if=/x``, ``a:/b``, ``x,/y``, ``user@host:/p``).
SEPARATORS = "=:,@"


def under(path: str, base: str) -> bool:
    """``path`` is ``base`` or below it, by whole components. Both absolute
    and normalised."""
    if path == base:
        return True
    prefix = base if base.endswith("/") else base + "/"
    return path.startswith(prefix)


def rel_to(path: str, base: str) -> str | None:
    """Forward-slash ``path`` relative to ``base`` (``"."`` for the base
    itself) or ``None`` when outside."""
    if path == base:
        return "."
    prefix = base if base.endswith("/") else base + "/"
    return path[len(prefix):] if path.startswith(prefix) else None


class Scope:
    """Where approved paths may point.

    Args:
        root: the project root (absolute; ``Context.root`` is symlink-resolved).
        cwd: the shell's working directory from the hook input (absolute).
        extra: ``allowed_dirs_extra`` entries (absolute, ``~/...``, or
            relative to the project root).
        env: the environment (``HOME`` for ``~``, ``CLAUDE_PROJECT_DIR`` for
            the project's unresolved spelling).
    """

    __slots__ = ("cwd", "extra_lexical", "extra_real", "root", "root_real", "roots_lexical")

    def __init__(self, root: str, cwd: str, extra=(), env=None) -> None:
        env = env or {}
        self.root = os.path.normpath(root)
        self.root_real = _real(self.root) or self.root
        lexical = {self.root, self.root_real}
        given = env.get("CLAUDE_PROJECT_DIR") or ""
        if given.startswith("/") and _real(os.path.normpath(given)) == self.root_real:
            lexical.add(os.path.normpath(given))
        self.roots_lexical = tuple(sorted(lexical))
        home = env.get("HOME") or ""
        ex_lex, ex_real = [], []
        for entry in extra:
            if entry == "~" or entry.startswith("~/"):
                if not home.startswith("/"):
                    continue  # no usable HOME: the entry cannot be placed
                entry = home + entry[1:]
            if not entry.startswith("/"):
                entry = os.path.join(self.root, entry)
            path = os.path.normpath(entry)
            ex_lex.append(path)
            ex_real.append(_real(path) or path)
        self.extra_lexical = tuple(ex_lex)
        self.extra_real = tuple(ex_real)
        self.cwd = os.path.normpath(cwd) if cwd.startswith("/") else ""

    # ------------------------------------------------------------------
    def lexical(self, path: str) -> str:
        """``path`` (relative to cwd) joined and ``..``-normalised on the text."""
        return os.path.normpath(os.path.join(self.cwd, path))

    def real(self, path: str) -> str | None:
        """``path`` (relative to cwd) as the kernel resolves it, or ``None``
        when it cannot be resolved (too long, invalid)."""
        return _real(os.path.join(self.cwd, path))

    def inside_lexical(self, abs_path: str) -> bool:
        return any(under(abs_path, r) for r in self.roots_lexical + self.extra_lexical)

    def inside_real(self, abs_path: str) -> bool:
        return any(under(abs_path, r) for r in (self.root_real,) + self.extra_real)

    def check(self, path: str) -> str | None:
        """Why ``path`` is not inside, or ``None`` when it is (both readings)."""
        if path in HARMLESS:
            return None
        if not self.cwd:
            return "the shell's working directory is unknown"
        lex = self.lexical(path)
        if not self.inside_lexical(lex):
            return f"{path!r} is outside the project ({lex})"
        real = self.real(path)
        if real is None:
            return f"{path!r} cannot be resolved"
        if not self.inside_real(real):
            return f"{path!r} leads outside the project through a symlink ({real})"
        return None

    def project_rel(self, path: str) -> tuple:
        """``(lexical_rel, real_rel)``: ``path`` relative to the project root
        in both readings (``None`` where outside the project proper)."""
        lex = self.lexical(path)
        lex_rel = None
        for r in self.roots_lexical:
            lex_rel = rel_to(lex, r)
            if lex_rel is not None:
                break
        real = self.real(path)
        real_rel = rel_to(real, self.root_real) if real is not None else None
        return lex_rel, real_rel

    def cwd_problem(self) -> str | None:
        """Why the working directory itself is not inside (commands without
        path arguments act on it), or ``None``."""
        if not self.cwd:
            return "the shell's working directory is unknown (no absolute cwd in the input)"
        if self.check(".") is None:
            return None
        return f"the shell's working directory {self.cwd} is outside the project"


def _real(path: str) -> str | None:
    try:
        return os.path.realpath(path)
    except (OSError, ValueError):
        return None


def candidates(word: str) -> list:
    """Phase 7C: the parts of one argument that can name a file.

    The whole word (an option-looking word too: after ``--`` it is a file
    name), the value of a short option glued to it (``-o/x`` → ``/x``), and
    the text after every ``= : , @`` (``--output=/x``, ``if=/x``, ``a:/b``,
    ``user@host:/p``). Only parts that can leave the working directory are
    returned: those containing ``/`` and ``..`` itself; a plain name is
    inside whenever the cwd is.
    """
    seen = []
    for part in name_parts(word):
        if ("/" in part or part == "..") and part not in seen:
            seen.append(part)
    return seen


def name_parts(word: str) -> list:
    """Every part of ``word`` that can name a file, for name checks (the
    whole word, a glued short-option value, and the text after each
    ``= : , @``), without the directory filter of :func:`candidates`."""
    parts = [word]
    if word.startswith("-") and not word.startswith("--") and len(word) > 2:
        parts.append(word[2:])
    for i, ch in enumerate(word):
        if ch in SEPARATORS and i + 1 < len(word):
            parts.append(word[i + 1 :])
    return parts


def looks_like_url(word: str) -> bool:
    """Phase 7C: ``scheme://...`` anywhere in the word, or scp-style
    ``user@host:path``. URLs mean network access: the dialog decides."""
    if "://" in word:
        return True
    at = word.find("@")
    if at > 0:
        colon = word.find(":", at)
        if colon > at + 1 and "/" not in word[:at]:
            return True
    return False
