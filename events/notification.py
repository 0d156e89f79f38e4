"""Notification event unit (SPEC §3): log every notification."""

from __future__ import annotations

CHAIN = ("notification_log",)


def chain(ctx) -> tuple:
    return CHAIN
