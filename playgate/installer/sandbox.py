"""The outer wall: Claude Code's Bash sandbox, configured by the install.

What it writes (and ``--uninstall`` takes out again, byte for byte when
nothing else changed):

* ``.claude/settings.json`` (committed, the same in every clone), key
  ``sandbox``: ``enabled: true``; ``allowUnsandboxedCommands: false`` (the
  ``dangerouslyDisableSandbox`` escape is ignored); ``autoAllowBashIfSandboxed:
  false`` (measured: ``true`` approves sandboxed commands without calling the
  PermissionRequest hook, so the permission gate would no longer decide; with
  ``false`` the permission flow is as without a sandbox); ``filesystem.denyWrite``
  (:func:`deny_write`: the suite's code and virtualenv, the settings, the
  protection list, the permission configuration, the custom rules, the
  manifest, the backups, the caches, the session markers, the ledgers and
  logs, ``~/.claude`` and ``~/.claude.json``); ``network.allowedDomains``
  (:data:`DEFAULT_DOMAINS` plus the hosts of the repository's remotes).
  ``excludedCommands`` is never written (measured: a command matching one
  runs unsandboxed with whatever follows it).
* ``.claude/settings.local.json`` (this machine only, git-ignored):
  ``sandbox.failIfUnavailable: true`` when the install found the sandbox
  working here and the mode is ``required`` (the default), and
  ``sandbox.filesystem.allowWrite`` for a remote that is a local directory
  (``git push`` to it writes outside the project). Because the fail-closed
  key is local, a teammate's clone without bubblewrap still starts; there
  ``guards/sandbox_wall.py`` blocks Bash with playgate's own message instead
  of Claude Code's "Refusing to start without a working sandbox".

Every ``denyWrite`` entry is project-relative (``./``: measured, relative to
the directory Claude Code starts in, the project) so it holds in every clone.
Directories are ones the install creates (:data:`CREATED_DIRS`): a missing
entry appears inside the sandbox as a placeholder device, which ``git add``
refuses (measured); single configuration files are listed whether they
exist or not (:data:`CONFIG_FILES`). Left writable on purpose:
``state.md`` and ``play/`` (committed files that ``git checkout``, ``merge``,
``stash`` and ``rebase`` rewrite; the shell analysis and the Edit/Write chain
guard them), ``.claude/state/``, ``.claude/session-state/`` and the lock
files in ``.claude/.locks/`` (the post-loop handler runs as a Bash command).

Modes (``--sandbox``): ``required`` (default), ``optional`` (no
``failIfUnavailable``), ``off`` (no sandbox settings at all).
"""

from __future__ import annotations

import copy
import json
import os
import re
import shutil

from playgate import suite
from playgate.installer.common import (
    CLAUDE,
    GIT_TIMEOUT,
    MANIFEST,
    PROTECTED,
    SETTINGS,
    VENV,
    bounded,
    join,
    mode_of,
    read,
    sha256,
    unlink,
    write,
)
from playgate.installer.speak import Text

from statefiles import layout  # noqa: E402 - the suite root is on sys.path (common)
from statefiles import sandbox as wall_state  # noqa: E402

MODES = ("required", "optional", "off")
DEFAULT_MODE = "required"
LOCAL_SETTINGS = ".claude/settings.local.json"

#: Package registries a sandboxed ``pip install``/``npm install``... reaches
#: (``network.allowedDomains``; everything else is refused by the sandbox's
#: proxy). The repository's remote hosts are added (:func:`remotes`).
DEFAULT_DOMAINS = (
    "pypi.org", "files.pythonhosted.org",
    "registry.npmjs.org", "registry.yarnpkg.com",
    "crates.io", "index.crates.io", "static.crates.io",
    "proxy.golang.org", "sum.golang.org",
    "rubygems.org",
    "repo.maven.apache.org", "repo1.maven.org",
)

#: The install's backups of the user's files (--uninstall restores from them).
BACKUPS = ".claude/.playgate-backup"
#: Directories the install creates so that they can be listed in
#: ``denyWrite`` (a missing entry becomes a placeholder device in the sandbox).
#: The backups' folder is one of them: listed only once it existed, a first
#: backup would change the settings again on the next install.
CREATED_DIRS = (layout.LOGS, layout.SESSION_INIT, layout.CACHE_DIR, BACKUPS)

