"""The inner loop's `slow` marks (tests/conftest.py SLOW_MODULES, SLOW_TESTS)
name modules and tests that exist: a renamed test would otherwise silently
move back into the inner loop, and a misspelt module would never be marked
(docs/development.md "The inner loop")."""

from __future__ import annotations

import ast
from pathlib import Path

from conftest import SLOW_MODULES, SLOW_TESTS

TESTS = Path(__file__).resolve().parent


def _module(name: str) -> Path:
    found = [p for p in TESTS.rglob(name) if "__pycache__" not in p.parts]
    assert len(found) == 1, f"{name}: {len(found)} test modules with this name"
    return found[0]


def test_every_slow_module_exists():
    for name in SLOW_MODULES:
        _module(name)


def test_every_slow_test_is_a_test_of_its_module():
    for name, tests in SLOW_TESTS.items():
        tree = ast.parse(_module(name).read_text())
        defined = {node.name for node in ast.walk(tree)
                   if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
                   and node.name.startswith("test_")}
        assert not set(tests) - defined, (name, sorted(set(tests) - defined))


# ------------------------------------------------- the measured budget
# tests/durations.py: what the measured durations leave out of the inner loop.

from pathlib import PurePath  # noqa: E402

import durations  # noqa: E402
from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


class _Item:
    """What left_out reads of a pytest item."""

    def __init__(self, module, function, case):
        self.path = PurePath("tests", module)
        self.originalname = function
        self.name = f"{function}[{case}]"
        self.nodeid = f"tests/{module}::{self.name}"


_groups = st.lists(st.tuples(st.sampled_from(["test_a.py", "test_b.py"]),
                             st.sampled_from(["test_x", "test_y", "test_z"]),
                             st.lists(st.floats(0, 1.0), min_size=1, max_size=60)),
                   max_size=6)


def _items(groups):
    items, seconds = [], {}
    for g, (module, function, cases) in enumerate(groups):
        for c, s in enumerate(cases):
            item = _Item(module, function, f"{g}-{c}")
            items.append(item)
            seconds[item.nodeid] = s
    return items, seconds


@given(groups=_groups)
def test_the_inner_loop_keeps_a_case_of_every_function_within_its_budget(groups):
    items, seconds = _items(groups)
    out = durations.left_out(items, seconds)
    assert out == durations.left_out(items, dict(seconds))  # deterministic
    kept = [i for i in items if i.nodeid not in out]
    by_function = {}
    for item in items:
        by_function.setdefault((str(item.path), item.originalname), []).append(item)
    for cases in by_function.values():
        fast = [i for i in cases if seconds[i.nodeid] <= durations.SLOW_SECONDS]
        mine = [i for i in kept if i in cases]
        # Nothing slow is kept, every function with a fast case keeps one, and
        # a sample beyond one case stays within the budget.
        assert all(seconds[i.nodeid] <= durations.SLOW_SECONDS for i in mine)
        assert bool(mine) == bool(fast)
        assert sum(seconds[i.nodeid] for i in mine) <= durations.FUNCTION_BUDGET
        if fast:
            assert fast[0] in mine  # the first case is always among the sample


@given(n=st.integers(0, 3000))
def test_spread_is_an_order_of_every_index(n):
    order = durations.spread(n)
    assert sorted(order) == list(range(n))
    assert order[:1] == ([0] if n else [])
    if n >= 4:  # the first four cut the table into quarters
        assert sorted(order[:4]) == [0, n // 4, n // 2, 3 * n // 4]


def test_an_unknown_or_broken_file_leaves_nothing_out(tmp_path):
    path = tmp_path / "durations.json"
    assert durations.load(path) == {}
    for text in ("", "[]", "{", '{"tests/t.py": [1]}', '{"tests/t.py": {"t": "x"}}'):
        path.write_text(text)
        assert durations.load(path) == {}
    items, _ = _items([("test_a.py", "test_x", [0.0] * 5)])
    assert durations.left_out(items, {}) == set()


def test_the_shipped_file_names_tests_that_exist():
    """A stale entry only stops counting; many stale ones mean the budget is
    measured on another suite: measure again (tests/durations.py)."""
    known = durations.load()
    assert known, "tests/durations.json is missing or empty"
    modules = {nodeid.split("::")[0] for nodeid in known}
    missing = [m for m in modules if not (TESTS.parent / m).is_file()]
    assert not missing, missing
