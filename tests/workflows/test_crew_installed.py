"""What the crew's hooks enforce, through the installed hooks: install.py's
``.claude/`` in a real git repository, every payload piped into the hook
command ``settings.json`` registers, as Claude Code runs it. The in-process
tests (test_crew_guards.py) cover the rules case by case; these check that
the installed suite enforces each of them: the path-passer rule (Read, Grep,
a Bash reader, a reader by proxy), wave dependencies and one writer per
file, the execution log the parent cannot change, checkpoint resume, code
only under an approved plan and on the branch policy's branch, and the cmd
a success only with every result validated."""

from __future__ import annotations

import subprocess

import pytest
import yaml
from crew_kit import (
    CrewWorkspace,
    Flow,
    aggregator_prompt,
    memory_writer_prompt,
    result_text,
    reviewer_prompt,
    worker_prompt,
)
from saying import matches, says


class InstalledCrew(CrewWorkspace):
    """:class:`crew_kit.CrewWorkspace` on an install: every hook call is the
    installed hook's command run as a subprocess (``Installed.hook``)."""

    def __init__(self, installed) -> None:  # noqa: D107 - no Workspace set-up: install.py did it
        self.installed = installed
        self.root = installed.root
        self.ids = 0
        self.env = {}
        state = self.root / "state.md"
        state.write_text(state.read_text().replace("workflow: golden-path", "workflow: crew", 1))
        self.branch("feat/x")

    def branch(self, name) -> None:
        subprocess.run(["git", "checkout", "-q", "-B", name], cwd=self.root, check=True)

    def evaluate(self, event: str, payload, env=None) -> tuple:
        out = self.installed.hook(event, payload, env=env)
        return out.code, out.stdout, out.stderr, None


@pytest.fixture
def flow(installed):
    return Flow(InstalledCrew(installed))


def log_of(flow) -> dict:
    return yaml.safe_load((flow.ws.root / f"work/{flow.cmd}/execution_log.yaml").read_text())


def refused_by(out, guard: str) -> bool:
    return out.blocked and f"playgate:{guard}" in out.stderr


def test_the_path_passer_rule(flow):
    ws = flow.ws
    flow.decompose()
    flow.review()
    flow.work(1, "researcher", extra="## Sources\n- x\n" + "body line\n" * 30)
    cmd = flow.cmd
    task, result = f"work/{cmd}/tasks/task_2.md", f"work/{cmd}/results/result_1.md"
    out = ws.read(task)
    assert refused_by(out, "crew-path-passer") and "task bodies" in out.stderr, out
    assert not ws.pre("Read", {"file_path": ws.abs(result), "limit": 20}).blocked
    out = ws.pre("Read", {"file_path": ws.abs(result), "offset": 10, "limit": 20})
    assert refused_by(out, "crew-path-passer") and "limit 20" in out.stderr
    out = ws.pre("Grep", {"pattern": "body", "path": ws.abs(f"work/{cmd}"),
                          "output_mode": "content"})
    assert refused_by(out, "crew-path-passer")
    for command in (f"cat {result}", f"tail -n 5 {result}", f"grep -r body work/{cmd}/tasks",
                    f"python3 -c \"print(open('{task}').read())\"", f"less < {task}"):
        assert refused_by(ws.bash(command), "crew-path-passer"), command
    assert not ws.bash(f"head -n 20 {result}").blocked
    # A reader by proxy: a subagent outside the crew reports to the parent.
    out = ws.pre("Read", {"file_path": ws.abs(task)}, agent_id="ex1", agent_type="Explore")
    assert refused_by(out, "crew-path-passer") and "not one of the crew's agents" in out.stderr
    # The crew worker of the task reads it.
    sub = ws.spawn("w2", "crew-coder", worker_prompt(cmd, 2, "coder"))
    assert not sub.pre("Read", {"file_path": ws.abs(task)}).blocked


def test_waves_and_one_writer_per_file(flow):
    ws = flow.ws
    flow.decompose()
    flow.review()
    out = ws.agent("crew-writer", worker_prompt(flow.cmd, 3, "writer"))
    assert refused_by(out, "crew-wave-guard")
    assert "task_1 (not run), task_2 (not run)" in out.stderr
    flow.work(1, "researcher", extra="## Sources\n- x")
    flow.work(2, "coder", status="failure")
    out = ws.agent("crew-writer", worker_prompt(flow.cmd, 3, "writer"))
    assert refused_by(out, "crew-wave-guard") and "task_2 (failure)" in out.stderr


