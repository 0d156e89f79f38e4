"""Workflow scenarios through the real Claude Code CLI (SPEC §3, §5).

Each test runs one headless session (``claude -p``) in a sandbox repository
with the suite installed by install.py, the model replaced by a script (or
reads its own calls of one session a module fixture ran for several tests),
and asserts what the real client did: the ``tool_result`` the model received,
whether the tool ran (files on disk, git state), and what the hooks' context
looked like when it reached the model.

Scenarios whose feature is built on another branch are marked
``xfail(strict=True, reason="needs issue N")``: they fail today for the right
reason, and turn into failures (XPASS) the day the feature lands, so the mark
is removed then.
"""

from __future__ import annotations

import json
import os
import shutil

import pytest

from .fakeapi import Script, tool_use
from .harness import git
from .workflow import BRANCH, PLAN, PROGRESS, bash, read, ready, write

pytestmark = pytest.mark.e2e

HOOK_ERROR = "PreToolUse:{tool} hook error"


def assert_blocked(result: dict, tool: str, guard, *needles: str) -> None:
    """The model got the PreToolUse block of ``guard`` (a guard name, or a
    tuple of names any of which may answer) for ``tool``: Claude Code 2.1.329
    reports exit 2 as an error tool_result
    ``PreToolUse:<tool> hook error: [<command>]: <stderr>``. ``needles`` must
    appear in the message (what was found, what to do next)."""
    assert result["is_error"], result
    assert HOOK_ERROR.format(tool=tool) in result["text"], result
    guards = (guard,) if isinstance(guard, str) else guard
    assert any(f"[playgate:{g}]" in result["text"] for g in guards), (guards, result)
    for needle in needles:
        assert needle in result["text"], (needle, result)


def assert_ran(result: dict) -> None:
    assert not result["is_error"], result
    assert "hook error" not in result["text"], result


# --------------------------------------------------------------------------- init-guard


def test_init_guard_blocks_edits_until_state_and_plan_are_read(box, api):
    target = box.path("src/app.py")
    script = Script(main=[
        write(box, "src/app.py", "print('hello')\n"),   # 0: nothing read yet
        read(box, "state.md"),                            # 1
        write(box, "src/app.py", "print('hello')\n"),   # 2: plan.json still unread
        read(box, PLAN),                                  # 3
        write(box, "src/app.py", "print('hello')\n"),   # 4: allowed now
        "Wrote src/app.py.",
    ])
    run = box.run(api, "write src/app.py", script)
    assert run.code == 0, run.describe()

    first = run.result_of(0)
    assert_blocked(first, "Write", "init-guard", "state.md", PLAN)
    assert_ran(run.result_of(1))
    second = run.result_of(2)
    assert_blocked(second, "Write", "init-guard", PLAN)
    assert "state.md," not in second["text"].split("Use the Read tool on:")[1], second
    assert_ran(run.result_of(3))
    assert_ran(run.result_of(4))
    assert target.read_text() == "print('hello')\n"
    # The client counted the two refusals as permission denials.
    denied = run.permission_denials
    assert denied == [run.script.turn("main", 0)[0]["id"], run.script.turn("main", 2)[0]["id"]]
    assert not (box.repo / ".claude" / ".session-init" / "pending").exists()


def test_init_guard_lets_read_only_commands_through_before_reading(box, api):
    script = Script(main=[bash("git status"), bash("touch early.txt"), "ok"])
    run = box.run(api, "look around", script)
    assert_ran(run.result_of(0))
    assert "On branch " + BRANCH in run.result_of(0)["text"]
    assert_blocked(run.result_of(1), "Bash", "init-guard", "state.md")
    assert not box.path("early.txt").exists()


# --------------------------------------------------------------------------- main-branch


