"""Hypothesis strategies for hook payloads (robustness suites).

Two families, for every Claude Code event this suite serves:

* :func:`well_formed` — payloads shaped like the real CLI's (the field tables
  of ``reference/claude-code-hooks.md`` "Input" and the payloads recorded in
  ``fixtures/claude-code-2.1.329/``), with values chosen to reach the guards:
  paths into and around the project (``state.md``, the playbook, the suite's
  own files, every spelling of them), Bash commands from the bypass corpus,
  prompts that ask for work or answer the understanding check, tool
  responses, unknown extra fields;
* :func:`malformed` — input that is malformed *by the hook contract*, so
  SPEC §1 "Failing safe" fixes the answer: wrong JSON types of known
  fields, missing required fields, more than 5 MB, absurd nesting, invalid
  UTF-8, NUL bytes, non-object JSON, empty or truncated stdin, another
  event's name.

The field types below are written from the reference, not imported from
``events.inputs``, so the tests check the implementation against the
contract rather than against itself.

Payloads are built as :class:`Case` objects and turned into stdin bytes by
``Case.build(root)``: strings may hold the placeholder ``@ROOT@``, replaced
by the project root of the workspace the case runs in, so the strategies do
not depend on a temporary directory.

Nothing generated here is ever executed: Bash commands are data for the
analyser (COMMON.md SAFETY).
"""

from __future__ import annotations

import json

from hypothesis import strategies as st

ROOT = "@ROOT@"

EVENTS = (
    "PreToolUse", "PostToolUse", "PostToolUseFailure", "PermissionRequest", "UserPromptSubmit",
    "Stop", "SubagentStop", "SubagentStart", "SessionStart", "SessionEnd", "PreCompact",
    "Notification", "TaskCompleted", "TeammateIdle",
)
#: SPEC §1: malformed input blocks (exit 2 + one line) on these events.
GATING = frozenset({"PreToolUse", "Stop", "SubagentStop", "UserPromptSubmit"})
#: Events whose answer is a JSON decision, never exit 2, for well-formed input.
DECISION = frozenset({"Stop", "SubagentStop"})
#: SPEC §1: exit 0 with nothing on malformed input; never block.
INFORMATIONAL = frozenset(EVENTS) - GATING - {"PermissionRequest"}
TOOL_EVENTS = frozenset({"PreToolUse", "PostToolUse", "PostToolUseFailure", "PermissionRequest"})

# ----------------------------------------------------------------- the contract
# JSON types from the reference ("Input", "Tool inputs"). "any" fields are
# not mutated. ``True`` marks a required field.
STR, NUM, BOOL, OBJ, LIST, ANY = "string", "number", "boolean", "object", "array", "any"

