"""Reward-fraud prevention: what the reward guards share (not a guard itself).

Seed 002 §12 "Reward Fraud Prevention": Claude never declares its own work
done. A subtask is done only with three PASS validations with evidence,
``validated_at`` set and ``validated_by == "critic"`` (SPEC §3 subtask-guard,
implemented once in :func:`statefiles.playbook.evidence_problems`); a phase is
done only when every subtask of it is; state.md ``goal.status: done`` needs a
playbook whose critic passed. This module holds the pieces every reward guard
(critic-guard, subtask-guard, phase-status-guard, completion-check) uses:

* **which files are reward state** (:func:`reward_target`): state.md and the
  plan.json/progress.json of *any* working playbook (``play/<id>/``, archive
  and template copies excluded by their real location), plus whatever files
  the active playbook really reads, found by every spelling of the path —
  real location, the location as named (a final symlink is not followed, so a
  ``play/<id>/progress.json`` that points into ``play/archive/`` is still
  guarded; nor a symlinked directory), the file state.md really is,
  case/Windows variants, and hard links;
* **the edit as a before/after pair** (:func:`edit_view`), parsed from
  ``ctx.post_edit`` once per call and shared by the guards;
* **violations** as pure functions of parsed dicts, so the PreToolUse guards
  and the Stop check judge with the same rules. A guard blocks the violations
  an edit *introduces* (present after, absent before); violations that were
  already on disk are reported as warnings, so repairing a broken file is
  never blocked (deadlock rule, SPEC §1);
* **the critic ledger** (:data:`CRITIC_LEDGER`): a hook-written record of the
  critic's real verdicts (see :mod:`guards.critic_ledger`).

Module-level imports are only what every caller loads anyway (``statefiles``
state.md, playbook and marker readers); nothing heavy (hot path).
"""

from __future__ import annotations

import os

from events.verdict import ALLOWED, Effect, block
from shell.record import Record
from statefiles import fastjson, layout, state_md
from statefiles.atomic import open_regular, write_atomic
from statefiles.markers import now_iso
from statefiles.playbook import (
    MAX_BYTES,
    critic_field_problems,
    evidence_problems,
    load_json_file,
    parse_json_text,
    phase_status,
    subtask_status,
    validation_entry,
)

#: Hook-written record of critic verdicts, one JSON object a line (written by
#: SubagentStop, read by subtask-guard/critic-guard). ``.claude/logs/**`` is
#: HARD_BLOCK in the protected floor, so Claude can read it but not forge it.
CRITIC_LEDGER = ".claude/logs/critic-ledger.jsonl"
#: The Stop loop guard's consecutive-block counter (see guards.stop_loop_guard).
STOP_GUARD = ".claude/session-state/stop-guard.json"
#: Ledger id for the playbook-level critic verdict (progress ``critic``).
PLAYBOOK_ID = "playbook"
#: Directories under play/ that hold copies, not working playbooks.
NOT_WORKING = ("archive", "template")
PLAYBOOK_FILES = {"plan.json": "plan", "progress.json": "progress"}
#: Largest ledger read, in bytes (the tail is read when it is bigger).
LEDGER_MAX = 8 * 1024 * 1024

STATE = "state"
PLAN = "plan"
PROGRESS = "progress"


# --------------------------------------------------------------------------- paths


def playbook_file_kind(rel: str | None) -> str | None:
    """``"plan"``/``"progress"`` when the repo-relative ``rel`` is
    ``play/<id>/plan.json|progress.json`` of a working playbook (``<id>`` not
    ``archive`` or ``template``), else ``None``. Case-insensitive on the fixed
    parts, because a case-insensitive file system (macOS, Windows) aliases
    ``Play/X/Progress.json``."""
    if not rel:
        return None
    parts = rel.split("/")
    if len(parts) != 3 or parts[0].casefold() != layout.PLAY_DIR:
        return None
    if parts[1].casefold() in NOT_WORKING or parts[1] in ("", ".", ".."):
        return None
    return PLAYBOOK_FILES.get(parts[2].casefold())


