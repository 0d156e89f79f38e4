"""A look before planning: the human's declared test and lint commands run
before a playbook exists.

The golden path holds every change behind a reviewed playbook; reading is
always allowed. Running the project's tests or linters is reading in effect
— what they write is caches and reports, not code or state — and an agent
that cannot run them before planning cannot reproduce a bug or see a
baseline. So a Bash call that is a *look* passes the guards that refuse
changes before a playbook exists (the prompt-analyzer gate, init-guard,
main-branch and bash-check's "no active playbook" rule), while every
writing command stays behind the playbook.

A look is, all of:

1. **a command the permission gate approves as a declared project
   command** (``project_commands`` in ``.claude/permission-config.yaml``,
   :mod:`permission.project_commands`): the human vouched for it, and the
   gate's own phases and floors hold — no shell syntax at all beyond the
   safe suffixes (``;``, ``|``, ``&&``, redirections, ``$(...)``, globs and
   leading assignments are a dialog), the command word is the declared one
   (``env pytest``, ``timeout 9 pytest``, ``sudo pytest`` do not match), no
   URL, every path inside the project, nothing naming ``.claude/`` or
   ``.git/``, the shell analysis floor (nothing destructive, no carrier);
2. **with arguments known to read**: for a runner this module knows
   (:data:`READ_ARGS`: pytest, ruff check, mypy), each argument after the
   declared words is a flag of its read-only list (with its value) or a
   path to read; anything else — ``--junitxml=src/app.py``,
   ``--basetemp=src`` (pytest empties it), ``-p plugin`` (a plugin's own
   options write files), ``-o cache_dir=...``, ``ruff check --fix`` — is
   not a look. Any other declared command (``npm test``, ``make test``) is
   a look only as the human wrote it, with no extra argument;
3. **no argument naming the workflow's state**: state.md or ``play/``.

Everything is decided by the permission gate's code, run in-process; only a
call some guard would otherwise refuse pays for it.
"""

from __future__ import annotations

import os

from statefiles import layout

#: Runner → ``(flags, flags_with_a_value, value_prefix_rules)`` of arguments
#: that only read. A flag with a value takes it attached (``--tb=short``) or
#: as the next word (``-k expr``). ``-p`` for pytest only disables a plugin
#: (``-p no:cacheprovider``): loading one brings its own writing options.
READ_ARGS = {
    "pytest": (
        frozenset({"-q", "-qq", "-v", "-vv", "-vvv", "-x", "-s", "-l", "-ra", "-rA", "-rf",
                   "-rs", "-rx", "-rX", "-rE", "-rN", "--quiet", "--verbose", "--exitfirst",
                   "--lf", "--last-failed", "--ff", "--failed-first", "--nf", "--new-first",
                   "--sw", "--stepwise", "--sw-skip", "--co", "--collect-only", "--no-header",
                   "--no-summary", "--disable-warnings", "--disable-pytest-warnings",
                   "--strict-markers", "--strict-config", "--showlocals", "--doctest-modules",
                   "--setup-show", "--setup-only", "--setup-plan", "--runxfail",
                   "--fixtures", "--markers", "--version", "-h", "--help", "--cache-show",
                   "--full-trace", "--trace-config", "--no-cov"}),
        frozenset({"-k", "-m", "-n", "--numprocesses", "--maxfail", "--tb", "--durations",
                   "--durations-min", "--capture", "--color", "--import-mode", "-W",
                   "--pythonwarnings", "--deselect", "--ignore", "--ignore-glob", "--dist",
                   "--hypothesis-profile", "--hypothesis-seed", "-r", "--maxprocesses"}),
        {"-p": ("no:",)},
    ),
    "ruff check": (
        frozenset({"-q", "--quiet", "-s", "--silent", "-v", "--verbose", "--statistics",
                   "--show-fixes", "--no-fix", "--exit-zero", "--exit-non-zero-on-fix",
                   "--no-cache", "--preview", "--no-preview", "-e", "--show-files",
                   "--show-settings", "--diff"}),
        frozenset({"--select", "--ignore", "--extend-select", "--extend-ignore",
                   "--output-format", "--target-version", "--line-length", "--per-file-ignores",
                   "--exclude", "--extend-exclude"}),
        {},
    ),
    "mypy": (
        frozenset({"--strict", "--ignore-missing-imports", "--no-error-summary", "--pretty",
                   "--show-error-codes", "--show-column-numbers", "--no-incremental",
                   "--follow-imports=silent", "--warn-unused-ignores", "-v", "--verbose",
                   "--version", "-h", "--help", "--no-color-output"}),
        frozenset({"-p", "--package", "-m", "--module", "--python-version", "--exclude",
                   "--follow-imports", "--config-file"}),
        {},
    ),
}


def runner(words: tuple) -> str:
    """The runner a declared prefix's ``words`` name: the module after
    ``-m`` (``python -m pytest`` → ``pytest``), the first two words of a
    known two-word runner (``ruff check``), else the first word's base
    name."""
    if "-m" in words:
        at = words.index("-m")
        if at + 1 < len(words):
            return words[at + 1]
    base = os.path.basename(words[0]) if words else ""
    if len(words) > 1 and f"{base} {words[1]}" in READ_ARGS:
        return f"{base} {words[1]}"
    return base


