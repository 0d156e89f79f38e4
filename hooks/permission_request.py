#!/usr/bin/env python3
"""PermissionRequest hook: the permission gate (SPEC §5).

Run by Claude Code with the event JSON on stdin; run it by hand the same way:
    python .claude/hooks/permission_request.py < payload.json
It prints the allow object or nothing, and always exits 0 (PermissionRequest
cannot block; silence means the user sees the permission dialog).

For tuning .claude/permission-config.yaml, show what every phase says about
a command (nothing is run, nothing is logged):
    python .claude/hooks/permission_request.py --explain "git push origin main"
"""
import sys

import _bootstrap


def _main() -> int:
    try:
        _bootstrap._setup_path()
        from events.permission_request import main  # lazy: once the suite is on sys.path
    except BaseException as exc:  # noqa: BLE001 - a broken install must not break the dialog
        if len(sys.argv) > 1:
            sys.stderr.write(f"[playgate] cannot load the permission gate ({type(exc).__name__}: "
                             f"{exc}); repair it with `{_bootstrap.repair_hint()}`.\n")
            return 2
        return 0
    return main(sys.argv[1:])


if __name__ == "__main__":
    _bootstrap.exit_now(_main())
