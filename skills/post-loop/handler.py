#!/usr/bin/env python3
"""The post-loop handler (seed 002 §8 post-loop/handlers/complete.sh, §10,
§11.7; SPEC §3).

After a playbook was archived, ``.claude/session-state/post-loop-pending``
holds every edit (pending-guard) and every stop. Claude runs this through
the post-loop skill::

    python3 .claude/skills/post-loop/handler.py            # finish the post-loop
    python3 .claude/skills/post-loop/handler.py --status   # report only, change nothing
    python3 .claude/skills/post-loop/handler.py --no-git   # do not retry the git steps

It

1. finishes the archive if its process died (checkpoint ``running``) and
   retries a ``partial`` git part once (every step is idempotent: a fixed
   cause now succeeds, an unfixed one fails fast with the same message); a
   complete playbook whose archive never started (the archive state
   ``due``, ``workflow.archive.state``) is archived now;
2. removes ``post-loop-pending`` (edits and stops are free again) and closes
   the archive checkpoint (logged to ``.claude/logs/archive.log``);
3. prints what was done, what is left to commit with the exact commands
   (the work and the archive: the archive's own commit stages only the
   playbook's files and state.md), the git steps left to do by
   hand (if any), and how to derive the next task: the remaining playbooks
   under ``play/``, open items of ``play/project.json``, or "all tasks
   complete — wait". The report is in state.md ``config.language`` (the
   message catalogue, ``post_loop.*``).

Runs under the system ``python3``: only the standard library and the suite's
own packages (found next to this file, like the hooks' ``_bootstrap``). When
PyYAML is missing and the suite's ``.claude/.venv`` exists, it re-runs itself
with that interpreter (state.md writes need PyYAML).

Exit status: 0 done or nothing pending; 3 another process is archiving right
now (run again in a moment); 4 the archive itself failed (the message says
what to fix; post-loop-pending is left in place).
"""

import os
import sys

EXIT_BUSY = 3
EXIT_FAILED = 4


def _suite_root() -> str:
    return os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _setup_path() -> None:
    """The suite root on ``sys.path`` as the hooks put it (``hooks/_bootstrap.put_on_path``),
    this directory off it."""
    here = os.path.dirname(os.path.abspath(__file__))
    hooks = os.path.join(_suite_root(), "hooks")
    sys.path.insert(0, hooks)
    import _bootstrap  # imports only os and sys (loaded): nothing else is looked up here

    _bootstrap.put_on_path(_suite_root(), (here, hooks))


def _plugin_python():
    """With the plugin: the interpreter of the environment its bootstrap made
    for this plugin root (``<plugins>/data/*/venv``, whose stamp
    ``playgate-env.json`` names the root; README, Plugin), or ``None``."""
    import glob
    import json

    config = os.environ.get("CLAUDE_CONFIG_DIR") or os.path.join(os.path.expanduser("~"), ".claude")
    data = os.environ.get("CLAUDE_PLUGIN_DATA")
    stamps = ([os.path.join(data, "venv", "playgate-env.json")] if data else []) + sorted(
        glob.glob(os.path.join(config, "plugins", "data", "*", "venv", "playgate-env.json")))
    for stamp in stamps:
        try:
            with open(stamp, encoding="utf-8") as fh:
                root = json.load(fh).get("root")
        except (OSError, ValueError, AttributeError):
            continue
        if isinstance(root, str) and os.path.realpath(root) == os.path.realpath(_suite_root()):
            return os.path.join(os.path.dirname(stamp), "bin", "python")
    return None


def _reexec_with_suite_python() -> None:
    """Without PyYAML, re-run under the suite's own interpreter if there is one."""
    try:
        import yaml  # noqa: F401
        return
    except ImportError:
        pass
    if os.environ.get("PLAYGATE_HANDLER_REEXEC"):
        return
    venv = os.path.join(_suite_root(), ".venv", "bin", "python")
    if not os.path.isfile(venv):
        venv = _plugin_python() or venv
    if os.path.isfile(venv) and os.access(venv, os.X_OK):
        os.environ["PLAYGATE_HANDLER_REEXEC"] = "1"
        os.execv(venv, [venv, os.path.abspath(__file__), *sys.argv[1:]])


