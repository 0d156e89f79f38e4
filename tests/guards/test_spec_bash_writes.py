"""spec-phase-gate: Bash writes to spec.yaml that only the full shell
analysis sees (``ctx.shell.writes``, SPEC §4).

The interim analyser reports no writes, and these commands use no
syntax it refuses, so today they pass: every case is a strict xfail. When the
bashlex analyser lands they must all be blocked — remove the marker
then. Commands the interim analyser cannot read and that name spec.yaml are
blocked already (test_spec_phase_gate.py).
"""

from __future__ import annotations

import pytest
from _team_support import bash, set_config, workspace


SPEC = "phase: initialized\nfeature_name: login\n"


@pytest.fixture
def ws(installed):
    workspace(installed)
    spec_dir = installed.root / ".sdd" / "project" / "specs" / "login"
    spec_dir.mkdir(parents=True)
    (spec_dir / "spec.yaml").write_text(SPEC)
    (installed.root / "new.yaml").write_text("phase: implementation-complete\n")
    return installed


@pytest.mark.parametrize("command", [
    "tee .sdd/project/specs/login/spec.yaml",
    "cp new.yaml .sdd/project/specs/login/spec.yaml",
    "mv new.yaml .sdd/project/specs/login/spec.yaml",
    "sed -i s/initialized/implementation-complete/ .sdd/project/specs/login/spec.yaml",
    "cp new.yaml .sdd/project/specs/other/spec.yaml",
    "dd if=new.yaml of=.sdd/project/specs/login/spec.yaml",
    "cp new.yaml .SDD/project/specs/login/SPEC.yaml",
])
def test_bash_writes_to_spec_yaml_are_blocked(ws, command):
    result = bash(ws, command)
    assert result.code == 2, result
    assert "[playgate:spec-phase-gate]" in result.stderr


def test_configured_spec_paths_for_bash(ws):
    set_config(ws.root, spec_paths=["specs/**/spec.yml"])
    (ws.root / "specs" / "a").mkdir(parents=True)
    result = bash(ws, "cp new.yaml specs/a/spec.yml")
    assert result.code == 2 and "[playgate:spec-phase-gate]" in result.stderr