def is_state_rel(rel: str | None) -> bool:
    """The repo-relative ``rel`` is state.md (any case)."""
    return rel is not None and rel.casefold() == layout.STATE_MD


def reward_rel_kind(rel: str | None) -> str | None:
    """``"state"``, ``"plan"``, ``"progress"`` or ``None`` for a repo-relative path."""
    if is_state_rel(rel):
        return STATE
    return playbook_file_kind(rel)


def write_hits_reward(ctx, rel: str | None) -> bool:
    """For bash-check (SPEC §3 Bash chain 1; every route to reward state closed):
    True when a Bash write to the repo-relative ``rel`` (as
    ``shell.Write.rel``) reaches reward state: state.md, any working
    playbook's plan.json/progress.json, the files state.md and the active
    playbook really are (through symlinks), or a directory that contains any
    of them (``mv play/x play/y``, ``rm -r play``). Outside the project
    (``rel is None``) is not reward state."""
    if rel is None:
        return False
    rel = rel.strip("/")
    if rel in ("", "."):
        return True
    if reward_rel_kind(rel):
        return True
    folded = rel.casefold()
    if folded == layout.PLAY_DIR:
        return True
    parts = folded.split("/")
    if len(parts) == 2 and parts[0] == layout.PLAY_DIR and parts[1] not in NOT_WORKING:
        return True
    abs_path = os.path.realpath(layout.join(ctx.root, rel))
    for real in (*active_real_files(ctx), os.path.realpath(layout.join(ctx.root, layout.STATE_MD))):
        if real == abs_path or real.startswith(abs_path.rstrip(os.sep) + os.sep):
            return True
    return False


def active_real_files(ctx) -> tuple:
    """Real (symlink-resolved) absolute paths of the active playbook's
    plan.json and progress.json — what the Stop check actually reads."""
    memo = ctx.__dict__.get("_reward_active_real")
    if memo is not None:
        return memo
    pb = ctx.playbook
    if pb is None:
        out = ()
    else:
        out = (os.path.realpath(layout.join(ctx.root, pb.plan_rel)),
               os.path.realpath(layout.join(ctx.root, pb.progress_rel)))
    ctx.__dict__["_reward_active_real"] = out
    return out


class RewardTarget(Record):
    """The reward file an edit tool writes.

    Attributes:
        kind: ``"state"``, ``"plan"`` or ``"progress"``.
        dir_abs: the playbook directory (real path) for plan/progress, the
            project root for state.md.
        label: repo-relative name for messages.
        root: the project root.

    Made as ``RewardTarget(kind, dir_abs, label, root)``
    (:class:`shell.record.Record`).
    """

    __slots__ = ("kind", "dir_abs", "label", "root")

    @property
    def plan_rel(self) -> str:
        """Repo-relative plan.json of this playbook (the critic ledger's key)."""
        return _rel_or_abs(os.path.join(self.dir_abs, "plan.json"), self.root)

    def __repr__(self) -> str:
        return f"RewardTarget({self.kind}, {self.label})"


def _rel_or_abs(abs_path: str, root: str | None) -> str:
    if root is not None:
        rel = layout.relative_to(abs_path, root)
        if rel is not None:
            return rel
    return abs_path


def _as_named(ctx, target) -> str:
    """The target path as Claude wrote it, made absolute against the hook's
    ``cwd`` and normalised lexically (no symlink resolved)."""
    given = target.given
    if given.startswith("~"):
        given = os.path.expanduser(given)
    base = ctx.hook.cwd or ctx.root
    return os.path.normpath(given if os.path.isabs(given) else os.path.join(base, given))


def _lexical_rel(ctx, target) -> str | None:
    """The target's location *as named*: directories resolved, the final
    component not followed (a symlinked playbook file is judged by the name
    Claude used as well as by what it points to)."""
    parent, name = os.path.split(_as_named(ctx, target))
    return layout.relative_to(os.path.join(os.path.realpath(parent), name), ctx.root)


