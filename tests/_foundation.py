"""In-process helpers for the foundation tests: a project tree laid out the way
install.py leaves it (state.md, .claude/protected-files.txt, play/template/),
without running the installer, and ways to call the runtime on it.

``Workspace.pre(...)`` runs the whole PreToolUse chain through
``events.runtime.evaluate`` (exactly what the installed hook runs, minus the
process); ``Workspace.ctx(...)`` builds the ``Context`` a guard's ``check``
receives. The branch is written straight into ``.git/HEAD`` (statefiles.gitinfo
reads that file), so no git process is started.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass
from pathlib import Path

from events import runtime
from events.context import Context
from events.inputs import parse

SUITE = Path(__file__).resolve().parent.parent

#: A reviewed playbook with one phase that depends on another.
def plan_doc(pid: str = "p1", *, reviewed=True, context=True, reviewed_by="reviewer",
             phases=None, scope=None, done_when=None, branch="feat/x") -> dict:
    plan = {
        "format_version": 2,
        "meta": {"id": pid, "branch": branch, "created": "2026-01-01", "status": "active",
                 "reviewed": reviewed, "reviewed_by": reviewed_by},
        "goal": {"summary": "test", "done_when": done_when if done_when is not None else ["x"]},
        "phases": phases if phases is not None else [
            {"id": "p1", "name": "one", "depends_on": [],
             "subtasks": [{"id": "s1", "criterion": "c1"}]},
        ],
    }
    if scope is not None:
        plan["goal"]["scope"] = scope
    if context:
        plan["context"] = {"what": "test", "why": "test"}
    return plan


class Workspace:
    """A project root with the suite's state files (not the suite itself)."""

    def __init__(self, root: Path, branch: str = "feat/x") -> None:
        self.root = root
        root.mkdir(parents=True, exist_ok=True)
        (root / ".git").mkdir(exist_ok=True)
        self.branch(branch)
        shutil.copyfile(SUITE / "templates" / "state.md", root / "state.md")
        (root / ".claude").mkdir(exist_ok=True)
        shutil.copyfile(SUITE / "protected-files.txt", root / ".claude" / "protected-files.txt")
        tpl = root / "play" / "template"
        tpl.mkdir(parents=True, exist_ok=True)
        for name in ("plan.json", "progress.json"):
            shutil.copyfile(SUITE / "templates" / "play" / name, tpl / name)
        (root / "src").mkdir(exist_ok=True)
        (root / "src" / "app.py").write_text("x = 1\n")
        self.env = {"CLAUDE_PROJECT_DIR": str(root), "HOME": str(root.parent / "home"),
                    "PATH": "/usr/bin:/bin"}

    # ------------------------------------------------------------ state
    def branch(self, name: str | None) -> None:
        """Check out ``name`` (``None``: detached HEAD)."""
        head = f"ref: refs/heads/{name}\n" if name else "0" * 40 + "\n"
        (self.root / ".git" / "HEAD").write_text(head)

    def set_state(self, section: str, **values) -> None:
        from statefiles import state_md

        state_md.update_keys(str(self.root), section, values)

    def playbook(self, pid: str = "p1", progress=None, activate=True, **plan_kw) -> Path:
        """Write play/<pid>/plan.json + progress.json; set playbook.active."""
        d = self.root / "play" / pid
        d.mkdir(parents=True, exist_ok=True)
        (d / "plan.json").write_text(json.dumps(plan_doc(pid, **plan_kw), indent=2))
        (d / "progress.json").write_text(json.dumps(
            progress if progress is not None else
            {"format_version": 2, "active": {"phase": "p1", "subtask": "s1"},
             "phases": {}, "subtasks": {}}, indent=2))
        if activate:
            self.set_state("playbook", active=f"play/{pid}/plan.json")
        return d / "plan.json"

    def marker(self, rel: str, content: str = "x\n") -> Path:
        path = self.root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content)
        return path

    def has(self, rel: str) -> bool:
        return (self.root / rel).exists()

    def ready(self) -> "Workspace":
        """The state of a session that may edit: prompt analysed, state read
        (no pending), a reviewed active playbook, on a feature branch."""
        self.marker(".claude/session-state/prompt-analyzer-called")
        self.playbook()
        return self

    # ------------------------------------------------------------ calls
    def payload(self, event: str, **fields) -> dict:
        base = {"session_id": "s", "transcript_path": str(self.root / "t.jsonl"),
                "cwd": str(self.root), "hook_event_name": event}
        if event in ("PreToolUse", "PostToolUse", "PermissionRequest"):
            base["permission_mode"] = "default"
        base.update(fields)
        return base

    def evaluate(self, event: str, payload, env=None) -> tuple:
        data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
        return runtime.evaluate(event, data, env=dict(self.env, **(env or {})))

    def pre(self, tool: str, tool_input: dict, env=None, **extra) -> "Result":
        payload = self.payload("PreToolUse", tool_name=tool, tool_input=tool_input,
                               tool_use_id="toolu_1", **extra)
        return Result(*self.evaluate("PreToolUse", payload, env))

    def edit(self, rel_or_abs: str, old: str = "x", new: str = "y", **kw) -> "Result":
        return self.pre("Edit", {"file_path": self.abs(rel_or_abs), "old_string": old,
                                 "new_string": new, **kw})

    def write(self, rel_or_abs: str, content: str = "new\n", **kw) -> "Result":
        return self.pre("Write", {"file_path": self.abs(rel_or_abs), "content": content}, **kw)

    def bash(self, command: str, **kw) -> "Result":
        return self.pre("Bash", {"command": command}, **kw)

    def read(self, rel_or_abs: str) -> "Result":
        return self.pre("Read", {"file_path": self.abs(rel_or_abs)})

    def abs(self, rel_or_abs: str) -> str:
        return rel_or_abs if rel_or_abs.startswith("/") else str(self.root / rel_or_abs)

    def ctx(self, event: str = "PreToolUse", env=None, **fields) -> Context:
        payload = self.payload(event, **fields)
        hook = parse(event, json.dumps(payload).encode())
        return Context(hook, env=dict(self.env, **(env or {})))

    def tool_ctx(self, tool: str, tool_input: dict, env=None, **extra) -> Context:
        return self.ctx("PreToolUse", env=env, tool_name=tool, tool_input=tool_input,
                        tool_use_id="toolu_1", **extra)


@dataclass(eq=False)
class Result:
    """``evaluate``'s answer with helpers."""

    code: int
    stdout: str
    stderr: str
    outcome: object

    @property
    def blocked(self) -> bool:
        return self.code == 2

    @property
    def guard(self) -> str | None:
        """The guard whose verdict ended the chain (BLOCK), or None."""
        final = self.outcome.final if self.outcome else None
        return final.guard if final is not None else None

    @property
    def json(self):
        return json.loads(self.stdout) if self.stdout.strip() else None

    @property
    def context(self) -> str:
        data = self.json or {}
        return (data.get("hookSpecificOutput") or {}).get("additionalContext", "")

    def warned_by(self) -> list:
        return [w.guard for w in self.outcome.warnings] if self.outcome else []

    def __repr__(self) -> str:
        return (f"Result(code={self.code}, guard={self.guard}, stdout={self.stdout[:300]!r}, "
                f"stderr={self.stderr[:400]!r})")
