"""Everything a Japanese reader gets is Japanese.

With ``language: ja`` in state.md, the texts the hooks return — block
reasons, warnings, additionalContext, Stop/SubagentStop reasons, the
PermissionRequest message, the statusline — are rendered through the
installed entrypoints (the registered command, JSON on stdin, as Claude Code
runs them) in many scenarios (PermissionRequest is not among them: it
answers "allow" or stays silent, and its reasons go to the audit log only),
and :func:`english_runs` looks for English
prose in them: a run of three or more English words outside code spans,
quotes, paths, flags, identifiers and the names the messages deliberately
keep (:data:`KEPT`). The shell analysis's own findings (bash-check's
destructive/unknown reasons, carriers) are another branch's work: they are
left out by the choice of scenarios, not by the checker.

Families: the checker itself (it finds English prose, it leaves Japanese
with identifiers alone); every scenario's rendered output in Japanese; the
same scenarios in English are unchanged in kind (a block stays a block).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest
import reward_kit as K
from _foundation import plan_doc
from conftest import git

#: The subject is the wording (the Japanese rendering, and English prose found in it):
#: skipped in the reworded run (docs/development.md).
pytestmark = pytest.mark.wording

# ------------------------------------------------------------------ the checker
#: Spans that are not prose: code spans, quotes (ASCII and Japanese), <placeholders>,
#: {fields}, [lists] and (char ...) positions are what the message names, not what it says.
_SPANS = re.compile(r"`[^`\n]*`|'[^'\n]*'|\"[^\"\n]*\"|「[^」\n]*」|<[^>\n]*>|\{[^}\n]*\}")
#: Tokens that are identifiers: paths, dotted names, snake_case, CamelCase
#: inside a word, --flags, anything with a digit or an ``=``.
_IDENT = re.compile(r"[!-~]*[/_.=$~\\@#*][!-~]*|[!-~]*[a-z][A-Z][!-~]*|(?<![\w-])--?[\w-]+"
                    r"|[!-~]*\d[!-~]*")
#: Words the Japanese messages keep in English on purpose: the field's terms
#: (SPEC names), tool and event names, program names, verdict words. A run
#: of them alone is not prose; three words with one other word among them is.
KEPT = frozenset("""
    playbook playbooks subagent subagents skill skills reviewer critic pm hook hooks
    phase subtask subtasks done_when context orchestrator worker human user
    PASS FAIL PENDING BLOCK HARD_BLOCK WARN ALLOW ask deny allow block warn
    Edit Write MultiEdit NotebookEdit Read Bash Agent Task Skill Grep Glob
    PreToolUse PostToolUse UserPromptSubmit SessionStart SessionEnd Stop SubagentStop
    PermissionRequest Notification PreCompact TaskCompleted TeammateIdle
    git GitHub gh pytest python python3 npm node yaml YAML JSON json UTF Markdown
    playgate Claude Code CLI README CI Codex codex claudecode coderabbit
    main master HEAD origin feat fix docs chore commit push merge pull request PR
    strict trusted developer admin toolstack security roles language ja en
    true false null None
    post-loop playbook-init prompt-analyzer understanding-check state
    bash-check main-branch playbook-guard protected-edit init-guard consent-guard
    critic-guard scope-guard subtask-guard completion-check stop-loop-guard
    technical consistency completeness pending in_progress blocked
    FIFO ID id OK
