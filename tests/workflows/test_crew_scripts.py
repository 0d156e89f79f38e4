"""The crew's scripts (seed 000 new_cmd, validate_result, stats) as Claude
runs them: the installed copies under the system ``python3``, their output
and exit statuses, a one-line error for every bad input; the permission
gate approves exactly these files; the install places the skill, its
templates and the crew's agents and protects them."""

from __future__ import annotations

import json
import os
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

SUITE = Path(__file__).resolve().parents[2]
SCRIPTS = SUITE / "skills" / "crew"


def run(script: str, *args, cwd: Path, env=None) -> subprocess.CompletedProcess:
    """A script of the checkout, run by the system python3 (as Claude runs
    the installed copy), in the project ``cwd``."""
    full = dict(os.environ, CLAUDE_PROJECT_DIR=str(cwd), **(env or {}))
    return subprocess.run(["python3", str(SCRIPTS / script), *args], cwd=str(cwd), env=full,
                          capture_output=True, text=True, timeout=60, check=False)


@pytest.fixture
def project(tmp_path):
    root = tmp_path / "p"
    root.mkdir()
    subprocess.run(["git", "init", "-q"], cwd=root, check=True)
    return root


def test_new_cmd_numbers_the_cmds(project):
    assert run("new_cmd.py", cwd=project).stdout == "cmd_001\n"
    assert run("new_cmd.py", cwd=project).stdout == "cmd_002\n"
    (project / "work/cmd_041").mkdir()
    out = run("new_cmd.py", cwd=project)
    assert out.returncode == 0 and out.stdout == "cmd_042\n"
    assert (project / "work/cmd_042/tasks").is_dir() and (project / "work/cmd_042/results").is_dir()


def test_parallel_new_cmds_never_share_a_number(project):
    with ThreadPoolExecutor(max_workers=4) as pool:
        outs = list(pool.map(lambda _k: run("new_cmd.py", cwd=project), range(4)))
    made = [o.stdout.strip() for o in outs if o.returncode == 0]
    assert len(made) == len(set(made)) and made, [(o.returncode, o.stderr) for o in outs]
    assert all(o.returncode in (0, 3) for o in outs)


def test_abort_leaves_the_marker(project):
    run("new_cmd.py", cwd=project)
    out = run("new_cmd.py", "--abort", "cmd_001", cwd=project)
    assert out.returncode == 0 and (project / "work/cmd_001/ABORTED").exists()


def test_validate_result_prints_the_seeds_json(project):
    run("new_cmd.py", cwd=project)
    rel = "work/cmd_001/results/result_1.md"
    (project / rel).write_text("---\nstatus: success\nquality: GREEN\n---\n# R\n\n## Sources\n- x\n")
    out = run("validate_result.py", rel, "researcher", cwd=project)
    data = json.loads(out.stdout)
    assert out.returncode == 0 and data["status"] == "pass"
    assert data["issues"] == ["completeness missing, defaulted to 0"]
    assert data["metadata"]["status"] == "success"
    (project / rel).unlink()
    out = run("validate_result.py", rel, "researcher", cwd=project)
    assert out.returncode == 1 and json.loads(out.stdout)["errors"] == ["result file missing"]


def test_stats_reads_the_hooks_record(project):
    from statefiles.crew import ledger

    run("new_cmd.py", cwd=project)
    for status in ("failure", "success"):
        ledger.record(str(project), "cmd_001", {"kind": "launch", "role": "coder", "task": 1})
        ledger.record(str(project), "cmd_001", {"kind": "stop", "role": "coder", "task": 1,
                                                "status": status})
    out = run("stats.py", "--json", cwd=project)
    data = json.loads(out.stdout)
    assert data["cmds"] == 1 and data["roles"]["coder"]["retries"] == 1
    assert data["roles"]["coder"]["runs"] == 1 and data["roles"]["coder"]["success"] == 1
    table = run("stats.py", cwd=project)
    assert table.returncode == 0 and "coder" in table.stdout


