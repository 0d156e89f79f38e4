"""permission.audit: one JSON line per decision, rotation, robustness."""

from __future__ import annotations

import json
import os
from concurrent.futures import ThreadPoolExecutor

import pytest
from conftest import Installed, copy_install, make_repo

from permission import audit


@pytest.fixture
def root(tmp_path):
    (tmp_path / ".claude").mkdir()
    return tmp_path


def log_path(root):
    return root / ".claude" / "logs" / "permission.jsonl"


def test_record_fields():
    line = audit.record("dialog", "7B", "'curl' is in always_ask", "curl x", tool="Bash",
                        session="s", cwd="/r")
    assert list(line) == ["time", "decision", "phase", "reason", "command", "tool", "session",
                          "cwd"]
    assert line["time"].endswith("Z") and "T" in line["time"]
    assert line["decision"] == "dialog" and line["phase"] == "7B"


def test_long_commands_are_cut_and_marked():
    line = audit.record("dialog", "1", "long", "x" * 5000)
    assert len(line["command"]) == audit.MAX_COMMAND_CHARS
    assert line["truncated"] is True and line["command_length"] == 5000


def test_missing_command_is_omitted():
    assert "command" not in audit.record("dialog", "input", "bad", None)


@pytest.mark.parametrize("command", ["ls\x00x", "ls\nx", "日本語", "a\ud800b", "\u202e", '"\\'])
def test_every_line_is_valid_json(root, command):
    audit.append(str(root), audit.record("dialog", "1", "r", command))
    raw = log_path(root).read_bytes()
    assert raw.endswith(b"\n") and raw.count(b"\n") == 1
    parsed = json.loads(raw.decode("utf-8"))
    assert parsed["reason"] == "r"


def test_append_creates_the_directory_and_appends(root):
    for i in range(3):
        assert audit.append(str(root), audit.record("allow", "7D", f"r{i}", "ls"))
    lines = audit.read(str(root))
    assert [line["reason"] for line in lines] == ["r0", "r1", "r2"]


def test_rotation_keeps_generations(root, monkeypatch):
    monkeypatch.setattr(audit, "MAX_BYTES", 2000)
    for i in range(200):
        audit.append(str(root), audit.record("dialog", "7B", f"reason {i}", "curl x" * 5))
    base = log_path(root)
    assert base.stat().st_size <= 2000
    for n in range(1, audit.KEEP + 1):
        assert (base.parent / f"permission.jsonl.{n}").exists()
    assert not (base.parent / f"permission.jsonl.{audit.KEEP + 1}").exists()
    # the newest lines are in the current file, the order is kept across files
    newest = audit.read(str(root))[-1]["reason"]
    assert newest == "reason 199"
    first_of_current = int(audit.read(str(root))[0]["reason"].split()[1])
    last_of_previous = json.loads((base.parent / "permission.jsonl.1").read_text()
                                  .splitlines()[-1])["reason"]
    assert int(last_of_previous.split()[1]) == first_of_current - 1


def test_parallel_appends_do_not_interleave(root, monkeypatch):
    monkeypatch.setattr(audit, "MAX_BYTES", 50_000)

    def write(i):
        audit.append(str(root), audit.record("allow", "7D", f"r{i}", "ls " + "y" * (i % 300)))

    with ThreadPoolExecutor(max_workers=8) as pool:
        list(pool.map(write, range(400)))
    seen = set()
    for path in log_path(root).parent.glob("permission.jsonl*"):
        for raw in path.read_text().splitlines():
            seen.add(json.loads(raw)["reason"])
    # rotation drops the oldest generations; everything kept is whole
    assert len(seen) >= 100


def test_symlinked_log_is_not_followed(root, tmp_path):
    target = tmp_path / "victim.txt"
    target.write_text("keep\n")
    log_path(root).parent.mkdir(parents=True)
    os.symlink(target, log_path(root))
    assert audit.append(str(root), audit.record("allow", "7D", "r", "ls")) is None
    assert target.read_text() == "keep\n"


def test_unwritable_log_never_raises(root):
    (root / ".claude" / "logs").write_text("a file where the directory should be")
    assert audit.append(str(root), audit.record("allow", "7D", "r", "ls")) is None


# ---------------------------------------------------------------- through the installed hook
@pytest.fixture
def gate(tmp_path, installed_template):
    root = make_repo(tmp_path / "repo")
    copy_install(installed_template, root)
    return Installed(root)


