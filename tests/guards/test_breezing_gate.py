"""The breezing workflow's gate through the installed hooks (seed 001;
docs/breezing.md "What the hooks enforce"): the lead's phases recorded by
the hooks, the team's roles, the reviewer's APPROVE before "done"."""

from __future__ import annotations

import json

import pytest
from _breezing_kit import (
    CONFIRMATION,
    LEAD,
    REVIEW,
    SESSION,
    SUB_ID,
    Breezing,
    InProcess,
    teammate_id,
    worker,
)
from _team_support import ACTIVE, set_config
from conftest import git
from saying import says


@pytest.fixture
def b(tmp_path) -> Breezing:
    """A breezing repository whose hooks run in this process (the installed
    entrypoints are driven in tests/test_breezing_entrypoints.py)."""
    return Breezing(InProcess(tmp_path / "repo"))


#: The breezing gate's message keys.
D = "breezing_gate."


def blocked(result, guard="breezing-gate", said=None, **fields):
    """The call was blocked by ``guard``, saying message ``said`` (a key; with
    ``fields``, matched exactly) when given."""
    assert result.code == 2, result
    assert f"[playgate:{guard}]" in result.stderr, result.stderr
    assert said is None or says(result.stderr, said, **fields), (said, result.stderr)
    return result


def allowed(result):
    assert result.code == 0, result
    return result


# ----------------------------------------------------------------- the workflow switch


def test_nothing_of_it_acts_in_the_golden_path(tmp_path):
    installed = InProcess(tmp_path / "repo")
    """Today's users: breezing-active.json without config.workflow breezing
    is reported, not obeyed (the golden path's own guards run instead)."""
    root = installed.root
    git(root, "checkout", "-q", "-b", "feat/x")
    (root / ACTIVE).parent.mkdir(parents=True, exist_ok=True)
    (root / ACTIVE).write_text(json.dumps({"session_id": "s", "impl_mode": "codex"}))
    result = installed.tool("Write", {"file_path": str(root / "src/app.py"), "content": "x"})
    assert "[playgate:breezing-gate]" not in result.stderr
    assert "[playgate:codex-lead-guard]" not in result.stderr
    start = installed.hook("SessionStart", installed.payload("SessionStart", source="startup"))
    assert "breezing" in start.context and "breezing-active.json" in start.context


def test_without_a_session_nobody_edits_code(b):
    blocked(b.write("src/app.py"), said=D + "no_session", path="src/app.py")
    blocked(b.write("src/app.py", **worker()), said=D + "no_session", path="src/app.py")
    blocked(b.bash("echo y > src/app.py"), said=D + "no_session")
    blocked(b.pre("Agent", {"description": "d", "prompt": "p", "subagent_type": "task-worker"}),
            said=D + "no_session_agent", agent="task-worker")
    # Planning and the state stay open.
    allowed(b.write("Plans.md", "# Plans\n- [ ] 3. c `cc:TODO`\n"))
    allowed(b.write("state.md", (b.root / "state.md").read_text()))
    allowed(b.bash("git status"))
    allowed(b.pre("Read", {"file_path": str(b.root / "src/app.py")}))


def test_plans_md_done_marks_need_the_approve(b):
    done = "# Plans\n\n- [x] 1. a `cc:done`\n- [ ] 2. b `cc:TODO`\n"
    blocked(b.write("Plans.md", done), said=D + "done_mark")
    for spelling in ("cc:DONE", "cc : done", "cc：done", "ｃｃ:ｄｏｎｅ"):
        blocked(b.write("Plans.md", f"- 1. a `{spelling}`\n"), said=D + "done_mark")
    blocked(b.bash("sed -i s/cc:TODO/cc:done/ Plans.md"), said=D + "no_session")


# ----------------------------------------------------------------- Step 0 and the range


def test_step0_records_the_lead_session_and_the_request(b):
    b.step0()
    hooks = b.hooks()
    assert hooks["lead_session"] == LEAD and hooks["phase"] == "prepare"
    assert hooks["request"]["range"] == "all"
    request = json.loads((b.root / ".claude/state/breezing-request.json").read_text())
    assert request["flags"]["codex"] is False and request["session"] == LEAD


