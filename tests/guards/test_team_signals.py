"""TaskCompleted / TeammateIdle: timeline, batch signals, and their injection
on UserPromptSubmit (SPEC §6; seed 001 "シグナルベースの動的判断", "完了レポート").

Through the installed hooks (``installed`` fixture), plus units of
``statefiles.breezing`` where time or crashes have to be simulated.
"""

from __future__ import annotations

import json
import math
from fractions import Fraction

import pytest
from _team_support import (
    ACTIVE,
    SIGNALS,
    TIMELINE,
    mapping,
    parallel,
    prompt,
    read_jsonl,
    set_config,
    task_completed,
    teammate_idle,
    write_active,
)
from saying import says

from messages import text

@pytest.fixture
def installed(installed):
    """The installed repository with the breezing workflow active (state.md
    ``config.workflow``): signals are advice to the breezing lead."""
    set_config(installed.root, workflow="breezing")
    return installed


PARTIAL = "partial_review_recommended"
NEXT = "next_batch_recommended"


def expected_partial(total: int):
    """Oracle: ceil(total/2), only when that half is more than 1 (seed 001:
    batches of 1–2 get no partial review)."""
    half = math.ceil(Fraction(total, 2))
    return half if half > 1 else None


def expected_next(total: int) -> int:
    return math.ceil(Fraction(3, 5) * total)


def signals(root, name=None) -> list:
    recs = read_jsonl(root, SIGNALS)
    return [r for r in recs if name is None or r["signal"] == name]


# ----------------------------------------------------------------------------- thresholds


@pytest.mark.parametrize("total", range(1, 11))
def test_thresholds_at_totals_1_to_10(installed, total):
    root = installed.root
    write_active(root, plans_md_mapping=mapping(total))
    first_seen = {}
    for done in range(1, total + 1):
        result = task_completed(installed, done)
        assert result.code == 0, result
        for rec in signals(root):
            first_seen.setdefault(rec["signal"], done)
    assert first_seen.get(PARTIAL) == expected_partial(total)
    assert first_seen.get(NEXT) == expected_next(total)
    # Each once, with the counts that triggered it.
    assert len(signals(root, NEXT)) == 1
    assert len(signals(root, PARTIAL)) == (1 if expected_partial(total) else 0)
    rec = signals(root, NEXT)[0]
    assert (rec["completed"], rec["total"], rec["session_id"]) == (
        expected_next(total), total, "breezing-20260206-0300")
    assert rec["consumed_at"] is None and rec["lead_session_id"] == "lead-session"


def test_half_of_one_never_fires_partial_review(installed):
    """Totals 1 and 2 have a half of 1: no partial review, even when every
    task is completed (again)."""
    for total in (1, 2):
        write_active(installed.root, session_id=f"breezing-{total}",
                     plans_md_mapping=mapping(total))
        for _ in range(2):
            for i in range(1, total + 1):
                task_completed(installed, i)
    assert signals(installed.root, PARTIAL) == []
    assert {r["session_id"] for r in signals(installed.root, NEXT)} == {"breezing-1",
                                                                       "breezing-2"}


def test_repeated_and_foreign_tasks_do_not_count(installed):
    root = installed.root
    write_active(root, plans_md_mapping=mapping(6))  # partial at 3, next at 4
    for task in ("1", "1", "task-1", "#1", "99", "2", "2"):
        task_completed(installed, task)
    assert signals(root) == []
    task_completed(installed, "3")
    assert [r["signal"] for r in signals(root)] == [PARTIAL]
    assert signals(root)[0]["completed"] == 3


def test_total_tasks_without_ids_counts_every_task(installed):
    root = installed.root
    write_active(root, total_tasks=4)
    for task in ("a", "b"):
        task_completed(installed, task)
    assert [r["signal"] for r in signals(root)] == [PARTIAL]
    task_completed(installed, "c")
    assert [r["signal"] for r in signals(root)] == [PARTIAL, NEXT]


