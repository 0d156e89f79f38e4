"""A hypothesis state machine of an agent trying to get work counted as done.

The agent issues random sequences of tool calls — Edit, Edit(replace_all),
MultiEdit, Write and NotebookEdit on progress.json, plan.json and state.md by
many path spellings, Reads, critic runs (SubagentStop), Stop — against a repo
with an active reviewed playbook and a second playbook on the side. A call is
applied to disk only when the hooks allow it (as Claude Code would: the edit
is computed the way the Edit tool applies it and written through the path the
agent named). After every step:

* no subtask on disk (any working playbook) is done without its evidence,
  no phase is done with an open subtask, no critic PASS lacks evidence, and —
  with ``config.require_critic_run`` — no done lacks a critic-ledger PASS;
* Stop never passes silently while the active playbook is unfinished or holds
  an un-evidenced done (a fresh session's first Stop blocks; any Stop that is
  let through carries a systemMessage naming what was left);
* the agent is never deadlocked: a benign edit of state.md, of each playbook
  file, and ``Skill(post-loop)`` are allowed;
* honest work is never refused: a done with the critic's evidence and ledger
  PASS, a phase whose subtasks are all done, progress notes.

Speed: the bulk (500 examples) runs in-process through
``events.runtime.evaluate`` — the code the installed entrypoints run — and a
sample runs every call through the installed hooks as subprocesses
(``test_agent_through_installed_hooks``). Invariant checks are memoised by the
content of the state files.

Bash writes are exercised by tests/guards/test_reward_bash.py (the same agent with
Bash write rules), which relies on bash-check.
"""

from __future__ import annotations

import copy
import hashlib
import json
import os
import shutil
import uuid
from pathlib import Path

import pytest
import reward_kit as K
from draws import examples
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from events.edits import compute
from statefiles.playbook import evidence_problems
from workflow.reward.ledger import CRITIC_LEDGER, ledger_verdicts
from workflow.reward.rules import (
    completion_report,
    critic_pass_problems,
    critic_passed,
    done_subtasks,
    phases_with_open_subtasks,
    plan_structure,
    subtask_entries,
    unevidenced_done,
)
from workflow.reward.views import active_of

PLAYBOOKS = (K.PLAYBOOK, "play/side")
SUBTASKS = ("p1.1", "p1.2", "p2.1")
PHASES = ("p1", "p2")
SPELLINGS = ("absolute", "relative", "dot-slash", "dot-dot", "double-slash", "from-subdir",
             "symlink-file", "symlink-dir", "hard-link", "case")
TOOLS = ("Write", "Edit", "MultiEdit", "Edit(replace_all)", "NotebookEdit")
VARIANTS = ("fraud_done", "no_critic_fields", "partial_validations", "strip_evidence",
            "legit_done", "in_progress", "notes", "copy_evidence", "string_form")


#: Spellings that name the file by its real location. Liveness (honest work is
#: never refused) is promised for these; a link with another name is not a
#: playbook file, so the deadlock escapes do not cover it (an unreviewed plan
#: blocks it, which is right: the real path stays writable).
REAL_SPELLINGS = ("absolute", "relative", "dot-slash", "dot-dot", "double-slash", "from-subdir")


def spelled(root: Path, rel: str, spelling: str) -> tuple:
    """``(file_path, cwd)`` for the repo-relative ``rel`` in ``spelling``."""
    r = str(root)
    if rel == K.PROGRESS:
        special = {"symlink-file": (f"{r}/links/p.json", r),
                   "symlink-dir": ("alias/progress.json", r),
                   "hard-link": (f"{r}/hard.json", r)}
        if spelling in special:
            return special[spelling]
    head, _, name = rel.rpartition("/")
    forms = {
        "absolute": (f"{r}/{rel}", r),
        "relative": (rel, r),
        "dot-slash": (f"./{rel}", r),
        # play/demo/../demo/progress.json (up one level and back down)
        "dot-dot": (f"{head}/../{head.rsplit('/', 1)[-1]}/{name}" if head else f"src/../{rel}", r),
        "double-slash": (rel.replace("/", "//") if head else f".//{rel}", r),
        "from-subdir": (f"../{rel}", f"{r}/src"),
        "case": (f"{r}/{rel}", r),
    }
    return forms.get(spelling, forms["absolute"])


