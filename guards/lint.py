"""lint (SPEC §3 Bash chain 3; seed 002 §5 quality-assurance/checkers/lint.sh).

On ``git commit`` only: run the linters the repository configures on the
files the commit would include, and report what they find as a warning
(``config.lint_blocks: true`` in state.md makes findings block).

* **ruff** — when ``pyproject.toml`` has a ``[tool.ruff`` table or
  ``ruff.toml``/``.ruff.toml`` exists, and a ``ruff`` executable is found
  outside the project (``PATH`` entries outside the repository, then the
  suite's own environment): ``ruff check`` on the staged ``.py`` files;
* **shellcheck** — when ``shellcheck`` is found the same way: on staged
  ``.sh``/``.bash`` files.

A hook never runs project-controlled code: linters inside
the project (``.venv/bin/ruff``, ``node_modules/.bin/eslint``) are never
executed, ESLint not at all (its configuration is JavaScript), and git runs
without the repository's hooks, fsmonitor, pager or filters
(:mod:`statefiles.gitwork`).

Time-bounded: the whole guard stays within :data:`BUDGET_SECONDS` (the hook
timeout is 10 s and a timed-out hook fails open); a linter that runs out of
time is reported as such and never blocks. Advisory: a crash is logged and
ignored.
"""

from __future__ import annotations

import os
import sys
import time

from events.context import Context
from events.verdict import ALLOWED, Verdict, block, warn
from statefiles.atomic import read_text
from workflow.shared import bash_analysis, commit_all

NAME = "lint"
ADVISORY = True

#: Seconds all linters together may take.
BUDGET_SECONDS = 6.0
#: Characters of linter output shown.
MAX_OUTPUT = 1500
PY_EXT = (".py", ".pyi")
SH_EXT = (".sh", ".bash")


def check(ctx: Context) -> Verdict:
    """Bash ``git commit`` only: run the configured linters on the files the
    commit would include (within :data:`BUDGET_SECONDS`) and WARN with their
    findings (BLOCK with ``config.lint_blocks``); else ALLOWED (SPEC §3 Bash
    chain 3; seed 002 §5)."""
    analysis = bash_analysis(ctx)
    if analysis is None:
        return ALLOWED
    commit = next((c for c in analysis.commands if c.name == "git" and
                   c.git_subcommand == "commit" and "--dry-run" not in c.git_args), None)
    if commit is None:
        return ALLOWED
    # ESLint is not run: its configuration (eslint.config.js) and plugins are
    # JavaScript the project controls, and a hook never runs project code.
    runners = [(name, runner) for name, runner, configured in (
        ("ruff", _ruff, _ruff_configured),
        ("shellcheck", _shellcheck, _shellcheck_configured)) if configured(ctx.root)]
    if not runners:
        return ALLOWED    # nothing configured: no subprocess at all
    deadline = time.monotonic() + BUDGET_SECONDS
    files = _commit_files(ctx.root, commit, deadline)
    if not files:
        return ALLOWED
    reports = []
    timeouts = []
    for name, runner in runners:
        if time.monotonic() >= deadline:
            timeouts.append(name)
            continue
        try:
            result = runner(ctx.root, files, deadline)
        except _Timeout:
            timeouts.append(name)
            continue
        if result:
            reports.append(f"{name}:\n{result}")
    if not reports and not timeouts:
        return ALLOWED
    text = "\n".join(reports)
    if len(text) > MAX_OUTPUT:
        text = text[:MAX_OUTPUT] + "\n... (output cut)"
    note = (ctx.say("lint.skipped", linters=", ".join(timeouts), seconds=f"{BUDGET_SECONDS:.0f}")
            if timeouts else "")
    if reports and ctx.config_flag("lint_blocks"):
        return block(ctx.say("lint.block", note=note, report=text))
    if reports:
        return warn(ctx.say("lint.warn", note=note, report=text))
    return warn(ctx.say("lint.timeout", linters=", ".join(timeouts),
                        seconds=f"{BUDGET_SECONDS:.0f}"))


