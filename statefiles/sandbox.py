"""Claude Code's Bash sandbox as the CLI applies it: the outer wall.

Claude Code can run every Bash tool command inside an operating-system
sandbox (bubblewrap on Linux, Seatbelt on macOS; settings key ``sandbox``,
``reference/claude-code-hooks.md`` "The Bash sandbox"). With
``filesystem.denyWrite`` listing the gate's files, a Bash command cannot
write them whatever its spelling; the shell analysis (bash-check) stays the
inner wall. This module reads what the CLI will do, for the hooks
(``guards/sandbox_wall.py``), ``playgate doctor``/``status`` and the
installer:

* :func:`effective` — the ``sandbox`` object of the settings layers merged as
  the CLI merges them (measured with 2.1.329 and 2.1.332: the local layer's
  ``failIfUnavailable`` and ``filesystem.allowWrite`` combine with the
  project's ``enabled`` and ``filesystem.denyWrite``);
* :func:`machine` — whether this machine can run it: on Linux ``bwrap`` and
  ``socat`` on ``PATH`` (the CLI's own test: "dependencies are missing:
  bubblewrap (bwrap) not installed, socat not installed"), on macOS
  ``/usr/bin/sandbox-exec``; nowhere else;
* :func:`wall` — both together, as one :class:`Wall`.

Standard library and :mod:`statefiles.fastjson` only: the Bash chain reads it
on every call (three small files).
"""

from __future__ import annotations

import os
import sys

from statefiles import fastjson
from statefiles.atomic import read_bytes

#: The settings layers, lowest precedence first (Claude Code: user < project
#: < local < managed). ``~`` is the user's home.
LAYERS = (
    ("user", "~/.claude/settings.json"),
    ("project", ".claude/settings.json"),
    ("local", ".claude/settings.local.json"),
    ("managed", "/etc/claude-code/managed-settings.json"),
)
#: Largest settings file read (bytes); a larger one is read as empty.
MAX_SETTINGS = 1024 * 1024
#: What the sandbox needs on Linux (Debian packages of the same names).
LINUX_PROGRAMS = ("bwrap", "socat")
LINUX_PACKAGES = ("bubblewrap", "socat")
#: Seatbelt's front end on macOS.
MACOS_SANDBOX_EXEC = "/usr/bin/sandbox-exec"


def _layer_path(root: str, home: str, rel: str) -> str:
    if rel.startswith("~/"):
        return os.path.join(home, rel[2:]) if home else ""
    if rel.startswith("/"):
        return rel
    return os.path.join(root, *rel.split("/"))


