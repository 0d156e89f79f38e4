"""``playgate status``: where the workflow stands (SPEC §2 state files).

Reads state.md, the active playbook (``statefiles.playbook``, the same fast
views the guards use) and the session markers of SPEC §2 "Session markers";
writes nothing. Shows the active playbook, its phases, a subtask progress
bar, the active subtask with its validations, the playbook critic, the
branch and security mode, and every marker that holds work back, each with
what clears it.
"""

from __future__ import annotations

import os

from playgate import messages
from playgate.errors import EXIT_OK
from playgate.messages import Note
from statefiles import fastjson, gitinfo, layout, playbook, protected, state_md
from statefiles.playbook import subtask_status, validation_entry

NEEDS_PROJECT = True
BAR_WIDTH = 20

#: Session markers (SPEC §2) → message key saying what it means and what clears it.
MARKERS = (
    (layout.PENDING, "status.marker.pending"),
    (layout.CONSENT, "status.marker.consent"),
    (layout.POST_LOOP_PENDING, "status.marker.post_loop"),
    (layout.LAST_FAIL_REASON, "status.marker.last_fail"),
    (layout.ITERATION_COUNT, "status.marker.iterations"),
    (layout.ARCHIVE_CHECKPOINT, "status.marker.archive"),
    (layout.PROMPT_ANALYZER_CALLED, "status.marker.analyzed"),
)

def add_arguments(parser) -> None:
    """No options besides the common ``-C`` and ``--json``."""


def bar(done: int, total: int, width: int = BAR_WIDTH) -> str:
    """``[########------------]`` for ``done`` of ``total`` (empty bar for 0 of 0)."""
    filled = round(width * done / total) if total else 0
    return "[" + "#" * filled + "-" * (width - filled) + "]"


def _marker_detail(root: str, rel: str) -> str:
    path = layout.join(root, rel)
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            text = fh.read(4000).strip()
    except OSError:
        return ""
    if rel.endswith("post-loop-pending") or rel.endswith(".json"):
        try:
            value = fastjson.loads(text)
            if isinstance(value, dict):
                keys = ("playbook", "status", "branch", "step", "message")
                return ", ".join(f"{k}={value[k]}" for k in keys if value.get(k))
        except ValueError:
            pass
    return " ".join(text.split())[:200]


def collect(project) -> dict:
    """The status document (see the module docstring); never raises for
    broken state files (their problems are listed)."""
    root = project.root
    notes = []
    state = project.state
    data = {"command": "status", "project": root, "install": project.kind, "suite": project.suite,
            "branch": gitinfo.current_branch(root), "security": None, "playbook": None,
            "markers": [], "problems": []}
    if state is None:
        notes.append(Note("warn", "status.no_state", path=state_md.layout.STATE_MD,
                          fix=_state_fix(project)))
    else:
        data["security"] = state.security
        notes += [Note("error", "status.state_problem", problem=e) for e in state.errors]
    active = state.active_playbook if state is not None else None
    if active:
        pb, error = playbook.load_active(root, active)
        if pb is None:
            notes.append(Note("error", "status.state_problem", problem=error))
        else:
            data["playbook"] = _playbook(pb, state)
            notes += [Note("error", "status.playbook_problem", problem=e) for e in pb.errors]
    for rel, key in MARKERS:
        if os.path.exists(layout.join(root, rel)):
            data["markers"].append({"path": rel, "code": key,
                                    "meaning": messages.text(key, messages.language(project)),
                                    "detail": _marker_detail(root, rel)})
    try:
        with open(os.path.join(root, ".claude", "protected-files.txt"), encoding="utf-8") as fh:
            plist = protected.parse(fh.read())
        notes += [Note("warn", "status.protected_problem", problem=p) for p in plist.problems]
    except OSError:
        pass
    data["problems"] = [n.to_json(messages.language(project)) for n in notes]
    return data


