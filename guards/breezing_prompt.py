"""breezing-prompt (UserPromptSubmit; seed 001 Step 0, Step 2 "範囲確認（ユーザー承認必須）",
"早期中断時のクリーンアップ", "3回リテイク超過"; docs/breezing.md).

The user's own prompts are what the lead cannot type, so the hooks read
them (only text the user submitted: never a ``<task-notification>`` or
other text Claude Code submits itself, :func:`workflow.prompt_text.from_user`):

* ``/breezing <range> [--codex] [--no-discuss] [--parallel N]
  [--codex-review]``: recorded as the request
  (``.claude/state/breezing-request.json``); the lead's Step 0 must write
  ``impl_mode`` as it asks. ``/breezing continue`` in a new Claude session
  binds the session on record to this one.
* ``/breezing abort``: the documented way out of any phase. The session's
  files are removed and the abort is recorded in the timeline.
* The answer to the range confirmation the lead showed (breezing-stops
  recorded it at the lead's stop): a plain yes confirms the range
  (``hooks.confirmed_at``), which the gate requires before the task list
  and the team; a no, a change or a cancel does not (the lead shows the
  range again, or aborts and removes the file, as seed 001 says).
* Any prompt after an escalation (more than three retakes): the user has
  answered, and the lead may go on.

Every prompt of a running session also tells the lead its phase. Advisory.
"""

from __future__ import annotations

import os

from events.context import Context
from events.verdict import ALLOWED, Effect, Verdict, warn
from statefiles import layout
from workflow import breezing as bz
from workflow import team
from workflow.prompt_text import confirmation, from_user

NAME = "breezing-prompt"
ADVISORY = True


def check(ctx: Context) -> Verdict:
    """UserPromptSubmit: effects recording the user's ``/breezing`` request,
    abort, range confirmation answer or reply to an escalation, and a WARN
    telling the lead what was recorded and the session's phase; ALLOWED when
    there is nothing to say."""
    from statefiles import breezing_team as bt  # lazy: the breezing workflow's prompts only

    hook = ctx.hook
    prompt = hook.prompt
    user = from_user(prompt)
    exists = os.path.lexists(layout.join(ctx.root, team.ACTIVE))
    request = bz.parse_request(prompt) if user else None
    if request is not None:
        if request["abort"]:
            if not exists:
                return warn(ctx.say("breezing_prompt.abort_nothing"))
            return warn(ctx.say("breezing_prompt.aborted"),
                        effects=(Effect(bt.clear_session, ctx.root, "session_aborted", "user",
                                        when="always", label="abort the breezing session"),))
        record = {"range": request["range"], "flags": request["flags"],
                  "continue": request["continue"], "problems": request["problems"],
                  "session": hook.session_id or None, "at": bt.now_iso()}
        effects = [Effect(bt.write_request, ctx.root, record, when="always",
                          label="record the /breezing request")]
        lines = [ctx.say("breezing_prompt.request", range=request["range"] or "-",
                         mode="codex" if request["flags"]["codex"] else "standard",
                         flags=_flags(request["flags"]))]
        lines.extend(ctx.say("breezing_prompt.problem", problem=p) for p in request["problems"])
        if request["continue"] and exists:
            effects.append(Effect(bt.rebind, ctx.root, hook.session_id, when="always",
                                  label="bind the session to this conversation"))
            lines.append(ctx.say("breezing_prompt.continue"))
        elif exists:
            lines.append(ctx.say("breezing_prompt.already_running"))
        return warn("\n".join(lines), effects=tuple(effects))
    if not exists:
        return ALLOWED
    from statefiles import breezing  # lazy: only while a team session runs

    active = breezing.load_active(ctx.root)
    if active is None or active.data is None:
        return ALLOWED
    hooks = bt.hooks_of(active.data)
    phase = bt.phase_of(active.data)
    lines, effects = [], []
    if user and phase == bt.PREPARE and hooks.get("confirmation_shown_at") \
            and not hooks.get("confirmed_at"):
        answer = confirmation(prompt) or "unanswered"
        excerpt = " ".join(prompt.split())[:120]
        effects.append(Effect(bt.record_answer, ctx.root, answer, excerpt, when="always",
                              label="record the range confirmation's answer"))
        lines.append(ctx.say(f"breezing_prompt.answer_{answer}"))
    elif user and hooks.get("escalated"):
        def resume(data, hooks_section):
            hooks_section.pop("escalated", None)
            hooks_section["escalation_answered_at"] = bt.now_iso()
            return hooks_section

        effects.append(Effect(bt.update_hooks, ctx.root, resume, when="always",
                              label="record the user's answer to the escalation"))
        lines.append(ctx.say("breezing_prompt.escalation_answered"))
    lines.append(ctx.say("breezing_prompt.phase", session=active.session_id or "-",
                         phase=phase, mode=active.impl_mode or "standard"))
    return warn("\n".join(lines), effects=tuple(effects))


def _flags(flags: dict) -> str:
    out = [f"--{k.replace('_', '-')}" for k in ("codex", "no_discuss", "codex_review")
           if flags.get(k)]
    if flags.get("parallel"):
        out.append(f"--parallel {flags['parallel']}")
    return " ".join(out) or "-"
