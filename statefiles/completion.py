"""When is a playbook finished? (SPEC §3 PostToolUse archive-playbook; seed 002 §11.7).

A playbook is complete — and only then archived — when its progress.json shows

* every phase of plan.json ``done`` (and the plan has at least one phase with
  at least one subtask: an empty plan is not "complete");
* every subtask of plan.json ``done`` *with the evidence subtask-guard
  requires* (three validations PASS with evidence, ``validated_at``,
  ``validated_by == "critic"``) — archiving un-evidenced work would launder
  a done status that slipped past the PreToolUse guards;
* ``critic.status == "PASS"`` (the playbook-level verdict);
* every final task ``done`` or ``skipped``: each entry of plan.json
  ``final_tasks`` (keyed by its ``id``, else ``name``, else the string
  itself) and every entry progress.json lists;
* when the caller passes the critic ledger's verdicts (required by default): a recorded critic PASS as the latest verdict of every
  subtask and of ``playbook`` — fields Claude typed without a critic run do
  not archive.

Pure functions over :class:`statefiles.playbook.Playbook`; nothing heavier
than the playbook reader is imported (this runs after every edit).
"""

from __future__ import annotations

from statefiles.playbook import evidence_problems, subtask_status

FINAL_OK = ("done", "skipped")


def _final_key(task) -> str | None:
    if isinstance(task, str):
        return task.strip() or None
    if isinstance(task, dict):
        for field in ("id", "name"):
            value = task.get(field)
            if isinstance(value, str) and value.strip():
                return value.strip()
    return None


def final_task_statuses(progress: dict) -> dict:
    """``{key: status}`` from progress.json ``final_tasks`` in either form: an
    object ``{key: "done" | {"status": "done"}}`` or a list of
    ``{"id"|"name": key, "status": ...}``."""
    raw = progress.get("final_tasks")
    out = {}
    if isinstance(raw, dict):
        for key, value in raw.items():
            out[str(key)] = subtask_status(value)
    elif isinstance(raw, list):
        for item in raw:
            key = _final_key(item)
            if key is not None:
                out[key] = subtask_status(item) if isinstance(item, dict) else ""
    return out


def missing(pb, first_only: bool = False, ledger: dict | None = None, texts: bool = False) -> list:
    """What keeps the playbook ``pb`` from being complete, as short phrases
    (``["subtask p1.2 is in_progress", ...]``); empty when it is complete.

    ``first_only`` stops at the first problem (the PostToolUse fast path: most
    edits happen while work is still open). ``ledger`` (``{id: "PASS"|"FAIL"}``
    from the critic ledger, ``workflow.reward.ledger.ledger_verdicts``) adds the
    requirement of a recorded critic PASS for every subtask and the playbook;
    ``None`` leaves it out. ``texts`` makes each problem a
    :class:`messages.Text` (the same English, translatable) for
    a message; the default keeps the edit path free of the
    catalogue."""
    problems: list = []

    def note(text: str, key: str = "", **fields) -> bool:
        """Add problem ``text`` (catalogue ``key`` with ``fields`` when ``texts``);
        returns True when the caller should stop (``first_only``)."""
        if texts and key:
            from messages import Text  # lazy: only for a message

            text = Text(key, english=text, **fields)
        problems.append(text)
        return first_only

    if pb is None or pb.errors:
        note("the playbook cannot be read", "completion.unreadable")
        return problems
    phases = pb.phases
    subtasks = pb.all_subtasks()
    if not phases or not subtasks:
        note("the plan has no phases or no subtasks", "completion.empty")
        return problems
    # Statuses first: they are what is usually still open (cheap, early exit).
    for _phase_id, sub in subtasks:
        status = subtask_status(pb.subtask_progress(sub["id"]))
        if status != "done" and note(f"subtask {sub['id']} is {status or 'pending'}",
                                   "completion.subtask_open", subtask=sub["id"],
                                   status=status or "pending"):
            return problems
    for phase in phases:
        status = pb.phase_progress_status(phase["id"])
        if status != "done" and note(f"phase {phase['id']} is {status or 'pending'}",
                                   "completion.phase_open", phase=phase["id"],
                                   status=status or "pending"):
            return problems
    critic = pb.progress.get("critic")
    critic_status = ""
    if isinstance(critic, dict):
        value = critic.get("status")
        critic_status = value.strip().upper() if isinstance(value, str) else ""
    elif isinstance(critic, str):
        critic_status = critic.strip().upper()
    if critic_status != "PASS" and note(
            f"critic.status is {critic_status or 'missing'}, not PASS", "completion.critic_status",
            status=critic_status or "missing"):
        return problems
    statuses = final_task_statuses(pb.progress)
    plan_finals = pb.plan.get("final_tasks")
    for task in plan_finals if isinstance(plan_finals, list) else []:
        key = _final_key(task)
        if key is None:
            continue
        status = statuses.get(key, "")
        if status not in FINAL_OK and note(f"final task {key} is {status or 'pending'}",
                                                 "completion.final_open", task=key,
                                                 status=status or "pending"):
            return problems
    for key, status in statuses.items():
        if status not in FINAL_OK and note(f"final task {key} is {status or 'pending'}",
                                                 "completion.final_open", task=key,
                                                 status=status or "pending"):
            return problems
    for _, sub in subtasks:
        gaps = evidence_problems(pb.subtask_progress(sub["id"]))
        if gaps and note(f"subtask {sub['id']} is done without its evidence ({gaps[0]})",
                         "completion.no_evidence", subtask=sub["id"], gap=gaps[0]):
            return problems
    if ledger is not None:
        for ident in [sub["id"] for _, sub in subtasks] + ["playbook"]:
            if ledger.get(ident) != "PASS" and note(
                    f"no critic run recorded a PASS for {ident} "
                    "(.claude/logs/critic-ledger.jsonl)", "completion.no_critic_run", ident=ident):
                return problems
    return problems


def is_complete(pb) -> bool:
    """True when :func:`missing` finds nothing."""
    return not missing(pb, first_only=True)


def statuses_all_done(pb) -> bool:
    """Every plan subtask is marked done in progress.json (evidence aside).
    Used to explain why an apparently finished playbook is not archived."""
    subs = pb.all_subtasks() if pb is not None and not pb.errors else []
    return bool(subs) and all(subtask_status(pb.subtask_progress(s["id"])) == "done"
                              for _, s in subs)
