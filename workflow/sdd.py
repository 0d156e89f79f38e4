"""sync-sdd's rules (seed 003), shared by its guards: which file is whose,
where a feature's artifacts live, what the phase gate allows each role to
start, and the ledger the hooks keep of what they saw.

Not a guard. Every rule here applies only while state.md
``config.workflow`` is ``sync-sdd`` (:func:`active`); the agent types and
their roles are the registry's (:data:`workflow.registry.WORKFLOWS`).

**Where things live** (seed 003 Spec 3, 4, 7; the default
``config.spec_paths`` is ``.sdd/project/specs/*/spec.yaml``): a *feature
directory* is a directory holding a ``spec.yaml`` that ``spec_paths``
matches; in it

=======================  ==============================  ==========================
file                     written by (Spec 4)             kind
=======================  ==============================  ==========================
``spec.yaml``            the lead (spec-phase-gate)      ``spec``
``design.md``            the architect                   ``design``
``research.md``          the architect                   ``research``
``tasks.yaml``           the task generator; the lead    ``tasks``
                         only marks tasks ``done``
``.review/<name>.cpf``   the inspector ``<name>``        ``review``
``.review/verdict.cpf``  the review's auditor            ``verdict``
``verdicts.md``          the hooks (from ``verdict.cpf``) ``verdicts``
anything else            nobody                          ``feature_other``
=======================  ==============================  ==========================

A review of the whole project (dead code) keeps the same files in
``.sdd/project/.review/`` and ``.sdd/project/verdicts.md``.

``.sdd/handover/`` (the session notes ``session.md``, ``decisions.md``,
``buffer.md``; Spec 6.7) and the rest of ``.sdd/`` (steering) are the
lead's. Every other project file is **implementation code**, the builders'
(Spec 4.4), and a builder writes it only under a plan: some feature is in
phase ``design-generated`` with a ``tasks.yaml`` (:func:`plan_ready`).
state.md and ``.claude/`` are outside these rules (their own guards judge
them).

**The ledger** (``.claude/logs/sdd-ledger.jsonl``, in the protected floor:
the hooks write it, Claude cannot) records what the hooks saw: an sdd agent
started for a feature (PreToolUse of ``Agent``/``Task``), and an auditor's
verdict read from its ``verdict.cpf`` when it stopped (SubagentStop). The
lead could fake a verdict it wrote itself; it cannot fake these lines.
"""

from __future__ import annotations

import os

from statefiles import jsonlog, layout
from statefiles.atomic import read_bytes
from workflow import registry, team

WORKFLOW = "sync-sdd"
SDD_DIR = ".sdd"
HANDOVER = ".sdd/handover"
SESSION_NOTES = ("session.md", "decisions.md", "buffer.md")
SPEC = "spec.yaml"
DESIGN = "design.md"
RESEARCH = "research.md"
TASKS = "tasks.yaml"
VERDICTS_MD = "verdicts.md"
REVIEW_DIR = ".review"
#: Where a project-wide review (dead code) keeps its files.
PROJECT_DIR = ".sdd/project"
VERDICT_CPF = "verdict.cpf"
LEDGER = ".claude/logs/sdd-ledger.jsonl"
#: The auditor's verdicts (seed 003 Spec 1.3).
VERDICTS = ("GO", "CONDITIONAL", "NO-GO", "SPEC-UPDATE-NEEDED")
#: The main session: not an agent type, the T1 lead (Spec 1.1).
LEAD = "lead"

#: role → the review it belongs to (``design``, ``impl``, ``dead-code``).
REVIEW_OF_ROLE = {
    "design_inspector": "design", "plan_checker": "design",
    "impl_inspector": "impl", "work_checker": "impl",
    "dead_code_inspector": "dead-code", "dead_code_auditor": "dead-code",
}
INSPECTOR_ROLES = ("design_inspector", "impl_inspector", "dead_code_inspector")
AUDITOR_ROLES = ("plan_checker", "work_checker", "dead_code_auditor")
#: Roles that may run programs (tests) with Bash: the builders and, of the
#: implementation inspectors, those seed 003's table gives Bash to
#: (sdd-inspector-test and sdd-inspector-e2e; sdd-ownership asks the table).
RUNNING_ROLES = ("worker", "impl_inspector")

