"""Workspaces for the robustness suites: project trees in named
states that can be put back exactly as they were between two examples.

``Scenario`` wraps a ``tests/_foundation.Workspace`` (state.md, the
protection list, play/template/, a fake ``.git`` whose HEAD names the
branch) and records every file under the root; ``reset()`` deletes what a
hook created and rewrites what it changed, so that each hypothesis example
starts from the same state (shrinking needs the same answer twice) while the
hooks' effects — markers, logs, archives, state.md writes — really happen.

Everything is written inside the test's temporary directory.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

from _foundation import Workspace

#: Directories a reset leaves alone: the git metadata and the content-keyed
#: parse cache (a stale entry is never used, see statefiles.cache).
_KEEP_DIRS = (".git", os.path.join(".claude", ".cache"))

KINDS = ("technical", "consistency", "completeness")


def done_entry() -> dict:
    return {"status": "done", "validated_at": "2026-01-02T00:00:00+00:00",
            "validated_by": "critic",
            "validations": {k: {"status": "PASS", "evidence": [f"{k} ok"]} for k in KINDS}}


class Scenario:
    """A workspace in a named state, with :meth:`reset` back to it."""

    def __init__(self, name: str, ws: Workspace) -> None:
        self.name = name
        self.ws = ws
        self.root = ws.root
        self.snapshot = self._take()

    # ---------------------------------------------------------- snapshot
    def _walk(self):
        root = str(self.root)
        for dirpath, dirnames, filenames in os.walk(root):
            rel_dir = os.path.relpath(dirpath, root)
            dirnames[:] = [d for d in dirnames
                           if os.path.normpath(os.path.join(rel_dir, d)) not in _KEEP_DIRS]
            for name in filenames + [d for d in dirnames
                                     if os.path.islink(os.path.join(dirpath, d))]:
                yield os.path.normpath(os.path.join(rel_dir, name))

    def _take(self) -> dict:
        snap = {}
        for rel in self._walk():
            path = os.path.join(str(self.root), rel)
            if os.path.islink(path):
                snap[rel] = ("link", os.readlink(path))
            elif os.path.isfile(path):
                with open(path, "rb") as fh:
                    snap[rel] = ("file", fh.read())
        return snap

    def refresh(self) -> None:
        """Take the current tree as the state to reset to."""
        self.snapshot = self._take()

    def reset(self) -> None:
        """Put the tree back as it was at the last :meth:`refresh`."""
        root = str(self.root)
        current = set(self._walk())
        for rel in current - set(self.snapshot):
            path = os.path.join(root, rel)
            try:
                if os.path.isdir(path) and not os.path.islink(path):
                    shutil.rmtree(path)
                else:
                    os.unlink(path)
            except FileNotFoundError:
                pass
        # Directories the hooks created (play/archive/<id>/, logs/...).
        for dirpath, _dirnames, _ in os.walk(root, topdown=False):
            rel_dir = os.path.relpath(dirpath, root)
            if rel_dir == "." or any(rel_dir == k or rel_dir.startswith(k + os.sep)
                                     for k in _KEEP_DIRS):
                continue
            if not any(r == rel_dir or r.startswith(rel_dir + os.sep) for r in self.snapshot):
                shutil.rmtree(dirpath, ignore_errors=True)
        for rel, (kind, value) in self.snapshot.items():
            path = os.path.join(root, rel)
            if kind == "link":
                if not (os.path.islink(path) and os.readlink(path) == value):
                    if os.path.lexists(path):
                        os.unlink(path)
                    os.makedirs(os.path.dirname(path), exist_ok=True)
                    os.symlink(value, path)
                continue
            try:
                with open(path, "rb") as fh:
                    same = fh.read() == value
            except OSError:
                same = False
            if not same:
                if os.path.isdir(path) and not os.path.islink(path):
                    shutil.rmtree(path)
                os.makedirs(os.path.dirname(path), exist_ok=True)
                with open(path, "wb") as fh:
                    fh.write(value)

    def errors_log(self) -> str:
        path = self.root / ".claude" / "logs" / "errors.log"
        return path.read_text(errors="replace") if path.exists() else ""


def build(name: str, base: Path) -> Scenario:
    """A workspace in state ``name`` under ``base``:

    * ``fresh``    — a session just started (init-guard pending, nothing
      read), no playbook active, the request not analysed;
    * ``ready``    — a reviewed playbook play/p1 is active on feat/x, the
      state was read;
    * ``complete`` — ``ready`` with every subtask done with the critic's
      evidence and the critic's PASS: an edit of progress.json archives it;
    * ``stuck``    — ``ready`` plus post-loop-pending, a waiting
      understanding check, a broken progress.json and a last failure;
    * ``hostile``  — broken state.md YAML (duplicate sections), playbook.active
      pointing to /etc/passwd, bad protected-files.txt lines, a directory
      where a marker file belongs;
    * ``main``     — ``ready`` but checked out on main.
    """
    ws = Workspace(base / name)
    root = ws.root
    if name == "fresh":
        ws.marker(".claude/.session-init/pending")
        ws.marker(".claude/.session-init/required_playbook", "\n")
    elif name in ("ready", "complete", "stuck", "main"):
        ws.ready()
        if name == "complete":
            (root / "play" / "p1" / "progress.json").write_text(json.dumps({
                "format_version": 2, "active": {"phase": "p1", "subtask": "s1"},
                "phases": {"p1": {"status": "done"}}, "subtasks": {"s1": done_entry()},
                "critic": {"status": "PASS", "evidence": ["all verified"]}}, indent=2))
        if name == "stuck":
            ws.marker(".claude/session-state/post-loop-pending",
                      json.dumps({"playbook": "p0", "status": "partial"}))
            ws.marker(".claude/.session-init/consent", "{}\n")
            ws.marker(".claude/session-state/last-fail-reason", "critic FAIL\n")
            (root / "play" / "p1" / "progress.json").write_text('{"format_version": 2, "sub')
        if name == "main":
            ws.branch("main")
    elif name == "hostile":
        ws.marker(".claude/session-state/prompt-analyzer-called")
        (root / "state.md").write_text(
            "# state\n## playbook\n```yaml\nactive: /etc/passwd\n```\n---\n"
            "## goal\n```yaml\nstatus: [unclosed\n```\n---\n## goal\n```yaml\nstatus: done\n```\n"
            "## config\n```yaml\nsecurity: strict\n```\n## session\nno block here\n")
        with open(root / ".claude" / "protected-files.txt", "a") as fh:
            fh.write("\nFOO:x\nBLOCK:\nHARD_BLOCK:../escape\nC:\\windows\nWARN:a # comment\n")
        (root / ".claude" / ".session-init" / "pending").mkdir(parents=True)
    else:
        raise ValueError(name)
    return Scenario(name, ws)


SCENARIOS = ("fresh", "ready", "complete", "stuck", "hostile", "main")
