"""The crew's execution log, written by the hooks from what they saw (seed
000 "実行ログ"; WORKFLOWS.md: what the lead could fake is written by the hooks).

The record: ``.claude/logs/crew/<cmd>.jsonl``, one JSON line per fact the
hooks observed (``.claude/logs/**`` is in the protected floor: Claude reads
it, never writes it):

=====================  ===========================================  ======================================
kind                   written when                                 fields
=====================  ===========================================  ======================================
``cmd``                the cmd's first allowed Agent call           ``base_commit``, ``branch``
``launch``             an Agent call of a crew agent is allowed      ``role``, ``task``, ``model``,
                       (PreToolUse)                                  ``tool_use_id``, ``background``
``link``               PostToolUse(Agent) reports the agent's id     ``tool_use_id``, ``agent_id``
``stop``               the agent's SubagentStop                      ``role``, ``task``, ``agent_id``,
                                                                     ``status``, ``error``,
                                                                     ``metadata_issues``, ``turns``
``plan``               the decomposer's stop                         ``fingerprint``, ``tasks``, ``problems``
``plan_validation``    the plan reviewer's stop                      ``verdict``, ``notes``, ``fingerprint``
``close``              the cmd's last phase ended (or it was aborted) ``status``
=====================  ===========================================  ======================================

Subagent starts go to ``.claude/logs/crew/agents.jsonl`` (``agent_id``,
``agent_type``): a SubagentStart names no Agent call, so a start is tied to
its task at the agent's stop (docs/claude-code-measured.md, "Agent calls and
their subagents' start and stop").

``work/<cmd>/execution_log.yaml`` is rendered from the record after every
fact (:func:`render`), in the seed's format. Its keys :data:`HOOK_KEYS` are
the hooks'; any other top-level key is the parent's (approvals, notes) and
is kept, verbatim, by every render. Readers that decide something (the wave
guard, checkpoint resume, ``stats.py``) read the record, never the YAML.
"""

from __future__ import annotations

import os

from statefiles import fastjson, layout
from statefiles.crew import cmd_number, file_path, is_cmd_id
from statefiles.crew import config as _config
from statefiles.crew import plan as _plan
from statefiles.stamps import local_now, local_seconds

#: Where the records live, repo-relative.
LEDGER_DIR = ".claude/logs/crew"
STARTS = "agents.jsonl"
#: The top-level keys of execution_log.yaml that the hooks write.
HOOK_KEYS = ("cmd_id", "started", "finished", "status", "base_commit", "plan_validation",
             "tasks")
#: Seed 000 "Status の定義", plus ``aborted`` for an abandoned cmd (ours).
STATUSES = ("pending", "running", "retrying", "success", "partial", "failure", "timeout",
            "skipped")
#: Task statuses after which a task ran and did not succeed.
UNSUCCESSFUL = ("partial", "failure", "timeout")
#: Roles (agent names without ``crew-``) of the log's entries that are no task.
PHASE_ROLES = ("decomposer", "plan-reviewer", "aggregator", "retrospector")
LOG_HEADER = (
    "# Execution log of {cmd}, written by playgate's hooks from what they saw (Agent calls,\n"
    "# subagent stops, result files). The keys cmd_id, started, finished, status, base_commit,\n"
    "# plan_validation and tasks are the hooks'; add your own top-level keys below them\n"
    "# (approvals, notes): the hooks keep them.\n"
)


def now() -> str:
    """Local time ``YYYY-MM-DD HH:MM:SS`` (seed 000 "タイムスタンプフォーマット")."""
    return local_now()


def ledger_path(root: str, cmd: str) -> str:
    return os.path.join(root, *LEDGER_DIR.split("/"), f"{cmd}.jsonl")


def _append(path: str, record: dict) -> None:
    from statefiles.atomic import append_nonblocking  # lazy: writers only

    os.makedirs(os.path.dirname(path), exist_ok=True)
    append_nonblocking(path, (fastjson.dumps(record) + "\n").encode("utf-8"))


def record(root: str, cmd: str, entry: dict) -> None:
    """Append ``entry`` (``kind`` and its fields; ``ts`` added) to the cmd's
    record, then render ``execution_log.yaml`` again. The append is one
    ``write(2)`` (parallel hooks never interleave a line); the render runs
    under the state lock."""
    entry = dict(entry)
    entry.setdefault("ts", now())
    _append(ledger_path(root, cmd), entry)
    write_log(root, cmd)


def record_start(root: str, agent_id: str, agent_type: str) -> None:
    """A crew subagent started (SubagentStart)."""
    _append(os.path.join(root, *LEDGER_DIR.split("/"), STARTS),
            {"ts": now(), "agent_id": agent_id, "agent_type": agent_type})


