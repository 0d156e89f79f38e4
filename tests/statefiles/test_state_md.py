"""state.md reader and section-key writer (SPEC §2 state.md)."""

from __future__ import annotations

import os
import shutil

import pytest
import yaml
from hypothesis import HealthCheck, assume, given, note, settings
from hypothesis import strategies as st
from draws import examples

from statefiles import cache, state_md
from statefiles.state_md import StateError

SUITE_TEMPLATE = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "templates", "state.md")


def doc(**sections) -> str:
    parts = [f"## {name}\n```yaml\n{body}```\n" for name, body in sections.items()]
    return "# state\n\n" + "---\n".join(parts)


@pytest.fixture
def root(tmp_path):
    return tmp_path


def put(root, text, *, binary=False):
    path = root / "state.md"
    if binary:
        path.write_bytes(text)
    else:
        path.write_bytes(text.encode("utf-8"))
    return path


# ---------------------------------------------------------------- reader
def test_template_parses_cleanly():
    with open(SUITE_TEMPLATE, encoding="utf-8") as fh:
        parsed = state_md.parse(fh.read())
    assert parsed["errors"] == []
    assert list(parsed["sections"]) == ["project", "playbook", "goal", "session", "config"]
    assert parsed["sections"]["config"]["security"] == "strict"


def test_scan_ignores_headings_inside_fences_and_a_bom():
    text = ("\ufeff## playbook\n```yaml\nactive: a\n## config\n```\n"
            "```text\n## goal\n```\n## session\n```yaml\nlast_start: null\n```\n")
    info = state_md.scan(text)
    assert info["order"] == ["playbook", "session"]
    assert info["errors"] == []


def problems(errors) -> list:
    """``(key, fields)`` of each problem (a :class:`messages.Text`)."""
    return [(getattr(e, "key", None), getattr(e, "fields", None)) for e in errors]


def reported(errors, key, **fields) -> bool:
    """One of ``errors`` is message ``key`` with (at least) ``fields``."""
    return any(k == key and {n: f.get(n) for n in fields} == fields
               for k, f in problems(errors))


@pytest.mark.parametrize("text,key,fields", [
    ("## goal\nno block here\n## session\n```yaml\na: 1\n```\n", "state_md.no_yaml_block",
     {"section": "goal"}),
    ("## goal\n```yaml\na: 1\n", "state_md.unclosed_block", {"section": "goal"}),
    (doc(goal="a: 1\n") + "---\n" + doc(goal="a: 2\n"), "state_md.duplicate_section",
     {"section": "goal"}),
    ("## goal\n", "state_md.no_yaml_block", {"section": "goal"}),
])
def test_structure_problems_are_reported_with_the_fix(text, key, fields):
    errors = state_md.parse(text)["errors"]
    assert reported(errors, key, **fields), problems(errors)


def test_duplicate_section_reads_the_first():
    text = doc(config="security: strict\n") + "---\n" + doc(config="security: admin\n")
    assert state_md.parse(text)["sections"]["config"]["security"] == "strict"


BROKEN = "state_md.yaml_broken"


@pytest.mark.parametrize("body,key,fields", [
    ("active: [unclosed\n", BROKEN, {"section": "playbook"}),
    ("- a\n- b\n", "state_md.not_mapping", {"section": "playbook", "type": "list"}),
    ("when: 2026-13-45\n", BROKEN, {"section": "playbook"}),  # a timestamp with month 13
    ("x: !!python/object:os.system 1\n", BROKEN, {"section": "playbook"}),  # tags refused
])
def test_broken_yaml_reads_as_empty_with_an_error(body, key, fields):
    parsed = state_md.parse(doc(playbook=body, goal="status: idle\n"))
    assert parsed["sections"]["playbook"] == {}
    assert parsed["sections"]["goal"] == {"status": "idle"}
    assert reported(parsed["errors"], key, **fields), problems(parsed["errors"])
    if key == BROKEN:  # "broken near line N"
        assert all(isinstance(f["line"], int) for k, f in problems(parsed["errors"])
                   if k == key), problems(parsed["errors"])


