"""A sync-sdd project for the tests: the workflow active on main, features
with their phase, design and tasks, and calls as the lead or as an agent."""

from __future__ import annotations

import json

import yaml

F = ".sdd/project/specs/greet"


class SDD:
    """``ws`` (tests/_foundation.Workspace) with sync-sdd active."""

    def __init__(self, ws) -> None:
        self.ws = ws
        ws.branch("main")
        ws.set_state("config", workflow="sync-sdd")

    # ------------------------------------------------------------ state
    def feature(self, name="greet", phase="initialized", design=False, tasks=None,
                **spec) -> str:
        d = self.ws.root / ".sdd/project/specs" / name
        d.mkdir(parents=True, exist_ok=True)
        doc = {"feature_name": name, "phase": phase, **spec}
        (d / "spec.yaml").write_text(yaml.safe_dump(doc, sort_keys=False))
        if design:
            (d / "design.md").write_text("# design\n")
        if tasks is not None:
            self.tasks(name, tasks)
        return f".sdd/project/specs/{name}"

    def tasks(self, name="greet", statuses=("pending", "pending")):
        d = self.ws.root / ".sdd/project/specs" / name
        doc = {"feature": name, "tasks": [
            {"id": str(i + 1), "title": f"task {i + 1}", "wave": i + 1, "depends_on": [],
             "files": [f"src/t{i + 1}.py"], "builder": f"B{i + 1}", "status": s}
            for i, s in enumerate(statuses)]}
        (d / "tasks.yaml").write_text(yaml.safe_dump(doc, sort_keys=False))
        return doc

    def ledger(self, *records):
        path = self.ws.root / ".claude/logs/sdd-ledger.jsonl"
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a") as fh:
            for rec in records:
                fh.write(json.dumps({"ts": "2026-01-01T00:00:00+00:00", **rec}) + "\n")

    # ------------------------------------------------------------ calls
    @staticmethod
    def who(agent):
        if agent is None:
            return {}
        return {"agent_id": f"id-{agent}", "agent_type": agent}

    def write(self, rel, content="x\n", agent=None):
        return self.ws.pre("Write", {"file_path": self.ws.abs(rel), "content": content},
                           **self.who(agent))

    def edit(self, rel, old, new, agent=None):
        return self.ws.pre("Edit", {"file_path": self.ws.abs(rel), "old_string": old,
                                    "new_string": new, "replace_all": False}, **self.who(agent))

    def bash(self, command, agent=None):
        return self.ws.pre("Bash", {"command": command}, **self.who(agent))

    def start(self, agent, prompt="Feature: greet\ngo"):
        return self.ws.pre("Agent", {"subagent_type": agent, "prompt": prompt,
                                     "description": agent})

    def stop(self, agent, message):
        payload = self.ws.payload("SubagentStop", stop_hook_active=False,
                                  agent_id=f"id-{agent}", agent_type=agent,
                                  last_assistant_message=message)
        return self.ws.evaluate("SubagentStop", payload)
