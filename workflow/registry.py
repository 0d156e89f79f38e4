"""The workflow registry: the one place that knows which ways of working the
suite ships, which one is active, and what each one's plan, plan check, work,
work check, roles and files are (``../shared/WORKFLOWS.md``).

The seeds describe four ways an agent works in a repository. They are four
shapes of the same guarantees (state first, a checked plan before code,
independent checking before "done", roles own their files, the same floors,
a branch policy), so the gate is one gate and each workflow is one entry of
:data:`WORKFLOWS`, read at a glance like the event chains
(``events/<event>.py``) and the command-family registry
(``shell/registry.py``). Guards ask this module instead of hard-coding the
golden path's file and agent names; the golden path is the first entry, not
a special case.

Which workflow is active: state.md ``config.workflow`` (one of
:data:`NAMES`, default :data:`DEFAULT`), a human's choice like every config
key (SPEC §7). One workflow is active at a time; the files of another that
are present are reported at session start (``guards/active_workflow.py``),
not obeyed. Two more config keys default per workflow:

==================  =============================  ===================================
state.md ``config``  values                          default
==================  =============================  ===================================
``workflow``         ``golden-path`` ``crew``        ``golden-path``
                     ``breezing`` ``sync-sdd``
``branch_policy``    ``feature`` ``trunk``           the workflow's (sync-sdd: trunk,
                                                     seed 003 §15; the others: feature,
                                                     seeds 002/004)
``after_compact``    ``continue`` ``wait``           the workflow's (sync-sdd: wait,
                                                     seed 003 §13; the others: continue,
                                                     seed 002 §1.5)
==================  =============================  ===================================

An unknown value of any of them is never guessed into a looser reading: the
workflow falls back to the golden path (the strictest gate: a reviewed
playbook before any edit) and the branch policy to ``feature``, and
:func:`config_problems` names the value so that session start, ``playgate
validate`` and ``doctor`` report it.

Agent types are matched **exactly** (Claude Code's ``agent_type``; the
suite's own agents may carry the plugin namespace ``playgate:``), never
lower-cased or by substring: ``Critic`` or ``other:critic`` is not the golden
path's critic. No agent name belongs to two workflows (checked when this
module is imported), because a role's rights follow its name.

Pure data and lookups: no I/O of its own except :func:`present`, which
stats a few paths; imports nothing heavy (it is read on hook paths).
"""

from __future__ import annotations

import os

from statefiles.record import Record

#: The suite's name when it is installed as a Claude Code plugin: its agents
#: are then ``playgate:<name>``. Other plugins' namespaces are kept, so a
#: third-party ``x:critic`` is nobody's critic here.
PLUGIN_NAMESPACE = "playgate"

FEATURE = "feature"
TRUNK = "trunk"
BRANCH_POLICIES = (FEATURE, TRUNK)

CONTINUE = "continue"
WAIT = "wait"
AFTER_COMPACT = (CONTINUE, WAIT)

#: Claude Code's own agents that cannot write, as the CLI names them.
BUILTIN_READ_ONLY = frozenset({"Explore", "Plan", "statusline-setup"})


