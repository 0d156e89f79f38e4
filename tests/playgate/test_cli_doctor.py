"""``playgate doctor``: green on a fresh install, and on a broken one the
problem named. Every case breaks one thing in a real
installed repository and runs the installed ``python .claude/playgate doctor``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from conftest import SUITE, replace_file

from playgate.installer import python as installer_python  # noqa: E402
from playgate import REQUIREMENTS, versions  # noqa: E402


def doctor(repo: Path, *args, env=None) -> tuple:
    full = dict(os.environ)
    full.pop("CLAUDE_PROJECT_DIR", None)
    full.update(env or {})
    proc = subprocess.run([sys.executable, str(repo / ".claude" / "playgate"), "doctor", "--json",
                           *args], capture_output=True, text=True, cwd=str(repo), env=full,
                          timeout=180)
    data = json.loads(proc.stdout)
    return proc.returncode, data


def problems(data: dict, level: str = "error") -> list:
    return [(c["check"], c["code"], c["message"]) for c in data["checks"] if c["level"] == level]


def codes(data: dict, level: str = "error") -> set:
    return {code for _check, code, _m in problems(data, level)}


def test_a_fresh_install_is_healthy(installed):
    code, data = doctor(installed.root)
    assert code == 0, problems(data)
    assert data["healthy"] and data["errors"] == 0
    ok = {c["check"] for c in data["checks"] if c["level"] == "ok"}
    assert {"install", "settings", "hooks", "interpreter", "hook-run", "suite-files", "state",
            "protected", "permission-config", "logs", "speed"} <= ok
    # The probe call changed nothing the session would see.
    assert not (installed.root / ".claude" / ".session-init").exists()
    text = subprocess.run([sys.executable, str(installed.root / ".claude" / "playgate"),
                           "doctor"], capture_output=True, text=True, cwd=installed.root,
                          timeout=180).stdout
    assert text.rstrip().splitlines()[-1].startswith("healthy")


def test_a_missing_or_stale_module_bundle_is_a_warning_with_the_rebuild(installed):
    bundle = installed.root / ".claude" / "hooks" / "suite.bundle"
    assert bundle.is_file()
    # A source newer than the bundle (same bytes: the manifest still agrees).
    source = installed.root / ".claude" / "guards" / "bash_check.py"
    replace_file(source, source.read_bytes(), mtime_ns=source.stat().st_mtime_ns + 1_000_000_000)
    code, data = doctor(installed.root, "--no-run")
    assert code == 0 and "doctor.stale_bundle" in codes(data, "warn"), problems(data, "warn")
    [msg] = [m for _c, k, m in problems(data, "warn") if k == "doctor.stale_bundle"]
    assert "-m playgate.bundle" in msg
    bundle.unlink()
    code, data = doctor(installed.root, "--no-run")
    assert code == 0 and "doctor.no_bundle" in codes(data, "warn")
    # The fix the message gives makes it green again.
    subprocess.run([sys.executable, "-m", "playgate.bundle"], cwd=installed.root / ".claude",
                   capture_output=True, timeout=120, check=True)
    _code, data = doctor(installed.root, "--no-run")
    assert not codes(data, "warn") & {"doctor.no_bundle", "doctor.stale_bundle"}


def _settings(repo: Path) -> dict:
    return json.loads((repo / ".claude" / "settings.json").read_text())


def _write_settings(repo: Path, data: dict) -> None:
    (repo / ".claude" / "settings.json").write_text(json.dumps(data, indent=2))


def registered_python(installed) -> str:
    """The interpreter the installed hooks run, as the registration spells it
    (the installer may name it by another path than ``sys.executable``: a
    virtualenv's ``bin/python``, a resolved symlink)."""
    import shlex

    python = shlex.split(installed.command("PreToolUse", "Bash"))[0]
    assert python and python in (installed.root / ".claude" / "settings.json").read_text()
    return python


def test_a_missing_interpreter_is_named_with_the_repair(installed):
    repo = installed.root
    text = (repo / ".claude" / "settings.json").read_text().replace(registered_python(installed),
                                                                   "/nonexistent/python")
    (repo / ".claude" / "settings.json").write_text(text)
    code, data = doctor(repo)
    assert code == 1
    assert {"doctor.hook_no_python", "doctor.hook_run_failed"} <= codes(data)
    [msg] = [m for _c, k, m in problems(data) if k == "doctor.hook_no_python"]
    assert "/nonexistent/python" in msg and str(repo) in msg
    assert "python3 .claude/playgate install ." in msg  # the route this repository took
    [msg] = [m for _c, k, m in problems(data) if k == "doctor.hook_run_failed"]
    assert "exit 2" in msg and "could not run (exit 127)" in msg  # the gate failed closed


def test_an_interpreter_without_the_dependencies_is_named(installed, tmp_path):
    bare = tmp_path / "bare"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(bare)], check=True,
                   timeout=120)
    repo = installed.root
    text = (repo / ".claude" / "settings.json").read_text().replace(
        registered_python(installed), str(bare / "bin" / "python"))
    (repo / ".claude" / "settings.json").write_text(text)
    code, data = doctor(repo)
    assert code == 1
    [msg] = [m for _c, k, m in problems(data) if k == "doctor.interpreter_bad"]
    assert "pydantic is missing" in msg and "-m pip install" in msg


