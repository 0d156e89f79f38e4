"""git and the environment: carriers everywhere.

Variables that make git write files or read another configuration (the
``GIT_TRACE`` family, ``GIT_INDEX_FILE``, ``GIT_CONFIG*``, includes read from
the file they name), the dynamic loader, and a ``PATH`` that finds a program
of the project are judged in bash-check (the file written, the program run),
never approved by the permission gate, and dropped from every git a hook
runs (statefiles/gitwork.py). A hard link or a copy-with-links of a protected
file is a write to it: compared by file identity, not only by name.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from bashenv import make_workspace
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from draws import examples

from statefiles import gitwork

TRACE_NAMES = ["GIT_TRACE", "GIT_TRACE2", "GIT_TRACE2_EVENT", "GIT_TRACE2_PERF",
               "GIT_TRACE_PACKET", "GIT_TRACE_PERFORMANCE", "GIT_TRACE_SETUP",
               "GIT_TRACE_CURL", "GIT_TRACE_PACK_ACCESS", "GIT_TRACE_SHALLOW", "GIT_TRACE_REFS"]
PROTECTED = [".claude/settings.json", ".claude/protected-files.txt", ".claude/hooks/_bootstrap.py",
             ".claude/permission-config.yaml", "state.md", "play/demo/progress.json"]


@pytest.fixture(scope="module")
def ws(tmp_path_factory):
    w = make_workspace(tmp_path_factory.mktemp("gitenv"))
    os.link(w.root / ".claude" / "protected-files.txt", w.root / "innocent.txt")
    (w.root / "evil.cfg").write_text('[core]\n\tfsmonitor = "rm -rf /"\n')
    (w.root / "ok.cfg").write_text("[user]\n\tname = someone\n")
    (w.root / "nested.cfg").write_text("[include]\n\tpath = evil.cfg\n")
    (w.root / "strange.cfg").write_text("core.fsmonitor x\n")
    return w


BLOCK = [
    # the trace family writes the file it names, in every spelling
    "GIT_TRACE=$PWD/.claude/settings.json git status",
    "GIT_TRACE2_EVENT=.claude/settings.json git log -1",
    "env GIT_TRACE_PACKET=$PWD/state.md git fetch",
    "export GIT_TRACE2=$PWD/.claude/hooks; git status",
    "GIT_TRACE=$X git status",
    "GIT_INDEX_FILE=.claude/settings.json git add README.md",
    # includes are read from the file they name
    "git -c include.path=evil.cfg status",
    "git -c includeIf.onbranch:feat/demo.path=evil.cfg status",
    "git -c include.path=nested.cfg status",
    "git -c include.path=missing.cfg status",
    "git -c include.path=strange.cfg status",
    "git -c include.path=$CFG status",
    "printf '[core]\\nfsmonitor=x\\n' > new.cfg; git -c include.path=new.cfg status",
    "GIT_CONFIG_GLOBAL=evil.cfg git status",
    "git config include.path evil.cfg",
    # a PATH that finds a program of the project runs that program
    "mkdir -p bin && printf 'rm -rf /\\n' > bin/git && PATH=./bin:$PATH git status",
    "printf 'rm -rf /\\n' > git && PATH=.:$PATH git status",
    "printf 'rm -rf /\\n' > tool && export PATH=$PWD:$PATH; tool",
    # the dynamic loader runs the program it is given
    "/lib64/ld-linux-x86-64.so.2 /bin/rm -rf /",
    "printf 'rm -rf /' > p.sh; /lib64/ld-linux-x86-64.so.2 /bin/sh p.sh",
    # hard links and copies with links are the protected file
    "echo x >> innocent.txt",
    "ln innocent.txt again.txt",
    "cp -al .claude/guards g",
    "cp -l .claude/settings.json s.json",
    "cp --link .claude/protected-files.txt p.txt",
    "cp -r --link .claude/hooks h",
]
ALLOW = [
    "GIT_TRACE=1 git status",
    "GIT_TRACE=true git log -1",
    "GIT_TRACE2_EVENT=/tmp/trace.json git status",
    "git -c include.path=ok.cfg status",
    "PATH=/usr/local/bin:$PATH git status",
    "export PATH=\"$HOME/.local/bin:$PATH\" && ls",
    "cp -a src s2",
    "ln -s src/app.py link.py",
    "git status",
]


def test_carrier_rows_are_blocked(ws):
    answers = ws.decide_many(BLOCK)
    for cmd, (code, err) in zip(BLOCK, answers):
        assert code == 2, (cmd, err)


def test_must_stay_allowed(ws):
    answers = ws.decide_many(ALLOW)
    for cmd, (code, err) in zip(ALLOW, answers):
        assert code == 0, (cmd, err)


@settings(max_examples=examples(60), deadline=None, suppress_health_check=list(HealthCheck))
@given(name=st.sampled_from(TRACE_NAMES), target=st.sampled_from(PROTECTED),
       spelling=st.sampled_from(["{root}/{t}", "./{t}", "{t}", "$PWD/{t}"]),
       form=st.sampled_from(["{a} git status", "export {a}; git status", "env {a} git status",
                             "{a} git -C . log -1", "( {a} git status )"]))
def test_any_trace_variable_naming_a_guarded_file_is_blocked(ws, name, target, spelling, form):
    value = spelling.format(root=ws.root, t=target)
    command = form.format(a=f"{name}={value}")
    code, err, _out = ws.decide(command)
    assert code == 2, (command, err)


def test_the_gate_never_approves_them(ws):
    for command in ("GIT_TRACE=1 git status", "git -c include.path=ok.cfg status"):
        res = ws.hook("PermissionRequest", tool_name="Bash", tool_input={"command": command})
        assert '"allow"' not in res.stdout, (command, res)


def test_a_relative_path_entry_in_the_environment_is_a_carrier(ws):
    """The environment's PATH (Claude Code's, which its Bash commands
    inherit) holding a relative or empty entry: any name may be a project
    file, so the gate approves nothing looked up in it; an absolute entry
    the user set up is their choice."""
    ok = ws.hook("PermissionRequest", tool_name="Bash", tool_input={"command": "git status"})
    assert '"allow"' in ok.stdout, ok
    for path in (f".:{os.environ['PATH']}", f"{os.environ['PATH']}::", f"bin:{os.environ['PATH']}"):
        res = ws.hook("PermissionRequest", tool_name="Bash",
                      tool_input={"command": "git status"}, env={"PATH": path})
        assert '"allow"' not in res.stdout, (path, res)
    venv = f"{ws.root}/.venv/bin:{os.environ['PATH']}"
    res = ws.hook("PermissionRequest", tool_name="Bash", tool_input={"command": "git status"},
                  env={"PATH": venv})
    assert '"allow"' in res.stdout, res


# ------------------------------------------------------------------ the git the hooks run

_names = st.sampled_from(sorted(gitwork.UNSAFE_ENV) + [p + "X" for p in
                                                         gitwork.UNSAFE_ENV_PREFIXES]
                         + ["GIT_TRACE2_EVENT", "GIT_CONFIG_KEY_0", "LD_PRELOAD"])


@settings(max_examples=examples(200), deadline=None)
@given(unsafe=st.dictionaries(_names, st.text(max_size=8), max_size=6),
       safe=st.dictionaries(st.sampled_from(["HOME", "GIT_AUTHOR_NAME", "LANG", "TERM"]),
                            st.text(max_size=8), max_size=3),
       entries=st.lists(st.sampled_from(["", ".", "bin", "/usr/bin", "/root/p/.venv/bin",
                                         "/root/p", "/opt/x/bin", "./x"]), max_size=6))
def test_sanitised_env_drops_every_carrier(unsafe, safe, entries):
    env = dict(safe, **unsafe, PATH=":".join(entries))
    out = gitwork.sanitised_env(env, "/root/p")
    assert not any(n in gitwork.UNSAFE_ENV or n.startswith(gitwork.UNSAFE_ENV_PREFIXES)
                   for n in out)
    assert {k: v for k, v in out.items() if k != "PATH"} == safe
    for entry in out["PATH"].split(":"):
        assert entry.startswith("/") and not entry.startswith("/root/p/") and entry != "/root/p"


#: The project's folders, and ways of spelling them on PATH: absolute, with
#: doubled slashes, ``.`` segments, a detour through ``..``, a trailing
#: slash, a symbolic link from outside, a relative entry.
_PROJECT_SPELLINGS = ("{p}/bin", "/{p}/bin", "{p}//bin", "{p}/./bin", "{p}/bin/",
                      "{p}/../{pn}/bin", "{o}/../{pn}/bin", "{o}/link-in", "{o}/link-in/",
                      "{p}", "{p}/.venv/bin", "bin", ".", "", "./bin")


@pytest.fixture(scope="module")
def lookup_tree(tmp_path_factory):
    """``(project, outside)``: a ``git`` in each project folder a PATH may
    name and one in ``outside/bin``; ``outside/link-in`` leads into the
    project."""
    base = tmp_path_factory.mktemp("lookup")
    project, outside = base / "proj", base / "out"
    for folder in (project, project / "bin", project / ".venv" / "bin", outside / "bin"):
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "git").write_text("#!/bin/sh\n")
        (folder / "git").chmod(0o755)
    (outside / "link-in").symlink_to(project / "bin")
    return project, outside


@settings(max_examples=examples(300), suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(picks=st.lists(st.one_of(st.sampled_from(_PROJECT_SPELLINGS), st.just("OUT")),
                      max_size=6))
def test_the_git_a_hook_runs_is_never_the_projects(lookup_tree, picks):
    """Whatever spelling of a project folder the hook's PATH holds (Claude
    Code's environment, which the agent's shell may have shaped), the
    program a hook starts (gitwork's sanitised environment, looked up by
    spawn.which as subprocess would) is never a file in the project; the
    outside one is found when it is on PATH."""
    from statefiles import spawn

    project, outside = lookup_tree
    entries = [str(outside / "bin") if e == "OUT" else e.format(
        p=project, pn=project.name, o=outside) for e in picks]
    env = gitwork.sanitised_env({"PATH": os.pathsep.join(entries)}, str(project))
    found = spawn.which("git", env)
    real_project = os.path.realpath(project)
    if found is not None:
        real = os.path.realpath(found)
        assert not (real == real_project or real.startswith(real_project + os.sep)), (
            entries, env["PATH"], found)
    if "OUT" in picks:
        assert found == str(outside / "bin" / "git"), (entries, env["PATH"], found)


def test_a_hook_run_git_ignores_the_trace_variables(ws, tmp_path):
    """A git a hook starts (here the one statefiles.gitwork runs) writes no
    trace into a gate file, whatever the hook's environment says."""
    target = ws.root / ".claude" / "trace-target.json"
    code = ("import sys; sys.path.insert(0, sys.argv[1]); from statefiles import gitwork; "
            "r = gitwork.git(sys.argv[2], 'status', '--porcelain'); print(r.code)")
    env = dict(os.environ, GIT_TRACE2_EVENT=str(target), GIT_TRACE=str(target),
               GIT_CONFIG_COUNT="1", GIT_CONFIG_KEY_0="core.fsmonitor",
               GIT_CONFIG_VALUE_0=f"touch {tmp_path}/ran")
    proc = subprocess.run([sys.executable, "-c", code, str(ws.root / ".claude"), str(ws.root)],
                          capture_output=True, text=True, env=env, timeout=60)
    assert proc.stdout.strip() == "0", proc
    assert not target.exists()
    assert not (tmp_path / "ran").exists()