def test_values_become_json():
    parsed = state_md.parse(doc(session="last_start: 2026-01-29 00:08:55\nd: 2026-01-01\n"
                                        "n: {1: x}\n"))
    assert parsed["sections"]["session"] == {"last_start": "2026-01-29 00:08:55",
                                             "d": "2026-01-01", "n": {"1": "x"}}


@pytest.mark.parametrize("value,expected", [
    ("play/x/plan.json", "play/x/plan.json"), ("null", None), ("~", None), ("''", None),
    ("'  play/y/plan.json  '", "play/y/plan.json"), ("None", None), ("'null'", None),
    ("[a]", None), ("3", None),
])
def test_active_playbook(root, value, expected):
    put(root, doc(project="active: play/wrong/plan.json\n", playbook=f"active: {value}\n"))
    assert state_md.load(str(root)).active_playbook == expected


@pytest.mark.parametrize("value,expected", [
    ("strict", "strict"), ("TRUSTED", "trusted"), (" developer", "developer"),
    ("admin", "admin"), ("root", "strict"), ("[admin]", "strict"), ("true", "strict"),
    ("normal", "strict"),
])
def test_security_mode_unknown_is_strict(root, value, expected):
    put(root, doc(config=f"security: {value}\n"))
    assert state_md.load(str(root)).security == expected


@pytest.mark.parametrize("value", ["normal", "Normal", " NORMAL "])
def test_the_seeds_normal_mode_is_strict_and_no_problem(root, value):
    """seed 002's state.md names the default mode ``normal``: it is read as
    ``strict`` (nothing loosened) and not reported as a bad value."""
    put(root, doc(config=f"security: {value}\n"))
    d = state_md.load(str(root))
    assert d.security == "strict"
    assert not [e for e in d.errors if "security" in str(e)], d.errors


def test_missing_security_and_flags(root):
    put(root, doc(config="lint_blocks: 'true'\nstrict_depends: true\ntoolstack: b\n"))
    d = state_md.load(str(root))
    assert d.security == "strict"
    assert d.config_flag("lint_blocks") is False  # a string is not true
    assert d.config_flag("strict_depends") is True
    assert d.toolstack == "B"


def test_load_missing_too_large_and_unreadable(root):
    assert state_md.load(str(root)) is None
    put(root, b"#" * (state_md.MAX_BYTES + 1), binary=True)
    assert problems(state_md.load(str(root)).errors[:1]) == [
        ("state_md.too_large", {"limit": state_md.MAX_BYTES})]
    (root / "state.md").unlink()
    (root / "state.md").mkdir()
    assert problems(state_md.load(str(root)).errors[:1])[0][0] == "state_md.unreadable"


def test_cache_is_keyed_on_content_and_forged_entries_are_ignored(root):
    put(root, doc(config="security: strict\n"))
    assert state_md.load(str(root)).security == "strict"
    data = (root / "state.md").read_bytes()
    assert cache.lookup(str(root), "state.md", data) is not None
    # An entry whose key is for other content is not used.
    cache.store(str(root), "state.md", b"other", {"sections": {"config": {"security": "admin"}},
                                                  "spans": {}, "errors": []})
    assert state_md.load(str(root)).security == "strict"
    # A torn entry is recomputed.
    entry = root / ".claude" / ".cache" / "state.md.json"
    entry.write_text("{torn")
    assert state_md.load(str(root)).security == "strict"
    # An edit is always seen (no mtime window): same length, other content.
    put(root, doc(config="security: admin_\n"))
    assert state_md.load(str(root)).security == "strict"
    put(root, doc(config="security: trusted\n"))
    assert state_md.load(str(root)).security == "trusted"


# ---------------------------------------------------------------- writer: bytes
TEMPLATE_BODY = {
    "playbook": "active: null          # path, or null\ncurrent_phase: p1\nbranch:   feat/x\n",
    "goal": "done_criteria:\n  - a\n  - b\nstatus: idle  # idle | in_progress\n",
    "session": "last_start: null\nlast_end: 2026-01-01 10:00:00\n",
    "config": "security: strict\nroles: {a: b}\n",
}


def changed_lines(old: str, new: str) -> list:
    a, b = old.splitlines(keepends=True), new.splitlines(keepends=True)
    assert len(a) == len(b), (old, new)
    return [(x, y) for x, y in zip(a, b) if x != y]