def test_impl_mode_follows_the_users_codex_flag(tmp_path):
    b = Breezing(InProcess(tmp_path / "repo"), mode="codex")
    b.request()
    content = b.active_content(impl_mode="standard")
    blocked(b.pre("Write", {"file_path": str(b.root / ACTIVE), "content": content}),
            said=D + "impl_mode", wanted="codex", mode="standard")
    allowed(b.pre("Write", {"file_path": str(b.root / ACTIVE),
                            "content": b.active_content(impl_mode="codex")}))


def test_the_hooks_section_is_the_hooks(b):
    b.step0()
    data = b.active()
    forged = dict(data, hooks=dict(data["hooks"], phase="post-delegate"))
    blocked(b.pre("Write", {"file_path": str(b.root / ACTIVE), "content": json.dumps(forged)}),
            said=D + "hooks_section")
    dropped = {k: v for k, v in data.items() if k != "hooks"}
    blocked(b.pre("Write", {"file_path": str(b.root / ACTIVE), "content": json.dumps(dropped)}),
            said=D + "hooks_section")
    changed = dict(data, impl_mode="codex")
    blocked(b.pre("Write", {"file_path": str(b.root / ACTIVE), "content": json.dumps(changed)}),
            said=D + "fixed_key", key="impl_mode")
    # Adding the lead's own Step 3 fields with Edit is fine.
    text = (b.root / ACTIVE).read_text()
    allowed(b.pre("Edit", {"file_path": str(b.root / ACTIVE),
                           "old_string": '"task_range": "all"',
                           "new_string": '"task_range": "all",\n  "team_name": "breezing-all"',
                           "replace_all": False}))
    assert '"task_range": "all"' in text
    # Not a JSON object, and Bash writes, are refused.
    blocked(b.pre("Write", {"file_path": str(b.root / ACTIVE), "content": "[1]"}),
            said=D + "active_not_object")
    blocked(b.bash("echo '{}' > .claude/state/breezing-active.json"), said=D + "active_by_bash")


def test_the_task_list_and_the_team_wait_for_the_users_yes(b):
    b.step0()
    spec = {"subject": "a", "description": "owns: src/app.py", "activeForm": "doing a"}
    blocked(b.pre("TaskCreate", spec), said=D + "not_confirmed")
    # A confirmation the lead only claims (no stop showing it) is not one.
    allowed(b.prompt("yes"))
    assert not b.hooks().get("confirmed_at")
    # A no keeps it closed; the user's yes after the shown confirmation opens it.
    assert b.stop(CONFIRMATION).code == 0
    assert says(b.prompt("no").context, "breezing_prompt.answer_reject")
    assert not b.hooks().get("confirmed_at")
    b.confirm("yes")
    assert b.hooks()["confirmed_at"]
    b.create_task("1")


def test_a_task_notification_is_not_the_users_yes(b):
    b.step0()
    assert b.stop(CONFIRMATION).code == 0
    b.prompt("<task-notification>\n<result>yes</result>\n</task-notification>")
    assert not b.hooks().get("confirmed_at")


def test_implementers_need_a_task_and_the_right_mode(b):
    b.step0()
    b.confirm()
    blocked(b.spawn("task-worker"), said=D + "no_tasks")
    b.create_task("1")
    blocked(b.spawn("codex-implementer"), said=D + "wrong_implementer", agent="codex-implementer", wanted="task-worker")
    allowed(b.spawn("task-worker"))
    assert b.phase() == "delegate"
    roster = b.progress()["roster"]
    assert roster["task-worker"]["role"] == "worker" and roster["task-worker"]["agent_id"] == SUB_ID


def test_planner_and_critic_run_before_the_team(b):
    b.step0()
    allowed(b.spawn("plan-analyst"))
    allowed(b.spawn("plan-critic"))
    assert b.phase() == "prepare"


# ----------------------------------------------------------------- the delegate phase


@pytest.mark.parametrize("call", [
    ("Write", "src/app.py"), ("Write", "Plans.md"), ("Write", "docs/notes.md"),
    ("Write", ACTIVE),
])
def test_the_lead_only_coordinates(b, call):
    b.to_delegate()
    tool, rel = call
    blocked(b.write(rel), said=D + "delegate")


@pytest.mark.parametrize("command", [
    "rm -f .claude/state/breezing-active.json", "echo y > src/app.py", "python3 gen.py",
    "git commit -m x", "mv .claude/state/breezing-active.json /tmp/x", "touch src/new.py",
])
def test_the_lead_runs_only_read_only_commands(b, command):
    b.to_delegate()
    blocked(b.bash(command), said=D + "delegate")
    assert (b.root / ACTIVE).exists()