class _Timeout(Exception):
    pass


def _run(argv, cwd, deadline):
    """Run ``argv`` until ``deadline`` with :func:`statefiles.gitwork.run`'s
    environment (git without the repository's hooks, fsmonitor, filters and
    other programs): its ``Result`` (``code``, ``out``,
    ``err``), ``None`` when it could not run."""
    from statefiles import gitwork  # lazy: subprocess (~8 ms) on git commit only

    remaining = deadline - time.monotonic()
    if remaining <= 0.05:
        raise _Timeout()
    result = gitwork.run(argv, cwd=cwd, timeout=remaining)
    if result.timed_out:
        raise _Timeout()
    if result.code is None:
        return None
    return result


def _commit_files(root: str, commit, deadline) -> list:
    """Files the commit would include: staged ones (added, copied, modified,
    renamed), plus modified tracked files with ``-a``, plus explicit paths."""
    files = []
    proc = _run(["git", "diff", "--cached", "--name-only", "--diff-filter=ACMR", "-z"], root,
                deadline)
    if proc is not None and proc.code == 0:
        files += [f for f in proc.out.split("\0") if f]
    args = commit.git_args
    if commit_all(args):
        proc = _run(["git", "diff", "--name-only", "--diff-filter=ACMR", "-z"], root, deadline)
        if proc is not None and proc.code == 0:
            files += [f for f in proc.out.split("\0") if f]
    if "--" in args:
        files += [a for a in args[args.index("--") + 1:]]
    seen = []
    for f in files:
        if f not in seen and os.path.isfile(os.path.join(root, f)):
            seen.append(f)
    return seen


def _exe(root: str, name: str):
    """The executable ``name`` from outside the project (a
    hook never runs project-controlled code): ``PATH`` entries that are
    absolute and outside the repository, then the suite's own environment
    (the hook interpreter's ``bin``); the program itself, symlinks
    resolved, must lie outside it too. The project's virtualenvs and
    ``node_modules`` are never used: the agent can write them. ``None``
    when there is no such executable."""
    from shell.paths import is_under  # lazy: git commit only (shell is loaded by then)

    dirs = os.environ.get("PATH", "").split(os.pathsep) + [os.path.dirname(sys.executable)]
    real_root = os.path.realpath(root)
    for d in dirs:
        if not d or not os.path.isabs(d) or is_under(os.path.realpath(d), real_root):
            continue
        cand = os.path.join(d, name)
        if os.path.isfile(cand) and os.access(cand, os.X_OK) and not is_under(
                os.path.realpath(cand), real_root):
            return cand
    return None


def _ruff_configured(root: str) -> bool:
    configured = os.path.exists(os.path.join(root, "ruff.toml")) or os.path.exists(
        os.path.join(root, ".ruff.toml"))
    if not configured:
        configured = "[tool.ruff" in (read_text(os.path.join(root, "pyproject.toml"),
                                                512 * 1024) or "")
    return configured and _exe(root, "ruff") is not None


def _ruff(root: str, files: list, deadline):
    return _linter("ruff", ["check", "--quiet", "--no-fix"], PY_EXT, root, files, deadline)


def _shellcheck_configured(root: str) -> bool:
    return _exe(root, "shellcheck") is not None


def _shellcheck(root: str, files: list, deadline):
    return _linter("shellcheck", [], SH_EXT, root, files, deadline)


def _linter(name: str, args: list, exts: tuple, root: str, files: list, deadline):
    """Run linter ``name`` (found by :func:`_exe`) with ``args``
    on the ``files`` ending in ``exts``: its output when it finds something,
    ``None`` when it passes, has no file to read, is missing or ran out of
    time."""
    chosen = [f for f in files if f.endswith(exts)]
    if not chosen:
        return None
    exe = _exe(root, name)
    if exe is None:
        return None
    proc = _run([exe, *args, "--", *chosen], root, deadline)
    if proc is None or proc.code == 0:
        return None
    return (proc.out + proc.err).strip() or f"{name} exited with {proc.code}"
