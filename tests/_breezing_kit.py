"""Drive the installed hooks through a breezing session (seed 001), as Claude
Code would call them: the lead's tool calls (PreToolUse, and the PostToolUse
that follows when the tool ran), the team's subagent or teammate calls, the
stops and the user's prompts.

``Breezing(installed)`` sets ``config.workflow: breezing`` on a work branch;
``b.step0()`` … ``b.approve()`` walk the session, each step asserting the
hooks let it through, so a test can start from any phase and try what must
be refused there.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

from _team_support import ACTIVE, set_config
from conftest import SUITE, HookResult, git, make_repo

SESSION = "breezing-20260206-0300"
LEAD = "lead-session"
PROGRESS = ".claude/state/breezing-progress.json"
REVIEW = ".claude/state/review-result.json"
REQUEST = ".claude/state/breezing-request.json"
#: A subagent's id (headless: ``a`` + 16 hex) and a teammate's (``a<name>-<hex>``).
SUB_ID = "a0123456789abcdef"
CONFIRMATION = ("🏇 Breezing - confirm the range\n\nRange: all\n\nTasks:\n├── 1. a (cc:TODO)\n"
                "\nIs this right?")


class InProcess:
    """A git repository with the suite's state files whose hooks run in this
    process (``events.runtime.evaluate``: the same chains, effects and
    rendering as the installed entrypoints, without a process per call).
    Same interface as the ``installed`` fixture's ``Installed``."""

    def __init__(self, root: Path) -> None:
        self.root = make_repo(Path(root))
        shutil.copyfile(SUITE / "templates" / "state.md", self.root / "state.md")
        (self.root / ".claude").mkdir(exist_ok=True)
        shutil.copyfile(SUITE / "protected-files.txt", self.root / ".claude" / "protected-files.txt")
        git(self.root, "add", "-A")
        git(self.root, "commit", "-q", "-m", "state")
        self.env = {"CLAUDE_PROJECT_DIR": str(self.root), "HOME": str(self.root.parent / "home"),
                    "PATH": "/usr/bin:/bin"}

    def payload(self, event: str, **fields) -> dict:
        base = {"session_id": "test-session", "transcript_path": str(self.root / "t.jsonl"),
                "cwd": str(self.root), "hook_event_name": event}
        if event in ("PreToolUse", "PostToolUse", "PermissionRequest"):
            base["permission_mode"] = "default"
        base.update(fields)
        return base

    def hook(self, event: str, payload=None, **fields) -> HookResult:
        from events import runtime

        payload = payload if payload is not None else self.payload(event, **fields)
        code, out, err, _outcome = runtime.evaluate(event, json.dumps(payload).encode(),
                                                    env=self.env)
        return HookResult(subprocess.CompletedProcess([event], code, out, err), event)

    def tool(self, tool_name: str, tool_input: dict, **extra) -> HookResult:
        return self.hook("PreToolUse", tool_name=tool_name, tool_input=tool_input,
                         tool_use_id="toolu_test", **extra)


def teammate_id(name: str) -> str:
    return f"a{name}-5bce82027d4eea84"


