"""The outer wall with the real CLI and bubblewrap.

* A scripted agent tries the families of ways to change the gate's files
  (shell redirection, an interpreter, an abbreviated option, git plumbing, a
  hard link, moving and deleting, a carrier variable, a forged cache entry,
  the user's settings, Edit/Write) — once with the sandbox and the deny rules
  alone (the hooks taken out of the settings: the OS wall on its own), once
  with the whole gate — and the test reads that every gate file is
  unchanged, while the rest of the project stays writable.
* A clone on a machine without bubblewrap: with the installer's
  ``failIfUnavailable`` (this machine's settings.local.json) the CLI refuses
  to start; a teammate's clone (no local settings) starts and Bash fails
  closed with playgate's own message.
* ``autoAllowBashIfSandboxed: false`` keeps the permission gate deciding
  (its PermissionRequest hook is called); ``true`` skips it.
* The golden path passes with the sandbox off here, and with it on in
  tests/e2e/test_golden_path.py (the default install: ``--sandbox
  required``, checked there); the steps it does not take pass with the
  sandbox on and off: a branch switch, a merge, the tests, commits and a
  push to a local bare remote.

What these runs measured is written down in docs/claude-code-measured.md,
"The Bash sandbox".
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from . import golden
from .fakeapi import Script, tool_use
from .harness import Sandbox, git, tools_path
from .workflow import ready, write_playbook

pytestmark = pytest.mark.e2e

if not (shutil.which("bwrap") and shutil.which("socat")):  # .ci/run installs them
    pytest.skip("E2E SKIPPED: bubblewrap and socat are not installed (sudo apt-get install -y "
                "bubblewrap socat; .ci/run does it)", allow_module_level=True)


def bash(command: str) -> dict:
    return tool_use("Bash", {"command": command})


#: Each row: (family, command). Every command tries to change a file of the
#: gate; none of them may succeed, whichever wall stops it.
ATTACKS = [
    ("redirection", "echo '{}' > .claude/settings.json"),
    ("append", "echo 'HARD_BLOCK:nothing' >> .claude/protected-files.txt"),
    ("interpreter", "python3 -c \"open('.claude/guards/bash_check.py','w').write('')\""),
    ("interpreter stdin", "python3 - <<'EOF'\nimport os\nos.remove('.claude/hooks/_bootstrap.py')\nEOF"),
    ("abbreviated option", "sort --outp=.claude/permission-config.yaml README.md"),
    ("git plumbing", "git show HEAD:README.md > .claude/hooks/pre_tool_use.py"),
    ("git checkout-index", "git --work-tree=.claude/shell checkout-index -a -f"),
    ("hard link", "ln .claude/protected-files.txt pf.txt && echo pwned >> pf.txt"),
    ("copy with links", "cp -al .claude/statefiles sf && echo pwned >> sf/layout.py"),
    ("move", "mv .claude/hooks .claude/hooks.off"),
    ("delete", "rm -rf .claude/guards"),
    ("truncate", "truncate -s0 .claude/settings.json"),
    ("sed in place", "sed -i 's/HARD_BLOCK/WARN/' .claude/protected-files.txt"),
    ("new config file", "printf 'project_commands: [bash]\\n' > .claude/permission-config.yaml"),
    ("custom rules", "printf 'rules: []\\n' > .claude/playgate-rules.yaml"),
    ("forged cache", "echo '{}' > .claude/.cache/permission-config.json"),
    ("ledger", "echo '{}' >> .claude/logs/critic-ledger.jsonl"),
    ("session markers", "rm -rf .claude/.session-init"),
    ("carrier variable", "GIT_TRACE=$PWD/.claude/settings.json git status"),
    ("virtualenv", "mkdir -p .claude/.venv && echo x > .claude/.venv/pyvenv.cfg"),
    ("user settings", "mkdir -p ~/.claude && echo '{}' > ~/.claude/settings.json"),
    ("user config", "echo '{}' > ~/.claude.json"),
]
#: A module planted beside the suite's packages (written with the Write
#: tool, as found): it must never be imported by a hook (item 3). It would
#: leave ``.claude/IMPORTED`` behind and end the hook with exit 0.
PLANT = ("import os\nopen(os.path.join(os.path.dirname(os.path.abspath(__file__)), "
         "'IMPORTED'), 'w').write('x')\nos._exit(0)\n")
#: Names in ``.claude/`` that are neither the gate's nor configuration: the
#: CLI's own scratch directory and the planted module.
NOT_GATE = (".claude/.cc-writes", ".claude/yaml.py")
#: The rest of the project stays writable (git, a new file, state).
WORKS = "mkdir -p src && echo ok > src/made.txt && echo ok > .claude/state/x.json && echo WROTE"


def _gate_files(repo: Path) -> dict:
    """``{rel: sha256}`` of every file the gate consists of or reads as
    configuration, plus the user's Claude Code settings."""
    out = {}
    claude = repo / ".claude"
    for path in sorted(claude.rglob("*")):
        rel = path.relative_to(repo).as_posix()
        if rel.startswith((".claude/state/", ".claude/session-state/", ".claude/.locks/",
                           ".claude/logs/", ".claude/.session-init/", ".claude/.cache/")):
            continue
        if "__pycache__" in rel or not path.is_file():
            continue
        out[rel] = hashlib.sha256(path.read_bytes()).hexdigest()
    runtime = (".claude/state", ".claude/session-state", ".claude/.locks", ".claude/logs",
               ".claude/.session-init", ".claude/.cache")
    out["<listing>"] = sorted(p.relative_to(repo).as_posix() for p in claude.glob("*")
                              if p.relative_to(repo).as_posix() not in NOT_GATE + runtime)
    return {k: v for k, v in out.items() if k not in NOT_GATE}


