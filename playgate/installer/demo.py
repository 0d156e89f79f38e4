"""``install.py --demo`` / ``playgate demo``: a throw-away repository, the
suite installed into it, and a scripted Claude Code session replayed through
the installed hooks as Claude Code runs them ("see it work")."""

from __future__ import annotations

import copy
import json
import os
import re
import shutil
import sys
import tempfile
import textwrap
import time

from playgate.installer.common import (
    GIT_TIMEOUT,
    SETTINGS,
    InstallError,
    Refusal,
    bounded,
    join,
    run_bounded,
    sha256,
    tail,
    write,
)
from playgate.installer.plan import install
from playgate.installer.python import check_interpreter, create_venv
from playgate.installer.python import requirements as requirements_
from statefiles.playbook import new_progress

#: A scripted Claude Code session, one step per hook call ("see it
#: work"). Each step is data:
#:
#: ``note``   what is happening, for the reader;
#: ``event``  the Claude Code event; ``tool``/``input`` for tool events
#:            (``file_path`` relative to the demo repository);
#: ``fields`` further payload fields (``source``, ``stop_hook_active``...);
#: ``agent``  the call is made inside a subagent of this ``agent_type``;
#: ``expect`` the decision the gate must reach: ``allow``, ``context``
#:            (allowed, with additionalContext/systemMessage) or ``block`` —
#:            or a tuple of acceptable ones;
#: ``run``    for an allowed Bash step, the argv the demo runs in its place
#:            (always a harmless command inside the demo repository).
#:
#: Allowed Write/Edit steps are applied to the demo repository as Claude Code
#: would apply them, so later steps see their effect. Later issues append
#: Bash, permission and critic steps here.
DEMO_PLAN = {
    "format_version": 2,
    "meta": {"id": "demo", "branch": "feat/demo", "created": "2026-01-01", "status": "active",
             "review_profile": "standard", "reviewed": False, "reviewed_by": None, "roles": {}},
    "goal": {"summary": "greet() returns a friendly greeting",
             "done_when": [{"criterion": "greet('Ada') == 'Hello, Ada!'",
                            "command": "python -c 'from src.greet import greet; "
                                       "print(greet(\"Ada\"))'",
                            "expected": "Hello, Ada!"}],
             "scope": {"includes": ["src/**"], "excludes": []}},
    "max_iterations": 5,
    "phases": [
        {"id": "p1", "name": "greeting", "description": "write greet()", "depends_on": [],
         "subtasks": [{"id": "p1.1", "criterion": "greet() exists", "executor": "claudecode",
                       "coding": True,
                       "validation_plan": {"technical": "python -c 'import src.greet'",
                                           "consistency": "matches the goal",
                                           "completeness": "one function"}}]},
        {"id": "p2", "name": "polish", "description": "punctuation", "depends_on": ["p1"],
         "subtasks": [{"id": "p2.1", "criterion": "ends with '!'", "executor": "claudecode",
                       "coding": True,
                       "validation_plan": {"technical": "grep -q '!' src/greet.py",
                                           "consistency": "same style",
                                           "completeness": "one line"}}]},
    ],
    "final_tasks": [],
}


def _demo_progress() -> dict:
    """The demo playbook's progress.json: p1.1 active, every subtask pending."""
    return new_progress({"p1": "in_progress", "p2": "pending"}, ("p1.1", "p2.1"),
                        ("p1", "p1.1"))


def _json_text(obj) -> str:
    return json.dumps(obj, indent=2) + "\n"


def _edit(path: str, old: str, new: str) -> dict:
    """The ``tool_input`` of an Edit call replacing ``old`` with ``new`` once."""
    return {"file_path": path, "old_string": old, "new_string": new, "replace_all": False}


#: The first edit Claude tries, again and again, until the gate lets it through.
_EDIT_GREET = _edit("src/greet.py", "pass", "return 'Hello'")

_REVIEWED_PLAN = copy.deepcopy(DEMO_PLAN)
_REVIEWED_PLAN["meta"].update(reviewed=True, reviewed_by="reviewer")
_REVIEWED_PLAN["context"] = {"what": "a greet() helper", "why": "demo",
                             "confirmed_by": "user"}


