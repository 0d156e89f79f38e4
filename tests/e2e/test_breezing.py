"""breezing (seed 001) end to end with the real Claude Code CLI.

Headless, Agent Teams cannot run (docs/claude-code-measured.md "Agent
Teams, headless"), so the full run is the seed's non-team path
(``--no-team``: the implementers and the reviewer are subagents): a
compliant scripted lead (tests/e2e/breezing.py) drives a Plans.md of three
tasks (two independent, one depending on both) with two implementers and a
reviewer that requests changes once, the APPROVE fast path, the
verification, Plans.md ``cc:done``, the commit and the report. The team path
is driven as far as the CLI allows in tests/e2e/test_breezing_team.py.

The CLI is the pinned one, or ``$PLAYGATE_E2E_CLAUDE``.
"""

from __future__ import annotations

import json
import os
import shutil

import pytest

from . import breezing
from .golden import Journal
from .harness import Sandbox, git

from saying import says

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def run(claude_cli, api):
    box = breezing.prepare(Sandbox)
    result = breezing.BreezingRun(box, api, claude=claude_cli)
    yield result
    if not os.environ.get("PLAYGATE_E2E_KEEP"):
        shutil.rmtree(box.root, ignore_errors=True)


def test_the_compliant_lead_finishes_without_a_refusal(run):
    j = run.journal
    assert [r.code for r in run.runs] == [0, 0], run.runs[-1].describe()
    assert run.lead.done, j.report()
    assert j.stuck == [] and j.contradictions == [], j.report()
    assert j.of("block", "denied") == [], j.report()
    # every hook context was one a breezing lead expects, and nothing broke
    assert j.of("warning", "note") == [], j.report()
    print(f"\nbreezing (subagent mode): {j.turns} lead turns, "
          f"{sum(r.seconds for r in run.runs):.0f} s\n{j.report()}")


def test_the_work_is_committed_and_plans_md_marked_done(run):
    repo = run.box.repo
    assert git(repo, "branch", "--show-current").stdout.strip() == "feat/greet"
    files = set(git(repo, "show", "--name-only", "--format=", "HEAD").stdout.split())
    assert {"greet/hello.py", "greet/bye.py", "greet/cli.py", "Plans.md"} <= files, files
    assert not any("__pycache__" in f for f in files), files
    assert "Goodbye" in (repo / "greet/bye.py").read_text()  # the retake's fix
    assert (repo / "Plans.md").read_text().count("cc:done") == 3
    message = git(repo, "log", "-1", "--format=%s").stdout.strip()
    assert message.startswith("feat: "), message


def test_the_session_leaves_nothing_that_keeps_guarding(run):
    state = run.box.repo / ".claude" / "state"
    for name in ("breezing-active.json", "review-result.json", "breezing-progress.json",
                 "breezing-request.json", "breezing-signals.jsonl"):
        assert not (state / name).exists(), name
    events = [json.loads(line) for line in (state / "breezing-timeline.jsonl").read_text()
              .splitlines()]
    kinds = [e["event"] for e in events]
    assert kinds[-1] == "session_closed" and events[-1]["by"] == "lead", kinds
    # the phases the hooks recorded, in order, and the reviews
    phases = [e["phase"] for e in events if e["event"] == "phase"]
    assert phases == ["delegate", "post-delegate"], kinds
    reviews = [e["verdict"] for e in events if e["event"] == "review"]
    assert reviews == ["REQUEST_CHANGES", "APPROVE"], kinds
    done = [e["task_id"] for e in events if e["event"] == "TaskCompleted"]
    assert len(done) == 4 and len(set(done)) == 4, events


def test_the_reviewer_requested_changes_once_and_the_fast_path_held(run):
    assert run.team.verdicts == ["FAIL", "PASS"]
    first, second = run.team.review_contexts
    assert says(first, "breezing_record.changes", retakes=1, max=3) and \
        breezing.REVIEW_FINDING in first
    assert says(second, "breezing_record.approved")
    assert run.team.fast_path
    assert "passed" in run.team.verification


def test_the_user_confirmed_the_range_in_the_resumed_session(run):
    first, second = run.runs
    assert first.session_id == second.session_id
    assert says(run.team.answer_context, "breezing_prompt.answer_confirm")
    # session 1 ended on the confirmation, and the hooks saw it
    assert first.result.get("result", "").startswith("🏇 Breezing - confirm the range")


def test_what_each_agent_received(run):
    """The lead got the skill and the hooks' words; each implementer its
    task with the session and owns:; the reviewer the session id its verdict
    line must carry; the planner's analysis reached the critic."""
    lead = run.runs[0].lane("main")[0].conversation_text()
    assert "# /breezing" in lead and "--no-team" in lead
    request_context = run.runs[0].lane("main")[1].conversation_text()
    assert says(request_context, "breezing_prompt.request", range="all")
    implementers = run.lane_prompts("task-worker")
    assert len(implementers) == 4
    assert all(breezing.SESSION_FMT in p and "owns:" in p for p in implementers)
    reviewers = run.lane_prompts("code-reviewer")
    assert len(reviewers) == 2 and all(f"breezing session {breezing.SESSION_FMT}" in p
                                       for p in reviewers)
    critic = run.lane_prompts("plan-critic")
    assert len(critic) == 1 and "MAX_PARALLEL: 2" in critic[0]
    # The agents' own definitions reached them as their system prompts.
    systems = {r.lane: r.system_text for run_ in run.runs for r in run_.requests if r.lane}
    assert any("You are an **implementer**" in s for lane, s in systems.items()
               if lane.startswith("task-worker"))
    assert any("CODE-REVIEW: PASS <session_id>" in s for lane, s in systems.items()
               if lane.startswith("code-reviewer"))


def test_the_report_has_the_seeds_shape(run):
    report = run.runs[-1].result.get("result", "")
    for part in ("🏇 Breezing Complete!", "## Summary", "## Tasks", "## Team Activity",
                 "## Review", "## Build & Test", "## Commit", "Retakes: 1"):
        assert part in report, report
    assert "| implementer-1 |" in report and "| implementer-2 |" in report, report


@pytest.fixture
def aborted(claude_cli, api):
    box = breezing.prepare(Sandbox)
    journal = Journal()
    lead = breezing.AbortingLead(journal, box)
    from .fakeapi import Script

    result = box.run(api, "/breezing all", Script(main=lead), env=breezing.env_for_run(),
                     claude=claude_cli)
    yield box, lead, journal, result
    if not os.environ.get("PLAYGATE_E2E_KEEP"):
        shutil.rmtree(box.root, ignore_errors=True)


def test_an_early_abort_leaves_no_active_file(aborted):
    box, lead, journal, result = aborted
    assert result.code == 0, result.describe()
    assert journal.stuck == [] and journal.contradictions == [], journal.report()
    assert journal.of("block") == [], journal.report()
    assert "entry=sdk-cli" in lead.check  # headless: no Agent Teams
    assert not (box.repo / breezing.ACTIVE).exists()
    final = result.result.get("result", "")
    assert "Agent Teams" in final and "CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS" in final
    assert "--no-team" in final
    events = [json.loads(line)["event"] for line in
              (box.repo / breezing.TIMELINE).read_text().splitlines()]
    assert events == ["session_aborted"], events
