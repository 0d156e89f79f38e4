"""agent-definitions (SPEC §6 "Agent definitions"; seed 003 Spec 9.5, Spec 12).

Subagents are defined by ``.claude/agents/*.md``: YAML frontmatter, then the
instructions in Markdown. Seed 003's rules a hook can check on the file as it
will be after the write (``ctx.post_edit``):

* the file starts with YAML frontmatter between ``---`` lines (Spec 12.3, 12.7);
* the frontmatter gives ``name`` (the ``subagent_type`` it is called by) and
  ``description`` as non-empty strings ("Required fields: name, description");
* ``tools`` — a comma-separated string or a list — never includes ``Task`` or
  ``Agent``, in any form (``Agent(worker)`` too): no subagent may start other
  subagents (Spec 9.5, 12.6).

A write that breaks them is blocked. Leaving ``tools`` out means the agent
inherits every tool (seed 002 §7), Task and Agent included; that is a
warning, not a block (seed 003 lists ``tools`` as optional), unless
``disallowedTools`` removes both.

Every write route is covered: Edit/Write/MultiEdit/NotebookEdit by any
spelling of the path (``ctx.target`` variants: ``..``, symlinks, case,
backslashes), and Bash writes found by the shell analysis
(``ctx.shell.writes``: redirects, ``tee``, ``cp``/``mv``, ``sed -i``,
interpreter one-liners), whose result cannot be checked and is therefore
blocked (deleting a definition is allowed: it cannot break the rule).
Agent files are ``.claude/agents/**/*.md`` in the project and
``~/.claude/agents/**/*.md``. The suite's own agents (pm, reviewer, critic...)
are HARD_BLOCK in the protected floor anyway.

Off with state.md ``config.agent_definitions_guard: false``.
"""

from __future__ import annotations

import os

from events.verdict import ALLOWED, block, warn
from guards import _team

NAME = "agent-definitions"
ADVISORY = False

AGENTS_DIR = ".claude/agents"
#: Tools that start subagents (``Task`` before Claude Code 2.1.63, ``Agent`` since).
SPAWN_TOOLS = ("task", "agent")
#: Shell write kinds that only remove a file.
_REMOVALS = ("rm", "unlink", "rmdir", "shred")

RULE = (
    "An agent definition (seed 003 Spec 12) starts with YAML frontmatter between `---` lines "
    "that gives `name` (the subagent_type it is called by) and `description`, lists only the "
    "tools the role needs in `tools` (least privilege), and never lists `Task` or `Agent`: "
    "no subagent may start other subagents (Spec 9.5, 12.6)."
)


def is_agent_rel(rel: str | None) -> bool:
    """``.claude/agents/**/*.md`` (case-insensitive)."""
    if not rel:
        return False
    folded = rel.casefold()
    return folded.startswith(AGENTS_DIR + "/") and folded.endswith(".md")


def is_agent_file(resolved, home: str = "") -> bool:
    """True when any spelling of ``resolved`` is an agent definition of the
    project, or the path is under ``~/.claude/agents/``."""
    if resolved is None:
        return False
    if resolved.rel is not None and any(is_agent_rel(v) for v in resolved.variants):
        return True
    return is_user_agent(resolved.abs, home)


def is_user_agent(abs_path: str, home: str) -> bool:
    if not home or not abs_path or ".claude" + os.sep + "agents" not in abs_path.casefold():
        return False
    base = os.path.join(os.path.realpath(home), ".claude", "agents") + os.sep
    return (abs_path.casefold().startswith(base.casefold())
            and abs_path.casefold().endswith(".md"))


def split_frontmatter(text: str) -> tuple:
    """``(frontmatter_text, error)``: the YAML between the first line ``---``
    and the next ``---`` (or ``...``) line."""
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = text.splitlines()
    if not lines or lines[0].rstrip() != "---":
        return None, "it does not start with YAML frontmatter (a first line `---`)"
    for i in range(1, len(lines)):
        if lines[i].rstrip() in ("---", "..."):
            return "\n".join(lines[1:i]), ""
    return None, "its YAML frontmatter is never closed (no second `---` line)"