def test_main_branch_blocks_edits_and_mutating_bash_until_a_branch_is_created(make_box, api):
    box = make_box(branch="main")
    script = Script(main=[
        *ready(box),                                          # 0-2
        write(box, "src/app.py", "print('hello')\n"),       # 3: blocked on main
        bash("touch src/other.py"),                           # 4: blocked on main
        bash(f"git checkout -b {BRANCH}"),                    # 5: branch creation passes
        write(box, "src/app.py", "print('hello')\n"),       # 6: allowed on the branch
        "done",
    ])
    run = box.run(api, "write src/app.py", script)
    assert_blocked(run.result_of(3), "Write", "main-branch", "git checkout -b")
    assert_blocked(run.result_of(4), "Bash", "main-branch", "git checkout -b")
    assert not box.path("src/other.py").exists()
    assert_ran(run.result_of(5))
    assert git(box.repo, "branch", "--show-current").stdout.strip() == BRANCH
    assert_ran(run.result_of(6))
    assert box.path("src/app.py").read_text() == "print('hello')\n"


def test_main_branch_keeps_state_md_writable(make_box, api):
    """Deadlock escape (SPEC §1): state.md stays editable on main."""
    box = make_box(branch="main")
    state = box.path("state.md")
    old = "status: in_progress"
    assert old in state.read_text()
    script = Script(main=[
        *ready(box),
        tool_use("Edit", {"file_path": str(state), "old_string": old,
                          "new_string": "status: blocked", "replace_all": False}),
        "ok",
    ])
    run = box.run(api, "mark blocked", script)
    assert_ran(run.result_of(3))
    assert "status: blocked" in state.read_text()


# --------------------------------------------------------------------------- playbook-guard


def test_unreviewed_playbook_blocks_edits(make_box, api):
    box = make_box(playbook={"reviewed": False, "reviewed_by": None})
    script = Script(main=[
        *ready(box),
        write(box, "src/app.py", "print('hello')\n"),       # 3: not reviewed
        tool_use("Edit", {"file_path": str(box.path(PLAN)), "old_string": '"reviewed": false',
                          "new_string": '"reviewed": false', "replace_all": False}),
        "waiting for review",
    ])
    run = box.run(api, "write src/app.py", script)
    assert_blocked(run.result_of(3), "Write", "playbook-guard", PLAN, "not reviewed",
                   "reviewer")
    assert not box.path("src/app.py").exists()
    # The playbook's own files stay writable (deadlock escape, SPEC §3).
    assert "hook error" not in run.result_of(4)["text"], run.result_of(4)


def test_playbook_without_context_blocks_edits(make_box, api):
    box = make_box(playbook={"context": False})
    script = Script(main=[*ready(box), write(box, "src/app.py", "x\n"), "ok"])
    run = box.run(api, "write", script)
    assert_blocked(run.result_of(3), "Write", "playbook-guard", "context")
    assert not box.path("src/app.py").exists()


def test_no_active_playbook_allows_reads_and_blocks_work(make_box, api):
    box = make_box(playbook=False)
    script = Script(main=[read(box, "state.md"), write(box, "src/app.py", "x\n"), "ok"])
    run = box.run(api, "write", script)
    assert_ran(run.result_of(0))
    assert_blocked(run.result_of(1), "Write", "prompt-analyzer-gate", "playbook-init")
    assert not box.path("src/app.py").exists()


# --------------------------------------------------------------------------- bash-check
#
# Destructive commands aimed only at the sandbox: if the gate failed they would
# damage nothing but the session's own temp repository and its local remote.


def _local_remote(box):
    """A bare repository beside the sandbox as ``origin``, holding ``main``."""
    remote = box.root / "remote.git"
    git(box.root, "init", "-q", "--bare", str(remote))
    git(box.repo, "remote", "add", "origin", str(remote))
    git(box.repo, "push", "-q", "origin", "main")
    return remote


def _reset_hard(box):
    box.path("README.md").write_text("uncommitted work\n")
    return ("git reset --hard HEAD", "reset",
            lambda: box.path("README.md").read_text() == "uncommitted work\n")


def _clean_fdx(box):
    box.path("src/draft.py").write_text("untracked work\n")
    return ("git clean -fdx", "clean", lambda: box.path("src/draft.py").exists())


