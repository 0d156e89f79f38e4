"""``python -m playgate ...`` and ``python .claude/playgate ...``.

Run as a directory (``python .claude/playgate doctor`` in a repository
install.py installed into), ``sys.path[0]`` is this package's own directory:
it is replaced by the suite's directory (``.claude/``), placed after the
standard library and before site-packages like ``hooks/_bootstrap.py`` does,
so that a stray ``json.py`` next to the suite cannot shadow a standard module.
"""

import os
import sys


def _setup_path() -> None:
    here = os.path.dirname(os.path.abspath(__file__))
    suite = os.path.dirname(here)
    hooks = os.path.join(suite, "hooks")
    sys.path.insert(0, hooks)
    try:
        import _bootstrap  # lazy: hooks/ goes on sys.path just above; imports only os and sys
    except ImportError:  # a damaged suite: still run, so that doctor can say what is missing
        sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") not in (here, hooks)]
        sys.path.append(suite)
        return
    _bootstrap.put_on_path(suite, (here, suite, hooks))


if __name__ == "__main__":
    if not __package__:  # python path/to/playgate
        _setup_path()
    if sys.argv[1:2] == ["statusline"]:
        # Runs on every status-line refresh: nothing of the CLI is imported,
        # the suite's modules come from the hooks' bundle, and the process
        # ends without interpreter teardown once the line is flushed.
        from playgate import statusline, suite

        statusline.use_bundle(suite.put_on_path() if __package__ else suite.root())
        code = statusline.main(sys.argv[2:])
        sys.stdout.flush()
        os._exit(code)
    from playgate.cli import main

    sys.exit(main())