def _literal_rel(ctx, target) -> str | None:
    """The target as written, with no symlink resolved at all
    (``play/x/progress.json`` when ``play/x`` is a link elsewhere)."""
    return layout.relative_to(_as_named(ctx, target), ctx.root)


def _same_inode(a: os.stat_result, path: str) -> bool:
    try:
        b = os.stat(path)
    except OSError:
        return False
    return (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)


def _hard_link_kind(ctx, target) -> tuple | None:
    """``(kind, dir_abs)`` when the target is a hard link to reward state."""
    try:
        st = os.stat(target.abs)
    except OSError:
        return None
    if st.st_nlink <= 1:
        return None
    root = ctx.root
    if _same_inode(st, layout.join(root, layout.STATE_MD)):
        return STATE, root
    for real in active_real_files(ctx):
        if _same_inode(st, real):
            return PLAYBOOK_FILES.get(os.path.basename(real), PROGRESS), os.path.dirname(real)
    play = layout.join(root, layout.PLAY_DIR)
    try:
        ids = os.listdir(play)
    except OSError:
        return None
    for pid in ids:
        if pid.casefold() in NOT_WORKING:
            continue
        for name, kind in PLAYBOOK_FILES.items():
            path = os.path.join(play, pid, name)
            if _same_inode(st, path):
                return kind, os.path.join(play, pid)
    return None


def reward_target(ctx) -> RewardTarget | None:
    """The reward file the current edit tool call writes, or ``None``.

    Memoised on ``ctx``. Cost for an ordinary file: string checks, one
    ``realpath`` of the parent directory, the active playbook's real paths
    and one ``stat`` (hard links are only searched when ``st_nlink > 1``).
    """
    if "_reward_target" in ctx.__dict__:
        return ctx.__dict__["_reward_target"]
    result = _reward_target(ctx)
    ctx.__dict__["_reward_target"] = result
    return result


def _reward_target(ctx) -> RewardTarget | None:
    target = ctx.target
    if target is None or not ctx.hook.is_edit_tool:
        return None
    root = ctx.root
    real_dir = os.path.dirname(target.abs)
    label = target.rel if target.rel is not None else target.abs
    names = [target.rel, _lexical_rel(ctx, target), _literal_rel(ctx, target), *target.variants]
    for rel in names:
        kind = reward_rel_kind(rel)
        if kind == STATE:
            return RewardTarget(STATE, root, label, root)
        if kind is not None:
            return RewardTarget(kind, real_dir, label, root)
    if target.abs == os.path.realpath(layout.join(root, layout.STATE_MD)):
        return RewardTarget(STATE, root, label, root)  # state.md is a symlink to it
    for real in active_real_files(ctx):
        if real == target.abs:
            kind = PLAYBOOK_FILES.get(os.path.basename(real), PROGRESS)
            return RewardTarget(kind, os.path.dirname(real), label, root)
    linked = _hard_link_kind(ctx, target)
    if linked is not None:
        return RewardTarget(linked[0], linked[1], label, root)
    return None


# --------------------------------------------------------------------------- parsing


def _dict(value) -> dict:
    return value if isinstance(value, dict) else {}


def _text(key: str, /, **fields):
    """A shape problem as :class:`messages.Text`; only a
    broken file makes one."""
    from messages import Text  # lazy: a broken playbook only

    return Text(key, **fields)


def progress_shape_error(progress: dict, label: str) -> str | None:
    """What makes a parsed progress.json unusable for the reward checks
    (SPEC §2 shapes; string forms accepted), or ``None``."""
    for key in ("active", "phases", "subtasks", "critic"):
        if key in progress and progress[key] is not None and not isinstance(progress[key], dict):
            return _text("reward.shape_not_object", label=label, key=key,
                         type=type(progress[key]).__name__)
    for sid, entry in _dict(progress.get("subtasks")).items():
        if not isinstance(entry, (dict, str)):
            return _text("reward.shape_subtask", label=label, subtask=sid)
    for pid, entry in _dict(progress.get("phases")).items():
        if not isinstance(entry, (dict, str)):
            return _text("reward.shape_phase", label=label, phase=pid)
    return None


