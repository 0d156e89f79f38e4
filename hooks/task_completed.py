#!/usr/bin/env python3
"""TaskCompleted hook. When a team task is marked completed: record it in the breezing
timeline and emit the batch signals (SPEC §6; seed 001).

Run by Claude Code with the event JSON on stdin; run it by hand the same way:
    python .claude/hooks/task_completed.py < payload.json
It always exits 0 (exit 2 would stop the task from completing); problems are
shown to the user as a systemMessage.
"""
from _bootstrap import exit_now, run

if __name__ == "__main__":
    exit_now(run("TaskCompleted"))
