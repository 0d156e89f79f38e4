"""The builtins family (shell builtins that change the shell's state and data commands;
shell/families/builtins.py): commands it must block and commands that must stay allowed, through
the analysis, bash-check and the installed hook (see familykit)."""

from __future__ import annotations

import pytest
from familykit import (assert_allowed, assert_blocked, assert_flagged, assert_not_flagged,
                       assert_through_hook, ids, rows, workspace_fixture)

FAMILY = "builtins"

#: (command, finding kind or "unknown"[, command family when not this one])
BLOCK = [
    ("cd /; rm -rf *", "rm-recursive", "files"),
    ("cd ~ && rm -rf .", "rm-recursive", "files"),
    ("pushd / && rm -rf *", "rm-recursive", "files"),
    ('set -- rm -rf /; "$@"', "rm-recursive", "files"),
    ("export X=/; rm -rf $X", "rm-recursive", "files"),
    ("declare -i n='a[$(rm -rf /)]'", "rm-recursive", "files"),
    ("let 'x[$(rm -rf /)]'", "rm-recursive", "files"),
    ("read x; rm -rf $x", "rm-recursive", "files"),
    ("fc -s", "unknown"),
    ("enable -f /tmp/x.so evil", "unknown"),
    ("hash -p /bin/rm ls; ls", "unknown"),
]

#: Commands that must stay allowed.
ALLOW = [
    "cd src && ls",
    "export FOO=1 && echo $FOO",
    "echo rm -rf /",
    "printf '%s\\n' 'git push -f'",
    "test -f README.md && echo yes",
    "read -r line < data.txt",
    "unset X; echo done",
    "set -e; ls",
    "type rm",
    "pwd",
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
