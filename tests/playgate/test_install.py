"""install.py through its command line, as a user runs it.

Every test installs into a real temporary git repository with
``--python <this interpreter>`` (fast: no virtualenv), except the one that
builds ``.claude/.venv`` from PyPI. Trees are compared as full snapshots
(every file's bytes and mode, every directory, symlinks), so "writes
nothing" and "byte for byte as before" mean exactly that.

A plain first install (install.py on a fresh repository) is made once per
session (conftest.template_install): the tests of what it made read it, and
a test of what a later run (or ``--uninstall``) does to it starts from the
``installed`` fixture, a copy of it (every path in an install is relative,
the modification times are copied). Each install costs about 2.7 s of CPU
(compileall, the bashlex tables, the module bundle); every other starting
tree gets its own install, and the byte-for-byte uninstall runs all three
steps on each of its trees, the plain one among them.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st
from draws import examples

from conftest import SUITE, Installed, copy_install, git, install, make_repo, replace_file

from playgate import installer, suite  # noqa: E402  (what install.py runs)
from playgate.installer import plan as installer_plan  # noqa: E402
from playgate.installer import target as installer_target  # noqa: E402
from playgate.versions import satisfies as version_satisfies  # noqa: E402

PYTHON = sys.executable


def python_wrapper(path: Path) -> Path:
    """An executable that runs this interpreter (a symlink would lose the
    virtualenv: Python finds pyvenv.cfg next to the path it was started by)."""
    path.write_text(f'#!/bin/sh\nexec "{PYTHON}" "$@"\n')
    path.chmod(0o755)
    return path


def run_install(*args, cwd=None, python=PYTHON, timeout=300) -> subprocess.CompletedProcess:
    """``python install.py ARGS`` (no implicit --python)."""
    return subprocess.run([python, str(SUITE / "install.py"), *map(str, args)],
                          capture_output=True, text=True, timeout=timeout, cwd=cwd)


def snapshot(root: Path) -> dict:
    """Every path under ``root`` except ``.git/``: files → (bytes, mode),
    directories → "dir", symlinks → ("link", target)."""
    snap = {}
    for dirpath, dirnames, filenames in os.walk(root):
        rel_dir = os.path.relpath(dirpath, root)
        if rel_dir == ".git" or rel_dir.startswith(".git" + os.sep):
            dirnames[:] = []
            continue
        for d in dirnames:
            path = os.path.join(dirpath, d)
            if os.path.relpath(path, root) == ".git":
                continue
            snap[os.path.relpath(path, root)] = ("link", os.readlink(path)) \
                if os.path.islink(path) else "dir"
        for f in filenames:
            path = os.path.join(dirpath, f)
            rel = os.path.relpath(path, root)
            if os.path.islink(path):
                snap[rel] = ("link", os.readlink(path))
            else:
                snap[rel] = (Path(path).read_bytes(), stat.S_IMODE(os.stat(path).st_mode))
    return snap


def diff(before: dict, after: dict) -> list:
    return sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k))


def settings_of(repo: Path) -> dict:
    return json.loads((repo / ".claude" / "settings.json").read_text())


def our_handlers(settings: dict, event: str) -> list:
    return [h for g in settings["hooks"].get(event, []) for h in g["hooks"]
            if "/.claude/hooks/" in h.get("command", "")]


USER_SETTINGS = {
    "model": "claude-sonnet-4-5",
    "env": {"FOO": "bar"},
    "statusLine": {"type": "command", "command": "echo status"},
    "hooks": {
        "PreToolUse": [
            {"matcher": "Bash", "hooks": [{"type": "command", "command": "my-bash-audit",
                                           "timeout": 3}]},
        ],
        "PostToolUseFailure": [
            {"hooks": [{"type": "command", "command": "echo failed >> /dev/null"}]},
        ],
        "SessionStart": [
            {"matcher": "startup", "hooks": [{"type": "command", "command": "echo hello"}]},
        ],
    },
    "permissions": {
        "allow": ["Bash(npm run test:*)", "Read"],
        "deny": ["Read(./.env)"],
        "defaultMode": "default",
    },
}


def write_user_settings(repo: Path, data=None, text=None) -> bytes:
    raw = text.encode() if text is not None else (json.dumps(data or USER_SETTINGS, indent=4)
                                                  + "\n").encode()
    (repo / ".claude").mkdir(exist_ok=True)
    (repo / ".claude" / "settings.json").write_bytes(raw)
    return raw


# ------------------------------------------------------------------ fresh install


def test_fresh_install_places_the_whole_suite(template_install):
    repo, proc = template_install  # install.py on a fresh repository (read here, never written)
    assert proc.returncode == 0, proc.stderr + proc.stdout
    claude = repo / ".claude"
    for rel, src, _policy in installer.suite_sources():
        assert (repo / rel).read_bytes() == Path(src).read_bytes(), rel
    for pkg in suite.PACKAGE_NAMES:
        assert (claude / pkg).is_dir()
    assert (repo / "play" / "template" / "plan.json").is_file()
    assert (repo / "state.md").read_bytes() == (SUITE / "templates" / "state.md").read_bytes()
    assert (claude / "protected-files.txt").read_bytes() == \
        (SUITE / "protected-files.txt").read_bytes()
    # Bytecode for every copied module, made by the hook interpreter.
    tag = sys.implementation.cache_tag
    assert (claude / "events" / "__pycache__" / f"runtime.{tag}.pyc").is_file()
    assert (claude / "hooks" / "__pycache__" / f"_bootstrap.{tag}.pyc").is_file()
    # Registrations point into the project via $CLAUDE_PROJECT_DIR.
    settings = settings_of(repo)
    for event in installer.render_settings("p", "s")["hooks"]:
        handlers = our_handlers(settings, event)
        assert len(handlers) == 1, event
        assert '"$CLAUDE_PROJECT_DIR"/.claude/hooks/' in handlers[0]["command"]
    gitignore = (repo / ".gitignore").read_text().splitlines()
    for entry in (".claude/.venv/", ".claude/.session-init/", ".claude/session-state/",
                  ".claude/logs/", ".claude/.cache/", ".claude/**/__pycache__/"):
        assert entry in gitignore
    manifest = json.loads((claude / "playgate.json").read_text())
    assert manifest["files"][".claude/events/runtime.py"]["origin"] == "created"
    assert "create   state.md" in proc.stdout and "compile" in proc.stdout
    # git sees no runtime state, only the suite's files.
    status = git(repo, "status", "--porcelain", "--untracked-files=all").stdout
    assert "__pycache__" not in status and "playgate.json" not in status
    assert "suite.bundle" not in status and "bashlex_tables" not in status  # derived


def test_installed_hooks_answer(repo, installed):
    inst = installed
    started = inst.hook("SessionStart", source="startup")
    assert started.code == 0 and "state.md" in started.context
    blocked = inst.tool("Edit", {"file_path": str(repo / "README.md"), "old_string": "test",
                                 "new_string": "x", "replace_all": False})
    assert blocked.code == 2 and blocked.stderr.startswith("[playgate")


def test_second_run_changes_nothing_and_says_so(repo, installed):
    before = snapshot(repo)
    proc = install(repo)
    assert proc.returncode == 0
    assert "nothing to change" in proc.stdout
    assert diff(before, snapshot(repo)) == []


def test_reinstall_with_a_changed_file_repairs_it_and_keeps_a_backup(repo, installed):
    target = repo / ".claude" / "guards" / "init_guard.py"
    replace_file(target, "# switched off\n")
    proc = install(repo)
    assert proc.returncode == 0, proc.stderr
    assert target.read_bytes() == (SUITE / "guards" / "init_guard.py").read_bytes()
    backups = list((repo / ".claude" / ".playgate-backup").rglob("init_guard.py"))
    assert [b.read_text() for b in backups] == ["# switched off\n"]
    assert "replace" in proc.stdout


def test_user_edited_protected_list_and_state_are_kept(repo, installed):
    protected = repo / ".claude" / "protected-files.txt"
    protected.write_text(protected.read_text() + "BLOCK:secrets/**\n")
    (repo / "state.md").write_text("# my state\n")
    edited = protected.read_bytes()
    proc = install(repo)
    assert proc.returncode == 0
    assert protected.read_bytes() == edited
    assert (repo / "state.md").read_text() == "# my state\n"


def test_existing_protected_list_is_kept_and_named(repo):
    (repo / ".claude").mkdir()
    (repo / ".claude" / "protected-files.txt").write_text("HARD_BLOCK:vault/**\n")
    proc = install(repo)
    assert proc.returncode == 0
    assert (repo / ".claude" / "protected-files.txt").read_text() == "HARD_BLOCK:vault/**\n"
    assert "kept your .claude/protected-files.txt" in proc.stdout
    # Said once, not on every run.
    assert "kept your" not in install(repo).stdout


def test_existing_state_md_is_never_touched(repo):
    (repo / "state.md").write_text("## playbook\n```yaml\nactive: null\n```\n")
    before = (repo / "state.md").read_bytes()
    assert install(repo).returncode == 0
    assert (repo / "state.md").read_bytes() == before
    assert "state.md" not in json.loads((repo / ".claude" / "playgate.json").read_text())["files"]


def test_user_files_next_to_ours_are_untouched(repo):
    (repo / ".claude" / "hooks").mkdir(parents=True)
    (repo / ".claude" / "hooks" / "format.sh").write_text("#!/bin/sh\nexit 0\n")
    (repo / ".claude" / "agents").mkdir()
    (repo / ".claude" / "agents" / "mine.md").write_text("---\nname: mine\n---\n")
    before = snapshot(repo)
    assert install(repo).returncode == 0
    assert (repo / ".claude" / "hooks" / "format.sh").read_text() == "#!/bin/sh\nexit 0\n"
    assert run_install("--uninstall", repo).returncode == 0
    assert diff(before, snapshot(repo)) == []


# ------------------------------------------------------------------ settings merge


def test_merge_keeps_every_user_key_hook_and_rule(repo):
    original = write_user_settings(repo)
    proc = install(repo)
    assert proc.returncode == 0, proc.stderr
    merged = settings_of(repo)
    for key in ("model", "env", "statusLine"):
        assert merged[key] == USER_SETTINGS[key]
    commands = {h["command"] for groups in merged["hooks"].values() for g in groups
                for h in g["hooks"]}
    assert {"my-bash-audit", "echo failed >> /dev/null", "echo hello"} <= commands
    # The user's own PostToolUseFailure groups stay first, ours (critic-commands) follows.
    user_groups = USER_SETTINGS["hooks"]["PostToolUseFailure"]
    assert merged["hooks"]["PostToolUseFailure"][:len(user_groups)] == user_groups
    for kind, rules in USER_SETTINGS["permissions"].items():
        if isinstance(rules, list):
            assert all(r in merged["permissions"][kind] for r in rules)
    assert merged["permissions"]["defaultMode"] == "default"
    # "Read" was already allowed: listed once.
    assert merged["permissions"]["allow"].count("Read") == 1
    # The user's own PreToolUse group stays first, ours follows.
    assert merged["hooks"]["PreToolUse"][0] == USER_SETTINGS["hooks"]["PreToolUse"][0]
    assert len(our_handlers(merged, "PreToolUse")) == 1
    # The user's indentation (4 spaces) is kept.
    assert (repo / ".claude" / "settings.json").read_text().startswith('{\n    "')
    # The original is backed up.
    backups = list((repo / ".claude" / ".playgate-backup").rglob("settings.json"))
    assert [b.read_bytes() for b in backups] == [original]


def test_reinstall_with_another_interpreter_replaces_not_duplicates(repo, tmp_path):
    write_user_settings(repo)
    assert install(repo).returncode == 0
    link = python_wrapper(tmp_path / "py-link")
    proc = run_install("--python", link, repo)
    assert proc.returncode == 0, proc.stderr
    settings = settings_of(repo)
    for event in installer.render_settings("p", "s")["hooks"]:
        handlers = our_handlers(settings, event)
        assert len(handlers) == 1, (event, handlers)
        assert str(link) in handlers[0]["command"]
    assert settings["hooks"]["PreToolUse"][0] == USER_SETTINGS["hooks"]["PreToolUse"][0]
    assert "my-bash-audit" in json.dumps(settings)


def test_earlier_registrations_without_a_manifest_are_recognised(repo):
    old = ('"$CLAUDE_PROJECT_DIR"/.claude/.venv/bin/python '
           '"$CLAUDE_PROJECT_DIR"/.claude/hooks/pre_tool_use.py || exit 2')
    write_user_settings(repo, {"hooks": {"PreToolUse": [
        {"matcher": "*", "hooks": [{"type": "command", "command": old, "timeout": 10}]},
        {"matcher": "Bash", "hooks": [{"type": "command", "command": "my-bash-audit"}]},
    ]}})
    assert install(repo).returncode == 0
    settings = settings_of(repo)
    assert old not in json.dumps(settings)
    assert len(our_handlers(settings, "PreToolUse")) == 1
    assert settings["hooks"]["PreToolUse"][1]["hooks"][0]["command"] == "my-bash-audit"
    # Ours took the place of the old registration (first), not the end.
    assert our_handlers({"hooks": {"PreToolUse": settings["hooks"]["PreToolUse"][:1]}},
                        "PreToolUse")


def test_invalid_settings_is_refused_and_nothing_written(repo):
    write_user_settings(repo, text='{"hooks": {"PreToolUse": [}')
    before = snapshot(repo)
    proc = install(repo)
    assert proc.returncode == 2
    assert proc.stderr.startswith("playgate: refused:") and "settings.json" in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1
    assert diff(before, snapshot(repo)) == []


@pytest.mark.parametrize("bad", ['[1, 2]', '{"hooks": []}', '{"hooks": {"Stop": {}}}',
                                 '{"permissions": {"allow": "Read"}}'])
def test_settings_of_the_wrong_shape_are_refused(repo, bad):
    write_user_settings(repo, text=bad)
    before = snapshot(repo)
    proc = install(repo)
    assert proc.returncode == 2, proc.stdout
    assert "refused" in proc.stderr
    assert diff(before, snapshot(repo)) == []


# ------------------------------------------------------------------ dry run


@pytest.mark.parametrize("prepare", ["fresh", "user-settings", "installed-then-edited"])
def test_dry_run_writes_nothing(repo, installed_template, prepare):
    if prepare == "user-settings":
        write_user_settings(repo)
        (repo / ".gitignore").write_text("node_modules/\n")
    elif prepare == "installed-then-edited":
        copy_install(installed_template, repo)
        replace_file(repo / ".claude" / "guards" / "main_branch.py", "# off\n")
    before = snapshot(repo)
    proc = install(repo, "--dry-run")
    assert proc.returncode == 0, proc.stderr
    assert "dry run: nothing was written" in proc.stdout
    assert "would " in proc.stdout
    assert diff(before, snapshot(repo)) == []


def test_uninstall_dry_run_removes_nothing(repo, installed):
    before = snapshot(repo)
    proc = run_install("--uninstall", "--dry-run", repo)
    assert proc.returncode == 0
    assert "would remove" in proc.stdout
    assert diff(before, snapshot(repo)) == []


# ------------------------------------------------------------------ uninstall


GITIGNORES = {
    "none": None,
    "with-newline": "node_modules/\n*.log\n",
    "no-final-newline": "dist",
    "blank-line-at-end": "build/\n\n",
    "already-has-some": ".claude/.venv/\n.claude/logs/\n",
}


@pytest.mark.parametrize("with_settings", [False, True], ids=["no-settings", "user-settings"])
@pytest.mark.parametrize("gitignore", sorted(GITIGNORES))
def test_uninstall_restores_the_tree_byte_for_byte(repo, with_settings, gitignore):
    if with_settings:
        write_user_settings(repo)
        (repo / ".claude" / "settings.local.json").write_text('{"model": "x"}')
    if GITIGNORES[gitignore] is not None:
        (repo / ".gitignore").write_text(GITIGNORES[gitignore])
    before = snapshot(repo)
    assert install(repo).returncode == 0
    assert diff(before, snapshot(repo))  # something was installed
    assert install(repo).returncode == 0  # and a second run in between changes nothing
    proc = run_install("--uninstall", repo)
    assert proc.returncode == 0, proc.stderr + proc.stdout
    assert diff(before, snapshot(repo)) == []
    assert "kept" not in proc.stdout


def test_uninstall_after_a_session_keeps_the_users_work(repo):
    original_settings = write_user_settings(repo)
    assert install(repo).returncode == 0
    inst = Installed(repo)
    assert inst.hook("SessionStart", source="startup").code == 0  # writes state.md, markers
    assert inst.tool("Read", {"file_path": str(repo / "state.md")}).code == 0
    assert (repo / ".claude" / ".session-init").is_dir()
    # The user adds a rule and an ignore line of their own after the install.
    settings = settings_of(repo)
    settings["permissions"]["allow"].append("Bash(make:*)")
    (repo / ".claude" / "settings.json").write_text(json.dumps(settings, indent=4) + "\n")
    with open(repo / ".gitignore", "a") as fh:
        fh.write("coverage/\n")
    (repo / ".claude" / "logs").mkdir(exist_ok=True)
    (repo / ".claude" / "logs" / "errors.log").write_text("something\n")
    proc = run_install("--uninstall", repo)
    assert proc.returncode == 0, proc.stderr + proc.stdout
    # state.md changed at SessionStart: it is the user's state now, kept and named.
    assert (repo / "state.md").is_file()
    assert "kept state.md" in proc.stdout
    assert "kept .claude/logs/" in proc.stdout
    assert not (repo / ".claude" / ".session-init").exists()
    assert not (repo / ".claude" / "playgate.json").exists()
    assert not (repo / ".claude" / "hooks").exists()
    remaining = settings_of(repo)
    assert remaining["permissions"]["allow"] == USER_SETTINGS["permissions"]["allow"] + \
        ["Bash(make:*)"]
    assert remaining["hooks"] == USER_SETTINGS["hooks"]
    assert json.loads(original_settings)["model"] == remaining["model"]
    assert (repo / ".gitignore").read_text() == "coverage/\n"


def test_uninstall_when_not_installed_says_so(repo):
    before = snapshot(repo)
    proc = run_install("--uninstall", repo)
    assert proc.returncode == 0
    assert "not installed" in proc.stdout
    assert diff(before, snapshot(repo)) == []


def test_uninstall_keeps_a_suite_file_the_user_changed(repo, installed):
    (repo / "play" / "template" / "plan.json").write_text("{}\n")
    proc = run_install("--uninstall", repo)
    assert proc.returncode == 0
    assert (repo / "play" / "template" / "plan.json").read_text() == "{}\n"
    assert "kept play/template/plan.json" in proc.stdout


def test_uninstall_restores_a_file_the_install_replaced(repo):
    (repo / ".claude" / "hooks").mkdir(parents=True)
    mine = repo / ".claude" / "hooks" / "notification.py"
    mine.write_text("print('my notifier')\n")
    before = snapshot(repo)
    proc = install(repo)
    assert proc.returncode == 0
    assert "differed from the suite's copy" in proc.stdout
    assert mine.read_bytes() == (SUITE / "hooks" / "notification.py").read_bytes()
    assert run_install("--uninstall", repo).returncode == 0
    assert diff(before, snapshot(repo)) == []


# ------------------------------------------------------------------ upgrades


def copy_suite(dest: Path) -> Path:
    """A copy of this checkout's suite (what install.py installs from).
    Symlinks stay symlinks and ``.cache`` (the Claude Code CLIs, gigabytes
    behind a symlink in a development checkout) is never copied."""
    shutil.copytree(SUITE, dest, symlinks=True,
                    ignore=shutil.ignore_patterns(".git", ".venv", "__pycache__", ".cache",
                                                  "node_modules", ".pytest_cache", "*.egg-info",
                                                  ".hypothesis", ".ruff_cache", "tests"))
    return dest


def test_skills_and_agents_are_installed_whatever_the_source_has(tmp_path):
    src = copy_suite(tmp_path / "suite")
    shutil.rmtree(src / "skills", ignore_errors=True)
    shutil.rmtree(src / "agents", ignore_errors=True)
    (src / "skills" / "post-loop").mkdir(parents=True)
    (src / "skills" / "post-loop" / "SKILL.md").write_text("---\nname: post-loop\n---\n")
    (src / "skills" / "post-loop" / "handler.py").write_text("print('post-loop')\n")
    (src / "skills" / "__pycache__").mkdir()
    (src / "agents").mkdir()
    (src / "agents" / "critic.md").write_text("---\nname: critic\n---\n")
    (src / "agents" / "notes.txt").write_text("not an agent\n")
    repo = make_repo(tmp_path / "repo")
    before = snapshot(repo)
    proc = subprocess.run([PYTHON, str(src / "install.py"), "--python", PYTHON, str(repo)],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    claude = repo / ".claude"
    assert (claude / "skills" / "post-loop" / "SKILL.md").is_file()
    assert (claude / "skills" / "post-loop" / "handler.py").is_file()
    assert list((claude / "skills" / "post-loop" / "__pycache__").glob("handler.*.pyc"))
    assert not (claude / "skills" / "__pycache__").exists()
    assert [p.name for p in (claude / "agents").iterdir()] == ["critic.md"]
    proc = subprocess.run([PYTHON, str(src / "install.py"), "--uninstall", str(repo)],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert diff(before, snapshot(repo)) == []


def test_upgrade_updates_removes_stale_files_and_keeps_edits(tmp_path):
    """An older suite checkout installs; a newer one updates what the user did
    not change and removes what it no longer ships."""
    src = copy_suite(tmp_path / "suite")
    (src / "guards" / "retired_guard.py").write_text("NAME = 'retired'\n")
    repo = make_repo(tmp_path / "repo")
    proc = subprocess.run([PYTHON, str(src / "install.py"), "--python", PYTHON, str(repo)],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert (repo / ".claude" / "guards" / "retired_guard.py").is_file()
    # The user edits their protected list; an untouched template stays theirs to upgrade.
    protected = repo / ".claude" / "protected-files.txt"
    protected.write_text(protected.read_text() + "HARD_BLOCK:vault/**\n")
    # The newer suite: one module changed, the retired guard gone, new defaults.
    (src / "guards" / "retired_guard.py").unlink()
    with open(src / "guards" / "depends_check.py", "a") as fh:
        fh.write("# newer\n")
    with open(src / "protected-files.txt", "a") as fh:
        fh.write("WARN:pnpm-lock.yaml\n")
    with open(src / "templates" / "play" / "progress.json", "a") as fh:
        fh.write("\n")
    proc = subprocess.run([PYTHON, str(src / "install.py"), "--python", PYTHON, str(repo)],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert not (repo / ".claude" / "guards" / "retired_guard.py").exists()
    assert not list((repo / ".claude" / "guards" / "__pycache__").glob("retired_guard.*"))
    assert (repo / ".claude" / "guards" / "depends_check.py").read_text().endswith("# newer\n")
    assert "update" in proc.stdout and "remove" in proc.stdout
    assert protected.read_text().endswith("HARD_BLOCK:vault/**\n")
    assert "kept your .claude/protected-files.txt" in proc.stdout
    assert (repo / "play" / "template" / "progress.json").read_bytes() == \
        (src / "templates" / "play" / "progress.json").read_bytes()


# ------------------------------------------------------------------ bashlex tables


def _tables(repo: Path) -> Path:
    return repo / ".claude" / "shell" / "bashlex_tables.marshal"


def _stamp(path: Path) -> tuple:
    st = path.stat()
    return (st.st_ino, st.st_mtime_ns, st.st_size, path.read_bytes())


def test_install_builds_the_bashlex_tables_so_the_first_bash_call_does_not(template_install,
                                                                            installed):
    """The tables are built at install time with the hook
    interpreter, recorded as derived, and a Bash call that needs bashlex
    loads them instead of rebuilding (a rebuild always re-saves the file).
    The install is the session's; the Bash call runs in a copy of it, whose
    tables are the same file (hard-linked) until something saves them."""
    from shell import simple

    template, proc = template_install
    assert proc.returncode == 0, proc.stderr + proc.stdout
    assert "bashlex parser tables" in proc.stdout
    assert _tables(template).is_file()
    manifest = json.loads((template / ".claude" / "playgate.json").read_text())
    assert ".claude/shell/bashlex_tables.marshal" in manifest["derived"]
    assert ".claude/shell/bashlex_tables.marshal" not in manifest["files"]
    tables = _tables(installed.root)
    before = _stamp(tables)
    command = 'for f in *.md; do echo "$f"; done | sort > /dev/null'
    assert simple.parse(command) is None  # only bashlex reads it
    result = installed.tool("Bash", {"command": command})
    assert result.code in (0, 2) and "internal error" not in result.stderr
    assert _stamp(tables) == before
    assert not list(tables.parent.glob("bashlex_tables.marshal.*"))


def test_stale_bashlex_tables_are_rebuilt_by_a_reinstall(repo, installed):
    tables = _tables(repo)
    good = tables.read_bytes()
    replace_file(tables, b"\x00not tables")
    proc = install(repo)
    assert proc.returncode == 0, proc.stderr + proc.stdout
    assert "bashlex parser tables" in proc.stdout
    assert tables.read_bytes() == good
    proc = install(repo)
    assert "nothing to change" in proc.stdout


def test_tables_in_the_source_tree_are_not_copied_and_uninstall_removes_ours(tmp_path):
    src = copy_suite(tmp_path / "suite")
    (src / "shell" / "bashlex_tables.marshal").write_bytes(b"left by a development run")
    (src / "shell" / "bashlex_tables.marshal.123.tmp").write_bytes(b"half written")
    assert all("bashlex_tables" not in rel for rel, _, _ in installer.suite_sources(str(src)))
    repo = make_repo(tmp_path / "repo")
    before = snapshot(repo)
    proc = subprocess.run([PYTHON, str(src / "install.py"), "--python", PYTHON, str(repo)],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    tables = _tables(repo)
    assert tables.read_bytes() != b"left by a development run"
    assert tables.stat().st_size > 10000
    assert not (tables.parent / "bashlex_tables.marshal.123.tmp").exists()
    proc = subprocess.run([PYTHON, str(src / "install.py"), "--uninstall", str(repo)],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert diff(before, snapshot(repo)) == []


# ------------------------------------------------------------------ refusals


def assert_refused(proc, *words):
    assert proc.returncode == 2, (proc.returncode, proc.stdout, proc.stderr)
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("playgate: refused:"), proc.stderr
    for word in words:
        assert word in lines[0], (word, lines[0])


def test_refuses_a_directory_that_is_not_a_git_work_tree(tmp_path):
    plain = tmp_path / "plain"
    plain.mkdir()
    assert_refused(install(plain), "not a git work tree")
    assert list(plain.iterdir()) == []


def test_refuses_a_missing_directory(tmp_path):
    assert_refused(install(tmp_path / "nope"), "not a directory")


def test_refuses_a_subdirectory_and_names_the_top_level(repo):
    sub = repo / "pkg"
    sub.mkdir()
    proc = install(sub)
    assert_refused(proc, "inside the git work tree", str(repo))
    assert list(sub.iterdir()) == []


def test_refuses_a_bare_repository(tmp_path):
    bare = tmp_path / "bare.git"
    subprocess.run(["git", "init", "-q", "--bare", str(bare)], check=True, timeout=60)
    assert_refused(install(bare), "not a git work tree")


@pytest.fixture
def unwritable(repo):
    """``repo`` made unwritable: chmod for ordinary users; for root (who
    ignores modes) the immutable attribute."""
    if os.geteuid() != 0:
        repo.chmod(0o555)
        yield repo
        repo.chmod(0o755)
        return
    if shutil.which("chattr") is None or subprocess.run(
            ["chattr", "+i", str(repo)], capture_output=True, timeout=30).returncode != 0:
        pytest.skip("running as root without chattr +i: cannot make a directory unwritable")
    try:
        yield repo
    finally:
        subprocess.run(["chattr", "-i", str(repo)], capture_output=True, timeout=30)


def test_refuses_a_repository_it_cannot_write(unwritable):
    before = snapshot(unwritable)
    assert_refused(install(unwritable), "not writable")
    assert diff(before, snapshot(unwritable)) == []


def test_unwritable_check_in_process(repo, monkeypatch):
    """The same refusal through ``check_target`` when the OS says no."""
    real = os.access
    monkeypatch.setattr(installer_target.os, "access",
                        lambda p, mode: False if str(p) == str(repo) else real(p, mode))
    with pytest.raises(installer.Refusal, match="not writable"):
        installer.check_target(str(repo))


def old_pythons() -> list:
    found = []
    for version in ("3.9", "3.8", "3.7", "3.6"):
        # pyenv's shims may exist for versions that are not selected: prefer
        # the real binaries, then whatever PATH has that actually runs.
        candidates = sorted(Path.home().glob(f".pyenv/versions/{version}.*/bin/python{version}"))
        exe = str(candidates[-1]) if candidates else shutil.which(f"python{version}")
        if exe and subprocess.run([exe, "-c", "pass"], capture_output=True,
                                  timeout=60).returncode == 0:
            found.append(exe)
    return found


@pytest.mark.parametrize("old", old_pythons() or [None])
def test_refuses_to_run_under_an_old_python(repo, old):
    if old is None:
        pytest.skip("no Python older than 3.10 on this machine")
    before = snapshot(repo)
    proc = run_install("--python", PYTHON, repo, python=old)
    assert_refused(proc, "needs Python 3.10 or newer")
    assert diff(before, snapshot(repo)) == []


@pytest.mark.parametrize("old", old_pythons()[:1] or [None])
def test_refuses_an_old_python_for_the_hooks(repo, old):
    if old is None:
        pytest.skip("no Python older than 3.10 on this machine")
    assert_refused(run_install("--python", old, repo), "the hooks need Python 3.10")


def test_refuses_an_interpreter_without_the_dependencies(repo, tmp_path):
    bare = tmp_path / "bare-venv"
    subprocess.run([PYTHON, "-m", "venv", "--without-pip", str(bare)], check=True, timeout=120)
    before = snapshot(repo)
    proc = run_install("--python", bare / "bin" / "python", repo)
    assert_refused(proc, "pydantic is missing", "bashlex is missing", "pip install")
    assert diff(before, snapshot(repo)) == []


def test_refuses_an_interpreter_that_does_not_exist(repo, tmp_path):
    assert_refused(run_install("--python", tmp_path / "nope" / "python", repo), "cannot run")


def test_refuses_something_that_is_not_python(repo, tmp_path):
    fake = tmp_path / "fake-python"
    fake.write_text("#!/bin/sh\necho hello\n")
    fake.chmod(0o755)
    assert_refused(run_install("--python", fake, repo), "not a working Python interpreter")


def test_refuses_dependencies_outside_the_pinned_range(monkeypatch):
    """A pydantic 1.x (or any version outside pyproject's range) is refused."""
    monkeypatch.setattr(installer.python, "probe_python", lambda python, reqs: {
        "version": [3, 11, 7], "cache_tag": "cpython-311",
        "modules": {"pydantic": {"version": "1.10.13"}, "pyyaml": {"version": "6.0.1"},
                    "bashlex": {"version": "0.18"}, "jsonschema": {"version": "4.23.0"}}})
    with pytest.raises(installer.Refusal, match=r"pydantic 1\.10\.13 is outside >=2\.7,<3"):
        installer.check_interpreter("/x/python", installer.read_requirements())


# ------------------------------------------------------------------ hooks fail closed


def test_a_missing_interpreter_blocks_pre_tool_use_with_a_clear_message(repo, tmp_path):
    link = python_wrapper(tmp_path / "python-that-will-vanish")
    assert run_install("--python", link, repo).returncode == 0
    inst = Installed(repo)
    assert inst.hook("SessionStart", source="startup").code == 0
    link.unlink()
    result = inst.tool("Read", {"file_path": str(repo / "state.md")})
    assert result.code == 2
    assert result.stderr.startswith("[playgate]") or "[playgate]" in result.stderr
    assert "could not run" in result.stderr
    # The repair printed is the committed entry point, with this repository's path.
    assert f'python3 "{repo}/.claude/playgate" install "{repo}"' in result.stderr
    assert "exit 127" in result.stderr
    # SessionStart still exits 0 and tells the user and Claude.
    started = inst.hook("SessionStart", source="startup")
    assert started.code == 0
    assert "python3 .claude/playgate install ." in started.json["systemMessage"]
    assert "python3 .claude/playgate install ." in started.context
    # PermissionRequest prints nothing: the user sees the normal dialog.
    asked = inst.hook("PermissionRequest", tool_name="Bash", tool_input={"command": "ls"})
    assert asked.stdout == ""
    for event in ("UserPromptSubmit", "Stop", "SubagentStop"):
        assert inst.hook(event, prompt="hi", stop_hook_active=False).code == 2, event


def test_a_missing_venv_blocks_pre_tool_use(repo, installed):
    """The default registration (``.claude/.venv``) with no venv: blocked."""
    settings = installer.render_settings(installer.VENV_PYTHON, installer.SUITE_DIR)
    (repo / ".claude" / "settings.json").write_text(json.dumps(settings))
    result = Installed(repo).tool("Read", {"file_path": str(repo / "state.md")})
    assert result.code == 2
    assert "could not run (exit 127)" in result.stderr


def test_default_install_builds_the_venv_from_pypi(repo):
    """The path a newcomer takes: no --python, .claude/.venv from PyPI."""
    proc = run_install(repo, timeout=900)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    venv_python = repo / ".claude" / ".venv" / "bin" / "python"
    assert venv_python.exists()
    settings = settings_of(repo)
    assert our_handlers(settings, "PreToolUse")[0]["command"].startswith(
        '"$CLAUDE_PROJECT_DIR"/.claude/.venv/bin/python ')
    inst = Installed(repo)
    assert inst.hook("SessionStart", source="startup").code == 0
    assert inst.tool("Edit", {"file_path": str(repo / "README.md"), "old_string": "test",
                              "new_string": "x", "replace_all": False}).code == 2
    again = run_install(repo)
    assert again.returncode == 0 and "nothing to change" in again.stdout
    gone = run_install("--uninstall", repo)
    assert gone.returncode == 0
    # The blocked Edit is a record in the decision log: the
    # uninstaller keeps the hooks' records and says so; nothing else is left.
    assert "kept .claude/logs/" in gone.stdout
    assert sorted(p.name for p in (repo / ".claude").iterdir()) == ["logs"]
    assert [p.name for p in (repo / ".claude" / "logs").iterdir()] == ["decisions.jsonl"]


# ------------------------------------------------------------------ pieces


def test_requirements_come_from_pyproject_as_tomllib_reads_them():
    tomllib = pytest.importorskip("tomllib")
    with open(SUITE / "pyproject.toml", "rb") as fh:
        expected = tomllib.load(fh)["project"]["dependencies"]
    assert installer.read_requirements() == expected


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(reqs=st.lists(st.from_regex(r"[a-z][a-z0-9_-]{0,8}(>=[0-9]{1,2}(\.[0-9]{1,2})?)?",
                                   fullmatch=True), min_size=1, max_size=5),
       style=st.sampled_from(["oneline", "multiline", "comments", "single"]))
def test_requirements_scanner_agrees_with_tomllib(tmp_path_factory, reqs, style):
    tomllib = pytest.importorskip("tomllib")
    if style == "oneline":
        body = "dependencies = [" + ", ".join(f'"{r}"' for r in reqs) + "]\n"
    elif style == "multiline":
        body = "dependencies = [\n" + "".join(f'    "{r}",\n' for r in reqs) + "]\n"
    elif style == "comments":
        body = "dependencies = [  # runtime\n" + "".join(
            f'    "{r}",  # why [#]\n' for r in reqs) + "]\n"
    else:
        body = "dependencies = [" + ", ".join(f"'{r}'" for r in reqs) + "]\n"
    text = ('[build-system]\nrequires = ["setuptools"]\n\n[project]\nname = "x"\n' + body +
            '\n[project.optional-dependencies]\ntest = ["pytest"]\n')
    path = tmp_path_factory.mktemp("pp") / "pyproject.toml"
    path.write_text(text)
    assert installer.read_requirements(str(path)) == tomllib.loads(text)["project"]["dependencies"]


@pytest.mark.parametrize("version,spec,ok", [
    ("2.11.7", ">=2.7,<3", True), ("1.10.13", ">=2.7,<3", False), ("3.0.0", ">=2.7,<3", False),
    ("2.7", ">=2.7,<3", True), ("2.7.0rc1", ">=2.7,<3", True), ("0.18", ">=0.18,<0.19", True),
    ("0.19", ">=0.18,<0.19", False), ("6.0.2", ">=6.0,<7", True), ("4.26.0", ">=4.20,<5", True),
    ("1.4.9", "~=1.4.5", True), ("1.5.0", "~=1.4.5", False), ("2.3", "~=2.2", True),
    ("3.0", "~=2.2", False), ("1.2.3", "==1.2.*", True), ("1.3.0", "==1.2.*", False),
    ("1.0", "!=1.0", False), ("1.0", "", True), ("weird", ">=1", True),
])
def test_version_ranges(version, spec, ok):
    assert version_satisfies(version, spec) is ok


gitignore_text = st.text(st.characters(codec="utf-8", exclude_characters="\r"), max_size=200)


@settings(max_examples=examples(200), deadline=None)
@given(text=gitignore_text)
@example(text="# >>> playgate:")
@example(text="# >>> playgate: my own note\n.claude/mine\n")
def test_gitignore_block_round_trips(text):
    # A text that already holds a block of our exact shape is ours by
    # definition (an earlier install); the property is about everything else.
    assume(installer.gitignore._find_block(text) is None)
    new, record = installer.plan_gitignore(text, {})
    assert new.startswith(text)
    again, record2 = installer.plan_gitignore(new, record)
    assert again == new  # idempotent
    present = {line.strip() for line in new.splitlines()}
    assert all(entry in present for entry in installer.GITIGNORE_ENTRIES)
    assert installer.unplan_gitignore(new, record2) == text


json_scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=10))
json_values = st.recursive(json_scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=6), inner, max_size=3)),
    max_leaves=8)
