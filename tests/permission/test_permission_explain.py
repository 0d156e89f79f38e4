"""``permission_request.py --explain "<command>"``."""

from __future__ import annotations

import pytest
from conftest import Installed, install, make_repo

from events.permission_request import PHASES
from permission import audit


@pytest.fixture(scope="module")
def gate(tmp_path_factory):
    root = make_repo(tmp_path_factory.mktemp("explain") / "repo")
    proc = install(root)
    assert proc.returncode == 0, proc.stderr
    (root / "scripts").mkdir()
    (root / "scripts" / "b.sh").write_text("echo built\n")  # a script phase 6 can read
    (root / "src").mkdir()
    return Installed(root)


def explain(gate, *args):
    return gate.entrypoint("PermissionRequest", b"", args=args)


def rows(stdout):
    table = {}
    for line in stdout.splitlines():
        parts = line.split(None, 2)
        if parts and parts[0] in {pid for pid, _ in PHASES}:
            table[parts[0]] = (parts[1] if len(parts) > 1 else "",
                               parts[2] if len(parts) > 2 else "")
    return table


def test_every_phase_is_listed_for_a_dialog(gate):
    result = explain(gate, "--explain", "git -C src push origin main")
    # The exit code is what the user gets, as in `playgate
    # explain` (on main without an analysed request PreToolUse blocks: 1).
    assert result.code == 1 and "you get  : BLOCKED: PreToolUse" in result.stdout, result
    table = rows(result.stdout)
    assert list(table) == [pid for pid, _ in PHASES]
    assert table["7B2"][0] == "DIALOG" and "git:push" in table["7B2"][1]
    assert table["4"][0] == "skip" and table["7A"][0] == "pass"
    assert table["7C"][0] == "not" and table["7D"][0] == "not"  # "not reached"
    assert "decision: DIALOG" in result.stdout and "phase 7B2" in result.stdout
    assert "permission/defaults.yaml: loaded" in result.stdout


def test_an_allowed_general_command(gate):
    result = explain(gate, "--explain", "git status")
    table = rows(result.stdout)
    assert table["7D"][0] == "ALLOW" and table["7E"][0] == "pass"
    assert "decision: ALLOW" in result.stdout


def test_a_project_script_shows_the_floor(gate):
    table = rows(explain(gate, "--explain", "bash scripts/b.sh").stdout)
    assert table["6"][0] == "ALLOW"
    assert table["7E"][0] == "pass"  # the floor ran after phase 6
    assert table["7B"][0] == "not"


def test_unquoted_words_are_joined(gate):
    result = explain(gate, "--explain", "curl", "http://x")
    assert "'curl http://x'" in result.stdout and "always_ask" in result.stdout


def test_cwd_option(gate):
    result = explain(gate, "--explain", "ls ..", "--cwd", str(gate.root / "src"))
    assert "decision: ALLOW" in result.stdout
    result = explain(gate, "--explain", "ls ..")
    assert "decision: DIALOG" in result.stdout


def test_explain_does_not_log(gate):
    before = len(audit.read(str(gate.root)))
    explain(gate, "--explain", "git status")
    assert len(audit.read(str(gate.root))) == before


def test_explain_shows_broken_configuration_and_notices(tmp_path):
    root = make_repo(tmp_path / "repo")
    assert install(root).returncode == 0
    gate = Installed(root)
    local = root / ".claude" / "permission-config.local.yaml"
    local.write_text("always_ask: {remove: [sudo]}\n")
    result = explain(gate, "--explain", "sudo ls")
    assert "notice  : always_ask: 'sudo' is a security floor" in result.stdout
    assert "decision: DIALOG" in result.stdout
    (root / ".claude" / "permission-config.yaml").write_text("always_ask: [rm -rf]\n")
    result = explain(gate, "--explain", "ls")
    assert "ERROR   : .claude/permission-config.yaml: always_ask[0]" in result.stdout
    table = rows(result.stdout)
    assert table["config"][0] == "DIALOG"


@pytest.mark.parametrize("args, code", [
    ((), 0), (("--help",), 0), (("-h",), 0), (("--explain",), 2), (("--frobnicate",), 2),
    (("--explain", "ls", "--cwd"), 2),
])
def test_usage(gate, args, code):
    result = explain(gate, *args)
    if not args:
        # no arguments is the hook path: empty stdin, silence
        assert (result.code, result.stdout) == (0, "")
        return
    assert result.code == code
    assert "usage" in (result.stdout + result.stderr) or "needs" in result.stderr
