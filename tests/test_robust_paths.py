"""Path attacks on the Edit/Write guards: a protected file
reached by any spelling is still protected.

Every attack goes through the whole PreToolUse chain (``events.runtime.evaluate``
with the Edit, Write, MultiEdit and NotebookEdit tools), and a sample through
the installed hook:

* spellings of the suite's own files (HARD_BLOCK floor) and of user entries:
  ``..`` detours, ``./`` and ``//``, ``/proc/self/root`` and ``/proc/self/cwd``,
  case variants, trailing dots, spaces and slashes, NTFS ``::$DATA``,
  Windows backslashes, fullwidth letters, NFC/NFD forms, relative paths from
  another working directory, ``~`` — singly (tables) and composed at random
  (hypothesis);
* symlinks into protected files and directories (direct, chained, dangling,
  through a symlinked parent), and symlinks or hard links *into the
  playbook*: writing progress.json under another name is judged as
  progress.json (a done without the critic's evidence is refused);
* the control: the same detours to an ordinary file are not blocked, so the
  protection is about the file, not about odd spellings.
"""

from __future__ import annotations

import json
import os
import unicodedata

import pytest
from _foundation import Workspace
from conftest import Installed, install, make_repo
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from draws import examples

CI = settings(deadline=None,
              suppress_health_check=list(HealthCheck))
EDIT_TOOLS = ("Edit", "Write", "MultiEdit", "NotebookEdit")

#: The suite's own files (HARD_BLOCK in every mode) that exist in the workspace.
FLOOR = [".claude/settings.json", ".claude/settings.local.json", ".claude/hooks/pre_tool_use.py",
         ".claude/guards/protected_edit.py", ".claude/statefiles/layout.py",
         ".claude/protected-files.txt", ".claude/permission-config.yaml",
         ".claude/agents/critic.md", ".claude/skills/post-loop/handler.py", ".mcp.json",
         ".claude/.session-init/read/x", ".claude/logs/errors.log"]
#: A user entry with a non-ASCII name (protected-files.txt: HARD_BLOCK:docs/café.md).
USER_ENTRY = "docs/café.md"


@pytest.fixture(scope="module")
def ws(tmp_path_factory):
    ws = Workspace(tmp_path_factory.mktemp("paths") / "ws")
    ws.ready()
    root = ws.root
    for rel in FLOOR + [USER_ENTRY, "src/app.py", "docs/notes.md"]:
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists():
            path.write_text("original\n" if not rel.endswith(".json") else "{}\n")
    with open(root / ".claude" / "protected-files.txt", "a", encoding="utf-8") as fh:
        fh.write(f"\nHARD_BLOCK:{USER_ENTRY}\n")
    return ws


@pytest.fixture
def home(tmp_path, monkeypatch, request):
    """A home directory outside the project with ~/.claude/settings.json,
    for the hook's environment and this process's (where ``~`` is expanded)."""
    home = tmp_path / "home"
    (home / ".claude").mkdir(parents=True)
    (home / ".claude" / "settings.json").write_text("{}\n")
    monkeypatch.setenv("HOME", str(home))
    return home


def tool_call(ws, tool, path, cwd=None):
    if tool == "Write":
        ti = {"file_path": path, "content": "changed\n"}
    elif tool == "Edit":
        ti = {"file_path": path, "old_string": "original", "new_string": "changed"}
    elif tool == "MultiEdit":
        ti = {"file_path": path, "edits": [{"old_string": "original", "new_string": "changed"}]}
    else:
        ti = {"notebook_path": path, "new_source": "x", "cell_id": "0"}
    payload = ws.payload("PreToolUse", tool_name=tool, tool_input=ti, tool_use_id="t")
    if cwd is not None:
        payload["cwd"] = cwd
    code, out, err, _ = ws.evaluate("PreToolUse", payload)
    assert code in (0, 2) and "Traceback" not in out + err and "internal error" not in err, err
    return code, err


