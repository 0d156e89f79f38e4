"""permission.paths: containment in both readings, candidates, URLs (SPEC §5 phases 5, 7C, 7D)."""

from __future__ import annotations

import os

import pytest

from permission import paths


@pytest.fixture
def tree(tmp_path):
    """A project with symlinks in and out, and a sibling that shares a prefix."""
    root = tmp_path / "repo"
    (root / "src").mkdir(parents=True)
    (root / "scripts").mkdir()
    (root / "src" / "app.py").write_text("x\n")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret").write_text("s\n")
    (tmp_path / "repo-evil").mkdir()
    os.symlink(outside, root / "link_out")
    os.symlink(outside / "secret", root / "scripts" / "secret")
    os.symlink(root / "src", root / "link_in")
    os.symlink("../..", root / "src" / "up")
    return root


def scope(root, cwd=None, extra=(), env=None):
    return paths.Scope(str(root), str(cwd or root), extra, env or {})


@pytest.mark.parametrize("path", [
    "src", "src/app.py", "./src", ".", "src/../README.md", "link_in/app.py", "new/file",
    "a" * 300, "/dev/null",
])
def test_inside(tree, path):
    assert scope(tree).check(path) is None


@pytest.mark.parametrize("path, fragment", [
    ("..", "outside"),
    ("../outside/secret", "outside"),
    ("src/../../x", "outside"),
    ("/etc/passwd", "outside"),
    ("//etc/passwd", "outside"),
    ("/", "outside"),
    ("link_out/secret", "symlink"),
    ("scripts/secret", "symlink"),
    ("src/up/outside", "symlink"),
])
def test_outside(tree, path, fragment):
    assert fragment in scope(tree).check(path)


def test_absolute_inside_and_prefix_look_alike(tree):
    s = scope(tree)
    assert s.check(str(tree / "src")) is None
    assert "outside" in s.check(str(tree) + "-evil")
    assert "outside" in s.check(str(tree) + "-evil/x")


def test_relative_paths_follow_the_cwd(tree):
    s = scope(tree, cwd=tree / "src")
    assert s.check("..") is None  # the project root itself
    assert s.check("../..") is not None
    outside = scope(tree, cwd=tree.parent)
    assert outside.check("repo/src") is None
    assert outside.check("x") is not None
    assert "outside" in outside.cwd_problem()


def test_unknown_cwd(tree):
    s = paths.Scope(str(tree), "relative/cwd", (), {})
    assert "unknown" in s.check("src")
    assert "unknown" in s.cwd_problem()


def test_project_dir_spelled_through_a_symlink(tmp_path, tree):
    alias = tmp_path / "alias"
    os.symlink(tree, alias)
    s = paths.Scope(os.path.realpath(tree), str(alias), (), {"CLAUDE_PROJECT_DIR": str(alias)})
    assert s.check("src/app.py") is None
    assert s.check(str(alias / "src")) is None
    assert s.project_rel("src/app.py") == ("src/app.py", "src/app.py")


def test_allowed_dirs_extra(tree, tmp_path):
    outside = tmp_path / "outside"
    s = scope(tree, extra=[str(outside)])
    assert s.check(str(outside / "secret")) is None
    assert s.check("link_out/secret") is None
    rel = scope(tree, extra=["../outside"])
    assert rel.check("../outside/secret") is None
    home = scope(tree, extra=["~/x"], env={"HOME": str(tmp_path)})
    assert home.check(str(tmp_path / "x" / "y")) is None
    assert home.check(str(tmp_path / "xy")) is not None
    assert scope(tree, extra=["~/x"], env={}).check(str(tmp_path / "x")) is not None


def test_project_rel(tree):
    s = scope(tree)
    assert s.project_rel("scripts/x.sh") == ("scripts/x.sh", "scripts/x.sh")
    assert s.project_rel("link_in/app.py") == ("link_in/app.py", "src/app.py")
    assert s.project_rel("/etc") == (None, None)


@pytest.mark.parametrize("word, expected", [
    ("src", []),
    ("src/app.py", ["src/app.py"]),
    ("..", [".."]),
    ("..foo", []),
    ("/etc", ["/etc"]),
    ("-o/tmp/x", ["-o/tmp/x", "/tmp/x"]),
    ("-o", []),
    ("--output=/tmp/x", ["--output=/tmp/x", "/tmp/x"]),
    ("--output", []),
    ("--output=..", [".."]),
    ("if=/dev/sda", ["if=/dev/sda", "/dev/sda"]),
    ("a:/b", ["a:/b", "/b"]),
    ("x,/etc", ["x,/etc", "/etc"]),
    ("@/etc/passwd", ["@/etc/passwd", "/etc/passwd"]),
    ("-I/usr/include", ["-I/usr/include", "/usr/include"]),
    ("-D..", [".."]),
    ("--a=b=/c", ["--a=b=/c", "b=/c", "/c"]),
    ("-/../../etc/passwd", ["-/../../etc/passwd", "../../etc/passwd"]),
])
def test_candidates(word, expected):
    assert paths.candidates(word) == expected


@pytest.mark.parametrize("word, url", [
    ("https://x/y", True), ("file:///etc", True), ("--url=http://x", True),
    ("git@github.com:o/r.git", True), ("user@host:path", True), ("ssh://x", True),
    ("a@b", False), ("src/a@b:c", False), ("HEAD:src", False), ("x", False),
    ("--author=a@b", False),
])
def test_urls(word, url):
    assert paths.looks_like_url(word) is url


@pytest.mark.parametrize("path, base, inside", [
    ("/a", "/a", True), ("/a/b", "/a", True), ("/ab", "/a", False), ("/a/b", "/a/", True),
    ("/", "/a", False),
])
def test_under_compares_components(path, base, inside):
    assert paths.under(path, base) is inside


def test_option_looking_file_names_are_checked(tree):
    s = scope(tree)
    (tree / "-").mkdir()
    problems = [s.check(p) for p in paths.candidates("-/../../etc/passwd")]
    assert all(p is not None for p in problems)


@pytest.mark.parametrize("word, parts", [
    ("x", ["x"]), ("-fx", ["-fx", "x"]), ("HEAD:.env", ["HEAD:.env", ".env"]),
    ("--file=a,b", ["--file=a,b", "a,b", "b"]),
])
def test_name_parts(word, parts):
    assert paths.name_parts(word) == parts
