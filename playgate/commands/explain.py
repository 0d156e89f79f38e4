"""``playgate explain "<bash command>"``: how playgate reads a Bash command.

Three views, each through the public function the hooks use:

1. the shell analysis (SPEC §4): :func:`shell.analyse` — every simple
   command that would run (nested ones too), what it writes, destructive
   findings, code-execution carriers, HTTP methods, scripts, and what could
   not be resolved;
2. the PreToolUse Bash chain: :func:`events.runtime.evaluate` on a Bash
   PreToolUse payload, with the project's current state (branch, playbook,
   session markers), effects not applied; and bash-check's own verdict
   (:func:`events.runtime.run_chain` with that guard alone), because the
   chain stops at its first BLOCK and a workflow guard before bash-check
   (no analysed request, the main branch...) would otherwise hide what
   bash-check thinks of the command itself;
3. the permission gate (SPEC §5): :func:`events.explain.explain` — every
   phase S0–7D with the project's merged permission-config.yaml.

4. what the user gets: :func:`events.explain.effective` — the static
   allow/ask/deny rules of the settings files (Claude Code's precedence,
   :mod:`permission.static_rules`), PreToolUse and the gate together.

Nothing is run and nothing is written. Exit :func:`events.explain.exit_code`
(shared with the hook's ``--explain``): 0 when the command can run (allowed,
approved or asked), 1 when a deny rule refuses it or PreToolUse blocks it.
"""

from __future__ import annotations

import json
import os

import shell
from events.context import Context
from events.explain import effective, effective_lines, exit_code, explain
from events.guard import guard_name
from events.inputs import parse
from events.runtime import run_chain
from permission import config as config_mod
from messages import render as render_said
from permission.levels import family_levels, level_of
from playgate import messages
from playgate.messages import quoted
from playgate.commands import check
from playgate.errors import InputError
from playgate.scratch import inside
from shell import custom_rules as rules
from shell import is_read_only

NEEDS_PROJECT = True


def add_arguments(parser) -> None:
    parser.add_argument("words", nargs="+", metavar="COMMAND",
                        help=messages.text("explain.opt.command"))
    parser.add_argument("--cwd", metavar="DIR", help=messages.text("explain.opt.cwd"))


def _cmd(cmd) -> dict:
    return {"argv": list(cmd.argv), "name": cmd.name, "depth": cmd.depth,
            "wrappers": list(cmd.wrappers), "read_only": _read_only(cmd),
            "git_subcommand": cmd.git_subcommand,
            "cwd": sorted(cmd.cwd) if cmd.cwd is not None else None,
            "redirects": [repr(r) for r in cmd.redirects],
            "dynamic": cmd.dynamic}


def _read_only(cmd) -> bool:
    return is_read_only(cmd)


def _finding(f, levels=None, lang: str = "en") -> dict:
    out = {"kind": f.kind, "message": render_said(lang, f.message), "certain": f.certain,
           "command_family": f.command_family,
           "command": " ".join(f.command.argv) if f.command is not None else None}
    if levels is not None:
        out["level"], source = level_of(f.command_family or "shell", *levels)
        out["level_source"] = render_said(lang, source)
    return out


def _write(w, lang: str = "en") -> dict:
    return {"how": render_said(lang, w.how), "kind": w.kind, "path": w.given, "abs": w.abs,
            "rel": w.rel, "recursive": w.recursive, "possible": w.possible}


def analysis_of(command: str, root: str, cwd: str, home: str, lang: str = "en") -> dict:
    """The shell analysis of ``command`` as JSON (see the module docstring);
    the sentences the analysis recorded (findings, reasons, how a file is
    written) in ``lang``, the language the guards' reasons are in too."""
    a = shell.analyse(command, root, cwd, home)
    levels = None
    if a.destructive:
        levels = family_levels(root)
    return {"parser": a.parser, "read_only": a.read_only, "unknown": a.unknown,
            "reasons": [render_said(lang, r) for r in a.reasons],
            "commands": [_cmd(c) for c in a.commands],
            "destructive": [_finding(f, levels, lang) for f in a.destructive],
            "carriers": [_finding(f, lang=lang) for f in a.carriers],
            "writes": [_write(w, lang) for w in a.writes],
            "touched": [_write(w, lang) for w in a.touched],
            "scripts": [{"command": " ".join(c.argv), "path": p} for c, p in a.scripts],
            "http_methods": list(a.http_methods),
            "functions": list(a.functions), "aliases": list(a.aliases)}