def test_a_removed_registration_is_named(installed):
    repo = installed.root
    data = _settings(repo)
    del data["hooks"]["PreToolUse"]
    _write_settings(repo, data)
    code, report = doctor(repo)
    assert code == 1
    assert any("PreToolUse hook is not registered" in m for _c, _k, m in problems(report))


def test_a_registration_under_the_wrong_event_is_named(installed):
    repo = installed.root
    data = _settings(repo)
    data["hooks"]["PostToolUse"], data["hooks"]["Stop"] = (data["hooks"]["Stop"],
                                                           data["hooks"]["PostToolUse"])
    _write_settings(repo, data)
    code, report = doctor(repo)
    assert code == 1 and "doctor.hook_wrong_event" in codes(report)


def test_broken_settings_json_is_named(installed):
    (installed.root / ".claude" / "settings.json").write_text('{"hooks": ')
    code, data = doctor(installed.root)
    assert code == 1
    [msg] = [m for _c, k, m in problems(data) if k == "doctor.settings_unreadable"]
    assert "not valid JSON" in msg and "ignores it" in msg


def test_settings_outside_the_schema_are_reported(installed):
    data = _settings(installed.root)
    data["hooks"]["PreToolUse"][0]["hooks"][0]["timeout"] = "ten"
    data["permissions"]["defaultMode"] = "yolo"
    _write_settings(installed.root, data)
    _code, report = doctor(installed.root, "--no-run")
    found = [m for c, _k, m in problems(report, "warn") + problems(report)
             if c == "settings"]
    assert any("timeout" in m for m in found) and any("defaultMode" in m for m in found)


def test_missing_and_changed_suite_files_are_named(installed):
    repo = installed.root
    (repo / ".claude" / "guards" / "lint.py").unlink()
    edited = repo / ".claude" / "guards" / "main_branch.py"
    replace_file(edited, edited.read_text() + "\n# edited\n")
    code, data = doctor(repo, "--no-run")
    assert code == 1
    [missing] = [m for _c, k, m in problems(data) if k == "doctor.files_missing"]
    assert ".claude/guards/lint.py" in missing
    [changed] = [m for _c, k, m in problems(data, "warn") if k == "doctor.files_changed"]
    assert ".claude/guards/main_branch.py" in changed


def test_broken_state_files_are_named_with_their_line(installed):
    repo = installed.root
    state = repo / "state.md"
    state.write_text(state.read_text().replace("status: idle", "status: [idle"))
    code, data = doctor(repo, "--no-run")
    assert code == 1
    [msg] = [m for _c, k, m in problems(data) if k == "doctor.state_invalid"]
    assert msg.startswith("state.md: 1 error(s), first at line ")
    state.unlink()
    code, data = doctor(repo, "--no-run")
    assert code == 1 and "doctor.state_missing" in codes(data)


def test_a_broken_permission_config_is_named(installed):
    (installed.root / ".claude" / "permission-config.yaml").write_text("always_ask: {x: [\n")
    code, data = doctor(installed.root, "--no-run")
    assert code == 1
    [msg] = [m for _c, k, m in problems(data) if k == "doctor.permission_error"]
    assert "permission-config.yaml" in msg and "nothing is auto-approved" in msg


def test_protected_list_sanity(installed):
    path = installed.root / ".claude" / "protected-files.txt"
    path.write_text(path.read_text() + "\n**\nBLOCK:state.md\nNOPE:x\n")
    code, data = doctor(installed.root, "--no-run")
    assert code == 0  # warnings, not errors: the gate still works
    warn = {k for _c, k, _m in problems(data, "warn")}
    assert {"doctor.protected_everything", "doctor.protected_problem"} <= warn
    info = {c["code"] for c in data["checks"] if c["level"] == "info"}
    assert "doctor.protected_ineffective" in info
    path.unlink()
    _code, data = doctor(installed.root, "--no-run")
    assert "doctor.protected_missing" in {k for _c, k, _m in problems(data, "warn")}


