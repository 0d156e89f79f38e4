"""The hook runtime and one event unit per Claude Code event.

* :mod:`events.runtime`  — stdin → input → context → chain → rendered verdict
* :mod:`events.inputs`   — typed hook inputs (reference: Input)
* :mod:`events.context`  — what a guard sees (lazy state)
* :mod:`events.verdict`  — ALLOW / WARN / BLOCK / DELEGATE / APPROVE and effects
* :mod:`events.render`   — verdicts in Claude Code's output contract
* :mod:`events.edits`    — a file as it will be after an edit tool call
* ``events/<event>.py``  — the event units: each lists its guards in order
"""