#: Single files read as configuration by the suite or Claude Code, listed
#: whether they exist or not: one that does not is a placeholder device
#: inside the sandbox (and an empty read-only file on the host while the
#: command runs), so the agent cannot create it, and a
#: sandboxed ``git status`` lists it as untracked among the CLI's own
#: placeholders (``.bashrc``, ``.mcp.json``... measured), which ``git add -A``
#: without paths refuses anyway; the post-loop handler skips them.
CONFIG_FILES = (
    SETTINGS,
    LOCAL_SETTINGS,
    PROTECTED,
    MANIFEST,
    # Which suite a clone installs, and from where (committed): a rewritten
    # pin would send every teammate's setup to another source.
    layout.PIN,
    ".claude/permission-config.yaml",
    ".claude/permission-config.local.yaml",
    layout.CUSTOM_RULES,
    # The crew workflow's configuration (its memory server, its limits).
    ".claude/crew-config.yaml",
)

#: The user's Claude Code configuration (hooks, permissions, MCP servers).
HOME_ENTRIES = ("~/.claude", "~/.claude.json")


# ------------------------------------------------------------------ what to write

def deny_write(repo: str, venv: bool) -> list:
    """The ``filesystem.denyWrite`` entries for ``repo`` (``./``-relative
    and ``~/`` paths, in a fixed order): the suite's packages, skills and
    agents, its virtualenv (``venv``: the install makes or keeps
    ``.claude/.venv``), :data:`CREATED_DIRS`, the configuration files of
    :data:`CONFIG_FILES`, the backups when there are any, and
    :data:`HOME_ENTRIES`."""
    rels = [f"{CLAUDE}/{name}" for name in suite.PACKAGE_NAMES]
    rels += [f"{CLAUDE}/{suite.SKILLS}", f"{CLAUDE}/{suite.AGENTS}"]
    if venv or os.path.isdir(join(repo, VENV)):
        rels.append(VENV)
    rels += list(CREATED_DIRS)
    rels += list(CONFIG_FILES)
    out = []
    for rel in rels:
        entry = "./" + rel
        if entry not in out:
            out.append(entry)
    return out + list(HOME_ENTRIES)


_SCP = re.compile(r"^(?:[^@/\s]+@)?([A-Za-z0-9.-]+):(?!//)")


def _host_of(url: str):
    """``(host, None)`` for a network remote URL, ``(None, path)`` for a local
    one, ``(None, None)`` for anything else."""
    url = url.strip()
    if url.startswith("file://"):
        return None, url[len("file://"):] or None
    if "://" in url:
        rest = url.split("://", 1)[1]
        hostport = rest.split("/", 1)[0].rsplit("@", 1)[-1]
        host = hostport[1:].split("]", 1)[0] if hostport.startswith("[") else \
            hostport.split(":", 1)[0]
        return (host.lower() or None), None
    m = _SCP.match(url)
    if m and "/" not in url.split(":", 1)[0]:
        return m.group(1).lower(), None
    if url.startswith(("/", "~", ".")):
        return None, url
    return None, None


def remotes(repo: str) -> tuple:
    """``(hosts, local_dirs)`` of the repository's remotes
    (``remote.*.url`` and ``remote.*.pushurl``): network hosts for
    ``allowedDomains``, and local directories (absolute, real) a push
    writes into."""
    try:
        code, out, _err = bounded(["git", "-C", repo, "config", "--get-regexp",
                                   r"^remote\..*\.(push)?url$"], GIT_TIMEOUT)
    except Exception:  # noqa: BLE001 - no git, or it failed: no remotes known
        return [], []
    if code != 0:
        return [], []
    hosts, local = [], []
    for line in out.decode("utf-8", "replace").splitlines():
        parts = line.split(None, 1)
        if len(parts) != 2:
            continue
        host, path = _host_of(parts[1])
        if host and host not in hosts:
            hosts.append(host)
        elif path:
            full = os.path.realpath(os.path.join(repo, os.path.expanduser(path)))
            if full not in local:
                local.append(full)
    return hosts, local