COMMON_TYPES = {
    # Optional: an entrypoint reads a payload without it as its own event.
    "hook_event_name": (STR, False), "session_id": (STR, False), "transcript_path": (STR, False),
    "cwd": (STR, False), "permission_mode": (STR, False), "prompt_id": (STR, False),
    "agent_id": (STR, False), "agent_type": (STR, False),
}
EVENT_TYPES = {
    "PreToolUse": {"tool_name": (STR, True), "tool_input": (OBJ, True),
                   "tool_use_id": (STR, False)},
    "PermissionRequest": {"tool_name": (STR, True), "tool_input": (OBJ, True),
                          "permission_suggestions": (LIST, False)},
    "PostToolUse": {"tool_name": (STR, True), "tool_input": (OBJ, True),
                    "tool_use_id": (STR, False), "duration_ms": (NUM, False)},
    "PostToolUseFailure": {"tool_name": (STR, True), "tool_input": (OBJ, True),
                           "tool_use_id": (STR, False), "error": (STR, False),
                           "is_interrupt": (BOOL, False)},
    "UserPromptSubmit": {"prompt": (STR, True)},
    "Stop": {"stop_hook_active": (BOOL, False), "last_assistant_message": (STR, False),
             "background_tasks": (LIST, False)},
    "SubagentStop": {"stop_hook_active": (BOOL, False), "agent_transcript_path": (STR, False),
                     "last_assistant_message": (STR, False)},
    "SubagentStart": {},
    "SessionStart": {"source": (STR, False), "model": (STR, False)},
    "SessionEnd": {"reason": (STR, False)},
    "PreCompact": {"trigger": (STR, False), "custom_instructions": (STR, False)},
    "Notification": {"message": (STR, False), "title": (STR, False),
                     "notification_type": (STR, False)},
    "TaskCompleted": {"task_id": (STR, False), "task_subject": (STR, False),
                      "task_description": (STR, False), "teammate_name": (STR, False),
                      "team_name": (STR, False)},
    "TeammateIdle": {"teammate_name": (STR, False), "team_name": (STR, False)},
}
TOOL_TYPES = {
    "Bash": {"command": (STR, True), "description": (STR, False), "timeout": (NUM, False),
             "run_in_background": (BOOL, False)},
    "Write": {"file_path": (STR, True), "content": (STR, True)},
    "Edit": {"file_path": (STR, True), "old_string": (STR, True), "new_string": (STR, True),
             "replace_all": (BOOL, False)},
    "MultiEdit": {"file_path": (STR, True), "edits": (LIST, True)},
    "NotebookEdit": {"notebook_path": (STR, True), "new_source": (STR, False),
                     "cell_id": (STR, False), "edit_mode": (STR, False)},
    "Read": {"file_path": (STR, True), "offset": (NUM, False), "limit": (NUM, False)},
    "Glob": {"pattern": (STR, True), "path": (STR, False)},
    "Grep": {"pattern": (STR, True), "path": (STR, False)},
    "Task": {"prompt": (STR, False), "description": (STR, False), "subagent_type": (STR, False)},
    "Agent": {"prompt": (STR, False), "description": (STR, False), "subagent_type": (STR, False)},
    "Skill": {"skill": (STR, False)},
}
#: A value of every JSON type but ``kind`` (``null`` is "absent" for an
#: optional field, so it is only used against required ones).
_WRONG = {
    STR: [0, 1.5, True, [], {}, ["x"], {"a": "b"}],
    NUM: ["10", True, [], {}, "NaN"],
    BOOL: ["true", 1, 0, "yes", [], {}],
    OBJ: ["{}", [], 1, True, [{"a": 1}]],
    LIST: ["[]", {}, 1, "x", True],
}


def wrong_values(kind: str, required: bool) -> list:
    return _WRONG[kind] + ([None] if required else [])


# ----------------------------------------------------------------- values
#: Files of the workspace (tests/_foundation.Workspace + an active playbook
#: play/p1) and the suite's own files; ``True``: HARD_BLOCK by the floor.
FILES = {
    "state.md": False,
    "play/p1/plan.json": False,
    "play/p1/progress.json": False,
    "play/p2/plan.json": False,
    "play/template/plan.json": False,
    "play/archive/old/progress.json": False,
    "play/p1/project.json": False,
    "src/app.py": False,
    "README.md": False,
    "docs/notes.md": False,
    "new.txt": False,
    ".claude/session-state/last-fail-reason": False,
    ".sdd/project/specs/login/spec.yaml": False,
    ".claude/agents/helper.md": False,
    ".claude/session-state/post-loop-pending": False,
    ".claude/settings.json": True,
    ".claude/settings.local.json": True,
    ".claude/hooks/pre_tool_use.py": True,
    ".claude/guards/init_guard.py": True,
    ".claude/statefiles/atomic.py": True,
    ".claude/protected-files.txt": True,
    ".claude/.cache/state.md.json": True,
    ".claude/.session-init/pending": True,
    ".claude/logs/errors.log": True,
    ".claude/permission-config.yaml": True,
    ".claude/agents/critic.md": True,
    ".mcp.json": True,
}
FILE_NAMES = sorted(FILES)
PROTECTED_FILES = sorted(k for k, v in FILES.items() if v)

_FULLWIDTH = {c: chr(ord(c) + 0xFEE0) for c in "abcdefghijklmnopqrstuvwxyz"}


def spell(rel: str, how: str) -> str:
    """One spelling of the repo-relative ``rel`` (SPEC §1: the same file
    reached by any spelling). ``how`` names the transformation."""
    absolute = f"{ROOT}/{rel}"
    if how == "abs":
        return absolute
    if how == "rel":
        return rel
    if how == "dot":
        return "./" + rel
    if how == "dotdot":
        return f"{ROOT}/src/../{rel}"
    if how == "deep-dotdot":
        return f"{ROOT}/a/b/../../{rel}"
    if how == "double-slash":
        return absolute.replace("/", "//")
    if how == "dot-components":
        return f"{ROOT}/./" + rel.replace("/", "/./")
    if how == "trailing-dot":
        return absolute + "."
    if how == "trailing-dots-spaces":
        return absolute + ". ."
    if how == "trailing-slash":
        return absolute + "/"
    if how == "backslash":
        return ROOT + "\\" + rel.replace("/", "\\")
    if how == "backslash-rel":
        return rel.replace("/", "\\")
    if how == "upper":
        return f"{ROOT}/{rel.upper()}"
    if how == "title":
        return f"{ROOT}/" + "/".join(p[:1].upper() + p[1:] for p in rel.split("/"))
    if how == "fullwidth":
        base, _, name = rel.rpartition("/")
        name = "".join(_FULLWIDTH.get(c, c) for c in name)
        return f"{ROOT}/{base + '/' if base else ''}{name}"
    if how == "ads":
        return absolute + "::$DATA"
    raise ValueError(how)


