"""active-workflow (SessionStart; ``../shared/WORKFLOWS.md`` "How a workflow is chosen").

Tells the session which workflow is active when it is not the default
golden path, names an unknown ``config.workflow`` / ``branch_policy`` /
``after_compact`` value (the registry then reads the strict default), and
reports the files of *other* workflows that are present: one workflow is
active at a time, and another's files are reported, not obeyed
(:mod:`workflow.registry`). Silent in the common case: the golden path with
no other workflow's files.
"""

from __future__ import annotations

from events.context import Context
from events.verdict import ALLOWED, Verdict, warn
from workflow import registry

NAME = "active-workflow"
ADVISORY = True


def check(ctx: Context) -> Verdict:
    """SessionStart: a WARN (additionalContext) naming a non-default active
    workflow with its branch policy and after-compaction rule, config values
    the registry does not know, and other workflows' files that are present;
    ALLOWED when there is nothing to say."""
    lines = []
    state = ctx.state
    config = state.section("config") if state is not None else None
    for key, value, allowed in registry.config_problems(config):
        lines.append(ctx.say("active_workflow.unknown_value", key=key, value=value,
                             allowed=" | ".join(allowed)))
    wf = registry.active(ctx)
    if wf is not registry.DEFAULT:
        lines.append(ctx.say("active_workflow.active", title=wf.title, name=wf.name,
                             branch_policy=ctx.say(
                                 f"active_workflow.branch_{registry.branch_policy(ctx)}"),
                             after_compact=ctx.say(
                                 f"active_workflow.compact_{registry.after_compact(ctx)}"),
                             docs=wf.docs or "docs/workflows.md"))
    for other in registry.WORKFLOWS:
        if other is wf:
            continue
        found = registry.present(ctx.root, other)
        if found:
            lines.append(ctx.say("active_workflow.other_files", title=other.title,
                                 files=", ".join(found), active=wf.title, name=other.name))
    if not lines:
        return ALLOWED
    return warn("\n".join(lines))