def _plus_refspec_push(box):
    # Not covered by the static deny rules (they only name --force and -f).
    remote = _local_remote(box)
    before = git(box.repo, "ls-remote", str(remote), "main").stdout
    (box.path("src/new.py")).write_text("x\n")
    git(box.repo, "add", "src/new.py")
    git(box.repo, "commit", "-q", "-m", "local work")
    return (f"git push origin +{BRANCH}:main", "push",
            lambda: git(box.repo, "ls-remote", str(remote), "main").stdout == before)


TERRAFORM = "touch ran-anyway.txt && terraform destroy -auto-approve"
SED_PROGRESS = f"sed -i 's/\"in_progress\"/\"done\"/' {PROGRESS}"
CONTROL = "mkdir -p src/pkg && echo made > src/pkg/note.txt"


@pytest.fixture(scope="module")
def bash_session(claude_cli, api):
    """One session (bypassPermissions) in one sandbox for the Bash
    refusals below and their control: the three destructive commands, a
    shell write to progress.json, a family that asks, then ordinary work,
    each a call of its own; every test reads its call's result. The control
    comes last: the refusals before it do not lock the agent out.

    Attributes: ``box``, ``run``, ``results`` (a call's name → what the
    model got back), ``intact`` (a destructive case → what its refusal
    names and its check that nothing was damaged), ``progress_before``."""
    from types import SimpleNamespace

    from .harness import Sandbox

    box = Sandbox.prepared(claude=claude_cli)
    cases = {case.__name__: case(box) for case in (_reset_hard, _clean_fdx, _plus_refspec_push)}
    progress_before = box.path(PROGRESS).read_text()
    calls = {**{name: command for name, (command, _found, _intact) in cases.items()},
             "route-around": SED_PROGRESS, "terraform": TERRAFORM, "control": CONTROL}
    script = Script(main=[*ready(box), *[bash(command) for command in calls.values()], "ok"])
    run = box.run(api, "clean up", script)
    first = len(ready(box))
    results = {name: run.result_of(first + i) for i, name in enumerate(calls)}
    intact = {name: (found, check) for name, (_command, found, check) in cases.items()}
    yield SimpleNamespace(box=box, run=run, results=results, intact=intact,
                          progress_before=progress_before)
    if not os.environ.get("PLAYGATE_E2E_KEEP"):
        shutil.rmtree(box.root, ignore_errors=True)


@pytest.mark.parametrize("case", ["_reset_hard", "_clean_fdx", "_plus_refspec_push"],
                         ids=["reset-hard", "clean-fdx", "plus-refspec-push"])
def test_destructive_bash_is_blocked_with_the_reason(bash_session, case):
    found, check = bash_session.intact[case]
    assert_blocked(bash_session.results[case], "Bash", "bash-check", found)
    assert check(), bash_session.run.describe()


def test_a_family_that_asks_is_a_denial_headless_in_bypass_mode(bash_session):
    """The infrastructure family asks (PreToolUse permissionDecision
    "ask"); headless there is nobody to ask, so the call does not run, even
    in bypassPermissions (the default mode: the next test)."""
    result = bash_session.results["terraform"]
    assert result["is_error"], result
    assert not bash_session.box.path("ran-anyway.txt").exists(), bash_session.run.describe()
    assert "pre_tool_use.py" not in result["text"], result


def test_a_family_that_asks_is_a_denial_headless_in_the_default_mode(box, api):
    script = Script(main=[*ready(box), bash(TERRAFORM), "ok"])
    run = box.run(api, "tear down the dev stack", script, permission_mode=None)
    result = run.result_of(3)
    assert result["is_error"], result
    assert not box.path("ran-anyway.txt").exists(), run.describe()
    assert "pre_tool_use.py" not in result["text"], result


def test_bash_cannot_route_around_the_edit_guards(bash_session):
    """A shell write to progress.json is blocked like an Edit would be."""
    assert_blocked(bash_session.results["route-around"], "Bash", "bash-check", "progress.json")
    assert bash_session.box.path(PROGRESS).read_text() == bash_session.progress_before


