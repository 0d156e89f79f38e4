"""The wrappers family (wrappers that run another command; shell/families/wrappers.py): commands it
must block and commands that must stay allowed, through the analysis, bash-check and the
installed hook (see familykit)."""

from __future__ import annotations

from familykit import family_tests, workspace_fixture

FAMILY = "wrappers"

#: (command, finding kind or "unknown"[, command family when not this one])
BLOCK = [
    ("sudo rm -rf /", "rm-recursive", "files"),
    ("env git push -f", "force-push", "git"),
    ("timeout 10 rm -rf ~", "rm-recursive", "files"),
    ("nice -n 5 dd if=/dev/zero of=/dev/sda", "disk", "files"),
    ("nohup rm -rf / &", "rm-recursive", "files"),
    ("command rm -rf /", "rm-recursive", "files"),
    ("exec rm -rf /", "rm-recursive", "files"),
    ("su -c 'rm -rf /'", "rm-recursive", "files"),
    ("env -S 'rm -rf /'", "rm-recursive", "files"),
    ("flock /tmp/lock -c 'git reset --hard'", "git-history", "git"),
    ("watch 'rm -rf /'", "rm-recursive", "files"),
    ("busybox rm -rf /", "rm-recursive", "files"),
    ("uv run rm -rf ~", "rm-recursive", "files"),
    ('nice ' * 15 + 'ls', 'depth-limit', 'shell'),
]

#: Commands that must stay allowed.
ALLOW = [
    "timeout 5 pytest -q",
    "env FOO=1 ls",
    "nice -n 10 make",
    "time ls",
    "command -v git",
    "uv run pytest",
    "nohup sleep 1 &",
    "sudo ls /root",
]

family_ws = workspace_fixture()
globals().update(family_tests(FAMILY, BLOCK, ALLOW))
