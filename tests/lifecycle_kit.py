"""Builders for the lifecycle tests: playbooks in any state, state.md
activation, a local bare remote, and stand-ins for ``git``/``gh`` on PATH.

Everything here writes only inside the test's own temporary directory.
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

from conftest import git

KINDS = ("technical", "consistency", "completeness")


def plan(pid: str, phases=(("p1", ("p1.1",)),), **extra) -> dict:
    """A reviewed plan.json with ``phases`` = ((phase_id, (subtask ids)), ...)."""
    body = {
        "format_version": 2,
        "meta": {"id": pid, "branch": f"feat/{pid}", "created": "2026-01-01", "status": "active",
                 "review_profile": "standard", "reviewed": True, "reviewed_by": "reviewer",
                 "roles": {}},
        "goal": {"summary": f"Deliver {pid}", "done_when": [{"criterion": f"{pid} works"}],
                 "scope": {"includes": ["src/**", "docs/**"], "excludes": ["vendor/**"]}},
        "context": {"what": pid, "why": "test", "how": "test", "scope": "src",
                    "exclusions": "none", "risks": "none"},
        "max_iterations": 5,
        "phases": [
            {"id": ph, "name": f"phase {ph}", "description": "", "depends_on": [],
             "subtasks": [{"id": s, "criterion": f"criterion of {s}", "executor": "claudecode",
                           "coding": True, "validation_plan": {}} for s in subs]}
            for ph, subs in phases
        ],
        "final_tasks": [],
    }
    body.update(extra)
    return body


def done_entry() -> dict:
    return {"status": "done", "validated_at": "2026-01-02T00:00:00+00:00",
            "validated_by": "critic",
            "validations": {k: {"status": "PASS", "evidence": [f"{k} ok"]} for k in KINDS},
            "notes": ""}


def progress(plan_body: dict, done=(), critic="PENDING", in_progress=None,
             final_tasks=None) -> dict:
    """progress.json for ``plan_body`` with the subtasks in ``done`` done
    (with evidence); ``done="all"`` marks everything done."""
    subs = [s["id"] for p in plan_body["phases"] for s in p["subtasks"]]
    done_ids = set(subs) if done == "all" else set(done)
    entries = {}
    for sid in subs:
        if sid in done_ids:
            entries[sid] = done_entry()
        else:
            entries[sid] = {"status": "in_progress" if sid == in_progress else "pending",
                            "validations": {}}
    phases = {}
    for p in plan_body["phases"]:
        ids = [s["id"] for s in p["subtasks"]]
        phases[p["id"]] = {"status": "done" if all(i in done_ids for i in ids) else
                           ("in_progress" if any(i in done_ids or i == in_progress for i in ids)
                            else "pending"), "updated_at": None}
    first_open = next((s for s in subs if s not in done_ids), subs[-1])
    phase_of = {s["id"]: p["id"] for p in plan_body["phases"] for s in p["subtasks"]}
    return {
        "format_version": 2,
        "active": {"phase": phase_of[first_open], "subtask": first_open},
        "phases": phases,
        "subtasks": entries,
        "final_tasks": final_tasks if final_tasks is not None else {},
        "critic": {"status": critic, "evidence": ["playbook verified"] if critic == "PASS" else [],
                   "notes": ""},
    }


def write_playbook(root: Path, pid: str, plan_body=None, progress_body=None, **kw) -> Path:
    """Write ``play/<pid>/plan.json`` and ``progress.json``; returns the dir."""
    plan_body = plan_body or plan(pid)
    progress_body = progress_body or progress(plan_body, **kw)
    d = root / "play" / pid
    d.mkdir(parents=True, exist_ok=True)
    (d / "plan.json").write_text(json.dumps(plan_body, indent=2) + "\n")
    (d / "progress.json").write_text(json.dumps(progress_body, indent=2) + "\n")
    return d


def critic_ran(root: Path, pid: str, ids=None, verdict: str = "PASS") -> None:
    """Record in the critic ledger that a critic run gave ``verdict`` for
    ``ids`` (default: every subtask of ``play/<pid>`` and ``playbook``), as
    the SubagentStop hook writes it (guards.critic_ledger). A done status and the archive need this recorded run; typed
    fields alone are not enough."""
    plan_rel = f"play/{pid}/plan.json"
    if ids is None:
        body = json.loads((root / plan_rel).read_text())
        ids = [s["id"] for p in body["phases"] for s in p["subtasks"]] + ["playbook"]
    ledger = root / ".claude" / "logs" / "critic-ledger.jsonl"
    ledger.parent.mkdir(parents=True, exist_ok=True)
    with ledger.open("a", encoding="utf-8") as fh:
        for ident in ids:
            fh.write(json.dumps({"ts": "2026-01-02T00:00:00+00:00", "session_id": "test",
                                 "agent_id": "critic-test", "playbook": plan_rel,
                                 "subtask": ident, "verdict": verdict, "reason": ""}) + "\n")


def set_state(root: Path, section: str, **values) -> None:
    """Set keys in state.md with the suite's own writer."""
    from statefiles import state_md

    state_md.update_keys(str(root), section, values)


