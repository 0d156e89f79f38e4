"""Local stamps read back to seconds (statefiles/stamps.py): the same answer
and the same error as ``time.mktime(time.strptime(text, FORMAT))`` for any
text, without importing ``_strptime`` for the stamps the suite writes."""

from __future__ import annotations

import itertools
import subprocess
import sys
import time

import pytest
from draws import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import SUITE
from statefiles.stamps import FORMAT, local_seconds


def answer(parse, text):
    """``("ok", seconds)`` or ``("error", type)``: what ``parse(text)`` says."""
    try:
        return "ok", parse(text)
    except (ValueError, TypeError, OverflowError) as exc:
        return "error", type(exc)


def library(text):
    return answer(lambda t: time.mktime(time.strptime(t, FORMAT)), text)


def ours(text):
    return answer(local_seconds, text)


#: Stamps as the suite writes them, from any date and time.
WRITTEN = st.datetimes().map(lambda d: d.strftime(FORMAT))
#: Near-stamps: each field a number just inside or outside its range
#: (February 29th to 31st, hour 24, second 62...), zero-padded or not, or a
#: few characters, digits mostly.


def field(low: int, high: int):
    return st.one_of(st.integers(low, high).map("{:02d}".format), st.integers(low, high).map(str),
                     st.text(st.sampled_from("0123456789 +-١٢²x"), max_size=3))


NEAR = st.builds(lambda y, mo, d, h, mi, s, sep: f"{y}-{mo}-{d}{sep}{h}:{mi}:{s}",
                 st.one_of(st.sampled_from(["1900", "2000", "2024", "2026", "0000"]),
                           st.text(st.sampled_from("0123456789"), min_size=1, max_size=5)),
                 field(0, 13), field(0, 32), field(0, 25), field(0, 61), field(0, 63),
                 st.sampled_from([" ", " ", " ", "T", "  ", ""]))
MUTATED = st.tuples(WRITTEN, st.integers(0, 18), st.characters()).map(
    lambda t: t[0][:t[1]] + t[2] + t[0][t[1] + 1:])


@settings(max_examples=examples(3000), deadline=None)
@given(st.one_of(WRITTEN, NEAR, MUTATED, st.text(max_size=25)))
def test_the_answer_is_the_librarys_for_any_text(text):
    assert ours(text) == library(text), text


@pytest.mark.parametrize("text", [
    "2026-02-28 23:59:59", "2024-02-29 00:00:00", "2026-02-29 00:00:00", "1900-02-29 12:00:00",
    "2000-02-29 12:00:00", "2026-13-01 00:00:00", "2026-00-10 00:00:00", "2026-01-00 00:00:00",
    "2026-01-01 24:00:00", "2026-01-01 23:60:00", "2026-01-01 23:59:60", "2026-01-01 23:59:61",
    "2026-01-01 23:59:62", "0000-01-01 00:00:00", "2026-1-5 3:04:05", "2026-01-01T00:00:00",
    "２０２６-01-01 00:00:00", "2026-01-01 00:00:00 ", "", None, 20260101,
])
def test_edges_answer_as_the_library_does(text):
    assert ours(text) == library(text)


def test_every_field_at_and_past_the_ends_of_its_range():
    """The written shape, every combination of fields at and just past their
    ranges' ends (leap years and centuries, months, days 28 to 32, hour 24,
    minute 60, seconds 60 to 62): the fast path's range checks, all of them."""
    fields = itertools.product((0, 1, 1900, 2000, 2023, 2024, 2100, 9999), (0, 1, 2, 4, 12, 13),
                               (0, 1, 28, 29, 30, 31, 32), (0, 23, 24), (0, 59, 60),
                               (0, 59, 60, 61, 62))
    wrong = [text for text in ("{:04d}-{:02d}-{:02d} {:02d}:{:02d}:{:02d}".format(*f)
                               for f in fields) if ours(text) != library(text)]
    assert wrong == []


def test_a_written_stamp_does_not_import_strptime():
    code = ("import sys; sys.path.insert(0, sys.argv[1]);"
            "from statefiles.stamps import local_seconds;"
            "local_seconds('2026-11-29 10:00:00');"
            "print('_strptime' in sys.modules, 're' in sys.modules)")
    out = subprocess.run([sys.executable, "-S", "-c", code, str(SUITE)], capture_output=True,
                         text=True, timeout=60)
    assert out.stdout.split() == ["False", "False"], out
