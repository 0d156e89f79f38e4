"""sync-sdd (seed 003) end to end with the real Claude Code CLI.

:mod:`sdd`'s compliant lead takes one feature from ``initialized`` through
the design (architect), the tasks (task generator), two builders in two
waves, a review by two inspectors and the auditor (CONDITIONAL, then GO
after a builder's fix), on the trunk, committing ``<feature>: <summary>``;
in the middle the CLI compacts the context on its own and the lead's next
call is refused until the user speaks. The tests read what each agent
received. A second scenario walks the ownership refusals: what the lead and
the subagents are told when they write what is not theirs.

Headless in ``bypassPermissions`` mode (the hooks judge every call; the
permission dialogs of removing ``.review/`` would wait for a human in
``-p``). CLI: the pinned one or ``$PLAYGATE_E2E_CLAUDE`` (run it again by
hand with the newest).
"""

from __future__ import annotations

import json
import os
import shutil

import pytest
import yaml

from . import sdd
from .fakeapi import Script, tool_use
from .harness import Sandbox, git

pytestmark = pytest.mark.e2e

#: Main-agent turns the three sessions may take.
TURN_BUDGET = 36


@pytest.fixture(scope="module")
def journey(claude_cli, api):
    box = sdd.prepare(Sandbox)
    run = sdd.SddRun(box, api, claude=claude_cli)
    yield run
    if not os.environ.get("PLAYGATE_E2E_KEEP"):
        shutil.rmtree(box.root, ignore_errors=True)


def test_the_compliant_lead_finishes_without_getting_stuck(journey):
    j = journey.journal
    assert [r.code for r in journey.runs] == [0, 0, 0], journey.runs[-1].describe()
    assert journey.lead.done, j.report()
    assert j.stuck == [] and j.contradictions == [], j.report()
    # The one refusal of the run is the wait after the compaction; every
    # other step the skill or a message named was allowed.
    blocks = j.of("block")
    assert len(blocks) == 1 and "[playgate:compact-wait]" in blocks[0][3], j.report()
    assert j.of("warning") == [], j.report()
    assert j.turns <= TURN_BUDGET, j.report()
    print(f"\nsync-sdd: {j.turns} main-agent turns\n{j.report(turns=False)}")


def test_the_feature_is_committed_on_the_trunk_in_the_seeds_format(journey):
    repo = journey.box.repo
    assert git(repo, "branch", "--show-current").stdout.strip() == "main"
    assert git(repo, "branch", "--list").stdout.split() == ["*", "main"]
    assert git(repo, "log", "-1", "--format=%s").stdout.strip() == (
        "shout: --shout prints the greeting in upper case")
    files = set(git(repo, "show", "--name-only", "--format=", "HEAD").stdout.split())
    assert {"greet/cli.py", "tests/test_cli.py", "tests/test_shout.py", f"{sdd.DIR}/spec.yaml",
            f"{sdd.DIR}/design.md", f"{sdd.DIR}/research.md", f"{sdd.DIR}/tasks.yaml",
            f"{sdd.DIR}/verdicts.md", ".sdd/handover/session.md",
            ".sdd/handover/buffer.md"} <= files, files
    assert not any(f.startswith((".claude/logs", f"{sdd.DIR}/.review")) for f in files), files
    status = git(repo, "status", "--porcelain").stdout.split("\n")
    assert [s for s in status if s.strip() and "state.md" not in s] == [], status


def test_the_artifacts_say_what_happened(journey):
    repo = journey.box.repo
    spec = yaml.safe_load((repo / sdd.SPEC).read_text())
    assert spec["phase"] == "implementation-complete"
    assert set(spec["implementation"]["files_created"]) == {
        "greet/cli.py", "tests/test_cli.py", "tests/test_shout.py"}
    tasks = yaml.safe_load((repo / sdd.TASKS).read_text())["tasks"]
    assert [(t["wave"], t["status"]) for t in tasks] == [(1, "done"), (2, "done")]
    verdicts = (repo / sdd.DIR / "verdicts.md").read_text()
    assert verdicts.index("## impl review: CONDITIONAL") < verdicts.index("## impl review: GO")
    assert "shout() has no docstring" in verdicts
    assert not (repo / sdd.REVIEW).exists()
    assert journey.lead.verdicts == ["CONDITIONAL", "GO"]
    assert "[PATTERN]" in (repo / ".sdd/handover/buffer.md").read_text()
    ledger = [json.loads(line) for line in
              (repo / ".claude/logs/sdd-ledger.jsonl").read_text().splitlines()]
    assert [r["verdict"] for r in ledger if r["kind"] == "verdict"] == ["CONDITIONAL", "GO"]
    starts = [r["agent"] for r in ledger if r["kind"] == "start"]
    assert starts.count("sdd-builder") == 3 and starts.count("sdd-auditor-impl") == 2
    assert '"""' in (repo / "greet/cli.py").read_text()  # the CONDITIONAL's finding fixed


