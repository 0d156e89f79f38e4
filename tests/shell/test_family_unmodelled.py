"""The unmodelled family (programs the analysis does not model; shell/families/unmodelled.py):
commands it must block and commands that must stay allowed, through the analysis, bash-check and
the installed hook (see familykit)."""

from __future__ import annotations

import pytest
from familykit import (assert_allowed, assert_blocked, assert_flagged, assert_not_flagged,
                       assert_through_hook, ids, rows, workspace_fixture)

FAMILY = "unmodelled"

#: (command, finding kind or "unknown"[, command family when not this one])
BLOCK = [
    ("eatmydata rm -rf /", "rm-recursive", "files"),
    ("foo --exec 'rm -rf /'", "rm-recursive", "files"),
    ("gcc -o /usr/bin/ls x.c", "system-write"),
    ("make -o /etc/passwd", "system-write"),
]

#: Commands that must stay allowed.
ALLOW = [
    "npm install",
    "helm install web ./chart",
    "pytest -q",
    "make test",
    "cargo build",
    "ls -la",
    "cat README.md",
    "grep -rn TODO src",
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