""".split())


def _prose(words: list, listed: bool) -> list:
    """``[" ".join(words)]`` when ``words`` is a run of prose, else ``[]``
    (``listed``: every word follows a comma, a list of names)."""
    if len(words) >= 3 and not listed and any(w not in KEPT for w in words):
        return [" ".join(words)]
    return []


def english_runs(text: str) -> list:
    """Runs of three or more English words in ``text`` that are prose.

    Code spans, quoted text, ``<placeholders>``, ``{fields}`` and identifier
    tokens (paths, dotted or snake_case names, flags, anything with a digit)
    are cut out first and end a run; so does any non-ASCII character
    (Japanese around an English term ends it) and ``( ) ; : ,``-free breaks
    such as a newline; words separated by commas only (``action, args,
    command``) are a list of names. Words of :data:`KEPT` count in a run but a run of
    them alone is not prose: ``reviewer subagent PASS`` is not found, ``the
    playbook is`` and ``is PENDING, not PASS`` are."""
    cut = _IDENT.sub(" \x00 ", _SPANS.sub(" \x00 ", text))
    runs = []
    for segment in re.split(r"[^\x01-\x7f]|[();:\n|]", cut):
        current, listed, gap_from = [], True, 0
        for m in re.finditer(r"[A-Za-z][A-Za-z'-]*|[^\sA-Za-z,.!?]+", segment):
            token = m.group()
            if re.fullmatch(r"[A-Za-z][A-Za-z'-]*", token):
                if current:
                    listed = listed and "," in segment[gap_from:m.start()]
                current.append(token)
                gap_from = m.end()
                continue
            runs.extend(_prose(current, listed))
            current, listed = [], True
        runs.extend(_prose(current, listed))
    return runs


@pytest.mark.parametrize("text", [
    "No active playbook, so no file may be edited.",
    "現在の playbook が無いため: state.md has problems: the YAML is broken",
    "state.md cannot be read (Is a directory) — check that it is a regular file",
    "Expecting value at char 0",
    "validations.technical.status is PENDING, not PASS",
])
def test_the_checker_finds_english_prose(text):
    assert english_runs(text), text


@pytest.mark.parametrize("text", [
    "現在の playbook が無いため、ファイルを編集できません。Skill(skill='playbook-init') を呼び出してください",
    "reviewer subagent が PASS を記録します (`git checkout -b feat/<short-name>`)",
    "play/p1/plan.json が正しい JSON ではありません (文字位置 0 に値がありません)",
    "Agent(subagent_type='reviewer', run_in_background: false) を呼び出してください",
    "state.md の config.security が 'loose' です",
    "「Expecting value at char 0」",
])
def test_the_checker_leaves_japanese_with_identifiers_alone(text):
    assert english_runs(text) == [], text


def english_words(text: str) -> list:
    """Every English word of ``text`` outside identifiers, quotes and
    :data:`KEPT`: the statusline is a few words between ``|``, so a single
    one is already untranslated text."""
    cut = _IDENT.sub(" ", _SPANS.sub(" ", text))
    return [w for w in re.findall(r"[A-Za-z][A-Za-z'-]*", cut) if w not in KEPT]


def test_the_statusline_check_finds_single_words():
    assert english_words("playgate | no playbook | strict") == ["no"]
    assert english_words("playgate | p1 | phase p1 | 0/1 | strict | state problem") == ["problem"]
    assert english_words("playgate | playbook なし | strict | 待ち: post-loop") == []


# ------------------------------------------------------------------ rendering
def rendered(result) -> list:
    """Every text of one hook answer a reader sees: stderr (exit-2 blocks
    and the folded JSON deny), the JSON answer's reason, systemMessage,
    additionalContext, permissionDecisionReason and PermissionRequest
    message; plain stdout when it is not JSON."""
    texts = [result.raw_stderr]
    out = result.stdout.strip()
    if out.startswith("{"):
        data = json.loads(out)
        specific = data.get("hookSpecificOutput") or {}
        decision = specific.get("decision")
        texts += [data.get("reason", ""), data.get("systemMessage", ""),
                  data.get("stopReason", ""), specific.get("additionalContext", ""),
                  specific.get("permissionDecisionReason", ""),
                  decision.get("message", "") if isinstance(decision, dict) else ""]
    else:
        texts.append(out)
    return [t for t in texts if t and t.strip()]


def set_config(root, **values) -> None:
    """Set keys of state.md's config section (language, security...)."""
    path = root / "state.md"
    text = path.read_text()
    for key, value in values.items():
        text, n = re.subn(rf"(?m)^{key}:[^\n]*$", f"{key}: {value}", text, count=1)
        assert n == 1, key
    path.write_text(text)


def set_state(root, section: str, body: str) -> None:
    """Replace the YAML block of ``section`` in state.md by ``body``."""
    path = root / "state.md"
    text = path.read_text()
    new, n = re.subn(rf"(## {section}\n```yaml\n).*?(```)", lambda m: m.group(1) + body + m.group(2),
                     text, count=1, flags=re.S)
    assert n == 1, section
    path.write_text(new)


def write_playbook(root, pid="p1", plan=None, progress=None, activate=True) -> None:
    d = root / "play" / pid
    d.mkdir(parents=True, exist_ok=True)
    (d / "plan.json").write_text(plan if isinstance(plan, str) else json.dumps(
        plan if plan is not None else plan_doc(pid)))
    (d / "progress.json").write_text(progress if isinstance(progress, str) else json.dumps(
        progress if progress is not None else {"format_version": 2, "subtasks": {}}))
    if activate:
        set_state(root, "playbook", f"active: play/{pid}/plan.json\ncurrent_phase: p1\n"
                                    "branch: feat/x\nlast_archived: null\n")


def session(inst) -> None:
    """The request was analysed and the work branch exists."""
    marker = inst.root / ".claude" / "session-state" / "prompt-analyzer-called"
    marker.parent.mkdir(parents=True, exist_ok=True)
    marker.write_text("x\n")
    git(inst.root, "checkout", "-q", "-b", "feat/x")


def edit(inst, rel="src/app.py"):
    return inst.tool("Edit", {"file_path": str(inst.root / rel), "old_string": "x",
                              "new_string": "y"})


def statusline(inst):
    payload = {"session_id": "s", "cwd": str(inst.root),
               "workspace": {"current_dir": str(inst.root), "project_dir": str(inst.root)}}
    command = inst.settings.get("statusLine", {}).get("command") or (
        f"{sys.executable} {inst.root / '.claude' / 'playgate' / 'statusline.py'}")
    proc = subprocess.run(["sh", "-c", command], input=json.dumps(payload), text=True,
                          capture_output=True, timeout=60, cwd=str(inst.root))
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.strip()


# Each scenario: (name, setup(inst), run(inst) -> HookResult or str). The
# setups break or prepare the project the way the existing suites do
# (tests/test_robust_hostile.py, tests/test_messages.py, reward_kit).
def _broken_yaml(inst):
    set_state(inst.root, "goal", "status: [unclosed\n")


def _duplicate_section(inst):
    with open(inst.root / "state.md", "a") as fh:
        fh.write("\n## goal\n```yaml\nstatus: done\n```\n")


def _active_list(inst):
    set_state(inst.root, "playbook", "active: [a, b]\n")


def _active_outside(inst):
    set_state(inst.root, "playbook", "active: ../elsewhere/plan.json\n")


def _active_archive(inst):
    set_state(inst.root, "playbook", "active: play/archive/p0/plan.json\n")


def _bad_security(inst):
    set_config(inst.root, security="loose")


def _plan_not_json(inst):
    write_playbook(inst.root, plan="{not json")


def _plan_a_list(inst):
    write_playbook(inst.root, plan="[1, 2]")


