"""The edit of a reward file as a before/after pair (:class:`EditView`),
parsed from ``ctx.post_edit`` once per call and shared by the reward guards:
a guard blocks the violations an edit introduces and only warns about those
already on disk (deadlock rule, SPEC §1)."""

from __future__ import annotations

import os

from events.verdict import ALLOWED, block
from statefiles import state_md
from workflow.reward.parsing import (
    as_dict,
    load_plan,
    load_progress,
    parse_plan,
    parse_progress,
    plan_shape_error,
    progress_shape_error,
)
from workflow.reward.targets import (
    PLAN,
    PROGRESS,
    STATE,
    RewardTarget,
    active_real_files,
    reward_target,
)


class EditView:
    """A reward file before and after the current edit.

    Attributes:
        kind: ``"progress"`` / ``"plan"`` / ``"state"``.
        target: the :class:`RewardTarget`.
        before / after: parsed content (progress/plan dicts, or
            ``{"sections": ...}`` for state.md); ``before`` is ``None`` when
            the file does not exist or did not parse.
        error: why the result cannot be judged (the edit does not apply as
            given, or the result does not parse); guards block on it.
        plan / progress: the playbook's other file from disk (for progress
            edits: ``plan``; for plan edits: ``progress``), with
            ``other_error``.
        changed: the edit changes the file.
    """

    __slots__ = (
        "after",
        "before",
        "changed",
        "error",
        "kind",
        "other_error",
        "plan",
        "progress",
        "target",
    )

    def __init__(self, kind, target) -> None:
        self.kind = kind
        self.target = target
        self.before = None
        self.after = None
        self.error = None
        self.plan = None
        self.progress = None
        self.other_error = None
        self.changed = False


def edit_view(ctx) -> EditView | None:
    """The :class:`EditView` of the current call, or ``None`` when it does
    not write reward state. Memoised on ``ctx``; the files are parsed only
    here and only for reward targets."""
    if "_reward_view" in ctx.__dict__:
        return ctx.__dict__["_reward_view"]
    target = reward_target(ctx)
    view = None if target is None else _build_view(ctx, target)
    ctx.__dict__["_reward_view"] = view
    return view


def judge_edit(ctx, error_key: str, by_kind: dict):
    """The verdict of a guard that judges writes of reward state by kind
    (critic-guard, subtask-guard): ALLOWED when the call writes none; a BLOCK
    saying ``error_key`` (with ``error``) when the written result cannot be
    computed; else ``by_kind[view.kind](ctx, view)`` (``{STATE|PLAN|PROGRESS:
    callable}``), ALLOWED for a kind not in ``by_kind``."""
    view = edit_view(ctx)
    if view is None:
        return ALLOWED
    if view.error:
        return block(ctx.say(error_key, error=view.error))
    judge = by_kind.get(view.kind)
    return ALLOWED if judge is None else judge(ctx, view)


def _build_view(ctx, target: RewardTarget) -> EditView:
    view = EditView(target.kind, target)
    post = ctx.post_edit
    if post is None:
        view.error = ctx.say("reward.cannot_compute", label=target.label, tool=ctx.hook.tool_name)
        return view
    if not post.applies or post.after is None:
        # Claude Code would reject this call as given; our emulation of a
        # rejection must never become a route past the check (Claude Code may
        # normalise what we do not), so a reward file is only written by
        # calls whose result can be judged.
        why = post.error or ctx.say("reward.edit_does_not_apply")
        view.error = ctx.say("reward.uncomputable", tool=ctx.hook.tool_name, label=target.label,
                             why=why)
        return view
    view.changed = post.after != post.before
    label = target.label
    if target.kind == STATE:
        if len(post.after.encode("utf-8")) > state_md.MAX_BYTES:
            # state_md.load would refuse it and every hook would see no playbook
            view.error = ctx.say("reward.state_too_large", limit=state_md.MAX_BYTES)
            return view
        view.before = state_md.parse(post.before) if post.before is not None else None
        view.after = state_md.parse(post.after)
        return view
    parse = parse_progress if target.kind == PROGRESS else parse_plan
    # The active playbook is already parsed (ctx.playbook): reuse it for the
    # file as it is now and for its sibling instead of parsing them again.
    pb = ctx.playbook
    same_dir = pb is not None and bool(active_real_files(ctx)) and \
        os.path.dirname(active_real_files(ctx)[1]) == target.dir_abs
    if post.before is not None:
        reused = None
        if same_dir and target.kind == PROGRESS and not pb.progress_error:
            reused = pb.progress if active_real_files(ctx)[1] == ctx.target.abs else None
        elif same_dir and target.kind == PLAN and not pb.plan_error:
            reused = pb.plan if active_real_files(ctx)[0] == ctx.target.abs else None
        if reused is not None and not (progress_shape_error(reused, label)
                                       if target.kind == PROGRESS
                                       else plan_shape_error(reused, label)):
            view.before = reused
        else:
            view.before, _ = parse(post.before, label)
    view.after, view.error = parse(post.after, label)
    if view.error:
        view.error = ctx.say("reward.after_call", error=view.error, tool=ctx.hook.tool_name)
    if target.kind == PROGRESS:
        if same_dir and not pb.plan_error and not plan_shape_error(pb.plan, pb.plan_rel):
            view.plan = pb.plan
        else:
            view.plan, view.other_error = load_plan(target.dir_abs, ctx.root)
    elif same_dir and not pb.progress_error and \
            not progress_shape_error(pb.progress, pb.progress_rel):
        view.progress = pb.progress
    else:
        view.progress, view.other_error = load_progress(target.dir_abs, ctx.root)
    return view


def goal_done(sections: dict | None) -> bool:
    """state.md ``goal.status`` (or seed 004's ``goal.state``) is done."""
    goal = as_dict(as_dict((sections or {}).get("sections")).get("goal"))
    for key in ("status", "state"):
        value = goal.get(key)
        if isinstance(value, str) and value.strip().lower() == "done":
            return True
    return False


def active_of(sections: dict | None):
    """state.md ``playbook.active`` of a parsed state.md, or ``None``."""
    pb = as_dict(as_dict((sections or {}).get("sections")).get("playbook"))
    value = pb.get("active")
    if isinstance(value, str) and value.strip() and value.strip().lower() not in ("null", "none",
                                                                                 "~"):
        return value.strip()
    return None