def test_a_plan_with_two_writers_of_one_file_in_a_wave(installed):
    ws = InstalledCrew(installed)
    text = ("| Task | Title | Persona | Model | Depends On | Writes |\n|---|---|---|---|---|---|\n"
            "| 1 | a | coder | - | - | src/a.py |\n| 2 | b | coder | - | - | src/a.py |\n")
    flow = Flow(ws, text)
    flow.decompose()
    out = ws.agent("crew-plan-reviewer", reviewer_prompt(flow.cmd))
    assert refused_by(out, "crew-wave-guard")
    assert says(out.stderr, "crew_plan.shared_write", first=1, second=2, path="src/a.py")


def test_code_only_under_an_approved_plan_and_on_the_policys_branch(flow):
    ws = flow.ws
    flow.decompose()
    out = ws.agent("crew-coder", worker_prompt(flow.cmd, 2, "coder"))
    assert refused_by(out, "crew-wave-guard") and "crew-plan-reviewer" in out.stderr
    flow.review()
    ws.branch("main")
    sub = ws.spawn("c1", "crew-coder", worker_prompt(flow.cmd, 2, "coder"))
    out = sub.pre("Edit", {"file_path": ws.abs("greet/cli.py"), "old_string": "a",
                           "new_string": "b"})
    assert refused_by(out, "main-branch"), out
    ws.branch("feat/x")
    out = sub.pre("Edit", {"file_path": ws.abs("README.md"), "old_string": "a",
                           "new_string": "b"})
    assert out.blocked and "README.md" in out.stderr  # not in task 2's Writes
    assert not sub.pre("Edit", {"file_path": ws.abs("greet/cli.py"), "old_string": "a",
                                "new_string": "b"}).blocked


def test_the_execution_log_is_the_hooks(flow):
    ws = flow.ws
    flow.decompose()
    flow.review("APPROVE-WITH-NOTES - README wording")
    flow.work(1, "researcher", extra="## Sources\n- x")
    flow.work(2, "coder", status="failure")
    log = log_of(flow)
    assert log["plan_validation"]["verdict"] == "APPROVE-WITH-NOTES"
    assert log["plan_validation"]["notes"] == "README wording"
    states = {t["task"]: (t["status"], t["retries"]) for t in log["tasks"] if t["task"]}
    assert states == {"task_1": ("success", 0), "task_2": ("failure", 0),
                      "task_3": ("pending", 0)}, states
    rel = f"work/{flow.cmd}/execution_log.yaml"
    text = (ws.root / rel).read_text()
    assert not ws.write(rel, text + "approvals:\n  improvements: []\n").blocked
    ws.put(rel, text + "approvals:\n  improvements: []\n")
    forged = text.replace("status: failure", "status: success", 1)
    assert forged != text
    assert refused_by(ws.write(rel, forged), "crew-files")
    assert ws.bash(f"echo 'status: success' >> {rel}").blocked


def test_resume_at_session_start(flow):
    ws = flow.ws
    flow.decompose()
    flow.review()
    text = worker_prompt(flow.cmd, 1, "researcher")
    assert not ws.agent("crew-researcher", text).blocked
    ws.spawn("r1", "crew-researcher", text)
    assert not ws.agent("crew-coder", worker_prompt(flow.cmd, 2, "coder")).blocked
    # The session ends while both run; task 1 had written its result.
    ws.put(f"work/{flow.cmd}/results/result_1.md", result_text(1, extra="## Sources\n- x"))
    context = ws.session_start("resume").context
    [m] = matches(context, "crew.checkpoint", cmd=flow.cmd)
    assert m["done"].startswith("task_1") and m["pending"].startswith("task_3"), context
    assert says(m["interrupted"], "crew.task_no_result", task=2), context
    states = {t["task"]: t["status"] for t in log_of(flow)["tasks"] if t["task"]}
    assert states == {"task_1": "success", "task_2": "running", "task_3": "pending"}, states