def _is_state(rel: str) -> bool:
    rel = rel.strip("/")
    return rel == layout.STATE_MD or rel == layout.PLAY_DIR or rel.startswith(
        layout.PLAY_DIR + "/")


def _path_ok(word: str, cwd: str, root: str) -> bool:
    """A positional argument: a path to read (``tests/``, a node id
    ``tests/test_x.py::test_y``) inside the project and not the workflow's
    state, or a plain word (a test name); never an option."""
    if word.startswith("-"):
        return False
    path = word.split("::", 1)[0]
    if not path:
        return False
    full = os.path.normpath(os.path.join(cwd, path))
    rel = layout.relative_to(full, root)
    if rel is None:
        return False
    return not _is_state(rel)


def read_only_args(run: str, args: list, cwd: str, root: str) -> bool:
    """``args`` (the words after the declared prefix) only read, for the
    runner ``run`` (:data:`READ_ARGS`); for a runner this module does not
    know, only when there are none."""
    table = READ_ARGS.get(run)
    if table is None:
        return not args
    flags, valued, prefixed = table
    i = 0
    while i < len(args):
        word = args[i]
        name, eq, value = word.partition("=")
        if word in flags:
            i += 1
            continue
        if name in valued:
            if not eq:
                i += 1
                # The next word is the value; one that starts with "-" is an
                # option the runner may read as such (argparse does).
                if i >= len(args) or args[i].startswith("-"):
                    return False
                value = args[i]
            if name in ("--ignore", "--deselect", "--config-file") and not _path_ok(value, cwd,
                                                                                    root):
                return False
            i += 1
            continue
        if name in prefixed:
            if not eq:
                i += 1
                if i >= len(args) or args[i].startswith("-"):
                    return False
                value = args[i]
            if not value.startswith(prefixed[name]):
                return False
            i += 1
            continue
        if not _path_ok(word, cwd, root):
            return False
        i += 1
    return True


def look(ctx) -> str | None:
    """The declared ``project_commands`` prefix when the Bash call of
    ``ctx`` is a look before planning (see the module docstring), else
    ``None``. Never raises: any doubt is ``None`` (not a look)."""
    if ctx.hook.tool_name != "Bash":
        return None
    command = ctx.hook.tool_input.get("command")
    if not isinstance(command, str) or not command.strip():
        return None
    try:
        return _look(ctx, command)
    except Exception:  # noqa: BLE001 - a look is an exception to a refusal: doubt refuses
        return None


def _look(ctx, command: str) -> str | None:
    # lazy: the permission gate is loaded only for a call a guard would refuse
    from permission import phases as P
    from permission.pipeline import decide
    from permission.project_commands import words_of

    cwd = layout.working_dir(ctx.hook.cwd, ctx.env)
    req = P.Request("Bash", command, cwd, ctx.root, env=ctx.env, session=ctx.hook.session_id)
    decision = decide(P.PHASES, req, P.FLOOR)
    declared = req.project_command
    if not decision.allowed or not declared:
        return None
    words = list(req.words)
    prefix = words_of(declared)
    if tuple(words[:len(prefix)]) != prefix:
        return None
    if not read_only_args(runner(prefix), words[len(prefix):], cwd, ctx.root):
        return None
    return declared


#: Commands that run a project's tests or linters (the first word, or the
#: first two): a refusal of one of them names ``project_commands``.
TEST_AND_LINT = frozenset({
    "pytest", "py.test", "tox", "nox", "ruff", "mypy", "flake8", "pylint", "black", "isort",
    "pyright", "eslint", "jest", "vitest", "mocha", "tsc", "rspec", "phpunit", "ctest",
    "npm test", "npm run", "yarn test", "yarn run", "pnpm test", "pnpm run", "make test",
    "make check", "make lint", "cargo test", "cargo clippy", "cargo check", "go test",
    "go vet", "gradle test", "mvn test", "python -m", "python3 -m", "uv run", "poetry run",
    "bundle exec", "deno test", "bun test",
})


def _first_words(ctx) -> tuple:
    analysis = ctx.shell
    cmds = list(analysis.commands) if analysis is not None else []
    if not cmds:
        return ()
    argv = [str(w) for w in cmds[0].argv[:2]]
    if argv:
        argv[0] = os.path.basename(argv[0])
    return tuple(argv)


def hint(ctx) -> str:
    """For a refused Bash call that runs the project's tests or linters (not
    a look): a sentence naming ``project_commands`` — declared, it runs
    before a playbook and without a permission dialog, which headless nobody
    answers; declared already, it runs as a look only with reading
    arguments. ``""`` for anything else. Never raises."""
    try:
        words = _first_words(ctx)
    except Exception:  # noqa: BLE001 - a hint never turns a refusal into an error
        return ""
    if not words or not (words[0] in TEST_AND_LINT or " ".join(words[:2]) in TEST_AND_LINT):
        return ""
    return ctx.say("looking.hint")
