"""The latency benchmark (bench/): its playbook, its measuring and
its command line. The figures themselves are not asserted (performance goals
live in the benchmark, not in timed tests); what is asserted is that it runs
the hooks it claims, checks their decisions, and reports without failing CI."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from conftest import SUITE

from bench import hookbench
from statefiles import models
from statefiles.playbook import evidence_problems


@pytest.mark.parametrize("size,phases", [(10, 1), (200, 20), (35, 4)])
def test_playbook_is_valid_reviewed_and_half_done_with_evidence(size, phases):
    plan, progress, done, phase, subtask = hookbench.make_playbook(size)
    assert models.validate("plan", plan) == [] and models.validate("progress", progress) == []
    assert len(plan["phases"]) == phases
    assert sum(len(p["subtasks"]) for p in plan["phases"]) == size == len(progress["subtasks"])
    assert plan["meta"]["reviewed"] is True and plan["context"]
    assert len(done) == size // 2
    for sid in done:
        assert evidence_problems(progress["subtasks"][sid]) == []
    assert progress["subtasks"][subtask]["status"] == "in_progress"
    assert progress["active"] == {"phase": phase, "subtask": subtask}


def test_percentile_is_nearest_rank():
    values = list(range(1, 101))
    assert hookbench.percentile(values, 50) == 50
    assert hookbench.percentile(values, 95) == 95
    assert hookbench.percentile([7.0], 95) == 7.0
    assert hookbench.percentile([3, 1, 2], 100) == 3


def test_run_process_pipes_stdin_and_reports_code_output_and_cpu(tmp_path):
    sample = hookbench.run_process("cat; echo err >&2; exit 2", b'{"x": 1}',
                                   {"PATH": "/usr/bin:/bin"}, str(tmp_path))
    assert sample.code == 2 and sample.out == b'{"x": 1}' and sample.err == b"err\n"
    assert sample.wall_ms > 0 and sample.cpu_ms >= 0


def test_run_process_is_bounded(tmp_path):
    with pytest.raises(hookbench.BenchError):
        hookbench.run_process("sleep 5", b"", {"PATH": "/usr/bin:/bin"}, str(tmp_path),
                              timeout=0.3)


def test_peak_rss_is_the_hooks_not_the_drivers(tmp_path):
    """wait4 on a direct child carries this (larger) process's high-water mark;
    GNU time reports the child's own."""
    import os

    if not os.access(hookbench.GNU_TIME, os.X_OK):
        pytest.skip("GNU time is not installed")
    ballast = bytearray(64 * 1024 * 1024)  # make this process big
    sample = hookbench.run_process("true", b"", {"PATH": "/usr/bin:/bin"}, str(tmp_path),
                                   rss=True)
    assert sample.maxrss_kib < 32 * 1024
    del ballast


@pytest.mark.parametrize("over,strict,quick,code", [
    (False, False, False, 0), (True, False, False, 0), (True, True, False, 3),
    (True, True, True, 0), (True, False, True, 0), (False, True, False, 0),
])
def test_exit_status_never_fails_quick_mode_on_budget(over, strict, quick, code):
    assert hookbench.exit_status(over, strict=strict, quick=quick) == code


def test_quick_run_through_the_command_line(tmp_path):
    """One small round of every case through the installed hooks: every case
    reports numbers, the floor is measured, the JSON is written, exit 0."""
    out = tmp_path / "bench.json"
    proc = subprocess.run([sys.executable, "-m", "bench", "--quick", "--runs", "2",
                           "--warmup", "1", "--rss-runs", "1", "--sizes", "10", "--python",
                           sys.executable, "--json", str(out)],
                          capture_output=True, text=True, timeout=600, cwd=str(SUITE))
    assert proc.returncode == 0, proc.stderr + proc.stdout
    record = json.loads(out.read_text())
    rows = record["sizes"]["10"]
    assert set(rows) == {c.key for c in hookbench.cases()}
    for key, row in rows.items():
        assert row["runs"] == 2 and row["p50_ms"] > 0 and row["peak_rss_mib"] > 0, key
    assert rows["floor"]["ratio"] == 1.0
    assert "PreToolUse Bash complex" in proc.stdout and "budget:" in proc.stdout
    shown = subprocess.run([sys.executable, "-m", "bench", "--show", str(out), "--markdown"],
                           capture_output=True, text=True, timeout=120, cwd=str(SUITE))
    assert shown.returncode == 0, shown.stderr
    assert "| PreToolUse Read |" in shown.stdout and "| case (10 subtasks) |" in shown.stdout