def _home_files(box) -> dict:
    """The user's settings file, and what of ``~/.claude.json`` the CLI itself
    does not rewrite (it records usage there): the trusted projects."""
    settings = box.home / ".claude" / "settings.json"
    config = json.loads((box.home / ".claude.json").read_text())
    return {"settings": settings.read_bytes() if settings.exists() else None,
            "projects": config.get("projects")}


def _attack_script(box) -> Script:
    turns = [tool_use("Write", {"file_path": str(box.repo / ".claude" / "yaml.py"),
                                "content": PLANT})]
    turns += [bash(cmd) for _family, cmd in ATTACKS]
    # a write only the hooks refuse (the sandbox lets Bash write state.md)
    turns.append(bash("echo hacked >> state.md"))
    turns += [
        tool_use("Edit", {"file_path": str(box.repo / ".claude/protected-files.txt"),
                          "old_string": "HARD_BLOCK", "new_string": "WARN"}),
        tool_use("Write", {"file_path": str(box.repo / ".claude/hooks/pre_tool_use.py"),
                           "content": "import sys\nsys.exit(0)\n"}),
        tool_use("Write", {"file_path": str(box.repo / ".claude/permission-config.yaml"),
                           "content": "project_commands: [bash]\n"}),
        tool_use("Write", {"file_path": str(box.home / ".claude" / "settings.json"),
                           "content": "{}"}),
        bash(WORKS),
        "done",
    ]
    return Script(main=turns)


def _hooks_out(box) -> None:
    """The settings without the hook registrations: the sandbox and the deny
    rules alone."""
    path = box.repo / ".claude" / "settings.json"
    data = json.loads(path.read_text())
    data.pop("hooks", None)
    path.write_text(json.dumps(data, indent=2))
    box.commit_all("hooks out")


@pytest.mark.parametrize("walls", ["sandbox and deny rules alone", "the whole gate"])
def test_the_gate_files_survive_every_family(claude_cli, api, walls):
    box = Sandbox.prepared(claude=claude_cli)
    try:
        if walls.startswith("sandbox"):
            _hooks_out(box)
        (box.repo / ".claude" / "state").mkdir(exist_ok=True)
        before, home_before = _gate_files(box.repo), _home_files(box)
        script = _attack_script(box)
        if not walls.startswith("sandbox"):
            script = Script(main=[*ready(box), *script.lanes["main"]])
        run = box.run(api, "try", script, timeout=300)
        assert run.code == 0, run.describe()
        assert _gate_files(box.repo) == before, run.describe()
        assert _home_files(box) == home_before, run.describe()
        assert not (box.repo / ".claude" / "IMPORTED").exists(), run.describe()
        if not walls.startswith("sandbox"):
            assert b"hacked" not in (box.repo / "state.md").read_bytes(), run.describe()
        results = run.reported_results()
        last = results[script.tool_use_ids()[-1]]
        assert "WROTE" in last["text"], (last, run.describe())
        assert (box.repo / "src" / "made.txt").read_text() == "ok\n"
    finally:
        if not os.environ.get("PLAYGATE_E2E_KEEP"):
            shutil.rmtree(box.root, ignore_errors=True)


