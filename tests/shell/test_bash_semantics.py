"""The shell model matches bash where it decides.

One table per family of confirmed gaps: the shell's ``/proc/self`` and
``/dev/fd`` views, here-document delimiters in every quoting form (checked
against the real bash), variables the command changes (builtins and special
names), arithmetic contexts that evaluate a variable's value, wrappers'
bundled options and directory/login switches, variables that make a shell
run code, aliases defined in the command. Each row says what bash would do;
what the model cannot follow must come out *unknown* (never clean).

Properties: the analyser's answer never depends on the hook process's own
working directory, and every here-document delimiter spelling bash ends at
``EOF`` leaves the command after the body visible.
"""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from draws import examples

from shell import analyse

HOME = os.path.expanduser("~")


@pytest.fixture(scope="module")
def root(tmp_path_factory):
    r = tmp_path_factory.mktemp("sem") / "proj"
    (r / "src").mkdir(parents=True)
    (r / "src" / "app.py").write_text("x\n")
    (r / "state.md").write_text("x\n")
    return str(r)


def _a(command, root):
    return analyse(command, root=root, cwd=root, home=HOME)


def _flagged(a) -> bool:
    """bash-check would stop it: destructive, or unknown."""
    return bool(a.destructive) or a.unknown


# ------------------------------------------------------------ /proc and /dev/fd
PROC = [
    # (command, the absolute path bash would write, or None for unknown)
    ("cd ~ && rm -rf /proc/self/cwd/.ssh", f"{HOME}/.ssh"),
    ("cd /tmp && echo x > /proc/self/cwd/state.md", "/tmp/state.md"),
    ("rm -rf /proc/self/root/etc", "/etc"),
    ("rm -rf /proc/thread-self/cwd/x", "{root}/x"),
    ("exec 3<~; rm -rf /dev/fd/3/.ssh", None),
    ("rm -rf /proc/1/cwd/x", None),
    ("rm -rf /proc/self/fd/3/x", None),
]


@pytest.mark.parametrize("command, target", PROC)
def test_proc_paths_are_the_shells(root, command, target):
    a = _a(command, root)
    written = [w.abs for w in a.writes]
    if target is None:
        assert None in written, written
    else:
        assert target.format(root=root) in written, written


@settings(max_examples=examples(30), deadline=None)
@given(command=st.sampled_from([c for c, _t in PROC] + [
    "rm -rf src", "cat src/app.py > out.txt", "cd src && rm -rf ../build",
    "echo x > ./state.md", "tar -xf /tmp/a.tar", "ln -s /etc e && rm -rf e/",
]), where=st.sampled_from(["/", "/tmp", "~", "src"]))
def test_the_answer_never_depends_on_the_hook_process_cwd(root, command, where):
    expected = _a(command, root)
    here = os.getcwd()
    target = {"src": os.path.join(root, "src"), "~": HOME}.get(where, where)
    try:
        os.chdir(target)
        got = _a(command, root)
    finally:
        os.chdir(here)
    assert sorted(str(w.abs) for w in got.writes) == sorted(str(w.abs) for w in expected.writes)
    assert [f.message for f in got.destructive] == [f.message for f in expected.destructive]
    assert got.unknown == expected.unknown


# ------------------------------------------------------------ here-documents
SPELLINGS = [
    "EOF", "'EOF'", '"EOF"', "\\EOF", "E\\OF", "$'EOF'", "$'E\\x4fF'", "$'\\x45OF'",
    "$'\\105OF'", '$"EOF"', "E'O'F", 'E"O"F', "'E'\"O\"F", "\"E\\OF\"", "$'E'OF",
]


def _bash_ends_at_eof(spelling: str, dash: str = "") -> bool:
    """The real bash ends a here-document opened with ``<<SPELLING`` at a
    line ``EOF`` (the probe's marker is spelled so that the body never
    contains it)."""
    probe = f"cat <<{dash}{spelling}\nbody\nEOF\necho LI''VE\n"
    out = subprocess.run(["bash", "-c", probe], capture_output=True, text=True,
                         timeout=10).stdout
    return out.splitlines()[-1:] == ["LIVE"]


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash to compare with")
@pytest.mark.parametrize("spelling", SPELLINGS)
@pytest.mark.parametrize("dash", ["", "-"])
def test_heredoc_delimiters_are_read_as_bash_reads_them(root, spelling, dash):
    a = _a(f"cat <<{dash}{spelling}\nline\nEOF\nrm -rf ~\n", root)
    if _bash_ends_at_eof(spelling, dash):
        assert a.destructive, spelling   # the rm after the body runs
    else:
        assert a.commands and a.commands[0].name == "cat"


