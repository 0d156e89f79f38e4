"""The read-only table (shell/readonly.py READ_ONLY) and the analysis agree.

Several guards let a command through because the table calls it read-only
(before a playbook, on main, on the wrong branch, for a codex lead): a
command it calls read-only must be one in which the analysis finds nothing
run, written or unknown. Each table entry reads its program's options on its
own, so the property is checked over every entry with arguments drawn from
what turns readers into writers and runners (it found sed's ``-ne1ereboot``,
which the table read as flags)."""

from __future__ import annotations

import shlex

from hypothesis import given, settings
from hypothesis import strategies as st
from draws import examples

import shell
from shell.readonly import READ_ONLY

RISKY = ["-o", "out.txt", "--output=out.txt", "--output", "-i", "--in-place", "--inplace",
         "-exec", "-execdir", "-ok", "rm", "{}", ";", "-delete", "-fprint", "x", "-w", "-e",
         "1ereboot", 's/a/b/w /tmp/o', 'system("rm -rf /")', 'BEGIN{system("x")}',
         "--pager=sh", "--pre=sh", "-v", "--", "-c", "core.pager=sh", "-n", "-f", "file",
         "/etc/passwd", "-O", "--exec=rm", "-x", ".", "-s", "config", "--global", "user.name",
         "push", "-C", "/tmp", "--file=x", "-S", "--compress-program=sh", "-T", "-u",
         "--report-file=r", "-ne1ereboot", "-es/a/b/w/tmp/o"]


@settings(max_examples=examples(1500), deadline=None)
@given(st.sampled_from(sorted(n for n in READ_ONLY if n not in ("[[", "(("))),
       st.lists(st.sampled_from(RISKY), min_size=1, max_size=4, unique=True))
def test_what_the_table_calls_read_only_the_analysis_finds_harmless(name, args):
    command = f"{name} " + " ".join(shlex.quote(a) for a in args)
    a = shell.analyse(command, root="/tmp", cwd="/tmp")
    if any(shell.is_read_only(c) for c in a.commands if c.name == name):
        assert not a.unknown, (command, a.reasons)
        assert not a.writes and not a.destructive, (command, a.writes, a.destructive)
        assert not a.carriers, (command, a.carriers)
