"""The outer wall as the installer writes it (playgate/installer/sandbox.py):
Claude Code's Bash sandbox in .claude/settings.json (the same in every clone)
and .claude/settings.local.json (this machine), taken out again byte for
byte by --uninstall."""

from __future__ import annotations

import copy
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import SUITE, install, make_repo
from hypothesis import given, settings
from hypothesis import strategies as st
from draws import examples

from playgate.installer import sandbox as sb

#: What sandboxed Bash must keep writing (committed files git rewrites, the
#: team workflow's state, the unstuck markers, the locks the post-loop
#: handler takes).
WRITABLE = ("state.md", "play", "play/demo/progress.json", ".claude/state",
            ".claude/session-state", ".claude/.locks", "src")


def _settings(repo: Path, name: str = "settings.json") -> dict:
    path = repo / ".claude" / name
    return json.loads(path.read_text()) if path.exists() else {}


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _ignored(repo: Path, rel: str) -> bool:
    proc = subprocess.run(["git", "-C", str(repo), "check-ignore", "-q", rel])
    return proc.returncode == 0


def _covers(entry: str, rel: str) -> bool:
    path = entry[2:] if entry.startswith("./") else entry
    return rel == path or rel.startswith(path.rstrip("/") + "/")


@pytest.fixture
def fresh(tmp_path) -> Path:
    repo = make_repo(tmp_path / "repo")
    subprocess.run(["git", "-C", str(repo), "remote", "add", "origin",
                    "git@github.com:acme/widgets.git"], check=True)
    bare = tmp_path / "bare.git"
    subprocess.run(["git", "init", "-q", "--bare", str(bare)], check=True)
    subprocess.run(["git", "-C", str(repo), "remote", "add", "backup", str(bare)], check=True)
    return repo


def test_a_fresh_install_puts_up_the_wall(fresh):
    proc = install(fresh)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    box = _settings(fresh)["sandbox"]
    assert box["enabled"] is True
    assert box["allowUnsandboxedCommands"] is False
    # measured: true would approve sandboxed commands without the permission gate
    assert box["autoAllowBashIfSandboxed"] is False
    assert "excludedCommands" not in box
    deny = box["filesystem"]["denyWrite"]
    for rel in (".claude/hooks", ".claude/guards", ".claude/shell", ".claude/permission",
                ".claude/statefiles", ".claude/playgate", ".claude/logs", ".claude/.cache",
                ".claude/.session-init", ".claude/settings.json", ".claude/protected-files.txt",
                ".claude/playgate.json"):
        assert "./" + rel in deny, (rel, deny)
    assert "~/.claude" in deny and "~/.claude.json" in deny
    # every directory entry exists (a missing one is a placeholder device inside
    # the sandbox, which `git add` refuses: measured); a configuration file the
    # agent could create is listed whether it exists or not
    for entry in deny:
        if entry.startswith("./"):
            rel = entry[2:]
            assert (fresh / rel).exists() or _ignored(fresh, rel) or \
                rel in sb.CONFIG_FILES, entry
    assert {"./.claude/permission-config.yaml", "./" + sb.layout.CUSTOM_RULES} <= set(deny)
    for rel in WRITABLE:
        assert not any(_covers(e, rel) for e in deny), rel
    domains = box["network"]["allowedDomains"]
    assert {"pypi.org", "files.pythonhosted.org", "registry.npmjs.org"} <= set(domains)
    assert "github.com" in domains            # the repository's remote host
    assert "NETWORK" in proc.stdout and "allowedDomains" in proc.stdout  # said loudly
    local = _settings(fresh, "settings.local.json")["sandbox"]
    assert local["filesystem"]["allowWrite"] == ["//" + str((fresh.parent / "bare.git")
                                                            .resolve()).lstrip("/")]
    working = sb.probe()[0] == "working"
    assert local.get("failIfUnavailable", False) is working
    assert _ignored(fresh, ".claude/settings.local.json")
    again = install(fresh)
    assert "nothing to change" in again.stdout, again.stdout


@pytest.mark.parametrize("mode", ["optional", "off"])
def test_the_mode_is_the_users_choice(fresh, mode):
    assert install(fresh, "--sandbox", mode).returncode == 0
    box = _settings(fresh).get("sandbox")
    local = _settings(fresh, "settings.local.json").get("sandbox") or {}
    assert "failIfUnavailable" not in local
    if mode == "off":
        assert box is None
    else:
        assert box["enabled"] is True
    # the choice is remembered; switching takes our part out again
    assert "nothing to change" in install(fresh).stdout
    assert install(fresh, "--sandbox", "off").returncode == 0
    assert "sandbox" not in _settings(fresh)
    assert "failIfUnavailable" not in (_settings(fresh, "settings.local.json").get("sandbox")
                                       or {})


