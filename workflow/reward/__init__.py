"""Reward-fraud prevention: what the reward guards share (not a guard itself).

Seed 002 §12 "Reward Fraud Prevention": Claude never declares its own work
done. A subtask is done only with three PASS validations with evidence,
``validated_at`` set and ``validated_by == "critic"`` (SPEC §3 subtask-guard,
implemented once in :func:`statefiles.playbook.evidence_problems`); a phase is
done only when every subtask of it is; state.md ``goal.status: done`` needs a
playbook whose critic passed. This module holds the pieces every reward guard
(critic-guard, subtask-guard, phase-status-guard, completion-check) uses:

* **which files are reward state** (:func:`workflow.reward.targets.reward_target`): state.md and the
  plan.json/progress.json of *any* working playbook (``play/<id>/``, archive
  and template copies excluded by their real location), plus whatever files
  the active playbook really reads, found by every spelling of the path —
  real location, the location as named (a final symlink is not followed, so a
  ``play/<id>/progress.json`` that points into ``play/archive/`` is still
  guarded; nor a symlinked directory), the file state.md really is,
  case/Windows variants, and hard links;
* **the edit as a before/after pair** (:func:`workflow.reward.views.edit_view`), parsed from
  ``ctx.post_edit`` once per call and shared by the guards;
* **violations** as pure functions of parsed dicts, so the PreToolUse guards
  and the Stop check judge with the same rules. A guard blocks the violations
  an edit *introduces* (present after, absent before); violations that were
  already on disk are reported as warnings, so repairing a broken file is
  never blocked (deadlock rule, SPEC §1);
* **the critic ledger** (:data:`workflow.reward.ledger.CRITIC_LEDGER`): a hook-written record of the
  critic's real verdicts (see :mod:`guards.critic_ledger`).

One idea a module:

* :mod:`workflow.reward.targets` — which files are reward state, by every
  spelling of their path;
* :mod:`workflow.reward.parsing` — reading plan.json/progress.json and their
  shape problems;
* :mod:`workflow.reward.rules`   — the done contract: violations and
  completion as pure functions of parsed dicts, and their wording;
* :mod:`workflow.reward.views`   — the edit as a before/after pair;
* :mod:`workflow.reward.ledger`  — the critic ledger and the last failure;
* :mod:`workflow.reward.stops`   — whose stop is exempt (read-only agents).

Module-level imports are only what every caller loads anyway (``statefiles``
state.md, playbook and marker readers); nothing heavy (hot path).
"""
