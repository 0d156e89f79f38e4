"""breezing's team path (Agent Teams teammates) with the real CLI, as far as
the CLI allows: teams run only in an interactive session, so this drives one
through a pseudo-terminal (tests/e2e/interactive.py), the user's "yes"
typed into it. The compliant scripted lead, two implementer teammates and a
reviewer teammate that requests changes once: tests/e2e/breezing_team.py.
"""

from __future__ import annotations

import json
import os
import shutil

import pytest

from . import breezing, breezing_team
from .golden import Journal
from .harness import Sandbox, git
from .interactive import Interactive

pytestmark = pytest.mark.e2e

ENV = {"CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS": "1", "CLAUDE_CODE_ENABLE_TODO_TOOLS": "1"}


def _dump(session) -> str:
    """Every request's lane, turn and answer; a main-lane request also shows
    the last message it brought (the tool result or prompt the lead acts
    on) and the hash of its first message (a new one starts a new turn
    count in the fake API)."""
    lines = []
    for r in session.requests:
        line = f"{r.at:.3f} {r.lane} {r.turn} {[b.get('name') or b.get('text', '')[:40] for b in r.answer or []]}"
        if r.lane == "main" and r.messages:
            first = json.dumps(r.messages[0].get("content"))
            last = json.dumps(r.messages[-1].get("content"))
            line += f" first#{hash(first) & 0xffff:04x} last={last[:160]}"
        lines.append(line)
    screen = session.screen.decode("utf-8", "replace")[-3000:]
    return "\n".join(lines) + "\n--- screen tail:\n" + screen


def _timeline(box) -> str:
    """The session's timeline (who recorded and who removed what), for a
    failure's message."""
    try:
        return "--- timeline:\n" + (box.repo / breezing.TIMELINE).read_text()[-6000:]
    except OSError as exc:
        return f"--- no timeline: {exc}"


def _shown(box) -> bool:
    try:
        data = json.loads((box.repo / breezing.ACTIVE).read_text())
    except (OSError, ValueError):
        return False
    return bool((data.get("hooks") or {}).get("confirmation_shown_at"))


@pytest.fixture(scope="module")
def team_run(claude_cli, api):
    from .fakeapi import Script

    box = breezing.prepare(Sandbox)
    journal = Journal()
    notes = breezing_team.TeamNotes()
    lead = breezing_team.TeamLead(journal, box, notes)
    script = Script(main=lead)
    members = {}
    script.lane_factory = breezing_team.factory_for(journal, box, notes, members)
    session = Interactive(box, api, script, args=["--teammate-mode", "in-process"],
                          env=breezing.env_for_run(ENV), claude=claude_cli)
    session.start("/breezing all --parallel 2 --no-discuss")
    try:
        # The lead's turn ends on the range confirmation: its Stop hook
        # records it; then the user answers.
        session.wait_quiet(quiet=120, limit=240, until=lambda: _shown(box))
        for _ in range(3):
            session.pump(2)
            session.type("yes")
            if session.wait_quiet(quiet=60, limit=60, until=lambda: bool(notes.answer_context)) \
                    and notes.answer_context:
                break
        session.wait_quiet(quiet=120, limit=540, until=lambda: lead.done)
        session.pump(5)
    finally:
        session.close()
    yield box, journal, notes, lead, session, members
    if not os.environ.get("PLAYGATE_E2E_KEEP"):
        shutil.rmtree(box.root, ignore_errors=True)


def test_the_team_finishes_the_range(team_run):
    box, journal, notes, lead, session, members = team_run
    assert lead.done, journal.report() + "\n" + _dump(session)
    assert journal.stuck == [] and journal.contradictions == [], \
        journal.report() + "\n" + _timeline(box) + "\n" + _dump(session)
    assert journal.of("block", "denied") == [], journal.report()
    assert "teams=1 tasks=1 entry=cli" in notes.env_check
    assert "confirmed the range" in notes.answer_context
    assert notes.phase_after_spawn == "delegate"
    assert notes.verdicts == ["FAIL", "PASS"] and notes.fast_path
    repo = box.repo
    files = set(git(repo, "show", "--name-only", "--format=", "HEAD").stdout.split())
    assert {"greet/hello.py", "greet/bye.py", "greet/cli.py", "Plans.md"} <= files, files
    assert "Goodbye" in (repo / "greet/bye.py").read_text()
    assert not (repo / breezing.ACTIVE).exists()


def test_the_timeline_names_the_teammates(team_run):
    box, journal, notes, lead, session, members = team_run
    events = [json.loads(line) for line in (box.repo / breezing.TIMELINE).read_text()
              .splitlines()]
    done = [e for e in events if e["event"] == "TaskCompleted"]
    assert {e["teammate_name"] for e in done} == {"implementer-1", "implementer-2"}, done
    assert all(e["team_name"].startswith("session-") for e in done)
    idle = {e["teammate_name"] for e in events if e["event"] == "TeammateIdle"}
    assert {"implementer-1", "implementer-2", "reviewer-1"} <= idle, idle
    assert [e["verdict"] for e in events if e["event"] == "review"] == ["REQUEST_CHANGES",
                                                                      "APPROVE"]
    assert [e["phase"] for e in events if e["event"] == "phase"] == ["delegate",
                                                                    "post-delegate"]
    assert notes.timeline_rows and set(notes.timeline_rows) == {"implementer-1", "implementer-2"}


def test_what_the_teammates_received(team_run):
    box, journal, notes, lead, session, members = team_run
    first = session.lane("implementer-1")[0].user_texts()[0]
    assert '<teammate-message teammate_id="team-lead"' in first
    assert f"breezing session {breezing.SESSION_FMT}" in first
    systems = {r.lane: r.system_text for r in session.requests if r.lane}
    assert "You are an **implementer**" in systems["implementer-1"]
    assert "CODE-REVIEW: PASS <session_id>" in systems["reviewer-1"]
    assert notes.review_prompts and breezing.SESSION_FMT in notes.review_prompts[0]
