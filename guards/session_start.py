"""The SessionStart handler (SPEC §3 SessionStart; seed 002 §1; seed 004 [1]).

* removes a stale ``post-loop-pending`` (left by an earlier session: the
  source is ``startup`` or ``clear``), so a new session is not stuck, and
  the previous conversation's ``prompt-analyzer-called`` marker (a new
  conversation's request is analysed again; resume/compact keep it);
* writes ``session.last_start`` in state.md;
* creates ``.session-init/pending`` and ``required_playbook`` (init-guard) and
  forgets the previous session's reads;
* resets ``playbook.active`` to null when it points to a missing plan.json, and
  says so;
* tells Claude (additionalContext) which files to read first, the active
  playbook, phase and branch, and any problem found in the state files.
"""

from __future__ import annotations

import os
import time

from events.verdict import Effect, warn
from messages import LANGUAGES
from statefiles import layout, state_md

TYPE_CHECKING = False
if TYPE_CHECKING:  # the guard contract (events/guard.py): nothing imported at run time
    from events.guard import Context, Verdict

NAME = "session-start"
ADVISORY = True

STALE_SOURCES = ("startup", "clear")


def _set_state(root: str, section: str, updates: dict, durable: bool = True) -> None:
    state_md.update_keys(root, section, updates, durable=durable)


def _reset_read(markers) -> None:
    directory = markers.path(layout.READ_DIR)
    try:
        entries = list(os.scandir(directory))
    except OSError:
        return
    for entry in entries:
        try:
            os.unlink(entry.path)
        except OSError:
            pass


def _bad_language(state):
    """``config.language`` as written when it is set but not a language with a
    catalogue (issue 11 item 3: the suite speaks English then), else ``None``."""
    raw = state.language_raw
    if raw is None or (isinstance(raw, str) and raw.strip().lower() in LANGUAGES):
        return None
    return repr(raw)


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
        stamp = time.strftime("%Y-%m-%d %H:%M:%S")
        # durable=False: a lost timestamp is harmless, an fsync is not free (issue 7)
        effects.append(Effect(_set_state, ctx.root, "session", {"last_start": stamp}, False,
                              when="always", label="write session.last_start"))
    effects.append(Effect(_reset_read, markers, when="always", label="forget reads"))
    effects.append(Effect(markers.write, layout.REQUIRED_PLAYBOOK, (plan_rel or "") + "\n",
                          when="always", label="write required_playbook"))
    effects.append(Effect(markers.write, layout.PENDING, when="always", label="create pending"))

    to_read = []
    if state is not None:
        to_read.append(layout.STATE_MD)
    if plan_rel:
        to_read.append(plan_rel)
        to_read.append(ctx.playbook.progress_rel)
    lines = [ctx.say("session_start.active")]
    if to_read:
        lines.append(ctx.say("session_start.read_first", files=", ".join(to_read)))
    else:
        # With the plugin there is no install.py run: the plugin's own
        # command-line tool creates the project files (issue 11).
        data = ctx.env.get("CLAUDE_PLUGIN_DATA") if ctx.env.get("CLAUDE_PLUGIN_ROOT") else None
        lines.append(ctx.say("session_start.no_state_plugin", data=data) if data
                     else ctx.say("session_start.no_state"))
    if plan_rel:
        pb = ctx.playbook
        done, total = pb.counts()
        state_phase = state.get("playbook", "current_phase") if state else None
        phase = pb.current_phase_id(state_phase if isinstance(state_phase, str) else None)
        lines.append(ctx.say("session_start.playbook", plan=plan_rel, phase=phase or "-",
                             done=done, total=total))
    else:
        lines.append(ctx.say("session_start.no_playbook"))
    branch = ctx.branch or "unknown"
    lines.append(ctx.say("session_start.branch_main", branch=branch) if ctx.on_main
                 else ctx.say("session_start.branch", branch=branch))
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
