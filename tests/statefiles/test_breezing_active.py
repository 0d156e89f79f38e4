"""breezing-active.json's problems (statefiles.breezing.load_active): each is a
messages.Text made where it is found, kept in the validation cache as JSON,
and told the same in both languages whether it came from the cache or not."""

from __future__ import annotations

import json

import pytest
from saying import says

from messages import Text, localize
from statefiles import breezing


@pytest.mark.parametrize("content, key, fields", [
    ('{"session_id": 3, "batches": 5}', "breezing.error_schema",
     {"where": "batches", "problem": "5 is not of type 'array'"}),
    ("[1]", "breezing.error_not_object", {"type": "list"}),
    ("{bad", "breezing.error_not_json",
     {"problem": "Expecting property name enclosed in double quotes: line 1 column 2 (char 1)"}),
    ('{"current_batch": "b9", "batches": [{"id": "b1"}]}', "breezing.error_current_batch",
     {"value": "'b9'"}),
])
def test_a_problem_reads_the_same_from_the_cache(tmp_path, content, key, fields):
    (tmp_path / ".claude/state").mkdir(parents=True)
    (tmp_path / ".claude/state/breezing-active.json").write_text(content)
    fresh = breezing.load_active(str(tmp_path))
    cached = breezing.load_active(str(tmp_path))
    assert any(e.key == key and {k: str(v) for k, v in e.fields.items()} == fields
               for e in fresh.errors), fresh.errors
    report = fresh.report()
    assert report.key == "breezing.active_broken", report
    assert says(str(report), "breezing.active_broken",
                active=".claude/state/breezing-active.json"), report
    assert says(str(report), key, **fields), report
    for lang in ("en", "ja"):
        assert localize(lang, cached.report()) == localize(lang, fresh.report())
    assert all(isinstance(e, Text) for e in cached.errors)
    entry = json.loads((tmp_path / ".claude/.cache/breezing-active-v2.json").read_text())
    assert "english" not in json.dumps(entry)   # kept as Text.to_json: key, en, fields


@pytest.mark.parametrize("errors", [[{"key": 3}], "not a list", [{"en": "x"}], [None]])
def test_a_tampered_cache_entry_is_a_problem_not_a_crash(tmp_path, errors):
    (tmp_path / ".claude/state").mkdir(parents=True)
    (tmp_path / ".claude/state/breezing-active.json").write_text("[1]")
    breezing.load_active(str(tmp_path))
    entry = tmp_path / ".claude/.cache/breezing-active-v2.json"
    data = json.loads(entry.read_text())
    data["value"]["errors"] = errors
    entry.write_text(json.dumps(data))
    active = breezing.load_active(str(tmp_path))
    assert [e.key for e in active.errors] == ["breezing.error_cache"]
    report = active.report()
    assert report.key == "breezing.active_broken", report
    assert says(str(report), "breezing.error_cache"), report