#: Who writes each kind of file (see the module docstring); ``tasks`` by
#: the lead is restricted to done marks by the ownership guard.
OWNERS = {
    "spec": (LEAD,),
    "design": ("planner",),
    "research": ("planner",),
    "tasks": ("task_generator", LEAD),
    "verdicts": (),
    "review": INSPECTOR_ROLES,
    "verdict": AUDITOR_ROLES,
    "review_dir": (),
    "feature_other": (),
    "notes": (LEAD,),
    "sdd_other": (LEAD,),
    "code": ("worker",),
}

#: Most bytes of the ledger read (its tail); the hooks rotate it at 2 MB.
LEDGER_TAIL = 512 * 1024


def workflow():
    """The registry entry of sync-sdd."""
    return registry.BY_NAME[WORKFLOW]


def active(ctx) -> bool:
    """sync-sdd is the active workflow (state.md ``config.workflow``)."""
    return registry.active(ctx).name == WORKFLOW


def role(ctx, agent_type=None) -> str | None:
    """Who acts: :data:`LEAD` for the main session (no ``agent_id``), the
    sync-sdd role of the subagent's exact type (``planner``, ``worker``,
    ``impl_inspector``...), or ``None`` for any other subagent (a
    general-purpose agent, another workflow's) — which owns nothing here."""
    hook = ctx.hook
    if agent_type is None:
        if not hook.agent_id:
            return LEAD
        agent_type = hook.agent_type
    wf, found = registry.agent_role(agent_type)
    return found if wf is not None and wf.name == WORKFLOW else None


def agent_name(agent_type) -> str:
    """The agent's name without the suite's plugin namespace."""
    return registry.agent_name(agent_type)


# ------------------------------------------------------------------ paths


def spec_patterns(ctx) -> tuple:
    """``config.spec_paths`` (globs of spec.yaml files)."""
    return team.config_list(ctx, "spec_paths", team.DEFAULT_SPEC_PATHS)


def _spec_name(patterns: tuple) -> str:
    last = patterns[0].rstrip("/").rsplit("/", 1)[-1] if patterns else SPEC
    return last if last and "*" not in last and "?" not in last else SPEC


def feature_of(patterns: tuple, rel: str) -> tuple:
    """``(feature_dir, rest)`` when the repo-relative ``rel`` is inside a
    feature directory (an ancestor ``d`` with ``d/spec.yaml`` matching one of
    ``patterns``), else ``(None, None)``. ``rel`` may be the directory
    itself (``rest`` is then ``""``)."""
    name = _spec_name(patterns)
    parts = rel.split("/")
    for i in range(len(parts), 0, -1):
        candidate = "/".join(parts[:i])
        # "A match covers what is below it" (the protected-file globs): the
        # spec file itself must not be taken for a directory above its name.
        if candidate and team.matches_any(patterns, {f"{candidate}/{name}"}) and \
                not team.matches_any(patterns, {candidate}):
            return candidate, "/".join(parts[i:])
    return None, None


