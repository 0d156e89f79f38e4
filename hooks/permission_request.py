#!/usr/bin/env python3
"""PermissionRequest hook. When Claude Code would show a permission dialog: the permission gate (SPEC §5).

Run by Claude Code with the event JSON on stdin; run it by hand the same way:
    python .claude/hooks/permission_request.py < payload.json
It prints exactly what Claude Code would receive and exits with the code it
would see (0, or 2 to block).
"""
import sys

from _bootstrap import run

if __name__ == "__main__":
    sys.exit(run("PermissionRequest"))