def plan_shape_error(plan: dict, label: str) -> str | None:
    """What makes a parsed plan.json unusable for the reward checks, or ``None``."""
    phases = plan.get("phases")
    if phases is not None and not isinstance(phases, list):
        return _text("reward.shape_phases", label=label)
    for phase in phases or []:
        if not isinstance(phase, dict) or not isinstance(phase.get("id"), str):
            return _text("reward.shape_phase_id", label=label)
        subs = phase.get("subtasks")
        if subs is not None and not isinstance(subs, list):
            return _text("reward.shape_subtasks", label=label, phase=phase["id"])
        for sub in subs or []:
            if not isinstance(sub, dict) or not isinstance(sub.get("id"), str):
                return _text("reward.shape_subtask_id", label=label, phase=phase["id"])
    return None


def load_json(path: str, label: str) -> tuple:
    """``(dict | None, error | None)`` of a plan/progress file on disk."""
    return load_json_file(path, label)


def _too_big(text, label: str) -> str | None:
    size = len(text.encode("utf-8")) if isinstance(text, str) else len(text)
    if size > MAX_BYTES:
        # load_json_file refuses such a file, so the Stop check could not read it
        return f"{label} would be larger than {MAX_BYTES} bytes, which the suite does not read"
    return None


def _parse(text, label: str, shape_error) -> tuple:
    big = _too_big(text, label)
    if big:
        return None, big
    value, error = parse_json_text(text, label)
    if error:
        return None, error
    shape = shape_error(value, label)
    return (None, shape) if shape else (value, None)


def parse_progress(text, label: str) -> tuple:
    """``(progress, None)`` or ``(None, error)`` for progress.json text
    (``str`` or ``bytes``): too large, not JSON, or not progress.json's shape
    (:func:`progress_shape_error`). ``label`` names the file in the error."""
    return _parse(text, label, progress_shape_error)


def parse_plan(text, label: str) -> tuple:
    """``(plan, None)`` or ``(None, error)`` for plan.json text, like
    :func:`parse_progress` (:func:`plan_shape_error`)."""
    return _parse(text, label, plan_shape_error)


def _load(dir_abs: str, root: str, name: str, shape_error) -> tuple:
    path = os.path.join(dir_abs, name)
    label = _rel_or_abs(path, root)
    value, error = load_json(path, label)
    if error:
        return None, error
    shape = shape_error(value, label)
    return (None, shape) if shape else (value, None)


def load_plan(dir_abs: str, root: str) -> tuple:
    """``(plan, None)`` or ``(None, error)`` for ``<dir_abs>/plan.json``
    (``root``: the project root, to name the file relative to it)."""
    return _load(dir_abs, root, "plan.json", plan_shape_error)


def load_progress(dir_abs: str, root: str) -> tuple:
    """``(progress, None)`` or ``(None, error)`` for ``<dir_abs>/progress.json``."""
    return _load(dir_abs, root, "progress.json", progress_shape_error)


# --------------------------------------------------------------------------- rules


_MEMO: dict = {}


def _memo(obj, name: str, compute):
    """``compute()`` once per parsed document and ``name``: the guards of one
    call judge the same before/after dicts several times (a 200-subtask
    progress.json is a few hundred entries each time). Results are shared;
    callers must not mutate them."""
    if obj is None:
        return compute()
    slot = _MEMO.get(id(obj))
    if slot is None or slot[0] is not obj:
        if len(_MEMO) > 64:
            _MEMO.clear()
        slot = (obj, {})
        _MEMO[id(obj)] = slot
    cache = slot[1]
    if name not in cache:
        cache[name] = compute()
    return cache[name]


