"""Latency benchmark of the installed hooks against the interpreter floor.

    python -m bench                  full run: 30 timed rounds, 200 and 10 subtasks
    python -m bench --quick          CI: a few rounds, one size; reports, never fails on noise
    python -m bench --runs 50 --sizes 10,200,1000 --json out.json

What it does:

1. **Interpreter.** The hooks run with a dedicated virtualenv that has only
   the runtime dependencies (pyproject.toml's ranges), built once and cached
   in ``.cache/bench/venv-py<ver>-<hash>/`` of this checkout (``--python``
   overrides it). Not the development venv: an editable ``pip install -e .``
   adds a ``.pth`` import finder that costs every interpreter start ~10 ms.
2. **Repository.** For each size, a temporary git repository with the suite
   installed by ``install.py --python <that interpreter>`` (so the bytecode
   and the bashlex parser tables are whatever the installer produces), an
   active, reviewed playbook ``play/bench/`` of ``size`` subtasks (10 per
   phase: 200 → 20 phases), half of them done with the critic's evidence and a
   critic ledger, on the feature branch ``feat/bench``, state.md pointing at
   it, and the session initialised through the hooks themselves (SessionStart,
   then Read state.md and plan.json clear init-guard's pending marker).
3. **Processes exactly as Claude Code starts them.** Each case runs the
   command registered for its event in ``.claude/settings.json`` via
   ``/bin/sh -c`` with ``CLAUDE_PROJECT_DIR`` set, the cwd at the project
   root, and the JSON payload written to a stdin pipe. Wall time is measured
   from spawn to reap; CPU time (user+sys) and peak RSS come from ``wait4``'s
   resource usage of the shell and its waited-for children (the hook).
4. **Floor.** ``<same interpreter> -c pass``, also via ``/bin/sh -c`` so both
   sides pay the shell's start-up, measured in the same rounds.
5. **Interleaved.** Every round runs every case once (floor included), in an
   order shuffled per round with a fixed seed, so machine noise hits all
   cases alike; ``--warmup`` untimed rounds come first.
6. **Steady state.** A case that changes state files (SessionStart writes
   ``session.last_start`` and re-creates the init marker; Stop may count its
   blocks) has them restored after each run — state.md, ``play/``,
   ``.claude/.session-init``, ``.claude/session-state``, ``.claude/.cache`` —
   so each case sees the same repository every time. Restoring is not timed.
7. **Checked.** Every run's exit code and output are checked against what the
   case must decide (Read allowed, the PermissionRequest approval or silence,
   ...), so the benchmark cannot time a path that fails early by accident.

Ratios are p50(case) / p50(floor) of the same run. Budgets: ≤ 2.5×
for non-Bash events, ≤ 3.0× for Bash PreToolUse and PermissionRequest; peak
RSS ≤ 40 MiB; cost at most linear in the playbook's size.

Exit status: 0 after a report (budget misses included, unless ``--strict``),
3 with ``--strict`` when a budget is missed, 1 when the benchmark itself
fails (setup, an unexpected hook decision, a hook that hangs).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.dirname(HERE)

#: p50 ratio budgets to the interpreter floor.
BUDGET_DEFAULT = 2.5
BUDGET_BASH = 3.0
#: Peak RSS budget in MiB.
RSS_BUDGET_MIB = 40.0
#: Every hook run is killed after this many seconds (a hang is a failure).
RUN_TIMEOUT = 60.0
#: Bounds on setup subprocesses (install, git, venv), in seconds.
SETUP_TIMEOUT = 900.0

#: Files and directories whose content is the repository's state (steady-state check).
STATE_PATHS = ("state.md", "play", ".claude/.session-init", ".claude/session-state",
               ".claude/.cache")
#: Default size (subtasks) of the main table and the small size for the scaling table.
MAIN_SIZE = 200
SUBTASKS_PER_PHASE = 10
PLAYBOOK_ID = "bench"
BRANCH = "feat/bench"


class BenchError(Exception):
    """The benchmark could not measure what it claims (setup failed, a hook
    decided something unexpected, a run hung). One line: what and where."""


# ---------------------------------------------------------------- subprocesses


def _run(argv: list, timeout: float = SETUP_TIMEOUT, **kwargs) -> subprocess.CompletedProcess:
    """subprocess.run with a bound; the process group is killed on timeout."""
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True, **kwargs)
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        _killpg(proc.pid)
        proc.communicate()
        raise BenchError(f"{' '.join(argv[:3])} ... did not finish within {timeout:.0f} s") \
            from None
    return subprocess.CompletedProcess(argv, proc.returncode, out, err)


def _killpg(pid: int) -> None:
    try:
        os.killpg(pid, 9)
    except OSError:
        pass


def _git(repo: str, *args: str) -> None:
    env = dict(os.environ, GIT_AUTHOR_NAME="bench", GIT_AUTHOR_EMAIL="bench@example.invalid",
               GIT_COMMITTER_NAME="bench", GIT_COMMITTER_EMAIL="bench@example.invalid")
    proc = _run(["git", "-C", repo, *args], GIT_TIMEOUT, env=env)
    if proc.returncode != 0:
        raise BenchError(f"git {' '.join(args)} failed: {proc.stderr.decode(errors='replace')}")


GIT_TIMEOUT = 60.0


class Sample:
    """One timed process: wall and CPU time in ms, peak RSS in KiB, exit code, output."""

    __slots__ = ("wall_ms", "cpu_ms", "maxrss_kib", "code", "out", "err")

    def __init__(self, wall_ms, cpu_ms, maxrss_kib, code, out, err) -> None:
        self.wall_ms = wall_ms
        self.cpu_ms = cpu_ms
        self.maxrss_kib = maxrss_kib
        self.code = code
        self.out = out
        self.err = err


#: GNU time, for peak RSS (see :func:`run_process`).
GNU_TIME = "/usr/bin/time"


def run_process(command: str, payload: bytes, env: dict, cwd: str,
                timeout: float = RUN_TIMEOUT, rss: bool = False) -> Sample:
    """Run ``command`` via ``/bin/sh -c`` as Claude Code does: payload on a
    stdin pipe, stdout/stderr captured. Wall time from spawn to reap; CPU
    time from ``wait4`` (the shell and the children it waited for).

    Peak RSS (``rss=True``, untimed runs): ``/usr/bin/time -f %M -o FILE
    /bin/sh -c command``. ``wait4`` on a direct child cannot give it: Linux
    carries the parent's high-water mark into a forked child's ``maxrss``
    across ``exec``, so every direct child would report at least this
    driver's own RSS. GNU time is small, so its child's figure is the hook's.
    Without GNU time ``maxrss_kib`` is ``wait4``'s, an upper bound.

    Raises:
        BenchError: the process did not finish within ``timeout`` seconds
            (its process group is killed).
    """
    out = tempfile.TemporaryFile()
    err = tempfile.TemporaryFile()
    killed = []
    argv = ["/bin/sh", "-c", command]
    rss_file = None
    if rss and os.access(GNU_TIME, os.X_OK):
        fd, rss_file = tempfile.mkstemp(prefix="playgate-bench-rss-")
        os.close(fd)
        argv = [GNU_TIME, "-f", "%M", "-o", rss_file, *argv]
    try:
        t0 = time.perf_counter()
        proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=out,
                                stderr=err, env=env, cwd=cwd, start_new_session=True)
        timer = threading.Timer(timeout, lambda: (killed.append(1), _killpg(proc.pid)))
        timer.start()
        try:
            try:
                if payload:
                    proc.stdin.write(payload)
                proc.stdin.close()
            except BrokenPipeError:  # a command that does not read stdin (the floor)
                pass
            _, status, usage = os.wait4(proc.pid, 0)
            wall = (time.perf_counter() - t0) * 1000.0
        finally:
            timer.cancel()
        proc.returncode = os.waitstatus_to_exitcode(status)
        if killed:
            raise BenchError(f"{command[:80]} did not finish within {timeout:.0f} s")
        maxrss = usage.ru_maxrss
        if rss_file is not None:
            with open(rss_file, encoding="utf-8") as fh:
                lines = fh.read().split()
            try:
                maxrss = int(lines[-1])
            except (IndexError, ValueError):
                raise BenchError(f"{GNU_TIME} gave no peak RSS for {command[:80]}") from None
        out.seek(0)
        err.seek(0)
        return Sample(wall, (usage.ru_utime + usage.ru_stime) * 1000.0, maxrss,
                      proc.returncode, out.read(), err.read())
    finally:
        out.close()
        err.close()
        if rss_file is not None:
            try:
                os.unlink(rss_file)
            except OSError:
                pass


# ---------------------------------------------------------------- interpreter


def bench_python(cache_root: str, out=print) -> str:
    """An interpreter with only the runtime dependencies (pyproject.toml's
    ranges), cached in ``cache_root`` per Python version and requirements;
    built once with ``python -m venv`` and pip (about 20 s), or on the
    interpreter ``$PLAYGATE_PYTHON`` names as the installer does (a ``.pth``
    line to its packages, nothing downloaded; ``.ci/run`` names its own
    virtualenv), cached apart from one built with pip."""
    if SOURCE not in sys.path:
        sys.path.insert(0, SOURCE)
    from playgate import installer as install  # lazy: the checkout's, once SOURCE is on the path

    requirements = install.read_requirements(os.path.join(SOURCE, "pyproject.toml"))
    key = hashlib.sha256(("\n".join(sorted(requirements)) + "\n" + sys.version + "\n"
                          + os.path.realpath(sys.executable) + "\n"
                          + os.environ.get("PLAYGATE_PYTHON", "")).encode()).hexdigest()[:16]
    venv = os.path.join(cache_root, f"venv-py{sys.version_info[0]}{sys.version_info[1]}-{key}")
    python = os.path.join(venv, "bin", "python")
    if os.path.exists(python):
        try:
            install.check_interpreter(python, requirements, what="cached")
            return python
        except install.Refusal:
            shutil.rmtree(venv, ignore_errors=True)
    os.makedirs(cache_root, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix=".venv-build-", dir=cache_root)
    try:
        out(f"bench: building {venv} (runtime dependencies only; cached for later runs)")
        try:
            install.create_venv(os.path.join(tmp, "venv"), requirements, out=lambda *_: None)
        except install.InstallError as exc:
            raise BenchError(f"cannot build the benchmark virtualenv: {exc}") from None
        try:
            os.rename(os.path.join(tmp, "venv"), venv)
        except OSError:
            if not os.path.exists(python):
                raise
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return python


def _editable_finders(python: str) -> list:
    """``.pth`` files of ``python``'s site-packages that install import hooks
    (an editable install): they inflate every start-up, so the figures would
    not be a user's."""
    proc = _run([python, "-c", "import site, sys; print('\\n'.join(site.getsitepackages()))"],
                60)
    found = []
    for directory in proc.stdout.decode().split():
        try:
            names = os.listdir(directory)
        except OSError:
            continue
        found += [os.path.join(directory, n) for n in names
                  if n.endswith(".pth") and ("editable" in n or n.startswith("__editable__"))]
    return found