@pytest.mark.parametrize("tool,spec", [
    ("TaskCreate", {"subject": "fix", "description": "d"}),
    ("TaskUpdate", {"taskId": "1", "status": "completed"}),
    ("TaskList", {}), ("TaskGet", {"taskId": "1"}),
    ("SendMessage", {"to": "impl-1", "message": "go"}),
    ("ToolSearch", {"query": "select:TaskCreate"}),
    ("Read", {"file_path": "/etc/hostname"}), ("Grep", {"pattern": "x"}),
    ("Bash", {"command": "git diff --stat"}),
])
def test_coordination_stays_open(b, tool, spec):
    b.to_delegate()
    allowed(b.pre(tool, spec))


def test_other_tools_are_refused_to_the_lead(b):
    b.to_delegate()
    blocked(b.pre("WebFetch", {"url": "https://example.com", "prompt": "x"}), said=D + "what_tool", tool="WebFetch")
    blocked(b.pre("Skill", {"skill": "post-loop"}), said=D + "what_tool", tool="Skill")
    blocked(b.pre("Agent", {"description": "d", "prompt": "p",
                            "subagent_type": "general-purpose"}), said=D + "delegate_agent", agent="general-purpose")
    allowed(b.pre("Agent", {"description": "d", "prompt": "p", "subagent_type": "Explore"}))


def test_the_user_aborts_and_it_is_recorded(b):
    b.to_delegate()
    result = b.prompt("/breezing abort")
    assert says(result.context, "breezing_prompt.aborted")
    assert not (b.root / ACTIVE).exists()
    assert not (b.root / ".claude/state/breezing-progress.json").exists()
    timeline = (b.root / ".claude/state/breezing-timeline.jsonl").read_text().splitlines()
    assert json.loads(timeline[-1])["event"] == "session_aborted"
    assert json.loads(timeline[-1])["by"] == "user"


def test_the_lead_cannot_abort_in_the_users_name(b):
    b.to_delegate()
    blocked(b.pre("Skill", {"skill": "breezing", "args": "abort"}), said=D + "what_tool", tool="Skill")
    blocked(b.bash("rm .claude/state/breezing-active.json"), said=D + "delegate")
    assert (b.root / ACTIVE).exists()


# ----------------------------------------------------------------- the team


def test_implementers_write_code_in_the_delegate_phase_only(b):
    b.step0()
    blocked(b.write("src/app.py", **worker()), said=D + "worker_phase", path="src/app.py")
    b.confirm()
    b.create_task("1")
    b.spawn("task-worker")
    allowed(b.write("src/app.py", **worker()))
    allowed(b.bash("echo y > src/app.py", **worker()))
    blocked(b.write("Plans.md", **worker()), said=D + "lead_file", path="Plans.md")
    blocked(b.write(ACTIVE, **worker()), said=D + "lead_file")
    blocked(b.bash("git commit -am x", **worker()), said=D + "member_commit")


@pytest.mark.parametrize("agent", ["code-reviewer", "plan-analyst", "plan-critic"])
def test_read_only_roles_write_nothing(b, agent):
    b.to_delegate()
    who = {"agent_id": "a1111111111111111", "agent_type": agent}
    blocked(b.write("src/app.py", **who), said=D + "read_only_role", path="src/app.py")
    blocked(b.bash("echo y > src/app.py", **who), said=D + "read_only_role")
    allowed(b.bash("python3 -m pytest -q", **who))


def test_an_agent_without_a_role_writes_no_code(b):
    b.to_delegate()
    who = {"agent_id": "a2222222222222222", "agent_type": "general-purpose"}
    blocked(b.write("src/app.py", **who), said=D + "no_role", path="src/app.py")


