"""The sync-sdd pipeline's hooks (seed 003 Spec 5, 7, 11, §15): the phase
gate when a subagent is started, the auditor's verdict kept by the hooks,
the WRITTEN:{path} reply, spec.yaml's transitions backed by what the hooks
saw, the lead's commit; and the golden path's gates stepping aside."""

from __future__ import annotations

import json
import os
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st
from saying import says
from sdd_kit import F, SDD

from guards.sdd_commit import commit_message, subject_unit
from guards.sdd_phase_gate import named_features
from messages import text
from workflow import sdd


@pytest.fixture
def s(ws):
    return SDD(ws)


def gate(r):
    return r.blocked and r.guard == "sdd-phase-gate"


def reason(out):
    """A Stop hook's block: its decision and its reason."""
    answer = json.loads(out)
    return answer["decision"], answer.get("reason", "")


# ------------------------------------------------------------------ the phase gate


@pytest.mark.parametrize("agent,phase,design,tasks,ok", [
    ("sdd-architect", "initialized", False, None, True),
    ("sdd-architect", "design-generated", True, None, True),
    ("sdd-architect", "implementation-complete", True, ("done",), False),
    ("sdd-taskgenerator", "initialized", False, None, False),
    ("sdd-taskgenerator", "design-generated", False, None, False),
    ("sdd-taskgenerator", "design-generated", True, None, True),
    ("sdd-builder", "design-generated", True, None, False),
    ("sdd-builder", "design-generated", True, ("pending",), True),
    ("sdd-builder", "implementation-complete", True, ("done",), False),
    ("sdd-inspector-rulebase", "design-generated", True, None, True),
    ("sdd-auditor-design", "initialized", False, None, False),
    ("sdd-inspector-test", "design-generated", True, ("done", "pending"), False),
    ("sdd-inspector-test", "design-generated", True, ("done", "done"), True),
    ("sdd-auditor-impl", "implementation-complete", True, ("done",), True),
    ("sdd-inspector-dead-code", "initialized", False, None, True),
])
def test_the_phase_gate_per_role(s, agent, phase, design, tasks, ok):
    s.feature(phase=phase, design=design, tasks=tasks)
    r = s.start(agent)
    assert (not r.blocked) is ok, r
    if not ok:
        assert gate(r) and "greet" in r.stderr, r


def test_blocked_and_unknown_phases_use_the_seeds_messages(s):
    s.feature(phase="blocked", blocked_info={"blocked_by": "auth", "blocked_at_phase":
                                             "initialized"})
    r = s.start("sdd-architect")
    assert gate(r) and says(r.stderr, "sdd_phase_gate.blocked", feature="greet", by="auth",
                            agent="sdd-architect"), r
    s.feature(phase="reviewing")
    r = s.start("sdd-architect")
    assert gate(r) and says(r.stderr, "sdd_phase_gate.unknown_phase", phase="reviewing",
                            feature="greet", agent="sdd-architect"), r


def test_a_start_names_its_feature(s):
    s.feature()
    r = s.start("sdd-architect", "design the greeting")
    assert gate(r) and says(r.stderr, "sdd_phase_gate.no_feature", agent="sdd-architect"), r
    assert "`Feature: <name>`" in r.stderr and "greet" in r.stderr, r
    r = s.start("sdd-architect", "Feature: nosuch\ngo")
    assert gate(r) and says(r.stderr, "sdd_phase_gate.unknown_feature", agent="sdd-architect",
                            feature="nosuch"), r
    assert not s.start("sdd-architect", f"Design {F}/design.md please").blocked
    assert not s.start("sdd-inspector-dead-code", "the whole project").blocked


def test_any_named_feature_that_fails_refuses_the_start(s):
    s.feature(phase="design-generated", design=True, tasks=("pending",))
    s.feature("other", phase="initialized")
    assert gate(s.start("sdd-builder", "Feature: greet\nFeature: other\n"))


def test_other_subagents_and_other_workflows_pass(s):
    s.feature(phase="initialized")
    assert not s.start("general-purpose", "anything").blocked
    s.ws.set_state("config", workflow="golden-path")
    r = s.start("sdd-builder")
    assert r.guard != "sdd-phase-gate", r


