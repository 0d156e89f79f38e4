"""A crew workflow workspace for in-process tests: state.md with
``config.workflow: crew``, the parent's calls, and subagents whose
transcripts hold their prompts where Claude Code keeps them
(``<session transcript minus .jsonl>/subagents/agent-<id>.jsonl``,
docs/claude-code-measured.md)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from _foundation import Result, Workspace

PLAN = """# Plan: {cmd}

Add --shout to greet and document it.

| Task | Title | Persona | Model | Depends On | Writes |
|------|-------|---------|-------|------------|--------|
| 1 | Survey the option parsing | researcher | haiku | - | - |
| 2 | Add the --shout option | coder | sonnet | - | greet/cli.py, tests/** |
| 3 | Document --shout | writer | haiku | 1, 2 | README.md |
"""

RESULT = """---
status: {status}
quality: {quality}
completeness: {completeness}
errors: {errors}
output_files: {outputs}
---
# Result: task {n}

## Summary
done

{extra}
"""


def result_text(n: int, status="success", quality="GREEN", completeness=100, errors="[]",
                outputs="[]", extra="") -> str:
    return RESULT.format(n=n, status=status, quality=quality, completeness=completeness,
                         errors=errors, outputs=outputs, extra=extra)


def prompt(template: str, *lines: str) -> str:
    body = "\n".join(lines)
    return (f"## Instructions\nTEMPLATE_PATH: .claude/skills/crew/templates/{template}.md\n"
            f"↑ Read this file first and follow it.\n\n## Task\n{body}\n")


def worker_prompt(cmd: str, n: int, persona: str) -> str:
    return prompt(f"worker_{persona}", f"input: work/{cmd}/tasks/task_{n}.md",
                  f"output: work/{cmd}/results/result_{n}.md")


class CrewWorkspace(Workspace):
    """A workspace in the crew workflow, on branch ``feat/x``."""

    def __init__(self, root: Path, branch: str = "feat/x") -> None:
        super().__init__(root, branch)
        text = (root / "state.md").read_text()
        (root / "state.md").write_text(text.replace("workflow: golden-path",
                                                    "workflow: crew", 1))
        self.ids = 0
        # The crew's skill where install.py puts it (its scripts are run from there).
        import shutil

        from conftest import SUITE

        shutil.copytree(SUITE / "skills" / "crew", root / ".claude" / "skills" / "crew",
                        ignore=shutil.ignore_patterns("__pycache__"))

    # ------------------------------------------------------------ the cmd
    def new_cmd(self) -> str:
        from workflow.crew.cli import make_cmd

        return make_cmd(str(self.root))

    def put(self, rel: str, text: str) -> Path:
        path = self.root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        return path

    def plan(self, cmd: str, text: str | None = None) -> None:
        self.put(f"work/{cmd}/plan.md", (text or PLAN).format(cmd=cmd))
        for n in re.findall(r"^\| (\d+) \|", text or PLAN, re.M):
            self.put(f"work/{cmd}/tasks/task_{n}.md", f"# Task {n}\n\nsecret body {n}\n")

    # ------------------------------------------------------------ the parent
    def agent(self, subagent_type: str, text: str, background=False, **extra) -> Result:
        self.ids += 1
        tool_input = {"description": "d", "prompt": text, "subagent_type": subagent_type,
                      "run_in_background": background}
        payload = self.payload("PreToolUse", tool_name="Agent", tool_input=tool_input,
                               tool_use_id=f"toolu_{self.ids}", **extra)
        return Result(*self.evaluate("PreToolUse", payload))

    def post_agent(self, subagent_type: str, text: str, agent_id: str,
                   status="completed") -> Result:
        tool_input = {"description": "d", "prompt": text, "subagent_type": subagent_type}
        payload = self.payload("PostToolUse", tool_name="Agent", tool_input=tool_input,
                               tool_use_id=f"toolu_{self.ids}",
                               tool_response={"status": status, "agentId": agent_id})
        return Result(*self.evaluate("PostToolUse", payload))

    def prompt_submit(self, prompt_text: str) -> Result:
        return Result(*self.evaluate("UserPromptSubmit",
                                     self.payload("UserPromptSubmit", prompt=prompt_text)))

    def session_start(self, source="startup") -> Result:
        return Result(*self.evaluate("SessionStart", self.payload("SessionStart", source=source)))

    # ------------------------------------------------------------ subagents
    def transcript(self, agent_id: str) -> Path:
        return self.root / "t" / "subagents" / f"agent-{agent_id}.jsonl"

    def spawn(self, agent_id: str, agent_type: str, text: str) -> "Sub":
        """A subagent that started with ``text`` (SubagentStart, transcript)."""
        path = self.transcript(agent_id)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps({"type": "user", "agentId": agent_id,
                                    "message": {"role": "user", "content": text}}) + "\n")
        self.evaluate("SubagentStart", self.payload("SubagentStart", agent_id=agent_id,
                                                    agent_type=agent_type))
        return Sub(self, agent_id, agent_type)


class Sub:
    """A subagent's calls."""

    def __init__(self, ws: CrewWorkspace, agent_id: str, agent_type: str) -> None:
        self.ws, self.agent_id, self.agent_type = ws, agent_id, agent_type

    def pre(self, tool: str, tool_input: dict) -> Result:
        return self.ws.pre(tool, tool_input, agent_id=self.agent_id, agent_type=self.agent_type)

    def write(self, rel: str, text: str, really: bool = True) -> Result:
        result = self.pre("Write", {"file_path": self.ws.abs(rel), "content": text})
        if really and not result.blocked:
            self.ws.put(rel, text)
        return result

    def bash(self, command: str) -> Result:
        return self.pre("Bash", {"command": command})

    def turns(self, count: int) -> None:
        """Record ``count`` assistant turns in the transcript."""
        with self.ws.transcript(self.agent_id).open("a") as fh:
            for k in range(count):
                fh.write(json.dumps({"type": "assistant", "message": {
                    "id": f"msg_{self.agent_id}_{k:04d}", "role": "assistant"}}) + "\n")

    def stop(self, message: str = "done") -> Result:
        payload = self.ws.payload("SubagentStop", agent_id=self.agent_id,
                                  agent_type=self.agent_type, stop_hook_active=False,
                                  last_assistant_message=message,
                                  agent_transcript_path=str(self.ws.transcript(self.agent_id)))
        return Result(*self.ws.evaluate("SubagentStop", payload))


def decomposer_prompt(cmd: str, extra: str = "") -> str:
    return prompt("decomposer", f"REQUEST_PATH: work/{cmd}/request.md",
                  f"PLAN_PATH: work/{cmd}/plan.md", f"TASKS_DIR: work/{cmd}/tasks/") + extra


def reviewer_prompt(cmd: str) -> str:
    return prompt("plan_reviewer", f"REQUEST_PATH: work/{cmd}/request.md",
                  f"PLAN_PATH: work/{cmd}/plan.md")


def aggregator_prompt(cmd: str, failed=None) -> str:
    text = prompt("aggregator", f"RESULTS_DIR: work/{cmd}/results/",
                  f"PLAN_PATH: work/{cmd}/plan.md", f"REPORT_PATH: work/{cmd}/cmd_report.md",
                  f"REPORT_SUMMARY_PATH: work/{cmd}/cmd_report_summary.md")
    if failed is not None:
        text += "FAILED_TASKS: [" + ", ".join(map(str, failed)) + "]\n"
    return text


def retrospector_prompt(cmd: str, mode: str | None = "light") -> str:
    text = prompt("retrospector", f"WORK_DIR: work/{cmd}/", f"REPORT_PATH: work/{cmd}/cmd_report.md",
                  f"RETROSPECTIVE_PATH: work/{cmd}/retrospective.md")
    return text + (f"MODE: {mode}\n" if mode else "")


class Flow:
    """A cmd driven through its phases by compliant calls (each asserted)."""

    def __init__(self, ws: CrewWorkspace, plan_text: str | None = None) -> None:
        self.ws = ws
        ws.session_start()
        assert not ws.read("state.md").blocked
        self.cmd = ws.new_cmd()
        ws.put(f"work/{self.cmd}/request.md", "add --shout\n")
        self.plan_text = plan_text
        self.agents = 0

    def _id(self) -> str:
        self.agents += 1
        return f"ag{self.agents}"

    def run(self, agent_type: str, text: str, write=(), message="done", turns=0):
        """Launch (asserted allowed), start, write ``write`` [(rel, text)], stop."""
        launched = self.ws.agent(agent_type, text)
        assert not launched.blocked, launched
        sub = self.ws.spawn(self._id(), agent_type, text)
        for rel, body in write:
            out = sub.write(rel, body)
            assert not out.blocked, (rel, out)
        if turns:
            sub.turns(turns)
        stop = sub.stop(message)
        post = self.ws.post_agent(agent_type, text, sub.agent_id)
        return sub, stop, post

    def decompose(self):
        text = decomposer_prompt(self.cmd)
        assert not self.ws.agent("crew-decomposer", text).blocked
        sub = self.ws.spawn(self._id(), "crew-decomposer", text)
        self.ws.plan(self.cmd, self.plan_text)
        sub.stop("Wrote plan.md: 3 tasks in 2 waves.")
        return self.ws.post_agent("crew-decomposer", text, sub.agent_id)

    def review(self, verdict="APPROVE"):
        return self.run("crew-plan-reviewer", reviewer_prompt(self.cmd),
                        message=f"checked\nPLAN REVIEW: {verdict}")

    def work(self, n: int, persona: str, status="success", outputs="[]", extra="", **kw):
        body = result_text(n, status=status, outputs=outputs, extra=extra)
        writes = [(f"work/{self.cmd}/results/result_{n}.md", body)] + list(kw.pop("files", ()))
        return self.run(f"crew-{persona}", worker_prompt(self.cmd, n, persona),
                        write=writes, **kw)

    def close(self):
        """Every task a success, the aggregate and a light retrospect: the
        hooks close the cmd (success)."""
        self.decompose()
        self.review()
        self.work(1, "researcher", extra="## Sources\n- x")
        self.work(2, "coder", outputs="[greet/cli.py]", files=[("greet/cli.py", "x\n")])
        self.work(3, "writer", outputs="[README.md]", files=[("README.md", "x\n")])
        self.run("crew-aggregator", aggregator_prompt(self.cmd), write=[
            (f"work/{self.cmd}/cmd_report.md", "# Report\n"),
            (f"work/{self.cmd}/cmd_report_summary.md",
             f"---\ncmd_id: {self.cmd}\nstatus: success\nquality: GREEN\ncompleteness: 100\n"
             "task_count: 3\nfailed_tasks: []\n---\n# Summary\n")])
        self.run("crew-retrospector", retrospector_prompt(self.cmd, "light"), write=[
            (f"work/{self.cmd}/retrospective.md",
             "---\nmode: light\nimprovements_accepted: 0\nskills_accepted: 0\n---\n# R\n")])


def memory_writer_prompt(cmd: str, *entities: str) -> str:
    """The batch approval's prompt to ``crew-memory-writer`` (SKILL.md)."""
    return (f"CMD_DIR: work/{cmd}/\nStore these approved entities:\n"
            + "".join(f"- {e}\n" for e in entities))