def ask(gate, command, **extra):
    return gate.hook("PermissionRequest", tool_name="Bash", tool_input={"command": command},
                     session_id="why", **extra)


def test_why_was_i_asked(gate):
    assert ask(gate, "git push origin main").stdout == ""
    assert ask(gate, "ls").stdout
    lines = audit.read(str(gate.root))
    asked, allowed = lines[-2], lines[-1]
    assert asked["decision"] == "dialog" and asked["phase"] == "7B2"
    assert "git:push" in asked["reason"] and asked["command"] == "git push origin main"
    assert asked["session"] == "why" and asked["cwd"] == str(gate.root)
    assert allowed["decision"] == "allow" and allowed["phase"] == "7D"


def test_malformed_input_is_logged(gate):
    result = gate.entrypoint("PermissionRequest", b'{"hook_event_name": "PermissionRequest"}')
    assert (result.code, result.stdout) == (0, "")
    line = audit.read(str(gate.root))[-1]
    assert line["phase"] == "input" and "tool_name" in line["reason"]
    result = gate.entrypoint("PermissionRequest", b'{"hook_event_name": "PermissionRequest", '
                                                  b'"tool_name": "Bash", "tool_input": '
                                                  b'{"command": "ls\\u0000x"}, "cwd": "/"}')
    line = audit.read(str(gate.root))[-1]
    assert line["phase"] == "S0" and line["command"] == "ls\x00x"


def test_rotation_through_the_hook(gate):
    path = log_path(gate.root)
    path.parent.mkdir(parents=True, exist_ok=True)
    filler = json.dumps(audit.record("allow", "7D", "old", "ls")) + "\n"
    path.write_text(filler * (audit.MAX_BYTES // len(filler) + 1))
    ask(gate, "git status")
    assert (path.parent / "permission.jsonl.1").stat().st_size > audit.MAX_BYTES
    assert [line["command"] for line in audit.read(str(gate.root))] == ["git status"]


_WRITER = r"""
import sys
sys.path.insert(0, sys.argv[1])
from permission import audit
root, n, tag = sys.argv[2], int(sys.argv[3]), sys.argv[4]
for i in range(n):
    assert audit.append(root, audit.record("allow", "7D", "x" * 200, f"{tag}-{i}"))
"""


def test_parallel_writers_write_whole_lines(root):
    """Eight processes appending at once: every line whole, none lost (the
    property the hooks rely on, without their time budget in the way)."""
    import subprocess
    import sys

    from conftest import SUITE

    procs = [subprocess.Popen([sys.executable, "-c", _WRITER, str(SUITE), str(root), "40",
                               f"w{k}"]) for k in range(8)]
    assert [p.wait(timeout=120) for p in procs] == [0] * 8
    lines = log_path(root).read_text().splitlines()
    assert sorted(json.loads(raw)["command"] for raw in lines) == sorted(
        f"w{k}-{i}" for k in range(8) for i in range(40))


def test_parallel_hooks_write_whole_lines(gate):
    """Sixteen hooks at once, through the installed command. Each answers
    ``allow``, or the dialog when its wall-clock watchdog (2.25 s for
    PermissionRequest) fired on a loaded machine, which is the fail-safe
    answer and not this test's subject; every line in the log is whole, one
    per approved call, and no approved call's line is missing."""
    def call(i):
        return i, ask(gate, f"ls src{i}")

    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(call, range(16)))
    assert all(r.code == 0 for _i, r in results)
    approved = {f"ls src{i}" for i, r in results if r.stdout}
    assert all('"allow"' in r.stdout for _i, r in results if r.stdout)
    path = log_path(gate.root)  # no file: every hook's watchdog fired first
    logged = [json.loads(raw) for raw in (path.read_text().splitlines() if path.exists() else [])]
    commands = [line["command"] for line in logged]
    assert len(commands) == len(set(commands)) <= 16
    assert set(commands) <= {f"ls src{i}" for i in range(16)}
    assert approved <= {line["command"] for line in logged if line["decision"] == "allow"}


def test_a_broken_log_does_not_change_the_answer(gate):
    (gate.root / ".claude" / "logs").mkdir(exist_ok=True)
    os.symlink("/nonexistent/target", log_path(gate.root))
    assert ask(gate, "ls").stdout  # still approved
    assert ask(gate, "curl x").stdout == ""
