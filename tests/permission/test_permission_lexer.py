"""permission.lexer: the strict reading of a command (SPEC §5 phases S0, 1, 1.5, 2, 3)."""

from __future__ import annotations

import shlex

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from draws import examples

from permission import lexer


# ---------------------------------------------------------------- S0
@pytest.mark.parametrize("command", ["ls\x00", "\x00", "ls \\u0000", "cat a\\x00b"])
def test_nul_found(command):
    assert lexer.find_nul(command)


@pytest.mark.parametrize("command", ["ls", "echo u0000", "echo x00", "ls \\\\"])
def test_nul_not_found_in_clean_text(command):
    assert lexer.find_nul(command) is None


# ---------------------------------------------------------------- 1
@pytest.mark.parametrize("ch", ["\n", "\r", "\t", "\x0b", "\x0c", "\x1b", "\x7f", "\x08", "\x85",
                                "\x9b", "\x01"])
def test_control_characters(ch):
    assert "control character" in lexer.find_bad_char(f"ls{ch}x")


@pytest.mark.parametrize("ch", ["\u00a0", "\u1680", "\u2000", "\u2003", "\u2009", "\u202f",
                                "\u205f", "\u3000", "\u2028", "\u2029"])
def test_unicode_whitespace(ch):
    found = lexer.find_bad_char(f"ls{ch}src")
    assert found is not None
    assert "whitespace" in found.lower() or "invisible" in found


@pytest.mark.parametrize("ch", ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad",
                                "\u180e", "\u202e", "\u2066", "\u200e", "\ue000", "\U000e0001"])
def test_invisible_and_format_characters(ch):
    assert lexer.find_bad_char(f"ls{ch}src")


@pytest.mark.parametrize("command", ["ls src", "cat docs/日本語.md", "grep café README.md",
                                     "echo ∑"])
def test_printable_text_is_clean(command):
    assert lexer.find_bad_char(command) is None


def test_unicode_names_in_messages():
    assert "NO-BREAK SPACE" in lexer.find_bad_char("ls\u00a0x")
    assert "LF" in lexer.find_bad_char("ls\nx")


# ---------------------------------------------------------------- 1.5
@pytest.mark.parametrize("command, rest", [
    ("ls 2>&1", "ls"),
    ("ls 2>/dev/null", "ls"),
    ("ls || true", "ls"),
    ('ls || echo "none"', "ls"),
    ("ls && echo 'done'", "ls"),
    ("ls || echo 'none'", "ls"),
    ('ls && echo "done"', "ls"),
    ("ls 2>&1 || true", "ls"),
    ("ls || true 2>&1", "ls"),
    ('ls 2>/dev/null || echo "no files here"', "ls"),
    ('ls && echo "a" && echo "b"', "ls"),
    ("ls src 2>&1 2>&1", "ls src"),
    ('ls || echo ""', "ls"),
])
def test_safe_suffixes_are_stripped(command, rest):
    got, stripped = lexer.strip_suffixes(command)
    assert got == rest
    assert stripped


@pytest.mark.parametrize("command", [
    'ls || echo "$HOME"',
    'ls || echo "`id`"',
    'ls || echo "a\\"b"',
    "ls || echo 'a'b'",
    'ls || echo "a\\b"',
    "ls || echo unquoted",
    "ls || false",
    "ls && true",
    "ls 2>&2",
    "ls 2>/dev/nullx",
    "ls 2> /dev/null",
    "ls 3>&1",
    "ls ||true",
    "ls >/dev/null",
    'ls | echo "x"',
    'ls ; echo "x"',
    "ls || echo 'x\"y'",
])
def test_unsafe_look_alikes_are_kept(command):
    got, _ = lexer.strip_suffixes(command)
    assert got == command


@pytest.mark.parametrize("command", ["|| true", " 2>&1", "   || true", '|| echo "x"'])
def test_nothing_left_means_nothing_stripped(command):
    got, stripped = lexer.strip_suffixes(command)
    assert got == command and stripped == []


def test_stripping_stops_at_the_first_unsafe_suffix():
    got, stripped = lexer.strip_suffixes("ls; echo 'x' || true")
    assert got == "ls; echo 'x'"
    assert stripped == [" || true"]


