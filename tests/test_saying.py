"""Messages are the test contract: a verdict keeps its message key and
fields, and ``tests/saying.py`` recognises a rendered message by its key in
any text, in either language."""

from __future__ import annotations

import string

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from saying import MIN_WORDS, keys_in, pattern, says

from events.verdict import ALLOWED, block, warn
from messages import LANGUAGES, Said, catalogue, say, text

_FIELDS = string.Formatter()


def _fields_of(key: str) -> dict:
    """``{field: format spec}`` of ``key``'s English template."""
    return {name: spec for _t, name, spec, _c in _FIELDS.parse(catalogue("en")[key])
            if name is not None}


def _recognisable(key: str, lang: str = "en") -> bool:
    try:
        pattern(key, lang)
    except ValueError:
        return False
    return True


KEYS = sorted(k for k in catalogue("en") if _recognisable(k))


class _Ctx:
    def __init__(self, language: str) -> None:
        self.language = language


def test_a_said_message_keeps_its_key_and_fields_and_the_verdict_shows_them():
    message = say(_Ctx("ja"), "bash_check.too_complex")
    assert isinstance(message, Said) and message.key == "bash_check.too_complex"
    assert message == text("ja", "bash_check.too_complex") and message.lang == "ja"
    verdict = block(message)
    assert verdict.key == "bash_check.too_complex" and verdict.fields == {}
    with_fields = warn(say(_Ctx("en"), "bash_check.warn", target="src/x.py"))
    assert with_fields.key == "bash_check.warn" and with_fields.fields == {"target": "src/x.py"}
    # A message put together from several sentences has no one key.
    assert block(message + " " + message).key is None and ALLOWED.key is None


def test_the_context_says_with_a_key_too(tmp_path):
    from events.context import Context
    from events.inputs import parse

    ctx = Context(parse("Stop", b'{"hook_event_name": "Stop", "cwd": "/"}'), root=str(tmp_path),
                  env={})
    said = ctx.say("bash_check.warn", target="a")
    assert said.key == "bash_check.warn" and said.fields == {"target": "a"} and "a" in said


@given(key=st.sampled_from(KEYS), lang=st.sampled_from(LANGUAGES),
       # NUL is the catalogue's placeholder for a part known only at run time,
       # rendered as words by design (tests/test_messages.py covers it).
       value=st.text(alphabet=st.characters(blacklist_categories=("Cs",),
                                            blacklist_characters="\x00"), max_size=20))
def test_every_message_is_recognised_by_its_key_in_both_languages(key, lang, value):
    assume(_recognisable(key, lang))
    # A field with a format spec ({waited:.1f}) gets a number, the others text.
    fields = {name: 1.25 if spec else f"<{value}>" for name, spec in _fields_of(key).items()}
    rendered = "[playgate:x] " + text(lang, key, **fields) + "\nmore text"
    assert says(rendered, key, lang=lang)
    if fields:
        name = sorted(fields)[0]
        assert says(rendered, key, lang=lang, **{name: fields[name]})
    assert key in keys_in(rendered, lang=lang, prefix=key.split(".")[0])


def test_a_field_given_must_match_exactly():
    rendered = text("en", "bash_check.warn", target="src/app.py")
    assert says(rendered, "bash_check.warn", target="src/app.py")
    assert not says(rendered, "bash_check.warn", target="src/other.py")


def test_another_message_is_not_taken_for_this_one():
    rendered = text("en", "bash_check.too_complex")
    assert not says(rendered, "bash_check.no_playbook")
    assert not says("", "bash_check.too_complex") and not says(None, "bash_check.too_complex")


def test_a_key_or_field_that_does_not_exist_fails_the_test_that_names_it():
    with pytest.raises(KeyError):
        says("x", "bash_check.no_such_key")
    with pytest.raises(ValueError):
        says("x", "bash_check.warn", no_such_field="x")


def test_a_template_without_words_of_its_own_needs_its_fields():
    generic = [k for k in catalogue("en") if not _recognisable(k)]
    for key in generic:
        words = sum(len(t.strip()) for t, *_ in _FIELDS.parse(catalogue("en")[key]) if t)
        assert words < MIN_WORDS, key