def test_non_destructive_bash_runs_with_an_active_playbook(bash_session):
    """Control for the refusals above, after them in the same session:
    ordinary work in the sandbox runs."""
    assert_ran(bash_session.results["control"])
    assert bash_session.box.path("src/pkg/note.txt").read_text() == "made\n"


# --------------------------------------------------------------------------- critic / Stop

_IN_PROGRESS = '"status": "in_progress",\n      "validated_at": null,\n      "validated_by": null'


def _mark_done(box, *, validated_by=None, validated_at=None, evidence=False) -> dict:
    """An Edit of progress.json that sets subtask p1.1 done, optionally with
    the critic's fields and with every validation PASS and evidenced."""
    path = box.path(PROGRESS)
    if not evidence:
        new = _IN_PROGRESS.replace('"in_progress"', '"done"')
        if validated_by:
            new = new.replace('"validated_by": null', f'"validated_by": "{validated_by}"')
        if validated_at:
            new = new.replace('"validated_at": null', f'"validated_at": "{validated_at}"')
        return tool_use("Edit", {"file_path": str(path), "old_string": _IN_PROGRESS,
                                 "new_string": new, "replace_all": False})
    data = json.loads(path.read_text())
    sub = data["subtasks"]["p1.1"]
    sub.update(status="done", validated_by=validated_by, validated_at=validated_at)
    for name in ("technical", "consistency", "completeness"):
        evidence = f"critic: {name} checked, python3 src/app.py prints hello"
        sub["validations"][name] = {"status": "PASS", "evidence": [evidence]}
    return tool_use("Write", {"file_path": str(path),
                              "content": json.dumps(data, indent=2) + "\n"})


def test_done_edit_fixture_matches_progress_file(tmp_path):
    """The Edits below must apply cleanly, or the refusal tests prove nothing."""
    from .harness import Sandbox
    from .workflow import write_playbook

    box = Sandbox.create(tmp_path)
    box.install()
    write_playbook(box)
    text = box.path(PROGRESS).read_text()
    assert text.count(_IN_PROGRESS) == 1
    edit = _mark_done(box, validated_by="critic", validated_at="2026-01-02T00:00:00Z")["input"]
    after = json.loads(text.replace(edit["old_string"], edit["new_string"]))
    assert after["subtasks"]["p1.1"]["status"] == "done"
    assert after["subtasks"]["p1.1"]["validated_by"] == "critic"


def test_subtask_marked_done_without_critic_evidence_is_refused(box, api):
    progress = box.path(PROGRESS)
    before = progress.read_text()
    script = Script(main=[*ready(box), _mark_done(box), "ok"])
    run = box.run(api, "mark p1.1 done", script)
    # critic-guard (no critic) or subtask-guard (no evidence): SPEC §3 8-9.
    assert_blocked(run.result_of(3), "Edit", ("critic-guard", "subtask-guard"), "p1.1",
                   "critic")
    assert progress.read_text() == before


def test_subtask_done_with_a_critic_signature_but_no_validations_is_refused(box, api):
    """validated_by/validated_at alone are not evidence: the three
    validations must PASS with evidence (SPEC §3 subtask-guard)."""
    progress = box.path(PROGRESS)
    before = progress.read_text()
    edit = _mark_done(box, validated_by="critic", validated_at="2026-01-02T00:00:00Z")
    run = box.run(api, "mark p1.1 done", Script(main=[*ready(box), edit, "ok"]))
    assert_blocked(run.result_of(3), "Edit", "subtask-guard", "p1.1", "PASS")
    assert progress.read_text() == before