def project_wanted(repo: str, venv: bool, hosts) -> dict:
    """The ``sandbox`` object for ``.claude/settings.json`` (see the module
    docstring)."""
    domains = list(DEFAULT_DOMAINS) + [h for h in hosts if h not in DEFAULT_DOMAINS]
    return {
        "enabled": True,
        "allowUnsandboxedCommands": False,
        "autoAllowBashIfSandboxed": False,
        "filesystem": {"denyWrite": deny_write(repo, venv)},
        "network": {"allowedDomains": domains},
    }


def local_wanted(mode: str, working: bool, local_dirs) -> dict:
    """The ``sandbox`` object for ``.claude/settings.local.json``."""
    out: dict = {}
    if mode == "required" and working:
        out["failIfUnavailable"] = True
    if local_dirs:
        out["filesystem"] = {"allowWrite": ["//" + d.lstrip("/") for d in local_dirs]}
    return out


def probe(env=None, platform: str | None = None) -> tuple:
    """``(status, detail)`` of the sandbox on this machine: ``working``,
    ``missing`` (detail: the programs), ``unsupported`` (detail: the
    platform) or ``broken`` (bubblewrap is there but cannot start a
    sandbox here, e.g. user namespaces disabled; detail: its error)."""
    env = os.environ if env is None else env
    supported, missing = wall_state.machine(env, platform)
    name = wall_state.platform_name(platform)
    if not supported:
        if missing == ("unsupported",):
            return "unsupported", name
        return "missing", ", ".join(missing)
    if name != "linux":
        return "working", name
    bwrap = shutil.which("bwrap", path=env.get("PATH"))
    try:
        code, _out, err = bounded([bwrap or "bwrap", "--ro-bind", "/", "/", "--dev", "/dev",
                                   "--unshare-pid", "--unshare-net", "--die-with-parent",
                                   "true"], 10)
    except Exception as exc:  # noqa: BLE001 - it could not even start
        return "broken", str(exc)
    if code != 0:
        return "broken", err.decode("utf-8", "replace").strip()[-200:] or f"exit {code}"
    return "working", name


# ------------------------------------------------------------------ merging

def merge_into(target: dict, wanted: dict, previous: dict | None) -> dict:
    """Merge ``wanted`` into ``target`` (in place) without replacing
    anything of the user's: a missing key is set, a list gets its missing
    entries appended. What an earlier install added (``previous``, its
    record) that ``wanted`` no longer has is taken out first, so the
    result is the same whatever was installed before. Returns the record:
    ``{"set": {dotted key: value}, "added": {dotted key: [entries]},
    "created": [dotted keys of objects and lists made], "kept": {dotted
    key: the user's value where it differs from ``wanted``}}``."""
    previous = previous or {}
    for key, entries in (previous.get("added") or {}).items():
        want = _get(wanted, key)
        have = _get(target, key)
        stale = [e for e in entries if not isinstance(want, list) or e not in want]
        if stale and isinstance(have, list):
            have[:] = [e for e in have if e not in stale]
    for key, value in (previous.get("set") or {}).items():
        if _get(wanted, key) != value:
            _delete(target, key, value)
    record = {"set": {}, "added": {}, "created": [], "kept": {}}
    _merge(target, wanted, "", record, previous)
    for key, value in (previous.get("set") or {}).items():
        if key not in record["set"] and _get(target, key) == value == _get(wanted, key):
            record["set"][key] = value
    for key, entries in (previous.get("added") or {}).items():
        want = _get(wanted, key)
        have = _get(target, key)
        if not isinstance(want, list) or not isinstance(have, list):
            continue
        mine = list(record["added"].get(key, ())) + [e for e in entries if e in want and e in have]
        if mine:
            ordered = []
            for e in want:
                if e in mine and e not in ordered:
                    ordered.append(e)
            record["added"][key] = ordered
    record["created"] = sorted(set(record["created"]) | {
        k for k in previous.get("created") or () if isinstance(_get(target, k), (dict, list))})
    return record


