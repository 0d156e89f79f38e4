"""``.claude/settings.json``: the hook registrations and baseline permission
rules of ``settings.template.json`` merged into the user's settings, and
taken out again by --uninstall.

The merge keeps every key, hook and rule of the user's; our handlers are
recognised by their command (:func:`_ours`) and replaced where they were, so a
re-install changes nothing. What the merge added is recorded in the
manifest's ``settings`` entry (``commands``, ``rules``, ``declined``,
``created_keys``, ``existed``, ``original_sha256``, ``original_backup``).

Registering a new kind of settings entry: give it a ``_merge_<key>`` /
``_unmerge_<key>`` pair beside :func:`_merge_hooks` and
:func:`_merge_permissions`, call them from :func:`merge_settings` and
:func:`unmerge_settings`, and record what was added in the manifest entry
(:func:`plan_step`) so that --uninstall can take exactly that out; a value
the user already has is never replaced.
"""

from __future__ import annotations

import copy
import json
import os
import re

from playgate import suite
from playgate.installer.common import (
    SETTINGS,
    SUITE_DIR,
    Refusal,
    join,
    mode_of,
    read,
    sha256,
    unlink,
    write,
)
from playgate.installer.sources import source_root
from playgate.installer.speak import Text

PERMISSION_KINDS = ("allow", "ask", "deny")


def render_settings(python_cmd: str, suite_dir: str, source: str | None = None) -> dict:
    """settings.template.json with ``{{PYTHON}}``/``{{SUITE}}`` filled in.

    Args:
        python_cmd: the interpreter as a shell word (quoted as needed), e.g.
            ``"$CLAUDE_PROJECT_DIR"/.claude/.venv/bin/python``.
        suite_dir: the directory holding ``hooks/`` as a shell word.
        source: the suite source (default: :func:`source_root`).
    """
    source = source or source_root()
    with open(os.path.join(source, suite.SETTINGS_TEMPLATE), encoding="utf-8") as fh:
        text = fh.read()
    python_json = json.dumps(python_cmd)[1:-1]
    suite_json = json.dumps(suite_dir)[1:-1]
    return json.loads(text.replace("{{PYTHON}}", python_json).replace("{{SUITE}}", suite_json))


def entrypoint_names(source: str | None = None) -> set:
    """Entrypoint script stems (``pre_tool_use``...) the template registers or
    ``hooks/`` ships."""
    source = source or source_root()
    with open(os.path.join(source, suite.SETTINGS_TEMPLATE), encoding="utf-8") as fh:
        names = set(re.findall(r"\{\{SUITE\}\}/hooks/(\w+)\.py", fh.read()))
    hooks = os.path.join(source, "hooks")
    names |= {n[:-3] for n in os.listdir(hooks) if n.endswith(".py") and not n.startswith("_")}
    return names


def _ours(repo: str, commands, names):
    """Predicate recognising the suite's own hook handlers: a command recorded
    in the manifest, or one that runs ``.claude/hooks/<entrypoint>.py`` of this
    project (however the interpreter is spelled), so a re-install replaces an
    earlier registration instead of adding a second one."""
    root = r"(?:\$CLAUDE_PROJECT_DIR|\$\{CLAUDE_PROJECT_DIR\}|" + re.escape(repo) + ")"
    pattern = re.compile(root + r"[\"']?/\.claude/hooks/(?:" +
                         "|".join(sorted(map(re.escape, names))) + r")\.py\b")
    known = set(commands or ())

    def ours(handler) -> bool:
        """``handler`` (a hook handler object of settings.json) is one of ours."""
        command = handler.get("command") if isinstance(handler, dict) else None
        return isinstance(command, str) and (command in known or bool(pattern.search(command)))

    return ours


def check_shape(settings) -> None:
    """Refuse settings whose ``hooks``/``permissions`` the merge cannot read.

    Raises:
        Refusal: naming the part that has the wrong type.
    """
    if not isinstance(settings, dict):
        raise Refusal(f"{SETTINGS} is not a JSON object; fix it or move it away")
    hooks = settings.get("hooks", {})
    if not isinstance(hooks, dict):
        raise Refusal(f"{SETTINGS}: 'hooks' is not an object; fix it or move the file away")
    for event, groups in hooks.items():
        if not isinstance(groups, list) or not all(isinstance(g, dict) for g in groups):
            raise Refusal(f"{SETTINGS}: hooks.{event} is not a list of matcher groups; fix it")
        for group in groups:
            if "hooks" in group and not isinstance(group["hooks"], list):
                raise Refusal(f"{SETTINGS}: a hooks.{event} group's 'hooks' is not a list; fix it")
    perms = settings.get("permissions", {})
    if not isinstance(perms, dict):
        raise Refusal(f"{SETTINGS}: 'permissions' is not an object; fix it")
    for kind in PERMISSION_KINDS:
        if kind in perms and not isinstance(perms[kind], list):
            raise Refusal(f"{SETTINGS}: permissions.{kind} is not a list; fix it")


