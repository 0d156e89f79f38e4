"""Notification event unit (SPEC §3): log every notification."""

from __future__ import annotations

CHAIN = ("notification_log",)


def chain(ctx) -> tuple:
    """The guards run for every Notification event, in order: :data:`CHAIN`, a tuple
    of module names under ``guards/`` (``ctx`` is not consulted)."""
    return CHAIN