def start_times(root: str) -> dict:
    """``{agent_id: ts}`` of the recorded subagent starts."""
    out = {}
    for rec in _read(os.path.join(root, *LEDGER_DIR.split("/"), STARTS)):
        if isinstance(rec.get("agent_id"), str):
            out.setdefault(rec["agent_id"], rec.get("ts"))
    return out


def _read(path: str) -> list:
    try:
        with open(path, "rb") as fh:
            raw = fh.read(8 * 1024 * 1024)
    except OSError:
        return []
    out = []
    for line in raw.split(b"\n"):
        if not line.strip():
            continue
        try:
            value = fastjson.loads(line.decode("utf-8"))
        except (ValueError, UnicodeDecodeError, RecursionError):
            continue
        if isinstance(value, dict):
            out.append(value)
    return out


def records(root: str, cmd: str) -> list:
    """Every record of the cmd, oldest first (``[]`` when none)."""
    return _read(ledger_path(root, cmd))


def known(root: str) -> list:
    """The cmd ids that have a record, lowest number first."""
    try:
        names = os.listdir(os.path.join(root, *LEDGER_DIR.split("/")))
    except OSError:
        return []
    cmds = [n[:-6] for n in names if n.endswith(".jsonl") and is_cmd_id(n[:-6])]
    return sorted(cmds, key=cmd_number)


# ------------------------------------------------------------------ the state


class Entry:
    """One entry of the log's ``tasks`` list (a role and a task, with every
    launch of it: retries are launches after the first)."""

    __slots__ = ("id", "role", "task", "model", "started", "finished", "duration_sec",
                 "status", "error", "retries", "metadata_issues", "tool_use_ids", "agents",
                 "launched_at", "session")

    def __init__(self, ident: int, role: str, task) -> None:
        self.id, self.role, self.task = ident, role, task
        self.model = None
        self.started = self.finished = self.duration_sec = None
        self.status, self.error, self.retries = "pending", None, 0
        self.metadata_issues: list = []
        self.tool_use_ids: list = []
        self.agents: list = []
        self.launched_at = None
        self.session = None

    @property
    def running(self) -> bool:
        return self.status in ("running", "retrying")

    def as_dict(self) -> dict:
        return {"id": self.id, "role": self.role,
                "task": f"task_{self.task}" if isinstance(self.task, int) else None,
                "model": self.model, "started": self.started, "finished": self.finished,
                "duration_sec": self.duration_sec, "status": self.status, "error": self.error,
                "retries": self.retries, "metadata_issues": list(self.metadata_issues)}


class CmdState:
    """What the record says about one cmd.

    Attributes:
        cmd: the id. started: the first record's time. base_commit, branch.
        entries: ``{(role, task): Entry}`` in the order of their first launch.
        plan_validation: ``None`` or ``{"verdict", "notes", "fingerprint",
            "reviews"}`` (the latest review; ``reviews`` how many ran).
        plan_fingerprints: fingerprints of the plans the decomposer wrote.
        closed: ``None`` or the close record's status. finished: its time.
        user_named: the proposal ids (``IMP-001``, ``MEM-2``...) the user's own
            prompts named after the cmd closed (the batch approval's answer).
    """

    __slots__ = ("cmd", "started", "base_commit", "branch", "entries", "plan_validation",
                 "plan_fingerprints", "closed", "finished", "reviews", "user_named")

    def __init__(self, cmd: str) -> None:
        self.cmd = cmd
        self.started = self.base_commit = self.branch = None
        self.entries: dict = {}
        self.plan_validation = None
        self.plan_fingerprints: list = []
        self.closed = self.finished = None
        self.reviews: list = []
        self.user_named: set = set()

    def worker(self, number: int):
        """The entry of task ``number`` (any worker persona), or ``None``."""
        for (role, task), entry in self.entries.items():
            if task == number and role not in PHASE_ROLES:
                return entry
        return None

    def phase(self, role: str):
        return self.entries.get((role, None))

    def running(self) -> list:
        return [e for e in self.entries.values() if e.running]

    def launches(self, role: str, task=None) -> int:
        entry = self.entries.get((role, task))
        return 0 if entry is None else entry.retries + 1


def _seconds(a: str, b: str):
    try:
        t0, t1 = local_seconds(a), local_seconds(b)
    except (TypeError, ValueError):
        return None
    return max(0, int(round(t1 - t0)))


