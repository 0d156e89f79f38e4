"""Reading a subagent's final message (``last_assistant_message`` at
SubagentStop): the closing verdict block the critic and the reviewer end with.

**The verdict block** (one grammar for both hand-offs; docs/reward-fraud.md
"The verdict block"):

* it is the run of verdict lines at the very end of the message: read from
  the last line upwards, blank lines skipped, it ends at the first line that
  does not start with the tag. Verdict lines anywhere else (in the reasons,
  in a quote of the agent's code, in an earlier draft) are not verdicts;
* a line starts with the tag when, after leading spaces, an optional list
  bullet (``-``, ``*``, ``•``, ``·``, ``+``) and optional emphasis (``**``,
  ``__``, a backtick), it begins with the tag's word (``CRITIC``,
  ``REVIEW``), case-insensitively. A quoted line (``>``) and any line inside
  or closing a code fence (````` ``` ````` or ``~~~``) never starts a
  verdict, so a message that ends with a quote or a code block has no
  verdict block;
* each line of the block is ``<TAG>: PASS|FAIL <subject>[<sep><reason>]``
  (``sep``: `` - ``, `` — ``, `` – ``, `` -- `` or ``: ``), the verdict
  case-insensitive, emphasis around the whole line tolerated; the subject is
  the first word after the verdict;
* a block with a line that does not have that shape (``CRITIC PASS p1``,
  ``CRITIC: PASSED p1``, ``CRITIC: PASS`` without a subject, a subject the
  reader rejects) is **malformed**: nothing of it is recorded, and the hook
  says so;
* one entry per subject, in first-seen order; a FAIL wins over a PASS for
  the same subject; reasons are cut to :data:`MAX_REASON` characters.

The agent whose message is read is matched **exactly** (:func:`is_agent`):
the installed name (``critic``) or the plugin-namespaced one
(``playgate:critic``); ``Critic`` or ``other:critic`` is another agent.
"""

from __future__ import annotations

from workflow.reward.stops import PLUGIN_NAMESPACE

VERDICTS = ("PASS", "FAIL")
#: List bullets a verdict line may start with.
_BULLETS = ("- ", "* ", "• ", "· ", "+ ")
#: Emphasis a model puts around a line.
_EMPHASIS = "*_`"
_SEPARATORS = (" - ", " — ", " – ", ": ", " -- ")
_FENCES = ("```", "~~~")
#: Characters of a reason kept.
MAX_REASON = 2000


def is_agent(agent_type, agent: str) -> bool:
    """``agent_type`` (SubagentStop's field) names the suite's ``agent``
    exactly: ``critic`` or ``playgate:critic``. Case and other namespaces
    count as other agents (a user's ``Critic`` is not the suite's critic)."""
    if not isinstance(agent_type, str):
        return False
    return agent_type in (agent, f"{PLUGIN_NAMESPACE}:{agent}")


def _unfenced(message: str) -> list:
    """``[(line, eligible), ...]`` for the lines of ``message``; a line is not
    eligible inside a code fence, as a fence line, or as a quote."""
    out = []
    fence = None
    for raw in message.splitlines():
        stripped = raw.strip()
        if fence is not None:
            out.append((raw, False))
            if stripped.startswith(fence):
                fence = None
            continue
        opener = next((f for f in _FENCES if stripped.startswith(f)), None)
        if opener is not None:
            fence = opener
            out.append((raw, False))
            continue
        out.append((raw, not stripped.startswith(">")))
    return out


def _undecorated(line: str) -> str:
    """``line`` without leading spaces, a list bullet and emphasis around it."""
    text = line.strip()
    for bullet in _BULLETS:
        if text.startswith(bullet):
            text = text[len(bullet):].lstrip()
            break
    return text.strip(_EMPHASIS + " \t")


def _starts_with_tag(text: str, word: str) -> bool:
    size = len(word)
    return text[:size].upper() == word and (len(text) == size or not text[size].isalnum())


def _parse_line(text: str, word: str, subject):
    """``(subject, verdict, reason)`` of one verdict line, or ``None``."""
    head = word + ":"
    if text[:len(head)].upper() != head:
        return None
    verdict, _, tail = text[len(head):].strip().partition(" ")
    verdict = verdict.strip(_EMPHASIS).upper()
    if verdict not in VERDICTS:
        return None
    tail = tail.strip()
    item, reason = tail, ""
    cuts = [(tail.find(sep), sep) for sep in _SEPARATORS if sep in tail]
    if cuts:
        at, sep = min(cuts)
        item, reason = tail[:at], tail[at + len(sep):]
    # a leading "." stays: ``./play/x/plan.json`` is a path
    item = item.strip().lstrip(_EMPHASIS + "([\"'").split(" ")[0].rstrip(_EMPHASIS + ",.;:)]\"'")
    ident = subject(item) if item else None
    if not ident:
        return None
    return ident, verdict, reason.strip()[:MAX_REASON]


def read_block(message: str, tag: str, subject) -> tuple:
    """``(verdicts, malformed)`` of ``message``'s closing verdict block (the
    grammar: the module docstring). ``tag`` is ``"CRITIC:"`` or
    ``"REVIEW:"``; ``subject`` maps a line's subject word to the id recorded,
    or to a false value to reject it. ``verdicts`` is ``[(id, verdict,
    reason), ...]`` (empty when there is no block or it is malformed);
    ``malformed`` is the first line of the block that does not parse, else
    ``None``. Never raises on any text."""
    word = tag.rstrip(":").upper()
    block = []
    for raw, eligible in reversed(_unfenced(message if isinstance(message, str) else "")):
        if not raw.strip():
            continue
        text = _undecorated(raw) if eligible else ""
        if not eligible or not _starts_with_tag(text, word):
            break
        block.append(text)
    found: dict = {}
    for text in reversed(block):
        parsed = _parse_line(text, word, subject)
        if parsed is None:
            return [], text[:200]
        ident, verdict, reason = parsed
        if found.get(ident, ("", ""))[0] == "FAIL":
            continue
        found[ident] = (verdict, reason)
    return [(ident, v, r) for ident, (v, r) in found.items()], None


def verdict_lines(message: str, tag: str, subject) -> list:
    """The verdicts of ``message``'s closing verdict block (:func:`read_block`);
    ``[]`` when it has none or it is malformed."""
    return read_block(message, tag, subject)[0]


def stop_verdicts(ctx, agent: str, tag: str, subject) -> tuple | None:
    """At SubagentStop of the suite's ``agent`` subagent (``critic``,
    ``reviewer``, matched by :func:`is_agent`), :func:`read_block` of its
    ``last_assistant_message`` (``""`` when that is not a string); ``None``
    for any other event or agent."""
    hook = ctx.hook
    if ctx.event != "SubagentStop" or not is_agent(hook.agent_type, agent):
        return None
    message = hook.raw.get("last_assistant_message")
    return read_block(message if isinstance(message, str) else "", tag, subject)
