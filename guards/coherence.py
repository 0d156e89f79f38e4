"""coherence (SPEC §3 Bash chain 2; seed 004 §6.2 check-coherence's five checks).

On every Bash call with an active playbook, state.md and the playbook must
agree:

1. **focus ↔ playbook** — ``playbook.active`` points to a readable plan.json,
   and the phase state.md names (``playbook.current_phase``/``goal.phase``)
   exists in it and matches progress.json ``active.phase`` → WARN otherwise;
2. **branch ↔ meta.branch** — the checked-out branch is the playbook's
   ``meta.branch`` → BLOCK otherwise, for commands that change something
   (reads, switching to the playbook's branch and the post-loop handler pass:
   no deadlock);
3. **phase state** — exactly one phase ``in_progress`` while work remains →
   WARN otherwise;
4. **done_criteria** — state.md ``goal.done_criteria`` is a list of non-empty
   strings and plan ``goal.done_when`` entries are strings or objects with a
   ``criterion`` → WARN otherwise;
5. **verification** — a ``git commit`` that would commit state.md with
   ``goal.status: done`` while the critic has not passed (progress.json
   ``critic.status`` PASS with evidence) and ``goal.self_complete`` is not true
   → BLOCK.
"""

from __future__ import annotations

import os

from events.verdict import ALLOWED, block, warn
from guards._shared import is_post_loop_handler
from statefiles import layout

NAME = "coherence"
ADVISORY = False


def check(ctx):
    if ctx.hook.tool_name != "Bash":
        return ALLOWED
    analysis = ctx.shell
    if analysis is None:
        return ALLOWED
    warnings = []

    # 5. verification (any playbook state): a commit of state.md saying done.
    commit = _commit(analysis)
    if commit is not None:
        problem = _done_without_critic(ctx, commit)
        if problem:
            return block(problem)

    pb = ctx.playbook
    if pb is None:
        if ctx.active_playbook_path and ctx.playbook_error:
            warnings.append(ctx.say("coherence.playbook_error", error=ctx.playbook_error))
        return warn(" ".join(warnings)) if warnings else ALLOWED
    if pb.errors:
        warnings.append(ctx.say("coherence.playbook_unreadable", errors="; ".join(pb.errors)))

    # 2. branch <-> meta.branch
    expected = pb.branch
    current = ctx.branch
    if expected and current and current != expected:
        if not _harmless(ctx, analysis, expected):
            return block(ctx.say("coherence.wrong_branch", current=repr(current),
                                 plan=pb.plan_rel, expected_repr=repr(expected),
                                 expected=expected))
        warnings.append(ctx.say("coherence.wrong_branch_warn", current=repr(current),
                                expected=repr(expected)))

    # 1. focus <-> playbook
    state = ctx.state
    phase_ids = [p["id"] for p in pb.phases]
    if state is not None:
        for key_section, key in (("playbook", "current_phase"), ("goal", "phase")):
            value = state.get(key_section, key)
            if isinstance(value, str) and value.strip() and phase_ids and \
                    value.strip() not in phase_ids:
                warnings.append(ctx.say("coherence.unknown_phase", key=f"{key_section}.{key}",
                                        value=repr(value), plan=pb.plan_rel,
                                        phases=", ".join(phase_ids)))
        active_phase = pb.active.get("phase") if isinstance(pb.active, dict) else None
        current_phase = state.get("playbook", "current_phase")
        if isinstance(active_phase, str) and isinstance(current_phase, str) and \
                active_phase.strip() and current_phase.strip() and \
                active_phase.strip() != current_phase.strip():
            warnings.append(ctx.say("coherence.phase_mismatch", state_phase=current_phase,
                                    active_phase=active_phase))
        sb = state.get("playbook", "branch")
        if isinstance(sb, str) and sb.strip() and expected and sb.strip() != expected:
            warnings.append(ctx.say("coherence.branch_mismatch", state_branch=sb,
                                    expected=expected))

    # 3. exactly one phase in progress while work remains
    from statefiles.playbook import phase_status

    statuses = {pid: pb.phase_progress_status(pid) for pid in phase_ids}
    running = [pid for pid, st in statuses.items() if st == "in_progress"]
    remaining = [pid for pid, st in statuses.items() if st != "done"]
    if len(running) > 1:
        warnings.append(ctx.say("coherence.many_running", count=len(running),
                                phases=", ".join(running)))
    elif not running and remaining and any(st not in ("", "pending") for st in
                                           statuses.values()):
        warnings.append(ctx.say("coherence.none_running", phases=", ".join(remaining)))
    del phase_status

    # 4. done_criteria well-formed
    if state is not None:
        crit = state.get("goal", "done_criteria")
        if crit is not None and not (isinstance(crit, list) and all(
                isinstance(c, str) and c.strip() for c in crit)):
            warnings.append(ctx.say("coherence.bad_done_criteria"))
    done_when = pb.goal.get("done_when")
    if done_when is not None and not (isinstance(done_when, list) and all(
            (isinstance(c, str) and c.strip()) or (isinstance(c, dict) and isinstance(
                c.get("criterion"), str) and c["criterion"].strip()) for c in done_when)):
        warnings.append(ctx.say("coherence.bad_done_when", plan=pb.plan_rel))
    return warn(" ".join(warnings)) if warnings else ALLOWED


