"""The playbook file formats as pydantic models, and their JSON Schemas.

SPEC §2 "Playbooks". These models are the formal definition of
``play/<id>/plan.json`` and ``progress.json``. The JSON Schemas shipped in
``statefiles/schemas/`` are generated from them (``python -m
statefiles.models --write``) and a test checks that the shipped files match.

Off the hot path: importing pydantic costs about 70 ms, so guards read the
same files through :mod:`statefiles.playbook`; these models serve
``validate``/doctor, the templates' self-check and the tests (which check that
both readings agree).

Earlier string forms are accepted where the SPEC says so: a ``done_when`` item
or a ``validation_plan`` entry may be a plain string; a progress validation
may be ``"PASS"``; evidence may be one string; a phase status may be a string.
Unknown keys are kept (``extra="allow"``) so newer files still load.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Annotated, Literal, Optional, Union

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    ValidationError,
    WithJsonSchema,
    field_validator,
)

SCHEMA_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "schemas")

FormatVersion = Literal[1, 2, "1", "2", "1.0", "2.0"]


def _not_bool(value):
    """``format_version: true`` is not version 1 (pydantic's Literal[1] would
    accept it because ``True == 1``)."""
    if isinstance(value, bool):
        raise ValueError("format_version must be 1 or 2 (a number or a string), not a boolean")
    return value


class _Model(BaseModel):
    model_config = ConfigDict(extra="allow")


# ---------------------------------------------------------------------- plan.json


class ValidationSpec(_Model):
    """How one validation of a subtask is checked."""

    type: Literal["automated", "manual", "hybrid"]
    command: Optional[str] = None
    expected: Optional[str] = None


class ValidationPlan(_Model):
    technical: Optional[Union[str, ValidationSpec]] = None
    consistency: Optional[Union[str, ValidationSpec]] = None
    completeness: Optional[Union[str, ValidationSpec]] = None


class Subtask(_Model):
    id: str = Field(min_length=1)
    criterion: str
    executor: Optional[str] = None
    coding: Optional[StrictBool] = None
    validation_plan: Optional[ValidationPlan] = None


class Phase(_Model):
    id: str = Field(min_length=1)
    name: str = ""
    description: str = ""
    depends_on: list[str] = Field(default_factory=list)
    subtasks: list[Subtask] = Field(default_factory=list)


class DoneWhen(_Model):
    criterion: str
    command: Optional[str] = None
    expected: Optional[str] = None


class Scope(_Model):
    includes: list[str] = Field(default_factory=list)
    excludes: list[str] = Field(default_factory=list)


class Goal(_Model):
    summary: str = ""
    done_when: list[Union[str, DoneWhen]] = Field(default_factory=list)
    scope: Optional[Scope] = None


class Meta(_Model):
    id: str = Field(min_length=1)
    branch: Optional[str] = None
    created: Optional[str] = None
    status: Literal["draft", "active", "completed", "archived"] = "draft"
    review_profile: Optional[str] = None
    # Strict: "true" or 1 is not a review (the guards read `reviewed is True`).
    reviewed: StrictBool = False
    reviewed_by: Optional[str] = None
    roles: dict[str, str] = Field(default_factory=dict)


class FinalTask(_Model):
    id: Optional[str] = None
    name: Optional[str] = None
    command: Optional[str] = None


class Plan(_Model):
    """``play/<id>/plan.json``."""

    format_version: FormatVersion = 2
    meta: Meta
    goal: Goal = Field(default_factory=Goal)
    context: Optional[Union[dict, str, list]] = None
    max_iterations: StrictInt = Field(default=5, ge=1)
    phases: list[Phase] = Field(default_factory=list)
    final_tasks: list[Union[str, FinalTask]] = Field(default_factory=list)

    _version = field_validator("format_version", mode="before")(
        classmethod(lambda cls, v: _not_bool(v))
    )


# ------------------------------------------------------------------ progress.json

CheckStatus = Literal["PENDING", "PASS", "FAIL"]
WorkStatus = Literal["pending", "in_progress", "done", "blocked"]


def _evidence_list(value):
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    return value


#: Evidence: a list of strings; one string or null are read as [s] / [].
#: The schema says so too (it is generated in validation mode, where a
#: before-validator is invisible), so that an editor validating against the
#: shipped schema accepts what the model accepts.
Evidence = Annotated[list[str], BeforeValidator(_evidence_list), WithJsonSchema({
    "anyOf": [{"type": "array", "items": {"type": "string"}}, {"type": "string"},
              {"type": "null"}]})]


class Validation(_Model):
    status: CheckStatus = "PENDING"
    evidence: Evidence = Field(default_factory=list)


class Validations(_Model):
    technical: Optional[Union[CheckStatus, Validation]] = None
    consistency: Optional[Union[CheckStatus, Validation]] = None
    completeness: Optional[Union[CheckStatus, Validation]] = None


class SubtaskProgress(_Model):
    status: WorkStatus = "pending"
    validated_at: Optional[str] = None
    validated_by: Optional[str] = None
    validations: Validations = Field(default_factory=Validations)
    notes: Optional[str] = None


class PhaseProgress(_Model):
    status: WorkStatus = "pending"
    updated_at: Optional[str] = None


class Active(_Model):
    phase: Optional[str] = None
    subtask: Optional[str] = None


class Critic(_Model):
    status: CheckStatus = "PENDING"
    evidence: Evidence = Field(default_factory=list)
    notes: Optional[str] = None


FinalTaskStatus = Literal["pending", "in_progress", "done", "skipped", "blocked"]


class FinalTaskProgress(_Model):
    status: FinalTaskStatus = "pending"


class Progress(_Model):
    """``play/<id>/progress.json``."""

    format_version: FormatVersion = 2
    active: Active = Field(default_factory=Active)

    _version = field_validator("format_version", mode="before")(
        classmethod(lambda cls, v: _not_bool(v))
    )

    phases: dict[str, Union[WorkStatus, PhaseProgress]] = Field(default_factory=dict)
    subtasks: dict[str, Union[WorkStatus, SubtaskProgress]] = Field(default_factory=dict)
    final_tasks: Union[dict[str, Union[FinalTaskStatus, FinalTaskProgress]], list] = Field(
        default_factory=dict
    )
    critic: Critic = Field(default_factory=Critic)


MODELS = {"plan": Plan, "progress": Progress}


def json_schema(kind: str) -> dict:
    """The JSON Schema of ``kind`` (``"plan"`` or ``"progress"``)."""
    schema = MODELS[kind].model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = f"https://playgate.invalid/schemas/{kind}.schema.json"
    return schema


def schema_path(kind: str) -> str:
    """Path of the JSON Schema file of ``kind`` (``"plan"``/``"progress"``) under
    :data:`SCHEMA_DIR`."""
    return os.path.join(SCHEMA_DIR, f"{kind}.schema.json")


def validate(kind: str, data) -> list:
    """Validate a parsed plan/progress object; returns ``["loc: message", ...]``
    (empty when valid)."""
    try:
        MODELS[kind].model_validate(data)
    except ValidationError as exc:
        return [
            f"{'.'.join(str(p) for p in err['loc']) or '(top)'}: {err['msg']}"
            for err in exc.errors()
        ]
    return []


def write_schemas() -> None:
    """Regenerate ``statefiles/schemas/*.schema.json`` from the models."""
    os.makedirs(SCHEMA_DIR, exist_ok=True)
    for kind in MODELS:
        with open(schema_path(kind), "w", encoding="utf-8") as fh:
            json.dump(json_schema(kind), fh, indent=2, sort_keys=True)
            fh.write("\n")


if __name__ == "__main__":  # pragma: no cover
    if "--write" in sys.argv:
        write_schemas()
        print(f"wrote {', '.join(schema_path(k) for k in MODELS)}")
    else:
        print(json.dumps(json_schema(sys.argv[1] if len(sys.argv) > 1 else "plan"), indent=2))