def _delete(target: dict, dotted: str, value) -> None:
    """Delete the key ``dotted`` of ``target`` when it still holds ``value``."""
    parent, _, name = dotted.rpartition(".")
    holder = _get(target, parent) if parent else target
    if isinstance(holder, dict) and name in holder and holder[name] == value:
        del holder[name]


def _get(obj, dotted: str):
    for part in dotted.split("."):
        if not isinstance(obj, dict) or part not in obj:
            return None
        obj = obj[part]
    return obj


def _merge(target: dict, wanted: dict, prefix: str, record: dict, previous: dict) -> None:
    for key, value in wanted.items():
        dotted = f"{prefix}{key}"
        if isinstance(value, dict):
            if key not in target:
                target[key] = {}
                record["created"].append(dotted)
            if isinstance(target[key], dict):
                _merge(target[key], value, dotted + ".", record, previous)
            else:
                record["kept"][dotted] = target[key]
        elif isinstance(value, list):
            if key not in target:
                target[key] = []
                record["created"].append(dotted)
            if isinstance(target[key], list):
                for entry in value:
                    if entry not in target[key]:
                        target[key].append(entry)
                        record["added"].setdefault(dotted, []).append(entry)
            else:
                record["kept"][dotted] = target[key]
        elif key not in target:
            target[key] = value
            record["set"][dotted] = value
        elif target[key] != value:
            if (previous.get("set") or {}).get(dotted) != target[key]:
                record["kept"][dotted] = target[key]


def unmerge_from(target: dict, record: dict | None) -> None:
    """The inverse of :func:`merge_into` (in place): added entries and set
    keys still holding what the install wrote are removed, then the objects
    and lists it created when they are left empty."""
    if not record:
        return
    for key, entries in (record.get("added") or {}).items():
        have = _get(target, key)
        if isinstance(have, list):
            have[:] = [e for e in have if e not in entries]
    for key, value in (record.get("set") or {}).items():
        _delete(target, key, value)
    for key in sorted(record.get("created") or (), key=lambda k: -k.count(".")):
        parent, _, name = key.rpartition(".")
        holder = _get(target, parent) if parent else target
        if isinstance(holder, dict) and holder.get(name) in ({}, []):
            del holder[name]


def _merge_key(settings: dict, wanted: dict, previous: dict | None) -> dict | None:
    """Merge ``wanted`` as the ``sandbox`` object of ``settings`` (in place),
    or take ``previous`` (an earlier install's record) out when ``wanted``
    is empty. Returns the new record (``made_key``: the install created the
    ``sandbox`` key), ``None`` when nothing of ours is left."""
    previous = previous or {}
    made = bool(previous.get("made_key")) or "sandbox" not in settings
    if not wanted:
        if isinstance(settings.get("sandbox"), dict):
            unmerge_from(settings["sandbox"], previous)
            if made and settings["sandbox"] == {}:
                del settings["sandbox"]
        return None
    box = settings.setdefault("sandbox", {})
    record = merge_into(box, wanted, previous)
    record["made_key"] = made
    return record


def _mode(inst) -> str:
    """``--sandbox`` when given, else the previous install's mode (the
    manifest), else — a clone's setup, which has no manifest and changes no
    committed file — what the committed settings say (a ``sandbox`` with
    ``enabled: true``: ``required``; none: ``off``), else :data:`DEFAULT_MODE`."""
    mode = getattr(inst, "sandbox_mode", None)
    if mode in MODES:
        return mode
    previous = (inst.m.get("sandbox") or {}).get("mode")
    if previous in MODES:
        return previous
    if getattr(inst, "repair", False) and getattr(inst, "first", False):
        try:
            committed = json.loads((read(join(inst.repo, SETTINGS)) or b"{}").decode("utf-8"))
        except (ValueError, UnicodeDecodeError):
            committed = None
        if isinstance(committed, dict):
            box = committed.get("sandbox")
            return "required" if isinstance(box, dict) and box.get("enabled") is True else "off"
    return DEFAULT_MODE


def _detect(inst) -> tuple:
    if getattr(inst, "_sandbox_probe", None) is None:
        inst._sandbox_probe = probe()
    return inst._sandbox_probe


