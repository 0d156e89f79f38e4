"""coherence (SPEC §3 Bash chain 2; seed 004 §6.2 check-coherence's five checks).

On every Bash call with an active playbook, state.md and the playbook must
agree:

1. **focus ↔ playbook** — ``playbook.active`` points to a readable plan.json,
   and the phase state.md names (``playbook.current_phase``/``goal.phase``)
   exists in it and matches progress.json ``active.phase`` → WARN otherwise;
2. **branch ↔ meta.branch** — the checked-out branch is the playbook's
   ``meta.branch`` → BLOCK otherwise, for commands that change something
   (reads, switching to the playbook's branch and the post-loop handler pass:
   no deadlock). Under the ``trunk`` branch policy (seed 003 §15) the trunk
   (main/master) is coherent with any playbook branch, and any branch is
   coherent with a playbook whose branch is the trunk (short-lived branches
   are merged into it);
3. **phase state** — exactly one phase ``in_progress`` while work remains →
   WARN otherwise;
4. **done_criteria** — state.md ``goal.done_criteria`` is a list of non-empty
   strings and plan ``goal.done_when`` entries are strings or objects with a
   ``criterion`` → WARN otherwise;
5. **verification** — a ``git commit`` that would commit state.md with
   ``goal.status: done`` while the critic has not passed (progress.json
   ``critic.status`` PASS with evidence) → BLOCK.

seed 004 lets ``goal.self_complete: true`` waive check 5. Here it waives
nothing, as in critic-guard: ``self_complete`` is the agent's own claim that
the goal is complete (the goal section is the agent's to write), shown in the
Stop summary next to the critic's verdict, and only the critic's PASS closes
a goal (``docs/reward-fraud.md``).
"""

from __future__ import annotations

from events.context import Context
from events.verdict import ALLOWED, Verdict, block, warn
from shell import is_read_only
from statefiles import layout, state_md
from statefiles.gitinfo import is_main
from statefiles.playbook import validation_entry
from workflow import registry
from workflow.shared import bash_analysis, commit_all, is_post_loop_handler

NAME = "coherence"
ADVISORY = False


def check(ctx: Context) -> Verdict:
    """Bash only: BLOCK a commit of state.md saying ``goal.status: done`` without
    the critic's PASS, and a changing command on a branch other than the
    playbook's ``meta.branch``; WARN on focus, phase and done-criteria
    mismatches; else ALLOWED (SPEC §3 Bash chain 2; seed 004 §6.2)."""
    analysis = bash_analysis(ctx)
    if analysis is None:
        return ALLOWED
    warnings = []

    # 5. verification (any playbook state): a commit of state.md saying done.
    commit = _commit(analysis)
    if commit is not None:
        problem = _done_without_critic(ctx, commit)
        if problem:
            return block(problem)

    pb = ctx.playbook
    if pb is None:
        if ctx.active_playbook_path and ctx.playbook_error:
            warnings.append(ctx.say("coherence.playbook_error", error=ctx.playbook_error))
        return warn(" ".join(warnings)) if warnings else ALLOWED
    if pb.errors:
        from messages import Text  # lazy: a broken state file only

        warnings.append(ctx.say("coherence.playbook_unreadable", errors=Text.join("; ", pb.errors)))

    # 2. branch <-> meta.branch
    expected = pb.branch
    current = ctx.branch
    if expected and current and current != expected and not _trunk_coherent(
            ctx, current, expected):
        if not _harmless(ctx, analysis, expected):
            if registry.branch_policy(ctx) == registry.TRUNK:
                return block(ctx.say("coherence.wrong_branch_trunk", current=repr(current),
                                     plan=pb.plan_rel, expected_repr=repr(expected),
                                     expected=expected, trunk=_trunk_name(expected)))
            return block(ctx.say("coherence.wrong_branch", current=repr(current),
                                 plan=pb.plan_rel, expected_repr=repr(expected),
                                 expected=expected))
        warnings.append(ctx.say("coherence.wrong_branch_warn", current=repr(current),
                                expected=repr(expected)))

    # 1. focus <-> playbook
    state = ctx.state
    phase_ids = [p["id"] for p in pb.phases]
    if state is not None:
        for key_section, key in (("playbook", "current_phase"), ("goal", "phase")):
            value = state.get(key_section, key)
            if isinstance(value, str) and value.strip() and phase_ids and \
                    value.strip() not in phase_ids:
                warnings.append(ctx.say("coherence.unknown_phase", key=f"{key_section}.{key}",
                                        value=repr(value), plan=pb.plan_rel,
                                        phases=", ".join(phase_ids)))
        active_phase = pb.active.get("phase") if isinstance(pb.active, dict) else None
        current_phase = state.get("playbook", "current_phase")
        if isinstance(active_phase, str) and isinstance(current_phase, str) and \
                active_phase.strip() and current_phase.strip() and \
                active_phase.strip() != current_phase.strip():
            warnings.append(ctx.say("coherence.phase_mismatch", state_phase=current_phase,
                                    active_phase=active_phase))
        sb = state.get("playbook", "branch")
        if isinstance(sb, str) and sb.strip() and expected and sb.strip() != expected:
            warnings.append(ctx.say("coherence.branch_mismatch", state_branch=sb,
                                    expected=expected))

    # 3. exactly one phase in progress while work remains
    statuses = {pid: pb.phase_progress_status(pid) for pid in phase_ids}
    running = [pid for pid, st in statuses.items() if st == "in_progress"]
    remaining = [pid for pid, st in statuses.items() if st != "done"]
    if len(running) > 1:
        warnings.append(ctx.say("coherence.many_running", count=len(running),
                                phases=", ".join(running)))
    elif not running and remaining and any(st not in ("", "pending") for st in
                                           statuses.values()):
        warnings.append(ctx.say("coherence.none_running", phases=", ".join(remaining)))

    # 4. done_criteria well-formed
    if state is not None:
        crit = state.get("goal", "done_criteria")
        if crit is not None and not (isinstance(crit, list) and all(
                isinstance(c, str) and c.strip() for c in crit)):
            warnings.append(ctx.say("coherence.bad_done_criteria"))
    done_when = pb.goal.get("done_when")
    if done_when is not None and not (isinstance(done_when, list) and all(
            (isinstance(c, str) and c.strip()) or (isinstance(c, dict) and isinstance(
                c.get("criterion"), str) and c["criterion"].strip()) for c in done_when)):
        warnings.append(ctx.say("coherence.bad_done_when", plan=pb.plan_rel))
    return warn(" ".join(warnings)) if warnings else ALLOWED


