"""``permission_request.py --explain "<command>"``: every phase's outcome for a command.

For people tuning ``.claude/permission-config.yaml``: shows which layers were
loaded, any notices (a floor a layer tried to remove, a typo in a removal),
then one line per phase (``pass``, ``skip``, ``DIALOG``, ``ALLOW`` or ``not
reached``) and the decision. Nothing is run and nothing is logged. The
project is ``$CLAUDE_PROJECT_DIR`` or the git top-level of the current
directory; relative paths are taken from the current directory (or
``--cwd DIR``), as the hook takes them from Claude's shell.
"""

from __future__ import annotations

import os
import sys

from events.runtime import evaluate
from permission import config as config_mod
from permission import phases as P
from permission import static_rules
from permission.phases import FLOOR, PHASES
from permission.levels import family_levels, level_of
from permission.pipeline import decide
from shell import analyse
from statefiles import fastjson, layout

USAGE = """usage: permission_request.py --explain "<command>" [--cwd DIR]

Show what each phase of the permission gate says about a Bash command, with
the merged permission-config.yaml of this project. Nothing is executed.
"""


def explain(command: str, root: str, cwd: str, env=None, config=None) -> tuple:
    """``(text, decision)`` for ``command`` as a Bash PermissionRequest from
    ``cwd`` in the project at ``root``."""

    env = os.environ if env is None else env
    req = P.Request("Bash", command, cwd, root, env=env, config=config)
    decision = decide(PHASES, req, FLOOR)
    lines = [
        "playgate permission gate: explain",
        f"command : {command!r}",
        f"project : {root}",
        f"cwd     : {cwd}",
    ]
    cfg = req.config
    if cfg is None:
        cfg = config_mod.load(root)
    for label, status in cfg.layers:
        lines.append(f"layer   : {label}: {status}")
    for prefix in cfg.project_commands:
        lines.append(f"project : {prefix} (project_commands, from "
                     f"{cfg.source('project_commands', prefix)})")
    for error in cfg.errors:
        lines.append(f"ERROR   : {error}")
    for notice in cfg.notices:
        lines.append(f"notice  : {notice}")
    lines.append("")
    lines.append(f"{'phase':<7} {'result':<12} detail")
    for phase_id, status, text in decision.trace:
        shown = status.upper() if status in ("dialog", "allow") else status
        lines.append(f"{phase_id:<7} {shown:<12} {text}".rstrip())
    lines.extend(_families(req, command, root, cwd, env))
    lines.append("")
    verdict = ("ALLOW (auto-approved)" if decision.allowed
               else "DIALOG (the gate leaves it to the user)")
    lines.append(f"decision: {verdict} by phase {decision.phase}: {decision.reason}")
    return "\n".join(lines) + "\n", decision


#: Exit codes of both explain commands (``playgate explain`` and
#: ``permission_request.py --explain``; playgate.errors EXIT_OK / EXIT_NO):
#: 0 the command can run (allowed, approved, or the user is asked), 1 it is
#: refused (a deny rule) or blocked (a PreToolUse guard). Usage errors are 2.
EXIT_RUNS = 0
EXIT_REFUSED = 1


def pre_tool_use(command: str, root: str, cwd: str, env=None) -> dict:
    """What the PreToolUse hook answers to a Bash ``command`` with the
    project's current state (nothing applied): ``{"decision": allow|warn|ask|
    block|delegate|refused, "blocked": bool, "guard": str, "reason": str}``."""
    payload = {"session_id": "playgate-check", "transcript_path": "", "cwd": cwd or root,
               "hook_event_name": "PreToolUse", "permission_mode": "default",
               "tool_use_id": "toolu_playgate_check", "tool_name": "Bash",
               "tool_input": {"command": command}}
    code, _out, err, outcome = evaluate("PreToolUse", fastjson.dumps(payload).encode("utf-8"),
                                        env=env, root=root, apply=False)
    if outcome is None:
        return {"decision": "refused", "blocked": code == 2, "guard": "", "reason": err.strip()}
    if outcome.blocked:
        return {"decision": outcome.final.kind, "blocked": True, "guard": outcome.final.guard,
                "reason": outcome.final.text()}
    if outcome.asks:
        ask = outcome.asks[0]
        return {"decision": "ask", "blocked": False, "guard": ask.guard, "reason": ask.text()}
    return {"decision": "warn" if outcome.warnings else "allow", "blocked": False, "guard": "",
            "reason": ""}