def classify_rel(patterns: tuple, rel: str) -> tuple:
    """``(kind, feature_dir, detail)`` of one repo-relative spelling: the
    kinds of :data:`OWNERS` plus ``exempt`` (state.md, ``.claude/``).
    ``detail`` is the inspector name of a ``review`` file."""
    folded = rel.casefold()
    if folded == layout.STATE_MD or folded == ".claude" or folded.startswith(".claude/"):
        return "exempt", None, ""
    feature, rest = feature_of(patterns, rel)
    if feature is not None:
        base = rest.casefold()
        if base == SPEC:
            return "spec", feature, ""
        if base == DESIGN:
            return "design", feature, ""
        if base == RESEARCH:
            return "research", feature, ""
        if base == TASKS:
            return "tasks", feature, ""
        if base == VERDICTS_MD:
            return "verdicts", feature, ""
        if base == REVIEW_DIR:
            return "review_dir", feature, ""
        if base.startswith(REVIEW_DIR + "/"):
            name = rest[len(REVIEW_DIR) + 1:]
            if "/" not in name and name.casefold() == VERDICT_CPF:
                return "verdict", feature, ""
            if "/" not in name and name.casefold().endswith(".cpf"):
                return "review", feature, name[:-4]
            return "review_dir", feature, ""
        if base == "":
            return "feature_other", feature, ""
        return "feature_other", feature, ""
    if folded == f"{PROJECT_DIR}/{REVIEW_DIR}" or folded.startswith(
            f"{PROJECT_DIR}/{REVIEW_DIR}/") or folded == f"{PROJECT_DIR}/{VERDICTS_MD}":
        return classify_rel((f"{PROJECT_DIR}/{SPEC}",), rel)
    if folded == HANDOVER or folded.startswith(HANDOVER + "/"):
        return "notes", None, ""
    if folded == SDD_DIR or folded.startswith(SDD_DIR + "/"):
        return "sdd_other", None, ""
    return "code", None, ""


def spellings(ctx, resolved) -> set:
    """Every repo-relative spelling of ``resolved`` (the block-list variants
    and the lexical path, :func:`workflow.team.spellings`); empty outside
    the project."""
    if resolved is None:
        return set()
    found = set(team.spellings(resolved, ctx.hook.cwd or ctx.root, ctx.root))
    if resolved.rel is not None:
        found.add(resolved.rel)
    return {s for s in found if s and s != "." and not s.startswith("../")}


def classify(ctx, resolved) -> list:
    """:func:`classify_rel` for every spelling of ``resolved``, distinct,
    most specific first (a file judged under any of its spellings is judged
    by the strictest owner: the caller requires every kind to allow)."""
    patterns = spec_patterns(ctx)
    kinds = {}
    for rel in sorted(spellings(ctx, resolved)):
        found = classify_rel(patterns, rel)
        kinds.setdefault((found[0], found[2]), found)
    return list(kinds.values())


def may_write(who: str | None, kind: str, detail: str, agent: str) -> bool:
    """Whether ``who`` (a role, :data:`LEAD` or ``None``) may write a file of
    ``kind`` (:data:`OWNERS`); an inspector only its own ``.review/<name>.cpf``
    (``detail`` the file's stem, ``agent`` the inspector's name)."""
    if kind == "exempt":
        return True
    if who is None or who not in OWNERS.get(kind, ()):
        return False
    if kind == "review":
        return detail == agent
    return True


def owners_text(kind: str) -> str:
    """The owning roles of ``kind`` as agent names for a message (``the lead``
    for :data:`LEAD`)."""
    wf = workflow()
    names = []
    for r in OWNERS.get(kind, ()):
        names.extend(["the lead"] if r == LEAD else wf.roles.get(r, ()))
    return ", ".join(names)


# ------------------------------------------------------------------ features


def _load_yaml(path: str):
    """A parsed YAML file (bounded), ``None`` when missing or unreadable."""
    try:
        text = read_bytes(path, 1024 * 1024).decode("utf-8", "replace")
    except OSError:
        return None
    from statefiles.yamlsafe import YAMLProblem, safe_load  # lazy: sdd YAML only

    try:
        return safe_load(text)
    except YAMLProblem:
        return None


