"""main-branch (SPEC §3 PreToolUse 3; seed 002 §3 "main ブランチルール"; seed 003 §15).

Under the ``feature`` branch policy (seeds 002/004, the default of every
workflow but sync-sdd), on ``main``/``master`` no work happens: Edit/Write tools are blocked (except
state.md, which must stay writable to get unstuck) and so is mutating Bash.
Reads, branch creation (``git checkout -b``, ``git switch -c``),
``git status|log|diff|fetch|pull``, the post-loop handler and a look before
planning (the human's declared test and lint commands,
:mod:`workflow.looking`) are allowed.
A git call with code-running ``-c`` configuration or an output file is not
one of those reads (bypass family D).

Under the ``trunk`` policy (seed 003 §15: "main は常に HEAD", all work on
main by default, short-lived branches merged and deleted) main is a working
branch: this guard allows everything there and the other guards judge the
call as on any branch. The policy is :func:`workflow.registry.branch_policy`
(state.md ``config.branch_policy``, else the active workflow's default).
"""

from __future__ import annotations

from events.context import Context
from events.verdict import ALLOWED, Verdict, block
from workflow import registry
from workflow.looking import hint as look_hint
from workflow.looking import look
from workflow.shared import (
    bash_reads_only,
    command_is_plain,
    is_post_loop_handler,
    is_state_md,
    plain_git,
)

NAME = "main-branch"
ADVISORY = False

GIT_ALLOWED = frozenset({"status", "log", "diff", "fetch", "pull"})


def _allowed_git(analysis):
    def pred(cmd) -> bool:
        if not plain_git(analysis, cmd):
            return False
        sub, args = cmd.git_subcommand, cmd.git_args
        if sub in GIT_ALLOWED:
            return True
        if sub == "checkout":
            return len(args) >= 2 and args[0] == "-b"
        if sub == "switch":
            return len(args) >= 2 and args[0] in ("-c", "--create")
        return False

    return pred


def check(ctx: Context) -> Verdict:
    """Every tool on ``main``/``master``: BLOCK edits (state.md excepted) and
    commands that change something; reads, branch creation/switching,
    ``git fetch|pull`` and the post-loop handler pass; ALLOWED on any other
    branch, and on main under the ``trunk`` branch policy (SPEC §3
    PreToolUse 3; seed 003 §15)."""
    if not registry.main_forbidden(ctx):
        return ALLOWED
    hook = ctx.hook
    if hook.is_edit_tool:
        if is_state_md(ctx.target):
            return ALLOWED
        shown = ctx.target.rel if ctx.target and ctx.target.rel else hook.file_path
        return block(ctx.say("main_branch.edit", branch=ctx.branch, path=shown))
    if hook.tool_name == "Bash":
        analysis = ctx.shell
        if is_post_loop_handler(ctx):
            return ALLOWED
        # Whole-command facts first: a command that writes a file or is
        # destructive is never a read, whatever its command words are.
        if not (analysis.writes or analysis.destructive or analysis.carriers):
            if bash_reads_only(analysis):
                return ALLOWED
            allowed_git = _allowed_git(analysis)
            if analysis.all_commands(lambda c: allowed_git(c) or _read_only(analysis, c)):
                return ALLOWED
        if look(ctx):
            return ALLOWED     # the human's declared tests and linters: a look, not work
        return block(ctx.say("main_branch.bash", branch=ctx.branch) + look_hint(ctx))
    return ALLOWED


def _read_only(analysis, cmd) -> bool:
    """One simple command that only reads, with nothing around it that writes
    (redirections, assignments)."""
    try:
        from shell import is_read_only  # lazy: the shell analyser only for Bash on main
    except ImportError:  # the analyser may not export it; the whole-command check covers it
        return False
    if cmd.name == "git":
        # no code-running -c configuration, no --output file (bypass family D)
        return plain_git(analysis, cmd) and is_read_only(cmd)
    return command_is_plain(analysis, cmd) and is_read_only(cmd)
