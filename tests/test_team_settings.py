"""settings.template.json registers TaskCompleted and TeammateIdle (SPEC §6),
the rendered settings stay valid for Claude Code's settings schema, and the
two informational hooks can never hold up a team (exit 2 on TaskCompleted
would stop the task from completing; on TeammateIdle it would keep the
teammate working)."""

from __future__ import annotations

import json

import pytest
from _team_support import task_completed, teammate_idle
from conftest import SHARED, SUITE

EVENTS = {"TaskCompleted": "task_completed.py", "TeammateIdle": "teammate_idle.py"}


def rendered() -> dict:
    from playgate import installer

    return installer.render_settings("/usr/bin/python3", '"$CLAUDE_PROJECT_DIR"/.claude')


@pytest.mark.parametrize("event, script", sorted(EVENTS.items()))
def test_team_events_are_registered(event, script):
    groups = rendered()["hooks"][event]
    assert len(groups) == 1 and "matcher" not in groups[0]  # these events take no matcher
    (hook,) = groups[0]["hooks"]
    assert hook["type"] == "command" and f"/hooks/{script}" in hook["command"]
    assert hook["command"].endswith("|| true") and 0 < hook["timeout"] <= 10
    assert (SUITE / "hooks" / script).is_file()


def test_rendered_settings_are_valid_for_the_settings_schema():
    """The shared schema snapshot knows both events (it lags the CLI; if a
    newer snapshot ever drops them this fails loudly)."""
    import jsonschema

    schema = json.loads((SHARED / "schemas" / "claude-code-settings.schema.json").read_text())
    hooks = schema["properties"]["hooks"]["properties"]
    assert {"TaskCompleted", "TeammateIdle"} <= set(hooks)
    validator = jsonschema.validators.validator_for(schema)(schema)
    errors = [f"{list(e.path)}: {e.message}" for e in validator.iter_errors(rendered())]
    assert errors == []


def test_installed_settings_carry_the_registrations(installed):
    for event, script in EVENTS.items():
        assert f"hooks/{script}" in installed.command(event)


def test_a_broken_installation_never_blocks_a_team(installed):
    """python exits 2 when it cannot open its script; the registration turns
    that into exit 0 for these two events."""
    for script in EVENTS.values():
        (installed.root / ".claude" / "hooks" / script).unlink()
    assert task_completed(installed, 1).code == 0
    assert teammate_idle(installed).code == 0


def test_malformed_input_is_silent(installed):
    for event in EVENTS:
        for payload in (b"", b"{", b"[]", json.dumps({"hook_event_name": event,
                                                      "task_id": 3}).encode()):
            result = installed.hook(event, payload)
            assert (result.code, result.stdout) == (0, ""), (event, payload, result)