def test_a_teammate_is_what_the_hooks_saw_it_started_as(b):
    b.step0()
    b.confirm()
    b.create_task("1")
    allowed(b.spawn("task-worker", name="impl-1", teammate=True))
    allowed(b.spawn("code-reviewer", name="rev-1", teammate=True))
    impl = {"agent_id": teammate_id("impl-1"), "agent_type": "impl-1"}
    rev = {"agent_id": teammate_id("rev-1"), "agent_type": "rev-1"}
    allowed(b.write("src/app.py", **impl))
    blocked(b.write("src/app.py", **rev), said=D + "read_only_role", path="src/app.py")
    # A teammate nobody recorded has no role, whatever its name says.
    ghost = {"agent_id": teammate_id("impl-9"), "agent_type": "impl-9"}
    blocked(b.write("src/app.py", **ghost), said=D + "no_role", path="src/app.py")
    roster = b.progress()["roster"]
    assert roster["impl-1"]["teammate"] is True and roster["rev-1"]["role"] == "work_checker"


def _named_agent(tmp_path, workflow: str, name: str):
    repo = InProcess(tmp_path / "repo")
    git(repo.root, "checkout", "-q", "-b", "feat/x")
    set_config(repo.root, workflow=workflow)
    # the golden path's request analysis has run (prompt-analyzer-gate)
    marker = repo.root / ".claude/session-state/prompt-analyzer-called"
    marker.parent.mkdir(parents=True, exist_ok=True)
    marker.write_text("x\n")
    return repo.tool("Agent", {"description": "d", "prompt": "p",
                               "subagent_type": "general-purpose", "name": name})


@pytest.mark.parametrize("workflow", ["golden-path", "breezing"])
@pytest.mark.parametrize("name", ["critic", "code-reviewer", "Task-Worker", "playgate:critic",
                                  "general-purpose", "team-lead", "reviewer", "Explore"])
def test_a_teammate_may_not_be_named_after_an_agent_type(tmp_path, workflow, name):
    """A teammate's hook calls carry its name as agent_type (measured), so a
    general-purpose teammate named "critic" would pass for the critic."""
    result = _named_agent(tmp_path, workflow, name)
    assert result.code == 2 and "[playgate:teammate-name]" in result.stderr, result


@pytest.mark.parametrize("name", ["impl-1", "critic-helper", "reviewer2"])
def test_ordinary_names_are_fine(tmp_path, name):
    result = _named_agent(tmp_path, "golden-path", name)
    assert "[playgate:teammate-name]" not in result.stderr, result


# ----------------------------------------------------------------- review and done


def test_request_changes_is_a_retake_and_approve_ends_the_delegate_phase(b):
    b.to_delegate()
    b.complete("1")
    b.review_stop("FAIL")
    result = b.review()
    assert result["verdict"] == "REQUEST_CHANGES" and result["retakes"] == 1
    assert b.phase() == "delegate"
    b.review_stop("PASS")
    result = b.review()
    head = git(b.root, "rev-parse", "HEAD").stdout.strip()
    assert result["verdict"] == "APPROVE" and result["commit_hash"] == head
    assert b.phase() == "post-delegate"


def test_approve_with_open_tasks_keeps_the_phase(b):
    b.to_delegate()
    b.create_task("2")
    b.complete("1")
    b.review_stop("PASS")
    assert b.review()["open_tasks"] == ["2"]
    assert b.phase() == "delegate"


def test_approve_before_the_last_code_change_does_not_count(b):
    b.to_delegate()
    b.complete("1")
    who = {"agent_id": "afedcba9876543210", "agent_type": "code-reviewer"}
    b.subagent_start(**who)
    # An implementer changes code after the review began.
    spec = {"file_path": str(b.root / "src/app.py"), "content": "z = 3\n"}
    b.post("Write", spec, {"type": "update"}, **worker())
    b.subagent_stop(f"ok\n\nCODE-REVIEW: PASS {SESSION}", **who)
    assert b.review()["stale"] is True
    assert b.phase() == "delegate"


@pytest.mark.parametrize("message", [
    "CODE-REVIEW: PASS other-session",
    f"I would say CODE-REVIEW: PASS {SESSION} but not yet",
    "APPROVE",
])
def test_only_the_reviewers_verdict_line_for_this_session_counts(b, message):
    b.to_delegate()
    b.complete("1")
    b.subagent_stop(message, agent_id="afedcba9876543210", agent_type="code-reviewer")
    assert not (b.root / REVIEW).exists()
    assert b.phase() == "delegate"


def test_the_verdict_of_another_agent_is_not_a_review(b):
    b.to_delegate()
    b.complete("1")
    b.subagent_stop(f"CODE-REVIEW: PASS {SESSION}", **worker())
    b.subagent_stop(f"CODE-REVIEW: PASS {SESSION}", agent_id=teammate_id("code-reviewer"),
                    agent_type="code-reviewer")
    assert not (b.root / REVIEW).exists()


