"""custom-rules: the project's own rules for Bash commands.

The user declares rules in ``.claude/playgate-rules.yaml``
(:mod:`shell.custom_rules`, ``docs/custom-rules.md``); each names a command
(name, subcommand, flags with values, argument globs) and an action. This
guard matches them against the shell analysis (``ctx.shell``, SPEC §4) —
every command that would run, after wrappers, path spellings and quoting,
inside ``bash -c``, ``xargs``, subshells, pipelines and ``$(...)`` — and:

* ``block`` → BLOCK, with the rule's name and reason for Claude;
* ``ask`` → ASK (PreToolUse ``permissionDecision: "ask"``: the user decides;
  headless, a denial); a later guard's BLOCK still wins.

A rule only adds protection (there is no allow action, and nothing here
lifts another guard's verdict). A broken rules file blocks every Bash
command with its first problem (line and field): a typo never silently
disables the rules; the human fixes the file (it is HARD_BLOCK in the
protection floor, so Claude cannot rewrite its own rules).

Cost: without the file, one failed ``open``; the analysis is the one
bash-check uses anyway.
"""

from __future__ import annotations

from events.context import Context
from events.verdict import ALLOWED, BLOCK, Verdict, ask, block
from shell import custom_rules as rules

NAME = "custom-rules"
ADVISORY = False


def check(ctx: Context) -> Verdict:
    """Bash only: BLOCK for a matching ``block`` rule or a broken rules
    file; ASK for a matching ``ask`` rule; else ALLOWED."""
    if ctx.hook.tool_name != "Bash":
        return ALLOWED
    ruleset = rules.load(ctx.root)
    if ruleset.broken:
        if ctx.language != "en":
            # Built again: the cached problems are English text only.
            ruleset = rules.load(ctx.root, use_cache=False)
        return block(ctx.say("custom_rules.broken", file=rules.RULES_FILE,
                             problem=ruleset.summary()))
    if not ruleset.rules:
        return ALLOWED
    found = ruleset.match(ctx.shell)
    if not found:
        return ALLOWED
    first = found[0]
    others = sorted({m.rule.name for m in found[1:] if m.rule.name != first.rule.name})
    more = ctx.say("custom_rules.also", rules=", ".join(others)) if others else ""
    fields = {"rule": first.rule.name, "reason": first.rule.reason, "command": first.shown(),
              "file": rules.RULES_FILE, "more": more}
    if first.rule.action == BLOCK:
        return block(ctx.say("custom_rules.block", **fields))
    return ask(ctx.say("custom_rules.ask", **fields), ctx.say("custom_rules.ask_context",
                                                                **fields))
