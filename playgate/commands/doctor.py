"""``playgate doctor``: is the gate installed, complete and able to run?

Each check is a function of a :class:`Checkup` returning :class:`Note`\\ s
(``ok``, ``info``, ``warn``, ``error``), in :data:`CHECKS` order:

* ``install`` — how the suite is installed in the project: install.py (the
  manifest ``.claude/playgate.json`` or registrations of ``.claude/hooks/``),
  the plugin (``enabledPlugins`` or this process running in the plugin's
  environment), both (every hook would run twice), or not at all;
* ``settings`` — each settings file Claude Code reads for the project is
  valid JSON and valid against Claude Code's settings schema (a copy ships
  in ``playgate/schemas/``; it lags the CLI, so schema findings are warnings
  unless the hooks section itself is broken);
* ``hooks`` — every registration the install made is still there, under the
  right event, and its interpreter and script exist;
* ``interpreter`` — the hook interpreter runs, is Python 3.10+, and has the
  runtime dependencies in the pinned ranges;
* ``hook-run`` — the registered PreToolUse command really runs (a read-only
  ``Glob`` call, exactly as Claude Code would make it) and answers;
* ``suite-files`` — the installed files match the manifest's SHA-256s;
* ``state`` — state.md and the playbooks validate (:mod:`playgate.validation`);
* ``protected`` — protected-files.txt parses, keeps the suite's defaults,
  and does not block every file;
* ``permission-config`` — the permission-config layers load;
* ``logs`` — guard errors logged in ``.claude/logs/errors.log``;
* ``speed`` — bytecode, the bashlex parser tables and a current module
  bundle (``hooks/suite.bundle``) are in place;
* ``versions`` — suite, hook Python, Claude Code.

Exit 0 when no check found an error (warnings allowed), 1 otherwise.
Nothing is written (the probe call is a ``Glob``, which no guard records).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shlex
import shutil
import subprocess
import sys

import jsonschema

from events.runtime import UNITS
from permission import config as config_mod
from playgate import REQUIREMENTS, __version__, messages, validation, versions
from playgate.errors import EXIT_NO, EXIT_OK
from messages import Text
from playgate.installer import routes
from playgate.messages import Note
from playgate.validation import error_message, specific_error
from statefiles import layout, protected
from statefiles.layout import PIN

NEEDS_PROJECT = True
SETTINGS_FILES = (".claude/settings.json", ".claude/settings.local.json")
MANIFEST = layout.MANIFEST
#: Files install.py treats as the user's (edited copies are expected).
EDITABLE = (".claude/protected-files.txt", "state.md")
HOOK_TIMEOUT = 30
#: Entrypoint script → event (``hooks/<script>.py``), from the runtime's own table.
SCRIPTS = {unit: event for event, unit in UNITS.items()}
_OURS = re.compile(r"/\.claude/hooks/(\w+)\.py\b")


def add_arguments(parser) -> None:
    """Add the command's options to its argparse ``parser`` (the :mod:`playgate.cli` contract);
    help texts from the message catalogue."""
    parser.add_argument("--no-run", action="store_true", help=messages.text("doctor.opt.no_run"))


class Checkup:
    """What the checks share: the project, its settings files, the manifest,
    our registrations and the hook interpreter, each read once."""

    def __init__(self, project, run_hooks: bool = True) -> None:
        self.project = project
        self.root = project.root
        self.run_hooks = run_hooks
        self.home = project.env.get("HOME") or os.path.expanduser("~")
        self.settings = {}        # label -> parsed dict (or None when broken)
        self.settings_errors = {}  # label -> one-line error
        for rel in SETTINGS_FILES:
            self._read_settings(rel, project.path(rel))
        self._read_settings("~/.claude/settings.json",
                            os.path.join(self.home, ".claude", "settings.json"))
        self.manifest = None
        self.manifest_error = None
        try:
            with open(project.path(MANIFEST), encoding="utf-8") as fh:
                self.manifest = json.load(fh)
        except FileNotFoundError:
            pass
        except (OSError, ValueError) as exc:
            self.manifest_error = str(exc)
        self.registrations = self._registrations()
        self.plugin_enabled = sorted(
            key for data in self.settings.values() if isinstance(data, dict)
            for key, on in (data.get("enabledPlugins") or {}).items()
            if isinstance(key, str) and key.split("@", 1)[0] == "playgate" and on)
        self.plugin_env = project.kind == "plugin"
        self.installed = bool(self.registrations) or self.manifest is not None
        self.python = self._python()
        self.probe = None
        #: the suite that runs the hooks: the installed copy, else this one
        installed_suite = project.path(".claude")
        self.suite = (installed_suite if self.installed
                      and os.path.isdir(os.path.join(installed_suite, "hooks"))
                      else project.suite)
        self.pin = self._pin()
        # The commands the notes print, for the route this project took.
        if self.installed or os.path.isfile(project.path(".claude/playgate/__main__.py")):
            self.repair = routes.clone_repair(self.root)
            self.fix = self.repair
        elif self.plugin_env or self.plugin_enabled:
            self.repair = routes.plugin_repair(project.suite, project.env.get("CLAUDE_PLUGIN_DATA"))
            self.fix = f"{routes.console_command()} init -C {shlex.quote(self.root)}"
        else:
            self.repair = self.fix = routes.install_command(self.root)

    def _pin(self):
        """The repository's pin (``None`` when it has none or it is unreadable)."""
        try:
            with open(self.project.path(PIN), encoding="utf-8") as fh:
                pin = json.load(fh)
        except (OSError, ValueError):
            return None
        return pin if isinstance(pin, dict) else None

    def _read_settings(self, label: str, path: str) -> None:
        try:
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
        except FileNotFoundError:
            return
        except OSError as exc:
            self.settings[label] = None
            self.settings_errors[label] = f"cannot be read ({exc.strerror})"
            return
        try:
            self.settings[label] = json.loads(text)
        except ValueError as exc:
            self.settings[label] = None
            self.settings_errors[label] = f"is not valid JSON ({exc})"

    def _registrations(self) -> list:
        """``[(settings label, event, matcher, command, script)]`` of the
        handlers that run this project's ``.claude/hooks/<script>.py``."""
        found = []
        for label, data in self.settings.items():
            hooks = data.get("hooks") if isinstance(data, dict) else None
            if not isinstance(hooks, dict):
                continue
            for event, groups in hooks.items():
                for group in groups if isinstance(groups, list) else []:
                    if not isinstance(group, dict):
                        continue
                    for handler in group.get("hooks") or []:
                        command = handler.get("command") if isinstance(handler, dict) else None
                        m = _OURS.search(command or "")
                        if m and ("CLAUDE_PROJECT_DIR" in command or self.root in command):
                            found.append((label, event, group.get("matcher"), command,
                                          m.group(1)))
        return found

    def _python(self) -> str | None:
        """The hook interpreter: the one the PreToolUse registration names,
        the manifest's, or this process's in the plugin's environment."""
        for _label, event, _m, command, _s in self.registrations:
            if event == "PreToolUse":
                words = self.words(command)
                if words:
                    return words[0]
        if self.plugin_env:
            return sys.executable
        return None

    def words(self, command: str) -> list:
        """The interpreter and script of a hook command, variables expanded
        (what runs before the first ``||``: the fail-closed tail of a gating
        command, ``|| sh .../failclosed.sh Event $? || exit 2``, is not the
        hook)."""
        head = command.split("||", 1)[0]
        try:
            words = shlex.split(head)
        except ValueError:
            return []
        return [w.replace("${CLAUDE_PROJECT_DIR}", self.root)
                .replace("$CLAUDE_PROJECT_DIR", self.root) for w in words]


