"""Evidence the hooks observed: the commands a critic run executed and what
they returned, against the commands its verdicts rest on (docs/reward-fraud.md
"Observed evidence").

Claude Code hands every tool call of a subagent to the project's hooks with
the subagent's ``agent_id`` (docs/claude-code-measured.md, "Subagents' tool
calls and failing commands"): a Bash command that exits 0 fires PostToolUse,
one that exits non-zero PostToolUseFailure with ``error: "Exit code <n>\\n…"``.
critic-commands records each command of a critic in
``.claude/logs/critic-commands.jsonl`` (HARD_BLOCK: readable, not writable by
Claude); at the critic's stop, critic-ledger judges each PASS against it:

* a subtask's commands are the ``command`` of every automated entry of its
  ``validation_plan`` (an entry whose ``type`` is ``manual`` is left to the
  critic's judgement, as is an entry without a command); the playbook's are
  the ``command`` of each ``goal.done_when`` item;
* a command *ran in the critic's run* when a record of the same ``agent_id``
  has the same command line after :func:`normalise`;
* a PASS whose commands all ran and whose last run of each returned 0 is
  recorded as the critic said; otherwise it is recorded as a FAIL whose
  reason names the command and its exit status (or that it did not run).
"""

from __future__ import annotations


from statefiles import jsonlog, layout

#: Hook-written record of the commands critic runs executed.
CRITIC_COMMANDS = ".claude/logs/critic-commands.jsonl"
#: Largest part of the log read, in bytes (its tail).
MAX_READ = 4 * 1024 * 1024
#: ``status`` of a command that was interrupted, or failed without an exit code.
INTERRUPTED = "interrupted"
FAILED = "failed"


def normalise(command) -> str:
    """The command line as compared: surrounding whitespace and trailing
    ``;`` removed, every run of whitespace (spaces, tabs, newlines) one space.
    Nothing else: quoting, order of options and paths count."""
    if not isinstance(command, str):
        return ""
    return " ".join(command.split()).rstrip("; ").strip()


def exit_status(event: str, payload: dict):
    """The exit status of the Bash call a PostToolUse/PostToolUseFailure
    ``payload`` reports: ``0`` after PostToolUse (``interrupted`` when its
    ``tool_response`` says so), the ``n`` of ``Exit code <n>`` after
    PostToolUseFailure, else :data:`INTERRUPTED` / :data:`FAILED`."""
    if event == "PostToolUse":
        response = payload.get("tool_response")
        if isinstance(response, dict) and response.get("interrupted") is True:
            return INTERRUPTED
        return 0
    if payload.get("is_interrupt") is True:
        return INTERRUPTED
    error = payload.get("error")
    if isinstance(error, str) and error.startswith("Exit code "):
        number = error[len("Exit code "):].split("\n", 1)[0].strip()
        if number.lstrip("-").isdigit():
            return int(number)
    return FAILED


def observed(root: str, agent_id) -> dict:
    """``{normalised command: last status}`` of the commands the critic run
    ``agent_id`` executed, from :data:`CRITIC_COMMANDS` (``{}`` when none)."""
    if not isinstance(agent_id, str) or not agent_id:
        return {}
    seen = {}
    for rec in jsonlog.tail_records(layout.join(root, CRITIC_COMMANDS), MAX_READ):
        if rec.get("agent_id") == agent_id:
            seen[normalise(rec.get("command"))] = rec.get("status")
    return seen


def _automated(entry) -> str | None:
    if not isinstance(entry, dict) or str(entry.get("type") or "").lower() == "manual":
        return None
    command = normalise(entry.get("command"))
    return command if command and not command.startswith("<") else None


def required_commands(plan, subject: str) -> list:
    """The commands a PASS of ``subject`` (a subtask id, or ``"playbook"``)
    rests on, normalised, from the plan.json dict ``plan``."""
    if not isinstance(plan, dict):
        return []
    out = []
    if subject == "playbook":
        goal = plan.get("goal") if isinstance(plan.get("goal"), dict) else {}
        items = goal.get("done_when") if isinstance(goal.get("done_when"), list) else []
        out = [_automated(item) for item in items]
    else:
        for phase in plan.get("phases") or []:
            for sub in (phase.get("subtasks") or []) if isinstance(phase, dict) else []:
                if isinstance(sub, dict) and sub.get("id") == subject:
                    vp = sub.get("validation_plan")
                    out += [_automated(e) for e in vp.values()] if isinstance(vp, dict) else []
    return list(dict.fromkeys(c for c in out if c))


def unbacked(plan, subject: str, seen: dict) -> tuple | None:
    """``(command, status)`` for the first command of ``subject``'s PASS that
    did not run (``status`` ``None``) or did not return 0 in the critic's
    run ``seen`` (:func:`observed`); ``None`` when every one ran and passed."""
    for command in required_commands(plan, subject):
        if command not in seen:
            return command, None
        if seen[command] != 0:
            return command, seen[command]
    return None
