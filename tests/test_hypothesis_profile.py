"""The loaded Hypothesis profile decides how examples are drawn.

``tests/conftest.py`` registers ``fixed`` (the default: derandomised, no
example database) and ``explore`` (new examples each run, the CI target
``PLAYGATE_HYPOTHESIS_PROFILE=explore``). A test's own ``settings(...)``
that names ``derandomize`` or ``database`` overrides the profile, so the
explore target would silently draw that test's fixed examples again. The
rule: tests set how many examples and which health checks, never how they
are drawn.

How many examples a run draws is the profile's share of the test's declared
budget (``tests/draws.py``): a budget above ``draws.FLOOR`` is declared with
``examples(n)``, never as a bare number that every profile would draw whole.
A test that draws inside its body (a nested ``@given``, a state machine) is
marked ``hypothesis`` so that the explore target draws it too.
"""

from __future__ import annotations

import ast
import os
from pathlib import Path

import draws
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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


def _bare_budgets(tree):
    """``max_examples=<int literal>`` above the floor, as (line, value)."""
    for call in _settings_calls(tree):
        for kw in call.keywords:
            if (kw.arg == "max_examples" and isinstance(kw.value, ast.Constant)
                    and isinstance(kw.value.value, int) and kw.value.value > draws.FLOOR):
                yield call.lineno, kw.value.value


def _draws_inside(func) -> bool:
    """Whether the body of test function ``func`` draws examples itself."""
    for node in ast.walk(func):
        if node is func:
            continue
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and any(
                "given" in ast.unparse(d) for d in node.decorator_list):
            return True
        if isinstance(node, ast.Call) and "run_state_machine_as_test" in ast.unparse(node.func):
            return True
    return False


def _marked_hypothesis(func) -> bool:
    return any(ast.unparse(d) == "pytest.mark.hypothesis" for d in func.decorator_list)


def _test_files():
    for path in sorted(TESTS.rglob("*.py")):
        if path.name in ("conftest.py", "draws.py") and path.parent == TESTS:
            continue
        yield path, ast.parse(path.read_text(encoding="utf-8"), str(path))


def test_every_large_budget_goes_through_the_profile():
    found = [f"{path.relative_to(TESTS)}:{line} max_examples={value}"
             for path, tree in _test_files() for line, value in _bare_budgets(tree)]
    assert found == [], ("declare these budgets as max_examples=examples(n) "
                         f"(tests/draws.py): {found}")


def test_a_test_that_draws_inside_is_marked_for_the_explore_target():
    found = [f"{path.relative_to(TESTS)}:{node.lineno} {node.name}"
             for path, tree in _test_files() for node in ast.walk(tree)
             if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")
             and _draws_inside(node) and not _marked_hypothesis(node)]
    assert found == [], f"mark these @pytest.mark.hypothesis: {found}"


def test_the_checkers_find_a_bare_budget_and_an_unmarked_inner_draw():
    tree = ast.parse("from hypothesis import given, settings\n"
                     "@settings(max_examples=3000)\ndef test_a(): pass\n"
                     "@settings(max_examples=examples(3000))\ndef test_b(): pass\n"
                     "@settings(max_examples=12)\ndef test_c(): pass\n"
                     "def test_d():\n    @given(x=None)\n    def run(x): pass\n"
                     "@pytest.mark.hypothesis\ndef test_e():\n"
                     "    run_state_machine_as_test(M)\n")
    assert list(_bare_budgets(tree)) == [(2, 3000)]
    funcs = {n.name: n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
    assert _draws_inside(funcs["test_d"]) and not _marked_hypothesis(funcs["test_d"])
    assert _draws_inside(funcs["test_e"]) and _marked_hypothesis(funcs["test_e"])
    assert not _draws_inside(funcs["test_a"])


@pytest.mark.parametrize("name", sorted(draws.SHARES))
def test_every_profile_is_registered_with_its_default_share(name):
    assert settings.get_profile(name).max_examples == draws.examples(100, name)


@given(budget=st.integers(1, 100_000), name=st.sampled_from(sorted(draws.SHARES)))
def test_a_profile_draws_its_share_never_more_never_below_the_floor(budget, name):
    n = draws.examples(budget, name)
    assert n <= budget
    assert n >= min(budget, draws.FLOOR)
    if budget <= draws.FLOOR:
        assert n == budget
    else:
        assert n == max(draws.FLOOR, -(-budget * int(draws.SHARES[name] * 1000) // 1000))
    assert max(draws.examples(budget, "fixed"), draws.examples(budget, "explore")) \
        <= draws.examples(budget, "deep") == budget


def test_an_unknown_profile_name_is_an_error(monkeypatch):
    monkeypatch.setenv(draws.PROFILE_VARIABLE, "fixd")
    with pytest.raises(ValueError, match="fixd"):
        draws.profile()
    with pytest.raises(ValueError):
        draws.examples(0, "fixed")
