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
