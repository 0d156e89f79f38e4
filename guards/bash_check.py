"""bash-check (SPEC §3 Bash chain 1; seed 002 §5).

Reads the command through the shell analysis (``ctx.shell``, SPEC §4) and
blocks, in this order:

1. **destructive** commands (``Analysis.destructive``: rm -r/-f outside the
   project and temp directories, history-destroying git, force pushes, disk
   writes, chmod -R on system paths, fork bombs, fetched content run by a
   shell, HTTP DELETE, ...), each by the level of the command family that
   found it (:mod:`shell.severity`, set per family in
   ``permission-config.yaml`` ``families:``): ``block`` refuses
   here; ``ask`` lets the user decide (an ASK verdict, rendered as
   PreToolUse ``permissionDecision: "ask"``) once the checks below pass;
   ``warn`` tells Claude and leaves the call to Claude Code's permission
   rules;
2. commands the analysis cannot resolve (``Analysis.unknown``): unknown is
   never safe;
3. **writes to guarded files** by any Bash write form — HARD_BLOCK entries of
   the protection list (the suite's own floor included), state.md and the
   playbook files ``play/<id>/plan.json|progress.json`` (so the Edit/Write
   guards cannot be routed around) — and BLOCK/WARN entries by security mode
   (strict: block; trusted: warn; developer/admin: allow), like
   protected-edit. Deleting, moving or overwriting a directory that contains
   guarded files counts as writing them; a write whose target is computed at
   run time is blocked because it could be any of them;
4. with **no active playbook**, every command that is not read-only, except
   the post-loop handler (deadlock escape), branch creation/switching and
   ``git fetch|pull`` (a playbook starts on its own branch), ``git add`` and
   ``git commit`` on the branch of the playbook archived last (committing the
   finished work and its archive, in every mode: :mod:`workflow.closing`),
   and in security mode ``admin`` the maintenance allow-list
   (archiving playbooks, ``git add`` of state.md/playbooks, commits) — SPEC
   §3, §7. This is the golden path's plan rule: under a workflow whose plan
   is not a playbook (:func:`workflow.registry.uses_playbook`: sync-sdd)
   that workflow's own guards judge changing commands instead.

This module only judges: what each step asks lives in its layer. The
configured level of a command family is :mod:`permission.levels` (shared with
the permission gate's explain and ``playgate explain``); which files are
guarded and whether a write reaches one, :mod:`workflow.guarded`; what a
script file on disk does, :mod:`shell.scripts`; what may run with no active
playbook, :mod:`workflow.no_playbook`.
"""

from __future__ import annotations

import os

from events.context import Context
from events.verdict import ALLOWED, Verdict, ask, block, warn
from shell.limits import TooComplex
from shell.paths import rel_to
from workflow import guarded as G
from workflow import registry
from workflow.looking import hint as look_hint
from workflow.looking import look
from workflow.shared import bash_analysis, is_post_loop_handler

NAME = "bash-check"
ADVISORY = False

#: Finding kinds with their own advice (``bash_check.advice.<kind>``
#: in the message catalogue).
_ADVICE = frozenset({
    "rm-recursive",
    "git-history",
    "force-push",
    "disk",
    "chmod-system",
    "system-write",
    "fork-bomb",
    "fetched-exec",
    "http-delete",
    "gh-delete",
    "process-kill",
    "system-power",
    "depth-limit",
    "infra-destroy",
    "data-destroy",
    "package-remove",
    "service-stop",
    "fanout-exec",
})


def check(ctx: Context) -> Verdict:
    """Bash only: BLOCK destructive findings of a family at level ``block``,
    unresolvable commands, writes to guarded files (state.md, playbook files,
    the protection list by level and security mode) and scripts that would do
    either, and, with no active playbook, any command that is not read-only or
    an escape; ASK (the user decides) for destructive findings of a family at
    level ``ask`` once nothing else blocks; WARN for findings of a family at
    level ``warn``, BLOCK entries in trusted mode and WARN entries; else
    ALLOWED (SPEC §3 Bash chain 1, §4, §7; the levels in :mod:`shell.severity`)."""
    try:
        return _check(ctx)
    except TooComplex:
        # The deadline passed in bash-check's own walks.
        return block(ctx.say("bash_check.too_complex"))


