"""protected-files.txt parser, glob semantics, the floor, and path resolution
(SPEC §1 "Project root and paths", §2 protected-files.txt)."""

from __future__ import annotations

import os
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from draws import examples

from statefiles import layout, protected
from statefiles.protected import Entry, glob_match, glob_to_regex, pattern_components

# ---------------------------------------------------------------- parser


def entries(text):
    plist = protected.parse(text)
    return [(e.level, e.pattern, e.line) for e in plist.entries if e.line], plist.problems


def test_levels_default_comments_and_blanks():
    got, problems = entries(
        "# comment\n\nHARD_BLOCK:a\nBLOCK:b/**\nWARN:c.lock\nplain/file\n"
        "  WARN : spaced  \nwarn:lower\nBLOCK:d  # trailing comment\n")
    assert got == [("HARD_BLOCK", "a", 3), ("BLOCK", "b/**", 4), ("WARN", "c.lock", 5),
                   ("BLOCK", "plain/file", 6), ("WARN", "spaced", 7), ("WARN", "lower", 8),
                   ("BLOCK", "d", 9)]
    assert problems == []


@pytest.mark.parametrize("line,level,pattern,key,fields", [
    ("NOPE:x", "BLOCK", "x", "protected_list.unknown_level", {"level": "'NOPE'"}),
    ("BLOCK:", None, None, "protected_list.no_pattern", {}),
    ("BLOCK:../outside", None, None, "protected_list.dotdot", {"pattern": "'../outside'"}),
    ("BLOCK:a\\..\\b", None, None, "protected_list.dotdot", {"pattern": repr("a\\..\\b")}),
    ("C:/Users/x", "BLOCK", "C:/Users/x", "protected_list.windows_path",
     {"entry": "'C:/Users/x'"}),
])
def test_bad_lines_are_reported_never_dropped_silently(line, level, pattern, key, fields):
    got, problems = entries(line + "\n")
    assert [(p.key, p.fields) for p in problems] == [
        (key, {"label": layout.PROTECTED_FILES, "line": 1, **fields})], problems
    if level:
        assert got == [(level, pattern, 1)]
    else:
        assert got == []


def test_a_pattern_with_a_colon_and_no_level_is_a_block_pattern():
    got, _ = entries("docs/a:b.txt\n")
    assert got == [("BLOCK", "docs/a:b.txt", 1)]


def test_backslashes_in_the_list_are_separators():
    plist = protected.parse("BLOCK:config\\secret.txt\n")
    assert plist.match_rel("config/secret.txt").level == "BLOCK"


def test_floor_is_always_in_force_and_strongest():
    plist = protected.parse("WARN:.claude/hooks/**\nWARN:.claude/settings.json\n")
    for rel in (".claude/hooks/pre_tool_use.py", ".claude/settings.json",
                ".claude/protected-files.txt", ".claude/.cache/state.md.json"):
        assert plist.match_rel(rel).level == "HARD_BLOCK", rel
    assert plist.match_rel("src/app.py") is None


def test_floor_covers_every_package_of_the_suite():
    """Every Python package of the suite (copied to ``.claude/<package>/``)
    is HARD_BLOCK: editing the installed code would switch the gate off
    (bypass family G). A new top-level package must be added to the floor."""
    suite = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    packages = sorted(name for name in os.listdir(suite)
                      if os.path.isfile(os.path.join(suite, name, "__init__.py"))
                      and name not in ("bench", "tests"))
    assert "workflow" in packages and "guards" in packages
    plist = protected.parse("")
    for package in packages + ["hooks"]:
        hit = plist.match_rel(f".claude/{package}/x.py")
        assert hit is not None and hit.level == "HARD_BLOCK", package


def test_strongest_level_wins():
    plist = protected.parse("WARN:docs/**\nHARD_BLOCK:docs/secret/**\nBLOCK:docs/*.md\n")
    assert plist.match_rel("docs/x.txt").level == "WARN"
    assert plist.match_rel("docs/x.md").level == "BLOCK"
    assert plist.match_rel("docs/secret/x.md").level == "HARD_BLOCK"


def test_shipped_list_parses_cleanly():
    with open(os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                           "protected-files.txt"), encoding="utf-8") as fh:
        plist = protected.parse(fh.read())
    assert plist.problems == []
    assert plist.match_rel(".env").level == "HARD_BLOCK"
    assert plist.match_rel("package-lock.json").level == "WARN"


def test_load_missing_file_is_the_floor_only(tmp_path):
    plist = protected.load(str(tmp_path))
    assert plist.problems == [] and all(e.line == 0 for e in plist.entries)
    assert plist.match_rel(".claude/settings.json") is not None


