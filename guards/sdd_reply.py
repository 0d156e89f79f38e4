"""sdd-reply (seed 003 Spec 11 "Output Suppression", Spec 2.3, Spec 7.2):
when a sync-sdd inspector or auditor stops (SubagentStop), its reply must be
exactly ``WRITTEN:{path}`` — the analysis is in the file, and the reply is
inserted into the lead's context (Spec 11.2: the lead's token budget) — and
the path must be its own review file, written:

* an inspector: ``<feature>/.review/<its name>.cpf``;
* an auditor: ``<feature>/.review/verdict.cpf``, written in this run, with a
  ``VERDICT:`` line of GO / CONDITIONAL / NO-GO / SPEC-UPDATE-NEEDED.

Otherwise the stop is blocked with what to do (the Stop loop guard bounds
the blocks, so a subagent can always end). Other subagents are not judged.
"""

from __future__ import annotations

import os

from events.context import Context
from events.verdict import ALLOWED, Verdict, block
from workflow import sdd

NAME = "sdd-reply"
ADVISORY = False


def check(ctx: Context) -> Verdict:
    """SubagentStop of a sync-sdd inspector or auditor: BLOCK a reply that
    is more than ``WRITTEN:{path}``, names another file than its own review
    file, or names one that was not written (an auditor's also stale or
    without a verdict); else ALLOWED (seed 003 Spec 11.3)."""
    if ctx.event != "SubagentStop" or not sdd.active(ctx):
        return ALLOWED
    who = sdd.role(ctx)
    if who not in sdd.INSPECTOR_ROLES and who not in sdd.AUDITOR_ROLES:
        return ALLOWED
    agent = sdd.agent_name(ctx.hook.agent_type)
    own = sdd.VERDICT_CPF if who in sdd.AUDITOR_ROLES else f"{agent}.cpf"
    message = ctx.hook.raw.get("last_assistant_message")
    path, exact = sdd.written_path(message if isinstance(message, str) else "")
    if path is None:
        return block(ctx.say("sdd_reply.no_written", agent=agent, own=own))
    resolved = ctx.resolve(path)
    kinds = sdd.classify(ctx, resolved)
    wanted = "verdict" if who in sdd.AUDITOR_ROLES else "review"
    if not kinds or not all(k == wanted and (wanted == "verdict" or d == agent)
                            for k, _f, d in kinds):
        return block(ctx.say("sdd_reply.not_own", agent=agent, path=path, own=own))
    if not os.path.isfile(resolved.abs):
        return block(ctx.say("sdd_reply.missing", agent=agent, path=path))
    if who in sdd.AUDITOR_ROLES:
        from guards.sdd_verdict import fresh, read_verdict  # lazy: an auditor's stop only

        rel = resolved.rel or path
        if not fresh(ctx, rel):
            return block(ctx.say("sdd_reply.stale", agent=agent, path=path))
        _rel, _dir, parsed = read_verdict(ctx)
        if parsed is None:
            return block(ctx.say("sdd_reply.no_verdict", agent=agent, path=path,
                                 verdicts=" / ".join(sdd.VERDICTS)))
    if not exact:
        return block(ctx.say("sdd_reply.more", agent=agent, path=path))
    return ALLOWED
