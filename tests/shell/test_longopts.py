"""Long options as the program reads them (shell/longopts.py).

One matcher applies each program's abbreviation rule (GNU getopt_long and
git's parse-options: any unambiguous prefix; git's revision options and a
few programs: exact names only) to every modelled program's long options,
before its handler reads them. Properties:

* the matcher: any unambiguous prefix of an option in a program's table is
  that option, an ambiguous one is left as written;
* the read-only table: a command is read-only with an abbreviated option
  exactly when it is with the option spelled in full;
* every family: each BLOCK row and WRITES row of the family tests, with any
  of its long options abbreviated, is judged as with the full spelling.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from draws import examples

from shell import analyse, longopts
from shell.longopts_data import TABLES
from shell.readonly import READ_ONLY

ROOT = "/tmp/playgate-longopts"
PROGRAMS = sorted(p for p in TABLES if p not in longopts.EXACT)


def _prefixes(program: str, option: str) -> list:
    """Every prefix of ``option`` (at least one letter after ``--``) that
    names it alone in ``program``'s table."""
    options = longopts.table(program)
    out = []
    for k in range(3, len(option)):
        p = option[:k]
        if p not in options and [o for o in options if o.startswith(p)] == [option]:
            out.append(p)
    return out


@st.composite
def _abbreviations(draw):
    program = draw(st.sampled_from(PROGRAMS))
    option = draw(st.sampled_from(sorted(longopts.table(program))))
    prefixes = _prefixes(program, option)
    assume(prefixes)
    return program, option, draw(st.sampled_from(prefixes))


@settings(max_examples=examples(500), deadline=None)
@given(case=_abbreviations(), value=st.sampled_from(["", "=x", "=a=b", "="]))
def test_an_unambiguous_prefix_is_the_option(case, value):
    program, option, prefix = case
    assert longopts.expand(program, prefix + value) == option + value


@settings(max_examples=examples(300), deadline=None)
@given(program=st.sampled_from(PROGRAMS), data=st.data())
def test_exact_and_ambiguous_spellings_stay_as_written(program, data):
    options = sorted(longopts.table(program))
    option = data.draw(st.sampled_from(options))
    assert longopts.expand(program, option) is None
    for k in range(3, len(option)):
        p = option[:k]
        if p not in options and len([o for o in options if o.startswith(p)]) > 1:
            assert longopts.expand(program, p) is None, (program, p)


def test_git_negations_and_exact_programs():
    assert longopts.expand("git commit", "--no-verif") == "--no-verify"
    assert longopts.expand("git push", "--force-w") == "--force-with-lease"
    assert longopts.expand("git push", "--forc") is None      # git refuses it as ambiguous
    assert longopts.expand("git log", "--onel") is None        # revision options: exact only
    assert longopts.expand("sort", "--outp=x") == "--output=x"
    assert longopts.expand("cp", "--li") == "--link"


# ------------------------------------------------------------------ the read-only table

def _ro(command: str) -> bool:
    return analyse(command, root=ROOT, cwd=ROOT, home="/root").read_only


READ_ONLY_PROGRAMS = sorted(p for p in READ_ONLY if p in TABLES and p not in longopts.EXACT)


@st.composite
def _read_only_cases(draw):
    program = draw(st.sampled_from(READ_ONLY_PROGRAMS))
    option = draw(st.sampled_from(sorted(longopts.table(program))))
    prefixes = _prefixes(program, option)
    assume(prefixes)
    return program, option, draw(st.sampled_from(prefixes))


@settings(max_examples=examples(400), deadline=None, suppress_health_check=list(HealthCheck))
@given(case=_read_only_cases(), value=st.sampled_from(["", "=out.txt", " out.txt"]))
def test_read_only_table_reads_abbreviations_as_the_option(case, value):
    program, option, prefix = case
    full = f"{program} {option}{value} README.md"
    short = f"{program} {prefix}{value} README.md"
    assert _ro(short) == _ro(full), (short, full)


# ------------------------------------------------------------------ every family

FAMILY_FILES = sorted(Path(__file__).parent.glob("test_family_*.py"))
_LONG = re.compile(r"(?<![\w-])(--[a-z][a-z0-9-]+)")


def _rows() -> list:
    rows = []
    for path in FAMILY_FILES:
        mod = importlib.import_module(path.stem)
        for row in getattr(mod, "BLOCK", ()):
            rows.append((path.stem, row[0]))
        for row in getattr(mod, "WRITES", ()):
            rows.append((path.stem, row[0]))
    return rows


def _abbreviable(command: str) -> list:
    """``[(option, [prefixes])]`` for each long option in ``command`` that a
    command of it has in its table."""
    analysis = analyse(command, root=ROOT, cwd=ROOT, home="/root")
    out = []
    for cmd in analysis.commands:
        program = cmd.key
        if program == "git" and cmd.git_subcommand:
            program = f"git {cmd.git_subcommand}"
        if program in longopts.EXACT or longopts.table(program) is None:
            continue
        for arg in cmd.argv[1:]:
            name = arg.split("=", 1)[0]
            if name in longopts.table(program) and name in command:
                prefixes = _prefixes(program, name)
                if prefixes:
                    out.append((name, prefixes))
    return out


CASES = [(fam, cmd, opt, prefixes) for fam, cmd in _rows()
         for opt, prefixes in _abbreviable(cmd)]


def _judged(command: str) -> tuple:
    a = analyse(command, root=ROOT, cwd=ROOT, home="/root")
    return (bool(a.unknown), sorted({f.kind for f in a.destructive}),
            sorted({(w.rel or w.abs or "?", w.kind) for w in a.writes}))


def test_the_family_rows_have_long_options_to_abbreviate():
    assert len(CASES) >= 15, CASES


@pytest.mark.parametrize("family,command,option,prefixes", CASES,
                         ids=[f"{c[0]}:{c[2]}" for c in CASES])
def test_every_family_judges_an_abbreviation_as_the_option(family, command, option, prefixes):
    expected = _judged(command)
    for prefix in prefixes:
        short = re.sub(r"(?<![\w-])" + re.escape(option) + r"(?![\w-])", prefix, command,
                       count=1)
        assert _judged(short) == expected, (family, short, command)