SPELLINGS = ("abs", "rel", "dot", "dotdot", "deep-dotdot", "double-slash", "dot-components",
             "trailing-dot", "trailing-dots-spaces", "trailing-slash", "backslash",
             "backslash-rel", "upper", "title", "fullwidth", "ads")

OUTSIDE_PATHS = ("/etc/passwd", "/tmp/x.txt", f"{ROOT}/../outside.txt", "~/.bashrc",
                 "~/.claude/settings.json", "/", f"{ROOT}", f"{ROOT}/", "..", ".", "C:\\x\\y",
                 "\\\\server\\share\\x")


def _short_text(max_size: int = 40):
    return st.text(st.characters(blacklist_categories=("Cs",)), max_size=max_size)


def any_text(max_size: int = 40):
    """Text including control characters, surrogate-free (UTF-8 encodable)."""
    return st.one_of(_short_text(max_size), st.sampled_from(
        ["", " ", "\t", "\n", "x" * 300, "é", "日本語", "\u202e", "\ufeff", "\u00a0", "\r\n"]))


paths = st.one_of(
    st.builds(spell, st.sampled_from(FILE_NAMES), st.sampled_from(SPELLINGS)),
    st.sampled_from(OUTSIDE_PATHS),
    st.builds(lambda a, b: f"{ROOT}/{a}/{b}", st.sampled_from(["src", "play", ".claude", "x"]),
              _short_text(12).filter(lambda s: "\x00" not in s and s.strip())),
)

# Bash: the bypass corpus (data only), read-only and writing commands, and
# shell-ish noise. @ROOT@ gives commands with absolute project paths.
_SIMPLE_COMMANDS = [
    "ls", "ls -la src", "git status", "git log --oneline -5", "git diff", "pwd", "true",
    "echo hello", "cat state.md", f"cat {ROOT}/state.md", "grep -r x src", "python3 -m pytest",
    "git checkout -b feat/x", "git switch -c fix/y", "touch new.txt", "echo x > new.txt",
    f"echo x > {ROOT}/.claude/settings.json", "sed -i s/a/b/ state.md",
    "echo '{}' > play/p1/progress.json", "cp README.md docs/", "mv a b", "rm -rf build",
    "git add state.md", "git commit -m wip", "git push", "git push --force",
    "python3 .claude/skills/post-loop/handler.py", "bash scripts/build.sh",
    "cat > .claude/session-state/x <<'EOF'\nhi\nEOF", "npm test", "make", "curl https://x",
    "# comment\nls", "ls\nrm -rf /tmp/victim", "python3 -c 'print(1)'", "find . -name x",
    "echo done 2>&1", "ls || true", "true && echo 'ok'",
]


def _corpus_commands() -> list:
    try:
        from corpus.bash_corpus import CASES
    except Exception:  # noqa: BLE001 - the corpus is optional for the strategies
        return []
    return [case[-1] for case in CASES if isinstance(case[-1], str)]


_SHELL_TOKENS = list("abcxyz rm-f/.~$`'\"\\|&;<>(){}[]*?!#=\n\t:,0123@%") + [
    "$(", "<<", "EOF", "\u00a0", "rm -rf /", "bash -c ", "eval ", "${", "<(", "sudo ",
    "git ", "push ", "> ", "state.md", ".claude/", "play/p1/progress.json"]

commands = st.one_of(
    st.sampled_from(_SIMPLE_COMMANDS),
    st.sampled_from(_corpus_commands() or _SIMPLE_COMMANDS),
    st.lists(st.sampled_from(_SHELL_TOKENS), max_size=25).map("".join),
    _short_text(60),
)