def blocked(ws, path, tools=EDIT_TOOLS, cwd=None) -> list:
    """The tools for which the call on ``path`` was NOT blocked."""
    return [t for t in tools if tool_call(ws, t, path, cwd)[0] != 2]


# ------------------------------------------------------------------ spellings
_FW = {c: chr(ord(c) + 0xFEE0) for c in "abcdefghijklmnopqrstuvwxyz"}


def spellings(root: str, rel: str) -> dict:
    """Every single-transformation spelling of ``<root>/<rel>``."""
    head, _, name = rel.rpartition("/")
    head = head + "/" if head else ""
    absolute = f"{root}/{rel}"
    return {
        "absolute": absolute,
        "relative": rel,
        "dot-slash": "./" + rel,
        "dotdot-detour": f"{root}/src/../{rel}",
        "deep-detour": f"{root}/a/b/c/../../../{rel}",
        "outside-and-back": f"{root}/../{os.path.basename(root)}/{rel}",
        "double-slashes": absolute.replace("/", "//"),
        "dot-components": f"{root}/./" + rel.replace("/", "/./"),
        "proc-self-root": f"/proc/self/root{absolute}",
        "proc-self-cwd": f"/proc/self/cwd/{rel}",
        "upper-case": f"{root}/{rel.upper()}",
        "title-case": f"{root}/" + "/".join(p[:1].upper() + p[1:] for p in rel.split("/")),
        "trailing-dot": absolute + ".",
        "trailing-dots-and-spaces": absolute + " . .",
        "trailing-slash": absolute + "/",
        "ntfs-stream": absolute + "::$DATA",
        "ntfs-stream-short": absolute + ":$DATA",
        "windows-backslashes": root + "\\" + rel.replace("/", "\\"),
        "relative-backslashes": rel.replace("/", "\\"),
        "fullwidth-name": f"{root}/{head}" + "".join(_FW.get(c, c) for c in name),
        "nfd": unicodedata.normalize("NFD", absolute),
        "nfc": unicodedata.normalize("NFC", absolute),
    }


SPELLING_NAMES = sorted(spellings("/r", "a/b.c"))


@pytest.mark.parametrize("rel", FLOOR + [USER_ENTRY])
def test_every_spelling_of_a_protected_file_is_blocked(ws, rel):
    failures = {}
    for how, path in spellings(str(ws.root), rel).items():
        missed = blocked(ws, path)
        if missed:
            failures[how] = (path, missed)
    assert not failures, failures


def test_relative_paths_from_another_working_directory(ws):
    root = str(ws.root)
    assert not blocked(ws, "../.claude/settings.json", cwd=f"{root}/src")
    assert not blocked(ws, root.lstrip("/") + "/.claude/settings.json", cwd="/")
    assert not blocked(ws, "settings.json", cwd=f"{root}/.claude")


def test_home_spellings_of_the_user_settings(ws, home, monkeypatch):
    monkeypatch.setitem(ws.env, "HOME", str(home))
    for path in ("~/.claude/settings.json", f"{home}/.claude/settings.json",
                 f"{home}//.claude/../.claude/settings.json", "~/.claude/SETTINGS.JSON",
                 "~\\.claude\\settings.json"):
        assert not blocked(ws, path, tools=("Write", "Edit")), path


@pytest.mark.parametrize("how", SPELLING_NAMES)
def test_the_same_detours_to_an_ordinary_file_are_allowed(ws, how):
    """Control: a spelling that reaches src/app.py itself is not refused (the
    spellings that name another file on Linux — case, trailing dots,
    backslashes, fullwidth — may be refused: that errs on the safe side)."""
    reaches_same_file = {"absolute", "relative", "dot-slash", "dotdot-detour", "deep-detour",
                         "outside-and-back", "double-slashes", "dot-components",
                         "proc-self-root", "proc-self-cwd", "nfd", "nfc"}
    path = spellings(str(ws.root), "src/app.py")[how]
    code, err = tool_call(ws, "Write", path)
    if how in reaches_same_file:
        assert code == 0, (how, path, err)


