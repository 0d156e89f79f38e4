#!/usr/bin/env python3
"""stats (seed 000 ``scripts/stats.sh``): the crew's execution statistics.

    python3 .claude/skills/crew/stats.py          # a table per role
    python3 .claude/skills/crew/stats.py --json   # the same as JSON

Per role: recorded runs, mean duration, how they ended and retries, read
from the hooks' records (``.claude/logs/crew/``). Bad input: a one-line
error on stderr, exit 2.
"""

import sys

if __name__ == "__main__":
    import _launch  # this directory is sys.path[0]

    _launch.prepare(__file__)
    from workflow.crew import cli

    sys.exit(cli.stats(sys.argv[1:]))
