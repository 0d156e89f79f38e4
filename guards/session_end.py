"""The SessionEnd handler (SPEC §3 SessionEnd; seed 004 [7]; seed 002 §14.3).

* writes ``session.last_end`` in state.md (the one-line fast path: no YAML);
* looks for uncommitted and unpushed work with at most two git commands run
  in parallel and stopped at :data:`GIT_BUDGET_S` — Claude Code gives all
  SessionEnd hooks 1.5 s together;
* saves what it found to ``.claude/session-state/session-end.json``, which the
  next SessionStart reports (:mod:`guards.session_report`): SessionEnd's own
  output is ignored by Claude Code. It is also the ``systemMessage`` of this
  hook for someone running it by hand;
* leaves ``.claude/.session-init/`` (init-guard's read record, the
  understanding check's consent) to the next SessionStart, which knows
  whether the same conversation is resumed (``claude --continue``: a "yes"
  there answers the check asked before) or a new one starts
  (everything is reset). Only ``pending`` goes: the next start decides it;
* appends the session's end to ``.claude/logs/sessions.log``.

Runtime directories (``.claude/.venv``, caches, logs, session state) and
state.md (whose session keys the hooks themselves rewrite every session) are
not counted as uncommitted work. Without any remote, unpushed commits are not
reported (there is nowhere to push them).
"""

from __future__ import annotations

import os
import time

from events.context import Context
from events.verdict import Effect, Verdict, allow, warn
from guards.session_report import describe_end
from statefiles import gitinfo, gitwork, jsonlog, layout, state_md
from statefiles.atomic import read_text
from statefiles.markers import now_iso
from statefiles.stamps import local_now
from workflow.archive.git_steps import RUNTIME_DIRS, RUNTIME_EXCLUDES

NAME = "session-end"
ADVISORY = True

#: Seconds the git checks may take (the rest of 1.5 s is start-up and writes).
GIT_BUDGET_S = 0.8
#: Paths named in the report.
SAMPLE = 8


def _has_remote(git_dir: str) -> bool:
    return "[remote " in (read_text(os.path.join(git_dir, "config"), 256 * 1024) or "")


def parse_status_v2(text: str) -> dict:
    """Parse ``git status --porcelain=v2 --branch -z`` output into
    ``{"branch", "upstream", "ahead", "behind", "changed": [paths],
    "untracked": [paths]}``."""
    out = {"branch": None, "upstream": None, "ahead": 0, "behind": 0, "changed": [],
           "untracked": []}
    fields = text.split("\0")
    i = 0
    while i < len(fields):
        item = fields[i]
        i += 1
        if not item:
            continue
        if item.startswith("# "):
            key, _, value = item[2:].partition(" ")
            if key == "branch.head":
                out["branch"] = None if value == "(detached)" else value
            elif key == "branch.upstream":
                out["upstream"] = value
            elif key == "branch.ab":
                for part in value.split():
                    if part[:1] in "+-" and part[1:].isdigit():
                        out["ahead" if part[0] == "+" else "behind"] = int(part[1:])
            continue
        kind = item[:1]
        if kind == "1":
            path = item.split(" ", 8)[-1]
        elif kind == "2":
            path = item.split(" ", 9)[-1]
            i += 1  # the original path follows as its own field
        elif kind == "u":
            path = item.split(" ", 10)[-1]
        elif kind == "?":
            path = item[2:]
        else:
            continue
        if path == layout.STATE_MD or any(path == d or path.startswith(d + "/")
                                          for d in RUNTIME_DIRS):
            continue
        out["untracked" if kind == "?" else "changed"].append(path)
    return out


def findings(root: str, budget_s: float = GIT_BUDGET_S) -> dict | None:
    """What is not committed or not pushed in the repository at ``root``:
    ``{"branch", "upstream", "changed", "untracked", "sample", "ahead",
    "unpushed", "timed_out"}``, or ``None`` when ``root`` is not a git work
    tree. Bounded by ``budget_s`` seconds."""
    git_dir = gitinfo.git_dir(root)
    if git_dir is None:
        return None
    commands = {"status": ["git", "-C", root, "status", "--porcelain=v2", "--branch", "-z",
                           "--untracked-files=normal", "--", ".", *RUNTIME_EXCLUDES]}
    remote = _has_remote(git_dir)
    if remote:
        commands["unpushed"] = ["git", "-C", root, "rev-list", "--count", "HEAD", "--not",
                                "--remotes"]
    runs = gitwork.run_parallel(commands, root, time.monotonic() + budget_s)
    report = {"branch": gitinfo.current_branch(root), "upstream": None, "changed": 0,
              "untracked": 0, "sample": [], "ahead": 0, "unpushed": 0, "timed_out": None}
    late = [name for name, run in runs.items() if run.timed_out]
    if late:
        # Facts, said at the next start in that session's language (session-report).
        report["timed_out"] = {"git": late, "seconds": budget_s}
    status = runs.get("status")
    if status is not None and status.ok:
        parsed = parse_status_v2(status.out)
        report.update(upstream=parsed["upstream"], changed=len(parsed["changed"]),
                      untracked=len(parsed["untracked"]), ahead=parsed["ahead"],
                      sample=(parsed["changed"] + parsed["untracked"])[:SAMPLE])
    unpushed = runs.get("unpushed")
    if unpushed is not None and unpushed.ok and unpushed.out.strip().isdigit():
        report["unpushed"] = int(unpushed.out.strip())
    return report


def check(ctx: Context) -> Verdict:
    """SessionEnd: ``always`` effects writing ``session.last_end``, cleaning
    ``.session-init/``, saving the uncommitted/unpushed-work report for the
    next start and logging the end; a WARN with the findings, else ALLOWED.
    Bounded by :data:`GIT_BUDGET_S` (SPEC §3; seed 004 [7])."""
    markers = ctx.markers
    stamp = local_now()
    effects = []
    if ctx.state is not None:
        effects.append(Effect(state_md.update_keys, ctx.root, "session", {"last_end": stamp},
                              when="always", label="write session.last_end"))
    effects.append(Effect(markers.remove, layout.PENDING, when="always",
                          label="remove init-guard's pending marker"))
    found = findings(ctx.root)
    text = None
    if found is not None:
        found.update(ended_at=now_iso(), reason=ctx.hook.raw.get("reason"),
                     session_id=ctx.hook.session_id)
        text = describe_end(found, ctx)
        if text:
            effects.append(Effect(markers.write_json, layout.SESSION_END_REPORT, found,
                                  when="always", label="save session-end report"))
        else:
            effects.append(Effect(markers.remove, layout.SESSION_END_REPORT, when="always",
                                  label="drop an older session-end report"))
    effects.append(Effect(jsonlog.append, ctx.root, layout.SESSIONS_LOG,
                          {"event": "end", "session_id": ctx.hook.session_id,
                           "reason": ctx.hook.raw.get("reason"), "findings": found},
                          when="always", label="log session end"))
    if text:
        return warn(text, effects=tuple(effects))
    return allow(effects=tuple(effects))
