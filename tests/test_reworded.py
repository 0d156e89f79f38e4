"""The reworded catalogue (messages/reworded.py): the measurement that keeps
tests asserting messages by key, not by English wording.

``PLAYGATE_MESSAGES_REWORDED=1`` rewords every English template (its own
words change, its fields and what a reader acts on stay). These tests check
the transform keeps what it must, and run a fixed sample of tests that
assert by key under it: a sample test that goes back to matching an English
fragment fails here.
"""

from __future__ import annotations

import os
import string
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from messages import en, reworded

TESTS = Path(__file__).resolve().parent
_FORMATTER = string.Formatter()


def _fields(template: str) -> list:
    return [(name, spec, conv) for _text, name, spec, conv in _FORMATTER.parse(template)
            if name is not None]


def test_every_template_keeps_its_fields_in_order():
    for key, template in en.MESSAGES.items():
        assert _fields(reworded.reword(template)) == _fields(template), key


def test_almost_every_template_changes():
    """The templates left as they are hold nothing but fields, names and
    tokens (``{file}: {key}: {problem}.``, ``post-loop-pending: no``)."""
    table = reworded.catalogue(en.MESSAGES)
    same = [key for key, template in en.MESSAGES.items() if table[key] == template]
    assert len(same) < len(table) // 20, same


@pytest.mark.parametrize("template, kept, gone", [
    ("{path} is protected (BLOCK, {source}); allowed in mode 'trusted'.",
     ["BLOCK", "'trusted'", "{path}", "{source}"], ["protected", "allowed"]),
    ("Run `{command} --resume` now: it resumes the archive and runs the post-loop.",
     ["`{command} --resume`", "post-loop"], ["Run", "resumes", "archive"]),
    ("Use the Read tool on: {files}. Agent(subagent_type='critic') records PASS.",
     ["Read", "Agent(subagent_type='critic')", "PASS"], ["Use", "tool", "records"]),
    ("record state.md goal.status: done, or set it back to in_progress.",
     ["state.md", "goal.status: done", "in_progress"], ["record", "back"]),
    ("playbook{n} of {{braces}} and {value!r:>10}", ["playbook{n}", "{{braces}}", "{value!r:>10}"],
     []),
])
def test_protocol_tokens_are_kept_and_words_are_not(template, kept, gone):
    out = reworded.reword(template)
    for token in kept:
        assert token in out
    for word in gone:
        assert f" {word} " not in f" {out} " and not out.startswith(word + " "), (word, out)
    assert out.replace(reworded.MARK, "") == template


@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",),
                                      blacklist_characters="{}\x00" + reworded.MARK),
               max_size=60))
def test_any_text_reworded_reads_back_without_the_mark(text):
    """The transform only inserts marks: removing them gives the text back
    (nothing is lost; a reader debugging sees the original words). Fields are
    the examples' and the catalogue's concern above."""
    assert reworded.reword(text).replace(reworded.MARK, "") == text


def test_the_catalogue_is_reworded_only_under_the_variable():
    code = ("import messages; print(messages.text('en', 'protected_edit.block_trusted', "
            "path='a', source='b'))")
    env = {k: v for k, v in os.environ.items() if k != reworded.ENV}
    plain = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           env=env, cwd=TESTS.parent, timeout=60).stdout
    other = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           env=dict(env, **{reworded.ENV: "yes"}), cwd=TESTS.parent,
                           timeout=60).stdout
    changed = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             env=dict(env, **{reworded.ENV: "1"}), cwd=TESTS.parent,
                             timeout=60).stdout
    assert plain == other and "is protected" in plain
    assert changed != plain and changed.replace(reworded.MARK, "") == plain


def test_a_failed_effect_is_named_by_its_key_under_the_variable():
    """A failed effect's label is told by its catalogue key, never by
    comparing the entry's English with the label: reworded, the effect is
    still the catalogue's (and said reworded), not the bare label."""
    code = ("from events.runtime import _label_text; t = _label_text('record critic verdicts'); "
            "print(getattr(t, 'key', None)); print(t)")
    env = dict(os.environ, **{reworded.ENV: "1"})
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                         cwd=TESTS.parent, timeout=60).stdout.splitlines()
    assert out[0] == "runtime.effect.record_critic_verdicts", out
    assert reworded.MARK in out[1] and out[1].replace(reworded.MARK, "") == \
        "record critic verdicts", out


def test_an_installed_hook_rewords_and_decides_the_same(installed):
    """The installed hooks (subprocesses, the bundle) honour the variable:
    the same refusal, its words reworded, its key and fields intact."""
    from saying import says

    tool_input = {"file_path": str(installed.root / "src.py"), "content": "x"}
    plain = installed.tool("Write", tool_input, env={reworded.ENV: "0"})
    changed = installed.tool("Write", tool_input, env={reworded.ENV: "1"})
    assert plain.code == changed.code == 2, (plain, changed)
    assert "[playgate:prompt-analyzer-gate]" in changed.stderr
    assert reworded.MARK in changed.stderr and reworded.MARK not in plain.stderr
    assert changed.stderr.replace(reworded.MARK, "") == plain.stderr
    # The key read in this process's catalogue (reworded in the reworded run).
    said = changed if os.environ.get(reworded.ENV) == "1" else plain
    assert says(said.stderr, "prompt_analyzer_gate.not_analysed", tool="Write")


#: Tests that assert messages by key, run under the reworded catalogue: in
#: process (verdicts) and through the installed hooks (subprocesses that
#: inherit the variable). A sample test that matches English fails here.
SAMPLE = (
    "tests/test_saying.py",
    "tests/guards/test_verdict_block.py",
    "tests/guards/test_guards_protected_edit.py::"
    "test_config_change_by_write_multiedit_and_duplicate_section",
    "tests/guards/test_guards_protected_edit.py::test_user_entries_cannot_lock_the_unstuck_files",
    "tests/workflows/test_sdd_ownership.py::test_the_lead_is_refused_with_the_owner_and_the_route",
    "tests/workflows/test_sdd_ownership.py::test_the_lead_changes_nothing_else_in_tasks_yaml",
    "tests/test_faults_messages.py::test_a_failed_ledger_append_applies_nothing",
    "tests/guards/test_spec_phase_gate.py::test_backwards_steps_outside_the_machine_are_blocked",
)


@pytest.mark.skipif(os.environ.get(reworded.ENV) == "1", reason="already the reworded run")
def test_the_sample_passes_with_every_template_reworded():
    env = dict(os.environ, **{reworded.ENV: "1"})
    env.pop("PYTEST_XDIST_WORKER", None)
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:randomly",
         "-x", "-m", "not slow", *SAMPLE],
        capture_output=True, text=True, env=env, cwd=TESTS.parent, timeout=300)
    tail = proc.stdout[-3000:] + proc.stderr[-2000:]
    assert proc.returncode == 0, tail
    assert " passed" in proc.stdout, tail