def test_progressive_batches_signal_per_batch(installed):
    root = installed.root
    batches = [{"id": 1, "task_ids": ["1", "2", "3", "4"]},
               {"id": 2, "task_ids": ["5", "6", "7", "8", "9"]}]
    write_active(root, batches=batches, current_batch=1)
    for task in ("1", "2", "3"):
        task_completed(installed, task)
    assert [(r["signal"], r["batch"]) for r in signals(root)] == [(PARTIAL, "1"), (NEXT, "1")]
    write_active(root, batches=batches, current_batch=2)
    for task in ("4", "5", "6"):
        task_completed(installed, task)
    assert [(r["signal"], r["batch"]) for r in signals(root)][2:] == []
    task_completed(installed, "7")  # 3 of 5: half (3) and 60 % (3)
    assert [(r["signal"], r["batch"]) for r in signals(root)][2:] == [(PARTIAL, "2"), (NEXT, "2")]


def test_no_signals_without_batch_information(installed):
    write_active(installed.root)  # Step 0: no plans_md_mapping yet
    for task in range(1, 5):
        assert task_completed(installed, task).code == 0
    assert signals(installed.root) == []
    assert len(read_jsonl(installed.root, TIMELINE)) == 4


# ----------------------------------------------------------------------------- sessions


def test_once_per_session_across_two_sessions(installed):
    """A signal is emitted once per breezing session; the previous session's
    signals do not suppress the next session's (seed 001: dedup per session)."""
    root = installed.root
    write_active(root, session_id="breezing-A", plans_md_mapping=mapping(4))
    for task in (1, 2, 3, 4, 4, 3):
        task_completed(installed, task)
    write_active(root, session_id="breezing-B", plans_md_mapping=mapping(4))
    for task in (1, 2, 3, 4):
        task_completed(installed, task)
    write_active(root, session_id="breezing-A", plans_md_mapping=mapping(4))
    for task in (1, 2, 3, 4):
        task_completed(installed, task)
    got = sorted((r["session_id"], r["signal"]) for r in signals(root))
    assert got == [("breezing-A", NEXT), ("breezing-A", PARTIAL),
                   ("breezing-B", NEXT), ("breezing-B", PARTIAL)]


def test_lost_progress_file_does_not_duplicate_signals(installed):
    root = installed.root
    write_active(root, plans_md_mapping=mapping(4))
    for task in (1, 2, 3):
        task_completed(installed, task)
    (root / ".claude/state/breezing-progress.json").unlink()
    for task in (1, 2, 3, 4):
        task_completed(installed, task)
    assert sorted(r["signal"] for r in signals(root)) == [NEXT, PARTIAL]


def test_parallel_task_completions_count_every_task_and_signal_once(installed):
    root = installed.root
    write_active(root, plans_md_mapping=mapping(10))
    results = parallel([lambda i=i: task_completed(installed, i) for i in range(1, 11)])
    assert all(r.code == 0 for r in results), results
    assert sorted(r["signal"] for r in signals(root)) == [NEXT, PARTIAL]
    progress = json.loads((root / ".claude/state/breezing-progress.json").read_text())
    assert sorted(progress["completed"], key=int) == [str(i) for i in range(1, 11)]
    assert len(read_jsonl(root, TIMELINE)) == 10


# ----------------------------------------------------------------------------- timeline


def test_timeline_records_who_finished_what(installed):
    root = installed.root
    write_active(root, plans_md_mapping=mapping(3))
    task_completed(installed, 1, teammate_name="implementer-2", task_subject="Login form")
    teammate_idle(installed, "implementer-2")
    entries = read_jsonl(root, TIMELINE)
    assert [e["event"] for e in entries] == ["TaskCompleted", "TeammateIdle"]
    done = entries[0]
    assert done["task_id"] == "1" and done["task_subject"] == "Login form"
    assert done["teammate_name"] == "implementer-2" and done["team_name"] == "breezing-team"
    assert done["session_id"] == "breezing-20260206-0300"
    assert done["claude_session_id"] == "lead-session"
    assert (done["completed"], done["total"]) == (1, 3)
    assert done["ts"][:4].isdigit() and isinstance(done["t"], float)


