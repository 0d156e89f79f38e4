"""Hooks answer hand-typed JSON.

The design card says the entrypoints run "directly with piped JSON for
debugging". Each entrypoint serves one event, so a payload without
``hook_event_name`` is read as that event; a PermissionRequest without
``cwd`` is judged from ``$CLAUDE_PROJECT_DIR`` (else the hook's working
directory), as seed 000's permission hook did; ``session_id`` and
``transcript_path`` are optional. A payload naming another event, or lacking
a field the event itself requires, is still malformed with a one-line reason.

Families:

* every installed entrypoint, as a subprocess, with the smallest payload a
  person would type (no ``hook_event_name``, ``cwd``, ``session_id``,
  ``transcript_path``): answered as its event, never "refused malformed";
* seed 000's regression style: ``{"tool_name": "Bash", "tool_input":
  {"command": ...}}`` piped into the permission hook from the project root,
  no ``CLAUDE_PROJECT_DIR``; the categories of seed 000's 操作別ポリシー
  (approved: read-only tools, safe git/gh, project scripts; the dialog:
  ALWAYS_ASK, subcommand_ask, shell syntax, paths outside the project);
* a hypothesis property: dropping ``hook_event_name`` (and ``cwd`` when it
  is the project root) never changes the answer of any entrypoint.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
import strategies as S
from conftest import EVENT_MODULES, claude_view
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from draws import examples

from events import runtime

ALLOW_OBJECT = {"hookSpecificOutput": {"hookEventName": "PermissionRequest",
                                       "decision": {"behavior": "allow"}}}

#: The smallest payload a person types for each event.
MINIMAL = {
    "PreToolUse": {"tool_name": "Bash", "tool_input": {"command": "ls"}},
    "PostToolUse": {"tool_name": "Bash", "tool_input": {"command": "ls"}},
    "PostToolUseFailure": {"tool_name": "Bash", "tool_input": {"command": "false"},
                           "error": "Exit code 1"},
    "PermissionRequest": {"tool_name": "Bash", "tool_input": {"command": "ls"}},
    "UserPromptSubmit": {"prompt": "hello"},
    "Stop": {},
    "SubagentStop": {},
    "SubagentStart": {},
    "SessionStart": {},
    "SessionEnd": {},
    "PreCompact": {},
    "Notification": {"message": "waiting"},
    "TaskCompleted": {},
    "TeammateIdle": {},
}


def _run(installed, event: str, payload, env_extra=None, project_dir=True, args=(), where=None):
    """Pipe ``payload`` into ``.claude/hooks/<event>.py`` from the project root
    (or from the directory ``where``), with or without ``CLAUDE_PROJECT_DIR``;
    ``(code, stdout, stderr)``."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("CLAUDE_PROJECT_DIR", "PLAYGATE_TRACE")}
    if project_dir:
        env["CLAUDE_PROJECT_DIR"] = str(installed.root)
    env.update(env_extra or {})
    script = installed.root / ".claude" / "hooks" / f"{EVENT_MODULES[event]}.py"
    data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
    proc = subprocess.run([sys.executable, str(script), *args], input=data, capture_output=True,
                          env=env, cwd=str(where or installed.root), timeout=60)
    return proc.returncode, proc.stdout.decode(), proc.stderr.decode()


# ---------------------------------------------------------------- every entrypoint
@pytest.mark.parametrize("project_dir", [True, False], ids=["CLAUDE_PROJECT_DIR", "cwd-only"])
@pytest.mark.parametrize("event", sorted(MINIMAL))
def test_minimal_payload_is_answered_as_the_entrypoints_event(installed, event, project_dir):
    code, out, err = _run(installed, event, MINIMAL[event], project_dir=project_dir)
    assert "Traceback" not in out + err, (code, out, err)
    assert "refused malformed" not in out + err, (code, out, err)
    assert "internal error" not in out + err, (code, out, err)
    assert code in (0, 2), (code, out, err)
    if out:
        body = json.loads(out)
        specific = body.get("hookSpecificOutput")
        if specific is not None:
            assert specific["hookEventName"] == event, body
    if event == "PermissionRequest":
        # `ls` in the project root: approved, exactly as with a full payload.
        assert (code, json.loads(out)) == (0, ALLOW_OBJECT), (code, out, err)
    log = installed.root / ".claude" / "logs" / "errors.log"
    assert not log.exists() or not log.read_text(), log.read_text()


def test_minimal_payload_gets_the_same_answer_as_the_full_one(installed):
    """A PreToolUse Edit typed by hand is judged like Claude Code's payload."""
    edit = {"tool_name": "Edit", "tool_input": {
        "file_path": str(installed.root / "README.md"), "old_string": "a", "new_string": "b"}}
    full = dict(edit, hook_event_name="PreToolUse", cwd=str(installed.root), session_id="",
                transcript_path="")
    assert _run(installed, "PreToolUse", edit) == _run(installed, "PreToolUse", full)
    code, out, _ = _run(installed, "PreToolUse", edit)
    assert json.loads(out)["hookSpecificOutput"]["permissionDecision"] == "deny"


