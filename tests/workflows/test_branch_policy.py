"""The branch policy (WORKFLOWS.md guarantee 6; seeds 002/004 feature
branches, seed 003 §15 trunk): main-branch, coherence's branch check, the
post-loop guards, the closing commit and the session-start line follow
``registry.branch_policy(ctx)``."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from draws import examples
from saying import says

from events.verdict import ALLOW, BLOCK
from guards import coherence, main_branch, pending_guard, post_loop_pending
from workflow import closing, registry

CHANGING = ["touch x", "git commit -m x", "git merge feat/x", "python3 script.py",
            "echo hi > notes.txt"]


def on_main(ws, policy=None, branch="main", workflow=None):
    ws.ready()
    ws.branch(branch)
    config = {}
    if policy is not None:
        config["branch_policy"] = policy
    if workflow is not None:
        config["workflow"] = workflow
    if config:
        ws.set_state("config", **config)
    return ws


# ------------------------------------------------------------------ main-branch


@pytest.mark.parametrize("branch", ["main", "master"])
@pytest.mark.parametrize("command", CHANGING)
def test_trunk_allows_changing_commands_on_main(ws, branch, command):
    on_main(ws, "trunk", branch)
    v = main_branch.check(ws.tool_ctx("Bash", {"command": command}))
    assert v.kind == ALLOW, (command, v)


@pytest.mark.parametrize("command", CHANGING)
def test_feature_policy_still_blocks_on_main(ws, command):
    on_main(ws, "feature")
    v = main_branch.check(ws.tool_ctx("Bash", {"command": command}))
    assert v.kind == BLOCK and "git checkout -b" in v.message


def test_trunk_allows_edits_on_main_through_the_chain(ws):
    on_main(ws, "trunk")
    ws.set_state("playbook", branch="main")
    plan = json.loads((ws.root / "play/p1/plan.json").read_text())
    plan["meta"]["branch"] = "main"
    (ws.root / "play/p1/plan.json").write_text(json.dumps(plan))
    r = ws.edit("src/app.py", "x = 1", "x = 2")
    assert r.guard != "main-branch", r


def test_sync_sdd_defaults_to_trunk(ws):
    on_main(ws, workflow="sync-sdd")
    ctx = ws.tool_ctx("Bash", {"command": "touch x"})
    assert registry.branch_policy(ctx) == "trunk"
    assert main_branch.check(ctx).kind == ALLOW


def test_an_explicit_feature_policy_overrides_the_sync_sdd_default(ws):
    on_main(ws, "feature", workflow="sync-sdd")
    assert main_branch.check(ws.tool_ctx("Bash", {"command": "touch x"})).kind == BLOCK


#: Values a one-line state.md config entry can hold (no line breaks or
#: control characters: the state writer refuses those, rightly).
_ONE_LINE = st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp"))


@settings(max_examples=examples(60), deadline=None)
@given(value=st.one_of(st.text(_ONE_LINE, max_size=12), st.integers(), st.booleans(), st.none(),
                       st.lists(st.text(_ONE_LINE, max_size=4), max_size=2)))
def test_only_trunk_opens_main(tmp_path_factory, value):
    """Whatever else config.branch_policy holds, main stays closed for the
    golden path (an unknown value reads as feature, the stricter one)."""
    from _foundation import Workspace

    ws = Workspace(tmp_path_factory.mktemp("bp") / "ws")
    on_main(ws)
    ws.set_state("config", branch_policy=value)
    ctx = ws.tool_ctx("Bash", {"command": "touch x"})
    opened = isinstance(value, str) and value.strip().lower() == "trunk"
    assert registry.main_forbidden(ctx) is not opened
    assert (main_branch.check(ctx).kind == ALLOW) is opened


# ------------------------------------------------------------------ post-loop guards


def test_post_loop_pending_applies_on_main_under_trunk(ws):
    on_main(ws, "trunk")
    ws.marker(".claude/session-state/post-loop-pending", json.dumps({"playbook": "p1"}))
    assert pending_guard.check(ws.tool_ctx("Write", {"file_path": ws.abs("src/a.py"),
                                                     "content": "x"})).kind == BLOCK
    assert post_loop_pending.check(ws.ctx("Stop", stop_hook_active=False)).kind == BLOCK


def test_post_loop_pending_is_off_on_main_under_feature(ws):
    on_main(ws, "feature")
    ws.marker(".claude/session-state/post-loop-pending", json.dumps({"playbook": "p1"}))
    assert pending_guard.check(ws.tool_ctx("Write", {"file_path": ws.abs("src/a.py"),
                                                     "content": "x"})).kind == ALLOW
    assert post_loop_pending.check(ws.ctx("Stop", stop_hook_active=False)).kind == ALLOW


# ------------------------------------------------------------------ coherence


def _coherence(ws, command="touch x"):
    return coherence.check(ws.tool_ctx("Bash", {"command": command}))


def test_coherence_trunk_is_coherent_with_any_playbook_branch(ws):
    on_main(ws, "trunk")  # playbook branch feat/x, on main
    assert _coherence(ws).kind != BLOCK


def test_coherence_a_trunk_playbook_allows_a_short_lived_branch(ws):
    on_main(ws, "trunk", branch="fix/short")
    plan = json.loads((ws.root / "play/p1/plan.json").read_text())
    plan["meta"]["branch"] = "main"
    (ws.root / "play/p1/plan.json").write_text(json.dumps(plan))
    assert _coherence(ws).kind != BLOCK


def test_coherence_trunk_still_blocks_a_third_branch(ws):
    on_main(ws, "trunk", branch="feat/other")
    v = _coherence(ws)
    assert v.kind == BLOCK and v.key == "coherence.wrong_branch_trunk", v
    assert v.fields["current"] == "'feat/other'", v
    assert says(v.message, "coherence.wrong_branch_trunk", expected="feat/x", trunk="main"), v


def test_coherence_feature_policy_blocks_main_as_before(ws):
    on_main(ws, "feature")
    v = _coherence(ws)
    assert v.kind == BLOCK and v.key == "coherence.wrong_branch", v
    assert says(v.message, "coherence.wrong_branch", current="'main'", expected="feat/x"), v


# ------------------------------------------------------------------ closing commit, session start


def _archived(ws, branch):
    d = ws.root / "play/archive/p9"
    d.mkdir(parents=True)
    (d / "plan.json").write_text(json.dumps({"meta": {"id": "p9", "branch": branch}}))
    ws.set_state("playbook", active=None, last_archived="play/archive/p9")


@pytest.mark.parametrize("policy,expected", [("trunk", True), ("feature", False)])
def test_closing_commit_on_main_follows_the_policy(ws, policy, expected):
    on_main(ws, policy)
    _archived(ws, "main")
    assert closing.closing(ws.tool_ctx("Bash", {"command": "git commit -m x"})) is expected


@pytest.mark.parametrize("policy,key", [("trunk", "session_start.branch_trunk"),
                                        ("feature", "session_start.branch_main")])
def test_session_start_names_the_policy_on_main(ws, policy, key):
    on_main(ws, policy)
    payload = ws.payload("SessionStart", source="startup")
    code, out, _err, _ = ws.evaluate("SessionStart", payload)
    assert code == 0
    context = json.loads(out)["hookSpecificOutput"]["additionalContext"]
    assert says(context, key, branch="main"), context


def test_trunk_on_main_through_the_installed_hook(installed):
    """The installed PreToolUse hook lets a changing command through on main
    under trunk; with the default policy it is refused by main-branch."""
    from statefiles import state_md

    (installed.root / ".claude/session-state").mkdir(parents=True, exist_ok=True)
    (installed.root / ".claude/session-state/prompt-analyzer-called").write_text("x\n")
    state_md.update_keys(str(installed.root), "config", {"branch_policy": "trunk"})
    installed.tool("Read", {"file_path": str(installed.root / "state.md")})
    r = installed.tool("Bash", {"command": "git merge --ff-only feat/none"})
    # past main-branch: refused by bash-check (no playbook), not for the branch
    assert r.blocked and "[playgate:bash-check]" in r.reason, r
    state_md.update_keys(str(installed.root), "config", {"branch_policy": "feature"})
    r = installed.tool("Bash", {"command": "git merge --ff-only feat/none"})
    assert r.blocked and "main-branch" in r.reason, r
