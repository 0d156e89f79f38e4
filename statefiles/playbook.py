"""Playbooks (``play/<id>/plan.json`` + ``progress.json``): fast read-only views.

SPEC §2 "Playbooks". The formal definition of both files is the pydantic
models in :mod:`statefiles.models` and the JSON Schemas generated from them
(``statefiles/schemas/``); those are used off the hot path (``validate``,
doctor, tests). Guards run on every tool call and cannot afford importing
pydantic (about 70 ms), so this module reads the same files with plain
``json`` and *defensive* accessors: every accessor returns a well-typed value
(missing or mistyped parts read as empty), and every problem that matters for
a decision is reported in ``Playbook.errors`` so a guard can fail closed with
a message that names the file and the fix.

Earlier string forms are accepted everywhere the SPEC says so: a validation
``"PASS"`` reads as ``{"status": "PASS", "evidence": []}``, evidence given as
one string reads as a one-element list, a phase status given as a string reads
as ``{"status": ...}``.
"""

from __future__ import annotations

import os

from statefiles import fastjson, layout
from statefiles.atomic import read_bytes

#: Playbook format versions this suite reads. A missing version is read as the
#: current one.
FORMAT_VERSIONS = (1, 2)
CURRENT_FORMAT_VERSION = 2
#: plan.json/progress.json larger than this are refused (hostile or broken).
MAX_BYTES = 4 * 1024 * 1024
VALIDATION_KINDS = ("technical", "consistency", "completeness")
SUBTASK_STATUSES = ("pending", "in_progress", "done", "blocked")
CHECK_STATUSES = ("PENDING", "PASS", "FAIL")
DEFAULT_MAX_ITERATIONS = 5


#: Spellings of the known format versions (the models accept the same).
_VERSION_SPELLINGS = frozenset({1, 2, "1", "2", "1.0", "2.0"})


def format_version_ok(version) -> bool:
    """``format_version`` is one this suite reads: 1 or 2 as a number or a
    string (``"2"``, ``"2.0"``); booleans are not versions."""
    if isinstance(version, bool) or not isinstance(version, (int, float, str)):
        return False
    return version in _VERSION_SPELLINGS


def load_json_file(path: str, label: str) -> tuple:
    """``(value, error)`` for a JSON file: ``value`` is the parsed object (or
    ``None``), ``error`` a one-line message naming ``label`` and the fix."""
    try:
        data = read_bytes(path, MAX_BYTES + 1)
    except FileNotFoundError:
        return None, _text("playbook.file_missing", label=label)
    except IsADirectoryError:
        return None, _text("playbook.file_is_dir", label=label)
    except OSError as exc:
        from statefiles.detail import os_error  # lazy: an unreadable playbook only

        return None, _text("playbook.file_unreadable", label=label,
                           error=os_error(exc, fallback=exc.strerror))
    if len(data) > MAX_BYTES:
        return None, _text("playbook.file_too_large", label=label, limit=MAX_BYTES)
    return parse_json_text(data, label)


def parse_json_text(data, label: str) -> tuple:
    """Like :func:`load_json_file` for content already in memory (``str`` or
    ``bytes``), e.g. a file as it will be after an edit."""
    try:
        if isinstance(data, bytes):
            data = data.decode("utf-8")
        value = fastjson.loads(data)
    except UnicodeDecodeError:
        return None, _text("playbook.not_utf8", label=label)
    except RecursionError:
        return None, _text("playbook.too_deep", label=label)
    except ValueError as exc:
        if data.startswith("\ufeff"):
            # json's "Expecting value: char 0" hides the real cause and its fix
            return None, _text("playbook.bom", label=label)
        from statefiles.detail import json_problem  # lazy: a broken playbook only

        first = str(exc).splitlines()[0]
        return None, _text("playbook.not_json", label=label, detail=json_problem(first))
    if not isinstance(value, dict):
        return None, _text("playbook.not_object", label=label, type=type(value).__name__)
    version = value.get("format_version", CURRENT_FORMAT_VERSION)
    if not format_version_ok(version):
        return None, _text("playbook.unknown_version", label=label, version=repr(version),
                           known=", ".join(map(str, FORMAT_VERSIONS)))
    return value, None


def _text(key: str, /, **fields):
    """A read problem as :class:`messages.Text` (the English as before,
    translatable). Lazy: only a broken playbook makes one."""
    from messages import Text  # lazy: only a broken playbook makes one

    return Text(key, **fields)


def _dict(value) -> dict:
    return value if isinstance(value, dict) else {}


