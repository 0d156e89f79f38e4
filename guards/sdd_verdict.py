"""sdd-verdict (seed 003 Spec 1.3, Spec 7.2–7.3, Flow 5; WORKFLOWS.md
"what the lead could fake is written by the hooks"): when a sync-sdd
auditor stops (SubagentStop), its verdict is read from the review's
``.review/verdict.cpf`` — written by that auditor in this run (sdd-ownership
lets only auditors write it; a file older than the auditor's start is
stale and not read) — and the hooks keep it:

* one ``verdict`` line in the sdd ledger (``.claude/logs/sdd-ledger.jsonl``,
  protected): the feature, the review (design, impl, dead-code), the verdict
  (GO / CONDITIONAL / NO-GO / SPEC-UPDATE-NEEDED), the auditor, the
  inspectors whose ``.cpf`` files were there;
* the same appended to the feature's ``verdicts.md`` (nobody edits it),
  where the seed has the lead persist it.

spec-phase-gate reads the ledger (``implementation-complete`` needs a
current GO of the implementation review) and so does sdd-commit. A recorder:
it never blocks (sdd-reply tells an auditor whose reply or file is wrong).
"""

from __future__ import annotations

import os

from events.context import Context
from events.verdict import ALLOWED, Effect, Verdict, allow
from statefiles.atomic import read_bytes
from statefiles.markers import now_iso
from workflow import sdd

NAME = "sdd-verdict"
ADVISORY = True


def verdict_file(ctx) -> tuple:
    """``(rel, feature_dir)`` of the verdict.cpf the stopping auditor
    wrote: the path of its ``WRITTEN:`` line when that is a verdict file,
    else the newest ``.review/verdict.cpf`` of the features its start
    named (the ledger); ``(None, None)`` when there is none."""
    message = ctx.hook.raw.get("last_assistant_message")
    path, _exact = sdd.written_path(message if isinstance(message, str) else "")
    if path:
        resolved = ctx.resolve(path)
        for kind, feature, _detail in sdd.classify(ctx, resolved):
            if kind == "verdict" and resolved.rel is not None:
                return resolved.rel, feature
    start = last_start(ctx)
    known = sdd.features(ctx)
    dirs = [known[n] for n in (start or {}).get("features") or [] if n in known]
    if not dirs:
        dirs = [sdd.PROJECT_DIR]
    best = None
    for directory in dirs:
        rel = f"{directory}/{sdd.REVIEW_DIR}/{sdd.VERDICT_CPF}"
        try:
            mtime = os.stat(ctx.path(rel)).st_mtime
        except OSError:
            continue
        if best is None or mtime > best[0]:
            best = (mtime, rel, directory)
    return (best[1], best[2]) if best else (None, None)


def last_start(ctx) -> dict | None:
    """The ledger's latest start record of the stopping agent's name."""
    agent = sdd.agent_name(ctx.hook.agent_type)
    for rec in reversed(sdd.ledger(ctx.root)):
        if rec.get("kind") == "start" and rec.get("agent") == agent:
            return rec
    return None


def fresh(ctx, rel: str) -> bool:
    """``rel`` was written after the stopping agent was started (the
    ledger's start record; a second of slack for its resolution). True when
    no start was recorded (the start predates the ledger)."""
    start = last_start(ctx)
    stamp = start.get("ts") if start else None
    if not isinstance(stamp, str):
        return True
    from datetime import datetime  # lazy: an auditor's stop only

    try:
        started = datetime.fromisoformat(stamp).timestamp()
        return os.stat(ctx.path(rel)).st_mtime >= started - 1.0
    except (ValueError, OSError):
        return False


def read_verdict(ctx) -> tuple:
    """``(rel, feature_dir, parsed)`` of the stopping auditor's fresh
    verdict.cpf (:func:`workflow.sdd.parse_cpf`), or ``(rel, dir, None)``
    when it is missing, stale or has no valid ``VERDICT:`` line."""
    rel, directory = verdict_file(ctx)
    if rel is None or not fresh(ctx, rel):
        return rel, directory, None
    try:
        text = read_bytes(ctx.path(rel), 1024 * 1024).decode("utf-8", "replace")
    except OSError:
        return rel, directory, None
    parsed = sdd.parse_cpf(text)
    return rel, directory, parsed if parsed["verdict"] else None


def check(ctx: Context) -> Verdict:
    """SubagentStop of a sync-sdd auditor with a fresh, readable
    verdict.cpf: ALLOWED with effects recording the verdict in the ledger
    and in the feature's verdicts.md; ALLOWED without effects otherwise
    (seed 003 Spec 7.3)."""
    if ctx.event != "SubagentStop" or not sdd.active(ctx):
        return ALLOWED
    who = sdd.role(ctx)
    if who not in sdd.AUDITOR_ROLES:
        return ALLOWED
    rel, directory, parsed = read_verdict(ctx)
    if parsed is None:
        return ALLOWED
    review = sdd.REVIEW_OF_ROLE[who]
    agent = sdd.agent_name(ctx.hook.agent_type)
    feature = directory.rsplit("/", 1)[-1] if directory != sdd.PROJECT_DIR else None
    inspectors = _inspectors(ctx, directory)
    stamp = now_iso()
    entry = {"kind": "verdict", "feature": feature, "review": review,
             "verdict": parsed["verdict"], "agent": agent, "agent_id": ctx.hook.agent_id,
             "source": rel, "inspectors": inspectors, "issues": len(parsed["issues"]),
             "session": ctx.hook.session_id}
    text = sdd.verdicts_entry(review, parsed["verdict"], agent, rel, inspectors, parsed, stamp)
    return allow(effects=(
        Effect(sdd.record, ctx.root, entry, when="always", label="record the sdd verdict"),
        Effect(sdd.append_verdict, ctx.root, f"{directory}/{sdd.VERDICTS_MD}", text,
               when="always", label="record the sdd verdict"),
    ))


def _inspectors(ctx, directory: str) -> list:
    """The inspector names whose ``.cpf`` files are in the review directory."""
    try:
        names = os.listdir(ctx.path(f"{directory}/{sdd.REVIEW_DIR}"))
    except OSError:
        return []
    return sorted(n[:-4] for n in names if n.endswith(".cpf") and n != sdd.VERDICT_CPF)
