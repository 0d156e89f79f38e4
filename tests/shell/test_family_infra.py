"""The infra family (infrastructure and containers; shell/families/infra.py): commands it must
block and commands that must stay allowed, through the analysis, bash-check and the installed
hook (see familykit)."""

from __future__ import annotations

import pytest
from familykit import (assert_allowed, assert_blocked, assert_flagged, assert_not_flagged,
                       assert_through_hook, ids, rows, workspace_fixture)

FAMILY = "infra"

#: (command, finding kind or "unknown"[, command family when not this one])
BLOCK = [
    ("terraform destroy -auto-approve", "infra-destroy"),
    ("tofu destroy", "infra-destroy"),
    ("terragrunt apply -destroy", "infra-destroy"),
    ("kubectl delete namespace prod", "infra-destroy"),
    ("kubectl delete pods --all", "infra-destroy"),
    ("docker system prune -af", "infra-destroy"),
    ("podman volume rm data", "infra-destroy"),
    ("docker volume prune -f", "infra-destroy"),
    ("docker run -v /:/host alpine", "system-write"),
    ("kubectl exec web -- rm -rf /", "rm-recursive", "files"),
]

#: Commands that must stay allowed.
ALLOW = [
    "kubectl delete pod web-1",
    "docker system prune -f",
    "terraform plan",
    "docker rm -f c",
    "kubectl get pods",
    "docker build -t x .",
    "docker run --rm alpine echo hi",
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