def test_the_cmd_is_a_success_only_with_every_result_validated(flow):
    ws = flow.ws
    flow.decompose()
    flow.review()
    flow.work(1, "researcher", extra="## Sources\n- x")
    flow.work(2, "coder", outputs="[greet/cli.py]", files=[("greet/cli.py", "x\n")])
    # Task 3's worker writes a result without its metadata header: not validated.
    flow.run("crew-writer", worker_prompt(flow.cmd, 3, "writer"),
             write=[(f"work/{flow.cmd}/results/result_3.md", "# Result\nall done\n")])
    entry = next(t for t in log_of(flow)["tasks"] if t["task"] == "task_3")
    assert entry["status"] != "success" and entry["metadata_issues"], entry
    # The aggregator may not start without task 3 in FAILED_TASKS ...
    out = ws.agent("crew-aggregator", aggregator_prompt(flow.cmd))
    assert out.blocked, out
    # ... nor call the cmd a success in its summary.
    for _ in range(2):
        flow.work(3, "writer", status="failure")
    text = aggregator_prompt(flow.cmd, failed=[3])
    assert not ws.agent("crew-aggregator", text).blocked
    sub = ws.spawn("agg", "crew-aggregator", text)
    ws.put(f"work/{flow.cmd}/cmd_report.md", "# Report\n")
    ws.put(f"work/{flow.cmd}/cmd_report_summary.md",
           f"---\ncmd_id: {flow.cmd}\nstatus: success\nquality: GREEN\ncompleteness: 100\n"
           "task_count: 3\nfailed_tasks: []\n---\n# Summary\n")
    stop = sub.stop()
    assert '"decision": "block"' in stop.stdout or stop.code == 2, stop


def test_memory_only_through_the_memory_writer_after_the_cmd(flow):
    ws = flow.ws
    (ws.root / ".claude/crew-config.yaml").write_text("memory_server: memory\n")
    good = {"name": "python:testing:tmp_path_over_tempdir", "entityType": "best_practice",
            "observations": ["pytest's tmp_path is cleaned per test"]}
    text = memory_writer_prompt(flow.cmd, "python:testing:tmp_path_over_tempdir")
    assert refused_by(ws.agent("crew-memory-writer", text), "crew-wave-guard")  # still open
    flow.close()
    out = ws.pre("mcp__memory__create_entities", {"entities": [good]})
    assert refused_by(out, "crew-memory") and "crew-memory-writer" in out.stderr
    assert not ws.pre("mcp__memory__search_nodes", {"query": "pytest"}).blocked
    assert not ws.agent("crew-memory-writer", text).blocked
    sub = ws.spawn("mw1", "crew-memory-writer", text)
    assert not sub.pre("mcp__memory__create_entities", {"entities": [good]}).blocked
    out = sub.pre("mcp__memory__add_observations", {"observations": [
        {"entityName": good["name"], "contents": [{"note": f"seen in {flow.cmd}"}]}]})
    assert refused_by(out, "crew-memory") and says(out.stderr, "crew.memory_about_cmd")
    assert refused_by(sub.pre("mcp__memory__delete_entities", {"entityNames": ["a:b:c"]}),
                      "crew-memory")


def test_a_skipped_phase_1(installed):
    ws = InstalledCrew(installed)
    ws.session_start()
    assert not ws.read("state.md").blocked
    cmd = ws.new_cmd()
    ws.put(f"work/{cmd}/request.md", "fix the typo\n")
    plan = ("# Plan\n\n| Task | Title | Persona | Model | Depends On | Writes |\n"
            "|---|---|---|---|---|---|\n| 1 | Fix the typo | writer | haiku | - | README.md |\n")
    assert refused_by(ws.write(f"work/{cmd}/tasks/task_2.md", "x\n"), "crew-files")
    assert not ws.write(f"work/{cmd}/plan.md", plan).blocked
    ws.put(f"work/{cmd}/plan.md", plan)
    assert not ws.write(f"work/{cmd}/tasks/task_1.md", "# Task 1\n").blocked
    ws.put(f"work/{cmd}/tasks/task_1.md", "# Task 1\n")
    assert not ws.agent("crew-writer", worker_prompt(cmd, 1, "writer")).blocked
    out = ws.write(f"work/{cmd}/plan.md", plan.replace("README.md", "**"))
    assert refused_by(out, "crew-files") and "has run already" in out.stderr


def test_an_improvement_is_applied_only_when_the_user_named_it(flow):
    ws = flow.ws
    flow.close()
    cmd = flow.cmd
    ws.put(f"work/{cmd}/retrospective.md",
           "---\nimprovements_accepted: 1\n---\n## Improvements\n"
           "### IMP-001: a convention\n- target: docs/conventions.md\n- type: docs\n")
    rel = f"work/{cmd}/execution_log.yaml"
    text = (ws.root / rel).read_text() + "approvals:\n  improvements: [IMP-001]\n"
    assert not ws.write(rel, text).blocked
    ws.put(rel, text)
    out = ws.write("docs/conventions.md", "x\n")
    assert refused_by(out, "crew-plan-gate"), out
    ws.prompt_submit("approve IMP-001")
    assert not ws.write("docs/conventions.md", "x\n").blocked
    assert refused_by(ws.write("src/app.py", "x\n"), "crew-plan-gate")
