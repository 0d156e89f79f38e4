"""The permission gate's ``rules`` phase: the project's
custom rules (``.claude/playgate-rules.yaml``, :mod:`shell.custom_rules`) are
never auto-approved.

A floor phase (:data:`permission.phases.FLOOR`): it holds for every
approval, wherever it was decided. A command a rule matches — ``block`` or
``ask`` — gets the dialog (the gate never denies; PreToolUse already refused
a ``block`` match, and an ``ask`` match must reach the human). A broken rules
file means the dialog for every command. No file: one failed ``open``.
"""

from __future__ import annotations

from permission.pipeline import DIALOG, PASS
from shell import custom_rules as rules


def phase(req) -> tuple:
    """``(status, text)`` for the :class:`permission.phases.Request`:
    dialog when a rule matches the analysed command or the file is broken,
    else pass. Uses the analysis phase 7E made (analyses the command itself
    when 7E has not run)."""
    ruleset = rules.load(req.root)
    if ruleset.broken:
        return DIALOG, (f"{rules.RULES_FILE} is broken ({ruleset.summary()}), so nothing is "
                        "auto-approved")
    if not ruleset.rules:
        return PASS, "no custom rules" if not ruleset.present else f"{rules.RULES_FILE}: no rules"
    analysis = req.analysis
    if analysis is None or req.suffixes:
        # 7E analysed the command without the suffixes phase 1.5 stripped
        # (`` || echo x``): a rule may name what they run.
        from shell import analyse  # lazy: resolved per call (tests replace shell.analyse)

        analysis = analyse(req.command or "", root=req.root, cwd=req.cwd or req.root,
                           home=req.env.get("HOME") or "")
    found = ruleset.match(analysis)
    if found:
        first = found[0]
        return DIALOG, (f"custom rule {first.rule.name!r} ({first.rule.action}, "
                        f"{rules.RULES_FILE}) matches {first.shown(80)}: {first.rule.reason}")
    return PASS, f"no custom rule matches ({len(ruleset.rules)} in {rules.RULES_FILE})"