def _strip_ours(hooks: dict, ours) -> dict:
    """Remove our handlers from every event in place (a group left without
    handlers goes too). Returns ``{event: index}`` of the first group that
    held one of ours; an event emptied this way keeps an empty list."""
    anchors = {}
    for event in list(hooks):
        kept_groups = []
        for group in hooks[event]:
            handlers = group.get("hooks", [])
            kept = [h for h in handlers if not ours(h)]
            if len(kept) != len(handlers):
                anchors.setdefault(event, len(kept_groups))
                if not kept:
                    continue
                group = dict(group, hooks=kept)
            kept_groups.append(group)
        hooks[event] = kept_groups
    return anchors


def _merge_hooks(merged: dict, template: dict, ours, created: list) -> None:
    """Our handlers replaced where they were (in place), new events added."""
    if "hooks" not in merged:
        created.append("hooks")
    hooks = merged.setdefault("hooks", {})
    anchors = _strip_ours(hooks, ours)
    for event in anchors:
        # An event only we used that the template no longer registers.
        if not hooks[event] and event not in template.get("hooks", {}):
            del hooks[event]
    for event, groups in template.get("hooks", {}).items():
        if event not in hooks:
            created.append(f"hooks.{event}")
        existing = hooks.setdefault(event, [])
        at = anchors.get(event, len(existing))
        existing[at:at] = copy.deepcopy(groups)


def _merge_permissions(merged: dict, template: dict, previous_rules, declined,
                       created: list) -> dict:
    """The template's rules appended (in place) unless present or declined;
    rules added earlier that the template dropped removed. Returns the rules
    appended, ``{kind: [rule, ...]}``."""
    added = {}
    wanted = template.get("permissions", {})
    stale = previous_rules or {}
    if not (any(wanted.get(k) for k in PERMISSION_KINDS) or any(stale.values())):
        return added
    if "permissions" not in merged:
        created.append("permissions")
    perms = merged.setdefault("permissions", {})
    for kind in PERMISSION_KINDS:
        rules = wanted.get(kind) or []
        gone = [r for r in stale.get(kind) or [] if r not in rules]
        if kind in perms and gone:
            perms[kind] = [r for r in perms[kind] if r not in gone]
        if not rules:
            continue
        if kind not in perms:
            created.append(f"permissions.{kind}")
        lst = perms.setdefault(kind, [])
        skip = (declined or {}).get(kind) or ()
        for rule in rules:
            if rule not in lst and rule not in skip:
                lst.append(rule)
                added.setdefault(kind, []).append(rule)
    return added


def merge_settings(current: dict, template: dict, ours, previous_rules: dict | None = None,
                   declined: dict | None = None):
    """Merge the rendered template into the user's settings.

    Keeps every key, hook and permission rule of ``current``; our handlers
    (``ours``) are replaced where they were (so the order of the user's
    groups is stable and a re-install changes nothing); rules we added earlier
    (``previous_rules``) but the template no longer has are removed; rules
    the user deleted after an earlier install (``declined``) are not added
    back. Both map ``allow/ask/deny`` to lists of rules.

    Returns:
        ``(merged, added_rules, created_keys)``: ``added_rules`` maps
        ``allow/ask/deny`` to the rules this merge appended; ``created_keys``
        lists the containers that did not exist (``"hooks"``,
        ``"hooks.PreToolUse"``, ``"permissions.deny"``...).
    """
    merged = copy.deepcopy(current)
    created = []
    _merge_hooks(merged, template, ours, created)
    added = _merge_permissions(merged, template, previous_rules, declined, created)
    return merged, added, created


def _unmerge_hooks(result: dict, ours, created: set) -> None:
    hooks = result.get("hooks")
    if isinstance(hooks, dict):
        _strip_ours(hooks, ours)
        for event in list(hooks):
            if hooks[event] == [] and f"hooks.{event}" in created:
                del hooks[event]
        if not hooks and "hooks" in created:
            del result["hooks"]


