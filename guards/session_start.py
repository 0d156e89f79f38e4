"""The SessionStart handler (SPEC §3 SessionStart; seed 002 §1; seed 004 [1]).

* removes a stale ``post-loop-pending`` (left by an earlier session: the
  source is ``startup`` or ``clear``), so a new session is not stuck, and
  the previous conversation's ``prompt-analyzer-called`` marker (a new
  conversation's request is analysed again; resume/compact keep it);
* writes ``session.last_start`` in state.md;
* creates ``.session-init/pending`` and ``required_playbook`` (init-guard) and
  forgets the previous session's reads — except in a *resumed* conversation
  (``source: resume``, ``claude --continue``): the files read in it are still
  in the model's context, so a read whose file is unchanged since
  (:mod:`statefiles.fingerprint`) still counts, and ``pending`` is created
  only when a required file changed or was never read;
* keeps the understanding check's ``consent`` marker for the same
  conversation (resume, compact) and drops one left by another conversation
  (startup, clear): the user's "yes" in a resumed session confirms it;
* resets ``playbook.active`` to null when it points to a missing plan.json, and
  says so;
* tells Claude (additionalContext) which files to read first, the active
  playbook, phase and branch, and any problem found in the state files.
"""

from __future__ import annotations

import os

from events.context import Context
from events.verdict import Effect, Verdict, warn
from messages import resolve_language
from statefiles import layout, state_md
from statefiles.atomic import check_removal
from statefiles.stamps import local_now
from workflow import registry

NAME = "session-start"
ADVISORY = True

STALE_SOURCES = ("startup", "clear")


def _set_state(root: str, section: str, updates: dict, durable: bool = True) -> None:
    state_md.update_keys(root, section, updates, durable=durable)


def _reset_read(markers, keep=()) -> None:
    """Forget the reads recorded so far, except those of ``keep``
    (repo-relative paths a resumed conversation still has, unchanged)."""
    directory = markers.path(layout.READ_DIR)
    try:
        # a directory that leads outside the project (a link in its place or
        # in .claude/) is never emptied: a hook's removals stay inside it
        check_removal(os.path.join(directory, "x"))
        entries = list(os.scandir(directory))
    except OSError:
        return
    kept = {markers._read_name(rel) for rel in keep}
    for entry in entries:
        if entry.name in kept:
            continue
        try:
            os.unlink(entry.path)
        except OSError:
            pass


def _still_read(ctx, required) -> list:
    """The files of ``required`` this conversation read and that have not
    changed since (their recorded fingerprint is their current one)."""
    from statefiles import fingerprint  # lazy: only a resumed session compares what was read

    out = []
    for rel in required:
        recorded = ctx.markers.read_fingerprint(rel)
        if recorded and recorded == fingerprint.of_file(ctx.root, rel):
            out.append(rel)
    return out


def _bad_language(state):
    """``config.language`` as written when it is set but not a language with a
    catalogue (the suite speaks English then), else ``None``."""
    raw = state.language_raw
    return None if resolve_language(raw)[1] else repr(raw)


