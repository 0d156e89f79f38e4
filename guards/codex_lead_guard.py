"""codex-lead-guard (SPEC §6 "impl_mode codex"; seed 001 Step 0 ``impl_mode`` table).

While ``.claude/state/breezing-active.json`` says ``impl_mode: codex`` the lead
coordinates and the codex implementer writes the code ("pretooluse-guard が
Write/Edit/Bash を制限"). So, for every caller except the codex implementer:

* Edit/Write/MultiEdit/NotebookEdit are blocked, except
  ``.claude/state/breezing*`` and ``.claude/state/review*`` (the lead's own
  coordination files: breezing-active.json, review-result.json), Markdown
  files (``*.md``: Plans.md, reports, state.md) and the workflow state that
  must always stay writable (SPEC §1 "Failing safe": the active playbook's
  plan.json/progress.json, ``.claude/session-state/``) — none of them is code;
* Bash is blocked unless it is read-only (as the shell analysis classifies
  it) or only touches those coordination files (``rm``/``mv``/``cp``/
  ``touch``/``mkdir`` whose every operand is one, redirects into them). That
  keeps the way out open: ``rm .claude/state/breezing-active.json`` ends the
  mode in Phase C.

Who is exempt: calls whose ``agent_type`` (a subagent, or a teammate session
started as an agent) is a codex implementer — by default the last ``:``
component is ``codex-implementer``; state.md ``config.codex_implementers``
lists others. The lead itself has no ``agent_type``.

Acts only while state.md ``config.workflow`` is ``breezing`` (the
registry drops it from the chain otherwise). Off when breezing-active.json
does not exist (one ``os.stat``), when ``impl_mode`` is ``standard``, in the
post-delegate phase the hooks recorded at the reviewer's APPROVE (seed 001
Phase C: the lead verifies and commits), or with
``config.codex_lead_guard: false``. The rest of the lead's and the team's
rules, in both modes, are breezing-gate's. A
breezing-active.json that is not a JSON object fails closed (the mode cannot
be told) while the coordination files stay writable so the lead can fix it.
"""

from __future__ import annotations

import os

import shell
from events.context import Context
from events.verdict import ALLOWED, Verdict, block
from statefiles import layout
from workflow import team
from workflow.shared import is_playbook_file, is_session_state

NAME = "codex-lead-guard"
ADVISORY = False

#: File operations whose operands are all files they create, change or remove.
FILE_OPS = frozenset({"rm", "mv", "cp", "touch", "mkdir"})
#: Options of FILE_OPS that take a value (the value is not an operand we can
#: place; such commands are not let through).
_VALUE_OPTS = frozenset({"-t", "--target-directory", "-S", "--suffix", "-m", "--mode",
                         "-d", "--date", "-r", "--reference"})

#: Catalogue key of the codex-mode explanation (seed 001).
MESSAGE = "codex_lead_guard.codex_mode"


def coordination_rel(rel: str | None) -> bool:
    """``.claude/state/breezing*`` or ``.claude/state/review*`` (a direct child,
    by its real repo-relative path)."""
    if rel is None:
        return False
    head, _, name = rel.rpartition("/")
    return head == team.STATE_DIR and name.startswith(("breezing", "review"))


def allowed_target(target) -> bool:
    """Files the lead may write in codex mode (``target``: a
    ``layout.ResolvedPath``): coordination files, Markdown, and the workflow
    state files (deadlock escapes, ``workflow.shared``). Judged by the real
    path only (an allow-list)."""
    return (coordination_rel(target.rel)
            or os.path.basename(target.abs).lower().endswith(".md")
            or is_playbook_file(target) or is_session_state(target))


def _exempt(ctx) -> bool:
    agent = ctx.hook.agent_type.strip()
    if not agent:
        return False
    names = team.config_list(ctx, "codex_implementers", team.DEFAULT_CODEX_IMPLEMENTERS)
    return agent in names or agent.rsplit(":", 1)[-1] in names


def _is_read_only(cmd) -> bool:
    judge = getattr(shell, "is_read_only", None)
    return bool(judge and judge(cmd))


def _operands(argv: list) -> list | None:
    """Operands of a FILE_OPS command; ``None`` when an option takes a value."""
    out = []
    options = True
    for arg in argv[1:]:
        if options and arg == "--":
            options = False
            continue
        if options and arg.startswith("-") and arg != "-":
            if arg.split("=", 1)[0] in _VALUE_OPTS:
                return None
            continue
        out.append(arg)
    return out


def _file_op_allowed(ctx, cmd) -> bool:
    if cmd.name not in FILE_OPS:
        return False
    operands = _operands(cmd.argv)
    if not operands:
        return False
    if cmd.name == "cp":
        operands = operands[-1:]  # sources are only read
    for operand in operands:
        resolved = ctx.resolve(operand)
        if not coordination_rel(resolved.rel):
            return False
    return True


def bash_allowed(ctx, analysis) -> bool:
    """Read-only, or touching only coordination files."""
    if analysis.read_only:
        return True
    if analysis.unknown or not analysis.commands:
        return False
    for cmd in analysis.commands:
        if not (_is_read_only(cmd) or _file_op_allowed(ctx, cmd)):
            return False
    return all(coordination_rel(w.rel) for w in analysis.writes)


def check(ctx: Context) -> Verdict:
    """Edit/Write and Bash while breezing-active.json says ``impl_mode: codex``:
    BLOCK what is not a coordination file, Markdown or workflow state (Edit)
    or not read-only / coordination-only (Bash), for every caller but a codex
    implementer; else ALLOWED (SPEC §6; seed 001 Step 0)."""
    hook = ctx.hook
    is_bash = hook.tool_name == "Bash"
    if not (is_bash or hook.is_edit_tool):
        return ALLOWED
    if not os.path.lexists(layout.join(ctx.root, team.ACTIVE)):
        return ALLOWED
    if not team.enabled(ctx, "codex_lead_guard") or _exempt(ctx):
        return ALLOWED
    from statefiles import breezing  # lazy: only while a team session runs

    active = breezing.load_active(ctx.root)
    if active is None:
        return ALLOWED
    mode = active.impl_mode
    if mode == "standard":
        return ALLOWED
    from statefiles.breezing_team import POST_DELEGATE, phase_of  # lazy: as above

    if active.data is not None and phase_of(active.data) == POST_DELEGATE:
        return ALLOWED
    if hook.is_edit_tool:
        target = ctx.target
        if target is not None and allowed_target(target):
            return ALLOWED
        what = ctx.say("codex_lead_guard.what_edit", tool=hook.tool_name,
                       path=target.rel if target and target.rel else hook.file_path)
    else:
        if bash_allowed(ctx, ctx.shell):
            return ALLOWED
        what = ctx.say("codex_lead_guard.what_bash")
    if mode is None:
        return block(ctx.say("codex_lead_guard.unreadable", what=what,
                             report=active.report() or ctx.say("codex_lead_guard.cannot_read",
                                                               file=breezing.ACTIVE)))
    return block(ctx.say("codex_lead_guard.blocked", what=what, explanation=ctx.say(MESSAGE)))
