"""Reading a subagent's final message (``last_assistant_message`` at
SubagentStop): the verdict lines the critic and the reviewer end with.

One reading for both hand-offs: ``CRITIC: PASS p1.1`` and
``REVIEW: FAIL play/x/plan.json - reason`` are the same line with another tag,
so the tolerance for markdown decoration, case and reason separators is
spelled once.
"""

from __future__ import annotations

from workflow.reward.stops import agent_name

VERDICTS = ("PASS", "FAIL")
#: Markdown a model puts in front of a line (quote, bullet, bold, heading).
_DECORATION = " \t>*`_-#•·"
_SEPARATORS = (" - ", " — ", " – ", ": ", " -- ")
#: Characters of a reason kept.
MAX_REASON = 2000


def verdict_lines(message: str, tag: str, subject) -> list:
    """``[(subject, verdict, reason), ...]`` from the lines of ``message`` of
    the form ``<tag> PASS|FAIL <subject> [- reason]`` (``tag`` like
    ``"CRITIC:"``, matched case-insensitively after markdown decoration;
    ``—``, ``–``, ``--`` and ``:`` also separate the reason). ``subject``
    maps the first word after the verdict to the id recorded, or to a false
    value to pass the line over. One entry per id in first-seen order; a FAIL
    wins over a PASS for the same id; reasons are cut to :data:`MAX_REASON`
    characters. Never raises on any text."""
    found: dict = {}
    size = len(tag)
    for raw in message.splitlines():
        line = raw.strip().lstrip(_DECORATION).rstrip(" \t*`_")
        if line[:size].upper() != tag:
            continue
        verdict, _, tail = line[size:].strip().partition(" ")
        verdict = verdict.strip(" *`_:").upper()
        if verdict not in VERDICTS:
            continue
        tail = tail.strip()
        word, reason = tail, ""
        cuts = [(tail.find(sep), sep) for sep in _SEPARATORS if sep in tail]
        if cuts:
            at, sep = min(cuts)
            word, reason = tail[:at], tail[at + len(sep):]
        ident = subject(word.strip().strip("*`_,.;:()[]\"'").split(" ")[0])
        if not ident:
            continue
        if found.get(ident, ("", ""))[0] == "FAIL":
            continue
        found[ident] = (verdict, reason.strip()[:MAX_REASON])
    return [(ident, v, r) for ident, (v, r) in found.items()]


def stop_verdicts(ctx, agent: str, parse) -> list | None:
    """At SubagentStop of the suite's ``agent`` subagent (``critic``,
    ``reviewer``; also under the plugin namespace), ``parse`` applied to its
    ``last_assistant_message`` (``""`` when that is not a string); ``None``
    for any other event or agent."""
    hook = ctx.hook
    if ctx.event != "SubagentStop" or agent_name(hook.agent_type) != agent:
        return None
    message = hook.raw.get("last_assistant_message")
    return parse(message if isinstance(message, str) else "")