# --------------------------------------------------------------------------- checks


def check_install(c: Checkup) -> list:
    """Notes on how the suite is installed: by install.py (the manifest), as a plugin, both
    (warn), or not at all (error); a manifest that cannot be read is an error."""
    notes = []
    if c.manifest_error:
        notes.append(Note("error", "doctor.manifest_broken", path=MANIFEST,
                          error=c.manifest_error, repair=c.repair))
    if c.installed:
        suite = (c.manifest or {}).get("suite") or "?"
        notes.append(Note("ok", "doctor.installed", manifest=MANIFEST if c.manifest else "-",
                          suite=suite))
        notes += _pin_notes(c)
    if c.plugin_enabled or c.plugin_env:
        notes.append(Note("ok", "doctor.plugin", ids=", ".join(c.plugin_enabled) or "playgate",
                          root=c.project.suite))
    if c.installed and (c.plugin_enabled or c.plugin_env):
        notes.append(Note("warn", "doctor.twice", uninstall=routes.uninstall_command(c.root)))
    if not c.installed and not (c.plugin_enabled or c.plugin_env):
        notes.append(Note("error", "doctor.not_installed", root=c.root,
                          install=routes.install_command(c.root)))
    return notes


def _pin_notes(c: Checkup) -> list:
    """The pin of an install.py/``playgate install`` repository: missing
    (clones cannot set themselves up: a warning naming the install that
    writes it), pulled past what this clone runs (an error: the clone's
    hooks are another suite than the team's), or in place (ok)."""
    if c.pin is None:
        return [Note("warn", "doctor.pin_missing", pin=PIN, install=routes.install_command(c.root))]
    pinned = str(c.pin.get("suite_sha256") or "")
    installed = str((c.manifest or {}).get("suite_sha256") or "")
    if installed and pinned and installed != pinned:
        return [Note("error", "doctor.pin_drift", installed=(c.manifest or {}).get("suite", "?"),
                     installed_sha=installed[:12], pinned=c.pin.get("version", "?"),
                     pinned_sha=pinned[:12], repair=c.repair)]
    sources = [s for s in c.pin.get("sources") or () if isinstance(s, dict)]
    first = sources[0] if sources else {}
    source = (f"{first['path']}" if "path" in first else str(first.get("pip") or "-"))
    return [Note("ok", "doctor.pin_ok", version=c.pin.get("version", "?"), sha=pinned[:12],
                 source=source)]


