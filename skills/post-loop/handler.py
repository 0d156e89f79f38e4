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
   cause now succeeds, an unfixed one fails fast with the same message);
2. removes ``post-loop-pending`` (edits and stops are free again) and closes
   the archive checkpoint (logged to ``.claude/logs/archive.log``);
3. prints what was done, the git steps left to do by hand (if any), and how
   to derive the next task: the remaining playbooks under ``play/``, open
   items of ``play/project.json``, or "all tasks complete — wait".

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
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != here]
    at = len(sys.path)
    for i, entry in enumerate(sys.path):
        if "site-packages" in entry or "dist-packages" in entry:
            at = i
            break
    sys.path.insert(at, _suite_root())


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


def next_task_text(root: str) -> str:
    playbooks = _open_playbooks(root)
    items = _project_items(root)
    lines = ["Next task (derive it from the state, do not invent work):"]
    if playbooks:
        lines.append("- Playbooks not finished yet:")
        for rel, status, done, total in playbooks:
            lines.append(f"    {rel} (meta.status {status}, {done}/{total} subtasks done)")
        lines.append("  To continue one: check out its branch (meta.branch; create it from the "
                     "default branch if needed), make sure it is reviewed (meta.reviewed), set "
                     "state.md playbook.active to it, read it, and carry on with its first open "
                     "subtask.")
    if items:
        lines.append("- Open items in play/project.json: " + "; ".join(items) + ".")
        lines.append("  To start one: Skill(skill='playbook-init') — it runs the "
                     "prompt-analyzer, the understanding check with the user, pm and the "
                     "reviewer, on a new branch.")
    if not playbooks and not items:
        lines.append("- Nothing is left. Tell the user: \"All tasks are complete. Waiting for "
                     "the next instruction.\" (全タスク完了。次の指示を待ちます。) and wait. A new "
                     "request starts with Skill(skill='playbook-init').")
    else:
        lines.append("- If the user has not asked for it, ask before starting; otherwise say "
                     "what you start with.")
    return "\n".join(lines)


# --------------------------------------------------------------- follow-ups


def manual_steps(cp: dict) -> list:
    """Commands for the git steps the archive did not do, in order."""
    from statefiles import archive

    branch = cp.get("branch") or "<branch>"
    remote = cp.get("remote") or "origin"
    default = cp.get("default_branch") or "main"
    commands = {
        "commit": "git status, then git add <the work> and git commit (never secrets)",
        "push": f"git push -u {remote} {branch}",
        "pr_create": f"gh pr create --base {default} --head {branch} (or open it on the web)",
        "pr_merge": "merge the pull request once its checks pass (gh pr merge, or the web)",
        "return_default": f"git checkout {default} && git pull --ff-only {remote} {default}",
    }
    steps = cp.get("steps", {})
    planned = archive.planned_steps(cp)
    return [f"{archive.STEP_LABELS[s]}: {commands[s]}" for s in archive.GIT_STEPS
            if s in planned and steps.get(s, {}).get("status") not in ("done", "skipped")]


# ----------------------------------------------------------------------- main


def main(argv) -> int:
    args = [a for a in argv if a.startswith("-")]
    unknown = [a for a in args if a not in ("--status", "--no-git", "-h", "--help")]
    if "-h" in args or "--help" in args or unknown:
        if unknown:
            print(f"unknown option {unknown[0]}; see --help", file=sys.stderr)
            return 2
        print(__doc__)
        return 0
    from statefiles import archive, layout
    from statefiles.markers import Markers

    root = project_root()
    markers = Markers(root)
    pending = markers.read_json(layout.POST_LOOP_PENDING)
    has_pending = markers.exists(layout.POST_LOOP_PENDING)
    cp = archive.load_checkpoint(root)

    if "--status" in args:
        print(f"post-loop-pending: {'yes' if has_pending else 'no'}"
              + (f" ({pending.get('playbook')}, {pending.get('status')})"
                 if isinstance(pending, dict) else ""))
        print("archive: " + (f"{cp.get('status')} — {archive.describe(cp, for_handler=True)}"
                             if cp else "no checkpoint"))
        return 0

    if cp is not None and not archive.is_closed(cp):
        retry = "--no-git" not in args
        if cp.get("status") in (archive.RUNNING, archive.FAILED) or retry:
            result = archive.run(root, network=True, retry=retry, budget_s=100.0)
            if result is not None and result.status == "busy":
                print("Another process is archiving the playbook right now. Run this handler "
                      "again in a moment.")
                return EXIT_BUSY
            cp = archive.load_checkpoint(root) or cp
        if cp.get("status") in (archive.FAILED, archive.RUNNING):
            print("The archive did not finish, so the post-loop cannot close it yet:\n"
                  + archive.describe(cp, for_handler=True)
                  + f"\nFix that, then run `{layout.post_loop_command(root)}` again.")
            return EXIT_FAILED

    if not has_pending and cp is None:
        print("Nothing is pending: no playbook was archived since the last post-loop.")
        print(next_task_text(root))
        return 0

    lines = []
    if cp is not None:
        lines.append(archive.describe(cp, for_handler=True))
    elif isinstance(pending, dict):
        lines.append(f"Playbook {pending.get('playbook')} was archived to "
                     f"{pending.get('archive') or 'play/archive/'} ({pending.get('status')}).")
    markers.remove(layout.POST_LOOP_PENDING)
    archive.close(root)
    lines.append("post-loop-pending is cleared: edits and stops are no longer held for the "
                 "post-loop.")
    if cp is not None:
        todo = manual_steps(cp)
        if todo:
            lines.append("Git steps left to do (tell the user; run them only as they want):")
            lines.extend(f"  - {t}" for t in todo)
        elif cp.get("git") == "off" and cp.get("branch"):
            lines.append(f"The git steps are off (state.md config.archive_git): the work is on "
                         f"branch {cp.get('branch')}; commit, push and open the pull request as "
                         "the project usually does.")
    lines.append("")
    lines.append(next_task_text(root))
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    _setup_path()
    _reexec_with_suite_python()
    sys.exit(main(sys.argv[1:]))