def _unmerge_permissions(result: dict, rules: dict, created: set) -> None:
    perms = result.get("permissions")
    if isinstance(perms, dict):
        for kind, added in (rules or {}).items():
            if isinstance(perms.get(kind), list):
                perms[kind] = [r for r in perms[kind] if r not in added]
        for kind in PERMISSION_KINDS:
            if perms.get(kind) == [] and f"permissions.{kind}" in created:
                del perms[kind]
        if not perms and "permissions" in created:
            del result["permissions"]


def _unmerge_statusline(result: dict, command) -> None:
    """Remove ``statusLine`` only when it is still the one the installer
    registered (:mod:`playgate.installer.statusline`); a status line the user
    put there since stays."""
    value = result.get("statusLine")
    if command and isinstance(value, dict) and value.get("command") == command:
        del result["statusLine"]


def _unmerge_env(result: dict, env, created: set) -> None:
    """Remove the ``env`` keys the installer added for a workflow
    (:mod:`playgate.installer.workflow_env`) that still hold its values."""
    current = result.get("env")
    if not isinstance(current, dict) or not isinstance(env, dict):
        return
    for key, value in env.items():
        if current.get(key) == value:
            del current[key]
    if not current and "env" in created:
        del result["env"]


def unmerge_settings(current: dict, ours, rules: dict, created_keys,
                     statusline: str | None = None, env: dict | None = None) -> dict:
    """The inverse of :func:`merge_settings`: our handlers and the rules we
    added removed, containers we created dropped when they end up empty, our
    ``statusLine`` (its command ``statusline``) and the ``env`` keys we added
    (``env``) removed."""
    result = copy.deepcopy(current)
    created = set(created_keys or ())
    _unmerge_hooks(result, ours, created)
    _unmerge_permissions(result, rules, created)
    _unmerge_statusline(result, statusline)
    _unmerge_env(result, env, created)
    return result


def _indent_of(text: str):
    """The indentation unit of a JSON document (default two spaces)."""
    for line in text.splitlines()[1:]:
        stripped = line.lstrip(" \t")
        if stripped and stripped != line:
            lead = line[: len(line) - len(stripped)]
            return "\t" if lead.startswith("\t") else len(lead)
    return 2


def dump(settings: dict, like: str = "") -> bytes:
    """``settings`` as file bytes, indented like the text ``like`` was."""
    return (json.dumps(settings, indent=_indent_of(like) if like else 2, ensure_ascii=False)
            + "\n").encode("utf-8")


def parse(data: bytes) -> dict:
    """The settings in ``data``.

    Raises:
        Refusal: not JSON, or a shape the merge cannot read (nothing is changed).
    """
    try:
        settings = json.loads(data.decode("utf-8"))
    except (ValueError, UnicodeDecodeError) as exc:
        raise Refusal(f"{SETTINGS} is not valid JSON ({exc}); fix it or move it away, then "
                      "run again (nothing was changed)") from None
    check_shape(settings)
    return settings


# ------------------------------------------------------------------ install and uninstall


def plan_step(inst, python_cmd: str) -> None:
    """Plan the settings merge of the install ``inst``
    (:class:`playgate.installer.plan.Installer`) and update its manifest
    entry; nothing is planned when the file would not change."""
    path = join(inst.repo, SETTINGS)
    data = read(path)
    current = parse(data) if data is not None else {}
    template = render_settings(python_cmd, SUITE_DIR)
    record = copy.deepcopy(inst.m.get("settings")) or {}
    ours = _ours(inst.repo, record.get("commands"), entrypoint_names())
    # A rule an earlier install added that is gone from the file: the user
    # removed it on purpose, so it is not added back.
    declined = {k: list(v) for k, v in (record.get("declined") or {}).items()}
    if data is not None:
        perms = current.get("permissions") or {}
        for kind, rules in (record.get("rules") or {}).items():
            for rule in rules:
                if rule not in (perms.get(kind) or []) and rule not in declined.get(kind, []):
                    declined.setdefault(kind, []).append(rule)
                    inst.plan.note(Text("installer.note.rule_removed", kind=kind, rule=rule,
                                        path=SETTINGS))
    merged, added, created = merge_settings(current, template, ours, record.get("rules"),
                                            declined)
    _follow_statusline(merged, record, python_cmd)
    commands = sorted({h["command"] for groups in template["hooks"].values()
                       for g in groups for h in g["hooks"] if "command" in h})
    if not record:
        record = {"existed": data is not None, "original_sha256": sha256(data) if data else None,
                  "original_backup": None, "rules": {}, "created_keys": []}
    record["commands"] = commands
    wanted = template.get("permissions", {})
    rules, kept_declined = {}, {}
    for kind in PERMISSION_KINDS:
        want = wanted.get(kind) or []
        mine = [r for r in (record.get("rules") or {}).get(kind, [])
                if r in want and r not in declined.get(kind, [])]
        mine += [r for r in added.get(kind, []) if r not in mine]
        if mine:
            rules[kind] = mine
        if any(r in want for r in declined.get(kind, [])):
            kept_declined[kind] = [r for r in declined[kind] if r in want]
    record["rules"] = rules
    if kept_declined or "declined" in record:
        record["declined"] = kept_declined
    record["created_keys"] = sorted(set(record.get("created_keys") or ()) | set(created))
    if merged == current and data is not None:
        inst.m["settings"] = record
        return
    events = len(template.get("hooks", {}))
    counts = ", ".join(f"{len(v)} {k}" for k, v in added.items()) or "no new"
    what = (Text("installer.what.settings_backup", path=SETTINGS, events=events, counts=counts,
                 backup=inst.backup_root) if data is not None else
            Text("installer.what.settings", path=SETTINGS, events=events, counts=counts))
    if data is None:
        inst.mark_dirs(SETTINGS)
    inst.plan.step("merge" if data is not None else "create", what, _write_settings, inst,
                   merged, data, record)


