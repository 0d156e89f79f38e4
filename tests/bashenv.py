"""A workspace for Bash-chain tests: a git repository with the suite
installed, an active reviewed playbook on its own branch, and a few files the
corpus refers to (see tests/corpus/bash_corpus.py).

``Workspace.decide(command)`` runs the PreToolUse chain in-process through
``events.runtime.evaluate`` (the worktree's code); ``Workspace.decide_many``
runs a batch through the *installed* suite in one subprocess; the conftest
``Installed.tool`` runs the registered hook command as Claude Code does.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from conftest import Installed, git, install, make_repo

PLAN = {
    "format_version": 2,
    "meta": {"id": "demo", "branch": "feat/demo", "created": "2026-01-01", "status": "active",
             "review_profile": "standard", "reviewed": True, "reviewed_by": "reviewer",
             "roles": {}},
    "goal": {"summary": "demo", "done_when": ["tests pass"], "scope": {"includes": [],
                                                                     "excludes": []}},
    "context": {"why": "tests"},
    "max_iterations": 5,
    "phases": [{"id": "p1", "name": "one", "description": "d", "depends_on": [],
                "subtasks": [{"id": "p1.1", "criterion": "c", "executor": "claudecode",
                              "coding": True, "validation_plan": {
                                  "technical": "t", "consistency": "c", "completeness": "c"}}]}],
    "final_tasks": [],
}
PROGRESS = {
    "format_version": 2,
    "active": {"phase": "p1", "subtask": "p1.1"},
    "phases": {"p1": {"status": "in_progress", "updated_at": "2026-01-01"}},
    "subtasks": {"p1.1": {"status": "in_progress"}},
    "final_tasks": [],
    "critic": {"status": "PENDING", "evidence": []},
}


def set_state(root: Path, active: str | None = "play/demo/plan.json", security: str = "strict",
              goal_status: str = "in_progress", extra_config: str = "",
              self_complete: bool = False, done_criteria: str = "\n  - tests pass") -> None:
    """Rewrite state.md (the test plays the user here, not Claude)."""
    text = f"""# state.md

## playbook
```yaml
active: {active if active else 'null'}
current_phase: p1
branch: feat/demo
last_archived: null
```
---
## goal
```yaml
self_complete: {'true' if self_complete else 'false'}
milestone: null
phase: p1
done_criteria:{done_criteria}
status: {goal_status}
```
---
## session
```yaml
last_start: null
last_end: null
```
---
## config
```yaml
security: {security}
toolstack: A
roles: {{orchestrator: claudecode, worker: claudecode, reviewer: claudecode, human: user}}
lint_blocks: false
{extra_config}
```
"""
    (root / "state.md").write_text(text)


_TEMPLATE: dict = {}


def make_workspace(base: Path) -> "Workspace":
    """A fresh workspace under ``base`` (copied from one built per test
    session: installing takes seconds, copying a fraction of that)."""
    import shutil
    import tempfile

    template = _TEMPLATE.get("repo")
    if template is None or not template.exists():
        import atexit

        holder = Path(tempfile.mkdtemp(prefix="playgate-ws-"))
        atexit.register(shutil.rmtree, holder, True)
        template = _build_workspace(holder).root
        _TEMPLATE["repo"] = template
    repo = base / "repo"
    shutil.copytree(template, repo, symlinks=True)
    return Workspace(repo)


def _build_workspace(base: Path) -> "Workspace":
    repo = make_repo(base / "repo")
    proc = install(repo)
    assert proc.returncode == 0, proc.stderr + proc.stdout
    for rel, content in {
        "src/app.py": "print('app')\n", "src/old.py": "x = 1\n", "build/out.txt": "out\n",
        "build/empty/.keep": "", "scripts/build.sh": "echo build\n",
        "scripts/check.py": "print('ok')\n", "data.txt": "1 2\n3 4\n", "data.csv": "a,b\n",
        "file.txt": "foo\n", "docs/index.md": "# docs\n", ".env": "SECRET=1\n",
        "list.txt": "/\n",
    }.items():
        p = repo / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(content)
    os.unlink(repo / "build/empty/.keep")
    play = repo / "play" / "demo"
    play.mkdir(parents=True, exist_ok=True)
    (play / "plan.json").write_text(json.dumps(PLAN, indent=2))
    (play / "progress.json").write_text(json.dumps(PROGRESS, indent=2))
    set_state(repo)
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "workspace")
    git(repo, "branch", "feature")
    git(repo, "branch", "old-feature")
    git(repo, "checkout", "-q", "-b", "feat/demo")
    # No session-start markers: init-guard and the prompt-analyzer gate are open.
    return Workspace(repo)


class Workspace(Installed):
    """An installed repository prepared for Bash-chain tests."""

    def env(self) -> dict:
        env = dict(os.environ, CLAUDE_PROJECT_DIR=str(self.root))
        env.pop("PLAYGATE_TRACE", None)
        return env

    def payload_bytes(self, command: str, cwd: str | None = None) -> bytes:
        return json.dumps(self.payload("PreToolUse", tool_name="Bash",
                                       tool_input={"command": command},
                                       tool_use_id="toolu_test",
                                       **({"cwd": cwd} if cwd else {}))).encode()

    def decide(self, command: str, cwd: str | None = None):
        """``(exit_code, stderr, stdout)`` of the PreToolUse chain, in-process."""
        from events.runtime import evaluate

        code, out, err, _outcome = evaluate("PreToolUse", self.payload_bytes(command, cwd),
                                            env=self.env(), root=str(self.root))
        return code, err, out

    def decide_many(self, commands: list) -> list:
        """Run every command through the *installed* suite's runtime in one
        subprocess; returns ``[(exit_code, stderr)]``."""
        return [(code, err) for code, _out, err in self.answers_many(commands)]

    def answers_many(self, commands: list) -> list:
        """Like :meth:`decide_many`, with the answer's stdout (an ask's or a
        JSON block's body): ``[(exit_code, stdout, stderr)]``."""
        script = (
            "import json, sys\n"
            f"sys.path.insert(0, {str(self.root / '.claude')!r})\n"
            "from events.runtime import evaluate\n"
            "payloads = json.load(sys.stdin)\n"
            "out = []\n"
            "for p in payloads:\n"
            "    code, o, e, _ = evaluate('PreToolUse', p.encode())\n"
            "    out.append([code, o, e])\n"
            "json.dump(out, sys.stdout)\n"
        )
        payloads = [self.payload_bytes(c).decode() for c in commands]
        proc = subprocess.run([sys.executable, "-c", script], input=json.dumps(payloads),
                              capture_output=True, text=True, env=self.env(),
                              cwd=str(self.root), timeout=600)
        assert proc.returncode == 0, proc.stderr[-2000:]
        return [tuple(x) for x in json.loads(proc.stdout)]