def _pre(note: str, tool: str, tool_input: dict, expect: str, **more) -> dict:
    """A step of :data:`DEMO_SCRIPT` in which Claude calls ``tool`` with
    ``tool_input`` (a PreToolUse event) and the gate should answer ``expect``;
    ``more``: the step's other keys (``agent``, ``run``)."""
    return {"note": note, "event": "PreToolUse", "tool": tool, "input": tool_input,
            "expect": expect, **more}


DEMO_SCRIPT = (
    {"note": "a session starts", "event": "SessionStart", "fields": {"source": "startup"},
     "expect": "context"},
    _pre("Claude edits straight away", "Edit", _EDIT_GREET, "block"),
    _pre("it starts the golden path", "Skill", {"skill": "playbook-init"}, "block"),
    _pre("it reads the state first", "Read", {"file_path": "state.md"}, "allow"),
    _pre("playbook-init again", "Skill", {"skill": "playbook-init"}, ("allow", "context")),
    {"note": "the user confirms the understanding check", "event": "UserPromptSubmit",
     "fields": {"prompt": "yes"}, "expect": ("allow", "context")},
    _pre("an edit on main", "Edit", _EDIT_GREET, "block"),
    _pre("it creates a work branch", "Bash",
         {"command": "git checkout -b feat/demo", "description": "create a branch"}, "allow",
         run=["git", "checkout", "-q", "-b", "feat/demo"]),
    _pre("an edit with no playbook", "Edit", _EDIT_GREET, "block"),
    _pre("pm writes the playbook", "Write",
         {"file_path": "play/demo/plan.json", "content": _json_text(DEMO_PLAN)}, "allow"),
    _pre("... and its progress file", "Write",
         {"file_path": "play/demo/progress.json", "content": _json_text(_demo_progress())},
         "allow"),
    _pre("state.md points at it", "Edit",
         _edit("state.md", "active: null", "active: play/demo/plan.json"), "allow"),
    _pre("an edit before the review", "Edit", _EDIT_GREET, "block"),
    _pre("the reviewer subagent passes it", "Write",
         {"file_path": "play/demo/plan.json", "content": _json_text(_REVIEWED_PLAN)}, "allow",
         agent="reviewer"),
    _pre("the edit, reviewed playbook", "Edit",
         _edit("src/greet.py", "pass", "return f'Hello, {name}'"), "allow"),
    _pre("the gate's own settings", "Edit",
         _edit(".claude/settings.json", "\"hooks\"", "\"hooks_off\""), "block"),
    _pre("a BLOCK-level file (strict)", "Edit", _edit(".gitignore", ".claude/.venv/", ""),
         "block"),
    _pre("progress moves to phase p2", "Edit",
         _edit("play/demo/progress.json", "\"phase\": \"p1\"", "\"phase\": \"p2\""),
         "allow"),
    _pre("p2 work while p1 is open", "Edit", _edit("src/greet.py", "{name}'", "{name}!'"),
         "context"),
    # Allowed today; blocked with the open subtasks once the completion-check
    # is in the Stop chain.
    {"note": "Claude wants to stop", "event": "Stop",
     "fields": {"stop_hook_active": False, "last_assistant_message": "done",
                "background_tasks": []},
     "expect": ("allow", "context", "block")},
)

DEMO_FILES = {
    "README.md": "# demo\n\nA throw-away repository for playgate's demo (`install.py --demo`, `playgate demo`).\n",
    "src/__init__.py": "",
    "src/greet.py": "def greet(name):\n    pass\n",
}


def _git_env() -> dict:
    env = dict(os.environ, GIT_AUTHOR_NAME="playgate demo", GIT_AUTHOR_EMAIL="demo@example.invalid",
               GIT_COMMITTER_NAME="playgate demo", GIT_COMMITTER_EMAIL="demo@example.invalid",
               GIT_TERMINAL_PROMPT="0")
    return env


