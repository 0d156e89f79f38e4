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

* ``model``, when given, names a model: ``opus``, ``sonnet``, ``haiku``,
  ``inherit`` or a full model id (``claude-...``);
* a file named ``sdd-*.md`` is one of seed 003's framework agents and follows
  its naming and table (Spec 1.7, 1.8, 12.2–12.5, "Tool Permissions"):
  the file name is ``sdd-{role}[-{specialization}].md`` with a role of the
  table — ``architect``, ``auditor-*``, ``taskgenerator``, ``builder``,
  ``inspector-*`` —, ``name`` is the file's name (the ``subagent_type``),
  ``description`` is framework-specific (it says SDD, so Claude does not
  delegate to it on its own), ``model`` is the role's tier (T2 architect and
  auditors ``opus``, T3 ``sonnet``) and ``tools`` is given and within the
  role's least tools (:data:`SDD_TOOLS`).

A write that breaks them is blocked. Leaving ``tools`` out means the agent
inherits every tool (seed 002 §7), Task and Agent included; that is a
warning, not a block (seed 003 lists ``tools`` as optional), unless
``disallowedTools`` removes both.

Every write route is covered: Edit/Write/MultiEdit/NotebookEdit by any
spelling of the path (the real path's variants — ``..``, symlinks, case,
backslashes, Unicode forms — and the lexical path, so a symlinked
``.claude/agents`` is still the agents directory), and Bash writes found by
the shell analysis (``ctx.shell.writes``: redirects, ``tee``, ``cp``/``mv``,
``sed -i``, interpreter one-liners), whose result cannot be checked and is
therefore blocked (deleting a definition is allowed: it cannot break the
rule). A Bash command the analysis cannot read (``unknown``) that names
``.claude/agents`` is blocked too: Read/Write/Edit do the same job checked.
Agent files are ``.claude/agents/**/*.md`` in the project and
``~/.claude/agents/**/*.md``. The suite's own agents (pm, reviewer, critic...)
are HARD_BLOCK in the protected floor anyway.

