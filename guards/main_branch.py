"""main-branch (SPEC §3 PreToolUse 3; seed 002 §3 "main ブランチルール").

On ``main``/``master`` no work happens: Edit/Write tools are blocked (except
state.md, which must stay writable to get unstuck) and so is mutating Bash.
Reads, branch creation (``git checkout -b``, ``git switch -c``),
``git status|log|diff|fetch|pull`` and the post-loop handler are allowed.
"""

from __future__ import annotations

from events.verdict import ALLOWED, block
from guards._shared import is_post_loop_handler, is_state_md

NAME = "main-branch"
ADVISORY = False

GIT_ALLOWED = frozenset({"status", "log", "diff", "fetch", "pull"})


def _allowed_git(cmd) -> bool:
    if cmd.name != "git":
        return False
    sub, args = cmd.git_subcommand, cmd.git_args
    if sub in GIT_ALLOWED:
        return True
    if sub == "checkout":
        return len(args) >= 2 and args[0] == "-b"
    if sub == "switch":
        return len(args) >= 2 and args[0] in ("-c", "--create")
    return False


def _suggestion(ctx) -> str:
    return (
        "Create a work branch first, e.g. `git checkout -b feat/<short-name>` "
        "(or fix/, docs/, chore/), then retry."
    )


def check(ctx):
    if not ctx.on_main:
        return ALLOWED
    hook = ctx.hook
    if hook.is_edit_tool:
        if is_state_md(ctx.target):
            return ALLOWED
        shown = ctx.target.rel if ctx.target and ctx.target.rel else hook.file_path
        return block(f"You are on {ctx.branch}; edits to {shown} are not allowed on it. "
                     + _suggestion(ctx))
    if hook.tool_name == "Bash":
        analysis = ctx.shell
        if analysis.read_only or is_post_loop_handler(ctx):
            return ALLOWED
        # Nothing may be written on main: a redirection or a write hidden in an
        # allowed command (``git status > f``) makes the command a change.
        if not analysis.writes and analysis.all_commands(
                lambda c: _allowed_git(c) or (not c.name and not c.redirects) or _read_only(c)):
            return ALLOWED
        return block(f"You are on {ctx.branch}; this command changes the repository or "
                     "files and is not allowed on it. " + _suggestion(ctx))
    return ALLOWED


def _read_only(cmd) -> bool:
    from shell import is_read_only

    return is_read_only(cmd)
