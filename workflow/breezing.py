"""The breezing workflow's rules that several guards share (seed 001; docs/breezing.md).

Who is who. The hooks see three kinds of caller (measured with Claude Code
2.1.329 and 2.1.332, docs/claude-code-measured.md "Agent Teams, headless"):

* the **lead**: the main session, no ``agent_id``;
* a **subagent** (the Agent tool without Agent Teams, and every headless
  session): ``agent_type`` is its agent definition's name, so its role is
  the registry's (:func:`workflow.registry.agent_role`);
* a **teammate** (Agent Teams, interactive sessions): ``agent_id`` is
  ``a<name>-<16 hex>`` and ``agent_type`` is the *name* the lead gave it,
  not its definition. Its role is the one recorded by the hooks when the
  lead started it (the roster in breezing-progress.json: the role marker),
  never the name it goes by; ``guards/teammate_name.py`` refuses names that
  are agent types, so a teammate can never pass for a role by its name.

The lead's phases (:data:`statefiles.breezing_team.PHASES`) and what each
caller may do are decided in ``guards/breezing_gate.py``; this module holds
the pieces: the caller's role, the files, the ``/breezing`` prompt, the
reviewer's verdict block, ``cc:done`` marks and the implementer count.
"""

from __future__ import annotations

from statefiles.breezing import ACTIVE
from workflow import registry

WORKFLOW = "breezing"
LEAD = "lead"
WORKER = "worker"
WORK_CHECKER = "work_checker"
PLANNER = "planner"
PLAN_CHECKER = "plan_checker"

#: Plans.md, at the project root (seed 001: the tasks' source, ``cc:TODO`` →
#: ``cc:done`` in Phase C).
PLANS = "Plans.md"
#: The tools the lead may use in the delegate phase (seed 001 Phase B: the task
#: list tools and SendMessage; plus what only reads, and ToolSearch, which
#: loads those deferred tools).
COORDINATION_TOOLS = frozenset({"TaskCreate", "TaskUpdate", "TaskList", "TaskGet", "TaskStop",
                                "SendMessage", "ListAgents", "ToolSearch"})
READ_TOOLS = frozenset({"Read", "Grep", "Glob", "LS"})
#: The agent type the implementers run as, per ``impl_mode`` (seed 001 Step 0
#: table; starting the other one is "絶対禁止").
IMPLEMENTER = {"standard": "task-worker", "codex": "codex-implementer"}

#: The reviewer's closing verdict line: ``CODE-REVIEW: PASS <session_id>``
#: (APPROVE) or ``CODE-REVIEW: FAIL <session_id> - <findings>`` (REQUEST
#: CHANGES), read by the suite's one verdict-block grammar
#: (:mod:`workflow.subagent_reply`).
REVIEW_TAG = "CODE-REVIEW:"
#: The heading of the range confirmation (seed 001 Step 2), in either language.
CONFIRMATION_MARK = "🏇 Breezing"
CONFIRMATION_WORDS = ("範囲を確認", "confirm the range")

#: Seed 001 "Implementer 数の自動決定": hard cap and the default cap.
HARD_CAP = 5
DEFAULT_CAP = 3


def is_teammate(hook) -> bool:
    """The call comes from an Agent Teams teammate: ``agent_id`` is
    ``a<agent_type>-<hex>`` (measured: ``aimpl-1-5bce82027d4eea84`` for the
    teammate named ``impl-1``; a subagent's id is ``a`` + 16 hex digits)."""
    agent_id, name = hook.agent_id, hook.agent_type
    if not (agent_id and name) or not agent_id.startswith("a" + name + "-"):
        return False
    tail = agent_id[len(name) + 2:]
    return len(tail) >= 8 and all(c in "0123456789abcdef" for c in tail)


def role_of(hook, progress=None) -> tuple:
    """``(role, name)`` of the caller: ``(LEAD, "")`` for the main session;
    for a teammate the role recorded when it was started (``progress``: the
    ledger of :func:`statefiles.breezing_team.load_progress`, ``None`` when
    none is loaded) and its name; for a subagent the registry's role in this
    workflow and its agent type. ``role`` is ``None`` for an agent that plays
    no role here (``general-purpose``, ``Explore``, a teammate nobody
    recorded)."""
    if not hook.agent_id:
        return LEAD, ""
    if is_teammate(hook):
        entry = ((progress or {}).get("roster") or {}).get(hook.agent_type)
        role = entry.get("role") if isinstance(entry, dict) else None
        return (role if role in (WORKER, WORK_CHECKER, PLANNER, PLAN_CHECKER) else None,
                hook.agent_type)
    return agent_role(hook.agent_type), registry.agent_name(hook.agent_type)


def agent_role(agent_type) -> str | None:
    """The role of an agent type in this workflow (exact names), or ``None``."""
    wf, role = registry.agent_role(agent_type)
    return role if wf is not None and wf.name == WORKFLOW else None


# ----------------------------------------------------------------- files


def _forms(target) -> set:
    return {v.casefold() for v in (target.variants if target is not None else ())}


def is_active_file(target) -> bool:
    """``target`` (a ``layout.ResolvedPath``) is breezing-active.json, by any
    spelling (case, backslashes, Unicode forms: a block-list test)."""
    return ACTIVE.casefold() in _forms(target)


