"""crew-stop-check (SubagentStop; the crew workflow, seed 000 Phase 3).

The aggregator's stop is refused while its output cannot be what the parent
reports to the user: cmd_report.md or cmd_report_summary.md missing, a summary over
50 lines or without its front matter, or a summary that says ``status:
success`` while a task has no successful result in the execution log (the
cmd is reported done only with every result validated). The reason tells
the aggregator what to fix; the stop goes through the loop guard like every
SubagentStop block. Only while ``config.workflow`` is ``crew``.
"""

from __future__ import annotations

from events.context import Context
from events.verdict import ALLOWED, Verdict, block
from workflow.crew import agents, cmds

NAME = "crew-stop-check"
ADVISORY = False


def check(ctx: Context) -> Verdict:
    """SubagentStop of ``crew-aggregator``: BLOCK with the problem of its
    report files (see the module docstring); ALLOWED otherwise."""
    if agents.role(ctx.hook.agent_type) != "aggregator":
        return ALLOWED
    acting = agents.acting(ctx)
    if acting.cmd is None:
        return ALLOWED
    cmd = cmds.Cmd(ctx.root, acting.cmd)
    if not cmd.exists:
        return ALLOWED
    problem = cmds.summary_problem(cmd)
    if problem is None:
        return ALLOWED
    return block(ctx.say("crew.fix_report", cmd=cmd.cmd, problem=problem))