Off with state.md ``config.agent_definitions_guard: false``.
"""

from __future__ import annotations

import os

from events.context import Context
from events.verdict import ALLOWED, Verdict, block, warn
from workflow import team
from workflow.shared import edit_or_bash

NAME = "agent-definitions"
ADVISORY = False

AGENTS_DIR = ".claude/agents"
#: Tools that start subagents (Claude Code has called the tool both ``Task`` and ``Agent``).
SPAWN_TOOLS = ("task", "agent")
#: Shell write kinds that only remove a file.
_REMOVALS = ("rm", "unlink", "rmdir", "shred")

#: Catalogue key of the rule every refusal restates (seed 003 Spec 12).
RULE = "agent_definitions.rule"

#: Model names an agent's ``model`` may give (a full ``claude-...`` id too).
MODELS = ("opus", "sonnet", "haiku", "inherit")
_READ = ("Read", "Glob", "Grep")
#: Seed 003's table ("Tool Permissions (Minimum Privilege)"): the framework
#: roles by file-name pattern (a trailing ``-`` is a prefix of specialised
#: names), with the model of their tier and their least tools; the first
#: match wins.
SDD_TOOLS = (
    ("sdd-architect", "opus", _READ + ("Write", "Edit", "WebSearch", "WebFetch")),
    ("sdd-auditor-", "opus", _READ + ("Write",)),
    ("sdd-taskgenerator", "sonnet", _READ + ("Write",)),
    ("sdd-builder", "sonnet", _READ + ("Write", "Edit", "Bash")),
    ("sdd-inspector-test", "sonnet", _READ + ("Write", "Bash")),
    ("sdd-inspector-e2e", "sonnet", _READ + ("Write", "Bash")),
    ("sdd-inspector-", "sonnet", _READ + ("Write",)),
)


def sdd_role(stem: str):
    """``(model, tools)`` of seed 003's table for the agent file name
    ``stem`` (``sdd-inspector-rulebase``), or ``None`` when it names no role
    of the table."""
    for pattern, model, tools in SDD_TOOLS:
        if pattern.endswith("-"):
            if stem.startswith(pattern) and len(stem) > len(pattern):
                return model, tools
        elif stem == pattern:
            return model, tools
    return None


def is_agent_rel(rel: str | None) -> bool:
    """``.claude/agents/**/*.md`` (case-insensitive), for one repo-relative
    spelling."""
    if not rel:
        return False
    folded = rel.casefold()
    return folded.startswith(AGENTS_DIR + "/") and folded.endswith(".md")


def is_user_agent(abs_path: str, home: str) -> bool:
    """``~/.claude/agents/**/*.md`` (the user's agents, loaded in every project)."""
    if not home or not abs_path or not abs_path.casefold().endswith(".md"):
        return False
    folded = abs_path.casefold()
    for base in {os.path.join(home, ".claude", "agents"),
                 os.path.join(os.path.realpath(home), ".claude", "agents")}:
        if folded.startswith(base.casefold() + os.sep):
            return True
    return False


def _lexical_abs(given: str, cwd: str) -> str:
    """``given`` made absolute without following symlinks."""
    path = os.path.expanduser(given) if given.startswith("~") else given
    return os.path.normpath(path if os.path.isabs(path) else os.path.join(cwd, path))


def is_agent_target(ctx, resolved) -> bool:
    """True when a write to ``resolved`` changes an agent definition, by any
    spelling (:func:`workflow.team.spellings`): the project's
    ``.claude/agents/**/*.md`` or the user's ``~/.claude/agents/**/*.md``."""
    if resolved is None:
        return False
    cwd = ctx.hook.cwd or ctx.root
    if any(is_agent_rel(v) for v in team.spellings(resolved, cwd, ctx.root)):
        return True
    home = ctx.env.get("HOME") or ""
    return (is_user_agent(resolved.abs, home)
            or is_user_agent(_lexical_abs(resolved.given, cwd), home))


def split_frontmatter(text: str) -> tuple:
    """``(frontmatter_text, error)``: the YAML between the first line ``---``
    and the next ``---`` (or ``...``) line."""
    text = text.removeprefix("\ufeff")
    lines = text.splitlines()
    if not lines or lines[0].rstrip() != "---":
        return None, ("agent_definitions.err_no_frontmatter", {})
    for i in range(1, len(lines)):
        if lines[i].rstrip() in ("---", "..."):
            return "\n".join(lines[1:i]), ""
    return None, ("agent_definitions.err_unclosed", {})


def _tool_list(value) -> tuple:
    """``(tools, error)`` from a ``tools``/``disallowedTools`` value: a list
    of names, or one string of names separated by commas (Claude Code's form)
    or blanks, outside parentheses (``Read, Agent(worker, researcher)``)."""
    if isinstance(value, str):
        items, depth, cur = [], 0, ""
        for ch in value:
            if ch == "(":
                depth += 1
            elif ch == ")":
                depth = max(0, depth - 1)
            if depth == 0 and (ch == "," or ch.isspace()):
                items.append(cur)
                cur = ""
            else:
                cur += ch
        items.append(cur)
        return [i.strip() for i in items if i.strip()], ""
    if isinstance(value, list):
        if not all(isinstance(v, str) for v in value):
            return [], ("agent_definitions.err_tools_strings", {})
        return [v.strip() for v in value if v.strip()], ""
    return [], ("agent_definitions.err_tools_type", {"type": type(value).__name__})


def _spawn_tools(tools: list) -> list:
    """The entries of ``tools`` that let the agent start subagents: ``Task``,
    ``Agent``, ``Agent(worker)``, or the wildcard ``*`` (every tool)."""
    found = []
    for tool in tools:
        base = tool.split("(", 1)[0].strip()
        if base.casefold() in SPAWN_TOOLS or base == "*":
            found.append(tool)
    return found


def problems(text: str, lang: str = "en", stem: str = "") -> tuple:
    """Check an agent definition's text against seed 003's rules (``stem``:
    the file's name without ``.md``, for the framework agents' naming).

    Returns ``(errors, warnings)``: lists of sentences in ``lang`` (the
    message catalogue). ``errors`` break the rule (a write
    that produces them is blocked); ``warnings`` do not. Imports PyYAML (only
    called for agent files)."""
    from messages import text as say  # lazy: the catalogue only when an agent definition is checked

    errors, warnings = problem_codes(text, stem)
    return ([say(lang, key, **fields) for key, fields in errors],
            [say(lang, key, **fields) for key, fields in warnings])


def problem_codes(text: str, stem: str = "") -> tuple:
    """:func:`problems` as catalogue keys: ``(errors, warnings)``, lists of
    ``(key, fields)`` (JSON-able, so the audit can cache them)."""
    front, error = split_frontmatter(text)
    if error:
        return [error], []
    # Bounded (statefiles.yamlsafe): a huge or alias-bomb frontmatter is an
    # error, not a hook that runs past its timeout.
    # lazy: PyYAML (~14 ms) only when an agent definition is checked
    from statefiles.yamlsafe import YAMLProblem, safe_load

    try:
        meta = safe_load(front) if front.strip() else {}
    except YAMLProblem as exc:
        return [("agent_definitions.err_yaml", {"problem": str(exc.problem)})], []
    if not isinstance(meta, dict):
        return [("agent_definitions.err_mapping", {"type": type(meta).__name__})], []
    errors, warnings = [], []
    for key in ("name", "description"):
        value = meta.get(key)
        if not isinstance(value, str) or not value.strip():
            errors.append(("agent_definitions.err_missing" if value is None
                           else "agent_definitions.err_empty", {"key": key}))
    if "tools" in meta and meta["tools"] is not None:
        tools, error = _tool_list(meta["tools"])
        if error:
            errors.append(error)
        spawn = _spawn_tools(tools)
        if spawn:
            errors.append(("agent_definitions.err_spawn", {"tools": ", ".join(spawn)}))
        tools_given = tools
    else:
        tools_given = None
        denied, _ = _tool_list(meta.get("disallowedTools") or [])
        denied_bases = {t.split("(", 1)[0].strip().casefold() for t in denied}
        if not set(SPAWN_TOOLS) <= denied_bases:
            warnings.append(("agent_definitions.warn_no_tools", {}))
    model = meta.get("model")
    if model is not None and not (isinstance(model, str) and (
            model.strip() in MODELS or model.strip().startswith("claude-"))):
        errors.append(("agent_definitions.err_model", {"model": repr(model)[:60],
                                                       "models": ", ".join(MODELS)}))
    if stem.casefold().startswith("sdd-"):
        errors.extend(_sdd_problems(meta, stem, tools_given))
    return errors, warnings


def _sdd_problems(meta: dict, stem: str, tools) -> list:
    """Seed 003's naming, tier and least tools for a framework agent file
    ``stem`` (``sdd-*``), as ``(key, fields)`` errors."""
    found = []
    role = sdd_role(stem)
    if role is None:
        return [("agent_definitions.err_sdd_role", {"stem": stem})]
    model, allowed = role
    if meta.get("name") != stem:
        found.append(("agent_definitions.err_sdd_name", {"stem": stem}))
    description = meta.get("description")
    if isinstance(description, str) and "sdd" not in description.casefold():
        found.append(("agent_definitions.err_sdd_description", {}))
    if meta.get("model") != model:
        found.append(("agent_definitions.err_sdd_model", {"stem": stem, "model": model}))
    if tools is None:
        found.append(("agent_definitions.err_sdd_no_tools", {"tools": ", ".join(allowed)}))
    else:
        extra = [t for t in tools if t.split("(", 1)[0].strip() not in allowed]
        if extra:
            found.append(("agent_definitions.err_sdd_tools", {
                "extra": ", ".join(extra), "tools": ", ".join(allowed)}))
    return found


def _removal(write) -> bool:
    how = getattr(write, "how", "") or ""
    # a label the analysis records as a sentence (shell.how.*) is never a removal
    how = how.split() if isinstance(how, str) else []
    return bool(how) and how[0] in _REMOVALS


def mentions_agents(command: str) -> bool:
    """The command text names an agents directory (any case, either slash)."""
    folded = command.casefold().replace("\\", "/")
    return ".claude/agents" in folded


def _check_bash(ctx):
    analysis = ctx.shell
    hits = [w for w in analysis.writes
            if not _removal(w) and (is_agent_rel(w.rel)
                                    or is_agent_target(ctx, ctx.resolve(w.abs or w.given)))]
    if hits:
        if not team.enabled(ctx, "agent_definitions_guard"):
            return ALLOWED
        shown = ", ".join(f"{w.rel or w.abs} ({ctx.render(w.how)})" for w in hits[:5])
        return block(ctx.say("agent_definitions.bash_writes", files=shown, rule=ctx.say(RULE)))
    if analysis.unknown and mentions_agents(ctx.hook.command):
        if not team.enabled(ctx, "agent_definitions_guard"):
            return ALLOWED
        why = "; ".join(ctx.render(r) for r in analysis.reasons[:2]) or ctx.say(
            "shared.not_analysed")
        return block(ctx.say("agent_definitions.bash_unknown", why=why, rule=ctx.say(RULE)))
    return ALLOWED


def check(ctx: Context) -> Verdict:
    """Block Bash writes to agent definitions, and Edit/Write/MultiEdit/
    NotebookEdit calls whose result breaks :data:`RULE`; warn when the result
    has no ``tools`` list. Returns a :class:`events.verdict.Verdict`."""
    return edit_or_bash(ctx, _check_edit, _check_bash)


def _check_edit(ctx, target):
    hook = ctx.hook
    if not is_agent_target(ctx, target):
        return ALLOWED
    if not team.enabled(ctx, "agent_definitions_guard"):
        return ALLOWED
    shown = target.rel if target.rel is not None else target.abs
    post = ctx.post_edit
    if post is None or not post.applies:
        return ALLOWED  # the tool call fails and changes nothing
    if post.after is None:
        return block(ctx.say("agent_definitions.uncomputable", path=shown, tool=hook.tool_name,
                             error=post.error or ctx.say("shared.unknown_reason"),
                             rule=ctx.say(RULE)))
    errors, warnings = problems(post.after, ctx.language, _stem(target))
    if errors:
        return block(ctx.say("agent_definitions.breaks", path=shown, errors="; ".join(errors),
                             rule=ctx.say(RULE)))
    if warnings:
        return warn(ctx.say("agent_definitions.warnings", path=shown,
                            warnings="; ".join(warnings)))
    return ALLOWED


def _stem(resolved) -> str:
    """The agent file's name without ``.md`` (from its lexical path: the name
    Claude Code loads it by)."""
    name = (resolved.given or resolved.abs).replace("\\", "/").rsplit("/", 1)[-1]
    return name[:-3] if name.casefold().endswith(".md") else name