def _list(value) -> list:
    return value if isinstance(value, list) else []


def _str(value) -> str:
    return value if isinstance(value, str) else ""


def validation_entry(value) -> tuple:
    """``(status, evidence)`` of one validation, from either the object form
    ``{"status": "PASS", "evidence": [...]}`` or the earlier string form
    ``"PASS"``. ``status`` is upper-case; ``evidence`` keeps only non-blank
    strings."""
    if isinstance(value, str):
        return value.strip().upper(), []
    if not isinstance(value, dict):
        return "", []
    # An object without a status is PENDING (the model's default).
    status = _str(value.get("status", "PENDING")).strip().upper()
    evidence = value.get("evidence")
    if isinstance(evidence, str):
        evidence = [evidence]
    items = [e for e in _list(evidence) if isinstance(e, str) and e.strip()]
    return status, items


def subtask_status(entry) -> str:
    """Lower-case status of a progress subtask entry (object or string form)."""
    if isinstance(entry, str):
        return entry.strip().lower()
    if not isinstance(entry, dict):
        return ""
    # An object without a status is pending (the model's default).
    return _str(entry.get("status", "pending")).strip().lower()


def phase_status(entry) -> str:
    """Lower-case status of a progress phase entry (object or string form)."""
    return subtask_status(entry)


def new_progress(phases: dict, subtasks, active: tuple) -> dict:
    """A new playbook's ``progress.json`` (format 2) as pm writes it (SPEC §2
    "Playbooks"): ``phases`` ``{phase id: status}``, every subtask id in
    ``subtasks`` pending with its three validations PENDING and no evidence,
    ``active`` the ``(phase id, subtask id)`` being worked on, no final tasks,
    the critic PENDING. A fresh dict on every call."""
    def pending() -> dict:
        return {"status": "pending", "validated_at": None, "validated_by": None,
                "validations": {k: {"status": "PENDING", "evidence": []}
                                for k in VALIDATION_KINDS},
                "notes": ""}

    return {"format_version": CURRENT_FORMAT_VERSION,
            "active": {"phase": active[0], "subtask": active[1]},
            "phases": {ident: {"status": status, "updated_at": None}
                       for ident, status in phases.items()},
            "subtasks": {ident: pending() for ident in subtasks}, "final_tasks": {},
            "critic": {"status": "PENDING", "evidence": [], "notes": ""}}


#: Characters of a criterion or a check shown in a reminder.
BRIEF_LIMIT = 400


def brief(text, limit: int = BRIEF_LIMIT) -> str:
    """``text`` on one line (whitespace runs as one space), at most
    ``limit`` characters: a longer one is cut at the last word boundary
    before the limit and ends with ``…`` (never in the middle of a word,
    which once turned ``validation`` into ``valid``) unless the boundary
    would keep less than half of ``limit`` (only a word longer than half the
    limit is cut inside). Not a string: ``""``."""
    if not isinstance(text, str):
        return ""
    flat = " ".join(text.split())
    if len(flat) <= limit:
        return flat
    cut = flat[:limit].rstrip()
    space = cut.rfind(" ")
    # ``>=``: a boundary at exactly half the limit is kept (with ``>`` a
    # word of exactly half the limit was cut in the middle)
    if space >= limit // 2:
        cut = cut[:space]
    return cut.rstrip(" ,;:.-") + "…"


def checks_text(subtask) -> str:
    """A plan subtask's ``validation_plan`` as one line, the checks the
    critic will judge against: ``technical: pytest -q → all tests pass;
    consistency: ...; completeness: ...`` (each :func:`brief`); ``""`` when
    there is none."""
    plan = _dict(_dict(subtask).get("validation_plan"))
    parts = []
    for kind in VALIDATION_KINDS:
        value = plan.get(kind)
        if isinstance(value, dict):
            command = brief(_str(value.get("command")), 160)
            expected = brief(_str(value.get("expected")), 160)
            what = " → ".join(p for p in (command, expected) if p) or brief(
                _str(value.get("type")), 40)
        else:
            what = brief(_str(value), 200)
        if what:
            parts.append(f"{kind}: {what}")
    return "; ".join(parts)