def _check(ctx: Context) -> Verdict:
    analysis = bash_analysis(ctx)
    if analysis is None:
        return ALLOWED
    if analysis.too_complex:
        return block(ctx.say("bash_check.too_complex"))
    handler = is_post_loop_handler(ctx)

    # 1. destructive, by the level of the family that found it
    asking: list = []
    lowered: list = []
    if analysis.destructive:
        blocking, asking, lowered = _by_level(ctx, analysis.destructive)
        if blocking:
            return block(_destructive_message(ctx, blocking))

    # 2. unknown
    if analysis.unknown:
        reasons = "; ".join(ctx.render(r) for r in analysis.reasons[:3])
        return block(ctx.say("bash_check.unknown", reasons=reasons))

    admin_archive = ctx.security == "admin" and not ctx.active_playbook_path

    # 3. writes to guarded files
    blocks, warns = _guarded_writes(ctx, analysis, handler, admin_archive)
    if blocks:
        return block(blocks[0])

    # 3b. scripts on disk that the command runs (a script written in an
    # earlier call and run now: bypass family G, "splitting one attack")
    if not handler:
        problem = _script_problem(ctx, analysis)
        if problem:
            return block(problem)

    # 4. no active playbook: only read-only commands (and the escapes). The
    # golden path's rule: another workflow gates work on its own plan
    # (workflow.registry.uses_playbook; breezing: breezing-gate).
    pb = ctx.playbook
    no_playbook = pb is None or bool(pb.plan_error)
    if no_playbook and not analysis.read_only and not handler and not look(ctx)\
            and registry.uses_playbook(ctx):
        from workflow import no_playbook as _no_playbook  # lazy: only a write with no playbook

        shown = _no_playbook.refused(ctx, analysis, admin_archive)
        if shown is not None:
            error = ctx.playbook_error or (pb.plan_error if pb is not None else None)
            why = (ctx.say("bash_check.why_playbook_error", error=error)
                   if error else ctx.say("bash_check.why_no_playbook"))
            extra = ctx.say("bash_check.admin_extra") if ctx.security == "admin" else ""
            return block(ctx.say("bash_check.no_playbook", why=why, found=repr(shown),
                                 extra=extra) + look_hint(ctx))
    if lowered or asking:
        from permission.levels import family_name  # lazy: only for a destructive finding
    for finding, source in lowered:
        warns.insert(0, ctx.say("bash_check.family_warn",
                                family=ctx.render(family_name(finding.command_family)),
                                message=ctx.render(finding.message),
                                source=ctx.render(source)))
    if asking:
        first, source = asking[0]
        more = ""
        if len(asking) > 1:
            more = ctx.say("bash_check.also", findings="; ".join(
                ctx.render(f.message) for f, _s in asking[1:3]))
        context = ctx.say("bash_check.ask_context",
                          family=ctx.render(family_name(first.command_family)),
                          message=ctx.render(first.message))
        if warns:
            context += " " + " ".join(warns[:3])
        return ask(ctx.say("bash_check.ask", family=ctx.render(family_name(first.command_family)),
                           message=ctx.render(first.message), more=more,
                           source=ctx.render(source)),
                   context)
    if warns:
        return warn(" ".join(warns[:3]))
    return ALLOWED


def _by_level(ctx, findings) -> tuple:
    """``(blocking, asking, lowered)``: the findings whose command family's
    level is ``block``, and ``(finding, source)`` pairs for ``ask`` and
    ``warn`` (:func:`permission.levels.level_of`)."""
    # lazy: the configured levels only for commands with a destructive finding
    from permission.levels import family_levels, level_of

    overrides, broken = family_levels(ctx.root)
    blocking, asking, lowered = [], [], []
    for f in findings:
        level, source = level_of(f.command_family or "shell", overrides, broken)
        if level == "block":
            blocking.append(f)
        elif level == "ask":
            asking.append((f, source))
        else:
            lowered.append((f, source))
    return blocking, asking, lowered


def finding_text(ctx, finding) -> str:
    """What a destructive finding is, for Claude: the sentence the shell
    analysis recorded (``shell.find.*``, :class:`shell.model.Msg`) in the
    context's language."""
    return ctx.render(finding.message)


def _destructive_message(ctx, findings) -> str:
    first = findings[0]
    more = ""
    if len(findings) > 1:
        more = ctx.say("bash_check.also",
                       findings="; ".join(finding_text(ctx, f) for f in findings[1:3]))
    if first.kind in _ADVICE:
        advice = ctx.say(f"bash_check.advice.{first.kind}")
    else:
        advice = ctx.say("bash_check.advice_default")
    return ctx.say("bash_check.destructive", kind=first.kind,
                   message=finding_text(ctx, first), more=more, advice=advice)