handler = st.builds(lambda c: {"type": "command", "command": c},
                    st.sampled_from(["echo a", "my-lint", "python3 x.py",
                                     '"$CLAUDE_PROJECT_DIR"/.claude/hooks/format.sh']))
group = st.builds(lambda m, hs: ({"matcher": m} if m is not None else {}) | {"hooks": hs},
                  st.one_of(st.none(), st.sampled_from(["*", "Bash", "Edit|Write", "startup"])),
                  st.lists(handler, max_size=3))
user_settings = st.fixed_dictionaries({}, optional={
    "hooks": st.dictionaries(st.sampled_from(["PreToolUse", "Stop", "SessionStart",
                                              "PostToolUseFailure", "Notification"]),
                             st.lists(group, max_size=3), max_size=4),
    "permissions": st.fixed_dictionaries({}, optional={
        kind: st.lists(st.sampled_from(["Read", "Bash(ls:*)", "Bash(make:*)", "Edit",
                                        "Bash(git push:*)", "WebFetch"]), unique=True,
                       max_size=4) for kind in ("allow", "ask", "deny")}),
    "model": st.text(max_size=8),
    "extra": json_values,
})


@settings(max_examples=examples(150), deadline=None)
@given(current=user_settings)
def test_settings_merge_round_trips(current):
    template = installer.render_settings(installer.VENV_PYTHON, installer.SUITE_DIR)
    ours = installer.settings._ours("/repo", None, installer.entrypoint_names())
    merged, added, created = installer.merge_settings(current, template, ours)
    # Nothing of the user's is lost.
    for event, groups in (current.get("hooks") or {}).items():
        for g in groups:
            for h in g["hooks"]:
                assert any(h in mg["hooks"] for mg in merged["hooks"][event])
    for kind, rules in (current.get("permissions") or {}).items():
        assert all(r in merged["permissions"][kind] for r in rules)
    # Merging again changes nothing; unmerging gives back the original.
    again, added2, _ = installer.merge_settings(merged, template, ours, added)
    assert again == merged and not added2
    assert installer.unmerge_settings(merged, ours, added, created) == current