def test_subtask_done_with_full_critic_evidence_is_written(box, api):
    """Control: the guards refuse fraud, not progress (no deadlock). The
    critic really ran, and ran the subtask's validation command (its
    SubagentStop records the PASS in the ledger only with that observed
    evidence, which a done needs); the evidence and the done are then
    written in one Write."""
    write = _mark_done(box, validated_by="critic", validated_at="2026-01-02T00:00:00Z",
                       evidence=True)
    (box.repo / "src").mkdir(exist_ok=True)  # the work the critic's command checks
    (box.repo / "src" / "app.py").write_text("print('hello')\n")
    critic = tool_use("Agent", {"description": "judge p1.1", "subagent_type": "critic",
                                "prompt": "Judge subtask p1.1 [[lane:critic]]",
                                "run_in_background": False})
    run = box.run(api, "record the critic's PASS", Script(
        main=[*ready(box), critic, write, "ok"],
        critic=[bash("python3 src/app.py"),
                "Checked: python3 src/app.py prints hello.\nCRITIC: PASS p1.1"]))
    assert_ran(run.result_of(3))
    assert_ran(run.result_of(4))
    sub = json.loads(box.path(PROGRESS).read_text())["subtasks"]["p1.1"]
    assert sub["status"] == "done" and sub["validated_by"] == "critic"


def test_stop_keeps_the_session_going_then_lets_it_end_after_the_loop_guard(box, api):
    claims = [f"All done (claim {i})." for i in range(12)]
    script = Script(main=[*ready(box), *claims])
    run = box.run(api, "finish the task", script)
    assert run.code == 0, run.describe()
    stops = run.hook_events("Stop")
    responses = [e for e in stops if e.get("subtype") == "hook_response"]
    blocked = [e for e in responses if '"decision": "block"' in (e.get("stdout") or "")
               or '"decision":"block"' in (e.get("stdout") or "")]
    # Stop blocked at least once, with the reason, and the model was told why.
    assert blocked, run.describe()
    feedback = run.last().stop_feedback()
    assert feedback and "p1.1" in feedback[0], run.describe()
    # The suite's loop guard ended it, not Claude Code's cap of 8 blocks.
    assert len(blocked) < 8, run.describe()
    assert not any(e.get("key") == "stop-hook-block-cap" for e in run.events), run.describe()
    last = responses[-1]
    assert last["exit_code"] == 0 and '"decision"' not in (last.get("stdout") or "")
    assert "p1.1" in json.loads(last["stdout"])["systemMessage"]
    # The model kept working after each block: one more assistant turn per block.
    assert len(run.lane("main")) == 3 + 1 + len(blocked)


# --------------------------------------------------------------------------- permission gate


def test_permission_request_auto_approves_a_project_script(box, api):
    script = Script(main=[*ready(box), bash("python3 scripts/x.py"), "ok"])
    run = box.run(api, "run the script", script, permission_mode=None)
    requests = [e for e in run.hook_events("PermissionRequest")
                if e.get("subtype") == "hook_response"]
    assert len(requests) == 1, run.describe()
    answer = json.loads(requests[0]["stdout"])
    assert answer["hookSpecificOutput"]["decision"]["behavior"] == "allow", answer
    assert_ran(run.result_of(3))
    assert "x.py ran" in run.result_of(3)["text"]
    assert box.path("ran.txt").read_text() == "ran\n"
    assert run.permission_denials == [], run.permission_denials


def test_permission_request_stays_silent_for_git_push(box, api):
    """Nobody can answer the dialog in -p, so a silent gate means "denied"."""
    remote = box.root / "remote.git"
    git(box.root, "init", "-q", "--bare", str(remote))
    git(box.repo, "remote", "add", "origin", str(remote))
    script = Script(main=[*ready(box), bash(f"git push origin {BRANCH}"), "ok"])
    run = box.run(api, "push", script, permission_mode=None)
    responses = [e for e in run.hook_events("PermissionRequest")
                 if e.get("subtype") == "hook_response"]
    assert len(responses) == 1, run.describe()
    assert responses[0]["exit_code"] == 0 and responses[0]["stdout"] == ""
    result = run.result_of(3)
    assert result["is_error"] and "hook error" not in result["text"], result
    assert "approval" in result["text"] or "permission" in result["text"].lower(), result
    tool_id = run.script.turn("main", 3)[0]["id"]
    assert tool_id in run.permission_denials
    assert git(box.repo, "ls-remote", str(remote)).stdout == ""


# --------------------------------------------------------------------------- context


