"""execution-convention: a Bash command whose first line is a ``#`` comment
is blocked (SPEC §6; seed 003 Spec 14.1: "Bash の command 引数は実行可能
ファイルで始めなければならない。# コメント行をプリペンドしてはならない。人間可読な
コンテキストは Bash tool の description パラメータを使用する").
"""

from __future__ import annotations

import pytest
from _team_support import bash, set_config, workspace
from hypothesis import given, settings
from hypothesis import strategies as st
from draws import examples
from saying import says


@pytest.fixture
def ws(installed):
    return workspace(installed)


@pytest.mark.parametrize("command, shown", [
    ("# list the files\nls", "# list the files"),
    ("#!/bin/bash\nls", "#!/bin/bash"),
    ("   # indented\nls", "# indented"),
    ("\n\n# after blank lines\nls", "# after blank lines"),
    ("\t# tab\nls", "# tab"),
    ("# crlf\r\nls", "# crlf"),
    ("#no-space\ngit status", "#no-space"),
    ("# only a comment", "# only a comment"),
    ("# one\n# two\nls -la", "# one"),
])
def test_leading_comment_line_is_blocked(ws, command, shown):
    result = bash(ws, command)
    assert result.code == 2, result
    err = result.stderr
    assert err.startswith("[playgate:execution-convention]")
    assert says(err, "execution_convention.leading_comment", comment=shown), err


def test_message_gives_the_command_to_run_instead(ws):
    err = bash(ws, "# check the tree\n\ngit status --short\nls").stderr
    assert says(err, "execution_convention.retry", command="git status --short\nls"), err
    assert err.rstrip().endswith(": git status --short\nls"), err
    assert not says(bash(ws, "# nothing else").stderr, "execution_convention.retry")


@pytest.mark.parametrize("command", [
    "ls # trailing comment",
    "echo '#1'",
    "grep '#' README.md",
    "ls\n# a comment on a later line\npwd",
    "git log --format='%h #%s' -1",
    "echo hi #",
    ": # the colon builtin is the executable",
    "cat <<'EOF'\n# data, not a comment\nEOF",
    "echo \\#literal",
])
def test_hash_inside_the_command_or_on_later_lines_is_fine(ws, command):
    result = bash(ws, command)
    assert result.code == 0, result


def test_applies_to_subagents_too(ws):
    result = bash(ws, "# why\nls", agent_id="a1", agent_type="general-purpose")
    assert result.code == 2 and "execution-convention" in result.stderr


def test_switched_off_in_config(ws):
    set_config(ws.root, execution_convention=False)
    assert bash(ws, "# why\nls").code == 0


@settings(max_examples=examples(500), deadline=None)
@given(st.text(alphabet=st.sampled_from(list(" \t\r\n#abc'\"\\;|&")), max_size=40))
def test_leading_comment_agrees_with_bash(command):
    """Oracle: the first line bash reads that is not blank starts with '#'."""
    from guards.execution_convention import leading_comment

    lines = command.replace("\r", "").split("\n")
    first = next((ln.lstrip(" \t") for ln in lines if ln.strip(" \t")), "")
    assert (leading_comment(command) is not None) == first.startswith("#")
