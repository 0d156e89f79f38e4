"""The golden path as data: the one sequence every instruction tells (seed 002
§12 "Golden Path"; seed 004 [1]-[7]).

From a request to committed, archived work: who acts at each step, what is
written and by whom, which guard checks it, and the exact spelling of every
call the agent is told to make. ``docs/workflow.md`` ("The golden path, step
by step") and the ``playbook-init`` skill carry this table as
:func:`docs_table` and :func:`skill_table` render it, and
``tests/test_golden_story.py`` reads every skill description, agent
definition, hook message (both catalogues) and docs row against it: the
calls spelled as :data:`CALLS`, the understanding check's parts and closing
sentence as :data:`UNDERSTANDING`, no instruction to set a field that
:data:`HOOK_WRITTEN` says the hooks write, and the post-loop named by its
handler command.

Pure data; no hook imports it (a message cannot import its wording: the
catalogues are checked against it instead).
"""

from __future__ import annotations

from statefiles.record import Record

#: The calls of the golden path, spelled as every instruction spells them.
CALLS = {
    "playbook-init": "Skill(skill='playbook-init')",
    "prompt-analyzer": "Agent(subagent_type='prompt-analyzer', run_in_background: false)",
    "branch": "git checkout -b feat/<id>",
    "pm": "Agent(subagent_type='pm', run_in_background: false)",
    "reviewer": "Agent(subagent_type='reviewer', run_in_background: false)",
    "critic": "Agent(subagent_type='critic', run_in_background: false)",
    "post-loop": "python3 .claude/skills/post-loop/handler.py",
}

#: Fields the hooks write and the agent never sets (seed 002 §11.5 with the
#: bookkeeping moved to the hooks): the reviewer's PASS and the activation,
#: the critic's verdicts, the archive.
HOOK_WRITTEN = ("meta.reviewed", "reviewed_by", "validated_by", "validated_at",
                "critic.status", "playbook.active")

#: The understanding check (seed 002 §2, §12): the parts presented, in this
#: order, and the sentence that ends it, per language.
UNDERSTANDING = {
    "en": {
        "parts": ("what will be done", "why", "how", "the scope", "what is excluded",
                  "the risks", "how it will be checked"),
        "closing": "Reply yes (はい) to confirm, tell me what to change, or cancel.",
    },
    "ja": {
        "parts": ("何をするか", "なぜ", "どのように", "範囲", "対象外", "リスク", "確認方法"),
        "closing": "「はい」(yes) で承認、変更点があればその内容を、やめる場合は「キャンセル」と返信してください。",
    },
}


class Step(Record):
    """One step of the golden path.

    * ``n`` — its number in the docs table;
    * ``name`` — what happens;
    * ``who`` — who acts (Markdown, with the call as :data:`CALLS` spells it);
    * ``written`` — what is written; ``writer`` — by whom (a hook or a role);
    * ``checked`` — the guards that check it;
    * ``skill`` — its label in playbook-init's table (``None``: not there).
    """

    __slots__ = ("n", "name", "who", "written", "writer", "checked", "skill")