class Workflow(Record):
    """One way of working (one row of ``../shared/WORKFLOWS.md``).

    * ``name`` — the state.md ``config.workflow`` value;
    * ``title`` — what the docs call it; ``seeds`` — the seed numbers it follows;
    * ``start`` — the skill that starts a unit of work, ``None`` when the
      work starts from an ordinary request; ``start_by_user`` — True when
      only the user starts it (types ``/<start>``), False when the agent
      calls the skill itself;
    * ``roles`` — role → the agent types (exact names) that play it. Role
      names are shared across workflows: ``planner``, ``plan_checker``,
      ``worker``, ``work_checker``, plus a workflow's own (``aggregator``,
      ``auditor``...). The main session is the ``lead`` and has no agent type;
    * ``read_only`` — the agent types of this workflow that have no write
      tools (their stops are never blocked: they cannot act on a reason);
    * ``playbook`` — the workflow's plan is the golden path's playbook, so
      its gates apply before any edit: the prompt analysis and the
      understanding check (prompt-analyzer-gate, prompt-work-request,
      consent-guard), a reviewed ``play/<id>/plan.json`` (playbook-guard)
      and bash-check's no-playbook rule. ``False`` for a workflow whose own
      guards keep guarantee 2 with its own plan (sync-sdd: the phase of
      ``spec.yaml``, ``design.md`` by the architect and ``tasks.yaml`` by
      the task generator); the session is then told to start with
      ``start``;
    * ``files`` — repo-relative globs of the workflow's own state files; one
      that exists means the workflow has (or had) work in this repository;
    * ``branch_policy`` / ``after_compact`` — the defaults of those config keys;
    * ``abort`` — how a unit of work is abandoned without leaving state that
      keeps guarding (the user's command or the workflow's cleanup);
    * ``docs`` — the docs page of the workflow;
    * ``env`` — ``((name, value), ...)``: the environment variables Claude
      Code needs for the workflow (its ``settings.json`` ``env``), offered by
      the installer when the user
      chooses the workflow (``install.py --workflow NAME``);
    * ``guards`` — the guard modules (names under ``guards/``) that enforce
      *this* workflow's procedure and act only while it is active: every
      event chain drops the guards of the workflows that are not active
      (:func:`chain_for`). A guard listed by no workflow (the floors, the
      shell analysis, the permission gate, init-guard, the branch policy)
      acts in every workflow.
    """

    __slots__ = ("name", "title", "seeds", "start", "roles", "read_only", "files",
                 "playbook", "branch_policy", "after_compact", "abort", "docs", "guards", "env",
                 "start_by_user")
    _defaults = {"start": None, "read_only": frozenset(), "playbook": True, "start_by_user": False,
                 "branch_policy": FEATURE, "after_compact": CONTINUE, "abort": "", "docs": "",
                 "guards": (), "env": ()}

    def agents(self) -> frozenset:
        """Every agent type of the workflow, in any role."""
        return frozenset(a for names in self.roles.values() for a in names)

    def role_of(self, agent: str) -> str | None:
        """The role the exact agent name ``agent`` plays here, or ``None``."""
        for role, names in self.roles.items():
            if agent in names:
                return role
        return None


