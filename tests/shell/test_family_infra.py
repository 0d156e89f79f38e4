"""The infra family (infrastructure and containers; shell/families/infra.py): commands it must
block and commands that must stay allowed, through the analysis, bash-check and the installed
hook (see familykit)."""

from __future__ import annotations

from familykit import family_tests, workspace_fixture

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
globals().update(family_tests(FAMILY, BLOCK, ALLOW))