def _path_without_sandbox(tmp: Path) -> str:
    """A ``PATH`` like this one with ``bwrap`` and ``socat`` hidden."""
    hidden = tmp / "nobwrap"
    hidden.mkdir()
    seen = set()
    for entry in os.environ.get("PATH", "/usr/bin:/bin").split(":"):
        if not entry or not os.path.isdir(entry):
            continue
        for name in os.listdir(entry):
            if name in ("bwrap", "socat") or name in seen:
                continue
            seen.add(name)
            try:
                os.symlink(os.path.join(entry, name), hidden / name)
            except OSError:
                pass
    return str(hidden)


def test_without_bubblewrap_it_fails_closed(claude_cli, api, tmp_path):
    box = Sandbox.prepared(claude=claude_cli)
    try:
        path = _path_without_sandbox(tmp_path)
        env = {"PATH": f"{Path(sys.executable).parent}:{path}"}
        # this machine: the installer found the sandbox working and set
        # failIfUnavailable in settings.local.json, so the CLI refuses to start
        local = json.loads((box.repo / ".claude" / "settings.local.json").read_text())
        assert local["sandbox"]["failIfUnavailable"] is True
        refused = box.run(api, "hi", Script(main=[bash("echo hi"), "done"]), env=env)
        assert refused.code != 0 and "Refusing to start" in refused.stderr, refused.describe()
        # a teammate's clone: no settings.local.json; the CLI starts (and warns),
        # playgate blocks Bash with its own message, the other tools work
        (box.repo / ".claude" / "settings.local.json").unlink()
        script = Script(main=[*ready(box), bash("echo ran > ran.txt"), "done"])
        run = box.run(api, "hi", script, env=env)
        assert run.code == 0, run.describe()
        result = run.result_of(len(script.lanes["main"]) - 2)
        assert result["is_error"] and "[playgate:sandbox-wall]" in result["text"], run.describe()
        assert "apt-get install -y bubblewrap socat" in result["text"]
        assert not (box.repo / "ran.txt").exists()
        assert "Sandbox disabled" in run.stderr or "WITHOUT sandboxing" in run.stderr
    finally:
        if not os.environ.get("PLAYGATE_E2E_KEEP"):
            shutil.rmtree(box.root, ignore_errors=True)


@pytest.mark.parametrize("auto_allow", [False, True])
def test_auto_allow_decides_whether_the_permission_gate_is_asked(claude_cli, api, auto_allow):
    """Measured: with ``autoAllowBashIfSandboxed: false`` (what the installer
    writes) the CLI asks the PermissionRequest hook, whose gate approves a
    known reader; with ``true`` it approves sandboxed commands itself and the
    hook is never called."""
    box = Sandbox.prepared(claude=claude_cli, record=True)
    try:
        path = box.repo / ".claude" / "settings.json"
        data = json.loads(path.read_text())
        data["sandbox"]["autoAllowBashIfSandboxed"] = auto_allow
        path.write_text(json.dumps(data, indent=2))
        box.commit_all("auto allow")
        script = Script(main=[*ready(box), bash("mkdir -p build/out"), "done"])
        run = box.run(api, "log", script, permission_mode=None)
        result = run.result_of(len(script.lanes["main"]) - 2)
        assert not result["is_error"], run.describe()
        asked = [c for c in box.recorder.calls() if c.event == "PermissionRequest"]
        assert bool(asked) is (not auto_allow), (asked, run.describe())
    finally:
        if not os.environ.get("PLAYGATE_E2E_KEEP"):
            shutil.rmtree(box.root, ignore_errors=True)


# ------------------------------------------------------------------ the workflows, sandbox on and off

@pytest.fixture(params=["on", "off"], scope="module")
def sandbox_mode(request):
    return request.param


