"""The gh family (GitHub's CLI; shell/families/gh.py): commands it must block and commands that
must stay allowed, through the analysis, bash-check and the installed hook (see familykit)."""

from __future__ import annotations

import pytest
from familykit import (assert_allowed, assert_blocked, assert_flagged, assert_not_flagged,
                       assert_through_hook, ids, rows, workspace_fixture)

FAMILY = "gh"

#: (command, finding kind or "unknown"[, command family when not this one])
BLOCK = [
    ("gh repo delete owner/repo --yes", "gh-delete"),
    ("gh release delete v1", "gh-delete"),
    ("gh issue delete 12", "gh-delete"),
    ("gh api -X DELETE repos/o/r", "http-delete"),
    ("gh api --method DELETE /x", "http-delete"),
    ("gh repo archive o/r", "gh-delete"),
    ("gh alias set --shell nuke 'rm -rf /'", "rm-recursive", "files"),
]

#: Commands that must stay allowed.
ALLOW = [
    "gh pr list",
    "gh pr view 12",
    "gh issue create --title x --body 'rm -rf ~'",
    "gh api repos/o/r",
    "gh pr create --fill",
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
