"""The Claude Code plugin's hook registrations, generated from settings.template.json.

One source of truth: ``settings.template.json`` holds the
hook registrations for both ways of installing the suite. The installer fills
its placeholders for a repository (``{{PYTHON}}`` = ``.claude/.venv/bin/python``,
``{{SUITE}}`` = ``.claude``); :func:`render_hooks` fills them for the plugin
and applies the plugin's three differences, each checked so that a change of
the template cannot slip through unnoticed (:class:`GenerationError`):

1. the interpreter is ``$CLAUDE_PLUGIN_DATA/venv/bin/python`` and the suite
   ``$CLAUDE_PLUGIN_ROOT`` (:data:`PLUGIN_PYTHON`, :data:`PLUGIN_SUITE`);
2. SessionStart starts through :mod:`playgate.bootstrap`, which creates that
   environment on first use, and gets :data:`SETUP_TIMEOUT` seconds for it;
3. SessionStart's repair hints name the plugin's repair command instead of
   the committed entry point of an install (:data:`REPAIRS`); the gating events' hint comes from
   ``hooks/failclosed.sh``, which tells the two installations apart itself.

``hooks/hooks.json`` is the committed result; ``tests/playgate/test_plugin.py`` checks
that it equals :func:`render_hooks` and validates it, plugin.json and
marketplace.json against the schemas in ``../shared/schemas/``.
Regenerate with ``python -m playgate plugin hooks --write``.
"""

from __future__ import annotations

import json
import os

from playgate import suite
from playgate.installer.settings import render_settings
from playgate.project import SUITE_ROOT
from statefiles.atomic import write_atomic

PLUGIN_NAME = "playgate"
HOOKS_JSON = "hooks/hooks.json"

#: ``{{PYTHON}}`` and ``{{SUITE}}`` for the plugin (shell words; Claude Code
#: sets both variables for plugin hooks).
PLUGIN_PYTHON = '"${CLAUDE_PLUGIN_DATA}"/venv/bin/python'
PLUGIN_SUITE = '"${CLAUDE_PLUGIN_ROOT}"'
#: SessionStart's interpreter: a launcher that creates the environment first.
BOOTSTRAP = 'python3 "${CLAUDE_PLUGIN_ROOT}"/playgate/bootstrap.py'
#: Seconds SessionStart may take: the first one builds a virtualenv from PyPI.
SETUP_TIMEOUT = 300

_START_USER_OLD = ("It is not set up in this clone yet, or its Python environment is broken: "
                   "set it up (or repair it) by running, in this repository: python3 "
                   ".claude/playgate install .")
_START_USER_NEW = ("Its Python environment could not be made: the plugin needs python3 (3.10 "
                   "or newer) on PATH to set it up; see the playgate docs, docs/install.md, "
                   "section Plugin")
_START_CLAUDE_OLD = ("Tell the user: it is not set up in this clone yet, or its Python "
                     "environment is broken; they set it up (or repair it) by running, in "
                     "this repository: python3 .claude/playgate install .")
_START_CLAUDE_NEW = ("Tell the user: the playgate plugin needs python3 (3.10 or newer) on "
                     "PATH to set up its environment (playgate docs: docs/install.md, "
                     "section Plugin).")

#: ``{event: [(old, new), ...]}`` replacements. Each ``old`` must occur
#: exactly once in the command it applies to. The gating events' repair text
#: is not in their command line: ``hooks/failclosed.sh``
#: prints the plugin's when it runs from the plugin root.
REPAIRS = {
    "SessionStart": [(_START_USER_OLD, _START_USER_NEW), (_START_CLAUDE_OLD, _START_CLAUDE_NEW)],
}
#: How a gating command ends: a failure that is not exit 2 goes to the
#: fail-closed script, and a missing script still blocks.
GATING_TAIL = " $? || exit 2"

DESCRIPTION = ("playgate hook registrations for the Claude Code plugin. Generated from "
               "settings.template.json by `python -m playgate plugin hooks --write`; "
               "do not edit by hand.")


class GenerationError(Exception):
    """settings.template.json no longer has the shape the plugin rendering
    relies on; the message says which command and what was expected."""


