"""statefiles.simpleyaml reads its subset exactly as PyYAML does.

Whatever it accepts must equal ``_jsonable(yaml.safe_load(text))`` — types
included (``True`` is not ``1``) — and the real state.md files must be in the
subset, or the fast path would never apply. state.md's regex-free section
scanner is compared with the regular expressions it replaced.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from draws import examples

from statefiles import simpleyaml, state_md
from statefiles.simpleyaml import NOT_SIMPLE

SUITE = Path(__file__).resolve().parents[2]


def strict_equal(a, b) -> bool:
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(strict_equal(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(strict_equal(x, y) for x, y in zip(a, b))
    return a == b


def pyyaml(text: str):
    try:
        return ("ok", state_md._jsonable(yaml.safe_load(text)))
    except Exception as exc:  # noqa: BLE001 - any PyYAML failure
        return ("error", type(exc).__name__)


def check(text: str) -> bool:
    """Asserts agreement; returns whether the subset accepted ``text``."""
    got = simpleyaml.load(text)
    if got is NOT_SIMPLE:
        return False
    expected = pyyaml(text)
    assert expected[0] == "ok", (text, got, expected)
    assert strict_equal(got, expected[1]), (text, got, expected[1])
    return True


# ------------------------------------------------------------ generated documents

TRICKY_WORDS = [
    "yes", "Yes", "YES", "no", "No", "NO", "true", "True", "TRUE", "false", "False", "on",
    "On", "OFF", "off", "y", "n", "Y", "N", "null", "Null", "NULL", "~", "nul", "Nope",
    "0", "7", "42", "-1", "-0", "+1", "007", "0x1F", "0o17", "0b101", "1_000", "1:30",
    "190:20:30", "1.5", ".5", "1e3", "1.0e+3", ".inf", "-.inf", ".NaN", "inf", "nan",
    "2026-01-02", "2026-1-2", "2026-13-01", "2026-02-30", "2026-01-02 10:00:00",
    "2026-01-02T10:00:00", "2026-01-02 10:00:00Z", "2026-01-02 25:00:00", "2024-02-29",
    "<<", "=", "-", "--", "---", "...", "?", "? x", ":", "a:b", "a: b", "http://x.y/z",
    "#x", "a #b", "a#b", "a,b", "[a]", "{a}", "&x", "*x", "!x", "!!str x", "|", ">", "%x",
    "@x", "`x`", "\\x", "a\\b", "'q'", '"q"', "it's", 'say "hi"', "é", "日本語", "a  b",
    "feat/x", "play/demo/plan.json", "-x", ".hidden", "_x", "x y z", "A", "strict",
]
PLAIN_ALPHABET = "ab yYnN019-+.:#,[]{}'\"~!&*|>%@`\\/_é日\t"


@st.composite
def scalars(draw):
    kind = draw(st.integers(0, 5))
    if kind == 0:
        return draw(st.sampled_from(TRICKY_WORDS))
    if kind == 1:
        return draw(st.text(alphabet=PLAIN_ALPHABET, min_size=1, max_size=10))
    if kind == 2:
        inner = draw(st.sampled_from(TRICKY_WORDS + ["", " x ", "a'b", 'a"b', "a\\nb"]))
        return '"' + inner + '"'
    if kind == 3:
        inner = draw(st.sampled_from(TRICKY_WORDS + ["", "it''s", " x "]))
        return "'" + inner.replace("'", "''") + "'"
    if kind == 4:
        items = draw(st.lists(st.sampled_from(TRICKY_WORDS[:60] + ["a", "b c"]), max_size=3))
        return "[" + ", ".join(items) + draw(st.sampled_from(["]", ",]", " ]"]))
    items = draw(st.lists(st.tuples(st.sampled_from(["a", "b", "on", "k-1", "_z", "a b"]),
                                    st.sampled_from(TRICKY_WORDS[:60] + ["x"])), max_size=3))
    sep = draw(st.sampled_from([": ", ":", " : "]))
    return "{" + ", ".join(k + sep + v for k, v in items) + "}"


KEYS = ["active", "current_phase", "branch", "status", "a", "_x", "k-1", "security", "yes",
        "No", "null", "on", "a b", "1a", "-a", "a:b", "x", "y", "n", "key", "?k", "é"]


@st.composite
def documents(draw):
    lines = []
    for _ in range(draw(st.integers(0, 5))):
        key = draw(st.sampled_from(KEYS))
        shape = draw(st.integers(0, 5))
        comment = draw(st.sampled_from(["", "", "  # note", " #x", "#x", "   "]))
        if shape == 0:
            lines.append(f"{key}:{comment}")
            indent = draw(st.sampled_from(["", "  ", "    "]))
            for _ in range(draw(st.integers(0, 3))):
                item = draw(scalars())
                lines.append(f"{indent}{draw(st.sampled_from(['- ', '-', '-  ']))}{item}"
                             + draw(st.sampled_from(["", " # c"])))
                if draw(st.booleans()):
                    indent = draw(st.sampled_from(["", "  ", "   "]))
        elif shape == 1:
            lines.append(draw(st.sampled_from(["", "# comment", "  # indented", "   "])))
        else:
            lines.append(f"{key}: {draw(scalars())}{comment}")
    if draw(st.booleans()):
        lines.append(draw(st.sampled_from(["---", "...", "  x: 1", "- a", "x", "%YAML 1.1"])))
    end = draw(st.sampled_from(["\n", "", "\n\n"]))
    return "\n".join(lines) + end


@settings(max_examples=examples(3000), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents())
def test_subset_agrees_with_pyyaml(text):
    check(text)


@settings(max_examples=examples(1000), deadline=None)
@given(st.text(alphabet=PLAIN_ALPHABET + "\n\r\x85\u2028\ufeff\x00", max_size=40))
def test_subset_agrees_with_pyyaml_on_arbitrary_text(text):
    check(text)


SIMPLE_WORDS = ["x", "feat/x", "a b", "in_progress", "yes", "No", "null", "~", "0", "12", "-3",
                "2026-01-02", "2026-01-02 10:00:00", "'q'", "'it''s'", '"a # b"', '""', "é",
                "日本語", "Nope", "y", "inf", "_x", "x-y.z"]


@st.composite
def likely_documents(draw):
    """Documents mostly inside the subset (the first generator mostly probes
    the refusals)."""
    keys = draw(st.lists(st.sampled_from(["a", "b", "c_d", "k-1", "_e", "status"]),
                         unique=True, max_size=5))
    lines = []
    for key in keys:
        shape = draw(st.integers(0, 3))
        if shape == 0:
            lines.append(f"{key}:")
            indent = draw(st.sampled_from(["", "  "]))
            for item in draw(st.lists(st.sampled_from(SIMPLE_WORDS), max_size=3)):
                lines.append(f"{indent}- {item}")
        elif shape == 1:
            items = draw(st.lists(st.sampled_from(SIMPLE_WORDS[:13]), max_size=3))
            lines.append(f"{key}: [" + ", ".join(items) + "]")
        elif shape == 2:
            pairs = draw(st.lists(st.tuples(st.sampled_from(["p", "q", "r_s"]),
                                            st.sampled_from(SIMPLE_WORDS[:13])),
                                  max_size=3, unique_by=lambda kv: kv[0]))
            lines.append(f"{key}: {{" + ", ".join(f"{k}: {v}" for k, v in pairs) + "}")
        else:
            lines.append(f"{key}: {draw(st.sampled_from(SIMPLE_WORDS))}"
                         + draw(st.sampled_from(["", "  # why", " #"])))
        if draw(st.booleans()):
            lines.append(draw(st.sampled_from(["", "# c", "  # c"])))
    return "\n".join(lines) + "\n"


@settings(max_examples=examples(1500), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(likely_documents())
def test_likely_documents_agree_with_pyyaml(text):
    check(text)


def test_every_tricky_value_alone_in_every_position():
    """Each tricky word as a value, a list item and a flow item: whatever is
    accepted agrees with PyYAML, and the subset is not empty."""
    accepted = 0
    for word in TRICKY_WORDS + SIMPLE_WORDS:
        for text in (f"k: {word}\n", f"k:\n  - {word}\n", f"k:\n- {word}\n", f"k: [{word}]\n",
                     f"k: {{a: {word}}}\n", f"k: {word}  # c\n"):
            accepted += check(text)
    assert accepted > 120


@pytest.mark.parametrize("text,expected", [
    ("a: 1\nb: yes\nc: ~\nd: 'it''s'\ne: \"x # y\"  # c\n",
     {"a": 1, "b": True, "c": None, "d": "it's", "e": "x # y"}),
    ("done_criteria:\n  - tests pass\n  - 'docs: done'\nstatus: idle\n",
     {"done_criteria": ["tests pass", "docs: done"], "status": "idle"}),
    ("roles: {orchestrator: claudecode, human: user}\nlist: [a, b]\nempty: []\n",
     {"roles": {"orchestrator": "claudecode", "human": "user"}, "list": ["a", "b"],
      "empty": []}),
    ("last_start: 2026-01-02 10:00:00\ncreated: 2026-01-02\n",
     {"last_start": "2026-01-02 10:00:00", "created": "2026-01-02"}),
    ("key:\n# only a comment\nother: x\n", {"key": None, "other": "x"}),
    ("# nothing but comments\n\n", None),
])
def test_known_documents(text, expected):
    assert check(text)
    assert strict_equal(simpleyaml.load(text), expected)


@pytest.mark.parametrize("text", [
    "a: 1.5\n", "a: 0x1F\n", "a: 007\n", "a: 1:30\n", "a: &x b\n", "a: *x\n", "a: !t b\n",
    "a: |\n  x\n", "a:\n  b: c\n", "a: b\n  c\n", "a: \"x\\n\"\n", "a:\tb\n", "a: b\r\n",
    "a: 1\na: 2\n", "on: x\n", "---\na: 1\n", "a: [b, [c]]\n", "a: 2026-13-45\n",
])
def test_outside_the_subset_is_left_to_pyyaml(text):
    assert simpleyaml.load(text) is NOT_SIMPLE


def test_the_real_state_md_files_are_in_the_subset(tmp_path):
    """The installed template, the benchmark's and the tests' state.md: every
    section is read without PyYAML, so the fast path is the common path."""
    sys.path.insert(0, str(SUITE / "tests"))
    from bashenv import set_state

    from bench.hookbench import STATE_MD

    texts = [(SUITE / "templates" / "state.md").read_text(),
             STATE_MD.format(pid="bench", phase="p1", branch="feat/bench")]
    set_state(tmp_path)
    texts.append((tmp_path / "state.md").read_text())
    for text in texts:
        info = state_md.scan(text)
        assert info["spans"], text
        for name, (start, end) in info["spans"].items():
            body = text[start:end]
            assert check(body), (name, body)


def test_a_state_md_edit_is_judged_without_pyyaml_or_re():
    """A parse of state.md text in the subset (the 'after' of an edit) imports
    neither PyYAML nor re."""
    text = (SUITE / "templates" / "state.md").read_text().replace("status: idle",
                                                                  "status: in_progress")
    code = ("import sys; from statefiles import state_md; "
            f"doc = state_md.parse({text!r}); "
            "assert doc['sections']['goal']['status'] == 'in_progress', doc; "
            "print(sorted(m for m in ('yaml', 're') if m in sys.modules))")
    proc = subprocess.run([sys.executable, "-S", "-c", code], capture_output=True, text=True,
                          timeout=60, cwd=str(SUITE))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "[]"


def test_parse_is_memoised_and_returns_copies():
    text = "## goal\n```yaml\ndone_criteria:\n  - a\nstatus: idle\n```\n"
    first = state_md.parse(text)
    first["sections"]["goal"]["done_criteria"].append("changed by a caller")
    second = state_md.parse(text)
    assert second["sections"]["goal"]["done_criteria"] == ["a"]
    assert second is not first


# ------------------------------------------------------------ the section scanner

HEADING = re.compile(r"^##\s+(.+?)\s*$")
FENCE_OPEN = re.compile(r"^```\s*(ya?ml)\s*$", re.IGNORECASE)
FENCE_CLOSE = re.compile(r"^```\s*$")

LINE_PIECES = ["##", "###", "#", " ", "\t", "\u3000", "\x85", "\xa0", "```", "````", "yaml",
               "YML", "Yaml", "yml ", "goal", "Config", "x", "ſ", "K", "\u212a", ""]


@settings(max_examples=examples(3000), deadline=None)
@given(st.lists(st.sampled_from(LINE_PIECES), max_size=5).map("".join))
def test_scanner_line_tests_match_the_regular_expressions(line):
    m = HEADING.match(line)
    assert state_md._heading(line) == (m.group(1).strip().lower() if m else None)
    assert state_md._fence_open(line) == bool(FENCE_OPEN.match(line))
    assert state_md._fence_close(line) == bool(FENCE_CLOSE.match(line))