class Breezing:
    """One breezing session on an installed repository."""

    def __init__(self, inst, *, mode: str = "standard", branch: str = "feat/breeze") -> None:
        self.inst = inst
        self.root = Path(inst.root)
        self.mode = mode
        git(self.root, "checkout", "-q", "-b", branch)
        set_config(self.root, workflow="breezing")
        (self.root / "src").mkdir(exist_ok=True)
        (self.root / "src" / "app.py").write_text("x = 1\n")
        (self.root / "Plans.md").write_text("# Plans\n\n- [ ] 1. a `cc:TODO`\n- [ ] 2. b `cc:TODO`\n")
        git(self.root, "add", "-A")
        git(self.root, "commit", "-q", "-m", "plans")

    # ---------------------------------------------------------------- raw calls

    def pre(self, tool: str, tool_input: dict, **who):
        return self.inst.hook("PreToolUse", self.inst.payload(
            "PreToolUse", session_id=LEAD, tool_name=tool, tool_input=tool_input,
            tool_use_id="toolu_b", **who))

    def post(self, tool: str, tool_input: dict, response, **who):
        return self.inst.hook("PostToolUse", self.inst.payload(
            "PostToolUse", session_id=LEAD, tool_name=tool, tool_input=tool_input,
            tool_response=response, tool_use_id="toolu_b", **who))

    def prompt(self, text: str, session: str = LEAD):
        return self.inst.hook("UserPromptSubmit", self.inst.payload(
            "UserPromptSubmit", session_id=session, prompt=text))

    def stop(self, message: str):
        return self.inst.hook("Stop", self.inst.payload(
            "Stop", session_id=LEAD, stop_hook_active=False, last_assistant_message=message))

    def subagent_stop(self, message: str, **who):
        return self.inst.hook("SubagentStop", self.inst.payload(
            "SubagentStop", session_id=LEAD, stop_hook_active=False,
            last_assistant_message=message, agent_transcript_path="/dev/null", **who))

    def subagent_start(self, **who):
        return self.inst.hook("SubagentStart", self.inst.payload(
            "SubagentStart", session_id=LEAD, **who))

    def task_completed(self, task_id: str, **fields):
        return self.inst.hook("TaskCompleted", self.inst.payload(
            "TaskCompleted", session_id=LEAD, task_id=task_id, task_subject=f"task {task_id}",
            task_description="", **fields))

    def write(self, rel: str, content: str = "y = 2\n", **who):
        return self.pre("Write", {"file_path": str(self.root / rel), "content": content}, **who)

    def bash(self, command: str, **who):
        return self.pre("Bash", {"command": command, "description": "t"}, **who)

    # ---------------------------------------------------------------- state

    def active(self) -> dict:
        return json.loads((self.root / ACTIVE).read_text())

    def hooks(self) -> dict:
        return self.active().get("hooks") or {}

    def phase(self) -> str:
        return self.hooks().get("phase")

    def progress(self) -> dict:
        return json.loads((self.root / PROGRESS).read_text())

    def review(self) -> dict:
        return json.loads((self.root / REVIEW).read_text())

    def active_content(self, **fields) -> str:
        data = {"session_id": SESSION, "started_at": "2026-02-06T03:00:00Z",
                "impl_mode": self.mode, "task_range": "all"}
        data.update(fields)
        return json.dumps(data, indent=2) + "\n"

    # ---------------------------------------------------------------- the flow

    def request(self, text: str | None = None):
        flags = " --codex" if self.mode == "codex" else ""
        result = self.prompt(text or f"/breezing all{flags}")
        assert result.code == 0, result
        return result

    def step0(self):
        """The user's /breezing, then the lead's Write of the active file."""
        self.request()
        content = self.active_content()
        spec = {"file_path": str(self.root / ACTIVE), "content": content}
        result = self.pre("Write", spec)
        assert result.code == 0, result
        (self.root / ACTIVE).parent.mkdir(parents=True, exist_ok=True)
        (self.root / ACTIVE).write_text(content)
        post = self.post("Write", spec, {"type": "create"})
        assert post.code == 0, post
        assert self.phase() == "prepare", self.active()
        return self

    def confirm(self, answer: str = "yes"):
        """The lead shows the range confirmation; the user answers."""
        assert self.stop(CONFIRMATION).code == 0
        assert self.hooks().get("confirmation_shown_at"), self.hooks()
        result = self.prompt(answer)
        assert result.code == 0, result
        return result

    def create_task(self, task_id: str, subject: str = "a"):
        spec = {"subject": subject, "description": "owns: src/app.py", "activeForm": "doing"}
        result = self.pre("TaskCreate", spec)
        assert result.code == 0, result
        post = self.post("TaskCreate", spec, {"task": {"id": task_id, "subject": subject}})
        assert post.code == 0, post
        return result

    def spawn(self, agent: str, name: str | None = None, *, teammate: bool = False):
        spec = {"description": agent, "prompt": f"you are {agent}", "subagent_type": agent}
        if name:
            spec["name"] = name
        result = self.pre("Agent", spec)
        if result.code != 0:
            return result
        agent_id = teammate_id(name) if teammate else SUB_ID
        response = ({"status": "teammate_spawned", "agent_id": agent_id, "name": name}
                    if teammate else {"status": "async_launched", "agentId": agent_id})
        post = self.post("Agent", spec, response)
        assert post.code == 0, post
        return result

    def to_delegate(self):
        self.step0()
        self.confirm()
        self.create_task("1")
        result = self.spawn(_implementer(self.mode))
        assert result.code == 0, result
        assert self.phase() == "delegate", self.hooks()
        return self

    def complete(self, task_id: str, **fields):
        result = self.task_completed(task_id, **fields)
        assert result.code == 0, result
        return result

    def review_stop(self, verdict: str, session: str = SESSION, **who):
        who = who or {"agent_id": "afedcba9876543210", "agent_type": "code-reviewer"}
        self.subagent_start(**who)
        line = f"CODE-REVIEW: {verdict} {session}" + (" - fix the names" if verdict == "FAIL" else "")
        result = self.subagent_stop(f"Review done.\n\n{line}", **who)
        assert result.code == 0, result
        return result

    def approve(self):
        self.to_delegate()
        self.complete("1")
        self.review_stop("PASS")
        assert self.phase() == "post-delegate", self.hooks()
        return self


def _implementer(mode: str) -> str:
    return "codex-implementer" if mode == "codex" else "task-worker"


def worker(**extra) -> dict:
    """The caller fields of the headless implementer subagent."""
    return {"agent_id": SUB_ID, "agent_type": "task-worker", **extra}