# ---------------------------------------------------------------- glob semantics
@pytest.mark.parametrize("pattern,path,expected", [
    (".claude/hooks/**", ".claude/hooks/a.py", True),
    (".claude/hooks/**", ".claude/hooks", True),
    (".claude/hooks/**", ".claude/hooks/x/y/z", True),
    (".claude/hooks/**", ".claude/hooksx/a", False),
    (".claude/hooks", ".claude/hooks/a.py", True),  # a directory covers what is below
    ("**/.env", ".env", True),
    ("**/.env", "a/b/.env", True),
    ("**/.env", "a/x.env", False),
    ("**/.env.*", "a/.env.local", True),
    ("src/*.py", "src/b.py", True),
    ("src/*.py", "src/a/b.py", False),  # * stays inside one component
    ("src/*/b.py", "src/a/b.py", True),
    ("src/*/b.py", "src/a/c/b.py", False),
    ("src/**/b.py", "src/a/c/b.py", True),
    ("src/**/b.py", "src/b.py", True),
    ("a?c", "abc", True), ("a?c", "a/c", False), ("a?c", "abbc", False),
    (".claude/settings*.json", ".claude/settings.local.json", True),
    (".claude/settings*.json", ".claude/x/settings.json", False),
    ("**", "anything/at/all", True),
    ("./docs/", "docs/x", True),
    ("DOCS/*.MD", "docs/a.md", True),  # case is ignored
    ("a[b]c", "a[b]c", True), ("a[b]c", "abc", False),  # no character classes
    ("a**b", "ax/yb", True),  # ** inside a component crosses components (regex fallback)
])
def test_glob_semantics(pattern, path, expected):
    assert Entry("BLOCK", pattern, 1).matches_rel(path) is expected


COMPONENT = st.text(st.sampled_from("ab.*?-"), min_size=1, max_size=4)
PATTERN = st.lists(st.one_of(COMPONENT, st.just("**")), min_size=1, max_size=4).map("/".join)
PATH = st.lists(st.text(st.sampled_from("abAB.-"), min_size=1, max_size=4),
                min_size=1, max_size=5).map("/".join)


@settings(max_examples=examples(2000), deadline=None)
@given(PATTERN, PATH)
def test_component_matcher_agrees_with_the_regex(pattern, path):
    """The hot-path matcher (no ``re``) gives the regex's answers. The regex
    is defined on paths without empty or ``.`` components (the
    matcher drops them, as spec_paths were always read), so it sees the
    path normalised."""
    expected = re.match(glob_to_regex(pattern), protected._normal(path),
                        re.IGNORECASE) is not None
    assert glob_match(pattern_components(pattern), path.casefold()) is expected


# ---------------------------------------------------------------- path resolution
@pytest.fixture
def root(tmp_path):
    r = tmp_path / "proj"
    (r / "src").mkdir(parents=True)
    (r / "state.md").write_text("x")
    return os.path.realpath(r)


@pytest.mark.parametrize("spelled,rel", [
    ("state.md", "state.md"), ("./state.md", "state.md"), ("src/../state.md", "state.md"),
    ("src//..//state.md", "state.md"), ("{root}/state.md", "state.md"),
    ("{root}/./src/../state.md", "state.md"), ("{root}//state.md", "state.md"),
    ("{root}/state.md/", "state.md"), ("src", "src"), ("{root}", "."),
    ("/etc/passwd", None), ("../outside", None), ("{root}/../proj2/x", None),
])
def test_resolve_normalises_spellings(root, spelled, rel):
    assert layout.resolve(spelled.format(root=root), root).rel == rel


def test_relative_paths_are_taken_from_cwd(root):
    assert layout.resolve("../state.md", root, os.path.join(root, "src")).rel == "state.md"


def test_symlinks_resolve_to_the_real_location(root):
    os.symlink(os.path.join(root, "state.md"), os.path.join(root, "alias"))
    r = layout.resolve("alias", root)
    assert r.rel == "state.md" and r.is_("state.md")
    assert "alias" in r.variants  # the lexical name stays for block-lists


def test_variants_are_for_block_lists_only(root):
    r = layout.resolve(f"{root}/STATE.MD.", root)
    assert "state.md" in r.variants
    assert r.rel == "STATE.MD." and not r.is_("state.md")  # another file on this file system


def test_case_variant_counts_when_it_is_the_same_file(root, monkeypatch):
    # Simulate a case-insensitive file system: STATE.MD is the same inode.
    os.link(os.path.join(root, "state.md"), os.path.join(root, "STATE.MD"))
    assert layout.resolve("STATE.MD", root).is_("state.md")
    os.makedirs(os.path.join(root, ".claude", "session-state"))
    os.symlink(os.path.join(root, ".claude", "session-state"),
               os.path.join(root, ".claude", "Session-State"))
    # a symlink resolves to the real spelling anyway
    assert layout.resolve(".claude/Session-State/x", root).under(".claude/session-state")


def test_under_compares_whole_components(root):
    assert layout.resolve(".claude/session-state/x", root).under(".claude/session-state")
    assert layout.resolve(".claude/session-state", root).under(".claude/session-state")
    assert not layout.resolve(".claude/session-statex/y", root).under(".claude/session-state")


def test_relative_to_compares_components():
    assert layout.relative_to("/a/bc", "/a/b") is None
    assert layout.relative_to("/a/b/c", "/a/b") == "c"
    assert layout.relative_to("/a/b", "/a/b") == "."


