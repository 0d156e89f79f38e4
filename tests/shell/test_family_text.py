"""The text family (text tools that can write files or run commands; shell/families/text.py):
commands it must block and commands that must stay allowed, through the analysis, bash-check and
the installed hook (see familykit)."""

from __future__ import annotations

import shlex

import pytest
from familykit import A, family_tests, workspace_fixture
from hypothesis import given, settings
from hypothesis import strategies as st
from draws import examples

from permission import carriers

FAMILY = "text"

#: (command, finding kind or "unknown"[, command family when not this one])
BLOCK = [
    ("sed -i s/a/b/ /etc/hosts", "system-write"),
    ("sed -n 'w /etc/passwd' data.txt", "system-write"),
    ('awk \'{system("rm -rf /")}\' data.txt', "rm-recursive", "files"),
    ('awk \'BEGIN{print "x" > "/etc/hosts"}\'', "system-write"),
    ("sort -o /etc/hosts data.txt", "system-write"),
    ("sed 's/x/y/e' data.txt", "unknown"),
    # sed's options read as GNU sed reads them (shell.sed): a script glued
    # to -e, after a flag bundle, or after --
    ("sed -es/a/b/w/etc/passwd data.txt", "system-write"),
    ("sed -ne1ereboot data.txt", "unknown"),
    ("sed --expr='1e reboot' data.txt", "unknown"),
    ("sed -- 's/x/y/w /etc/passwd' data.txt", "system-write"),
    ("split --filter='rm -rf /' data.txt", "rm-recursive", "files"),
    ("patch /etc/hosts < x.diff", "system-write"),
]

#: Commands that must stay allowed.
ALLOW = [
    "sed -n 1,5p README.md",
    "sed -i s/foo/bar/ file.txt",
    "sed -e 's/a/b/' -- -e.txt",
    "awk '{print $1}' data.txt",
    "sort -u data.txt",
    "diff README.md file.txt",
    "uniq data.txt",
]

#: (command, how, path it writes relative to the repository)
WRITES = [
    ("sed -i s/a/b/ out.txt", "sed -i", "out.txt"),
    ("sed -nis/a/b/ -e p out.txt", "sed -i", "out.txt"),
    ("sed -i '' s/a/b/ out.txt", "sed -i", "out.txt"),
    ("sort -o out.txt a", "sort -o", "out.txt"),
    ('awk \'{print > "out.txt"}\' a', "awk print >", "out.txt"),
]

family_ws = workspace_fixture()
globals().update(family_tests(FAMILY, BLOCK, ALLOW, WRITES))


_SED_WORDS = st.lists(st.sampled_from([
    "-n", "-e", "-i", "-ibak", "-ni", "-ie", "-ei", "-s", "-E", "-l", "-z", "--", "-",
    "--expression", "--expression=p", "--expr", "--quiet", "--in-place", "--line-length",
    "p", "1d", "s/a/b/", "s/a/b/e", "1e reboot", "s/a/b/w out.txt", "w out.txt", "data.txt",
    "-es/a/b/w out.txt", "-ne1ereboot", "--expression=1e reboot", "",
]), max_size=6)


@settings(max_examples=examples(300), deadline=None)
@given(_SED_WORDS)
def test_sed_runs_or_writes_where_the_gate_sees_it_do_so(words):
    # The analysis (bash-check) and the permission gate's sed check read sed's
    # arguments with one reader: what the gate refuses because the script runs
    # a command or writes a file, the analysis flags too.
    reason = carriers.sed_problem(words) or ""
    a = A("sed " + " ".join(shlex.quote(w) for w in words))
    families = {f.kind for f in a.carriers}
    if "runs" in reason or "shell command" in reason:
        assert "sed-exec" in families and a.unknown, (words, reason, families)
    if "writes a file" in reason:
        assert "sed-write" in families, (words, reason, families)


@pytest.mark.hypothesis  # drawn inside the test: the explore target draws it too
def test_sed_is_read_only_only_when_the_analysis_finds_nothing_it_runs_or_writes():
    """The read-only table's sed check and the analysis read sed's arguments
    with one reader (shell.sed), so a command the check calls read-only
    (which lets it through before a playbook, on main, on the wrong branch)
    is one where the analysis finds no command run, no file written and
    nothing unknown: ``sed -ne1ereboot data.txt`` is not read-only. Property
    over generated sed argument lists."""
    from hypothesis import given, settings, strategies as st

    import shell

    tokens = st.sampled_from([
        "-n", "-E", "-s", "-e", "-ne", "-ne1ereboot", "-es/a/b/w/tmp/x", "--expression=p",
        "--expression=1ereboot", "--expr", "-i", "-i.bak", "-f", "--", "-z", "-l", "5",
        "p", "1ereboot", "s/a/b/w /tmp/out", "s/a/b/e", "w out", "1,5p", "/x/d", "y/ab/cd/",
        "f", "data.txt", "README.md",
    ])

    @settings(max_examples=examples(400), deadline=None)
    @given(st.lists(tokens, min_size=1, max_size=5))
    def agrees(args):
        command = "sed " + " ".join(shlex.quote(a) for a in args)
        a = shell.analyse(command, root="/tmp", cwd="/tmp")
        if any(shell.is_read_only(c) for c in a.commands if c.name == "sed"):
            assert not a.unknown and not a.writes, (command, a.reasons)
            assert not [c for c in a.carriers if c.kind.startswith("sed")], (command, a.carriers)

    agrees()


def test_sed_input_files_are_not_read_as_scripts():
    """The read-only check reads sed's scripts where sed does: ``words.txt``
    after ``sed -n p`` is an input file, not a ``w`` command, so printing a
    file whose name starts with w stays read-only; the first operand is the
    script when no -e comes before it."""
    import shell

    def read_only(command):
        return all(shell.is_read_only(c) for c in shell.analyse(command, root="/tmp").commands)

    assert read_only("sed -n p words.txt") and read_only("sed -n 1,5p west.txt")
    assert read_only("sed -e p words.txt") and read_only("sed -n -e p -- w")
    assert not read_only("sed words.txt") and not read_only("sed west.txt -e p")
