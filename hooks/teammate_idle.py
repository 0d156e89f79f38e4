#!/usr/bin/env python3
"""TeammateIdle hook. When a teammate goes idle: record it in the breezing timeline,
once per teammate within 5 s (SPEC §6; seed 001).

Run by Claude Code with the event JSON on stdin; run it by hand the same way:
    python .claude/hooks/teammate_idle.py < payload.json
It always exits 0 (exit 2 would keep the teammate working); problems are
shown to the user as a systemMessage.
"""
from _bootstrap import exit_now, run

if __name__ == "__main__":
    exit_now(run("TeammateIdle"))