def _git(repo: str, *args: str) -> None:
    # core.hooksPath: never run the user's global git hooks in the demo.
    proc = run_bounded(["git", "-c", "core.hooksPath=/dev/null", "-c", "commit.gpgsign=false",
                        "-C", repo, *args], GIT_TIMEOUT, env=_git_env())
    if proc.returncode != 0:
        raise InstallError(f"git {' '.join(args)} failed: "
                           + tail(proc.stderr.decode("utf-8", "replace")))


def make_demo_repo(path: str) -> str:
    """A fresh git repository at ``path`` (which must not exist or be empty)
    with one commit on ``main``."""
    if os.path.exists(path) and (not os.path.isdir(path) or os.listdir(path)):
        raise Refusal(f"{path} exists and is not empty; the demo needs a new directory")
    os.makedirs(path, exist_ok=True)
    path = os.path.realpath(path)
    _git(path, "init", "-q")
    _git(path, "symbolic-ref", "HEAD", "refs/heads/main")
    for rel, text in DEMO_FILES.items():
        write(join(path, rel), text.encode())
    _git(path, "add", "-A")
    _git(path, "commit", "-q", "-m", "demo: initial commit")
    return path


def cache_dir() -> str:
    """``$XDG_CACHE_HOME/playgate`` or ``~/.cache/playgate``."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "playgate")


def demo_python(requirements: list, out=print) -> str:
    """An interpreter with the runtime dependencies for the demo.

    This interpreter when it already has them in range; else a virtualenv
    cached under :func:`cache_dir`, named after the Python version and a hash
    of the requirements and the base interpreter, created once (about 10 s)
    and reused by every later demo. A broken cache entry is rebuilt; the
    entry is built under a temporary name and renamed, so concurrent demos
    never see half a virtualenv.
    """
    try:
        check_interpreter(sys.executable, requirements)
        return sys.executable
    except Refusal:
        pass
    key = sha256(("\n".join(sorted(requirements)) + "\n" + sys.version + "\n"
                + os.path.realpath(sys.executable)).encode())[:16]
    root = cache_dir()
    venv = os.path.join(root, f"venv-py{sys.version_info[0]}{sys.version_info[1]}-{key}")
    python = os.path.join(venv, "bin", "python")
    if os.path.exists(python):
        try:
            check_interpreter(python, requirements, what="cached")
            return python
        except Refusal:
            shutil.rmtree(venv, ignore_errors=True)
    os.makedirs(root, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix=".venv-build-", dir=root)
    try:
        out(f"first demo run: building a cached virtualenv in {venv} (reused next time)")
        create_venv(os.path.join(tmp, "venv"), requirements, out)
        try:
            os.rename(os.path.join(tmp, "venv"), venv)
        except OSError:
            if not os.path.exists(python):  # not a concurrent build that won the race
                raise
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    check_interpreter(python, requirements, what="cached")
    return python


def _matches(matcher, tool: str) -> bool:
    """Claude Code's matcher rules (reference: Registration)."""
    if matcher in (None, "", "*"):
        return True
    if re.fullmatch(r"[A-Za-z0-9_|, -]+", matcher):
        return tool in {m.strip() for m in re.split(r"[|,]", matcher)}
    try:
        return re.search(matcher, tool) is not None
    except re.error:
        return False


def registered_handlers(settings: dict, event: str, tool: str = "") -> list:
    """The command handlers Claude Code would run for ``event`` (and ``tool``)."""
    found = []
    for group in (settings.get("hooks") or {}).get(event, []):
        if event in ("PreToolUse", "PostToolUse", "PermissionRequest") and \
                not _matches(group.get("matcher"), tool):
            continue
        found += [h for h in group.get("hooks", []) if h.get("type") == "command"]
    return found


