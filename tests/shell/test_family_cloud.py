"""The cloud family (cloud providers' command-line tools; shell/families/cloud.py): commands it
must block and commands that must stay allowed, through the analysis, bash-check and the
installed hook (see familykit)."""

from __future__ import annotations

from familykit import family_tests, workspace_fixture

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
globals().update(family_tests(FAMILY, BLOCK, ALLOW))