def evidence_problems(entry) -> list:
    """What a progress subtask entry lacks to count as done (SPEC §3
    subtask-guard): all three validations PASS with non-empty evidence,
    ``validated_at`` set, ``validated_by == "critic"``. Empty list: nothing
    missing."""
    entry = _dict(entry)
    problems = []
    validations = _dict(entry.get("validations"))
    for kind in VALIDATION_KINDS:
        status, evidence = validation_entry(validations.get(kind))
        if status != "PASS":
            problems.append(_text("reward.gap_status", kind=kind, status=status or "missing"))
        elif not evidence:
            problems.append(_text("reward.gap_evidence", kind=kind))
    problems.extend(critic_field_problems(entry))
    return problems


def critic_field_problems(entry) -> list:
    """The critic part of the done contract (SPEC §3 critic-guard, seed 002
    §11.5 step 2c): ``validated_at`` set and ``validated_by == "critic"``;
    ``[]`` when both hold, else :class:`messages.Text` problems."""
    entry = _dict(entry)
    problems = []
    if not _str(entry.get("validated_at")).strip():
        problems.append(_text("reward.gap_validated_at"))
    if _str(entry.get("validated_by")).strip() != "critic":
        problems.append(_text("reward.gap_validated_by", got=repr(entry.get("validated_by"))))
    return problems


class Playbook:
    """The active playbook: plan.json and progress.json side by side.

    Attributes:
        plan_rel / progress_rel: repo-relative paths.
        plan / progress: parsed objects (``{}`` when unreadable).
        errors: one-line problems (unreadable, wrong version, outside the repo).
    """

    __slots__ = ("root", "plan_rel", "progress_rel", "dir_rel", "plan", "progress",
                 "plan_error", "progress_error")

    def __init__(self, root: str, plan_rel: str) -> None:
        self.root = root
        self.plan_rel = plan_rel
        self.dir_rel = plan_rel.rsplit("/", 1)[0] if "/" in plan_rel else "."
        self.progress_rel = (self.dir_rel + "/progress.json" if self.dir_rel != "."
                             else "progress.json")
        plan, self.plan_error = load_json_file(layout.join(root, plan_rel), plan_rel)
        progress, self.progress_error = load_json_file(layout.join(root, self.progress_rel),
                                                       self.progress_rel)
        self.plan = plan or {}
        self.progress = progress or {}

    @property
    def errors(self) -> list:
        """The plan.json and progress.json read errors, in that order (empty when both were
        read)."""
        return [e for e in (self.plan_error, self.progress_error) if e]

    @property
    def id(self) -> str:
        """The playbook id: ``meta.id``, else the name of its directory."""
        pid = _str(self.meta.get("id"))
        return pid or self.dir_rel.rsplit("/", 1)[-1]

    # ---- plan
    @property
    def meta(self) -> dict:
        """``meta`` of plan.json (``{}`` when not an object)."""
        return _dict(self.plan.get("meta"))

    @property
    def reviewed(self) -> bool:
        """``meta.reviewed`` is exactly ``true`` (SPEC §3 playbook-guard)."""
        return self.meta.get("reviewed") is True

    @property
    def reviewed_by(self) -> str:
        """``meta.reviewed_by`` stripped (``""`` when absent)."""
        return _str(self.meta.get("reviewed_by")).strip()

    @property
    def has_context(self) -> bool:
        """``context`` is present (the understanding check ran)."""
        ctx = self.plan.get("context")
        return bool(ctx) and isinstance(ctx, (dict, str, list))

    @property
    def branch(self) -> str:
        """``meta.branch`` stripped (``""`` when absent)."""
        return _str(self.meta.get("branch")).strip()

    @property
    def roles(self) -> dict:
        """``meta.roles`` with its string values only (SPEC §3 executor-guard)."""
        return {k: v for k, v in _dict(self.meta.get("roles")).items() if isinstance(v, str)}

    @property
    def goal(self) -> dict:
        """``goal`` of plan.json (``{}`` when not an object)."""
        return _dict(self.plan.get("goal"))

    @property
    def max_iterations(self) -> int:
        """``max_iterations``: a positive integer from plan.json, else
        :data:`DEFAULT_MAX_ITERATIONS` (seed 002 §10)."""
        value = self.plan.get("max_iterations")
        if isinstance(value, int) and not isinstance(value, bool) and value > 0:
            return value
        return DEFAULT_MAX_ITERATIONS

    @property
    def phases(self) -> list:
        """Plan phases that are objects with a string ``id``."""
        return [p for p in _list(self.plan.get("phases"))
                if isinstance(p, dict) and isinstance(p.get("id"), str)]

    def phase(self, phase_id: str) -> dict | None:
        """The plan phase with id ``phase_id`` (an object with a string id), or ``None``."""
        for p in self.phases:
            if p["id"] == phase_id:
                return p
        return None

    @staticmethod
    def subtasks_of(phase: dict) -> list:
        """The subtasks of plan ``phase`` that are objects with a string ``id``."""
        return [s for s in _list(phase.get("subtasks"))
                if isinstance(s, dict) and isinstance(s.get("id"), str)]

    def subtask(self, subtask_id: str) -> tuple:
        """``(phase, subtask)`` from the plan, or ``(None, None)``."""
        for p in self.phases:
            for s in self.subtasks_of(p):
                if s["id"] == subtask_id:
                    return p, s
        return None, None

    def all_subtasks(self) -> list:
        """``[(phase_id, subtask), ...]`` in plan order."""
        return [(p["id"], s) for p in self.phases for s in self.subtasks_of(p)]

    # ---- progress
    @property
    def active(self) -> dict:
        """``active`` of progress.json (``{}`` when not an object)."""
        return _dict(self.progress.get("active"))

    def phase_progress_status(self, phase_id: str) -> str:
        """Lower-case status of phase ``phase_id`` in progress.json (``""`` when absent)."""
        return phase_status(_dict(self.progress.get("phases")).get(phase_id))

    def subtask_progress(self, subtask_id: str) -> dict:
        """The progress entry of subtask ``subtask_id`` as an object (a bare status string
        becomes ``{"status": ...}``; ``{}`` when absent)."""
        entry = _dict(self.progress.get("subtasks")).get(subtask_id)
        if isinstance(entry, str):
            return {"status": entry}
        return _dict(entry)

    def current_phase_id(self, state_phase: str | None = None) -> str | None:
        """The phase being worked on: progress ``active.phase``, else state.md's
        ``playbook.current_phase`` (passed in), else the first phase not done."""
        phase = _str(self.active.get("phase")).strip()
        if phase and self.phase(phase):
            return phase
        if state_phase and self.phase(state_phase):
            return state_phase
        for p in self.phases:
            if self.phase_progress_status(p["id"]) != "done":
                return p["id"]
        return None

    def active_subtask_id(self) -> str | None:
        """progress ``active.subtask``, else the first in_progress subtask, else
        the first subtask of ``active.phase``."""
        sub = _str(self.active.get("subtask")).strip()
        if sub and self.subtask(sub)[1] is not None:
            return sub
        for _, s in self.all_subtasks():
            if subtask_status(self.subtask_progress(s["id"])) == "in_progress":
                return s["id"]
        phase = self.phase(_str(self.active.get("phase")).strip())
        if phase:
            subs = self.subtasks_of(phase)
            if subs:
                return subs[0]["id"]
        return None

    def counts(self) -> tuple:
        """``(done, total)`` subtasks."""
        subs = self.all_subtasks()
        done = sum(1 for _, s in subs if subtask_status(self.subtask_progress(s["id"])) == "done")
        return done, len(subs)


