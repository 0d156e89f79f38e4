"""The one glob matcher (``statefiles.protected``) against
the three it replaced: ``guards/_team.py`` (spec_paths), ``guards/bash_check.py``
and ``statefiles/protected.py`` as they were before (copied below verbatim,
renamed, as the oracle).

Where the three agreed the one matcher agrees. Where they differed it takes
the reading that matches more (protects more): components as the team
matcher read them (empty and ``.`` components dropped), coverage as
protected-files.txt reads it (a match covers everything below it; ``**``
inside a component crosses components). The only inputs on which it matches
less than one of them are not what any caller passes: paths with empty or
``.`` components (every caller passes ``ResolvedPath`` spellings, which are
normalised) and an absolute pattern against a relative path (the team
matcher dropped the leading ``/``).
"""

from __future__ import annotations

import re

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from draws import examples

from statefiles import protected
from statefiles.protected import Entry, matches


def new(pattern: str, path: str) -> bool:
    return matches(pattern, path)


def old_prot(pattern: str, path: str) -> bool:
    """protected.py before the matchers became one, as ``Entry.matches_rel`` used it."""
    return protected._match(_prot_components(pattern), path.casefold())


# ------------------------------------------------------------- the old matchers
# guards/_team.py (f7861f5)

# Its component matcher (``*`` any run and ``?`` one character inside one
# component) was the same algorithm as protected.py's, which is unchanged
# since (``protected._component_match``; it only adds a fast path for a
# component without wildcards, with the same answers).
_team_component = protected._component_match


def _team_parts(pats: list, parts: list) -> bool:
    if not pats:
        return not parts
    head = pats[0]
    if head == "**":
        return any(_team_parts(pats[1:], parts[i:]) for i in range(len(parts) + 1))
    return bool(parts) and _team_component(head, parts[0]) and _team_parts(pats[1:], parts[1:])


def old_team(pattern: str, rel: str) -> bool:
    """True when the repo-relative ``rel`` matches ``pattern``: ``*`` and
    ``?`` stay within one path component, ``**`` spans any number of them;
    case-insensitive (a spelling that reaches the same file on a
    case-insensitive filesystem must not slip past a gate)."""
    pattern = pattern.strip()
    pattern = pattern.removeprefix("./")
    pats = [p for p in pattern.casefold().split("/") if p not in ("", ".")]
    parts = [p for p in rel.casefold().split("/") if p not in ("", ".")]
    return bool(pats) and _team_parts(pats, parts)


# guards/bash_check.py (f7861f5)

def old_bash(pattern: str, path: str) -> bool:
    """protected-files.txt glob semantics (``statefiles.protected.glob_to_regex``)
    without importing ``re`` (hook hot path): ``*``/``?`` stay within a
    component, ``**`` crosses components, ``**/`` may match nothing, matching
    ignores case, and a match also covers everything below it."""
    pat = pattern.strip()
    if pat.startswith("./"):
        pat = pat[2:]
    pat = pat.rstrip("/").casefold()
    # "dir/**" also covers "dir" itself, as in glob_to_regex.
    while pat.endswith("/**"):
        pat = pat[:-3]
    s = path.casefold()
    memo: dict = {}

    def m(pi: int, si: int) -> bool:
        key = (pi, si)
        if key in memo:
            return memo[key]
        if pi == len(pat):
            res = si == len(s) or s[si] == "/"
        elif pat.startswith("**/", pi):
            res = m(pi + 3, si) or any(m(pi + 3, k + 1) for k in range(si, len(s))
                                        if s[k] == "/")
        elif pat.startswith("**", pi):
            res = any(m(pi + 2, k) for k in range(si, len(s) + 1))
        elif pat[pi] == "*":
            res = False
            k = si
            while True:
                if m(pi + 1, k):
                    res = True
                    break
                if k >= len(s) or s[k] == "/":
                    break
                k += 1
        elif pat[pi] == "?":
            res = si < len(s) and s[si] != "/" and m(pi + 1, si + 1)
        else:
            res = si < len(s) and s[si] == pat[pi] and m(pi + 1, si + 1)
        memo[key] = res
        return res

    return m(0, 0)


