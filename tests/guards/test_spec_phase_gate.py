"""spec-phase-gate: spec.yaml phase transitions follow seed 003's state
machine (SPEC §6; seed 003 Spec 5, "Phase State Machine", Flow 1).

Through the installed PreToolUse hook for every Edit-tool route and path
spelling, and hypothesis over the whole transition table against an oracle
written from the seed's diagram.
"""

from __future__ import annotations

import json

import pytest
from _team_support import bash, set_config, workspace
from hypothesis import given, settings
from hypothesis import strategies as st
from draws import examples
from saying import says

from messages import text

SPEC_REL = ".sdd/project/specs/login/spec.yaml"

PHASES = ("initialized", "design-generated", "implementation-complete", "blocked")
#: seed 003 "Phase State Machine" (mermaid stateDiagram), edge by edge.
EDGES = {
    (None, "initialized"),                                   # [*] --> initialized
    ("initialized", "design-generated"),                     # design completes
    ("design-generated", "implementation-complete"),         # impl completes
    ("implementation-complete", "design-generated"),         # revision
    ("initialized", "blocked"), ("design-generated", "blocked"),  # upstream failure
    ("blocked", "initialized"), ("blocked", "design-generated"),  # unblock
}


def spec_text(phase, blocked_by=None, at=None, **extra) -> str:
    data = {"feature_name": "login", "phase": phase, "version_refs": {"design": "v1"}}
    if blocked_by is not None or at is not None:
        data["blocked_info"] = {k: v for k, v in (("blocked_by", blocked_by),
                                                  ("blocked_at_phase", at),
                                                  ("reason", "upstream_failure"))
                                if v is not None}
    data.update(extra)
    return json.dumps(data, indent=2) + "\n"  # JSON is YAML


@pytest.fixture
def ws(installed):
    workspace(installed)
    (installed.root / SPEC_REL).parent.mkdir(parents=True)
    return installed


def write(inst, content, path=SPEC_REL, **extra):
    target = path if path.startswith("/") or "\\" in path else str(inst.root / path)
    return inst.tool("Write", {"file_path": target, "content": content}, **extra)


def at(inst, phase, **kw):
    (inst.root / SPEC_REL).write_text(spec_text(phase, **kw))


def said(output, needle) -> bool:
    """``output`` names ``needle``: a message ``(key, fields)`` by its key
    (any wording), or a token as it is (a path, a phase)."""
    if isinstance(needle, tuple):
        key, fields = needle
        return says(output, key, **fields)
    return needle in output


def assert_gate_block(result, *found):
    assert result.code == 2, result
    assert "[playgate:spec-phase-gate]" in result.stderr
    for needle in found:
        assert said(result.stderr, needle), (needle, result.stderr)


def transition(old, phase, feature="login"):
    """spec-phase-gate's refusal of ``old`` → ``phase``."""
    if (old, phase) == ("initialized", "implementation-complete"):
        detail = text("en", "spec_phase_gate.skips_design")
    else:
        detail = text("en", "spec_phase_gate.not_a_transition", old=old, phase=phase)
    return ("spec_phase_gate.bad_transition",
            {"feature": feature, "old": old, "phase": phase, "detail": detail})


def blocked(phase, back=None, by="auth-core"):
    """The refusal to leave ``blocked`` for ``phase`` (``back``: the phase
    unblocking restores)."""
    back = text("en", "spec_phase_gate.unblocking", phase=back) if back else ""
    return ("spec_phase_gate.blocked", {"feature": "login", "by": by, "phase": phase,
                                        "back": back})


def unknown(phase):
    return ("spec_phase_gate.unknown_phase", {"phase": phase})


# ----------------------------------------------------------------------------- transitions

@pytest.mark.parametrize("before, after", sorted(
    (b, a) for b in PHASES for a in PHASES if (b, a) in EDGES or a == b))
def test_allowed_transitions(ws, before, after):
    extra = {"blocked_by": "auth-core", "at": "initialized"} if before == "blocked" else {}
    at(ws, before, **extra)
    content = spec_text(after, blocked_by="auth-core" if after == "blocked" else None,
                        at=("initialized" if before == "blocked" or after == "blocked" else None))
    result = write(ws, content)
    if before == "blocked" and after == "design-generated":
        # blocked_at_phase says initialized: unblocking restores that phase.
        assert_gate_block(result, blocked("design-generated", back="initialized"))
    else:
        assert result.code == 0, result


def test_a_new_spec_starts_initialized(ws):
    assert write(ws, spec_text("initialized")).code == 0
    for phase in ("design-generated", "implementation-complete"):
        assert_gate_block(write(ws, spec_text(phase), path=".sdd/project/specs/x/spec.yaml"),
                          ("spec_phase_gate.new_not_initialized", {"phase": phase}))


def test_skipping_design_is_blocked(ws):
    at(ws, "initialized")
    assert_gate_block(write(ws, spec_text("implementation-complete")),
                      transition("initialized", "implementation-complete"))