def test_logged_guard_errors_are_reported(installed):
    logs = installed.root / ".claude" / "logs"
    logs.mkdir(parents=True, exist_ok=True)
    (logs / "errors.log").write_text("--- 2026-01-01T00:00:00 pid=1 event=PreToolUse in guard "
                                     "lint\nTraceback ...\n")
    _code, data = doctor(installed.root, "--no-run")
    [msg] = [m for _c, k, m in problems(data, "warn") if k == "doctor.logs_errors"]
    assert "1 guard error" in msg and "guard lint" in msg


def test_not_installed_is_named(tmp_path):
    from conftest import make_repo

    repo = make_repo(tmp_path / "bare")
    proc = subprocess.run([sys.executable, "-m", "playgate", "doctor", "--json", "-C", str(repo)],
                          capture_output=True, text=True, cwd=SUITE, timeout=120,
                          env={k: v for k, v in os.environ.items() if k != "HOME"}
                          | {"HOME": str(tmp_path / "home")})
    data = json.loads(proc.stdout)
    assert proc.returncode == 1 and "doctor.not_installed" in codes(data)


def test_installed_twice_is_a_warning(installed):
    data = _settings(installed.root)
    data["enabledPlugins"] = {"playgate@playgate": True}
    _write_settings(installed.root, data)
    _code, report = doctor(installed.root, "--no-run")
    assert "doctor.twice" in {k for _c, k, _m in problems(report, "warn")}


# ------------------------------------------------------------------ the version ranges


def test_the_installer_reads_version_ranges_with_the_same_code():
    """One implementation of requirement ranges and the interpreter probe:
    install.py imports playgate.versions (its answers are tested in
    tests/playgate/test_install.py), so doctor and the installer cannot disagree."""
    assert installer_python.versions is versions


def test_the_probe_reports_versions_and_missing_modules():
    info = versions.probe(sys.executable, REQUIREMENTS)
    assert versions.problems(info, REQUIREMENTS) == []
    assert versions.problems(info, ["pydantic>=99"]) == [
        f"pydantic {info['modules']['pydantic']['version']} is outside >=99"]
    assert versions.problems(versions.probe("/nonexistent", REQUIREMENTS), REQUIREMENTS) == [
        "/nonexistent does not exist"]


def test_the_bundled_settings_schema_is_the_shared_one():
    """doctor validates settings against a copy shipped in playgate/schemas/
    (an installed repository has no ../shared); it must be the schema the
    tests validate against, byte for byte."""
    from conftest import SHARED

    bundled = SUITE / "playgate" / "schemas" / "claude-code-settings.schema.json"
    assert bundled.read_bytes() == (SHARED / "schemas" / "claude-code-settings.schema.json"
                                    ).read_bytes()


# ------------------------------------------------------- workspace trust


def _claude_json(home: Path, projects: dict) -> None:
    home.mkdir(parents=True, exist_ok=True)
    (home / ".claude.json").write_text(json.dumps({"projects": projects}))


def test_doctor_says_when_headless_runs_would_ignore_the_allow_rules(installed, tmp_path):
    home = tmp_path / "home"
    _claude_json(home, {})
    _code, data = doctor(installed.root, env={"HOME": str(home)})
    assert "doctor.trust_missing" in codes(data, "warn"), data
    text = next(c["message"] for c in data["checks"] if c["code"] == "doctor.trust_missing")
    assert "claude -p" in text and str(installed.root) in text and "accept" in text
    _claude_json(home, {str(installed.root): {"hasTrustDialogAccepted": True}})
    _code, data = doctor(installed.root, env={"HOME": str(home)})
    assert "doctor.trust_ok" in {c["code"] for c in data["checks"]}, data


def test_trust_of_a_parent_directory_counts_and_a_false_does_not(installed, tmp_path):
    home = tmp_path / "home"
    _claude_json(home, {str(installed.root.parent): {"hasTrustDialogAccepted": True}})
    _code, data = doctor(installed.root, env={"HOME": str(home)})
    assert "doctor.trust_ok" in {c["code"] for c in data["checks"]}
    _claude_json(home, {str(installed.root): {"hasTrustDialogAccepted": False}})
    _code, data = doctor(installed.root, env={"HOME": str(home)})
    assert "doctor.trust_missing" in codes(data, "warn")
    config_dir = tmp_path / "cfg"
    _claude_json(config_dir, {str(installed.root): {"hasTrustDialogAccepted": True}})
    _code, data = doctor(installed.root, env={"HOME": str(home),
                                              "CLAUDE_CONFIG_DIR": str(config_dir)})
    assert "doctor.trust_ok" in {c["code"] for c in data["checks"]}
