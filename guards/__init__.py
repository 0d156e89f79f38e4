"""Guards: one module per guard, each a pure function of the context.

The contract (``events/guard.py``, SPEC §1; checked for every chain by
``tests/guards/test_guard_contract.py``) every module here follows::

    NAME: str          # the module name with "_" → "-", e.g. "init-guard";
                       # Claude reads it as [playgate:<NAME>]
    ADVISORY: bool     # True: an exception in check() is logged and ignored
                       # (ALLOW); False (security guard): it becomes a BLOCK
                       # that names the guard and how to recover.
    def check(ctx: events.context.Context) -> events.verdict.Verdict: ...

(``stop_loop_guard`` has ``apply(ctx, outcome)`` instead: it bounds the Stop
and SubagentStop units' whole outcome.)

A guard never prints, exits or writes files. It reads state through the
context (which loads each file lazily and once) and returns state changes as
``Effect``s inside its verdict. Which guards run, for which event and tool,
and in which order, is decided in one place per event: ``events/<event>.py``.
What several guards share lives in :mod:`workflow`, file access in
:mod:`statefiles`; nothing but guards lives here.
"""