def permission_of(command: str, root: str, cwd: str, env, decision=None) -> dict:
    """Every permission phase for ``command`` (``events.explain.explain``)."""
    if decision is None:
        _text, decision = explain(command, root, cwd, env=env)
    cfg = config_mod.load(root)
    return {"decision": decision.decision, "phase": decision.phase, "reason": decision.reason,
            "layers": [{"layer": label, "status": status} for label, status in cfg.layers],
            "config_errors": list(cfg.errors), "notices": list(cfg.notices),
            "project_commands": [{"prefix": prefix,
                                  "layer": cfg.source("project_commands", prefix)}
                                 for prefix in cfg.project_commands],
            "phases": [{"phase": p, "status": s, "detail": d} for p, s, d in decision.trace]}


def rules_of(command: str, root: str, cwd: str, home: str) -> dict:
    """The custom rules (``.claude/playgate-rules.yaml``)
    that match ``command``, whatever the guards before them answer:
    ``{"file", "present", "problems", "matches": [{"rule", "action",
    "reason", "command", "line"}]}``."""
    ruleset = rules.load(root)
    found = ruleset.match(shell.analyse(command, root, cwd, home)) if ruleset.rules else []
    return {"file": rules.RULES_FILE, "present": ruleset.present,
            "problems": [p.text() for p in ruleset.problems],
            "matches": [{"rule": m.rule.name, "action": m.rule.action, "reason": m.rule.reason,
                         "command": m.shown(), "line": m.rule.line} for m in found]}


#: bash-check, reached by its chain name as the event units reach their
#: guards (the CLI does not import guard modules).
BASH_CHECK = "bash_check"


def bash_check_of(payload: bytes, project, trace: list) -> dict:
    """bash-check's verdict on the payload: ``{"kind", "message", "reached"}``.

    ``reached`` tells whether the PreToolUse chain (``trace``, from
    :func:`playgate.commands.check.trace_of`) got to bash-check; when it did
    not, the guard is run alone through :func:`events.runtime.run_chain` on
    the same context, so the answer is the one bash-check would give once the
    guards before it let the call through. Nothing is applied.
    """
    for step in trace:
        if step["guard"] == guard_name(BASH_CHECK):
            return {"kind": step["kind"], "message": step["message"], "reached": True}

    ctx = Context(parse("PreToolUse", payload), root=project.root, env=project.env)
    alone = check.trace_of(run_chain(ctx, (BASH_CHECK,)))
    step = alone[0] if alone else {"kind": "allow", "message": ""}
    return {"kind": step["kind"], "message": step["message"], "reached": False}


def run(args, project) -> tuple:
    command = " ".join(args.words)
    cwd = os.path.abspath(args.cwd) if args.cwd else os.getcwd()
    if args.cwd and not os.path.isdir(cwd):
        raise InputError(messages.text("explain.no_cwd", cwd=args.cwd))
    if not inside(cwd, project.root):
        cwd = project.root
    home = project.env.get("HOME") or os.path.expanduser("~")
    payload = check.complete("PreToolUse", {"tool_name": "Bash",
                                            "tool_input": {"command": command}, "cwd": cwd},
                             project.root)
    raw = json.dumps(payload).encode("utf-8")
    pre = check.evaluate("PreToolUse", raw, project)
    _text, decision = explain(command, project.root, cwd, env=project.env)
    deciding = next((step for step in pre["trace"] if step["kind"] in ("block", "delegate")),
                    None) if pre["blocked"] else next(
        (step for step in pre["trace"] if step["kind"] == "ask"), None)
    # What the user gets: static rules, PreToolUse and the gate, decided by
    # the one function the hook's --explain uses too.
    result = effective(command, project.root,
                       {"decision": pre["decision"], "blocked": pre["blocked"],
                        "guard": deciding["guard"] if deciding else ""},
                       decision, env=project.env, home=home)
    data = {"command": "explain", "bash": command, "project": project.root, "cwd": cwd,
            "analysis": analysis_of(command, project.root, cwd, home,
                                    messages.language(project)),
            "pre_tool_use": {"decision": pre["decision"], "blocked": pre["blocked"],
                             "trace": pre["trace"], "stderr": pre["stderr"]},
            "bash_check": bash_check_of(raw, project, pre["trace"]),
            "rules": rules_of(command, project.root, cwd, home),
            "permission": permission_of(command, project.root, cwd, project.env, decision),
            "effective": result}
    return exit_code(result), data


def _section(title: str) -> list:
    return ["", title, "-" * len(title)]