@pytest.fixture(scope="module")
def one_answer(claude_cli, api):
    """A session in the usual sandbox whose model only answers the prompt:
    its one request shows what SessionStart and UserPromptSubmit added."""
    from .harness import Sandbox

    box = Sandbox.prepared(claude=claude_cli)
    yield box.run(api, "continue with the task", Script(main=["ok"]))
    if not os.environ.get("PLAYGATE_E2E_KEEP"):
        shutil.rmtree(box.root, ignore_errors=True)


def test_session_start_context_reaches_the_model(one_answer):
    run = one_answer
    first = run.lane("main")[0]
    notes = [m for m in first.system_messages()
             if m.startswith("SessionStart hook additional context:")]
    assert len(notes) == 1, first.system_messages()
    note = notes[0]
    assert "[playgate:session-start]" in note
    assert "state.md" in note and PLAN in note and PROGRESS in note
    assert f"Branch: {BRANCH}" in note
    assert "phase p1" in note


def test_user_prompt_submit_context_reaches_the_model(one_answer):
    run = one_answer
    seen = run.lane("main")[0].conversation_text()
    marker = "UserPromptSubmit hook additional context:"
    assert marker in seen, run.describe()
    context = seen.split(marker, 1)[1][:2000]
    # The state summary: the playbook and its active subtask (loose
    # on wording, so that this xfail flips as soon as the feature lands).
    assert "e2e" in context and "p1.1" in context, context


# --------------------------------------------------------------------------- subagents


def test_subagent_tool_calls_are_guarded(make_box, api):
    box = make_box(branch="main")
    agent = tool_use("Agent", {"description": "write the file",
                               "prompt": "Write src/app.py [[lane:sub]]",
                               "subagent_type": "general-purpose"})
    script = Script(
        main=[*ready(box), agent, "Waiting for the agent.", "The agent could not write."],
        sub=[write(box, "src/app.py", "print('hello')\n"), bash("touch src/sub.txt"),
             "I was blocked."],
    )
    run = box.run(api, "delegate the work", script)
    assert run.lane("sub"), run.describe()
    assert_blocked(run.result_of(0, lane="sub"), "Write", "main-branch")
    assert_blocked(run.result_of(1, lane="sub"), "Bash", "main-branch")
    assert not box.path("src/app.py").exists()
    assert not box.path("src/sub.txt").exists()
    # The subagent's model is a different conversation from the main agent's.
    assert "cc_is_subagent=true" in run.last("sub").system_text


def test_agent_call_is_held_by_init_guard(box, api):
    """No subagent can be started to work around init-guard."""
    agent = tool_use("Agent", {"description": "write", "prompt": "go [[lane:sub]]",
                               "subagent_type": "general-purpose"})
    script = Script(main=[bash("git status"), agent, "waiting", "ok"],
                    sub=[write(box, "src/app.py", "x\n"), "blocked"])
    run = box.run(api, "delegate", script)
    # The Agent call itself is refused until state.md is read.
    assert_blocked(run.result_of(1), "Agent", "init-guard", "state.md")
    assert not run.lane("sub")
    assert not box.path("src/app.py").exists()


# --------------------------------------------------------------------------- compaction


def test_compaction_saves_and_reinjects_the_resume_pointer(compacted):
    """PreCompact saves the resume pointer; SessionStart(compact) injects it
    and consumes the file, so a later session never resumes from a stale one.
    (The sessions: conftest's ``compacted``, read by test_cli_contract too.)"""
    box, first, run = compacted
    assert first.code == 0, first.describe()
    compact = [e for e in run.hook_events("SessionStart") if e.get("subtype") == "hook_response"
               and e.get("hook_name") == "SessionStart:compact"]
    assert len(compact) == 1, run.describe()
    context = json.loads(compact[0]["stdout"])["hookSpecificOutput"]["additionalContext"]
    assert "play/e2e/plan.json" in context and "p1" in context, context
    assert "resume" in context.lower(), context
    assert not box.path(".claude/session-state/resume.json").exists(), "pointer not consumed"