def activate(root: Path, pid: str, **goal) -> None:
    set_state(root, "playbook", active=f"play/{pid}/plan.json", current_phase="p1",
              branch=f"feat/{pid}")
    set_state(root, "goal", phase="p1", done_criteria=[f"{pid} works"], status="in_progress",
              **goal)


def set_config(root: Path, **values) -> None:
    """Change state.md's human-only config section (the tests play the human)."""
    set_state(root, "config", **values)


def bare_remote(tmp: Path, repo: Path, name: str = "origin") -> Path:
    """A bare repository as ``name`` of ``repo``, holding ``repo``'s main."""
    remote = tmp / f"{name}.git"
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(remote)], check=True,
                   timeout=30)
    git(repo, "remote", "add", name, str(remote))
    git(repo, "push", "-q", name, "main")
    git(repo, "remote", "set-head", name, "main")
    return remote


def executable(path: Path, text: str) -> Path:
    path.write_text(text)
    path.chmod(path.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return path


#: A stand-in for the GitHub CLI that keeps pull requests in a JSON file and
#: merges them into the bare remote with real git (inside the test's temp dir).
FAKE_GH = r'''#!{python}
import json, os, subprocess, sys, tempfile
DB = os.environ["FAKE_GH_DB"]
REMOTE = os.environ["FAKE_GH_REMOTE"]
args = sys.argv[1:]
try:
    prs = json.load(open(DB))
except OSError:
    prs = []
def save():
    json.dump(prs, open(DB, "w"))
def find(ref):
    for pr in reversed(prs):
        if str(pr["number"]) == ref or pr["url"] == ref or pr["head"] == ref:
            return pr
    return None
if args[:2] == ["pr", "view"]:
    pr = find(args[2])
    if pr is None:
        sys.stderr.write("no pull requests found for branch\n"); sys.exit(1)
    print(json.dumps({"state": pr["state"], "url": pr["url"], "number": pr["number"]}))
elif args[:2] == ["pr", "create"]:
    opts = dict(zip(args[2::2], args[3::2]))
    body = sys.stdin.read()
    n = len(prs) + 1
    pr = {"number": n, "url": f"https://example.invalid/pr/{n}", "state": "OPEN",
          "base": opts["--base"], "head": opts["--head"], "title": opts["--title"], "body": body}
    prs.append(pr); save(); print(pr["url"])
elif args[:2] == ["pr", "merge"]:
    pr = find(args[2])
    if os.environ.get("FAKE_GH_MERGE_FAILS"):
        sys.stderr.write("Pull request is not mergeable: the merge commit cannot be "
                         "cleanly created\n")
        sys.exit(1)
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, GIT_AUTHOR_NAME="gh", GIT_AUTHOR_EMAIL="gh@example.invalid",
                   GIT_COMMITTER_NAME="gh", GIT_COMMITTER_EMAIL="gh@example.invalid")
        run = lambda *a: subprocess.run(["git", *a], cwd=tmp, check=True, env=env,
                                        capture_output=True, timeout=30)
        run("clone", "-q", REMOTE, "w")
        tmp = os.path.join(tmp, "w")
        run("checkout", "-q", pr["base"])
        run("merge", "-q", "--no-ff", "-m", "Merge pull request", "origin/" + pr["head"])
        run("push", "-q", "origin", pr["base"])
    pr["state"] = "MERGED"; save()
else:
    sys.stderr.write("fake gh: unsupported " + " ".join(args) + "\n"); sys.exit(2)
'''


def fake_gh(bindir: Path, db: Path, remote: Path) -> dict:
    """Install the fake ``gh`` into ``bindir``; returns the env to use."""
    bindir.mkdir(parents=True, exist_ok=True)
    executable(bindir / "gh", FAKE_GH.replace("{python}", sys.executable))
    return {"PATH": f"{bindir}{os.pathsep}{os.environ['PATH']}", "FAKE_GH_DB": str(db),
            "FAKE_GH_REMOTE": str(remote)}


def path_without_gh(bindir: Path) -> dict:
    """A PATH on which ``gh`` is certainly absent: only a directory holding
    ``git`` (and the interpreter's own directory)."""
    import shutil

    bindir.mkdir(parents=True, exist_ok=True)
    real_git = shutil.which("git")
    link = bindir / "git"
    if not link.exists():
        link.symlink_to(real_git)
    return {"PATH": os.pathsep.join([str(bindir), os.path.dirname(sys.executable), "/bin"])}


def git_identity() -> dict:
    return {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid",
            "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.invalid"}