def test_most_spellings_end_at_eof():
    # the table is not vacuous: bash ends these at EOF
    if shutil.which("bash"):
        assert sum(_bash_ends_at_eof(s) for s in SPELLINGS) >= len(SPELLINGS) - 2


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash to compare with")
@settings(max_examples=examples(60), deadline=None)
@given(parts=st.lists(st.sampled_from(["E", "O", "F", "'E'", "\"O\"", "\\F", "$'F'",
                                       "$'\\x45'", "$'\\117'", "$\"O\""]),
                      min_size=1, max_size=4))
def test_any_delimiter_spelling_keeps_the_code_after_it_visible(root, parts):
    spelling = "".join(parts)
    a = _a(f"cat <<{spelling}\nbody\nEOF\nrm -rf ~\n", root)
    if _bash_ends_at_eof(spelling):
        # bash ends the body at "EOF": the analyser must see the rm after it
        assert a.destructive, spelling


# ------------------------------------------------------------ variables
VARIABLES = [
    "set -- rm -rf ~; \"$@\"",
    "set rm -rf ~; \"$@\"",
    "set -e rm -rf ~; \"$@\"",
    "set -- x rm -rf ~; shift; \"$@\"",
    "set -- a b; shift $N; rm -rf \"$1\"",
    "x=ls; getopts ab x; $x -rf ~",
    "declare -n r=x; r='rm -rf ~'; $x",
    "declare -u c=rm; $c -rf ~",
    "typeset -l c=RM; $c -rf ~",
    "local x; rm -rf \"$x\"",
    "read x; rm -rf \"$x\"",
    "printf -v x '%s' ~; rm -rf \"$x\"",
    "mapfile; rm -rf \"${MAPFILE[0]}\"",
    "COLUMNS='rm -rf /etc'; $COLUMNS",
    "LINES=/etc; rm -rf $LINES",
    "SHLVL=/etc; rm -rf $SHLVL",
    "OPTIND=/etc; rm -rf $OPTIND",
    "PWD=/etc; rm -rf $PWD",
    "HOME=/etc; rm -rf ~",
    "IFS=:; x='rm:-rf:/etc'; $x",
    "shopt -s dotglob; rm -rf *",
    "GLOBIGNORE=x; rm -rf *",
]


@pytest.mark.parametrize("command", VARIABLES)
def test_variables_the_command_changes(root, command):
    assert _flagged(_a(command, root)), command


def test_cd_updates_pwd(root):
    a = _a("PWD=/etc; cd src; rm -rf \"$PWD\"", root)
    assert [w.abs for w in a.writes] == [os.path.join(root, "src")]


# ------------------------------------------------------------ arithmetic
ARITHMETIC = [
    "x='a[$(rm -rf ~)]'; (( x ))",
    "x='a[$(rm -rf ~)]'; echo $(( x + 1 ))",
    "x='a[$(rm -rf ~)]'; [[ x -eq 0 ]]",
    "x='a[$(rm -rf ~)]'; let y=x",
    "x='a[$(rm -rf ~)]'; declare -i y=x",
    "x='a[$(rm -rf ~)]'; echo ${arr[x]}",
    "x='a[$(rm -rf ~)]'; echo ${s:x}",
    "x='a[$(rm -rf ~)]'; arr[x]=1",
    "x='a[$(rm -rf ~)]'; y=x; (( y ))",
    "x='a[$(rm -rf ~)]'; echo $[x]",
    "read x; (( x ))",
    "x=$(cat f); [[ $x -gt 1 ]]",
    "for ((i = 0; i < n; i++)); do :; done; read n; (( n ))",
]


@pytest.mark.parametrize("command", ARITHMETIC)
def test_arithmetic_evaluates_variable_values(root, command):
    assert _flagged(_a(command, root)), command


@pytest.mark.parametrize("command", [
    "for i in 1 2 3; do (( i > 1 )) && echo $i; done",
    "n=$(git status --porcelain | wc -l); (( n > 0 )) && echo dirty",
    "x=$(cat f); [[ $x == y ]] && echo same",
    "(( 1 + 2 ))",
    "count=3; (( count > 1 ))",
])
def test_ordinary_arithmetic_stays_clean(root, command):
    a = _a(command, root)
    assert not a.unknown and not a.destructive, (command, a.reasons)


