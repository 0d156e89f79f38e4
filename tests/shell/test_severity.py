"""Severity by command family (and the human in the loop): each family's
default level (shell/severity.py), the ASK verdict and its PreToolUse rendering, the
``families:`` setting of permission-config.yaml layered and floored, what bash-check and the
installed hook answer under it, and the property that the permission gate never auto-approves
a command any family flags, whatever its level."""

from __future__ import annotations

import json
import types

import pytest
from bashenv import make_workspace
from familykit import approved, decision, hook_decision
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from draws import examples
from saying import matches, says

import test_family_cloud
import test_family_databases
import test_family_disks
import test_family_fanout
import test_family_git
import test_family_infrastructure
import test_family_packages
import test_family_system
from events import render
from events.render import Outcome
from events.verdict import ASK, BLOCK, ask, block, warn
from messages import text
from shell import severity

#: Every block row of the families that have a severity level.
TABLES = {m.FAMILY: m.BLOCK for m in (test_family_cloud, test_family_databases,
                                      test_family_disks, test_family_fanout, test_family_git,
                                      test_family_infrastructure, test_family_packages,
                                      test_family_system)}
ROWS = [(fam, row[0]) for fam, rows in TABLES.items() for row in rows]


# ------------------------------------------------------------------ levels

def test_default_levels():
    assert severity.level("infrastructure") == "ask"
    assert severity.level("cloud") == "ask"
    assert severity.level("databases") == "ask"
    for fam in ("disks", "system", "git", "fanout", "files", "packages", "shell"):
        assert severity.level(fam) == "block", fam
    assert severity.level("a-family-nobody-declared") == "block"


@pytest.mark.parametrize("family", sorted(severity.HARD))
def test_hard_families_never_go_below_ask(family):
    assert severity.level(family, {family: "warn"}) == "ask"
    assert severity.level(family, {family: "ask"}) == "ask"
    assert severity.level(family, {family: "block"}) == "block"


def test_other_families_can_be_lowered_and_raised():
    assert severity.level("infrastructure", {"infrastructure": "warn"}) == "warn"
    assert severity.level("infrastructure", {"infrastructure": "block"}) == "block"
    assert severity.level("git", {"git": "ask"}) == "ask"
    assert severity.level("git", {"git": "nonsense"}) == "block"


def test_every_family_module_has_a_default_level():
    from shell import registry

    families = {registry.module(m).FAMILY for m in set(registry.COMMANDS.values()) |
                set(registry.GIT_SUBCOMMANDS.values()) | {registry.FALLBACK}}
    assert families <= set(severity.DEFAULTS), families - set(severity.DEFAULTS)


# --------------------------------------------------------------- rendering

def test_an_ask_is_rendered_as_permission_decision_ask():
    v = ask("playgate asks", "Claude is told this")
    v.guard = "bash-check"
    w = warn("and a warning")
    w.guard = "lint"
    code, out, err = render.render("PreToolUse", Outcome(asks=[v], warnings=[w]))
    body = json.loads(out)["hookSpecificOutput"]
    assert code == 0 and not err
    assert body["permissionDecision"] == "ask"
    assert body["permissionDecisionReason"] == "[playgate:bash-check] playgate asks"
    assert "Claude is told this" in body["additionalContext"]
    assert "and a warning" in body["additionalContext"]
    assert render.wire("PreToolUse", code, out, err) == (code, out, err)


def test_a_block_wins_over_an_ask():
    b = block("no")
    b.guard = "coherence"
    a = ask("maybe")
    code, out, err = render.render("PreToolUse", Outcome(final=b, asks=[a]))
    assert code == 2 and "no" in err


def test_an_ask_on_another_event_is_a_block(monkeypatch, tmp_path):
    from events import runtime

    module = types.SimpleNamespace(NAME="asker", ADVISORY=False,
                                   check=lambda ctx: ask("would ask"))
    monkeypatch.setattr(runtime, "load_guard", lambda name: module)
    for event, kind in (("Stop", BLOCK), ("PreToolUse", ASK)):
        ctx = types.SimpleNamespace(event=event, root=str(tmp_path))
        outcome = runtime.run_chain(ctx, ("asker",))
        assert outcome.trace[0][1].kind == kind
        assert (outcome.final is not None) == (kind == BLOCK)


# -------------------------------------------------- configuration layers

@pytest.fixture
def config_ws(tmp_path):
    return make_workspace(tmp_path)


def _configure(ws, text: str, layer: str = "permission-config.yaml") -> None:
    (ws.root / ".claude" / layer).write_text(text)


