"""The shapes the shell analysis produces (SPEC §4). See ``shell/__init__.py``
for how guards use them. Plain ``__slots__`` classes, the simple ones on
:class:`statefiles.record.Record` (no dataclasses: hook hot path)."""

from __future__ import annotations

from statefiles.record import Record

#: Placeholder for a part of a value the analyser cannot know statically (an
#: expansion of an unknown variable, command output...). Commands cannot
#: contain NUL (bash strings are C strings and the hook input rejects it), so
#: it never collides with real text.
DYN = "\x00"

#: Characters that start, and that continue, a shell variable name.
NAME_START = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_"
NAME_CHARS = NAME_START + "0123456789"


def is_assignment(s: str, start: int, end: int) -> bool:
    """The word starting at ``s[start]`` is an assignment, ``NAME=...`` or
    ``NAME+=...`` (bash's assignment word), where the name ends by ``end``.
    Shared by the lexer pre-pass, the subset parser (:mod:`shell.simple`) and
    the walker's plain-word fast path."""
    if start >= end or s[start] not in NAME_START:
        return False
    j = start + 1
    while j < end and s[j] in NAME_CHARS:
        j += 1
    return s.startswith("=", j) or s.startswith("+=", j)


class Msg:
    """A sentence the analysis records for a guard to say:
    a catalogue key (``shell.unknown.<case>``, ``shell.find.<case>``,
    ``shell.carrier.<case>`` in ``messages/en.py`` and ``messages/ja.py``) and
    its fields. Recording one is cheap: nothing is rendered and no catalogue
    is loaded until a guard speaks (:meth:`text`, or :func:`messages.render`
    in the language of the context). A field may itself be a :class:`Msg`
    (rendered in the same language). Two are equal when key and fields are
    (what "recorded once" compares). ``str()`` is the English text."""

    __slots__ = ("key", "fields")

    def __init__(self, key: str, /, **fields) -> None:
        self.key = key
        self.fields = fields

    def text(self, lang: str = "en") -> str:
        """The sentence in ``lang`` (``"en"``, ``"ja"``; English for anything
        else). Never raises (see :func:`messages.text`)."""
        from messages import render  # lazy: the catalogue only when a guard speaks

        return render(lang, self)

    def __str__(self) -> str:
        return self.text("en")

    def __eq__(self, other) -> bool:
        return isinstance(other, Msg) and self.key == other.key and self.fields == other.fields

    def __hash__(self) -> int:
        return hash((self.key, tuple(sorted((k, repr(v)) for k, v in self.fields.items()))))

    def __repr__(self) -> str:
        shown = ", ".join(f"{k}={v!r}" for k, v in self.fields.items())
        return f"Msg({self.key}{': ' + shown if shown else ''})"


class Label(str):
    """A label for where code runs (a ``SimpleCommand.wrappers`` entry, a
    ``Write.how``) that is a phrase rather than a command form ("argument of
    X", "X inline code"): the English text itself — compared, joined and
    logged as the string it is — with the catalogue key (``shell.label.*``)
    and fields that say it in another language (:func:`messages.render`, as
    for a :class:`Msg`). Nothing is rendered or loaded when one is made."""

    def __new__(cls, key: str, english: str, /, **fields):
        self = super().__new__(cls, english)
        self.key = key
        self.fields = fields
        return self


class Word:
    """One argument as bash passes it.

    Attributes:
        text: the source text of the word it came from.
        value: after expansions and quote removal; unknown parts are
            :data:`DYN`.
        dynamic: ``value`` contains unknown parts (or the word may split into
            an unknown number of arguments).
        quoted: some part was quoted (so it was not a bare word).
        glob: unquoted pathname-expansion characters remain; ``pattern`` then
            holds an fnmatch pattern with quoted metacharacters bracketed.
        sources: ``[(kind, [SimpleCommand...])]`` — substitutions executed
            while expanding the word (their output made the value dynamic).
    """

    __slots__ = ("text", "value", "dynamic", "quoted", "glob", "pattern", "sources")

    def __init__(self, text: str, value: str, dynamic: bool = False, quoted: bool = False):
        self.text = text
        self.value = value
        self.dynamic = dynamic
        self.quoted = quoted
        self.glob = False
        self.pattern = None
        self.sources = ()

    @classmethod
    def literal(cls, value: str) -> "Word":
        """A statically known word whose text and value are ``value``."""
        return cls(value, value)

    def __repr__(self) -> str:
        flags = "".join(f for f, on in (("D", self.dynamic), ("G", self.glob), ("Q", self.quoted))
                        if on)
        return f"Word({self.value!r}{' ' + flags if flags else ''})"