def test_resolve_never_raises_on_strange_input(root):
    for spelled in ("\x00", "a\x00b", "~", "~nouser/x", "\ud800", "", "\\\\server\\share",
                    "C:\\x\\y", "//", "." * 300, "a/" * 500):
        r = layout.resolve(spelled, root)
        assert isinstance(r.variants, frozenset)


@settings(max_examples=examples(300), deadline=None)
@given(st.text(max_size=60))
def test_resolve_total(spelled):
    r = layout.resolve(spelled, "/tmp/playgate-test-root")
    assert r.rel is None or not r.rel.startswith("/")


def test_project_root_prefers_claude_project_dir(tmp_path):
    proj = tmp_path / "p"
    (proj / "sub").mkdir(parents=True)
    (proj / ".git").mkdir()
    assert layout.project_root(str(proj / "sub"), {}) == os.path.realpath(proj)
    other = tmp_path / "other"
    other.mkdir()
    assert layout.project_root(str(proj / "sub"), {"CLAUDE_PROJECT_DIR": str(other)}) == \
        os.path.realpath(other)
    # a CLAUDE_PROJECT_DIR that is not a directory is ignored
    assert layout.project_root(str(proj / "sub"), {"CLAUDE_PROJECT_DIR": str(tmp_path / "no")}) \
        == os.path.realpath(proj)
    plain = tmp_path / "plain"
    plain.mkdir()
    assert layout.project_root(str(plain), {}) in (os.path.realpath(plain),
                                                   layout.git_toplevel(str(plain)))


# ------------------------------------------------------------- hard links
# A hard link to a protected file is the protected file. Finding its other
# names walks the protected directories, so a hook call walks each one once,
# whatever the number of hard-linked paths a command names, and a directory
# (whose link count is its subdirectories) is never taken for a hard link.


def _linked_list(root):
    (root / ".claude" / "hooks").mkdir(parents=True)
    hook = root / ".claude" / "hooks" / "pre_tool_use.py"
    hook.write_text("# hook\n")
    return protected.parse(""), hook


def test_a_hard_link_to_a_hook_is_found_and_each_directory_walked_once(tmp_path, monkeypatch):
    plist, hook = _linked_list(tmp_path)
    plist.root = str(tmp_path)
    names = []
    for i in range(20):
        other = tmp_path / f"copy{i}.py"
        os.link(hook, other) if i == 0 else other.write_text("x")
        if i:
            os.link(other, tmp_path / f"twin{i}.py")  # hard-linked, but not to a hook
        names.append(str(other))
    walks = []
    real = protected._linked_files
    monkeypatch.setattr(protected, "_linked_files",
                        lambda d, limit: walks.append(d) or real(d, limit))
    found = [plist.hard_link_entry(n) for n in names]
    assert found[0] is not None and found[0].level == "HARD_BLOCK", found[0]
    assert found[1:] == [None] * 19
    assert len(walks) == len(set(walks)), walks  # one walk per directory


def test_a_directory_is_never_taken_for_a_hard_link(tmp_path, monkeypatch):
    plist, _hook = _linked_list(tmp_path)
    plist.root = str(tmp_path)
    for sub in "abc":
        (tmp_path / "d" / sub).mkdir(parents=True)
    assert os.stat(tmp_path / "d").st_nlink > 1
    monkeypatch.setattr(protected, "_linked_files",
                        lambda d, limit: pytest.fail(f"walked {d} for a directory"))
    assert plist.hard_link_entry(str(tmp_path / "d")) is None
    assert plist.hard_link_entry(str(tmp_path)) is None


def test_the_first_entry_of_the_highest_level_names_a_hard_link(tmp_path):
    plist, hook = _linked_list(tmp_path)
    plist = protected.parse("BLOCK: .claude/hooks/pre_tool_use.py\nWARN: notes/*\n")
    plist.root = str(tmp_path)
    (tmp_path / "notes").mkdir()
    os.link(hook, tmp_path / "notes" / "n.py")
    entry = plist.hard_link_entry(str(tmp_path / "notes" / "n.py"))
    # the floor's .claude/hooks/** (HARD_BLOCK) outranks the list's own lines
    assert entry is not None and entry.line == 0 and entry.level == "HARD_BLOCK"


@settings(max_examples=examples(40), deadline=None)
@given(links=st.lists(st.tuples(st.integers(0, 3), st.sampled_from(
    ["a.py", "docs/b.md", "deep/x/y.txt", "STATE.MD", "play/p/plan.json"])), max_size=6))
def test_a_name_is_protected_by_a_hard_link_exactly_when_it_shares_a_protected_inode(
        tmp_path_factory, links):
    """Whatever names, depths and numbers of links: a path answers a
    protected entry through hard links iff its inode is a hook file's."""
    root = tmp_path_factory.mktemp("links")
    plist, hook = _linked_list(root)
    plist.root = str(root)
    sources = [hook] + [root / f"plain{i}.txt" for i in range(3)]
    for src in sources[1:]:
        src.write_text("x")
    made = {}
    for which, name in links:
        path = root / name
        if path.exists():
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        os.link(sources[which], path)
        made[path] = which
    for path, which in made.items():
        entry = plist.hard_link_entry(str(path))
        assert (entry is not None) == (which == 0), (path, which, entry)