# ---------------------------------------------------------------- 2
@pytest.mark.parametrize("command", [
    "ls; id", "ls && id", "ls || id", "ls | cat", "ls |& cat", "ls & id", "ls > x",
    "ls >> x", "cat < x", "cat <<EOF", "cat <<< x", "echo $(id)", "echo `id`", "echo $HOME",
    "echo ${HOME}", "echo $[1+1]", "cat $'\\x41'", "ls ~", "ls ~root", "cat a/~b", "ls *",
    "ls ?", "ls [ab]", "ls a]", "echo {a,b}", "echo }", "(ls)", "ls )", "echo $((1))",
    "cat <(ls)", "ls >(cat)", 'echo "a;b"', "grep 'a|b' x",
])
def test_shell_syntax_found(command):
    assert lexer.find_syntax(command)


@pytest.mark.parametrize("command, what", [
    ("FOO=1 ls", "assignment"),
    ("A=1 B=2 ls", "assignment"),
    ("a=b", "assignment"),
    ('"ls" x', "command word"),
    ("'ls' x", "command word"),
    ('l"s" x', "command word"),
    ("\\ls x", "command word"),
    ("l\\s x", "command word"),
    ("ls # comment", "comment"),
    ("# ls", "comment"),
    ("  #ls", "comment"),
])
def test_assignments_quoted_command_words_and_comments(command, what):
    assert what in lexer.find_syntax(command)


@pytest.mark.parametrize("command", [
    "ls", "ls -la src", "git log --format=%h", "cat a#b", 'git commit -m "fix it"',
    "echo 'quoted words'", "grep x\\.y README.md", "ls a=b", "echo ! x", "sed s/a/b/ x",
])
def test_plain_commands_have_no_syntax(command):
    assert lexer.find_syntax(command) is None


# ---------------------------------------------------------------- 3
@pytest.mark.parametrize("command, words", [
    ("ls -la src", ["ls", "-la", "src"]),
    ("ls   src  ", ["ls", "src"]),
    ('git commit -m "fix the bug"', ["git", "commit", "-m", "fix the bug"]),
    ("echo 'a  b' c", ["echo", "a  b", "c"]),
    ('echo "a\\"b"', ["echo", 'a"b']),
    ('echo "a\\xb"', ["echo", "a\\xb"]),
    ("cat \\/etc/passwd", ["cat", "/etc/passwd"]),
    ("cat a\\ b", ["cat", "a b"]),
    ("git pu''sh", ["git", "push"]),
    ('git "push"', ["git", "push"]),
    ("echo ''", ["echo", ""]),
    ("cat '/etc/passwd'", ["cat", "/etc/passwd"]),
])
def test_split_words(command, words):
    assert lexer.split_words(command) == words


@pytest.mark.parametrize("command", ["echo 'x", 'echo "x', "echo x\\", 'echo "x\\"'])
def test_split_words_refuses_unbalanced(command):
    with pytest.raises(lexer.LexError):
        lexer.split_words(command)


_ALPHABET = st.sampled_from(list("ab/.- '\"\\") + ["x y", "--", "-c"])


@settings(max_examples=examples(400), deadline=None)
@given(st.lists(_ALPHABET, max_size=20).map("".join))
def test_split_words_agrees_with_posix_shlex(text):
    """For the alphabet phase 2 leaves (no $ or backticks), quote removal is
    POSIX shell quote removal; shlex implements the same rules there."""
    try:
        ours = lexer.split_words(text)
    except lexer.LexError:
        with pytest.raises(ValueError):
            shlex.split(text)
        return
    assert ours == shlex.split(text)


@pytest.mark.parametrize("name, ok", [
    ("ls", True), ("git", True), ("g++", True), ("python3.11", True), ("7z", True),
    ("x_y-z", True), ("!", False), (":", False), ("[[", False), ("-x", False), (".", False),
    ("ｌｓ", False), ("lś", False), ("", False), ("a@b", False), ("a=b", False),
])
def test_plain_name(name, ok):
    assert lexer.plain_name(name) is ok