def effective(command: str, root: str, pre: dict, decision, env=None,
              home: str | None = None) -> dict:
    """What the user actually gets for a Bash ``command``,
    from the three layers in Claude Code's order:

    1. a static **deny** rule (any settings file; :mod:`permission.static_rules`)
       refuses it, whatever a hook says;
    2. a PreToolUse **block** (``pre``, from :func:`pre_tool_use`) refuses it;
    3. a PreToolUse **ask** or a static **ask** rule shows the permission
       dialog — which fires PermissionRequest, so the gate (``decision``, a
       :class:`permission.pipeline.Decision`) may still approve it;
    4. a static **allow** rule for every subcommand runs it without asking
       (PermissionRequest never fires);
    5. otherwise the gate approves it or the user is asked.

    Returns ``{"outcome": refused|blocked|allowed|approved|asked, "by":
    deny-rule|pre-tool-use|allow-rule|permission-gate|ask-rule|dialog,
    "rule": {kind, rule, source}|None, "detail": str, "exit_code": int,
    "rule_problems": [str]}``; :func:`exit_code` reads it."""
    rules, problems = static_rules.load(root, home if home is not None else
                                        ((env or os.environ).get("HOME") or None))
    kind, rule, _sub = static_rules.match(command, rules)
    shown = rule.to_json() if rule is not None else None
    if kind == "deny":
        out = {"outcome": "refused", "by": "deny-rule", "rule": shown,
               "detail": f"the deny rule {rule.text} in {rule.source} refuses it before any "
                         "hook runs"}
    elif pre.get("blocked"):
        out = {"outcome": "blocked", "by": "pre-tool-use", "rule": shown,
               "detail": f"PreToolUse blocks it ({pre.get('guard') or pre.get('decision')})"}
    elif pre.get("decision") == "ask" or kind == "ask":
        why = (f"PreToolUse asks ({pre.get('guard')})" if pre.get("decision") == "ask"
               else f"the ask rule {rule.text} in {rule.source} shows the dialog")
        if decision is not None and decision.allowed:
            out = {"outcome": "approved", "by": "permission-gate", "rule": shown,
                   "detail": f"{why}; the permission gate answers it (phase {decision.phase})"}
        else:
            out = {"outcome": "asked", "by": "pre-tool-use" if pre.get("decision") == "ask"
                   else "ask-rule", "rule": shown, "detail": f"{why}; the user is asked"}
    elif kind == "allow":
        out = {"outcome": "allowed", "by": "allow-rule", "rule": shown,
               "detail": f"the allow rule {rule.text} in {rule.source} runs it without asking"}
    elif decision is not None and decision.allowed:
        out = {"outcome": "approved", "by": "permission-gate", "rule": None,
               "detail": f"the permission gate approves it (phase {decision.phase}: "
                         f"{decision.reason})"}
    else:
        reason = f" (phase {decision.phase}: {decision.reason})" if decision is not None else ""
        out = {"outcome": "asked", "by": "dialog", "rule": None,
               "detail": f"no rule decides and the permission gate leaves it to the user{reason}"}
    out["rule_problems"] = problems
    out["exit_code"] = exit_code(out)
    return out


def exit_code(result: dict) -> int:
    """The exit code of both explain commands for an :func:`effective`
    result: :data:`EXIT_REFUSED` when the command cannot run (refused or
    blocked), else :data:`EXIT_RUNS`."""
    return EXIT_REFUSED if result["outcome"] in ("refused", "blocked") else EXIT_RUNS


def effective_lines(result: dict) -> list:
    """The "what you get" lines for people."""
    lines = [f"you get  : {result['outcome'].upper()}: {result['detail']}"]
    lines += [f"settings : {problem}" for problem in result.get("rule_problems") or ()]
    return lines


def _families(req, command: str, root: str, cwd: str, env) -> list:
    """Lines naming, for each destructive finding of the shell analysis, the
    command family that found it and its level in bash-check (PreToolUse:
    block, ask or warn; ``families:`` in the configuration). The
    permission gate never approves any of them, whatever the level."""
    analysis = req.analysis
    if analysis is None:
        analysis = analyse(command, root=root, cwd=cwd or root, home=env.get("HOME") or "")
    if not analysis.destructive:
        return []
    levels = family_levels(root)
    out = [""]
    for f in analysis.destructive:
        level, source = level_of(f.command_family or "shell", *levels)
        out.append(f"family  : {f.command_family or 'shell'}: {level} ({source}) - "
                   f"{f.kind}: {f.message}")
    out.append("family  : PreToolUse (bash-check) applies the level; this gate never "
               "auto-approves a destructive command")
    return out


def cli(argv) -> int:
    """Command-line entry: ``--explain <command...> [--cwd DIR]``. Exit
    :func:`exit_code` of what the user gets (0 it can run, 1 refused or
    blocked; the same as ``playgate explain``), 2 on a usage error."""
    args = list(argv)
    if not args or args[0] in ("-h", "--help"):
        sys.stdout.write(USAGE)
        return 0 if args else 2
    if args[0] != "--explain":
        sys.stderr.write(f"unknown option {args[0]!r}\n{USAGE}")
        return 2
    args = args[1:]
    cwd = os.getcwd()
    if "--cwd" in args:
        at = args.index("--cwd")
        if at + 1 >= len(args):
            sys.stderr.write("--cwd needs a directory\n")
            return 2
        cwd = os.path.abspath(args[at + 1])
        del args[at : at + 2]
    if not args:
        sys.stderr.write(f"--explain needs a command\n{USAGE}")
        return 2
    command = " ".join(args)
    root = layout.project_root(cwd, os.environ)
    text, decision = explain(command, root, cwd)
    result = effective(command, root, pre_tool_use(command, root, cwd, os.environ), decision,
                       env=os.environ)
    sys.stdout.write(text + "\n".join(effective_lines(result)) + "\n")
    return exit_code(result)
