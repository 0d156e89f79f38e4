"""permission.config: layering, floors, schema errors with file and key, broken layers, cache.

SPEC §5 "Config".
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from conftest import SUITE
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from draws import examples

from permission import config, floors

PROJECT = ".claude/permission-config.yaml"
LOCAL = ".claude/permission-config.local.yaml"


@pytest.fixture
def root(tmp_path):
    (tmp_path / ".claude").mkdir()
    return tmp_path


def write(root, rel, text):
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text)
    return path


def load(root, cache=False):
    return config.load(str(root), use_cache=cache)


# ---------------------------------------------------------------- defaults
def test_defaults_carry_the_seed_lists(root):
    cfg = load(root)
    assert cfg.ok, cfg.errors
    seed_always = ("curl wget ssh scp rsync nc sudo su eval exec xargs env nohup timeout busybox "
                   "screen tmux script pip pip3 npm apt apt-get node perl ruby php rm rmdir mv "
                   "cp").split()
    assert set(seed_always) <= cfg.always_ask
    seed_rules = ["git:push", "git:clean", "git:reset:--hard", "git:checkout:.", "git:restore:.",
                  "gh:pr:merge", "gh:repo:delete", "gh:repo:archive", "gh:release:delete"]
    assert set(seed_rules) <= set(cfg.subcommand_ask)
    assert {"python3", "bash", "sh"} <= set(cfg.interpreters)
    safe, dangerous = cfg.interpreters["python3"]
    assert "-u" in safe and {"-c", "-m", "-i"} <= dangerous
    assert cfg.allowed_dirs_extra == ()
    assert [status for _, status in cfg.layers] == ["loaded", "absent", "absent"]
    assert cfg.notices == []


def test_defaults_file_is_valid_against_the_schema(root):
    from pathlib import Path

    from permission.config import DEFAULTS_FILE, SCHEMA_FILE, Layer, parse_layer
    from statefiles import fastjson

    schema = fastjson.loads(Path(SCHEMA_FILE).read_bytes())
    doc, problems = parse_layer(Layer("defaults", DEFAULTS_FILE, Path(DEFAULTS_FILE).read_bytes()),
                                schema)
    assert problems == [] and doc


def test_schema_is_a_valid_json_schema():
    import json
    from pathlib import Path

    import jsonschema

    jsonschema.Draft202012Validator.check_schema(json.loads(Path(config.SCHEMA_FILE).read_text()))


# ---------------------------------------------------------------- layering
def test_project_layer_adds_and_local_layer_removes(root):
    write(root, PROJECT, "always_ask: [terraform]\nsubcommand_ask: [make:deploy]\n")
    write(root, LOCAL, "always_ask: {remove: [cp, terraform], add: [kubectl2]}\n")
    cfg = load(root)
    assert cfg.ok, cfg.errors
    assert "kubectl2" in cfg.always_ask and "cp" not in cfg.always_ask
    assert "terraform" not in cfg.always_ask
    assert "make:deploy" in cfg.subcommand_ask
    assert cfg.source("always_ask", "kubectl2") == LOCAL
    assert cfg.source("subcommand_ask", "make:deploy") == PROJECT
    assert [status for _, status in cfg.layers] == ["loaded", "loaded", "loaded"]


def test_local_layer_wins_over_project_layer(root):
    write(root, PROJECT, "always_ask: {remove: [mv]}\n")
    write(root, LOCAL, "always_ask: [mv]\n")
    assert "mv" in load(root).always_ask


def test_interpreters_add_remove_and_extend(root):
    write(root, PROJECT, """
interpreters:
  sh: null
  ruby:
    safe_flags: [-w]
    dangerous_flags: [-e, -r]
  python3:
    safe_flags: {add: [-X], remove: [-v]}
""")
    cfg = load(root)
    assert cfg.ok, cfg.errors
    assert "sh" not in cfg.interpreters
    assert cfg.interpreters["ruby"][0] == frozenset({"-w"})
    assert "-e" in cfg.interpreters["ruby"][1]
    safe, dangerous = cfg.interpreters["python3"]
    assert "-v" not in safe
    # -X is dangerous in the defaults: dangerous wins, with a notice
    assert "-X" not in safe and "-X" in dangerous
    assert any("-X" in n and "dangerous wins" in n for n in cfg.notices)


def test_allowed_dirs_extra_accumulates(root):
    write(root, PROJECT, "allowed_dirs_extra: [/opt/data]\n")
    write(root, LOCAL, "allowed_dirs_extra: [~/notes, ../sibling]\n")
    assert load(root).allowed_dirs_extra == ("/opt/data", "~/notes", "../sibling")


def test_removing_something_absent_is_a_notice(root):
    write(root, PROJECT, "always_ask: {remove: [not-there]}\n")
    cfg = load(root)
    assert cfg.ok
    assert any("not-there" in n and "not present" in n for n in cfg.notices)


def test_empty_and_comment_only_layers_are_fine(root):
    write(root, PROJECT, "")
    write(root, LOCAL, "# nothing here\n")
    cfg = load(root)
    assert cfg.ok and [s for _, s in cfg.layers] == ["loaded", "loaded", "loaded"]


def test_yaml_anchors_work(root):
    write(root, PROJECT, """
