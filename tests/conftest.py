"""Shared fixtures: real git repositories with the suite installed, and a way
to call the installed hooks exactly as Claude Code does (the registered
command, run by ``sh -c`` with ``CLAUDE_PROJECT_DIR`` set, JSON on stdin).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import settings

# Property tests explore new examples on every local run; CI runs the same
# examples every time (PLAYGATE_HYPOTHESIS_PROFILE=ci in .ci/run), so that a
# submission's result does not depend on the draw. Suites with their own
# settings (the fuzz, crash and path suites) are derandomised already.
settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
settings.load_profile(os.environ.get("PLAYGATE_HYPOTHESIS_PROFILE", "default"))

SUITE = Path(__file__).resolve().parent.parent
SHARED = SUITE.parent / "shared"
FIXTURES = SHARED / "fixtures" / "claude-code-2.1.329"

#: Event name -> entrypoint module name.
EVENT_MODULES = {
    "PreToolUse": "pre_tool_use",
    "PostToolUse": "post_tool_use",
    "PermissionRequest": "permission_request",
    "UserPromptSubmit": "user_prompt_submit",
    "Stop": "stop",
    "SubagentStop": "subagent_stop",
    "SubagentStart": "subagent_start",
    "SessionStart": "session_start",
    "SessionEnd": "session_end",
    "PreCompact": "pre_compact",
    "Notification": "notification",
    "TaskCompleted": "task_completed",
    "TeammateIdle": "teammate_idle",
}


def git(repo, *args, check=True) -> subprocess.CompletedProcess:
    env = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.invalid",
               GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@example.invalid")
    return subprocess.run(["git", "-C", str(repo), *args], check=check, capture_output=True,
                          text=True, env=env)


def make_repo(path: Path, branch: str = "main") -> Path:
    """A git work tree with one commit on ``branch``."""
    path.mkdir(parents=True, exist_ok=True)
    git(path, "init", "-q", "-b", branch)
    (path / "README.md").write_text("test repo\n")
    git(path, "add", "README.md")
    git(path, "commit", "-q", "-m", "init")
    return path


def json_block_reason(stdout: str):
    """The reason of a block a hook printed as JSON on exit 0 (issue 14 item
    1: PreToolUse ``permissionDecision: "deny"`` + ``permissionDecisionReason``;
    UserPromptSubmit/Stop/SubagentStop ``{"decision": "block", "reason"}``),
    or ``None`` when ``stdout`` holds no such block."""
    text = stdout.strip()
    if not (text.startswith("{") and text.endswith("}")):
        return None
    try:
        data = json.loads(text)
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    specific = data.get("hookSpecificOutput")
    if isinstance(specific, dict) and specific.get("permissionDecision") == "deny":
        return str(specific.get("permissionDecisionReason", ""))
    if data.get("decision") == "block":
        return str(data.get("reason", ""))
    return None


def claude_view(event, code: int, out: str, err: str) -> tuple:
    """``(code, stdout, stderr)`` as Claude Code acts on them: a PreToolUse or
    UserPromptSubmit block printed as JSON on exit 0 (issue 14 item 1) reads
    as exit 2 with the reason on stderr and nothing on stdout, the form the
    robustness suites assert for every block. Anything else is unchanged."""
    if code == 0 and event in HookResult.FOLDED:
        reason = json_block_reason(out)
        if reason is not None:
            return 2, "", reason + "\n"
    return code, out, err


class HookResult:
    """What Claude Code would see from one hook call.

    A PreToolUse or UserPromptSubmit block comes in two forms: JSON on exit
    0 (the hook's answer, issue 14 item 1, :func:`json_block_reason`) or exit
    2 with the reason on stderr (the fail-closed path: malformed input seen
    by an older runtime, a hook that could not run). ``code`` and ``stderr``
    are *as Claude Code acts on them*: a JSON block reads as ``code == 2``
    with the reason in ``stderr``, so a test asserts "blocked, because ..."
    the same way for either form. The process's own values are
    ``exit_code``, ``stdout`` and ``raw_stderr``; ``json_block`` says which
    form it was. Stop/SubagentStop answers are left as printed (their
    blocks were always JSON, read from ``stdout``).
    """

    #: Events whose JSON block is folded into ``code``/``stderr``.
    FOLDED = ("PreToolUse", "UserPromptSubmit")

    def __init__(self, proc: subprocess.CompletedProcess, event: str | None = None) -> None:
        self.exit_code = proc.returncode
        self.stdout = proc.stdout
        self.raw_stderr = proc.stderr
        reason = None
        if proc.returncode == 0 and (event in self.FOLDED or (
                event is None and '"permissionDecision": "deny"' in proc.stdout)):
            reason = json_block_reason(proc.stdout)
        self.json_block = reason is not None
        self.code = 2 if reason is not None else proc.returncode
        self.stderr = (reason + "\n") if reason is not None else proc.stderr

    @property
    def json(self):
        return json.loads(self.stdout) if self.stdout.strip() else None

    @property
    def blocked(self) -> bool:
        """PreToolUse/UserPromptSubmit block, in either form."""
        return self.code == 2

    @property
    def reason(self) -> str:
        """What the model is told about a block (``""`` when not blocked)."""
        return self.stderr if self.blocked else ""

    @property
    def context(self) -> str:
        """``hookSpecificOutput.additionalContext`` or ``""``."""
        data = self.json or {}
        return (data.get("hookSpecificOutput") or {}).get("additionalContext", "")

    def __repr__(self) -> str:
        return f"HookResult(code={self.code}, stdout={self.stdout[:200]!r}, stderr={self.stderr[:300]!r})"


class Installed:
    """A repository with the suite installed by install.py."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.settings = json.loads((root / ".claude" / "settings.json").read_text())

    def command(self, event: str, tool: str = "") -> str:
        """The registered command for ``event`` (whose matcher covers ``tool``)."""
        import re

        for group in self.settings["hooks"][event]:
            matcher = group.get("matcher", "")
            if not tool or matcher in ("", "*") or re.fullmatch(matcher, tool) or tool in matcher.split("|"):
                for hook in group["hooks"]:
                    if "playgate" in hook.get("command", "") or "/hooks/" in hook.get("command", ""):
                        return hook["command"]
        raise KeyError(f"no registration for {event} {tool}")

    def payload(self, event: str, **fields) -> dict:
        """A minimal well-formed payload for ``event`` in this repository."""
        base = {
            "session_id": "test-session",
            "transcript_path": str(self.root / "transcript.jsonl"),
            "cwd": str(self.root),
            "hook_event_name": event,
        }
        if event in ("PreToolUse", "PostToolUse", "PermissionRequest"):
            base["permission_mode"] = "default"
        base.update(fields)
        return base

    def hook(self, event: str, payload=None, env=None, **fields) -> HookResult:
        """Run the installed hook for ``event`` as Claude Code does."""
        if payload is None:
            payload = self.payload(event, **fields)
        data = payload if isinstance(payload, (bytes, str)) else json.dumps(payload)
        if isinstance(data, str):
            data = data.encode()
        tool = payload.get("tool_name", "") if isinstance(payload, dict) else ""
        full_env = dict(os.environ, CLAUDE_PROJECT_DIR=str(self.root))
        full_env.pop("PLAYGATE_TRACE", None)
        if env:
            full_env.update(env)
        proc = subprocess.run(["sh", "-c", self.command(event, tool)], input=data,
                              capture_output=True, env=full_env, cwd=str(self.root), timeout=60)
        return HookResult(subprocess.CompletedProcess(proc.args, proc.returncode,
                                                      proc.stdout.decode("utf-8", "replace"),
                                                      proc.stderr.decode("utf-8", "replace")),
                          event)

    def entrypoint(self, event: str, payload, env=None, args=()) -> HookResult:
        """Pipe ``payload`` straight into ``.claude/hooks/<event>.py`` (whatever
        the matchers say), as a person debugging by hand would."""
        data = payload if isinstance(payload, (bytes, str)) else json.dumps(payload)
        if isinstance(data, str):
            data = data.encode()
        script = self.root / ".claude" / "hooks" / f"{EVENT_MODULES[event]}.py"
        full_env = dict(os.environ, CLAUDE_PROJECT_DIR=str(self.root))
        full_env.pop("PLAYGATE_TRACE", None)
        if env:
            full_env.update(env)
        proc = subprocess.run([sys.executable, str(script), *args], input=data,
                              capture_output=True, env=full_env, cwd=str(self.root), timeout=60)
        return HookResult(subprocess.CompletedProcess(proc.args, proc.returncode,
                                                      proc.stdout.decode("utf-8", "replace"),
                                                      proc.stderr.decode("utf-8", "replace")),
                          event)

    def tool(self, tool_name: str, tool_input: dict, **extra) -> HookResult:
        """PreToolUse for one tool call."""
        return self.hook("PreToolUse", tool_name=tool_name, tool_input=tool_input,
                         tool_use_id="toolu_test", **extra)


def install(repo: Path, *extra: str) -> subprocess.CompletedProcess:
    """Run install.py with this interpreter (which has the dependencies)."""
    return subprocess.run([sys.executable, str(SUITE / "install.py"), "--python", sys.executable,
                           *extra, str(repo)], capture_output=True, text=True, timeout=300)


def hold_lock(lock: str, seconds: float) -> subprocess.Popen:
    """A process that holds the state lock file ``lock`` for ``seconds``;
    returns once it has it (kill it to release early)."""
    holder = subprocess.Popen(
        [sys.executable, "-c",
         "import sys, time; sys.path.insert(0, sys.argv[1]);"
         "from statefiles.atomic import locked\n"
         "with locked(sys.argv[2]):\n print('held', flush=True); time.sleep(float(sys.argv[3]))",
         str(SUITE), lock, str(seconds)],
        stdout=subprocess.PIPE, text=True)
    assert holder.stdout.readline().strip() == "held"
    return holder


@pytest.fixture
def repo(tmp_path) -> Path:
    """A fresh git repository (branch main, one commit)."""
    return make_repo(tmp_path / "repo")


@pytest.fixture
def installed(repo) -> Installed:
    """``repo`` with the suite installed."""
    proc = install(repo)
    assert proc.returncode == 0, proc.stderr + proc.stdout
    return Installed(repo)


# --- foundation (issue 2): an in-process project tree, see tests/_foundation.py
@pytest.fixture
def ws(tmp_path):
    """A project root with state.md, the protection list and play/template/,
    on branch ``feat/x``, no session markers (``tests/_foundation.Workspace``)."""
    from _foundation import Workspace

    return Workspace(tmp_path / "ws")