def test_update_changes_only_that_line_and_keeps_the_comment(root):
    text = doc(**TEMPLATE_BODY)
    put(root, text)
    state_md.update_keys(str(root), "playbook", {"active": "play/a/plan.json"})
    new = (root / "state.md").read_text()
    assert changed_lines(text, new) == [
        ("active: null          # path, or null\n",
         "active: play/a/plan.json          # path, or null\n")]


@pytest.mark.parametrize("warm", [True, False])
def test_fast_and_yaml_paths_write_the_same_bytes(root, warm, monkeypatch):
    text = doc(**TEMPLATE_BODY)
    put(root, text)
    calls = []
    real = state_md._fast_update

    def spy(*args):
        calls.append(real(*args))
        return calls[-1]

    monkeypatch.setattr(state_md, "_fast_update", spy)
    if warm:
        state_md.load(str(root))  # fills the cache: the fast path applies
    state_md.update_keys(str(root), "session", {"last_start": "2026-02-03 04:05:06"})
    assert calls == [warm]
    new = (root / "state.md").read_text()
    assert changed_lines(text, new) == [("last_start: null\n",
                                         "last_start: 2026-02-03 04:05:06\n")]
    assert state_md.load(str(root)).get("session", "last_start") == "2026-02-03 04:05:06"


def test_crlf_file_stays_crlf(root):
    text = doc(**TEMPLATE_BODY).replace("\n", "\r\n")
    put(root, text)
    state_md.update_keys(str(root), "goal", {"status": "in_progress", "milestone": "m2"})
    data = (root / "state.md").read_bytes()
    assert b"\n" not in data.replace(b"\r\n", b"")
    assert b"status: in_progress  # idle | in_progress\r\n" in data
    assert b"milestone: m2\r\n```" in data


def test_absent_key_is_appended_to_its_section(root):
    text = doc(**TEMPLATE_BODY)
    put(root, text)
    state_md.update_keys(str(root), "playbook", {"last_archived": "play/archive/a"})
    new = (root / "state.md").read_text()
    assert new == text.replace("branch:   feat/x\n",
                               "branch:   feat/x\nlast_archived: play/archive/a\n")


def test_absent_section_is_appended_or_refused(root):
    text = doc(goal="status: idle\n")
    put(root, text)
    with pytest.raises(StateError) as refused:
        state_md.update_keys(str(root), "session", {"last_end": None}, create=False)
    assert problems(refused.value.args) == [("state_md.write_no_section", {"section": "session"})]
    assert (root / "state.md").read_text() == text
    state_md.update_keys(str(root), "session", {"last_end": None})
    new = (root / "state.md").read_text()
    assert new.startswith(text)
    assert state_md.parse(new)["sections"]["session"] == {"last_end": None}


def test_multi_line_value_is_replaced_by_one_line(root):
    text = doc(**TEMPLATE_BODY)
    put(root, text)
    state_md.update_keys(str(root), "goal", {"done_criteria": ["x: y", "z"]})
    new = (root / "state.md").read_text()
    assert "  - a\n" not in new
    assert state_md.parse(new)["sections"]["goal"]["done_criteria"] == ["x: y", "z"]
    assert new.replace("done_criteria: ['x: y', z]\n", "done_criteria:\n  - a\n  - b\n") == text


def test_key_written_twice_is_replaced_everywhere(root):
    put(root, doc(goal="status: idle\nmilestone: m\nstatus: blocked\n"))
    state_md.update_keys(str(root), "goal", {"status": "done"})
    new = (root / "state.md").read_text()
    assert new.count("status: done") == 2 and "idle" not in new


def test_duplicate_section_updates_the_first_and_leaves_the_second(root):
    text = doc(goal="status: idle\n") + "---\n" + doc(goal="status: other\n")
    put(root, text)
    state_md.update_keys(str(root), "goal", {"status": "done"})
    new = (root / "state.md").read_text()
    assert new == text.replace("status: idle", "status: done", 1)


def test_broken_target_section_is_refused_and_the_file_kept(root):
    text = doc(goal="status: [idle\n", session="last_start: null\n")
    put(root, text)
    with pytest.raises(StateError) as refused:
        state_md.update_keys(str(root), "goal", {"status": "done"})
    assert reported(refused.value.args, "state_md.write_broken", section="goal"), refused.value
    assert (root / "state.md").read_text() == text