#: The workflows the suite ships, the default first. Roles, files and
#: defaults are the seeds' (see each ``docs`` page for the flow as a table).
WORKFLOWS = (
    Workflow(
        name="golden-path",
        title="golden path (4QV+)",
        seeds=("002", "004"),
        start="playbook-init",
        roles={
            "analyst": ("prompt-analyzer",),
            "planner": ("pm",),
            "plan_checker": ("reviewer",),
            "work_checker": ("critic",),
            "executor": ("executor-resolver", "codex-delegate", "coderabbit-delegate"),
        },
        read_only=frozenset({"critic", "reviewer", "prompt-analyzer", "executor-resolver",
                             "coderabbit-delegate"}),
        files=("play/*/plan.json", "play/*/progress.json"),
        abort="set state.md playbook.active to null (the playbook's files stay in play/)",
        docs="docs/workflow.md",
        guards=(
            # PreToolUse: the request analysis, the understanding check, the
            # post-loop hold and the playbook's Edit/Write chain (SPEC §3)
            "prompt_analyzer_gate", "consent_guard", "pending_guard", "playbook_guard",
            "depends_check", "executor_guard", "critic_guard", "subtask_guard",
            "phase_status_guard", "scope_guard",
            # UserPromptSubmit: the understanding check's answer, the work
            # request that starts the golden path, the playbook position
            # (prompt-work-request is every workflow's: it names the active
            # workflow's start, the golden path's playbook-init among them)
            "prompt_consent", "prompt_state",
            # Stop, SubagentStop, PostToolUse: the playbook's done contract,
            # the critic's and the reviewer's verdicts, the archive
            "post_loop_pending", "completion_check", "critic_ledger", "review_ledger",
            "subagent_reminder", "archive_playbook", "progress_reminder",
            # Bash: a commit of work the playbook has not recorded; the
            # critic's commands and their exit status
            "check_state_update", "critic_commands",
        ),
    ),
    Workflow(
        name="crew",
        title="crew orchestration (claude-crew)",
        seeds=("000",),
        start="crew",
        roles={
            "planner": ("crew-decomposer",),
            "plan_checker": ("crew-plan-reviewer",),
            "worker": ("crew-researcher", "crew-writer", "crew-coder", "crew-reviewer"),
            "aggregator": ("crew-aggregator",),
            "retrospector": ("crew-retrospector",),
            "memory_writer": ("crew-memory-writer",),
        },
        # The plan reviewer only reads: the hooks write plan_review.md from its
        # reply. The memory writer's only tools are the memory server's.
        read_only=frozenset({"crew-plan-reviewer", "crew-memory-writer"}),
        files=("work/cmd_*/plan.md", "work/cmd_*/execution_log.yaml"),
        abort="python3 .claude/skills/crew/new_cmd.py --abort cmd_NNN (its files stay in work/)",
        docs="docs/crew.md",
        playbook=False,  # its plan is the cmd's plan.md, checked by crew-plan-reviewer
        # The cmd's gates (waves, one writer per file, the checked plan before
        # code), the path-passer rule and the execution log the hooks write.
        guards=(
            "crew_wave_guard", "crew_path_passer", "crew_files", "crew_plan_gate",
            "crew_memory", "crew_recorder", "crew_reminder", "crew_stop_check", "crew_resume",
        ),
    ),
    Workflow(
        name="breezing",
        title="breezing (team)",
        seeds=("001",),
        start="breezing",
        roles={
            "planner": ("plan-analyst",),
            "plan_checker": ("plan-critic",),
            "worker": ("task-worker", "codex-implementer"),
            "work_checker": ("code-reviewer",),
        },
        read_only=frozenset({"plan-analyst", "plan-critic", "code-reviewer"}),
        files=(".claude/state/breezing-active.json", ".claude/state/review-result.json"),
        abort="the user types /breezing abort (the hooks record it and remove the session's "
              "files); before the team starts the lead removes "
              ".claude/state/breezing-active.json itself",
        docs="docs/breezing.md",
        playbook=False,  # its plan is the confirmed Plans.md range: breezing-gate
        start_by_user=True,  # seed 001: the user types /breezing with the range
        # Agent Teams and the task list tools (measured: both are needed,
        # docs/claude-code-measured.md "Agent Teams, headless")
        env=(("CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS", "1"), ("CLAUDE_CODE_ENABLE_TODO_TOOLS", "1")),
        guards=(
            "breezing_gate", "codex_lead_guard", "breezing_record", "breezing_prompt",
            "breezing_signals", "breezing_stops", "breezing_session",
        ),
    ),
    Workflow(
        name="sync-sdd",
        title="sync-sdd (spec-driven)",
        seeds=("003",),
        start="sdd-roadmap",
        # Seed 003's 23 agents as its table counts them (Spec 12; T2 opus,
        # T3 sonnet): the inspectors are named after their review aspect and
        # grouped by the review that runs them (6 design, 6 implementation +
        # the e2e one, 4 dead code), each review merged by its auditor.
        roles={
            "planner": ("sdd-architect",),
            "task_generator": ("sdd-taskgenerator",),
            "worker": ("sdd-builder",),
            "design_inspector": ("sdd-inspector-rulebase", "sdd-inspector-testability",
                                 "sdd-inspector-architecture", "sdd-inspector-consistency",
                                 "sdd-inspector-best-practices", "sdd-inspector-holistic"),
            "impl_inspector": ("sdd-inspector-impl-rulebase", "sdd-inspector-interface",
                               "sdd-inspector-quality", "sdd-inspector-impl-consistency",
                               "sdd-inspector-impl-holistic", "sdd-inspector-test",
                               "sdd-inspector-e2e"),
            "dead_code_inspector": ("sdd-inspector-dead-settings", "sdd-inspector-dead-code",
                                    "sdd-inspector-dead-specs", "sdd-inspector-dead-tests"),
            "plan_checker": ("sdd-auditor-design",),
            "work_checker": ("sdd-auditor-impl",),
            "dead_code_auditor": ("sdd-auditor-dead-code",),
        },
        read_only=frozenset(),
        files=(".sdd/project/specs/*/spec.yaml",),
        playbook=False,
        branch_policy=TRUNK,
        after_compact=WAIT,
        abort=("nothing of a feature keeps guarding other work: leave its "
               ".sdd/project/specs/<feature>/ or delete it (its spec.yaml phase only gates "
               "that feature's agents); set config.workflow back to golden-path to leave "
               "the workflow"),
        docs="docs/sync-sdd.md",
        guards=(
            # PreToolUse: who writes which artifact and who runs programs, the
            # phase gate when a subagent starts, the lead's commit (Spec 4, 5, §15)
            "sdd_ownership", "sdd_phase_gate", "sdd_commit",
            # SubagentStop: the auditor's verdict kept by the hooks, the
            # review agents' WRITTEN:{path} reply (Spec 7, 11)
            "sdd_verdict", "sdd_reply",
        ),
    ),
)