#: Fragments of the workspace's files (what an Edit's old_string would hold).
_FRAGMENTS = [
    "x = 1", "security: strict", "security: admin", "active: play/p1/plan.json", "active: null",
    "status: in_progress", "status: done", '"status": "pending"', '"status": "done"',
    '"reviewed": true', '"reviewed": false', "## config", "```yaml", "---", "p1", "s1",
    '"validated_by": "critic"', "current_phase: p1", "self_complete: false", "",
]
fragments = st.one_of(st.sampled_from(_FRAGMENTS), _short_text(30))


def _progress_doc(status, validations, critic):
    sub = {"status": status}
    if validations:
        sub.update(validated_by="critic", validated_at="2026-01-01T00:00:00",
                   validations={k: {"status": "PASS", "evidence": ["ok"]}
                                for k in ("technical", "consistency", "completeness")})
    doc = {"format_version": 2, "active": {"phase": "p1", "subtask": "s1"},
           "phases": {"p1": {"status": status}}, "subtasks": {"s1": sub}}
    if critic:
        doc["critic"] = {"status": "PASS", "evidence": ["all good"]}
    return json.dumps(doc, indent=2)


def _yaml_bomb(levels: int) -> str:
    lines = ['a0: &a0 ["x", "x"]'] + [f"a{i}: &a{i} [*a{i-1}, *a{i-1}]" for i in range(1, levels)]
    return "\n".join(lines) + "\n"


#: YAML that is hostile to a parser: alias bombs, recursion, nesting, a
#: timestamp no calendar has, Python tags (state.md, spec.yaml, agent
#: frontmatter are all YAML).
HOSTILE_YAML = [
    _yaml_bomb(30), "loop: &l [*l]\n", "x: " + "[" * 3000 + "]" * 3000 + "\n",
    "when: 2026-13-45\n", "x: !!python/object/apply:os.system ['true']\n", "phase: [unclosed\n",
    "phase: design-generated\n", "phase: implementation-complete\n", "phase: initialized\n",
]


def _frontmatter(body: str) -> str:
    return "---\n" + body + "---\nbody\n"


contents = st.one_of(
    any_text(200),
    st.sampled_from(HOSTILE_YAML),
    st.sampled_from(HOSTILE_YAML).map(_frontmatter),
    st.sampled_from(HOSTILE_YAML).map(lambda y: f"## config\n```yaml\n{y}```\n"),
    st.builds(_progress_doc, st.sampled_from(["pending", "in_progress", "done", "blocked", 5]),
              st.booleans(), st.booleans()),
    st.sampled_from(["{", "[]", "null", '{"format_version": 99}', "## config\n```yaml\n"
                     "security: admin\n```\n", "---\nname: x\ntools: Task\n---\n"]),
)

JSONISH_DEEP = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 10) | st.floats(allow_nan=False) | any_text(12),
    lambda c: st.lists(c, max_size=3) | st.dictionaries(_short_text(8), c, max_size=3),
    max_leaves=10)
#: Any JSON value: mostly from a fixed sample (cheap to draw: the fuzz runs
#: tens of thousands of examples), sometimes generated.
JSONISH = st.one_of(
    st.sampled_from([None, True, False, 0, -1, 2**63, 1.5, "", "x", "\u0000", [], {}, [None],
                     {"a": None}, {"status": "done"}, ["x", 1, None], {"k": {"k": [1]}},
                     {"level": "medium"}, "x" * 5000]),
    JSONISH_DEEP)

_edit = st.fixed_dictionaries({"old_string": fragments, "new_string": fragments},
                              optional={"replace_all": st.booleans()})