def test_a_start_is_recorded_in_the_ledger(s):
    s.feature(phase="design-generated", design=True, tasks=("pending",))
    assert not s.start("sdd-builder", "Feature: greet\nTasks: 1").blocked
    records = sdd.ledger(str(s.ws.root))
    assert records[-1]["kind"] == "start" and records[-1]["agent"] == "sdd-builder"
    assert records[-1]["features"] == ["greet"] and records[-1]["role"] == "worker"


@given(st.lists(st.sampled_from(["Feature: greet", "**Feature:** `greet`", "feature: greet.",
                                 "- Feature: greet", "Features: x", "no feature here",
                                 f"see {F}/design.md", "Feature:"]), max_size=5))
def test_named_features_reads_feature_lines_and_paths(lines):
    found = named_features("\n".join(lines), {"greet": F})
    expected = any(line not in ("Features: x", "no feature here", "Feature:") for line in lines)
    assert found == (["greet"] if expected else [])


# ------------------------------------------------------------------ the review: reply and verdict


def review_files(s, verdict="CONDITIONAL", inspectors=("sdd-inspector-test",)):
    d = s.ws.root / F / ".review"
    d.mkdir(parents=True, exist_ok=True)
    for name in inspectors:
        (d / f"{name}.cpf").write_text("SCOPE:greet\nISSUES:\nH|test|src/a.py:1|no test\n")
    if verdict is not None:
        (d / "verdict.cpf").write_text(f"VERDICT:{verdict}\nSCOPE:greet\nISSUES:\n"
                                       "H|test|src/a.py:1|no test\nNOTES:\nintent ok\n")


def test_an_inspector_replies_only_written(s):
    s.feature(phase="design-generated", design=True, tasks=("done",))
    review_files(s, verdict=None)
    path = f"{F}/.review/sdd-inspector-test.cpf"
    code, out, _err, _ = s.stop("sdd-inspector-test", f"WRITTEN:{path}")
    assert code == 0 and '"block"' not in out, out
    own, other = "sdd-inspector-test.cpf", f"{F}/.review/sdd-inspector-quality.cpf"
    code, out, _err, _ = s.stop("sdd-inspector-test", f"Found 1 issue.\nWRITTEN:{path}")
    decision, why = reason(out)
    assert decision == "block" and says(why, "sdd_reply.more", agent="sdd-inspector-test",
                                        path=path), out
    code, out, _err, _ = s.stop("sdd-inspector-test", "I reviewed it, all good.")
    decision, why = reason(out)
    assert decision == "block" and says(why, "sdd_reply.no_written", agent="sdd-inspector-test",
                                        own=own), out
    code, out, _err, _ = s.stop("sdd-inspector-test", f"WRITTEN:{other}")
    decision, why = reason(out)
    assert decision == "block" and says(why, "sdd_reply.not_own", agent="sdd-inspector-test",
                                        path=other, own=own), out
    code, out, _err, _ = s.stop("sdd-inspector-quality", f"WRITTEN:{other}")
    decision, why = reason(out)
    assert decision == "block" and says(why, "sdd_reply.missing", agent="sdd-inspector-quality",
                                        path=other), out


def test_the_auditors_verdict_is_kept_by_the_hooks(s):
    s.feature(phase="design-generated", design=True, tasks=("done",))
    review_files(s, "CONDITIONAL", ("sdd-inspector-test", "sdd-inspector-quality"))
    code, out, _err, _ = s.stop("sdd-auditor-impl", f"WRITTEN:{F}/.review/verdict.cpf")
    assert code == 0 and '"block"' not in out, out
    rec = sdd.ledger(str(s.ws.root))[-1]
    assert (rec["kind"], rec["feature"], rec["review"], rec["verdict"]) == (
        "verdict", "greet", "impl", "CONDITIONAL")
    assert rec["inspectors"] == ["sdd-inspector-quality", "sdd-inspector-test"]
    md = (s.ws.root / F / "verdicts.md").read_text()
    assert "## impl review: CONDITIONAL" in md and "H|test|src/a.py:1|no test" in md
    review_files(s, "GO")
    s.stop("sdd-auditor-impl", f"WRITTEN:{F}/.review/verdict.cpf")
    assert sdd.review_state(sdd.ledger(str(s.ws.root)), "greet") == ("GO", True)
    assert (s.ws.root / F / "verdicts.md").read_text().count("## impl review:") == 2


