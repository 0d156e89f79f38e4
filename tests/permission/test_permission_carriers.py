"""permission.carriers: the gate's own code-execution checks (SPEC §5 7E, bypass family D)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from draws import examples

from permission import carriers


@pytest.mark.parametrize("args", [
    ["1eid", "f"], ["1ereboot", "f"], ["e", "f"], ["1,5e", "f"], ["/x/e", "f"], ["$e", "f"],
    ["1 e id", "f"], ["!e", "f"], ["1!e", "f"],
    ["s/a/b/e", "f"], ["s/a/b/ge", "f"], ["s|a|b|e", "f"], ["s/a/b/w", "f"],
    ["s/a/b/w/tmp/x", "f"], ["1w/tmp/x", "f"], ["w", "f"], ["W/tmp/x", "f"],
    ["1r/etc/passwd", "f"], ["R/etc/passwd", "f"], ["/x/r/etc/passwd", "f"],
    ["-e", "1eid", "f"], ["-e1eid", "f"], ["-ne", "1eid", "f"], ["-n", "-e", "s/a/b/e", "f"],
    ["--expression=1eid", "f"], ["--expression", "1eid", "f"], ["--expr=1eid", "f"],
    ["-e", "p", "-e", "1eid", "f"], ["-f", "script.sed", "f"], ["--file=script.sed", "f"],
    ["-nf", "x", "f"], ["--frobnicate", "p", "f"], ["-Q", "p", "f"], ["-e"], ["--expression"],
    ["s/a", "f"], ["s/a/b", "f"], ["s", "f"], ["s\\a\\b\\", "f"], ["/unterminated", "f"],
    ["s/a/b/x", "f"], ["k", "f"], ["-l"],
])
def test_sed_refused(args):
    assert carriers.sed_problem(args)


@pytest.mark.parametrize("args", [
    ["-n", "1,5p", "f"], ["s/a/b/", "f"], ["s/a/b/g", "f"], ["s/e/w/", "f"],
    ["s/a/b/gI2", "f"], ["/e/d", "f"], ["/w/p", "f"], ["2d", "f"], ["1,/end/d", "f"],
    ["-i", "s/a/b/", "f"], ["-i.bak", "s/a/b/", "f"], ["--in-place=.bak", "s/a/b/", "f"],
    ["-E", "s/a+/b/", "f"], ["-nE", "/x/p", "f"], ["-e", "p", "f"], ["--quiet", "p", "f"],
    ["--q", "p", "f"], ["s|/|_|g", "f"], ["s/\\/e/x/", "f"], ["y/abc/xyz/", "f"],
    ["a", "f"], ["1i", "f"], ["q", "f"], ["=", "f"], ["-n", "$=", "f"], ["--", "p", "f"],
    ["-s", "-u", "-z", "p"], ["--posix", "p"], ["-l", "80", "l"], ["--line-length=5", "l"],
    [], ["-n"], ["\\,x,d", "f"], ["1~2p", "f"], ["1,+2p", "f"], ["", "f"],
])
def test_sed_allowed(args):
    assert carriers.sed_problem(args) is None


@settings(max_examples=examples(300), deadline=None)
@given(st.text(alphabet="sewWrR/1|,! pgdx\\", max_size=12))
def test_sed_never_passes_an_e_or_w_command_or_flag(script):
    """Property: a script the checker accepts never has e/w/W/r/R where sed
    reads a command, nor e/w among the s flags (checked by a second, naive
    reading of the simple forms)."""
    if carriers.sed_script_problem(script) is not None:
        return
    stripped = script.lstrip("0123456789,! ")
    if stripped[:1] in ("e", "w", "W", "r", "R"):
        raise AssertionError(script)
    if stripped.startswith("s") and len(stripped) > 1:
        delim = stripped[1]
        if delim not in "\\\n " and stripped.count(delim) >= 3 and "\\" not in stripped:
            flags = stripped.split(delim)[3] if len(stripped.split(delim)) > 3 else ""
            assert "e" not in flags and "w" not in flags, script


@pytest.mark.parametrize("args, fragment", [
    (["xIf", "zstd", "a.tar"], "compression program"),
    (["cFf", "x", "a.tar"], "info script"),
    (["-xf", "host:a.tar"], "remote"),
    (["-x", "-f", "user@host:a.tar"], "remote"),
    (["--file=h:a.tar", "-x"], "remote"),
    (["xf", "h:a.tar"], "remote"),
])
def test_tar_refused(args, fragment):
    assert fragment in carriers.tar_problem(args)


@pytest.mark.parametrize("args", [
    ["-xf", "a.tar"], ["xzf", "a.tgz"], ["-czf", "out.tgz", "src"], ["-tf", "a.tar"],
    ["--force-local", "-xf", "c:a.tar"], ["--exclude=x", "-cf", "a.tar", "src"], [],
])
def test_tar_allowed(args):
    assert carriers.tar_problem(args) is None


@pytest.mark.parametrize("args, indexes", [
    (["-n", "/x/p", "f"], {1}), (["/x/d", "f", "g"], {0}), (["-e", "/x/p", "/etc/f"], {1}),
    (["-e/x/p", "-e", "/y/p", "f"], {0, 2}), (["--expression=/x/p", "f"], {0}),
    (["--", "/x/p", "f"], {1}), (["1r/etc/passwd", "f"], set()), (["-f", "s", "f"], set()),
    ([], set()),
])
def test_sed_script_words(args, indexes):
    assert carriers.sed_script_words(args) == indexes


@pytest.mark.parametrize("args, fragment", [
    (["restore", "src/app.py"], "overwrites"),
    (["restore", "."], "overwrites"),
    (["restore", "--source=HEAD", "src"], "overwrites"),
    (["restore", "-S", "-W", "src"], "overwrites"),
    (["restore", "-SW", "src"], "overwrites"),
    (["restore", "--staged", "--worktree", "src"], "overwrites"),
    (["checkout", "--", "x"], "discards"),
    (["checkout", "main", "--", "x"], "discards"),
    (["checkout", "src"], "names a path"),
    (["checkout", "HEAD~1", "src/app.py"], "names a path"),
    (["-C", "sub", "checkout", "main"], "names a path"),
])
def test_git_discards_refused(tmp_path, args, fragment):
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "app.py").write_text("x")
    assert fragment in carriers.git_problem(args, str(tmp_path))


@pytest.mark.parametrize("args", [
    ["restore", "--staged", "src"], ["restore", "-S", "src/app.py"], ["checkout", "main"],
    ["checkout", "-b", "src"], ["checkout", "-B", "topic", "main"], ["checkout", "--orphan", "x"],
    ["status"], ["log", "src"], ["switch", "src"], ["-X", "restore", "x"], [],
])
def test_git_harmless(tmp_path, args):
    (tmp_path / "src").mkdir()
    assert carriers.git_problem(args, str(tmp_path)) is None


def test_problem_dispatch():
    assert carriers.problem("sed", ["1eid", "f"])
    assert carriers.problem("gsed", ["1eid", "f"])
    assert carriers.problem("tar", ["xIf", "z", "a"])
    assert carriers.problem("ls", ["1eid"]) is None
