"""shell.opts.OptionWalk: the option loop the interpreters and awk read their
options with: it stops where getopt would, at ``--`` (stepped
over) or the first operand, and leaves to the loop body what it reads itself."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from shell.model import Word
from shell.opts import OptionWalk

VALUES = ("-v", "--assign")
_WORDS = st.lists(st.sampled_from(["-v", "--assign", "x=1", "-n", "-nv", "--", "-", "file",
                                   "--long", "-e", "prog", ""]), max_size=8)


def words(*values):
    return [Word.literal(v) for v in values]


def reference(values: list, takes) -> tuple:
    """The hand-written loop OptionWalk replaced, with a body that reads nothing:
    the words the body saw (the options, then the first operand if any) and the
    index where the operands start."""
    seen = []
    i = 0
    while i < len(values):
        v = values[i]
        if v == "--":
            i += 1
            break
        if v in takes:
            seen.append(v)
            i += 2
            continue
        seen.append(v)
        if v.startswith("-") and len(v) > 1:
            i += 1
            continue
        break
    return seen, i


@given(_WORDS)
def test_a_walk_that_reads_nothing_stops_where_getopt_would(values):
    walk = OptionWalk(words(*values), VALUES)
    seen = [w.value for w in walk]
    expect_seen, start = reference(values, VALUES)
    assert seen == expect_seen
    assert [w.value for w in walk.rest()] == values[start:]


def test_the_body_reads_its_own_options_and_values():
    args = words("-e", "-v", "x", "-n", "-f", "prog", "file", "-z")
    walk = OptionWalk(args, VALUES)
    read = []
    for w in walk:
        if w.value == "-f":
            read.append(args[walk.i + 1].value)
            walk.i += 2
    assert read == ["prog"]
    assert [w.value for w in walk.rest()] == ["file", "-z"]


def test_break_ends_the_walk_where_the_body_left_it():
    args = words("-n", "-c", "code", "-n", "arg")
    walk = OptionWalk(args)
    for w in walk:
        if w.value == "-c":
            walk.i += 2
            break
    assert [w.value for w in walk.rest()] == ["-n", "arg"]


def test_double_dash_is_stepped_over_and_a_lone_dash_is_an_operand():
    walk = OptionWalk(words("-n", "--", "-x"))
    assert [w.value for w in walk] == ["-n"]
    assert [w.value for w in walk.rest()] == ["-x"]
    walk = OptionWalk(words("-", "-x"))
    assert [w.value for w in walk] == ["-"]  # the body sees it; left unread, it ends the walk
    assert [w.value for w in walk.rest()] == ["-", "-x"]
