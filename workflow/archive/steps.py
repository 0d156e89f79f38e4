"""The archive steps' contract: how a step says it failed or does not
apply, and the steps' names for Claude."""

from __future__ import annotations

from messages import text


class StepFailed(Exception):
    """A step could not do its work. ``reason`` says what was found, ``hint``
    what to do. A failed git step stops the git part (``partial``); a failed
    local step leaves the archive ``failed`` and is retried."""

    def __init__(self, reason: str, hint: str = "") -> None:
        super().__init__(reason)
        self.reason = reason
        self.hint = hint


class StepSkipped(Exception):
    """The step does not apply (e.g. no PR from the default branch); the
    message says why. With ``rest=True`` the later git steps are skipped too."""

    def __init__(self, reason: str, rest: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.rest = rest


STEP_LABELS = {
    "cleanup": "cleanup of tmp/", "archive": "archive", "state_reset": "state.md reset",
    "pending": "post-loop-pending", "commit": "commit", "push": "push",
    "pr_create": "pull request", "pr_merge": "merge",
    "return_default": "return to the default branch",
    "trunk_merge": "merge into the trunk", "branch_delete": "deletion of the merged branch",
}


def describe_step(step: str, lang: str = "en") -> str:
    """The name of ``step`` for Claude, in ``lang`` (the catalogue's
    ``archive.step.<step>``)."""
    return text(lang, f"archive.step.{step}") if step in STEP_LABELS else step
