"""crew-memory (PreToolUse ``mcp__<server>__create_entities``; the crew
workflow, seed 000 "Memory MCP候補の品質基準", "Rejection Memory Storage").

Memory entities written through the configured memory MCP server
(``memory_server`` in ``.claude/crew-config.yaml``) must meet the seed's
rules that a hook can check:

* the name is ``{domain}:{category}:{identifier}`` (at least three
  non-empty parts, lower case, no spaces);
* no candidate refers to a particular cmd (``cmd_NNN``) or describes the
  crew's own machinery (decomposer, aggregator, retrospector, parent
  session, phase, execution_log, claude-crew) — "即却下";
* the ``workflow:rejected_proposal:`` names are the rejection memories of
  the batch approval, only with one of the seed's three categories
  (``template_modification``, ``skill``, ``improvement``) and entityType
  ``rejection_memory``;
* at most ``retrospect.memory.max_candidates_per_cmd`` entities per call.

Search (``search_nodes``) and every other tool pass. Without a configured
memory server nothing is checked: the flow works without memory. Only
while ``config.workflow`` is ``crew``.
"""

from __future__ import annotations

from events.context import Context
from events.verdict import ALLOWED, Verdict, block

NAME = "crew-memory"
ADVISORY = False

#: Words of the crew's machinery a memory must not be about (seed 000 "即却下").
INTERNAL = ("decomposer", "aggregator", "retrospector", "parent session", "parent_session",
            "execution_log", "claude-crew", "claude_crew", "phase 1", "phase 2", "phase 3",
            "phase 4", "wave ")
REJECTION_PREFIX = "workflow:rejected_proposal:"
REJECTION_CATEGORIES = ("template_modification", "skill", "improvement")


def check(ctx: Context) -> Verdict:
    """``mcp__<memory_server>__create_entities``: BLOCK an entity that breaks
    the rules above, naming it and the rule; ALLOWED otherwise."""
    tool = ctx.hook.tool_name
    if not tool.endswith("__create_entities"):
        return ALLOWED
    from statefiles.crew import config  # lazy: a memory write only

    cfg = config.load(ctx.root)
    server = cfg.memory_server
    if not server or tool != f"mcp__{server}__create_entities":
        return ALLOWED
    entities = ctx.hook.tool_input.get("entities")
    if not isinstance(entities, list) or not entities:
        return block(ctx.say("crew.memory_shape"))
    limit = cfg.get("retrospect", "memory", "max_candidates_per_cmd")
    if len(entities) > limit:
        return block(ctx.say("crew.memory_too_many", count=len(entities), limit=limit))
    for entity in entities:
        problem = entity_problem(entity)
        if problem is not None:
            name = entity.get("name") if isinstance(entity, dict) else None
            return block(ctx.say("crew.memory_rejected", name=name or "-", problem=problem))
    return ALLOWED


def entity_problem(entity) -> str | None:
    """Why a memory entity breaks the seed's rules (``None`` when it does
    not)."""
    if not isinstance(entity, dict) or not isinstance(entity.get("name"), str):
        return "an entity needs a name"
    name = entity["name"].strip()
    kind = entity.get("entityType")
    observations = entity.get("observations") or []
    if name.startswith(REJECTION_PREFIX):
        category = name[len(REJECTION_PREFIX):]
        if category not in REJECTION_CATEGORIES or kind != "rejection_memory":
            return ("a rejection memory is workflow:rejected_proposal:{" + ",".join(
                REJECTION_CATEGORIES) + "} with entityType rejection_memory")
        return None
    parts = name.split(":")
    if len(parts) < 3 or any(not p for p in parts) or name != name.lower() or " " in name:
        return "the name must be {domain}:{category}:{identifier}, lower case, no spaces"
    text = " ".join([name, str(kind or "")] + [str(o) for o in observations
                                                 if isinstance(o, (str, int, float))]).lower()
    if _mentions_cmd(text):
        return "it refers to a particular cmd (cmd_NNN); keep what holds across cmds"
    for word in INTERNAL:
        if word in text or word.replace(" ", "_") in name:
            return f"it describes the crew's own machinery ({word.strip()})"
    return None


def _mentions_cmd(text: str) -> bool:
    at = text.find("cmd_")
    while at >= 0:
        tail = text[at + 4:at + 5]
        if tail.isdigit():
            return True
        at = text.find("cmd_", at + 4)
    return False
