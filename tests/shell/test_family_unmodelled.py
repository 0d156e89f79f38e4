"""The unmodelled family (programs the analysis does not model; shell/families/unmodelled.py):
commands it must block and commands that must stay allowed, through the analysis, bash-check and
the installed hook (see familykit)."""

from __future__ import annotations

import pytest
from familykit import analyse, approved, family_tests, workspace_fixture

FAMILY = "unmodelled"

#: (command, finding kind or "unknown"[, command family when not this one])
BLOCK = [
    ("eatmydata rm -rf /", "rm-recursive", "files"),
    # environment settings before the payload, as sudo and env take them
    ("eatmydata A=1 rm -rf /", "rm-recursive", "files"),
    ("command FOO=1 FOO=1 rm -rf /", "rm-recursive", "files"),
    ("foo --exec 'rm -rf /'", "rm-recursive", "files"),
    ("gcc -o /usr/bin/ls x.c", "system-write"),
    ("make -o /etc/passwd", "system-write"),
    ("xyzwrap rm -rf /", "rm-recursive", "files"),
    ("mytool -c 'git push --force'", "force-push", "git"),
    # a command option's value written in the same word
    ("foo --command='git push --force origin main'", "force-push", "git"),
    ("foo --exec=rm -rf /", "rm-recursive", "files"),
    # a known wrapper at the start of the command option's value
    ("mytool -c 'command rm -rf /'", "rm-recursive", "files"),
    ("mytool --run='nohup git push --force'", "force-push", "git"),
    ("runner --cmd=terraform destroy -auto-approve", "infra-destroy", "infrastructure"),
    # every command of the destructive families behind an unlisted wrapper
    ("xyzwrap umount -a", "disk", "disks"),
    ("eatmydata apt-get remove -y openssh-server", "package-remove", "packages"),
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
    # Arguments of pagers and viewers, and unquoted arguments of an
    # unknown command outside a wrapper's place, are not a command
    "less git push --force",
    "more rm -rf /",
    "most git reset --hard",
    "man git push --force",
    "foo --notes rm -rf /",
    "mytool --label git push --force origin main",
]

family_ws = workspace_fixture()
globals().update(family_tests(FAMILY, BLOCK, ALLOW))


@pytest.mark.parametrize("command", ["foo --notes rm -rf /",
                                     "mytool --label git push --force origin main"])
def test_unknown_commands_receiving_a_command_are_never_approved(family_ws, command):
    # bash-check lets them through (the words are most likely data), but an
    # unknown program might run them: the permission gate asks.
    a = analyse(family_ws, command)
    assert [f.kind for f in a.carriers] == ["unknown-runner"], a.carriers
    assert not approved(family_ws, command)


@pytest.mark.parametrize("command,family", [
    ("eatmydata terraform destroy -auto-approve", "infrastructure"),
    ("xyzwrap kubectl delete namespace prod", "infrastructure"),
    ("command FOO=1 aws s3 rb s3://bucket --force", "cloud"),
])
def test_asking_families_behind_an_unlisted_wrapper(family_ws, command, family):
    # Found by the wrapper-prefix property (test_shell_hypothesis): the wrapper place was speculated
    # on only for a fixed list of program names.
    a = analyse(family_ws, command)
    assert family in [f.command_family for f in a.destructive], a.destructive
    assert not approved(family_ws, command)


def test_a_known_wrapper_in_an_unknown_programs_wrapper_place_is_followed():
    """``unknown command terraform destroy`` / ``FOO=1`` as a program name:
    a wrapper of the wrappers family in the place a wrapper takes its
    command passes the rest on, so the payload is judged (found by the
    wrapper-prefix property: ``command FOO=1 command terraform destroy``)."""
    from shell import analyse

    for command in ("command FOO=1 command terraform destroy -auto-approve",
                    "xyzwrap nohup terraform destroy", "xyzwrap env A=1 rm -rf /"):
        a = analyse(command, "/work/project", "/work/project", "/home/u")
        assert a.destructive, command
    a = analyse("xyzwrap --notes command rm -rf /", "/work/project", "/work/project", "/home/u")
    assert not a.destructive and [f.kind for f in a.carriers] == ["unknown-runner"]


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from draws import examples  # noqa: E402

_PAYLOADS = ["rm -rf /", "terraform destroy -auto-approve", "umount -a", "git push --force"]
_LEADS = st.lists(st.sampled_from(["A=1", "B=2", "--", "command", "nohup", "env", "exec",
                                   "env C=3", "builtin"]), max_size=4)


@settings(max_examples=examples(200), deadline=None)
@given(wrapper=st.sampled_from(["xyzwrap", "eatmydata", "./tool", "/opt/bin/runner"]),
       lead=_LEADS, payload=st.sampled_from(_PAYLOADS))
def test_what_an_unknown_wrapper_passes_on_is_still_judged(wrapper, lead, payload):
    """Environment settings, ``--`` and known wrappers between an unlisted
    wrapper and a destructive payload never hide it (a lone ``--`` after
    the wrapper did)."""
    from shell import analyse

    command = " ".join([wrapper, *lead, payload])
    bare = analyse(payload, "/work/project", "/work/project", "/home/u")
    a = analyse(command, "/work/project", "/work/project", "/home/u")
    assert {f.kind for f in bare.destructive} <= {f.kind for f in a.destructive} or a.unknown, \
        command


@settings(max_examples=examples(200), deadline=None)
@given(wrapper=st.sampled_from(["xyzwrap", "mytool", "./tool", "/opt/bin/runner"]),
       option=st.sampled_from(["-c", "-e", "--exec", "--cmd", "--command", "--run", "--eval"]),
       joined=st.booleans(), quote=st.sampled_from(["'", '"', "' ", "'  "]),
       before=st.lists(st.sampled_from(["x", "--verbose", "-q", "A=1"]), max_size=2),
       inner=st.sampled_from(["", "sudo ", "env B=2 ", "command ", "nohup "]),
       payload=st.sampled_from(_PAYLOADS))
def test_a_command_options_value_is_judged_in_either_spelling(wrapper, option, joined, quote,
                                                              before, inner, payload):
    """To a program the analysis does not know, ``--exec 'CMD'`` and
    ``--exec='CMD'`` are the same command line wherever the option stands
    and whatever wrapper or blanks start CMD: neither hides a destructive
    CMD. (A listed wrapper's options are its own table's.)"""
    from shell import analyse

    value = f"{quote}{inner}{payload}{quote.strip()}"
    option_word = f"{option}={value}" if joined else f"{option} {value}"
    command = " ".join([wrapper, *before, option_word])
    bare = analyse(payload, "/work/project", "/work/project", "/home/u")
    a = analyse(command, "/work/project", "/work/project", "/home/u")
    assert {f.kind for f in bare.destructive} <= {f.kind for f in a.destructive} or a.unknown, \
        command
