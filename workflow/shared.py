"""Small predicates several guards share (not a guard itself).

Kept here so that the deadlock escapes (SPEC §1 "Failing safe", §3) are
spelled once: every guard that lets "the files needed to get unstuck" through
uses the same definition. Every predicate compares the *real* location of a
path (``ResolvedPath.rel``), never a spelling: an allow-list must not be
reachable through a symlink, ``..`` or a case variant.
"""

from __future__ import annotations

import os
import sys

from events.verdict import ALLOWED
from statefiles import layout

#: Directories under play/ that hold copies, not working playbooks.
NOT_WORKING = ("archive", "template")
PLAYBOOK_FILES = ("plan.json", "progress.json")


def is_python(word: str) -> bool:
    """``python``, ``python3``, ``python3.11``, or a path ending in one."""
    base = word.rsplit("/", 1)[-1]
    if base in ("python", "python3"):
        return True
    return base.startswith("python3.") and base[8:].isdigit()


def is_state_md(resolved) -> bool:
    """``resolved`` is the project's state.md (by real location)."""
    return resolved is not None and resolved.is_(layout.STATE_MD)


def is_playbook_file(resolved) -> bool:
    """``play/<id>/plan.json|progress.json`` by real location (archive and
    template copies excluded; a case variant counts only when it is the same
    file, see ``ResolvedPath.is_``)."""
    if resolved is None or resolved.rel is None:
        return False
    parts = resolved.rel.split("/")
    if len(parts) != 3:
        return False
    if parts[0] == layout.PLAY_DIR and parts[1] not in NOT_WORKING and parts[2] in PLAYBOOK_FILES:
        return True
    # Case-insensitive file systems: PLAY/x/Plan.json is play/x/plan.json.
    name = parts[2].casefold()
    if (parts[0].casefold() != layout.PLAY_DIR or parts[1].casefold() in NOT_WORKING
            or name not in PLAYBOOK_FILES):
        return False
    return resolved.is_(f"{layout.PLAY_DIR}/{parts[1]}/{name}")


def is_project_json(resolved) -> bool:
    """``play/**/project.json``."""
    if resolved is None or resolved.rel is None:
        return False
    parts = resolved.rel.split("/")
    if len(parts) < 2 or parts[0].casefold() != layout.PLAY_DIR:
        return False
    if parts[0] == layout.PLAY_DIR and parts[-1] == "project.json":
        return True
    return (parts[-1].casefold() == "project.json"
            and resolved.is_("/".join([layout.PLAY_DIR, *parts[1:-1], "project.json"])))


def is_session_state(resolved) -> bool:
    """Inside ``.claude/session-state/`` (by real location)."""
    return resolved is not None and resolved.under(layout.SESSION_STATE)


def is_unstuck_file(resolved) -> bool:
    """One of the files that must stay writable so a broken state never locks
    the user out (SPEC §1 "Failing safe", CONTRIBUTING "Failing safe"):
    state.md, a working playbook's plan.json/progress.json, or a file under
    ``.claude/session-state/``."""
    return is_state_md(resolved) or is_playbook_file(resolved) or is_session_state(resolved)


def state_problems(ctx, limit: int = 3) -> str:
    """`` state.md has problems: ...`` (the first ``limit`` reader errors) for
    BLOCK messages whose cause may be a broken state.md; ``""`` when it reads
    cleanly or does not exist."""
    state = ctx.state
    if state is None or not state.errors:
        return ""
    from messages import Text  # lazy: a broken state.md only

    shown = Text.join("; ", state.errors[:limit])
    if len(state.errors) > limit:
        return ctx.say("shared.state_problems_more", problems=shown, more=len(state.errors) - limit)
    return ctx.say("shared.state_problems", problems=shown)


def bash_analysis(ctx):
    """The shell analysis (``shell.model.Analysis``, SPEC §4) of a Bash call,
    for the guards that judge Bash commands only (bash-check, coherence,
    lint): ``None`` for every other tool and when the command has no
    analysis, so such a guard starts with ``if analysis is None: return
    ALLOWED``."""
    if ctx.hook.tool_name != "Bash":
        return None
    return ctx.shell


def commit_all(args) -> bool:
    """``git commit -a``/``--all`` (also bundled: ``-am msg``) among the
    commit's arguments ``args`` (a list of words after ``commit``): the
    commit records the working tree's tracked files (coherence, lint)."""
    k = 0
    while k < len(args):
        a = args[k]
        if a == "--":
            break
        if a in ("--all", "-a"):
            return True
        if a.startswith("-") and not a.startswith("--"):
            for ch in a[1:]:
                if ch == "a":
                    return True
                if ch in "mFcCtu":
                    break
        k += 1
    return False