def test_broken_other_section_does_not_prevent_writing(root):
    text = doc(goal="status: [idle\n", session="last_start: null\n")
    put(root, text)
    state_md.update_keys(str(root), "session", {"last_start": "2026-01-01 00:00:00"})
    assert (root / "state.md").read_text() == text.replace("last_start: null",
                                                           "last_start: 2026-01-01 00:00:00")


def test_missing_and_non_utf8_files_are_refused(root):
    with pytest.raises(StateError) as refused:
        state_md.update_keys(str(root), "goal", {"status": "done"})
    assert reported(refused.value.args, "state_md.write_missing",
                    path=str(root / "state.md")), problems(refused.value.args)
    put(root, doc(goal="status: idle\n").encode() + b"\xff\xfe", binary=True)
    with pytest.raises(StateError) as refused:
        state_md.update_keys(str(root), "goal", {"status": "done"})
    assert reported(refused.value.args, "state_md.write_not_utf8"), problems(refused.value.args)


@pytest.mark.parametrize("value", [
    None, True, False, 0, -3, 1.5, "", "yes", "No", "null", "~", "1.0", "0x1F", "1e3", ".inf",
    "a: b", "a #b", "#x", " lead", "trail ", "- x", "[x]", "{x}", "'q'", '"dq"', "x\ny",
    "tab\there", "ünïcödé", "emoji \U0001f600", "\u2028sep", "\x7fdel", "\ufeffbom",
    "2026-01-01", "2026-01-01 10:00:00", "2026-13-01", "2026-02-30 10:00:00",
    "2026-01-01T10:00:00", "10:00", "play/x/plan.json", "feat/x-y_z.1", ["a", {"b": None}],
    {"k": [1, "two"]},
])
def test_every_value_reads_back_exactly(root, value):
    put(root, doc(**TEMPLATE_BODY))
    state_md.load(str(root))
    state_md.update_keys(str(root), "session", {"last_end": value})
    assert state_md.load(str(root)).get("session", "last_end") == value
    # and the result parses the same without the cache
    fresh = state_md.parse((root / "state.md").read_text())
    assert fresh["sections"]["session"]["last_end"] == value
    assert fresh["errors"] == []


def test_lone_surrogate_is_written_as_an_escape(root):
    put(root, doc(**TEMPLATE_BODY))
    state_md.update_keys(str(root), "session", {"last_end": "\ud800"})
    assert '"\\uD800"' in (root / "state.md").read_text()
    assert state_md.load(str(root)).get("session", "last_end") == "\ud800"


def test_fast_path_refuses_lines_that_only_look_like_keys(root):
    # "last_start:" inside a multi-line flow mapping is not the key.
    text = doc(session="info: {a: 1,\nlast_start: 2}\nlast_start: null\n")
    put(root, text)
    state_md.load(str(root))
    state_md.update_keys(str(root), "session", {"last_start": "2026-01-01 00:00:00"})
    parsed = state_md.parse((root / "state.md").read_text())["sections"]["session"]
    assert parsed["info"] == {"a": 1, "last_start": 2}
    assert parsed["last_start"] == "2026-01-01 00:00:00"


# ---------------------------------------------------------------- hypothesis
KEYS = st.sampled_from(["active", "current_phase", "branch", "status", "last_start",
                        "last_end", "milestone", "note", "k_1"])
SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-10**6, 10**6),
    st.text(st.characters(blacklist_categories=("Cs",)), max_size=12),
    st.sampled_from(["2026-01-01 00:00:00", "2026-01-01", "null", "yes", "a: b", "#c", "x #y",
                     "play/x/plan.json", "1.5", "-", "'", '"']),
)


def _yaml_line(key, value) -> str:
    return yaml.safe_dump({key: value}, default_flow_style=True, width=1 << 30,
                          allow_unicode=True).strip()[1:-1] + "\n"