# ---------------------------------------------------------------- the repository


def make_playbook(size: int) -> tuple:
    """``(plan, progress, done_ids, active_phase, active_subtask)`` for a
    reviewed playbook of ``size`` subtasks, 10 a phase, each phase depending
    on the one before; the first half is done with the critic's evidence,
    the next subtask in progress."""
    n_phases = max(1, -(-size // SUBTASKS_PER_PHASE))
    phases = []
    ids = []
    for p in range(1, n_phases + 1):
        subtasks = []
        for s in range(1, SUBTASKS_PER_PHASE + 1):
            if len(ids) >= size:
                break
            sid = f"p{p}.{s}"
            ids.append((f"p{p}", sid))
            subtasks.append({
                "id": sid,
                "criterion": f"module {p}.{s} handles the documented inputs and its tests pass",
                "executor": "claudecode",
                "coding": True,
                "validation_plan": {
                    "technical": {"type": "automated",
                                  "command": f"python -m pytest -q tests/test_m{p}_{s}.py",
                                  "expected": "all tests pass"},
                    "consistency": "names and error messages match the existing modules",
                    "completeness": "every input listed in the criterion is covered by a test",
                },
            })
        phases.append({"id": f"p{p}", "name": f"phase {p}",
                       "description": f"deliver the modules of phase {p}",
                       "depends_on": [f"p{p - 1}"] if p > 1 else [],
                       "subtasks": subtasks})
    plan = {
        "format_version": 2,
        "meta": {"id": PLAYBOOK_ID, "branch": BRANCH, "created": "2026-01-01",
                 "status": "active", "review_profile": "standard", "reviewed": True,
                 "reviewed_by": "reviewer", "roles": {}},
        "goal": {"summary": "a benchmark-sized playbook",
                 "done_when": [{"criterion": "the test suite passes",
                                "command": "python -m pytest -q", "expected": "passed"}],
                 "scope": {"includes": ["src/**", "tests/**", "docs/**"], "excludes": []}},
        "context": {"why": "measure the hooks with a realistic playbook",
                    "understanding": "confirmed by the user"},
        "max_iterations": 5,
        "phases": phases,
        "final_tasks": [{"id": "ft1", "name": "full test run", "command": "python -m pytest"}],
    }
    done_count = len(ids) // 2
    done = [sid for _, sid in ids[:done_count]]
    active_phase, active_subtask = ids[done_count] if done_count < len(ids) else ids[-1]
    subtask_progress = {}
    for index, (_, sid) in enumerate(ids):
        if index < done_count:
            evidence = [f"pytest -q tests/test_{sid}.py: 12 passed in 0.4s (critic run)"]
            subtask_progress[sid] = {
                "status": "done", "validated_at": "2026-01-02T10:00:00+00:00",
                "validated_by": "critic",
                "validations": {kind: {"status": "PASS", "evidence": evidence}
                                for kind in ("technical", "consistency", "completeness")},
                "notes": "",
            }
        else:
            subtask_progress[sid] = {
                "status": "in_progress" if sid == active_subtask else "pending",
                "validated_at": None, "validated_by": None,
                "validations": {kind: {"status": "PENDING", "evidence": []}
                                for kind in ("technical", "consistency", "completeness")},
                "notes": "",
            }
    phase_progress = {}
    for phase in phases:
        sids = [s["id"] for s in phase["subtasks"]]
        if all(subtask_progress[s]["status"] == "done" for s in sids):
            status = "done"
        elif phase["id"] == active_phase:
            status = "in_progress"
        else:
            status = "pending"
        phase_progress[phase["id"]] = {"status": status, "updated_at": "2026-01-02"}
    progress = {
        "format_version": 2,
        "active": {"phase": active_phase, "subtask": active_subtask},
        "phases": phase_progress,
        "subtasks": subtask_progress,
        "final_tasks": {"ft1": {"status": "pending"}},
        "critic": {"status": "PENDING", "evidence": [], "notes": ""},
    }
    return plan, progress, done, active_phase, active_subtask


STATE_MD = """# state.md

The workflow state of this repository (playgate). Each section is one YAML
block; hooks read and update them. The `config` section can only be changed by
a human, outside Claude Code.

## project
```yaml
name: bench
summary: a repository the benchmark builds
```
---
## playbook
```yaml
active: play/{pid}/plan.json
current_phase: {phase}
branch: {branch}
last_archived: null
```
---
## goal
```yaml
self_complete: false
milestone: null
phase: {phase}
done_criteria:
  - the test suite passes
status: in_progress
```
---
## session
```yaml
last_start: null
last_end: null
```
---
## config
```yaml
security: strict      # strict | trusted | developer | admin
toolstack: A          # A | B | C
roles: {{orchestrator: claudecode, worker: claudecode, reviewer: claudecode, human: user}}
language: en          # en | ja
lint_blocks: false
strict_depends: false
archive_git: false
understanding_auto_approve: false
```
"""

SOURCE_FILES = {
    "README.md": "# bench\n\nA repository the playgate benchmark builds.\n",
    "src/app.py": "def greet(name):\n    return 'hello ' + name\n",
    "src/util.py": "def double(x):\n    return 2 * x\n",
    "tests/test_app.py": "from src.app import greet\n\n\ndef test_greet():\n"
                         "    assert greet('x') == 'hello x'\n",
    "docs/index.md": "# docs\n",
}


class Repo:
    """A benchmark repository: the suite installed, the playbook active, the
    session initialised."""

    def __init__(self, base: str, size: int, python: str, out=print) -> None:
        self.size = size
        self.python = python
        self.root = os.path.realpath(os.path.join(base, f"repo-{size}"))
        self.out = out
        self.commands: dict = {}
        self.plan = self.progress = None
        self.active_subtask = None
        self.snapshot_dir = os.path.join(base, f"snapshot-{size}")

    # -- setup
    def build(self) -> None:
        root = self.root
        os.makedirs(root)
        proc = _run(["git", "init", "-q", "-b", "main", root], GIT_TIMEOUT)
        if proc.returncode != 0:
            raise BenchError(f"git init failed: {proc.stderr.decode(errors='replace')}")
        for rel, text in SOURCE_FILES.items():
            self.write(rel, text)
        _git(root, "add", "-A")
        _git(root, "commit", "-qm", "initial")
        proc = _run([sys.executable, os.path.join(SOURCE, "install.py"), "--python",
                     self.python, root])
        if proc.returncode != 0:
            raise BenchError("install.py failed: "
                             + (proc.stderr + proc.stdout).decode(errors="replace")[-2000:])
        _git(root, "checkout", "-qb", BRANCH)
        plan, progress, done, phase, subtask = make_playbook(self.size)
        self.plan, self.progress, self.active_subtask = plan, progress, subtask
        self.write(f"play/{PLAYBOOK_ID}/plan.json", json.dumps(plan, indent=2) + "\n")
        self.write(f"play/{PLAYBOOK_ID}/progress.json", json.dumps(progress, indent=2) + "\n")
        self.write("state.md", STATE_MD.format(pid=PLAYBOOK_ID, phase=phase, branch=BRANCH))
        ledger = "".join(json.dumps({"ts": "2026-01-02T10:00:00+00:00", "session_id": "bench",
                                     "agent_id": "a1", "playbook": f"play/{PLAYBOOK_ID}/plan.json",
                                     "subtask": sid, "verdict": "PASS", "reason": ""}) + "\n"
                         for sid in done)
        self.write(".claude/logs/critic-ledger.jsonl", ledger)
        _git(root, "add", "-A")
        _git(root, "commit", "-qm", "playbook bench")
        self.commands = self._registered_commands()

    def write(self, rel: str, text: str) -> None:
        path = os.path.join(self.root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)

    def read(self, rel: str) -> str:
        with open(os.path.join(self.root, rel), encoding="utf-8") as fh:
            return fh.read()

    def _registered_commands(self) -> dict:
        """``{event: command}``: the one playgate command registered per event
        (the benchmark's tools all match PreToolUse ``*``, PostToolUse's edit
        matcher and PermissionRequest ``Bash``)."""
        settings = json.loads(self.read(".claude/settings.json"))
        commands = {}
        for event, groups in settings.get("hooks", {}).items():
            for group in groups:
                for handler in group.get("hooks", []):
                    command = handler.get("command", "")
                    if "/hooks/" in command and event not in commands:
                        commands[event] = command
        return commands

    def env(self) -> dict:
        env = dict(os.environ)
        env["CLAUDE_PROJECT_DIR"] = self.root
        for name in ("PLAYGATE_TRACE", "STRICT_MODE", "PYTHONPATH", "PYTHONHOME",
                     "VIRTUAL_ENV", "PYTHONSTARTUP", "PYTHONPROFILEIMPORTTIME"):
            env.pop(name, None)
        return env

    def run(self, event: str, payload: dict) -> Sample:
        return run_process(self.commands[event], json.dumps(payload).encode("utf-8"),
                           self.env(), self.root)

    def initialise_session(self) -> None:
        """SessionStart, then Read state.md and the plan: init-guard's pending
        marker is cleared the way Claude clears it."""
        sample = self.run("SessionStart", payload(self, "SessionStart", source="startup"))
        if sample.code != 0:
            raise BenchError(f"SessionStart failed: {sample.err.decode(errors='replace')}")
        for rel in ("state.md", f"play/{PLAYBOOK_ID}/plan.json"):
            sample = self.run("PreToolUse", tool_payload(self, "Read", {
                "file_path": os.path.join(self.root, rel)}))
            if sample.code != 0:
                raise BenchError(f"Read {rel} was blocked: {sample.err.decode(errors='replace')}")
        if os.path.lexists(os.path.join(self.root, ".claude/.session-init/pending")):
            raise BenchError("init-guard's pending marker is still there after reading the "
                             "required files")

    # -- steady state
    def fingerprint(self) -> list:
        """``[(rel, sha256)]`` of every file under :data:`STATE_PATHS`."""
        items = []
        for top in STATE_PATHS:
            path = os.path.join(self.root, top)
            if os.path.isfile(path):
                items.append((top, _digest(path)))
                continue
            for dirpath, dirnames, filenames in os.walk(path):
                dirnames.sort()
                for name in sorted(filenames):
                    full = os.path.join(dirpath, name)
                    items.append((os.path.relpath(full, self.root), _digest(full)))
        return items

    def save(self) -> None:
        shutil.rmtree(self.snapshot_dir, ignore_errors=True)
        os.makedirs(self.snapshot_dir)
        for top in STATE_PATHS:
            src = os.path.join(self.root, top)
            dst = os.path.join(self.snapshot_dir, top)
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            if os.path.isdir(src):
                shutil.copytree(src, dst, symlinks=True)
            elif os.path.lexists(src):
                shutil.copy2(src, dst, follow_symlinks=False)

    def restore(self) -> None:
        for top in STATE_PATHS:
            dst = os.path.join(self.root, top)
            src = os.path.join(self.snapshot_dir, top)
            if os.path.isdir(dst) and not os.path.islink(dst):
                shutil.rmtree(dst)
            elif os.path.lexists(dst):
                os.unlink(dst)
            if os.path.isdir(src):
                shutil.copytree(src, dst, symlinks=True)
            elif os.path.lexists(src):
                shutil.copy2(src, dst, follow_symlinks=False)


def _digest(path: str) -> str:
    try:
        with open(path, "rb") as fh:
            return hashlib.sha256(fh.read()).hexdigest()
    except OSError as exc:
        return f"unreadable: {exc.strerror}"


# ---------------------------------------------------------------- payloads


def payload(repo: Repo, event: str, **fields) -> dict:
    """A hook payload shaped like Claude Code 2.1.329's (see
    ../shared/fixtures/claude-code-2.1.329/)."""
    data = {
        "session_id": "6f0c1d2e-bench-4e5f-8a9b-0c1d2e3f4a5b",
        "transcript_path": "/tmp/playgate-bench-transcript.jsonl",
        "cwd": repo.root,
        "hook_event_name": event,
    }
    if event not in ("SessionStart", "SessionEnd"):
        data["permission_mode"] = "default"
    data.update(fields)
    return data


def tool_payload(repo: Repo, tool: str, tool_input: dict, event: str = "PreToolUse",
                 **fields) -> dict:
    return payload(repo, event, tool_name=tool, tool_input=tool_input,
                   tool_use_id="toolu_01BenchBenchBenchBenchBe", **fields)


#: The complex Bash command: pipes, ``bash -c``, a heredoc with an expansion
#: (so the full parser, bashlex, is needed), a loop and a redirect into the
#: project.
BASH_COMPLEX = (
    "for f in src/*.py; do bash -c 'grep -n \"def \" \"$1\" | head -3' _ \"$f\"; done"
    " | sort -u > docs/defs.txt && cat <<EOF | wc -l\n"
    "report for $(git rev-parse --short HEAD)\nEOF"
)
#: The commit idiom Claude Code uses (a quoted here-document inside $(...)):
#: the bashlex-free subset parser reads it.
BASH_COMMIT = ("git commit -m \"$(cat <<'EOF'\nbench: record the parser work\n\n"
               "Measured with the benchmark.\nEOF\n)\"")
#: A command the permission gate approves (read-only git inside the project).
PERMISSION_ALLOWED = "git log --oneline -5"
#: A command the permission gate leaves to the dialog (subcommand_ask git:push).
PERMISSION_DIALOG = "git push origin feat/bench"


def _decision(sample: Sample) -> dict:
    try:
        return json.loads(sample.out.decode("utf-8")) if sample.out.strip() else {}
    except ValueError:
        return {"unparsable": sample.out[:200].decode("utf-8", "replace")}


def _expect_pass(sample: Sample) -> str | None:
    """Allowed: exit 0 and no ``deny``/``block`` decision."""
    if sample.code != 0:
        return f"exit {sample.code}: {sample.err.decode(errors='replace')[:300]}"
    out = _decision(sample)
    if "unparsable" in out:
        return f"stdout is not JSON: {out['unparsable']}"
    hso = out.get("hookSpecificOutput") or {}
    if hso.get("permissionDecision") == "deny" or out.get("decision") == "block":
        return f"blocked: {sample.out[:300].decode(errors='replace')}"
    return None


def _expect_approve(sample: Sample) -> str | None:
    problem = _expect_pass(sample)
    if problem:
        return problem
    decision = ((_decision(sample).get("hookSpecificOutput") or {}).get("decision") or {})
    if decision.get("behavior") != "allow":
        return f"not approved: {sample.out[:300].decode(errors='replace')!r}"
    return None


def _expect_dialog(sample: Sample) -> str | None:
    if sample.code != 0 or sample.out.strip():
        return (f"expected silence (the dialog), got exit {sample.code} "
                f"{sample.out[:300].decode(errors='replace')!r}")
    return None


def _expect_any(sample: Sample) -> str | None:
    """Stop: allowed to stop or told to continue, but never a crash."""
    if sample.code not in (0, 2):
        return f"exit {sample.code}: {sample.err.decode(errors='replace')[:300]}"
    if b"internal error" in sample.err or b"internal error" in sample.out:
        return f"internal error: {(sample.err or sample.out)[:300].decode(errors='replace')}"
    return None


def _expect_statusline(sample: Sample) -> str | None:
    """The status line names the bench playbook and its counts, on one line."""
    text = sample.out.decode(errors="replace")
    if sample.code != 0 or sample.err or not text.startswith(f"playgate | {PLAYBOOK_ID} | phase"):
        return f"exit {sample.code}: {text[:200]!r} {sample.err[:200]!r}"
    return None


def _expect_floor(sample: Sample) -> str | None:
    return None if sample.code == 0 else f"exit {sample.code}"


class Case:
    """One benchmark case: what runs, with which payload, what it must decide,
    its budget (ratio to the floor)."""

    def __init__(self, key: str, label: str, event: str | None, budget: float | None,
                 make, expect) -> None:
        self.key = key
        self.label = label
        self.event = event
        self.budget = budget
        self.make = make
        self.expect = expect


def cases() -> list:
    """The benchmark's cases (one per hook path of the budget), in table order. ``make(repo)`` returns
    ``(command, payload_bytes)``."""

    def hook(event, build):
        def make(repo):
            return repo.commands[event], json.dumps(build(repo)).encode("utf-8")
        return make

    def floor(repo):
        return f"{_sh_quote(repo.python)} -c pass", b""

    def statusline(repo):
        # The command the installer registers (``install --yes``), with the
        # JSON object Claude Code pipes to a status line.
        from playgate.installer.statusline import statusline_command

        data = {"session_id": "bench", "transcript_path": os.path.join(repo.root, "t.jsonl"),
                "cwd": repo.root, "model": {"id": "claude-bench", "display_name": "Bench"},
                "workspace": {"current_dir": repo.root, "project_dir": repo.root},
                "version": "2.1.329", "output_style": {"name": "default"}}
        return statusline_command(_sh_quote(repo.python)), json.dumps(data).encode("utf-8")

    def progress_write(repo):
        progress = json.loads(json.dumps(repo.progress))
        progress["subtasks"][repo.active_subtask]["notes"] = "implementing the parser; tests next"
        return tool_payload(repo, "Write", {
            "file_path": os.path.join(repo.root, f"play/{PLAYBOOK_ID}/progress.json"),
            "content": json.dumps(progress, indent=2) + "\n"})

    def edit_state(repo):
        return tool_payload(repo, "Edit", {
            "file_path": os.path.join(repo.root, "state.md"),
            "old_string": "summary: a repository the benchmark builds",
            "new_string": "summary: a repository the benchmark builds and measures",
            "replace_all": False})

    def edit(repo):
        return tool_payload(repo, "Edit", {
            "file_path": os.path.join(repo.root, "src/app.py"),
            "old_string": "return 'hello ' + name", "new_string": "return f'hello {name}'",
            "replace_all": False})

    def post_edit(repo):
        return tool_payload(repo, "Edit", {
            "file_path": os.path.join(repo.root, "src/app.py"),
            "old_string": "return 'hello ' + name", "new_string": "return f'hello {name}'",
            "replace_all": False}, event="PostToolUse", tool_response={
            "filePath": os.path.join(repo.root, "src/app.py"),
            "oldString": "return 'hello ' + name", "newString": "return f'hello {name}'",
            "originalFile": SOURCE_FILES["src/app.py"], "structuredPatch": [],
            "userModified": False, "replaceAll": False})

    def bash(command):
        return lambda repo: tool_payload(repo, "Bash", {"command": command,
                                                        "description": "bench"})

    def post_bash(event, **fields):
        # The main agent's Bash call, after it ran: PostToolUse and
        # PostToolUseFailure are registered for Bash for the critic's
        # evidence only (critic-commands), so this is the path every other
        # command pays for.
        return lambda repo: tool_payload(repo, "Bash", {"command": "pytest -q",
                                                        "description": "bench"},
                                         event=event, **fields)

    def permission(command):
        return lambda repo: payload(repo, "PermissionRequest", tool_name="Bash",
                                    tool_input={"command": command, "description": "bench"},
                                    permission_suggestions=[])

    return [
        Case("floor", "floor: python -c pass (sh -c)", None, None, floor, _expect_floor),
        Case("read", "PreToolUse Read", "PreToolUse", BUDGET_DEFAULT,
             hook("PreToolUse", lambda r: tool_payload(r, "Read", {
                 "file_path": os.path.join(r.root, "src/app.py")})), _expect_pass),
        Case("edit", "PreToolUse Edit (playbook active)", "PreToolUse", BUDGET_DEFAULT,
             hook("PreToolUse", edit), _expect_pass),
        Case("write_progress", "PreToolUse Write progress.json", "PreToolUse", BUDGET_DEFAULT,
             hook("PreToolUse", progress_write), _expect_pass),
        Case("edit_state", "PreToolUse Edit state.md (extra)", "PreToolUse", BUDGET_DEFAULT,
             hook("PreToolUse", edit_state), _expect_pass),
        Case("bash_plain", "PreToolUse Bash plain (git status)", "PreToolUse", BUDGET_BASH,
             hook("PreToolUse", bash("git status")), _expect_pass),
        Case("bash_commit", "PreToolUse Bash commit heredoc (extra)", "PreToolUse",
             BUDGET_BASH, hook("PreToolUse", bash(BASH_COMMIT)), _expect_pass),
        Case("bash_complex", "PreToolUse Bash complex (bashlex)", "PreToolUse", BUDGET_BASH,
             hook("PreToolUse", bash(BASH_COMPLEX)), _expect_pass),
        Case("perm_allow", "PermissionRequest allowed", "PermissionRequest", BUDGET_BASH,
             hook("PermissionRequest", permission(PERMISSION_ALLOWED)), _expect_approve),
        Case("perm_dialog", "PermissionRequest dialog", "PermissionRequest", BUDGET_BASH,
             hook("PermissionRequest", permission(PERMISSION_DIALOG)), _expect_dialog),
        Case("post_edit", "PostToolUse Edit", "PostToolUse", BUDGET_DEFAULT,
             hook("PostToolUse", post_edit), _expect_pass),
        Case("post_bash", "PostToolUse Bash (not a critic)", "PostToolUse", BUDGET_DEFAULT,
             hook("PostToolUse", post_bash("PostToolUse", tool_response={
                 "stdout": "3 passed in 0.01s", "stderr": "", "interrupted": False,
                 "isImage": False})), _expect_pass),
        Case("post_bash_fail", "PostToolUseFailure Bash (not a critic)", "PostToolUseFailure",
             BUDGET_DEFAULT, hook("PostToolUseFailure", post_bash(
                 "PostToolUseFailure", error="Exit code 1\n1 failed, 2 passed",
                 is_interrupt=False)), _expect_pass),
        Case("prompt", "UserPromptSubmit", "UserPromptSubmit", BUDGET_DEFAULT,
             hook("UserPromptSubmit", lambda r: payload(
                 r, "UserPromptSubmit",
                 prompt="Carry on with the active subtask and run its tests when done.")),
             _expect_pass),
        Case("stop", "Stop", "Stop", BUDGET_DEFAULT,
             hook("Stop", lambda r: payload(r, "Stop", stop_hook_active=False,
                                            last_assistant_message="Implemented the parser; "
                                            "the critic runs next.")), _expect_any),
        Case("session_start", "SessionStart", "SessionStart", BUDGET_DEFAULT,
             hook("SessionStart", lambda r: payload(r, "SessionStart", source="startup",
                                                    model="claude-bench")), _expect_pass),
        Case("statusline", "statusLine (playgate statusline)", None, BUDGET_DEFAULT,
             statusline, _expect_statusline),
    ]


def _sh_quote(text: str) -> str:
    return "'" + text.replace("'", "'\"'\"'") + "'"


# ---------------------------------------------------------------- measuring


def percentile(values: list, q: float) -> float:
    """Nearest-rank percentile (``q`` in 0..100) of a non-empty list."""
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * q // 100))
    return ordered[int(rank) - 1]


class Series:
    """The samples of one case in one repository."""

    def __init__(self, case: Case) -> None:
        self.case = case
        self.wall: list = []
        self.cpu: list = []
        self.rss: list = []
        self.problems: list = []

    def add(self, sample: Sample) -> None:
        self.wall.append(sample.wall_ms)
        self.cpu.append(sample.cpu_ms)


def measure(repos: list, case_list: list, runs: int, warmup: int, seed: int,
            rss_runs: int = 3, progress=None) -> dict:
    """Warm up, find the cases that change state, then ``runs`` timed
    rounds, each running every case in every repository once in a shuffled
    order (so the sizes are compared under the same noise), then
    ``rss_runs`` untimed rounds for peak RSS (see :func:`run_process`).
    Returns ``{repo.size: {case.key: Series}}``.

    Raises:
        BenchError: a case decided something it must not (during warm-up or
            in a timed run), or a run hung.
    """
    units = []
    for repo in repos:
        env = repo.env()
        for case in case_list:
            command, data = case.make(repo)
            units.append((repo, case, command, data, env))

    def once(unit, rss: bool = False) -> Sample:
        repo, case, command, data, env = unit
        sample = run_process(command, data, env, repo.root, rss=rss)
        problem = case.expect(sample)
        if problem:
            raise BenchError(f"{case.label} ({repo.size} subtasks): {problem}")
        return sample

    for _ in range(max(1, warmup)):
        for unit in units:
            once(unit)
            if unit[1].key == "session_start":
                unit[0].initialise_session()
    # Steady state: whatever a case changes is put back after each of its runs.
    steady = {}
    for repo in repos:
        repo.save()
        steady[repo.size] = repo.fingerprint()
    mutating = set()
    for unit in units:
        repo, case = unit[0], unit[1]
        once(unit)
        if repo.fingerprint() != steady[repo.size]:
            mutating.add((repo.size, case.key))
            repo.restore()
            if repo.fingerprint() != steady[repo.size]:
                raise BenchError(f"could not restore the state after {case.label}")

    def timed(unit, rss: bool = False) -> Sample:
        sample = once(unit, rss)
        if (unit[0].size, unit[1].key) in mutating:
            unit[0].restore()
        return sample

    series = {repo.size: {c.key: Series(c) for c in case_list} for repo in repos}
    rng = random.Random(seed)
    for round_no in range(runs):
        order = list(units)
        rng.shuffle(order)
        for unit in order:
            series[unit[0].size][unit[1].key].add(timed(unit))
        if progress:
            progress(round_no + 1, runs)
    for _ in range(max(1, rss_runs)):
        for unit in units:
            series[unit[0].size][unit[1].key].rss.append(timed(unit, rss=True).maxrss_kib)
    for size, key in mutating:
        series[size][key].problems.append("state files restored after each run")
    return series


def summarise(series: dict) -> dict:
    """Per case: p50/p95 wall, p50 CPU, peak RSS, ratio to the floor p50,
    the median of per-round paired ratios, and the budget verdict."""
    floor = series["floor"]
    floor_p50 = statistics.median(floor.wall)
    floor_cpu = statistics.median(floor.cpu)
    rows = {}
    for key, s in series.items():
        p50 = statistics.median(s.wall)
        ratio = p50 / floor_p50
        paired = statistics.median(w / f for w, f in zip(s.wall, floor.wall))
        rss_mib = max(s.rss) / 1024.0
        budget = s.case.budget
        rows[key] = {
            "label": s.case.label,
            "event": s.case.event,
            "runs": len(s.wall),
            "p50_ms": round(p50, 2),
            "p95_ms": round(percentile(s.wall, 95), 2),
            "min_ms": round(min(s.wall), 2),
            "cpu_p50_ms": round(statistics.median(s.cpu), 2),
            "cpu_ratio": round(statistics.median(s.cpu) / floor_cpu, 2),
            "ratio": round(ratio, 2),
            "paired_ratio": round(paired, 2),
            "peak_rss_mib": round(rss_mib, 1),
            "budget": budget,
            "within_budget": (None if budget is None
                              else ratio <= budget and rss_mib <= RSS_BUDGET_MIB),
            "notes": s.problems,
        }
    return rows


# ---------------------------------------------------------------- output

#: Width of the case column.
LABEL = 40


def render_table(rows: dict, size: int) -> str:
    head = (f"{'case':{LABEL}} {'p50 ms':>7} {'p95 ms':>7} {'×floor':>7} {'budget':>7} "
            f"{'paired':>7} {'CPU ms':>7} {'×cpu':>6} {'RSS MiB':>8}  ok")
    lines = [f"playbook: {size} subtasks", head, "-" * len(head)]
    for row in rows.values():
        ok = "" if row["within_budget"] is None else ("yes" if row["within_budget"] else "NO")
        budget = "" if row["budget"] is None else f"≤{row['budget']:.1f}"
        lines.append(f"{row['label']:{LABEL}} {row['p50_ms']:7.1f} {row['p95_ms']:7.1f} "
                     f"{row['ratio']:7.2f} {budget:>7} {row['paired_ratio']:7.2f} "
                     f"{row['cpu_p50_ms']:7.1f} {row['cpu_ratio']:6.2f} "
                     f"{row['peak_rss_mib']:8.1f}  {ok}")
    return "\n".join(lines)


def render_scaling(results: dict) -> str:
    """Cost above the floor per case at each size: it must grow at most
    linearly in the number of subtasks (it should stay nearly flat). Uses CPU
    time (user+sys), which a loaded machine disturbs far less than wall time."""
    sizes = sorted(results)
    if len(sizes) < 2:
        return ""
    small, large = sizes[0], sizes[-1]
    head = (f"{'case':{LABEL}} " + " ".join(f"{f'@{s} ms':>9}" for s in sizes)
            + f" {'CPU over floor':>15} {'growth':>7} {'linear':>7}")
    lines = [f"scaling: wall p50 at {', '.join(map(str, sizes))} subtasks; CPU p50 above the "
             "floor's CPU p50 (same run), smallest → largest size", head, "-" * len(head)]
    for key, row in results[large].items():
        if key == "floor":
            continue
        p50s = [results[s][key]["p50_ms"] for s in sizes]
        over_small = results[small][key]["cpu_p50_ms"] - results[small]["floor"]["cpu_p50_ms"]
        over_large = row["cpu_p50_ms"] - results[large]["floor"]["cpu_p50_ms"]
        growth = over_large / over_small if over_small > 0.5 else float("nan")
        lines.append(f"{row['label']:{LABEL}} " + " ".join(f"{v:9.1f}" for v in p50s)
                     + f" {f'{over_small:.1f} → {over_large:.1f}':>15} {growth:7.2f} "
                     f"{large / small:7.1f}")
    return "\n".join(lines)


def render_markdown(results: dict) -> str:
    """The main table and the scaling table as Markdown (for the README)."""
    sizes = sorted(results)
    main = results[sizes[-1]]
    lines = [f"| case ({sizes[-1]} subtasks) | p50 ms | p95 ms | × floor | budget | CPU ms | "
             "× floor (CPU) | peak RSS MiB |", "|---|---|---|---|---|---|---|---|"]
    for row in main.values():
        budget = "" if row["budget"] is None else f"≤ {row['budget']:.1f}"
        lines.append(f"| {row['label']} | {row['p50_ms']:.1f} | {row['p95_ms']:.1f} | "
                     f"{row['ratio']:.2f} | {budget} | {row['cpu_p50_ms']:.1f} | "
                     f"{row['cpu_ratio']:.2f} | {row['peak_rss_mib']:.1f} |")
    if len(sizes) > 1:
        small, large = sizes[0], sizes[-1]
        lines += ["", "| case | " + " | ".join(f"p50 @{s}" for s in sizes)
                  + f" | CPU above floor @{small} → @{large} | growth |",
                  "|---" * (len(sizes) + 3) + "|"]
        for key, row in main.items():
            if key == "floor":
                continue
            over = [results[s][key]["cpu_p50_ms"] - results[s]["floor"]["cpu_p50_ms"]
                    for s in (small, large)]
            growth = f"{over[1] / over[0]:.2f}" if over[0] > 0.5 else "—"
            lines.append(f"| {row['label']} | "
                         + " | ".join(f"{results[s][key]['p50_ms']:.1f}" for s in sizes)
                         + f" | {over[0]:.1f} → {over[1]:.1f} ms | {growth} |")
    return "\n".join(lines)


def machine_info() -> dict:
    try:
        load = os.getloadavg()
    except OSError:
        load = None
    return {"platform": platform.platform(), "cpus": os.cpu_count(),
            "loadavg": [round(x, 2) for x in load] if load else None,
            "driver_python": sys.version.split()[0],
            "time": time.strftime("%Y-%m-%dT%H:%M:%S%z")}


# ---------------------------------------------------------------- CLI


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m bench",
        description="Time the installed playgate hooks as Claude Code runs them, against "
                    "the interpreter floor.")
    ap.add_argument("--quick", action="store_true",
                    help="CI mode: 5 rounds, 1 warm-up, one size; reports, never fails on "
                         "budget misses")
    ap.add_argument("--runs", type=int, help="timed rounds (default 30; --quick 5)")
    ap.add_argument("--warmup", type=int, help="untimed rounds first (default 3; --quick 1)")
    ap.add_argument("--sizes", help="playbook sizes in subtasks, comma-separated; the "
                                    "largest is the main table (default 200,10; --quick 200)")
    ap.add_argument("--python", help="hook interpreter (default: a cached virtualenv with only "
                                     "the runtime dependencies, under .cache/bench/)")
    ap.add_argument("--json", dest="json_path",
                    help="write the results here (default bench/out/latest.json, "
                         "bench/out/quick.json with --quick)")
    ap.add_argument("--rss-runs", type=int,
                    help="untimed runs per case for peak RSS (default 3; --quick 1)")
    ap.add_argument("--seed", type=int, default=7, help="shuffle seed of the round order")
    ap.add_argument("--keep", action="store_true", help="keep the temporary repositories")
    ap.add_argument("--markdown", action="store_true", help="print the tables as Markdown")
    ap.add_argument("--show", metavar="JSON",
                    help="print the tables of a saved run (its JSON) and exit")
    ap.add_argument("--strict", action="store_true",
                    help="exit 3 when a case misses its budget (not for CI on a shared machine)")
    ap.add_argument("--worst", action="store_true",
                    help="the worst-case benchmark instead (bench/worst.py): hostile inputs "
                         "up to 1 MB for every gating hook; exit 3 when one is not answered "
                         "under half its timeout (with --quick: two sizes, one run)")
    args = ap.parse_args(argv)
    if args.worst:
        from bench import worst

        return worst.main(args.quick, args.python)
    if args.show:
        with open(args.show, encoding="utf-8") as fh:
            saved = json.load(fh)
        results = {int(k): v for k, v in saved["sizes"].items()}
        print(f"{args.show}: {saved['runs']} rounds, python {saved['python']}, "
              f"load average {saved['machine'].get('loadavg')}, {saved['machine'].get('time')}")
        if args.markdown:
            print(render_markdown(results))
        else:
            print(render_table(results[max(results)], max(results)))
            print(render_scaling(results))
        return 0
    runs = args.runs or (5 if args.quick else 30)
    warmup = args.warmup if args.warmup is not None else (1 if args.quick else 3)
    rss_runs = args.rss_runs if args.rss_runs is not None else (1 if args.quick else 3)
    sizes_text = args.sizes or (str(MAIN_SIZE) if args.quick else f"{MAIN_SIZE},10")
    try:
        sizes = sorted({int(s) for s in sizes_text.split(",") if s.strip()}, reverse=True)
        if not sizes or min(sizes) < 1:
            raise ValueError
    except ValueError:
        ap.error(f"--sizes takes positive integers separated by commas, not {sizes_text!r}")
    if runs < 1:
        ap.error("--runs must be at least 1")
    log = lambda text: print(text, file=sys.stderr, flush=True)  # noqa: E731

    try:
        python = args.python
        if not python:
            try:
                python = bench_python(os.path.join(SOURCE, ".cache", "bench"), out=log)
            except BenchError as exc:
                if not args.quick:
                    raise
                # CI without PyPI: report with this interpreter rather than fail.
                log(f"bench: {exc}; measuring with {sys.executable} instead")
                python = sys.executable
        python = os.path.abspath(python)
        finders = _editable_finders(python)
        if finders:
            log(f"bench: warning: {python} has an editable install ({finders[0]}); every "
                "start-up pays its import finder, so these are not a user's figures")
        base = tempfile.mkdtemp(prefix="playgate-bench-")
        load_start = machine_info()["loadavg"]
        results: dict = {}
        started = time.time()
        try:
            repos = []
            for size in sizes:
                repo = Repo(base, size, python, out=log)
                log(f"bench: installing into {repo.root} ({size} subtasks)")
                repo.build()
                repo.initialise_session()
                repos.append(repo)
            last = [0.0]

            def tick(done, total):
                if time.time() - last[0] > 5 or done == total:
                    last[0] = time.time()
                    log(f"bench: round {done}/{total}")

            measured = measure(repos, cases(), runs, warmup, args.seed,
                               rss_runs=rss_runs, progress=tick)
            results = {size: summarise(series) for size, series in measured.items()}
        finally:
            if args.keep:
                log(f"bench: repositories kept in {base}")
            else:
                shutil.rmtree(base, ignore_errors=True)
    except BenchError as exc:
        print(f"bench: failed: {exc}", file=sys.stderr)
        return 1

    main_size = sizes[0]
    print(f"python {python} (Python {platform.python_version()}), {runs} timed rounds after "
          f"{warmup} warm-up, interleaved; floor and hooks both run via /bin/sh -c; "
          f"load average {machine_info()['loadavg']}")
    if args.markdown:
        print(render_markdown(results))
    else:
        print(render_table(results[main_size], main_size))
        scaling = render_scaling(results)
        if scaling:
            print()
            print(scaling)
    over = [f"{row['label']} ({size} subtasks): {row['ratio']:.2f}× (budget {row['budget']}), "
            f"{row['peak_rss_mib']:.1f} MiB"
            for size, rows in results.items() for row in rows.values()
            if row["within_budget"] is False]
    print()
    print("budget: every case within budget" if not over
          else "budget: OVER for " + "; ".join(over))
    record = {
        "format": 1,
        "issue": 7,
        "machine": dict(machine_info(), loadavg_start=load_start),
        "python": python,
        "runs": runs,
        "warmup": warmup,
        "seed": args.seed,
        "quick": args.quick,
        "elapsed_s": round(time.time() - started, 1),
        "floor": "python -c pass via /bin/sh -c, same interpreter, same rounds",
        "budget": {"ratio_default": BUDGET_DEFAULT, "ratio_bash": BUDGET_BASH,
                   "peak_rss_mib": RSS_BUDGET_MIB},
        "sizes": {str(size): rows for size, rows in results.items()},
        "within_budget": not over,
    }
    path = args.json_path or os.path.join(HERE, "out", "quick.json" if args.quick
                                          else "latest.json")
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(record, fh, indent=2)
        fh.write("\n")
    print(f"results: {path}")
    return exit_status(bool(over), strict=args.strict, quick=args.quick)


def exit_status(over_budget: bool, strict: bool, quick: bool) -> int:
    """0 after a report; 3 for a budget miss only with ``--strict`` and never
    in ``--quick`` mode (CI on a shared machine must not fail on noise)."""
    return 3 if over_budget and strict and not quick else 0
