"""The fanout family (fan-out runners; shell/families/fanout.py): commands it must block and
commands that must stay allowed, through the analysis, bash-check and the installed hook (see
familykit)."""

from __future__ import annotations

from familykit import family_tests, workspace_fixture

FAMILY = "fanout"

#: (command, finding kind or "unknown"[, command family when not this one])
BLOCK = [
    ("find / -delete", "rm-recursive"),
    ("find ~ -name '*.txt' -delete", "rm-recursive"),
    ("find . -exec rm -rf / \\;", "rm-recursive", "files"),
    ("echo / | xargs rm -rf", "rm-recursive", "files"),
    ("ls / | xargs rm -rf", "rm-recursive", "files"),
    ("xargs -I{} rm -rf {} < data.txt", "rm-recursive", "files"),
    ("parallel rm -rf ::: / ~", "rm-recursive", "files"),
    ("find . -name x -exec git push --force \\;", "force-push", "git"),
]

#: Commands that must stay allowed.
ALLOW = [
    "find . -name '*.py'",
    "find build -name '*.o' -delete",
    "find . -type f | xargs wc -l",
    "echo a b | xargs echo",
    "parallel echo ::: a b",
    "find src -name '*.pyc' -delete",
]

family_ws = workspace_fixture()
globals().update(family_tests(FAMILY, BLOCK, ALLOW))