def test_timeline_without_breezing_session(installed):
    result = task_completed(installed, 7)
    assert (result.code, result.stdout) == (0, "")
    entries = read_jsonl(installed.root, TIMELINE)
    assert len(entries) == 1 and entries[0]["session_id"] is None
    assert not (installed.root / SIGNALS).exists()
    assert not (installed.root / ".claude/state/breezing-progress.json").exists()


def test_idle_deduplicated_within_five_seconds_per_teammate(installed):
    for name in ("implementer-1", "implementer-1", "reviewer", "implementer-1", "reviewer"):
        assert teammate_idle(installed, name).code == 0
    idle = [e["teammate_name"] for e in read_jsonl(installed.root, TIMELINE)]
    assert idle == ["implementer-1", "reviewer"]


def test_idle_recorded_again_after_the_window(tmp_path):
    from statefiles import breezing

    root = str(tmp_path)
    fields = {"teammate_name": "implementer-1", "team_name": "t"}
    got = [breezing.record_event(root, "TeammateIdle", fields, "s", now=t)["recorded"]
           for t in (1000.0, 1004.9, 1005.1, 1009.0, 1010.2)]
    assert got == [True, False, True, False, True]
    # Task completions are never deduplicated.
    done = {"task_id": "1", "teammate_name": "implementer-1"}
    assert all(breezing.record_event(root, "TaskCompleted", done, "s", now=2000.0)["recorded"]
               for _ in range(3))


def test_timeline_rotates_past_its_size_limit(installed):
    root = installed.root
    set_config(root, breezing_timeline_max_bytes=2048)
    for i in range(20):
        task_completed(installed, i, task_description="x" * 200)
    current = root / TIMELINE
    rotated = root / (TIMELINE + ".1")
    assert rotated.exists()
    assert current.stat().st_size <= 2048 and rotated.stat().st_size <= 2048
    ids = [e["task_id"] for e in read_jsonl(root, TIMELINE + ".1") + read_jsonl(root, TIMELINE)]
    assert ids == sorted(ids, key=int) and ids[-1] == "19"  # nothing torn, order kept


def test_long_fields_are_clipped(tmp_path):
    from statefiles import breezing

    breezing.record_event(str(tmp_path), "TaskCompleted",
                          {"task_id": "1", "task_description": "d" * 5000}, "s")
    entry = read_jsonl(tmp_path, TIMELINE)[0]
    assert len(entry["task_description"]) <= breezing.TEXT_LIMIT + 3


# ----------------------------------------------------------------------------- broken files


@pytest.mark.parametrize("content, found", [
    ("{not json", ("breezing.error_not_json", {})),
    ("[1, 2]", ("breezing.error_not_object", {"type": "list"})),
    ('{"session_id": "b", "impl_mode": "turbo"}', "impl_mode"),
    ('{"impl_mode": "standard"}', "session_id"),
    ('{"session_id": "b", "impl_mode": "standard", "plans_md_mapping": []}', "plans_md_mapping"),
    (('{"session_id": "b", "impl_mode": "standard", "batches": [{"id": 1, "task_ids": ["1"]}],'
      ' "current_batch": 7}'), "current_batch"),
])
def test_broken_active_file_is_reported_never_crashes(installed, content, found):
    root = installed.root
    (root / ACTIVE).parent.mkdir(parents=True, exist_ok=True)
    (root / ACTIVE).write_text(content)
    for result in (task_completed(installed, 1), teammate_idle(installed), prompt(installed)):
        assert result.code == 0, result
        assert "Traceback" not in result.stderr
        data = result.json
        text = data.get("systemMessage") or data["hookSpecificOutput"]["additionalContext"]
        assert says(text, "breezing.active_broken", active=ACTIVE), text
        assert says(text, found[0], **found[1]) if isinstance(found, tuple) else found in text
    assert len(read_jsonl(root, TIMELINE)) == 2  # still recorded
    assert not (root / ".claude/logs/errors.log").exists()


def test_active_file_is_a_directory(installed):
    (installed.root / ACTIVE).mkdir(parents=True)
    result = task_completed(installed, 1)
    assert result.code == 0 and says(result.json["systemMessage"], "breezing.error_directory")