BY_NAME = {w.name: w for w in WORKFLOWS}
NAMES = tuple(BY_NAME)
DEFAULT = WORKFLOWS[0]


def _check_registry() -> None:
    """No agent name in two workflows, none empty or namespaced: a role's
    rights follow its exact name (``../shared/WORKFLOWS.md``)."""
    seen: dict = {}
    GUARD_OWNERS.clear()
    for wf in WORKFLOWS:
        for agent in wf.agents():
            if not agent or ":" in agent or agent != agent.strip():
                raise ValueError(f"workflow {wf.name}: bad agent name {agent!r}")
            if agent in seen and seen[agent] != wf.name:
                raise ValueError(f"agent {agent!r} is in workflows {seen[agent]} and {wf.name}")
            seen[agent] = wf.name
        stray = wf.read_only - wf.agents()
        if stray:
            raise ValueError(f"workflow {wf.name}: read_only names no role: {sorted(stray)}")
        for guard in wf.guards:
            if guard in GUARD_OWNERS and GUARD_OWNERS[guard] != wf.name:
                raise ValueError(f"guard {guard!r} is in workflows {GUARD_OWNERS[guard]} and {wf.name}")
            GUARD_OWNERS[guard] = wf.name


#: Guard module -> the workflow that owns it (filled by :func:`_check_registry`).
GUARD_OWNERS: dict = {}
_check_registry()


# ------------------------------------------------------------------ agent types


def agent_name(agent_type) -> str:
    """The suite agent an ``agent_type`` names, exactly: ``critic`` and
    ``playgate:critic`` → ``critic``; anything else is returned as it is
    (``Critic``, ``other:critic``, `` critic``), so it matches no role. A
    non-string is ``""``."""
    if not isinstance(agent_type, str):
        return ""
    return agent_type.removeprefix(PLUGIN_NAMESPACE + ":")


def agent_role(agent_type) -> tuple:
    """``(workflow, role)`` of the agent type, matched exactly after the
    suite's plugin namespace (:func:`agent_name`), or ``(None, None)``."""
    name = agent_name(agent_type)
    if name:
        for wf in WORKFLOWS:
            role = wf.role_of(name)
            if role is not None:
                return wf, role
    return None, None


def is_agent(agent_type, workflow: str, role: str) -> bool:
    """True when ``agent_type`` is exactly one of the agents that play
    ``role`` in ``workflow`` (``is_agent(t, "golden-path", "work_checker")``
    is the critic test)."""
    wf, found = agent_role(agent_type)
    return wf is not None and wf.name == workflow and found == role


def is_read_only_agent(agent_type) -> bool:
    """True for a suite agent without write tools, in any workflow, and for
    Claude Code's built-in read-only agents (``Explore``, ``Plan``,
    ``statusline-setup``; matched as the CLI names them)."""
    name = agent_name(agent_type)
    if name in BUILTIN_READ_ONLY:
        return True
    wf, _role = agent_role(name)
    return wf is not None and name in wf.read_only



# ------------------------------------------------------------------ configuration


def _config(ctx, key: str):
    state = ctx.state
    if state is None:
        return None
    try:
        return state.get("config", key, None)
    except Exception:  # noqa: BLE001 - a broken state.md is reported by its own guards
        return None


def _word(value) -> str | None:
    return value.strip().lower() if isinstance(value, str) and value.strip() else None


def active(ctx) -> Workflow:
    """The active workflow: state.md ``config.workflow`` when it names one of
    :data:`NAMES` (case and surrounding blanks ignored), else :data:`DEFAULT`
    (no state.md, key absent, or an unknown value: see
    :func:`config_problems`)."""
    return BY_NAME.get(_word(_config(ctx, "workflow")) or "", DEFAULT)


def branch_policy(ctx) -> str:
    """``feature`` or ``trunk``: state.md ``config.branch_policy`` when it is
    one of them, else the active workflow's default (an unknown value reads
    as ``feature``, the stricter one: no work on main)."""
    value = _word(_config(ctx, "branch_policy"))
    if value in BRANCH_POLICIES:
        return value
    if value is not None:
        return FEATURE
    return active(ctx).branch_policy