def subtask_entries(progress: dict | None) -> dict:
    """``{subtask_id: entry}`` with the string form read as ``{"status": s}``."""
    def compute():
        out = {}
        for sid, entry in _dict((progress or {}).get("subtasks")).items():
            out[sid] = {"status": entry} if isinstance(entry, str) else _dict(entry)
        return out
    return _memo(progress, "entries", compute)


def subtask_statuses(progress: dict | None) -> dict:
    """``{subtask_id: normalised status}``."""
    return _memo(progress, "statuses", lambda: {
        sid: subtask_status(e) for sid, e in subtask_entries(progress).items()})


def plan_structure(plan: dict | None) -> list:
    """``[(phase_id, [subtask_id, ...]), ...]`` in plan order."""
    out = []
    for phase in (plan or {}).get("phases") or []:
        if isinstance(phase, dict) and isinstance(phase.get("id"), str):
            subs = [s["id"] for s in phase.get("subtasks") or []
                    if isinstance(s, dict) and isinstance(s.get("id"), str)]
            out.append((phase["id"], subs))
    return out


def phase_members(plan: dict | None) -> dict:
    """``{phase_id: [subtask_id, ...]}``; a phase id that appears twice gets
    the subtasks of both (an empty duplicate must not make a phase look
    finished)."""
    def compute():
        out: dict = {}
        for pid, subs in plan_structure(plan):
            out.setdefault(pid, []).extend(subs)
        return out
    return _memo(plan, "members", compute)


def plan_subtasks(plan: dict | None) -> dict:
    """``{subtask_id: plan subtask object}``."""
    out = {}
    for phase in (plan or {}).get("phases") or []:
        if isinstance(phase, dict):
            for s in phase.get("subtasks") or []:
                if isinstance(s, dict) and isinstance(s.get("id"), str):
                    out[s["id"]] = s
    return out


def done_subtasks(progress: dict | None) -> list:
    """Ids of the subtasks ``progress`` marks ``done``, in file order."""
    return [sid for sid, st in subtask_statuses(progress).items() if st == "done"]


def _done_problems(progress: dict | None, key: str, problems_of) -> dict:
    """``{subtask_id: problems_of(entry)}`` for the done subtasks of
    ``progress`` with problems, memoised per progress dict under ``key``."""
    def compute():
        entries = subtask_entries(progress)
        out = {}
        for sid in done_subtasks(progress):
            problems = problems_of(entries[sid])
            if problems:
                out[sid] = problems
        return out
    return _memo(progress, key, compute)


def unevidenced_done(progress: dict | None) -> dict:
    """``{subtask_id: [problems]}`` for done subtasks that lack the evidence
    of SPEC §3 subtask-guard."""
    return _done_problems(progress, "unevidenced", evidence_problems)


def uncritiqued_done(progress: dict | None) -> dict:
    """``{subtask_id: [problems]}`` for done subtasks the critic did not
    validate (critic-guard's part of the contract)."""
    return _done_problems(progress, "uncritiqued", critic_field_problems)


def done_phases(progress: dict | None) -> list:
    """Ids of the phases ``progress`` marks ``done``, in file order."""
    return [pid for pid, e in _dict((progress or {}).get("phases")).items()
            if phase_status(e) == "done"]


def phases_with_open_subtasks(progress: dict | None, plan: dict | None) -> dict:
    """``{phase_id: [(subtask_id, status), ...]}`` for phases marked done in
    ``progress`` while a subtask the plan lists for them is not done
    (SPEC §3 phase-status-guard)."""
    structure = phase_members(plan)
    statuses = subtask_statuses(progress)
    out = {}
    for pid in done_phases(progress):
        open_subs = [(sid, statuses.get(sid) or "pending") for sid in structure.get(pid, [])
                     if statuses.get(sid) != "done"]
        if open_subs:
            out[pid] = open_subs
    return out