_TOOL_INPUTS = {
    "Bash": st.fixed_dictionaries({"command": commands}, optional={
        "description": any_text(20), "timeout": st.integers(0, 600000),
        "run_in_background": st.booleans()}),
    "Write": st.fixed_dictionaries({"file_path": paths, "content": contents}),
    "Edit": st.fixed_dictionaries({"file_path": paths, "old_string": fragments,
                                   "new_string": fragments},
                                  optional={"replace_all": st.booleans()}),
    "MultiEdit": st.fixed_dictionaries({"file_path": paths,
                                        "edits": st.lists(_edit, max_size=3)}),
    "NotebookEdit": st.fixed_dictionaries({"notebook_path": paths}, optional={
        "new_source": any_text(30), "cell_id": st.sampled_from(["0", "1", "abc", "99"]),
        "cell_type": st.sampled_from(["code", "markdown"]),
        "edit_mode": st.sampled_from(["replace", "insert", "delete", "other"])}),
    "Read": st.fixed_dictionaries({"file_path": paths}, optional={
        "offset": st.integers(0, 100), "limit": st.integers(1, 100)}),
    "Glob": st.fixed_dictionaries({"pattern": st.sampled_from(["**/*.py", "*", "state.md"])},
                                  optional={"path": paths}),
    "Grep": st.fixed_dictionaries({"pattern": _short_text(10).filter(lambda s: "\x00" not in s)},
                                  optional={"path": paths}),
    "Task": st.fixed_dictionaries({}, optional={
        "prompt": any_text(40), "description": any_text(10),
        "subagent_type": st.sampled_from(["prompt-analyzer", "critic", "reviewer", "pm",
                                          "general-purpose", "codex-delegate", "Explore", ""])}),
    "Skill": st.fixed_dictionaries({}, optional={
        "skill": st.sampled_from(["playbook-init", "post-loop", "prompt-analyzer", "state",
                                  "plugin:playbook-init", "other", ""]),
        "args": any_text(10)}),
    "mcp__fs__write_file": st.fixed_dictionaries({"path": paths, "content": contents}),
    "mcp__x__y": st.dictionaries(_short_text(8), JSONISH, max_size=3),
    "AskUserQuestion": st.fixed_dictionaries({"questions": JSONISH}),
    "WebFetch": st.fixed_dictionaries({"url": st.sampled_from(["https://x", "file:///etc/passwd"]),
                                       "prompt": any_text(10)}),
    "TodoWrite": st.fixed_dictionaries({"todos": JSONISH}),
}
_TOOL_INPUTS["Agent"] = _TOOL_INPUTS["Task"]
TOOLS = tuple(_TOOL_INPUTS)


@st.composite
def tool_call(draw, event: str) -> dict:
    tool = draw(st.sampled_from(TOOLS))
    fields = {"tool_name": tool, "tool_input": draw(_TOOL_INPUTS[tool])}
    if event != "PermissionRequest":
        fields["tool_use_id"] = draw(st.sampled_from(["toolu_1", "toolu_fake00300"]))
    if event == "PostToolUseFailure":
        fields["error"] = draw(st.sampled_from(["Exit code 1", "", "interrupted", "x" * 300]))
        if draw(st.booleans()):
            fields["is_interrupt"] = draw(st.booleans())
    if event == "PostToolUse":
        fields["tool_response"] = draw(JSONISH)
        if draw(st.booleans()):
            fields["duration_ms"] = draw(st.integers(0, 10**6))
    if event == "PermissionRequest" and draw(st.booleans()):
        fields["permission_suggestions"] = [{"type": "setMode", "mode": "acceptEdits",
                                             "destination": "session"}]
    return fields


PROMPTS = [
    "Carry out the scripted steps.", "please fix the bug in src/app.py",
    "Add a login form to the app", "ログイン機能を実装してください", "バグを直して",
    "yes", "はい", "ok go ahead", "cancel", "キャンセル", "no, change the scope", "yes, but also x",
    "just asking: what does this do?", "相談したい", "refactor docs/notes.md and README.md",
    "new task: rewrite everything", "", "   ",
    "<task-notification>\n<task-id>a1</task-id>\n<status>completed</status>\n"
    "<result>yes</result>\n</task-notification>",
]

_EVENT_FIELDS = {
    "UserPromptSubmit": lambda: st.fixed_dictionaries(
        {"prompt": st.one_of(st.sampled_from(PROMPTS), any_text(80))}),
    "Stop": lambda: st.fixed_dictionaries({}, optional={
        "stop_hook_active": st.booleans(), "last_assistant_message": any_text(40),
        "background_tasks": st.lists(JSONISH, max_size=2),
        "session_crons": st.lists(JSONISH, max_size=1)}),
    "SubagentStop": lambda: st.fixed_dictionaries({}, optional={
        "stop_hook_active": st.booleans(), "last_assistant_message": any_text(40),
        "agent_transcript_path": st.sampled_from([f"{ROOT}/t.jsonl", "/nonexistent"]),
        "background_tasks": st.lists(JSONISH, max_size=2)}),
    "SubagentStart": lambda: st.just({}),
    "SessionStart": lambda: st.fixed_dictionaries({}, optional={
        "source": st.sampled_from(["startup", "resume", "clear", "compact", "fork", "other", ""]),
        "model": st.sampled_from(["claude-opus-5-5", "x"])}),
    "SessionEnd": lambda: st.fixed_dictionaries({}, optional={
        "reason": st.sampled_from(["clear", "resume", "logout", "prompt_input_exit", "other"])}),
    "PreCompact": lambda: st.fixed_dictionaries({}, optional={
        "trigger": st.sampled_from(["manual", "auto", "x"]),
        "custom_instructions": any_text(30)}),
    "Notification": lambda: st.fixed_dictionaries({}, optional={
        "message": any_text(60), "title": any_text(20),
        "notification_type": st.sampled_from(["permission_prompt", "idle_prompt", "x"])}),
    "TaskCompleted": lambda: st.fixed_dictionaries({}, optional={
        "task_id": st.sampled_from(["1", "2", "t-3"]), "task_subject": any_text(20),
        "task_description": any_text(30), "teammate_name": any_text(10),
        "team_name": any_text(10)}),
    "TeammateIdle": lambda: st.fixed_dictionaries({}, optional={
        "teammate_name": any_text(10), "team_name": any_text(10)}),
}

