"""How many examples a property test draws, by Hypothesis profile.

A property test declares its *budget*: how many examples the property
deserves (``max_examples=examples(3000)``). The loaded profile
(``PLAYGATE_HYPOTHESIS_PROFILE``, registered in ``tests/conftest.py``)
decides how much of it a run draws:

* ``fixed`` (the default: the inner loop and the README's test command)
  draws :data:`FIXED_SHARE` of it, at least ``min(budget, FLOOR)``, the same
  examples on every run. It is the regression net: what it finds reproduces
  on any machine. Drawing the same thousands of examples again on every run
  finds nothing new, so it draws few.
* ``explore`` (its own target in ``.ci/run``) draws :data:`EXPLORE_SHARE` of
  it, new examples on every CI run: this is where new counterexamples are
  found, run after run (ten CI runs draw about a whole budget anew). It
  draws no more than that because ``.ci/run`` must stay under 10 minutes on
  a 2-core machine, and every example drawn there is paid on every run.
* ``deep`` draws the whole budget, new examples: before a release, or after
  changing a parser (docs/development.md, docs/release.md). It also sends
  every row of the tables that check each row in-process and a spread of
  them through the costly route (:func:`spread`).

A budget at or under :data:`FLOOR` is drawn whole by every profile: a test
that declares a small budget does so because each example is costly and
each is needed.
"""

from __future__ import annotations

import os

#: The environment variable naming the profile, and its default.
PROFILE_VARIABLE = "PLAYGATE_HYPOTHESIS_PROFILE"
DEFAULT_PROFILE = "fixed"
#: Share of a declared budget that each profile draws.
FIXED_SHARE = 0.1
EXPLORE_SHARE = 0.1
SHARES = {"fixed": FIXED_SHARE, "ci": FIXED_SHARE, "explore": EXPLORE_SHARE, "deep": 1.0}
#: Below this many examples a budget is never cut.
FLOOR = 25


def profile() -> str:
    """The name of the profile this run loads (``fixed`` unless
    ``PLAYGATE_HYPOTHESIS_PROFILE`` names another); ``ValueError`` for a name
    no profile has, so a typo never silently runs the fixed draw."""
    name = os.environ.get(PROFILE_VARIABLE, DEFAULT_PROFILE)
    if name not in SHARES:
        raise ValueError(f"{PROFILE_VARIABLE}={name!r}: no such Hypothesis profile "
                         f"(one of {', '.join(sorted(SHARES))})")
    return name


def examples(budget: int, name: str | None = None) -> int:
    """How many of ``budget`` examples the profile ``name`` (default: the
    loaded one) draws: ``budget`` when it is at most :data:`FLOOR`, else the
    profile's share of it rounded up, never fewer than :data:`FLOOR`.

    >>> examples(3000, "fixed"), examples(3000, "explore"), examples(3000, "deep")
    (300, 300, 3000)
    >>> examples(12, "fixed"), examples(60, "fixed")
    (12, 25)
    """
    if budget < 1:
        raise ValueError(f"a budget of {budget} examples")
    if budget <= FLOOR:
        return budget
    share = SHARES[name or profile()]
    return max(FLOOR, -(-int(budget * share * 1000) // 1000))


def spread(total: int, count: int, name: str | None = None) -> list:
    """The rows of a table of ``total`` that a run sends through its costly
    route (a hook subprocess, a killed process): ``count`` of them evenly
    spread from the first to the last, both included, in order; every row
    (``range(total)``) under the ``deep`` profile or when ``count`` covers
    the table. The cheap route (in-process) still answers every row: this is
    for tables whose every case is checked there, and whose costly route
    adds only the wiring, the same for every row.

    >>> spread(10, 4, "fixed"), spread(10, 4, "deep"), spread(3, 5, "fixed")
    ([0, 3, 6, 9], [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [0, 1, 2])
    """
    if count < 2 or total < 1:
        raise ValueError(f"a spread of {count} over {total} rows")
    if count >= total or (name or profile()) == "deep":
        return list(range(total))
    return [round(i * (total - 1) / (count - 1)) for i in range(count)]