@pytest.mark.parametrize("event", ["PreToolUse", "PermissionRequest", "UserPromptSubmit"])
def test_missing_required_field_is_still_malformed(installed, event):
    code, out, err = _run(installed, event, {"session_id": "s"})
    if event == "PermissionRequest":
        assert (code, out) == (0, "")  # any doubt: the dialog
        return
    code, out, reason = claude_view(event, code, out, err)  # a JSON block reads as exit 2
    assert code == 2 and out == "", (code, out, reason)
    assert len(reason.strip().splitlines()) == 1 and "refused malformed" in reason
    assert "missing required field" in reason


@pytest.mark.parametrize("event", ["PreToolUse", "Stop", "UserPromptSubmit", "SubagentStop"])
def test_another_events_name_is_still_refused(installed, event):
    payload = dict(MINIMAL[event], hook_event_name="Notification")
    code, out, err = claude_view(event, *_run(installed, event, payload))
    assert code == 2 and out == "", (code, out, err)
    assert err.count("\n") == 1 and f"this entrypoint serves {event}" in err


# ---------------------------------------------------------------- seed 000 regression style
ALLOW, DIALOG = "allow", "dialog"
#: (command, expected) in the categories of seed 000's 操作別ポリシー table.
SEED_000_STYLE = [
    # read-only utilities and files inside the project (7D)
    ("ls", ALLOW), ("ls -la src", ALLOW), ("grep -r hello src", ALLOW), ("pwd", ALLOW),
    ("cat README.md", ALLOW), ("wc -l README.md", ALLOW), ("stat README.md", ALLOW),
    ("head -5 README.md", ALLOW), ("tail -n 3 README.md", ALLOW), ("tree src", ALLOW),
    ("cat src/a.txt", ALLOW), ("diff README.md src/a.txt", ALLOW), ("du -sh src", ALLOW),
    # safe git / gh (7D)
    ("git status", ALLOW), ("git log --oneline -5", ALLOW), ("git diff", ALLOW),
    ("git add src/a.txt", ALLOW), ("git commit -m 'wip'", ALLOW), ("git branch", ALLOW),
    ("git show HEAD", ALLOW), ("gh pr view 12", ALLOW), ("gh issue list", ALLOW),
    # project scripts (6)
    ("bash scripts/build.sh", ALLOW), ("sh scripts/build.sh", ALLOW),
    ("python3 scripts/check.py", ALLOW), ("./scripts/build.sh", ALLOW),
    ("bash .claude/hooks/failclosed.sh", ALLOW),
    # safe suffixes (1.5)
    ("git status 2>&1", ALLOW), ("ls || true", ALLOW), ("git diff 2>/dev/null", ALLOW),
    # ALWAYS_ASK (7B)
    ("curl https://example.com", DIALOG), ("wget https://example.com", DIALOG),
    ("sudo ls", DIALOG), ("npm install", DIALOG), ("node x.js", DIALOG),
    ("pip install requests", DIALOG), ("ssh host", DIALOG),
    # subcommand_ask (7B2)
    ("git push origin main", DIALOG), ("git push", DIALOG), ("git clean -fd", DIALOG),
    ("git reset --hard HEAD", DIALOG), ("git checkout .", DIALOG), ("git restore .", DIALOG),
    ("gh pr merge 1", DIALOG), ("gh repo delete o/r", DIALOG), ("gh repo archive o/r", DIALOG),
    ("gh release delete v1", DIALOG),
    # shell syntax (2) and characters (1)
    ("ls | sh", DIALOG), ("cat README.md | bash", DIALOG), ("echo hi > /etc/x", DIALOG),
    ("echo $(whoami)", DIALOG), ("echo `whoami`", DIALOG), ("eval ls", DIALOG),
    ("ls\x01", DIALOG), ("ls\nrm -rf src", DIALOG),
    # paths outside the project (5, 6, 7D)
    ("cat /etc/passwd", DIALOG), ("cat ../secret", DIALOG), ("ls /", DIALOG),
    ("bash /tmp/x.sh", DIALOG), ("bash scripts/../../x.sh", DIALOG),
    ("cat ~/.ssh/id_rsa", DIALOG),
    # mutations the gate leaves to the user
    ("rm -rf src", DIALOG), ("chmod 777 README.md", DIALOG), ("python3 -c 'print(1)'", DIALOG),
]


@pytest.fixture(scope="module")
def seed_project(tmp_path_factory, installed_template):
    from conftest import Installed, copy_install, make_repo

    repo = make_repo(tmp_path_factory.mktemp("hand-typed") / "repo")
    copy_install(installed_template, repo)
    (repo / "scripts").mkdir()
    (repo / "scripts" / "build.sh").write_text("#!/bin/sh\necho hi\n")
    (repo / "scripts" / "build.sh").chmod(0o755)
    (repo / "scripts" / "check.py").write_text("print(1)\n")
    (repo / "src").mkdir(exist_ok=True)
    (repo / "src" / "a.txt").write_text("x\n")
    return Installed(repo)