def _schema_validator():
    path = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                        "schemas", "claude-code-settings.schema.json")
    with open(path, encoding="utf-8") as fh:
        schema = json.load(fh)
    return jsonschema.validators.validator_for(schema)(schema)


def check_settings(c: Checkup) -> list:
    """Notes on each settings file read: unreadable (error under ``.claude/``, else warn),
    valid against Claude Code's settings schema, or up to five schema errors (an error when
    ``hooks`` has the wrong type, else warn)."""
    notes = []
    if not c.settings:
        return [Note("info", "doctor.no_settings")]
    validator = None
    for label, data in c.settings.items():
        if data is None:
            level = "error" if label.startswith(".claude/") else "warn"
            notes.append(Note(level, "doctor.settings_unreadable", path=label,
                              error=c.settings_errors[label]))
            continue
        validator = validator or _schema_validator()
        errors = list(validator.iter_errors(data))
        if not errors:
            notes.append(Note("ok", "doctor.settings_valid", path=label))
            continue

        for err in errors[:5]:
            err = specific_error(err)
            where = "/".join(map(str, err.absolute_path)) or "(top)"
            hooks_broken = (err.absolute_path and err.absolute_path[0] == "hooks"
                            and err.validator == "type")
            notes.append(Note("error" if hooks_broken else "warn", "doctor.settings_schema",
                              path=label, at=where, error=error_message(err)))
    return notes


def check_hooks(c: Checkup) -> list:
    """Notes on our hook registrations (installed suites only): an entrypoint the manifest
    registers missing from the settings, registered for the wrong event, unparsable, or
    naming a script or interpreter that is not there are errors; else one ok."""
    if not c.installed:
        return []
    if c.settings.get(SETTINGS_FILES[0], {}) is None:
        return []  # unreadable: the settings check said so
    notes = []
    wanted = {}
    for command in ((c.manifest or {}).get("settings") or {}).get("commands") or []:
        m = _OURS.search(command)
        if m and m.group(1) in SCRIPTS:
            wanted[m.group(1)] = SCRIPTS[m.group(1)]
    if not wanted:
        wanted = {s: e for s, e in SCRIPTS.items()
                  if e in ("PreToolUse", "Stop", "UserPromptSubmit", "SessionStart")}
    registered = {}
    for label, event, _matcher, command, script in c.registrations:
        registered.setdefault(script, []).append((label, event, command))
    for script, event in wanted.items():
        if script not in registered:
            notes.append(Note("error", "doctor.hook_missing", event=event,
                              path=SETTINGS_FILES[0], repair=c.repair))
    bad_python: dict = {}
    for label, event, _matcher, command, script in c.registrations:
        expected = SCRIPTS.get(script)
        if expected and expected != event:
            notes.append(Note("error", "doctor.hook_wrong_event", script=script, event=event,
                              expected=expected, path=label, repair=c.repair))
        words = c.words(command)
        if len(words) < 2:
            notes.append(Note("error", "doctor.hook_unparsable", event=event, path=label,
                              repair=c.repair))
            continue
        interpreter, target = words[0], words[1]
        if not (os.path.isfile(interpreter) and os.access(interpreter, os.X_OK)):
            bad_python.setdefault(interpreter, []).append(event)
        if not os.path.isfile(target):
            notes.append(Note("error", "doctor.hook_no_script", event=event, script=target,
                              repair=c.repair))
    for interpreter, events in bad_python.items():
        notes.append(Note("error", "doctor.hook_no_python", python=interpreter,
                          events=", ".join(events), repair=c.repair))
    if not any(n.level == "error" for n in notes):
        notes.append(Note("ok", "doctor.hooks_ok", count=len(c.registrations)))
    return notes