def _check_source(source: str) -> None:
    """Raises :class:`GenerationError` unless ``source`` holds settings.template.json
    (an installed copy of the suite has none: generate from a checkout)."""
    if not suite.is_source(source):
        raise GenerationError(f"{os.path.join(source, suite.SETTINGS_TEMPLATE)} does not exist: "
                              "generate hooks.json from a playgate checkout (the directory "
                              "with settings.template.json)")


def _gating(command: str) -> bool:
    return command.rstrip().endswith(GATING_TAIL)


def _plugin_command(event: str, command: str) -> str:
    prefix = f"{PLUGIN_PYTHON} {PLUGIN_SUITE}/hooks/"
    if not command.startswith(prefix):
        raise GenerationError(f"{event}: the command does not start with {{{{PYTHON}}}} "
                              f"{{{{SUITE}}}}/hooks/: {command[:120]!r}")
    rules = list(REPAIRS.get(event, []))
    if _gating(command) and not command.endswith(
            f" || sh {PLUGIN_SUITE}/hooks/failclosed.sh {event}{GATING_TAIL}"):
        raise GenerationError(f"{event}: a gating command must end in `|| sh {{{{SUITE}}}}/hooks/"
                              f"failclosed.sh {event}{GATING_TAIL}`: {command[:160]!r}")
    for old, new in rules:
        if command.count(old) != 1:
            raise GenerationError(f"{event}: expected the text {old!r} once in the command "
                                  f"(found {command.count(old)}); update playgate/plugin.py "
                                  "REPAIRS to match settings.template.json")
        command = command.replace(old, new)
    if event == "SessionStart":
        command = BOOTSTRAP + command[len(PLUGIN_PYTHON):]
    return command


def render_hooks(source: str = SUITE_ROOT) -> dict:
    """The plugin's ``hooks/hooks.json`` document for the checkout at ``source``.

    Raises:
        GenerationError: see :class:`GenerationError`.
    """
    _check_source(source)
    settings = render_settings(PLUGIN_PYTHON, PLUGIN_SUITE, source)
    hooks = settings.get("hooks")
    if not isinstance(hooks, dict) or not hooks:
        raise GenerationError("settings.template.json has no hooks")
    for event, groups in hooks.items():
        for group in groups:
            for handler in group.get("hooks", []):
                if handler.get("type") != "command":
                    raise GenerationError(f"{event}: only command hooks can be rendered")
                handler["command"] = _plugin_command(event, handler["command"])
                if event == "SessionStart":
                    handler["timeout"] = max(handler.get("timeout", 0), SETUP_TIMEOUT)
    return {"description": DESCRIPTION, "hooks": hooks}


def dumps(document: dict) -> str:
    """The exact text of ``hooks.json`` (2-space indent, trailing newline)."""
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def hooks_json_path(source: str = SUITE_ROOT) -> str:
    """Path of the plugin's hook registrations (``hooks/hooks.json``) under ``source``."""
    return os.path.join(source, *HOOKS_JSON.split("/"))


def check_hooks_json(source: str = SUITE_ROOT) -> str | None:
    """``None`` when the committed hooks.json equals the generated one, else
    a one-line description of the difference."""
    want = dumps(render_hooks(source))
    path = hooks_json_path(source)
    try:
        with open(path, encoding="utf-8") as fh:
            have = fh.read()
    except OSError as exc:
        return f"{HOOKS_JSON} cannot be read ({exc.strerror})"
    if have == want:
        return None
    try:
        have_doc = json.loads(have)
    except ValueError as exc:
        return f"{HOOKS_JSON} is not valid JSON ({exc})"
    want_doc = json.loads(want)
    for event in sorted(set(have_doc.get("hooks", {})) | set(want_doc["hooks"])):
        if have_doc.get("hooks", {}).get(event) != want_doc["hooks"].get(event):
            return f"{HOOKS_JSON}: the {event} registration differs from settings.template.json"
    return f"{HOOKS_JSON} differs from the generated text (formatting or description)"


def write_hooks_json(source: str = SUITE_ROOT) -> str:
    """Write the generated hooks.json atomically; returns its path."""
    path = hooks_json_path(source)
    write_atomic(path, dumps(render_hooks(source)).encode("utf-8"))
    return path
