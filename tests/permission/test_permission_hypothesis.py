"""Properties of the permission gate (hypothesis).

* No command containing any phase-2 syntax is ever approved.
* Arbitrary JSON, and arbitrary bytes, never crash it and never approve
  anything but a well-formed Bash request.

Most examples run in-process through ``events.runtime.evaluate`` (the same
code path as the hook); a smaller sample goes through the installed
entrypoint as a subprocess.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from draws import examples

from events.runtime import evaluate

HC = [HealthCheck.function_scoped_fixture]
ALLOW_JSON = {"hookSpecificOutput": {"hookEventName": "PermissionRequest",
                                     "decision": {"behavior": "allow"}}}

#: Phase 2 (SPEC §5): every piece of syntax the gate refuses.
SYNTAX = [";", "|", "||", "&", "&&", "<", ">", ">>", "2>", "<<", "<<<", "$(", "`", "$X", "${",
          "$[", "$((", "$'", "~", "*", "?", "[", "]", "{", "}", "(", ")", " #", "|&", "&>"]
#: Commands the gate approves as they are (so only the inserted syntax can
#: be the reason for a dialog).
BASES = ["ls", "ls src", "cat README.md", "git status", "git log --oneline", "bash scripts/b.sh",
         "./scripts/b.sh", "python3 scripts/b.py", "echo hi", "wc -l README.md", "grep x src"]
WORD = st.text(alphabet="abcxyz019_-./=:,@+% ", max_size=12)


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    root = tmp_path_factory.mktemp("hyp")
    for rel in ("scripts/b.sh", "scripts/b.py", "src/a.py", "README.md"):
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        # Content phase 6 reads as it reads a command line: known and harmless.
        path.write_text("print('ok')\n" if rel.endswith(".py") else "echo built\n")
    return root


def run(project, body) -> tuple:
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    code, out, err, _ = evaluate("PermissionRequest", data, env={"HOME": "/nonexistent"},
                                 root=str(project))
    return code, out, err


def request(project, command) -> dict:
    return {"hook_event_name": "PermissionRequest", "tool_name": "Bash", "cwd": str(project),
            "session_id": "hyp", "tool_input": {"command": command}}


def test_the_bases_are_approved(project):
    for base in BASES:
        _, out, _ = run(project, request(project, base))
        assert json.loads(out) == ALLOW_JSON, base


@st.composite
def with_syntax(draw):
    """A base command with one piece of phase-2 syntax inserted anywhere
    before a final plain word (so no safe suffix can be stripped)."""
    base = draw(st.sampled_from(BASES))
    element = draw(st.sampled_from(SYNTAX))
    at = draw(st.integers(min_value=0, max_value=len(base)))
    around = draw(WORD)
    return base[:at] + element + around + base[at:] + " README.md"


@st.composite
def leading_assignment(draw):
    name = draw(st.text(alphabet="ABCXYZ_", min_size=1, max_size=6))
    value = draw(WORD.filter(lambda w: " " not in w))
    return f"{name}={value} {draw(st.sampled_from(BASES))}"


@st.composite
def quoted_command_word(draw):
    base = draw(st.sampled_from(BASES))
    first, _, rest = base.partition(" ")
    at = draw(st.integers(min_value=0, max_value=len(first)))
    quote = draw(st.sampled_from(["'", '"', "\\", "''", '""']))
    return f"{first[:at]}{quote}{first[at:]} {rest}".rstrip()


SYNTAX_COMMANDS = st.one_of(with_syntax(), leading_assignment(), quoted_command_word())


@settings(max_examples=examples(600), deadline=None, suppress_health_check=HC)
@given(command=SYNTAX_COMMANDS)
def test_no_phase2_syntax_is_ever_approved(project, command):
    code, out, err = run(project, request(project, command))
    assert code == 0 and err == ""
    assert out == "", command


@settings(max_examples=examples(300), deadline=None, suppress_health_check=HC)
@given(prefix=st.text(max_size=20), suffix=st.text(max_size=20),
       element=st.sampled_from(SYNTAX + ["\n", "\r", "\t", "\x00", "\u00a0", "\u2028"]))
def test_syntax_anywhere_in_arbitrary_text_is_never_approved(project, prefix, suffix, element):
    command = prefix + element + suffix + " README.md"
    code, out, err = run(project, request(project, command))
    assert (code, out, err) == (0, "", ""), command


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=12), inner,
                                                                max_size=5),
    max_leaves=25,
)
KEYS = ["hook_event_name", "tool_name", "tool_input", "cwd", "session_id", "permission_mode",
        "transcript_path", "permission_suggestions"]


@st.composite
def near_payloads(draw):
    """Objects shaped like a PermissionRequest with arbitrary values."""
    body = {}
    for key in KEYS:
        if draw(st.booleans()):
            body[key] = draw(JSON)
    if draw(st.booleans()):
        body["hook_event_name"] = "PermissionRequest"
    if draw(st.booleans()):
        body["tool_name"] = draw(st.sampled_from(["Bash", "Write", "Edit", "", "bash", "Read"]))
    if draw(st.booleans()):
        body["tool_input"] = {"command": draw(st.text(max_size=40) | JSON)}
    return body


def _approval_is_well_formed(body) -> bool:
    return (isinstance(body, dict) and body.get("hook_event_name") == "PermissionRequest"
            and body.get("tool_name") == "Bash" and isinstance(body.get("tool_input"), dict)
            and isinstance(body["tool_input"].get("command"), str))


@settings(max_examples=examples(400), deadline=None, suppress_health_check=HC)
@given(body=st.one_of(JSON, near_payloads()))
def test_arbitrary_json_never_crashes_or_approves(project, body):
    code, out, err = run(project, body)
    assert code == 0 and err == ""
    if out:
        assert json.loads(out) == ALLOW_JSON
        assert _approval_is_well_formed(body), body


@settings(max_examples=examples(200), deadline=None, suppress_health_check=HC)
@given(data=st.binary(max_size=200))
def test_arbitrary_bytes_never_crash_or_approve(project, data):
    code, out, err = run(project, data)
    assert (code, out, err) == (0, "", "")


# ---------------------------------------------------------------- through the installed hook
@pytest.mark.subprocess_sample
@settings(max_examples=25, deadline=None, suppress_health_check=HC)
@given(command=SYNTAX_COMMANDS)
def test_installed_hook_never_approves_phase2_syntax(hook_repo, command):
    installed, _ = hook_repo
    result = installed.hook("PermissionRequest", tool_name="Bash",
                            tool_input={"command": command})
    assert (result.code, result.stdout) == (0, ""), (command, result)
    assert "Traceback" not in result.stderr


@pytest.mark.subprocess_sample
@settings(max_examples=20, deadline=None, suppress_health_check=HC)
@given(body=st.one_of(JSON, near_payloads()))
def test_installed_hook_survives_arbitrary_json(hook_repo, body):
    installed, _ = hook_repo
    result = installed.entrypoint("PermissionRequest", json.dumps(body).encode())
    assert result.code == 0 and "Traceback" not in result.stderr, result
    if result.stdout:
        assert json.loads(result.stdout) == ALLOW_JSON
        assert _approval_is_well_formed(body), body


@pytest.fixture(scope="module")
def hook_repo(tmp_path_factory):
    from conftest import Installed, install, make_repo

    root = make_repo(tmp_path_factory.mktemp("hyp-hook") / "repo")
    proc = install(root)
    assert proc.returncode == 0, proc.stderr
    (root / "scripts").mkdir()
    (root / "scripts" / "b.sh").write_text("echo built\n")  # a script phase 6 can read
    installed = Installed(root)
    ok = installed.hook("PermissionRequest", tool_name="Bash",
                        tool_input={"command": "bash scripts/b.sh"})
    assert json.loads(ok.stdout) == ALLOW_JSON  # the property is not vacuous
    return installed, True
