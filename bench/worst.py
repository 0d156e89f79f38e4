"""Worst-case benchmark: the slowest inputs we can construct for every gating
hook, and how the time grows with the input's size.

    python -m bench --worst            sizes 1, 10, 60 (just under the analyser's 64 KiB limit), 100 KB and 1 MB; 3 runs each (slowest shown)
    python -m bench --worst --quick    CI: sizes 1 KB, 60 KB and 1 MB, one run each

Claude Code lets a tool call through when a hook times out, so every gating
hook must answer within half its registered timeout (settings.template.json)
whatever the input. Each case is a family of hostile inputs parameterised by
size (``make(size) -> (event, payload)``): constructions that once took tens
of seconds (many ``cd``s that may fail before one command; a recursive
operation whose operands repeat the same tree), inputs at and past the
analyser's size limits (a 1 MB command, a command of many separators, deep
nesting, long words, brace and glob expansion), huge Edit/Write contents
(code, state.md, progress.json), a huge prompt, and Stop/SubagentStop with a
large payload. Every case runs through the installed hook exactly as Claude
Code starts it (:class:`bench.hookbench.Repo`); the decision is checked too
(a gating hook's answer must be a block or a pass, never a crash, and
PermissionRequest must never approve these).

Exit status: 0 when every case is under half its timeout, 3 when one is not,
1 when the benchmark itself fails.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
import time

from bench import hookbench as hb
# Registered timeouts (settings.template.json), seconds: the runtime's table,
# which tests/events/test_deadline.py checks against the template.
from events.runtime import HOOK_TIMEOUT_S as TIMEOUTS
SIZES = (1_000, 10_000, 60_000, 100_000, 1_000_000)
QUICK_SIZES = (1_000, 60_000, 1_000_000)
#: Files under src/tree/ for the tree-walk cases (the walks are bounded; the
#: tree makes each one cost what it would in a real project).
TREE_DIRS = 40
TREE_FILES = 50


def _fill(unit: str, size: int, head: str = "", tail: str = "", sep: str = "") -> str:
    """``head`` + ``unit`` repeated (joined by ``sep``) + ``tail``, about ``size`` characters."""
    room = max(1, size - len(head) - len(tail))
    count = max(1, room // max(1, len(unit) + len(sep)))
    return head + sep.join([unit] * count) + tail


def _bash(repo, command: str, event: str = "PreToolUse") -> tuple:
    return event, hb.tool_payload(repo, "Bash", {"command": command}, event=event)


def _cases() -> list:
    """``[(key, label, make(repo, size) -> (event, payload))]``."""
    cases = []

    def case(key, label):
        def register(fn):
            cases.append((key, label, fn))
            return fn
        return register

    @case("bash-cd-chain", "Bash: cd that may fail, many times, then rm")
    def _(repo, size):
        return _bash(repo, _fill("cd d || cd e ; ", size, tail="rm -rf build"))

    @case("bash-operands-tree", "Bash: recursive chmod naming one tree many times")
    def _(repo, size):
        return _bash(repo, _fill("src/tree", size, head="chmod -R u+w ", sep=" "))

    @case("bash-operands-nested", "Bash: rm -rf of many nested directories")
    def _(repo, size):
        names = [f"src/tree/d{i % TREE_DIRS}" for i in range(max(1, size // 14))]
        return _bash(repo, "rm -rf " + " ".join(names))

    @case("bash-plain-words", "Bash: one plain command, many words")
    def _(repo, size):
        return _bash(repo, _fill("src/app.py", size, head="ls -la ", sep=" "))

    @case("bash-separators", "Bash: many commands joined by ; && |")
    def _(repo, size):
        return _bash(repo, _fill("true && echo a | cat ; ", size, tail="ls"))

    @case("bash-newlines", "Bash: many lines with cd and a redirect")
    def _(repo, size):
        return _bash(repo, _fill("cd src && echo x > out.txt\n", size, tail="ls"))

    @case("bash-nesting", "Bash: nested substitutions and bash -c")
    def _(repo, size):
        depth = 40
        inner = "echo " + "x" * max(1, size - depth * 20)
        for _k in range(depth):
            inner = f"echo $( {inner} ) && bash -c 'true'"
        return _bash(repo, inner[:max(size, 200)])

    @case("bash-quoted-word", "Bash: one huge quoted argument")
    def _(repo, size):
        return _bash(repo, "echo '" + "a b " * max(1, size // 4) + "' > /dev/null")

    @case("bash-heredoc", "Bash: a huge here-document fed to a shell")
    def _(repo, size):
        body = _fill("echo line $HOME\n", size)
        return _bash(repo, f"bash <<EOF\n{body}EOF\n")

    @case("bash-brace-glob", "Bash: brace and glob expansions")
    def _(repo, size):
        return _bash(repo, _fill("src/*/{a,b}{c,d}{e,f}*.py", size, head="ls ", sep=" "))

    @case("bash-variables", "Bash: many assignments and expansions")
    def _(repo, size):
        return _bash(repo, _fill('x="$x$y" ; ', size, tail='rm -rf "$x"'))

    @case("bash-unparseable", "Bash: unbalanced syntax (fallback split)")
    def _(repo, size):
        return _bash(repo, _fill("( { $( `", size))

    @case("bash-interpreter", "Bash: python -c with a huge program")
    def _(repo, size):
        prog = _fill("import os; os.remove('x'); ", size)
        return _bash(repo, f'python3 -c "{prog}"')

    @case("write-code", "Write: huge content to a source file")
    def _(repo, size):
        return "PreToolUse", hb.tool_payload(repo, "Write", {
            "file_path": os.path.join(repo.root, "src", "big.py"),
            "content": _fill("x = 1\n", size)})

    @case("write-progress", "Write: huge progress.json")
    def _(repo, size):
        subtasks = {f"s{i}": {"status": "done", "validations": {}} for i in range(size // 60)}
        return "PreToolUse", hb.tool_payload(repo, "Write", {
            "file_path": os.path.join(repo.root, "play", hb.PLAYBOOK_ID, "progress.json"),
            "content": json.dumps({"format_version": 2, "subtasks": subtasks})[:size * 2]})

    @case("edit-state", "Edit: state.md with a huge new_string")
    def _(repo, size):
        return "PreToolUse", hb.tool_payload(repo, "Edit", {
            "file_path": os.path.join(repo.root, "state.md"),
            "old_string": "milestone: null",
            "new_string": _fill("milestone: x\n", size)})

    @case("edit-state-alias-bomb", "Edit: a YAML alias bomb into state.md")
    def _(repo, size):
        # Each level doubles what an expansion would build: 40 levels is 2^40
        # values from a few KB of text; the size pads the bomb with comments.
        bomb = "\n".join(['a0: &a0 ["x", "x"]'] + [f"a{i}: &a{i} [*a{i - 1}, *a{i - 1}]"
                                                   for i in range(1, 40)])
        return "PreToolUse", hb.tool_payload(repo, "Edit", {
            "file_path": os.path.join(repo.root, "state.md"),
            "old_string": "milestone: null",
            "new_string": "milestone: null\n" + bomb + "\n" + _fill("# x\n", size)})

    @case("write-state", "Write: a huge state.md")
    def _(repo, size):
        with open(os.path.join(repo.root, "state.md"), encoding="utf-8") as fh:
            text = fh.read()
        return "PreToolUse", hb.tool_payload(repo, "Write", {
            "file_path": os.path.join(repo.root, "state.md"),
            "content": text.replace("security: strict", "security: admin")
            + _fill("#", size)})

    @case("prompt", "UserPromptSubmit: huge prompt")
    def _(repo, size):
        return "UserPromptSubmit", hb.payload(repo, "UserPromptSubmit", prompt=_fill(
            "please implement and fix the feature 実装して ", size))

    @case("stop", "Stop: large payload")
    def _(repo, size):
        return "Stop", hb.payload(repo, "Stop", stop_hook_active=False,
                                  last_assistant_message=_fill("done. ", size))

    @case("subagent-stop", "SubagentStop: large payload")
    def _(repo, size):
        return "SubagentStop", hb.payload(repo, "SubagentStop", stop_hook_active=False,
                                          agent_id="a1", agent_type="critic",
                                          last_assistant_message=_fill("PASS ", size))

    @case("permission-long", "PermissionRequest: huge command")
    def _(repo, size):
        return _bash(repo, _fill("src/app.py", size, head="cat ", sep=" "), "PermissionRequest")

    @case("permission-cd-chain", "PermissionRequest: cd chain")
    def _(repo, size):
        return _bash(repo, _fill("cd d || cd e ; ", size, tail="ls"), "PermissionRequest")

    return cases


#: Cases the permission gate must not approve (the others may be approved:
#: ``cat`` of project files stays a safe command however long).
NEVER_APPROVED = frozenset({"permission-cd-chain"})


def _check(key: str, event: str, sample) -> str | None:
    """Why the answer is wrong for a hostile input, or ``None``."""
    out = sample.out.decode("utf-8", "replace")
    if event == "PermissionRequest":
        if key in NEVER_APPROVED and '"allow"' in out:
            return "the permission gate approved a worst-case input"
        return None if sample.code == 0 else f"exit {sample.code}"
    if sample.code not in (0, 2):
        return f"exit {sample.code} (Claude Code ignores it: fails open)"
    return None


def _make_tree(repo) -> None:
    for d in range(TREE_DIRS):
        for f in range(TREE_FILES):
            repo.write(f"src/tree/d{d}/f{f}.py", "x = 1\n")


def run(sizes, runs: int, python: str, out=print, log=None) -> int:
    """Build a repository, time every case at every size (``runs`` times,
    keeping the slowest), print the table; returns the exit status."""
    log = log or (lambda text: print(text, file=sys.stderr, flush=True))
    base = tempfile.mkdtemp(prefix="playgate-worst-")
    failures = []
    try:
        repo = hb.Repo(base, 10, python, out=log)
        log(f"bench --worst: installing into {repo.root}")
        repo.build()
        _make_tree(repo)
        repo.initialise_session()
        repo.save()
        rows = []
        for key, label, make in _cases():
            times = []
            event = None
            for size in sizes:
                event, data = make(repo, size)
                slowest = 0.0
                for _k in range(runs):
                    sample = hb.run_process(repo.commands[event], json.dumps(data).encode(),
                                            repo.env(), repo.root)
                    repo.restore()
                    slowest = max(slowest, sample.wall_ms / 1000.0)
                    problem = _check(key, event, sample)
                    if problem:
                        failures.append(f"{key} at {size} bytes: {problem}")
                times.append(slowest)
            budget = TIMEOUTS[event] / 2
            rows.append((key, label, event, times, budget))
            log(f"  {key}: " + ", ".join(f"{t:.2f}s" for t in times))
        out(render(rows, sizes))
        over = [(key, t, budget) for key, _l, _e, times, budget in rows for t in times
                if t >= budget]
        for key, t, budget in over:
            failures.append(f"{key}: {t:.2f} s, not under half its timeout ({budget:.1f} s)")
        if failures:
            for f in failures:
                out(f"FAIL {f}")
            return 3
        out(f"every case answered under half its hook's timeout (slowest "
            f"{max(t for r in rows for t in r[3]):.2f} s)")
        return 0
    finally:
        shutil.rmtree(base, ignore_errors=True)


def _size_label(n: int) -> str:
    return f"{n // 1_000_000} MB" if n >= 1_000_000 else f"{n // 1000} KB"


def render(rows, sizes) -> str:
    """The table: one row per case, seconds per size, the budget (half the
    timeout) and the growth from the smallest to the largest size."""
    head = f"{'case':<22} {'event':<18}" + "".join(f"{_size_label(s):>9}" for s in sizes) + \
        f"{'budget':>9} {'growth':>8}"
    lines = ["worst-case inputs: wall time (s), slowest run", head, "-" * len(head)]
    for key, _label, event, times, budget in rows:
        growth = times[-1] / times[0] if times[0] > 0 else float("inf")
        lines.append(f"{key:<22} {event:<18}" + "".join(f"{t:>9.2f}" for t in times)
                     + f"{budget:>9.1f} {growth:>7.1f}x")
    return "\n".join(lines)


def main(quick: bool, python: str | None) -> int:
    """``python -m bench --worst [--quick]``."""
    def log(text):
        print(text, file=sys.stderr, flush=True)

    try:
        if not python:
            try:
                python = hb.bench_python(os.path.join(hb.SOURCE, ".cache", "bench"), out=log)
            except hb.BenchError as exc:
                log(f"bench --worst: {exc}; measuring with {sys.executable} instead")
                python = sys.executable
        started = time.time()
        code = run(QUICK_SIZES if quick else SIZES, 1 if quick else 3, os.path.abspath(python),
                   log=log)
        log(f"bench --worst: {time.time() - started:.0f} s")
        return code
    except hb.BenchError as exc:
        print(f"bench --worst: {exc}", file=sys.stderr)
        return 1