def check_interpreter(c: Checkup) -> list:
    """The hook interpreter has the supported Python and the runtime dependencies
    (:data:`playgate.REQUIREMENTS`): an error naming the pip command that fixes it, else ok;
    nothing when no interpreter is registered."""
    if c.python is None or not os.path.exists(c.python):
        return []  # none registered, or missing: the hooks check said so
    c.probe = versions.probe(c.python, REQUIREMENTS)
    found = versions.problems(c.probe, REQUIREMENTS)
    if found:
        fix = (f"{shlex.quote(c.python)} -m pip install "
               + " ".join(shlex.quote(r) for r in REQUIREMENTS))
        return [Note("error", "doctor.interpreter_bad", python=c.python,
                     problems="; ".join(found), fix=fix)]
    mods = c.probe.get("modules") or {}
    return [Note("ok", "doctor.interpreter_ok", python=c.python,
                 version=".".join(map(str, c.probe.get("version") or [])),
                 deps=", ".join(f"{k} {v.get('version')}" for k, v in sorted(mods.items())))]


def check_hook_run(c: Checkup) -> list:
    """Run the registered PreToolUse hook once on a harmless Glob payload (``HOOK_TIMEOUT``
    seconds at most): ok on exit 0, else an error with the exit code and the last stderr
    line; info when ``--no-run`` skips it."""
    if not c.run_hooks:
        return [Note("info", "doctor.hook_run_skipped")]
    command = next((cmd for _l, e, _m, cmd, _s in c.registrations if e == "PreToolUse"), None)
    env = dict(c.project.env)
    env.pop("PLAYGATE_TRACE", None)
    if command is None and c.plugin_env:
        command = (f"{shlex.quote(sys.executable)} "
                   f"{shlex.quote(os.path.join(c.project.suite, 'hooks', 'pre_tool_use.py'))}")
    if command is None:
        return []
    payload = {"session_id": "playgate-doctor", "transcript_path": "", "cwd": c.root,
               "hook_event_name": "PreToolUse", "permission_mode": "default",
               "tool_name": "Glob", "tool_use_id": "toolu_playgate_doctor",
               "tool_input": {"pattern": "playgate-doctor-probe-*"}}
    try:
        proc = subprocess.run(["/bin/sh", "-c", command], input=json.dumps(payload).encode(),
                              capture_output=True, timeout=HOOK_TIMEOUT, cwd=c.root, env=env,
                              start_new_session=True)
    except subprocess.TimeoutExpired:
        return [Note("error", "doctor.hook_run_timeout", seconds=HOOK_TIMEOUT)]
    err = proc.stderr.decode("utf-8", "replace").strip()
    if proc.returncode == 0:
        return [Note("ok", "doctor.hook_run_ok")]
    return [Note("error", "doctor.hook_run_failed", exit=proc.returncode,
                 stderr=err.splitlines()[-1][:300] if err else "")]


def check_suite_files(c: Checkup) -> list:
    """Installed suite files whose sha256 differs from the manifest (warn) or that are missing
    (error); editable files and the playbook template are not compared."""
    if not c.manifest:
        return []
    missing, changed = [], []
    for rel, rec in sorted((c.manifest.get("files") or {}).items()):
        if rel in EDITABLE or rel.startswith("play/template/") or "sha256" not in rec:
            continue
        try:
            with open(c.project.path(rel), "rb") as fh:
                digest = hashlib.sha256(fh.read()).hexdigest()
        except FileNotFoundError:
            missing.append(rel)
            continue
        except OSError:
            missing.append(rel)
            continue
        if digest != rec["sha256"]:
            changed.append(rel)
    notes = []
    if missing:
        notes.append(Note("error", "doctor.files_missing", count=len(missing),
                          files=", ".join(missing[:5]), repair=c.repair))
    if changed:
        notes.append(Note("warn", "doctor.files_changed", count=len(changed),
                          files=", ".join(changed[:5]), repair=c.repair))
    if not notes:
        notes.append(Note("ok", "doctor.files_ok", count=len(c.manifest.get("files") or {})))
    return notes


