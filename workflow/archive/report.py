"""The archive's report for Claude: what was done, what stopped and what
to do next, in the reader's language."""

from __future__ import annotations

from messages import text
from statefiles import layout
from statefiles.checkpoint import FAILED, PARTIAL, RUNNING, SUCCESS, git_steps, said
from workflow.archive.steps import STEP_LABELS


def describe(cp: dict, for_handler: bool = False, lang: str = "en",
             root: str | None = None) -> str:
    """A report of ``cp`` for Claude: what was done, what stopped and what
    to do next, in ``lang`` (the message catalogue; step
    details and git output stay as recorded). With the project ``root``, the
    post-loop command named is the one for this installation
    (:func:`statefiles.layout.post_loop_command`)."""
    def say(key, **fields):
        """The catalogue message ``key`` in the report's language."""
        return text(lang, key, **fields)

    def label(step):
        """The catalogue name of ``step`` (``archive.step.<step>``), or the in-progress phrase
        for an unknown step."""
        return say(f"archive.step.{step}") if step in STEP_LABELS else say("archive.in_progress")

    steps = cp.get("steps", {})
    status = cp.get("status")
    lines = []
    if steps.get("archive", {}).get("status") == "done":
        lines.append(say("archive.archived", id=cp.get("id"), archive=cp.get("archive")))
    else:
        lines.append(say("archive.archiving", id=cp.get("id"),
                         step=label(cp.get("failed_step") or "")))
    done_git = [say("archive.git_done", step=label(s), detail=said(steps[s], "detail"))
                for s in git_steps(cp)
                if steps.get(s, {}).get("status") == "done" and steps[s].get("detail")]
    skipped_git = [say("archive.git_skipped", step=label(s), detail=said(steps[s], "detail"))
                   for s in git_steps(cp)
                   if steps.get(s, {}).get("status") == "skipped" and steps[s].get("detail")
                   and steps[s].get("detail") != "not applicable"]
    if done_git or skipped_git:
        lines.append(say("archive.git", steps="; ".join(done_git + skipped_git)))
    if cp.get("git_problem"):
        lines.append(say("archive.note", note=said(cp, "git_problem")))
    if cp.get("git") == "off" and status == SUCCESS and not for_handler:
        lines.append(say("archive.git_off"))
    if status == FAILED:
        lines.append(say("archive.problem",
                         problem=said(cp, "message") or say("archive.step_failed")))
    elif status == PARTIAL:
        lines.append(say("archive.partial", message=said(cp, "message") or ""))
    elif status == RUNNING and cp.get("message"):
        lines.append(say("archive.running", message=said(cp, "message")))
    if not for_handler and steps.get("pending", {}).get("status") == "done":
        command = (layout.post_loop_command(root) if root is not None
                   else f"python3 {layout.POST_LOOP_HANDLER}")
        lines.append(say("archive.call_post_loop", command=command))
    return " ".join(lines)
