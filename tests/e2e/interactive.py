"""The real Claude Code CLI in an *interactive* session, driven through a
pseudo-terminal: what headless ``claude -p`` cannot do (Agent Teams: the
session's team is started only in an interactive session; measured in
docs/claude-code-measured.md "Agent Teams, headless").

    session = Interactive(box, api, script, args=["--teammate-mode", "in-process"],
                          env={"CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS": "1"})
    session.start("the first prompt")
    session.wait_quiet()              # until the fake API has seen no request for a while
    session.type("yes")               # the user's next prompt
    session.wait_quiet()
    session.close()                   # Ctrl-C twice, then the process group is killed
    session.requests                  # the fake API's log of this session

The sandbox's ``~/.claude.json`` is prepared the way a person leaves it after
the first start (onboarding done, the theme chosen, this API key approved,
the bypass-permissions warning accepted), so no dialog waits for a key.
Nothing the terminal shows is asserted on: the tests read the fake API's
log and the hook recorder, as the headless tests do.
"""

from __future__ import annotations

import json
import os
import select
import signal
import time

from .harness import clean_env, claude_executable


class Interactive:
    """One interactive CLI session in ``box`` answering from ``script``."""

    def __init__(self, box, api, script, *, args=(), env=None, claude=None,
                 permission_mode: str = "bypassPermissions") -> None:
        self.box = box
        self.api = api
        self.script = script
        self.exe = str(claude or getattr(box, "claude", None) or claude_executable())
        self.key = api.register(script)
        self.args = list(args)
        if permission_mode:
            self.args += ["--permission-mode", permission_mode]
        self.env = clean_env(box.home, box.tmp, api.base_url, self.key,
                             {"TERM": "xterm-256color", "COLUMNS": "160", "LINES": "50",
                              **(env or {})})
        self.pid = None
        self.fd = None
        self.screen = b""
        self._prepare_home()

    def _prepare_home(self) -> None:
        path = self.box.home / ".claude.json"
        data = json.loads(path.read_text()) if path.exists() else {}
        data.update(hasCompletedOnboarding=True, theme="dark", bypassPermissionsModeAccepted=True,
                    customApiKeyResponses={"approved": [self.key[-20:]], "rejected": []})
        data.setdefault("projects", {}).setdefault(str(self.box.repo), {}).update(
            hasTrustDialogAccepted=True, hasCompletedProjectOnboarding=True)
        path.write_text(json.dumps(data, indent=2))
        settings = self.box.home / ".claude" / "settings.json"
        settings.parent.mkdir(parents=True, exist_ok=True)
        current = json.loads(settings.read_text()) if settings.exists() else {}
        current["skipDangerousModePermissionPrompt"] = True
        settings.write_text(json.dumps(current))

    def start(self, prompt: str) -> Interactive:
        """Start the CLI with ``prompt`` as the first user prompt."""
        import pty

        pid, fd = pty.fork()
        if pid == 0:  # the child: become the CLI
            try:
                os.chdir(self.box.repo)
                os.execve(self.exe, [self.exe, *self.args, prompt], self.env)
            finally:
                os._exit(127)
        self.pid, self.fd = pid, fd
        return self

    def pump(self, seconds: float) -> bool:
        """Read what the terminal shows for ``seconds``; False once it closed."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            ready, _, _ = select.select([self.fd], [], [], 0.2)
            if not ready:
                continue
            try:
                data = os.read(self.fd, 65536)
            except OSError:
                return False
            if not data:
                return False
            self.screen = (self.screen + data)[-200_000:]
        return True

    @property
    def requests(self) -> list:
        return self.api.requests(self.key)

    def wait_quiet(self, quiet: float = 20.0, limit: float = 300.0, until=None) -> bool:
        """Pump the terminal until the fake API has seen no new request for
        ``quiet`` seconds (or ``until()`` is true); False when ``limit``
        seconds passed first."""
        started = time.monotonic()
        seen, since = -1, time.monotonic()
        while time.monotonic() - started < limit:
            if not self.pump(1.0):
                return True
            if until is not None and until():
                return True
            count = len(self.requests)
            if count != seen:
                seen, since = count, time.monotonic()
            elif time.monotonic() - since > quiet:
                return True
        return False

    def type(self, words: str) -> None:
        """The user types ``words`` and presses Enter."""
        os.write(self.fd, words.encode("utf-8"))
        self.pump(0.5)
        os.write(self.fd, b"\r")

    def close(self) -> None:
        """Ctrl-C twice (Claude Code's exit), then kill what is left."""
        if self.pid is None:
            return
        for _ in range(2):
            try:
                os.write(self.fd, b"\x03")
            except OSError:
                break
            self.pump(1.0)
        try:
            os.killpg(os.getpgid(self.pid), signal.SIGKILL)
        except (ProcessLookupError, PermissionError, OSError):
            pass
        try:
            os.waitpid(self.pid, 0)
        except ChildProcessError:
            pass
        try:
            os.close(self.fd)
        except OSError:
            pass
        self.pid = None

    def lane(self, lane: str = "main") -> list:
        return [r for r in self.requests if r.lane == lane]

    def tool_results(self, lane: str = "main") -> dict:
        out = {}
        for r in self.lane(lane):
            out.update(r.tool_results())
        return out