def _plan_version(inst):
    plan = plan_doc("p1")
    plan["format_version"] = 9
    write_playbook(inst.root, plan=plan)


def _progress_dir(inst):
    write_playbook(inst.root)
    (inst.root / "play" / "p1" / "progress.json").unlink()
    (inst.root / "play" / "p1" / "progress.json").mkdir()


def _ready(inst):
    write_playbook(inst.root)


def _incomplete(inst):
    write_playbook(inst.root, progress={"format_version": 2, "subtasks": {
        "s1": {"status": "done", "validated_by": "me"}}})


def _many_open(inst):
    """20 open subtasks: the Stop block's list is cut short ("... and 5 more")."""
    write_playbook(inst.root, plan=plan_doc("p1", phases=[
        {"id": "p1", "name": "one", "depends_on": [],
         "subtasks": [{"id": f"s{i}", "criterion": "c"} for i in range(1, 21)]}]))


def _state_lock_a_directory(inst):
    """SessionStart's state writes cannot take the state lock: the answer
    says which writes were not recorded (tests/test_robust_hostile.py)."""
    lock = inst.root / ".claude" / ".locks" / "state.lock"
    if lock.exists():
        lock.unlink()
    lock.mkdir(parents=True)


def _nothing(inst):
    pass


def _main_branch(inst):
    git(inst.root, "checkout", "-q", "main")


def _bad_rules(inst):
    (inst.root / ".claude" / "playgate-rules.yaml").write_text(
        "rules:\n  - name: x\n    match: {program: npm}\n    action: allow\n    extra: 1\n")


def _rules_not_yaml(inst):
    (inst.root / ".claude" / "playgate-rules.yaml").write_text("rules: [unclosed\n")


def _bad_protected_lines(inst):
    with open(inst.root / ".claude" / "protected-files.txt", "a") as fh:
        fh.write("\nFOO:x\nBLOCK:\nHARD_BLOCK:../escape\nC:\\windows\\x\n")


def _protected_list_a_directory(inst):
    path = inst.root / ".claude" / "protected-files.txt"
    path.unlink()
    path.mkdir()


def _bad_date(inst):
    set_state(inst.root, "session", "last_start: 2026-13-45\nlast_end: null\n")


def _stop(inst):
    return inst.hook("Stop", stop_hook_active=False)


def _prompt(inst):
    return inst.hook("UserPromptSubmit", prompt="ログイン機能を追加してください")


def _start(inst):
    return inst.hook("SessionStart", source="startup")


def _resume(inst):
    return inst.hook("SessionStart", source="resume")


def _end(inst):
    return inst.hook("SessionEnd", reason="exit")


def _post_edit(inst):
    return inst.hook("PostToolUse", tool_name="Edit", tool_use_id="t",
                     tool_input={"file_path": str(inst.root / "src" / "app.py"),
                                 "old_string": "x", "new_string": "y"},
                     tool_response={"filePath": str(inst.root / "src" / "app.py")})


def _bash_touch(inst):
    return inst.tool("Bash", {"command": "touch newfile"})


def _bash_ls(inst):
    return inst.tool("Bash", {"command": "ls"})


def _bash_ask_database(inst):
    return inst.tool("Bash", {"command": "psql -c 'drop table Users'"})


def _bash_ask_infrastructure(inst):
    return inst.tool("Bash", {"command": "terraform destroy -auto-approve"})


def _bash_computed_command(inst):
    return inst.tool("Bash", {"command": 'bash -c "$SCRIPT"'})


def _bash_paths_from_input(inst):
    return inst.tool("Bash", {"command": "xargs rm < list.txt"})


def _bash_test_before_a_playbook(inst):
    return inst.tool("Bash", {"command": "pytest -q"})


def _write_agent(inst):
    return inst.tool("Write", {"file_path": str(inst.root / ".claude" / "agents" / "x.md"),
                               "content": "---\nname: x\ntools: Agent\n---\nbody\n"})


def _write_protected(inst):
    return inst.tool("Write", {"file_path": str(inst.root / ".claude" / "hooks" / "x.py"),
                               "content": "x"})


def _edit_state_config(inst):
    text = (inst.root / "state.md").read_text()
    return inst.tool("Write", {"file_path": str(inst.root / "state.md"),
                               "content": text.replace("security: strict", "security: admin")})


def _edit(inst):
    return edit(inst)


