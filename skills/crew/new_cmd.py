#!/usr/bin/env python3
"""new_cmd (seed 000 ``scripts/new_cmd.sh``): make the next cmd directory.

    python3 .claude/skills/crew/new_cmd.py                 # prints cmd_NNN
    python3 .claude/skills/crew/new_cmd.py --abort cmd_NNN # abandon a cmd

Creates ``work/cmd_NNN/`` (the highest number + 1, three digits at least)
with ``tasks/`` and ``results/``, by an atomic ``mkdir`` retried up to five
times when a parallel session took the number, and prints ``cmd_NNN``.
``--abort`` leaves the ``ABORTED`` marker in a cmd (the user's way to
abandon it: the hooks stop guarding it). Bad input: a one-line error on
stderr, exit 2; no number free after five tries: exit 3.
"""

import sys

if __name__ == "__main__":
    import _launch  # this directory is sys.path[0]

    _launch.prepare(__file__)
    from workflow.crew import cli

    sys.exit(cli.new_cmd(sys.argv[1:]))
