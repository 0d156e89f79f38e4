"""Benchmark: whole-process cost of the installed PreToolUse hook for Bash
calls, against the interpreter floor (issue 3 item 5, issue 7).

    python tests/corpus/bench_bash_hook.py [--python PY] [-n 30]

Installs the suite into a temporary repository (with an active playbook on its
own branch, so the whole Bash chain runs), builds the bashlex tables the way
install.py should (``python -m shell.bashparse`` in ``.claude``), then runs
each case ``n`` times as a fresh process, interleaved, and prints the median
wall time and the median CPU time (user+sys of the process and its children;
less sensitive to a loaded machine) with their ratio to ``python -c pass``.

The "naive bashlex import" row is what every Bash call would cost if the hook
imported bashlex the normal way (tables rebuilt at import). Not a unit test:
performance goals live here, not in timed tests.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent
SUITE = HERE.parent.parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(SUITE))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--python", default=sys.executable,
                    help="interpreter with the runtime dependencies (a plain venv, not an "
                         "editable install, gives the production figures)")
    ap.add_argument("-n", type=int, default=30)
    args = ap.parse_args(argv)
    py = args.python
    from bashenv import PLAN, PROGRESS, set_state

    base = tempfile.mkdtemp(prefix="playgate-bench-")
    repo = os.path.join(base, "repo")
    os.makedirs(repo)
    env = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@x",
               GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@x")
    subprocess.run(["git", "init", "-q", "-b", "main", repo], check=True)
    pathlib.Path(repo, "README.md").write_text("x\n")
    subprocess.run(["git", "-C", repo, "add", "-A"], check=True, env=env)
    subprocess.run(["git", "-C", repo, "commit", "-qm", "i"], check=True, env=env)
    subprocess.run([sys.executable, str(SUITE / "install.py"), "--python", py, repo],
                   check=True, capture_output=True)
    os.makedirs(os.path.join(repo, "play", "demo"))
    pathlib.Path(repo, "play/demo/plan.json").write_text(json.dumps(PLAN))
    pathlib.Path(repo, "play/demo/progress.json").write_text(json.dumps(PROGRESS))
    set_state(pathlib.Path(repo))
    subprocess.run(["git", "-C", repo, "checkout", "-qb", "feat/demo"], check=True)
    claude = os.path.join(repo, ".claude")
    subprocess.run([py, "-m", "shell.bashparse"], cwd=claude, check=True, capture_output=True)
    hook = os.path.join(claude, "hooks", "pre_tool_use.py")
    henv = dict(os.environ, CLAUDE_PROJECT_DIR=repo)
    henv.pop("PYTHONDONTWRITEBYTECODE", None)

    def bash(cmd):
        return json.dumps({"session_id": "s", "transcript_path": "/tmp/t", "cwd": repo,
                           "hook_event_name": "PreToolUse", "permission_mode": "default",
                           "tool_name": "Bash", "tool_input": {"command": cmd},
                           "tool_use_id": "t"}).encode()

    naive = ("import sys, runpy; sys.path.insert(0, sys.argv[1]); import bashlex; "
             "sys.argv = [sys.argv[2]]; runpy.run_path(sys.argv[0], run_name='__main__')")
    cases = {
        "floor: python -c pass": ([py, "-c", "pass"], b""),
        "naive bashlex import (before)": ([py, "-c", "import bashlex"], b""),
        "Bash plain: git status": ([py, hook], bash("git status")),
        "Bash plain: pytest -q tests/x.py": ([py, hook], bash("pytest -q tests/x.py -k a")),
        "Bash simple: git log ... | head": ([py, hook],
                                            bash("git log --format='%H %s' | head -5")),
        "Bash simple: commit heredoc": ([py, hook], bash(
            "git commit -m \"$(cat <<'EOF'\nfix: thing\n\nbody\nEOF\n)\"")),
        "Bash bashlex: for loop": ([py, hook], bash(
            "for f in src/*.py; do echo \"$f\"; done | sort -u > /tmp/x.txt")),
        "Bash bashlex, naive import (before)": ([py, "-c", naive, claude, hook],
                                                bash("for f in *.py; do echo $f; done")),
        "Read (non-Bash)": ([py, hook], json.dumps({
            "session_id": "s", "transcript_path": "/tmp/t", "cwd": repo,
            "hook_event_name": "PreToolUse", "permission_mode": "default",
            "tool_name": "Read", "tool_input": {"file_path": repo + "/README.md"},
            "tool_use_id": "t"}).encode()),
    }
    wall = {k: [] for k in cases}
    cpu = {k: [] for k in cases}
    for _ in range(args.n):
        for name, (argv_, data) in cases.items():
            r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
            t0 = time.perf_counter()
            subprocess.run(argv_, input=data, capture_output=True, env=henv, cwd=repo)
            wall[name].append((time.perf_counter() - t0) * 1000)
            r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu[name].append((r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime) * 1000)
    fw = statistics.median(wall["floor: python -c pass"])
    fc = statistics.median(cpu["floor: python -c pass"])
    print(f"n={args.n} python={py}")
    print(f"{'case':40s} {'wall p50':>9s} {'x':>6s} {'cpu p50':>8s} {'x':>6s}")
    for name in cases:
        w, c = statistics.median(wall[name]), statistics.median(cpu[name])
        print(f"{name:40s} {w:8.1f}ms {w / fw:5.2f}x {c:7.1f}ms {c / fc:5.2f}x")
    shutil.rmtree(base, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