AGENT_TYPES = ["general-purpose", "critic", "reviewer", "pm", "prompt-analyzer", "Explore",
               "codex-delegate", "x"]


@st.composite
def common_fields(draw, event: str) -> dict:
    base = {
        "session_id": draw(st.sampled_from(["f6b277c4-7d58-410b-b6ec-896815a0c627", "s", "s2"])),
        "transcript_path": f"{ROOT}/t.jsonl",
        "cwd": draw(st.sampled_from([ROOT, ROOT, f"{ROOT}/src", "/", "/tmp", "relative/dir"])),
        "hook_event_name": event,
    }
    optional = draw(st.fixed_dictionaries({}, optional={
        "permission_mode": st.sampled_from(["default", "plan", "acceptEdits", "auto", "dontAsk",
                                            "bypassPermissions", "weird"]),
        "prompt_id": st.just("01643498-3fe0-4913-89bf-2536899efaef"),
        "effort": st.sampled_from([{"level": "medium"}, {"level": "high"}, None, "low", 3]),
    }))
    base.update(optional)
    if event in ("SubagentStart", "SubagentStop") or draw(st.integers(0, 4)) == 0:
        base["agent_id"] = draw(st.sampled_from(["a12e141b0c5096b1b", "a2"]))
        base["agent_type"] = draw(st.sampled_from(AGENT_TYPES))
    return base


class Case:
    """One stdin payload: ``obj`` (a dict or any JSON value) turned into
    bytes by :meth:`build`, then passed through ``mutate`` (bytes → bytes)."""

    __slots__ = ("event", "kind", "obj", "mutate", "raw")

    def __init__(self, event: str, kind: str, obj=None, mutate=None, raw: bytes | None = None):
        self.event = event
        self.kind = kind
        self.obj = obj
        self.mutate = mutate
        self.raw = raw

    def build(self, root: str) -> bytes:
        if self.raw is not None:
            data = self.raw
        else:
            data = json.dumps(self.obj).encode("utf-8")
        data = data.replace(ROOT.encode(), json.dumps(str(root))[1:-1].encode())
        return self.mutate(data) if self.mutate else data

    def __repr__(self) -> str:
        shown = repr(self.obj if self.raw is None else self.raw)
        return f"Case({self.event}, {self.kind}, {shown[:600]})"


@st.composite
def well_formed_obj(draw, event: str) -> dict:
    obj = draw(common_fields(event))
    if event in TOOL_EVENTS:
        obj.update(draw(tool_call(event)))
    else:
        obj.update(draw(_EVENT_FIELDS[event]()))
    if draw(st.integers(0, 5)) == 0:  # a newer Claude Code's unknown fields are ignored
        obj["future_field_" + draw(st.sampled_from(["a", "b"]))] = draw(JSONISH)
    return obj


def well_formed(event: str):
    """Cases that a real Claude Code could send for ``event``."""
    return well_formed_obj(event).map(lambda obj: Case(event, "well-formed", obj))


# ----------------------------------------------------------------- malformed
def _fields_of(event: str) -> dict:
    """Known top-level fields of ``event``'s payload with their types."""
    return {**COMMON_TYPES, **EVENT_TYPES.get(event, {})}


