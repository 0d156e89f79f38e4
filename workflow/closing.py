"""The closing commit: committing a finished playbook's work.

With no active playbook, bash-check blocks every command that changes the
repository (SPEC §3; a playbook is what makes a change reviewed). But the
archive ends the playbook *before* its work and the archive move are
committed (the archive's own commit stages only the playbook's files and
state.md, and only when ``config.archive_git`` asks for it), and the
messages then tell Claude to commit. So, in every security mode, ``git add``
and ``git commit`` are allowed without an active playbook when:

* state.md ``playbook.last_archived`` names an archived playbook whose
  ``meta.branch`` is the branch checked out now (the work is committed where
  it was done; never on main/master under the ``feature`` branch policy —
  main-branch blocks that anyway — while under ``trunk`` a playbook whose
  branch is main is committed there, seed 003 §15);
* the git call has no code-running configuration (``git -c``) and writes no
  file (``plain_git``);
* ``git commit`` does not rewrite history (``--amend``) or skip the
  repository's own checks (``--no-verify``/``-n``).

Nothing else is opened: edits stay blocked (playbook-guard), and neither
``git add`` nor ``git commit`` changes a file in the work tree.
"""

from __future__ import annotations

from statefiles import layout
from statefiles.playbook import load_json_file
from workflow import registry
from workflow.shared import plain_git

#: ``git commit`` options that are not a closing commit.
COMMIT_REFUSED = ("--amend", "--no-verify", "-n", "--fixup", "--squash")


def archived_branch(ctx) -> str | None:
    """``meta.branch`` of the playbook state.md ``playbook.last_archived``
    names (``play/archive/<id>``), or ``None``."""
    state = ctx.state
    last = state.get("playbook", "last_archived") if state is not None else None
    if not isinstance(last, str) or not last.strip().startswith(layout.PLAY_ARCHIVE + "/"):
        return None
    rel = last.strip().rstrip("/") + "/plan.json"
    plan, error = load_json_file(ctx.path(rel), rel)
    meta = plan.get("meta") if isinstance(plan, dict) and not error else None
    branch = meta.get("branch") if isinstance(meta, dict) else None
    return branch.strip() if isinstance(branch, str) and branch.strip() else None


def closing(ctx) -> bool:
    """No playbook is active and the branch is the last archived playbook's
    (main/master only under the trunk branch policy)."""
    if ctx.active_playbook_path or not ctx.branch or registry.main_forbidden(ctx):
        return False
    return archived_branch(ctx) == ctx.branch


def allowed(analysis, cmd) -> bool:
    """``cmd`` is a closing ``git add`` or ``git commit`` (see the module
    docstring; :func:`closing` is the caller's part)."""
    if cmd.name != "git" or not cmd.trusted or not plain_git(analysis, cmd):
        return False
    sub, args = cmd.git_subcommand, cmd.git_args
    if sub == "add":
        return not any(a.startswith(("--pathspec-from-file", "--chmod")) for a in args)
    if sub == "commit":
        for arg in args:
            if arg in COMMIT_REFUSED or arg.startswith(("--amend", "--fixup", "--squash",
                                                        "--no-verify")):
                return False
            if arg.startswith("-") and not arg.startswith("--") and "n" in arg[1:] and \
                    not arg.startswith(("-m", "-F", "-C", "-c", "-t")):
                return False
        return True
    return False
