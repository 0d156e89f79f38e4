"""The archive engine: close a finished playbook (SPEC §3 PostToolUse
archive-playbook and cleanup; seed 002 §6, §11.7).

When the active playbook is complete (:mod:`statefiles.completion`), these
steps run in order, each recorded in
``.claude/session-state/archive-checkpoint.json`` before and after it runs:

========== ==================================================================
local      ``cleanup``       empty ``play/<id>/tmp/`` (README files stay)
           ``archive``       move ``play/<id>/`` to ``play/archive/<id>/``
                             (``meta.status: archived`` in the moved plan)
           ``state_reset``   state.md: the ``playbook`` and ``goal`` keys back
                             to their idle values, ``playbook.last_archived``
           ``pending``       write ``post-loop-pending`` (pending-guard and
                             Stop then require the post-loop skill)
git        ``commit``        ``git add`` of the playbook's files and state.md +
                             ``git commit`` (hooks honoured)
(opt-in)   ``push``          ``git push -u <remote> <branch>``
           ``pr_create``     ``gh pr create`` (or find the branch's open PR)
           ``pr_merge``      ``gh pr merge --merge|--squash|--rebase``
           ``return_default`` ``git checkout <default>`` + ``git pull --ff-only``
========== ==================================================================

The git part runs only when state.md ``config.archive_git`` asks for it
(``false`` by default; ``commit`` / ``push`` / ``pr`` / ``merge`` — ``true``
means ``merge`` — choose how far it goes; ``config`` is human-only, SPEC §7)
and only when it is possible. A failing git step (no remote, no ``gh``, a
dirty tree, a conflict, a rejected push, a time-out) stops the git part: the
checkpoint and ``post-loop-pending`` say ``status: partial`` with a message
naming the step, the cause and what to do. Every step is idempotent (it
checks whether its work is already done), so a crash between steps or a
retry resumes from the first step not done (:func:`workflow.archive.run.run` without a
playbook resumes a ``running`` or ``failed`` checkpoint; with ``retry=True``
— the post-loop handler — also a ``partial`` one).

Never lost: the engine runs no command that discards work — no reset, no
clean, no stash, no forced checkout, no branch deletion; it returns to the
default branch only with a clean tree. Its commit stages only the playbook's
files (``play/<id>/`` and its archive) and state.md (a
``git add -A`` swept ``__pycache__/*.pyc`` into it); the work itself is the
agent's to commit on the branch, which the guards allow after the archive
(:func:`commit_candidates` lists it for the post-loop handler), and ``push``
stops until it is committed. Files that look like secrets (``HARD_BLOCK``
entries of protected-files.txt) and the suite's runtime directories are never
committed.

No network I/O unless the caller allows it (``network=True``: PostToolUse and
the post-loop handler; SubagentStop, a gating event, passes ``False`` and the
git part waits for the handler). Every command is bounded by the caller's
time budget; the PostToolUse registration allows 60 s.

Concurrency: one process runs the engine at a time (``ARCHIVE_LOCK``, tried
without waiting: a second hook that finds it held leaves the work to the
holder). A crashed holder releases the lock with its death; its checkpoint
says ``running`` and the next hook resumes it.
"""
