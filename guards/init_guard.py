"""init-guard (SPEC §3 PreToolUse 2; seed 004 §6.1).

While ``.claude/.session-init/pending`` exists (created by SessionStart), Claude
must first read the files that carry the state: state.md and the active
plan.json recorded in ``required_playbook`` (when it exists). A Read records
the file by its repo-relative path (not its base name: ``docs/state.md`` is not
``state.md``); once every required file has been read, ``pending`` is removed.
Grep, Glob, read-only Bash and ``git status|branch|log|diff|show|rev-parse``
pass; everything else is blocked with the list of files still to read.
Security mode ``admin`` skips this guard (SPEC §7). The record of a required
file carries a fingerprint of what was read, so that a resumed session
(``claude --continue``) does not ask for it again while it is unchanged
(:mod:`guards.session_start`).
"""

from __future__ import annotations

import os

from events.context import Context
from events.verdict import ALLOWED, Effect, Verdict, allow, block
from statefiles import layout
from workflow.looking import hint as look_hint
from workflow.looking import look
from workflow.shared import bash_reads_only, plain_git

NAME = "init-guard"
ADVISORY = False

PASS_TOOLS = frozenset({"Grep", "Glob"})
GIT_READS = frozenset({"status", "branch", "log", "diff", "show", "rev-parse"})


def required_files(ctx) -> list:
    """Repo-relative files to read before working: state.md and the plan.json
    recorded at SessionStart, each only if it exists."""
    files = []
    if os.path.isfile(ctx.path(layout.STATE_MD)):
        files.append(layout.STATE_MD)
    recorded = (ctx.markers.read(layout.REQUIRED_PLAYBOOK) or "").strip()
    if recorded:
        rel = layout.resolve(recorded, ctx.root).rel
        if rel and os.path.isfile(ctx.path(rel)):
            files.append(rel)
    return files


#: ``git branch`` options that change branches (the rest only list them).
BRANCH_CHANGES = frozenset({"-d", "-D", "-m", "-M", "-c", "-C", "--delete", "--move", "--copy",
                            "-f", "--force", "--set-upstream-to", "-u", "--unset-upstream",
                            "--edit-description", "--track", "-t", "--no-track"})


def _git_read(analysis):
    """Predicate: ``git status|branch|log|diff|show|rev-parse`` that only
    reads (seed 004 §6.1): no code-running ``-c``, no output file, and
    ``git branch`` only with listing options."""

    def pred(cmd) -> bool:
        if cmd.git_subcommand not in GIT_READS or not plain_git(analysis, cmd):
            return False
        if cmd.git_subcommand == "branch":
            return all(a.startswith("-") and a.split("=", 1)[0] not in BRANCH_CHANGES
                       for a in cmd.git_args)
        return True

    return pred


def check(ctx: Context) -> Verdict:
    """Every tool while ``.session-init/pending`` exists: a Read of a required
    file records it (an effect; the last one removes ``pending``); reads,
    read-only Bash and read-only git pass; anything else is a BLOCK naming
    the files still to read. ALLOWED in security mode ``admin`` (SPEC §3
    PreToolUse 2; seed 004 §6.1)."""
    if ctx.security == "admin" or not ctx.markers.exists(layout.PENDING):
        return ALLOWED
    tool = ctx.hook.tool_name
    required = required_files(ctx)
    if tool == "Read":
        target = ctx.target
        if target is None or target.rel is None:
            return ALLOWED
        done = {rel for rel in required if rel == target.rel or ctx.markers.was_read(rel)}
        fingerprint = None
        if target.rel in required:
            # What was read, so that a resumed session can tell whether it
            # changed since (statefiles.fingerprint).
            from statefiles import fingerprint as fp  # lazy: only when a required file is read

            fingerprint = fp.of_file(ctx.root, target.rel)
        effects = [Effect(ctx.markers.record_read, target.rel, fingerprint,
                          label="record read")]
        if set(required) <= done:
            effects.append(Effect(ctx.markers.remove, layout.PENDING, label="clear pending"))
        return allow(effects=tuple(effects))
    if tool in PASS_TOOLS:
        return ALLOWED
    if tool == "Bash":
        analysis = ctx.shell
        if bash_reads_only(analysis) or analysis.all_commands(_git_read(analysis)) or look(ctx):
            return ALLOWED
    missing = [rel for rel in required if not ctx.markers.was_read(rel)]
    if not missing:
        # Everything required was read (e.g. state.md was just created): clear
        # the marker and let the call through.
        return allow(effects=(Effect(ctx.markers.remove, layout.PENDING, label="clear pending"),))
    listing = ", ".join(ctx.path(rel) for rel in missing)
    extra = look_hint(ctx) if tool == "Bash" else ""
    return block(ctx.say("init_guard.read_first", files=listing, tool=tool) + extra)