SCENARIOS = [
    # (name, setup, run, on a work branch)
    ("start-fresh", _nothing, _start, True),
    ("start-resume-ready", _ready, _resume, True),
    ("start-broken-yaml", _broken_yaml, _start, True),
    ("start-duplicate-section", _duplicate_section, _start, True),
    ("start-bad-security", _bad_security, _start, True),
    ("start-plan-not-json", _plan_not_json, _start, True),
    ("start-bad-protected-lines", _bad_protected_lines, _start, True),
    ("start-protected-list-unreadable", _protected_list_a_directory, _start, True),
    ("edit-protected-list-unreadable", _protected_list_a_directory, _edit, True),
    ("start-bad-date", _bad_date, _start, True),
    ("start-state-not-recorded", _state_lock_a_directory, _start, True),
    ("prompt-fresh", _nothing, _prompt, True),
    ("prompt-ready", _ready, _prompt, True),
    ("prompt-active-archive", _active_archive, _prompt, True),
    ("edit-no-playbook", _nothing, _edit, True),
    ("edit-broken-yaml", _broken_yaml, _edit, True),
    ("edit-active-list", _active_list, _edit, True),
    ("edit-active-outside", _active_outside, _edit, True),
    ("edit-active-archive", _active_archive, _edit, True),
    ("edit-plan-not-json", _plan_not_json, _edit, True),
    ("edit-plan-a-list", _plan_a_list, _edit, True),
    ("edit-plan-version", _plan_version, _edit, True),
    ("edit-progress-dir", _progress_dir, _edit, True),
    ("edit-on-main", _main_branch, _edit, False),
    ("write-protected", _ready, _write_protected, True),
    ("write-state-config", _ready, _edit_state_config, True),
    ("write-agent-definition", _ready, _write_agent, True),
    ("bash-on-main", _main_branch, _bash_touch, False),
    ("bash-ask-database", _ready, _bash_ask_database, True),
    ("bash-ask-infrastructure", _ready, _bash_ask_infrastructure, True),
    ("bash-computed-command", _ready, _bash_computed_command, True),
    ("bash-paths-from-input", _ready, _bash_paths_from_input, True),
    ("bash-test-before-a-playbook", _nothing, _bash_test_before_a_playbook, True),
    ("bash-bad-rules", _bad_rules, _bash_ls, True),
    ("bash-rules-not-yaml", _rules_not_yaml, _bash_ls, True),
    ("post-edit-code", _ready, _post_edit, True),
    ("stop-incomplete", _incomplete, _stop, True),
    ("stop-broken-yaml", _broken_yaml, _stop, True),
    ("stop-plan-not-json", _plan_not_json, _stop, True),
    ("session-end", _ready, _end, True),
    ("statusline-no-playbook", _nothing, statusline, True),
    ("statusline-ready", _ready, statusline, True),
    ("statusline-broken", _plan_not_json, statusline, True),
]


# ------------------------------------------------------------------ the reviewer and the critic
def demo(inst, reviewed=True, context=True, active=True, progress=None, plan=None) -> None:
    """play/demo (tests/reward_kit.py's playbook) on feat/demo, active or not."""
    git(inst.root, "checkout", "-q", "-b", K.BRANCH)
    plan = plan or K.plan_doc(reviewed=reviewed)
    if not reviewed:
        plan["meta"].update(status="draft", reviewed_by=None)
    if not context:
        plan.pop("context")
    K.write_playbook(inst.root, K.PLAYBOOK, plan, progress or K.progress_doc())
    if active:
        set_state(inst.root, "playbook", f"active: {K.PLAN}\ncurrent_phase: p1\n"
                                         f"branch: {K.BRANCH}\nlast_archived: null\n")


def evidence(inst, *sids) -> None:
    doc = json.loads((inst.root / K.PROGRESS).read_text())
    for sid in sids:
        entry = K.evidenced(doc["subtasks"][sid], status="in_progress")
        entry.update(validated_by=None, validated_at=None)
        doc["subtasks"][sid] = entry
    (inst.root / K.PROGRESS).write_text(K.dump(doc))


def subagent(inst, agent_type, message):
    """The subagent stops (SubagentStop), then its Agent call returns
    (PostToolUse): both answers."""
    if agent_type == "critic":
        K.critic_ran(inst.root, "a-1")  # its commands ran and passed, as the hooks saw
    stop = inst.hook("SubagentStop", stop_hook_active=False, agent_id="a-1",
                     agent_type=agent_type, last_assistant_message=message)
    post = inst.hook("PostToolUse", tool_name="Agent", tool_use_id="t",
                     tool_input={"subagent_type": agent_type, "prompt": "p", "description": "d"},
                     tool_response={"status": "completed"})
    return [stop, post]


def _review_no_context(inst):
    demo(inst, reviewed=False, context=False, active=False)
    return subagent(inst, "reviewer", f"REVIEW: PASS {K.PLAN}")


def _review_other_branch(inst):
    demo(inst, reviewed=False, active=False)
    git(inst.root, "checkout", "-q", "-b", "feat/other")
    return subagent(inst, "reviewer", f"REVIEW: PASS {K.PLAN}")


def _review_pass(inst):
    demo(inst, reviewed=False, active=False)
    return subagent(inst, "reviewer", f"問題ありません。\nREVIEW: PASS {K.PLAN}")


def _review_fail(inst):
    demo(inst, reviewed=False, active=False)
    return subagent(inst, "reviewer", f"REVIEW: FAIL {K.PLAN} - 完了条件があいまいです")


def _critic_partial(inst):
    demo(inst)
    evidence(inst, "p1.1")
    return subagent(inst, "critic", "pytest: 12 passed\nCRITIC: PASS p1.1\nCRITIC: PASS p1.2")


def _critic_fail(inst):
    demo(inst)
    evidence(inst, "p1.1")
    return subagent(inst, "critic", "CRITIC: FAIL p1.1 - テストがスキップされています")


def _critic_no_verdict(inst):
    demo(inst)
    return subagent(inst, "critic", "確認しました。")


def _critic_archives(inst):
    demo(inst)
    git(inst.root, "add", "-A")
    git(inst.root, "commit", "-q", "-m", "playbook")
    evidence(inst, "p1.1", "p1.2", "p2.1")
    return subagent(inst, "critic", "確認しました。\nCRITIC: PASS p1.1\nCRITIC: PASS p1.2\n"
                                    "CRITIC: PASS p2.1\nCRITIC: PASS playbook")


def _typed_done(inst):
    demo(inst)
    doc = json.loads((inst.root / K.PROGRESS).read_text())
    doc.update(subtasks={sid: K.evidenced(e) for sid, e in doc["subtasks"].items()},
               phases={pid: {"status": "done", "updated_at": "2026-01-03"} for pid in doc["phases"]},
               critic={"status": "PASS", "evidence": ["typed"], "notes": ""})
    return doc


