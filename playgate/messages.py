"""Every sentence the command-line tool prints, by key.

The CLI never formats a sentence inline: it calls :func:`text` with a key and
parameters, and its ``--json`` output carries the key (``code``) and the
parameters next to the rendered ``message``, so scripts do not depend on the
wording. English and Japanese messages (chosen by state.md
``config.language``) add a ``ja`` table here, or merges these keys into the
suite's message catalogue; :func:`text` already takes the language and falls
back to English for a key a table lacks.
"""

from __future__ import annotations

EN = {
    # -- cli
    "cli.description": ("playgate: install, check, explain, diagnose and replay the playgate "
                        "hook suite."),
    "cli.epilog": ("exit codes: 0 done (healthy, valid, allowed, unchanged); 1 a problem, an "
                   "invalid file, a blocked call or a changed decision; 2 usage error; 3 a "
                   "file or project that cannot be read; 4 internal error.\n"
                   "Run `playgate COMMAND --help` for a command's options."),
    "cli.opt.project": ("the project (default: $CLAUDE_PROJECT_DIR, else the git work tree "
                        "of the current directory)"),
    "cli.opt.json": "print one JSON document (for scripts) instead of the report",
    "cli.unknown_command": "unknown command {command!r}; the commands are: {commands}",
    "cli.project_missing": "no project at {path}: pass an existing directory with -C DIR",
    "cli.internal": "internal error ({error}); please report it with the traceback below",
    # -- command summaries (playgate --help) and descriptions (playgate COMMAND --help)
    "check.help": "what a hook would answer to a payload, with the guard trace",
    "check.description": (
        "Run a hook event's chain on a payload (stdin or FILE) and show what the hook would "
        "answer: exit code, stdout, stderr, and every guard's verdict. Nothing is written "
        "unless --apply is given (the state changes the guards ask for are listed).\n\n"
        "exit 0: the call would pass; 1: it would be blocked (exit 2, or decision block); "
        "3: unreadable payload file."),
    "explain.help": ("the shell analysis, the Bash guard chain and the permission gate for a "
                     "command"),
    "explain.description": (
        "Explain how playgate reads a Bash command: the shell analysis (every command that "
        "would run, writes, destructive findings, carriers), the PreToolUse Bash chain with "
        "the project's current state, and every phase of the permission gate. Nothing is "
        "run and nothing is written.\n\n"
        "exit 0: PreToolUse would let it through; 1: it would be blocked."),
    "doctor.help": "check the installation's health",
    "doctor.description": (
        "Check the installation in the project: hook interpreter and dependencies, hook "
        "commands registered and resolvable, settings valid against Claude Code's schema, "
        "suite files intact, state files readable, protection list and permission config "
        "sane, versions.\n\nexit 0: healthy (warnings allowed); 1: a problem was found."),
    "status.help": "active playbook, phase, subtask progress and pending markers",
    "status.description": (
        "Show the workflow state: the active playbook, its phases, a subtask progress bar, "
        "the active subtask and its validations, the critic, the branch, the security mode "
        "and the session markers that hold work back.\n\nexit 0 (3 when there is no "
        "project)."),
    "validate.help": ("validate state.md, plan.json, progress.json and the custom rules with "
                      "line numbers"),
    "validate.description": (
        "Validate state.md, the playbooks' plan.json and progress.json, and the custom rules "
        "(.claude/playgate-rules.yaml, when it exists) against their schemas; every error "
        "names the file, line and column.\n\n"
        "exit 0: every file is valid; 1: an error was found; 3: a named file does not exist."),
    "replay.help": "re-run a session transcript's tool calls through the hooks",
    "replay.description": (
        "Re-run the tool calls recorded in a Claude Code session transcript (a .jsonl under "
        "~/.claude/projects/) through the hooks, in a scratch copy of the project, and report "
        "what would be blocked or auto-approved next to what happened in the session. Bash "
        "commands are never executed; file edits the session made are re-applied to the "
        "scratch copy.\n\nexit 0: every decision is the same as in the session; 1: some "
        "call would be decided differently; 3: the transcript cannot be read."),
    "init.help": "create state.md and the playbook templates in a project (plugin installs)",
    "init.description": (
        "Create the project files the workflow needs when the suite comes from the Claude "
        "Code plugin (install.py creates them itself): state.md, play/template/ and an "
        "editable .claude/protected-files.txt. Existing files are never changed.\n\n"
        "exit 0: done or nothing to do."),
    "logs.help": "list the gate's decisions (blocks, asks, warnings, approvals, dialogs)",
    "logs.description": (
        "List the decisions every hook recorded in .claude/logs/decisions.jsonl (and its "
        "rotated files), oldest first: time, decision, event, tool, guard, session, the "
        "input (secrets masked) and the reason. Filters combine; --summary counts instead "
        "(decisions by kind, blocks per guard, the most frequent reasons).\n\n"
        "exit 0; 2: a bad option; 3: no project."),
    "report.help": "a session's timeline, playbook progress and approvals (text or --html)",
    "report.description": (
        "Report one session: a timeline of its tool calls (from the Claude Code transcript) "
        "with each decision and reason (from the decision log), the playbook's progress and "
        "the critic's verdicts, and what the permission gate approved without asking. The "
        "text form is for terminals; --html FILE writes one self-contained page that loads "
        "nothing from the network.\n\n"
        "exit 0; 3: no session in the log, or FILE or the transcript cannot be used."),
    # -- logs
    "logs.opt.since": ("only entries since WHEN: a duration back from now (90s, 30m, 2h, 1d, "
                       "1w) or an ISO time (2026-01-02T15:00, local unless it has a zone)"),
    "logs.opt.session": "only this session (an id or the start of one)",
    "logs.opt.guard": "only this guard (bash-check, permission-gate, ...)",
    "logs.opt.decision": "only this decision",
    "logs.opt.event": "only this hook event (PreToolUse, PermissionRequest, Stop, ...)",
    "logs.opt.limit": "only the newest N entries (0: all)",
    "logs.opt.summary": "counts instead of entries: by decision, blocks per guard, top reasons",
    "logs.bad_since": ("--since {value!r}: give a duration (90s, 30m, 2h, 1d, 1w) or an ISO "
                       "time (2026-01-02 or 2026-01-02T15:00:00Z)"),
    "logs.bad_limit": "--limit {value}: give 0 (all) or a positive number",
    "logs.none": "no decision matches ({log})",
    "logs.count": "{count} decision(s) from {log}",
    "logs.summary.total": "{total} decision(s) in {sessions} session(s):",
    "logs.summary.blocks": "blocks per guard:",
    "logs.summary.no_blocks": "no blocks",
    "logs.summary.reasons": "most frequent reasons:",
    # -- report
    "report.opt.session": "the session (an id or the start of one; default: the newest logged)",
    "report.opt.html": "write the report as one self-contained HTML page to FILE",
    "report.opt.transcript": ("the session's transcript (default: found under "
                              "~/.claude/projects/ by the session id)"),
    "report.no_session": ("no session to report: the decision log {log} is empty; pass "
                          "--session ID or --transcript FILE"),
    "report.bad_transcript": "cannot read the transcript {path}: {error}",
    "report.html_unwritable": "cannot write {path}: {error}",
    "report.html_written": "wrote {path}",
    "report.header": "session {session} in {project}",
    "report.transcript": "transcript {path}",
    "report.no_transcript": "not found (the timeline shows the logged decisions only)",
    "report.counts": "{calls} tool call(s), {decisions} decision(s): {counts}",
    "report.blocks": "blocks per guard: {guards}",
    "report.no_playbook": "playbook: none active",
    "report.playbook": "playbook {plan}: {done}/{total} subtasks done, critic {critic}",
    "report.critic": "critic verdicts in this session:",
    "report.approved": "approved without asking ({count}):",
    "report.timeline": "timeline:",
    # -- status
    "status.project": "project   {project} ({install})",
    "status.branch": "branch    {branch}   security mode {security}",
    "status.no_playbook": ("playbook  none active: the next work request starts with "
                           "Skill(skill='playbook-init')"),
    "status.playbook": "playbook  {plan} (id {id}, branch {branch}, {review})",
    "status.reviewed": "reviewed by {by}",
    "status.not_reviewed": "NOT reviewed yet: edits stay blocked until the reviewer passes it",
    "status.progress": "progress  {bar} {done}/{total} subtasks done",
    "status.active": "active    subtask {id} ({status}, executor {executor}): {criterion}",
    "status.critic": "critic    {status} ({evidence} evidence)",
    "status.markers": "markers   (session state that holds work back)",
    "status.no_markers": "markers   none",
    "status.no_state": "{path} is missing: create it with `playgate init` (plugin) or install.py",
    "status.state_problem": "{problem}",
    "status.playbook_problem": "{problem}",
    "status.protected_problem": "protected-files.txt: {problem}",
    "status.marker.pending": ("init-guard: read state.md (and the active plan.json) with the "
                              "Read tool before anything else; reading them clears it"),
    "status.marker.consent": ("consent-guard: edits wait until the user confirms the "
                              "understanding check in their next prompt"),
    "status.marker.post_loop": ("pending-guard: a finished playbook waits for the post-loop "
                                "skill (python3 .claude/skills/post-loop/handler.py)"),
    "status.marker.last_fail": "the critic's last failure, handed to the next executor run",
    "status.marker.iterations": "critic iterations of the active subtask so far",
    "status.marker.archive": ("an archive was interrupted; the next PostToolUse or the "
                              "post-loop handler resumes it"),
    "status.marker.analyzed": "prompt-analyzer ran in this conversation (the gate is open)",
    # -- check
    "check.opt.event": "the hook event (PreToolUse, pre_tool_use, Stop, ...)",
    "check.opt.payload": "the payload JSON file (default: stdin)",
    "check.opt.apply": "apply the state changes the guards ask for, as the hook would",
    "check.opt.complete": ("fill in hook_event_name, session_id, cwd... that a hand-written "
                           "payload lacks"),
    "check.unknown_event": "unknown event {event!r}; the events are: {events}",
    "check.unreadable": "cannot read {path}: {error}",
    "check.no_stdin": "no payload: give a FILE or pipe the JSON into stdin",
    "check.not_json": "the payload is not a JSON object ({error})",
    "check.header": "{event} in {project}",
    "check.no_trace": ("  (no guard ran: the input was refused before the chain, see the "
                       "answer below)"),
    "check.effect": "                               effect: {label} ({when})",
    "check.decision": "answer: {decision} (hook exit code {code})",
    "check.stdout": "  stdout:",
    "check.stderr": "  stderr:",
    "check.applied": "the effects above were applied (--apply)",
    "check.not_applied": ("the effects above were NOT applied (nothing changed; --apply applies "
                          "them)"),
    # -- explain
    "explain.opt.command": "the Bash command (quote it; several words are joined by spaces)",
    "explain.opt.cwd": "the directory the command runs in (default: the current one)",
    "explain.no_cwd": "--cwd {cwd}: no such directory",
    "explain.header": "playgate explain: {command}",
    "explain.where": "project {project}, cwd {cwd}",
    "explain.analysis": "1. shell analysis ({parser} parser)",
    "explain.reads": "reads",
    "explain.acts": "acts",
    "explain.no_commands": "no command",
    "explain.read_only": "read-only: yes (nothing written, nothing run but known readers)",
    "explain.mutating": "read-only: no",
    "explain.http": "HTTP methods other than GET/HEAD: {methods}",
    "explain.unknown": "UNKNOWN (never treated as safe): {reasons}",
    "explain.pre": "2. PreToolUse (Bash chain, with the project's current state)",
    "explain.pre_passes": "=> PreToolUse lets it through ({decision})",
    "explain.pre_blocked": "=> PreToolUse BLOCKS it ({decision})",
    "explain.pre_asks": "=> PreToolUse ASKS the user to decide ({decision})",
    "explain.family": "command family {family}: {level} ({source})",
    "explain.bash_check_alone": ("bash-check on its own (the chain stopped before it; this is its "
                                 "answer once the guards above let the call through):"),
    "explain.rules": "Custom rules ({file})",
    "explain.rules_none": "no rule matches",
    "explain.permission": "3. permission gate (PermissionRequest)",
    "explain.effective": ("4. what you get (static settings rules, PreToolUse and the gate, in "
                          "Claude Code's order)"),
    "explain.approve": "=> auto-approved by phase {phase}: {reason}",
    "explain.dialog": "=> the user is asked (phase {phase}): {reason}",
    # -- doctor
    "doctor.opt.no_run": "do not run the registered PreToolUse hook (the hook-run check)",
    "doctor.header": "playgate doctor: {project}",
    "doctor.healthy": "healthy ({warnings} warning(s))",
    "doctor.unhealthy": "{errors} problem(s) found, {warnings} warning(s); fix the ERROR lines",
    "doctor.check_failed": "the {check} check could not run ({error})",
    "doctor.manifest_broken": ("{path} cannot be read ({error}); re-run install.py to "
                               "rewrite it"),
    "doctor.installed": "installed by install.py (manifest {manifest}, suite {suite})",
    "doctor.plugin": "installed as the Claude Code plugin {ids} ({root})",
    "doctor.twice": ("installed twice (install.py and the plugin): every hook runs twice; "
                     "uninstall one (python install.py --uninstall <repo>, or /plugin "
                     "uninstall playgate)"),
    "doctor.not_installed": ("playgate is not installed in {root}: run python install.py "
                             "{root}, or install the plugin (/plugin install playgate)"),
    "doctor.no_settings": "no settings file in the project or ~/.claude",
    "doctor.settings_unreadable": ("{path} {error}: Claude Code ignores it, so the hooks it "
                                   "registers do not run; fix it"),
    "doctor.settings_valid": "{path} is valid (Claude Code settings schema)",
    "doctor.settings_schema": ("{path}: {at}: {error} (Claude Code settings schema; the "
                               "schema may lag the CLI)"),
    "doctor.hook_missing": ("the {event} hook is not registered in {path}: re-run python "
                            "install.py {root} to restore it"),
    "doctor.hook_wrong_event": ("{path} registers {script}.py under {event}, not {expected}; "
                                "re-run install.py"),
    "doctor.hook_unparsable": "{path}: the {event} hook command cannot be read; re-run install.py",
    "doctor.hook_no_python": ("the hook interpreter {python} does not exist or is not "
                              "executable ({events}): every gated call is blocked; re-run "
                              "python install.py {root}"),
    "doctor.hook_no_script": ("the {event} hook's script {script} does not exist; re-run "
                              "python install.py {root}"),
    "doctor.hooks_ok": "{count} hook registrations, interpreters and scripts present",
    "doctor.interpreter_bad": "hook interpreter {python}: {problems}. Fix: {fix}",
    "doctor.interpreter_ok": "hook interpreter {python} (Python {version}; {deps})",
    "doctor.hook_run_skipped": "not run (--no-run)",
    "doctor.hook_run_timeout": ("the PreToolUse hook did not answer within {seconds} s (Claude "
                                "Code lets calls through when a hook times out)"),
    "doctor.hook_run_ok": "the registered PreToolUse hook runs and answers (a Glob call)",
    "doctor.hook_run_failed": ("the registered PreToolUse hook failed on a harmless Glob call "
                               "(exit {exit}): {stderr}"),
    "doctor.files_missing": ("{count} installed file(s) missing ({files}); re-run python "
                             "install.py {root}"),
    "doctor.files_changed": ("{count} installed file(s) differ from the install ({files}); "
                             "python install.py {root} restores them (the changed copies are "
                             "backed up)"),
    "doctor.files_ok": "{count} installed files match the manifest",
    "doctor.state_missing": ("state.md is missing: python install.py {root} creates it (with "
                             "the plugin: playgate init)"),
    "doctor.state_invalid": ("{path}: {count} error(s), first at line {line}: {message} (see "
                             "playgate validate)"),
    "doctor.state_ok": "{count} state file(s) valid",
    "doctor.protected_missing": (".claude/protected-files.txt is missing: only the suite's own "
                                 "files are protected (re-run install.py, or playgate init)"),
    "doctor.protected_unreadable": ".claude/protected-files.txt cannot be read ({error})",
    "doctor.protected_problem": "protected-files.txt: {problem}",
    "doctor.protected_everything": ("protected-files.txt line {line}: {pattern!r} blocks edits "
                                    "to every file"),
    "doctor.protected_ineffective": ("protected-files.txt line {line}: {pattern!r} covers "
                                     "{path}, which stays writable anyway (the workflow needs it)"),
    "doctor.protected_dropped": ("protected-files.txt lacks {count} of the suite's default "
                                 "entries: {patterns}"),
    "doctor.protected_ok": "protected-files.txt: {count} entries, plus the suite's own files",
    "doctor.permission_error": "{error} (nothing is auto-approved until it is fixed)",
    "doctor.permission_notice": "{notice}",
    "doctor.permission_ok": "permission config loads ({layers})",
    "doctor.rules_absent": "no custom rules ({file} does not exist)",
    "doctor.rules_ok": "{file} loads ({count} rule(s))",
    "doctor.rules_error": ("{file}: {problem} (the hooks refuse every Bash command until it is "
                           "fixed)"),
    "doctor.trust_ok": ("the workspace is trusted ({where}): headless claude -p applies the "
                        "allow rules"),
    "doctor.trust_missing": ("the workspace-trust dialog was never accepted for {root} ({path} "
                             "has no hasTrustDialogAccepted for it): headless `claude -p` "
                             "ignores this project's permission allow rules (Edit, Write, the "
                             "suite's skills and post-loop handler), so those calls are denied. "
                             "Start `claude` in {root} once interactively and accept the dialog"),
    "doctor.trust_unreadable": "{path} cannot be read ({error}); the workspace trust is unknown",
    "doctor.logs_ok": "no guard errors logged",
    "doctor.logs_errors": ("{count} guard error(s) logged in {path}; the last: {last} (a "
                           "security guard that fails blocks the call)"),
    "doctor.no_tables": ("the bashlex parser tables are not built: Bash commands that need "
                         "bashlex take ~100 ms longer. Build them: cd {suite} && {python} -m "
                         "shell.bashparse"),
    "doctor.no_bytecode": ("the installed modules have no bytecode for the hook interpreter "
                           "(every hook call compiles them): re-run python install.py {root}"),
    "doctor.no_bundle": ("the module bundle is not built: every hook call imports the suite "
                         "module by module (slower). Build it: cd {suite} && {python} -m "
                         "playgate.bundle (or re-run the install)"),
    "doctor.stale_bundle": ("the module bundle does not match the suite's sources or the hook "
                            "interpreter (those modules are imported the slow way). Rebuild it: "
                            "cd {suite} && {python} -m playgate.bundle (or re-run the "
                            "install)"),
    "doctor.speed_ok": "bytecode, parser tables and module bundle in place",
    "doctor.version_mismatch": ("this playgate ({cli}, {suite}) is not the installed one "
                                "({installed}); run the installed copy: python .claude/playgate"),
    "doctor.versions": "playgate {suite}, hook Python {python}, Claude Code {claude}",
    # -- replay
    "replay.opt.transcript": ("the session transcript (~/.claude/projects/<dir>/<session>.jsonl); "
                              "its subagents' transcripts are read from beside it"),
    "replay.opt.keep": "keep the scratch copy of the project (its path is printed)",
    "replay.opt.no_subagents": "replay the main agent's calls only",
    "replay.unreadable": "cannot read the transcript {path}: {error}",
    "replay.no_project": ("the session ran in {cwd}, which does not exist here; pass the "
                          "project with -C DIR"),
    "replay.outside": "not re-applied: {path} is outside the project",
    "replay.edit_mismatch": ("not re-applied: the text to replace is not in {path} (the copy "
                             "differs from the session from here on)"),
    "replay.edit_failed": "not re-applied: {path}: {error}",
    "replay.header": "playgate replay: {transcript} (session {session}, Claude Code {version})",
    "replay.project": "project {project}, replayed in a scratch copy ({scratch})",
    "replay.deleted": "deleted; --keep keeps it",
    "replay.skipped": "{count} transcript line(s) could not be read and were skipped",
    "replay.prompt": "prompt {prompt!r}: {decision}",
    "replay.col.session": "in the session",
    "replay.col.replayed": "replayed now",
    "replay.blocked": "BLOCKED ({guard})",
    "replay.approved": "allowed, auto-approved",
    "replay.dialog": "allowed, permission dialog",
    "replay.allowed": "allowed ({decision})",
    "replay.summary": ("{calls} call(s): {blocked} blocked, {approved} auto-approved, "
                       "{dialogs} left to the dialog; {differences} difference(s) from the "
                       "session"),
    "replay.bash_note": ("Bash commands were not executed; what they changed in the session is "
                         "not reproduced in the copy."),
    # -- init
    "init.opt.dry_run": "list what would be created, create nothing",
    "init.no_templates": ("the suite at {suite} has no templates (an installed copy has "
                          "none): install with python install.py <repo> instead"),
    "init.create": "created  {path}",
    "init.create_dry": "would create {path}",
    "init.append": "added    the hooks' runtime state to {path}",
    "init.append_dry": "would add the hooks' runtime state to {path}",
    "init.exists": "kept     {path} (exists)",
    "init.nothing": "nothing to do: the project has every file",
    "init.done": ("done. Commit state.md, play/template/ and .claude/protected-files.txt; "
                  "only a human should change state.md's config section."),
    # -- validate
    "validate.opt.files": "files to validate (default: state.md and every playbook in play/)",
    "validate.opt.kind": "the kind of every FILE (default: from its name)",
    "validate.opt.archive": "also validate the archived playbooks in play/archive/",
    "schema.help": "print a JSON Schema the suite ships (the custom rules, permission config)",
    "schema.description": (
        "Print the JSON Schema of a file you write: `rules` for .claude/playgate-rules.yaml "
        "(custom rules), `permission-config` for a permission-config.yaml layer. With --path, "
        "print the shipped file's path instead, for an editor: put "
        "`# yaml-language-server: $schema=<path>` at the top of the YAML file.\n\nexit 0."),
    "schema.opt.name": "which schema: rules or permission-config",
    "schema.opt.path": "print the path of the schema file instead of its content",
    "validate.unknown_kind": ("cannot tell what {file} is: name it state.md, plan.json, "
                              "progress.json or *rules.yaml, or pass --kind"),
    "validate.file_ok": "{path}: ok ({kind})",
    "validate.summary": "{files} file(s), {errors} error(s), {warnings} warning(s)",
    # -- plugin
    "install.help": "install the hook suite into a git repository's .claude/ (as install.py)",
    "uninstall.help": "remove what `playgate install` added to a repository",
    "statusline.help": ("print one status line (playbook, phase, subtasks, security mode, "
                        "pending) from the JSON Claude Code's statusLine pipes on stdin"),
    "demo.help": "replay a scripted session through the hooks in a throw-away repository",
    "plugin.help": "generate or check the plugin's hooks/hooks.json",
    "plugin.description": ("Generate the Claude Code plugin's hooks/hooks.json from "
                           "settings.template.json (the one source of truth for the hook "
                           "registrations) and compare it with the committed file."),
    "plugin.opt.what": "what to generate (hooks: hooks/hooks.json)",
    "plugin.opt.write": "write the generated file instead of comparing",
    "plugin.opt.source": "the playgate checkout (default: the one this command runs from)",
    "plugin.written": "wrote {path}",
    "plugin.up_to_date": "{path} is up to date with settings.template.json",
    "plugin.differs": ("{difference}. Regenerate it with: python -m playgate plugin hooks "
                       "--write"),
}