def phases_without_critic(progress: dict | None, plan: dict | None) -> dict:
    """``{phase_id: [subtask_id, ...]}`` for phases marked done while a
    subtask of theirs lacks the critic's validation (critic-guard: a phase's
    critic evidence is its subtasks' critic evidence)."""
    structure = phase_members(plan)
    entries = subtask_entries(progress)
    out = {}
    for pid in done_phases(progress):
        lacking = [sid for sid in structure.get(pid, [])
                   if evidence_problems(entries.get(sid, {}))]
        if lacking:
            out[pid] = lacking
    return out


def critic_pass_problems(progress: dict | None) -> list:
    """Problems of a progress ``critic`` block that says PASS: the playbook
    critic's PASS needs evidence (SPEC §2 ``critic {status, evidence}``)."""
    critic = (progress or {}).get("critic")
    status, evidence = validation_entry(critic)
    if status != "PASS":
        return []
    if evidence:
        return []
    from messages import Text  # lazy: the catalogue only for a PASS without evidence

    return [Text("reward.gap_critic_evidence")]


def critic_passed(progress: dict | None) -> bool:
    """Progress ``critic.status`` is PASS (evidence not checked: see
    :func:`critic_pass_problems`)."""
    return validation_entry((progress or {}).get("critic"))[0] == "PASS"


def new_items(before: dict, after: dict) -> dict:
    """Entries of ``after`` whose key is absent from ``before``: the
    violations an edit introduces."""
    return {k: v for k, v in after.items() if k not in before}


def completion_report(plan: dict | None, progress: dict | None) -> dict:
    """What keeps a playbook from being complete (SPEC §3 completion-check).

    Returns ``{"open": [(sid, status)], "fraud": {sid: [problems]},
    "phases": {pid: [(sid, status)]}, "critic": [problems]}``; every value is
    empty when the playbook is complete with its evidence.
    """
    statuses = subtask_statuses(progress)
    open_subs = []
    for _pid, subs in plan_structure(plan):
        for sid in subs:
            status = statuses.get(sid)
            if status != "done":
                open_subs.append((sid, status or "pending"))
    return {
        "open": open_subs,
        "fraud": unevidenced_done(progress),
        "phases": phases_with_open_subtasks(progress, plan),
        "critic": critic_pass_problems(progress),
    }


def listing(items, limit: int = 15) -> str:
    """``a, b, c ... and N more``: a :class:`messages.Text` when cut short
    (its English is this text; passed as a field it reads in the message's
    language), else a plain ``str``."""
    items = list(items)
    shown = ", ".join(str(i) for i in items[:limit])
    if len(items) <= limit:
        return shown
    from messages import Text  # lazy: the catalogue only for a list cut short

    return Text("reward.listing_more", shown=shown, more=len(items) - limit)


def gap_text(problem, ctx=None) -> str:
    """One evidence problem (a :class:`messages.Text` from
    :func:`statefiles.playbook.evidence_problems`, or a plain string) in the
    context's language; as it is without a context."""
    return problem if ctx is None else ctx.render(problem)


def describe_problems(problems: dict, limit: int = 10, ctx=None) -> str:
    """``p1.1 (validated_by is None, not 'critic'; ...); p1.2 (...)``, in the
    language of ``ctx`` when given."""
    parts = [f"{sid} ({'; '.join(gap_text(p, ctx) for p in probs)})"
             for sid, probs in list(problems.items())[:limit]]
    more = len(problems) - limit
    if more <= 0:
        return "; ".join(parts)
    from messages import Text  # lazy: the catalogue only for a list cut short

    return Text("reward.problems_more", shown="; ".join(parts), more=more)


# --------------------------------------------------------------------------- edit views


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
    goal = _dict(_dict((sections or {}).get("sections")).get("goal"))
    for key in ("status", "state"):
        value = goal.get(key)
        if isinstance(value, str) and value.strip().lower() == "done":
            return True
    return False


