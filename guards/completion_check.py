"""completion-check (SPEC §3 Stop and SubagentStop; seed 002 §6.5, §12).

The active playbook's state is checked when Claude ends its turn — actively,
because subtask-guard only sees edits (seed 002 §6.5: Claude declaring
completion without updating progress.json). It also catches anything that
slipped past the PreToolUse guards.

**Stop** blocks (``{"decision": "block", "reason": ...}``) when

* a subtask of the plan is not done,
* a subtask is marked done without the evidence subtask-guard requires
  (with ``config.require_critic_run``: also without a critic-ledger PASS),
* a phase is marked done while a subtask of it is not,
* progress ``critic.status`` is PASS without evidence, or — once every
  subtask is done — not PASS yet (seed 002 §11.7: the playbook is finished
  only with the playbook critic's PASS, which is also what archives it),
* the active playbook cannot be read (nothing can be verified),
  ``playbook.active`` is unusable, or state.md itself has errors and no
  playbook can be read from it,
* the state is unknown: **one rule for a missing or unreadable state.md**
  (deleted, a directory, a FIFO, a dangling link, unreadable): in a project
  set up for the workflow (:func:`set_up`: an installed copy, or a ``play/``
  directory) it blocks, naming the fix; in a project never set up (the
  plugin in a repository nobody ran ``playgate init`` in) nothing is held,
  whichever way state.md is unusable,

listing what was found. **SubagentStop** blocks only on *evidence fraud* (the
second to fourth items), and never a read-only subagent: a subagent finishing
while subtasks are still open is the normal course of the work, and only a
subagent that can write could have made (and can revert) a false done — see
:mod:`events.subagent_stop`. The loop guard (:mod:`guards.stop_loop_guard`)
makes sure a session can always end.
"""

from __future__ import annotations

import os

from events.context import Context
from events.verdict import ALLOWED, BLOCK, Verdict, block
from statefiles import layout
from workflow.reward.ledger import CRITIC_LEDGER, ledger_verdicts, require_critic_run
from workflow.reward.parsing import plan_shape_error, progress_shape_error
from workflow.reward.rules import (
    completion_report,
    critic_passed,
    describe_problems,
    done_subtasks,
    listing,
)
from workflow.reward.stops import stop_exempt

NAME = "completion-check"
ADVISORY = False

#: Catalogue key of the advice a refused Stop carries as context.
NEXT_STEPS = "completion_check.next_steps"


def _fraud_lines(ctx, pb, report: dict) -> list:
    lines = []
    if report["fraud"]:
        lines.append(ctx.say("completion_check.fraud",
                             problems=describe_problems(report["fraud"], ctx=ctx)))
    if require_critic_run(ctx):
        verdicts = ledger_verdicts(ctx.root, pb.plan_rel)
        unrun = [s for s in done_subtasks(pb.progress)
                 if s not in report["fraud"] and verdicts.get(s) != "PASS"]
        if unrun:
            lines.append(ctx.say("completion_check.unrun", ledger=CRITIC_LEDGER,
                                 subtasks=listing(unrun)))
    if report["phases"]:
        from messages import Text  # lazy: a phase marked done too early only

        lines.append(ctx.say("completion_check.phases", phases=Text.join("; ", (
            Text.join("", (f"{pid} (", listing(s for s, _ in subs), ")"))
            for pid, subs in report["phases"].items()))))
    lines.extend(report["critic"])
    return lines


def set_up(root: str) -> bool:
    """The project at ``root`` is set up for the workflow: an installed copy
    (``.claude/playgate.json``, the install's manifest) or a ``play/``
    directory (``playgate init`` and every playbook make one). Where it is
    not (the plugin in a repository never initialised) an unknown state holds
    nothing: there is no workflow to hold."""
    return (os.path.isfile(layout.join(root, layout.MANIFEST))
            or os.path.isdir(layout.join(root, layout.PLAY_DIR)))


def check(ctx: Context) -> Verdict:
    """Stop/SubagentStop: BLOCK while the active playbook is unfinished, holds a
    done without its evidence or cannot be read (Stop), or on evidence fraud
    only (SubagentStop of a subagent that can write); else ALLOWED (SPEC §3
    Stop and SubagentStop; seed 002 §6.5, §12). The stop loop guard bounds
    the blocks."""
    if stop_exempt(ctx):
        return ALLOWED
    subagent = ctx.event == "SubagentStop"
    state = ctx.state
    if state is None or (state.errors and ctx.active_playbook_path is None):
        # Unknown state (missing or unreadable alike; a broken playbook
        # section reads as "no playbook"): never a silent pass where the
        # workflow is set up. A subagent cannot have caused it.
        if subagent or not set_up(ctx.root):
            return ALLOWED
        if state is None:
            return block(ctx.say("completion_check.state_missing"))
        from messages import Text  # lazy: a broken state file only

        return block(ctx.say("completion_check.state_unreadable",
                             errors=Text.join("; ", state.errors[:3])))
    if ctx.playbook_error:
        if subagent:
            return ALLOWED
        return block(ctx.say("completion_check.playbook_error", error=ctx.playbook_error))
    pb = ctx.playbook
    if pb is None:
        return ALLOWED
    errors = pb.errors + [e for e in (plan_shape_error(pb.plan, pb.plan_rel),
                                      progress_shape_error(pb.progress, pb.progress_rel)) if e]
    if errors:
        if subagent:
            return ALLOWED
        from messages import Text  # lazy: a broken playbook only

        return block(ctx.say("completion_check.playbook_unreadable",
                             errors=Text.join("; ", errors)))
    report = completion_report(pb.plan, pb.progress)
    lines = _fraud_lines(ctx, pb, report)
    if subagent:
        if not lines:
            return ALLOWED
        return block(ctx.say("completion_check.subagent", progress=pb.progress_rel,
                             problems="; ".join(lines)))
    if report["open"]:
        lines.insert(0, ctx.say("completion_check.open", count=len(report["open"]),
                                subtasks=listing(f"{s} ({st})" for s, st in report["open"])))
    elif not critic_passed(pb.progress):
        lines.append(ctx.say("completion_check.no_critic_pass"))
    if not lines:
        return ALLOWED
    # The advice goes into ``context``: the loop guard shows the user only the
    # message (what was left) when it lets a stop through.
    return Verdict(BLOCK, ctx.say("completion_check.not_finished", plan=pb.plan_rel,
                                  items="\n- ".join(lines)),
                   context=ctx.say(NEXT_STEPS))
