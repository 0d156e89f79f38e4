"""The builtins family (shell builtins that change the shell's state and data commands;
shell/families/builtins.py): commands it must block and commands that must stay allowed, through
the analysis, bash-check and the installed hook (see familykit)."""

from __future__ import annotations

from familykit import family_tests, workspace_fixture

FAMILY = "builtins"

#: (command, finding kind or "unknown"[, command family when not this one])
BLOCK = [
    ("cd /; rm -rf *", "rm-recursive", "files"),
    ("cd ~ && rm -rf .", "rm-recursive", "files"),
    ("pushd / && rm -rf *", "rm-recursive", "files"),
    ('set -- rm -rf /; "$@"', "rm-recursive", "files"),
    ("export X=/; rm -rf $X", "rm-recursive", "files"),
    ("declare -i n='a[$(rm -rf /)]'", "rm-recursive", "files"),
    ("let 'x[$(rm -rf /)]'", "rm-recursive", "files"),
    ("read x; rm -rf $x", "rm-recursive", "files"),
    ("fc -s", "unknown"),
    ("enable -f /tmp/x.so evil", "unknown"),
    ("hash -p /bin/rm ls; ls", "unknown"),
]

#: Commands that must stay allowed.
ALLOW = [
    "cd src && ls",
    "export FOO=1 && echo $FOO",
    "echo rm -rf /",
    "printf '%s\\n' 'git push -f'",
    "test -f README.md && echo yes",
    "read -r line < data.txt",
    "unset X; echo done",
    "set -e; ls",
    "type rm",
    "pwd",
]

family_ws = workspace_fixture()
globals().update(family_tests(FAMILY, BLOCK, ALLOW))