def _typed_write(inst):
    doc = _typed_done(inst)
    return inst.tool("Write", {"file_path": str(inst.root / K.PROGRESS), "content": K.dump(doc)})


def _typed_past_the_guards(inst):
    doc = _typed_done(inst)
    (inst.root / K.PROGRESS).write_text(K.dump(doc))
    post = inst.hook("PostToolUse", tool_name="Write", tool_use_id="t",
                     tool_input={"file_path": str(inst.root / K.PROGRESS),
                                 "content": K.dump(doc)}, tool_response={})
    return [post, inst.hook("Stop", stop_hook_active=False)]


def _stop_open_subtasks(inst):
    demo(inst, progress=K.progress_doc())
    doc = json.loads((inst.root / K.PROGRESS).read_text())
    doc["subtasks"]["p1.1"]["status"] = "done"
    (inst.root / K.PROGRESS).write_text(K.dump(doc))
    return inst.hook("Stop", stop_hook_active=False)


def _post_loop_handler(inst):
    """The post-loop handler's report after the critic archived the playbook."""
    _critic_archives(inst)
    handler = inst.root / ".claude" / "skills" / "post-loop" / "handler.py"
    proc = subprocess.run([sys.executable, str(handler)], capture_output=True, text=True,
                          timeout=120, cwd=str(inst.root),
                          env=dict(os.environ, CLAUDE_PROJECT_DIR=str(inst.root)))
    return proc.stdout + proc.stderr


def _archive_with_git(inst, level):
    """The critic's PASS archives play/demo with ``config.archive_git: level``."""
    set_config(inst.root, archive_git=level)
    return _critic_archives(inst)


def _archive_commit(inst):
    """The archive's commit step: its result ("committed <sha> on <branch>")
    reaches the agent in the SubagentStop/PostToolUse report."""
    return _archive_with_git(inst, "commit")


def _archive_push_fails(inst):
    """The push step fails (no remote): the step's failure and its hint."""
    return _archive_with_git(inst, "push")


def _archive_bad_config(inst):
    """An unreadable ``config.archive_git``: the note names it."""
    return _archive_with_git(inst, "sometimes")


def _handler(inst) -> str:
    handler = inst.root / ".claude" / "skills" / "post-loop" / "handler.py"
    proc = subprocess.run([sys.executable, str(handler)], capture_output=True, text=True,
                          timeout=120, cwd=str(inst.root),
                          env=dict(os.environ, CLAUDE_PROJECT_DIR=str(inst.root)))
    return proc.stdout + proc.stderr


def _post_loop_push_fails(inst):
    """The post-loop handler retries the failed push and reports it again."""
    _archive_push_fails(inst)
    return _handler(inst)


def _archive_local_step_fails(inst):
    """A local step fails (the playbook directory is gone before the move):
    the archive stays ``failed``; the next edit of the playbook resumes it and
    reports the failure with its hint."""
    set_config(inst.root, archive_git="commit")
    demo(inst)
    doc = json.loads((inst.root / K.PROGRESS).read_text())
    cp = inst.root / ".claude" / "session-state" / "archive-checkpoint.json"
    cp.write_text(json.dumps({
        "version": 1, "id": "demo", "plan": K.PLAN, "progress": K.PROGRESS,
        "dir": "play/gone", "move_dir": True, "archive": "play/archive/gone",
        "branch": K.BRANCH, "git": "commit", "git_problem": None, "status": "running",
        "steps": {name: {"status": "pending"} for name in (
            "cleanup", "archive", "state_reset", "pending", "commit", "push", "pr_create",
            "pr_merge", "return_default")}}))
    return inst.hook("PostToolUse", tool_name="Write", tool_use_id="t",
                     tool_input={"file_path": str(inst.root / K.PROGRESS),
                                 "content": K.dump(doc)}, tool_response={})


def _prompt_after_failed_archive(inst):
    """The next prompt names the unfinished archive with its failure
    (prompt-state)."""
    _archive_local_step_fails(inst)
    return inst.hook("UserPromptSubmit", prompt="続けてください")


def _resume_after_failed_archive(inst):
    """A resumed session names the unfinished archive (session-report)."""
    _archive_local_step_fails(inst)
    return inst.hook("SessionStart", source="resume")


def _executor_toolstack_default(inst):
    """The active subtask's executor is the worker role, which toolstack C
    gives to codex: executor-guard names where the executor came from."""
    demo(inst, plan=K.plan_doc(executor="worker"))
    set_config(inst.root, toolstack="C")
    text = (inst.root / "state.md").read_text()
    (inst.root / "state.md").write_text(re.sub(r"roles: \{orchestrator[^\n]*", "roles: {}", text))
    (inst.root / "src").mkdir(exist_ok=True)
    (inst.root / "src" / "app.py").write_text("hi\n")
    return inst.tool("Edit", {"file_path": str(inst.root / "src" / "app.py"),
                              "old_string": "hi", "new_string": "ho"})


def _spec_write(inst, content):
    """A Write of the login feature's spec.yaml on a team work branch
    (tests/guards/test_spec_phase_gate.py)."""
    from _team_support import workspace

    workspace(inst)
    spec = inst.root / ".sdd" / "project" / "specs" / "login" / "spec.yaml"
    spec.parent.mkdir(parents=True)
    return inst.tool("Write", {"file_path": str(spec), "content": content})


def _spec_not_yaml(inst):
    return _spec_write(inst, "phase: [initialized\n")


def _spec_not_a_mapping(inst):
    return _spec_write(inst, "- a\n- b\n")


