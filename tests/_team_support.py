"""Helpers for the team and spec workflow tests (test_team*, test_spec*, test_agents*).

They prepare an installed repository the way a person would before the
workflow guards matter: a work branch (main-branch blocks edits on main), an
active, reviewed playbook with a context (playbook-guard), and no
session-init marker. Files a human edits (state.md's config section,
breezing-active.json written by the lead) are written directly, not through
the hooks.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from conftest import SUITE, git

PLAYBOOK = "play/team/plan.json"
ACTIVE = ".claude/state/breezing-active.json"
TIMELINE = ".claude/state/breezing-timeline.jsonl"
SIGNALS = ".claude/state/breezing-signals.jsonl"

#: Most hook processes a test runs at once (COMMON.md SAFETY: ≤ 16).
MAX_PARALLEL = 16


def workspace(inst, branch: str = "feat/team"):
    """Make ``inst`` (an ``Installed``) a repo where edits reach the Edit
    chain's later guards: a work branch and an active reviewed playbook whose
    scope covers everything. Returns ``inst``."""
    root = inst.root
    git(root, "checkout", "-q", "-b", branch)
    plan = json.loads((SUITE / "templates" / "play" / "plan.json").read_text())
    plan["meta"].update(id="team", branch=branch, status="active", reviewed=True,
                        reviewed_by="reviewer", created="2026-01-01")
    plan["context"] = {"what": "team workflow tests", "why": "tests", "how": "hooks",
                       "scope": "repository", "exclusions": [], "risks": []}
    (root / "play" / "team").mkdir(parents=True, exist_ok=True)
    (root / PLAYBOOK).write_text(json.dumps(plan, indent=2))
    (root / "play" / "team" / "progress.json").write_text(
        (SUITE / "templates" / "play" / "progress.json").read_text())
    set_section(root, "playbook", {"active": PLAYBOOK, "current_phase": "p1", "branch": branch})
    return inst


def set_section(root: Path, section: str, values: dict) -> None:
    """Set top-level keys of one state.md section, as a human editing the file
    would (values are written as JSON, which YAML reads)."""
    path = Path(root) / "state.md"
    text = path.read_text()
    pattern = re.compile(rf"(## {section}\n```yaml\n)(.*?)(```)", re.DOTALL)
    match = pattern.search(text)
    assert match, f"state.md has no {section} section"
    lines = [ln for ln in match.group(2).splitlines()
             if not any(ln.startswith(f"{k}:") for k in values)]
    lines += [f"{k}: {json.dumps(v)}" for k, v in values.items()]
    body = "\n".join(lines) + "\n"
    path.write_text(text[:match.start(2)] + body + text[match.end(2):])


def set_config(root: Path, **values) -> None:
    """state.md ``config`` keys (only a human may change them)."""
    set_section(root, "config", values)


def write_active(root: Path, **fields) -> dict:
    """Write breezing-active.json (seed 001 schema v2) with ``fields``; the
    defaults make a valid standard-mode session."""
    data = {"session_id": "breezing-20260206-0300", "started_at": "2026-02-06T03:00:00Z",
            "impl_mode": "standard", "task_range": "all"}
    data.update(fields)
    path = Path(root) / ACTIVE
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data))
    return data


def mapping(total: int) -> dict:
    """``plans_md_mapping`` for ``total`` tasks named like seed 001's example."""
    return {f"task-{i}": f"4.{i}" for i in range(1, total + 1)}


def read_jsonl(root: Path, rel: str) -> list:
    path = Path(root) / rel
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def task_completed(inst, task_id, session: str = "lead-session", **fields):
    payload = inst.payload("TaskCompleted", session_id=session, task_id=str(task_id),
                           task_subject=f"task {task_id}", task_description="",
                           teammate_name="implementer-1", team_name="breezing-team")
    payload.update(fields)
    return inst.hook("TaskCompleted", payload)


def teammate_idle(inst, teammate: str = "implementer-1", session: str = "lead-session"):
    return inst.hook("TeammateIdle", inst.payload("TeammateIdle", session_id=session,
                                                  teammate_name=teammate,
                                                  team_name="breezing-team"))


def prompt(inst, session: str = "lead-session", text: str = "status?", **fields):
    return inst.hook("UserPromptSubmit", inst.payload("UserPromptSubmit", session_id=session,
                                                      prompt=text, **fields))


def bash(inst, command: str, **extra):
    return inst.tool("Bash", {"command": command, "description": "test"}, **extra)


def parallel(calls, workers: int = MAX_PARALLEL) -> list:
    """Run zero-argument callables (each starts one bounded hook process) at
    most ``workers`` at a time; results in order."""
    workers = max(1, min(workers, MAX_PARALLEL))
    with ThreadPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(lambda f: f(), calls))


def run_python(code: str, *args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    """Run a Python snippet with the test interpreter (bounded)."""
    return subprocess.run([sys.executable, "-c", code, *args], check=False, capture_output=True, text=True,
                          timeout=timeout)
