#!/usr/bin/env python3
"""PostToolUseFailure hook. After a tool call failed: the critic's failing commands.

Run by Claude Code with the event JSON on stdin; run it by hand the same way:
    python .claude/hooks/post_tool_use_failure.py < payload.json
It prints exactly what Claude Code would receive and exits with the code it
would see (0, or 2 to block).
"""
from _bootstrap import exit_now, run

if __name__ == "__main__":
    exit_now(run("PostToolUseFailure"))