def project_root() -> str:
    """The project this handler belongs to: the parent of ``.claude/`` when
    installed, else ``$CLAUDE_PROJECT_DIR`` / the git top-level of the cwd."""
    suite = _suite_root()
    if os.path.basename(suite) == ".claude":
        return os.path.realpath(os.path.dirname(suite))
    from statefiles import layout

    return layout.project_root(os.getcwd(), os.environ)


# ------------------------------------------------------------------ next task


def _open_playbooks(root: str) -> list:
    """``[(plan_rel, status, done, total)]`` for playbooks under play/ that
    are neither archived nor complete."""
    from statefiles import completion, layout
    from statefiles.playbook import Playbook

    play = layout.join(root, layout.PLAY_DIR)
    out = []
    try:
        names = sorted(os.listdir(play))
    except OSError:
        return out
    for name in names:
        if name in ("archive", "template") or name.startswith("."):
            continue
        rel = f"{layout.PLAY_DIR}/{name}/plan.json"
        if not os.path.isfile(layout.join(root, rel)):
            continue
        pb = Playbook(root, rel)
        if pb.plan_error:
            out.append((rel, "unreadable", 0, 0))
            continue
        status = str(pb.meta.get("status") or "draft")
        if status in ("archived", "completed") or (not pb.progress_error
                                                   and completion.is_complete(pb)):
            continue
        done, total = pb.counts()
        out.append((rel, status, done, total))
    return out


def _project_items(root: str) -> list:
    """Open items of ``play/project.json`` (lists under milestones/tasks/
    backlog whose status is not done), as short strings."""
    from statefiles import layout
    from statefiles.playbook import load_json_file

    path = layout.join(root, f"{layout.PLAY_DIR}/project.json")
    if not os.path.isfile(path):
        return []
    data, error = load_json_file(path, "play/project.json")
    if error or not isinstance(data, dict):
        return []
    items = []
    for key in ("milestones", "tasks", "backlog"):
        for item in data.get(key) or []:
            if not isinstance(item, dict):
                continue
            status = str(item.get("status") or "pending").lower()
            if status in ("done", "completed", "archived", "skipped"):
                continue
            name = item.get("id") or item.get("name") or item.get("title")
            title = item.get("title") or item.get("summary") or ""
            if name:
                items.append(f"{key.removesuffix('s')} {name}"
                             + (f": {title}" if title and title != name else "")
                             + f" ({status})")
    return items[:15]


def next_task_text(root: str, lang: str = "en") -> str:
    from messages import text

    playbooks = _open_playbooks(root)
    items = _project_items(root)
    lines = [text(lang, "post_loop.next_header")]
    if playbooks:
        lines.append(text(lang, "post_loop.next_playbooks"))
        for rel, status, done, total in playbooks:
            lines.append(text(lang, "post_loop.next_playbook", plan=rel, status=status, done=done,
                              total=total))
        lines.append(text(lang, "post_loop.next_playbooks_how"))
    if items:
        lines.append(text(lang, "post_loop.next_items", items="; ".join(items)))
        lines.append(text(lang, "post_loop.next_items_how"))
    if not playbooks and not items:
        lines.append(text(lang, "post_loop.next_none"))
    else:
        lines.append(text(lang, "post_loop.next_ask"))
    return "\n".join(lines)


# --------------------------------------------------------------- follow-ups


def manual_steps(cp: dict, lang: str = "en") -> list:
    """Commands for the git steps the archive did not do, in order."""
    from messages import text
    from statefiles import checkpoint
    from workflow.archive.steps import describe_step

    branch = cp.get("branch") or "<branch>"
    remote = cp.get("remote") or "origin"
    default = cp.get("default_branch") or "main"
    fields = {"branch": branch, "remote": remote, "default": default}
    steps = cp.get("steps", {})
    planned = checkpoint.planned_steps(cp)
    # Under trunk the push is the trunk's, after the merge (seed 003 §15).
    trunk = dict(fields, branch=default) if cp.get("branch_policy") == "trunk" else fields
    return [f"{describe_step(s, lang)}: "
            f"{text(lang, f'post_loop.manual.{s}', **(trunk if s == 'push' else fields))}"
            for s in checkpoint.git_steps(cp)
            if s in planned and steps.get(s, {}).get("status") not in ("done", "skipped")]