@st.composite
def _wrong_type(draw, event: str) -> Case:
    obj = draw(well_formed_obj(event))
    tool_fields = TOOL_TYPES.get(obj.get("tool_name")) if event in TOOL_EVENTS else None
    targets = [("top", k, t) for k, t in _fields_of(event).items()
               if k in obj or t[1]]
    if tool_fields:
        targets += [("tool", k, t) for k, t in tool_fields.items()
                    if k in obj["tool_input"] or t[1]]
    where, key, (kind, required) = draw(st.sampled_from(targets))
    value = draw(st.sampled_from(wrong_values(kind, required)))
    if where == "top":
        obj[key] = value
    else:
        obj["tool_input"][key] = value
    return Case(event, f"wrong-type {where}.{key}={value!r}", obj)


@st.composite
def _missing(draw, event: str) -> Case:
    obj = draw(well_formed_obj(event))
    required = [k for k, (_, req) in {**COMMON_TYPES, **EVENT_TYPES.get(event, {})}.items()
                if req]
    tool_fields = TOOL_TYPES.get(obj.get("tool_name")) if event in TOOL_EVENTS else None
    choices = [("top", k) for k in required]
    if tool_fields:
        choices += [("tool", k) for k, (_, req) in tool_fields.items() if req]
    where, key = draw(st.sampled_from(choices))
    if where == "top":
        obj.pop(key, None)
    else:
        obj["tool_input"].pop(key, None)
    return Case(event, f"missing {where}.{key}", obj)


@st.composite
def _bad_edit_list(draw, event: str) -> Case:
    obj = draw(common_fields(event))
    obj.update(tool_name="MultiEdit", tool_input={
        "file_path": f"{ROOT}/src/app.py",
        "edits": [{"old_string": "x", "new_string": "y"}, draw(st.sampled_from(
            ["x", 1, None, [], {"old_string": 1, "new_string": "y"}, {"new_string": "y"}]))]})
    return Case(event, "multiedit-bad-item", obj)


@st.composite
def _nul(draw, event: str) -> Case:
    obj = draw(well_formed_obj(event))
    how = draw(st.sampled_from(["raw", "escaped-path", "escaped-command"]
                               if event in TOOL_EVENTS else ["raw"]))
    if how == "raw":
        at = draw(st.integers(0, 10**6))

        def mutate(data, at=at):
            i = at % (len(data) + 1)
            return data[:i] + b"\x00" + data[i:]

        return Case(event, "nul-raw", obj, mutate)
    if how == "escaped-path":
        tool = draw(st.sampled_from(["Write", "Edit", "Read"]))
        ti = {"file_path": f"{ROOT}/state.md\x00.txt"}
        if tool == "Write":
            ti["content"] = "x"
        if tool == "Edit":
            ti.update(old_string="a", new_string="b")
        obj.update(tool_name=tool, tool_input=ti)
    else:
        obj.update(tool_name="Bash", tool_input={"command": draw(st.sampled_from(
            ["ls\x00", "rm -rf /tmp/victim\x00", "\x00", "echo a\x00b > x"]))})
    return Case(event, how, obj)


_BAD_UTF8 = [b"\xff", b"\xfe", b"\xc3\x28", b"\xa0\xa1", b"\xe2\x28\xa1", b"\xf0\x28\x8c\xbc",
             b"\xc0\xaf", b"\xed\xa0\x80", b"\xf8\x88\x80\x80\x80", b"\x80"]


@st.composite
def _bad_utf8(draw, event: str) -> Case:
    obj = draw(well_formed_obj(event))
    obj["hook_event_name"] = event  # a string field to break
    bad = draw(st.sampled_from(_BAD_UTF8))
    where = draw(st.sampled_from(["in-event-name", "in-a-string", "anywhere"]))
    at = draw(st.integers(0, 10**6))

    def mutate(data, bad=bad, where=where, at=at):
        if where == "in-event-name":
            needle = f'"hook_event_name": "{event}"'.encode()
            return data.replace(needle, needle[:-1] + bad + b'"', 1)
        if where == "in-a-string":
            i = data.find(b'"', data.find(b":") + 1)  # just after the first value's quote
            i = i + 1 if i >= 0 else 0
            return data[:i] + bad + data[i:]
        i = at % (len(data) + 1)
        return data[:i] + bad + data[i:]

    return Case(event, f"invalid-utf8 {where}", obj, mutate)