def test_each_agent_received_its_feature_and_its_instructions(journey):
    prompts = journey.prompts
    kinds = sorted(lane.rsplit("-", 1)[0] for lane in prompts)
    assert kinds == sorted(["sdd-architect", "sdd-taskgenerator"] + ["sdd-builder"] * 3
                           + ["sdd-inspector-test", "sdd-inspector-quality"] * 2
                           + ["sdd-auditor-impl"] * 2), kinds
    for lane, prompt in prompts.items():
        assert "Feature: shout" in prompt, (lane, prompt[-400:])
        if "inspector" in lane or "auditor" in lane:
            assert f"Review directory: {sdd.REVIEW}/" in prompt, (lane, prompt[-400:])
        if "builder" in lane:
            assert f"Test command: {sdd.TEST_COMMAND}" in prompt
    # A subagent does not receive the lead's conversation: not the skill, not
    # the user's words.
    for prompt in prompts.values():
        assert "sdd-roadmap — the lead's framework" not in prompt
        assert sdd.SESSIONS[2] not in prompt


def test_review_agents_hand_back_only_written(journey):
    """Output suppression (seed 003 Spec 11): what reached the lead from an
    inspector or the auditor is the WRITTEN line inside the CLI's frame."""
    reviews = [r for r in journey.lead.reports if "WRITTEN:" in r]
    assert len(reviews) == 6, journey.lead.reports
    for report in reviews:
        body = report.split("The report follows:", 1)[-1].split("agentId:", 1)[0]
        assert [ln.strip() for ln in body.splitlines() if ln.strip()] == [
            ln.strip() for ln in body.splitlines() if ln.strip().startswith("WRITTEN:")], report


def test_the_lead_waits_after_the_compaction(journey):
    """The CLI compacted in session 2 (PreCompact auto, SessionStart
    compact); the compaction's context said to wait; the lead's next call
    was refused with the rule; its stop was not blocked; the user's next
    prompt lifted the wait."""
    second = journey.runs[1]
    assert any(e.get("compact_result") == "success" for e in second.events), second.describe()
    compact = [e for e in second.hook_events("SessionStart")
               if e.get("hook_name") == "SessionStart:compact" and e.get("output")]
    assert compact, second.describe()
    assert "wait for the user" in compact[-1]["output"] or "waiting for the user" in \
        compact[-1]["output"], compact[-1]
    refusal = journey.lead.waited
    assert refusal and "config.after_compact: wait" in refusal and "end your turn" in refusal
    last = second.lane("main")[-1]
    assert [b.get("text") for b in last.answer] == ["I am waiting for your next instruction."]
    assert last.stop_feedback() == []
    # The compaction context reached the model with the refusal.
    seen = second.seen_by_model()
    assert "compact-wait" in seen and "config.after_compact: wait" in seen
    assert not (journey.box.repo / ".claude/.session-init/compact-wait").exists()


# --------------------------------------------------------------------------- ownership


def _ownership_box():
    box = sdd.prepare(Sandbox)
    d = box.repo / sdd.DIR
    d.mkdir(parents=True)
    (d / "spec.yaml").write_text("feature_name: shout\nphase: design-generated\n")
    (d / "design.md").write_text(sdd.DESIGN)
    # built: every task done, so the implementation review may start
    (d / "tasks.yaml").write_text(sdd.TASKS_YAML.replace("status: pending", "status: done"))
    box.commit_all("a built feature")
    return box