interpreters:
  python3.12: &py
    safe_flags: [-u]
    dangerous_flags: [-c]
  python3.13: *py
""")
    cfg = load(root)
    assert cfg.ok, cfg.errors
    assert cfg.interpreters["python3.13"][0] == frozenset({"-u"})


# ---------------------------------------------------------------- floors
@pytest.mark.parametrize("layer", [PROJECT, LOCAL])
def test_always_ask_floors_cannot_be_removed(root, layer):
    write(root, layer, "always_ask: {remove: [sudo, su, rm, rmdir, curl]}\n")
    cfg = load(root)
    assert cfg.ok
    assert set(floors.ALWAYS_ASK) <= cfg.always_ask
    assert "curl" not in cfg.always_ask  # not a floor: removable
    for name in floors.ALWAYS_ASK:
        assert any(repr(name) in n and "floor" in n for n in cfg.notices)


def test_subcommand_floors_cannot_be_removed(root):
    write(root, LOCAL, "subcommand_ask: {remove: [git:push, 'git:reset:--hard', git:clean]}\n")
    cfg = load(root)
    assert {"git:push", "git:reset:--hard"} <= set(cfg.subcommand_ask)
    assert "git:clean" not in cfg.subcommand_ask
    assert "git" in cfg.rules


def test_dangerous_flags_cannot_become_safe(root):
    write(root, LOCAL, """
interpreters:
  python3:
    safe_flags: [-c, -m, -i, --command, -]
    dangerous_flags: {remove: [-c, -m]}
  bash:
    safe_flags: [-e, --rcfile, --init-file, --eval]
