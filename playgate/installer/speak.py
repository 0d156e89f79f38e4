"""The installer's language and its sentences.

The installer speaks the project's language — ``config.language`` of the
repository's state.md, what its hooks speak — and, where there is no
state.md yet (a first install), the user's locale
(:func:`messages.locale_language`). Its sentences are the ``installer.*``
entries of the suite's catalogue (``messages/en.py``, ``messages/ja.py``);
a step or a note is made as a :class:`messages.Text` (English as a string,
key and fields kept) and rendered in the language when printed.

Standard library only: state.md's language is read with a line scan (the
installer runs before PyYAML exists), then judged by the hooks' own rule
(:func:`messages.resolve_language`).
"""

from __future__ import annotations

import os
import re

from playgate import suite

suite.put_on_path()
import messages  # noqa: E402 - from the suite root put on sys.path
from messages import Text, localize  # noqa: E402,F401 - re-exported for the installer

_LANGUAGE = re.compile(r"^\s*language\s*:\s*['\"]?([A-Za-z_-]+)", re.M)


def language(repo: str | None = None, env=None) -> str:
    """``en`` or ``ja`` for an install into ``repo`` (see the module docstring)."""
    if repo:
        try:
            with open(os.path.join(os.path.expanduser(repo), "state.md"),
                      encoding="utf-8") as fh:
                found = _LANGUAGE.search(fh.read(256 * 1024))
        except (OSError, UnicodeDecodeError):
            found = None
        else:
            return messages.resolve_language(found.group(1) if found else None)[0]
    return messages.locale_language(env)


def say(lang: str, key: str, /, **fields) -> str:
    """The catalogue entry ``key`` in ``lang`` with ``fields``."""
    return messages.text(lang, key, **fields)


def shown(lang: str, value) -> str:
    """A step's or note's text (a :class:`Text` or a plain path) in ``lang``."""
    return str(localize(lang, value))
