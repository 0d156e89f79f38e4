"""The analysis's bounds (issue 3 "set one"; a hook that times out fails
open, so no input may take long to analyse). Exceeding a bound makes the
analysis unknown; nesting deeper than :data:`MAX_DEPTH` is also a
``depth-limit`` finding (a depth breach counts as dangerous)."""

from __future__ import annotations

#: Deepest nesting of code strings (``bash -c``, ``eval``, substitutions,
#: wrappers' payloads). Deeper is "dangerous" (issue 3).
MAX_DEPTH = 12
#: Largest command analysed, in characters (issue 3: "set one").
MAX_BYTES = 64 * 1024
#: Most simple commands analysed for one call.
MAX_COMMANDS = 2000
#: Most ``; | & newline`` characters in a command handed to bashlex (its
#: parse time grows with them).
MAX_SEPARATORS = 1000
#: Most pieces the best-effort split of an unparseable command looks at.
MAX_FALLBACK_PIECES = 300


class Budget(Exception):
    """Too many commands: stop walking (the analysis is already unknown)."""
