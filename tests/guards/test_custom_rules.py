"""Custom rules: ``.claude/playgate-rules.yaml``, its shipped schema, the
guard ``custom-rules`` in the PreToolUse Bash chain, the permission gate's ``rules`` floor
phase, ``playgate validate``/``schema``/``explain``/``doctor``, and docs/custom-rules.md.

Families: the file (schema, broken files, cache); matching on the analysed command (name,
subcommand, flags with values, argument globs); the properties (a harmless wrapper, prefix,
quoting or path spelling never lets a matched command escape; a rule never turns a blocked
command into an allowed one, and the gate never approves a matched one); the installed hooks
as Claude Code runs them; the command line; the documentation's example.

Commands are data: nothing here is ever executed.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from bashenv import make_workspace
from conftest import SUITE
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from draws import examples
from saying import matches, pattern, says

import shell
from events.runtime import evaluate
from shell import custom_rules as rules
from statefiles.protected import FLOOR

RULES_YAML = """\
version: 1
rules:
  - name: npm-publish
    action: block
    command: [npm, pnpm]
    subcommand: publish
    reason: releases are made by CI
  - name: kubectl-prod
    action: ask
    command: kubectl
    subcommand: [apply, delete]
    flags:
      - name: --context
        value: "prod*"
    reason: the production cluster
  - name: push-main
    action: block
    command: git
    subcommand: push
    args: [origin, [main, "*:main"]]
    reason: main is protected
  - name: helm-ns
    action: ask
    command: helm
    subcommand: upgrade
    flags:
      - name: --namespace
        aliases: [-n]
        value: prod
    reason: production namespace
  - name: gh-release
    action: block
    command: gh
    subcommand: "release create"
    reason: the release workflow cuts releases
  - name: ls-all
    action: ask
    command: ls
    flags: [-a]
    reason: hidden files
