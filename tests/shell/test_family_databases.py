"""The databases family (databases' command-line tools; shell/families/databases.py): commands it
must block and commands that must stay allowed, through the analysis, bash-check and the
installed hook (see familykit)."""

from __future__ import annotations

import pytest
from familykit import (assert_allowed, assert_blocked, assert_flagged, assert_not_flagged,
                       assert_through_hook, ids, rows, workspace_fixture)

FAMILY = "databases"

#: (command, finding kind or "unknown"[, command family when not this one])
BLOCK = [
    ("redis-cli FLUSHALL", "infra-destroy"),
    ("redis-cli -h host flushdb", "infra-destroy"),
    ("dropdb mydb", "infra-destroy"),
]

#: Commands that must stay allowed.
ALLOW = [
    "redis-cli GET key",
    "redis-cli ping",
    "redis-cli info",
    "redis-cli -n 2 keys 'x*'",
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
