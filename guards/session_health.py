"""session-health (SessionStart; seed 002 §1 "DRIFT チェック", §14.4 "health.sh を
SessionStart から自動呼び出し").

Checks that run by themselves when a session starts (``startup``, ``resume``,
``clear``; not after a compaction, which continues the same session) and
report as context, silent when all is well:

* **repository map drift** — ``docs/repository-map.yaml`` (the project's
  record of its structure, :mod:`statefiles.repomap`) against the files git
  tracks; on a difference the architecture-sync flag
  ``.claude/.session-init/architecture-sync.yaml`` is written and Claude is
  told what moved and which document (the map's ``architecture:``) to bring
  in sync; the flag is removed when the map matches again;
* **the suite's own health** — every hook event the installer registers is
  still registered in ``.claude/settings.json`` (an install.py install; the
  plugin registers itself); the files the golden path needs exist (the
  playbook templates, the skills playbook-init and post-loop with its
  handler, the agents pm, reviewer and critic); guard errors logged to
  ``.claude/logs/errors.log`` since the previous session started.

Everything is read without a subprocess or a heavy import: stats, one
settings file (the C JSON reader), the tail of errors.log, git's index and
(only when the map changed) PyYAML, cached by content. Advisory: a crash is
logged and skipped; the session starts regardless.
"""

from __future__ import annotations

import os
import time

from events.context import Context
from events.inputs import UNITS
from events.verdict import ALLOWED, Effect, Verdict, allow, warn
from statefiles import fastjson, layout, repomap
from statefiles.atomic import open_regular, read_bytes

NAME = "session-health"
ADVISORY = True

#: Hook events install.py registers, and the entrypoint each must name.
REGISTERED = ("SessionStart", "UserPromptSubmit", "PreToolUse", "PermissionRequest",
              "PostToolUse", "Stop", "SubagentStop", "SessionEnd")
#: What the golden path needs, relative to the project (``play/``) or the
#: suite's root (skills, agents).
PROJECT_FILES = ("play/template/plan.json", "play/template/progress.json")
SUITE_FILES = ("skills/playbook-init/SKILL.md", "skills/post-loop/SKILL.md",
               "skills/post-loop/handler.py", "agents/pm.md", "agents/reviewer.md",
               "agents/critic.md")
#: Bytes of errors.log read from its end.
ERRORS_TAIL = 64 * 1024


def _unregistered(ctx) -> list:
    """Events of :data:`REGISTERED` without a command naming their
    ``hooks/<unit>.py`` in ``.claude/settings.json``; ``[]`` for a plugin
    install or settings that cannot be read (doctor says why)."""
    if os.path.basename(layout.SUITE_ROOT) != layout.CLAUDE_DIR or \
            not os.path.exists(layout.join(ctx.root, layout.MANIFEST)):
        return []
    try:
        settings = fastjson.loads(read_bytes(layout.join(ctx.root, ".claude/settings.json"),
                                             4 * 1024 * 1024).decode("utf-8", "replace"))
    except (OSError, ValueError):
        return []
    hooks = settings.get("hooks") if isinstance(settings, dict) else None
    hooks = hooks if isinstance(hooks, dict) else {}
    missing = []
    for event in REGISTERED:
        wanted = f"hooks/{UNITS[event]}.py"
        found = False
        for group in hooks.get(event) or []:
            for hook in (group.get("hooks") or []) if isinstance(group, dict) else []:
                if isinstance(hook, dict) and wanted in str(hook.get("command", "")):
                    found = True
        if not found:
            missing.append(event)
    return missing


def _missing_files(ctx) -> list:
    out = [rel for rel in PROJECT_FILES if not os.path.isfile(ctx.path(rel))]
    suite = layout.SUITE_ROOT
    in_project = os.path.basename(suite) == layout.CLAUDE_DIR
    for rel in SUITE_FILES:
        if not os.path.isfile(os.path.join(suite, rel)):
            out.append(f"{layout.CLAUDE_DIR}/{rel}" if in_project else rel)
    return out


def _stamp(text: str) -> str:
    """A timestamp as ``YYYY-MM-DDTHH:MM:SS`` (state.md writes a space)."""
    return text.strip().replace(" ", "T")[:19]


def _errors_since(ctx) -> tuple:
    """``(count, last_where)`` of guard errors logged since the previous
    session's ``session.last_start`` (all of the log's tail without one)."""
    path = layout.join(ctx.root, layout.ERRORS_LOG)
    try:
        size = os.path.getsize(path)
    except OSError:
        return 0, ""
    previous = ctx.state.get("session", "last_start") if ctx.state is not None else None
    since = _stamp(str(previous)) if previous else ""
    try:
        with open_regular(path) as fh:  # never a FIFO planted there: it would block
            if size > ERRORS_TAIL:
                fh.seek(size - ERRORS_TAIL)
            tail = fh.read(ERRORS_TAIL).decode("utf-8", "replace")
    except OSError:
        return 0, ""
    count, last = 0, ""
    for line in tail.splitlines():
        if not line.startswith("--- "):
            continue
        stamp = line[4:23]
        if since and stamp < since:
            continue
        count += 1
        last = line.split(" in ", 1)[1].strip() if " in " in line else ""
    return count, last


def _drift(ctx, lines: list, effects: list) -> None:
    found = repomap.drift(ctx.root)
    flag = ctx.markers.exists(repomap.SYNC_FLAG)
    if found is None or not found.drifted:
        if flag:
            effects.append(Effect(ctx.markers.remove, repomap.SYNC_FLAG, when="always",
                                  label="remove the architecture-sync flag"))
        if found is not None and found.problem:
            lines.append(ctx.say("session_health.map_problem", problem=found.problem))
        return
    shown = []
    for directory, expected, actual in found.differences[:repomap.SHOWN]:
        if expected is None:
            shown.append(ctx.say("session_health.map_new", directory=directory, actual=actual))
        else:
            shown.append(ctx.say("session_health.map_count", directory=directory,
                                 actual=actual, expected=expected))
    more = len(found.differences) - repomap.SHOWN
    if more > 0:
        shown.append(ctx.say("session_health.map_more", count=more))
    document = (ctx.say("session_health.map_document", document=found.architecture)
                if found.architecture else "")
    lines.append(ctx.say("session_health.map_drift", map=repomap.MAP,
                         differences="; ".join(shown), document=document,
                         flag=repomap.SYNC_FLAG))
    effects.append(Effect(ctx.markers.write, repomap.SYNC_FLAG,
                          repomap.flag_text(found, time.strftime("%Y-%m-%dT%H:%M:%S")),
                          when="always", label="write the architecture-sync flag"))


def check(ctx: Context) -> Verdict:
    """SessionStart (not ``compact``): a WARN listing the repository map's
    drift and the suite's health problems, with an effect writing or
    removing the architecture-sync flag; ALLOWED when all is well (seed 002
    §1, §14.4)."""
    if (ctx.hook.source or "startup") == "compact":
        return ALLOWED
    lines: list = []
    effects: list = []
    _drift(ctx, lines, effects)
    missing = _unregistered(ctx)
    if missing:
        lines.append(ctx.say("session_health.unregistered", events=", ".join(missing)))
    files = _missing_files(ctx)
    if files:
        lines.append(ctx.say("session_health.missing_files", files=", ".join(files)))
    count, where = _errors_since(ctx)
    if count:
        lines.append(ctx.say("session_health.errors", count=count, where=where or "-",
                             log=layout.ERRORS_LOG))
    if not lines:
        return allow(effects=tuple(effects)) if effects else ALLOWED
    return warn("\n".join(lines), effects=tuple(effects))