def state(root: str, cmd: str, recs: list | None = None) -> CmdState:
    """The cmd's state, folded from its record (see the module docstring)."""
    st = CmdState(cmd)
    starts = None
    for rec in records(root, cmd) if recs is None else recs:
        kind, ts = rec.get("kind"), rec.get("ts")
        if st.started is None and isinstance(ts, str):
            st.started = ts
        if kind == "cmd":
            st.base_commit = st.base_commit or rec.get("base_commit")
            st.branch = st.branch or rec.get("branch")
        elif kind == "launch":
            key = (rec.get("role"), rec.get("task"))
            entry = st.entries.get(key)
            if entry is None:
                entry = st.entries[key] = Entry(len(st.entries) + 1, *key)
                entry.status = "running"
            else:
                entry.retries += 1
                entry.status = "retrying"
                entry.finished = entry.duration_sec = entry.error = None
                entry.metadata_issues = []
            entry.started = entry.launched_at = ts
            entry.session = rec.get("session_id")
            entry.model = rec.get("model") or entry.model
            entry.tool_use_ids.append(rec.get("tool_use_id"))
        elif kind == "stop":
            entry = st.entries.get((rec.get("role"), rec.get("task")))
            agent = rec.get("agent_id")
            if entry is None:
                continue
            if not entry.running and not (agent and entry.agents and entry.agents[-1] == agent):
                continue  # a stop of an earlier run, or of no run
            if agent and (not entry.agents or entry.agents[-1] != agent):
                entry.agents.append(agent)
                if starts is None:
                    starts = start_times(root)
                began = starts.get(agent)
                if began and entry.launched_at and began >= entry.launched_at:
                    entry.started = began
            entry.finished = ts
            entry.duration_sec = _seconds(entry.started, ts)
            entry.status = rec.get("status") if rec.get("status") in STATUSES else "failure"
            entry.error = rec.get("error") or None
            entry.metadata_issues = [str(i) for i in rec.get("metadata_issues") or []]
        elif kind == "plan":
            if rec.get("fingerprint"):
                st.plan_fingerprints.append(rec["fingerprint"])
        elif kind == "plan_validation":
            st.reviews.append(rec)
            st.plan_validation = {"verdict": rec.get("verdict"), "notes": rec.get("notes") or "",
                                  "fingerprint": rec.get("fingerprint"),
                                  "reviews": len(st.reviews)}
        elif kind == "close":
            st.closed = rec.get("status") or "failure"
            st.finished = ts
        elif kind == "user_named" and st.closed is not None:
            st.user_named.update(str(i).upper() for i in rec.get("ids") or ())
    return st


def final_failure(entry: Entry, max_retries: int) -> bool:
    """The task ran, did not succeed, and has no retry left."""
    return entry.status in UNSUCCESSFUL and entry.retries >= max_retries


def task_statuses(st: CmdState, plan, max_retries: int) -> dict:
    """``{N: (status, error)}`` for every task of ``plan`` (a
    :class:`statefiles.crew.plan.Plan`): its entry's status, ``pending`` for a
    task not launched, ``skipped`` for one a failed dependency blocks for
    good (seed 000 step 4g: ``dependency task_M failed``)."""
    out: dict = {}

    def of(number, seen=()):
        if number in out:
            return out[number]
        entry = st.worker(number)
        if entry is not None:
            out[number] = (entry.status, entry.error)
            return out[number]
        task = plan.tasks.get(number)
        if task is None or number in seen:
            return ("pending", None)
        for dep in task.depends:
            dep_status, _ = of(dep, seen + (number,))
            dep_entry = st.worker(dep)
            if dep_status == "skipped" or (dep_entry is not None
                                           and final_failure(dep_entry, max_retries)):
                out[number] = ("skipped", f"dependency task_{dep} failed")
                return out[number]
        out[number] = ("pending", None)
        return out[number]

    for number in plan.tasks:
        of(number)
    return out


def cmd_status(statuses: dict) -> str:
    """The cmd's status once it is closed: ``success`` when every task
    succeeded (every result validated), ``failure`` when none did,
    ``partial`` otherwise (seed 000: "success/partial/failure")."""
    values = [s for s, _ in statuses.values()]
    if values and all(s == "success" for s in values):
        return "success"
    if not any(s == "success" for s in values):
        return "failure"
    return "partial"


# ------------------------------------------------------------------ execution_log.yaml


_PLAIN = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")
#: Words YAML 1.1 reads as something else than a string.
_SPECIAL = frozenset({"y", "n", "yes", "no", "true", "false", "on", "off", "null", "~"})


def _scalar(value) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    text = str(value)
    if (text and set(text) <= _PLAIN and text[0].isalpha() and text.lower() not in _SPECIAL):
        return text  # a plain word: status: success, task: task_1, model: sonnet
    return fastjson.dumps(text)  # a JSON string is a YAML double-quoted string


def _list(values) -> str:
    return "[" + ", ".join(_scalar(v) for v in values) + "]" if values else "[]"


