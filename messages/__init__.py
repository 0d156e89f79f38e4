"""The message catalogue: every BLOCK/WARN/DELEGATE text and lifecycle
additionalContext, in English and Japanese.

``messages/en.py`` and ``messages/ja.py`` each hold ``MESSAGES``: a dict
KEY → ``str.format`` template. Keys are ``<guard module>.<case>``
(``protected_edit.hard_block``, ``init_guard.read_first``...). The English
catalogue is the source of truth: a key or a field missing from the Japanese
one falls back to English, and a template that cannot be formatted falls back
to the key and its fields, so producing a message never raises on a hook path.

The language is state.md ``config.language`` (``en`` default, ``ja``),
read through ``events.context.Context.language``; guards call
``ctx.say(key, **fields)``. This package is imported only when a message is
produced: the allow path never loads a catalogue.
"""

from __future__ import annotations

import os

#: Languages with a catalogue (``messages/<lang>.py``): the values state.md
#: ``config.language`` accepts. The first is the default and the fallback.
LANGUAGES = ("en", "ja")

DEFAULT = LANGUAGES[0]


def resolve_language(value) -> tuple:
    """``config.language`` as written → ``(language, recognised)``: a value
    of :data:`LANGUAGES` (case and surrounding spaces ignored) is itself;
    anything else — unset, ``fr``, ``JA_jp``, a list — falls back to
    :data:`DEFAULT` (README "Languages"). ``recognised`` is False for a value
    that is set but not a language, so callers can name it. The one decision
    the hooks (``StateDoc.language``, session-start), ``doctor`` and
    ``validate`` share."""
    if value is None:
        return DEFAULT, True
    if isinstance(value, str) and value.strip().lower() in LANGUAGES:
        return value.strip().lower(), True
    return DEFAULT, False


def locale_language(env=None) -> str:
    """The user's language from the locale, where no project sets one (the
    installer before ``state.md`` exists, the command line outside a
    project): the first of ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set
    (POSIX precedence; ``LANGUAGE``'s first entry before them, as GNU
    gettext reads it) — ``ja`` when it names Japanese (``ja_JP.UTF-8``,
    ``ja``), else :data:`DEFAULT`."""
    env = os.environ if env is None else env
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = (env.get(name) or "").strip()
        if name == "LANGUAGE":
            value = value.split(":", 1)[0]
        if value:
            code = value.split(".", 1)[0].split("_", 1)[0].split("-", 1)[0].lower()
            return code if code in LANGUAGES else DEFAULT
    return DEFAULT


_loaded: dict = {}


def catalogue(lang: str) -> dict:
    """The ``MESSAGES`` dict of ``lang`` (``{}`` for an unknown language).
    Imported on first use and kept for the process."""
    if lang not in LANGUAGES:
        return {}
    table = _loaded.get(lang)
    if table is None:
        module = __import__(f"messages.{lang}", fromlist=["MESSAGES"])
        table = module.MESSAGES
        if lang == DEFAULT and os.environ.get("PLAYGATE_MESSAGES_REWORDED") == "1":
            # The test runs that prove no test reads wording (messages/reworded.py).
            from messages import reworded  # lazy: only those runs load the transform

            table = reworded.catalogue(table)
        _loaded[lang] = table
    return table