def check_state(c: Checkup) -> list:
    """state.md and every playbook validate (:mod:`playgate.validation`): an error per file
    with errors (its first error's line), an error when state.md is missing."""
    if not os.path.isfile(c.project.path("state.md")):
        return [Note("error", "doctor.state_missing", fix=c.fix)]
    # The custom rules file has its own check (check_custom_rules): one report per problem.
    files = [f for f in validation.project_files(c.root) if f[2] != "rules"]
    reports = validation.validate_files(files, c.root)
    notes = []
    for report in reports:
        errors = [p for p in report.problems if p.level == "error"]
        if errors:
            first = errors[0]
            notes.append(Note("error", "doctor.state_invalid", path=report.path,
                              count=len(errors), line=first.line, message=first.message))
    if not notes:
        notes.append(Note("ok", "doctor.state_ok", count=len(reports)))
    return notes


def check_protected(c: Checkup) -> list:
    """``.claude/protected-files.txt``: missing (warn), unreadable (error), parse problems, a
    BLOCK pattern that matches everything (warn), one the deadlock escapes make ineffective
    (info), defaults dropped from the suite's list (info) (SPEC §2 protected-files.txt)."""
    path = c.project.path(".claude/protected-files.txt")
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except FileNotFoundError:
        return [Note("warn", "doctor.protected_missing", fix=c.fix)]
    except OSError as exc:
        return [Note("error", "doctor.protected_unreadable", error=exc.strerror)]
    plist = protected.parse(text)
    notes = [Note("warn", "doctor.protected_problem", problem=p) for p in plist.problems]
    mine = [e for e in plist.entries if e.line > 0]
    for entry in mine:
        if entry.level in ("BLOCK", "HARD_BLOCK") and entry.pattern.strip("./") in (
                "*", "**", "**/*", "*/**"):
            notes.append(Note("warn", "doctor.protected_everything", line=entry.line,
                              pattern=entry.pattern))
        for probe in ("state.md", "play/x/plan.json", "play/x/progress.json"):
            if entry.level in ("BLOCK", "HARD_BLOCK") and entry.matches_rel(probe) \
                    and entry.pattern.strip("./") not in ("*", "**", "**/*", "*/**"):
                notes.append(Note("info", "doctor.protected_ineffective", line=entry.line,
                                  pattern=entry.pattern, path=probe))
                break
    # The suite's default list ships with a checkout or the plugin (an
    # installed copy has only the project's own).
    default = os.path.join(c.project.suite, "protected-files.txt")
    if c.project.kind != "installed" and os.path.isfile(default):
        with open(default, encoding="utf-8") as fh:
            defaults = {(e.level, e.pattern) for e in protected.parse(fh.read()).entries
                        if e.line > 0}
        have = {(e.level, e.pattern) for e in mine}
        dropped = sorted(p for lvl, p in defaults - have
                         if not any(p == q for _l, q in have))
        if dropped:
            notes.append(Note("info", "doctor.protected_dropped", count=len(dropped),
                              patterns=", ".join(dropped[:6])))
    if not any(n.level in ("warn", "error") for n in notes):
        notes.append(Note("ok", "doctor.protected_ok", count=len(mine)))
    return notes


def check_permission_config(c: Checkup) -> list:
    """The permission gate's configuration layers load: an error per configuration error, an
    info per notice, ok naming the loaded layers (SPEC §5)."""
    cfg = config_mod.load(c.root, use_cache=False)
    notes = [Note("error", "doctor.permission_error", error=e) for e in cfg.errors]
    notes += [Note("info", "doctor.permission_notice", notice=n) for n in cfg.notices]
    if not cfg.errors:
        loaded = [label for label, status in cfg.layers if status == "loaded"]
        notes.append(Note("ok", "doctor.permission_ok", layers=", ".join(loaded) or "-"))
    return notes


