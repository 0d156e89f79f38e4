"""prompt-consent (UserPromptSubmit; SPEC §3 consent-guard; seed 004 [1], [4]).

The consent marker ``.claude/.session-init/consent`` means "the user has not
yet confirmed Claude's understanding of their request"; while it exists,
consent-guard blocks every edit but state.md.

* **Created** by prompt-work-request (:mod:`guards.prompt_work_request`) when the
  user asks for work and no playbook is active — the start of the golden
  path, where the understanding check belongs (seed 002 §12) — unless
  state.md ``config.understanding_auto_approve: true`` (seed 002 §2
  "auto-approve"; config is human-only).
* **Cleared** here, by the user's own next prompt answering the check: a
  plain yes (``yes``, ``ok``, ``go ahead``, ``はい``, ``お願いします``...)
  confirms; ``cancel``/``やめて`` withdraws the request (also clears);
  a no, or a yes with changes (``yes, but…``, ``はい。ただし…``), keeps it
  and asks Claude to present the corrected understanding again.
* **Cannot be forged by Claude**: UserPromptSubmit fires only for prompts the
  user submits, and text Claude Code submits itself (``<task-notification>``
  blocks, which carry a subagent's words) never counts as an answer
  (:func:`workflow.prompt_text.from_user`). While the marker exists
  consent-guard refuses every edit tool, writes to the marker included;
  refusing Bash writes to ``.claude/.session-init/`` is bash-check's part.
* **Never a deadlock**: only edits are blocked (state.md stays writable),
  every prompt while it exists says how to confirm or cancel, and SessionEnd
  removes ``.session-init/``.
"""

from __future__ import annotations

from events.context import Context
from events.verdict import ALLOWED, Effect, Verdict, warn
from statefiles import jsonlog, layout
from workflow.prompt_text import confirmation, from_user

NAME = "prompt-consent"
ADVISORY = True


def _excerpt(prompt: str) -> str:
    text = " ".join(prompt.split())
    return text if len(text) <= 80 else text[:77] + "..."


def check(ctx: Context) -> Verdict:
    """UserPromptSubmit while the consent marker exists: a WARN saying how the
    user's prompt answered the understanding check, with effects clearing
    the marker (confirm, cancel) and logging the answer; ALLOWED without the
    marker or for text Claude Code submitted itself (SPEC §3 consent-guard;
    seed 004 [1], [4])."""
    markers = ctx.markers
    if not markers.exists(layout.CONSENT):
        return ALLOWED
    prompt = ctx.hook.prompt
    if not from_user(prompt):
        return ALLOWED
    answer = confirmation(prompt)
    record = {"event": f"consent-{answer or 'unanswered'}", "session_id": ctx.hook.session_id,
              "prompt": _excerpt(prompt)}
    log = Effect(jsonlog.append, ctx.root, layout.SESSIONS_LOG, record, when="always",
                 label="log consent answer")
    clear = Effect(markers.remove, layout.CONSENT, when="always", label="clear consent")
    if answer == "confirm":
        return warn(ctx.say("prompt_consent.confirmed", excerpt=_excerpt(prompt)),
                    effects=(clear, log))
    if answer == "cancel":
        return warn(ctx.say("prompt_consent.cancelled", excerpt=_excerpt(prompt)),
                    effects=(clear, log))
    if answer in ("reject", "amend"):
        return warn(ctx.say("prompt_consent.rejected", excerpt=_excerpt(prompt)), effects=(log,))
    return warn(ctx.say("prompt_consent.waiting"), effects=(log,))