def _trunk_coherent(ctx, current: str, expected: str) -> bool:
    """Under the trunk branch policy: on the trunk, or the playbook works on
    the trunk (seed 003 §15: work happens on main; short-lived branches are
    merged into it)."""
    if not (is_main(current) or is_main(expected)):
        return False
    return registry.branch_policy(ctx) == registry.TRUNK


def _trunk_name(expected: str) -> str:
    """The trunk's name for a refusal: the playbook's branch when it is one
    of main/master, else ``main``."""
    return expected if is_main(expected) else "main"


def _harmless(ctx, analysis, expected: str) -> bool:
    """Commands allowed on the wrong branch: reads, the post-loop handler,
    ``git fetch|pull``, creating a branch, and switching to the playbook's
    branch (the ways out of a mismatch; main-branch allows the same)."""
    if analysis.read_only or is_post_loop_handler(ctx):
        return True

    def ok(cmd) -> bool:
        if is_read_only(cmd):
            return True
        if cmd.name == "git" and cmd.trusted:
            sub, args = cmd.git_subcommand, cmd.git_args
            if sub in ("fetch", "pull", "stash") and (sub != "stash" or not args or args[0] in (
                    "push", "list", "show")):
                return True
            if sub in ("checkout", "switch"):
                ops = [a for a in args if not a.startswith("-")]
                flags = [a for a in args if a.startswith("-")]
                if not all(f in ("-b", "-c", "--create", "--track", "-t") for f in flags):
                    return False
                # Creating a branch changes no file (main-branch allows it for
                # the same reason); switching is allowed to the playbook's branch.
                creating = any(f in ("-b", "-c", "--create") for f in flags)
                return ops == [expected] or (creating and 1 <= len(ops) <= 2)
        return False

    return analysis.all_commands(ok)


def _commit(analysis):
    for cmd in analysis.commands:
        if cmd.name == "git" and cmd.git_subcommand == "commit" and not any(
                a in ("--dry-run",) for a in cmd.git_args):
            return cmd
    return None


def _done_without_critic(ctx, commit) -> str | None:
    """Check 5: the state.md that would be committed says goal.status done
    without critic evidence."""
    args = commit.git_args
    include_worktree = commit_all(args) or any(
        a in (layout.STATE_MD, "./" + layout.STATE_MD) for a in args)
    if include_worktree:
        state = ctx.state
        if state is None:
            return None
        goal = state.section("goal")
    else:
        from statefiles import gitindex  # lazy: git commit only; every Bash call loads this guard

        same, sha = gitindex.index_matches_worktree(ctx.root, layout.STATE_MD)
        if same is None:
            return None     # state.md is not in the index: nothing of it is committed
        if same:
            # The index holds the working tree's state.md: read the parsed copy.
            state = ctx.state
            goal = state.section("goal") if state is not None else {}
            if str(goal.get("status", "")).strip().lower() != "done":
                return None
            if not gitindex.is_staged(ctx.root, layout.STATE_MD):
                return None
        else:
            staged = gitindex.loose_blob(ctx.root, sha) if sha else None
            if staged is not None:
                # What the commit records of state.md is the index's copy
                # (staged or, when unstaged, the same as HEAD's): when it is
                # not done there is nothing to check, and no git process to
                # start. Only a done status needs git's answer on
                # whether state.md is staged at all.
                goal = state_md.parse(staged)["sections"].get("goal", {}) or {}
                if str(goal.get("status", "")).strip().lower() != "done":
                    return None
            text = gitindex.staged_text(ctx.root, layout.STATE_MD)
            if text is None:
                return None
            goal = state_md.parse(text)["sections"].get("goal", {}) or {}
    status = str(goal.get("status", "")).strip().lower() if isinstance(goal, dict) else ""
    if status != "done":
        return None
    pb = ctx.playbook
    critic = pb.progress.get("critic") if pb is not None and isinstance(pb.progress, dict) else None

    cstatus, evidence = validation_entry(critic) if critic is not None else ("", [])
    if cstatus == "PASS" and evidence:
        return None
    where = (ctx.say("coherence.critic_status", progress=pb.progress_rel,
                     status=cstatus or "missing") if pb is not None
             else ctx.say("coherence.no_critic_verdict"))
    if cstatus == "PASS" and not evidence:
        where += ctx.say("coherence.without_evidence")
    return ctx.say("coherence.done_without_critic", where=where)