@pytest.mark.parametrize("before, after", [
    ("implementation-complete", "initialized"), ("design-generated", "initialized"),
    ("implementation-complete", "blocked"),
])
def test_backwards_steps_outside_the_machine_are_blocked(ws, before, after):
    at(ws, before)
    assert_gate_block(write(ws, spec_text(after, blocked_by="auth-core")),
                      transition(before, after))


@pytest.mark.parametrize("phase", ["designed", "Initialized", "done", "", "implementation_complete"])
def test_unknown_phase_uses_the_seeds_message(ws, phase):
    at(ws, "initialized")
    assert_gate_block(write(ws, spec_text(phase)), unknown(phase))


def test_non_string_phase_is_unknown(ws):
    at(ws, "initialized")
    assert_gate_block(write(ws, "phase: 3\n"), unknown("3"))
    assert_gate_block(write(ws, "phase: [initialized]\n"), unknown("['initialized']"))


def test_blocked_needs_blocked_by(ws):
    at(ws, "design-generated")
    needs_by = ("spec_phase_gate.blocked_needs_by", {})
    assert_gate_block(write(ws, spec_text("blocked")), needs_by)
    assert_gate_block(write(ws, spec_text("blocked", blocked_by="")), needs_by)
    assert write(ws, spec_text("blocked", blocked_by="auth-core", at="design-generated")).code == 0


def test_leaving_blocked_uses_the_seeds_message(ws):
    at(ws, "blocked", blocked_by="auth-core", at="design-generated")
    assert_gate_block(write(ws, spec_text("implementation-complete")),
                      blocked("implementation-complete", back="design-generated"))
    assert_gate_block(write(ws, spec_text("initialized")),
                      blocked("initialized", back="design-generated"))
    assert write(ws, spec_text("design-generated")).code == 0


def test_other_keys_change_freely(ws):
    at(ws, "design-generated")
    result = write(ws, spec_text("design-generated", changelog=["v2: revised"]))
    assert result.code == 0 and result.stdout == ""


def test_spec_must_stay_readable(ws):
    at(ws, "initialized")
    result = write(ws, "phase: [initialized\n")
    assert_gate_block(result, ("spec_phase_gate.unreadable", {}))
    assert said(result.stderr, ("spec_phase_gate.not_yaml_at", {"line": 2})), result
    assert_gate_block(write(ws, "- a\n- b\n"), ("spec_phase_gate.unreadable", {}),
                      ("spec_phase_gate.not_mapping", {"type": "list"}))
    assert_gate_block(write(ws, "feature_name: login\n"), ("spec_phase_gate.no_phase", {}))


def test_broken_current_file_does_not_lock_the_lead_out(ws):
    (ws.root / SPEC_REL).write_text("phase: [broken\n")
    result = write(ws, spec_text("design-generated"))
    assert result.code == 0 and said(result.context, (
        "spec_phase_gate.previous_unchecked", {"feature": "login", "phase": "design-generated"})
    ), result
    (ws.root / SPEC_REL).write_text("phase: finished\n")
    assert write(ws, spec_text("implementation-complete")).code == 0


# ----------------------------------------------------------------------------- routes

def test_edit_and_multiedit_are_judged_by_the_result(ws):
    at(ws, "initialized")
    path = str(ws.root / SPEC_REL)
    skip = {"old_string": '"phase": "initialized"',
            "new_string": '"phase": "implementation-complete"'}
    skips = transition("initialized", "implementation-complete")
    assert_gate_block(ws.tool("Edit", {"file_path": path, **skip}), skips)
    assert_gate_block(ws.tool("MultiEdit", {"file_path": path, "edits": [
        {"old_string": '"design": "v1"', "new_string": '"design": "v2"'}, skip]}), skips)
    step = {"old_string": '"phase": "initialized"', "new_string": '"phase": "design-generated"'}
    assert ws.tool("Edit", {"file_path": path, **step}).code == 0


@pytest.mark.parametrize("spelling", [
    "{root}/.sdd/project/specs/login/../login/spec.yaml",
    "{root}/.sdd/./project/specs/login/spec.yaml",
    "{root}/.SDD/Project/Specs/login/SPEC.YAML",
    ".sdd\\project\\specs\\login\\spec.yaml",
    ".sdd/project/specs/login/spec.yaml",
])
def test_every_path_spelling_is_gated(ws, spelling):
    at(ws, "initialized")
    path = spelling.replace("{root}", str(ws.root))
    assert_gate_block(write(ws, spec_text("implementation-complete"), path=path))


def test_symlink_to_a_spec_is_gated(ws):
    at(ws, "initialized")
    (ws.root / "alias.yaml").symlink_to(ws.root / SPEC_REL)
    assert_gate_block(write(ws, spec_text("implementation-complete"), path="alias.yaml"))


def test_other_files_are_not_gated(ws):
    for rel in (".sdd/project/specs/login/tasks.yaml", ".sdd/project/specs/spec.yaml",
                ".sdd/project/specs/a/b/spec.yaml", "spec.yaml"):
        (ws.root / rel).parent.mkdir(parents=True, exist_ok=True)
        assert write(ws, "phase: whatever\n", path=rel).code == 0, rel