#: Characters kept in the suggested commit message: nothing the permission
#: gate reads as shell syntax (phase 2), so the command runs without a dialog.
_MESSAGE_OK = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -_.,:/+=@")


def commit_text(root: str, cp: dict | None, lang: str = "en") -> str | None:
    """What is left to commit after the archive, as one instruction with the
    exact commands, or ``None`` when the tree is
    clean. Bytecode, tool caches and secret-like files are left out and
    named."""
    from messages import text
    from statefiles import gitinfo
    from workflow.archive.git_steps import commit_candidates

    commit = _commit_command(root, cp)
    paths, left_out = commit_candidates(root)
    if paths is None:
        return None
    notes = []
    if left_out:
        notes.append(text(lang, "post_loop.commit_left_out", paths=", ".join(left_out[:8])))
    if not paths:
        return " ".join([text(lang, "post_loop.commit_nothing")] + notes)
    branch = gitinfo.current_branch(root) or (cp or {}).get("branch") or "?"
    shown = paths if len(paths) <= 20 else sorted({p.split("/", 1)[0] for p in paths})
    add = "git add -A -- " + " ".join(shown)
    return " ".join([text(lang, "post_loop.commit", branch=branch, add=add, commit=commit)]
                    + notes)


#: The message file of a closing commit whose title the permission gate
#: would not take inline, in the archived playbook's directory.
MESSAGE_FILE = "COMMIT_MESSAGE"


def _commit_command(root: str, cp: dict | None) -> str:
    """The suggested ``git commit``: ``-m "<title> - playbook <id>"`` when the
    title is plain text (:data:`_MESSAGE_OK`, at most 100 characters),
    else ``-F <archive>/COMMIT_MESSAGE`` with the title exactly as the
    playbook wrote it: a ``|`` or a quote in the title is never dropped, and
    the command still has no shell syntax the permission gate would ask
    about. Writes that file (before the caller lists what is left to commit,
    so it is committed with the archive)."""
    from statefiles import atomic, layout

    title = " ".join(str((cp or {}).get("title") or "").split()) or "Finish the playbook"
    ident = str((cp or {}).get("id") or "")
    full = f"{title} - playbook {ident}" if ident else title
    if all(c in _MESSAGE_OK for c in full) and len(full) <= 100:
        return f'git commit -m "{full}"'
    archive = str((cp or {}).get("archive") or "")
    if archive and all(c in _MESSAGE_OK and c != " " for c in archive):
        try:
            atomic.write_atomic(layout.join(root, f"{archive}/{MESSAGE_FILE}"), full + "\n")
            return f"git commit -F {archive}/{MESSAGE_FILE}"
        except OSError:
            pass
    kept = " ".join("".join(c if c in _MESSAGE_OK else " " for c in full).split())
    return f'git commit -m "{kept[:100]}"'



# ----------------------------------------------------------------------- main


def _due_playbook(root: str, state):
    """The active playbook when it is complete with the critic's PASS
    recorded and so due for the archive (``workflow.archive.state``), else
    ``None``."""
    from statefiles.playbook import Playbook, resolve_active
    from workflow.archive.state import complete_with_pass

    active = state.active_playbook if state is not None else None
    rel, _error = resolve_active(root, active) if active else (None, None)
    if rel is None:
        return None
    pb = Playbook(root, rel)
    return pb if complete_with_pass(root, pb, state) else None


def _stopped(result, lang: str):
    """The exit code when the engine could not run at all (another process
    holds its lock: :data:`EXIT_BUSY`; the lock cannot be taken:
    :data:`EXIT_FAILED`, its message printed), else ``None``."""
    from messages import text
    from workflow.archive import run as archive

    if result is not None and result.status == "busy":
        print(text(lang, "post_loop.busy"))
        return EXIT_BUSY
    if result is not None and result.status == archive.UNAVAILABLE:
        print(result.message)
        return EXIT_FAILED
    return None