def command_is_plain(analysis, cmd) -> bool:
    """No writes, redirections, assignments or carriers around ``cmd``."""
    if analysis.writes or analysis.carriers or analysis.destructive:
        return False
    return not getattr(cmd, "assignments", None) and not getattr(cmd, "redirects", None)


_command_is_plain = command_is_plain  # earlier name, kept for callers on other branches


def bash_reads_only(analysis) -> bool:
    """The analysed Bash command only reads: the analyser calls it read-only
    *and* it found no write, destructive command or code-execution carrier
    anywhere in it (belt and braces: the guards that let reads through while
    uninitialised, unanalysed or on main must never let a write through). A
    git call with code-running global configuration (``git -c core.pager=...``)
    is never a read, whatever the analyser says."""
    return (analysis is not None and not analysis.unknown and analysis.read_only
            and not analysis.writes and not analysis.destructive and not analysis.carriers
            and not any(c.name == "git" and git_global_config(c) for c in analysis.commands))


def git_global_config(cmd) -> bool:
    """``git -c key=value ...`` / ``--config-env`` / ``--exec-path`` before the
    subcommand: configuration that can run code (``core.pager``,
    ``core.sshCommand``, ``alias.*``), so such a git call is never a plain
    read (bypass family D)."""
    end = len(cmd.argv) - len(cmd.git_args or ()) - 1  # index of the subcommand
    return any(arg.startswith(("-c", "--config-env", "--exec-path"))
               for arg in cmd.argv[1:max(end, 1)])


def is_post_loop_handler(ctx) -> bool:
    """The Bash call runs the post-loop handler and nothing else:
    ``python3 .claude/skills/post-loop/handler.py [args]`` or, with the
    plugin, the running suite's own handler (``layout.post_loop_command``);
    any python, any spelling of the path that resolves to the handler, with no
    redirection, assignment or second command around it."""
    analysis = ctx.shell
    if analysis is None or analysis.unknown or len(analysis.commands) != 1:
        return False
    cmd = analysis.commands[0]
    # Nothing that changes what runs: no VAR=... prefixes (PYTHONPATH,
    # LD_PRELOAD...), no wrappers, no code-running carriers, no redirection.
    if (cmd.assignments or getattr(cmd, "wrappers", None) or analysis.carriers
            or not command_is_plain(analysis, cmd)):
        return False
    argv = cmd.argv
    if len(argv) < 2 or not is_python(argv[0]):
        return False
    # The interpreter: one found on PATH, or the hooks' own by its exact path
    # (the plugin's virtualenv, what layout.post_loop_command names). Not
    # "the same binary" by realpath: a symlink to it in a planted virtualenv
    # would run that environment's sitecustomize.
    if not getattr(cmd, "trusted", True) and not (
            os.path.isabs(argv[0]) and sys.executable
            and os.path.normpath(argv[0]) == os.path.normpath(sys.executable)):
        return False
    script = argv[1]
    resolved = layout.resolve(script, ctx.root, ctx.hook.cwd or ctx.root)
    if resolved.is_(layout.POST_LOOP_HANDLER) and os.path.isfile(resolved.abs):
        return True
    # The plugin's handler lives in the (protected) plugin root, not the
    # project. ``resolved.abs`` is already a realpath; the name test spares
    # every other script the system calls.
    own = layout.suite_post_loop_handler()
    return (os.path.basename(resolved.abs) == os.path.basename(own)
            and resolved.abs == os.path.realpath(own) and os.path.isfile(own))


def plain_git(analysis, cmd) -> bool:
    """``cmd`` is a git call with no code-running configuration and the
    command writes no file (for the read-only git allow-lists of init-guard
    and main-branch)."""
    return (cmd.name == "git" and not git_global_config(cmd)
            and command_is_plain(analysis, cmd)
            and not any(a.startswith(("--output", "--ext-diff", "--textconv"))
                        for a in cmd.git_args))


def edit_or_bash(ctx, on_edit, on_bash):
    """The routing of a PreToolUse guard that judges both file edits and
    shell commands: ``on_bash(ctx)`` for Bash, ``on_edit(ctx, target)`` for
    an edit tool (Edit/Write/MultiEdit/NotebookEdit) whose target resolved
    (``ctx.target``, a ``ResolvedPath``); ALLOWED for any other call. Returns
    what the chosen judge returns (a Verdict)."""
    hook = ctx.hook
    if hook.tool_name == "Bash":
        return on_bash(ctx)
    if not hook.is_edit_tool or ctx.target is None:
        return ALLOWED
    return on_edit(ctx, ctx.target)