def test_configured_spec_paths(ws):
    set_config(ws.root, spec_paths=["specs/**/spec.yml"])
    (ws.root / "specs" / "auth" / "core").mkdir(parents=True)
    assert_gate_block(write(ws, "phase: nope\n", path="specs/auth/core/spec.yml"),
                      unknown("nope"))
    assert write(ws, "phase: nope\n", path=SPEC_REL).code == 0  # default replaced
    set_config(ws.root, spec_paths="docs/*/spec.yaml")
    (ws.root / "docs" / "f").mkdir(parents=True)
    assert_gate_block(write(ws, "phase: nope\n", path="docs/f/spec.yaml"))


def test_only_the_lead_updates_spec_yaml(ws):
    at(ws, "initialized")
    assert_gate_block(write(ws, spec_text("design-generated"), agent_id="a1",
                            agent_type="sdd-architect"),
                      ("spec_phase_gate.lead_only", {"path": SPEC_REL}))


def test_switched_off_in_config(ws):
    set_config(ws.root, spec_phase_gate=False)
    at(ws, "initialized")
    assert write(ws, spec_text("nonsense")).code == 0


@pytest.mark.parametrize("command", [
    "echo 'phase: implementation-complete' > .sdd/project/specs/login/spec.yaml",
    "cd .sdd/project/specs/login && cp ../../../../x.yaml spec.yaml",
    "python3 -c \"open('.sdd/project/specs/login/spec.yaml','w')\"",
])
def test_bash_writes_naming_spec_yaml_are_blocked(ws, command):
    at(ws, "initialized")
    assert_gate_block(bash(ws, command), ("spec_phase_gate.bash_writes", {}))


@pytest.mark.parametrize("command", [
    "cat .sdd/project/specs/login/spec.yaml", "rm .sdd/project/specs/login/spec.yaml",
    "ls .sdd/project/specs", "git status",
])
def test_bash_reads_and_removals_pass(ws, command):
    at(ws, "initialized")
    assert bash(ws, command).code == 0


# ----------------------------------------------------------------------------- hypothesis

def oracle(before, after_phase, blocked_by, blocked_at):
    """``allow``/``warn``/``block`` for a spec going from ``before`` (a
    phase, ``None`` for a new file, or ``"?broken"``) to ``after_phase``,
    straight from seed 003's diagram and Spec 5."""
    if after_phase is None or after_phase not in PHASES:
        return "block"
    if after_phase == "blocked" and not blocked_by:
        return "block"
    if before == "?broken":
        return "warn"
    if before == after_phase:
        return "allow"
    if (before, after_phase) not in EDGES:
        return "block"
    if before == "blocked" and blocked_at in ("initialized", "design-generated"):
        return "allow" if after_phase == blocked_at else "block"
    return "allow"


phase_values = st.one_of(st.sampled_from(PHASES), st.sampled_from(["designed", "done", ""]),
                         st.none())


@settings(max_examples=examples(400), deadline=None)
@given(before=st.one_of(st.sampled_from(PHASES), st.none(), st.just("?broken")),
       after=phase_values,
       old_blocked_by=st.sampled_from([None, "", "auth-core"]),
       old_at=st.sampled_from([None, "initialized", "design-generated", "nonsense"]),
       new_blocked_by=st.sampled_from([None, "", "auth-core", ["a", "b"]]))
def test_transition_table_matches_the_seed(before, after, old_blocked_by, old_at,
                                           new_blocked_by):
    from guards.spec_phase_gate import judge, parse_spec

    if before is None:
        old = None
    elif before == "?broken":
        old = parse_spec("phase: [broken\n")
    else:
        old = parse_spec(spec_text(before, blocked_by=old_blocked_by, at=old_at))
    data = {"feature_name": "login"}
    if after is not None:
        data["phase"] = after
    if new_blocked_by is not None:
        data["blocked_info"] = {"blocked_by": new_blocked_by}
    kind, message = judge(old, parse_spec(json.dumps(data)), "login")
    blocked_at = old_at if before == "blocked" else None
    assert kind == oracle(before, after, new_blocked_by, blocked_at), (kind, message)
    if kind == "block":
        assert message  # every block says why
        if after is None:
            assert says(message, "spec_phase_gate.no_phase"), message
        elif after not in PHASES:
            assert says(message, "spec_phase_gate.unknown_phase", phase=str(after)), message
        elif before == "blocked" and after != "blocked":
            assert says(message, "spec_phase_gate.blocked", feature="login"), message


@settings(max_examples=examples(300), deadline=None)
@given(st.text(max_size=300))
def test_parse_spec_never_raises(text):
    from guards.spec_phase_gate import judge, parse_spec

    doc = parse_spec(text)
    kind, message = judge(doc, doc, "f")
    assert kind in ("allow", "warn", "block")
    assert kind == "allow" or message
