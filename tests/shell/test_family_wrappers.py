"""The wrappers family (wrappers that run another command; shell/families/wrappers.py): commands it
must block and commands that must stay allowed, through the analysis, bash-check and the
installed hook (see familykit)."""

from __future__ import annotations

import pytest
from familykit import family_tests, workspace_fixture

FAMILY = "wrappers"

#: (command, finding kind or "unknown"[, command family when not this one])
BLOCK = [
    ("sudo rm -rf /", "rm-recursive", "files"),
    ("sudo A=1 B=2 rm -rf /", "rm-recursive", "files"),  # sudo(8): VAR=value before the command
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


def test_sudo_environment_settings_are_the_payloads_environment():
    """sudo(8) takes ``VAR=value`` operands before the command: the command is
    what follows them (``sudo A=1 npm publish`` runs npm), and a code-running
    variable set that way is a carrier like a prefix assignment."""
    import shell

    a = shell.analyse("sudo A=1 npm publish", root="/tmp", cwd="/tmp")
    assert [(c.name, c.argv, c.wrappers) for c in a.commands] == [
        ("npm", ["npm", "publish"], ["sudo"])]
    a = shell.analyse("sudo LD_PRELOAD=/tmp/x.so ls", root="/tmp", cwd="/tmp")
    assert [f.kind for f in a.carriers] == ["env"]


@pytest.mark.hypothesis  # drawn inside the test: the explore target draws it too
def test_a_code_running_setting_is_said_once_whatever_sets_it():
    """``env LD_PRELOAD=x ls``, ``sudo LD_PRELOAD=x ls`` and ``LD_PRELOAD=x ls``
    are one carrier each, naming the program whose code it changes (env's own
    wrapper used to add a second, vaguer one: "env LD_PRELOAD=... changes
    which code runs"). Property over every code-running name, the ways to set
    it and what runs under it."""
    from hypothesis import given, settings, strategies as st
    from draws import examples

    import shell
    from shell.invocation import CODE_ENV

    names = sorted(CODE_ENV) + ["LD_FOO", "DYLD_INSERT_LIBRARIES", "GIT_CONFIG_KEY_0"]
    setters = st.sampled_from(["", "env ", "env -i ", "env -u X ", "/usr/bin/env ", "env -- ",
                               "sudo ", "sudo env ", "nice env ", "timeout 5 env ",
                               "env A=1 "])
    payloads = st.sampled_from(["ls", "git status", "newprog a", "nohup ls", "env ls",
                                "timeout 5 ls", "command ls", "env -C /tmp ls", "true",
                                "'/usr/bin/ls'", "xargs ls", "python3 -c 'print(1)'"])

    @settings(max_examples=examples(300), deadline=None)
    @given(st.sampled_from(names), setters, payloads)
    def said_once(name, setter, payload):
        a = shell.analyse(f"{setter}{name}=/tmp/x {payload}", root="/tmp", cwd="/tmp")
        said = [f for f in a.carriers if f.kind == "env" and f"{name}=" in str(f.message)]
        assert len(said) == 1, (setter, name, payload, a.carriers)

    said_once()


def test_a_program_named_at_run_time_is_not_named_in_the_carrier():
    """``LD_PRELOAD=x "$X"``: the carrier says the program's name is known only
    at run time instead of showing the placeholder of the unknown word."""
    import shell
    from shell.model import DYN

    for command in ('env LD_PRELOAD=/x "$X"', 'LD_PRELOAD=/x "$X" a',
                    'export BASH_ENV=x; "$X"', 'export BASH_ENV=x; $(echo ls)'):
        said = [str(f.message) for f in shell.analyse(command, root="/tmp").carriers]
        assert said and not any(DYN in m or "  " in m for m in said), (command, said)
