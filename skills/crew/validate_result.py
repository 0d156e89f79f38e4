#!/usr/bin/env python3
"""validate_result (seed 000 ``scripts/validate_result.sh``): check a
worker's result file.

    python3 .claude/skills/crew/validate_result.py RESULT_PATH PERSONA

Prints one JSON line: ``{"status": "pass"|"fail", "metadata": {status,
quality, completeness, errors, output_files}, "issues": [...], "errors":
[...], ...}`` (see ``statefiles/crew/results.py``). Exit 0 pass, 1 fail, 2 bad
input (a one-line error on stderr). PERSONA is researcher, writer, coder or
reviewer.
"""

import sys

if __name__ == "__main__":
    import _launch  # this directory is sys.path[0]

    _launch.prepare(__file__)
    from workflow.crew import cli

    sys.exit(cli.validate_result(sys.argv[1:]))
