"""The message catalogue: English and Japanese from one
catalogue, chosen by state.md ``config.language``.

Families: the two catalogues agree (keys and format fields); every key the
code uses exists and every key is used; formatting never raises (hypothesis
over field values); the language switch through units and through the
installed hook (exit codes unchanged); an unknown language falls back to
English and SessionStart names it; the allow path never imports the catalogue.
"""

from __future__ import annotations

import os
import re
import string
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from draws import examples

import messages
from events.verdict import BLOCK
from guards import protected_edit
from messages import en, ja
from statefiles import state_md

from conftest import SUITE

#: The subject is the wording (the catalogue: its templates, fallbacks, languages):
#: skipped in the reworded run (docs/development.md).
pytestmark = pytest.mark.wording

EN = en.MESSAGES
JA = ja.MESSAGES

#: Where message keys are used.
SOURCE_DIRS = ("guards", "workflow", "events", "hooks", "statefiles", "shell", "permission",
               "skills", "playgate")


def fields(template: str) -> set:
    """The ``str.format`` field names of ``template``."""
    return {name.split(".")[0].split("[")[0]
            for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def source_texts():
    for d in SOURCE_DIRS:
        for dirpath, _, files in os.walk(SUITE / d):
            for name in files:
                if name.endswith(".py"):
                    path = os.path.join(dirpath, name)
                    with open(path, encoding="utf-8") as fh:
                        yield path, fh.read()


#: ``say("key"`` / ``say(ctx, "key"`` / ``text(lang, "key"``, literal keys.
LITERAL = re.compile(r"""\b(?:say|text|Text)\(\s*(?:[\w.]+,\s*)?["']([a-z_]+\.[a-z0-9_.\-]+)["']""")
#: Keys built at run time: ``say(f"bash_check.advice.{...}"`` (a prefix);
#: ``Text(...)`` (messages.Text) and ``Msg(...)`` (a sentence the analysis
#: or a guard records) name keys as ``say`` does.
PREFIX = re.compile(r"""\b(?:say|text|Text|Msg)\(\s*(?:[\w.]+,\s*)?f["']([a-z_]+\.[a-z0-9_.\-]*)\{""")


def used_keys():
    literal, prefixes = set(), set()
    for _, src in source_texts():
        literal |= set(LITERAL.findall(src))
        prefixes |= set(PREFIX.findall(src))
    return literal, prefixes


# ------------------------------------------------------------------ the catalogues agree
def test_catalogues_are_not_empty():
    assert len(EN) >= 100
    assert set(messages.LANGUAGES) == {"en", "ja"}


def test_every_key_exists_in_both_languages():
    assert sorted(set(EN) - set(JA)) == []
    assert sorted(set(JA) - set(EN)) == []


@pytest.mark.parametrize("key", sorted(EN))
def test_same_format_fields_in_both_languages(key):
    assert fields(EN[key]) == fields(JA[key]), key


@pytest.mark.parametrize("key", sorted(EN))
def test_japanese_is_a_translation(key):
    """A Japanese entry that is the English text was not translated (short
    identifier-only entries such as ``"phase {phase}: {subtasks}"`` aside)."""
    words = re.sub(r"\{[^}]*\}", "", EN[key])
    words = re.sub(r"\S*[-_./()`'\"]\S*", "", words)  # identifiers: post-loop-pending, a.b
    if len(re.findall(r"[A-Za-z]{3,}", words)) <= 2:
        return
    assert JA[key] != EN[key], key
    assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", JA[key]), key


def test_every_key_the_code_uses_exists():
    literal, prefixes = used_keys()
    assert literal, "the key scan found nothing: the pattern is broken"
    assert sorted(k for k in literal if k not in EN) == []
    for prefix in prefixes:
        assert any(k.startswith(prefix) for k in EN), prefix


#: Any string literal shaped like a key (keys chosen by a conditional
#: expression are passed to ``say`` as a variable).
ANY_KEY = re.compile(r"""["']([a-z_]+\.[a-z0-9_.\-]+)["']""")


def test_every_key_is_used():
    _, prefixes = used_keys()
    literal = set()
    for _, src in source_texts():
        literal |= set(ANY_KEY.findall(src))
    # The renderer's own words (the run-time placeholder), not the catalogues.
    literal |= set(ANY_KEY.findall((SUITE / "messages" / "__init__.py").read_text()))
    unused = [k for k in EN if k not in literal and not any(k.startswith(p) for p in prefixes)]
    # The command line's and the installer's keys (some built as f"{command}.help")
    # are checked by tests/playgate/test_cli.py against the package's own calls.
    from playgate.messages import PREFIXES

    unused = [k for k in unused if not k.startswith(PREFIXES) and k != "statusline.help"]
    assert unused == []


def test_bash_check_runtime_keys_exist():
    """Keys built from data: every finding kind with advice and every
    access verb has its entry."""
    from guards import bash_check

    for kind in bash_check._ADVICE:
        assert f"bash_check.advice.{kind}" in EN
    for kind in ("receives", "deletes", "changes", "writes"):
        assert f"bash_check.verb_{kind}" in EN


def test_every_destructive_kind_the_analysis_records_has_its_sentence():
    """A finding kind without ``bash_check.advice.<kind>``
    reaches a Japanese agent as the analysis's English sentence. Every kind
    the shell analysis can record (literal ``.find("<kind>"`` calls and the
    family modules' ``KIND`` constants) has both catalogue entries."""
    import re
    from pathlib import Path

    from guards import bash_check

    shell_dir = Path(bash_check.__file__).resolve().parents[1] / "shell"
    kinds = set()
    for path in shell_dir.rglob("*.py"):
        src = path.read_text(encoding="utf-8")
        kinds |= set(re.findall(r"\.find\(\s*\"([a-z][a-z-]+)\"", src))
        kinds |= set(re.findall(r"^KIND\s*=\s*\"([a-z][a-z-]+)\"", src, re.M))
        kinds |= {k for _, k in re.findall(r"\.destructive\.append\(\((\"|')([a-z][a-z-]+)", src)}
    assert kinds, "no finding kinds found: the scan is broken"
    assert sorted(kinds - set(bash_check._ADVICE)) == []


# ------------------------------------------------------------------ formatting never fails
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_template_formats_with_its_fields(lang):
    table = EN if lang == "en" else JA
    for key, template in table.items():
        out = messages.text(lang, key, **{f: "{x}" for f in fields(template)})
        assert "{x}" in out or not fields(template), key


field_values = st.one_of(st.text(), st.integers(), st.none(),
                         st.sampled_from(["{", "}", "{0}", "{x!r}", "%s", "{{}}", "a/{b}/c"]))


@settings(max_examples=examples(200), deadline=None)
@given(lang=st.sampled_from(["en", "ja", "fr", "", "EN"]), key=st.sampled_from(sorted(EN)),
       values=st.dictionaries(st.sampled_from(["path", "error", "plan", "branch", "x", "files",
                                                "key", "lang", "self", "ctx"]),
                              field_values))
def test_text_never_raises(lang, key, values):
    out = messages.text(lang, key, **values)
    assert isinstance(out, str) and out


@settings(max_examples=examples(100), deadline=None)
@given(path=st.text())
def test_braces_in_values_are_not_reinterpreted(path):
    for lang in ("en", "ja"):
        out = messages.text(lang, "protected_edit.warn", path=path, pattern="p")
        # the analysis's placeholder for a part known only at run time is
        # shown in words (see test_no_message_shows_the_run_time_placeholder)
        assert path.replace("\x00", (EN if lang == "en" else JA)["message.dynamic_part"]) in out


def test_missing_field_falls_back_to_english_then_to_the_key():
    assert messages.text("ja", "protected_edit.warn", path="a", pattern="b") == \
        JA["protected_edit.warn"].format(path="a", pattern="b")
    out = messages.text("ja", "protected_edit.warn", path="a")  # no pattern
    assert out.startswith("protected_edit.warn") and "path=a" in out
    assert messages.text("en", "no.such.key") == "no.such.key"


def test_japanese_key_missing_falls_back_to_english(monkeypatch):
    monkeypatch.setitem(messages._loaded, "ja", {})
    assert messages.text("ja", "init_guard.read_first", files="state.md", tool="Edit") == \
        EN["init_guard.read_first"].format(files="state.md", tool="Edit")


@pytest.mark.parametrize("lang", ["fr", "", "JA ", None])
def test_unknown_language_is_english(lang):
    assert messages.text(lang, "consent_guard.not_confirmed") == EN["consent_guard.not_confirmed"]


# ------------------------------------------------------------------ wording classes
#: A seed or SPEC section a reader of the message cannot open.
SECTION_CITATION = re.compile(r"\bseed \d{3}\b|§\s*\d|\bSpec \d+(\.\d+)?\b")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_no_message_cites_a_seed_section(lang):
    """The agent reads the rule, not a pointer to a document it cannot open."""
    table = EN if lang == "en" else JA
    cited = {k: v for k, v in table.items() if SECTION_CITATION.search(v)}
    assert cited == {}


#: Japanese terms written one way: the spelling kept → the spellings that
#: must not appear in prose (code spans and quotes aside).
JA_TERMS = {
    "push": ("プッシュ",),
    "プルリクエスト": ("pull request", "Pull request", "プル リクエスト"),
    "playbook": ("Playbook", "プレイブック"),
    "フロントマター": ("frontmatter", "front matter"),
    "系統 / 〜系": ("ファミリー",),
}
_CODE = re.compile(r"`[^`]*`|'[^'\n]*'")


@pytest.mark.parametrize("kept", sorted(JA_TERMS))
def test_each_japanese_term_is_written_one_way(kept):
    found = {k: v for k, v in JA.items()
             if any(w in _CODE.sub(" ", v) for w in JA_TERMS[kept])}
    assert found == {}, kept


def test_a_count_of_more_says_more_of_what():
    """``(ほか 3 件)`` after a list of problems reads as three more list
    items of any kind; the count names its noun (``ほかに問題が 3 件``,
    ``ほか 3 件のファイル``)."""
    bare = re.compile(r"ほか(?:に)?\s*\{\w+\}\s*件(?!の)")
    assert {k: v for k, v in JA.items() if bare.search(v)} == {}


#: Japanese that translates an English passive word for word ("is blocked by
#: X" → "X のために止められます"): say what the reader can or cannot do.
LITERAL_PASSIVES = ("止められ", "によって止め", "のために止め")


def test_no_literal_passive_of_being_held():
    assert {k: v for k, v in JA.items() if any(p in v for p in LITERAL_PASSIVES)} == {}


def test_command_families_are_named_in_japanese():
    """An ask prompt never says ``infrastructure 系``: every command family
    has its Japanese name (with 系), and the templates do not add one."""
    from shell import severity

    for family in severity.DEFAULTS:
        name = JA.get(f"bash_check.family.{family}")
        assert name and name != family and EN[f"bash_check.family.{family}"] == family, family
        assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", name), name
    assert {k: v for k, v in JA.items() if re.search(r"\{family\}\s*系", v)} == {}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_no_message_shows_the_run_time_placeholder(lang):
    """A part of a word known only at run time (the analysis's NUL
    placeholder) is said in words in every template, repr'd or not."""
    table = EN if lang == "en" else JA
    for key, template in table.items():
        out = messages.text(lang, key, **{f: "a\x00b" for f in fields(template)})
        assert "\x00" not in out and "\\x00" not in out, key


@settings(max_examples=examples(200), deadline=None)
@given(english=st.text(st.sampled_from("abc ."), min_size=1, max_size=12).map(
    lambda t: t.strip() + "."), key=st.sampled_from(sorted(JA)))
def test_an_english_sentence_in_a_japanese_template_ends_once(english, key):
    """A rule's reason or a library's words, ending with a full stop, put
    before the template's own ``。``: after :func:`messages.tidy` one full
    stop, and no ASCII space after a Japanese one."""
    out = messages.tidy("ja", messages.text("ja", key, **{f: english for f in fields(JA[key])}))
    assert "。。" not in out and "。 " not in out and "、 " not in out
    assert not re.search(r"(?<!\.)\.。", out), out


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("command", ['bash -c "$SCRIPT"', "xargs rm < list.txt",
                                     'cat "$LIST" | xargs rm -f', 'cp x "$DIR/y"'])
def test_a_command_known_only_at_run_time_is_named_in_words(ws, lang, command):
    """``bash -c "$SCRIPT"`` does not run the command ``'\\x00'``, and
    ``xargs rm < list.txt`` does not write to ``'$?'``."""
    ws.ready()
    set_language(ws.root, lang)
    result = ws.bash(command)
    assert result.code == 2 and result.guard == "bash-check", result
    assert "\\x00" not in result.stderr and "'$?'" not in result.stderr, result.stderr
    if command == "xargs rm < list.txt":
        assert ("paths it gets only at run time" if lang == "en"
                else "実行時に初めて決まるパス") in result.stderr, result.stderr


_IDENT_SQL = st.from_regex(r"[A-Za-z][A-Za-z0-9_]{0,8}", fullmatch=True).filter(
    lambda w: w.upper() not in ("TABLE", "FROM", "WHERE", "SET", "IF", "AS", "ON", "TO", "IN",
                                "OR", "AND", "NOT", "IS", "BY"))


@settings(max_examples=examples(150), deadline=None)
@given(name=_IDENT_SQL, form=st.sampled_from(["drop table {n}", "DROP TABLE {n}",
                                              "truncate {n}", "delete from {n}",
                                              "update {n} set a = 1"]))
def test_sql_is_shown_as_written(name, form):
    """A finding quotes the user's SQL, names as written: a table called
    ``Users`` is not shown as ``USERS``."""
    import shell

    statement = form.format(n=name)
    findings = shell.analyse(f"psql -c '{statement}'", cwd="/tmp", root="/tmp").destructive
    assert findings, statement
    for lang in ("en", "ja"):
        said = messages.render(lang, findings[0].message)
        assert name in said, (statement, said)


def test_tidy_leaves_english_and_ellipses_alone():
    assert messages.tidy("en", "Done. Next.") == "Done. Next."
    assert messages.tidy("ja", "a (x...)。b") == "a (x...)。b"
    assert messages.tidy("ja", "規則: Stop.。 次。; 三") == "規則: Stop。次。三"


# ------------------------------------------------------------------ the language switch
def set_language(root, value: str) -> None:
    path = root / "state.md"
    text = path.read_text()
    assert "language: en" in text
    path.write_text(text.replace("language: en", f"language: {value}", 1))


@pytest.mark.parametrize("raw,lang", [("en", "en"), ("ja", "ja"), ("JA", "ja"), ("fr", "en"),
                                      ("'ja'", "ja"), ("123", "en"), ("[ja]", "en")])
def test_state_md_language(ws, raw, lang):
    set_language(ws.root, raw)
    assert state_md.load(str(ws.root)).language == lang


def test_missing_state_md_is_english(ws):
    (ws.root / "state.md").unlink()
    assert ws.tool_ctx("Read", {"file_path": ws.abs("README.md")}).language == "en"


def test_guard_unit_speaks_the_configured_language(ws):
    ws.ready()
    ctx = ws.tool_ctx("Write", {"file_path": ws.abs(".claude/hooks/x.py"), "content": "x"})
    v = protected_edit.check(ctx)
    assert v.kind == BLOCK and v.message.startswith(".claude/hooks/x.py is protected (HARD_BLOCK")
    set_language(ws.root, "ja")
    ctx = ws.tool_ctx("Write", {"file_path": ws.abs(".claude/hooks/x.py"), "content": "x"})
    v = protected_edit.check(ctx)
    assert v.kind == BLOCK and "保護されています (HARD_BLOCK" in v.message


def test_runtime_messages_switch_through_evaluate(ws):
    ws.ready()
    ws.branch("main")
    en_result = ws.edit("src/app.py")
    set_language(ws.root, "ja")
    ja_result = ws.edit("src/app.py")
    assert en_result.code == ja_result.code == 2
    assert "You are on main" in en_result.stderr
    assert "現在 main ブランチにいます" in ja_result.stderr


@pytest.mark.parametrize("command, key", [
    ("rm -rf /etc/notes", "shell.find.rm_outside_project"),
    ("git reset --hard HEAD~3", "shell.find.git_reset_discards_uncommitted"),
    ("git push --force origin main", "shell.find.git_push_force"),
])
def test_destructive_findings_read_in_japanese(ws, command, key):
    """Bash-check's main sentence no longer carries the
    shell analysis's English finding in Japanese: the finding is recorded as
    a catalogue key (shell.model.Msg) and said in Japanese, with the paths
    and options it names. (Before, a per-family Japanese sentence replaced
    the specific one; the specific sentence is now translated itself.)"""
    ws.ready()
    set_language(ws.root, "ja")
    result = ws.bash(command)
    assert result.code == 2 and result.guard == "bash-check", result
    text = result.stderr
    assert "bash-check が破壊的なコマンドをブロックしました" in text
    # the sentence's own words (its text after the last field)
    tail = JA[key].rsplit("}", 1)[-1].strip(" :。")
    assert tail and tail in text, (tail, text)
    words = re.sub(r"`[^`]*`|\([^)]*\)|[\w.-]*[/_.~-][\w./~-]*", "", text)
    assert len(re.findall(r"\b[A-Za-z]{4,}\b", words)) <= 4, text  # identifiers only


def test_protection_labels_and_agent_errors_read_in_japanese(ws):
    ws.ready()
    set_language(ws.root, "ja")
    result = ws.bash("echo x > .claude/settings.json")
    assert result.code == 2 and "スイート自身のファイル" in result.stderr, result
    from guards.agent_definitions import problems

    errors, warnings = problems("---\nname: x\ntools: Agent\n---\n", "ja")
    assert errors == ["フロントマターに `description` がありません",
                      "`tools` に Agent が含まれています"]


# ------------------------------------------------------------------ through the installed hook
def analysed(inst):
    """The prompt-analyzer has run (so the gate lets the guards behind it speak)."""
    marker = inst.root / ".claude" / "session-state" / "prompt-analyzer-called"
    marker.parent.mkdir(parents=True, exist_ok=True)
    marker.write_text("x\n")
    subprocess.run(["git", "-C", str(inst.root), "checkout", "-q", "-b", "feat/x"],
                   check=True, timeout=30, capture_output=True)
    return inst


@pytest.fixture
def ja_installed(installed):
    set_language(installed.root, "ja")
    return analysed(installed)


def test_installed_block_in_japanese_keeps_exit_code(installed):
    """Same call, both languages: the exit code and the guard are unchanged,
    only the text differs."""
    analysed(installed)
    payload = {"file_path": str(installed.root / ".claude" / "hooks" / "x.py"), "content": "x"}
    before = installed.tool("Write", payload)
    set_language(installed.root, "ja")
    after = installed.tool("Write", payload)
    assert before.code == after.code == 2
    assert "is protected (HARD_BLOCK" in before.stderr
    assert "保護されています (HARD_BLOCK" in after.stderr
    assert ".claude/hooks/x.py" in after.stderr


def test_installed_main_branch_block_in_japanese(ja_installed):
    subprocess.run(["git", "-C", str(ja_installed.root), "checkout", "-q", "main"],
                   check=True, timeout=30, capture_output=True)
    result = ja_installed.tool("Bash", {"command": "touch newfile"})
    assert result.code == 2
    assert "ブランチ" in result.stderr and "git checkout -b" in result.stderr


def test_installed_bash_check_destructive_in_japanese(ja_installed):
    victim = ja_installed.root / "victim"
    result = ja_installed.tool("Bash", {"command": f"rm -rf {victim}/../../.."})
    assert result.code == 2
    assert "bash-check が破壊的なコマンドをブロックしました" in result.stderr


def test_installed_unknown_language_is_english_and_session_start_names_it(installed):
    set_language(installed.root, "klingon")
    analysed(installed)
    payload = {"file_path": str(installed.root / ".claude" / "hooks" / "x.py"), "content": "x"}
    result = installed.tool("Write", payload)
    assert result.code == 2 and "is protected (HARD_BLOCK" in result.stderr
    start = installed.hook("SessionStart", source="startup")
    assert start.code == 0
    assert "klingon" in start.context and "config.language" in start.context


def test_installed_session_start_in_japanese(ja_installed):
    start = ja_installed.hook("SessionStart", source="startup")
    assert start.code == 0
    assert re.search(r"[\u3040-\u30ff]", start.context), start.context[:300]
    assert "config.language" not in start.context  # a valid value draws no warning


# ------------------------------------------------------------------ speed: the allow path
def test_allowed_read_imports_no_catalogue(installed):
    """``python -X importtime`` on an allowed Read: no ``messages`` module."""
    target = installed.root / "README.md"
    payload = installed.payload("PreToolUse", tool_name="Read",
                                tool_input={"file_path": str(target)}, tool_use_id="t")
    # The session has not started (no pending marker): Read is allowed.
    import json

    script = installed.root / ".claude" / "hooks" / "pre_tool_use.py"
    proc = subprocess.run([sys.executable, "-X", "importtime", str(script)],
                          input=json.dumps(payload).encode(), capture_output=True, timeout=60,
                          env=dict(os.environ, CLAUDE_PROJECT_DIR=str(installed.root)))
    assert proc.returncode == 0, proc.stderr[-500:]
    imported = [line.rsplit("|", 1)[-1].strip() for line in
                proc.stderr.decode().splitlines() if line.startswith("import time:")]
    assert imported, "importtime printed nothing"
    assert not [m for m in imported if m == "messages" or m.startswith("messages.")]


# ------------------------------------------------------------------ lifecycle texts in Japanese
def test_stop_block_in_japanese_keeps_the_decision(tmp_path):
    """completion-check through the installed Stop hook: same decision in
    both languages, the Japanese reason and the untranslated identifiers."""
    import reward_kit as K

    rr = K.make_reward_repo(tmp_path / "repo")
    en_result = K.stop(rr)
    set_language(rr, "ja")
    ja_result = K.stop(rr)
    assert en_result.code == ja_result.code == 0
    assert en_result.json["decision"] == ja_result.json["decision"] == "block"
    assert "is not finished" in en_result.json["reason"]
    reason = ja_result.json["reason"]
    assert "まだ完了していません" in reason and "p1.1 (pending)" in reason


def test_prompt_context_in_japanese(ws):
    ws.ready()
    set_language(ws.root, "ja")
    result = ws.evaluate("UserPromptSubmit", ws.payload("UserPromptSubmit", prompt="状況は?"))
    assert result[0] == 0
    assert "状態: playbook play/p1/plan.json" in result[1]


def test_archive_report_in_both_languages():
    from statefiles import checkpoint
    from workflow.archive import report

    cp = {"id": "p1", "archive": "play/archive/p1", "status": checkpoint.SUCCESS, "git": "off",
          "steps": {"archive": {"status": "done"}, "pending": {"status": "done"},
                    "commit": {"status": "skipped", "detail": "nothing to commit"}}}
    english = report.describe(cp)
    assert english.startswith("Playbook p1 is complete and was archived to play/archive/p1/;")
    # The archive names the post-loop step by its one command
    handler = "`python3 .claude/skills/post-loop/handler.py`"
    assert "commit skipped (nothing to commit)" in english and handler in english
    japanese = report.describe(cp, lang="ja")
    assert "play/archive/p1/ にアーカイブされました" in japanese
    assert "コミットはスキップ (nothing to commit)" in japanese
    assert handler in japanese
    assert report.describe(cp, for_handler=True).count("post-loop") == 0


def test_a_library_detail_keeps_its_own_english_when_it_is_a_field():
    """A Text whose English is a library's own words ("month must be in
    1..12") is shown as those words in English and translated by its kind in
    Japanese, also when it reaches a message as a field value (the shell
    analysis's recorded sentences are rendered from the catalogue; a Text is
    not one of them)."""
    from messages import Text, render, text

    detail = Text("detail.yaml.bad_date", english="month must be in 1..12")
    en = text("en", "shared.state_problems", problems=detail)
    ja = text("ja", "shared.state_problems", problems=detail)
    assert "month must be in 1..12" in en, en
    assert "month" not in ja and text("ja", "detail.yaml.bad_date") in ja, ja
    assert render("en", detail) == "month must be in 1..12"
    assert render("ja", detail) == text("ja", "detail.yaml.bad_date")


def test_the_shell_analysis_labels_read_in_japanese():
    """The labels of where code runs that are prose ("X inline code",
    "argument of X") reach a Japanese reader in Japanese; the English is the
    label as the analysis wrote it."""
    from messages import render
    from shell import analyse

    for command, ja_part, en_part in (
            ('python3 -c "$X"', "python3 のインラインコード", "python3 inline code"),
            ("bash -c 'perl -e \"$Y\"'", "perl のインラインコード", "perl inline code")):
        reasons = analyse(command, "/work/p", "/work/p", "/home/u").reasons
        assert any(ja_part in render("ja", r) for r in reasons), (command, reasons)
        assert any(en_part in render("en", r) for r in reasons), (command, reasons)



# ------------------------------------------------------------------ effect labels
EFFECT_LABEL = re.compile(r"""\blabel=(["'])([^"'\n{}]+)\1""")


def test_every_effect_label_has_its_sentence():
    """A failed effect is named in the reader's language: every literal
    ``Effect(..., label="...")`` has its ``runtime.effect.<label>`` entry,
    whose English is the label exactly."""
    from events.runtime import _label_text

    labels = {m.group(2) for _, src in source_texts() if "Effect(" in src
              for m in EFFECT_LABEL.finditer(src)}
    # breezing-timeline's label=f"record {ctx.event}", for the events of its chain
    labels |= {"record TaskCompleted", "record TeammateIdle"}
    assert "write session.last_start" in labels, "the label scan found nothing"
    untranslated = [label for label in sorted(labels)
                    if not isinstance(_label_text(label), messages.Text)]
    assert untranslated == []
    for label in labels:
        shown = _label_text(label)
        assert str(shown) == label
        assert messages.localize("ja", shown) != label, label


def test_a_failed_effect_reads_in_japanese():
    from events.runtime import _effect_failure

    failure = _effect_failure("write session.last_start", OSError(28, "No space left on device"),
                              ".claude/.cache/errors.log")
    assert str(failure) == ("could not write session.last_start (OSError: [Errno 28] No space "
                            "left on device; details in .claude/.cache/errors.log)")
    shown = messages.localize("ja", failure)
    assert "session.last_start の書き込み ができませんでした" in shown, shown


# ------------------------------------------------------------------ Text kept in JSON
def _texts():
    """A :class:`messages.Text` of any catalogue key with its own fields,
    whose values are scalars, other texts, or joins of texts."""
    def one(key, inner):
        names = sorted(fields(EN[key]))
        return st.fixed_dictionaries({n: inner for n in names}).map(
            lambda kw, key=key: messages.Text(key, **kw))

    scalars = st.one_of(st.text(max_size=12), st.integers(), st.none(), st.booleans())
    keys = st.sampled_from(sorted(k for k in EN if isinstance(EN[k], str)))
    leaf = keys.flatmap(lambda k: one(k, scalars))
    return st.recursive(leaf, lambda inner: st.one_of(
        keys.flatmap(lambda k: one(k, st.one_of(scalars, inner))),
        st.lists(inner, min_size=1, max_size=3).map(lambda parts: messages.Text.join(". ", parts))),
        max_leaves=6)


@settings(max_examples=examples(200), deadline=None)
@given(value=_texts())
def test_a_text_kept_as_json_reads_back_the_same_in_both_languages(value):
    """What an archive checkpoint or a subagent report keeps of a message
    (``Text.to_json``) gives back the same English and the same Japanese."""
    import json

    back = messages.Text.from_json(json.loads(json.dumps(value.to_json())))
    assert str(back) == str(value)
    assert back.localized("ja") == value.localized("ja")


_json = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                     lambda inner: st.lists(inner, max_size=3)
                     | st.dictionaries(st.sampled_from(["key", "en", "fields", "sep", "parts",
                                                        "english", "x"]), inner, max_size=4),
                     max_leaves=12)


@settings(max_examples=examples(300), deadline=None)
@given(value=_json)
def test_reading_a_hand_edited_text_raises_only_value_error(value):
    try:
        back = messages.Text.from_json(value)
    except ValueError:
        return
    assert isinstance(back, messages.Text)
    assert isinstance(back.localized("ja"), str)
