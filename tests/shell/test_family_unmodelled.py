"""The unmodelled family (programs the analysis does not model; shell/families/unmodelled.py):
commands it must block and commands that must stay allowed, through the analysis, bash-check and
the installed hook (see familykit)."""

from __future__ import annotations

from familykit import family_tests, workspace_fixture

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
globals().update(family_tests(FAMILY, BLOCK, ALLOW))
