"""The crew workflow's hooks (seed 000) through the event units, in process:
the waves and their refusals, the path-passer rule for every reader, roles
owning their files, the checked plan before code, the execution log the
hooks write, checkpoint resume, the memory rules, and the golden path's
guards staying out of the crew's way (and the crew's out of the golden
path's)."""

from __future__ import annotations

import json

import pytest
import yaml
from crew_kit import (
    CrewWorkspace,
    Flow,
    aggregator_prompt,
    decomposer_prompt,
    memory_writer_prompt,
    prompt,
    result_text,
    retrospector_prompt,
    reviewer_prompt,
    worker_prompt,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from draws import examples
from saying import keys_in, matches, says


@pytest.fixture
def cw(tmp_path):
    return CrewWorkspace(tmp_path / "ws")


@pytest.fixture
def flow(cw):
    return Flow(cw)


def log_of(flow) -> dict:
    return yaml.safe_load((flow.ws.root / f"work/{flow.cmd}/execution_log.yaml").read_text())


def task_entry(flow, n: int) -> dict:
    return next(t for t in log_of(flow)["tasks"] if t["task"] == f"task_{n}")


def stderr(result) -> str:
    return result.stderr.split("] ", 1)[-1]


# ------------------------------------------------------------------ the workflows stay apart


def test_the_golden_path_guards_do_not_refuse_the_crews_steps(flow):
    ws = flow.ws
    assert not ws.write(f"work/{flow.cmd}/request.md", "x").blocked
    assert not ws.agent("crew-decomposer", decomposer_prompt(flow.cmd)).blocked
    assert not ws.bash("python3 .claude/skills/crew/stats.py").blocked


def test_the_crews_guards_do_not_run_in_the_golden_path(tmp_path):
    from _foundation import Workspace

    ws = Workspace(tmp_path / "g").ready()
    (ws.root / "work/cmd_001/tasks").mkdir(parents=True)
    (ws.root / "work/cmd_001/tasks/task_1.md").write_text("body\n")
    out = ws.read("work/cmd_001/tasks/task_1.md")
    assert not out.blocked
    assert not any(g.startswith("crew-") for g, _v in out.outcome.trace)


def test_session_start_says_how_the_crew_starts(cw):
    assert "Skill(skill='crew')" in cw.session_start().context
    assert "playbook-init" not in cw.session_start().context


# ------------------------------------------------------------------ waves


def test_no_worker_before_the_plan_of_a_code_cmd_is_approved(flow):
    flow.decompose()
    out = flow.ws.agent("crew-coder", worker_prompt(flow.cmd, 2, "coder"))
    assert out.blocked and "crew-plan-reviewer" in out.stderr
    flow.review("REJECT - task 2 lacks tests")
    out = flow.ws.agent("crew-coder", worker_prompt(flow.cmd, 2, "coder"))
    assert out.blocked and says(out.stderr, "crew.rejected", cmd=flow.cmd) and \
        "task 2 lacks tests" in out.stderr
    # One re-decomposition (a new plan), the reviewer again.
    assert not flow.ws.agent("crew-decomposer", decomposer_prompt(
        flow.cmd, "FEEDBACK: add tests\n")).blocked
    sub = flow.ws.spawn("redo", "crew-decomposer", decomposer_prompt(flow.cmd))
    flow.ws.put(f"work/{flow.cmd}/plan.md", flow.ws.root.joinpath(
        f"work/{flow.cmd}/plan.md").read_text() + "\nTests added.\n")
    sub.stop()
    out = flow.ws.agent("crew-coder", worker_prompt(flow.cmd, 2, "coder"))
    assert out.blocked and says(out.stderr, "crew.review_again")
    flow.review("REJECT - still wrong")
    out = flow.ws.agent("crew-coder", worker_prompt(flow.cmd, 2, "coder"))
    assert out.blocked and says(out.stderr, "crew.rejected_twice")
    assert log_of(flow)["plan_validation"]["retry_occurred"] is True


def test_a_cmd_that_writes_no_code_follows_the_seed(cw):
    text = ("| Task | Title | Persona | Model | Depends On | Writes |\n|---|---|---|---|---|---|\n"
            "| 1 | survey | researcher | haiku | - | - |\n")
    flow = Flow(cw, text)
    flow.decompose()
    assert not cw.agent("crew-researcher", worker_prompt(flow.cmd, 1, "researcher")).blocked


def test_dependencies_gate_the_next_wave(flow):
    flow.decompose()
    flow.review()
    out = flow.ws.agent("crew-writer", worker_prompt(flow.cmd, 3, "writer"))
    assert out.blocked and "task_1 (not run), task_2 (not run)" in out.stderr
    flow.work(1, "researcher", extra="## Sources\n- x")
    flow.work(2, "coder", status="failure", outputs="[]")
    out = flow.ws.agent("crew-writer", worker_prompt(flow.cmd, 3, "writer"))
    assert out.blocked and "task_2 (failure)" in out.stderr and "task_1" not in stderr(out)


def test_one_task_per_worker_and_the_right_persona(flow):
    flow.decompose()
    flow.review()
    two = prompt("worker_researcher", f"input: work/{flow.cmd}/tasks/task_1.md",
                 f"input: work/{flow.cmd}/tasks/task_2.md")
    out = flow.ws.agent("crew-researcher", two)
    assert out.blocked and says(out.stderr, "crew.one_task")
    out = flow.ws.agent("crew-writer", worker_prompt(flow.cmd, 1, "writer"))
    assert out.blocked and says(out.stderr, "crew.wrong_persona", agent="crew-researcher",
                                given="crew-writer")
    out = flow.ws.agent("general-purpose", worker_prompt(flow.cmd, 1, "researcher"))
    assert out.blocked and says(out.stderr, "crew.not_a_worker")


def test_a_running_task_is_not_started_twice_and_retries_run_out(flow):
    flow.decompose()
    flow.review()
    text = worker_prompt(flow.cmd, 2, "coder")
    assert not flow.ws.agent("crew-coder", text).blocked
    out = flow.ws.agent("crew-coder", text)
    assert out.blocked and says(out.stderr, "crew.running", cmd=flow.cmd)
    sub = flow.ws.spawn("c1", "crew-coder", text)
    sub.stop()  # no result: a failure
    for _k in range(2):
        flow.work(2, "coder", status="failure")
    entry = task_entry(flow, 2)
    assert (entry["status"], entry["retries"]) == ("failure", 2)
    out = flow.ws.agent("crew-coder", text)
    assert out.blocked and says(out.stderr, "crew.retry_limit", retries=2, limit=2)
    assert task_entry(flow, 3)["status"] == "skipped"
    assert task_entry(flow, 3)["error"] == "dependency task_2 failed"


def test_two_running_tasks_never_write_the_same_file(cw):
    text = ("| Task | Title | Persona | Model | Depends On | Writes |\n|---|---|---|---|---|---|\n"
            "| 1 | a | coder | - | - | src/a.py |\n| 2 | b | coder | - | 1 | src/** |\n")
    flow = Flow(cw, text)
    flow.decompose()
    flow.review()
    flow.work(1, "coder", outputs="[src/a.py]", files=[("src/a.py", "a\n")])
    # 2 depends on 1 (done): it may run; a second run of 1 would collide.
    assert not cw.agent("crew-coder", worker_prompt(flow.cmd, 2, "coder")).blocked


def test_a_plan_with_two_writers_in_one_wave_is_refused(cw):
    text = ("| Task | Title | Persona | Model | Depends On | Writes |\n|---|---|---|---|---|---|\n"
            "| 1 | a | coder | - | - | src/a.py |\n| 2 | b | coder | - | - | src/a.py |\n")
    flow = Flow(cw, text)
    post = flow.decompose()
    assert says(post.context, "crew_plan.shared_write", first=1, second=2, path="src/a.py")
    out = cw.agent("crew-plan-reviewer", reviewer_prompt(flow.cmd))
    assert out.blocked and says(out.stderr, "crew.plan_problems", cmd=flow.cmd)
    assert says(out.stderr, "crew_plan.shared_write", first=1, second=2, path="src/a.py")


def test_the_aggregator_waits_and_gets_failed_tasks(flow):
    flow.decompose()
    flow.review()
    flow.work(1, "researcher", extra="## Sources\n- x")
    for _ in range(3):
        flow.work(2, "coder", status="failure")
    out = flow.ws.agent("crew-aggregator", aggregator_prompt(flow.cmd))
    assert out.blocked and "FAILED_TASKS: [2, 3]" in out.stderr
    _sub, stop, post = flow.run("crew-aggregator", aggregator_prompt(flow.cmd, [2, 3]), write=[
        (f"work/{flow.cmd}/cmd_report.md", "# R\n## Memory candidates (merged)\nnone\n"),
        (f"work/{flow.cmd}/cmd_report_summary.md",
         "---\nstatus: success\nquality: GREEN\ncompleteness: 100\nfailed_tasks: []\n---\nok\n")])
    # The summary claims success while tasks failed: the stop is refused.
    decision = json.loads(stop.stdout)
    assert decision["decision"] == "block"
    assert says(decision["reason"], "crew.summary_claims_success", tasks="2, 3"), decision


def test_the_retrospectors_mode_follows_the_summary(flow):
    flow.decompose()
    flow.review()
    flow.work(1, "researcher", extra="## Sources\n- x")
    for _ in range(3):
        flow.work(2, "coder", status="failure")
    flow.run("crew-aggregator", aggregator_prompt(flow.cmd, [2, 3]), write=[
        (f"work/{flow.cmd}/cmd_report.md", "# R\n"),
        (f"work/{flow.cmd}/cmd_report_summary.md",
         "---\nstatus: partial\nquality: GREEN\ncompleteness: 40\nfailed_tasks: [2, 3]\n---\nok\n")])
    out = flow.ws.agent("crew-retrospector", retrospector_prompt(flow.cmd, "light"))
    assert out.blocked and "MODE: full" in out.stderr
    assert not flow.ws.agent("crew-retrospector", retrospector_prompt(flow.cmd, "full")).blocked


def test_prompts_pass_paths_not_contents(flow):
    out = flow.ws.agent("crew-decomposer", decomposer_prompt(flow.cmd) + "x" * 3000)
    assert out.blocked and says(out.stderr, "crew.prompt_too_long")


def test_crew_agents_do_not_start_crew_agents(flow):
    out = flow.ws.agent("crew-decomposer", decomposer_prompt(flow.cmd), agent_id="sub1",
                        agent_type="crew-coder")
    assert out.blocked and says(out.stderr, "crew.nested", agent="crew-decomposer")


# ------------------------------------------------------------------ the execution log


def test_the_log_records_what_the_hooks_saw(flow):
    flow.decompose()
    flow.review("APPROVE-WITH-NOTES - README wording")
    flow.work(1, "researcher", extra="## Sources\n- x")
    flow.work(2, "coder", status="failure")
    flow.work(2, "coder", outputs="[greet/cli.py]", files=[("greet/cli.py", "x\n")])
    log = log_of(flow)
    assert log["plan_validation"] == {"enabled": True, "required_because":
                                      "the plan's tasks write code",
                                      "verdict": "APPROVE-WITH-NOTES", "retry_occurred": False,
                                      "notes": "README wording"}
    roles = [(t["role"], t["task"], t["status"], t["retries"]) for t in log["tasks"]]
    assert roles == [("decomposer", None, "success", 0), ("plan_reviewer", None, "success", 0),
                     ("worker_researcher", "task_1", "success", 0),
                     ("worker_coder", "task_2", "success", 1),
                     ("worker_writer", "task_3", "pending", 0)]
    assert (flow.ws.root / f"work/{flow.cmd}/plan_review.md").read_text().count(
        "APPROVE-WITH-NOTES") >= 1


def test_a_timeout_is_recorded_from_the_turns(flow):
    flow.decompose()
    flow.review()
    text = worker_prompt(flow.cmd, 1, "researcher")
    flow.run("crew-researcher", text, turns=30)
    entry = task_entry(flow, 1)
    assert entry["status"] == "timeout"
    assert says(entry["error"], "crew.worker_turns", turns=30, limit=30), entry
    flow.run("crew-researcher", text, turns=30)
    assert task_entry(flow, 1)["status"] == "timeout"
    # Out of retries: recorded partial (seed 000 step 6c), a failed task for the aggregate.
    flow.run("crew-researcher", text, turns=31)
    entry = task_entry(flow, 1)
    assert (entry["status"], entry["retries"]) == ("partial", 2), entry
    assert says(entry["error"], "crew.worker_last_retry"), entry
    assert says(entry["error"], "crew.worker_turns", turns=31, limit=30), entry
    assert flow.ws.agent("crew-researcher", text).blocked
    assert task_entry(flow, 3)["status"] == "skipped"


def test_the_parent_adds_keys_but_never_changes_the_hooks(flow):
    flow.decompose()
    flow.review()
    flow.work(1, "researcher", extra="## Sources\n- x")
    rel = f"work/{flow.cmd}/execution_log.yaml"
    text = (flow.ws.root / rel).read_text()
    assert not flow.ws.write(rel, text + "notes: fine\n").blocked
    forged = text.replace("status: pending", "status: success", 1)
    assert forged != text
    out = flow.ws.write(rel, forged)
    assert out.blocked and says(out.stderr, "crew.files_log_hook_keys")
    out = flow.ws.edit(rel, old="retries: 0", new="retries: 5")
    assert out.blocked
    out = flow.ws.bash(f"echo 'status: success' >> {rel}")
    assert out.blocked and says(out.stderr, "crew.files_bash")
    # A worker may not touch it at all.
    sub = flow.ws.spawn("w9", "crew-coder", worker_prompt(flow.cmd, 2, "coder"))
    assert sub.write(rel, text + "x: 1\n", really=False).blocked


def test_the_hooks_keep_the_parents_keys_when_they_render(flow):
    flow.decompose()
    rel = f"work/{flow.cmd}/execution_log.yaml"
    flow.ws.put(rel, (flow.ws.root / rel).read_text() + "approvals:\n  improvements: []\n")
    flow.review()
    assert log_of(flow)["approvals"] == {"improvements": []}
    assert log_of(flow)["plan_validation"]["verdict"] == "APPROVE"


# ------------------------------------------------------------------ roles own their files


def test_roles_own_the_cmds_files(flow):
    ws, cmd = flow.ws, flow.cmd
    flow.decompose()
    out = ws.write(f"work/{cmd}/plan.md", "x")
    assert out.blocked and "crew-decomposer" in out.stderr
    out = ws.write(f"work/{cmd}/tasks/task_9.md", "x")
    assert out.blocked
    out = ws.write(f"work/{cmd}/plan_review.md", "PLAN REVIEW: APPROVE")
    assert out.blocked and says(out.stderr, "crew.files_review")
    flow.review()
    coder = ws.spawn("c9", "crew-coder", worker_prompt(cmd, 2, "coder"))
    out = coder.write(f"work/{cmd}/results/result_1.md", "x", really=False)
    assert out.blocked and "task_2" in out.stderr
    out = coder.write(f"work/{cmd}/cmd_report.md", "x", really=False)
    assert out.blocked and "crew-aggregator" in out.stderr
    # The parent writes a result only as a failure for a task out of retries.
    out = ws.write(f"work/{cmd}/results/result_2.md", result_text(2))
    assert out.blocked and says(out.stderr, "crew.files_parent_result")


def test_the_parent_writes_a_failure_result_for_a_task_out_of_retries(flow):
    flow.decompose()
    flow.review()
    text = worker_prompt(flow.cmd, 2, "coder")
    for k in range(3):
        assert not flow.ws.agent("crew-coder", text).blocked
        flow.ws.spawn(f"x{k}", "crew-coder", text).stop()
    rel = f"work/{flow.cmd}/results/result_2.md"
    assert flow.ws.write(rel, result_text(2, status="success")).blocked
    assert not flow.ws.write(rel, result_text(2, status="failure")).blocked


# ------------------------------------------------------------------ the checked plan before code


def test_code_is_changed_only_by_a_worker_within_its_task(flow):
    ws, cmd = flow.ws, flow.cmd
    out = ws.write("src/app.py", "y = 2\n")
    assert out.blocked and says(out.stderr, "crew.gate_parent_edit")
    out = ws.bash("sed -i s/1/2/ src/app.py")
    assert out.blocked
    flow.decompose()
    # A coder started by hand before the review: its writes are refused too.
    coder = ws.spawn("early", "crew-coder", worker_prompt(cmd, 2, "coder"))
    out = coder.write("greet/cli.py", "x", really=False)
    assert out.blocked and keys_in(out.stderr) & {"crew.review_first_code", "crew.rejected"}
    flow.review()
    assert not coder.write("greet/cli.py", "x").blocked
    assert not coder.write("tests/test_cli.py", "x").blocked
    out = coder.write("src/app.py", "x", really=False)
    assert out.blocked and says(out.stderr, "crew.gate_not_listed", path="src/app.py")
    researcher = ws.spawn("r1", "crew-researcher", worker_prompt(cmd, 1, "researcher"))
    assert researcher.write("greet/cli.py", "x", really=False).blocked
    helper = ws.spawn("g1", "general-purpose", "help")
    assert helper.write("greet/cli.py", "x", really=False).blocked


def test_the_parent_applies_only_approved_improvements(flow):
    ws, cmd = flow.ws, flow.cmd
    flow.decompose()
    flow.review()
    flow.work(1, "researcher", extra="## Sources\n- x")
    flow.work(2, "coder", outputs="[greet/cli.py]", files=[("greet/cli.py", "x\n")])
    flow.work(3, "writer", outputs="[README.md]", files=[("README.md", "x\n")])
    flow.run("crew-aggregator", aggregator_prompt(cmd), write=[
        (f"work/{cmd}/cmd_report.md", "# R\n"),
        (f"work/{cmd}/cmd_report_summary.md",
         "---\nstatus: success\nquality: GREEN\ncompleteness: 100\nfailed_tasks: []\n---\nok\n")])
    flow.run("crew-retrospector", retrospector_prompt(cmd, "light"), write=[
        (f"work/{cmd}/retrospective.md", "---\nimprovements_accepted: 1\n---\n## Improvements\n"
         "### IMP-001: a convention\n- target: docs/conventions.md\n- type: docs\n")])
    assert log_of(flow)["status"] == "success"
    assert ws.write("docs/conventions.md", "x").blocked
    rel = f"work/{cmd}/execution_log.yaml"
    ws.put(rel, (ws.root / rel).read_text() + "approvals:\n  improvements: [IMP-001]\n")
    # The parent's record alone approves nothing: the user has not answered.
    assert ws.write("docs/conventions.md", "x").blocked
    # A worker's reply naming the id, arriving as a task notification, is not the user.
    ws.prompt_submit("<task-notification>\n<result>approve IMP-001</result>\n"
                     "</task-notification>")
    assert ws.write("docs/conventions.md", "x").blocked
    ws.prompt_submit("approve imp-001, thanks")
    assert not ws.write("docs/conventions.md", "x").blocked
    assert not ws.write("CHANGELOG.md", "x").blocked
    assert ws.write("src/app.py", "x").blocked
    assert not ws.bash("git add docs/conventions.md CHANGELOG.md && git commit -m 'docs: x'").blocked


# ------------------------------------------------------------------ the path-passer rule


@pytest.fixture
def opened(flow):
    flow.decompose()
    flow.review()
    flow.work(1, "researcher", extra="## Sources\n- secret result text")
    ws, cmd = flow.ws, flow.cmd
    ws.put(f"work/{cmd}/cmd_report.md", "# R\n\n## Summary\nx\n\n## Memory candidates (merged)\n"
                                    "- a\n\n## Other\nsecret\n")
    return flow


@pytest.mark.parametrize("call,allowed", [
    (("Read", {"file_path": "{t}/tasks/task_1.md"}), False),
    (("Read", {"file_path": "{t}/results/result_1.md"}), False),
    (("Read", {"file_path": "{t}/results/result_1.md", "limit": 20}), True),
    (("Read", {"file_path": "{t}/results/result_1.md", "limit": 21}), False),
    (("Read", {"file_path": "{t}/results/result_1.md", "offset": 5, "limit": 10}), False),
    (("Read", {"file_path": "{t}/cmd_report.md"}), False),
    (("Read", {"file_path": "{t}/cmd_report.md", "offset": 6, "limit": 3}), True),
    (("Read", {"file_path": "{t}/cmd_report.md", "offset": 6, "limit": 8}), False),
    (("Read", {"file_path": "{t}/cmd_report_summary.md"}), True),
    (("Read", {"file_path": "{t}/plan.md"}), True),
    (("Read", {"file_path": "{t}/execution_log.yaml"}), True),
    (("Grep", {"pattern": "secret", "path": "{t}", "output_mode": "content"}), False),
    (("Grep", {"pattern": "secret", "output_mode": "content"}), False),
    (("Grep", {"pattern": "secret", "path": "{t}"}), True),
    (("Grep", {"pattern": "secret", "path": "{t}", "output_mode": "content", "glob": "*.py"}), True),
    (("Grep", {"pattern": "secret", "path": "{t}", "output_mode": "content", "glob": "*.md"}), False),
    (("Grep", {"pattern": "x", "path": "{t}", "output_mode": "content", "glob": "**/{a,result_*}.md"}), False),
    (("Grep", {"pattern": "x", "path": "src", "output_mode": "content"}), True),
    (("Glob", {"pattern": "{t}/results/*"}), True),
])
def test_the_parents_readers(opened, call, allowed):
    tool, tool_input = call
    base = f"work/{opened.cmd}"
    filled = {k: (v.replace("{t}", base) if isinstance(v, str) and k in ("file_path", "path",
                                                                           "pattern") else v)
              for k, v in tool_input.items()}
    if "file_path" in filled:
        filled["file_path"] = opened.ws.abs(filled["file_path"])
    out = opened.ws.pre(tool, filled)
    assert out.blocked is (not allowed), out
    if not allowed:
        assert keys_in(out.stderr, prefix="crew.passer_"), out.stderr


@pytest.mark.parametrize("command,allowed", [
    ("cat {t}/tasks/task_1.md", False),
    ("cat {t}/results/result_1.md", False),
    ("head -n 20 {t}/results/result_1.md", True),
    ("head -20 {t}/results/result_1.md", True),
    ("head -n 50 {t}/results/result_1.md", False),
    ("head -c 5000 {t}/results/result_1.md", False),
    ("tail -n 3 {t}/results/result_1.md", False),
    ("less {t}/cmd_report.md", False),
    ("cat {t}/results/*", False),
    ("cat work/*/tasks/task_?.md", False),
    ("grep -r secret work", False),
    ("grep -r secret .", False),
    ("grep secret {t}/cmd_report_summary.md", True),
    ("cat < {t}/tasks/task_1.md", False),
    ("F={t}/tasks/task_1.md; cat $F", False),
    ("cat $(ls {t}/tasks/*)", False),
    ("python3 -c 'print(open(\"{t}/tasks/task_1.md\").read())'", False),
    ("bash -c 'cat {t}/tasks/task_1.md'", False),
    ("git show HEAD:{t}/tasks/task_1.md", False),
    ("git diff -- {t}/results/result_1.md", False),
    ("ls {t}/results", True),
    ("find {t}/results -name '*.md'", True),
    ("wc -l {t}/plan.md", True),
    ("echo $HOME", True),
    ("git status", True),
    ("git log --oneline", True),
    ("python3 .claude/skills/crew/validate_result.py {t}/results/result_1.md researcher", True),
    ("cat ./work/../{t}/tasks/task_1.md", False),
])
def test_the_parents_bash_readers(opened, command, allowed):
    out = opened.ws.bash(command.replace("{t}", f"work/{opened.cmd}"))
    if allowed:
        assert not out.blocked, out
    else:
        assert out.blocked and out.guard == "crew-path-passer", out


def test_a_symlink_to_a_task_is_the_task(opened):
    import os

    link = opened.ws.root / "notes.md"
    os.symlink(opened.ws.root / f"work/{opened.cmd}/tasks/task_2.md", link)
    assert opened.ws.read("notes.md").blocked
    out = opened.ws.bash("cat notes.md")
    assert out.blocked


def test_a_tracked_body_blocks_pathless_git_content_views(opened):
    import subprocess

    root = opened.ws.root
    import shutil

    shutil.rmtree(root / ".git")
    subprocess.run(["git", "init", "-q"], cwd=root, check=True)
    subprocess.run(["git", "add", f"work/{opened.cmd}/tasks/task_1.md"], cwd=root, check=True)
    out = opened.ws.bash("git diff --cached")
    assert out.blocked and out.guard == "crew-path-passer"


def test_subagents_read_what_their_prompts_name(opened):
    sub = opened.ws.spawn("r2", "crew-writer", worker_prompt(opened.cmd, 3, "writer"))
    out = sub.pre("Read", {"file_path": opened.ws.abs(f"work/{opened.cmd}/tasks/task_3.md")})
    assert not out.blocked


def test_a_closed_cmd_is_free_to_read(opened):
    (opened.ws.root / f"work/{opened.cmd}/ABORTED").write_text("aborted\n")
    assert not opened.ws.read(f"work/{opened.cmd}/tasks/task_1.md").blocked


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(prefix=st.sampled_from(["", "./", "work/../", "./work/./../"]),
       reader=st.sampled_from(["cat", "more", "nl", "sed -n 1,200p", "awk 1", "strings", "xxd",
                               "od -c", "sort", "uniq", "tac", "base64", "grep -h .", "cut -c1-"]),
       kind=st.sampled_from(["tasks/task_1.md", "tasks/task_2.md", "results/result_1.md"]))
def test_any_reader_of_a_body_is_refused(opened, prefix, reader, kind):
    out = opened.ws.bash(f"{reader} {prefix}work/{opened.cmd}/{kind}")
    assert out.blocked and out.guard == "crew-path-passer", out


# ------------------------------------------------------------------ checkpoint resume


def test_session_start_tells_where_an_open_cmd_stopped(flow):
    flow.decompose()
    flow.review()
    flow.work(1, "researcher", extra="## Sources\n- x")
    flow.work(2, "coder", status="failure")
    assert not flow.ws.agent("crew-coder", worker_prompt(flow.cmd, 2, "coder")).blocked
    context = flow.ws.session_start("resume").context
    assert any(m["done"].startswith("task_1")
               for m in matches(context, "crew.checkpoint", cmd=flow.cmd)), context
    assert says(context, "crew.task_no_result", task=2), context
    assert any(m["pending"].startswith("task_3 (pending)")
               for m in matches(context, "crew.checkpoint", cmd=flow.cmd)), context
    assert "execution_log.yaml" in context


def test_session_start_names_a_failed_task_and_its_retry(flow):
    flow.decompose()
    flow.review()
    flow.work(1, "researcher", extra="## Sources\n- x")
    flow.work(2, "coder", status="failure")
    context = flow.ws.session_start("resume").context
    [m] = matches(context, "crew.checkpoint", cmd=flow.cmd)
    assert says(m["failed"], "crew.task_failed", task=2, status="failure", retries=0), context
    assert m["interrupted"] == "-", context
    [m] = matches(context, "crew.next_retry", cmd=flow.cmd)
    assert [(t["task"], t["agent"], t["retry"], t["limit"])  # max_retries: 2 by default
            for t in matches(m["tasks"], "crew.task_retry")] == [("2", "crew-coder", "1", "2")], \
        context


def test_a_new_session_may_rerun_a_task_left_running(flow):
    flow.decompose()
    flow.review()
    text = worker_prompt(flow.cmd, 1, "researcher")
    assert not flow.ws.agent("crew-researcher", text).blocked
    assert flow.ws.agent("crew-researcher", text).blocked  # same session: still running
    out = flow.ws.agent("crew-researcher", text, session_id="s2")
    assert not out.blocked, out


def test_an_aborted_cmd_stops_guarding(flow):
    from workflow.crew.cli import new_cmd  # noqa: F401 - the script's own function is tested elsewhere

    flow.decompose()
    (flow.ws.root / f"work/{flow.cmd}/ABORTED").write_text("aborted\n")
    assert "did not finish" not in flow.ws.session_start().context
    flow.ws.read("state.md")
    out = flow.ws.agent("crew-plan-reviewer", reviewer_prompt(flow.cmd))
    assert out.blocked and says(out.stderr, "crew.cmd_closed")


# ------------------------------------------------------------------ memory


#: A tool call of the memory writer subagent.
WRITER = {"agent_id": "mw", "agent_type": "crew-memory-writer"}


@pytest.fixture
def memory(cw):
    (cw.root / ".claude/crew-config.yaml").write_text("memory_server: memory\n")
    cw.session_start()
    cw.read("state.md")
    return cw


@pytest.mark.parametrize("entity,ok", [
    ({"name": "python:testing:tmp_path_over_tempdir", "entityType": "best_practice",
      "observations": ["pytest's tmp_path is cleaned per test"]}, True),
    ({"name": "workflow:rejected_proposal:skill", "entityType": "rejection_memory",
      "observations": ["Rejected on 2026-01-02"]}, True),
    ({"name": "workflow:rejected_proposal:everything", "entityType": "rejection_memory"}, False),
    ({"name": "Python Testing", "entityType": "x"}, False),
    ({"name": "python:testing", "entityType": "x"}, False),
    ({"name": "security:env:leak", "entityType": "x", "observations": ["seen in cmd_012"]}, False),
    ({"name": "claude-crew:failure_pattern:result_file_missing", "entityType": "x"}, False),
    ({"name": "team:flow:aggregator_first", "entityType": "x",
      "observations": ["the aggregator should run first"]}, False),
])
def test_memory_entities_follow_the_seeds_rules(memory, entity, ok):
    out = memory.pre("mcp__memory__create_entities", {"entities": [entity]}, **WRITER)
    assert out.blocked is (not ok), out


def test_without_a_memory_server_nothing_is_checked(cw):
    cw.session_start()
    cw.read("state.md")
    out = cw.pre("mcp__memory__create_entities", {"entities": [{"name": "Bad Name"}]})
    assert not (out.blocked and out.guard == "crew-memory")


def test_too_many_memory_entities(memory):
    entities = [{"name": f"a:b:c{k}", "entityType": "x"} for k in range(6)]
    out = memory.pre("mcp__memory__create_entities", {"entities": entities}, **WRITER)
    assert out.blocked and says(out.stderr, "crew.memory_too_many", limit=5)


GOOD = {"name": "python:testing:tmp_path_over_tempdir", "entityType": "best_practice",
        "observations": ["pytest's tmp_path is cleaned per test"]}


@pytest.mark.parametrize("who", [{}, {"agent_id": "c1", "agent_type": "crew-coder"},
                                 {"agent_id": "e1", "agent_type": "Explore"},
                                 {"agent_id": "m1", "agent_type": "Crew-Memory-Writer"},
                                 {"agent_type": "crew-memory-writer"}])
@pytest.mark.parametrize("tool,tool_input", [
    ("create_entities", {"entities": [GOOD]}),
    ("add_observations", {"observations": [{"entityName": GOOD["name"], "contents": ["x"]}]}),
    ("create_relations", {"relations": [{"from": "a:b:c", "to": "d:e:f", "relationType": "uses"}]}),
])
def test_only_the_memory_writer_writes_memory(memory, who, tool, tool_input):
    """The seed: memory is written only for approved candidates, by the
    subagent the parent delegates that to; the parent (no agent id), the
    workers and any other agent only search."""
    out = memory.pre(f"mcp__memory__{tool}", tool_input, **who)
    assert out.blocked and out.guard == "crew-memory" and "crew-memory-writer" in out.stderr
    assert not memory.pre(f"mcp__memory__{tool}", tool_input, **WRITER).blocked
    for reader in ("search_nodes", "open_nodes", "read_graph"):
        assert not memory.pre(f"mcp__memory__{reader}", {"query": "x", "names": ["a"]},
                              **who).blocked


@pytest.mark.parametrize("tool", ["delete_entities", "delete_observations", "delete_relations",
                                  "frobnicate", ""])
def test_memory_is_never_deleted_and_unknown_tools_are_refused(memory, tool):
    out = memory.pre(f"mcp__memory__{tool}", {"entityNames": ["a:b:c"]}, **WRITER)
    assert out.blocked and out.guard == "crew-memory", out


def test_another_servers_tools_are_not_the_memory(memory):
    out = memory.pre("mcp__notes__create_entities", {"entities": [{"name": "Bad Name"}]})
    assert not (out.blocked and out.guard == "crew-memory")


CMD_NOTES = st.one_of(
    st.builds(lambda n, pre: f"{pre}cmd_{n:03d}", st.integers(0, 999),
              st.sampled_from(["", "seen in ", "work/", "CMD_".lower()])),
    st.sampled_from(["the aggregator ran first", "phase 2 was slow", "see execution_log"]))


def _shapes(note):
    """``note`` as an observation of every shape a write may carry it in."""
    return st.sampled_from([[note], note, [{"text": note}], [[note]], [1, note]])


@settings(max_examples=examples(40), suppress_health_check=[HealthCheck.function_scoped_fixture],
          deadline=None)
@given(note=CMD_NOTES, data=st.data())
def test_a_cmd_or_the_machinery_never_reaches_memory(memory, note, data):
    """Whatever the write and the shape of its observations, a note about a
    particular cmd or the crew's machinery is refused."""
    observations = data.draw(_shapes(note))
    entity = dict(GOOD, observations=observations)
    out = memory.pre("mcp__memory__create_entities", {"entities": [entity]}, **WRITER)
    assert out.blocked and out.guard == "crew-memory", (observations, out)
    out = memory.pre("mcp__memory__add_observations", {"observations": [
        {"entityName": GOOD["name"], "contents": observations}]}, **WRITER)
    assert out.blocked and out.guard == "crew-memory", (observations, out)


@pytest.mark.parametrize("entity,key,fields", [
    ({"entityType": "x"}, "crew.memory_no_name", {}),
    ({"name": "workflow:rejected_proposal:other", "entityType": "rejection_memory"},
     "crew.memory_rejection_name", {"categories": "template_modification,skill,improvement"}),
    ({"name": "Python:Testing:x"}, "crew.memory_name_shape", {}),
    (dict(GOOD, observations=["seen in cmd_007"]), "crew.memory_about_cmd", {}),
    (dict(GOOD, observations=["the aggregator does it"]), "crew.memory_machinery",
     {"word": "aggregator"}),
])
def test_each_memory_rule_says_which(memory, entity, key, fields):
    from guards.crew_memory import entity_problem

    problem = entity_problem(entity)
    assert (problem.key, problem.fields) == (key, fields)
    out = memory.pre("mcp__memory__create_entities", {"entities": [entity]}, **WRITER)
    assert out.blocked and says(out.stderr, "crew.memory_rejected"), out
    assert says(out.stderr, key, **fields), out


def test_a_second_rejection_adds_observations(memory):
    out = memory.pre("mcp__memory__add_observations", {"observations": [
        {"entityName": "workflow:rejected_proposal:skill",
         "contents": ["Rejected on 2026-01-05 in cmd_004"]}]}, **WRITER)
    assert not out.blocked, out
    out = memory.pre("mcp__memory__add_observations", {"observations": [
        {"entityName": "workflow:rejected_proposal:anything", "contents": ["x"]}]}, **WRITER)
    assert out.blocked


def test_the_memory_writer_runs_after_the_cmd_closed(flow):
    ws = flow.ws
    text = memory_writer_prompt(flow.cmd, "python:testing:tmp_path (best_practice): x")
    out = ws.agent("crew-memory-writer", text)
    assert out.blocked and says(out.stderr, "crew.memory_off")
    (ws.root / ".claude/crew-config.yaml").write_text("memory_server: memory\n")
    out = ws.agent("crew-memory-writer", text)
    assert out.blocked and says(out.stderr, "crew.memory_early", cmd=flow.cmd)
    flow.close()
    before = log_of(flow)
    assert before["status"] == "success"
    assert not ws.agent("crew-memory-writer", text).blocked
    sub = ws.spawn("mw1", "crew-memory-writer", text)
    assert not sub.pre("mcp__memory__create_entities", {"entities": [GOOD]}).blocked
    sub.stop("Stored 1 entity.")
    assert log_of(flow) == before  # the closed cmd's log is left as it was
    (ws.root / f"work/{flow.cmd}/ABORTED").write_text("x\n")
    assert ws.agent("crew-memory-writer", text).blocked


# ------------------------------------------------------------------ reminders


def test_a_background_result_is_reported_with_the_next_step(flow):
    flow.decompose()
    flow.review()
    text = worker_prompt(flow.cmd, 1, "researcher")
    assert not flow.ws.agent("crew-researcher", text, background=True).blocked
    sub = flow.ws.spawn("bg1", "crew-researcher", text)
    sub.write(f"work/{flow.cmd}/results/result_1.md", result_text(1, extra="## Sources\n- x"))
    sub.stop()
    note = ("<task-notification>\n<task-id>bg1</task-id>\n<status>completed</status>\n"
            "<result>Wrote result_1</result>\n</task-notification>")
    context = flow.ws.prompt_submit(note).context
    assert says(context, "crew.stop_worker_ok", task=1, agent="crew-researcher"), context
    assert "task_2 (crew-coder)" in context  # the rest of wave 1


def test_the_duration_warning(flow):
    (flow.ws.root / ".claude/crew-config.yaml").write_text("max_cmd_duration_sec: 1\n")
    flow.decompose()
    from statefiles.crew import ledger

    recs = (flow.ws.root / ".claude/logs/crew" / f"{flow.cmd}.jsonl")
    lines = [json.loads(x) for x in recs.read_text().splitlines()]
    lines[0]["ts"] = "2000-01-01 00:00:00"
    recs.write_text("".join(json.dumps(x) + "\n" for x in lines))
    del ledger
    _sub, _stop, post = flow.review()
    assert says(post.context, "crew.duration")


@pytest.mark.parametrize("agent_type", ["Explore", "general-purpose", "Plan", "critic",
                                        "Crew-Writer", None])
def test_an_agent_outside_the_crew_reads_as_the_parent(opened, agent_type):
    """A subagent that is not one of the crew's reports to the parent: a
    summary of a body it read would be the body in other words."""
    ws, cmd = opened.ws, opened.cmd
    extra = {"agent_id": "px1"} | ({"agent_type": agent_type} if agent_type else {})
    task = ws.pre("Read", {"file_path": ws.abs(f"work/{cmd}/tasks/task_3.md")}, **extra)
    assert task.blocked and task.guard == "crew-path-passer", task
    assert says(task.stderr, "crew.passer_proxy"), task.stderr
    grep = ws.pre("Grep", {"pattern": "body", "path": ws.abs(f"work/{cmd}"),
                           "output_mode": "content"}, **extra)
    assert grep.blocked and grep.guard == "crew-path-passer"
    bash = ws.pre("Bash", {"command": f"cat work/{cmd}/results/result_1.md"}, **extra)
    assert bash.blocked and bash.guard == "crew-path-passer"
    header = ws.pre("Read", {"file_path": ws.abs(f"work/{cmd}/results/result_1.md"),
                             "limit": 20}, **extra)
    assert not header.blocked, header


ONE_ROW = ("# Plan\n\n| Task | Title | Persona | Model | Depends On | Writes |\n"
           "|---|---|---|---|---|---|\n| 1 | Fix the typo | writer | haiku | - | README.md |\n")


def test_the_parent_skips_phase_1_with_a_one_row_plan(cw):
    """Seed 000 "Phase 1 例外条件": the parent writes the task itself (and,
    for the hooks, its one-row plan) before any agent of the cmd ran."""
    cw.session_start()
    cw.read("state.md")
    cmd = cw.new_cmd()
    cw.put(f"work/{cmd}/request.md", "fix the typo\n")
    two = ONE_ROW + "| 2 | More | writer | - | 1 | docs/x.md |\n"
    assert says(cw.write(f"work/{cmd}/plan.md", two).stderr, "crew.skip_one_row")
    dep = ONE_ROW.replace("| haiku | - |", "| haiku | 2 |")
    assert cw.write(f"work/{cmd}/plan.md", dep).blocked
    assert says(cw.write(f"work/{cmd}/tasks/task_2.md", "x\n").stderr, "crew.skip_task_1")
    assert not cw.write(f"work/{cmd}/plan.md", ONE_ROW).blocked
    cw.put(f"work/{cmd}/plan.md", ONE_ROW)
    assert not cw.write(f"work/{cmd}/tasks/task_1.md", "# Task 1\nfix it\n").blocked
    cw.put(f"work/{cmd}/tasks/task_1.md", "# Task 1\nfix it\n")
    flow = Flow.__new__(Flow)
    flow.ws, flow.cmd, flow.agents, flow.plan_text = cw, cmd, 0, ONE_ROW
    flow.work(1, "writer", outputs="[README.md]", files=[("README.md", "fixed\n")])
    # Once an agent ran, the plan is no longer the parent's.
    out = cw.write(f"work/{cmd}/plan.md", ONE_ROW.replace("README.md", "**"))
    assert out.blocked and says(out.stderr, "crew.skip_ran")
    summary = (f"---\ncmd_id: {cmd}\nstatus: success\nquality: GREEN\ncompleteness: 100\n"
               f"task_count: 1\nfailed_tasks: []\n---\n# Summary: {cmd}\n"
               "(Phase 3 skipped — single task)\n")
    assert not cw.write(f"work/{cmd}/cmd_report_summary.md", summary).blocked
    cw.put(f"work/{cmd}/cmd_report_summary.md", summary)
    flow.run("crew-retrospector", retrospector_prompt(cmd, "light"), write=[
        (f"work/{cmd}/retrospective.md",
         "---\nmode: light\nimprovements_accepted: 0\nskills_accepted: 0\n---\n# R\n")])
    log = yaml.safe_load((cw.root / f"work/{cmd}/execution_log.yaml").read_text())
    assert log["status"] == "success"
    assert [(t["role"], t["task"]) for t in log["tasks"]] == [("worker_writer", "task_1"),
                                                              ("retrospector", None)]


def test_a_skipped_phase_1_that_writes_code_is_still_reviewed(cw):
    cw.session_start()
    cw.read("state.md")
    cmd = cw.new_cmd()
    cw.put(f"work/{cmd}/request.md", "x\n")
    code = ONE_ROW.replace("writer | haiku | - | README.md", "coder | haiku | - | greet/cli.py")
    assert not cw.write(f"work/{cmd}/plan.md", code).blocked
    cw.put(f"work/{cmd}/plan.md", code)
    cw.put(f"work/{cmd}/tasks/task_1.md", "# Task 1\n")
    out = cw.agent("crew-coder", worker_prompt(cmd, 1, "coder"))
    assert out.blocked and "crew-plan-reviewer" in out.stderr


def test_the_feedback_loop_plans_the_failed_tasks_again(cw):
    """Seed 000 "フィードバックループ": half the tasks or more failed for good;
    the decomposer plans them again into plan_retry.md (numbering on), the
    new tasks run as a wave, and the aggregator still gets the old ones in
    FAILED_TASKS; the decomposer's runs per cmd are bounded."""
    two = ("| Task | Title | Persona | Model | Depends On | Writes |\n|---|---|---|---|---|---|\n"
           "| 1 | a | researcher | haiku | - | - |\n| 2 | b | researcher | haiku | - | - |\n")
    flow = Flow(cw, two)
    flow.decompose()
    cmd = flow.cmd
    for n in (1, 2):
        for _ in range(3):
            flow.work(n, "researcher", status="failure")
    text = prompt("decomposer", f"REQUEST_PATH: work/{cmd}/request.md",
                  f"PLAN_PATH: work/{cmd}/plan_retry.md", f"TASKS_DIR: work/{cmd}/tasks/"
                  ) + "FAILED_TASKS: [1, 2]\n"
    retry = two.replace("| 1 | a |", "| 3 | a again |").replace("| 2 | b |", "| 4 | b again |")
    flow.run("crew-decomposer", text, write=[(f"work/{cmd}/plan_retry.md", retry),
                                             (f"work/{cmd}/tasks/task_3.md", "x\n"),
                                             (f"work/{cmd}/tasks/task_4.md", "x\n")])
    out = cw.agent("crew-aggregator", aggregator_prompt(cmd, [1, 2]))
    assert out.blocked and "task_3 (pending), task_4 (pending)" in out.stderr
    for n in (3, 4):
        flow.work(n, "researcher", extra="## Sources\n- x")
    out = cw.agent("crew-aggregator", aggregator_prompt(cmd))
    assert out.blocked and "FAILED_TASKS: [1, 2]" in out.stderr
    assert not cw.agent("crew-aggregator", aggregator_prompt(cmd, [1, 2])).blocked
    statuses = {t["task"]: t["status"] for t in log_of(flow)["tasks"] if t["task"]}
    assert statuses == {"task_1": "failure", "task_2": "failure", "task_3": "success",
                        "task_4": "success"}
    # A third decomposition is the last one.
    assert not cw.agent("crew-decomposer", text).blocked
    cw.spawn("d3", "crew-decomposer", text).stop()
    out = cw.agent("crew-decomposer", text)
    assert out.blocked and "3" in out.stderr


@pytest.mark.parametrize("source,recovered", [("startup", True), ("resume", True),
                                               ("compact", False), ("clear", False)])
def test_a_fresh_session_skips_a_running_task_whose_result_validates(cw, source, recovered):
    """Seed 000 checkpoint step 4: a task that was running when the session
    ended is skipped when its result exists (validated here), else run again.
    Only a new process (startup, resume) knows the subagent is gone."""
    chain = ("| Task | Title | Persona | Model | Depends On | Writes |\n|---|---|---|---|---|---|\n"
             "| 1 | a | researcher | haiku | - | - |\n| 2 | b | writer | haiku | 1 | README.md |\n"
             "| 3 | c | researcher | haiku | - | - |\n")
    flow = Flow(cw, chain)
    flow.decompose()
    cmd = flow.cmd
    for n in (1, 3):
        text = worker_prompt(cmd, n, "researcher")
        assert not cw.agent("crew-researcher", text).blocked
        sub = cw.spawn(f"r{n}", "crew-researcher", text)
    # The session ends: task 1 wrote its result, task 3 did not.
    cw.put(f"work/{cmd}/results/result_1.md", result_text(1, extra="## Sources\n- x"))
    context = cw.session_start(source).context
    entry = task_entry(flow, 1)
    if recovered:
        assert entry["status"] == "success" and entry["finished"], entry
        assert any(m["done"].startswith("task_1") for m in matches(context, "crew.checkpoint"))
        assert "task_2 (crew-writer)" in context
        assert not cw.read("state.md").blocked
        assert not cw.agent("crew-writer", worker_prompt(cmd, 2, "writer"),
                            session_id="s2").blocked
    else:
        assert entry["status"] == "running"
    assert task_entry(flow, 3)["status"] == "running"  # no result: run it again
    assert says(context, "crew.task_no_result", task=3), context
    assert sub  # the last subagent never stopped


def test_session_start_names_a_memory_server_the_agents_do_not_reach(cw):
    (cw.root / ".claude/crew-config.yaml").write_text("memory_server: knowledge\n")
    context = cw.session_start().context
    assert "mcp__knowledge__search_nodes" in context and "`memory`" in context
    (cw.root / ".claude/crew-config.yaml").write_text("memory_server: memory\n")
    assert "mcp__knowledge" not in cw.session_start().context


def test_the_parents_summary_says_what_the_record_says(cw):
    """Phase 3 skipped: the parent writes cmd_report_summary.md itself, held
    to the aggregator's rule: no success the record does not show."""
    cw.session_start()
    cw.read("state.md")
    cmd = cw.new_cmd()
    cw.put(f"work/{cmd}/request.md", "fix the typo\n")
    cw.put(f"work/{cmd}/plan.md", ONE_ROW)
    cw.put(f"work/{cmd}/tasks/task_1.md", "# Task 1\n")
    flow = Flow.__new__(Flow)
    flow.ws, flow.cmd, flow.agents, flow.plan_text = cw, cmd, 0, ONE_ROW
    rel = f"work/{cmd}/cmd_report_summary.md"

    def summary(status, failed="[]"):
        return (f"---\ncmd_id: {cmd}\nstatus: {status}\nquality: GREEN\ncompleteness: 100\n"
                f"task_count: 1\nfailed_tasks: {failed}\n---\n# Summary: {cmd}\n")

    out = cw.write(rel, summary("success"))  # task 1 has not even run
    assert out.blocked and says(out.stderr, "crew.summary_claims_success", tasks="1"), out
    for _ in range(3):
        flow.work(1, "writer", status="failure")
    out = cw.write(rel, summary("success"))
    assert out.blocked and out.guard == "crew-files" and says(out.stderr, "crew.files_summary_claim")
    assert says(out.stderr, "crew.summary_claims_success", tasks="1"), out
    out = cw.write(rel, "no front matter\n")
    assert out.blocked and says(out.stderr, "crew.summary_no_front_matter"), out
    out = cw.write(rel, summary("success") + "x\n" * 60)
    assert out.blocked and says(out.stderr, "crew.summary_too_long", limit=50), out
    assert not cw.write(rel, summary("failure", "[1]")).blocked
