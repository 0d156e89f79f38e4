"""Shared helpers for the reward-fraud tests (test_reward*.py, test_stop*.py).

A *reward repo* is a git work tree on a feature branch with state.md pointing
at an active, reviewed playbook ``play/demo`` (phases p1: p1.1, p1.2 and p2:
p2.1, p2 depending on p1), a second working playbook ``play/side``, and the
templates. :func:`call` runs one hook event in-process through
``events.runtime.evaluate`` (the same code the installed entrypoints run).
"""

from __future__ import annotations

import copy
import json
import os
import subprocess
from pathlib import Path

SUITE = Path(__file__).resolve().parent.parent

PLAYBOOK = "play/demo"
PLAN = f"{PLAYBOOK}/plan.json"
PROGRESS = f"{PLAYBOOK}/progress.json"
SIDE_PLAN = "play/side/plan.json"
SIDE_PROGRESS = "play/side/progress.json"
BRANCH = "feat/demo"

STRUCTURE = {"p1": ["p1.1", "p1.2"], "p2": ["p2.1"]}


def plan_doc(structure=None, executor="claudecode", reviewed=True, pid="demo", roles=None,
             max_iterations=5) -> dict:
    structure = structure or STRUCTURE
    phases = []
    prev = None
    for phase_id, subs in structure.items():
        phases.append({
            "id": phase_id, "name": phase_id, "description": f"phase {phase_id}",
            "depends_on": [prev] if prev else [],
            "subtasks": [{
                "id": sid, "criterion": f"criterion of {sid}",
                "executor": executor if not isinstance(executor, dict) else executor.get(sid,
                                                                                         "claudecode"),
                "coding": True,
                "validation_plan": {"technical": {"type": "automated", "command": "pytest",
                                                  "expected": "passes"},
                                    "consistency": "review", "completeness": "review"},
            } for sid in subs],
        })
        prev = phase_id
    return {
        "format_version": 2,
        "meta": {"id": pid, "branch": BRANCH, "created": "2026-01-01", "status": "active",
                 "review_profile": "standard", "reviewed": reviewed, "reviewed_by": "reviewer",
                 "roles": roles or {}},
        "goal": {"summary": "demo", "done_when": ["it works"],
                 "scope": {"includes": [], "excludes": []}},
        "context": {"what": "demo", "why": "tests"},
        "max_iterations": max_iterations,
        "phases": phases,
        "final_tasks": [],
    }


def pending_entry() -> dict:
    return {"status": "pending", "validated_at": None, "validated_by": None,
            "validations": {k: {"status": "PENDING", "evidence": []}
                            for k in ("technical", "consistency", "completeness")},
            "notes": ""}


def evidenced(entry=None, status="done") -> dict:
    """A subtask entry with the full critic evidence (SPEC §3)."""
    entry = copy.deepcopy(entry) if entry else pending_entry()
    entry["status"] = status
    entry["validated_at"] = "2026-01-02T10:00:00+00:00"
    entry["validated_by"] = "critic"
    entry["validations"] = {k: {"status": "PASS", "evidence": [f"{k} ok: pytest 12 passed"]}
                            for k in ("technical", "consistency", "completeness")}
    return entry


def progress_doc(structure=None) -> dict:
    structure = structure or STRUCTURE
    first_phase = next(iter(structure))
    return {
        "format_version": 2,
        "active": {"phase": first_phase, "subtask": structure[first_phase][0]},
        "phases": {p: {"status": "pending", "updated_at": None} for p in structure},
        "subtasks": {s: pending_entry() for subs in structure.values() for s in subs},
        "final_tasks": {},
        "critic": {"status": "PENDING", "evidence": [], "notes": ""},
    }


def dump(doc) -> str:
    return json.dumps(doc, indent=2) + "\n"


def git(repo, *args):
    env = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.invalid",
               GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@example.invalid")
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True,
                          text=True, env=env)


def state_text(active: str | None = PLAN, config_extra: str = "") -> str:
    text = (SUITE / "templates" / "state.md").read_text()
    text = text.replace("active: null ", f"active: {active or 'null'} ", 1)
    text = text.replace("branch: null", f"branch: {BRANCH}", 1)
    if config_extra:
        text = text.replace("strict_depends: false\n", "strict_depends: false\n" + config_extra, 1)
    return text


def write_playbook(root: Path, rel_dir: str, plan=None, progress=None) -> None:
    d = root / rel_dir
    d.mkdir(parents=True, exist_ok=True)
    (d / "plan.json").write_text(dump(plan or plan_doc()))
    (d / "progress.json").write_text(dump(progress or progress_doc()))


