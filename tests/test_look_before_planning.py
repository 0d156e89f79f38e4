"""A look before planning: the human's declared project_commands (tests,
lint) run before a playbook exists — through the prompt-analyzer gate,
init-guard, main-branch and bash-check — and the permission gate approves
them, while every writing command stays behind the playbook, however it is
spelled: a declared prefix followed by ``; rm -rf``, a redirection,
``$(...)``, a wrapper, an option that writes files (``--junitxml``,
``--basetemp``, ``-p plugin``, ``-o``, ``--fix``), a path into the
workflow's state or outside the project.
"""

from __future__ import annotations

import json
import os
import re

import pytest
from conftest import git
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from draws import examples

from workflow import looking

DECLARED = ["pytest", "python -m pytest", "ruff check", "npm test"]
CONFIG = "project_commands:\n" + "".join(f"  - {c}\n" for c in DECLARED)


@pytest.fixture(scope="module")
def repo(tmp_path_factory):
    """An installed project on main, no playbook, a session just started
    (state.md not read yet), the commands declared."""
    from conftest import install, make_repo

    root = make_repo(tmp_path_factory.mktemp("look") / "repo")
    assert install(root).returncode == 0
    (root / ".claude/permission-config.yaml").write_text(CONFIG)
    (root / "tests").mkdir()
    (root / "tests/test_a.py").write_text("def test_a():\n    pass\n")
    (root / "src").mkdir()
    (root / "src/app.py").write_text("x = 1\n")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "project")
    return root


def _env(root):
    return dict(os.environ, CLAUDE_PROJECT_DIR=str(root))


def _payload(root, event, **fields):
    base = {"session_id": "s", "transcript_path": str(root / "t.jsonl"), "cwd": str(root),
            "hook_event_name": event}
    if event in ("PreToolUse", "PermissionRequest"):
        base["permission_mode"] = "default"
    base.update(fields)
    return base


def pre(root, command):
    from events.runtime import evaluate

    data = json.dumps(_payload(root, "PreToolUse", tool_name="Bash",
                               tool_input={"command": command}, tool_use_id="t")).encode()
    code, out, err, _ = evaluate("PreToolUse", data, env=_env(root), root=str(root))
    return code, out + err


@pytest.fixture(scope="module")
def started(repo):
    from events.runtime import evaluate

    evaluate("SessionStart", json.dumps(_payload(repo, "SessionStart", source="startup"))
             .encode(), env=_env(repo), root=str(repo))
    assert (repo / ".claude/.session-init/pending").exists()
    return repo


LOOKS = [
    "pytest", "pytest -q", "pytest -q tests", "pytest -x -q tests/test_a.py::test_a",
    "pytest -k 'not slow' -m unit -n 2", "pytest --tb=short -rA --lf", "pytest -p no:cacheprovider",
    "python -m pytest -q", "python -m pytest tests --maxfail 1", "ruff check", "ruff check src",
    "ruff check --statistics --select E,F src", "npm test", "pytest -q 2>&1", "pytest -q || true",
]

NOT_LOOKS = [
    # shell syntax after a declared prefix
    "pytest -q; rm -rf src", "pytest -q && touch src/x.py", "pytest -q | tee src/app.py",
    "pytest > src/app.py", "pytest -q 2> state.md", "pytest $(touch src/x)", "pytest `touch x`",
    "pytest -q & rm -rf src", "PYTHONPATH=src pytest", "pytest src/*.py",
    # wrappers and other command words
    "env pytest", "timeout 60 pytest", "sudo pytest", "nice pytest", "xargs pytest",
    "bash -c 'pytest'", "pytest-watch", "python -m pytest_cov", "python -c 'import pytest'",
    "npm install", "npm test -- --watch", "npm test --ignore-scripts=false",
    # options that write
    "pytest --junitxml=src/app.py", "pytest --junit-xml src/app.py", "pytest --basetemp=src",
    "pytest --basetemp src", "pytest -p pytest_html --html=src/app.py", "pytest -p xdist",
    "pytest -o cache_dir=src", "pytest --override-ini=cache_dir=src", "pytest --log-file=state.md",
    "pytest --resultlog=x", "pytest --cov-report=html:src", "pytest --debug=src/app.py",
    "pytest --pastebin=all", "pytest -c /etc/passwd", "pytest --rootdir=/tmp",
    "ruff check --fix", "ruff check --unsafe-fixes src", "ruff check --output-file src/app.py",
    "ruff check --add-noqa", "ruff format", "ruff check -o x",
    # paths into the state or out of the project
    "pytest state.md", "pytest play/x/progress.json", "pytest play", "pytest ../outside",
    "pytest /etc", "pytest .claude/hooks", "pytest .git", "pytest ~/x",
    "pytest --ignore=play", "pytest --deselect=state.md",
]


@pytest.mark.parametrize("command", LOOKS)
def test_a_look_runs_before_a_playbook_on_main_before_the_state_is_read(started, command):
    code, text = pre(started, command)
    assert code == 0 and "deny" not in text, (command, text)