def merge_project(inst, merged: dict) -> None:
    """For :func:`playgate.installer.settings.plan_step`: merge the project
    ``sandbox`` object into the settings ``merged`` (in place) and keep the
    record in the manifest's ``sandbox`` entry. Mode ``off`` takes out what
    an earlier install added."""
    if not isinstance(inst.m.get("sandbox"), dict):
        inst.m["sandbox"] = {}
    entry = inst.m["sandbox"]
    mode = _mode(inst)
    entry["mode"] = mode
    if "sandbox" in merged and not isinstance(merged["sandbox"], dict):
        inst.plan.note(Text("installer.note.sandbox_not_object", path=SETTINGS))
        return
    wanted = {}
    if mode != "off":
        hosts, _local = _remotes(inst)
        wanted = project_wanted(inst.repo, not getattr(inst, "python", None), hosts)
    record = _merge_key(merged, wanted, entry.get("project"))
    entry["project"] = record
    for key, value in (record or {}).get("kept", {}).items():
        inst.plan.note(Text("installer.note.sandbox_kept", path=SETTINGS, key=key,
                            value=json.dumps(value), wanted=json.dumps(_get(wanted, key))))
    if isinstance(merged.get("sandbox"), dict) and merged["sandbox"].get("excludedCommands"):
        inst.plan.note(Text("installer.note.sandbox_excluded", path=SETTINGS))


def unmerge_project(result: dict, entry) -> None:
    """For ``--uninstall``: take the install's ``sandbox`` object out of the
    settings ``result`` (in place)."""
    record = entry.get("project") if isinstance(entry, dict) else None
    if record:
        _merge_key(result, {}, record)


def _remotes(inst) -> tuple:
    if getattr(inst, "_sandbox_remotes", None) is None:
        inst._sandbox_remotes = remotes(inst.repo)
    return inst._sandbox_remotes


# ------------------------------------------------------------------ the install step

def plan_step(inst) -> None:
    """Plan the rest of the wall for the install ``inst``: create the
    directories :func:`deny_write` lists, merge the local ``sandbox``
    object into ``.claude/settings.local.json``, and say loudly what the
    network allows and whether the wall is up on this machine."""
    mode = _mode(inst)
    entry = inst.m.setdefault("sandbox", {})
    entry["mode"] = mode
    if mode != "off":
        for rel in CREATED_DIRS:
            if not os.path.isdir(join(inst.repo, rel)):
                inst.mark_dirs(rel + "/x")
                inst.plan.step("create", Text("installer.what.sandbox_dir", path=rel),
                               os.makedirs, join(inst.repo, rel), 0o755, True)
    status, detail = _detect(inst) if mode != "off" else ("off", "")
    _, local_dirs = _remotes(inst)
    wanted = local_wanted(mode, status == "working", local_dirs) if mode != "off" else {}
    _plan_local(inst, wanted)
    _say(inst, mode, status, detail)


def _say(inst, mode: str, status: str, detail: str) -> None:
    note = inst.plan.note
    if mode == "off":
        note(Text("installer.note.sandbox_off"))
        return
    hosts, local_dirs = _remotes(inst)
    extra = [h for h in hosts if h not in DEFAULT_DOMAINS]
    registries = ", ".join(DEFAULT_DOMAINS[:4])
    if extra:
        note(Text("installer.note.sandbox_network_remotes", path=SETTINGS, registries=registries,
                  hosts=", ".join(extra)))
    else:
        note(Text("installer.note.sandbox_network", path=SETTINGS, registries=registries))
    if local_dirs:
        note(Text("installer.note.sandbox_local_remotes", path=LOCAL_SETTINGS,
                  dirs=", ".join(local_dirs)))
    if status == "working":
        if mode == "required":
            note(Text("installer.note.sandbox_on_required", path=LOCAL_SETTINGS))
        else:
            note(Text("installer.note.sandbox_on"))
    elif status == "missing":
        note(Text("installer.note.sandbox_missing", missing=detail,
                  command=wall_state.install_hint(detail.split(", "), "linux")))
    elif status == "unsupported":
        note(Text("installer.note.sandbox_unsupported", platform=detail))
    else:
        note(Text("installer.note.sandbox_broken", detail=detail))


