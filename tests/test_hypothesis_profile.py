"""The loaded Hypothesis profile decides how examples are drawn.

``tests/conftest.py`` registers ``fixed`` (the default: derandomised, no
example database) and ``explore`` (new examples each run, the CI target
``PLAYGATE_HYPOTHESIS_PROFILE=explore``). A test's own ``settings(...)``
that names ``derandomize`` or ``database`` overrides the profile, so the
explore target would silently draw that test's fixed examples again. The
rule: tests set how many examples and which health checks, never how they
are drawn.
"""

from __future__ import annotations

import ast
import os
from pathlib import Path

from hypothesis import settings

TESTS = Path(__file__).resolve().parent
#: The keywords only a profile may set.
DRAW = {"derandomize", "database"}


def _settings_calls(tree):
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            if name == "settings":
                yield node


def test_no_test_pins_how_examples_are_drawn():
    found = []
    for path in sorted(TESTS.rglob("*.py")):
        if path.name == "conftest.py" and path.parent == TESTS:
            continue  # where the profiles are registered
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for call in _settings_calls(tree):
            found += [f"{path.relative_to(TESTS)}:{call.lineno} {kw.arg}"
                      for kw in call.keywords if kw.arg in DRAW]
    assert found == [], found


def test_the_checker_finds_a_pinned_draw():
    tree = ast.parse("from hypothesis import settings\n"
                     "CI = settings(deadline=None, derandomize=True)\n"
                     "@settings(database=None)\ndef t(): pass\n")
    assert sorted(kw.arg for c in _settings_calls(tree) for kw in c.keywords
                  if kw.arg in DRAW) == ["database", "derandomize"]


def test_a_tests_own_settings_follow_the_loaded_profile():
    """Settings a test writes (examples, deadline) take the draw of the
    profile conftest loaded: fixed by default, explore in its CI target."""
    loaded = settings.get_profile(os.environ.get("PLAYGATE_HYPOTHESIS_PROFILE", "fixed"))
    own = settings(max_examples=5, deadline=None)
    assert (own.derandomize, own.database) == (loaded.derandomize, loaded.database)