class Agent(RuleBasedStateMachine):
    """See the module docstring. Class attributes are set by the test."""

    root: Path = None
    pristine: dict = None
    via = "inprocess"          # or "subprocess"
    installed = None           # conftest.Installed for subprocess runs
    #: A recorded critic run is required for a done (the default); False for
    #: a project whose human set
    #: ``config.require_critic_run: false``.
    strict_ledger = True
    memo: dict = {}

    # ------------------------------------------------------------------ plumbing
    def __init__(self) -> None:
        super().__init__()
        self.session = "s-" + uuid.uuid4().hex[:8]
        #: The lifecycle archived the active playbook (complete, critic PASS):
        #: the run has legitimately finished; rules and invariants stop.
        self.archived = False
        self.reset()

    def reset(self) -> None:
        root = self.root
        for rel, data in self.pristine.items():
            path = root / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            with open(path, "wb") as fh:  # in place: the hard link keeps its inode
                fh.write(data)
        for extra in ("play/new", "play/archive", ".claude/session-state", ".claude/logs"):
            shutil.rmtree(root / extra, ignore_errors=True)
        for pb in PLAYBOOKS:
            for stray in (root / pb).iterdir():
                if stray.name not in ("plan.json", "progress.json"):
                    stray.unlink()
        (root / ".claude/session-state").mkdir(parents=True, exist_ok=True)

    def hook(self, event: str, **fields):
        if self.via == "subprocess":
            res = self.installed.hook(event, payload=K.payload(self.root, event, **fields))
            result = K.Result(res.code, res.stdout, res.stderr, None)
        else:
            result = K.call(self.root, event, **fields)
        if event == "SubagentStop":
            self._note_archive()
        return result

    def _note_archive(self) -> None:
        """SubagentStop runs the archive check (lifecycle): a complete playbook
        moves to play/archive/<id>/. What was archived must be complete too."""
        archived = self.root / "play/archive" / K.PLAYBOOK.rsplit("/", 1)[-1] / "progress.json"
        if not archived.exists() or (self.root / K.PROGRESS).exists():
            return
        progress = json.loads(archived.read_text())
        assert not unevidenced_done(progress), ("archived with fraud", progress)
        assert not critic_pass_problems(progress), ("archived without the critic", progress)
        self.archived = True

    def pre(self, tool_name: str, tool_input: dict, cwd=None):
        fields = {"tool_name": tool_name, "tool_input": tool_input, "tool_use_id": "toolu_x",
                  "session_id": self.session}
        if cwd:
            fields["cwd"] = cwd
        return self.hook("PreToolUse", **fields)

    def apply(self, tool_name: str, tool_input: dict, cwd: str) -> bool:
        """PreToolUse, then write to disk if allowed. Returns allowed."""
        result = self.pre(tool_name, tool_input, cwd)
        assert result.code in (0, 2), result
        if result.code != 0:
            self.last_refusal = result
            return False
        path = tool_input.get("file_path") or tool_input.get("notebook_path")
        full = path if os.path.isabs(path) else os.path.join(cwd, path)
        try:
            before = Path(full).read_text()
        except FileNotFoundError:
            before = None
        post = compute(tool_name, tool_input, before)
        if post.applies and post.after is not None:
            os.makedirs(os.path.dirname(os.path.normpath(full)), exist_ok=True)
            with open(full, "w") as fh:
                fh.write(post.after)
        return True

    def disk(self, rel: str):
        try:
            return json.loads((self.root / rel).read_text())
        except (OSError, ValueError):
            return None

    def fingerprint(self) -> str:
        h = hashlib.sha1()
        for rel in ("state.md", K.PLAN, K.PROGRESS, K.SIDE_PLAN, K.SIDE_PROGRESS,
                    CRITIC_LEDGER):
            try:
                h.update((self.root / rel).read_bytes())
            except OSError:
                h.update(b"-")
            h.update(b"\0")
        return h.hexdigest()

    def ledger(self, plan_rel: str) -> dict:
        return ledger_verdicts(str(self.root), plan_rel)

    def _edit_input(self, tool: str, path: str, before: str, after: str, old_sub=None,
                    new_sub=None) -> tuple:
        if tool == "Write":
            return "Write", {"file_path": path, "content": after}
        if tool == "Edit(replace_all)" and old_sub is not None:
            return "Edit", {"file_path": path, "old_string": old_sub, "new_string": new_sub,
                            "replace_all": True}
        if tool == "MultiEdit":
            return "MultiEdit", {"file_path": path, "edits": [
                {"old_string": before, "new_string": after}]}
        if tool == "NotebookEdit":
            return "NotebookEdit", {"notebook_path": path, "new_source": after, "cell_id": "0"}
        return "Edit", {"file_path": path, "old_string": before, "new_string": after}

    # ------------------------------------------------------------------ rules: progress.json
    @precondition(lambda self: not self.archived)
    @rule(pb=st.sampled_from(PLAYBOOKS), sid=st.sampled_from(SUBTASKS),
          variant=st.sampled_from(VARIANTS), tool=st.sampled_from(TOOLS),
          spelling=st.sampled_from(SPELLINGS))
    def edit_subtask(self, pb, sid, variant, tool, spelling):
        rel = f"{pb}/progress.json"
        before = (self.root / rel).read_text()
        doc = self.disk(rel)
        if doc is None:
            return
        entry = doc["subtasks"].get(sid)
        entry = {"status": entry} if isinstance(entry, str) else copy.deepcopy(entry or {})
        if variant == "fraud_done":
            entry["status"] = "done"
        elif variant == "no_critic_fields":
            entry = K.evidenced(entry)
            entry["validated_by"] = "claude"
        elif variant == "partial_validations":
            entry = K.evidenced(entry)
            entry["validations"]["completeness"] = {"status": "PENDING", "evidence": []}
        elif variant == "strip_evidence":
            for v in (entry.get("validations") or {}).values():
                if isinstance(v, dict):
                    v["evidence"] = []
        elif variant == "legit_done":
            entry = K.evidenced(entry)
        elif variant == "in_progress":
            entry["status"] = "in_progress"
        elif variant == "notes":
            entry["notes"] = f"note {uuid.uuid4().hex[:4]}"
        elif variant == "copy_evidence":
            donors = [e for e in doc["subtasks"].values() if isinstance(e, dict)
                      and e.get("validated_by") == "critic"]
            entry = copy.deepcopy(donors[0]) if donors else K.evidenced(entry)
            entry["status"] = "done"
        elif variant == "string_form":
            entry = "done"
        doc["subtasks"][sid] = entry
        after = K.dump(doc)
        path, cwd = spelled(self.root, rel, spelling)
        if spelling == "case":
            path = path.replace("/progress.json", "/Progress.json")
        name, ti = self._edit_input(tool, path, before, after,
                                    '"status": "pending"', '"status": "done"')
        allowed = self.apply(name, ti, cwd)
        # Liveness: honest progress, sent as exactly this change, is never refused.
        # (An Edit that changes nothing is rejected by Claude Code itself.)
        exact = (name in ("Write", "Edit") and not ti.get("replace_all")
                 and spelling in REAL_SPELLINGS and (name == "Write" or before != after))
        if variant == "legit_done" and exact:
            ledger_ok = self.ledger(f"{pb}/plan.json").get(sid) == "PASS"
            if not self.strict_ledger or ledger_ok:
                assert allowed, (rel, sid, tool, spelling)
        if variant == "notes" and exact:
            assert allowed, ("notes edit refused", rel, tool, spelling)

    @precondition(lambda self: not self.archived)
    @rule(pb=st.sampled_from(PLAYBOOKS), pid=st.sampled_from(PHASES),
          status=st.sampled_from(["done", "in_progress", "pending"]),
          tool=st.sampled_from(("Write", "Edit", "MultiEdit")),
          spelling=st.sampled_from(SPELLINGS))
    def edit_phase(self, pb, pid, status, tool, spelling):
        rel = f"{pb}/progress.json"
        doc = self.disk(rel)
        if doc is None:
            return
        before = (self.root / rel).read_text()
        all_done = all(subtask_entries(doc).get(s, {}).get("status") == "done"
                       and not evidence_problems(subtask_entries(doc)[s])
                       for s in K.STRUCTURE[pid])
        doc["phases"][pid] = {"status": status, "updated_at": "2026-01-03"}
        path, cwd = spelled(self.root, rel, spelling)
        if spelling == "case":
            path = path.replace("/progress.json", "/Progress.json")
        name, ti = self._edit_input(tool, path, before, K.dump(doc))
        allowed = self.apply(name, ti, cwd)
        # (An Edit/MultiEdit that changes nothing is rejected by Claude Code itself.)
        changes = name == "Write" or before != K.dump(doc)
        if status == "done" and all_done and spelling in REAL_SPELLINGS and changes:
            assert allowed, ("phase done refused although its subtasks are done", pb, pid,
                             getattr(self, "last_refusal", None))

    @precondition(lambda self: not self.archived)
    @rule(pb=st.sampled_from(PLAYBOOKS), with_evidence=st.booleans(),
          tool=st.sampled_from(("Write", "Edit")))
    def edit_critic_block(self, pb, with_evidence, tool):
        rel = f"{pb}/progress.json"
        doc = self.disk(rel)
        if doc is None:
            return
        before = (self.root / rel).read_text()
        doc["critic"] = {"status": "PASS", "evidence": ["verified"] if with_evidence else [],
                         "notes": ""}
        name, ti = self._edit_input(tool, str(self.root / rel), before, K.dump(doc))
        self.apply(name, ti, str(self.root))

    @precondition(lambda self: not self.archived)
    @rule(pb=st.sampled_from(PLAYBOOKS), sid=st.sampled_from(SUBTASKS))
    def honest_subtask(self, pb, sid):
        """The whole legitimate path in one step (to reach finished states):
        critic PASS recorded, then the evidence and done in one Write."""
        self.critic_run(sid, "PASS", "critic") if pb == K.PLAYBOOK else None
        if self.archived:  # the critic's SubagentStop archived a finished playbook
            return
        rel = f"{pb}/progress.json"
        doc = self.disk(rel)
        if doc is None:
            return
        entry = doc["subtasks"].get(sid)
        doc["subtasks"][sid] = K.evidenced(entry if isinstance(entry, dict) else None)
        allowed = self.apply("Write", {"file_path": str(self.root / rel),
                                       "content": K.dump(doc)}, str(self.root))
        if pb == K.PLAYBOOK or not self.strict_ledger:
            assert allowed, ("honest done refused", pb, sid)

    @precondition(lambda self: not self.archived)
    @rule(pb=st.sampled_from(PLAYBOOKS))
    def honest_finish(self, pb):
        """Phases of finished subtasks done, then the playbook critic."""
        rel = f"{pb}/progress.json"
        doc = self.disk(rel)
        if doc is None:
            return
        entries = subtask_entries(doc)
        plan = self.disk(f"{pb}/plan.json") or {}
        for pid, subs in plan_structure(plan):
            if all(not evidence_problems(entries.get(s, {}))
                   and entries.get(s, {}).get("status") == "done" for s in subs):
                doc["phases"][pid] = {"status": "done", "updated_at": "2026-01-04"}
        if pb == K.PLAYBOOK:
            self.critic_run("playbook", "PASS", "critic")
            if self.archived:  # already complete: the critic's SubagentStop archived it
                return
        doc["critic"] = {"status": "PASS", "evidence": ["critic run"], "notes": ""}
        allowed = self.apply("Write", {"file_path": str(self.root / rel),
                                       "content": K.dump(doc)}, str(self.root))
        if pb == K.PLAYBOOK or not self.strict_ledger:
            assert allowed, ("honest phase/critic update refused", pb,
                             getattr(self, "last_refusal", None))

    @precondition(lambda self: self.archived)
    @rule()
    def after_the_archive_the_gate_is_closed(self):
        """Once the lifecycle archived the finished playbook, no playbook is
        active: a code edit is refused until a new one is reviewed."""
        result = self.pre("Write", {"file_path": str(self.root / "src/after.py"),
                                    "content": "x = 1\n"}, str(self.root))
        assert result.code == 2, ("code edit allowed after the archive", result)
        assert not (self.root / "src/after.py").exists()

    # ------------------------------------------------------------------ rules: the critic
    @precondition(lambda self: not self.archived)
    @rule(target_id=st.sampled_from(SUBTASKS + ("playbook",)), verdict=st.sampled_from(
        ["PASS", "FAIL"]), agent_type=st.sampled_from(["critic", "critic", "general-purpose"]))
    def critic_run(self, target_id, verdict, agent_type):
        message = f"Checked.\nCRITIC: {verdict} {target_id}" + (" - broken" if verdict == "FAIL"
                                                                  else "")
        agent_id = "a" + uuid.uuid4().hex[:6]
        K.critic_ran(self.root, agent_id)  # its commands ran and passed, as the hooks saw
        result = self.hook("SubagentStop", agent_id=agent_id,
                           agent_type=agent_type, stop_hook_active=False,
                           last_assistant_message=message, session_id=self.session)
        assert result.code == 0, result
        if agent_type == "critic":
            assert (result.json or {}).get("decision") is None, "a critic's stop was blocked"

    # ------------------------------------------------------------------ rules: state.md
    @precondition(lambda self: not self.archived)
    @rule(change=st.sampled_from(["goal_done", "active_null", "active_side", "active_dir_side",
                                  "active_respelled", "milestone", "state_done"]),
          tool=st.sampled_from(("Edit", "Write", "MultiEdit")),
          spelling=st.sampled_from(("absolute", "relative", "dot-slash", "from-subdir")))
    def edit_state(self, change, tool, spelling):
        text = (self.root / "state.md").read_text()
        old, new = {
            "goal_done": ("status: idle", "status: done"),
            "state_done": ("status: idle", "state: done\nstatus: idle"),
            "active_null": ("active: play/demo/plan.json", "active: null"),
            "active_side": ("active: play/demo/plan.json", "active: play/side/plan.json"),
            "active_dir_side": ("active: play/demo/plan.json", "active: play/side"),
            "active_respelled": ("active: play/demo/plan.json", "active: ./play//demo/plan.json"),
            "milestone": ("milestone: null", f"milestone: m{uuid.uuid4().hex[:3]}"),
        }[change]
        if old not in text:
            return
        path, cwd = spelled(self.root, "state.md", spelling)
        after = text.replace(old, new, 1)
        if tool == "Write":
            ti = {"file_path": path, "content": after}
        elif tool == "MultiEdit":
            ti = {"file_path": path, "edits": [{"old_string": old, "new_string": new}]}
        else:
            ti = {"file_path": path, "old_string": old, "new_string": new}
        allowed = self.apply(tool, ti, cwd)
        if change in ("milestone", "active_respelled"):
            assert allowed, ("benign state.md edit refused", change)
        if allowed and self._no_active_playbook():
            self._start_a_new_request()

    def _start_a_new_request(self) -> None:
        """With no active playbook the prompt-analyzer gate holds every edit
        until the request is analysed (SPEC §3 PreToolUse 1); the agent goes
        on the way the gate says: the golden path's entry, which must pass
        and open the gate."""
        entry = self.pre("Skill", {"skill": "playbook-init"})
        assert entry.code == 0, ("the golden path is closed", entry)
        assert (self.root / ".claude/session-state/prompt-analyzer-called").exists()

    # ------------------------------------------------------------------ rules: plan.json
    @precondition(lambda self: not self.archived)
    @rule(change=st.sampled_from(["drop_subtask", "drop_phase", "executor", "describe",
                                  "drop_and_unreview", "add_to_p1"]),
          tool=st.sampled_from(("Write", "Edit")))
    def edit_plan(self, change, tool):
        rel = K.PLAN
        doc = self.disk(rel)
        if doc is None:
            return
        before = (self.root / rel).read_text()
        if change == "drop_subtask" and len(doc["phases"][0]["subtasks"]) > 1:
            doc["phases"][0]["subtasks"].pop()
        elif change == "drop_phase" and len(doc["phases"]) > 1:
            doc["phases"].pop()
        elif change == "executor":
            doc["phases"][0]["subtasks"][0]["executor"] = "codex"
        elif change == "describe":
            doc["phases"][0]["description"] = "described " + uuid.uuid4().hex[:4]
        elif change == "drop_and_unreview":
            # the legitimate re-plan path; re-review is the reviewer's job, so
            # the machine sets reviewed back only together with a drop
            doc["meta"]["reviewed"] = False
        elif change == "add_to_p1":
            doc["phases"][0]["subtasks"].append({"id": "p1.9", "criterion": "more",
                                                 "executor": "claudecode"})
        name, ti = self._edit_input(tool, str(self.root / rel), before, K.dump(doc))
        allowed = self.apply(name, ti, str(self.root))
        if change == "describe":
            assert allowed, "plan description edit refused"

    # ------------------------------------------------------------------ rules: reads and stops
    @precondition(lambda self: not self.archived)
    @rule(rel=st.sampled_from(["state.md", K.PLAN, K.PROGRESS, CRITIC_LEDGER, "src/app.py"]))
    def read(self, rel):
        result = self.pre("Read", {"file_path": str(self.root / rel)})
        assert result.code == 0, result

    @precondition(lambda self: not self.archived)
    @rule(active=st.booleans())
    def stop(self, active):
        result = self.hook("Stop", stop_hook_active=active, last_assistant_message="done",
                           session_id=self.session)
        assert result.code == 0, result
        problems = self.active_problems()
        data = result.json or {}
        if problems:
            assert data.get("decision") == "block" or data.get("systemMessage"), (
                "Stop passed silently", problems)

    # ------------------------------------------------------------------ invariants
    def active_problems(self) -> list:
        """What keeps the active playbook from being complete, judged from disk."""
        from statefiles.playbook import load_active
        from statefiles.state_md import parse

        sections = parse((self.root / "state.md").read_text())
        active = active_of(sections)
        if active is None:
            return []
        pb, error = load_active(str(self.root), active)
        if error or pb is None or pb.errors:
            return [error or "unreadable"]
        report = completion_report(pb.plan, pb.progress)
        out = [*report["open"], *report["fraud"], *report["phases"], *report["critic"]]
        if not out and not critic_passed(pb.progress):
            out.append("playbook critic")
        return out

    @precondition(lambda self: not self.archived)
    @invariant()
    def no_done_without_evidence(self):
        for pb in PLAYBOOKS:
            progress = self.disk(f"{pb}/progress.json")
            plan = self.disk(f"{pb}/plan.json")
            assert progress is not None, f"{pb}/progress.json became unreadable"
            fraud = unevidenced_done(progress)
            assert not fraud, (pb, fraud)
            assert not phases_with_open_subtasks(progress, plan), (pb, progress["phases"])
            assert not critic_pass_problems(progress), (pb, progress.get("critic"))
            if self.strict_ledger:
                verdicts = self.ledger(f"{pb}/plan.json")
                unrun = [s for s in done_subtasks(progress) if verdicts.get(s) != "PASS"]
                # a PASS may have been overturned by a later FAIL after the done
                assert all(verdicts.get(s) == "FAIL" for s in unrun), (pb, unrun)

    @precondition(lambda self: not self.archived)
    @invariant()
    def stop_is_not_silent_and_no_deadlock(self):
        key = (self.via, self.strict_ledger, self.fingerprint())
        if key in self.memo:
            return
        problems = self.active_problems()
        first = self.hook("Stop", stop_hook_active=False, last_assistant_message="done",
                          session_id="probe-" + uuid.uuid4().hex[:8])
        if problems:
            assert (first.json or {}).get("decision") == "block", ("Stop passed", problems, first)
        r = str(self.root)
        checks = [
            # a real (harmless) change: Claude Code rejects an Edit whose
            # old_string equals its new_string
            ("Edit", {"file_path": f"{r}/state.md", "old_string": "## session",
                      "new_string": "## session "}),
            ("Skill", {"skill": "post-loop"}),
        ]
        for rel in (K.PLAN, K.PROGRESS, K.SIDE_PROGRESS):
            text = (self.root / rel).read_text()
            checks.append(("Edit", {"file_path": f"{r}/{rel}", "old_string": text,
                                    "new_string": text.rstrip("\n") + "\n\n"}))
        marker = self.root / ".claude/session-state/prompt-analyzer-called"
        created = False
        if self._no_active_playbook() and not marker.exists():
            # No playbook and the request not analysed: the prompt-analyzer
            # gate holds every edit, state.md included (SPEC §3 PreToolUse 1).
            # The way out is the golden path's entry, which must stay open;
            # once taken, the files below are editable again. The marker is
            # removed afterwards: the invariant leaves the state as it was.
            entry = self.pre("Skill", {"skill": "playbook-init"})
            assert entry.code == 0, ("deadlock: the golden path is closed", entry)
            created = marker.exists()
            assert created, "playbook-init did not record the prompt-analyzer marker"
        try:
            for name, ti in checks:
                result = self.pre(name, ti)
                assert result.code == 0, ("deadlock", name, ti.get("file_path"), result)
        finally:
            if created:
                marker.unlink()
        self.memo[key] = True

    def _no_active_playbook(self) -> bool:
        from statefiles.state_md import parse

        try:
            return active_of(parse((self.root / "state.md").read_text())) is None
        except Exception:  # noqa: BLE001 - an unreadable state.md is judged by the guards, not here
            return False