STEPS = (
    Step(n=1, name="session start", who="SessionStart hook",
         written="`.session-init/pending`, `session.last_start`; the health report",
         writer="session-start, session-health", checked="init-guard", skill=None),
    Step(n=2, name="read the state", who="Claude: Read `state.md` (+ the active plan)",
         written="the read record", writer="init-guard", checked="init-guard", skill=None),
    Step(n=3, name="the request", who="the user",
         written="`.session-init/consent`, the analysis marker reset",
         writer="UserPromptSubmit", checked="consent-guard", skill="request"),
    Step(n=4, name="enter the golden path", who=f"Claude: `{CALLS['playbook-init']}`",
         written="`prompt-analyzer-called`; `.session-init/consent` when none waits",
         writer="prompt-analyzer gate", checked="prompt-analyzer gate",
         skill="1"),
    Step(n=5, name="analyse, present the understanding check, end the turn",
         who=f"Claude (a large or unclear request: `{CALLS['prompt-analyzer']}` first)",
         written="—", writer="—", checked="consent-guard holds edits", skill="1-2"),
    Step(n=6, name='"yes" — in the same or a resumed session (`--continue`)', who="the user",
         written="consent cleared", writer="UserPromptSubmit", checked="consent-guard",
         skill="yes"),
    Step(n=7, name="the work branch", who=f"Claude: `{CALLS['branch']}`", written="the branch",
         writer="Claude", checked="main-branch", skill="3"),
    Step(n=8, name="write the playbook", who=f"`{CALLS['pm']}`",
         written="`play/<id>/plan.json` (with `context`), `progress.json`", writer="pm",
         checked="consent-guard, playbook-guard (playbook files stay writable), subtask-guard",
         skill="4"),
    Step(n=9, name="review",
         who=f"`{CALLS['reviewer']}`: `REVIEW: PASS play/<id>/plan.json`",
         written="review ledger; plan `meta.reviewed`, `reviewed_by`, `status`; "
                 "**activation**: state.md `playbook.*` and `goal.*` (`done_criteria` = the "
                 "plan's `done_when`), progress `active` with the first subtask in_progress",
         writer="SubagentStop: review-ledger", checked="playbook-guard, coherence", skill="5"),
    Step(n=10, name="the work", who="Claude: edits; runs the tests (`project_commands`)",
         written="code and tests", writer="Claude",
         checked="playbook-, scope-, executor-guard; permission gate", skill="6"),
    Step(n=11, name="the evidence", who="Claude: Edit/Write progress.json",
         written="the three `validations`, PASS with evidence", writer="Claude",
         checked="critic-guard, subtask-guard", skill="6"),
    Step(n=12, name="the critic",
         who=f"`{CALLS['critic']}` naming the subtasks (and `playbook` for the last): "
             "`CRITIC: PASS <id>` lines",
         written="critic ledger; `validated_by`, `validated_at`, `status: done`, phase done, "
                 "`critic.status: PASS`", writer="SubagentStop: critic-ledger",
         checked="subtask-guard, critic-guard, completion-check", skill="6"),
    Step(n=13, name="the archive",
         who="the hooks, when the critic's verdicts complete the playbook",
         written="`play/archive/<id>/`, state.md reset, `post-loop-pending`; its commit, when "
                 "`config.archive_git` asks, holds only the playbook's files and state.md",
         writer="archive-playbook: at the critic's SubagentStop, or at PostToolUse after an "
                "edit that completes it",
         checked="pending-guard, Stop", skill="archive"),
    Step(n=14, name="the post-loop", who=f"Claude: `{CALLS['post-loop']}`",
         written="pending cleared; the report: what is left to commit, with the commands",
         writer="the post-loop handler", checked="—", skill="7"),
    Step(n=15, name="the commit",
         who='Claude: the report\'s `git add -A -- ...`, `git commit -m "..."`',
         written="the commit", writer="Claude",
         checked="bash-check (the closing commit on the archived playbook's branch)",
         skill="7"),
    Step(n=16, name="end of the turn", who="Stop hook",
         written="the summary for the user: phases done, in progress, pending",
         writer="stop-summary", checked="completion-check (nothing open)", skill=None),
)


def docs_table() -> str:
    """The table of ``docs/workflow.md`` ("The golden path, step by step"),
    Markdown, one line a step."""
    lines = ["| # | step | who acts | what is written, by whom | checked by |",
             "|---|---|---|---|---|"]
    for s in STEPS:
        written = s.written if s.writer == "—" else f"{s.written} ({s.writer})"
        lines.append(f"| {s.n} | {s.name} | {s.who} | {written} | {s.checked} |")
    return "\n".join(lines)


def skill_table() -> str:
    """The table at the end of the playbook-init skill, Markdown: the steps
    it names, by its own step numbers."""
    lines = ["| step | who acts | what is written | by whom | checked by |",
             "|---|---|---|---|---|"]
    for s in STEPS:
        if s.skill is not None:
            lines.append(f"| {s.skill} | {s.who} | {s.written} | {s.writer} | {s.checked} |")
    return "\n".join(lines)