def test_the_lead_cannot_type_the_review_result(b):
    b.to_delegate()
    blocked(b.write(REVIEW, json.dumps({"verdict": "APPROVE"})))
    b.complete("1")
    b.review_stop("PASS")
    result = b.write(REVIEW, json.dumps({"verdict": "APPROVE"}))
    assert result.code == 2 and "review-result.json" in result.stderr


def test_phase_c_commits_marks_done_and_closes(b):
    b.approve()
    allowed(b.bash("git commit -am 'feat: all'"))
    allowed(b.write("Plans.md", "# Plans\n\n- [x] 1. a `cc:done`\n"))
    blocked(b.write("src/app.py"), said=D + "lead_code", path="src/app.py")
    blocked(b.write(ACTIVE, "{}"), said=D + "active_post")
    allowed(b.bash("rm -f .claude/state/breezing-active.json"))
    assert not (b.root / REVIEW).exists()
    assert not (b.root / ".claude/state/breezing-progress.json").exists()
    events = [json.loads(x)["event"] for x in
              (b.root / ".claude/state/breezing-timeline.jsonl").read_text().splitlines()]
    assert events[-1] == "session_closed"


def test_more_than_three_retakes_escalate_to_the_user(b):
    b.to_delegate()
    b.complete("1")
    for _ in range(4):
        b.review_stop("FAIL")
    assert b.hooks()["escalated"] == 4
    blocked(b.pre("TaskCreate", {"subject": "fix", "description": "d"}), said=D + "escalated")
    blocked(b.spawn("task-worker"), said=D + "escalated")
    assert says(b.prompt("go on, rename them").context, "breezing_prompt.escalation_answered")
    allowed(b.pre("TaskCreate", {"subject": "fix", "description": "d"}))


def test_a_verification_failure_reopens_the_delegate_phase(b):
    b.approve()
    allowed(b.pre("TaskCreate", {"subject": "fix the build", "description": "d"}))
    # The effect of the TaskCreate above reopened the phase.
    assert b.phase() == "delegate"
    blocked(b.bash("git commit -m x"), said=D + "delegate")


# ----------------------------------------------------------------- session start


def test_a_stale_session_is_reported_with_the_commands_that_clear_it(b):
    b.to_delegate()
    start = b.inst.hook("SessionStart", b.inst.payload("SessionStart", session_id="new-one",
                                                       source="startup"))
    assert says(start.context, "breezing_session.stale")
    resumed = b.inst.hook("SessionStart", b.inst.payload("SessionStart", session_id=LEAD,
                                                         source="resume"))
    assert not says(resumed.context, "breezing_session.stale") and \
        "breezing-active.json" in resumed.context


def test_continue_binds_the_session_to_the_new_conversation(b):
    b.to_delegate()
    context = b.prompt("/breezing continue", session="new-one").context
    assert says(context, "breezing_prompt.continue")
    assert b.hooks()["lead_session"] == "new-one"
    assert b.phase() == "delegate"


def test_the_codex_limits_lift_in_phase_c(tmp_path):
    b = Breezing(InProcess(tmp_path / "repo"), mode="codex")
    b.approve()
    allowed(b.bash("python3 -m pytest -q"))


@pytest.mark.parametrize("progress, covered", [
    ({}, True),
    ({"review_started_at": 5.0}, True),
    ({"last_code_change_at": 5.0}, False),
    ({"last_code_change_at": 4.0, "review_started_at": 5.0}, True),
    ({"last_code_change_at": 5.0, "review_started_at": 5.0}, False),  # a tie: maybe after
    ({"last_code_change_at": 5.0, "review_started_at": 5.0,
      "last_code_change_at_seq": 3, "review_started_at_seq": 4}, True),
    ({"last_code_change_at": 5.0, "review_started_at": 5.0,
      "last_code_change_at_seq": 4, "review_started_at_seq": 3}, False),
    ({"last_code_change_at": True, "review_started_at": 5.0}, False),
])
def test_a_review_covers_the_changes_marked_before_it_began(progress, covered):
    """Within one millisecond the marks' times tie: their numbers order them."""
    from guards.breezing_stops import covers

    assert covers(progress) is covered
