"""The packages family (package managers that change an environment; shell/families/packages.py):
commands it must block and commands that must stay allowed, through the analysis, bash-check and
the installed hook (see familykit)."""

from __future__ import annotations

import pytest
from familykit import (A, assert_allowed, assert_blocked, assert_flagged, assert_not_flagged,
                       assert_through_hook, ids, rows, workspace_fixture)

FAMILY = "packages"

#: (command, finding kind or "unknown"[, command family when not this one])
BLOCK = [
    ("pip install --prefix /usr evil", "system-write"),
    ("pip3 install --root / x", "system-write"),
    ("python3 -m pip install --target /etc x", "system-write", "interpreters"),
]

#: Commands that must stay allowed.
ALLOW = [
    "pip install requests",
    "pip list",
    "pip3 show pyyaml",
    "pip install -r requirements.txt",
]

family_ws = workspace_fixture()


@pytest.mark.parametrize("command,kind,command_family", rows(BLOCK), ids=ids(BLOCK))
def test_block_analysis(family_ws, command, kind, command_family):
    assert_flagged(family_ws, FAMILY, command, kind, command_family)


@pytest.mark.parametrize("command,kind,command_family", rows(BLOCK), ids=ids(BLOCK))
def test_block_bash_check(family_ws, command, kind, command_family):
    assert_blocked(family_ws, command)


@pytest.mark.parametrize("command", ALLOW, ids=ids(ALLOW))
def test_allow_analysis(family_ws, command):
    assert_not_flagged(family_ws, command)


@pytest.mark.parametrize("command", ALLOW, ids=ids(ALLOW))
def test_allow_bash_check(family_ws, command):
    assert_allowed(family_ws, command)


def test_samples_through_the_installed_hook(family_ws):
    assert_through_hook(family_ws, BLOCK, ALLOW)


def test_pip_into_the_suite_environment_writes_it():
    a = A(".claude/.venv/bin/pip uninstall -y bashlex")
    assert any(w.rel == ".claude/.venv" and w.recursive for w in a.writes)
    a = A("pip install --target .claude/hooks evil")
    assert any(w.rel == ".claude/hooks" for w in a.writes)
