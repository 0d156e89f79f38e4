"""The cloud family (cloud providers' command-line tools; shell/families/cloud.py): commands it
must block and commands that must stay allowed, through the analysis, bash-check and the
installed hook (see familykit)."""

from __future__ import annotations

import pytest
from familykit import (assert_allowed, assert_blocked, assert_flagged, assert_not_flagged,
                       assert_through_hook, ids, rows, workspace_fixture)

FAMILY = "cloud"

#: (command, finding kind or "unknown"[, command family when not this one])
BLOCK = [
    ("aws s3 rm s3://bucket --recursive", "infra-destroy"),
    ("aws s3 rb s3://bucket --force", "infra-destroy"),
    ("gcloud projects delete my-proj", "infra-destroy"),
]

#: Commands that must stay allowed.
ALLOW = [
    "aws s3 ls",
    "aws s3 cp data.txt s3://bucket/",
    "gcloud config list",
    "aws sts get-caller-identity",
    "gcloud compute instances list",
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