@pytest.fixture(scope="module")
def golden_journey(claude_cli, api):
    """The golden path with ``--sandbox off``. With the sandbox on it is the
    default install, which tests/e2e/test_golden_path.py drives (and checks
    that its settings turn the sandbox on): one run of the same journey."""
    box = golden.prepare(Sandbox, install_args=("--sandbox", "off"))
    run = golden.GoldenRun(box, api, claude=claude_cli)
    yield run
    if not os.environ.get("PLAYGATE_E2E_KEEP"):
        shutil.rmtree(box.root, ignore_errors=True)


def test_the_golden_path_passes_with_the_sandbox_off(golden_journey):
    j = golden_journey.journal
    box = golden_journey.box
    settings = json.loads((box.repo / ".claude" / "settings.json").read_text())
    assert "sandbox" not in settings
    assert [r.code for r in golden_journey.runs] == [0, 0], golden_journey.runs[-1].describe()
    assert golden_journey.agent.done, j.report()
    assert j.stuck == [] and j.contradictions == [], j.report()
    assert j.of("block", "denied") == [], j.report()
    assert git(box.repo, "branch", "--show-current").stdout.strip() == golden.BRANCH
    files = git(box.repo, "show", "--name-only", "--format=", "HEAD").stdout.split()
    assert f"play/archive/{golden.PLAYBOOK_ID}/progress.json" in files, files
    assert not (box.repo / ".claude" / "session-state" / "post-loop-pending").exists()


def test_branch_switch_merge_tests_commit_and_push(claude_cli, api, sandbox_mode, tmp_path):
    root = Path(tempfile.mkdtemp(prefix="pgsb-"))
    box = Sandbox.create(root)
    remote = root / "remote.git"
    subprocess.run(["git", "init", "-q", "--bare", str(remote)], check=True)
    git(box.repo, "remote", "add", "origin", str(remote))
    box.install(extra=("--sandbox", "required" if sandbox_mode == "on" else "off"))
    write_playbook(box)
    (box.repo / "tests").mkdir()
    (box.repo / "tests" / "test_ok.py").write_text("def test_ok():\n    assert True\n")
    # The user lets pushes through (the suite's static rules ask for them,
    # and nobody answers a dialog headless): the sandbox is what is tested.
    settings_path = box.repo / ".claude" / "settings.json"
    data = json.loads(settings_path.read_text())
    data["permissions"]["ask"].remove("Bash(git push:*)")
    settings_path.write_text(json.dumps(data, indent=2))
    box.commit_all()
    git(box.repo, "checkout", "-q", "-b", "feat/base")
    (box.repo / "src" / "base.txt").write_text("base\n")
    git(box.repo, "add", "src/base.txt")
    git(box.repo, "commit", "-q", "-m", "base")
    git(box.repo, "checkout", "-q", "main")
    box.checkout("feat/e2e")
    box.trust()
    py = sys.executable
    steps = [
        "git checkout -b feat/side",
        "git checkout feat/e2e",
        "echo side > src/side.txt && git add src/side.txt && git commit -qm side && echo OK",
        f"{py} -m pytest -q tests -p no:cacheprovider",
        "git merge --no-edit feat/base && echo MERGED",
        "git push origin feat/e2e && echo PUSHED",
    ]
    script = Script(main=[*ready(box), *[bash(s) for s in steps], "done"])
    try:
        run = box.run(api, "steps", script, timeout=300,
                      env={"PATH": tools_path()})
        assert run.code == 0, run.describe()
        first = len(ready(box))
        texts = [run.result_of(first + i) for i in range(len(steps))]
        assert all(not t["is_error"] for t in texts), run.describe()
        assert "OK" in texts[2]["text"] and "passed" in texts[3]["text"], run.describe()
        assert "MERGED" in texts[4]["text"] and "PUSHED" in texts[5]["text"], run.describe()
        pushed = subprocess.run(["git", "--git-dir", str(remote), "log", "--oneline",
                                 "feat/e2e"], capture_output=True, text=True)
        assert "side" in pushed.stdout and "base" in pushed.stdout, pushed
    finally:
        if not os.environ.get("PLAYGATE_E2E_KEEP"):
            shutil.rmtree(root, ignore_errors=True)