@st.composite
def _non_object(draw, event: str) -> Case:
    obj = draw(well_formed_obj(event))
    value = draw(st.sampled_from(["array", "string", "number", "null", "true", "nested-array",
                                  "two-objects", "object-then-junk"]))
    shaped = {"array": [obj], "string": json.dumps(obj), "number": 42, "null": None,
              "true": True, "nested-array": [[obj]]}
    if value == "two-objects":
        raw = (json.dumps(obj) + "\n" + json.dumps(obj)).encode()
        return Case(event, "non-object two-objects", raw=raw)
    if value == "object-then-junk":
        return Case(event, "non-object junk", raw=json.dumps(obj).encode() + b" x")
    return Case(event, f"non-object {value}", shaped[value])


@st.composite
def _empty(draw, event: str) -> Case:
    return Case(event, "empty", raw=draw(st.sampled_from([b"", b" ", b"\n", b"\r\n\t  ", b"\t"])))


@st.composite
def _truncated(draw, event: str) -> Case:
    obj = draw(well_formed_obj(event))
    frac = draw(st.floats(0.0, 0.999))

    def mutate(data, frac=frac):
        return data[: int(len(data) * frac)] or b"{"

    return Case(event, "truncated", obj, mutate)


@st.composite
def _deep(draw, event: str) -> Case:
    obj = draw(well_formed_obj(event))
    depth = draw(st.sampled_from([5000, 20000, 100000]))
    kind = draw(st.sampled_from(["[", "{"]))
    if kind == "[":
        nested = b"[" * depth + b"]" * depth
    else:
        nested = b'{"a":' * depth + b"1" + b"}" * depth
    raw = json.dumps(obj).encode()
    raw = raw[:-1] + b', "deep": ' + nested + b"}"
    return Case(event, f"deep {kind}x{depth}", raw=raw)


@st.composite
def _huge(draw, event: str) -> Case:
    obj = draw(well_formed_obj(event))
    size = 5 * 1024 * 1024 + draw(st.integers(1, 1024))
    field = draw(st.sampled_from(["pad", "prompt", "message", "last_assistant_message"]))

    def mutate(data, size=size, field=field):
        return data[:-1] + b', "' + field.encode() + b'": "' + b"x" * size + b'"}'

    return Case(event, f"huge {field}", obj, mutate)


@st.composite
def _other_event(draw, event: str) -> Case:
    obj = draw(well_formed_obj(event))
    obj["hook_event_name"] = draw(st.sampled_from(
        [e for e in EVENTS if e != event] + ["", "pretooluse", event.lower(), event + " ",
                                              "PostToolUseFailures"]))
    return Case(event, f"other-event {obj['hook_event_name']!r}", obj)


@st.composite
def _empty_path(draw, event: str) -> Case:
    obj = draw(common_fields(event))
    tool = draw(st.sampled_from(["Edit", "Write", "MultiEdit", "NotebookEdit"]))
    key = "notebook_path" if tool == "NotebookEdit" else "file_path"
    ti = {key: draw(st.sampled_from(["", " ", "\t"]))}
    if tool == "Write":
        ti["content"] = "x"
    if tool == "Edit":
        ti.update(old_string="a", new_string="b")
    if tool == "MultiEdit":
        ti["edits"] = []
    obj.update(tool_name=tool, tool_input=ti)
    return Case(event, f"empty-path {tool}", obj)


def malformed(event: str, heavy: bool = True):
    """Cases that are malformed by the hook contract for ``event``.
    ``heavy=False`` leaves out the multi-megabyte and deeply nested ones
    (for subprocess samples)."""
    return st.one_of(*malformed_kinds(event, heavy))


def malformed_kinds(event: str, heavy: bool = True) -> list:
    """One strategy per kind of malformation for ``event`` (what
    :func:`malformed` draws from), for a test that runs every kind."""
    kinds = [_wrong_type(event), _nul(event), _bad_utf8(event),
             _non_object(event), _empty(event), _truncated(event), _other_event(event)]
    if any(req for _, req in EVENT_TYPES.get(event, {}).values()):
        kinds.append(_missing(event))  # events with a required field of their own
    if event in TOOL_EVENTS:
        kinds += [_bad_edit_list(event), _empty_path(event)]
    if heavy:
        kinds += [_deep(event), _huge(event)]
    return kinds


def any_input(event: str):
    """Well-formed cases, malformed ones, and raw bytes that may be either."""
    return st.one_of(
        well_formed(event), malformed(event, heavy=False),
        st.binary(max_size=200).map(lambda b: Case(event, "bytes", raw=b)),
        JSONISH.map(lambda v: Case(event, "jsonish", v)),
    )
