"""crew-resume (SessionStart; the crew workflow, seed 000 "チェックポイント再開").

While ``config.workflow`` is ``crew``, session start tells the parent how
work starts (``Skill(skill='crew')``), names problems of
``.claude/crew-config.yaml``, and, for every cmd that is still open, where
it stopped — from the hooks' record, not from anything the parent wrote:
the phases run, the tasks done, failed (with their retries), interrupted
while running (with whether a valid result exists: then it is skipped,
else run again) and pending, and the step to resume with
(:func:`workflow.crew.progress.checkpoint`). Advisory.
"""

from __future__ import annotations

from events.context import Context
from events.verdict import Verdict, warn
from workflow.crew import cmds, progress
from statefiles.crew import config as crew_config

NAME = "crew-resume"
ADVISORY = True


def check(ctx: Context) -> Verdict:
    """SessionStart: a WARN with how the crew workflow starts, configuration
    problems and the checkpoint of each open cmd."""
    lines = [ctx.say("crew.session_start")]
    cfg = crew_config.load(ctx.root)
    for key, problem in cfg.problems[:5]:
        lines.append(ctx.say("crew.config_problem", file=crew_config.CONFIG_FILE, key=key,
                             problem=problem))
    for cmd in cmds.open_cmds(ctx.root, cfg):
        if not cmd.state.entries:
            lines.append(ctx.say("crew.checkpoint_new", cmd=cmd.cmd))
            continue
        for message in progress.checkpoint(cmd):
            lines.append(ctx.render(message))
    return warn("\n".join(lines))
