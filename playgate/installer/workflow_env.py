"""The installer's ``--workflow NAME``: choose a workflow, and offer the
environment it needs.

``install.py --workflow breezing <repo>`` (and ``playgate install
--workflow ...``) sets state.md ``config.workflow`` (a human's choice, made
by the human running the installer) and, for a workflow whose registry
entry names an ``env`` (breezing: Agent Teams and the task list tools,
``workflow.registry``), offers to add those keys to the project's
``.claude/settings.json`` ``env`` — like the status line offer
(:mod:`playgate.installer.statusline`): with ``--yes`` or a yes at the
terminal prompt; the keys added are recorded in the manifest's ``settings``
entry (``env``), so ``--uninstall`` removes exactly them
(:func:`playgate.installer.settings.unmerge_settings`). A key the user has
already set is left as it is. A re-install of a repository whose state.md
already names such a workflow makes the same offer.
"""

from __future__ import annotations

import json

import playgate.installer.manifest as manifest
import playgate.installer.settings as settings
from playgate.installer.common import MANIFEST, SETTINGS, join, mode_of, read, write
from playgate.installer.speak import say
from statefiles import state_md  # noqa: E402 - the suite root is on sys.path (common)
from workflow import registry  # noqa: E402 - as above


def workflow_names() -> tuple:
    """The workflows ``--workflow`` accepts (the registry's names)."""
    return registry.NAMES


def choose(repo: str, name: str | None, *, dry_run: bool = False, out=print,
           lang: str = "en") -> str | None:
    """Set state.md ``config.workflow`` to ``name`` (one of
    :func:`workflow_names`, when given) and return the workflow the
    repository uses (``None`` when state.md does not say or cannot be
    read). A state.md that cannot be updated is left as it is, with the
    line to set by hand."""
    if name:
        if dry_run:
            out(say(lang, "installer.workflow_would", name=name))
            return name
        try:
            state_md.update_keys(repo, "config", {"workflow": name})
        except Exception as exc:  # noqa: BLE001 - the install itself succeeded
            out(say(lang, "installer.workflow_unchanged", error=str(exc), name=name))
            return name
        out(say(lang, "installer.workflow_set", name=name))
        return name
    try:
        state = state_md.load(repo)
        value = state.get("config", "workflow", None) if state is not None else None
    except Exception:  # noqa: BLE001 - an unreadable state.md is doctor's to report
        return None
    return value.strip().lower() if isinstance(value, str) else None


def offer_env(repo: str, name: str | None, *, assume_yes: bool = False, dry_run: bool = False,
              ask=None, out=print, lang: str = "en") -> bool:
    """Offer the ``env`` keys of workflow ``name`` (after an install).
    Returns True when they are all set (now or before)."""
    wf = registry.BY_NAME.get(name or "")
    if wf is None or not wf.env:
        return False
    m = manifest.load(repo)
    if m is None or not isinstance(m.get("settings"), dict):
        return False
    path = join(repo, SETTINGS)
    data = read(path)
    try:
        current = json.loads(data.decode("utf-8")) if data is not None else None
    except (ValueError, UnicodeDecodeError):
        current = None
    if not isinstance(current, dict):
        return False
    env = current.get("env") if isinstance(current.get("env"), dict) else {}
    missing = {k: v for k, v in wf.env if k not in env}
    if not missing:
        return True
    out(say(lang, "installer.workflow_env", name=wf.name, keys=", ".join(missing),
            settings=SETTINGS, docs=wf.docs or "docs/workflows.md"))
    if dry_run:
        out(say(lang, "installer.offer_dry"))
        return False
    agreed = assume_yes or (ask is not None and ask(say(lang, "installer.workflow_env_ask")))
    if not agreed:
        out(say(lang, "installer.workflow_env_not", settings=SETTINGS,
                json=json.dumps({"env": missing})))
        return False
    record = m["settings"]
    if "env" not in current:
        record["created_keys"] = sorted(set(record.get("created_keys") or ()) | {"env"})
    current.setdefault("env", {}).update(missing)
    write(path, settings.dump(current, data.decode("utf-8")), mode_of(path), durable=True)
    record["env"] = {**(record.get("env") or {}), **missing}
    write(join(repo, MANIFEST), manifest.dumps(m))
    out(say(lang, "installer.workflow_env_done", settings=SETTINGS))
    return True
