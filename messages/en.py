"""English messages (the default and the fallback).

KEY → ``str.format`` template. Keys are ``<guard module>.<case>``; the texts
are the suite's messages as the guards produced them before the catalogue
(tests match fragments of them). Every key here must exist in ``ja.py`` with
the same fields (tests/test_messages.py).
"""

MESSAGES = {
    # ------------------------------------------------------------ active-workflow
    "active_workflow.unknown_value": (
        "state.md config.{key} is {value!r}, which is not one of {allowed}; playgate reads "
        "the strict default instead. Ask the user to fix it (config is theirs to change)."
    ),
    "active_workflow.active": (
        "Active workflow: {title} (state.md config.workflow: {name}; {docs}). "
        "Branch policy: {branch_policy}. After a compaction: {after_compact}."
    ),
    "active_workflow.branch_feature": "work on a feature branch, never on main",
    "active_workflow.branch_trunk": "work on main (trunk-based), short-lived branches allowed",
    "active_workflow.compact_continue": "continue where you were",
    "active_workflow.compact_wait": "wait for the user's next instruction",
    "active_workflow.other_files": (
        "Files of the {title} workflow are present ({files}) but {active} is the active "
        "workflow: they are not obeyed. To work in that workflow, the user sets state.md "
        "config.workflow: {name}."
    ),
    # ------------------------------------------------------------ crew (the crew workflow, seed 000)
    "crew.session_start": (
        "Crew workflow: start a request with Skill(skill='crew') and follow it. You are the path "
        "passer: you pass paths to the crew's agents and read only what the skill names "
        "(plan.md's table, result headers, cmd_report_summary.md, the execution log); playgate "
        "writes the execution log from what it sees."
    ),
    "crew.config_problem": "{file}: {key}: {problem}.",
    "crew.checkpoint_new": (
        "{cmd} is open and no agent ran in it yet: continue it with the decomposer (Skill(skill="
        "'crew') Phase 1, step 3), or abandon it with `python3 .claude/skills/crew/new_cmd.py "
        "--abort {cmd}` if the user asks."
    ),
    "crew.checkpoint": (
        "{cmd} did not finish (checkpoint from {log}). Phases: {phases}. Done: {done}. "
        "Failed: {failed}. Running when the session ended: {interrupted}. Pending: {pending}."
    ),
    "crew.next_decompose": (
        "Next for {cmd} (Phase 1): Agent(subagent_type='crew-decomposer') with TEMPLATE_PATH "
        ".claude/skills/crew/templates/decomposer.md, REQUEST_PATH work/{cmd}/request.md, "
        "PLAN_PATH work/{cmd}/plan.md and TASKS_DIR work/{cmd}/tasks/."
    ),
    "crew.next_wave": (
        "Next for {cmd}: wave {wave}/{waves}, {count} task(s): {tasks}. Start them in ONE "
        "message, one Agent call per task, each with TEMPLATE_PATH .claude/skills/crew/"
        "templates/worker_<persona>.md, input work/{cmd}/tasks/task_N.md and output "
        "work/{cmd}/results/result_N.md (run_in_background: {background}). Tell the user: "
        "`Wave {wave}/{waves}: {count} tasks running{eta}`."
    ),
    "crew.next_retry": (
        "Next for {cmd}: retry {tasks}: start the same worker again with the same prompt (one "
        "Agent call per task, in one message)."
    ),
    "crew.next_wait": (
        "Waiting for {tasks}: its result follows (with its Agent call, or as a task "
        "notification when it runs in the background; then end your turn until it comes)."
    ),
    "crew.next_aggregate": (
        "Every task of {cmd} has run. Next (Phase 3): Agent(subagent_type='crew-aggregator') "
        "with TEMPLATE_PATH .claude/skills/crew/templates/aggregator.md, RESULTS_DIR "
        "work/{cmd}/results/, PLAN_PATH work/{cmd}/plan.md, REPORT_PATH work/{cmd}/cmd_report.md, "
        "REPORT_SUMMARY_PATH work/{cmd}/cmd_report_summary.md and {failed}."
    ),
    "crew.next_retrospect": (
        "Next for {cmd} (Phase 4): Read work/{cmd}/cmd_report_summary.md, then Agent(subagent_type="
        "'crew-retrospector') with TEMPLATE_PATH .claude/skills/crew/templates/retrospector.md, "
        "WORK_DIR work/{cmd}/, REPORT_PATH work/{cmd}/cmd_report.md, RETROSPECTIVE_PATH "
        "work/{cmd}/retrospective.md and MODE: {mode}."
    ),
    "crew.next_approval": (
        "{cmd} is closed. Next: the batch approval (Skill(skill='crew'), \"Batch approval\"): "
        "Read work/{cmd}/retrospective.md and {memory}; present the proposals and the memory "
        "candidates together in one message, then end your turn for the user's answer."
    ),
    "crew.memory_at": (
        "cmd_report.md's memory candidates (Read work/{cmd}/cmd_report.md with offset {offset} and "
        "limit {limit})"
    ),
    "crew.memory_none": "note that cmd_report.md has no memory-candidate section",
    "crew.wave_status": "{cmd} wave {wave}/{waves}: {ok}/{total} success so far.",
    "crew.duration": (
        "⚠️ {cmd} has exceeded max duration ({elapsed}s > {limit}s): tell the user (a warning "
        "only; the cmd goes on)."
    ),
    "crew.stop_worker_ok": (
        "[recorded] {cmd} task_{task} ({agent}): success, result validated (quality {quality}, "
        "completeness {completeness})."
    ),
    "crew.stop_worker_failed": (
        "[recorded] {cmd} task_{task} ({agent}): {status} — {error} (retries used: {retries} "
        "of {limit})."
    ),
    "crew.stop_issues": "Metadata issues recorded: {issues}.",
    "crew.stop_phase": "[recorded] {cmd} {agent}: {status} (error: {error}).",
    "crew.stop_verdict": "Plan review verdict recorded: {verdict} (notes: {notes}).",
    "crew.stop_plan": "Plan recorded: {tasks} task(s) in {waves} wave(s); {review}.",
    "crew.review_required": "plan validation is required before any worker starts",
    "crew.review_optional": "plan validation is off for this cmd (config plan_validation: false)",
    "crew.no_plan": (
        "{cmd} has no plan yet (work/{cmd}/plan.md with its task table): run the decomposer "
        "first (Agent(subagent_type='crew-decomposer'))."
    ),
    "crew.plan_problems": (
        "The plan of {cmd} has problems: {problems}. Run the decomposer again with these "
        "problems in its prompt (Agent(subagent_type='crew-decomposer'))."
    ),
    "crew.review_first": (
        "Plan validation is on (config plan_validation: true): start Agent(subagent_type="
        "'crew-plan-reviewer') with TEMPLATE_PATH .claude/skills/crew/templates/plan_reviewer.md, "
        "REQUEST_PATH work/{cmd}/request.md and PLAN_PATH work/{cmd}/plan.md before any worker."
    ),
    "crew.review_first_code": (
        "The tasks of {cmd} write code, so its plan must pass the plan reviewer before any worker "
        "starts: Agent(subagent_type='crew-plan-reviewer') with TEMPLATE_PATH .claude/skills/"
        "crew/templates/plan_reviewer.md, REQUEST_PATH work/{cmd}/request.md and PLAN_PATH "
        "work/{cmd}/plan.md."
    ),
    "crew.rejected": (
        "The plan reviewer rejected the plan of {cmd} ({notes}). Run the decomposer once more "
        "with the reviewer's feedback in its prompt (FEEDBACK: ...), then the plan reviewer "
        "again."
    ),
    "crew.rejected_twice": (
        "The plan of {cmd} was rejected twice ({notes}) and its tasks write code, which is only "
        "written under an approved plan. Stop here: tell the user the reviewer's reasons and "
        "wait for their decision."
    ),
    "crew.review_again": (
        "The plan of {cmd} changed after its review: run Agent(subagent_type='crew-plan-reviewer')"
        " on it again before any worker starts."
    ),
    "crew.not_a_worker": (
        "{task} is a crew task: start the crew worker its plan row names (crew-researcher, "
        "crew-writer, crew-coder or crew-reviewer), not {agent}."
    ),
    "crew.nested": "{agent} is started by the parent only; a subagent does not start crew agents.",
    "crew.one_cmd": (
        "The prompt of {agent} must name the paths of exactly one cmd (work/cmd_NNN/...); it "
        "names: {found}."
    ),
    "crew.no_cmd_dir": (
        "{cmd} does not exist: make it with `python3 .claude/skills/crew/new_cmd.py` and use "
        "the id it prints."
    ),
    "crew.cmd_closed": (
        "{cmd} is closed (or aborted): its agents no longer run. Start a new cmd with "
        "Skill(skill='crew') for new work."
    ),
    "crew.prompt_too_long": (
        "This prompt has {size} characters: pass paths, not contents (at most {limit} characters "
        "beyond the phase instructions). Name the template and the files; the agent reads them."
    ),
    "crew.decomposer_request": (
        "The decomposer's prompt must name REQUEST_PATH work/{cmd}/request.md (with PLAN_PATH "
        "and TASKS_DIR)."
    ),
    "crew.decompose_limit": (
        "The decomposer already ran {limit} times for {cmd} (the plan, one re-decomposition, one "
        "feedback loop): go on with the plan you have and report the failures."
    ),
    "crew.running": "{what} of {cmd} is still running: wait for its result before starting it again.",
    "crew.one_task": (
        "One worker gets exactly one task: the prompt of {agent} names {found} of {cmd}. Start "
        "one Agent call per task, in one message for a wave."
    ),
    "crew.wrong_result": "Task {task}'s worker writes result_{task}.md, not {result}.",
    "crew.unknown_task": "Task {task} is not in the plan of {cmd} (plan.md's table).",
    "crew.wrong_persona": (
        "Task {task}'s persona is {persona}: start {agent} for it, not {given}."
    ),
    "crew.dependencies": (
        "Task {task} depends on tasks without a successful result: {missing}. Never start a "
        "task before its dependencies succeeded: finish (or retry) them first; a task whose "
        "dependency failed for good is skipped."
    ),
    "crew.already_done": "Task {task} of {cmd} already has a successful, validated result.",
    "crew.retry_limit": (
        "Task {task} has used its retries ({retries} of {limit}): do not start it again. Forward "
        "it to the aggregator in FAILED_TASKS (write a minimal result with status: failure if "
        "it has none)."
    ),
    "crew.same_file": (
        "Task {task} writes {file}, which running task_{other} writes too: one writer per file. "
        "Wait for task_{other} to finish."
    ),
    "crew.workers_running": "Tasks of {cmd} are still running ({tasks}): wait for them before the aggregator.",
    "crew.tasks_left": (
        "{cmd} still has tasks that can run: {tasks}. Run them (or their retries) before the "
        "aggregator."
    ),
    "crew.failed_tasks": (
        "Some tasks of {cmd} have no successful result: add the line `{line}` to the "
        "aggregator's prompt."
    ),
    "crew.no_summary": (
        "{cmd} has no cmd_report_summary.md yet: the retrospector starts after Phase 3 (the "
        "aggregator)."
    ),
    "crew.mode_missing": "Give the retrospector its mode: add `MODE: {mode}` to its prompt.",
    "crew.mode_full": (
        "The summary of {cmd} calls for a full retrospective (a failure, a partial result, "
        "quality RED, or YELLOW under 80 %): use `MODE: full`."
    ),
    "crew.fix_report": (
        "The report of {cmd} is not ready: {problem}. Fix cmd_report.md / cmd_report_summary.md (the "
        "summary's front matter says what the execution log says), then finish."
    ),
    "crew.passer_task": (
        "Path-passer rule: the parent does not read task bodies ({path}); pass the path to the "
        "worker. What you may read: plan.md's task table, result headers, cmd_report_summary.md, "
        "the execution log."
    ),
    "crew.passer_result": (
        "Path-passer rule: the parent reads only a result's metadata header: Read {path} with "
        "limit {lines} (no offset), or run `python3 .claude/skills/crew/validate_result.py "
        "{path} <persona>`."
    ),
    "crew.passer_report": (
        "Path-passer rule: the parent does not read cmd_report.md ({path}); read {summary} instead."
    ),
    "crew.passer_report_section": (
        "Path-passer rule: of cmd_report.md the parent reads only its memory-candidate section: "
        "Read {path} with offset {offset} and limit {limit}; for the rest read {summary}."
    ),
    "crew.passer_proxy": (
        "{agent} is not one of the crew's agents: what it reads reaches the parent, so the "
        "parent's path-passer rule holds for it. {rule} Task bodies are the crew workers' to read."
    ),
    "crew.passer_unseen": (
        "While a cmd is open, the parent runs only commands playgate can see through (no "
        "computed command, no interpreter one-liner): they might read task or result bodies."
    ),
    "crew.passer_dynamic": (
        "While a cmd is open, a file argument only known at run time ({command}) might be a task "
        "or result body: name the file literally."
    ),
    "crew.files_review": (
        "{path} is written by playgate's hooks from crew-plan-reviewer's reply; nobody edits it."
    ),
    "crew.files_skip": (
        "{path} is written by crew-decomposer; the parent writes plan.md and tasks/task_1.md "
        "only when it skips Phase 1 (a one-line fix, a one-value configuration change), before "
        "any agent of the cmd ran, with one task: | 1 | title | persona | model | - | writes |. "
        "Here {why}: run Agent(subagent_type='crew-decomposer') instead."
    ),
    "crew.skip_ran": "an agent of the cmd has run already",
    "crew.skip_task_1": "a skipped Phase 1 has task 1 only",
    "crew.skip_one_row": "the plan's table must have exactly one row: task 1, Depends On -",
    "crew.files_summary_claim": (
        "{path} is refused: {problem}. Write the summary from the results' headers as "
        "recorded (status partial or failure, failed_tasks listing them)."
    ),
    "crew.files_owner": "{path} is written by {owner}, not {agent} (roles own their files).",
    "crew.files_other_cmd": "{path} belongs to another cmd than yours ({cmd}).",
    "crew.files_other_result": (
        "{path} is not your result: your task is task_{task}; write only its result file."
    ),
    "crew.files_parent_result": (
        "The parent writes a result only for a task that used all its retries, and only with "
        "status: failure in its header ({path}, task {task}); a worker writes every other result."
    ),
    "crew.files_log": (
        "This edit of {path} is refused: {why}. The hooks write cmd_id, started, finished, "
        "status, base_commit, plan_validation and tasks; add your own top-level keys below "
        "them (approvals, notes)."
    ),
    "crew.files_log_no_apply": "the edit does not apply",
    "crew.files_log_hook_keys": "it changes the hooks' keys ({keys})",
    "crew.files_summary": (
        "{path} is the aggregator's: the parent writes it only when Phase 3 is skipped (at most "
        "two tasks and no aggregator run)."
    ),
    "crew.files_bash": "Write {path} with the Write or Edit tool, not from Bash (roles own the cmd's files).",
    "crew.gate_parent_edit": (
        "In the crew workflow the parent does not change project files ({path}): a worker does, "
        "in a cmd (Skill(skill='crew')). Only an improvement the user approved in the batch "
        "approval (named by the user in their answer, and recorded under approvals: "
        "improvements: in the execution log) and CHANGELOG.md are yours to apply."
    ),
    "crew.gate_parent_bash": (
        "In the crew workflow the parent runs the crew's scripts, git and read-only commands; "
        "`{command}` changes something: give it to a worker in a cmd."
    ),
    "crew.gate_not_a_writer": (
        "{agent} does not change project files ({path}): in the crew workflow crew-coder and "
        "crew-writer do, within their task's Writes."
    ),
    "crew.gate_no_task": (
        "{agent} was not started for one task of an open cmd (its prompt names no task file), "
        "so it changes no project file."
    ),
    "crew.gate_not_listed": (
        "Task {task}'s Writes column ({writes}) does not list {path}: one writer per file. "
        "Write only the files your task lists, or report what else is needed in your result."
    ),
    "crew.memory_name": (
        "memory_server is {server!r}, but the crew's agents list the tools of a server named "
        "`memory` (mcp__memory__search_nodes...): name the server `memory` in your MCP "
        "configuration, or add mcp__{server}__search_nodes (and, for crew-memory-writer, "
        "mcp__{server}__create_entities and mcp__{server}__add_observations) to the agents' "
        "tools in .claude/agents/crew-*.md. Until then the agents cannot reach the memory."
    ),
    "crew.memory_off": (
        "No memory server is configured (memory_server in .claude/crew-config.yaml): skip the "
        "memory step; the flow works without memory."
    ),
    "crew.memory_early": (
        "{cmd} is still running: memory candidates are stored after the batch approval, once "
        "its retrospect (or, with retrospect off, its aggregate) has closed the cmd."
    ),
    "crew.memory_writer_only": (
        "{tool} writes memory: only crew-memory-writer does, with the candidates the user "
        "approved in the batch approval (Agent(subagent_type='crew-memory-writer') with the "
        "cmd's directory and the approved entities). Everyone else only searches."
    ),
    "crew.memory_no_delete": (
        "{tool} is not a memory tool the crew uses: it searches (search_nodes, open_nodes, "
        "read_graph) and its memory writer creates entities, observations and relations; it "
        "never deletes. Leave removing knowledge to the user."
    ),
    "crew.memory_shape": (
        "A memory write needs a non-empty list of objects (entities, observations or "
        "relations)."
    ),
    "crew.memory_too_many": (
        "{count} memory entities in one call: at most {limit} per cmd "
        "(retrospect.memory.max_candidates_per_cmd)."
    ),
    "crew.memory_rejected": "Memory entity {name!r} is refused: {problem}.",
    "runtime.effect.record_crew_facts": "record crew facts",
    "runtime.effect.record_the_crew_launch": "record the crew launch",
    # ---- who owns a crew file; memory rules; the aggregator's and the agents' problems
    "crew.who_parent": "the parent",
    "crew.who_outsider": "a subagent outside the crew",
    "crew.who_worker": "the worker of task {task}",
    "crew.files_log_not_yaml": "it is not valid YAML ({detail})",
    "crew.files_log_not_mapping": "it is not a mapping of keys",
    "crew.memory_no_name": "an entity needs a name",
    "crew.memory_rejection_name": (
        "a rejection memory is workflow:rejected_proposal:{{{categories}}} with entityType "
        "rejection_memory"
    ),
    "crew.memory_name_shape": (
        "the name must be {{domain}}:{{category}}:{{identifier}}, lower case, no spaces"
    ),
    "crew.memory_about_cmd": (
        "it refers to a particular cmd (cmd_NNN); keep what holds across cmds"
    ),
    "crew.memory_machinery": "it describes the crew's own machinery ({word})",
    "crew.file_missing": "{file} missing",
    "crew.plan_no_table": "plan.md has no task table",
    "crew.review_no_verdict": "no closing verdict line (APPROVE, APPROVE-WITH-NOTES or REJECT)",
    "crew.summary_too_long": "cmd_report_summary.md has {lines} lines (at most {limit})",
    "crew.summary_no_front_matter": (
        "cmd_report_summary.md has no front matter (status, quality, completeness, failed_tasks)"
    ),
    "crew.summary_claims_success": (
        "cmd_report_summary.md says status: success, but tasks {tasks} have no successful result"
    ),
    "crew.worker_turns": "stopped after {turns} turns (worker_max_turns {limit})",
    "crew.worker_last_retry": "timed out on its last retry: {error}",
    "crew.and": "{first}; {second}",
    # ---- .claude/crew-config.yaml (statefiles/crew/config.py), fields of crew.config_problem
    "crew_config.not_mapping": "the file must be a mapping of keys",
    "crew_config.unknown_key": "unknown key (ignored)",
    "crew_config.section_not_mapping": "must be a mapping; the defaults are used",
    "crew_config.bad_value": "{value} is not {expected}; the default {default} is used",
    "crew_config.no_pyyaml": "PyYAML is not installed; the defaults are used",
    "crew_config.not_yaml": "not readable YAML ({detail}); the defaults are used",
    "crew_config.kind.model": "one of haiku, sonnet, opus",
    "crew_config.kind.bool": "true or false",
    "crew_config.kind.text": "a string",
    "crew_config.kind.name_or_null": "null or an MCP server name",
    "crew_config.kind.int0": "a whole number from 0",
    "crew_config.kind.int1": "a whole number from 1",
    "crew_config.kind.int1_or_null": "null or a whole number from 1",
    "crew_config.kind.score": "a whole number from 0 to 15",
    # ---- the plan's problems (statefiles/crew/plan.py), fields of crew.plan_problems
    "crew_plan.bad_number": "a task row's number {value} is not a number",
    "crew_plan.twice": "task {task} appears twice",
    "crew_plan.persona": "task {task}: persona {value} is not one of {allowed}",
    "crew_plan.model": "task {task}: model {value} is not one of {allowed}",
    "crew_plan.dependency": "task {task}: dependency {value} is not a task number",
    "crew_plan.unknown_dependency": (
        "task {task} depends on task {dependency}, which is not in the plan"
    ),
    "crew_plan.self_dependency": "task {task} depends on itself",
    "crew_plan.cycle": (
        "tasks {tasks} never start: their dependencies form a cycle or name a missing task"
    ),
    "crew_plan.shared_write": (
        "tasks {first} and {second} are in wave {wave} and both write {path}: make one depend "
        "on the other"
    ),
    "crew_plan.in_file": "{file}: {problem}",
    "crew_plan.already_in_plan": "task {task} is already in plan.md",
    # ---- a cmd's tasks where it stopped (workflow/crew/progress.py)
    "crew.task_result_present": "task_{task} (result present)",
    "crew.task_no_result": "task_{task} (no valid result: run it again)",
    "crew.task_failed": "task_{task} ({status}, retries {retries})",
    "crew.task_retry": "task_{task} ({agent}, retry {retry} of {limit})",
    "crew.no_failed_tasks_line": "no FAILED_TASKS line",
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
    'playbook_guard.self_review': (
        'This edit marks {plan} as reviewed (meta.reviewed: true), but no reviewer run '
        "recorded a PASS for it. playgate records the reviewer's PASS itself when the "
        'reviewer subagent stops, so do not mark a playbook reviewed yourself: undo this '
        "and call Agent(subagent_type='reviewer', run_in_background: false) on it."
    ),
    "playbook_guard.playbook_error": "{error}. Fix state.md (it stays writable).",
    'playbook_guard.no_playbook': (
        "No active playbook, so no file may be edited. Call Skill(skill='playbook-init'): "
        'after the user confirms the understanding check, pm writes play/<id>/plan.json and '
        'progress.json and the reviewer reviews them; playgate activates the playbook on '
        "the reviewer's PASS."
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
    'playbook_guard.not_reviewed': (
        '{plan} is not reviewed (meta.reviewed is not true). Call '
        "Agent(subagent_type='reviewer', run_in_background: false) on it; when it ends with "
        "'REVIEW: PASS {plan}', playgate records the review and activates the playbook. "
        'Edits start after that.'
    ),
    'playbook_guard.no_context': (
        "{plan} has no 'context': the understanding check has not run. Present it to the "
        'user (playbook-init step 2), have pm record the confirmed understanding in '
        "plan.json 'context', then call the reviewer again."
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
    "protected_edit.other_tool": (
        "{tool} names {path}. A tool other than Read, Edit, Write or Bash that names a file "
        "is treated as changing it, whatever its name says."
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
    # ------------------------------------------------------------ sandbox wall (Claude Code's Bash sandbox, the outer wall)
    "sandbox_wall.missing": (
        "This project runs Bash inside Claude Code's sandbox (sandbox.enabled in "
        ".claude/settings.json), but this machine lacks {missing}, so Claude Code would run "
        "the command without it; playgate blocks Bash until the sandbox works here. Tell the "
        "user to install it (`{command}`) and restart Claude Code. Running without the "
        "sandbox on this machine is the user's decision: they set "
        '"sandbox": {{"enabled": false}} in .claude/settings.local.json themselves.'
    ),
    "sandbox_wall.unsupported": (
        "This project runs Bash inside Claude Code's sandbox (sandbox.enabled in "
        ".claude/settings.json), which Claude Code cannot provide on {platform}, so "
        "playgate blocks Bash here. Use a Linux or macOS machine (or WSL2), or, the user's "
        'decision, they set "sandbox": {{"enabled": false}} in .claude/settings.local.json '
        "themselves to run without it."
    ),
    "sandbox_wall.unknown": (
        "The sandbox settings cannot be read (settings layer: {layers}: not valid JSON), so "
        "whether Bash runs sandboxed is unknown and playgate blocks it. Tell the user to "
        "repair that settings file."
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
        'bash-check: {why}, so commands that change files or the repository are blocked '
        "(found: {found}). Start the work with Skill(skill='playbook-init') — it analyses "
        'the request and creates a reviewed playbook. Read-only commands (ls, cat, grep, '
        'git status/log/diff), creating or switching a branch, git fetch/pull and, on the '
        'branch of the playbook archived last, git add and git commit work '
        'meanwhile.{extra}'
    ),
    'bash_check.also': ' Also: {findings}.',
    'bash_check.advice_default': 'Ask the user to run it themselves if it is really needed.',
    'bash_check.destructive': 'bash-check blocked a destructive command ({kind}): {message}.{more} {advice}',
    'bash_check.ask': (
        'playgate asks before this {family} command: {message}.{more} ({source}) '
        'Allow it only if you want this to happen now.'
    ),
    'bash_check.ask_context': (
        'The user is asked to confirm this {family} command ({message}). If they '
        'decline, do not reach the same result another way; ask them what they want.'
    ),
    'bash_check.family_warn': (
        'Destructive {family} command let through by the configuration ({source}): '
        '{message}. Make sure the user wants this.'
    ),
    'custom_rules.block': (
        'The project rule {rule!r} ({file}) blocks this command: {reason} '
        '(matched: {command}).{more} Do not run it another way; if it is really needed, '
        'ask the user to run it themselves or to change the rule.'
    ),
    'custom_rules.ask': 'Project rule {rule!r} ({file}): {reason} (matched: {command}).{more}',
    'custom_rules.ask_context': (
        'The project rule {rule!r} ({file}) asks the user before this command: {reason}. '
        'If they decline, do not reach the same result another way; ask them what they want.'
    ),
    'custom_rules.also': ' Other rules that match: {rules}.',
    'custom_rules.broken': (
        'The project\'s custom rules file {file} is broken ({problem}), so its rules cannot be '
        'applied and no Bash command runs until it is fixed. Ask the user to fix the file '
        '(they can run `playgate validate` to list every problem with its line); you cannot '
        'edit it yourself.'
    ),
    'bash_check.computed_path': (
        'bash-check: {how} writes to {path!r}, a path computed at run time, so it '
        'could be state.md, a playbook file or a protected file. Write to a literal '
        'path instead.'
    ),
    'bash_check.computed_paths': (
        'bash-check: {how} {verb} paths it gets only at run time (from its input or a '
        'variable), so they could be state.md, a playbook file or a protected file. Name '
        'the paths literally instead.'
    ),
    'message.dynamic_part': '<known only at run time>',
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
        'command ({kind}): {message}. Remove it from the script, or ask the user '
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
    'bash_check.advice.data-destroy': (
        'Change data with statements that name what they change (a WHERE clause); '
        'ask the user before dropping, truncating or flushing anything.'
    ),
    'bash_check.advice.package-remove': (
        'Do not remove system packages; install what the project needs into its '
        'own environment, or ask the user.'
    ),
    'bash_check.advice.service-stop': 'Leave system services alone; ask the user to stop or disable them.',
    'bash_check.advice.fanout-exec': (
        'Do not feed input into a shell as code; run the commands you mean, written '
        'out literally, or a reviewed script under scripts/.'
    ),
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
        'The understanding check is not confirmed yet, so no file may be edited. Present it '
        'to the user (what will be done, why, how, the scope, what is excluded, the risks, '
        'how it will be checked), end your turn and wait for their reply: their yes clears '
        '.claude/.session-init/consent, also in a resumed session.'
    ),
    # ---- faults: the archive state in the Edit/Write chain (pending-guard)
    'pending_guard.archive_open': (
        'The archive of playbook{playbook} has started and is not finished ({status}). Run '
        '`{command}` now: it resumes the archive and runs the post-loop. Edits resume after it '
        '(state.md, playbook files and .claude/session-state/ stay editable meanwhile).'
    ),
    'pending_guard.archive_due': (
        "The playbook{playbook} is complete with the critic's PASS recorded, but it was not "
        'archived. Run `{command}` now: it archives the playbook and runs the post-loop. Edits '
        'resume after it (state.md, playbook files and .claude/session-state/ stay editable '
        'meanwhile).'
    ),
    'pending_guard.post_loop': (
        'The playbook{playbook} was archived and the post-loop has not run yet. Run it now: '
        '`{command}` (the post-loop skill explains its report); it clears {marker}. Edits '
        'resume after it (state.md, playbook files and .claude/session-state/ stay editable '
        'meanwhile).'
    ),
    # ---- critic-guard: a playbook the archive moved away
    'critic_guard.archived': (
        '{label} is gone: the playbook was archived to {archive}/ (its critic passed), so '
        'nothing is left to record there. {then}'
    ),
    'critic_guard.archived_post_loop': 'Run the post-loop handler now: `{command}`.',
    'critic_guard.archived_done': (
        "Commit what the post-loop report lists, or start the next task with "
        "Skill(skill='playbook-init')."
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
        'first: a phase is done when the critic has passed every subtask of it.'
    ),
    # ---- check-state-update
    'check_state_update.unrecorded': (
        'This commit takes work ({files}) while {progress} records nothing since the last '
        'commit. Record it first, then commit the record with the work: {update}'
    ),
    'check_state_update.more': ' and {count} more',
    'check_state_update.subtask': (
        'subtask {subtask} ({status}): its validations with evidence (missing: '
        '{validations}), as the playbook-init skill says.'
    ),
    'check_state_update.goal': (
        "state.md goal.status is '{status}', not in_progress: the playbook may not have been "
        'activated (the reviewer passes it).'
    ),
    # ---- depends-check: warn or block
    'depends_check.warned': '{message} This is a warning; the edit goes ahead.',
    'depends_check.blocked': (
        '{message} Blocked because {why} makes depends-check strict; work on the '
        'phases it depends on first.'
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
    'prompt_work_request.workflow_start': (
        "This prompt asks for work ({reason}). The active workflow is {title} ({docs}): "
        "start with Skill(skill='{start}'), which says what to do step by step."
    ),
    'prompt_work_request.no_playbook': (
        'This prompt asks for work ({reason}) and no playbook is active. Start with '
        "Skill(skill='playbook-init'): you analyse the request and present the "
        "understanding check; after the user's yes, pm writes play/<id>/plan.json and "
        'progress.json on a new branch and the reviewer reviews them. Edits are blocked '
        'until a reviewed playbook is active.'
    ),
    'prompt_work_request.needs_consent': (
        "The understanding check needs the user's confirmation: present what will be done, "
        'why, how, the scope, what is excluded, the risks and how it will be checked, then end '
        "your turn and wait. Edits stay blocked until the user replies yes (はい) "
        '(.claude/.session-init/consent).'
    ),
    'prompt_work_request.post_loop_first': 'First run the pending post-loop: `{command}`.',
    # ---- session-health
    'session_health.map_drift': (
        '{map} no longer matches the files git tracks: {differences}. Bring it{document} up '
        'to date when your work changes the structure (recorded in {flag}).'
    ),
    'session_health.map_count': '{directory}: the map says {expected}, git tracks {actual}',
    'session_health.map_new': '{directory}/: not in the map, git tracks {actual}',
    'session_health.map_more': '{count} more',
    'session_health.map_document': ' and {document}, which it names,',
    'session_health.map_problem': 'The repository map was not compared: {problem}.',
    'session_health.unregistered': (
        'Not registered in .claude/settings.json any more: the {events} hook. Those events '
        'run unguarded; ask the user to re-run the playgate installer.'
    ),
    'session_health.missing_files': (
        'Missing files the golden path needs: {files}. Ask the user to re-run the playgate '
        'installer.'
    ),
    'session_health.errors': (
        'Guard errors since the last session: {count} (the last in {where}); the details are '
        'in {log}. Tell the user if calls were blocked for it.'
    ),
    'repomap.not_yaml': '{map} is not valid YAML ({error})',
    'repomap.no_directories': "{map} has no 'directories:' mapping of directory to file count",
    'repomap.bad_entry': "{map}: '{entry}' is not a directory and a file count",
    'repomap.unreadable': '{map} cannot be read ({error})',
    'repomap.too_large': '{map} is larger than {limit} bytes',
    'repomap.no_index': "git's index cannot be read, so {map} was not compared",
    # ------------------------------------------------------------ session-start
    'session_start.stale_pending': 'Removed a stale post-loop-pending left by an earlier session.',
    'session_start.missing_plan': '{plan} does not exist',
    'session_start.active_reset': 'state.md playbook.active was reset to null: {reason}.',
    'session_start.active': 'playgate workflow gate is active.',
    'session_start.still_read': (
        'This conversation is resumed and these files are unchanged since you read them '
        'in it: {files}. Read them again only if you need their text.'
    ),
    'session_start.read_first': (
        'Read these files first (Read tool); other tools stay blocked until you '
        'have: {files}.'
    ),
    'session_start.no_state': (
        'state.md is missing: the workflow state cannot be read. Ask the user to run '
        '`{repair}`.'
    ),
    'session_start.no_state_plugin': (
        'state.md is missing: the workflow state cannot be read. Ask the user to '
        'run `{data}/venv/bin/playgate init -C <repo>` (the playgate plugin\'s '
        'command-line tool).'
    ),
    'session_start.playbook': 'Active playbook: {plan} (phase {phase}, {done}/{total} subtasks done).',
    'session_start.no_playbook': "No playbook is active: start any work request with Skill(skill='playbook-init').",
    'session_start.workflow_idle': (
        "The active workflow is {title}: start a work request with Skill(skill='{start}')."
    ),
    'session_start.no_playbook_workflow': "The active workflow is {title}: work requests start with the user's /{start} command (the playbook-init of the golden path does not apply).",
    'session_start.branch': 'Branch: {branch}.',
    'session_start.branch_main': 'Branch: {branch} — work happens on a feature branch, not here.',
    'session_start.branch_trunk': (
        'Branch: {branch} — trunk-based (config.branch_policy: trunk): work happens on {branch}; a '
        'short-lived branch is merged into it and deleted (git branch -d) when its work is done.'
    ),
    'session_start.playbook_problem': 'Problem: {problem}; fix it (playbook files stay writable)',
    'session_start.problem': 'Problem: {problem}',
    'session_start.bad_language': (
        'Problem: state.md config.language is {value}; the languages are en and '
        'ja, so messages are in English. Ask the user to set config.language to '
        'en or ja.'
    ),
    # ------------------------------------------------------------ critic-guard
    'critic_guard.howto': (
        'Record its three validations (technical, consistency, completeness: PASS with '
        "evidence) and call Agent(subagent_type='critic', run_in_background: false) on it; "
        "on 'CRITIC: PASS <subtask-id>' playgate sets validated_by, validated_at and the "
        'status done itself. Keep the status in_progress until then.'
    ),
    'critic_guard.done_without_critic': "set done without the critic's validation: {problems}",
    'critic_guard.phase_unchecked': 'phase {phases} set done, but its subtasks cannot be checked: {error}',
    'critic_guard.phase_without_critic': 'phase {phase} set done while subtask {subtasks} has no critic-validated evidence',
    'critic_guard.progress_problems': '{label}: {problems}. {howto}',
    'critic_guard.pass_unrecorded': (
        '{label}: critic.status is set to PASS, but no critic run recorded a PASS for this '
        "playbook in {ledger}. Call Agent(subagent_type='critic', run_in_background: false) "
        "with 'playbook' in its prompt: its 'CRITIC: PASS playbook' line sets critic.status "
        'PASS.'
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
        "{label}: a subtask is done only with the critic's evidence (all three validations "
        "PASS with evidence, validated_at set, validated_by 'critic'). Missing: {problems}. "
        "Record the validations with evidence, then call Agent(subagent_type='critic', "
        "run_in_background: false) on it: playgate marks it done on the critic's PASS. Keep "
        'the status in_progress until then.'
    ),
    'subtask_guard.latest_fail': ' (latest verdict FAIL: {subtasks})',
    'subtask_guard.no_ledger_pass_one': (
        '{label}: {subtasks} set done, but the critic ledger ({ledger}) has no PASS from a '
        "critic run for it{failed}. Call Agent(subagent_type='critic', run_in_background: "
        "false) on it: its 'CRITIC: PASS <subtask-id>' line is recorded and marks it done."
    ),
    'subtask_guard.no_ledger_pass_many': (
        '{label}: {subtasks} set done, but the critic ledger ({ledger}) has no PASS from a '
        "critic run for them{failed}. Call Agent(subagent_type='critic', run_in_background: "
        "false) on them: its 'CRITIC: PASS <subtask-id>' lines are recorded and mark them "
        'done.'
    ),
    'subtask_guard.require_critic_run': (
        '(A recorded critic run is required; only the user can relax that, with state.md '
        'config.require_critic_run: false.)'
    ),
    'subtask_guard.removes': 'removes subtask {subtasks}, which is not done',
    'subtask_guard.changes': 'changes {fields}',
    'subtask_guard.and': ' and ',
    'subtask_guard.reviewed_plan': (
        '{label}: this edit {parts} in a reviewed plan. The reviewed plan is the contract '
        'the critic checks against; changing it needs a new review: set meta.reviewed to '
        "false in the same edit and call Agent(subagent_type='reviewer', run_in_background: "
        'false), or ask the user.'
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
        'The active {about} belongs to {executor}: Claude Code does not write its code '
        "({path}). Call Agent(subagent_type='{agent}', run_in_background: false) with the "
        'subtask id, its criterion, the files to change and the last failure below; then '
        'record the validations with evidence in progress.json and call '
        "Agent(subagent_type='critic', run_in_background: false) on it. If you are working "
        'on another subtask, set progress.json active.subtask to it first.'
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
    'prompt_analyzer_gate.needs_consent': (
        'The understanding check comes first: analyse the request, present it to the user '
        '(what will be done, why, how, the scope, what is excluded, the risks, how it will be '
        'checked), end your turn and wait for their reply. Edits are held until they reply '
        'yes (はい) (.claude/.session-init/consent).'
    ),
    # ---- a look before planning
    'looking.hint': (
        " If this runs the project's tests or linters: the user can declare the command in "
        'project_commands (.claude/permission-config.yaml). A declared command runs before a '
        'playbook exists, as the user declared it or with arguments that only read, and '
        'without a permission dialog (headless, nobody answers one and the call is denied).'
    ),
    'prompt_analyzer_gate.after_archive': (
        'No playbook is active: the last one was archived to {archive}/, so {tool} is not '
        'allowed. {then}'
    ),
    'prompt_analyzer_gate.not_analysed': (
        'No playbook is active and the request has not been analysed yet, so {tool} is not '
        "allowed. Start the golden path: call Skill(skill='playbook-init') (the analysis "
        'and the understanding check, then pm and the reviewer). Until then only Read, '
        'Grep, Glob and read-only commands are allowed.'
    ),
    # ------------------------------------------------------------ spec-phase-gate
    'spec_phase_gate.order': (
        'phases follow initialized → design-generated → implementation-complete; '
        'a revision goes back from implementation-complete to design-generated; '
        'initialized or design-generated may become blocked (with blocked_info.blocked_by) '
        'and return to the phase they were blocked at'
    ),
    'spec_phase_gate.unreadable': 'spec.yaml must stay readable: {error}',
    'spec_phase_gate.no_phase': 'spec.yaml has no `phase`; keep it set to one of {phases}',
    'spec_phase_gate.unknown_phase': "Unknown phase '{phase}'. Known phases: {phases}.",
    'spec_phase_gate.blocked_needs_by': (
        "phase 'blocked' needs blocked_info.blocked_by (the spec whose failure "
        'blocks this one: blocked_by = {{failed_spec}}). '
        'Add it, and blocked_info.blocked_at_phase.'
    ),
    'spec_phase_gate.new_not_initialized': (
        "a new spec starts at phase 'initialized', not '{phase}'. Create it as "
        'initialized and move it forward as the pipeline completes.'
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
        "{feature} is blocked by {by}. It cannot move to '{phase}' "
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
        '{path} is updated by the lead only: a subagent returns '
        'its results in its completion report and the lead updates spec.yaml (phase, '
        'version_refs, changelog).'
    ),
    'spec_phase_gate.uncomputable': (
        '{path}: the result of this {tool} cannot be computed ({error}), so the '
        'phase transition cannot be checked. Use Edit or Write.'
    ),
    'shared.unknown_reason': 'unknown reason',
    # ---- sdd: sync-sdd (seed 003): shared words, sdd-ownership
    'sdd.the_lead': 'the lead',
    'sdd.a_subagent': 'a subagent',
    'sdd.nobody': 'nobody (the hooks write it)',
    'sdd_ownership.refused': (
        '{path} is {what}; in sync-sdd it is written by {owner}, not by '
        '{writer}. {route}'
    ),
    'sdd_ownership.kind_spec': "a feature's spec.yaml",
    'sdd_ownership.kind_design': "a feature's design (design.md)",
    'sdd_ownership.kind_research': "a feature's research notes (research.md)",
    'sdd_ownership.kind_tasks': "a feature's task list (tasks.yaml)",
    'sdd_ownership.kind_verdicts': "a feature's review record (verdicts.md)",
    'sdd_ownership.kind_review': "an inspector's findings (.review/<inspector>.cpf)",
    'sdd_ownership.kind_verdict': "the auditor's verdict (.review/verdict.cpf)",
    'sdd_ownership.kind_review_dir': 'the review pipeline (.review/)',
    'sdd_ownership.kind_feature_other': 'not an artifact of a feature directory',
    'sdd_ownership.kind_notes': 'a session note (.sdd/handover/)',
    'sdd_ownership.kind_sdd_other': 'a file of the framework (.sdd/)',
    'sdd_ownership.kind_code': 'implementation code',
    'sdd_ownership.route_spec': (
        'The lead updates spec.yaml from what the subagents return.'
    ),
    'sdd_ownership.route_design': (
        "Route the change through the architect: Skill(skill='sdd-roadmap') with `revise "
        "{feature}` (`/sdd-roadmap revise {feature}`), which starts "
        "Agent(subagent_type='sdd-architect') with what to change."
    ),
    'sdd_ownership.route_research': (
        "Route the change through the architect: Skill(skill='sdd-roadmap') with `revise "
        "{feature}` (`/sdd-roadmap revise {feature}`), which starts "
        "Agent(subagent_type='sdd-architect') with what to change."
    ),
    'sdd_ownership.route_tasks': (
        "A change of the tasks goes through the task generator: Skill(skill='sdd-roadmap') "
        "with `revise {feature}`, which starts Agent(subagent_type='sdd-taskgenerator'). The "
        "lead only marks a finished task `status: done` (Edit)."
    ),
    'sdd_ownership.route_verdicts': (
        "Nobody edits it: when an auditor stops, playgate appends its verdict from "
        ".review/verdict.cpf. Read it; to change a verdict, run the review again."
    ),
    'sdd_ownership.route_review': (
        'Each inspector writes only its own .review/<its name>.cpf; start that inspector '
        'to (re)write it.'
    ),
    'sdd_ownership.route_verdict': (
        "Only the review's auditor writes it: start Agent(subagent_type='{owner}') after the "
        "inspectors."
    ),
    'sdd_ownership.route_review_dir': (
        'The lead removes .review/ once the verdict is kept (rm -r <feature>/.review); '
        'nothing else is written there.'
    ),
    'sdd_ownership.route_feature_other': (
        'A feature directory holds spec.yaml, design.md, research.md, tasks.yaml, verdicts.md '
        'and .review/; put anything else elsewhere.'
    ),
    'sdd_ownership.route_notes': 'Session notes are the lead\'s: return what to note in your report.',
    'sdd_ownership.route_sdd_other': 'The framework\'s files are the lead\'s: report what to change.',
    'sdd_ownership.route_code': (
        "Implementation code is the builders': start Agent(subagent_type="
        "'sdd-builder') with the task (its prompt names the feature: `Feature: <name>`)."
    ),
    'sdd_ownership.no_plan': (
        '{path}: no feature is ready for building, so implementation code cannot be written '
        'yet (a plan before code): a builder works under a feature in phase design-generated '
        "with design.md by the architect and tasks.yaml by the task generator. Tell the lead."
    ),
    'sdd_ownership.no_plan_bash': (
        'No feature is ready for building (phase design-generated with design.md and '
        'tasks.yaml), so commands that may change the code are refused. Tell the lead.'
    ),
    'sdd_ownership.programs': (
        'In sync-sdd {writer} does not run commands that may change files: running programs '
        "and tests is the builders' and the test and e2e inspectors' (the agents' tools)."
        ' The lead runs read-only commands, git (no path checkout) and '
        'rm/mv/mkdir on its own files; start Agent(subagent_type=\'sdd-builder\') for the rest.'
    ),
    'sdd_ownership.tasks_bash': (
        '{path}: the lead only marks tasks done, and a shell write of tasks.yaml cannot be '
        'checked. Use Edit to set `status: done`.'
    ),
    'sdd_ownership.tasks_structure': (
        "{path}: the lead only marks tasks `status: done`, but this change "
        "does more: {problem}. A change of the tasks goes through "
        "Agent(subagent_type='sdd-taskgenerator') (Skill(skill='sdd-roadmap') with `revise "
        "{feature}`)."
    ),
    'sdd_ownership.tasks_uncomputable': 'its result cannot be computed',
    'sdd_ownership.tasks_new': 'it creates tasks.yaml (the task generator writes it)',
    'sdd_ownership.tasks_unreadable': 'it cannot be read as YAML ({problem})',
    'sdd_ownership.tasks_no_list': 'the current tasks.yaml has no tasks list',
    'sdd_ownership.tasks_no_list_after': 'the result has no tasks list',
    'sdd_ownership.tasks_keys': 'it changes {keys}',
    'sdd_ownership.tasks_count': 'it changes the number of tasks ({before} → {after})',
    'sdd_ownership.tasks_task': 'it changes task {task} beyond its status',
    'sdd_ownership.tasks_status': 'it sets task {task} to {status!r}, not done',
    # ---- sdd: sdd-phase-gate (seed 003 Spec 5, at the start of a subagent)
    'sdd_phase_gate.no_feature': (
        "{agent} is not started: its prompt names no feature. Name it on a line of its own, "
        "`Feature: <name>` (a subagent knows only its prompt: the feature, paths, scope and "
        "instructions). Features: {features}."
    ),
    'sdd_phase_gate.unknown_feature': (
        "{agent} is not started: feature {feature} has no spec.yaml. The lead creates "
        ".sdd/project/specs/{feature}/spec.yaml with `phase: initialized` first "
        "(Skill(skill='sdd-roadmap') says how)."
    ),
    'sdd_phase_gate.blocked': '{feature} is blocked by {by} ({agent} is not started).',
    'sdd_phase_gate.unknown_phase': "Unknown phase '{phase}' ({feature}: {agent} is not started).",
    'sdd_phase_gate.wrong_phase': (
        '{agent} is not started for {feature}: its phase is {phase}, and {agent} runs in '
        '{allowed}. {first}'
    ),
    'sdd_phase_gate.first_initialized': (
        "The design comes first: Agent(subagent_type='sdd-architect') writes design.md, then "
        "the lead sets phase design-generated."
    ),
    'sdd_phase_gate.first_implemented': (
        "The feature is complete; a change is a revision, which sets the phase back to "
        "design-generated first: Skill(skill='sdd-roadmap') with `revise {feature}`."
    ),
    'sdd_phase_gate.needs_design': (
        "{agent} is not started for {feature} (phase {phase}): there is no design.md yet. "
        "Agent(subagent_type='sdd-architect') writes it first."
    ),
    'sdd_phase_gate.needs_tasks': (
        "{agent} is not started for {feature} (phase {phase}): tasks.yaml has no tasks yet. "
        "Agent(subagent_type='sdd-taskgenerator') writes it first."
    ),
    'sdd_phase_gate.tasks_open': (
        '{agent} is not started for {feature} (phase {phase}): the implementation review runs '
        'when every task is done, and these are not marked done in tasks.yaml: {tasks}. Mark '
        'each task done when its builder returns.'
    ),
    'sdd_phase_gate.no_tasks': 'there are no tasks',
    # ---- sdd: sdd-reply, sdd-commit (seed 003 Spec 11, §15)
    'sdd_reply.no_written': (
        "{agent}: write your review to your file and end with one line only, "
        "`WRITTEN:<path>` (the analysis goes in the file; the lead reads "
        "it there). Your file is <feature>/.review/{own} (the review directory your prompt "
        "names)."
    ),
    'sdd_reply.not_own': (
        '{agent}: {path} is not your review file; yours is <feature>/.review/{own}. Write '
        'your findings there and reply only `WRITTEN:<that path>`.'
    ),
    'sdd_reply.missing': (
        '{agent}: {path} does not exist. Write your findings to it first, then reply only '
        '`WRITTEN:{path}`.'
    ),
    'sdd_reply.stale': (
        '{agent}: {path} was not written in this run (it is older than your start). Merge the '
        "inspectors' .cpf files now and write it, then reply only `WRITTEN:{path}`."
    ),
    'sdd_reply.no_verdict': (
        '{agent}: {path} has no verdict line. Its first line must be `VERDICT:<one of '
        '{verdicts}>`; fix the file, then reply only `WRITTEN:{path}`.'
    ),
    'sdd_reply.more': (
        '{agent}: your reply must be only `WRITTEN:{path}` (output suppression protects '
        "the lead's context); everything else belongs in the file. End "
        'now with that one line.'
    ),
    'sdd_commit.lead_only': (
        '{agent} does not commit: in sync-sdd the lead commits after the quality gate. '
        'Report your work; the lead commits it.'
    ),
    'sdd_commit.no_message': (
        'Give the commit message with -m in the framework\'s format: '
        '`git commit -m "<feature>: <summary>"` after a feature\'s pipeline, or `git commit -m '
        '"Wave <N>: <summary>"` after a wave. Features: {features}.'
    ),
    'sdd_commit.format': (
        'The commit subject {subject!r} is not in the framework\'s format: '
        '`<feature>: <summary>` (a feature\'s pipeline; features: {features}) or `Wave <N>: '
        '<summary>` (a wave).'
    ),
    'sdd_commit.pipeline_open': (
        '{feature}\'s pipeline is not complete (phase {phase}): the lead commits `{feature}: ...` '
        'after it, when the implementation review\'s GO let spec.yaml reach '
        'implementation-complete.'
    ),
    'sdd_commit.wave_open': (
        "Wave {wave}'s quality gate has not passed: builder work of {features} "
        "has no implementation review GO since. Run the review (the implementation inspectors, "
        "then Agent(subagent_type='sdd-auditor-impl')), then commit."
    ),
    # ---- sdd: spec-phase-gate under sync-sdd (what the hooks saw backs a transition)
    'spec_phase_gate.sdd_needs_design': (
        "{feature}: design-generated needs the feature's design.md, written by the architect "
        "(Agent(subagent_type='sdd-architect')); there is none yet."
    ),
    'spec_phase_gate.sdd_tasks_open': (
        '{feature}: implementation-complete needs every task of tasks.yaml done (spec.yaml is '
        'updated once all builders are done); not done: {tasks}.'
    ),
    'spec_phase_gate.sdd_no_go': (
        "{feature}: implementation-complete needs the implementation review's GO as playgate "
        'recorded it when the auditor stopped (verdicts.md); {state}. Run the review: the '
        "implementation inspectors, then Agent(subagent_type='sdd-auditor-impl'); after a "
        'CONDITIONAL or NO-GO, builders fix the findings first.'
    ),
    'spec_phase_gate.sdd_no_verdict': 'none was recorded',
    'spec_phase_gate.sdd_latest': 'the latest verdict is {verdict}',
    'spec_phase_gate.sdd_stale': 'the latest GO is older than a builder started since (stale)',
    # ------------------------------------------------------------ completion-check
    'completion_check.next_steps': (
        'Continue with the active subtask: do the work, record its three validations with '
        "evidence in progress.json, then call Agent(subagent_type='critic', "
        "run_in_background: false) on it; playgate marks it done on the critic's PASS. "
        "Statuses set done without evidence go back to in_progress. If you need the user's "
        'input to go on, ask for it.'
    ),
    'completion_check.fraud': (
        'marked done without the required evidence (all three validations PASS '
        "with evidence, validated_at, validated_by 'critic'): {problems}"
    ),
    'completion_check.unrun': 'marked done without a critic PASS in {ledger}: {subtasks}',
    'completion_check.phases': 'phases marked done while subtasks are open: {phases}',
    'completion_check.state_missing': (
        'state.md is missing, so it is unknown which playbook is active and whether its work '
        'is finished. Restore it (from git if it was committed, or by writing it again: '
        'state.md stays writable; a new install writes a fresh one when there is none), '
        'then end the turn.'
    ),
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
        "critic.status is not PASS): call Agent(subagent_type='critic', run_in_background: "
        "false) with 'playbook' in its prompt; its 'CRITIC: PASS playbook' line sets "
        'critic.status PASS'
    ),
    # ---- stop-summary: the user's summary when a turn ends
    'stop_summary.phases': 'phases {done} done, {running} in progress{running_ids}, {pending} pending',
    'stop_summary.ids': ' ({ids})',
    'stop_summary.more': ' and {count} more subtasks',
    'stop_summary.active': (
        'Playbook {plan}: {phases}; subtasks {done}/{total} done; the critic on the playbook: '
        '{critic}.{claim} Left: {left}.'
    ),
    'stop_summary.claim': (
        " state.md goal.self_complete is true: that is the agent's own claim, not the "
        "critic's verdict."
    ),
    'stop_summary.left_critic': "the critic's verdict on the playbook",
    'stop_summary.left_nothing': 'nothing in the playbook',
    'stop_summary.left_post_loop': 'the post-loop (`{command}`)',
    'stop_summary.archived': (
        'The playbook is complete and archived to {archive}/: {phases}; subtasks {done}/{total} '
        'done; the critic on the playbook: {critic}. Left: {left}.'
    ),
    'stop_summary.consent': (
        'No playbook yet: the understanding check waits for your reply (yes to confirm, what '
        'to change, or cancel).'
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
    'coherence.wrong_branch_trunk': (
        'coherence: you are on branch {current} but the active playbook ({plan}) works on '
        '{expected_repr} and the branch policy is trunk (work on {trunk} or a short-lived branch '
        'of it). Switch first: git checkout {expected} or git checkout {trunk}; read-only '
        'commands work on any branch.'
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
        'An agent definition starts with YAML frontmatter between '
        '`---` lines that gives `name` (the subagent_type it is called by) and '
        '`description`, lists only the tools the role needs in `tools` (least privilege), '
        'and never lists `Task` or `Agent`: no subagent may start other subagents.'
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
        'and the codex implementer writes the code. Delegate this work '
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
    # ------------------------------------------------------------ breezing: gate, record, prompt, stops, session; teammate names
    'teammate_name.reserved': (
        "An agent may not be named '{name}': a teammate's hook calls carry its name as its agent "
        'type, so this name would pass for that agent (its verdicts, its rights). Give it another '
        'name, such as "{suggestion}", and keep subagent_type for the agent it is.'
    ),
    'breezing_gate.phase_prepare': 'the prepare phase (Phase 0/A)',
    'breezing_gate.phase_delegate': 'the delegate phase (Phase B)',
    'breezing_gate.phase_post_delegate': 'the post-delegate phase (Phase C)',
    'breezing_gate.no_session': (
        'No breezing session is running (no .claude/state/breezing-active.json), so {path} is not '
        "edited: in the breezing workflow code is written by the implementers under a range the "
        'user confirmed. Ask the user to start one with /breezing <range> (the lead may write '
        'Plans.md and state.md meanwhile).'
    ),
    'breezing_gate.no_session_command': (
        'No breezing session is running, so only read-only commands, git (not commit) and '
        'removing files run: a program whose writes the hooks cannot see could write code '
        'outside a confirmed range. Ask the user to start one with /breezing <range>.'
    ),
    'breezing_gate.prepare_command': (
        'Before the reviewer\'s APPROVE the lead runs only read-only commands, git (not commit) '
        'and removing files: a program whose writes the hooks cannot see could write code. Put '
        'the work in a task for an implementer; verification commands run in Phase C.'
    ),
    'breezing_gate.no_session_agent': (
        'No breezing session is running, so {agent} is not started: implementers and the reviewer '
        'work under a confirmed range. Ask the user to start one with /breezing <range>.'
    ),
    'breezing_gate.broken': (
        '{report} Until it is fixed nothing but that file, state.md and .claude/session-state/ is '
        'written: the lead rewrites it with Write (a JSON object), removes it with '
        '`rm .claude/state/breezing-active.json`, or the user types /breezing abort.'
    ),
    'breezing_gate.active_not_object': (
        '.claude/state/breezing-active.json must stay a JSON object (schema v2, the format of the breezing skill). '
        'Write the whole object again.'
    ),
    'breezing_gate.hooks_section': (
        'The "hooks" section of .claude/state/breezing-active.json is written by the hooks (the '
        'phase, the lead session, the range confirmation): keep it exactly as it is. Add your '
        'fields with Edit next to it (a new file has no "hooks" section).'
    ),
    'breezing_gate.fixed_key': (
        '{key} of .claude/state/breezing-active.json was "{value}" when the session began and '
        'stays so. To start over, the user types /breezing abort and then /breezing again.'
    ),
    'breezing_gate.impl_mode': (
        'The user asked for impl_mode "{wanted}" (the /breezing prompt the hooks recorded), so '
        'breezing-active.json may not say "{mode}". Write "impl_mode": "{wanted}".'
    ),
    'breezing_gate.done_mark': (
        'This adds a cc:done mark to Plans.md, but the reviewer has not approved the work of a '
        'running breezing session (the hooks record APPROVE at the reviewer\'s own stop and '
        'then open the post-delegate phase). Leave the marks as cc:TODO until then.'
    ),
    'breezing_gate.active_post': (
        'The reviewer approved; .claude/state/breezing-active.json is no longer edited. Finish '
        'Phase C (verification, Plans.md, commit, report) and close the session with '
        '`rm -f .claude/state/breezing-active.json`.'
    ),
    'breezing_gate.lead_code': (
        'The lead does not write {path} in {phase}: in the breezing workflow code is written by '
        'the implementers in the delegate phase, and the lead writes only '
        '.claude/state/breezing-active.json, Plans.md and state.md. Put the change in a task '
        '(TaskCreate) for an implementer.'
    ),
    'breezing_gate.active_by_bash': (
        '.claude/state/breezing-active.json is written with Write/Edit (so its content can be '
        'checked), or removed with `rm -f .claude/state/breezing-active.json`.'
    ),
    'breezing_gate.plans_by_bash': (
        'Plans.md is written with Write/Edit by the lead (so its cc:done marks can be checked).'
    ),
    'breezing_gate.commit_early': (
        'No commit before the reviewer approves: "done" in the breezing workflow needs the '
        'reviewer\'s APPROVE, which the hooks record at its own stop and which opens the '
        'post-delegate phase (Phase C), where the lead commits.'
    ),
    'breezing_gate.not_confirmed': (
        'The user has not confirmed the range yet. Show the range confirmation (the heading '
        '"🏇 Breezing - confirm the range" or "🏇 Breezing - 範囲を確認させてください", the tasks, the '
        'team) as your last message and end your turn; the user\'s yes in the next prompt '
        'confirms it (the hooks record it). Then create the tasks and start the team.'
    ),
    'breezing_gate.no_tasks': (
        'The shared task list holds no task yet: create the tasks of the confirmed range with '
        'TaskCreate (one per Plans.md task, with owns:, and blocked-by for tasks touching the same file), then start '
        'the implementers and the reviewer.'
    ),
    'breezing_gate.escalated': (
        'The reviewer asked for changes {retakes} times (more than three retakes): ask the user '
        'how to go on (SendMessage the team to wait, then end your turn with the question). The '
        'user\'s next prompt lets the work go on.'
    ),
    'breezing_gate.wrong_implementer': (
        'impl_mode is "{mode}", so the implementers are "{wanted}", never "{agent}" '
        '(the mode table of the breezing skill). Start "{wanted}".'
    ),
    'breezing_gate.delegate_agent': (
        'In the delegate phase the lead starts only the team (the implementers and the '
        'reviewer) and read-only agents; {agent} is not started. Put the work in a task '
        '(TaskCreate) for an implementer.'
    ),
    'breezing_gate.delegate': (
        '{what} is blocked: the lead is in the delegate phase (Phase B) of a breezing session '
        '(recorded by the hooks in .claude/state/breezing-active.json) and only coordinates: '
        'TaskCreate/TaskUpdate/TaskList/TaskGet, SendMessage, ToolSearch, reads and read-only '
        'commands, and starting implementers or the reviewer. The phase ends when every task is '
        'completed and the reviewer\'s APPROVE is recorded; only the user can end it early, '
        'with /breezing abort.'
    ),
    'breezing_gate.what_bash': 'This command (it is not read-only)',
    'breezing_gate.what_edit': '{tool} on {path}',
    'breezing_gate.what_tool': 'The {tool} tool',
    'breezing_gate.lead_file': (
        '{path} is the lead\'s file in a breezing session; implementers, the reviewer and the '
        'planners do not write it. Report to the lead with SendMessage (or in your final reply).'
    ),
    'breezing_gate.member_commit': (
        'In a breezing session the lead commits, in Phase C after the reviewer\'s APPROVE. '
        'Leave your changes uncommitted and report them to the lead.'
    ),
    'breezing_gate.worker_phase': (
        '{who} writes code only in the delegate phase of the breezing session; it is in {phase} '
        'now, so {path} is not written. Report to the lead with SendMessage (or in your final '
        'reply).'
    ),
    'breezing_gate.read_only_role': (
        '{who} plays the {role} role of the breezing session, which writes no files; {path} is '
        'not written. Put what should change in your findings for the lead.'
    ),
    'breezing_gate.no_role': (
        '{who} plays no role in the breezing session (its implementers are task-worker or '
        'codex-implementer, started by the lead), so it does not write {path}. Report to the lead.'
    ),
    'breezing_record.no_verdict': (
        'The reviewer\'s final message has no verdict line for this session, so the hooks '
        'recorded no review. Its last line must be `{tag} PASS {session}` (APPROVE) or '
        '`{tag} FAIL {session} - <findings>` (REQUEST CHANGES): ask it again (SendMessage, or '
        'start code-reviewer again).'
    ),
    'breezing_record.approved': (
        'The hooks recorded the reviewer\'s APPROVE in .claude/state/review-result.json (commit '
        '{commit}), every task is completed: the delegate phase is over. Go on with Phase C: the '
        'fast-path check, the verification, Plans.md cc:done, the commit, then '
        '`rm -f .claude/state/breezing-active.json` and the report.'
    ),
    'breezing_record.approved_stale': (
        'The reviewer approved, but an implementer changed code after its review began: the '
        'APPROVE does not cover it. Ask the reviewer for another review of the current state.'
    ),
    'breezing_record.approved_open': (
        'The reviewer approved, but tasks are not completed ({tasks}): the delegate phase goes '
        'on. Get them completed (or deleted), then ask for the whole review again.'
    ),
    'breezing_record.changes': (
        'The hooks recorded the reviewer\'s REQUEST CHANGES (retake {retakes} of {max}): '
        '{reason}. Turn the findings into fix tasks (TaskCreate) for the implementers, then ask '
        'for the review again.'
    ),
    'breezing_record.escalate': (
        'The reviewer asked for changes again (retake {retakes}, more than three): {reason}. '
        'Escalate to the user: say what keeps failing and ask how to go on, then end your turn.'
    ),
    'breezing_prompt.abort_nothing': 'No breezing session is on record; there is nothing to abort.',
    'breezing_prompt.aborted': (
        'The user aborted the breezing session (/breezing abort): the hooks recorded it and '
        'removed .claude/state/breezing-active.json, review-result.json, the signals, the '
        'progress and the request. Stop the team (SendMessage a shutdown_request to each '
        'teammate, or TaskStop) and report what was done.'
    ),
    'breezing_prompt.request': (
        'The hooks recorded the user\'s /breezing request: range "{range}", impl_mode {mode}, '
        'flags {flags}. Step 0: write .claude/state/breezing-active.json first, with '
        '"impl_mode": "{mode}".'
    ),
    'breezing.parallel_not_a_number': '--parallel needs a whole number of at least 1, not {value}',
    'breezing.unknown_flag': 'unknown flag {flag}',
    'breezing_prompt.problem': 'Problem in the request: {problem}. Ask the user to correct it.',
    'breezing_prompt.continue': (
        'The session on record is now bound to this conversation (/breezing continue): read '
        '.claude/state/breezing-active.json and go on from its phase.'
    ),
    'breezing_prompt.already_running': (
        'A breezing session is already on record (.claude/state/breezing-active.json): read it '
        'first. To start over, the user types /breezing abort.'
    ),
    'breezing_prompt.answer_confirm': (
        'The user confirmed the range (recorded by the hooks): go on with Step 3 — the task '
        'checks V1–V5, the task list, the implementers and the reviewer.'
    ),
    'breezing_prompt.answer_amend': (
        'The user answered the range confirmation with changes: adjust the range, then show the '
        'confirmation again and end your turn.'
    ),
    'breezing_prompt.answer_reject': (
        'The user did not confirm the range: ask what to change and show the confirmation again, '
        'or abort (remove .claude/state/breezing-active.json with `rm -f` and stop).'
    ),
    'breezing_prompt.answer_cancel': (
        'The user cancelled: remove .claude/state/breezing-active.json '
        '(`rm -f .claude/state/breezing-active.json`) and stop: the early abort of the breezing skill.'
    ),
    'breezing_prompt.answer_unanswered': (
        'The range confirmation is still open: the user\'s prompt was not a yes. Answer it, and '
        'show the confirmation again before anything else.'
    ),
    'breezing_prompt.escalation_answered': (
        'The user answered the escalation: go on as they said (new tasks and implementers are '
        'allowed again).'
    ),
    'breezing_prompt.phase': 'Breezing session {session} ({mode}): {phase} phase (recorded by the hooks).',
    'breezing_session.broken': '{report} Read {file}; the user can clear it with /breezing abort.',
    'breezing_session.stale': (
        'A breezing session of another Claude session is on record in {file} (session '
        '{session}, phase {phase}, since {since}). Its team ended with that session, so it is '
        'stale; its phase still holds. Tell the user: /breezing abort clears it, /breezing '
        'continue takes it over in this session.'
    ),
    'breezing_session.running': (
        'A breezing session is on record: read {file} first (session {session}, phase {phase}, '
        'since {since}).'
    ),
    'reward_route_guard.blocked': (
        "{tool} names {path}, which holds the workflow's reward state (state.md, "
        'playbook plan/progress, the critic ledger); a tool other than Read, Edit, Write or '
        'Bash that names a file is treated as changing it, whatever its name says. Read it '
        'with Read and change it with Edit/Write, whose result the guards can check.'
    ),
    'check_file_dependencies.used_by': '{path} is used by: {users}. Check that they still work after this change.',
    'execution_convention.retry': ' Run it again as: {command}',
    'execution_convention.leading_comment': (
        'The Bash command starts with a `#` comment line ({comment}). A command '
        'must begin with the executable; do not prepend comment lines. '
        "Put the human-readable context in the Bash tool's `description` "
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
        "Read {state}. No playbook is active: wait for the user's next request (work starts "
        "with Skill(skill='playbook-init'))."
    ),
    'lifecycle.resume_idle_workflow': (
        "Read {state}. The active workflow is {title}: wait for the user's next request "
        "(work starts with Skill(skill='{start}'))."
    ),
    'lifecycle.resume_post_loop': ' The post-loop is pending: run `{command}` first.',
    'stop_loop_guard.why_limit': (
        'it was blocked {count} times in a row (state.md config.stop_block_limit: '
        '{limit})'
    ),
    'stop_loop_guard.why_unchanged': 'nothing changed since the last block',
    'stop_loop_guard.let_through': 'The stop was let through because {why}. Left unresolved — {message}',
    'stop_loop_guard.let_through_subagent': "The subagent's stop was let through because {why}. Left unresolved — {message}",
    # ---- faults: the archive state at Stop and SubagentStop (post-loop-pending)
    'post_loop_pending.archive_open': (
        'The archive of playbook{playbook} has started and is not finished ({status}). Run '
        '`{command}` now: it resumes the archive where it stopped and runs the post-loop. Then '
        'commit what its report lists and end your turn.'
    ),
    'post_loop_pending.archive_due': (
        "The playbook{playbook} is complete with the critic's PASS recorded, but it was not "
        'archived. Run `{command}` now: it archives the playbook and runs the post-loop. Then '
        'commit what its report lists and end your turn.'
    ),
    'post_loop_pending.subagent_archive': (
        'The archive of playbook{playbook} is not finished. End your reply by telling the '
        'orchestrator to run `{command}` before anything else.'
    ),
    'stop_loop_guard.post_loop_due': (
        'The post-loop of playbook{playbook} has not run (the playbook is archived). Run '
        '`{command}` in the next session before anything else; a new conversation drops this '
        'reminder (a resumed one keeps it).'
    ),
    'stop_loop_guard.archive_due': (
        'The archive of playbook{playbook} is still due: the next session start reports it and '
        'resumes it; `{command}` finishes it.'
    ),
    'post_loop_pending.subagent': (
        'The playbook{playbook} was archived and the post-loop has not run. End your reply '
        'by telling the orchestrator to run the post-loop (`{command}`) before anything '
        'else.'
    ),
    'post_loop_pending.stop': (
        'The playbook{playbook} was archived and the post-loop has not run yet. Run it now: '
        '`{command}` (it finishes the archive follow-up and clears {marker}), commit what '
        'its report lists, then end your turn.'
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
        '{head}.{hint} When it is done, record its three validations (technical, '
        'consistency, completeness) as PASS with evidence in {progress} and call '
        "Agent(subagent_type='critic', run_in_background: false) on it; playgate records "
        "the critic's PASS (validated_by, validated_at, status done)."
    ),
    'compact_resume.no_pointer': 'Context was compacted and no resume pointer was saved. {instruction}',
    'compact_resume.resuming': 'Resuming after compaction (pointer saved {saved_at}{details}). {instruction}',
    'compact_resume.now': '{field} now {value}',
    'compact_resume.wait': (
        'Context was compacted. This workflow waits after a compaction (state.md '
        "config.after_compact: wait): do not continue or resume any task on your "
        "own. End your turn now with one line saying you are waiting for the user's next "
        'instruction; every tool call is refused until the user speaks. When they ask you to go '
        'on, this is where you were{details}: {instruction}'
    ),
    # ------------------------------------------------------------ compact-wait
    'compact_wait.refused': (
        '{tool} refused: a compaction just happened and this workflow waits for the user after '
        "one (state.md config.after_compact: wait). Do not continue or resume the "
        "task on your own: end your turn now with one line saying you are waiting for the user's "
        'next instruction. Tool calls are allowed again once the user has spoken.'
    ),
    'compact_wait.stop_due': (
        'Claude is waiting for your next instruction after a compaction (config.after_compact: '
        'wait). Due when the work goes on: {due}'
    ),
    'compact_resume.moved_on': (
        'state.md has moved on since ({changes}); it is the source of truth: {instruction}'
    ),
    'archive_playbook.incomplete': (
        'Every subtask of {plan} is marked done, but the playbook is not complete '
        "yet, so it is not archived: {gaps}. Call Agent(subagent_type='critic', "
        "run_in_background: false) with 'playbook' in its prompt (its 'CRITIC: PASS "
        "playbook' line is what sets critic.status; playgate records it), and finish "
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
    'session_report.git_slow': 'git {commands} took longer than {seconds} s',
    'session_report.last_end': (
        'When the last session ended ({ended_at}) there were {parts}. Check with '
        '`git status` and tell the user before you build on it; commit or push '
        'only as the playbook and the user want.'
    ),
    'session_report.interrupted': 'interrupted',
    'session_report.status_running': 'running',
    'session_report.status_failed': 'failed',
    'session_report.archive_unfinished': (
        'The archive of playbook {id} did not finish ({status}): {message}. This session start '
        'resumes its local steps; run `{command}` to finish it before anything else.'
    ),
    # ---- faults: the archive state at session start (session-report)
    'session_report.archive_due': (
        "Playbook {id} is complete with the critic's PASS recorded but was not archived: this "
        'session start archives it; run `{command}` before anything else (it finishes the '
        'archive and runs the post-loop).'
    ),
    'session_report.archive_partial': (
        'Playbook {id} was archived to {archive}/ but its git steps stopped: {message} '
        'Do the rest by hand if the user wants it (commit, push, pull request).'
    ),
    'subagent_reminder.pm': (
        "pm finished. Have the playbook reviewed now: Agent(subagent_type='reviewer', "
        "run_in_background: false) on its plan.json; on 'REVIEW: PASS' playgate records the "
        'review and activates the playbook. Edits wait for that.'
    ),
    'subagent_reminder.prompt_analyzer': (
        'The prompt-analyzer finished. Use its 5W1H, risks and open questions to present '
        'the understanding check to the user, then end your turn and wait for their reply.'
    ),
    'subagent_reminder.executor_resolver': (
        "The executor-resolver finished. Record the executor it chose in the subtask's "
        "'executor' in plan.json (before the playbook is reviewed)."
    ),
    'subagent_reminder.subtask': ' (subtask {subtask})',
    'subagent_reminder.other': (
        'The subagent {name} finished. Record its result in {progress} now{subtask}: what '
        'it changed or found in notes, and the validations with evidence; a subtask becomes '
        "done only on the critic's PASS, which playgate records."
    ),
    'breezing_signals.header': (
        'Breezing signals for session {session} (from the TaskCompleted hook; recommendations '
        '— decide from the situation):'
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
        'The playbook {playbook} was archived{status} and the post-loop has not run: run '
        '`{command}` before anything else.'
    ),
    'prompt_state.archive_unfinished': 'The archive of playbook {id} is unfinished: {message}',
    'critic_ledger.no_verdict': (
        "The critic finished without a closing verdict block ('CRITIC: PASS|FAIL <subtask-id>' "
        'lines at the very end of its answer, not quoted and not in a code block), so no '
        'verdict was recorded in {ledger}.'
    ),
    # ---- faults: the verdict block and the observed evidence (critic-ledger, review-ledger)
    'critic_ledger.not_applied': (
        'nothing of them was applied to the playbook, since they are not in {ledger}: the '
        'critic has to run again once the ledger can be written'
    ),
    'critic_ledger.pass_unobserved': (
        "The critic's PASS was not recorded as done where the commands it rests on did not "
        'pass in its own run (as the hooks observed them): {items}. They are recorded in '
        '{ledger} as FAIL: have the critic run these commands and judge again once they pass.'
    ),
    'critic_ledger.command_not_run': '{id}: `{command}` did not run in the critic\'s run',
    'critic_ledger.command_failed': '{id}: `{command}` exited {status} in the critic\'s run',
    'critic_ledger.malformed': (
        "The critic's closing verdict block has a line that is not a verdict ({line!r}), so "
        "none of its verdicts was recorded in {ledger}. Each line of the block must be "
        "'CRITIC: PASS <subtask-id>' or 'CRITIC: FAIL <subtask-id> - <reason>': call the critic "
        'again for these subtasks.'
    ),
    'review_ledger.malformed': (
        "The reviewer's closing verdict block has a line that is not a verdict ({line!r}), so "
        "no review was recorded. It must end with 'REVIEW: PASS play/<id>/plan.json' or "
        "'REVIEW: FAIL play/<id>/plan.json - <reason>': call the reviewer again."
    ),
    'prompt_consent.confirmed': (
        'The user confirmed the understanding check ("{excerpt}"); edits are no longer held '
        'for it. Continue playbook-init: create the work branch, then pm writes the '
        "playbook (with the confirmed understanding as plan.json 'context') and the "
        'reviewer reviews it.'
    ),
    'prompt_consent.cancelled': (
        'The user withdrew the request ("{excerpt}"). Do not start it; ask what '
        'they want instead.'
    ),
    'prompt_consent.rejected': (
        'The user did not confirm the understanding check ("{excerpt}"). Revise it with their '
        'corrections and present it again (what will be done, why, how, the scope, what is '
        'excluded, the risks, how it will be checked), ending with: Reply yes (はい) to '
        'confirm, tell me what to change, or cancel. Edits stay blocked until they confirm.'
    ),
    'prompt_consent.waiting': (
        "The understanding check still waits for the user's confirmation, so edits stay "
        'blocked. If this prompt changes the request, update the understanding; then present '
        'it (what will be done, why, how, the scope, what is excluded, the risks, how it will '
        'be checked), ending with: Reply yes (はい) to confirm, tell me what to change, or '
        'cancel.'
    ),
    # ------------------------------------------------------------ runtime
    'runtime.too_complex': (
        'the {event} hook could not finish its checks within its time limit (the input is '
        'too complex to check), so this is blocked to stay safe. Split the work into smaller '
        'steps: shorter commands, smaller edits or a shorter prompt.'
    ),
    # ---- faults: messages that never point to a log that could not be written
    'runtime.guard_error_unlogged': (
        'internal error in {guard} ({error}); the call is blocked to stay safe. The details '
        'could not be written to {log} either (a full disk, or not a writable regular file). '
        'Tell the user; they can free space or fix that file, or reinstall the suite '
        '({repair}).'
    ),
    'runtime.guard_error': (
        'internal error in {guard}; the call is blocked to stay safe. Details are in {log}. '
        'Tell the user; they can fix the state file it names or reinstall the suite ({repair}).'
    ),
    # ------------------------------------------------------------ reward state: edit views
    'reward.cannot_compute': 'cannot compute {label} after this {tool} call',
    'reward.edit_does_not_apply': 'old_string is not found exactly once (or the edits do not apply)',
    'reward.uncomputable': 'the result of this {tool} on {label} cannot be computed ({why})',
    'reward.state_too_large': 'state.md would be larger than {limit} bytes, which the suite does not read',
    'reward.after_call': '{error} (after this {tool})',
    # ------------------------------------------------------------ archive report (workflow.archive.report.describe)
    'archive.step.cleanup': 'cleanup of tmp/',
    'archive.step.archive': 'archive',
    'archive.step.state_reset': 'state.md reset',
    'archive.step.pending': 'post-loop-pending',
    'archive.step.commit': 'commit',
    'archive.step.push': 'push',
    'archive.step.pr_create': 'pull request',
    'archive.step.pr_merge': 'merge',
    'archive.step.return_default': 'return to the default branch',
    'archive.step.trunk_merge': 'merge into the trunk',
    'archive.step.branch_delete': 'deletion of the merged branch',
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
        'Git steps are off (state.md config.archive_git): after the post-loop, commit the '
        'work and the archive yourself (its report names the files).'
    ),
    'archive.problem': 'Problem: {problem}',
    'archive.step_failed': 'a step failed',
    'archive.partial': 'Status: partial — {message} Nothing uncommitted was touched.',
    'archive.call_post_loop': (
        'Now run the post-loop: `{command}` (the post-loop skill explains its report); '
        'other edits are blocked until it has run.'
    ),
    'consent_guard.not_confirmed_subagent': (
        'The user has not confirmed the understanding check yet, so no file may be edited. '
        'Do not ask the user yourself: end your reply by telling the orchestrator that the '
        'understanding check must be presented to the user and confirmed before pm writes '
        'the playbook.'
    ),
    'subagent_reminder.reviewer_active': (
        'The reviewer passed {plan}. playgate recorded the review (meta.reviewed, '
        'reviewed_by: reviewer, status active) and activated the playbook: state.md '
        'playbook and goal, {progress} active on subtask {subtask} (in_progress): '
        '{criterion}. Do not edit those fields yourself; start the work on {subtask}.'
    ),
    'subagent_reminder.reviewer_inactive': (
        'The reviewer passed {plan} and playgate recorded the review, but did not activate '
        'the playbook: {why}. Fix that, then set state.md playbook.active to {plan} (with '
        'playbook.branch, goal.status in_progress) and start its first subtask.'
    ),
    'subagent_reminder.reviewer_fail': (
        'The reviewer did not pass {plan}: {reason}. Have pm fix the findings '
        "(Agent(subagent_type='pm', run_in_background: false)), then call the reviewer "
        'again (at most 3 rounds, then ask the user).'
    ),
    'subagent_reminder.reviewer_error': (
        'The reviewer passed {plan}, but playgate could not record it: {error}. Fix the '
        'file, then call the reviewer again.'
    ),
    'subagent_reminder.reviewer_none': (
        "The reviewer finished without a 'REVIEW: PASS|FAIL play/<id>/plan.json' line, so "
        'no review was recorded. Call it again and ask for that line at the end of its '
        'reply.'
    ),
    'subagent_reminder.critic_none': (
        'The critic finished, but no verdict was recorded for the active playbook (its '
        "reply needs 'CRITIC: PASS|FAIL <subtask-id>' lines at the end). Call it again; "
        '{progress} is unchanged.'
    ),
    # ---- faults: a verdict report that could not be kept (subagent-reminder)
    'subagent_reminder.critic_unreported': (
        "playgate recorded the critic's verdicts in {ledger} ({verdicts}), but could not keep "
        'its note of what they changed (.claude/session-state/ could not be written). Read '
        "{progress} for the subtasks' statuses before going on."
    ),
    'subagent_reminder.reviewer_unreported': (
        "playgate recorded the reviewer's verdict in {ledger} ({verdicts}), but could not keep "
        'its note of what it changed (.claude/session-state/ could not be written). Read '
        "the plan's meta.reviewed and state.md's playbook.active before going on."
    ),
    'subagent_reminder.critic_error': "The critic's verdicts could not be recorded: {error}.",
    'subagent_reminder.critic_done': (
        "playgate recorded the critic's PASS: {subtasks} done (validated_by: critic)."
    ),
    'subagent_reminder.critic_phases': 'Phase {phases} done.',
    'subagent_reminder.critic_playbook': 'Playbook PASS: critic.status is PASS.',
    'subagent_reminder.critic_not_done': (
        '{subtask} passed, but it is not marked done because its validations in {progress} '
        'are incomplete ({gaps}): record them with evidence.'
    ),
    'subagent_reminder.critic_failed': 'The critic failed {subtask}: {reason}.',
    'subagent_reminder.critic_playbook_open': (
        'The playbook verdict was not recorded: subtask {subtasks} is not done yet.'
    ),
    'subagent_reminder.critic_retry': (
        "Fix what it names, update the evidence, and call Agent(subagent_type='critic', "
        'run_in_background: false) again.'
    ),
    'subagent_reminder.critic_next': 'Next: subtask {subtask}: {criterion}.',
    'subagent_reminder.checks': ' The critic will judge it by its validation_plan: {checks}.',
    'subagent_reminder.critic_playbook_next': (
        "Every subtask is done: call Agent(subagent_type='critic', run_in_background: "
        "false) with 'playbook' in its prompt for the playbook verdict."
    ),
    'review_ledger.no_verdict': (
        "The reviewer finished without a closing 'REVIEW: PASS|FAIL play/<id>/plan.json' line "
        '(at the very end of its answer, not quoted and not in a code block), so no review was '
        'recorded in .claude/logs/review-ledger.jsonl.'
    ),
    'post_loop.status_pending': 'post-loop-pending: yes{which}',
    'post_loop.status_none': 'post-loop-pending: no',
    'post_loop.status_archive': 'archive: {archive}',
    'post_loop.no_checkpoint': 'no checkpoint',
    'post_loop.busy': (
        'Another process is archiving the playbook right now. Run this handler again in a '
        'moment.'
    ),
    'post_loop.unfinished': (
        'The archive did not finish, so the post-loop cannot close it yet:\n{report}\nFix '
        'that, then run `{command}` again.'
    ),
    'post_loop.nothing_pending': (
        'Nothing is pending: no playbook was archived since the last post-loop.'
    ),
    'post_loop.archived_to': 'Playbook {playbook} was archived to {archive} ({status}).',
    'post_loop.cleared': (
        'post-loop-pending is cleared: edits and stops are no longer held for the '
        'post-loop.'
    ),
    'post_loop.commit': (
        'Left to commit on {branch} (the work and the archive): run `{add}`, then '
        '`{commit}`.'
    ),
    'post_loop.commit_nothing': 'Nothing is left to commit.',
    'post_loop.commit_left_out': (
        'Not proposed for the commit (bytecode, caches or secret-like files; add them to '
        '.gitignore): {paths}.'
    ),
    'post_loop.git_left': 'Git steps left to do (tell the user; run them only as they want):',
    'post_loop.manual.commit': 'git add -A -- <the files above>, then git commit (never secrets)',
    'post_loop.manual.push': 'git push -u {remote} {branch}',
    'post_loop.manual.pr_create': (
        'gh pr create --base {default} --head {branch} (or open it on the web)'
    ),
    'post_loop.manual.pr_merge': (
        'merge the pull request once its checks pass (gh pr merge, or the web)'
    ),
    'post_loop.manual.return_default': (
        'git checkout {default} && git pull --ff-only {remote} {default}'
    ),
    'post_loop.manual.trunk_merge': 'git checkout {default}, then git merge {branch}',
    'post_loop.manual.branch_delete': 'git branch -d {branch} (once it is merged into {default})',
    'post_loop.next_header': 'Next task (derive it from the state, do not invent work):',
    'post_loop.next_playbooks': '- Playbooks not finished yet:',
    'post_loop.next_playbook': '    {plan} (meta.status {status}, {done}/{total} subtasks done)',
    'post_loop.next_playbooks_how': (
        'To continue one: check out its branch (meta.branch; create it from the default '
        'branch if needed), make sure it is reviewed (meta.reviewed), set state.md '
        'playbook.active to it, read it, and carry on with its first open subtask.'
    ),
    'post_loop.next_items': '- Open items in play/project.json: {items}.',
    'post_loop.next_items_how': (
        "To start one: Skill(skill='playbook-init') — the analysis and the understanding "
        'check with the user, then pm and the reviewer, on a new branch.'
    ),
    'post_loop.next_none': (
        '- Nothing is left. Tell the user: "All tasks are complete. Waiting for the next '
        'instruction." and wait. A new request starts with Skill(skill=\'playbook-init\').'
    ),
    'post_loop.next_ask': (
        '- If the user has not asked for it, ask before starting; otherwise say what you '
        'start with.'
    ),
    'agent_definitions.err_no_frontmatter': (
        'it does not start with YAML frontmatter (a first line `---`)'
    ),
    'agent_definitions.err_unclosed': (
        'its YAML frontmatter is never closed (no second `---` line)'
    ),
    'agent_definitions.err_tools_strings': '`tools` must list tool names as strings',
    'agent_definitions.err_tools_type': (
        '`tools` must be a comma-separated string or a list, not {type}'
    ),
    'agent_definitions.err_yaml': 'its frontmatter is not valid YAML ({problem})',
    'agent_definitions.err_mapping': 'its frontmatter must be a YAML mapping, not {type}',
    'agent_definitions.err_missing': 'the frontmatter has no `{key}`',
    'agent_definitions.err_empty': '`{key}` must be a non-empty string',
    'agent_definitions.err_spawn': '`tools` includes {tools}',
    'agent_definitions.warn_no_tools': (
        'it has no `tools` list, so the agent inherits every tool, Task and Agent included '
        '(a subagent could start other subagents); list the tools it needs'
    ),
    # ---- sdd: agent-definitions, seed 003's naming, tiers and least tools
    'agent_definitions.err_model': '`model` is {model}, not a model name ({models} or a claude-... id)',
    'agent_definitions.err_sdd_role': (
        '{stem}.md is named like a framework agent (sdd-*) but names no role of its table '
        '(sdd-architect, sdd-auditor-<aspect>, sdd-taskgenerator, sdd-builder, '
        'sdd-inspector-<aspect>)'
    ),
    'agent_definitions.err_sdd_name': '`name` must be {stem}, the file\'s name (the subagent_type it is started by)',
    'agent_definitions.err_sdd_description': (
        '`description` must be framework-specific (say SDD) so that Claude does not delegate '
        'to it on its own'
    ),
    'agent_definitions.err_sdd_model': '`model` of {stem} must be {model} (its tier: architect and auditors opus, the others sonnet)',
    'agent_definitions.err_sdd_no_tools': (
        'a framework agent lists its tools (least privilege): at most {tools}'
    ),
    'agent_definitions.err_sdd_tools': (
        '`tools` gives {extra} beyond the role\'s least tools ({tools})'
    ),
    'bash_check.list_unreadable': (
        'bash-check: {how} {verb} {target}, but {problem}. Writes wait until it is '
        'repaired.'
    ),
    'bash_check.level_guarded': 'guarded file',
    'reward.gap_status': 'validations.{kind}.status is {status}, not PASS',
    'reward.gap_evidence': 'validations.{kind}.evidence is empty',
    'reward.gap_validated_at': 'validated_at is not set',
    'reward.gap_validated_by': "validated_by is {got}, not 'critic'",
    'reward.gap_critic_evidence': 'critic.status is PASS but critic.evidence is empty',
    # >>> shell analysis (ja-shell) ----------------------------------------
    # The sentences the shell analysis records
    # (shell.model.Msg) for bash-check, the permission gate and the workflow
    # guards to say: shell.unknown.* (why a command cannot be resolved),
    # shell.find.* (destructive findings, and the phrases they embed:
    # shell.find.where_*), shell.carrier.* (code-execution carriers).
    # Kept together in one block for merging.
    'shell.unknown.alias_used_arguments_only': (
        'the alias {name!r} is used with arguments only known at run time'
    ),
    'shell.unknown.ar_given_mode_computed': 'ar is given a mode computed at run time',
    'shell.unknown.arith_dynamic_value': (
        'arithmetic evaluates the value of ${name}, which is only known at run time (a value '
        'like a[$(cmd)] would run cmd)'
    ),
    'shell.unknown.arith_too_deep': 'arithmetic follows variables that name variables too deeply',
    'shell.unknown.assembled_run_time': '{how} is assembled at run time',
    'shell.unknown.awk_pipes_output_command': 'awk pipes output to a command assembled at run time',
    'shell.unknown.awk_program': 'awk: {reason}',
    'shell.unknown.awk_reads_command_assembled': 'awk reads from a command assembled at run time',
    'shell.unknown.awk_runs_program_assembled': 'awk runs a program assembled at run time',
    'shell.unknown.awk_runs_program_file': 'awk runs a program file that cannot be read',
    'shell.unknown.awk_system_runs_command': 'awk system() runs a command assembled at run time',
    'shell.unknown.awk_writes_file_name': 'awk writes a file whose name is computed at run time',
    'shell.unknown.brace_expansion_too_large': 'brace expansion too large',
    'shell.unknown.builds_runs_code_run': (
        'builds and runs code at run time (eval/exec/getattr/dynamic import), which cannot be '
        'checked'
    ),
    'shell.unknown.c_runs_string_assembled': '{name} -c runs a string assembled at run time',
    'shell.unknown.calls_object_check_cannot': (
        'calls {call}() on an object the check cannot identify'
    ),
    'shell.unknown.cannot_evaluate_assignment': 'cannot evaluate the assignment {text!r} ({exc})',
    'shell.unknown.cannot_evaluate_redirection_target': (
        'cannot evaluate the redirection target {text!r} ({exc})'
    ),
    'shell.unknown.cannot_evaluate_word': 'cannot evaluate the word {text!r} ({exc})',
    'shell.unknown.cannot_read': 'cannot read {text!r} ({exc})',
    'shell.unknown.cannot_read_here_document': 'cannot read a here-document ({exc})',
    'shell.unknown.cannot_read_subscript': 'cannot read the subscript of {name!r} ({exc})',
    'shell.unknown.cannot_read_value': "cannot read {name}'s value ({exc})",
    'shell.unknown.chroot_runs_command_another': (
        'chroot runs the command in another root directory, where every path names something else'
    ),
    'shell.unknown.code_assembled_run_time': (
        'code is assembled at run time (from a variable or command output)'
    ),
    'shell.unknown.code_cannot_checked': '{language} code cannot be checked',
    'shell.unknown.code_option_dynamic': '{how} runs a command assembled at run time',
    'shell.unknown.command_longer_than_characters': (
        'the command is longer than {MAX_BYTES} characters and is not analysed'
    ),
    'shell.unknown.command_name_glob': 'the command name {text!r} is a file-name pattern',
    'shell.unknown.compgen_c_runs_command': 'compgen -C runs a command assembled at run time',
    'shell.unknown.computed_command_name': (
        'the command name {text!r} is computed at run time, so what runs cannot be known'
    ),
    'shell.unknown.cpio_rsh_command_runs': (
        'cpio --rsh-command runs a command assembled at run time'
    ),
    'shell.unknown.crontab_installs_scheduled_commands': (
        'crontab installs scheduled commands whose text cannot be read'
    ),
    'shell.unknown.curl_k_reads_options': (
        'curl -K reads options (method, output files) from a config file'
    ),
    'shell.unknown.empty_command': 'empty command',
    'shell.unknown.enable_f_loads_code': 'enable -f loads code from a shared library',
    'shell.unknown.env_given_option_analysis': 'env is given an option the analysis does not know',
    'shell.unknown.env_runs_command_line': 'env -S runs a command line assembled at run time',
    'shell.unknown.eval_runs_string_assembled': 'eval runs a string assembled at run time',
    'shell.unknown.followed_words_bash_would': (
        '{text!r} is followed by words bash would run as a command'
    ),
    'shell.unknown.getopts_assigns_variable_name': (
        'getopts assigns a variable whose name is computed at run time'
    ),
    'shell.unknown.git_clone_upload_pack': (
        'git clone --upload-pack runs a program computed at run time'
    ),
    'shell.unknown.git_config_sets_key': 'git config sets a key computed at run time',
    'shell.unknown.git_difftool_runs_command': 'git difftool runs a command computed at run time',
    'shell.unknown.git_filter_branch_runs': 'git filter-branch runs code computed at run time',
    'shell.unknown.git_options_dynamic': "git's options are computed at run time",
    'shell.unknown.git_push_refspec_computed': 'git push refspec computed at run time',
    'shell.unknown.git_push_remote_computed': 'git push to a remote computed at run time',
    'shell.unknown.git_push_runs_program': 'git push runs a program computed at run time',
    'shell.unknown.git_rebase_exec_runs': 'git rebase --exec runs a command computed at run time',
    'shell.unknown.git_reset_options_computed': 'git reset options computed at run time',
    'shell.unknown.git_runs_program_computed': 'git {sub} runs a program computed at run time',
    'shell.unknown.git_send_pack_reads': 'git send-pack reads the refs to push from its input',
    'shell.unknown.git_send_pack_runs': 'git send-pack runs a program computed at run time',
    'shell.unknown.git_submodule_foreach_runs': (
        'git submodule foreach runs a command computed at run time'
    ),
    'shell.unknown.given_name_option_computed': (
        '{name} is given a name or option computed at run time'
    ),
    'shell.unknown.hash_p_changes_program': 'hash -p changes which program a command name runs',
    'shell.unknown.http_method_dynamic': "{who}'s HTTP method is computed at run time",
    'shell.unknown.imports_name_calls_cannot': (
        'imports {name} from {mod} by name, so calls to it cannot be followed'
    ),
    'shell.unknown.internal_error': (
        'internal error while analysing the command ({error_type}: {exc})'
    ),
    'shell.unknown.mapfile_assigns_array_name': (
        'mapfile assigns an array whose name is computed at run time'
    ),
    'shell.unknown.more_than_command_separators': 'more than {MAX_SEPARATORS} command separators',
    'shell.unknown.more_than_commands': 'more than {MAX_COMMANDS} commands',
    'shell.unknown.more_than_paths': 'more than {MAX_PATHS} paths',
    'shell.unknown.n_makes_name_reference': (
        '{name} -n makes a name reference: assignments through it change another variable'
    ),
    'shell.unknown.names_start_up_file': '{name} names a start-up file only known at run time',
    'shell.unknown.not_a_string': 'the command is not a string',
    'shell.unknown.nsenter_runs_command_another': (
        "nsenter runs the command in another process's namespaces"
    ),
    'shell.unknown.nul_byte': 'the command contains a NUL byte',
    'shell.unknown.opens_file_mode_computed': 'opens a file with a mode computed at run time',
    'shell.unknown.opens_file_named_run': 'opens a file named at run time',
    'shell.unknown.opens_pipe_command_assembled': 'opens a pipe to a command assembled at run time',
    'shell.unknown.parallel_runs_command_template': (
        'parallel runs a command template assembled at run time'
    ),
    'shell.unknown.parse_ansi_string': "unterminated $'...' string",
    'shell.unknown.parse_array': 'unterminated array assignment',
    'shell.unknown.parse_backquote': 'unterminated backquote',
    'shell.unknown.parse_case_in': "case without 'in'",
    'shell.unknown.parse_case_pattern': "case pattern without ')'",
    'shell.unknown.parse_case_subject': 'case subject is not a single word',
    'shell.unknown.parse_double_quote': 'unterminated double quote',
    'shell.unknown.parse_end': 'unexpected end of command',
    'shell.unknown.parse_error': 'cannot parse the command ({msg})',
    'shell.unknown.parse_extglob': 'unterminated extended glob',
    'shell.unknown.parse_failed': 'cannot parse the command ({exc})',
    'shell.unknown.parse_for_arith': 'unterminated for ((...))',
    'shell.unknown.parse_heredoc_delimiter': 'unterminated here-document delimiter',
    'shell.unknown.parse_heredoc_no_body': 'here-document inside a substitution has no body',
    'shell.unknown.parse_heredoc_no_delimiter': 'here-document operator without a delimiter',
    'shell.unknown.parse_not_substitution': 'not a substitution',
    'shell.unknown.parse_old_arith': 'unterminated $[...]',
    'shell.unknown.parse_param': 'unterminated ${{...}}',
    'shell.unknown.parse_single_quote': 'unterminated single quote',
    'shell.unknown.parse_substitution': 'unterminated substitution or subshell',
    'shell.unknown.parse_test': 'unterminated [[ ... ]]',
    'shell.unknown.parse_too_deep': 'command nested too deeply',
    'shell.unknown.parse_unexpected_paren': "unexpected ')'",
    'shell.unknown.program_contains_parts_computed': (
        '{how}: the program contains parts computed at run time'
    ),
    'shell.unknown.program_part': '{how}: {reason}',
    'shell.unknown.prompt_expansion': "${{...@P}} expands a variable's value as a prompt",
    'shell.unknown.psql_copy_program': 'psql \\copy ... program runs a program',
    'shell.unknown.python_m_arguments': 'python -m {name} with arguments',
    'shell.unknown.python_m_runs_module': 'python -m runs a module named at run time',
    'shell.unknown.re_runs_edits_commands': (
        '{name} re-runs or edits commands from the shell history'
    ),
    'shell.unknown.reads_program_file_named': (
        '{name} reads its program from a file named at run time'
    ),
    'shell.unknown.reads_program_input': '{name} reads its program from its input',
    'shell.unknown.refers_without_calling_directly': 'refers to {name} without calling it directly',
    'shell.unknown.rsync_e_runs_command': 'rsync -e runs a command assembled at run time',
    'shell.unknown.runs_backquoted_command_assembled': (
        'runs a backquoted command assembled at run time'
    ),
    'shell.unknown.runs_code_produced_run': '{name} runs code produced at run time by {names}',
    'shell.unknown.runs_command_arguments_computed': (
        'runs a command with arguments computed at run time'
    ),
    'shell.unknown.runs_command_assembled_run': 'runs a command assembled at run time',
    'shell.unknown.runs_command_cannot_read': 'runs a command that cannot be read',
    'shell.unknown.runs_downloaded_code': '{name} runs downloaded code',
    'shell.unknown.runs_external_commands_way': (
        'runs external commands in a way that cannot be read'
    ),
    'shell.unknown.runs_program_arguments_computed': (
        'runs a program with arguments computed at run time'
    ),
    'shell.unknown.runs_program_file_name': (
        '{name} runs a program whose file name is computed at run time'
    ),
    'shell.unknown.runs_program_produced_run': '{name} runs a program produced at run time',
    'shell.unknown.runs_qx_x_command': 'runs a qx/%x command assembled at run time',
    'shell.unknown.runs_script_path_computed': (
        '{name} runs a script whose path is computed at run time'
    ),
    'shell.unknown.runs_written_earlier_command': (
        '{name} runs {word}, written earlier in this command with content that cannot be known'
    ),
    'shell.unknown.runuser_c_runs_command': 'runuser -c runs a command assembled at run time',
    'shell.unknown.runuser_passes_arguments_user': "runuser passes arguments to the user's shell",
    'shell.unknown.runuser_runs_command_shell': (
        'runuser -s runs the command with a shell the analysis does not know'
    ),
    'shell.unknown.sed_e_command_runs': "sed's e command runs shell commands built from the input",
    'shell.unknown.sed_runs_script_assembled': 'sed runs a script assembled at run time',
    'shell.unknown.sed_runs_script_file': 'sed runs a script file that cannot be read',
    'shell.unknown.set_value_only_known': (
        '{name} is set to a value only known at run time, which the shell runs'
    ),
    'shell.unknown.sets_git_configuration_computed': (
        '{how} sets git configuration computed at run time'
    ),
    'shell.unknown.sg_runs_command_assembled': 'sg runs a command assembled at run time',
    'shell.unknown.shell_parser_not_available': 'the shell parser is not available ({exc})',
    'shell.unknown.split_filter_runs_command': (
        'split --filter runs a command assembled at run time'
    ),
    'shell.unknown.sql_include': '{word} reads statements from elsewhere ({rest})',
    'shell.unknown.ssh_runs_remote_command': 'ssh runs a remote command assembled at run time',
    'shell.unknown.su_c_runs_command': 'su -c runs a command assembled at run time',
    'shell.unknown.su_passes_arguments_user': "su passes arguments to the user's shell",
    'shell.unknown.su_runs_command_shell': (
        'su -s runs the command with a shell the analysis does not know'
    ),
    'shell.unknown.sudo_chroot_runs_command': (
        'sudo --chroot runs the command in another root directory'
    ),
    'shell.unknown.tar_runs_command_assembled': 'tar {option} runs a command assembled at run time',
    'shell.unknown.too_complex': 'the command is too complex to check within the time limit',
    'shell.unknown.too_deep': 'nested more than {MAX_DEPTH} levels deep',
    'shell.unknown.trap_runs_command_assembled': 'trap runs a command assembled at run time',
    'shell.unknown.unshare_root_runs_command': (
        'unshare --root runs the command in another root directory'
    ),
    'shell.unknown.unsupported_shell_construct': 'unsupported shell construct ({kind})',
    'shell.unknown.unterminated_substitution': 'unterminated substitution',
    'shell.unknown.watch_runs_command_line': 'watch runs a command line assembled at run time',
    'shell.unknown.wget_e_config_runs': (
        'wget -e/--config runs wgetrc commands that change what it does'
    ),
    'shell.unknown.writes_file_name_computed': (
        '{how} writes a file whose name is computed at run time'
    ),
    'shell.unknown.zip_tt_runs_command': 'zip -TT runs a command assembled at run time',
    'shell.find.apply_prune_deletes_resources': (
        '{name} apply --prune deletes resources missing from the files'
    ),
    'shell.find.changes_run_level': '{name} {what} changes the run level',
    'shell.find.changes_running_kernel': '{name} changes the running kernel',
    'shell.find.changes_system_user_accounts': "{name} changes the system's user accounts",
    'shell.find.check_repair_can_corrupt': '{name} check --repair can corrupt the file system',
    'shell.find.chmod_outside_project': '{command} on {path} (outside the project)',
    'shell.find.clean_drops_database_objects': (
        '--clean drops the database objects before restoring them'
    ),
    'shell.find.cloud_delete': '{name} {what} deletes cloud resources or data',
    'shell.find.cluster_changes_cluster': '--cluster {value} changes the cluster',
    'shell.find.command_name_fetched': (
        'the command name comes from {origin}: content from the network would run'
    ),
    'shell.find.compose_down_v_rmi': '{name} compose down -v/--rmi deletes volumes or images',
    'shell.find.compose_rm_v_deletes': '{name} compose rm -v deletes volumes',
    'shell.find.connected_network_socket_remote': (
        '{name} is connected to a network socket ({target}): a remote shell'
    ),
    'shell.find.creates_file_system_erases': (
        '{name} creates a file system (erases the target device)'
    ),
    'shell.find.crontab_r_deletes_every': 'crontab -r deletes every scheduled job of the user',
    'shell.find.d_disconnects_block_device': (
        '{name} -d disconnects a block device (a file system on it loses its disk)'
    ),
    'shell.find.database_client': '{name}: {message}',
    'shell.find.database_unseen_input': (
        'runs statements it reads from {where}, which cannot be seen before it runs (they could '
        'drop or delete anything)'
    ),
    'shell.find.del_deletes_keys': 'del deletes keys',
    'shell.find.deletes_containers_images_networks': (
        '{name} {what} deletes containers, images, networks or volumes'
    ),
    'shell.find.deletes_containers_images_volumes': (
        '{name} {what} deletes containers, images or volumes'
    ),
    'shell.find.deletes_data': '{what} deletes data',
    'shell.find.deletes_database_role_cluster': 'deletes a database, a role or a cluster',
    'shell.find.deletes_every_container_image': (
        '{name} {what} deletes every container, image or pod'
    ),
    'shell.find.deletes_jobs_volumes': '{name} {what} deletes jobs or volumes',
    'shell.find.deletes_machines_clusters': '{name} {what} deletes machines or clusters',
    'shell.find.deletes_secrets_secrets_engine': (
        '{name} {what} deletes secrets or a secrets engine'
    ),
    'shell.find.deletes_stack_state': '{name} {what} deletes a stack or its state',
    'shell.find.deletes_topics_queues_streams': 'deletes topics, queues, streams or their messages',
    'shell.find.destroy_deletes_every_resource': (
        '{name} destroy deletes every resource of the stack'
    ),
    'shell.find.destroys_rebuilds_raid_array': '{name} {hit} destroys or rebuilds a RAID array',
    'shell.find.destroys_storage_snapshots': '{name} {what} destroys storage or snapshots',
    'shell.find.device_remove_takes_device': (
        '{name} device remove takes a device out of the file system'
    ),
    'shell.find.disk_badblocks': '{name} can overwrite a device',
    'shell.find.disk_boot_loader': '{name} rewrites the boot loader',
    'shell.find.disk_discard': "{name} discards a device's data",
    'shell.find.disk_edit_partitions': '{name} edits a partition table',
    'shell.find.disk_firmware': '{name} rewrites firmware',
    'shell.find.disk_format': '{name} formats a device',
    'shell.find.disk_wipe_signatures': '{name} erases file-system signatures',
    'shell.find.disk_write': '{name} writes to a disk',
    'shell.find.disk_write_partitions': '{name} writes a partition table',
    'shell.find.disk_zero_log': '{name} zeroes the file-system log (loses recent changes)',
    'shell.find.drop_deletes_database': 'drop deletes a database',
    'shell.find.drop_deletes_each_collection': '--drop deletes each collection before restoring it',
    'shell.find.drops_empties_database': '{what} drops or empties a database',
    'shell.find.e_c_connects_program': (
        '{name} -e/-c connects a program to the network (a remote shell)'
    ),
    'shell.find.erases_disk': '{name} {value} erases a disk',
    'shell.find.erases_drive': '{name} {what} erases a drive',
    'shell.find.erases_drive_any': '{name} erases a drive',
    'shell.find.erases_encryption_keys_formats': (
        '{name} erases encryption keys or formats a device'
    ),
    'shell.find.eval_fetched': (
        'eval runs {origin}: content from the network would run as shell commands'
    ),
    'shell.find.filesystem_resize_shrinks_file': '{name} filesystem resize shrinks the file system',
    'shell.find.force_deletes_recreates_release': (
        "{name} {what} --force deletes and recreates the release's resources"
    ),
    'shell.find.fork_code': 'forks in a loop (a fork bomb)',
    'shell.find.fork_function': (
        'function {name!r} calls itself in a pipe or in the background: a fork bomb'
    ),
    'shell.find.fork_loop': (
        'an endless loop that starts background processes (it exhausts the process table like a '
        'fork bomb)'
    ),
    'shell.find.gh_deletes_archives_something': (
        'gh {group} {action} deletes or archives something on GitHub'
    ),
    'shell.find.git_branch_d_deletes': (
        'git branch -D: deletes a branch even if its commits are not merged; use git branch -d'
    ),
    'shell.find.git_branch_f_moves': (
        'git branch -f {name}: moves an existing branch (its commits can be lost)'
    ),
    'shell.find.git_branch_m_c': 'git branch -M/-C: overwrites an existing branch',
    'shell.find.git_checkout_b_resets': (
        'git checkout -B {option}: resets an existing branch (its commits can be lost); use git '
        'checkout -b for a new branch'
    ),
    'shell.find.git_checkout_force_throws': 'git checkout --force: throws away local changes',
    'shell.find.git_checkout_index_f': (
        "git checkout-index -f: overwrites files in the working tree with the index's version"
    ),
    'shell.find.git_checkout_paths': (
        'git checkout <path>: overwrites uncommitted changes in {paths}; commit or stash them '
        'first'
    ),
    'shell.find.git_checkout_paths_dashdash': (
        'git checkout -- <path>: overwrites uncommitted changes in {paths}; commit or stash them '
        'first'
    ),
    'shell.find.git_checkout_pathspec_file': (
        'git checkout --pathspec-from-file: overwrites files with their committed version'
    ),
    'shell.find.git_clean_permanently_deletes': (
        'git clean: permanently deletes untracked files; run git clean -n first to see what '
        'would go, then delete those paths one by one'
    ),
    'shell.find.git_gc_prune_now': (
        'git gc --prune=now: permanently deletes unreachable commits (the ones a reset or rebase '
        'left behind)'
    ),
    'shell.find.git_prune_permanently_deletes': (
        'git prune: permanently deletes unreachable commits'
    ),
    'shell.find.git_push_abbreviates_forcing': (
        'git push {option}: abbreviates a forcing or deleting option'
    ),
    'shell.find.git_push_delete_deletes': 'git push --delete: deletes a remote branch or tag',
    'shell.find.git_push_empty_source': 'git push {option}: an empty source deletes the remote ref',
    'shell.find.git_push_force': "git push {option}: overwrites the remote branch's history",
    'shell.find.git_push_force_lease': (
        'git push --force-with-lease without an explicit <ref>:<expected-sha>: overwrites the '
        'remote branch; use --force-with-lease=<branch>:<sha>'
    ),
    'shell.find.git_push_mirror_default': (
        'git push to the default remote: the remote is configured with mirror = true (overwrites '
        'and deletes remote refs)'
    ),
    'shell.find.git_push_mirror_overwrites': (
        'git push --mirror: overwrites and deletes remote refs'
    ),
    'shell.find.git_push_mirror_remote': (
        'git push to {remote}: the remote is configured with mirror = true (overwrites and '
        'deletes remote refs)'
    ),
    'shell.find.git_push_prune_deletes': 'git push --prune: deletes remote branches',
    'shell.find.git_push_refspec_forces': "git push {option}: a '+' refspec forces the update",
    'shell.find.git_read_tree_u': (
        'git read-tree -u --reset: overwrites uncommitted changes in the working tree'
    ),
    'shell.find.git_reflog_deletes_history': (
        'git reflog {value}: deletes the history that recovers lost commits'
    ),
    'shell.find.git_reset_discards_uncommitted': (
        'git reset {bad}: discards uncommitted work in the working tree; commit or stash first, '
        'or use git reset --soft/--mixed'
    ),
    'shell.find.git_restore_working_tree': (
        'git restore (working tree): overwrites uncommitted changes; use git restore --staged to '
        'unstage only'
    ),
    'shell.find.git_rewrites_repository_history': "git {sub}: rewrites the repository's history",
    'shell.find.git_send_pack_deletes': 'git send-pack {r}: deletes the remote ref',
    'shell.find.git_send_pack_force': 'git send-pack --force: overwrites remote refs',
    'shell.find.git_send_pack_mirror': 'git send-pack --mirror: overwrites and deletes remote refs',
    'shell.find.git_send_pack_ref': "git send-pack {r}: a '+' ref forces the update",
    'shell.find.git_stash_permanently_deletes': (
        'git stash {value}: permanently deletes stashed work'
    ),
    'shell.find.git_submodule_deinit_force': (
        'git submodule deinit --force: deletes submodule working trees with their uncommitted '
        'changes'
    ),
    'shell.find.git_switch_c_resets': 'git switch -C {option}: resets an existing branch',
    'shell.find.git_switch_force_discard': (
        'git switch --force/--discard-changes: throws away local changes'
    ),
    'shell.find.git_update_ref_d': 'git update-ref -d/--stdin: deletes or rewrites refs',
    'shell.find.git_update_ref_moves': (
        'git update-ref: moves a ref directly (commits can be lost); use git branch/git reset '
        'with care instead'
    ),
    'shell.find.git_worktree_remove_force': (
        'git worktree remove --force: deletes a worktree with uncommitted changes'
    ),
    'shell.find.http_delete': '{name} sends an HTTP {method} request (deletes a remote resource)',
    'shell.find.infra_delete': '{name} {sub} deletes managed infrastructure',
    'shell.find.infra_destroy': '{name} {sub}{destroy} deletes managed infrastructure',
    'shell.find.into_interpreter': 'an interpreter',
    'shell.find.into_shell': 'a shell',
    'shell.find.journalctl_vacuum_deletes_system': 'journalctl --vacuum-* deletes system logs',
    'shell.find.kill_signals_every_process': 'kill -1 signals every process the user owns',
    'shell.find.kill_signals_init_machine': 'kill 1 signals init (the machine goes down)',
    'shell.find.killall5_signals_every_process': 'killall5 signals every process',
    'shell.find.kills_critical_all_processes': '{name} {what} kills critical or all processes',
    'shell.find.kubectl_delete': '{name} delete {what} deletes cluster resources',
    'shell.find.kubectl_delete_any': '{name} delete deletes cluster resources',
    'shell.find.kv_delete_deletes_keys': '{name} kv delete deletes keys',
    'shell.find.launchctl_stops_removes_service': 'launchctl {op} stops or removes a service',
    'shell.find.makes_git_gc_delete': (
        '{how} {key}={val} makes git gc delete unreachable commits or reflog entries at once '
        '(the ones a reset or rebase left behind)'
    ),
    'shell.find.makes_pushes_forced': '{how} {key}={val} makes pushes forced',
    'shell.find.makes_pushes_remote_mirror': (
        '{how} {key}={val} makes pushes to that remote mirror the repository (overwriting and '
        'deleting remote refs)'
    ),
    'shell.find.mongo_command': '{call}({arg}...) deletes data or stops the server',
    'shell.find.mongo_drop': '{call}() deletes data in MongoDB',
    'shell.find.mongo_empty_filter': '{call}() with an empty filter affects every document',
    'shell.find.mount_over_system': '{name} mounts over {path}, a system file system',
    'shell.find.mounts_host_container': '{name} mounts {host} from the host into a container',
    'shell.find.parallel_feeds_reads_run': (
        'parallel feeds what it reads at run time to {fed} as code (judged as the worst it could '
        'be: any command)'
    ),
    'shell.find.parallel_runs_command_lines': (
        'parallel runs command lines it reads at run time (judged as the worst they could be: '
        'any command)'
    ),
    'shell.find.program_fetched': '{how} comes from {origin}: content from the network would run',
    'shell.find.program_part': '{how}: {message}',
    'shell.find.r_path_only_known': '{key} -R on {text!r}, a path only known at run time',
    'shell.find.r_whole_project': '{key} -R {mode} on the whole project',
    'shell.find.redis_cluster_reset': 'redis {command} resets a cluster node',
    'shell.find.redis_config_set': (
        "redis {command} changes the server's configuration (where it writes files)"
    ),
    'shell.find.redis_debug_flushall': 'redis {command} deletes every key',
    'shell.find.redis_debug_segfault': 'redis {command} crashes the server',
    'shell.find.redis_del': 'redis {command} deletes keys',
    'shell.find.redis_flushall': 'redis {command} deletes every key of every database',
    'shell.find.redis_flushdb': 'redis {command} deletes every key of the database',
    'shell.find.redis_function_delete': 'redis {command} deletes a function library',
    'shell.find.redis_function_flush': 'redis {command} deletes every function',
    'shell.find.redis_lua': 'a Lua script runs redis {name}',
    'shell.find.redis_script_flush': 'redis {command} deletes every cached script',
    'shell.find.redis_shutdown': 'redis {command} stops the server',
    'shell.find.redis_swapdb': 'redis {command} swaps whole databases',
    'shell.find.removes_containers_images_chosen': (
        '{name} {what} removes containers or images chosen at run time (possibly all)'
    ),
    'shell.find.removes_firewall_rules': "{name} {what} removes the firewall's rules",
    'shell.find.removes_global_package': '{name} removes a global package',
    'shell.find.removes_named_system_packages': (
        '{name} {removing} removes system packages (the named ones)'
    ),
    'shell.find.removes_release_resources': '{name} {what} removes a release and its resources',
    'shell.find.removes_replaces_device_mapper': (
        '{name} {what} removes or replaces device-mapper devices'
    ),
    'shell.find.removes_shrinks_moves_storage': (
        '{name} removes, shrinks or moves storage volumes (data can be lost)'
    ),
    'shell.find.removes_system_packages': '{name} {removing} removes system packages ({what})',
    'shell.find.replace_force_deletes_recreates': (
        '{name} replace --force deletes and recreates resources'
    ),
    'shell.find.replace_start_overwrites_target': (
        '{name} replace start overwrites the target device'
    ),
    'shell.find.rescue_rewrites_file_system': (
        '{name} rescue {action} rewrites file-system metadata'
    ),
    'shell.find.rm_deletes_dataset_table': 'rm deletes a dataset, a table or a model',
    'shell.find.rm_dynamic_path': (
        '{how} removes {shown!r}, whose path is only known at run time (a variable, substitution '
        'or unknown directory); spell the path out'
    ),
    'shell.find.rm_glob': (
        '{how} removes everything matching {shown!r} in {base} (a glob over {where})'
    ),
    'shell.find.rm_no_preserve_root': 'rm --no-preserve-root: permits removing / recursively',
    'shell.find.rm_outside_project': (
        '{how} removes {shown!r} = {path}, outside the project and the temp directories'
    ),
    'shell.find.rm_protected_dir': '{how} removes {shown!r} = {path} ({where})',
    'shell.find.rm_remote': '{how} on another host removes {text!r}',
    'shell.find.rm_system_file': (
        '{how} removes {path}, a system or home configuration file outside the project'
    ),
    'shell.find.rm_temp_root': '{how} removes the whole temp directory {path}',
    'shell.find.runs_arrives_network_connection': (
        '{name} runs what arrives on a network connection ({path})'
    ),
    'shell.find.runs_download': '{name} runs what {name2} downloads',
    'shell.find.runs_download_piped': (
        '{name} runs what {name2} downloads (fetched content piped into {into}); download it to '
        'a file, read it, then run it'
    ),
    'shell.find.scale_replicas_stops_every': (
        '{name} scale --replicas=0 stops every pod of a workload'
    ),
    'shell.find.service_stops_system_service': 'service {op} {service} stops a system service',
    'shell.find.shell_c_fetched': '{name} -c runs {origin}: content from the network would run',
    'shell.find.shrinks_logical_volume_data': (
        '{name} shrinks a logical volume (data past the new end is lost)'
    ),
    'shell.find.shutdown_stops_database_server': 'shutdown stops the database server',
    'shell.find.socat_runs_program_connection': (
        'socat runs a program on a connection (a remote shell)'
    ),
    'shell.find.sql_alter_drop': 'ALTER ... DROP removes part of a table or database (`{shown}`...)',
    'shell.find.sql_copy_program': 'COPY ... PROGRAM runs a program on the database server',
    'shell.find.sql_delete_all': 'DELETE without WHERE deletes every row (`{shown}`...)',
    'shell.find.sql_drop': '`DROP {what}` drops data (`{shown}`...)',
    'shell.find.sql_outfile': 'SELECT ... INTO OUTFILE writes a file on the database server',
    'shell.find.sql_shutdown': 'SHUTDOWN stops the database server',
    'shell.find.sql_truncate': '`TRUNCATE {what}` truncates data (`{shown}`...)',
    'shell.find.sql_update_all': 'UPDATE without WHERE changes every row (`{shown}`...)',
    'shell.find.sql_where_no_column': (
        '{head} with a WHERE clause that names no column affects every row (`{shown}`...)'
    ),
    'shell.find.state_changes_state_tracks': (
        '{name} state {op} changes what the state tracks (resources can be lost)'
    ),
    'shell.find.stops_restarts_machine': '{name} stops or restarts the machine',
    'shell.find.storage_delete': '{name} {what} deletes stored objects or buckets',
    'shell.find.storage_sync_delete': '{sub} (deleting at the destination)',
    'shell.find.subvolume_delete_deletes_subvolume': (
        '{name} subvolume delete deletes a subvolume and its files'
    ),
    'shell.find.systemctl_stops_disables_system': (
        'systemctl {op} {services} stops or disables a system service'
    ),
    'shell.find.systemctl_stops_restarts_suspends': (
        'systemctl stops, restarts or suspends the machine'
    ),
    'shell.find.takes_machine_off_network': '{name} {what} takes the machine off its network',
    'shell.find.takes_node_out_service': (
        '{name} {sub} takes a node out of service (drain evicts every pod)'
    ),
    'shell.find.too_deep': (
        'commands nested more than {MAX_DEPTH} levels deep (shells inside shells, substitutions, '
        'wrappers); this hides what runs'
    ),
    'shell.find.umount_system': '{name} unmounts {path}, a system file system',
    'shell.find.unmounts_every_file_system': '{name} -a unmounts every file system',
    'shell.find.where_above_home': 'a directory containing the home directory',
    'shell.find.where_above_project': 'a directory containing the project',
    'shell.find.where_command_dynamic': 'a command assembled at run time',
    'shell.find.where_command_line_dynamic': 'a command line assembled at run time',
    'shell.find.where_file': 'the file {file}',
    'shell.find.where_file_dynamic': 'a file named at run time',
    'shell.find.where_fs_root': 'the file system root',
    'shell.find.where_heredoc_dynamic': 'a here-document assembled at run time',
    'shell.find.where_home': 'the home directory',
    'shell.find.where_input': 'its input',
    'shell.find.where_output_of': 'the output of {names}',
    'shell.find.where_outside': 'outside the project',
    'shell.find.where_project_root': 'the project root',
    'shell.find.where_script_dynamic': 'a script assembled at run time',
    'shell.find.where_sql_unreadable': 'SQL the analysis could not read (sqlparse is missing)',
    'shell.find.where_temp_root': 'a temp root',
    'shell.find.workspace_delete_deletes_workspace': (
        "{name} workspace delete deletes a workspace's state"
    ),
    'shell.find.writes_block_device': (
        "{how} writes to the block device {path} (destroys the disk's contents)"
    ),
    'shell.find.writes_home_config': (
        '{how} writes {path}, a configuration file in the home directory (shell start-up files, '
        'keys and tool settings are not part of the project)'
    ),
    'shell.find.writes_system': '{how} writes {path}, a system location outside the project',
    'shell.find.xargs_feeds_reads_run': (
        'xargs feeds what it reads at run time to {fed} as code (judged as the worst it could '
        'be: any command)'
    ),
    # ---- command families, as a reader says them
    'bash_check.family.infrastructure': 'infrastructure',
    'bash_check.family.cloud': 'cloud',
    'bash_check.family.databases': 'databases',
    'bash_check.family.disks': 'disks',
    'bash_check.family.system': 'system',
    'bash_check.family.packages': 'packages',
    'bash_check.family.fanout': 'fanout',
    'bash_check.family.git': 'git',
    'bash_check.family.gh': 'gh',
    'bash_check.family.network': 'network',
    'bash_check.family.files': 'files',
    'bash_check.family.text': 'text',
    'bash_check.family.archives': 'archives',
    'bash_check.family.interpreters': 'interpreters',
    'bash_check.family.shells': 'shells',
    'bash_check.family.wrappers': 'wrappers',
    'bash_check.family.builtins': 'builtins',
    'bash_check.family.unmodelled': 'unmodelled',
    'bash_check.family.shell': 'shell',
    'bash_check.source_broken': 'a broken permission configuration (every family blocks)',
    'bash_check.source_default': 'default for {family}',
    'bash_check.source_layer': 'families.{family} in {layer}',
    'bash_check.source_raised': 'families.{family}: {setting} in {layer}, raised: a hard family',
    'shell.carrier.awk_loads_extension_include': 'awk loads an extension or include file',
    'shell.carrier.awk_pipes_output_command': 'awk pipes its output into a command',
    'shell.carrier.awk_runs_shell_commands': 'awk runs shell commands (system/pipes)',
    'shell.carrier.c_f_runs_command': '{name} -C/-F runs a command or function',
    # ---- walls: interpreter code the analysis does not follow
    'shell.unknown.python_not_known': 'the Python code is not known: {reason}',
    'shell.unknown.py_unparsed': 'it is not Python the analysis can parse',
    'shell.unknown.py_relative_import': 'it imports from a relative package',
    'shell.unknown.py_star_import': 'it imports every name of {module}',
    'shell.unknown.py_reaches_dunder': 'it reaches {name}, a name behind which any code hides',
    'shell.unknown.py_builds_name': 'it uses {name}, which builds a name or code at run time',
    'shell.unknown.py_rebinds': 'it rebinds {name}, a name it imported',
    'shell.unknown.py_database': (
        'it imports {module}, a database driver (what it does to a database is not read)'
    ),
    'shell.unknown.py_unknown_name': 'it imports {name} from {module}, a name the analysis does not know',
    'shell.unknown.py_unknown_module': 'it imports {module}, a module the analysis does not know',
    'shell.unknown.py_method_on_unknown': 'it calls .{name}() on a value the analysis cannot identify',
    'shell.unknown.py_computed_call': "it calls something computed at run time (a subscript, a call's result)",
    'shell.unknown.py_chdir': 'it changes its working directory, so its relative paths are not followed',
    'shell.unknown.py_unknown_call': 'it calls {name}, which the analysis does not know',
    'shell.unknown.py_unknown_method': 'it calls {name}(), a method the analysis does not know',
    'shell.unknown.py_indirect': 'it refers to {name} without calling it directly',
    'shell.unknown.code_chdir': 'the code changes its working directory, so its relative paths are not followed',
    'shell.unknown.code_database': 'the code reaches a database driver; what it does to a database is not read',
    'shell.unknown.code_computed_call': 'the code calls a member whose name is computed at run time',
    # ---- walls: git's variables and the environment's PATH
    'shell.carrier.git_env': '{name}=... changes where git reads and writes (its trace, index or repository)',
    'shell.unknown.git_env_computed': '{name} is set to a value only known at run time (where git writes)',
    'shell.carrier.env_path_relative': (
        "the environment's PATH holds {entry}, a relative entry: {name} may be a file of the "
        'project'
    ),
    'shell.unknown.path_computed': 'PATH is set to a value only known at run time: which program {name} is cannot be told',
    'shell.carrier.dynamic_loader': '{name} is the dynamic loader: it runs the program it is given, with the libraries it is told to load',
    'shell.carrier.git_include': 'git reads configuration from {path} ({how})',
    'shell.unknown.git_include_unread': (
        '{how} makes git read configuration from {path}, which cannot be read here'
    ),
    'shell.carrier.code_env': '{name}=... changes which code {runner} runs',
    'shell.carrier.code_env_shell': '{name}=... changes which code the shell runs',
    'shell.carrier.code_env_dynamic': (
        '{name}=... changes which code the program runs (its name is known only at run time)'),
    'shell.carrier.cpio_rsh_command_runs': 'cpio --rsh-command runs a command',
    'shell.carrier.crontab_installs_scheduled_commands': 'crontab installs scheduled commands',
    'shell.carrier.enable_f_loads_shared': 'enable -f loads a shared library into the shell',
    'shell.carrier.eval_runs_string_shell': 'eval runs a string as shell code',
    'shell.carrier.exported_code_env': (
        'the exported {name} makes every shell {runner} starts run code'
    ),
    'shell.carrier.exported_code_env_any': (
        'the exported {name} makes every shell it starts run code'
    ),
    'shell.carrier.find_runs_command_every': 'find {option} runs a command for every match',
    'shell.carrier.gh_alias_set_shell': 'gh alias set --shell defines a shell command',
    'shell.carrier.gh_extension_installs_runs': 'gh extension installs or runs third-party code',
    'shell.carrier.git_alias': 'git {name} is an alias ({value})',
    'shell.carrier.git_bisect_run_runs': 'git bisect run runs a command',
    'shell.carrier.git_changes_programs_git': 'git {opt} changes which programs git runs',
    'shell.carrier.git_clone_upload_pack': 'git clone --upload-pack runs a program',
    'shell.carrier.git_config_edit_opens': 'git config --edit opens an editor',
    'shell.carrier.git_config_sets_key': 'git config sets a key computed at run time',
    'shell.carrier.git_difftool_extcmd_runs': 'git difftool --extcmd runs a command',
    'shell.carrier.git_filter_branch_runs': 'git filter-branch {option} runs shell code',
    'shell.carrier.git_grep_o_runs': 'git grep -O runs a pager program',
    'shell.carrier.git_init_template_copies': 'git init --template copies hooks from a directory',
    'shell.carrier.git_push_runs_program': 'git push {option} runs a program',
    'shell.carrier.git_rebase_exec_runs': 'git rebase --exec runs a shell command',
    'shell.carrier.git_runs_configured_tool': 'git {sub} runs a configured tool',
    'shell.carrier.git_runs_program': 'git {sub} {option} runs a program',
    'shell.carrier.git_send_pack_receive': 'git send-pack --receive-pack runs a program',
    'shell.carrier.git_submodule_foreach_runs': 'git submodule foreach runs a shell command',
    'shell.carrier.git_upload_pack_runs': 'git {sub} --upload-pack runs a program',
    'shell.carrier.hash_p_remaps_command': 'hash -p remaps a command name to another program',
    'shell.carrier.holds_substitution_shell_runs': (
        '{name} holds a substitution the shell runs when it expands the prompt'
    ),
    'shell.carrier.makes_git_run_program': '{how} {key} makes git run a program or alias',
    'shell.carrier.makes_network_requests': '{how} makes network requests',
    'shell.carrier.mapfile_c_runs_callback': 'mapfile -C runs a callback command',
    'shell.carrier.network_redirect': '{how} opens a network connection ({path})',
    'shell.carrier.parallel_runs_commands_built': 'parallel runs commands built from its arguments',
    'shell.carrier.prompt_command_runs_command': (
        'PROMPT_COMMAND runs as a command before each prompt'
    ),
    'shell.carrier.rsync_e_runs_command': 'rsync -e runs a command as its remote shell',
    'shell.carrier.rsync_rsync_path_runs': 'rsync --rsync-path runs a command on the remote side',
    'shell.carrier.runs_commands_file': '{name} runs the commands in a file',
    'shell.carrier.runs_inline_code': '{name} runs inline code',
    'shell.carrier.runs_pager_reads_options': '{name} runs a pager or reads options from a file',
    'shell.carrier.runs_start_up_file': '{name} {option} runs a start-up file',
    'shell.carrier.schedules_shell_commands': '{name} schedules shell commands',
    'shell.carrier.scp_runs_program': 'scp -S runs a program',
    'shell.carrier.sed_e_command_runs': "sed's e command runs shell commands",
    'shell.carrier.sed_script_assembled_run': 'sed script assembled at run time (may use e/w)',
    'shell.carrier.sed_w_command_writes': "sed's w command writes a file",
    'shell.carrier.set_value_shell_may': '{name} is set to a value the shell may run',
    'shell.carrier.sets_configuration_computed_run': (
        '{how} sets configuration computed at run time'
    ),
    'shell.carrier.sets_git_configuration_environment': (
        '{name} sets git configuration from the environment'
    ),
    'shell.carrier.sort_compress_program_runs': 'sort --compress-program runs a program',
    'shell.carrier.split_filter_runs_shell': 'split --filter runs a shell command',
    'shell.carrier.ssh_o_proxycommand_localcommand': (
        'ssh -o ProxyCommand/LocalCommand runs a local command'
    ),
    'shell.carrier.tar_runs_command': 'tar {option} runs a command',
    'shell.carrier.unknown_runner': (
        '{name} is not a program the analysis knows, and it receives the command {shown!r}: it '
        'may run it'
    ),
    'shell.carrier.xargs_runs_command_arguments': (
        'xargs runs a command with arguments read from its input'
    ),
    'shell.carrier.zip_tt_unzip_command': 'zip -TT/--unzip-command runs a command',
    'shell.how.archive_absolute': '{command} (extracts members with absolute names)',
    'shell.how.archive_into': '{command} (extracts an archive into it)',
    'shell.how.copies_into': '{command} (copies files into it)',
    'shell.how.decompresses_into': '{command} (decompresses into it)',
    'shell.how.dotdot_members': '{command} (extracts members with ../ names)',
    'shell.how.hard_link': 'ln (hard link to)',
    'shell.how.members_into': '{command} (extracts members into it)',
    'shell.how.members_where_named': '{command} (extracts members where their names say)',
    'shell.how.package_into': '{command} (extracts a package into it)',
    'shell.how.patch_unreadable': '{how} (files named in a diff that cannot be read)',
    'shell.how.pip_env': '{sub} into the environment of {interpreter}',
    'shell.label.argument_of': 'argument of {name}',
    'shell.label.shell_escape': '{name} shell escape',
    'shell.label.inline_code': '{name} inline code',
    'shell.label.reading_stdin': '{name} (reading commands from its input)',
    'shell.label.subprocess': '{name} (subprocess)',
    'shell.label.crontab_job': 'crontab job',
    # <<< shell analysis (ja-shell)

    # ============================================================ (ja-rest)
    # Texts that reached a Japanese reader in English: library/OS details by
    # their kind (statefiles/detail.py: the English output stays the library's
    # own words, these entries tell the same fact), state files' problems,
    # statusline, reports. New keys of this branch go here.
    'detail.quoted': '{detail}',
    'detail.os.enoent': 'No such file or directory',
    'detail.os.eacces': 'Permission denied',
    'detail.os.eperm': 'Operation not permitted',
    'detail.os.eisdir': 'Is a directory',
    'detail.os.enotdir': 'Not a directory',
    'detail.os.eloop': 'Too many levels of symbolic links',
    'detail.os.enametoolong': 'File name too long',
    'detail.os.enxio': 'No such device or address',
    'detail.os.eio': 'Input/output error',
    'detail.os.enospc': 'No space left on device',
    'detail.os.erofs': 'Read-only file system',
    'detail.os.eagain': 'Resource temporarily unavailable',
    'detail.os.fifo': 'a FIFO, not a regular file',
    'detail.os.socket': 'a socket, not a regular file',
    'detail.os.device': 'a device, not a regular file',
    'detail.os.not_regular': 'not a regular file',
    'detail.yaml.mapping_values': 'mapping values are not allowed here',
    'detail.yaml.no_colon': "could not find expected ':'",
    'detail.yaml.bad_character': 'found a character that cannot start any token',
    'detail.yaml.undefined_alias': 'found undefined alias',
    'detail.yaml.unexpected_end': 'found unexpected end of stream',
    'detail.yaml.bad_escape': 'found unknown escape character',
    'detail.yaml.structure': 'the indentation or the block structure is broken',
    'detail.yaml.flow_sequence': "expected ',' or ']'",
    'detail.yaml.flow_mapping': "expected ',' or '}}'",
    'detail.yaml.more_documents': 'expected a single document but found another document',
    'detail.yaml.duplicate_anchor': 'found duplicate anchor',
    'detail.yaml.bad_date': 'a date that does not exist',
    'detail.yaml.special_characters': 'special characters are not allowed',
    'detail.yaml.nested': 'it is nested too deeply',
    'detail.yaml.alias_bomb': (
        'its aliases (*name) expand into more values than the text holds '
        '(a recursive or exponential alias); write the values out instead'
    ),
    'detail.json.value': 'Expecting value at char {position}',
    'detail.json.property_name': 'Expecting property name enclosed in double quotes at char {position}',
    'detail.json.delimiter': 'Expecting a delimiter at char {position}',
    'detail.json.unterminated': 'Unterminated string starting at char {position}',
    'detail.json.control_character': 'Invalid control character at char {position}',
    'detail.json.escape': 'Invalid escape at char {position}',
    'detail.json.extra_data': 'Extra data at char {position}',
    'detail.schema.type': '{value} is not of type {expected}',
    'detail.schema.enum': '{value} is not one of {allowed}',
    'detail.schema.required': '{name} is a required property',
    'detail.schema.additional': 'Additional properties are not allowed ({names})',
    'detail.schema.pattern': '{value} does not match {pattern}',
    'detail.schema.too_short': '{value} is too short (at least {limit})',
    'detail.schema.too_long': '{value} is too long (at most {limit})',
    'detail.schema.too_small': '{value} is less than the minimum of {limit}',
    'detail.schema.too_large': '{value} is more than the maximum of {limit}',
    'detail.schema.unique': '{value} has non-unique elements',
    'detail.schema.no_variant': '{value} is not valid under any of the given schemas',
    'detail.schema.not': '{value} is not allowed here',
    'state_md.duplicate_section': (
        "state.md: section '{section}' appears more than once (again at line {line}); the "
        "first one is used — delete the duplicate"
    ),
    'state_md.no_yaml_block': (
        "state.md: section '{section}' (line {line}) has no ```yaml block — add one under "
        "the heading"
    ),
    'state_md.unclosed_block': (
        "state.md: the ```yaml block of section '{section}' (line {line}) is never closed — "
        "add a closing ``` line"
    ),
    'state_md.too_large_to_parse': (
        'state.md is larger than {limit} bytes — it is not read; restore it from git '
        '(state.md holds a few short sections)'
    ),
    'state_md.yaml_broken': (
        "state.md: the YAML of section '{section}' is broken near line {line} ({problem}) — "
        "fix it; this section is read as empty until then"
    ),
    'state_md.not_mapping': (
        "state.md: section '{section}' must be a YAML mapping (key: value lines), not {type}"
    ),
    'state_md.active_not_path': (
        'state.md: playbook.active must be a path (play/<id>/plan.json) or null, not {type}; '
        'it is read as null until fixed'
    ),
    'state_md.bad_security': (
        "state.md: config.security is {value}, not one of {modes}; 'strict' is used (the user "
        "sets it)"
    ),
    'state_md.unreadable': (
        'state.md cannot be read ({error}) — check that it is a regular, readable file'
    ),
    'state_md.too_large': (
        'state.md is larger than {limit} bytes — it is not read; restore it from git'
    ),
    'playbook.file_missing': '{label} does not exist',
    'playbook.file_is_dir': '{label} is a directory, not a file',
    'playbook.file_unreadable': '{label} cannot be read ({error})',
    'playbook.file_too_large': '{label} is larger than {limit} bytes; it is not read',
    'playbook.not_utf8': '{label} is not valid UTF-8',
    'playbook.too_deep': '{label} is nested too deeply',
    'playbook.not_json': '{label} is not valid JSON ({detail})',
    # ---- faults: messages that name the real fix (playbook files)
    'playbook.bom': (
        '{label} starts with a byte-order mark (BOM), which JSON does not allow: save it as '
        'UTF-8 without a BOM (remove the invisible first character).'
    ),
    'playbook.not_object': '{label} must hold a JSON object, not {type}',
    'playbook.unknown_version': (
        '{label} has format_version {version}, which this suite does not know (known: {known}); '
        'upgrade the suite or fix the file'
    ),
    'playbook.active_outside': (
        'state.md playbook.active ({value}) points outside the project; set it to '
        'play/<id>/plan.json or null'
    ),
    'playbook.active_not_working': (
        'state.md playbook.active ({value}) must name a working playbook play/<id>/plan.json '
        '(not the template or an archived copy) or be null'
    ),
    'rules.at_line': 'line {line}: ',
    'rules.and_more': ' (and {more} more)',
    'rules.is_dir': '{file} is a directory, not a file',
    'rules.unreadable': '{file} cannot be read ({error})',
    'rules.too_large': '{file} is larger than {limit} bytes',
    'rules.not_loaded': '{file} could not be loaded ({error})',
    'rules.not_utf8': '{file} is not UTF-8 (byte {byte})',
    'rules.not_yaml': 'not valid YAML: {problem}',
    'rules.duplicate_name': (
        'rule name {name} is used twice (first at line {line}); names must be unique'
    ),
    'rules.yaml_booleans': (
        ' (YAML reads yes/no/on/off/true/false as booleans; quote the value)'
    ),
    'rules.allowed_keys': '; allowed keys: {keys}',
    'rules.not_an_action': '{value} is not an action; use block or ask (a rule cannot allow)',
    'completion.unreadable': 'the playbook cannot be read',
    'completion.empty': 'the plan has no phases or no subtasks',
    'completion.subtask_open': 'subtask {subtask} is {status}',
    'completion.phase_open': 'phase {phase} is {status}',
    'completion.critic_status': 'critic.status is {status}, not PASS',
    'completion.final_open': 'final task {task} is {status}',
    'completion.no_evidence': 'subtask {subtask} is done without its evidence ({gap})',
    'completion.no_critic_run': (
        'no critic run recorded a PASS for {ident} (.claude/logs/critic-ledger.jsonl)'
    ),
    'bookkeeping.no_state': 'state.md does not exist',
    'bookkeeping.other_playbook': 'state.md playbook.active is {active} (another playbook)',
    'bookkeeping.no_context': "plan.json has no 'context' (the understanding check)",
    'bookkeeping.other_branch': "the checked-out branch is {branch}, the playbook's is {want}",
    'reward.shape_not_object': (
        "{label}: '{key}' must be an object (got {type}); see play/template/progress.json"
    ),
    'reward.shape_subtask': '{label}: subtasks.{subtask} must be an object or a status string',
    'reward.shape_phase': '{label}: phases.{phase} must be an object or a status string',
    'reward.shape_phases': "{label}: 'phases' must be a list; see play/template/plan.json",
    'reward.shape_phase_id': "{label}: every phase must be an object with a string 'id'",
    'reward.shape_subtasks': "{label}: phase {phase} 'subtasks' must be a list",
    'reward.shape_subtask_id': "{label}: every subtask of phase {phase} needs a string 'id'",
    'statusline.phase': 'phase {phase}',
    'statusline.subtasks': '{done}/{total} subtasks',
    'statusline.no_playbook': 'no playbook',
    'statusline.post_loop': 'post-loop',
    'statusline.consent': 'consent',
    'statusline.pending': 'pending: {items}',
    'statusline.problem': 'state problem',
    # ------------------------------------------------------------ the playgate command line (playgate/cli.py, playgate/commands/)
    'cli.description': (
        'playgate: install, check, explain, diagnose and replay the playgate hook suite.'
    ),
    'cli.epilog': (
        'exit codes: 0 done (healthy, valid, allowed, unchanged); 1 a problem, an invalid '
        'file, a blocked call or a changed decision; 2 usage error; 3 a file or project that '
        'cannot be read; 4 internal error.\n'
        "Run `playgate COMMAND --help` for a command's options."
    ),
    'cli.opt.project': (
        'the project (default: $CLAUDE_PROJECT_DIR, else the git work tree of the current '
        'directory)'
    ),
    'cli.opt.json': 'print one JSON document (for scripts) instead of the report',
    'cli.unknown_command': 'unknown command {command!r}; the commands are: {commands}',
    'cli.project_missing': 'no project at {path}: pass an existing directory with -C DIR',
    'cli.internal': 'internal error ({error}); please report it with the traceback below',
    'check.help': 'what a hook would answer to a payload, with the guard trace',
    'check.description': (
        "Run a hook event's chain on a payload (stdin or FILE) and show what the hook would "
        "answer: exit code, stdout, stderr, and every guard's verdict. Nothing is written "
        'unless --apply is given (the state changes the guards ask for are listed).\n'
        '\n'
        'exit 0: the call would pass; 1: it would be blocked (exit 2, or decision block); 3: '
        'unreadable payload file.'
    ),
    'explain.help': (
        'the shell analysis, the Bash guard chain and the permission gate for a command'
    ),
    'explain.description': (
        'Explain how playgate reads a Bash command: the shell analysis (every command that '
        'would run, writes, destructive findings, carriers), the PreToolUse Bash chain with '
        "the project's current state, and every phase of the permission gate. Nothing is run "
        'and nothing is written.\n'
        '\n'
        'exit 0: PreToolUse would let it through; 1: it would be blocked.'
    ),
    'doctor.help': "check the installation's health",
    'doctor.description': (
        'Check the installation in the project: hook interpreter and dependencies, hook '
        "commands registered and resolvable, settings valid against Claude Code's schema, "
        'suite files intact, state files readable, protection list and permission config sane, '
        'versions.\n'
        '\n'
        'exit 0: healthy (warnings allowed); 1: a problem was found.'
    ),
    'status.help': 'active playbook, phase, subtask progress and pending markers',
    'status.description': (
        'Show the workflow state: the active playbook, its phases, a subtask progress bar, the '
        'active subtask and its validations, the critic, the branch, the security mode and the '
        'session markers that hold work back.\n'
        '\n'
        'exit 0 (3 when there is no project).'
    ),
    'validate.help': (
        'validate state.md, plan.json, progress.json and the custom rules with line numbers'
    ),
    'validate.description': (
        "Validate state.md, the playbooks' plan.json and progress.json, and the custom rules "
        '(.claude/playgate-rules.yaml, when it exists) against their schemas; every error '
        'names the file, line and column.\n'
        '\n'
        'exit 0: every file is valid; 1: an error was found; 3: a named file does not exist.'
    ),
    'replay.help': "re-run a session transcript's tool calls through the hooks",
    'replay.description': (
        'Re-run the tool calls recorded in a Claude Code session transcript (a .jsonl under '
        '~/.claude/projects/) through the hooks, in a scratch copy of the project, and report '
        'what would be blocked or auto-approved next to what happened in the session. Bash '
        'commands are never executed; file edits the session made are re-applied to the '
        'scratch copy.\n'
        '\n'
        'exit 0: every decision is the same as in the session; 1: some call would be decided '
        'differently; 3: the transcript cannot be read.'
    ),
    'init.help': 'create state.md and the playbook templates in a project (plugin installs)',
    'init.description': (
        'Create the project files the workflow needs when the suite comes from the Claude Code '
        'plugin (an install by install.py or `playgate install` creates them itself): '
        'state.md, play/template/ and an editable .claude/protected-files.txt. Existing files '
        'are never changed.\n'
        '\n'
        'exit 0: done or nothing to do.'
    ),
    'logs.help': "list the gate's decisions (blocks, asks, warnings, approvals, dialogs)",
    'logs.description': (
        'List the decisions every hook recorded in .claude/logs/decisions.jsonl (and its '
        'rotated files), oldest first: time, decision, event, tool, guard, session, the input '
        '(secrets masked) and the reason. Filters combine; --summary counts instead (decisions '
        'by kind, blocks per guard, the most frequent reasons).\n'
        '\n'
        'exit 0; 2: a bad option; 3: no project.'
    ),
    'report.help': "a session's timeline, playbook progress and approvals (text or --html)",
    'report.description': (
        'Report one session: a timeline of its tool calls (from the Claude Code transcript) '
        "with each decision and reason (from the decision log), the playbook's progress and "
        "the critic's verdicts, and what the permission gate approved without asking. The text "
        'form is for terminals; --html FILE writes one self-contained page that loads nothing '
        'from the network.\n'
        '\n'
        'exit 0; 3: no session in the log, or FILE or the transcript cannot be used.'
    ),
    'logs.opt.since': (
        'only entries since WHEN: a duration back from now (90s, 30m, 2h, 1d, 1w) or an ISO '
        'time (2026-01-02T15:00, local unless it has a zone)'
    ),
    'logs.opt.session': 'only this session (an id or the start of one)',
    'logs.opt.guard': 'only this guard (bash-check, permission-gate, ...)',
    'logs.opt.decision': 'only this decision',
    'logs.opt.event': 'only this hook event (PreToolUse, PermissionRequest, Stop, ...)',
    'logs.opt.limit': 'only the newest N entries (0: all)',
    'logs.opt.summary': 'counts instead of entries: by decision, blocks per guard, top reasons',
    'logs.bad_since': (
        '--since {value!r}: give a duration (90s, 30m, 2h, 1d, 1w) or an ISO time (2026-01-02 '
        'or 2026-01-02T15:00:00Z)'
    ),
    'logs.bad_limit': '--limit {value}: give 0 (all) or a positive number',
    'logs.none': 'no decision matches ({log})',
    'logs.count': '{count} decision(s) from {log}',
    'logs.summary.total': '{total} decision(s) in {sessions} session(s):',
    'logs.summary.blocks': 'blocks per guard:',
    'logs.summary.no_blocks': 'no blocks',
    'logs.summary.reasons': 'most frequent reasons:',
    'report.opt.session': 'the session (an id or the start of one; default: the newest logged)',
    'report.opt.html': 'write the report as one self-contained HTML page to FILE',
    'report.opt.transcript': (
        "the session's transcript (default: found under ~/.claude/projects/ by the session id)"
    ),
    'report.no_session': (
        'no session to report: the decision log {log} is empty; pass --session ID or '
        '--transcript FILE'
    ),
    'report.unknown_session': (
        'no session {session} in the decision log {log} ({count} session(s) logged, the newest '
        '{newest}) and no transcript of it; pass one of the logged ids (playgate logs lists '
        'them)'
    ),
    'report.bad_transcript': 'cannot read the transcript {path}: {error}',
    'report.html_unwritable': 'cannot write {path}: {error}',
    'report.html_written': 'wrote {path}',
    'report.header': 'session {session} in {project}',
    'report.transcript': 'transcript {path}',
    'report.no_transcript': 'not found (the timeline shows the logged decisions only)',
    'report.counts': '{calls} tool call(s), {decisions} decision(s): {counts}',
    'report.blocks': 'blocks per guard: {guards}',
    'report.no_playbook': 'playbook: none active',
    'report.playbook': 'playbook {plan}: {done}/{total} subtasks done, critic {critic}',
    'report.critic': 'critic verdicts in this session:',
    'report.approved': 'approved without asking ({count}):',
    'report.timeline': 'timeline:',
    'status.project': 'project   {project} ({install})',
    'status.branch': 'branch    {branch}   security mode {security}',
    'status.no_playbook': (
        "playbook  none active: the next work request starts with Skill(skill='playbook-init')"
    ),
    'status.playbook': 'playbook  {plan} (id {id}, branch {branch}, {review})',
    'status.reviewed': 'reviewed by {by}',
    'status.not_reviewed': 'NOT reviewed yet: edits stay blocked until the reviewer passes it',
    'status.progress': 'progress  {bar} {done}/{total} subtasks done',
    'status.active': 'active    subtask {id} ({status}, executor {executor}): {criterion}',
    'status.critic': 'critic    {status} ({evidence} evidence)',
    'status.markers': 'markers   (session state that holds work back)',
    'status.no_markers': 'markers   none',
    # ---- walls: the outer wall (Claude Code's Bash sandbox) in status and doctor
    'status.wall_up': (
        "wall      up: Bash runs in Claude Code's sandbox ({entries} paths read-only), "
        'Edit/Write deny rules {rules}'
    ),
    'status.wall_down': (
        'wall      DOWN ({state}): {why}; Edit/Write deny rules {rules} (playgate doctor '
        'says more)'
    ),
    'status.wall_why_off': 'the Bash sandbox is not enabled',
    'status.wall_why_missing': 'this machine lacks {missing}, so playgate blocks Bash',
    'status.wall_why_unsupported': 'Claude Code has no sandbox on {platform}',
    'status.wall_why_unknown': 'a settings layer cannot be read',
    'status.wall_why_opened': 'the sandbox is opened by {weaknesses}',
    'doctor.wall_up': (
        "the outer wall is up: Claude Code runs Bash in its sandbox here, {entries} paths "
        'read-only to every command, and it refuses to start on this machine without the '
        'sandbox'
    ),
    'doctor.wall_up_optional': (
        "the outer wall is up: Claude Code runs Bash in its sandbox here, {entries} paths "
        'read-only to every command (should the sandbox stop working, Claude Code warns and '
        'playgate blocks Bash)'
    ),
    'doctor.wall_off': (
        "the outer wall is down: Claude Code's Bash sandbox is not enabled, so only the "
        "shell analysis keeps Bash off the gate's files. Put it up: {command} --sandbox "
        'required'
    ),
    'doctor.wall_missing': (
        "the settings enable Claude Code's Bash sandbox but this machine lacks {missing}: "
        'Claude Code would run Bash without it, so playgate blocks Bash. Install it: '
        '{command}'
    ),
    'doctor.wall_unsupported': (
        "the settings enable Claude Code's Bash sandbox, which Claude Code cannot provide on "
        '{platform}: playgate blocks Bash here'
    ),
    'doctor.wall_unknown': (
        'a settings layer that names the sandbox cannot be read ({layers}): playgate blocks '
        'Bash until it is fixed'
    ),
    'doctor.wall_weak_excludedCommands': (
        'sandbox.excludedCommands is set: those commands, and whatever follows them on the '
        'line, run outside the sandbox (measured). Remove it'
    ),
    'doctor.wall_weak_allowUnsandboxedCommands': (
        'sandbox.allowUnsandboxedCommands is not false: a command may ask to run outside the '
        'sandbox (dangerouslyDisableSandbox). Set it to false'
    ),
    'doctor.wall_weak_autoAllowBashIfSandboxed': (
        'sandbox.autoAllowBashIfSandboxed is not false: Claude Code approves sandboxed '
        'commands itself and never asks the permission gate (measured). Set it to false'
    ),
    'doctor.wall_incomplete': (
        "sandbox.filesystem.denyWrite lacks {count} of playgate's entries ({entries}): those "
        'stay writable to Bash. Install again: {command}'
    ),
    'doctor.deny_rules_ok': (
        "{count} Edit/Write deny rules keep Claude Code's edit tools off the suite's own "
        'files'
    ),
    'doctor.deny_rules_missing': (
        "{count} of the Edit/Write deny rules for the suite's own files are missing "
        '({rules}...): install again: {command}'
    ),
    'status.no_state': '{path} is missing: {fix} creates it',
    'status.state_problem': '{problem}',
    'status.playbook_problem': '{problem}',
    'status.protected_problem': 'protected-files.txt: {problem}',
    'status.marker.pending': (
        'init-guard: read state.md (and the active plan.json) with the Read tool before '
        'anything else; reading them clears it'
    ),
    'status.marker.consent': (
        'consent-guard: edits wait until the user confirms the understanding check in their '
        'next prompt'
    ),
    'status.marker.post_loop': (
        'pending-guard: a finished playbook waits for the post-loop skill (python3 '
        '.claude/skills/post-loop/handler.py)'
    ),
    'status.marker.last_fail': "the critic's last failure, handed to the next executor run",
    'status.marker.iterations': 'critic iterations of the active subtask so far',
    'status.marker.archive': (
        'an archive was interrupted; the next PostToolUse or the post-loop handler resumes it'
    ),
    'status.marker.analyzed': 'prompt-analyzer ran in this conversation (the gate is open)',
    'check.opt.event': 'the hook event (PreToolUse, pre_tool_use, Stop, ...)',
    'check.opt.payload': 'the payload JSON file (default: stdin)',
    'check.opt.apply': 'apply the state changes the guards ask for, as the hook would',
    'check.opt.complete': (
        'fill in hook_event_name, session_id, cwd... that a hand-written payload lacks'
    ),
    'check.unknown_event': 'unknown event {event!r}; the events are: {events}',
    'check.unreadable': 'cannot read {path}: {error}',
    'check.no_stdin': 'no payload: give a FILE or pipe the JSON into stdin',
    'check.not_json': 'the payload is not a JSON object ({error})',
    'check.header': '{event} in {project}',
    'check.no_trace': (
        '  (no guard ran: the input was refused before the chain, see the answer below)'
    ),
    'check.effect': '                               effect: {label} ({when})',
    'check.decision': 'answer: {decision} (hook exit code {code})',
    'check.stdout': '  stdout:',
    'check.stderr': '  stderr:',
    'check.applied': 'the effects above were applied (--apply)',
    'check.not_applied': (
        'the effects above were NOT applied (nothing changed; --apply applies them)'
    ),
    'explain.opt.command': 'the Bash command (quote it; several words are joined by spaces)',
    'explain.opt.cwd': 'the directory the command runs in (default: the current one)',
    'explain.no_cwd': '--cwd {cwd}: no such directory',
    'explain.header': 'playgate explain: `{command}`',
    'explain.where': 'project {project}, cwd {cwd}',
    'explain.analysis': '1. shell analysis ({parser} parser)',
    'explain.reads': 'reads',
    'explain.acts': 'acts',
    'explain.no_commands': 'no command',
    'explain.read_only': 'read-only: yes (nothing written, nothing run but known readers)',
    'explain.mutating': 'read-only: no',
    'explain.http': 'HTTP methods other than GET/HEAD: {methods}',
    'explain.unknown': 'UNKNOWN (never treated as safe): {reasons}',
    'explain.pre': "2. PreToolUse (Bash chain, with the project's current state)",
    'explain.pre_passes': '=> PreToolUse lets it through ({decision})',
    'explain.pre_blocked': '=> PreToolUse BLOCKS it ({decision})',
    'explain.pre_asks': '=> PreToolUse ASKS the user to decide ({decision})',
    'explain.family': 'command family {family}: {level} ({source})',
    'explain.bash_check_alone': (
        'bash-check on its own (the chain stopped before it; this is its answer once the '
        'guards above let the call through):'
    ),
    'explain.rules': 'Custom rules ({file})',
    'explain.rules_none': 'no rule matches',
    'explain.permission': '3. permission gate (PermissionRequest)',
    'explain.effective': (
        "4. what you get (static settings rules, PreToolUse and the gate, in Claude Code's "
        'order)'
    ),
    'explain.approve': '=> auto-approved by phase {phase}: {reason}',
    'explain.dialog': '=> the user is asked (phase {phase}): {reason}',
    'doctor.opt.no_run': 'do not run the registered PreToolUse hook (the hook-run check)',
    'doctor.header': 'playgate doctor: {project}',
    'doctor.healthy': 'healthy ({warnings} warning(s))',
    'doctor.unhealthy': '{errors} problem(s) found, {warnings} warning(s); fix the ERROR lines',
    'doctor.check_failed': 'the {check} check could not run ({error})',
    'doctor.manifest_broken': '{path} cannot be read ({error}); {repair} rewrites it',
    'doctor.installed': (
        'installed by install.py or `playgate install` (manifest {manifest}, suite {suite})'
    ),
    'doctor.pin_drift': (
        'this clone runs playgate {installed} (suite {installed_sha}), but the repository pins '
        '{pinned} (suite {pinned_sha}), pulled since it was set up: {repair} installs the '
        'pinned one'
    ),
    'doctor.pin_missing': (
        'no pin ({pin}): clones of this repository cannot set playgate up themselves; '
        '{install} writes one (commit it)'
    ),
    'doctor.pin_ok': 'pinned: playgate {version} (suite {sha}), from {source}',
    'doctor.plugin': 'installed as the Claude Code plugin {ids} ({root})',
    'doctor.twice': (
        'installed twice (install.py and the plugin): every hook runs twice; uninstall one '
        '({uninstall}, or /plugin uninstall playgate)'
    ),
    'doctor.not_installed': (
        'playgate is not installed in {root}: {install}, or install the plugin (/plugin '
        'install playgate)'
    ),
    'doctor.no_settings': 'no settings file in the project or ~/.claude',
    'doctor.settings_unreadable': (
        '{path} {error}: Claude Code ignores it, so the hooks it registers do not run; fix it'
    ),
    'doctor.settings_valid': '{path} is valid (Claude Code settings schema)',
    'doctor.settings_schema': (
        '{path}: {at}: {error} (Claude Code settings schema; the schema may lag the CLI)'
    ),
    'doctor.hook_missing': 'the {event} hook is not registered in {path}: {repair} restores it',
    'doctor.hook_wrong_event': (
        '{path} registers {script}.py under {event}, not {expected}; {repair} puts it back'
    ),
    'doctor.hook_unparsable': (
        '{path}: the {event} hook command cannot be read; {repair} writes it again'
    ),
    'doctor.hook_no_python': (
        'the hook interpreter {python} does not exist or is not executable ({events}): every '
        'gated call is blocked; {repair} repairs it'
    ),
    'doctor.hook_no_script': (
        "the {event} hook's script {script} does not exist; {repair} installs it"
    ),
    'doctor.hooks_ok': '{count} hook registrations, interpreters and scripts present',
    'doctor.interpreter_bad': 'hook interpreter {python}: {problems}. Fix: {fix}',
    'doctor.interpreter_ok': 'hook interpreter {python} (Python {version}; {deps})',
    'doctor.hook_run_skipped': 'not run (--no-run)',
    'doctor.hook_run_timeout': (
        'the PreToolUse hook did not answer within {seconds} s (Claude Code lets calls through '
        'when a hook times out)'
    ),
    'doctor.hook_run_ok': 'the registered PreToolUse hook runs and answers (a Glob call)',
    'doctor.hook_run_failed': (
        'the registered PreToolUse hook failed on a harmless Glob call (exit {exit}): {stderr}'
    ),
    'doctor.files_missing': '{count} installed file(s) missing ({files}); {repair} restores them',
    'doctor.files_changed': (
        '{count} installed file(s) differ from the install ({files}); {repair} restores them '
        '(the changed copies are backed up)'
    ),
    'doctor.files_ok': '{count} installed files match the manifest',
    'doctor.state_missing': 'state.md is missing: {fix} creates it',
    'doctor.state_invalid': (
        '{path}: {count} error(s), first at line {line}: {message} (see playgate validate)'
    ),
    'doctor.state_ok': '{count} state file(s) valid',
    'doctor.protected_missing': (
        ".claude/protected-files.txt is missing: only the suite's own files are protected "
        '({fix} restores it)'
    ),
    'doctor.protected_unreadable': '.claude/protected-files.txt cannot be read ({error})',
    'doctor.protected_problem': 'protected-files.txt: {problem}',
    'doctor.protected_everything': (
        'protected-files.txt line {line}: {pattern!r} blocks edits to every file'
    ),
    'doctor.protected_ineffective': (
        'protected-files.txt line {line}: {pattern!r} covers {path}, which stays writable '
        'anyway (the workflow needs it)'
    ),
    'doctor.protected_dropped': (
        "protected-files.txt lacks {count} of the suite's default entries: {patterns}"
    ),
    'doctor.protected_ok': "protected-files.txt: {count} entries, plus the suite's own files",
    'doctor.permission_error': '{error} (nothing is auto-approved until it is fixed)',
    'doctor.permission_notice': '{notice}',
    'doctor.permission_ok': 'permission config loads ({layers})',
    'doctor.rules_absent': 'no custom rules ({file} does not exist)',
    'doctor.rules_ok': '{file} loads ({count} rule(s))',
    'doctor.rules_error': (
        '{file}: {problem} (the hooks refuse every Bash command until it is fixed)'
    ),
    'doctor.trust_ok': (
        'the workspace is trusted ({where}): headless claude -p applies the allow rules'
    ),
    'doctor.trust_missing': (
        'the workspace-trust dialog was never accepted for {root} ({path} has no '
        "hasTrustDialogAccepted for it): headless `claude -p` ignores this project's "
        "permission allow rules (Edit, Write, the suite's skills and post-loop handler), so "
        'those calls are denied. Start `claude` in {root} once interactively and accept the '
        'dialog'
    ),
    'doctor.trust_unreadable': '{path} cannot be read ({error}); the workspace trust is unknown',
    'doctor.logs_ok': 'no guard errors logged',
    'doctor.logs_errors': (
        '{count} guard error(s) logged in {path}; the last: {last} (a security guard that '
        'fails blocks the call)'
    ),
    'doctor.no_tables': (
        'the bashlex parser tables are not built: Bash commands that need bashlex take ~100 ms '
        'longer. Build them: cd {suite} && {python} -m shell.bashparse'
    ),
    'doctor.no_bytecode': (
        'the installed modules have no bytecode for the hook interpreter (every hook call '
        'compiles them): {repair}'
    ),
    'doctor.no_bundle': (
        'the module bundle is not built: every hook call imports the suite module by module '
        '(slower). Build it: cd {suite} && {python} -m playgate.bundle (or re-run the '
        'install)'
    ),
    'doctor.stale_bundle': (
        "the module bundle does not match the suite's sources or the hook interpreter (those "
        'modules are imported the slow way). Rebuild it: cd {suite} && {python} -m '
        'playgate.bundle (or re-run the install)'
    ),
    'doctor.speed_ok': 'bytecode, parser tables and module bundle in place',
    'doctor.version_mismatch': (
        'this playgate ({cli}, {suite}) is not the installed one ({installed}); run the '
        'installed copy: {installed_cli}'
    ),
    'doctor.versions': 'playgate {suite}, hook Python {python}, Claude Code {claude}',
    'replay.opt.transcript': (
        "the session transcript (~/.claude/projects/<dir>/<session>.jsonl); its subagents' "
        'transcripts are read from beside it'
    ),
    'replay.opt.keep': 'keep the scratch copy of the project (its path is printed)',
    'replay.opt.no_subagents': "replay the main agent's calls only",
    'replay.unreadable': 'cannot read the transcript {path}: {error}',
    'replay.no_project': (
        'the session ran in {cwd}, which does not exist here; pass the project with -C DIR'
    ),
    'replay.start_no_time': (
        'the transcript gives no start time: replayed against the project as it is now'
    ),
    'replay.start_no_reflog': (
        "git's reflog does not reach back to the session's start: replayed against the project "
        'as it is now'
    ),
    'replay.start_commit': "replayed from the session's start: commit {commit}{removed}",
    'replay.start_branch': (
        "replayed from the session's start: commit {commit} on {branch}{removed}"
    ),
    'replay.start_removed': ', {count} file(s) written since removed',
    'replay.outside': 'not re-applied: {path} is outside the project',
    'replay.edit_mismatch': (
        'not re-applied: the text to replace is not in {path} (the copy differs from the '
        'session from here on)'
    ),
    'replay.edit_failed': 'not re-applied: {path}: {error}',
    'replay.header': 'playgate replay: {transcript} (session {session}, Claude Code {version})',
    'replay.project': 'project {project}, replayed in a scratch copy ({scratch})',
    'replay.deleted': 'deleted; --keep keeps it',
    'replay.skipped': '{count} transcript line(s) could not be read and were skipped',
    'replay.prompt': 'prompt {prompt!r}: {decision}',
    'replay.col.session': 'in the session',
    'replay.col.replayed': 'replayed now',
    'replay.blocked': 'BLOCKED ({guard})',
    'replay.approved': 'allowed, auto-approved',
    'replay.dialog': 'allowed, permission dialog',
    'replay.allowed': 'allowed ({decision})',
    'replay.summary': (
        '{calls} call(s): {blocked} blocked, {approved} auto-approved, {dialogs} left to the '
        'dialog; {differences} difference(s) from the session'
    ),
    'replay.bash_note': (
        'Bash commands were not executed; what they changed in the session is not reproduced '
        'in the copy.'
    ),
    'init.opt.dry_run': 'list what would be created, create nothing',
    'init.no_templates': (
        'the suite at {suite} has no templates (an installed copy has none): install with '
        '{install} instead'
    ),
    'init.create': 'created  {path}',
    'init.create_dry': 'would create {path}',
    'init.append': "added    the hooks' runtime state to {path}",
    'init.append_dry': "would add the hooks' runtime state to {path}",
    'init.exists': 'kept     {path} (exists)',
    'init.nothing': 'nothing to do: the project has every file',
    'init.done': (
        'done. Commit state.md, play/template/ and .claude/protected-files.txt; only a human '
        "should change state.md's config section."
    ),
    'validate.opt.files': 'files to validate (default: state.md and every playbook in play/)',
    'validate.opt.kind': 'the kind of every FILE (default: from its name)',
    'validate.opt.archive': 'also validate the archived playbooks in play/archive/',
    'schema.help': 'print a JSON Schema the suite ships (the custom rules, permission config)',
    'schema.description': (
        'Print the JSON Schema of a file you write: `rules` for .claude/playgate-rules.yaml '
        '(custom rules), `permission-config` for a permission-config.yaml layer. With --path, '
        "print the shipped file's path instead, for an editor: put `# yaml-language-server: "
        '$schema=<path>` at the top of the YAML file.\n'
        '\n'
        'exit 0.'
    ),
    'schema.opt.name': 'which schema: rules or permission-config',
    'schema.opt.path': 'print the path of the schema file instead of its content',
    'validate.unknown_kind': (
        'cannot tell what {file} is: name it state.md, plan.json, progress.json or '
        '*rules.yaml, or pass --kind'
    ),
    'validate.file_ok': '{path}: ok ({kind})',
    'validate.not_accepted': '{value} is not accepted here',
    'validate.not_accepted_expected': '{value} is not accepted here; expected {accepted}',
    'validate.not_accepted_because': '{value} is not accepted here: {description}',
    'validate.accept.or': '{first} or {second}',
    'validate.accept.object': 'an object ({name})',
    'validate.accept.one_of': 'one of {values}',
    'validate.accept.string': 'a string',
    'validate.accept.integer': 'an integer',
    'validate.accept.number': 'a number',
    'validate.accept.boolean': 'a boolean',
    'validate.accept.object_type': 'an object',
    'validate.accept.array': 'an array',
    'validate.accept.null': 'null',
    'validate.file_missing': '{path} does not exist',
    'validate.file_is_dir': '{path} is a directory, not a file',
    'validate.file_not_regular': '{path} is {what}',
    'validate.file_unreadable': '{path} cannot be read ({error})',
    'validate.file_too_large': '{path} is larger than {limit} bytes',
    'validate.file_not_utf8': '{path} is not valid UTF-8 (byte {byte})',
    'validate.not_json': 'not valid JSON: {detail}',
    'validate.not_yaml': 'not valid YAML: {detail}',
    'validate.too_deep': 'nested too deeply',
    'validate.duplicate_id': 'id {id} is used twice (first at line {line}); ids must be unique',
    'validate.unknown_dependency': 'depends_on names phase {phase}, which the plan does not have',
    'validate.unknown_phase': 'phase {id} is not in {plan}',
    'validate.unknown_subtask': 'subtask {id} is not in {plan}',
    'validate.active_unknown_phase': 'active.phase {id} is not a phase of {plan}',
    'validate.active_unknown_subtask': 'active.subtask {id} is not a subtask of {plan}',
    'validate.section_missing': (
        "section '{section}' is missing (it is read as empty); add `## {section}` with a "
        '```yaml block'
    ),
    'validate.config_key_close': 'unknown config key {key}; did you mean {close}?',
    'validate.config_key_unknown': 'unknown config key {key} (no guard reads it)',
    'validate.language': (
        'config.language {value} is not one of {allowed}; messages fall back to {fallback}'
    ),
    'validate.active_missing': (
        'playbook.active names {path}, which does not exist; set it to an existing '
        'play/<id>/plan.json or null'
    ),
    'validate.rule_on_wrapper': (
        '{command} is a wrapper the analysis looks through (it judges the command that runs '
        'under it), so a rule on it with a subcommand, flags or args never matches; name the '
        'command itself, or keep only `command:` to match everything run under it'
    ),
    'validate.summary': '{files} file(s), {errors} error(s), {warnings} warning(s)',
    'install.help': "install the hook suite into a git repository's .claude/ (as install.py)",
    'uninstall.help': 'remove what `playgate install` added to a repository',
    'statusline.help': (
        'print one status line (playbook, phase, subtasks, security mode, pending) from the '
        "JSON Claude Code's statusLine pipes on stdin"
    ),
    'demo.help': 'replay a scripted session through the hooks in a throw-away repository',
    'plugin.help': "generate or check the plugin's hooks/hooks.json",
    'plugin.description': (
        "Generate the Claude Code plugin's hooks/hooks.json from settings.template.json (the "
        'one source of truth for the hook registrations) and compare it with the committed '
        'file.'
    ),
    'plugin.opt.what': 'what to generate (hooks: hooks/hooks.json)',
    'plugin.opt.write': 'write the generated file instead of comparing',
    'plugin.opt.source': 'the playgate checkout (default: the one this command runs from)',
    'plugin.written': 'wrote {path}',
    'plugin.up_to_date': '{path} is up to date with settings.template.json',
    'plugin.differs': '{difference}. Regenerate it with: {command}',
    'explain.depth': 'depth {depth}',
    'explain.destructive': 'destructive: {kind}: {message}',
    'explain.carrier': 'carries code: {kind}: {message}',
    'explain.write': 'writes: {how} {kind} `{path}`',
    'explain.write_recursive': 'writes: {how} {kind} `{path}` (recursive)',
    'explain.may_write': 'may write: {how} {kind} `{path}`',
    'explain.may_write_recursive': 'may write: {how} {kind} `{path}` (recursive)',
    'explain.script': 'script: {path} ({command})',
    'explain.rule_match': '{action:<6} {rule} (line {line}): {command}: {reason}',
    'explain.layer': 'layer   {layer}: {status}',
    'explain.layer_loaded': 'loaded',
    'explain.layer_absent': 'absent',
    'explain.layer_error': 'error',
    'explain.project_command': 'project {prefix} (project_commands, from {layer})',
    'explain.notice': 'notice  {notice}',
    'check.when.always': 'always',
    'check.when.on_pass': 'when the call passes',
    'check.when.on_block': 'when the call is blocked',
    'logs.session': 'session {session}',
    'doctor.claude_missing': 'not found on PATH',
    'report.prompt': 'prompt  {text}',
    'report.html.title': 'playgate report: session {session}',
    'report.html.heading': 'playgate session report',
    'report.html.session': 'session',
    'report.html.project': 'project',
    'report.html.period': 'from {start} to {end}',
    'report.html.transcript': 'transcript',
    'report.html.no_transcript': 'not found (decisions from the log only)',
    'report.html.summary': 'Summary',
    'report.html.counts': '{calls} tool call(s), {decisions} decision(s):',
    'report.html.none': 'none',
    'report.html.guard': 'guard',
    'report.html.blocks': 'blocks',
    'report.html.approved': 'Approved without asking',
    'report.html.time': 'time',
    'report.html.command': 'command',
    'report.html.phase': 'phase',
    'report.html.why': 'why',
    'report.html.nothing_approved': 'nothing was approved by the permission gate',
    'report.html.timeline': 'Timeline',
    'report.html.tool': 'tool',
    'report.html.input': 'input',
    'report.html.decisions': 'decisions',
    'report.html.prompt': 'prompt',
    'report.html.log': 'decision log',
    'report.html.playbook': 'Playbook',
    'report.html.no_playbook': 'no active playbook',
    'report.html.branch': 'branch',
    'report.html.subtasks_done': 'subtasks done; critic',
    'report.html.status': 'status',
    'report.html.done': 'done',
    'report.html.name': 'name',
    'report.html.critic': 'Critic verdicts in this session',
    'report.html.verdict': 'verdict',
    'report.html.subtask': 'subtask',
    'report.html.reason': 'reason',
    'report.html.no_verdict': 'the critic recorded no verdict in this session',
    'status.kind.installed': 'installed',
    'status.kind.package': 'the playgate package',
    'status.kind.plugin': 'the plugin',
    'status.kind.source': 'a playgate checkout',
    'explain.status.pass': 'pass',
    'explain.status.skip': 'skip',
    'explain.status.dialog': 'DIALOG',
    'explain.status.allow': 'ALLOW',
    'explain.status.not_reached': 'not reached',
    # ------------------------------------------------------------ the installer (install.py, playgate install|uninstall, playgate/installer/)
    'installer.refuse.no_git': 'git is not installed or not on PATH; playgate needs git',
    'installer.refuse.not_a_directory': '{repo} is not a directory',
    'installer.refuse.not_a_work_tree': (
        "{path} is not a git work tree (run `git init` there first, or name the repository's "
        'top-level directory)'
    ),
    'installer.refuse.inside': (
        '{path} is inside the git work tree {top}; install into its top level: {command}'
    ),
    'installer.refuse.not_writable': (
        '{path} is not writable by this user; fix its permissions or run the installer as its '
        'owner'
    ),
    'installer.refuse.busy': 'another installer is working on {repo}; wait for it to finish',
    'installer.refused': 'playgate: refused: {reason}',
    'installer.failed_step': 'playgate: failed: {error}',
    'installer.interrupted': 'playgate: interrupted',
    'installer.up_to_date': (
        'playgate is already installed in {root} and up to date; nothing to change.'
    ),
    'installer.plan_header': 'playgate install plan for {root}',
    'installer.installing': 'installing playgate into {root}',
    'installer.dry_run': 'dry run: nothing was written.',
    'installer.failed': 'playgate: install failed: {error}',
    'installer.failed_hint': (
        '  what was done is recorded in {manifest}; fix the cause and run the install again, '
        'or undo it with: {undo}'
    ),
    'installer.step': '  {would}{verb:<8} {what}',
    'installer.would': 'would ',
    'installer.verb.create': 'create',
    'installer.verb.update': 'update',
    'installer.verb.replace': 'replace',
    'installer.verb.remove': 'remove',
    'installer.verb.rmdir': 'rmdir',
    'installer.verb.compile': 'compile',
    'installer.verb.build': 'build',
    'installer.verb.rebuild': 'rebuild',
    'installer.verb.restore': 'restore',
    'installer.group': '{folder} ({count} files)',
    'installer.rmdirs': '{count} director(ies) it created (each only if empty)',
    'installer.note': '  note: {note}',
    'installer.done': 'done. Start Claude Code in {root}: the hooks in {settings} are active.',
    'installer.undo': 'Undo with: {command}',
    'installer.undeclared': (
        'WARNING: no project commands were declared ({commands}): nobody was asked (no '
        "terminal) and --yes was not given. Until they are, Claude's and the critic's runs of "
        'them need a permission dialog, and in a headless session (claude -p) they are refused '
        'with Claude Code\'s "This command requires approval". Declare them with:'
    ),
    'installer.local_source': (
        'note: clones of this repository install the suite from {source}, which only this '
        'machine has. For teammates elsewhere, name a source they can reach (a git URL of '
        "playgate at a commit, or a wheel's URL) and commit the pin again:"
    ),
    'installer.commit': (
        "Commit what the repository needs ({count} file(s); the suite's code is not committed, "
        'a clone installs it from the pin with `{clone}`):'
    ),
    'installer.nothing_to_commit': (
        'Nothing to commit: the repository already has what its clones need.'
    ),
    'installer.commit_message': 'Install playgate {version}',
    'installer.source_checkout': 'the checkout {path}',
    'installer.source_pip': 'pip install {spec}',
    'installer.commands_found': (
        'project commands the permission gate could approve for this project (project_commands '
        'in {layer}):'
    ),
    'installer.command_row': '  {prefix:<24} ({reason})',
    'installer.offer_dry': '  (dry run: nothing written)',
    'installer.commands_ask': (
        'Declare them, so that Claude Code can run them without a permission dialog? [y/N] '
    ),
    'installer.commands_not_declared': (
        '  not declared. Re-run with --yes, or add them to project_commands in {layer} '
        'yourself.'
    ),
    'installer.commands_declared': '  declared in {path}',
    'installer.workflow_would': 'workflow: would set state.md config.workflow: {name}',
    'installer.workflow_unchanged': (
        'workflow: state.md was not changed ({error}); set `workflow: {name}` in its config '
        'section yourself'
    ),
    'installer.workflow_set': 'workflow: state.md config.workflow: {name} (docs/workflows.md)',
    'installer.workflow_env': 'workflow {name}: it needs {keys} in {settings} env ({docs})',
    'installer.workflow_env_ask': 'Add them? [y/N] ',
    'installer.workflow_env_not': '  not added. Re-run with --yes, or add to {settings}: {json}',
    'installer.workflow_env_done': '  added to {settings}',
    'installer.statusline_theirs': (
        'status line: you already have one ({where}); it is left as it is (`playgate '
        'statusline` can be used in your own script)'
    ),
    'installer.statusline_offer': (
        'status line: `playgate statusline` shows the active playbook, phase, subtasks '
        "done/total, the security mode and what is pending in Claude Code's status line "
        '(statusLine in {settings})'
    ),
    'installer.statusline_ask': 'Register it? [y/N] ',
    'installer.statusline_not': '  not registered. Re-run with --yes, or add to {settings}: {json}',
    'installer.statusline_done': '  registered in {settings}',
    'installer.not_installed': (
        'playgate is not installed in {root} (no {manifest}); nothing to uninstall.'
    ),
    'installer.uninstall_plan': 'playgate uninstall plan for {root}',
    'installer.uninstalling': 'uninstalling playgate from {root}',
    'installer.uninstall_dry': 'dry run: nothing was removed.',
    'installer.uninstall_failed': 'playgate: some steps failed: {failures}',
    'installer.uninstalled': 'done. playgate is uninstalled.',
    'installer.uninstalled_kept': (
        'done. playgate is uninstalled (see the notes above for what was kept).'
    ),
    'installer.kept_changed': 'kept {path}: it changed since the install',
    'installer.kept_state': (
        'kept {path}: it changed since the install (it holds your workflow state)'
    ),
    'installer.kept_no_backup': 'kept {path}: its pre-install copy is missing from the backup',
    'installer.kept_logs': (
        "kept {path}/: it holds the hooks' records (delete it yourself when you no longer need "
        'them)'
    ),
    'installer.kept_adopted': (
        'kept {count} file(s) that were already there before the install (e.g. {example}); '
        'remove them yourself if they should go'
    ),
    'installer.kept_layer': (
        "kept {path}: the project's permission layer (the project_commands the install "
        'declared are in it); it does nothing without playgate, delete it if playgate should '
        'go for good'
    ),
    'installer.what.venv': '{path}/ (the hook virtualenv)',
    'installer.what.runtime': '{path}/ (hook runtime state)',
    'installer.what.backups': '{path}/ (install backups)',
    'installer.what.rmdir': '{path}/ (if empty)',
    'installer.what.bytecode': 'compiled bytecode',
    'installer.verb.merge': 'merge',
    'installer.what.venv_create': '{path} with {requirements} from PyPI',
    'installer.what.venv_base': '{path} on {base} (PLAYGATE_PYTHON; nothing downloaded)',
    'installer.what.venv_rebuild': '{path} (its interpreter or packages are broken)',
    'installer.what.compile': 'bytecode of {count} modules with {python}',
    'installer.what.tables': 'bashlex parser tables ({path}) with {python}',
    'installer.what.bundle': 'module bundle ({path}) with {python}',
    'installer.what.gitignore': (
        ".gitignore ({added:+d} entries: the hooks' runtime state and the installed suite)"
    ),
    'installer.what.stale': '{path} (no longer part of the suite)',
    'installer.what.settings': '{path}: {events} hook events, {counts} permission rules',
    'installer.what.settings_backup': (
        '{path}: {events} hook events, {counts} permission rules (backup in {backup}/)'
    ),
    'installer.what.restored': '{path} (as it was before the install)',
    'installer.what.settings_unmerged': "{path} (playgate's hooks and rules removed)",
    'installer.what.gitignore_unmerged': "{path} (playgate's block removed)",
    'installer.note.replaced': (
        "{path} differed from the suite's copy; it is replaced and the old one saved under "
        '{backup}/'
    ),
    'installer.note.kept_yours': (
        "kept your {path} (it differs from the suite's default; compare with {default} and "
        'merge by hand if you like)'
    ),
    'installer.note.stale_changed': '{path} is no longer part of the suite but was changed; kept',
    'installer.note.wrapper': (
        '--python {given} is a wrapper that starts {real}; every hook call pays for the '
        'wrapper too (pass the interpreter itself to avoid that)'
    ),
    'installer.note.venv_unusable': '{path} is not usable ({reason}); it is rebuilt',
    'installer.note.rule_removed': (
        'permissions.{kind} rule {rule!r} was removed from {path} after the install; it is not '
        'added back'
    ),
    'installer.note.gitignore_changed': (
        "{path} changed since the install: only playgate's block is removed"
    ),
    'installer.note.settings_invalid': (
        "kept {path}: it is not valid settings JSON any more; remove playgate's hooks from it "
        'by hand'
    ),
    'installer.note.settings_added': (
        "kept {path}: it holds settings added after the install (playgate's hooks and rules "
        'are removed)'
    ),
    'installer.note.settings_changed': (
        "{path} changed since the install: only playgate's hooks and rules are removed, your "
        'other changes stay'
    ),
    # ---- walls: the installer's sandbox step (playgate/installer/sandbox.py)
    'installer.what.sandbox_dir': '{path}/ (listed in sandbox.filesystem.denyWrite)',
    'installer.what.sandbox_local': '{path}: the sandbox settings of this machine',
    'installer.what.sandbox_local_backup': (
        '{path}: the sandbox settings of this machine (backup in {backups}/)'
    ),
    'installer.what.sandbox_local_restored': '{path} (as it was before the install)',
    'installer.what.sandbox_local_unmerged': "{path} (playgate's sandbox settings removed)",
    'installer.note.sandbox_not_object': (
        "{path}: 'sandbox' is not an object; the Bash sandbox is not configured (fix it and "
        'install again)'
    ),
    'installer.note.sandbox_kept': (
        '{path}: kept your sandbox.{key} = {value} (playgate would set {wanted})'
    ),
    'installer.note.sandbox_excluded': (
        '{path}: sandbox.excludedCommands runs those commands (and whatever follows them on '
        'the line) outside the sandbox; playgate never adds one'
    ),
    'installer.note.sandbox_off': (
        'the Bash sandbox (the outer wall around the gate\'s files) is OFF (--sandbox off): '
        'only the shell analysis stands between a Bash command and the gate\'s files'
    ),
    'installer.note.sandbox_network': (
        'NETWORK: sandboxed Bash commands reach only sandbox.network.allowedDomains in {path}: '
        'the package registries ({registries}, ...); add a domain there for anything else '
        '(curl, an API, another registry)'
    ),
    'installer.note.sandbox_network_remotes': (
        'NETWORK: sandboxed Bash commands reach only sandbox.network.allowedDomains in {path}: '
        'the package registries ({registries}, ...) and your remote host(s) {hosts}; add a '
        'domain there for anything else (curl, an API, another registry)'
    ),
    'installer.note.sandbox_local_remotes': (
        '{path}: the local remote(s) {dirs} are writable to sandboxed commands (git push)'
    ),
    'installer.note.sandbox_on_required': (
        "the Bash sandbox is ON: the gate's files are read-only to every Bash command, and "
        'Claude Code refuses to start here without it (sandbox.failIfUnavailable in {path}; '
        '--sandbox optional leaves that out)'
    ),
    'installer.note.sandbox_on': (
        "the Bash sandbox is ON: the gate's files are read-only to every Bash command"
    ),
    'installer.note.sandbox_missing': (
        'the Bash sandbox is configured but this machine lacks {missing}: playgate blocks Bash '
        'until it is installed: {command}'
    ),
    'installer.note.sandbox_unsupported': (
        'the Bash sandbox is configured but Claude Code cannot sandbox on {platform}: playgate '
        'blocks Bash here (a Linux or macOS machine has it)'
    ),
    'installer.note.sandbox_broken': (
        'the Bash sandbox is configured but bubblewrap cannot start here ({detail}); Claude '
        "Code will run Bash without it: see docs/install.md, 'The Bash sandbox'"
    ),
    'installer.note.sandbox_local_invalid': (
        "{path} is not valid settings JSON; the sandbox's settings for this machine "
        '(failIfUnavailable, local remotes) are not written'
    ),
    'installer.note.sandbox_local_kept': (
        'kept {path}: it is not valid JSON any more; remove the sandbox settings playgate '
        'added by hand'
    ),
    'protected_list.windows_path': (
        '{label}:{line}: {entry} looks like a Windows drive path; write patterns relative to '
        'the project root (or ~/...); the line is kept as BLOCK'
    ),
    'protected_list.unknown_level': (
        '{label}:{line}: unknown level {level} (use HARD_BLOCK, BLOCK or WARN); the entry is '
        'treated as BLOCK'
    ),
    'protected_list.no_pattern': '{label}:{line}: entry has no pattern; write LEVEL:path/glob',
    'protected_list.dotdot': (
        "{label}:{line}: pattern {pattern} contains '..'; write it relative to the project root"
    ),
    'protected_list.cannot_read': 'it cannot be read ({error})',
    'protected_list.too_large': 'it is larger than {limit} bytes',
    'protected_list.unreadable': (
        '{file} exists but {why}, so which files are protected is unknown. Ask the user to '
        'restore it (git checkout -- {file}, or reinstall with {repair})'
    ),
    'edits.is_dir': 'the path is a directory',
    'edits.unreadable': 'cannot read the file ({error})',
    'edits.too_large': 'the file is larger than {limit} bytes',
    'edits.no_notebook': 'the notebook does not exist',
    'edits.notebook_not_json': 'the file is not a notebook (not JSON)',
    'edits.notebook_no_cells': 'the file is not a notebook (no cells)',
    'edits.no_cell': 'cell not found',
    'edits.not_an_edit': '{tool} does not edit files',
    'runtime.not_recorded': (
        'State was not fully recorded: {failed}. Where the message above says something was '
        'recorded, written or removed by this step, it was not.'
    ),
    'runtime.effect_failed': 'could not {label} ({error}{detail}; details in {log})',
    'runtime.effect_failed_unlogged': (
        'could not {label} ({error}{detail}; {log} could not be written either, so this is '
        'all there is)'
    ),
    'state_md.write_one_line': 'state.md: cannot write {value} on one line so that it reads back',
    'state_md.write_broken': (
        "state.md: the YAML of section '{section}' is broken ({error}); nothing was written — "
        "fix the section first"
    ),
    'state_md.write_not_mapping': (
        "state.md: section '{section}' is not a YAML mapping; nothing was written — write it as "
        "key: value lines"
    ),
    'state_md.write_unparsable': (
        "state.md: writing section '{section}' produced YAML that does not parse; nothing was "
        "written — check the section for unusual formatting"
    ),
    'state_md.write_missing': '{path} does not exist; {repair} creates it',
    'state_md.write_unreadable': (
        '{path} cannot be read ({error}); nothing was written — make it a regular, readable '
        'file (restore it from git)'
    ),
    'state_md.write_too_large': 'state.md is larger than {limit} bytes; nothing was written',
    'state_md.write_not_utf8': (
        'state.md is not valid UTF-8 (byte {byte}); nothing was written — re-save it as UTF-8'
    ),
    'state_md.write_no_section': "state.md has no '{section}' section",
    'state_md.write_no_read_back': (
        "state.md: writing {section}.{key} would not read back as {value}; nothing was "
        "written — check the section's YAML"
    ),
    'state_md.write_changes_other': (
        "state.md: writing {section} would change section '{other}'; nothing was written — "
        "check the file for unusual formatting"
    ),
    # ==== (ja-archive): the archive engine's step results, failures and hints
    'archive.config.git': (
        'state.md config.archive_git is {value}; use false, commit, push, pr or merge (true = '
        'merge). The git steps were not run'
    ),
    'archive.config.merge_method': (
        'state.md config.archive_merge_method is {value}; use merge, squash or rebase (merge is '
        'used)'
    ),
    'archive.paths_more': '{paths} and {n} more',
    'archive.detail.tmp_symlink': 'tmp/ is a symlink; left alone',
    'archive.detail.already_moved': 'already moved',
    'archive.detail.no_tmp': 'no tmp/',
    'archive.detail.removed': 'removed {n} item(s) from {dir}/tmp/',
    'archive.detail.moved_dir': 'moved {dir}/ to {archive}/',
    'archive.detail.moved_files': 'moved plan.json and progress.json to {archive}/',
    'archive.detail.no_state': 'state.md does not exist; nothing to reset',
    'archive.detail.other_active': (
        'playbook.active is {active} (not this playbook); only last_archived was set'
    ),
    'archive.detail.state_reset': 'state.md playbook and goal keys reset',
    'archive.detail.wrote': 'wrote {path}',
    'archive.detail.nothing_to_commit': 'nothing to commit',
    'archive.detail.committed': 'committed {commit} on {branch}',
    'archive.detail.pushed': 'pushed {branch} to {remote}',
    'archive.detail.pr_already_open': 'pull request {ref} already open',
    'archive.detail.pr_already_merged': 'pull request {ref} already merged',
    'archive.detail.pr_opened': 'opened pull request {url}',
    'archive.detail.pr_merged': 'merged pull request {ref}',
    'archive.detail.on_default': 'on {branch}',
    'archive.detail.on_default_pulled': 'on {branch}, up to date with {remote}',
    'archive.skip.no_repository_git': 'not a git repository; the git steps do not apply',
    'archive.skip.no_repository': 'not a git repository',
    'archive.skip.on_default': (
        'the work is on the default branch {branch}; no pull request is needed'
    ),
    'archive.skip.on_trunk': 'the work is on the trunk {branch}; there is no branch to merge',
    'archive.skip.nothing_to_delete': 'no merged short-lived branch to delete',
    'archive.detail.trunk_merged': 'merged {branch} into {trunk}',
    'archive.detail.branch_deleted': 'deleted the merged branch {branch}',
    'archive.detail.branch_gone': 'the branch {branch} was already deleted',
    'archive.fail.trunk_merge': 'merging {branch} into {trunk} failed (aborted, back on {branch}): {detail}',
    'archive.hint.trunk_merge': (
        'merge it yourself (git checkout {trunk}, git merge {branch}, resolve the conflicts, '
        'commit), then run the post-loop handler again'
    ),
    'archive.fail.on_branch_to_delete': 'the branch to delete, {branch}, is checked out',
    'archive.fail.branch_delete': 'git branch -d {branch} failed: {detail}',
    'archive.hint.branch_delete': (
        'check that {branch} is merged (git branch --merged), delete it with git branch -d '
        '{branch}, then run the post-loop handler again'
    ),
    'archive.fail.no_free_name': 'no free name under {archive}/ for {id}',
    'archive.fail.both_exist': 'both {first} and {second} exist',
    'archive.fail.dir_gone': '{dir}/ is gone and {archive}/ does not exist',
    'archive.fail.git_status': 'git status failed: {detail}',
    'archive.fail.operation_in_repository': '{op} is in progress in the repository',
    'archive.fail.operation': '{op} is in progress',
    'archive.fail.detached': 'HEAD is detached (no branch is checked out)',
    'archive.fail.other_branch': (
        'the checked-out branch is {branch}, but the playbook was finished on {expected}'
    ),
    'archive.fail.conflicts': 'unresolved conflicts in {paths}',
    'archive.fail.secrets': (
        'these changed files match a HARD_BLOCK entry of protected-files.txt and are not committed '
        'automatically: {paths}'
    ),
    'archive.fail.git_add': 'git add failed: {detail}',
    'archive.fail.git_commit': 'git commit failed: {detail}',
    'archive.fail.work_uncommitted': 'the work is not committed on {branch}: {paths}',
    'archive.fail.no_remote': 'no git remote is configured',
    'archive.fail.git_push': 'git push to {remote} failed: {detail}',
    'archive.fail.gh_missing': 'gh (the GitHub CLI) is not installed',
    'archive.fail.no_default_branch': 'the default branch could not be determined',
    'archive.fail.pr_create': 'gh pr create failed: {detail}',
    'archive.fail.pr_state': 'the pull request {ref} is {state}',
    'archive.fail.pr_not_found': 'the pull request {ref} is not found',
    'archive.fail.pr_still': 'it is still {state}',
    'archive.fail.pr_still_unknown': 'it is still unknown',
    'archive.fail.pr_not_merged': 'the pull request {ref} was not merged: {why}',
    'archive.fail.uncommitted': 'the working tree has uncommitted changes: {paths}',
    'archive.fail.checkout': 'git checkout {branch} failed: {detail}',
    'archive.fail.pull': 'git pull --ff-only {remote} {branch} failed: {detail}',
    'archive.fail.budget': "the hook's time budget ran out",
    'archive.hint.tidy_archive': 'tidy play/archive/ and edit progress.json again',
    'archive.hint.older_archive': (
        'move or delete {archive}/ (an older archive?), then edit progress.json again to retry'
    ),
    'archive.hint.restore_dir': 'restore the playbook directory from git, then retry',
    'archive.hint.remove_one': 'remove one of them, then retry',
    'archive.hint.check_repository': 'check the repository (git status), then retry',
    'archive.hint.finish_operation': (
        'finish or abort it (git status shows how), then rerun the post-loop handler'
    ),
    'archive.hint.finish_operation_short': 'finish or abort it, then rerun the handler',
    'archive.hint.check_out_playbook': (
        "check out the playbook's branch, then rerun the post-loop handler"
    ),
    'archive.hint.check_out_branch': (
        'check out {branch} (git checkout {branch}), then rerun the post-loop handler'
    ),
    'archive.hint.resolve_conflicts': 'resolve them and commit, then rerun the post-loop handler',
    'archive.hint.gitignore': (
        'add them to .gitignore (or commit the rest yourself), then rerun the post-loop handler'
    ),
    'archive.hint.fix_cause': 'fix the cause, then rerun the post-loop handler',
    'archive.hint.commit_failed': (
        'the changes are staged, nothing is lost; fix the cause (git user.name/user.email, commit '
        'signing), then rerun the post-loop handler or commit yourself'
    ),
    'archive.hint.commit_work': (
        'commit it (git add -A -- <those paths>, then git commit), then rerun the post-loop '
        'handler, which pushes it'
    ),
    'archive.hint.add_remote': (
        'add one (git remote add origin <url>), then rerun the post-loop handler; the work is '
        'committed locally'
    ),
    'archive.hint.push_rejected': (
        'the remote has commits this branch lacks: integrate them (git pull --rebase {remote} '
        '{branch}), then rerun the post-loop handler'
    ),
    'archive.hint.push_failed': (
        'check the remote and your credentials (git push works by hand?), then rerun the post-loop '
        'handler'
    ),
    'archive.hint.gh_missing': (
        'install the GitHub CLI (https://cli.github.com) and run `gh auth login`, then rerun the '
        'post-loop handler — or open the pull request yourself from branch {branch}'
    ),
    'archive.hint.set_default_branch_human': (
        'set config.archive_default_branch in state.md (a human edit), then rerun the post-loop '
        'handler'
    ),
    'archive.hint.set_default_branch': (
        'set config.archive_default_branch in state.md, then rerun the post-loop handler'
    ),
    'archive.hint.pr_create': (
        "check `gh auth status` and the repository's settings, then rerun the post-loop handler — "
        'or open the pull request yourself'
    ),
    'archive.hint.reopen_pr': 'open or reopen it, then rerun the post-loop handler',
    'archive.hint.pr_blocked': (
        'resolve what blocks it (conflicts, required checks or reviews) and merge it on GitHub, '
        'then rerun the post-loop handler (it sees the merge)'
    ),
    'archive.hint.uncommitted': (
        'commit or stash them yourself (nothing was touched), then rerun the post-loop handler to '
        'return to {branch}'
    ),
    'archive.hint.check_out_yourself': (
        'check out {branch} yourself, then rerun the post-loop handler'
    ),
    'archive.hint.pull': (
        'you are on {branch}; update it yourself (git pull), then rerun the post-loop handler'
    ),
    'archive.hint.continue': 'rerun the post-loop handler to continue',
    'archive.hint.rerun': 'rerun the post-loop handler',
    'archive.hint.retry_local': (
        'fix the cause; the next edit (or the post-loop handler) retries from this step'
    ),
    'archive.msg.still_to_run': (
        'git steps still to run ({steps}): they run when the post-loop handler runs'
    ),
    'archive.msg.step_failed': '{step} failed: {reason}',
    'archive.msg.git_stopped': 'the git steps stopped at {step}: {reason}',
    'archive.msg.reason': '{reason}.',
    'archive.msg.reason_hint': '{reason}. {hint}.',
    'archive.running': '{message}.',
    'archive.busy': 'Another hook is archiving the playbook right now; it reports when done.',
    # ---- faults: the archive engine's lock and post-loop handler under faults
    'archive.lock_unavailable': (
        'The archive could not take its lock, so nothing was archived: {problem} Fix that, '
        'then run `{command}`.'
    ),
    'post_loop.archived_due': 'The playbook {playbook} was complete and not archived: archiving it now.',
    'archive.cannot_archive': 'Playbook {id} is complete but cannot be archived: {problem}',
    # ==== end (ja-archive)


    # ==== (ja-more)
    'reward.listing_more': '{shown} ... and {more} more',
    'reward.problems_more': '{shown}; ... and {more} more',
    'executor_guard.how_plan_roles': "executor '{raw}' → plan meta.roles.{name}",
    'executor_guard.how_state_roles': "executor '{raw}' → state.md config.roles.{name}",
    'executor_guard.how_toolstack': "executor '{raw}' → toolstack {stack} default",
    'spec_phase_gate.not_yaml': 'it is not valid YAML ({problem})',
    'spec_phase_gate.not_yaml_at': 'it is not valid YAML near line {line} ({problem})',
    'spec_phase_gate.not_mapping': 'it must be a YAML mapping, not {type}',
    # ---- breezing: effect labels
    'runtime.effect.abort_the_breezing_session': 'abort the breezing session',
    'runtime.effect.bind_the_session_to_this_conversation': 'bind the session to this conversation',
    'runtime.effect.clear_the_breezing_session_s_records': "clear the breezing session's records",
    'runtime.effect.open_the_delegate_phase': 'open the delegate phase',
    'runtime.effect.open_the_hooks_section': 'open the hooks section',
    'runtime.effect.record_the_breezing_request': 'record the /breezing request',
    'runtime.effect.record_the_agent_id': 'record the agent id',
    'runtime.effect.record_the_created_task': 'record the created task',
    'runtime.effect.record_the_range_confirmation_shown': 'record the range confirmation shown',
    'runtime.effect.record_the_range_confirmation_s_answer': "record the range confirmation's answer",
    'runtime.effect.record_the_review_s_start': "record the review's start",
    'runtime.effect.record_the_reviewer_s_verdict': "record the reviewer's verdict",
    'runtime.effect.record_the_role_marker': 'record the role marker',
    'runtime.effect.record_the_task_s_status': "record the task's status",
    'runtime.effect.record_the_team_s_last_code_change': "record the team's last code change",
    'runtime.effect.record_the_user_s_answer_to_the_escalation': "record the user's answer to the escalation",
    'runtime.effect.reopen_the_delegate_phase': 'reopen the delegate phase',
    'runtime.effect.apply_the_critic_s_verdicts': "apply the critic's verdicts",
    # ---- faults: effect labels of the archive state
    'runtime.effect.resume_the_archive': 'resume the archive',
    'runtime.effect.clear_consent': 'clear consent',
    'runtime.effect.clear_compact_wait': 'clear compact-wait',
    'runtime.effect.write_compact_wait': 'write compact-wait',
    'runtime.effect.clear_last_fail_reason': 'clear last-fail-reason',
    'runtime.effect.clear_pending': 'clear pending',
    'runtime.effect.clear_prompt_analyzer_marker': 'clear prompt-analyzer marker',
    'runtime.effect.close_finished_archive_checkpoint': 'close finished archive checkpoint',
    'runtime.effect.consume_resume_pointer': 'consume resume pointer',
    'runtime.effect.consume_session_end_report': 'consume session-end report',
    'runtime.effect.consume_the_verdict_report': 'consume the verdict report',
    'runtime.effect.count_stop_block': 'count stop block',
    'runtime.effect.create_consent_marker': 'create consent marker',
    'runtime.effect.create_pending': 'create pending',
    'runtime.effect.create_prompt_analyzer_marker': 'create prompt-analyzer marker',
    'runtime.effect.drop_an_older_session_end_report': 'drop an older session-end report',
    'runtime.effect.drop_another_conversation_s_understanding_check': "drop another conversation's understanding check",
    'runtime.effect.forget_reads': 'forget reads',
    'runtime.effect.forget_the_previous_prompt_analysis': 'forget the previous prompt analysis',
    'runtime.effect.give_back_the_signals_of_a_refused_prompt': 'give back the signals of a refused prompt',
    'runtime.effect.log_consent_answer': 'log consent answer',
    'runtime.effect.log_notification': 'log notification',
    'runtime.effect.log_session_end': 'log session end',
    'runtime.effect.log_subagent': 'log subagent',
    'runtime.effect.mark_signals_consumed': 'mark signals consumed',
    'runtime.effect.no_pending_the_resumed_conversation_read_the_state': 'no pending: the resumed conversation read the state',
    'runtime.effect.permission_audit': 'permission audit',
    'runtime.effect.record_critic_verdicts': 'record critic verdicts',
    'runtime.effect.record_last_fail_reason': 'record last-fail-reason',
    'runtime.effect.record_read': 'record read',
    'runtime.effect.record_the_sdd_start': 'record the sdd start',
    'runtime.effect.record_the_sdd_verdict': 'record the sdd verdict',
    'runtime.effect.record_the_review': 'record the review',
    'runtime.effect.remove_init_guard_s_pending_marker': "remove init-guard's pending marker",
    'runtime.effect.remove_stale_post_loop_pending': 'remove stale post-loop-pending',
    'runtime.effect.remove_unreadable_archive_checkpoint': 'remove unreadable archive checkpoint',
    'runtime.effect.remove_the_architecture_sync_flag': 'remove the architecture-sync flag',
    'runtime.effect.reset_playbook_active': 'reset playbook.active',
    'runtime.effect.reset_stop_counter': 'reset stop counter',
    'runtime.effect.save_resume_pointer': 'save resume pointer',
    'runtime.effect.save_session_end_report': 'save session-end report',
    'runtime.effect.write_required_playbook': 'write required_playbook',
    'runtime.effect.write_session_last_end': 'write session.last_end',
    'runtime.effect.write_session_last_start': 'write session.last_start',
    'runtime.effect.write_the_architecture_sync_flag': 'write the architecture-sync flag',
    'atomic.lock_open': (
        'cannot open the lock file {path} ({error}); state files are not written without the '
        'lock. Make it a plain file (delete whatever is there; it is recreated) on a local, '
        'writable file system.'
    ),
    'atomic.lock_unsupported': (
        'cannot lock {path} ({error}); state files are not written without the lock. Check '
        'that .claude/.cache/ is on a local, writable file system.'
    ),
    'atomic.lock_busy': (
        'could not lock {path} within {waited:.3g} s: another hook or session holds it. If no '
        'Claude Code session is running, a crashed process left it; it is released when that '
        'process exits (kill it, or delete the lock file).'
    ),
    # ---- faults: state writes confined to the project (atomic.write_path)
    'atomic.outside_project': (
        '{path} leads outside the project, to {target} (a symbolic link in its place or in '
        'one of its directories); playgate writes state files only inside the project '
        '({root}), so it was not written. Make {path} a regular file, or a link to a file '
        'inside the project.'
    ),
    'atomic.link_unconfined': (
        '{path} is a symbolic link (to {target}) and the project it belongs to is not known '
        'here, so playgate did not write through it. Make it a regular file.'
    ),
    'breezing.signal_partial_review': (
        '{done}/{total} tasks are completed (half reached): consider asking the Reviewer for a '
        'partial review of the completed tasks. This is a recommendation; skip it when only a '
        'few tasks remain.'
    ),
    'breezing.signal_partial_review_batch': (
        '{done}/{total} tasks of batch {batch} are completed (half reached): consider asking the '
        'Reviewer for a partial review of the completed tasks. This is a recommendation; skip it '
        'when only a few tasks remain.'
    ),
    'breezing.signal_next_batch': (
        '{done}/{total} tasks are completed (60 % reached): if you run Progressive Batch, '
        'register the next batch with TaskCreate now so the implementers do not run dry. This '
        'is a recommendation.'
    ),
    'breezing.signal_next_batch_batch': (
        '{done}/{total} tasks of batch {batch} are completed (60 % reached): if you run '
        'Progressive Batch, register the next batch with TaskCreate now so the implementers do '
        'not run dry. This is a recommendation.'
    ),
    'breezing.active_broken': (
        '{active} is broken: {shown}. The team hooks read it for impl_mode and the batch of '
        'tasks (breezing-active.json schema v2). Fix it, or delete it if no '
        '/breezing session is running.'
    ),
    'breezing.error_directory': 'it is a directory, not a file',
    'breezing.error_unreadable': 'cannot be read ({error})',
    'breezing.error_too_large': 'larger than {limit} bytes',
    'breezing.error_not_json': 'not valid JSON ({problem})',
    'breezing.error_not_object': 'must be a JSON object, not {type}',
    'breezing.error_current_batch': 'current_batch: {value} is not the id of any entry in batches',
    'breezing.error_unchecked': (
        'could not be checked against its schema ({error}); reinstall the suite'
    ),
    'breezing.error_cache': 'unreadable cache entry',
    'breezing.error_schema': '{where}: {problem}',
    'runtime.effect.record_taskcompleted': 'record TaskCompleted',
    'runtime.effect.record_teammateidle': 'record TeammateIdle',
}