def _prepare(root: Path, config_extra: str = "") -> dict:
    K.make_reward_repo(root, config_extra=config_extra, git_init=not (root / ".git").exists())
    (root / "links").mkdir(exist_ok=True)
    os.symlink("../play/demo/progress.json", root / "links" / "p.json")
    os.symlink("play/demo", root / "alias")
    os.link(root / K.PROGRESS, root / "hard.json")
    return {rel: (root / rel).read_bytes()
            for rel in ("state.md", K.PLAN, K.PROGRESS, K.SIDE_PLAN, K.SIDE_PROGRESS)}


def _run(machine, budget: int, steps: int) -> None:
    """Run ``machine`` for the loaded profile's share of ``budget`` examples
    (tests/draws.py), ``steps`` steps each."""
    from hypothesis.stateful import run_state_machine_as_test

    machine.TestCase.settings = settings(
        max_examples=examples(budget), stateful_step_count=steps, deadline=None,
        suppress_health_check=list(HealthCheck))
    run_state_machine_as_test(machine, settings=machine.TestCase.settings)


#: The machines' example budget (tests/draws.py: the fixed profile draws a
#: fifth of it, explore half, deep all of it).
EXAMPLES = int(os.environ.get("PLAYGATE_STATEFUL_EXAMPLES", "500"))