def test_a_verdict_without_a_verdict_line_is_sent_back_and_not_kept(s):
    s.feature(phase="design-generated", design=True, tasks=("done",))
    review_files(s, verdict=None)
    (s.ws.root / F / ".review/verdict.cpf").write_text("SCOPE:greet\nlooks fine\n")
    code, out, _err, _ = s.stop("sdd-auditor-impl", f"WRITTEN:{F}/.review/verdict.cpf")
    decision, why = reason(out)
    assert decision == "block" and says(why, "sdd_reply.no_verdict", agent="sdd-auditor-impl",
                                        path=f"{F}/.review/verdict.cpf"), out
    assert sdd.ledger(str(s.ws.root)) == []


def test_a_stale_verdict_file_is_not_kept(s):
    """A verdict.cpf older than the auditor's start is not this auditor's."""
    s.feature(phase="design-generated", design=True, tasks=("done",))
    review_files(s, "GO")
    old = time.time() - 3600
    os.utime(s.ws.root / F / ".review/verdict.cpf", (old, old))
    assert not s.start("sdd-auditor-impl").blocked
    code, out, _err, _ = s.stop("sdd-auditor-impl", f"WRITTEN:{F}/.review/verdict.cpf")
    decision, why = reason(out)
    assert decision == "block" and says(why, "sdd_reply.stale", agent="sdd-auditor-impl",
                                        path=f"{F}/.review/verdict.cpf"), out
    assert [r for r in sdd.ledger(str(s.ws.root)) if r["kind"] == "verdict"] == []


def test_a_later_builder_start_makes_a_go_stale(s):
    s.ledger({"kind": "verdict", "feature": "greet", "review": "impl", "verdict": "GO"})
    assert sdd.review_state(sdd.ledger(str(s.ws.root)), "greet") == ("GO", True)
    s.ledger({"kind": "start", "role": "worker", "agent": "sdd-builder", "features": ["greet"]})
    assert sdd.review_state(sdd.ledger(str(s.ws.root)), "greet") == ("GO", False)
    assert sdd.review_state(sdd.ledger(str(s.ws.root)), "other") == (None, False)


@given(st.text(max_size=300))
def test_written_path_and_cpf_never_raise(text):
    path, exact = sdd.written_path(text)
    assert exact is False or path
    parsed = sdd.parse_cpf(text)
    assert parsed["verdict"] in (None,) + sdd.VERDICTS


# ------------------------------------------------------------------ spec.yaml transitions


def test_design_generated_needs_the_design(s):
    s.feature(phase="initialized")
    r = s.edit(f"{F}/spec.yaml", "phase: initialized", "phase: design-generated")
    assert r.blocked and r.guard == "spec-phase-gate", r
    assert says(r.stderr, "spec_phase_gate.sdd_needs_design", feature="greet"), r
    (s.ws.root / F / "design.md").write_text("# d\n")
    assert not s.edit(f"{F}/spec.yaml", "phase: initialized", "phase: design-generated").blocked


def test_implementation_complete_needs_done_tasks_and_a_current_go(s):
    s.feature(phase="design-generated", design=True, tasks=("done", "pending"))
    move = (f"{F}/spec.yaml", "phase: design-generated", "phase: implementation-complete")
    r = s.edit(*move)
    assert r.blocked and says(r.stderr, "spec_phase_gate.sdd_tasks_open", feature="greet",
                              tasks="2"), r

    def no_go(state, **fields):
        return says(r.stderr, "spec_phase_gate.sdd_no_go", feature="greet",
                    state=text("en", f"spec_phase_gate.{state}", **fields))

    s.tasks(statuses=("done", "done"))
    r = s.edit(*move)
    assert r.blocked and no_go("sdd_no_verdict"), r
    s.ledger({"kind": "verdict", "feature": "greet", "review": "impl", "verdict": "CONDITIONAL"})
    r = s.edit(*move)
    assert r.blocked and no_go("sdd_latest", verdict="CONDITIONAL"), r
    s.ledger({"kind": "verdict", "feature": "greet", "review": "impl", "verdict": "GO"})
    assert not s.edit(*move).blocked
    s.ledger({"kind": "start", "role": "worker", "agent": "sdd-builder", "features": ["greet"]})
    r = s.edit(*move)
    assert r.blocked and no_go("sdd_stale"), r