@pytest.mark.parametrize("command", NOT_LOOKS)
def test_a_writing_command_stays_behind_the_playbook(started, command):
    code, text = pre(started, command)
    assert code == 2 or '"deny"' in text, (command, text)


def test_through_the_installed_hooks_and_the_permission_gate(started):
    """As Claude Code runs them: PreToolUse lets it through, and the
    permission gate approves it (no dialog, headless)."""
    from conftest import Installed

    inst = Installed(started)
    for command in ("pytest -q", "python -m pytest -q tests"):
        result = inst.tool("Bash", {"command": command})
        assert not result.blocked, (command, result)
        decision = inst.hook("PermissionRequest", tool_name="Bash",
                             tool_input={"command": command})
        assert '"behavior": "allow"' in decision.stdout, (command, decision)
    refused = inst.tool("Bash", {"command": "pytest --junitxml=src/app.py"})
    assert refused.blocked, refused


def test_nothing_is_marked_by_a_look(started):
    """A look does not count as the analysis or the state read."""
    pre(started, "pytest -q")
    assert not (started / ".claude/session-state/prompt-analyzer-called").exists()
    assert (started / ".claude/.session-init/pending").exists()


def test_undeclared_tests_are_refused_with_words_naming_project_commands(tmp_path):
    from conftest import install, make_repo

    root = make_repo(tmp_path / "repo")
    assert install(root).returncode == 0
    for command in ("pytest -q", "npm test", "make test", "cargo test"):
        code, text = pre(root, command)
        assert code == 2 or '"deny"' in text, command
        assert "project_commands" in text and "headless" in text, (command, text)
    code, text = pre(root, "touch x")
    assert "project_commands" not in text


def test_the_permission_gates_dialog_says_it_is_not_answered_headless():
    from events.explain import explain

    text = explain("pytest -q", os.getcwd(), os.getcwd())[0]
    assert "headless" in text and "project_commands" in text, text


# ------------------------------------------------------------------ properties

#: Pieces an attacker appends to a declared prefix.
ATTACK_PIECES = (
    ";", "&&", "|", "&", ">", ">>", "2>", "<", "$(", ")", "`", "${X}", "$X", "*", "?",
    "--junitxml=x.xml", "--basetemp", "-p", "-o", "--fix", "--output-file", "state.md",
    "play/", "../", "/etc", "~", ".claude", ".git",
    "--html=x", "--log-file=x", "-c", "--rootdir=.", "--cov-report=html", "--debug",
)
ATTACK = st.sampled_from(ATTACK_PIECES)
ATTACK_SET = frozenset(ATTACK_PIECES)
READ = st.sampled_from(["-q", "-x", "-v", "tests", "tests/test_a.py", "-k", "name", "--lf",
                        "-rA", "--tb=short", "-n", "2", "src"])


#: Options of :data:`READ` whose value is the next word: pytest's ``-k``
#: expression and xdist's ``-n`` count. Neither is ever opened as a path.
VALUED = frozenset({"-k", "-n"})


def attacking(tail: list) -> bool:
    """Whether ``tail`` holds a piece of :data:`ATTACK_PIECES` that writes,
    runs or reaches elsewhere. A word the shell passes as it is (no
    operator, expansion or option) right after a :data:`VALUED` option is
    that option's value, not a path: ``pytest -k play/`` selects tests."""
    for i, piece in enumerate(tail):
        if piece not in ATTACK_SET:
            continue
        literal = re.fullmatch(r"[\w./]+", piece) is not None
        if not (i > 0 and tail[i - 1] in VALUED and literal):
            return True
    return False


@settings(max_examples=examples(120), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(prefix=st.sampled_from(["pytest", "python -m pytest"]),
       tail=st.lists(st.one_of(ATTACK, READ), min_size=1, max_size=5))
@example(prefix="pytest", tail=["-k", "play/"])        # found by the explore profile
@example(prefix="pytest", tail=["-k", "play/", ";"])
def test_no_tail_with_a_writing_piece_is_a_look(started, prefix, tail):
    """A declared prefix followed by anything that writes, runs or reaches
    elsewhere is refused before a playbook, in any order and company."""
    command = " ".join([prefix, *tail])
    code, text = pre(started, command)
    if attacking(tail):
        assert code == 2 or '"deny"' in text, (command, text)



@settings(max_examples=examples(60), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(prefix=st.sampled_from(["pytest", "python -m pytest"]),
       tail=st.lists(st.sampled_from(["-q", "-x", "-v", "tests", "tests/test_a.py", "--lf",
                                      "-rA", "--tb=short", "-k name", "-n 2"]), max_size=4))
def test_reading_arguments_keep_it_a_look(started, prefix, tail):
    command = " ".join([prefix, *tail])
    code, text = pre(started, command)
    assert code == 0 and "deny" not in text, (command, text)


@given(st.lists(st.text(st.sampled_from("abc-=/.:"), min_size=1, max_size=8), max_size=6))
def test_the_argument_reader_never_raises_and_unknown_runners_take_no_arguments(args):
    assert looking.read_only_args("npm test", args, "/p", "/p") is (not args)
    looking.read_only_args("pytest", args, "/p", "/p")