class Text(str):
    """A message made where no hook context is at hand (a state file's
    problem, a validator's finding): its ``str`` is the English text, so
    logs, tests and English readers see what they always saw, and it keeps
    its catalogue ``key`` and ``fields`` so that :func:`text` renders it
    again in the reader's language when it reaches a message as a field
    value, or :func:`localize` when it is shown on its own.
    Field values may be ``Text`` themselves (translated in turn).

    ``Text.join(sep, parts)`` joins parts the same way, each translated.
    ``english`` overrides the English text: a library's or the OS's own
    words (``"Is a directory"``, a jsonschema message), kept exactly as they
    were, while the catalogue entry of ``key`` (same fields in both
    languages) tells the same fact for the translation
    (:mod:`statefiles.detail`).

    Building one imports the English catalogue only; this module is only
    imported on paths that already report a problem.
    """

    def __new__(cls, key, /, english=None, **fields):
        if english is None:
            english = text(DEFAULT, key, **fields) if key else ""
        self = super().__new__(cls, english)
        self.key = key
        self.fields = fields
        return self

    @classmethod
    def join(cls, sep: str, parts) -> "Text":
        """``sep.join(parts)`` whose parts are translated one by one."""
        parts = list(parts)
        self = super().__new__(cls, sep.join(str(p) for p in parts))
        self.key = None
        self.fields = {"sep": sep, "parts": parts}
        return self

    def to_json(self) -> dict:
        """This text as JSON, for a file read back later (an archive
        checkpoint, a subagent report): ``{"key", "en", "fields"}`` with the
        fields converted in turn (a field that is a ``Text`` stays one; any
        other value that is not a JSON scalar becomes its ``str``), or
        ``{"sep", "parts"}`` for a :meth:`join`. :meth:`from_json` reads it."""
        if self.key is None:
            return {"sep": self.fields["sep"], "parts": [_field_json(p) for p in self.fields["parts"]]}
        return {"key": self.key, "en": str.__str__(self),
                "fields": {k: _field_json(v) for k, v in self.fields.items()}}

    @classmethod
    def from_json(cls, value) -> "Text":
        """The ``Text`` :meth:`to_json` made, with the same English and key.
        Raises ``ValueError`` for anything else (a hand-edited file)."""
        if not isinstance(value, dict):
            raise ValueError("not a text")
        if isinstance(value.get("parts"), list) and isinstance(value.get("sep"), str):
            if not all(isinstance(p, (str, dict)) for p in value["parts"]):
                raise ValueError("not a text")
            return cls.join(value["sep"], [_field_from_json(p) for p in value["parts"]])
        key, english, fields = value.get("key"), value.get("en"), value.get("fields")
        if not (isinstance(key, str) and key and isinstance(english, str)
                and isinstance(fields, dict)) or "english" in fields:
            raise ValueError("not a text")
        return cls(key, english=english, **{str(k): _field_from_json(v) for k, v in fields.items()})

    def localized(self, lang: str) -> str:
        """This text in ``lang`` (plain ``str``)."""
        if lang == DEFAULT:
            return str.__str__(self)
        if self.key is None:
            return self.fields["sep"].join(localize(lang, p) for p in self.fields["parts"])
        return text(lang, self.key, **self.fields)


def _field_json(value):
    """A field (or join part) of a :class:`Text` as JSON (see ``Text.to_json``)."""
    if isinstance(value, Text):
        return value.to_json()
    if value is None or isinstance(value, (bool, int, float)):
        return value
    return str(value)


def _field_from_json(value):
    """What :func:`_field_json` made, back (a dict is a ``Text``)."""
    return Text.from_json(value) if isinstance(value, dict) else value


def localize(lang: str, value):
    """``value`` in ``lang`` when it is a :class:`Text` (or a list/tuple of
    them, returned as a list); any other value as it is."""
    if isinstance(value, Text):
        try:
            return value.localized(lang)
        except Exception:  # noqa: BLE001 - never take the hook down for a message
            return str.__str__(value)
    if isinstance(value, (list, tuple)) and any(isinstance(v, Text) for v in value):
        return [localize(lang, v) for v in value]
    return value


def _format(template, fields: dict):
    try:
        return template.format(**fields)
    except Exception:  # noqa: BLE001 - KeyError, IndexError, ValueError, bad __format__
        return None


def text(lang: str, key: str, /, **fields) -> str:
    """The message ``key`` in ``lang`` formatted with ``fields``.

    Falls back to English when ``lang`` is unknown, the key is missing from
    its catalogue or its template cannot be formatted with ``fields``; when
    English fails too, returns ``"<key>: field=value, ..."`` so the reader
    still learns what happened. Never raises.

    Args:
        lang: ``"en"`` or ``"ja"`` (anything else is English).
        key: a catalogue key (``"protected_edit.hard_block"``).
        fields: values for the template's ``{name}`` fields (any objects;
            braces inside values are never re-interpreted).
    """
    if lang != DEFAULT and any(isinstance(v, (Text, list, tuple)) for v in fields.values()):
        fields = {k: localize(lang, v) for k, v in fields.items()}
    try:
        for attempt in ((lang, DEFAULT) if lang != DEFAULT else (DEFAULT,)):
            template = catalogue(attempt).get(key)
            if template is not None:
                result = _format(template, _shown(attempt, _said_in(attempt, fields)))
                if result is not None:
                    return result
    except Exception:  # noqa: BLE001 - never take the hook down for a message
        pass
    try:
        shown = ", ".join(f"{k}={v!s}" for k, v in fields.items()).replace(_DYN, "<?>")
    except Exception:  # noqa: BLE001
        shown = ""
    return f"{key}: {shown}" if shown else str(key)