class Redirect(Record):
    """One redirection.

    Attributes:
        op: ``>``, ``>>``, ``>|``, ``<``, ``<>``, ``&>``, ``&>>``, ``>&``,
            ``<&``, ``<<`` (here-document), ``<<<`` (here-string).
        fd: the file descriptor number written before the operator, or
            ``None``.
        target: the target :class:`Word` (file name or here-string), or
            ``None`` for descriptor duplication/closing.
        dup: for ``>&N``/``<&N``: the descriptor number (or ``"-"``).
        heredoc: ``shell.lexer.Heredoc`` for ``<<``.
        path: for file targets, the resolved absolute path (``None`` when the
            target is dynamic); set by the walker after the redirection is made.

    Made as ``Redirect(op, fd=None, target=None, dup=None, heredoc=None,
    path=None)`` (:class:`statefiles.record.Record`).
    """

    __slots__ = ("op", "fd", "target", "dup", "heredoc", "path")
    _defaults = {"fd": None, "target": None, "dup": None, "heredoc": None, "path": None}

    @property
    def writes(self) -> bool:
        """Opens a file for writing (``>``, ``>>``, ``>|``, ``<>``, ``&>``...,
        ``>&file``)."""
        if self.target is None or self.op in ("<", "<<", "<<<", "<&"):
            return False
        return True

    def __repr__(self) -> str:
        tgt = self.target.value if self.target is not None else self.dup
        return f"Redirect({self.fd if self.fd is not None else ''}{self.op}{tgt!r})"


class Stdin(Record):
    """Where a command's standard input comes from (for shells and
    interpreters reading a program on stdin, and ``xargs``).

    ``kind``: ``"pipe"`` (``producers`` = the upstream commands),
    ``"heredoc"``/``"herestring"`` (``content`` known unless dynamic),
    ``"file"`` (``path``), ``"procsub"``. Made as ``Stdin(kind, content=None,
    producers=(), path=None, dynamic=False)`` (:class:`statefiles.record.Record`).
    """

    __slots__ = ("kind", "content", "producers", "path", "dynamic")
    _defaults = {"content": None, "producers": (), "path": None, "dynamic": False}

    def __repr__(self) -> str:
        return f"Stdin({self.kind})"


class SimpleCommand:
    """One simple command as it will run, after wrappers are peeled off.

    Attributes:
        name: the command word's base name after quote removal
            (``/usr/bin/rm`` → ``rm``); ``""`` for a command made only of
            assignments/redirections.
        word: the command word as written (after quote removal).
        argv: ``[word, args...]`` as strings (unknown parts are
            :data:`DYN`).
        words: the same as :class:`Word` objects.
        assignments: ``[(name, value, dynamic)]`` — ``VAR=value`` prefixes.
        redirects: ``[Redirect]``.
        depth: nesting depth (0 = typed at the prompt; ``bash -c``, ``eval``,
            substitutions, wrappers' payloads add one).
        wrappers: the wrappers this command runs under, outermost first
            (``["sudo", "bash -c"]``).
        dynamic: some argument is not statically known.
        trusted: the command word names a program found through ``PATH`` or a
            system directory (``/usr/bin/x``), not a file in the project
            (``./x``) — only then may a read-only classification apply.
        git_subcommand / git_args: for git, the subcommand after git's global
            options and the arguments after it.
        git_globals: git's global options as ``[(option, value)]``.
        cwd: possible working directories (frozenset of absolute paths) or
            ``None`` when unknown (``cd $X``).
        stdin: :class:`Stdin` or ``None``.
        remote: runs on another host (``ssh host cmd``): paths are not local.
        acts: the analysis recorded a write, a carrier or a destructive
            finding for this command (``shell.run.Run``): it is not read-only,
            whatever its program's read-only check says.
    """

    __slots__ = ("name", "word", "argv", "words", "assignments", "redirects", "depth",
                 "wrappers", "dynamic", "trusted", "git_subcommand", "git_args", "git_globals",
                 "cwd", "stdin", "remote", "key", "shadowed", "acts")

    def __init__(self, words: list, assignments=(), redirects=(), depth: int = 0,
                 cwd=None) -> None:
        self.words = words
        self.argv = [w.value for w in words]
        self.word = self.argv[0] if self.argv else ""
        base = _base_name(self.word) if self.word else ""
        self.name = base
        #: lower-case name used for deny rules (case-insensitive file systems)
        self.key = base.lower()
        self.assignments = list(assignments)
        self.redirects = list(redirects)
        self.depth = depth
        self.wrappers: list = []
        self.dynamic = any(w.dynamic for w in words)
        self.trusted = _trusted(self.word, words[0] if words else None)
        self.git_subcommand = None
        self.git_args: list = []
        self.git_globals: list = []
        self.cwd = cwd
        self.stdin = None
        self.remote = False
        #: a function or alias of the same name was defined in this command
        self.shadowed = False
        self.acts = False

    @property
    def args(self) -> list:
        """The arguments after the command word (``argv[1:]``, str)."""
        return self.argv[1:]

    def __repr__(self) -> str:
        wrap = ("[" + " ".join(self.wrappers) + "] ") if self.wrappers else ""
        return f"SimpleCommand({wrap}{self.argv!r})"