def features(ctx) -> dict:
    """``{name: feature_dir}`` of the features present: directories holding a
    spec.yaml that ``spec_paths`` matches (at most 200; ``*`` globs within a
    component and ``**`` across them, walked under the project root)."""
    patterns = spec_patterns(ctx)
    name = _spec_name(patterns)
    found = {}
    for pattern in patterns:
        parts = pattern.strip().strip("/").split("/")
        for rel in _walk(ctx.root, parts):
            directory = rel.rsplit("/", 1)[0] if "/" in rel else ""
            if directory and rel.rsplit("/", 1)[-1] == name:
                found.setdefault(directory.rsplit("/", 1)[-1], directory)
            if len(found) >= 200:
                return found
    return found


def _walk(root: str, parts: list, prefix: str = "", depth: int = 0) -> list:
    """Repo-relative files under ``root`` matching the glob components
    ``parts`` (bounded: 12 levels, 500 entries a directory)."""
    if not parts:
        return [prefix] if prefix and os.path.isfile(layout.join(root, prefix)) else []
    if depth > 12:
        return []
    head, rest = parts[0], parts[1:]
    if "*" not in head and "?" not in head:
        return _walk(root, rest, f"{prefix}/{head}" if prefix else head, depth + 1)
    base = layout.join(root, prefix) if prefix else root
    try:
        entries = [(e.name, e.is_dir(follow_symlinks=False)) for e in os.scandir(base)]
    except OSError:
        return []
    from statefiles.protected import matches  # lazy: a glob component only

    out = []
    if head == "**":
        out.extend(_walk(root, rest, prefix, depth + 1))
    for name, is_dir in sorted(entries)[:500]:
        child = f"{prefix}/{name}" if prefix else name
        if head == "**":
            if is_dir and name not in (".git", "node_modules", ".venv"):
                out.extend(_walk(root, parts, child, depth + 1))
        elif matches(head, name) and (is_dir or not rest):
            out.extend(_walk(root, rest, child, depth + 1))
    return sorted(set(out))


def spec_doc(ctx, feature_dir: str) -> dict | None:
    """The feature's parsed spec.yaml (a dict), ``None`` when missing or not
    a mapping."""
    data = _load_yaml(ctx.path(f"{feature_dir}/{SPEC}"))
    return data if isinstance(data, dict) else None


def phase_of(doc: dict | None):
    """``phase`` of a parsed spec.yaml, ``None`` when absent."""
    return doc.get("phase") if isinstance(doc, dict) else None


def tasks_of(ctx, feature_dir: str) -> list | None:
    """The ``tasks`` list of the feature's tasks.yaml (dicts only), ``None``
    when there is no readable tasks.yaml with a ``tasks`` list."""
    data = _load_yaml(ctx.path(f"{feature_dir}/{TASKS}"))
    tasks = data.get("tasks") if isinstance(data, dict) else None
    if not isinstance(tasks, list):
        return None
    return [t for t in tasks if isinstance(t, dict)]


def all_done(tasks: list | None) -> bool:
    """Every task is marked ``status: done`` (and there is at least one)."""
    return bool(tasks) and all(str(t.get("status", "")).strip().lower() == "done"
                               for t in tasks)


def plan_ready(ctx) -> list:
    """The features under which builders may write code (guarantee 2: a
    plan before code): phase ``design-generated`` with a ``design.md`` and
    a ``tasks.yaml`` holding tasks. Names, sorted."""
    ready = []
    for name, directory in sorted(features(ctx).items()):
        if phase_of(spec_doc(ctx, directory)) != "design-generated":
            continue
        if not os.path.isfile(ctx.path(f"{directory}/{DESIGN}")):
            continue
        if tasks_of(ctx, directory):
            ready.append(name)
    return ready


# ------------------------------------------------------------------ the ledger


def ledger(root: str) -> list:
    """The ledger's records (dicts), oldest first (its last
    :data:`LEDGER_TAIL` bytes; :func:`statefiles.jsonlog.tail_records`)."""
    return jsonlog.tail_records(layout.join(root, LEDGER), LEDGER_TAIL)


def record(root: str, entry: dict) -> None:
    """Append ``entry`` to the ledger (an ``Effect`` function)."""
    from statefiles import jsonlog  # lazy: a ledger write only

    jsonlog.append(root, LEDGER, entry)