@st.composite
def documents(draw):
    """A state.md with 1–4 sections of scalar keys, comments and blank lines,
    optionally CRLF; returns (text, section_names)."""
    names = draw(st.lists(st.sampled_from(["project", "playbook", "goal", "session", "config"]),
                          min_size=1, max_size=4, unique=True))
    sections = {}
    for name in names:
        keys = draw(st.lists(KEYS, min_size=1, max_size=4, unique=True))
        lines = []
        for key in keys:
            line = _yaml_line(key, draw(SCALARS))
            if draw(st.booleans()) and not line.rstrip().endswith(("'", '"')):
                line = line.rstrip("\n") + "   # note\n"
            lines.append(line)
            if draw(st.integers(0, 4)) == 0:
                lines.append("# a comment line\n" if draw(st.booleans()) else "\n")
        sections[name] = "".join(lines)
    text = doc(**sections)
    if draw(st.booleans()):
        text = text.replace("\n", "\r\n")
    return text, names


@settings(max_examples=examples(150), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data(), document=documents())
def test_fast_path_and_yaml_path_agree_and_leave_other_bytes_alone(tmp_path_factory, data,
                                                                   document):
    text, names = document
    parsed = state_md.parse(text)
    assume(parsed["errors"] == [])
    section = data.draw(st.sampled_from(names))
    updates = data.draw(st.dictionaries(KEYS, SCALARS, min_size=1, max_size=3))
    results = {}
    for path_kind in ("fast", "yaml"):
        root = tmp_path_factory.mktemp(path_kind)
        put(root, text)
        if path_kind == "fast":
            state_md.load(str(root))  # warm cache: the fast path may apply
        else:
            shutil.rmtree(root / ".claude", ignore_errors=True)
        try:
            state_md.update_keys(str(root), section, updates)
        except StateError as exc:
            results[path_kind] = ("error", str(exc))
            continue
        results[path_kind] = ("ok", (root / "state.md").read_bytes().decode("utf-8"))
    note(repr(results))
    if results["fast"][0] == "error" or results["yaml"][0] == "error":
        # both refuse, or the fast path fell back to YAML and refused the same way
        assert results["fast"][0] == results["yaml"][0]
        return
    fast_text, yaml_text = results["fast"][1], results["yaml"][1]
    fast, slow = state_md.parse(fast_text), state_md.parse(yaml_text)
    assert fast["sections"] == slow["sections"]
    assert fast["errors"] == slow["errors"] == []
    for key, value in updates.items():
        assert fast["sections"][section][key] == value
    for name in names:
        if name != section:
            assert fast["sections"][name] == parsed["sections"][name]
    # Untouched bytes: every line of the original outside the updated entries
    # (an entry runs from its key line to the next line that starts in column
    # 0 with something other than a comment) is still there, in order.
    original = text.splitlines(keepends=True)
    start, end = parsed["spans"][section]
    kept = []
    pos = 0
    owned = False
    for line in original:
        inside = start <= pos < end
        pos += len(line)
        if inside and line[:1] not in (" ", "\t", "#", "\r", "\n", ""):
            owned = line.split(":", 1)[0] in updates
        if not (inside and owned):
            kept.append(line)
    for result in (fast_text, yaml_text):
        it = iter(result.splitlines(keepends=True))
        assert all(any(line == other for other in it) for line in kept), result


@pytest.mark.parametrize("body,expected", [
    ("status   : idle  # c\nm: 1\n", "status: done  # c\nm: 1\n"),
    ('"status": idle\nm: 1\n', "status: done\nm: 1\n"),
    ("  status: idle\n  m: 1\n", "  status: done\n  m: 1\n"),
    ("status: >\n  folded\n  text\nm: 1\n", "status: done\nm: 1\n"),
    ("status:\n  - a\n\n# keep me\nm: 1\n", "status: done\n\n# keep me\nm: 1\n"),
    ("status: {a: 1,\n  b: 2}   # flow\nm: 1\n", "status: done   # flow\nm: 1\n"),
    ("m: 1\nstatus: idle", "m: 1\nstatus: done"),  # no final newline
])
def test_unusual_spacing_and_shapes(root, body, expected):
    text = doc(goal=body) if body.endswith("\n") else "## goal\n```yaml\n" + body + "\n```\n"
    put(root, text)
    state_md.update_keys(str(root), "goal", {"status": "done"})
    new = (root / "state.md").read_text()
    want = (doc(goal=expected) if body.endswith("\n")
            else "## goal\n```yaml\n" + expected + "\n```\n")
    assert new == want
