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
    "playbook_guard.progress_error": (
        "The active playbook's progress cannot be read: {error}. "
        "Fix or recreate {progress} (it stays writable; "
        "play/template/progress.json shows the shape), then retry."
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
    "protected_edit.state_too_large": (
        "state.md would be larger than {limit} bytes after this edit; it holds a "
        "few short YAML sections and is not read beyond that size. Keep it short (long "
        "notes belong in the playbook or docs/)."
    ),
    "protected_edit.too_large_to_compare": "it is too large to compare",
    "protected_edit.list_unreadable": (
        "{path} is not edited: {error}. state.md, the playbook files and "
        ".claude/session-state/ stay editable meanwhile."
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
    # ------------------------------------------------------------ bash-check
    'bash_check.too_complex': (
        'bash-check could not finish checking this command within its time limit: the '
        'command is too complex to check, so it is blocked to stay safe. Split it into '
        'shorter, simpler commands (fewer commands, `cd`s and operands in one call), or put '
        'the logic in a script under scripts/ and run that.'
    ),
    'bash_check.unknown': (
        'bash-check cannot tell what this command would do ({reasons}), and a command '
        'that cannot be checked is treated as unsafe. Rewrite it so every command '
        'name, path and piece of executed code is written out literally (no eval '
        'or code built from variables or downloads); split it into simpler commands, '
        'or put the logic in a script under scripts/ and run that.'
    ),
    'bash_check.why_playbook_error': 'no playbook is active (state.md playbook.active cannot be used: {error})',
    'bash_check.why_no_playbook': 'no playbook is active',
    'bash_check.admin_extra': (
        " In security mode 'admin' the maintenance commands (archiving playbooks "
        'to play/archive/, git add state.md or play/..., git commit) are allowed.'
    ),
    'bash_check.no_playbook': (
        'bash-check: {why}, so commands that change files or the repository are '
        "blocked (found: {found}). Start the work with Skill(skill='playbook-init') "
        '— it analyses the request and creates a reviewed playbook. Read-only commands '
        '(ls, cat, grep, git status/log/diff), creating or switching a branch and '
        'git fetch/pull work meanwhile.{extra}'
    ),
    'bash_check.also': ' Also: {findings}.',
    'bash_check.advice_default': 'Ask the user to run it themselves if it is really needed.',
    'bash_check.destructive': 'bash-check blocked a destructive command ({family}): {message}.{more} {advice}',
    'bash_check.computed_path': (
        'bash-check: {how} writes to {path}, a path computed at run time, so it '
        'could be state.md, a playbook file or a protected file. Write to a literal '
        'path instead.'
    ),
    'bash_check.verb_receives': 'receives',
    'bash_check.verb_deletes': 'deletes or moves',
    'bash_check.verb_changes': 'changes',
    'bash_check.verb_writes': 'writes',
    'bash_check.inside': ' (it contains {what})',
    'bash_check.receives_only': (
        ' The command only receives the path; if it just reads it, use the Read '
        'tool or cat.'
    ),
    'bash_check.guarded': (
        'bash-check: {how} {verb} {target}{inside}. state.md and the playbook files '
        '(play/<id>/plan.json, progress.json) change only through the Edit or Write '
        'tools, where the workflow guards check the change; use those instead.{receives}'
    ),
    'bash_check.hard_block': (
        'bash-check: {how} {verb} {target}{inside}, which is protected (HARD_BLOCK, '
        '{source}). It belongs to the gate, its configuration or your credentials '
        'and cannot be changed from Claude Code in any mode; ask the user to change '
        'it themselves if it really must change.{receives}'
    ),
    'bash_check.block_strict': (
        'bash-check: {how} {verb} {target}{inside}, which is protected (BLOCK, '
        "{source}) in security mode 'strict'. Ask the user whether it may change; "
        'only they can relax the mode or the list.'
    ),
    'bash_check.block_trusted': (
        "{target} is protected (BLOCK, {source}); allowed in mode 'trusted'. Keep "
        'the change minimal and mention it to the user.'
    ),
    'bash_check.warn': (
        '{target} is listed as WARN in protected-files.txt; change it only if the '
        'task needs it.'
    ),
    'bash_check.script_destructive': (
        'bash-check: the script {script} that this command runs contains a destructive '
        'command ({family}): {message}. Remove it from the script, or ask the user '
        'to run the script themselves.'
    ),
    'bash_check.script_code_destructive': (
        'bash-check: the script {script} that this command runs {what}. Ask the '
        'user to run it themselves.'
    ),
    'bash_check.script_writes': (
        'bash-check: the script {script} that this command runs writes {what} ({level}). '
        'state.md, the playbook files and protected files change only through the '
        'Edit/Write tools; remove that part from the script.'
    ),
    'bash_check.advice.rm-recursive': (
        'Delete only paths inside the project or a temp directory, spelled out '
        'literally (e.g. rm -rf ./build).'
    ),
    'bash_check.advice.git-history': (
        'Keep the work: commit or stash it first, or choose the non-destructive '
        'form (git restore --staged, git branch -d, git reset --soft).'
    ),
    'bash_check.advice.force-push': (
        'Push without forcing; if a forced update is really needed, use --force-with-lease=<branch>:<expected-sha> '
        'and ask the user first.'
    ),
    'bash_check.advice.disk': 'Never write to disks or partitions from here; ask the user to do it.',
    'bash_check.advice.chmod-system': 'Change permissions only inside the project, without -R on system paths.',
    'bash_check.advice.system-write': (
        'Keep changes inside the project; ask the user to change system or home '
        'configuration themselves.'
    ),
    'bash_check.advice.fork-bomb': 'Do not start processes in an unbounded loop.',
    'bash_check.advice.fetched-exec': 'Download to a file, read it, and run it only after the user agrees.',
    'bash_check.advice.http-delete': 'Ask the user before deleting remote resources; they can run it themselves.',
    'bash_check.advice.gh-delete': 'Ask the user before deleting or archiving anything on GitHub.',
    'bash_check.advice.process-kill': 'Signal only the processes you started, by their id.',
    'bash_check.advice.system-power': 'Do not shut down or restart the machine.',
    'bash_check.advice.depth-limit': 'Run the command directly instead of nesting shells, eval and substitutions.',
    'bash_check.advice.infra-destroy': (
        'Ask the user to run it themselves; deleting infrastructure or data stores '
        "is not part of a playbook's work."
    ),
    # ------------------------------------------------------------ consent, pending, critic, phase-status, depends, scope, work-request
    'shared.view_error': (
        '{error}. Retry with an exact edit, or Write the whole file in the shape '
        'of play/template/.'
    ),
    'consent_guard.not_confirmed': (
        'The understanding check is not confirmed yet, so no file may be edited. '
        'Present it to the user (the understanding-check skill): what will be done, '
        'why, how, the scope, what is excluded, and the risks, and ask them to '
        'confirm. Their confirmation clears .claude/.session-init/consent.'
    ),
    'pending_guard.post_loop': (
        'The playbook{playbook} was archived and the post-loop has not run yet. '
        "Call Skill(skill='post-loop') now: it clears {marker} and derives the "
        'next task. Edits resume after it (state.md, playbook files and .claude/session-state/ '
        'stay editable meanwhile).'
    ),
    'critic_guard.view_error': (
        '{error}. The reward state must stay readable: retry with an exact edit, '
        'or Write the whole file in the shape of play/template/ (state.md: one '
        '```yaml block per section).'
    ),
    'phase_status_guard.plan_unreadable': (
        '{label}: phase {phases} set done, but its subtasks cannot be checked ({error}). '
        'Fix plan.json first.'
    ),
    'phase_status_guard.open_subtasks': (
        '{label}: a phase is done only when all its subtasks are. Not done: {open}. '
        'Finish those subtasks (each validated by the critic) and set the phase '
        'done afterwards.'
    ),
    'phase_status_guard.plan_adds_open': (
        '{label}: this edit gives a phase that progress.json calls done subtasks '
        'that are not done ({open}). Set the phase back to in_progress in progress.json '
        'first.'
    ),
    'phase_status_guard.describe': 'phase {phase}: {subtasks}',
    'depends_check.open_deps': (
        'Phase {phase} depends on phases that are not done: {deps}. Finish them '
        'first (or record their completion in progress.json once the critic passed '
        'them).'
    ),
    'scope_guard.outside_project': '{path} is outside the project (goal.scope.includes)',
    'scope_guard.excluded': '{path} is excluded by goal.scope.excludes',
    'scope_guard.not_included': '{path} is not in goal.scope.includes',
    'scope_guard.criteria_changed': (
        'This edit changes {field}. Done criteria are fixed when the playbook is '
        "reviewed; change them only with the user's agreement and a new review."
    ),
    'scope_guard.also': ' Also: {problem}.',
    'scope_guard.out_of_scope': (
        "Out of the playbook's scope: {problems}. Stay within the reviewed scope, "
        'or update the playbook (and have it reviewed) if the scope must grow.'
    ),
    'prompt_work_request.says': "it says '{marker}'",
    'prompt_work_request.goal': ' (goal: {summary})',
    'prompt_work_request.out_of_scope': (
        'This request looks outside the active playbook {plan}{goal}: {reasons}. '
        "Don't fold unplanned work into it: finish the playbook first, or ask the "
        'user whether its scope should grow (pm updates plan.json, the reviewer '
        'reviews it again).'
    ),
    'prompt_work_request.no_playbook': (
        'This prompt asks for work ({reason}) and no playbook is active. Start '
        "with Skill(skill='playbook-init'): it runs the prompt-analyzer, the understanding "
        'check, pm (writes play/<id>/plan.json and progress.json on a new branch) '
        'and the reviewer. Edits are blocked until a reviewed playbook is active.'
    ),
    'prompt_work_request.needs_consent': (
        "The understanding check needs the user's confirmation: present what will "
        'be done, why, how, the scope, what is excluded and the risks, then end '
        "your turn and wait; the user's reply 'yes' (はい) unlocks edits (.claude/.session-init/consent)."
    ),
    'prompt_work_request.post_loop_first': "First run the pending post-loop: Skill(skill='post-loop').",
    # ------------------------------------------------------------ session-start
    'session_start.stale_pending': 'Removed a stale post-loop-pending left by an earlier session.',
    'session_start.missing_plan': '{plan} does not exist',
    'session_start.active_reset': 'state.md playbook.active was reset to null: {reason}.',
    'session_start.active': 'playgate workflow gate is active.',
    'session_start.read_first': (
        'Read these files first (Read tool); other tools stay blocked until you '
        'have: {files}.'
    ),
    'session_start.no_state': (
        'state.md is missing: the workflow state cannot be read. Ask the user to '
        'run `python install.py <repo>`.'
    ),
    'session_start.no_state_plugin': (
        'state.md is missing: the workflow state cannot be read. Ask the user to '
        'run `{data}/venv/bin/playgate init -C <repo>` (the playgate plugin\'s '
        'command-line tool).'
    ),
    'session_start.playbook': 'Active playbook: {plan} (phase {phase}, {done}/{total} subtasks done).',
    'session_start.no_playbook': "No playbook is active: start any work request with Skill(skill='playbook-init').",
    'session_start.branch': 'Branch: {branch}.',
    'session_start.branch_main': 'Branch: {branch} — work happens on a feature branch, not here.',
    'session_start.playbook_problem': 'Problem: {problem}; fix it (playbook files stay writable)',
    'session_start.problem': 'Problem: {problem}',
    'session_start.bad_language': (
        'Problem: state.md config.language is {value}; the languages are en and '
        'ja, so messages are in English. Ask the user to set config.language to '
        'en or ja.'
    ),
    # ------------------------------------------------------------ critic-guard
    'critic_guard.howto': (
        "Run Task(subagent_type='critic') on it; only after the critic's PASS record "
        'validations (technical, consistency, completeness: PASS with evidence), '
        'validated_by: "critic" and validated_at, then set the status to done.'
    ),
    'critic_guard.done_without_critic': "set done without the critic's validation: {problems}",
    'critic_guard.phase_unchecked': 'phase {phases} set done, but its subtasks cannot be checked: {error}',
    'critic_guard.phase_without_critic': 'phase {phase} set done while subtask {subtasks} has no critic-validated evidence',
    'critic_guard.progress_problems': '{label}: {problems}. {howto}',
    'critic_guard.pass_unrecorded': (
        '{label}: critic.status is set to PASS, but no critic run recorded a PASS '
        'for this playbook in {ledger} (the critic subagent ends its reply with '
        "'CRITIC: PASS playbook'). Run Task(subagent_type='critic') on the whole "
        'playbook first.'
    ),
    'critic_guard.old_uncritiqued': (
        "{label} already has done subtasks without the critic's validation: {problems}. "
        'Set them back to in_progress or have the critic validate them.'
    ),
    'critic_guard.plan_adds_part': (
        'phase {phase} is done in progress.json but would get subtask {subtasks} '
        'without critic-validated evidence'
    ),
    'critic_guard.plan_adds': (
        '{label}: {parts}. Set the phase back to in_progress in progress.json before '
        'adding work to it.'
    ),
    'critic_guard.part_open': 'subtasks not done: {subtasks}',
    'critic_guard.part_fraud': 'done without evidence: {problems}',
    'critic_guard.part_phases': 'phases done with open subtasks: {phases}',
    'critic_guard.part_no_pass': 'progress critic.status is not PASS (the playbook critic has not passed)',
    'critic_guard.part_unrun': 'done without a recorded critic PASS: {subtasks}',
    'critic_guard.switch_away': (
        'state.md: playbook.active would stop pointing at {plan}, which still has '
        'subtasks not done: {subtasks}. Finish them (each validated by the critic). '
        'If the user decided to drop or replace this playbook, ask them to change '
        'playbook.active in state.md themselves.'
    ),
    'critic_guard.switch_to': (
        'state.md: playbook.active would point at {plan}, whose progress has done '
        "statuses without the critic's evidence ({parts}). Reset those statuses "
        'or have the critic validate them before activating it.'
    ),
    'critic_guard.goal_done_no_playbook': (
        'state.md: goal.status is set to done, but no playbook is active, so there '
        'is no critic verdict to back it. Work goes through a reviewed playbook '
        'whose critic passed; leave goal.status as it is.'
    ),
    'critic_guard.goal_done_unreadable': (
        'state.md: goal.status is set to done, but the active playbook cannot be '
        'read ({error}); nothing backs the done.'
    ),
    'critic_guard.goal_done_incomplete': (
        'state.md: goal.status is set to done, but {plan} is not complete with '
        "the critic's evidence: {parts}. {howto}"
    ),
    # ------------------------------------------------------------ subtask-guard, executor-guard
    'subtask_guard.no_evidence': (
        "{label}: a subtask is done only with the critic's evidence (SPEC: all "
        "three validations PASS with evidence, validated_at set, validated_by 'critic'). "
        "Missing: {problems}. Run Task(subagent_type='critic') on it and record "
        'its result first; keep the status in_progress until then.'
    ),
    'subtask_guard.latest_fail': ' (latest verdict FAIL: {subtasks})',
    'subtask_guard.no_ledger_pass_one': (
        '{label}: {subtasks} set done, but the critic ledger ({ledger}) has no '
        "PASS from a critic run for it{failed}. Run Task(subagent_type='critic'); "
        "it ends its reply with 'CRITIC: PASS <subtask-id>', which is recorded "
        'when it stops.'
    ),
    'subtask_guard.no_ledger_pass_many': (
        '{label}: {subtasks} set done, but the critic ledger ({ledger}) has no '
        "PASS from a critic run for them{failed}. Run Task(subagent_type='critic'); "
        "it ends its reply with 'CRITIC: PASS <subtask-id>', which is recorded "
        'when it stops.'
    ),
    'subtask_guard.require_critic_run': ' (state.md config.require_critic_run is true.)',
    'subtask_guard.removes': 'removes subtask {subtasks}, which is not done',
    'subtask_guard.changes': 'changes {fields}',
    'subtask_guard.and': ' and ',
    'subtask_guard.reviewed_plan': (
        '{label}: this edit {parts} in a reviewed plan. The reviewed plan is the '
        'contract the critic checks against; changing it needs a new review: set '
        "meta.reviewed to false in the same edit and call Task(subagent_type='reviewer'), "
        'or ask the user.'
    ),
    'executor_guard.others_in_progress': (
        "The active subtask is {subtask} (Claude Code's), but {others} is in progress "
        'too: that work comes from its delegate, not from edits here.'
    ),
    'executor_guard.about': 'subtask {subtask}',
    'executor_guard.about_criterion': "subtask {subtask} ('{criterion}')",
    'executor_guard.unknown_executor': (
        "The active {about} has {how} = '{executor}', which no toolstack knows "
        '({known}). Ask the user to fix the plan (with a new review); until then '
        'its code is not written.'
    ),
    'executor_guard.not_in_toolstack': (
        'The active {about} is for {executor} ({how}), but toolstack {stack} (state.md '
        'config.toolstack) has only {have}. Ask the user to switch the toolstack '
        "or to change the plan's executor."
    ),
    'executor_guard.user': (
        "The active {about} is the user's to do ({how}). Ask the user to do it "
        '(AskUserQuestion), then record the result in progress.json. If you are '
        'working on another subtask, set progress.json active.subtask to it first.'
    ),
    'executor_guard.ctx_subtask': 'Subtask: {subtask}',
    'executor_guard.ctx_criterion': 'Criterion: {criterion}',
    'executor_guard.none_given': '(none given)',
    'executor_guard.ctx_executor': 'Executor: {executor} ({how})',
    'executor_guard.ctx_iteration': 'Iteration: {count} of {limit} (max_iterations)',
    'executor_guard.ctx_last_failure': "Last failure (inject it into the delegate's prompt):\n{failure}",
    'executor_guard.exhausted': (
        'The active {about} belongs to {executor}, and it has failed {count} times '
        '(max_iterations {limit}). Do not delegate again and do not write its code '
        'yourself: ask the user (AskUserQuestion) whether to retry, stop, or handle '
        'it manually.'
    ),
    'executor_guard.delegate': (
        'The active {about} belongs to {executor}: Claude Code does not write its '
        "code ({path}). Call Task(subagent_type='{agent}') with the subtask id, "
        'its criterion, the files to change and the last failure below; then record '
        'the result in progress.json and have the critic validate it. If you are '
        'working on another subtask, set progress.json active.subtask to it first.'
    ),
    # ------------------------------------------------------------ prompt-analyzer gate
    'prompt_analyzer_gate.state_md_hint': (
        ' state.md becomes editable as soon as playbook-init has started (it creates '
        '{marker}).'
    ),
    'prompt_analyzer_gate.pending_hint': (
        ' This session has just started: first Read state.md (the session-start '
        'message lists the files).'
    ),
    'prompt_analyzer_gate.not_analysed': (
        'No playbook is active and the request has not been analysed yet, so {tool} '
        "is not allowed. Start the golden path: call Skill(skill='playbook-init') "
        '(it runs the prompt-analyzer, the understanding check, pm and reviewer). '
        'Until then only Read, Grep, Glob and read-only commands are allowed.'
    ),
    # ------------------------------------------------------------ spec-phase-gate
    'spec_phase_gate.order': (
        'phases follow initialized → design-generated → implementation-complete; '
        'a revision goes back from implementation-complete to design-generated; '
        'initialized or design-generated may become blocked (with blocked_info.blocked_by) '
        'and return to the phase they were blocked at (seed 003 Spec 5)'
    ),
    'spec_phase_gate.unreadable': 'spec.yaml must stay readable: {error}',
    'spec_phase_gate.no_phase': 'spec.yaml has no `phase`; keep it set to one of {phases}',
    'spec_phase_gate.unknown_phase': "Unknown phase '{phase}' (seed 003 Spec 5.3). Known phases: {phases}.",
    'spec_phase_gate.blocked_needs_by': (
        "phase 'blocked' needs blocked_info.blocked_by (the spec whose failure "
        'blocks this one; seed 003 phase state machine: blocked_by = {{failed_spec}}). '
        'Add it, and blocked_info.blocked_at_phase.'
    ),
    'spec_phase_gate.new_not_initialized': (
        "a new spec starts at phase 'initialized', not '{phase}' (seed 003 phase "
        'state machine: [*] → initialized). Create it as initialized and move it '
        'forward as the pipeline completes.'
    ),
    'spec_phase_gate.old_unknown': 'its current phase {phase} is not a known phase',
    'spec_phase_gate.old_missing': 'it has no phase',
    'spec_phase_gate.previous_unchecked': (
        'spec.yaml of {feature}: the previous phase cannot be checked ({why}); '
        "the new phase '{phase}' is accepted. {order}."
    ),
    'spec_phase_gate.unnamed_upstream': 'an unnamed upstream spec',
    'spec_phase_gate.unblocking': " Unblocking restores blocked_at_phase '{phase}'.",
    'spec_phase_gate.blocked': (
        "{feature} is blocked by {by} (seed 003 Spec 5.2). It cannot move to '{phase}' "
        'while blocked.{back} Fix or skip the upstream failure first.'
    ),
    'spec_phase_gate.skips_design': 'it skips design-generated',
    'spec_phase_gate.not_a_transition': '{old} → {phase} is not a transition of the phase state machine',
    'spec_phase_gate.bad_transition': (
        "spec.yaml of {feature}: phase '{old}' cannot become '{phase}': {detail}. "
        "From '{old}' the next phase is {allowed}. {order}."
    ),
    'spec_phase_gate.bash_writes': (
        'This command writes {files}: the spec phase gate cannot check a shell '
        "command's result. Update spec.yaml with the Edit or Write tool, so the "
        'phase transition can be checked ({order}).'
    ),
    'shared.not_analysed': 'it could not be analysed',
    'spec_phase_gate.bash_unknown': (
        'This command names {name} but could not be fully analysed ({why}), so '
        "it may change a spec's phase unchecked. Read spec.yaml with the Read tool "
        'and change it with Edit or Write, where the phase transition is checked '
        '({order}).'
    ),
    'spec_phase_gate.lead_only': (
        '{path} is updated by the lead only (seed 003 Spec 3.1): a subagent returns '
        'its results in its completion report and the lead updates spec.yaml (phase, '
        'version_refs, changelog).'
    ),
    'spec_phase_gate.uncomputable': (
        '{path}: the result of this {tool} cannot be computed ({error}), so the '
        'phase transition cannot be checked. Use Edit or Write.'
    ),
    'shared.unknown_reason': 'unknown reason',
    # ------------------------------------------------------------ completion-check
    'completion_check.next_steps': (
        'Continue with the active subtask: do the work, record the validations, '
        "have Task(subagent_type='critic') validate it, and only then mark it done. "
        'Statuses set done without evidence go back to in_progress. If you need '
        "the user's input to go on, ask for it."
    ),
    'completion_check.fraud': (
        'marked done without the required evidence (all three validations PASS '
        "with evidence, validated_at, validated_by 'critic'): {problems}"
    ),
    'completion_check.unrun': 'marked done without a critic PASS in {ledger}: {subtasks}',
    'completion_check.phases': 'phases marked done while subtasks are open: {phases}',
    'completion_check.state_unreadable': (
        'state.md cannot be read, so it is unknown which playbook is active: {errors}. '
        'Fix state.md (it stays writable), then end the turn.'
    ),
    'completion_check.playbook_error': (
        '{error}. Completion cannot be checked; fix playbook.active in state.md '
        '(it stays writable), then end the turn.'
    ),
    'completion_check.playbook_unreadable': (
        'The active playbook cannot be read, so its completion cannot be verified: '
        '{errors}. Fix the file (playbook files stay writable), then end the turn.'
    ),
    'completion_check.subagent': (
        "{progress} has done statuses without the critic's evidence: {problems}. "
        'If you set them, set them back to in_progress; otherwise end your reply '
        'by reporting this to the orchestrator.'
    ),
    'completion_check.open': '{count} subtask(s) not done: {subtasks}',
    'completion_check.no_critic_pass': (
        'every subtask is done, but the playbook critic has not passed (progress '
        "critic.status is not PASS): run Task(subagent_type='critic') on the whole "
        "playbook (its reply ends with 'CRITIC: PASS playbook'), then record critic.status "
        'PASS with its evidence'
    ),
    'completion_check.not_finished': 'Playbook {plan} is not finished:\n- {items}',
    # ------------------------------------------------------------ coherence
    'coherence.playbook_error': 'coherence: {error}.',
    'coherence.playbook_unreadable': (
        'coherence: the active playbook cannot be read ({errors}); fix it with '
        'the Edit tool.'
    ),
    'coherence.wrong_branch': (
        'coherence: you are on branch {current} but the active playbook ({plan}) '
        'works on {expected_repr}. Switch first: git checkout {expected} (or git '
        'checkout -b {expected} if it does not exist yet); read-only commands work '
        'on any branch.'
    ),
    'coherence.wrong_branch_warn': "coherence: on branch {current}, but the playbook's branch is {expected}.",
    'coherence.unknown_phase': 'coherence: state.md {key} is {value}, which is not a phase of {plan} ({phases}).',
    'coherence.phase_mismatch': (
        'coherence: state.md playbook.current_phase ({state_phase}) and progress.json '
        'active.phase ({active_phase}) differ; update one.'
    ),
    'coherence.branch_mismatch': (
        'coherence: state.md playbook.branch ({state_branch}) differs from the '
        "playbook's meta.branch ({expected})."
    ),
    'coherence.many_running': 'coherence: {count} phases are in_progress ({phases}); exactly one should be.',
    'coherence.none_running': (
        'coherence: no phase is in_progress although phases remain ({phases}); '
        'mark the current one in progress.json.'
    ),
    'coherence.bad_done_criteria': (
        'coherence: state.md goal.done_criteria must be a YAML list of non-empty '
        "strings (one '- criterion' per line)."
    ),
    'coherence.bad_done_when': (
        'coherence: {plan} goal.done_when entries must be strings or objects with '
        "a non-empty 'criterion'."
    ),
    'coherence.critic_status': '{progress} critic.status is {status}',
    'coherence.no_critic_verdict': 'no active playbook records a critic verdict',
    'coherence.without_evidence': ', without evidence',
    'coherence.done_without_critic': (
        'coherence: this commit records state.md goal.status: done, but the critic '
        'has not confirmed it ({where}). Ask the critic subagent to verify the '
        'work and record PASS with evidence in progress.json, or set goal.status '
        'back to in_progress before committing.'
    ),
    # ------------------------------------------------------------ lint, agent definitions, codex-lead, reward-route, file dependencies, execution convention
    'lint.skipped': ' ({linters} did not finish within {seconds} s and was skipped)',
    'lint.block': (
        'lint: the linters this repository configures report problems in the files '
        'being committed{note}. Fix them, stage the fixes and commit again (config.lint_blocks '
        'is true):\n{report}'
    ),
    'lint.warn': (
        'lint: the linters this repository configures report problems in the files '
        'being committed{note}; consider fixing them:\n{report}'
    ),
    'lint.timeout': 'lint: {linters} did not finish within {seconds} s; the commit was not linted.',
    'agent_definitions.rule': (
        'An agent definition (seed 003 Spec 12) starts with YAML frontmatter between '
        '`---` lines that gives `name` (the subagent_type it is called by) and '
        '`description`, lists only the tools the role needs in `tools` (least privilege), '
        'and never lists `Task` or `Agent`: no subagent may start other subagents '
        '(Spec 9.5, 12.6).'
    ),
    'agent_definitions.bash_writes': (
        "This command writes agent definitions: {files}. A shell command's result "
        'cannot be checked, so agent definitions are written with the Write or '
        'Edit tool, where they are checked. {rule}'
    ),
    'agent_definitions.bash_unknown': (
        'This command names .claude/agents but could not be fully analysed ({why}), '
        'so it may write an agent definition unchecked. Read agent files with the '
        'Read tool and change them with Write or Edit (they are checked there). '
        '{rule}'
    ),
    'agent_definitions.uncomputable': (
        '{path}: the result of this {tool} cannot be computed ({error}), so the '
        'agent definition cannot be checked. Write the whole file with the Write '
        'tool. {rule}'
    ),
    'agent_definitions.breaks': (
        '{path} would break the agent definition rules: {errors}. {rule} Fix the '
        'content and write it again.'
    ),
    'agent_definitions.warnings': '{path}: {warnings}.',
    'agent_definitions_audit.header': 'Agent definitions that break the rules ({count}):',
    'agent_definitions_audit.more': '- ... and {count} more',
    'agent_definitions_audit.fix': (
        '{rule} Fix them with the Write/Edit tools (writes are checked), or tell '
        'the user.'
    ),
    'codex_lead_guard.codex_mode': (
        "impl_mode is 'codex' in .claude/state/breezing-active.json: the lead coordinates "
        'and the codex implementer writes the code (seed 001). Delegate this work '
        "to the codex implementer (subagent_type 'claude-code-harness:codex-implementer', "
        'or the codex implementer teammate) via TaskCreate/SendMessage. The lead '
        'may still edit .claude/state/breezing*, .claude/state/review*, Markdown '
        'files and the workflow state (playbook, .claude/session-state/) and run '
        'read-only commands. If the breezing session is over (Phase C), delete '
        'the file first: `rm .claude/state/breezing-active.json`.'
    ),
    'codex_lead_guard.what_edit': '{tool} on {path}',
    'codex_lead_guard.what_bash': 'this command (it is not read-only and writes outside the coordination files)',
    'codex_lead_guard.cannot_read': '{file} cannot be read',
    'codex_lead_guard.unreadable': (
        '{what} is blocked: {report} impl_mode cannot be told, so the codex-mode '
        'limits apply until the file is fixed (the lead may still write .claude/state/breezing* '
        'and Markdown files, or remove the file with `rm .claude/state/breezing-active.json`).'
    ),
    'codex_lead_guard.blocked': '{what} is blocked. {explanation}',
    'reward_route_guard.blocked': (
        "{tool} would change {path}, which holds the workflow's reward state (state.md, "
        'playbook plan/progress, the critic ledger). Change it with Edit/Write, '
        'whose result the guards can check.'
    ),
    'check_file_dependencies.used_by': '{path} is used by: {users}. Check that they still work after this change.',
    'execution_convention.retry': ' Run it again as: {command}',
    'execution_convention.leading_comment': (
        'The Bash command starts with a `#` comment line ({comment}). A command '
        'must begin with the executable; do not prepend comment lines (seed 003 '
        "Spec 14.1). Put the human-readable context in the Bash tool's `description` "
        'parameter instead: a leading comment hides the command from prefix-based '
        'permission rules and from the reader.'
    ),
    # ------------------------------------------------------------ lifecycle: resume pointer, stop loop, post-loop, progress reminder, compaction, archive
    'lifecycle.resume_playbook': (
        'Read {state}, then open {plan} and {progress}; continue subtask {subtask} '
        'of phase {phase}{branch}.'
    ),
    'lifecycle.see_progress_active': '(see progress.json active)',
    'lifecycle.on_branch': ' on branch {branch}',
    'lifecycle.resume_idle': (
        "Read {state}. No playbook is active: wait for the user's next request "
        "(work starts with Skill(skill='playbook-init'))."
    ),
    'lifecycle.resume_post_loop': " The post-loop is pending: call Skill(skill='post-loop') first.",
    'stop_loop_guard.why_limit': (
        'it was blocked {count} times in a row (state.md config.stop_block_limit: '
        '{limit})'
    ),
    'stop_loop_guard.why_unchanged': 'nothing changed since the last block',
    'stop_loop_guard.let_through': 'The stop was let through because {why}. Left unresolved — {message}',
    'stop_loop_guard.let_through_subagent': "The subagent's stop was let through because {why}. Left unresolved — {message}",
    'post_loop_pending.subagent': (
        'The playbook{playbook} was archived and the post-loop has not run. End '
        "your reply by telling the orchestrator to call Skill(skill='post-loop') "
        'before anything else.'
    ),
    'post_loop_pending.stop': (
        'The playbook{playbook} was archived and the post-loop has not run yet. '
        "Call Skill(skill='post-loop') now (it finishes the archive follow-up and "
        'clears {marker}), then end your turn.'
    ),
    'progress_reminder.no_active': (
        'No subtask is active in {progress}: set active.phase and active.subtask '
        'to the one this edit belongs to.'
    ),
    'progress_reminder.head': 'Active subtask {subtask} (phase {phase}, {status})',
    'progress_reminder.already_done': (
        '{head}. It is already done: set active.subtask in {progress} to the subtask '
        'this edit belongs to.'
    ),
    'progress_reminder.set_in_progress': ' Set its status to in_progress.',
    'progress_reminder.update': (
        '{head}.{hint} When this change completes or advances it, update {progress}: '
        'the validations (technical, consistency, completeness) with their evidence, '
        "then validated_by 'critic' and validated_at only after the critic's PASS, "
        'then the status.'
    ),
    'compact_resume.no_pointer': 'Context was compacted and no resume pointer was saved. {instruction}',
    'compact_resume.resuming': 'Resuming after compaction (pointer saved {saved_at}{details}). {instruction}',
    'compact_resume.now': '{field} now {value}',
    'compact_resume.moved_on': (
        'state.md has moved on since ({changes}); it is the source of truth: {instruction}'
    ),
    'archive_playbook.incomplete': (
        'Every subtask of {plan} is marked done, but the playbook is not complete '
        'yet, so it is not archived: {gaps}. Run the critic on the whole playbook '
        'and record its verdict (critic.status PASS with evidence), and finish '
        'the final tasks.'
    ),
    # ------------------------------------------------------------ session report, subagent reminder, breezing signals, prompt state, critic ledger, consent
    'session_report.changed': '{count} changed file(s)',
    'session_report.untracked': '{count} untracked',
    'session_report.and': ' and ',
    'session_report.sample': ' (e.g. {files})',
    'session_report.not_committed': '{what} not committed{sample}',
    'session_report.the_branch': 'the branch',
    'session_report.upstream': 'its upstream',
    'session_report.ahead': '{count} commit(s) on {branch} not pushed to {upstream}',
    'session_report.unpushed': '{count} commit(s) on {branch} that are on no remote',
    'session_report.timed_out': '(the check ran out of time: {detail})',
    'session_report.last_end': (
        'When the last session ended ({ended_at}) there were {parts}. Check with '
        '`git status` and tell the user before you build on it; commit or push '
        'only as the playbook and the user want.'
    ),
    'session_report.interrupted': 'interrupted',
    'session_report.archive_unfinished': (
        'The archive of playbook {id} did not finish ({status}): {message}. It '
        'resumes on the next edit, or run `{command}`.'
    ),
    'session_report.archive_partial': (
        'Playbook {id} was archived to {archive}/ but its git steps stopped: {message} '
        'Do the rest by hand if the user wants it (commit, push, pull request).'
    ),
    'subagent_reminder.critic': (
        "The critic finished. Record its verdicts in {progress}: for each 'CRITIC: "
        "PASS <subtask>', the validations (technical, consistency, completeness) "
        "with their evidence, validated_by: 'critic' and validated_at, then status "
        "done; for 'CRITIC: FAIL <subtask> - <reason>', keep it open, note the "
        "reason and fix it. 'CRITIC: PASS playbook' sets critic.status PASS with "
        'evidence.'
    ),
    'subagent_reminder.reviewer': (
        "The reviewer finished. On 'REVIEW: PASS', set meta.reviewed: true, meta.reviewed_by: "
        "'reviewer' and meta.status: 'active' in plan.json, then activate it in "
        "state.md (playbook.active). On 'REVIEW: FAIL', have pm fix the findings "
        'and review again (at most 3 rounds, then ask the user).'
    ),
    'subagent_reminder.pm': (
        "pm finished. Have the playbook reviewed now: Task(subagent_type='reviewer') "
        'on its plan.json. Edits wait for a reviewed playbook.'
    ),
    'subagent_reminder.prompt_analyzer': (
        'The prompt-analyzer finished. Use its 5W1H, risks and open questions for '
        "the understanding check (Skill(skill='understanding-check'))."
    ),
    'subagent_reminder.executor_resolver': (
        "The executor-resolver finished. Record the executor it chose in the subtask's "
        "'executor' in plan.json (before the playbook is reviewed)."
    ),
    'subagent_reminder.subtask': ' (subtask {subtask})',
    'subagent_reminder.other': (
        'The subagent {name} finished. Record its result in {progress} now{subtask}: '
        'what it changed or found in notes, and the validations with evidence; '
        "a subtask becomes done only after the critic's PASS (validated_by: 'critic')."
    ),
    'breezing_signals.header': (
        'Breezing signals for session {session} (from the TaskCompleted hook; recommendations '
        '— decide from the situation, seed 001):'
    ),
    'breezing_signals.action.partial_review_recommended': 'ask the Reviewer for a partial review of the completed tasks',
    'breezing_signals.action.next_batch_recommended': 'register the next batch of tasks with TaskCreate (Progressive Batch)',
    'lifecycle.summary_problem': ' Problem: {problem}.',
    'lifecycle.summary_idle': 'No active playbook. Branch: {branch}.',
    'lifecycle.summary_playbook': 'Playbook {plan}',
    'lifecycle.summary_phase': 'phase {phase} ({done}/{total} phases done)',
    'lifecycle.summary_subtask': 'subtask {subtask} {status}',
    'lifecycle.summary_counts': '{done}/{total} subtasks done',
    'lifecycle.summary_sep': ', ',
    'lifecycle.summary': '{parts}. Branch: {branch}.',
    'prompt_state.state': 'State: {summary}',
    'prompt_state.post_loop': (
        'The playbook {playbook} was archived{status} and the post-loop has not '
        "run: call Skill(skill='post-loop') (it runs `{command}`) before anything "
        'else.'
    ),
    'prompt_state.archive_unfinished': 'The archive of playbook {id} is unfinished: {message}',
    'critic_ledger.no_verdict': (
        "The critic finished without a 'CRITIC: PASS|FAIL <subtask-id>' line, so "
        'no verdict was recorded in {ledger}.'
    ),
    'prompt_consent.confirmed': (
        'The user confirmed the understanding check ("{excerpt}"); edits are no '
        "longer held for it. Record the confirmed understanding in the playbook's "
        "plan.json 'context' (what, why, how, scope, exclusions, risks, confirmed_by: "
        'user) and continue the golden path: pm writes the playbook, then the reviewer '
        'reviews it.'
    ),
    'prompt_consent.cancelled': (
        'The user withdrew the request ("{excerpt}"). Do not start it; ask what '
        'they want instead.'
    ),
    'prompt_consent.rejected': (
        'The user did not confirm the understanding check ("{excerpt}"). Revise '
        'it with their corrections and present it again (what, why, how, scope, '
        "exclusions, risks); ask for a plain 'yes' (はい) to confirm or 'cancel' "
        'to drop the request. Edits stay blocked until they confirm.'
    ),
    'prompt_consent.waiting': (
        "The understanding check still waits for the user's confirmation, so edits "
        'stay blocked. If this prompt changes the request, update the understanding; '
        'then present it (what, why, how, scope, exclusions, risks) and ask the '
        "user to reply 'yes' (はい) to confirm or 'cancel' (キャンセル) to drop it."
    ),
    # ------------------------------------------------------------ runtime
    'runtime.too_complex': (
        'the {event} hook could not finish its checks within its time limit (the input is '
        'too complex to check), so this is blocked to stay safe. Split the work into smaller '
        'steps: shorter commands, smaller edits or a shorter prompt.'
    ),
    'runtime.guard_error': (
        'internal error in {guard}; the call is blocked to stay safe. Details are '
        'in {log}. Tell the user; they can fix the state file it names or reinstall '
        'the suite (python install.py <repo>).'
    ),
    # ------------------------------------------------------------ reward state: edit views
    'reward.cannot_compute': 'cannot compute {label} after this {tool} call',
    'reward.edit_does_not_apply': 'old_string is not found exactly once (or the edits do not apply)',
    'reward.uncomputable': 'the result of this {tool} on {label} cannot be computed ({why})',
    'reward.state_too_large': 'state.md would be larger than {limit} bytes, which the suite does not read',
    'reward.after_call': '{error} (after this {tool})',
    # ------------------------------------------------------------ archive report (statefiles.archive.describe)
    'archive.step.cleanup': 'cleanup of tmp/',
    'archive.step.archive': 'archive',
    'archive.step.state_reset': 'state.md reset',
    'archive.step.pending': 'post-loop-pending',
    'archive.step.commit': 'commit',
    'archive.step.push': 'push',
    'archive.step.pr_create': 'pull request',
    'archive.step.pr_merge': 'merge',
    'archive.step.return_default': 'return to the default branch',
    'archive.in_progress': 'in progress',
    'archive.archived': (
        "Playbook {id} is complete and was archived to {archive}/; state.md's playbook "
        'and goal sections were reset.'
    ),
    'archive.archiving': 'Playbook {id} is complete; archiving it ({step}).',
    'archive.git_done': '{step}: {detail}',
    'archive.git_skipped': '{step} skipped ({detail})',
    'archive.git': 'Git: {steps}.',
    'archive.note': 'Note: {note}.',
    'archive.git_off': (
        'Git steps are off (state.md config.archive_git); commit and open the pull '
        'request as the project usually does.'
    ),
    'archive.problem': 'Problem: {problem}',
    'archive.step_failed': 'a step failed',
    'archive.partial': 'Status: partial — {message} Nothing uncommitted was touched.',
    'archive.call_post_loop': (
        "Now call Skill(skill='post-loop'), which runs `{command}`; other "
        'edits are blocked until it has run.'
    ),
}
