"""Local time stamps ``YYYY-MM-DD HH:MM:SS``: written (:func:`local_now`) and
read back to seconds (:func:`local_seconds`).

The suite writes local times in this form (seed 000 "タイムスタンプフォーマット":
the crew's execution log, state.md's ``session.last_start`` and
``session.last_end``). Reading one
back with ``time.strptime`` imports ``_strptime``, and with it ``locale``,
``calendar``, ``datetime`` and ``re``: about 12 ms of a crew hook's 35. The
stamps the suite wrote are read here with slicing and ``time.mktime``; any
other spelling goes to ``time.strptime``, so the answer is always the
library's.
"""

from __future__ import annotations

import time

#: The form the suite writes (``time.strftime(FORMAT)``).
FORMAT = "%Y-%m-%d %H:%M:%S"

_MONTH_DAYS = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def local_now() -> str:
    """The local time now in :data:`FORMAT` (``"2026-11-29 17:30:00"``)."""
    return time.strftime(FORMAT)


def _month_days(year: int, month: int) -> int:
    if month == 2 and year % 4 == 0 and (year % 100 != 0 or year % 400 == 0):
        return 29
    return _MONTH_DAYS[month - 1]


def local_seconds(text) -> float:
    """Seconds since the epoch of ``text``, a local time in :data:`FORMAT`.

    The value of ``time.mktime(time.strptime(text, FORMAT))``, and the same
    errors: ``ValueError`` for text that is not such a time (``"2026-02-30
    10:00:00"`` included), ``TypeError`` for a value that is not a string,
    ``OverflowError`` from ``mktime``. Zero-padded ASCII stamps, the only
    ones the suite writes, skip the ``_strptime`` import; anything else is
    handed to ``time.strptime``.
    """
    if (type(text) is str and len(text) == 19 and text[4] == "-" and text[7] == "-"
            and text[10] == " " and text[13] == ":" and text[16] == ":"):
        fields = (text[0:4], text[5:7], text[8:10], text[11:13], text[14:16], text[17:19])
        if all(f.isascii() and f.isdigit() for f in fields):
            year, month, day, hour, minute, second = map(int, fields)
            # strptime's own ranges: seconds up to 61, a real day of the month.
            if (year >= 1 and 1 <= month <= 12 and 1 <= day <= _month_days(year, month)
                    and hour <= 23 and minute <= 59 and second <= 61):
                return time.mktime((year, month, day, hour, minute, second, 0, 0, -1))
    return time.mktime(time.strptime(text, FORMAT))