def review_state(records: list, feature: str, review: str = "impl") -> tuple:
    """``(verdict, current)`` for ``feature``'s latest ``review`` verdict in
    the ledger: the verdict word (``None`` when none was recorded) and
    whether it is current — no builder was started for the feature after
    it (a builder's later work would not have been reviewed)."""
    verdict, at = None, -1
    for i, rec in enumerate(records):
        if rec.get("kind") == "verdict" and rec.get("feature") == feature and \
                rec.get("review") == review:
            verdict, at = rec.get("verdict"), i
    if verdict is None:
        return None, False
    later = any(rec.get("kind") == "start" and rec.get("role") == "worker" and
                feature in (rec.get("features") or []) for rec in records[at + 1:])
    return verdict, not later


# ------------------------------------------------------------------ the review pipeline


def written_path(message: str) -> tuple:
    """``(path, exact)`` from a review subagent's reply: the path of its
    ``WRITTEN:<path>`` line (backticks and blanks around it ignored;
    ``None`` when there is none) and whether that line is the whole reply
    (seed 003 Spec 11.3: only ``WRITTEN:{path}``)."""
    lines = [ln.strip().strip("`").strip() for ln in message.strip().splitlines()]
    lines = [ln for ln in lines if ln]
    found = None
    for line in lines:
        if line[:8].upper() == "WRITTEN:":
            found = line[8:].strip().strip("`'\"").strip() or None
            break
    return found, bool(found) and len(lines) == 1


def parse_cpf(text: str) -> dict:
    """A CPF file (the review pipeline's findings format, the agents'
    instructions): ``{"verdict": word or None, "issues": [lines], "counts":
    {severity: n}}``. ``VERDICT:<word>`` (any case) gives the verdict, one of
    :data:`VERDICTS` (anything else is ``None``); an issue is a line
    ``<severity>|<category>|<location>|<description>``."""
    verdict, issues, counts = None, [], {}
    for raw in text.splitlines()[:5000]:
        line = raw.strip()
        if line[:8].upper() == "VERDICT:" and verdict is None:
            word = line[8:].strip().strip("`*").upper().replace(" ", "-")
            verdict = word if word in VERDICTS else ""
        elif line.count("|") >= 3:
            severity = line.split("|", 1)[0].strip().upper()
            if severity and len(severity) <= 8:
                issues.append(line[:500])
                counts[severity] = counts.get(severity, 0) + 1
    return {"verdict": verdict or None, "issues": issues, "counts": counts}


def verdicts_entry(review: str, verdict: str, agent: str, source: str, inspectors: list,
                   cpf: dict, stamp: str) -> str:
    """The Markdown block appended to verdicts.md for one recorded verdict."""
    counts = ", ".join(f"{k}:{v}" for k, v in sorted(cpf["counts"].items())) or "none"
    lines = [f"## {review} review: {verdict}", "",
             f"- recorded: {stamp} by playgate from {source} (auditor {agent})",
             f"- inspectors: {', '.join(inspectors) or '-'}",
             f"- findings: {len(cpf['issues'])} ({counts})"]
    lines += [f"  - {issue}" for issue in cpf["issues"][:50]]
    return "\n".join(lines) + "\n\n"


def append_verdict(root: str, rel: str, entry: str) -> None:
    """Append ``entry`` to the feature's verdicts.md (an ``Effect``
    function: created with a heading when missing)."""
    from statefiles.atomic import locked, write_atomic  # lazy: a verdict write only

    path = layout.join(root, rel)
    with locked(layout.join(root, layout.LOCK_FILE)):
        try:
            old = read_bytes(path).decode("utf-8", "replace")
        except OSError:
            old = "# Review verdicts\n\nWritten by playgate from each auditor's verdict.cpf; " \
                  "do not edit.\n\n"
        write_atomic(path, old + entry)