def test_uninstall_restores_both_settings_files_byte_for_byte(fresh):
    claude = fresh / ".claude"
    claude.mkdir()
    (claude / "settings.json").write_text(
        '{\n\t"model": "opus",\n\t"sandbox": {"network": {"allowedDomains": ["example.org"]},'
        ' "autoAllowBashIfSandboxed": true}\n}\n')
    (claude / "settings.local.json").write_text('{"theme":"dark"}')
    before = {n: _sha(claude / n) for n in ("settings.json", "settings.local.json")}
    proc = install(fresh)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    box = _settings(fresh)["sandbox"]
    assert box["autoAllowBashIfSandboxed"] is True      # the user's value is kept ...
    assert "autoAllowBashIfSandboxed" in proc.stdout     # ... and named
    assert box["network"]["allowedDomains"][0] == "example.org"
    assert _settings(fresh, "settings.local.json")["theme"] == "dark"
    un = subprocess.run([sys.executable, str(SUITE / "install.py"), "--uninstall", str(fresh)],
                        capture_output=True, text=True, timeout=300)
    assert un.returncode == 0, un.stdout + un.stderr
    assert {n: _sha(claude / n) for n in before} == before


def test_uninstall_removes_what_it_created(fresh):
    assert install(fresh).returncode == 0
    un = subprocess.run([sys.executable, str(SUITE / "install.py"), "--uninstall", str(fresh)],
                        capture_output=True, text=True, timeout=300)
    assert un.returncode == 0, un.stdout + un.stderr
    assert not (fresh / ".claude").exists()


# ------------------------------------------------------------------ merge / unmerge

_scalar = st.one_of(st.booleans(), st.integers(-3, 3), st.text(max_size=4))
_json = st.recursive(_scalar, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.sampled_from("abcdef"), inner, max_size=3)),
    max_leaves=12)
_objects = st.dictionaries(st.sampled_from("abcdef"), _json, max_size=4)


@settings(max_examples=examples(300), deadline=None)
@given(user=_objects, wanted=_objects, later=_objects)
def test_merge_then_unmerge_gives_back_the_users_settings(user, wanted, later):
    """Property: whatever the user's ``sandbox`` object and whatever the
    install wants, merging never changes a value of the user's, merging
    twice changes nothing more, a later install with other wishes is a
    merge of those, and unmerging gives back exactly the user's object."""
    merged = copy.deepcopy(user)
    record = sb.merge_into(merged, wanted, None)
    for key, value in user.items():
        if not isinstance(value, (dict, list)):
            assert merged[key] == value
    again = copy.deepcopy(merged)
    record2 = sb.merge_into(again, wanted, record)
    assert again == merged
    sb.unmerge_from(again, record2)
    assert again == user
    moved = copy.deepcopy(merged)
    record3 = sb.merge_into(moved, later, record)
    sb.unmerge_from(moved, record3)
    assert moved == user


def test_the_deny_list_names_nothing_the_workflows_write(tmp_path):
    repo = make_repo(tmp_path / "r")
    deny = sb.deny_write(str(repo), venv=True)
    assert all(e.startswith(("./", "~/")) for e in deny)
    for rel in WRITABLE:
        assert not any(_covers(e, rel) for e in deny), rel
    assert "./.claude/.venv" in deny and "./.claude/.venv" not in sb.deny_write(str(repo), False)


@pytest.mark.parametrize("url,host,path", [
    ("https://github.com/acme/x.git", "github.com", None),
    ("ssh://git@gitlab.example.com:2222/a/b.git", "gitlab.example.com", None),
    ("git@bitbucket.org:acme/x.git", "bitbucket.org", None),
    ("https://user:tok@Example.COM/x", "example.com", None),
    ("file:///srv/git/x.git", None, "/srv/git/x.git"),
    ("/srv/git/x.git", None, "/srv/git/x.git"),
    ("../other.git", None, "../other.git"),
])
def test_remote_urls(url, host, path):
    assert sb._host_of(url) == (host, path)


def _cli(repo: Path, *args: str, env=None) -> dict:
    import os

    proc = subprocess.run([sys.executable, str(repo / ".claude" / "playgate"), *args, "--json",
                           "-C", str(repo)], capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, **(env or {})))
    return json.loads(proc.stdout)


