"""The bypass-family corpus (tests/corpus/bash_corpus.py) through the Bash chain.

Three ways, from cheapest to most faithful:

* every case in-process through ``events.runtime.evaluate`` (the worktree's
  code);
* every case through the *installed* suite (``<repo>/.claude``) in one
  subprocess;
* a sample covering every family, blocked and allowed, through the registered
  hook command run by ``sh -c`` exactly as Claude Code runs it.
"""

from __future__ import annotations

import pytest
from bashenv import make_workspace
from corpus.bash_corpus import CASES

FAMILIES = "ABCDEFG"


@pytest.fixture(scope="module")
def ws(tmp_path_factory):
    return make_workspace(tmp_path_factory.mktemp("bash-corpus"))


def _id(case) -> str:
    family, expected, command = case
    short = command.replace("\n", "\\n")[:40]
    return f"{family}-{expected}-{short}"


def test_corpus_covers_every_family_both_ways():
    assert len(CASES) >= 400
    for family in FAMILIES:
        blocked = [c for c in CASES if c[0] == family and c[1] == "block"]
        allowed = [c for c in CASES if c[0] == family and c[1] == "allow"]
        assert len(blocked) >= 20, (family, len(blocked))
        assert len(allowed) >= 10, (family, len(allowed))
    commands = [c[2] for c in CASES]
    assert len(commands) == len(set(commands)), "duplicate corpus entries"


@pytest.mark.parametrize("case", CASES, ids=[_id(c) for c in CASES])
def test_corpus_case(ws, case):
    family, expected, command = case
    code, err, out = ws.decide(command)
    assert code in (0, 2), (code, err, out)
    if expected == "block":
        assert code == 2, f"family {family}: not blocked: {command!r}\n{out}"
        # Every BLOCK message says what was found and what to do next.
        assert err.startswith("[playgate"), err
        assert len(err) > 80 and err.count(".") >= 2, err
    else:
        assert code == 0, f"family {family}: blocked: {command!r}\n{err}"


def test_corpus_through_installed_suite(ws):
    results = ws.decide_many([c[2] for c in CASES])
    wrong = []
    for (family, expected, command), (code, err) in zip(CASES, results):
        got = "block" if code == 2 else "allow"
        if got != expected or code not in (0, 2):
            wrong.append((family, expected, command[:80], code, err[:200]))
    assert not wrong, wrong


def _sample():
    out = []
    for family in FAMILIES:
        for expected in ("block", "allow"):
            cases = [c for c in CASES if c[0] == family and c[1] == expected]
            step = max(1, len(cases) // 4)
            out.extend(cases[::step][:4])
    return out


SAMPLE = _sample()


@pytest.mark.parametrize("case", SAMPLE, ids=[_id(c) for c in SAMPLE])
def test_corpus_sample_through_hook_command(ws, case):
    """The registered command (``sh -c '<python> .claude/hooks/pre_tool_use.py
    || exit 2'``) with the JSON payload on stdin, as Claude Code runs it."""
    family, expected, command = case
    result = ws.tool("Bash", {"command": command})
    assert "Traceback" not in result.stderr, result
    if expected == "block":
        assert result.code == 2, (family, command, result)
        assert "bash-check" in result.stderr or "[playgate" in result.stderr, result
    else:
        assert result.code == 0, (family, command, result)


def test_sample_covers_every_family():
    for family in FAMILIES:
        assert any(c[0] == family and c[1] == "block" for c in SAMPLE)
        assert any(c[0] == family and c[1] == "allow" for c in SAMPLE)
