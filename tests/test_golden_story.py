"""One story in every instruction: every skill, agent definition, hook
message (both catalogues) and docs row read against the golden path table
(``workflow/golden_path.py``).

Each check is a class of disagreement a literal agent trips over, not one
instance of it: a call spelled another way, an understanding check with
other parts or another closing sentence, an instruction to set a field the
hooks write, the post-loop named as something else than its handler, a
description that sends the agent elsewhere than its step, docs and skill
tables that differ from the data.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from messages import en, ja
from workflow import golden_path as G
from workflow import registry

ROOT = Path(__file__).resolve().parent.parent
#: The other workflows' own skills and agents tell their own stories
#: (docs/workflows.md); the golden path's corpus leaves them out.
OTHERS_SKILLS = {wf.start for wf in registry.WORKFLOWS if wf.name != "golden-path"}
OTHERS_AGENTS = {agent for wf in registry.WORKFLOWS if wf.name != "golden-path"
                 for agents in wf.roles.values() for agent in agents}
ALL_SKILLS = {p.parent.name: p.read_text(encoding="utf-8")
              for p in sorted((ROOT / "skills").glob("*/SKILL.md"))}
SKILLS = {k: v for k, v in ALL_SKILLS.items() if k not in OTHERS_SKILLS}
AGENTS = {p.stem: p.read_text(encoding="utf-8") for p in sorted((ROOT / "agents").glob("*.md"))
          if p.stem not in OTHERS_AGENTS}
CATALOGUES = {"en": en.MESSAGES, "ja": ja.MESSAGES}
DOCS = ROOT / "docs" / "workflow.md"


def corpus():
    """``(where, text)`` of everything the agent or a reader of the golden
    path is told."""
    for name, text in SKILLS.items():
        yield f"skills/{name}/SKILL.md", text
    for name, text in AGENTS.items():
        yield f"agents/{name}.md", text
    for lang, catalogue in CATALOGUES.items():
        for key, value in catalogue.items():
            yield f"messages/{lang}.py {key}", value
    yield "docs/workflow.md", DOCS.read_text(encoding="utf-8")


def description(text: str) -> str:
    m = re.search(r"^description: (.+)$", text, re.M)
    assert m, text[:200]
    return m.group(1)


def _table_after(text: str, heading: str) -> str:
    start = text.index(heading)
    lines = []
    for line in text[start:].splitlines()[1:]:
        if line.startswith("|"):
            lines.append(line)
        elif lines:
            break
    return "\n".join(lines)


# ------------------------------------------------------------------ the tables


def test_the_docs_table_is_the_golden_path():
    assert _table_after(DOCS.read_text(encoding="utf-8"),
                        "### The golden path, step by step") == G.docs_table()


def test_playbook_init_carries_the_table():
    assert G.skill_table() in SKILLS["playbook-init"]


def test_playbook_init_names_the_calls_in_the_order_of_the_steps():
    body = SKILLS["playbook-init"].split("| step |")[0]
    order = ["playbook-init", "branch", "pm", "reviewer", "critic", "post-loop"]
    spots = []
    for name in order:
        call = G.CALLS[name].replace("feat/<id>", "feat/")
        spot = body.find(call if name != "playbook-init" else "playbook-init")
        assert spot >= 0, (name, call)
        spots.append(spot)
    assert spots == sorted(spots), list(zip(order, spots))


# ------------------------------------------------------------------ the calls

AGENT_CALL = re.compile(r"\b(?:Agent|Task)\(subagent_type='([^']+)'[^)]*\)")
SKILL_CALL = re.compile(r"\bSkill\(skill='([^']+)'\)")


def test_every_subagent_call_is_spelled_as_the_table_spells_it():
    """``Agent(subagent_type='critic', run_in_background: false)``, never
    ``Task(...)`` (this Claude Code has no Task tool), never without
    ``run_in_background: false`` (a background run costs the agent a turn)."""
    wrong = []
    for where, text in corpus():
        for m in AGENT_CALL.finditer(text):
            name = m.group(1)
            if name in OTHERS_AGENTS or re.fullmatch(r"\{\w+\}", name):
                continue  # another workflow's agent (or a field naming it), spelled by its skill
            expected = G.CALLS.get(name, f"Agent(subagent_type='{name}', "
                                          "run_in_background: false)")
            if m.group(0) != expected:
                wrong.append(f"{where}: {m.group(0)}")
    assert wrong == []


def test_every_skill_call_names_a_skill_of_the_suite_and_never_the_post_loop():
    """The post-loop is run by its handler command, which the settings
    allow; ``Skill(skill='post-loop')`` is a detour of one turn."""
    wrong = []
    for where, text in corpus():
        for m in SKILL_CALL.finditer(text):
            if re.fullmatch(r"\{\w+\}", m.group(1)):
                continue  # a message field: the active workflow's start skill
            if m.group(1) not in ALL_SKILLS or (m.group(1) == "post-loop"
                                            and "post-loop" not in where):
                wrong.append(f"{where}: {m.group(0)}")
    assert wrong == []


def test_the_post_loop_is_named_by_its_handler():
    """Every message that sends the agent to the post-loop gives the
    handler command (a ``{command}`` field: the plugin's path differs) or
    names the handler, never the skill as the thing to run."""
    wrong = []
    for lang, catalogue in CATALOGUES.items():
        for key, value in catalogue.items():
            if re.search(r"(run|実行)[^.。]{0,30}post-loop(?! ?(handler|ハンドラー))"
                         r"|post-loop(?! ?(handler|ハンドラー))[^.。]{0,20}(を実行|run it)",
                         value, re.I) and "{command}" not in value and G.CALLS["post-loop"] \
                    not in value:
                wrong.append(f"{lang} {key}: {value[:160]}")
    assert wrong == []


# ------------------------------------------------------------------ the understanding check

#: The messages that tell the agent to present the understanding check.
PRESENTING = ("consent_guard.not_confirmed", "prompt_work_request.needs_consent",
              "prompt_consent.rejected", "prompt_consent.waiting",
              "prompt_analyzer_gate.needs_consent")


def _in_order(text: str, parts) -> list:
    """The parts of ``parts`` missing from ``text`` (whitespace runs read as
    one space) or out of order."""
    text = " ".join(text.split())
    pos = 0
    problems = []
    for part in parts:
        found = text.find(part, pos)
        if found < 0:
            problems.append(part)
        else:
            pos = found + len(part)
    return problems


@pytest.mark.parametrize("lang", sorted(G.UNDERSTANDING))
@pytest.mark.parametrize("key", PRESENTING)
def test_every_message_presenting_the_check_names_the_same_parts(lang, key):
    text = CATALOGUES[lang][key]
    assert _in_order(text, G.UNDERSTANDING[lang]["parts"]) == [], text


@pytest.mark.parametrize("skill", ["playbook-init", "understanding-check"])
def test_the_skills_present_the_same_check(skill):
    text = SKILLS[skill]
    if skill == "playbook-init":
        text = text.split("## 2.")[1].split("## 3.")[0]
    assert G.UNDERSTANDING["en"]["closing"] in " ".join(text.split())
    assert _in_order(text.lower(), [p.lower() for p in G.UNDERSTANDING["en"]["parts"]]) == [], \
        text


# ------------------------------------------------------------------ who writes what

#: An instruction to set a field: the verb, then the field within the clause.
_IMPERATIVE = r"(?:^|[.;:!?(]\s*|\band\s+|\bthen\s+|\bor\s+){verb}\b[^.;:]{{0,60}}?`?{field}\b"
_NEGATION = re.compile(r"\b(?:do not|don't|never|not|playgate|itself|the hooks?|it sets|"
                       r"which sets|sets|records)\b", re.I)


def _sentences(text: str):
    return re.split(r"(?<=[.!?])\s+|\n\s*[-*]\s+|\n\n", text)


def test_no_instruction_sets_a_field_the_hooks_write():
    """``meta.reviewed``, ``validated_by``, ``critic.status``,
    ``playbook.active``...: recorded by the hooks from what they saw
    (the reviewer's and the critic's own stops). No message or skill tells
    the agent to set them."""
    wrong = []
    for where, text in corpus():
        if where.startswith("messages/ja"):
            continue    # the Japanese imperative is checked through its English twin
        for sentence in _sentences(text):
            for field in G.HOOK_WRITTEN:
                pattern = _IMPERATIVE.format(verb=r"(?:[Ss]et|[Rr]ecord|[Mm]ark|[Ww]rite)",
                                             field=re.escape(field))
                hit = re.search(pattern, sentence)
                if hit and not _NEGATION.search(sentence.split(field)[0][-80:]) and not \
                        re.match(r"`?\s*(?:to|:)?\s*(?:false|back)", sentence[hit.end():]):
                    wrong.append(f"{where}: {sentence.strip()[:200]}")
    assert wrong == []


# ------------------------------------------------------------------ descriptions

#: What each skill's and agent's description must say about its place in the
#: sequence (so that a literal agent does not take it at another step).
WHEN = {
    "skills/playbook-init": ("first", "no playbook is active"),
    "skills/prompt-analyzer": ("playbook-init step 1", "large or unclear"),
    "skills/understanding-check": ("playbook-init step 2",),
    "skills/state": ("reference",),
    "skills/post-loop": ("python3 .claude/skills/post-loop/handler.py",),
    "agents/prompt-analyzer": ("playbook-init step 1", "large or unclear"),
    "agents/pm": ("after the user confirmed",),
    "agents/reviewer": ("after pm",),
    "agents/critic": ("validations",),
    "agents/executor-resolver": ("pm",),
}


@pytest.mark.parametrize("who", sorted(WHEN))
def test_each_description_names_its_step(who):
    kind, name = who.split("/")
    text = (SKILLS if kind == "skills" else AGENTS)[name]
    desc = description(text)
    missing = [phrase for phrase in WHEN[who] if phrase.lower() not in desc.lower()]
    assert missing == [], desc


def test_no_description_invites_a_detour():
    """A reference skill never says "use it when you need to" for something
    the golden path's own steps already say."""
    for name, text in SKILLS.items():
        desc = description(text)
        if name == "state":
            assert "use it when" not in desc.lower(), desc