def test_a_rule_the_user_removed_is_not_added_back(repo, installed):
    settings = settings_of(repo)
    settings["permissions"]["ask"].remove("Bash(git push:*)")
    (repo / ".claude" / "settings.json").write_text(json.dumps(settings, indent=2) + "\n")
    proc = install(repo)
    assert proc.returncode == 0
    assert "'Bash(git push:*)' was removed" in proc.stdout
    assert "Bash(git push:*)" not in settings_of(repo)["permissions"]["ask"]
    again = install(repo)
    assert "nothing to change" in again.stdout and "was removed" not in again.stdout
    assert "Bash(git push:*)" not in settings_of(repo)["permissions"]["ask"]
    assert run_install("--uninstall", repo).returncode == 0
    assert not (repo / ".claude" / "settings.json").exists()


def test_uninstall_restores_the_pre_install_file_even_after_a_later_repair(repo):
    """A file that was in the way is restored as it was before the first
    install, not as the user later edited the suite's copy."""
    (repo / ".claude" / "hooks").mkdir(parents=True)
    mine = repo / ".claude" / "hooks" / "stop.py"
    mine.write_text("print('my own stop hook')\n")
    before = snapshot(repo)
    assert install(repo).returncode == 0
    mine.write_text("# tampered\n")
    assert install(repo).returncode == 0  # repaired, the tampered copy saved
    assert mine.read_bytes() == (SUITE / "hooks" / "stop.py").read_bytes()
    assert run_install("--uninstall", repo).returncode == 0
    assert diff(before, snapshot(repo)) == []


