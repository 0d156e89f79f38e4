"""Workflow fixtures for the scenarios: an active playbook on disk and the
turns a well-behaved agent starts a session with.

The playbook is the one a finished golden path leaves behind (SPEC §2):
``play/e2e/plan.json`` reviewed by the reviewer with a ``context``, on branch
``feat/e2e``, one phase ``p1`` in progress with one subtask ``p1.1`` whose
executor is ``claudecode``; state.md's ``playbook.active`` points at it.
"""

from __future__ import annotations

import json

from .fakeapi import tool_use

BRANCH = "feat/e2e"
PLAN = "play/e2e/plan.json"
PROGRESS = "play/e2e/progress.json"
#: Files the playbook's scope covers (scope-guard warns outside them).
SCOPE = ["src/**", "scripts/**"]


def plan_json(*, reviewed: bool = True, reviewed_by: str | None = "reviewer",
              context: bool = True, branch: str = BRANCH) -> dict:
    plan = {
        "format_version": 2,
        "meta": {"id": "e2e", "branch": branch, "created": "2026-01-01", "status": "active",
                 "review_profile": "standard", "reviewed": reviewed,
                 "reviewed_by": reviewed_by, "roles": {}},
        "goal": {"summary": "src/app.py prints hello",
                 "done_when": [{"criterion": "python3 src/app.py prints hello",
                                "command": "python3 src/app.py", "expected": "hello"}],
                 "scope": {"includes": list(SCOPE), "excludes": []}},
        "max_iterations": 5,
        "phases": [{"id": "p1", "name": "implement", "description": "write src/app.py",
                    "depends_on": [],
                    "subtasks": [{"id": "p1.1", "criterion": "src/app.py prints hello",
                                  "executor": "claudecode", "coding": True,
                                  "validation_plan": {
                                      "technical": {"type": "automated",
                                                    "command": "python3 src/app.py",
                                                    "expected": "hello"},
                                      "consistency": "matches the goal",
                                      "completeness": "the one file exists"}}]}],
        "final_tasks": [],
    }
    if context:
        plan["context"] = {"what": "a hello script", "why": "e2e test", "how": "one file",
                           "scope": "src/", "exclusions": "none", "risks": "none"}
    return plan


def progress_json(subtask_status: str = "in_progress") -> dict:
    return {
        "format_version": 2,
        "active": {"phase": "p1", "subtask": "p1.1"},
        "phases": {"p1": {"status": "in_progress", "updated_at": "2026-01-01T00:00:00Z"}},
        "subtasks": {"p1.1": {
            "status": subtask_status, "validated_at": None, "validated_by": None,
            "validations": {"technical": {"status": "PENDING", "evidence": []},
                            "consistency": {"status": "PENDING", "evidence": []},
                            "completeness": {"status": "PENDING", "evidence": []}},
            "notes": ""}},
        "final_tasks": {},
        "critic": {"status": "PENDING", "evidence": [], "notes": ""},
    }


def write_playbook(box, **plan_kwargs) -> None:
    """Write the playbook into ``box.repo`` and make it active in state.md."""
    from statefiles import state_md

    directory = box.repo / "play" / "e2e"
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "plan.json").write_text(json.dumps(plan_json(**plan_kwargs), indent=2) + "\n")
    (directory / "progress.json").write_text(json.dumps(progress_json(), indent=2) + "\n")
    state_md.update_keys(str(box.repo), "playbook",
                         {"active": PLAN, "current_phase": "p1",
                          "branch": plan_kwargs.get("branch", BRANCH)})
    state_md.update_keys(str(box.repo), "goal", {"phase": "p1", "status": "in_progress"})
    (box.repo / "src").mkdir(exist_ok=True)
    (box.repo / "src" / "__init__.py").write_text("")
    scripts = box.repo / "scripts"
    scripts.mkdir(exist_ok=True)
    # A project script the permission gate may auto-approve (SPEC §5 phase 6);
    # it leaves a file behind so a test can see that it ran.
    (scripts / "x.py").write_text("from pathlib import Path\n"
                                  "Path('ran.txt').write_text('ran\\n')\n"
                                  "print('x.py ran')\n")


def read(box, rel: str) -> dict:
    """A ``Read`` tool call of ``rel`` (repo-relative)."""
    return tool_use("Read", {"file_path": str(box.repo / rel)})


def ready(box) -> list:
    """The turns that satisfy init-guard: read state.md, then the active plan
    and its progress file (what SessionStart asks for)."""
    return [read(box, "state.md"), read(box, PLAN), read(box, PROGRESS)]


def write(box, rel: str, content: str) -> dict:
    return tool_use("Write", {"file_path": str(box.repo / rel), "content": content})


def bash(command: str, description: str = "") -> dict:
    data = {"command": command}
    if description:
        data["description"] = description
    return tool_use("Bash", data)
