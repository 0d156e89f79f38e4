"""The text family (text tools that can write files or run commands; shell/families/text.py):
commands it must block and commands that must stay allowed, through the analysis, bash-check and
the installed hook (see familykit)."""

from __future__ import annotations

from familykit import family_tests, workspace_fixture

FAMILY = "text"

#: (command, finding kind or "unknown"[, command family when not this one])
BLOCK = [
    ("sed -i s/a/b/ /etc/hosts", "system-write"),
    ("sed -n 'w /etc/passwd' data.txt", "system-write"),
    ('awk \'{system("rm -rf /")}\' data.txt', "rm-recursive", "files"),
    ('awk \'BEGIN{print "x" > "/etc/hosts"}\'', "system-write"),
    ("sort -o /etc/hosts data.txt", "system-write"),
    ("sed 's/x/y/e' data.txt", "unknown"),
    ("split --filter='rm -rf /' data.txt", "rm-recursive", "files"),
    ("patch /etc/hosts < x.diff", "system-write"),
]

#: Commands that must stay allowed.
ALLOW = [
    "sed -n 1,5p README.md",
    "sed -i s/foo/bar/ file.txt",
    "awk '{print $1}' data.txt",
    "sort -u data.txt",
    "diff README.md file.txt",
    "uniq data.txt",
]

#: (command, how, path it writes relative to the repository)
WRITES = [
    ("sed -i s/a/b/ out.txt", "sed -i", "out.txt"),
    ("sort -o out.txt a", "sort -o", "out.txt"),
    ('awk \'{print > "out.txt"}\' a', "awk print >", "out.txt"),
]

family_ws = workspace_fixture()
globals().update(family_tests(FAMILY, BLOCK, ALLOW, WRITES))