def check_custom_rules(c: Checkup) -> list:
    """The project's custom rules file: absent, loads with N
    rules, or broken (every problem: the hooks then refuse every Bash
    command)."""
    from shell import custom_rules as rules  # lazy: only doctor's own check needs it

    ruleset = rules.load(c.root, use_cache=False)
    if not ruleset.present:
        return [Note("ok", "doctor.rules_absent", file=rules.RULES_FILE)]
    if ruleset.broken:
        return [Note("error", "doctor.rules_error", file=rules.RULES_FILE, problem=p.text())
                for p in ruleset.problems]
    return [Note("ok", "doctor.rules_ok", file=rules.RULES_FILE, count=len(ruleset.rules))]


def claude_config_path(env) -> str:
    """Claude Code's global configuration file: ``$CLAUDE_CONFIG_DIR/.claude.json``
    when that is set, else ``~/.claude.json``."""
    base = env.get("CLAUDE_CONFIG_DIR")
    if base:
        return os.path.join(base, ".claude.json")
    return os.path.join(env.get("HOME") or os.path.expanduser("~"), ".claude.json")


def trusted_at(data, root: str) -> str | None:
    """The directory (``root`` or an ancestor) whose workspace-trust dialog
    was accepted, per Claude Code's ``projects.<dir>.hasTrustDialogAccepted``,
    or ``None``."""
    projects = data.get("projects") if isinstance(data, dict) else None
    if not isinstance(projects, dict):
        return None
    path = os.path.realpath(root)
    while True:
        entry = projects.get(path)
        if isinstance(entry, dict) and entry.get("hasTrustDialogAccepted") is True:
            return path
        parent = os.path.dirname(path)
        if parent == path:
            return None
        path = parent


def check_trust(c: Checkup) -> list:
    """Workspace trust: headless ``claude -p`` ignores the
    project's permission allow rules until the trust dialog was accepted once
    for the directory (reference "What the model actually sees")."""
    path = claude_config_path(c.project.env)
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except FileNotFoundError:
        data = {}
    except (OSError, ValueError) as exc:
        return [Note("warn", "doctor.trust_unreadable", path=path, error=str(exc)[:200])]
    where = trusted_at(data, c.root)
    if where:
        return [Note("ok", "doctor.trust_ok", where=where)]
    return [Note("warn", "doctor.trust_missing", path=path)]


def check_logs(c: Checkup) -> list:
    """``.claude/logs/errors.log``: a warning with the count and the last entry when it holds
    any, else ok."""
    path = c.project.path(".claude/logs/errors.log")
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            text = fh.read()
    except OSError:
        return [Note("ok", "doctor.logs_ok")]
    entries = [line for line in text.splitlines() if line.startswith("--- ")]
    if not entries:
        return [Note("ok", "doctor.logs_ok")]
    return [Note("warn", "doctor.logs_errors", count=len(entries), last=entries[-1][4:200],
                 path=".claude/logs/errors.log")]


def check_speed(c: Checkup) -> list:
    """What keeps the hooks fast: the bashlex tables, the runtime's bytecode for the
    hook interpreter and the module bundle; a warning for each one missing or stale."""
    notes = []
    tables = os.path.join(c.suite, "shell", "bashlex_tables.marshal")
    if not os.path.isfile(tables):
        notes.append(Note("warn", "doctor.no_tables", python=c.python or "python",
                          suite=c.suite))
    if c.installed and c.probe and "error" not in c.probe:
        tag = "cpython-{}{}".format(*(c.probe.get("version") or [0, 0])[:2])
        cache = os.path.join(c.suite, "events", "__pycache__")
        names = os.listdir(cache) if os.path.isdir(cache) else []
        if not any(n.startswith("runtime.") and tag in n for n in names):
            notes.append(Note("warn", "doctor.no_bytecode", repair=c.repair))
    notes += _bundle_notes(c)
    if not notes:
        notes.append(Note("ok", "doctor.speed_ok"))
    return notes


def _bundle_notes(c: Checkup) -> list:
    """The module bundle (``hooks/suite.bundle``) is there and current
    for the hook interpreter: ``python -m playgate.bundle --check`` run by
    that interpreter in the suite directory (read-only; a suite without the
    bundle module predates it and is not judged)."""
    if not os.path.isfile(os.path.join(c.suite, "playgate", "bundle.py")):
        return []
    if not (c.python and os.path.isfile(c.python) and os.access(c.python, os.X_OK)):
        return []  # the interpreter check names that problem
    fix = dict(python=c.python, suite=c.suite)
    if not os.path.isfile(os.path.join(c.suite, "hooks", "suite.bundle")):
        return [Note("warn", "doctor.no_bundle", **fix)]
    try:
        proc = subprocess.run([c.python, "-m", "playgate.bundle", "--check"], cwd=c.suite,
                              capture_output=True, timeout=60, start_new_session=True,
                              env=dict(c.project.env, PYTHONDONTWRITEBYTECODE="1"))
    except (OSError, subprocess.TimeoutExpired):
        return [Note("warn", "doctor.stale_bundle", **fix)]
    return [] if proc.returncode == 0 else [Note("warn", "doctor.stale_bundle", **fix)]