def branch_policy_in(config) -> str:
    """:func:`branch_policy` read from a parsed state.md ``config`` section
    (a dict; anything else is no config), for code that has no hook context
    (the archive engine, the command line)."""
    config = config if isinstance(config, dict) else {}
    value = _word(config.get("branch_policy"))
    if value in BRANCH_POLICIES:
        return value
    if value is not None:
        return FEATURE
    return BY_NAME.get(_word(config.get("workflow")) or "", DEFAULT).branch_policy


def after_compact(ctx) -> str:
    """``continue`` or ``wait``: what the agent does after a compaction —
    continue where it was (seed 002 §1.5) or wait for the user's next
    instruction (seed 003 §13). state.md ``config.after_compact`` when it is
    one of them, else the active workflow's default (an unknown value reads
    as the default)."""
    value = _word(_config(ctx, "after_compact"))
    if value in AFTER_COMPACT:
        return value
    return active(ctx).after_compact


def uses_playbook(ctx) -> bool:
    """The active workflow's plan is the golden path's playbook
    (:attr:`Workflow.playbook`): the golden path's gates before edits apply.
    False under a workflow with its own plan and guards (sync-sdd)."""
    return active(ctx).playbook


def main_forbidden(ctx) -> bool:
    """True when the checked-out branch is ``main``/``master`` and the
    branch policy is ``feature`` (seeds 002/004: no work happens there).
    Under ``trunk`` (seed 003 §15: main is the trunk and work happens on
    it) main is a working branch like any other, so this is False."""
    return bool(ctx.on_main) and branch_policy(ctx) != TRUNK


def config_problems(config: dict | None) -> list:
    """Problems of the registry's config keys in a parsed state.md
    ``config`` section, as ``(key, value, allowed)`` tuples (empty when all
    are absent or valid). ``null`` is valid for the per-workflow defaults."""
    if not isinstance(config, dict):
        return []
    out = []
    for key, allowed, nullable in (("workflow", NAMES, False),
                                   ("branch_policy", BRANCH_POLICIES, True),
                                   ("after_compact", AFTER_COMPACT, True)):
        if key not in config:
            continue
        value = config[key]
        if value is None and nullable:
            continue
        if _word(value) not in allowed:
            out.append((key, value, allowed))
    return out


def chain_for(ctx, names) -> tuple:
    """The guard modules of ``names`` (an event chain, in order) that act now:
    every guard but those owned by a workflow that is not the active one
    (:attr:`Workflow.guards`). State.md is read only when the chain holds a
    workflow's guard."""
    if not any(name in GUARD_OWNERS for name in names):
        return tuple(names)
    current = active(ctx).name
    return tuple(name for name in names if GUARD_OWNERS.get(name, current) == current)


# ------------------------------------------------------------------ files


def present(root: str, workflow: Workflow) -> list:
    """The repo-relative paths of ``workflow``'s own files that exist under
    ``root`` (its ``files`` globs, one ``*`` component each; at most 5,
    sorted), without reading them."""
    found: list = []
    for pattern in workflow.files:
        found.extend(_glob(root, pattern.split("/")))
        if len(found) >= 5:
            break
    return sorted(found)[:5]


def _glob(root: str, parts: list, prefix: str = "") -> list:
    # A tiny glob: only a component that is exactly "*" or "cmd_*"-style
    # prefix* is a wildcard; enough for the registry's own patterns, and no
    # import of glob/fnmatch/re on a hook path.
    if not parts:
        return [prefix] if os.path.lexists(os.path.join(root, prefix)) else []
    head, rest = parts[0], parts[1:]
    if "*" not in head:
        return _glob(root, rest, f"{prefix}/{head}" if prefix else head)
    start, _, end = head.partition("*")
    base = os.path.join(root, prefix) if prefix else root
    try:
        names = sorted(os.listdir(base))
    except OSError:
        return []
    out = []
    for name in names:
        if name.startswith(start) and name.endswith(end) and len(name) >= len(start) + len(end):
            if head == "*" and name in ("archive", "template") and prefix == "play":
                continue  # copies, not working playbooks
            out.extend(_glob(root, rest, f"{prefix}/{name}" if prefix else name))
            if len(out) >= 5:
                break
    return out