def _seed_style_answer(project, command: str) -> str:
    code, out, err = _run(project, "PermissionRequest",
                          {"tool_name": "Bash", "tool_input": {"command": command}},
                          project_dir=False)
    assert code == 0 and "Traceback" not in err, (command, code, err)
    if out:
        assert json.loads(out) == ALLOW_OBJECT, (command, out)
    return ALLOW if out else DIALOG


def test_seed_000_style_minimal_payloads(seed_project):
    """Every case with the minimal payload seed 000's regression script pipes
    (no hook_event_name, no cwd, no CLAUDE_PROJECT_DIR: the hook runs in the
    project). Reading a missing cwd as the hook's own directory is what keeps every ALLOW case here out of the dialog."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(4) as pool:
        got = list(pool.map(lambda case: _seed_style_answer(seed_project, case[0]),
                            SEED_000_STYLE))
    wrong = [(cmd, want, answer) for (cmd, want), answer in zip(SEED_000_STYLE, got)
             if answer != want]
    assert not wrong, wrong


def test_seed_000_style_from_a_subdirectory_stays_inside(seed_project):
    """No cwd and no CLAUDE_PROJECT_DIR: relative paths are the hook's own
    working directory's, so `cat ../README.md` from src/ is inside."""
    env = {k: v for k, v in os.environ.items() if k != "CLAUDE_PROJECT_DIR"}
    script = seed_project.root / ".claude" / "hooks" / "permission_request.py"
    for command, want in (("cat ../README.md", ALLOW), ("cat ../../x", DIALOG)):
        proc = subprocess.run([sys.executable, str(script)], capture_output=True, env=env,
                              input=json.dumps({"tool_name": "Bash",
                                                "tool_input": {"command": command}}).encode(),
                              cwd=str(seed_project.root / "src"), timeout=60)
        assert (ALLOW if proc.stdout else DIALOG) == want, (command, proc)


@pytest.mark.parametrize("payload", [
    {"tool_name": "Edit", "tool_input": {"file_path": "{root}/src/a.txt", "old_string": "x",
                                         "new_string": "y"}},
    {"tool_name": "Write", "tool_input": {"file_path": "{root}/.claude/settings.json",
                                          "content": "{}"}},
    {"tool_name": "Read", "tool_input": {"file_path": "{root}/state.md"}},
    {"tool_name": "Bash", "tool_input": {"command": "git -C {root} status"}},
], ids=["edit-on-main", "protected-write", "read-state", "bash"])
def test_a_payload_typed_in_another_directory_is_judged_in_the_hooks_project(
        seed_project, tmp_path, payload):
    """No cwd and no CLAUDE_PROJECT_DIR, typed from a directory outside the
    project (here: another git repository): the installed hook judges its own
    project, so the answer is the one typed from the project root."""
    from conftest import make_repo

    elsewhere = make_repo(tmp_path / "elsewhere")
    body = json.loads(json.dumps(payload).replace("{root}", str(seed_project.root)))
    home = _run(seed_project, "PreToolUse", body, project_dir=False)
    away = _run(seed_project, "PreToolUse", body, project_dir=False, where=elsewhere)
    assert home[:2] == away[:2], (home, away)
    assert not (elsewhere / ".claude").exists() and not (elsewhere / "state.md").exists()


# ---------------------------------------------------------------- the property
CI = settings(max_examples=examples(60), deadline=None,
              suppress_health_check=list(HealthCheck))


@st.composite
def _payload_and_drop(draw):
    event = draw(st.sampled_from(S.EVENTS))
    obj = draw(S.well_formed_obj(event))
    drop = draw(st.sets(st.sampled_from(["hook_event_name", "cwd", "session_id",
                                         "transcript_path"]), min_size=1))
    return event, obj, drop


@CI
@given(case=_payload_and_drop())
def test_dropping_what_a_person_leaves_out_changes_nothing(ws, case):
    """For every entrypoint and any payload Claude Code could send: without
    ``hook_event_name``, with ``cwd`` left out where it was the project root
    (``CLAUDE_PROJECT_DIR`` points there), and with ``session_id`` /
    ``transcript_path`` left out where they were empty, the answer is the
    same as for the full payload (nothing applied, so both see one state)."""
    event, obj, drop = case
    root = str(ws.root)
    full = json.loads(json.dumps(obj).replace(S.ROOT, root))
    full["cwd"] = root if "cwd" in drop else full.get("cwd")
    for key in ("session_id", "transcript_path"):
        if key in drop:
            full[key] = ""
    minimal = {k: v for k, v in full.items() if k not in drop}
    env = {"CLAUDE_PROJECT_DIR": root}
    answers = [runtime.evaluate(event, json.dumps(p).encode(), env=dict(ws.env, **env),
                                apply=False)[:3] for p in (full, minimal)]
    assert answers[0] == answers[1], (event, sorted(drop), answers)
    assert "refused malformed" not in answers[1][2]