def _dump(settings: dict, like: bytes | None) -> bytes:
    indent = 2
    if like:
        for line in like.decode("utf-8", "replace").splitlines()[1:]:
            stripped = line.lstrip(" \t")
            if stripped and stripped != line:
                lead = line[: len(line) - len(stripped)]
                indent = "\t" if lead.startswith("\t") else len(lead)
                break
    return (json.dumps(settings, indent=indent, ensure_ascii=False) + "\n").encode("utf-8")


def _plan_local(inst, wanted: dict) -> None:
    """Merge ``wanted`` into ``.claude/settings.local.json`` (a step), or
    take an earlier install's part out of it."""
    entry = inst.m["sandbox"]
    path = join(inst.repo, LOCAL_SETTINGS)
    data = read(path)
    try:
        current = json.loads(data.decode("utf-8")) if data is not None else {}
    except (ValueError, UnicodeDecodeError):
        current = None
    if not isinstance(current, dict) or not isinstance(current.get("sandbox", {}), dict):
        inst.plan.note(Text("installer.note.sandbox_local_invalid", path=LOCAL_SETTINGS))
        return
    local = dict(entry.get("local") or {})
    if "existed" not in local:
        local.update(existed=data is not None,
                     original_sha256=sha256(data) if data is not None else None,
                     original_backup=None)
    merged = copy.deepcopy(current)
    local["record"] = _merge_key(merged, wanted, local.get("record"))
    entry["local"] = local
    if merged == current:
        return
    if data is None:
        inst.mark_dirs(LOCAL_SETTINGS)
    what = (Text("installer.what.sandbox_local_backup", path=LOCAL_SETTINGS,
                 backups=inst.backup_root) if data is not None
            else Text("installer.what.sandbox_local", path=LOCAL_SETTINGS))
    inst.plan.step("merge" if data is not None else "create", what, _write_local, inst,
                   merged, data)


def _write_local(inst, merged: dict, data: bytes | None) -> None:
    path = join(inst.repo, LOCAL_SETTINGS)
    local = inst.m["sandbox"]["local"]
    if data is not None:
        backup = inst.backup(LOCAL_SETTINGS, data, mode_of(path))
        if local.get("original_backup") is None and local.get("existed") \
                and sha256(data) == local.get("original_sha256"):
            local["original_backup"] = backup
    if merged == {} and not local.get("existed"):
        unlink(path)
        return
    write(path, _dump(merged, data), mode_of(path) if data is not None else 0o644,
          durable=True)


def uninstall_steps(root: str, m: dict, plan) -> None:
    """Plan restoring ``.claude/settings.local.json`` for ``--uninstall``:
    the original bytes when taking out the install's part gives them back,
    the file removed when the install made it and nothing else is in it,
    else the file without the install's part."""
    entry = m.get("sandbox") if isinstance(m.get("sandbox"), dict) else {}
    local = entry.get("local") or {}
    record = local.get("record")
    path = join(root, LOCAL_SETTINGS)
    data = read(path)
    if not local or data is None:
        return
    try:
        current = json.loads(data.decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        plan.note(Text("installer.note.sandbox_local_kept", path=LOCAL_SETTINGS))
        return
    if not isinstance(current, dict):
        return
    result = copy.deepcopy(current)
    _merge_key(result, {}, record)
    if result == current:
        return
    mode = mode_of(path)
    if not local.get("existed"):
        if result == {}:
            plan.step("remove", LOCAL_SETTINGS, unlink, path)
            return
    else:
        original = read(join(root, local["original_backup"])) \
            if local.get("original_backup") else None
        if original is not None and sha256(original) == local.get("original_sha256"):
            try:
                if json.loads(original.decode("utf-8")) == result:
                    plan.step("restore", Text("installer.what.sandbox_local_restored",
                                              path=LOCAL_SETTINGS),
                              write, path, original, mode)
                    return
            except ValueError:
                pass
    plan.step("update", Text("installer.what.sandbox_local_unmerged", path=LOCAL_SETTINGS),
              write, path, _dump(result, data), mode)


