"""The command line's sentences: keys of the suite's one message catalogue.

Every sentence the ``playgate`` command line and the installer print is an
entry of ``messages/en.py`` and ``messages/ja.py`` (their sections "the
playgate command line" and "the installer"), the catalogue the hooks speak
from: the same keys and fields in both languages, the same fallback. The
CLI never formats a sentence inline: it calls :func:`text` with a key and
parameters, and its ``--json`` output carries the key (``code``) and the
parameters next to the rendered ``message``, so scripts do not depend on
the wording.

The language is the one the hooks speak in the project (state.md
``config.language``), so that a reason a guard gives and the frame the CLI
puts around it are one language; where no project sets one, the user's
locale (:func:`language`).
"""

from __future__ import annotations

import os

from playgate import suite


def _catalogue():
    suite.put_on_path()
    import messages  # lazy: the suite root is importable only once put on sys.path

    return messages


#: The keys of the command line and the installer (their catalogue
#: sections); tests check that each is used and exists in both languages.
PREFIXES = ("cli.", "check.", "explain.", "doctor.", "status.", "validate.", "replay.",
            "init.", "logs.", "report.", "schema.", "plugin.", "install.", "uninstall.",
            "demo.", "installer.")


class _Keys:
    """``EN``: the English templates of the command line's keys (a mapping
    read on demand, so importing this module loads no catalogue)."""

    def _table(self) -> dict:
        messages = _catalogue()
        return {k: v for k, v in messages.catalogue("en").items()
                if k.startswith(PREFIXES) or k == "statusline.help"}

    def __contains__(self, key) -> bool:
        return key in self._table()

    def __iter__(self):
        return iter(self._table())

    def __len__(self) -> int:
        return len(self._table())

    def __getitem__(self, key) -> str:
        return self._table()[key]

    def get(self, key, default=None):
        return self._table().get(key, default)


EN = _Keys()


#: The language of this run of the command line once it is known
#: (:func:`set_language`): the default of :func:`text`, so that an error a
#: command raises and the help texts speak it too.
_CURRENT: list = []


def set_language(lang: str) -> None:
    """Make ``lang`` the default of :func:`text` for this process."""
    _CURRENT[:] = [lang]


def early_language(argv, env=None) -> str:
    """The language before the project is parsed: the project named with
    ``-C DIR``/``--project DIR``, else ``$CLAUDE_PROJECT_DIR``, else the git
    work tree of the current directory — its state.md's language (the same
    line scan as the installer's) — else the locale."""
    env = os.environ if env is None else env
    root = None
    for i, arg in enumerate(argv):
        if arg in ("-C", "--project") and i + 1 < len(argv):
            root = argv[i + 1]
        elif arg.startswith("--project="):
            root = arg.split("=", 1)[1]
    if root is None:
        suite.put_on_path()
        from statefiles import layout  # lazy: the suite root is on sys.path only now

        root = layout.project_root("", env)
    from playgate.installer.speak import language as install_language  # lazy: as above

    return install_language(root, env)


def language(project=None, env=None) -> str:
    """The language the command line speaks: the project's (state.md
    ``config.language``, what its hooks speak) when ``project`` has a
    state.md, else the user's locale (:func:`messages.locale_language`)."""
    messages = _catalogue()
    if project is not None and os.path.isfile(os.path.join(project.root, "state.md")):
        return project.language
    return messages.locale_language(env)


def _japanese(text: str) -> bool:
    return any("\u3040" <= c <= "\u30ff" or "\u4e00" <= c <= "\u9fff" for c in text)


def quoted(lang: str, value) -> str:
    """A text the CLI shows but did not write in ``lang`` — the permission
    gate's trace (its phases record their reasons in English, as the audit
    log keeps them), a reason logged before the project's language changed
    — marked as quoted in a Japanese frame (「...」, the catalogue's way of
    showing a library's own words) so that it is not read as the frame's
    sentence; as it is otherwise."""
    value = "" if value is None else str(value)
    if lang == "ja" and value.strip() and not _japanese(value):
        return f"「{value}」"
    return value


def text(key: str, lang: str | None = None, **params) -> str:
    """The message ``key`` in ``lang`` (default: this run's language,
    :func:`set_language`, else the locale; English when the language or the
    key is missing there), formatted with ``params`` (``str.format`` fields).

    Raises:
        KeyError: ``key`` is in no catalogue (a bug; tests check every key used).
    """
    messages = _catalogue()
    if key not in messages.catalogue("en"):
        raise KeyError(key)
    if lang is None:
        lang = _CURRENT[0] if _CURRENT else messages.locale_language()
    return messages.text(lang, key, **params)


class Note:
    """One finding of a command (doctor check, validation error...).

    Attributes:
        level: ``"ok"``, ``"info"``, ``"warn"`` or ``"error"``.
        code: the message key.
        params: its parameters (JSON-serialisable).
        where: optional location (``"state.md:12:3"``, a check name...).
    """

    __slots__ = ("level", "code", "params", "where")

    LEVELS = ("ok", "info", "warn", "error")

    def __init__(self, level: str, code: str, where: str = "", **params) -> None:
        if level not in self.LEVELS:
            raise ValueError(f"unknown level {level!r}")
        self.level = level
        self.code = code
        self.params = params
        self.where = where

    def message(self, lang: str = "en") -> str:
        """The note's text in ``lang`` (the catalogue message :attr:`code` with
        :attr:`params`)."""
        return text(self.code, lang, **self.params)

    def to_json(self, lang: str = "en") -> dict:
        """``{"level", "code", "message", "params"}`` (and ``where`` when set), the message in
        ``lang``."""
        data = {"level": self.level, "code": self.code, "message": self.message(lang),
                "params": self.params}
        if self.where:
            data["where"] = self.where
        return data

    def __repr__(self) -> str:
        return f"Note({self.level} {self.code} {self.where} {self.params})"
