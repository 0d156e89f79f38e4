"""Properties of the breezing workflow's readers and gate (hypothesis):
the ``/breezing`` prompt, ``cc:done`` marks, teammate ids, the reviewer's
verdict line, reserved agent names — and, through the hooks, that no
spelling of the lead's files or the hooks' files slips past the gate in
the delegate phase."""

from __future__ import annotations

import json
import pytest
from _breezing_kit import SESSION, Breezing, InProcess, worker
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from draws import examples
from strategies import SPELLINGS, spell

from guards import teammate_name
from workflow import breezing as bz
from workflow import registry

WORDS = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=60)


# ----------------------------------------------------------------------------- /breezing


@given(WORDS)
def test_parse_request_never_raises_and_only_reads_the_command(prompt):
    result = bz.parse_request(prompt)
    if result is not None:
        assert prompt.strip().startswith(("/breezing", "/playgate:breezing"))
        assert set(result) == {"range", "flags", "problems", "abort", "continue"}


@given(st.lists(st.sampled_from(["auth", "to", "user", "全部やって", "Header,", "Footer"]),
                max_size=4),
       st.booleans(), st.booleans(), st.booleans(), st.none() | st.integers(1, 20),
       st.permutations(range(4)))
def test_parse_request_reads_every_flag_wherever_it_stands(words, codex, no_discuss, review,
                                                           parallel, order):
    flags = [("--codex",) if codex else (), ("--no-discuss",) if no_discuss else (),
             ("--codex-review",) if review else (),
             ("--parallel", str(parallel)) if parallel else ()]
    parts = list(words)
    for k in order:
        parts.extend(flags[k])
    result = bz.parse_request("/breezing " + " ".join(parts))
    assert result["flags"] == {"codex": codex, "no_discuss": no_discuss, "codex_review": review,
                               "parallel": parallel}
    assert result["range"] == " ".join(words) and result["problems"] == []


@pytest.mark.parametrize("bad,key,fields", [
    ("--parallel 0", "breezing.parallel_not_a_number", {"value": "'0'"}),
    ("--parallel x", "breezing.parallel_not_a_number", {"value": "'x'"}),
    ("--parallel", "breezing.parallel_not_a_number", {"value": "''"}),
    ("--paralel 2", "breezing.unknown_flag", {"flag": "'--paralel'"}),
    ("--parallel=-1", "breezing.parallel_not_a_number", {"value": "'-1'"}),
    ("--codex=yes", "breezing.unknown_flag", {"flag": "'--codex=yes'"}),
    ("--parallel ３", "breezing.parallel_not_a_number", {"value": "'３'"}),
])
def test_bad_flags_are_problems_not_guesses(bad, key, fields):
    result = bz.parse_request(f"/breezing all {bad}")
    assert [(p.key, p.fields) for p in result["problems"]] == [(key, fields)]
    assert result["flags"]["parallel"] is None


def test_abort_and_continue_words():
    assert bz.parse_request("/breezing abort")["abort"]
    assert bz.parse_request("/breezing 続きやって")["continue"]
    assert not bz.parse_request("/breezing abort the login task")["abort"]
    assert bz.parse_request("/breezingx all") is None
    assert bz.parse_request("please /breezing all") is None


# ----------------------------------------------------------------------------- cc:done


def _done_spellings():
    cc = st.sampled_from(["cc", "CC", "Cc", "ｃｃ", "ＣＣ"])
    colon = st.sampled_from([":", " :", ": ", " : ", "：", "\t:"])
    done = st.sampled_from(["done", "DONE", "Done", "ｄｏｎｅ"])
    return st.builds(lambda a, b, c: a + b + c, cc, colon, done)


@given(st.lists(_done_spellings(), min_size=1, max_size=5), st.text(max_size=40))
def test_every_spelling_of_a_done_mark_counts(marks, filler):
    filler = filler.replace("cc", "").replace("ｃ", "").replace("Ｃ", "")
    text = "\n".join(f"- {k}. task `{m}` {filler}" for k, m in enumerate(marks))
    assert bz.done_marks(text) == len(marks)


@given(st.text(max_size=200))
def test_done_marks_never_raise(text):
    assert bz.done_marks(text) >= 0


@pytest.mark.parametrize("text", ["cc:TODO", "cc:WIP", "cc:doneness", "cc:done2", "acc:tod"])
def test_what_is_not_a_done_mark(text):
    assert bz.done_marks(text) == 0