def _breezing_signals(inst):
    """Three of four tasks of a breezing session done: the next prompt
    carries both recommendations (tests/guards/test_team_signals.py)."""
    from _team_support import mapping, prompt, task_completed, write_active

    write_active(inst.root, plans_md_mapping=mapping(4))
    for task in (1, 2, 3):
        task_completed(inst, task)
    return prompt(inst)


def _breezing_active(content):
    """breezing-active.json holds ``content`` (``None``: it is a directory);
    a task completes, then the lead types a prompt: both answers report it."""
    def run(inst):
        from _team_support import ACTIVE, prompt, task_completed

        active = inst.root / ACTIVE
        active.parent.mkdir(parents=True, exist_ok=True)
        if content is None:
            active.mkdir()
        else:
            active.write_text(content)
        return [task_completed(inst, 1), prompt(inst)]
    return run


REWARD_SCENARIOS = [
    ("prompt-after-a-failed-archive", _prompt_after_failed_archive),
    ("resume-after-a-failed-archive", _resume_after_failed_archive),
    ("archive-git-commit", _archive_commit),
    ("archive-git-push-fails", _archive_push_fails),
    ("archive-git-config-unreadable", _archive_bad_config),
    ("post-loop-handler-push-fails", _post_loop_push_fails),
    ("archive-local-step-fails", _archive_local_step_fails),
    ("breezing-active-not-json", _breezing_active("{not json")),
    ("breezing-active-a-list", _breezing_active("[1, 2]")),
    ("breezing-active-a-directory", _breezing_active(None)),
    ("breezing-active-schema", _breezing_active('{"session_id": "b", "impl_mode": "turbo"}')),
    ("breezing-active-current-batch", _breezing_active(
        '{"session_id": "b", "impl_mode": "standard", "batches": [{"id": 1, "task_ids": ["1"]}],'
        ' "current_batch": 7}')),
    ("breezing-signals", _breezing_signals),
    ("spec-yaml-not-yaml", _spec_not_yaml),
    ("spec-yaml-not-a-mapping", _spec_not_a_mapping),
    ("executor-toolstack-default", _executor_toolstack_default),
    ("review-without-context", _review_no_context),
    ("review-on-another-branch", _review_other_branch),
    ("review-pass", _review_pass),
    ("review-fail", _review_fail),
    ("critic-partial-pass", _critic_partial),
    ("critic-fail", _critic_fail),
    ("critic-without-verdict", _critic_no_verdict),
    ("critic-pass-archives", _critic_archives),
    ("typed-critic-fields", _typed_write),
    ("typed-done-past-the-guards", _typed_past_the_guards),
    ("stop-open-subtasks", _stop_open_subtasks),
    ("post-loop-handler", _post_loop_handler),
]


#: What English-shaped templates leave in Japanese (a class each): an ASCII
#: space after a Japanese full stop or comma, a full stop doubled after an
#: English sentence, the analysis's run-time placeholder, a command family
#: named by its English id before 系, ASCII letters run into kana or kanji
#: (``settings.jsonに``).
_JA_SHAPES = (
    (re.compile(r"[。、] "), "an ASCII space after 。 or 、"),
    (re.compile(r"(?<!\.)\.。|。。"), "two full stops"),
    (re.compile(r"\x00|\\x00"), "the run-time placeholder"),
    (re.compile(r"\b[a-z]+ ?系"), "an English family id before 系"),
)
_RUN_INTO = re.compile(r"[A-Za-z0-9][\u3040-\u309f\u30a0-\u30ff\u4e00-\u9fff]")


def shape_problems(text: str) -> list:
    """The traces of English-shaped templates in a Japanese ``text`` (see
    :data:`_JA_SHAPES`); letters run into Japanese count outside code spans
    and quotes only (a quoted user prompt is what the user wrote)."""
    found = [why for rx, why in _JA_SHAPES if rx.search(text)]
    if _RUN_INTO.search(_SPANS.sub(" ", text)):
        found.append("ASCII letters run into Japanese: " + _RUN_INTO.search(
            _SPANS.sub(" ", text)).group())
    return found


@pytest.mark.parametrize("text, problems", [
    ("完了しました。 次へ。", 1), ("Stop.。", 1), ("コマンド名 '\\x00'", 1),
    ("この infrastructure 系コマンド", 1), ("settings.jsonに書きます", 1),
    ("settings.json に書きます。(x...)。", 0), ("インフラ系のコマンド", 0),
])
def test_the_shape_check_finds_each_class(text, problems):
    assert len(shape_problems(text)) == problems, shape_problems(text)


def texts_of(result) -> list:
    if isinstance(result, str):
        return [result] if result.strip() else []
    if isinstance(result, list):
        return [t for r in result for t in texts_of(r)]
    return rendered(result)


@pytest.mark.parametrize("name, run", REWARD_SCENARIOS, ids=[s[0] for s in REWARD_SCENARIOS])
def test_workflow_output_is_japanese(installed, name, run):
    """The reviewer's and the critic's hand-offs, the archive, Stop and the
    post-loop handler, in Japanese."""
    set_config(installed.root, language="ja")
    (installed.root / ".claude" / "session-state").mkdir(parents=True, exist_ok=True)
    (installed.root / ".claude" / "session-state" / "prompt-analyzer-called").write_text("x\n")
    texts = texts_of(run(installed))
    if os.environ.get("JA_DUMP"):
        with open(os.environ["JA_DUMP"], "a") as fh:
            fh.write(f"===== {name}\n" + "\n---\n".join(texts) + "\n")
    assert texts, f"{name}: nothing was rendered (the scenario does not reach a message)"
    found = {t[:160]: english_runs(t) for t in texts if english_runs(t)}
    assert found == {}, f"{name}: English prose in the Japanese output: {found}"
    # a sentence given to a template that ends it again
    assert not [t for t in texts if "。。" in t or "。." in t], (name, texts)
    shapes = {t[:160]: shape_problems(t) for t in texts if shape_problems(t)}
    assert shapes == {}, f"{name}: English-shaped Japanese: {shapes}"