def resolve_active(root: str, active: str | None) -> tuple:
    """Resolve state.md's ``playbook.active`` to a repo-relative plan.json path.

    Returns ``(plan_rel, error)``: ``plan_rel`` is ``None`` with an ``error``
    when the path leaves the project (absolute elsewhere, ``..``, a symlink
    out) or does not name a working playbook ``play/<id>/plan.json`` (a
    directory ``play/<id>`` is read as its plan.json; the template and
    archived copies are not working playbooks). ``(None, None)`` when
    ``active`` is empty.
    """
    if not active:
        return None, None
    value = active.strip()
    try:
        abs_path = os.path.realpath(value if os.path.isabs(value) else layout.join(root, value))
    except (ValueError, OSError):
        abs_path = ""
    rel = layout.relative_to(abs_path, root) if abs_path else None
    if rel is None or rel == ".":
        return None, _text("playbook.active_outside", value=repr(value))
    if os.path.isdir(abs_path) and not rel.endswith("/plan.json"):
        # ``play/<id>`` names its plan.json; a *plan.json* that is a
        # directory is reported as such by the loader, not as a bad path.
        rel = rel + "/plan.json"
    parts = rel.split("/")
    if (len(parts) != 3 or parts[0] != layout.PLAY_DIR or parts[2] != "plan.json"
            or parts[1] in ("archive", "template")):
        return None, _text("playbook.active_not_working", value=repr(value))
    return rel, None


def load_active(root: str, active: str | None) -> tuple:
    """``(Playbook | None, error | None)`` for state.md's ``playbook.active``."""
    rel, error = resolve_active(root, active)
    if rel is None:
        return None, error
    return Playbook(root, rel), None