def check(ctx: Context) -> Verdict:
    """SessionStart: a WARN (additionalContext) telling Claude what to read
    first, the active playbook, phase, branch and any state problem, with
    effects writing ``session.last_start``, creating init-guard's markers and
    removing stale ones (SPEC §3 SessionStart; seed 002 §1; seed 004 [1])."""
    effects = []
    notes = []
    markers = ctx.markers
    source = ctx.hook.source or "startup"
    state = ctx.state

    if source in STALE_SOURCES and markers.exists(layout.POST_LOOP_PENDING):
        effects.append(Effect(markers.remove, layout.POST_LOOP_PENDING, when="always",
                              label="remove stale post-loop-pending"))
        notes.append(ctx.say("session_start.stale_pending"))
    if source in STALE_SOURCES and markers.exists(layout.PROMPT_ANALYZER_CALLED):
        # A new conversation is a new request: it is analysed again before
        # work starts (seed 002 §3). Resume/compact continue the same request.
        effects.append(Effect(markers.remove, layout.PROMPT_ANALYZER_CALLED, when="always",
                              label="forget the previous prompt analysis"))

    active = ctx.active_playbook_path
    plan_rel = None
    if active:
        pb = ctx.playbook
        # Reset only what is really gone: a plan.json that exists but cannot be
        # read (a directory, a FIFO, a symlink loop) stays active and is
        # reported as a problem below, so its playbook is not forgotten.
        missing = ctx.playbook_error or (pb is not None
                                         and not os.path.lexists(ctx.path(pb.plan_rel)))
        if missing:
            reason = ctx.playbook_error or ctx.say("session_start.missing_plan", plan=active)
            effects.append(Effect(_set_state, ctx.root, "playbook", {"active": None},
                                  when="always", label="reset playbook.active"))
            notes.append(ctx.say("session_start.active_reset", reason=reason))
        elif pb is not None:
            plan_rel = pb.plan_rel

    if state is not None:
        stamp = local_now()
        # durable=False: a lost timestamp is harmless, an fsync is not free
        effects.append(Effect(_set_state, ctx.root, "session", {"last_start": stamp}, False,
                              when="always", label="write session.last_start"))
    if source in STALE_SOURCES and markers.exists(layout.CONSENT):
        # An understanding check belongs to its conversation.
        effects.append(Effect(markers.remove, layout.CONSENT, when="always",
                              label="drop another conversation's understanding check"))
    to_read = []
    if state is not None:
        to_read.append(layout.STATE_MD)
    if plan_rel:
        to_read.append(plan_rel)
        to_read.append(ctx.playbook.progress_rel)
    required = [rel for rel in (layout.STATE_MD, plan_rel) if rel and rel in to_read]
    still_read = _still_read(ctx, required) if source == "resume" else []
    effects.append(Effect(_reset_read, markers, still_read, when="always", label="forget reads"))
    effects.append(Effect(markers.write, layout.REQUIRED_PLAYBOOK, (plan_rel or "") + "\n",
                          when="always", label="write required_playbook"))
    if required and len(still_read) == len(required):
        effects.append(Effect(markers.remove, layout.PENDING, when="always",
                              label="no pending: the resumed conversation read the state"))
    else:
        effects.append(Effect(markers.write, layout.PENDING, when="always",
                              label="create pending"))

    lines = [ctx.say("session_start.active")]
    if required and len(still_read) == len(required):
        lines.append(ctx.say("session_start.still_read", files=", ".join(to_read)))
    elif to_read:
        lines.append(ctx.say("session_start.read_first", files=", ".join(to_read)))
    else:
        # With the plugin there is no install.py run: the plugin's own
        # command-line tool creates the project files.
        data = ctx.env.get("CLAUDE_PLUGIN_DATA") if ctx.env.get("CLAUDE_PLUGIN_ROOT") else None
        lines.append(ctx.say("session_start.no_state_plugin", data=data) if data
                     else ctx.say("session_start.no_state",
                                  repair=layout.repair_command(ctx.root)))
    if plan_rel:
        pb = ctx.playbook
        done, total = pb.counts()
        state_phase = state.get("playbook", "current_phase") if state else None
        phase = pb.current_phase_id(state_phase if isinstance(state_phase, str) else None)
        lines.append(ctx.say("session_start.playbook", plan=plan_rel, phase=phase or "-",
                             done=done, total=total))
    else:
        wf = registry.active(ctx)
        if wf.playbook or not wf.start:
            lines.append(ctx.say("session_start.no_playbook"))
        elif wf.start_by_user:
            lines.append(ctx.say("session_start.no_playbook_workflow", title=wf.title,
                                 start=wf.start))
        else:
            lines.append(ctx.say("session_start.workflow_idle", title=wf.title, start=wf.start))
    branch = ctx.branch or "unknown"
    if not ctx.on_main:
        lines.append(ctx.say("session_start.branch", branch=branch))
    elif registry.main_forbidden(ctx):
        lines.append(ctx.say("session_start.branch_main", branch=branch))
    else:
        lines.append(ctx.say("session_start.branch_trunk", branch=branch))
    if state is not None:
        lines.extend(ctx.say("session_start.problem", problem=e) for e in state.errors)
        bad_language = _bad_language(state)
        if bad_language is not None:
            lines.append(ctx.say("session_start.bad_language", value=bad_language))
    if plan_rel:
        lines.extend(ctx.say("session_start.playbook_problem", problem=e)
                     for e in ctx.playbook.errors)
    lines.extend(ctx.say("session_start.problem", problem=p) for p in ctx.protected.problems)
    lines.extend(notes)
    return warn("\n".join(lines), effects=tuple(effects))
