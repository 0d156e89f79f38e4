"""The done contract (seed 002 §12; SPEC §3 subtask-guard, phase-status-guard,
critic-guard, completion-check) as pure functions of parsed dicts, so the
PreToolUse guards and the Stop check judge with the same rules, and the
wording of what they find."""

from __future__ import annotations

from statefiles.playbook import (
    critic_field_problems,
    evidence_problems,
    phase_status,
    subtask_status,
    validation_entry,
)
from workflow.reward.parsing import as_dict

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
        for sid, entry in as_dict((progress or {}).get("subtasks")).items():
            out[sid] = {"status": entry} if isinstance(entry, str) else as_dict(entry)
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
    return [pid for pid, e in as_dict((progress or {}).get("phases")).items()
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
