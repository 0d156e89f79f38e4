"""The command line's exit codes and the two errors a command raises.

Kept apart from :mod:`playgate.cli` (which re-exports them) so that the
modules the CLI dispatches to can import them without importing the CLI
(``playgate/project → cli.InputError`` was a cycle).

Exit codes (the same for every command; docs/cli.md "Exit codes"):

* ``0`` — done, and the answer is "yes": healthy, valid, allowed, no difference;
* ``1`` — done, and the answer is "no": ``doctor`` found a problem,
  ``validate`` an invalid file, ``check``/``explain`` a call that would be
  blocked, ``replay`` a call decided differently than in the session;
* ``2`` — usage error (unknown command or event, bad option);
* ``3`` — input error: a file that cannot be read or parsed, no project;
* ``4`` — internal error (a bug in playgate; the traceback is printed).
"""

from __future__ import annotations

EXIT_OK = 0
EXIT_NO = 1
EXIT_USAGE = 2
EXIT_INPUT = 3
EXIT_INTERNAL = 4

EXIT_CODES = {
    EXIT_OK: "done; healthy, valid, allowed or unchanged",
    EXIT_NO: "done; a problem, an invalid file, a blocked call or a changed decision",
    EXIT_USAGE: "usage error",
    EXIT_INPUT: "a file or project that cannot be read",
    EXIT_INTERNAL: "internal error in playgate",
}


class UsageError(Exception):
    """Bad arguments; the message says what is wrong (exit 2)."""


class InputError(Exception):
    """A file or project that cannot be read (exit 3). One line: what and how to fix."""
