"""A scripted session in a temp git repository, driven through the *installed*
hooks exactly as Claude Code calls them (the registered command, run by
``sh -c`` with ``CLAUDE_PROJECT_DIR`` set, JSON on stdin).

When a hook lets a tool call through, the test performs the call itself (a
file write inside the temp repository, or ``git checkout -b`` there), as Claude
Code would after the hook. Nothing else is ever executed.
"""

from __future__ import annotations

import json

from conftest import git

PLAN = {
    "format_version": 2,
    "meta": {"id": "greeting", "branch": "feat/greeting", "created": "2026-01-01",
             "status": "draft", "reviewed": False, "reviewed_by": None},
    "goal": {"summary": "say hello", "done_when": ["README greets"],
             "scope": {"includes": ["README.md", "src/**"], "excludes": []}},
    "context": {"what": "greeting", "why": "demo", "how": "edit README",
                "scope": "README", "exclusions": "none", "risks": "none"},
    "phases": [
        {"id": "p1", "name": "draft", "depends_on": [],
         "subtasks": [{"id": "p1.1", "criterion": "README has a greeting"}]},
        {"id": "p2", "name": "polish", "depends_on": ["p1"],
         "subtasks": [{"id": "p2.1", "criterion": "greeting is polished"}]},
    ],
}
PROGRESS = {"format_version": 2, "active": {"phase": "p1", "subtask": "p1.1"},
            "phases": {"p1": {"status": "in_progress"}, "p2": {"status": "pending"}},
            "subtasks": {}}


class Session:
    """Claude's side: call the hook, and perform the tool when it is allowed."""

    def __init__(self, installed):
        self.installed = installed
        self.root = installed.root
        self.log = []

    def pre(self, tool, tool_input, **extra):
        result = self.installed.tool(tool, tool_input, **extra)
        self.log.append((tool, tool_input.get("file_path") or tool_input.get("command")
                         or tool_input.get("skill"), result.code))
        assert "Traceback" not in result.stderr + result.stdout, result
        assert result.code in (0, 2), result
        return result

    def post(self, tool, tool_input):
        result = self.installed.hook("PostToolUse", tool_name=tool, tool_input=tool_input,
                                     tool_use_id="toolu_post", tool_response={"success": True})
        assert result.code == 0 and "Traceback" not in result.stderr, result
        return result

    def path(self, rel):
        return str(self.root / rel)

    def write(self, rel, content, **extra):
        tool_input = {"file_path": self.path(rel), "content": content}
        result = self.pre("Write", tool_input, **extra)
        if not result.blocked:
            target = self.root / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(content)
            self.post("Write", tool_input)
        return result

    def edit(self, rel, old, new, **extra):
        tool_input = {"file_path": self.path(rel), "old_string": old, "new_string": new,
                      "replace_all": False}
        result = self.pre("Edit", tool_input, **extra)
        if not result.blocked:
            target = self.root / rel
            text = target.read_text()
            assert text.count(old) == 1, (rel, old)
            target.write_text(text.replace(old, new))
            self.post("Edit", tool_input)
        return result

    def read(self, rel):
        return self.pre("Read", {"file_path": self.path(rel)})