@pytest.mark.parametrize("script,args", [
    ("new_cmd.py", ["--abort"]),
    ("new_cmd.py", ["--abort", "cmd_009"]),
    ("new_cmd.py", ["--abort", "../etc"]),
    ("new_cmd.py", ["x"]),
    ("validate_result.py", []),
    ("validate_result.py", ["work/cmd_001/results/result_1.md"]),
    ("validate_result.py", ["work/cmd_001/results/result_1.md", "painter"]),
    ("validate_result.py", ["/etc/passwd", "coder"]),
    ("validate_result.py", ["README.md", "coder"]),
    ("stats.py", ["--csv"]),
])
def test_bad_input_is_one_line_and_a_non_zero_exit(project, script, args):
    out = run(script, *args, cwd=project)
    assert out.returncode == 2, out
    assert out.stdout == "" and out.stderr.count("\n") == 1 and out.stderr.strip(), out


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(script=st.sampled_from(["new_cmd.py", "validate_result.py", "stats.py"]),
       args=st.lists(st.text(alphabet=st.characters(blacklist_categories=("Cs",),
                                                    blacklist_characters="\x00"),
                             max_size=20), max_size=3))
def test_no_input_crashes_a_script(project, script, args):
    out = run(script, *args, cwd=project)
    assert "Traceback" not in out.stderr, out.stderr
    if out.returncode not in (0, 1):
        assert out.returncode in (2, 3) and out.stderr.count("\n") == 1, out


# ------------------------------------------------------------------ the permission gate


def test_the_permission_gate_approves_exactly_the_scripts(installed):
    approved = ("python3 .claude/skills/crew/new_cmd.py",
                "python3 .claude/skills/crew/new_cmd.py --abort cmd_001",
                "python3 .claude/skills/crew/validate_result.py work/cmd_001/results/result_1.md "
                "coder",
                "python3 .claude/skills/crew/stats.py --json")
    dialog = ("python3 .claude/skills/crew/new_cmd.py; rm x",
              "python3 .claude/skills/crew/stats.py $(id)",
              "python3 -c 'print(1)' .claude/skills/crew/stats.py",
              "python3 .claude/skills/crew/other.py",
              "python3 .claude/skills/crew/SKILL.md",
              "python3 work/new_cmd.py",
              "PYTHONPATH=x python3 .claude/skills/crew/stats.py",
              "bash .claude/skills/crew/stats.py")
    for command in approved + dialog:
        out = installed.hook("PermissionRequest", tool_name="Bash",
                             tool_input={"command": command})
        allowed = '"behavior": "allow"' in out.stdout
        assert allowed is (command in approved), (command, out.stdout, out.stderr)


def test_a_copy_of_a_script_elsewhere_is_not_one_of_them(installed):
    planted = installed.root / "work" / "stats.py"
    planted.parent.mkdir()
    planted.write_text("print('planted')\n")
    link = installed.root / "tools"
    link.mkdir()
    os.symlink(planted, link / "stats.py")
    out = installed.hook("PermissionRequest", tool_name="Bash",
                         tool_input={"command": "python3 tools/stats.py"})
    assert '"behavior": "allow"' not in out.stdout


# ------------------------------------------------------------------ the install


def test_the_install_places_and_protects_the_crew(installed):
    root = installed.root
    state = root / "state.md"
    state.write_text(state.read_text().replace("workflow: golden-path", "workflow: crew", 1))
    subprocess.run(["git", "checkout", "-q", "-b", "feat/x"], cwd=root, check=True)
    for rel in (".claude/skills/crew/SKILL.md", ".claude/skills/crew/new_cmd.py",
                ".claude/skills/crew/validate_result.py", ".claude/skills/crew/stats.py",
                ".claude/skills/crew/config.yaml", ".claude/skills/crew/templates/decomposer.md",
                ".claude/skills/crew/templates/worker_coder.md",
                ".claude/agents/crew-coder.md", ".claude/agents/crew-plan-reviewer.md"):
        assert (root / rel).is_file(), rel
    for rel in (".claude/skills/crew/new_cmd.py", ".claude/agents/crew-coder.md",
                ".claude/crew-config.yaml"):
        out = installed.tool("Write", {"file_path": str(root / rel), "content": "x\n"})
        assert out.blocked and "protected" in out.reason.lower(), (rel, out.reason)


def test_the_installed_scripts_run_under_the_system_python(installed):
    env = dict(os.environ, CLAUDE_PROJECT_DIR=str(installed.root))
    out = subprocess.run(["python3", ".claude/skills/crew/new_cmd.py"], cwd=installed.root,
                         env=env, capture_output=True, text=True, timeout=60, check=False)
    assert out.returncode == 0 and out.stdout == "cmd_001\n", out.stderr