@pytest.mark.parametrize("config,command,want", [
    ("", "terraform destroy", "ask"),
    ("families:\n  infrastructure: block\n", "terraform destroy", "deny"),
    ("families:\n  infrastructure: warn\n", "terraform destroy", "allow"),
    ("families:\n  databases: block\n", "psql -c 'DROP TABLE users'", "deny"),
    ("families:\n  git: ask\n", "git push --force", "ask"),
    ("families:\n  disks: warn\n", "wipefs -a /dev/sda", "ask"),
    ("families:\n  system: warn\n", "systemctl stop nginx", "ask"),
    ("families:\n  files: warn\n", "rm -rf /opt/some-app", "ask"),
    ("families:\n  files: warn\n", "rm -rf ~", "deny"),  # it also deletes protected files
    ("families:\n  cloud: ask\n  disks: block\n",
     "aws s3 rb s3://b --force && mkfs.ext4 /dev/sdb", "deny"),
    ("families: [infrastructure]\n", "terraform destroy", "deny"),
    ("families:\n  infrastructure: maybe\n", "terraform destroy", "deny"),
])
def test_families_setting_through_the_installed_hook(config_ws, config, command, want):
    if config:
        _configure(config_ws, config)
    assert hook_decision(config_ws, command) == want
    assert not approved(config_ws, command)


def test_the_local_layer_wins(config_ws):
    _configure(config_ws, "families:\n  infrastructure: warn\n")
    _configure(config_ws, "families:\n  infrastructure: block\n",
               "permission-config.local.yaml")
    assert hook_decision(config_ws, "helm uninstall web") == "deny"


def test_a_lowered_family_warns_claude(config_ws):
    _configure(config_ws, "families:\n  infrastructure: warn\n")
    code, err, out = config_ws.decide("kubectl delete pod web-1")
    assert decision(code, out) == "allow"
    context = json.loads(out)["hookSpecificOutput"]["additionalContext"]
    warned = matches(context, "bash_check.family_warn",
                     family=text("en", "bash_check.family.infrastructure"))
    assert len(warned) == 1, context
    assert says(warned[0]["message"], "shell.find.kubectl_delete", name="kubectl",
                what="pod web-1"), context
    assert says(warned[0]["source"], "bash_check.source_layer", family="infrastructure"), context


def test_an_ask_still_blocks_what_else_bash_check_refuses(config_ws):
    # the ask is for the human; a write to the reward state is refused anyway
    code, err, out = config_ws.decide("psql -c 'DROP TABLE t' > state.md")
    assert decision(code, out) == "deny", (err, out)


def test_the_ask_reason_names_the_family_and_its_setting(config_ws):
    code, err, out = config_ws.decide("terraform destroy")
    body = json.loads(out)["hookSpecificOutput"]
    family = text("en", "bash_check.family.infrastructure")
    reason = matches(body["permissionDecisionReason"], "bash_check.ask", family=family)
    assert len(reason) == 1, body
    assert reason[0]["source"] == text("en", "bash_check.source_default", family=family), body
    asked = matches(body["additionalContext"], "bash_check.ask_context", family=family)
    assert len(asked) == 1, body
    assert says(asked[0]["message"], "shell.find.infra_destroy", name="terraform",
                sub="destroy"), body


def test_unknown_family_names_and_floors_are_noticed(config_ws):
    from permission import config

    _configure(config_ws, "families:\n  infrastucture: ask\n  disks: warn\n")
    cfg = config.load(str(config_ws.root), use_cache=False)
    assert cfg.ok and cfg.families == {"infrastucture": "ask", "disks": "ask"}
    assert any("infrastucture" in n and "no command family" in n for n in cfg.notices)
    assert any("families.disks" in n and "floor" in n for n in cfg.notices)


# ------------------------------------------------------------- property

_WRAPS = st.sampled_from(["{}", "{} || true", "{} 2>/dev/null", "cd src && {}", "sudo {}",
                          "env X=1 {}", "bash -c '{}'", "true; {}", "({})", "{} & wait",
                          "timeout 60 {}", "nice -n 5 {}"])


@pytest.fixture(scope="module")
def lowered_ws(tmp_path_factory):
    ws = make_workspace(tmp_path_factory.mktemp("lowered"))
    lowered = "".join(f"  {fam}: warn\n" for fam in severity.DEFAULTS)
    _configure(ws, "families:\n" + lowered)
    return ws


@settings(max_examples=examples(120), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(row=st.sampled_from(ROWS), wrap=_WRAPS)
def test_the_permission_gate_never_approves_a_flagged_command(lowered_ws, row, wrap):
    _family, command = row
    if "'" in command and wrap.startswith("bash -c"):
        wrap = "{}"
    shown = wrap.replace("{}", command)
    assert not approved(lowered_ws, shown), shown


@pytest.mark.parametrize("family,command", ROWS, ids=[r[1][:40] for r in ROWS])
def test_no_block_row_is_approved_even_with_every_family_lowered(lowered_ws, family, command):
    assert not approved(lowered_ws, command), command