def _playbook(pb, state) -> dict:
    state_phase = state.get("playbook", "current_phase") if state is not None else None
    current = pb.current_phase_id(state_phase if isinstance(state_phase, str) else None)
    phases = []
    for phase in pb.phases:
        subs = pb.subtasks_of(phase)
        done = sum(1 for s in subs if subtask_status(pb.subtask_progress(s["id"])) == "done")
        phases.append({"id": phase["id"], "name": phase.get("name") or "",
                       "status": pb.phase_progress_status(phase["id"]) or "pending", "done": done,
                       "total": len(subs), "current": phase["id"] == current})
    done, total = pb.counts()
    active_id = pb.active_subtask_id()
    active = None
    if active_id:
        phase, sub = pb.subtask(active_id)
        progress = pb.subtask_progress(active_id)
        validations = {}
        raw = progress.get("validations") if isinstance(progress.get("validations"), dict) else {}
        for kind in ("technical", "consistency", "completeness"):
            status, evidence = validation_entry(raw.get(kind))
            validations[kind] = {"status": status, "evidence": len(evidence)}
        active = {"id": active_id, "phase": phase["id"] if phase else None,
                  "criterion": (sub or {}).get("criterion") or "",
                  "executor": (sub or {}).get("executor") or "",
                  "status": subtask_status(progress),
                  "validated_by": progress.get("validated_by"), "validations": validations}
    critic = pb.progress.get("critic") if isinstance(pb.progress.get("critic"), dict) else {}
    return {"plan": pb.plan_rel, "progress": pb.progress_rel, "id": pb.id,
            "branch": pb.branch or None, "reviewed": pb.reviewed,
            "reviewed_by": pb.reviewed_by or None, "status": pb.meta.get("status"),
            "current_phase": current, "phases": phases,
            "subtasks": {"done": done, "total": total}, "active": active,
            "critic": {"status": critic.get("status") or "PENDING",
                       "evidence": len(critic.get("evidence") or [])}}


def run(args, project) -> tuple:
    """The status document (:func:`collect`); writes nothing. Returns ``(exit_code, data)``,
    ``data`` the ``--json`` document; always exit 0 (:mod:`playgate.errors`)."""
    return EXIT_OK, collect(project)


def render(data: dict, lang: str) -> str:
    """``data`` of :func:`run` as text for people, in ``lang`` (``"en"``/``"ja"``): project and
    branch, the active playbook with its phases, progress bar, active subtask and critic,
    and the markers that hold work back."""
    t = messages.text
    kind = data["install"]
    lines = [t("status.project", lang, project=data["project"],
               install=t(f"status.kind.{kind}", lang)
               if kind in ("installed", "package", "plugin", "source") else kind),
             t("status.branch", lang, branch=data["branch"] or "-",
               security=data["security"] or "-")]
    pb = data["playbook"]
    if pb is None:
        lines.append(t("status.no_playbook", lang))
    else:
        review = (t("status.reviewed", lang, by=pb["reviewed_by"] or "?") if pb["reviewed"]
                  else t("status.not_reviewed", lang))
        lines.append(t("status.playbook", lang, plan=pb["plan"], id=pb["id"],
                       branch=pb["branch"] or "-", review=review))
        done, total = pb["subtasks"]["done"], pb["subtasks"]["total"]
        lines.append(t("status.progress", lang, bar=bar(done, total), done=done, total=total))
        for phase in pb["phases"]:
            mark = ">" if phase["current"] else " "
            lines.append(f"  {mark} {phase['id']:<8} {phase['status']:<12} "
                         f"{phase['done']}/{phase['total']}  {phase['name']}".rstrip())
        active = pb["active"]
        if active:
            lines.append(t("status.active", lang, id=active["id"], status=active["status"],
                           criterion=active["criterion"] or "-",
                           executor=active["executor"] or "claudecode"))
            lines.append("    " + "  ".join(
                f"{kind}: {v['status']} ({v['evidence']})"
                for kind, v in active["validations"].items()))
        lines.append(t("status.critic", lang, status=pb["critic"]["status"],
                       evidence=pb["critic"]["evidence"]))
    if data["markers"]:
        lines.append(t("status.markers", lang))
        for marker in data["markers"]:
            detail = f" ({marker['detail']})" if marker["detail"] else ""
            lines.append(f"  {marker['path']}{detail}\n      {marker['meaning']}")
    else:
        lines.append(t("status.no_markers", lang))
    for problem in data["problems"]:
        lines.append(f"{problem['level'].upper()}: {problem['message']}")
    return "\n".join(lines) + "\n"


def _state_fix(project) -> str:
    """What creates a missing state.md for this project's route: the
    install's entry point (install.py or ``playgate install``), else
    ``playgate init`` (the plugin)."""
    from playgate.installer import routes  # lazy: only when state.md is missing

    if os.path.isfile(os.path.join(project.root, ".claude", "playgate", "__main__.py")):
        return routes.clone_repair(project.root)
    return f"{routes.console_command()} init -C {project.root}"
