"""The archives family (archives and compressors; shell/families/archives.py): commands it must
block and commands that must stay allowed, through the analysis, bash-check and the installed
hook (see familykit)."""

from __future__ import annotations

import pytest
from familykit import (assert_allowed, assert_blocked, assert_flagged, assert_not_flagged,
                       assert_through_hook, ids, rows, workspace_fixture)

FAMILY = "archives"

#: (command, finding kind or "unknown"[, command family when not this one])
BLOCK = [
    ("tar xf x.tar -C /", "system-write"),
    ("tar -xzf a.tgz -C /etc", "system-write"),
    ("unzip x.zip -d /usr/local", "system-write"),
    ("tar --to-command='rm -rf /' -xf a.tar", "rm-recursive", "files"),
    ("tar -cf /etc/x.tar src", "system-write"),
    ("zip -TT 'rm -rf /' a.zip file.txt", "rm-recursive", "files"),
    ("7z x a.7z -o/etc", "system-write"),
    ("gzip /etc/hosts", "system-write"),
]

#: Commands that must stay allowed.
ALLOW = [
    "tar -czf /tmp/out.tgz src",
    "tar -tf a.tar",
    "tar -xzf a.tgz -C build",
    "unzip -l a.zip",
    "gzip -k data.txt",
    "zcat x.gz",
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
