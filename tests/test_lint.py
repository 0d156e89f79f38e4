"""``ruff check`` is clean (the rules are pinned in pyproject.toml), so a
finding fails the inner loop where it was made, not only .ci/run."""

from __future__ import annotations

import importlib.util
import subprocess
import sys

import pytest
from conftest import SUITE


def test_ruff_check_is_clean():
    if importlib.util.find_spec("ruff") is None:
        pytest.skip("ruff is not installed: pip install -e '.[test]' (it is pinned there)")
    proc = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache",
                           "--output-format", "concise", str(SUITE)],
                          capture_output=True, text=True, timeout=120, cwd=str(SUITE))
    assert proc.returncode == 0, proc.stdout + proc.stderr