"""

DOC = SUITE / "docs" / "custom-rules.md"
HOME = "/home/tester"


def write_rules(root: Path, text: str = RULES_YAML) -> Path:
    path = root / ".claude" / "playgate-rules.yaml"
    path.write_text(text)
    return path


def matched(root, command: str, ruleset=None) -> list:
    """``[(rule name, action)]`` the rules of ``root`` match in ``command``."""
    ruleset = ruleset or rules.load(str(root))
    a = shell.analyse(command, root=str(root), cwd=str(root), home=HOME)
    return [(m.rule.name, m.rule.action) for m in ruleset.match(a)]


@pytest.fixture(scope="module")
def plain_ws(tmp_path_factory):
    """A workspace (suite installed, an active reviewed playbook) without rules."""
    return make_workspace(tmp_path_factory.mktemp("plain"))


@pytest.fixture(scope="module")
def rules_ws(tmp_path_factory):
    """The same workspace with :data:`RULES_YAML` as its rules."""
    ws = make_workspace(tmp_path_factory.mktemp("rules"))
    write_rules(ws.root)
    return ws


def decision(ws, command: str) -> str:
    """PreToolUse in process: ``deny``, ``ask`` or ``allow``."""
    code, _err, out = ws.decide(command)
    if code == 2:
        return "deny"
    body = json.loads(out) if out.strip() else {}
    answer = (body.get("hookSpecificOutput") or {}).get("permissionDecision")
    return answer if answer in ("deny", "ask") else "allow"


def approved(ws, command: str) -> bool:
    """The permission gate (in process) approves ``command``."""
    payload = ws.payload("PermissionRequest", tool_name="Bash", tool_input={"command": command})
    _c, out, _e, _o = evaluate("PermissionRequest", json.dumps(payload).encode(), env=ws.env(),
                               root=str(ws.root), apply=False)
    if not out.strip():
        return False
    return ((json.loads(out).get("hookSpecificOutput") or {}).get("decision") or {}).get(
        "behavior") == "allow"


# ------------------------------------------------------------------ the file


def test_the_schema_has_no_allow_action():
    schema = json.loads(Path(rules.schema_path()).read_text())
    assert schema["$defs"]["rule"]["properties"]["action"]["enum"] == ["block", "ask"]
    assert Path(rules.schema_path()).is_file()


def test_absent_file_is_no_rules(tmp_path):
    (tmp_path / ".claude").mkdir()
    rs = rules.load(str(tmp_path))
    assert rs is rules.EMPTY and not rs.broken and not rs.present


@pytest.mark.parametrize("text", ["", "# only a comment\n", "rules:\n", "version: 1\nrules: []\n"])
def test_an_empty_file_has_no_rules_and_is_not_broken(tmp_path, text):
    (tmp_path / ".claude").mkdir()
    write_rules(tmp_path, text)
    rs = rules.load(str(tmp_path), use_cache=False)
    assert rs.present and not rs.broken and rs.rules == ()


def test_the_rules_load_with_their_lines(tmp_path):
    (tmp_path / ".claude").mkdir()
    write_rules(tmp_path)
    rs = rules.load(str(tmp_path))
    assert [r.name for r in rs.rules] == ["npm-publish", "kubectl-prod", "push-main", "helm-ns",
                                          "gh-release", "ls-all"]
    assert rs.rules[0].line == 3 and rs.rules[1].line == 8


def said(text) -> list:
    """The parts of a :class:`messages.Text` in order, a joined one taken
    apart: ``(key, fields, str)`` (``None`` key and fields for a plain
    string such as a field name)."""
    parts = text.fields.get("parts") if getattr(text, "key", "") is None else None
    if parts is not None:
        return [p for part in parts for p in said(part)]
    return [(getattr(text, "key", None), getattr(text, "fields", None), str(text))]


#: (text, line, field named, messages the one-line summary is made of (key, fields it
#: names), data words it must contain: a library's own words or the schema's description)
BROKEN = [
    ("rules:\n  - name: a\n    action: allow\n    command: npm\n    reason: r\n", 3,
     "rules[0].action", [("rules.not_an_action", {"value": "'allow'"})], []),
    ("rules:\n  - name: a\n    action: deny\n    command: npm\n    reason: r\n", 3,
     "rules[0].action", [("rules.not_an_action", {"value": "'deny'"})], []),
    ("rules:\n  - name: a\n    action: block\n    command: npm\n", 2,
     "rules[0]", [("detail.schema.required", {"name": "'reason'"})], []),
    ("rules:\n  - name: a\n    action: block\n    comand: npm\n    reason: r\n", 2,
     "rules[0]", [("detail.schema.additional", {"names": "'comand'"}),
                  ("rules.allowed_keys", {})], ["comand"]),
    ("rules:\n  - name: a\n    action: block\n    command: /usr/bin/npm\n    reason: r\n", 4,
     "rules[0].command", [("detail.schema.pattern", {"value": "'/usr/bin/npm'"})],
     ["command name"]),
    (("rules:\n  - name: a\n    action: block\n    command: npm\n    reason: r\n"
      "    flags: [publish]\n"), 6,
     "rules[0].flags[0]", [("detail.schema.pattern", {"value": "'publish'"})], []),
    (("rules:\n  - name: a\n    action: block\n    command: npm\n    reason: r\n"
      "  - name: a\n    action: ask\n    command: npm\n    reason: r\n"), 6,
     "rules[1].name", [("rules.duplicate_name", {"name": "'a'", "line": 2})], []),
    ("rules:\n  - name: a\n    action: block\n    action: ask\n    command: npm\n    reason: r\n",
     4, "", [("rules.not_yaml", {})], ["duplicate key"]),
    ("rules:\n  - name: a\n    action: [block\n", 4, "", [("rules.not_yaml", {})], []),
    ("- just\n- a list\n", 1, "(top level)", [("detail.schema.type", {"expected": "object"})],
     []),
    ("rules:\n  - name: a\n    action: block\n    command: npm\n    reason: r\n    args: yes\n",
     6, "rules[0].args", [("detail.schema.type", {"value": "True", "expected": "array"}),
                          ("rules.yaml_booleans", {})], []),
]


@pytest.mark.parametrize("text,line,where,said_keys,words", BROKEN,
                         ids=[str(i) for i in range(len(BROKEN))])
def test_a_broken_file_names_its_line_and_field(tmp_path, text, line, where, said_keys, words):
    (tmp_path / ".claude").mkdir()
    write_rules(tmp_path, text)
    rs = rules.load(str(tmp_path), use_cache=False)
    assert rs.broken and rs.rules == ()
    summary = rs.summary()
    assert "\n" not in summary
    parts = said(summary)
    # line L: field: the problem, in that order
    assert parts[0][:2] == ("rules.at_line", {"line": line}), parts
    assert parts[1][0] is None and parts[1][2] == (f"{where}: " if where else ""), parts
    assert summary.startswith(parts[0][2] + parts[1][2]), summary
    keyed = [(key, fields) for key, fields, _ in parts[2:] if key]
    for key, fields in said_keys:
        assert any(k == key and {n: f.get(n) for n in fields} == fields
                   for k, f in keyed), (key, fields, parts)
    for word in words:
        assert word in summary, summary


def test_unreadable_files_are_broken(tmp_path):
    (tmp_path / ".claude" / "playgate-rules.yaml").mkdir(parents=True)
    keyed = [p[:2] for p in said(rules.load(str(tmp_path)).summary()) if p[0]]
    assert keyed == [("rules.is_dir", {"file": ".claude/playgate-rules.yaml"})], keyed
    big = tmp_path / "big"
    (big / ".claude").mkdir(parents=True)
    write_rules(big, "#" * (rules.MAX_BYTES + 10))
    keyed = [p[:2] for p in said(rules.load(str(big)).summary()) if p[0]]
    assert keyed == [("rules.too_large", {"file": ".claude/playgate-rules.yaml",
                                          "limit": rules.MAX_BYTES})], keyed
    bad = tmp_path / "bad"
    (bad / ".claude").mkdir(parents=True)
    (bad / ".claude" / "playgate-rules.yaml").write_bytes(b"rules: \xff\xfe\n")
    assert rules.load(str(bad)).broken
    keyed = [p[0] for p in said(rules.load(str(bad), use_cache=False).summary()) if p[0]]
    assert "rules.not_utf8" in keyed, keyed


def test_the_cache_follows_the_content(tmp_path):
    (tmp_path / ".claude").mkdir()
    write_rules(tmp_path)
    assert len(rules.load(str(tmp_path)).rules) == 6
    assert (tmp_path / ".claude" / ".cache" / "playgate-rules.json").is_file()
    write_rules(tmp_path, RULES_YAML.replace("action: block", "action: nope", 1))
    assert rules.load(str(tmp_path)).broken
    write_rules(tmp_path)
    rules._MEMO.clear()  # a new hook process: from the cache
    assert len(rules.load(str(tmp_path)).rules) == 6


def test_the_rules_file_is_in_the_protection_floor():
    assert ".claude/playgate-rules.yaml" in FLOOR


# ------------------------------------------------------------------ matching

#: (command, [(rule, action)]) with RULES_YAML.
MATCHES = [
    ("npm publish", [("npm-publish", "block")]),
    ("pnpm publish --tag next", [("npm-publish", "block")]),
    ("npm --registry https://r.example publish", [("npm-publish", "block")]),
    ("npm -g publish", [("npm-publish", "block")]),
    ("npm -- publish", [("npm-publish", "block")]),
    ("NPM publish", [("npm-publish", "block")]),
    ("C:/nodejs/npm.exe publish", [("npm-publish", "block")]),
    ("npm install publish", []),
    ("npm publishing", []),
    ("echo npm publish", []),
    ("git commit -m 'npm publish'", []),
    ("kubectl apply --context prod -f x.yaml", [("kubectl-prod", "ask")]),
    ("kubectl --context=prod-eu delete pod x", [("kubectl-prod", "ask")]),
    ("kubectl --cont prod apply -f x", [("kubectl-prod", "ask")]),
    ("kubectl --context staging apply -f x", []),
    ("kubectl --context prod get pods", []),
    ("kubectl apply -f x", []),
    ("git push origin main", [("push-main", "block")]),
    ("git -C . push origin HEAD:main", [("push-main", "block")]),
    ("git -c user.name=x push --force origin main", [("push-main", "block")]),
    ("git push origin feature", []),
    ("git push upstream main", []),
    ("git pull origin main", []),
    ("helm upgrade app ./chart -n prod", [("helm-ns", "ask")]),
    ("helm upgrade app ./chart -nprod", [("helm-ns", "ask")]),
    ("helm upgrade app ./chart -n=prod", [("helm-ns", "ask")]),
    ("helm upgrade app ./chart --namespace=prod", [("helm-ns", "ask")]),
    ("helm upgrade app ./chart --namespace prod", [("helm-ns", "ask")]),
    ("helm upgrade app ./chart -n dev", []),
    ("helm install app ./chart -n prod", []),
    ("gh release create v1", [("gh-release", "block")]),
    ("gh release list", []),
    ("gh create release", []),
    ("ls -la", [("ls-all", "ask")]),
    ("ls -l", []),
    # values computed at run time may be anything: the rule applies (fail safe)
    ("npm $CMD", [("npm-publish", "block")]),
    ("sudo A=1 npm publish", [("npm-publish", "block")]),
    ("git push origin \"$BRANCH\"", [("push-main", "block")]),
    ("kubectl apply --context=$CTX -f x", [("kubectl-prod", "ask")]),
    ("cat list | xargs npm", [("npm-publish", "block")]),
    ("npm run \"$SCRIPT\"", []),
    ("kubectl apply --dry-run=$X -f x", []),
    # several rules: block first
    ("ls -a && npm publish", [("npm-publish", "block"), ("ls-all", "ask")]),
]


@pytest.mark.parametrize("command,want", MATCHES, ids=[m[0][:40] for m in MATCHES])
def test_matching_on_the_analysed_command(tmp_path, command, want):
    (tmp_path / ".claude").mkdir()
    write_rules(tmp_path)
    assert matched(tmp_path, command) == want


def test_a_rule_naming_a_windows_spelling_matches_the_program(tmp_path):
    (tmp_path / ".claude").mkdir()
    write_rules(tmp_path, "rules:\n  - {name: w, action: block, command: NPM.exe, "
                          "subcommand: publish, reason: r}\n")
    assert matched(tmp_path, "npm publish") == [("w", "block")]


def test_a_bare_rule_on_a_wrapper_matches_what_runs_under_it(tmp_path):
    (tmp_path / ".claude").mkdir()
    write_rules(tmp_path, "rules:\n  - {name: s, action: ask, command: sudo, reason: r}\n")
    assert matched(tmp_path, "sudo ls") == [("s", "ask")]
    assert matched(tmp_path, "ls") == []


# ------------------------------------------------------------------ properties

#: Commands the rules match (their action), spelled plainly.
BASES = [
    (["npm", "publish"], "block"),
    (["kubectl", "apply", "--context", "prod", "-f", "x.yaml"], "ask"),
    (["git", "push", "origin", "main"], "block"),
    (["helm", "upgrade", "app", "./chart", "-n", "prod"], "ask"),
    (["gh", "release", "create", "v1"], "block"),
]

_PATHS = {"npm": ["/usr/bin/npm", "/usr/local/bin/npm", "npm.exe", "NPM"],
          "kubectl": ["/usr/local/bin/kubectl", "kubectl.exe"],
          "git": ["/usr/bin/git", "C:/Git/bin/git.exe", "GIT"],
          "helm": ["/opt/homebrew/bin/helm"], "gh": ["/usr/bin/gh", "gh.EXE"]}


def _quote_word(draw, word: str) -> str:
    style = draw(st.sampled_from(["plain", "single", "double", "split", "backslash"]))
    if style == "single":
        return f"'{word}'"
    if style == "double":
        return f'"{word}"'
    if style == "split" and len(word) > 1:
        k = draw(st.integers(1, len(word) - 1))
        return f"{word[:k]}''{word[k:]}"
    if style == "backslash" and word[0].isalnum():
        return "\\" + word
    return word


@st.composite
def disguised(draw):
    """A matched command under harmless wrappers, prefixes, quoting and path
    spellings: ``(command line, action)``."""
    words, action = draw(st.sampled_from(BASES))
    words = list(words)
    if draw(st.booleans()):
        words[0] = draw(st.sampled_from(_PATHS[words[0]]))
    text = " ".join(_quote_word(draw, w) for w in words)
    for _ in range(draw(st.integers(0, 3))):
        layer = draw(st.sampled_from([
            "sudo {}", "sudo -u root {}", "sudo A=1 {}", "env A=1 {}", "timeout 5 {}",
            "nice -n 5 {}", "nohup {}", "command {}", "exec {}", "time {}", "( {} )",
            "{{ {}; }}", "true && {}", "false || {}", "{} || true", "{} 2>&1",
            "cd sub && {}", "echo start; {}", "echo x | {}", "{} | cat", "echo $( {} )",
            "bash -c {q}", "sh -c {q}", "eval {q}", "xargs {}",
        ]))
        if "{q}" in layer:
            escaped = text.replace("'", "'\"'\"'")
            text = layer.format(q=f"'{escaped}'")
        elif layer == "xargs {}":
            text = "echo | xargs " + text
        else:
            text = layer.format(text)
    if draw(st.booleans()) and text[0] not in "({":
        text = "A=1 " + text  # an assignment prefix, where bash allows one
    return text, action


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.function_scoped_fixture])
@given(case=disguised())
def test_a_harmless_disguise_never_escapes_a_rule(tmp_path_factory, case):
    text, action = case
    root = _PROPERTY_ROOT.get("root")
    if root is None:
        root = tmp_path_factory.mktemp("prop")
        (root / ".claude").mkdir()
        (root / "sub").mkdir()
        write_rules(root)
        _PROPERTY_ROOT["root"] = root
    a = shell.analyse(text, root=str(root), cwd=str(root), home=HOME)
    found = rules.load(str(root)).match(a)
    if a.unknown:
        return  # what the analysis cannot resolve, bash-check refuses (unknown is never safe)
    assert found, (text, a)
    assert found[0].rule.action == action or any(m.rule.action == "block" for m in found), text


_PROPERTY_ROOT: dict = {}

#: Commands for "a rule never turns a blocked command into an allowed one": the bypass
#: corpus, the matching table, and their combinations.
_RANK = {"allow": 0, "ask": 1, "deny": 2}


def _pool() -> list:
    from corpus.bash_corpus import CASES

    pool = [c for _f, _e, c in CASES][::3] + [m[0] for m in MATCHES]
    return pool


@st.composite
def any_command(draw):
    pool = _pool()
    first = draw(st.sampled_from(pool))
    if draw(st.booleans()):
        return first
    op = draw(st.sampled_from([" && ", " ; ", " | ", " || "]))
    return first + op + draw(st.sampled_from(pool))


@settings(max_examples=examples(60), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(command=any_command())
def test_a_rule_never_turns_a_blocked_command_into_an_allowed_one(plain_ws, rules_ws, command):
    without, with_rules = decision(plain_ws, command), decision(rules_ws, command)
    assert _RANK[with_rules] >= _RANK[without], (command, without, with_rules)
    if matched(rules_ws.root, command):
        assert with_rules in ("deny", "ask"), command
        assert not approved(rules_ws, command), command
    elif approved(rules_ws, command):
        assert approved(plain_ws, command), command


# ------------------------------------------------------------------ in process, by verdict


def test_block_rule_denies_with_the_rule_and_reason(rules_ws):
    code, err, _out = rules_ws.decide("sudo npm publish")
    assert code == 2
    assert err.startswith("[playgate:custom-rules]")
    assert "'npm-publish'" in err and "releases are made by CI" in err
    assert "via sudo" in err


def test_ask_rule_asks_and_a_later_block_still_wins(rules_ws):
    code, _err, out = rules_ws.decide("ls -a")
    body = json.loads(out)["hookSpecificOutput"]
    assert code == 0 and body["permissionDecision"] == "ask"
    assert "ls-all" in body["permissionDecisionReason"] and "hidden files" in body[
        "permissionDecisionReason"]
    assert "ls-all" in body["additionalContext"]
    # an ask rule on a command bash-check blocks: the block wins
    assert decision(rules_ws, "ls -a; rm -rf /") == "deny"


def test_the_gate_never_approves_a_matched_command(plain_ws, rules_ws):
    assert approved(plain_ws, "ls -la")
    assert not approved(rules_ws, "ls -la")
    assert approved(rules_ws, "ls -l")
    # a suffix phase 1.5 strips is analysed too
    assert approved(plain_ws, "ls 2>/dev/null || echo 'none'")


def test_the_gate_sees_what_stripped_suffixes_run(tmp_path):
    ws = make_workspace(tmp_path)
    assert approved(ws, "ls || echo 'none'")
    write_rules(ws.root, "rules:\n  - {name: e, action: ask, command: echo, reason: r}\n")
    assert not approved(ws, "ls || echo 'none'")


# ------------------------------------------------------------------ the installed hooks


def test_installed_pre_tool_use_blocks_asks_and_allows(rules_ws):
    r = rules_ws.tool("Bash", {"command": "bash -c 'NPM publish'"})
    assert r.blocked and "[playgate:custom-rules]" in r.reason and "npm-publish" in r.reason
    r = rules_ws.tool("Bash", {"command": "kubectl --context=prod apply -f x.yaml"})
    body = r.json["hookSpecificOutput"]
    assert r.exit_code == 0 and body["permissionDecision"] == "ask"
    assert "the production cluster" in body["permissionDecisionReason"]
    r = rules_ws.tool("Bash", {"command": "ls -l"})
    assert not r.blocked and "ask" not in r.stdout


def test_installed_permission_request_shows_the_dialog_for_a_matched_command(plain_ws,
                                                                             rules_ws):
    def gate(ws, command):
        return ws.hook("PermissionRequest", tool_name="Bash", tool_input={"command": command})

    assert '"allow"' in gate(plain_ws, "ls -la").stdout
    r = gate(rules_ws, "ls -la")
    assert r.exit_code == 0 and r.stdout.strip() == ""
    log = (rules_ws.root / ".claude" / "logs" / "permission.jsonl").read_text().splitlines()
    last = json.loads(log[-1])
    assert last["decision"] == "dialog" and last["phase"] == "rules"
    assert "ls-all" in last["reason"]


def test_a_broken_file_blocks_every_bash_command_and_approves_nothing(tmp_path):
    ws = make_workspace(tmp_path)
    write_rules(ws.root, "rules:\n  - name: a\n    action: alow\n    command: npm\n"
                         "    reason: r\n")
    r = ws.tool("Bash", {"command": "ls"})
    assert r.blocked and "[playgate:custom-rules]" in r.reason
    broken = matches(r.reason, "custom_rules.broken", file=".claude/playgate-rules.yaml")
    assert len(broken) == 1, r.reason  # its template names `playgate validate`
    problem = broken[0]["problem"]
    at = pattern("rules.at_line", line=3).match(problem)
    assert at and problem[at.end():].startswith("rules[0].action: "), problem
    assert says(problem, "rules.not_an_action", value="'alow'"), problem
    assert len(r.reason.strip().splitlines()) == 1
    gate = ws.hook("PermissionRequest", tool_name="Bash", tool_input={"command": "ls"})
    assert gate.stdout.strip() == ""
    # other tools keep working, so Claude can read the file and tell the user
    read = ws.tool("Read", {"file_path": str(ws.root / ".claude" / "playgate-rules.yaml")})
    assert not read.blocked


def test_claude_cannot_rewrite_the_rules(rules_ws):
    target = str(rules_ws.root / ".claude" / "playgate-rules.yaml")
    assert rules_ws.tool("Write", {"file_path": target, "content": "rules: []\n"}).blocked
    assert rules_ws.tool("Edit", {"file_path": target, "old_string": "block",
                                  "new_string": "ask"}).blocked
    assert rules_ws.tool("Bash", {"command": "echo 'rules: []' > .claude/playgate-rules.yaml"}
                         ).blocked
    assert rules_ws.tool("Bash", {"command": "rm .claude/playgate-rules.yaml"}).blocked


def test_japanese_messages(tmp_path):
    ws = make_workspace(tmp_path)
    state = (ws.root / "state.md").read_text()
    (ws.root / "state.md").write_text(state.replace("security: strict",
                                                    "security: strict\nlanguage: ja"))
    write_rules(ws.root)
    code, err, _ = ws.decide("npm publish")
    assert code == 2 and "プロジェクトのルール" in err and "releases are made by CI" in err


# ------------------------------------------------------------------ the command line


def _cli(root: Path, *args):
    import subprocess
    import sys

    return subprocess.run([sys.executable, str(root / ".claude" / "playgate"), *args],
                          capture_output=True, text=True, cwd=str(root), timeout=120,
                          check=False)


def test_validate_reports_rules_problems_with_line_and_field(tmp_path):
    ws = make_workspace(tmp_path)
    write_rules(ws.root, "rules:\n  - name: a\n    action: block\n    command: npm\n"
                         "    reason: r\n    flags: [--x]\n  - name: b\n    action: allow\n"
                         "    command: npm\n    reason: r\n")
    proc = _cli(ws.root, "validate")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert ".claude/playgate-rules.yaml:8:5: error: /rules/1/action:" in proc.stdout
    data = json.loads(_cli(ws.root, "validate", "--json", ".claude/playgate-rules.yaml").stdout)
    assert data["files"][0]["kind"] == "rules" and not data["valid"]
    write_rules(ws.root)
    proc = _cli(ws.root, "validate")
    assert proc.returncode == 0 and ".claude/playgate-rules.yaml: ok (rules)" in proc.stdout


def test_schema_explain_and_doctor(tmp_path):
    ws = make_workspace(tmp_path)
    write_rules(ws.root)
    path = _cli(ws.root, "schema", "rules", "--path").stdout.strip()
    assert Path(path).is_file()
    assert json.loads(Path(path).read_text()) == json.loads(Path(rules.schema_path()).read_text())
    assert json.loads(_cli(ws.root, "schema", "rules").stdout)["title"].startswith("playgate")
    out = _cli(ws.root, "explain", "sudo npm publish").stdout
    assert says(out, "explain.rules", file=".claude/playgate-rules.yaml"), out
    assert says(out, "explain.rule_match", action="BLOCK", rule="npm-publish", line=3,
                command="npm publish (via sudo)", reason="releases are made by CI"), out
    status = "|".join(pattern(key).pattern for key in ("explain.status.not_reached",
                                                        "explain.status.dialog"))
    assert re.search(rf"rules\s+(?:{status})", out), out
    data = json.loads(_cli(ws.root, "explain", "--json", "ls -la").stdout)
    assert data["rules"]["matches"][0]["rule"] == "ls-all"
    assert next(p for p in data["permission"]["phases"] if p["phase"] == "rules")[
        "status"] == "dialog"
    doctor = json.loads(_cli(ws.root, "doctor", "--no-run", "--json").stdout)
    assert "custom-rules" in json.dumps(doctor)
    write_rules(ws.root, "rules: 3\n")
    doctor = _cli(ws.root, "doctor", "--no-run")
    error = matches(doctor.stdout, "doctor.rules_error", file=".claude/playgate-rules.yaml")
    assert len(error) == 1, doctor.stdout
    at = pattern("rules.at_line", line=1).match(error[0]["problem"])
    assert at and error[0]["problem"][at.end():].startswith("rules: "), doctor.stdout
    assert doctor.returncode == 1
    # Said once, by the custom-rules check, not again as an invalid state file.
    found = [check for check in json.loads(_cli(ws.root, "doctor", "--no-run", "--json").stdout)
             ["checks"] if "playgate-rules" in json.dumps(check)]
    assert len(found) == 1, found


# ------------------------------------------------------------------ the documentation


def _doc_example() -> str:
    found = re.search(r"<!-- custom-rules-example -->\n```yaml\n(.*?)```", DOC.read_text(), re.DOTALL)
    assert found, "docs/custom-rules.md lost its example"
    return found.group(1)


def _doc_table() -> list:
    """``[(command, expected action or None, rule name or None)]`` from the page's table."""
    section = DOC.read_text().split("What it does", 1)[1].split("## Fields", 1)[0]
    rows = []
    for line in section.splitlines():
        if not line.startswith("| `"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        result = cells[1]
        action = "block" if result.startswith("blocked") else (
            "ask" if "asked" in result else None)
        name = re.match(r"blocked by `([^`]+)`", result)
        for command in re.findall(r"`([^`]+)`", cells[0]):
            rows.append((command, action, name.group(1) if name else None))
    return rows


def test_the_documented_example_is_valid_and_does_what_the_page_says(tmp_path):
    text = _doc_example()
    doc, problems = rules.check_text(text)
    assert problems == [] and len(doc["rules"]) >= 5
    (tmp_path / ".claude").mkdir()
    write_rules(tmp_path, text)
    rs = rules.load(str(tmp_path), use_cache=False)
    assert not rs.broken
    rows = _doc_table()
    assert len(rows) >= 15
    for command, action, name in rows:
        found = matched(tmp_path, command, rs)
        if action is None:
            assert found == [], (command, found)
        else:
            assert found and found[0][1] == action, (command, found)
            if name:
                assert found[0][0] == name, (command, found)


def test_the_readme_links_the_page():
    assert "docs/custom-rules.md" in (SUITE / "README.md").read_text()


def test_validate_warns_about_rules_on_a_wrapper_that_is_looked_through(tmp_path):
    from playgate.validation import validate_rules

    path = tmp_path / "playgate-rules.yaml"
    path.write_text("rules:\n"
                    "  - {name: a, action: block, command: sudo, subcommand: npm, reason: r}\n"
                    "  - {name: b, action: block, command: [uv, npx], subcommand: pip, reason: r}\n"
                    "  - {name: c, action: block, command: sudo, reason: r}\n"
                    "  - {name: d, action: block, command: git, subcommand: push, reason: r}\n")
    report = validate_rules(str(path))
    assert report.valid
    warned = [(p.line, p.pointer) for p in report.problems if p.level == "warning"]
    assert warned == [(2, "/rules/0/command"), (3, "/rules/1/command")]
    assert "npx" in report.problems[1].message
