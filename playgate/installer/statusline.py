"""The installer's offer to register ``playgate statusline``.

After a successful install, like the project_commands offer
(:func:`playgate.detect_commands.offer`): with ``--yes`` or a yes at the
terminal prompt, ``statusLine: {"type": "command", "command": ...}`` is
added to the project's ``.claude/settings.json`` (the settings shape of
Claude Code's schema) and the command is recorded in the manifest's
``settings`` entry (``statusline``), so that --uninstall removes exactly it
(:func:`playgate.installer.settings.unmerge_settings`).

A status line the user already has is never replaced: one in
``.claude/settings.json``, in ``.claude/settings.local.json`` (which
overrides the project file) or in the user's ``~/.claude/settings.json``
(which applies to every project) makes the offer a one-line note instead.
Playgate's own status line in ``.claude/settings.json`` — registered by an
earlier install, or committed by a teammate and found in a fresh clone — is
recognised by its command and adopted silently, never called "one you
already have".
"""

from __future__ import annotations

import json
import os

import playgate.installer.manifest as manifest
import playgate.installer.settings as settings
from playgate.installer.common import MANIFEST, SETTINGS, join, mode_of, read, write
from playgate.installer.settings import statusline_command  # noqa: F401 - re-exported
from playgate.installer.speak import say

#: The project's local settings (not committed; overrides settings.json).
SETTINGS_LOCAL = ".claude/settings.local.json"
KEY = "statusLine"


def _load(path: str):
    """``(settings dict or None, bytes or None)``; unreadable JSON is ``None``."""
    data = read(path)
    if data is None:
        return None, None
    try:
        value = json.loads(data.decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        return None, data
    return (value if isinstance(value, dict) else None), data


def existing(repo: str, home: str | None = None) -> tuple:
    """``(where, statusLine value)`` of the status line that applies to
    ``repo`` already (project local, project, user settings), or
    ``(None, None)``. A file that is not valid JSON counts as having one (we
    cannot tell, so we do not touch it)."""
    home = home if home is not None else os.path.expanduser("~")
    places = [SETTINGS_LOCAL, SETTINGS]
    for rel in places:
        value, data = _load(join(repo, rel))
        if data is not None and value is None:
            return rel, "(unreadable)"
        if value is not None and value.get(KEY) is not None:
            return rel, value[KEY]
    user = os.path.join(home, ".claude", "settings.json")
    value, _data = _load(user)
    if value is not None and value.get(KEY) is not None:
        return "~/.claude/settings.json", value[KEY]
    return None, None


def offer_statusline(repo: str, *, assume_yes: bool = False, dry_run: bool = False, ask=None,
                     out=print, home: str | None = None, lang: str = "en") -> str | None:
    """Offer to register the status line in ``repo``'s settings.json (after
    an install). Returns ``"registered"`` (now), ``"ours"`` (playgate's, there
    already), ``"theirs"`` (the user has one), ``"declined"`` or ``None``
    (nothing to offer: no manifest, a dry run)."""
    m = manifest.load(repo)
    if m is None or not isinstance(m.get("settings"), dict) or not m.get("python"):
        return None
    record = m["settings"]
    where, value = existing(repo, home)
    if where is not None:
        command = value.get("command") if isinstance(value, dict) else None
        if where == SETTINGS and command is not None and command in (
                record.get("statusline"), statusline_command(m["python"])):
            if record.get("statusline") != command:
                # Committed by whoever installed playgate first (a fresh
                # clone's manifest does not know it yet): ours all the same.
                record["statusline"] = command
                write(join(repo, MANIFEST), manifest.dumps(m))
            return "ours"
        out(say(lang, "installer.statusline_theirs", where=where))
        return "theirs"
    command = statusline_command(m["python"])
    out(say(lang, "installer.statusline_offer", settings=SETTINGS))
    if dry_run:
        out(say(lang, "installer.offer_dry"))
        return None
    agreed = assume_yes or (ask is not None and ask(say(lang, "installer.statusline_ask")))
    if not agreed:
        out(say(lang, "installer.statusline_not", settings=SETTINGS,
                json=json.dumps({KEY: {"type": "command", "command": command}})))
        return "declined"
    path = join(repo, SETTINGS)
    current, data = _load(path)
    if current is None:
        return None
    current[KEY] = {"type": "command", "command": command}
    write(path, settings.dump(current, data.decode("utf-8") if data else ""), mode_of(path),
          durable=True)
    record["statusline"] = command
    record["created_keys"] = sorted(set(record.get("created_keys") or ()) | {KEY})
    write(join(repo, MANIFEST), manifest.dumps(m))
    out(say(lang, "installer.statusline_done", settings=SETTINGS))
    return "registered"