def _harmless(ctx, analysis, expected: str) -> bool:
    """Commands allowed on the wrong branch: reads, the post-loop handler,
    ``git fetch|pull``, creating a branch, and switching to the playbook's
    branch (the ways out of a mismatch; main-branch allows the same)."""
    if analysis.read_only or is_post_loop_handler(ctx):
        return True
    from shell import is_read_only

    def ok(cmd) -> bool:
        if is_read_only(cmd):
            return True
        if cmd.name == "git" and cmd.trusted:
            sub, args = cmd.git_subcommand, cmd.git_args
            if sub in ("fetch", "pull", "stash") and (sub != "stash" or not args or args[0] in (
                    "push", "list", "show")):
                return True
            if sub in ("checkout", "switch"):
                ops = [a for a in args if not a.startswith("-")]
                flags = [a for a in args if a.startswith("-")]
                if not all(f in ("-b", "-c", "--create", "--track", "-t") for f in flags):
                    return False
                # Creating a branch changes no file (main-branch allows it for
                # the same reason); switching is allowed to the playbook's branch.
                creating = any(f in ("-b", "-c", "--create") for f in flags)
                return ops == [expected] or (creating and 1 <= len(ops) <= 2)
        return False

    return analysis.all_commands(ok)


def _commit(analysis):
    for cmd in analysis.commands:
        if cmd.name == "git" and cmd.git_subcommand == "commit" and not any(
                a in ("--dry-run",) for a in cmd.git_args):
            return cmd
    return None


def _done_without_critic(ctx, commit) -> str | None:
    """Check 5: the state.md that would be committed says goal.status done
    without critic evidence."""
    args = commit.git_args
    include_worktree = _commit_all(args) or any(
        a in (layout.STATE_MD, "./" + layout.STATE_MD) for a in args)
    if include_worktree:
        state = ctx.state
        if state is None:
            return None
        goal = state.section("goal")
    else:
        same, sha = _index_matches_worktree(ctx)
        if same is None:
            return None     # state.md is not in the index: nothing of it is committed
        if same:
            # The index holds the working tree's state.md: read the parsed copy.
            state = ctx.state
            goal = state.section("goal") if state is not None else {}
            if str(goal.get("status", "")).strip().lower() != "done":
                return None
            if not _is_staged(ctx):
                return None
        else:
            from statefiles import state_md

            staged = _index_blob(ctx, sha) if sha else None
            if staged is not None:
                # What the commit records of state.md is the index's copy
                # (staged or, when unstaged, the same as HEAD's): when it is
                # not done there is nothing to check, and no git process to
                # start (issue 7). Only a done status needs git's answer on
                # whether state.md is staged at all.
                goal = state_md.parse(staged)["sections"].get("goal", {}) or {}
                if str(goal.get("status", "")).strip().lower() != "done":
                    return None
            text = _staged_state(ctx)
            if text is None:
                return None
            goal = state_md.parse(text)["sections"].get("goal", {}) or {}
    status = str(goal.get("status", "")).strip().lower() if isinstance(goal, dict) else ""
    if status != "done":
        return None
    if isinstance(goal, dict) and goal.get("self_complete") is True:
        return None
    pb = ctx.playbook
    critic = pb.progress.get("critic") if pb is not None and isinstance(pb.progress, dict) else None
    from statefiles.playbook import validation_entry

    cstatus, evidence = validation_entry(critic) if critic is not None else ("", [])
    if cstatus == "PASS" and evidence:
        return None
    where = (ctx.say("coherence.critic_status", progress=pb.progress_rel,
                     status=cstatus or "missing") if pb is not None
             else ctx.say("coherence.no_critic_verdict"))
    if cstatus == "PASS" and not evidence:
        where += ctx.say("coherence.without_evidence")
    return ctx.say("coherence.done_without_critic", where=where)


def _commit_all(args) -> bool:
    """``git commit -a``/``--all`` (also bundled: ``-am msg``)."""
    k = 0
    while k < len(args):
        a = args[k]
        if a == "--":
            break
        if a in ("--all", "-a"):
            return True
        if a.startswith("-") and not a.startswith("--"):
            for ch in a[1:]:
                if ch == "a":
                    return True
                if ch in "mFcCtu":
                    break
        k += 1
    return False