def test_validation_is_cached_by_content(installed):
    """jsonschema is imported once per version of the file, not per hook."""
    from statefiles import breezing

    root = str(installed.root)
    write_active(installed.root, plans_md_mapping=mapping(2))
    assert breezing.load_active(root).errors == []
    entry = installed.root / ".claude/.cache" / "breezing-active-v2.json"
    assert entry.exists()
    probe = ("import sys; sys.path.insert(0, sys.argv[1]); from statefiles import breezing; "
             "a = breezing.load_active(sys.argv[2]); "
             "print(a.session_id, 'jsonschema' in sys.modules)")
    from _team_support import run_python

    out = run_python(probe, str(installed.root / ".claude"), root).stdout.split()
    assert out == ["breezing-20260206-0300", "False"]


# ----------------------------------------------------------------------------- injection


def test_prompt_injects_unconsumed_signals_once(installed):
    root = installed.root
    write_active(root, plans_md_mapping=mapping(4))
    for task in (1, 2, 3):
        task_completed(installed, task)
    first = prompt(installed)
    assert first.code == 0
    assert PARTIAL in first.context and NEXT in first.context
    assert says(first.context, "breezing.signal_partial_review"), first.context
    assert says(first.context, "breezing.signal_next_batch"), first.context
    assert all(r["consumed_at"] for r in signals(root))
    assert "playgate:breezing-signals" not in prompt(installed).stdout


def test_signals_go_to_the_lead_session_only(installed):
    root = installed.root
    write_active(root, plans_md_mapping=mapping(4))
    for task in (1, 2):
        task_completed(installed, task)
    teammate = prompt(installed, session="teammate-session")
    sub = prompt(installed, agent_id="a1", agent_type="general-purpose",
                 session="other-session")
    assert PARTIAL not in teammate.context and PARTIAL not in sub.context
    assert signals(root)[0]["consumed_at"] is None
    assert PARTIAL in prompt(installed).context


def test_signals_of_another_breezing_session_are_not_injected(installed):
    root = installed.root
    write_active(root, session_id="breezing-old", plans_md_mapping=mapping(2))
    for task in (1, 2):
        task_completed(installed, task)
    write_active(root, session_id="breezing-new", plans_md_mapping=mapping(2))
    assert "playgate:breezing-signals" not in prompt(installed).stdout
    (root / ACTIVE).unlink()
    assert "playgate:breezing-signals" not in prompt(installed).stdout  # no team session: no signal


def test_parallel_prompts_inject_each_signal_exactly_once(installed):
    root = installed.root
    write_active(root, plans_md_mapping=mapping(4))
    for task in (1, 2, 3):
        task_completed(installed, task)
    results = parallel([lambda: prompt(installed) for _ in range(16)])
    assert all(r.code == 0 for r in results), results
    joined = [r.context for r in results]
    assert sum(c.count(PARTIAL) for c in joined) == 1
    assert sum(c.count(NEXT) for c in joined) == 1
    recs = signals(root)
    assert len(recs) == 2 and all(r["consumed_at"] and "claim" not in r for r in recs)


def test_parallel_prompts_and_completions_lose_nothing(installed):
    """Signals emitted while prompts are being consumed are neither lost nor
    shown twice."""
    root = installed.root
    write_active(root, plans_md_mapping=mapping(8))
    calls = []
    for i in range(1, 9):
        calls.append(lambda i=i: task_completed(installed, i))
        calls.append(lambda: prompt(installed))
    results = parallel(calls)
    assert all(r.code == 0 for r in results)
    shown = sum(r.context.count(PARTIAL) + r.context.count(NEXT) for r in results)
    late = prompt(installed).context
    shown += late.count(PARTIAL) + late.count(NEXT)
    assert shown == 2
    assert all(r["consumed_at"] for r in signals(root))


