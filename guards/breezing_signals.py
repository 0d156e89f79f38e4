"""breezing-signals: the UserPromptSubmit handler that hands signals to the lead
(SPEC §6; seed 001 "シグナルベースの動的判断").

While ``.claude/state/breezing-active.json`` exists, the signals the
TaskCompleted hook emitted for the current breezing session and nobody has
seen yet are injected as additionalContext, with the action seed 001 pairs
with each (``partial_review_recommended`` → ask the Reviewer for a partial
review; ``next_batch_recommended`` → register the next batch), and marked
consumed. A broken breezing-active.json is reported the same way.

Consumption must be exactly-once under parallel prompts, and a signal must not
be lost when a later guard refuses the prompt. So, as the one exception to
"guards do no I/O", the read is a *claim* made under the state lock here
(``statefiles.breezing.claim_signals``), and one of two effects finishes it:
``confirm_claim`` (``on_pass``: the prompt went through, the signals are
consumed) or ``release_claim`` (``on_block``: a later guard refused the
prompt, nobody saw them, they are offered again). A claim not finished within
60 s (a crashed hook, a confirm that could not take the lock) expires; a shown
signal is never given straight back, or contention would show it twice.

Only the lead is shown signals: a prompt from a subagent or teammate session
(``agent_id``/``agent_type`` set) gets only those emitted in its own Claude
session. Costs one ``os.stat`` when no team session runs. Advisory. Off with
``config.breezing_signals: false``.
"""

from __future__ import annotations

import os

from events.context import Context
from events.verdict import ALLOWED, Effect, Verdict, warn
from statefiles import layout
from workflow import team

NAME = "breezing-signals"
ADVISORY = True

#: Signals with a recommended action (``breezing_signals.action.<signal>`` in
#: the message catalogue).
ACTIONS = frozenset({"partial_review_recommended", "next_batch_recommended"})


def check(ctx: Context) -> Verdict:
    """UserPromptSubmit: a WARN (additionalContext) with the breezing signals
    nobody has seen yet, claimed under the state lock and confirmed
    (``on_pass``) or released (``on_block``) by effects, and any problem of
    breezing-active.json; ALLOWED with no team session (SPEC §6; seed 001)."""
    if not os.path.lexists(layout.join(ctx.root, team.ACTIVE)):
        return ALLOWED
    if not team.enabled(ctx, "breezing_signals"):
        return ALLOWED
    from statefiles import breezing  # lazy: only while a team session runs

    active = breezing.load_active(ctx.root)
    if active is None:
        return ALLOWED
    lines = []
    report = active.report()
    if report:
        lines.append(ctx.render(report))
    effects = ()
    session = active.session_id
    if session:
        hook = ctx.hook
        is_lead = not hook.agent_id and not hook.agent_type
        token = f"{os.getpid()}-{os.urandom(6).hex()}"
        claimed = breezing.claim_signals(ctx.root, session, token, hook.session_id, is_lead)
        if claimed:
            lines.append(ctx.say("breezing_signals.header", session=session))
            for rec in claimed:
                signal = rec.get("signal")
                action = ctx.say(f"breezing_signals.action.{signal}") if signal in ACTIONS else ""
                message = ctx.render(breezing.signal_message(rec) or "")
                lines.append(f"- {rec.get('signal')}: {message or action}")
            effects = (
                Effect(breezing.confirm_claim, ctx.root, token, when="on_pass",
                       label="mark signals consumed"),
                Effect(breezing.release_claim, ctx.root, token, when="on_block",
                       label="give back the signals of a refused prompt"),
            )
    if not lines:
        return ALLOWED
    return warn("\n".join(lines), effects=effects)