def _read_sandbox(path: str):
    """The ``sandbox`` object of the settings file ``path``, ``None`` when
    the file has none, or ``"?"`` when it exists but cannot be read as JSON
    (an unknown configuration)."""
    if not path:
        return None
    try:
        data = read_bytes(path, MAX_SETTINGS + 1)
    except FileNotFoundError:
        return None
    except OSError:
        return "?"
    if b'"sandbox"' not in data:
        return None
    if len(data) > MAX_SETTINGS:
        return "?"
    try:
        settings = fastjson.loads(data.decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        return "?"
    value = settings.get("sandbox") if isinstance(settings, dict) else None
    return value if isinstance(value, dict) else None


def merge(low: dict, high: dict) -> dict:
    """``high`` over ``low`` as the CLI merges settings layers: objects key
    by key, lists concatenated (duplicates dropped), anything else replaced."""
    out = dict(low)
    for key, value in high.items():
        before = out.get(key)
        if isinstance(before, dict) and isinstance(value, dict):
            out[key] = merge(before, value)
        elif isinstance(before, list) and isinstance(value, list):
            out[key] = before + [v for v in value if v not in before]
        else:
            out[key] = value
    return out


def effective(root: str, home: str = "") -> tuple:
    """``(sandbox, sources, unreadable)``: the merged ``sandbox`` object of
    the settings layers (:data:`LAYERS`) of the project ``root`` and the
    user's ``home``; ``sources`` names the layers that set one; and
    ``unreadable`` the layers that exist but cannot be read (their settings
    are unknown)."""
    merged: dict = {}
    sources = []
    unreadable = []
    for name, rel in LAYERS:
        value = _read_sandbox(_layer_path(root, home, rel))
        if value == "?":
            unreadable.append(name)
        elif value:
            merged = merge(merged, value)
            sources.append(name)
    return merged, tuple(sources), tuple(unreadable)


def _on_path(program: str, env) -> bool:
    for entry in (env.get("PATH") or os.defpath).split(os.pathsep):
        if entry and os.path.isabs(entry):
            candidate = os.path.join(entry, program)
            if os.path.isfile(candidate) and os.access(candidate, os.X_OK):
                return True
    return False


def platform_name(platform: str | None = None) -> str:
    """``linux``, ``macos``, ``windows`` or the raw ``sys.platform``."""
    p = platform or sys.platform
    if p.startswith("linux"):
        return "linux"
    if p == "darwin":
        return "macos"
    if p in ("win32", "cygwin", "msys"):
        return "windows"
    return p


def machine(env=None, platform: str | None = None) -> tuple:
    """``(supported, missing)`` for this machine: ``supported`` when Claude
    Code can sandbox Bash here (Linux with every program of
    :data:`LINUX_PROGRAMS` on ``PATH`` — only absolute entries count —,
    macOS with :data:`MACOS_SANDBOX_EXEC`); ``missing`` names the programs
    to install (Linux) or is ``("unsupported",)`` on a platform the CLI
    cannot sandbox (Windows)."""
    env = os.environ if env is None else env
    name = platform_name(platform)
    if name == "linux":
        missing = tuple(p for p in LINUX_PROGRAMS if not _on_path(p, env))
        return not missing, missing
    if name == "macos":
        ok = os.path.isfile(MACOS_SANDBOX_EXEC)
        return ok, () if ok else ("sandbox-exec",)
    return False, ("unsupported",)


class Wall:
    """The outer wall for one project as the CLI will apply it.

    Attributes:
        state: ``up`` (enabled and this machine supports it), ``off`` (not
            enabled: the user's choice, or not installed), ``missing``
            (enabled, but this machine lacks ``missing``), ``unsupported``
            (enabled on a platform the CLI cannot sandbox), ``unknown`` (a
            settings layer that sets it cannot be read).
        sandbox: the merged ``sandbox`` object; ``sources``: the layers
            that set it; ``unreadable``: layers that could not be read.
        platform: :func:`platform_name`; ``missing``: programs to install.
        weaknesses: settings that open the wall (``excludedCommands``,
            ``allowUnsandboxedCommands`` not false,
            ``autoAllowBashIfSandboxed`` not false — the last skips the
            permission gate).
    """

    __slots__ = ("state", "sandbox", "sources", "unreadable", "platform", "missing",
                 "weaknesses")

    def __init__(self, state, sandbox, sources, unreadable, platform, missing, weaknesses):
        self.state = state
        self.sandbox = sandbox
        self.sources = sources
        self.unreadable = unreadable
        self.platform = platform
        self.missing = missing
        self.weaknesses = weaknesses

    @property
    def deny_write(self) -> list:
        """``filesystem.denyWrite`` as merged."""
        fs = self.sandbox.get("filesystem")
        value = fs.get("denyWrite") if isinstance(fs, dict) else None
        return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []

    @property
    def fail_if_unavailable(self) -> bool:
        return self.sandbox.get("failIfUnavailable") is True


def weaknesses(sandbox: dict) -> tuple:
    """The settings in ``sandbox`` that open the wall (see :class:`Wall`)."""
    found = []
    if sandbox.get("excludedCommands"):
        found.append("excludedCommands")
    if sandbox.get("allowUnsandboxedCommands") is not False:
        found.append("allowUnsandboxedCommands")
    if sandbox.get("autoAllowBashIfSandboxed") is not False:
        found.append("autoAllowBashIfSandboxed")
    return tuple(found)


def wall(root: str, env=None, platform: str | None = None) -> Wall:
    """The :class:`Wall` of the project ``root`` on this machine (``env``:
    the environment whose ``PATH`` the CLI searches and whose ``HOME`` holds
    the user's settings)."""
    env = os.environ if env is None else env
    home = env.get("HOME") or ""
    sandbox, sources, unreadable = effective(root, home)
    supported, missing = machine(env, platform)
    name = platform_name(platform)
    if unreadable:
        state = "unknown"
    elif sandbox.get("enabled") is not True:
        state = "off"
    elif supported:
        state = "up"
    elif missing == ("unsupported",):
        state = "unsupported"
    else:
        state = "missing"
    return Wall(state, sandbox, sources, unreadable, name, missing, weaknesses(sandbox))


def install_hint(missing, platform: str) -> str:
    """The command that gets the sandbox onto this machine (Debian/Ubuntu
    packages on Linux), or ``""`` when there is none."""
    if platform == "linux":
        packages = [pkg for prog, pkg in zip(LINUX_PROGRAMS, LINUX_PACKAGES)
                    if prog in missing] or list(LINUX_PACKAGES)
        return "sudo apt-get install -y " + " ".join(packages)
    return ""


#: Floor patterns a broader deny rule already covers (``settings*.json``).
_COVERED = frozenset({".claude/settings.json", ".claude/settings.local.json",
                      "~/.claude/settings.json", "~/.claude/settings.local.json"})


def deny_spec(pattern: str) -> str:
    """A protection-floor pattern as a Claude Code permission rule path:
    ``./`` for project-relative, ``~/`` kept, ``//`` for absolute."""
    if pattern.startswith("~/"):
        return pattern
    if pattern.startswith("/"):
        return "/" + pattern
    return "./" + pattern


def floor_deny_rules() -> list:
    """The ``permissions.deny`` rules that keep Edit and Write off the
    suite's own files (``statefiles.protected.FLOOR``), in floor order:
    ``Edit(./.claude/hooks/**)``, ``Write(./.claude/hooks/**)``...
    ``settings.template.json`` carries exactly these (a test checks)."""
    from statefiles.protected import FLOOR  # lazy: doctor and the tests only

    rules = []
    for pattern in FLOOR:
        if pattern in _COVERED:
            continue
        for tool in ("Edit", "Write"):
            rule = f"{tool}({deny_spec(pattern)})"
            if rule not in rules:
                rules.append(rule)
    return rules


def deny_rules(root: str, home: str = "") -> list:
    """Every ``permissions.deny`` rule of the project's settings layers
    (user, project, local, managed), unreadable layers skipped."""
    found = []
    for _name, rel in LAYERS:
        path = _layer_path(root, home, rel)
        try:
            data = fastjson.loads(read_bytes(path, MAX_SETTINGS).decode("utf-8")) if path else {}
        except (OSError, ValueError, UnicodeDecodeError):
            continue
        perms = data.get("permissions") if isinstance(data, dict) else None
        deny = perms.get("deny") if isinstance(perms, dict) else None
        if isinstance(deny, list):
            found += [r for r in deny if isinstance(r, str) and r not in found]
    return found
