"""Reading a playbook's plan.json and progress.json for the reward guards:
parse, check the shape, and name what is wrong (seed 002 §12)."""

from __future__ import annotations

import os

from statefiles.playbook import (
    MAX_BYTES,
    load_json_file,
    parse_json_text,
)
from workflow.reward.targets import rel_or_abs


def as_dict(value) -> dict:
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
    for sid, entry in as_dict(progress.get("subtasks")).items():
        if not isinstance(entry, (dict, str)):
            return _text("reward.shape_subtask", label=label, subtask=sid)
    for pid, entry in as_dict(progress.get("phases")).items():
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
    label = rel_or_abs(path, root)
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