def _index_entry_sha(index: bytes, name: bytes):
    """The blob id recorded for ``name`` in a git index (versions 2-4, SHA-1),
    or ``None``; raises ``ValueError``/``IndexError`` on what it cannot read."""
    if len(index) < 12 or index[:4] != b"DIRC":
        raise ValueError("not a git index")
    version = int.from_bytes(index[4:8], "big")
    count = int.from_bytes(index[8:12], "big")
    if version not in (2, 3, 4):
        raise ValueError(f"index version {version}")
    pos = 12
    prev = b""
    for _ in range(count):
        start = pos
        sha = index[pos + 40:pos + 60]
        flags = int.from_bytes(index[pos + 60:pos + 62], "big")
        extended = 2 if version >= 3 and flags & 0x4000 else 0
        pos += 62 + extended
        if version == 4:
            # git's offset varint: the number of bytes to drop from the previous path
            c = index[pos]
            pos += 1
            strip = c & 0x7F
            while c & 0x80:
                c = index[pos]
                pos += 1
                strip = ((strip + 1) << 7) | (c & 0x7F)
            end = index.index(b"\0", pos)
            path = prev[:len(prev) - strip] + index[pos:end]
            pos = end + 1
        else:
            end = index.index(b"\0", pos)
            path = index[pos:end]
            pos = start + ((62 + extended + len(path) + 8) // 8) * 8
        prev = path
        if path == name:
            return sha.hex()
    return None


def _sha1(data: bytes):
    try:  # the C module directly: hashlib loads OpenSSL (about 2.5 ms, issue 7)
        from _sha1 import sha1
    except ImportError:  # pragma: no cover - a Python built without it
        from hashlib import sha1
    return sha1(data)


def _index_blob(ctx, sha: str) -> str | None:
    """state.md as the index holds it, read from git's loose object ``sha``
    (hex) and checked against that id; ``None`` when it is not a loose object
    of this repository (packed, in an alternate store...) or unreadable —
    then git is asked."""
    import zlib

    from statefiles import gitinfo

    gdir = gitinfo.git_dir(ctx.root)
    if gdir is None or len(sha) != 40:
        return None
    objects = os.path.join(gdir, "objects")
    if not os.path.isdir(objects):  # a linked worktree: objects are in the common dir
        try:
            with open(os.path.join(gdir, "commondir"), encoding="utf-8") as fh:
                objects = os.path.join(gdir, fh.read().strip(), "objects")
        except OSError:
            return None
    try:
        with open(os.path.join(objects, sha[:2], sha[2:]), "rb") as fh:
            raw = zlib.decompressobj().decompress(fh.read(16 * 1024 * 1024), 16 * 1024 * 1024)
    except (OSError, zlib.error):
        return None
    nul = raw.find(b"\0")
    if nul < 0 or raw[:nul] != b"blob %d" % (len(raw) - nul - 1):
        return None
    if _sha1(raw).hexdigest() != sha:
        return None
    return raw[nul + 1:].decode("utf-8", "replace")


def _index_matches_worktree(ctx) -> tuple:
    """``(True, sha)`` when the index's state.md is the working tree's (the
    common case: no subprocess needed); ``(None, None)`` when the index has no
    state.md; ``(False, sha_or_None)`` otherwise (ask git)."""
    from statefiles import gitinfo

    gdir = gitinfo.git_dir(ctx.root)
    if gdir is None:
        return False, None
    try:
        from statefiles.atomic import read_bytes

        index = read_bytes(f"{gdir}/index", 64 * 1024 * 1024)
        sha = _index_entry_sha(index, layout.STATE_MD.encode())
        data = read_bytes(ctx.path(layout.STATE_MD), 16 * 1024 * 1024)
    except (OSError, ValueError, IndexError):
        return False, None
    if sha is None:
        return None, None
    blob = _sha1(b"blob %d\0" % len(data) + data).hexdigest()
    return blob == sha, sha


def _is_staged(ctx) -> bool:
    """state.md differs between HEAD and the index."""
    import subprocess

    try:
        diff = subprocess.run(["git", "diff", "--cached", "--name-only", "--", layout.STATE_MD],
                              cwd=ctx.root, capture_output=True, text=True, timeout=3)
    except (OSError, subprocess.SubprocessError):
        return True
    return diff.returncode != 0 or layout.STATE_MD in diff.stdout.split()


def _staged_state(ctx):
    """state.md as staged in the index (``None`` when not staged or no git)."""
    import subprocess

    try:
        diff = subprocess.run(["git", "diff", "--cached", "--name-only", "--", layout.STATE_MD],
                              cwd=ctx.root, capture_output=True, text=True, timeout=3)
        if diff.returncode != 0 or layout.STATE_MD not in diff.stdout.split():
            return None
        shown = subprocess.run(["git", "show", f":{layout.STATE_MD}"], cwd=ctx.root,
                               capture_output=True, text=True, timeout=3)
    except (OSError, subprocess.SubprocessError):
        return None
    if shown.returncode != 0:
        return None
    return shown.stdout
