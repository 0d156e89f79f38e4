"""Scripts a command runs from a file: their language, and what the shell
analysis finds in them.

A command that runs a script on disk (``sh x.sh``, ``python tool.py``,
``./deploy``; :attr:`shell.model.Analysis.scripts`) does what the script
says, and the script may have been written by an earlier call (bypass family
G, "splitting one attack"). :func:`inspect` reads the file (at most
:data:`SCRIPT_LIMIT` bytes) and analyses it: a shell script as a command
line; a script in another language through the inline-code analysis
(``python3 -c``...: the commands it runs and the trees it deletes are
findings) and :mod:`shell.codescan` (the files its code deletes or writes).
bash-check judges the report.
"""

from __future__ import annotations

import os

from shell import analyse
from shell.model import Write
from shell.paths import rel_to
from statefiles.atomic import read_bytes
from statefiles.record import Record

#: Largest script file inspected (bytes).
SCRIPT_LIMIT = 256 * 1024
#: Largest script of another language passed through the inline-code
#: analysis (characters); larger ones get the code scan only.
INLINE_LIMIT = 60 * 1024
_EXT_LANG = {".sh": "sh", ".bash": "sh", ".zsh": "sh", ".ksh": "sh", ".py": "python",
             ".js": "js", ".mjs": "js", ".cjs": "js", ".ts": "js", ".pl": "perl",
             ".rb": "ruby", ".php": "php", ".lua": "lua", ".R": "r", ".r": "r"}
#: Script language → the inline-code form the analysis reads it through.
_INLINE = {"python": "python3 -c", "js": "node -e", "perl": "perl -e", "ruby": "ruby -e",
           "php": "php -r"}
#: ``#!`` line words → language, in the order they are looked for.
_SHEBANG = (("python", "python"), ("node", "js"), ("perl", "perl"), ("ruby", "ruby"),
            ("php", "php"), ("bash", "sh"), ("sh", "sh"), ("zsh", "sh"))


class Script(Record):
    """What :func:`inspect` found in one script file.

    Attributes:
        lang: ``"sh"``, ``"python"``, ``"js"``... (:func:`language`).
        destructive: the first *certain* destructive finding
            (:class:`shell.model.Finding`) of the script read as a command
            line, or ``None``.
        code_destructive: what the code scan found destructive (a
            :class:`shell.model.Msg`), or ``None``.
        writes: the files the script writes with a known path
            (:class:`shell.model.Write`; ``how`` is the script's name).

    Made as ``Script(lang, destructive, code_destructive, writes)``
    (:class:`statefiles.record.Record`)."""

    __slots__ = ("lang", "destructive", "code_destructive", "writes")


def language(cmd, path: str, head: str) -> str | None:
    """The language ``cmd`` runs the script ``path`` in: by the program
    (a shell, ``.``/``source``, ``python*``/``pypy*``, a known interpreter),
    else the ``#!`` line of ``head`` (the file's first bytes), else the file
    extension; ``None`` when none says."""
    from shell.families import interpreters, shells  # lazy: only for a script file run

    name = cmd.key
    if name in shells.SHELLS or name in (".", "source"):
        return "sh"
    if name.startswith(("python", "pypy")):
        return "python"
    lang = interpreters.INTERPRETERS.get(name)
    if lang is not None:
        return lang[3]
    if head.startswith("#!"):
        first = head.split("\n", 1)[0]
        for key, value in _SHEBANG:
            if key in first:
                return value
    return _EXT_LANG.get(os.path.splitext(path)[1])


def inspect(cmd, path: str, root: str, home: str, shown: str) -> Script | None:
    """Read and analyse the script ``path`` that the simple command ``cmd``
    runs, in the project ``root`` with ``home`` for ``~``; ``shown`` is how
    the script is named in the writes it makes. ``None`` when there is
    nothing to judge: not a regular file, larger than
    :data:`SCRIPT_LIMIT`, unreadable, or a language no analysis reads."""
    if not os.path.isfile(path):
        return None
    try:
        if os.path.getsize(path) > SCRIPT_LIMIT:
            return None
        text = read_bytes(path, SCRIPT_LIMIT).decode("utf-8", "replace")
    except OSError:
        return None
    lang = language(cmd, path, text[:200])
    cwd = next(iter(cmd.cwd)) if cmd.cwd else root
    if lang == "sh":
        inner = analyse(text, root=root, cwd=cwd, home=home)
        return Script(lang, _first_certain(inner), None,
                      [w for w in inner.writes if w.abs is not None])
    if lang is None:
        return None
    from shell import codescan  # lazy: scripts in other languages only

    destructive = None
    inline = _INLINE.get(lang)
    if inline is not None and len(text) < INLINE_LIMIT:
        from shell.quoting import quote  # lazy: scripts in other languages only

        destructive = _first_certain(analyse(f"{inline} {quote(text)}", root=root, cwd=cwd,
                                             home=home))
    rep = codescan.scan(lang, text)
    code_destructive = rep.destructive[0][1] if rep.destructive else None
    writes = []
    for kind, wpath, recursive in rep.writes:
        if wpath is None:
            continue
        full = os.path.normpath(os.path.join(cwd, wpath))
        writes.append(Write(shown, wpath, full, rel_to(full, root),
                            "delete" if kind == "delete" else "write", recursive, command=cmd))
    return Script(lang, destructive, code_destructive, writes)


def _first_certain(analysis):
    return next((f for f in analysis.destructive if f.certain), None)
