"""The files family (file operations; shell/families/files.py): commands it must block and commands
that must stay allowed, through the analysis, bash-check and the installed hook (see familykit)."""

from __future__ import annotations

import os

from familykit import A, REPO, family_tests, workspace_fixture

FAMILY = "files"

#: (command, finding kind or "unknown"[, command family when not this one])
BLOCK = [
    ("rm -rf /", "rm-recursive"),
    ("rm -rf ~", "rm-recursive"),
    ("rm -rf ..", "rm-recursive"),
    ("rm -rf /tmp", "rm-recursive"),
    ("rm -rf /etc/nginx", "rm-recursive"),
    ("rm --no-preserve-root -rf /", "rm-recursive"),
    ("chmod -R 777 /", "chmod-system"),
    ("chown -R nobody /usr", "chmod-system"),
    ("dd if=/dev/zero of=/dev/sda", "disk"),
    ("cp /tmp/x /etc/passwd", "system-write"),
    ("ln -s / build-link && rm -rf build-link/", "rm-recursive"),
    ("shred -u ~/.ssh/id_rsa", "rm-recursive"),
    ("truncate -s0 /etc/hosts", "system-write"),
    ("tee /etc/hosts < data.txt", "system-write"),
    ('rm -rf "$UNSET"', "rm-recursive"),
    ("mv ~/.bashrc /tmp/x", "rm-recursive"),
]

#: Commands that must stay allowed.
ALLOW = [
    "rm -rf build",
    "rm -rf /tmp/playgate-test-dir",
    "mkdir -p build/out",
    "cp README.md docs/",
    "mv src/old.py src/older.py",
    "touch src/new.py",
    "chmod +x scripts/build.sh",
    "ln -s src/app.py app-link.py",
    "tee /tmp/out.txt < data.txt",
]

#: (command, how, path it writes relative to the repository)
WRITES = [
    ("echo x | tee -a out.txt", "tee -a", "out.txt"),
    ("cp a.txt out.txt", "cp", "out.txt"),
    ("mv a.txt out.txt", "mv", "out.txt"),
    ("dd if=a of=out.txt", "dd of=", "out.txt"),
    ("truncate -s0 out.txt", "truncate", "out.txt"),
    ("install -m 644 a out.txt", "install", "out.txt"),
]

family_ws = workspace_fixture()
globals().update(family_tests(FAMILY, BLOCK, ALLOW, WRITES))


def test_mv_into_directory_and_delete_of_source():
    a = A("mv tests /tmp")
    kinds = {(w.kind, w.abs) for w in a.writes}
    assert ("delete", os.path.join(REPO, "tests")) in kinds
    assert ("write", "/tmp/tests") in kinds


def test_symlink_created_in_the_same_command_is_followed():
    a = A("ln -s / build-link && rm -rf build-link/")
    assert a.destructive and a.destructive[0].kind == "rm-recursive"
