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

Who writes: the seed writes memory only for the candidates the user
approved, "親セッションがサブエージェントに委譲して実行する" — so every tool of
the configured server that is not a reader (``search_nodes``,
``open_nodes``, ``read_graph``) is ``crew-memory-writer``'s alone; the
parent, the workers and any other agent only search. ``add_observations``
is held to the same content rules as a new entity's observations (it would
otherwise carry a ``cmd_NNN`` note past them), ``create_relations`` to the
naming rule, and deleting (``delete_*``) or any tool this guard does not
know is refused: the crew never removes knowledge, and an unknown tool is
never assumed harmless.

Without a configured memory server nothing is checked: the flow works
without memory. Only while ``config.workflow`` is ``crew``.
"""

from __future__ import annotations

from events.context import Context
from events.verdict import ALLOWED, Verdict, block
from workflow.crew import problem as _problem

NAME = "crew-memory"
ADVISORY = False

#: Words of the crew's machinery a memory must not be about (seed 000 "即却下").
INTERNAL = ("decomposer", "aggregator", "retrospector", "parent session", "parent_session",
            "execution_log", "claude-crew", "claude_crew", "phase 1", "phase 2", "phase 3",
            "phase 4", "wave ")
REJECTION_PREFIX = "workflow:rejected_proposal:"
REJECTION_CATEGORIES = ("template_modification", "skill", "improvement")


#: The memory server's tools that only read (the reference server's names).
READERS = ("search_nodes", "open_nodes", "read_graph")
#: The writes the memory writer may make, and how each is checked.
WRITERS = ("create_entities", "add_observations", "create_relations")


def check(ctx: Context) -> Verdict:
    """A tool of the configured memory server (``mcp__<memory_server>__*``):
    BLOCK a write by anyone but ``crew-memory-writer``, a delete or an unknown
    tool, and a write that breaks the seed's rules (naming the entity and the
    rule); ALLOWED otherwise (readers, other tools, no memory server)."""
    tool = ctx.hook.tool_name
    if not tool.startswith("mcp__"):
        return ALLOWED
    from statefiles.crew import config  # lazy: a memory tool only

    cfg = config.load(ctx.root)
    server = cfg.memory_server
    prefix = f"mcp__{server}__"
    if not server or not tool.startswith(prefix):
        return ALLOWED
    op = tool[len(prefix):]
    if op in READERS:
        return ALLOWED
    if op not in WRITERS:
        return block(ctx.say("crew.memory_no_delete", tool=tool))
    from workflow.crew import agents  # lazy: a memory write only

    if agents.role(ctx.hook.agent_type) != "memory-writer" or not ctx.hook.in_subagent:
        return block(ctx.say("crew.memory_writer_only", tool=tool))
    ti = ctx.hook.tool_input
    if op == "add_observations":
        return _observations(ctx, ti.get("observations"))
    if op == "create_relations":
        return _relations(ctx, ti.get("relations"))
    entities = ti.get("entities")
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


def _observations(ctx, items) -> Verdict:
    """``add_observations``: each ``{entityName, contents}`` is judged as an
    entity of that name with those observations (the entity type aside)."""
    if not isinstance(items, list) or not items:
        return block(ctx.say("crew.memory_shape"))
    for item in items:
        if not isinstance(item, dict):
            return block(ctx.say("crew.memory_shape"))
        name = item.get("entityName")
        contents = item.get("contents")
        kind = "rejection_memory" if isinstance(name, str) and name.strip().startswith(
            REJECTION_PREFIX) else ""  # a later rejection of the same category
        entity = {"name": name, "entityType": kind, "observations": contents}
        problem = entity_problem(entity)
        if problem is not None:
            return block(ctx.say("crew.memory_rejected", name=name or "-", problem=problem))
    return ALLOWED


def _relations(ctx, items) -> Verdict:
    """``create_relations``: both ends follow the naming rule, and the
    relation's type the content rules."""
    if not isinstance(items, list) or not items:
        return block(ctx.say("crew.memory_shape"))
    for item in items:
        if not isinstance(item, dict):
            return block(ctx.say("crew.memory_shape"))
        for end in ("from", "to"):
            entity = {"name": item.get(end), "entityType": "",
                      "observations": [item.get("relationType")]}
            problem = entity_problem(entity)
            if problem is not None:
                return block(ctx.say("crew.memory_rejected", name=item.get(end) or "-",
                                     problem=problem))
    return ALLOWED


def entity_problem(entity) -> str | None:
    """Why a memory entity breaks the seed's rules (``None`` when it does
    not)."""
    if not isinstance(entity, dict) or not isinstance(entity.get("name"), str):
        return _problem("crew.memory_no_name")
    name = entity["name"].strip()
    kind = entity.get("entityType")
    observations = entity.get("observations")
    if not isinstance(observations, list):
        # A lone string is one observation, not a list of characters.
        observations = [] if observations is None else [observations]
    if name.startswith(REJECTION_PREFIX):
        category = name[len(REJECTION_PREFIX):]
        if category not in REJECTION_CATEGORIES or kind != "rejection_memory":
            return _problem("crew.memory_rejection_name",
                            categories=",".join(REJECTION_CATEGORIES))
        return None
    parts = name.split(":")
    if len(parts) < 3 or any(not p for p in parts) or name != name.lower() or " " in name:
        return _problem("crew.memory_name_shape")
    # Every observation counts, whatever its shape (a dict or a list would
    # otherwise carry a cmd_NNN note past the rules).
    text = " ".join([name, str(kind or "")] + [str(o) for o in observations]).lower()
    if _mentions_cmd(text):
        return _problem("crew.memory_about_cmd")
    for word in INTERNAL:
        if word in text or word.replace(" ", "_") in name:
            return _problem("crew.memory_machinery", word=word.strip())
    return None


def _mentions_cmd(text: str) -> bool:
    at = text.find("cmd_")
    while at >= 0:
        tail = text[at + 4:at + 5]
        if tail.isdigit():
            return True
        at = text.find("cmd_", at + 4)
    return False