# ----------------------------------------------------------------------------- who is who


class Hook:
    def __init__(self, agent_id="", agent_type=""):
        self.agent_id, self.agent_type = agent_id, agent_type


@given(st.from_regex(r"[A-Za-z0-9][A-Za-z0-9_-]{0,20}", fullmatch=True),
       st.text(alphabet="0123456789abcdef", min_size=8, max_size=16))
def test_a_teammate_is_told_by_its_id(name, tail):
    assert bz.is_teammate(Hook(f"a{name}-{tail}", name))
    # the same id with another agent_type, or a subagent's id, is not one
    assert not bz.is_teammate(Hook(f"a{name}-{tail}", name + "x"))
    assert not bz.is_teammate(Hook("a" + tail.ljust(16, "0"), name))


@given(st.sampled_from(sorted(a for wf in registry.WORKFLOWS for a in wf.agents())),
       st.sampled_from(["", "playgate:", "PLAYGATE:"]),
       st.sampled_from([str, str.upper, str.title, str.swapcase]))
def test_no_spelling_of_an_agent_type_is_a_free_name(agent, prefix, case):
    assert teammate_name.reserved(prefix + case(agent))


@given(st.from_regex(r"(impl|rev|worker|lead2|x)-[0-9]{1,3}", fullmatch=True))
def test_ordinary_names_are_free(name):
    assert not teammate_name.reserved(name)


def test_a_teammate_without_a_roster_entry_has_no_role():
    hook = Hook("acode-reviewer-5bce82027d4eea84", "code-reviewer")
    assert bz.role_of(hook, {"roster": {}}) == (None, "code-reviewer")
    roster = {"roster": {"code-reviewer": {"role": "work_checker"}}}
    assert bz.role_of(hook, roster) == ("work_checker", "code-reviewer")
    assert bz.role_of(Hook("a0123456789abcdef", "code-reviewer"), {})[0] == "work_checker"
    assert bz.role_of(Hook("a0123456789abcdef", "Code-Reviewer"), {})[0] is None
    assert bz.role_of(Hook(), {}) == (bz.LEAD, "")


# ----------------------------------------------------------------------------- the verdict


@given(st.text(max_size=300))
def test_review_verdict_never_raises(message):
    verdict, _reason = bz.review_verdict(message, SESSION)
    assert verdict in (None, "APPROVE", "REQUEST_CHANGES")


@given(st.text(alphabet=st.characters(blacklist_characters="\r\n\x0b\x0c\x1c\x1d\x1e\x85"
                                                             "\u2028\u2029",
                                      blacklist_categories=("Cs",)), max_size=80))
def test_a_verdict_for_another_session_is_no_verdict(other):
    other = other.strip().split(" ")[0] or "x"
    if other == SESSION:
        return
    assert bz.review_verdict(f"ok\n\nCODE-REVIEW: PASS {other}", SESSION) == (None, "")


def test_the_verdict_lines():
    assert bz.review_verdict(f"x\nCODE-REVIEW: PASS {SESSION}", SESSION)[0] == "APPROVE"
    verdict, reason = bz.review_verdict(f"x\nCODE-REVIEW: FAIL {SESSION} - names", SESSION)
    assert verdict == "REQUEST_CHANGES" and reason == "names"


# ----------------------------------------------------------------------------- team size


@given(st.integers(0, 30), st.none() | st.integers(1, 30), st.none() | st.integers(1, 30))
def test_implementer_count_follows_the_seed(independent, parallel, planner):
    n = bz.implementer_count(independent, parallel, planner)
    assert 1 <= n <= 5
    assert n <= max(1, independent)
    if parallel is not None:
        assert n <= parallel
    if planner is not None:
        assert n <= planner
    if parallel is None and planner is None:
        assert n <= 3


@pytest.mark.parametrize("independent,parallel,planner,expected", [
    (5, None, None, 3), (5, 2, None, 2), (8, 5, 4, 4), (1, 5, None, 1), (20, 10, None, 5)])
def test_the_seeds_examples(independent, parallel, planner, expected):
    assert bz.implementer_count(independent, parallel, planner) == expected


# ----------------------------------------------------------------------------- the gate


@pytest.fixture(scope="module")
def delegate(tmp_path_factory):
    b = Breezing(InProcess(tmp_path_factory.mktemp("bz") / "repo"))
    return b.to_delegate()