def render(data: dict, lang: str) -> str:
    t = messages.text
    a = data["analysis"]
    lines = [t("explain.header", lang, command=data["bash"]),
             t("explain.where", lang, project=data["project"], cwd=data["cwd"])]
    lines += _section(t("explain.analysis", lang, parser=a["parser"]))
    for i, c in enumerate(a["commands"], 1):
        wrap = f" [{' > '.join(c['wrappers'])}]" if c["wrappers"] else ""
        ro = t("explain.reads", lang) if c["read_only"] else t("explain.acts", lang)
        depth = " " + t("explain.depth", lang, depth=c["depth"]) if c["depth"] else ""
        # The command as it would run is code, not a sentence: shown as code.
        lines.append(f"  {i}. `{' '.join(a_.replace(chr(0), '<?>') for a_ in c['argv'])}`"
                     f"{wrap}{depth}  ({ro})")
    if not a["commands"]:
        lines.append("  " + t("explain.no_commands", lang))
    lines.append("  " + t("explain.read_only" if a["read_only"] else "explain.mutating", lang))
    for f in a["destructive"]:
        lines.append("  " + t("explain.destructive", lang, kind=f["kind"], message=f["message"]))
        lines.append("    " + t("explain.family", lang, family=f["command_family"],
                                 level=f.get("level", "block"),
                                 source=f.get("level_source", "")))
    for f in a["carriers"]:
        lines.append("  " + t("explain.carrier", lang, kind=f["kind"], message=f["message"]))
    for key in ("writes", "touched"):
        for w in a[key]:
            where = w["rel"] if w["rel"] is not None else (w["abs"] or w["path"])
            label = "explain.write" if key == "writes" else "explain.may_write"
            lines.append("  " + t(label + ("_recursive" if w["recursive"] else ""), lang,
                                  how=w["how"], kind=w["kind"], path=where))
    for s in a["scripts"]:
        lines.append("  " + t("explain.script", lang, path=s["path"], command=s["command"]))
    if a["http_methods"]:
        lines.append("  " + t("explain.http", lang, methods=", ".join(a["http_methods"])))
    if a["unknown"]:
        lines.append("  " + t("explain.unknown", lang, reasons="; ".join(a["reasons"])))
    pre = data["pre_tool_use"]
    lines += _section(t("explain.pre", lang))
    for step in pre["trace"]:
        kind = step["kind"].upper() if step["kind"] not in ("allow", "warn") else step["kind"]
        first = (step["message"] or "").split("\n", 1)[0]
        lines.append(f"  {step['guard']:<24} {kind:<8} {first}".rstrip())
    if pre["blocked"]:
        lines.append(t("explain.pre_blocked", lang, decision=pre["decision"]))
    elif pre["decision"] == "ask":
        lines.append(t("explain.pre_asks", lang, decision=pre["decision"]))
    else:
        lines.append(t("explain.pre_passes", lang, decision=pre["decision"]))
    bc = data["bash_check"]
    if not bc["reached"]:
        kind = bc["kind"].upper() if bc["kind"] not in ("allow", "warn") else bc["kind"]
        first = (bc["message"] or "").split("\n", 1)[0]
        lines.append(t("explain.bash_check_alone", lang))
        lines.append(f"  {'bash-check':<24} {kind:<8} {first}".rstrip())
    r = data.get("rules") or {}
    if r.get("present"):
        lines += _section(t("explain.rules", lang, file=r["file"]))
        lines += [f"  ERROR   {problem}" for problem in r["problems"]]
        lines += ["  " + t("explain.rule_match", lang, action=m["action"].upper(),
                           rule=m["rule"], line=m["line"], command=m["command"],
                           reason=m["reason"]) for m in r["matches"]]
        if not r["problems"] and not r["matches"]:
            lines.append("  " + t("explain.rules_none", lang))
    p = data["permission"]
    lines += _section(t("explain.permission", lang))
    for layer in p["layers"]:
        lines.append("  " + t("explain.layer", lang, layer=layer["layer"],
                              status=t(f"explain.layer_{layer['status']}", lang)
                              if layer["status"] in ("loaded", "absent", "error")
                              else layer["status"]))
    for declared in p.get("project_commands") or ():
        lines.append("  " + t("explain.project_command", lang, prefix=declared["prefix"],
                              layer=declared["layer"]))
    for error in p["config_errors"]:
        lines.append(f"  ERROR   {error}")
    for notice in p["notices"]:
        lines.append("  " + t("explain.notice", lang, notice=notice))
    for ph in p["phases"]:
        key = "explain.status." + ph["status"].replace(" ", "_")
        status = t(key, lang) if key in messages.EN else ph["status"]
        lines.append(f"  {ph['phase']:<7} {status:<12} {quoted(lang, ph['detail'])}".rstrip())
    lines.append(t("explain.approve" if p["decision"] == "allow" else "explain.dialog", lang,
                   phase=p["phase"], reason=quoted(lang, p["reason"])))
    if data.get("effective"):
        lines += _section(t("explain.effective", lang))
        lines += ["  " + quoted(lang, line) for line in effective_lines(data["effective"])]
    return "\n".join(lines) + "\n"