def test_doctor_and_status_show_the_wall(installed, tmp_path):
    doctor = _cli(installed.root, "doctor", "--no-run")
    wall = [c for c in doctor["checks"] if c["check"] == "wall"]
    codes = {c["code"] for c in wall}
    assert {"doctor.wall_up", "doctor.deny_rules_ok"} <= codes, wall
    status = _cli(installed.root, "status")
    assert status["wall"]["state"] == "up" and status["wall"]["weaknesses"] == []
    assert status["wall"]["deny_rules"] == status["wall"]["deny_rules_expected"] > 40
    # a machine without bubblewrap: the wall is missing and doctor says how to get it
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    doctor = _cli(installed.root, "doctor", "--no-run", env={"PATH": str(bin_dir)})
    missing = [c for c in doctor["checks"] if c["code"] == "doctor.wall_missing"]
    assert missing and missing[0]["level"] == "error"
    assert "apt-get install -y bubblewrap socat" in missing[0]["message"]
    # a setting that opens it is named
    settings_path = installed.root / ".claude" / "settings.json"
    data = json.loads(settings_path.read_text())
    data["sandbox"]["excludedCommands"] = ["git"]
    settings_path.write_text(json.dumps(data))
    doctor = _cli(installed.root, "doctor", "--no-run")
    assert any(c["code"] == "doctor.wall_weak_excludedCommands" and c["level"] == "error"
               for c in doctor["checks"])
    assert _cli(installed.root, "status")["wall"]["weaknesses"] == ["excludedCommands"]


def _path_without(tmp: Path, names=("bwrap", "socat")) -> str:
    """A ``PATH`` directory with this machine's programs but ``names``."""
    hidden = tmp / "nobwrap"
    hidden.mkdir()
    seen = set()
    for entry in os.environ.get("PATH", "/usr/bin:/bin").split(":"):
        if not entry or not os.path.isdir(entry):
            continue
        for name in os.listdir(entry):
            if name in names or name in seen:
                continue
            seen.add(name)
            try:
                os.symlink(os.path.join(entry, name), hidden / name)
            except OSError:
                pass
    return f"{Path(sys.executable).parent}:{hidden}"


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["required", "off"])
def test_a_teammates_clone_without_bubblewrap_fails_closed_with_playgates_message(
        tmp_path, mode):
    """The origin was installed (and committed) where the sandbox works; a
    teammate clones it on a machine without bubblewrap and runs the
    printed setup. The setup changes no committed file and writes no
    ``failIfUnavailable`` there (Claude Code starts), and the installed
    PreToolUse hook blocks Bash with sandbox-wall's message naming the
    Debian command — unless the repository chose ``--sandbox off``."""
    from conftest import Installed, git

    origin = make_repo(tmp_path / "origin")
    # The newcomer's route (no --python); PLAYGATE_PYTHON: nothing downloaded.
    env = dict(os.environ, PLAYGATE_PYTHON=sys.executable)
    env.pop("CLAUDE_PROJECT_DIR", None)
    proc = subprocess.run([sys.executable, str(SUITE / "install.py"), "--yes", "--sandbox", mode,
                           str(origin)], capture_output=True, text=True, timeout=600, env=env)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    commit = proc.stdout.strip().splitlines()[-1].strip()
    assert subprocess.run(["sh", "-c", commit], cwd=origin).returncode == 0, commit
    clone = tmp_path / "teammate"
    subprocess.run(["git", "clone", "-q", str(origin), str(clone)], check=True)
    path = _path_without(tmp_path)
    env["PATH"] = path
    setup = subprocess.run(["python3", ".claude/playgate", "install", "."], cwd=clone, env=env,
                           capture_output=True, text=True, timeout=600)
    assert setup.returncode == 0, setup.stdout + setup.stderr
    assert git(clone, "status", "--porcelain", "--untracked-files=all").stdout == "", (
        git(clone, "diff").stdout, setup.stdout)
    assert "failIfUnavailable" not in json.dumps(_settings(clone, "settings.local.json"))
    assert ("sandbox" in _settings(clone)) is (mode == "required")
    res = Installed(clone).hook("PreToolUse", tool_name="Bash",
                                tool_input={"command": "echo hi"}, env={"PATH": path})
    if mode == "required":
        assert res.code == 2 and "[playgate:sandbox-wall]" in res.stderr, res
        assert "apt-get install -y bubblewrap socat" in res.stderr, res
    else:
        assert "sandbox-wall" not in res.stderr, res
