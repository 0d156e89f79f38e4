"""English messages (the default and the fallback; issue 11 item 3).

KEY → ``str.format`` template. Keys are ``<guard module>.<case>``; the texts
are the suite's messages as the guards produced them before the catalogue
(tests match fragments of them). Every key here must exist in ``ja.py`` with
the same fields (tests/test_messages.py).
"""

MESSAGES = {
    # ------------------------------------------------------------ shared
    "shared.state_problems": " state.md has problems: {problems}.",
    "shared.state_problems_more": " state.md has problems: {problems} (and {more} more).",
    # ------------------------------------------------------------ main-branch
    "main_branch.edit": (
        "You are on {branch}; edits to {path} are not allowed on it. "
        "Create a work branch first, e.g. `git checkout -b feat/<short-name>` "
        "(or fix/, docs/, chore/), then retry."
    ),
    "main_branch.bash": (
        "You are on {branch}; this command changes the repository or "
        "files and is not allowed on it. "
        "Create a work branch first, e.g. `git checkout -b feat/<short-name>` "
        "(or fix/, docs/, chore/), then retry."
    ),
    # ------------------------------------------------------------ playbook-guard
    "playbook_guard.self_review": (
        "This edit marks {plan} as reviewed (meta.reviewed: true) outside the reviewer "
        "subagent. Record only a PASS that Task(subagent_type='reviewer') actually "
        "returned for this playbook, with meta.reviewed_by: reviewer; if it has not "
        "run, undo this and call it."
    ),
    "playbook_guard.playbook_error": "{error}. Fix state.md (it stays writable).",
    "playbook_guard.no_playbook": (
        "No active playbook, so no file may be edited. Call Skill(skill='playbook-init'): "
        "pm writes play/<id>/plan.json and progress.json, the reviewer reviews them, and "
        "state.md playbook.active is set to the plan."
    ),
    "playbook_guard.plan_error": (
        "The active playbook cannot be read: {error}. Fix it (it stays "
        "writable) or point state.md playbook.active at a valid plan.json."
    ),
    "playbook_guard.not_reviewed": (
        "{plan} is not reviewed (meta.reviewed is not true). Call "
        "Task(subagent_type='reviewer') on it; the review sets meta.reviewed and "
        "meta.reviewed_by. Edits start after a PASS."
    ),
    "playbook_guard.no_context": (
        "{plan} has no 'context': the understanding check has not run. Run the "
        "understanding-check skill with the user and record its result in plan.json "
        "'context', then have it reviewed again."
    ),
    "playbook_guard.self_reviewer": (
        "{plan} meta.reviewed_by is {reviewer}: the playbook "
        "should be reviewed by the reviewer subagent, not by its author."
    ),
    # ------------------------------------------------------------ protected-edit
    "protected_edit.state_unreadable": (
        "state.md cannot be checked ({error}), so it is not edited: its "
        "'config' section may only be changed by the user. Ask the user to repair "
        "state.md (restore it from git)."
    ),
    "protected_edit.config_section": (
        "state.md's '{section}' section (security mode, toolstack, roles) can only be "
        "changed by the user, outside Claude Code. Leave that section as it is; the "
        "other sections (playbook, goal, session) stay editable."
    ),
    "protected_edit.source_floor": "the suite's own files",
    "protected_edit.source_line": "protected-files.txt line {line}",
    "protected_edit.source_linked": ", through a hard link to it",
    "protected_edit.unstuck": (
        "{path} matches {source} ({level}:{pattern}), but it stays writable: "
        "the workflow needs it to get unstuck (state.md, playbook files, "
        ".claude/session-state/). Tell the user the entry has no effect on it."
    ),
    "protected_edit.hard_block": (
        "{path} is protected (HARD_BLOCK, {source}: {pattern}). It belongs to the "
        "gate or its configuration and cannot be changed from Claude Code in any mode; "
        "ask the user to change it themselves if it really must change."
    ),
    "protected_edit.block_strict": (
        "{path} is protected (BLOCK, {source}: {pattern}) in security mode "
        "'strict'. Ask the user whether it may change; only they can relax the mode "
        "(state.md config.security) or the list."
    ),
    "protected_edit.block_trusted": (
        "{path} is protected (BLOCK, {source}); allowed in mode 'trusted'. "
        "Keep the change minimal and mention it to the user."
    ),
    "protected_edit.warn": (
        "{path} is listed as WARN in protected-files.txt ({pattern}); "
        "change it only if the task needs it."
    ),
    # ------------------------------------------------------------ init-guard
    "init_guard.read_first": (
        "Session start: read the state first. Use the Read tool on: {files}. "
        "{tool} is allowed once they are read (Grep, Glob, read-only commands and "
        "git status/log/diff/show/branch/rev-parse work meanwhile)."
    ),
}