# ------------------------------------------------------------ wrappers
WRAPPERS = [
    ("env -iC /etc rm -rf x", "/etc/x"),
    ("env -C/etc rm -rf x", "/etc/x"),
    ("env --chdir=/etc rm -rf x", "/etc/x"),
    ("env --ch=/etc rm -rf x", "/etc/x"),
    ("env -vS 'rm -rf /etc'", "/etc"),
    ("env -iS'rm -rf /etc'", "/etc"),
    ("sudo -D /etc rm -rf x", "/etc/x"),
    ("sudo --chdir=/etc rm -rf x", "/etc/x"),
    ("sudo -i rm -rf .ssh", None),
    ("sudo --login rm -rf .ssh", None),
    ("su - -c 'rm -rf .ssh'", None),
    ("su -l alice -c 'rm -rf .ssh'", None),
    ("runuser -l alice -c 'rm -rf .ssh'", None),
    ("systemd-run --working-directory=/etc rm -rf x", "/etc/x"),
    ("unshare -w /etc rm -rf x", "/etc/x"),
]


@pytest.mark.parametrize("command, target", WRAPPERS)
def test_wrapper_switches(root, command, target):
    a = _a(command, root)
    written = [w.abs for w in a.writes]
    if target is None:
        assert None in written or a.unknown, (command, written)
    else:
        assert target in written, (command, written)
    assert _flagged(a)


@pytest.mark.parametrize("command", [
    "nsenter -t 1 -m rm -rf x", "chroot /mnt rm -rf x", "env --frobnicate rm x",
    "su -s /usr/bin/python3 -c 'x'", "unshare -R /mnt rm -rf x",
])
def test_wrappers_that_change_the_file_system_view_are_unknown(root, command):
    assert _a(command, root).unknown, command


# ------------------------------------------------------------ start-up variables
STARTUP = [
    "export BASH_ENV=/tmp/x.sh; bash -c ls",
    "BASH_ENV=/tmp/x.sh bash -c ls",
    "export ENV=/tmp/x.sh; sh -i",
    "PS4='$(rm -rf ~)'; set -x; ls",
    "PS4='$(rm -rf ~)' bash -xc ls",
    "export PROMPT_COMMAND='rm -rf ~'; bash -i",
    "SHELLOPTS=xtrace PS4='$(id)' bash -c ls",
]


@pytest.mark.parametrize("command", STARTUP)
def test_variables_that_make_a_shell_run_code(root, command):
    a = _a(command, root)
    assert a.carriers or a.scripts, command
    assert not a.read_only


def test_bash_env_file_is_a_script_run(root):
    a = _a("export BASH_ENV=./evil.sh; bash -c ls", root)
    assert any(p == os.path.join(root, "evil.sh") for _c, p in a.scripts)


# ------------------------------------------------------------ aliases
ALIASES = [
    ("alias g=git\ng reset --hard", "git-history"),
    ("alias r='rm -rf'\nr ~/x", "rm-recursive"),
    ("alias a=b\nalias b='rm -rf'\na ~", "rm-recursive"),
    ("alias g='git -C /tmp'\ng push --force", "force-push"),
    ("shopt -s expand_aliases\nalias x='rm -rf /'\nx", "rm-recursive"),
]


@pytest.mark.parametrize("command, family", ALIASES)
def test_aliases_defined_in_the_command_are_expanded(root, command, family):
    a = _a(command, root)
    assert family in [f.kind for f in a.destructive], (command, a)


def test_quoted_or_escaped_name_is_not_an_alias(root):
    for command in ("alias ls='ls -la'\n\\ls src", "alias ls='ls -la'\n'ls' src",
                    "alias ls='ls -la'\nunalias ls\nls src"):
        a = _a(command, root)
        assert not any(w.startswith("alias ") for c in a.commands for w in c.wrappers), command
    a = _a("alias ls='ls -la'\nls src", root)
    assert any("alias ls" in c.wrappers for c in a.commands)


# --------------------------------------------------- $'...' in unquoted contexts
# An array assignment, a case pattern and [[ ... ]] take $'...' strings, whose
# \' does not end them: the command after the construct must stay visible.
_ANSI_BODY = st.lists(st.sampled_from(["a", "b", ")", "]]", "(", "|", " ", "\\'", "\\\\", "\\n",
                                       "\\x41", '"', "$", "esac", ";;"]),
                      min_size=1, max_size=8).map("".join)
_ANSI_CONTEXTS = ["arr=($'{b}' x); rm -rf /", "case y in $'{b}') true;; esac; rm -rf /",
                  "[[ $'{b}' == y ]]; rm -rf /"]


@settings(max_examples=examples(60), deadline=None)
@given(body=_ANSI_BODY, context=st.sampled_from(_ANSI_CONTEXTS))
def test_ansi_c_strings_in_unquoted_constructs_end_where_bash_ends_them(root, body, context):
    command = context.format(b=body)
    if shutil.which("bash"):
        assert subprocess.run(["bash", "-n", "-c", command], capture_output=True).returncode == 0
    a = _a(command, root)
    assert [f.kind for f in a.destructive] == ["rm-recursive"] and not a.unknown, \
        (command, a.reasons)