PROTECTED_RELS = (".claude/state/breezing-active.json", "Plans.md",
                  ".claude/state/review-result.json", ".claude/state/breezing-progress.json",
                  "src/app.py")


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(PROTECTED_RELS), st.sampled_from(SPELLINGS),
       st.sampled_from(["lead", "reviewer", "stranger"]))
def test_no_spelling_slips_past_the_delegate_phase(delegate, rel, how, who):
    """In the delegate phase the lead writes nothing, the reviewer nothing,
    an agent without a role no code — by any spelling of the path."""
    path = spell(rel, how).replace("@ROOT@", str(delegate.root))
    caller = {"lead": {}, "reviewer": {"agent_id": "a1111111111111111",
                                       "agent_type": "code-reviewer"},
              "stranger": {"agent_id": "a2222222222222222", "agent_type": "general-purpose"}}
    result = delegate.pre("Write", {"file_path": path, "content": "{}"}, **caller[who])
    assert result.code == 2, (rel, how, who, result)
    assert (delegate.root / ".claude/state/breezing-active.json").exists()


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(["rm", "rm -f", "rm -rf", "mv", "unlink", "truncate -s 0", ": >", "cp /dev/null",
                        "shred -u", "find .claude/state -name breezing-active.json -delete; true"]),
       st.sampled_from([".claude/state/breezing-active.json", "./.claude/state/breezing-active.json",
                        ".claude/state/../state/breezing-active.json", ".claude/state/*.json",
                        ".claude/state", "'.claude/state/breezing-active.json'"]))
def test_the_lead_cannot_end_the_phase_with_a_command(delegate, verb, target):
    command = verb if "find" in verb else f"{verb} {target}"
    if verb in ("mv", "cp /dev/null"):
        command = f"{verb} {target} /tmp/x" if verb == "mv" else f"cp /dev/null {target}"
    result = delegate.bash(command)
    assert result.code == 2, (command, result)
    assert (delegate.root / ".claude/state/breezing-active.json").exists()


def test_the_implementer_still_writes_code(delegate):
    assert delegate.write("src/app.py", "x = 2\n", **worker()).code == 0
    data = json.loads((delegate.root / ".claude/state/breezing-active.json").read_text())
    assert data["hooks"]["phase"] == "delegate"


# ----------------------------------------------------------------------------- every entrypoint


def _breezing_scenarios(base):
    """Workspaces of the robustness suites with the breezing workflow active:
    no session, the prepare phase (confirmed), the delegate phase with a
    teammate roster, and a broken session file."""
    from _foundation import Workspace
    from _team_support import set_config
    from robust_kit import Scenario

    out = {}
    for name in ("none", "prepare", "delegate", "broken"):
        ws = Workspace(base / name)
        set_config(ws.root, workflow="breezing")
        ws.marker("Plans.md", "- [ ] 1. a `cc:TODO`\n")
        hooks = {"phase": "delegate" if name == "delegate" else "prepare",
                 "lead_session": "s", "confirmation_shown_at": "x", "confirmed_at": "x"}
        if name in ("prepare", "delegate"):
            ws.marker(".claude/state/breezing-active.json", json.dumps(
                {"session_id": SESSION, "impl_mode": "standard", "hooks": hooks}))
            ws.marker(".claude/state/breezing-progress.json", json.dumps(
                {"session_id": SESSION, "completed": [], "emitted": [],
                 "tasks": {"1": {"status": "pending"}},
                 "roster": {"impl-1": {"role": "worker", "agent": "task-worker"}},
                 "reviews": []}))
        if name == "broken":
            ws.marker(".claude/state/breezing-active.json", "{not json")
        out[name] = Scenario(name, ws)
    return out


@pytest.fixture(scope="module")
def breezing_scenarios(tmp_path_factory):
    return _breezing_scenarios(tmp_path_factory.mktemp("bzfuzz"))


EVENTS = ("PreToolUse", "PostToolUse", "UserPromptSubmit", "Stop", "SubagentStop",
          "SubagentStart", "SessionStart", "TaskCompleted", "TeammateIdle")