# statefiles/protected.py (f7861f5). Its component matcher and the loop that
# walks components (``_component_match``, then ``glob_match``, now
# ``protected._match``) and its glob-to-regex translation (now
# ``protected._regex_text``) are unchanged since; what changed is how a
# pattern is read into components. So the oracle is the old reading below,
# fed to today's unchanged engine.

def _prot_normal(pattern: str) -> str:
    """The pattern as the old matcher normalised it: stripped, ``./`` and
    trailing ``/`` or ``/**`` dropped; empty and ``.`` components kept."""
    pat = pattern.strip()
    if pat.startswith("./"):
        pat = pat[2:]
    pat = pat.rstrip("/")
    # "dir/**" also covers "dir" itself (the suffix below adds what is under it).
    while pat.endswith("/**"):
        pat = pat[:-3]
    return pat


def _prot_regex(pattern: str) -> str:
    """Regex for a protected-files glob. ``*``/``?`` within a component,
    ``**`` across components; a match also covers everything below it."""
    return protected._regex_text(_prot_normal(pattern))


def _prot_components(pattern: str):
    """The pattern as case-folded components for ``protected._match``, after
    the normalisation above. A component that mixes ``**`` with other text
    (``a**b``, which crosses components) cannot be matched component-wise;
    then the compiled regex is returned instead."""
    comps = _prot_normal(pattern).casefold().split("/")
    if any("**" in c and c != "**" for c in comps):
        return re.compile(_prot_regex(pattern), re.IGNORECASE)
    return tuple(comps)


# ------------------------------------------------------------------ strategies

_LETTERS = st.text(st.sampled_from("ab.*?-"), min_size=1, max_size=4)
#: Components of clean globs and paths (no empty or "." component).
CLEAN_COMPONENT = st.one_of(_LETTERS.filter(lambda c: c != "."), st.just("**"))
CLEAN_PATH_COMPONENT = st.text(st.sampled_from("abAB.-"), min_size=1,
                               max_size=4).filter(lambda c: c != ".")
#: Components of anything: empty, ".", "./"-style leftovers included.
ANY_COMPONENT = st.one_of(CLEAN_COMPONENT, st.just(""), st.just("."))
ANY_PATH_COMPONENT = st.one_of(CLEAN_PATH_COMPONENT, st.just(""), st.just("."))


def _joined(component, absolute: bool = False):
    parts = st.lists(component, min_size=1, max_size=5).map("/".join)
    return parts.map(lambda p: "/" + p) if absolute else parts


CLEAN_PATTERN = st.one_of(_joined(CLEAN_COMPONENT), _joined(CLEAN_COMPONENT, absolute=True))
CLEAN_PATH = st.one_of(_joined(CLEAN_PATH_COMPONENT),
                       _joined(CLEAN_PATH_COMPONENT, absolute=True))
ANY_PATTERN = _joined(ANY_COMPONENT)
ANY_PATH = _joined(ANY_PATH_COMPONENT)

PROPERTY = settings(max_examples=examples(3000), deadline=None)


def _absolute(pattern: str, path: str) -> bool:
    """The team matcher was given relative globs and paths only (spec_paths,
    repo-relative spellings); it dropped a leading ``/``."""
    return pattern.startswith("/") or path.startswith("/")


# ------------------------------------------------------------------ properties


@PROPERTY
@given(CLEAN_PATTERN, CLEAN_PATH)
@example("?/**", "A")  # "dir/**" covers "dir" itself
@example("a/**/**", "a")
@example("a**b", "ax/yb")
def test_agrees_with_the_three_where_they_agreed(pattern, path):
    """On the globs and paths callers pass (no empty or ``.`` components):
    where the three old matchers gave one answer, the one matcher gives it
    too; and it is the protected-files reading exactly (bash-check's was the
    same, spec_paths' a subset)."""
    answers = {old_team(pattern, path), old_bash(pattern, path), old_prot(pattern, path)}
    if len(answers) == 1:
        assert new(pattern, path) in answers, (pattern, path)
    assert new(pattern, path) == old_prot(pattern, path) == old_bash(pattern, path)
    if not _absolute(pattern, path):
        assert old_team(pattern, path) <= new(pattern, path)