def test_scripted_session_through_the_installed_hooks(installed):
    s = Session(installed)
    root = installed.root
    (root / "src").mkdir()
    (root / "src" / "hello.py").write_text("print('hi')\n")

    # --- SessionStart: markers, last_start, the files to read
    start = installed.hook("SessionStart", source="startup")
    assert start.code == 0, start
    assert "state.md" in start.context and "Read" in start.context
    assert (root / ".claude" / ".session-init" / "pending").exists()
    assert "last_start: null" not in (root / "state.md").read_text()
    prompt = installed.hook("UserPromptSubmit", prompt="Add a greeting to the README")
    assert prompt.code == 0, prompt

    # --- Edit blocked until state.md is read
    r = s.edit("README.md", "test repo", "hello repo")
    assert r.blocked and "Read state.md" in r.stderr, r
    r = s.pre("Skill", {"skill": "playbook-init"})
    assert r.blocked and "[playgate:init-guard]" in r.stderr and "state.md" in r.stderr, r
    assert not s.pre("Bash", {"command": "git status"}).blocked
    assert not s.read("state.md").blocked
    assert not (root / ".claude" / ".session-init" / "pending").exists()

    # --- the golden path starts; the understanding check waits for the user
    assert not s.pre("Skill", {"skill": "playbook-init"}).blocked
    assert (root / ".claude" / "session-state" / "prompt-analyzer-called").exists()
    consent = root / ".claude" / ".session-init" / "consent"
    if not consent.exists():
        # work-request detection (UserPromptSubmit) creates it; stand in for it
        consent.write_text("understanding check pending\n")
    git(root, "checkout", "-q", "-b", "feat/probe")  # off main, so consent-guard is what answers
    r = s.edit("README.md", "test repo", "hello repo")
    assert r.blocked and "[playgate:consent-guard]" in r.stderr and "confirm" in r.stderr, r
    git(root, "checkout", "-q", "main")
    git(root, "branch", "-q", "-D", "feat/probe")
    confirm = installed.hook("UserPromptSubmit", prompt="yes")
    assert confirm.code == 0, confirm
    consent.unlink(missing_ok=True)  # the user's "yes" clears it; stand in if not

    # --- Edit blocked on main
    r = s.edit("README.md", "test repo", "hello repo")
    assert r.blocked and "[playgate:main-branch]" in r.stderr and "git checkout -b" in r.stderr
    assert s.pre("Bash", {"command": "git commit -m wip"}).blocked

    # --- branch created (the hook allows it; then the command runs, in the temp repo)
    r = s.pre("Bash", {"command": "git checkout -b feat/greeting"})
    assert not r.blocked, r
    git(root, "checkout", "-q", "-b", "feat/greeting")

    # --- Edit blocked with no playbook
    r = s.edit("README.md", "test repo", "hello repo")
    assert r.blocked and "[playgate:playbook-guard]" in r.stderr and "playbook-init" in r.stderr

    # --- the playbook files are writable (pm writes them), and state.md
    assert not s.write("play/greeting/plan.json", json.dumps(PLAN, indent=2),
                       agent_id="a1", agent_type="pm").blocked
    assert not s.write("play/greeting/progress.json", json.dumps(PROGRESS, indent=2),
                       agent_id="a1", agent_type="pm").blocked
    r = s.edit("state.md", "active: null ", "active: play/greeting/plan.json ")
    assert not r.blocked, r

    # --- Edit blocked while unreviewed
    r = s.edit("README.md", "test repo", "hello repo")
    assert r.blocked and "not reviewed" in r.stderr and "reviewer" in r.stderr, r

    # --- the reviewer records its PASS; Edit allowed once reviewed
    r = s.edit("play/greeting/plan.json", '"reviewed": false', '"reviewed": true',
               agent_id="a2", agent_type="reviewer")
    assert not r.blocked and r.context == "", r
    r = s.edit("play/greeting/plan.json", '"reviewed_by": null', '"reviewed_by": "reviewer"',
               agent_id="a2", agent_type="reviewer")
    assert not r.blocked, r
    r = s.edit("README.md", "test repo", "hello repo")
    assert r.code == 0 and r.stdout == "", r
    assert (root / "README.md").read_text() == "hello repo\n"

    # --- protected files: by level and security mode
    r = s.write(".claude/settings.json", "{}")
    assert r.blocked and "HARD_BLOCK" in r.stderr, r
    r = s.write(".gitignore", "*.tmp\n")
    assert r.blocked and "BLOCK" in r.stderr and "strict" in r.stderr, r
    r = s.edit("state.md", "security: strict", "security: trusted")
    assert r.blocked and "config" in r.stderr, r
    # the user relaxes the mode themselves, outside Claude Code
    state = root / "state.md"
    state.write_text(state.read_text().replace("security: strict", "security: trusted"))
    r = s.write(".gitignore", "*.tmp\n")
    assert r.code == 0 and "[playgate:protected-edit]" in r.context and "trusted" in r.context
    r = s.write(".claude/hooks/pre_tool_use.py", "print('gate off')\n")
    assert r.blocked and "HARD_BLOCK" in r.stderr, r
    assert "gate off" not in (root / ".claude" / "hooks" / "pre_tool_use.py").read_text()

    # --- WARN from depends-check reaches additionalContext
    r = s.edit("play/greeting/progress.json", '"phase": "p1"', '"phase": "p2"')
    assert not r.blocked, r
    r = s.edit("src/hello.py", "hi", "hello")
    assert r.code == 0, r
    assert "[playgate:depends-check]" in r.context and "p1" in r.context, r
    hso = json.loads(r.stdout)["hookSpecificOutput"]
    assert hso["hookEventName"] == "PreToolUse"

    # --- the session ends cleanly
    for event in ("Stop", "SessionEnd"):
        fields = {"stop_hook_active": False} if event == "Stop" else {"reason": "other"}
        result = installed.hook(event, **fields)
        assert result.code == 0 and "Traceback" not in result.stderr, (event, result)


def test_new_session_with_an_active_playbook_requires_both_files(installed):
    s = Session(installed)
    root = installed.root
    git(root, "checkout", "-q", "-b", "feat/greeting")
    plan = dict(PLAN, meta=dict(PLAN["meta"], reviewed=True, reviewed_by="reviewer"))
    (root / "play" / "greeting").mkdir(parents=True)
    (root / "play" / "greeting" / "plan.json").write_text(json.dumps(plan))
    (root / "play" / "greeting" / "progress.json").write_text(json.dumps(PROGRESS))
    state = root / "state.md"
    state.write_text(state.read_text().replace("active: null ",
                                               "active: play/greeting/plan.json "))
    start = installed.hook("SessionStart", source="startup")
    assert "play/greeting/plan.json" in start.context
    s.read("state.md")
    r = s.edit("README.md", "test repo", "x")
    assert r.blocked and "play/greeting/plan.json" in r.stderr
    s.read("play/greeting/plan.json")
    assert not s.edit("README.md", "test repo", "x").blocked


def test_missing_playbook_is_reset_at_session_start(installed):
    root = installed.root
    state = root / "state.md"
    state.write_text(state.read_text().replace("active: null ", "active: play/gone/plan.json "))
    start = installed.hook("SessionStart", source="startup")
    assert "reset to null" in start.context
    assert "active: null" in state.read_text()
