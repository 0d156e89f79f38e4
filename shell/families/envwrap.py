"""The ``env`` wrapper (SPEC §4; bypass family B), the wrappers family's
second module: ``env [-i] [-u NAME] [-C DIR] [NAME=VALUE...] [-S STRING]
CMD`` read the way getopt reads it — bundles (``-iC DIR``, ``-vS STRING``),
glued values, unique long prefixes — so that no spelling of the directory
or the split string hides the payload.
"""

from __future__ import annotations

import shell.opts as opts
import shell.quoting as quoting
from shell.invocation import X, in_directory, touch_all
from shell.model import Msg, Word

#: The family name recorded on findings (``Finding.command_family``).
FAMILY = "wrappers"
#: Command → handler below (:mod:`shell.registry` lists the same names).
COMMANDS = {"env": "h_env"}


#: env's short options that take a value (coreutils 9: -u NAME, -C DIR,
#: -S STRING, -a ARG0); -i, -0, -v take none; "-" alone is -i.
_ENV_SHORT_VALUES = "uCSa"
_ENV_SHORT_FLAGS = "i0v"
_ENV_LONG_VALUES = ("--unset", "--chdir", "--split-string", "--argv0")
_ENV_LONG_FLAGS = ("--ignore-environment", "--null", "--debug", "--default-signal",
                   "--ignore-signal", "--block-signal", "--list-signal-handling")
_ENV_SHORT_FLAGS_SPELT = tuple("-" + ch for ch in _ENV_SHORT_FLAGS)


def _env_options(x: X):
    """env's options the way getopt reads them (bundles ``-iC dir``, ``-vS
    STRING``, glued values, ``--name=value``, unique prefixes of long
    names): ``([(option, value Word or None)], rest)`` with ``rest`` the
    Words after the options; ``None`` for an option env does not have
    (the analysis cannot say what env does with it)."""
    found = []
    words = x.args
    while True:
        parsed = opts.parse(words, _ENV_SHORT_VALUES, _ENV_LONG_VALUES, posix=True,
                            long_flags=_ENV_LONG_FLAGS)
        for name, value in parsed.opts:
            if name in _ENV_LONG_FLAGS:
                value = None  # "--debug=x": read as the flag
            elif name not in _ENV_LONG_VALUES and (
                    name.startswith("--") or name[1] not in _ENV_SHORT_VALUES + _ENV_SHORT_FLAGS):
                return None, words  # an option env does not have (or an ambiguous prefix)
            elif value is None and name not in _ENV_SHORT_FLAGS_SPELT:
                return None, []  # a value option without its value
            found.append((name, value))
        rest = parsed.operands
        if parsed.dashdash is None and rest and rest[0].value == "-":
            found.append(("-i", None))  # "-" alone is -i; options may follow it
            words = rest[1:]
            continue
        return found, rest


def h_env(x: X) -> list:
    """``env [-i] [-u NAME] [-C DIR] [NAME=VALUE...] [-S STRING] CMD``: the
    payload runs with the assignments (code-running ones are ``env``
    carriers) in ``DIR``; ``-S`` splits its string like env does. Options
    are read like getopt (bundles ``-iC DIR``, ``-vS STRING``); an option env
    does not have is unknown. Without a payload env prints the environment.
    Returns the produced commands."""
    cmd = x.cmd
    found, rest = _env_options(x)
    if found is None:
        x.run.add(cmd)
        x.run.unknown(Msg("shell.unknown.env_given_option_analysis"))
        touch_all(x)
        return [cmd]
    new_cwd = None
    split = None
    for o, v in found:
        if o in ("-u", "--unset") and v is not None and not v.dynamic:
            x.scope.assign(v.value, None, False)
        elif o in ("-C", "--chdir"):
            new_cwd = v
        elif o in ("-S", "--split-string"):
            split = v
        elif o in ("-a", "--argv0"):
            pass   # only what the program sees as its name
    extra: list = []
    payload = _settings(rest, extra)
    if split is not None:
        if split.dynamic:
            x.run.add(cmd)
            x.run.unknown(Msg("shell.unknown.env_runs_command_line"))
            return [cmd]
        # env -S may itself hold NAME=VALUE pairs before the command
        payload = _settings([Word.literal(t) for t in quoting.split_tolerant(split.value)]
                            + payload, extra)
    if not payload:
        return x.plain()    # prints the environment
    return _env_payload(x, payload, extra, new_cwd)


def _settings(words, extra: list) -> list:
    """env's leading ``NAME=VALUE`` operands of ``words`` (Words) appended
    to ``extra`` as ``(name, value)``; returns the Words after them."""
    k = 0
    while k < len(words):
        v = words[k].value
        eq = v.find("=")
        if eq <= 0 or v.startswith("-"):
            break
        extra.append((v[:eq], v[eq + 1:]))
        k += 1
    return list(words[k:])


def _env_payload(x: X, payload, extra, new_cwd) -> list:
    """Run env's payload with the ``extra`` assignments in ``new_cwd``."""
    scope = in_directory(x, new_cwd) if new_cwd is not None else x.scope
    # A code-running setting (LD_PRELOAD=...) is said once, by the payload's
    # own environment check (dispatch._env_checks), naming the program it runs.
    return x.argv(payload, "env", extra_env=extra, scope=scope)