""")
    cfg = load(root)
    assert cfg.ok, cfg.errors
    for name in ("python3", "bash"):
        safe, dangerous = cfg.interpreters[name]
        assert not (safe & set(floors.DANGEROUS_FLAGS))
        assert set(floors.DANGEROUS_FLAGS) <= dangerous
    assert any("never a safe flag" in n for n in cfg.notices)


def test_new_interpreter_gets_the_floor_flags(root):
    write(root, PROJECT, "interpreters: {deno: {safe_flags: [-q]}}\n")
    _, dangerous = load(root).interpreters["deno"]
    assert set(floors.DANGEROUS_FLAGS) <= dangerous


# ---------------------------------------------------------------- broken layers
BROKEN = [
    ("always_ask: [\n", "line 2"),
    ("always_ask: 3\n", "always_ask: 3 must be a list or a mapping"),
    ("alwys_ask: [x]\n", "'alwys_ask' was unexpected"),
    ("always_ask: [rm -rf]\n", "always_ask[0]: 'rm -rf' is not a valid command name"),
    ("always_ask: [ok, 5]\n", "always_ask[1]: 5 is not of type 'string'"),
    ("always_ask: [yes]\n", "quote the value"),
    ("always_ask: [a]\nalways_ask: [b]\n", "duplicate key 'always_ask'"),
    ("- a\n", "(top level): must be a mapping"),
    ("just text\n", "(top level): must be a mapping"),
    ("subcommand_ask: [git push]\n", "subcommand_ask[0]: 'git push' is not a valid rule"),
    ("subcommand_ask: ['git:a:b:c']\n", "subcommand_ask[0]"),
    ("allowed_dirs_extra: ['/tmp/*']\n", "allowed_dirs_extra[0]"),
    ("allowed_dirs_extra: ['']\n", "allowed_dirs_extra[0]"),
    ("interpreters: {python3: 3}\n", "interpreters.python3: 3 must be null or a mapping"),
    ("interpreters: {python3: {safe: [-u]}}\n", "'safe' was unexpected"),
    ("interpreters: {python3: {safe_flags: [u]}}\n", "interpreters.python3.safe_flags[0]"),
    ("interpreters: {'a b': null}\n", "'a b' is not a valid command name"),
    ("always_ask: {add: [x], rem: [y]}\n", "'rem' was unexpected"),
    ("always_ask: {}\n", "always_ask"),
    ("always_ask: !!python/object:os.system ls\n", "YAML error"),
    (b"always_ask: [\xff]\n", "not UTF-8"),
    ("x: &a [*a]\n", ""),
]


@pytest.mark.parametrize("layer", [PROJECT, LOCAL])
@pytest.mark.parametrize("text, fragment", BROKEN)
def test_broken_layer_is_reported_with_file_and_key(root, layer, text, fragment):
    write(root, layer, text)
    cfg = load(root)
    assert not cfg.ok
    assert all(e.startswith(layer + ":") for e in cfg.errors), cfg.errors
    assert fragment in " | ".join(cfg.errors)
    statuses = dict(cfg.layers)
    assert statuses[layer] == "error"


def test_too_large_layer(root):
    write(root, PROJECT, "# " + "x" * config.MAX_LAYER_BYTES + "\n")
    cfg = load(root)
    assert not cfg.ok and "larger than" in cfg.errors[0]


def test_layer_that_is_a_directory(root):
    (root / PROJECT).mkdir(parents=True)
    cfg = load(root)
    assert not cfg.ok and "directory" in cfg.errors[0]


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads files whatever their mode")
def test_unreadable_layer(root):
    path = write(root, PROJECT, "always_ask: [x]\n")
    path.chmod(0)
    try:
        cfg = load(root)
        assert not cfg.ok and "cannot be read" in cfg.errors[0]
    finally:
        path.chmod(0o644)


def test_broken_defaults_file(root, tmp_path, monkeypatch):
    bad = tmp_path / "defaults.yaml"
    bad.write_text("always_ask: 3\n")
    monkeypatch.setattr(config, "DEFAULTS_FILE", str(bad))
    cfg = load(root)
    assert not cfg.ok and "always_ask" in cfg.errors[0]
    monkeypatch.setattr(config, "DEFAULTS_FILE", str(tmp_path / "missing.yaml"))
    cfg = load(root)
    assert not cfg.ok and "missing" in cfg.errors[0]


def test_missing_schema_is_broken(root, tmp_path, monkeypatch):
    monkeypatch.setattr(config, "SCHEMA_FILE", str(tmp_path / "nope.json"))
    cfg = load(root)
    assert not cfg.ok and "nope.json" in cfg.errors[0]


def test_unexpected_failure_is_broken_not_a_crash(root, monkeypatch):
    def boom(*a, **k):
        raise RuntimeError("boom")

    monkeypatch.setattr(config, "layers_for", boom)
    cfg = config.load(str(root))
    assert not cfg.ok and "boom" in cfg.errors[0]


def test_other_errors_are_all_listed(root):
    write(root, PROJECT, "always_ask: [a b]\n")
    write(root, LOCAL, "subcommand_ask: 4\n")
    cfg = load(root)
    assert any(e.startswith(PROJECT) for e in cfg.errors)
    assert any(e.startswith(LOCAL) for e in cfg.errors)


# ---------------------------------------------------------------- cache
def test_cache_is_keyed_on_content(root):
    write(root, PROJECT, "always_ask: [one]\n")
    assert "one" in load(root, cache=True).always_ask
    assert (root / ".claude" / ".cache" / "permission-config.json").exists()
    write(root, PROJECT, "always_ask: [two]\n")
    cfg = load(root, cache=True)
    assert "two" in cfg.always_ask and "one" not in cfg.always_ask
    write(root, PROJECT, "always_ask: [\n")
    assert not load(root, cache=True).ok
    (root / PROJECT).unlink()
    assert load(root, cache=True).ok


def test_corrupt_cache_is_recomputed(root):
    load(root, cache=True)
    cache_file = root / ".claude" / ".cache" / "permission-config.json"
    cache_file.write_text("{not json")
    assert load(root, cache=True).ok
    cache_file.write_text('{"key": [1, 2, 3], "value": {"always_ask": []}}')
    assert "sudo" in load(root, cache=True).always_ask


def _imports_after_warm_cache(root) -> str:
    code = ("import sys; from permission import config; c = config.load(sys.argv[1]); "
            "print(c.ok, 'yaml' in sys.modules, 'jsonschema' in sys.modules)")
    env = dict(os.environ, PYTHONPATH=str(SUITE))
    out = subprocess.run([sys.executable, "-c", code, str(root)], capture_output=True, text=True,
                         env=env, timeout=60, check=False)
    assert out.returncode == 0, out.stderr
    return out.stdout.strip()


def test_warm_cache_imports_neither_yaml_nor_jsonschema(root):
    write(root, PROJECT, "always_ask: [x]\n")
    assert _imports_after_warm_cache(root) == "True True True"  # cold: parsed
    assert _imports_after_warm_cache(root) == "True False False"  # warm: cached
    write(root, PROJECT, "always_ask: [y]\n")
    assert _imports_after_warm_cache(root) == "True True True"  # changed: parsed again


# ---------------------------------------------------------------- through the installed hook
@pytest.fixture
def gate(tmp_path, installed_template):
    from conftest import Installed, copy_install, make_repo

    repo = make_repo(tmp_path / "repo")
    copy_install(installed_template, repo)
    (repo / "docs").mkdir()
    (repo / "src").mkdir()
    return Installed(repo)


def allowed(gate, command) -> bool:
    result = gate.hook("PermissionRequest", tool_name="Bash", tool_input={"command": command})
    assert result.code == 0 and "Traceback" not in result.stderr, result
    return bool(result.stdout)


def test_installed_layers_change_decisions(gate):
    root = gate.root
    assert not allowed(gate, "cp README.md docs/")
    assert allowed(gate, "tree src")
    write(root, PROJECT, "always_ask: [tree]\nsubcommand_ask: ['git:commit:--amend']\n")
    write(root, LOCAL, "always_ask: {remove: [cp]}\n")
    assert allowed(gate, "cp README.md docs/")
    assert not allowed(gate, "tree src")
    assert not allowed(gate, "git commit --amend --no-edit")
    assert allowed(gate, "git commit -m x")


def test_installed_floors_hold(gate):
    write(gate.root, LOCAL, "always_ask: {remove: [sudo, rm, su, rmdir]}\n"
                            "subcommand_ask: {remove: [git:push, 'git:reset:--hard']}\n")
    for command in ("sudo ls", "rm src/x", "rmdir src", "su root", "git push",
                    "git reset --hard"):
        assert not allowed(gate, command), command


def test_installed_broken_layer_approves_nothing_and_says_why(gate):
    from permission import audit

    assert allowed(gate, "ls")
    write(gate.root, PROJECT, "always_ask:\n  - ok\n  - [nested]\n")
    for command in ("ls", "git status", "bash scripts/x.sh"):
        assert not allowed(gate, command)
    line = audit.read(str(gate.root))[-1]
    assert line["phase"] == "config"
    assert ".claude/permission-config.yaml: always_ask[1]" in line["reason"]
    write(gate.root, PROJECT, "always_ask: [ok]\n")
    assert allowed(gate, "ls")


def test_installed_allowed_dirs_extra(gate, tmp_path):
    shared = tmp_path / "shared-data"
    shared.mkdir()
    (shared / "f.txt").write_text("x\n")
    assert not allowed(gate, f"cat {shared}/f.txt")
    write(gate.root, LOCAL, f"allowed_dirs_extra: ['{shared}']\n")
    assert allowed(gate, f"cat {shared}/f.txt")
    assert not allowed(gate, f"cat {shared}-other/f.txt")
    assert not allowed(gate, f"cat {shared}/../x")


# ---------------------------------------------------------------- properties

_NAMES = st.sampled_from(["sudo", "su", "rm", "rmdir", "curl", "ls", "git", "x", "bad name", ""])
_RULES = st.sampled_from(["git:push", "git:reset:--hard", "gh:pr:merge", "x:y", "bad", "a:b:c:d"])
_FLAGS = st.sampled_from(["-c", "-e", "-m", "-i", "-", "--rcfile", "--eval", "-u", "x", ""])


def _list_or_ops(items):
    return st.one_of(st.lists(items, max_size=4),
                     st.fixed_dictionaries({}, optional={"add": st.lists(items, max_size=3),
                                                         "remove": st.lists(items, max_size=3)}))


_LAYER = st.fixed_dictionaries({}, optional={
    "always_ask": _list_or_ops(_NAMES),
    "subcommand_ask": _list_or_ops(_RULES),
    "allowed_dirs_extra": _list_or_ops(st.sampled_from(["/opt/x", "~/y", "../z", "*", ""])),
    "interpreters": st.dictionaries(
        st.sampled_from(["python3", "bash", "node", "a b"]),
        st.one_of(st.none(), st.fixed_dictionaries({}, optional={
            "safe_flags": _list_or_ops(_FLAGS), "dangerous_flags": _list_or_ops(_FLAGS)})),
        max_size=3),
})


@settings(max_examples=examples(150), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(project=st.one_of(_LAYER, st.text(max_size=60)), local=_LAYER)
def test_any_layers_keep_the_floors_or_are_broken(root, project, local):
    import yaml

    for rel, doc in ((PROJECT, project), (LOCAL, local)):
        write(root, rel, doc if isinstance(doc, str) else yaml.safe_dump(doc))
    cfg = load(root)
    event("broken" if not cfg.ok else "loaded")
    if not cfg.ok:
        assert cfg.errors and all(":" in e for e in cfg.errors)
        return
    assert set(floors.ALWAYS_ASK) <= cfg.always_ask
    assert set(floors.SUBCOMMAND_ASK) <= set(cfg.subcommand_ask)
    for safe, dangerous in cfg.interpreters.values():
        assert not safe & set(floors.DANGEROUS_FLAGS)
        assert set(floors.DANGEROUS_FLAGS) <= dangerous