def statusline_command(python_cmd: str) -> str:
    """The registered command for the hooks' interpreter ``python_cmd`` (the
    manifest's ``python``): ``playgate statusline`` run as the script
    ``.claude/playgate/statusline.py``, which spares the ``runpy`` start-up
    of ``python .claude/playgate statusline`` (same output).
    ``$CLAUDE_PROJECT_DIR`` falls back to the status line's working
    directory, the session's, should Claude Code not set it for the status
    line as it does for hooks."""
    fallback = '"${CLAUDE_PROJECT_DIR:-.}"'
    python = python_cmd.replace('"$CLAUDE_PROJECT_DIR"', fallback)
    return f"{python} {fallback}/.claude/playgate/statusline.py"


def _follow_statusline(merged: dict, record: dict, python_cmd: str) -> None:
    """Our registered ``statusLine`` (still as we wrote it) follows a change
    of interpreter on a re-install; anything else there is the user's."""
    value = merged.get("statusLine")
    ours = record.get("statusline")
    if ours and isinstance(value, dict) and value.get("command") == ours:
        new = statusline_command(python_cmd)
        merged["statusLine"] = dict(value, command=new)
        record["statusline"] = new


def _write_settings(inst, merged: dict, data: bytes | None, record: dict) -> None:
    path = join(inst.repo, SETTINGS)
    if data is not None:
        backup = inst.backup(SETTINGS, data, mode_of(path))
        if record.get("original_backup") is None and record.get("existed") \
                and sha256(data) == record.get("original_sha256"):
            record["original_backup"] = backup
    new = dump(merged, data.decode("utf-8") if data else "")
    write(path, new, mode_of(path) if data is not None else 0o644, durable=True)
    inst.m["settings"] = record


def uninstall_steps(root: str, m: dict, plan) -> None:
    """Plan restoring settings.json for --uninstall (manifest ``m``): the
    original bytes when removing ours gives back the original, else the file
    without our hooks and rules."""
    record = m.get("settings")
    path = join(root, SETTINGS)
    data = read(path)
    if not record or data is None:
        return
    try:
        current = json.loads(data.decode("utf-8"))
        check_shape(current)
    except (ValueError, UnicodeDecodeError, Refusal):
        plan.note(Text("installer.note.settings_invalid", path=SETTINGS))
        return
    ours = _ours(root, record.get("commands"), entrypoint_names())
    result = unmerge_settings(current, ours, record.get("rules") or {},
                              record.get("created_keys") or (), record.get("statusline"),
                              record.get("env"))
    if result == current:
        return
    mode = mode_of(path)
    if not record.get("existed"):
        if result == {}:
            plan.step("remove", SETTINGS, unlink, path)
            return
        plan.note(Text("installer.note.settings_added", path=SETTINGS))
    else:
        original = read(join(root, record["original_backup"])) \
            if record.get("original_backup") else None
        if original is not None and sha256(original) == record.get("original_sha256"):
            try:
                if json.loads(original.decode("utf-8")) == result:
                    plan.step("restore", Text("installer.what.restored", path=SETTINGS), write,
                              path, original, mode)
                    return
            except ValueError:
                pass
        plan.note(Text("installer.note.settings_changed", path=SETTINGS))
    plan.step("update", Text("installer.what.settings_unmerged", path=SETTINGS), write, path,
              dump(result, data.decode("utf-8")), mode)