def test_the_ledger_cannot_be_written_by_claude(s):
    r = s.write(".claude/logs/sdd-ledger.jsonl",
                '{"kind": "verdict", "feature": "greet", "review": "impl", "verdict": "GO"}\n')
    assert r.blocked and r.guard == "protected-edit", r
    r = s.bash("echo '{}' >> .claude/logs/sdd-ledger.jsonl")
    assert r.blocked, r


# ------------------------------------------------------------------ the commit


@pytest.mark.parametrize("args,subject,problem", [
    (["-m", "greet: done"], "greet: done", None),
    (["-am", "Wave 1: x"], "Wave 1: x", None),
    (["-mgreet: y"], "greet: y", None),
    (["--message=greet: z\n\nbody"], "greet: z", None),
    (["-q", "-m", "a", "-m", "b"], "a", None),
    (["-F", "msg.txt"], None, "file"),
    (["--fixup", "HEAD"], None, "file"),
    ([], None, "none"),
    (["--", "-m", "x"], None, "none"),
])
def test_commit_message(args, subject, problem):
    assert commit_message(args) == (subject, problem)


@pytest.mark.parametrize("subject,unit", [
    ("greet: add", ("feature", "greet")), ("Wave 2: both", ("wave", 2)),
    ("greet:", (None, None)), ("wave 1: x", (None, None)), ("Wave one: x", (None, None)),
    ("other: x", (None, None)), ("greet add", (None, None)),
])
def test_subject_units(subject, unit):
    assert subject_unit(subject, {"greet": F}) == unit


def test_the_lead_commits_after_the_gate_in_the_seeds_format(s):
    s.feature(phase="design-generated", design=True, tasks=("done",))
    r = s.bash("git commit -m 'add greeting'")
    assert r.blocked and r.guard == "sdd-commit", r
    assert says(r.stderr, "sdd_commit.format", subject="add greeting", features="greet"), r
    r = s.bash("git commit -m 'greet: add greeting'")
    assert r.blocked and says(r.stderr, "sdd_commit.pipeline_open", feature="greet",
                              phase="design-generated"), r
    s.ledger({"kind": "start", "role": "worker", "agent": "sdd-builder", "features": ["greet"]})
    r = s.bash("git commit -m 'Wave 1: greeting'")
    assert r.blocked and says(r.stderr, "sdd_commit.wave_open", wave="1", features="greet"), r
    s.ledger({"kind": "verdict", "feature": "greet", "review": "impl", "verdict": "GO"})
    assert not s.bash("git commit -m 'Wave 1: greeting'").blocked
    s.feature(phase="implementation-complete", design=True, tasks=("done",))
    assert not s.bash("git add -A && git commit -m 'greet: add greeting'").blocked
    assert not s.bash("git commit --dry-run").blocked
    r = s.bash("git commit", )
    assert r.blocked and says(r.stderr, "sdd_commit.no_message", features="greet"), r


def test_a_subagent_does_not_commit(s):
    s.feature(phase="implementation-complete", design=True, tasks=("done",))
    r = s.bash("git commit -m 'greet: x'", agent="sdd-builder")
    assert r.blocked and r.guard == "sdd-commit", r
    assert says(r.stderr, "sdd_commit.lead_only", agent="sdd-builder"), r


# ------------------------------------------------------------------ the golden path's gates step aside


def test_no_prompt_analysis_understanding_check_or_playbook_under_sync_sdd(s):
    s.feature(phase="design-generated", design=True, tasks=("pending",))
    r = s.write("src/app.py", agent="sdd-builder")
    assert not r.blocked, r  # no playbook, no prompt-analyzer marker
    payload = s.ws.payload("UserPromptSubmit", prompt="Implement the greeting feature please")
    code, out, _err, _ = s.ws.evaluate("UserPromptSubmit", payload)
    context = json.loads(out)["hookSpecificOutput"]["additionalContext"]
    assert "Skill(skill='sdd-roadmap')" in context and "playbook-init" not in context
    assert not s.ws.has(".claude/.session-init/consent")
    payload = s.ws.payload("SessionStart", source="startup")
    code, out, _err, _ = s.ws.evaluate("SessionStart", payload)
    context = json.loads(out)["hookSpecificOutput"]["additionalContext"]
    assert "Skill(skill='sdd-roadmap')" in context and "trunk-based" in context


def test_the_golden_path_still_requires_its_playbook(ws):
    ws.marker(".claude/session-state/prompt-analyzer-called")
    r = ws.write("src/app.py")
    assert r.blocked and r.guard == "playbook-guard", r