def _payload(repo: str, step: dict, n: int) -> dict:
    event = step["event"]
    session = "0d3m0000-5e55-4000-8000-000000000001"
    payload = {"session_id": session,
               "transcript_path": os.path.join(repo, ".demo-transcript.jsonl"),
               "cwd": repo}
    if event not in ("SessionStart", "SessionEnd"):
        payload["prompt_id"] = "0d3m0000-9999-4000-8000-000000000002"
        payload["permission_mode"] = "default"
    if step.get("agent"):
        payload["agent_id"] = f"a0demo{n:04d}"
        payload["agent_type"] = step["agent"]
    payload["hook_event_name"] = event
    if "tool" in step:
        tool_input = dict(step.get("input") or {})
        for key in ("file_path", "notebook_path"):
            if key in tool_input and not os.path.isabs(tool_input[key]):
                tool_input[key] = join(repo, tool_input[key])
        payload.update(tool_name=step["tool"], tool_input=tool_input,
                       tool_use_id=f"toolu_demo{n:04d}")
    payload.update(step.get("fields") or {})
    return payload


def call_hooks(repo: str, settings: dict, payload: dict) -> dict:
    """Run every registered handler for ``payload`` as Claude Code does (its
    command through ``sh -c``, ``CLAUDE_PROJECT_DIR`` set, JSON on stdin,
    bounded by the handler's timeout) and read the answer.

    Returns ``{"decision": "allow"|"context"|"block"|"error", "reason": str,
    "ms": float}``.
    """
    event, tool = payload["hook_event_name"], payload.get("tool_name", "")
    env = dict(os.environ, CLAUDE_PROJECT_DIR=repo)
    env.pop("PLAYGATE_TRACE", None)
    data = json.dumps(payload).encode()
    result = {"decision": "allow", "reason": "", "ms": 0.0}
    for handler in registered_handlers(settings, event, tool):
        timeout = float(handler.get("timeout") or 60)
        start = time.monotonic()
        code, out, err = bounded(["sh", "-c", handler["command"]], timeout + 5, data,
                                 env=env, cwd=repo)
        result["ms"] += (time.monotonic() - start) * 1000
        out, err = out.decode("utf-8", "replace"), err.decode("utf-8", "replace")
        decision, reason = _read_answer(event, code, out, err)
        rank = {"error": 3, "block": 2, "context": 1, "allow": 0}
        if rank[decision] >= rank[result["decision"]]:
            result.update(decision=decision, reason=reason or result["reason"])
    return result


def _read_answer(event: str, code, out: str, err: str) -> tuple:
    if code is None:
        return "error", "timed out (Claude Code would let the call through)"
    if "Traceback (most recent call last)" in err:
        return "error", f"traceback: {tail(err, 2)}"
    if code == 2:
        return "block", err.strip()
    if code != 0:
        return "error", f"exit {code} (Claude Code treats it as a non-blocking error): {tail(err)}"
    text = out.strip()
    if not text:
        return "allow", ""
    try:
        body = json.loads(text)
    except ValueError:
        if event in ("SessionStart", "UserPromptSubmit"):
            return "context", text
        return "error", f"stdout is not one JSON object: {text[:200]}"
    if not isinstance(body, dict):
        return "error", f"stdout is not a JSON object: {text[:200]}"
    specific = body.get("hookSpecificOutput") or {}
    if body.get("decision") == "block" or specific.get("permissionDecision") == "deny":
        return "block", body.get("reason") or specific.get("permissionDecisionReason") or ""
    if (specific.get("decision") or {}).get("behavior") == "allow":
        return "allow", "approved"
    context = specific.get("additionalContext") or body.get("systemMessage") or ""
    return ("context", context) if context else ("allow", "")


def _apply_tool(repo: str, step: dict) -> None:
    """Do what Claude Code does after an allowed call (file tools and the
    step's harmless ``run`` argv)."""
    tool, args = step.get("tool"), step.get("input") or {}
    if tool == "Write":
        write(join(repo, args["file_path"]), args["content"].encode())
    elif tool == "Edit":
        path = join(repo, args["file_path"])
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
        if args["old_string"] not in text:
            raise InstallError(f"demo step edits {args['file_path']} but "
                               f"{args['old_string']!r} is not in it")
        count = -1 if args.get("replace_all") else 1
        write(path, text.replace(args["old_string"], args["new_string"], count).encode())
    elif tool == "Bash" and step.get("run"):
        proc = run_bounded(list(step["run"]), GIT_TIMEOUT, cwd=repo, env=_git_env())
        if proc.returncode != 0:
            raise InstallError(f"demo command {' '.join(step['run'])} failed: "
                               + tail(proc.stderr.decode("utf-8", "replace")))


