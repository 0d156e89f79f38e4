"""Which crew agent is acting, and for which cmd and task.

The crew's agents (``workflow.registry``, entry ``crew``) are named
``crew-<role>``: ``decomposer``, ``plan-reviewer``, the worker personas
``researcher``, ``writer``, ``coder``, ``reviewer``, ``aggregator`` and
``retrospector``. A subagent is tied to its task by the prompt it was
started with: the first user message of its transcript
(``<session>/subagents/agent-<agent_id>.jsonl``), which exists from the
subagent's first tool call on and at its SubagentStop
(docs/claude-code-measured.md, "Agent calls and their subagents' start and
stop"); the prompt names the task file (:mod:`workflow.crew.prompts`).
"""

from __future__ import annotations

import os

from statefiles import fastjson
from workflow import registry

CREW = "crew"
PREFIX = "crew-"
WORKERS = ("researcher", "writer", "coder", "reviewer")
#: The most of a transcript read to find its first prompt.
MAX_READ = 512 * 1024


def role(agent_type) -> str | None:
    """The crew role an agent type plays (``crew-coder`` or
    ``playgate:crew-coder`` → ``coder``), matched exactly; ``None`` for any
    other agent (the main session included)."""
    name = registry.agent_name(agent_type)
    wf, _role = registry.agent_role(name)
    if wf is None or wf.name != CREW:
        return None
    return name[len(PREFIX):]


def agent_type_of(role_name: str) -> str:
    return PREFIX + role_name


def is_worker(role_name) -> bool:
    return role_name in WORKERS


def transcript(hook) -> str | None:
    """The acting subagent's own transcript: ``agent_transcript_path`` at
    SubagentStop, else derived from the session's ``transcript_path`` and
    ``agent_id`` (``None`` in the main session or without those fields)."""
    given = hook.raw.get("agent_transcript_path")
    if isinstance(given, str) and given:
        return given
    agent = hook.agent_id
    main = hook.transcript_path
    if not agent or not isinstance(main, str) or not main.endswith(".jsonl") or "/" in agent:
        return None
    return os.path.join(main[:-len(".jsonl")], "subagents", f"agent-{agent}.jsonl")


def first_prompt(path) -> str | None:
    """The text of the first user message of a transcript (JSONL), or
    ``None`` when it cannot be read."""
    if not path:
        return None
    try:
        with open(path, "rb") as fh:
            raw = fh.read(MAX_READ)
    except OSError:
        return None
    for line in raw.split(b"\n"):
        if not line.strip():
            continue
        try:
            entry = fastjson.loads(line.decode("utf-8"))
        except (ValueError, UnicodeDecodeError, RecursionError):
            return None
        if not isinstance(entry, dict):
            continue
        message = entry.get("message")
        if entry.get("type") != "user" or not isinstance(message, dict):
            continue
        content = message.get("content")
        if isinstance(content, list):
            content = "".join(b.get("text", "") for b in content
                              if isinstance(b, dict) and isinstance(b.get("text"), str))
        return content if isinstance(content, str) else None
    return None


class Acting:
    """The acting crew agent.

    Attributes:
        role: its crew role (``None``: not a crew agent).
        cmd: the cmd its prompt names (``None`` when unknown).
        task: the task number its prompt names, for a worker (``None`` otherwise).
        prompt: the prompt text (``None`` when the transcript was not readable).
    """

    __slots__ = ("role", "cmd", "task", "prompt")

    def __init__(self, role_name=None, cmd=None, task=None, prompt=None) -> None:
        self.role, self.cmd, self.task, self.prompt = role_name, cmd, task, prompt


def acting(ctx) -> Acting:
    """The crew agent behind the hook call ``ctx`` (a subagent's tool call or
    stop) and what its prompt names."""
    from workflow.crew import prompts  # lazy: only for a crew agent

    role_name = role(ctx.hook.agent_type)
    if role_name is None:
        return Acting()
    text = first_prompt(transcript(ctx.hook))
    if text is None:
        return Acting(role_name)
    named = prompts.parse(text, ctx.root)
    task = None
    if is_worker(role_name):
        tasks = sorted(n for c, n in named.tasks if c == named.cmd)
        task = tasks[0] if len(tasks) == 1 else None
    return Acting(role_name, named.cmd, task, text)