def _base_name(word: str) -> str:
    """The program a command word names: its last path component (``/`` or,
    for Windows spellings, ``\\``), without a Windows executable suffix
    (``C:/Git/bin/git.exe`` and ``'C:\\x\\rm.EXE'`` are git and rm)."""
    base = word.rstrip("/\\").replace("\\", "/").rsplit("/", 1)[-1]
    if base[-4:].lower() in (".exe", ".com", ".cmd", ".bat") and len(base) > 4:
        base = base[:-4]
    return base


_SYSTEM_BIN = ("/bin/", "/usr/bin/", "/usr/local/bin/", "/sbin/", "/usr/sbin/",
               "/usr/local/sbin/", "/opt/homebrew/bin/", "/usr/libexec/")


def _trusted(word: str, w) -> bool:
    if not word or (w is not None and w.dynamic):
        return False
    if "/" not in word:
        return True
    return any(word.startswith(p) and "/" not in word[len(p):] for p in _SYSTEM_BIN)


class Finding(Record):
    """Something the analysis found: its ``kind`` (the finding kind, e.g.
    ``"rm-recursive"``, ``"git-history"``, ``"force-push"``, ``"eval"``) and
    a ``message`` saying what and why; ``command`` is the simple command it
    is about (or ``None``); ``command_family`` the command family whose
    handler produced it (``shell/families/<module>.py``'s ``FAMILY``, or
    ``"shell"`` for what the shell language itself does: redirections, fork
    bombs, computed command names, the depth limit) — internal for now, for
    per-family severities and ``playgate explain``. ``certain``
    is False when the finding rests on a value only known at run time
    (``rm -rf "$X"``): still blocked, but not proof of intent.

    Made as ``Finding(kind, message, command=None, certain=True,
    command_family="")`` (:class:`statefiles.record.Record`)."""

    __slots__ = ("kind", "message", "command", "certain", "command_family")
    _defaults = {"command": None, "certain": True, "command_family": ""}

    def __repr__(self) -> str:
        return f"Finding({self.kind}: {self.message})"


class Write(Record):
    """A file (or directory tree) the command writes.

    Attributes:
        how: ``"redirect"``, ``"tee"``, ``"sed -i"``, ``"cp"``, ``"rm"``...
        given: the path as written (after quote removal; unknown parts are
            :data:`DYN`).
        abs: absolute normalised path (symlinks resolved as the operation
            resolves them), or ``None`` when not statically known.
        rel: repo-relative path, or ``None`` outside the project (or unknown).
        kind: ``"write"`` (create/overwrite/modify), ``"delete"`` (remove or
            move away), ``"meta"`` (permissions/ownership/times).
        recursive: the whole tree under the path is affected (``rm -r``,
            ``mv`` of a directory, ``cp -r`` into it, archive extraction).
        possible: the command is not modelled and merely receives the path as
            an argument; it may write it.
        command: the :class:`SimpleCommand` doing it.
        pattern: with ``recursive``, only names matching this glob under the
            path are affected (``find DIR -name '*.pyc' -delete``), or ``None``.
        max_depth: with ``pattern``, how deep below the path matches are
            (``find -maxdepth``), or ``None``; set by the find handler.

    Made as ``Write(how, given, abs, rel, kind="write", recursive=False,
    possible=False, command=None, pattern=None, max_depth=None)``
    (:class:`statefiles.record.Record`).
    """

    __slots__ = ("how", "given", "abs", "rel", "kind", "recursive", "possible", "command",
                 "pattern", "max_depth")
    _defaults = {"kind": "write", "recursive": False, "possible": False, "command": None,
                 "pattern": None, "max_depth": None}

    @property
    def known(self) -> bool:
        """The path is statically known (``abs`` is not ``None``)."""
        return self.abs is not None

    def __repr__(self) -> str:
        where = self.rel if self.rel is not None else (self.abs or "<unknown>")
        flags = ("R" if self.recursive else "") + ("?" if self.possible else "")
        return f"Write({self.how} {self.kind} -> {where}{' ' + flags if flags else ''})"