@pytest.mark.parametrize("name, setup, run, branch", SCENARIOS, ids=[s[0] for s in SCENARIOS])
def test_rendered_output_is_japanese(installed, name, setup, run, branch):
    """The scenario's every rendered text has no English prose (identifiers,
    quoted values and the kept terms aside)."""
    set_config(installed.root, language="ja")
    (installed.root / "src").mkdir(exist_ok=True)
    (installed.root / "src" / "app.py").write_text("x = 1\n")
    if branch:
        session(installed)
    setup(installed)
    texts = texts_of(run(installed))
    assert texts, f"{name}: nothing was rendered (the scenario does not reach a message)"
    found = {t[:160]: english_runs(t) for t in texts if english_runs(t)}
    assert found == {}, f"{name}: English prose in the Japanese output: {found}"
    shapes = {t[:160]: shape_problems(t) for t in texts if shape_problems(t)}
    assert shapes == {}, f"{name}: English-shaped Japanese: {shapes}"
    if run is statusline:
        assert english_words(texts[0]) == [], texts[0]



def test_archive_git_step_result_is_japanese(installed):
    """The commit step's result is said in Japanese (its English, "committed
    <sha> on <branch>", is too short for :func:`english_runs` to find), and
    the same run in English keeps today's words."""
    set_config(installed.root, language="ja")
    (installed.root / ".claude" / "session-state").mkdir(parents=True, exist_ok=True)
    (installed.root / ".claude" / "session-state" / "prompt-analyzer-called").write_text("x\n")
    said = " ".join(texts_of(_archive_commit(installed)))
    assert re.search(r"コミット: feat/demo に [0-9a-f]+ をコミットしました", said), said
    assert "committed" not in said, said


def test_archive_git_step_result_in_english_is_unchanged(installed):
    (installed.root / ".claude" / "session-state").mkdir(parents=True, exist_ok=True)
    (installed.root / ".claude" / "session-state" / "prompt-analyzer-called").write_text("x\n")
    said = " ".join(texts_of(_archive_push_fails(installed)))
    assert re.search(r"Git: commit: committed [0-9a-f]+ on feat/demo\. ", said), said
    assert ("Status: partial — the git steps stopped at push: no git remote is configured. Add "
            "one (git remote add origin <url>), then rerun the post-loop handler; the work is "
            "committed locally. Nothing uncommitted was touched.") in said, said


# ------------------------------------------------------------------ texts too short for the checker
#: Scenarios whose English leftovers are shorter than a three-word run
#: ("... and 5 more": the number ends the run), each with what must not be
#: left in English.
SHORT_SCENARIOS = [
    ("stop-many-open-subtasks", _many_open, _stop, re.compile(r"and \d+ more")),
]


@pytest.mark.parametrize("name, setup, run, english", SHORT_SCENARIOS,
                         ids=[s[0] for s in SHORT_SCENARIOS])
def test_short_english_is_translated_too(installed, name, setup, run, english):
    set_config(installed.root, language="ja")
    session(installed)
    setup(installed)
    texts = texts_of(run(installed))
    assert texts, f"{name}: nothing was rendered (the scenario does not reach a message)"
    assert [t for t in texts if english.search(t)] == [], name
    assert not any(english_runs(t) for t in texts), texts


# ------------------------------------------------------------------ the command line and the installer
#: What the command line prints in columns that are identifiers, not prose:
#: doctor's levels and check names, the decisions and statuses the log and
#: the gate record, the CLI's own command names.
CLI_KEPT = frozenset("""
    ok info WARN ERROR install settings hooks interpreter hook-run suite-files state
    protected permission-config custom-rules trust logs speed versions
    approve dialog refused delegate ask allow block warn deny DIALOG ALLOW BLOCK ASK
    explain doctor status validate replay report check init schema plugin uninstall demo
    statusline playgate cd add rm
""".split())


def cli_english_runs(text: str) -> list:
    """:func:`english_runs` for the command line's output: a run made only of
    :data:`KEPT` and :data:`CLI_KEPT` words (a doctor line's ``info
    versions``, a log line's ``approve permission-gate``) is a column of
    identifiers, not prose."""
    return [run for run in english_runs(text)
            if any(w not in KEPT and w not in CLI_KEPT for w in run.split())]


def test_the_cli_checker_finds_english_frames_and_leaves_columns_alone():
    assert cli_english_runs("  info   versions           playgate 0.1.0、フックの Python 3.11") == []
    assert cli_english_runs("  ok     install            インストール済み") == []
    assert cli_english_runs("session abc in /repo") != []
    assert cli_english_runs("no decision matches (x)") != []
    assert cli_english_runs("  7B  ダイアログ  「'rm' is in always_ask (from x)」") == []


def cli(root, *args, stdin: bytes | None = None, env=None):
    """``python .claude/playgate ARGS`` in ``root``: (exit code, stdout + stderr)."""
    full = dict(os.environ)
    full.pop("CLAUDE_PROJECT_DIR", None)
    full.update(env or {})
    proc = subprocess.run([sys.executable, str(root / ".claude" / "playgate"), *map(str, args)],
                          input=stdin, capture_output=True, cwd=str(root), env=full, timeout=180)
    return proc.returncode, proc.stdout.decode() + proc.stderr.decode()