def main(argv) -> int:
    args = [a for a in argv if a.startswith("-")]
    unknown = [a for a in args if a not in ("--status", "--no-git", "-h", "--help")]
    if "-h" in args or "--help" in args or unknown:
        if unknown:
            print(f"unknown option {unknown[0]}; see --help", file=sys.stderr)
            return 2
        print(__doc__)
        return 0
    from messages import text, tidy
    from statefiles import checkpoint, layout, state_md
    from statefiles.markers import Markers
    from workflow.archive import run as archive
    from workflow.archive.report import describe

    root = project_root()
    # Every write of this run stays inside the project (a link that leads
    # elsewhere is refused, statefiles.atomic.write_path), as in the hooks.
    from statefiles.atomic import confine

    confine(root)
    state = state_md.load(root)
    lang = state.language if state is not None else "en"
    markers = Markers(root)
    pending = markers.read_json(layout.POST_LOOP_PENDING)
    has_pending = markers.exists(layout.POST_LOOP_PENDING)
    cp = checkpoint.load_checkpoint(root)

    if "--status" in args:
        which = (f" ({pending.get('playbook')}, {pending.get('status')})"
                 if isinstance(pending, dict) else "")
        print(text(lang, "post_loop.status_pending" if has_pending else "post_loop.status_none",
                   which=which))
        print(text(lang, "post_loop.status_archive",
                   archive=(f"{cp.get('status')} — "
                            f"{describe(cp, for_handler=True, lang=lang)}"
                            if cp else text(lang, "post_loop.no_checkpoint"))))
        return 0

    retry = "--no-git" not in args
    if cp is None and not has_pending and not os.path.lexists(checkpoint.checkpoint_path(root)):
        # The archive is due (the playbook is complete with the critic's
        # PASS) but never started: the hook that should have run it died.
        pb = _due_playbook(root, state)
        if pb is not None:
            print(text(lang, "post_loop.archived_due", playbook=pb.id))
            from statefiles import gitinfo  # lazy: only for a due archive

            result = archive.run(root, playbook=pb, branch=gitinfo.current_branch(root),
                                 network=retry, budget_s=100.0, lang=lang)
            stopped = _stopped(result, lang)
            if stopped is not None:
                return stopped
            cp = checkpoint.load_checkpoint(root)
            pending = markers.read_json(layout.POST_LOOP_PENDING)
            has_pending = markers.exists(layout.POST_LOOP_PENDING)
    if cp is not None and not checkpoint.is_closed(cp):
        if cp.get("status") in (checkpoint.RUNNING, checkpoint.FAILED) or retry:
            result = archive.run(root, network=True, retry=retry, budget_s=100.0, lang=lang)
            stopped = _stopped(result, lang)
            if stopped is not None:
                return stopped
            cp = checkpoint.load_checkpoint(root) or cp
        if cp.get("status") in (checkpoint.FAILED, checkpoint.RUNNING):
            print(text(lang, "post_loop.unfinished",
                       report=describe(cp, for_handler=True, lang=lang),
                       command=layout.post_loop_command(root)))
            return EXIT_FAILED

    if not has_pending and cp is None:
        print(text(lang, "post_loop.nothing_pending"))
        print(next_task_text(root, lang))
        return 0

    lines = []
    if cp is not None:
        lines.append(describe(cp, for_handler=True, lang=lang))
    elif isinstance(pending, dict):
        lines.append(text(lang, "post_loop.archived_to", playbook=pending.get("playbook"),
                          archive=pending.get("archive") or "play/archive/",
                          status=pending.get("status")))
    markers.remove(layout.POST_LOOP_PENDING)
    checkpoint.close(root)
    lines.append(text(lang, "post_loop.cleared"))
    todo = manual_steps(cp, lang) if cp is not None else []
    commit = commit_text(root, cp, lang)
    if commit:
        lines.append(commit)
    if todo:
        lines.append(text(lang, "post_loop.git_left"))
        lines.extend(f"  - {t}" for t in todo)
    lines.append("")
    lines.append(next_task_text(root, lang))
    print(tidy(lang, "\n".join(lines)))
    return 0


if __name__ == "__main__":
    _setup_path()
    _reexec_with_suite_python()
    sys.exit(main(sys.argv[1:]))
