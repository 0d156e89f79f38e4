"""The archive's settings: state.md ``config.archive_*`` (SPEC §7: the
``config`` section is human-only)."""

from __future__ import annotations

from messages import Text
from statefiles import state_md
from statefiles.checkpoint import GIT_LEVELS
from workflow import registry

MERGE_METHODS = ("merge", "squash", "rebase")


def git_level(value) -> tuple:
    """``(level, problem)`` for ``config.archive_git``: ``level`` is a key of
    :data:`GIT_LEVELS`; ``problem`` names an unreadable value (read as off)."""
    if value is None or value is False:
        return "off", None
    if value is True:
        return "merge", None
    text = str(value).strip().lower()
    if text in ("", "off", "false", "no", "none", "null", "0"):
        return "off", None
    if text in ("true", "yes", "on", "1", "full", "all"):
        return "merge", None
    if text in GIT_LEVELS:
        return text, None
    return "off", Text("archive.config.git", value=repr(value))


def read_config(root: str) -> dict:
    """The archive settings from state.md's ``config`` section (SPEC §7:
    human-only): ``{"git": level, "problem": str|None, "merge_method": ...,
    "default_branch": str|None, "remote": str|None, "branch_policy": "feature"|"trunk"}``
    (the branch policy: :func:`workflow.registry.branch_policy_in`)."""
    state = state_md.load(root)
    config = state.section("config") if state is not None else {}
    level, problem = git_level(config.get("archive_git"))
    method = str(config.get("archive_merge_method") or "merge").strip().lower()
    if method not in MERGE_METHODS:
        problem = problem or Text("archive.config.merge_method", value=repr(method))
        method = "merge"

    def text(key):
        """``config[key]`` stripped, or ``None`` when it is not a non-empty string."""
        value = config.get(key)
        return value.strip() if isinstance(value, str) and value.strip() else None

    return {"git": level, "problem": problem, "merge_method": method,
            "default_branch": text("archive_default_branch"), "remote": text("archive_remote"),
            "branch_policy": registry.branch_policy_in(config)}
