"""The crew workflow as a compliant agent meets it (docs/crew.md), end to end.

The real Claude Code CLI, headless, in the **default** permission mode, with
the settings install.py wrote plus only the project's test command; the
model is :mod:`crew`'s reactive parent and its scripted crew agents. Three
sessions: the request (a cmd of three tasks in two waves, the plan reviewed,
the coder failing once and retried, the aggregate, a light retrospect, the
batch approval), the user's approval of one improvement (``--continue``:
committed with a CHANGELOG entry), and a second request in a new
conversation where a task fails out of retries and its dependent is skipped
by cascade.

The CLI is the pinned one, or ``$PLAYGATE_E2E_CLAUDE``.
"""

from __future__ import annotations

import os
import shutil

import pytest
import yaml

from . import crew
from .harness import Sandbox, git

pytestmark = pytest.mark.e2e

#: Main-agent turns for the first cmd (request and approval sessions).
TURN_BUDGET = 32


@pytest.fixture(scope="module")
def crew_run(claude_cli, api):
    box = crew.prepare(Sandbox)
    run = crew.CrewRun(box, api, claude=claude_cli)
    yield run
    if not os.environ.get("PLAYGATE_E2E_KEEP"):
        shutil.rmtree(box.root, ignore_errors=True)


def log(run, cmd: str) -> dict:
    return yaml.safe_load((run.box.repo / f"work/{cmd}/execution_log.yaml").read_text())


def tasks(data: dict) -> dict:
    return {t["task"] or t["role"]: t for t in data["tasks"]}


def test_the_compliant_parent_finishes_without_refusals(crew_run):
    for journal, parent, runs in zip(crew_run.journals, crew_run.parents, crew_run.runs):
        assert [r.code for r in runs] == [0] * len(runs), runs[-1].describe()
        assert parent.done, journal.report()
        assert journal.stuck == [], journal.report()
        assert journal.contradictions == [], journal.report()
        assert journal.of("block", "denied") == [], journal.report()
        assert journal.of("warning", "note") == [], journal.report()


def test_the_first_cmd_is_logged_by_the_hooks(crew_run):
    data = log(crew_run, "cmd_001")
    assert data["status"] == "success" and data["finished"]
    assert data["base_commit"] and len(data["base_commit"]) == 40
    assert data["plan_validation"]["verdict"] == "APPROVE"
    assert data["plan_validation"]["enabled"] is True
    by = tasks(data)
    roles = [t["role"] for t in data["tasks"]]
    # Wave 1's two calls come in one message: their launches are recorded in
    # the order their hooks ran, which the CLI does not fix.
    assert roles[:2] == ["decomposer", "plan_reviewer"], roles
    assert sorted(roles[2:4]) == ["worker_coder", "worker_researcher"], roles
    assert roles[4:] == ["worker_writer", "aggregator", "retrospector"], roles
    assert (by["task_2"]["status"], by["task_2"]["retries"]) == ("success", 1)
    assert all(t["status"] == "success" and t["finished"] for t in data["tasks"])
    # The parent's approvals, kept by the hooks' renders.
    assert data["approvals"]["improvements"] == ["IMP-001"]


def test_wave_one_started_in_one_message(crew_run):
    batches = crew_run.parents[0].batches
    assert ["crew-researcher", "crew-coder"] in batches, batches
    assert ["crew-coder"] in batches and ["crew-writer"] in batches, batches


def test_the_second_cmd_skips_by_cascade(crew_run):
    data = log(crew_run, "cmd_002")
    by = tasks(data)
    assert (by["task_2"]["status"], by["task_2"]["retries"]) == ("failure", 1)
    assert (by["task_3"]["status"], by["task_3"]["error"]) == (
        "skipped", "dependency task_2 failed")
    assert by["task_1"]["status"] == "success"
    assert data["status"] == "partial"
    assert data["plan_validation"]["enabled"] is False  # no code: the seed's default
    assert "plan_reviewer" not in by
    summary = (crew_run.box.repo / "work/cmd_002/cmd_report_summary.md").read_text()
    assert "failed_tasks: [2, 3]" in summary
    assert "mode: full" in (crew_run.box.repo / "work/cmd_002/retrospective.md").read_text()


def test_the_approved_improvement_is_committed(crew_run):
    repo = crew_run.box.repo
    assert git(repo, "branch", "--show-current").stdout.strip() == crew.BRANCH
    subject = git(repo, "log", "-1", "--format=%s").stdout.strip()
    assert subject.startswith("docs(docs): "), subject
    files = git(repo, "show", "--name-only", "--format=", "HEAD").stdout.split()
    assert sorted(files) == ["CHANGELOG.md", "docs/conventions.md"], files
    changelog = (repo / "CHANGELOG.md").read_text()
    assert "## [Unreleased]" in changelog and "(IMP-001)" in changelog
    assert subject in crew_run.log_output  # git log BASE..HEAD shown to the parent
    assert "--shout" in (repo / "greet/cli.py").read_text()
    assert "message.upper()" in (repo / "greet/cli.py").read_text()


def test_the_parent_never_sees_a_body_and_counts(crew_run):
    """The path-passer rule's point: the parent's context holds paths,
    headers and summaries. Counted: main-agent turns and the tokens (about
    four characters each) of tool-result text the parent took in."""
    lines = []
    for journal, runs in zip(crew_run.journals, crew_run.runs):
        seen = "\n".join(r.seen_by_model("main") for r in runs)
        assert crew.TASK_MARK not in seen and crew.RESULT_MARK not in seen
        results = {}
        for r in runs:
            results.update(r.tool_results("main"))
        chars = sum(len(v["text"]) for v in results.values())
        lines.append(f"{journal.turns} main-agent turns, {len(results)} tool results, "
                     f"{chars} characters (~{chars // 4} tokens) of result text")
    assert crew_run.journals[0].turns <= TURN_BUDGET, crew_run.journals[0].report()
    # The batch approval read cmd_report.md's memory section where playgate said.
    assert crew_run.memory_reads == 2
    print("\ncrew e2e: " + " | ".join(lines))


def test_what_the_crew_agents_received(crew_run):
    """Each agent's prompt carries paths and the template path, never a
    template's or a task's contents."""
    for runs in crew_run.runs:
        for r in runs:
            for lane in {q.lane for q in r.requests if q.lane and q.lane.startswith("crew-")}:
                first = r.lane(lane)[0]
                prompt = next(m for m in first.messages if m.get("role") == "user")
                text = prompt["content"] if isinstance(prompt["content"], str) else str(
                    prompt["content"])
                assert "TEMPLATE_PATH: .claude/skills/crew/templates/" in text, lane
                assert crew.TASK_MARK not in text and "## The result file" not in text
                assert len(text) < 2000