def active_of(sections: dict | None):
    """state.md ``playbook.active`` of a parsed state.md, or ``None``."""
    pb = _dict(_dict((sections or {}).get("sections")).get("playbook"))
    value = pb.get("active")
    if isinstance(value, str) and value.strip() and value.strip().lower() not in ("null", "none",
                                                                                 "~"):
        return value.strip()
    return None


# --------------------------------------------------------------------------- the critic ledger


def ledger_verdicts(root: str, plan_rel: str | None) -> dict:
    """``{subtask_id | "playbook": "PASS" | "FAIL"}``: the latest critic
    verdict per id for the playbook ``plan_rel``, from the ledger. Empty when
    there is no ledger. Lines that do not parse are skipped (the file is
    hook-written; a torn last line is possible after a crash)."""
    path = layout.join(root, CRITIC_LEDGER)
    try:
        with open_regular(path) as fh:
            fh.seek(0, os.SEEK_END)
            size = fh.tell()
            fh.seek(max(0, size - LEDGER_MAX))
            data = fh.read()
    except OSError:
        return {}
    out = {}
    for line in data.decode("utf-8", "replace").splitlines():
        if not line.startswith("{"):
            continue
        try:
            rec = fastjson.loads(line)
        except ValueError:
            continue
        if not isinstance(rec, dict) or rec.get("playbook") != plan_rel:
            continue
        sid, verdict = rec.get("subtask"), rec.get("verdict")
        if isinstance(sid, str) and verdict in ("PASS", "FAIL"):
            out[sid] = verdict
    return out


def require_critic_run(ctx) -> bool:
    """A done status needs a critic PASS recorded in the ledger (block, not
    warn). The default: only state.md
    ``config.require_critic_run: false`` — a human-only section — loosens it
    to a warning; anything else, unset or unreadable, requires the run."""
    state = ctx.state
    return state is None or state.get("config", "require_critic_run") is not False


def record_fail_reason(root: str, text: str) -> None:
    """Write ``.claude/session-state/last-fail-reason`` (SPEC §2; read and
    cleared by executor-guard when it delegates the retry)."""
    write_atomic(layout.join(root, layout.LAST_FAIL_REASON),
                 f"{text.strip()}\n(recorded {now_iso()})\n", durable=False)


def fail_reason_effect(ctx, guard: str, text: str):
    """An ``always`` Effect recording ``text`` as the last failure."""
    return Effect(record_fail_reason, ctx.root, f"{guard}: {text}", when="always",
                  label="record last-fail-reason")


# --------------------------------------------------------------------------- stops

#: Subagents without write tools (seed 002 §7 "SubAgent ツール制限", plus
#: Claude Code's built-in read-only agents). Their stop is never blocked:
#: they cannot act on the reason, and a critic or reviewer finishing while the
#: playbook is unfinished is the normal case.
READ_ONLY_AGENTS = frozenset({"critic", "reviewer", "prompt-analyzer", "executor-resolver",
                              "coderabbit-delegate", "explore", "plan", "statusline-setup"})


#: The suite's name when it is installed as a Claude Code plugin (its agents
#: are then ``playgate:<name>``). Other plugins' agents keep their namespace,
#: so a third-party ``x:critic`` is not the suite's critic.
PLUGIN_NAMESPACE = "playgate"


def agent_name(agent_type: str) -> str:
    """The suite agent an ``agent_type`` names: ``critic`` and
    ``playgate:critic`` → ``critic``; other namespaces are kept
    (``other:critic``)."""
    name = agent_type.strip().lower()
    prefix = PLUGIN_NAMESPACE + ":"
    return name.removeprefix(prefix)


def stop_exempt(ctx) -> bool:
    """SubagentStop of a read-only subagent: nothing may block it."""
    return ctx.event == "SubagentStop" and agent_name(ctx.hook.agent_type) in READ_ONLY_AGENTS
