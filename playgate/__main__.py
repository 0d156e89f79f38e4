"""``python -m playgate ...`` and ``python3 .claude/playgate ...``.

Run as a directory (``python3 .claude/playgate doctor`` in a repository
install.py installed into), ``sys.path[0]`` is this package's own directory:
it is replaced by the suite's directory (``.claude/``), placed after the
standard library and before site-packages like ``hooks/_bootstrap.py`` does,
so that a stray ``json.py`` next to the suite cannot shadow a standard module.

This file is committed into the repository (the rest of the suite's code is
not: a clone installs it from the pin). In an installed copy, ``install``
(and, in a clone where the suite's code is missing, every command) goes to
``repair.py`` beside it: standard library only, it sets the clone up from
the pin, so ``python3 .claude/playgate install .`` works before anything
else does. Standard library only, no syntax newer than Python 3.6.
"""

import os
import sys


def _installed_copy(here: str) -> bool:
    """This package is an install's copy (``<repo>/.claude/playgate``), not a
    checkout or a wheel that can install itself."""
    suite = os.path.dirname(here)
    return os.path.basename(suite) == ".claude" and not os.path.isfile(
        os.path.join(suite, "settings.template.json"))


def _to_repair(here: str) -> bool:
    """Hand this run to ``repair.py``: an installed copy asked to install, or
    a clone whose suite code is not there yet."""
    if not _installed_copy(here) or not os.path.isfile(os.path.join(here, "repair.py")):
        return False
    missing = not (os.path.isfile(os.path.join(here, "__init__.py"))
                   and os.path.isfile(os.path.join(os.path.dirname(here), "hooks", "_bootstrap.py")))
    return missing or sys.argv[1:2] in (["install"], ["repair"])


def _hook_python(here: str):
    """The interpreter the installed hooks run (the manifest's ``python``,
    ``"$CLAUDE_PROJECT_DIR"/.claude/.venv/bin/python`` by default), when it
    exists and is not this one: ``python3 .claude/playgate doctor`` then runs
    the CLI with the interpreter that has the dependencies, whatever
    ``python3`` is."""
    claude = os.path.dirname(here)
    repo = os.path.dirname(claude)
    python = os.path.join(claude, ".venv", "bin", "python")
    try:
        import json  # lazy: only an installed copy run by another interpreter reads the manifest

        with open(os.path.join(claude, "playgate.json"), encoding="utf-8") as fh:
            named = json.load(fh).get("python")
        if isinstance(named, str) and named:
            import shlex  # lazy: as above

            words = shlex.split(named)
            if len(words) == 1:
                python = words[0].replace("$CLAUDE_PROJECT_DIR", repo)
    except (OSError, ValueError, AttributeError):
        pass
    if not (os.path.isfile(python) and os.access(python, os.X_OK)):
        return None
    try:
        if os.path.samefile(python, sys.executable) or os.path.realpath(
                os.path.dirname(os.path.dirname(python))) == os.path.realpath(sys.prefix):
            return None
    except OSError:
        return None
    return python


def _repair(here: str) -> int:
    sys.path.insert(0, here)
    import repair  # lazy: repair.py beside this file, standard library only

    return repair.main(sys.argv[1:])


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
        _here = os.path.dirname(os.path.abspath(__file__))
        if _to_repair(_here):
            sys.exit(_repair(_here))
        if _installed_copy(_here) and sys.argv[1:2] != ["statusline"] \
                and not os.environ.get("PLAYGATE_CLI_REEXEC"):
            _python = _hook_python(_here)
            if _python:
                os.environ["PLAYGATE_CLI_REEXEC"] = "1"
                os.execv(_python, [_python, _here, *sys.argv[1:]])
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