#: Language → table. English only so far.
CATALOGUES = {"en": EN}


def text(key: str, lang: str = "en", **params) -> str:
    """The message ``key`` in ``lang`` (English when the language or the key
    is missing there), formatted with ``params`` (``str.format`` fields).

    Raises:
        KeyError: ``key`` is in no table (a bug; tests check every key used).
    """
    table = CATALOGUES.get(lang) or EN
    template = table.get(key)
    if template is None:
        template = EN[key]
    return template.format(**params) if params else template


class Note:
    """One finding of a command (doctor check, validation error...).

    Attributes:
        level: ``"ok"``, ``"info"``, ``"warn"`` or ``"error"``.
        code: the message key.
        params: its parameters (JSON-serialisable).
        where: optional location (``"state.md:12:3"``, a check name...).
    """

    __slots__ = ("level", "code", "params", "where")

    LEVELS = ("ok", "info", "warn", "error")

    def __init__(self, level: str, code: str, where: str = "", **params) -> None:
        if level not in self.LEVELS:
            raise ValueError(f"unknown level {level!r}")
        self.level = level
        self.code = code
        self.params = params
        self.where = where

    def message(self, lang: str = "en") -> str:
        """The note's text in ``lang`` (the catalogue message :attr:`code` with
        :attr:`params`)."""
        return text(self.code, lang, **self.params)

    def to_json(self, lang: str = "en") -> dict:
        """``{"level", "code", "message", "params"}`` (and ``where`` when set), the message in
        ``lang``."""
        data = {"level": self.level, "code": self.code, "message": self.message(lang),
                "params": self.params}
        if self.where:
            data["where"] = self.where
        return data

    def __repr__(self) -> str:
        return f"Note({self.level} {self.code} {self.where} {self.params})"
