"""sdd-commit (seed 003 §15.6–15.9 "Git Workflow"): while sync-sdd is the
active workflow, a ``git commit`` is the lead's, after a quality gate, with
the seed's message format:

* a subagent does not commit (§15.6, §15.7: "Lead が直接コミットする");
* the subject (the first ``-m`` message's first line) is
  ``Wave <N>: <summary>`` (a multi-spec wave) or ``<feature>: <summary>``
  (one feature's pipeline), ``<feature>`` the name of a feature directory
  (§15.9); a message from a file or an editor cannot be checked and is
  refused;
* ``<feature>: ...`` needs the feature's pipeline complete — phase
  ``implementation-complete``, which spec-phase-gate only allows after the
  implementation review's GO the hooks recorded (§15.7);
* ``Wave <N>: ...`` needs the wave's quality gate passed (§15.6): no
  feature has builder work since its last implementation GO (a builder
  started after it, or none recorded for a feature builders worked on).

``git commit --dry-run`` is not a commit. Other git calls are the lead's
to make (sdd-ownership); the branch is the branch policy's (main-branch).
"""

from __future__ import annotations

from events.context import Context
from events.verdict import ALLOWED, Verdict, block
from workflow import sdd

NAME = "sdd-commit"
ADVISORY = False


def commit_message(args: list) -> tuple:
    """``(subject, problem)`` of ``git commit``'s arguments: the first line
    of the first ``-m``/``--message`` value (``-am msg``, ``-mmsg``,
    ``--message=msg`` too), or ``(None, "file")`` for ``-F``/``--file``/
    ``-C``/``-c``/``--reuse-message``/``--reedit-message``/``--fixup``/
    ``--squash``, or ``(None, "none")`` when no message is given (an
    editor would open)."""
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            break
        if arg in ("-m", "--message"):
            value = args[i + 1] if i + 1 < len(args) else ""
            return value.strip().split("\n", 1)[0].strip(), None
        if arg.startswith("--message="):
            return arg[len("--message="):].strip().split("\n", 1)[0].strip(), None
        if arg.startswith(("--file", "--reuse-message", "--reedit-message", "--fixup",
                           "--squash", "--template")):
            return None, "file"
        if arg.startswith("-") and not arg.startswith("--") and len(arg) > 1:
            cluster = arg[1:]
            for j, ch in enumerate(cluster):
                if ch in "FCct":
                    return None, "file"
                if ch == "m":
                    rest = cluster[j + 1:]
                    value = rest if rest else (args[i + 1] if i + 1 < len(args) else "")
                    return value.strip().split("\n", 1)[0].strip(), None
                if ch in "uS":  # options whose value is attached: the rest is theirs
                    break
        i += 1
    return None, "none"


def subject_unit(subject: str, known: dict) -> tuple:
    """``("wave", N)``, ``("feature", name)`` or ``(None, None)`` for a
    commit subject (seed 003 §15.9), ``known`` the features by name."""
    head, sep, summary = subject.partition(":")
    if not sep or not summary.strip():
        return None, None
    head = head.strip()
    words = head.split()
    if len(words) == 2 and words[0] == "Wave" and words[1].isdigit():
        return "wave", int(words[1])
    if head in known:
        return "feature", head
    return None, None


def check(ctx: Context) -> Verdict:
    """Bash while sync-sdd is active: BLOCK a ``git commit`` by a subagent,
    without a message in the seed's format, or before its quality gate
    (module docstring); else ALLOWED (seed 003 §15)."""
    if ctx.hook.tool_name != "Bash" or not sdd.active(ctx):
        return ALLOWED
    analysis = ctx.shell
    if analysis is None:
        return ALLOWED
    commits = [c for c in analysis.commands if c.name == "git" and c.git_subcommand == "commit"
               and "--dry-run" not in c.git_args]
    if not commits:
        return ALLOWED
    if sdd.role(ctx) != sdd.LEAD:
        return block(ctx.say("sdd_commit.lead_only",
                             agent=sdd.agent_name(ctx.hook.agent_type) or "?"))
    known = sdd.features(ctx)
    for cmd in commits:
        subject, problem = commit_message(cmd.git_args)
        if subject is None:
            return block(ctx.say("sdd_commit.no_message", features=_names(known)))
        unit, value = subject_unit(subject, known)
        if unit is None:
            return block(ctx.say("sdd_commit.format", subject=subject[:120],
                                 features=_names(known)))
        why = _gate(ctx, unit, value, known)
        if why:
            return block(why)
    return ALLOWED


def _names(known: dict) -> str:
    return ", ".join(sorted(known)[:20]) or "-"


def _gate(ctx, unit: str, value, known: dict) -> str | None:
    """Why the quality gate of the commit's unit has not passed, or ``None``."""
    if unit == "feature":
        phase = sdd.phase_of(sdd.spec_doc(ctx, known[value]))
        if phase != "implementation-complete":
            return ctx.say("sdd_commit.pipeline_open", feature=value, phase=phase)
        return None
    records = sdd.ledger(ctx.root)
    built = set()
    for rec in records:
        if rec.get("kind") == "start" and rec.get("role") == "worker":
            built.update(f for f in rec.get("features") or [] if isinstance(f, str))
    open_ = []
    for name in sorted(built):
        if name not in known:
            continue
        verdict, current = sdd.review_state(records, name, "impl")
        if not (verdict == "GO" and current):
            open_.append(name)
    if open_:
        return ctx.say("sdd_commit.wave_open", wave=value, features=", ".join(open_))
    return None
