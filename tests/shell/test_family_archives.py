"""The archives family (archives and compressors; shell/families/archives.py): commands it must
block and commands that must stay allowed, through the analysis, bash-check and the installed
hook (see familykit)."""

from __future__ import annotations

from familykit import family_tests, workspace_fixture

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
globals().update(family_tests(FAMILY, BLOCK, ALLOW))