def test_two_runs_in_one_second_keep_separate_backups(repo, monkeypatch, capsys):
    """The backup folder is named by the second; a second run within it gets
    its own folder, so the pre-install original is never overwritten."""
    monkeypatch.setattr(installer_plan.time, "strftime", lambda fmt, *a: "20260101-000000")
    (repo / ".claude" / "hooks").mkdir(parents=True)
    mine = repo / ".claude" / "hooks" / "stop.py"
    mine.write_text("print('my own stop hook')\n")
    before = snapshot(repo)
    assert installer.install(str(repo), python=PYTHON) == 0
    mine.write_text("# tampered\n")
    assert installer.install(str(repo), python=PYTHON) == 0
    manifest = json.loads((repo / ".claude" / "playgate.json").read_text())
    assert manifest["backups"] == [".claude/.playgate-backup/20260101-000000",
                                   ".claude/.playgate-backup/20260101-000000-2"]
    assert installer.uninstall(str(repo)) == 0
    assert diff(before, snapshot(repo)) == []


def test_a_failed_step_leaves_a_manifest_that_describes_the_tree(repo, monkeypatch, capsys):
    """pip without network, say: nothing is recorded that was not done, so a
    rerun adds no false notes and --uninstall restores the tree."""
    original = write_user_settings(repo)
    before = snapshot(repo)

    def no_network(path, requirements, out=print):
        raise installer.InstallError("pip could not install the runtime dependencies: offline")

    monkeypatch.setattr(installer_plan, "create_venv", no_network)
    assert installer.install(str(repo)) == 1
    assert "install failed" in capsys.readouterr().out
    assert (repo / ".claude" / "settings.json").read_bytes() == original
    manifest = json.loads((repo / ".claude" / "playgate.json").read_text())
    assert manifest["settings"] is None and manifest["files"] == {}
    rerun = install(repo)  # with a working interpreter this time
    assert rerun.returncode == 0 and "was removed" not in rerun.stdout
    assert run_install("--uninstall", repo).returncode == 0
    assert diff(before, snapshot(repo)) == []


