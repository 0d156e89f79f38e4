"""The skeleton works end to end through the installed entrypoints."""

from conftest import EVENT_MODULES, FIXTURES
import json


def test_every_fixture_is_accepted(installed):
    for path in sorted(FIXTURES.glob("*.json")):
        payload = json.loads(path.read_text().replace("/home/dev/project", str(installed.root)))
        result = installed.entrypoint(payload["hook_event_name"], payload)
        assert result.code in (0, 2), (path.name, result)
        assert "Traceback" not in result.stderr, (path.name, result)
        if result.code == 2:
            assert result.stderr.startswith("[playgate"), (path.name, result)


def test_entrypoints_exist():
    from conftest import SUITE

    for module in EVENT_MODULES.values():
        assert (SUITE / "hooks" / f"{module}.py").is_file()
