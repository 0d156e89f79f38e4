"""The guard contract: what every module in ``guards/`` is (SPEC §1 "Verdicts").

A guard is a module ``guards/<module>.py`` with::

    NAME: str        # "<module>" with "_" → "-": bash_check → "bash-check";
                     # shown to Claude as [playgate:<NAME>]
    ADVISORY: bool   # True: an exception in check() is logged and skipped;
                     # False (a security guard): it becomes a BLOCK naming it
    def check(ctx: Context) -> Verdict

and nothing else that runs at import (no I/O, no printing). An event unit
(``events/<event>.py``) lists the guards it runs by module name in
``chain(ctx)``; a unit with its own ``run(ctx)`` may also pass its chain's
outcome through the :class:`OutcomeGuard` modules it names in
``OUTCOME_GUARDS`` (``stop_loop_guard.apply``). Units reach guards by these
names only (``events.runtime.load_guard``), never by importing a guard module.
``tests/guards/test_guard_contract.py`` walks every chain and checks every module it
names against these protocols, so a typo in a chain fails CI instead of
blocking every call.

Only type checkers and tests import this module (it imports ``typing``, which
costs a hook process several milliseconds, CONTRIBUTING "Speed rules"). A
guard module annotates ``check`` with the types from their own homes,
``events.context.Context`` and ``events.verdict.Verdict``: the runtime has
loaded both before any guard, so importing them costs nothing.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from events.context import Context
from events.render import Outcome
from events.verdict import Verdict

__all__ = ["Context", "Guard", "Outcome", "OutcomeGuard", "Verdict", "guard_name"]


@runtime_checkable
class Guard(Protocol):
    """A chain guard module (``events/<event>.py`` ``chain(ctx)`` names it)."""

    #: ``guard_name(<module>)``; the label of its verdicts.
    NAME: str
    #: True: a raising ``check`` is skipped; False: it blocks (SPEC §1).
    ADVISORY: bool

    def check(self, ctx: Context) -> Verdict:
        """Judge one hook call. Pure: reads through ``ctx``, returns state
        changes as ``Effect``s inside the verdict, never prints or writes."""
        ...


@runtime_checkable
class OutcomeGuard(Protocol):
    """A module that bounds a unit's whole outcome instead of judging a call
    (``guards/stop_loop_guard.py``, called by the Stop and SubagentStop
    units' ``run(ctx)``)."""

    NAME: str
    ADVISORY: bool

    def apply(self, ctx: Context, outcome: Outcome) -> Outcome:
        """Return ``outcome``, possibly changed (a block let through with a
        warning), with any state changes as effects in its trace."""
        ...


def guard_name(module: str) -> str:
    """The ``NAME`` a guard module must have: its module name (the last dotted
    part) with ``_`` → ``-`` (``"guards.bash_check"`` → ``"bash-check"``)."""
    return module.rsplit(".", 1)[-1].replace("_", "-")
