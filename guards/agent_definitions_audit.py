"""agent-definitions-audit: agent-definitions at SessionStart (SPEC §6; seed 003
Spec 9.5, Spec 12).

Warns (additionalContext) about agent definitions already in
``.claude/agents/**/*.md`` that break the rules agent-definitions enforces on
writes: no YAML frontmatter with ``name`` and ``description``, or ``tools``
including ``Task``/``Agent``. Claude is told which files and why, so it can
fix them (through the Write/Edit tools, where they are checked) or tell the
user.

Costs one ``os.stat`` when the directory does not exist. The result is cached
by the content of all definitions (``statefiles.cache``), so PyYAML is
imported only when a definition changed since the last session. Advisory:
a failure here never blocks a session. Off with
``config.agent_definitions_guard: false``.
"""

from __future__ import annotations

import os

from events.context import Context
from events.verdict import ALLOWED, Verdict, warn
from guards.agent_definitions import AGENTS_DIR, RULE, problem_codes
from statefiles import layout
from statefiles.atomic import read_bytes
from statefiles.cache import cached
from workflow import team

NAME = "agent-definitions-audit"
ADVISORY = True

#: At most this many definitions are read (a directory of thousands is not a
#: set of agent definitions).
MAX_FILES = 500
MAX_FILE_BYTES = 256 * 1024


def _definitions(root: str) -> list:
    """``[(rel, bytes), ...]`` of ``.claude/agents/**/*.md``, sorted."""
    base = layout.join(root, AGENTS_DIR)
    found = []
    stack = [base]
    while stack and len(found) < MAX_FILES:
        directory = stack.pop()
        try:
            entries = list(os.scandir(directory))
        except OSError:
            continue
        for entry in entries:
            try:
                if entry.is_dir(follow_symlinks=False):
                    stack.append(entry.path)
                elif entry.name.lower().endswith(".md") and entry.is_file():
                    data = read_bytes(entry.path, MAX_FILE_BYTES)
                    rel = os.path.relpath(entry.path, root).replace(os.sep, "/")
                    found.append((rel, data))
            except OSError:
                continue
    return sorted(found)


def audit(root: str, lang: str = "en") -> list:
    """``[[rel, [errors]], ...]`` for the definitions that break the rules,
    the errors in ``lang`` (cached as catalogue keys, by content)."""
    files = _definitions(root)
    if not files:
        return []
    key = b"\0".join(rel.encode("utf-8") + b"\n" + data for rel, data in files)

    def compute():
        out = []
        for rel, data in files:
            stem = rel.rsplit("/", 1)[-1][:-3]
            errors, _ = problem_codes(data.decode("utf-8", "replace"), stem)
            if errors:
                out.append([rel, [[k, f] for k, f in errors]])
        return out

    found = cached(root, "agent-definitions-v3", key, compute)
    if not found:
        return []
    from messages import text  # lazy: a message is produced only for a broken definition

    return [[rel, [text(lang, k, **f) for k, f in errors]] for rel, errors in found]


def check(ctx: Context) -> Verdict:
    """SessionStart: a WARN listing the agent definitions under ``.claude/agents/``
    that break seed 003's rules (at most 20, then a count), else ALLOWED (SPEC §6;
    seed 003 Spec 9.5, 12). Reads through :func:`audit` (cached by content)."""
    if not os.path.isdir(layout.join(ctx.root, AGENTS_DIR)):
        return ALLOWED
    if not team.enabled(ctx, "agent_definitions_guard"):
        return ALLOWED
    broken = audit(ctx.root, ctx.language)
    if not broken:
        return ALLOWED
    lines = [ctx.say("agent_definitions_audit.header", count=len(broken))]
    for rel, errors in broken[:20]:
        lines.append(f"- {rel}: " + "; ".join(errors))
    if len(broken) > 20:
        lines.append(ctx.say("agent_definitions_audit.more", count=len(broken) - 20))
    lines.append(ctx.say("agent_definitions_audit.fix", rule=ctx.say(RULE)))
    return warn("\n".join(lines))