def _hook_payload(root, command: str, session_id: str = "ja-session") -> bytes:
    return json.dumps({"session_id": session_id, "transcript_path": "", "cwd": str(root),
                       "hook_event_name": "PreToolUse", "permission_mode": "default",
                       "tool_name": "Bash", "tool_input": {"command": command},
                       "tool_use_id": "toolu_ja"}).encode()


CLI_COMMANDS = [
    ("status", ["status"]),
    ("status-with-a-playbook", ["status"]),
    ("doctor", ["doctor", "--no-run"]),
    ("explain-destructive", ["explain", "rm -rf /"]),
    ("explain-read-only", ["explain", "ls -la"]),
    ("explain-writes", ["explain", "echo hi > out.txt && cp a b"]),
    ("check", ["check", "PreToolUse"]),
    ("logs", ["logs"]),
    ("logs-summary", ["logs", "--summary"]),
    ("logs-none", ["logs", "--guard", "no-such-guard"]),
    ("report", ["report", "--session", "ja-session"]),
    ("report-unknown-session", ["report", "--session", "nope"]),
    ("validate", ["validate"]),
    ("validate-with-problems", ["validate"]),
    ("init-from-an-installed-copy", ["init", "--dry-run"]),
    ("unknown-command", ["frobnicate"]),
]


@pytest.mark.parametrize("name, args", CLI_COMMANDS, ids=[c[0] for c in CLI_COMMANDS])
def test_the_command_line_speaks_the_projects_japanese(installed, name, args):
    """With ``language: ja`` the playgate command line's frames are Japanese
    and so are the reasons it shows (the guards speak the project's language;
    the permission gate's own trace is quoted 「...」 as a record)."""
    root = installed.root
    set_config(root, language="ja")
    if name == "status-with-a-playbook":
        session(installed)
        write_playbook(root)
    if name == "validate-with-problems":
        # The validator's own findings (a wrong config key, a dependency and
        # progress entries the plan lacks); no library words among them.
        state = root / "state.md"
        state.write_text(state.read_text().replace("language: ja", "language: ja\nfrobnicate: 1"))
        plan = plan_doc("p1")
        plan["phases"][0]["depends_on"] = ["p9"]
        write_playbook(root, plan=plan, progress={
            "format_version": 2, "subtasks": {"s9": {}}, "active": {"subtask": "s7"}})
    for command in ("rm -rf /", "ls", "curl -X POST http://127.0.0.1:9/x"):
        installed.hook("PreToolUse", payload=json.loads(_hook_payload(root, command)))
    stdin = _hook_payload(root, "rm -rf ~") if name == "check" else None
    code, out = cli(root, *args, stdin=stdin)
    assert out.strip(), name
    assert "Traceback" not in out, out
    found = cli_english_runs(out)
    assert found == [], f"{name}: English prose in the Japanese output: {found}\n{out}"
    assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", out), out


def test_the_command_line_speaks_english_in_an_english_project(installed):
    """The same frames in English where the project says ``language: en``,
    whatever the locale: the project's language wins."""
    code, out = cli(installed.root, "status", env={"LANG": "ja_JP.UTF-8"})
    assert code == 0 and "branch" in out and "ブランチ" not in out


def test_outside_a_project_the_command_line_follows_the_locale(tmp_path):
    code, out = cli_outside(tmp_path, "frobnicate", env={"LANG": "ja_JP.UTF-8"})
    assert code == 2 and "不明なコマンド" in out
    code, out = cli_outside(tmp_path, "frobnicate", env={"LANG": "C.UTF-8", "LC_ALL": ""})
    assert code == 2 and "unknown command" in out


def cli_outside(cwd, *args, env=None):
    from conftest import SUITE

    full = dict(os.environ)
    full.pop("CLAUDE_PROJECT_DIR", None)
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        full.pop(name, None)
    full.update(env or {})
    proc = subprocess.run([sys.executable, "-m", "playgate", *args], capture_output=True,
                          cwd=str(cwd), env=dict(full, PYTHONPATH=str(SUITE)), timeout=120)
    return proc.returncode, proc.stdout.decode() + proc.stderr.decode()


@pytest.mark.slow
def test_the_installer_speaks_the_users_japanese(tmp_path):
    """A first install (no state.md yet) speaks the user's locale; the plan,
    the offers, the warning about undeclared commands and the commit line
    are Japanese, and so is the uninstall."""
    from conftest import SUITE, make_repo

    repo = make_repo(tmp_path / "repo")
    (repo / "tests").mkdir()
    (repo / "tests" / "test_a.py").write_text("def test_a():\n    pass\n")
    env = dict(os.environ, LANG="ja_JP.UTF-8")
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        env.pop(name, None)

    def run(*args):
        proc = subprocess.run([sys.executable, str(SUITE / "install.py"), *map(str, args)],
                              capture_output=True, text=True, env=env, timeout=600,
                              stdin=subprocess.DEVNULL)
        return proc.returncode, proc.stdout + proc.stderr

    for args in (["--dry-run", "--python", sys.executable, repo],
                 ["--python", sys.executable, repo],
                 ["--python", sys.executable, repo],
                 ["--uninstall", "--dry-run", repo],
                 ["--uninstall", repo],
                 [tmp_path / "not-a-repo"]):
        code, out = run(*args)
        assert code in (0, 2), out
        found = cli_english_runs(out)
        assert found == [], f"{args}: English prose in the Japanese output: {found}\n{out}"
        assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", out), out
