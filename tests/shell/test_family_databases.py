"""The databases family (databases' command-line tools; shell/families/databases.py): commands it
must block and commands that must stay allowed, through the analysis, bash-check and the
installed hook (see familykit)."""

from __future__ import annotations

from familykit import family_tests, workspace_fixture

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
globals().update(family_tests(FAMILY, BLOCK, ALLOW))
