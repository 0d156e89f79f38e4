"""A worker's result file and its validation (seed 000 Phase 2 steps 4b–4d,
``validate_result.sh``), shared by the hooks and ``validate_result.py``.

A result starts with its metadata header, at most :data:`~statefiles.crew.HEADER_LINES`
lines including both ``---`` lines::

    ---
    status: success            # success | partial | failure
    quality: GREEN             # GREEN | YELLOW | RED
    completeness: 100          # 0-100 (a trailing % is accepted)
    errors: []                 # one line each
    output_files: [src/app.py] # files the task wrote (coder, writer)
    ---
    # Result: task 2
    ...

:func:`validate` returns the seed's JSON shape: ``status`` ``pass`` (the
file can be judged; missing fields got the seed's defaults, each named in
``issues``) or ``fail`` (retry: missing file, no usable header, a header the
parent cannot read in 20 lines, an output file that does not exist, an empty
body); ``metadata`` is the header after the defaults — ``status`` missing →
``failure`` (quality unknown: the safe side), ``quality`` → ``YELLOW``,
``completeness`` → ``0`` (seed 000 step 4d). A result without any header is
judged like one whose three fields are all missing: a deviation from the
seed's step 4c fallback (existence only), because a result nobody can judge
is never a success.
"""

from __future__ import annotations

import os

from statefiles.crew import HEADER_LINES
from statefiles.crew.frontmatter import read

STATUSES = ("success", "partial", "failure")
QUALITIES = ("GREEN", "YELLOW", "RED")
PERSONAS = ("researcher", "writer", "coder", "reviewer")
#: The Markdown heading a persona's result must have (an issue when missing).
SECTIONS = {"researcher": "## Sources", "reviewer": "## Findings"}
#: Personas whose result lists the files they wrote, which must exist.
WRITING = ("writer", "coder")


def _completeness(value):
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if 0 <= value <= 100 else None
    if isinstance(value, float) and value.is_integer():
        return _completeness(int(value))
    if isinstance(value, str):
        text = value.strip().rstrip("%").strip()
        if text.isdigit() and text.isascii():
            return _completeness(int(text))
    return None


def _strings(value) -> list:
    if value is None:
        return []
    if isinstance(value, str):
        return [value] if value.strip() else []
    if isinstance(value, list):
        return [str(v) for v in value if v is not None and str(v).strip()]
    return [str(value)]


def metadata(data: dict, issues: list) -> dict:
    """The three required fields of a header mapping ``data`` with the seed's
    defaults, each default or correction appended to ``issues`` (seed 000
    step 4d: ``"quality missing, defaulted to YELLOW"``)."""
    meta = {}
    status = data.get("status")
    if status is None:
        issues.append("status missing, defaulted to failure")
        meta["status"] = "failure"
    elif not isinstance(status, str) or status.strip().lower() not in STATUSES:
        issues.append(f"status {status!r} is not success, partial or failure; read as failure")
        meta["status"] = "failure"
    else:
        meta["status"] = status.strip().lower()
    quality = data.get("quality")
    if quality is None:
        issues.append("quality missing, defaulted to YELLOW")
        meta["quality"] = "YELLOW"
    elif not isinstance(quality, str) or quality.strip().upper() not in QUALITIES:
        issues.append(f"quality {quality!r} is not GREEN, YELLOW or RED; read as YELLOW")
        meta["quality"] = "YELLOW"
    else:
        meta["quality"] = quality.strip().upper()
    raw = data.get("completeness")
    value = _completeness(raw)
    if raw is None:
        issues.append("completeness missing, defaulted to 0")
        meta["completeness"] = 0
    elif value is None:
        issues.append(f"completeness {raw!r} is not a number from 0 to 100; read as 0")
        meta["completeness"] = 0
    else:
        meta["completeness"] = value
    meta["errors"] = _strings(data.get("errors"))
    meta["output_files"] = _strings(data.get("output_files"))
    return meta


def validate(root: str, rel: str, persona: str | None = None) -> dict:
    """Validate the result file ``rel`` (repo-relative, or absolute) of a
    ``persona`` task (``None``: no persona-specific check).

    Returns ``{"status": "pass"|"fail", "path", "persona", "metadata",
    "issues", "errors", "line_count", "header_lines"}``: ``errors`` say why
    it fails, ``issues`` are recorded as the task's ``metadata_issues``.
    Never raises for a missing or odd file."""
    path = rel if os.path.isabs(rel) else os.path.join(root, rel)
    out = {"status": "fail", "path": rel, "persona": persona, "metadata": None, "issues": [],
           "errors": [], "line_count": 0, "header_lines": 0}
    if not os.path.isfile(path):
        out["errors"].append("result file missing")
        return out
    header, text = read(path, max_bytes=2 * 1024 * 1024)
    if header is None:
        out["errors"].append("result file is not readable UTF-8 text")
        return out
    lines = text.split("\n")
    out["line_count"] = len(lines) - (1 if text.endswith("\n") else 0)
    issues, errors = out["issues"], out["errors"]
    if not header.present:
        issues.append("metadata header missing")
        data = {}
    elif header.error:
        errors.append(f"metadata header unreadable: {header.error}")
        data = {}
    else:
        data = header.data
        out["header_lines"] = header.end
        if header.end > HEADER_LINES:
            errors.append(f"metadata header ends on line {header.end}; it must fit in the "
                          f"first {HEADER_LINES} lines")
    meta = metadata(data, issues)
    out["metadata"] = meta
    body = "\n".join(lines[header.end:] if header.closed else lines).strip()
    if not body:
        errors.append("no content after the metadata header")
    if persona in SECTIONS and SECTIONS[persona] not in text:
        issues.append(f"{SECTIONS[persona][3:]} section missing")
    if persona in WRITING:
        if not meta["output_files"]:
            issues.append("output_files missing")
        for name in meta["output_files"]:
            target = name if os.path.isabs(name) else os.path.join(root, name)
            if not os.path.exists(target):
                errors.append(f"output file {name} does not exist")
    if not errors:
        out["status"] = "pass"
    return out


def task_status(report: dict) -> str:
    """The execution-log status a validation ``report`` gives its task:
    ``failure`` when it failed, else the header's status (after defaults)."""
    if report.get("status") != "pass" or not report.get("metadata"):
        return "failure"
    return report["metadata"]["status"]


def one_line(report: dict) -> str:
    """A one-line summary of a failed validation (for the log's ``error``)."""
    errors = report.get("errors") or []
    if errors:
        return errors[0] if len(errors) == 1 else f"{errors[0]} (+{len(errors) - 1} more)"
    meta = report.get("metadata") or {}
    if meta.get("status") in ("partial", "failure"):
        first = (meta.get("errors") or [""])[0]
        return f"result status {meta['status']}" + (f": {first}" if first else "")
    return ""
