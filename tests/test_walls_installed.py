"""The shell analysis's walls as properties through the installed hooks.

Each property pipes Claude Code's JSON into the installed hook as a
subprocess (``Installed.hook``), as Claude Code does:

* long options as the program reads them: an unambiguous prefix of an
  option that writes a file is judged as the option by PreToolUse (same
  exit code, same guard) and never approved by the permission gate;
* interpreter code: inline code holding one construct the analysis cannot
  establish (a computed call, a directory change, a database driver, a call
  outside the known set) is never approved, wherever it sits in the program;
  a program fed on standard input is its text;
* git and the environment: a carrier variable (the trace family, the
  configuration variables, the dynamic loader, a PATH into the project or
  with a relative or empty entry) in the command, or a relative or empty PATH
  entry in the hook's own environment, is never approved; an absolute entry
  the user set up is no carrier.

The other items have theirs next to their code: other tools judged by path
(tests/test_other_tool_routes.py), the import path
(tests/test_hook_import_path.py), phase 6's scripts
(tests/permission/test_permission_scripts.py).
"""

from __future__ import annotations

import json
import os
import re
import shlex

import pytest
from bashenv import make_workspace
from hypothesis import example, HealthCheck, assume, given, settings
from hypothesis import strategies as st

from shell import longopts

#: Options that write the file (or into the directory) they name.
WRITING = [
    ("sort", "--output", "sort {opt}={target} README.md"),
    ("shuf", "--output", "shuf {opt}={target} README.md"),
    ("cp", "--target-directory", "cp {opt}={target} README.md"),
    ("mv", "--target-directory", "mv {opt}={target} README.md"),
    ("ln", "--target-directory", "ln {opt}={target} README.md"),
    ("install", "--target-directory", "install {opt}={target} README.md"),
    ("curl", "--output", "curl {opt} {target} https://example.com/x"),
    ("wget", "--output-document", "wget {opt}={target} https://example.com/x"),
    ("git archive", "--output", "git archive {opt}={target} HEAD"),
    ("git format-patch", "--output-directory", "git format-patch {opt}={target} -1"),
]
#: The gate's files, and a directory of them, as the agent may spell them.
FILES = [".claude/settings.json", ".claude/protected-files.txt", ".claude/playgate-pin.json",
         ".claude/permission-config.yaml", ".claude/hooks/_bootstrap.py"]
DIRS = [".claude/hooks", ".claude/guards", ".claude/playgate"]
EXAMPLES = settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))


@pytest.fixture(scope="module")
def repo(tmp_path_factory):
    """An installed repository with an active, reviewed playbook and the
    session's gates open (tests/bashenv.py): what is judged is the command."""
    return make_workspace(tmp_path_factory.mktemp("walls"))


def _pre(inst, command: str, env=None) -> tuple:
    """``(exit code, guards named in the answer)`` of the installed PreToolUse
    hook, as Claude Code acts on them (a JSON deny reads as exit 2)."""
    res = inst.hook("PreToolUse", tool_name="Bash", tool_input={"command": command}, env=env)
    assert "Traceback" not in res.raw_stderr, res
    return res.code, sorted(set(re.findall(r"\[playgate:([\w-]+)\]", res.stderr)))


def _approved(inst, command: str, env=None) -> bool:
    res = inst.hook("PermissionRequest", tool_name="Bash", tool_input={"command": command},
                    env=env)
    assert res.exit_code == 0 and "Traceback" not in res.raw_stderr, res
    if not res.stdout.strip():
        return False
    return json.loads(res.stdout)["hookSpecificOutput"]["decision"]["behavior"] == "allow"


def _prefixes(program: str, option: str) -> list:
    if program in longopts.EXACT:
        return [option]  # exact names only (git format-patch...): the full spelling is the one
    options = longopts.table(program)
    return [option[:k] for k in range(3, len(option))
            if option[:k] not in options
            and [o for o in options if o.startswith(option[:k])] == [option]]


# ------------------------------------------------------------------ options as the program reads them

@st.composite
def _abbreviated(draw):
    program, option, form = draw(st.sampled_from(WRITING))
    prefixes = _prefixes(program, option)
    assume(prefixes)
    prefix = draw(st.sampled_from(prefixes))
    targets = DIRS if "directory" in option else FILES
    target = draw(st.sampled_from(targets))
    spelling = draw(st.sampled_from(["{t}", "./{t}", "$PWD/{t}"]))
    return form, option, prefix, spelling.format(t=target)


@EXAMPLES
@given(case=_abbreviated())
@example(case=("git format-patch {opt}={target} -1", "--output-directory",
               "--output-directory", ".claude/hooks"))  # '=' form once not read as a write
def test_an_abbreviated_writing_option_is_judged_as_the_option(repo, case):
    form, option, prefix, target = case
    full = form.format(opt=option, target=target)
    short = form.format(opt=prefix, target=target)
    code_full, guards_full = _pre(repo, full)
    assert code_full == 2, (full, guards_full)
    assert _pre(repo, short) == (code_full, guards_full), (short, full)
    assert not _approved(repo, short), short


# ------------------------------------------------------------------ interpreter code: known or unknown

