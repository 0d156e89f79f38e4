"""The workflow rules several guards share (not guards themselves).

* :mod:`workflow.shared`      — the deadlock escapes (the files that stay
  writable so a broken state never locks the user out) and the read-only
  Bash predicates several guards use;
* :mod:`workflow.reward`      — reward-fraud prevention (seed 002 §12), one
  idea a module: ``targets`` (which files are reward state), ``parsing``,
  ``rules`` (the done contract), ``views`` (the edit as a before/after pair),
  ``ledger`` (the critic ledger), ``stops`` (whose stop is exempt);
* :mod:`workflow.team`        — config switches and path rules of the team and
  spec workflows (SPEC §6);
* :mod:`workflow.lifecycle`   — one reading of "where are we" for the
  lifecycle handlers (SPEC §3 UserPromptSubmit, PreCompact);
* :mod:`workflow.prompt_text` — reading a user prompt: work request,
  question, confirmation (SPEC §3 UserPromptSubmit);
* :mod:`workflow.subagent_reply` — reading a subagent's final message: the
  critic's and the reviewer's verdict lines;
* :mod:`workflow.archive`     — the archive engine that closes a finished
  playbook (local steps, git and pull-request steps, the resumable run).

Like the guards they serve these are pure: they read through the context and
:mod:`statefiles` and return values (state changes as ``Effect``s); they
never print or write on their own. The archive engine is the exception: it
is called from effects and the post-loop handler, and writes state through
:mod:`statefiles`.
"""