def is_plans(target) -> bool:
    """``target`` is the project's Plans.md, by any spelling."""
    return PLANS.casefold() in _forms(target)


def done_marks(text) -> int:
    """How many tasks ``text`` (Plans.md) marks done: ``cc:done`` in any
    case, with blanks around the colon, a full-width colon or full-width
    letters (NFKC)."""
    if not isinstance(text, str) or not text:
        return 0
    if not text.isascii():
        import unicodedata  # lazy: a Plans.md with non-ASCII text only

        text = unicodedata.normalize("NFKC", text)
    flat = text.casefold()
    count = 0
    at = flat.find("cc")
    while at != -1:
        rest = flat[at + 2:at + 12].lstrip(" \t")
        if rest.startswith(":"):
            word = rest[1:].lstrip(" \t")
            if word.startswith("done") and not word[4:5].isalnum():
                count += 1
        at = flat.find("cc", at + 2)
    return count


# ----------------------------------------------------------------- the /breezing prompt

#: Flags of the seed's arguments.
FLAGS = ("--codex", "--no-discuss", "--codex-review", "--parallel")
#: What restores the session from breezing-active.json (seed 001 "続きやって").
CONTINUE_WORDS = ("continue", "続きやって", "続き", "続けて")
ABORT_WORDS = ("abort", "中止", "中断")


def parse_request(prompt) -> dict | None:
    """The user's ``/breezing [range] [--codex] [--no-discuss] [--parallel N]
    [--codex-review]`` prompt (also ``/playgate:breezing``), or ``None``
    for any other prompt. Returns ``{"range": str, "flags": {...},
    "abort": bool, "continue": bool, "problems": [str]}``; a ``--parallel``
    without a whole number of at least 1, or an unknown ``--`` flag, is a
    problem, not a guess."""
    if not isinstance(prompt, str):
        return None
    text = prompt.strip()
    for command in ("/breezing", f"/{registry.PLUGIN_NAMESPACE}:breezing"):
        if text == command or text.startswith(command + " ") or text.startswith(command + "\n"):
            rest = text[len(command):]
            break
    else:
        return None
    words = rest.split()
    flags = {"codex": False, "no_discuss": False, "codex_review": False, "parallel": None}
    problems = []
    kept = []
    k = 0
    while k < len(words):
        word = words[k]
        k += 1
        if not word.startswith("--"):
            kept.append(word)
            continue
        name, eq, value = word.partition("=")
        if name == "--parallel":
            if not eq:
                value = words[k] if k < len(words) else ""
                k += 1 if k < len(words) else 0
            if value.isdigit() and value.isascii() and int(value) >= 1:
                flags["parallel"] = int(value)
            else:
                problems.append(_text("breezing.parallel_not_a_number", value=repr(value)))
        elif name in FLAGS and not eq:
            flags[name[2:].replace("-", "_")] = True
        else:
            problems.append(_text("breezing.unknown_flag", flag=repr(word)))
    scope = " ".join(kept)
    return {"range": scope, "flags": flags, "problems": problems,
            "abort": scope.lower() in ABORT_WORDS,
            "continue": scope.lower() in CONTINUE_WORDS}


# ----------------------------------------------------------------- the review


def review_verdict(message, session: str) -> tuple:
    """``(verdict, reason)`` of the reviewer's closing verdict block for the
    breezing session ``session``: ``APPROVE`` for ``CODE-REVIEW: PASS
    <session>``, ``REQUEST_CHANGES`` for ``CODE-REVIEW: FAIL <session> -
    <findings>``; ``(None, "")`` when the message has no such line (a line
    for another session does not count)."""
    from statefiles.breezing_team import APPROVE, REQUEST_CHANGES  # lazy: a reviewer's stop only
    from workflow import subagent_reply  # lazy: as above

    if not isinstance(message, str) or not session:
        return None, ""
    found = subagent_reply.verdict_lines(message, REVIEW_TAG,
                                         lambda word: word if word == session else None)
    for _ident, verdict, reason in found:
        return (APPROVE if verdict == "PASS" else REQUEST_CHANGES), reason
    return None, ""


def shows_confirmation(message) -> bool:
    """The lead's closing message is the range confirmation (seed 001 Step 2:
    ``🏇 Breezing - 範囲を確認させてください`` / ``🏇 Breezing - confirm the
    range``)."""
    return (isinstance(message, str) and CONFIRMATION_MARK in message
            and any(w in message for w in CONFIRMATION_WORDS))


# ----------------------------------------------------------------- team size


def implementer_count(independent: int, parallel: int | None = None,
                      planner_max: int | None = None) -> int:
    """Seed 001: ``max(1, min(independent, --parallel, planner_max, 5))``,
    with the default cap of 3 when neither ``--parallel`` nor the planner's
    maximum is given."""
    caps = [independent, HARD_CAP]
    if parallel is not None:
        caps.append(parallel)
    if planner_max is not None:
        caps.append(planner_max)
    if parallel is None and planner_max is None:
        caps.append(DEFAULT_CAP)
    return max(1, min(caps))


def _text(key: str, /, **fields):
    """A problem of a /breezing request as :class:`messages.Text` (English as
    recorded, said in the session's language)."""
    from messages import Text  # lazy: only a request with a problem makes one

    return Text(key, **fields)
