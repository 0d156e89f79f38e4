"""``python -m bench``: see :mod:`bench.hookbench`."""

import sys

from bench.hookbench import main

if __name__ == "__main__":
    sys.exit(main())