def make_reward_repo(root: Path, *, config_extra: str = "", git_init: bool = True,
                     plan=None, progress=None) -> Path:
    """Create (or fill) ``root`` as a reward repo (see the module docstring)."""
    root.mkdir(parents=True, exist_ok=True)
    if git_init and not (root / ".git").exists():
        git(root, "init", "-q", "-b", "main")
        (root / "README.md").write_text("test repo\n")
        git(root, "add", "README.md")
        git(root, "commit", "-q", "-m", "init")
        git(root, "checkout", "-q", "-b", BRANCH)
    (root / "state.md").write_text(state_text(config_extra=config_extra))
    write_playbook(root, PLAYBOOK, plan, progress)
    write_playbook(root, "play/side", plan_doc(pid="side"), progress_doc())
    tpl = root / "play" / "template"
    tpl.mkdir(parents=True, exist_ok=True)
    for name in ("plan.json", "progress.json"):
        (tpl / name).write_text((SUITE / "templates" / "play" / name).read_text())
    (root / "src").mkdir(exist_ok=True)
    (root / "src" / "app.py").write_text("print('hi')\n")
    (root / "docs").mkdir(exist_ok=True)
    (root / "docs" / "notes.md").write_text("notes\n")
    (root / ".claude" / "session-state").mkdir(parents=True, exist_ok=True)
    return root


def payload(root, event: str, **fields) -> dict:
    base = {"session_id": "s-test", "transcript_path": str(Path(root) / "t.jsonl"),
            "cwd": str(root), "hook_event_name": event}
    if event in ("PreToolUse", "PostToolUse", "PermissionRequest"):
        base["permission_mode"] = "default"
    base.update(fields)
    return base


class Result:
    """One in-process hook run: ``code``, ``stdout``, ``stderr``, ``outcome``."""

    def __init__(self, code, stdout, stderr, outcome) -> None:
        self.code, self.stdout, self.stderr, self.outcome = code, stdout, stderr, outcome

    @property
    def json(self):
        return json.loads(self.stdout) if self.stdout.strip() else None

    @property
    def blocked(self) -> bool:
        """PreToolUse: exit 2. Stop/SubagentStop: ``decision: block``."""
        if self.code == 2:
            return True
        data = self.json or {}
        return data.get("decision") == "block"

    @property
    def guard(self) -> str | None:
        final = self.outcome.final if self.outcome is not None else None
        return final.guard if final is not None else None

    @property
    def text(self) -> str:
        data = self.json or {}
        return "\n".join(filter(None, [self.stderr, data.get("reason", ""),
                                        data.get("systemMessage", ""),
                                        (data.get("hookSpecificOutput") or {}).get(
                                            "additionalContext", "")]))

    def __repr__(self) -> str:
        return f"Result(code={self.code}, guard={self.guard}, text={self.text[:300]!r})"


def call(root, event: str, env=None, **fields) -> Result:
    """Run ``event`` in-process (``events.runtime.evaluate``) for ``root``."""
    from events.runtime import evaluate

    data = json.dumps(payload(root, event, **fields)).encode()
    full_env = {"HOME": os.environ.get("HOME", "/root")}
    full_env.update(env or {})
    return Result(*evaluate(event, data, env=full_env, root=os.path.realpath(str(root))))


def tool(root, name: str, tool_input: dict, **fields) -> Result:
    return call(root, "PreToolUse", tool_name=name, tool_input=tool_input,
                tool_use_id="toolu_t", **fields)


def stop(root, **fields) -> Result:
    fields.setdefault("stop_hook_active", False)
    return call(root, "Stop", **fields)


def critic_ran(root, agent_id: str = "a-critic", status=0, commands=None) -> None:
    """The hooks observed the critic ``agent_id`` run ``commands`` (default:
    every command the active plan's validation plans and done_when name)
    with ``status`` (critic-commands' log, ``workflow.evidence``)."""
    from workflow import evidence

    if commands is None:
        try:
            plan = json.loads((Path(root) / PLAN).read_text())
        except (OSError, ValueError):
            plan = {}
        ids = [s.get("id") for p in plan.get("phases") or [] for s in p.get("subtasks") or []]
        commands = [c for i in [*ids, "playbook"] for c in evidence.required_commands(plan, i)]
    path = Path(root) / evidence.CRITIC_COMMANDS
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a", encoding="utf-8") as fh:
        for command in dict.fromkeys(commands):
            fh.write(json.dumps({"agent_id": agent_id, "command": command,
                                 "status": status}) + "\n")


def critic_says(root, message: str, ran: bool = True, **fields) -> Result:
    """The critic subagent stops with ``message`` (SubagentStop); with
    ``ran``, having run the plan's commands successfully first
    (:func:`critic_ran`)."""
    fields.setdefault("agent_id", "a-critic")
    fields.setdefault("agent_type", "critic")
    if ran:
        critic_ran(root, fields["agent_id"])
    return call(root, "SubagentStop", stop_hook_active=False, last_assistant_message=message,
                **fields)


def read_json(root, rel):
    return json.loads((Path(root) / rel).read_text())