#: The shell analysis's placeholder for a part of a word known only at run
#: time (``shell.model.DYN``); never shown as it is (``'\x00'``).
_DYN = "\x00"


def _shown(lang: str, fields: dict) -> dict:
    """``fields`` with the placeholder of a part known only at run time
    replaced by the words ``message.dynamic_part`` in ``lang``
    (``<known only at run time>``), so that ``bash -c "$SCRIPT"`` is never
    said to run the command ``'\x00'``."""
    if not any(isinstance(v, str) and _DYN in v for v in fields.values()):
        return fields
    part = catalogue(lang).get("message.dynamic_part") or "<?>"
    return {k: v.replace(_DYN, part) if isinstance(v, str) else v for k, v in fields.items()}


def _is_said(value) -> bool:
    """``value`` is a sentence the shell analysis recorded (a
    :class:`shell.model.Msg`: ``key`` and ``fields``)."""
    if isinstance(value, Text):  # its English may be a library's own words
        return False
    return isinstance(getattr(value, "key", None), str) and \
        isinstance(getattr(value, "fields", None), dict)


def _said_in(lang: str, fields: dict) -> dict:
    """``fields`` with every recorded sentence among them rendered in
    ``lang`` (a guard passing ``Finding.message`` or ``Write.how`` as a
    field gets it in its own language)."""
    if not any(_is_said(v) for v in fields.values()):
        return fields
    return {k: render(lang, v) if _is_said(v) else v for k, v in fields.items()}


def render(lang: str, value) -> str:
    """A sentence the shell analysis recorded (:class:`shell.model.Msg`: a
    ``key`` and its ``fields``) in ``lang``, its fields that are recorded
    sentences too rendered in the same language; any other value is
    ``str(value)``. Never raises."""
    if isinstance(value, Text):
        return str(localize(lang, value))
    if not _is_said(value):
        return str(value)
    return text(lang, value.key, **value.fields)


#: Japanese punctuation after which an English-shaped join leaves an ASCII
#: space (``"。 次の文"``): Japanese runs sentences on without one.
_JA_STOPS = ("。", "、", "：", "）")


def tidy(lang: str, message: str) -> str:
    """``message`` as a guard built it, with the traces of English-shaped
    templates removed for ``lang``: in Japanese no ASCII space (or ``;``
    separator) after ``。`` and ``、`` (a sentence list joined with ``" "``
    or ``"; "`` for English), and one full stop where an English sentence
    ends before a Japanese one (``".。"``, ``"。。"``). Other languages:
    unchanged. Never raises."""
    if lang != "ja" or not isinstance(message, str):
        return message
    try:
        for stop in _JA_STOPS:
            for junk in ("; ", ";", " "):
                while stop + junk in message:
                    message = message.replace(stop + junk, stop)
        # An English sentence (a rule's reason, a library's words) put before
        # a Japanese full stop: one full stop, not ".。" (an ellipsis stays).
        at = message.find(".。")
        while at >= 0:
            if at == 0 or message[at - 1] != ".":
                message = message[:at] + message[at + 1:]
                at = message.find(".。", at)
            else:
                at = message.find(".。", at + 2)
        while "。。" in message:
            message = message.replace("。。", "。")
        return message
    except Exception:  # noqa: BLE001 - never take the hook down for a message
        return message


class Said(str):
    """A message as a guard said it: the text in the reader's language (its
    ``str``), and the catalogue ``key`` and ``fields`` it came from.

    A verdict keeps them (``Verdict.key``, ``Verdict.fields``), so a test
    asserts what was said by key and fields rather than by English words, and
    rewording a sentence in a catalogue changes no test. Passed as a field of
    another message, it is rendered again in that message's language (it
    carries ``key`` and ``fields`` like a recorded sentence)."""

    def __new__(cls, rendered: str, key: str, fields: dict, lang: str):
        self = super().__new__(cls, rendered)
        self.key = key
        self.fields = fields
        self.lang = lang
        return self


def say(ctx, key: str, /, **fields) -> Said:
    """:func:`text` in the language of ``ctx`` (``ctx.language``; English
    when the object has none, e.g. a test's stand-in context), as a
    :class:`Said` that keeps ``key`` and ``fields``."""
    try:
        lang = getattr(ctx, "language", DEFAULT)
    except Exception:  # noqa: BLE001
        lang = DEFAULT
    lang = lang if isinstance(lang, str) else DEFAULT
    return Said(text(lang, key, **fields), key, fields, lang)