def test_ownership_refusals_tell_each_agent_the_owner_and_the_route(claude_cli, api):
    """What a lead and subagents that write what is not theirs are told: the
    lead editing the design and the code, a builder writing the design, an
    inspector writing another's findings and replying with more than its
    WRITTEN line (the SubagentStop hook sends it back)."""
    box = _ownership_box()
    repo = box.repo
    design = str(repo / sdd.DIR / "design.md")
    mine = f"{sdd.REVIEW}/sdd-inspector-quality.cpf"
    builder = tool_use("Agent", {"description": "b", "subagent_type": "sdd-builder",
                                 "prompt": "Feature: shout\nTasks: 1 [[lane:builder]]",
                                 "run_in_background": False})
    inspector = tool_use("Agent", {"description": "i", "subagent_type": "sdd-inspector-quality",
                                   "prompt": "Feature: shout\nReview directory: "
                                             f"{sdd.REVIEW}/ [[lane:inspector]]",
                                   "run_in_background": False})
    script = Script(
        main=[tool_use("Read", {"file_path": str(repo / "state.md")}),
              tool_use("Edit", {"file_path": design, "old_string": "# Design",
                                "new_string": "# The design"}),
              tool_use("Bash", {"command": "echo x >> greet/cli.py",
                                "description": "patch the code"}),
              builder, inspector, "done"],
        builder=[tool_use("Write", {"file_path": design, "content": "# mine\n"}),
                 "BUILDER_COMPLETE\nBlockers: design.md is the architect's"],
        inspector=[tool_use("Write", {"file_path": str(repo / sdd.REVIEW /
                                                       "sdd-inspector-test.cpf"),
                                      "content": "SCOPE:shout\n"}),
                   tool_use("Write", {"file_path": str(repo / mine),
                                      "content": "SCOPE:shout\nISSUES:\nNOTES:\n"}),
                   f"I found nothing wrong.\nWRITTEN:{mine}",
                   f"WRITTEN:{mine}"])
    try:
        run = box.run(api, "sdd-roadmap revise shout", script)
        assert run.code == 0, run.describe()
        lead_edit, lead_bash = run.result_of(1), run.result_of(2)
        assert lead_edit["is_error"] and "[playgate:sdd-ownership]" in lead_edit["text"]
        assert "sdd-architect" in lead_edit["text"] and "revise shout" in lead_edit["text"]
        assert lead_bash["is_error"] and "implementation code" in lead_bash["text"]
        assert "Agent(subagent_type='sdd-builder')" in lead_bash["text"]
        wrote = run.result_of(0, lane="builder")
        assert wrote["is_error"] and "not by sdd-builder" in wrote["text"]
        other = run.result_of(0, lane="inspector")
        assert other["is_error"] and "not by sdd-inspector-quality" in other["text"]
        assert not run.result_of(1, lane="inspector")["is_error"]
        # The inspector's wordy reply was sent back by SubagentStop; it then
        # replied only WRITTEN, and that is what the lead received.
        feedback = run.lane("inspector")[3].stop_feedback()
        assert feedback and "must be only `WRITTEN:" in " ".join(feedback), run.describe()
        handed = run.result_of(4)["text"]
        assert "I found nothing wrong" not in handed and f"WRITTEN:{mine}" in handed
        assert (repo / sdd.DIR / "design.md").read_text() == sdd.DESIGN
        assert "x" not in (repo / "greet/cli.py").read_text().splitlines()
    finally:
        if not os.environ.get("PLAYGATE_E2E_KEEP"):
            shutil.rmtree(box.root, ignore_errors=True)


def test_a_subagent_start_is_gated_by_the_phase(claude_cli, api):
    """The phase gate at the start of a subagent (seed 003 Spec 5.1, 5.4): a
    builder for a feature still initialized is not started, and the refusal
    names the phase; no subagent request reaches the model."""
    box = sdd.prepare(Sandbox)
    d = box.repo / sdd.DIR
    d.mkdir(parents=True)
    (d / "spec.yaml").write_text("feature_name: shout\nphase: initialized\n")
    box.commit_all("a new feature")
    script = Script(main=[tool_use("Read", {"file_path": str(box.repo / "state.md")}),
                          tool_use("Agent", {"description": "b", "subagent_type": "sdd-builder",
                                             "prompt": "Feature: shout [[lane:builder]]"}),
                          "ok"],
                    builder=["should not run"])
    try:
        run = box.run(api, "sdd-roadmap impl shout", script)
        result = run.result_of(1)
        assert result["is_error"] and "[playgate:sdd-phase-gate]" in result["text"]
        assert "its phase is initialized" in result["text"]
        assert "Agent(subagent_type='sdd-architect')" in result["text"]
        assert run.lane("builder") == []
    finally:
        if not os.environ.get("PLAYGATE_E2E_KEEP"):
            shutil.rmtree(box.root, ignore_errors=True)