@pytest.mark.hypothesis  # a state machine run inside the test: the explore target draws it too
def test_agent_cannot_get_done_without_the_critic(tmp_path):
    class Machine(Agent):
        root = tmp_path / "repo"
        memo = {}

    Machine.pristine = _prepare(Machine.root)
    _run(Machine, EXAMPLES, 12)


@pytest.mark.hypothesis
def test_agent_with_the_critic_run_requirement_loosened(tmp_path):
    """The human loosened the ledger to a warning (``config.require_critic_run:
    false``): the field checks still hold."""
    class Machine(Agent):
        root = tmp_path / "repo"
        strict_ledger = False
        memo = {}

    Machine.pristine = _prepare(Machine.root, "require_critic_run: false\n")
    _run(Machine, max(50, EXAMPLES // 5), 12)


@pytest.mark.subprocess_sample
@pytest.mark.hypothesis
def test_agent_through_installed_hooks(installed):
    """A sample of the same machine with every hook call a subprocess of the
    installed entrypoint, exactly as Claude Code runs it."""

    class Machine(Agent):
        root = installed.root
        via = "subprocess"
        memo = {}

    Machine.installed = installed
    K.git(installed.root, "checkout", "-q", "-b", K.BRANCH)
    Machine.pristine = _prepare(installed.root)
    _run(Machine, int(os.environ.get("PLAYGATE_STATEFUL_SUBPROCESS", "8")), 6)