# ------------------------------------------------------------------ composed spellings
@st.composite
def composed(draw, rel: str):
    """A random composition of the transformations above."""
    parts = rel.split("/")
    out = []
    for part in parts:
        if draw(st.booleans()):
            out.append(draw(st.sampled_from([".", "x/..", "a/b/../..", ""])))
        chars = []
        for c in part:
            roll = draw(st.integers(0, 9))
            if roll == 0 and c.isalpha():
                chars.append(c.swapcase())
            elif roll == 1 and c in _FW:
                chars.append(_FW[c])
            else:
                chars.append(c)
        out.append("".join(chars))
    path = "/".join(out)
    tail = draw(st.sampled_from(["", "", ".", " ", ". .", "/", "::$DATA"]))
    sep = draw(st.sampled_from(["/", "/", "\\"]))
    prefix = draw(st.sampled_from(["abs", "abs", "proc", "rel", "dot"]))
    form = draw(st.sampled_from(["NFC", "NFD", None]))
    return prefix, path.replace("/", sep) + tail, form


@settings(CI, max_examples=examples(400))
@given(data=st.data())
def test_composed_spellings_of_protected_files_are_blocked(ws, data):
    rel = data.draw(st.sampled_from(FLOOR + [USER_ENTRY]))
    prefix, path, form = data.draw(composed(rel))
    root = str(ws.root)
    bare = path.lstrip("/\\")  # a relative spelling must not start at the file-system root
    full = {"abs": f"{root}/{path}", "proc": f"/proc/self/root{root}/{path}", "rel": bare,
            "dot": "./" + bare}[prefix]
    if form:
        full = unicodedata.normalize(form, full)
    tool = data.draw(st.sampled_from(EDIT_TOOLS))
    code, err = tool_call(ws, tool, full)
    assert code == 2, (rel, full, tool, err)


# ------------------------------------------------------------------ symlinks
@pytest.fixture
def fresh(tmp_path):
    ws = Workspace(tmp_path / "ws")
    ws.ready()
    (ws.root / ".claude" / "hooks").mkdir(parents=True, exist_ok=True)
    (ws.root / ".claude" / "hooks" / "pre_tool_use.py").write_text("original\n")
    (ws.root / ".claude" / "settings.json").write_text("{}\n")
    return ws


def _link(ws, name, target):
    path = ws.root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    os.symlink(target, path)
    return str(path)


SYMLINKS = {
    "file": lambda ws: _link(ws, "notes.md", ws.root / ".claude" / "settings.json"),
    "relative-file": lambda ws: _link(ws, "docs/s.json", "../.claude/settings.json"),
    "chain": lambda ws: (_link(ws, "a1", ws.root / ".claude" / "settings.json"),
                         _link(ws, "a2", ws.root / "a1"))[1],
    "directory": lambda ws: _link(ws, "h", ws.root / ".claude" / "hooks") + "/pre_tool_use.py",
    "new-file-in-linked-dir": lambda ws: _link(ws, "h", ws.root / ".claude" / "hooks")
    + "/new_hook.py",
    "dangling-into-hooks": lambda ws: _link(ws, "new.py",
                                            ws.root / ".claude" / "hooks" / "new.py"),
    "linked-claude-dir": lambda ws: _link(ws, "c", ws.root / ".claude") + "/settings.json",
    "unstuck-name": lambda ws: (os.unlink(ws.root / "state.md"),
                                _link(ws, "state.md", ws.root / ".claude" / "settings.json"))[1],
    "playbook-name": lambda ws: _link(ws, "play/p9/plan.json",
                                      ws.root / ".claude" / "hooks" / "pre_tool_use.py"),
    "session-state-name": lambda ws: _link(ws, ".claude/session-state/x",
                                           ws.root / ".claude" / "settings.json"),
    "linked-session-state-dir": lambda ws: (
        _link(ws, ".claude/session-state/h", ws.root / ".claude" / "hooks")
        + "/pre_tool_use.py"),
    "into-home-settings": lambda ws: _link(ws, "u.json", os.path.join(
        ws.env["HOME"], ".claude", "settings.json")),
}