KNOWN_LINES = ["x = 1", "print('hello')", "y = [i * 2 for i in range(3)]", "print(len('abc'))",
               "z = {'a': 1}", "print(sorted([3, 1, 2]))"]
UNKNOWN_LINES = [
    "getattr(__import__('o' + 's'), 'sys' + 'tem')('id')",          # computed call
    "import os; os.chdir('.claude')",                               # changes its directory
    "import sqlite3; sqlite3.connect('app.db').execute('DROP TABLE t')",  # database driver
    "import shutil; shutil.rmtree('src')",                          # outside the known set
    "f = globals()['__builtins__']",                                # computed name
    "exec(input())",                                                # code from outside
    "import subprocess; subprocess.run(['sh'])",                    # runs a program
    "open('out.txt', 'w').write('x')",                              # writes a file
]


@EXAMPLES
@given(before=st.lists(st.sampled_from(KNOWN_LINES), max_size=3),
       bad=st.sampled_from(UNKNOWN_LINES),
       after=st.lists(st.sampled_from(KNOWN_LINES), max_size=2),
       how=st.sampled_from(["python3 -c {q}", "python3 - <<'EOF'\n{raw}\nEOF",
                            "python3 /dev/stdin <<< {q}", "echo {q} | python3 -"]))
def test_one_unknown_construct_makes_inline_code_unapprovable(repo, before, bad, after, how):
    program = "\n".join(before + [bad] + after)
    command = how.format(q=shlex.quote(program), raw=program)
    assert not _approved(repo, command), command


@EXAMPLES
@given(lines=st.lists(st.sampled_from(KNOWN_LINES), min_size=1, max_size=4))
def test_known_inline_code_passes(repo, lines):
    """The other side: a program the analysis establishes (known calls
    only) writes nothing, so PreToolUse lets it through without a playbook."""
    command = "python3 -c " + shlex.quote("\n".join(lines))
    assert _pre(repo, command) == (0, []), command


# ------------------------------------------------------------------ git and the environment

TRACE = ["GIT_TRACE", "GIT_TRACE2", "GIT_TRACE2_EVENT", "GIT_TRACE2_PERF", "GIT_TRACE_PACKET",
         "GIT_TRACE_PERFORMANCE", "GIT_TRACE_SETUP", "GIT_TRACE_CURL", "GIT_TRACE_REFS"]
CARRIERS = (
    [f"{name}={{t}}" for name in TRACE]
    + ["GIT_INDEX_FILE={t}",
       "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.fsmonitor GIT_CONFIG_VALUE_0=./x",
       "GIT_CONFIG_GLOBAL=./x.cfg", "GIT_CONFIG=./x.cfg", "GIT_EXEC_PATH=./bin",
       "GIT_SSH_COMMAND=./x", "GIT_EXTERNAL_DIFF=./x", "GIT_PAGER=./x",
       "LD_PRELOAD=./x.so", "LD_LIBRARY_PATH=./lib", "PATH=./bin:$PATH", "PATH=:$PATH",
       "PATH=$PATH:", "PATH=bin:$PATH", "PATH=$PWD/bin:$PATH"])


@EXAMPLES
@given(carrier=st.sampled_from(CARRIERS), target=st.sampled_from(FILES),
       form=st.sampled_from(["{a} git status", "export {a}; git status", "env {a} git status",
                             "{a} git log -1", "( {a} git diff )"]))
def test_a_carrier_in_the_command_is_never_approved(repo, carrier, target, form):
    command = form.format(a=carrier.format(t=target))
    assert not _approved(repo, command), command


@EXAMPLES
@given(name=st.sampled_from(TRACE + ["GIT_INDEX_FILE"]), target=st.sampled_from(FILES),
       spelling=st.sampled_from(["{t}", "./{t}", "$PWD/{t}"]))
def test_a_trace_variable_naming_a_gate_file_is_blocked(repo, name, target, spelling):
    command = f"{name}={spelling.format(t=target)} git status"
    code, _guards = _pre(repo, command)
    assert code == 2, command


_entry = st.sampled_from(["", ".", "bin", "./bin", "node_modules/.bin", "src/../bin"])


@EXAMPLES
@given(bad=_entry, at=st.integers(min_value=0, max_value=20))
def test_a_relative_or_empty_path_entry_in_the_hooks_environment_is_a_carrier(repo, bad, at):
    entries = os.environ["PATH"].split(os.pathsep)
    at = min(at, len(entries))
    path = os.pathsep.join(entries[:at] + [bad] + entries[at:])
    assert not _approved(repo, "git status", env={"PATH": path}), path


@EXAMPLES
@given(extra=st.lists(st.sampled_from(["/opt/tools/bin", "/usr/local/sbin", "/home/u/.local/bin",
                                       "/srv/venv/bin"]), min_size=1, max_size=3))
def test_absolute_path_entries_the_user_set_up_are_not_carriers(repo, extra):
    path = os.pathsep.join(extra + [os.environ["PATH"]])
    assert _approved(repo, "git status", env={"PATH": path}), path



@pytest.mark.parametrize("command", ["git status", "git log -1", "git diff"])
def test_the_commands_alone_are_approved(repo, command):
    """The control of the carrier property: the command under the variable
    is one the gate approves."""
    assert _approved(repo, command), command