def _target(step: dict) -> str:
    args = step.get("input") or {}
    if "command" in args:
        return args["command"]
    for key in ("file_path", "skill", "subagent_type", "pattern"):
        if key in args:
            return str(args[key])
    fields = step.get("fields") or {}
    return str(fields.get("source") or fields.get("prompt") or "")


def _clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[: max(width - 1, 1)] + "…"


def run_demo(directory: str | None, python: str | None = None, out=print,
             script=DEMO_SCRIPT) -> int:
    """``install.py --demo``: make a throw-away repository, install into it,
    replay ``script`` through the installed hooks and print the table.
    Returns 0 when every step ran and reached its expected decision."""
    requirements = requirements_()
    if python:
        check_interpreter(python, requirements)
        interpreter = python
    else:
        interpreter = demo_python(requirements, out)
    where = directory or tempfile.mkdtemp(prefix="playgate-demo-")
    repo = make_demo_repo(where)
    code = install(repo, python=interpreter, out=lambda line: None)
    if code != 0:
        raise InstallError(f"installing into the demo repository {repo} failed")
    with open(join(repo, SETTINGS), encoding="utf-8") as fh:
        settings = json.load(fh)
    out("playgate demo: a scripted Claude Code session replayed through the installed hooks")
    out(f"repository {repo} (hook interpreter {interpreter})")
    out("each hook runs as Claude Code runs it: the registered command via sh -c, "
        "CLAUDE_PROJECT_DIR set, the event JSON on stdin")
    out("")
    width = min(max(shutil.get_terminal_size((120, 24)).columns, 100), 160)
    header = (f"{'#':>2}  {'what happens':<32} {'event':<12} {'tool':<6} {'target':<28} "
              f"{'decision':<8} {'ms':>5}")
    out(header)
    out("-" * len(header))
    failures = 0
    counts = {"allow": 0, "context": 0, "block": 0, "error": 0}
    for n, step in enumerate(script, 1):
        payload = _payload(repo, step, n)
        result = call_hooks(repo, settings, payload)
        decision = result["decision"]
        counts[decision] += 1
        expected = step.get("expect")
        expected = (expected,) if isinstance(expected, str) else tuple(expected or ())
        ok = decision != "error" and (not expected or decision in expected)
        reason = " ".join((result["reason"] or "").split())
        if ok and decision != "block":
            try:
                _apply_tool(repo, step)
            except InstallError as exc:
                ok, reason = False, f"{reason} [{exc}]".strip()
        if not ok:
            failures += 1
            reason = (f"UNEXPECTED: wanted {' or '.join(expected) or 'no error'}. "
                      + reason).strip()
        who = step["note"] + (f" ({step['agent']})" if step.get("agent") else "")
        shown = decision.upper() if decision in ("block", "error") else decision
        out(f"{n:>2}  {_clip(who, 32):<32} {step['event']:<12} {step.get('tool', ''):<6} "
            f"{_clip(_target(step), 28):<28} {shown:<8} {result['ms']:>5.0f}")
        if reason:
            lines = textwrap.wrap(reason, width - 8) or [""]
            if len(lines) > 3:
                lines = lines[:3]
                lines[-1] = _clip(lines[-1], width - 9) + " …"
            for line in lines:
                out(f"      {'!' if not ok else ' '} {line}")
    out("")
    summary = (f"{len(script)} steps: {counts['block']} blocked, {counts['context']} with "
               f"context, {counts['allow']} allowed")
    if failures:
        out(f"{summary}; {failures} did not go as scripted (marked above).")
    else:
        out(f"{summary}; every decision as scripted.")
    out(f"The demo repository stays at {repo}; look around (state.md, play/demo/, .claude/) "
        "and delete it when done.")
    return 1 if failures else 0