def test_claim_release_and_expiry(tmp_path):
    """The claim/confirm protocol: a prompt refused by a later guard gives
    its signals back; a claim of a crashed hook expires."""
    from statefiles import breezing

    root = str(tmp_path)
    write_active(tmp_path, plans_md_mapping=mapping(2))
    breezing.record_event(root, "TaskCompleted", {"task_id": "1"}, "lead")
    breezing.record_event(root, "TaskCompleted", {"task_id": "2"}, "lead")
    session = "breezing-20260206-0300"
    got = breezing.claim_signals(root, session, "t1", "lead", now=100.0)
    assert [r["signal"] for r in got] == [NEXT]
    assert breezing.claim_signals(root, session, "t2", "lead", now=101.0) == []  # claimed
    assert breezing.release_claim(root, "t1") == 1
    assert len(breezing.claim_signals(root, session, "t3", "lead", now=102.0)) == 1
    # t3 crashes: after CLAIM_TTL_S the signal is offered again.
    later = 102.0 + breezing.CLAIM_TTL_S + 1
    assert len(breezing.claim_signals(root, session, "t4", "lead", now=later)) == 1
    assert breezing.confirm_claim(root, "t4") == 1
    assert breezing.confirm_claim(root, "t3") == 0
    assert breezing.claim_signals(root, session, "t5", "lead", now=later + 1000) == []


def test_blocked_prompt_gives_signals_back(installed, monkeypatch):
    """Run the UserPromptSubmit chain in-process with a later guard that
    refuses the prompt: the signal stays unconsumed for the next prompt."""
    from events import runtime, user_prompt_submit
    from events.verdict import block

    root = installed.root
    write_active(root, plans_md_mapping=mapping(2))
    for task in (1, 2):
        task_completed(installed, task)

    class Refuse:
        NAME = "refuse"
        ADVISORY = False

        @staticmethod
        def check(ctx):
            return block("no")

    real = runtime.load_guard
    monkeypatch.setattr(runtime, "load_guard",
                        lambda name: Refuse if name == "refuse" else real(name))
    monkeypatch.setattr(user_prompt_submit, "CHAIN", user_prompt_submit.CHAIN + ("refuse",))
    payload = json.dumps(installed.payload("UserPromptSubmit", session_id="lead-session",
                                           prompt="go")).encode()
    code, _out, err, _ = runtime.evaluate("UserPromptSubmit", payload, root=str(root))
    assert code == 2 and "no" in err
    assert signals(root)[0]["consumed_at"] is None and "claim" not in signals(root)[0]
    assert NEXT in prompt(installed).context


def test_a_claim_stamped_after_the_prompts_clock_reading_is_live(tmp_path):
    """CI 2026-11-21 (16 parallel hooks: a signal shown twice): prompt B read
    the clock, waited for the lock while prompt A claimed, and took A's claim
    over because it looked like it came from the future. The clock is now read
    under the lock, and a claim within the TTL either side is live; one from
    a clock set back by more than the TTL expires rather than sticking."""
    from statefiles import breezing

    root = str(tmp_path)
    write_active(tmp_path, plans_md_mapping=mapping(2))
    for task in ("1", "2"):
        breezing.record_event(root, "TaskCompleted", {"task_id": task}, "lead")
    session = "breezing-20260206-0300"
    assert len(breezing.claim_signals(root, session, "A", "lead", now=1000.0)) == 1
    assert breezing.claim_signals(root, session, "B", "lead", now=999.9) == []
    assert breezing.claim_signals(root, session, "B", "lead", now=1000.0 - breezing.CLAIM_TTL_S + 1) == []
    back = 1000.0 - breezing.CLAIM_TTL_S - 1  # the clock was set back
    assert [r["claim"] for r in breezing.claim_signals(root, session, "C", "lead", now=back)] == ["C"]
    assert breezing.confirm_claim(root, "A") == 0 and breezing.confirm_claim(root, "C") == 1


