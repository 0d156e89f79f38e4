"""Code, comments and docs say the rule, never "issue N".

A reader of the repository cannot open the tracker the suite was built
from, so "(issue 14 item 3)" tells them nothing: the sentence must state the
rule itself (or cite the SPEC section or seed it comes from). This scans every
text file of the checkout the way a reader meets it: source, tests, docs,
skills, agents, templates, schemas and CI scripts.
"""
import os
import re
from pathlib import Path

from hypothesis import given, strategies as st

ROOT = Path(__file__).parent.parent.absolute()

#: "issue 7", "Issue 14 item 10", "issues 3 and 4", "issue #12", "issue 5's",
#: and a citation wrapped at the line end ("... issue\n    # 14 item 3").
CITATION = re.compile(r"\bissues?(?:[ \t]*\n[ \t]*(?:#:?|\*|//|--)?[ \t]*|[ \t]*)#?[0-9]+",
                      re.IGNORECASE)

#: Directories that are not the project's text: VCS, virtualenvs, caches,
#: build output.
SKIP_DIRS = {".git", ".venv", "venv", ".cache", "__pycache__", "node_modules",
             "build", "dist", ".hypothesis", ".pytest_cache", ".ruff_cache"}
TEXT_SUFFIXES = {".py", ".md", ".sh", ".json", ".yaml", ".yml", ".toml", ".txt",
                 ".cfg", ".ini", ".html", ".j2", ".tmpl", ""}


def citations(text: str) -> list:
    """The issue-number citations in ``text``: ``[(line_number, line)]``, the
    line where each starts."""
    lines = text.splitlines()
    found = []
    for m in CITATION.finditer(text):
        n = text.count("\n", 0, m.start()) + 1
        found.append((n, lines[n - 1].strip()))
    return found


def _text_files():
    for dirpath, dirnames, filenames in os.walk(ROOT):
        dirnames[:] = [d for d in dirnames
                       if d not in SKIP_DIRS and not d.endswith(".egg-info")]
        for name in filenames:
            path = Path(dirpath, name)
            # A symlink is not the project's text (and may loop: .cache).
            if path.suffix in TEXT_SUFFIXES and not path.is_symlink() and name not in SKIP_DIRS \
                    and path != Path(__file__):
                yield path


def test_no_file_cites_an_issue_number():
    found = []
    for path in _text_files():
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        found += [f"{path.relative_to(ROOT)}:{n}: {line}" for n, line in citations(text)]
    assert not found, ("say the rule instead of citing an issue a reader cannot open:\n"
                       + "\n".join(found))


@given(st.sampled_from(["issue", "Issue", "ISSUES", "issues"]),
       st.sampled_from(["", " ", "  ", " #", "#", "\t"]),
       st.integers(min_value=0, max_value=10**6),
       st.sampled_from(["", " item 3", "'s list", ")", "."]))
def test_every_spelling_of_a_citation_is_found(word, gap, number, tail):
    line = f"# a rule (see {word}{gap}{number}{tail})"
    assert citations(line) == [(1, line)]


@given(st.sampled_from(["#", "#:", "*", "//", ""]), st.integers(min_value=0, max_value=999))
def test_a_citation_wrapped_at_the_line_end_is_found(marker, number):
    text = f"# the rule (as issue\n    {marker} {number} item 3 says)\n"
    assert citations(text) == [(1, "# the rule (as issue")]


def test_words_that_merely_contain_issue_are_not_citations():
    for text in ('gh issue list', '"issue": 7', "tissue 5", "issues/1/labels",
                 "the issue is 3-fold"):
        assert citations(text) == [], text