@pytest.mark.parametrize("case", sorted(SYMLINKS))
def test_symlinks_into_protected_files_are_blocked(fresh, home, case):
    fresh.env["HOME"] = str(home)
    path = SYMLINKS[case](fresh)
    assert not blocked(fresh, path, tools=("Write", "Edit", "MultiEdit")), (case, path)


def test_a_symlink_loop_as_the_target_never_crashes(fresh):
    a = _link(fresh, "loop-a", fresh.root / "loop-b")
    _link(fresh, "loop-b", fresh.root / "loop-a")
    for tool in EDIT_TOOLS:
        tool_call(fresh, tool, a)  # answers (0 or 2) without a crash
    assert blocked(fresh, a + "/../.claude/settings.json") == []


# ------------------------------------------------------------------ into the playbook
FRAUD = {"format_version": 2, "active": {"phase": "p1", "subtask": "s1"},
         "phases": {"p1": {"status": "done"}},
         "subtasks": {"s1": {"status": "done"}},  # no validations, no critic
         "critic": {"status": "PENDING"}}


def _aliases(ws):
    progress = ws.root / "play" / "p1" / "progress.json"
    return {
        "symlink": lambda: _link(ws, "notes/progress-view.json", progress),
        "relative-symlink": lambda: _link(ws, "p.json", "play/p1/progress.json"),
        "symlinked-dir": lambda: _link(ws, "pl", ws.root / "play" / "p1") + "/progress.json",
        "other-playbook-name": lambda: _link(ws, "play/p2/progress.json", progress),
        "hard-link": lambda: (os.link(progress, ws.root / "hl.json"),
                              str(ws.root / "hl.json"))[1],
        "dotdot": lambda: f"{ws.root}/src/../play/p1/progress.json",
        "proc-self-root": lambda: f"/proc/self/root{progress}",
    }


@pytest.mark.parametrize("alias", ["symlink", "relative-symlink", "symlinked-dir",
                                   "other-playbook-name", "hard-link", "dotdot", "proc-self-root"])
def test_a_done_without_evidence_through_an_alias_of_progress_json_is_refused(fresh, alias):
    path = _aliases(fresh)[alias]()
    payload = fresh.payload("PreToolUse", tool_name="Write", tool_use_id="t",
                            tool_input={"file_path": path, "content": json.dumps(FRAUD)})
    code, out, err, _ = fresh.evaluate("PreToolUse", payload)
    assert code == 2, (alias, path, err)
    assert "evidence" in err or "critic" in err or "validat" in err, err


def test_the_plain_path_to_progress_json_is_refused_too(fresh):
    """Baseline for the aliases: the guard refuses the fraud by its real name."""
    path = str(fresh.root / "play" / "p1" / "progress.json")
    code, _, err, _ = fresh.evaluate("PreToolUse", fresh.payload(
        "PreToolUse", tool_name="Write", tool_use_id="t",
        tool_input={"file_path": path, "content": json.dumps(FRAUD)}))
    assert code == 2, err


# ------------------------------------------------------------------ the installed hook
@pytest.fixture(scope="module")
def suite(tmp_path_factory):
    repo = make_repo(tmp_path_factory.mktemp("paths-installed") / "repo")
    proc = install(repo)
    assert proc.returncode == 0, proc.stderr + proc.stdout
    return Installed(repo)


@pytest.mark.parametrize("how", ["absolute", "dotdot-detour", "upper-case", "trailing-dot",
                                 "windows-backslashes", "fullwidth-name", "proc-self-root",
                                 "ntfs-stream", "trailing-slash"])
def test_installed_hook_blocks_spellings_of_its_own_files(suite, how):
    for rel in (".claude/settings.json", ".claude/hooks/pre_tool_use.py"):
        path = spellings(str(suite.root), rel)[how]
        result = suite.tool("Write", {"file_path": path, "content": "{}"})
        assert result.code == 2 and result.stderr.startswith("[playgate"), (how, path, result)
