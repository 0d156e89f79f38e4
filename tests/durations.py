"""The inner loop's budget, from measured test durations.

The inner loop (``pytest -m "not slow and not e2e"``, docs/development.md)
must stay a two-minute run on an idle 2-core machine while the suite grows.
Listing slow tests by hand (``SLOW_MODULES``, ``SLOW_TESTS`` in
``tests/conftest.py``) catches the tests that are slow one by one, not the
long parametrized families whose cases take 40 ms each (a hook subprocess
apiece) and minutes together. So the durations are measured, kept in
``tests/durations.json`` and read at collection:

* a test that took more than :data:`SLOW_SECONDS` is ``slow``;
* a test function whose inner-loop cases together took more than
  :data:`FUNCTION_BUDGET` keeps a sample of its cases spread over its
  parameter table (:func:`spread`), within that budget, in the inner loop (at
  least one, the first always among them); the other cases are ``slow``. Every test function keeps a case in the inner loop unless it is
  slow on its own.

CI (``.ci/run``) runs every test whatever this file says; a stale or missing
file only changes which cases the inner loop samples, never what CI runs. A
test the file does not know (a new one) is in the inner loop until the file
is measured again:

    .venv/bin/python -m pytest -m "not slow and not e2e" -n 2 --record-durations

writes the file from that run: every test not marked by hand (the
measured marks are not applied while recording), about 6 minutes here. The
file holds ``{test file: {test id: milliseconds}}`` for the
tests that took :data:`KEEP_MS` or more; the others count as
:data:`UNMEASURED_SECONDS`.
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

#: The measured durations (each test's call, under ``-n 2``).
PATH = Path(__file__).resolve().parent / "durations.json"
#: A test slower than this (seconds) is left out of the inner loop.
SLOW_SECONDS = 0.1
#: A test function's inner-loop cases together get this many seconds.
FUNCTION_BUDGET = 0.2
#: Durations under this many milliseconds are not written ...
KEEP_MS = 10
#: ... and such a test (or one the file does not know yet) counts as this many
#: seconds: thousands of 3 ms cases are a minute too.
UNMEASURED_SECONDS = 0.003


def load(path: Path = PATH) -> dict:
    """``{nodeid: seconds}`` from ``path``; ``{}`` when it is missing or
    unreadable (the inner loop is then everything not marked by hand)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    out = {}
    for module, tests in data.items():
        if isinstance(module, str) and isinstance(tests, dict):
            for name, ms in tests.items():
                if isinstance(name, str) and isinstance(ms, (int, float)):
                    out[f"{module}::{name}"] = ms / 1000
    return out


def left_out(items, durations: dict) -> set:
    """The nodeids of ``items`` (pytest items, in collection order) that the
    inner loop leaves out by ``durations`` (``{nodeid: seconds}``): the slow
    ones and the cases beyond each function's sampled share. Deterministic:
    the same items and durations give the same answer."""
    out = set()
    groups = defaultdict(list)
    for item in items:
        seconds = durations.get(item.nodeid, UNMEASURED_SECONDS)
        if seconds > SLOW_SECONDS:
            out.add(item.nodeid)
            continue
        function = getattr(item, "originalname", None) or item.name
        groups[(str(item.path), function)].append((item.nodeid, seconds))
    for cases in groups.values():
        if sum(seconds for _nodeid, seconds in cases) <= FUNCTION_BUDGET:
            continue
        kept, spent = set(), 0.0
        for i in spread(len(cases)):
            seconds = cases[i][1]
            if not kept or spent + seconds <= FUNCTION_BUDGET:
                kept.add(i)
                spent += seconds
        out.update(nodeid for i, (nodeid, _s) in enumerate(cases) if i not in kept)
    return out


def spread(n: int) -> list:
    """``range(n)`` in an order that spreads over it (0 first, then the
    middle, the quarters, ...: the van der Corput sequence), so that a sample
    taken from its start covers the whole parameter table, not its head."""
    order, seen, k = [], set(), 0
    while len(order) < n:
        x, denominator, j = 0.0, 1.0, k
        while j:
            denominator *= 2
            x += (j & 1) / denominator
            j >>= 1
        i = int(x * n)
        if i not in seen:
            seen.add(i)
            order.append(i)
        k += 1
    return order


class Recorder:
    """A pytest plugin that adds up each test's phase durations (the
    controller sees every worker's reports) and writes :data:`PATH` at the
    end of the session."""

    def __init__(self, path: Path = PATH) -> None:
        self.path = path
        self.seconds = defaultdict(float)

    def pytest_runtest_logreport(self, report) -> None:
        # The call only: a module fixture's set-up is reported with the first
        # test that uses it and is paid once whichever cases are sampled.
        if report.when == "call":
            self.seconds[report.nodeid] += report.duration

    def pytest_sessionfinish(self, session) -> None:
        if hasattr(session.config, "workerinput"):
            return  # a worker: the controller writes
        data: dict = defaultdict(dict)
        for nodeid, seconds in sorted(self.seconds.items()):
            ms = round(seconds * 1000)
            if ms >= KEEP_MS:
                module, _, name = nodeid.partition("::")
                data[module][name] = ms
        self.path.write_text(json.dumps(data, indent=0, sort_keys=True) + "\n",
                             encoding="utf-8")
