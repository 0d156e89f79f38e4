"""Guards: one module per guard or handler, each a pure function of the context.

The contract (STYLE.md, SPEC §1) every module here follows::

    NAME: str          # the SPEC's name, e.g. "init-guard"
    ADVISORY: bool     # True: an exception in check() is logged and ignored
                       # (ALLOW); False (security guard): it becomes a BLOCK
                       # that names the guard and how to recover.
    def check(ctx: events.context.Context) -> events.verdict.Verdict: ...

A guard never prints, exits or writes files. It reads state through the
context (which loads each file lazily and once) and returns state changes as
``Effect``s inside its verdict. Which guards run, for which event and tool,
and in which order, is decided in one place per event: ``events/<event>.py``.
"""