@pytest.mark.hypothesis  # drawn inside the test: the explore target draws it too
@pytest.mark.parametrize("event", EVENTS)
def test_every_entrypoint_keeps_the_contract_in_a_breezing_session(breezing_scenarios, event):
    """Well-formed payloads of the robustness suites against breezing
    workspaces: exit 0 or 2 as SPEC §1 says, no guard error (errors.log stays
    empty), nothing blocks what may not block."""
    import strategies as S
    from test_robust_fuzz import check_output, check_well_formed

    from events import runtime

    names = sorted(breezing_scenarios)

    @settings(deadline=None, max_examples=25,
              suppress_health_check=list(HealthCheck))
    @given(cases=st.lists(st.tuples(S.well_formed(event), st.sampled_from(names)),
                          min_size=4, max_size=4))
    def run(cases):
        for case, name in cases:
            sc = breezing_scenarios[name]
            sc.reset()
            code, out, err, _ = runtime.evaluate(event, case.build(str(sc.root)),
                                                 env=dict(sc.ws.env))
            assert not sc.errors_log(), f"{case!r} in {name}:\n{sc.errors_log()[-3000:]}"
            check_output(event, case, code, out, err)
            check_well_formed(event, case, code, out, err)

    run()


# ----------------------------------------------------------------------------- review coverage


def _ledger(marks, clock):
    """The progress fields the marks leave (guards/breezing_record._mark: a
    time rounded to the millisecond and the ledger's next mark number), for
    ``marks`` (``"change"`` or ``"review"``) stamped at ``clock``'s times."""
    keys = {"change": "last_code_change_at", "review": "review_started_at"}
    state = {}
    for seq, (mark, at) in enumerate(zip(marks, clock), start=1):
        state[keys[mark]] = round(at, 3)
        state[f"{keys[mark]}_seq"] = seq
    return state


def _clock(data, n: int, steps: list) -> list:
    """``n`` times from a clock that moves forward by one of ``steps``
    seconds at each mark (0: the same time, a tie)."""
    clock, at = [], 1_700_000_000.0
    for step in data.draw(st.lists(st.sampled_from(steps), min_size=n, max_size=n)):
        at += step
        clock.append(at)
    return clock


def _truth(marks) -> bool:
    """The last review covers the last code change: there is none, or it
    came before the review began."""
    if "change" not in marks:
        return True
    last_change = max(i for i, m in enumerate(marks) if m == "change")
    reviews = [i for i, m in enumerate(marks) if m == "review"]
    return bool(reviews) and last_change < max(reviews)


MARKS = st.lists(st.sampled_from(["change", "review"]), max_size=8)


@settings(max_examples=examples(2000))
@given(MARKS, st.data())
def test_a_review_covers_exactly_the_changes_marked_before_it(marks, data):
    """Whatever the clock did (ties within one millisecond included), the
    mark numbers decide: a change marked after the review began is never
    covered, one marked before always is."""
    from guards.breezing_stops import covers

    clock = _clock(data, len(marks), [0.0, 0.0001, 0.0004, 0.001, 0.5])
    assert covers(_ledger(marks, clock)) is _truth(marks)


@settings(max_examples=examples(2000))
@given(MARKS, st.data())
def test_a_ledger_without_mark_numbers_never_covers_a_later_change(marks, data):
    """A ledger written before the marks had numbers is ordered by the
    times: a tie is not covered, so a change is never taken for reviewed
    when it may have come after the review began."""
    from guards.breezing_stops import covers

    clock = _clock(data, len(marks), [0.0, 0.0004, 0.001, 0.5])
    legacy = {k: v for k, v in _ledger(marks, clock).items() if not k.endswith("_seq")}
    if covers(legacy):
        assert _truth(marks), (marks, clock)


JUNK = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=5) \
    | st.lists(st.integers(), max_size=2)


@settings(max_examples=examples(2000))
@given(st.dictionaries(st.sampled_from(["last_code_change_at", "last_code_change_at_seq",
                                        "review_started_at", "review_started_at_seq"]), JUNK))
def test_any_ledger_values_give_an_answer_and_unknown_is_not_covered(progress):
    """Values a hand or a bug left in the ledger never raise, and a change
    mark is covered only when numbers (not booleans) put it before the
    review."""
    from guards.breezing_stops import covers

    result = covers(progress)
    assert isinstance(result, bool)
    change = (progress.get("last_code_change_at"), progress.get("last_code_change_at_seq"))
    if result and change != (None, None):
        def num(v):
            return isinstance(v, (int, float)) and not isinstance(v, bool)
        by_seq = num(change[1]) and num(progress.get("review_started_at_seq"))
        by_time = num(change[0]) and num(progress.get("review_started_at"))
        assert by_seq or by_time, progress