def test_a_shown_signal_whose_confirm_failed_is_not_shown_again_at_once(installed, monkeypatch):
    """CI 2026-11-21: under lock contention the confirm of a prompt that had
    shown the signals timed out while the give-back succeeded, so the next
    prompt showed them a second time. Now a prompt that went through never
    gives its signals back: they stay claimed and come back only when the
    claim expires."""
    from events import runtime
    from statefiles import breezing
    from statefiles.atomic import LockTimeout

    root = installed.root
    write_active(root, plans_md_mapping=mapping(2))
    for task in (1, 2):
        task_completed(installed, task)

    def stuck(*_args):
        raise LockTimeout("could not lock state.lock within 0 s")

    monkeypatch.setattr(breezing, "confirm_claim", stuck)
    payload = json.dumps(installed.payload("UserPromptSubmit", session_id="lead-session",
                                           prompt="go")).encode()
    code, out, _err, _ = runtime.evaluate("UserPromptSubmit", payload, root=str(root))
    context = json.loads(out)["hookSpecificOutput"]["additionalContext"]
    assert code == 0 and NEXT in context, context
    assert says(context, "runtime.effect_failed",
                label=text("en", "runtime.effect.mark_signals_consumed")), context
    monkeypatch.undo()
    [rec] = signals(root)
    assert rec["consumed_at"] is None and rec.get("claim")  # still claimed, not given back
    assert NEXT not in prompt(installed).context
    session = rec["session_id"]
    later = rec["claimed_at"] + breezing.CLAIM_TTL_S + 1
    assert len(breezing.claim_signals(str(root), session, "t", "lead-session", now=later)) == 1


def test_a_prompt_with_nothing_to_claim_does_not_wait_for_the_lock(tmp_path):
    """Prompts of a busy team must not queue behind its TaskCompleted hooks
    when every signal is already consumed."""
    from conftest import hold_lock
    from statefiles import atomic, breezing, layout

    root = str(tmp_path)
    write_active(tmp_path, plans_md_mapping=mapping(2))
    for task in ("1", "2"):
        breezing.record_event(root, "TaskCompleted", {"task_id": task}, "lead")
    session = "breezing-20260206-0300"
    [rec] = breezing.claim_signals(root, session, "t1", "lead")
    assert breezing.confirm_claim(root, "t1") == 1
    holder = hold_lock(layout.join(root, layout.LOCK_FILE), 30)
    atomic.set_lock_budget(0)
    try:
        assert breezing.claim_signals(root, session, "t2", "lead") == []
    finally:
        atomic.set_lock_budget(None)
        holder.kill()
        holder.wait(timeout=10)


# ----------------------------------------------------------------------------- switches


def test_switches_in_state_md_config(installed):
    root = installed.root
    set_config(root, breezing_timeline=False, breezing_signals=False)
    write_active(root, plans_md_mapping=mapping(2))
    for task in (1, 2):
        assert task_completed(installed, task).code == 0
    teammate_idle(installed)
    assert not (root / TIMELINE).exists() and not (root / SIGNALS).exists()
    set_config(root, breezing_timeline=True, breezing_signals=True)
    write_active(root, session_id="breezing-2", plans_md_mapping=mapping(2))
    for task in (1, 2):
        task_completed(installed, task)
    assert len(signals(root)) == 1
    set_config(root, breezing_signals="off")
    assert "playgate:breezing-signals" not in prompt(installed).stdout
    assert signals(root)[0]["consumed_at"] is None


def test_signals_only_switch_keeps_the_timeline(installed):
    root = installed.root
    set_config(root, breezing_signals=False)
    write_active(root, plans_md_mapping=mapping(2))
    for task in (1, 2):
        task_completed(installed, task)
    assert not (root / SIGNALS).exists()
    assert [e["completed"] for e in read_jsonl(root, TIMELINE)] == [1, 2]


def test_the_golden_path_records_the_timeline_but_emits_no_signals(installed):
    """Today's users (no workflow key, or the golden path): the timeline is a
    record and is kept; signals and their injection belong to the breezing
    workflow, which is not active."""
    root = installed.root
    set_config(root, workflow="golden-path")
    write_active(root, plans_md_mapping=mapping(2))
    for done in (1, 2):
        assert task_completed(installed, done).code == 0
    assert [r["event"] for r in read_jsonl(root, TIMELINE)] == ["TaskCompleted"] * 2
    assert signals(root) == []
    assert "breezing" not in prompt(installed).context
