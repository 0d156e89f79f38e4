"""statefiles.fastjson gives the standard library's answers (the hooks' speed path)."""

from __future__ import annotations

import json
import math
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from draws import examples

from statefiles import fastjson

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True)
    | st.text(),
    lambda children: st.lists(children, max_size=5)
    | st.dictionaries(st.text(max_size=8), children, max_size=5),
    max_leaves=30,
)


def same(a, b) -> bool:
    """Equality where NaN equals NaN (json round-trips NaN)."""
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
        return True
    if type(a) is not type(b):
        return False
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    return a == b


@settings(max_examples=examples(500), deadline=None)
@given(JSON, st.booleans())
def test_dumps_equals_json_dumps(value, ascii_only):
    assert fastjson.dumps(value, ensure_ascii=ascii_only) == json.dumps(value,
                                                                        ensure_ascii=ascii_only)


KEYED = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(),
    lambda children: st.lists(children, max_size=5) | st.tuples(children, children)
    | st.dictionaries(st.one_of(st.text(max_size=8), st.integers(), st.floats(allow_nan=True),
                                st.booleans(), st.none()), children, max_size=5),
    max_leaves=30,
)


@settings(max_examples=examples(500), deadline=None)
@given(KEYED, st.sampled_from([None, 0, 1, 2, 4, "\t", ""]), st.booleans())
def test_dumps_with_indent_equals_json(value, indent, ascii_only):
    assert fastjson.dumps(value, indent=indent, ensure_ascii=ascii_only) == json.dumps(
        value, indent=indent, ensure_ascii=ascii_only)


def test_dumps_with_indent_does_not_import_json():
    """The indented form is written on hot paths (stop-guard.json, markers):
    without ``json`` (6 ms with ``re`` and ``enum``)."""
    code = ("import sys; from statefiles import fastjson; "
            "fastjson.dumps({'a': [1, 2.5, None, 'x'], 'b': {}}, indent=2); "
            "print('json' in sys.modules, 're' in sys.modules)")
    proc = subprocess.run([sys.executable, "-S", "-c", code], capture_output=True, text=True,
                          timeout=60, cwd=str(__import__("pathlib").Path(__file__).resolve().parents[2]))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["False", "False"]


@pytest.mark.parametrize("bad", [{"k": object()}, {(1, 2): 1}, [{1, 2}]])
def test_dumps_with_indent_refuses_what_json_refuses(bad):
    with pytest.raises(TypeError):
        json.dumps(bad, indent=2)
    with pytest.raises(TypeError):
        fastjson.dumps(bad, indent=2)


def test_dumps_with_indent_detects_cycles_like_json():
    cyclic: list = []
    cyclic.append(cyclic)
    with pytest.raises(ValueError):
        json.dumps(cyclic, indent=2)
    with pytest.raises(ValueError):
        fastjson.dumps(cyclic, indent=2)


@settings(max_examples=examples(500), deadline=None)
@given(JSON, st.sampled_from(["", " ", "\n\t ", "\r\n"]))
def test_loads_of_valid_json_equals_json_loads(value, ws):
    text = ws + json.dumps(value) + ws
    assert same(fastjson.loads(text), json.loads(text))
    assert same(fastjson.loads(text.encode()), json.loads(text))


@settings(max_examples=examples(1000), deadline=None)
@given(st.one_of(st.text(max_size=40),
                 st.text(alphabet='{}[]",:0123456789.eE+-tfnrul \\\n\tabxNIaIy', max_size=40)))
def test_loads_accepts_and_refuses_exactly_what_json_does(text):
    try:
        expected = ("ok", json.loads(text))
    except (ValueError, RecursionError) as exc:
        expected = ("error", type(exc).__name__)
    try:
        got = ("ok", fastjson.loads(text))
    except (ValueError, RecursionError) as exc:
        got = ("error", type(exc).__name__)
    assert got[0] == expected[0], (text, got, expected)
    if got[0] == "ok":
        assert same(got[1], expected[1])


@pytest.mark.parametrize("text", ["NaN", "Infinity", "-Infinity", '{"a": NaN}', "1e400"])
def test_non_finite_constants_like_the_standard_library(text):
    assert same(fastjson.loads(text), json.loads(text))


@pytest.mark.parametrize("text", ["", " ", "{", "[1,]", "{'a': 1}", "01", "1 2", "\x00",
                                  '"\x01"', "tru", "nul", "[1] x"])
def test_invalid_json_raises_value_error(text):
    with pytest.raises(ValueError):
        fastjson.loads(text)


def test_invalid_utf8_bytes_raise():
    with pytest.raises(UnicodeDecodeError):
        fastjson.loads(b'"\xff"')


def test_deep_nesting_raises_recursion_error_not_a_crash():
    with pytest.raises(RecursionError):
        fastjson.loads("[" * 200000 + "]" * 200000)


def test_unserialisable_raises_type_error():
    with pytest.raises(TypeError):
        fastjson.dumps({"a": object()})


def test_importing_fastjson_does_not_import_json_or_re():
    code = ("import sys; before = set(sys.modules); from statefiles import fastjson; "
            "fastjson.loads('{\"a\": [1, 2.5]}'); fastjson.dumps({'a': 1}); "
            "print(sorted(m for m in ('json', 're', 'enum') if m in set(sys.modules) - before))")
    # -S: no site (a development install's import hooks load re at start-up)
    out = subprocess.run([sys.executable, "-S", "-c", code], capture_output=True, text=True,
                         timeout=60, cwd=str(__import__("pathlib").Path(__file__).resolve().parents[2]))
    assert out.stdout.strip() == "[]", out


def test_syntax_errors_in_a_fresh_process_are_value_errors():
    """Regression: the C scanner raised SystemError for ``{broken`` when
    ``json.decoder`` had not been imported (the hook process never imports it)."""
    code = ("import sys\nfrom statefiles import fastjson\n"
            "for text in ('{broken', '[1,', '{\"a\" 1}', '[1 2]', '\"\\\\x\"', '{\"a\":}'):\n"
            "    try:\n        fastjson.loads(text)\n    except ValueError:\n        pass\n"
            "    else:\n        raise SystemExit('no error for ' + text)\n"
            "print('ok')")
    out = subprocess.run([sys.executable, "-S", "-c", code], capture_output=True, text=True,
                         timeout=60, cwd=str(__import__("pathlib").Path(__file__).resolve().parents[2]))
    assert out.stdout.strip() == "ok", out