def check_versions(c: Checkup) -> list:
    """An info with the versions of the suite, the hook interpreter and the ``claude`` CLI; a
    warning when the installed suite's version is not this command's."""
    notes = []
    installed = (c.manifest or {}).get("suite")
    if installed and installed != __version__:
        notes.append(Note("warn", "doctor.version_mismatch", cli=__version__,
                          installed=installed, suite=c.project.suite,
                          installed_cli=f"cd {shlex.quote(c.root)} && python3 .claude/playgate "
                                        "doctor"))
    python = ".".join(map(str, (c.probe or {}).get("version") or [])) or "?"
    claude = None
    exe = shutil.which("claude", path=c.project.env.get("PATH"))
    if exe:
        try:
            proc = subprocess.run([exe, "--version"], capture_output=True, text=True, timeout=15,
                                  env=dict(c.project.env, DISABLE_AUTOUPDATER="1"),
                                  start_new_session=True)
            claude = proc.stdout.strip().split(" ", 1)[0] or None
        except (OSError, subprocess.TimeoutExpired):
            claude = None
    notes.append(Note("info", "doctor.versions", suite=__version__, python=python,
                      claude=claude or Text("doctor.claude_missing")))
    return notes


CHECKS = (
    ("install", check_install),
    ("settings", check_settings),
    ("hooks", check_hooks),
    ("interpreter", check_interpreter),
    ("hook-run", check_hook_run),
    ("suite-files", check_suite_files),
    ("state", check_state),
    ("protected", check_protected),
    ("permission-config", check_permission_config),
    ("custom-rules", check_custom_rules),
    ("trust", check_trust),
    ("logs", check_logs),
    ("speed", check_speed),
    ("versions", check_versions),
)


def diagnose(project, run_hooks: bool = True) -> list:
    """``[(check name, Note)]`` for ``project``; a check that raises becomes
    an error naming it (doctor must report, not crash)."""
    c = Checkup(project, run_hooks)
    results = []
    for name, check in CHECKS:
        try:
            notes = check(c)
        except Exception as exc:  # noqa: BLE001
            notes = [Note("error", "doctor.check_failed", check=name,
                          error=f"{type(exc).__name__}: {exc}")]
        for note in notes:
            if "{root}" in messages.EN.get(note.code, ""):
                note.params.setdefault("root", shlex.quote(c.root))
        results += [(name, n) for n in notes]
    return results


def run(args, project) -> tuple:
    """Run every check (:func:`diagnose`). Returns ``(exit_code, data)``, ``data`` the
    ``--json`` document; exit 0 when no check found an error, 1 otherwise
    (:mod:`playgate.errors`)."""
    results = diagnose(project, run_hooks=not args.no_run)
    lang = messages.language(project)
    checks = [dict(n.to_json(lang), check=name) for name, n in results]
    healthy = not any(n.level == "error" for _name, n in results)
    data = {"command": "doctor", "project": project.root, "healthy": healthy,
            "errors": sum(1 for _n, note in results if note.level == "error"),
            "warnings": sum(1 for _n, note in results if note.level == "warn"),
            "checks": checks}
    return (EXIT_OK if healthy else EXIT_NO), data


LABELS = {"ok": "ok", "info": "info", "warn": "WARN", "error": "ERROR"}


def render(data: dict, lang: str) -> str:
    """``data`` of :func:`run` as text for people, in ``lang`` (``"en"``/``"ja"``): one line
    per check (level, check name, message), then the verdict with the error and warning
    counts."""
    t = messages.text
    lines = [t("doctor.header", lang, project=data["project"])]
    for item in data["checks"]:
        lines.append(f"  {LABELS[item['level']]:<6} {item['check']:<18} {item['message']}")
    key = "doctor.healthy" if data["healthy"] else "doctor.unhealthy"
    lines.append(t(key, lang, errors=data["errors"], warnings=data["warnings"]))
    return "\n".join(lines) + "\n"