# ------------------------------------------------------------------ printed repairs


def test_hook_messages_name_the_repair_of_the_route_taken(installed):
    """Every fix a hook prints works where it is printed: in a repository
    install.py installed into (its clones included) the repair is the
    committed entry point, never ``python install.py`` (no install.py there,
    and maybe no ``python``)."""
    (installed.root / "state.md").unlink()
    started = installed.hook("SessionStart", source="startup")
    assert "python3 .claude/playgate install ." in started.context, started.context
    assert "install.py" not in started.context
    # The runtime cannot be loaded (a damaged copy): the gating hook blocks,
    # naming the same command.
    runtime = installed.root / ".claude" / "events" / "runtime.py"
    runtime.unlink()
    runtime.write_text("def main(:\n")
    bundle = installed.root / ".claude" / "hooks" / "suite.bundle"
    bundle.unlink()
    blocked = installed.tool("Read", {"file_path": str(installed.root / "README.md")})
    assert blocked.code == 2, blocked
    assert "python3 .claude/playgate install ." in blocked.stderr, blocked.stderr
    assert "install.py" not in blocked.stderr


@pytest.mark.parametrize("missing", ["git", "other"])
def test_a_program_that_cannot_start_is_told_by_the_program_not_the_sentence(
        tmp_path, monkeypatch, missing):
    """The installer refuses a machine without git with its own message; the
    decision reads which program failed to start (``NotStarted.program``),
    never the English of the error (reworded, it would not be found)."""
    from playgate.installer import common, target

    empty = tmp_path / "bin"
    empty.mkdir()
    if missing == "git":
        monkeypatch.setenv("PATH", str(empty))
        with pytest.raises(common.Refusal) as refused:
            target.git_toplevel(str(tmp_path))
        assert getattr(refused.value.args[0], "key", None) == "installer.refuse.no_git"
    else:
        with pytest.raises(common.NotStarted) as failed:
            common.run_bounded([str(empty / "nothing-here")], 5)
        assert failed.value.program == str(empty / "nothing-here")
        assert isinstance(failed.value, common.InstallError)