@PROPERTY
@given(ANY_PATTERN, ANY_PATH)
@example("a//b", "a/b")
@example("a/./b", "a/b/c")
@example("./a", "a")
@example(".//?", "/A")
def test_never_narrower_than_the_old_ones(pattern, path):
    """On anything: whatever the team matcher matched (relative globs and
    paths, all it was given) still matches, and so does whatever the
    protected matcher matched on a normalised path."""
    if old_team(pattern, path) and not _absolute(pattern, path):
        assert new(pattern, path), (pattern, path)
    # The old protected reading split ``.//x`` into ``[".", "", "x"]`` and
    # matched it against absolute paths: a relative pattern turned absolute
    # by its own spelling. The normalised reading (``x``, relative) is the
    # one protected-files.txt documents; only there must nothing narrow.
    spelling_neutral = old_prot(pattern, path) == old_prot(protected._normal(pattern), path)
    if protected._normal(path) == path and spelling_neutral and old_prot(pattern, path):
        assert new(pattern, path), (pattern, path)


@PROPERTY
@given(ANY_PATTERN, ANY_PATH)
def test_is_the_protected_reading_of_the_normalised_forms(pattern, path):
    """The one rule: normalise pattern and path, then read them as
    protected-files.txt always did."""
    assert new(pattern, path) == old_prot(protected._normal(pattern),
                                          protected._normal(path)), (pattern, path)


@PROPERTY
@given(ANY_PATTERN, ANY_PATH)
def test_every_entry_point_gives_the_same_answer(pattern, path):
    """``matches``, ``Entry.matches_rel`` (which pre-filters on the literal
    prefix), ``glob_match`` and, on normalised paths, the regex."""
    answer = new(pattern, path)
    assert Entry("BLOCK", pattern, 1).matches_rel(path) is answer
    assert protected.glob_match(protected.pattern_components(pattern), path.casefold()) is answer
    rx = re.compile(protected.glob_to_regex(pattern), re.IGNORECASE)
    assert (rx.match(protected._normal(path)) is not None) is answer


@pytest.mark.parametrize("pattern, path, expected, was", [
    # (team, bash-check, protected) before the matchers became one
    ("a//b", "a/b", True, (True, False, False)),           # empty components dropped
    ("a/./b", "a/b", True, (True, False, False)),          # "." components dropped
    ("src/*.py", "src//x.py", True, (True, False, False)),
    (".sdd/project/specs/*/spec.yaml", ".sdd/project/specs/x/spec.yaml/y", True,
     (False, True, True)),                                 # a match covers what is below it
    ("specs", "specs/a/spec.yaml", True, (False, True, True)),
    ("a**b", "ax/yb", True, (False, True, True)),          # ** inside a component crosses
    ("DOCS/*.MD", "docs/a.md", True, (True, True, True)),  # case ignored by all three
    ("/etc/x", "etc/x", False, (True, False, False)),      # absolute never matches relative
    (".", "x", False, (False, False, False)),
])
def test_where_the_old_ones_differed(pattern, path, expected, was):
    assert (old_team(pattern, path), old_bash(pattern, path), old_prot(pattern, path)) == was
    assert new(pattern, path) is expected


def test_absolute_entries_match_absolute_forms_only():
    entry = Entry("HARD_BLOCK", "~/.ssh/**", 0)
    assert entry.matches_abs({"/home/u/.SSH/id_rsa"}, "/home/u")
    assert entry.matches_abs({"/home/u//.ssh/./id_rsa"}, "/home/u")
    assert not entry.matches_abs({"/home/v/.ssh/id_rsa"}, "/home/u")
    assert not entry.matches_abs({"home/u/.ssh/id_rsa"}, "/home/u")