def _tool_list(value) -> tuple:
    """``(tools, error)`` from a ``tools``/``disallowedTools`` value."""
    if isinstance(value, str):
        # "Read, Grep, Agent(worker, researcher)": split on commas outside parentheses.
        items, depth, cur = [], 0, ""
        for ch in value:
            if ch == "(":
                depth += 1
            elif ch == ")":
                depth = max(0, depth - 1)
            if ch == "," and depth == 0:
                items.append(cur)
                cur = ""
            else:
                cur += ch
        items.append(cur)
        return [i.strip() for i in items if i.strip()], ""
    if isinstance(value, list):
        if not all(isinstance(v, str) for v in value):
            return [], "`tools` must list tool names as strings"
        return [v.strip() for v in value if v.strip()], ""
    return [], f"`tools` must be a comma-separated string or a list, not {type(value).__name__}"


def _spawn_tools(tools: list) -> list:
    found = []
    for tool in tools:
        base = tool.split("(", 1)[0].strip()
        if base.casefold() in SPAWN_TOOLS:
            found.append(tool)
    return found


def problems(text: str) -> tuple:
    """Check an agent definition's text against seed 003's rules.

    Returns ``(errors, warnings)``: lists of sentences. ``errors`` break the
    rule (a write that produces them is blocked); ``warnings`` do not.
    Imports PyYAML (only called for agent files).
    """
    front, error = split_frontmatter(text)
    if error:
        return [error], []
    import yaml  # noqa: PLC0415 - only for agent definition files

    try:
        meta = yaml.safe_load(front) if front.strip() else {}
    except yaml.YAMLError as exc:
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        return [f"its frontmatter is not valid YAML ({problem})"], []
    if not isinstance(meta, dict):
        return [f"its frontmatter must be a YAML mapping, not {type(meta).__name__}"], []
    errors, warnings = [], []
    for key in ("name", "description"):
        value = meta.get(key)
        if not isinstance(value, str) or not value.strip():
            errors.append(f"the frontmatter has no `{key}`" if value is None
                          else f"`{key}` must be a non-empty string")
    if "tools" in meta and meta["tools"] is not None:
        tools, error = _tool_list(meta["tools"])
        if error:
            errors.append(error)
        spawn = _spawn_tools(tools)
        if spawn:
            errors.append(f"`tools` includes {', '.join(spawn)}")
    else:
        denied, _ = _tool_list(meta.get("disallowedTools") or [])
        denied_bases = {t.split("(", 1)[0].strip().casefold() for t in denied}
        if not set(SPAWN_TOOLS) <= denied_bases:
            warnings.append("it has no `tools` list, so the agent inherits every tool, Task "
                            "and Agent included (seed 002 §7); list the tools it needs")
    return errors, warnings


def _removal(write) -> bool:
    how = (getattr(write, "how", "") or "").split()
    return bool(how) and how[0] in _REMOVALS


def _check_bash(ctx):
    analysis = ctx.shell
    home = ctx.env.get("HOME") or ""
    hits = []
    for w in analysis.writes:
        if _removal(w):
            continue
        if is_agent_rel(w.rel) or is_user_agent(w.abs, home):
            hits.append(w)
    if not hits:
        return ALLOWED
    if not _team.enabled(ctx, "agent_definitions_guard"):
        return ALLOWED
    shown = ", ".join(f"{w.rel or w.abs} ({w.how})" for w in hits[:5])
    return block(
        f"This command writes agent definitions: {shown}. Their content cannot be checked "
        "when a shell command writes them. Use the Write or Edit tool on the file instead, "
        "so the definition can be checked. " + RULE
    )


def check(ctx):
    hook = ctx.hook
    if hook.tool_name == "Bash":
        return _check_bash(ctx)
    if not hook.is_edit_tool:
        return ALLOWED
    target = ctx.target
    if not is_agent_file(target, ctx.env.get("HOME") or ""):
        return ALLOWED
    if not _team.enabled(ctx, "agent_definitions_guard"):
        return ALLOWED
    shown = target.rel if target.rel is not None else target.abs
    post = ctx.post_edit
    if post is None or not post.applies:
        return ALLOWED  # the tool call fails and changes nothing
    if post.after is None:
        return block(f"{shown}: the result of this {hook.tool_name} cannot be computed "
                     f"({post.error or 'unknown reason'}), so the agent definition cannot be "
                     "checked. Write the whole file with the Write tool. " + RULE)
    errors, warnings = problems(post.after)
    if errors:
        return block(f"{shown} would break the agent definition rules: "
                     + "; ".join(errors) + ". " + RULE + " Fix the content and write it again.")
    if warnings:
        return warn(f"{shown}: " + "; ".join(warnings) + ".")
    return ALLOWED