def render_hook_part(root: str, cmd: str, st: CmdState | None = None, plan=None,
                     config=None) -> str:
    """The hooks' keys of execution_log.yaml (:data:`HOOK_KEYS`), as text."""
    st = st or state(root, cmd)
    plan = plan if plan is not None else _plan.load(root, cmd)
    cfg = config or _config.load(root)
    lines = [f"cmd_id: {cmd}", f"started: {_scalar(st.started)}",
             f"finished: {_scalar(st.finished)}",
             f"status: {st.closed or 'running'}",
             f"base_commit: {_scalar(st.base_commit)}"]
    required = plan.found and plan.writes_code()
    enabled = bool(cfg.plan_validation) or required or st.plan_validation is not None
    lines.append("plan_validation:")
    lines.append(f"  enabled: {_scalar(enabled)}")
    if enabled and required and not cfg.plan_validation:
        lines.append('  required_because: "the plan\'s tasks write code"')
    pv = st.plan_validation or {}
    lines.append(f"  verdict: {_scalar(pv.get('verdict'))}")
    lines.append(f"  retry_occurred: {_scalar(len(st.plan_fingerprints) > 1)}")
    lines.append(f"  notes: {_scalar(pv.get('notes') or '')}")
    entries = [e.as_dict() for e in st.entries.values()]
    statuses = task_statuses(st, plan, cfg.max_retries) if plan.found else {}
    launched = {e.task for e in st.entries.values() if e.role not in PHASE_ROLES}
    next_id = len(entries) + 1
    for number, (status, error) in statuses.items():
        if number in launched:
            continue
        task = plan.tasks[number]
        entries.append({"id": next_id, "role": f"worker_{task.persona or 'unknown'}",
                        "task": f"task_{number}", "model": task.model or cfg.default_model,
                        "started": None, "finished": None, "duration_sec": None,
                        "status": status, "error": error, "retries": 0,
                        "metadata_issues": []})
        next_id += 1
    if not entries:
        lines.append("tasks: []")
    else:
        lines.append("tasks:")
        for e in entries:
            role = e["role"]
            if role not in PHASE_ROLES and not role.startswith("worker_"):
                role = f"worker_{role}"
            lines.append(f"  - id: {e['id']}")
            lines.append(f"    role: {role.replace('-', '_')}")
            for key in ("task", "model", "started", "finished", "duration_sec", "status",
                        "error", "retries"):
                lines.append(f"    {key}: {_scalar(e[key])}")
            lines.append(f"    metadata_issues: {_list(e['metadata_issues'])}")
    return "\n".join(lines) + "\n"


def split_blocks(text: str) -> list:
    """``[(key, block_text)]`` of the top-level entries of a YAML text: a block
    starts at a ``key:`` line in column 0 and runs to the next one; comment
    and blank lines before the first key are left out."""
    blocks: list = []
    key, current = None, []
    for line in text.split("\n"):
        top = line[:1] not in ("", " ", "\t", "#", "-") and ":" in line
        if top:
            if key is not None:
                blocks.append((key, "\n".join(current).rstrip("\n") + "\n"))
            key, current = line.split(":", 1)[0].strip(), [line]
        elif key is not None:
            current.append(line)
    if key is not None:
        blocks.append((key, "\n".join(current).rstrip("\n") + "\n"))
    return blocks


def parent_part(text: str) -> str:
    """The parent's top-level entries of an execution_log.yaml text (every
    key but :data:`HOOK_KEYS`), verbatim."""
    return "".join(block for key, block in split_blocks(text or "") if key not in HOOK_KEYS)


def hook_part_of(text: str) -> str:
    """The hooks' entries of an execution_log.yaml text, verbatim, in order."""
    return "".join(block for key, block in split_blocks(text or "") if key in HOOK_KEYS)


def log_path(root: str, cmd: str) -> str:
    return os.path.join(root, *file_path(cmd, "execution_log.yaml").split("/"))


def write_log(root: str, cmd: str) -> None:
    """Render ``work/<cmd>/execution_log.yaml`` from the record, keeping the
    parent's keys of the current file (under the state lock)."""
    from statefiles.atomic import locked, write_atomic  # lazy: writers only

    path = log_path(root, cmd)
    if not os.path.isdir(os.path.dirname(path)):
        return
    with locked(layout.join(root, layout.LOCK_FILE)):
        try:
            with open(path, encoding="utf-8") as fh:
                current = fh.read(1024 * 1024)
        except (OSError, UnicodeDecodeError):
            current = ""
        text = (LOG_HEADER.format(cmd=cmd) + render_hook_part(root, cmd)
                + parent_part(current))
        if text != current:
            write_atomic(path, text, durable=False)
