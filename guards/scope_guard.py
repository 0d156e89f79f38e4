"""scope-guard (SPEC §3 Edit/Write chain 11; seed 002 §4, seed 004 §1 [4]).

Two checks, both warnings (blocks under ``STRICT_MODE=true``):

* the done criteria change: state.md ``goal.done_criteria`` or the active
  plan.json ``goal.done_when`` differ after the edit (moving the goalposts is
  how a task gets "done" without doing it);
* a file outside the playbook's ``goal.scope`` is edited: not matching any
  ``includes`` glob (when includes are given; a file outside the project
  never matches) or matching an ``excludes`` glob. state.md and playbook files are never
  out of scope.

Advisory: an internal error lets the call through.
"""

from __future__ import annotations

from events.context import Context
from events.verdict import ALLOWED, Verdict, block, warn
from statefiles import fastjson, state_md
from statefiles.protected import Entry
from workflow.shared import is_playbook_file, is_project_json, is_state_md

NAME = "scope-guard"
ADVISORY = True


def _outside_project(ctx) -> str | None:
    """A target outside the project is out of scope whenever ``goal.scope``
    names what is in it (``includes`` given)."""
    pb = ctx.playbook
    target = ctx.target
    if pb is None or target is None or target.rel is not None:
        return None
    scope = pb.goal.get("scope")
    if isinstance(scope, dict) and isinstance(scope.get("includes"), list) and scope["includes"]:
        return ctx.say("scope_guard.outside_project", path=target.abs)
    return None


def _criteria_changed(ctx) -> str | None:
    target = ctx.target
    # Only state.md and the active plan.json carry done criteria; computing
    # the edited file for anything else would cost a read for nothing.
    is_plan = (target is not None and ctx.playbook is not None
               and target.rel == ctx.playbook.plan_rel)
    if not (is_state_md(target) or is_plan):
        return None
    post = ctx.post_edit
    if post is None or not post.changed:
        return None
    if is_state_md(target):
        old = state_md.parse(post.before or "")["sections"].get("goal", {})
        new = state_md.parse(post.after)["sections"].get("goal", {})
        if old.get("done_criteria") != new.get("done_criteria"):
            return "state.md goal.done_criteria"
    else:
        try:
            old = fastjson.loads(post.before) if post.before else {}
            new = fastjson.loads(post.after)
        except (ValueError, RecursionError):
            return None
        old_goal = old.get("goal") if isinstance(old, dict) else None
        new_goal = new.get("goal") if isinstance(new, dict) else None
        old_dw = old_goal.get("done_when") if isinstance(old_goal, dict) else None
        new_dw = new_goal.get("done_when") if isinstance(new_goal, dict) else None
        if old_dw is not None and old_dw != new_dw:
            return f"{target.rel} goal.done_when"
    return None


def scope_problem(pb, rel: str, ctx=None) -> str | None:
    """Why the repo-relative path ``rel`` is outside the playbook ``pb``'s
    ``goal.scope`` (matching an ``excludes`` glob, or no ``includes`` glob when
    includes are given), or ``None``. Also used by prompt-work-request for paths a
    prompt names."""
    scope = pb.goal.get("scope")
    if not isinstance(scope, dict):
        return None

    def hits(patterns) -> bool:
        return any(isinstance(p, str) and p.strip() and Entry("WARN", p, 0).matches_rel(rel)
                   for p in (patterns if isinstance(patterns, list) else []))

    includes = scope.get("includes")
    if hits(scope.get("excludes")):
        from messages import say  # lazy: the catalogue only when there is a problem to name

        return say(ctx, "scope_guard.excluded", path=rel)
    if isinstance(includes, list) and includes and not hits(includes):
        from messages import say  # lazy: the catalogue only when there is a problem to name

        return say(ctx, "scope_guard.not_included", path=rel)
    return None


def _out_of_scope(ctx) -> str | None:
    pb = ctx.playbook
    target = ctx.target
    if pb is None or target is None or target.rel is None:
        return None
    if is_state_md(target) or is_playbook_file(target) or is_project_json(target):
        return None
    return scope_problem(pb, target.rel, ctx)


def check(ctx: Context) -> Verdict:
    """Edit/Write: WARN (BLOCK under ``STRICT_MODE=true``) for an edit outside
    the playbook's ``goal.scope`` or one that changes the done criteria; else
    ALLOWED (SPEC §3 Edit/Write chain 11; seed 002 §4)."""
    problems = [p for p in (_criteria_changed(ctx), _out_of_scope(ctx),
                            _outside_project(ctx)) if p]
    if not problems:
        return ALLOWED
    text = "; ".join(problems)
    if problems[0].endswith(("done_criteria", "done_when")):
        text = ctx.say("scope_guard.criteria_changed", field=problems[0])
        if len(problems) > 1:
            text += ctx.say("scope_guard.also", problem=problems[1])
    else:
        text = ctx.say("scope_guard.out_of_scope", problems=text)
    return block(text) if ctx.strict_mode else warn(text)