# ------------------------------------------------------------------ guarded

def _guarded_writes(ctx, analysis, handler: bool, admin_archive: bool) -> tuple:
    """``(blocks, warns)``: the messages for the writes of ``analysis`` that
    reach a guarded file or a protection-list entry (:mod:`workflow.guarded`),
    by level and security mode."""
    blocks: list = []
    warns: list = []
    guarded = G.Guarded(ctx)
    mode = ctx.security
    for w in list(analysis.writes) + list(analysis.touched):
        if handler and w.possible:
            continue   # the post-loop handler's own arguments
        if admin_archive and G.archive_move(w):
            continue
        if w.kind == "delete" and G.is_bytecode(w.abs):
            continue   # __pycache__/*.pyc: regenerated from the sources
        if w.abs is None:
            if w.possible:
                continue
            if w.given.strip(chr(0)) == "":
                # Every path comes at run time (xargs rm < list, "$FILES"):
                # say so, instead of naming a placeholder.
                blocks.append(ctx.say("bash_check.computed_paths", how=w.how,
                                      verb=ctx.say(f"bash_check.verb_{G.access(w)}")))
            else:
                blocks.append(ctx.say("bash_check.computed_path", how=w.how, path=w.given))
            continue
        hit = guarded.hit(w)
        if hit is None:
            unreadable = ctx.protected.unreadable
            if unreadable and not w.possible:
                # What the list protects is unknown: no write until it is repaired.
                blocks.append(ctx.say("bash_check.list_unreadable", how=w.how,
                                      verb=ctx.say(f"bash_check.verb_{G.access(w)}"),
                                      target=w.rel or w.abs, problem=unreadable))
            continue  # not guarded: nothing to say (the catalogue stays unloaded)
        verb = ctx.say(f"bash_check.verb_{G.access(w)}")
        target = w.rel if w.rel not in (None, ".") else w.abs
        inside = "" if hit.what == target else ctx.say("bash_check.inside", what=hit.what)
        receives = ctx.say("bash_check.receives_only") if w.possible else ""
        if hit.level == "GUARDED":
            blocks.append(ctx.say("bash_check.guarded", how=w.how, verb=verb, target=target,
                                  inside=inside, receives=receives))
        elif hit.level == "HARD_BLOCK":
            blocks.append(ctx.say("bash_check.hard_block", how=w.how, verb=verb, target=target,
                                  inside=inside, source=hit.source, receives=receives))
        elif hit.level == "BLOCK":
            if mode == "strict":
                blocks.append(ctx.say("bash_check.block_strict", how=w.how, verb=verb,
                                      target=target, inside=inside, source=hit.source))
            elif mode == "trusted":
                warns.append(ctx.say("bash_check.block_trusted", target=target,
                                     source=hit.source))
        elif hit.level == "WARN":
            warns.append(ctx.say("bash_check.warn", target=target))
    return blocks, warns


# ------------------------------------------------------------------ scripts

def _script_problem(ctx, analysis) -> str | None:
    """A script run by the command that certainly destroys something or
    writes a guarded file (:mod:`shell.scripts` reads it): the message, else
    ``None``. Scripts that belong to the suite (HARD_BLOCK-protected, so
    Claude cannot have changed them) are trusted."""
    from shell import scripts  # lazy: only a command that runs a script file

    guarded = None
    home = ctx.env.get("HOME") or os.path.expanduser("~")
    for cmd, path in analysis.scripts:
        rel = rel_to(path, ctx.root)
        entry = G.protected_entry(ctx, G.variants(rel) if rel else set(), {path})
        if entry is not None and entry.level == "HARD_BLOCK":
            continue
        shown = rel or path
        script = scripts.inspect(cmd, path, ctx.root, home, shown)
        if script is None:
            continue
        if script.destructive is not None:
            return ctx.say("bash_check.script_destructive", script=shown,
                           kind=script.destructive.kind,
                           message=finding_text(ctx, script.destructive))
        if script.code_destructive is not None:
            return ctx.say("bash_check.script_code_destructive", script=shown,
                           what=ctx.render(script.code_destructive))
        guarded = guarded or G.Guarded(ctx)
        for w in script.writes:
            found = guarded.match(w.abs, w.rel)
            if found is not None and found.level in ("GUARDED", "HARD_BLOCK"):
                return ctx.say("bash_check.script_writes", script=shown, what=found.what,
                               level=(ctx.say("bash_check.level_guarded")
                                      if found.level == "GUARDED" else "HARD_BLOCK"))
    return None
